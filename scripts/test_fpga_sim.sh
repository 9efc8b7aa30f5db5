#!/usr/bin/env bash
# test_fpga_sim.sh [--long] - kmuctl against the Verilated board top kmu_board_top (kmu_uart_axil,
# kmu_gpu in its small configuration, on-chip memories, TB runners; fpga/kmu_board_top.v)
# through a pseudo-terminal: the host link and the machine end to end, as on a board
# (docs/blocks/kmu_uart_axil.md, docs/tools.md, docs/fpga.md).  make test runs the short
# version (the link, an event kernel, a host kernel and a copy run to completion), make
# fpga-sim the long one (--long: many more registers written and read back, a doorbell train,
# TB-level preemption with saves and restores on the TB runners, EDGE warp-level preemption
# with an event warp in a victim's slot, kmuctl run of workloads/demo.wl and preempt.wl, a refused
# registration,
# unregistration, a refused doorbell).  The simulator's error LED (kmu_gpu hw_err_o or a
# TB-runner error) must stay off.
#   KMU_FPGA_SIM (default build/bin/kmu-fpga-sim), KMUCTL (default build/bin/kmuctl)
# Expected values come from the register map (docs/regmap.md) and the protocol, not from a run.
# One PASS/FAIL line per check; ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
SIM=${KMU_FPGA_SIM:-build/bin/kmu-fpga-sim}
CTL=${KMUCTL:-build/bin/kmuctl}
LONG=0
[ "${1:-}" = --long ] && LONG=1
. scripts/fpga_sim_lib.sh
fpga_sim_start "$SIM"

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
# the event kernel's two TBs run 0x8000 cycles each on the TB runners (the low RUN_W = 20 bits
# of their parameter address 0x8000)
waitfor perf_kernels_event PERF_KERNELS 0x00000001
run perf_doorbells 0 "0x00000001" "" "${D[@]}" read PERF_DOORBELLS
run perf_launches 0 "0x00000001" "" "${D[@]}" read PERF_LAUNCHES
run perf_completions 0 "0x00000001" "" "${D[@]}" read PERF_COMPLETIONS

# ---- a host kernel: 3 TBs of 2 warps, 0x1200 cycles each (its parameter's low bits)
writes host_stage HL_KPTR 0x2000 HL_GRID_XY 0x00010003 HL_GRID_Z 1 HL_TB_XY 0x00010040 \
  HL_TB_Z 1 HL_RES 0x00100000 HL_PARAM 0x00101200 HL_CPL_ADDR 0x00000100
run host_launch 0 "" "" "${D[@]}" write HL_CMD 1
waitfor perf_kernels_host PERF_KERNELS 0x00000002
run host_status 0 "0x00000000" "" "${D[@]}" read HL_STATUS
run kernel_status 0 "0x00000001" "" "${D[@]}" read KERNEL_STATUS

# ---- a copy, host to device: 64 bytes through the copy engine, tag 5
writes copy_stage COPY_SRC 0x40 COPY_DST 0x800 COPY_LEN 64 COPY_CTRL 0x00050000
run copy_go 0 "" "" "${D[@]}" write COPY_GO 1
run copy_cpl 0 "0x80000005" "" "${D[@]}" read COPY_CPL    # VALID, STATUS OK, ID 5
run copy_pop 0 "" "" "${D[@]}" write COPY_CPL_POP 1
run copy_cpl_empty 0 "0x00000000" "" "${D[@]}" read COPY_CPL
run perf_copies 0 "0x00000001" "" "${D[@]}" read PERF_COPIES

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
# A stopped simulator: kmuctl times out.  The bridge still answers that PING once it runs
# again (the request is not lost), late; that answer is read here, whole, before the next
# request, else it would race the next ping's input flush (a flush in the middle of the late
# answer leaves its checksum byte as the start of the next answer: seen under load in CI).
exec 3<>"$TTY"
kill -STOP $SIMPID
run timeout 1 "" "no answer to PING within 300 ms" "${D[@]}" -t 300 ping
kill -CONT $SIMPID
stty -F "$TTY" raw -echo min 1 time 0   # kmuctl left the line at VMIN 0 (reads never block)
# the PING answer: 0x81, magic 'K', version 1, 16 address bits, checksum (the bytes sum to 0)
late=$(( 0x81 + 0x4b + 0x01 + 0x10 ))
want_late=$(printf '814b0110%02x' $(( (256 - (late & 0xff)) & 0xff )))
got_late=$(timeout 20 head -c 5 <&3 | od -An -tx1 | tr -d ' \n')
exec 3>&-
if [ "$got_late" = "$want_late" ]; then ok late_answer; else
  echo "after SIGCONT the bridge answered the timed-out PING with '$got_late', expected $want_late" >"$TMP/why"
  bad late_answer
