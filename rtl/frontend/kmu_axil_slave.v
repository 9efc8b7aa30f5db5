// kmu_axil_slave - AXI4-Lite slave (32-bit data) to the internal register bus (EDGE front end,
// host register interface; contract: docs/frontend-interfaces.md sections 1 and 2).
//
// Every AXI channel goes through a kmu_fifo of depth 2: AW, W and AR on the way in, B and R on
// the way out.  AXI ready = FIFO not full, so no AXI ready depends combinationally on a
// valid, and AW and W may arrive in any order (AW first, W first, same cycle): the n-th AW is
// paired with the n-th W.  A kmu_rr_arb #(2) chooses between the write (index 0: AW and W
// heads present and B has room) and the read (index 1: AR head present and R has room) and
// presents the winner on the bus (a refused offer is held, see lock_q); the bus ack
// (bus_req_ready_i) pops the request FIFOs and pushes the response (BRESP, or RDATA and
// RRESP) into B or R.  The master offers a request
// only when B/R has room, so a bus response is never stalled.
//
// Latency: AW+W handshake in cycle t (edge at its end) -> bus request in cycle t+1 -> BVALID
// in cycle t+2; the same for AR -> bus -> RVALID.  One write per cycle sustained when only
// writes flow (and one read per cycle when only reads flow); mixed traffic alternates.
//
// Handshake contract:
//   s_*ready_o depend only on state.  BVALID/RVALID, once high, stay high with stable
//   BRESP/RDATA/RRESP until accepted (FIFO heads).
//   bus_req_* depend only on state (never on a bus input).  An offer that is refused stays
//   offered, unchanged, until it is accepted (lock_q: the arbiter's other request is masked
//   meanwhile), so the bus is a valid/ready channel like AXI.  bus_req_wdata_o and
//   bus_req_wstrb_o are 0 for reads.  bus_rsp_* are sampled in the handshake cycle.
// Errors: BRESP/RRESP = 2'b10 (SLVERR) when bus_rsp_err_i was 1, else 2'b00; an errored read
// returns RDATA 0.  AxPROT is not a port (ignored).
// C twin: cmodel/frontend/kmu_axil_slave.c (composed of the kmu_fifo and kmu_rr_arb twins).
`default_nettype none

module kmu_axil_slave #(
    parameter integer AW = 16  // address bits on AXI and on the bus
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    // AXI4-Lite write address
    input  wire          s_awvalid_i,
    output wire          s_awready_o,
    input  wire [AW-1:0] s_awaddr_i,
    // AXI4-Lite write data
    input  wire          s_wvalid_i,
    output wire          s_wready_o,
    input  wire [  31:0] s_wdata_i,
    input  wire [   3:0] s_wstrb_i,
    // AXI4-Lite write response
    output wire          s_bvalid_o,
    input  wire          s_bready_i,
    output wire [   1:0] s_bresp_o,
    // AXI4-Lite read address
    input  wire          s_arvalid_i,
    output wire          s_arready_o,
    input  wire [AW-1:0] s_araddr_i,
    // AXI4-Lite read data
    output wire          s_rvalid_o,
    input  wire          s_rready_i,
    output wire [  31:0] s_rdata_o,
    output wire [   1:0] s_rresp_o,
    // internal register bus, master side
    output wire          bus_req_valid_o,  // a request is offered
    input  wire          bus_req_ready_i,  // the slave takes it this cycle
    output wire          bus_req_write_o,  // 1 write, 0 read
    output wire [AW-1:0] bus_req_addr_o,   // byte address as received on AXI
    output wire [  31:0] bus_req_wdata_o,  // write data (0 for reads)
    output wire [   3:0] bus_req_wstrb_o,  // write strobes (0 for reads)
    input  wire [  31:0] bus_rsp_rdata_i,  // read data, handshake cycle
    input  wire          bus_rsp_err_i     // 1 = SLVERR, handshake cycle
);
  localparam integer WR = 0;  // arbiter index of the write
  localparam integer RD = 1;  // arbiter index of the read
  localparam [1:0] RESP_OKAY = 2'b00;
  localparam [1:0] RESP_SLVERR = 2'b10;

  // ---- request FIFOs
  wire          aw_valid;  // an AW head is present
  wire [AW-1:0] aw_addr;
  wire          w_valid;
  wire [  31:0] w_data;
  wire [   3:0] w_strb;
  wire          ar_valid;
  wire [AW-1:0] ar_addr;
  // ---- response FIFOs
  wire          b_room;  // B can take a response
  wire          r_room;
  wire [   1:0] b_resp;
  wire [  33:0] r_word;  // {rdata, rresp}
  // ---- arbiter and bus handshake
  wire [   1:0] arb_req;
  wire [   1:0] arb_gnt;
  wire          wr_fire;  // the write on the bus is accepted this cycle
  wire          rd_fire;
  wire          b_push;  // its response enters B
  // the responses made in the handshake cycle
  wire [   1:0] b_push_word = bus_rsp_err_i ? RESP_SLVERR : RESP_OKAY;
  // R holds the bus's read data as it came, also on an error: RDATA is forced to 0 where it
  // leaves R (s_rdata_o), in the same LUT as the FIFO's head select (issue 15: area)
  wire [  33:0] r_push_word = {bus_rsp_rdata_i, bus_rsp_err_i ? RESP_SLVERR : RESP_OKAY};
  // FIFO fill levels and the arbiter's index are not needed here
  wire [1:0] unused_aw_count, unused_w_count, unused_ar_count, unused_b_count, unused_r_count;
  wire unused_gnt_idx;
  // ---- offer lock
  reg  lock_q, lock_d;  // last cycle's offer was refused: offer it again
  reg  lock_wr_q, lock_wr_d;  // ... and it was a write
  wire wr_pend = aw_valid && w_valid && b_room;  // stays true until the write is taken
  wire rd_pend = ar_valid && r_room;  // stays true until the read is taken

  // While a refused offer is locked, the other kind is not requested, so the round-robin
  // grant cannot switch away from it.
  assign arb_req[WR] = wr_pend && !(lock_q && !lock_wr_q);
  assign arb_req[RD] = rd_pend && !(lock_q && lock_wr_q);
  assign bus_req_write_o = arb_gnt[WR];
  assign bus_req_addr_o = arb_gnt[WR] ? aw_addr : ar_addr;
  assign bus_req_wdata_o = arb_gnt[WR] ? w_data : 32'h0;
  assign bus_req_wstrb_o = arb_gnt[WR] ? w_strb : 4'h0;
  assign wr_fire = bus_req_ready_i && arb_gnt[WR];
  assign rd_fire = bus_req_ready_i && arb_gnt[RD];
  assign b_push = wr_fire;

  kmu_fifo #(
      .WIDTH(AW),
      .DEPTH(2)
  ) u_aw_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(s_awvalid_i),
      .push_ready_o(s_awready_o),
      .push_data_i (s_awaddr_i),
      .pop_valid_o (aw_valid),
      .pop_ready_i (wr_fire),
      .pop_data_o  (aw_addr),
      .count_o     (unused_aw_count)
  );

  kmu_fifo #(
      .WIDTH(36),
      .DEPTH(2)
  ) u_w_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(s_wvalid_i),
      .push_ready_o(s_wready_o),
      .push_data_i ({s_wstrb_i, s_wdata_i}),
      .pop_valid_o (w_valid),
      .pop_ready_i (wr_fire),
      .pop_data_o  ({w_strb, w_data}),
      .count_o     (unused_w_count)
  );

  kmu_fifo #(
      .WIDTH(AW),
      .DEPTH(2)
  ) u_ar_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(s_arvalid_i),
      .push_ready_o(s_arready_o),
      .push_data_i (s_araddr_i),
      .pop_valid_o (ar_valid),
      .pop_ready_i (rd_fire),
      .pop_data_o  (ar_addr),
      .count_o     (unused_ar_count)
  );

  kmu_rr_arb #(
      .N(2)
  ) u_arb (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (arb_req),
      .ack_i      (bus_req_ready_i),
      .gnt_o      (arb_gnt),
      .gnt_idx_o  (unused_gnt_idx),
      .gnt_valid_o(bus_req_valid_o)
  );

  kmu_fifo #(
      .WIDTH(2),
      .DEPTH(2)
  ) u_b_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(b_push),
      .push_ready_o(b_room),
      .push_data_i (b_push_word),
      .pop_valid_o (s_bvalid_o),
      .pop_ready_i (s_bready_i),
      .pop_data_o  (b_resp),
      .count_o     (unused_b_count)
  );
  assign s_bresp_o = b_resp;

  kmu_fifo #(
      .WIDTH(34),
      .DEPTH(2)
  ) u_r_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(rd_fire),
      .push_ready_o(r_room),
      .push_data_i (r_push_word),
      .pop_valid_o (s_rvalid_o),
      .pop_ready_i (s_rready_i),
      .pop_data_o  (r_word),
      .count_o     (unused_r_count)
  );
  assign s_rdata_o = (r_word[1:0] == RESP_OKAY) ? r_word[33:2] : 32'h0;
  assign s_rresp_o = r_word[1:0];

  always @(*) begin
    lock_d    = 1'b0;  // no offer, or one that is taken, locks nothing
    lock_wr_d = lock_wr_q;
    if (bus_req_valid_o && !bus_req_ready_i) begin
      lock_d = 1'b1;
      lock_wr_d = arb_gnt[WR];
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lock_q    <= 1'b0;
      lock_wr_q <= 1'b0;
    end else begin
      lock_q    <= lock_d;
      lock_wr_q <= lock_wr_d;
    end
  end

`ifdef FORMAL
  // Formal properties (make formal): the AXI4-Lite protocol from formal/kmu_axil_props.v (it
  // assumes a legal master on the AXI ports), and below the invariants that tie its
  // outstanding counts to this slave's FIFOs: a request is either waiting in its request FIFO
  // or answered in B/R, never lost or doubled (which also makes the proof inductive).  Only the
  // formal flow defines FORMAL.
  wire [7:0] f_aw_out, f_w_out, f_ar_out;
  kmu_axil_props #(
      .AW          (AW),
      .F_MAXOUT    (4),
      .F_CHECK_RESP(0)
  ) u_axil_props (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .s_awvalid_i(s_awvalid_i),
      .s_awready_o(s_awready_o),
      .s_awaddr_i (s_awaddr_i),
      .s_wvalid_i (s_wvalid_i),
      .s_wready_o (s_wready_o),
      .s_wdata_i  (s_wdata_i),
      .s_wstrb_i  (s_wstrb_i),
      .s_bvalid_o (s_bvalid_o),
      .s_bready_i (s_bready_i),
      .s_bresp_o  (s_bresp_o),
      .s_arvalid_i(s_arvalid_i),
      .s_arready_o(s_arready_o),
      .s_araddr_i (s_araddr_i),
      .s_rvalid_o (s_rvalid_o),
      .s_rready_i (s_rready_i),
      .s_rdata_o  (s_rdata_o),
      .s_rresp_o  (s_rresp_o),
      .f_aw_out_o (f_aw_out),
      .f_w_out_o  (f_w_out),
      .f_ar_out_o (f_ar_out)
  );
  always @(*) begin
    if (rst_ni) begin
      assert (f_aw_out == unused_aw_count + unused_b_count);
      assert (f_w_out == unused_w_count + unused_b_count);
      assert (f_ar_out == unused_ar_count + unused_r_count);
      // a locked (refused) offer is still offered, of the kind recorded
      if (lock_q) assert (bus_req_valid_o && bus_req_write_o == lock_wr_q);
      // an offer always has room for its response
      if (bus_req_valid_o) assert (bus_req_write_o ? b_room : r_room);
      // The responses are made legal where they enter B and R (OKAY or SLVERR); the FIFOs
      // deliver every word unchanged and in order (their own properties), and an errored
      // read leaves R with RDATA 0, so the AXI side sees only these.
      if (b_push) assert (b_push_word == RESP_OKAY || b_push_word == RESP_SLVERR);
      if (rd_fire) assert (r_push_word[1:0] == RESP_OKAY || r_push_word[1:0] == RESP_SLVERR);
      if (s_rvalid_o && s_rresp_o != RESP_OKAY) assert (s_rdata_o == 32'h0);
    end
  end
`endif
endmodule

`default_nettype wire
