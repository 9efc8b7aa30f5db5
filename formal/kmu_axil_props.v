// kmu_axil_props - AXI4-Lite slave-side protocol properties (make formal; docs/verification.md).
//
// A generic property module for an AXI4-Lite slave: it ASSUMES what the master must do and
// ASSERTS what the slave must do.  kmu_axil_slave binds it under `ifdef FORMAL; the AXI ports
// of the slave are the chip's host interface, so the assumptions constrain free inputs only.
//
// Master (assumed):  AWVALID/WVALID/ARVALID low in reset and in the cycle after it; a VALID
//   that is not yet accepted stays high with its payload (AxADDR, WDATA, WSTRB) unchanged.
//   BREADY/RREADY are free.
// Slave (asserted):  BVALID/RVALID low in reset and in the cycle after it; a VALID response
//   not yet accepted stays high with BRESP or RDATA/RRESP unchanged; no EXOKAY (2'b01) in
//   AXI4-Lite; a response only for an outstanding request (a B needs an accepted AW and an
//   accepted W not yet answered, an R an accepted AR): so no response without a request and at
//   most one per request; the outstanding counts never exceed F_MAXOUT.
// Outputs: the outstanding counts (accepted, not yet answered), for the slave's own invariants.
`default_nettype none

module kmu_axil_props #(
    parameter integer AW       = 16,
    parameter integer F_MAXOUT = 4,  // outstanding requests per channel the slave may hold
    parameter integer F_CW     = 8,  // counter width (> log2(F_MAXOUT))
    // 1: assert BRESP/RRESP legal at the outputs.  0: the slave checks the responses where
    // they are made instead (a response queued behind a stalled one is not visible here, so
    // k-induction could not rule out an illegal one in an unreachable state)
    parameter integer F_CHECK_RESP = 1
) (
    input  wire            clk_i,
    input  wire            rst_ni,
    input  wire            s_awvalid_i,
    input  wire            s_awready_o,
    input  wire [  AW-1:0] s_awaddr_i,
    input  wire            s_wvalid_i,
    input  wire            s_wready_o,
    input  wire [    31:0] s_wdata_i,
    input  wire [     3:0] s_wstrb_i,
    input  wire            s_bvalid_o,
    input  wire            s_bready_i,
    input  wire [     1:0] s_bresp_o,
    input  wire            s_arvalid_i,
    input  wire            s_arready_o,
    input  wire [  AW-1:0] s_araddr_i,
    input  wire            s_rvalid_o,
    input  wire            s_rready_i,
    input  wire [    31:0] s_rdata_o,
    input  wire [     1:0] s_rresp_o,
    output reg  [F_CW-1:0] f_aw_out_o,  // AW accepted, no B yet
    output reg  [F_CW-1:0] f_w_out_o,   // W accepted, no B yet
    output reg  [F_CW-1:0] f_ar_out_o   // AR accepted, no R yet
);
  wire aw_hs = s_awvalid_i && s_awready_o;
  wire w_hs = s_wvalid_i && s_wready_o;
  wire b_hs = s_bvalid_o && s_bready_i;
  wire ar_hs = s_arvalid_i && s_arready_o;
  wire r_hs = s_rvalid_o && s_rready_i;

  reg f_past_valid = 1'b0;
  reg f_past_rst_n = 1'b0;  // rst_ni of the cycle before (0 before the first cycle)
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    f_past_rst_n <= rst_ni;
  end
  // in reset now or in the cycle before (the first cycle after reset)
  wire f_in_reset = !rst_ni || !f_past_rst_n;
  wire f_steady = f_past_valid && f_past_rst_n && rst_ni;

  // ---- the master (assumed)
  always @(*) begin
    if (f_in_reset) assume (!s_awvalid_i && !s_wvalid_i && !s_arvalid_i);
  end
  always @(posedge clk_i) begin
    if (f_steady) begin
      if ($past(s_awvalid_i && !s_awready_o))
        assume (s_awvalid_i && s_awaddr_i == $past(s_awaddr_i));
      if ($past(s_wvalid_i && !s_wready_o))
        assume (s_wvalid_i && s_wdata_i == $past(s_wdata_i) && s_wstrb_i == $past(s_wstrb_i));
      if ($past(s_arvalid_i && !s_arready_o))
        assume (s_arvalid_i && s_araddr_i == $past(s_araddr_i));
    end
  end

  // ---- outstanding requests
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_aw_out_o <= {F_CW{1'b0}};
      f_w_out_o  <= {F_CW{1'b0}};
      f_ar_out_o <= {F_CW{1'b0}};
    end else begin
      f_aw_out_o <= f_aw_out_o + aw_hs - b_hs;
      f_w_out_o  <= f_w_out_o + w_hs - b_hs;
      f_ar_out_o <= f_ar_out_o + ar_hs - r_hs;
    end
  end
  initial begin
    f_aw_out_o = {F_CW{1'b0}};
    f_w_out_o  = {F_CW{1'b0}};
    f_ar_out_o = {F_CW{1'b0}};
  end

  // ---- the slave (asserted)
  always @(*) begin
    if (f_in_reset) assert (!s_bvalid_o && !s_rvalid_o);
    if (rst_ni) begin
      assert (f_aw_out_o <= F_MAXOUT);
      assert (f_w_out_o <= F_MAXOUT);
      assert (f_ar_out_o <= F_MAXOUT);
      if (s_bvalid_o) assert (f_aw_out_o != 0 && f_w_out_o != 0);
      if (s_rvalid_o) assert (f_ar_out_o != 0);
      if (F_CHECK_RESP && s_bvalid_o) assert (s_bresp_o != 2'b01);
      if (F_CHECK_RESP && s_rvalid_o) assert (s_rresp_o != 2'b01);
    end
  end
  always @(posedge clk_i) begin
    if (f_steady) begin
      if ($past(s_bvalid_o && !s_bready_i)) assert (s_bvalid_o && s_bresp_o == $past(s_bresp_o));
      if ($past(s_rvalid_o && !s_rready_i))
        assert (s_rvalid_o && s_rdata_o == $past(s_rdata_o) && s_rresp_o == $past(s_rresp_o));
    end
  end

  // ---- reachability
  always @(*) begin
    if (rst_ni) begin
      cover (b_hs);
      cover (r_hs);
      cover (b_hs && r_hs);
      cover (f_aw_out_o == F_MAXOUT && f_w_out_o == F_MAXOUT);
      cover (f_ar_out_o == F_MAXOUT);
      cover (s_bvalid_o && s_bresp_o == 2'b10);
      cover (s_rvalid_o && s_rresp_o == 2'b00 && s_rdata_o != 0);
    end
  end
endmodule

`default_nettype wire
