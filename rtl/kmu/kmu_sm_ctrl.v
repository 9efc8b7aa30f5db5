// kmu_sm_ctrl - per-SM controller (first part): resident-TB table, warp-slot table, register
// and shared-memory accounting, the pending event-warp table (EWT), the SIMT pipeline start and
// done interfaces, and the TB-done report to kmu_kmu.
//
// Paper: EDGE (event-driven GPU execution) IV-C and Fig. 9 (the SIMT core's event warp table:
// warp-level event kernels wait there and start on the first free warp context, ahead of any
// TB); II-A (TB resources: TB contexts, warps, registers, shared memory; a TB is scheduled on a
// core only while every one of them suffices).  Interface contract: docs/kmu-interfaces.md
// section 4 with the fit query agreed with kmu_dispatch (need_* -> fit_o / ewt_fit_o); block
// page docs/blocks/kmu_sm_ctrl.md.
//
// Resources: TBS resident-TB entries (res_*_q), WARPS warp slots (warp-slot table: wst_busy_q
// and the owning entry wst_owner_q per slot), and counters free_tb_q, free_warps_q,
// free_regs_q, free_shmem_q.  Registers and shared memory are plain counters: no fragmentation
// model (a TB fits when its count fits).  A resident-TB entry is counted free (free_tb_q) only
// once its done report has left the done FIFO, so that FIFO (depth TBS) can never overflow and
// simt_done needs no ready; its warps, registers and shared memory free at the simt_done edge.
//
// Allocation (at most one per cycle): the lowest free resident-TB entry (kmu_prio_enc), the
// lowest free warp slots.  Priority: a pending event warp (EWT head) starts as soon as a
// resident entry, one warp slot and its registers are free; while any event warp is pending
// no TB is accepted (fit_o = 0), so an event warp never waits behind a TB.
//
// Fit (combinational, for the dispatcher):
//   fit_o     = no event warp pending && free_tb_q != 0 && need_warps_i != 0 &&
//               need_warps_i <= free_warps_q && need_regs_i <= free_regs_q &&
//               need_shmem_i <= free_shmem_q  (need_ewarp_i does not change it).
//   ewt_fit_o = need_ewarp_i && the EWT has a free entry && need_regs_i <= REGS.
// A start is accepted exactly when the same test on its start_* fields passes (start_ewarp_i
// selects the EWT test; an event warp's start_warps_i/start_shmem_i are ignored: one warp, no
// shared memory).  Any other start raises err_overflow_o in its cycle and changes nothing.
//
// Latency:
//   TB start accepted in cycle t -> resident at the edge; free_*_o, resident_o, busy_warps_o
//     in t+1; simt_start_valid_o from t+1 (behind older unstarted entries).
//   event-warp start in t -> EWT at the edge (ewt_free_o in t+1); it starts (becomes resident,
//     flagged event warp) in the first cycle >= t+1 in which it is the EWT head and fits.
//   simt_done in t -> warps/regs/shmem free at the edge; done_valid_o from t+1 (done FIFO);
//     free_tb_o counts the entry again after the done_valid_o/done_ready_i handshake edge.
//
// Handshakes (valid && ready in a cycle, effective at its edge):
//   simt_start_valid_o/simt_start_ready_i: resident TBs not yet started, one per cycle,
//     oldest first (allocation order, a kmu_fifo of entry indices); fields stable while held.
//   simt_done_valid_i (always accepted): err_done_o in the same cycle when simt_done_rtb_i is
//     free, not yet started, or >= TBS; then nothing changes.
//   done_valid_o/done_ready_i/done_slot_o: kernel slot of each finished TB, in finishing order.
// C twin: cmodel/kmu_sm_ctrl.c (composed of the kmu_prio_enc and kmu_fifo twins).
`default_nettype none

module kmu_sm_ctrl #(
    parameter integer TBS   = 4,      // resident TB entries (1..64); 4 small, 32 paper
    parameter integer WARPS = 8,      // warp slots (1..64); 8 small, 64 paper
    parameter integer REGS  = 4096,   // registers (1..262143); 4096 small, 65536 paper
    parameter integer SHMEM = 16384,  // shared memory bytes (1..262143); 16384 small, 98304 paper
    parameter integer EWT   = 4       // pending event-warp table entries (1..127); 4
) (
    input  wire         clk_i,
    input  wire         rst_ni,                // asynchronous, active low

    // fit query: the dispatcher's broadcast need, answered in the same cycle
    input  wire [5:0]   need_warps_i,
    input  wire [17:0]  need_regs_i,
    input  wire [16:0]  need_shmem_i,
    input  wire         need_ewarp_i,          // warp-level event kernel
    output wire         fit_o,                 // starts now as a resident TB
    output wire         ewt_fit_o,             // need_ewarp_i and the EWT takes it

    // start (from kmu_dispatch, for this SM)
    input  wire         start_valid_i,
    input  wire         start_ewarp_i,         // 1: into the event-warp table
    input  wire [7:0]   start_slot_i,          // kernel slot
    input  wire [31:0]  start_tb_i,            // TB linear index
    input  wire [5:0]   start_warps_i,         // ignored for an event warp (1)
    input  wire [17:0]  start_regs_i,
    input  wire [16:0]  start_shmem_i,         // ignored for an event warp (0)
    input  wire [31:0]  start_kptr_i,
    input  wire [31:0]  start_param_i,
    output wire         err_overflow_o,        // start_valid_i that does not fit: ignored

    // SIMT pipeline: start
    output wire         simt_start_valid_o,
    input  wire         simt_start_ready_i,
    output wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_start_rtb_o,  // resident entry
    output wire [7:0]   simt_start_slot_o,
    output wire [31:0]  simt_start_tb_o,
    output wire [5:0]   simt_start_warps_o,
    output wire [31:0]  simt_start_kptr_o,
    output wire [31:0]  simt_start_param_o,
    output wire [WARPS-1:0] simt_start_wmask_o,  // warp slots the entry owns
    output wire         simt_start_ewarp_o,

    // SIMT pipeline: done (always accepted)
    input  wire         simt_done_valid_i,
    input  wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_done_rtb_i,
    output wire         err_done_o,            // free / unstarted / out-of-range entry: ignored

    // TB done report (to kmu_kmu through the top's arbiter)
    output wire         done_valid_o,
    input  wire         done_ready_i,
    output wire [7:0]   done_slot_o,

    // free resources (registers)
    output wire [7:0]   free_tb_o,
    output wire [7:0]   free_warps_o,
    output wire [17:0]  free_regs_o,
    output wire [17:0]  free_shmem_o,
    output wire [7:0]   ewt_free_o,            // free EWT entries

    // status
    output wire [TBS-1:0]   resident_o,
    output wire [WARPS-1:0] busy_warps_o
);
  localparam integer RTB_W = (TBS > 1) ? $clog2(TBS) : 1;
  localparam integer EWT_CNT_W = $clog2(EWT + 1);
  localparam integer EWT_ID_W = 8 + 32 + 18;  // slot, tb, regs

  integer e, w;

  // ---------------------------------------------------------------- state
  // resident-TB table
  reg [TBS-1:0] res_valid_q, res_valid_d;
  reg [TBS-1:0] res_started_q, res_started_d;  // accepted by the SIMT pipeline
  reg [TBS-1:0] res_ewarp_q, res_ewarp_d;
  (* mem2reg *) reg [7:0] res_slot_q[0:TBS-1];
  (* mem2reg *) reg [7:0] res_slot_d[0:TBS-1];
  (* mem2reg *) reg [31:0] res_tb_q[0:TBS-1];
  (* mem2reg *) reg [31:0] res_tb_d[0:TBS-1];
  (* mem2reg *) reg [5:0] res_warps_q[0:TBS-1];
  (* mem2reg *) reg [5:0] res_warps_d[0:TBS-1];
  (* mem2reg *) reg [17:0] res_regs_q[0:TBS-1];
  (* mem2reg *) reg [17:0] res_regs_d[0:TBS-1];
  (* mem2reg *) reg [16:0] res_shmem_q[0:TBS-1];
  (* mem2reg *) reg [16:0] res_shmem_d[0:TBS-1];
  (* mem2reg *) reg [31:0] res_kptr_q[0:TBS-1];
  (* mem2reg *) reg [31:0] res_kptr_d[0:TBS-1];
  (* mem2reg *) reg [31:0] res_param_q[0:TBS-1];
  (* mem2reg *) reg [31:0] res_param_d[0:TBS-1];
  // warp-slot table
  reg [WARPS-1:0] wst_busy_q, wst_busy_d;
  (* mem2reg *) reg [RTB_W-1:0] wst_owner_q[0:WARPS-1];
  (* mem2reg *) reg [RTB_W-1:0] wst_owner_d[0:WARPS-1];
  // free-resource counters
  reg [7:0] free_tb_q, free_tb_d;
  reg [7:0] free_warps_q, free_warps_d;
  reg [17:0] free_regs_q, free_regs_d;
  reg [17:0] free_shmem_q, free_shmem_d;

  // ---------------------------------------------------------------- lowest free resident entry
  wire [RTB_W-1:0] rtb_idx;
  wire rtb_any;
  kmu_prio_enc #(
      .N(TBS)
  ) u_rtb_enc (
      .in_i   (~res_valid_q),
      .idx_o  (rtb_idx),
      .valid_o(rtb_any)
  );
  wire tb_room = (free_tb_q != 8'd0) && rtb_any;

  // ---------------------------------------------------------------- event-warp table
  // Two kmu_fifo halves pushed and popped together (a word of kmu_fifo's C twin is at most 64
  // bits): u_ewt_kp {kptr, param}, u_ewt_id {slot, tb, regs}.  FIFO order = arrival order.
  wire ewt_kp_valid, ewt_id_valid, ewt_kp_room, ewt_id_room;
  wire [63:0] ewt_kp;
  wire [EWT_ID_W-1:0] ewt_id;
  wire [EWT_CNT_W-1:0] ewt_count, unused_ewt_id_count;
  wire ewt_pend = ewt_kp_valid && ewt_id_valid;  // the halves move together
  wire ewt_room = ewt_kp_room && ewt_id_room;
  wire [17:0] ewt_regs = ewt_id[17:0];

  // ---------------------------------------------------------------- fit
`ifdef MUTANT_SM_CTRL_RTL_FIT_REGS
  // mutant: a TB needing exactly the free registers does not fit
  wire need_regs_ok = (need_regs_i < free_regs_q);
