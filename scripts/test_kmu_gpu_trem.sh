#!/usr/bin/env bash
# test_kmu_gpu_trem.sh - system-level directed tests of TReM's automatic policies (Priority,
# Elastic) on the system C model: builds tb/test_kmu_gpu_trem.c (make build/trem/test_kmu_gpu_trem)
# and runs it (3 seeds from SEED, default 1).  Prints the PASS/FAIL lines run_tests.sh counts.
set -u
cd "$(dirname "$0")/.."
. scripts/test_lib.sh
build_or_fail kmu_gpu_trem build/trem/test_kmu_gpu_trem build/trem/build.log
exec build/trem/test_kmu_gpu_trem
