// kmu_board_top - the whole openkmu machine as a board sees it (issue 15 item 3): the UART host
// link kmu_uart_axil (AXI4-Lite master) -> kmu_gpu (AXI4-Lite slave, every mechanism) with
// on-chip memories and hardware TB runners around it, and four status pins.  The board
// wrappers (fpga/boards/<board>/) add the clock, the power-on reset and the pin names; `make
// fpga-sim` Verilates this module directly (sim/fpga/).  Not a paper block.
//
//   rx_i/tx_o -> kmu_uart_axil -> AXI4-Lite -> kmu_gpu -+- mem_*   -> kmu_board_mem (device memory,
//                                                       |             2^MEM_AW words: completion
//                                                       |             flags, contexts, copies)
//                                                       +- hlink_* -> kmu_board_mem (host memory,
//                                                       |             2^HMEM_AW words)
//                                                       +- SIMT start/done buses, per-SM ports
//                                                            <-> kmu_tb_runner x NSM
// - The bridge's AXI outputs are registers and kmu_gpu's AXI slave (kmu_axil_slave) registers
//   its answers, so no combinational path crosses the link (docs/blocks/kmu_uart_axil.md).
// - Device memory: kmu_gpu's memory port (client 0 completion flags, 1+s SM s's context engine,
//   1+NSM the copy engine) on a block RAM that is always ready and answers a read the next
//   cycle with its client tag; byte addresses wrap every 4 * 2^MEM_AW bytes (kmu_board_mem).
// - Host link: the copy engine's host side (hlink_*) is looped to a second block RAM standing
//   for host memory: requests always accepted, read data the next cycle in order (the
//   engine's no-back-pressure response contract), addresses wrapping every 4 * 2^HMEM_AW bytes.
//   So COPY_* copies move data between two on-chip RAMs; the host cannot read either RAM (the
//   link reaches the register map only): software checks copies by their completions.
// - SIMT side: the start bus is always ready; the TB runners (fpga/kmu_tb_runner.v) run each
//   TB for a cycle count from its parameter address (kmu_tb_runner header), honour pause,
//   eviction and restore, report warps and retirements, and offer dones; the done bus takes one
//   offer per cycle, round robin over the SMs (kmu_rr_arb).  The register-file ports are idle
//   (no SIMT register traffic: saves read, restores write only kmu_sm's own state).
// - Status pins: led_irq_o = kmu_gpu's irq_o; led_busy_o = the link busy or any TB resident,
//   any SM saving or restoring, or an event warp running (also the simulator's "keep the clock
//   running" signal); led_err_o = sticky: kmu_gpu's hw_err_o (a refusal a correct system never
//   produces) or a TB-runner error (the bridge's own error counters are read with kmuctl stats:
//   a garbled byte on the line is the host's problem, not the machine's); led_heart_o = the MSB
//   of a free-running counter (HB_W bits: about 1 Hz with HB_W = log2(CLK_HZ) + 1).
// Latency: the blocks' (kmu_gpu header); the memories answer in one cycle.
`default_nettype none

module kmu_board_top #(
    parameter integer CLK_HZ     = 12000000,  // clock (the board's oscillator)
    parameter integer BAUD       = 1500000,   // UART line rate
    parameter integer HB_W       = 24,        // heartbeat counter bits
    parameter integer MEM_AW     = 10,        // device memory: 2^MEM_AW words
    parameter integer HMEM_AW    = 8,         // host memory: 2^HMEM_AW words
    parameter integer RUN_W      = 12,        // TB runner: cycle-count bits of the parameter
    parameter integer DEF_CYC    = 64,        // TB runner: run length when those bits are 0
    // kmu_gpu's parameters (docs/blocks/kmu_gpu.md)
    parameter integer AW         = 16,
    parameter integer ENTRIES    = 8,
    parameter integer CNT_W      = 16,
    parameter integer NSM        = 2,
    parameter integer SLOTS      = 4,
    parameter integer PEND       = 4,
    parameter integer TBS        = 4,
    parameter integer WARPS      = 8,
    parameter integer REGS       = 4096,
    parameter integer SHMEM      = 16384,
    parameter integer EWT        = 4,
    parameter integer CT         = 2 * SLOTS,
    parameter integer PTBS       = TBS,
    parameter integer AREA_BYTES = 32768,
    parameter integer IPB        = 0,
    parameter integer RPW        = 16,
    parameter integer REG_BYTES  = 4,
    parameter integer BEAT_BYTES = 4,
    parameter integer EMA_SH     = 3,
    parameter integer PEP_TW     = 32,
    parameter integer CP_NPRIO   = 2,
    parameter integer CP_QD      = 2,
    parameter integer CP_IDW     = 4,
    parameter integer CP_LENW    = 12,
    parameter integer CP_BUF     = 4
) (
    input  wire clk_i,
    input  wire rst_ni,
    input  wire rx_i,         // UART from the host
    output wire tx_o,         // UART to the host
    output wire led_irq_o,
    output wire led_busy_o,
    output wire led_err_o,
    output wire led_heart_o
);
  localparam integer SM_W  = (NSM > 1) ? $clog2(NSM) : 1;
  localparam integer RTB_W = (TBS > 1) ? $clog2(TBS) : 1;
  localparam integer MCW   = $clog2(2 + NSM);

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

  // ---------------------------------------------------------------- kmu_gpu's nets
  wire           mem_valid, mem_ready, mem_write, mem_rvalid;
  wire [   31:0] mem_addr, mem_wdata, mem_rdata;
  wire [MCW-1:0] mem_client, mem_rclient;
  wire           hl_valid, hl_ready, hl_write, hl_rvalid;
  wire [   31:0] hl_addr, hl_wdata, hl_rdata;
  wire           st_valid;
  wire [SM_W-1:0] st_sm;
  wire [RTB_W-1:0] st_rtb;
  wire [5:0] st_rpw;
  wire [31:0] st_param, st_tb;
  wire [7:0] st_slot;
  wire st_ewarp, st_restore;
  wire [WARPS-1:0] st_wmask;
  reg  [31:0] st_insts;
  wire dn_valid, dn_ready;
  wire [SM_W-1:0] dn_sm;
  wire [RTB_W-1:0] dn_rtb;
  // per SM (SM s at [s*W +: W])
  wire [NSM-1:0] inst_valid, wstart_valid, wexit_valid, rsave_done, rrest_done;
  wire [NSM*RTB_W-1:0] inst_rtb, evict_rtb, ev_rtb;
  wire [NSM*TBS-1:0] paused, pause, resident;
  wire [NSM*6-1:0] wstart_warp, wexit_warp;
  wire [NSM*8-1:0] wstart_regs;
  wire [NSM*32-1:0] shm_rdata, ip_rdata, ip_addr, ip_wdata, ev_param;
  wire [NSM*WARPS-1:0] w_live, vic_stop, ev_start, ev_done;
  wire [NSM-1:0] evict_valid, rsave_valid, rrest_valid, ip_wen, pre_busy;
  wire [NSM*17-1:0] shm_raddr;
  wire [NSM*32-1:0] insts;
  wire [NSM-1:0] dn_offer, run_busy, run_err;
  wire [NSM*RTB_W-1:0] dn_offer_rtb;
  wire hold, hw_err, irq;
  // kmu_gpu outputs the board does not use (status, flush controls the runner needs not)
  wire [NSM-1:0] u_rfwr, u_shmren, u_shmwen, u_ipren, u_cmdv, u_cmdr, u_cmdip, u_ctxd, u_armed;
  wire [NSM-1:0] u_wpb, u_wpr, u_pre;
  wire [NSM*32-1:0] u_rfrd, u_shmwd, u_stkpc, u_ctxb, u_evtb;
  wire [NSM*17-1:0] u_shmwa;
  wire [NSM*WARPS-1:0] u_boost, u_flush, u_bskip, u_breins, u_lddrop, u_push, u_pop, u_resume;
  wire [NSM*WARPS-1:0] u_cmdwm;
  wire [NSM*6-1:0] u_rsw, u_rrw;
  wire [NSM*8-1:0] u_rsn, u_rrn, u_ptbc, u_evslot;
  wire [NSM*TBS-1:0] u_elig;
  wire [NSM*2-1:0] u_cmdop;
  wire [NSM*16-1:0] u_wplat;
  // GPUpIO yield (issue 13): the board's TB runners never yield (no SIMT yield event)
  wire [NSM-1:0] u_yrdy, u_yresv;
  wire [NSM*RTB_W-1:0] u_yresrtb;
  wire [NSM*2-1:0] u_yrescode;
  wire [5:0] u_warps;
  wire [31:0] u_kptr;
  wire u_kdone;

  kmu_gpu #(
      .AW        (AW),
      .ENTRIES   (ENTRIES),
      .CNT_W     (CNT_W),
      .NSM       (NSM),
      .SLOTS     (SLOTS),
      .PEND      (PEND),
      .TBS       (TBS),
      .WARPS     (WARPS),
      .REGS      (REGS),
      .SHMEM     (SHMEM),
      .EWT       (EWT),
      .CT        (CT),
      .PTBS      (PTBS),
      .AREA_BYTES(AREA_BYTES),
      .IPB       (IPB),
      .RPW       (RPW),
      .REG_BYTES (REG_BYTES),
      .BEAT_BYTES(BEAT_BYTES),
      .EMA_SH    (EMA_SH),
      .PEP_TW    (PEP_TW),
      .CP_NPRIO  (CP_NPRIO),
      .CP_QD     (CP_QD),
      .CP_IDW    (CP_IDW),
      .CP_LENW   (CP_LENW),
      .CP_BUF    (CP_BUF)
  ) u_gpu (
      .clk_i               (clk_i),
      .rst_ni              (rst_ni),
      .s_awvalid_i         (awvalid),
      .s_awready_o         (awready),
      .s_awaddr_i          (awaddr),
      .s_wvalid_i          (wvalid),
      .s_wready_o          (wready),
      .s_wdata_i           (wdata),
      .s_wstrb_i           (wstrb),
      .s_bvalid_o          (bvalid),
      .s_bready_i          (bready),
      .s_bresp_o           (bresp),
      .s_arvalid_i         (arvalid),
      .s_arready_o         (arready),
      .s_araddr_i          (araddr),
      .s_rvalid_o          (rvalid),
      .s_rready_i          (rready),
      .s_rdata_o           (rdata),
      .s_rresp_o           (rresp),
      .mem_valid_o         (mem_valid),
      .mem_ready_i         (mem_ready),
      .mem_write_o         (mem_write),
      .mem_addr_o          (mem_addr),
      .mem_wdata_o         (mem_wdata),
      .mem_client_o        (mem_client),
      .mem_rvalid_i        (mem_rvalid),
      .mem_rdata_i         (mem_rdata),
      .mem_rclient_i       (mem_rclient),
      .hlink_req_valid_o   (hl_valid),
      .hlink_req_ready_i   (hl_ready),
      .hlink_req_write_o   (hl_write),
      .hlink_req_addr_o    (hl_addr),
      .hlink_req_wdata_o   (hl_wdata),
      .hlink_rsp_valid_i   (hl_rvalid),
      .hlink_rsp_rdata_i   (hl_rdata),
      .simt_start_valid_o  (st_valid),
      .simt_start_ready_i  (1'b1),
      .simt_start_sm_o     (st_sm),
      .simt_start_rtb_o    (st_rtb),
      .simt_start_warps_o  (u_warps),
      .simt_start_kptr_o   (u_kptr),
      .simt_start_param_o  (st_param),
      .simt_start_tb_o     (st_tb),
      .simt_start_slot_o   (st_slot),
      .simt_start_ewarp_o  (st_ewarp),
      .simt_start_wmask_o  (st_wmask),
      .simt_start_restore_o(st_restore),
      .simt_start_rpw_o    (st_rpw),
      .simt_start_insts_i  (st_insts),
      .simt_done_valid_i   (dn_valid),
      .simt_done_ready_o   (dn_ready),
      .simt_done_sm_i      (dn_sm),
      .simt_done_rtb_i     (dn_rtb),
      .simt_inst_valid_i   (inst_valid),
      .simt_inst_rtb_i     (inst_rtb),
      .simt_paused_i       (paused),
      .simt_wstart_valid_i (wstart_valid),
      .simt_wstart_warp_i  (wstart_warp),
      .simt_wstart_regs_i  (wstart_regs),
      .simt_wexit_valid_i  (wexit_valid),
      .simt_wexit_warp_i   (wexit_warp),
      .rf_wr_valid_i       ({NSM{1'b0}}),
      .rf_wr_warp_i        ({NSM * 6{1'b0}}),
      .rf_wr_reg_i         ({NSM * 5{1'b0}}),
      .rf_wr_data_i        ({NSM * 32{1'b0}}),
      .rf_rd_valid_i       ({NSM{1'b0}}),
      .rf_rd_warp_i        ({NSM * 6{1'b0}}),
      .rf_rd_reg_i         ({NSM * 5{1'b0}}),
      .shm_rdata_i         (shm_rdata),
      .ip_rdata_i          (ip_rdata),
      .w_live_i            (w_live),
      .w_inpipe_i          ({NSM * WARPS{1'b0}}),
      .w_ld_i              ({NSM * WARPS{1'b0}}),
      .w_bar_i             ({NSM * WARPS{1'b0}}),
      .w_ibuf_i            ({NSM * WARPS{1'b0}}),
      .w_icmiss_i          ({NSM * WARPS{1'b0}}),
      .rsave_ready_i       ({NSM{1'b1}}),
      .rsave_done_i        (rsave_done),
      .ev_done_i           (ev_done),
      .rrest_ready_i       ({NSM{1'b1}}),
      .rrest_done_i        (rrest_done),
      .simt_pause_o        (pause),
      .simt_evict_valid_o  (evict_valid),
      .simt_evict_rtb_o    (evict_rtb),
      .rf_wr_ready_o       (u_rfwr),
      .rf_rd_data_o        (u_rfrd),
      .shm_ren_o           (u_shmren),
      .shm_raddr_o         (shm_raddr),
      .shm_wen_o           (u_shmwen),
      .shm_waddr_o         (u_shmwa),
      .shm_wdata_o         (u_shmwd),
      .ip_wen_o            (ip_wen),
      .ip_ren_o            (u_ipren),
      .ip_addr_o           (ip_addr),
      .ip_wdata_o          (ip_wdata),
      .vic_stop_o          (vic_stop),
      .vic_boost_o         (u_boost),
      .ibuf_flush_o        (u_flush),
      .bar_skip_o          (u_bskip),
      .bar_reins_o         (u_breins),
      .ld_drop_o           (u_lddrop),
      .rsave_valid_o       (rsave_valid),
      .rsave_warp_o        (u_rsw),
      .rsave_nregs_o       (u_rsn),
      .stk_push_o          (u_push),
      .stk_pc_o            (u_stkpc),
      .ev_start_o          (ev_start),
      .stk_pop_o           (u_pop),
      .rrest_valid_o       (rrest_valid),
      .rrest_warp_o        (u_rrw),
      .rrest_nregs_o       (u_rrn),
      .vic_resume_o        (u_resume),
      .resident_o          (resident),
      .elig_o              (u_elig),
      .pre_busy_o          (pre_busy),
      .ptb_count_o         (u_ptbc),
      .armed_o             (u_armed),
      .ctx_cmd_valid_o     (u_cmdv),
      .ctx_cmd_ready_o     (u_cmdr),
      .ctx_cmd_op_o        (u_cmdop),
      .ctx_cmd_inplace_o   (u_cmdip),
      .ctx_cmd_wmask_o     (u_cmdwm),
      .ctx_done_o          (u_ctxd),
      .ctx_done_bytes_o    (u_ctxb),
      .wp_busy_o           (u_wpb),
      .wp_refuse_o         (u_wpr),
      .wp_lat_o            (u_wplat),
      .ev_rtb_o            (ev_rtb),
      .ev_tb_o             (u_evtb),
      .ev_param_o          (ev_param),
      .ev_slot_o           (u_evslot),
      .simt_yield_valid_i  ({NSM{1'b0}}),
      .simt_yield_ready_o  (u_yrdy),
      .simt_yield_rtb_i    ({NSM * RTB_W{1'b0}}),
      .simt_yield_addr_i   ({NSM * 32{1'b0}}),
      .simt_yres_valid_o   (u_yresv),
      .simt_yres_rtb_o     (u_yresrtb),
      .simt_yres_code_o    (u_yrescode),
      .preempt_o           (u_pre),
      .hold_o              (hold),
      .kernel_done_o       (u_kdone),
      .hw_err_o            (hw_err),
      .irq_o               (irq)
  );

  // ---------------------------------------------------------------- memories
  kmu_board_mem #(
      .MEM_AW(MEM_AW),
      .MCW   (MCW)
  ) u_mem (
      .clk_i    (clk_i),
      .rst_ni   (rst_ni),
      .valid_i  (mem_valid),
      .ready_o  (mem_ready),
      .write_i  (mem_write),
      .addr_i   (mem_addr),
      .wdata_i  (mem_wdata),
      .client_i (mem_client),
      .rvalid_o (mem_rvalid),
      .rdata_o  (mem_rdata),
      .rclient_o(mem_rclient)
  );

  wire hl_rclient;
  kmu_board_mem #(
      .MEM_AW(HMEM_AW),
      .MCW   (1)
  ) u_hmem (
      .clk_i    (clk_i),
      .rst_ni   (rst_ni),
      .valid_i  (hl_valid),
      .ready_o  (hl_ready),
      .write_i  (hl_write),
      .addr_i   (hl_addr),
      .wdata_i  (hl_wdata),
      .client_i (1'b0),
      .rvalid_o (hl_rvalid),
      .rdata_o  (hl_rdata),
      .rclient_o(hl_rclient)
  );

  // ---------------------------------------------------------------- TB runners
  // the start bus is always ready: the offer is taken in the cycle it is up
  genvar s;
  generate
    for (s = 0; s < NSM; s = s + 1) begin : g_sm
      kmu_tb_runner #(
          .TBS    (TBS),
          .WARPS  (WARPS),
          .PTBS   (PTBS),
          .IPB    (IPB),
          .RUN_W  (RUN_W),
          .DEF_CYC(DEF_CYC)
      ) u_run (
          .clk_i          (clk_i),
          .rst_ni         (rst_ni),
          .start_i        (st_valid && st_sm == s),
          .start_rtb_i    (st_rtb),
          .start_wmask_i  (st_wmask),
          .start_param_i  (st_param),
          .start_tb_i     (st_tb),
          .start_slot_i   (st_slot),
          .start_ewarp_i  (st_ewarp),
          .start_restore_i(st_restore),
          .start_rpw_i    (st_rpw),
          .insts_o        (insts[s*32+:32]),
          .done_valid_o   (dn_offer[s]),
          .done_rtb_o     (dn_offer_rtb[s*RTB_W+:RTB_W]),
          .done_take_i    (dn_valid && dn_ready && dn_sm == s),
          .inst_valid_o   (inst_valid[s]),
          .inst_rtb_o     (inst_rtb[s*RTB_W+:RTB_W]),
          .pause_i        (pause[s*TBS+:TBS]),
          .paused_o       (paused[s*TBS+:TBS]),
          .evict_valid_i  (evict_valid[s]),
          .evict_rtb_i    (evict_rtb[s*RTB_W+:RTB_W]),
          .wstart_valid_o (wstart_valid[s]),
          .wstart_warp_o  (wstart_warp[s*6+:6]),
          .wstart_regs_o  (wstart_regs[s*8+:8]),
          .wexit_valid_o  (wexit_valid[s]),
          .wexit_warp_o   (wexit_warp[s*6+:6]),
          .w_live_o       (w_live[s*WARPS+:WARPS]),
          .vic_stop_i     (vic_stop[s*WARPS+:WARPS]),
          .rsave_valid_i  (rsave_valid[s]),
          .rsave_done_o   (rsave_done[s]),
          .rrest_valid_i  (rrest_valid[s]),
          .rrest_done_o   (rrest_done[s]),
          .ev_start_i     (ev_start[s*WARPS+:WARPS]),
          .ev_done_o      (ev_done[s*WARPS+:WARPS]),
          .ev_rtb_i       (ev_rtb[s*RTB_W+:RTB_W]),
          .ev_param_i     (ev_param[s*32+:32]),
          .shm_raddr_i    (shm_raddr[s*17+:17]),
          .shm_rdata_o    (shm_rdata[s*32+:32]),
          .ip_wen_i       (ip_wen[s]),
          .ip_addr_i      (ip_addr[s*32+:32]),
          .ip_wdata_i     (ip_wdata[s*32+:32]),
          .ip_rdata_o     (ip_rdata[s*32+:32]),
          .busy_o         (run_busy[s]),
          .err_o          (run_err[s])
      );
    end
  endgenerate

  // the offered TB's instruction count: the answer of the runner of the SM it is offered to
  integer k;
  always @(*) begin
    st_insts = 32'd0;
    for (k = 0; k < NSM; k = k + 1) if (st_sm == k[SM_W-1:0]) st_insts = insts[k*32+:32];
  end

  // the done bus: one offer per cycle, round robin over the SMs (every runner's offer is a
  // register output; the bus is always ready, so a granted offer is taken at once)
  wire [NSM-1:0] dn_gnt;
  kmu_rr_arb #(
      .N(NSM)
  ) u_done_arb (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (dn_offer),
      .ack_i      (dn_valid && dn_ready),
      .gnt_o      (dn_gnt),
      .gnt_idx_o  (dn_sm),
      .gnt_valid_o(dn_valid)
  );
  assign dn_rtb = dn_offer_rtb[dn_sm*RTB_W+:RTB_W];

  // ---------------------------------------------------------------- status pins
  reg [HB_W-1:0] hb_q;
  reg            err_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hb_q  <= {HB_W{1'b0}};
      err_q <= 1'b0;
    end else begin
      hb_q  <= hb_q + 1'b1;
      err_q <= err_q || hw_err || (|run_err);
    end
  end
  assign led_irq_o   = irq;
  assign led_busy_o  = link_busy || (|resident) || (|run_busy) || (|pre_busy) || hold;
  assign led_err_o   = err_q;
  assign led_heart_o = hb_q[HB_W-1];

  wire unused = &{1'b0, c_badcmd, c_chk, c_timeout, c_frame, c_ovr, c_range, dn_gnt, hl_rclient, u_rfwr, u_shmren, u_shmwen, u_ipren, u_cmdv,
                  u_cmdr, u_cmdip, u_ctxd, u_armed, u_wpb, u_wpr, u_pre, u_rfrd, u_shmwd, u_stkpc,
                  u_ctxb, u_evtb, u_shmwa, u_boost, u_flush, u_bskip, u_breins, u_lddrop, u_push,
                  u_pop, u_resume, u_cmdwm, u_rsw, u_rrw, u_rsn, u_rrn, u_ptbc, u_evslot, u_elig,
                  u_cmdop, u_wplat, u_warps, u_kptr, u_kdone, u_yrdy, u_yresv, u_yresrtb,
                  u_yrescode};
endmodule

`default_nettype wire
