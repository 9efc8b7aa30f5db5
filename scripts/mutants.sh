#!/usr/bin/env bash
# mutants.sh MUTANT:HARNESS[:SCRIPT]... - builds each harness with one planted bug (-D and
# +define+ of the mutant's name reach both the RTL and the C model build) and runs its tests:
# the harness binary itself, or SCRIPT with KMU_BIN set to the mutant binary (for tools such
# as kmusim whose tests are driven by a script).  A mutant is killed when the tests fail.
# Ends with "K of N mutants killed"; exit 1 if any survived.
set -u
jobs=${JOBS:-$(nproc)}
mkdir -p build/mutant-logs
one() {
  mut=${1%%:*}
  rest=${1#*:}
  h=${rest%%:*}
  script=
  [ "$rest" != "$h" ] && script=${rest#*:}
  log=build/mutant-logs/$mut.$h.log  # a mutant may be registered against several harnesses
  if ! make -s MUT="$mut" "build/tb-mut/$mut/$h/test_$h" >"$log" 2>&1; then
    echo "BUILD-ERROR $mut ($h)" >"$log.res"
    return
  fi
  bin="build/tb-mut/$mut/$h/test_$h"
  if [ -n "$script" ]; then
    KMU_BIN=$bin KMU_STOP_FIRST=1 bash "$script" >>"$log" 2>&1
  else
    "$bin" >>"$log" 2>&1
  fi
  if [ $? = 0 ]; then
    echo "SURVIVED $mut ($h)" >"$log.res"
  else
    echo "killed $mut ($h): $(grep -m1 -E '^(MISMATCH|EXPECT|CHECK|FINISH|FAIL)|scoreboard' "$log" | cut -c1-150)" >"$log.res"
  fi
}
export -f one
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c 'one {}'
n=0
k=0
for m in "$@"; do
  mut=${m%%:*}
  rest=${m#*:}
  res=$(cat "build/mutant-logs/$mut.${rest%%:*}.log.res")
  echo "$res"
  n=$((n + 1))
  case "$res" in killed*) k=$((k + 1)) ;; esac
done
echo "$k of $n mutants killed"
[ "$k" = "$n" ]
