// kmu_rr_arb_props - formal properties of kmu_rr_arb (make formal; docs/verification.md).
//
// Instantiated inside kmu_rr_arb under `ifdef FORMAL, with the pointer; no assumption except
// on the solver's own choice of a watched index, so they hold in every use.  Checked:
//   - the grant is one-hot or zero, only to a requester, valid exactly when some index
//     requests, and is the first requester at or after the pointer (wrapping); gnt_idx_o
//     names it (0 with no grant);
//   - the pointer stays below N and moves past a grant that is acked, else holds;
//   - fairness: while index f_idx keeps requesting, at most N-1 acked grants go to others
//     before it is granted.  f_wait counts them; the invariant f_wait + distance(ptr, f_idx)
//     <= N-1 (each grant to another index moves the pointer closer) makes it inductive.
`default_nettype none

module kmu_rr_arb_props #(
    parameter integer N     = 4,
    parameter integer IDX_W = 2
) (
    input wire             clk_i,
    input wire             rst_ni,
    input wire [    N-1:0] req_i,
    input wire             ack_i,
    input wire [    N-1:0] gnt_o,
    input wire [IDX_W-1:0] gnt_idx_o,
    input wire             gnt_valid_o,
    input wire [IDX_W-1:0] ptr_i         // the arbiter's pointer
);
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;

  // i + j wrapped below N, for i, j < N (no division: the solver handles it better)
  function automatic [IDX_W:0] wrap_add(input [IDX_W:0] i, input [IDX_W:0] j);
    wrap_add = (i + j >= N) ? i + j - N : i + j;
  endfunction

  // the expected grant: the first requester at or after the pointer
  integer k;
  reg [IDX_W:0] f_want, f_cand, f_dist;
  always @(*) begin
    f_want = 0;
    for (k = N - 1; k >= 0; k = k - 1) begin
      f_cand = wrap_add({1'b0, ptr_i}, k[IDX_W:0]);
      if (req_i[f_cand]) f_want = f_cand;
    end
  end

  always @(*) begin
    assert (ptr_i < N);
    assert (gnt_valid_o == (req_i != 0));
    assert ((gnt_o & (gnt_o - 1'b1)) == 0);  // one-hot or zero
    assert ((gnt_o & ~req_i) == 0);  // only to a requester
    if (gnt_valid_o) begin
      assert (gnt_idx_o == f_want);
      assert (gnt_o == ({{(N - 1) {1'b0}}, 1'b1} << gnt_idx_o));
    end else begin
      assert (gnt_o == 0);
      assert (gnt_idx_o == 0);
    end
    if (!rst_ni) assert (ptr_i == 0);
  end

  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      if ($past(ack_i && gnt_valid_o)) assert (ptr_i == wrap_add($past(gnt_idx_o), 1));
      else assert (ptr_i == $past(ptr_i));
    end
  end

  // ---- fairness
  (* anyconst *) reg [IDX_W-1:0] f_idx;
  always @(*) assume (f_idx < N);
  reg [7:0] f_wait = 8'd0;  // acked grants to others while f_idx kept requesting
  always @(posedge clk_i) begin
    if (!rst_ni || !req_i[f_idx]) f_wait <= 8'd0;
    else if (ack_i && gnt_valid_o) f_wait <= (gnt_idx_o == f_idx) ? 8'd0 : f_wait + 8'd1;
  end
  always @(*) begin
    // the distance from the pointer up to f_idx, wrapping
    f_dist = (f_idx >= ptr_i) ? f_idx - ptr_i : f_idx + N - ptr_i;
    if (rst_ni) begin
      assert (f_wait + f_dist <= N - 1);
      if (req_i[f_idx] && f_wait == N - 1) assert (gnt_idx_o == f_idx);
    end
  end

  always @(*) begin
    if (rst_ni) begin
      cover (f_wait == N - 1 && req_i[f_idx] && ack_i);  // the longest wait, then its grant
      cover (req_i == {N{1'b1}} && ack_i && gnt_idx_o == N - 1);
    end
  end
endmodule

`default_nettype wire
