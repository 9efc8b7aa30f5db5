#!/usr/bin/env bash
# test_kmusim_io.sh - kmusim's GPUpIO I/O thread blocks (issue 13 step 3; docs/kmusim.md "I/O
# thread blocks"): the hand workloads workloads/hw/io_*.wl on the C model (engine c) and in
# lockstep with the Verilated kmu_gpu (engine cosim), kmusim's scoreboards (no lost wake-up,
# every taken yield restored exactly once, every TB done once, the YIELD_* counters equal to
# the answers the SMs saw) and checks on the metrics that follow from the workload, not from a
# past run:
#   io_yield   at most 4 I/O TBs (an SM's PTBS) and other work always waiting: every wait is a
#              yield taken, yields = TBs x rounds, nothing refused
#   io_overlap C = I: the run with yield=addr is shorter than with yield=off
#   io_spin    every yield taken is a SPIN (yield(0)), YIELD_TAKE 0, each one restored once
#   io_spin_hang  three yield(0) TBs on one SM (c and cosim): the run ends (it deadlocked before
#              issue 13's fix), spins refused FULL while the SM's park is busy, every spin taken
#              restored once, the counters equal to the answers
#   io_race    io=0..3: io=0 never yields (its flag is there at the request), io=1..3 do; 3 seeds
#   io_idle    wake-up latency <= the restore + 10 cycles on an idle SM (issue 13's target)
#   io_revoke  a revocation (replay, retire) of a kernel whose TBs are yielded: both dropped
#   io_full    (paper build, engine c) more waiting TBs than watch entries: FULL refusals, the
#              refused TBs spin in place and finish
#   io_serial  (config iodev_serial) 4 TBs of one warp resident together on SM 0, jitter 0,
#              yield=off, C = 100, I = 2,000: kmu_dispatch starts one TB a cycle (its formal
#              property), so TB k (0..3) requests at r0 + k; a serial device completes the k-th
#              request at r0 + (k+1) I (each one after the previous: all came before r0 + I),
#              so the waits sum to sum((k+1) I - k) = 10 I - 6 (iodev_lat=5: + 4 x 5, the
#              latency outside the device's queue); the overlapping device: every wait I (4 I);
#              the serial run ends 3 I - 3 cycles after the parallel one, +-8 (SM_EXIT_SKEW,
#              the warps' seeded exit); a lone TB's run the same with either device;
#              iodev_serial=2 refused (exit 2, its line)
#   io_wake_starve  yield(addr) TBs of the preempting kernels woken while the preemption
#              controller holds the SMs (Chimera on c and cosim, PEP on c): every one restored
#              (kmusim's lost wake-up bound), wake-ups = yields (issue 13's woken-TB rule in
#              kmu_sm_ctrl; it hung before)
#   gen_workload io  random I/O workloads (scripts/gen_workload.py SEED 20000 small io, the policy
#              forced to drain, Chimera, PEP; every I/O kernel yield=addr or every one
#              yield=spin): kmusim's scoreboards (no hang, no lost wake-up, conservation),
#              every taken yield restored once; 3 on c, 2 on cosim
#   io_bus_block  a YIELD_SIGNAL write behind a DOORBELL write the front end cannot take yet
#              (c and cosim): the doorbell is answered at once (kmu_doorbell's pending counts),
#              so the wake-up arrives; every instance completes (it deadlocked before)
#   hl_busy    host launches back to back into a full pending FIFO (c and cosim): HL_CMDs answered
#              SLVERR (busy) and retried by kmusim's host; every instance completes once
# and a planted bug (KMUSIM_IO_BUG=drop_signal: the device loses its first signal) that the
# lost wake-up scoreboard must report.  Prints the PASS/FAIL lines run_tests.sh counts.
set -u
cd "$(dirname "$0")/.."
. scripts/test_lib.sh
small=${KMU_BIN:-build/bin/kmusim-small}
paper=build/bin/kmusim-paper
wd=build/kmusim_io
mkdir -p "$wd"
build_or_fail kmusim_io "$small" "$wd/build-small.log"
[ -n "${KMU_BIN:-}" ] || build_or_fail kmusim_io "$paper" "$wd/build-paper.log"
fails=0
# check NAME JSON PYEXPR: PYEXPR over d (the JSON) and K (its kernels by name) must be true
check() {
  local name=$1 json=$2 expr=$3
  if python3 - "$json" "$expr" >"$wd/check.log" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
K = {k["name"]: k for k in d["kernels"]}
ok = eval("(" + sys.argv[2] + ")")
if not ok:
    print("  false: " + sys.argv[2])
    for k in d["kernels"]:
        print("  %s: %s" % (k["name"], {x: k.get(x) for x in ("io_waits", "yields", "yield_spins",
              "yield_refused", "yield_withdrawn", "spins", "wakeups", "wake_lat_p99",
              "wake_overhead_max", "time_in_system")}))
    print("  yield: %s, cycles %s" % (d.get("yield"), d.get("cycles")))
sys.exit(0 if ok else 1)
PY
  then echo "PASS kmusim_io.$name"
  else
    echo "FAIL kmusim_io.$name ($json)"
    cat "$wd/check.log"
    fails=$((fails + 1))
  fi
}
# run TAG BIN WL ENGINE [ARGS...]: one kmusim run to $wd/TAG.json; a failed run is a FAIL line
run() {
  local tag=$1 bin=$2 wl=$3 eng=$4
  shift 4
  if "$bin" "$wl" --engine "$eng" --no-isolated --quiet --json "$wd/$tag.json" "$@" \
    >"$wd/$tag.log" 2>&1; then
    return 0
  fi
  echo "FAIL kmusim_io.$tag: $bin $wl --engine $eng $*"
  head -n 20 "$wd/$tag.log"
  fails=$((fails + 1))
  return 1
}
tbr='K[n]["tbs"] * K[n]["rounds"]'
for eng in c cosim; do
  run yield-$eng "$small" workloads/hw/io_yield.wl $eng &&
    check "io_yield $eng: yields = TBs x rounds" "$wd/yield-$eng.json" \
      "all(K[n]['io_waits'] == $tbr and K[n]['yields'] == $tbr and K[n]['yield_refused'] == 0
           and K[n]['wakeups'] == K[n]['yields'] for n in ('io1', 'io2'))
       and d['yield']['take'] == sum(K[n]['yields'] for n in K) and d['yield']['wake'] == d['yield']['take']"
  run spin-$eng "$small" workloads/hw/io_spin.wl $eng &&
    check "io_spin $eng: every taken yield a SPIN" "$wd/spin-$eng.json" \
      "K['sp']['yields'] > 0 and K['sp']['yield_spins'] == K['sp']['yields']
       and K['sp']['wakeups'] == K['sp']['yields'] and d['yield']['take'] == 0
       and d['yield']['spin'] == K['sp']['yields'] and K['sp']['io_waits'] == 8"
  run spin-hang-$eng "$small" workloads/hw/io_spin_hang.wl $eng --hang 50000 &&
    check "io_spin_hang $eng: three yield(0) on one SM end (spins refused FULL while the park is busy)" \
      "$wd/spin-hang-$eng.json" \
      "K['sp']['yield_spins'] > 0 and K['sp']['yield_full'] > 0
       and K['sp']['wakeups'] == K['sp']['yields'] and d['yield']['full'] == K['sp']['yield_full']
       and d['yield']['spin'] == K['sp']['yield_spins']"
  run idle-$eng "$small" workloads/hw/io_idle.wl $eng &&
    check "io_idle $eng: wake-up <= restore + 10" "$wd/idle-$eng.json" \
      "K['io']['wakeups'] == 2 and K['io']['wake_overhead_max'] is not None
       and K['io']['wake_overhead_max'] <= 10"
