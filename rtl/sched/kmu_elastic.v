// kmu_elastic - TReM's Elastic policy in hardware: how many SMs the user-facing kernels need,
// U = min(NSM, ceil(l_e * q / SLA) << unit_i); the rest serve batch kernels.
//
// Paper: TReM IV-A (Elastic: L_max(t) = l_e(t) * q(t), Equation 1; U(t) = ceil(L_max / SLA),
// Equation 2; recomputed every 100 ms or when a task finishes), adapted from GPUs to SMs:
// ceil(l_e q / SLA) counts user-facing tasks (the paper's GPUs, one task each) and a task
// holds 2^unit_i SMs (TR_CTRL.UNIT), so the SMs set aside are that count shifted left by
// unit_i (a power of two: a shift, no multiplier), capped at NSM.  unit_i = 0: U counts SMs.
//
// State kept here:
//   le_q  l_e, a running average of user-facing execution times (cycles), from the samples
//         smp_time_i (a user-facing kernel's execution time, measured by the caller, e.g.
//         kmu_revoke's start table at its completion): the first sample is taken as it is,
//         each later one moves the average by (sample - l_e) / 2^shift_i (an exponentially
//         weighted average: a subtract, a shift and an add, no multiplier).  Until the first
//         sample l_e reads as sla_i (each outstanding kernel is assumed to need its whole SLA:
//         U = q).
//   q_q   q, the outstanding user-facing kernels: + arr_i, - fin_i (both in one cycle: no
//         change); a fin_i at 0 or an arr_i at the maximum is refused (err_o, err_cnt_o).
//   tmr_q the recompute timer: counts cycles, a tick every period_i cycles (0: no timer).
// Recompute: on a timer tick and on every kernel completion (cpl_i, batch or user-facing).  A
// trigger while the engine runs is remembered (pend_q, one: triggers coalesce) and starts the
// engine as soon as it is done.
// Engine (one adder/comparator, serial; no multiplier, no divider):
//   start (cycle t, idle, a trigger or pend_q): snapshot q_q and l_e (the values of cycle t,
//     before t's events), acc = 0;
//   MUL, QW steps: acc += l_e << k when bit k of q is set (shift-add), L = l_e * q;
//   CHK, 1 step: L == 0 -> U = 0; L >= SLA << UW (U would not fit UW bits, so it exceeds NSM;
//     always when SLA = 0) -> U = NSM; else
//   DIV, UW steps: restoring division, bit b from UW-1 down: rem >= SLA << b -> rem -= SLA << b,
//     quotient bit b set;
//   END, 1 step: U = (floor + (rem != 0)) << unit_i, capped at NSM; u_o and upd_o.
// Latency: trigger in cycle t (engine idle) -> u_o / upd_o in t + QW + UW + 3 (13 cycles small,
// 16 paper); CHK's early answers (L = 0, overflow) take the same time (the DIV steps run on).
// A trigger while busy: the engine restarts the cycle after upd_o.
// Interface contract: every input from a register of its block (the CSRs, kmu_kmu's events,
// the completion's sample); outputs are registers.  u_o holds between updates (0 after reset).
// C twin: cmodel/sched/kmu_elastic.c.
`default_nettype none

module kmu_elastic #(
    parameter integer NSM = 2,   // SMs (1..64): 2 small, 16 paper
    parameter integer QW  = 8,   // outstanding-kernel count bits (1..16)
    parameter integer TW  = 32   // time bits: SLA, period, samples, l_e (8..32)
) (
    input  wire                 clk_i,
    input  wire                 rst_ni,      // asynchronous, active low
    // CSRs
    input  wire [       TW-1:0] sla_i,       // SLA in cycles
    input  wire [       TW-1:0] period_i,    // recompute timer period in cycles (0: no timer)
    input  wire [          2:0] shift_i,     // average weight 2^-shift_i (0: the last sample)
    input  wire [          2:0] unit_i,      // a user-facing task holds 2^unit_i SMs
    // events
    input  wire                 arr_i,       // a user-facing kernel arrives (q + 1)
    input  wire                 fin_i,       // a user-facing kernel leaves (completed/retired)
    input  wire                 smp_valid_i, // a user-facing execution time sample
    input  wire [       TW-1:0] smp_time_i,
    input  wire                 cpl_i,       // a kernel completed: recompute
    // result
    output wire [((NSM + 1 > 1) ? $clog2(NSM + 1) : 1)-1:0] u_o,  // SMs for user-facing work
    output wire                 upd_o,       // pulse: u_o recomputed (it may be unchanged)
    output wire                 busy_o,      // the engine runs
    output wire [       TW-1:0] le_o,        // l_e
    output wire [       QW-1:0] q_o,         // q
    output wire                 err_o,       // pulse: an arr_i/fin_i refused
    output wire [         15:0] err_cnt_o    // refusals (saturating)
);
  localparam integer UW = (NSM + 1 > 1) ? $clog2(NSM + 1) : 1;  // U: 0..NSM
  localparam integer LW = TW + QW;  // L = l_e * q
  localparam integer SW = TW + UW;  // SLA << UW
  localparam integer NSM_I = NSM;
  localparam [UW-1:0] U_MAX = NSM_I[UW-1:0];
  localparam [QW-1:0] Q_MAX = {QW{1'b1}};
  localparam [QW-1:0] ONE_Q = 1;
  localparam [UW-1:0] ONE_U = 1;
  localparam integer CW = LW + SW;  // compare width (both operands zero-extended)
  // engine phases
  localparam [2:0] E_IDLE = 3'd0, E_MUL = 3'd1, E_CHK = 3'd2, E_DIV = 3'd3, E_END = 3'd4;
  localparam integer STEP_W = (QW > UW) ? $clog2(QW + 1) : $clog2(UW + 1);
  localparam [STEP_W-1:0] QW_S = QW[STEP_W-1:0];
  localparam [STEP_W-1:0] UW_S = UW[STEP_W-1:0];

  reg  [    TW-1:0] le_q, tmr_q;
  reg               le_ok_q, pend_q;
  reg  [    QW-1:0] q_q, mq_q;
  reg  [       2:0] eph_q;
  reg  [STEP_W-1:0] step_q;
  reg  [    LW-1:0] acc_q, mul_q;   // acc: L, then the remainder; mul: l_e << k
  reg  [    SW-1:0] dvs_q;          // SLA << b
  reg  [    UW-1:0] quo_q, u_q;
  reg               upd_q, err_q;
  reg  [      15:0] err_cnt_q;

  // ---------------------------------------------------------------- l_e: the average
  wire [TW-1:0] up_d = smp_time_i - le_q;  // sample above the average
  wire [TW-1:0] dn_d = le_q - smp_time_i;  // below
  wire          smp_up = (smp_time_i >= le_q);
  wire [TW-1:0] le_new = !le_ok_q ? smp_time_i :
                         smp_up ? le_q + (up_d >> shift_i) : le_q - (dn_d >> shift_i);
  // the values after this cycle's events: a recompute started now includes them (a completion's
  // own sample and q change count in the recompute it triggers)
  wire [TW-1:0] le_eff = smp_valid_i ? le_new : le_ok_q ? le_q : sla_i;

  // ---------------------------------------------------------------- q and the triggers
  wire          q_under = fin_i && !arr_i && (q_q == {QW{1'b0}});
  wire          q_over = arr_i && !fin_i && (q_q == Q_MAX);
  wire          tick = (period_i != {TW{1'b0}}) && (tmr_q >= period_i - 1'b1);
  wire          trig = tick || cpl_i;
  wire          start = (eph_q == E_IDLE) && (trig || pend_q);
  wire [QW-1:0] q_nxt = (q_under || q_over) ? q_q : (arr_i && !fin_i) ? q_q + 1'b1 :
                        (fin_i && !arr_i) ? q_q - 1'b1 : q_q;

  // ---------------------------------------------------------------- the engine's one adder /
  // comparator: MUL adds, CHK and DIV compare and subtract
  wire [LW-1:0] sum = acc_q + mul_q;
  wire [SW-1:0] sla_top = {{UW{1'b0}}, sla_i} << UW;
  wire [CW-1:0] acc_w = {{SW{1'b0}}, acc_q};
  wire          over = (acc_w >= {{LW{1'b0}}, sla_top});
  wire          fits = (acc_w >= {{LW{1'b0}}, dvs_q});
  // taken only when the divisor fits, so the difference is below 2^LW: its top bits are unused
  /* verilator lint_off UNUSEDSIGNAL */
  wire [CW-1:0] rem_w = acc_w - {{LW{1'b0}}, dvs_q};
  /* verilator lint_on UNUSEDSIGNAL */
  wire [UW:0]   ceil_u = {1'b0, quo_q} + {{UW{1'b0}}, (acc_q != {LW{1'b0}})};
  // tasks -> SMs: a shift by unit_i (0..7), wide enough that nothing is lost before the cap
  wire [UW+7:0] u_sm = {7'd0, ceil_u} << unit_i;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      le_q      <= {TW{1'b0}};
      le_ok_q   <= 1'b0;
      tmr_q     <= {TW{1'b0}};
      pend_q    <= 1'b0;
      q_q       <= {QW{1'b0}};
      mq_q      <= {QW{1'b0}};
      eph_q     <= E_IDLE;
      step_q    <= {STEP_W{1'b0}};
      acc_q     <= {LW{1'b0}};
      mul_q     <= {LW{1'b0}};
      dvs_q     <= {SW{1'b0}};
      quo_q     <= {UW{1'b0}};
      u_q       <= {UW{1'b0}};
      upd_q     <= 1'b0;
      err_q     <= 1'b0;
      err_cnt_q <= 16'd0;
    end else begin
      upd_q <= 1'b0;
      err_q <= q_under || q_over;
      if (q_under || q_over) err_cnt_q <= (err_cnt_q == 16'hffff) ? err_cnt_q : err_cnt_q + 16'd1;
      q_q <= q_nxt;
      if (smp_valid_i) begin
        le_q    <= le_new;
        le_ok_q <= 1'b1;
      end
      tmr_q <= tick ? {TW{1'b0}} : (period_i == {TW{1'b0}}) ? {TW{1'b0}} : tmr_q + 1'b1;
      // a trigger the engine cannot take now waits (one: later ones coalesce with it)
      pend_q <= trig && !start ? 1'b1 : start ? 1'b0 : pend_q;
      case (eph_q)
        E_IDLE: begin
          if (start) begin
            eph_q  <= E_MUL;
            step_q <= {STEP_W{1'b0}};
            mq_q   <= q_nxt;
            acc_q  <= {LW{1'b0}};
            mul_q  <= {{QW{1'b0}}, le_eff};
          end
        end
        E_MUL: begin
          if (mq_q[0]) acc_q <= sum;
          mq_q   <= mq_q >> 1;
          mul_q  <= mul_q << 1;
          step_q <= step_q + 1'b1;
          if (step_q == QW_S - 1'b1) eph_q <= E_CHK;
        end
        E_CHK: begin
          // quo_q holds the answer of the early cases; DIV leaves it alone for them
          eph_q  <= E_DIV;
          step_q <= {STEP_W{1'b0}};
          dvs_q  <= {1'b0, sla_top[SW-1:1]};  // SLA << (UW-1)
          if (acc_q == {LW{1'b0}}) begin
            quo_q <= {UW{1'b0}};
            mq_q  <= {QW{1'b0}};  // mq_q[0]: early answer
          end else if (over) begin
            quo_q <= U_MAX;
            acc_q <= {LW{1'b0}};  // (no remainder: the cap stands)
            mq_q  <= ONE_Q;
          end else begin
            quo_q <= {UW{1'b0}};
            mq_q  <= {QW{1'b0}};
          end
        end
        E_DIV: begin
          if (!mq_q[0] && (acc_q != {LW{1'b0}}) && fits) begin
            acc_q <= rem_w[LW-1:0];
            quo_q <= quo_q | (ONE_U << (UW_S - 1'b1 - step_q));
          end
          dvs_q  <= dvs_q >> 1;
          step_q <= step_q + 1'b1;
          if (step_q == UW_S - 1'b1) eph_q <= E_END;
        end
        E_END: begin
          eph_q <= E_IDLE;
          upd_q <= 1'b1;
          u_q   <= (u_sm > {8'd0, U_MAX}) ? U_MAX : u_sm[UW-1:0];
        end
        default: eph_q <= E_IDLE;
      endcase
    end
  end

  assign u_o       = u_q;
  assign upd_o     = upd_q;
  assign busy_o    = (eph_q != E_IDLE);
  assign le_o      = le_q;
  assign q_o       = q_q;
  assign err_o     = err_q;
  assign err_cnt_o = err_cnt_q;

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // For any input sequence: U never exceeds NSM; the engine is idle when it reports.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // constant when NSM = 2^UW - 1 (e.g. one SM): the width itself then bounds U
      /* verilator lint_off CMPCONST */
      if (u_q > U_MAX) begin
        $display("ASSERTION kmu_elastic %m t=%0t: U %0d above NSM", $time, u_q);
        $stop;
      end
      /* verilator lint_on CMPCONST */
      if (upd_q && (eph_q != E_IDLE)) begin
        $display("ASSERTION kmu_elastic %m t=%0t: report while the engine runs (phase %0d)",
                 $time, eph_q);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
