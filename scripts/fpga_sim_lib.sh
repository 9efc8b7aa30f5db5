# fpga_sim_lib.sh - sourced by the board-simulator tests (scripts/test_fpga_sim.sh: kmu_board_top,
# scripts/test_fpga_fe_sim.sh: kmu_board_fe_top): start a Verilated board top on a
# pseudo-terminal and check kmuctl's answers against it (docs/fpga.md, docs/tools.md).
#   fpga_sim_start SIM   SIM and $CTL must be executables (else FAIL, exit 1); runs SIM --link
#                        $TTY in the background ($SIMPID, its log $TMP/sim.log; stopped and
#                        $TMP removed on exit) and waits for its terminal; sets D=(-d $TTY)
#   run NAME RC OUT ERR ARGS...   kmuctl ARGS exits with RC, OUT on stdout, ERR on stderr
#   waitfor NAME REG VALUE        REG reads VALUE within 60 s
#   writes NAME REG VAL [REG VAL]...  kmuctl writes each in turn; all answered OKAY (one check)
#   ok NAME / bad NAME            one PASS / FAIL line (bad prints $TMP/why)
#   hex N                         0x%08x
#   fpga_sim_end                  the simulator's error LED stayed off, "N passed, M failed",
#                                 exit 0 only when nothing failed
# Expected values come from the register map (docs/regmap.md) and the protocol, not from a run.
# The caller sets CTL (kmuctl) before fpga_sim_start.
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "PASS fpga_sim.$1"; }
bad() { fail=$((fail + 1)); echo "FAIL fpga_sim.$1"; sed 's/^/    /' "$TMP/why" | head -n 20; }
hex() { printf '0x%08x' "$1"; }

fpga_sim_start() {
  local sim=$1 b
  for b in "$sim" "$CTL"; do
    [ -x "$b" ] || { echo "FAIL fpga_sim: $b not built (make fpga-sim)"; exit 1; }
  done
  TMP=$(mktemp -d)
  TTY=$TMP/tty
  "$sim" --link "$TTY" --max-idle 60 >"$TMP/sim.log" 2>&1 &
  SIMPID=$!
  trap 'kill -CONT $SIMPID 2>/dev/null; kill $SIMPID 2>/dev/null; wait $SIMPID 2>/dev/null; rm -rf "$TMP"' EXIT
  for _ in $(seq 100); do [ -e "$TTY" ] && break; sleep 0.1; done
  [ -e "$TTY" ] || { echo "FAIL fpga_sim.start: the simulator made no terminal"; cat "$TMP/sim.log"; exit 1; }
  D=(-d "$TTY")
}

# run NAME RC OUT ERR ARGS...: kmuctl ARGS exits with RC, OUT is on its stdout and ERR on its
# stderr (fixed strings; empty: anything); a hang fails after 20 s
run() {
  local name=$1 want=$2 out=$3 err=$4 rc
  shift 4
  timeout 20 "$CTL" "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  if [ "$rc" = "$want" ] && { [ -z "$out" ] || grep -qF -- "$out" "$TMP/out"; } &&
     { [ -z "$err" ] || grep -qF -- "$err" "$TMP/err"; }; then
    ok "$name"
    return 0
  fi
  { echo "kmuctl $*: expected exit $want, stdout '$out', stderr '$err'; got exit $rc:"
    cat "$TMP/out" "$TMP/err"; } >"$TMP/why"
  bad "$name"
  return 1
}

# waitfor NAME REG VALUE: REG reads VALUE within 60 s (the simulator's clock runs freely, and
# on a busy machine it gets less of a core than the reads: a kernel's end is waited for by the
# wall clock, not by a count of reads, which ran out at 200 under load)
waitfor() {
  local v="" end=$((SECONDS + 60))
  while [ $SECONDS -lt $end ]; do
    v=$("$CTL" "${D[@]}" read "$2" 2>&1)
    [ "$v" = "$3" ] && { ok "$1"; return 0; }
  done
  echo "$2 reads '$v', expected $3 within 60 s" >"$TMP/why"
  bad "$1"
  return 1
}

# writes NAME REG VAL [REG VAL]...: each write in turn (kmuctl write), stopping at the first
# that fails; one check: every write answered OKAY
writes() {
  local name=$1
  shift
  : >"$TMP/why"
  while [ $# -ge 2 ]; do
    "$CTL" "${D[@]}" write "$1" "$2" >/dev/null 2>>"$TMP/why" || break
    shift 2
  done
  if [ $# = 0 ] && [ ! -s "$TMP/why" ]; then ok "$name"; else bad "$name"; fi
}

fpga_sim_end() {
  # the machine never refused what a correct system never produces
  if grep -q "error LED" "$TMP/sim.log"; then cp "$TMP/sim.log" "$TMP/why"; bad error_led; else ok error_led; fi
  echo "$pass passed, $fail failed"
  [ "$fail" = 0 ]
}
