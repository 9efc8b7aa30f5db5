// kmu_dispatch_props - formal properties of kmu_dispatch (make formal; docs/verification.md).
//
// Black-box: instantiated beside the dispatcher by formal/kmu_dispatch_fv.v, on its ports
// only (its five round-robin arbiters carry their own properties, bound inside them).  No
// assumption: the slot table, the needs and every SM's answer are free.  Checked:
//   - draining: a slot is chosen exactly when some slot has TBs left, from the highest level
//     that has some, and it has TBs left at that level (level_o names it, 0 when none);
//   - one TB per cycle, once: the start is the take of the same cycle (same slot, the TB index,
//     kernel pointer and parameter kmu_kmu answered, the needs of the chosen slot);
//   - never to an SM without room: a resident start goes to an SM with sm_fit_i, an event-warp
//     start to one whose table has room, only for a warp-level event and only when no eligible
//     SM fits now; the SM is eligible (event kernels only on reserved SMs when any is
//     reserved, host kernels never on one; with the Elastic split on, user-facing kernels
//     only on umask_i's SMs (any when it is empty), batch kernels never on one);
//   - no idle stall: when an eligible SM fits (or takes the event warp), a TB goes out;
//     stall_o / drain_cycle_o as specified;
//   - the pick is held: a slot that did not go out is chosen again while the table is the same.
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
    input wire              drain_cycle_o
);
  // the levels, highest first
  wire [3:0] f_lvl = {|slot_p3_i, |slot_p2_i, |slot_p1_i, |slot_p0_i};  // bit k: level k
  wire f_any = f_lvl != 4'd0;
  wire [1:0] f_level = f_lvl[3] ? 2'd3 : f_lvl[2] ? 2'd2 : f_lvl[1] ? 2'd1 : 2'd0;
  wire [SLOTS-1:0] f_at_level = (f_level == 2'd3) ? slot_p3_i : (f_level == 2'd2) ? slot_p2_i :
                                (f_level == 2'd1) ? slot_p1_i : slot_p0_i;
  wire f_lower = (f_lvl & ((4'd1 << f_level) - 4'd1)) != 4'd0;  // a lower level has TBs left

  // eligible SMs and what fits
  wire f_ewarp = q_event_i && q_warps_i == 6'd1 && q_shmem_i == 16'd0;
  wire [NSM-1:0] f_res = q_event_i ? ((reserve_mask_i != 0) ? reserve_mask_i : {NSM{1'b1}})
                                   : ~reserve_mask_i;
  // TReM Elastic's split: user-facing on umask_i (anywhere when empty), batch off it
  wire [NSM-1:0] f_cls = !part_i ? {NSM{1'b1}} :
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

  // the pick is held while it does not go out and the table does not change
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni && $past(stall_o) &&
        {slot_p3_i, slot_p2_i, slot_p1_i, slot_p0_i} ==
        $past({slot_p3_i, slot_p2_i, slot_p1_i, slot_p0_i}))
      assert (q_slot_o == $past(q_slot_o));
  end

  always @(*) begin
    if (rst_ni) begin
      cover (take_valid_o && !start_ewarp_o && f_level == 2'd3 && f_lower);
      cover (take_valid_o && start_ewarp_o);
      cover (drain_cycle_o);
      cover (take_valid_o && q_event_i && reserve_mask_i != 0);
      cover (take_valid_o && part_i && !q_user_i && umask_i != 0);
      cover (take_valid_o && part_i && q_user_i && umask_i != 0 && umask_i != {NSM{1'b1}});
      cover (take_valid_o && start_sm_o == NSM - 1 && q_slot_o == SLOTS - 1);
    end
  end
endmodule

`default_nettype wire
