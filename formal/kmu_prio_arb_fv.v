// kmu_prio_arb_fv - formal top of kmu_prio_arb (formal/kmu_prio_arb.sby): the requests free.
// The properties are in formal/kmu_prio_arb_props.v (and, for its encoder,
// formal/kmu_prio_enc_props.v), bound inside the cells.
`default_nettype none

module kmu_prio_arb_fv #(
    parameter integer N = 8
) (
    input wire [N-1:0] req_i
);
  wire [N-1:0] gnt;
  wire [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx;
  wire gnt_valid;
  kmu_prio_arb #(
      .N(N)
  ) dut (
      .req_i      (req_i),
      .gnt_o      (gnt),
      .gnt_idx_o  (gnt_idx),
      .gnt_valid_o(gnt_valid)
  );
endmodule

`default_nettype wire
