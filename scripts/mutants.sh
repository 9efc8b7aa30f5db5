#!/usr/bin/env bash
# mutants.sh BLOCK=RUN[,RUN...]... - every planted bug must be caught (make mutants).
#
# A mutant is a patch tb/mutants/<block>/<name>.patch against the shipped source (rtl/, cmodel/,
# sim/, ...): one deliberate bug in the RTL or in the C model.  Its header (the text before the
# first "--- a/" line) says what the bug is; "Also-run: RUN" lines add runs beyond its block's;
# "Not-run: HARNESS: why" drops a harness where the bug cannot show (an equivalent mutant at
# that size, e.g. a mask that is all ones there): the reason is printed with the results;
# "First: HARNESS WORD..." tries the part of that run that kills the mutant (measured) before
# the whole run, when what comes before it in the default order costs a minute or more: the
# words are the harness's test names (argv) or, for a script, NAME=VALUE settings such as
# SEED=11 (the seed it fails at).  Killed there, the run is over; if that part no longer kills
# it, the whole default run follows, so a hint that went stale costs time, never a kill.
# The Makefile (make mutants) passes each block's runs: every harness of the block (every size), or
# HARNESS:SCRIPT[:CONFIG] for a tool whose tests a script drives (KMU_BIN is the mutant
# binary, KMU_CONFIG the configuration).
#
# For each patch: a scratch copy of the source in build/mut/<key>/src (<key>: the patch's name,
# <block>.<name> when two blocks have a patch of that name), the patch applied there
# (a patch that no longer applies exactly fails the whole run loudly: regenerate it), then every
# run builds the harness from that copy (make MUT=<key>) and runs its tests.  The mutant is
# killed in a run when the tests fail; it must be killed in every run.  Runs go JOBS at a time
# (default: the number of cores).  Ends with "K of N mutant runs killed (M mutants)"; exit 1 if
# any run survived, failed to build, or a patch did not apply.
set -u
cd "$(dirname "$0")/.."
jobs=${JOBS:-$(nproc)}
logs=${MUT_LOGS:-build/mutant-logs}  # MUT_LOGS: a separate directory for a concurrent run
rm -rf "$logs" && mkdir -p "$logs"
declare -A runs_of
for spec in "$@"; do runs_of[${spec%%=*}]=${spec#*=}; done

bad=0
list=$logs/runs.txt
: >"$list"
nmut=0
for spec in "$@"; do
  block=${spec%%=*}
  dir=tb/mutants/$block/
  if [ -z "${runs_of[$block]:-}" ]; then
    echo "ERROR tb/mutants/$block: no harness has top $block and no tb/*.mk sets MUT_RUNS_$block"
    bad=$((bad + 1))
    continue
  fi
  for p in "$dir"*.patch; do
    [ -e "$p" ] || continue
    name=$(basename "$p" .patch)
    # The key names the scratch copy, the build and the logs: the patch's name, or
    # <block>.<name> when another block has a patch of the same name (else the two would share
    # build/mut/<name>/src, the binary and the log, and one would be judged by the other's run).
    key=$name
    same=(tb/mutants/*/"$name".patch)
    [ ${#same[@]} -gt 1 ] && key=$block.$name
    src=build/mut/$key/src
    rm -rf "build/mut/$key" && mkdir -p "$src"
    cp -r rtl cmodel tb sim studies "$src/"
    if ! grep -q '^--- a/' "$p"; then
      echo "ERROR $p: no diff in the patch"
      bad=$((bad + 1))
      continue
    fi
    if ! out=$(patch -p1 -s -N -F0 --no-backup-if-mismatch -d "$src" <"$p" 2>&1); then
      echo "ERROR $p does not apply to the shipped source (regenerate it):"
      echo "$out" | sed 's/^/    /' | head -n 10
      bad=$((bad + 1))
      continue
    fi
    if grep -q '^+++ b/.*\.h$' "$p"; then
      echo "ERROR $p changes a header: plant the bug in a .c or .v file (the shim's C++ is built"
      echo "      against the shipped headers)"
      bad=$((bad + 1))
      continue
    fi
    extra=$(sed -n '/^--- /q; s/^Also-run: *//p' "$p")
    skip=" $(sed -n '/^--- /q; s/^Not-run: *\([A-Za-z0-9_]*\):.*/\1/p' "$p" | tr '\n' ' ')"
    nrun=0
    for r in ${runs_of[$block]//,/ } $extra; do
      case $skip in *" ${r%%:*} "*) continue ;; esac
      # MUT_SYSTEM_RUNS: the runs make mutants leaves to make mutants-system (MUT_SYSTEM=1
      # runs those alone)
      case " ${MUT_SYSTEM_RUNS:-} " in
        *" ${r%%:*} "*) [ "${MUT_SYSTEM:-0}" = 1 ] || { echo "  in make mutants-system: $key on ${r%%:*}" >>"$logs/system-runs.txt"; continue; } ;;
        *) [ "${MUT_SYSTEM:-0}" = 1 ] && continue ;;
      esac
      nrun=$((nrun + 1))
      first=$(sed -n '/^--- /q; s/^First: *'"${r%%:*}"' \(.*\)/\1/p' "$p" | head -n 1)
      echo "$key $p $r${first:+ $first}" >>"$list"
    done
    [ $nrun -gt 0 ] && nmut=$((nmut + 1))
    [ "${MUT_SYSTEM:-0}" = 1 ] ||
      sed -n '/^--- /q; s/^Not-run: */  not run: '"$key"' on /p' "$p" >>"$logs/not-run.txt"
  done
