#!/usr/bin/env bash
# test_kmu_gpu_cosim.sh - top-level lockstep runs of kmu_gpu: random workloads
# (scripts/gen_workload.py) through kmusim --engine cosim, the C model and the Verilated RTL
# compared on every output of every cycle (after the hand-written workloads in workloads/),
# with kmusim's scoreboards (every TB of every
# kernel started and done exactly once, every kernel completed once, no doorbell lost).
# Runs until at least MIN_CYCLES (default 1,000,000) cycles have been simulated.  A failure
# is re-run with an FST of the whole run in build/fail/.  Prints PASS/FAIL lines per seed.
set -u
cd "$(dirname "$0")/.."
# KMU_CONFIG: the build's configuration, small (default) or paper (random workloads only: the
# hand-written ones are small).
cfg=${KMU_CONFIG:-small}
bin=${KMU_BIN:-build/bin/kmusim-$cfg}
min=${MIN_CYCLES:-1000000}
seed=${SEED:-1}
total=0
fails=0
wd=build/cosim/$(echo "$bin" | tr "/" "_")
mkdir -p "$wd" build/fail
# run_case NAME LOG CMD...: one run of CMD (its output in LOG): "PASS kmu_gpu.NAME", or
# "FAIL kmu_gpu.NAME" with the head of LOG, counted (KMU_STOP_FIRST: stop there).  MUST: an
# extended regex the log must also hold; NOTE: added to the FAIL line (what to look at).
run_case() {
  local name=$1 log=$2
  shift 2
  if "$@" >"$log" 2>&1 && { [ -z "${MUST:-}" ] || grep -qE "$MUST" "$log"; }; then
    echo "PASS kmu_gpu.$name"
    return 0
  fi
  echo "FAIL kmu_gpu.$name${NOTE:+ $NOTE}"
  head -n 20 "$log"
  fails=$((fails + 1))
  [ -n "${KMU_STOP_FIRST:-}" ] && exit 1
  return 1
}
# wl_run TAG WL ARGS...: a workload file through the lockstep (log TAG.log), kmusim's ARGS
wl_run() {
  local tag=$1 wl=$2
  shift 2
  run_case "cosim $wl${*:+ $*}" "$wd/$tag.log" "$bin" "$wl" --engine cosim "$@" --no-isolated
}
# gen_run KIND LABEL SEED: a random workload of gen_workload.py's KIND (20,000 cycles) through
# the lockstep, reported as "cosim LABEL seed=SEED"
gen_run() {
  local kind=$1 label=$2 s=$3
  local tag=${label//=/-}-$s
  local wl=$wd/$tag.wl
  python3 scripts/gen_workload.py "$s" 20000 "$cfg" "$kind" >"$wl"
  NOTE="($wl)" run_case "cosim $label seed=$s" "$wd/$tag.log" \
    "$bin" "$wl" --engine cosim --seed "$s" --no-isolated
}
# the hand-written small-configuration workloads first, then random ones
# the user's entry point, scripts/kmusim (it picks the build; options before the workload)
if [ -z "${KMU_BIN:-}" ] && [ "$cfg" = small ]; then
  run_case "scripts_kmusim --engine c workloads/demo.wl" "$wd/script.log" \
    scripts/kmusim --engine c --quiet --no-isolated workloads/demo.wl
fi
# trem_hl_room.wl: seven host launches at once, the last one's HL_CMD lost by kmusim's host
# before its fix (issue 12: it hung, "write not accepted")
hand=(workloads/demo.wl workloads/rgem.wl workloads/reserve.wl workloads/hw/revoke.wl
  workloads/hw/revoke_readmit.wl workloads/hw/trem_hl_room.wl)
[ "$cfg" = small ] || hand=()
# KMU_COSIM_HAND=0: the random workloads only (make gate's quick run: GATE_HAND=0)
hand_on=${KMU_COSIM_HAND:-1}
[ "$hand_on" = 1 ] || hand=()
for wl in "${hand[@]}"; do
  wl_run "$(basename "$wl" .wl)" "$wl"
done
# TReM's automatic policies (issue 12, TR_CTRL.POLICY): user-facing kernels arriving on a GPU
# full of batch work under trem=priority and trem=elastic (workloads/hw/trem_auto.wl), then
# random workloads (host kernels of both classes) under each policy.  The hardware tells the
# host nothing of an automatic revocation: kmusim's scoreboard sees the replay at its new run
# (the dropped TBs evicted, none lost, every TB once per run).  KMU_TREM_SEEDS ("SEED:POLICY
# ...") for more.  Seed 2 under Elastic hung (nothing ran for 200k cycles: a batch pick with no
# SM under U = NSM held the dispatcher, both twins alike) until kmu_dispatch parked such picks.
trems=(priority elastic)
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || trems=()
for tp in "${trems[@]}"; do
  MUST='^TReM policy [a-z]+: [1-9][0-9]* automatic' NOTE="(or no automatic revocation)" \
    wl_run "trem_auto-$tp" workloads/hw/trem_auto.wl --trem "$tp"
done
# Priority's victim must run somewhere (issue 12): the user-facing kernel u starts within
# 1,000 cycles of its launch (before the fix, ROOM revoked the admitted but waiting b3, freed
# no SM, and u waited 17,025 cycles for b1: this check failed on that build)
if [ "$cfg" = small ] && [ "$hand_on" = 1 ]; then
  MUST='^u +host +2 +1 +2 +[0-9]{1,3}\.0/[0-9]{1,3} ' \
    NOTE="(the user-facing kernel waited: a ROOM victim that runs nowhere?)" \
    wl_run trem_victim workloads/hw/trem_victim.wl
  # a batch kernel revoked while its TBs finish during the drop is replayed from TB 0 with the
  # same tag (issue 12): kmusim must take the replay's start (it failed "matches no launched
  # kernel instance" before its fix, having released the tag at the last done)
  MUST='^TReM policy priority: 1 automatic' NOTE="(the revocation did not happen: retune u's arrival)" \
    wl_run trem_done_race workloads/hw/trem_done_race.wl
fi
tseeds=(${KMU_TREM_SEEDS:-1:priority 8:elastic 2:elastic})
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || tseeds=()
for st in "${tseeds[@]}"; do
  gen_run "trem_${st#*:}" "trem=${st#*:}" "${st%%:*}"
done
# TB-level preemption on every SM at once, under every policy (small build): the restores'
# read-back catches a context saved to or restored from the wrong place
pols=(chimera chimera_dirty pep pep_inplace pep+warp warp)
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || pols=()
for pol in "${pols[@]}"; do
  wl_run "preempt-$pol" workloads/preempt.wl --policy "$pol"
done
# copies only (RGEM 3.1): random copies of every size and priority preempting each other
# under memory stalls, every byte checked by kmusim's copy scoreboard (small build: the paper
# build's lockstep runs about 1k cycles/s, and its random workloads below carry copies too)
cseeds=(1 2 3)
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || cseeds=()
for cs in "${cseeds[@]}"; do
  gen_run copies copies "$cs"
done
# GPUpIO I/O thread blocks (issue 13): random host kernels, most of them waiting for I/O
# (io=, rounds=, yield=off|addr|spin: docs/kmusim.md "I/O thread blocks") under a random
# policy, so that yields, refusals, wake-ups racing the yield and preemptions of waiting TBs
# meet; kmusim's lost wake-up and yield scoreboards (the hand workloads: test_kmusim_io.sh)
ioseeds=(${KMU_IO_SEEDS:-1 2 3})
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || ioseeds=()
for is in "${ioseeds[@]}"; do
  gen_run io io "$is"
done
# TReM revocations of kernels whose TBs are being preempted (paused, saved, switched out,
# restored), under a PEP and a Chimera policy (small build)
rvpols=(pep chimera)
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || rvpols=()
for pol in "${rvpols[@]}"; do
  wl_run "revoke_preempt-$pol" workloads/hw/revoke_preempt.wl --policy "$pol"
done
# TReM revocations (issue 12): random workloads with revoke lines (both actions, at any moment:
# during a launch, its first TBs, a preemption; before a launch, after the end), under every
# policy the seed draws; kmusim's scoreboard checks every status, the dropped TBs (each one
# evicted, none lost), the replays (every TB once per run), no completion for a retired kernel,
# and that every accepted TR_CMD completes exactly once.  KMU_REVOKE_SEEDS="$(seq 1 100)" for a
# longer run (small build: about 3 s a seed).
# Seed 3 revokes the running kernel in RGEM mode while others wait: its replay parks in the
# pool and must not block them (kmu_kmu's RGEM rule, test rgem_replay); it hung before that fix.
rvseeds=(${KMU_REVOKE_SEEDS:-1 2 3 4 5 6})
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || rvseeds=()
for rs in "${rvseeds[@]}"; do
  gen_run revokes revokes "$rs"
done
# regressions of the paper configuration on its C model (fast; the twins agree on them)
# (make test builds build/bin/kmusim-paper; a missing build is a failure, not a skip)
if [ "$cfg" = small ] && [ -z "${KMU_BIN:-}" ]; then
  # and an automatic replay whose TB 1 starts on the SIMT port before its TB 0 (issue 12:
  # kmusim's replay detection refused it, "started a second time", before its fix)
  for wl in workloads/regress/*.wl workloads/hw/trem_start_order.wl; do
    run_case "regress $wl" "$wd/regress.log" build/bin/kmusim-paper "$wl" --engine c --no-isolated --quiet
  done
fi
# KMU_COSIM_SPAN: the cycles a random workload's arrivals spread over (default 60000; a run
# lasts several times longer while its kernels drain)
span=${KMU_COSIM_SPAN:-60000}
while [ "$total" -lt "$min" ]; do
  wl=$wd/random-$seed.wl
  python3 scripts/gen_workload.py "$seed" "$span" "$cfg" >"$wl"
  log=$wd/random-$seed.log
  if "$bin" "$wl" --engine cosim --seed "$seed" --no-isolated >"$log" 2>&1; then
    cyc=$(grep -oE '^run: [0-9]+ cycles' "$log" | grep -oE '[0-9]+' || echo 0)
    echo "PASS kmu_gpu.cosim seed=$seed cycles=$cyc"
  else
    cyc=0
    echo "FAIL kmu_gpu.cosim seed=$seed ($wl)"
    head -n 20 "$log"
    if [ -z "${KMU_STOP_FIRST:-}" ]; then
      # the paper build has no trace (sim/kmusim/kmusim.mk): its traced twin writes the waveform
      fbin=$bin
      [ "$bin" = build/bin/kmusim-paper ] && make -s --no-print-directory build/bin/kmusim-paper-fst &&
        fbin=build/bin/kmusim-paper-fst
      "$fbin" "$wl" --engine cosim --seed "$seed" --quiet --fst "build/fail/kmu_gpu.cosim-seed$seed.fst" >/dev/null 2>&1
    fi
    echo "  waveform: build/fail/kmu_gpu.cosim-seed$seed.fst"
    echo "  reproduce: $bin $wl --engine cosim --seed $seed"
    fails=$((fails + 1))
    [ "$fails" -ge 3 ] || [ -n "${KMU_STOP_FIRST:-}" ] && break
  fi
  [ "$cyc" -gt 0 ] || cyc=1000
  total=$((total + cyc))
  seed=$((seed + 1))
done
echo "  kmu_gpu.cosim: $total cycles in lockstep"
[ "$fails" = 0 ]
