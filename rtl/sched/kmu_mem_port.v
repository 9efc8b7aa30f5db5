// kmu_mem_port - N memory clients onto one memory port (docs/kmu-interfaces.md section 5).
//
// The kernel management unit writes completion flags (RGEM 3.2 / EDGE III-B: the device writes
// the flag the host polls) and, later, the context and copy engines read and write memory; they
// all share one memory port.  Clients present requests on packed per-client ports; a kmu_rr_arb
// chooses one per cycle and pushes it into a two-entry output stage (kmu_fifo, depth 2: a skid
// buffer that sustains one request per cycle); the stage's head drives the memory port.  Read
// responses come back tagged with the client index and are routed to that client.
//
// Clients: N (1..32; the C twin carries up to 32).  req_addr_i / req_wdata_i are lane ports of
// the harness (one 32-bit element per client); kmu_gpu uses 2 + NSM clients.
//
// Handshake contract:
//   req_*: valid/ready per client.  A client holds req_valid_i and its fields until
//     req_ready_o.  req_ready_o[k] = the arbiter grants k && the output stage has room; the
//     room depends only on state (kmu_fifo: count < 2), so there is no combinational path from
//     mem_ready_i to any req_ready_o; req_ready_o depends combinationally on req_valid_i (the
//     arbiter).  At most one request is accepted per cycle.
//   mem_*: valid/ready.  mem_valid_o and mem_write_o/addr/wdata/client come from the output
//     stage's head register: stable until mem_ready_i.  mem_wdata_o of a read is the client's
//     req_wdata_i, passed through (don't care).
//   rsp_*: mem_rvalid_i with mem_rclient_i raises rsp_valid_o[mem_rclient_i] in the same cycle
//     with rsp_rdata_o = mem_rdata_i (combinational, no back-pressure: a client that issues reads
//     takes every response in the cycle it arrives).  The memory returns a client's responses in
//     the order of its reads.  A response with mem_rclient_i >= N (only possible with N = 1)
//     raises no rsp_valid_o.
// Fairness: round robin; a client holding req_valid_i is accepted before N-1 requests of other
// clients are (a full output stage accepts nothing, so it cannot reorder the grants).
// Order: per client, requests leave on mem_* in the order they were accepted (one FIFO).
//
// Latency: request handshake in cycle t -> mem_valid_o from cycle t+1 (no fall-through).
// Throughput: one request per cycle while mem_ready_i is high.  A full stage (two requests, the
// memory not ready) refuses every client, and does not accept in the cycle it is popped (the
// kmu_fifo rule), so after a stall the first cycle with mem_ready_i high accepts no new request.
// State: the arbiter pointer and the output stage (two kmu_fifo instances side by side, pushed
// and popped together: {addr, wdata} (64 bits) and {client, write}; the cell's C twin carries
// at most 64 bits per word).  C twin: cmodel/sched/kmu_mem_port.c (composed of the cell C models).
`default_nettype none

module kmu_mem_port #(
    parameter integer N  = 2,  // clients (1..32)
    // derived, do not override: client index width, max(1, clog2(N))
    parameter integer CW = (N > 1) ? $clog2(N) : 1
) (
    input  wire            clk_i,
    input  wire            rst_ni,
    // clients, packed: client k is bit k / bits [32*k +: 32]
    input  wire [   N-1:0] req_valid_i,
    output wire [   N-1:0] req_ready_o,
    input  wire [   N-1:0] req_write_i,  // 1 write, 0 read
    input  wire [32*N-1:0] req_addr_i,   // byte address
    input  wire [32*N-1:0] req_wdata_i,  // write data
    // the memory port
    output wire            mem_valid_o,
    input  wire            mem_ready_i,
    output wire            mem_write_o,
    output wire [    31:0] mem_addr_o,
    output wire [    31:0] mem_wdata_o,
    output wire [  CW-1:0] mem_client_o,  // which client's request
    // read responses from the memory, routed back
    input  wire            mem_rvalid_i,
    input  wire [    31:0] mem_rdata_i,
    input  wire [  CW-1:0] mem_rclient_i,  // the client whose read this answers
    output wire [   N-1:0] rsp_valid_o,    // one-hot: the response is this client's
    output wire [    31:0] rsp_rdata_o
);
  localparam integer IDX_W = (N > 1) ? $clog2(N) : 1;  // the arbiter's index width (= CW)

  // ---- arbiter
  wire [    N-1:0] gnt;  // one-hot grant among the valid clients
  wire [IDX_W-1:0] gnt_idx;
  wire             gnt_valid;
  // ---- output stage
  wire             room;  // the stage can take a request (depends only on state)
  wire             push;  // a request is accepted this cycle
  wire [     63:0] head_aw;  // {addr, wdata} of the oldest request
  wire [     CW:0] head_tag;  // {client, write} of the oldest request
  // the second FIFO mirrors the first one's occupancy: its handshakes and counts are unused
  wire             unused_tag_room;
  wire             unused_tag_valid;
  wire [      1:0] unused_aw_count;
  wire [      1:0] unused_tag_count;

  // ---- the granted client's request: a select tree on gnt_idx, two index bits a level
  // Each level joins groups of four entries (two when one index bit is left) into one, so
  // level l+1 holds ceil(R_l / 4) entries of W bits.  A group of four is a four-to-one select
  // written as two LUT4-sized functions (t, then the output) with AND/OR gates, not as a part
  // select or ?: muxes: Yosys builds a part select indexed by gnt_idx as two levels of 2:1
  // muxes (three iCE40 LUT4 a bit) and abc9 maps the six-input cone as a LUT6 (four ECP5 LUT4),
  // where this form takes two LUT4 a bit (measured: docs/synthesis.md, fecsr).  A group with
  // fewer than four entries (N not a power of four) selects among those it has: gnt_idx < N,
  // so the missing ones are never chosen.
  localparam integer W = 65;  // {write, addr, wdata}
  localparam integer NL = (IDX_W + 1) / 2;  // levels of the tree
  // entries at level l (level 0: the clients): ceil(N / 4^l), 1 after a last 2:1 level
  function integer lvl_n(input integer l);
    begin
      lvl_n = (2 * l > IDX_W) ? 1 : (N + (1 << (2 * l)) - 1) >> (2 * l);
    end
  endfunction
  wire [N*W-1:0] lanes;  // level 0: the clients' requests
  genvar l, m;
  generate
    for (m = 0; m < N; m = m + 1) begin : g_lane
      assign lanes[W*m+:W] = {req_write_i[m], req_addr_i[32*m+:32], req_wdata_i[32*m+:32]};
    end
    for (l = 0; l < NL; l = l + 1) begin : g_lvl
      localparam integer RI = lvl_n(l);  // entries in
      localparam integer G = (2 * l + 1 < IDX_W) ? 4 : 2;  // group size (index bits left)
      localparam integer RO = (RI + G - 1) / G;  // entries out
      wire [RI*W-1:0] in;
      wire [RO*W-1:0] o;
      if (l == 0) begin : g_in0
        assign in = lanes;
      end else begin : g_in
        assign in = g_lvl[l-1].o;
      end
      for (m = 0; m < RO; m = m + 1) begin : g_node
        localparam integer K = G * m;  // first entry in
        localparam integer KN = (RI - K > G) ? G : RI - K;  // entries in
        wire [W-1:0] i0 = in[W*K+:W];
        if (KN == 1) begin : g1
          assign o[W*m+:W] = i0;
        end else if (KN == 2) begin : g2
          wire         s0 = gnt_idx[2*l];
          wire [W-1:0] i1 = in[W*(K+1)+:W];
          assign o[W*m+:W] = ({W{s0}} & i1) | ({W{~s0}} & i0);
        end else if (KN == 3) begin : g3
          wire         s0 = gnt_idx[2*l];
          wire         s1 = gnt_idx[2*l+1];
          wire [W-1:0] i1 = in[W*(K+1)+:W];
          wire [W-1:0] i2 = in[W*(K+2)+:W];
          assign o[W*m+:W] = ({W{s1}} & i2) | ({W{~s1 & s0}} & i1) | ({W{~s1 & ~s0}} & i0);
        end else begin : g4
          wire         s0 = gnt_idx[2*l];
          wire         s1 = gnt_idx[2*l+1];
          wire [W-1:0] i1 = in[W*(K+1)+:W];
          wire [W-1:0] i2 = in[W*(K+2)+:W];
          wire [W-1:0] i3 = in[W*(K+3)+:W];
          // t: i0 / i1 by s0, or s0 itself when s1; then s1 picks t, or i3 / i2 by t (= s0)
          wire [W-1:0] t = {W{s1 & s0}} | ({W{~s1 & s0}} & i1) | ({W{~s1 & ~s0}} & i0);
          assign o[W*m+:W] = ({W{s1}} & ((t & i3) | (~t & i2))) | ({W{~s1}} & t);
        end
      end
    end
  endgenerate
  wire [W-1:0] sel = g_lvl[NL-1].o;
  wire [31:0] sel_addr = sel[63:32];
  wire [31:0] sel_wdata = sel[31:0];
  wire sel_write = sel[64];
  wire [CW-1:0] sel_client = gnt_idx;

  assign req_ready_o = gnt & {N{room}};
  assign push = gnt_valid && room;

  kmu_rr_arb #(
      .N(N)
  ) u_arb (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (req_valid_i),
      .ack_i      (room),         // the grant is used when the stage has room
      .gnt_o      (gnt),
      .gnt_idx_o  (gnt_idx),
      .gnt_valid_o(gnt_valid)
  );

  kmu_fifo #(
      .WIDTH(64),
      .DEPTH(2)
  ) u_aw_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(push),
      .push_ready_o(room),
      .push_data_i ({sel_addr, sel_wdata}),
      .pop_valid_o (mem_valid_o),
      .pop_ready_i (mem_ready_i),
      .pop_data_o  (head_aw),
      .count_o     (unused_aw_count)
  );

  kmu_fifo #(
      .WIDTH(CW + 1),
      .DEPTH(2)
  ) u_tag_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(push),
      .push_ready_o(unused_tag_room),
      .push_data_i ({sel_client, sel_write}),
      .pop_valid_o (unused_tag_valid),
      .pop_ready_i (mem_ready_i),
      .pop_data_o  (head_tag),
      .count_o     (unused_tag_count)
  );

  assign mem_addr_o   = head_aw[63:32];
  assign mem_wdata_o  = head_aw[31:0];
  assign mem_client_o = head_tag[CW:1];
  assign mem_write_o  = head_tag[0];

  // ---- read responses
  genvar k;
  generate
    for (k = 0; k < N; k = k + 1) begin : g_rsp
      localparam [CW-1:0] KI = k;  // client index k in CW bits
      assign rsp_valid_o[k] = mem_rvalid_i && (mem_rclient_i == KI);
    end
  endgenerate
  assign rsp_rdata_o = mem_rdata_i;

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // The select tree pushes exactly the granted client's request (the part select it replaces).
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni && push && (sel != {req_write_i[gnt_idx], req_addr_i[32*gnt_idx+:32],
                                   req_wdata_i[32*gnt_idx+:32]})) begin
      $display("ASSERTION kmu_mem_port %m t=%0t: select tree gives %h, client %0d requests %h",
               $time, sel, gnt_idx, {req_write_i[gnt_idx], req_addr_i[32*gnt_idx+:32],
                                     req_wdata_i[32*gnt_idx+:32]});
      $stop;
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
