// kmu_gpu - the openkmu system top: front end, kernel management, dispatch and one SM
// controller per SM, with the SIMT pipelines and memory outside.
//
//   AXI4-Lite -> kmu_frontend -> event descriptors --+
//                             -> host descriptors  --+-> kmu_kmu (pending pool, KDU slots)
//                                                         |  ^ TB done     | completion flags
//                                             kmu_dispatch |            kmu_mem_port -> mem_*
//                                       need/fit |  start  |
//                                   kmu_sm_ctrl x NSM  --> SIMT start bus (round-robin)
//                                                     <-- SIMT done bus
//
// Papers: EDGE II-A and III (launch), IV-A..C (dispatch, reservation, warp-level events),
// RGEM 3.2 (priority-ordered launch, KMU_CTRL.RGEM).
//
// Latency (no back-pressure): a doorbell whose AXI write handshake completes at edge t gives
// the event descriptor in cycle t+2; the kernel enters a free KDU slot at the end of t+2 and
// its first TB is dispatched to an SM that fits in cycle t+3 (take + start in one cycle), is
// resident at the end of t+3 and offered on the SIMT start bus from t+4.  make bench measures
// these figures.
//
// Contract: the SIMT start bus is a valid/ready stream (one TB per cycle, round-robin over the
// SMs that have a TB to start); the SIMT done bus needs no back-pressure (simt_done_ready_o is
// 1: each SM controller's done FIFO has room for every resident TB).  The memory port carries
// the completion-flag writes (client 0; client 1 is reserved for the context and copy engines
// of later issues and tied off).  hw_err_o pulses when any block refuses an input that a
// correct system never produces (a dispatcher start that does not fit, a done for a free
// entry, a malformed descriptor): a scoreboard signal, never expected in a good run.
// Configuration is software's, through the CSRs of the front end: KMU_CTRL.RGEM drives
// kmu_kmu's mode_rgem_i, SM_RESERVE the dispatcher's reserve_mask_i (SMs 0..31 can be
// reserved).  kernel_done_o (kmu_kmu) also goes to the CSR block: KERNEL_STATUS.KERNEL_DONE,
// PERF_KERNELS and, when IRQ_ENABLE.KERNEL_DONE is set, irq_o.
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
    parameter integer CT      = 2 * SLOTS  // kmu_kmu completion-table entries (kernel tags)
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
    output wire        mem_client_o,
    input  wire        mem_rvalid_i,
    input  wire [31:0] mem_rdata_i,
    input  wire        mem_rclient_i,

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

    // SIMT done bus
    input  wire                                     simt_done_valid_i,
    output wire                                     simt_done_ready_o,
    input  wire [ ((NSM > 1) ? $clog2(NSM) : 1)-1:0] simt_done_sm_i,
    input  wire [ ((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_done_rtb_i,

    output wire kernel_done_o,  // a kernel completed (its flag write is queued)
    output wire hw_err_o,
    output wire irq_o
);
  localparam integer ID_W = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;
  localparam integer SLOT_W = (SLOTS > 1) ? $clog2(SLOTS) : 1;
  localparam integer TAG_W = (CT > 1) ? $clog2(CT) : 1;  // kernel tag (<= 8 bits: CT <= 256)
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

  kmu_frontend #(
      .AW     (AW),
      .ENTRIES(ENTRIES),
      .CNT_W  (CNT_W),
      .NSM    (NSM)
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
      .irq_o          (irq_o)
  );

  // outputs of the blocks that the top does not use (yet)
  wire [SLOTS-1:0] unused_slot_valid_o;
  wire [SLOTS-1:0] unused_slot_has_tb_o;
  wire [SLOTS-1:0] unused_slot_event_o;
  wire [2*SLOTS-1:0] unused_slot_prio_o;
  wire [1:0] unused_q_prio_o;
  wire [1:0] unused_level_o;
  wire unused_stall_o;
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
      .CT      (CT)
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
      .kernel_done_o  (kernel_done_o)
  );

  // ---------------------------------------------------------------- dispatch
  wire need_valid, need_ewarp;
  wire [5:0] need_warps;
  wire [17:0] need_regs;
  wire [15:0] need_shmem;
  wire [NSM-1:0] sm_fit, sm_ewt_fit;
  wire start_valid, start_ewarp;
  wire [SM_W-1:0] start_sm;
  wire [SLOT_W-1:0] unused_start_slot;  // the SMs get the kernel tag instead
  wire [5:0] start_warps;
  wire [17:0] start_regs;
  wire [15:0] start_shmem;
  wire [31:0] start_tb, start_kptr, start_param;

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
      .reserve_mask_i(reserve_mask),
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
      .level_o       (unused_level_o),
      .stall_o       (unused_stall_o),
      .drain_cycle_o (unused_drain_cycle_o)
  );

  // ---------------------------------------------------------------- SM controllers
  // The SM controllers' start_slot_i field carries kmu_kmu's kernel tag of the TB taken in
  // this cycle (take and start are the same cycle), zero-extended to 8 bits.
  wire [TAG_W+7:0] start_tag = {8'd0, take_tag};
  wire [TAG_W-1:0] unused_start_tag = start_tag[TAG_W+7:8];
  wire [    NSM-1:0] st_valid, st_ready, st_ewarp, dn_valid, dn_ready, sm_err;
  wire [NSM*RTB_W-1:0] st_rtb;
  wire [  NSM*6-1:0] st_warps;
  wire [ NSM*32-1:0] st_kptr, st_param, st_tb;
  wire [  NSM*8-1:0] st_slot, dn_slot;

  // need_valid only qualifies the broadcast; the SMs' fit answers are ignored without it
  wire unused_need_valid = need_valid;

  genvar s;
  generate
    for (s = 0; s < NSM; s = s + 1) begin : g_sm
      wire err_overflow, err_done;
      // status the system top does not use yet (preemption policies of later issues will)
      wire [WARPS-1:0] unused_simt_start_wmask_o;
      wire [7:0] unused_free_tb_o;
      wire [7:0] unused_free_warps_o;
      wire [17:0] unused_free_regs_o;
      wire [17:0] unused_free_shmem_o;
      wire [7:0] unused_ewt_free_o;
      wire [TBS-1:0] unused_resident_o;
      wire [WARPS-1:0] unused_busy_warps_o;
      // preemption ports: tied off (policy DRAIN, no decisions, no ctx engine), so the system
      // behaves as without preemption until the PEP blocks are integrated
      wire unused_err_dec_o, unused_simt_evict_valid_o, unused_simt_start_restore_o;
      wire [TBS-1:0] unused_simt_pause_o, unused_elig_o, unused_base_o;
      wire [RTB_W-1:0] unused_simt_evict_rtb_o;
      wire [5:0] unused_simt_start_rpw_o, unused_ctx_cmd_rpw_o;
      wire unused_ctx_cmd_valid_o, unused_ctx_cmd_inplace_o, unused_pre_busy_o;
      wire [1:0] unused_ctx_cmd_op_o;
      wire [WARPS-1:0] unused_ctx_cmd_wmask_o, unused_dq_wmask_o;
      wire [16:0] unused_ctx_cmd_shmem_o;
      wire [31:0] unused_ctx_cmd_area_o;
      wire [7:0] unused_ptb_count_o;
      wire unused_wp_ev_valid_o;
      wire [7:0] unused_wp_ev_regs_o, unused_wp_free_regs_o;
      wire [31:0] unused_wp_ev_pc_o;
      wire [15:0] unused_wp_ev_id_o;
      kmu_sm_ctrl #(
          .TBS  (TBS),
          .WARPS(WARPS),
          .REGS (REGS),
          .SHMEM(SHMEM),
          .EWT  (EWT)
      ) u_sm_ctrl (
          .clk_i             (clk_i),
          .rst_ni            (rst_ni),
          .need_warps_i      (need_warps),
          .need_regs_i       (need_regs),
          .need_shmem_i      ({1'b0, need_shmem}),
          .need_ewarp_i      (need_ewarp),
          .fit_o             (sm_fit[s]),
          .ewt_fit_o         (sm_ewt_fit[s]),
          .start_valid_i     (start_valid && (start_sm == s[SM_W-1:0])),
          .start_ewarp_i     (start_ewarp),
          .start_slot_i      (start_tag[7:0]),  // take and start share the cycle
          .start_tb_i        (start_tb),
          .start_warps_i     (start_warps),
          .start_regs_i      (start_regs),
          .start_shmem_i     ({1'b0, start_shmem}),
          .start_kptr_i      (start_kptr),
          .start_param_i     (start_param),
          .err_overflow_o    (err_overflow),
          .simt_start_valid_o(st_valid[s]),
          .simt_start_ready_i(st_ready[s]),
          .simt_start_rtb_o  (st_rtb[s*RTB_W+:RTB_W]),
          .simt_start_slot_o (st_slot[s*8+:8]),
          .simt_start_tb_o   (st_tb[s*32+:32]),
          .simt_start_warps_o(st_warps[s*6+:6]),
          .simt_start_kptr_o (st_kptr[s*32+:32]),
          .simt_start_param_o(st_param[s*32+:32]),
          .simt_start_wmask_o(unused_simt_start_wmask_o),
          .simt_start_ewarp_o(st_ewarp[s]),
          .simt_done_valid_i (simt_done_valid_i && (simt_done_sm_i == s[SM_W-1:0])),
          .simt_done_rtb_i   (simt_done_rtb_i),
          .err_done_o        (err_done),
          .done_valid_o      (dn_valid[s]),
          .done_ready_i      (dn_ready[s]),
          .done_slot_o       (dn_slot[s*8+:8]),
          .free_tb_o         (unused_free_tb_o),
          .free_warps_o      (unused_free_warps_o),
          .free_regs_o       (unused_free_regs_o),
          .free_shmem_o      (unused_free_shmem_o),
          .ewt_free_o        (unused_ewt_free_o),
          .resident_o        (unused_resident_o),
          .busy_warps_o      (unused_busy_warps_o),
          .policy_i            (2'd0),
          .inplace_en_i        (1'b0),
          .ctx_base_i          (32'd0),
          .ckpt_valid_i        (1'b0),
          .ckpt_mask_i         ({TBS{1'b0}}),
          .pre_valid_i         (1'b0),
          .pre_switch_mask_i   ({TBS{1'b0}}),
          .hold_i              (1'b0),
          .err_dec_o           (unused_err_dec_o),
          .simt_pause_o        (unused_simt_pause_o),
          .simt_paused_i       ({TBS{1'b0}}),
          .simt_evict_valid_o  (unused_simt_evict_valid_o),
          .simt_evict_rtb_o    (unused_simt_evict_rtb_o),
          .simt_start_restore_o(unused_simt_start_restore_o),
          .simt_start_rpw_o    (unused_simt_start_rpw_o),
          .ctx_cmd_valid_o     (unused_ctx_cmd_valid_o),
          .ctx_cmd_ready_i     (1'b0),
          .ctx_cmd_op_o        (unused_ctx_cmd_op_o),
          .ctx_cmd_inplace_o   (unused_ctx_cmd_inplace_o),
          .ctx_cmd_wmask_o     (unused_ctx_cmd_wmask_o),
          .ctx_cmd_rpw_o       (unused_ctx_cmd_rpw_o),
          .ctx_cmd_shmem_o     (unused_ctx_cmd_shmem_o),
          .ctx_cmd_area_o      (unused_ctx_cmd_area_o),
          .ctx_done_i          (1'b0),
          .dq_wmask_o          (unused_dq_wmask_o),
          .dirty_cnt_i         (12'd0),
          .elig_o              (unused_elig_o),
          .base_o              (unused_base_o),
          .pre_busy_o          (unused_pre_busy_o),
          .ptb_count_o         (unused_ptb_count_o),
          // warp-level preemption off: the SIMT pipeline here has no preemption controller
          .wp_en_i             (1'b0),
          .wp_ev_valid_o       (unused_wp_ev_valid_o),
          .wp_ev_ready_i       (1'b0),
          .wp_ev_regs_o        (unused_wp_ev_regs_o),
          .wp_ev_pc_o          (unused_wp_ev_pc_o),
          .wp_ev_id_o          (unused_wp_ev_id_o),
          .wp_free_regs_o      (unused_wp_free_regs_o)
      );
      assign sm_err[s] = err_overflow || err_done;
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
  assign st_ready           = st_gnt & {NSM{simt_start_ready_i}};
  assign simt_start_valid_o = st_any;
  assign simt_start_sm_o    = st_idx;
  assign simt_start_rtb_o   = st_rtb[st_idx*RTB_W+:RTB_W];
  assign simt_start_warps_o = st_warps[st_idx*6+:6];
  assign simt_start_kptr_o  = st_kptr[st_idx*32+:32];
  assign simt_start_param_o = st_param[st_idx*32+:32];
  assign simt_start_tb_o    = st_tb[st_idx*32+:32];
  assign simt_start_slot_o  = st_slot[st_idx*8+:8];
  assign simt_start_ewarp_o = st_ewarp[st_idx];
  assign simt_done_ready_o  = 1'b1;

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

  // ---------------------------------------------------------------- memory port
  wire [1:0] mp_ready;
  wire [1:0] unused_rsp_valid;
  wire [31:0] unused_rsp_rdata;
  kmu_mem_port #(
      .N(2)
  ) u_mem_port (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .req_valid_i  ({1'b0, cmem_valid}),
      .req_ready_o  (mp_ready),
      .req_write_i  (2'b01),
      .req_addr_i   ({32'd0, cmem_addr}),
      .req_wdata_i  ({32'd0, cmem_wdata}),
      .mem_valid_o  (mem_valid_o),
      .mem_ready_i  (mem_ready_i),
      .mem_write_o  (mem_write_o),
      .mem_addr_o   (mem_addr_o),
      .mem_wdata_o  (mem_wdata_o),
      .mem_client_o (mem_client_o),
      .mem_rvalid_i (mem_rvalid_i),
      .mem_rdata_i  (mem_rdata_i),
      .mem_rclient_i(mem_rclient_i),
      .rsp_valid_o  (unused_rsp_valid),
      .rsp_rdata_o  (unused_rsp_rdata)
  );
  assign cmem_ready = mp_ready[0];
  wire unused_mp_ready = mp_ready[1];

  assign hw_err_o = err_desc || err_take || err_kdone || (|sm_err);
endmodule

`default_nettype wire
