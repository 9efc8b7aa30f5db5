// kmu_dispatch - thread-block dispatcher: picks the kernel slot whose next TB goes out this
// cycle and the SM that gets it, at most one TB per cycle.
//
// Paper: EDGE (event-driven GPU execution) IV-A (SMs reserved for event kernels), IV-B
// (draining: only the highest priority level with TBs left dispatches; a lower-priority
// kernel gets no new TB while a higher one has TBs left, even if they do not fit now), IV-C
// (warp-level events: a resident TB where one fits now, else an SM's event-warp table).
// Contract: docs/kmu-interfaces.md section 3; block page docs/blocks/kmu_dispatch.md (ports).
//
// Choice, in one cycle:
//   level  the highest k with slot_pk_i != 0 (kmu_prio_enc on {|p0,|p1,|p2,|p3}: bit 0 is
//          level 3).  need_valid_o = some slot has TBs left.
//   slot   round-robin among the slots of that level: one pointer per level (lvl_ptr_q),
//          moved only by a take from its level, so each level keeps its own order; one
//          search (kmu_rr_arb's rule) on the chosen level's slots from its pointer.  The
//          pick is held until it dispatches (no skipping of a slot that does not fit now:
//          draining within the level too), unless no SM may ever take it (park).
//          q_slot_o = the pick.
//   need   the picked slot's needs come back through the query port (q_*_i) and are
//          broadcast (need_*_o); every SM answers sm_fit_i / sm_ewt_fit_i combinationally.
//   SM     eligible = reservation-allowed SMs: event kernels only on reserved SMs when any is
//          reserved, host kernels never on reserved SMs; and with TReM's Elastic split on
//          (part_i, TReM IV-A): a user-facing kernel (q_user_i) only on the user SMs
//          (umask_i; anywhere when umask_i = 0: no SM set aside), a batch kernel only on the
//          others (none when umask_i has every SM).  Strict, not work conserving: U follows q
//          (kmu_elastic recomputes at every completion), so SMs set aside idle only briefly.  Candidates: the eligible SMs with
//          sm_fit_i (the TB starts now as a resident TB), for a warp-level event (event
//          kernel, 1 warp, 0 shared memory: need_ewarp_o) too.  Only when no eligible SM fits
//          does a warp-level event go to an event-warp table: candidates then the eligible SMs
//          with sm_ewt_fit_i (start_ewarp_o = 1).  Direct first because it starts one cycle
//          earlier (from the table the warp starts at the next edge) with the same resources;
//          no event warp overtakes an older one on its SM, as kmu_sm_ctrl's fit_o is 0 while
//          its table holds one.  Among the tables, those of SMs that can start the warp now
//          first (sm_ewt_idle_i: the SM's table holds no event warp and its warp-preemption
//          controller is idle; EDGE IV-D serves one event per SM at a time, for the event
//          warp's whole run, so a table behind a busy controller waits for the previous
//          event's end while another SM could preempt at once); when no idle SM is a
//          candidate, any table with room, as before (no stall: the preference only orders).
//          sm_ewt_idle_i is registered state of the SMs (not an answer to the need), so it
//          adds no path through the broadcast need.  Among the candidates, kmu_rr_arb
//          u_sm_rr: the lowest candidate at or after the SM after the previous winner.
//   take   take_valid_o = start_valid_o = need_valid_o && a candidate SM.
//   park   a pick that no SM may take under the current masks (eligible = 0: a batch kernel
//          while Elastic sets every SM aside for user-facing work, U = NSM; a host kernel
//          with every SM reserved) is not held: its slot is parked (park_q) at the edge and
//          the choice above runs on the unparked slots (slot_pk_i & ~park_q) from the next
//          cycle, so a kernel of the other class, at its level or a lower one, goes out.
//          Parking is a register, so no chain is added: the pick still comes from registers
//          and slot_pk_i, the class answer ends in park_q.  A parked slot comes back when the
//          masks change (part_i, umask_i, reserve_mask_i differ from the last cycle's copy
//          part_q, umask_q, res_q: all parked slots are probed again) or when it has no TBs
//          left (its kernel left the slot; kmu_kmu frees a slot for a cycle at least before
//          it admits another kernel into it, so a new kernel never inherits the bit).  The
//          probe cycle is a stall (stall_o) like any pick that does not go out.
//   lift   a parked kernel keeps its slot, so a slot table full of parked kernels would keep
//          every other kernel (user-facing ones waiting in kmu_kmu's pool) out for good.  When
//          every slot holds a kernel with TBs left and all of them are parked (no pick), the
//          split is lifted (lift_q; the parked slots probed again): batch kernels may use
//          every SM until a slot frees (a kernel took its last TB: a pool kernel can enter)
//          or the masks change.  The reservation is never lifted.
//
// Latency: 0 cycles (outputs are combinational from the inputs, the five round-robin
// pointers and park_q); the pointers move at the edge that ends a take cycle, park_q at the
// edge that ends a probe (1 cycle per parked pick).  No handshake back: the
// take is unconditional (kmu_kmu and the SM accept what the dispatcher sends).
// Status: stall_o = a level has TBs left but nothing goes out; drain_cycle_o = stall_o while a
// lower level also has TBs left (one pulse per cycle of draining, a counter enable).
// C twin: cmodel/sched/kmu_dispatch.c.
`default_nettype none

module kmu_dispatch #(
    parameter integer NSM   = 2,  // SMs (1..64); 2 small, 16 paper
    parameter integer SLOTS = 4   // kernel slots of kmu_kmu (1..64); 4 small, 32 paper
) (
    input  wire         clk_i,
    input  wire         rst_ni,              // asynchronous, active low

    // slot table (kmu_kmu): bit s of slot_pk_i = slot s has TBs left and its priority is k
    input  wire [SLOTS-1:0] slot_p0_i,
    input  wire [SLOTS-1:0] slot_p1_i,
    input  wire [SLOTS-1:0] slot_p2_i,
    input  wire [SLOTS-1:0] slot_p3_i,       // 3 = highest priority

    // query port (kmu_kmu): the chosen slot's per-TB needs
    output wire [((SLOTS > 1) ? $clog2(SLOTS) : 1)-1:0] q_slot_o,
    input  wire [5:0]   q_warps_i,           // warps per TB, 1..32
    input  wire [17:0]  q_regs_i,            // registers per TB
    input  wire [15:0]  q_shmem_i,           // shared memory bytes per TB
    input  wire         q_event_i,           // event kernel (0: host kernel)

    // broadcast need (every kmu_sm_ctrl) and the SMs' answers
    output wire         need_valid_o,        // a slot is chosen
    output wire [5:0]   need_warps_o,
    output wire [17:0]  need_regs_o,
    output wire [15:0]  need_shmem_o,
    output wire         need_ewarp_o,        // warp-level event: event, 1 warp, 0 shmem
    input  wire [NSM-1:0] sm_fit_i,          // SM s can start the need as a resident TB
    input  wire [NSM-1:0] sm_ewt_fit_i,      // SM s's event-warp table can take the need
    input  wire [NSM-1:0] sm_ewt_idle_i,     // SM s starts a table entry now (registered)
    input  wire [NSM-1:0] reserve_mask_i,    // SMs reserved for event kernels (CSR)
    // TReM Elastic (kmu_trem_policy, registers): the split on, the user-facing SMs; the
    // chosen slot's class (1 user-facing), a query answer like q_event_i
    input  wire         part_i,
    input  wire [NSM-1:0] umask_i,
    input  wire         q_user_i,

    // TB take (kmu_kmu), and kmu_kmu's same-cycle answer
    output wire         take_valid_o,
    output wire [((SLOTS > 1) ? $clog2(SLOTS) : 1)-1:0] take_slot_o,
    input  wire [31:0]  take_tb_i,           // the TB's linear index
    input  wire [31:0]  take_kptr_i,
    input  wire [31:0]  take_param_i,

    // TB start (to SM start_sm_o)
    output wire         start_valid_o,
    output wire [((NSM > 1) ? $clog2(NSM) : 1)-1:0] start_sm_o,
    output wire         start_ewarp_o,       // 1: pending event-warp table, 0: resident TB
    output wire [((SLOTS > 1) ? $clog2(SLOTS) : 1)-1:0] start_slot_o,
    output wire [5:0]   start_warps_o,
    output wire [17:0]  start_regs_o,
    output wire [15:0]  start_shmem_o,
    output wire [31:0]  start_tb_o,
    output wire [31:0]  start_kptr_o,
    output wire [31:0]  start_param_o,

    // status
    output wire [1:0]   level_o,             // the level that dispatches (0 when none)
    output wire         stall_o,             // TBs left, nothing dispatched
    output wire         drain_cycle_o        // stall_o while a lower level has TBs left
);
  localparam integer SLOT_W = (SLOTS > 1) ? $clog2(SLOTS) : 1;
  localparam integer SM_W = (NSM > 1) ? $clog2(NSM) : 1;


  // ---------------------------------------------------------------- parked slots
  // park_q: slots whose pick found no eligible SM at all (see the header); they take no part
  // in the choice until the masks change (part_q, umask_q, res_q: last cycle's masks) or the
  // slot empties.
  reg [SLOTS-1:0] park_q, park_d;
  reg part_q, lift_q;
  reg [NSM-1:0] umask_q, res_q;
  wire [SLOTS-1:0] has_tb = slot_p0_i | slot_p1_i | slot_p2_i | slot_p3_i;
  wire msk_chg = (part_i != part_q) || (umask_i != umask_q) || (reserve_mask_i != res_q);
  wire [SLOTS-1:0] vis_p0 = slot_p0_i & ~park_q;
  wire [SLOTS-1:0] vis_p1 = slot_p1_i & ~park_q;
  wire [SLOTS-1:0] vis_p2 = slot_p2_i & ~park_q;
  wire [SLOTS-1:0] vis_p3 = slot_p3_i & ~park_q;

  // ---------------------------------------------------------------- level (draining)
  // lvl_any bit j is level 3 - j, so the encoder's lowest set bit is the highest level.
  wire [3:0] lvl_any = {|vis_p0, |vis_p1, |vis_p2, |vis_p3};
  wire [1:0] lvl_idx;
  wire lvl_valid;
  kmu_prio_enc #(
      .N(4)
  ) u_lvl_enc (
      .in_i   (lvl_any),
      .idx_o  (lvl_idx),
      .valid_o(lvl_valid)
  );
  wire [1:0] level = 2'd3 - lvl_idx;

  // lower_any: a level below the chosen one has TBs left, i.e. two levels have unparked slots
  wire lower_any = (lvl_any[0] && (|lvl_any[3:1])) || (lvl_any[1] && (|lvl_any[3:2])) ||
                   (lvl_any[2] && lvl_any[3]);

  // ---------------------------------------------------------------- slot: round robin per level
  // Each level keeps its own round-robin pointer (lvl_ptr_q, level k at [k*SLOT_W +: SLOT_W]),
  // moved only by a take from its level, so each level keeps its own order.  Only the chosen
  // level's grant is ever used, so one search serves all four: the chosen level's slots
  // (lvl_sel) from its pointer, kmu_rr_arb's rule (the lowest slot at or after the pointer,
  // else the lowest).  Four kmu_rr_arb, one per level, did the same search four times.
  // lvl_oh is the chosen level one-hot (bit k = level k, none when no level has unparked
  // slots): the level's slots, its pointer and the pointer write are AND-OR selections by it,
  // not part-selects indexed by level (Yosys maps those to shifters: 107 -> 99 iCE40 LUT4).
  wire [3:0] lvl_oh = {lvl_any[0], lvl_any[1] & ~lvl_any[0], lvl_any[2] & ~|lvl_any[1:0],
                       lvl_any[3] & ~|lvl_any[2:0]};
  wire [SLOTS-1:0] lvl_sel = ({SLOTS{lvl_oh[0]}} & vis_p0) | ({SLOTS{lvl_oh[1]}} & vis_p1) |
                             ({SLOTS{lvl_oh[2]}} & vis_p2) | ({SLOTS{lvl_oh[3]}} & vis_p3);
  reg [4*SLOT_W-1:0] lvl_ptr_q;
  wire [SLOT_W-1:0] lvl_ptr = ({SLOT_W{lvl_oh[0]}} & lvl_ptr_q[0+:SLOT_W]) |
                              ({SLOT_W{lvl_oh[1]}} & lvl_ptr_q[SLOT_W+:SLOT_W]) |
                              ({SLOT_W{lvl_oh[2]}} & lvl_ptr_q[2*SLOT_W+:SLOT_W]) |
                              ({SLOT_W{lvl_oh[3]}} & lvl_ptr_q[3*SLOT_W+:SLOT_W]);
  wire take;
  reg [SLOT_W-1:0] slot, slot_lo;
  reg slot_hit;
  integer s;
  always @(*) begin
    slot = {SLOT_W{1'b0}};
    slot_lo = {SLOT_W{1'b0}};
    slot_hit = 1'b0;
    for (s = SLOTS - 1; s >= 0; s = s - 1) begin
      if (lvl_sel[s]) begin
        slot_lo = s[SLOT_W-1:0];
        if (s[SLOT_W-1:0] >= lvl_ptr) begin
          slot = s[SLOT_W-1:0];
          slot_hit = 1'b1;
        end
      end
    end
    if (!slot_hit) slot = slot_lo;
  end
  // the slot after the one that got a TB (wrapping after SLOTS-1)
  localparam integer SLOT_LAST_I = SLOTS - 1;
  localparam [SLOT_W-1:0] SLOT_LAST = SLOT_LAST_I[SLOT_W-1:0];
  wire [SLOT_W-1:0] slot_next = (slot == SLOT_LAST) ? {SLOT_W{1'b0}} : slot + 1'b1;
  integer k;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) lvl_ptr_q <= {4 * SLOT_W{1'b0}};
    else
      for (k = 0; k < 4; k = k + 1)
        if (take && lvl_oh[k]) lvl_ptr_q[k*SLOT_W+:SLOT_W] <= slot_next;
  end

  // ---------------------------------------------------------------- need
  wire ewarp_cand = q_event_i && (q_warps_i == 6'd1) && (q_shmem_i == 16'd0);

  // ---------------------------------------------------------------- SM: reservation, fit, RR
  wire any_res = |reserve_mask_i;
  wire [NSM-1:0] res_ok = q_event_i ? (any_res ? reserve_mask_i : {NSM{1'b1}}) : ~reserve_mask_i;
  wire [NSM-1:0] cls_ok = (!part_i || lift_q) ? {NSM{1'b1}} :
                          q_user_i ? ((|umask_i) ? umask_i : {NSM{1'b1}}) : ~umask_i;
  wire [NSM-1:0] allowed = res_ok & cls_ok;
  wire [NSM-1:0] ewt_cand = allowed & sm_ewt_fit_i & {NSM{ewarp_cand}};
  wire [NSM-1:0] tb_cand = allowed & sm_fit_i;
  // a resident TB that starts now first; the event-warp table only when no eligible SM fits
  wire use_ewt = ~|tb_cand && |ewt_cand;
  // among the tables, an idle SM's first (its warp-preemption controller free, its table
  // empty: the warp starts now), else any with room (no stall)
  wire [NSM-1:0] ewt_idle = ewt_cand & sm_ewt_idle_i;
  wire [NSM-1:0] ewt_req = (|ewt_idle) ? ewt_idle : ewt_cand;
  wire [NSM-1:0] sm_req = {NSM{lvl_valid}} & (use_ewt ? ewt_req : tb_cand);
  wire [SM_W-1:0] sm_idx;
  wire sm_valid;
  kmu_rr_arb #(
      .N(NSM)
  ) u_sm_rr (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (sm_req),
      .ack_i      (take),
      /* verilator lint_off PINCONNECTEMPTY */  // one-hot grant not needed: the index is
      .gnt_o      (),                           // what the start bus carries
      /* verilator lint_on PINCONNECTEMPTY */
      .gnt_idx_o  (sm_idx),
      .gnt_valid_o(sm_valid)
  );
  assign take = sm_valid;  // sm_req is empty without a chosen slot

  // ---------------------------------------------------------------- parking
  // the pick can never go out under this cycle's masks: park it (the masks of this cycle are
  // the copy of the next, so a change now clears the others but not this one)
  wire unserv = lvl_valid && (allowed == {NSM{1'b0}});
  // every slot holds a kernel with TBs left and every one is parked: lift the split
  wire full = &has_tb;
  wire none_vis = !lvl_valid && full;
  wire lift_d = full && !msk_chg && (lift_q || none_vis);
  integer j;
  always @(*) begin
    park_d = (msk_chg || none_vis) ? {SLOTS{1'b0}} : (park_q & has_tb);
    for (j = 0; j < SLOTS; j = j + 1)
      if (unserv && (slot == j[SLOT_W-1:0])) park_d[j] = 1'b1;
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      park_q  <= {SLOTS{1'b0}};
      lift_q  <= 1'b0;
      part_q  <= 1'b0;
      umask_q <= {NSM{1'b0}};
      res_q   <= {NSM{1'b0}};
    end else begin
      park_q  <= park_d;
      lift_q  <= lift_d;
      part_q  <= part_i;
      umask_q <= umask_i;
      res_q   <= reserve_mask_i;
    end
  end

  // ---------------------------------------------------------------- outputs
  assign q_slot_o = slot;
  assign need_valid_o = lvl_valid;
  assign need_warps_o = q_warps_i;
  assign need_regs_o = q_regs_i;
  assign need_shmem_o = q_shmem_i;
  assign need_ewarp_o = ewarp_cand;

  assign take_valid_o = take;
  assign take_slot_o = slot;

  assign start_valid_o = take;
  assign start_sm_o = sm_idx;
  assign start_ewarp_o = take && use_ewt;
  assign start_slot_o = slot;
  assign start_warps_o = q_warps_i;
  assign start_regs_o = q_regs_i;
  assign start_shmem_o = q_shmem_i;
  assign start_tb_o = take_tb_i;
  assign start_kptr_o = take_kptr_i;
  assign start_param_o = take_param_i;

  assign level_o = lvl_valid ? level : 2'd0;
  assign stall_o = lvl_valid && !take;
  assign drain_cycle_o = lvl_valid && !take && lower_any;

`ifdef FORMAL
  // Formal properties (make formal): formal/kmu_dispatch_props.v, bound here so that they see
  // the parked slots; only the formal flow defines FORMAL.
  kmu_dispatch_props #(
      .NSM   (NSM),
      .SLOTS (SLOTS),
      .SLOT_W(SLOT_W),
      .SM_W  (SM_W)
  ) u_props (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .slot_p0_i     (slot_p0_i),
      .slot_p1_i     (slot_p1_i),
      .slot_p2_i     (slot_p2_i),
      .slot_p3_i     (slot_p3_i),
      .q_warps_i     (q_warps_i),
      .q_regs_i      (q_regs_i),
      .q_shmem_i     (q_shmem_i),
      .q_event_i     (q_event_i),
      .sm_fit_i      (sm_fit_i),
      .sm_ewt_fit_i  (sm_ewt_fit_i),
      .sm_ewt_idle_i (sm_ewt_idle_i),
      .reserve_mask_i(reserve_mask_i),
      .part_i        (part_i),
      .umask_i       (umask_i),
      .q_user_i      (q_user_i),
      .take_tb_i     (take_tb_i),
      .take_kptr_i   (take_kptr_i),
      .take_param_i  (take_param_i),
      .q_slot_o      (q_slot_o),
      .need_valid_o  (need_valid_o),
      .need_warps_o  (need_warps_o),
      .need_regs_o   (need_regs_o),
      .need_shmem_o  (need_shmem_o),
      .need_ewarp_o  (need_ewarp_o),
      .take_valid_o  (take_valid_o),
      .take_slot_o   (take_slot_o),
      .start_valid_o (start_valid_o),
      .start_sm_o    (start_sm_o),
      .start_ewarp_o (start_ewarp_o),
      .start_slot_o  (start_slot_o),
      .start_warps_o (start_warps_o),
      .start_regs_o  (start_regs_o),
      .start_shmem_o (start_shmem_o),
      .start_tb_o    (start_tb_o),
      .start_kptr_o  (start_kptr_o),
      .start_param_o (start_param_o),
      .level_o       (level_o),
      .stall_o       (stall_o),
      .drain_cycle_o (drain_cycle_o),
      .park_i        (park_q),
      .lift_i        (lift_q)
  );
`endif

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // A parked slot is never the pick (so never taken): the choice runs on slot_pk_i & ~park_q.
  // An event warp sent to a table goes to an idle SM's whenever one is a candidate.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni && lvl_valid && park_q[slot]) begin
      $display("ASSERTION kmu_dispatch %m t=%0t: parked slot %0d picked", $time, slot);
      $stop;
    end
    if (rst_ni && take && use_ewt && (|ewt_idle) && !ewt_idle[sm_idx]) begin
      $display("ASSERTION kmu_dispatch %m t=%0t: event warp to busy SM %0d, idle %h", $time,
               sm_idx, ewt_idle);
      $stop;
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
