// kmu_yield_mon_fv - formal top of kmu_yield_mon (formal/kmu_yield_mon.sby): every input free,
// reset in the first cycle.  No lost wake-up, for one SM lane f_sm chosen by the solver:
// environment (the SM's contract, docs/blocks/kmu_yield_mon.md): the lane holds yq_valid_i and
// its fields stable from its yield decision (the first cycle valid is high) until yq_ready_o.
// Claims, for a yield of that lane with addr != 0 that gets a watch entry (YR_TAKEN):
//   - a write to its word (either snoop port) in any cycle from the decision through the
//     handshake leaves the installed entry woken in the next cycle, and a write after the
//     install wakes it too: from the install on, the entry is woken exactly when a write to its
//     word has come since the decision (no lost wake-up, no spurious one);
//   - the entry stays valid, with its word, until the wake port hands it over, and the TB that
//     leaves is that lane's (wk_sm_o, wk_tb_o, head), and only after such a write.
// The f_* wires carry internal state (the entry index of the install, the watch table's
// bits and words, the lane's race flag): driven by connect -set after flatten (formal/*.sby).
`default_nettype none

module kmu_yield_mon_fv #(
    parameter integer NSM  = 2,
    parameter integer W    = 2,
    parameter integer PTBS = 2
) (
    input wire                  clk_i,
    input wire                  rst_ni,
    input wire [NSM-1:0]        yq_valid_i,
    input wire [32*NSM-1:0]     yq_addr_i,
    input wire [8*NSM-1:0]      yq_slot_i,
    input wire [32*NSM-1:0]     yq_tb_i,
    input wire [PTB_W*NSM-1:0]  yq_ptb_i,
    input wire [NSM-1:0]        other_i,
    input wire [NSM-1:0]        park_i,
    input wire [NSM-1:0]        sd_valid_i,
    input wire                  mw_valid_i,
    input wire [31:0]           mw_addr_i,
    input wire                  sw_valid_i,
    input wire [31:0]           sw_addr_i,
    input wire                  wk_ready_i
);
  localparam integer SM_W = (NSM > 1) ? $clog2(NSM) : 1;
  localparam integer E_W = (W > 1) ? $clog2(W) : 1;
  localparam integer PTB_W = (PTBS > 1) ? $clog2(PTBS) : 1;
  initial assume (!rst_ni);
  wire [NSM-1:0] yq_ready_o;
  wire yr_valid_o, wk_valid_o, wk_head_o;
  wire [SM_W-1:0] yr_sm_o, wk_sm_o;
  wire [1:0] yr_code_o;
  wire [7:0] wk_slot_o;
  wire [31:0] wk_tb_o;
  wire [PTB_W-1:0] wk_ptb_o;
  wire [3:0] cnt_take_o, cnt_spin_o, cnt_full_o, cnt_nowork_o, cnt_wake_o, cnt_err_o;
  kmu_yield_mon #(
      .NSM  (NSM),
      .W    (W),
      .PTBS (PTBS),
      .CNT_W(4)
  ) dut (
      .clk_i(clk_i), .rst_ni(rst_ni), .yq_valid_i(yq_valid_i), .yq_ready_o(yq_ready_o),
      .yq_addr_i(yq_addr_i), .yq_slot_i(yq_slot_i), .yq_tb_i(yq_tb_i), .yq_ptb_i(yq_ptb_i),
      .other_i(other_i), .park_i(park_i), .yr_valid_o(yr_valid_o), .yr_sm_o(yr_sm_o), .yr_code_o(yr_code_o),
      .sd_valid_i(sd_valid_i), .mw_valid_i(mw_valid_i), .mw_addr_i(mw_addr_i),
      .sw_valid_i(sw_valid_i), .sw_addr_i(sw_addr_i), .wk_valid_o(wk_valid_o),
      .wk_ready_i(wk_ready_i), .wk_sm_o(wk_sm_o), .wk_slot_o(wk_slot_o), .wk_tb_o(wk_tb_o),
      .wk_ptb_o(wk_ptb_o), .wk_head_o(wk_head_o), .cnt_take_o(cnt_take_o),
      .cnt_spin_o(cnt_spin_o), .cnt_full_o(cnt_full_o), .cnt_nowork_o(cnt_nowork_o),
      .cnt_wake_o(cnt_wake_o), .cnt_err_o(cnt_err_o)
  );

  // ---------------------------------------------------------------- internal state
  (* keep *) wire [W-1:0] f_ent_valid, f_ent_woken;
  (* keep *) wire [30*W-1:0] f_ent_addr;  // entry e's word at [30e +: 30]
  (* keep *) wire [32*W-1:0] f_ent_tb;
  (* keep *) wire [SM_W*W-1:0] f_ent_sm;
  (* keep *) wire [E_W-1:0] f_free;  // the entry an install takes (the lowest free one)
  (* keep *) wire f_install;  // the accepted yield is installed (YR_TAKEN)
  (* keep *) wire [NSM-1:0] f_pend_hit;  // the lanes' race flags
  (* keep *) wire [E_W-1:0] f_out_ent;
  (* keep *) wire f_out_spin;

  // ---------------------------------------------------------------- the tracked lane
  (* anyconst *) reg [SM_W-1:0] f_sm;
  always @(*) assume (f_sm < NSM);
  wire l_valid = yq_valid_i[f_sm];
  wire l_ready = yq_ready_o[f_sm];
  wire [31:0] l_addr = yq_addr_i[32*f_sm+:32];
  wire [31:0] l_tb = yq_tb_i[32*f_sm+:32];
  // environment: valid and fields held until ready
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni && $past(l_valid && !l_ready)) begin
      assume (l_valid && l_addr == $past(l_addr) && l_tb == $past(l_tb));
    end
  end
  // a write to a word in this cycle
  function hit;
    input [29:0] word;
    begin
      hit = (mw_valid_i && mw_addr_i[31:2] == word) || (sw_valid_i && sw_addr_i[31:2] == word);
    end
  endfunction
  wire l_hit = l_valid && (l_addr != 32'd0) && hit(l_addr[31:2]);
  // f_seen: a write to the lane's word since its decision, before this cycle (the waiting
  // yield: valid since then, not yet accepted)
  reg f_seen = 1'b0;
  always @(posedge clk_i) begin
    if (!rst_ni) f_seen <= 1'b0;
    else f_seen <= l_valid && !l_ready && (f_seen || l_hit);
  end
  // the installed yield of the lane: its entry, word, TB and whether a write came since the
  // decision
  wire l_install = l_ready && f_install;
  reg f_own = 1'b0, f_ehit = 1'b0;
  reg [E_W-1:0] f_ent = {E_W{1'b0}};
  reg [29:0] f_word = 30'd0;
  reg [31:0] f_tb = 32'd0;
  wire e_pop = f_own && wk_valid_o && wk_ready_i && !f_out_spin && f_out_ent == f_ent;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_own <= 1'b0;
    end else if (l_install) begin
      f_own <= 1'b1;
      f_ent <= f_free;
      f_word <= l_addr[31:2];
      f_tb <= l_tb;
      f_ehit <= f_seen || l_hit;
    end else if (e_pop) begin
      f_own <= 1'b0;
    end else if (f_own) begin
      f_ehit <= f_ehit || hit(f_word);
    end
  end

  integer i;
  always @(*) begin
    if (rst_ni) begin
      // the claims
      if (f_own) begin
        assert (f_ent_valid[f_ent] && f_ent_addr[30*f_ent+:30] == f_word);
        assert (f_ent_woken[f_ent] == f_ehit);  // every write since the decision wakes it
        assert (f_ent_tb[32*f_ent+:32] == f_tb && f_ent_sm[SM_W*f_ent+:SM_W] == f_sm);
      end
      if (e_pop) assert (f_ehit && wk_head_o && wk_sm_o == f_sm && wk_tb_o == f_tb);
      // helper: the lane's race flag is the spec's "a write since the decision"
      assert (f_pend_hit[f_sm] == f_seen);
      if (f_seen) assert (l_valid);
      if (f_own) assert (f_ent < W);
      // helper: the wake port names a valid woken entry (kmu_yield_mon's KMU_ASSERT rule)
      if (wk_valid_o && !f_out_spin)
        assert (f_out_ent < W && f_ent_valid[f_out_ent] && f_ent_woken[f_out_ent]);
    end
  end

  always @(*) begin
    if (rst_ni) begin
      cover (l_install && f_seen);  // a write before the handshake: the race
      cover (e_pop);  // handed over
      cover (e_pop && f_ehit && f_past_valid);
    end
  end
endmodule

`default_nettype wire
