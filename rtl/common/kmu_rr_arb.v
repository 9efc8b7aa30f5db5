// kmu_rr_arb - round-robin arbiter over N requesters (infrastructure cell, no paper section).
//
// Grant: the first requester at or after the pointer, searching upwards and wrapping at N-1,
// so ptr_q names the index with the highest priority.  The grant is combinational from req_i
// and ptr_q (gnt_o one-hot, gnt_idx_o its index, gnt_valid_o = req_i != 0; with no request
// gnt_o = 0 and gnt_idx_o = 0).  ack_i says the grant was used this cycle: when
// ack_i && gnt_valid_o the pointer moves to the index after the granted one (wrapping to 0
// after N-1) at the next edge; ack_i without a grant changes nothing.
//
// Fairness: a requester that keeps req_i high is granted before N acks have gone to others
// (at most N-1 grants to other indices), whatever the pattern of the others.  The grant may
// change between cycles while no ack is given (req_i changed): the caller holds what it must.
//
// Latency: 0 cycles req_i -> gnt_o (combinational); the pointer updates at the ack edge.
// N need not be a power of two; N = 1 is allowed (always grants index 0 when requested).
// State: ptr_q only (reset 0).  C twin: cmodel/common/kmu_rr_arb.c.
`default_nettype none

module kmu_rr_arb #(
    parameter integer N = 4  // requesters (1..64)
) (
    input  wire                                clk_i,
    input  wire                                rst_ni,
    input  wire [                       N-1:0] req_i,        // one request bit per index
    input  wire                                ack_i,        // the grant was used this cycle
    output reg  [                       N-1:0] gnt_o,        // one-hot grant (0: none)
    output reg  [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx_o,    // index of the grant (0: none)
    output reg                                 gnt_valid_o   // = req_i != 0
);
  localparam integer IDX_W = (N > 1) ? $clog2(N) : 1;
  localparam integer P = 1 << IDX_W;  // requests padded with zeros to a power of two

  reg  [  IDX_W-1:0] ptr_q, ptr_d;  // index with the highest priority
  reg  [      P-1:0] req_pad;  // req_i zero-extended to P bits
  reg  [      P-1:0] at_ptr;  // req_pad at or after ptr_q
  // the lowest set bit of {req_pad, at_ptr}; its top bit only says which half won: unused
  /* verilator lint_off UNUSEDSIGNAL */
  wire [    IDX_W:0] pick;
  /* verilator lint_on UNUSEDSIGNAL */
  wire               pick_v;  // = gnt_valid_o
  integer k;

  // The search as one priority encoder over 2P bits: the requests at or after the pointer
  // below, all requests above.  Its lowest set bit is the first requester at or after ptr_q
  // when there is one (index < P), else the lowest requester overall (index P + i): in both
  // cases the low IDX_W bits of the index name the requester, so the wrap needs no mux.  The
  // encoder is kmu_prio_enc's tree: log depth, where the per-index scan with two running
  // results was a chain of N compares and muxes (docs/synthesis.md, "Tree pickers").  A
  // pointer at or above N (unreachable) masks every request, so the lowest wins, as before.
  always @(*) begin
    req_pad        = {P{1'b0}};
    req_pad[N-1:0] = req_i;
    for (k = 0; k < P; k = k + 1) at_ptr[k] = req_pad[k] && (k[IDX_W-1:0] >= ptr_q);
  end

  kmu_prio_enc #(
      .N(2 * P)
  ) u_pick (
      .in_i   ({req_pad, at_ptr}),
      .idx_o  (pick),
      .valid_o(pick_v)
  );

  // The grant: a block of its own, apart from the pointer's next state, so that a user whose
  // ack_i depends combinationally on the grant (kmu_axil_slave -> kmu_csr ready) sees no
  // combinational loop through a shared always block.  pick is 0 with no request, so
  // gnt_idx_o is too.
  always @(*) begin
    gnt_valid_o = pick_v;
    gnt_idx_o   = pick[IDX_W-1:0];
    for (k = 0; k < N; k = k + 1) gnt_o[k] = gnt_valid_o && (gnt_idx_o == k[IDX_W-1:0]);
  end

  // Next state: the pointer moves past a grant that is used.
  always @(*) begin
    ptr_d = ptr_q;
    if (ack_i && gnt_valid_o) begin
      ptr_d = (gnt_idx_o == N[IDX_W-1:0] - 1'b1) ? {IDX_W{1'b0}} : gnt_idx_o + 1'b1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= {IDX_W{1'b0}};
    end else begin
      ptr_q <= ptr_d;
    end
  end

`ifdef FORMAL
  // Formal properties (make formal): formal/kmu_rr_arb_props.v, bound here so that they see
  // the pointer; only the formal flow defines FORMAL.
  kmu_rr_arb_props #(
      .N    (N),
      .IDX_W(IDX_W)
  ) u_props (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (req_i),
      .ack_i      (ack_i),
      .gnt_o      (gnt_o),
      .gnt_idx_o  (gnt_idx_o),
      .gnt_valid_o(gnt_valid_o),
      .ptr_i      (ptr_q)
  );
`endif
endmodule

`default_nettype wire
