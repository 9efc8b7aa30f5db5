# studies/pep/study.mk - `make study-pep`: the PEP study (docs/results-pep.md).
# One SM of the paper configuration: the C twin of the SM top kmu_sm (kmu_sm_ctrl,
# kmu_ctx_engine, kmu_dirty_rf, kmu_pep_predictor, kmu_warp_preempt) and kmu_mem_port, plus a
# behavioural TB runner:
# studies/pep/pep_study.c.  Sweep: 16 kernels of PEP Table 1 x 4 policies x progress 25/50/75 x
# launch 5/15/25/35 us x (PEP predicted launch 20/25/30 us | Chimera deadline 5/10/15 us),
# run as two processes (kernels split in half) -> build/study-pep/results.csv, then
# studies/pep/report.py -> table.md, summary.json, latency.svg, context.svg.  Then the sweep at
# system level (studies/pep/system.py): kmusim, paper configuration, 16 SMs preempted one at a
# time and all at once (PRE_CTRL.ALL) through the shared memory port ->
# build/study-pep/system/system.{csv,md,json}.
#   SEED=<s>            seed (default 1)
#   STUDY_PEP_ARGS=...  extra arguments for pep_study (e.g. --kernels KS,LBM)
STUDY_PEP_DIR  := $(BUILD)/study-pep
STUDY_PEP_BIN  := $(STUDY_PEP_DIR)/pep_study
STUDY_PEP_SRC  := studies/pep/pep_study.c \
                  $(sort $(call rtl2c,$(RTL_kmu_sm) $(RTL_kmu_mem_port)))
STUDY_PEP_K1   := CP,MRI,SC,GM,LBM,SRAD2,HS,BP2
STUDY_PEP_K2   := BS,KS,ST,PF,SRAD1,SRAD3,LUD,BP
TEST_SCRIPTS   += scripts/test_study_pep.sh

.PHONY: study-pep
$(STUDY_PEP_BIN): $(STUDY_PEP_SRC) $(wildcard $(addsuffix /*.h,$(CMODEL_INC_DIRS))) studies/pep/study.mk
	@mkdir -p $(@D)
	@echo "  CC    $@"
	@$(CC) $(CFLAGS_C) $(STUDY_PEP_SRC) -o $@

study-pep: $(STUDY_PEP_BIN) $(kmusim_paper_BIN)
	@mkdir -p $(STUDY_PEP_DIR)
	@echo "  RUN   pep_study (two processes), SEED=$${SEED:-1}"
	@$(STUDY_PEP_BIN) --kernels-out $(STUDY_PEP_DIR)/kernels.csv --kernels $(STUDY_PEP_K1) \
	  --header $(STUDY_PEP_ARGS) > $(STUDY_PEP_DIR)/results.1.csv 2> $(STUDY_PEP_DIR)/run.1.log & p1=$$!; \
	$(STUDY_PEP_BIN) --kernels $(STUDY_PEP_K2) $(STUDY_PEP_ARGS) \
	  > $(STUDY_PEP_DIR)/results.2.csv 2> $(STUDY_PEP_DIR)/run.2.log; r2=$$?; wait $$p1; r1=$$?; \
	cat $(STUDY_PEP_DIR)/run.1.log $(STUDY_PEP_DIR)/run.2.log; \
	if [ $$r1 != 0 ] || [ $$r2 != 0 ]; then echo "study-pep: FAILED (conservation or run error)"; exit 1; fi
	@cat $(STUDY_PEP_DIR)/results.1.csv $(STUDY_PEP_DIR)/results.2.csv > $(STUDY_PEP_DIR)/results.csv
	@python3 studies/pep/report.py $(STUDY_PEP_DIR)
	@echo "  RUN   studies/pep/system.py (the sweep at system level: kmusim, paper configuration)"
	@python3 studies/pep/system.py $(STUDY_PEP_DIR)/system $(kmusim_paper_BIN) > $(STUDY_PEP_DIR)/log_system.txt 2>&1; rs=$$?; \
	tail -n 3 $(STUDY_PEP_DIR)/log_system.txt; \
	[ $$rs = 0 ] || { echo "study-pep: the system-level part FAILED (see $(STUDY_PEP_DIR)/log_system.txt)"; exit 1; }
