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

  reg [IDX_W-1:0] ptr_q, ptr_d;  // index with the highest priority
  reg [IDX_W-1:0] idx_hi;  // lowest requester at or after ptr_q
  reg             hit_hi;  // there is one
  reg [IDX_W-1:0] idx_lo;  // lowest requester overall (used when the search wraps)
  integer k;

  // The grant: a block of its own, apart from the pointer's next state, so that a user whose
  // ack_i depends combinationally on the grant (kmu_axil_slave -> kmu_csr ready) sees no
  // combinational loop through a shared always block.
  always @(*) begin
    idx_hi      = {IDX_W{1'b0}};
    hit_hi      = 1'b0;
    idx_lo      = {IDX_W{1'b0}};
    gnt_valid_o = 1'b0;
    // from the top down, so the lowest index found is the one left standing
    for (k = N - 1; k >= 0; k = k - 1) begin
      if (req_i[k]) begin
        idx_lo      = k[IDX_W-1:0];
        gnt_valid_o = 1'b1;
        if (k[IDX_W-1:0] >= ptr_q) begin
          idx_hi = k[IDX_W-1:0];
          hit_hi = 1'b1;
        end
      end
    end
    gnt_idx_o = hit_hi ? idx_hi : idx_lo;
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
