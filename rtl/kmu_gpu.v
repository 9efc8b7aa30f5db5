// kmu_gpu - the openkmu system top: front end, kernel management, dispatch, the system's
// preemption trigger and one SM's control hardware (kmu_sm) per SM, with the SIMT pipelines and
// memory outside.
//
//   AXI4-Lite -> kmu_frontend -> event descriptors --+
//                  | CSRs     -> host descriptors  --+-> kmu_kmu (pending pool, KDU slots)
//                  | (policy,                             |  ^ TB done     | completion flags
//                  |  hint)                   kmu_dispatch |            kmu_mem_port -> mem_*
//                  v               need/fit | start |  stall/level          ^ client 1+s
//                kmu_sm x NSM <-------------+-------+-- kmu_preempt_ctrl   |
//                  |  (sm_ctrl, ctx_engine, dirty_rf, pep_predictor, warp_preempt) --+
//                  +--> SIMT start bus (round-robin) / <-- SIMT done bus
//                  +<-> per-SM SIMT ports (pause, evict, warps, register file, shared memory)
//                | COPY_*   -> kmu_copy_engine <-> host link (hlink_*)
//                                     +--> kmu_mem_port client 1+NSM (device memory)
//                | TR_*     -> kmu_trem_policy -> kmu_revoke -> kmu_kmu stop/free, kmu_sm drop
//                           <- kmu_elastic (U, q, l_e) <- admissions / completions (issue 12)
//                | YIELD_*  -> kmu_yield_mon <- every SM's yield lane, memory-port writes
//                                  +--> wake port -> the SM's restore (GPUpIO, issue 13)
//
// Papers: EDGE II-A and III (launch), IV-A..D (dispatch, reservation, warp-level events,
// warp-level preemption), PEP 3.3 and Chimera (TB-level preemption: switch, drain, base and
// incremental checkpoints, launch hints), RGEM 3.2 (priority-ordered launch, KMU_CTRL.RGEM),
// RGEM 3.1 (chunked, priority-preemptible host <-> device copies: kmu_copy_engine), TReM III,
// IV, VII (revocation: kmu_revoke -> kmu_kmu stop/free and each kmu_sm's drop; the automatic
// Priority / Elastic requests and Elastic's SM split: kmu_trem_policy, from kmu_elastic's U;
// docs/blocks/kmu_gpu.md), GPUpIO 7 (yield(addr): kmu_yield_mon, section "GPUpIO yield" below).
//
// Latency (no back-pressure): a doorbell whose AXI write handshake completes at edge t gives
// the event descriptor in cycle t+2; the kernel enters a free KDU slot at the end of t+2 and
// its first TB is dispatched to an SM that fits in cycle t+3 (take + start in one cycle), is
// resident at the end of t+3 and offered on the SIMT start bus from t+4.  A TB that cannot
// start anywhere in cycle t (dispatcher stall at level L) asks the SMs that run only lower
// levels to preempt in t+1 (kmu_preempt_ctrl); each SM's policy then switches or drains its
// TBs (kmu_sm).  make bench measures these figures.
//
// Contract: the SIMT start bus is a valid/ready stream (one TB per cycle, round-robin over the
// SMs that have a TB to start; simt_start_insts_i is the offered TB's warp instructions, read
// in the handshake cycle); the SIMT done bus needs no back-pressure (simt_done_ready_o is 1).
// Per-SM ports (vectors of NSM elements, SM s at [s*W +: W]) are kmu_sm's SIMT-side ports with
// the same names and contracts (docs/blocks/kmu_sm.md): shm_rdata_i is a combinational read
// of shm_raddr_o (a registered address), ip_rdata_i the registered read of the last cycle's
// ip_ren_o / ip_addr_o (a block RAM's read; ctxboard).  The memory port
// carries the completion-flag writes (client 0), SM s's context engine (client 1+s) and the
// copy engine's device side (client 1+NSM), round robin; read responses come back tagged with
// the client.  The host link (hlink_*) is the copy engine's host side, leaving the top as it is:
// requests held until hlink_req_ready_i, read responses in order on hlink_rsp_*, taken in the
// cycle they arrive (no back-pressure; at most CP_BUF reads outstanding).  Copies are
// software's through the copy window (COPY_*, kmu_csr): the window's command register stage and
// completion register are the registered boundary to the engine.  Configuration is software's,
// through the front end's CSRs: KMU_CTRL.RGEM, SM_RESERVE, and the preemption window (PRE_CTRL
// policy / in-place / warp-level enable / victim policy / optimisations, PRE_CTX_BASE (SM s's
// checkpoint areas start at PRE_CTX_BASE + s * 2 * PTBS * AREA_BYTES), PRE_DEADLINE, PRE_BW,
// PRE_HINT: the launch hint reaches every SM's predictor).  A new kernel's first TB (linear
// index 0) taken clears its tag's profile in every predictor (KSLOTS = CT: the predictors
// profile per kernel tag).  hw_err_o pulses when any block refuses an input that a correct
// system never produces: a scoreboard signal, never expected in a good run.
// C twin: cmodel/kmu_gpu.c.
`default_nettype none

module kmu_gpu #(
    parameter integer AW      = 16,     // AXI byte-address bits
    parameter integer ENTRIES = 8,      // EKT entries
    parameter integer CNT_W   = 16,     // CSR counter bits
    parameter integer NSM     = 2,      // SMs (1..64)
    parameter integer SLOTS   = 4,      // KDU kernel slots (1..32)
    parameter integer PEND    = 4,      // pending kernels per priority level
    parameter integer TBS     = 4,      // resident TBs per SM (1..64)
    parameter integer WARPS   = 8,      // warp slots per SM (1..64)
    parameter integer REGS    = 4096,   // registers per SM
    parameter integer SHMEM   = 16384,  // shared memory bytes per SM
    parameter integer EWT     = 4,      // pending event-warp table entries per SM
    parameter integer CT      = 2 * SLOTS, // kmu_kmu completion-table entries (kernel tags)
    parameter integer PTBS    = TBS,    // preempted-TB table entries per SM
    parameter integer AREA_BYTES = 32768,  // checkpoint area bytes (a power of two)
    parameter integer IPB     = 0,      // on-chip (in-place) checkpoint bytes per SM; 0: none
    parameter integer RPW     = 16,     // warp registers per warp slot (1..32)
    parameter integer REG_BYTES = 4,    // bytes of a warp register (4 small, 128 paper)
    parameter integer BEAT_BYTES = 4,   // bytes per memory beat of the context engines
    parameter integer EMA_SH  = 3,      // predictor profile EMA weight 2^-EMA_SH
    parameter integer PEP_TW  = 32,     // predictor time and count width (16..32)
    parameter integer CP_NPRIO = 2,     // copy engine priority levels (2..8)
    parameter integer CP_QD   = 2,      // copy engine queued copies per priority
    parameter integer CP_IDW  = 4,      // copy tag bits
    parameter integer CP_LENW = 12,     // copy byte-count bits: copies below 2^CP_LENW bytes
    parameter integer CP_BUF  = 4,      // copy engine data buffer beats (read credits)
    parameter integer YW      = 8,      // kmu_yield_mon watch-table entries (1..64)
    // derived, do not override: memory client index width, clog2(2 + NSM)
    parameter integer MCW     = $clog2(2 + NSM)
) (
    input wire clk_i,
    input wire rst_ni,

    // AXI4-Lite slave (32-bit data)
    input  wire          s_awvalid_i,
    output wire          s_awready_o,
    input  wire [AW-1:0] s_awaddr_i,
    input  wire          s_wvalid_i,
    output wire          s_wready_o,
    input  wire [  31:0] s_wdata_i,
    input  wire [   3:0] s_wstrb_i,
    output wire          s_bvalid_o,
    input  wire          s_bready_i,
    output wire [   1:0] s_bresp_o,
    input  wire          s_arvalid_i,
    output wire          s_arready_o,
    input  wire [AW-1:0] s_araddr_i,
    output wire          s_rvalid_o,
    input  wire          s_rready_i,
    output wire [  31:0] s_rdata_o,
    output wire [   1:0] s_rresp_o,

    // memory port
    output wire        mem_valid_o,
    input  wire        mem_ready_i,
    output wire        mem_write_o,
    output wire [31:0] mem_addr_o,
    output wire [31:0] mem_wdata_o,
    output wire [MCW-1:0] mem_client_o,  // 0: completion flags, 1+s: SM s's context engine,
                                         // 1+NSM: the copy engine
    input  wire        mem_rvalid_i,
    input  wire [31:0] mem_rdata_i,
    input  wire [MCW-1:0] mem_rclient_i,

    // host link: the copy engine's host side (kmu_copy_engine host_req_* / host_rsp_*)
    output wire        hlink_req_valid_o,
    input  wire        hlink_req_ready_i,
    output wire        hlink_req_write_o,
    output wire [31:0] hlink_req_addr_o,
    output wire [31:0] hlink_req_wdata_o,
    input  wire        hlink_rsp_valid_i,
    input  wire [31:0] hlink_rsp_rdata_i,

    // SIMT start bus (all SMs)
    output wire                                         simt_start_valid_o,
    input  wire                                         simt_start_ready_i,
    output wire [     ((NSM > 1) ? $clog2(NSM) : 1)-1:0] simt_start_sm_o,
    output wire [     ((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_start_rtb_o,
    output wire [                                  5:0] simt_start_warps_o,
    output wire [                                 31:0] simt_start_kptr_o,
    output wire [                                 31:0] simt_start_param_o,
    output wire [                                 31:0] simt_start_tb_o,
    output wire [                                  7:0] simt_start_slot_o,   // the TB's kernel tag (kmu_kmu CT entry)
    output wire                                         simt_start_ewarp_o,
    output wire [                              WARPS-1:0] simt_start_wmask_o,   // its warp slots
    output wire                                         simt_start_restore_o, // resumes a restored context
    output wire [                                  5:0] simt_start_rpw_o,     // registers per warp slot
    input  wire [                                 31:0] simt_start_insts_i,   // its warp instructions (0: unknown)

    // SIMT done bus
    input  wire                                     simt_done_valid_i,
    output wire                                     simt_done_ready_o,
    input  wire [ ((NSM > 1) ? $clog2(NSM) : 1)-1:0] simt_done_sm_i,
    input  wire [ ((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_done_rtb_i,

    // ---- per SM (kmu_sm's SIMT-side ports and status, SM s at [s*W +: W])
    input  wire [NSM*1-1:0] simt_inst_valid_i,
    input  wire [NSM*((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_inst_rtb_i,
    input  wire [NSM*TBS-1:0] simt_paused_i,
    input  wire [NSM*1-1:0] simt_wstart_valid_i,
    input  wire [NSM*6-1:0] simt_wstart_warp_i,
    input  wire [NSM*8-1:0] simt_wstart_regs_i,
    input  wire [NSM*1-1:0] simt_wexit_valid_i,
    input  wire [NSM*6-1:0] simt_wexit_warp_i,
    input  wire [NSM*1-1:0] rf_wr_valid_i,
    input  wire [NSM*6-1:0] rf_wr_warp_i,
    input  wire [NSM*5-1:0] rf_wr_reg_i,
    input  wire [NSM*32-1:0] rf_wr_data_i,
    input  wire [NSM*1-1:0] rf_rd_valid_i,
    input  wire [NSM*6-1:0] rf_rd_warp_i,
    input  wire [NSM*5-1:0] rf_rd_reg_i,
    input  wire [NSM*32-1:0] shm_rdata_i,
    input  wire [NSM*32-1:0] ip_rdata_i,
    input  wire [NSM*WARPS-1:0] w_live_i,
    input  wire [NSM*WARPS-1:0] w_inpipe_i,
    input  wire [NSM*WARPS-1:0] w_ld_i,
    input  wire [NSM*WARPS-1:0] w_bar_i,
    input  wire [NSM*WARPS-1:0] w_ibuf_i,
    input  wire [NSM*WARPS-1:0] w_icmiss_i,
    input  wire [NSM*1-1:0] rsave_ready_i,
    input  wire [NSM*1-1:0] rsave_done_i,
    input  wire [NSM*WARPS-1:0] ev_done_i,
    input  wire [NSM*1-1:0] rrest_ready_i,
    input  wire [NSM*1-1:0] rrest_done_i,
    output wire [NSM*TBS-1:0] simt_pause_o,
    output wire [NSM*1-1:0] simt_evict_valid_o,
    output wire [NSM*((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_evict_rtb_o,
    output wire [NSM*1-1:0] rf_wr_ready_o,
    output wire [NSM*32-1:0] rf_rd_data_o,
    output wire [NSM*1-1:0] shm_ren_o,
    output wire [NSM*17-1:0] shm_raddr_o,
    output wire [NSM*1-1:0] shm_wen_o,
    output wire [NSM*17-1:0] shm_waddr_o,
    output wire [NSM*32-1:0] shm_wdata_o,
    output wire [NSM*1-1:0] ip_wen_o,
    output wire [NSM*1-1:0] ip_ren_o,
    output wire [NSM*32-1:0] ip_addr_o,
    output wire [NSM*32-1:0] ip_wdata_o,
    output wire [NSM*WARPS-1:0] vic_stop_o,
    output wire [NSM*WARPS-1:0] vic_boost_o,
    output wire [NSM*WARPS-1:0] ibuf_flush_o,
    output wire [NSM*WARPS-1:0] bar_skip_o,
    output wire [NSM*WARPS-1:0] bar_reins_o,
    output wire [NSM*WARPS-1:0] ld_drop_o,
    output wire [NSM*1-1:0] rsave_valid_o,
    output wire [NSM*6-1:0] rsave_warp_o,
    output wire [NSM*8-1:0] rsave_nregs_o,
    output wire [NSM*WARPS-1:0] stk_push_o,
    output wire [NSM*32-1:0] stk_pc_o,
    output wire [NSM*WARPS-1:0] ev_start_o,
    output wire [NSM*WARPS-1:0] stk_pop_o,
    output wire [NSM*1-1:0] rrest_valid_o,
    output wire [NSM*6-1:0] rrest_warp_o,
    output wire [NSM*8-1:0] rrest_nregs_o,
    output wire [NSM*WARPS-1:0] vic_resume_o,
    output wire [NSM*TBS-1:0] resident_o,
    output wire [NSM*TBS-1:0] elig_o,
    output wire [NSM*1-1:0] pre_busy_o,
    output wire [NSM*8-1:0] ptb_count_o,
    output wire [NSM*1-1:0] armed_o,
    output wire [NSM*1-1:0] ctx_cmd_valid_o,
    output wire [NSM*1-1:0] ctx_cmd_ready_o,
    output wire [NSM*2-1:0] ctx_cmd_op_o,
    output wire [NSM*1-1:0] ctx_cmd_inplace_o,
    output wire [NSM*WARPS-1:0] ctx_cmd_wmask_o,
    output wire [NSM*1-1:0] ctx_done_o,
    output wire [NSM*32-1:0] ctx_done_bytes_o,
    output wire [NSM*1-1:0] wp_busy_o,
    output wire [NSM*1-1:0] wp_refuse_o,
    output wire [NSM*16-1:0] wp_lat_o,
    output wire [NSM*((TBS > 1) ? $clog2(TBS) : 1)-1:0] ev_rtb_o,  // the event warp of SM s's warp-level preemption
    output wire [NSM*32-1:0] ev_tb_o,
    output wire [NSM*32-1:0] ev_param_o,
    output wire [NSM*8-1:0] ev_slot_o,
    // GPUpIO yield (issue 13): SM s's SIMT event yield(addr) and its answer (kmu_sm's ports of
    // the same names; kmu_yield_mon decides, docs/blocks/kmu_gpu.md section "Yield")
    input  wire [NSM*1-1:0] simt_yield_valid_i,
    output wire [NSM*1-1:0] simt_yield_ready_o,
    input  wire [NSM*((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_yield_rtb_i,
    input  wire [NSM*32-1:0] simt_yield_addr_i,
    output wire [NSM*1-1:0] simt_yres_valid_o,
    output wire [NSM*((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_yres_rtb_o,
    output wire [NSM*2-1:0] simt_yres_code_o,
    output wire [NSM-1:0] preempt_o,  // the preemption request SM s got (kmu_preempt_ctrl, pulse)
    output wire           hold_o,     // restores held: a preempting level still issues TBs

    output wire kernel_done_o,  // a kernel completed (its flag write is queued)
    output wire hw_err_o,
    output wire irq_o
);
  localparam integer ID_W = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;
  localparam integer SLOT_W = (SLOTS > 1) ? $clog2(SLOTS) : 1;
  localparam integer TAG_W = (CT > 1) ? $clog2(CT) : 1;  // kernel tag (<= 8 bits: CT <= 256)
  // kmu_kmu's outstanding-count bits (issue 15): a kernel's TBs taken and not reported done are
  // on the SMs, each in a resident entry (TBS: the done FIFO's reports included), the
  // preempted-TB table (PTBS: preempted and yielded TBs) or the event-warp table (EWT), so at
  // most NSM * (TBS + PTBS + EWT); kmu_kmu refuses a take beyond (err_take_o, hw_err_o)
  localparam integer KMU_OUT_W = $clog2(NSM * (TBS + PTBS + EWT) + 1);
  localparam integer SM_W = (NSM > 1) ? $clog2(NSM) : 1;
  localparam integer RTB_W = (TBS > 1) ? $clog2(TBS) : 1;

  // ---------------------------------------------------------------- front end
  wire            desc_valid, desc_ready;
  wire [ID_W-1:0] desc_id;
  wire [    31:0] desc_kptr, desc_param;
  wire [15:0] desc_grid_x, desc_grid_y, desc_grid_z, desc_tb_x, desc_tb_y, desc_tb_z;
  wire [15:0] desc_shmem;
  wire [ 7:0] desc_nregs;
  wire [ 1:0] desc_prio;
  wire host_valid, host_ready;
  wire [31:0] host_kptr, host_param, host_cpl_addr;
  wire [15:0] host_grid_x, host_grid_y, host_grid_z, host_tb_x, host_tb_y, host_tb_z;
  wire [15:0] host_shmem;
  wire [ 7:0] host_nregs;
  wire [ 1:0] host_prio;
  wire            ekt_cpl_valid;
  wire [ID_W-1:0] ekt_cpl_id;
  wire            mode_rgem;  // KMU_CTRL.RGEM
  wire [ NSM-1:0] reserve_mask;  // SM_RESERVE
  // the preemption window (PRE_*)
  wire [1:0] pre_policy, pre_vpol;
  wire pre_inplace, pre_wp_en, pre_hint_valid;
  wire [3:0] pre_opt, pre_bw_shift;
  wire pre_all;
  wire [31:0] pre_ctx_base, pre_deadline, pre_pred_launch;
  wire pre_busy_any, pc_req, wp_start_any, ctx_save_any;
  // the copy window (COPY_*) <-> kmu_copy_engine
  localparam integer CP_PW = (CP_NPRIO > 1) ? $clog2(CP_NPRIO) : 1;
  wire [4:0] cp_chunk_log2;
  wire cp_cmd_valid, cp_cmd_ready, cp_cmd_dir, cp_cpl_valid, cp_cpl_ready, cp_busy;
  wire [31:0] cp_cmd_src, cp_cmd_dst;
  wire [CP_LENW-1:0] cp_cmd_bytes;
  wire [CP_PW-1:0] cp_cmd_prio;
  wire [CP_IDW-1:0] cp_cmd_id, cp_cpl_id;
  wire [2:0] cp_cpl_status;
  // the TReM window (TR_*) <-> kmu_revoke, kmu_elastic, kmu_kmu (issue 12)
  localparam integer EL_UW = (NSM + 1 > 1) ? $clog2(NSM + 1) : 1;  // kmu_elastic's U bits
  wire host_class;  // HL_RES.CLASS of the host launch
  wire [31:0] host_est;  // HL_EST
  wire trq_valid, trq_ready, trq_replay;
  wire [1:0] trq_kind;
  wire [15:0] trq_id;
  wire [3:0] tr_thr;
  wire [2:0] tr_shift, tr_unit;
  wire [31:0] tr_cost, tr_sla, tr_period;
  wire [1:0] tr_policy;  // TR_CTRL.POLICY: kmu_trem_policy
  wire [15:0] tp_cnt, tp_ok_cnt, tp_nv_cnt;  // kmu_trem_policy's counters: TR_AUTO, TR_AUTO_NV
  wire rv_req_valid, rv_req_ready, rv_req_replay, tp_cmd_done;  // kmu_trem_policy <-> kmu_revoke
  wire [1:0] rv_req_kind;
  wire [15:0] rv_req_id;
  wire rv_busy, rv_done, rv_done_replay, rv_guard;
  wire [2:0] rv_done_status;
  wire [TAG_W-1:0] rv_done_tag, rv_guard_tag;
  wire [15:0] rv_done_lid;
  wire [TAG_W+7:0] rv_done_tag8 = {8'd0, rv_done_tag};  // the window's 8-bit tag fields
  wire [TAG_W+7:0] rv_guard_tag8 = {8'd0, rv_guard_tag};
  wire [EL_UW-1:0] el_u;
  wire [EL_UW+7:0] el_u8 = {8'd0, el_u};  // TR_ELASTIC.U is 8 bits
  wire [7:0] el_q;
  wire [31:0] el_le;
  wire [15:0] last_lid;  // kmu_kmu: launch id of the last host kernel (TR_LAST_LID)
  // kmu_kmu <-> kmu_revoke <-> the SMs
  wire adm_valid, adm_fresh, adm_user, stop_ack, free_ack;
  wire [TAG_W-1:0] adm_tag, cpl_tag;
  wire [15:0] adm_lid;
  wire [31:0] adm_est;
  wire rv_stop, rv_free, rv_free_replay;
  wire [NSM-1:0] rv_drop, sm_drop_ack;
  wire [TAG_W-1:0] rv_tag;
  wire [TAG_W+7:0] rv_tag8 = {8'd0, rv_tag};  // the SMs' drop_slot_i is 8 bits
  wire unused_tr_hi = |{rv_done_tag8[TAG_W+7:8], rv_guard_tag8[TAG_W+7:8], el_u8[EL_UW+7:8],
                      rv_tag8[TAG_W+7:8]};

  // GPUpIO: the MMIO signal window (YIELD_SIGNAL) and kmu_yield_mon's counters (YIELD_*)
  wire ysig_valid;
  wire [31:0] ysig_addr;
  wire [CNT_W-1:0] ycnt_take, ycnt_spin, ycnt_full, ycnt_nowork, ycnt_wake, ycnt_err;
  wire y_tail;  // YIELD_CTRL.TAIL: a woken TB is parked like a spin (the tail)
  reg [CNT_W-1:0] ywk_err_q;  // YIELD_WKERR: cycles with a wake an SM refused (below)
  wire [3:0] y_maxwait;  // YIELD_CTRL.MAXWAIT: the bound on a parked TB's wait
  kmu_frontend #(
      .AW     (AW),
      .ENTRIES(ENTRIES),
      .CNT_W  (CNT_W),
      .NSM    (NSM),
      .CP_NPRIO(CP_NPRIO),
      .CP_LENW(CP_LENW),
      .CP_IDW (CP_IDW)
  ) u_frontend (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .s_awvalid_i    (s_awvalid_i),
      .s_awready_o    (s_awready_o),
      .s_awaddr_i     (s_awaddr_i),
      .s_wvalid_i     (s_wvalid_i),
      .s_wready_o     (s_wready_o),
      .s_wdata_i      (s_wdata_i),
      .s_wstrb_i      (s_wstrb_i),
      .s_bvalid_o     (s_bvalid_o),
      .s_bready_i     (s_bready_i),
      .s_bresp_o      (s_bresp_o),
      .s_arvalid_i    (s_arvalid_i),
      .s_arready_o    (s_arready_o),
      .s_araddr_i     (s_araddr_i),
      .s_rvalid_o     (s_rvalid_o),
      .s_rready_i     (s_rready_i),
      .s_rdata_o      (s_rdata_o),
      .s_rresp_o      (s_rresp_o),
      .desc_valid_o   (desc_valid),
      .desc_ready_i   (desc_ready),
      .desc_id_o      (desc_id),
      .desc_kptr_o    (desc_kptr),
      .desc_grid_x_o  (desc_grid_x),
      .desc_grid_y_o  (desc_grid_y),
      .desc_grid_z_o  (desc_grid_z),
      .desc_tb_x_o    (desc_tb_x),
      .desc_tb_y_o    (desc_tb_y),
      .desc_tb_z_o    (desc_tb_z),
      .desc_shmem_o   (desc_shmem),
      .desc_nregs_o   (desc_nregs),
      .desc_prio_o    (desc_prio),
      .desc_param_o   (desc_param),
      .host_valid_o   (host_valid),
      .host_ready_i   (host_ready),
      .host_kptr_o    (host_kptr),
      .host_grid_x_o  (host_grid_x),
      .host_grid_y_o  (host_grid_y),
      .host_grid_z_o  (host_grid_z),
      .host_tb_x_o    (host_tb_x),
      .host_tb_y_o    (host_tb_y),
      .host_tb_z_o    (host_tb_z),
      .host_shmem_o   (host_shmem),
      .host_nregs_o   (host_nregs),
      .host_prio_o    (host_prio),
      .host_param_o   (host_param),
      .host_cpl_addr_o(host_cpl_addr),
      .cpl_valid_i    (ekt_cpl_valid),
      .cpl_id_i       (ekt_cpl_id),
      .kernel_done_i  (kernel_done_o),
      .mode_rgem_o    (mode_rgem),
      .reserve_mask_o (reserve_mask),
      .pre_policy_o     (pre_policy),
      .pre_inplace_o    (pre_inplace),
      .pre_wp_en_o      (pre_wp_en),
      .pre_vpol_o       (pre_vpol),
      .pre_opt_o        (pre_opt),
      .pre_all_o        (pre_all),
      .pre_ctx_base_o   (pre_ctx_base),
      .pre_deadline_o   (pre_deadline),
      .pre_bw_shift_o   (pre_bw_shift),
      .pre_hint_valid_o (pre_hint_valid),
      .pre_pred_launch_o(pre_pred_launch),
      .pre_busy_i       (pre_busy_any),
      .pre_req_i        (pc_req),
      .wp_start_i       (wp_start_any),
      .ctx_save_i       (ctx_save_any),
      .ysig_valid_o       (ysig_valid),
      .ysig_addr_o        (ysig_addr),
      .ycnt_take_i        (ycnt_take),
      .ycnt_spin_i        (ycnt_spin),
      .ycnt_full_i        (ycnt_full),
      .ycnt_nowork_i      (ycnt_nowork),
      .ycnt_wake_i        (ycnt_wake),
      .ycnt_err_i         (ycnt_err),
      .ycnt_wkerr_i       (ywk_err_q),
      .ytail_o            (y_tail),
      .ymaxwait_o         (y_maxwait),
      .cp_chunk_log2_o  (cp_chunk_log2),
      .cp_cmd_valid_o   (cp_cmd_valid),
      .cp_cmd_ready_i   (cp_cmd_ready),
      .cp_cmd_src_o     (cp_cmd_src),
      .cp_cmd_dst_o     (cp_cmd_dst),
      .cp_cmd_bytes_o   (cp_cmd_bytes),
      .cp_cmd_dir_o     (cp_cmd_dir),
      .cp_cmd_prio_o    (cp_cmd_prio),
      .cp_cmd_id_o      (cp_cmd_id),
      .cp_cpl_valid_i   (cp_cpl_valid),
      .cp_cpl_ready_o   (cp_cpl_ready),
      .cp_cpl_id_i      (cp_cpl_id),
      .cp_cpl_status_i  (cp_cpl_status),
      .cp_busy_i        (cp_busy),
      .host_class_o     (host_class),
      .host_est_o       (host_est),
      .trem_req_valid_o (trq_valid),
      .trem_req_ready_i (trq_ready),
      .trem_req_kind_o  (trq_kind),
      .trem_req_replay_o(trq_replay),
      .trem_req_id_o    (trq_id),
      .trem_thr_o       (tr_thr),
      .trem_cost_o      (tr_cost),
      .trem_policy_o    (tr_policy),
      .trem_shift_o     (tr_shift),
      .trem_unit_o      (tr_unit),
      .trem_sla_o       (tr_sla),
      .trem_period_o    (tr_period),
      .trem_busy_i      (rv_busy),
      .trem_done_valid_i(tp_cmd_done),  // TR_CMD completions only (kmu_trem_policy)
      .trem_done_status_i(rv_done_status),
      .trem_done_replay_i(rv_done_replay),
      .trem_done_tag_i  (rv_done_tag8[7:0]),
      .trem_done_lid_i  (rv_done_lid),
      .trem_guard_i     (rv_guard),
      .trem_guard_tag_i (rv_guard_tag8[7:0]),
      .trem_u_i         (el_u8[7:0]),
      .trem_q_i         (el_q),
      .trem_le_i        (el_le),
      .trem_last_lid_i  (last_lid),
      .trem_auto_req_i  (tp_cnt),
      .trem_auto_ok_i   (tp_ok_cnt),
      .trem_auto_nv_i   (tp_nv_cnt),
      .irq_o          (irq_o)
  );

  // ---------------------------------------------------------------- copy engine (RGEM 3.1)
  // commands and completions through the copy window (registered on both sides: kmu_csr's
  // command stage and COPY_CPL, the engine's cmd_ready_o / cpl_* registers); the device side is
  // memory client 1+NSM, the host side the host link
  wire cdev_valid, cdev_ready, cdev_write, cdev_rsp_valid;
  wire [31:0] cdev_addr, cdev_wdata;
  wire [15:0] unused_cp_ref_cnt;  // kmu_csr counts refusals itself (COPY_ERR_CNT, clearable)
  wire [2:0] unused_cp_last_err;  // ... and keeps the last one (COPY_STATUS.LAST_ERR)
  kmu_copy_engine #(
      .NPRIO(CP_NPRIO),
      .QD   (CP_QD),
      .IDW  (CP_IDW),
      .LENW (CP_LENW),
      .BUF  (CP_BUF)
  ) u_copy_engine (
      .clk_i           (clk_i),
      .rst_ni          (rst_ni),
      .chunk_log2_i    (cp_chunk_log2),
      .cmd_valid_i     (cp_cmd_valid),
      .cmd_ready_o     (cp_cmd_ready),
      .cmd_src_i       (cp_cmd_src),
      .cmd_dst_i       (cp_cmd_dst),
      .cmd_bytes_i     (cp_cmd_bytes),
      .cmd_dir_i       (cp_cmd_dir),
      .cmd_prio_i      (cp_cmd_prio),
      .cmd_id_i        (cp_cmd_id),
      .cpl_valid_o     (cp_cpl_valid),
      .cpl_ready_i     (cp_cpl_ready),
      .cpl_id_o        (cp_cpl_id),
      .cpl_status_o    (cp_cpl_status),
      .ref_cnt_o       (unused_cp_ref_cnt),
      .last_err_o      (unused_cp_last_err),
      .busy_o          (cp_busy),
      .dev_req_valid_o (cdev_valid),
      .dev_req_ready_i (cdev_ready),
      .dev_req_write_o (cdev_write),
      .dev_req_addr_o  (cdev_addr),
      .dev_req_wdata_o (cdev_wdata),
      .dev_rsp_valid_i (cdev_rsp_valid),
      .dev_rsp_rdata_i (mrsp_rdata),
      .host_req_valid_o(hlink_req_valid_o),
      .host_req_ready_i(hlink_req_ready_i),
      .host_req_write_o(hlink_req_write_o),
      .host_req_addr_o (hlink_req_addr_o),
      .host_req_wdata_o(hlink_req_wdata_o),
      .host_rsp_valid_i(hlink_rsp_valid_i),
      .host_rsp_rdata_i(hlink_rsp_rdata_i)
  );

  // outputs of the blocks that the top does not use (yet)
  wire [SLOTS-1:0] unused_slot_valid_o;
  wire [SLOTS-1:0] unused_slot_has_tb_o;
  wire [SLOTS-1:0] unused_slot_event_o;
  wire [2*SLOTS-1:0] unused_slot_prio_o;
  wire [1:0] unused_q_prio_o;
  wire unused_drain_cycle_o;

  // ---------------------------------------------------------------- kernel management
  wire [SLOTS-1:0] slot_p0, slot_p1, slot_p2, slot_p3;
  wire [SLOT_W-1:0] q_slot, take_slot;
  wire [5:0] q_warps;
  wire [17:0] q_regs;
  wire [15:0] q_shmem;
  wire q_event;
  wire take_valid;
  wire [31:0] take_tb, take_kptr, take_param;
  wire kdone_valid;
  wire [TAG_W-1:0] kdone_tag, take_tag;
  wire unused_swap;  // swap-out pulses: a counter enable, not counted yet
  wire cmem_valid, cmem_ready;
  wire [31:0] cmem_addr, cmem_wdata;
  wire err_desc, err_take, err_kdone;

  kmu_kmu #(
      .SLOTS   (SLOTS),
      .PEND    (PEND),
      .EKT_ID_W(ID_W),
      .CT      (CT),
      .OUT_W   (KMU_OUT_W)
  ) u_kmu (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .mode_rgem_i    (mode_rgem),
      .ev_valid_i     (desc_valid),
      .ev_ready_o     (desc_ready),
      .ev_kptr_i      (desc_kptr),
      .ev_grid_x_i    (desc_grid_x),
      .ev_grid_y_i    (desc_grid_y),
      .ev_grid_z_i    (desc_grid_z),
      .ev_tb_x_i      (desc_tb_x),
      .ev_tb_y_i      (desc_tb_y),
      .ev_tb_z_i      (desc_tb_z),
      .ev_shmem_i     (desc_shmem),
      .ev_nregs_i     (desc_nregs),
      .ev_prio_i      (desc_prio),
      .ev_param_i     (desc_param),
      .ev_cpl_addr_i  (desc_param),      // word 0 of the submission entry is the flag
      .ev_id_i        (desc_id),
      .host_valid_i   (host_valid),
      .host_ready_o   (host_ready),
      .host_kptr_i    (host_kptr),
      .host_grid_x_i  (host_grid_x),
      .host_grid_y_i  (host_grid_y),
      .host_grid_z_i  (host_grid_z),
      .host_tb_x_i    (host_tb_x),
      .host_tb_y_i    (host_tb_y),
      .host_tb_z_i    (host_tb_z),
      .host_shmem_i   (host_shmem),
      .host_nregs_i   (host_nregs),
      .host_prio_i    (host_prio),
      .host_param_i   (host_param),
      .host_cpl_addr_i(host_cpl_addr),
      .err_desc_o     (err_desc),
      .slot_valid_o   (unused_slot_valid_o),
      .slot_has_tb_o  (unused_slot_has_tb_o),
      .slot_event_o   (unused_slot_event_o),
      .slot_prio_o    (unused_slot_prio_o),
      .slot_p0_o      (slot_p0),
      .slot_p1_o      (slot_p1),
      .slot_p2_o      (slot_p2),
      .slot_p3_o      (slot_p3),
      .q_slot_i       (q_slot),
      .q_warps_o      (q_warps),
      .q_regs_o       (q_regs),
      .q_shmem_o      (q_shmem),
      .q_prio_o       (unused_q_prio_o),
      .q_event_o      (q_event),
      .take_valid_i   (take_valid),
      .take_slot_i    (take_slot),
      .take_tb_o      (take_tb),
      .take_tag_o     (take_tag),
      .take_kptr_o    (take_kptr),
      .take_param_o   (take_param),
      .err_take_o     (err_take),
      .done_valid_i   (kdone_valid),
      .done_tag_i     (kdone_tag),
      .err_done_o     (err_kdone),
      .swap_o         (unused_swap),
      .mem_req_valid_o(cmem_valid),
      .mem_req_ready_i(cmem_ready),
      .mem_req_addr_o (cmem_addr),
      .mem_req_wdata_o(cmem_wdata),
      .ekt_cpl_valid_o(ekt_cpl_valid),
      .ekt_cpl_id_o   (ekt_cpl_id),
      .kernel_done_o  (kernel_done_o),
      .cpl_tag_o      (cpl_tag),
      // TReM (issue 12): class and estimate of host launches, admissions and completions to
      // kmu_revoke, its stop and free of a kernel tag
      .host_class_i   (host_class),
      .host_est_i     (host_est),
      .adm_valid_o    (adm_valid),
      .adm_fresh_o    (adm_fresh),
      .adm_tag_o      (adm_tag),
      .adm_lid_o      (adm_lid),
      .adm_user_o     (adm_user),
      .adm_est_o      (adm_est),
      .last_lid_o     (last_lid),
      .rvk_tag_i      (rv_tag),
      .stop_i         (rv_stop),
      .stop_ack_o     (stop_ack),
      .free_i         (rv_free),
      .free_replay_i  (rv_free_replay),
      .free_ack_o     (free_ack)
  );

  // ---------------------------------------------------------------- TReM revocation (issue 12)
  // kmu_revoke serves the TR_CMD requests: stop in kmu_kmu, drop in every SM, free (retire or
  // replay) in kmu_kmu; every accepted request ends in one completion (TR_RESULT, TR_EVENTS).
  // Its inputs: kmu_kmu's admission and completion pulses (adm_*, kernel_done_o/cpl_tag_o),
  // the request stage and CSRs of kmu_csr (registers), the acknowledges of kmu_kmu and the
  // SMs (registers).  Its outputs are registers (req_ready_o from its state register).
  wire unused_rv_irq;  // kmu_csr makes the interrupt from TR_EVENTS / TR_IRQ_EN
  wire [15:0] unused_rv_err_cnt, unused_rv_cnt;  // kmu_csr counts (clearable): ERR_CNT_TREM, PERF_REVOKES
  // "started" for the victim choice: the dispatcher's TB take (a same-cycle net), registered
  reg rv_iss_q;
  reg [TAG_W-1:0] rv_iss_tag_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rv_iss_q     <= 1'b0;
      rv_iss_tag_q <= {TAG_W{1'b0}};
    end else begin
      rv_iss_q     <= take_valid;
      rv_iss_tag_q <= take_tag;
    end
  end
  kmu_revoke #(
      .NSM  (NSM),
      .CT   (CT),
      .LID_W(16),
      .CNT_W(4),
      .TS_W (32)
  ) u_revoke (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .thr_i        (tr_thr),
      .cost_i       (tr_cost),
      .adm_valid_i  (adm_valid),
      .adm_fresh_i  (adm_fresh),
      .adm_tag_i    (adm_tag),
      .adm_lid_i    (adm_lid),
      .adm_user_i   (adm_user),
      .adm_est_i    (adm_est),
      .cpl_valid_i  (kernel_done_o),
      .cpl_tag_i    (cpl_tag),
      .iss_valid_i  (rv_iss_q),
      .iss_tag_i    (rv_iss_tag_q),
      .req_valid_i  (rv_req_valid),  // TR_CMD or kmu_trem_policy's automatic request
      .req_ready_o  (rv_req_ready),
      .req_kind_i   (rv_req_kind),
      .req_replay_i (rv_req_replay),
      .req_id_i     (rv_req_id),
      .stop_o       (rv_stop),
      .stop_ack_i   (stop_ack),
      .drop_o       (rv_drop),
      .drop_ack_i   (sm_drop_ack),
      .free_o       (rv_free),
      .free_replay_o(rv_free_replay),
      .free_ack_i   (free_ack),
      .tag_o        (rv_tag),
      .done_valid_o (rv_done),
      .done_status_o(rv_done_status),
      .done_replay_o(rv_done_replay),
      .done_tag_o   (rv_done_tag),
      .done_lid_o   (rv_done_lid),
      .guard_o      (rv_guard),
      .guard_tag_o  (rv_guard_tag),
      .irq_o        (unused_rv_irq),
      .err_cnt_o    (unused_rv_err_cnt),
      .rvk_cnt_o    (unused_rv_cnt),
      .busy_o       (rv_busy)
  );

  // ---------------------------------------------------------------- TReM Elastic (issue 12)
  // kmu_elastic counts the outstanding user-facing kernels and averages their execution times
  // (TR_ELASTIC, TR_LE).  Its events come from registers here: an arrival is a fresh admission
  // of class user; a departure is the completion or the retire of a user-facing kernel (a
  // replay keeps it outstanding); a sample is a user-facing kernel's completion time minus its
  // admission time.  Per tag: the class bit (reset) and the admission stamp (a table without
  // reset, read only for a tag whose class bit was set by that admission).  A completion and a
  // retire in one cycle give two departures: fin_pend_q keeps the second for the next cycle.
  reg [31:0] el_now_q;  // cycles since reset (wrapping): the stamps' clock
  reg [CT-1:0] el_user_q;  // per tag: admitted as user-facing
  reg [31:0] el_t0_m[0:CT-1];  // per tag: admission time (no reset)
  reg el_arr_q, el_fin_q, el_smp_q, el_cpl_q;
  reg [1:0] el_fpend_q;  // departures not yet given to kmu_elastic
  reg [31:0] el_smp_t_q;
  wire el_fin_cpl = kernel_done_o && el_user_q[cpl_tag];
  wire el_fin_ret = rv_free && !rv_free_replay && el_user_q[rv_tag];
  wire [1:0] el_fins = {1'b0, el_fin_cpl} + {1'b0, el_fin_ret} + el_fpend_q;
  always @(posedge clk_i) begin
    if (adm_valid && adm_fresh) el_t0_m[adm_tag] <= el_now_q;
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      el_now_q   <= 32'd0;
      el_user_q  <= {CT{1'b0}};
      el_arr_q   <= 1'b0;
      el_fin_q   <= 1'b0;
      el_smp_q   <= 1'b0;
      el_cpl_q   <= 1'b0;
      el_fpend_q <= 2'd0;
      el_smp_t_q <= 32'd0;
    end else begin
      el_now_q <= el_now_q + 32'd1;
      if (adm_valid && adm_fresh) el_user_q[adm_tag] <= adm_user;
      el_arr_q   <= adm_valid && adm_fresh && adm_user;
      el_fin_q   <= (el_fins != 2'd0);
      el_fpend_q <= (el_fins != 2'd0) ? el_fins - 2'd1 : 2'd0;
      el_smp_q   <= el_fin_cpl;
      if (el_fin_cpl) el_smp_t_q <= el_now_q - el_t0_m[cpl_tag];
      el_cpl_q   <= kernel_done_o;
    end
  end
  wire unused_el_upd, unused_el_busy, unused_el_err;
  wire [15:0] unused_el_err_cnt;  // refusals (an unmatched departure): a bug, never expected
  kmu_elastic #(
      .NSM(NSM),
      .QW (8),
      .TW (32)
  ) u_elastic (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .sla_i      (tr_sla),
      .period_i   (tr_period),
      .shift_i    (tr_shift),
      .unit_i     (tr_unit),
      .arr_i      (el_arr_q),
      .fin_i      (el_fin_q),
      .smp_valid_i(el_smp_q),
      .smp_time_i (el_smp_t_q),
      .cpl_i      (el_cpl_q),
      .u_o        (el_u),
      .upd_o      (unused_el_upd),
      .busy_o     (unused_el_busy),
      .le_o       (el_le),
      .q_o        (el_q),
      .err_o      (unused_el_err),
      .err_cnt_o  (unused_el_err_cnt)
  );

  // ---------------------------------------------------------------- dispatch
  wire need_valid, need_ewarp;
  wire [5:0] need_warps;
  wire [17:0] need_regs;
  wire [15:0] need_shmem;
  wire [NSM-1:0] sm_fit, sm_ewt_fit;
  wire [NSM-1:0] sm_ewt_idle;  // an SM whose table entry would start now (registers)
  wire start_valid, start_ewarp;
  wire [SM_W-1:0] start_sm;
  wire [SLOT_W-1:0] unused_start_slot;  // the SMs get the kernel tag instead
  wire [5:0] start_warps;
  wire [17:0] start_regs;
  wire [15:0] start_shmem;
  wire [31:0] start_tb, start_kptr, start_param;
  wire [1:0] dsp_level;  // the level served in this cycle
  wire dsp_stall;  // it has TBs left and none goes out
  // TReM Elastic's split (kmu_trem_policy) and the class of the dispatcher's pick: kmu_kmu's
  // take port answers the pick's kernel tag in every cycle (take_slot = the pick), and
  // el_user_q holds each tag's class from its fresh admission (a query answer, like q_event)
  wire tp_part;
  wire [NSM-1:0] tp_umask;
  wire dsp_user = el_user_q[take_tag];

  kmu_dispatch #(
      .NSM  (NSM),
      .SLOTS(SLOTS)
  ) u_dispatch (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .slot_p0_i     (slot_p0),
      .slot_p1_i     (slot_p1),
      .slot_p2_i     (slot_p2),
      .slot_p3_i     (slot_p3),
      .q_slot_o      (q_slot),
      .q_warps_i     (q_warps),
      .q_regs_i      (q_regs),
      .q_shmem_i     (q_shmem),
      .q_event_i     (q_event),
      .need_valid_o  (need_valid),
      .need_warps_o  (need_warps),
      .need_regs_o   (need_regs),
      .need_shmem_o  (need_shmem),
      .need_ewarp_o  (need_ewarp),
      .sm_fit_i      (sm_fit),
      .sm_ewt_fit_i  (sm_ewt_fit),
      .sm_ewt_idle_i (sm_ewt_idle),
      .reserve_mask_i(reserve_mask),
      .part_i        (tp_part),
      .umask_i       (tp_umask),
      .q_user_i      (dsp_user),
      .take_valid_o  (take_valid),
      .take_slot_o   (take_slot),
      .take_tb_i     (take_tb),
      .take_kptr_i   (take_kptr),
      .take_param_i  (take_param),
      .start_valid_o (start_valid),
      .start_sm_o    (start_sm),
      .start_ewarp_o (start_ewarp),
      .start_slot_o  (unused_start_slot),
      .start_warps_o (start_warps),
      .start_regs_o  (start_regs),
      .start_shmem_o (start_shmem),
      .start_tb_o    (start_tb),
      .start_kptr_o  (start_kptr),
      .start_param_o (start_param),
      .level_o       (dsp_level),
      .stall_o       (dsp_stall),
      .drain_cycle_o (unused_drain_cycle_o)
  );

  // ---------------------------------------------------------------- TReM policy (issue 12)
  // kmu_trem_policy: TR_CTRL.POLICY's automatic requests (PRIORITY: ROOM, ELASTIC: ROOM_EL)
  // when a user-facing pick finds no room (registered there), armed by user-facing arrivals
  // (el_arr_q), into kmu_revoke's request port behind TR_CMD; the automatic completions stay
  // out of the window (tp_cmd_done); Elastic's split of the SMs from kmu_elastic's U.
  wire unused_tp_auto_done, unused_tp_nr, unused_tp_pend;
  wire [3:0] unused_tp_arm;  // the owed-arrival count (AW = 4)
  kmu_trem_policy #(
      .NSM  (NSM),
      .LID_W(16),
      .AW   (4),
      .QW   (8)
  ) u_trem_policy (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .policy_i     (tr_policy),
      .u_i          (el_u),
      .arr_i        (el_arr_q),
      .uq_i         (el_q),
      .stall_i      (dsp_stall),
      .user_i       (dsp_user),
      .csr_valid_i  (trq_valid),
      .csr_ready_o  (trq_ready),
      .csr_kind_i   (trq_kind),
      .csr_replay_i (trq_replay),
      .csr_id_i     (trq_id),
      .rv_valid_o   (rv_req_valid),
      .rv_ready_i   (rv_req_ready),
      .rv_kind_o    (rv_req_kind),
      .rv_replay_o  (rv_req_replay),
      .rv_id_o      (rv_req_id),
      .rv_done_i    (rv_done),
      .rv_status_i  (rv_done_status),
      .cmd_done_o   (tp_cmd_done),
      .auto_done_o  (unused_tp_auto_done),
      .part_o       (tp_part),
      .umask_o      (tp_umask),
      .arm_o        (unused_tp_arm),
      .nr_o         (unused_tp_nr),
      .pend_o       (unused_tp_pend),
      .auto_cnt_o   (tp_cnt),
      .auto_ok_cnt_o(tp_ok_cnt),
      .auto_nv_cnt_o(tp_nv_cnt)
  );

  // ---------------------------------------------------------------- preemption trigger
  // The SMs' start_slot_i field carries kmu_kmu's kernel tag of the TB taken in this cycle
  // (take and start are the same cycle), zero-extended to 8 bits.
  wire [TAG_W+7:0] start_tag = {8'd0, take_tag};
  wire [TAG_W-1:0] unused_start_tag = start_tag[TAG_W+7:8];
  wire [NSM*TBS-1:0] sm_elig;
  wire [NSM-1:0] pc_preempt;
  wire pc_hold;
  wire [3:0] lvl_has_tb = {|slot_p3, |slot_p2, |slot_p1, |slot_p0};
  wire st_fire = simt_start_valid_o && simt_start_ready_i;
  wire [7:0] st_slot_sel;

  kmu_preempt_ctrl #(
      .NSM(NSM),
      .TBS(TBS),
      .CT (CT)
  ) u_preempt_ctrl (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .en_i        (pre_policy != 2'd0),  // KMU_POL_DRAIN: draining only
      .all_i       (pre_all),             // PRE_CTRL.ALL
      .stall_i     (dsp_stall),
      .level_i     (dsp_level),
      .lvl_has_tb_i(lvl_has_tb),
      .take_valid_i(take_valid),
      .take_tag_i  (take_tag),
      .st_fire_i   (st_fire),
      .st_sm_i     (simt_start_sm_o),
      .st_rtb_i    (simt_start_rtb_o),
      .st_tag_i    (st_slot_sel[TAG_W-1:0]),
      .elig_i      (sm_elig),
      .busy_i      (pre_busy_o),
      .preempt_o   (pc_preempt),
      .hold_o      (pc_hold),
      .req_o       (pc_req)
  );
  assign preempt_o = pc_preempt;
  assign hold_o    = pc_hold;
  assign elig_o    = sm_elig;

  // ---------------------------------------------------------------- SMs
  wire [    NSM-1:0] st_valid, st_ready, st_ewarp, st_restore, dn_valid, dn_ready, sm_err;
  wire [NSM*RTB_W-1:0] st_rtb;
  wire [  NSM*6-1:0] st_warps, st_rpw;
  wire [ NSM*32-1:0] st_kptr, st_param, st_tb;
  wire [  NSM*8-1:0] st_slot, dn_slot;
  wire [NSM*WARPS-1:0] st_wmask;
  wire [    NSM-1:0] mreq_valid, mreq_ready, mreq_write, mrsp_valid;
  wire [ NSM*32-1:0] mreq_addr, mreq_wdata;
  wire [     31:0] mrsp_rdata;
  // a new kernel's first TB: forget the profile its tag had (KSLOTS = CT)
  wire kslot_clear = take_valid && (take_tb == 32'd0);

  // need_valid only qualifies the broadcast; the SMs' fit answers are ignored without it
  wire unused_need_valid = need_valid;

  // ---------------------------------------------------------------- GPUpIO yield (issue 13)
  // kmu_yield_mon: SM s's yield lane (yq_*, its answer yr_*, its save done sd), the snoops
  // (mw_*: every write the memory accepts on the memory port, from any client; sw_*: the MMIO
  // signal window YIELD_SIGNAL of kmu_csr), other_i and the wake port.  other_i[s] (other_q):
  // the dispatcher holds a TB that may start on SM s: its pick (need_valid; the highest level's
  // round-robin choice, held until it goes out, parked slots never picked) under kmu_dispatch's
  // own eligibility masks, the reservation (res_ok) and Elastic's split (cls_ok), from the
  // pick's class (q_event, dsp_user): a yield is not taken for work SM s cannot run.  Derived
  // here from the dispatcher's inputs (it exports no mask); its lift of the split (lift_q,
  // internal) is not seen: while lifted a batch pick counts only on the non-user SMs (a yield
  // refused, never a save for nothing).  Cost: 2 AND-OR terms and a flop per SM, no per-slot
  // logic.  Registered: a one-cycle-stale copy only makes a yield refused or taken a cycle late.
  // other_q[s] also counts SM s's restores waiting (kmu_sm's rst_wait_o: a woken TB, or a
  // preempted TB the hold does not keep): they go before any new TB of the SM, so they are the
  // head of its queue; a yield there is taken for them, not refused NOWORK (issue 13, bug 2).
  // Wake port: a woken TB (wk_head_o) goes at once to its SM's wake port (kmu_sm restores a
  // woken TB before any new TB: the head of the queue, at the SM).  A spin (yield(0),
  // wk_head_o = 0) is parked in a register per SM (yp_*_q) and handed to its SM only once
  // other_q[s] = 0 (nothing the dispatcher holds may start there, no restore waits there), or at
  // YIELD_CTRL.MAXWAIT's bound (below): the tail is "behind every TB that waits for SM s".  The
  // port is never held (wk_ready_i = 1, issue 13): a held port blocked the monitor's lane of the
  // spin's SM (sp_rdy_q), so a third yield on it was accepted by kmu_sm and never answered while
  // its TB held the SM the other work waited for (workloads/hw/io_spin_hang.wl).  Instead the
  // monitor refuses a spin (YR_FULL) while its SM's park is busy (park_i = yp_valid_q), so a
  // spin never arrives at a busy park; a tail wake (YIELD_CTRL.TAIL) that does pushes the parked
  // TB out to its SM (y_rel in the cycle of the park: the older first, a 2-deep FIFO whose head
  // is the SM's restore path).  One wake per SM per cycle: a head wake goes first, the parked TB
  // the cycle after.  Latency: a watched write accepted in t -> the SM's wk_valid_i in t+2 (the
  // monitor's two registers; no register here).  YIELD_CTRL.TAIL = 1 (y_tail): a woken TB is
  // parked as a spin is (the paper's software prototype, for the head-vs-tail study).
  // Liveness (docs/blocks/kmu_gpu.md, Yield): the wake port pops every cycle, so a saved spin
  // leaves the monitor within 2 NSM + 2 cycles and a lane waits at most that plus NSM - 1 grants:
  // every yield kmu_sm accepts is answered within YANS_BOUND cycles (KMU_ASSERT below).
  localparam integer YPTB_W = (PTBS > 1) ? $clog2(PTBS) : 1;
  wire [NSM-1:0] yq_valid, yq_ready, y_sd, y_wk_sm, y_wk_err, y_rstw;
  wire [NSM*32-1:0] yq_addr, yq_tb;
  wire [NSM*8-1:0] yq_slot;
  wire [NSM*YPTB_W-1:0] yq_ptb, y_wk_ptb;
  wire y_yr_valid, y_wk_valid, y_wk_head, y_wk_ready;
  wire [SM_W-1:0] y_yr_sm, y_wk_sm_idx;
  wire [1:0] y_yr_code;
  wire [YPTB_W-1:0] y_wk_ptb_o;
  wire [7:0] unused_y_wk_slot;  // the SM's table entry names the TB (the slot/index: kmusim)
  wire [31:0] unused_y_wk_tb;
  reg [NSM-1:0] other_q, yp_valid_q;
  reg [NSM*YPTB_W-1:0] yp_ptb_q;
  wire y_any_res = |reserve_mask;
  wire [NSM-1:0] y_res_ok = q_event ? (y_any_res ? reserve_mask : {NSM{1'b1}}) : ~reserve_mask;
  wire [NSM-1:0] y_cls_ok = !tp_part ? {NSM{1'b1}} :
                            dsp_user ? ((|tp_umask) ? tp_umask : {NSM{1'b1}}) : ~tp_umask;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) other_q <= {NSM{1'b0}};
    else other_q <= ({NSM{need_valid}} & y_res_ok & y_cls_ok) | y_rstw;
  end
  kmu_yield_mon #(
      .NSM  (NSM),
      .W    (YW),
      .PTBS (PTBS),
      .CNT_W(CNT_W)
  ) u_yield_mon (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .yq_valid_i  (yq_valid),
      .yq_ready_o  (yq_ready),
      .yq_addr_i   (yq_addr),
      .yq_slot_i   (yq_slot),
      .yq_tb_i     (yq_tb),
      .yq_ptb_i    (yq_ptb),
      .other_i     (other_q),
      .park_i      (yp_valid_q),
      .yr_valid_o  (y_yr_valid),
      .yr_sm_o     (y_yr_sm),
      .yr_code_o   (y_yr_code),
      .sd_valid_i  (y_sd),
      .mw_valid_i  (mem_valid_o && mem_ready_i && mem_write_o),
      .mw_addr_i   (mem_addr_o),
      .sw_valid_i  (ysig_valid),
      .sw_addr_i   (ysig_addr),
      .wk_valid_o  (y_wk_valid),
      .wk_ready_i  (y_wk_ready),
      .wk_sm_o     (y_wk_sm_idx),
      .wk_slot_o   (unused_y_wk_slot),
      .wk_tb_o     (unused_y_wk_tb),
      .wk_ptb_o    (y_wk_ptb_o),
      .wk_head_o   (y_wk_head),
      .cnt_take_o  (ycnt_take),
      .cnt_spin_o  (ycnt_spin),
      .cnt_full_o  (ycnt_full),
      .cnt_nowork_o(ycnt_nowork),
      .cnt_wake_o  (ycnt_wake),
      .cnt_err_o   (ycnt_err)
  );
  wire y_hd = y_wk_head && !y_tail;  // handed at once (head); else parked (tail)
  // Bounded wait (YIELD_CTRL.MAXWAIT = k, 1..15; 0: unbounded).  A shared free-running timebase
  // yt_q; its bit k + 2 rises once every 2^(k+3) cycles (y_tick: the bit against its copy of the
  // last cycle, ysel_q).  Each parked entry counts those ticks in a 2-bit saturating age
  // (yp_age_q, cleared by the park); its terminal count (bit 1: the second tick) releases the
  // entry whatever other_q says.  So a parked TB is handed between 8 * 2^k + 1 and 16 * 2^k + 1
  // cycles after the wake that parked it (the first tick comes 1 .. 2^(k+3) cycles after the
  // park; the release is the cycle after the second).  No adder or comparator per SM: one shared
  // incrementer, a 16:1 bit select, 2 flops per SM.
  localparam integer YT_W = 18;
  reg [YT_W-1:0] yt_q;
  reg ysel_q;
  reg [2*NSM-1:0] yp_age_q;
  wire [15:0] y_tb = yt_q[YT_W-1:2];  // bit k + 2 of the timebase at index k
  wire y_selb = y_tb[y_maxwait];
  wire y_tick = y_selb && !ysel_q;
  wire y_bnd = |y_maxwait;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      yt_q   <= {YT_W{1'b0}};
      ysel_q <= 1'b0;
    end else begin
      yt_q   <= yt_q + 1'b1;
      ysel_q <= y_selb;
    end
  end
  assign y_wk_ready = 1'b1;  // never held (above)
  wire y_wk_fire = y_wk_valid;
  reg [NSM-1:0] y_head_wk, y_park, y_rel;
  reg [NSM*YPTB_W-1:0] y_wk_ptb_r;
  integer ys;
  always @(*) begin
    for (ys = 0; ys < NSM; ys = ys + 1) begin
      y_head_wk[ys] = y_wk_fire && y_hd && (y_wk_sm_idx == ys[SM_W-1:0]);
      y_park[ys] = y_wk_fire && !y_hd && (y_wk_sm_idx == ys[SM_W-1:0]);
      // released: nothing waits for the SM, the bound, or a park pushes it out (the swap)
      y_rel[ys] = yp_valid_q[ys] && (!other_q[ys] || (y_bnd && yp_age_q[2*ys+1]) || y_park[ys]) &&
                  !y_head_wk[ys];
      y_wk_ptb_r[ys*YPTB_W+:YPTB_W] = y_head_wk[ys] ? y_wk_ptb_o : yp_ptb_q[ys*YPTB_W+:YPTB_W];
    end
  end
  assign y_wk_sm  = y_head_wk | y_rel;
  assign y_wk_ptb = y_wk_ptb_r;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) yp_valid_q <= {NSM{1'b0}};
    else yp_valid_q <= (yp_valid_q & ~y_rel) | y_park;
  end
  // the parked spin's table entry and its age: no reset (read only while yp_valid_q; the park
  // writes both)
  always @(posedge clk_i) begin
    for (ys = 0; ys < NSM; ys = ys + 1) begin
      if (y_park[ys]) yp_ptb_q[ys*YPTB_W+:YPTB_W] <= y_wk_ptb_o;
      if (y_park[ys]) yp_age_q[2*ys+:2] <= 2'd0;
      else if (y_tick && !yp_age_q[2*ys+1]) yp_age_q[2*ys+:2] <= yp_age_q[2*ys+:2] + 2'd1;
    end
  end

  // YIELD_WKERR: a wake the SM refused (wk_err_o: the woken TB is no longer in its preempted
  // table, as when a TReM drop retired its kernel while it slept; the watch entry outlived the
  // drop).  Nothing is restored, the wake is lost on purpose; counted per cycle (saturating: no
  // adder of several SMs' refusals), read live by kmu_csr.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) ywk_err_q <= {CNT_W{1'b0}};
    else if ((|y_wk_err) && !(&ywk_err_q)) ywk_err_q <= ywk_err_q + 1'b1;
  end

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions (yield glue)
  // A spin or tail wake is parked into an empty entry or one released in the same cycle (the
  // swap); a parked entry is never released in the cycle a head wake goes to its SM; with
  // MAXWAIT = k (unchanged while it waits) a parked TB is handed within 16 * 2^k + 1 cycles of
  // its park, plus one per head wake to its SM meanwhile (ya_n: cycles held, simulation only);
  // every yield kmu_sm accepts (simt_yield_valid_i && simt_yield_ready_o) is answered
  // (simt_yres_valid_o) within YANS_BOUND cycles (ya_a: cycles waiting; issue 13: the third
  // yield(0) of io_spin_hang.wl waited forever).  rst_ni only masks the checks in reset.
  // an accepted yield's answer: a saved spin of its SM leaves the monitor (2 NSM + 2 wake-port
  // loads, one a cycle), NSM - 1 other lanes granted first, the answer register, kmu_sm's pass
  localparam integer YANS_BOUND = 3 * NSM + 8;
  integer ya_n[0:NSM-1];
  integer ya_a[0:NSM-1];
  reg [NSM-1:0] ya_w;
  integer ya_s;
  reg [3:0] ya_mw;
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    ya_mw <= y_maxwait;
    for (ya_s = 0; ya_s < NSM; ya_s = ya_s + 1) begin
      if (!rst_ni || !yp_valid_q[ya_s] || y_rel[ya_s] || (y_maxwait != ya_mw)) ya_n[ya_s] <= 0;
      else if (!y_head_wk[ya_s]) ya_n[ya_s] <= ya_n[ya_s] + 1;
      if (!rst_ni || simt_yres_valid_o[ya_s]) ya_w[ya_s] <= 1'b0;
      else if (simt_yield_valid_i[ya_s] && simt_yield_ready_o[ya_s]) ya_w[ya_s] <= 1'b1;
      if (!rst_ni || simt_yres_valid_o[ya_s] || !ya_w[ya_s]) ya_a[ya_s] <= 1;
      else ya_a[ya_s] <= ya_a[ya_s] + 1;
      if (rst_ni && ya_w[ya_s] && !simt_yres_valid_o[ya_s] && (ya_a[ya_s] >= YANS_BOUND)) begin
        $display("ASSERTION kmu_gpu %m t=%0t: SM %0d: an accepted yield unanswered for %0d cycles",
                 $time, ya_s, ya_a[ya_s]);
        $stop;
      end
      if (rst_ni && y_park[ya_s] && yp_valid_q[ya_s] && !y_rel[ya_s]) begin
        $display("ASSERTION kmu_gpu %m t=%0t: SM %0d: a park into a full entry", $time, ya_s);
        $stop;
      end
      if (rst_ni && y_rel[ya_s] && y_head_wk[ya_s]) begin
        $display("ASSERTION kmu_gpu %m t=%0t: SM %0d: a release and a head wake at once", $time,
                 ya_s);
        $stop;
      end
      if (rst_ni && y_bnd && yp_valid_q[ya_s] && !y_rel[ya_s] && !y_head_wk[ya_s] &&
          (y_maxwait == ya_mw) && (ya_n[ya_s] >= (16 << y_maxwait))) begin
        $display("ASSERTION kmu_gpu %m t=%0t: SM %0d: parked beyond 16 * 2^%0d + 1 cycles",
                 $time, ya_s, y_maxwait);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif

  genvar s;
  generate
    for (s = 0; s < NSM; s = s + 1) begin : g_sm
      // SM s's checkpoint areas: 2 * PTBS areas above the system base (a constant offset)
      localparam [31:0] CTX_OFF = s * 2 * PTBS * AREA_BYTES;
      wire err_overflow, err_done;
      wire [14:0] err;
      // status the system top does not use
      wire [7:0] unused_free_tb_o, unused_free_warps_o, unused_ewt_free_o;
      wire [17:0] unused_free_regs_o, unused_free_shmem_o;
      wire [WARPS-1:0] unused_busy_warps_o;
      wire [TBS-1:0] unused_base_o;
      wire unused_err_dec_o;  // a decision racing a TB's end: not an error of the system
      wire wk_err;  // a wake naming no yielded TB (a TB a TReM drop forgot): YIELD_WKERR
      wire rst_wait;  // a woken or unheld preempted TB waits for its restore: other work
      kmu_sm #(
          .TBS       (TBS),
          .WARPS     (WARPS),
          .REGS      (REGS),
          .SHMEM     (SHMEM),
          .EWT       (EWT),
          .PTBS      (PTBS),
          .AREA_BYTES(AREA_BYTES),
          .IPB       (IPB),
          .RPW       (RPW),
          .DW        (32),
          .REG_BYTES (REG_BYTES),
          .BEAT_BYTES(BEAT_BYTES),
          .KSLOTS    (CT),
          .EMA_SH    (EMA_SH),
          .PEP_TW    (PEP_TW)
      ) u_sm (
          .clk_i               (clk_i),
          .rst_ni              (rst_ni),
          .need_warps_i        (need_warps),
          .need_regs_i         (need_regs),
          .need_shmem_i        ({1'b0, need_shmem}),
          .need_ewarp_i        (need_ewarp),
          .fit_o               (sm_fit[s]),
          .ewt_fit_o           (sm_ewt_fit[s]),
          .ewt_idle_o          (sm_ewt_idle[s]),
          .start_valid_i       (start_valid && (start_sm == s[SM_W-1:0])),
          .start_ewarp_i       (start_ewarp),
          .start_slot_i        (start_tag[7:0]),
          .start_tb_i          (start_tb),
          .start_warps_i       (start_warps),
          .start_regs_i        (start_regs),
          .start_shmem_i       ({1'b0, start_shmem}),
          .start_kptr_i        (start_kptr),
          .start_param_i       (start_param),
          .err_overflow_o      (err_overflow),
          .done_valid_o        (dn_valid[s]),
          .done_ready_i        (dn_ready[s]),
          .done_slot_o         (dn_slot[s*8+:8]),
          .policy_i            (pre_policy),
          .inplace_en_i        (pre_inplace),
          .wp_en_i             (pre_wp_en),
          .vpol_i              (pre_vpol),
          .opt_i               (pre_opt),
          .ctx_base_i          (pre_ctx_base + CTX_OFF),
          .hold_i              (pc_hold),
          .pred_launch_i       (pre_pred_launch),
          .deadline_i          (pre_deadline),
          .bw_shift_i          (pre_bw_shift),
          .hint_valid_i        (pre_hint_valid),
          .preempt_valid_i     (pc_preempt[s]),
          .kslot_clear_valid_i (kslot_clear),
          .kslot_clear_i       (start_tag[7:0]),
          .simt_start_valid_o  (st_valid[s]),
          .simt_start_ready_i  (st_ready[s]),
          .simt_start_rtb_o    (st_rtb[s*RTB_W+:RTB_W]),
          .simt_start_slot_o   (st_slot[s*8+:8]),
          .simt_start_tb_o     (st_tb[s*32+:32]),
          .simt_start_warps_o  (st_warps[s*6+:6]),
          .simt_start_kptr_o   (st_kptr[s*32+:32]),
          .simt_start_param_o  (st_param[s*32+:32]),
          .simt_start_wmask_o  (st_wmask[s*WARPS+:WARPS]),
          .simt_start_ewarp_o  (st_ewarp[s]),
          .simt_start_restore_o(st_restore[s]),
          .simt_start_rpw_o    (st_rpw[s*6+:6]),
          .simt_start_insts_i  (simt_start_insts_i),
          .simt_done_valid_i   (simt_done_valid_i && (simt_done_sm_i == s[SM_W-1:0])),
          .simt_done_rtb_i     (simt_done_rtb_i),
          .err_done_o          (err_done),
          .simt_evict_valid_o  (simt_evict_valid_o[s]),
          .simt_evict_rtb_o    (simt_evict_rtb_o[s*RTB_W+:RTB_W]),
          .mem_req_valid_o     (mreq_valid[s]),
          .mem_req_ready_i     (mreq_ready[s]),
          .mem_req_write_o     (mreq_write[s]),
          .mem_req_addr_o      (mreq_addr[s*32+:32]),
          .mem_req_wdata_o     (mreq_wdata[s*32+:32]),
          .mem_rsp_valid_i     (mrsp_valid[s]),
          .mem_rsp_rdata_i     (mrsp_rdata),
          .free_tb_o           (unused_free_tb_o),
          .free_warps_o        (unused_free_warps_o),
          .free_regs_o         (unused_free_regs_o),
          .free_shmem_o        (unused_free_shmem_o),
          .ewt_free_o          (unused_ewt_free_o),
          .busy_warps_o        (unused_busy_warps_o),
          .base_o              (unused_base_o),
          .ctx_cmd_wmask_o     (ctx_cmd_wmask_o[s*WARPS+:WARPS]),
          .err_dec_o           (unused_err_dec_o),
          .err_o               (err),
          .simt_inst_valid_i   (simt_inst_valid_i[s*1+:1]),
          .simt_inst_rtb_i     (simt_inst_rtb_i[s*RTB_W+:RTB_W]),
          .simt_paused_i       (simt_paused_i[s*TBS+:TBS]),
          .simt_wstart_valid_i (simt_wstart_valid_i[s*1+:1]),
          .simt_wstart_warp_i  (simt_wstart_warp_i[s*6+:6]),
          .simt_wstart_regs_i  (simt_wstart_regs_i[s*8+:8]),
          .simt_wexit_valid_i  (simt_wexit_valid_i[s*1+:1]),
          .simt_wexit_warp_i   (simt_wexit_warp_i[s*6+:6]),
          .rf_wr_valid_i       (rf_wr_valid_i[s*1+:1]),
          .rf_wr_warp_i        (rf_wr_warp_i[s*6+:6]),
          .rf_wr_reg_i         (rf_wr_reg_i[s*5+:5]),
          .rf_wr_data_i        (rf_wr_data_i[s*32+:32]),
          .rf_rd_valid_i       (rf_rd_valid_i[s*1+:1]),
          .rf_rd_warp_i        (rf_rd_warp_i[s*6+:6]),
          .rf_rd_reg_i         (rf_rd_reg_i[s*5+:5]),
          .shm_rdata_i         (shm_rdata_i[s*32+:32]),
          .ip_rdata_i          (ip_rdata_i[s*32+:32]),
          .w_live_i            (w_live_i[s*WARPS+:WARPS]),
          .w_inpipe_i          (w_inpipe_i[s*WARPS+:WARPS]),
          .w_ld_i              (w_ld_i[s*WARPS+:WARPS]),
          .w_bar_i             (w_bar_i[s*WARPS+:WARPS]),
          .w_ibuf_i            (w_ibuf_i[s*WARPS+:WARPS]),
          .w_icmiss_i          (w_icmiss_i[s*WARPS+:WARPS]),
          .rsave_ready_i       (rsave_ready_i[s*1+:1]),
          .rsave_done_i        (rsave_done_i[s*1+:1]),
          .ev_done_i           (ev_done_i[s*WARPS+:WARPS]),
          .rrest_ready_i       (rrest_ready_i[s*1+:1]),
          .rrest_done_i        (rrest_done_i[s*1+:1]),
          .simt_pause_o        (simt_pause_o[s*TBS+:TBS]),
          .rf_wr_ready_o       (rf_wr_ready_o[s*1+:1]),
          .rf_rd_data_o        (rf_rd_data_o[s*32+:32]),
          .shm_ren_o           (shm_ren_o[s*1+:1]),
          .shm_raddr_o         (shm_raddr_o[s*17+:17]),
          .shm_wen_o           (shm_wen_o[s*1+:1]),
          .shm_waddr_o         (shm_waddr_o[s*17+:17]),
          .shm_wdata_o         (shm_wdata_o[s*32+:32]),
          .ip_wen_o            (ip_wen_o[s*1+:1]),
          .ip_ren_o            (ip_ren_o[s*1+:1]),
          .ip_addr_o           (ip_addr_o[s*32+:32]),
          .ip_wdata_o          (ip_wdata_o[s*32+:32]),
          .vic_stop_o          (vic_stop_o[s*WARPS+:WARPS]),
          .vic_boost_o         (vic_boost_o[s*WARPS+:WARPS]),
          .ibuf_flush_o        (ibuf_flush_o[s*WARPS+:WARPS]),
          .bar_skip_o          (bar_skip_o[s*WARPS+:WARPS]),
          .bar_reins_o         (bar_reins_o[s*WARPS+:WARPS]),
          .ld_drop_o           (ld_drop_o[s*WARPS+:WARPS]),
          .rsave_valid_o       (rsave_valid_o[s*1+:1]),
          .rsave_warp_o        (rsave_warp_o[s*6+:6]),
          .rsave_nregs_o       (rsave_nregs_o[s*8+:8]),
          .stk_push_o          (stk_push_o[s*WARPS+:WARPS]),
          .stk_pc_o            (stk_pc_o[s*32+:32]),
          .ev_start_o          (ev_start_o[s*WARPS+:WARPS]),
          .stk_pop_o           (stk_pop_o[s*WARPS+:WARPS]),
          .rrest_valid_o       (rrest_valid_o[s*1+:1]),
          .rrest_warp_o        (rrest_warp_o[s*6+:6]),
          .rrest_nregs_o       (rrest_nregs_o[s*8+:8]),
          .vic_resume_o        (vic_resume_o[s*WARPS+:WARPS]),
          .resident_o          (resident_o[s*TBS+:TBS]),
          .elig_o              (sm_elig[s*TBS+:TBS]),
          .pre_busy_o          (pre_busy_o[s*1+:1]),
          .ptb_count_o         (ptb_count_o[s*8+:8]),
          .armed_o             (armed_o[s*1+:1]),
          .ctx_cmd_valid_o     (ctx_cmd_valid_o[s*1+:1]),
          .ctx_cmd_ready_o     (ctx_cmd_ready_o[s*1+:1]),
          .ctx_cmd_op_o        (ctx_cmd_op_o[s*2+:2]),
          .ctx_cmd_inplace_o   (ctx_cmd_inplace_o[s*1+:1]),
          .ctx_done_o          (ctx_done_o[s*1+:1]),
          .ctx_done_bytes_o    (ctx_done_bytes_o[s*32+:32]),
          .wp_busy_o           (wp_busy_o[s*1+:1]),
          .wp_refuse_o         (wp_refuse_o[s*1+:1]),
          .wp_lat_o            (wp_lat_o[s*16+:16]),
          .ev_rtb_o            (ev_rtb_o[s*RTB_W+:RTB_W]),
          .ev_tb_o             (ev_tb_o[s*32+:32]),
          .ev_param_o          (ev_param_o[s*32+:32]),
          .ev_slot_o           (ev_slot_o[s*8+:8]),
          // TReM drop (issue 12): kmu_revoke's drop of its target tag, and the acknowledge
          .drop_valid_i        (rv_drop[s]),
          .drop_slot_i         (rv_tag8[7:0]),
          .drop_ack_o          (sm_drop_ack[s]),
          // GPUpIO yield (issue 13): the SIMT event, and the SM's lane to u_yield_mon (above)
          .simt_yield_valid_i  (simt_yield_valid_i[s]),
          .simt_yield_ready_o  (simt_yield_ready_o[s]),
          .simt_yield_rtb_i    (simt_yield_rtb_i[s*RTB_W+:RTB_W]),
          .simt_yield_addr_i   (simt_yield_addr_i[s*32+:32]),
          .simt_yres_valid_o   (simt_yres_valid_o[s]),
          .simt_yres_rtb_o     (simt_yres_rtb_o[s*RTB_W+:RTB_W]),
          .simt_yres_code_o    (simt_yres_code_o[s*2+:2]),
          .yq_valid_o          (yq_valid[s]),
          .yq_ready_i          (yq_ready[s]),
          .yq_addr_o           (yq_addr[s*32+:32]),
          .yq_slot_o           (yq_slot[s*8+:8]),
          .yq_tb_o             (yq_tb[s*32+:32]),
          .yq_ptb_o            (yq_ptb[s*YPTB_W+:YPTB_W]),
          .yr_valid_i          (y_yr_valid && (y_yr_sm == s)),
          .yr_code_i           (y_yr_code),
          .sd_valid_o          (y_sd[s]),
          .wk_valid_i          (y_wk_sm[s]),
          .wk_ptb_i            (y_wk_ptb[s*YPTB_W+:YPTB_W]),
          .wk_err_o            (wk_err),
          .rst_wait_o          (rst_wait)
      );
      assign sm_err[s] = err_overflow || err_done || (|err);
      assign y_wk_err[s] = wk_err;
      assign y_rstw[s] = rst_wait;
    end
  endgenerate

  // SIMT start bus: one SM per cycle, round-robin
  wire [NSM-1:0] st_gnt;
  wire [SM_W-1:0] st_idx;
  wire st_any;
  kmu_rr_arb #(
      .N(NSM)
  ) u_start_arb (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (st_valid),
      .ack_i      (simt_start_valid_o && simt_start_ready_i),
      .gnt_o      (st_gnt),
      .gnt_idx_o  (st_idx),
      .gnt_valid_o(st_any)
  );
  assign st_ready             = st_gnt & {NSM{simt_start_ready_i}};
  assign simt_start_valid_o   = st_any;
  assign simt_start_sm_o      = st_idx;
  assign simt_start_rtb_o     = st_rtb[st_idx*RTB_W+:RTB_W];
  assign simt_start_warps_o   = st_warps[st_idx*6+:6];
  assign simt_start_kptr_o    = st_kptr[st_idx*32+:32];
  assign simt_start_param_o   = st_param[st_idx*32+:32];
  assign simt_start_tb_o      = st_tb[st_idx*32+:32];
  assign st_slot_sel          = st_slot[st_idx*8+:8];
  assign simt_start_slot_o    = st_slot_sel;
  assign simt_start_ewarp_o   = st_ewarp[st_idx];
  assign simt_start_wmask_o   = st_wmask[st_idx*WARPS+:WARPS];
  assign simt_start_restore_o = st_restore[st_idx];
  assign simt_start_rpw_o     = st_rpw[st_idx*6+:6];
  assign simt_done_ready_o    = 1'b1;

  // TB done reports to kmu_kmu: one per cycle, round-robin over the SMs
  wire [NSM-1:0] dn_gnt;
  wire [SM_W-1:0] dn_idx;
  wire dn_any;
  kmu_rr_arb #(
      .N(NSM)
  ) u_done_arb (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (dn_valid),
      .ack_i      (dn_any),
      .gnt_o      (dn_gnt),
      .gnt_idx_o  (dn_idx),
      .gnt_valid_o(dn_any)
  );
  assign dn_ready    = dn_gnt;
  assign kdone_valid = dn_any;
  wire [7:0] dn_slot_sel = dn_slot[dn_idx*8+:8];
  assign kdone_tag = dn_slot_sel[TAG_W-1:0];  // the SM reports the TB's kernel tag
  wire unused_dn_tag = ^dn_slot_sel;

  // status to the CSRs (counters count cycles: several SMs in one cycle count once)
  assign pre_busy_any = pc_hold || (|pre_busy_o);
  assign wp_start_any = |stk_push_o;  // a victim warp handed its slot to an event warp
  assign ctx_save_any = |(ctx_cmd_valid_o & ctx_cmd_ready_o & ~restore_ops);
  wire [NSM-1:0] restore_ops;
  generate
    for (s = 0; s < NSM; s = s + 1) begin : g_ops
      assign restore_ops[s] = ctx_cmd_op_o[s*2+:2] == 2'd2;  // KMU_CTX_OP_RESTORE
    end
  endgenerate

  // ---------------------------------------------------------------- memory port
  // client 0: kmu_kmu's completion-flag writes; client 1+s: SM s's context engine; client
  // 1+NSM: the copy engine's device side (its chunks, under the port's back-pressure)
  wire [NSM+1:0] mp_ready, mp_rsp_valid;
  kmu_mem_port #(
      .N(2 + NSM)
  ) u_mem_port (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .req_valid_i  ({cdev_valid, mreq_valid, cmem_valid}),
      .req_ready_o  (mp_ready),
      .req_write_i  ({cdev_write, mreq_write, 1'b1}),
      .req_addr_i   ({cdev_addr, mreq_addr, cmem_addr}),
      .req_wdata_i  ({cdev_wdata, mreq_wdata, cmem_wdata}),
      .mem_valid_o  (mem_valid_o),
      .mem_ready_i  (mem_ready_i),
      .mem_write_o  (mem_write_o),
      .mem_addr_o   (mem_addr_o),
      .mem_wdata_o  (mem_wdata_o),
      .mem_client_o (mem_client_o),
      .mem_rvalid_i (mem_rvalid_i),
      .mem_rdata_i  (mem_rdata_i),
      .mem_rclient_i(mem_rclient_i),
      .rsp_valid_o  (mp_rsp_valid),
      .rsp_rdata_o  (mrsp_rdata)
  );
  assign cmem_ready = mp_ready[0];
  assign mreq_ready = mp_ready[NSM:1];
  assign mrsp_valid = mp_rsp_valid[NSM:1];
  assign cdev_ready = mp_ready[NSM+1];
  assign cdev_rsp_valid = mp_rsp_valid[NSM+1];
  wire unused_rsp0 = mp_rsp_valid[0];  // client 0 only writes

  assign hw_err_o = err_desc || err_take || err_kdone || (|sm_err);
endmodule

`default_nettype wire