done
sed 's/policy=chimera/policy=pep/' workloads/hw/io_wake_starve.wl >"$wd/io_wake_starve_pep.wl"
for ws in chimera-c:workloads/hw/io_wake_starve.wl:c chimera-cosim:workloads/hw/io_wake_starve.wl:cosim \
  pep-c:"$wd/io_wake_starve_pep.wl":c; do
  IFS=: read -r tag wl eng <<<"$ws"
  run wake-starve-$tag "$small" "$wl" "$eng" &&
    check "io_wake_starve $tag: woken TBs restored under the hold" "$wd/wake-starve-$tag.json" \
      "all(K[n]['yields'] > 0 and K[n]['wakeups'] == K[n]['yields'] for n in ('k2', 'k2b'))
       and d['yield']['wake'] == d['yield']['take'] == sum(K[n]['yields'] for n in K)"
done
for eng in c cosim; do
  run bus-block-$eng "$small" workloads/hw/io_bus_block.wl $eng --seed 11 &&
    check "io_bus_block $eng: no write holds the bus; every yielded TB woken and restored" \
      "$wd/bus-block-$eng.json" \
      "K['k0']['yields'] > 0 and K['k0']['wakeups'] == K['k0']['yields']"
  run hl-busy-$eng "$small" workloads/hw/hl_busy.wl $eng &&
    check "hl_busy $eng: busy HL_CMDs answered SLVERR and retried, every launch done once" \
      "$wd/hl-busy-$eng.json" "d['summary']['hl_busy_retries'] > 0"
