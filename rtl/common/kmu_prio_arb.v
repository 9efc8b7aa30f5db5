// kmu_prio_arb - fixed-priority arbiter: the lowest requesting index wins.
//
// Paper: EDGE (event-driven GPU execution) III-C - a fixed order among simultaneous requesters
// (e.g. refusal sources, free EKT entries); built on kmu_prio_enc.
// Latency: 0 cycles (purely combinational, no clock, no state).  Not fair: a low index that
// requests every cycle starves the others (use kmu_rr_arb for fairness).
// Contract: gnt_valid_o = |req_i; gnt_idx_o = lowest i with req_i[i] (0 when none);
// gnt_o = one-hot of gnt_idx_o when gnt_valid_o, else all zero.  There is no ack: the grant is
// a pure function of this cycle's requests.
// C twin: cmodel/common/kmu_prio_arb.c (calls the kmu_prio_enc C model).
`default_nettype none

module kmu_prio_arb #(
    parameter integer N = 8  // requesters (>= 1)
) (
    input  wire [                          N-1:0] req_i,        // request per index
    output reg  [                          N-1:0] gnt_o,        // one-hot grant (0 when none)
    output wire [((N > 1) ? $clog2(N) : 1) - 1:0] gnt_idx_o,    // granted index (0 when none)
    output wire                                   gnt_valid_o   // some request was granted
);
  localparam integer IDX_W = (N > 1) ? $clog2(N) : 1;

  integer i;

  kmu_prio_enc #(
      .N(N)
  ) u_enc (
      .in_i   (req_i),
      .idx_o  (gnt_idx_o),
      .valid_o(gnt_valid_o)
  );

  // Decode the winning index back to a one-hot grant.
  always @(*) begin
    gnt_o = {N{1'b0}};
    for (i = 0; i < N; i = i + 1) begin
      gnt_o[i] = gnt_valid_o && (gnt_idx_o == i[IDX_W-1:0]);
    end
  end

`ifdef FORMAL
  // Formal properties (make formal): formal/kmu_prio_arb_props.v; only the formal flow defines
  // FORMAL.
  kmu_prio_arb_props #(
      .N    (N),
      .IDX_W(IDX_W)
  ) u_props (
      .req_i      (req_i),
      .gnt_o      (gnt_o),
      .gnt_idx_o  (gnt_idx_o),
      .gnt_valid_o(gnt_valid_o)
  );
`endif
endmodule

`default_nettype wire
