// kmu_frontend - the EDGE front end: AXI4-Lite -> CSRs and doorbells -> event kernel table ->
// kernel descriptor stream.
//
// EDGE (edge-event-driven-gpu-execution.txt) III-A..C, III-E: a device launches a
// pre-registered event kernel with one MMIO write to its doorbell; the front end reads the
// EKT entry, hands out the next parameter-buffer entry and passes a launch descriptor on to
// the kernel management unit.
//
//   AXI4-Lite -> kmu_axil_slave -> kmu_csr -> kmu_doorbell -> kmu_ekt -> desc_* stream
//                                    |  registration / unregistration -> kmu_ekt
//                                    |<- error and event pulses, status
//
// Latency: a doorbell write whose AW and W handshakes complete at edge t leaves the front
// end as desc_valid_o in cycle t+2 (t+1: the request leaves the slave's FIFOs and the EKT
// accepts the launch; t+2: the descriptor register holds it), when desc_ready_i does not stall
// the EKT. One doorbell per cycle is sustained (the slave's skid FIFOs accept a write every
// cycle).
//
// Host kernels: the host launch window of kmu_csr (HL_* staging registers, HL_CMD) drives the
// host descriptor stream host_valid_o/host_ready_i (docs/kmu-interfaces.md 1), a register stage
// inside kmu_csr: an HL_CMD write whose AXI AW and W handshakes complete at edge t gives
// host_valid_o in cycle t+2 (t+1: the write is on the register bus and accepted, unless the
// previous host launch is still pending; t+2: the descriptor register holds it), BVALID in t+2.
//
// Contract: desc_* and host_* are valid/ready streams, held stable until accepted. A completion
// (cpl_valid_i, cpl_id_i) returns one in-flight credit of that EKT entry; a completion for an
// entry with nothing in flight sets ERR_STATUS.CPL_SPURIOUS. kernel_done_i (a kernel
// completed, from the kernel management unit) sets KERNEL_STATUS.KERNEL_DONE and counts in
// PERF_KERNELS. irq_o = (IRQ_ENABLE.ERR && ERR_STATUS != 0) || (IRQ_ENABLE.KERNEL_DONE &&
// KERNEL_STATUS.KERNEL_DONE). mode_rgem_o (KMU_CTRL.RGEM) and reserve_mask_o (SM_RESERVE)
// configure the kernel management unit and the dispatcher; both are registers of kmu_csr.
// Preemption (register map 1.2, window 0x2100): pre_*_o are kmu_csr's PRE_* registers, passed
// straight out to the preemption blocks of the system top; pre_hint_valid_o pulses for one
// cycle after a PRE_HINT write reaches kmu_csr (AXI AW and W handshakes at edge t: the write is
// accepted in t+1, the pulse is in t+2 with pre_pred_launch_o already the written value).
// pre_busy_i (PRE_STATUS.BUSY) and the pulses pre_req_i, wp_start_i, ctx_save_i (counted in
// PERF_PREEMPTS, PERF_WP, PERF_CTX_SAVES) come back from those blocks.
// GPUpIO: ysig_valid_o / ysig_addr_o (YIELD_SIGNAL, the same timing as pre_hint_valid_o) go to
// kmu_yield_mon's MMIO snoop, whose counters come back on ycnt_*_i (YIELD_TAKE .. YIELD_ERR).
// Errors never go silent: see docs/blocks/kmu_frontend.md.
// C twin: cmodel/frontend/kmu_frontend.c.
`default_nettype none

module kmu_frontend #(
    parameter integer AW      = 16,  // AXI4-Lite byte-address width
    parameter integer ENTRIES = 8,   // EKT entries (8 small, 32 paper)
    parameter integer CNT_W   = 16,  // error / performance counter width
    parameter integer NSM     = 2,   // SMs (reserve_mask_o width)
    parameter integer CP_NPRIO = 2,  // copy engine priority levels (kmu_csr's copy window)
    parameter integer CP_LENW = 12,  // copy engine byte-count bits
    parameter integer CP_IDW  = 4,   // copy engine tag bits
    // kmu_doorbell's pending-count bits (1..16): doorbells waiting per entry, 2^DB_PEND_W - 1
    // (the iCEBreaker's front-end board sets 4: on iCE40 the counts are flip-flops)
    parameter integer DB_PEND_W = 8
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

    // launch descriptors to the kernel management unit
    output wire                                         desc_valid_o,
    input  wire                                         desc_ready_i,
    output wire [((ENTRIES > 1) ? $clog2(ENTRIES) : 1)-1:0] desc_id_o,
    output wire [                                 31:0] desc_kptr_o,
    output wire [                                 15:0] desc_grid_x_o,
    output wire [                                 15:0] desc_grid_y_o,
    output wire [                                 15:0] desc_grid_z_o,
    output wire [                                 15:0] desc_tb_x_o,
    output wire [                                 15:0] desc_tb_y_o,
    output wire [                                 15:0] desc_tb_z_o,
    output wire [                                 15:0] desc_shmem_o,
    output wire [                                  7:0] desc_nregs_o,
    output wire [                                  1:0] desc_prio_o,
    output wire [                                 31:0] desc_param_o,

    // host kernel descriptors (host launch window, HL_CMD) to the kernel management unit
    output wire        host_valid_o,
    input  wire        host_ready_i,
    output wire [31:0] host_kptr_o,
    output wire [15:0] host_grid_x_o,
    output wire [15:0] host_grid_y_o,
    output wire [15:0] host_grid_z_o,
    output wire [15:0] host_tb_x_o,
    output wire [15:0] host_tb_y_o,
    output wire [15:0] host_tb_z_o,
    output wire [15:0] host_shmem_o,
    output wire [ 7:0] host_nregs_o,
    output wire [ 1:0] host_prio_o,
    output wire [31:0] host_param_o,
    output wire [31:0] host_cpl_addr_o,

    // event completions (credit return)
    input wire                                         cpl_valid_i,
    input wire [((ENTRIES > 1) ? $clog2(ENTRIES) : 1)-1:0] cpl_id_i,

    // kernel completions (status, counter, interrupt) and the configuration registers
    input  wire           kernel_done_i,   // pulse: a kernel completed
    output wire           mode_rgem_o,     // KMU_CTRL.RGEM
    output wire [NSM-1:0] reserve_mask_o,  // SM_RESERVE

    // preemption control (kmu_csr's PRE_* window) and the preemption blocks' status and events
    output wire [ 1:0] pre_policy_o,       // PRE_CTRL.POLICY (pol_e)
    output wire        pre_inplace_o,      // PRE_CTRL.INPLACE
    output wire        pre_wp_en_o,        // PRE_CTRL.WP_EN
    output wire [ 1:0] pre_vpol_o,         // PRE_CTRL.VPOL (victim_e)
    output wire [ 3:0] pre_opt_o,          // PRE_CTRL.OPT
    output wire        pre_all_o,          // PRE_CTRL.ALL
    output wire [31:0] pre_ctx_base_o,     // PRE_CTX_BASE
    output wire [31:0] pre_deadline_o,     // PRE_DEADLINE
    output wire [ 3:0] pre_bw_shift_o,     // PRE_BW.SHIFT
    output wire        pre_hint_valid_o,   // pulse: a PRE_HINT write (one cycle after it)
    output wire [31:0] pre_pred_launch_o,  // PRE_HINT
    input  wire        pre_busy_i,         // a preemption is in progress (PRE_STATUS.BUSY)
    input  wire        pre_req_i,          // pulse: TB-level preemption request (PERF_PREEMPTS)
    input  wire        wp_start_i,         // pulse: warp-level preemption started (PERF_WP)
    input  wire        ctx_save_i,         // pulse: context save done (PERF_CTX_SAVES)
    // GPUpIO yield window (kmu_csr's YIELD_*): the signal to kmu_yield_mon, its counters
    output wire             ysig_valid_o,  // pulse: a YIELD_SIGNAL write (one cycle after it)
    output wire [     31:0] ysig_addr_o,   // its ADDR
    input  wire [CNT_W-1:0] ycnt_take_i,   // YIELD_TAKE .. YIELD_ERR (read live)
    input  wire [CNT_W-1:0] ycnt_spin_i,
    input  wire [CNT_W-1:0] ycnt_full_i,
    input  wire [CNT_W-1:0] ycnt_nowork_i,
    input  wire [CNT_W-1:0] ycnt_wake_i,
    input  wire [CNT_W-1:0] ycnt_err_i,
    input  wire [CNT_W-1:0] ycnt_wkerr_i,  // YIELD_WKERR (kmu_gpu: wakes an SM refused)
    output wire             ytail_o,       // YIELD_CTRL.TAIL (kmu_gpu's wake glue)
    output wire [      3:0] ymaxwait_o,    // YIELD_CTRL.MAXWAIT
    // copy window (kmu_csr's COPY_* registers) to and from kmu_copy_engine, all registered
    output wire [               4:0] cp_chunk_log2_o,
    output wire                      cp_cmd_valid_o,
    input  wire                      cp_cmd_ready_i,
    output wire [              31:0] cp_cmd_src_o,
    output wire [              31:0] cp_cmd_dst_o,
    output wire [       CP_LENW-1:0] cp_cmd_bytes_o,
    output wire                      cp_cmd_dir_o,
    output wire [((CP_NPRIO > 1) ? $clog2(CP_NPRIO) : 1)-1:0] cp_cmd_prio_o,
    output wire [        CP_IDW-1:0] cp_cmd_id_o,
    input  wire                      cp_cpl_valid_i,
    output wire                      cp_cpl_ready_o,
    input  wire [        CP_IDW-1:0] cp_cpl_id_i,
    input  wire [               2:0] cp_cpl_status_i,
    input  wire                      cp_busy_i,
    // TReM window (kmu_csr's TR_* registers) to and from kmu_revoke / kmu_elastic / kmu_kmu
    output wire         host_class_o,  // HL_RES.CLASS: 1 user-facing, 0 batch (with host_valid_o)
    output wire [31:0]  host_est_o,  // HL_EST: estimated execution time, cycles
    output wire         trem_req_valid_o,  // TR_CMD request stage, held until trem_req_ready_i
    output wire [1:0]   trem_req_kind_o,  // TR_CMD.KIND (trem_kind_e)
    output wire         trem_req_replay_o,  // TR_CMD.REPLAY
    output wire [15:0]  trem_req_id_o,  // TR_CMD.ID (tag or launch id)
    output wire [3:0]   trem_thr_o,  // TR_THRESH.THR
    output wire [31:0]  trem_cost_o,  // TR_COST
    output wire [1:0]   trem_policy_o,  // TR_CTRL.POLICY (trem_pol_e)
    output wire [2:0]   trem_shift_o,  // TR_CTRL.SHIFT
    output wire [2:0]   trem_unit_o,   // TR_CTRL.UNIT
    output wire [31:0]  trem_sla_o,  // TR_SLA
    output wire [31:0]  trem_period_o,  // TR_PERIOD
    input  wire         trem_req_ready_i,  // kmu_revoke takes the request
    input  wire         trem_busy_i,  // kmu_revoke serves a request
    input  wire         trem_done_valid_i,  // pulse: a revoke request completed
    input  wire [2:0]   trem_done_status_i,  // trem_status_e
    input  wire         trem_done_replay_i,
    input  wire [7:0]   trem_done_tag_i,
    input  wire [15:0]  trem_done_lid_i,
    input  wire         trem_guard_i,  // pulse: a kernel became non-revocable
    input  wire [7:0]   trem_guard_tag_i,
    input  wire [7:0]   trem_u_i,  // kmu_elastic U
    input  wire [7:0]   trem_q_i,  // kmu_elastic q
    input  wire [31:0]  trem_le_i,  // kmu_elastic l_e
    input  wire [15:0]  trem_last_lid_i,  // kmu_kmu: launch id of the last host kernel
    input  wire [15:0]  trem_auto_req_i,  // kmu_trem_policy: automatic requests taken (TR_AUTO)
    input  wire [15:0]  trem_auto_ok_i,  // ... revoked (TR_AUTO.OK)
    input  wire [15:0]  trem_auto_nv_i,  // ... NO_VICTIM (TR_AUTO_NV)
    output wire irq_o
);
  localparam integer ID_W = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;

  // ---- internal register bus ----
  wire          bus_req_valid;
  wire          bus_req_ready;
  wire          bus_req_write;
  wire [AW-1:0] bus_req_addr;
  wire [  31:0] bus_req_wdata;
  wire [   3:0] bus_req_wstrb;
  wire [  31:0] bus_rsp_rdata;
  wire          bus_rsp_err;

  // ---- CSR <-> doorbell decoder ----
  wire          db_valid;
  wire          db_ready;
  wire [   9:0] db_idx;
  wire          db_err_unknown;
  wire          db_err_unreg;
  wire          db_err_full;
  wire          unused_db_pending;  // doorbells wait in kmu_doorbell's counts (unused here)
  wire [  15:0] db_last_err_idx;
  wire [   1:0] db_last_err_cause;

  // ---- doorbell decoder <-> EKT ----
  wire          launch_valid;
  wire          launch_ready;
  wire [ID_W-1:0] launch_id;
  wire [   1:0] launch_err;

  // ---- CSR <-> EKT registration ----
  wire          reg_valid;
  wire          reg_ready;
  wire [  31:0] reg_kptr;
  wire [  15:0] reg_grid_x, reg_grid_y, reg_grid_z;
  wire [  15:0] reg_tb_x, reg_tb_y, reg_tb_z;
  wire [  15:0] reg_shmem;
  wire [   7:0] reg_nregs;
  wire [   1:0] reg_prio;
  wire [  31:0] reg_pbase, reg_pend;
  wire [  15:0] reg_esize;
  wire [   7:0] reg_maxinf;
  wire          reg_done;
  wire [   2:0] reg_code;
  wire [ID_W-1:0] reg_id;
  wire          reg_busy;
  wire          unreg_valid;  // CSR -> doorbell decoder
  wire [ID_W-1:0] unreg_id;
  wire [   1:0] unreg_code;  // doorbell decoder -> CSR
  wire          ekt_unreg_valid;  // doorbell decoder -> EKT (held while doorbells wait)
  wire [   1:0] ekt_unreg_code;  // EKT -> doorbell decoder
  wire          cpl_err;
  wire [ENTRIES-1:0] ekt_valid;

  wire launch_fire = launch_valid && launch_ready;
  wire desc_fire = desc_valid_o && desc_ready_i;

  kmu_axil_slave #(
      .AW(AW)
  ) u_axil_slave (
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
      .bus_req_valid_o(bus_req_valid),
      .bus_req_ready_i(bus_req_ready),
      .bus_req_write_o(bus_req_write),
      .bus_req_addr_o (bus_req_addr),
      .bus_req_wdata_o(bus_req_wdata),
      .bus_req_wstrb_o(bus_req_wstrb),
      .bus_rsp_rdata_i(bus_rsp_rdata),
      .bus_rsp_err_i  (bus_rsp_err)
  );

  kmu_csr #(
      .AW     (AW),
      .ENTRIES(ENTRIES),
      .CNT_W  (CNT_W),
      .NSM    (NSM),
      .CP_NPRIO(CP_NPRIO),
      .CP_LENW(CP_LENW),
      .CP_IDW (CP_IDW)
  ) u_csr (
      .clk_i              (clk_i),
      .rst_ni             (rst_ni),
      .bus_req_valid_i    (bus_req_valid),
      .bus_req_ready_o    (bus_req_ready),
      .bus_req_write_i    (bus_req_write),
      .bus_req_addr_i     (bus_req_addr),
      .bus_req_wdata_i    (bus_req_wdata),
      .bus_req_wstrb_i    (bus_req_wstrb),
      .bus_rsp_rdata_o    (bus_rsp_rdata),
      .bus_rsp_err_o      (bus_rsp_err),
      .db_valid_o         (db_valid),
      .db_ready_i         (db_ready),
      .db_idx_o           (db_idx),
      .reg_valid_o        (reg_valid),
      .reg_ready_i        (reg_ready),
      .reg_kptr_o         (reg_kptr),
      .reg_grid_x_o       (reg_grid_x),
      .reg_grid_y_o       (reg_grid_y),
      .reg_grid_z_o       (reg_grid_z),
      .reg_tb_x_o         (reg_tb_x),
      .reg_tb_y_o         (reg_tb_y),
      .reg_tb_z_o         (reg_tb_z),
      .reg_shmem_o        (reg_shmem),
      .reg_nregs_o        (reg_nregs),
      .reg_prio_o         (reg_prio),
      .reg_pbase_o        (reg_pbase),
      .reg_pend_o         (reg_pend),
      .reg_esize_o        (reg_esize),
      .reg_maxinf_o       (reg_maxinf),
      .reg_done_i         (reg_done),
      .reg_code_i         (reg_code),
      .reg_id_i           (reg_id),
      .unreg_valid_o      (unreg_valid),
      .unreg_id_o         (unreg_id),
      .unreg_code_i       (unreg_code),
      .db_err_unknown_i   (db_err_unknown),
      .db_err_unreg_i     (db_err_unreg),
      .db_err_full_i      (db_err_full),
      .db_last_err_idx_i  (db_last_err_idx),
      .db_last_err_cause_i(db_last_err_cause),
      .launch_fire_i      (launch_fire),
      .launch_err_i       (launch_err),
      .cpl_valid_i        (cpl_valid_i),
      .cpl_err_i          (cpl_err),
      .desc_fire_i        (desc_fire),
      .desc_pending_i     (desc_valid_o),
      .reg_busy_i         (reg_busy),
      .ekt_valid_i        (ekt_valid),
      .kernel_done_i      (kernel_done_i),
      .mode_rgem_o        (mode_rgem_o),
      .reserve_mask_o     (reserve_mask_o),
      .pre_policy_o       (pre_policy_o),
      .pre_inplace_o      (pre_inplace_o),
      .pre_wp_en_o        (pre_wp_en_o),
      .pre_vpol_o         (pre_vpol_o),
      .pre_opt_o          (pre_opt_o),
      .pre_all_o          (pre_all_o),
      .pre_ctx_base_o     (pre_ctx_base_o),
      .pre_deadline_o     (pre_deadline_o),
      .pre_bw_shift_o     (pre_bw_shift_o),
      .pre_hint_valid_o   (pre_hint_valid_o),
      .pre_pred_launch_o  (pre_pred_launch_o),
      .pre_busy_i         (pre_busy_i),
      .pre_req_i          (pre_req_i),
      .wp_start_i         (wp_start_i),
      .ctx_save_i         (ctx_save_i),
      .ysig_valid_o       (ysig_valid_o),
      .ysig_addr_o        (ysig_addr_o),
      .ycnt_take_i        (ycnt_take_i),
      .ycnt_spin_i        (ycnt_spin_i),
      .ycnt_full_i        (ycnt_full_i),
      .ycnt_nowork_i      (ycnt_nowork_i),
      .ycnt_wake_i        (ycnt_wake_i),
      .ycnt_err_i         (ycnt_err_i),
      .ycnt_wkerr_i       (ycnt_wkerr_i),
      .ytail_o            (ytail_o),
      .ymaxwait_o         (ymaxwait_o),
      .host_valid_o       (host_valid_o),
      .host_ready_i       (host_ready_i),
      .host_kptr_o        (host_kptr_o),
      .host_grid_x_o      (host_grid_x_o),
      .host_grid_y_o      (host_grid_y_o),
      .host_grid_z_o      (host_grid_z_o),
      .host_tb_x_o        (host_tb_x_o),
      .host_tb_y_o        (host_tb_y_o),
      .host_tb_z_o        (host_tb_z_o),
      .host_shmem_o       (host_shmem_o),
      .host_nregs_o       (host_nregs_o),
      .host_prio_o        (host_prio_o),
      .host_param_o       (host_param_o),
      .host_cpl_addr_o    (host_cpl_addr_o),
      .host_class_o       (host_class_o),
      .host_est_o         (host_est_o),
      .trem_req_valid_o   (trem_req_valid_o),
      .trem_req_kind_o    (trem_req_kind_o),
      .trem_req_replay_o  (trem_req_replay_o),
      .trem_req_id_o      (trem_req_id_o),
      .trem_thr_o         (trem_thr_o),
      .trem_cost_o        (trem_cost_o),
      .trem_policy_o      (trem_policy_o),
      .trem_shift_o       (trem_shift_o),
      .trem_unit_o        (trem_unit_o),
      .trem_sla_o         (trem_sla_o),
      .trem_period_o      (trem_period_o),
      .trem_req_ready_i   (trem_req_ready_i),
      .trem_busy_i        (trem_busy_i),
      .trem_done_valid_i  (trem_done_valid_i),
      .trem_done_status_i (trem_done_status_i),
      .trem_done_replay_i (trem_done_replay_i),
      .trem_done_tag_i    (trem_done_tag_i),
      .trem_done_lid_i    (trem_done_lid_i),
      .trem_guard_i       (trem_guard_i),
      .trem_guard_tag_i   (trem_guard_tag_i),
      .trem_u_i           (trem_u_i),
      .trem_q_i           (trem_q_i),
      .trem_le_i          (trem_le_i),
      .trem_last_lid_i    (trem_last_lid_i),
      .trem_auto_req_i    (trem_auto_req_i),
      .trem_auto_ok_i     (trem_auto_ok_i),
      .trem_auto_nv_i     (trem_auto_nv_i),
      .cp_chunk_log2_o    (cp_chunk_log2_o),
      .cp_cmd_valid_o     (cp_cmd_valid_o),
      .cp_cmd_ready_i     (cp_cmd_ready_i),
      .cp_cmd_src_o       (cp_cmd_src_o),
      .cp_cmd_dst_o       (cp_cmd_dst_o),
      .cp_cmd_bytes_o     (cp_cmd_bytes_o),
      .cp_cmd_dir_o       (cp_cmd_dir_o),
      .cp_cmd_prio_o      (cp_cmd_prio_o),
      .cp_cmd_id_o        (cp_cmd_id_o),
      .cp_cpl_valid_i     (cp_cpl_valid_i),
      .cp_cpl_ready_o     (cp_cpl_ready_o),
      .cp_cpl_id_i        (cp_cpl_id_i),
      .cp_cpl_status_i    (cp_cpl_status_i),
      .cp_busy_i          (cp_busy_i),
      .irq_o              (irq_o)
  );

  kmu_doorbell #(
      .ENTRIES(ENTRIES),
      .PEND_W (DB_PEND_W)
  ) u_doorbell (
      .clk_i           (clk_i),
      .rst_ni          (rst_ni),
      .db_valid_i      (db_valid),
      .db_ready_o      (db_ready),
      .db_idx_i        (db_idx),
      .valid_i         (ekt_valid),
      .launch_valid_o  (launch_valid),
      .launch_ready_i  (launch_ready),
      .launch_id_o     (launch_id),
      .launch_err_i    (launch_err),
      .unreg_valid_i   (unreg_valid),
      .unreg_id_i      (unreg_id),
      .unreg_valid_o   (ekt_unreg_valid),
      .unreg_code_i    (ekt_unreg_code),
      .unreg_code_o    (unreg_code),
      .err_unknown_o   (db_err_unknown),
      .err_unreg_o     (db_err_unreg),
      .err_full_o      (db_err_full),
      .last_err_idx_o  (db_last_err_idx),
      .last_err_cause_o(db_last_err_cause),
      .pending_o       (unused_db_pending)
  );

  kmu_ekt #(
      .ENTRIES(ENTRIES)
  ) u_ekt (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .reg_valid_i   (reg_valid),
      .reg_ready_o   (reg_ready),
      .reg_kptr_i    (reg_kptr),
      .reg_grid_x_i  (reg_grid_x),
      .reg_grid_y_i  (reg_grid_y),
      .reg_grid_z_i  (reg_grid_z),
      .reg_tb_x_i    (reg_tb_x),
      .reg_tb_y_i    (reg_tb_y),
      .reg_tb_z_i    (reg_tb_z),
      .reg_shmem_i   (reg_shmem),
      .reg_nregs_i   (reg_nregs),
      .reg_prio_i    (reg_prio),
      .reg_pbase_i   (reg_pbase),
      .reg_pend_i    (reg_pend),
      .reg_esize_i   (reg_esize),
      .reg_maxinf_i  (reg_maxinf),
      .reg_done_o    (reg_done),
      .reg_code_o    (reg_code),
      .reg_id_o      (reg_id),
      .unreg_valid_i (ekt_unreg_valid),
      .unreg_id_i    (unreg_id),
      .unreg_code_o  (ekt_unreg_code),
      .launch_valid_i(launch_valid),
      .launch_ready_o(launch_ready),
      .launch_id_i   (launch_id),
      .launch_err_o  (launch_err),
      .desc_valid_o  (desc_valid_o),
      .desc_ready_i  (desc_ready_i),
      .desc_id_o     (desc_id_o),
      .desc_kptr_o   (desc_kptr_o),
      .desc_grid_x_o (desc_grid_x_o),
      .desc_grid_y_o (desc_grid_y_o),
      .desc_grid_z_o (desc_grid_z_o),
      .desc_tb_x_o   (desc_tb_x_o),
      .desc_tb_y_o   (desc_tb_y_o),
      .desc_tb_z_o   (desc_tb_z_o),
      .desc_shmem_o  (desc_shmem_o),
      .desc_nregs_o  (desc_nregs_o),
      .desc_prio_o   (desc_prio_o),
      .desc_param_o  (desc_param_o),
      .cpl_valid_i   (cpl_valid_i),
      .cpl_id_i      (cpl_id_i),
      .cpl_err_o     (cpl_err),
      .valid_o       (ekt_valid),
      .reg_busy_o    (reg_busy)
  );
`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // The bounded-write rule (issue 13, docs/architecture.md): the register bus never waits for
  // the back end, so a write leaves the slave's FIFO in the cycle it is offered and its AXI
  // response follows 2 cycles after its AW/W handshakes whatever the back end does
  // (kmu_doorbell takes every doorbell; kmu_csr answers a busy command SLVERR); a read waits
  // exactly one cycle (kmu_csr's registered read, issue 15 csrram): its R 3 cycles after AR.
  // rst_ni only masks the check in reset.
  reg bus_held_q;  // the request of the last cycle was refused
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    bus_held_q <= rst_ni && bus_req_valid && !bus_req_ready;
    if (rst_ni && bus_req_valid && !bus_req_ready && (bus_req_write || bus_held_q)) begin
      $display("ASSERTION kmu_frontend %m t=%0t: register bus request 0x%0h held (write %0d)",
               $time, bus_req_addr, bus_req_write);
      $stop;
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
