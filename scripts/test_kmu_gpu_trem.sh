#!/usr/bin/env bash
# test_kmu_gpu_trem.sh - system-level directed tests of TReM's automatic policies (Priority,
# Elastic) on the system C model: builds tb/test_kmu_gpu_trem.c (make build/trem/test_kmu_gpu_trem)
# and runs it (3 seeds from SEED, default 1).  Prints the PASS/FAIL lines run_tests.sh counts.
set -u
cd "$(dirname "$0")/.."
out=build/trem
mkdir -p "$out"
if ! make -s --no-print-directory "$out/test_kmu_gpu_trem" >"$out/build.log" 2>&1; then
  echo "FAIL kmu_gpu_trem.build: make $out/test_kmu_gpu_trem failed"
  head -n 20 "$out/build.log"
  exit 1
fi
exec "$out/test_kmu_gpu_trem"
