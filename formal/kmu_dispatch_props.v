// kmu_dispatch_props - formal properties of kmu_dispatch (make formal; docs/verification.md).
//
// Bound inside the dispatcher (under FORMAL), on its ports and its parked slots park_q (its
// five round-robin arbiters carry their own properties, bound inside them).  No assumption:
// the slot table, the needs and every SM's answer are free.  Checked:
//   - draining: a slot is chosen exactly when some unparked slot has TBs left, from the
//     highest level that has some, and it has TBs left at that level (level_o names it, 0
//     when none);
//   - parking (the Elastic hang, issue 12) and lifting (lift_q: the split off while every slot
//     holds a parked kernel): a pick that no SM may take (eligible = 0) is never
//     the pick of the next cycle; a parked slot comes back when the masks change; a slot
//     with TBs left at a level is never parked while an SM may take it (park only what can
//     not go out);
//   - one TB per cycle, once: the start is the take of the same cycle (same slot, the TB index,
//     kernel pointer and parameter kmu_kmu answered, the needs of the chosen slot);
//   - never to an SM without room: a resident start goes to an SM with sm_fit_i, an event-warp
//     start to one whose table has room, only for a warp-level event and only when no eligible
//     SM fits now; the SM is eligible (event kernels only on reserved SMs when any is
//     reserved, host kernels never on one; with the Elastic split on, user-facing kernels
//     only on umask_i's SMs (any when it is empty), batch kernels never on one);
//   - no idle stall: when an eligible SM fits (or takes the event warp), a TB goes out;
//     stall_o / drain_cycle_o as specified;
//   - the pick is held: a slot that did not go out is chosen again while the table and the
//     parked set are the same.
`default_nettype none

module kmu_dispatch_props #(
    parameter integer NSM    = 2,
    parameter integer SLOTS  = 4,
    parameter integer SLOT_W = 2,
    parameter integer SM_W   = 1
) (
    input wire              clk_i,
    input wire              rst_ni,
    input wire [ SLOTS-1:0] slot_p0_i,
    input wire [ SLOTS-1:0] slot_p1_i,
    input wire [ SLOTS-1:0] slot_p2_i,
    input wire [ SLOTS-1:0] slot_p3_i,
    input wire [SLOT_W-1:0] q_slot_o,
    input wire [       5:0] q_warps_i,
    input wire [      17:0] q_regs_i,
    input wire [      15:0] q_shmem_i,
    input wire              q_event_i,
    input wire              need_valid_o,
    input wire [       5:0] need_warps_o,
    input wire [      17:0] need_regs_o,
    input wire [      15:0] need_shmem_o,
    input wire              need_ewarp_o,
    input wire [   NSM-1:0] sm_fit_i,
    input wire [   NSM-1:0] sm_ewt_fit_i,
    input wire [   NSM-1:0] sm_ewt_idle_i,
    input wire [   NSM-1:0] reserve_mask_i,
    input wire              part_i,
    input wire [   NSM-1:0] umask_i,
    input wire              q_user_i,
    input wire              take_valid_o,
    input wire [SLOT_W-1:0] take_slot_o,
    input wire [      31:0] take_tb_i,
    input wire [      31:0] take_kptr_i,
    input wire [      31:0] take_param_i,
    input wire              start_valid_o,
    input wire [  SM_W-1:0] start_sm_o,
    input wire              start_ewarp_o,
    input wire [SLOT_W-1:0] start_slot_o,
    input wire [       5:0] start_warps_o,
    input wire [      17:0] start_regs_o,
    input wire [      15:0] start_shmem_o,
    input wire [      31:0] start_tb_o,
    input wire [      31:0] start_kptr_o,
    input wire [      31:0] start_param_o,
    input wire [       1:0] level_o,
    input wire              stall_o,
    input wire              drain_cycle_o,
    input wire [ SLOTS-1:0] park_i,        // the dispatcher's park_q
    input wire              lift_i         // the dispatcher's lift_q
);
  // the levels, highest first
  // the unparked slots
  wire [SLOTS-1:0] f_p0 = slot_p0_i & ~park_i, f_p1 = slot_p1_i & ~park_i;
  wire [SLOTS-1:0] f_p2 = slot_p2_i & ~park_i, f_p3 = slot_p3_i & ~park_i;
  wire [3:0] f_lvl = {|f_p3, |f_p2, |f_p1, |f_p0};  // bit k: level k
  wire f_any = f_lvl != 4'd0;
  wire [1:0] f_level = f_lvl[3] ? 2'd3 : f_lvl[2] ? 2'd2 : f_lvl[1] ? 2'd1 : 2'd0;
  wire [SLOTS-1:0] f_at_level = (f_level == 2'd3) ? f_p3 : (f_level == 2'd2) ? f_p2 :
                                (f_level == 2'd1) ? f_p1 : f_p0;
  wire f_lower = (f_lvl & ((4'd1 << f_level) - 4'd1)) != 4'd0;  // a lower level has TBs left

  // eligible SMs and what fits
  wire f_ewarp = q_event_i && q_warps_i == 6'd1 && q_shmem_i == 16'd0;
  wire [NSM-1:0] f_res = q_event_i ? ((reserve_mask_i != 0) ? reserve_mask_i : {NSM{1'b1}})
                                   : ~reserve_mask_i;
  // TReM Elastic's split: user-facing on umask_i (anywhere when empty), batch off it
  wire [NSM-1:0] f_cls = (!part_i || lift_i) ? {NSM{1'b1}} :
                         q_user_i ? ((umask_i != 0) ? umask_i : {NSM{1'b1}}) : ~umask_i;
  wire [NSM-1:0] f_allowed = f_res & f_cls;
  wire [NSM-1:0] f_fit = f_allowed & sm_fit_i;
  wire [NSM-1:0] f_ewt = f_allowed & sm_ewt_fit_i & {NSM{f_ewarp}};

  always @(*) begin
    // draining and the choice
    assert (need_valid_o == f_any);
    assert (level_o == (f_any ? f_level : 2'd0));
    if (need_valid_o) assert (q_slot_o < SLOTS && f_at_level[q_slot_o]);
    assert (need_warps_o == q_warps_i && need_regs_o == q_regs_i && need_shmem_o == q_shmem_i);
    assert (need_ewarp_o == f_ewarp);
    // one start, the take of the cycle
    assert (start_valid_o == take_valid_o);
    if (take_valid_o) begin
      assert (need_valid_o);
      assert (take_slot_o == q_slot_o && start_slot_o == q_slot_o);
      assert (start_tb_o == take_tb_i && start_kptr_o == take_kptr_i);
      assert (start_param_o == take_param_i);
      assert (start_warps_o == q_warps_i && start_regs_o == q_regs_i);
      assert (start_shmem_o == q_shmem_i);
      // never to an SM without room, only to an eligible one
      assert (start_sm_o < NSM);
      assert (f_allowed[start_sm_o]);
      if (start_ewarp_o) begin
        assert (f_ewarp && sm_ewt_fit_i[start_sm_o]);
        assert (f_fit == 0);  // a resident start first
        // an idle SM's table first (sm_ewt_idle_i) whenever one is a candidate
        if ((f_ewt & sm_ewt_idle_i) != 0) assert (sm_ewt_idle_i[start_sm_o]);
      end else begin
        assert (sm_fit_i[start_sm_o]);
      end
    end else begin
      assert (!start_ewarp_o);
    end
    // no idle stall
    if (need_valid_o && (f_fit != 0 || f_ewt != 0)) assert (take_valid_o);
    assert (stall_o == (need_valid_o && !take_valid_o));
    assert (drain_cycle_o == (stall_o && f_lower));
  end

  // the pick is held while it does not go out and the table and the parked set do not change
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  wire [2*NSM:0] f_msk = {part_i, umask_i, reserve_mask_i};
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni && $past(stall_o) &&
        {slot_p3_i, slot_p2_i, slot_p1_i, slot_p0_i} ==
        $past({slot_p3_i, slot_p2_i, slot_p1_i, slot_p0_i}) && park_i == $past(park_i))
      assert (q_slot_o == $past(q_slot_o));
    // parking: a pick no SM may take is not the next pick (the dispatcher does not hold it)
    if (f_past_valid && $past(rst_ni) && rst_ni && $past(need_valid_o && f_allowed == 0)) begin
      assert (park_i[$past(q_slot_o)]);
      if (need_valid_o) assert (q_slot_o != $past(q_slot_o));
    end
    // only such a pick is parked: a new park bit is last cycle's pick, which no SM could take
    if (f_past_valid && $past(rst_ni) && rst_ni)
      assert ((park_i & ~$past(park_i) & ~(({{(SLOTS - 1) {1'b0}}, 1'b1} << $past(q_slot_o)) &
                                            {SLOTS{$past(need_valid_o && f_allowed == 0)}}))
              == {SLOTS{1'b0}});
    // the split is lifted only while every slot holds a kernel with TBs left
    // (lifted at an edge where every slot held TBs; set when none of them could be chosen)
    if (f_past_valid && $past(rst_ni) && rst_ni && lift_i)
      assert ($past(slot_p0_i | slot_p1_i | slot_p2_i | slot_p3_i) == {SLOTS{1'b1}});
    if (f_past_valid && $past(rst_ni) && rst_ni && lift_i && !$past(lift_i))
      assert (!$past(need_valid_o) && park_i == {SLOTS{1'b0}});
    // a change of the masks brings every parked slot back (but the one parked at that edge)
    if (f_past_valid && $past(rst_ni) && rst_ni && $past(f_msk) != $past(f_msk, 2) &&
        $past(rst_ni, 2))
      assert ((park_i & ~(({{(SLOTS - 1) {1'b0}}, 1'b1} << $past(q_slot_o)))) == {SLOTS{1'b0}});
  end

  always @(*) begin
    if (rst_ni) begin
      cover (take_valid_o && !start_ewarp_o && f_level == 2'd3 && f_lower);
      cover (take_valid_o && start_ewarp_o);
      // an idle SM's table chosen while a busy SM's table also had room
      cover (take_valid_o && start_ewarp_o && (f_ewt & ~sm_ewt_idle_i) != 0 &&
             sm_ewt_idle_i[start_sm_o]);
      cover (drain_cycle_o);
      cover (take_valid_o && q_event_i && reserve_mask_i != 0);
      cover (take_valid_o && part_i && !q_user_i && umask_i != 0);
      cover (take_valid_o && part_i && q_user_i && umask_i != 0 && umask_i != {NSM{1'b1}});
      cover (take_valid_o && start_sm_o == NSM - 1 && q_slot_o == SLOTS - 1);
      // the Elastic hang's way out: a user-facing TB goes below a parked batch slot
      cover (take_valid_o && part_i && q_user_i && (park_i & (slot_p3_i | slot_p2_i)) != 0 &&
             f_level < 2'd2);
      // (the lift needs SLOTS + 2 cycles, beyond the cover depth: tb test_kmu_dispatch lift)
    end
  end
endmodule

`default_nettype wire
