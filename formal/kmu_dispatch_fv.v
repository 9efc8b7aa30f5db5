// kmu_dispatch_fv - formal top of kmu_dispatch (formal/kmu_dispatch.sby): every input free
// (the slot table, the needs, the SMs' answers, kmu_kmu's take answer, the Elastic split), reset in the first
// cycle; the properties (formal/kmu_dispatch_props.v) on the ports and the parked slots, bound
// inside the dispatcher under FORMAL (as the arbiters' are inside them).
`default_nettype none

module kmu_dispatch_fv #(
    parameter integer NSM   = 2,
    parameter integer SLOTS = 4
) (
    input wire            clk_i,
    input wire            rst_ni,
    input wire [SLOTS-1:0] slot_p0_i,
    input wire [SLOTS-1:0] slot_p1_i,
    input wire [SLOTS-1:0] slot_p2_i,
    input wire [SLOTS-1:0] slot_p3_i,
    input wire [5:0]      q_warps_i,
    input wire [17:0]     q_regs_i,
    input wire [15:0]     q_shmem_i,
    input wire            q_event_i,
    input wire [NSM-1:0]  sm_fit_i,
    input wire [NSM-1:0]  sm_ewt_fit_i,
    input wire [NSM-1:0]  sm_ewt_idle_i,
    input wire [NSM-1:0]  reserve_mask_i,
    input wire            part_i,
    input wire [NSM-1:0]  umask_i,
    input wire            q_user_i,
    input wire [31:0]     take_tb_i,
    input wire [31:0]     take_kptr_i,
    input wire [31:0]     take_param_i
);
  localparam integer SLOT_W = (SLOTS > 1) ? $clog2(SLOTS) : 1;
  localparam integer SM_W = (NSM > 1) ? $clog2(NSM) : 1;
  initial assume (!rst_ni);
  wire [SLOT_W-1:0] q_slot_o;
  wire            need_valid_o;
  wire [5:0]      need_warps_o;
  wire [17:0]     need_regs_o;
  wire [15:0]     need_shmem_o;
  wire            need_ewarp_o;
  wire            take_valid_o;
  wire [SLOT_W-1:0] take_slot_o;
  wire            start_valid_o;
  wire [SM_W-1:0] start_sm_o;
  wire            start_ewarp_o;
  wire [SLOT_W-1:0] start_slot_o;
  wire [5:0]      start_warps_o;
  wire [17:0]     start_regs_o;
  wire [15:0]     start_shmem_o;
  wire [31:0]     start_tb_o;
  wire [31:0]     start_kptr_o;
  wire [31:0]     start_param_o;
  wire [1:0]      level_o;
  wire            stall_o;
  wire            drain_cycle_o;
  kmu_dispatch #(
      .NSM  (NSM),
      .SLOTS(SLOTS)
  ) dut (
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
      .drain_cycle_o (drain_cycle_o)
  );
endmodule

`default_nettype wire
