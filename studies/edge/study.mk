# studies/edge/study.mk - the EDGE warp-level preemption study (docs/results-edge.md).
#   make study-edge   one SM of the paper configuration: the C twin of the SM top kmu_sm
#                     (kmu_sm_ctrl with its event-warp table, kmu_warp_preempt, and the PEP
#                     blocks idle under policy DRAIN) on the behavioural SIMT pipeline
#                     (sim/env/simt_model), with a dispatcher stand-in, a register save engine
#                     and a memory around it: preemption latency per flush optimisation
#                     (Fig. 11), scheduling latency preemption vs draining (Fig. 12), slowdowns
#                     and ANTT (Fig. 13), the intrinsic 2-cycle bound; register/event integrity
#                     checks.  Writes build/study-edge/{results.csv,table.md,summary.json,*.svg}.
#                     SEED=<n> selects programs, timing and arrivals (default 1).
#                     Then the system level (studies/edge/system.py): Fig. 13 on kmusim, paper
#                     configuration (16 SMs, one memory), drain / reserve / warp at a low and a
#                     high event rate -> build/study-edge/system/system.{csv,md,json}.
# scripts/test_study_edge.sh (make test) runs a reduced study with the same checks, and the
# same with the Verilated kmu_sm in the loop (the tool edge_study_rtl, tb/kmu_sm.mk).
STUDY_EDGE_DIR    := $(BUILD)/study-edge
STUDY_EDGE_BIN    := $(STUDY_EDGE_DIR)/edge_study
STUDY_EDGE_SRC    := studies/edge/edge_study.c sim/env/simt_model.c $(call rtl2c,$(RTL_kmu_sm))

$(STUDY_EDGE_BIN): $(STUDY_EDGE_SRC) sim/env/simt_model.h studies/edge/study.mk \
                   $(wildcard $(addsuffix /*.h,$(CMODEL_INC_DIRS)))
	@mkdir -p $(@D)
	@echo "  CC    $@"
	@$(CC) $(CFLAGS_C) $(STUDY_EDGE_SRC) -lm -o $@

# part a on one core (about 76 s of CPU), parts b, c and the teeth on the other (about 121 s);
# every part prints PASS/FAIL lines and exits 1 on a failed check.
.PHONY: study-edge
study-edge: $(STUDY_EDGE_BIN) $(kmusim_paper_BIN)
	@d=$(STUDY_EDGE_DIR); start=$$(date +%s); rm -f $$d/results_*.csv; \
	echo "  RUN   $(STUDY_EDGE_BIN) (parts a | b, c, teeth; logs in $$d/log_*.txt)"; \
	$(STUDY_EDGE_BIN) --part a --checks --out $$d > $$d/log_a.txt 2>&1 & pa=$$!; \
	rb=0; for p in b c teeth; do \
	  $(STUDY_EDGE_BIN) --part $$p --out $$d > $$d/log_$$p.txt 2>&1 || rb=1; done; \
	wait $$pa; ra=$$?; \
	cat $$d/log_a.txt $$d/log_b.txt $$d/log_c.txt $$d/log_teeth.txt | grep -E '^(PASS|FAIL)'; \
	python3 studies/edge/report.py $$d || exit 1; \
	[ $$ra = 0 ] && [ $$rb = 0 ] || { echo "study-edge: a check FAILED (see the logs)"; exit 1; }; \
	echo "  RUN   studies/edge/system.py (Fig. 13 at system level: kmusim, paper configuration)"; \
	python3 studies/edge/system.py $$d/system $(kmusim_paper_BIN) > $$d/log_system.txt 2>&1; rs=$$?; \
	tail -n 3 $$d/log_system.txt; \
	echo "study-edge: $$(( $$(date +%s) - start )) s wall"; \
	[ $$rs = 0 ] || { echo "study-edge: the system-level part FAILED (see $$d/log_system.txt)"; exit 1; }

TEST_SCRIPTS += scripts/test_study_edge.sh
