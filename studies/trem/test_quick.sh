#!/usr/bin/env bash
# studies/trem/test_quick.sh - smoke test of the TReM study (make study-trem) in make test: the
# reduced study (studies/trem/study.py --quick: grids 256 and 1,024, TB length 2,000, one
# Fig. 6 point, no Fig. 11b, one task-mix point of 6 jobs (W1 at load 2.0, Priority+TReM) and
# the same with the starvation guard (TR_THRESH 2: no task replayed more than twice, at least
# one task guarded), without the mix's targets; a few seconds) with every check of the full
# one: every kmusim run's scoreboard (revoked TBs dropped, none lost or run twice), the revoke
# OK with every resident TB dropped, the retired kernel without a completion flag, the
# revocation latency <= 2,000 cycles and flat over the grids.  Prints the PASS/FAIL lines
# run_tests.sh counts (scripts/test_study_quick.sh), on the C-only paper build
# build/bin/kmusim-paper-c.
exec bash "$(dirname "$0")/../../scripts/test_study_quick.sh" trem paper-c