done
sed 's/yield=addr/yield=off/' workloads/hw/io_overlap.wl >"$wd/io_overlap_off.wl"
run overlap-addr "$small" workloads/hw/io_overlap.wl c &&
  run overlap-off "$small" "$wd/io_overlap_off.wl" c &&
  check "io_overlap: yield=addr faster than yield=off at C = I" "$wd/overlap-addr.json" \
    "K['io']['yields'] > 0 and d['cycles'] < json.load(open('$wd/overlap-off.json'))['cycles']"
run overlap-cosim "$small" workloads/hw/io_overlap.wl cosim
for s in 1 2 3; do
  run race-$s "$small" workloads/hw/io_race.wl cosim --seed $s &&
    check "io_race cosim seed=$s: io=0 never yields, io=1..3 do" "$wd/race-$s.json" \
      "K['r0']['yields'] == 0 and K['r0']['spins'] == K['r0']['io_waits'] == 40
       and all(K[n]['yields'] > 0 and K[n]['wakeups'] == K[n]['yields'] for n in ('r1', 'r2', 'r3'))"
done
run race-c "$small" workloads/hw/io_race.wl c --seed 4
sed 's/^revoke io at=1500$/revoke io at=1500 action=retire/' workloads/hw/io_revoke.wl \
  >"$wd/io_revoke_retire.wl"
run revoke-replay "$small" workloads/hw/io_revoke.wl cosim &&
  check "io_revoke cosim replay: the yielded TBs dropped, the replay's restored" \
    "$wd/revoke-replay.json" "K['io']['yields_dropped'] == 2 and
     K['io']['wakeups'] + 2 == K['io']['yields'] and d['revokes'][0]['status_name'] == 'OK'"
run revoke-retire "$small" "$wd/io_revoke_retire.wl" cosim &&
  check "io_revoke cosim retire: the yielded TBs dropped, none restored" \
    "$wd/revoke-retire.json" "K['io']['yields_dropped'] == 2 and K['io']['wakeups'] == 0"
if [ -z "${KMU_BIN:-}" ]; then
  run full "$paper" workloads/hw/io_full.wl c &&
    check "io_full paper c: watch table full, refused TBs spin and finish" "$wd/full.json" \
      "K['io']['yield_full'] > 0 and d['yield']['full'] == K['io']['yield_full']
       and K['io']['yields'] > 0 and K['io']['spins'] >= K['io']['yield_full']"
fi
# random I/O workloads (scripts/gen_workload.py mode io) with yield=addr and yield=spin under
# drain, Chimera and PEP (issue 13: conservation through any number of yields; spins used to
# deadlock, woken TBs to starve under the TB-level policies): kmusim's scoreboards, every taken
# yield restored once.  Seeds from the spinfix sweep (30 seeds x 3 policies x both on c): cheap
# ones with yields taken (SEED:POLICY:YIELD:ENGINE)
for gs in 6:drain:addr:c 9:pep:spin:c 8:chimera:addr:c 6:chimera:spin:cosim 8:pep:addr:cosim; do
  IFS=: read -r gseed gpol gy geng <<<"$gs"
  python3 scripts/gen_workload.py "$gseed" 20000 small io |
    sed -e "s/policy=[a-z_+]*/policy=$gpol/" -e "s/yield=addr/yield=$gy/g" \
      -e "s/yield=spin/yield=$gy/g" >"$wd/gen-$gseed-$gpol-$gy.wl"
  run gen-$gseed-$gpol-$gy-$geng "$small" "$wd/gen-$gseed-$gpol-$gy.wl" "$geng" &&
    check "gen_workload io seed=$gseed policy=$gpol yield=$gy $geng: conserved, taken = restored" \
      "$wd/gen-$gseed-$gpol-$gy-$geng.json" \
      "sum(K[n]['yields'] for n in K) > 0 and all(K[n]['wakeups'] == K[n]['yields'] for n in K)
       and d['yield']['wake'] == d['yield']['take']"
