// kmu_kmu - kernel management unit: the pending kernel pool (KMU) and the active kernel slots
// (KDU).  Kernel descriptors from two streams (event kernels from the EKT, host kernels from
// the host launch window) wait in one FIFO per priority level; the highest-priority pending
// kernel moves into the lowest free slot; the dispatcher takes TBs from the slots; when the
// last TB of a kernel is done the slot frees, a completion flag write is queued for the
// memory port, and an event kernel's EKT credit returns.
//
// Paper: EDGE (event-driven GPU execution) II-A (the KMU stores pending kernels and schedules
// them by priority to the KDU when a free entry is available; 32 KDU entries) and III-A
// (event kernels flow into pending event kernel queues, a completion flag marks them done);
// RGEM (responsive GPGPU execution) 3.2 (kernel launches one at a time in priority order:
// mode_rgem_i).  Interface contract: docs/kmu-interfaces.md sections 1 and 2, as built and
// with its deviations: docs/blocks/kmu_kmu.md.
//
// Structure:
//   - kmu_rr_arb #(2) between the streams (index 0 event, 1 host); a stream requests only when
//     the FIFO of its priority level has room, and *_ready_o is its grant (ack_i = 1: every
//     grant is a handshake), so at most one descriptor is accepted per cycle.
//   - At acceptance one set of multipliers computes TB count (gx*gy*gz), warps per TB
//     (ceil(tx*ty*tz / 32)), registers per TB (warps * 32 * nregs); the pending FIFOs hold these
//     results, not the dimensions.  Each level is three kmu_fifo lanes of <= 64 bits, pushed
//     and popped together (lane A {param, kptr}, lane B {tbs, cpl_addr}, lane C {id, event,
//     shmem, regs, warps}); PEND words deep.
//   - Admission (at most one per cycle): the pending candidates are the FIFO heads plus the
//     descriptor accepted in this cycle; the one of the highest priority wins, ties to the
//     older (a FIFO head).  kmu_prio_enc picks the highest non-empty level and the lowest free
//     slot.  The accepted descriptor bypasses its FIFO when its priority is strictly above
//     every non-empty level (so an empty pool costs no cycle).  Admission needs a free slot
//     and, with mode_rgem_i = 1, no valid slot at all.
//   - Completion: a slot whose TBs are all taken (next == tbs) and all done (out == 0)
//     completes; the lowest such slot, one per cycle, when the completion FIFO (kmu_fifo,
//     SLOTS words of cpl_addr) has room.  A kernel with zero TBs completes the cycle after its
//     admission.
//
// Latency (cycles):
//   descriptor handshake in cycle t, slot free, nothing of equal or higher priority pending
//     -> slot_valid_o / slot_has_tb_o in cycle t+1 (bypass).  From a FIFO: the head is
//     admitted in the first cycle with a free slot; slot visible the cycle after.
//   take in cycle t -> take_tb_o / take_kptr_o / take_param_o in cycle t (combinational),
//     next TB index at the edge.
//   last done in cycle t -> kernel_done_o, ekt_cpl_valid_o in cycle t+1 (when the completion
//     FIFO has room), slot free from cycle t+2, mem_req_valid_o from cycle t+2.
//
// Handshake contract:
//   ev_/host_ valid/ready: a handshake is valid && ready; *_ready_o is the arbiter's grant,
//     so it is high only with its own valid and depends on both streams' valid and prio (no
//     other input).  err_desc_o pulses in the handshake cycle of a malformed descriptor: a
//     zero grid or TB dimension, more than 1024 threads per TB, or 2^32 or more TBs.  It is
//     accepted as a kernel with zero TBs (it completes without TBs: its completion flag and
//     EKT credit are never lost).
//   Slot table (registers): slot_valid_o[SLOTS], slot_has_tb_o[SLOTS] (valid and TBs left),
//     slot_event_o[SLOTS], slot_prio_o[2*SLOTS] (slot s at [2s+1:2s]); event and prio read 0
//     for a free slot; slot_p0_o..slot_p3_o[SLOTS] (slot has TBs left and priority k, the
//     dispatcher's per-level request vectors).  Per-slot warps, registers and shared memory
//     through the query port: q_slot_i -> q_warps_o, q_regs_o, q_shmem_o, q_prio_o, q_event_o
//     (combinational; zeros for a free slot or q_slot_i >= SLOTS).
//   take_valid_i/take_slot_i (always ready): take_tb_o = the slot's next TB index,
//     take_kptr_o, take_param_o (driven every cycle for take_slot_i).  err_take_o: a take of
//     a free slot or one with no TB left (ignored).
//   done_valid_i/done_slot_i (always ready): err_done_o for a free slot or a slot with no TB
//     outstanding (ignored).  Take and done of one slot in one cycle: the outstanding count
//     before the edge decides the error; both apply.
//   mem_req_valid_o/mem_req_ready_i: completion write (mem_req_addr_o = cpl_addr,
//     mem_req_wdata_o = 1), held until accepted, in completion order.
//   ekt_cpl_valid_o/ekt_cpl_id_o and kernel_done_o: one-cycle pulses per completion (no ready).
// C twin: cmodel/sched/kmu_kmu.c (composed of the kmu_fifo, kmu_rr_arb and kmu_prio_enc twins).
`default_nettype none

module kmu_kmu #(
    parameter integer SLOTS    = 4,  // active kernel slots (KDU), 1..32: 4 small, 32 paper
    parameter integer PEND     = 4,  // pending kernels per priority level, >= 1
    parameter integer EKT_ID_W = 3   // EKT entry id bits, 1..16
) (
    input  wire                  clk_i,
    input  wire                  rst_ni,           // asynchronous, active low
    input  wire                  mode_rgem_i,      // 1: one kernel at a time (RGEM 3.2)

    // event kernel descriptors (from the EKT)
    input  wire                  ev_valid_i,
    output wire                  ev_ready_o,
    input  wire [          31:0] ev_kptr_i,
    input  wire [          15:0] ev_grid_x_i,
    input  wire [          15:0] ev_grid_y_i,
    input  wire [          15:0] ev_grid_z_i,
    input  wire [          15:0] ev_tb_x_i,
    input  wire [          15:0] ev_tb_y_i,
    input  wire [          15:0] ev_tb_z_i,
    input  wire [          15:0] ev_shmem_i,       // shared memory bytes per TB
    input  wire [           7:0] ev_nregs_i,       // registers per thread
    input  wire [           1:0] ev_prio_i,        // 3 = highest
    input  wire [          31:0] ev_param_i,
    input  wire [          31:0] ev_cpl_addr_i,    // completion flag address
    input  wire [  EKT_ID_W-1:0] ev_id_i,          // EKT entry (credit returned on completion)

    // host kernel descriptors (from the host launch window)
    input  wire                  host_valid_i,
    output wire                  host_ready_o,
    input  wire [          31:0] host_kptr_i,
    input  wire [          15:0] host_grid_x_i,
    input  wire [          15:0] host_grid_y_i,
    input  wire [          15:0] host_grid_z_i,
    input  wire [          15:0] host_tb_x_i,
    input  wire [          15:0] host_tb_y_i,
    input  wire [          15:0] host_tb_z_i,
    input  wire [          15:0] host_shmem_i,
    input  wire [           7:0] host_nregs_i,
    input  wire [           1:0] host_prio_i,
    input  wire [          31:0] host_param_i,
    input  wire [          31:0] host_cpl_addr_i,

    output wire                  err_desc_o,       // accepted descriptor is malformed (0 TBs)

    // slot table (KDU) for the dispatcher
    output wire [     SLOTS-1:0] slot_valid_o,
    output wire [     SLOTS-1:0] slot_has_tb_o,    // TBs left to dispatch
    output wire [     SLOTS-1:0] slot_event_o,
    output wire [   2*SLOTS-1:0] slot_prio_o,
    output wire [     SLOTS-1:0] slot_p0_o,        // TBs left and priority 0 (has_tb & prio==0)
    output wire [     SLOTS-1:0] slot_p1_o,        // ... priority 1
    output wire [     SLOTS-1:0] slot_p2_o,        // ... priority 2
    output wire [     SLOTS-1:0] slot_p3_o,        // ... priority 3 (highest)
    input  wire [((SLOTS > 1) ? $clog2(SLOTS) : 1)-1:0] q_slot_i,  // query: one slot
    output reg  [           5:0] q_warps_o,        // warps per TB, 1..32
    output reg  [          17:0] q_regs_o,         // registers per TB
    output reg  [          15:0] q_shmem_o,        // shared memory bytes per TB
    output reg  [           1:0] q_prio_o,
    output reg                   q_event_o,

    // TB take (from the dispatcher)
    input  wire                  take_valid_i,
    input  wire [((SLOTS > 1) ? $clog2(SLOTS) : 1)-1:0] take_slot_i,
    output reg  [          31:0] take_tb_o,        // linear TB index
    output reg  [          31:0] take_kptr_o,
    output reg  [          31:0] take_param_o,
    output wire                  err_take_o,       // free slot or no TB left: ignored

    // TB done (from the SMs)
    input  wire                  done_valid_i,
    input  wire [((SLOTS > 1) ? $clog2(SLOTS) : 1)-1:0] done_slot_i,
    output wire                  err_done_o,       // free slot or no TB outstanding: ignored

    // completion
    output wire                  mem_req_valid_o,  // completion flag write
    input  wire                  mem_req_ready_i,
    output wire [          31:0] mem_req_addr_o,
    output wire [          31:0] mem_req_wdata_o,  // 1
    output wire                  ekt_cpl_valid_o,  // event kernel completed: EKT credit
    output reg  [  EKT_ID_W-1:0] ekt_cpl_id_o,
    output wire                  kernel_done_o     // one pulse per completed kernel
);
  localparam integer SLOT_W = (SLOTS > 1) ? $clog2(SLOTS) : 1;
  localparam integer LEVELS = 4;  // priority levels
  localparam integer LA_W = 64;  // lane A: {param, kptr}
  localparam integer LB_W = 64;  // lane B: {tbs, cpl_addr}
  localparam integer LC_W = EKT_ID_W + 1 + 16 + 18 + 6;  // lane C: {id, event, shmem, regs, warps}
  localparam [47:0] MAX_THREADS = 48'd1024;
  localparam integer EV = 0;  // arbiter index of the event stream (host: 1)
  localparam integer HOST = 1;

  integer s;
  genvar l;

  // ---------------------------------------------------------------- slot state
  reg [SLOTS-1:0] valid_q, valid_d;
  reg [SLOTS-1:0] event_q, event_d;
  (* mem2reg *) reg [1:0] prio_q[0:SLOTS-1];
  (* mem2reg *) reg [1:0] prio_d[0:SLOTS-1];
  (* mem2reg *) reg [EKT_ID_W-1:0] id_q[0:SLOTS-1];
  (* mem2reg *) reg [EKT_ID_W-1:0] id_d[0:SLOTS-1];
  (* mem2reg *) reg [31:0] kptr_q[0:SLOTS-1];
  (* mem2reg *) reg [31:0] kptr_d[0:SLOTS-1];
  (* mem2reg *) reg [31:0] param_q[0:SLOTS-1];
  (* mem2reg *) reg [31:0] param_d[0:SLOTS-1];
  (* mem2reg *) reg [31:0] cpl_addr_q[0:SLOTS-1];
  (* mem2reg *) reg [31:0] cpl_addr_d[0:SLOTS-1];
  (* mem2reg *) reg [31:0] tbs_q[0:SLOTS-1];  // TB count
  (* mem2reg *) reg [31:0] tbs_d[0:SLOTS-1];
  (* mem2reg *) reg [31:0] next_q[0:SLOTS-1];  // next TB index = TBs taken
  (* mem2reg *) reg [31:0] next_d[0:SLOTS-1];
  (* mem2reg *) reg [31:0] out_q[0:SLOTS-1];  // TBs taken, not done
  (* mem2reg *) reg [31:0] out_d[0:SLOTS-1];
  (* mem2reg *) reg [5:0] warps_q[0:SLOTS-1];
  (* mem2reg *) reg [5:0] warps_d[0:SLOTS-1];
  (* mem2reg *) reg [17:0] regs_q[0:SLOTS-1];
  (* mem2reg *) reg [17:0] regs_d[0:SLOTS-1];
  (* mem2reg *) reg [15:0] shmem_q[0:SLOTS-1];
  (* mem2reg *) reg [15:0] shmem_d[0:SLOTS-1];

  // ---------------------------------------------------------------- input arbitration
  wire [LEVELS-1:0] lvl_room;  // the level's FIFO can take a descriptor
  wire [1:0] arb_req, arb_gnt;
  wire unused_arb_idx;
  wire in_fire;  // a descriptor is accepted this cycle
  assign arb_req[EV] = ev_valid_i && lvl_room[ev_prio_i];
  assign arb_req[HOST] = host_valid_i && lvl_room[host_prio_i];

  kmu_rr_arb #(
      .N(2)
  ) u_in_arb (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (arb_req),
      .ack_i      (1'b1),  // every grant is a handshake
      .gnt_o      (arb_gnt),
      .gnt_idx_o  (unused_arb_idx),
      .gnt_valid_o(in_fire)
  );
  assign ev_ready_o = arb_gnt[EV];
  assign host_ready_o = arb_gnt[HOST];

  // the accepted descriptor (host when granted, else event)
  wire in_host = arb_gnt[HOST];
  wire [31:0] in_kptr = in_host ? host_kptr_i : ev_kptr_i;
  wire [15:0] in_gx = in_host ? host_grid_x_i : ev_grid_x_i;
  wire [15:0] in_gy = in_host ? host_grid_y_i : ev_grid_y_i;
  wire [15:0] in_gz = in_host ? host_grid_z_i : ev_grid_z_i;
  wire [15:0] in_tx = in_host ? host_tb_x_i : ev_tb_x_i;
  wire [15:0] in_ty = in_host ? host_tb_y_i : ev_tb_y_i;
  wire [15:0] in_tz = in_host ? host_tb_z_i : ev_tb_z_i;
  wire [15:0] in_shmem = in_host ? host_shmem_i : ev_shmem_i;
  wire [7:0] in_nregs = in_host ? host_nregs_i : ev_nregs_i;
  wire [1:0] in_prio = in_host ? host_prio_i : ev_prio_i;
  wire [31:0] in_param = in_host ? host_param_i : ev_param_i;
  wire [31:0] in_cpl_addr = in_host ? host_cpl_addr_i : ev_cpl_addr_i;
  wire in_event = !in_host;
  wire [EKT_ID_W-1:0] in_id = in_host ? {EKT_ID_W{1'b0}} : ev_id_i;

  // ---------------------------------------------------------------- kernel geometry
  wire [31:0] grid_xy = {16'd0, in_gx} * {16'd0, in_gy};
  wire [47:0] grid_n = {16'd0, grid_xy} * {32'd0, in_gz};  // TBs
  wire [31:0] tb_xy = {16'd0, in_tx} * {16'd0, in_ty};
  wire [47:0] tb_n = {16'd0, tb_xy} * {32'd0, in_tz};  // threads per TB
  wire in_bad = (grid_n == 48'd0) || (grid_n[47:32] != 16'd0) || (tb_n == 48'd0) ||
                (tb_n > MAX_THREADS);
  wire [11:0] thr_round = tb_n[11:0] + 12'd31;  // <= 1055 when well-formed
  wire [5:0] in_warps = in_bad ? 6'd0 : thr_round[10:5];
  wire [18:0] in_regs_full = {8'd0, in_warps, 5'd0} * {11'd0, in_nregs};
  wire [17:0] in_regs = in_regs_full[17:0];  // <= 32 * 32 * 255 < 2^18
  wire [31:0] in_tbs = in_bad ? 32'd0 : grid_n[31:0];
  wire unused_geom = |{in_regs_full[18], thr_round[11], thr_round[4:0]};
  assign err_desc_o = in_fire && in_bad;

  wire [LA_W-1:0] in_la = {in_param, in_kptr};
  wire [LB_W-1:0] in_lb = {in_tbs, in_cpl_addr};
  wire [LC_W-1:0] in_lc = {in_id, in_event, in_shmem, in_regs, in_warps};

  // ---------------------------------------------------------------- pending pool
  wire [LEVELS-1:0] lvl_ne;  // the level's FIFO holds a kernel
  wire [LEVELS*LA_W-1:0] lvl_la;  // heads, level l at [l*W +: W]
  wire [LEVELS*LB_W-1:0] lvl_lb;
  wire [LEVELS*LC_W-1:0] lvl_lc;
  wire [LEVELS-1:0] lvl_push, lvl_pop;

  // highest non-empty level: the encoder's bit 0 is level 3
  wire [1:0] lvl_enc_idx;
  wire any_ne;
  kmu_prio_enc #(
      .N(LEVELS)
  ) u_lvl_enc (
      .in_i   ({lvl_ne[0], lvl_ne[1], lvl_ne[2], lvl_ne[3]}),
      .idx_o  (lvl_enc_idx),
      .valid_o(any_ne)
  );
  wire [1:0] lvl_hi = 2'd3 - lvl_enc_idx;

  // lowest free slot
  wire [SLOT_W-1:0] alloc_idx;
  wire alloc_ok;
  kmu_prio_enc #(
      .N(SLOTS)
  ) u_alloc (
      .in_i   (~valid_q),
      .idx_o  (alloc_idx),
      .valid_o(alloc_ok)
  );

  // admission
  wire adm_ok = alloc_ok && (!mode_rgem_i || valid_q == {SLOTS{1'b0}});
  wire adm_byp = adm_ok && in_fire && (!any_ne || in_prio > lvl_hi);  // straight into a slot
  wire adm_pop = adm_ok && any_ne && !adm_byp;  // the head of level lvl_hi
  wire adm_fire = adm_byp || adm_pop;
  wire [LA_W-1:0] adm_la = adm_byp ? in_la : lvl_la[lvl_hi*LA_W+:LA_W];
  wire [LB_W-1:0] adm_lb = adm_byp ? in_lb : lvl_lb[lvl_hi*LB_W+:LB_W];
  wire [LC_W-1:0] adm_lc = adm_byp ? in_lc : lvl_lc[lvl_hi*LC_W+:LC_W];
  wire [1:0] adm_prio = adm_byp ? in_prio : lvl_hi;

  generate
    for (l = 0; l < LEVELS; l = l + 1) begin : g_lvl
      wire [$clog2(PEND+1)-1:0] unused_cnt_a, unused_cnt_b, unused_cnt_c;
      localparam [1:0] LV = l;  // this level
      wire unused_rdy_b, unused_rdy_c, unused_val_b, unused_val_c;
      assign lvl_push[l] = in_fire && !adm_byp && (in_prio == LV);
      assign lvl_pop[l] = adm_pop && (lvl_hi == LV);
      kmu_fifo #(
          .WIDTH(LA_W),
          .DEPTH(PEND)
      ) u_fifo_a (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .flush_i     (1'b0),
          .push_valid_i(lvl_push[l]),
          .push_ready_o(lvl_room[l]),
          .push_data_i (in_la),
          .pop_valid_o (lvl_ne[l]),
          .pop_ready_i (lvl_pop[l]),
          .pop_data_o  (lvl_la[l*LA_W+:LA_W]),
          .count_o     (unused_cnt_a)
      );
      kmu_fifo #(
          .WIDTH(LB_W),
          .DEPTH(PEND)
      ) u_fifo_b (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .flush_i     (1'b0),
          .push_valid_i(lvl_push[l]),
          .push_ready_o(unused_rdy_b),
          .push_data_i (in_lb),
          .pop_valid_o (unused_val_b),
          .pop_ready_i (lvl_pop[l]),
          .pop_data_o  (lvl_lb[l*LB_W+:LB_W]),
          .count_o     (unused_cnt_b)
      );
      kmu_fifo #(
          .WIDTH(LC_W),
          .DEPTH(PEND)
      ) u_fifo_c (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .flush_i     (1'b0),
          .push_valid_i(lvl_push[l]),
          .push_ready_o(unused_rdy_c),
          .push_data_i (in_lc),
          .pop_valid_o (unused_val_c),
          .pop_ready_i (lvl_pop[l]),
          .pop_data_o  (lvl_lc[l*LC_W+:LC_W]),
          .count_o     (unused_cnt_c)
      );
    end
  endgenerate

  // ---------------------------------------------------------------- slot reads
  // Selected by comparing the index with every slot, so an index >= SLOTS reads a free slot.
  reg t_valid, d_valid;
  reg [31:0] t_tbs, d_out;
  always @(*) begin
    t_valid = 1'b0;
    t_tbs = 32'd0;
    take_tb_o = 32'd0;
    take_kptr_o = 32'd0;
    take_param_o = 32'd0;
    d_valid = 1'b0;
    d_out = 32'd0;
    q_warps_o = 6'd0;
    q_regs_o = 18'd0;
    q_shmem_o = 16'd0;
    q_prio_o = 2'd0;
    q_event_o = 1'b0;
    for (s = 0; s < SLOTS; s = s + 1) begin
      if (take_slot_i == s[SLOT_W-1:0]) begin
        t_valid = valid_q[s];
        t_tbs = tbs_q[s];
        take_tb_o = next_q[s];
        take_kptr_o = kptr_q[s];
        take_param_o = param_q[s];
      end
      if (done_slot_i == s[SLOT_W-1:0]) begin
        d_valid = valid_q[s];
        d_out = out_q[s];
      end
      if (q_slot_i == s[SLOT_W-1:0] && valid_q[s]) begin
        q_warps_o = warps_q[s];
        q_regs_o = regs_q[s];
        q_shmem_o = shmem_q[s];
        q_prio_o = prio_q[s];
        q_event_o = event_q[s];
      end
    end
  end

  assign err_take_o = take_valid_i && (!t_valid || take_tb_o == t_tbs);
  wire take_ok = take_valid_i && !err_take_o;
  assign err_done_o = done_valid_i && (!d_valid || d_out == 32'd0);
  wire done_ok = done_valid_i && !err_done_o;

  // ---------------------------------------------------------------- completion
  reg [SLOTS-1:0] cpl_cand;  // all TBs taken and done
  reg [SLOTS-1:0] has_tb;
  always @(*) begin
    for (s = 0; s < SLOTS; s = s + 1) begin
      cpl_cand[s] = valid_q[s] && (next_q[s] == tbs_q[s]) && (out_q[s] == 32'd0);
      has_tb[s] = valid_q[s] && (next_q[s] != tbs_q[s]);
    end
  end

  wire [SLOT_W-1:0] cpl_idx;
  wire cpl_any;
  kmu_prio_enc #(
      .N(SLOTS)
  ) u_cpl_enc (
      .in_i   (cpl_cand),
      .idx_o  (cpl_idx),
      .valid_o(cpl_any)
  );

  reg c_event;
  reg [31:0] c_addr;
  always @(*) begin
    c_event = 1'b0;
    c_addr = 32'd0;
    ekt_cpl_id_o = {EKT_ID_W{1'b0}};
    for (s = 0; s < SLOTS; s = s + 1) begin
      if (cpl_idx == s[SLOT_W-1:0]) begin
        c_event = event_q[s];
        c_addr = cpl_addr_q[s];
        ekt_cpl_id_o = id_q[s];
      end
    end
  end

  wire cpl_room;
  wire cpl_fire = cpl_any && cpl_room;
  wire [$clog2(SLOTS+1)-1:0] unused_cpl_cnt;
  kmu_fifo #(
      .WIDTH(32),
      .DEPTH(SLOTS)
  ) u_cpl_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(cpl_any),
      .push_ready_o(cpl_room),
      .push_data_i (c_addr),
      .pop_valid_o (mem_req_valid_o),
      .pop_ready_i (mem_req_ready_i),
      .pop_data_o  (mem_req_addr_o),
      .count_o     (unused_cpl_cnt)
  );
  assign mem_req_wdata_o = 32'd1;
  assign ekt_cpl_valid_o = cpl_fire && c_event;
  assign kernel_done_o = cpl_fire;

  // ---------------------------------------------------------------- next state
  always @(*) begin
    valid_d = valid_q;
    event_d = event_q;
    for (s = 0; s < SLOTS; s = s + 1) begin
      prio_d[s] = prio_q[s];
      id_d[s] = id_q[s];
      kptr_d[s] = kptr_q[s];
      param_d[s] = param_q[s];
      cpl_addr_d[s] = cpl_addr_q[s];
      tbs_d[s] = tbs_q[s];
      next_d[s] = next_q[s];
      out_d[s] = out_q[s];
      warps_d[s] = warps_q[s];
      regs_d[s] = regs_q[s];
      shmem_d[s] = shmem_q[s];
    end
    for (s = 0; s < SLOTS; s = s + 1) begin
      // take and done (never on a free slot, so never on the slot admitted or completed)
      if (take_ok && (take_slot_i == s[SLOT_W-1:0])) next_d[s] = next_q[s] + 32'd1;
      if ((take_ok && (take_slot_i == s[SLOT_W-1:0])) &&
          !(done_ok && (done_slot_i == s[SLOT_W-1:0])))
        out_d[s] = out_q[s] + 32'd1;
      else if (!(take_ok && (take_slot_i == s[SLOT_W-1:0])) &&
               (done_ok && (done_slot_i == s[SLOT_W-1:0])))
        out_d[s] = out_q[s] - 32'd1;
      // completion frees the slot
      if (cpl_fire && (cpl_idx == s[SLOT_W-1:0])) valid_d[s] = 1'b0;
      // admission into the lowest free slot
      if (adm_fire && (alloc_idx == s[SLOT_W-1:0])) begin
        valid_d[s] = 1'b1;
        {id_d[s], event_d[s], shmem_d[s], regs_d[s], warps_d[s]} = adm_lc;
        {param_d[s], kptr_d[s]} = adm_la;
        {tbs_d[s], cpl_addr_d[s]} = adm_lb;
        prio_d[s] = adm_prio;
        next_d[s] = 32'd0;
        out_d[s] = 32'd0;
      end
    end
  end

  // ---------------------------------------------------------------- outputs
  assign slot_valid_o = valid_q;
  assign slot_has_tb_o = has_tb;
  assign slot_event_o = event_q & valid_q;
  genvar g;
  generate
    for (g = 0; g < SLOTS; g = g + 1) begin : g_prio
      assign slot_prio_o[2*g+:2] = valid_q[g] ? prio_q[g] : 2'd0;
      assign slot_p0_o[g] = has_tb[g] && (prio_q[g] == 2'd0);
      assign slot_p1_o[g] = has_tb[g] && (prio_q[g] == 2'd1);
      assign slot_p2_o[g] = has_tb[g] && (prio_q[g] == 2'd2);
      assign slot_p3_o[g] = has_tb[g] && (prio_q[g] == 2'd3);
    end
  endgenerate

  // ---------------------------------------------------------------- registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= {SLOTS{1'b0}};
      event_q <= {SLOTS{1'b0}};
      for (s = 0; s < SLOTS; s = s + 1) begin
        prio_q[s] <= 2'd0;
        id_q[s] <= {EKT_ID_W{1'b0}};
        kptr_q[s] <= 32'd0;
        param_q[s] <= 32'd0;
        cpl_addr_q[s] <= 32'd0;
        tbs_q[s] <= 32'd0;
        next_q[s] <= 32'd0;
        out_q[s] <= 32'd0;
        warps_q[s] <= 6'd0;
        regs_q[s] <= 18'd0;
        shmem_q[s] <= 16'd0;
      end
    end else begin
      valid_q <= valid_d;
      event_q <= event_d;
      for (s = 0; s < SLOTS; s = s + 1) begin
        prio_q[s] <= prio_d[s];
        id_q[s] <= id_d[s];
        kptr_q[s] <= kptr_d[s];
        param_q[s] <= param_d[s];
        cpl_addr_q[s] <= cpl_addr_d[s];
        tbs_q[s] <= tbs_d[s];
        next_q[s] <= next_d[s];
        out_q[s] <= out_d[s];
        warps_q[s] <= warps_d[s];
        regs_q[s] <= regs_d[s];
        shmem_q[s] <= shmem_d[s];
      end
    end
  end
endmodule

`default_nettype wire
