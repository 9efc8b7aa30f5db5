#!/usr/bin/env bash
# equiv_pickers.sh [REV] [CELL[=N,N,...]]... - prove the shared picker cells (kmu_prio_enc,
# kmu_prio_arb, kmu_rr_arb) of the work tree equal to those of git revision REV (default
# 1a6d6f1: the chain forms, before the tree rewrite) at several widths, with Yosys.
#
# Run by hand (not part of make formal); docs/synthesis.md "Tree pickers" gives its CPU time.
# Per cell and width: the old file (git show REV:path, its module names suffixed _gold) and the
# new one elaborated at N, then
#   - kmu_prio_enc, kmu_prio_arb (combinational): a miter (miter -equiv) and sat -prove over every defined
#     input;
#   - kmu_rr_arb (the pointer register ptr_q in both): equiv_make matches the two ptr_q,
#     equiv_simple -seq and equiv_induct prove every output and the pointer's next state equal
#     by induction, for every pointer value (reachable or not), equiv_status -assert.
# Widths default to every size the users instantiate and the corners: 1..9, 16, 17, 32, 33, 64.
# Exit 1 when a proof fails.  Uses the Debian yosys (yosys on PATH, or $YOSYS).
set -u
cd "$(dirname "$0")/.."
YOSYS=${YOSYS:-yosys}
rev=1a6d6f1
if [ $# -gt 0 ] && git rev-parse -q --verify "$1^{commit}" >/dev/null 2>&1; then rev=$1; shift; fi
default_ns=1,2,3,4,5,6,7,8,9,16,17,32,33,64
specs=("$@")
[ ${#specs[@]} -eq 0 ] && specs=(kmu_prio_enc kmu_prio_arb kmu_rr_arb)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the old sources, every picker module renamed <name>_gold (instances too)
for f in kmu_prio_enc kmu_prio_arb kmu_rr_arb; do
  git show "$rev:rtl/common/$f.v" |
    sed -E 's/\b(kmu_prio_enc|kmu_prio_arb|kmu_rr_arb)\b/\1_gold/g' >"$tmp/${f}_gold.v" || exit 1
done
fail=0
for spec in "${specs[@]}"; do
  cell=${spec%%=*}
  ns=$default_ns
  [ "$spec" != "$cell" ] && ns=${spec#*=}
  case $cell in
    kmu_prio_enc) files=(kmu_prio_enc) ;;
    kmu_prio_arb) files=(kmu_prio_enc kmu_prio_arb) ;;
    kmu_rr_arb) files=(kmu_prio_enc kmu_rr_arb) ;;
    *) echo "equiv: unknown cell $cell" >&2; exit 2 ;;
  esac
  for n in ${ns//,/ }; do
    rd=""
    for f in "${files[@]}"; do rd+="read_verilog $tmp/${f}_gold.v; read_verilog rtl/common/$f.v; "; done
    rd+="chparam -set N $n ${cell}_gold $cell; hierarchy -check; proc; flatten; opt_clean; "
    if [ "$cell" = kmu_rr_arb ]; then
      # opt_clean -purge: no internal names left to match but the pointer (the loop index k
      # of both would be matched by name, and its final values differ); async2sync:
      # equiv_induct takes the reset as an ordinary input (both registers reset alike; the
      # induction covers every pointer value).
      script="$rd opt_clean -purge; async2sync; equiv_make ${cell}_gold $cell eq; hierarchy -top eq; "
      script+="equiv_simple -seq 2; equiv_induct -seq 2; equiv_status -assert"
    else
      script="$rd miter -equiv -flatten -make_assert ${cell}_gold $cell miter; "
      script+="hierarchy -top miter; sat -verify -prove-asserts -enable_undef -set-def-inputs miter"
    fi
    log=$tmp/$cell.$n.log
    if "$YOSYS" -q -l "$log" -p "$script" >/dev/null 2>&1; then
      echo "equiv $cell N=$n: equal"
    else
      echo "equiv $cell N=$n: FAILED (log below)"
      tail -30 "$log"
      fail=1
    fi
  done
done
exit $fail
