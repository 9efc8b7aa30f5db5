# kmusim's behavioural SMs in SIMT mode (sim/env/sm_model.c) against the C model of one SM's
# control hardware (kmu_sm and the blocks it composes, runtime parameters: small and paper
# sizes in one binary), with kmusim's memory model and workload parser: the self-test
# tb/test_sm_model.c, C only, run by scripts/test_sm_model.sh in make test.
SM_MODEL_TEST_C := tb/test_sm_model.c sim/env/sm_model.c sim/env/mem_model.c \
                   sim/kmusim/workload.c $(call rtl2c,$(RTL_kmu_sm)) $(TB_COMMON_C)
$(BUILD)/sm_model/test_sm_model: $(SM_MODEL_TEST_C) tb/sm_model.mk \
                                 $(wildcard $(addsuffix /*.h,$(CMODEL_INC_DIRS) tb/common $(SIM_INC_DIRS)))
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_C) $(SM_MODEL_TEST_C) -o $@
TEST_SCRIPTS += scripts/test_sm_model.sh
