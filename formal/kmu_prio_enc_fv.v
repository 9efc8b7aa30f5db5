// kmu_prio_enc_fv - formal top of kmu_prio_enc (formal/kmu_prio_enc.sby): the input free.
// The properties are in formal/kmu_prio_enc_props.v, bound inside the encoder.
`default_nettype none

module kmu_prio_enc_fv #(
    parameter integer N = 8
) (
    input wire [N-1:0] in_i
);
  wire [((N > 1) ? $clog2(N) : 1)-1:0] idx;
  wire valid;
  kmu_prio_enc #(
      .N(N)
  ) dut (
      .in_i   (in_i),
      .idx_o  (idx),
      .valid_o(valid)
  );
endmodule

`default_nettype wire
