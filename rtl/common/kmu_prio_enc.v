// kmu_prio_enc - priority encoder: the index of the lowest set bit of in_i.
//
// Paper: EDGE (event-driven GPU execution) III-A/III-E - the EKT hands out the lowest free
// entry at registration; this cell finds it (and is the core of kmu_prio_arb).
// Latency: 0 cycles (purely combinational, no clock, no state).
// Contract: valid_o = |in_i; idx_o = the lowest i with in_i[i] = 1, and 0 when in_i = 0 (so
// idx_o is defined every cycle; users qualify it with valid_o).  N >= 1; for N = 1 idx_o is one
// bit wide and always 0.
// Structure: a tree of halves, log2(N) levels of 2:1 muxes (in_i zero-padded to a power of two),
// not a chain of N priority muxes: the same function, fewer LUTs and log depth on the critical
// paths that pass through the encoders (docs/synthesis.md, "Tree pickers"; proved equal to the
// chain form by scripts/equiv_pickers.sh).
// C twin: cmodel/common/kmu_prio_enc.c.
`default_nettype none

module kmu_prio_enc #(
    parameter integer N = 8  // input bits (>= 1)
) (
    input  wire [                          N-1:0] in_i,    // candidate bits
    output wire [((N > 1) ? $clog2(N) : 1) - 1:0] idx_o,   // lowest set bit (0 when none)
    output wire                                   valid_o  // at least one bit set
);
  localparam integer IDX_W = (N > 1) ? $clog2(N) : 1;
  localparam integer P = 1 << IDX_W;  // in_i padded with zeros to a power of two

  // The tree, bottom up and in place: at level l node t covers bits [t*2^(l+1), +2^(l+1)) and
  // holds whether one of them is set (v) and the index of the lowest set one within it (ix):
  // its lower half's index when that half has a set bit, else its upper half's with bit l set
  // (so an empty node's index is not 0: idx_o masks it with valid_o at the root, which
  // measured smaller than gating bit l with the upper half's v at every node: ECP5 15 against
  // 34 LUT4 at N=8).  Node t is written after nodes 2t and 2t+1 of the level below are read
  // (t < 2t+1), so one array serves all levels.
  function [IDX_W-1:0] lowest_idx;
    input [P-1:0] x;
    reg [      P-1:0] v;
    reg [P*IDX_W-1:0] ix;
    reg [  IDX_W-1:0] hi;
    integer l, t;
    begin
      v  = x;
      ix = {(P * IDX_W) {1'b0}};
      for (l = 0; l < IDX_W; l = l + 1)
        for (t = 0; t < (P >> (l + 1)); t = t + 1) begin
          hi    = ix[(2*t+1)*IDX_W+:IDX_W];
          hi[l] = 1'b1;
          ix[t*IDX_W+:IDX_W] = v[2*t] ? ix[(2*t)*IDX_W+:IDX_W] : hi;
          v[t] = v[2*t] | v[2*t+1];
        end
      lowest_idx = ix[IDX_W-1:0];
    end
  endfunction

  reg [P-1:0] in_pad;  // in_i, zero-extended to P bits
  always @(*) begin
    in_pad        = {P{1'b0}};
    in_pad[N-1:0] = in_i;
  end

  assign valid_o = |in_i;
  assign idx_o   = valid_o ? lowest_idx(in_pad) : {IDX_W{1'b0}};

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
