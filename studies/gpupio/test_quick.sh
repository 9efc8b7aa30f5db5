#!/usr/bin/env bash
# studies/gpupio/test_quick.sh - smoke test of the GPUpIO study (make study-gpupio) in make test:
# the reduced study (studies/gpupio/study.py --quick: one context size, two C/I points of 2 and
# 3 TBs (serial device; the overlapping one too at C < I), one mixed point, two head/tail points;
# under 20 s, 30 s on a loaded machine) with every check of the full one:
# every kmusim run's scoreboards (every TB done once, every taken yield restored once, no lost
# wake-up, registers and shared memory intact), YIELD_ERR 0, every I/O request signalled and
# accepted, every taken yield woken, the calibration's yield taken.  Prints the PASS/FAIL lines
# run_tests.sh counts (scripts/test_study_quick.sh).
exec bash "$(dirname "$0")/../../scripts/test_study_quick.sh" gpupio paper
