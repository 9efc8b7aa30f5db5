# mk/coverage.mk - `make coverage`: Verilator line, branch and toggle coverage of every block
# (its own test program) and of the system (kmu_gpu small, the cosim script), built with
# --coverage into build/cov/ (COV=1: the normal builds are untouched), merged with
# verilator_coverage, reported in build/coverage/report.md.  scripts/coverage.py; exclusions
# (each justified) in tb/coverage_exclude.txt.  Not in make test (about 45 minutes to build from
# scratch and 25 to run on two loaded cores; docs/verification.md).
#
# COV_RUNS: the runs, "<harness>:<top>" (a block's small harness; kmu_copy_engine_odd is the
# only size that reaches the PRIO refusal, kmu_ctx_engine_odd the only one with registers of
# several beats) and "kmusim_small:kmu_gpu" (the system).  Override
# on the command line to measure fewer or more, e.g. make coverage COV_RUNS=kmu_fifo:kmu_fifo
COV_HARNESSES := $(filter $(RTL_BLOCKS),$(HARNESSES)) kmu_copy_engine_odd kmu_ctx_engine_odd
COV_RUNS      ?= $(foreach h,$(COV_HARNESSES),$(h):$($(h)_TOP)) kmusim_small:kmu_gpu
COV_MIN       ?= 95
# COV_ALSO: BLOCK=HARNESS, the parent's run counted toward the block too.  kmu_sm_ctrl's TReM
# drop engine and its context-engine abort, and the GPUpIO yield path, are driven only by
# kmu_sm's test (tb/test_kmu_sm.c: the drop and yield scoreboards, the directed drop_save /
# drop_restore / yield tests): kmu_sm_ctrl's own harness holds drop_valid_i and the yield
# inputs at 0 (its scoreboard models neither).
COV_ALSO      ?= kmu_sm_ctrl=kmu_sm

.PHONY: coverage
coverage: $(DEPS_STAMP)
	@nice python3 scripts/coverage.py --min $(COV_MIN) $(addprefix --also ,$(COV_ALSO)) \
	  $(foreach r,$(COV_RUNS),'$(r):$(strip $($(firstword $(subst :, ,$(r)))_RTL))')
# the runs make coverage would measure
.PHONY: coverage-runs
coverage-runs:
	@echo $(COV_RUNS)
