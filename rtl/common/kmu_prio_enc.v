// kmu_prio_enc - priority encoder: the index of the lowest set bit of in_i.
//
// Paper: EDGE (event-driven GPU execution) III-A/III-E - the EKT hands out the lowest free
// entry at registration; this cell finds it (and is the core of kmu_prio_arb).
// Latency: 0 cycles (purely combinational, no clock, no state).
// Contract: valid_o = |in_i; idx_o = the lowest i with in_i[i] = 1, and 0 when in_i = 0 (so
// idx_o is defined every cycle; users qualify it with valid_o).  N >= 1; for N = 1 idx_o is one
// bit wide and always 0.
// C twin: cmodel/common/kmu_prio_enc.c.
`default_nettype none

module kmu_prio_enc #(
    parameter integer N = 8  // input bits (>= 1)
) (
    input  wire [                          N-1:0] in_i,    // candidate bits
    output reg  [((N > 1) ? $clog2(N) : 1) - 1:0] idx_o,   // lowest set bit (0 when none)
    output wire                                   valid_o  // at least one bit set
);
  localparam integer IDX_W = (N > 1) ? $clog2(N) : 1;

  integer i;

  assign valid_o = |in_i;

  // Scan from the top down so the last (lowest) set bit seen wins.
  always @(*) begin
    idx_o = {IDX_W{1'b0}};
    for (i = N - 1; i >= 0; i = i - 1) begin
      if (in_i[i]) idx_o = i[IDX_W-1:0];
    end
  end

`ifdef FORMAL
  // Formal properties (make formal): formal/kmu_prio_enc_props.v; only the formal flow defines
  // FORMAL.
  kmu_prio_enc_props #(
      .N    (N),
      .IDX_W(IDX_W)
  ) u_props (
      .in_i   (in_i),
      .idx_o  (idx_o),
      .valid_o(valid_o)
  );
`endif
endmodule

`default_nettype wire
