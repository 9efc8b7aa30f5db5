# The behavioural SIMT pipeline (sim/env/simt_model.c) and its self-test tb/test_simt_model.c,
# run by scripts/test_simt_model.sh in make test.
$(BUILD)/simt/test_simt_model: sim/env/simt_model.c sim/env/simt_model.h tb/test_simt_model.c
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_C) sim/env/simt_model.c tb/test_simt_model.c -o $@
TEST_SCRIPTS += scripts/test_simt_model.sh
