#!/usr/bin/env bash
# mutants.sh MUTANT:HARNESS... - builds each harness with one planted bug (-D/+define+ of the
# mutant's name reaches both the RTL and the C model build) and runs its tests.  A mutant is
# killed when the tests fail.  Ends with "K of N mutants killed"; exit 1 if any survived.
set -u
jobs=${JOBS:-$(nproc)}
mkdir -p build/mutant-logs
one() {
  mut=${1%%:*}
  h=${1#*:}
  log=build/mutant-logs/$mut.log
  if ! make -s MUT="$mut" "build/tb-mut/$mut/$h/test_$h" >"$log" 2>&1; then
    echo "BUILD-ERROR $mut ($h)" >"$log.res"
    return
  fi
  if "build/tb-mut/$mut/$h/test_$h" >>"$log" 2>&1; then
    echo "SURVIVED $mut ($h)" >"$log.res"
  else
    echo "killed $mut ($h): $(grep -m1 -E '^(MISMATCH|EXPECT|CHECK|FINISH)' "$log" | cut -c1-150)" >"$log.res"
  fi
}
export -f one
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c 'one {}'
n=0
k=0
for m in "$@"; do
  mut=${m%%:*}
  res=$(cat "build/mutant-logs/$mut.log.res")
  echo "$res"
  n=$((n + 1))
  case "$res" in killed*) k=$((k + 1)) ;; esac
done
echo "$k of $n mutants killed"
[ "$k" = "$n" ]
