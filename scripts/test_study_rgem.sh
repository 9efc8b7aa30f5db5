#!/usr/bin/env bash
# test_study_rgem.sh - smoke test of the RGEM copy study (make study-rgem): the reduced study
# (studies/rgem/study.py --quick: fewer chunk sizes, low-copy sizes, phases and jobs) with every
# check of the full one: the engine's per-chunk overhead <= 2 cycles, a high-priority copy's
# wait <= one lower-priority chunk + 8 cycles, and for the periodic task sets run as real jobs
# (upload -> kernel -> download, chained with after=; two jobs per task here): every kernel
# within its WCET, every task's worst job response <= bound.py's R, every phase <= RU/RK/RD.
# Prints the PASS/FAIL lines run_tests.sh counts (scripts/test_study_quick.sh).
exec bash "$(dirname "$0")/test_study_quick.sh" rgem small
