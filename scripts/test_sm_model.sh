#!/usr/bin/env bash
# test_sm_model.sh - self-test of kmusim's behavioural SMs in SIMT mode (sim/env/sm_model.c)
# against the C model of kmu_sm: builds tb/test_sm_model.c (make build/sm_model/test_sm_model)
# and runs it (every preemption policy, warp-level preemption on and off, in-place saves, the
# small and the paper SM; register and shared-memory integrity through every restore; teeth).
# Prints the PASS/FAIL lines run_tests.sh counts.  SEED (default 1), SEEDS (default 3).
set -u
cd "$(dirname "$0")/.."
. scripts/test_lib.sh
build_or_fail sm_model build/sm_model/test_sm_model build/sm_model/build.log
exec build/sm_model/test_sm_model
