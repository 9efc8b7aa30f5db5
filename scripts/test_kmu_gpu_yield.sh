#!/usr/bin/env bash
# test_kmu_gpu_yield.sh - system-level tests of GPUpIO's yield (issue 13): builds
# tb/test_kmu_gpu_yield.c on the system C model (make build/tb/yield/test_kmu_gpu_yield) and runs
# it, then the same tests on the paper configuration's C model (build/tb/yield_paper/, GPU_PAPER:
# 16 SMs of 32 TBs, the tests sized by the build; names kmu_gpu_yield.paper_*), then the small
# tests with the Verilated kmu_gpu in lockstep (the tool kmu_gpu_yield, tb/kmu_gpu.mk).  Seed
# SEED, default 1.  Prints the PASS/FAIL lines run_tests.sh counts.  Under scripts/mutants.sh
# (KMU_BIN = build/tb-mut/<name>/<harness>/...) it builds and runs the mutant's copies of the
# C-model test, small and paper (make MUT=<name>).
set -u -o pipefail  # a FAIL of a piped run sets the exit status too
cd "$(dirname "$0")/.."
mk=()
bin=build/tb/yield/test_kmu_gpu_yield
pap=build/tb/yield_paper/test_kmu_gpu_yield
lock=build/tb/kmu_gpu_yield/test_kmu_gpu_yield
case ${KMU_BIN:-} in
  build/tb-mut/*)
    m=${KMU_BIN#build/tb-mut/}
    m=${m%%/*}
    mk=(MUT="$m")
    bin=build/tb-mut/$m/yield/test_kmu_gpu_yield
    pap=build/tb-mut/$m/yield_paper/test_kmu_gpu_yield
    lock=
    ;;
esac
mkdir -p "$(dirname "$bin")"
if ! make -s --no-print-directory "${mk[@]}" "$bin" "$pap" >"$(dirname "$bin")/build.log" 2>&1; then
  echo "FAIL kmu_gpu_yield.build: make ${mk[*]} $bin $pap failed"
  head -n 20 "$(dirname "$bin")/build.log"
  exit 1
fi
rc=0
"$bin" || rc=1
"$pap" | sed 's/^\(PASS\|FAIL\) kmu_gpu_yield\./\1 kmu_gpu_yield.paper_/' || rc=1
[ -n "$lock" ] || exit $rc
if ! make -s --no-print-directory "$lock" >"$(dirname "$bin")/build-lockstep.log" 2>&1; then
  echo "FAIL kmu_gpu_yield.build: make $lock failed"
  head -n 20 "$(dirname "$bin")/build-lockstep.log"
  exit 1
fi
"$lock" | sed 's/^\(PASS\|FAIL\) kmu_gpu_yield\./\1 kmu_gpu_yield.rtl_/' || rc=1
exit $rc
