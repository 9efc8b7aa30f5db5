#!/usr/bin/env bash
# test_simt_model.sh - self-test of the behavioural SIMT pipeline (sim/env/simt_model.c):
# builds tb/test_simt_model.c (make build/simt/test_simt_model) and runs it (reference runs
# without preemption against runs with random warp-level preemptions, invariants, teeth).
# Prints the PASS/FAIL lines run_tests.sh counts.  SEED (default 1), SEEDS (default 3).
set -u
cd "$(dirname "$0")/.."
out=build/simt
mkdir -p "$out"
if ! make -s --no-print-directory "$out/test_simt_model" >"$out/build.log" 2>&1; then
  echo "FAIL simt.build: make $out/test_simt_model failed"
  head -n 20 "$out/build.log"
  exit 1
fi
exec "$out/test_simt_model"
