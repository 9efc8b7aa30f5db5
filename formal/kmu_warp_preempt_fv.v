// kmu_warp_preempt_fv - formal top of kmu_warp_preempt (formal/kmu_warp_preempt.sby): every
// input free, reset in the first cycle.  Bounded warp-preemption latency, under an environment
// that answers within stated bounds:
//   - the victim is flushed (or exits) by its FL+1-th flushing cycle (the pipeline drains its
//     in-flight instruction, loads return or are dropped, an i-cache miss returns);
//   - a register save/restore request (rsave/rrest_valid_o) is taken by its R+1-th cycle, and
//     its done (rsave/rrest_done_i) comes within D+1 cycles after the handshake.
// Claims:
//   - acceptance (ev_valid_i && ev_ready_o) in cycle A -> ev_start_o at the latest in cycle
//     A + FL + 3 (registers reserved, or the victim exited) or A + FL + R + D + 5 (a save);
//     lat_o then reports exactly that latency;
//   - the event warp's done (ev_done_i, one-hot at the victim) in cycle T -> vic_resume_o at
//     the latest in T + 2 (reserved) or T + R + D + 4 (a restore); after a victim exit the
//     block is idle in T + 1.
// The waiting before the acceptance (a previous event warp still running, or no fitting
// victim: ev_refuse_o) and the event warp's own run time are not bounded by this block.
// The state register reaches this top by connect -set after flatten (formal/*.sby).
`default_nettype none

module kmu_warp_preempt_fv #(
    parameter integer WARPS = 4,
    parameter integer FL    = 3,  // flush bound (cycles beyond the first flushing cycle)
    parameter integer R     = 2,  // save/restore request: cycles beyond the first until ready
    parameter integer D     = 3   // save/restore: cycles beyond the first until done
) (
    input wire             clk_i,
    input wire             rst_ni,
    input wire [WARPS-1:0] w_live_i, w_inpipe_i, w_ld_i, w_bar_i, w_ibuf_i, w_icmiss_i,
    input wire             wstart_valid_i,
    input wire [5:0]       wstart_warp_i,
    input wire [7:0]       wstart_regs_i,
    input wire             wexit_valid_i,
    input wire [5:0]       wexit_warp_i,
    input wire             ev_valid_i,
    input wire [7:0]       ev_regs_i,
    input wire [31:0]      ev_pc_i,
    input wire [15:0]      ev_id_i,
    input wire [7:0]       free_regs_i,
    input wire             rsave_ready_i,
    input wire             rsave_done_i,
    input wire [WARPS-1:0] ev_done_i,
    input wire             rrest_ready_i,
    input wire             rrest_done_i,
    input wire [1:0]       vpol_i,
    input wire [3:0]       opt_i,
    input wire             wp_en_i
);
  initial assume (!rst_ni);
  wire ev_ready_o, ev_refuse_o, rsave_valid_o, rrest_valid_o, busy_o, victim_valid_o, rsv_o;
  wire [WARPS-1:0] vic_stop_o, vic_boost_o, ibuf_flush_o, bar_skip_o, bar_reins_o, ld_drop_o;
  wire [WARPS-1:0] stk_push_o, ev_start_o, stk_pop_o, vic_resume_o;
  wire [5:0] rsave_warp_o, rrest_warp_o, victim_o;
  wire [7:0] rsave_nregs_o, rrest_nregs_o;
  wire [31:0] stk_pc_o;
  wire [15:0] cur_id_o, lat_o;
  wire [4:0] err_o;
  kmu_warp_preempt #(
      .WARPS(WARPS)
  ) dut (
      .clk_i(clk_i), .rst_ni(rst_ni), .w_live_i(w_live_i), .w_inpipe_i(w_inpipe_i),
      .w_ld_i(w_ld_i), .w_bar_i(w_bar_i), .w_ibuf_i(w_ibuf_i), .w_icmiss_i(w_icmiss_i),
      .wstart_valid_i(wstart_valid_i), .wstart_warp_i(wstart_warp_i),
      .wstart_regs_i(wstart_regs_i), .wexit_valid_i(wexit_valid_i),
      .wexit_warp_i(wexit_warp_i), .ev_valid_i(ev_valid_i), .ev_ready_o(ev_ready_o),
      .ev_refuse_o(ev_refuse_o), .ev_regs_i(ev_regs_i), .ev_pc_i(ev_pc_i), .ev_id_i(ev_id_i),
      .free_regs_i(free_regs_i), .vic_stop_o(vic_stop_o), .vic_boost_o(vic_boost_o),
      .ibuf_flush_o(ibuf_flush_o), .bar_skip_o(bar_skip_o), .bar_reins_o(bar_reins_o),
      .ld_drop_o(ld_drop_o), .rsave_valid_o(rsave_valid_o), .rsave_ready_i(rsave_ready_i),
      .rsave_warp_o(rsave_warp_o), .rsave_nregs_o(rsave_nregs_o),
      .rsave_done_i(rsave_done_i), .stk_push_o(stk_push_o), .stk_pc_o(stk_pc_o),
      .ev_start_o(ev_start_o), .ev_done_i(ev_done_i), .stk_pop_o(stk_pop_o),
      .rrest_valid_o(rrest_valid_o), .rrest_ready_i(rrest_ready_i),
      .rrest_warp_o(rrest_warp_o), .rrest_nregs_o(rrest_nregs_o),
      .rrest_done_i(rrest_done_i), .vic_resume_o(vic_resume_o), .vpol_i(vpol_i),
      .opt_i(opt_i), .wp_en_i(wp_en_i), .busy_o(busy_o), .victim_o(victim_o),
      .victim_valid_o(victim_valid_o), .rsv_o(rsv_o), .cur_id_o(cur_id_o), .err_o(err_o),
      .lat_o(lat_o)
  );

  // kmu_warp_preempt's states (S_*), its state register by connect -set
  localparam [3:0] S_IDLE = 4'd0, S_FLUSH = 4'd1, S_PUSH = 4'd2, S_SAVE = 4'd3;
  localparam [3:0] S_SWAIT = 4'd4, S_START = 4'd5, S_RUN = 4'd6, S_POP = 4'd7;
  localparam [3:0] S_REST = 4'd8, S_RWAIT = 4'd9, S_RESUME = 4'd10;
  (* keep *) wire [3:0] f_state;
  localparam [WARPS-1:0] ONE = {{(WARPS - 1) {1'b0}}, 1'b1};
  wire [WARPS-1:0] f_voh = ONE << victim_o;

  // ---------------------------------------------------------------- environment
  // the victim's flushed condition (the block's contract) and its exit, as the block sees them
  wire f_flushed = !(|(w_inpipe_i & f_voh)) && !(|(w_ld_i & f_voh)) &&
                   !(|(w_icmiss_i & f_voh)) && (!(|(w_bar_i & f_voh)) || opt_i[2]) &&
                   (!(|(w_ibuf_i & f_voh)) || opt_i[1]);
  wire f_vexit = wexit_valid_i && (wexit_warp_i == victim_o);
  (* keep *) wire [3:0] f_state_d;
  (* keep *) wire [15:0] f_cnt;  // the block's own acceptance counter (lat_o's source)
  reg [7:0] f_in = 8'd0;  // this cycle's index in the current state (0: its first cycle)
  always @(posedge clk_i) begin
    if (!rst_ni || f_state_d != f_state) f_in <= 8'd0;
    else if (f_in != 8'hff) f_in <= f_in + 8'd1;
  end
  always @(*) begin
    if (rst_ni) begin
      if (f_state == S_FLUSH && f_in >= FL) assume (f_flushed || f_vexit);
      if (f_state == S_SAVE && f_in >= R) assume (rsave_ready_i);
      if (f_state == S_SWAIT && f_in >= D) assume (rsave_done_i);
      if (f_state == S_REST && f_in >= R) assume (rrest_ready_i);
      if (f_state == S_RWAIT && f_in >= D) assume (rrest_done_i);
    end
  end

  // ---------------------------------------------------------------- claims
  localparam integer B_RSV = FL + 3;  // acceptance -> ev_start_o, registers reserved
  localparam integer B_SAVE = FL + R + D + 5;  // ... with a register save
  localparam integer B_RET_RSV = 2;  // ev_done_i -> vic_resume_o, reserved
  localparam integer B_RET = R + D + 4;  // ... with a restore
  wire f_accept = ev_valid_i && ev_ready_o;
  wire f_done = (f_state == S_RUN) && (ev_done_i == f_voh);
  reg [7:0] f_lat = 8'd0;  // cycles since the acceptance (before ev_start_o)
  reg [7:0] f_ret = 8'd0;  // cycles since the event warp's done (before vic_resume_o)
  always @(posedge clk_i) begin
    if (f_accept) f_lat <= 8'd1;
    else if (f_lat != 8'hff) f_lat <= f_lat + 8'd1;
    if (f_done) f_ret <= 8'd1;
    else if (f_ret != 8'hff) f_ret <= f_ret + 8'd1;
  end
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) begin
    if (rst_ni) begin
      case (f_state)
        S_FLUSH: assert (f_lat == f_in + 8'd1 && f_in <= FL);
        S_PUSH: assert (f_lat <= FL + 2);
        S_SAVE: assert (!rsv_o && f_lat <= FL + 3 + f_in && f_in <= R);
        S_SWAIT: assert (!rsv_o && f_lat <= FL + R + 4 + f_in && f_in <= D);
        S_START: assert (f_lat <= (rsv_o ? B_RSV : B_SAVE));
        S_POP: assert (f_ret == 8'd1);
        S_REST: assert (!rsv_o && f_ret == 8'd2 + f_in && f_in <= R);
        S_RWAIT: assert (!rsv_o && f_ret <= R + 3 + f_in && f_in <= D);
        S_RESUME: assert (f_ret <= (rsv_o ? B_RET_RSV : B_RET));
        default: ;
      endcase
      assert (f_state <= S_RESUME);
      if (f_state >= S_FLUSH && f_state <= S_START) assert (f_cnt == {8'd0, f_lat});
      if (busy_o) assert (victim_o < WARPS);
      // the outputs that mark the two ends
      assert ((ev_start_o != {WARPS{1'b0}}) == (f_state == S_START));
      assert ((vic_resume_o != {WARPS{1'b0}}) == (f_state == S_RESUME));
    end
  end
  // lat_o reports the latency of the last preemption
  always @(posedge clk_i) begin
    if (f_past_valid && rst_ni && $past(rst_ni) && $past(f_state == S_START))
      assert (lat_o == {8'd0, $past(f_lat)});
  end

  always @(*) begin
    if (rst_ni) begin
      cover (f_state == S_START && !rsv_o && f_lat == B_SAVE);  // the bound is tight
      cover (f_state == S_START && rsv_o && f_lat == B_RSV);
      cover (f_state == S_RESUME && !rsv_o && f_ret == B_RET);
      cover (f_state == S_RESUME && rsv_o && f_ret == B_RET_RSV);
    end
  end
endmodule

`default_nettype wire
