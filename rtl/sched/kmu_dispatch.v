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
//   slot   round-robin among the slots of that level: one kmu_rr_arb per level
//          (u_lvl_rr[k]), acked only by a take from its level, so each level keeps its own
//          order.  The pick is held until it dispatches (no skipping of a slot that does not
//          fit: draining within the level too).  q_slot_o = the pick.
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
//          its table holds one.  Among the candidates, kmu_rr_arb u_sm_rr: the lowest
//          candidate at or after the SM after the previous winner.
//   take   take_valid_o = start_valid_o = need_valid_o && a candidate SM.
//
// Latency: 0 cycles (outputs are combinational from the inputs and the five round-robin
// pointers); the pointers move at the edge that ends a take cycle.  No handshake back: the
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

  genvar g;

  // ---------------------------------------------------------------- level (draining)
  // lvl_any bit j is level 3 - j, so the encoder's lowest set bit is the highest level.
  wire [3:0] lvl_any = {|slot_p0_i, |slot_p1_i, |slot_p2_i, |slot_p3_i};
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

  // lower_any: a level below the chosen one has TBs left
  wire lower_any = (level == 2'd3) ? (|lvl_any[3:1]) :
                   (level == 2'd2) ? (|lvl_any[3:2]) :
                   (level == 2'd1) ? lvl_any[3] : 1'b0;

  // ---------------------------------------------------------------- slot: one RR per level
  wire [4*SLOTS-1:0] lvl_req = {slot_p3_i, slot_p2_i, slot_p1_i, slot_p0_i};
  wire [4*SLOT_W-1:0] lvl_gnt_idx;
  wire take;
  generate
    for (g = 0; g < 4; g = g + 1) begin : g_lvl
      localparam [1:0] LV = g;
      // gnt_o and gnt_valid_o unconnected: the index is used, u_lvl_enc says which level requests
      kmu_rr_arb #(
          .N(SLOTS)
      ) u_lvl_rr (
          .clk_i      (clk_i),
          .rst_ni     (rst_ni),
          .req_i      (lvl_req[g*SLOTS+:SLOTS]),
          .ack_i      (take && (level == LV)),
          /* verilator lint_off PINCONNECTEMPTY */  // one-hot grant not needed
          .gnt_o      (),
          /* verilator lint_on PINCONNECTEMPTY */
          .gnt_idx_o  (lvl_gnt_idx[g*SLOT_W+:SLOT_W]),
          /* verilator lint_off PINCONNECTEMPTY */  // u_lvl_enc gives the level's valid
          .gnt_valid_o()
          /* verilator lint_on PINCONNECTEMPTY */
      );
    end
  endgenerate
  reg [SLOT_W-1:0] slot;
  always @(*) begin
    case (level)
      2'd0: slot = lvl_gnt_idx[0*SLOT_W+:SLOT_W];
      2'd1: slot = lvl_gnt_idx[1*SLOT_W+:SLOT_W];
      2'd2: slot = lvl_gnt_idx[2*SLOT_W+:SLOT_W];
      default: slot = lvl_gnt_idx[3*SLOT_W+:SLOT_W];
    endcase
  end

  // ---------------------------------------------------------------- need
  wire ewarp_cand = q_event_i && (q_warps_i == 6'd1) && (q_shmem_i == 16'd0);

  // ---------------------------------------------------------------- SM: reservation, fit, RR
  wire any_res = |reserve_mask_i;
  wire [NSM-1:0] res_ok = q_event_i ? (any_res ? reserve_mask_i : {NSM{1'b1}}) : ~reserve_mask_i;
  wire [NSM-1:0] cls_ok = !part_i ? {NSM{1'b1}} :
                          q_user_i ? ((|umask_i) ? umask_i : {NSM{1'b1}}) : ~umask_i;
  wire [NSM-1:0] allowed = res_ok & cls_ok;
  wire [NSM-1:0] ewt_cand = allowed & sm_ewt_fit_i & {NSM{ewarp_cand}};
  wire [NSM-1:0] tb_cand = allowed & sm_fit_i;
  // a resident TB that starts now first; the event-warp table only when no eligible SM fits
  wire use_ewt = ~|tb_cand && |ewt_cand;
  wire [NSM-1:0] sm_req = {NSM{lvl_valid}} & (use_ewt ? ewt_cand : tb_cand);
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
endmodule

`default_nettype wire