done
# iodev_serial: expected values from the workload (header); C = 100, I = 2000
I=2000
C=100
ser() { # ser NAME GRID SERIAL [LAT]: the io_serial workload
  printf 'config small reserve=0x2 iodev_serial=%s iodev_lat=%s\nkernel io grid=%s tb=32 cycles=%s host io=%s rounds=1 yield=off\nlaunch io at=10\n' \
    "$3" "${4:-0}" "$2" "$C" "$I" >"$wd/$1.wl"
}
ser ser1 1 1; ser ser4 4 1; ser par1 1 0; ser par4 4 0; ser serlat 4 1 5
if run ser1 "$small" "$wd/ser1.wl" c && run ser4 "$small" "$wd/ser4.wl" c &&
  run par1 "$small" "$wd/par1.wl" c && run par4 "$small" "$wd/par4.wl" c &&
  run serlat "$small" "$wd/serlat.wl" c; then
  check "io_serial: serial device, the k-th of 4 requests done at r0 + (k+1) I: waits 10 I - 6" \
    "$wd/ser4.json" "K['io']['io_wait_cycles'] == 10 * $I - 6 and K['io']['io_waits'] == 4
     and K['io']['spins'] == 4 and K['io']['restart_delay_mean'] == 0
     and json.load(open('$wd/serlat.json'))['kernels'][0]['io_wait_cycles'] == 10 * $I - 6 + 4 * 5"
  check "io_serial: overlapping device: every wait I; the serial run 3 I - 3 (+-8) longer" \
    "$wd/par4.json" "K['io']['io_wait_cycles'] == 4 * $I and K['io']['io_waits'] == 4
     and abs(json.load(open('$wd/ser4.json'))['span'] - d['span'] - (3 * $I - 3)) <= 8
     and json.load(open('$wd/par1.json'))['span'] == json.load(open('$wd/ser1.json'))['span']"
fi
run ser4-cosim "$small" "$wd/ser4.wl" cosim &&
  check "io_serial cosim: waits 10 I - 6 in lockstep with the RTL" "$wd/ser4-cosim.json" \
    "K['io']['io_wait_cycles'] == 10 * $I - 6"
ser bad 4 2
"$small" "$wd/bad.wl" --engine c --no-isolated --quiet >"$wd/bad.log" 2>&1
rc=$?
if [ "$rc" = 2 ] && grep -q "bad.wl:1: .*iodev_serial=2" "$wd/bad.log"; then
  echo "PASS kmusim_io.io_serial bad value: iodev_serial=2 refused at line 1 (exit 2)"
else
  echo "FAIL kmusim_io.io_serial bad value: exit $rc"; head -n 5 "$wd/bad.log"
  fails=$((fails + 1))
fi
# the lost wake-up scoreboard has teeth: a signal the device loses
if KMUSIM_IO_BUG=drop_signal "$small" workloads/hw/io_yield.wl --engine c --no-isolated --quiet \
  >"$wd/bug.log" 2>&1; then
  echo "FAIL kmusim_io.planted drop_signal: the run passed"; fails=$((fails + 1))
elif grep -q "lost wake-up: TB" "$wd/bug.log"; then
  echo "PASS kmusim_io.planted drop_signal: lost wake-up reported"
else
  echo "FAIL kmusim_io.planted drop_signal: no lost wake-up reported"; head -n 5 "$wd/bug.log"
  fails=$((fails + 1))
fi
[ "$fails" = 0 ]
