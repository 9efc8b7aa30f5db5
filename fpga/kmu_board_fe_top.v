// kmu_board_fe_top - the EDGE front end as a board sees it (issue 15 item 3): the UART host link
// kmu_uart_axil (AXI4-Lite master) -> kmu_frontend (AXI4-Lite slave, CSRs, doorbells, EKT) ->
// kmu_fe_sink, a kernel stand-in for everything behind the front end, and four status pins.
// For a board too small for kmu_gpu (the iCEBreaker's UP5K: the smallest kmu_gpu with every
// mechanism is about four UP5Ks, docs/fpga.md); kmu_board_top is the whole machine.  The board
// wrapper (fpga/boards/icebreaker/) adds the clock, the power-on reset and the pin names; `make
// fpga-fe-sim` (and make test) Verilates this module directly (sim/fpga/fpga_sim.mk,
// scripts/test_fpga_fe_sim.sh).
// Not a paper block.
//
//   rx_i/tx_o -> kmu_uart_axil -> AXI4-Lite -> kmu_frontend -+- desc_* (event kernels) -+
//                                                            +- host_* (host kernels)  -+-> kmu_fe_sink
//                                                            +<- cpl_*, kernel_done ----+
// - The bridge's AXI outputs are registers and kmu_frontend's AXI slave (kmu_axil_slave)
//   registers its answers; the front end's stream outputs and the sink's ready and completion
//   outputs are registers: no combinational path crosses a block boundary.
// - The sink (fpga/kmu_fe_sink.v) runs each kernel, event or host, for the low RUN_W bits of
//   its parameter (the doorbell's parameter-buffer entry, HL_PARAM) in cycles, DEF_CYC when
//   those are 0, SLOTS kernels at once; then kernel_done_i (KERNEL_STATUS, PERF_KERNELS) and,
//   for an event kernel, its EKT credit (cpl_valid_i / cpl_id_i, PERF_COMPLETIONS).
// - The back end's other inputs of the front end are tied to a machine with no such unit, idle:
//   pre_busy_i 0 and the pulses pre_req_i, wp_start_i, ctx_save_i 0 (PRE_STATUS reads 0,
//   PERF_PREEMPTS / PERF_WP / PERF_CTX_SAVES stay 0; PRE_* writes are stored and read back, a
//   PRE_HINT pulse goes nowhere); the yield counters ycnt_*_i 0 (YIELD_TAKE .. YIELD_WKERR read
//   0; a YIELD_SIGNAL write wakes nothing); the copy engine: cp_cmd_ready_i 0 (no engine takes a
//   command: the first COPY_GO stays staged, COPY_STATUS.CMD_PENDING reads 1, and every later
//   COPY_GO is answered SLVERR, busy), cp_cpl_valid_i 0 (COPY_CPL stays empty), cp_busy_i 0;
//   TReM: trem_req_ready_i 0 (likewise: the first TR_CMD stays held, later ones SLVERR),
//   trem_busy_i 0, no completions or guard events, kmu_elastic's answers 0, TR_LAST_LID 0.
//   So every register of the map answers as the register map says, and a command for a unit
//   the board lacks is refused with SLVERR from the second one on, never hangs the bus.
// - Keep-alive: every descriptor field (the sink itself looks at the id and the low RUN_W
//   bits of the parameter only) is XOR-folded,
//   at each handshake, into one parity register shown on led_par_o, so synthesis keeps the EKT
//   table and the host launch registers that drive them (this board's area is the whole front
//   end's, not a pruned one) and every field reaches a pin.
// - Status pins: led_irq_o = kmu_frontend's irq_o; led_busy_o = the link busy, a descriptor
//   waiting on either stream or a kernel in the sink (also the simulator's "keep the clock
//   running" signal); led_err_o = sticky: the sink saw a stream withdraw its valid before its
//   handshake (a contract violation a correct front end never produces; the bridge's own error
//   counters are read with kmuctl stats); led_heart_o = the MSB of a free-running counter
//   (HB_W bits: about 1 Hz with HB_W = log2(CLK_HZ) + 1); led_par_o the parity above.
// Latency: kmu_frontend's (a doorbell's descriptor in t+2 after its AXI handshakes), then the
// sink's (a kernel taken in t reports in t+N+1).
`default_nettype none

module kmu_board_fe_top #(
    parameter integer CLK_HZ  = 12000000,  // clock (the board's oscillator)
    parameter integer BAUD    = 1500000,   // UART line rate
    parameter integer HB_W    = 24,        // heartbeat counter bits
    parameter integer SLOTS   = 2,         // sink: kernels running at once
    parameter integer RUN_W   = 16,        // sink: cycle-count bits of the parameter
    parameter integer DEF_CYC = 64,        // sink: run length when those bits are 0
    // kmu_frontend's parameters (docs/blocks/kmu_frontend.md)
    parameter integer AW      = 16,
    parameter integer ENTRIES = 8,
    parameter integer CNT_W   = 16,
    parameter integer NSM     = 2,         // SM_RESERVE's implemented bits (no SMs here)
    parameter integer CP_NPRIO = 2,
    parameter integer CP_LENW = 12,
    parameter integer CP_IDW  = 4,
    parameter integer DB_PEND_W = 8
) (
    input  wire clk_i,
    input  wire rst_ni,
    input  wire rx_i,         // UART from the host
    output wire tx_o,         // UART to the host
    output wire led_irq_o,
    output wire led_busy_o,
    output wire led_err_o,
    output wire led_heart_o,
    output wire led_par_o     // the descriptor fields' parity (keep-alive, above)
);
  localparam integer ID_W = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;
  localparam integer PR_W = (CP_NPRIO > 1) ? $clog2(CP_NPRIO) : 1;

  // ---------------------------------------------------------------- host link
  wire          awvalid, awready, wvalid, wready, bvalid, bready;
  wire          arvalid, arready, rvalid, rready;
  wire [AW-1:0] awaddr, araddr;
  wire [  31:0] wdata, rdata;
  wire [   3:0] wstrb;
  wire [   1:0] bresp, rresp;
  wire [7:0] c_badcmd, c_chk, c_timeout, c_frame, c_ovr, c_range;
  wire link_busy;

  kmu_uart_axil #(
      .CLK_HZ(CLK_HZ),
      .BAUD  (BAUD),
      .AW    (AW)
  ) u_link (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .rx_i         (rx_i),
      .tx_o         (tx_o),
      .m_awvalid_o  (awvalid),
      .m_awready_i  (awready),
      .m_awaddr_o   (awaddr),
      .m_wvalid_o   (wvalid),
      .m_wready_i   (wready),
      .m_wdata_o    (wdata),
      .m_wstrb_o    (wstrb),
      .m_bvalid_i   (bvalid),
      .m_bready_o   (bready),
      .m_bresp_i    (bresp),
      .m_arvalid_o  (arvalid),
      .m_arready_i  (arready),
      .m_araddr_o   (araddr),
      .m_rvalid_i   (rvalid),
      .m_rready_o   (rready),
      .m_rdata_i    (rdata),
      .m_rresp_i    (rresp),
      .cnt_badcmd_o (c_badcmd),
      .cnt_chk_o    (c_chk),
      .cnt_timeout_o(c_timeout),
      .cnt_frame_o  (c_frame),
      .cnt_ovr_o    (c_ovr),
      .cnt_range_o  (c_range),
      .busy_o       (link_busy)
  );

  // ---------------------------------------------------------------- the front end
  wire            d_valid, d_ready, h_valid, h_ready;
  wire [ID_W-1:0] d_id;
  wire [    31:0] d_kptr, d_param;
  wire [    15:0] d_gx, d_gy, d_gz, d_tx, d_ty, d_tz, d_shmem;
  wire [     7:0] d_nregs;
  wire [     1:0] d_prio;
  wire [    31:0] h_kptr, h_param, h_cpl, h_est;
  wire [    15:0] h_gx, h_gy, h_gz, h_tx, h_ty, h_tz, h_shmem;
  wire [     7:0] h_nregs;
  wire [     1:0] h_prio;
  wire            h_class;
  wire            cpl_valid, kdone, irq;
  wire [ID_W-1:0] cpl_id;
  // outputs toward back-end units this board does not have (configuration registers, commands)
  wire            u_rgem, u_inpl, u_wpen, u_all, u_hint, u_ysig, u_ytail, u_cpv, u_cpdir;
  wire [ NSM-1:0] u_rsv;
  wire [     1:0] u_pol, u_vpol, u_tkind, u_tpol;
  wire [     3:0] u_opt, u_bw, u_ymw, u_tthr;
  wire [    31:0] u_cbase, u_dl, u_plaunch, u_yaddr, u_cpsrc, u_cpdst, u_tcost, u_tsla, u_tper;
  wire [     4:0] u_chunk;
  wire [CP_LENW-1:0] u_cplen;
  wire [PR_W-1:0] u_cpprio;
  wire [CP_IDW-1:0] u_cpid;
  wire            u_cprdy, u_trv, u_trep;
  wire [    15:0] u_tid;
  wire [     2:0] u_tshift, u_tunit;
  wire [CNT_W-1:0] zc = {CNT_W{1'b0}};

  kmu_frontend #(
      .AW      (AW),
      .ENTRIES (ENTRIES),
      .CNT_W   (CNT_W),
      .NSM     (NSM),
      .CP_NPRIO(CP_NPRIO),
      .CP_LENW (CP_LENW),
      .CP_IDW  (CP_IDW),
      .DB_PEND_W(DB_PEND_W)
  ) u_fe (
      .clk_i             (clk_i),
      .rst_ni            (rst_ni),
      .s_awvalid_i       (awvalid),
      .s_awready_o       (awready),
      .s_awaddr_i        (awaddr),
      .s_wvalid_i        (wvalid),
      .s_wready_o        (wready),
      .s_wdata_i         (wdata),
      .s_wstrb_i         (wstrb),
      .s_bvalid_o        (bvalid),
      .s_bready_i        (bready),
      .s_bresp_o         (bresp),
      .s_arvalid_i       (arvalid),
      .s_arready_o       (arready),
      .s_araddr_i        (araddr),
      .s_rvalid_o        (rvalid),
      .s_rready_i        (rready),
      .s_rdata_o         (rdata),
      .s_rresp_o         (rresp),
      .desc_valid_o      (d_valid),
      .desc_ready_i      (d_ready),
      .desc_id_o         (d_id),
      .desc_kptr_o       (d_kptr),
      .desc_grid_x_o     (d_gx),
      .desc_grid_y_o     (d_gy),
      .desc_grid_z_o     (d_gz),
      .desc_tb_x_o       (d_tx),
      .desc_tb_y_o       (d_ty),
      .desc_tb_z_o       (d_tz),
      .desc_shmem_o      (d_shmem),
      .desc_nregs_o      (d_nregs),
      .desc_prio_o       (d_prio),
      .desc_param_o      (d_param),
      .host_valid_o      (h_valid),
      .host_ready_i      (h_ready),
      .host_kptr_o       (h_kptr),
      .host_grid_x_o     (h_gx),
      .host_grid_y_o     (h_gy),
      .host_grid_z_o     (h_gz),
      .host_tb_x_o       (h_tx),
      .host_tb_y_o       (h_ty),
      .host_tb_z_o       (h_tz),
      .host_shmem_o      (h_shmem),
      .host_nregs_o      (h_nregs),
      .host_prio_o       (h_prio),
      .host_param_o      (h_param),
      .host_cpl_addr_o   (h_cpl),
      .cpl_valid_i       (cpl_valid),
      .cpl_id_i          (cpl_id),
      .kernel_done_i     (kdone),
      .mode_rgem_o       (u_rgem),
      .reserve_mask_o    (u_rsv),
      .pre_policy_o      (u_pol),
      .pre_inplace_o     (u_inpl),
      .pre_wp_en_o       (u_wpen),
      .pre_vpol_o        (u_vpol),
      .pre_opt_o         (u_opt),
      .pre_all_o         (u_all),
      .pre_ctx_base_o    (u_cbase),
      .pre_deadline_o    (u_dl),
      .pre_bw_shift_o    (u_bw),
      .pre_hint_valid_o  (u_hint),
      .pre_pred_launch_o (u_plaunch),
      .pre_busy_i        (1'b0),
      .pre_req_i         (1'b0),
      .wp_start_i        (1'b0),
      .ctx_save_i        (1'b0),
      .ysig_valid_o      (u_ysig),
      .ysig_addr_o       (u_yaddr),
      .ycnt_take_i       (zc),
      .ycnt_spin_i       (zc),
      .ycnt_full_i       (zc),
      .ycnt_nowork_i     (zc),
      .ycnt_wake_i       (zc),
      .ycnt_err_i        (zc),
      .ycnt_wkerr_i      (zc),
      .ytail_o           (u_ytail),
      .ymaxwait_o        (u_ymw),
      .cp_chunk_log2_o   (u_chunk),
      .cp_cmd_valid_o    (u_cpv),
      .cp_cmd_ready_i    (1'b0),
      .cp_cmd_src_o      (u_cpsrc),
      .cp_cmd_dst_o      (u_cpdst),
      .cp_cmd_bytes_o    (u_cplen),
      .cp_cmd_dir_o      (u_cpdir),
      .cp_cmd_prio_o     (u_cpprio),
      .cp_cmd_id_o       (u_cpid),
      .cp_cpl_valid_i    (1'b0),
      .cp_cpl_ready_o    (u_cprdy),
      .cp_cpl_id_i       ({CP_IDW{1'b0}}),
      .cp_cpl_status_i   (3'd0),
      .cp_busy_i         (1'b0),
      .host_class_o      (h_class),
      .host_est_o        (h_est),
      .trem_req_valid_o  (u_trv),
      .trem_req_kind_o   (u_tkind),
      .trem_req_replay_o (u_trep),
      .trem_req_id_o     (u_tid),
      .trem_thr_o        (u_tthr),
      .trem_cost_o       (u_tcost),
      .trem_policy_o     (u_tpol),
      .trem_shift_o      (u_tshift),
      .trem_unit_o       (u_tunit),
      .trem_sla_o        (u_tsla),
      .trem_period_o     (u_tper),
      .trem_req_ready_i  (1'b0),
      .trem_busy_i       (1'b0),
      .trem_done_valid_i (1'b0),
      .trem_done_status_i(3'd0),
      .trem_done_replay_i(1'b0),
      .trem_done_tag_i   (8'd0),
      .trem_done_lid_i   (16'd0),
      .trem_guard_i      (1'b0),
      .trem_guard_tag_i  (8'd0),
      .trem_u_i          (8'd0),
      .trem_q_i          (8'd0),
      .trem_le_i         (32'd0),
      .trem_last_lid_i   (16'd0),
      .trem_auto_req_i   (16'd0),
      .trem_auto_ok_i    (16'd0),
      .trem_auto_nv_i    (16'd0),
      .irq_o             (irq)
  );

  // ---------------------------------------------------------------- the kernel stand-in
  wire sink_busy, sink_err;
  kmu_fe_sink #(
      .ID_W   (ID_W),
      .SLOTS  (SLOTS),
      .RUN_W  (RUN_W),
      .DEF_CYC(DEF_CYC)
  ) u_sink (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .desc_valid_i(d_valid),
      .desc_ready_o(d_ready),
      .desc_id_i   (d_id),
      .desc_param_i(d_param),
      .host_valid_i(h_valid),
      .host_ready_o(h_ready),
      .host_param_i(h_param),
      .cpl_valid_o (cpl_valid),
      .cpl_id_o    (cpl_id),
      .done_o      (kdone),
      .busy_o      (sink_busy),
      .err_o       (sink_err)
  );

  // ---------------------------------------------------------------- status pins
  reg [HB_W-1:0] hb_q;
  reg            par_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hb_q  <= {HB_W{1'b0}};
      par_q <= 1'b0;
    end else begin
      hb_q  <= hb_q + 1'b1;
      // the unused descriptor fields, folded at each handshake (keep-alive, header)
      par_q <= par_q ^ ((d_valid && d_ready) && (^{d_kptr, d_gx, d_gy, d_gz, d_tx, d_ty, d_tz,
                                                   d_shmem, d_nregs, d_prio, d_param}))
                     ^ ((h_valid && h_ready) && (^{h_kptr, h_gx, h_gy, h_gz, h_tx, h_ty, h_tz,
                                                   h_shmem, h_nregs, h_prio, h_cpl, h_class,
                                                   h_est, h_param}));
    end
  end
  assign led_irq_o   = irq;
  assign led_busy_o  = link_busy || d_valid || h_valid || sink_busy;
  assign led_err_o   = sink_err;
  assign led_heart_o = hb_q[HB_W-1];
  assign led_par_o   = par_q;

  wire unused = &{1'b0, c_badcmd, c_chk, c_timeout, c_frame, c_ovr, c_range, u_rgem, u_rsv,
                  u_pol, u_inpl, u_wpen, u_vpol, u_opt, u_all, u_cbase, u_dl, u_bw, u_hint,
                  u_plaunch, u_ysig, u_yaddr, u_ytail, u_ymw, u_chunk, u_cpv, u_cpsrc, u_cpdst,
                  u_cplen, u_cpdir, u_cpprio, u_cpid, u_cprdy, u_trv, u_tkind, u_trep, u_tid,
                  u_tthr, u_tcost, u_tpol, u_tshift, u_tunit, u_tsla, u_tper};
endmodule

`default_nettype wire
