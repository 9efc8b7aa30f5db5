// kmu_pep_predictor - per-SM prediction and estimation unit of PEP (proactive preemption by
// checkpointing) and of Chimera's drain-or-switch choice: decides, for every resident TB at
// once, whether it gets a base checkpoint at a launch hint and whether it is switched or drained
// at a preemption request.
//
// Paper: PEP 3.2 (prediction: the launch hint (cudaLaunch) announces a preemption about
// pred_launch cycles ahead; estimation: a TB's remaining time from the profiled average TB time
// of its kernel, else Chimera's remaining instructions x CPI; the switch time as the worst case,
// every TB of the SM switching), 3.3 (runtime selection, Fig. 3 cases a-e, Fig. 4 flow).
// Chimera (drain a TB when it finishes before the deadline, else switch it) is the baseline.
// Interface contract: docs/pep-interfaces.md section 3; block page
// docs/blocks/kmu_pep_predictor.md (which refines it: port widths, same-cycle rules).
//
// State: cyc_q (free-running 32-bit cycle counter); per TB entry e: live_q, fresh_q (started in
// the previous cycle), rest_q (restored TB), start_q (cycle of its start), kslot_q, insts_q
// (announced warp instructions of the whole TB, 0 = unknown), exec_q (warp instructions retired,
// saturating); per kernel slot k: prof_q (profiled) and avg_q (EMA of TB time); the hint state
// arm_q / hint_q (cycle of the last hint); the registered decisions ckpt_*_q, pre_*_q.
//
// Remaining time rem(e), el = cyc_q - start_q[e] (mod 2^32):
//   profiled slot:   rem = avg > el ? avg - el : 0                  (32 bits)
//   else Chimera:    rem = (insts - exec) * el / exec, insts - exec clamped at 0, compared
//                    without division: rem > X <=> (insts - exec) * el > X * exec, both sides
//                    32 x 32 -> 64-bit products (exact, no overflow);
//   unknown (insts == 0 or exec == 0, not profiled): longer than any X.
// Every threshold X is saturated to 32 bits (2^32-1 cycles = 3.5 s at 1216 MHz) so that the
// right-hand product stays 64 bits; a rem of 32 bits cannot exceed such an X anyway, only
// Chimera's estimate could, and it then counts as long.
// One threshold per cycle serves all TBS comparators (what happens in a cycle is one of:
// preempt, hint, or the judgement of TBs started in the previous cycle):
//   preempt: CHIMERA/CHIMERA_DIRTY deadline_i, PEP sw;   hint: pred_launch + sw;
//   new TB while armed: max(0, hint + pred_launch - cyc) + sw;  sw = ctx_bytes_i >> bw_shift_i.
//
// Decisions (registered): an event in cycle t -> its output in cycle t+1 (one cycle):
//   hint_valid_i (policy PEP, no preempt_valid_i in the same cycle) -> ckpt_valid_o and
//     ckpt_mask_o = eligible, no base, rem > pred_launch + sw (cases a/b; the others drain: c);
//     it arms (armed_o from t+1) with hint_q = cyc.  A hint under another policy is ignored.
//   while armed, a TB started in cycle s is judged in s+1 (policy PEP, no hint and no preempt in
//     s+1): eligible, no base, rem > max(0, hint + pred_launch - cyc) + sw -> ckpt_valid_o /
//     ckpt_mask_o in s+2, only when some TB is checkpointed (cases d/e).
//   preempt_valid_i (any policy) -> pre_valid_o, pre_switch_mask_o: DRAIN none; CHIMERA and
//     CHIMERA_DIRTY eligible with rem > deadline_i; PEP eligible with a base, and eligible
//     without a base with rem > sw (a misprediction).  It disarms.
//   armed_o: in the cycles c after a hint h with c - h <= 2 * pred_launch, i.e. h+1 ..
//     h+2*pred_launch (at least h+1: the clear happens at the edge of the cycle with
//     cyc - h >= 2 * pred_launch), low from the cycle after a preemption request.
// Eligible = elig_i[e] && live_q[e] (an entry this unit has not seen start is never eligible).
//
// Inputs, all always accepted; a bad one raises its err_*_o in the same cycle and is ignored:
//   tb_start: rtb >= TBS, kslot >= KSLOTS, or the entry live and not freed by a done/evict of
//     the same entry in the same cycle (err_start_o).  A start sets start_q = cyc_q, exec 0.
//   tb_inst: entry not live (err_inst_o).  Counts for the TB in the entry before the edge: a
//     start of the same entry in the same cycle wins (exec_q = 0).
//   tb_done / tb_evict: entry not live (err_done_o / err_evict_o).  A done takes the profile
//     sample cyc_q - start_q unless the TB is restored; done and evict of the same entry in one
//     cycle are both accepted (the sample is taken).
//   kslot_clear: kslot >= KSLOTS (err_clear_o).  It wins over a sample of the same slot in the
//     same cycle (the new kernel's profile starts empty).
// Every decision of cycle t reads the state before t's edge (avg_q, live_q, ...).
// C twin: cmodel/preempt/kmu_pep_predictor.c (same state names).
`default_nettype none

module kmu_pep_predictor #(
    parameter integer TBS    = 4,  // resident TB entries (1..64); 4 small, 32 paper
    parameter integer KSLOTS = 8,  // kernel slots (1..64); 8 small, 32 paper
    parameter integer EMA_SH = 3   // profile EMA weight 2^-EMA_SH (0..31); 3
) (
    input  wire                                     clk_i,
    input  wire                                     rst_ni,               // async, active low

    // TB lifetime (from kmu_sm_ctrl / the SIMT pipeline)
    input  wire                                     tb_start_valid_i,
    input  wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] tb_start_rtb_i,       // resident entry
    input  wire [                              7:0] tb_start_kslot_i,     // kernel slot
    input  wire [                             31:0] tb_start_insts_i,     // TB warp insts, 0 unknown
    input  wire                                     tb_start_restored_i,  // no sample at its end
    output wire                                     err_start_o,
    input  wire                                     tb_inst_valid_i,      // one warp inst retired
    input  wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] tb_inst_rtb_i,
    output wire                                     err_inst_o,
    input  wire                                     tb_done_valid_i,      // finished: a sample
    input  wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] tb_done_rtb_i,
    output wire                                     err_done_o,
    input  wire                                     tb_evict_valid_i,     // switched out: dropped
    input  wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] tb_evict_rtb_i,
    output wire                                     err_evict_o,
    input  wire                                     kslot_clear_valid_i,  // a new kernel in a slot
    input  wire [                              7:0] kslot_clear_i,
    output wire                                     err_clear_o,
    input  wire [                          TBS-1:0] elig_i,               // may be checkpointed
    input  wire [                          TBS-1:0] base_i,               // has a base checkpoint

    // CSRs
    input wire [ 1:0] policy_i,       // 0 DRAIN, 1 CHIMERA, 2 CHIMERA_DIRTY, 3 PEP
    input wire [31:0] pred_launch_i,  // predicted launch time of a hinted kernel (cycles)
    input wire [31:0] deadline_i,     // Chimera's preemption deadline (cycles)
    input wire [23:0] ctx_bytes_i,    // allocated context bytes of the SM (all TBs)
    input wire [ 3:0] bw_shift_i,     // log2 of the save bandwidth in bytes per cycle

    // events
    input wire hint_valid_i,     // launch hint (cudaLaunch of a preempting kernel)
    input wire preempt_valid_i,  // the preemption request

    // decisions (registered)
    output wire              ckpt_valid_o,
    output wire [   TBS-1:0] ckpt_mask_o,        // base-checkpoint these entries
    output wire              pre_valid_o,
    output wire [   TBS-1:0] pre_switch_mask_o,  // switch these, the other eligible ones drain
    output wire              armed_o,
    // observability (registers)
    output wire [KSLOTS-1:0] prof_valid_o,       // kernel slot k has a profile
    output wire [   TBS-1:0] live_o              // entries with a TB this unit tracks
);
  localparam integer RTB_W = (TBS > 1) ? $clog2(TBS) : 1;
  localparam integer KS_W = (KSLOTS > 1) ? $clog2(KSLOTS) : 1;
  // policy codes KMU_POL_* (regmap/kmu.rdl)
`include "kmu_regmap.vh"

  integer e, k;

  // ---------------------------------------------------------------- state
  reg [31:0] cyc_q, cyc_d;
  reg [TBS-1:0] live_q, live_d;
  reg [TBS-1:0] fresh_q, fresh_d;  // started in the previous cycle (judged while armed)
  reg [TBS-1:0] rest_q, rest_d;  // restored: no profile sample at its end
  (* mem2reg *) reg [31:0] start_q[0:TBS-1];
  (* mem2reg *) reg [31:0] start_d[0:TBS-1];
  (* mem2reg *) reg [KS_W-1:0] kslot_q[0:TBS-1];
  (* mem2reg *) reg [KS_W-1:0] kslot_d[0:TBS-1];
  (* mem2reg *) reg [31:0] insts_q[0:TBS-1];
  (* mem2reg *) reg [31:0] insts_d[0:TBS-1];
  (* mem2reg *) reg [31:0] exec_q[0:TBS-1];
  (* mem2reg *) reg [31:0] exec_d[0:TBS-1];
  reg [KSLOTS-1:0] prof_q, prof_d;
  (* mem2reg *) reg [31:0] avg_q[0:KSLOTS-1];
  (* mem2reg *) reg [31:0] avg_d[0:KSLOTS-1];
  reg arm_q, arm_d;
  reg [31:0] hint_q, hint_d;
  reg ckpt_valid_q, ckpt_valid_d;
  reg [TBS-1:0] ckpt_mask_q, ckpt_mask_d;
  reg pre_valid_q, pre_valid_d;
  reg [TBS-1:0] pre_mask_q, pre_mask_d;

  // ---------------------------------------------------------------- entry lookups by index
  // (compare with every index: an index >= TBS reads as out of range, never live)
  reg s_in, s_live, i_live, d_live, d_rest, v_live;
  reg [KS_W-1:0] d_kslot;
  reg [31:0] d_start;
  always @(*) begin
    s_in = 1'b0;
    s_live = 1'b0;
    i_live = 1'b0;
    d_live = 1'b0;
    d_rest = 1'b0;
    d_kslot = {KS_W{1'b0}};
    d_start = 32'd0;
    v_live = 1'b0;
    for (e = 0; e < TBS; e = e + 1) begin
      if (tb_start_rtb_i == e[RTB_W-1:0]) begin
        s_in = 1'b1;
        s_live = live_q[e];
      end
      if (tb_inst_rtb_i == e[RTB_W-1:0]) i_live = live_q[e];
      if (tb_done_rtb_i == e[RTB_W-1:0]) begin
        d_live = live_q[e];
        d_rest = rest_q[e];
        d_kslot = kslot_q[e];
        d_start = start_q[e];
      end
      if (tb_evict_rtb_i == e[RTB_W-1:0]) v_live = live_q[e];
    end
  end

  // ---------------------------------------------------------------- input checks
  wire done_ok = tb_done_valid_i && d_live;
  wire evict_ok = tb_evict_valid_i && v_live;
  // an entry freed by a done or evict in this cycle may take a new TB in the same cycle
  wire start_free = !s_live || (done_ok && (tb_done_rtb_i == tb_start_rtb_i)) ||
                    (evict_ok && (tb_evict_rtb_i == tb_start_rtb_i));
  wire start_ok = tb_start_valid_i && s_in && (tb_start_kslot_i < KSLOTS[7:0]) && start_free;
  wire inst_ok = tb_inst_valid_i && i_live;
  wire clear_ok = kslot_clear_valid_i && (kslot_clear_i < KSLOTS[7:0]);
  assign err_start_o = tb_start_valid_i && !start_ok;
  assign err_inst_o  = tb_inst_valid_i && !inst_ok;
  assign err_done_o  = tb_done_valid_i && !done_ok;
  assign err_evict_o = tb_evict_valid_i && !evict_ok;
  assign err_clear_o = kslot_clear_valid_i && !clear_ok;

  // ---------------------------------------------------------------- profile sample (EMA)
  reg        s_prof;  // the done TB's slot is profiled
  reg [31:0] s_avg;
  always @(*) begin
    s_prof = 1'b0;
    s_avg  = 32'd0;
    for (k = 0; k < KSLOTS; k = k + 1) begin
      if (d_kslot == k[KS_W-1:0]) begin
        s_prof = prof_q[k];
        s_avg  = avg_q[k];
      end
    end
  end
  wire [31:0] sample = cyc_q - d_start;  // the TB's execution time (cycles)
  wire do_sample = done_ok && !d_rest;
  // avg + (sample - avg) >>> EMA_SH: the 33-bit signed difference, shifted arithmetically
  // (rounds towards minus infinity); the sum lies between avg and sample, so 32 bits hold it
  wire signed [32:0] ema_diff = $signed({1'b0, sample}) - $signed({1'b0, s_avg});
  wire signed [32:0] ema_step = ema_diff >>> EMA_SH;
  wire [31:0] ema = s_avg + ema_step[31:0];  // mod 2^32: the true sum fits
  wire unused_ema_sign = ema_step[32];
  wire [31:0] avg_new = s_prof ? ema : sample;  // the first sample is the average

  // ---------------------------------------------------------------- this cycle's threshold
  wire [23:0] sw = ctx_bytes_i >> bw_shift_i;  // worst-case switch time: all TBs of the SM
  wire hint_fire = hint_valid_i && !preempt_valid_i && (policy_i == KMU_POL_PEP);
  wire judge = arm_q && (policy_i == KMU_POL_PEP) && !preempt_valid_i && !hint_fire;
  wire [31:0] dh = cyc_q - hint_q;  // cycles since the hint
  wire [31:0] tl = (pred_launch_i > dh) ? (pred_launch_i - dh) : 32'd0;  // to the launch
  wire [32:0] x_hint = {1'b0, pred_launch_i} + {9'd0, sw};
  wire [32:0] x_new = {1'b0, tl} + {9'd0, sw};
  wire [32:0] x_pre = (policy_i == KMU_POL_PEP) ? {9'd0, sw} : {1'b0, deadline_i};
  wire [32:0] x_wide = preempt_valid_i ? x_pre : (hint_fire ? x_hint : x_new);
  wire [31:0] x = x_wide[32] ? 32'hffff_ffff : x_wide[31:0];  // saturated to 32 bits

  // ---------------------------------------------------------------- rem(e) > x, all entries
  reg [TBS-1:0] long_v;
  reg [31:0] el, rem_p, ri, e_avg;
  reg e_prof;
  reg [63:0] lhs, rhs;
  always @(*) begin
    long_v = {TBS{1'b0}};
    el = 32'd0;
    rem_p = 32'd0;
    ri = 32'd0;
    e_avg = 32'd0;
    e_prof = 1'b0;
    lhs = 64'd0;
    rhs = 64'd0;
    for (e = 0; e < TBS; e = e + 1) begin
      el = cyc_q - start_q[e];
      e_prof = 1'b0;
      e_avg = 32'd0;
      for (k = 0; k < KSLOTS; k = k + 1) begin
        if (kslot_q[e] == k[KS_W-1:0]) begin
          e_prof = prof_q[k];
          e_avg  = avg_q[k];
        end
      end
      rem_p = (e_avg > el) ? (e_avg - el) : 32'd0;
      ri = (insts_q[e] > exec_q[e]) ? (insts_q[e] - exec_q[e]) : 32'd0;
      lhs = {32'd0, ri} * {32'd0, el};
      rhs = {32'd0, x} * {32'd0, exec_q[e]};
      if (e_prof) long_v[e] = rem_p > x;
      else if ((insts_q[e] == 32'd0) || (exec_q[e] == 32'd0)) long_v[e] = 1'b1;
      else long_v[e] = lhs > rhs;
    end
  end

  // ---------------------------------------------------------------- decisions
  wire [TBS-1:0] el_ok = elig_i & live_q;  // eligible and tracked
  wire [TBS-1:0] ck_hint = el_ok & ~base_i & long_v;
  wire [TBS-1:0] ck_new = fresh_q & ck_hint;
  reg [TBS-1:0] sw_mask;
  always @(*) begin
    case (policy_i)
      KMU_POL_DRAIN: sw_mask = {TBS{1'b0}};
      KMU_POL_PEP:   sw_mask = el_ok & (base_i | long_v);  // base: incremental; no base: mispredicted
      default:   sw_mask = el_ok & long_v;  // CHIMERA, CHIMERA_DIRTY: against the deadline
    endcase
  end

  // ---------------------------------------------------------------- next state
  always @(*) begin
    cyc_d = cyc_q + 32'd1;
    live_d = live_q;
    fresh_d = {TBS{1'b0}};
    rest_d = rest_q;
    for (e = 0; e < TBS; e = e + 1) begin
      start_d[e] = start_q[e];
      kslot_d[e] = kslot_q[e];
      insts_d[e] = insts_q[e];
      exec_d[e]  = exec_q[e];
    end
    prof_d = prof_q;
    for (k = 0; k < KSLOTS; k = k + 1) avg_d[k] = avg_q[k];
    arm_d = arm_q;
    hint_d = hint_q;

    // retire, finish, evict, start (in this order: a start wins over the old TB's events)
    for (e = 0; e < TBS; e = e + 1) begin
      if (inst_ok && (tb_inst_rtb_i == e[RTB_W-1:0]) && (exec_q[e] != 32'hffff_ffff))
        exec_d[e] = exec_q[e] + 32'd1;
      if (done_ok && (tb_done_rtb_i == e[RTB_W-1:0])) live_d[e] = 1'b0;
      if (evict_ok && (tb_evict_rtb_i == e[RTB_W-1:0])) live_d[e] = 1'b0;
      if (start_ok && (tb_start_rtb_i == e[RTB_W-1:0])) begin
        live_d[e] = 1'b1;
        fresh_d[e] = 1'b1;
        rest_d[e] = tb_start_restored_i;
        start_d[e] = cyc_q;
        kslot_d[e] = tb_start_kslot_i[KS_W-1:0];
        insts_d[e] = tb_start_insts_i;
        exec_d[e] = 32'd0;
      end
    end
    // profile: the sample, then a clear (a clear of the same slot wins)
    for (k = 0; k < KSLOTS; k = k + 1) begin
      if (do_sample && (d_kslot == k[KS_W-1:0])) begin
        prof_d[k] = 1'b1;
        avg_d[k]  = avg_new;
      end
      if (clear_ok && (kslot_clear_i == k[7:0])) prof_d[k] = 1'b0;
    end
    // hint state: a preemption request disarms; a hint (re-)arms; a hint older than twice the
    // predicted launch time belonged to a launch that never came
    if (preempt_valid_i) arm_d = 1'b0;
    else if (hint_fire) begin
      arm_d  = 1'b1;
      hint_d = cyc_q;
    end else if (arm_q && ({1'b0, dh} >= {pred_launch_i, 1'b0})) arm_d = 1'b0;

    ckpt_valid_d = hint_fire || (judge && (ck_new != {TBS{1'b0}}));
    ckpt_mask_d = hint_fire ? ck_hint : (judge ? ck_new : {TBS{1'b0}});
    pre_valid_d = preempt_valid_i;
    pre_mask_d = preempt_valid_i ? sw_mask : {TBS{1'b0}};
  end

  // ---------------------------------------------------------------- outputs
  assign ckpt_valid_o = ckpt_valid_q;
  assign ckpt_mask_o = ckpt_mask_q;
  assign pre_valid_o = pre_valid_q;
  assign pre_switch_mask_o = pre_mask_q;
  assign armed_o = arm_q;
  assign prof_valid_o = prof_q;
  assign live_o = live_q;

  // ---------------------------------------------------------------- registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cyc_q <= 32'd0;
      live_q <= {TBS{1'b0}};
      fresh_q <= {TBS{1'b0}};
      rest_q <= {TBS{1'b0}};
      for (e = 0; e < TBS; e = e + 1) begin
        start_q[e] <= 32'd0;
        kslot_q[e] <= {KS_W{1'b0}};
        insts_q[e] <= 32'd0;
        exec_q[e]  <= 32'd0;
      end
      prof_q <= {KSLOTS{1'b0}};
      for (k = 0; k < KSLOTS; k = k + 1) avg_q[k] <= 32'd0;
      arm_q <= 1'b0;
      hint_q <= 32'd0;
      ckpt_valid_q <= 1'b0;
      ckpt_mask_q <= {TBS{1'b0}};
      pre_valid_q <= 1'b0;
      pre_mask_q <= {TBS{1'b0}};
    end else begin
      cyc_q <= cyc_d;
      live_q <= live_d;
      fresh_q <= fresh_d;
      rest_q <= rest_d;
      for (e = 0; e < TBS; e = e + 1) begin
        start_q[e] <= start_d[e];
        kslot_q[e] <= kslot_d[e];
        insts_q[e] <= insts_d[e];
        exec_q[e]  <= exec_d[e];
      end
      prof_q <= prof_d;
      for (k = 0; k < KSLOTS; k = k + 1) avg_q[k] <= avg_d[k];
      arm_q <= arm_d;
      hint_q <= hint_d;
      ckpt_valid_q <= ckpt_valid_d;
      ckpt_mask_q <= ckpt_mask_d;
      pre_valid_q <= pre_valid_d;
      pre_mask_q <= pre_mask_d;
    end
  end
endmodule

`default_nettype wire
