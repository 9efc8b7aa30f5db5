// kmu_sm_ctrl - per-SM controller (first part): resident-TB table, warp-slot table, register
// and shared-memory accounting, the pending event-warp table (EWT), the SIMT pipeline start and
// done interfaces, and the TB-done report to kmu_kmu.
//
// Paper: EDGE (event-driven GPU execution) IV-C and Fig. 9 (the SIMT core's event warp table:
// warp-level event kernels wait there and start on the first free warp context, ahead of any
// TB); II-A (TB resources: TB contexts, warps, registers, shared memory; a TB is scheduled on a
// core only while every one of them suffices).  Interface contract: docs/kmu-interfaces.md
// section 4 with the fit query agreed with kmu_dispatch (need_* -> fit_o / ewt_fit_o); block
// page docs/blocks/kmu_sm_ctrl.md.
//
// Resources: TBS resident-TB entries (res_*_q), WARPS warp slots (warp-slot table: wst_busy_q
// and the owning entry wst_owner_q per slot), and counters free_tb_q, free_warps_q,
// free_regs_q, free_shmem_q.  Registers and shared memory are plain counters: no fragmentation
// model (a TB fits when its count fits).  A resident-TB entry is counted free (free_tb_q) only
// once its done report has left the done FIFO, so that FIFO (depth TBS) can never overflow and
// simt_done needs no ready; its warps, registers and shared memory free at the simt_done edge.
//
// Payload RAM (issue 15, area): a TB's index, kernel pointer and parameter (96 bits, read by the
// SIMT offer) live in pay_mem, TBS + PTBS rows without reset (iCE40 block RAM, synchronous
// read), one row owned by each resident and each preempted-table entry (res_row_q, ptb_row_q:
// a permutation, reset).  A TB or event-warp start writes its entry's row; an evict and a
// restore swap the two entries' rows (no copy); the offer reads the row of the start queue's
// next head one cycle ahead (pay_rd_q), or takes the word written in that cycle (pay_byp_q),
// so every latency below is that of the flip-flop tables it replaces (no cycle added).  The
// TB index is also kept per resident entry (res_tb_q, written at the offer's handshake) for
// yld_tb_o, a combinational read by the yield lane's entry.
//
// EWT RAM (issue 15, area): the EWT's words {slot, tb, regs, kptr, param} (122 bits) live in
// ewt_mem, EWT rows without reset (block RAM), the queue's positions hold row indices (ewt_ix_q,
// a permutation, reset); the head's word is read one cycle ahead at the EWT's next head
// (ewt_rd_q), or taken from the word written in that cycle (ewt_wd_q, ewt_byp_q), so the head
// reads as the flip-flop FIFO's did (no cycle added); a drop's rotation moves row indices only.
//
// Allocation (at most one per cycle): the lowest free resident-TB entry (kmu_prio_enc), the
// lowest free warp slots.  Priority: a pending event warp (EWT head) starts as soon as a
// resident entry, one warp slot and its registers are free; while any event warp is pending
// no TB is accepted (fit_o = 0), so an event warp never waits behind a TB.
//
// Fit (combinational, for the dispatcher):
//   fit_o     = no event warp pending && no restore pending && no drop running && the rpw
//               engine (below) idle or in its last step && free_tb_q != 0 &&
//               need_warps_i != 0 && need_warps_i <= free_warps_q &&
//               need_regs_i <= free_regs_q && need_shmem_i <= free_shmem_q
//               (need_ewarp_i does not change it).
//   ewt_fit_o = need_ewarp_i && the EWT has a free entry && no drop running &&
//               need_regs_i <= REGS.
// A start is accepted exactly when the same test on its start_* fields passes (start_ewarp_i
// selects the EWT test; an event warp's start_warps_i/start_shmem_i are ignored: one warp, no
// shared memory).  Any other start raises err_overflow_o in its cycle and changes nothing.
//
// Latency:
//   TB start accepted in cycle t -> resident at the edge; free_*_o, resident_o, busy_warps_o
//     in t+1; simt_start_valid_o from t+1 (behind older unstarted entries) when its warps
//     are 1, 2, 4, 8, 16 or 32; for any other warp count from t+7: its registers per warp
//     come from the serial engine below (t+1..t+6), and fit_o is 0 in t+1..t+5 (such TB
//     starts at most one per 6 cycles; event warps and restores are not held).
//   event-warp start in t -> EWT at the edge (ewt_free_o in t+1); it starts (becomes resident,
//     flagged event warp) in the first cycle >= t+1 in which it is the EWT head and fits.
//   simt_done in t -> warps/regs/shmem free at the edge; done_valid_o from t+1 (done FIFO);
//     free_tb_o counts the entry again after the done_valid_o/done_ready_i handshake edge.
//
// Handshakes (valid && ready in a cycle, effective at its edge):
//   simt_start_valid_o/simt_start_ready_i: resident TBs not yet started, one per cycle,
//     oldest first (allocation order, a queue of entry indices: kmu_fifo's behaviour written
//     out, sq_*); fields stable while held.
//   simt_done_valid_i (always accepted): err_done_o in the same cycle when simt_done_rtb_i is
//     free, not yet started, or >= TBS; then nothing changes.
//   done_valid_o/done_ready_i/done_slot_o: kernel slot of each finished TB, in finishing order.
// Preemption (PEP 3.3, Chimera; contract docs/pep-interfaces.md section 4; the block page's
// "Preemption" section is the precise definition): decisions (ckpt_*/pre_* masks) mark
// eligible entries (elig_o: resident, started, not an event warp, no switch pending, not in
// the sequencer, at most RPW registers per warp slot (a context the SM's register file and
// context engine can hold: a larger one drains); other bits ignored, err_dec_o).  One sequencer (seq_st_q) saves or restores
// one TB at a time, saves first, lowest entry first: PAUSE (simt_pause_o until
// simt_paused_i) -> SCMD/SWAIT (ctx_cmd_* to kmu_ctx_engine until ctx_done_i) -> base: resume;
// switch: EVICT (simt_evict_valid_o, resources free, no done report, TB into the preempted
// table ptb_*).  A full table drops the request (the TB drains).  Restore: while a woken
// yielded TB waits (whatever hold_i: it is no victim), or a preempted TB waits and !hold_i,
// fit_o = 0; the lowest woken one, else the lowest preempted one, is allocated when it fits and
// no event warp waits, RESTORE area 0 then area 1, then offered with simt_start_restore_o.
// Latency: paused in t -> command in t+1; ctx_done_i in d -> evict in d+1 -> resources free
// in d+2; restore allocation r -> command r+1; last ctx_done_i f -> offer from f+1.
// Warp-level preemption (EDGE IV-D; contract docs/edge-wp-interfaces.md, "Event request"):
// with wp_en_i, an EWT head that cannot start now for want of a free warp slot or registers
// (but with a free resident entry) asks the SIMT preemption controller (kmu_warp_preempt) for a
// victim: wp_ev_valid_o with its registers per thread (wp_ev_regs_o = ceil(regs / 32); a head
// needing more than 255 never asks), PC (its kptr) and id (wp_ev_id_o = the resident entry it
// will occupy).  When the controller accepts (wp_ev_ready_i) the head leaves the EWT into that
// entry, flagged event warp and started (it never goes on simt_start: the controller starts it
// in the victim's slot), owning no warp slot and, when wp_ev_regs_o <= wp_free_regs_o (the
// controller's reserve rule), wp_ev_regs_o * 32 reserved registers, else none (the victim's
// are saved).  Its simt_done frees the entry and reports done once, as for any event warp.
// Latency: request comb. in t; accepted in t -> resident (started) at the edge.
// Registers per warp (rpw = ceil(ceil(regs / 32) / warps), saturated to 63; res_rpw_q, on
// simt_start_rpw_o / ctx_cmd_rpw_o, and elig_o's 1..RPW test): no divider in the allocation
// path (issue 15; the combinational one limited Fmax to 12 MHz).  Only a TB start needs the
// division: an event warp has one warp (rpw = min(ceil(regs / 32), 63)), a warp-preemption
// start none (0), and a restore takes the rpw its TB had, saved in the preempted table
// (ptb_rpw_q).  A TB of 2^k warps (k <= 5, the usual block sizes 32..1024 threads) needs a
// shift: rpw = ceil(regs / 2^(5+k)) (pw_rpw), at once.  Any other TB start loads one serial
// engine (div_*_q, restoring division, one quotient
// bit per cycle, 6 cycles; the saturation test rpw >= 64 at the load) with the entry it
// allocates; the entry is resident at once (its resources counted) but is not offered to the
// SIMT pipeline until the engine has written its rpw, and no other TB start is accepted while
// the engine runs (fit_o = 0 but in its last cycle), so one engine serves every TB start.
// Why not at registration: the rpw would have to travel with the start through kmu_dispatch,
// kmu_sm and kmu_gpu; a serial engine keeps the change inside this block.
// Drop (TReM III: revocation without saving; kmu_revoke's drop_o / drop_ack_i; block page
// section "Drop"): drop_valid_i (pulse) with the kernel tag drop_slot_i (the start_slot_i of the
// kernel's TBs) removes every entry of the tag without a save: unstarted ones by a rotation of
// the start FIFO (paused in a cycle of an evict or a discarded restore: one release per
// cycle), EWT entries by a rotation of the EWT, started TBs by simt_pause_o, then (once
// simt_paused_i) simt_evict, a TB of the tag in the sequencer: its save or restore command in
// flight is aborted (ctx_abort_o, a level while the sequencer waits on the command of a TB of
// the tag during a drop; kmu_ctx_engine drains its outstanding responses and its scan, no
// done_o) and once the engine is idle again (ctx_cmd_ready_i: its scan and its RF writes
// over, so the TB's warp slots can be reused safely) the checkpoint or the restored TB is
// discarded: a save goes to its evict (SWAIT -> EVICT), a restore frees the entry (RWAIT ->
// IDLE; in the first such cycle without a drop evict: one release per cycle, rel_*); a
// command of another tag runs to its end; preempted TBs waiting for a restore forgotten, a
// resident event warp when it finishes; no done report of the tag is queued after the pulse
// and the reports queued before it are delivered first.  While a drop runs nothing is
// allocated or offered to the SIMT (fit_o = ewt_fit_o = 0, simt_start_valid_o = 0).
// drop_ack_o pulses once per drop.
// Contract: one drop at a time (kmu_revoke serialises; a pulse during a drop is ignored, never
// acknowledged, and flagged under KMU_ASSERT); no start of the tag during the drop (kmu_kmu has
// stopped it).  Latency: pulse in t -> drop_ack_o in t+3 for an SM holding nothing of the tag
// with empty start FIFO, EWT and done FIFO; at most t + 4 + 2 TBS + PTBS + EWT + W + 6, W the
// cycles waiting on bounded outside work (pipeline drain of the tag's TBs, a context command in
// flight, done handshakes, a warp-level preemption, an event warp of the tag running to its
// end), the 6 those of the rpw engine (above): the drop stays in its first state (D_INIT,
// counting) while the engine runs, so the start FIFO rotation never removes the entry whose
// rpw the engine will write (no TB start is accepted during a drop, the engine ends in at most
// 6 cycles; a busy engine means a non-empty start FIFO, so the t+3 case is unchanged).  Never
// the grid size.
// C twin: cmodel/sm/kmu_sm_ctrl.c (composed of the kmu_prio_enc and kmu_fifo twins).
`default_nettype none

module kmu_sm_ctrl #(
    parameter integer TBS   = 4,      // resident TB entries (1..64); 4 small, 32 paper
    parameter integer WARPS = 8,      // warp slots (1..64); 8 small, 64 paper
    parameter integer REGS  = 4096,   // registers (1..262143); 4096 small, 65536 paper
    parameter integer SHMEM = 16384,  // shared memory bytes (1..262143); 16384 small, 98304 paper
    parameter integer EWT   = 4,      // pending event-warp table entries (1..127); 4
    parameter integer PTBS  = TBS,    // preempted-TB table entries (1..64)
    parameter integer AREA_BYTES = 32768,  // checkpoint area bytes (a power of two)
    parameter integer IPB   = 0,      // on-chip (in-place) checkpoint bytes; 0: no in-place
    parameter integer REG_BYTES = 4,  // bytes of one warp register (in-place fit); 4 / 128
    parameter integer RPW   = 63      // warp registers per slot the register file holds (1..63)
) (
    input  wire         clk_i,
    input  wire         rst_ni,                // asynchronous, active low

    // fit query: the dispatcher's broadcast need, answered in the same cycle
    input  wire [5:0]   need_warps_i,
    input  wire [17:0]  need_regs_i,
    input  wire [16:0]  need_shmem_i,
    input  wire         need_ewarp_i,          // warp-level event kernel
    output wire         fit_o,                 // starts now as a resident TB
    output wire         ewt_fit_o,             // need_ewarp_i and the EWT takes it

    // start (from kmu_dispatch, for this SM)
    input  wire         start_valid_i,
    input  wire         start_ewarp_i,         // 1: into the event-warp table
    input  wire [7:0]   start_slot_i,          // kernel slot
    input  wire [31:0]  start_tb_i,            // TB linear index
    input  wire [5:0]   start_warps_i,         // ignored for an event warp (1)
    input  wire [17:0]  start_regs_i,
    input  wire [16:0]  start_shmem_i,         // ignored for an event warp (0)
    input  wire [31:0]  start_kptr_i,
    input  wire [31:0]  start_param_i,
    output wire         err_overflow_o,        // start_valid_i that does not fit: ignored

    // SIMT pipeline: start
    output wire         simt_start_valid_o,
    input  wire         simt_start_ready_i,
    output wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_start_rtb_o,  // resident entry
    output wire [7:0]   simt_start_slot_o,
    output wire [31:0]  simt_start_tb_o,
    output wire [5:0]   simt_start_warps_o,
    output wire [31:0]  simt_start_kptr_o,
    output wire [31:0]  simt_start_param_o,
    output wire [WARPS-1:0] simt_start_wmask_o,  // warp slots the entry owns
    output wire         simt_start_ewarp_o,

    // SIMT pipeline: done (always accepted)
    input  wire         simt_done_valid_i,
    input  wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_done_rtb_i,
    output wire         err_done_o,            // free / unstarted / out-of-range entry: ignored

    // TB done report (to kmu_kmu through the top's arbiter)
    output wire         done_valid_o,
    input  wire         done_ready_i,
    output wire [7:0]   done_slot_o,

    // free resources (registers)
    output wire [7:0]   free_tb_o,
    output wire [7:0]   free_warps_o,
    output wire [17:0]  free_regs_o,
    output wire [17:0]  free_shmem_o,
    output wire [7:0]   ewt_free_o,            // free EWT entries

    // status
    output wire [TBS-1:0]   resident_o,
    output wire [WARPS-1:0] busy_warps_o,

    // ---- preemption (docs/pep-interfaces.md section 4) ----
    input  wire [1:0]   policy_i,              // 0 DRAIN, 1 CHIMERA, 2 CHIMERA_DIRTY, 3 PEP
    input  wire         inplace_en_i,          // in-place (on-chip) incremental saves allowed
    input  wire [31:0]  ctx_base_i,            // checkpoint areas in memory
    input  wire         ckpt_valid_i,          // base-checkpoint these entries (predictor)
    input  wire [TBS-1:0] ckpt_mask_i,
    input  wire         pre_valid_i,           // preempt: switch these entries, others drain
    input  wire [TBS-1:0] pre_switch_mask_i,
    input  wire         hold_i,                // a preempting kernel holds the SM: no restore
    output wire         err_dec_o,             // a decision names an ineligible entry (ignored)
    output wire [TBS-1:0] simt_pause_o,        // stop fetching for the entry, drain it
    input  wire [TBS-1:0] simt_paused_i,       // nothing in flight for the entry
    output wire         simt_evict_valid_o,    // the entry's context is saved: drop it
    output wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_evict_rtb_o,
    output wire         simt_start_restore_o,  // the offered TB resumes from a restored context
    output wire [5:0]   simt_start_rpw_o,      // its warp registers per warp
    output wire         ctx_cmd_valid_o,       // kmu_ctx_engine command
    input  wire         ctx_cmd_ready_i,
    output wire [1:0]   ctx_cmd_op_o,          // 0 SAVE_ALL, 1 SAVE_DIRTY, 2 RESTORE
    output wire         ctx_cmd_inplace_o,
    output wire [WARPS-1:0] ctx_cmd_wmask_o,
    output wire [5:0]   ctx_cmd_rpw_o,
    output wire [16:0]  ctx_cmd_shmem_o,
    output wire [31:0]  ctx_cmd_area_o,
    input  wire         ctx_done_i,            // the command completed (pulse)
    output wire         ctx_abort_o,           // abort the command in flight (TReM drop)
    output wire [WARPS-1:0] dq_wmask_o,        // warps of the TB being saved (dirty count)
    input  wire [11:0]  dirty_cnt_i,           // its dirty warp registers (comb. of dq_wmask_o)
    output wire [TBS-1:0] elig_o,              // may be named by a decision
    output wire [TBS-1:0] base_o,              // has a base checkpoint
    output wire         pre_busy_o,            // a save or restore runs
    output wire [7:0]   ptb_count_o,           // preempted TBs waiting for a restore

    // ---- warp-level preemption (EDGE IV-D; to kmu_warp_preempt's ev_* ports) ----
    input  wire         wp_en_i,               // CSR: the EWT head may borrow a running warp's slot
    output wire         wp_ev_valid_o,         // the EWT head asks for a victim
    input  wire         wp_ev_ready_i,         // accepted: the head leaves the EWT (started)
    output wire [7:0]   wp_ev_regs_o,          // its registers per thread
    output wire [31:0]  wp_ev_pc_o,            // its kernel pointer
    output wire [15:0]  wp_ev_id_o,            // the resident entry it will occupy
    output wire [31:0]  wp_ev_param_o,         // its parameter (the SIMT starts it with this)
    output wire [31:0]  wp_ev_tb_o,            // its TB index
    output wire [7:0]   wp_ev_slot_o,          // its kernel slot field
    output wire [7:0]   wp_free_regs_o,        // free registers per thread for one more warp

    // ---- TReM revocation: drop a kernel tag without saving (docs/blocks/kmu_sm_ctrl.md) ----
    input  wire         drop_valid_i,          // pulse: drop every TB of tag drop_slot_i
    input  wire [7:0]   drop_slot_i,           // the kernel tag (as start_slot_i carries it)
    output wire         drop_ack_o,            // pulse, once per drop: nothing of the tag left

    // ---- GPUpIO yield (issue 13; kmu_sm's yield lane, docs/blocks/kmu_sm_ctrl.md "Yield") ----
    input  wire         yld_valid_i,           // the lane asks to accept a yield of yld_rtb_i
    input  wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] yld_rtb_i,  // the lane's entry (held after)
    output wire         yld_acc_o,             // accepted: entry marked, yld_ptb_o reserved
    output wire [((PTBS > 1) ? $clog2(PTBS) : 1)-1:0] yld_ptb_o,  // its context's table entry
    output wire [7:0]   yld_slot_o,            // the entry's kernel slot and TB index
    output wire [31:0]  yld_tb_o,
    input  wire         yld_go_i,              // pulse: TAKEN/SPIN, switch the entry
    input  wire         yld_rel_i,             // pulse: refused, unmark it, free the reservation
    output wire         yld_sd_o,              // pulse: its save is done, it is evicted
    input  wire         wk_valid_i,            // pulse: woken, wk_ptb_i becomes restorable
    input  wire [((PTBS > 1) ? $clog2(PTBS) : 1)-1:0] wk_ptb_i,
    output wire         wk_err_o,              // wk_ptb_i names no yielded entry (ignored)
    output wire         rst_wait_o             // a restore waits: other work for the SM (NOWORK)
);
  localparam integer RTB_W = (TBS > 1) ? $clog2(TBS) : 1;
  localparam integer EWT_CNT_W = $clog2(EWT + 1);
  localparam integer EWT_ID_W = 8 + 32 + 18;  // slot, tb, regs
  // field offsets: the id half {slot 8, tb 32, regs 18}, the kp half {kptr 32, param 32}
  localparam integer EI_REGS = 0, EI_TB = 18, EI_SLOT = 50;
  localparam integer EK_PARAM = 0, EK_KPTR = 32;
  // the EWT's RAM word {id half, kp half} (122 bits) and a position / row index of the EWT
  localparam integer EW_W = EWT_ID_W + 64;
  localparam integer EW_KP = 0, EW_ID = 64;
  localparam integer EP_W = (EWT > 1) ? $clog2(EWT) : 1;
  localparam integer PTB_W = (PTBS > 1) ? $clog2(PTBS) : 1;
  localparam integer AREA_LG = $clog2(AREA_BYTES);
  // on-chip checkpoint bytes (0..IPB) in IPB's width, not 32 bits: the free count, each table
  // entry's bytes and their adders are the block's widest arithmetic (issue 15, area)
  localparam integer IPB_W = (IPB > 1) ? $clog2(IPB + 1) : 1;
  localparam integer PC_W = $clog2(PTBS + 1);  // a count of preempted-table entries
  localparam [PC_W-1:0] PC_ONE = 1;
  // sequencer states and ctx-engine opcodes
  localparam [2:0] S_IDLE = 3'd0, S_PAUSE = 3'd1, S_SCMD = 3'd2, S_SWAIT = 3'd3, S_EVICT = 3'd4,
                   S_RCMD = 3'd5, S_RWAIT = 3'd6;
  // drop engine states: idle, INIT (the drop's tag latched, the FIFO counts are read), RUN
  localparam [1:0] D_IDLE = 2'd0, D_INIT = 2'd1, D_RUN = 2'd2;
  localparam integer TC_W = $clog2(TBS + 1);  // a count of the start / done FIFO
  // payload RAM rows (a resident or a preempted-table entry's) and the start queue's pointers
  localparam integer ROWS = TBS + PTBS;
  localparam integer ROW_W = $clog2(ROWS);
  localparam integer SQ_W = (TBS > 1) ? $clog2(TBS) : 1;
  localparam [TC_W-1:0] TC_ONE = 1;
  // the payload word: {TB index, kernel pointer, parameter}
  localparam integer PAY_W = 96;
  localparam integer PW_PARAM = 0, PW_KPTR = 32, PW_TB = 64;
  // the free counters and an entry's resources in the widths their values reach (0..WARPS,
  // 0..REGS, 0..SHMEM), not the ports' 8 / 18 / 18 bits: the counters' adders, their fit
  // compares and the tables are that much narrower (issue 15 board area: at the ULX3S SM,
  // 4 / 13 / 15 bits).  A need above the counter's width never fits (the *_MASK tests); the
  // outputs and the selected operands are zero-extended (*_x).
  localparam integer FW_W = $clog2(WARPS + 1);  // free_warps_q
  localparam integer FR_W = $clog2(REGS + 1);   // free_regs_q, an entry's registers
  localparam integer FS_W = $clog2(SHMEM + 1);  // free_shmem_q
  localparam integer WF_W = (FW_W < 6) ? FW_W : 6;    // an entry's warps (<= 63)
  localparam integer SF_W = (FS_W < 17) ? FS_W : 17;  // an entry's shared memory bytes
  localparam [7:0] FW_MASK = (1 << FW_W) - 1;
  localparam [7:0] TC_MASK = (1 << TC_W) - 1;
  localparam [17:0] FR_MASK = (1 << FR_W) - 1;
  localparam [17:0] FS_MASK = (1 << FS_W) - 1;
  // context operations KMU_CTX_OP_* and policies KMU_POL_* (regmap/kmu.rdl)
`include "kmu_regmap.vh"

  integer pi;

  integer e, w;

  // ---------------------------------------------------------------- state
  // resident-TB table
  reg [TBS-1:0] res_valid_q, res_valid_d;
  reg [TBS-1:0] res_started_q, res_started_d;  // accepted by the SIMT pipeline
  reg [TBS-1:0] res_ewarp_q, res_ewarp_d;
  (* mem2reg *) reg [7:0] res_slot_q[0:TBS-1];
  (* mem2reg *) reg [7:0] res_slot_d[0:TBS-1];
  // (the TB index of a started entry, for yld_tb_o: a combinational read by yld_rtb_i, which a
  // synchronous RAM cannot serve; written from the payload word at the offer's handshake)
  // (one write, at the offer's handshake by st_rtb, one read, by yld_rtb_i: a memory with an
  // asynchronous read, LUT RAM where the device has it (ECP5), flip-flops on iCE40; issue 15)
  reg [31:0] res_tb_q[0:TBS-1];
  // (an entry's resources are written once, at its allocation (by rtb_idx), and read by the
  // offer, the done port, the release and the sequencer: memories with asynchronous reads,
  // LUT RAM where the device has it (ECP5: one copy per read), flip-flops on iCE40; issue 15)
  reg [WF_W-1:0] res_warps_q[0:TBS-1];
  reg [FR_W-1:0] res_regs_q[0:TBS-1];
  reg [SF_W-1:0] res_shmem_q[0:TBS-1];
  // the TB payload {TB index, kernel pointer, parameter} (96 bits: the widest per-TB fields,
  // read by the SIMT offer) lives in pay_mem, a RAM of TBS + PTBS rows without reset (issue 15:
  // iCE40 block RAM, synchronous read).  Each resident entry and each preempted-table entry
  // owns one row (res_row_q / ptb_row_q: a permutation of the rows, set at reset); an evict
  // and a restore swap the two entries' rows instead of copying 96 bits through TBS:1 and
  // PTBS:1 multiplexers, so the payload is written once, at the TB's allocation, and read for
  // its offers (pay_rd_q: read one cycle ahead at the start queue's next head).
  (* mem2reg *) reg [ROW_W-1:0] res_row_q[0:TBS-1];
  (* mem2reg *) reg [ROW_W-1:0] res_row_d[0:TBS-1];
  // warp-slot table
  reg [WARPS-1:0] wst_busy_q, wst_busy_d;
  (* mem2reg *) reg [RTB_W-1:0] wst_owner_q[0:WARPS-1];
  (* mem2reg *) reg [RTB_W-1:0] wst_owner_d[0:WARPS-1];
  // free-resource counters
  reg [TC_W-1:0] free_tb_q;
  reg [7:0] free_tb_d, free_tb_x;
  reg [FW_W-1:0] free_warps_q;
  reg [FR_W-1:0] free_regs_q;
  reg [FS_W-1:0] free_shmem_q;
  reg [7:0] free_warps_d, free_warps_x;  // (the next count, the count zero-extended)
  reg [17:0] free_regs_d, free_regs_x, free_shmem_d, free_shmem_x;
  always @(*) begin
    free_tb_x = 8'd0;
    free_tb_x[TC_W-1:0] = free_tb_q;
    free_warps_x = 8'd0;
    free_warps_x[FW_W-1:0] = free_warps_q;
    free_regs_x = 18'd0;
    free_regs_x[FR_W-1:0] = free_regs_q;
    free_shmem_x = 18'd0;
    free_shmem_x[FS_W-1:0] = free_shmem_q;
  end
  // an entry's warps, registers and shared memory in the ports' widths (zero-extended)
  function [5:0] zx_w(input [WF_W-1:0] v);
    begin
      zx_w = 6'd0;
      zx_w[WF_W-1:0] = v;
    end
  endfunction
  function [17:0] zx_r(input [FR_W-1:0] v);
    begin
      zx_r = 18'd0;
      zx_r[FR_W-1:0] = v;
    end
  endfunction
  function [16:0] zx_s(input [SF_W-1:0] v);
    begin
      zx_s = 17'd0;
      zx_s[SF_W-1:0] = v;
    end
  endfunction
  // (the next counts' bits above the counters' widths are 0: the counts never exceed them)
  wire unused_free_hi = |{free_tb_d & ~TC_MASK, free_warps_d & ~FW_MASK, free_regs_d & ~FR_MASK,
                          free_shmem_d & ~FS_MASK};
  // preemption, per resident entry: base checkpoint / switch pending, has a base, restored
  reg [TBS-1:0] res_ckpt_q, res_ckpt_d, res_sw_q, res_sw_d, res_base_q, res_base_d;
  reg [TBS-1:0] res_rst_q, res_rst_d;
  // GPUpIO: a yield of the entry is accepted (its table entry reserved) and not yet evicted
  reg [TBS-1:0] res_yld_q, res_yld_d;
  // the serial rpw engine (long division, one numerator bit shifted in per step): entry,
  // partial remainder, the numerator's bits still to shift in followed by the quotient's bits
  // so far, divisor, step, saturated.  In the widths the values reach (issue 15 area): a
  // quotient < 64 needs a remainder < warps <= 63 and a 7-bit trial subtract, not the
  // 12-bit remainder and 11-bit shifted divisor of a divisor-shifting form.
  reg div_busy_q, div_busy_d, div_sat_q, div_sat_d;
  reg [RTB_W-1:0] div_rtb_q, div_rtb_d;
  reg [5:0] div_rem_q, div_rem_d;  // < warps unless saturated
  reg [5:0] div_quo_q, div_quo_d;  // {numerator bits k..0, quotient bits 5..k+1}
  reg [5:0] div_dvs_q, div_dvs_d;  // warps
  reg [2:0] div_k_q, div_k_d;      // quotient bit of this step, 5 down to 0
  (* mem2reg *) reg [PTB_W-1:0] res_ptb_q[0:TBS-1];
  (* mem2reg *) reg [PTB_W-1:0] res_ptb_d[0:TBS-1];
  (* mem2reg *) reg [5:0] res_rpw_q[0:TBS-1];
  (* mem2reg *) reg [5:0] res_rpw_d[0:TBS-1];
  // preempted-TB table
  reg [PTBS-1:0] ptb_valid_q, ptb_valid_d, ptb_pre_q, ptb_pre_d, ptb_two_q, ptb_two_d;
  reg [PTBS-1:0] ptb_pre_x;  // ptb_pre_d but for a restore's allocation (rc_q, below)
  // GPUpIO: a yielded TB, restorable only once named by the wake port (wk_*); a woken one
  // (ptb_wk_q: named by the wake port, not yet restored) is restored first and not held
  reg [PTBS-1:0] ptb_yld_q, ptb_yld_d, ptb_wk_q, ptb_wk_d;
  reg [PTBS-1:0] ptb_ip0_q, ptb_ip0_d, ptb_ip1_q, ptb_ip1_d;
  (* mem2reg *) reg [7:0] ptb_slot_q[0:PTBS-1];
  (* mem2reg *) reg [7:0] ptb_slot_d[0:PTBS-1];
  // a preempted TB's resources and rpw {warps, regs, shmem, rpw} (47 bits): written at its
  // evict (by seq_ptb_q), read only for the registered restore candidate (rq_*, below, by the
  // next state's candidate rc_nx): one block RAM word per entry, no reset (issue 15 board area:
  // the four LUT-RAM tables were 14 TRELLIS_DPR16X4 per SM on the ULX3S, 84 LUT sites)
  localparam integer PR_W = WF_W + FR_W + SF_W + 6;
  localparam integer PR_RPW = 0, PR_SHMEM = 6, PR_REGS = 6 + SF_W, PR_WARPS = 6 + SF_W + FR_W;
  (* no_rw_check, ram_style = "block" *) reg [PR_W-1:0] ptb_res_mem[0:PTBS-1];
  (* mem2reg *) reg [ROW_W-1:0] ptb_row_q[0:PTBS-1];
  (* mem2reg *) reg [ROW_W-1:0] ptb_row_d[0:PTBS-1];
  (* mem2reg *) reg [IPB_W-1:0] ptb_ipb_q[0:PTBS-1];  // <= IPB: stored only when it fits
  (* mem2reg *) reg [IPB_W-1:0] ptb_ipb_d[0:PTBS-1];
  reg [IPB_W-1:0] ip_free_q, ip_free_d;  // free on-chip checkpoint bytes (<= IPB)
  // save/restore sequencer
  reg [2:0] seq_st_q, seq_st_d;
  reg [RTB_W-1:0] seq_rtb_q, seq_rtb_d;
  reg [PTB_W-1:0] seq_ptb_q, seq_ptb_d;
  reg seq_sw_q, seq_sw_d, seq_k_q, seq_k_d, seq_ip_q, seq_ip_d;
  reg [1:0] seq_op_q, seq_op_d;
  // drop engine (TReM): state, tag, items of the start FIFO / EWT still to rotate, done reports
  // queued before the drop still to deliver, the entry being evicted, the acknowledge
  reg [1:0] drp_st_q, drp_st_d;
  reg [7:0] drp_tag_q, drp_tag_d;
  reg [TC_W-1:0] drp_rs_q, drp_rs_d, drp_dn_q, drp_dn_d;
  reg [EWT_CNT_W-1:0] drp_re_q, drp_re_d;
  reg drp_ev_q, drp_ev_d, drp_ack_q, drp_ack_d;
  reg [RTB_W-1:0] drp_evr_q, drp_evr_d;
  // the rotations' held item (popped in one cycle, pushed back in the next: a full queue
  // takes no push in the cycle of a pop): a start-FIFO entry index; for the EWT the position
  // it was popped from (drp_ep_q: its row stays there, in the free part of the ring, until the
  // push-back swaps it to the tail; its 122-bit word never moves, issue 15)
  reg drp_sk_q, drp_sk_d, drp_ek_q, drp_ek_d;
  reg [RTB_W-1:0] drp_sr_q, drp_sr_d;
  reg [EP_W-1:0] drp_ep_q, drp_ep_d;

  wire seq_busy = (seq_st_q != S_IDLE);
  wire seq_save = (seq_st_q == S_PAUSE) || (seq_st_q == S_SCMD) || (seq_st_q == S_SWAIT) ||
                  (seq_st_q == S_EVICT);
  wire seq_rst = (seq_st_q == S_RCMD) || (seq_st_q == S_RWAIT);
  // PEP Fig. 3 (b): a preemption request (policy PEP) that arrives while a base checkpoint is
  // being saved turns it into the switch: the save completes, then the TB is evicted with that
  // one checkpoint (its entry is not eligible for decisions while in the sequencer)
  wire seq_base = ((seq_st_q == S_PAUSE) || (seq_st_q == S_SCMD) || (seq_st_q == S_SWAIT)) &&
                  !seq_sw_q;
  wire seq_upg = pre_valid_i && (policy_i == KMU_POL_PEP) && seq_base;
  // a drop is in progress: no allocation, no SIMT start offer, no EWT push or pop but its own
  wire drp = (drp_st_q != D_IDLE);
  wire drp_run = (drp_st_q == D_RUN);

  // lowest free / lowest preempted table entry; the lowest woken one (wk_*) goes first
  wire [PTB_W-1:0] ptb_free_idx, rc_idx, pv_idx, wk_idx;
  wire ptb_free_any, rc_any, wk_any;
  kmu_prio_enc #(
      .N(PTBS)
  ) u_ptb_free_enc (
      .in_i   (~ptb_valid_q),
      .idx_o  (ptb_free_idx),
      .valid_o(ptb_free_any)
  );
  kmu_prio_enc #(
      .N(PTBS)
  ) u_ptb_pre_enc (
      .in_i   (ptb_pre_q & ~ptb_yld_q),  // a yielded TB waits for its wake-up
      .idx_o  (pv_idx),
      .valid_o(rc_any)
  );
  kmu_prio_enc #(
      .N(PTBS)
  ) u_ptb_wk_enc (
      .in_i   (ptb_pre_q & ptb_wk_q),  // woken yields (a subset of the above)
      .idx_o  (wk_idx),
      .valid_o(wk_any)
  );
  // the restore candidate: a woken TB before any victim (issue 13: a woken TB of the
  // preempting kernel behind a held victim starved while new TBs kept starting)
  assign rc_idx = wk_any ? wk_idx : pv_idx;
  // a restore is pending: a woken TB waits (whatever hold_i: it is no victim of the
  // preempting kernel), a preempted TB waits and no hold, or a restore runs
  wire rst_wait = wk_any || (rc_any && !hold_i);
  wire rst_go_ok = rst_wait && !drp;
  wire rst_pend = rst_wait || seq_rst;
  wire rst_fin;    // the last restore command of the entry completes (below)
  wire rst_alloc;  // a preempted TB is allocated for its restore (below)

  // ---------------------------------------------------------------- lowest free resident entry
  wire [RTB_W-1:0] rtb_idx;
  wire rtb_any;
  kmu_prio_enc #(
      .N(TBS)
  ) u_rtb_enc (
      .in_i   (~res_valid_q),
      .idx_o  (rtb_idx),
      .valid_o(rtb_any)
  );
  wire tb_room = (free_tb_q != {TC_W{1'b0}}) && rtb_any;

  // ---------------------------------------------------------------- event-warp table
  // A queue with kmu_fifo's behaviour (depth EWT, a push visible from the next cycle, push
  // ready = not full, FIFO order = arrival order), written out (issue 15, area): the entries'
  // words {slot, tb, regs, kptr, param} (122 bits) live in ewt_mem, a RAM of EWT rows without
  // reset (block RAM: synchronous read), and the ring of positions holds row indices
  // (ewt_ix_q, a permutation of the rows, reset: the live positions rptr.. hold the queued
  // entries' rows, the free positions the free rows).  A push writes the row of the position
  // at the write pointer; a pop leaves its row where it is (now a free position).  The head's
  // word is read one cycle ahead, at the row of the head the queue will have after the edge
  // (ewt_rd_q), or taken from the word written in that cycle (ewt_wd_q, ewt_byp_q: a push into
  // an empty queue), so the head reads as the flip-flop FIFO's did: no cycle changes.  A drop's
  // rotation moves only row indices (drp_ep_q, below).  The state and the head are here, the
  // next state after the drop engine (it pops and pushes back).
  (* mem2reg *) reg [EP_W-1:0] ewt_ix_q[0:EWT-1];
  (* mem2reg *) reg [EP_W-1:0] ewt_ix_d[0:EWT-1];
  reg [EP_W-1:0] ewt_rptr_q, ewt_rptr_d, ewt_wptr_q, ewt_wptr_d;
  reg [EWT_CNT_W-1:0] ewt_cnt_q, ewt_cnt_d;
  reg [EW_W-1:0] ewt_rd_q, ewt_wd_q;
  reg ewt_byp_q;
  wire [EW_W-1:0] ewt_hd = ewt_byp_q ? ewt_wd_q : ewt_rd_q;  // the head's word
  wire [63:0] ewt_kp = ewt_hd[EW_KP +: 64];
  wire [EWT_ID_W-1:0] ewt_id = ewt_hd[EW_ID +: EWT_ID_W];
  wire [EWT_CNT_W-1:0] ewt_count = ewt_cnt_q;
  wire ewt_pend = (ewt_cnt_q != {EWT_CNT_W{1'b0}});
  wire ewt_room = (ewt_cnt_q != EWT[EWT_CNT_W-1:0]);
  wire [17:0] ewt_regs = ewt_id[EI_REGS +: 18];

  // ---------------------------------------------------------------- fit
  wire need_regs_ok = ((need_regs_i & ~FR_MASK) == 18'd0) &&
                      ((need_regs_i & FR_MASK) <= free_regs_x);
  // the rpw engine takes the next TB start in its last step (it loads at the same edge)
  wire div_last = div_busy_q && (div_k_q == 3'd0);
  wire div_free = !div_busy_q || div_last;
  wire tb_gate = tb_room && !ewt_pend && !rst_pend && !drp && div_free;
  assign fit_o = tb_gate && (need_warps_i != 6'd0) &&
                 (({2'd0, need_warps_i} & ~FW_MASK) == 8'd0) &&
                 (({2'd0, need_warps_i} & FW_MASK) <= free_warps_x) && need_regs_ok &&
                 (({1'b0, need_shmem_i} & ~FS_MASK) == 18'd0) &&
                 (({1'b0, need_shmem_i} & FS_MASK) <= free_shmem_x);
  assign ewt_fit_o = need_ewarp_i && ewt_room && !drp && ({14'd0, need_regs_i} <= REGS);

  // The allocation's operands (issue 15 area): the three allocations of this block exclude
  // each other by registered state alone: the EWT head's (launch or warp-level preemption)
  // only while an event warp is pending (ewt_pend), a restore only while one waits and no
  // event warp does (rst_wait, !ewt_pend), a TB start only when neither (tb_gate).  So one
  // operand per resource, selected by ewt_pend and rst_wait (not by the late allocation
  // decisions), feeds one fit compare per counter and the allocation's writes; the EWT head's,
  // the restore's and the start's compares were three sets before.  (A compare's result is
  // used only under its own allocation's select: KMU_ASSERT below.)
  wire [5:0] op_warps;
  wire [17:0] op_regs;
  wire [16:0] op_shmem;
  wire op_fit_w = (({2'd0, op_warps} & ~FW_MASK) == 8'd0) &&
                  (({2'd0, op_warps} & FW_MASK) <= free_warps_x);
  wire op_fit_r = ((op_regs & ~FR_MASK) == 18'd0) && ((op_regs & FR_MASK) <= free_regs_x);
  wire op_fit_s = (({1'b0, op_shmem} & ~FS_MASK) == 18'd0) &&
                  (({1'b0, op_shmem} & FS_MASK) <= free_shmem_x);
  wire start_fit = tb_gate && (start_warps_i != 6'd0) && op_fit_w && op_fit_r && op_fit_s;
  wire start_ewt_fit = ewt_room && !drp && ({14'd0, start_regs_i} <= REGS);
  wire start_tb_ok = start_valid_i && !start_ewarp_i && start_fit;
  wire ewt_push = start_valid_i && start_ewarp_i && start_ewt_fit;
  assign err_overflow_o = start_valid_i && !(start_ewarp_i ? start_ewt_fit : start_fit);

  // the EWT head starts when a resident entry, a warp slot and its registers are free
  // (op_warps is 1 and op_regs the head's registers while an event warp is pending)
  wire ewt_fit = op_fit_w && op_fit_r;
  wire ewt_launch = ewt_pend && tb_room && ewt_fit && !rst_fin && !drp;

  // warp-level preemption: the head asks for a victim when a resident entry is free but no warp
  // slot or not its registers (the controller's reserve rule compares per-thread counts)
  // (ceil(regs / 32) in 14 bits, 8192 for regs > 262112: computed once, for the
  // request, the reserve and the event warp's rpw (alloc_rpw) while an event warp is pending,
  // and for the rpw engine's load at a TB start (div_num) otherwise; issue 15 area)
  // (of the EWT head's or the start's registers, not of op_regs: the restore read, which
  // op_regs also selects and which never needs this, stays off the adder's path; Fmax)
  wire [17:0] regw_in = ewt_pend ? ewt_regs : start_regs_i;
  wire [13:0] ewt_regw = {1'b0, regw_in[17:5]} + {13'd0, regw_in[4:0] != 5'd0};
  wire [12:0] ewt_rpt = ewt_regw[12:0];
  assign wp_ev_regs_o = ewt_rpt[7:0];
  assign wp_free_regs_o = (free_regs_x[17:13] != 5'd0) ? 8'hff : free_regs_x[12:5];
  // (the head asks only when it needs at most 255 registers per thread: ceil(regs / 32) <= 255,
  // regs <= 8160, tested on the head's registers without the ceil's adder, which stays off the
  // request's path into the allocation: issue 15 Fmax)
  wire ewt_rpt_ok = (ewt_regs[17:13] == 5'd0) && !((ewt_regs[12:5] == 8'hff) &&
                                                   (ewt_regs[4:0] != 5'd0));
  assign wp_ev_valid_o = wp_en_i && ewt_pend && tb_room && ewt_rpt_ok && !ewt_fit &&
                         !rst_fin && !drp;
  assign wp_ev_pc_o = ewt_kp[EK_KPTR +: 32];
  assign wp_ev_id_o = {{(16 - RTB_W) {1'b0}}, rtb_idx};
  // the head's identity: the SIMT starting the event warp in a victim's slot needs it (its
  // parameter buffer entry) as a regular start gets it on simt_start_*
  assign wp_ev_param_o = ewt_kp[EK_PARAM +: 32];
  assign wp_ev_tb_o = ewt_id[EI_TB +: 32];
  assign wp_ev_slot_o = ewt_id[EI_SLOT +: 8];
  wire wp_go = wp_ev_valid_o && wp_ev_ready_i;
  wire wp_rsv = (wp_ev_regs_o <= wp_free_regs_o);
  wire ewt_pop = ewt_launch || wp_go;

  // ---------------------------------------------------------------- allocation (one per cycle)
  // The restore candidate's entry and resources, registered (issue 15, Fmax): rc_q is the
  // candidate rc_idx and rq_* its warps, registers, shared memory and rpw (the preempted
  // table's block RAM ptb_res_mem, read at every edge at the next state's candidate rc_nx,
  // the evict written at that edge forwarded through rq_fw_q), loaded at every edge from the
  // next state (the candidate of ptb_pre_x / ptb_yld_d / ptb_wk_d, the table as written at
  // that edge), so the restore's fit compares start at registers, not at the
  // candidate's priority encoders and the table's PTBS:1 read.  ptb_pre_x leaves out only a
  // restore's own clear of its bit: a restore allocated at an edge puts the sequencer in
  // S_RCMD, and the candidate is used only while the sequencer is idle, by when it has been
  // loaded again.  No cycle changes (KMU_ASSERT: rc_q and rq_* equal the combinational read
  // whenever the sequencer is idle and a candidate waits); the C twin reads the table as before.
  reg [PTB_W-1:0] rc_q;
  wire [5:0] rq_warps, rq_rpw;  // (the block RAM's read register or the forwarded word)
  wire [17:0] rq_regs;
  wire [16:0] rq_shmem;
  // The preempted table's flip-flop fields read by index: the entry to restore (rc_q, r_*)
  // while the sequencer is idle (a restore is allocated only then), the sequencer's entry
  // (seq_ptb_q, sp_*) while it runs (it reads its entry in no other state): one read, not two
  // (issue 15 area)
  wire [PTB_W-1:0] ptb_ri = (seq_st_q == S_IDLE) ? rc_q : seq_ptb_q;
  reg [7:0] r_slot;
  reg [ROW_W-1:0] r_row;
  wire [5:0] r_warps = rq_warps, r_rpw = rq_rpw;  // (the restore candidate's: above)
  wire [17:0] r_regs = rq_regs;
  wire [16:0] r_shmem = rq_shmem;
  reg sp_two, sp_ip0, sp_ip1;
  reg [IPB_W-1:0] sp_ipb;
  always @(*) begin
    r_slot = 8'd0;
    r_row = {ROW_W{1'b0}};
    sp_two = 1'b0;
    sp_ip0 = 1'b0;
    sp_ip1 = 1'b0;
    sp_ipb = {IPB_W{1'b0}};
    for (pi = 0; pi < PTBS; pi = pi + 1) begin
      if (ptb_ri == pi[PTB_W-1:0]) begin
        r_slot = ptb_slot_q[pi];
        r_row = ptb_row_q[pi];
        sp_two = ptb_two_q[pi];
        sp_ip0 = ptb_ip0_q[pi];
        sp_ip1 = ptb_ip1_q[pi];
        sp_ipb = ptb_ipb_q[pi];
      end
    end
  end
  wire [ROW_W-1:0] sp_row = r_row;  // (the sequencer's entry's row: the same read)

  // exclusive: a TB start needs an empty EWT and no restore pending, a restore an empty EWT,
  // an event warp waits in the cycle a restore ends (one start-FIFO push per cycle)
  // (a warp-level preemption start takes an entry but no warp slot, and registers only when
  // it reserves them; it is exclusive with the others as the EWT head is)
  wire alloc_go = ewt_pop || start_tb_ok || rst_alloc;
  // the operands (above): the EWT head's while an event warp is pending, else the restore's
  // while one waits, else the TB start's; an allocation reads them only under its own select
  assign op_warps = ewt_pend ? 6'd1 : rst_wait ? r_warps : start_warps_i;
  assign op_regs = ewt_pend ? ewt_regs : rst_wait ? r_regs : start_regs_i;
  assign op_shmem = rst_wait ? r_shmem : start_shmem_i;  // (an event warp's is 0: alloc_shmem)
  wire [5:0] alloc_warps = wp_go ? 6'd0 : op_warps;
  wire [17:0] alloc_regs = wp_go ? (wp_rsv ? {5'd0, ewt_rpt[7:0], 5'd0} : 18'd0) : op_regs;
  wire [16:0] alloc_shmem = ewt_pend ? 17'd0 : op_shmem;
  wire [7:0] alloc_slot = ewt_pend ? ewt_id[EI_SLOT +: 8] : rst_wait ? r_slot : start_slot_i;
  // the payload word {TB index, kernel pointer, parameter} of an EWT head or a TB start (a
  // restore writes none: its row, swapped in below, holds it since its TB's start)
  wire [PAY_W-1:0] alloc_pay = ewt_pend ? {ewt_id[EI_TB +: 32], ewt_kp} :
                                          {start_tb_i, start_kptr_i, start_param_i};
  // a TB start of 1, 2, 4, 8, 16 or 32 warps needs no division: rpw = ceil(regs / 2^(5+k)),
  // a shift with a round-up (its dropped bits not all 0), saturated to 63
  reg [12:0] pw_sh;  // regs >> (5 + k)
  reg pw_rnd, pw_is;
  always @(*) begin
    pw_is = 1'b1;
    case (start_warps_i)
      6'd1: {pw_sh, pw_rnd} = {start_regs_i[17:5], start_regs_i[4:0] != 5'd0};
      6'd2: {pw_sh, pw_rnd} = {1'd0, start_regs_i[17:6], start_regs_i[5:0] != 6'd0};
      6'd4: {pw_sh, pw_rnd} = {2'd0, start_regs_i[17:7], start_regs_i[6:0] != 7'd0};
      6'd8: {pw_sh, pw_rnd} = {3'd0, start_regs_i[17:8], start_regs_i[7:0] != 8'd0};
      6'd16: {pw_sh, pw_rnd} = {4'd0, start_regs_i[17:9], start_regs_i[8:0] != 9'd0};
      6'd32: {pw_sh, pw_rnd} = {5'd0, start_regs_i[17:10], start_regs_i[9:0] != 10'd0};
      default: begin
        {pw_sh, pw_rnd} = 14'd0;
        pw_is = 1'b0;
      end
    endcase
  end
  // (>= 63 when the shifted value is: saturated without the increment's carry chain)
  wire [5:0] pw_rpw = (pw_sh[12:6] != 7'd0 || pw_sh[5:0] == 6'd63) ? 6'd63 :
                      pw_sh[5:0] + {5'd0, pw_rnd};
  wire div_go = start_tb_ok && !pw_is;  // the other warp counts load the serial engine
  // warp registers per warp without a division (see the header): an event warp's is its
  // registers per thread saturated to 63, a warp-preemption start's 0, a restore's the saved
  // one; a TB start's is pw_rpw for a power-of-two warp count, else written by the serial
  // engine (0 until then)
  // (ceil(regs / 32): ewt_regw, above)
  wire [5:0] alloc_rpw = ewt_pend ? (wp_go ? 6'd0 :
                                     (ewt_regw[13:6] != 8'd0) ? 6'd63 : ewt_regw[5:0]) :
                         rst_wait ? r_rpw : pw_rpw;
  // the engine's load for a TB start: numerator ceil(regs / 32) + warps - 1 (ewt_regw is the
  // start's ceil(regs / 32) when no event warp is pending, as at every TB start), saturated
  // when the quotient would be >= 64 (numerator >= warps << 6, i.e. numerator >> 6 >= warps);
  // else numerator >> 6 < warps is the first partial remainder and the low 6 bits are shifted
  // in one per step
  wire [13:0] div_num = ewt_regw + {8'd0, start_warps_i} - 14'd1;
  wire div_num_sat = (div_num[13:6] >= {2'd0, start_warps_i});
  // one step: quotient bit div_k_q; 2 * remainder + the next numerator bit < 2 * warps
  wire [6:0] div_t = {div_rem_q, div_quo_q[5]};
  wire [7:0] div_trial = {1'b0, div_t} - {2'd0, div_dvs_q};
  wire div_ge = !div_trial[7];
  wire unused_div_trial = div_trial[6];  // (the difference is < warps when div_ge)
  wire [5:0] div_rpw = div_sat_q ? 6'd63 : {div_quo_q[4:0], div_ge};

  // the alloc_warps lowest free warp slots: slot w is taken when it is free and fewer than
  // alloc_warps slots below it are free.  alloc_cnt counts the free slots below w from the
  // registered wst_busy_q alone, and each slot compares it with alloc_warps in parallel
  // (alloc_warps comes late: the EWT head, the warp-preemption request, the restore read),
  // so the compare is not inside the count's chain (issue 15: the block's critical path,
  // 19.3 -> 41.5 MHz on the HX8K).  The same function as counting only the slots taken (the C
  // twin's loop): that count is min(free slots below, alloc_warps), which is below alloc_warps
  // exactly when the free count is.
  // Up to 16 warp slots the count below each slot is kept one-hot (wm_oh: a chain of 2:1
  // multiplexers, no adder) and compared through the thermometer of the warps (wm_gt[k]:
  // op_warps > k): Yosys maps every adder to an iCE40 carry chain, and the WARPS chained
  // increments with their compares were the UP5K's critical path once the restore read was
  // registered (issue 15 Fmax; the same function).  Above 16 slots (the paper's 64) the
  // one-hot form grows with WARPS^2: the counts stay.  Both compare op_warps, not alloc_warps:
  // a warp-level preemption start (wp_go: alloc_warps 0) takes no slot, which the write
  // gates, so the request's acceptance (ceil(regs / 32), wp_ev_valid_o) is not in series with
  // the compare (it was, once the counts were no longer the longest path).
  reg [WARPS-1:0] alloc_wmask;
  generate
    if (WARPS <= 16) begin : g_wm_oh
      reg [WARPS:0] wm_oh;  // wm_oh[k]: exactly k free slots below slot wm_w
      reg [WARPS:0] wm_gt;  // wm_gt[k]: op_warps > k
      integer wm_w, wm_k;
      always @(*) begin
        for (wm_k = 0; wm_k <= WARPS; wm_k = wm_k + 1)
          wm_gt[wm_k] = ({1'b0, op_warps} > wm_k[6:0]);
        wm_oh = {{WARPS{1'b0}}, 1'b1};
        for (wm_w = 0; wm_w < WARPS; wm_w = wm_w + 1) begin
          alloc_wmask[wm_w] = !wst_busy_q[wm_w] && ((wm_oh & wm_gt) != {(WARPS + 1){1'b0}});
          if (!wst_busy_q[wm_w]) wm_oh = {wm_oh[WARPS-1:0], 1'b0};
        end
      end
    end else begin : g_wm_cnt
      reg [6:0] alloc_cnt;
      integer wm_w;
      always @(*) begin
        alloc_cnt = 7'd0;
        for (wm_w = 0; wm_w < WARPS; wm_w = wm_w + 1) begin
          alloc_wmask[wm_w] = !wst_busy_q[wm_w] && (alloc_cnt < {1'b0, op_warps});
          if (!wst_busy_q[wm_w]) alloc_cnt = alloc_cnt + 7'd1;
        end
      end
    end
  endgenerate

  // ---------------------------------------------------------------- SIMT start (oldest first)
  // The start queue: kmu_fifo's behaviour (depth TBS, registered head, a push visible from the
  // next cycle, push_ready = not full), written out here because the payload RAM is read one
  // cycle ahead, at the head the queue will have after this edge (sq_nh), which a kmu_fifo
  // instance does not show.  Never full: it holds unstarted resident entries only.
  wire st_head, st_valid;
  wire [RTB_W-1:0] st_rtb;
  wire st_wait;  // the head's rpw is still in the engine
  wire [TC_W-1:0] st_count;
  // drop rotation of the start FIFO (below): its head leaves, and goes back unless of the tag
  wire rot_s, rot_s_push, rst_push;
  (* mem2reg *) reg [RTB_W-1:0] sq_mem_q[0:TBS-1];  // entry indices, no reset
  reg [SQ_W-1:0] sq_rptr_q, sq_rptr_d, sq_wptr_q, sq_wptr_d;
  reg [TC_W-1:0] sq_cnt_q, sq_cnt_d;
  wire sq_push = (ewt_launch || start_tb_ok || rst_push || rot_s_push) &&
                 (sq_cnt_q != TBS[TC_W-1:0]);
  wire [RTB_W-1:0] sq_wdata = rst_push ? seq_rtb_q : rot_s_push ? drp_sr_q : rtb_idx;
  assign st_head = (sq_cnt_q != {TC_W{1'b0}});
  wire sq_pop = st_head && ((simt_start_ready_i && !drp && !st_wait) || rot_s);
  assign st_rtb = sq_mem_q[sq_rptr_q];
  assign st_count = sq_cnt_q;
  wire [SQ_W-1:0] sq_rptr_inc = (sq_rptr_q == TBS[SQ_W-1:0] - 1'b1) ? {SQ_W{1'b0}} :
                                sq_rptr_q + 1'b1;
  wire [SQ_W-1:0] sq_wptr_inc = (sq_wptr_q == TBS[SQ_W-1:0] - 1'b1) ? {SQ_W{1'b0}} :
                                sq_wptr_q + 1'b1;
  always @(*) begin
    sq_rptr_d = sq_pop ? sq_rptr_inc : sq_rptr_q;
    sq_wptr_d = sq_push ? sq_wptr_inc : sq_wptr_q;
    sq_cnt_d = sq_cnt_q;
    if (sq_push && !sq_pop) sq_cnt_d = sq_cnt_q + TC_ONE;
    else if (sq_pop && !sq_push) sq_cnt_d = sq_cnt_q - TC_ONE;
  end
  // the head after this edge: the pushed entry when the queue is empty once popped, else the
  // entry at the next read pointer (never the word written now: that one is behind it)
  wire sq_nv = (sq_cnt_d != {TC_W{1'b0}});
  wire sq_nfirst = (sq_cnt_q == {TC_W{1'b0}}) || ((sq_cnt_q == TC_ONE) && sq_pop);
  wire [RTB_W-1:0] sq_nh = sq_nfirst ? sq_wdata : sq_mem_q[sq_rptr_d];
  assign st_wait = div_busy_q && (st_rtb == div_rtb_q);
  assign st_valid = st_head && !st_wait;
  wire st_fire = st_valid && simt_start_ready_i && !drp;

  // The payload RAM (issue 15): pay_mem[row] = {TB index, kernel pointer, parameter} of the TB
  // whose entry owns the row.  Written at a TB start's or an event warp's allocation (row of the
  // allocated entry); a restore writes nothing (the restored entry takes the table entry's
  // row, below).  Read every cycle, synchronously (a block RAM's read register, pay_rd_q), at
  // the row of the next head, so the offer's payload is ready in the cycle the entry becomes
  // the head: no cycle is added.  A read of the row written in the same cycle is undefined in
  // the RAM (no_rw_check: no bypass logic inferred); it happens exactly when the entry
  // allocated now is the next head (a push into an empty queue), and then the written word is
  // taken from pay_wd_q instead (pay_byp_q).  KMU_ASSERT: no other collision is ever used.
  wire pay_we = alloc_go && !rst_alloc;
  wire [ROW_W-1:0] pay_wa = res_row_q[rtb_idx];
  wire [ROW_W-1:0] pay_ra = res_row_q[sq_nh];
  wire pay_byp_d = pay_we && sq_nv && (sq_nh == rtb_idx);
  (* no_rw_check, ram_style = "block" *) reg [PAY_W-1:0] pay_mem[0:ROWS-1];
  reg [PAY_W-1:0] pay_rd_q, pay_wd_q;
  reg pay_byp_q;
  always @(posedge clk_i) begin
    if (pay_we) pay_mem[pay_wa] <= alloc_pay;
    pay_rd_q <= pay_mem[pay_ra];
  end
  always @(posedge clk_i) begin
    if (pay_we) pay_wd_q <= alloc_pay;
  end
  wire [PAY_W-1:0] s_pay = pay_byp_q ? pay_wd_q : pay_rd_q;

  // entry reads by index (compare with every index: an index >= TBS reads as a free entry)
  reg s_ewarp;
  reg [7:0] s_slot;
  reg [5:0] s_warps;
  reg d_valid, d_started;
  reg [7:0] d_slot;
  reg [5:0] d_warps;
  reg [17:0] d_regs;
  reg [16:0] d_shmem;
  reg [WARPS-1:0] s_wmask, d_wmask, q_wmask;
  reg s_rst, d_base;
  reg [5:0] s_rpw, q_rpw;
  reg [PTB_W-1:0] d_ptb;
  reg [16:0] q_shmem;
  reg [7:0] q_slot;
  reg [ROW_W-1:0] q_row;
  always @(*) begin
    s_rst = 1'b0;
    s_rpw = 6'd0;
    d_base = 1'b0;
    d_ptb = {PTB_W{1'b0}};
    q_rpw = 6'd0;
    q_shmem = zx_s(res_shmem_q[seq_rtb_q]);
    q_slot = 8'd0;
    q_row = {ROW_W{1'b0}};
    s_ewarp = 1'b0;
    s_slot = 8'd0;
    s_warps = zx_w(res_warps_q[st_rtb]);
    d_valid = 1'b0;
    d_started = 1'b0;
    d_slot = 8'd0;
    // (an index >= TBS: done_ok is 0, so the resources read are unused)
    d_warps = zx_w(res_warps_q[simt_done_rtb_i]);
    d_regs = zx_r(res_regs_q[simt_done_rtb_i]);
    d_shmem = zx_s(res_shmem_q[simt_done_rtb_i]);
    for (e = 0; e < TBS; e = e + 1) begin
      if (st_rtb == e[RTB_W-1:0]) begin
        s_ewarp = res_ewarp_q[e];
        s_slot = res_slot_q[e];
        s_rst = res_rst_q[e];
        s_rpw = res_rpw_q[e];
      end
      if (seq_rtb_q == e[RTB_W-1:0]) begin
        q_rpw = res_rpw_q[e];
        q_slot = res_slot_q[e];
        q_row = res_row_q[e];
      end
      if (simt_done_rtb_i == e[RTB_W-1:0]) begin
        d_valid = res_valid_q[e];
        d_started = res_started_q[e];
        d_slot = res_slot_q[e];
        d_base = res_base_q[e];
        d_ptb = res_ptb_q[e];
      end
    end
    for (w = 0; w < WARPS; w = w + 1) begin
      s_wmask[w] = wst_busy_q[w] && (wst_owner_q[w] == st_rtb);
      d_wmask[w] = wst_busy_q[w] && (wst_owner_q[w] == simt_done_rtb_i);
      q_wmask[w] = wst_busy_q[w] && (wst_owner_q[w] == seq_rtb_q);
    end
  end

  // ---------------------------------------------------------------- SIMT done, done FIFO
  // an entry whose save command is issued has nothing in flight: its done is refused
  // (the same for an entry the drop engine evicts this cycle)
  wire d_locked = (((seq_st_q == S_SCMD) || (seq_st_q == S_SWAIT) || (seq_st_q == S_EVICT)) &&
                   (simt_done_rtb_i == seq_rtb_q)) || (drp_ev_q && (simt_done_rtb_i == drp_evr_q));
  wire done_ok = simt_done_valid_i && d_valid && d_started && !d_locked;
  // a TB of the tag under a drop that finishes reports no done: its entry counts free at once
  wire done_kill = done_ok && drp && (d_slot == drp_tag_q);
  wire done_push = done_ok && !done_kill;
  assign err_done_o = simt_done_valid_i && !done_ok;
  reg [TBS-1:0] done_bit, sr_bit;
  always @(*) begin
    for (e = 0; e < TBS; e = e + 1) begin
      done_bit[e] = done_ok && (simt_done_rtb_i == e[RTB_W-1:0]);
      sr_bit[e] = (seq_rtb_q == e[RTB_W-1:0]);
    end
  end

  // ---------------------------------------------------------------- drop engine (TReM)
  // Nothing is saved: every entry of the tag leaves by the cheapest way its state allows (an
  // unstarted one from the start FIFO, a started TB by pause and evict, one in the sequencer
  // when its save or restore ends, a finished one without its done report), its preempted
  // table entries are forgotten, its EWT entries removed, and its done reports queued before
  // the drop are delivered before the acknowledge.  One drop at a time (kmu_revoke serialises).
  localparam [EWT_CNT_W-1:0] EC_ONE = 1;
  reg [TBS-1:0] drp_tagm;   // resident entries of the tag under a drop
  reg [PTBS-1:0] drp_ptbm;  // its preempted entries waiting for a restore
  always @(*) begin
    for (e = 0; e < TBS; e = e + 1)
      drp_tagm[e] = drp && res_valid_q[e] && (res_slot_q[e] == drp_tag_q);
    for (pi = 0; pi < PTBS; pi = pi + 1)
      drp_ptbm[pi] = drp_run && ptb_pre_q[pi] && (ptb_slot_q[pi] == drp_tag_q);
  end
  // a TB of the tag with a GPUpIO yield in flight (asked, answered, or taken and waiting for
  // the sequencer: res_yld_q) is left to its yield: refused, it goes on and is dropped as any
  // TB; taken, its switch runs (the drop aborts its save) and it leaves by the sequencer's
  // evict with yld_sd_o, so its reserved table entry and its lane are never left behind
  wire [TBS-1:0] drp_yldm = drp_tagm & res_yld_q;
  // started TBs of the tag outside the sequencer are paused (event warps run to their end)
  wire [TBS-1:0] drp_pause = drp_tagm & res_started_q & ~res_ewarp_q & ~res_yld_q &
                             ~(seq_busy ? sr_bit : {TBS{1'b0}});
  // one paused TB is chosen per cycle and evicted in the next (the sequencer's evict first)
  reg [TBS-1:0] drp_evr_bit;
  always @(*) begin
    for (e = 0; e < TBS; e = e + 1) drp_evr_bit[e] = drp_ev_q && (drp_evr_q == e[RTB_W-1:0]);
  end
  wire [RTB_W-1:0] drp_cand;
  wire drp_cand_any;
  kmu_prio_enc #(
      .N(TBS)
  ) u_drp_ev_enc (
      .in_i   (drp_pause & simt_paused_i & ~done_bit & ~drp_evr_bit),
      .idx_o  (drp_cand),
      .valid_o(drp_cand_any)
  );
  wire drp_ev_fire = drp_ev_q && (seq_st_q != S_EVICT);
  // the lowest forgotten preempted entry, one per cycle
  wire [PTB_W-1:0] drp_pk;
  wire drp_pk_any;
  kmu_prio_enc #(
      .N(PTBS)
  ) u_drp_ptb_enc (
      .in_i   (drp_ptbm),
      .idx_o  (drp_pk),
      .valid_o(drp_pk_any)
  );
  // rotations: the start FIFO (not in a cycle a restore ends: one push per cycle; nor in a
  // cycle of another release, rot_s below) and the EWT; the head leaves (rot_*), is held a
  // cycle when kept and pushed back (rot_*_push)
  assign rot_s_push = drp_sk_q && !rst_fin;
  wire rot_e = drp_run && (drp_re_q != {EWT_CNT_W{1'b0}});
  wire rot_e_keep = rot_e && (ewt_id[EI_SLOT +: 8] != drp_tag_q);
  wire rot_e_push = drp_ek_q;
  // the sequencer's save or restore of a TB of the tag ends: evicted or restored, then dropped
  wire sv_kill = (seq_st_q == S_EVICT) && drp && (q_slot == drp_tag_q);
  // the sequencer waits on a context command of a TB of the tag: aborted (kmu_ctx_engine's
  // abort_i, held), the sequencer moves on once the engine is idle (the aborted command's scan
  // and RF writes are over before the TB's warp slots are freed)
  wire seq_abt = ((seq_st_q == S_SWAIT) || (seq_st_q == S_RWAIT)) && drp && (q_slot == drp_tag_q);
  wire sv_abt = seq_abt && (seq_st_q == S_SWAIT) && ctx_cmd_ready_i;
  // an aborted restore's engine is idle: its entry is freed (rst_kill), but not in a cycle in
  // which the drop evicts (drp_ev_q: the evict fires, the sequencer is in RWAIT, not EVICT),
  // so the two never release in one cycle and share one operand per counter (rel_*, below;
  // issue 15 area).  The restore waits a cycle per drop evict (the engine stays idle: it
  // ignores ctx_abort_o then), a latency inside the drop's bound W.
  wire rst_abt_end = seq_abt && (seq_st_q == S_RWAIT) && ctx_cmd_ready_i;
  wire rst_kill = rst_abt_end && !drp_ev_q;
  assign rst_push = rst_fin && !rst_abt_end;
  wire drp_fin = drp_run && (drp_rs_q == {TC_W{1'b0}}) && (drp_re_q == {EWT_CNT_W{1'b0}}) &&
                 !drp_sk_q && !drp_ek_q &&
                 (drp_dn_q == {TC_W{1'b0}}) && (drp_tagm == {TBS{1'b0}}) && !drp_pk_any;
  // the entry released this cycle by an evict (the sequencer's or the drop's), a discarded
  // restore or the drop's start-FIFO rotation (an unstarted entry of the tag): never two in
  // one cycle (drp_ev_fire waits for the sequencer's EVICT, rst_kill for the drop's evict, the
  // rotation for both; KMU_ASSERT), so its warps, registers, shared memory and warp slots go
  // through one read (v_*, by rel_rtb) and one operand per counter (issue 15 area: the
  // drop's evict and its rotation had their own reads and three adders each)
  wire seq_rel = (seq_st_q == S_EVICT) || rst_kill;
  assign rot_s = drp_run && (drp_rs_q != {TC_W{1'b0}}) && !rst_fin && !seq_rel && !drp_ev_fire;
  wire rot_s_kill = rot_s && (s_slot == drp_tag_q);
  wire rot_s_keep = rot_s && !rot_s_kill;
  wire rel_go = seq_rel || drp_ev_fire || rot_s_kill;
  wire [RTB_W-1:0] rel_rtb = seq_rel ? seq_rtb_q : drp_ev_fire ? drp_evr_q : st_rtb;
  // the released entry and the forgotten table entry read by index
  reg [5:0] v_warps;
  reg [17:0] v_regs;
  reg [16:0] v_shmem;
  reg v_base;
  reg [PTB_W-1:0] v_ptb;
  reg [WARPS-1:0] v_wmask;
  reg [IPB_W-1:0] pk_ipb;
  always @(*) begin
    v_warps = zx_w(res_warps_q[rel_rtb]);
    v_regs = zx_r(res_regs_q[rel_rtb]);
    v_shmem = zx_s(res_shmem_q[rel_rtb]);
    v_base = 1'b0;
    v_ptb = {PTB_W{1'b0}};
    pk_ipb = {IPB_W{1'b0}};
    for (e = 0; e < TBS; e = e + 1) begin
      if (rel_rtb == e[RTB_W-1:0]) begin
        v_base = res_base_q[e];
        v_ptb = res_ptb_q[e];
      end
    end
    for (w = 0; w < WARPS; w = w + 1) v_wmask[w] = wst_busy_q[w] && (wst_owner_q[w] == rel_rtb);
    for (pi = 0; pi < PTBS; pi = pi + 1) if (drp_pk == pi[PTB_W-1:0]) pk_ipb = ptb_ipb_q[pi];
  end

  // the preempted TBs waiting (ptb_count_o)
  reg [PC_W-1:0] npre;  // (in the count's width, not 8 bits: issue 15 area)
  always @(*) begin
    npre = {PC_W{1'b0}};
    for (pi = 0; pi < PTBS; pi = pi + 1) if (ptb_pre_q[pi]) npre = npre + PC_ONE;
  end
  wire rst_last = !(!seq_k_q && sp_two);
  assign rst_fin = (seq_st_q == S_RWAIT) && ctx_done_i && rst_last;

  // save pick: the lowest entry with a pending base checkpoint or switch
  wire [RTB_W-1:0] sel;
  wire sel_any;
  kmu_prio_enc #(
      .N(TBS)
  ) u_save_enc (
      .in_i   ((res_ckpt_q | res_sw_q) & ~done_bit & ~(drp_tagm & ~drp_yldm)),
      .idx_o  (sel),
      .valid_o(sel_any)
  );
  reg sel_base, sel_sw, sel_yld;
  reg [PTB_W-1:0] sel_ptb;
  always @(*) begin
    sel_base = 1'b0;
    sel_sw = 1'b0;
    sel_yld = 1'b0;
    sel_ptb = {PTB_W{1'b0}};
    for (e = 0; e < TBS; e = e + 1) begin
      if (sel == e[RTB_W-1:0]) begin
        sel_base = res_base_q[e];
        sel_sw = res_sw_q[e];
        sel_yld = res_yld_q[e];
        sel_ptb = res_ptb_q[e];
      end
    end
  end
  // a yielding TB (or one with a base checkpoint) already owns its table entry (sel_ptb)
  wire sel_own = sel_base || sel_yld;
  wire pick = (seq_st_q == S_IDLE) && sel_any;
  wire pick_drop = pick && !sel_own && !ptb_free_any;  // full table: the request is dropped
  wire pick_go = pick && !pick_drop;
  // restore: the lowest preempted entry when the sequencer is free, no save is pending, no
  // event warp waits and its resources fit
  // (op_* are the restore's operands while one waits and no event warp does)
  assign rst_alloc = (seq_st_q == S_IDLE) && !sel_any && rst_go_ok && !ewt_pend && tb_room &&
                     op_fit_w && op_fit_r && op_fit_s;

  // decisions: eligible = resident, started, not an event warp, no switch pending, not in the
  // sequencer; every other named bit is ignored and raises err_dec_o
  // (and 1..RPW warp registers per slot: kmu_dirty_rf / kmu_ctx_engine hold RPW per slot, so
  // a TB with more registers per thread cannot be saved, and both refuse a context of 0 (a
  // kernel of zero registers per thread, which software can launch: NREGS = 0); it drains.
  // One unsigned 7-bit compare, rpw - 1 < RPW: rpw 0 wraps to 127; with RPW = 63 a separate
  // rpw <= RPW would be constant, a lint warning.  7 bits, not 32: the 32-bit form cost
  // about 120 iCE40 LUT4 and 144 carries at TBS = 4, issue 15)
  reg [TBS-1:0] rpw_ok;
  integer ri;
  always @(*) begin
    for (ri = 0; ri < TBS; ri = ri + 1)
      rpw_ok[ri] = ({1'b0, res_rpw_q[ri]} - 7'd1) < RPW[6:0];
  end
  wire [TBS-1:0] elig = res_valid_q & res_started_q & ~res_ewarp_q & ~res_sw_q & rpw_ok &
                        ~(seq_busy ? sr_bit : {TBS{1'b0}}) & ~drp_tagm & ~res_yld_q;

  // GPUpIO yield acceptance: an eligible entry without a pending base checkpoint, a table
  // entry for its context (its base's, else the lowest free one, reserved now: no switch can
  // take it before the save) and no pick allocating a table entry in this cycle (both would
  // take ptb_free_idx; registers only, so the lane's valid is the SIMT event's AND this)
  reg y_elig, y_base, y_ckpt;
  reg [PTB_W-1:0] y_bptb;
  reg [7:0] y_slot;
  reg [31:0] y_tb;
  always @(*) begin
    y_elig = 1'b0;
    y_base = 1'b0;
    y_ckpt = 1'b0;
    y_bptb = {PTB_W{1'b0}};
    y_slot = 8'd0;
    y_tb = res_tb_q[yld_rtb_i];  // (an index >= TBS: not accepted, yld_tb_o unused)
    for (e = 0; e < TBS; e = e + 1) begin
      if (yld_rtb_i == e[RTB_W-1:0]) begin
        y_elig = elig[e];
        y_base = res_base_q[e];
        y_ckpt = res_ckpt_q[e];
        y_bptb = res_ptb_q[e];
        y_slot = res_slot_q[e];
      end
    end
  end
  assign yld_slot_o = y_slot;
  assign yld_tb_o = y_tb;
  wire y_pick = (seq_st_q == S_IDLE) && ((res_ckpt_q | res_sw_q) != {TBS{1'b0}});
  assign yld_acc_o = yld_valid_i && y_elig && !y_ckpt && (y_base || ptb_free_any) && !y_pick;
  reg [TBS-1:0] y_accm;  // the entry whose yield is accepted now
  always @(*) begin
    for (e = 0; e < TBS; e = e + 1) y_accm[e] = yld_acc_o && (yld_rtb_i == e[RTB_W-1:0]);
  end
  assign yld_ptb_o = y_base ? y_bptb : ptb_free_idx;
  // the wake port names a yielded TB waiting in the table
  reg wk_hit;
  integer wi;
  always @(*) begin
    wk_hit = 1'b0;
    for (wi = 0; wi < PTBS; wi = wi + 1)
      if (wk_ptb_i == wi[PTB_W-1:0])
        wk_hit = ptb_valid_q[wi] && ptb_pre_q[wi] && ptb_yld_q[wi];
  end
  assign wk_err_o = wk_valid_i && !wk_hit;
  // a woken TB, or a preempted TB the hold does not keep, waits for its restore: it wants the
  // SM (it goes before any new TB), so kmu_gpu counts it as other work for a yield (NOWORK)
  assign rst_wait_o = rst_wait;
  // the TB in the sequencer is a yield being evicted
  wire y_ev = (seq_st_q == S_EVICT) && ((res_yld_q & sr_bit) != {TBS{1'b0}});
  assign yld_sd_o = y_ev;
  // (a yield accepted in this cycle takes its entry out of the decisions already)
  wire [TBS-1:0] elig_dec = elig & ~y_accm;
  assign err_dec_o = (ckpt_valid_i && ((ckpt_mask_i & ~elig_dec) != {TBS{1'b0}})) ||
                     (pre_valid_i && ((pre_switch_mask_i & ~elig_dec) != {TBS{1'b0}}));
  wire [TBS-1:0] dec_ok = elig_dec & ~done_bit;

  // in-place fit of the save about to be issued
  // (REG_BYTES is a power of two in every configuration: a shift, no multiplier)
  wire [31:0] ip_bytes = {20'd0, dirty_cnt_i} * REG_BYTES[31:0];
  wire ip_fit = (IPB != 0) && inplace_en_i && (policy_i == KMU_POL_PEP) && seq_sw_q &&
                (ip_bytes <= {{(32 - IPB_W) {1'b0}}, ip_free_q});
  wire [IPB_W-1:0] ip_take = ip_bytes[IPB_W-1:0];  // = ip_bytes when ip_fit (<= IPB)

  // The sequencer's change of the free on-chip bytes (issue 15 area: one adder, not a
  // subtracter and an adder): a save that fits takes ip_take when its command is decided
  // (PAUSE, paused); a discarded checkpoint (sv_kill), a discarded restore (rst_kill) or a
  // completed restore returns its table entry's bytes (sp_ipb).  One sequencer state, so
  // never two in a cycle; ip_free_q + ~ip_take + 1 is the subtraction, its carry-in the low
  // bit of a one-wider add.  (The drop's forgotten entries add theirs after it, pk_ipb.)
  wire sq_paused = (seq_st_q == S_PAUSE) && !(done_ok && (simt_done_rtb_i == seq_rtb_q)) &&
                   ((simt_paused_i & sr_bit) != {TBS{1'b0}});
  wire ip_sub = sq_paused && ip_fit;
  wire ip_ret = ((seq_st_q == S_EVICT) && sv_kill) || rst_kill || (rst_fin && !seq_abt);
  wire [IPB_W-1:0] ip_opd = ip_sub ? ~ip_take : ip_ret ? sp_ipb : {IPB_W{1'b0}};
  wire [IPB_W:0] ip_sum = {ip_free_q, 1'b1} + {ip_opd, ip_sub};
  wire [IPB_W-1:0] ip_seq = ip_sum[IPB_W:1];
  wire unused_ip_sum = ip_sum[0];

  wire unused_done_room;
  wire [TC_W-1:0] dn_count;
  kmu_fifo #(
      .WIDTH(8),
      .DEPTH(TBS)
  ) u_done_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(done_push),
      .push_ready_o(unused_done_room),  // never full: resident + queued <= TBS (free_tb_q)
      .push_data_i (d_slot),
      .pop_valid_o (done_valid_o),
      .pop_ready_i (done_ready_i),
      .pop_data_o  (done_slot_o),
      .count_o     (dn_count)
  );
  wire done_pop = done_valid_o && done_ready_i;

  // ---------------------------------------------------------------- event-warp table: next
  // A push: an event-warp start (its word written into the row at the write pointer) or a
  // drop's push-back (no write: the held row, at position drp_ep_q, and the row at the write
  // pointer swap positions, so the kept entry's row goes to the tail).  A pop: the head launches
  // or asks the warp preemption successfully, or a drop rotates it.  Never both kinds of push
  // in one cycle (no event-warp start during a drop).
  wire ewt_pu = (ewt_push || rot_e_push) && ewt_room;
  wire ewt_po = (ewt_pop || rot_e) && ewt_pend;
  wire [EP_W-1:0] ewt_rptr_inc = (ewt_rptr_q == EWT[EP_W-1:0] - 1'b1) ? {EP_W{1'b0}} :
                                 ewt_rptr_q + 1'b1;
  wire [EP_W-1:0] ewt_wptr_inc = (ewt_wptr_q == EWT[EP_W-1:0] - 1'b1) ? {EP_W{1'b0}} :
                                 ewt_wptr_q + 1'b1;
  wire [EP_W-1:0] ewt_wa = ewt_ix_q[ewt_wptr_q];  // the row an event-warp start writes
  // the row that is at the write pointer after this edge (the pushed entry's)
  wire [EP_W-1:0] ewt_pr = rot_e_push ? ewt_ix_q[drp_ep_q] : ewt_wa;
  integer ep;
  always @(*) begin
    ewt_rptr_d = ewt_po ? ewt_rptr_inc : ewt_rptr_q;
    ewt_wptr_d = ewt_pu ? ewt_wptr_inc : ewt_wptr_q;
    ewt_cnt_d = ewt_cnt_q;
    if (ewt_pu && !ewt_po) ewt_cnt_d = ewt_cnt_q + EC_ONE;
    else if (ewt_po && !ewt_pu) ewt_cnt_d = ewt_cnt_q - EC_ONE;
    for (ep = 0; ep < EWT; ep = ep + 1) ewt_ix_d[ep] = ewt_ix_q[ep];
    if (rot_e_push && ewt_room) begin  // (the same position when it is the only free one)
      for (ep = 0; ep < EWT; ep = ep + 1) begin
        if (drp_ep_q == ep[EP_W-1:0]) ewt_ix_d[ep] = ewt_wa;
        if (ewt_wptr_q == ep[EP_W-1:0]) ewt_ix_d[ep] = ewt_pr;
      end
    end
  end
  // The head after this edge: the pushed entry when the queue is empty once popped, else the
  // entry at the next read pointer (a live position: the push-back's swap never touches it).
  // Its row is read now (ewt_rd_q); when that row is written in this cycle (an event-warp start
  // into a queue empty once popped: the only case, KMU_ASSERT) the word is taken from ewt_wd_q.
  wire ewt_nfirst = (ewt_cnt_q == {EWT_CNT_W{1'b0}}) || ((ewt_cnt_q == EC_ONE) && ewt_po);
  wire [EP_W-1:0] ewt_ra = ewt_nfirst ? ewt_pr : ewt_ix_q[ewt_rptr_d];
  wire ewt_we = ewt_push;  // (ewt_push includes ewt_room)
  wire ewt_byp_d = ewt_we && ewt_nfirst;
  wire [EW_W-1:0] ewt_wdata = {start_slot_i, start_tb_i, start_regs_i, start_kptr_i,
                               start_param_i};
  (* no_rw_check, ram_style = "block" *) reg [EW_W-1:0] ewt_mem[0:EWT-1];
  always @(posedge clk_i) begin
    if (ewt_we) ewt_mem[ewt_wa] <= ewt_wdata;
    ewt_rd_q <= ewt_mem[ewt_ra];
  end
  always @(posedge clk_i) begin
    if (ewt_we) ewt_wd_q <= ewt_wdata;
  end

  // the resident entries this cycle returns to free_tb_q (at most 3: a done report's
  // handshake, one release (rel_go: an evict, a discarded restore or a drop's rotation), a
  // killed done)
  wire [2:0] rel_tb = {2'd0, done_pop} + {2'd0, rel_go} + {2'd0, done_kill};

  // an evict (not a discarded checkpoint's) writes the TB's resources into its table entry
  wire ptb_res_we = (seq_st_q == S_EVICT) && !sv_kill;

  // ---------------------------------------------------------------- next state
  always @(*) begin
    res_valid_d = res_valid_q;
    res_started_d = res_started_q;
    res_ewarp_d = res_ewarp_q;
    for (e = 0; e < TBS; e = e + 1) begin
      res_slot_d[e] = res_slot_q[e];
      res_row_d[e] = res_row_q[e];
      res_ptb_d[e] = res_ptb_q[e];
      res_rpw_d[e] = res_rpw_q[e];
    end
    res_ckpt_d = res_ckpt_q;
    res_sw_d = res_sw_q;
    res_base_d = res_base_q;
    res_rst_d = res_rst_q;
    res_yld_d = res_yld_q;
    div_busy_d = div_busy_q;
    div_sat_d = div_sat_q;
    div_rtb_d = div_rtb_q;
    div_rem_d = div_rem_q;
    div_dvs_d = div_dvs_q;
    div_quo_d = div_quo_q;
    div_k_d = div_k_q;
    ptb_valid_d = ptb_valid_q;
    ptb_pre_x = ptb_pre_q;
    ptb_two_d = ptb_two_q;
    ptb_yld_d = ptb_yld_q;
    ptb_wk_d = ptb_wk_q;
    ptb_ip0_d = ptb_ip0_q;
    ptb_ip1_d = ptb_ip1_q;
    for (pi = 0; pi < PTBS; pi = pi + 1) begin
      ptb_slot_d[pi] = ptb_slot_q[pi];
      ptb_row_d[pi] = ptb_row_q[pi];
      ptb_ipb_d[pi] = ptb_ipb_q[pi];
    end
    ip_free_d = ip_seq;
    seq_st_d = seq_st_q;
    seq_rtb_d = seq_rtb_q;
    seq_ptb_d = seq_ptb_q;
    seq_sw_d = seq_sw_q;
    seq_k_d = seq_k_q;
    seq_ip_d = seq_ip_q;
    seq_op_d = seq_op_q;
    drp_st_d = drp_st_q;
    drp_tag_d = drp_tag_q;
    drp_rs_d = drp_rs_q;
    drp_re_d = drp_re_q;
    drp_dn_d = drp_dn_q;
    drp_ev_d = drp_ev_q;
    drp_evr_d = drp_evr_q;
    drp_sk_d = drp_sk_q;
    drp_sr_d = drp_sr_q;
    drp_ek_d = drp_ek_q;
    drp_ep_d = drp_ep_q;
    wst_busy_d = wst_busy_q;
    for (w = 0; w < WARPS; w = w + 1) wst_owner_d[w] = wst_owner_q[w];
    // a resident entry counts free again at its done report's handshake, or in the cycle it
    // leaves without a report: one count of this cycle's returns (issue 15 area: not a chain
    // of 8-bit increments), minus the allocation
    free_tb_d = free_tb_x + {5'd0, rel_tb} - {7'd0, alloc_go};
    free_warps_d = free_warps_x;
    free_regs_d = free_regs_x;
    free_shmem_d = free_shmem_x;

    // a finished TB frees its entry, warps, registers and shared memory
    for (e = 0; e < TBS; e = e + 1) begin
      if (done_ok && (simt_done_rtb_i == e[RTB_W-1:0])) begin
        res_valid_d[e] = 1'b0;
        res_started_d[e] = 1'b0;
      end
      if (st_fire && (st_rtb == e[RTB_W-1:0])) res_started_d[e] = 1'b1;
      // (and its TB index into res_tb_q, below: only a started entry's is read, yld_tb_o)
    end
    if (done_ok) begin
      wst_busy_d = wst_busy_d & ~d_wmask;
      free_warps_d = free_warps_d + {2'd0, d_warps};
      free_regs_d = free_regs_d + d_regs;
      free_shmem_d = free_shmem_d + {1'b0, d_shmem};
    end
    // (its entry counts as free again once its done report has left the done FIFO: rel_tb)
    res_ckpt_d = res_ckpt_d & ~done_bit;
    res_sw_d = res_sw_d & ~done_bit;
    res_base_d = res_base_d & ~done_bit;
    // a TB finishing after a base checkpoint releases its preempted-table entry
    if (done_ok && d_base) begin
      for (pi = 0; pi < PTBS; pi = pi + 1) if (d_ptb == pi[PTB_W-1:0]) ptb_valid_d[pi] = 1'b0;
    end

    // the save/restore sequencer
    case (seq_st_q)
      S_IDLE: begin
        if (pick) begin  // the request leaves the pending bits (dropped on a full table)
          for (e = 0; e < TBS; e = e + 1) begin
            if (sel == e[RTB_W-1:0]) begin
              res_ckpt_d[e] = 1'b0;
              res_sw_d[e] = 1'b0;
            end
          end
        end
        if (pick_go) begin
          seq_st_d = S_PAUSE;
          seq_rtb_d = sel;
          seq_ptb_d = sel_own ? sel_ptb : ptb_free_idx;
          seq_sw_d = sel_sw;
          seq_k_d = sel_sw && sel_base;
          if (!sel_own) begin
            for (pi = 0; pi < PTBS; pi = pi + 1)
              if (ptb_free_idx == pi[PTB_W-1:0]) ptb_valid_d[pi] = 1'b1;
          end
        end else if (rst_alloc) begin
          seq_st_d = S_RCMD;
          seq_rtb_d = rtb_idx;
          seq_ptb_d = rc_q;
          seq_k_d = 1'b0;
          for (pi = 0; pi < PTBS; pi = pi + 1) begin
            if (rc_q == pi[PTB_W-1:0]) begin
              // (its ptb_pre bit clears: ptb_pre_d, below)
              ptb_row_d[pi] = pay_wa;  // the free entry's row (rtb_idx) goes to the table entry
            end
          end
          for (e = 0; e < TBS; e = e + 1)
            if (rtb_idx == e[RTB_W-1:0]) res_row_d[e] = r_row;  // the TB's payload row
        end
      end
      S_PAUSE: begin
        if (done_ok && (simt_done_rtb_i == seq_rtb_q)) begin
          // finished before it paused: the save is dropped, its table entry freed
          seq_st_d = S_IDLE;
          for (pi = 0; pi < PTBS; pi = pi + 1)
            if (seq_ptb_q == pi[PTB_W-1:0]) ptb_valid_d[pi] = 1'b0;
        end else if ((simt_paused_i & sr_bit) != {TBS{1'b0}}) begin
          seq_op_d = (seq_sw_q && (policy_i <= KMU_POL_CHIMERA)) ? KMU_CTX_OP_SAVE_ALL : KMU_CTX_OP_SAVE_DIRTY;
          seq_ip_d = ip_fit;
          // (its bytes are taken: ip_sub, ip_seq above)
          for (pi = 0; pi < PTBS; pi = pi + 1)
            if (seq_ptb_q == pi[PTB_W-1:0]) ptb_ipb_d[pi] = ip_fit ? ip_take : {IPB_W{1'b0}};
          seq_st_d = S_SCMD;
        end
      end
      S_SCMD: if (ctx_cmd_ready_i) seq_st_d = S_SWAIT;
      S_SWAIT: begin
        if (seq_abt) begin
          // aborted: once the engine is idle the TB leaves, its checkpoint discarded (sv_kill)
          if (sv_abt) seq_st_d = S_EVICT;
        end else if (ctx_done_i) begin
          if (seq_sw_q || seq_upg) begin
            seq_st_d = S_EVICT;
          end else begin  // base checkpoint: the TB resumes
            res_base_d = res_base_d | sr_bit;
            for (e = 0; e < TBS; e = e + 1)
              if (seq_rtb_q == e[RTB_W-1:0]) res_ptb_d[e] = seq_ptb_q;
            seq_st_d = S_IDLE;
          end
        end
      end
      S_EVICT: begin  // the TB leaves: resources free, no done report, into the table
        if (!sv_kill) begin
          for (e = 0; e < TBS; e = e + 1)
            if (seq_rtb_q == e[RTB_W-1:0]) res_row_d[e] = sp_row;
        end
        res_valid_d = res_valid_d & ~sr_bit;
        res_started_d = res_started_d & ~sr_bit;
        res_ckpt_d = res_ckpt_d & ~sr_bit;
        res_sw_d = res_sw_d & ~sr_bit;
        res_base_d = res_base_d & ~sr_bit;
        // (its warp slots, warps, registers, shared memory: the release below, rel_go)
        // a TB of a tag under a drop: its checkpoint is discarded (table entry, on-chip bytes)
        // (sv_kill: its bytes return, ip_ret above)
        for (pi = 0; pi < PTBS; pi = pi + 1) begin
          if (sv_kill && (seq_ptb_q == pi[PTB_W-1:0])) ptb_valid_d[pi] = 1'b0;
          if (!sv_kill && (seq_ptb_q == pi[PTB_W-1:0])) begin
            ptb_pre_x[pi] = 1'b1;
            ptb_two_d[pi] = seq_k_q;
            ptb_yld_d[pi] = y_ev;
            ptb_wk_d[pi] = 1'b0;
            ptb_ip0_d[pi] = seq_ip_q && !seq_k_q;
            ptb_ip1_d[pi] = seq_ip_q && seq_k_q;
            ptb_slot_d[pi] = q_slot;
            // (its warps, registers, shared memory (v_*: the release's read, of seq_rtb_q in
            // EVICT) and rpw: ptb_res_we, below)
            // the TB's payload row goes to the table entry, whose row the freed entry takes
            ptb_row_d[pi] = q_row;
          end
        end
        seq_st_d = S_IDLE;
      end
      S_RCMD: if (ctx_cmd_ready_i) seq_st_d = S_RWAIT;
      S_RWAIT: begin
        if (seq_abt) begin
          // aborted: once the engine is idle the entry is freed (below), the table entry too
          if (rst_kill) begin
            for (pi = 0; pi < PTBS; pi = pi + 1)
              if (seq_ptb_q == pi[PTB_W-1:0]) ptb_valid_d[pi] = 1'b0;
            seq_st_d = S_IDLE;  // (its bytes return: ip_ret above)
          end
        end else if (ctx_done_i) begin
          if (!rst_last) begin
            seq_k_d = 1'b1;
            seq_st_d = S_RCMD;
          end else begin  // restored: offered again (start FIFO), the table entry is free
            for (pi = 0; pi < PTBS; pi = pi + 1)
              if (seq_ptb_q == pi[PTB_W-1:0]) ptb_valid_d[pi] = 1'b0;
            seq_st_d = S_IDLE;  // (its bytes return: ip_ret above)
          end
        end
      end
      default: seq_st_d = S_IDLE;
    endcase

    if (seq_upg) seq_sw_d = 1'b1;

    // GPUpIO yield (kmu_sm's lane): accept (reserve), go (switch), refuse (release), evicted
    // (above: ptb_yld_q), woken (restorable); an entry that leaves clears its mark (below)
    for (e = 0; e < TBS; e = e + 1) begin
      if (yld_rtb_i == e[RTB_W-1:0]) begin
        if (yld_acc_o) begin
          res_yld_d[e] = 1'b1;
          if (!y_base) res_ptb_d[e] = ptb_free_idx;
        end
        if (yld_go_i) res_sw_d[e] = 1'b1;
        if (yld_rel_i) res_yld_d[e] = 1'b0;
      end
    end
    for (pi = 0; pi < PTBS; pi = pi + 1) begin
      if (yld_acc_o && !y_base && (ptb_free_idx == pi[PTB_W-1:0])) ptb_valid_d[pi] = 1'b1;
      if (yld_rel_i && !y_base && (y_bptb == pi[PTB_W-1:0])) ptb_valid_d[pi] = 1'b0;
      if (wk_valid_i && wk_hit && (wk_ptb_i == pi[PTB_W-1:0])) begin
        ptb_yld_d[pi] = 1'b0;
        ptb_wk_d[pi] = 1'b1;
      end
    end
    if (y_ev) res_yld_d = res_yld_d & ~sr_bit;

    // the drop engine: its state ...
    drp_ack_d = 1'b0;
    case (drp_st_q)
      D_IDLE: begin
        if (drop_valid_i) begin
          drp_st_d = D_INIT;
          drp_tag_d = drop_slot_i;
        end
      end
      D_INIT: begin  // nothing enters or leaves the start FIFO and the EWT now: count them
        // (held while the rpw engine runs: no rotation may drop the entry it will write; no
        // TB start is accepted now, so it ends within 6 cycles)
        if (!div_busy_q) drp_st_d = D_RUN;
        drp_rs_d = st_count;
        drp_re_d = ewt_count;
        drp_dn_d = done_pop ? dn_count - TC_ONE : dn_count;
      end
      D_RUN: begin
        if (rot_s) drp_rs_d = drp_rs_q - TC_ONE;
        if (rot_e) drp_re_d = drp_re_q - EC_ONE;
        if (done_pop && (drp_dn_q != {TC_W{1'b0}})) drp_dn_d = drp_dn_q - TC_ONE;
        if (drp_fin) begin
          drp_st_d = D_IDLE;
          drp_ack_d = 1'b1;
        end
      end
      default: drp_st_d = D_IDLE;
    endcase
    if (rot_s) begin
      drp_sk_d = rot_s_keep;
      drp_sr_d = st_rtb;
    end else if (rot_s_push) begin
      drp_sk_d = 1'b0;
    end
    if (rot_e) begin
      drp_ek_d = rot_e_keep;
      drp_ep_d = ewt_rptr_q;  // the head's position: its row stays there until the push-back
    end else if (rot_e_push) begin
      drp_ek_d = 1'b0;
    end
    if (drp_ev_q && !drp_ev_fire) begin
      drp_ev_d = 1'b1;  // held behind the sequencer's evict
    end else begin
      drp_ev_d = drp_cand_any;
      drp_evr_d = drp_cand;
    end
    // ... and what it frees: an unstarted entry leaving the start FIFO, an evicted one, a
    // restored one, one that finished (no done report: the entry at once)
    for (e = 0; e < TBS; e = e + 1) begin
      if ((rot_s_kill && (st_rtb == e[RTB_W-1:0])) || (drp_ev_fire && drp_evr_bit[e]) ||
          (rst_kill && sr_bit[e])) begin
        res_valid_d[e] = 1'b0;
        res_started_d[e] = 1'b0;
        res_base_d[e] = 1'b0;
      end
    end
    // an evict (the sequencer's or the drop's), a discarded restore or the drop's rotation of
    // an unstarted entry: never two in a cycle
    if (rel_go) begin
      wst_busy_d = wst_busy_d & ~v_wmask;
      free_warps_d = free_warps_d + {2'd0, v_warps};
      free_regs_d = free_regs_d + v_regs;
      free_shmem_d = free_shmem_d + {1'b0, v_shmem};
    end
    if (drp_ev_fire) begin
      // a base checkpoint the drop's evicted TB had is forgotten
      for (pi = 0; pi < PTBS; pi = pi + 1)
        if (v_base && (v_ptb == pi[PTB_W-1:0])) ptb_valid_d[pi] = 1'b0;
    end
    if (drp_pk_any) begin
      for (pi = 0; pi < PTBS; pi = pi + 1) begin
        if (drp_pk == pi[PTB_W-1:0]) begin
          ptb_valid_d[pi] = 1'b0;
          ptb_pre_x[pi] = 1'b0;
        end
      end
      ip_free_d = ip_free_d + pk_ipb;  // (after the sequencer's change, ip_seq)
    end
    // no save of the tag is begun (but a taken yield's switch: above, drp_yldm)
    res_ckpt_d = res_ckpt_d & ~drp_tagm;
    res_sw_d = res_sw_d & ~(drp_tagm & ~drp_yldm);

    // decisions: a preemption request cancels every pending base checkpoint
    if (pre_valid_i) begin
      res_ckpt_d = {TBS{1'b0}};
      res_sw_d = res_sw_d | (pre_switch_mask_i & dec_ok);
    end else if (ckpt_valid_i) begin
      res_ckpt_d = res_ckpt_d | (ckpt_mask_i & dec_ok & ~res_base_q & ~res_ckpt_q);
    end

    // the rpw engine: one quotient bit per cycle; the last step writes the entry's rpw (an
    // entry in the engine is not offered, so it is neither started, finished nor evicted)
    if (div_busy_q) begin
      div_rem_d = div_ge ? div_trial[5:0] : div_t[5:0];  // (< warps either way)
      div_quo_d = {div_quo_q[4:0], div_ge};
      div_k_d = div_k_q - 3'd1;
      if (div_last) begin
        div_busy_d = 1'b0;
        for (e = 0; e < TBS; e = e + 1) if (div_rtb_q == e[RTB_W-1:0]) res_rpw_d[e] = div_rpw;
      end
    end
    if (div_go) begin  // a TB start loads it (tb_gate: idle or in its last step)
      div_busy_d = 1'b1;
      div_sat_d = div_num_sat;
      div_rtb_d = rtb_idx;
      div_rem_d = div_num[11:6];
      div_quo_d = div_num[5:0];
      div_dvs_d = start_warps_i;
      div_k_d = 3'd5;
    end

    // allocation: an EWT head or an accepted TB start (never an entry or warp freed above)
    if (alloc_go) begin
      for (e = 0; e < TBS; e = e + 1) begin
        if (rtb_idx == e[RTB_W-1:0]) begin
          res_valid_d[e] = 1'b1;
          res_started_d[e] = wp_go;  // started by the preemption controller, never offered
          res_ewarp_d[e] = ewt_pop;
          res_slot_d[e] = alloc_slot;
          // (its warps, registers, shared memory: res_*_q, written below)
          res_rpw_d[e] = alloc_rpw;
          res_ptb_d[e] = {PTB_W{1'b0}};
          res_ckpt_d[e] = 1'b0;
          res_sw_d[e] = 1'b0;
          res_base_d[e] = 1'b0;
          res_rst_d[e] = rst_alloc;
        end
      end
      for (w = 0; w < WARPS; w = w + 1) begin
        if (alloc_wmask[w] && !wp_go) begin  // (a borrowed slot: none of its own)
          wst_busy_d[w] = 1'b1;
          wst_owner_d[w] = rtb_idx;
        end
      end
      free_warps_d = free_warps_d - {2'd0, alloc_warps};
      free_regs_d = free_regs_d - alloc_regs;
      free_shmem_d = free_shmem_d - {1'b0, alloc_shmem};
    end
    res_yld_d = res_yld_d & res_valid_d;  // a freed entry holds no yield
  end

  // ---------------------------------------------------------------- outputs
  assign simt_start_valid_o = st_valid && !drp;
  assign simt_start_rtb_o = st_rtb;
  assign simt_start_slot_o = s_slot;
  assign simt_start_tb_o = s_pay[PW_TB +: 32];
  assign simt_start_warps_o = s_warps;
  assign simt_start_kptr_o = s_pay[PW_KPTR +: 32];
  assign simt_start_param_o = s_pay[PW_PARAM +: 32];
  assign simt_start_wmask_o = s_wmask;
  assign simt_start_ewarp_o = s_ewarp;
  assign free_tb_o = free_tb_x;
  assign free_warps_o = free_warps_x;
  assign free_regs_o = free_regs_x;
  assign free_shmem_o = free_shmem_x;
  assign ewt_free_o = EWT[7:0] - {{(8 - EWT_CNT_W) {1'b0}}, ewt_cnt_q};
  assign resident_o = res_valid_q;
  assign busy_warps_o = wst_busy_q;
  assign simt_start_restore_o = s_rst;
  assign simt_start_rpw_o = s_rpw;
  assign simt_pause_o = (seq_save ? sr_bit : {TBS{1'b0}}) | drp_pause;
  assign simt_evict_valid_o = (seq_st_q == S_EVICT) || drp_ev_fire;
  assign simt_evict_rtb_o = (seq_st_q == S_EVICT) ? seq_rtb_q : drp_evr_q;
  assign drop_ack_o = drp_ack_q;
  assign ctx_abort_o = seq_abt;
  wire c_rst = (seq_st_q == S_RCMD);
  wire c_ip = c_rst ? (seq_k_q ? sp_ip1 : sp_ip0) : seq_ip_q;
  wire [31:0] area_off = {{(31 - PTB_W) {1'b0}}, seq_ptb_q, seq_k_q} << AREA_LG;
  assign ctx_cmd_valid_o = (seq_st_q == S_SCMD) || c_rst;
  assign ctx_cmd_op_o = c_rst ? KMU_CTX_OP_RESTORE : seq_op_q;
  assign ctx_cmd_inplace_o = c_ip;
  assign ctx_cmd_wmask_o = q_wmask;
  assign ctx_cmd_rpw_o = q_rpw;
  assign ctx_cmd_shmem_o = q_shmem;
  assign ctx_cmd_area_o = (c_ip ? 32'd0 : ctx_base_i) + area_off;
  assign dq_wmask_o = seq_save ? q_wmask : {WARPS{1'b0}};
  assign elig_o = elig;
  assign base_o = res_base_q;
  assign pre_busy_o = seq_busy;
  assign ptb_count_o = {{(8 - PC_W) {1'b0}}, npre};

  // the restore candidate of the next state (rc_q, above): ptb_pre_d but for a restore's own
  // clear (ptb_pre_x), so the allocation's decision is not on this path
  reg [PTBS-1:0] rst_clr;
  integer rp;
  always @(*) begin
    for (rp = 0; rp < PTBS; rp = rp + 1) rst_clr[rp] = rst_alloc && (rc_q == rp[PTB_W-1:0]);
    ptb_pre_d = ptb_pre_x & ~rst_clr;
  end
  wire [PTB_W-1:0] rcn_pv_idx, rcn_wk_idx;
  wire unused_rcn_pv_any, rcn_wk_any;  // (rc_q matters only while a candidate waits)
  kmu_prio_enc #(
      .N(PTBS)
  ) u_rcn_pre_enc (
      .in_i   (ptb_pre_x & ~ptb_yld_d),
      .idx_o  (rcn_pv_idx),
      .valid_o(unused_rcn_pv_any)
  );
  kmu_prio_enc #(
      .N(PTBS)
  ) u_rcn_wk_enc (
      .in_i   (ptb_pre_x & ptb_wk_d),
      .idx_o  (rcn_wk_idx),
      .valid_o(rcn_wk_any)
  );
  wire [PTB_W-1:0] rc_nx = rcn_wk_any ? rcn_wk_idx : rcn_pv_idx;
  // an evict writing the candidate's entry at this edge: its resources, not the table's
  // (the RAM reads the old word of a row written at the same edge (no_rw_check): that word is
  // taken from rq_fw_q instead, the one case, rq_fwd_q)
  wire rq_fwd = ptb_res_we && (seq_ptb_q == rc_nx);
  wire [PR_W-1:0] ptb_res_wd = {v_warps[WF_W-1:0], v_regs[FR_W-1:0], v_shmem[SF_W-1:0], q_rpw};
  reg [PR_W-1:0] ptb_res_rd_q, rq_fw_q;
  reg rq_fwd_q;
  always @(posedge clk_i) begin
    rc_q <= rc_nx;
    if (ptb_res_we) ptb_res_mem[seq_ptb_q] <= ptb_res_wd;
    ptb_res_rd_q <= ptb_res_mem[rc_nx];
    rq_fwd_q <= rq_fwd;
    rq_fw_q <= ptb_res_wd;
  end
  wire [PR_W-1:0] rq_word = rq_fwd_q ? rq_fw_q : ptb_res_rd_q;
  assign rq_warps = zx_w(rq_word[PR_WARPS +: WF_W]);
  assign rq_regs = zx_r(rq_word[PR_REGS +: FR_W]);
  assign rq_shmem = zx_s(rq_word[PR_SHMEM +: SF_W]);
  assign rq_rpw = rq_word[PR_RPW +: 6];

  // ---------------------------------------------------------------- registers
  // The per-entry tables and the engine's data have no reset (LUT RAM / block RAM style, issue
  // 15): only their valid bits (res_valid_q, ptb_valid_q, ptb_pre_q, wst_busy_q, div_busy_q and
  // the flags) are reset, and nothing reads an entry whose valid bit is clear.
  integer te, tp, tw;
  always @(posedge clk_i) begin
    for (te = 0; te < TBS; te = te + 1) begin
      res_slot_q[te] <= res_slot_d[te];
      res_ptb_q[te] <= res_ptb_d[te];
      res_rpw_q[te] <= res_rpw_d[te];
    end
    for (tp = 0; tp < PTBS; tp = tp + 1) begin
      ptb_slot_q[tp] <= ptb_slot_d[tp];
      ptb_ipb_q[tp] <= ptb_ipb_d[tp];
    end
    for (tw = 0; tw < WARPS; tw = tw + 1) wst_owner_q[tw] <= wst_owner_d[tw];
    // the memories with one write port (above): the started TB's index, an allocated entry's
    // resources, the evicted TB's resources and rpw into its table entry
    if (st_fire) res_tb_q[st_rtb] <= s_pay[PW_TB +: 32];
    if (alloc_go) begin
      res_warps_q[rtb_idx] <= alloc_warps[WF_W-1:0];  // (<= WARPS, REGS, SHMEM: fit)
      res_regs_q[rtb_idx] <= alloc_regs[FR_W-1:0];
      res_shmem_q[rtb_idx] <= alloc_shmem[SF_W-1:0];
    end
    if (sq_push) sq_mem_q[sq_wptr_q] <= sq_wdata;
    div_sat_q <= div_sat_d;
    div_rtb_q <= div_rtb_d;
    div_rem_q <= div_rem_d;
    div_dvs_q <= div_dvs_d;
    div_quo_q <= div_quo_d;
    div_k_q <= div_k_d;
  end

  // The payload rows are a permutation of 0..ROWS-1 (each resident and each table entry owns
  // one; evicts and restores swap them), so unlike the other tables they are reset: entry e
  // owns row e, table entry p row TBS + p.  Small (ROW_W bits per entry), read combinationally.
  // Likewise the EWT ring's row indices (a permutation of its RAM's rows): position p holds
  // row p.
  integer rr;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (rr = 0; rr < TBS; rr = rr + 1) res_row_q[rr] <= rr[ROW_W-1:0];
      for (rr = 0; rr < PTBS; rr = rr + 1) ptb_row_q[rr] <= TBS[ROW_W-1:0] + rr[ROW_W-1:0];
      for (rr = 0; rr < EWT; rr = rr + 1) ewt_ix_q[rr] <= rr[EP_W-1:0];
    end else begin
      for (rr = 0; rr < TBS; rr = rr + 1) res_row_q[rr] <= res_row_d[rr];
      for (rr = 0; rr < PTBS; rr = rr + 1) ptb_row_q[rr] <= ptb_row_d[rr];
      for (rr = 0; rr < EWT; rr = rr + 1) ewt_ix_q[rr] <= ewt_ix_d[rr];
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      res_valid_q <= {TBS{1'b0}};
      res_started_q <= {TBS{1'b0}};
      res_ewarp_q <= {TBS{1'b0}};
      res_ckpt_q <= {TBS{1'b0}};
      res_sw_q <= {TBS{1'b0}};
      res_base_q <= {TBS{1'b0}};
      res_rst_q <= {TBS{1'b0}};
      res_yld_q <= {TBS{1'b0}};
      div_busy_q <= 1'b0;
      ptb_valid_q <= {PTBS{1'b0}};
      ptb_pre_q <= {PTBS{1'b0}};
      ptb_yld_q <= {PTBS{1'b0}};
      ptb_wk_q <= {PTBS{1'b0}};
      ptb_two_q <= {PTBS{1'b0}};
      ptb_ip0_q <= {PTBS{1'b0}};
      ptb_ip1_q <= {PTBS{1'b0}};
      ip_free_q <= IPB[IPB_W-1:0];
      sq_rptr_q <= {SQ_W{1'b0}};
      sq_wptr_q <= {SQ_W{1'b0}};
      sq_cnt_q <= {TC_W{1'b0}};
      pay_byp_q <= 1'b0;
      ewt_rptr_q <= {EP_W{1'b0}};
      ewt_wptr_q <= {EP_W{1'b0}};
      ewt_cnt_q <= {EWT_CNT_W{1'b0}};
      ewt_byp_q <= 1'b0;
      seq_st_q <= S_IDLE;
      seq_rtb_q <= {RTB_W{1'b0}};
      seq_ptb_q <= {PTB_W{1'b0}};
      seq_sw_q <= 1'b0;
      seq_k_q <= 1'b0;
      seq_ip_q <= 1'b0;
      seq_op_q <= 2'd0;
      drp_st_q <= D_IDLE;
      drp_tag_q <= 8'd0;
      drp_rs_q <= {TC_W{1'b0}};
      drp_re_q <= {EWT_CNT_W{1'b0}};
      drp_dn_q <= {TC_W{1'b0}};
      drp_ev_q <= 1'b0;
      drp_evr_q <= {RTB_W{1'b0}};
      drp_ack_q <= 1'b0;
      drp_sk_q <= 1'b0;
      drp_sr_q <= {RTB_W{1'b0}};
      drp_ek_q <= 1'b0;
      drp_ep_q <= {EP_W{1'b0}};
      wst_busy_q <= {WARPS{1'b0}};
      free_tb_q <= TBS[TC_W-1:0];
      free_warps_q <= WARPS[FW_W-1:0];
      free_regs_q <= REGS[FR_W-1:0];
      free_shmem_q <= SHMEM[FS_W-1:0];
    end else begin
      res_valid_q <= res_valid_d;
      res_started_q <= res_started_d;
      res_ewarp_q <= res_ewarp_d;
      res_ckpt_q <= res_ckpt_d;
      res_sw_q <= res_sw_d;
      res_base_q <= res_base_d;
      res_rst_q <= res_rst_d;
      res_yld_q <= res_yld_d;
      div_busy_q <= div_busy_d;
      ptb_valid_q <= ptb_valid_d;
      ptb_pre_q <= ptb_pre_d;
      ptb_yld_q <= ptb_yld_d;
      ptb_wk_q <= ptb_wk_d;
      ptb_two_q <= ptb_two_d;
      ptb_ip0_q <= ptb_ip0_d;
      ptb_ip1_q <= ptb_ip1_d;
      ip_free_q <= ip_free_d;
      sq_rptr_q <= sq_rptr_d;
      sq_wptr_q <= sq_wptr_d;
      sq_cnt_q <= sq_cnt_d;
      pay_byp_q <= pay_byp_d;
      ewt_rptr_q <= ewt_rptr_d;
      ewt_wptr_q <= ewt_wptr_d;
      ewt_cnt_q <= ewt_cnt_d;
      ewt_byp_q <= ewt_byp_d;
      seq_st_q <= seq_st_d;
      seq_rtb_q <= seq_rtb_d;
      seq_ptb_q <= seq_ptb_d;
      seq_sw_q <= seq_sw_d;
      seq_k_q <= seq_k_d;
      seq_ip_q <= seq_ip_d;
      seq_op_q <= seq_op_d;
      drp_st_q <= drp_st_d;
      drp_tag_q <= drp_tag_d;
      drp_rs_q <= drp_rs_d;
      drp_re_q <= drp_re_d;
      drp_dn_q <= drp_dn_d;
      drp_ev_q <= drp_ev_d;
      drp_evr_q <= drp_evr_d;
      drp_ack_q <= drp_ack_d;
      drp_sk_q <= drp_sk_d;
      drp_sr_q <= drp_sr_d;
      drp_ek_q <= drp_ek_d;
      drp_ep_q <= drp_ep_d;
      wst_busy_q <= wst_busy_d;
      free_tb_q <= free_tb_d[TC_W-1:0];
      free_warps_q <= free_warps_d[FW_W-1:0];
      free_regs_q <= free_regs_d[FR_W-1:0];
      free_shmem_q <= free_shmem_d[FS_W-1:0];
    end
  end

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions (drop engine)
  // Checked every cycle in simulation (Verilator and Icarus builds define KMU_ASSERT; synthesis
  // never does).  The first is the drop contract (kmu_revoke sends one drop at a time and waits
  // for every SM's acknowledge); the others are invariants of the hardware.  as_pend_q (a
  // simulation-only flop) follows the drops accepted and not yet acknowledged.  rst_ni only
  // masks the checks in reset: hence the lint waiver.
  reg as_pend_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) as_pend_q <= 1'b0;
    else if (drop_valid_i && !drp) as_pend_q <= 1'b1;
    else if (drp_ack_q) as_pend_q <= 1'b0;
  end
  // the warp slots an allocation takes (alloc_wmask: the one-hot count up to 16 slots, the
  // counts above; issue 15 Fmax): exactly alloc_warps slots become busy, none otherwise
  reg [6:0] as_wnew;
  integer aw;
  always @(*) begin
    as_wnew = 7'd0;
    for (aw = 0; aw < WARPS; aw = aw + 1)
      if (wst_busy_d[aw] && !wst_busy_q[aw]) as_wnew = as_wnew + 7'd1;
  end
  // the rows every resident and table entry owns (all ROWS of them when none is shared)
  reg [ROWS-1:0] as_rows;
  integer ae;
  always @(*) begin
    as_rows = {ROWS{1'b0}};
    for (ae = 0; ae < TBS; ae = ae + 1) as_rows[res_row_q[ae]] = 1'b1;
    for (ae = 0; ae < PTBS; ae = ae + 1) as_rows[ptb_row_q[ae]] = 1'b1;
  end
  // the EWT ring (issue 15): the rows of its positions (all EWT of them when none is shared),
  // the rows of its queued entries (live positions) and of the drop's held entry
  reg [EWT-1:0] as_erows, as_elive;
  reg [EP_W-1:0] as_ep;
  integer aq;
  always @(*) begin
    as_erows = {EWT{1'b0}};
    as_elive = {EWT{1'b0}};
    for (aq = 0; aq < EWT; aq = aq + 1) as_erows[ewt_ix_q[aq]] = 1'b1;
    as_ep = ewt_rptr_q;
    for (aq = 0; aq < EWT; aq = aq + 1) begin
      if (aq < ewt_cnt_q) as_elive[ewt_ix_q[as_ep]] = 1'b1;
      as_ep = (as_ep == EWT[EP_W-1:0] - 1'b1) ? {EP_W{1'b0}} : as_ep + 1'b1;
    end
    if (drp_ek_q) as_elive[ewt_ix_q[drp_ep_q]] = 1'b1;
  end
  // the shared allocation operands (op_*, issue 15 area) against each allocation's own fields
  wire as_start_fit = tb_gate && (start_warps_i != 6'd0) &&
                      ({2'd0, start_warps_i} <= free_warps_x) && (start_regs_i <= free_regs_x) &&
                      ({1'b0, start_shmem_i} <= free_shmem_x);
  wire as_rst_alloc = (seq_st_q == S_IDLE) && !sel_any && rst_go_ok && !ewt_pend && tb_room &&
                      ({2'd0, r_warps} <= free_warps_x) && (r_regs <= free_regs_x) &&
                      ({1'b0, r_shmem} <= free_shmem_x);
  wire as_ewt_fit = (free_warps_x != 8'd0) && (ewt_regs <= free_regs_x);
  wire [5:0] as_warps = ewt_launch ? 6'd1 : wp_go ? 6'd0 : rst_alloc ? r_warps : start_warps_i;
  wire [17:0] as_regs = ewt_launch ? ewt_regs : wp_go ? (wp_rsv ? {5'd0, ewt_rpt[7:0], 5'd0} :
                        18'd0) : rst_alloc ? r_regs : start_regs_i;
  wire [16:0] as_shmem = ewt_pop ? 17'd0 : rst_alloc ? r_shmem : start_shmem_i;
  wire [7:0] as_slot = ewt_pop ? ewt_id[EI_SLOT +: 8] : rst_alloc ? r_slot : start_slot_i;
  wire [5:0] as_rpw = rst_alloc ? r_rpw : start_tb_ok ? pw_rpw :
                      (ewt_launch && (ewt_rpt[12:6] != 7'd0)) ? 6'd63 :
                      {6{ewt_launch}} & ewt_rpt[5:0];
  wire [13:0] as_regw = ewt_pend ? {1'b0, ewt_regs[17:5]} + {13'd0, ewt_regs[4:0] != 5'd0} :
                        {1'b0, start_regs_i[17:5]} + {13'd0, start_regs_i[4:0] != 5'd0};
  // the rpw engine's result (issue 15: long division in the widths it reaches) against a
  // division of the entry's own registers and warps (simulation only)
  integer as_rw, as_w, as_dq, ad;
  always @(*) begin
    as_rw = 0;
    as_w = 1;
    for (ad = 0; ad < TBS; ad = ad + 1) begin
      if (div_rtb_q == ad[RTB_W-1:0]) begin
        as_rw = 0;
        as_rw[FR_W-1:0] = res_regs_q[ad];
        as_rw = (as_rw + 31) / 32;
        as_w = 0;
        as_w[WF_W-1:0] = res_warps_q[ad];
        if (as_w == 0) as_w = 1;
      end
    end
    as_dq = (as_rw + as_w - 32'd1) / as_w;
    if (as_dq > 63) as_dq = 63;
  end
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // the EWT's RAM: the ring's rows are a permutation, a start writes a free row only (no
      // queued or held entry's), the head's word read ahead is the RAM's word of the head's row,
      // and a row is read in the cycle it is written only through the bypass
      if (as_erows != {EWT{1'b1}}) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: EWT rows not a permutation (%b)", $time,
                 as_erows);
        $stop;
      end
      if (ewt_we && as_elive[ewt_wa]) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: EWT row %0d written, not free (%b)", $time,
                 ewt_wa, as_elive);
        $stop;
      end
      if (ewt_pend && (ewt_hd != ewt_mem[ewt_ix_q[ewt_rptr_q]])) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: EWT head read ahead %h, row %0d holds %h",
                 $time, ewt_hd, ewt_ix_q[ewt_rptr_q], ewt_mem[ewt_ix_q[ewt_rptr_q]]);
        $stop;
      end
      if (ewt_we && (ewt_cnt_d != {EWT_CNT_W{1'b0}}) && (ewt_ra == ewt_wa) && !ewt_byp_d) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: EWT row %0d read and written, no bypass",
                 $time, ewt_wa);
        $stop;
      end
      // the shared operands: every fit decision and every allocated field is the one of the
      // allocation's own source (EWT head, restore, TB start), ceil(regs / 32) of the EWT head
      // while one is pending and of the start otherwise
      if ((start_fit != as_start_fit) || (rst_alloc != as_rst_alloc) ||
          (ewt_pend && (ewt_fit != as_ewt_fit)) ||
          ((ewt_pend || div_go) && (ewt_regw != as_regw))) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: shared fit start %0d/%0d rst %0d/%0d ewt %0d/%0d",
                 $time, start_fit, as_start_fit, rst_alloc, as_rst_alloc, ewt_fit, as_ewt_fit);
        $stop;
      end
      if (alloc_go && ((alloc_warps != as_warps) || (alloc_regs != as_regs) ||
                       (alloc_shmem != as_shmem) || (alloc_slot != as_slot) ||
                       (alloc_rpw != as_rpw))) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: shared operands warps %0d/%0d regs %0d/%0d",
                 $time, alloc_warps, as_warps, alloc_regs, as_regs);
        $display("  shmem %0d/%0d slot %0d/%0d rpw %0d/%0d", alloc_shmem, as_shmem, alloc_slot,
                 as_slot, alloc_rpw, as_rpw);
        $stop;
      end
      // the counters in their own widths (issue 15 board area): the next counts never leave
      // 0..capacity, so the bits above each counter's width are 0 (what the stores drop)
      if (((free_tb_d & ~TC_MASK) != 8'd0) || ((free_warps_d & ~FW_MASK) != 8'd0) ||
          ((free_regs_d & ~FR_MASK) != 18'd0) || ((free_shmem_d & ~FS_MASK) != 18'd0) ||
          (free_tb_d > TBS[7:0]) || (free_warps_d > WARPS[7:0]) ||
          (free_regs_d > REGS[17:0]) || (free_shmem_d > SHMEM[17:0])) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: next free tb %0d warps %0d regs %0d shmem %0d",
                 $time, free_tb_d, free_warps_d, free_regs_d, free_shmem_d);
        $stop;
      end
      if (as_wnew != (alloc_go ? {1'b0, alloc_warps} : 7'd0)) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: %0d warp slots newly busy, allocation of %0d",
                 $time, as_wnew, alloc_go ? alloc_warps : 6'd0);
        $stop;
      end
      // the rpw engine: the partial remainder stays below the divisor (the widths above hold),
      // and the last step writes ceil(ceil(regs / 32) / warps), saturated to 63
      if (div_busy_q && !div_sat_q && (div_rem_q >= div_dvs_q)) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: rpw engine remainder %0d >= divisor %0d",
                 $time, div_rem_q, div_dvs_q);
        $stop;
      end
      if (div_last && ({26'd0, div_rpw} != as_dq)) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: rpw engine writes %0d to entry %0d, not %0d",
                 $time, div_rpw, div_rtb_q, as_dq);
        $stop;
      end
      // the preempted table's one read (ptb_ri): the restore candidate's entry while the
      // sequencer is idle, the sequencer's own entry while it runs
      if (((seq_st_q == S_IDLE) && rc_any &&
           ((rc_q != rc_idx) || (r_regs[FR_W-1:0] != ptb_res_mem[rc_idx][PR_REGS +: FR_W]) ||
            (r_warps[WF_W-1:0] != ptb_res_mem[rc_idx][PR_WARPS +: WF_W]) ||
            (r_shmem[SF_W-1:0] != ptb_res_mem[rc_idx][PR_SHMEM +: SF_W]) ||
            (r_rpw != ptb_res_mem[rc_idx][PR_RPW +: 6]) || (r_row != ptb_row_q[rc_idx]))) ||
          ((seq_st_q != S_IDLE) && ((sp_row != ptb_row_q[seq_ptb_q]) ||
                                    (sp_ipb != ptb_ipb_q[seq_ptb_q]) ||
                                    (sp_two != ptb_two_q[seq_ptb_q])))) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: table read of entry %0d (state %0d, cand %0d)",
                 $time, ptb_ri, seq_st_q, rc_idx);
        $stop;
      end
      // the free on-chip bytes (ip_seq: one adder): the sequencer takes or returns in one
      // cycle, never both; the result is the count minus what is taken plus what returns; it
      // never exceeds IPB (no checkpoint's bytes return twice)
      if ((ip_sub && ip_ret) ||
          (ip_free_d != ip_free_q - (ip_sub ? ip_take : {IPB_W{1'b0}}) +
                        (ip_ret ? sp_ipb : {IPB_W{1'b0}}) +
                        (drp_pk_any ? pk_ipb : {IPB_W{1'b0}}))) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: on-chip bytes %0d -> %0d (%0d %0d, %0d %0d)",
                 $time, ip_free_q, ip_free_d, ip_sub, ip_take, ip_ret, sp_ipb);
        $stop;
      end
      if ({1'b0, ip_free_q} > IPB[IPB_W:0]) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: on-chip bytes free %0d > IPB", $time, ip_free_q);
        $stop;
      end
      // the one-write-port memories (res_tb_q, ptb_*_q resources): the offer writes the TB
      // index of a resident unstarted entry; an evict writes the resources into a reserved
      // table entry, never over a preempted TB waiting for its restore
      // an allocation writes the resources of a free entry only (res_*_q: one write port)
      if (alloc_go && (!rtb_any || res_valid_q[rtb_idx])) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: resources written for entry %0d, not free",
                 $time, rtb_idx);
        $stop;
      end
      if (st_fire && (!res_valid_q[st_rtb] || res_started_q[st_rtb])) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: TB index written for entry %0d, not unstarted",
                 $time, st_rtb);
        $stop;
      end
      if (ptb_res_we && (!ptb_valid_q[seq_ptb_q] || ptb_pre_q[seq_ptb_q])) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: resources written into table entry %0d (%0d %0d)",
                 $time, seq_ptb_q, ptb_valid_q[seq_ptb_q], ptb_pre_q[seq_ptb_q]);
        $stop;
      end
      if (drop_valid_i && drp) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: drop of tag %0d while the drop of tag %0d runs",
                 $time, drop_slot_i, drp_tag_q);
        $stop;
      end
      // one acknowledge per drop, after it
      if (drp_ack_q && (!as_pend_q || drp)) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: drop_ack_o without a drop", $time);
        $stop;
      end
      // no done report of the tag under a drop is queued
      if (done_push && drp && (d_slot == drp_tag_q)) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: done report of tag %0d during its drop", $time,
                 drp_tag_q);
        $stop;
      end
      // nothing is allocated or offered to the SIMT while a drop runs (no restore of the tag)
      if (drp && (alloc_go || st_fire)) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: allocation %0d / start %0d during a drop",
                 $time, alloc_go, st_fire);
        $stop;
      end
      // no start-FIFO rotation while the rpw engine runs (it would write a dropped entry)
      if (rot_s && div_busy_q) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: drop rotation, rpw engine busy (entry %0d)",
                 $time, div_rtb_q);
        $stop;
      end
      // one release per cycle (rel_*): the sequencer's evict or discarded restore, the
      // drop's evict and its start-FIFO rotation's free never two together (a discarded
      // restore waits for the drop's evict, the rotation for both)
      if ((seq_rel && drp_ev_fire) || (rot_s_kill && (seq_rel || drp_ev_fire))) begin
        // (each: released?, its entry)
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: releases seq %0d %0d drop %0d %0d rot %0d %0d",
                 $time, seq_rel, seq_rtb_q, drp_ev_fire, drp_evr_q, rot_s_kill, st_rtb);
        $stop;
      end
      // the drop evicts only a paused TB of its tag
      if (drp_ev_fire && ((drp_evr_bit & drp_tagm & res_started_q) == {TBS{1'b0}})) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: drop evicts entry %0d, not a TB of tag %0d",
                 $time, drp_evr_q, drp_tag_q);
        $stop;
      end
      // the drop never evicts a TB with a yield in flight (its reserved table entry would
      // leak and its lane wait for a save done forever: the sequencer's evict takes it)
      if (drp_ev_fire && ((drp_evr_bit & res_yld_q) != {TBS{1'b0}})) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: drop evicts entry %0d, its yield in flight",
                 $time, drp_evr_q);
        $stop;
      end
      // a woken yielded TB (issue 13) is restored before any new TB and is not held by hold_i:
      // no TB start is accepted while one waits, and it waits no cycle in which the SM could
      // restore it (sequencer idle, no save and no event warp first, no drop, its resident
      // entry, warps, registers and shared memory free).  Before the fix it waited behind
      // hold_i (and behind a held victim's lower table entry) while new TBs kept starting.
      if (wk_any && start_tb_ok) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: TB start while woken table entry %0d waits",
                 $time, wk_idx);
        $stop;
      end
      if (wk_any && (seq_st_q == S_IDLE) && !sel_any && !ewt_pend && !drp && tb_room &&
          ({2'd0, r_warps} <= free_warps_x) && (r_regs <= free_regs_x) &&
          ({1'b0, r_shmem} <= free_shmem_x) && !(rst_alloc && (rc_idx == wk_idx))) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: woken entry %0d not restored, room (hold %0d)",
                 $time, wk_idx, hold_i);
        $stop;
      end
      // the payload RAM (issue 15): the rows are a permutation (each resident and each table
      // entry owns its own row: a write for one entry never changes another's payload), and
      // the offer never uses a read of the row written in the same cycle (undefined in the
      // block RAM) but through pay_byp_q
      if (as_rows != {ROWS{1'b1}}) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: payload rows not a permutation (%b)", $time,
                 as_rows);
        $stop;
      end
      if (pay_we && sq_nv && (pay_ra == pay_wa) && !pay_byp_d) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: payload row %0d read (head %0d), written (%0d)",
                 $time, pay_ra, sq_nh, rtb_idx);
        $stop;
      end
      // the acknowledge leaves nothing of the tag (entries, preempted entries, held items)
      if (drp_fin && ((drp_tagm != {TBS{1'b0}}) || drp_sk_q || drp_ek_q)) begin
        $display("ASSERTION kmu_sm_ctrl %m t=%0t: drop acknowledged with tag %0d left", $time,
                 drp_tag_q);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
