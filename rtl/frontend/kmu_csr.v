// kmu_csr - register decoder of the openkmu front end: CSRs, error status and counters, the
// registration staging registers and commands, the doorbell window and the host kernel launch
// window.
//
// EDGE (edge-event-driven-gpu-execution.txt) III-C and III-E: the host registers and
// unregisters event kernels through the EKT registration window (edgeRegisterEvent /
// edgeUnregisterEvent), a device launches one with a write to its doorbell.  The map is
// regmap/kmu.rdl; every address, field position, access and code used here comes from the
// generated kmu_regmap.vh (make regmap), table in docs/regmap.md.
//
// Bus (docs/frontend-interfaces.md 1, 3): every request is answered in the cycle it is accepted
// (bus_req_valid_i && bus_req_ready_o); bus_rsp_rdata_o / bus_rsp_err_o are valid in that cycle.
// A read is refused in the cycle it is first offered and accepted in the next (the master holds
// it): the plain RW registers are read from a mirror RAM with a registered read (issue 15).
// SLVERR (bus_rsp_err_o = 1, rdata 0, no register changes) for: an unaligned address, a write
// with wstrb != 4'hF, an unmapped address, a write to a read-only register,
// a read of a write-only register.  Every SLVERR sets ERR_STATUS.BUS and counts in ERR_CNT_BUS.
// bus_req_ready_o is 1 except in a read's first cycle and for a valid doorbell-window write
// while db_ready_i is low (the bus waits; kmu_doorbell holds db_ready_i at 1).  Busy, register
// map 1.7: a REG_CMD write while reg_ready_i is low, an HL_CMD write while host_valid_o &&
// !host_ready_i and a TR_CMD write while trem_req_valid_o && !trem_req_ready_i are answered
// SLVERR at once (BUS, ERR_CNT_BUS).
//
// Outputs to the other blocks, all combinational from this cycle's request:
//   db_valid_o/db_ready_i/db_idx_o : a doorbell-window write; the bus and db handshakes are one.
//   reg_valid_o/reg_ready_i        : a REG_CMD write; reg_* fields are the staging registers.
//   unreg_valid_o/unreg_id_o       : a UNREG_CMD write with id < ENTRIES (the EKT is always
//                                    ready); unreg_code_i is captured in UNREG_RESULT in that
//                                    cycle.  An id >= ENTRIES is not sent: UNREG_RESULT gets
//                                    NOT_REGISTERED from this block.
//   host_valid_o/host_ready_i      : host descriptor stream (docs/kmu-interfaces.md 1), a
//                                    register stage: an accepted HL_CMD write with no zero grid
//                                    or TB dimension copies the HL_* staging registers into the
//                                    host_* descriptor registers and sets host_valid_o from the
//                                    next cycle; held stable until host_ready_i.  A HL_CMD in
//                                    the cycle the pending one is taken is accepted (one launch
//                                    per cycle sustained).  A zero dimension is refused: OKAY on
//                                    the bus, nothing launched, ERR_STATUS.HOST_REFUSED,
//                                    ERR_CNT_REG + 1 (while a launch is pending: busy, SLVERR).
//   mode_rgem_o, reserve_mask_o    : configuration of the kernel management unit and the
//                                    dispatcher, KMU_CTRL.RGEM and SM_RESERVE (registers).
//   pre_*_o                        : the preemption window (0x2100, register map 1.2): software's
//                                    preemption policy and its parameters for the preemption
//                                    blocks of the system top, all registers (PRE_CTRL fields,
//                                    PRE_CTX_BASE, PRE_DEADLINE, PRE_BW.SHIFT, PRE_HINT).
//                                    pre_hint_valid_o is a one-cycle pulse in the cycle after a
//                                    PRE_HINT write is accepted (a register, so no bus path
//                                    reaches the predictor combinationally); pre_pred_launch_o
//                                    already holds the written value in that cycle.  Back-to-back
//                                    PRE_HINT writes give back-to-back pulses, each with its value.
//   host_class_o, host_est_o       : HL_RES.CLASS and HL_EST, carried in the host descriptor like
//                                    its other fields (register map 1.3).
//   trem_req_*_o/trem_req_ready_i  : the TReM window (0x2200, register map 1.3): a TR_CMD write
//                                    loads a register stage (kind, replay, id) held until
//                                    kmu_revoke takes it (trem_req_ready_i); a TR_CMD write while
//                                    a previous request is still held and not taken in this
//                                    cycle is answered SLVERR (busy).  trem_thr_o, trem_cost_o,
//                                    trem_policy_o, trem_shift_o, trem_unit_o, trem_sla_o,
//                                    trem_period_o are
//                                    the TR_THRESH, TR_COST, TR_CTRL, TR_SLA, TR_PERIOD registers.
//                                    kmu_revoke's completion (trem_done_*_i) is captured in
//                                    TR_RESULT, sets TR_EVENTS.DONE and counts in ERR_CNT_TREM
//                                    (status != OK) or PERF_REVOKES (OK); its guard pulse sets
//                                    TR_EVENTS.GUARD and TR_GUARD.TAG.  TR_RESULT.DONE: a
//                                    completion since the last TR_CMD write (a completion in the
//                                    write's cycle sets it).  TR_RESULT.BUSY, TR_ELASTIC, TR_LE,
//                                    TR_LAST_LID, TR_AUTO, TR_AUTO_NV are live reads (the last
//                                    two: kmu_trem_policy's automatic-request counters).
// Events (one-cycle pulses) set ERR_STATUS bits (a set wins over a write-1-clear in the same
// cycle) and bump CNT_W-bit saturating counters (a write clears a counter; an event in the
// clearing cycle still counts).  kernel_done_i (a kernel completed) sets
// KERNEL_STATUS.KERNEL_DONE the same way and counts in PERF_KERNELS.  The preemption blocks'
// pulses pre_req_i, wp_start_i, ctx_save_i count in PERF_PREEMPTS, PERF_WP, PERF_CTX_SAVES;
// pre_busy_i is read live in PRE_STATUS.BUSY.
//   ysig_*, ycnt_*                 : the GPUpIO yield window (0x2400, register map 1.5).  A
//                                    YIELD_SIGNAL write accepted in t: ysig_valid_o in t+1 only,
//                                    ysig_addr_o its data from t+1 (a register, as PRE_HINT).
//                                    YIELD_TAKE .. YIELD_ERR read kmu_yield_mon's counters
//                                    ycnt_*_i live (not clearable: they are the monitor's).
//                                    YIELD_CTRL (1.6): ytail_o, ymaxwait_o its fields, read
//                                    by kmu_gpu's wake glue from the cycle after the write;
//                                    YIELD_WKERR (1.6) reads kmu_gpu's ycnt_wkerr_i live.
//   cp_*                           : the copy window (0x2300, register map 1.4) in front of
//                                    kmu_copy_engine (RGEM 3.1), registered both ways.  A
//                                    COPY_GO write copies COPY_SRC/DST/LEN/CTRL into the
//                                    command register stage (cp_cmd_*_o, valid from the next
//                                    cycle, held until cp_cmd_ready_i); SLVERR while the previous
//                                    command is still there (the bus never waits for the engine).
//                                    What the engine cannot be given is refused here, first
//                                    match wins: COPY_LEN >= 2^CP_LENW (LONG), COPY_CTRL.PRIO
//                                    beyond the engine's priority field, >= 2^CP_PW (PRIO); the
//                                    refusal waits in a register (SLVERR for a second one while it
//                                    is there) and goes to COPY_CPL before any engine completion.  COPY_CPL
//                                    is one completion register: cp_cpl_ready_o = it and the
//                                    window-refusal register are empty (registers only);
//                                    COPY_CPL_POP empties it.  A completion entering COPY_CPL
//                                    counts in PERF_COPIES (OK) or COPY_ERR_CNT and
//                                    COPY_STATUS.LAST_ERR (a refusal).  cp_chunk_log2_o =
//                                    COPY_CHUNK.LOG2 (a register).
// irq_o = (IRQ_ENABLE.ERR && ERR_STATUS != 0) || (IRQ_ENABLE.KERNEL_DONE &&
// KERNEL_STATUS.KERNEL_DONE) || (COPY_IRQ.EN && COPY_CPL.VALID) || (TR_IRQ_EN & TR_EVENTS) != 0,
// from registers only.
//
// Latency: a write is answered in the cycle it is offered, a read in the cycle after (one wait
// cycle, then the handshake with the data); register writes and events take effect at the edge.
// A PRE_HINT write accepted in cycle t: pre_hint_valid_o high in t+1 only, pre_pred_launch_o
// the written value from t+1.  The only input -> read-data paths are the live status reads
// (STATUS, ERR_DB_INFO, EKT_VALID, PRE_STATUS, COPY_STATUS, TR_RESULT.BUSY, TR_ELASTIC, TR_LE,
// TR_LAST_LID).  COPY_GO in t: cp_cmd_valid_o
// from t+1; an engine completion taken in t (cp_cpl_valid_i && cp_cpl_ready_o): COPY_CPL.VALID
// from t+1; a window refusal in t: COPY_CPL.VALID from t+2 at the earliest.
// Limits: AW 16..32 (addresses >= 64 KiB are unmapped), ENTRIES 1..255, CNT_W 1..32,
// NSM 1..64 (SM_RESERVE holds SMs 0..31; reserve_mask_o bits 32 and up are 0); CP_NPRIO 2..8,
// CP_LENW 4..31, CP_IDW 1..16 (kmu_copy_engine's NPRIO, LENW, IDW).
// C twin: cmodel/frontend/kmu_csr.c.
`default_nettype none

module kmu_csr #(
    parameter integer AW      = 16,  // bus byte-address width
    parameter integer ENTRIES = 8,   // EKT entries
    parameter integer CNT_W   = 16,  // error / performance counter width
    parameter integer NSM     = 2,   // SMs (reserve_mask_o width)
    parameter integer CP_NPRIO = 2,  // copy engine priority levels (kmu_copy_engine NPRIO)
    parameter integer CP_LENW = 12,  // copy engine byte-count bits (LENW)
    parameter integer CP_IDW  = 4,   // copy engine tag bits (IDW)
    // derived, do not override: EKT entry id width, max(1, clog2(ENTRIES))
    parameter integer ID_W    = (ENTRIES > 1) ? $clog2(ENTRIES) : 1,
    // derived, do not override: copy priority bits, max(1, clog2(CP_NPRIO))
    parameter integer CP_PW   = (CP_NPRIO > 1) ? $clog2(CP_NPRIO) : 1
) (
    input  wire               clk_i,
    input  wire               rst_ni,
    // internal register bus, slave side (docs/frontend-interfaces.md 1)
    input  wire               bus_req_valid_i,
    output wire               bus_req_ready_o,
    input  wire               bus_req_write_i,      // 1 write, 0 read
    input  wire [     AW-1:0] bus_req_addr_i,       // byte address
    input  wire [       31:0] bus_req_wdata_i,
    input  wire [        3:0] bus_req_wstrb_i,
    output wire [       31:0] bus_rsp_rdata_o,      // read data, 0 unless an OKAY read
    output wire               bus_rsp_err_o,        // SLVERR
    // doorbell decoder
    output wire               db_valid_o,
    input  wire               db_ready_i,
    output wire [        9:0] db_idx_o,             // doorbell word index
    // registration (fields: the staging registers)
    output wire               reg_valid_o,
    input  wire               reg_ready_i,
    output wire [       31:0] reg_kptr_o,
    output wire [       15:0] reg_grid_x_o,
    output wire [       15:0] reg_grid_y_o,
    output wire [       15:0] reg_grid_z_o,
    output wire [       15:0] reg_tb_x_o,
    output wire [       15:0] reg_tb_y_o,
    output wire [       15:0] reg_tb_z_o,
    output wire [       15:0] reg_shmem_o,
    output wire [        7:0] reg_nregs_o,
    output wire [        1:0] reg_prio_o,
    output wire [       31:0] reg_pbase_o,
    output wire [       31:0] reg_pend_o,
    output wire [       15:0] reg_esize_o,
    output wire [        7:0] reg_maxinf_o,
    input  wire               reg_done_i,           // pulse: a registration finished
    input  wire [        2:0] reg_code_i,           // reg_code_e, with reg_done_i
    input  wire [   ID_W-1:0] reg_id_i,             // entry, with reg_done_i
    // unregistration (EKT always ready)
    output wire               unreg_valid_o,
    output wire [   ID_W-1:0] unreg_id_o,
    input  wire [        1:0] unreg_code_i,         // unreg_code_e, same cycle
    // events and status
    input  wire               db_err_unknown_i,     // pulse: doorbell index >= ENTRIES
    input  wire               db_err_unreg_i,       // pulse: doorbell of an unregistered entry
    input  wire               db_err_full_i,        // pulse: doorbell whose pending count is full
    input  wire [       15:0] db_last_err_idx_i,    // kmu_doorbell's last refused doorbell
    input  wire [        1:0] db_last_err_cause_i,  // db_cause_e
    input  wire               launch_fire_i,        // launch handshake at the EKT
    input  wire [        1:0] launch_err_i,         // launch_err_e, with launch_fire_i
    input  wire               cpl_valid_i,          // a completion
    input  wire               cpl_err_i,            // ... that was spurious
    input  wire               desc_fire_i,          // a descriptor left the EKT
    input  wire               desc_pending_i,       // a descriptor is waiting
    input  wire               reg_busy_i,           // the EKT is registering
    input  wire [ENTRIES-1:0] ekt_valid_i,          // registered entries
    input  wire               kernel_done_i,        // pulse: a kernel completed
    // configuration of the kernel management unit and the dispatcher
    output wire               mode_rgem_o,          // KMU_CTRL.RGEM
    output wire [    NSM-1:0] reserve_mask_o,       // SM_RESERVE, SMs reserved for event kernels
    // preemption control (PRE_* window) for the preemption blocks of the system top
    output wire [        1:0] pre_policy_o,         // PRE_CTRL.POLICY (pol_e)
    output wire               pre_inplace_o,        // PRE_CTRL.INPLACE
    output wire               pre_wp_en_o,          // PRE_CTRL.WP_EN
    output wire [        1:0] pre_vpol_o,           // PRE_CTRL.VPOL (victim_e)
    output wire [        3:0] pre_opt_o,            // PRE_CTRL.OPT (kmu_warp_preempt opt_i)
    output wire               pre_all_o,            // PRE_CTRL.ALL (kmu_preempt_ctrl all_i)
    output wire [       31:0] pre_ctx_base_o,       // PRE_CTX_BASE
    output wire [       31:0] pre_deadline_o,       // PRE_DEADLINE
    output wire [        3:0] pre_bw_shift_o,       // PRE_BW.SHIFT
    output wire               pre_hint_valid_o,     // pulse, the cycle after a PRE_HINT write
    output wire [       31:0] pre_pred_launch_o,    // PRE_HINT, the last value written
    // ... and what the preemption blocks report back
    input  wire               pre_busy_i,           // a preemption is in progress (PRE_STATUS)
    input  wire               pre_req_i,            // pulse: TB-level preemption request issued
    input  wire               wp_start_i,           // pulse: a warp-level preemption started
    input  wire               ctx_save_i,           // pulse: a context save is done
    // GPUpIO yield window (YIELD_*): the MMIO signal to kmu_yield_mon and its counters
    output wire               ysig_valid_o,         // pulse, the cycle after a YIELD_SIGNAL write
    output wire [       31:0] ysig_addr_o,          // YIELD_SIGNAL.ADDR of that write
    input  wire [  CNT_W-1:0] ycnt_take_i,          // YIELD_TAKE (kmu_yield_mon cnt_take_o)
    input  wire [  CNT_W-1:0] ycnt_spin_i,          // YIELD_SPIN
    input  wire [  CNT_W-1:0] ycnt_full_i,          // YIELD_FULL
    input  wire [  CNT_W-1:0] ycnt_nowork_i,        // YIELD_NOWORK
    input  wire [  CNT_W-1:0] ycnt_wake_i,          // YIELD_WAKE
    input  wire [  CNT_W-1:0] ycnt_err_i,           // YIELD_ERR
    input  wire [  CNT_W-1:0] ycnt_wkerr_i,         // YIELD_WKERR (kmu_gpu's counter)
    output wire               ytail_o,              // YIELD_CTRL.TAIL: wakes at the tail
    output wire [        3:0] ymaxwait_o,           // YIELD_CTRL.MAXWAIT: a parked TB's bound
    // host kernel descriptor (HL_CMD), a valid/ready stream held stable until taken
    output wire               host_valid_o,
    input  wire               host_ready_i,
    output wire [       31:0] host_kptr_o,
    output wire [       15:0] host_grid_x_o,
    output wire [       15:0] host_grid_y_o,
    output wire [       15:0] host_grid_z_o,
    output wire [       15:0] host_tb_x_o,
    output wire [       15:0] host_tb_y_o,
    output wire [       15:0] host_tb_z_o,
    output wire [       15:0] host_shmem_o,
    output wire [        7:0] host_nregs_o,
    output wire [        1:0] host_prio_o,          // 3 = highest
    output wire [       31:0] host_param_o,
    output wire [       31:0] host_cpl_addr_o,      // completion flag address
    output wire               host_class_o,         // HL_RES.CLASS: 1 user-facing, 0 batch
    output wire [       31:0] host_est_o,           // HL_EST: estimated execution time, cycles
    // TReM window (0x2200): the revoke request for kmu_revoke, held until taken
    output wire               trem_req_valid_o,
    input  wire               trem_req_ready_i,
    output wire [        1:0] trem_req_kind_o,      // TR_CMD.KIND (trem_kind_e)
    output wire               trem_req_replay_o,    // TR_CMD.REPLAY
    output wire [       15:0] trem_req_id_o,        // TR_CMD.ID (tag or launch id)
    output wire [        3:0] trem_thr_o,           // TR_THRESH.THR
    output wire [       31:0] trem_cost_o,          // TR_COST
    output wire [        1:0] trem_policy_o,        // TR_CTRL.POLICY (trem_pol_e)
    output wire [        2:0] trem_shift_o,         // TR_CTRL.SHIFT
    output wire [        2:0] trem_unit_o,          // TR_CTRL.UNIT
    output wire [       31:0] trem_sla_o,           // TR_SLA
    output wire [       31:0] trem_period_o,        // TR_PERIOD
    // ... and what kmu_revoke, kmu_elastic and kmu_kmu report back
    input  wire               trem_busy_i,          // kmu_revoke serves a request
    input  wire               trem_done_valid_i,    // pulse: a revoke request completed
    input  wire [        2:0] trem_done_status_i,   // trem_status_e
    input  wire               trem_done_replay_i,
    input  wire [        7:0] trem_done_tag_i,
    input  wire [       15:0] trem_done_lid_i,
    input  wire               trem_guard_i,         // pulse: a kernel became non-revocable
    input  wire [        7:0] trem_guard_tag_i,
    input  wire [        7:0] trem_u_i,             // kmu_elastic U
    input  wire [        7:0] trem_q_i,             // kmu_elastic q
    input  wire [       31:0] trem_le_i,            // kmu_elastic l_e
    input  wire [       15:0] trem_last_lid_i,      // kmu_kmu: launch id of the last host kernel
    input  wire [       15:0] trem_auto_req_i,      // kmu_trem_policy: automatic requests taken
    input  wire [       15:0] trem_auto_ok_i,       // ... of them revoked (OK)
    input  wire [       15:0] trem_auto_nv_i,       // ... of them NO_VICTIM
    // copy window (COPY_*) to kmu_copy_engine: its command port, registered
    output wire [        4:0] cp_chunk_log2_o,      // COPY_CHUNK.LOG2
    output wire               cp_cmd_valid_o,
    input  wire               cp_cmd_ready_i,
    output wire [       31:0] cp_cmd_src_o,
    output wire [       31:0] cp_cmd_dst_o,
    output wire [ CP_LENW-1:0] cp_cmd_bytes_o,
    output wire               cp_cmd_dir_o,
    output wire [   CP_PW-1:0] cp_cmd_prio_o,
    output wire [  CP_IDW-1:0] cp_cmd_id_o,
    // ... and its completions (held by the engine until cp_cpl_ready_o)
    input  wire               cp_cpl_valid_i,
    output wire               cp_cpl_ready_o,
    input  wire [  CP_IDW-1:0] cp_cpl_id_i,
    input  wire [        2:0] cp_cpl_status_i,      // copy_st_e
    input  wire               cp_busy_i,            // an accepted copy has not completed
    output wire               irq_o                 // enabled ERR_STATUS / KERNEL_STATUS / COPY_CPL / TR_EVENTS
);
`include "kmu_regmap.vh"

  localparam [31:0] ENTRIES_W = ENTRIES;
  localparam [31:0] CNT_W_W = CNT_W;
  localparam [31:0] AW_W = AW;
  localparam [CNT_W-1:0] CNT_MAX = {CNT_W{1'b1}};
  // SM_RESERVE: the implemented bits, SMs 0..min(NSM,32)-1
  localparam [31:0] RSV_MASK = (NSM >= 32) ? 32'hFFFFFFFF : ((32'd1 << NSM) - 32'd1);
  // copy window: the implemented COPY_CTRL.ID bits, and COPY_CONFIG
  localparam [15:0] CP_ID_MASK = (CP_IDW >= 16) ? 16'hFFFF : ((16'd1 << CP_IDW) - 16'd1);
  localparam [31:0] CP_NPRIO_W = CP_NPRIO;
  localparam [31:0] CP_LENW_W = CP_LENW;
  localparam [31:0] CP_IDW_W = CP_IDW;
  // the registers read from the mirror RAM (mir in the register select; each its mhit bit)
  localparam integer MIR_NREG = 40;
  // COPY_CTRL's implemented bits: DIR, PRIO and the CP_IDW low bits of ID
  localparam [31:0] CP_CTRL_MASK = (KMU_COPY_CTRL_MASK & ~KMU_COPY_CTRL_ID_MASK) |
      ({16'd0, CP_ID_MASK} << KMU_COPY_CTRL_ID_SHIFT);

  // ------------------------------------------------------------------ state
  // the bus: a read offered in the last cycle waited; this cycle takes it
  reg rd_wait_q;
  // error status (only the bits of KMU_ERR_STATUS_MASK ever set) and result registers
  reg [31:0] err_q, err_d;
  reg res_busy_q, res_busy_d;
  reg res_done_q, res_done_d;
  reg [2:0] res_code_q, res_code_d;
  reg [ID_W-1:0] res_id_q, res_id_d;
  reg ures_done_q, ures_done_d;
  reg [1:0] ures_code_q, ures_code_d;
  reg [7:0] ures_id_q, ures_id_d;
  // counters
  reg [CNT_W-1:0] cnt_db_q, cnt_db_d;
  reg [CNT_W-1:0] cnt_reg_q, cnt_reg_d;
  reg [CNT_W-1:0] cnt_bus_q, cnt_bus_d;
  reg [CNT_W-1:0] cnt_cpl_q, cnt_cpl_d;
  reg [CNT_W-1:0] perf_db_q, perf_db_d;
  reg [CNT_W-1:0] perf_launch_q, perf_launch_d;
  reg [CNT_W-1:0] perf_cpl_q, perf_cpl_d;
  reg [CNT_W-1:0] perf_kern_q, perf_kern_d;
  reg [CNT_W-1:0] perf_pre_q, perf_pre_d;  // PERF_PREEMPTS
  reg [CNT_W-1:0] perf_wp_q, perf_wp_d;  // PERF_WP
  reg [CNT_W-1:0] perf_csave_q, perf_csave_d;  // PERF_CTX_SAVES
  // kernel completion status, configuration, interrupt enables
  reg kdone_q, kdone_d;  // KERNEL_STATUS.KERNEL_DONE
  reg rgem_q, rgem_d;  // KMU_CTRL.RGEM
  reg [31:0] rsv_q, rsv_d;  // SM_RESERVE (only RSV_MASK bits ever set)
  reg irq_en_err_q, irq_en_err_d;  // IRQ_ENABLE.ERR
  reg irq_en_kd_q, irq_en_kd_d;  // IRQ_ENABLE.KERNEL_DONE
  // preemption control: PRE_CTRL fields, PRE_CTX_BASE, PRE_DEADLINE, PRE_BW, PRE_HINT
  reg [1:0] pre_policy_q, pre_policy_d;
  reg pre_inplace_q, pre_inplace_d;
  reg pre_wp_en_q, pre_wp_en_d;
  reg [1:0] pre_vpol_q, pre_vpol_d;
  reg [3:0] pre_opt_q, pre_opt_d;
  reg pre_all_q, pre_all_d;
  reg [31:0] pre_ctx_base_q, pre_ctx_base_d;
  reg [31:0] pre_deadline_q, pre_deadline_d;
  reg [3:0] pre_bw_shift_q, pre_bw_shift_d;
  reg [31:0] pre_launch_q, pre_launch_d;  // PRE_HINT.PRED_LAUNCH
  reg pre_hint_valid_q, pre_hint_valid_d;  // the PRE_HINT write pulse, one cycle late
  reg ysig_valid_q, ysig_valid_d;  // the YIELD_SIGNAL write pulse, one cycle late
  reg [31:0] ysig_addr_q, ysig_addr_d;  // its ADDR
  reg ytail_q, ytail_d;  // YIELD_CTRL.TAIL
  reg [3:0] ymaxwait_q, ymaxwait_d;  // YIELD_CTRL.MAXWAIT
  // scratch and registration staging
  reg [31:0] scratch_q, scratch_d;
  reg [31:0] kptr_q, kptr_d;
  reg [15:0] grid_x_q, grid_x_d, grid_y_q, grid_y_d, grid_z_q, grid_z_d;
  reg [15:0] tb_x_q, tb_x_d, tb_y_q, tb_y_d, tb_z_q, tb_z_d;
  reg [15:0] shmem_q, shmem_d;
  reg [7:0] nregs_q, nregs_d;
  reg [1:0] prio_q, prio_d;
  reg [31:0] pbase_q, pbase_d, pend_q, pend_d;
  reg [15:0] esize_q, esize_d;
  reg [7:0] maxinf_q, maxinf_d;
  // host launch staging (HL_*)
  reg [31:0] hl_kptr_q, hl_kptr_d;
  reg [15:0] hl_grid_x_q, hl_grid_x_d, hl_grid_y_q, hl_grid_y_d, hl_grid_z_q, hl_grid_z_d;
  reg [15:0] hl_tb_x_q, hl_tb_x_d, hl_tb_y_q, hl_tb_y_d, hl_tb_z_q, hl_tb_z_d;
  reg [15:0] hl_shmem_q, hl_shmem_d;
  reg [7:0] hl_nregs_q, hl_nregs_d;
  reg [1:0] hl_prio_q, hl_prio_d;
  reg [31:0] hl_param_q, hl_param_d, hl_cpl_q, hl_cpl_d;
  // host descriptor register stage (host_*_o)
  reg host_valid_q, host_valid_d;
  reg [31:0] host_kptr_q, host_kptr_d;
  reg [15:0] host_grid_x_q, host_grid_x_d, host_grid_y_q, host_grid_y_d;
  reg [15:0] host_grid_z_q, host_grid_z_d;
  reg [15:0] host_tb_x_q, host_tb_x_d, host_tb_y_q, host_tb_y_d, host_tb_z_q, host_tb_z_d;
  reg [15:0] host_shmem_q, host_shmem_d;
  reg [7:0] host_nregs_q, host_nregs_d;
  reg [1:0] host_prio_q, host_prio_d;
  reg [31:0] host_param_q, host_param_d, host_cpl_q, host_cpl_d;
  reg hl_class_q, hl_class_d, host_class_q, host_class_d;  // HL_RES.CLASS, its stage
  reg [31:0] hl_est_q, hl_est_d, host_est_q, host_est_d;  // HL_EST, its stage
  // TReM window: the request stage, the result, events, enables, CSRs, counters
  reg tr_req_valid_q, tr_req_valid_d;
  reg [1:0] tr_req_kind_q, tr_req_kind_d;
  reg tr_req_replay_q, tr_req_replay_d;
  reg [15:0] tr_req_id_q, tr_req_id_d;
  reg [2:0] tr_status_q, tr_status_d;
  reg tr_replay_q, tr_replay_d, tr_done_q, tr_done_d;
  reg [7:0] tr_tag_q, tr_tag_d;
  reg [15:0] tr_lid_q, tr_lid_d;
  reg tr_ev_done_q, tr_ev_done_d, tr_ev_guard_q, tr_ev_guard_d;  // TR_EVENTS
  reg [7:0] tr_guard_tag_q, tr_guard_tag_d;
  reg tr_en_done_q, tr_en_done_d, tr_en_guard_q, tr_en_guard_d;  // TR_IRQ_EN
  reg [3:0] tr_thr_q, tr_thr_d;
  reg [31:0] tr_cost_q, tr_cost_d, tr_sla_q, tr_sla_d, tr_period_q, tr_period_d;
  reg [1:0] tr_policy_q, tr_policy_d;
  reg [2:0] tr_shift_q, tr_shift_d;
  reg [2:0] tr_unit_q, tr_unit_d;
  reg [CNT_W-1:0] cnt_trem_q, cnt_trem_d;  // ERR_CNT_TREM
  reg [CNT_W-1:0] perf_rvk_q, perf_rvk_d;  // PERF_REVOKES
  // copy window: staging (COPY_SRC, COPY_DST, COPY_LEN, COPY_CTRL), COPY_CHUNK, COPY_IRQ
  reg [31:0] cp_src_q, cp_src_d, cp_dst_q, cp_dst_d, cp_len_q, cp_len_d;
  reg cp_dir_q, cp_dir_d;
  reg [2:0] cp_prio_q, cp_prio_d;
  reg [15:0] cp_id_q, cp_id_d;  // only CP_ID_MASK bits ever set
  reg [4:0] cp_chunk_q, cp_chunk_d;
  reg cp_irq_en_q, cp_irq_en_d;
  // copy command register stage (cp_cmd_*_o)
  reg cq_v_q, cq_v_d;
  reg [31:0] cq_src_q, cq_src_d, cq_dst_q, cq_dst_d;
  reg [CP_LENW-1:0] cq_bytes_q, cq_bytes_d;
  reg cq_dir_q, cq_dir_d;
  reg [CP_PW-1:0] cq_prio_q, cq_prio_d;
  reg [CP_IDW-1:0] cq_id_q, cq_id_d;
  // a command the window refused, on its way to COPY_CPL
  reg wref_v_q, wref_v_d;
  reg [CP_IDW-1:0] wref_id_q, wref_id_d;
  reg [2:0] wref_st_q, wref_st_d;
  // COPY_CPL, COPY_STATUS.LAST_ERR, COPY_ERR_CNT, PERF_COPIES
  reg ccpl_v_q, ccpl_v_d;
  reg [CP_IDW-1:0] ccpl_id_q, ccpl_id_d;
  reg [2:0] ccpl_st_q, ccpl_st_d;
  reg [2:0] cp_lerr_q, cp_lerr_d;
  reg [CNT_W-1:0] cnt_cp_q, cnt_cp_d;  // COPY_ERR_CNT
  reg [CNT_W-1:0] perf_cp_q, perf_cp_d;  // PERF_COPIES

  // ------------------------------------------------------------------ helpers
  // saturating counter step: base + inc, held at all ones (ERR_CNT_DB and ERR_CNT_REG, which
  // count up to two and three events a cycle)
  function automatic [CNT_W-1:0] sat_add(input [CNT_W-1:0] base, input [1:0] inc);
    reg [CNT_W+1:0] sum;
    begin
      sum = {2'b00, base} + {{CNT_W{1'b0}}, inc};
      sat_add = (sum > {2'b00, CNT_MAX}) ? CNT_MAX : sum[CNT_W-1:0];
    end
  endfunction

  // a one-event counter's step, the same function as sat_add(clr ? 0 : q, ev) without its
  // adder-compare chain (issue 15): the event is gated by the all-ones test (an AND of q)
  // before one incrementer, so a saturated counter adds 0, and the clear comes after the
  // incrementer, not in front of it (kmu_csr: 1,918 -> 1,784 iCE40 LUT4 for the 13 counters;
  // the incrementer's carry-out as the test gave 1,896; docs/synthesis.md fecsr).  A write
  // clears; an event in that cycle counts.
  function automatic [CNT_W-1:0] cnt_inc(input [CNT_W-1:0] q, input clr, input ev);
    /* verilator lint_off UNUSEDSIGNAL */
    reg [CNT_W:0] sum;  // its carry-out is always 0 (a saturated counter adds 0)
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      sum = {1'b0, q} + {{CNT_W{1'b0}}, ev & ~(&q)};
      if (clr) begin
        cnt_inc    = {CNT_W{1'b0}};
        cnt_inc[0] = ev;
      end else begin
        cnt_inc = sum[CNT_W-1:0];
      end
    end
  endfunction

  // a counter read: zero-extended to 32 bits
  function automatic [31:0] cnt_rd(input [CNT_W-1:0] c);
    integer k;
    begin
      cnt_rd = 32'd0;
      for (k = 0; k < CNT_W && k < 32; k = k + 1) cnt_rd[k] = c[k];
    end
  endfunction

  // reserve_mask_o: SM_RESERVE bits 0..31, SMs 32 and up never reserved
  function automatic [NSM-1:0] rsv_out(input [31:0] v);
    integer k;
    begin
      rsv_out = {NSM{1'b0}};
      for (k = 0; k < NSM && k < 32; k = k + 1) rsv_out[k] = v[k];
    end
  endfunction

  // EKT_VALID: entries 0..31, zero-extended
  function automatic [31:0] low32(input [ENTRIES-1:0] v);
    integer k;
    begin
      low32 = 32'd0;
      for (k = 0; k < ENTRIES && k < 32; k = k + 1) low32[k] = v[k];
    end
  endfunction

  // a copy tag, zero-extended to the 16-bit ID fields
  function automatic [15:0] cp_id16(input [CP_IDW-1:0] v);
    integer k;
    begin
      cp_id16 = 16'd0;
      for (k = 0; k < CP_IDW && k < 16; k = k + 1) cp_id16[k] = v[k];
    end
  endfunction

  // address x in the window [base, last] (the C twin's in_win): for a power-of-two size at a
  // base aligned to it (the doorbell and TReM windows of register map 1.6) a compare of the
  // bits above the size, else the magnitude compares, which Yosys builds as carry chains
  // (issue 15: the doorbell window's started the block's longest path); the condition is a
  // constant, folded at elaboration.  A KMU_ASSERT below checks the doorbell window against the
  // magnitude form.
  function automatic in_win(input [15:0] x, input [15:0] base, input [15:0] last);
    reg [15:0] span;  // size - 1
    begin
      span = last - base;
      if (((span + 16'd1) & span) == 16'd0 && (base & span) == 16'd0)
        in_win = ((x ^ base) & ~span) == 16'd0;
      else in_win = (x >= base) && (x <= last);
    end
  endfunction

  // ------------------------------------------------------------------ decode
  // COPY_GO: what the engine cannot take is refused here (LONG first, then PRIO beyond the
  // field); SLVERR while the stage the command needs is occupied (registers only: the bus never
  // waits for the engine, whose refusals may wait for a COPY_CPL_POP on this bus)
  wire cp_long = (cp_len_q >> CP_LENW) != 32'd0;
  wire cp_prio_wide = ({29'd0, cp_prio_q} >> CP_PW) != 32'd0;
  wire cp_wref = cp_long || cp_prio_wide;
  wire cp_go_busy = cp_wref ? wref_v_q : cq_v_q;
  wire [31:0] addr32 = {{(32 - AW) {1'b0}}, bus_req_addr_i};
  wire [15:0] a = addr32[15:0];
  wire        in_64k = (addr32[31:16] == 16'd0);
  wire        aligned = (a[1:0] == 2'b00);
  wire        strb_full = (bus_req_wstrb_i == 4'hF);
  // the doorbell's word index, (a - base) / 4: its bits depend only on a's and base's bits
  // below them (base is word-aligned)
  localparam [31:0] DB_END = {16'd0, KMU_DOORBELL_ADDR} + KMU_DOORBELL_COUNT * KMU_DOORBELL_STRIDE;
  localparam [15:0] DB_LAST = DB_END[15:0] - 16'd1;  // the window's last byte
  wire [ 9:0] db_off = a[11:2] - KMU_DOORBELL_ADDR[11:2];
  wire        db_hit = in_64k && in_win(a, KMU_DOORBELL_ADDR, DB_LAST);
  // no reserved window is left in register map 1.4 (the copy and TReM windows are built)

  // register select: may software read / write it, and its read value.  A mirrored register
  // (mir) reads from the mirror RAM below, not from its flip-flops: mmask is its implemented
  // bits (a write stores wdata & mmask), mrst its reset value (read until the first write).
  reg        rd_ok, wr_ok;
  reg [31:0] rval;
  reg        mir;
  reg [31:0] mmask, mrst;
  reg [MIR_NREG-1:0] mhit;  // one-hot: which mirrored register (its valid bit)
  always @(*) begin
    rd_ok = 1'b0;
    wr_ok = 1'b0;
    rval  = 32'd0;
    mir   = 1'b0;
    mmask = 32'd0;
    mrst  = 32'd0;
    mhit  = {MIR_NREG{1'b0}};
    if (in_64k) begin
      case (a)
        KMU_ID_ADDR: begin
          rd_ok = KMU_ID_RD;
          wr_ok = KMU_ID_WR;
          rval  = KMU_ID_VALUE_RESET;
        end
        KMU_VERSION_ADDR: begin
          rd_ok = KMU_VERSION_RD;
          wr_ok = KMU_VERSION_WR;
          rval  = KMU_VERSION_VALUE_RESET;
        end
        KMU_CONFIG_ADDR: begin
          rd_ok = KMU_CONFIG_RD;
          wr_ok = KMU_CONFIG_WR;
          rval = ((ENTRIES_W << KMU_CONFIG_EKT_ENTRIES_SHIFT) & KMU_CONFIG_EKT_ENTRIES_MASK) |
                 ((CNT_W_W << KMU_CONFIG_CNT_W_SHIFT) & KMU_CONFIG_CNT_W_MASK) |
                 ((AW_W << KMU_CONFIG_AW_SHIFT) & KMU_CONFIG_AW_MASK);
        end
        KMU_STATUS_ADDR: begin
          rd_ok = KMU_STATUS_RD;
          wr_ok = KMU_STATUS_WR;
          rval[KMU_STATUS_REG_BUSY_SHIFT] = reg_busy_i;
          rval[KMU_STATUS_DESC_PENDING_SHIFT] = desc_pending_i;
        end
        KMU_ERR_STATUS_ADDR: begin
          rd_ok = KMU_ERR_STATUS_RD;
          wr_ok = KMU_ERR_STATUS_WR;
          rval  = err_q;
        end
        KMU_ERR_DB_INFO_ADDR: begin
          rd_ok = KMU_ERR_DB_INFO_RD;
          wr_ok = KMU_ERR_DB_INFO_WR;
          rval[KMU_ERR_DB_INFO_IDX_SHIFT+:KMU_ERR_DB_INFO_IDX_WIDTH] = db_last_err_idx_i;
          rval[KMU_ERR_DB_INFO_CAUSE_SHIFT+:KMU_ERR_DB_INFO_CAUSE_WIDTH] = db_last_err_cause_i;
        end
        KMU_ERR_CNT_DB_ADDR: begin
          rd_ok = KMU_ERR_CNT_DB_RD;
          wr_ok = KMU_ERR_CNT_DB_WR;
          rval  = cnt_rd(cnt_db_q);
        end
        KMU_ERR_CNT_REG_ADDR: begin
          rd_ok = KMU_ERR_CNT_REG_RD;
          wr_ok = KMU_ERR_CNT_REG_WR;
          rval  = cnt_rd(cnt_reg_q);
        end
        KMU_ERR_CNT_BUS_ADDR: begin
          rd_ok = KMU_ERR_CNT_BUS_RD;
          wr_ok = KMU_ERR_CNT_BUS_WR;
          rval  = cnt_rd(cnt_bus_q);
        end
        KMU_ERR_CNT_CPL_ADDR: begin
          rd_ok = KMU_ERR_CNT_CPL_RD;
          wr_ok = KMU_ERR_CNT_CPL_WR;
          rval  = cnt_rd(cnt_cpl_q);
        end
        KMU_EKT_VALID_ADDR: begin
          rd_ok = KMU_EKT_VALID_RD;
          wr_ok = KMU_EKT_VALID_WR;
          rval  = low32(ekt_valid_i);
        end
        KMU_PERF_DOORBELLS_ADDR: begin
          rd_ok = KMU_PERF_DOORBELLS_RD;
          wr_ok = KMU_PERF_DOORBELLS_WR;
          rval  = cnt_rd(perf_db_q);
        end
        KMU_PERF_LAUNCHES_ADDR: begin
          rd_ok = KMU_PERF_LAUNCHES_RD;
          wr_ok = KMU_PERF_LAUNCHES_WR;
          rval  = cnt_rd(perf_launch_q);
        end
        KMU_PERF_COMPLETIONS_ADDR: begin
          rd_ok = KMU_PERF_COMPLETIONS_RD;
          wr_ok = KMU_PERF_COMPLETIONS_WR;
          rval  = cnt_rd(perf_cpl_q);
        end
        KMU_PERF_KERNELS_ADDR: begin
          rd_ok = KMU_PERF_KERNELS_RD;
          wr_ok = KMU_PERF_KERNELS_WR;
          rval  = cnt_rd(perf_kern_q);
        end
        KMU_KERNEL_STATUS_ADDR: begin
          rd_ok = KMU_KERNEL_STATUS_RD;
          wr_ok = KMU_KERNEL_STATUS_WR;
          rval[KMU_KERNEL_STATUS_KERNEL_DONE_SHIFT] = kdone_q;
        end
        KMU_KMU_CTRL_ADDR: begin
          rd_ok = KMU_KMU_CTRL_RD;
          wr_ok = KMU_KMU_CTRL_WR;
          mir   = 1'b1;
          mhit[0] = 1'b1;
          mmask = KMU_KMU_CTRL_MASK;
          mrst  = KMU_KMU_CTRL_RESET & KMU_KMU_CTRL_MASK;
        end
        KMU_SM_RESERVE_ADDR: begin
          rd_ok = KMU_SM_RESERVE_RD;
          wr_ok = KMU_SM_RESERVE_WR;
          mir   = 1'b1;
          mhit[1] = 1'b1;
          mmask = KMU_SM_RESERVE_MASK & RSV_MASK;
          mrst  = KMU_SM_RESERVE_RESET & RSV_MASK;
        end
        KMU_IRQ_ENABLE_ADDR: begin
          rd_ok = KMU_IRQ_ENABLE_RD;
          wr_ok = KMU_IRQ_ENABLE_WR;
          mir   = 1'b1;
          mhit[2] = 1'b1;
          mmask = KMU_IRQ_ENABLE_MASK;
          mrst  = KMU_IRQ_ENABLE_RESET & KMU_IRQ_ENABLE_MASK;
        end
        KMU_SCRATCH_ADDR: begin
          rd_ok = KMU_SCRATCH_RD;
          wr_ok = KMU_SCRATCH_WR;
          mir   = 1'b1;
          mhit[3] = 1'b1;
          mmask = KMU_SCRATCH_MASK;
          mrst  = KMU_SCRATCH_RESET & KMU_SCRATCH_MASK;
        end
        KMU_REG_KPTR_ADDR: begin
          rd_ok = KMU_REG_KPTR_RD;
          wr_ok = KMU_REG_KPTR_WR;
          mir   = 1'b1;
          mhit[4] = 1'b1;
          mmask = KMU_REG_KPTR_MASK;
          mrst  = KMU_REG_KPTR_RESET & KMU_REG_KPTR_MASK;
        end
        KMU_REG_GRID_XY_ADDR: begin
          rd_ok = KMU_REG_GRID_XY_RD;
          wr_ok = KMU_REG_GRID_XY_WR;
          mir   = 1'b1;
          mhit[5] = 1'b1;
          mmask = KMU_REG_GRID_XY_MASK;
          mrst  = KMU_REG_GRID_XY_RESET & KMU_REG_GRID_XY_MASK;
        end
        KMU_REG_GRID_Z_ADDR: begin
          rd_ok = KMU_REG_GRID_Z_RD;
          wr_ok = KMU_REG_GRID_Z_WR;
          mir   = 1'b1;
          mhit[6] = 1'b1;
          mmask = KMU_REG_GRID_Z_MASK;
          mrst  = KMU_REG_GRID_Z_RESET & KMU_REG_GRID_Z_MASK;
        end
        KMU_REG_TB_XY_ADDR: begin
          rd_ok = KMU_REG_TB_XY_RD;
          wr_ok = KMU_REG_TB_XY_WR;
          mir   = 1'b1;
          mhit[7] = 1'b1;
          mmask = KMU_REG_TB_XY_MASK;
          mrst  = KMU_REG_TB_XY_RESET & KMU_REG_TB_XY_MASK;
        end
        KMU_REG_TB_Z_ADDR: begin
          rd_ok = KMU_REG_TB_Z_RD;
          wr_ok = KMU_REG_TB_Z_WR;
          mir   = 1'b1;
          mhit[8] = 1'b1;
          mmask = KMU_REG_TB_Z_MASK;
          mrst  = KMU_REG_TB_Z_RESET & KMU_REG_TB_Z_MASK;
        end
        KMU_REG_RES_ADDR: begin
          rd_ok = KMU_REG_RES_RD;
          wr_ok = KMU_REG_RES_WR;
          mir   = 1'b1;
          mhit[9] = 1'b1;
          mmask = KMU_REG_RES_MASK;
          mrst  = KMU_REG_RES_RESET & KMU_REG_RES_MASK;
        end
        KMU_REG_PBASE_ADDR: begin
          rd_ok = KMU_REG_PBASE_RD;
          wr_ok = KMU_REG_PBASE_WR;
          mir   = 1'b1;
          mhit[10] = 1'b1;
          mmask = KMU_REG_PBASE_MASK;
          mrst  = KMU_REG_PBASE_RESET & KMU_REG_PBASE_MASK;
        end
        KMU_REG_PEND_ADDR: begin
          rd_ok = KMU_REG_PEND_RD;
          wr_ok = KMU_REG_PEND_WR;
          mir   = 1'b1;
          mhit[11] = 1'b1;
          mmask = KMU_REG_PEND_MASK;
          mrst  = KMU_REG_PEND_RESET & KMU_REG_PEND_MASK;
        end
        KMU_REG_PSIZE_ADDR: begin
          rd_ok = KMU_REG_PSIZE_RD;
          wr_ok = KMU_REG_PSIZE_WR;
          mir   = 1'b1;
          mhit[12] = 1'b1;
          mmask = KMU_REG_PSIZE_MASK;
          mrst  = KMU_REG_PSIZE_RESET & KMU_REG_PSIZE_MASK;
        end
        KMU_REG_CMD_ADDR: begin
          rd_ok = KMU_REG_CMD_RD;
          wr_ok = KMU_REG_CMD_WR;
        end
        KMU_REG_RESULT_ADDR: begin
          rd_ok = KMU_REG_RESULT_RD;
          wr_ok = KMU_REG_RESULT_WR;
          rval[KMU_REG_RESULT_ID_SHIFT+:ID_W] = res_id_q;
          rval[KMU_REG_RESULT_CODE_SHIFT+:KMU_REG_RESULT_CODE_WIDTH] = res_code_q;
          rval[KMU_REG_RESULT_DONE_SHIFT] = res_done_q;
          rval[KMU_REG_RESULT_BUSY_SHIFT] = res_busy_q;
        end
        KMU_UNREG_CMD_ADDR: begin
          rd_ok = KMU_UNREG_CMD_RD;
          wr_ok = KMU_UNREG_CMD_WR;
        end
        KMU_UNREG_RESULT_ADDR: begin
          rd_ok = KMU_UNREG_RESULT_RD;
          wr_ok = KMU_UNREG_RESULT_WR;
          rval[KMU_UNREG_RESULT_ID_SHIFT+:KMU_UNREG_RESULT_ID_WIDTH] = ures_id_q;
          rval[KMU_UNREG_RESULT_CODE_SHIFT+:KMU_UNREG_RESULT_CODE_WIDTH] = ures_code_q;
          rval[KMU_UNREG_RESULT_DONE_SHIFT] = ures_done_q;
        end
        KMU_HL_KPTR_ADDR: begin
          rd_ok = KMU_HL_KPTR_RD;
          wr_ok = KMU_HL_KPTR_WR;
          mir   = 1'b1;
          mhit[13] = 1'b1;
          mmask = KMU_HL_KPTR_MASK;
          mrst  = KMU_HL_KPTR_RESET & KMU_HL_KPTR_MASK;
        end
        KMU_HL_GRID_XY_ADDR: begin
          rd_ok = KMU_HL_GRID_XY_RD;
          wr_ok = KMU_HL_GRID_XY_WR;
          mir   = 1'b1;
          mhit[14] = 1'b1;
          mmask = KMU_HL_GRID_XY_MASK;
          mrst  = KMU_HL_GRID_XY_RESET & KMU_HL_GRID_XY_MASK;
        end
        KMU_HL_GRID_Z_ADDR: begin
          rd_ok = KMU_HL_GRID_Z_RD;
          wr_ok = KMU_HL_GRID_Z_WR;
          mir   = 1'b1;
          mhit[15] = 1'b1;
          mmask = KMU_HL_GRID_Z_MASK;
          mrst  = KMU_HL_GRID_Z_RESET & KMU_HL_GRID_Z_MASK;
        end
        KMU_HL_TB_XY_ADDR: begin
          rd_ok = KMU_HL_TB_XY_RD;
          wr_ok = KMU_HL_TB_XY_WR;
          mir   = 1'b1;
          mhit[16] = 1'b1;
          mmask = KMU_HL_TB_XY_MASK;
          mrst  = KMU_HL_TB_XY_RESET & KMU_HL_TB_XY_MASK;
        end
        KMU_HL_TB_Z_ADDR: begin
          rd_ok = KMU_HL_TB_Z_RD;
          wr_ok = KMU_HL_TB_Z_WR;
          mir   = 1'b1;
          mhit[17] = 1'b1;
          mmask = KMU_HL_TB_Z_MASK;
          mrst  = KMU_HL_TB_Z_RESET & KMU_HL_TB_Z_MASK;
        end
        KMU_HL_RES_ADDR: begin
          rd_ok = KMU_HL_RES_RD;
          wr_ok = KMU_HL_RES_WR;
          mir   = 1'b1;
          mhit[18] = 1'b1;
          mmask = KMU_HL_RES_MASK;
          mrst  = KMU_HL_RES_RESET & KMU_HL_RES_MASK;
        end
        KMU_HL_PARAM_ADDR: begin
          rd_ok = KMU_HL_PARAM_RD;
          wr_ok = KMU_HL_PARAM_WR;
          mir   = 1'b1;
          mhit[19] = 1'b1;
          mmask = KMU_HL_PARAM_MASK;
          mrst  = KMU_HL_PARAM_RESET & KMU_HL_PARAM_MASK;
        end
        KMU_HL_CPL_ADDR_ADDR: begin
          rd_ok = KMU_HL_CPL_ADDR_RD;
          wr_ok = KMU_HL_CPL_ADDR_WR;
          mir   = 1'b1;
          mhit[20] = 1'b1;
          mmask = KMU_HL_CPL_ADDR_MASK;
          mrst  = KMU_HL_CPL_ADDR_RESET & KMU_HL_CPL_ADDR_MASK;
        end
        KMU_HL_CMD_ADDR: begin
          rd_ok = KMU_HL_CMD_RD;
          wr_ok = KMU_HL_CMD_WR;
        end
        KMU_HL_STATUS_ADDR: begin
          rd_ok = KMU_HL_STATUS_RD;
          wr_ok = KMU_HL_STATUS_WR;
          rval[KMU_HL_STATUS_PENDING_SHIFT] = host_valid_q;
        end
        KMU_HL_EST_ADDR: begin
          rd_ok = KMU_HL_EST_RD;
          wr_ok = KMU_HL_EST_WR;
          mir   = 1'b1;
          mhit[21] = 1'b1;
          mmask = KMU_HL_EST_MASK;
          mrst  = KMU_HL_EST_RESET & KMU_HL_EST_MASK;
        end
        KMU_PRE_CTRL_ADDR: begin
          rd_ok = KMU_PRE_CTRL_RD;
          wr_ok = KMU_PRE_CTRL_WR;
          mir   = 1'b1;
          mhit[22] = 1'b1;
          mmask = KMU_PRE_CTRL_MASK;
          mrst  = KMU_PRE_CTRL_RESET & KMU_PRE_CTRL_MASK;
        end
        KMU_PRE_CTX_BASE_ADDR: begin
          rd_ok = KMU_PRE_CTX_BASE_RD;
          wr_ok = KMU_PRE_CTX_BASE_WR;
          mir   = 1'b1;
          mhit[23] = 1'b1;
          mmask = KMU_PRE_CTX_BASE_MASK;
          mrst  = KMU_PRE_CTX_BASE_RESET & KMU_PRE_CTX_BASE_MASK;
        end
        KMU_PRE_DEADLINE_ADDR: begin
          rd_ok = KMU_PRE_DEADLINE_RD;
          wr_ok = KMU_PRE_DEADLINE_WR;
          mir   = 1'b1;
          mhit[24] = 1'b1;
          mmask = KMU_PRE_DEADLINE_MASK;
          mrst  = KMU_PRE_DEADLINE_RESET & KMU_PRE_DEADLINE_MASK;
        end
        KMU_PRE_BW_ADDR: begin
          rd_ok = KMU_PRE_BW_RD;
          wr_ok = KMU_PRE_BW_WR;
          mir   = 1'b1;
          mhit[25] = 1'b1;
          mmask = KMU_PRE_BW_MASK;
          mrst  = KMU_PRE_BW_RESET & KMU_PRE_BW_MASK;
        end
        KMU_PRE_HINT_ADDR: begin
          rd_ok = KMU_PRE_HINT_RD;
          wr_ok = KMU_PRE_HINT_WR;
          mir   = 1'b1;
          mhit[26] = 1'b1;
          mmask = KMU_PRE_HINT_MASK;
          mrst  = KMU_PRE_HINT_RESET & KMU_PRE_HINT_MASK;
        end
        KMU_PRE_STATUS_ADDR: begin
          rd_ok = KMU_PRE_STATUS_RD;
          wr_ok = KMU_PRE_STATUS_WR;
          rval[KMU_PRE_STATUS_BUSY_SHIFT] = pre_busy_i;
        end
        KMU_PERF_PREEMPTS_ADDR: begin
          rd_ok = KMU_PERF_PREEMPTS_RD;
          wr_ok = KMU_PERF_PREEMPTS_WR;
          rval  = cnt_rd(perf_pre_q);
        end
        KMU_PERF_WP_ADDR: begin
          rd_ok = KMU_PERF_WP_RD;
          wr_ok = KMU_PERF_WP_WR;
          rval  = cnt_rd(perf_wp_q);
        end
        KMU_PERF_CTX_SAVES_ADDR: begin
          rd_ok = KMU_PERF_CTX_SAVES_RD;
          wr_ok = KMU_PERF_CTX_SAVES_WR;
          rval  = cnt_rd(perf_csave_q);
        end
        // ---- TReM window
        KMU_TR_CMD_ADDR: begin
          rd_ok = KMU_TR_CMD_RD;
          wr_ok = KMU_TR_CMD_WR;
        end
        KMU_TR_RESULT_ADDR: begin
          rd_ok = KMU_TR_RESULT_RD;
          wr_ok = KMU_TR_RESULT_WR;
          rval[KMU_TR_RESULT_STATUS_SHIFT+:KMU_TR_RESULT_STATUS_WIDTH] = tr_status_q;
          rval[KMU_TR_RESULT_REPLAY_SHIFT] = tr_replay_q;
          rval[KMU_TR_RESULT_DONE_SHIFT] = tr_done_q;
          rval[KMU_TR_RESULT_BUSY_SHIFT] = tr_req_valid_q || trem_busy_i;
          rval[KMU_TR_RESULT_TAG_SHIFT+:KMU_TR_RESULT_TAG_WIDTH] = tr_tag_q;
          rval[KMU_TR_RESULT_LID_SHIFT+:KMU_TR_RESULT_LID_WIDTH] = tr_lid_q;
        end
        KMU_TR_EVENTS_ADDR: begin
          rd_ok = KMU_TR_EVENTS_RD;
          wr_ok = KMU_TR_EVENTS_WR;
          rval[KMU_TR_EVENTS_DONE_SHIFT] = tr_ev_done_q;
          rval[KMU_TR_EVENTS_GUARD_SHIFT] = tr_ev_guard_q;
        end
        KMU_TR_GUARD_ADDR: begin
          rd_ok = KMU_TR_GUARD_RD;
          wr_ok = KMU_TR_GUARD_WR;
          rval[KMU_TR_GUARD_TAG_SHIFT+:KMU_TR_GUARD_TAG_WIDTH] = tr_guard_tag_q;
        end
        KMU_TR_IRQ_EN_ADDR: begin
          rd_ok = KMU_TR_IRQ_EN_RD;
          wr_ok = KMU_TR_IRQ_EN_WR;
          mir   = 1'b1;
          mhit[27] = 1'b1;
          mmask = KMU_TR_IRQ_EN_MASK;
          mrst  = KMU_TR_IRQ_EN_RESET & KMU_TR_IRQ_EN_MASK;
        end
        KMU_TR_THRESH_ADDR: begin
          rd_ok = KMU_TR_THRESH_RD;
          wr_ok = KMU_TR_THRESH_WR;
          mir   = 1'b1;
          mhit[28] = 1'b1;
          mmask = KMU_TR_THRESH_MASK;
          mrst  = KMU_TR_THRESH_RESET & KMU_TR_THRESH_MASK;
        end
        KMU_TR_COST_ADDR: begin
          rd_ok = KMU_TR_COST_RD;
          wr_ok = KMU_TR_COST_WR;
          mir   = 1'b1;
          mhit[29] = 1'b1;
          mmask = KMU_TR_COST_MASK;
          mrst  = KMU_TR_COST_RESET & KMU_TR_COST_MASK;
        end
        KMU_TR_CTRL_ADDR: begin
          rd_ok = KMU_TR_CTRL_RD;
          wr_ok = KMU_TR_CTRL_WR;
          mir   = 1'b1;
          mhit[30] = 1'b1;
          mmask = KMU_TR_CTRL_MASK;
          mrst  = KMU_TR_CTRL_RESET & KMU_TR_CTRL_MASK;
        end
        KMU_TR_SLA_ADDR: begin
          rd_ok = KMU_TR_SLA_RD;
          wr_ok = KMU_TR_SLA_WR;
          mir   = 1'b1;
          mhit[31] = 1'b1;
          mmask = KMU_TR_SLA_MASK;
          mrst  = KMU_TR_SLA_RESET & KMU_TR_SLA_MASK;
        end
        KMU_TR_PERIOD_ADDR: begin
          rd_ok = KMU_TR_PERIOD_RD;
          wr_ok = KMU_TR_PERIOD_WR;
          mir   = 1'b1;
          mhit[32] = 1'b1;
          mmask = KMU_TR_PERIOD_MASK;
          mrst  = KMU_TR_PERIOD_RESET & KMU_TR_PERIOD_MASK;
        end
        KMU_TR_ELASTIC_ADDR: begin
          rd_ok = KMU_TR_ELASTIC_RD;
          wr_ok = KMU_TR_ELASTIC_WR;
          rval[KMU_TR_ELASTIC_U_SHIFT+:KMU_TR_ELASTIC_U_WIDTH] = trem_u_i;
          rval[KMU_TR_ELASTIC_Q_SHIFT+:KMU_TR_ELASTIC_Q_WIDTH] = trem_q_i;
        end
        KMU_TR_LE_ADDR: begin
          rd_ok = KMU_TR_LE_RD;
          wr_ok = KMU_TR_LE_WR;
          rval  = trem_le_i;
        end
        KMU_ERR_CNT_TREM_ADDR: begin
          rd_ok = KMU_ERR_CNT_TREM_RD;
          wr_ok = KMU_ERR_CNT_TREM_WR;
          rval  = cnt_rd(cnt_trem_q);
        end
        KMU_PERF_REVOKES_ADDR: begin
          rd_ok = KMU_PERF_REVOKES_RD;
          wr_ok = KMU_PERF_REVOKES_WR;
          rval  = cnt_rd(perf_rvk_q);
        end
        KMU_TR_LAST_LID_ADDR: begin
          rd_ok = KMU_TR_LAST_LID_RD;
          wr_ok = KMU_TR_LAST_LID_WR;
          rval[KMU_TR_LAST_LID_LID_SHIFT+:KMU_TR_LAST_LID_LID_WIDTH] = trem_last_lid_i;
        end
        KMU_TR_AUTO_ADDR: begin
          rd_ok = KMU_TR_AUTO_RD;
          wr_ok = KMU_TR_AUTO_WR;
          rval[KMU_TR_AUTO_REQS_SHIFT+:KMU_TR_AUTO_REQS_WIDTH] = trem_auto_req_i;
          rval[KMU_TR_AUTO_OK_SHIFT+:KMU_TR_AUTO_OK_WIDTH] = trem_auto_ok_i;
        end
        KMU_TR_AUTO_NV_ADDR: begin
          rd_ok = KMU_TR_AUTO_NV_RD;
          wr_ok = KMU_TR_AUTO_NV_WR;
          rval[KMU_TR_AUTO_NV_NO_VICTIM_SHIFT+:KMU_TR_AUTO_NV_NO_VICTIM_WIDTH] = trem_auto_nv_i;
        end
        KMU_COPY_SRC_ADDR: begin
          rd_ok = KMU_COPY_SRC_RD;
          wr_ok = KMU_COPY_SRC_WR;
          mir   = 1'b1;
          mhit[33] = 1'b1;
          mmask = KMU_COPY_SRC_MASK;
          mrst  = KMU_COPY_SRC_RESET & KMU_COPY_SRC_MASK;
        end
        KMU_COPY_DST_ADDR: begin
          rd_ok = KMU_COPY_DST_RD;
          wr_ok = KMU_COPY_DST_WR;
          mir   = 1'b1;
          mhit[34] = 1'b1;
          mmask = KMU_COPY_DST_MASK;
          mrst  = KMU_COPY_DST_RESET & KMU_COPY_DST_MASK;
        end
        KMU_COPY_LEN_ADDR: begin
          rd_ok = KMU_COPY_LEN_RD;
          wr_ok = KMU_COPY_LEN_WR;
          mir   = 1'b1;
          mhit[35] = 1'b1;
          mmask = KMU_COPY_LEN_MASK;
          mrst  = KMU_COPY_LEN_RESET & KMU_COPY_LEN_MASK;
        end
        KMU_COPY_CTRL_ADDR: begin
          rd_ok = KMU_COPY_CTRL_RD;
          wr_ok = KMU_COPY_CTRL_WR;
          mir   = 1'b1;
          mhit[36] = 1'b1;
          mmask = CP_CTRL_MASK;
          mrst  = KMU_COPY_CTRL_RESET & CP_CTRL_MASK;
        end
        KMU_COPY_CHUNK_ADDR: begin
          rd_ok = KMU_COPY_CHUNK_RD;
          wr_ok = KMU_COPY_CHUNK_WR;
          mir   = 1'b1;
          mhit[37] = 1'b1;
          mmask = KMU_COPY_CHUNK_MASK;
          mrst  = KMU_COPY_CHUNK_RESET & KMU_COPY_CHUNK_MASK;
        end
        KMU_COPY_GO_ADDR: begin
          rd_ok = KMU_COPY_GO_RD;
          wr_ok = KMU_COPY_GO_WR && !cp_go_busy;
        end
        KMU_COPY_CPL_ADDR: begin
          rd_ok = KMU_COPY_CPL_RD;
          wr_ok = KMU_COPY_CPL_WR;
          // the fields read 0 while no completion is here
          if (ccpl_v_q) begin
            rval[KMU_COPY_CPL_ID_SHIFT+:KMU_COPY_CPL_ID_WIDTH] = cp_id16(ccpl_id_q);
            rval[KMU_COPY_CPL_STATUS_SHIFT+:KMU_COPY_CPL_STATUS_WIDTH] = ccpl_st_q;
            rval[KMU_COPY_CPL_VALID_SHIFT] = 1'b1;
          end
        end
        KMU_COPY_CPL_POP_ADDR: begin
          rd_ok = KMU_COPY_CPL_POP_RD;
          wr_ok = KMU_COPY_CPL_POP_WR;
        end
        KMU_COPY_STATUS_ADDR: begin
          rd_ok = KMU_COPY_STATUS_RD;
          wr_ok = KMU_COPY_STATUS_WR;
          rval[KMU_COPY_STATUS_BUSY_SHIFT] = cq_v_q || wref_v_q || cp_cpl_valid_i || cp_busy_i;
          rval[KMU_COPY_STATUS_CMD_PENDING_SHIFT] = cq_v_q;
          rval[KMU_COPY_STATUS_LAST_ERR_SHIFT+:KMU_COPY_STATUS_LAST_ERR_WIDTH] = cp_lerr_q;
        end
        KMU_COPY_ERR_CNT_ADDR: begin
          rd_ok = KMU_COPY_ERR_CNT_RD;
          wr_ok = KMU_COPY_ERR_CNT_WR;
          rval  = cnt_rd(cnt_cp_q);
        end
        KMU_COPY_IRQ_ADDR: begin
          rd_ok = KMU_COPY_IRQ_RD;
          wr_ok = KMU_COPY_IRQ_WR;
          mir   = 1'b1;
          mhit[38] = 1'b1;
          mmask = KMU_COPY_IRQ_MASK;
          mrst  = KMU_COPY_IRQ_RESET & KMU_COPY_IRQ_MASK;
        end
        KMU_PERF_COPIES_ADDR: begin
          rd_ok = KMU_PERF_COPIES_RD;
          wr_ok = KMU_PERF_COPIES_WR;
          rval  = cnt_rd(perf_cp_q);
        end
        KMU_YIELD_SIGNAL_ADDR: begin
          rd_ok = KMU_YIELD_SIGNAL_RD;
          wr_ok = KMU_YIELD_SIGNAL_WR;
        end
        KMU_YIELD_TAKE_ADDR: begin
          rd_ok = KMU_YIELD_TAKE_RD;
          wr_ok = KMU_YIELD_TAKE_WR;
          rval  = cnt_rd(ycnt_take_i);
        end
        KMU_YIELD_SPIN_ADDR: begin
          rd_ok = KMU_YIELD_SPIN_RD;
          wr_ok = KMU_YIELD_SPIN_WR;
          rval  = cnt_rd(ycnt_spin_i);
        end
        KMU_YIELD_FULL_ADDR: begin
          rd_ok = KMU_YIELD_FULL_RD;
          wr_ok = KMU_YIELD_FULL_WR;
          rval  = cnt_rd(ycnt_full_i);
        end
        KMU_YIELD_NOWORK_ADDR: begin
          rd_ok = KMU_YIELD_NOWORK_RD;
          wr_ok = KMU_YIELD_NOWORK_WR;
          rval  = cnt_rd(ycnt_nowork_i);
        end
        KMU_YIELD_WAKE_ADDR: begin
          rd_ok = KMU_YIELD_WAKE_RD;
          wr_ok = KMU_YIELD_WAKE_WR;
          rval  = cnt_rd(ycnt_wake_i);
        end
        KMU_YIELD_ERR_ADDR: begin
          rd_ok = KMU_YIELD_ERR_RD;
          wr_ok = KMU_YIELD_ERR_WR;
          rval  = cnt_rd(ycnt_err_i);
        end
        KMU_YIELD_WKERR_ADDR: begin
          rd_ok = KMU_YIELD_WKERR_RD;
          wr_ok = KMU_YIELD_WKERR_WR;
          rval  = cnt_rd(ycnt_wkerr_i);
        end
        KMU_YIELD_CTRL_ADDR: begin
          rd_ok = KMU_YIELD_CTRL_RD;
          wr_ok = KMU_YIELD_CTRL_WR;
          mir   = 1'b1;
          mhit[39] = 1'b1;
          mmask = KMU_YIELD_CTRL_MASK;
          mrst  = KMU_YIELD_CTRL_RESET & KMU_YIELD_CTRL_MASK;
        end
        KMU_COPY_CONFIG_ADDR: begin
          rd_ok = KMU_COPY_CONFIG_RD;
          wr_ok = KMU_COPY_CONFIG_WR;
          rval = ((CP_NPRIO_W << KMU_COPY_CONFIG_NPRIO_SHIFT) & KMU_COPY_CONFIG_NPRIO_MASK) |
                 ((CP_LENW_W << KMU_COPY_CONFIG_LENW_SHIFT) & KMU_COPY_CONFIG_LENW_MASK) |
                 ((CP_IDW_W << KMU_COPY_CONFIG_IDW_SHIFT) & KMU_COPY_CONFIG_IDW_MASK);
        end
        default: begin
          if (db_hit) begin
            rd_ok = KMU_DOORBELL_RD;
            wr_ok = KMU_DOORBELL_WR;
          end
        end
      endcase
    end
  end

  // ------------------------------------------------------------------ bus handshake
  wire req_err = !aligned || (bus_req_write_i ? (!wr_ok || !strb_full) : !rd_ok);
  wire wr_good = bus_req_valid_i && bus_req_write_i && !req_err;
  wire db_req = wr_good && db_hit;
  wire regcmd_req = wr_good && (a == KMU_REG_CMD_ADDR);
  wire unreg_req = wr_good && (a == KMU_UNREG_CMD_ADDR);
  wire hlcmd_req = wr_good && (a == KMU_HL_CMD_ADDR);
  wire hl_busy = host_valid_q && !host_ready_i;  // the pending launch is not taken this cycle
  wire trcmd_req = wr_good && (a == KMU_TR_CMD_ADDR);
  wire tr_busy = tr_req_valid_q && !trem_req_ready_i;  // the held request is not taken
  wire gocmd_req = wr_good && (a == KMU_COPY_GO_ADDR);
  wire [7:0] unreg_id8 = bus_req_wdata_i[KMU_UNREG_CMD_ID_SHIFT+:KMU_UNREG_CMD_ID_WIDTH];
  wire unreg_known = ({24'd0, unreg_id8} < ENTRIES_W);

  // A command whose stage is still occupied is answered SLVERR at once (issue 13: no write
  // holds the bus for an unbounded time): REG_CMD while a registration runs, HL_CMD while the
  // previous host launch is pending and not taken this cycle, TR_CMD while the previous revoke
  // request is held and not taken this cycle.  Software retries (or polls REG_RESULT.BUSY,
  // HL_STATUS.PENDING, TR_RESULT.BUSY first).  Only a doorbell may wait, and kmu_doorbell
  // never makes it (db_ready_i = 1 in kmu_frontend): the bus is never held.
  wire busy_err = (regcmd_req && !reg_ready_i) || (hlcmd_req && hl_busy) ||
      (trcmd_req && tr_busy);
  // A read waits one cycle (issue 15, csrram): in the cycle it is first offered
  // (rd_first) the bus is not ready and the mirror RAM reads the register's word; the master
  // holds the offer (kmu_axil_slave's lock_q) and the read is taken in the next cycle with the
  // RAM's registered read data.  Writes are taken in the cycle they are offered, as before.
  wire rd_first = bus_req_valid_i && !bus_req_write_i && !rd_wait_q;
  assign bus_req_ready_o = !(db_req && !db_ready_i) && !rd_first;
  wire fire = bus_req_valid_i && bus_req_ready_o;
  wire acc_wr = fire && bus_req_write_i && !req_err && !busy_err;  // an OKAY write takes effect
  wire acc_err = fire && (req_err || busy_err);

  // ------------------------------------------------------------------ mirror RAM
  // The RW registers whose read value is the last value written (masked) or their reset value
  // (the staging, configuration and enable registers: mir in the select above) are read from
  // a copy in RAM, not through the read multiplexer over their flip-flops (issue 15: the
  // multiplexer over about 1,500 readable bits was most of the block's area).  The
  // flip-flops stay where the value drives an output or a command stage.  A word per
  // register at slot mir_slot(address); no reset in the RAM: a valid bit per mirrored register
  // (reset to 0) says whether it has been written since reset, else mrst is read.  The
  // bus takes one request a cycle, so no write lands between a read's two cycles.
  localparam integer MIR_AW = 7;
  localparam integer MIR_N = 1 << MIR_AW;
  // the slot: the window (0x0000 registers, 0x0100 registration staging, 0x2000 host launch,
  // 0x2100 preemption, 0x2200 TReM, 0x2300 copy, 0x2400 yield) and the word in it, a[5:2]
  // (no two mirrored registers of a window share it: MIR_DUP below)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [MIR_AW-1:0] mir_slot(input [15:0] x);  // the bits named here only
    begin
      mir_slot = {(x[13] ? x[10:8] : {1'b1, x[8], ~x[8]}), x[5:2]};
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // the slots in use, and how many mirrored registers share a slot with an earlier one
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [MIR_N:0] mir_used(input integer dummy);  // a constant function's argument
    reg [MIR_N-1:0] u;
    reg dup;
    integer k;
    reg [15:0] ad;
    begin
      u = {MIR_N{1'b0}};
      dup = 1'b0;
      for (k = 0; k < MIR_NREG; k = k + 1) begin
        case (k)
          0: ad = KMU_SCRATCH_ADDR;       1: ad = KMU_KMU_CTRL_ADDR;
          2: ad = KMU_SM_RESERVE_ADDR;    3: ad = KMU_IRQ_ENABLE_ADDR;
          4: ad = KMU_REG_KPTR_ADDR;      5: ad = KMU_REG_GRID_XY_ADDR;
          6: ad = KMU_REG_GRID_Z_ADDR;    7: ad = KMU_REG_TB_XY_ADDR;
          8: ad = KMU_REG_TB_Z_ADDR;      9: ad = KMU_REG_RES_ADDR;
          10: ad = KMU_REG_PBASE_ADDR;    11: ad = KMU_REG_PEND_ADDR;
          12: ad = KMU_REG_PSIZE_ADDR;    13: ad = KMU_HL_KPTR_ADDR;
          14: ad = KMU_HL_GRID_XY_ADDR;   15: ad = KMU_HL_GRID_Z_ADDR;
          16: ad = KMU_HL_TB_XY_ADDR;     17: ad = KMU_HL_TB_Z_ADDR;
          18: ad = KMU_HL_RES_ADDR;       19: ad = KMU_HL_PARAM_ADDR;
          20: ad = KMU_HL_CPL_ADDR_ADDR;  21: ad = KMU_HL_EST_ADDR;
          22: ad = KMU_PRE_CTRL_ADDR;     23: ad = KMU_PRE_CTX_BASE_ADDR;
          24: ad = KMU_PRE_DEADLINE_ADDR; 25: ad = KMU_PRE_BW_ADDR;
          26: ad = KMU_PRE_HINT_ADDR;     27: ad = KMU_TR_IRQ_EN_ADDR;
          28: ad = KMU_TR_THRESH_ADDR;    29: ad = KMU_TR_COST_ADDR;
          30: ad = KMU_TR_CTRL_ADDR;      31: ad = KMU_TR_SLA_ADDR;
          32: ad = KMU_TR_PERIOD_ADDR;    33: ad = KMU_COPY_SRC_ADDR;
          34: ad = KMU_COPY_DST_ADDR;     35: ad = KMU_COPY_LEN_ADDR;
          36: ad = KMU_COPY_CTRL_ADDR;    37: ad = KMU_COPY_CHUNK_ADDR;
          38: ad = KMU_COPY_IRQ_ADDR;     default: ad = KMU_YIELD_CTRL_ADDR;
        endcase
        if (u[mir_slot(ad)]) dup = 1'b1;
        u[mir_slot(ad)] = 1'b1;
      end
      mir_used = {dup, u};
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  localparam [MIR_N:0] MIR_INFO = mir_used(0);
  /* verilator lint_off UNUSEDPARAM */
  localparam MIR_DUP = MIR_INFO[MIR_N];  // checked under KMU_ASSERT
  /* verilator lint_on UNUSEDPARAM */

  wire [MIR_AW-1:0] mslot = mir_slot(a);
  wire mir_we = acc_wr && mir;
  reg [31:0] mir_mem[0:MIR_N-1];
  reg [31:0] mir_q;  // the RAM's registered read data: the word of last cycle's address
  always @(posedge clk_i) begin
    if (mir_we) mir_mem[mslot] <= bus_req_wdata_i & mmask;
    if (!mir_we) mir_q <= mir_mem[mslot];  // a read enable: never a read during a write
  end
  // written since reset: a bit per mirrored register, set and read through the select's
  // one-hot mhit (the address decode the select builds anyway; by slot it cost 139 iCE40 LUT4
  // against about 60, docs/synthesis.md csrram)
  reg [MIR_NREG-1:0] mir_vld_q;
  wire [MIR_NREG-1:0] mir_vld_d = mir_vld_q | (mir_we ? mhit : {MIR_NREG{1'b0}});
  wire [31:0] mir_rval = mir ? (((mir_vld_q & mhit) != {MIR_NREG{1'b0}}) ? mir_q : mrst) : 32'd0;

  // read data: only in a read's handshake cycle (its second), 0 in the cycle it waits
  assign bus_rsp_err_o = bus_req_valid_i && (req_err || busy_err);
  assign bus_rsp_rdata_o = (bus_req_valid_i && !bus_req_write_i && !req_err && rd_wait_q) ?
      (rval | mir_rval) : 32'd0;

  assign db_valid_o = db_req;
  assign db_idx_o = db_off;
  assign reg_valid_o = regcmd_req;
  assign unreg_valid_o = unreg_req && unreg_known;
  assign unreg_id_o = unreg_id8[ID_W-1:0];

  assign reg_kptr_o = kptr_q;
  assign reg_grid_x_o = grid_x_q;
  assign reg_grid_y_o = grid_y_q;
  assign reg_grid_z_o = grid_z_q;
  assign reg_tb_x_o = tb_x_q;
  assign reg_tb_y_o = tb_y_q;
  assign reg_tb_z_o = tb_z_q;
  assign reg_shmem_o = shmem_q;
  assign reg_nregs_o = nregs_q;
  assign reg_prio_o = prio_q;
  assign reg_pbase_o = pbase_q;
  assign reg_pend_o = pend_q;
  assign reg_esize_o = esize_q;
  assign reg_maxinf_o = maxinf_q;
  assign host_valid_o = host_valid_q;
  assign host_kptr_o = host_kptr_q;
  assign host_grid_x_o = host_grid_x_q;
  assign host_grid_y_o = host_grid_y_q;
  assign host_grid_z_o = host_grid_z_q;
  assign host_tb_x_o = host_tb_x_q;
  assign host_tb_y_o = host_tb_y_q;
  assign host_tb_z_o = host_tb_z_q;
  assign host_shmem_o = host_shmem_q;
  assign host_nregs_o = host_nregs_q;
  assign host_prio_o = host_prio_q;
  assign host_param_o = host_param_q;
  assign host_cpl_addr_o = host_cpl_q;
  assign mode_rgem_o = rgem_q;
  assign reserve_mask_o = rsv_out(rsv_q);
  assign pre_policy_o = pre_policy_q;
  assign pre_inplace_o = pre_inplace_q;
  assign pre_wp_en_o = pre_wp_en_q;
  assign pre_vpol_o = pre_vpol_q;
  assign pre_opt_o = pre_opt_q;
  assign pre_all_o = pre_all_q;
  assign pre_ctx_base_o = pre_ctx_base_q;
  assign pre_deadline_o = pre_deadline_q;
  assign pre_bw_shift_o = pre_bw_shift_q;
  assign pre_hint_valid_o = pre_hint_valid_q;
  assign ysig_valid_o = ysig_valid_q;
  assign ysig_addr_o = ysig_addr_q;
  assign pre_pred_launch_o = pre_launch_q;
  assign host_class_o = host_class_q;
  assign host_est_o = host_est_q;
  assign trem_req_valid_o = tr_req_valid_q;
  assign trem_req_kind_o = tr_req_kind_q;
  assign trem_req_replay_o = tr_req_replay_q;
  assign trem_req_id_o = tr_req_id_q;
  assign trem_thr_o = tr_thr_q;
  assign trem_cost_o = tr_cost_q;
  assign trem_policy_o = tr_policy_q;
  assign trem_shift_o = tr_shift_q;
  assign trem_unit_o = tr_unit_q;
  assign ytail_o = ytail_q;
  assign ymaxwait_o = ymaxwait_q;
  assign trem_sla_o = tr_sla_q;
  assign trem_period_o = tr_period_q;
  assign cp_chunk_log2_o = cp_chunk_q;
  assign cp_cmd_valid_o = cq_v_q;
  assign cp_cmd_src_o = cq_src_q;
  assign cp_cmd_dst_o = cq_dst_q;
  assign cp_cmd_bytes_o = cq_bytes_q;
  assign cp_cmd_dir_o = cq_dir_q;
  assign cp_cmd_prio_o = cq_prio_q;
  assign cp_cmd_id_o = cq_id_q;
  assign cp_cpl_ready_o = !ccpl_v_q && !wref_v_q;
  assign irq_o = (irq_en_err_q && (err_q != 32'd0)) || (irq_en_kd_q && kdone_q) ||
      (cp_irq_en_q && ccpl_v_q) || (tr_en_done_q && tr_ev_done_q) || (tr_en_guard_q && tr_ev_guard_q);

  // ------------------------------------------------------------------ events
  wire reg_fire = regcmd_req && reg_ready_i;
  wire unreg_fire = acc_wr && (a == KMU_UNREG_CMD_ADDR);
  wire [1:0] unreg_code = unreg_known ? unreg_code_i : KMU_UNREG_CODE_NOT_REGISTERED;
  // a doorbell refused by kmu_doorbell as it rings (unregistered entry, full pending count: one
  // doorbell at most, like db_err_unknown_i) or by the EKT as it is launched
  wire ev_db_unreg = launch_fire_i && (launch_err_i == KMU_LAUNCH_ERR_UNREGISTERED);
  wire ev_db_inflight = launch_fire_i && (launch_err_i == KMU_LAUNCH_ERR_INFLIGHT);
  wire ev_db_ring = db_err_unknown_i || db_err_unreg_i || db_err_full_i;
  wire ev_launch_ok = launch_fire_i && (launch_err_i == KMU_LAUNCH_ERR_OK);
  wire ev_reg_refused = reg_done_i && (reg_code_i != KMU_REG_CODE_OK);
  wire ev_unreg_refused = unreg_fire && (unreg_code != KMU_UNREG_CODE_OK);
  wire ev_cpl_spurious = cpl_valid_i && cpl_err_i;
  wire ev_cpl_ok = cpl_valid_i && !cpl_err_i;
  // host launch: a HL_CMD write taken on the bus; refused when a grid or TB dimension is 0
  wire hl_fire = hlcmd_req && !hl_busy;
  wire hl_bad = (hl_grid_x_q == 16'd0) || (hl_grid_y_q == 16'd0) || (hl_grid_z_q == 16'd0) ||
      (hl_tb_x_q == 16'd0) || (hl_tb_y_q == 16'd0) || (hl_tb_z_q == 16'd0);
  wire ev_host_refused = hl_fire && hl_bad;
  wire hl_launch = hl_fire && !hl_bad;
  // copies: a COPY_GO taken on the bus; a completion entering COPY_CPL (a window refusal first)
  wire go_fire = gocmd_req;  // COPY_GO never waits
  wire cpl_in = !ccpl_v_q && (wref_v_q || cp_cpl_valid_i);
  wire [2:0] cpl_in_st = wref_v_q ? wref_st_q : cp_cpl_status_i;
  wire ev_cp_ok = cpl_in && (cpl_in_st == KMU_COPY_ST_OK);
  wire ev_cp_ref = cpl_in && (cpl_in_st != KMU_COPY_ST_OK);

  reg [31:0] err_set, err_clr;

  always @(*) begin
    err_d         = err_q;
    res_busy_d    = res_busy_q;
    res_done_d    = res_done_q;
    res_code_d    = res_code_q;
    res_id_d      = res_id_q;
    ures_done_d   = ures_done_q;
    ures_code_d   = ures_code_q;
    ures_id_d     = ures_id_q;
    scratch_d     = scratch_q;
    kptr_d        = kptr_q;
    grid_x_d      = grid_x_q;
    grid_y_d      = grid_y_q;
    grid_z_d      = grid_z_q;
    tb_x_d        = tb_x_q;
    tb_y_d        = tb_y_q;
    tb_z_d        = tb_z_q;
    shmem_d       = shmem_q;
    nregs_d       = nregs_q;
    prio_d        = prio_q;
    pbase_d       = pbase_q;
    pend_d        = pend_q;
    esize_d       = esize_q;
    maxinf_d      = maxinf_q;
    hl_kptr_d     = hl_kptr_q;
    hl_grid_x_d   = hl_grid_x_q;
    hl_grid_y_d   = hl_grid_y_q;
    hl_grid_z_d   = hl_grid_z_q;
    hl_tb_x_d     = hl_tb_x_q;
    hl_tb_y_d     = hl_tb_y_q;
    hl_tb_z_d     = hl_tb_z_q;
    hl_shmem_d    = hl_shmem_q;
    hl_nregs_d    = hl_nregs_q;
    hl_prio_d     = hl_prio_q;
    hl_param_d    = hl_param_q;
    hl_cpl_d      = hl_cpl_q;
    host_valid_d  = host_valid_q;
    host_kptr_d   = host_kptr_q;
    host_grid_x_d = host_grid_x_q;
    host_grid_y_d = host_grid_y_q;
    host_grid_z_d = host_grid_z_q;
    host_tb_x_d   = host_tb_x_q;
    host_tb_y_d   = host_tb_y_q;
    host_tb_z_d   = host_tb_z_q;
    host_shmem_d  = host_shmem_q;
    host_nregs_d  = host_nregs_q;
    host_prio_d   = host_prio_q;
    host_param_d  = host_param_q;
    host_cpl_d    = host_cpl_q;
    hl_class_d    = hl_class_q;
    hl_est_d      = hl_est_q;
    host_class_d  = host_class_q;
    host_est_d    = host_est_q;
    kdone_d       = kdone_q;
    rgem_d        = rgem_q;
    rsv_d         = rsv_q;
    irq_en_err_d  = irq_en_err_q;
    irq_en_kd_d   = irq_en_kd_q;
    pre_policy_d  = pre_policy_q;
    pre_inplace_d = pre_inplace_q;
    pre_wp_en_d   = pre_wp_en_q;
    pre_vpol_d    = pre_vpol_q;
    pre_opt_d     = pre_opt_q;
    pre_all_d     = pre_all_q;
    pre_ctx_base_d = pre_ctx_base_q;
    pre_deadline_d = pre_deadline_q;
    pre_bw_shift_d = pre_bw_shift_q;
    pre_launch_d  = pre_launch_q;
    cp_src_d      = cp_src_q;
    cp_dst_d      = cp_dst_q;
    cp_len_d      = cp_len_q;
    cp_dir_d      = cp_dir_q;
    cp_prio_d     = cp_prio_q;
    cp_id_d       = cp_id_q;
    cp_chunk_d    = cp_chunk_q;
    cp_irq_en_d   = cp_irq_en_q;
    cq_v_d        = cq_v_q;
    cq_src_d      = cq_src_q;
    cq_dst_d      = cq_dst_q;
    cq_bytes_d    = cq_bytes_q;
    cq_dir_d      = cq_dir_q;
    cq_prio_d     = cq_prio_q;
    cq_id_d       = cq_id_q;
    wref_v_d      = wref_v_q;
    wref_id_d     = wref_id_q;
    wref_st_d     = wref_st_q;
    ccpl_v_d      = ccpl_v_q;
    ccpl_id_d     = ccpl_id_q;
    ccpl_st_d     = ccpl_st_q;
    cp_lerr_d     = cp_lerr_q;
    // the hint is a pulse: high only in the cycle after an accepted PRE_HINT write
    pre_hint_valid_d = acc_wr && (a == KMU_PRE_HINT_ADDR);
    // the yield signal too (GPUpIO: kmu_yield_mon's sw_valid_i), with the address written
    ysig_valid_d = acc_wr && (a == KMU_YIELD_SIGNAL_ADDR);
    ysig_addr_d = ysig_valid_d ? bus_req_wdata_i : ysig_addr_q;
    ytail_d = ytail_q;
    ymaxwait_d = ymaxwait_q;
    if (acc_wr && (a == KMU_YIELD_CTRL_ADDR)) begin
      ytail_d = bus_req_wdata_i[KMU_YIELD_CTRL_TAIL_SHIFT];
      ymaxwait_d = bus_req_wdata_i[KMU_YIELD_CTRL_MAXWAIT_SHIFT+:KMU_YIELD_CTRL_MAXWAIT_WIDTH];
    end

    // ERR_STATUS: sticky, write 1 to clear, a set in the same cycle wins
    err_set = 32'd0;
    err_set[KMU_ERR_STATUS_DB_UNKNOWN_SHIFT] = db_err_unknown_i;
    err_set[KMU_ERR_STATUS_DB_UNREG_SHIFT] = ev_db_unreg || db_err_unreg_i;
    err_set[KMU_ERR_STATUS_DB_INFLIGHT_SHIFT] = ev_db_inflight || db_err_full_i;
    err_set[KMU_ERR_STATUS_REG_REFUSED_SHIFT] = ev_reg_refused;
    err_set[KMU_ERR_STATUS_UNREG_REFUSED_SHIFT] = ev_unreg_refused;
    err_set[KMU_ERR_STATUS_CPL_SPURIOUS_SHIFT] = ev_cpl_spurious;
    err_set[KMU_ERR_STATUS_BUS_SHIFT] = acc_err;
    err_set[KMU_ERR_STATUS_HOST_REFUSED_SHIFT] = ev_host_refused;
    err_clr = (acc_wr && a == KMU_ERR_STATUS_ADDR) ? bus_req_wdata_i : 32'd0;
    err_d = ((err_q & ~err_clr) | err_set) & KMU_ERR_STATUS_MASK;

    // counters: a write clears, this cycle's events count on top
    cnt_db_d = sat_add((acc_wr && a == KMU_ERR_CNT_DB_ADDR) ? {CNT_W{1'b0}} : cnt_db_q,
                       {1'b0, ev_db_ring} + {1'b0, ev_db_unreg || ev_db_inflight});
    cnt_reg_d = sat_add((acc_wr && a == KMU_ERR_CNT_REG_ADDR) ? {CNT_W{1'b0}} : cnt_reg_q,
                        {1'b0, ev_reg_refused} + {1'b0, ev_unreg_refused} +
                        {1'b0, ev_host_refused});
    cnt_bus_d = cnt_inc(cnt_bus_q, acc_wr && a == KMU_ERR_CNT_BUS_ADDR, acc_err);
    cnt_cpl_d = cnt_inc(cnt_cpl_q, acc_wr && a == KMU_ERR_CNT_CPL_ADDR, ev_cpl_spurious);
    perf_db_d = cnt_inc(perf_db_q, acc_wr && a == KMU_PERF_DOORBELLS_ADDR, ev_launch_ok);
    perf_launch_d = cnt_inc(perf_launch_q, acc_wr && a == KMU_PERF_LAUNCHES_ADDR, desc_fire_i);
    perf_cpl_d = cnt_inc(perf_cpl_q, acc_wr && a == KMU_PERF_COMPLETIONS_ADDR, ev_cpl_ok);
    perf_kern_d = cnt_inc(perf_kern_q, acc_wr && a == KMU_PERF_KERNELS_ADDR, kernel_done_i);
    perf_pre_d = cnt_inc(perf_pre_q, acc_wr && a == KMU_PERF_PREEMPTS_ADDR, pre_req_i);
    perf_wp_d = cnt_inc(perf_wp_q, acc_wr && a == KMU_PERF_WP_ADDR, wp_start_i);
    perf_csave_d = cnt_inc(perf_csave_q, acc_wr && a == KMU_PERF_CTX_SAVES_ADDR, ctx_save_i);

    cnt_cp_d = cnt_inc(cnt_cp_q, acc_wr && a == KMU_COPY_ERR_CNT_ADDR, ev_cp_ref);
    perf_cp_d = cnt_inc(perf_cp_q, acc_wr && a == KMU_PERF_COPIES_ADDR, ev_cp_ok);

    // copy command stage: taken by cp_cmd_ready_i, loaded from the staging registers at COPY_GO
    if (cq_v_q && cp_cmd_ready_i) cq_v_d = 1'b0;
    if (go_fire && !cp_wref) begin
      cq_v_d     = 1'b1;
      cq_src_d   = cp_src_q;
      cq_dst_d   = cp_dst_q;
      cq_bytes_d = cp_len_q[CP_LENW-1:0];
      cq_dir_d   = cp_dir_q;
      cq_prio_d  = cp_prio_q[CP_PW-1:0];
      cq_id_d    = cp_id_q[CP_IDW-1:0];
    end
    // COPY_CPL: popped by COPY_CPL_POP; when empty it takes the window refusal, else the
    // engine's completion (cp_cpl_ready_o says which it can take: only from registers)
    if (acc_wr && a == KMU_COPY_CPL_POP_ADDR) ccpl_v_d = 1'b0;
    if (cpl_in) begin
      ccpl_v_d  = 1'b1;
      ccpl_id_d = wref_v_q ? wref_id_q : cp_cpl_id_i;
      ccpl_st_d = cpl_in_st;
      wref_v_d  = 1'b0;
    end
    if (ev_cp_ref) cp_lerr_d = cpl_in_st;
    if (go_fire && cp_wref) begin
      wref_v_d  = 1'b1;
      wref_id_d = cp_id_q[CP_IDW-1:0];
      wref_st_d = cp_long ? KMU_COPY_ST_LONG : KMU_COPY_ST_PRIO;
    end

    // KERNEL_STATUS: sticky, write 1 to clear, a completion in the same cycle wins
    if (acc_wr && a == KMU_KERNEL_STATUS_ADDR &&
        bus_req_wdata_i[KMU_KERNEL_STATUS_KERNEL_DONE_SHIFT])
      kdone_d = 1'b0;
    if (kernel_done_i) kdone_d = 1'b1;

    // registration result: busy from the command handshake to reg_done_i
    if (reg_fire) begin
      res_busy_d = 1'b1;
      res_done_d = 1'b0;
    end
    if (reg_done_i) begin
      res_busy_d = reg_fire;
      res_done_d = 1'b1;
      res_code_d = reg_code_i;
      res_id_d   = reg_id_i;
    end
    // unregistration result, captured in the command cycle
    if (unreg_fire) begin
      ures_done_d = 1'b1;
      ures_code_d = unreg_code;
      ures_id_d   = unreg_id8;
    end

    // host descriptor: taken by host_ready_i, loaded from the staging registers at a launch
    if (host_valid_q && host_ready_i) host_valid_d = 1'b0;
    if (hl_launch) begin
      host_valid_d  = 1'b1;
      host_kptr_d   = hl_kptr_q;
      host_grid_x_d = hl_grid_x_q;
      host_grid_y_d = hl_grid_y_q;
      host_grid_z_d = hl_grid_z_q;
      host_tb_x_d   = hl_tb_x_q;
      host_tb_y_d   = hl_tb_y_q;
      host_tb_z_d   = hl_tb_z_q;
      host_shmem_d  = hl_shmem_q;
      host_nregs_d  = hl_nregs_q;
      host_prio_d   = hl_prio_q;
      host_param_d  = hl_param_q;
      host_cpl_d    = hl_cpl_q;
      host_class_d  = hl_class_q;
      host_est_d    = hl_est_q;
    end

    // plain RW registers
    if (acc_wr) begin
      case (a)
        KMU_SCRATCH_ADDR:   scratch_d = bus_req_wdata_i;
        KMU_KMU_CTRL_ADDR:  rgem_d = bus_req_wdata_i[KMU_KMU_CTRL_RGEM_SHIFT];
        KMU_SM_RESERVE_ADDR: rsv_d = bus_req_wdata_i & RSV_MASK;
        KMU_IRQ_ENABLE_ADDR: begin
          irq_en_err_d = bus_req_wdata_i[KMU_IRQ_ENABLE_ERR_SHIFT];
          irq_en_kd_d  = bus_req_wdata_i[KMU_IRQ_ENABLE_KERNEL_DONE_SHIFT];
        end
        KMU_REG_KPTR_ADDR:  kptr_d = bus_req_wdata_i;
        KMU_REG_GRID_XY_ADDR: begin
          grid_x_d = bus_req_wdata_i[KMU_REG_GRID_XY_X_SHIFT+:KMU_REG_GRID_XY_X_WIDTH];
          grid_y_d = bus_req_wdata_i[KMU_REG_GRID_XY_Y_SHIFT+:KMU_REG_GRID_XY_Y_WIDTH];
        end
        KMU_REG_GRID_Z_ADDR:
        grid_z_d = bus_req_wdata_i[KMU_REG_GRID_Z_Z_SHIFT+:KMU_REG_GRID_Z_Z_WIDTH];
        KMU_REG_TB_XY_ADDR: begin
          tb_x_d = bus_req_wdata_i[KMU_REG_TB_XY_X_SHIFT+:KMU_REG_TB_XY_X_WIDTH];
          tb_y_d = bus_req_wdata_i[KMU_REG_TB_XY_Y_SHIFT+:KMU_REG_TB_XY_Y_WIDTH];
        end
        KMU_REG_TB_Z_ADDR:  tb_z_d = bus_req_wdata_i[KMU_REG_TB_Z_Z_SHIFT+:KMU_REG_TB_Z_Z_WIDTH];
        KMU_REG_RES_ADDR: begin
          shmem_d = bus_req_wdata_i[KMU_REG_RES_SHMEM_SHIFT+:KMU_REG_RES_SHMEM_WIDTH];
          nregs_d = bus_req_wdata_i[KMU_REG_RES_NREGS_SHIFT+:KMU_REG_RES_NREGS_WIDTH];
          prio_d  = bus_req_wdata_i[KMU_REG_RES_PRIO_SHIFT+:KMU_REG_RES_PRIO_WIDTH];
        end
        KMU_REG_PBASE_ADDR: pbase_d = bus_req_wdata_i;
        KMU_REG_PEND_ADDR:  pend_d = bus_req_wdata_i;
        KMU_REG_PSIZE_ADDR: begin
          esize_d  = bus_req_wdata_i[KMU_REG_PSIZE_ESIZE_SHIFT+:KMU_REG_PSIZE_ESIZE_WIDTH];
          maxinf_d = bus_req_wdata_i[KMU_REG_PSIZE_MAXINF_SHIFT+:KMU_REG_PSIZE_MAXINF_WIDTH];
        end
        KMU_HL_KPTR_ADDR: hl_kptr_d = bus_req_wdata_i;
        KMU_HL_GRID_XY_ADDR: begin
          hl_grid_x_d = bus_req_wdata_i[KMU_HL_GRID_XY_X_SHIFT+:KMU_HL_GRID_XY_X_WIDTH];
          hl_grid_y_d = bus_req_wdata_i[KMU_HL_GRID_XY_Y_SHIFT+:KMU_HL_GRID_XY_Y_WIDTH];
        end
        KMU_HL_GRID_Z_ADDR:
        hl_grid_z_d = bus_req_wdata_i[KMU_HL_GRID_Z_Z_SHIFT+:KMU_HL_GRID_Z_Z_WIDTH];
        KMU_HL_TB_XY_ADDR: begin
          hl_tb_x_d = bus_req_wdata_i[KMU_HL_TB_XY_X_SHIFT+:KMU_HL_TB_XY_X_WIDTH];
          hl_tb_y_d = bus_req_wdata_i[KMU_HL_TB_XY_Y_SHIFT+:KMU_HL_TB_XY_Y_WIDTH];
        end
        KMU_HL_TB_Z_ADDR: hl_tb_z_d = bus_req_wdata_i[KMU_HL_TB_Z_Z_SHIFT+:KMU_HL_TB_Z_Z_WIDTH];
        KMU_HL_RES_ADDR: begin
          hl_shmem_d = bus_req_wdata_i[KMU_HL_RES_SHMEM_SHIFT+:KMU_HL_RES_SHMEM_WIDTH];
          hl_nregs_d = bus_req_wdata_i[KMU_HL_RES_NREGS_SHIFT+:KMU_HL_RES_NREGS_WIDTH];
          hl_prio_d  = bus_req_wdata_i[KMU_HL_RES_PRIO_SHIFT+:KMU_HL_RES_PRIO_WIDTH];
          hl_class_d = bus_req_wdata_i[KMU_HL_RES_CLASS_SHIFT];
        end
        KMU_HL_EST_ADDR: hl_est_d = bus_req_wdata_i;
        KMU_HL_PARAM_ADDR: hl_param_d = bus_req_wdata_i;
        KMU_HL_CPL_ADDR_ADDR: hl_cpl_d = bus_req_wdata_i;
        KMU_PRE_CTRL_ADDR: begin
          pre_policy_d  = bus_req_wdata_i[KMU_PRE_CTRL_POLICY_SHIFT+:KMU_PRE_CTRL_POLICY_WIDTH];
          pre_inplace_d = bus_req_wdata_i[KMU_PRE_CTRL_INPLACE_SHIFT];
          pre_wp_en_d   = bus_req_wdata_i[KMU_PRE_CTRL_WP_EN_SHIFT];
          pre_vpol_d    = bus_req_wdata_i[KMU_PRE_CTRL_VPOL_SHIFT+:KMU_PRE_CTRL_VPOL_WIDTH];
          pre_opt_d     = bus_req_wdata_i[KMU_PRE_CTRL_OPT_SHIFT+:KMU_PRE_CTRL_OPT_WIDTH];
          pre_all_d     = bus_req_wdata_i[KMU_PRE_CTRL_ALL_SHIFT];
        end
        KMU_PRE_CTX_BASE_ADDR: pre_ctx_base_d = bus_req_wdata_i;
        KMU_PRE_DEADLINE_ADDR: pre_deadline_d = bus_req_wdata_i;
        KMU_PRE_BW_ADDR:
        pre_bw_shift_d = bus_req_wdata_i[KMU_PRE_BW_SHIFT_SHIFT+:KMU_PRE_BW_SHIFT_WIDTH];
        KMU_PRE_HINT_ADDR: pre_launch_d = bus_req_wdata_i;
        KMU_COPY_SRC_ADDR: cp_src_d = bus_req_wdata_i;
        KMU_COPY_DST_ADDR: cp_dst_d = bus_req_wdata_i;
        KMU_COPY_LEN_ADDR: cp_len_d = bus_req_wdata_i;
        KMU_COPY_CTRL_ADDR: begin
          cp_dir_d  = bus_req_wdata_i[KMU_COPY_CTRL_DIR_SHIFT];
          cp_prio_d = bus_req_wdata_i[KMU_COPY_CTRL_PRIO_SHIFT+:KMU_COPY_CTRL_PRIO_WIDTH];
          cp_id_d   = bus_req_wdata_i[KMU_COPY_CTRL_ID_SHIFT+:KMU_COPY_CTRL_ID_WIDTH] & CP_ID_MASK;
        end
        KMU_COPY_CHUNK_ADDR:
        cp_chunk_d = bus_req_wdata_i[KMU_COPY_CHUNK_LOG2_SHIFT+:KMU_COPY_CHUNK_LOG2_WIDTH];
        KMU_COPY_IRQ_ADDR: cp_irq_en_d = bus_req_wdata_i[KMU_COPY_IRQ_EN_SHIFT];
        default: ;
      endcase
    end
  end

  // ------------------------------------------------------------------ TReM window
  wire tr_cmd_fire = trcmd_req && !tr_busy;  // a TR_CMD write taken on the bus (OKAY)
  wire tr_wr = acc_wr && in_win(a, KMU_WIN_TREM_BASE, KMU_WIN_TREM_LAST);
  wire tr_done_ok = trem_done_valid_i && (trem_done_status_i == KMU_TREM_STATUS_OK);
  wire tr_done_err = trem_done_valid_i && (trem_done_status_i != KMU_TREM_STATUS_OK);
  always @(*) begin
    tr_req_valid_d = tr_req_valid_q;
    tr_req_kind_d = tr_req_kind_q;
    tr_req_replay_d = tr_req_replay_q;
    tr_req_id_d = tr_req_id_q;
    tr_status_d = tr_status_q;
    tr_replay_d = tr_replay_q;
    tr_done_d = tr_done_q;
    tr_tag_d = tr_tag_q;
    tr_lid_d = tr_lid_q;
    tr_ev_done_d = tr_ev_done_q;
    tr_ev_guard_d = tr_ev_guard_q;
    tr_guard_tag_d = tr_guard_tag_q;
    tr_en_done_d = tr_en_done_q;
    tr_en_guard_d = tr_en_guard_q;
    tr_thr_d = tr_thr_q;
    tr_cost_d = tr_cost_q;
    tr_policy_d = tr_policy_q;
    tr_shift_d = tr_shift_q;
    tr_unit_d = tr_unit_q;
    tr_sla_d = tr_sla_q;
    tr_period_d = tr_period_q;
    // the request stage: taken by trem_req_ready_i, loaded by a TR_CMD write (which the bus
    // accepts only when the stage is empty or taken in this cycle)
    if (tr_req_valid_q && trem_req_ready_i) tr_req_valid_d = 1'b0;
    if (tr_cmd_fire) begin
      tr_req_valid_d = 1'b1;
      tr_req_kind_d = bus_req_wdata_i[KMU_TR_CMD_KIND_SHIFT+:KMU_TR_CMD_KIND_WIDTH];
      tr_req_replay_d = bus_req_wdata_i[KMU_TR_CMD_REPLAY_SHIFT];
      tr_req_id_d = bus_req_wdata_i[KMU_TR_CMD_ID_SHIFT+:KMU_TR_CMD_ID_WIDTH];
      tr_done_d = 1'b0;
    end
    // the result: a completion in the write's cycle still sets DONE
    if (trem_done_valid_i) begin
      tr_status_d = trem_done_status_i;
      tr_replay_d = trem_done_replay_i;
      tr_tag_d = trem_done_tag_i;
      tr_lid_d = trem_done_lid_i;
      tr_done_d = 1'b1;
    end
    if (trem_guard_i) tr_guard_tag_d = trem_guard_tag_i;
    // TR_EVENTS: write 1 to clear, a set in the same cycle wins
    if (tr_wr && a == KMU_TR_EVENTS_ADDR) begin
      if (bus_req_wdata_i[KMU_TR_EVENTS_DONE_SHIFT]) tr_ev_done_d = 1'b0;
      if (bus_req_wdata_i[KMU_TR_EVENTS_GUARD_SHIFT]) tr_ev_guard_d = 1'b0;
    end
    if (trem_done_valid_i) tr_ev_done_d = 1'b1;
    if (trem_guard_i) tr_ev_guard_d = 1'b1;
    if (tr_wr) begin
      case (a)
        KMU_TR_IRQ_EN_ADDR: begin
          tr_en_done_d  = bus_req_wdata_i[KMU_TR_IRQ_EN_DONE_SHIFT];
          tr_en_guard_d = bus_req_wdata_i[KMU_TR_IRQ_EN_GUARD_SHIFT];
        end
        KMU_TR_THRESH_ADDR:
        tr_thr_d = bus_req_wdata_i[KMU_TR_THRESH_THR_SHIFT+:KMU_TR_THRESH_THR_WIDTH];
        KMU_TR_COST_ADDR: tr_cost_d = bus_req_wdata_i;
        KMU_TR_CTRL_ADDR: begin
          tr_policy_d = bus_req_wdata_i[KMU_TR_CTRL_POLICY_SHIFT+:KMU_TR_CTRL_POLICY_WIDTH];
          tr_shift_d  = bus_req_wdata_i[KMU_TR_CTRL_SHIFT_SHIFT+:KMU_TR_CTRL_SHIFT_WIDTH];
          tr_unit_d   = bus_req_wdata_i[KMU_TR_CTRL_UNIT_SHIFT+:KMU_TR_CTRL_UNIT_WIDTH];
        end
        KMU_TR_SLA_ADDR: tr_sla_d = bus_req_wdata_i;
        KMU_TR_PERIOD_ADDR: tr_period_d = bus_req_wdata_i;
        default: ;
      endcase
    end
    cnt_trem_d = cnt_inc(cnt_trem_q, tr_wr && a == KMU_ERR_CNT_TREM_ADDR, tr_done_err);
    perf_rvk_d = cnt_inc(perf_rvk_q, tr_wr && a == KMU_PERF_REVOKES_ADDR, tr_done_ok);
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hl_class_q <= KMU_HL_RES_CLASS_RESET[0];
      hl_est_q <= KMU_HL_EST_RESET;
      host_class_q <= 1'b0;
      host_est_q <= 32'd0;
      tr_req_valid_q <= 1'b0;
      tr_req_kind_q <= 2'd0;
      tr_req_replay_q <= 1'b0;
      tr_req_id_q <= 16'd0;
      tr_status_q <= 3'd0;
      tr_replay_q <= 1'b0;
      tr_done_q <= 1'b0;
      tr_tag_q <= 8'd0;
      tr_lid_q <= 16'd0;
      tr_ev_done_q <= 1'b0;
      tr_ev_guard_q <= 1'b0;
      tr_guard_tag_q <= 8'd0;
      tr_en_done_q <= KMU_TR_IRQ_EN_DONE_RESET[0];
      tr_en_guard_q <= KMU_TR_IRQ_EN_GUARD_RESET[0];
      tr_thr_q <= KMU_TR_THRESH_THR_RESET[KMU_TR_THRESH_THR_WIDTH-1:0];
      tr_cost_q <= KMU_TR_COST_RESET;
      tr_policy_q <= KMU_TR_CTRL_POLICY_RESET[KMU_TR_CTRL_POLICY_WIDTH-1:0];
      tr_shift_q <= KMU_TR_CTRL_SHIFT_RESET[KMU_TR_CTRL_SHIFT_WIDTH-1:0];
      tr_unit_q <= KMU_TR_CTRL_UNIT_RESET[KMU_TR_CTRL_UNIT_WIDTH-1:0];
      tr_sla_q <= KMU_TR_SLA_RESET;
      tr_period_q <= KMU_TR_PERIOD_RESET;
      cnt_trem_q <= {CNT_W{1'b0}};
      perf_rvk_q <= {CNT_W{1'b0}};
    end else begin
      hl_class_q <= hl_class_d;
      hl_est_q <= hl_est_d;
      host_class_q <= host_class_d;
      host_est_q <= host_est_d;
      tr_req_valid_q <= tr_req_valid_d;
      tr_req_kind_q <= tr_req_kind_d;
      tr_req_replay_q <= tr_req_replay_d;
      tr_req_id_q <= tr_req_id_d;
      tr_status_q <= tr_status_d;
      tr_replay_q <= tr_replay_d;
      tr_done_q <= tr_done_d;
      tr_tag_q <= tr_tag_d;
      tr_lid_q <= tr_lid_d;
      tr_ev_done_q <= tr_ev_done_d;
      tr_ev_guard_q <= tr_ev_guard_d;
      tr_guard_tag_q <= tr_guard_tag_d;
      tr_en_done_q <= tr_en_done_d;
      tr_en_guard_q <= tr_en_guard_d;
      tr_thr_q <= tr_thr_d;
      tr_cost_q <= tr_cost_d;
      tr_policy_q <= tr_policy_d;
      tr_shift_q <= tr_shift_d;
      tr_unit_q <= tr_unit_d;
      tr_sla_q <= tr_sla_d;
      tr_period_q <= tr_period_d;
      cnt_trem_q <= cnt_trem_d;
      perf_rvk_q <= perf_rvk_d;
    end
  end

  // ------------------------------------------------------------------ registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      err_q         <= KMU_ERR_STATUS_RESET;
      res_busy_q    <= 1'b0;
      res_done_q    <= 1'b0;
      res_code_q    <= 3'd0;
      res_id_q      <= {ID_W{1'b0}};
      ures_done_q   <= 1'b0;
      ures_code_q   <= 2'd0;
      ures_id_q     <= 8'd0;
      cnt_db_q      <= {CNT_W{1'b0}};
      cnt_reg_q     <= {CNT_W{1'b0}};
      cnt_bus_q     <= {CNT_W{1'b0}};
      cnt_cpl_q     <= {CNT_W{1'b0}};
      perf_db_q     <= {CNT_W{1'b0}};
      perf_launch_q <= {CNT_W{1'b0}};
      perf_cpl_q    <= {CNT_W{1'b0}};
      perf_kern_q   <= {CNT_W{1'b0}};
      perf_pre_q    <= {CNT_W{1'b0}};
      perf_wp_q     <= {CNT_W{1'b0}};
      perf_csave_q  <= {CNT_W{1'b0}};
      kdone_q       <= KMU_KERNEL_STATUS_KERNEL_DONE_RESET[0];
      rgem_q        <= KMU_KMU_CTRL_RGEM_RESET[0];
      rsv_q         <= KMU_SM_RESERVE_SMS_RESET & RSV_MASK;
      irq_en_err_q  <= KMU_IRQ_ENABLE_ERR_RESET[0];
      irq_en_kd_q   <= KMU_IRQ_ENABLE_KERNEL_DONE_RESET[0];
      pre_policy_q  <= KMU_PRE_CTRL_POLICY_RESET[KMU_PRE_CTRL_POLICY_WIDTH-1:0];
      pre_inplace_q <= KMU_PRE_CTRL_INPLACE_RESET[0];
      pre_wp_en_q   <= KMU_PRE_CTRL_WP_EN_RESET[0];
      pre_vpol_q    <= KMU_PRE_CTRL_VPOL_RESET[KMU_PRE_CTRL_VPOL_WIDTH-1:0];
      pre_opt_q     <= KMU_PRE_CTRL_OPT_RESET[KMU_PRE_CTRL_OPT_WIDTH-1:0];
      pre_all_q     <= KMU_PRE_CTRL_ALL_RESET[0];
      pre_ctx_base_q <= KMU_PRE_CTX_BASE_RESET;
      pre_deadline_q <= KMU_PRE_DEADLINE_RESET;
      pre_bw_shift_q <= KMU_PRE_BW_SHIFT_RESET[KMU_PRE_BW_SHIFT_WIDTH-1:0];
      pre_launch_q  <= KMU_PRE_HINT_RESET;
      pre_hint_valid_q <= 1'b0;
      ysig_valid_q  <= 1'b0;
      ysig_addr_q   <= KMU_YIELD_SIGNAL_RESET;
      ytail_q       <= KMU_YIELD_CTRL_TAIL_RESET[0];
      ymaxwait_q    <= KMU_YIELD_CTRL_MAXWAIT_RESET[KMU_YIELD_CTRL_MAXWAIT_WIDTH-1:0];
      scratch_q     <= KMU_SCRATCH_RESET;
      kptr_q        <= 32'd0;
      grid_x_q      <= 16'd0;
      grid_y_q      <= 16'd0;
      grid_z_q      <= 16'd0;
      tb_x_q        <= 16'd0;
      tb_y_q        <= 16'd0;
      tb_z_q        <= 16'd0;
      shmem_q       <= 16'd0;
      nregs_q       <= 8'd0;
      prio_q        <= 2'd0;
      pbase_q       <= 32'd0;
      pend_q        <= 32'd0;
      esize_q       <= 16'd0;
      maxinf_q      <= 8'd0;
      hl_kptr_q     <= 32'd0;
      hl_grid_x_q   <= 16'd0;
      hl_grid_y_q   <= 16'd0;
      hl_grid_z_q   <= 16'd0;
      hl_tb_x_q     <= 16'd0;
      hl_tb_y_q     <= 16'd0;
      hl_tb_z_q     <= 16'd0;
      hl_shmem_q    <= 16'd0;
      hl_nregs_q    <= 8'd0;
      hl_prio_q     <= 2'd0;
      hl_param_q    <= 32'd0;
      hl_cpl_q      <= 32'd0;
      host_valid_q  <= 1'b0;
      host_kptr_q   <= 32'd0;
      host_grid_x_q <= 16'd0;
      host_grid_y_q <= 16'd0;
      host_grid_z_q <= 16'd0;
      host_tb_x_q   <= 16'd0;
      host_tb_y_q   <= 16'd0;
      host_tb_z_q   <= 16'd0;
      host_shmem_q  <= 16'd0;
      host_nregs_q  <= 8'd0;
      host_prio_q   <= 2'd0;
      host_param_q  <= 32'd0;
      host_cpl_q    <= 32'd0;
      cp_src_q      <= KMU_COPY_SRC_RESET;
      cp_dst_q      <= KMU_COPY_DST_RESET;
      cp_len_q      <= KMU_COPY_LEN_RESET;
      cp_dir_q      <= KMU_COPY_CTRL_DIR_RESET[0];
      cp_prio_q     <= KMU_COPY_CTRL_PRIO_RESET[KMU_COPY_CTRL_PRIO_WIDTH-1:0];
      cp_id_q       <= KMU_COPY_CTRL_ID_RESET[KMU_COPY_CTRL_ID_WIDTH-1:0];
      cp_chunk_q    <= KMU_COPY_CHUNK_LOG2_RESET[KMU_COPY_CHUNK_LOG2_WIDTH-1:0];
      cp_irq_en_q   <= KMU_COPY_IRQ_EN_RESET[0];
      cq_v_q        <= 1'b0;
      cq_src_q      <= 32'd0;
      cq_dst_q      <= 32'd0;
      cq_bytes_q    <= {CP_LENW{1'b0}};
      cq_dir_q      <= 1'b0;
      cq_prio_q     <= {CP_PW{1'b0}};
      cq_id_q       <= {CP_IDW{1'b0}};
      wref_v_q      <= 1'b0;
      wref_id_q     <= {CP_IDW{1'b0}};
      wref_st_q     <= 3'd0;
      ccpl_v_q      <= 1'b0;
      ccpl_id_q     <= {CP_IDW{1'b0}};
      ccpl_st_q     <= 3'd0;
      cp_lerr_q     <= 3'd0;
      cnt_cp_q      <= {CNT_W{1'b0}};
      perf_cp_q     <= {CNT_W{1'b0}};
      rd_wait_q     <= 1'b0;
      mir_vld_q     <= {MIR_NREG{1'b0}};
    end else begin
      err_q         <= err_d;
      res_busy_q    <= res_busy_d;
      res_done_q    <= res_done_d;
      res_code_q    <= res_code_d;
      res_id_q      <= res_id_d;
      ures_done_q   <= ures_done_d;
      ures_code_q   <= ures_code_d;
      ures_id_q     <= ures_id_d;
      cnt_db_q      <= cnt_db_d;
      cnt_reg_q     <= cnt_reg_d;
      cnt_bus_q     <= cnt_bus_d;
      cnt_cpl_q     <= cnt_cpl_d;
      perf_db_q     <= perf_db_d;
      perf_launch_q <= perf_launch_d;
      perf_cpl_q    <= perf_cpl_d;
      perf_kern_q   <= perf_kern_d;
      perf_pre_q    <= perf_pre_d;
      perf_wp_q     <= perf_wp_d;
      perf_csave_q  <= perf_csave_d;
      kdone_q       <= kdone_d;
      rgem_q        <= rgem_d;
      rsv_q         <= rsv_d;
      irq_en_err_q  <= irq_en_err_d;
      irq_en_kd_q   <= irq_en_kd_d;
      pre_policy_q  <= pre_policy_d;
      pre_inplace_q <= pre_inplace_d;
      pre_wp_en_q   <= pre_wp_en_d;
      pre_vpol_q    <= pre_vpol_d;
      pre_opt_q     <= pre_opt_d;
      pre_all_q     <= pre_all_d;
      pre_ctx_base_q <= pre_ctx_base_d;
      pre_deadline_q <= pre_deadline_d;
      pre_bw_shift_q <= pre_bw_shift_d;
      pre_launch_q  <= pre_launch_d;
      pre_hint_valid_q <= pre_hint_valid_d;
      ysig_valid_q  <= ysig_valid_d;
      ysig_addr_q   <= ysig_addr_d;
      ytail_q       <= ytail_d;
      ymaxwait_q    <= ymaxwait_d;
      scratch_q     <= scratch_d;
      kptr_q        <= kptr_d;
      grid_x_q      <= grid_x_d;
      grid_y_q      <= grid_y_d;
      grid_z_q      <= grid_z_d;
      tb_x_q        <= tb_x_d;
      tb_y_q        <= tb_y_d;
      tb_z_q        <= tb_z_d;
      shmem_q       <= shmem_d;
      nregs_q       <= nregs_d;
      prio_q        <= prio_d;
      pbase_q       <= pbase_d;
      pend_q        <= pend_d;
      esize_q       <= esize_d;
      maxinf_q      <= maxinf_d;
      hl_kptr_q     <= hl_kptr_d;
      hl_grid_x_q   <= hl_grid_x_d;
      hl_grid_y_q   <= hl_grid_y_d;
      hl_grid_z_q   <= hl_grid_z_d;
      hl_tb_x_q     <= hl_tb_x_d;
      hl_tb_y_q     <= hl_tb_y_d;
      hl_tb_z_q     <= hl_tb_z_d;
      hl_shmem_q    <= hl_shmem_d;
      hl_nregs_q    <= hl_nregs_d;
      hl_prio_q     <= hl_prio_d;
      hl_param_q    <= hl_param_d;
      hl_cpl_q      <= hl_cpl_d;
      host_valid_q  <= host_valid_d;
      host_kptr_q   <= host_kptr_d;
      host_grid_x_q <= host_grid_x_d;
      host_grid_y_q <= host_grid_y_d;
      host_grid_z_q <= host_grid_z_d;
      host_tb_x_q   <= host_tb_x_d;
      host_tb_y_q   <= host_tb_y_d;
      host_tb_z_q   <= host_tb_z_d;
      host_shmem_q  <= host_shmem_d;
      host_nregs_q  <= host_nregs_d;
      host_prio_q   <= host_prio_d;
      host_param_q  <= host_param_d;
      host_cpl_q    <= host_cpl_d;
      cp_src_q      <= cp_src_d;
      cp_dst_q      <= cp_dst_d;
      cp_len_q      <= cp_len_d;
      cp_dir_q      <= cp_dir_d;
      cp_prio_q     <= cp_prio_d;
      cp_id_q       <= cp_id_d;
      cp_chunk_q    <= cp_chunk_d;
      cp_irq_en_q   <= cp_irq_en_d;
      cq_v_q        <= cq_v_d;
      cq_src_q      <= cq_src_d;
      cq_dst_q      <= cq_dst_d;
      cq_bytes_q    <= cq_bytes_d;
      cq_dir_q      <= cq_dir_d;
      cq_prio_q     <= cq_prio_d;
      cq_id_q       <= cq_id_d;
      wref_v_q      <= wref_v_d;
      wref_id_q     <= wref_id_d;
      wref_st_q     <= wref_st_d;
      ccpl_v_q      <= ccpl_v_d;
      ccpl_id_q     <= ccpl_id_d;
      ccpl_st_q     <= ccpl_st_d;
      cp_lerr_q     <= cp_lerr_d;
      cnt_cp_q      <= cnt_cp_d;
      perf_cp_q     <= perf_cp_d;
      rd_wait_q     <= rd_first;
      mir_vld_q     <= mir_vld_d;
    end
  end

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // the mirror RAM: no two mirrored registers share a slot
  initial begin
    if (MIR_DUP) begin
      $display("ASSERTION kmu_csr %m: two mirrored registers share a mirror RAM slot");
      $stop;
    end
  end
  // a read that waited is offered again, unchanged, in the next cycle (kmu_axil_slave holds a
  // refused offer): else the RAM's read data would belong to another address
  reg [AW-1:0] rd_addr_q;
  always @(posedge clk_i) rd_addr_q <= bus_req_addr_i;
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni && rd_wait_q && !(bus_req_valid_i && !bus_req_write_i &&
                                 bus_req_addr_i == rd_addr_q)) begin
      $display("ASSERTION kmu_csr %m t=%0t: a read made to wait was not offered again unchanged",
               $time);
      $stop;
    end
  end
  /* verilator lint_on SYNCASYNCNET */
  // in_win's mask compare decodes the doorbell window as the magnitude compares would.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni && bus_req_valid_i &&
        (db_hit != (in_64k && (a >= KMU_DOORBELL_ADDR) && (a <= DB_LAST)))) begin
      $display("ASSERTION kmu_csr %m t=%0t: address %h: doorbell window decoded as %0d", $time,
               a, db_hit);
      $stop;
    end
  end
  /* verilator lint_on SYNCASYNCNET */
  // cnt_inc saturates: a one-event counter at all ones stays there in a cycle without a bus
  // write (only a write can clear it), whatever its event.
  localparam integer NC1 = 13;  // the counters cnt_inc steps
  wire [NC1*CNT_W-1:0] c1_q = {cnt_bus_q, cnt_cpl_q, perf_db_q, perf_launch_q, perf_cpl_q,
      perf_kern_q, perf_pre_q, perf_wp_q, perf_csave_q, cnt_cp_q, perf_cp_q, cnt_trem_q, perf_rvk_q};
  wire [NC1*CNT_W-1:0] c1_d = {cnt_bus_d, cnt_cpl_d, perf_db_d, perf_launch_d, perf_cpl_d,
      perf_kern_d, perf_pre_d, perf_wp_d, perf_csave_d, cnt_cp_d, perf_cp_d, cnt_trem_d, perf_rvk_d};
  integer c1_k;
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    for (c1_k = 0; c1_k < NC1; c1_k = c1_k + 1) begin
      if (rst_ni && !acc_wr && (c1_q[c1_k*CNT_W+:CNT_W] == CNT_MAX) &&
          (c1_d[c1_k*CNT_W+:CNT_W] != CNT_MAX)) begin
        $display("ASSERTION kmu_csr %m t=%0t: saturated counter %0d (of c1_q) left all ones",
                 $time, c1_k);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
