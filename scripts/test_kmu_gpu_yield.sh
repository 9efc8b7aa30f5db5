#!/usr/bin/env bash
# test_kmu_gpu_yield.sh - system-level tests of GPUpIO's yield (issue 13): builds
# tb/test_kmu_gpu_yield.c on the system C model (make build/tb/yield/test_kmu_gpu_yield) and runs
# it, then runs the same tests with the Verilated kmu_gpu in lockstep (the tool kmu_gpu_yield,
# tb/kmu_gpu.mk).  Seed SEED, default 1.  Prints the PASS/FAIL lines run_tests.sh counts.  Under
# scripts/mutants.sh (KMU_BIN = build/tb-mut/<name>/<harness>/...) it builds and runs the
# mutant's copy of the C-model test only (make MUT=<name>).
set -u
cd "$(dirname "$0")/.."
mk=()
bin=build/tb/yield/test_kmu_gpu_yield
lock=build/tb/kmu_gpu_yield/test_kmu_gpu_yield
case ${KMU_BIN:-} in
  build/tb-mut/*)
    m=${KMU_BIN#build/tb-mut/}
    m=${m%%/*}
    mk=(MUT="$m")
    bin=build/tb-mut/$m/yield/test_kmu_gpu_yield
    lock=
    ;;
esac
mkdir -p "$(dirname "$bin")"
if ! make -s --no-print-directory "${mk[@]}" "$bin" >"$(dirname "$bin")/build.log" 2>&1; then
  echo "FAIL kmu_gpu_yield.build: make ${mk[*]} $bin failed"
  head -n 20 "$(dirname "$bin")/build.log"
  exit 1
fi
rc=0
"$bin" || rc=1
[ -n "$lock" ] || exit $rc
if ! make -s --no-print-directory "$lock" >"$(dirname "$bin")/build-lockstep.log" 2>&1; then
  echo "FAIL kmu_gpu_yield.build: make $lock failed"
  head -n 20 "$(dirname "$bin")/build-lockstep.log"
  exit 1
fi
"$lock" | sed 's/^\(PASS\|FAIL\) kmu_gpu_yield\./\1 kmu_gpu_yield.rtl_/' || rc=1
exit $rc
