#!/usr/bin/env bash
# test_fpga_fe_sim.sh - kmuctl against the Verilated front-end board top kmu_board_fe_top
# (kmu_uart_axil, kmu_frontend, the kernel stand-in kmu_fe_sink; fpga/kmu_board_fe_top.v: the
# iCEBreaker's machine, docs/fpga.md) through a pseudo-terminal, with the helpers of
# scripts/fpga_sim_lib.sh (shared with scripts/test_fpga_sim.sh).  Part of make test (a few
# seconds of CPU): the link and the register map, SLVERR for a bad address and a write to a
# read-only register, an event kernel whose doorbell rung beyond its in-flight limit is refused
# while its two kernels run in the stand-in's two slots, a doorbell train of N kernels that all
# complete, a doorbell beyond the table, a host kernel, the commands for units the board lacks
# (COPY_GO, TR_CMD: the second is answered SLVERR, never a hang), kmuctl run of a workload.
#   KMU_FPGA_FE_SIM (default build/bin/kmu-fpga-fe-sim), KMUCTL (default build/bin/kmuctl)
# Expected values come from the register map (docs/regmap.md), the launch semantics (each
# accepted kernel completes once and returns one credit; a doorbell beyond maxinf is refused)
# and the build's sizes (sim/fpga/fpga_sim.mk), never from a run.  The stand-in runs a kernel
# for the low 20 bits of its parameter in cycles (RUN_W=20 in this build).
set -u
cd "$(dirname "$0")/.."
SIM=${KMU_FPGA_FE_SIM:-build/bin/kmu-fpga-fe-sim}
CTL=${KMUCTL:-build/bin/kmuctl}
. scripts/fpga_sim_lib.sh
# the build's EKT entries and counter width: the iCEBreaker top's parameter defaults, which
# sim/fpga/fpga_sim.mk gives the simulator
topv() { sed -n "s/^ *parameter integer $1 *= *\([0-9][0-9]*\),.*/\1/p" fpga/boards/icebreaker/kmu_icebreaker_top.v; }
ENTRIES=$(topv ENTRIES)
CNT_W=$(topv CNT_W)
fpga_sim_start "$SIM"
fld() { awk -v n="KMU_$1" '$2 == n { print $3 }' cmodel/include/kmu_regmap.h | tr -d u; }

# ---- the link and the register map
run ping 0 "protocol version 1, 16-bit addresses" "" "${D[@]}" ping
run read_id 0 "0x4b4d5530" "" "${D[@]}" read ID                 # ASCII "KMU0"
# CONFIG: EKT entries, counter width, 16 address bits (the build's parameters)
run read_config 0 "$(hex $(( ENTRIES << $(fld CONFIG_EKT_ENTRIES_SHIFT) |
  CNT_W << $(fld CONFIG_CNT_W_SHIFT) | 16 << $(fld CONFIG_AW_SHIFT) )))" "" "${D[@]}" read CONFIG
v=$(( (RANDOM << 17) ^ (RANDOM << 2) ^ RANDOM ))
run write_scratch 0 "" "" "${D[@]}" write SCRATCH "$(hex $v)"
run readback_scratch 0 "$(hex $v)" "" "${D[@]}" read SCRATCH
run slverr_read 1 "" "answered SLVERR" "${D[@]}" read 0x0400   # outside every window
run slverr_write_ro 1 "" "answered SLVERR" "${D[@]}" write ID 0  # a read-only register
run err_cnt_bus 0 "0x00000002" "" "${D[@]}" read ERR_CNT_BUS

# ---- an event kernel, maxinf 2: its parameter entries 0xf0000, 0xf0010 run 983,040 cycles
# each (low 20 bits) in the stand-in's two slots; a third doorbell while they run is refused
run register_long 0 "registered: doorbell 0" "" "${D[@]}" register kptr=0x1000 pbase=0xf0000 \
  pend=0xf0100 esize=16 maxinf=2 grid=2,1,1 tb=64,1,1 nregs=16 prio=1
for k in 1 2 3; do run "doorbell_long_$k" 0 "" "" "${D[@]}" doorbell 0; done
run long_launches 0 "0x00000002" "" "${D[@]}" read PERF_LAUNCHES
run long_refused 0 "0x00000001" "" "${D[@]}" read ERR_CNT_DB
run long_refused_info 0 "$(hex $(( $(fld DB_CAUSE_INFLIGHT) << $(fld ERR_DB_INFO_CAUSE_SHIFT) )))" \
  "" "${D[@]}" read ERR_DB_INFO                                    # doorbell 0, in-flight limit
