#!/usr/bin/env bash
# test_kmu_gpu_yield.sh - system-level directed tests of GPUpIO's yield (issue 13) on the system
# C model: builds tb/test_kmu_gpu_yield.c (make build/tb/yield/test_kmu_gpu_yield) and runs it
# (seed SEED, default 1).  Prints the PASS/FAIL lines run_tests.sh counts.  Under
# scripts/mutants.sh (KMU_BIN = build/tb-mut/<name>/<harness>/...) it builds and runs the
# mutant's copy of the test instead (make MUT=<name>).
set -u
cd "$(dirname "$0")/.."
mk=()
bin=build/tb/yield/test_kmu_gpu_yield
case ${KMU_BIN:-} in
  build/tb-mut/*)
    m=${KMU_BIN#build/tb-mut/}
    m=${m%%/*}
    mk=(MUT="$m")
    bin=build/tb-mut/$m/yield/test_kmu_gpu_yield
    ;;
esac
mkdir -p "$(dirname "$bin")"
if ! make -s --no-print-directory "${mk[@]}" "$bin" >"$(dirname "$bin")/build.log" 2>&1; then
  echo "FAIL kmu_gpu_yield.build: make ${mk[*]} $bin failed"
  head -n 20 "$(dirname "$bin")/build.log"
  exit 1
fi
exec "$bin"
