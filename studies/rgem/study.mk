# studies/rgem/study.mk - the RGEM study (issue 14, docs/results-rgem.md).
#   make study-rgem   kmu_copy_engine in kmu_gpu's C twin on kmusim (small build, engine c):
#                     copy time against chunk size (Fig. 7-9), a high-priority copy against a
#                     lower-priority copy of 32 B .. 1 MiB, chunked and not (Fig. 10), periodic
#                     task sets of two and four tasks run as real jobs (upload -> kernel ->
#                     download, chained with after=), each task's measured worst response
#                     beside studies/rgem/bound.py's bound (Fig. 11-12); prints the issue's
#                     targets (PASS/FAIL) and writes build/study-rgem/{summary.md,*.csv}.
#                     About a minute of CPU.
# studies/rgem/bound.py, the appendix's response-time bound (eq. 1-3) for a task set
# (studies/rgem/tasksets/*.tasks), is tested in make test by scripts/test_rgem_bound.sh; a
# reduced study (--quick, the same checks) by scripts/test_study_rgem.sh.
STUDY_RGEM_DIR := $(BUILD)/study-rgem

.PHONY: study-rgem
study-rgem: $(kmusim_small_BIN)
	@python3 studies/rgem/study.py --kmusim $(kmusim_small_BIN) --out $(STUDY_RGEM_DIR)

TEST_SCRIPTS += scripts/test_rgem_bound.sh scripts/test_study_rgem.sh
TEST_DEPS    += $(kmusim_small_BIN)
