// kmu_warp_preempt - the SIMT preemption controller: one warp-level event warp at a time takes
// the warp slot of a running background warp (the victim), then gives it back.
//
// Paper: EDGE (event-driven GPU execution) IV-D and Fig. 10 (warp-level preemption: a victim
// warp is flushed from the pipeline with four optimisations - priority boost, i-buffer flush,
// barrier skip with re-insert, load drop and replay -; its SIMT stack gets {event PC, full
// mask}; registers the event warp overwrites are saved, or free registers are reserved
// instead; the event warp runs at the highest priority), IV-C (the event warp table at the
// SIMT core feeds the request), VI-B..D (victim policies Oldest / Newest, latency breakdown).
// Interface contract: docs/edge-wp-interfaces.md; block page docs/blocks/kmu_warp_preempt.md.
//
// Victim choice (combinational, in the request's cycle): a slot fits when w_live_i is set, no
// wstart/wexit names it in this cycle, and the register-fit rule holds: ev_regs_i <=
// free_regs_i (the event warp reserves free registers: nothing is saved, any live warp fits)
// or wregs(slot) >= ev_regs_i (the victim's first ev_regs_i registers are saved).  Among the
// fitting slots, vpol_i 0 (and the reserved 3) takes the oldest, 1 the newest, 2 the cheapest
// state class (0: idle or at a barrier with skip on; 1: i-buffer only, or loads in flight with
// load drop on (one drop pulse flushes them); 2: in the pipeline or waiting for an i-cache
// miss; 3: loads in flight with load drop off, or at a barrier without skip), ties to the
// oldest.  One tournament picks for every policy: WARPS-1 nodes, each keeping the lower class of
// its two children's winners (all 0 unless best), in a tie the older (newer) by one age-matrix
// bit read at the two winners.  Age = start order of wstart_valid_i, an age triangle: one flop
// per pair of slots i < j, older_q bit (j, i) = slot i started before slot j (at j*(j-1)/2 + i);
// the pair's other order is its complement, so the rows of the full matrix (older_m[j] bit i:
// slot i is older than slot j, the diagonal 0) are wires.  A start moves the slot to the newest
// end; reset order: lower slot older (the triangle all ones).  WARPS*(WARPS-1)/2 flops: 28
// small, 2,016 for the paper's 64 slots (the square matrix had 64 / 4,096).  The C twin keeps
// the full rows (q.older[j] = older_m[j]) and updates them with a mask per start, as before.
//
// Handshake contract:
//   ev_valid_i/ev_ready_o: ev_ready_o = idle && wp_en_i && some slot fits (depends
//     combinationally on ev_regs_i, free_regs_i, vpol_i, w_* and the CSRs).  ev_refuse_o =
//     ev_valid_i && idle && !(wp_en_i && some slot fits): the request is not accepted (the
//     regular path).  While busy neither is high: the request waits (ev_valid_i held).
//   Per-slot controls are one-hot at the victim (WARPS bits).  vic_stop_o from the cycle after
//     the acceptance up to the cycle before vic_resume_o (the pipeline applies it to the
//     victim's context, not to the event warp that runs in the slot in between); vic_boost_o
//     while flushing when opt_i[0].  In a flushing cycle (combinational in w_*[victim]):
//     ibuf_flush_o = opt_i[1] && w_ibuf_i, bar_skip_o = opt_i[2] && w_bar_i, ld_drop_o =
//     opt_i[3] && w_ld_i.  The victim is flushed in a flushing cycle with !w_inpipe_i &&
//     !w_ld_i && !w_icmiss_i && (!w_bar_i || opt_i[2]) && (!w_ibuf_i || opt_i[1]) (a barrier /
//     i-buffer that is still set is skipped / flushed by the pulse of that same cycle).
//   Flushed in cycle F: stk_push_o (stk_pc_o = ev_pc) in F+1; reserved: ev_start_o in F+2;
//     else rsave_valid_o from F+2 until rsave_ready_i, rsave_done_i in a later cycle D,
//     ev_start_o in D+1.  The victim's wexit in a flushing cycle X (it left on its own): the
//     event warp takes the free slot, ev_start_o in X+1 with no stk_push_o, no save, and after
//     its ev_done_i nothing more (no pop, restore, re-insert or resume).
//   ev_done_i == one-hot(victim) after ev_start_o, in cycle T: stk_pop_o and (if a barrier
//     skip was issued) bar_reins_o in T+1; reserved: vic_resume_o in T+2; else rrest_valid_o
//     from T+2 until rrest_ready_i, rrest_done_i in a later cycle E, vic_resume_o in E+1.
//     Idle (ev_ready_o possible) the cycle after vic_resume_o.
//   Bad inputs get err_o (one bit per cause, in their cycle) and change nothing:
//     [0] ev_done_i != 0 other than one-hot(victim) while the event warp runs;
//     [1] wstart_valid_i for a slot >= WARPS or for the victim's slot while busy;
//     [2] wexit_valid_i for a slot >= WARPS, or for the victim's slot while busy but not
//         flushing (the victim is stopped and empty, or the event warp holds the slot);
//     [3] rsave_done_i when no save is outstanding;  [4] rrest_done_i likewise.
//
// Latency: flushed (and any save done) -> ev_start_o: 2 cycles (reserved: F -> F+2), 1 cycle
// after a save (D -> D+1), 1 cycle after a victim exit.  lat_o: cycles from the acceptance to
// ev_start_o of the last preemption (saturating 16 bits), from the cycle after ev_start_o.
// C twin: cmodel/preempt/kmu_warp_preempt.c.
`default_nettype none

module kmu_warp_preempt #(
    parameter integer WARPS = 8  // warp slots (1..64); 8 small, 64 paper
) (
    input  wire             clk_i,
    input  wire             rst_ni,          // asynchronous, active low

    // per-slot status from the SIMT pipeline, every cycle
    input  wire [WARPS-1:0] w_live_i,        // a live background warp
    input  wire [WARPS-1:0] w_inpipe_i,      // an issued instruction not written back
    input  wire [WARPS-1:0] w_ld_i,          // waits for in-flight loads
    input  wire [WARPS-1:0] w_bar_i,         // waits at a thread barrier
    input  wire [WARPS-1:0] w_ibuf_i,        // decoded, not issued instructions
    input  wire [WARPS-1:0] w_icmiss_i,      // waits for an i-cache miss
    // warp start / exit events
    input  wire             wstart_valid_i,
    input  wire [      5:0] wstart_warp_i,
    input  wire [      7:0] wstart_regs_i,   // registers per thread of the warp's kernel
    input  wire             wexit_valid_i,
    input  wire [      5:0] wexit_warp_i,

    // event request (from the SM controller's EWT head)
    input  wire             ev_valid_i,
    output wire             ev_ready_o,
    output wire             ev_refuse_o,     // no fitting victim (or wp_en_i low): not taken
    input  wire [      7:0] ev_regs_i,
    input  wire [     31:0] ev_pc_i,
    input  wire [     15:0] ev_id_i,
    input  wire [      7:0] free_regs_i,     // free registers per thread for one more warp

    // controls to the SIMT pipeline (one-hot at the victim)
    output wire [WARPS-1:0] vic_stop_o,
    output wire [WARPS-1:0] vic_boost_o,
    output wire [WARPS-1:0] ibuf_flush_o,
    output wire [WARPS-1:0] bar_skip_o,
    output wire [WARPS-1:0] bar_reins_o,
    output wire [WARPS-1:0] ld_drop_o,
    output wire             rsave_valid_o,
    input  wire             rsave_ready_i,
    output wire [      5:0] rsave_warp_o,
    output wire [      7:0] rsave_nregs_o,
    input  wire             rsave_done_i,
    output wire [WARPS-1:0] stk_push_o,
    output wire [     31:0] stk_pc_o,        // event PC (with stk_push_o / ev_start_o)
    output wire [WARPS-1:0] ev_start_o,
    input  wire [WARPS-1:0] ev_done_i,
    output wire [WARPS-1:0] stk_pop_o,
    output wire             rrest_valid_o,
    input  wire             rrest_ready_i,
    output wire [      5:0] rrest_warp_o,
    output wire [      7:0] rrest_nregs_o,
    input  wire             rrest_done_i,
    output wire [WARPS-1:0] vic_resume_o,

    // CSRs
    input  wire [      1:0] vpol_i,          // 0 oldest, 1 newest, 2 best, 3 reserved (oldest)
    input  wire [      3:0] opt_i,           // [0] boost [1] i-buffer flush [2] bar skip [3] ld drop
    input  wire             wp_en_i,

    // status
    output wire             busy_o,
    output wire [      5:0] victim_o,        // the slot (with busy_o)
    output wire             victim_valid_o,  // busy and a victim to give back (not exited)
    output wire             rsv_o,           // registers reserved, no save (with busy_o)
    output wire [     15:0] cur_id_o,        // ev_id of the event in progress (with busy_o)
    output wire [      4:0] err_o,
    output wire [     15:0] lat_o            // acceptance -> ev_start_o of the last preemption
);
  // states
  // victim policies KMU_VICTIM_* (regmap/kmu.rdl)
`include "kmu_regmap.vh"
  localparam [3:0] S_IDLE = 4'd0;  // ev_ready_o possible
  localparam [3:0] S_FLUSH = 4'd1;  // victim stopped, flush optimisations, wait for flushed
  localparam [3:0] S_PUSH = 4'd2;  // stk_push_o
  localparam [3:0] S_SAVE = 4'd3;  // rsave_valid_o
  localparam [3:0] S_SWAIT = 4'd4;  // wait for rsave_done_i
  localparam [3:0] S_START = 4'd5;  // ev_start_o
  localparam [3:0] S_RUN = 4'd6;  // the event warp runs; wait for ev_done_i
  localparam [3:0] S_POP = 4'd7;  // stk_pop_o, bar_reins_o
  localparam [3:0] S_REST = 4'd8;  // rrest_valid_o
  localparam [3:0] S_RWAIT = 4'd9;  // wait for rrest_done_i
  localparam [3:0] S_RESUME = 4'd10;  // vic_resume_o

  integer c, k;

  // ---------------------------------------------------------------- state
  reg [3:0] state_q, state_d;
  reg [5:0] vic_q, vic_d;  // victim slot
  reg rsv_q, rsv_d;  // registers reserved: no save / restore
  reg skipped_q, skipped_d;  // a barrier skip was issued: re-insert at the pop
  reg vexit_q, vexit_d;  // the victim exited while flushing: the event holds a free slot
  reg [7:0] nregs_q, nregs_d;  // registers to save / restore (ev_regs)
  reg [31:0] pc_q, pc_d;  // event PC
  reg [15:0] id_q, id_d;  // event tag
  reg [15:0] cnt_q, cnt_d;  // cycles since the acceptance (saturating)
  reg [15:0] cnt_inc;  // cnt_q + 1
  reg cnt_co;  // its carry out: cnt_q is all ones, hold it (no separate all-ones compare)
  reg [15:0] lat_q, lat_d;  // cnt at the last ev_start_o
  // per slot, packed (slot c in [8c +: 8]): registers per thread of its warp
  reg [8*WARPS-1:0] wregs_q, wregs_d;
  // the age triangle (header): bit (j, i), i < j, at j*(j-1)/2 + i; one bit wide at WARPS = 1
  localparam integer TRI = (WARPS * (WARPS - 1)) / 2;
  localparam integer TRI_W = (TRI > 0) ? TRI : 1;
  reg [TRI_W-1:0] older_q, older_d;
  // the full matrix (wires), padded to P x P: row j at [P*j +: P], bit i = slot i is older
  // than slot j; the rows and columns of slots >= WARPS are 0 (never read: asserted below)
  localparam integer IW = (WARPS > 1) ? $clog2(WARPS) : 1;  // slot number bits
  localparam integer P = 1 << IW;  // WARPS rounded up to a power of two
  reg [P*P-1:0] older_m;
  integer ta, tb;  // the triangle's row and column
  localparam [WARPS-1:0] ONE = {{(WARPS - 1) {1'b0}}, 1'b1};

  // the full matrix from the triangle: bit (j, i) as is, bit (i, j) its complement (the
  // indices are loop constants: no arithmetic is left after elaboration)
  always @(*) begin
    older_m = {(P * P) {1'b0}};
    for (ta = 1; ta < WARPS; ta = ta + 1)
      for (tb = 0; tb < ta; tb = tb + 1) begin
        older_m[P*ta+tb] = older_q[(ta*(ta-1))/2+tb];
        older_m[P*tb+ta] = !older_q[(ta*(ta-1))/2+tb];
      end
  end

  wire idle = (state_q == S_IDLE);
  wire busy = !idle;
  wire flushing = (state_q == S_FLUSH);
  wire [WARPS-1:0] vic_oh = busy ? (ONE << vic_q) : {WARPS{1'b0}};
  wire [WARPS-1:0] start_oh = ONE << wstart_warp_i;  // zero for a slot >= WARPS
  wire [WARPS-1:0] exit_oh = ONE << wexit_warp_i;  // likewise

  // ---------------------------------------------------------------- victim choice
  wire newest = (vpol_i == KMU_VICTIM_NEWEST);
  // The register-fit compares as the borrow of a 9-bit subtract (x >= y: no borrow of x - y):
  // Yosys 0.23's synth_ice40 maps a `>=` / `<=` of two variables to a carry chain plus about a
  // LUT4 a bit (the nine compares with wregs_q: 131 iCE40 LUT4 at WARPS 8), the subtract to the
  // chain and its borrow alone (dirtywp; the same function, asserted below)
  wire [7:0] unused_rsv_diff;
  wire rsv_borrow;
  assign {rsv_borrow, unused_rsv_diff} = {1'b0, free_regs_i} - {1'b0, ev_regs_i};
  wire rsv_now = !rsv_borrow;  // ev_regs_i <= free_regs_i
  reg [WARPS-1:0] fit;  // live, not starting/exiting now, registers fit
  reg [2*WARPS-1:0] cls;  // per slot its state class under best (slot c at [2c +: 2]), else 0
  // the pick's tournament over the fitting slots: node n's children 2n and 2n+1, the leaves
  // P + c (slot c); per node the winner's valid bit, slot number and class
  reg [2*P-1:0] t_v;
  reg [IW*2*P-1:0] t_idx;
  reg [2*2*P-1:0] t_cls;
  reg [1:0] t_cl, t_cr;
  reg [IW-1:0] t_l, t_r;  // the two children's winners
  reg t_older, t_left;
  reg [5:0] pick_idx;
  reg wregs_ok, c3, c2, ldd;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [WARPS-1:0] regs_ge;  // per slot wregs >= ev_regs_i (read by the assertion only)
  reg [7:0] ge_diff;  // only the borrow is used
  reg ge_borrow;
  /* verilator lint_on UNUSEDSIGNAL */
  always @(*) begin
    fit = {WARPS{1'b0}};
    cls = {(2 * WARPS) {1'b0}};
    regs_ge = {WARPS{1'b0}};
    for (c = 0; c < WARPS; c = c + 1) begin
      {ge_borrow, ge_diff} = {1'b0, wregs_q[8*c+:8]} - {1'b0, ev_regs_i};
      wregs_ok = !ge_borrow;  // wregs >= ev_regs_i
      regs_ge[c] = wregs_ok;
      fit[c] = w_live_i[c] && (rsv_now || wregs_ok) &&
               !(wstart_valid_i && start_oh[c]) && !(wexit_valid_i && exit_oh[c]);
      // cost classes of the best policy
      // (loads in flight with load drop on cost one drop pulse: the i-buffer's class; their
      // in-pipeline bit is the loads' own)
      ldd = w_ld_i[c] && opt_i[3];
      c3 = (w_ld_i[c] && !opt_i[3]) || (w_bar_i[c] && !opt_i[2]);
      c2 = (w_inpipe_i[c] && !ldd) || w_icmiss_i[c];
      if (vpol_i == KMU_VICTIM_BEST)
        cls[2*c+:2] = c3 ? 2'd3 : c2 ? 2'd2 : (w_ibuf_i[c] || ldd) ? 2'd1 : 2'd0;
    end
    // the victim by a tournament over the fitting slots: WARPS-1 nodes, each keeps the better
    // of its children's winners: the lower class (all 0 unless best), in a tie the older
    // (newer) one, read from the age matrix at the two winners (a node at height h reads one
    // of 4^(h-1) bits: the winners' upper slot bits are constants).  No compare of every slot
    // with every other, and no class-wide reductions choosing the set to pick among
    t_v = {(2 * P) {1'b0}};
    t_idx = {(IW * 2 * P) {1'b0}};
    t_cls = {(2 * 2 * P) {1'b0}};
    for (c = 0; c < WARPS; c = c + 1) begin
      t_v[P+c] = fit[c];
      t_cls[2*(P+c)+:2] = cls[2*c+:2];
    end
    for (c = 0; c < P; c = c + 1) t_idx[IW*(P+c)+:IW] = c[IW-1:0];
    for (c = P - 1; c >= 1; c = c - 1) begin
      t_l = t_idx[IW*(2*c)+:IW];
      t_r = t_idx[IW*(2*c+1)+:IW];
      t_cl = t_cls[2*(2*c)+:2];
      t_cr = t_cls[2*(2*c+1)+:2];
      t_older = older_m[{t_r, t_l}];  // the left winner started before the right one
      t_left = t_v[2*c] && (!t_v[2*c+1] || (t_cl < t_cr) || ((t_cl == t_cr) && (t_older ^ newest)));
      t_v[c] = t_v[2*c] || t_v[2*c+1];
      t_idx[IW*c+:IW] = t_left ? t_l : t_r;
      t_cls[2*c+:2] = t_left ? t_cl : t_cr;
    end
    pick_idx = {{(6 - IW) {1'b0}}, t_idx[IW+:IW]};
  end
  wire any_fit = |fit;
  assign ev_ready_o = idle && wp_en_i && any_fit;
  assign ev_refuse_o = ev_valid_i && idle && !(wp_en_i && any_fit);
  wire accept = ev_valid_i && ev_ready_o;

  // ---------------------------------------------------------------- the victim's status
  wire v_inpipe = |(w_inpipe_i & vic_oh);
  wire v_ld = |(w_ld_i & vic_oh);
  wire v_bar = |(w_bar_i & vic_oh);
  wire v_ibuf = |(w_ibuf_i & vic_oh);
  wire v_icmiss = |(w_icmiss_i & vic_oh);
  wire v_exit = wexit_valid_i && busy && (wexit_warp_i == vic_q);
  wire v_start = wstart_valid_i && busy && (wstart_warp_i == vic_q);
  wire flushed = !v_inpipe && !v_ld && !v_icmiss && (!v_bar || opt_i[2]) &&
                 (!v_ibuf || opt_i[1]);
  wire skip_now = flushing && opt_i[2] && v_bar;
  wire ev_done_ok = (state_q == S_RUN) && (ev_done_i == vic_oh);

  // ---------------------------------------------------------------- errors
  wire wstart_bad = wstart_valid_i && (({26'd0, wstart_warp_i} >= WARPS) || v_start);
  wire wexit_bad = wexit_valid_i && (({26'd0, wexit_warp_i} >= WARPS) || (v_exit && !flushing));
  wire victim_exit = v_exit && flushing;
  assign err_o[0] = (ev_done_i != {WARPS{1'b0}}) && !ev_done_ok;
  assign err_o[1] = wstart_bad;
  assign err_o[2] = wexit_bad;
  assign err_o[3] = rsave_done_i && (state_q != S_SWAIT);
  assign err_o[4] = rrest_done_i && (state_q != S_RWAIT);

  // ---------------------------------------------------------------- next state
  always @(*) begin
    vic_d = vic_q;
    rsv_d = rsv_q;
    skipped_d = skipped_q;
    vexit_d = vexit_q;
    nregs_d = nregs_q;
    pc_d = pc_q;
    id_d = id_q;
    cnt_d = cnt_q;
    lat_d = lat_q;
    wregs_d = wregs_q;
    older_d = older_q;
    // age and registers of a (valid) warp start: it becomes the newest slot (every other slot
    // is older than it, it is older than none): in the triangle, row j = the started slot all
    // ones, column i = the started slot all zeros
    if (wstart_valid_i && !wstart_bad) begin
      for (c = 0; c < WARPS; c = c + 1)
        if (start_oh[c]) wregs_d[8*c+:8] = wstart_regs_i;
      for (c = 1; c < WARPS; c = c + 1)
        for (k = 0; k < c; k = k + 1)
          if (start_oh[c]) older_d[(c*(c-1))/2+k] = 1'b1;
          else if (start_oh[k]) older_d[(c*(c-1))/2+k] = 1'b0;
    end
    {cnt_co, cnt_inc} = {1'b0, cnt_q} + 17'd1;
    if (!cnt_co) cnt_d = cnt_inc;
    case (state_q)
      S_IDLE:
      if (accept) begin
        vic_d = pick_idx;
        rsv_d = rsv_now;
        skipped_d = 1'b0;
        vexit_d = 1'b0;
        nregs_d = ev_regs_i;
        pc_d = ev_pc_i;
        id_d = ev_id_i;
        cnt_d = 16'd1;  // the first flushing cycle is one cycle after the acceptance
      end
      S_FLUSH: begin
        if (skip_now) skipped_d = 1'b1;
        if (victim_exit) vexit_d = 1'b1;
      end
      S_START: lat_d = cnt_q;
      default: ;
    endcase
  end

  always @(*) begin
    case (state_q)
      S_IDLE: state_d = accept ? S_FLUSH : S_IDLE;
      S_FLUSH: state_d = victim_exit ? S_START : (flushed ? S_PUSH : S_FLUSH);
      S_PUSH: state_d = rsv_q ? S_START : S_SAVE;
      S_SAVE: state_d = rsave_ready_i ? S_SWAIT : S_SAVE;
      S_SWAIT: state_d = rsave_done_i ? S_START : S_SWAIT;
      S_START: state_d = S_RUN;
      S_RUN: state_d = ev_done_ok ? (vexit_q ? S_IDLE : S_POP) : S_RUN;
      S_POP: state_d = rsv_q ? S_RESUME : S_REST;
      S_REST: state_d = rrest_ready_i ? S_RWAIT : S_REST;
      S_RWAIT: state_d = rrest_done_i ? S_RESUME : S_RWAIT;
      S_RESUME: state_d = S_IDLE;
      default: state_d = S_IDLE;
    endcase
  end

  // ---------------------------------------------------------------- outputs
  wire stopped = busy && (state_q != S_RESUME) && !vexit_q;
  assign vic_stop_o = stopped ? vic_oh : {WARPS{1'b0}};
  assign vic_boost_o = (flushing && opt_i[0]) ? vic_oh : {WARPS{1'b0}};
  assign ibuf_flush_o = (flushing && opt_i[1] && v_ibuf) ? vic_oh : {WARPS{1'b0}};
  assign bar_skip_o = skip_now ? vic_oh : {WARPS{1'b0}};
  assign ld_drop_o = (flushing && opt_i[3] && v_ld) ? vic_oh : {WARPS{1'b0}};
  assign bar_reins_o = ((state_q == S_POP) && skipped_q) ? vic_oh : {WARPS{1'b0}};
  assign stk_push_o = (state_q == S_PUSH) ? vic_oh : {WARPS{1'b0}};
  assign ev_start_o = (state_q == S_START) ? vic_oh : {WARPS{1'b0}};
  assign stk_pop_o = (state_q == S_POP) ? vic_oh : {WARPS{1'b0}};
  assign vic_resume_o = (state_q == S_RESUME) ? vic_oh : {WARPS{1'b0}};
  assign stk_pc_o = pc_q;
  assign rsave_valid_o = (state_q == S_SAVE);
  assign rsave_warp_o = vic_q;
  assign rsave_nregs_o = nregs_q;
  assign rrest_valid_o = (state_q == S_REST);
  assign rrest_warp_o = vic_q;
  assign rrest_nregs_o = nregs_q;
  assign busy_o = busy;
  assign victim_o = vic_q;
  assign victim_valid_o = busy && !vexit_q;
  assign rsv_o = rsv_q;
  assign cur_id_o = id_q;
  assign lat_o = lat_q;

  // ---------------------------------------------------------------- registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      vic_q <= 6'd0;
      rsv_q <= 1'b0;
      skipped_q <= 1'b0;
      vexit_q <= 1'b0;
      nregs_q <= 8'd0;
      pc_q <= 32'd0;
      id_q <= 16'd0;
      cnt_q <= 16'd0;
      lat_q <= 16'd0;
      wregs_q <= {(8 * WARPS) {1'b0}};
      older_q <= {TRI_W{1'b1}};  // a lower slot is older (any total order would do)
    end else begin
      state_q <= state_d;
      vic_q <= vic_d;
      rsv_q <= rsv_d;
      skipped_q <= skipped_d;
      vexit_q <= vexit_d;
      nregs_q <= nregs_d;
      pc_q <= pc_d;
      id_q <= id_d;
      cnt_q <= cnt_d;
      lat_q <= lat_d;
      wregs_q <= wregs_d;
      older_q <= older_d;
    end
  end

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // The tournament's winner against its definition over every pair: a fitting slot, and no
  // other fitting slot has a lower class, or the same class and is older (oldest) / newer
  // (newest).  The triangle and its complement are a total order, so exactly one slot
  // satisfies this.
  reg a_bad;
  integer a_i;
  always @(*) begin
    a_bad = !t_v[1] || ({26'd0, pick_idx} >= WARPS);
    if (!a_bad) begin
      a_bad = !fit[pick_idx[IW-1:0]];
      for (a_i = 0; a_i < WARPS; a_i = a_i + 1)
        if (fit[a_i] && (a_i != {26'd0, pick_idx}) &&
            ((cls[2*a_i+:2] < cls[2*pick_idx[IW-1:0]+:2]) ||
             ((cls[2*a_i+:2] == cls[2*pick_idx[IW-1:0]+:2]) &&
              (older_m[P*pick_idx[IW-1:0]+a_i] ^ newest))))
          a_bad = 1'b1;
    end
  end
  // The fit compares by carries against their definition.
  reg a_ge_bad;
  integer a_j;
  always @(*) begin
    a_ge_bad = (rsv_now != (ev_regs_i <= free_regs_i));
    for (a_j = 0; a_j < WARPS; a_j = a_j + 1)
      if (regs_ge[a_j] != (wregs_q[8*a_j+:8] >= ev_regs_i)) a_ge_bad = 1'b1;
  end
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni && a_ge_bad) begin
      $display("ASSERTION kmu_warp_preempt %m t=%0t: fit compares %h / rsv %0d wrong (ev_regs %0d)",
               $time, regs_ge, rsv_now, ev_regs_i);
      $stop;
    end
    if (rst_ni && (|fit) && a_bad) begin
      $display("ASSERTION kmu_warp_preempt %m t=%0t: pick %0d not the %s of fit %h (classes %h)",
               $time, pick_idx, newest ? "newest" : "oldest", fit, cls);
      $stop;
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
