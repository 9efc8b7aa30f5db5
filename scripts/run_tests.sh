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
for bin in "$@"; do
  name=$(basename "$bin")
  echo "$(cat "$logs/$name.log.cpu" 2>/dev/null || echo ?) $name"
done | sort -rn >"$logs/times.txt"
awk '{ t += $1 } END { printf "test CPU: %.0f s (slowest first in %s)\n", t, FILENAME }' "$logs/times.txt"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
