// kmu_prio_enc_props - formal properties of kmu_prio_enc (make formal; docs/verification.md).
//
// Bound inside kmu_prio_enc under `ifdef FORMAL; pure assertions on the ports, so they hold in
// every use.  Checked: valid_o = |in_i; with a set bit, idx_o names a set bit and no lower bit
// is set; with none, idx_o = 0.
`default_nettype none

module kmu_prio_enc_props #(
    parameter integer N     = 8,
    parameter integer IDX_W = 3
) (
    input wire [    N-1:0] in_i,
    input wire [IDX_W-1:0] idx_o,
    input wire             valid_o
);
  // the bits below idx_o
  wire [N-1:0] f_below = ({{(N - 1) {1'b0}}, 1'b1} << idx_o) - 1'b1;
  always @(*) begin
    assert (valid_o == (in_i != 0));
    if (valid_o) begin
      assert (idx_o < N);
      assert (in_i[idx_o]);
      assert ((in_i & f_below) == 0);
    end else begin
      assert (idx_o == 0);
    end
    cover (valid_o && idx_o == N - 1);
    cover (valid_o && idx_o == 0 && in_i[N-1]);
  end
endmodule

`default_nettype wire
