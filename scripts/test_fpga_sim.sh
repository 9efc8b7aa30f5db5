#!/usr/bin/env bash
# test_fpga_sim.sh [--long] - kmuctl against the Verilated kmu_link_top (kmu_uart_axil + the
# EDGE front end, fpga/kmu_link_top.v) through a pseudo-terminal: the host link end to end, as
# on a board (docs/blocks/kmu_uart_axil.md, docs/tools.md).  make test runs the short version,
# make fpga-sim the long one (--long: many more registers written and read back, a refused
# registration, unregistration, a refused doorbell).
#   KMU_FPGA_SIM (default build/bin/kmu-fpga-sim), KMUCTL (default build/bin/kmuctl)
# Expected values come from the register map (docs/regmap.md) and the protocol, not from a run.
# One PASS/FAIL line per check; ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
SIM=${KMU_FPGA_SIM:-build/bin/kmu-fpga-sim}
CTL=${KMUCTL:-build/bin/kmuctl}
LONG=0
[ "${1:-}" = --long ] && LONG=1
for b in "$SIM" "$CTL"; do
  [ -x "$b" ] || { echo "FAIL fpga_sim: $b not built (make fpga-sim)"; exit 1; }
done
TMP=$(mktemp -d)
TTY=$TMP/tty
"$SIM" --link "$TTY" --max-idle 60 >"$TMP/sim.log" 2>&1 &
SIMPID=$!
trap 'kill -CONT $SIMPID 2>/dev/null; kill $SIMPID 2>/dev/null; wait $SIMPID 2>/dev/null; rm -rf "$TMP"' EXIT
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "PASS fpga_sim.$1"; }
bad() { fail=$((fail + 1)); echo "FAIL fpga_sim.$1"; sed 's/^/    /' "$TMP/why" | head -n 20; }
for _ in $(seq 100); do [ -e "$TTY" ] && break; sleep 0.1; done
[ -e "$TTY" ] || { echo "FAIL fpga_sim.start: the simulator made no terminal"; cat "$TMP/sim.log"; exit 1; }

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
D=(-d "$TTY")
hex() { printf '0x%08x' "$1"; }

# ---- the link itself
run ping 0 "protocol version 1, 16-bit addresses" "" "${D[@]}" ping
run read_id 0 "0x4b4d5530" "" "${D[@]}" read ID                 # ASCII "KMU0"
# the register map's version, as regmap/kmu.rdl gives it (the generated C header)
ver=$(awk '$2 == "KMU_VERSION_RESET" { print $3 }' cmodel/include/kmu_regmap.h | tr -d u)
run read_version 0 "$(hex "$ver")" "" "${D[@]}" read 0x0004
v=$(( (RANDOM << 17) ^ (RANDOM << 2) ^ RANDOM ))
run write_scratch 0 "" "" "${D[@]}" write SCRATCH "$(hex $v)"
run readback_scratch 0 "$(hex $v)" "" "${D[@]}" read SCRATCH
# an address outside every window: the front end answers SLVERR, kmuctl says so and fails
run slverr_read 1 "" "answered SLVERR" "${D[@]}" read 0x0400
run slverr_write 1 "" "answered SLVERR" "${D[@]}" write 0x0ffc 1
run err_cnt_bus 0 "0x00000002" "" "${D[@]}" read ERR_CNT_BUS   # both refusals counted

# ---- the register map by name: an event kernel, its doorbell, the counters
run counters_zero 0 "PERF_DOORBELLS   0x0040  0x00000000" "" "${D[@]}" counters
run register 0 "registered: doorbell 0" "" "${D[@]}" register kptr=0x1000 pbase=0x8000 \
  pend=0x8040 esize=16 maxinf=2 grid=2,1,1 tb=64,1,1 nregs=16 prio=1
