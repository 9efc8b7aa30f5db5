#!/usr/bin/env bash
# test_study_edge.sh - smoke test of the EDGE warp-preemption study (make study-edge): builds
# studies/edge/edge_study.c (make build/study-edge/edge_study: the C twin of kmu_sm on the
# behavioural SIMT pipeline) and runs a reduced study (one background mix or kernel per part,
# fewer TBs and events, the high event rate only) with every check of the full one: each
# background warp's final registers equal a reference run without events, no event lost or run
# twice and every done reported once by kmu_sm, simt_model nerr 0, kmu_sm's err_o /
# err_overflow_o / err_done_o 0, flushed -> ev_start <= 2 cycles, all optimisations < none
# (average preemption latency, Oldest and Newest), and the teeth: the restore skipped
# (--no-restore) must make the corruption check fail; then the reduced parts a, b and c again
# with the Verilated RTL of the whole kmu_sm (paper size) in the loop (edge_study_rtl; the teeth
# part is left out there: it tests the study's check, not the hardware, and costs a sixth of the
# RTL run); then Fig. 13 at system level reduced (studies/edge/system.py --quick).  Prints the
# PASS/FAIL lines run_tests.sh counts.  SEED (default 1).
set -u
cd "$(dirname "$0")/.."
out=build/study-edge-smoke
mkdir -p "$out"
bin=build/study-edge/edge_study
. scripts/test_lib.sh
build_or_fail study_edge "$bin" "$out/build.log"
rc=0
"$bin" --quick --checks --part all --out "$out" || rc=1
# teeth: the reduced part b (its BAR background fills the register file, so every preemption
# saves registers) with the restore skipped must fail, and fail on the corruption check
"$bin" --quick --part b --no-restore --out "$out" >"$out/teeth.log" 2>&1
trc=$?
if [ "$trc" != 0 ] && grep -q '^FAIL .*corruption' "$out/teeth.log"; then
  echo "PASS study_edge.teeth_no_restore_flag: $(grep -c '^FAIL .*corruption' "$out/teeth.log") runs caught: $(grep -m1 '^FAIL .*corruption' "$out/teeth.log" | cut -c1-120)"
else
  echo "FAIL study_edge.teeth_no_restore_flag: --no-restore not caught (exit $trc)"
  rc=1
fi
# bad input: an unknown part or option is refused (exit 2), never an empty run that passes
"$bin" --part x --out "$out" >"$out/badpart.log" 2>&1
brc=$?
"$bin" --bogus >>"$out/badpart.log" 2>&1
orc=$?
if [ "$brc" = 2 ] && [ "$orc" = 2 ] && grep -q "unknown part x" "$out/badpart.log"; then
  echo "PASS study_edge.bad_input: unknown part and option refused (exit 2)"
else
  echo "FAIL study_edge.bad_input: --part x exited $brc, --bogus exited $orc"
  rc=1
fi
# the same reduced parts a, b, c with the Verilated RTL of kmu_sm in the loop beside its C twin
# (every output compared every cycle, and every check of the study; built by make verilate as
# the tool edge_study_rtl; KMU_BIN names a mutant build of it)
rtl=${KMU_BIN:-build/tb/edge_study_rtl/test_edge_study_rtl}
if [ -x "$rtl" ]; then
  mkdir -p "$out/rtl"
  "$rtl" --quick --part a,b,c --out "$out/rtl" >"$out/rtl.log" 2>&1
  rrc=$?
  grep -E '^MISMATCH' "$out/rtl.log" | head -n 3
  grep -E '^(PASS|FAIL) ' "$out/rtl.log" | sed -E 's/^(PASS|FAIL) edge\./\1 edge_rtl./'
  if [ "$rrc" != 0 ]; then
    grep -qE '^FAIL ' "$out/rtl.log" || echo "FAIL edge_rtl.run: exited $rrc (see $out/rtl.log)"
    rc=1
  fi
else
  echo "FAIL edge_rtl.build: $rtl missing (make verilate builds it)"
  rc=1
fi
# Fig. 13 at system level, reduced (studies/edge/system.py --quick: IPV4 events, shorter
# background TBs, on the paper kmusim's C model; its checks: every run passes kmusim's
# scoreboards, warp's mean launch latency below drain's at both rates)
if python3 studies/edge/system.py "$out/system" build/bin/kmusim-paper --quick >"$out/system.log" 2>&1; then
  echo "PASS study_edge.system_quick: $(tail -n 1 "$out/system.log")"
else
  echo "FAIL study_edge.system_quick: $(tail -n 3 "$out/system.log" | tr '\n' ' ')"
  rc=1
fi
exit $rc