`else
  wire need_regs_ok = (need_regs_i <= free_regs_q);
`endif
`ifdef MUTANT_SM_CTRL_RTL_EWT_PRIO
  // mutant: a pending event warp does not hold TBs back
  wire tb_gate = tb_room;
`else
  wire tb_gate = tb_room && !ewt_pend;
`endif
  assign fit_o = tb_gate && (need_warps_i != 6'd0) && ({2'd0, need_warps_i} <= free_warps_q) &&
                 need_regs_ok && ({1'b0, need_shmem_i} <= free_shmem_q);
  assign ewt_fit_o = need_ewarp_i && ewt_room && ({14'd0, need_regs_i} <= REGS);

  wire start_fit = tb_gate && (start_warps_i != 6'd0) &&
                   ({2'd0, start_warps_i} <= free_warps_q) && (start_regs_i <= free_regs_q) &&
                   ({1'b0, start_shmem_i} <= free_shmem_q);
  wire start_ewt_fit = ewt_room && ({14'd0, start_regs_i} <= REGS);
  wire start_tb_ok = start_valid_i && !start_ewarp_i && start_fit;
  wire ewt_push = start_valid_i && start_ewarp_i && start_ewt_fit;
  assign err_overflow_o = start_valid_i && !(start_ewarp_i ? start_ewt_fit : start_fit);

  // the EWT head starts when a resident entry, a warp slot and its registers are free
  wire ewt_launch = ewt_pend && tb_room && (free_warps_q != 8'd0) && (ewt_regs <= free_regs_q);

  // ---------------------------------------------------------------- allocation (one per cycle)
  wire alloc_go = ewt_launch || start_tb_ok;  // exclusive: start_fit needs an empty EWT
  wire [5:0] alloc_warps = ewt_launch ? 6'd1 : start_warps_i;
  wire [17:0] alloc_regs = ewt_launch ? ewt_regs : start_regs_i;
  wire [16:0] alloc_shmem = ewt_launch ? 17'd0 : start_shmem_i;
  wire [7:0] alloc_slot = ewt_launch ? ewt_id[57:50] : start_slot_i;
  wire [31:0] alloc_tb = ewt_launch ? ewt_id[49:18] : start_tb_i;
  wire [31:0] alloc_kptr = ewt_launch ? ewt_kp[63:32] : start_kptr_i;
  wire [31:0] alloc_param = ewt_launch ? ewt_kp[31:0] : start_param_i;

  // the alloc_warps lowest free warp slots
  reg [WARPS-1:0] alloc_wmask;
  reg [6:0] alloc_cnt;
  always @(*) begin
    alloc_wmask = {WARPS{1'b0}};
    alloc_cnt = 7'd0;
`ifdef MUTANT_SM_CTRL_RTL_WARP_ORDER
    // mutant: the highest free warp slots are taken
    for (w = WARPS - 1; w >= 0; w = w - 1) begin
