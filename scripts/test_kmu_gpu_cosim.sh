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
# the hand-written small-configuration workloads first, then random ones
# the user's entry point, scripts/kmusim (it picks the build; options before the workload)
if [ -z "${KMU_BIN:-}" ] && [ "$cfg" = small ]; then
  if scripts/kmusim --engine c --quiet --no-isolated workloads/demo.wl >"$wd/script.log" 2>&1; then
    echo "PASS kmu_gpu.scripts_kmusim --engine c workloads/demo.wl"
  else
    echo "FAIL kmu_gpu.scripts_kmusim --engine c workloads/demo.wl"
    head -n 20 "$wd/script.log"
    fails=$((fails + 1))
  fi
fi
hand=(workloads/demo.wl workloads/rgem.wl workloads/reserve.wl workloads/hw/revoke.wl
  workloads/hw/revoke_readmit.wl)
[ "$cfg" = small ] || hand=()
# KMU_COSIM_HAND=0: the random workloads only (make gate's quick run: GATE_HAND=0)
hand_on=${KMU_COSIM_HAND:-1}
[ "$hand_on" = 1 ] || hand=()
for wl in "${hand[@]}"; do
  log=$wd/$(basename "$wl" .wl).log
  if "$bin" "$wl" --engine cosim --no-isolated >"$log" 2>&1; then
    echo "PASS kmu_gpu.cosim $wl"
  else
    echo "FAIL kmu_gpu.cosim $wl"
    head -n 20 "$log"
    fails=$((fails + 1))
    [ -n "${KMU_STOP_FIRST:-}" ] && exit 1
  fi
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
  log=$wd/trem_auto-$tp.log
  if "$bin" workloads/hw/trem_auto.wl --engine cosim --trem "$tp" --no-isolated >"$log" 2>&1 &&
    grep -qE '^TReM policy [a-z]+: [1-9][0-9]* automatic' "$log"; then
    echo "PASS kmu_gpu.cosim workloads/hw/trem_auto.wl --trem $tp"
  else
    echo "FAIL kmu_gpu.cosim workloads/hw/trem_auto.wl --trem $tp (or no automatic revocation)"
    head -n 20 "$log"
    fails=$((fails + 1))
    [ -n "${KMU_STOP_FIRST:-}" ] && exit 1
  fi
done
tseeds=(${KMU_TREM_SEEDS:-1:priority 8:elastic 2:elastic})
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || tseeds=()
for st in "${tseeds[@]}"; do
  ts=${st%%:*} tp=${st#*:}
  wl=$wd/trem-$tp-$ts.wl
  python3 scripts/gen_workload.py "$ts" 20000 "$cfg" "trem_$tp" >"$wl"
  log=$wd/trem-$tp-$ts.log
  if "$bin" "$wl" --engine cosim --seed "$ts" --no-isolated >"$log" 2>&1; then
    echo "PASS kmu_gpu.cosim trem=$tp seed=$ts"
  else
    echo "FAIL kmu_gpu.cosim trem=$tp seed=$ts ($wl)"
    head -n 20 "$log"
    fails=$((fails + 1))
    [ -n "${KMU_STOP_FIRST:-}" ] && exit 1
  fi
done
# TB-level preemption on every SM at once, under every policy (small build): the restores'
# read-back catches a context saved to or restored from the wrong place
pols=(chimera chimera_dirty pep pep_inplace pep+warp warp)
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || pols=()
for pol in "${pols[@]}"; do
  log=$wd/preempt-$pol.log
  if "$bin" workloads/preempt.wl --engine cosim --policy "$pol" --no-isolated >"$log" 2>&1; then
    echo "PASS kmu_gpu.cosim workloads/preempt.wl --policy $pol"
  else
    echo "FAIL kmu_gpu.cosim workloads/preempt.wl --policy $pol"
    head -n 20 "$log"
    fails=$((fails + 1))
    [ -n "${KMU_STOP_FIRST:-}" ] && exit 1
  fi
done
# copies only (RGEM 3.1): random copies of every size and priority preempting each other
# under memory stalls, every byte checked by kmusim's copy scoreboard (small build: the paper
# build's lockstep runs about 1k cycles/s, and its random workloads below carry copies too)
cseeds=(1 2 3)
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || cseeds=()
for cs in "${cseeds[@]}"; do
  wl=$wd/copies-$cs.wl
  python3 scripts/gen_workload.py "$cs" 20000 "$cfg" copies >"$wl"
  log=$wd/copies-$cs.log
  if "$bin" "$wl" --engine cosim --seed "$cs" --no-isolated >"$log" 2>&1; then
    echo "PASS kmu_gpu.cosim copies seed=$cs"
  else
    echo "FAIL kmu_gpu.cosim copies seed=$cs ($wl)"
    head -n 20 "$log"
    fails=$((fails + 1))
    [ -n "${KMU_STOP_FIRST:-}" ] && exit 1
  fi
done
# TReM revocations of kernels whose TBs are being preempted (paused, saved, switched out,
# restored), under a PEP and a Chimera policy (small build)
rvpols=(pep chimera)
[ "$cfg" = small ] && [ "$hand_on" = 1 ] || rvpols=()
for pol in "${rvpols[@]}"; do
  log=$wd/revoke_preempt-$pol.log
  if "$bin" workloads/hw/revoke_preempt.wl --engine cosim --policy "$pol" --no-isolated >"$log" 2>&1; then
    echo "PASS kmu_gpu.cosim workloads/hw/revoke_preempt.wl --policy $pol"
  else
    echo "FAIL kmu_gpu.cosim workloads/hw/revoke_preempt.wl --policy $pol"
    head -n 20 "$log"
    fails=$((fails + 1))
    [ -n "${KMU_STOP_FIRST:-}" ] && exit 1
  fi
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
  wl=$wd/revokes-$rs.wl
  python3 scripts/gen_workload.py "$rs" 20000 "$cfg" revokes >"$wl"
  log=$wd/revokes-$rs.log
  if "$bin" "$wl" --engine cosim --seed "$rs" --no-isolated >"$log" 2>&1; then
    echo "PASS kmu_gpu.cosim revokes seed=$rs"
  else
    echo "FAIL kmu_gpu.cosim revokes seed=$rs ($wl)"
    head -n 20 "$log"
    fails=$((fails + 1))
    [ -n "${KMU_STOP_FIRST:-}" ] && exit 1
  fi
done
# regressions of the paper configuration on its C model (fast; the twins agree on them)
# (make test builds build/bin/kmusim-paper; a missing build is a failure, not a skip)
if [ "$cfg" = small ] && [ -z "${KMU_BIN:-}" ]; then
  for wl in workloads/regress/*.wl; do
    if build/bin/kmusim-paper "$wl" --engine c --no-isolated --quiet >"$wd/regress.log" 2>&1; then
      echo "PASS kmu_gpu.regress $wl"
    else
      echo "FAIL kmu_gpu.regress $wl"
      head -n 5 "$wd/regress.log"
      fails=$((fails + 1))
    fi
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
    [ -z "${KMU_STOP_FIRST:-}" ] &&
      "$bin" "$wl" --engine cosim --seed "$seed" --quiet --fst "build/fail/kmu_gpu.cosim-seed$seed.fst" >/dev/null 2>&1
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
