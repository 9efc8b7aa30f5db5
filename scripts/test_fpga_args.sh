#!/usr/bin/env bash
# test_fpga_args.sh - make test: `make fpga`'s answers to bad arguments (issue 15 item 3): an
# unknown BOARD and a CONFIG that is neither a preset of the board nor NAME=VALUE pairs each end
# the target with exit code 2 and a message naming what is wrong, before any tool runs.
# PASS/FAIL lines for scripts/run_tests.sh.
set -u
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# expect NAME WANT_RC PATTERN ARGS...: make fpga ARGS exits WANT_RC and prints PATTERN
expect() {
  local name=$1 want=$2 pat=$3 rc
  shift 3
  make -s --no-print-directory fpga "$@" >"$tmp/out" 2>&1
  rc=$?
  if [ "$rc" = "$want" ] && grep -qE "$pat" "$tmp/out"; then
    echo "PASS fpga_args.$name"; pass=$((pass + 1))
  else
    echo "FAIL fpga_args.$name: make fpga $* exited $rc (want $want), output:"; head -n 5 "$tmp/out"
    fail=$((fail + 1))
  fi
  # nothing was built: no tool ran for a refused argument
  if grep -qE 'yosys|nextpnr' "$tmp/out"; then
    echo "FAIL fpga_args.$name.no_tool: a tool ran"; fail=$((fail + 1))
  fi
}
expect bad_board 2 "BOARD must be one of ulx3s icebreaker" BOARD=nope
expect bad_config_word 2 "CONFIG='foo': 'foo' is neither a preset of BOARD=ulx3s \\((.* )?fit( .*)?\\) nor NAME=VALUE" BOARD=ulx3s CONFIG=foo
expect bad_config_pair 2 "'=3' is neither" BOARD=ulx3s "CONFIG=NSM=2 =3"
expect bad_preset_other_board 2 "CONFIG='gpu': 'gpu' is neither a preset of BOARD=ulx3s" BOARD=ulx3s CONFIG=gpu
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
