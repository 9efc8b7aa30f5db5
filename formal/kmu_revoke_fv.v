// kmu_revoke_fv - formal top of kmu_revoke (formal/kmu_revoke.sby): every input free, reset in
// the first cycle.  Bounded revocation, under neighbours whose acknowledges come within stated
// bounds (a pulse's acknowledge in the same cycle is 0):
//   - stop_ack_i at the latest A_S cycles after stop_o; every SM's drop_ack_i at the latest A_D
//     cycles after drop_o; free_ack_i at the latest A_F cycles after free_o.
// Claims, for a request accepted (req_valid_i && req_ready_o) in cycle t:
//   - its one completion done_valid_o comes at the latest in cycle t + CT + 5 + A_S + A_D + A_F,
//     and nothing else is accepted before it (req_ready_o low from t+1 until then);
//   - a request refused in the decision (status other than OK, not a target that finished
//     during the stop) completes in exactly t + CT + 2.
// The state register and the drop acknowledges collected so far reach this top by
// connect -set after flatten (formal/*.sby).
`default_nettype none

module kmu_revoke_fv #(
    parameter integer NSM = 2,
    parameter integer CT  = 4,
    parameter integer A_S = 1,
    parameter integer A_D = 2,
    parameter integer A_F = 1
) (
    input wire             clk_i,
    input wire             rst_ni,
    input wire [1:0]       thr_i,
    input wire [7:0]       cost_i,
    input wire             adm_valid_i,
    input wire             adm_fresh_i,
    input wire [TAG_W-1:0] adm_tag_i,
    input wire [3:0]       adm_lid_i,
    input wire             adm_user_i,
    input wire [7:0]       adm_est_i,
    input wire             cpl_valid_i,
    input wire [TAG_W-1:0] cpl_tag_i,
    input wire             iss_valid_i,
    input wire [TAG_W-1:0] iss_tag_i,
    input wire             req_valid_i,
    input wire [1:0]       req_kind_i,
    input wire             req_replay_i,
    input wire [3:0]       req_id_i,
    input wire             stop_ack_i,
    input wire [NSM-1:0]   drop_ack_i,
    input wire             free_ack_i
);
  localparam integer TAG_W = (CT > 1) ? $clog2(CT) : 1;
  initial assume (!rst_ni);
  wire req_ready_o, stop_o, free_o, free_replay_o, done_valid_o, done_replay_o, guard_o;
  wire irq_o, busy_o;
  wire [NSM-1:0] drop_o;
  wire [TAG_W-1:0] tag_o, done_tag_o, guard_tag_o;
  wire [2:0] done_status_o;
  wire [3:0] done_lid_o;
  wire [15:0] err_cnt_o, rvk_cnt_o;
  kmu_revoke #(
      .NSM  (NSM),
      .CT   (CT),
      .LID_W(4),
      .CNT_W(2),
      .TS_W (8)
  ) dut (
      .clk_i(clk_i), .rst_ni(rst_ni), .thr_i(thr_i), .cost_i(cost_i),
      .adm_valid_i(adm_valid_i), .adm_fresh_i(adm_fresh_i), .adm_tag_i(adm_tag_i),
      .adm_lid_i(adm_lid_i), .adm_user_i(adm_user_i), .adm_est_i(adm_est_i),
      .cpl_valid_i(cpl_valid_i), .cpl_tag_i(cpl_tag_i), .iss_valid_i(iss_valid_i),
      .iss_tag_i(iss_tag_i), .req_valid_i(req_valid_i),
      .req_ready_o(req_ready_o), .req_kind_i(req_kind_i), .req_replay_i(req_replay_i),
      .req_id_i(req_id_i), .stop_o(stop_o), .stop_ack_i(stop_ack_i), .drop_o(drop_o),
      .drop_ack_i(drop_ack_i), .free_o(free_o), .free_replay_o(free_replay_o),
      .free_ack_i(free_ack_i), .tag_o(tag_o), .done_valid_o(done_valid_o),
      .done_status_o(done_status_o), .done_replay_o(done_replay_o), .done_tag_o(done_tag_o),
      .done_lid_o(done_lid_o), .guard_o(guard_o), .guard_tag_o(guard_tag_o), .irq_o(irq_o),
      .err_cnt_o(err_cnt_o), .rvk_cnt_o(rvk_cnt_o), .busy_o(busy_o)
  );

  // kmu_revoke's sequencer states (F_*), its state and scan index by connect -set
  localparam [2:0] F_IDLE = 3'd0, F_SCAN = 3'd1, F_DECIDE = 3'd2, F_STOP = 3'd3, F_DROP = 3'd4;
  localparam [2:0] F_FREE = 3'd5;
  (* keep *) wire [2:0] f_fsm;
  (* keep *) wire [TAG_W-1:0] f_idx;
  (* keep *) wire [NSM-1:0] f_ack;  // drop acknowledges collected
  (* keep *) wire f_end_err;  // a completion from the decision (refused)

  // f_in: this cycle's index in the current sequencer state (0: its first cycle)
  reg [2:0] f_ps = 3'd0;
  reg [7:0] f_k = 8'd0;
  wire [7:0] f_in = (f_ps == f_fsm) ? f_k : 8'd0;
  always @(posedge clk_i) begin
    f_ps <= rst_ni ? f_fsm : F_IDLE;
    f_k <= (f_in == 8'hff) ? f_in : f_in + 8'd1;
  end

  // ---------------------------------------------------------------- environment
  localparam [NSM-1:0] ALL = {NSM{1'b1}};
  always @(*) begin
    if (rst_ni) begin
      if (f_fsm == F_STOP && f_in >= A_S) assume (stop_ack_i);
      if (f_fsm == F_DROP && f_in >= A_D) assume ((f_ack | drop_ack_i) == ALL);
      if (f_fsm == F_FREE && f_in >= A_F) assume (free_ack_i);
    end
  end

  // ---------------------------------------------------------------- claims
  localparam integer B = CT + 5 + A_S + A_D + A_F;  // acceptance -> done_valid_o
  wire f_fire = req_valid_i && req_ready_o;
  reg [7:0] f_t = 8'd0;  // cycles since the acceptance
  reg f_open = 1'b0;  // a request accepted, its completion not yet seen
  always @(posedge clk_i) begin
    if (!rst_ni) f_open <= 1'b0;
    else if (f_fire) f_open <= 1'b1;
    else if (done_valid_o) f_open <= 1'b0;
    if (f_fire) f_t <= 8'd1;
    else if (f_t != 8'hff) f_t <= f_t + 8'd1;
  end
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) begin
    if (rst_ni) begin
      case (f_fsm)
        F_SCAN: assert (f_open && f_t == {{(8 - TAG_W) {1'b0}}, f_idx} + 8'd1 && f_idx < CT);
        F_DECIDE: assert (f_open && f_t == CT + 1);
        F_STOP: assert (f_open && f_t == CT + 2 + f_in && f_in <= A_S);
        F_DROP: assert (f_open && f_t <= CT + 3 + A_S + f_in && f_in <= A_D);
        F_FREE: assert (f_open && f_t <= CT + 4 + A_S + A_D + f_in && f_in <= A_F);
        F_IDLE: assert (f_open == done_valid_o);  // idle: the completion pulses, or none open
        default: assert (1'b0);
      endcase
      if (done_valid_o) assert (f_open && f_t <= B);
    end
  end
  reg f_was_err = 1'b0;
  always @(posedge clk_i) f_was_err <= f_end_err;
  always @(posedge clk_i) begin
    if (f_past_valid && rst_ni && $past(rst_ni) && $past(f_end_err))
      assert (done_valid_o && done_status_o != 3'd0 && f_t == CT + 2);
  end

  always @(*) begin
    if (rst_ni) begin
      cover (done_valid_o && done_status_o == 3'd0 && f_t == B);  // the bound is tight
      cover (done_valid_o && done_status_o == 3'd0 && f_t == CT + 5);  // acks at once
      cover (done_valid_o && f_was_err);  // refused in the decision
      cover (done_valid_o && done_status_o == 3'd2 && !f_was_err);  // finished during the stop
    end
  end
endmodule

`default_nettype wire
