#!/usr/bin/env bash
# run_tests.sh BIN... - runs every test binary (two at a time), keeps each log in
# build/test-logs/, and ends with the plain line "N passed, M failed".  A binary that dies
# without reporting (crash, abort) counts as one failure.  Exit status 1 on any failure.
set -u
logs=build/test-logs
mkdir -p "$logs"
jobs=${JOBS:-$(nproc)}
run_one() {
  bin=$1
  name=$(basename "$bin")
  log=build/test-logs/$name.log
  "$bin" >"$log" 2>&1
  rc=$?
  echo "$rc" >"$log.rc"
  # its CPU seconds (user + sys, the children of this shell: load-independent, unlike the wall
  # time) for build/test-logs/times.txt; docs/verification.md (CI time)
  times >"$log.cpu"  # not in a pipe: a pipe's subshell has no children yet
  awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }
    printf "%.1f\n", t }' "$log.cpu" >"$log.cpu.tmp" && mv "$log.cpu.tmp" "$log.cpu"
}
export -f run_one
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c 'run_one {}'
pass=0
fail=0
for bin in "$@"; do
  name=$(basename "$bin")
  log=$logs/$name.log
  p=$(grep -c '^PASS ' "$log")
  f=$(grep -c '^FAIL ' "$log")
  rc=$(cat "$log.rc")
  if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
    echo "FAIL $name: exited $rc without reporting a failure"
    tail -n 20 "$log"
    f=1
  fi
  grep -E '^(FAIL|MISMATCH|EXPECT|CHECK|FINISH|  )' "$log" | head -n 40
  echo "  $name: $p passed, $f failed"
  pass=$((pass + p))
  fail=$((fail + f))
done
# A harness is built without trace (Makefile, TRACE): for the waveform of a failure, its first
# two failing seeds run again on its traced twin (make TRACE=1: build/tb-fst/<h>/test_<h>),
# whose lockstep writes build/fail/<block>.<test>-seed<N>.fst.  Every run is a pure function of
# its seed, so the failure repeats.
if [ "$fail" != 0 ] && [ -z "${KMU_NO_FST_RERUN:-}" ]; then
  for bin in "$@"; do
    case $bin in build/tb/*/test_*) ;; *) continue ;; esac
    name=$(basename "$bin")
    h=${name#test_}
    grep -m2 -E '^FAIL [^ ]+ seed=[0-9]+' "$logs/$name.log" | while read -r _ bt sd _; do
      t=${bt#*.}
      seed=${sd#seed=}
      fst_bin=build/tb-fst/$h/test_$h
      echo "waveform: $h $t seed=$seed again on the traced twin $fst_bin"
      if ! make -s --no-print-directory TRACE=1 "$fst_bin" >"$logs/$name.fst-build.log" 2>&1; then
        echo "  the traced build failed: $logs/$name.fst-build.log"
        continue
      fi
      SEED=$seed SEEDS=1 "$fst_bin" "$t" 2>&1 | grep -E '^  (waveform|no waveform)' || echo "  no waveform written (this test writes none, or its failure did not repeat)"
    done
  done
fi
for bin in "$@"; do
  name=$(basename "$bin")
  echo "$(cat "$logs/$name.log.cpu" 2>/dev/null || echo ?) $name"
done | sort -rn >"$logs/times.txt"
awk '{ t += $1 } END { printf "test CPU: %.0f s (slowest first in %s)\n", t, FILENAME }' "$logs/times.txt"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
