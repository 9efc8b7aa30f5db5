#!/usr/bin/env bash
# test_simt_model.sh - self-test of the behavioural SIMT pipeline (sim/env/simt_model.c):
# builds tb/test_simt_model.c (make build/simt/test_simt_model) and runs it (reference runs
# without preemption against runs with random warp-level preemptions, invariants, teeth).
# Prints the PASS/FAIL lines run_tests.sh counts.  SEED (default 1), SEEDS (default 3).
set -u
cd "$(dirname "$0")/.."
. scripts/test_lib.sh
build_or_fail simt build/simt/test_simt_model build/simt/build.log
exec build/simt/test_simt_model
