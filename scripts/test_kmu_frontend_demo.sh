#!/usr/bin/env bash
# test_kmu_frontend_demo.sh - `make run-frontend` must narrate.  Its demo (test "demo" of
# tb/test_kmu_frontend.c, paper-sized harness) once printed only its title: the context reset
# dropped the print flag, and nothing noticed, because the test "directed" runs the same script
# silently and checks every answer, but nothing read the narration.  This runs the target and
# checks that the output names the registrations, the doorbells' descriptors and every error
# answer, and that its PASS line counts the cycles the script ran (the same as the silent run,
# with any cycle limit), not the limit.  Prints the PASS/FAIL lines run_tests.sh counts.
set -u
cd "$(dirname "$0")/.."
out=build/frontend-demo
bin=build/tb/kmu_frontend_paper/test_kmu_frontend_paper
mkdir -p "$out"
log=$out/demo.log
if ! make -s --no-print-directory run-frontend >"$log" 2>&1; then
  echo "FAIL kmu_frontend_demo.run: make run-frontend failed ($log)"
  tail -n 20 "$log"
  exit 1
fi

# ---- the narration: one pattern (extended regex) per line that must appear
fails=0
missing=()
need() { grep -Eq -- "$1" "$log" || missing+=("$1"); }
need '^openkmu EDGE front end, [0-9]+-entry EKT'
need '^-- register three event kernels'
# registration: three accepted (doorbell ids 0, 1, 2), one refused with BAD_LENGTH
need '^  cycle +[0-9]+  REG_RESULT \(\[30\] done.* = 0x40000000$'
need '^  cycle +[0-9]+  REG_RESULT \(\[30\] done.* = 0x40000001$'
need '^  cycle +[0-9]+  REG_RESULT \(\[30\] done.* = 0x40000002$'
need '^  cycle +[0-9]+  REG_RESULT \(code 5 = BAD_LENGTH\) .*= 0x40050000$'
# doorbells: each launch narrated as its descriptor, for each registered doorbell
need '^-- ring doorbells'
need '^  cycle +[0-9]+  descriptor: doorbell  0  kernel 0x80001000'
need '^  cycle +[0-9]+  descriptor: doorbell  1  kernel 0x80002000'
need '^  cycle +[0-9]+  descriptor: doorbell  2  kernel 0x80003000'
# every error answer of the script
need '^-- bad input gets a defined answer'
need '^  cycle +[0-9]+  ERR_DB_INFO after a 2nd doorbell .*= 0x00030002$'
need '^  cycle +[0-9]+  ERR_DB_INFO after doorbell 5, .*= 0x00020005$'
need '^  cycle +[0-9]+  ERR_DB_INFO after doorbell 1000, .*= 0x000103e8$'
need '^  cycle +[0-9]+  read of unmapped 0x0800 .*\(SLVERR\)$'
need '^  cycle +[0-9]+  write to an unmapped word of the TReM window .*-> SLVERR$'
need '^  cycle +[0-9]+  write with a partial strobe .*-> SLVERR$'
need '^  cycle +[0-9]+  ERR_STATUS \(b0 .*= 0x0000004f$'
need '^  cycle +[0-9]+  ERR_CNT_DB .*= 0x00000003$'
need '^  cycle +[0-9]+  ERR_CNT_REG .*= 0x00000001$'
need '^  cycle +[0-9]+  ERR_CNT_BUS .*= 0x00000003$'
need '^demo done: '
need '^PASS kmu_frontend\.demo seed=1 cycles=[0-9]+$'
# one narrated descriptor per launch: as many lines as the closing line's count
ndesc=$(grep -c 'descriptor: doorbell' "$log")
said=$(grep -oE '^demo done: [0-9]+ doorbells rung, [0-9]+ descriptors' "$log" | grep -oE '[0-9]+ descriptors' | grep -oE '[0-9]+')
if [ "${#missing[@]}" = 0 ] && [ -n "$said" ] && [ "$ndesc" = "$said" ]; then
  echo "PASS kmu_frontend_demo.narration: registrations, $ndesc descriptors, every error answer"
else
  echo "FAIL kmu_frontend_demo.narration: make run-frontend narrated too little ($log)"
  for m in "${missing[@]}"; do echo "  missing: $m"; done
  echo "  descriptor lines: $ndesc, the closing line says: ${said:-nothing}"
  head -n 5 "$log"
  fails=$((fails + 1))
fi

# ---- the PASS line counts the cycles the script ran: after the last narrated cycle, below the
# limit (20000), and the same for the silent run whatever the limit
ran=$(grep -oE '^PASS kmu_frontend\.demo seed=1 cycles=[0-9]+$' "$log" | grep -oE '[0-9]+$')
last=$(grep -oE '^  cycle +[0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+$')
quiet=$("$bin" directed 2>&1 | grep -oE '^PASS kmu_frontend\.directed seed=1 cycles=[0-9]+$' | grep -oE '[0-9]+$')
capped=$(CYCLES=30000 "$bin" directed 2>&1 | grep -oE '^PASS kmu_frontend\.directed seed=1 cycles=[0-9]+$' | grep -oE '[0-9]+$')
if [ -n "$ran" ] && [ -n "$last" ] && [ "$ran" -gt "$last" ] && [ "$ran" -lt 20000 ] &&
  [ "$quiet" = "$ran" ] && [ "$capped" = "$ran" ]; then
  echo "PASS kmu_frontend_demo.cycles: the demo ran $ran cycles (last narrated $last), the silent run too, with CYCLES=30000 as well"
else
  echo "FAIL kmu_frontend_demo.cycles: PASS lines must count the cycles run: demo cycles=${ran:-?} (last narrated cycle ${last:-?}, limit 20000), directed cycles=${quiet:-?}, directed with CYCLES=30000 cycles=${capped:-?}"
  fails=$((fails + 1))
fi
[ "$fails" = 0 ]