done

one() {
  name=$1 patch=$2 run=$3
  shift 3  # the rest: the patch's First: words for this run
  h=${run%%:*}
  rest=${run#"$h"}
  rest=${rest#:}
  script=${rest%%:*}
  cfg=${rest#"$script"}
  cfg=${cfg#:}
  log=${MUT_LOGS:-build/mutant-logs}/$name.$h.log
  bin=build/tb-mut/$name/$h/test_$h
  conly=1 rtlonly=1
  grep -q '^+++ b/.*\.vh\?$' "$patch" && conly=
  grep -q '^+++ b/.*\.c$' "$patch" && rtlonly=
  if ! make -s --no-print-directory MUT="$name" MUT_C_ONLY=$conly MUT_RTL_ONLY=$rtlonly "$bin" >"$log" 2>&1; then
    echo "BUILD-ERROR $name ($h): see $log" >"$log.res"
    return
  fi
  times >"$log.cpu"  # in this shell, not a subshell: its finished children's CPU so far
  rc=0
  if [ $# -gt 0 ]; then
    echo "mutants.sh: first $* (the patch's First: line)" >>"$log"
    local envs=() args=() w
    for w in "$@"; do case $w in *=*) envs+=("$w") ;; *) args+=("$w") ;; esac; done
    if [ -n "$script" ]; then
      env "${envs[@]}" KMU_BIN=$bin KMU_CONFIG=${cfg:-small} KMU_STOP_FIRST=1 bash "$script" >>"$log" 2>&1
    else
      env "${envs[@]}" KMU_STOP_FIRST=1 "$bin" "${args[@]}" >>"$log" 2>&1
    fi
    rc=$?
    [ $rc = 0 ] && echo "mutants.sh: not killed by the First: part; the whole run follows" >>"$log"
  fi
  if [ $rc = 0 ]; then
    if [ -n "$script" ]; then
      KMU_BIN=$bin KMU_CONFIG=${cfg:-small} KMU_STOP_FIRST=1 bash "$script" >>"$log" 2>&1
    else
      KMU_STOP_FIRST=1 "$bin" >>"$log" 2>&1
    fi
    rc=$?
  fi
  # CPU seconds (user + sys) of the build and of the run: build/mutant-logs/times.txt
  times >>"$log.cpu"
  awk 'NR % 2 == 0 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }
    c[NR / 2] = t } END { printf "%.1f %.1f\n", c[1], c[2] - c[1] }' "$log.cpu" >"$log.cpu.tmp"
  mv "$log.cpu.tmp" "$log.cpu"
  if [ $rc = 0 ]; then
    echo "SURVIVED $name ($h)" >"$log.res"
  else
    echo "killed $name ($h): $(grep -m1 -E '^(MISMATCH|EXPECT|CHECK|FINISH|FAIL|ASSERTION)|scoreboard' "$log" | cut -c1-150)" >"$log.res"
  fi
}
export -f one
# Longest first, so the last minutes do not leave a core idle behind one long run: the runs a
# script drives (kmusim's lockstep on whole-system workloads, a study: 10 s to minutes of CPU
# each, the paper configuration's the longest: measured) start before the harness runs (most
# under 2 s); the results print in list order.
awk '{ k = ($3 ~ /:paper$/) ? 0 : ($3 ~ /:/) ? 1 : 2; print k, NR, $0 }' "$list" | sort -k1,1n -k2,2n |
  cut -d' ' -f3- | xargs -P "$jobs" -L 1 bash -c 'one "$@"' one

n=0
k=0
while read -r name _ run _; do
  h=${run%%:*}
  res=$(cat "$logs/$name.$h.log.res" 2>/dev/null || echo "NO-RESULT $name ($h)")
  echo "$res"
  n=$((n + 1))
  case $res in killed*) k=$((k + 1)) ;; esac
done <"$list"
[ -s "$logs/not-run.txt" ] && cat "$logs/not-run.txt"
[ -s "$logs/system-runs.txt" ] && echo "$(wc -l <"$logs/system-runs.txt") runs left to make mutants-system (the paper-size system runs: $MUT_SYSTEM_RUNS)"
# the CPU time of every run (the run's own part: the harness or script after its build), slowest
# first: "run_s build_s mutant harness"; docs/verification.md (CI time)
while read -r name _ run _; do
  h=${run%%:*}
  read -r b t _ <"$logs/$name.$h.log.cpu" 2>/dev/null || continue
  echo "$t $b $name $h"
done <"$list" | sort -rn >"$logs/times.txt"
awk '{ r += $1; b += $2 } END { if (NR) printf "mutant CPU: %.0f s in the runs, %.0f s in the builds (%s)\n", r, b, FILENAME }' \
  "$logs/times.txt"
[ "$bad" = 0 ] || echo "mutants: $bad patch(es) or block(s) in error (ERROR lines above): not run"
echo "$k of $n mutant runs killed ($nmut mutants)"
[ "$k" = "$n" ] && [ "$bad" = 0 ]
