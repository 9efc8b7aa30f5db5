// kmu_pep_predictor - per-SM prediction and estimation unit of PEP (proactive preemption by
// checkpointing) and of Chimera's drain-or-switch choice: decides, for the resident TBs, whether
// each gets a base checkpoint at a launch hint and whether it is switched or drained at a
// preemption request.  One serial engine visits the TBs in turn (no multiplier, no divider).
//
// Paper: PEP 3.2 (prediction: the launch hint (cudaLaunch) announces a preemption about
// pred_launch cycles ahead; estimation: a TB's remaining time from the profiled average TB time
// of its kernel, else Chimera's remaining instructions x CPI; the switch time as the worst case,
// every TB of the SM switching), 3.3 (runtime selection, Fig. 3 cases a-e, Fig. 4 flow).
// Chimera (drain a TB when it finishes before the deadline, else switch it) is the baseline.
// Interface contract: docs/pep-interfaces.md section 3; block page
// docs/blocks/kmu_pep_predictor.md (which refines it: port widths, same-cycle rules, latency).
//
// State: cyc_q (free-running TW-bit cycle counter); per TB entry e the valid bits live_q,
// rest_q (restored TB) and the tables (no reset: read only for a live entry) start_m (cycle of
// its start), kslot_m, insts_m (announced warp instructions of the whole TB, 0 = unknown),
// exec_m (warp instructions retired, saturating); start_m and insts_m are block RAM with two
// words per entry (par_q[e] names the current one) and registered read ports: d_st_q (the
// done's start), w_st_q / w_in_q (the walk's, read a cycle ahead); per kernel slot k the
// valid bit prof_q and the table avg_m (EMA of TB time, read only while prof_q; block RAM,
// three registered read ports: avg_j_q for a new TB, avg_s_q for a sample, r_avg_q for the
// walk); the profile sample in flight smp_q / smp_ks_q with d_st_q (a done's sample lands a
// cycle later); the
// hint state arm_q / ex_q (the armed window's count down) / tl_q (cycles to the predicted
// launch); sw_q (the switch time); the last start fresh_q / fresh_idx_q / fresh_ks_q (judged
// while armed); the walk engine wk_*_q, the visited entry's registers r_*_q and the serial
// comparator mul_*_q; the registered decisions ckpt_*_q, pre_*_q.
//
// Widths (issue 15, pepboard): every time and count is TW bits (parameter TW, 16..32; default
// and paper 32, the ULX3S board 16); below, 32 / 33 / 2^32 read TW / TW + 1 / 2^TW.  A time or
// count input >= 2^TW reads as 2^TW - 1 (asserted); a TB living 2^TW cycles or more aliases.
// Remaining time rem(e) of a visited TB, el = wk_t_q - start_m[e] (mod 2^32), wk_t_q the event's
// cycle:
//   profiled slot:   rem = avg > el ? avg - el : 0                  (32 bits)
//   else Chimera:    rem = (insts - exec) * el / exec, insts - exec clamped at 0, compared
//                    without division: rem > X <=> (insts - exec) * el > X * exec, decided by
//                    a serial shift-add comparator, MSB first, one bit of el and exec per cycle:
//                    D = 2D + (el[b] ? ri : 0) - (exec[b] ? X : 0), 32 cycles, rem > X <=> D > 0
//                    (D saturated to the 33-bit signed range [-2^32, 2^32-1]: once |D| is
//                    that large no later step can change its sign, as every step adds less
//                    than 2^32 to 2D, so the sign and D > 0 are exact; one adder: ri - X is
//                    prepared first, -X is ~X plus the carry-in);
//                    exec is the value at the TB's visit;
//   unknown (insts == 0 or exec == 0, not profiled): longer than any X.
// Every threshold X is saturated to 32 bits (2^32-1 cycles = 3.5 s at 1216 MHz).
// sw = ctx_bytes_i >> bw_shift_i is registered (sw_q: the previous cycle's CSRs), and the time
// to the predicted launch tl_q is pred_launch_i at the hint counted down by one per cycle to 0
// (so a pred_launch_i change while armed applies from the next hint): both keep the shifter and
// the subtractions off the threshold's path.
//
// The walk (one engine): a launch hint (policy PEP, no request, no request walk running) or a
// preemption request (no request walk running: a request during one is answered by it) in cycle
// t latches X, the cycle t, the policy and the candidates = entries live in t and not freed or
// restarted in t; a new event of either kind restarts a hint walk (the request wins; a newer hint
// re-decides).  From t+1 the engine visits entry 0, 1, .. TBS-1, two cycles each: W_RD reads the
// entry's table fields and its slot's profile into registers, W_DEC decides from them; a
// candidate whose estimate is Chimera's (not profiled, insts != 0, exec != 0 when read) takes
// W_PREP, 32 W_MUL steps and W_FIN instead of W_DEC (35 cycles).  A candidate freed (done,
// evict, restart) during the walk drops out.  A visit's bit is decided in W_DEC / W_FIN from
// elig_i, base_i there:
//   hint:    eligible, no base, rem > pred_launch + sw (cases a/b; the others drain: c);
//   request: DRAIN none; CHIMERA and CHIMERA_DIRTY eligible with rem > deadline_i; PEP eligible
//            with a base, and eligible without a base with rem > sw (a misprediction).
// The walk's last cycle f registers ckpt_valid_o / ckpt_mask_o (hint) or pre_valid_o /
// pre_switch_mask_o (request) for f+1, the mask limited to candidates eligible in f.
// Eligible = elig_i[e] && a candidate (an entry this unit has not seen start is never eligible).
// New TBs while armed: a TB started in cycle s is judged in s+1 (policy PEP, armed, no hint and
// no request in s+1) without the engine: el = 1 and exec = 0 then, so its estimate is the
// profile or unknown: eligible, no base, rem > max(0, hint + pred_launch - cyc) + sw ->
// ckpt_valid_o / ckpt_mask_o in s+2, only when it is checkpointed (cases d/e); in a cycle where
// a hint walk ends too, the two masks are ORed.
// armed_o: in the cycles c after a hint h with c - h <= 2 * pred_launch (pred_launch_i at the
//   hint), i.e. h+1 .. h+2*pred_launch (at least h+1), low from the cycle after a preemption
//   request.  ex_q counts it down: 2 pred_launch loaded at the hint, one less each cycle, so
//   ex_q = 2 pred_launch - (c - h) + 1 in cycle c; the window ends in the cycle with
//   ex_q <= 1 (a zero test of ex_q[32:1]; no cycle stamp, no subtraction, no compare).
// busy_o: a request's walk runs, from the cycle after the request to the cycle before its
//   pre_valid_o (kmu_sm counts it as preemption work: kmu_preempt_ctrl's busy gate sees it).
//
// Latency (cycles; nc = candidates visited with Chimera's estimate): hint or request in t ->
// decision in t + 2 * TBS + 1 + 33 * nc (small TBS=4: 9 with profiles; paper TBS=32: 65); TB
// start while armed in s -> its decision in s+2; done in t -> profile (prof_valid_o and the
// average every reader sees) in t+2 (t reads avg_m, t+1 computes the EMA and writes); bad input ->
// err_*_o in t (combinational).
//
// Inputs, all always accepted; a bad one raises its err_*_o in the same cycle and is ignored:
//   tb_start: rtb >= TBS, kslot >= KSLOTS, or the entry live and not freed by a done/evict of
//     the same entry in the same cycle (err_start_o).  A start sets start_m = cyc_q, exec 0.
//   tb_inst: entry not live (err_inst_o).  Counts for the TB in the entry before the edge: a
//     start of the same entry in the same cycle wins (exec_m = 0).
//   tb_done / tb_evict: entry not live (err_done_o / err_evict_o).  A done takes the profile
//     sample cyc_q - start_m unless the TB is restored; done and evict of the same entry in one
//     cycle are both accepted (the sample is taken).
//   kslot_clear: kslot >= KSLOTS (err_clear_o).  It wins over a sample of the same slot taken in
//     the same cycle (a done there) or landing in it (a done in the cycle before): the new
//     kernel's profile starts empty.
// Every decision of cycle t reads the state before t's edge (avg_m, live_q, ...).
// C twin: cmodel/preempt/kmu_pep_predictor.c (same state names).
`default_nettype none

module kmu_pep_predictor #(
    parameter integer TBS    = 4,  // resident TB entries (1..64); 4 small, 32 paper
    parameter integer KSLOTS = 8,  // kernel slots (1..64); 8 small, 32 paper
    parameter integer EMA_SH = 3,  // profile EMA weight 2^-EMA_SH (0..TW-1); 3
    // time and count width TW (16..32): cycle stamps, TB times, averages, instruction counts,
    // thresholds; 32 the paper's, 16 the ULX3S board's (issue 15, pepboard: a time or count
    // input >= 2^TW reads as 2^TW - 1, a TB living 2^TW cycles or more aliases)
    parameter integer TW     = 32
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
    output wire              busy_o,             // a request's walk runs (its decision is due)
    // observability (registers)
    output wire [KSLOTS-1:0] prof_valid_o,       // kernel slot k has a profile
    output wire [   TBS-1:0] live_o              // entries with a TB this unit tracks
);
  localparam integer RTB_W = (TBS > 1) ? $clog2(TBS) : 1;
  localparam integer KS_W = (KSLOTS > 1) ? $clog2(KSLOTS) : 1;
  localparam integer LAST_I = TBS - 1;
  localparam [RTB_W-1:0] LAST = LAST_I[RTB_W-1:0];  // the walk's last entry
  localparam integer MB_W = $clog2(TW);  // a step's bit index
  localparam integer MUL_LAST_I = TW - 1;
  localparam [MB_W-1:0] MUL_LAST = MUL_LAST_I[MB_W-1:0];  // the serial comparator's last step (TW bits)
  // a visit: W_RD (read the entry into r_*), then W_DEC (decide), or for a Chimera estimate
  // W_PREP (ri - X), W_MUL (32 steps), W_FIN (decide from D)
  localparam [2:0] W_RD = 3'd0, W_DEC = 3'd1, W_PREP = 3'd2, W_MUL = 3'd3, W_FIN = 3'd4;
  // D = ri * el - X * exec, saturated to [-2^32, 2^32-1] (33-bit two's complement): a D at a
  // bound stays there (2D plus any step's operand, |op| < 2^32, is beyond it again), and the
  // true D stays beyond it too, so the sign and D == 0 are those of the exact 66-bit D
  localparam integer ACC_W = TW + 1;
  localparam [ACC_W-1:0] ACC_MAX = {1'b0, {(ACC_W - 1) {1'b1}}};  // 2^32 - 1
  localparam [ACC_W-1:0] ACC_MIN = {1'b1, {(ACC_W - 1) {1'b0}}};  // -2^32
  // policy codes KMU_POL_* (regmap/kmu.rdl)
`include "kmu_regmap.vh"

  integer e, k;

  // ---------------------------------------------------------------- state
  reg [TW-1:0] cyc_q, cyc_d;
  reg [TBS-1:0] live_q, live_d;
  reg [TBS-1:0] rest_q, rest_d;  // restored: no profile sample at its end
  reg fresh_q, fresh_d;  // a TB started in the previous cycle (judged while armed)
  reg [RTB_W-1:0] fresh_idx_q, fresh_idx_d;  // its entry
  reg [KS_W-1:0] fresh_ks_q, fresh_ks_d;  // its kernel slot
  reg [KSLOTS-1:0] prof_q, prof_d;
  reg arm_q, arm_d;
  reg [TW:0] ex_q, ex_d;  // the armed window's count down (wraps freely while disarmed)
  reg [TW-1:0] tl_q, tl_d;  // cycles to the predicted launch: pred_launch at the hint, counted down
  reg [TW-1:0] sw_q, sw_d;  // the switch time, registered from ctx_bytes_i >> bw_shift_i
  // the walk
  reg wk_q, wk_d;  // a walk runs
  reg wk_pre_q, wk_pre_d;  // a preemption request's walk (else a hint's)
  reg [1:0] wk_pol_q, wk_pol_d;  // the request's policy
  reg [TW-1:0] wk_x_q, wk_x_d;  // its threshold X
  reg [TW-1:0] wk_t_q, wk_t_d;  // its cycle (el = wk_t_q - start)
  reg [RTB_W-1:0] wk_idx_q, wk_idx_d;  // the entry being visited
  reg [TBS-1:0] wk_cand_q, wk_cand_d;  // live at the event, not freed since
  reg [TBS-1:0] wk_mask_q, wk_mask_d;  // the bits decided so far
  reg [2:0] wk_st_q, wk_st_d;  // the visit's step (W_*)
  // the visited entry, read in W_RD (registered: the decision works on registers)
  reg [TW-1:0] r_el_q, r_el_d;  // el = wk_t_q - start_m
  // its slot's average: avg_m's walk read port (a block RAM read register, no reset), read
  // with the address of every cycle; W_DEC uses the word read in W_RD
  reg [TW-1:0] r_avg_q;
  reg r_prof_q, r_prof_d;  // its slot is profiled
  reg [TW-1:0] r_ri_q, r_ri_d;  // insts - exec, clamped at 0
  reg [TW-1:0] r_ex_q, r_ex_d;  // exec
  // the serial comparator
  reg [TW:0] r_rmx_q, r_rmx_d;  // ri - X (two's complement)
  reg [MB_W-1:0] mul_n_q, mul_n_d;  // its step
  reg [ACC_W-1:0] mul_acc_q, mul_acc_d;  // D (two's complement)
  reg ckpt_valid_q, ckpt_valid_d;
  reg [TBS-1:0] ckpt_mask_q, ckpt_mask_d;
  reg pre_valid_q, pre_valid_d;
  reg [TBS-1:0] pre_mask_q, pre_mask_d;

  // ---------------------------------------------------------------- tables (no reset)
  // read only for a live entry / a profiled slot; written at a start, a retired instruction, a
  // profile sample
  reg [KS_W-1:0] kslot_m[0:TBS-1];
  reg [TW-1:0] exec_m[0:TBS-1];
  // start_m, insts_m (issue 15, pepctx: block RAM, no reset): two words per entry, entry e's
  // current one at {par_q[e], e}; a start writes the other word and flips par_q[e], so no
  // read ever meets a write to its word (no_rw_check holds by construction: a done reads the
  // old TB's word while a start of the same entry writes the new one).  Registered read ports:
  // the done's start (d_st_q, address the done entry, read at the done's edge: the sample's
  // second cycle uses it) and the walk's start and insts (w_st_q, w_in_q, address the entry the
  // walk visits in the next cycle, wk_idx_d: W_RD uses the word, read a cycle ahead).
  reg [TBS-1:0] par_q, par_d;
  (* ram_style = "block", no_rw_check *)
  reg [TW-1:0] start_m[0:(2 << RTB_W)-1];
  (* ram_style = "block", no_rw_check *)
  reg [TW-1:0] insts_m[0:(2 << RTB_W)-1];
  reg [TW-1:0] d_st_q;  // the done entry's start (sample = cyc - start, in the next cycle)
  reg [TW-1:0] w_st_q, w_in_q;  // the visited entry's start and insts (read a cycle ahead)
  // their addresses: a start writes the entry's other word (par_q flips at the same edge); the
  // done reads the done entry's word, the walk the word of the next cycle's entry
  wire [RTB_W:0] st_wa = {~par_q[tb_start_rtb_i], tb_start_rtb_i};
  wire [RTB_W:0] d_ra = {par_q[tb_done_rtb_i], tb_done_rtb_i};
  wire [RTB_W:0] w_ra = {par_q[wk_idx_d], wk_idx_d};
  // avg_m (issue 15: block RAM, no reset): one write port (the sample's second cycle), three
  // registered read ports, replicated: the new TB's (avg_j_q, address the start's slot), the
  // sample's (avg_s_q, the done TB's slot), the walk's (r_avg_q, the visited entry's slot).
  // The first two take the word written at the same edge (a forward; the RAM's own
  // read-during-write is left undefined: no_rw_check); the walk's reads the word before it.
  (* ram_style = "block", no_rw_check *)
  reg [TW-1:0] avg_m[0:KSLOTS-1];
  reg [TW-1:0] avg_j_q, avg_s_q;
  // the profile sample in flight: a done in t (not restored, its slot not cleared in t) is
  // registered here and read avg_m at t's edge; t+1 computes the EMA and writes avg_m and
  // prof_q at t+1's edge (a clear of the slot in t+1 wins)
  reg smp_q, smp_d;
  reg [KS_W-1:0] smp_ks_q, smp_ks_d;

  // ---------------------------------------------------------------- entry lookups by index
  // (compare with every index: an index >= TBS reads as out of range, never live)
  reg s_in, s_live, i_live, d_live, d_rest, v_live;
  always @(*) begin
    s_in = 1'b0;
    s_live = 1'b0;
    i_live = 1'b0;
    d_live = 1'b0;
    d_rest = 1'b0;
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
  // entries freed or restarted at this edge (they leave a walk's candidates)
  wire [TBS-1:0] one = {{(TBS - 1) {1'b0}}, 1'b1};
  wire [TBS-1:0] freed = (done_ok ? (one << tb_done_rtb_i) : {TBS{1'b0}}) |
                         (evict_ok ? (one << tb_evict_rtb_i) : {TBS{1'b0}}) |
                         (start_ok ? (one << tb_start_rtb_i) : {TBS{1'b0}});

  // ---------------------------------------------------------------- profile sample (EMA)
  // (a done entry is live, so its table reads are written ones; any other read is unused:
  // do_sample is low then).  First cycle t: the slot into smp_*_q, avg_m and start_m read;
  // second cycle: the sample and the EMA from registers, written at its edge.
  wire [KS_W-1:0] s_ks = kslot_m[tb_done_rtb_i];
  // the TB's execution time (cycles): cyc of the done = cyc_q - 1 in the second cycle, so
  // cyc_q - 1 - start = cyc_q + ~start (one adder)
  wire [TW-1:0] smp_val = cyc_q + ~d_st_q;
  // a clear of the slot in the same cycle wins (the sample is dropped)
  // (clear_ok: kslot_clear_i < KSLOTS, its upper bits are 0)
  wire do_sample = done_ok && !d_rest && !(clear_ok && (kslot_clear_i[KS_W-1:0] == s_ks));
  wire s_prof = prof_q[smp_ks_q];  // the sample's slot is profiled (as of the second cycle)
  wire [TW-1:0] s_avg = avg_s_q;
  // avg + (sample - avg) >>> EMA_SH: the 33-bit signed difference, shifted arithmetically
  // (rounds towards minus infinity); the sum lies between avg and sample, so TW bits hold it
  wire signed [TW:0] ema_diff = $signed({1'b0, smp_val}) - $signed({1'b0, s_avg});
  wire signed [TW:0] ema_step = ema_diff >>> EMA_SH;
  wire [TW-1:0] ema = s_avg + ema_step[TW-1:0];  // mod 2^TW: the true sum fits
  wire unused_ema_sign = ema_step[TW];
  wire [TW-1:0] avg_new = s_prof ? ema : smp_val;  // the first sample is the average

  // ---------------------------------------------------------------- this cycle's threshold
  // worst-case switch time, all TBs of the SM: sw_q = the previous cycle's ctx_bytes_i >>
  // bw_shift_i (registered: the shifter is off the threshold's path).  The shifter as four
  // 2:1 stages, the widest shift first (pepctx2: Yosys's own network for the variable `>>` cost
  // 14 iCE40 / 16 ECP5 LUT4 more; the same function, asserted)
  wire [23:0] sw_s0 = bw_shift_i[3] ? {8'd0, ctx_bytes_i[23:8]} : ctx_bytes_i;
  wire [23:0] sw_s1 = bw_shift_i[2] ? {4'd0, sw_s0[23:4]} : sw_s0;
  wire [23:0] sw_s2 = bw_shift_i[1] ? {2'd0, sw_s1[23:2]} : sw_s1;
  wire [23:0] sw_s3 = bw_shift_i[0] ? {1'd0, sw_s2[23:1]} : sw_s2;
  // saturated to TW bits (a TW >= 24 never saturates)
  wire [TW+23:0] sw_wide = {{TW{1'b0}}, sw_s3};
  wire [TW-1:0] sw_sat = (sw_wide[TW+23:TW] != 24'd0) ? {TW{1'b1}} : sw_wide[TW-1:0];
  wire [TW-1:0] sw = sw_q;
  // the 32-bit time and count inputs saturated to TW bits (no logic at TW = 32)
  wire [TW+31:0] pl_wide = {{TW{1'b0}}, pred_launch_i};
  wire [TW+31:0] dl_wide = {{TW{1'b0}}, deadline_i};
  wire [TW+31:0] in_wide = {{TW{1'b0}}, tb_start_insts_i};
  wire [TW-1:0] pl_n = (pl_wide[TW+31:TW] != 32'd0) ? {TW{1'b1}} : pl_wide[TW-1:0];
  wire [TW-1:0] dl_n = (dl_wide[TW+31:TW] != 32'd0) ? {TW{1'b1}} : dl_wide[TW-1:0];
  wire [TW-1:0] in_n = (in_wide[TW+31:TW] != 32'd0) ? {TW{1'b1}} : in_wide[TW-1:0];
  wire pre_walk = wk_q && wk_pre_q;  // a request's walk runs: it answers a new request too
  wire pre_go = preempt_valid_i && !pre_walk;
  wire hint_fire = hint_valid_i && !preempt_valid_i && (policy_i == KMU_POL_PEP) && !pre_walk;
  wire judge = arm_q && (policy_i == KMU_POL_PEP) && !preempt_valid_i && !hint_fire;
  wire ex_end = (ex_q[TW:1] == {TW{1'b0}});  // the armed window's last cycle (or past it)
  wire [TW-1:0] tl = tl_q;  // max(0, pred_launch (at the hint) - (cyc - hint))
  // the count down: pred_launch_i at a hint, else tl_q, less one, floored at 0 (the borrow:
  // one decrementer, no zero compare)
  wire [TW:0] tl_dec = {1'b0, (hint_fire ? pl_n : tl_q)} - {{TW{1'b0}}, 1'b1};
  // X = a + b, one adder: request: sw (PEP) or deadline; hint: pred_launch + sw; new TB: tl + sw
  wire pre_dl = preempt_valid_i && (policy_i != KMU_POL_PEP);  // a deadline, no sw
  wire [TW-1:0] x_a = preempt_valid_i ? (pre_dl ? dl_n : {TW{1'b0}}) : (hint_fire ? pl_n : tl);
  wire [TW-1:0] x_b = pre_dl ? {TW{1'b0}} : sw;
  wire [TW:0] x_wide = {1'b0, x_a} + {1'b0, x_b};
  wire [TW-1:0] x = x_wide[TW] ? {TW{1'b1}} : x_wide[TW-1:0];  // saturated to TW bits

  // ---------------------------------------------------------------- the new TB (judge)
  // started in the previous cycle: el = 1, exec = 0, so rem is the profile's or unknown (long)
  wire f_prof = prof_q[fresh_ks_q];
  wire [TW-1:0] f_avg = avg_j_q;  // read at the start's edge (its slot), forwarded
  // rem = max(0, avg - 1) > X <=> avg > X + 1 <=> avg - X - 1 = avg + ~X > 0, against the
  // unsaturated X (a saturated one exceeds any avg as well): one adder (35-bit two's
  // complement) and a zero test, off the saturation mux
  wire [TW+2:0] f_dif = {3'b0, f_avg} + ~{2'b0, x_wide};
  wire f_long = f_prof ? (!f_dif[TW+2] && (f_dif != {(TW + 3) {1'b0}})) : 1'b1;
  wire f_ok = fresh_q && live_q[fresh_idx_q] && elig_i[fresh_idx_q] && !base_i[fresh_idx_q];
  wire [TBS-1:0] ck_new = (f_ok && f_long) ? (one << fresh_idx_q) : {TBS{1'b0}};

  // ---------------------------------------------------------------- the walk: visit wk_idx_q
  // W_RD: the table reads of the visited entry, registered
  wire [KS_W-1:0] v_ks = kslot_m[wk_idx_q];
  wire [TW-1:0] v_insts = w_in_q;  // read a cycle ahead (a restarted entry is no candidate)
  wire [TW-1:0] v_exec = exec_m[wk_idx_q];
  wire v_cand = wk_cand_q[wk_idx_q];
  wire v_prof = prof_q[v_ks];
  wire v_unknown = (v_insts == {TW{1'b0}}) || (v_exec == {TW{1'b0}});
  // insts - exec clamped at 0: one subtraction, its borrow clamps (no separate compare)
  wire [TW:0] v_ri = {1'b0, v_insts} - {1'b0, v_exec};
  wire [ACC_W-1:0] ext_ri = {1'b0, r_ri_q};
  wire [ACC_W-1:0] ext_rmx = r_rmx_q;
  // -X = ~X + 1: the operand ~X (= -X - 1, no register) and the 1 in the carry-in, the LSB
  // of 2D (always 0)
  wire [ACC_W-1:0] ext_nx = {1'b1, ~wk_x_q};
  // W_MUL step, MSB first: D = 2D + (el[b] ? ri : 0) - (exec[b] ? X : 0), one adder
  wire [MB_W-1:0] mul_b = MUL_LAST - mul_n_q;  // the bit of this step
  wire el_bit = r_el_q[mul_b];
  wire ex_bit = r_ex_q[mul_b];
  wire [ACC_W-1:0] mul_op = el_bit ? (ex_bit ? ext_rmx : ext_ri) :
                                     (ex_bit ? ext_nx : {ACC_W{1'b0}});
  wire mul_cin = ex_bit && !el_bit;  // -X's + 1
  // 2D + op in ACC_W + 2 bits (|2D| <= 2^33, |op| < 2^32), then saturated: it fits when its
  // three upper bits agree
  wire [ACC_W+1:0] mul_sum = {mul_acc_q[ACC_W-1], mul_acc_q, mul_cin} +
                             {{2{mul_op[ACC_W-1]}}, mul_op};
  wire mul_fit = (mul_sum[ACC_W+1:ACC_W-1] == 3'b000) || (mul_sum[ACC_W+1:ACC_W-1] == 3'b111);
  wire [ACC_W-1:0] mul_next = mul_fit ? mul_sum[ACC_W-1:0] : (mul_sum[ACC_W+1] ? ACC_MIN : ACC_MAX);
  wire mul_long = !mul_acc_q[ACC_W-1] && (mul_acc_q != {ACC_W{1'b0}});  // D > 0
  // the visit's bit is decided in W_DEC (profile: rem > X <=> avg > el + X; unknown: long) or
  // W_FIN (Chimera: D > 0)
  wire v_fin = wk_q && ((wk_st_q == W_DEC) || (wk_st_q == W_FIN));
  wire [TW:0] r_elx = {1'b0, r_el_q} + {1'b0, wk_x_q};
  wire v_long = (wk_st_q == W_FIN) ? mul_long : (r_prof_q ? ({1'b0, r_avg_q} > r_elx) : 1'b1);
  wire v_ok = v_cand && elig_i[wk_idx_q];
  wire v_base = base_i[wk_idx_q];
  reg v_bit;
  always @(*) begin
    if (!wk_pre_q) v_bit = v_ok && !v_base && v_long;  // hint: base-checkpoint the long ones
    else begin
      case (wk_pol_q)
        KMU_POL_DRAIN: v_bit = 1'b0;
        KMU_POL_PEP:   v_bit = v_ok && (v_base || v_long);  // base: incremental; else mispredicted
        default:       v_bit = v_ok && v_long;  // CHIMERA, CHIMERA_DIRTY: against the deadline
      endcase
    end
  end
  wire [TBS-1:0] wk_bits = wk_mask_q | (v_bit ? (one << wk_idx_q) : {TBS{1'b0}});
  // the last visit ends the walk unless a new event restarts it in this cycle
  wire wk_end = v_fin && (wk_idx_q == LAST) && !pre_go && !hint_fire;
  wire [TBS-1:0] wk_out = wk_bits & wk_cand_q & elig_i;  // still eligible at the end

  // ---------------------------------------------------------------- next state
  always @(*) begin
    cyc_d = cyc_q + {{(TW - 1) {1'b0}}, 1'b1};
    live_d = (live_q & ~freed) | (start_ok ? (one << tb_start_rtb_i) : {TBS{1'b0}});
    rest_d = rest_q;
    if (start_ok) rest_d[tb_start_rtb_i] = tb_start_restored_i;
    fresh_d = start_ok;
    fresh_idx_d = start_ok ? tb_start_rtb_i : fresh_idx_q;
    fresh_ks_d = start_ok ? tb_start_kslot_i[KS_W-1:0] : fresh_ks_q;
    prof_d = prof_q;
    if (smp_q) prof_d[smp_ks_q] = 1'b1;
    smp_d = do_sample;
    smp_ks_d = s_ks;
    par_d = par_q;
    if (start_ok) par_d[tb_start_rtb_i] = ~par_q[tb_start_rtb_i];
    // a clear of the same slot wins over the sample
    for (k = 0; k < KSLOTS; k = k + 1)
      if (clear_ok && (kslot_clear_i == k[7:0])) prof_d[k] = 1'b0;
    // hint state: a preemption request disarms; a hint (re-)arms; a hint older than twice the
    // predicted launch time belonged to a launch that never came
    arm_d = arm_q;
    ex_d = hint_fire ? {pl_n, 1'b0} : ex_q - {{TW{1'b0}}, 1'b1};
    sw_d = sw_sat;
    tl_d = tl_dec[TW] ? {TW{1'b0}} : tl_dec[TW-1:0];
    if (preempt_valid_i) arm_d = 1'b0;
    else if (hint_fire) arm_d = 1'b1;
    else if (arm_q && ex_end) arm_d = 1'b0;

    // the walk
    wk_d = wk_q;
    wk_pre_d = wk_pre_q;
    wk_pol_d = wk_pol_q;
    wk_x_d = wk_x_q;
    wk_t_d = wk_t_q;
    wk_idx_d = wk_idx_q;
    wk_cand_d = wk_cand_q & ~freed;
    wk_mask_d = wk_mask_q;
    wk_st_d = wk_st_q;
    r_el_d = r_el_q;
    r_prof_d = r_prof_q;
    r_ri_d = r_ri_q;
    r_ex_d = r_ex_q;
    r_rmx_d = r_rmx_q;
    mul_n_d = mul_n_q;
    mul_acc_d = mul_acc_q;
    if (pre_go || hint_fire) begin  // a new walk (the request wins over a hint)
      wk_d = 1'b1;
      wk_pre_d = pre_go;
      wk_pol_d = policy_i;
      wk_x_d = x;
      wk_t_d = cyc_q;
      wk_idx_d = {RTB_W{1'b0}};
      wk_cand_d = live_q & ~freed;
      wk_mask_d = {TBS{1'b0}};
      wk_st_d = W_RD;
    end else if (wk_q) begin
      case (wk_st_q)
        W_RD: begin  // read the entry; a candidate with Chimera's estimate gets the comparator
          r_el_d = wk_t_q - w_st_q;
          r_prof_d = v_prof;
          r_ri_d = v_ri[TW] ? {TW{1'b0}} : v_ri[TW-1:0];
          r_ex_d = v_exec;
          wk_st_d = (v_cand && !v_prof && !v_unknown) ? W_PREP : W_DEC;
        end
        W_PREP: begin
          r_rmx_d = {1'b0, r_ri_q} - {1'b0, wk_x_q};
          mul_n_d = {MB_W{1'b0}};
          mul_acc_d = {ACC_W{1'b0}};
          wk_st_d = W_MUL;
        end
        W_MUL: begin
          mul_n_d = mul_n_q + {{(MB_W - 1) {1'b0}}, 1'b1};
          mul_acc_d = mul_next;
          if (mul_n_q == MUL_LAST) wk_st_d = W_FIN;
        end
        default: begin  // W_DEC, W_FIN: the visit's bit; next entry, or the end
          wk_mask_d = wk_bits;
          wk_st_d = W_RD;
          if (wk_idx_q == LAST) wk_d = 1'b0;
          else wk_idx_d = wk_idx_q + {{(RTB_W - 1) {1'b0}}, 1'b1};
        end
      endcase
    end

    ckpt_valid_d = (wk_end && !wk_pre_q) || (judge && (ck_new != {TBS{1'b0}}));
    ckpt_mask_d = ((wk_end && !wk_pre_q) ? wk_out : {TBS{1'b0}}) |
                  (judge ? ck_new : {TBS{1'b0}});
    pre_valid_d = wk_end && wk_pre_q;
    pre_mask_d = (wk_end && wk_pre_q) ? wk_out : {TBS{1'b0}};
  end

  // ---------------------------------------------------------------- outputs
  assign ckpt_valid_o = ckpt_valid_q;
  assign ckpt_mask_o = ckpt_mask_q;
  assign pre_valid_o = pre_valid_q;
  assign pre_switch_mask_o = pre_mask_q;
  assign armed_o = arm_q;
  assign busy_o = wk_q && wk_pre_q;
  assign prof_valid_o = prof_q;
  assign live_o = live_q;

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // Checked every cycle in simulation (KMU_ASSERT).  The walk's candidates are live entries
  // (a freed entry leaves them in its cycle); the visit's step is a defined one; a request's
  // decision comes when its walk is over (busy_o low); a mask is only out with its valid.
  // rst_ni only masks the checks in reset (no flop): hence the lint waiver.
  localparam [63:0] TW_MAX = (64'd1 << TW) - 64'd1;
  function [63:0] sat64(input [63:0] v);
    sat64 = (v > TW_MAX) ? TW_MAX : v;
  endfunction
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if ((wk_cand_q & ~live_q) != {TBS{1'b0}}) begin
        $display("ASSERTION kmu_pep_predictor %m t=%0t: candidates %h not live %h", $time,
                 wk_cand_q, live_q);
        $stop;
      end
      if (smp_q && ({{(32 - KS_W) {1'b0}}, smp_ks_q} >= KSLOTS)) begin
        $display("ASSERTION kmu_pep_predictor %m t=%0t: a sample of slot %0d", $time, smp_ks_q);
        $stop;
      end
      if (wk_st_q > W_FIN) begin
        $display("ASSERTION kmu_pep_predictor %m t=%0t: visit step %0d", $time, wk_st_q);
        $stop;
      end
      if (pre_valid_q && busy_o) begin
        $display("ASSERTION kmu_pep_predictor %m t=%0t: a decision while a request's walk runs",
                 $time);
        $stop;
      end
      // start_m / insts_m are no_rw_check: a start's write never meets a read of its word
      if (start_ok && ((st_wa == d_ra) || (st_wa == w_ra))) begin
        $display("ASSERTION kmu_pep_predictor %m t=%0t: start_m word %0d written and read", $time,
                 st_wa);
        $stop;
      end
      // the staged shifter is ctx_bytes_i >> bw_shift_i
      if (sw_s3 != (ctx_bytes_i >> bw_shift_i)) begin
        $display("ASSERTION kmu_pep_predictor %m t=%0t: sw %0d for %0d >> %0d", $time, sw_s3,
                 ctx_bytes_i, bw_shift_i);
        $stop;
      end
      // the TW clamps (pepboard): a time or count input >= 2^TW reads as 2^TW - 1
      if ((sat64({40'd0, sw_s3}) != {{(64 - TW) {1'b0}}, sw_sat}) ||
          (sat64({32'd0, pred_launch_i}) != {{(64 - TW) {1'b0}}, pl_n}) ||
          (sat64({32'd0, deadline_i}) != {{(64 - TW) {1'b0}}, dl_n}) ||
          (sat64({32'd0, tb_start_insts_i}) != {{(64 - TW) {1'b0}}, in_n})) begin
        $display("ASSERTION kmu_pep_predictor %m t=%0t: TW clamp: sw %0d->%0d pl %0d->%0d", $time,
                 sw_s3, sw_sat, pred_launch_i, pl_n);
        $stop;
      end
      // the new TB's one-adder test is avg > X + 1
      if (f_prof && (f_long != ({2'b0, f_avg} > ({1'b0, x_wide} + {{(TW + 1) {1'b0}}, 1'b1})))) begin
        $display("ASSERTION kmu_pep_predictor %m t=%0t: new TB avg %0d X %0d long %0d", $time,
                 f_avg, x_wide, f_long);
        $stop;
      end
      // a saturated D keeps its bound (its sign is decided)
      if (wk_q && (wk_st_q == W_MUL) && (((mul_acc_q == ACC_MAX) && (mul_next != ACC_MAX)) ||
                                         ((mul_acc_q == ACC_MIN) && (mul_next != ACC_MIN)))) begin
        $display("ASSERTION kmu_pep_predictor %m t=%0t: D left its bound %h -> %h", $time,
                 mul_acc_q, mul_next);
        $stop;
      end
      if ((!ckpt_valid_q && (ckpt_mask_q != {TBS{1'b0}})) ||
          (!pre_valid_q && (pre_mask_q != {TBS{1'b0}}))) begin
        $display("ASSERTION kmu_pep_predictor %m t=%0t: a mask without its valid", $time);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif

  // ---------------------------------------------------------------- tables (no reset)
  // the retired entry's exec + 1; its carry out holds an all-ones count (no all-ones compare)
  wire [TW:0] ex_inc = {1'b0, exec_m[tb_inst_rtb_i]} + {{TW{1'b0}}, 1'b1};
  always @(posedge clk_i) begin
    // retire (saturating), then a start of the same entry wins (exec 0)
    if (inst_ok && !ex_inc[TW]) exec_m[tb_inst_rtb_i] <= ex_inc[TW-1:0];
    if (start_ok) begin
      kslot_m[tb_start_rtb_i] <= tb_start_kslot_i[KS_W-1:0];
      exec_m[tb_start_rtb_i]  <= {TW{1'b0}};
    end
    if (smp_q) avg_m[smp_ks_q] <= avg_new;
  end
  // start_m / insts_m: the start writes, the done and the walk read (addresses above)
  always @(posedge clk_i) begin
    if (start_ok) begin
      start_m[st_wa] <= cyc_q;
      insts_m[st_wa] <= in_n;
    end
    d_st_q <= start_m[d_ra];
    w_st_q <= start_m[w_ra];
    w_in_q <= insts_m[w_ra];
  end
  // avg_m's read ports (registered, every cycle; the unused words are don't-care)
  wire [KS_W-1:0] j_ks = tb_start_kslot_i[KS_W-1:0];
  always @(posedge clk_i) begin
    avg_j_q <= (smp_q && (smp_ks_q == j_ks)) ? avg_new : avg_m[j_ks];
    avg_s_q <= (smp_q && (smp_ks_q == s_ks)) ? avg_new : avg_m[s_ks];
    r_avg_q <= avg_m[v_ks];
  end

  // ---------------------------------------------------------------- registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cyc_q <= {TW{1'b0}};
      live_q <= {TBS{1'b0}};
      rest_q <= {TBS{1'b0}};
      fresh_q <= 1'b0;
      fresh_idx_q <= {RTB_W{1'b0}};
      fresh_ks_q <= {KS_W{1'b0}};
      prof_q <= {KSLOTS{1'b0}};
      arm_q <= 1'b0;
      ex_q <= {(TW + 1) {1'b0}};
      tl_q <= {TW{1'b0}};
      sw_q <= {TW{1'b0}};
      wk_q <= 1'b0;
      wk_pre_q <= 1'b0;
      wk_pol_q <= 2'd0;
      wk_x_q <= {TW{1'b0}};
      wk_t_q <= {TW{1'b0}};
      wk_idx_q <= {RTB_W{1'b0}};
      wk_cand_q <= {TBS{1'b0}};
      wk_mask_q <= {TBS{1'b0}};
      wk_st_q <= W_RD;
      r_el_q <= {TW{1'b0}};
      smp_q <= 1'b0;
      smp_ks_q <= {KS_W{1'b0}};
      par_q <= {TBS{1'b0}};
      r_prof_q <= 1'b0;
      r_ri_q <= {TW{1'b0}};
      r_ex_q <= {TW{1'b0}};
      r_rmx_q <= {(TW + 1) {1'b0}};
      mul_n_q <= {MB_W{1'b0}};
      mul_acc_q <= {ACC_W{1'b0}};
      ckpt_valid_q <= 1'b0;
      ckpt_mask_q <= {TBS{1'b0}};
      pre_valid_q <= 1'b0;
      pre_mask_q <= {TBS{1'b0}};
    end else begin
      cyc_q <= cyc_d;
      live_q <= live_d;
      rest_q <= rest_d;
      fresh_q <= fresh_d;
      fresh_idx_q <= fresh_idx_d;
      fresh_ks_q <= fresh_ks_d;
      prof_q <= prof_d;
      arm_q <= arm_d;
      ex_q <= ex_d;
      tl_q <= tl_d;
      sw_q <= sw_d;
      wk_q <= wk_d;
      wk_pre_q <= wk_pre_d;
      wk_pol_q <= wk_pol_d;
      wk_x_q <= wk_x_d;
      wk_t_q <= wk_t_d;
      wk_idx_q <= wk_idx_d;
      wk_cand_q <= wk_cand_d;
      wk_mask_q <= wk_mask_d;
      wk_st_q <= wk_st_d;
      r_el_q <= r_el_d;
      smp_q <= smp_d;
      smp_ks_q <= smp_ks_d;
      par_q <= par_d;
      r_prof_q <= r_prof_d;
      r_ri_q <= r_ri_d;
      r_ex_q <= r_ex_d;
      r_rmx_q <= r_rmx_d;
      mul_n_q <= mul_n_d;
      mul_acc_q <= mul_acc_d;
      ckpt_valid_q <= ckpt_valid_d;
      ckpt_mask_q <= ckpt_mask_d;
      pre_valid_q <= pre_valid_d;
      pre_mask_q <= pre_mask_d;
    end
  end
endmodule

`default_nettype wire
