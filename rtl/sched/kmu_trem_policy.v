// kmu_trem_policy - TReM's automatic policies in hardware: Priority and Elastic's "make room"
// requests into kmu_revoke, and Elastic's split of the SMs between user-facing and batch work.
//
// Paper: TReM IV-B (Priority: a revocation for each user-facing arrival that finds no room;
// the victim is the batch task that started most recently), IV-A (Elastic: U = ceil(l_e * q / SLA) GPUs, here SMs, for
// user-facing work, the rest for batch; revoke when user-facing work needs SMs that batch work
// holds).  kmu_revoke chooses the victim (ROOM / ROOM_EL); kmu_elastic computes U.
//
// Policy (policy_i = TR_CTRL.POLICY, trem_pol_e): 0 OFF, 1 PRIORITY, 2 ELASTIC, 3 reserved
// (acts as OFF).
// "No room" (nr_q, a register of this cycle's dispatcher status): the dispatcher's pick is a
//   user-facing kernel (user_i) and no eligible SM takes its TB (stall_i).  Under ELASTIC the
//   eligible SMs of a user-facing TB are the U SMs set aside for it (umask_o), so the stall
//   says that user-facing work holds fewer SMs than it needs there; a stall while U = 0 asks
//   for nothing (Elastic sets no SM aside then).
// Arming (arm_q, a saturating count of AW bits): each user-facing arrival (arr_i: a fresh
//   admission of class user) adds one while the policy is not OFF; each automatic request
//   takes one.  So every arrival that finds no room gets its own request, also when it comes
//   while another is pending or served (they go out one after another, each while a
//   user-facing pick still stalls).  The count never exceeds the user-facing kernels
//   outstanding (uq_i, kmu_elastic's q, plus this cycle's arrival): an arrival that found room
//   and has completed leaves nothing owed, so a later stall of another kernel does not revoke
//   for it.  Hysteresis: at most one automatic request per user-facing arrival, none while one
//   is pending or being served (req_q, own_q), and a victim's replay (a continuation, not an
//   arrival) adds nothing: the room its revocation made is not asked again for the same
//   arrival, whatever its answer (OK, NO_VICTIM, NEAR_DONE ...).  At 2^AW - 1 owed arrivals
//   further ones are not counted (a burst that large is already revoking one kernel after
//   another).
// Request (issue): arm_q != 0 && nr_q && !req_q && !own_q && (PRIORITY, or ELASTIC with U != 0):
//   req_q is set with kind ROOM (PRIORITY) or ROOM_EL (ELASTIC), replay 1, id 0.
// Arbitration into kmu_revoke's single request port: TR_CMD (csr_valid_i, kmu_csr's request
//   stage) has priority; the automatic request goes only in a cycle without one.  rv_* is a
//   mux of registers (csr_* and req_q/kind_q); csr_ready_o = rv_ready_i (the TR_CMD path sees
//   kmu_revoke exactly as before).  The automatic request is withdrawn if the policy is set to
//   OFF (or 3) before kmu_revoke takes it.
// Completions: kmu_revoke serves one request at a time, so own_q (set when it takes the
//   automatic request, cleared at its completion) says whose completion rv_done_i is.  An
//   automatic completion never reaches the window (cmd_done_o = rv_done_i && !own_q, for
//   TR_RESULT / TR_EVENTS.DONE and the window's counters): it pulses auto_done_o and counts in
//   auto_cnt_o (automatic requests taken), auto_ok_cnt_o (automatic revocations with status
//   OK) and auto_nv_cnt_o (automatic requests that found no victim, status NO_VICTIM); all
//   saturate at 2^16 - 1 (read in TR_AUTO and TR_AUTO_NV).
// Elastic's split (registers, for kmu_dispatch): part_o = policy is ELASTIC; umask_o bit s =
//   s < u_i (the user-facing SMs are [0, U), the batch SMs [U, NSM)).
// Latency: stall in cycle t -> nr_q in t+1 -> req_q in t+2 -> rv_valid_o in t+2 (taken in t+2
//   when kmu_revoke is idle and TR_CMD is quiet).  u_i -> umask_o: 1 cycle.
// Interface contract: every input but stall_i/user_i (the dispatcher's status, registered
//   here) comes from a register of its block; rv_valid_o/rv_kind_o/rv_replay_o/rv_id_o and
//   cmd_done_o/auto_done_o/csr_ready_o are one gate level from registers; every other output is
//   a register.
// C twin: cmodel/sched/kmu_trem_policy.c.
`default_nettype none

module kmu_trem_policy #(
    parameter integer NSM   = 2,   // SMs (1..64): 2 small, 16 paper
    parameter integer LID_W = 16,  // kmu_revoke's request id bits
    parameter integer AW    = 4,   // owed-arrival count bits (1..8): at most 2^AW - 1 owed
    parameter integer QW    = 8    // kmu_elastic's q bits
) (
    input  wire             clk_i,
    input  wire             rst_ni,        // asynchronous, active low
    // CSRs and kmu_elastic
    input  wire [      1:0] policy_i,      // TR_CTRL.POLICY (trem_pol_e)
    input  wire [((NSM + 1 > 1) ? $clog2(NSM + 1) : 1)-1:0] u_i,  // kmu_elastic's U
    // events and the dispatcher's status
    input  wire             arr_i,         // a user-facing kernel arrived (fresh admission)
    input  wire [   QW-1:0] uq_i,          // user-facing kernels outstanding (kmu_elastic q)
    input  wire             stall_i,       // kmu_dispatch stall_o: a pick, no TB out
    input  wire             user_i,        // the pick is a user-facing kernel
    // TR_CMD (kmu_csr's request stage)
    input  wire             csr_valid_i,
    output wire             csr_ready_o,
    input  wire [      1:0] csr_kind_i,
    input  wire             csr_replay_i,
    input  wire [LID_W-1:0] csr_id_i,
    // kmu_revoke's request port and completion
    output wire             rv_valid_o,
    input  wire             rv_ready_i,
    output wire [      1:0] rv_kind_o,
    output wire             rv_replay_o,
    output wire [LID_W-1:0] rv_id_o,
    input  wire             rv_done_i,     // kmu_revoke done_valid_o
    input  wire [      2:0] rv_status_i,   // kmu_revoke done_status_o
    output wire             cmd_done_o,    // a TR_CMD request's completion
    output wire             auto_done_o,   // an automatic request's completion
    // Elastic's split (kmu_dispatch)
    output wire             part_o,
    output wire [  NSM-1:0] umask_o,
    // status
    output wire [   AW-1:0] arm_o,         // arm_q: arrivals owed a request
    output wire             nr_o,          // nr_q: a user-facing kernel found no room
    output wire             pend_o,        // an automatic request is pending or served
    output wire [     15:0] auto_cnt_o,
    output wire [     15:0] auto_ok_cnt_o,
    output wire [     15:0] auto_nv_cnt_o  // automatic requests answered NO_VICTIM
);
`include "kmu_regmap.vh"
  localparam integer UW = (NSM + 1 > 1) ? $clog2(NSM + 1) : 1;
  // the shared codes trem_pol_e, trem_kind_e, trem_status_e (regmap/kmu.rdl), short names here
  localparam [1:0] POL_PRIORITY = KMU_TREM_POL_PRIORITY, POL_ELASTIC = KMU_TREM_POL_ELASTIC;
  localparam [1:0] KIND_ROOM = KMU_TREM_KIND_ROOM, KIND_ROOM_EL = KMU_TREM_KIND_ROOM_EL;
  localparam [2:0] ST_OK = KMU_TREM_STATUS_OK, ST_NO_VICTIM = KMU_TREM_STATUS_NO_VICTIM;

  reg nr_q, req_q, kind_el_q, own_q, part_q;
  reg [AW-1:0] arm_q;
  reg [NSM-1:0] umask_q;
  reg [15:0] auto_cnt_q, auto_ok_q, auto_nv_q;

  wire pol_pri = (policy_i == POL_PRIORITY);
  wire pol_el = (policy_i == POL_ELASTIC);
  wire pol_on = pol_pri || pol_el;
  wire want = pol_pri || (pol_el && (u_i != {UW{1'b0}}));
  wire issue = (arm_q != {AW{1'b0}}) && nr_q && !req_q && !own_q && want;
  // the owed count: + this cycle's arrival (saturating), - this cycle's request, at most the
  // user-facing kernels outstanding (uq_i counts this cycle's arrival from the next cycle on)
  localparam [AW-1:0] ARM_MAX = {AW{1'b1}};
  localparam integer CMW = (AW > QW ? AW : QW) + 1;  // compare width
  wire [AW-1:0]  arm_add = (arr_i && arm_q != ARM_MAX) ? arm_q + 1'b1 : arm_q;
  wire [AW-1:0]  arm_sub = issue ? arm_add - 1'b1 : arm_add;  // issue: arm_q != 0
  wire [CMW-1:0] arm_lim = {{(CMW - QW){1'b0}}, uq_i} + {{(CMW - 1){1'b0}}, arr_i};
  wire [CMW-1:0] arm_w = {{(CMW - AW){1'b0}}, arm_sub};
  wire [AW-1:0]  arm_d = !pol_on ? {AW{1'b0}} : (arm_w > arm_lim) ? arm_lim[AW-1:0] : arm_sub;
  // TR_CMD first: the automatic request is taken only in a cycle without a TR_CMD request
  wire acc_auto = req_q && !csr_valid_i && rv_ready_i;
  wire done_auto = rv_done_i && own_q;

  // thermometer of U: SMs [0, U) are user-facing under Elastic
  reg [NSM-1:0] umask_d;
  integer s;
  always @(*) begin
    for (s = 0; s < NSM; s = s + 1) umask_d[s] = ({1'b0, u_i} > s[UW:0]);
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      nr_q      <= 1'b0;
      arm_q     <= {AW{1'b0}};
      req_q     <= 1'b0;
      kind_el_q <= 1'b0;
      own_q     <= 1'b0;
      part_q    <= 1'b0;
      umask_q   <= {NSM{1'b0}};
      auto_cnt_q <= 16'd0;
      auto_ok_q <= 16'd0;
      auto_nv_q <= 16'd0;
    end else begin
      nr_q    <= stall_i && user_i;
      // an arrival in the issue cycle counts (it is a new arrival)
      arm_q   <= arm_d;
      req_q   <= pol_on && (issue || (req_q && !acc_auto));
      if (issue) kind_el_q <= pol_el;
      own_q   <= acc_auto || (own_q && !rv_done_i);
      part_q  <= pol_el;
      umask_q <= umask_d;
      if (acc_auto && auto_cnt_q != 16'hffff) auto_cnt_q <= auto_cnt_q + 16'd1;
      if (done_auto && rv_status_i == ST_OK && auto_ok_q != 16'hffff) auto_ok_q <= auto_ok_q + 16'd1;
      if (done_auto && rv_status_i == ST_NO_VICTIM && auto_nv_q != 16'hffff)
        auto_nv_q <= auto_nv_q + 16'd1;
    end
  end

  assign csr_ready_o   = rv_ready_i;
  assign rv_valid_o    = csr_valid_i || req_q;
  assign rv_kind_o     = csr_valid_i ? csr_kind_i : (kind_el_q ? KIND_ROOM_EL : KIND_ROOM);
  assign rv_replay_o   = csr_valid_i ? csr_replay_i : 1'b1;
  assign rv_id_o       = csr_valid_i ? csr_id_i : {LID_W{1'b0}};
  assign cmd_done_o    = rv_done_i && !own_q;
  assign auto_done_o   = done_auto;
  assign part_o        = part_q;
  assign umask_o       = umask_q;
  assign arm_o         = arm_q;
  assign nr_o          = nr_q;
  assign pend_o        = req_q || own_q;
  assign auto_cnt_o    = auto_cnt_q;
  assign auto_ok_cnt_o = auto_ok_q;
  assign auto_nv_cnt_o = auto_nv_q;

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // One automatic request at a time: never pending and served together (issue needs !own_q,
  // and own_q is set only by taking the pending request, which clears it).
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (req_q && own_q) begin
        $display("ASSERTION kmu_trem_policy %m t=%0t: automatic request pending while served",
                 $time);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
