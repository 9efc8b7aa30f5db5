// kmu_revoke - TReM kernel revocation: kills a running kernel without saving anything (every TB
// of it dropped in every SM, its slot freed) and either replays it from its first TB (back to
// the pending pool) or retires it, as the host asks; or, for a request "make room for class
// user", chooses the victim itself (the most recently started batch kernel).
//
// Paper: TReM (task revocation) III (revocation instead of a state-saving preemption: nothing
// is saved, the kernel is replayed later from its start; constant latency, independent of the
// grid), IV-B (victim: the batch kernel started most recently; Elastic's extra rule on the
// victim's remaining time), VII (a revocation counter and threshold against starvation).
//
// Kernels are named by their kernel tag (kmu_kmu's completion-table entry, held from admission
// to completion: a KDU slot frees at the kernel's last take, while its TBs still run, so a slot
// cannot name a running kernel) or by their launch id (a number the launch path gives every
// fresh kernel, LID_W bits).  The block keeps one entry per tag, written from kmu_kmu's
// admission and completion events:
//   tst_q[CT]  (reset) the tag's state: FREE (nothing since reset), RUN, RVK (under revocation),
//              REPLAY (revoked, waiting in the pending pool for its replay), DONE (its last
//              kernel completed), RETIRED (its last kernel was revoked and retired);
//   stb_q[CT]  (reset) started: a TB of the tag's kernel was taken since its (re)admission;
//   rz_q[CT]   (reset) count zero: a fresh kernel was admitted since rcnt_m's last write;
//   lid_m, user_m, est_m, start_m, iss_m, rcnt_m (no reset: read only when tst_q / stb_q say
//              written): the launch id, class (1 user-facing, 0 batch), estimated execution
//              time in cycles (0: none given), start time (time_q at admission or replay
//              re-admission: Elastic's elapsed time), first-issue time (time_q when its first
//              TB take is seen: the victim order) and revocation count.  Each has one write
//              port and one synchronous read port (block RAM; iCE40 has no LUT RAM): all are
//              read at one index, idx_q (the scan's entry, then the target).
// The revocation count travels with the kernel through its replay because a replayed kernel
// keeps its kernel tag (kmu_kmu requeues it with its tag, as it does a swapped-out
// continuation): it restarts at 0 only when a fresh kernel is admitted into the tag (rz_q).
//
// One request at a time (req_ready_o = idle).  A request accepted in cycle t is resolved by a
// serial scan of the CT entries (one per cycle, t+1..t+CT: the block-RAM tables have one read
// address for it, and no CT-wide comparator tree is needed) and decided in t+CT+1:
//   kind TAG      the entry req_id_i (>= CT: unknown);
//   kind LID      the lowest live entry (RUN, RVK, REPLAY) with that launch id, else the lowest
//                 DONE/RETIRED entry whose last kernel had it (for the error status), else none;
//   kind ROOM     the victim: among the entries RUN and STARTED at acceptance and unchanged (no
//                 completion, no restarting admission) until the scan reads them, batch and
//                 revocable by the starvation guard, the one whose first TB was taken latest
//                 (the most recently started: least work lost, TReM IV-B); ties: the lowest tag.
//                 Started = at least one TB of the kernel taken (dispatched to an SM) since its
//                 admission or its replay's re-admission (iss_valid_i: kmu_gpu registers the
//                 dispatcher's take).  A kernel admitted but not started holds no SM, so
//                 revoking it frees nothing (issue 12, found by make study-trem);
//   kind ROOM_EL  the same victim; Elastic's rule then keeps it running when its estimated
//                 remaining time, est - (now - start), is below the revocation cost (cost_i):
//                 it frees its SMs sooner by finishing than by being revoked, and revoking an
//                 older kernel instead would lose more work (reading and reasons:
//                 docs/blocks/kmu_revoke.md).  An estimate of 0 (none) or one already overrun
//                 (elapsed >= est) does not protect the kernel.  A subtract and a compare: no
//                 divider (the estimate comes with the descriptor, TReM's "predicted task
//                 execution time").
// Decision (status codes ST_*): a target not found or FREE -> UNKNOWN; DONE (or completing in
// the decision cycle) -> FINISHED; RVK, REPLAY or RETIRED -> REVOKED; RUN with a revocation count
// >= thr_i (thr_i != 0) -> GUARD (non-revocable); ROOM without a victim -> NO_VICTIM; the Elastic
// rule -> NEAR_DONE; else the sequence below.  An error completes in t+CT+2 (done_valid_o,
// err_cnt_o + 1, nothing else touched).
// Sequence (every step a one-cycle request pulse and an acknowledge pulse from the neighbour):
//   stop_o (tag) to kmu_kmu: no further TB of the tag is issued, its completion is frozen;
//   drop_o[NSM] (tag) to every SM: drop its resident TBs without saving, drain its warps,
//     absorb its outstanding memory responses; wait for drop_ack_i of every SM;
//   free_o (tag, free_replay_o) to kmu_kmu: retire (free the CT entry) or replay (requeue from
//     TB 0 with the same tag); wait free_ack_i;
//   completion: done_valid_o (status OK, action, tag, launch id), rvk_cnt_o + 1, the tag's state
//     RETIRED or REPLAY, its revocation count + 1 (saturating); a replay that brings the count
//     to thr_i (from below, thr_i != 0) pulses guard_o: the kernel is non-revocable from now on
//     and the host is told (TReM VII: move the load elsewhere).
// A completion of the target (cpl_valid_i) in the decision cycle or before the stop is
// acknowledged means it finished first: no drop, no free, status FINISHED (kmu_kmu ignores a
// stop of a tag that completes in the stop's cycle; see the contract).
//
// Latency (cycles): request handshake in t -> error completion in t+CT+2; revocation:
//   stop_o in t+CT+2, drop_o the cycle after stop_ack_i, free_o the cycle after the last
//   drop_ack_i, done_valid_o the cycle after free_ack_i: t + CT + 5 + A_stop + A_drop + A_free,
//   A_x = cycles from the request pulse to its acknowledge (0 allowed), A_drop the slowest
//   SM's.  Nothing depends on the grid size (the drop is one broadcast, every SM drops its
//   resident TBs in parallel).  Paper size (CT = 64): 69 + A_stop + A_drop + A_free; the
//   2,000-cycle target leaves A_drop <= ~1,900 cycles (an SM's drain plus its outstanding
//   memory responses) with kmu_kmu's acks at 1-2 cycles.
// irq_o pulses with every done_valid_o and every guard_o (the cycle they pulse).
// Interface contract (the neighbours' duties in docs/blocks/kmu_revoke.md): every input comes
// from a register of its block; outputs are registers except req_ready_o (from the state
// register).  Acknowledges outside their wait state are ignored.  kmu_kmu: adm_valid_i for
// every admission (adm_fresh_i = 1: a new kernel in a freshly allocated tag; 0: a continuation,
// which restarts the kernel's clock only when it is the re-admission of a replay, also in the
// cycle of the replay's free_ack_i; a fresh kernel may take a retired tag in the cycle of its
// free_ack_i), cpl_valid_i
// for every kernel completion; it never completes or reallocates a stopped tag before free_o.
// kmu_gpu: iss_valid_i / iss_tag_i for every TB take (one per cycle at most, a register: the
// take one cycle late), never for a tag in the cycle of its admission or completion.
// C twin: cmodel/sched/kmu_revoke.c.
`default_nettype none

module kmu_revoke #(
    parameter integer NSM   = 2,   // SMs (1..64): 2 small, 16 paper
    parameter integer CT    = 8,   // kernel tags (kmu_kmu completion-table entries, 1..256)
    parameter integer LID_W = 16,  // launch id bits (>= clog2(CT), <= 32)
    parameter integer CNT_W = 4,   // revocation counter bits (1..8), saturating
    parameter integer TS_W  = 32   // time stamp / estimate bits (8..32): cycles, wrapping
) (
    input  wire                clk_i,
    input  wire                rst_ni,        // asynchronous, active low
    // CSRs
    input  wire [   CNT_W-1:0] thr_i,         // starvation threshold (0: no guard)
    input  wire [    TS_W-1:0] cost_i,        // revocation cost in cycles (Elastic's rule)
    // kmu_kmu: admissions (fresh kernels and continuations) and completions
    input  wire                adm_valid_i,
    input  wire                adm_fresh_i,
    input  wire [((CT > 1) ? $clog2(CT) : 1)-1:0] adm_tag_i,
    input  wire [   LID_W-1:0] adm_lid_i,     // fresh: launch id
    input  wire                adm_user_i,    // fresh: class user-facing (1) or batch (0)
    input  wire [    TS_W-1:0] adm_est_i,     // fresh: estimated execution time (0: none)
    input  wire                cpl_valid_i,
    input  wire [((CT > 1) ? $clog2(CT) : 1)-1:0] cpl_tag_i,
    // kmu_gpu: a TB of the tag was taken (dispatched to an SM), registered: "started"
    input  wire                iss_valid_i,
    input  wire [((CT > 1) ? $clog2(CT) : 1)-1:0] iss_tag_i,
    // revoke request (the TReM MMIO window)
    input  wire                req_valid_i,
    output wire                req_ready_o,
    input  wire [         1:0] req_kind_i,    // KIND_*: TAG, LID, ROOM, ROOM_EL
    input  wire                req_replay_i,  // 1 replay, 0 retire
    input  wire [   LID_W-1:0] req_id_i,      // tag (TAG) or launch id (LID); ROOM: unused
    // sequence: kmu_kmu stop, the SMs' drop, kmu_kmu free/requeue
    output wire                stop_o,        // pulse
    input  wire                stop_ack_i,    // pulse
    output wire [     NSM-1:0] drop_o,        // pulse to every SM
    input  wire [     NSM-1:0] drop_ack_i,    // pulse per SM
    output wire                free_o,        // pulse
    output wire                free_replay_o, // with free_o: requeue from TB 0 (1) or retire (0)
    input  wire                free_ack_i,    // pulse
    output wire [((CT > 1) ? $clog2(CT) : 1)-1:0] tag_o,  // the target of stop/drop/free
    // completion
    output wire                done_valid_o,  // pulse: one per accepted request
    output wire [         2:0] done_status_o, // ST_*
    output wire                done_replay_o, // the request's action
    output wire [((CT > 1) ? $clog2(CT) : 1)-1:0] done_tag_o,  // resolved tag (else 0)
    output wire [   LID_W-1:0] done_lid_o,    // its launch id (else the request's id field)
    output wire                guard_o,       // pulse: a kernel became non-revocable
    output wire [((CT > 1) ? $clog2(CT) : 1)-1:0] guard_tag_o,
    output wire                irq_o,         // pulse: done_valid_o or guard_o
    output wire [        15:0] err_cnt_o,     // error completions (saturating)
    output wire [        15:0] rvk_cnt_o,     // revocations done (saturating)
    output wire                busy_o         // a request is being served
);
`include "kmu_regmap.vh"
  localparam integer TAG_W = (CT > 1) ? $clog2(CT) : 1;
  // request kinds and completion status: the shared codes trem_kind_e and trem_status_e
  // (regmap/kmu.rdl, TR_CMD.KIND and TR_RESULT.STATUS), short names here
  localparam [1:0] KIND_TAG = KMU_TREM_KIND_TAG, KIND_LID = KMU_TREM_KIND_LID,
                   KIND_ROOM = KMU_TREM_KIND_ROOM, KIND_ROOM_EL = KMU_TREM_KIND_ROOM_EL;
  localparam [2:0] ST_OK = KMU_TREM_STATUS_OK, ST_UNKNOWN = KMU_TREM_STATUS_UNKNOWN,
                   ST_FINISHED = KMU_TREM_STATUS_FINISHED, ST_REVOKED = KMU_TREM_STATUS_REVOKED,
                   ST_GUARD = KMU_TREM_STATUS_GUARD, ST_NO_VICTIM = KMU_TREM_STATUS_NO_VICTIM,
                   ST_NEAR_DONE = KMU_TREM_STATUS_NEAR_DONE;
  // tag states
  localparam [2:0] T_FREE = 3'd0, T_RUN = 3'd1, T_RVK = 3'd2, T_REPLAY = 3'd3, T_DONE = 3'd4,
                   T_RETIRED = 3'd5;
  // sequencer states
  localparam [2:0] F_IDLE = 3'd0, F_SCAN = 3'd1, F_DECIDE = 3'd2, F_STOP = 3'd3, F_DROP = 3'd4,
                   F_FREE = 3'd5;
  localparam integer LAST_I = CT - 1;
  localparam [TAG_W-1:0] LAST = LAST_I[TAG_W-1:0];  // the last tag
  localparam [CNT_W-1:0] CNT_MAX = {CNT_W{1'b1}};
  localparam [NSM-1:0] ALL_SM = {NSM{1'b1}};

  // ---------------------------------------------------------------- per-tag tables (no reset)
  reg [LID_W-1:0] lid_m  [0:CT-1];
  reg             user_m [0:CT-1];
  reg [ TS_W-1:0] est_m  [0:CT-1];
  reg [ TS_W-1:0] start_m[0:CT-1];
  reg [ TS_W-1:0] iss_m  [0:CT-1];
  reg [CNT_W-1:0] rcnt_m [0:CT-1];
  // tst_q resets (the tables' valid bits), so it is a flat vector, tag k at [k*TST_W +: TST_W]
  localparam integer TST_W = 3;
  reg [TST_W*CT-1:0] tst_q;
  reg [CT-1:0] stb_q;  // started (a valid bit of iss_m)
  reg [CT-1:0] rz_q;   // count zero: a fresh kernel since rcnt_m's last write

  // ---------------------------------------------------------------- sequencer state
  reg [      2:0] fsm_q;
  reg [      1:0] kind_q;
  reg             replay_q;
  reg [TAG_W-1:0] idx_q, sel_q;
  reg             found_q, flive_q, fin_q;
  reg [ TS_W-1:0] time_q, acc_t_q, best_ndl_q, best_age_q, best_est_q;
  reg [LID_W-1:0] sel_lid_q;
  reg [   CT-1:0] cand_q;
  reg [  NSM-1:0] ack_q;
  reg             stop_q, free_q;
  reg [  NSM-1:0] drop_q;
  reg             done_q, dreplay_q, guard_q, irq_q;
  reg [      2:0] dstat_q;
  reg [TAG_W-1:0] dtag_q, gtag_q;
  reg [LID_W-1:0] dlid_q;
  reg [     15:0] err_cnt_q, rvk_cnt_q;

  // ---------------------------------------------------------------- table reads
  // Every table is read at idx_q only: the scan's entry in F_SCAN, and the target (idx_q =
  // sel_q, set in the scan's last cycle) from the decision on.  lid_m, user_m, est_m, start_m
  // and iss_m have one write port and one synchronous read port (block RAM): read at idx_d,
  // the next idx_q, into *_rd_q, which hold the entry as it was before this edge's write.
  // Only lid_m is forwarded (lid_fw_q: written at the edge that read it): its reads (the LID
  // scan's compare, the decision's launch id) must see a fresh kernel admitted one cycle
  // before.  The others need no forward: they are written only by an admission (user_m, est_m,
  // start_m) or a first take (iss_m) of a tag that is then no ROOM candidate (cand_q cleared
  // at that edge, or never set: a first take means not started at acceptance), and only a
  // candidate's entry is used (the scan's take_room, the decision's Elastic rule).
  reg  [LID_W-1:0] lid_rd_q, lid_fwd_q;
  reg              lid_fw_q, user_rd_q;
  reg  [ TS_W-1:0] est_rd_q, start_rd_q, iss_rd_q;
  reg  [CNT_W-1:0] rcnt_rd_q;
  wire [      2:0] st_idx = tst_q[idx_q*TST_W+:TST_W];
  // the revocation count: rcnt_m holds what the completions wrote, rz_q says "a fresh kernel
  // since" (count 0), so the table has one write port (block RAM) and no forward (written only
  // at a completion, never while a scan or a decision reads it)
  wire [CNT_W-1:0] rcnt_idx = rz_q[idx_q] ? {CNT_W{1'b0}} : rcnt_rd_q;
  wire [ TS_W-1:0] start_idx = start_rd_q;
  wire [ TS_W-1:0] iss_idx = iss_rd_q;
  wire [LID_W-1:0] lid_idx = lid_fw_q ? lid_fwd_q : lid_rd_q;
  wire             guard_on = (thr_i != {CNT_W{1'b0}});
  // per-tag state flags (the admission reads two of them at its tag)
  reg  [   CT-1:0] run_vec, rvk_vec, rep_vec;
  integer k;
  always @(*) begin
    for (k = 0; k < CT; k = k + 1) begin
      run_vec[k] = (tst_q[k*TST_W+:TST_W] == T_RUN);
      rvk_vec[k] = (tst_q[k*TST_W+:TST_W] == T_RVK);
      rep_vec[k] = (tst_q[k*TST_W+:TST_W] == T_REPLAY);
    end
  end

  // request handshake
  wire             fire = req_valid_i && (fsm_q == F_IDLE);
  // the request's tag when it names one (TAG): in range?
  // (no compare with CT - 1 when CT is a power of two: the bits above the tag must be 0)
  localparam POW2 = (CT == (1 << TAG_W));
  wire             id_in = ((req_id_i >> TAG_W) == {LID_W{1'b0}}) &&
                           (POW2 || (req_id_i[TAG_W-1:0] <= LAST));

  // scan step: does entry idx_q replace the current choice?
  wire             live_idx = (st_idx == T_RUN) || (st_idx == T_RVK) || (st_idx == T_REPLAY);
  // (sel_lid_q holds the request's launch id through a LID scan: it takes only an equal one)
  wire             lid_eq = (lid_idx == sel_lid_q);
  wire             lid_hit = lid_eq && (st_idx != T_FREE);
  // the victim order: time since the first TB take (a candidate started before acceptance);
  // the choice's age is kept (best_age_q), not recomputed from its first-take time.  age_idx <
  // best_age_q is the carry of best_age_q + ~age_idx (an adder's carry needs no LUT per bit; a
  // compare of two registers costs two)
  wire [ TS_W-1:0] age_idx = acc_t_q - iss_idx;
  wire [   TS_W:0] age_lt = {1'b0, best_age_q} + {1'b0, ~age_idx};
  wire             room_ok = cand_q[idx_q] && !user_rd_q && (!guard_on || (rcnt_idx < thr_i));
  wire             take_lid = (kind_q == KIND_LID) && lid_hit && (!found_q || (live_idx && !flive_q));
  wire             room_q = (kind_q == KIND_ROOM) || (kind_q == KIND_ROOM_EL);
  wire             take_room = room_q && room_ok && (!found_q || age_lt[TS_W]);

  // decision
  wire             cpl_sel = cpl_valid_i && (cpl_tag_i == sel_q);
  // Elastic's rule, est != 0, elapsed < est and est - elapsed < cost (elapsed = now - start),
  // with adders only (no inverted operand, so no LUT per bit beside the carries): the scan
  // keeps the choice's ndl = ~(start + est) (best_ndl_q, "not the deadline"), then
  // rem_n = now + ndl = ~rm with rm = (est - elapsed) mod 2^TS_W.  elapsed < est exactly when
  // rm is in [1, est] (an overrun, elapsed >= est, wraps rm to 0 or above est; est = 0 leaves
  // the range empty): rm != 0 is rem_n != all ones, rm <= est the carry of est + rem_n + 1;
  // rm < cost the carry of cost + rem_n.
  wire [ TS_W-1:0] ndl_idx = ~(est_rd_q + start_idx);
  wire [ TS_W-1:0] rem_n = time_q + best_ndl_q;
  wire [   TS_W:0] rm_le_est = {1'b0, best_est_q} + {1'b0, rem_n} + {{TS_W{1'b0}}, 1'b1};
  wire [   TS_W:0] rm_lt_cost = {1'b0, cost_i} + {1'b0, rem_n};
  wire             near_done = (rem_n != {TS_W{1'b1}}) && rm_le_est[TS_W] && rm_lt_cost[TS_W];
  reg  [      2:0] dec;
  always @(*) begin
    if (room_q) begin
      if (!found_q) dec = ST_NO_VICTIM;
      else if (!cand_q[idx_q] || cpl_sel) dec = ST_FINISHED;
      else if ((kind_q == KIND_ROOM_EL) && near_done) dec = ST_NEAR_DONE;
      else dec = ST_OK;
    end else if (!found_q || ((kind_q == KIND_LID) && !lid_eq)) begin
      // (LID: the tag found was reused by a fresh kernel after the scan read it)
      dec = ST_UNKNOWN;
    end else begin
      case (st_idx)
        T_RUN: dec = cpl_sel ? ST_FINISHED : (guard_on && (rcnt_idx >= thr_i)) ? ST_GUARD : ST_OK;
        T_DONE: dec = ST_FINISHED;
        T_RVK, T_REPLAY, T_RETIRED: dec = ST_REVOKED;
        default: dec = ST_UNKNOWN;
      endcase
    end
  end
  // a resolved target names a kernel (for the completion's tag and launch id)
  wire             resolved = (dec != ST_UNKNOWN) && (dec != ST_NO_VICTIM);
  // (sel_lid_q is the request's id until a scan takes an entry: only LID and ROOM take, and
  // a LID take keeps the id; so only a resolved TAG request needs the table)
  wire [LID_W-1:0] dec_lid = ((kind_q == KIND_TAG) && resolved) ? lid_idx : sel_lid_q;

  // sequence
  wire             all_ack = ((ack_q | drop_ack_i) == ALL_SM);
  wire             fin_now = fin_q || cpl_sel;
  wire [CNT_W-1:0] rcnt_inc = (rcnt_idx == CNT_MAX) ? CNT_MAX : rcnt_idx + 1'b1;
  wire             guard_now = replay_q && guard_on && (rcnt_idx < thr_i) && (rcnt_inc >= thr_i);

  // the request's one completion, in one of three cycles: an error in the decision, the abort
  // of a target that finished before the stop took hold, or the free's acknowledge
  wire             end_err = (fsm_q == F_DECIDE) && (dec != ST_OK);
  wire             end_fin = (fsm_q == F_STOP) && stop_ack_i && fin_now;
  wire             end_ok = (fsm_q == F_FREE) && free_ack_i;
  wire [      2:0] end_stat = end_err ? dec : end_fin ? ST_FINISHED : ST_OK;
  wire [TAG_W-1:0] end_tag = (end_err && !resolved) ? {TAG_W{1'b0}} : sel_q;
  wire [LID_W-1:0] end_lid = end_err ? dec_lid : sel_lid_q;

  // table writes of this cycle's events; the sequencer's writes (below) come after them.  An
  // admission into a tag under revocation (kmu_kmu's contract forbids it) is ignored, so the
  // sequence always ends on the kernel it started with.
  // The one exception: kmu_kmu may re-admit a replayed kernel (its continuation, same tag) in
  // the very cycle it acknowledges the free (end_ok); the tag is still RVK then, but this is the
  // replay's re-admission, so it runs again (else it would stay REPLAY while running, and every
  // later revocation of it would answer REVOKED).
  // Likewise a retire: kmu_kmu frees the tag at the edge that raises free_ack_i, so a fresh
  // kernel may be admitted into it in the acknowledge cycle (adm_ret).  It is taken: the tag
  // becomes RUN with the new kernel's tables and count 0, not RETIRED (else the new kernel was
  // unknown to the unit: never a victim, UNKNOWN/REVOKED for it by launch id or tag).
  wire             adm_rep = adm_valid_i && !adm_fresh_i && end_ok && replay_q &&
                             (adm_tag_i == sel_q);
  wire             adm_ret = adm_valid_i && adm_fresh_i && end_ok && !replay_q &&
                             (adm_tag_i == sel_q);
  wire             adm_st = adm_valid_i && (!rvk_vec[adm_tag_i] || adm_ret);
  wire             adm_new = adm_st && adm_fresh_i;
  wire             adm_run = (adm_st && (adm_fresh_i || rep_vec[adm_tag_i])) || adm_rep;
  // the first TB take of a kernel stamps its start for the victim order (an admission in the
  // same cycle, outside the contract, wins: it clears stb_q)
  wire             iss_first = iss_valid_i && !stb_q[iss_tag_i];
  // the next table index: the scan's next entry, then (the scan's last cycle) the target
  wire [TAG_W-1:0] idx_d = fire ? {TAG_W{1'b0}} :
                           (fsm_q != F_SCAN) ? idx_q :
                           (idx_q != LAST) ? idx_q + 1'b1 :
                           (take_lid || take_room) ? idx_q : sel_q;
  // the count's one write: a revocation's completion (a fresh kernel admitted into the tag in
  // that cycle starts at 0 instead)
  wire             rcnt_we = end_ok && !adm_ret;
  always @(posedge clk_i) begin
    lid_rd_q   <= lid_m[idx_d];
    user_rd_q  <= user_m[idx_d];
    est_rd_q   <= est_m[idx_d];
    start_rd_q <= start_m[idx_d];
    iss_rd_q   <= iss_m[idx_d];
    rcnt_rd_q  <= rcnt_m[idx_d];
    lid_fw_q   <= adm_new && (adm_tag_i == idx_d);
    lid_fwd_q  <= adm_lid_i;
    if (iss_first) iss_m[iss_tag_i] <= time_q;
    if (adm_new) begin
      lid_m[adm_tag_i]  <= adm_lid_i;
      user_m[adm_tag_i] <= adm_user_i;
      est_m[adm_tag_i]  <= adm_est_i;
    end
    if (adm_run) start_m[adm_tag_i] <= time_q;
    if (rcnt_we) rcnt_m[sel_q] <= rcnt_inc;
  end

  // the sequencer's write of the target's state (its three writes are in different states)
  wire             seq_we = ((fsm_q == F_DECIDE) && (dec == ST_OK)) || end_fin ||
                            (end_ok && !adm_rep && !adm_ret);
  wire [      2:0] seq_st = end_ok ? (replay_q ? T_REPLAY : T_RETIRED) : end_fin ? T_DONE : T_RVK;
  // next tag states, decoded per tag (one compare of each event's tag with k; no shifted masks)
  reg  [TST_W*CT-1:0] tst_d;
  reg  [   CT-1:0] stb_d, rz_d;
  reg  [      2:0] st_k;
  always @(*) begin
    tst_d = tst_q;
    stb_d = stb_q;
    rz_d  = rz_q;
    for (k = 0; k < CT; k = k + 1) begin
      st_k = tst_q[k*TST_W+:TST_W];
      if (iss_valid_i && (iss_tag_i == k[TAG_W-1:0])) stb_d[k] = 1'b1;
      if (cpl_valid_i && (cpl_tag_i == k[TAG_W-1:0]) && ((st_k == T_RUN) || (st_k == T_REPLAY)))
        tst_d[k*TST_W+:TST_W] = T_DONE;
      if (adm_new && (adm_tag_i == k[TAG_W-1:0])) rz_d[k] = 1'b1;
      if (rcnt_we && (sel_q == k[TAG_W-1:0])) rz_d[k] = 1'b0;
      if (adm_run && (adm_tag_i == k[TAG_W-1:0])) begin
        tst_d[k*TST_W+:TST_W] = T_RUN;
        stb_d[k] = 1'b0;  // a (re)start: nothing of it taken yet
      end
      if (seq_we && (sel_q == k[TAG_W-1:0])) tst_d[k*TST_W+:TST_W] = seq_st;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tst_q <= {CT{T_FREE}};
      stb_q <= {CT{1'b0}};
      rz_q  <= {CT{1'b0}};
    end else begin
      tst_q <= tst_d;
      stb_q <= stb_d;
      rz_q  <= rz_d;
    end
  end

  // ---------------------------------------------------------------- the sequencer
  // the saturating counters hold at all ones: the increment's carry out says so (no compare)
  wire [16:0] err_inc = {1'b0, err_cnt_q} + 17'd1;
  wire [16:0] rvk_inc = {1'b0, rvk_cnt_q} + 17'd1;
  reg [CT-1:0] evt_clr;
  always @(*) begin
    for (k = 0; k < CT; k = k + 1) begin
      evt_clr[k] = (cpl_valid_i && (cpl_tag_i == k[TAG_W-1:0])) ||
                   (adm_run && (adm_tag_i == k[TAG_W-1:0]));
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fsm_q        <= F_IDLE;
      kind_q       <= 2'd0;
      replay_q     <= 1'b0;
      idx_q        <= {TAG_W{1'b0}};
      sel_q        <= {TAG_W{1'b0}};
      found_q      <= 1'b0;
      flive_q      <= 1'b0;
      fin_q        <= 1'b0;
      time_q       <= {TS_W{1'b0}};
      acc_t_q      <= {TS_W{1'b0}};
      best_ndl_q   <= {TS_W{1'b0}};
      best_age_q   <= {TS_W{1'b0}};
      best_est_q   <= {TS_W{1'b0}};
      sel_lid_q    <= {LID_W{1'b0}};
      cand_q       <= {CT{1'b0}};
      ack_q        <= {NSM{1'b0}};
      stop_q       <= 1'b0;
      drop_q       <= {NSM{1'b0}};
      free_q       <= 1'b0;
      done_q       <= 1'b0;
      dreplay_q    <= 1'b0;
      dstat_q      <= 3'd0;
      dtag_q       <= {TAG_W{1'b0}};
      dlid_q       <= {LID_W{1'b0}};
      guard_q      <= 1'b0;
      gtag_q       <= {TAG_W{1'b0}};
      irq_q        <= 1'b0;
      err_cnt_q    <= 16'd0;
      rvk_cnt_q    <= 16'd0;
    end else begin
      time_q  <= time_q + 1'b1;
      idx_q   <= idx_d;
      stop_q  <= 1'b0;
      drop_q  <= {NSM{1'b0}};
      free_q  <= 1'b0;
      done_q  <= 1'b0;
      guard_q <= 1'b0;
      irq_q   <= 1'b0;
      // candidates: running and started at acceptance (a kernel that starts during the scan is
      // not one: its first-issue time would be after acc_t_q); a candidate that sees an
      // admission or a completion is no longer the one snapshotted
      cand_q  <= fire ? (run_vec & stb_q & ~evt_clr) : (cand_q & ~evt_clr);
      case (fsm_q)
        F_IDLE: begin
          if (fire) begin
            fsm_q     <= F_SCAN;
            kind_q    <= req_kind_i;
            replay_q  <= req_replay_i;
            sel_q     <= (req_kind_i == KIND_TAG) ? req_id_i[TAG_W-1:0] : {TAG_W{1'b0}};
            found_q   <= (req_kind_i == KIND_TAG) && id_in;
            flive_q   <= 1'b0;
            fin_q     <= 1'b0;
            acc_t_q   <= time_q;
            sel_lid_q <= req_id_i;
          end
        end
        F_SCAN: begin
          if (take_lid || take_room) begin
            sel_q        <= idx_q;
            found_q      <= 1'b1;
            flive_q      <= live_idx;
            best_ndl_q   <= ndl_idx;
            best_age_q   <= age_idx;
            best_est_q   <= est_rd_q;
            sel_lid_q    <= lid_idx;
          end
          if (idx_q == LAST) fsm_q <= F_DECIDE;
        end
        F_DECIDE: begin
          if (dec == ST_OK) begin
            fsm_q     <= F_STOP;
            stop_q    <= 1'b1;
            sel_lid_q <= dec_lid;
          end
        end
        F_STOP: begin
          if (cpl_sel) fin_q <= 1'b1;
          // (it finished before the stop took hold: end_fin, nothing to drop or free)
          if (stop_ack_i && !fin_now) begin
            fsm_q  <= F_DROP;
            drop_q <= ALL_SM;
            ack_q  <= {NSM{1'b0}};
          end
        end
        F_DROP: begin
          ack_q <= ack_q | drop_ack_i;
          if (all_ack) begin
            fsm_q  <= F_FREE;
            free_q <= 1'b1;
          end
        end
        F_FREE: begin
          if (end_ok) begin
            guard_q   <= guard_now;
            gtag_q    <= sel_q;
            if (!rvk_inc[16]) rvk_cnt_q <= rvk_inc[15:0];
          end
        end
        default: fsm_q <= F_IDLE;
      endcase
      if (end_err || end_fin || end_ok) begin
        fsm_q     <= F_IDLE;
        done_q    <= 1'b1;
        irq_q     <= 1'b1;
        dstat_q   <= end_stat;
        dreplay_q <= replay_q;
        dtag_q    <= end_tag;
        dlid_q    <= end_lid;
        if (!end_ok && !err_inc[16]) err_cnt_q <= err_inc[15:0];
      end
    end
  end

  assign req_ready_o   = (fsm_q == F_IDLE);
  assign busy_o        = (fsm_q != F_IDLE);
  assign stop_o        = stop_q;
  assign drop_o        = drop_q;
  assign free_o        = free_q;
  assign free_replay_o = replay_q;
  assign tag_o         = sel_q;
  assign done_valid_o  = done_q;
  assign done_status_o = dstat_q;
  assign done_replay_o = dreplay_q;
  assign done_tag_o    = dtag_q;
  assign done_lid_o    = dlid_q;
  assign guard_o       = guard_q;
  assign guard_tag_o   = gtag_q;
  assign irq_o         = irq_q;
  assign err_cnt_o     = err_cnt_q;
  assign rvk_cnt_o     = rvk_cnt_q;

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // Invariants for any input sequence (KMU_ASSERT: Verilator and Icarus; synthesis never sees
  // them).  rst_ni only masks the checks in reset (no flop): hence the lint waiver.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // the target is the one tag under revocation while the sequence runs
      if (((fsm_q == F_DROP) || (fsm_q == F_FREE)) && ((st_idx != T_RVK) || (idx_q != sel_q))) begin
        $display("ASSERTION kmu_revoke %m t=%0t: tag %0d in sequence state %0d but table state %0d",
                 $time, sel_q, fsm_q, st_idx);
        $stop;
      end
      // one request pulse at a time, only in its state's first cycle
      if ((stop_q && (fsm_q != F_STOP)) || ((drop_q != {NSM{1'b0}}) && (fsm_q != F_DROP)) ||
          (free_q && (fsm_q != F_FREE))) begin
        $display("ASSERTION kmu_revoke %m t=%0t: a request pulse outside its state %0d", $time,
                 fsm_q);
        $stop;
      end
      // a completion only while idle (it ends the request), an OK one names a tag now revoked
      if (done_q && (fsm_q != F_IDLE)) begin
        $display("ASSERTION kmu_revoke %m t=%0t: completion while busy", $time);
        $stop;
      end
      // (or RUN: a replay re-admitted, or a fresh kernel admitted into the retired tag, in the
      // free's acknowledge cycle)
      if (done_q && (dstat_q == ST_OK) && (tst_q[dtag_q*TST_W+:TST_W] != T_RETIRED) &&
          (tst_q[dtag_q*TST_W+:TST_W] != T_REPLAY) &&
          (tst_q[dtag_q*TST_W+:TST_W] != T_RUN)) begin
        $display("ASSERTION kmu_revoke %m t=%0t: revoked tag %0d in state %0d", $time, dtag_q,
                 tst_q[dtag_q*TST_W+:TST_W]);
        $stop;
      end
      if (guard_q && !(done_q && (dstat_q == ST_OK) && dreplay_q)) begin
        $display("ASSERTION kmu_revoke %m t=%0t: guard pulse without a replay", $time);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
