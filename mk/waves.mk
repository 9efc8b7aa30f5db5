# mk/waves.mk - `make waves T=<harness>[.<test>]`: re-run one test of one harness with the
# whole run traced (KMU_FST) into build/waves/<T>.fst, then scripts/gtkw.py writes
# build/waves/<T>.gtkw (DUT ports grouped: clock/reset, inputs, outputs, registers).
#   T       harness, optionally .test (default test: random)
#   CYCLES  cycles to run (default 2000); SEED (default 1); one seed only
#   MUT     as for make verilate: trace a mutant build
# It runs the harness's traced twin (TRACE=1: build/tb-fst/<harness>/, or build/tb-mut-fst/<MUT>/):
# make test's harness builds carry no trace code.
WAVES_DIR   := $(BUILD)/waves
WAVES_CYCLES = $(or $(CYCLES),2000)
waves_h     = $(firstword $(subst ., ,$(T)))
waves_test  = $(or $(word 2,$(subst ., ,$(T))),random)
waves_name  = $(waves_h).$(waves_test)
waves_bin   = $(BUILD)/tb$(if $(MUT),-mut-fst/$(MUT),-fst)/$(waves_h)/test_$(waves_h)

waves:
	@if [ -z "$(T)" ]; then echo "usage: make waves T=<harness>[.<test>] [CYCLES=n] [SEED=s]"; exit 2; fi
	@if [ -z "$(filter $(waves_h),$(HARNESSES))" ]; then \
	  echo "waves: no harness '$(waves_h)'; harnesses: $(HARNESSES)"; exit 2; fi
	@$(MAKE) -s TRACE=1 $(waves_bin)
	@mkdir -p $(WAVES_DIR) && rm -f $(WAVES_DIR)/$(T).fst
	@KMU_FST=$(WAVES_DIR)/$(T).fst SEEDS=1 CYCLES=$(WAVES_CYCLES) SEED=$(or $(SEED),1) \
	  $(waves_bin) $(waves_test) | tee $(WAVES_DIR)/$(T).log; \
	  if ! grep -q '^PASS ' $(WAVES_DIR)/$(T).log; then \
	    if grep -q '^FAIL ' $(WAVES_DIR)/$(T).log; then echo "waves: the test FAILED; its run is traced anyway"; \
	    else echo "waves: $(waves_h) ran no test '$(waves_test)' (see the tests table in $($(waves_h)_TEST))"; exit 1; fi; fi
	@test -s $(WAVES_DIR)/$(T).fst || { echo "waves: no FST written"; exit 1; }
	@python3 scripts/gtkw.py --fst $(WAVES_DIR)/$(T).fst --top $($(waves_h)_TOP) -o $(WAVES_DIR)/$(T).gtkw
	@echo "open it: gtkwave $(WAVES_DIR)/$(T).gtkw"
