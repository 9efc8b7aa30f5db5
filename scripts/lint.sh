#!/usr/bin/env bash
# lint.sh SPEC... - the checks behind `make lint` (mk/lint.mk passes one SPEC per harness):
#
#   SPEC = "<harness>;<top>;<rtl files>;<params NAME=V ...>;<C files>;<extra C flags>"
#
# Per distinct (top, params): verilator --lint-only -Wall, iverilog -g2005 -Wall (both with
# KMU_ASSERT defined, so the assertions are linted too), yosys (the synthesis view, without)
# hierarchy -check + proc + check -assert.  Per fpga wrapper fpga/<m>.v (and board top
# fpga/boards/<b>/<m>.v, with the other fpga/*.v files and the board's vendor-cell stand-ins
# fpga/boards/<b>/cells/*.v): the same three with every RTL file.  Per distinct (C files,
# params): gcc -std=c11 -Wall -Wextra -Werror -fsyntax-only with -DP_<params>, plus every other C file (cmodel/, sim/, studies/, tb/, tools/), without params.
# Zero warnings: any output of a tool fails its check.  One line per check, then
# "lint: N checks, 0 warnings" (exit 0) or "lint: N checks, K failed" (exit 1).
set -u
LOG=${LINT_LOG:-build/lint}
# From mk/lint.mk (rtl/files.mk): the RTL include directories, every RTL file, the C include
# flags.
: "${LINT_RTL_INC:?run through make lint}" "${LINT_RTL_ALL:?run through make lint}" "${LINT_C_INC:?run through make lint}"
INC=()
for d in $LINT_RTL_INC; do INC+=("-I$d"); done
mkdir -p "$LOG"
checks=0
failed=0

# run_check NAME LOGFILE CMD... : runs CMD, fails on a non-zero exit or on any output.
run_check() {
  local name=$1 log=$2
  shift 2
  checks=$((checks + 1))
  "$@" >"$log" 2>&1
  local rc=$?
  if [ $rc = 0 ] && [ ! -s "$log" ]; then
    printf '  ok    %s\n' "$name"
  else
    failed=$((failed + 1))
    printf '  FAIL  %s (exit %d, %s)\n' "$name" "$rc" "$log"
    sed -n '1,30s/^/        /p' "$log"
  fi
}

# hdl_checks LABEL TOP "PARAMS" FILES...
hdl_checks() {
  local label=$1 top=$2 params=$3
  shift 3
  local vg=() ip=() yp=() p
  for p in $params; do
    vg+=("-G$p")
    ip+=("-P$top.$p")
    yp+=(-chparam "${p%%=*}" "${p#*=}")
  done
  local tag=${label//[^A-Za-z0-9_.=-]/_}
  run_check "verilator  $label" "$LOG/$tag.verilator.log" \
    verilator --lint-only -Wall +define+KMU_ASSERT "${INC[@]}" --top-module "$top" "${vg[@]}" "$@"
  run_check "iverilog   $label" "$LOG/$tag.iverilog.log" \
    iverilog -g2005 -Wall -Wno-sensitivity-entire-array -DKMU_ASSERT "${INC[@]}" -s "$top" "${ip[@]}" -o /dev/null "$@"
  # yosys -q prints only warnings and errors
  run_check "yosys      $label" "$LOG/$tag.yosys.log" \
    yosys -q -p "read_verilog ${INC[*]} $*; hierarchy -check -top $top ${yp[*]}; proc; check -assert"
}

declare -A seen_hdl seen_c
c_named=" "
for spec in "$@"; do
  IFS=';' read -r h top rtl params cfiles cflags <<<"$spec"
  key="$top|$params"
  if [ -z "${seen_hdl[$key]:-}" ]; then
    seen_hdl[$key]=1
    # shellcheck disable=SC2086
    hdl_checks "$top${params:+ ($params)}" "$top" "$params" $rtl
  fi
  # the harness's C files, then every tb/common/*.c, each once
  cfiles=$(printf '%s\n' $cfiles tb/common/*.c | awk 'NF && !seen[$0]++' | tr '\n' ' ')
  for f in $cfiles; do c_named+="$f "; done
  ckey="$cfiles|$params|${cflags:-}"
  if [ -z "${seen_c[$ckey]:-}" ]; then
    seen_c[$ckey]=1
    defs=(${cflags:-})
    for p in $params; do defs+=("-DP_$p"); done
    # shellcheck disable=SC2086
    run_check "gcc        $h${params:+ ($params)}: $(wc -w <<<"$cfiles") files" "$LOG/$h.gcc.log" \
      bash -c 'for f in "${@:2}"; do gcc -std=c11 -Wall -Wextra -Werror -fsyntax-only \
        $1 "$f" || exit 1; done' _ "$LINT_C_INC ${defs[*]}" $cfiles
  fi
done

# C models no harness builds yet: checked without parameters (models take sizes at run time)
for f in $(find cmodel sim studies tb tools -name '*.c' | sort); do
  case $c_named in *" $f "*) continue ;; esac
  run_check "gcc        $f (no harness)" "$LOG/$(basename "$f" .c).orphan.gcc.log" \
    gcc -std=c11 -Wall -Wextra -Werror -fsyntax-only $LINT_C_INC "$f"
done

# FPGA wrappers and board tops: fpga/<module>.v and fpga/boards/<board>/<module>.v with every RTL
# file and every other fpga/*.v (the board top's TB runners and memories; a file's module is
# its file name), at the sizes the files give (a board top's parameters are the board's); a board
# top also with its board's vendor-cell stand-ins fpga/boards/<board>/cells/*.v (the ULX3S's
# EHXPLLL: synthesis takes the real cells, these only let the three tools elaborate the top)
rtl_all=$LINT_RTL_ALL
for w in fpga/*.v fpga/boards/*/*.v; do
  [ -e "$w" ] || continue
  m=$(basename "$w" .v)
  dut=$(sed -n 's,^// dut: *\([A-Za-z0-9_]*\).*,\1,p' "$w" | head -n 1)
  if [ -n "$dut" ] && ! grep -qs "^ *module  *$dut\b" $rtl_all; then
    echo "  note  $w: its DUT $dut has no RTL yet, not checked"
    continue
  fi
  others=$(ls fpga/*.v | grep -vx "$w")
  case $w in fpga/boards/*) others="$others $(ls "$(dirname "$w")"/cells/*.v 2>/dev/null)" ;; esac
  # shellcheck disable=SC2086
  hdl_checks "$m (fpga wrapper)" "$m" "" "$w" $others $rtl_all
done

if [ "$failed" = 0 ]; then
  echo "lint: $checks checks, 0 warnings"
else
  echo "lint: $checks checks, $failed failed (logs in $LOG/)"
  exit 1
fi
