// kmu_rr_arb_fv - formal top of kmu_rr_arb (formal/kmu_rr_arb.sby): every input free, reset
// in the first cycle.  The properties are in formal/kmu_rr_arb_props.v, bound inside the arbiter.
`default_nettype none

module kmu_rr_arb_fv #(
    parameter integer N = 4
) (
    input wire         clk_i,
    input wire         rst_ni,
    input wire [N-1:0] req_i,
    input wire         ack_i
);
  initial assume (!rst_ni);
  wire [N-1:0] gnt;
  wire [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx;
  wire gnt_valid;
  kmu_rr_arb #(
      .N(N)
  ) dut (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (req_i),
      .ack_i      (ack_i),
      .gnt_o      (gnt),
      .gnt_idx_o  (gnt_idx),
      .gnt_valid_o(gnt_valid)
  );
endmodule

`default_nettype wire
