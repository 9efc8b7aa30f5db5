#!/usr/bin/env bash
# test_simt_model.sh - self-test of the behavioural SIMT pipeline (tb/simt/simt_model.c):
# builds tb/simt/*.c with gcc into build/simt/ and runs test_simt_model (reference runs
# without preemption against runs with random warp-level preemptions, invariants, teeth).
# Prints the PASS/FAIL lines run_tests.sh counts.  SEED (default 1), SEEDS (default 3).
set -u
cd "$(dirname "$0")/.."
out=build/simt
mkdir -p "$out"
if ! gcc -std=c11 -O2 -g -Wall -Wextra -Werror -Itb/simt tb/simt/simt_model.c \
     tb/simt/test_simt_model.c -o "$out/test_simt_model.tmp$$" 2>"$out/build.log"; then
  echo "FAIL simt.build: gcc failed"
  head -n 20 "$out/build.log"
  exit 1
fi
mv -f "$out/test_simt_model.tmp$$" "$out/test_simt_model"
exec "$out/test_simt_model"