run doorbell 0 "" "" "${D[@]}" doorbell 0
run perf_doorbells 0 "0x00000001" "" "${D[@]}" read PERF_DOORBELLS
run perf_launches 0 "0x00000001" "" "${D[@]}" read PERF_LAUNCHES
run perf_completions 0 "0x00000001" "" "${D[@]}" read PERF_COMPLETIONS

# ---- bad input on the line gets its error answer (EE code chk, read back here byte for byte:
# it also keeps the next bytes from arriving while the bridge still answers) and a counter
exec 3<>"$TTY"
stty -F "$TTY" raw -echo min 1 time 0
# raw NAME BYTES ANSWER: BYTES (printf escapes) to the bridge, ANSWER (hex) must come back
raw() {
  printf "$2" >&3
  local got
  got=$(timeout 5 head -c 3 <&3 | od -An -tx1 | tr -d ' \n')
  if [ "$got" = "$3" ]; then ok "$1"; else echo "sent $2, expected $3, got '${got}'" >"$TMP/why"; bad "$1"; fi
}
raw answer_badcmd '\x09' ee0111          # no command: BADCMD (1)
raw answer_timeout '\x03\x00' ee030f     # a READ cut short: TIMEOUT (3)
raw answer_checksum '\x01\x00' ee0210    # a PING with a wrong checksum: CHECKSUM (2)
exec 3>&-
run stats_badcmd 0 "BADCMD     1" "" "${D[@]}" stats
run stats_timeout 0 "TIMEOUT    1" "" "${D[@]}" stats
run stats_checksum 0 "CHECKSUM   1" "" "${D[@]}" stats
run ping_after_garbage 0 "protocol version 1" "" "${D[@]}" ping

# ---- what kmuctl refuses before or without the board
run usage_name 2 "" "neither a register name" "${D[@]}" read NO_SUCH_REG
run usage_cmd 2 "" "unknown command" "${D[@]}" frobnicate
run no_device 1 "" "cannot open" -d "$TMP/none" ping
run not_a_tty 1 "" "not a serial device" -d /dev/null ping
kill -STOP $SIMPID
run timeout 1 "" "no answer to PING within 300 ms" "${D[@]}" -t 300 ping
kill -CONT $SIMPID
run ping_after_timeout 0 "protocol version 1" "" "${D[@]}" ping

if [ $LONG = 1 ]; then
  # every RW staging register and SCRATCH, many values, written and read back
  regs=(SCRATCH REG_KPTR REG_PBASE REG_PEND HL_KPTR HL_PARAM PRE_CTX_BASE PRE_DEADLINE)
  bad_rb=0
  for k in $(seq 200); do
    r=${regs[$((RANDOM % ${#regs[@]}))]}
    v=$(hex $(( (RANDOM << 17) ^ (RANDOM << 2) ^ RANDOM )))
    "$CTL" "${D[@]}" write "$r" "$v" >/dev/null 2>"$TMP/err" &&
      got=$("$CTL" "${D[@]}" read "$r" 2>>"$TMP/err") && [ "$got" = "$v" ] ||
      { bad_rb=1; echo "$r: wrote $v, read ${got:-nothing}" >"$TMP/why"; cat "$TMP/err" >>"$TMP/why"; break; }
  done
  [ $bad_rb = 0 ] && ok readback_200 || bad readback_200
  run dump 0 "ID               0x0000  0x4b4d5530" "" "${D[@]}" dump
  run register_refused 1 "" "ESIZE_ZERO" "${D[@]}" register kptr=0x1000 pbase=0x8000 \
    pend=0x8040 esize=0
  run doorbell_unregistered 0 "" "" "${D[@]}" doorbell 5
  run err_cnt_db 0 "0x00000001" "" "${D[@]}" read ERR_CNT_DB
  run unregister 0 "unregistered: doorbell 0" "" "${D[@]}" unregister 0
  run unregister_again 1 "" "NOT_REGISTERED" "${D[@]}" unregister 0
  run stats_end 0 "RANGE      0" "" "${D[@]}" stats
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