waitfor long_kernels PERF_KERNELS 0x00000002
run long_completions 0 "0x00000002" "" "${D[@]}" read PERF_COMPLETIONS

# ---- a doorbell train: N = 6 doorbells of a short kernel (maxinf 4; parameter entries
# 0x100000.. : low 20 bits 0 -> the stand-in's default 64 cycles, then 16, 32, ... cycles),
# each rung after the previous one completed: 6 launches, 6 kernels, 6 credits, none refused
run register_short 0 "registered: doorbell 1" "" "${D[@]}" register kptr=0x2000 pbase=0x100000 \
  pend=0x100080 esize=16 maxinf=4 prio=2
for k in 1 2 3 4 5 6; do
  run "doorbell_train_$k" 0 "" "" "${D[@]}" doorbell 1
  waitfor "train_kernel_$k" PERF_KERNELS "$(hex $((2 + k)))"
done
run train_doorbells 0 "0x00000008" "" "${D[@]}" read PERF_DOORBELLS
run train_launches 0 "0x00000008" "" "${D[@]}" read PERF_LAUNCHES
run train_completions 0 "0x00000008" "" "${D[@]}" read PERF_COMPLETIONS
run train_refused 0 "0x00000001" "" "${D[@]}" read ERR_CNT_DB

# ---- a doorbell beyond the table (index ENTRIES): OKAY, nothing launched, refused as unknown
run doorbell_unknown 0 "" "" "${D[@]}" write "DOORBELL[$ENTRIES]" 1
run unknown_info 0 "$(hex $(( $(fld DB_CAUSE_UNKNOWN) << $(fld ERR_DB_INFO_CAUSE_SHIFT) | ENTRIES )))" \
  "" "${D[@]}" read ERR_DB_INFO
run unknown_refused 0 "0x00000002" "" "${D[@]}" read ERR_CNT_DB

# ---- a host kernel (HL_PARAM 0x1200: 4,608 cycles): one kernel more, no credit returned
writes host_stage HL_KPTR 0x3000 HL_GRID_XY 0x00010003 HL_GRID_Z 1 HL_TB_XY 0x00010040 \
  HL_TB_Z 1 HL_RES 0x00100000 HL_PARAM 0x00001200 HL_CPL_ADDR 0x100
run host_launch 0 "" "" "${D[@]}" write HL_CMD 1
waitfor host_kernel PERF_KERNELS 0x00000009
run host_status 0 "0x00000000" "" "${D[@]}" read HL_STATUS
run host_no_credit 0 "0x00000008" "" "${D[@]}" read PERF_COMPLETIONS
run kernel_status 0 "0x00000001" "" "${D[@]}" read KERNEL_STATUS
run no_spurious 0 "0x00000000" "" "${D[@]}" read ERR_CNT_CPL   # never a credit too many
run no_host_refused 0 "0x00000000" "" "${D[@]}" read ERR_CNT_REG

# ---- units the board does not have: their command stages are never taken, so the first
# COPY_GO / TR_CMD stays staged and the next one is answered SLVERR (busy), at once
writes copy_stage COPY_SRC 0x40 COPY_DST 0x800 COPY_LEN 64 COPY_CTRL 0x00050000
run copy_go_staged 0 "" "" "${D[@]}" write COPY_GO 1
run copy_go_busy 1 "" "answered SLVERR" "${D[@]}" write COPY_GO 1
run copy_pending 0 "$(hex $(( 1 << $(fld COPY_STATUS_BUSY_SHIFT) | 1 << $(fld COPY_STATUS_CMD_PENDING_SHIFT) )))" \
  "" "${D[@]}" read COPY_STATUS
run copy_no_cpl 0 "0x00000000" "" "${D[@]}" read COPY_CPL
run tr_cmd_staged 0 "" "" "${D[@]}" write TR_CMD 0
run tr_cmd_busy 1 "" "answered SLVERR" "${D[@]}" write TR_CMD 0
run err_cnt_bus_end 0 "0x00000004" "" "${D[@]}" read ERR_CNT_BUS

# ---- kmuctl run: a kmusim workload played on the board; every accepted instance completes
run run_demo 0 "kernels completed of" "" "${D[@]}" run workloads/demo.wl 60
run perf_preempts_none 0 "0x00000000" "" "${D[@]}" read PERF_PREEMPTS   # no preemption unit

fpga_sim_end
