# studies/trem/study.mk - the TReM revocation study (issue 12 item 5, docs/results-trem.md).
#   make study-trem   kmusim's paper configuration (16 SMs, engine c only: kmu_gpu's C twin
#                     with kmu_revoke and every kmu_sm's drop engine; the C-only build
#                     build/bin/kmusim-paper-c, no Verilated RTL to build) on generated workloads:
#                     Table II analogue (revocation latency against grid size and TB length,
#                     beside draining and a flag-polling exit) and Fig. 6 analogue (a
#                     user-facing kernel's response against the batch kernel's length, with
#                     and without revocation), Fig. 7-9 analogue (task mixes W1/W2 at loads
#                     0.25 .. 2.0, Priority and Elastic with and without revocation:
#                     studies/trem/mix.py) and Fig. 11b analogues (revocation latency as a
#                     parameter).  Prints the issue's targets (PASS/FAIL) and writes
#                     build/study-trem/{summary.md,summary.json,*.csv}.  SEED=<n> seeds kmusim
#                     and the mix generator (default 1); the mixes run MIX_SEEDS generator
#                     seeds SEED .. SEED+MIX_SEEDS-1 (default 3: mean, min .. max per point).  Exit 1 on a failed kmusim run
#                     (scoreboard, conservation), a scenario not as required, or a missed target.
STUDY_TREM_DIR := $(BUILD)/study-trem

.PHONY: study-trem
study-trem: $(KMUSIM_PAPER_C)
	@python3 studies/trem/study.py --kmusim $(KMUSIM_PAPER_C) --out $(STUDY_TREM_DIR)

# make test: the reduced study (studies/trem/test_quick.sh, a few seconds) with the same checks
TEST_SCRIPTS += studies/trem/test_quick.sh
TEST_DEPS    += $(KMUSIM_PAPER_C)
# (read after the verilate rule expanded TEST_DEPS: named as its prerequisite here, mk/fuzz.mk)
verilate: $(KMUSIM_PAPER_C)
