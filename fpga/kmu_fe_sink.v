// kmu_fe_sink - the kernel stand-in of the front-end board top (fpga/kmu_board_fe_top.v): it
// takes the place of everything behind kmu_frontend (kmu_kmu, the dispatcher, the SMs) on a
// board too small for kmu_gpu (the iCEBreaker's UP5K, docs/fpga.md).  Not a paper block; issue
// 15 item 3.
//
// What a kernel does here: it is taken from either launch stream, the event descriptor stream
// desc_* (a doorbell's launch, EKT entry desc_id_i) or the host descriptor stream host_* (an
// HL_CMD launch), into a free slot (SLOTS slots: that many kernels run at once), and "runs" for
// N cycles, N = the low RUN_W bits of its parameter (desc_param_i: the doorbell's parameter-
// buffer entry; host_param_i: HL_PARAM), DEF_CYC when those bits are 0.  Its grid, TB and
// resource fields are not looked at: a whole kernel is one run of N cycles.  Then it completes:
// done_o pulses for one cycle (kmu_frontend's kernel_done_i: KERNEL_STATUS.KERNEL_DONE,
// PERF_KERNELS) and, for an event kernel, cpl_valid_o/cpl_id_o return its EKT entry's in-flight
// credit in the same cycle (kmu_frontend's cpl_valid_i/cpl_id_i: PERF_COMPLETIONS).  So each
// accepted kernel completes exactly once, and an event kernel returns exactly one credit.
//
// Acceptance: one kernel per two cycles at most, alternating between the two streams: in a
// cycle where a slot is free and nothing was taken the cycle before, desc_ready_o is offered
// in one cycle and host_ready_o in the next (never both), so a waiting kernel of either stream
// is taken within 3 cycles of a slot becoming free and neither stream starves the other.  Both
// ready outputs are registers (no combinational path from a valid to a ready: the front end's
// stream outputs are registers too, so the boundary is registered both ways).
// Completion: a slot whose count reached 0 is finished; the lowest finished slot reports in
// the next cycle (one completion per cycle: kmu_frontend has one completion port) and its slot
// is free from that cycle on.
// Checks: err_o (sticky) rises when either stream withdraws its valid before its handshake,
// which the front end's stream contract forbids (desc_* and host_* are held until accepted).
// Latency: a kernel taken in cycle t with run length N reports in cycle t+N+1 (done_o,
// cpl_valid_o), or later when a lower slot reports first.
// Contract: every output is a register.
`default_nettype none

module kmu_fe_sink #(
    parameter integer ID_W    = 3,   // EKT entry id bits (kmu_frontend's desc_id_o)
    parameter integer SLOTS   = 2,   // kernels running at once (1..8)
    parameter integer RUN_W   = 16,  // run-length bits taken from the parameter (1..32)
    parameter integer DEF_CYC = 64   // run length when those bits are 0 (1..2^RUN_W-1)
) (
    input wire clk_i,
    input wire rst_ni,

    // event kernels (kmu_frontend's descriptor stream)
    input  wire            desc_valid_i,
    output wire            desc_ready_o,
    input  wire [ID_W-1:0] desc_id_i,
    input  wire [    31:0] desc_param_i,

    // host kernels (kmu_frontend's host descriptor stream)
    input  wire        host_valid_i,
    output wire        host_ready_o,
    input  wire [31:0] host_param_i,

    // completions
    output wire            cpl_valid_o,  // an event kernel's credit returns (with done_o)
    output wire [ID_W-1:0] cpl_id_o,     // its EKT entry
    output wire            done_o,       // pulse: a kernel (event or host) completed

    output wire busy_o,  // a kernel runs or reports
    output wire err_o    // sticky: a stream withdrew its valid before its handshake
);
  // ---- per slot (slot s at [s*W +: W]): busy, kind (1 host), EKT id, remaining cycles
  reg [      SLOTS-1:0] busy_q, busy_d;
  reg [      SLOTS-1:0] host_q, host_d;
  reg [ SLOTS*ID_W-1:0] id_q, id_d;
  reg [SLOTS*RUN_W-1:0] cnt_q, cnt_d;
  // ---- acceptance: the two ready registers, whose turn is next, a take in the last cycle
  reg drdy_q, drdy_d, hrdy_q, hrdy_d, turn_q, turn_d;
  // ---- completion report (registered outputs)
  reg cpl_q, cpl_d, done_q, done_d;
  reg [ID_W-1:0] cid_q, cid_d;
  // ---- stream contract check: a valid seen without its handshake must stay up
  reg dwait_q, hwait_q, err_q;

  wire d_fire = desc_valid_i && drdy_q;
  wire h_fire = host_valid_i && hrdy_q;
  wire [RUN_W-1:0] d_len = desc_param_i[RUN_W-1:0];
  wire [RUN_W-1:0] h_len = host_param_i[RUN_W-1:0];
  wire [RUN_W-1:0] def_len = DEF_CYC[RUN_W-1:0];

  integer s;
  reg taken, reported, any_free;
  always @(*) begin
    busy_d   = busy_q;
    host_d   = host_q;
    id_d     = id_q;
    cnt_d    = cnt_q;
    cpl_d    = 1'b0;
    done_d   = 1'b0;
    cid_d    = cid_q;
    taken    = 1'b0;
    reported = 1'b0;
    // run: every busy slot counts down to 0
    for (s = 0; s < SLOTS; s = s + 1)
      if (busy_q[s] && cnt_q[s*RUN_W+:RUN_W] != {RUN_W{1'b0}})
        cnt_d[s*RUN_W+:RUN_W] = cnt_q[s*RUN_W+:RUN_W] - 1'b1;
    // report: the lowest finished slot; it is free from the next cycle
    for (s = 0; s < SLOTS; s = s + 1)
      if (!reported && busy_q[s] && cnt_q[s*RUN_W+:RUN_W] == {RUN_W{1'b0}}) begin
        reported  = 1'b1;
        busy_d[s] = 1'b0;
        done_d    = 1'b1;
        cpl_d     = !host_q[s];
        cid_d     = id_q[s*ID_W+:ID_W];
      end
    // take: a handshake goes to the lowest free slot (ready is only offered when one is free,
    // and a slot freed by this cycle's report is not used before the next cycle)
    for (s = 0; s < SLOTS; s = s + 1)
      if (!taken && (d_fire || h_fire) && !busy_q[s]) begin
        taken                 = 1'b1;
        busy_d[s]             = 1'b1;
        host_d[s]             = h_fire;
        id_d[s*ID_W+:ID_W]    = d_fire ? desc_id_i : {ID_W{1'b0}};
        cnt_d[s*RUN_W+:RUN_W] = d_fire ? ((d_len != {RUN_W{1'b0}}) ? d_len : def_len)
                                       : ((h_len != {RUN_W{1'b0}}) ? h_len : def_len);
      end
    // the next offer: only while a slot is free next cycle and nothing was taken this cycle
    // (so the slot count is up to date), one stream per cycle, alternating
    any_free = 1'b0;
    for (s = 0; s < SLOTS; s = s + 1) if (!busy_d[s]) any_free = 1'b1;
    turn_d = !turn_q;
    drdy_d = any_free && !taken && !turn_q;
    hrdy_d = any_free && !taken && turn_q;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q  <= {SLOTS{1'b0}};
      drdy_q  <= 1'b0;
      hrdy_q  <= 1'b0;
      turn_q  <= 1'b0;
      cpl_q   <= 1'b0;
      done_q  <= 1'b0;
      dwait_q <= 1'b0;
      hwait_q <= 1'b0;
      err_q   <= 1'b0;
    end else begin
      busy_q  <= busy_d;
      drdy_q  <= drdy_d;
      hrdy_q  <= hrdy_d;
      turn_q  <= turn_d;
      cpl_q   <= cpl_d;
      done_q  <= done_d;
      dwait_q <= desc_valid_i && !d_fire;
      hwait_q <= host_valid_i && !h_fire;
      err_q   <= err_q || (dwait_q && !desc_valid_i) || (hwait_q && !host_valid_i);
    end
  end
  // payload registers without reset: only meaningful while their slot is busy / cpl_q is up
  always @(posedge clk_i) begin
    host_q <= host_d;
    id_q   <= id_d;
    cnt_q  <= cnt_d;
    cid_q  <= cid_d;
  end

  assign desc_ready_o = drdy_q;
  assign host_ready_o = hrdy_q;
  assign cpl_valid_o  = cpl_q;
  assign cpl_id_o     = cid_q;
  assign done_o       = done_q;
  assign busy_o       = (|busy_q) || done_q;
  assign err_o        = err_q;
  // the parameters' bits above RUN_W (the board top folds them into its keep-alive parity)
  wire unused = &{1'b0, desc_param_i, host_param_i};

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // For any input sequence: never both streams ready (one kernel per handshake), a handshake
  // always finds a free slot (a ready is only offered for one), and a credit only returns with
  // its kernel's completion.  rst_ni only masks the checks in reset.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (drdy_q && hrdy_q) begin
        $display("ASSERTION kmu_fe_sink %m t=%0t: both streams ready", $time);
        $stop;
      end
      if ((d_fire || h_fire) && !taken) begin
        $display("ASSERTION kmu_fe_sink %m t=%0t: a kernel taken without a free slot", $time);
        $stop;
      end
      if (cpl_q && !done_q) begin
        $display("ASSERTION kmu_fe_sink %m t=%0t: a credit without a completion", $time);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