`else
    for (w = 0; w < WARPS; w = w + 1) begin
`endif
      if (!wst_busy_q[w] && (alloc_cnt < {1'b0, alloc_warps})) begin
        alloc_wmask[w] = 1'b1;
        alloc_cnt = alloc_cnt + 7'd1;
      end
    end
  end

  // ---------------------------------------------------------------- SIMT start (oldest first)
  wire st_valid;
  wire [RTB_W-1:0] st_rtb;
  wire unused_st_room;
  wire [$clog2(TBS+1)-1:0] unused_st_count;
  kmu_fifo #(
      .WIDTH(RTB_W),
      .DEPTH(TBS)
  ) u_start_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(alloc_go),
      .push_ready_o(unused_st_room),  // never full: it holds unstarted resident entries only
      .push_data_i (rtb_idx),
      .pop_valid_o (st_valid),
      .pop_ready_i (simt_start_ready_i),
      .pop_data_o  (st_rtb),
      .count_o     (unused_st_count)
  );
  wire st_fire = st_valid && simt_start_ready_i;

  // entry reads by index (compare with every index: an index >= TBS reads as a free entry)
  reg s_ewarp;
  reg [7:0] s_slot;
  reg [31:0] s_tb, s_kptr, s_param;
  reg [5:0] s_warps;
  reg d_valid, d_started;
  reg [7:0] d_slot;
  reg [5:0] d_warps;
  reg [17:0] d_regs;
  reg [16:0] d_shmem;
  reg [WARPS-1:0] s_wmask, d_wmask;
  always @(*) begin
    s_ewarp = 1'b0;
    s_slot = 8'd0;
    s_tb = 32'd0;
    s_kptr = 32'd0;
    s_param = 32'd0;
    s_warps = 6'd0;
    d_valid = 1'b0;
    d_started = 1'b0;
    d_slot = 8'd0;
    d_warps = 6'd0;
    d_regs = 18'd0;
    d_shmem = 17'd0;
    for (e = 0; e < TBS; e = e + 1) begin
      if (st_rtb == e[RTB_W-1:0]) begin
        s_ewarp = res_ewarp_q[e];
        s_slot = res_slot_q[e];
        s_tb = res_tb_q[e];
        s_kptr = res_kptr_q[e];
        s_param = res_param_q[e];
        s_warps = res_warps_q[e];
      end
      if (simt_done_rtb_i == e[RTB_W-1:0]) begin
        d_valid = res_valid_q[e];
        d_started = res_started_q[e];
        d_slot = res_slot_q[e];
        d_warps = res_warps_q[e];
        d_regs = res_regs_q[e];
        d_shmem = res_shmem_q[e];
      end
    end
    for (w = 0; w < WARPS; w = w + 1) begin
      s_wmask[w] = wst_busy_q[w] && (wst_owner_q[w] == st_rtb);
      d_wmask[w] = wst_busy_q[w] && (wst_owner_q[w] == simt_done_rtb_i);
    end
  end

  // ---------------------------------------------------------------- SIMT done, done FIFO
`ifdef MUTANT_SM_CTRL_RTL_DONE_UNSTARTED
  // mutant: a done for a resident entry not yet started is accepted
  wire done_ok = simt_done_valid_i && d_valid;
`else
  wire done_ok = simt_done_valid_i && d_valid && d_started;
`endif
  assign err_done_o = simt_done_valid_i && !done_ok;

  wire unused_done_room;
  wire [$clog2(TBS+1)-1:0] unused_done_count;
  kmu_fifo #(
      .WIDTH(8),
      .DEPTH(TBS)
  ) u_done_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(done_ok),
      .push_ready_o(unused_done_room),  // never full: resident + queued <= TBS (free_tb_q)
      .push_data_i (d_slot),
      .pop_valid_o (done_valid_o),
      .pop_ready_i (done_ready_i),
      .pop_data_o  (done_slot_o),
      .count_o     (unused_done_count)
  );
  wire done_pop = done_valid_o && done_ready_i;

  kmu_fifo #(
      .WIDTH(64),
      .DEPTH(EWT)
  ) u_ewt_kp (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(ewt_push),
      .push_ready_o(ewt_kp_room),
      .push_data_i ({start_kptr_i, start_param_i}),
      .pop_valid_o (ewt_kp_valid),
      .pop_ready_i (ewt_launch),
      .pop_data_o  (ewt_kp),
      .count_o     (ewt_count)
  );
  kmu_fifo #(
      .WIDTH(EWT_ID_W),
      .DEPTH(EWT)
  ) u_ewt_id (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(ewt_push),
      .push_ready_o(ewt_id_room),
      .push_data_i ({start_slot_i, start_tb_i, start_regs_i}),
      .pop_valid_o (ewt_id_valid),
      .pop_ready_i (ewt_launch),
      .pop_data_o  (ewt_id),
      .count_o     (unused_ewt_id_count)
  );

  // ---------------------------------------------------------------- next state
  always @(*) begin
    res_valid_d = res_valid_q;
    res_started_d = res_started_q;
    res_ewarp_d = res_ewarp_q;
    for (e = 0; e < TBS; e = e + 1) begin
      res_slot_d[e] = res_slot_q[e];
      res_tb_d[e] = res_tb_q[e];
      res_warps_d[e] = res_warps_q[e];
      res_regs_d[e] = res_regs_q[e];
      res_shmem_d[e] = res_shmem_q[e];
      res_kptr_d[e] = res_kptr_q[e];
      res_param_d[e] = res_param_q[e];
    end
    wst_busy_d = wst_busy_q;
    for (w = 0; w < WARPS; w = w + 1) wst_owner_d[w] = wst_owner_q[w];
    free_tb_d = free_tb_q;
    free_warps_d = free_warps_q;
    free_regs_d = free_regs_q;
    free_shmem_d = free_shmem_q;

    // a finished TB frees its entry, warps, registers and shared memory
    for (e = 0; e < TBS; e = e + 1) begin
      if (done_ok && (simt_done_rtb_i == e[RTB_W-1:0])) begin
        res_valid_d[e] = 1'b0;
        res_started_d[e] = 1'b0;
      end
      if (st_fire && (st_rtb == e[RTB_W-1:0])) res_started_d[e] = 1'b1;
    end
    if (done_ok) begin
      wst_busy_d = wst_busy_d & ~d_wmask;
      free_warps_d = free_warps_d + {2'd0, d_warps};
      free_regs_d = free_regs_d + d_regs;
`ifdef MUTANT_SM_CTRL_RTL_SHMEM_FREE
      // mutant: shared memory is never returned
      free_shmem_d = free_shmem_d;
`else
      free_shmem_d = free_shmem_d + {1'b0, d_shmem};
`endif
    end
    // its entry counts as free again once its done report has left the done FIFO
    if (done_pop) free_tb_d = free_tb_d + 8'd1;

    // allocation: an EWT head or an accepted TB start (never an entry or warp freed above)
    if (alloc_go) begin
      for (e = 0; e < TBS; e = e + 1) begin
        if (rtb_idx == e[RTB_W-1:0]) begin
          res_valid_d[e] = 1'b1;
          res_started_d[e] = 1'b0;
          res_ewarp_d[e] = ewt_launch;
          res_slot_d[e] = alloc_slot;
          res_tb_d[e] = alloc_tb;
          res_warps_d[e] = alloc_warps;
          res_regs_d[e] = alloc_regs;
          res_shmem_d[e] = alloc_shmem;
          res_kptr_d[e] = alloc_kptr;
          res_param_d[e] = alloc_param;
        end
      end
      for (w = 0; w < WARPS; w = w + 1) begin
        if (alloc_wmask[w]) begin
          wst_busy_d[w] = 1'b1;
          wst_owner_d[w] = rtb_idx;
        end
      end
      free_tb_d = free_tb_d - 8'd1;
      free_warps_d = free_warps_d - {2'd0, alloc_warps};
      free_regs_d = free_regs_d - alloc_regs;
      free_shmem_d = free_shmem_d - {1'b0, alloc_shmem};
    end
  end

  // ---------------------------------------------------------------- outputs
  assign simt_start_valid_o = st_valid;
  assign simt_start_rtb_o = st_rtb;
  assign simt_start_slot_o = s_slot;
  assign simt_start_tb_o = s_tb;
  assign simt_start_warps_o = s_warps;
  assign simt_start_kptr_o = s_kptr;
  assign simt_start_param_o = s_param;
  assign simt_start_wmask_o = s_wmask;
  assign simt_start_ewarp_o = s_ewarp;
  assign free_tb_o = free_tb_q;
  assign free_warps_o = free_warps_q;
  assign free_regs_o = free_regs_q;
  assign free_shmem_o = free_shmem_q;
  assign ewt_free_o = EWT[7:0] - {{(8 - EWT_CNT_W) {1'b0}}, ewt_count};
  assign resident_o = res_valid_q;
  assign busy_warps_o = wst_busy_q;

  // ---------------------------------------------------------------- registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      res_valid_q <= {TBS{1'b0}};
      res_started_q <= {TBS{1'b0}};
      res_ewarp_q <= {TBS{1'b0}};
      for (e = 0; e < TBS; e = e + 1) begin
        res_slot_q[e] <= 8'd0;
        res_tb_q[e] <= 32'd0;
        res_warps_q[e] <= 6'd0;
        res_regs_q[e] <= 18'd0;
        res_shmem_q[e] <= 17'd0;
        res_kptr_q[e] <= 32'd0;
        res_param_q[e] <= 32'd0;
      end
      wst_busy_q <= {WARPS{1'b0}};
      for (w = 0; w < WARPS; w = w + 1) wst_owner_q[w] <= {RTB_W{1'b0}};
      free_tb_q <= TBS[7:0];
      free_warps_q <= WARPS[7:0];
      free_regs_q <= REGS[17:0];
      free_shmem_q <= SHMEM[17:0];
    end else begin
      res_valid_q <= res_valid_d;
      res_started_q <= res_started_d;
      res_ewarp_q <= res_ewarp_d;
      for (e = 0; e < TBS; e = e + 1) begin
        res_slot_q[e] <= res_slot_d[e];
        res_tb_q[e] <= res_tb_d[e];
        res_warps_q[e] <= res_warps_d[e];
        res_regs_q[e] <= res_regs_d[e];
        res_shmem_q[e] <= res_shmem_d[e];
        res_kptr_q[e] <= res_kptr_d[e];
        res_param_q[e] <= res_param_d[e];
      end
      wst_busy_q <= wst_busy_d;
      for (w = 0; w < WARPS; w = w + 1) wst_owner_q[w] <= wst_owner_d[w];
      free_tb_q <= free_tb_d;
      free_warps_q <= free_warps_d;
      free_regs_q <= free_regs_d;
      free_shmem_q <= free_shmem_d;
    end
  end
endmodule

`default_nettype wire