fi
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

  # a doorbell train on a new event kernel (prio 2, 1 TB of 1 warp, 0x39000 cycles: the low 20
  # bits of its parameter address): maxinf = 4 doorbells launch at once, a fifth one while they
  # run is refused (ERR_CNT_DB) and launches nothing; the four complete once each
  run register_train 0 "registered: doorbell" "" "${D[@]}" register kptr=0x3000 pbase=0x39000 \
    pend=0x39100 esize=16 maxinf=4 grid=1,1,1 tb=32,1,1 nregs=8 prio=2
  db=$(sed -n 's/.*registered: doorbell \([0-9]*\).*/\1/p' "$TMP/out")
  k0=$("$CTL" "${D[@]}" read PERF_KERNELS)
  e0=$("$CTL" "${D[@]}" read ERR_CNT_DB)
  l0=$("$CTL" "${D[@]}" read PERF_LAUNCHES)
  for _ in 1 2 3 4 5; do "$CTL" "${D[@]}" doorbell "$db" >/dev/null 2>&1; done
  run train_refused 0 "$(hex $((e0 + 1)))" "" "${D[@]}" read ERR_CNT_DB
  run train_launches 0 "$(hex $((l0 + 4)))" "" "${D[@]}" read PERF_LAUNCHES
  waitfor train_kernels PERF_KERNELS "$(hex $((k0 + 4)))"

  # TB-level preemption (Chimera): a low-priority host kernel whose TBs fill both SMs' warp
  # slots (256 threads = 8 warps) for 0x40000 cycles each, then a priority-3 event kernel that
  # fits nowhere: an SM is asked to preempt, switches (saves, evicts) its TB, the event kernel
  # runs, the TB is restored and resumes its remaining cycles; every kernel completes once.
  run pre_policy 0 "" "" "${D[@]}" write PRE_CTRL 1
  # a 256-cycle deadline: no TB left running can drain within it, so Chimera switches (saves)
  run pre_deadline 0 "" "" "${D[@]}" write PRE_DEADLINE 0x100
  run pre_ctx_base 0 "" "" "${D[@]}" write PRE_CTX_BASE 0x400
  run register_hi 0 "registered: doorbell" "" "${D[@]}" register kptr=0x4000 pbase=0xa000 \
    pend=0xa100 esize=16 maxinf=2 grid=1,1,1 tb=64,1,1 nregs=16 prio=3
  dh=$(sed -n 's/.*registered: doorbell \([0-9]*\).*/\1/p' "$TMP/out")
  k0=$("$CTL" "${D[@]}" read PERF_KERNELS)
  writes pre_host_launch HL_KPTR 0x5000 HL_GRID_XY 0x00010004 HL_TB_XY 0x00010100 \
    HL_RES 0x00100000 HL_PARAM 0x00040000 HL_CMD 1
  run pre_doorbell 0 "" "" "${D[@]}" doorbell "$dh"
  # the event kernel (1 TB, its parameter 0xa000 cycles) completes while the host kernel's
  # TBs (4 x 0x40000 cycles on 2 SMs) still run
  waitfor pre_event_first PERF_KERNELS "$(hex $((k0 + 1)))"
  waitfor pre_all_done PERF_KERNELS "$(hex $((k0 + 2)))"
  p=$("$CTL" "${D[@]}" read PERF_PREEMPTS)
  [ $((p)) -gt 0 ] && ok pre_requested || { echo "PERF_PREEMPTS $p" >"$TMP/why"; bad pre_requested; }
  c=$("$CTL" "${D[@]}" read PERF_CTX_SAVES)
  [ $((c)) -gt 0 ] && ok pre_saved || { echo "PERF_CTX_SAVES $c" >"$TMP/why"; bad pre_saved; }
  run pre_idle 0 "0x00000000" "" "${D[@]}" read PRE_STATUS

  # EDGE warp-level preemption (PRE_CTRL.WP_EN, policy DRAIN): a host kernel's 2 TBs take every
  # warp slot of both SMs, then a priority-3 warp-level event kernel (1 warp, no shared memory)
  # arrives: a victim warp is stopped, its registers saved, the event warp runs in its slot
  # (ev_start / ev_done on the TB runner), the victim resumes; the event kernel completes first.
  # wp_run TAG EKPTR ECYCLES HKPTR HCYCLES FIRST: the event kernel at EKPTR runs ECYCLES (its
  # parameter address), the host kernel's TBs at HKPTR run HCYCLES each; FIRST = 1: the event
  # kernel's completion is seen alone first (PERF_KERNELS one up)
  run wp_enable 0 "" "" "${D[@]}" write PRE_CTRL 8
  wp_run() {
    local tag=$1 dw k0 w0 w
    run "register_$tag" 0 "registered: doorbell" "" "${D[@]}" register kptr="$2" pbase="$3" \
      pend="$(hex $(($3 + 0x100)))" esize=16 maxinf=2 grid=1,1,1 tb=32,1,1 nregs=16 prio=3
    dw=$(sed -n 's/.*registered: doorbell \([0-9]*\).*/\1/p' "$TMP/out")
    k0=$("$CTL" "${D[@]}" read PERF_KERNELS)
    w0=$("$CTL" "${D[@]}" read PERF_WP)
    writes "${tag}_host_launch" HL_KPTR "$4" HL_GRID_XY 0x00010002 HL_TB_XY 0x00010100 \
      HL_RES 0x00080000 HL_PARAM "$5" HL_CMD 1
    run "${tag}_doorbell" 0 "" "" "${D[@]}" doorbell "$dw"
    [ "$6" = 1 ] && waitfor "${tag}_event_first" PERF_KERNELS "$(hex $((k0 + 1)))"
    w=$("$CTL" "${D[@]}" read PERF_WP)
    [ $((w)) -gt $((w0)) ] && ok "${tag}_started" || { echo "PERF_WP $w, before $w0" >"$TMP/why"; bad "${tag}_started"; }
    waitfor "${tag}_all_done" PERF_KERNELS "$(hex $((k0 + 2)))"
    run "${tag}_idle" 0 "0x00000000" "" "${D[@]}" read PRE_STATUS
  }
  wp_run wp 0x6000 0xb000 0x7000 0x00040000 1
  # again with a victim whose TB's run ends while its warp is stopped: host TBs of 0x20000
  # cycles, an event warp of 0xf0000, so the victim's TB finishes while the event warp runs in
  # its slot and may exit only after its warp resumes (the TB runner's exit engine does not take
  # a TB with a stopped warp); both kernels complete, no error (error_led below).  Not FIRST:
  # the host kernel ends right after the event kernel, often between two reads
  wp_run wp2 0x8000 0xf0000 0x9000 0x00020000 0

  # kmuctl run: kmusim workload files played on the board (kmusim's parser); every instance
  # the board accepted completes once (the expected count is the file's doorbells + launches)
  run run_demo 0 "9 instances issued, 0 doorbells refused (in-flight limit), 9 kernels completed of 9 expected" \
    "" "${D[@]}" run workloads/demo.wl 60
  run run_preempt 0 "17 kernels completed of 17 expected" "" "${D[@]}" run workloads/preempt.wl 60
fi
# a malformed workload is refused before the device is opened (usage error, exit 2)
printf 'kernel k grid=0\n' >"$TMP/bad.wl"
run run_malformed 2 "" "bad.wl:1" "${D[@]}" run "$TMP/bad.wl"

fpga_sim_end
