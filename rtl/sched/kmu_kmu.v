// kmu_kmu - kernel management unit: the pending kernel pool (KMU), the active kernel slots
// (KDU) and the completion table.  Kernel descriptors from two streams (event kernels from the
// EKT, host kernels from the host launch window) wait in one FIFO per priority level; the
// highest-priority pending kernel moves into the lowest free slot; the dispatcher takes TBs
// from the slots; when the last TB of a kernel is done its completion-table entry completes:
// a completion flag write is queued for the memory port and an event kernel's EKT credit
// returns.
//
// Paper: EDGE (event-driven GPU execution) II-A (the KMU stores pending kernels and schedules
// them by priority to the KDU when a free entry is available; 32 KDU entries) and III-A
// (event kernels flow into pending event kernel queues, a completion flag marks them done);
// RGEM (responsive GPGPU execution) 3.2 (kernel launches one at a time in priority order:
// mode_rgem_i).  Interface contract: docs/kmu-interfaces.md sections 1 and 2, as built and
// with its deviations: docs/blocks/kmu_kmu.md.
//
// Why a completion table separate from the slots: a slot is needed only while its kernel has
// TBs to hand out; completion needs only the count of TBs on the SMs.  So an admitted kernel
// gets a completion-table (CT) entry, its "kernel tag", that counts its outstanding TBs, and
// its slot frees as soon as its last TB is taken.  TBs carry the tag (take_tag_o, done_tag_i).
// A slot held by a low-priority kernel with many TBs can then be handed back: its un-started
// TBs return to the pending pool as a continuation (slot swap-out), so a higher-priority
// kernel never waits for a lower one to finish (no priority inversion at the slot level).
//
// Structure:
//   - kmu_rr_arb #(2) between the streams (index 0 event, 1 host): a stream requests when the
//     descriptor register is free and the FIFO of its priority level has room; *_ready_o is
//     the grant, so at most one descriptor is accepted per cycle.
//   - The geometry: TB count (gx*gy*gz), warps per TB (ceil(tx*ty*tz / 32)), registers per TB
//     (warps * 32 * nregs), with no multiplier (issue 15).  A fast descriptor (gy, gz, ty, tz
//     each 0 or 1 and 0 or 2^k warps: ANDs and a shift) is the new kernel in its handshake
//     cycle; any other is held in the descriptor register (hd_*_q) while one serial shift-add
//     engine computes it, and is the new kernel when the engine is done: its word of room in
//     its level is reserved from the handshake on (swap-outs and replays take only room
//     beyond it), so the hold is bounded.  The pending FIFOs hold these results, not the dimensions.  Each level is four kmu_fifo lanes of <= 64 bits, pushed
//     and popped together (lane A {param, kptr}, lane B {tbs, cpl_addr}, lane C {id, event,
//     shmem, regs, warps}, lane D {cont, tag}: a continuation's kernel tag; a continuation's
//     next TB index is in lane B's cpl_addr field, issue 15); PEND words deep.
//   - Admission (at most one per cycle): the pending candidates are the FIFO heads plus the
//     descriptor accepted in this cycle; the one of the highest priority wins, ties to the
//     older (a FIFO head).  kmu_prio_enc picks the highest non-empty level and the lowest free
//     slot; the lowest free CT entry is found by a scan (CT may exceed 64).  The accepted
//     descriptor bypasses its FIFO when its priority is strictly above every non-empty level
//     (so an empty pool costs no cycle).  A fresh kernel needs a free slot and a free CT entry
//     (its tag); a continuation needs only a free slot (it keeps its tag and resumes at its
//     saved next TB index).  With mode_rgem_i = 1 admission needs no valid slot and no valid
//     CT entry other than the candidate's own (a continuation's), so one kernel at a time.
//     A fresh kernel with zero TBs (malformed) takes only a CT entry, already all-taken: it
//     completes the cycle after admission and never holds a slot.
//   - Slot swap-out: in a cycle where the best candidate has priority P, no slot is free or
//     freed by this cycle's take, and a valid slot of priority < P has TBs left after this
//     cycle's take, the victim is the lowest-priority such slot (ties: the highest index).
//     If its level's FIFO has room, no other word goes into the pool this cycle (the new
//     kernel's push, at any level: one pool push word a cycle, issue 15), the mode is not RGEM,
//     and the candidate can be admitted next cycle (a continuation, or a CT entry is free: no
//     swap would otherwise free a slot that nobody can use), the victim's issue state is
//     pushed at the tail of its level as a continuation and its slot frees at the edge
//     (swap_o).  Its CT entry stays: the TBs already taken finish against it.
//   - Completion: a CT entry whose TBs are all taken and all done completes; the lowest such
//     entry, one per cycle, when the completion FIFO (kmu_fifo, SLOTS words of cpl_addr) has
//     room.
//
// Latency (cycles):
//   descriptor valid in cycle s (its level has room, the register free) -> handshake in s.
//   a fast descriptor is the new kernel in its handshake cycle t; any other in
//     t + G, G = 1 + L(gy) + L(gz) + L(ty) + L(tz) + L(warps), L(v) = max(1, bit length of
//     v): 7..71 (32 x 32 threads, 32 warps: 16); no handshake from t+1 to t+G; a descriptor
//     valid from t+1 whose level has room is accepted in t+G+1 (the bound: G + 1 <= 72).
//   new kernel in cycle t, slot and CT entry free, nothing of equal or higher
//     priority pending -> slot_valid_o / slot_has_tb_o in cycle t+1 (bypass).  From a FIFO:
//     the head is admitted in the first cycle with a free slot (and for a fresh kernel a free
//     CT entry); slot visible the cycle after.
//   take in cycle t -> take_tb_o / take_tag_o / take_kptr_o / take_param_o in cycle t
//     (combinational), next TB index at the edge.  Changed: the last take of a kernel in cycle
//     t frees its slot at the edge (slot_valid_o low from t+1; a pending kernel can be
//     admitted at the end of t+1).
//   last done in cycle t -> kernel_done_o, ekt_cpl_valid_o in cycle t+1 (when the completion
//     FIFO has room), CT entry free from cycle t+2, mem_req_valid_o from cycle t+2.
//   zero-TB kernel admitted at the end of cycle t -> kernel_done_o in t+1 (unchanged); new: it
//     never shows in the slot table.
//   New: swap in cycle t (swap_o) -> the victim's slot free from t+1, the candidate admitted
//     at the end of t+1 (slot visible in t+2); a priority-P arrival accepted in cycle t with
//     every slot held by lower kernels that have TBs left and a free CT entry goes into the
//     pool in t, swaps out in t+1 and is in a slot in t+3 (two cycles more than into a free
//     slot; t+2 before issue 15's one pool push word).
//
// Handshake contract:
//   ev_/host_ valid/ready: a handshake is valid && ready.  *_ready_o is the arbiter's grant
//     (the stream's valid, its level's room, the descriptor register free: it depends on the
//     stream's valid and prio and on state only).
//     err_desc_o pulses when a malformed descriptor becomes the new kernel (its handshake
//     cycle when fast, G cycles later otherwise): a
//     zero grid or TB dimension, more than 1024 threads per TB, or 2^32 or more TBs.  It is
//     accepted as a kernel with zero TBs (it completes without TBs: its completion flag and
//     EKT credit are never lost).
//   Slot table (registers): slot_valid_o[SLOTS], slot_has_tb_o[SLOTS] (valid and TBs left:
//     equal to slot_valid_o, a slot frees at its last take), slot_event_o[SLOTS],
//     slot_prio_o[2*SLOTS] (slot s at [2s+1:2s]); event and prio read 0 for a free slot;
//     slot_p0_o..slot_p3_o[SLOTS] (slot has TBs left and priority k, the dispatcher's
//     per-level request vectors).  Per-slot warps, registers and shared memory through the
//     query port: q_slot_i -> q_warps_o, q_regs_o, q_shmem_o, q_prio_o, q_event_o
//     (combinational; zeros for a free slot or q_slot_i >= SLOTS).
//   take_valid_i/take_slot_i (always ready): take_tb_o = the slot's next TB index, take_tag_o
//     = its kernel tag (the TB carries it to done_tag_i), take_kptr_o, take_param_o (driven
//     every cycle for take_slot_i; zeros for an index >= SLOTS).  err_take_o: a take of a
//     free slot, or of a slot whose kernel has 2^OUT_W - 1 TBs outstanding (issue 15: the
//     count is OUT_W bits, sized by the top for what its SMs hold), ignored.
//   done_valid_i/done_tag_i (always ready): err_done_o for a free CT entry, an index >= CT or
//     an entry with no TB outstanding (ignored).  Take and done of one CT entry in one cycle:
//     the outstanding count before the edge decides the error; both apply.
//   swap_o: one-cycle pulse per swap-out (a counter enable); depends on take_valid_i.
//   mem_req_valid_o/mem_req_ready_i: completion write (mem_req_addr_o = cpl_addr,
//     mem_req_wdata_o = 1), held until accepted, in completion order.
//   ekt_cpl_valid_o/ekt_cpl_id_o and kernel_done_o: one-cycle pulses per completion (no
//     ready); ekt_cpl_id_o reads 0 while no entry is complete.
// TReM revocation (issue 12; docs/blocks/kmu_revoke.md "Neighbours"):
//   Launch ids: every accepted descriptor (either stream) gets the next launch id (lid_q, 16
//     bits, wrapping, 0 after reset); last_lid_o = the id of the last accepted host descriptor.
//     The pending FIFOs carry it with the class (host_class_i; event kernels are class user)
//     and the estimate (host_est_i; event kernels 0) in lane E {est, lid, user}.
//   adm_valid_o/adm_fresh_o/adm_tag_o/adm_lid_o/adm_user_o/adm_est_o: every admission into a
//     slot (fresh: the new CT entry and lane E; a continuation: its tag), the cycle it happens.
//   stop_i with rvk_tag_i (pulse) -> stop_ack_o in the next cycle (registered).  If the tag's
//     entry is valid and does not complete in this cycle it is stopped (ct_stop_q): its slot is
//     cleared (no further take; an admission of it in this cycle is undone), it never completes,
//     its done reports are absorbed (no err_done_o), and a continuation of it that reaches the
//     head of its pool level is dropped (popped, not admitted).  Otherwise only the ack.
//   free_i with free_replay_i (pulse, the tag stopped) -> free_ack_o (registered) when done:
//     retire: the entry frees without a completion flag or kernel_done_o; an event kernel's EKT
//     credit returns (ekt_cpl_valid_o, in a cycle without a completion); if a continuation of
//     it is still in the pool, the entry stays (a zombie) until that continuation is dropped.
//     replay: the outstanding count and "all taken" clear and the stop ends (a zero-TB kernel is
//     all taken at once, as at its admission, and completes); if a continuation
//     is in the pool it restarts at TB 0 (ct_restart_q) when admitted, else a continuation with
//     next TB 0 and the same tag is pushed at the tail of its level (from the per-entry
//     descriptor copy: the RAM ct_desc_m, read at free_i, and the TB count ct_tbs_q) when that
//     level's FIFO has room and no other word goes into the pool in the cycle: no swap-out
//     (issue 15: the two continuations share one push bus) and no new kernel (the pool's one
//     push word).  The tag is kept, so the completion of the replay is the kernel's only
//     completion.
// C twin: cmodel/sched/kmu_kmu.c (composed of the kmu_fifo, kmu_rr_arb and kmu_prio_enc twins).
`default_nettype none

module kmu_kmu #(
    parameter integer SLOTS    = 4,          // active kernel slots (KDU), 1..32: 4 small, 32 paper
    parameter integer PEND     = 4,          // pending kernels per priority level, >= 1
    parameter integer EKT_ID_W = 3,          // EKT entry id bits, 1..16
    parameter integer CT       = 2 * SLOTS,  // completion-table entries (kernel tags), SLOTS..256
    // outstanding-count bits of a CT entry (a kernel's TBs taken and not done), 1..32: the top
    // derives it from what the SMs can hold (kmu_gpu: NSM * (TBS + PTBS + EWT)); a take that
    // would pass 2^OUT_W - 1 is refused (err_take_o)
    parameter integer OUT_W    = 8
) (
    input  wire                  clk_i,
    input  wire                  rst_ni,           // asynchronous, active low
    input  wire                  mode_rgem_i,      // 1: one kernel at a time (RGEM 3.2)

    // event kernel descriptors (from the EKT)
    input  wire                  ev_valid_i,
    output wire                  ev_ready_o,
    input  wire [          31:0] ev_kptr_i,
    input  wire [          15:0] ev_grid_x_i,
    input  wire [          15:0] ev_grid_y_i,
    input  wire [          15:0] ev_grid_z_i,
    input  wire [          15:0] ev_tb_x_i,
    input  wire [          15:0] ev_tb_y_i,
    input  wire [          15:0] ev_tb_z_i,
    input  wire [          15:0] ev_shmem_i,       // shared memory bytes per TB
    input  wire [           7:0] ev_nregs_i,       // registers per thread
    input  wire [           1:0] ev_prio_i,        // 3 = highest
    input  wire [          31:0] ev_param_i,
    input  wire [          31:0] ev_cpl_addr_i,    // completion flag address
    input  wire [  EKT_ID_W-1:0] ev_id_i,          // EKT entry (credit returned on completion)

    // host kernel descriptors (from the host launch window)
    input  wire                  host_valid_i,
    output wire                  host_ready_o,
    input  wire [          31:0] host_kptr_i,
    input  wire [          15:0] host_grid_x_i,
    input  wire [          15:0] host_grid_y_i,
    input  wire [          15:0] host_grid_z_i,
    input  wire [          15:0] host_tb_x_i,
    input  wire [          15:0] host_tb_y_i,
    input  wire [          15:0] host_tb_z_i,
    input  wire [          15:0] host_shmem_i,
    input  wire [           7:0] host_nregs_i,
    input  wire [           1:0] host_prio_i,
    input  wire [          31:0] host_param_i,
    input  wire [          31:0] host_cpl_addr_i,
    input  wire                  host_class_i,     // TReM class: 1 user-facing, 0 batch
    input  wire [          31:0] host_est_i,       // estimated execution time, cycles (0: none)

    output wire                  err_desc_o,       // accepted descriptor is malformed (0 TBs)

    // slot table (KDU) for the dispatcher
    output wire [     SLOTS-1:0] slot_valid_o,
    output wire [     SLOTS-1:0] slot_has_tb_o,    // TBs left to dispatch
    output wire [     SLOTS-1:0] slot_event_o,
    output wire [   2*SLOTS-1:0] slot_prio_o,
    output wire [     SLOTS-1:0] slot_p0_o,        // TBs left and priority 0 (has_tb & prio==0)
    output wire [     SLOTS-1:0] slot_p1_o,        // ... priority 1
    output wire [     SLOTS-1:0] slot_p2_o,        // ... priority 2
    output wire [     SLOTS-1:0] slot_p3_o,        // ... priority 3 (highest)
    input  wire [((SLOTS > 1) ? $clog2(SLOTS) : 1)-1:0] q_slot_i,  // query: one slot
    output reg  [           5:0] q_warps_o,        // warps per TB, 1..32
    output reg  [          17:0] q_regs_o,         // registers per TB
    output reg  [          15:0] q_shmem_o,        // shared memory bytes per TB
    output reg  [           1:0] q_prio_o,
    output reg                   q_event_o,

    // TB take (from the dispatcher)
    input  wire                  take_valid_i,
    input  wire [((SLOTS > 1) ? $clog2(SLOTS) : 1)-1:0] take_slot_i,
    output reg  [          31:0] take_tb_o,        // linear TB index
    output reg  [((CT > 1) ? $clog2(CT) : 1)-1:0] take_tag_o,  // the slot's kernel tag
    output reg  [          31:0] take_kptr_o,
    output reg  [          31:0] take_param_o,
    output wire                  err_take_o,       // free slot: ignored

    // TB done (from the SMs)
    input  wire                  done_valid_i,
    input  wire [((CT > 1) ? $clog2(CT) : 1)-1:0] done_tag_i,  // kernel tag of the TB
    output wire                  err_done_o,       // free tag or no TB outstanding: ignored

    output wire                  swap_o,           // a slot was swapped out (pulse)

    // completion
    output wire                  mem_req_valid_o,  // completion flag write
    input  wire                  mem_req_ready_i,
    output wire [          31:0] mem_req_addr_o,
    output wire [          31:0] mem_req_wdata_o,  // 1
    output wire                  ekt_cpl_valid_o,  // event kernel completed: EKT credit
    output reg  [  EKT_ID_W-1:0] ekt_cpl_id_o,
    output wire                  kernel_done_o,    // one pulse per completed kernel
    output wire [((CT > 1) ? $clog2(CT) : 1)-1:0] cpl_tag_o,  // with kernel_done_o: its kernel tag

    // TReM: admissions for kmu_revoke, launch ids, stop and free of a kernel tag
    output wire                  adm_valid_o,      // a kernel was admitted into a slot
    output wire                  adm_fresh_o,      // ... a new kernel (else a continuation)
    output wire [((CT > 1) ? $clog2(CT) : 1)-1:0] adm_tag_o,
    output wire [          15:0] adm_lid_o,        // fresh: its launch id
    output wire                  adm_user_o,       // fresh: its class (1 user-facing)
    output wire [          31:0] adm_est_o,        // fresh: its estimate
    output wire [          15:0] last_lid_o,       // launch id of the last accepted host kernel
    input  wire [((CT > 1) ? $clog2(CT) : 1)-1:0] rvk_tag_i,  // the tag of stop and free
    input  wire                  stop_i,           // pulse: stop the tag
    output wire                  stop_ack_o,       // pulse, the cycle after stop_i
    input  wire                  free_i,           // pulse: retire / replay the stopped tag
    input  wire                  free_replay_i,    // with free_i: 1 replay, 0 retire
    output wire                  free_ack_o        // pulse: the free is done
);
  localparam integer SLOT_W = (SLOTS > 1) ? $clog2(SLOTS) : 1;
  localparam integer TAG_W = (CT > 1) ? $clog2(CT) : 1;
  localparam integer LEVELS = 4;  // priority levels
  // pending FIFO lanes (each <= 64 bits, so the C twin composes the FIFO twin) and the
  // offsets of their fields
  localparam integer LA_W = 64;  // lane A: {param, kptr}
  localparam integer LA_KPTR = 0;
  localparam integer LA_PARAM = 32;
  localparam integer LB_W = 64;  // lane B: {tbs, cpl_addr}; a continuation: {tbs, next}
  localparam integer LB_CPL = 0;
  localparam integer LB_NEXT = 0;  // a continuation's next TB index, where a fresh kernel's cpl_addr is
  localparam integer LB_TBS = 32;
  localparam integer LC_W = EKT_ID_W + 1 + 16 + 18 + 6;  // lane C: {id, event, shmem, regs, warps}
  localparam integer LC_WARPS = 0;
  localparam integer LC_REGS = 6;
  localparam integer LC_SHMEM = 24;
  localparam integer LC_EVENT = 40;
  localparam integer LC_ID = 41;
  // lane D: {cont, tag} of a continuation (issue 15: its next TB index is in lane B's cpl_addr
  // field, which a continuation never reads: its CT entry has the address)
  localparam integer LD_W = 1 + TAG_W;
  localparam integer LD_TAG = 0;
  localparam integer LD_CONT = TAG_W;
  localparam integer LE_W = 1 + 16 + 32;  // lane E: {est, lid, user} of a fresh kernel
  localparam integer LE_USER = 0;
  localparam integer LE_LID = 1;
  localparam integer LE_EST = 17;
  // the CT descriptor copy in RAM (ct_desc_m): {prio, lane C, param, kptr}
  localparam integer CD_W = LA_W + LC_W + 2;
  localparam integer CD_LA = 0;
  localparam integer CD_LC = LA_W;
  localparam integer CD_PRIO = LA_W + LC_W;
  localparam [47:0] MAX_THREADS = 48'd1024;
  localparam integer CNT_W = $clog2(PEND + 1);  // a pending FIFO's word count
  localparam integer PEND_M1 = PEND - 1;
  localparam [CNT_W-1:0] PEND_LAST = PEND_M1[CNT_W-1:0];  // one word of room left
  localparam integer EV = 0;  // arbiter index of the event stream (host: 1)
  localparam integer HOST = 1;
  // geometry engine phases (geo_ph_q)
  localparam [2:0] GEO_IDLE = 3'd0;
  localparam [2:0] GEO_GXY = 3'd1;  // grid_x * grid_y
  localparam [2:0] GEO_GZ = 3'd2;  // * grid_z: TBs
  localparam [2:0] GEO_TXY = 3'd3;  // tb_x * tb_y
  localparam [2:0] GEO_TZ = 3'd4;  // * tb_z: threads per TB
  localparam [2:0] GEO_REGS = 3'd5;  // warps * (nregs * 32): registers per TB
  localparam [2:0] GEO_DONE = 3'd6;  // results ready: handshake when the level has room

  integer s, e;
  genvar l;

  // ---------------------------------------------------------------- slot state (issue only)
  reg [SLOTS-1:0] valid_q, valid_d;
  reg [SLOTS-1:0] event_q, event_d;
  (* mem2reg *) reg [1:0] prio_q[0:SLOTS-1];
  (* mem2reg *) reg [1:0] prio_d[0:SLOTS-1];
  (* mem2reg *) reg [TAG_W-1:0] tag_q[0:SLOTS-1];  // the kernel's CT entry
  (* mem2reg *) reg [TAG_W-1:0] tag_d[0:SLOTS-1];
  (* mem2reg *) reg [31:0] kptr_q[0:SLOTS-1];
  (* mem2reg *) reg [31:0] kptr_d[0:SLOTS-1];
  (* mem2reg *) reg [31:0] param_q[0:SLOTS-1];
  (* mem2reg *) reg [31:0] param_d[0:SLOTS-1];
  (* mem2reg *) reg [31:0] tbs_q[0:SLOTS-1];  // TB count
  (* mem2reg *) reg [31:0] tbs_d[0:SLOTS-1];
  (* mem2reg *) reg [31:0] next_q[0:SLOTS-1];  // next TB index = TBs taken
  (* mem2reg *) reg [31:0] next_d[0:SLOTS-1];
  (* mem2reg *) reg [5:0] warps_q[0:SLOTS-1];
  (* mem2reg *) reg [5:0] warps_d[0:SLOTS-1];
  (* mem2reg *) reg [17:0] regs_q[0:SLOTS-1];
  (* mem2reg *) reg [17:0] regs_d[0:SLOTS-1];
  (* mem2reg *) reg [15:0] shmem_q[0:SLOTS-1];
  (* mem2reg *) reg [15:0] shmem_d[0:SLOTS-1];

  // ---------------------------------------------------------------- completion table
  // Only ct_valid_q resets: the other fields are written when the entry is allocated and
  // read only while it is valid (a table that may map to RAM-like storage).
  reg [CT-1:0] ct_valid_q, ct_valid_d;
  (* mem2reg *) reg ct_all_q[0:CT-1];  // every TB taken
  (* mem2reg *) reg ct_all_d[0:CT-1];
  (* mem2reg *) reg [OUT_W-1:0] ct_out_q[0:CT-1];  // TBs taken, not done (issue 15: OUT_W bits)
  (* mem2reg *) reg [OUT_W-1:0] ct_out_d[0:CT-1];
  (* mem2reg *) reg [31:0] ct_cpl_addr_q[0:CT-1];
  (* mem2reg *) reg [31:0] ct_cpl_addr_d[0:CT-1];
  (* mem2reg *) reg ct_event_q[0:CT-1];
  (* mem2reg *) reg ct_event_d[0:CT-1];
  (* mem2reg *) reg [EKT_ID_W-1:0] ct_id_q[0:CT-1];
  (* mem2reg *) reg [EKT_ID_W-1:0] ct_id_d[0:CT-1];
  // TReM: per entry, what a revocation needs.  ct_stop_q, ct_pool_q, ct_zombie_q and
  // ct_restart_q reset (flags); the descriptor copy (for a replay's continuation) does not.
  // The copy is a RAM (issue 15: block RAM / LUT RAM, no reset), ct_desc_m {prio, lane C,
  // param, kptr}: written at a fresh admission (ct_alloc_idx), read only for a free, by one
  // registered read at free_i (rvk_tag_i) into fr_desc_q.  The freed tag is valid and stopped
  // until its free is done (kmu_revoke's contract), so its word is not rewritten in between.
  // 2^TAG_W words, so every tag indexes a word.  A tag >= CT reads an unwritten word, but no
  // push uses it: its TB count reads 0 (f_zero, from ct_tbs_q), so it never pushes (issue 15:
  // no gate on the copy, 99 iCE40 LUT4 fewer).  The TB count stays per entry in registers
  // (ct_tbs_q): the zero-TB replay reads it, and the formal proof (formal/kmu_kmu_fv.v) binds
  // it per entry.
  reg [CD_W-1:0] ct_desc_m[0:(1<<TAG_W)-1];
  reg [CD_W-1:0] fr_desc_q;  // the freed tag's descriptor copy
  reg [CT-1:0] ct_stop_q, ct_stop_d;  // stopped: no completion, dones absorbed
  reg [CT-1:0] ct_pool_q, ct_pool_d;  // a continuation of it waits in the pool
  reg [CT-1:0] ct_zombie_q, ct_zombie_d;  // retired, freed when its pooled continuation drops
  reg [CT-1:0] ct_restart_q, ct_restart_d;  // replayed while pooled: admitted at TB 0
  (* mem2reg *) reg [31:0] ct_tbs_q[0:CT-1];
  (* mem2reg *) reg [31:0] ct_tbs_d[0:CT-1];
  reg [15:0] lid_q, lid_d;  // the next launch id
  reg [15:0] last_lid_q, last_lid_d;  // the last accepted host kernel's launch id
  reg stop_ack_q, free_ack_q, free_ack_d;
  reg fr_pend_q, fr_pend_d;  // a free is waiting to be carried out
  reg fr_replay_q, fr_replay_d;
  reg [TAG_W-1:0] fr_tag_q, fr_tag_d;

  // ---------------------------------------------------------------- input arbitration
  // The handshake is the arbiter's grant, as before the geometry engine (issue 15): a stream
  // requests when the descriptor register (below) is free and its level's FIFO has room.  The
  // accepted descriptor is released by the stream at once: a descriptor whose geometry needs
  // no multiply (the fast path) is a candidate for admission in its handshake cycle; any
  // other is held in the descriptor register (hd_*_q) while the serial engine computes its
  // geometry, and becomes the candidate when the engine is done and its level has room.  One
  // descriptor in flight: no handshake while the register holds one.
  wire [LEVELS-1:0] lvl_room;  // the level's FIFO can take a descriptor
  wire [1:0] arb_req, arb_gnt;
  wire unused_arb_idx;
  wire hs_fire;  // a descriptor is accepted (handshake) this cycle
  reg [2:0] geo_ph_q, geo_ph_d;  // engine phase (GEO_*); GEO_IDLE: the register is free
  wire geo_idle = (geo_ph_q == GEO_IDLE);
  assign arb_req[EV] = ev_valid_i && geo_idle && lvl_room[ev_prio_i];
  assign arb_req[HOST] = host_valid_i && geo_idle && lvl_room[host_prio_i];

  kmu_rr_arb #(
      .N(2)
  ) u_in_arb (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (arb_req),
      .ack_i      (1'b1),  // every grant is a handshake
      .gnt_o      (arb_gnt),
      .gnt_idx_o  (unused_arb_idx),
      .gnt_valid_o(hs_fire)
  );
  assign ev_ready_o = arb_gnt[EV];
  assign host_ready_o = arb_gnt[HOST];

  // the accepted descriptor (host when granted, else event)
  wire ac_host = arb_gnt[HOST];
  wire [15:0] ac_gx = ac_host ? host_grid_x_i : ev_grid_x_i;
  wire [15:0] ac_gy = ac_host ? host_grid_y_i : ev_grid_y_i;
  wire [15:0] ac_gz = ac_host ? host_grid_z_i : ev_grid_z_i;
  wire [15:0] ac_tx = ac_host ? host_tb_x_i : ev_tb_x_i;
  wire [15:0] ac_ty = ac_host ? host_tb_y_i : ev_tb_y_i;
  wire [15:0] ac_tz = ac_host ? host_tb_z_i : ev_tb_z_i;
  wire [7:0] ac_nregs = ac_host ? host_nregs_i : ev_nregs_i;
  wire [1:0] ac_prio = ac_host ? host_prio_i : ev_prio_i;
  wire [31:0] ac_kptr = ac_host ? host_kptr_i : ev_kptr_i;
  wire [31:0] ac_param = ac_host ? host_param_i : ev_param_i;
  wire [31:0] ac_cpl_addr = ac_host ? host_cpl_addr_i : ev_cpl_addr_i;
  wire [15:0] ac_shmem = ac_host ? host_shmem_i : ev_shmem_i;
  wire [EKT_ID_W-1:0] ac_id = ac_host ? {EKT_ID_W{1'b0}} : ev_id_i;
  // lane E: event kernels are class user (latency-critical, never a "make room" victim), no
  // estimate; the launch id is the handshake's
  wire [LE_W-1:0] ac_le = ac_host ? {host_est_i, lid_q, host_class_i} : {32'd0, lid_q, 1'b1};

  // ---------------------------------------------------------------- fast path
  // A 1-D grid of 1-D TBs (grid_y, grid_z, tb_y, tb_z each 0 or 1: their products are ANDs)
  // whose warp count is 0 or a power of two (registers per TB = nregs << (5 + log2 warps): a
  // shift) needs no multiply, so it is known in the handshake cycle and launches with no
  // engine cycle (the 4-cycle event launch of docs/blocks/kmu_gpu.md; 64..1024-thread TBs
  // of 2^k warps).  A zero dimension or > 1024 threads (malformed, 0 warps) is fast too.
  wire fa_dims = (ac_gy[15:1] == 15'd0) && (ac_gz[15:1] == 15'd0) && (ac_ty[15:1] == 15'd0) &&
                 (ac_tz[15:1] == 15'd0);
  wire [15:0] fa_tbs = (ac_gy[0] && ac_gz[0]) ? ac_gx : 16'd0;
  wire [15:0] fa_thr = (ac_ty[0] && ac_tz[0]) ? ac_tx : 16'd0;
  wire fa_bad = (fa_tbs == 16'd0) || (fa_thr == 16'd0) || (fa_thr > MAX_THREADS[15:0]);
  wire [11:0] fa_round = fa_thr[11:0] + 12'd31;  // <= 1055 when well-formed
  wire [5:0] fa_warps = fa_bad ? 6'd0 : fa_round[10:5];
  wire fa_pow2 = ((fa_warps & (fa_warps - 6'd1)) == 6'd0);  // 0 or one bit set
  reg [17:0] fa_regs;  // warps * 32 * nregs for a one-hot warps
  integer k;
  always @(*) begin
    fa_regs = 18'd0;
    for (k = 0; k < 6; k = k + 1)
      if (fa_warps[k]) fa_regs = fa_regs | ({10'd0, ac_nregs} << (5 + k));
  end
  wire fa_fast = fa_dims && fa_pow2;
  wire unused_fa = |{fa_round[11], fa_round[4:0]};

  // ---------------------------------------------------------------- descriptor register
  // Written at every handshake (no reset: read only while the engine holds a descriptor).
  reg geo_src_q, geo_src_d;  // the held descriptor's stream: 1 host, 0 event
  reg [31:0] hd_kptr_q, hd_param_q, hd_cpl_addr_q;
  reg [15:0] hd_shmem_q, hd_gz_q, hd_tx_q, hd_ty_q, hd_tz_q;
  reg [7:0] hd_nregs_q;
  reg [1:0] hd_prio_q;
  reg [EKT_ID_W-1:0] hd_id_q;
  reg [LE_W-1:0] hd_le_q;
  always @(posedge clk_i) begin
    if (hs_fire) begin
      hd_kptr_q <= ac_kptr;
      hd_param_q <= ac_param;
      hd_cpl_addr_q <= ac_cpl_addr;
      hd_shmem_q <= ac_shmem;
      hd_gz_q <= ac_gz;
      hd_tx_q <= ac_tx;
      hd_ty_q <= ac_ty;
      hd_tz_q <= ac_tz;
      hd_nregs_q <= ac_nregs;
      hd_prio_q <= ac_prio;
      hd_id_q <= ac_id;
      hd_le_q <= ac_le;
    end
  end

  // ---------------------------------------------------------------- kernel geometry
  // One serial shift-add engine (issue 15: no multiplier in the control path) computes, for
  // the held descriptor, in turn grid_x*grid_y, *grid_z (TBs), tb_x*tb_y, *tb_z (threads per
  // TB), then warps*32*nregs (registers per TB).  A phase multiplies geo_mc_q by geo_ml_q one
  // multiplier bit per cycle (the multiplicand shifts up, the multiplier down) and ends in the
  // cycle its remaining multiplier is 0 or 1: max(1, bit length of the multiplier) cycles, then
  // one cycle GEO_DONE (the results registered) in which the kernel is the new candidate when
  // its level has room.  A 32 x 32 grid of 96-thread TBs: 6 + 1 + 1 + 1 + 2 cycles, + 1.
  reg [47:0] geo_acc_q, geo_acc_d;  // product so far (GEO_DONE: registers per TB)
  reg [47:0] geo_mc_q, geo_mc_d;  // multiplicand, shifted up
  reg [15:0] geo_ml_q, geo_ml_d;  // multiplier, shifted down
  reg [31:0] geo_tbs_q, geo_tbs_d;  // TB count (valid when !geo_bad_q)
  reg geo_bad_q, geo_bad_d;  // malformed: zero dimension, >= 2^32 TBs, > 1024 threads
  reg [5:0] geo_warps_q, geo_warps_d;  // warps per TB (0 when malformed)
  wire [47:0] geo_sum = geo_acc_q + (geo_ml_q[0] ? geo_mc_q : 48'd0);
  wire geo_last = (geo_ml_q[15:1] == 15'd0);  // this phase's last step
  wire geo_grid_bad = (geo_sum == 48'd0) || (geo_sum[47:32] != 16'd0);
  wire geo_thr_bad = (geo_sum == 48'd0) || (geo_sum > MAX_THREADS);
  wire [11:0] thr_round = geo_sum[11:0] + 12'd31;  // <= 1055 when well-formed
  wire [5:0] geo_warps_new = (geo_bad_q || geo_thr_bad) ? 6'd0 : thr_round[10:5];
  wire unused_geom = |{thr_round[11], thr_round[4:0]};
  // the held descriptor leaves the register: the engine is done and its level has room
  wire geo_exit = (geo_ph_q == GEO_DONE) && lvl_room[hd_prio_q];
  always @(*) begin
    geo_ph_d = geo_ph_q;
    geo_src_d = geo_src_q;
    geo_acc_d = geo_acc_q;
    geo_mc_d = geo_mc_q;
    geo_ml_d = geo_ml_q;
    geo_tbs_d = geo_tbs_q;
    geo_bad_d = geo_bad_q;
    geo_warps_d = geo_warps_q;
    if (geo_idle) begin
      if (hs_fire && !fa_fast) begin  // grid_x * grid_y of the accepted descriptor
        geo_ph_d = GEO_GXY;
        geo_src_d = ac_host;
        geo_acc_d = 48'd0;
        geo_mc_d = {32'd0, ac_gx};
        geo_ml_d = ac_gy;
      end
    end else if (geo_ph_q == GEO_DONE) begin
      if (geo_exit) geo_ph_d = GEO_IDLE;
    end else if (!geo_last) begin
      geo_acc_d = geo_sum;
      geo_mc_d = {geo_mc_q[46:0], 1'b0};
      geo_ml_d = {1'b0, geo_ml_q[15:1]};
    end else begin  // the phase's product is geo_sum: load the next phase
      geo_ph_d = geo_ph_q + 3'd1;
      geo_acc_d = 48'd0;
      case (geo_ph_q)
        GEO_GXY: begin
          geo_mc_d = {16'd0, geo_sum[31:0]};
          geo_ml_d = hd_gz_q;
        end
        GEO_GZ: begin
          geo_tbs_d = geo_sum[31:0];
          geo_bad_d = geo_grid_bad;
          geo_mc_d = {32'd0, hd_tx_q};
          geo_ml_d = hd_ty_q;
        end
        GEO_TXY: begin
          geo_mc_d = {16'd0, geo_sum[31:0]};
          geo_ml_d = hd_tz_q;
        end
        GEO_TZ: begin
          geo_bad_d = geo_bad_q || geo_thr_bad;
          geo_warps_d = geo_warps_new;
          geo_mc_d = {35'd0, hd_nregs_q, 5'd0};
          geo_ml_d = {10'd0, geo_warps_new};
        end
        GEO_REGS: geo_acc_d = geo_sum;  // registers per TB, kept for GEO_DONE
        default: ;
      endcase
    end
  end

  // ---------------------------------------------------------------- the new kernel
  // The candidate that is not yet in the pool: the fast descriptor in its handshake cycle, or
  // the held one when its engine is done (never both: no handshake while one is held).
  wire in_fire = (hs_fire && fa_fast) || geo_exit;
  wire in_host = geo_exit ? geo_src_q : ac_host;
  wire [1:0] in_prio = geo_exit ? hd_prio_q : ac_prio;
  wire in_bad = geo_exit ? geo_bad_q : fa_bad;
  wire [31:0] in_tbs = in_bad ? 32'd0 : geo_exit ? geo_tbs_q : {16'd0, fa_tbs};
  wire [5:0] in_warps = geo_exit ? geo_warps_q : fa_warps;
  wire [17:0] in_regs = geo_exit ? geo_acc_q[17:0] : fa_regs;  // <= 32 * 32 * 255 < 2^18
  wire unused_geo_acc = |geo_acc_q[47:18];
  wire in_event = !in_host;
  assign err_desc_o = in_fire && in_bad;

  wire [LA_W-1:0] in_la = geo_exit ? {hd_param_q, hd_kptr_q} : {ac_param, ac_kptr};
  wire [LB_W-1:0] in_lb = {in_tbs, geo_exit ? hd_cpl_addr_q : ac_cpl_addr};
  wire [LC_W-1:0] in_lc = {
    geo_exit ? hd_id_q : ac_id, in_event, geo_exit ? hd_shmem_q : ac_shmem, in_regs, in_warps
  };
  wire [LD_W-1:0] in_ld = {LD_W{1'b0}};  // a fresh kernel: no continuation
  wire [LE_W-1:0] in_le = geo_exit ? hd_le_q : ac_le;

  // ---------------------------------------------------------------- room reservation
  // The descriptor for the engine owns one word of its level's room from its handshake (the
  // handshake needed that room) until it leaves the register: a swap-out or a replay push
  // into that level takes only a word beyond it (lvl_spare).  So the engine's descriptor
  // always finds its room when done (GEO_DONE lasts one cycle): the register is held exactly
  // G cycles and the other stream's descriptor waits at most G + 1.  Without it, swap-outs
  // and replays could keep the level full and the front door shut for as long as they came
  // (an event kernel behind a host descriptor: priority inversion at the front door).
  wire resv_on = !geo_idle || (hs_fire && !fa_fast);  // held, or going to the engine now
  wire [1:0] resv_lvl = geo_idle ? ac_prio : hd_prio_q;
  wire [LEVELS-1:0] lvl_spare;  // the level takes a swap-out or replay push this cycle

  // ---------------------------------------------------------------- pending pool
  wire [LEVELS-1:0] lvl_ne;  // the level's FIFO holds a kernel
  wire [LEVELS*LA_W-1:0] lvl_la;  // heads, level l at [l*W +: W]
  wire [LEVELS*LB_W-1:0] lvl_lb;
  wire [LEVELS*LC_W-1:0] lvl_lc;
  wire [LEVELS*LD_W-1:0] lvl_ld;
  wire [LEVELS*LE_W-1:0] lvl_le;
  wire [LEVELS-1:0] lvl_push, lvl_push_in, lvl_pop;

  // highest non-empty level: the encoder's bit 0 is level 3
  wire [1:0] lvl_enc_idx;
  wire any_ne;
  kmu_prio_enc #(
      .N(LEVELS)
  ) u_lvl_enc (
      .in_i   ({lvl_ne[0], lvl_ne[1], lvl_ne[2], lvl_ne[3]}),
      .idx_o  (lvl_enc_idx),
      .valid_o(any_ne)
  );
  wire [1:0] lvl_hi = 2'd3 - lvl_enc_idx;

  // lowest free slot
  wire [SLOT_W-1:0] alloc_idx;
  wire alloc_ok;
  kmu_prio_enc #(
      .N(SLOTS)
  ) u_alloc (
      .in_i   (~valid_q),
      .idx_o  (alloc_idx),
      .valid_o(alloc_ok)
  );

  // lowest free CT entry (a scan from the top, so the lowest free one wins)
  reg [TAG_W-1:0] ct_alloc_idx;
  reg ct_alloc_ok;
  always @(*) begin
    ct_alloc_idx = {TAG_W{1'b0}};
    ct_alloc_ok = 1'b0;
    for (e = CT - 1; e >= 0; e = e - 1) begin
      if (!ct_valid_q[e]) begin
        ct_alloc_idx = e[TAG_W-1:0];
        ct_alloc_ok = 1'b1;
      end
    end
  end

  // the best candidate: the accepted descriptor when strictly above every non-empty level,
  // else the head of the highest non-empty level
  wire cand_byp = in_fire && (!any_ne || in_prio > lvl_hi);
  wire cand_any = in_fire || any_ne;
  wire [1:0] cand_prio = cand_byp ? in_prio : lvl_hi;
  wire [LA_W-1:0] cand_la = cand_byp ? in_la : lvl_la[lvl_hi*LA_W+:LA_W];
  wire [LB_W-1:0] cand_lb = cand_byp ? in_lb : lvl_lb[lvl_hi*LB_W+:LB_W];
  wire [LC_W-1:0] cand_lc = cand_byp ? in_lc : lvl_lc[lvl_hi*LC_W+:LC_W];
  wire [LD_W-1:0] cand_ld = cand_byp ? in_ld : lvl_ld[lvl_hi*LD_W+:LD_W];
  wire [LE_W-1:0] cand_le = cand_byp ? in_le : lvl_le[lvl_hi*LE_W+:LE_W];
  wire cand_cont = cand_any && cand_ld[LD_CONT];  // a continuation: keeps its tag
  wire [TAG_W-1:0] cand_tag = cand_ld[LD_TAG+:TAG_W];
  // a continuation of a stopped kernel is dropped from the pool, never admitted
  reg cand_stop, cand_restart;
  always @(*) begin
    cand_stop = 1'b0;
    cand_restart = 1'b0;
    for (e = 0; e < CT; e = e + 1) begin
      if (cand_tag == e[TAG_W-1:0]) begin
        cand_stop = ct_stop_q[e];
        cand_restart = ct_restart_q[e];
      end
    end
  end
  wire cand_dead = cand_cont && cand_stop;
  wire [31:0] cand_tbs = cand_lb[LB_TBS+:32];

  // RGEM: no other kernel may hold a slot or a CT entry (a continuation's own entry is its
  // own, so a continuation left from concurrent mode can still run alone).  A parked entry (a
  // pooled continuation with no TB on the SMs: a replay waiting, or a retired kernel's last
  // trace) runs nothing, so it does not count: else a replay parked at a low level would block
  // every kernel above it, and itself behind them.
  reg ct_other;
  always @(*) begin
    ct_other = 1'b0;
    for (e = 0; e < CT; e = e + 1)
      if (ct_valid_q[e] && !(ct_pool_q[e] && (ct_zombie_q[e] || ct_out_q[e] == {OUT_W{1'b0}})) &&
          !(cand_cont && cand_tag == e[TAG_W-1:0]))
        ct_other = 1'b1;
  end
  wire rgem_ok = !mode_rgem_i || (valid_q == {SLOTS{1'b0}} && !ct_other);

  // admission (a dead head is popped without a slot: drop_pop)
  wire adm_ok = alloc_ok && (cand_cont || ct_alloc_ok) && rgem_ok && !cand_dead;
  wire adm_byp = adm_ok && cand_byp;  // straight into a slot
  wire drop_pop = any_ne && !cand_byp && cand_dead;  // a stopped kernel's continuation
  wire adm_pop = adm_ok && any_ne && !cand_byp;  // the head of level lvl_hi
  wire adm_fire = adm_byp || adm_pop;
  wire adm_fresh = adm_fire && !cand_cont;  // allocates CT entry ct_alloc_idx

  // ---------------------------------------------------------------- slot reads
  // Selected by comparing the index with every slot, so an index >= SLOTS reads a free slot.
  reg t_valid;
  reg [31:0] t_tbs;
  always @(*) begin
    t_valid = 1'b0;
    t_tbs = 32'd0;
    take_tb_o = 32'd0;
    take_tag_o = {TAG_W{1'b0}};
    take_kptr_o = 32'd0;
    take_param_o = 32'd0;
    q_warps_o = 6'd0;
    q_regs_o = 18'd0;
    q_shmem_o = 16'd0;
    q_prio_o = 2'd0;
    q_event_o = 1'b0;
    for (s = 0; s < SLOTS; s = s + 1) begin
      if (take_slot_i == s[SLOT_W-1:0]) begin
        t_valid = valid_q[s];
        t_tbs = tbs_q[s];
        take_tb_o = next_q[s];
        take_tag_o = tag_q[s];
        take_kptr_o = kptr_q[s];
        take_param_o = param_q[s];
      end
      if (q_slot_i == s[SLOT_W-1:0] && valid_q[s]) begin
        q_warps_o = warps_q[s];
        q_regs_o = regs_q[s];
        q_shmem_o = shmem_q[s];
        q_prio_o = prio_q[s];
        q_event_o = event_q[s];
      end
    end
  end

  // CT read for the done (an index >= CT reads a free entry)
  reg d_valid, d_stop;
  reg [OUT_W-1:0] d_out;
  always @(*) begin
    d_valid = 1'b0;
    d_stop = 1'b0;
    d_out = {OUT_W{1'b0}};
    for (e = 0; e < CT; e = e + 1) begin
      if (done_tag_i == e[TAG_W-1:0]) begin
        d_valid = ct_valid_q[e];
        d_stop = ct_stop_q[e];
        d_out = ct_out_q[e];
      end
    end
  end

  // the CT entry of this cycle's take and its outstanding count
  wire [TAG_W-1:0] t_tag = take_tag_o;
  reg [OUT_W-1:0] t_out;
  always @(*) begin
    t_out = {OUT_W{1'b0}};
    for (e = 0; e < CT; e = e + 1) if (t_tag == e[TAG_W-1:0]) t_out = ct_out_q[e];
  end
  // A kernel's outstanding count is OUT_W bits (issue 15: not 32 per entry).  The top sizes it
  // for every TB its SMs can hold, so a take never finds it full there; should one (a wrong
  // OUT_W, a dispatcher that did not check the SMs' room) it is refused like any bad take:
  // err_take_o, nothing changes (a done of the kernel in the same cycle still counts: the
  // count before the edge decides, as for the done).  The carry of the shared adder is the test.
  wire [OUT_W:0] t_out_sum = {1'b0, t_out} + {{OUT_W{1'b0}}, 1'b1};
  wire [OUT_W-1:0] t_out_inc = t_out_sum[OUT_W-1:0];
  wire t_full = t_out_sum[OUT_W];  // t_out is 2^OUT_W - 1
  assign err_take_o = take_valid_i && (!t_valid || take_tb_o == t_tbs || t_full);
  wire take_ok = take_valid_i && !err_take_o;
`ifdef KMU_ASSERT
  // an accepted take never wraps its kernel's outstanding count to 0
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni && take_ok && (t_out_inc == {OUT_W{1'b0}})) begin
      $display("ASSERTION kmu_kmu %m t=%0t: a take wraps tag %0d's outstanding count (OUT_W %0d)",
               $time, t_tag, OUT_W);
      $stop;
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
  // the one TB-index adder (issue 15: not one per slot): the taken slot's next index + 1, for
  // its next state, its last-take check and a swap-out of it in this cycle
  wire [31:0] take_inc = take_tb_o + 32'd1;
  wire take_last = take_ok && (take_inc == t_tbs);  // frees the slot at the edge
  // a stopped kernel's done reports are absorbed: no error, no count
  assign err_done_o = done_valid_i && (!d_valid || (d_out == {OUT_W{1'b0}} && !d_stop));
  wire done_ok = done_valid_i && !err_done_o && !d_stop;

  // a slot with TBs left to take: a valid slot always has some (its last take frees it, an
  // admission or a continuation brings next < tbs: formal/kmu_kmu_fv.v proves it), so valid_q
  // itself, with no compare per slot (issue 15)
  wire [SLOTS-1:0] has_tb = valid_q;
`ifdef KMU_ASSERT
  integer as_s;
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    for (as_s = 0; as_s < SLOTS; as_s = as_s + 1)
      if (rst_ni && valid_q[as_s] && (next_q[as_s] == tbs_q[as_s])) begin
        $display("ASSERTION kmu_kmu %m t=%0t: valid slot %0d has no TB left", $time, as_s);
        $stop;
      end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif

  // ---------------------------------------------------------------- swap-out
  // Eligible victims: valid, priority below the candidate's, TBs left after this cycle's take.
  // A slot with TBs left (has_tb) keeps some after a take unless it is the last take, and in
  // a cycle with a last take there is no swap-out (swp below): so has_tb is enough, with no
  // adder per slot and no path through the take's compare (issue 15).
  reg [SLOTS-1:0] vic_elig;
  reg [LEVELS-1:0] vic_lvl_any;  // some eligible slot has this priority
  always @(*) begin
    vic_lvl_any = {LEVELS{1'b0}};
    for (s = 0; s < SLOTS; s = s + 1) begin
      vic_elig[s] = has_tb[s] && (prio_q[s] < cand_prio);
      if (vic_elig[s]) vic_lvl_any[prio_q[s]] = 1'b1;
    end
  end

  // the lowest level with an eligible slot, then its highest-index slot: the lowest set bit
  // of the bit-reversed vector
  wire [1:0] vic_lvl;
  wire vic_any;
  kmu_prio_enc #(
      .N(LEVELS)
  ) u_vic_lvl (
      .in_i   (vic_lvl_any),
      .idx_o  (vic_lvl),
      .valid_o(vic_any)
  );
  reg [SLOTS-1:0] vic_rev;
  always @(*) begin
    for (s = 0; s < SLOTS; s = s + 1)
      vic_rev[s] = vic_elig[SLOTS-1-s] && (prio_q[SLOTS-1-s] == vic_lvl);
  end
  wire [SLOT_W-1:0] vic_rev_idx;
  wire unused_vic_rev_valid;
  kmu_prio_enc #(
      .N(SLOTS)
  ) u_vic_enc (
      .in_i   (vic_rev),
      .idx_o  (vic_rev_idx),
      .valid_o(unused_vic_rev_valid)
  );
  localparam integer SLOT_MAX_I = SLOTS - 1;
  localparam [SLOT_W-1:0] SLOT_MAX = SLOT_MAX_I[SLOT_W-1:0];
  wire [SLOT_W-1:0] vic_idx = SLOT_MAX - vic_rev_idx;
  reg [TAG_W-1:0] vic_tag;
  always @(*) begin
    vic_tag = {TAG_W{1'b0}};
    for (s = 0; s < SLOTS; s = s + 1) if (vic_idx == s[SLOT_W-1:0]) vic_tag = tag_q[s];
  end

  // the victim's issue state as a continuation, next TB index after this cycle's take
  reg [LA_W-1:0] vic_la;
  reg [LB_W-1:0] vic_lb;
  reg [LC_W-1:0] vic_lc;
  reg [LD_W-1:0] vic_ld;
  reg [31:0] vic_next;  // the victim's next_q (before this cycle's take)
  always @(*) begin
    vic_la = {LA_W{1'b0}};
    vic_lb = {LB_W{1'b0}};  // {tbs, next}: its cpl_addr is in the CT entry
    vic_lc = {LC_W{1'b0}};  // id unused: it is in the CT entry
    vic_ld = {LD_W{1'b0}};
    vic_next = 32'd0;
    for (s = 0; s < SLOTS; s = s + 1) begin
      if (vic_idx == s[SLOT_W-1:0]) begin
        vic_la[LA_KPTR+:32] = kptr_q[s];
        vic_la[LA_PARAM+:32] = param_q[s];
        vic_lb[LB_TBS+:32] = tbs_q[s];
        vic_lc[LC_WARPS+:6] = warps_q[s];
        vic_lc[LC_REGS+:18] = regs_q[s];
        vic_lc[LC_SHMEM+:16] = shmem_q[s];
        vic_lc[LC_EVENT] = event_q[s];
        vic_next = next_q[s];
        vic_ld[LD_TAG+:TAG_W] = tag_q[s];
        vic_ld[LD_CONT] = 1'b1;
      end
    end
    // a take of the victim in this cycle: its next index is the take's (issue 15: one 32-bit
    // multiplexer after the slot read, not one per slot before it: 85 iCE40 LUT4 fewer)
    vic_lb[LB_NEXT+:32] = (take_ok && (take_slot_i == vic_idx)) ? take_inc : vic_next;
  end

  // swap: no slot free (nor freed by this cycle's take), not RGEM, the victim's level takes
  // this push (room beyond a reserved word, and not the new kernel's level), and the
  // candidate can use the slot next cycle (a continuation, or a CT entry is free)
  wire swp = !mode_rgem_i && cand_any && !alloc_ok && !take_last && vic_any &&
             lvl_spare[vic_lvl] && (cand_cont || ct_alloc_ok) && !cand_dead;
  assign swap_o = swp;

  // ---------------------------------------------------------------- TReM: the pending free
  wire cpl_fire_w;  // cpl_fire (the completion, below)
  // the continuation dropped this cycle is the pending free's own: the free waits a cycle, so
  // that it sees the kernel no longer pooled
  wire fr_block = drop_pop && (cand_tag == fr_tag_q);
  // the tag's entry fields (fr_tag_q), for the replay's continuation and the retire's credit
  reg f_pool, f_event;
  reg [1:0] f_prio;
  reg [EKT_ID_W-1:0] f_id;
  reg [LA_W-1:0] rpl_la;
  reg [LB_W-1:0] rpl_lb;
  reg [LC_W-1:0] rpl_lc;
  always @(*) begin
    f_pool = 1'b0;
    f_event = 1'b0;
    f_id = {EKT_ID_W{1'b0}};
    rpl_lb = {LB_W{1'b0}};
    for (e = 0; e < CT; e = e + 1) begin
      if (fr_tag_q == e[TAG_W-1:0]) begin
        f_pool = ct_pool_q[e];
        f_event = ct_event_q[e];
        f_id = ct_id_q[e];
        rpl_lb = {ct_tbs_q[e], 32'd0};  // {tbs, next}: from TB 0
      end
    end
    // the descriptor copy, read at free_i (read only with rpl_push: a tag < CT, written)
    f_prio = fr_desc_q[CD_PRIO+:2];
    rpl_la = fr_desc_q[CD_LA+:LA_W];
    rpl_lc = fr_desc_q[CD_LC+:LC_W];
  end
  wire [LD_W-1:0] rpl_ld = {1'b1, fr_tag_q};  // a continuation (from TB 0: rpl_lb)
  // a zero-TB kernel is replayed as it was admitted: all taken at once, no continuation
  wire f_zero = (rpl_lb[LB_TBS+:32] == 32'd0);
  // a replay whose kernel has no pooled continuation pushes one; it waits for its level's room
  // and for a cycle without a swap-out (issue 15: the two continuations share one push bus)
  wire rpl_push = fr_pend_q && !fr_block && fr_replay_q && !f_pool && !f_zero &&
                  lvl_spare[f_prio] && !swp;
  // the continuation bus: the cycle's one continuation push, a swap-out's victim or a replay.
  // Kept as wires (keep): one multiplexer for the four levels; without it ABC9 (ECP5) folds it
  // into each level's push logic (measured 8,755 against 7,752 ECP5 LUT4, docs/synthesis.md).
  (* keep *) wire [LA_W-1:0] cb_la;
  assign cb_la = swp ? vic_la : rpl_la;
  (* keep *) wire [LB_W-1:0] cb_lb;
  assign cb_lb = swp ? vic_lb : rpl_lb;
  (* keep *) wire [LC_W-1:0] cb_lc;
  assign cb_lc = swp ? vic_lc : rpl_lc;
  (* keep *) wire [LD_W-1:0] cb_ld;
  assign cb_ld = swp ? vic_ld : rpl_ld;
  // not read from the bus: a continuation's EKT id, its cont flag (ps_ld's)
  wire unused_cb = |{cb_lc[LC_ID+:EKT_ID_W], cb_ld[LD_W-1]};
  // The pool's one push word (issue 15): a continuation push (the bus) waits out a cycle in
  // which the new kernel goes into the pool (lvl_spare), so a cycle pushes at most one word
  // into the pool and the four levels share one multiplexer (before: one per level, as a new
  // kernel and a continuation could go to two levels in one cycle; 594 iCE40 LUT4 measured).
  // Only the fields the word's kind reads are selected: a continuation never reads lane E or
  // its EKT id (they are in its CT entry), a fresh kernel never reads a tag (lane D under
  // cont = 0), so those take one source with no multiplexer.  Lane B's low half is a fresh
  // kernel's cpl_addr or a continuation's next TB index.
  wire in_push = in_fire && !adm_byp;  // the new kernel goes into the pool (at in_prio)
  wire cb_push = swp || rpl_push;  // the continuation bus goes into the pool
  wire [LA_W-1:0] ps_la = cb_push ? cb_la : in_la;
  // lane B whole: {tbs, next} or {tbs, cpl_addr}.  Kept (keep): without it ABC9 (ECP5) folds
  // this multiplexer into the victim's read and the take's path (docs/synthesis.md)
  (* keep *) wire [LB_W-1:0] ps_lb;
  assign ps_lb = cb_push ? cb_lb : in_lb;
  wire [LC_W-1:0] ps_lc = {in_lc[LC_ID+:EKT_ID_W], cb_push ? cb_lc[LC_ID-1:0] : in_lc[LC_ID-1:0]};
  wire [LD_W-1:0] ps_ld = {cb_push, cb_ld[LD_W-2:0]};
`ifdef KMU_ASSERT
  // one pool push word a cycle: a continuation never meets the new kernel's pool push
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni && cb_push && in_push) begin
      $display("ASSERTION kmu_kmu %m t=%0t: a continuation push and the new kernel's pool push in one cycle",
               $time);
      $stop;
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
`ifdef KMU_ASSERT
  // the bus carries one continuation a cycle: a replay push never meets a swap-out
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni && swp && rpl_push) begin
      $display("ASSERTION kmu_kmu %m t=%0t: a swap-out and a replay push in one cycle", $time);
      $stop;
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
  // a retire of an event kernel returns its credit in a cycle without a completion
  wire ret_credit = fr_pend_q && !fr_block && !fr_replay_q && f_event && !cpl_fire_w;
  wire fr_fire = fr_pend_q && !fr_block &&
                 (fr_replay_q ? (f_pool || rpl_push || f_zero) : (!f_event || !cpl_fire_w));

  // the stop: the tag's entry is valid and does not complete in this cycle
  reg r_valid;
  always @(*) begin
    r_valid = 1'b0;
    for (e = 0; e < CT; e = e + 1) if (rvk_tag_i == e[TAG_W-1:0]) r_valid = ct_valid_q[e];
  end
  wire stop_hit = stop_i && r_valid && !(cpl_fire_w && (cpl_idx == rvk_tag_i));

  generate
    for (l = 0; l < LEVELS; l = l + 1) begin : g_lvl
      wire [$clog2(PEND+1)-1:0] cnt_a, unused_cnt_b, unused_cnt_c, unused_cnt_d;
      localparam [1:0] LV = l;  // this level
      wire unused_rdy_b, unused_rdy_c, unused_rdy_d, unused_val_b, unused_val_c, unused_val_d;
      wire swp_here = swp && (vic_lvl == LV);  // the victim goes to this level
      wire rpl_here = rpl_push && (f_prio == LV);  // a replay's continuation goes here
      // the level's push word: the pool's one push word of the cycle (ps_*, above)
      wire [LA_W-1:0] ins_la = ps_la;
      wire [LB_W-1:0] ins_lb = ps_lb;
      wire [LC_W-1:0] ins_lc = ps_lc;
      wire [LD_W-1:0] ins_ld = ps_ld;
      wire [LE_W-1:0] ins_le = in_le;
      wire unused_rdy_e, unused_val_e;
      wire [$clog2(PEND+1)-1:0] unused_cnt_e;
      assign lvl_push_in[l] = in_push && (in_prio == LV);
      assign lvl_push[l] = lvl_push_in[l] || swp_here || rpl_here;
      assign lvl_pop[l] = (adm_pop || drop_pop) && (lvl_hi == LV);
      // room for a continuation push besides the reserved word (lane A's count; the lanes
      // move together), in a cycle in which the new kernel does not go into the pool (at any
      // level: one push word a cycle, ps_* above)
      assign lvl_spare[l] = lvl_room[l] && !in_push &&
                            !(resv_on && (resv_lvl == LV) && (cnt_a == PEND_LAST));
      kmu_fifo #(
          .WIDTH(LA_W),
          .DEPTH(PEND)
      ) u_fifo_a (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .flush_i     (1'b0),
          .push_valid_i(lvl_push[l]),
          .push_ready_o(lvl_room[l]),
          .push_data_i (ins_la),
          .pop_valid_o (lvl_ne[l]),
          .pop_ready_i (lvl_pop[l]),
          .pop_data_o  (lvl_la[l*LA_W+:LA_W]),
          .count_o     (cnt_a)
      );
      kmu_fifo #(
          .WIDTH(LB_W),
          .DEPTH(PEND)
      ) u_fifo_b (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .flush_i     (1'b0),
          .push_valid_i(lvl_push[l]),
          .push_ready_o(unused_rdy_b),
          .push_data_i (ins_lb),
          .pop_valid_o (unused_val_b),
          .pop_ready_i (lvl_pop[l]),
          .pop_data_o  (lvl_lb[l*LB_W+:LB_W]),
          .count_o     (unused_cnt_b)
      );
      kmu_fifo #(
          .WIDTH(LC_W),
          .DEPTH(PEND)
      ) u_fifo_c (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .flush_i     (1'b0),
          .push_valid_i(lvl_push[l]),
          .push_ready_o(unused_rdy_c),
          .push_data_i (ins_lc),
          .pop_valid_o (unused_val_c),
          .pop_ready_i (lvl_pop[l]),
          .pop_data_o  (lvl_lc[l*LC_W+:LC_W]),
          .count_o     (unused_cnt_c)
      );
      kmu_fifo #(
          .WIDTH(LD_W),
          .DEPTH(PEND)
      ) u_fifo_d (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .flush_i     (1'b0),
          .push_valid_i(lvl_push[l]),
          .push_ready_o(unused_rdy_d),
          .push_data_i (ins_ld),
          .pop_valid_o (unused_val_d),
          .pop_ready_i (lvl_pop[l]),
          .pop_data_o  (lvl_ld[l*LD_W+:LD_W]),
          .count_o     (unused_cnt_d)
      );
      kmu_fifo #(
          .WIDTH(LE_W),
          .DEPTH(PEND)
      ) u_fifo_e (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .flush_i     (1'b0),
          .push_valid_i(lvl_push[l]),
          .push_ready_o(unused_rdy_e),
          .push_data_i (ins_le),
          .pop_valid_o (unused_val_e),
          .pop_ready_i (lvl_pop[l]),
          .pop_data_o  (lvl_le[l*LE_W+:LE_W]),
          .count_o     (unused_cnt_e)
      );
    end
  endgenerate

  // ---------------------------------------------------------------- completion
  // the lowest CT entry with every TB taken and done (a scan from the top)
  reg [TAG_W-1:0] cpl_idx;
  reg cpl_any;
  always @(*) begin
    cpl_idx = {TAG_W{1'b0}};
    cpl_any = 1'b0;
    for (e = CT - 1; e >= 0; e = e - 1) begin
      if (ct_valid_q[e] && ct_all_q[e] && ct_out_q[e] == {OUT_W{1'b0}} && !ct_stop_q[e]) begin
        cpl_idx = e[TAG_W-1:0];
        cpl_any = 1'b1;
      end
    end
  end

  reg c_event;
  reg [31:0] c_addr;
  reg [EKT_ID_W-1:0] c_id;
  always @(*) begin
    c_event = 1'b0;
    c_addr = 32'd0;
    c_id = {EKT_ID_W{1'b0}};
    for (e = 0; e < CT; e = e + 1) begin
      if (cpl_any && cpl_idx == e[TAG_W-1:0]) begin  // table fields only of a valid entry
        c_event = ct_event_q[e];
        c_addr = ct_cpl_addr_q[e];
        c_id = ct_id_q[e];
      end
    end
  end
  // a retire's credit takes the port in a cycle without a completion
  always @(*) ekt_cpl_id_o = ret_credit ? f_id : c_id;

  wire cpl_room;
  wire cpl_fire = cpl_any && cpl_room;
  assign cpl_fire_w = cpl_fire;
  wire [$clog2(SLOTS+1)-1:0] unused_cpl_cnt;
  kmu_fifo #(
      .WIDTH(32),
      .DEPTH(SLOTS)
  ) u_cpl_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(cpl_any),
      .push_ready_o(cpl_room),
      .push_data_i (c_addr),
      .pop_valid_o (mem_req_valid_o),
      .pop_ready_i (mem_req_ready_i),
      .pop_data_o  (mem_req_addr_o),
      .count_o     (unused_cpl_cnt)
  );
  assign mem_req_wdata_o = 32'd1;
  assign ekt_cpl_valid_o = (cpl_fire && c_event) || ret_credit;
  assign kernel_done_o = cpl_fire;
  assign cpl_tag_o = cpl_idx;  // TReM: the completed kernel's tag (kmu_revoke's cpl_tag_i)

  // ---------------------------------------------------------------- next state
  always @(*) begin
    valid_d = valid_q;
    event_d = event_q;
    for (s = 0; s < SLOTS; s = s + 1) begin
      prio_d[s] = prio_q[s];
      tag_d[s] = tag_q[s];
      kptr_d[s] = kptr_q[s];
      param_d[s] = param_q[s];
      tbs_d[s] = tbs_q[s];
      next_d[s] = next_q[s];
      warps_d[s] = warps_q[s];
      regs_d[s] = regs_q[s];
      shmem_d[s] = shmem_q[s];
    end
    for (s = 0; s < SLOTS; s = s + 1) begin
      // take (never on a free slot, so never on the slot admitted); the last take frees it
      if (take_ok && (take_slot_i == s[SLOT_W-1:0])) begin
        next_d[s] = take_inc;  // take_tb_o is this slot's next_q
        if (take_last) valid_d[s] = 1'b0;
      end
      // swap-out frees the victim's slot (its issue state went to the pool)
      if (swp && (vic_idx == s[SLOT_W-1:0])) valid_d[s] = 1'b0;
      // admission into the lowest free slot; a fresh zero-TB kernel takes only its CT entry
      if (adm_fire && (alloc_idx == s[SLOT_W-1:0])) begin
        valid_d[s] = cand_cont || (cand_tbs != 32'd0);
        event_d[s] = cand_lc[LC_EVENT];
        shmem_d[s] = cand_lc[LC_SHMEM+:16];
        regs_d[s] = cand_lc[LC_REGS+:18];
        warps_d[s] = cand_lc[LC_WARPS+:6];
        kptr_d[s] = cand_la[LA_KPTR+:32];
        param_d[s] = cand_la[LA_PARAM+:32];
        tbs_d[s] = cand_tbs;
        prio_d[s] = cand_prio;
        next_d[s] = (cand_cont && !cand_restart) ? cand_lb[LB_NEXT+:32] : 32'd0;
        tag_d[s] = cand_cont ? cand_tag : ct_alloc_idx;
      end
      // a stop clears the tag's slot (also one admitted in this cycle)
      if (stop_hit && (tag_d[s] == rvk_tag_i)) valid_d[s] = 1'b0;
    end
  end

  // the outstanding counts change through two shared adders (issue 15: not one pair per entry):
  // the take's entry + 1 (t_out_inc, above), the done's entry - 1
  localparam [OUT_W-1:0] OUT_ONE = 1;  // (no zero-width replication at OUT_W = 1)
  wire [OUT_W-1:0] d_out_dec = d_out - OUT_ONE;
  always @(*) begin
    ct_valid_d = ct_valid_q;
    ct_stop_d = ct_stop_q;
    ct_pool_d = ct_pool_q;
    ct_zombie_d = ct_zombie_q;
    ct_restart_d = ct_restart_q;
    for (e = 0; e < CT; e = e + 1) begin
      ct_all_d[e] = ct_all_q[e];
      ct_out_d[e] = ct_out_q[e];
      ct_cpl_addr_d[e] = ct_cpl_addr_q[e];
      ct_event_d[e] = ct_event_q[e];
      ct_id_d[e] = ct_id_q[e];
      ct_tbs_d[e] = ct_tbs_q[e];
    end
    for (e = 0; e < CT; e = e + 1) begin
      // take and done (never on a free entry, so never on the entry allocated or completed)
      if ((take_ok && (t_tag == e[TAG_W-1:0])) && !(done_ok && (done_tag_i == e[TAG_W-1:0])))
        ct_out_d[e] = t_out_inc;
      else if (!(take_ok && (t_tag == e[TAG_W-1:0])) &&
               (done_ok && (done_tag_i == e[TAG_W-1:0])))
        ct_out_d[e] = d_out_dec;
      if (take_last && (t_tag == e[TAG_W-1:0])) ct_all_d[e] = 1'b1;
      // completion frees the entry
      if (cpl_fire && (cpl_idx == e[TAG_W-1:0])) ct_valid_d[e] = 1'b0;
      // a fresh kernel's entry: nothing taken yet (all taken at once when it has zero TBs)
      if (adm_fresh && (ct_alloc_idx == e[TAG_W-1:0])) begin
        ct_valid_d[e] = 1'b1;
        ct_all_d[e] = (cand_tbs == 32'd0);
        ct_out_d[e] = {OUT_W{1'b0}};
        ct_cpl_addr_d[e] = cand_lb[LB_CPL+:32];
        ct_event_d[e] = cand_lc[LC_EVENT];
        ct_id_d[e] = cand_lc[LC_ID+:EKT_ID_W];
        ct_tbs_d[e] = cand_tbs;
        ct_stop_d[e] = 1'b0;
        ct_pool_d[e] = 1'b0;
        ct_zombie_d[e] = 1'b0;
        ct_restart_d[e] = 1'b0;
      end
      // TReM: the pool flag follows the kernel's continuation in and out of the pool
      if (swp && (vic_tag == e[TAG_W-1:0])) ct_pool_d[e] = 1'b1;
      if (rpl_push && (fr_tag_q == e[TAG_W-1:0])) ct_pool_d[e] = 1'b1;
      if ((adm_pop || drop_pop) && cand_cont && (cand_tag == e[TAG_W-1:0])) begin
        ct_pool_d[e] = 1'b0;
        ct_restart_d[e] = 1'b0;
        if (drop_pop && ct_zombie_q[e]) begin  // a retired kernel's last trace: free the entry
          ct_valid_d[e] = 1'b0;
          ct_stop_d[e] = 1'b0;
          ct_zombie_d[e] = 1'b0;
        end
      end
      if (stop_hit && (rvk_tag_i == e[TAG_W-1:0])) ct_stop_d[e] = 1'b1;
      if (fr_fire && (fr_tag_q == e[TAG_W-1:0])) begin
        if (fr_replay_q) begin  // back to the pool from TB 0, the same tag
          ct_out_d[e] = {OUT_W{1'b0}};
          ct_all_d[e] = f_zero;
          ct_stop_d[e] = 1'b0;
          if (ct_pool_q[e]) ct_restart_d[e] = 1'b1;
        end else if (ct_pool_q[e]) begin
          ct_zombie_d[e] = 1'b1;  // freed when its pooled continuation drops
        end else begin
          ct_valid_d[e] = 1'b0;
          ct_stop_d[e] = 1'b0;
        end
      end
    end
  end

  // TReM: launch ids, the stop's ack, the pending free
  always @(*) begin
    lid_d = lid_q + {15'd0, hs_fire};  // numbered at the handshake, in acceptance order
    last_lid_d = (hs_fire && ac_host) ? lid_q : last_lid_q;
    fr_pend_d = fr_pend_q && !fr_fire;
    fr_replay_d = fr_replay_q;
    fr_tag_d = fr_tag_q;
    if (free_i) begin
      fr_pend_d = 1'b1;
      fr_replay_d = free_replay_i;
      fr_tag_d = rvk_tag_i;
    end
    free_ack_d = fr_fire;
  end
  assign adm_valid_o = adm_fire;
  assign adm_fresh_o = adm_fresh;
  assign adm_tag_o = cand_cont ? cand_tag : ct_alloc_idx;
  assign adm_lid_o = cand_le[LE_LID+:16];
  assign adm_user_o = cand_le[LE_USER];
  assign adm_est_o = cand_le[LE_EST+:32];
  assign last_lid_o = last_lid_q;
  assign stop_ack_o = stop_ack_q;
  assign free_ack_o = free_ack_q;

  // ---------------------------------------------------------------- outputs
  assign slot_valid_o = valid_q;
  assign slot_has_tb_o = has_tb;
  assign slot_event_o = event_q & valid_q;
  genvar g;
  generate
    for (g = 0; g < SLOTS; g = g + 1) begin : g_prio
      assign slot_prio_o[2*g+:2] = valid_q[g] ? prio_q[g] : 2'd0;
      assign slot_p0_o[g] = has_tb[g] && (prio_q[g] == 2'd0);
      assign slot_p1_o[g] = has_tb[g] && (prio_q[g] == 2'd1);
      assign slot_p2_o[g] = has_tb[g] && (prio_q[g] == 2'd2);
      assign slot_p3_o[g] = has_tb[g] && (prio_q[g] == 2'd3);
    end
  endgenerate

  // ---------------------------------------------------------------- registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= {SLOTS{1'b0}};
      event_q <= {SLOTS{1'b0}};
      ct_valid_q <= {CT{1'b0}};
      ct_stop_q <= {CT{1'b0}};
      ct_pool_q <= {CT{1'b0}};
      ct_zombie_q <= {CT{1'b0}};
      ct_restart_q <= {CT{1'b0}};
      lid_q <= 16'd0;
      last_lid_q <= 16'd0;
      geo_ph_q <= GEO_IDLE;
      geo_src_q <= 1'b0;
      geo_acc_q <= 48'd0;
      geo_mc_q <= 48'd0;
      geo_ml_q <= 16'd0;
      geo_tbs_q <= 32'd0;
      geo_bad_q <= 1'b0;
      geo_warps_q <= 6'd0;
      stop_ack_q <= 1'b0;
      free_ack_q <= 1'b0;
      fr_pend_q <= 1'b0;
      fr_replay_q <= 1'b0;
      fr_tag_q <= {TAG_W{1'b0}};
      for (s = 0; s < SLOTS; s = s + 1) begin
        prio_q[s] <= 2'd0;
        tag_q[s] <= {TAG_W{1'b0}};
        kptr_q[s] <= 32'd0;
        param_q[s] <= 32'd0;
        tbs_q[s] <= 32'd0;
        next_q[s] <= 32'd0;
        warps_q[s] <= 6'd0;
        regs_q[s] <= 18'd0;
        shmem_q[s] <= 16'd0;
      end
    end else begin
      valid_q <= valid_d;
      event_q <= event_d;
      ct_valid_q <= ct_valid_d;
      ct_stop_q <= ct_stop_d;
      ct_pool_q <= ct_pool_d;
      ct_zombie_q <= ct_zombie_d;
      ct_restart_q <= ct_restart_d;
      lid_q <= lid_d;
      last_lid_q <= last_lid_d;
      geo_ph_q <= geo_ph_d;
      geo_src_q <= geo_src_d;
      geo_acc_q <= geo_acc_d;
      geo_mc_q <= geo_mc_d;
      geo_ml_q <= geo_ml_d;
      geo_tbs_q <= geo_tbs_d;
      geo_bad_q <= geo_bad_d;
      geo_warps_q <= geo_warps_d;
      stop_ack_q <= stop_i;
      free_ack_q <= free_ack_d;
      fr_pend_q <= fr_pend_d;
      fr_replay_q <= fr_replay_d;
      fr_tag_q <= fr_tag_d;
      for (s = 0; s < SLOTS; s = s + 1) begin
        prio_q[s] <= prio_d[s];
        tag_q[s] <= tag_d[s];
        kptr_q[s] <= kptr_d[s];
        param_q[s] <= param_d[s];
        tbs_q[s] <= tbs_d[s];
        next_q[s] <= next_d[s];
        warps_q[s] <= warps_d[s];
        regs_q[s] <= regs_d[s];
        shmem_q[s] <= shmem_d[s];
      end
    end
  end

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // Checked every cycle in simulation (KMU_ASSERT; synthesis never sees them).  The new
  // kernel's geometry, fast path or engine, against a multiply (simulation only): registers
  // per TB = warps * 32 * nregs, at most 32 warps, a malformed one has 0 TBs and 0 warps;
  // never a handshake while a descriptor is held; and the hold is bounded by G (the room
  // reservation): the engine's descriptor never waits in GEO_DONE for its level's room, and
  // the register is never held longer than the longest G (GEO_G_MAX cycles).
  localparam [7:0] GEO_G_MAX = 8'd71;  // 1 + 4 * 16 (16-bit multipliers) + 6 (32 warps)
  wire [7:0] as_nregs = geo_exit ? hd_nregs_q : ac_nregs;
  reg [7:0] as_hold_q;  // cycles the register has held its descriptor (after the handshake)
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) as_hold_q <= 8'd0;
    else if (geo_idle || geo_exit) as_hold_q <= 8'd0;
    else as_hold_q <= as_hold_q + 8'd1;
  end
  wire [31:0] as_regs = {26'd0, in_warps} * 32'd32 * {24'd0, as_nregs};
  // rst_ni only masks the checks in reset: hence the lint waiver.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni && in_fire && ((as_regs != {14'd0, in_regs}) || (in_warps > 6'd32) ||
                              (in_bad && (in_tbs != 32'd0 || in_warps != 6'd0)))) begin
      $display("ASSERTION kmu_kmu %m t=%0t: geometry of the new kernel (%s path): warps %0d regs %0d nregs %0d",
               $time, geo_exit ? "engine" : "fast", in_warps, in_regs, as_nregs);
      $stop;
    end
    if (rst_ni && hs_fire && !geo_idle) begin
      $display("ASSERTION kmu_kmu %m t=%0t: handshake while a descriptor is held", $time);
      $stop;
    end
    if (rst_ni && (((geo_ph_q == GEO_DONE) && !geo_exit) || (as_hold_q >= GEO_G_MAX))) begin
      $display("ASSERTION kmu_kmu %m t=%0t: the engine's descriptor held beyond G (done after %0d cycles, level %0d full)",
               $time, as_hold_q + 8'd1, hd_prio_q);
      $stop;
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif

  // the CT descriptor copy (a RAM: one write port, one registered read port, no reset).  Two
  // processes: a read and a write of one word in one cycle never happen (the write is a free
  // entry, the read a valid stopped one), so the read-during-write order need not be kept
  // (measured: 48 fewer iCE40 LUT4 than one process; Yosys 0.23 still registers the write
  // port's address, enable and data in flip-flops: docs/synthesis.md).
  always @(posedge clk_i) begin
    if (adm_fresh) ct_desc_m[ct_alloc_idx] <= {cand_prio, cand_lc, cand_la};
  end
  always @(posedge clk_i) begin
    if (free_i) fr_desc_q <= ct_desc_m[rvk_tag_i];
  end

  // the completion table's fields: no reset (only ct_valid_q), read only while valid; one
  // always block per entry (CT may be 256: a loop of delayed array writes would not unroll)
  generate
    for (g = 0; g < CT; g = g + 1) begin : g_ct
      always @(posedge clk_i) begin
        ct_all_q[g] <= ct_all_d[g];
        ct_out_q[g] <= ct_out_d[g];
        ct_cpl_addr_q[g] <= ct_cpl_addr_d[g];
        ct_event_q[g] <= ct_event_d[g];
        ct_id_q[g] <= ct_id_d[g];
        ct_tbs_q[g] <= ct_tbs_d[g];
      end
    end
  endgenerate
endmodule

`default_nettype wire
