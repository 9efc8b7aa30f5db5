#!/usr/bin/env bash
# test_fpga_args.sh - make test: `make fpga`'s answers to bad arguments (issue 15 item 3): an
# unknown BOARD and a CONFIG that is neither a preset of the board nor NAME=VALUE pairs each end
# the target with exit code 2 and a message naming what is wrong, before any tool runs; the
# ULX3S flow's clock period from CONFIG's PLL divisors answers a bad one with exit 1 and its name;
# its reset check answers a reset off the global with exit 4 and the driver's name;
# scripts/fpga_sm.sh answers an unknown parameter with exit 1 and its name.
# PASS/FAIL lines for scripts/run_tests.sh.
set -u
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# judge NAME WANT_RC PATTERN RC WHAT: PASS when the command WHAT exited WANT_RC (its exit code
# RC) and its output ($tmp/out) holds PATTERN
judge() {
  if [ "$4" = "$2" ] && grep -qE "$3" "$tmp/out"; then
    echo "PASS fpga_args.$1"; pass=$((pass + 1))
  else
    echo "FAIL fpga_args.$1: $5 exited $4 (want $2), output:"; head -n 5 "$tmp/out"
    fail=$((fail + 1))
  fi
}
# expect NAME WANT_RC PATTERN ARGS...: make fpga ARGS exits WANT_RC and prints PATTERN
expect() {
  local name=$1 want=$2 pat=$3
  shift 3
  make -s --no-print-directory fpga "$@" >"$tmp/out" 2>&1
  judge "$name" "$want" "$pat" $? "make fpga $*"
  # nothing was built: no tool ran for a refused argument
  if grep -qE 'yosys|nextpnr' "$tmp/out"; then
    echo "FAIL fpga_args.$name.no_tool: a tool ran"; fail=$((fail + 1))
  fi
}
expect bad_board 2 "BOARD must be one of ulx3s icebreaker" BOARD=nope
expect bad_config_word 2 "CONFIG='foo': 'foo' is neither a preset of BOARD=ulx3s \\((.* )?fit( .*)?\\) nor NAME=VALUE" BOARD=ulx3s CONFIG=foo
expect bad_config_pair 2 "'=3' is neither" BOARD=ulx3s "CONFIG=NSM=2 =3"
expect bad_preset_other_board 2 "CONFIG='gpu': 'gpu' is neither a preset of BOARD=ulx3s" BOARD=ulx3s CONFIG=gpu
# the board flow's clock period (scripts/fpga_area.py period, ABC9's delay bound), computed
# before Yosys from the ULX3S top's PLL parameters and CONFIG: a bad divisor exits 1 naming it
# expect_period NAME WANT_RC PATTERN PARAMS: fpga_area.py period prints PATTERN and exits WANT_RC
expect_period() {
  python3 scripts/fpga_area.py period fpga/boards/ulx3s/kmu_ulx3s_top.v "$4" 25 >"$tmp/out" 2>&1
  judge "$1" "$2" "$3" $? "fpga_area.py period '$4'"
}
# 25 MHz x 24 / 96 = 6.25 MHz: 160,000 ps; the oscillator: 40,000 ps
expect_period period_default 0 "^160000$" ""
expect_period period_no_pll 0 "^40000$" "PLL=0 NSM=2"
expect_period period_not_number 1 "CONFIG's PLL_OUT=x6: not a non-negative integer" "PLL_OUT=x6"
expect_period period_zero_div 1 "CLKOS_DIV 0: every divisor must be at least 1" "PLL_OUT=0"
expect_period period_out_of_range 1 "CLKOS 600 MHz, outside the ECP5" "PLL_OUT=1"
# the ULX3S reset check (scripts/fpga_area.py resets, before nextpnr): a flip-flop with an
# asynchronous reset whose LSR is not the top's DCCA (the reset's global buffer) exits 4 naming
# the driver; all from the DCCA passes.  Two-cell netlists: a DCCA or a LUT4 driving net 2, an
# ASYNC TRELLIS_FF's LSR on it.
expect_resets() {
  cat >"$tmp/n.json" <<EOF2
{"modules": {"t": {"cells": {
  "drv": {"type": "$4", "parameters": {}, "port_directions": {"$5": "output"},
          "connections": {"$5": [2]}},
  "ff": {"type": "TRELLIS_FF", "parameters": {"SRMODE": "ASYNC"},
         "port_directions": {"LSR": "input", "Q": "output"}, "connections": {"LSR": [2], "Q": [3]}}}}}}
EOF2
  python3 scripts/fpga_area.py resets "$tmp/n.json" t >"$tmp/out" 2>&1
  judge "$1" "$2" "$3" $? "fpga_area.py resets ($4 on the LSR)"
}
expect_resets resets_global 0 "1 of 1 flip-flops' LSR from the global" DCCA CLKO
expect_resets resets_fabric 4 "0 of 1 flip-flops' LSR from the global \\(DCCA\\); 1 from LUT4 drv" LUT4 Z
# scripts/fpga_sm.sh (one board SM's blocks, docs/synthesis.md): an argument that is not
# NAME=VALUE of one of its parameters exits 1 naming it, before Yosys
expect_sm() {
  bash scripts/fpga_sm.sh "$3" >"$tmp/out" 2>&1
  judge "$1" 1 "$2" $? "fpga_sm.sh '$3'"
}
expect_sm sm_unknown_param "fpga_sm.sh: NOPE=1: kmu_sm has no parameter NOPE here" NOPE=1
expect_sm sm_not_pair "fpga_sm.sh: PEP_TW: expected NAME=VALUE" PEP_TW
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
