# studies/rgem/study.mk - the RGEM study (issue 14, docs/results-rgem.md).
# So far only its analytic half: studies/rgem/bound.py, the appendix's response-time bound
# (eq. 1-3) for a task set (studies/rgem/tasksets/*.tasks), tested in make test by
# scripts/test_rgem_bound.sh.  `make study-rgem` (measured worst cases beside the bound) is
# still to come.
TEST_SCRIPTS += scripts/test_rgem_bound.sh
