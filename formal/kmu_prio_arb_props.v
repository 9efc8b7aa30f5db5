// kmu_prio_arb_props - formal properties of kmu_prio_arb (make formal; docs/verification.md).
//
// Bound inside kmu_prio_arb under `ifdef FORMAL; pure assertions on the ports.  Checked: the
// grant is one-hot or zero, only to a requester, to the lowest one (no lower index requests),
// valid exactly when some index requests, gnt_idx_o names it (0 with no grant).
`default_nettype none

module kmu_prio_arb_props #(
    parameter integer N     = 8,
    parameter integer IDX_W = 3
) (
    input wire [    N-1:0] req_i,
    input wire [    N-1:0] gnt_o,
    input wire [IDX_W-1:0] gnt_idx_o,
    input wire             gnt_valid_o
);
  always @(*) begin
    assert ((gnt_o & (gnt_o - 1'b1)) == 0);  // one-hot or zero
    assert ((gnt_o & ~req_i) == 0);  // only to a requester
    assert (((gnt_o - 1'b1) & req_i & ~gnt_o) == 0 || gnt_o == 0);  // no lower requester
    assert (gnt_valid_o == (req_i != 0));
    assert ((gnt_o != 0) == gnt_valid_o);
    if (gnt_valid_o) assert (gnt_o == ({{(N - 1) {1'b0}}, 1'b1} << gnt_idx_o));
    else assert (gnt_idx_o == 0);
    cover (gnt_valid_o && gnt_o[N-1]);
    cover (gnt_o[0] && req_i == {N{1'b1}});
  end
endmodule

`default_nettype wire
