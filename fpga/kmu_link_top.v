// kmu_link_top - the host link of the board tops with the EDGE front end behind it: kmu_uart_axil
// (UART <-> AXI4-Lite master) facing kmu_frontend's AXI4-Lite slave ports directly (both sides'
// AXI outputs are registers, so no combinational path crosses between them).  The seed of the
// board tops of issue 15 and the top of `make fpga-sim` (sim/fpga/: kmuctl drives it through a
// pseudo-terminal).  Not a paper block.
//
// Until kmu_gpu stands behind the bridge, the rest of the system is a stand-in: every launch
// descriptor (event or host launch) is taken at once and completes one cycle later (cpl_valid_i
// with its id, kernel_done_i), so the doorbell, launch and completion counters and the in-flight
// limits behave as on a system that finishes every kernel immediately.  The preemption inputs
// are idle.  Status pins: irq_o (kmu_frontend's), link_busy_o (a request is being received,
// executed or answered), link_err_o (any bridge error counter is non-zero).
`default_nettype none

module kmu_link_top #(
    parameter integer CLK_HZ  = 12000000,  // clock (the board's oscillator)
    parameter integer BAUD    = 1500000,   // UART line rate
    parameter integer AW      = 16,        // AXI address bits (the register map's)
    parameter integer ENTRIES = 8,         // EKT entries
    parameter integer CNT_W   = 16,        // counter width
    parameter integer NSM     = 2          // SMs (SM_RESERVE width)
) (
    input  wire clk_i,
    input  wire rst_ni,
    input  wire rx_i,         // UART from the host
    output wire tx_o,         // UART to the host
    output wire irq_o,
    output wire link_busy_o,
    output wire link_err_o
);
  localparam integer IDW = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;

  // ---- AXI4-Lite between the bridge and the front end
  wire          awvalid, awready, wvalid, wready, bvalid, bready;
  wire          arvalid, arready, rvalid, rready;
  wire [AW-1:0] awaddr, araddr;
  wire [  31:0] wdata, rdata;
  wire [   3:0] wstrb;
  wire [   1:0] bresp, rresp;
  wire [7:0] c_badcmd, c_chk, c_timeout, c_frame, c_ovr, c_range;

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
      .busy_o       (link_busy_o)
  );
  assign link_err_o = |{c_badcmd, c_chk, c_timeout, c_frame, c_ovr, c_range};

  // ---- the stand-in for the system: descriptors taken at once, completed a cycle later
  wire           desc_valid, host_valid;
  wire [IDW-1:0] desc_id;
  reg            cpl_q;  // an event kernel launched last cycle completes now
  reg  [IDW-1:0] cpl_id_q;
  reg            done_q;  // a host launch last cycle completes now
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cpl_q    <= 1'b0;
      cpl_id_q <= {IDW{1'b0}};
      done_q   <= 1'b0;
    end else begin
      cpl_q    <= desc_valid;
      cpl_id_q <= desc_id;
      done_q   <= host_valid;
    end
  end

  // outputs of the front end the stand-in does not use
  wire [31:0] u_kptr, u_param, u_hkptr, u_hparam, u_hcpl, u_ctx, u_dl, u_pl;
  wire [15:0] u_gx, u_gy, u_gz, u_tx, u_ty, u_tz, u_sh, u_hgx, u_hgy, u_hgz, u_htx, u_hty;
  wire [15:0] u_htz, u_hsh;
  wire [7:0] u_nr, u_hnr;
  wire [1:0] u_pr, u_hpr, u_pol, u_vpol;
  wire [3:0] u_opt, u_bw;
  wire [NSM-1:0] u_res;
  wire u_rgem, u_inpl, u_wp, u_all, u_hint;
  // the copy window: no copy engine behind the stand-in, so a COPY_GO stays staged (it is
  // never taken) and no completion comes
  wire [31:0] u_csrc, u_cdst;
  wire [11:0] u_cbytes;  // CP_LENW, the default 12
  wire [4:0] u_cchunk;
  wire [3:0] u_cid;  // CP_IDW, the default 4
  wire u_cvalid, u_cdir, u_cprio, u_cready;

  // TReM window (kmu_csr, register map 1.3): tied off in this wrapper (no kmu_revoke here)
  wire  u_tr_host_class;
  wire [31:0] u_tr_host_est;
  wire  u_tr_trem_req_valid;
  wire [1:0] u_tr_trem_req_kind;
  wire  u_tr_trem_req_replay;
  wire [15:0] u_tr_trem_req_id;
  wire [3:0] u_tr_trem_thr;
  wire [31:0] u_tr_trem_cost;
  wire [1:0] u_tr_trem_policy;
  wire [2:0] u_tr_trem_shift;
  wire [31:0] u_tr_trem_sla;
  wire [31:0] u_tr_trem_period;
  kmu_frontend #(
      .AW     (AW),
      .ENTRIES(ENTRIES),
      .CNT_W  (CNT_W),
      .NSM    (NSM)
  ) u_frontend (
      .clk_i            (clk_i),
      .rst_ni           (rst_ni),
      .s_awvalid_i      (awvalid),
      .s_awready_o      (awready),
      .s_awaddr_i       (awaddr),
      .s_wvalid_i       (wvalid),
      .s_wready_o       (wready),
      .s_wdata_i        (wdata),
      .s_wstrb_i        (wstrb),
      .s_bvalid_o       (bvalid),
      .s_bready_i       (bready),
      .s_bresp_o        (bresp),
      .s_arvalid_i      (arvalid),
      .s_arready_o      (arready),
      .s_araddr_i       (araddr),
      .s_rvalid_o       (rvalid),
      .s_rready_i       (rready),
      .s_rdata_o        (rdata),
      .s_rresp_o        (rresp),
      .desc_valid_o     (desc_valid),
      .desc_ready_i     (1'b1),
      .desc_id_o        (desc_id),
      .desc_kptr_o      (u_kptr),
      .desc_grid_x_o    (u_gx),
      .desc_grid_y_o    (u_gy),
      .desc_grid_z_o    (u_gz),
      .desc_tb_x_o      (u_tx),
      .desc_tb_y_o      (u_ty),
      .desc_tb_z_o      (u_tz),
      .desc_shmem_o     (u_sh),
      .desc_nregs_o     (u_nr),
      .desc_prio_o      (u_pr),
      .desc_param_o     (u_param),
      .host_valid_o     (host_valid),
      .host_ready_i     (1'b1),
      .host_kptr_o      (u_hkptr),
      .host_grid_x_o    (u_hgx),
      .host_grid_y_o    (u_hgy),
      .host_grid_z_o    (u_hgz),
      .host_tb_x_o      (u_htx),
      .host_tb_y_o      (u_hty),
      .host_tb_z_o      (u_htz),
      .host_shmem_o     (u_hsh),
      .host_nregs_o     (u_hnr),
      .host_prio_o      (u_hpr),
      .host_param_o     (u_hparam),
      .host_cpl_addr_o  (u_hcpl),
      .cpl_valid_i      (cpl_q),
      .cpl_id_i         (cpl_id_q),
      .kernel_done_i    (cpl_q || done_q),
      .mode_rgem_o      (u_rgem),
      .reserve_mask_o   (u_res),
      .pre_policy_o     (u_pol),
      .pre_inplace_o    (u_inpl),
      .pre_wp_en_o      (u_wp),
      .pre_vpol_o       (u_vpol),
      .pre_opt_o        (u_opt),
      .pre_all_o        (u_all),
      .pre_ctx_base_o   (u_ctx),
      .pre_deadline_o   (u_dl),
      .pre_bw_shift_o   (u_bw),
      .pre_hint_valid_o (u_hint),
      .pre_pred_launch_o(u_pl),
      .pre_busy_i       (1'b0),
      .pre_req_i        (1'b0),
      .wp_start_i       (1'b0),
      .ctx_save_i       (1'b0),
      .cp_chunk_log2_o  (u_cchunk),
      .cp_cmd_valid_o   (u_cvalid),
      .cp_cmd_ready_i   (1'b0),
      .cp_cmd_src_o     (u_csrc),
      .cp_cmd_dst_o     (u_cdst),
      .cp_cmd_bytes_o   (u_cbytes),
      .cp_cmd_dir_o     (u_cdir),
      .cp_cmd_prio_o    (u_cprio),
      .cp_cmd_id_o      (u_cid),
      .cp_cpl_valid_i   (1'b0),
      .cp_cpl_ready_o   (u_cready),
      .cp_cpl_id_i      (4'd0),
      .cp_cpl_status_i  (3'd0),
      .cp_busy_i        (1'b0),
      .host_class_o     (u_tr_host_class),
      .host_est_o       (u_tr_host_est),
      .trem_req_valid_o (u_tr_trem_req_valid),
      .trem_req_kind_o  (u_tr_trem_req_kind),
      .trem_req_replay_o(u_tr_trem_req_replay),
      .trem_req_id_o    (u_tr_trem_req_id),
      .trem_thr_o       (u_tr_trem_thr),
      .trem_cost_o      (u_tr_trem_cost),
      .trem_policy_o    (u_tr_trem_policy),
      .trem_shift_o     (u_tr_trem_shift),
      .trem_sla_o       (u_tr_trem_sla),
      .trem_period_o    (u_tr_trem_period),
      .trem_req_ready_i (1'b1),
      .trem_busy_i      (1'b0),
      .trem_done_valid_i(1'b0),
      .trem_done_status_i(3'd0),
      .trem_done_replay_i(1'b0),
      .trem_done_tag_i  (8'd0),
      .trem_done_lid_i  (16'd0),
      .trem_guard_i     (1'b0),
      .trem_guard_tag_i (8'd0),
      .trem_u_i         (8'd0),
      .trem_q_i         (8'd0),
      .trem_le_i        (32'd0),
      .trem_last_lid_i  (16'd0),
      .irq_o            (irq_o)
  );

  wire unused = &{1'b0, u_kptr, u_param, u_hkptr, u_hparam, u_hcpl, u_ctx, u_dl, u_pl, u_gx,
                  u_gy, u_gz, u_tx, u_ty, u_tz, u_sh, u_hgx, u_hgy, u_hgz, u_htx, u_hty, u_htz,
                  u_hsh, u_nr, u_hnr, u_pr, u_hpr, u_pol, u_vpol, u_opt, u_bw, u_res, u_rgem,
                  u_inpl, u_wp, u_all, u_hint, u_csrc, u_cdst, u_cbytes, u_cchunk, u_cid,
                  u_cvalid, u_cdir, u_cprio, u_cready};
  wire unused_tr = &{1'b0, u_tr_host_class, u_tr_host_est, u_tr_trem_req_valid, u_tr_trem_req_kind, u_tr_trem_req_replay, u_tr_trem_req_id, u_tr_trem_thr, u_tr_trem_cost, u_tr_trem_policy, u_tr_trem_shift, u_tr_trem_sla, u_tr_trem_period};
endmodule

`default_nettype wire
