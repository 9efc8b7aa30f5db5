// kmu_tb_runner - hardware TB runner of the board tops: one per SM, it stands in for the SM's
// SIMT cores toward kmu_gpu's SIMT start/done buses and the SM's SIMT-side ports (kmu_sm's,
// docs/blocks/kmu_sm.md).  The hardware twin, in simple form, of the behavioural SM model of
// kmusim (sim/env/sm_model.h, SIMT mode).  Not a paper block; issue 15 item 3.
//
// What a TB does here (per resident entry e, TBS entries):
//   start    (a simt_start handshake for this SM, start_i; into a free entry): the entry runs
//            for N cycles, N = start_param_i[RUN_W-1:0] (the kernel parameter address: HL_PARAM
//            of a host launch, the doorbell's parameter slot of an event kernel), or DEF_CYC
//            when those bits are 0.  A restore start (start_restore_i) resumes the remaining
//            count that the eviction of that TB (same TB index and kernel tag) left in this
//            SM's evicted table; a restore of a TB the table does not hold runs N cycles and
//            raises err_o (a one-cycle pulse; it never happens with a correct kmu_gpu).
//            insts_o answers the offer on the start bus with the same count (one warp
//            instruction per progress cycle; 0 for an event-warp TB, which the predictor does
//            not profile).
//   warps    the entry's warp slots (start_wmask_i) start one per cycle per SM on wstart (regs =
//            the start's registers per warp slot), one entry at a time: the start engine takes
//            the waiting entry with the lowest index when it is idle and starts its warps
//            lowest slot first.  w_live_o is 1 from a warp's start to its exit (0 for the warp
//            of an event-warp TB).  w_inpipe/ld/bar/ibuf/icmiss are 0: a stopped warp has
//            nothing in flight, so a warp-level victim flushes at once.
//   progress one SM instruction per cycle: round robin (after reset entry 0 first)
//            over the running, unpaused entries whose warps have all started; the chosen
//            entry's count goes down by one and, unless it is an event-warp TB, the retirement
//            is reported on inst_valid_o/inst_rtb_o.  An entry whose count reached 0 (finished)
//            exits its warps through the exit engine, one entry at a time: when idle (or in the
//            cycle its entry's last warp leaves) it tries one finished entry per cycle, round
//            robin, and takes it unless a warp of it is stopped by warp-level preemption
//            (vic_stop_i: its victim's part is not done, so a victim never exits while
//            flushed); the taken entry's warps exit one per cycle per SM on wexit (lowest slot
//            first, a warp stopped meanwhile waits), then it offers its done
//            (done_valid_o/done_rtb_o, lowest entry first, held until done_take_i).
//   pause    pause_i[e] on a running entry: no progress; paused_o[e] rises one cycle later (the
//            pipeline drains in one cycle) once every warp of it has started.  A finished entry
//            ignores the pause and finishes (kmu_sm_ctrl accepts that done).  The pause
//            dropping without an eviction resumes the entry.
//   evict    (evict_valid_i, evict_rtb_i; the entry is paused): the entry leaves without warp
//            exits; its TB index, kernel tag and remaining count go to the evicted table (PTBS
//            entries; full: err_o pulses and the count is lost, the restore then runs N).
//   warp-level preemption: rsave/rrest are always ready and answer done the cycle after their
//            handshake (this runner holds no register values: the register data path is the
//            real SIMT's); ev_start_i[w] starts the event warp in entry ev_rtb_i, which runs
//            ev_param_i[RUN_W-1:0] cycles (DEF_CYC when 0), pulses ev_done_o[w] and then offers
//            the entry's done.
//   memories shm_rdata_o is a pattern of shm_raddr_i (no shared-memory storage: a restore's
//            writes are dropped, a save reads the pattern); ip_rdata_o is the registered read
//            (the word of ip_addr_i in the cycle before, as kmu_ctx_engine takes it since
//            ctxboard) of an IPB-byte block RAM written by ip_wen_i (the on-chip checkpoint
//            store; addresses modulo IPB; IPB = 0: reads 0).
// Storage (docs/fpga.md): per entry, the state, flags and the waiting/paused bits are
// flip-flops; its warp mask, registers per warp, key and counts are LUT RAM without reset, each
// written by one event (the start, or the progress: a start and a progress of another entry
// in the same cycle need no second write port, since the count stays in the start's RAM until
// the entry's first progress, fresh_q); the evicted table's keys are flip-flops (the restore's
// lookup compares them all), its counts LUT RAM.  Per warp slot: live bits only.
// Latency: a start handshake in cycle t -> first warp start in t+1 (the start engine idle),
// first progress once every warp started; the exit engine takes a finished entry in the cycle
// after its last progress (when idle), its first exit one cycle later; a done offered in the
// cycle after the last exit.
// Contract: every output is a register, a LUT RAM read or a function of them and of the inputs
// it names (insts_o: of the start-bus fields, a combinational lookup; inst_*: of pause_i;
// wexit_*: of vic_stop_i; shm_rdata_o: of the address; ip_rdata_o: a register).  inst_rtb_o,
// wstart_warp_o / wstart_regs_o and wexit_warp_o mean something only with their valid (idle,
// they are not 0: the picks' trees give their all-ones index when nothing is set).
`default_nettype none

module kmu_tb_runner #(
    parameter integer TBS     = 4,     // resident TBs per SM (1..64)
    parameter integer WARPS   = 8,     // warp slots per SM (1..64)
    parameter integer PTBS    = 4,     // evicted-table entries (kmu_gpu's PTBS)
    parameter integer IPB     = 0,     // on-chip checkpoint bytes (kmu_gpu's IPB; 0: none)
    parameter integer RUN_W   = 12,    // cycle-count bits taken from the parameter address
    parameter integer DEF_CYC = 64,    // run length when those bits are 0
    // derived, do not override
    parameter integer RTB_W   = (TBS > 1) ? $clog2(TBS) : 1
) (
    input wire clk_i,
    input wire rst_ni,

    // the SIMT start bus (the offer, whichever SM it is for) and this SM's handshake
    input  wire             start_i,          // valid & ready & sm == this SM
    input  wire [RTB_W-1:0] start_rtb_i,
    input  wire [WARPS-1:0] start_wmask_i,
    input  wire [     31:0] start_param_i,
    input  wire [     31:0] start_tb_i,
    input  wire [      7:0] start_slot_i,
    input  wire             start_ewarp_i,
    input  wire             start_restore_i,
    input  wire [      5:0] start_rpw_i,
    output wire [     31:0] insts_o,          // the answer to the offer (simt_start_insts_i)

    // the SIMT done bus: this SM's offer
    output wire             done_valid_o,
    output wire [RTB_W-1:0] done_rtb_o,
    input  wire             done_take_i,      // the offer was taken this cycle

    // kmu_sm's SIMT side (kmu_gpu's per-SM vectors, this SM's element)
    output wire             inst_valid_o,
    output wire [RTB_W-1:0] inst_rtb_o,
    input  wire [  TBS-1:0] pause_i,
    output wire [  TBS-1:0] paused_o,
    input  wire             evict_valid_i,
    input  wire [RTB_W-1:0] evict_rtb_i,
    output wire             wstart_valid_o,
    output wire [      5:0] wstart_warp_o,
    output wire [      7:0] wstart_regs_o,
    output wire             wexit_valid_o,
    output wire [      5:0] wexit_warp_o,
    output wire [WARPS-1:0] w_live_o,
    input  wire [WARPS-1:0] vic_stop_i,
    input  wire             rsave_valid_i,
    output wire             rsave_done_o,
    input  wire             rrest_valid_i,
    output wire             rrest_done_o,
    input  wire [WARPS-1:0] ev_start_i,
    output wire [WARPS-1:0] ev_done_o,
    input  wire [RTB_W-1:0] ev_rtb_i,
    input  wire [     31:0] ev_param_i,
    input  wire [     16:0] shm_raddr_i,
    output wire [     31:0] shm_rdata_o,
    input  wire             ip_wen_i,
    input  wire [     31:0] ip_addr_i,
    input  wire [     31:0] ip_wdata_i,
    output wire [     31:0] ip_rdata_o,

    output wire busy_o,  // some entry is in use or an event warp runs
    output wire err_o    // a restore not in the evicted table, or the table full (pulse)
);
  // entry states
  localparam [1:0] ST_FREE = 2'd0, ST_RUN = 2'd1, ST_EXIT = 2'd2, ST_DONE = 2'd3;
  localparam integer PW = (PTBS > 1) ? $clog2(PTBS) : 1;
  localparam [RUN_W-1:0] DEF = DEF_CYC[RUN_W-1:0];
  localparam [RUN_W-1:0] ONE = {{(RUN_W - 1) {1'b0}}, 1'b1};

  // ---------------------------------------------------------------- state
  // per entry, flip-flops: what the choices of a cycle look at in every entry at once
  reg [TBS*2-1:0] st_q;
  reg [  TBS-1:0] ewarp_q;   // the entry is an event-warp TB (no retirements)
  reg [  TBS-1:0] paused_q;
  reg [  TBS-1:0] nz_q;      // its count is not 0
  reg [  TBS-1:0] fresh_q;   // its count is still the start's (sc_mem): no progress yet
  reg [  TBS-1:0] qd_q;      // its warp starts wait for the start engine
  // per entry, LUT RAM without reset (read only where the flags above say it is valid): each
  // is written by one event only (the start, or the progress), so one write port each
  reg [WARPS-1:0] wm_mem[0:TBS-1];  // the entry's warp slots (start)
  reg [      5:0] rpw_mem[0:TBS-1];  // its registers per warp slot (start)
  reg [     39:0] key_mem[0:TBS-1];  // its {TB index, kernel tag} (start; read by an eviction)
  reg [RUN_W-1:0] sc_mem[0:TBS-1];  // its count at the start (start)
  reg [RUN_W-1:0] pc_mem[0:TBS-1];  // its count after its last progress (progress)
  // per warp slot
  reg [WARPS-1:0] live_q;    // started, not exited (every kind of warp)
  reg [WARPS-1:0] ewlive_q;  // ... of them, event-warp TBs' warps
  // the start engine: one entry's warps at a time
  reg [WARPS-1:0] sm_q;      // the current entry's warps not yet started (0: idle)
  reg [RTB_W-1:0] se_q;      // the current entry
  // the exit engine: one entry's warps at a time
  reg             xb_q;      // an entry is exiting
  reg [RTB_W-1:0] xe_q;      // that entry
  reg [WARPS-1:0] xm_q;      // its warps not yet exited
  // the evicted table: valid bits and keys in flip-flops (the restore's lookup compares every
  // key at once), the remaining counts in LUT RAM
  reg [  PTBS-1:0] ev_v_q;
  reg [PTBS*40-1:0] ev_key_q;  // {TB index, kernel tag}
  reg [RUN_W-1:0] evc_mem[0:PTBS-1];
  // the warp-level event warp
  reg             wev_q;     // an event warp runs
  reg [RUN_W-1:0] wev_cnt_q;
  reg [WARPS-1:0] wev_slot_q;  // its slot (one-hot)
  reg [RTB_W-1:0] wev_rtb_q;
  reg [WARPS-1:0] ev_done_q;
  reg             rsave_done_q, rrest_done_q, err_q;

  integer e, k;  // loop indices of the combinational blocks
  integer i, j, m, n;  // ... of the clocked ones (one block each: one driver)

  // The index of the lowest set bit of x (x zero-extended; 63 when none, so callers qualify
  // it), as a tree of halves: the warp picks and the two round robins use it.  ABC9's wide-LUT
  // mapping of synth_ecp5 made 17 LUT4 of it at 8 bits and 26 at 16 (kmu_prio_enc's chain then:
  // 34 and 35), a round robin of two of them 43 (kmu_rr_arb then: 96), measured alone; in this
  // module the mix below was the smallest of the four measured (docs/fpga.md).  kmu_prio_enc is
  // a tree of halves itself since (15 and 25 LUT4; kmu_rr_arb 57 at 8): this function could now
  // give way to instances of it (not re-measured here).
  function [5:0] lowest;
    input [63:0] x;
    reg [ 63:0] v;   // per node of the level: a bit of its part is set
    reg [383:0] ix;  // per node: the index of its part's lowest set bit (6 bits)
    integer l, t;
    begin
      v  = x;
      ix = 384'd0;
      for (l = 0; l < 6; l = l + 1)
        for (t = 0; t < (32 >> l); t = t + 1) begin
          ix[t*6+:6] = v[2*t] ? ix[(2*t)*6+:6] : (ix[(2*t+1)*6+:6] | (6'd1 << l));
          v[t]       = v[2*t] | v[2*t+1];
        end
      lowest = ix[5:0];
    end
  endfunction

  // ---------------------------------------------------------------- start-bus lookup
  // the offered TB's run length, and for a restore its remaining count in the evicted table
  wire [39:0] start_key = {start_tb_i, start_slot_i};
  // Each key compare is kept as 20 two-bit compares (keep: one LUT4 each) and their AND: left
  // to itself, ABC9's wide-LUT mapping of synth_ecp5 made 453 LUT4 of the 8 compares of the
  // ULX3S size, 224 this way (docs/fpga.md).
  (* keep *) reg [PTBS*20-1:0] lk_eq2;
  reg [PTBS-1:0] lk_hitv;
  always @(*)
    for (k = 0; k < PTBS * 20; k = k + 1)
      lk_eq2[k] = ev_key_q[k*2+:2] == start_key[(k%20)*2+:2];
  always @(*) for (k = 0; k < PTBS; k = k + 1) lk_hitv[k] = ev_v_q[k] && &lk_eq2[k*20+:20];
  wire lk_hit = lk_hitv != {PTBS{1'b0}};
  wire lk_hit_u;  // = lk_hit
  wire [PW-1:0] lk_idx;  // the lowest hit
  kmu_prio_enc #(
      .N(PTBS)
  ) u_lk (
      .in_i   (lk_hitv),
      .idx_o  (lk_idx),
      .valid_o(lk_hit_u)
  );
  wire [RUN_W-1:0] n_param = start_param_i[RUN_W-1:0];
  wire [RUN_W-1:0] lk_cnt  = (start_restore_i && lk_hit) ? evc_mem[lk_idx] :
                             (n_param != {RUN_W{1'b0}}) ? n_param : DEF;
  assign insts_o = start_ewarp_i ? 32'd0 : {{(32 - RUN_W) {1'b0}}, lk_cnt};
  wire [RUN_W-1:0] ev_n = (ev_param_i[RUN_W-1:0] != {RUN_W{1'b0}}) ? ev_param_i[RUN_W-1:0] : DEF;

  // a free evicted-table entry (the lowest)
  wire fr_ok = ~ev_v_q != {PTBS{1'b0}};
  wire fr_ok_u;  // = fr_ok
  wire [PW-1:0] fr_idx;
  kmu_prio_enc #(
      .N(PTBS)
  ) u_fr (
      .in_i   (~ev_v_q),
      .idx_o  (fr_idx),
      .valid_o(fr_ok_u)
  );

  // ---------------------------------------------------------------- the start engine
  // The queued entry with the lowest index is taken when the engine is idle; in the cycle it
  // is taken its mask comes straight from wm_mem, so its first warp starts then (a start in t,
  // the first warp start in t+1, as long as no other entry's warps are starting).  Every
  // queued entry has a warp (a start without warps is not queued).
  wire q_any = qd_q != {TBS{1'b0}};
  wire q_any_u;  // = q_any
  wire [RTB_W-1:0] q_idx;
  kmu_prio_enc #(
      .N(TBS)
  ) u_q (
      .in_i   (qd_q),
      .idx_o  (q_idx),
      .valid_o(q_any_u)
  );
  wire             s_busy = sm_q != {WARPS{1'b0}};
  wire             s_take = !s_busy && q_any;
  wire [RTB_W-1:0] s_e    = s_busy ? se_q : q_idx;
  wire [WARPS-1:0] s_m    = s_busy ? sm_q : (q_any ? wm_mem[q_idx] : {WARPS{1'b0}});
  wire             ws_ok = s_m != {WARPS{1'b0}};
  wire [      5:0] ws_slot = lowest({{(64 - WARPS) {1'b0}}, s_m});
  reg  [WARPS-1:0] ws_bit;  // one-hot
  always @(*) for (k = 0; k < WARPS; k = k + 1) ws_bit[k] = ws_ok && ws_slot == k[5:0];
  wire [WARPS-1:0] s_rest = s_m & ~ws_bit;  // the current entry's warps after this cycle
  wire [      5:0] ws_regs = rpw_mem[s_e];
  wire             ws_ew = ewarp_q[s_e];
  // an entry whose warps have not all started: queued or the engine's current one
  reg  [  TBS-1:0] pend;
  always @(*)
    for (e = 0; e < TBS; e = e + 1) pend[e] = qd_q[e] || (s_busy && se_q == e[RTB_W-1:0]);

  // ---------------------------------------------------------------- the exit engine
  // An entry whose count ran out and whose warps all started is finished; the engine, when
  // idle or ending its entry this cycle, tries one finished entry a cycle (round robin): it
  // takes it (ST_EXIT) unless a warp of it is stopped by warp-level preemption (vic_stop_i:
  // its victim's part is not done), and the next finished entry is tried in the next cycle.
  // Its warps exit one per cycle, lowest slot first, stopped ones not; when none is left the
  // entry offers its done.
  reg [TBS-1:0] fin;
  always @(*)
    for (e = 0; e < TBS; e = e + 1)
      fin[e] = st_q[e*2+:2] == ST_RUN && !nz_q[e] && !pend[e];
  wire [WARPS-1:0] xc = xm_q & ~vic_stop_i;  // its warps that may exit now
  wire             wx_ok = xc != {WARPS{1'b0}};
  wire [      5:0] wx_slot = lowest({{(64 - WARPS) {1'b0}}, xc});
  reg  [WARPS-1:0] wx_bit;  // one-hot
  always @(*) for (k = 0; k < WARPS; k = k + 1) wx_bit[k] = wx_ok && wx_slot == k[5:0];
  wire             x_last = xb_q && (xm_q & ~wx_bit) == {WARPS{1'b0}};  // its last warp leaves
  wire             x_free = !xb_q || x_last;
  // round robin: the lowest finished entry at or after the one after the last tried
  // (xr_q: a thermometer of those entries), else the lowest finished one
  reg  [  TBS-1:0] xr_q;
  wire [      5:0] xg_hi = lowest({{(64 - TBS) {1'b0}}, fin & xr_q});
  wire [      5:0] xg_lo = lowest({{(64 - TBS) {1'b0}}, fin});
  wire             xg_ok = fin != {TBS{1'b0}};
  wire [RTB_W-1:0] xg_idx = ((fin & xr_q) != {TBS{1'b0}}) ? xg_hi[RTB_W-1:0] : xg_lo[RTB_W-1:0];
  // The mask RAM's second read port serves the exit engine and an eviction (its warps leave):
  // the engine tries no entry in a cycle with an eviction.
  wire [RTB_W-1:0] ma     = evict_valid_i ? evict_rtb_i : xg_idx;
  wire [WARPS-1:0] ma_m   = wm_mem[ma];
  wire             x_try  = x_free && xg_ok && !evict_valid_i;
  wire             x_take = x_try && (ma_m & vic_stop_i) == {WARPS{1'b0}};

  // ---------------------------------------------------------------- progress
  // round robin over running, unpaused, fully started entries with cycles left
  reg [TBS-1:0] can;
  always @(*)
    for (e = 0; e < TBS; e = e + 1)
      can[e] = st_q[e*2+:2] == ST_RUN && !pause_i[e] && !pend[e] && nz_q[e];
  // round robin as the exit engine's: the lowest candidate at or after the one after the last
  // served (pr_q: a thermometer), else the lowest
  reg  [  TBS-1:0] pr_q;
  wire [      5:0] pg_hi = lowest({{(64 - TBS) {1'b0}}, can & pr_q});
  wire [      5:0] pg_lo = lowest({{(64 - TBS) {1'b0}}, can});
  // No progress in a cycle with an eviction: the eviction reads the count RAMs through the
  // progress's read port (the evicted entry is paused: no candidate itself).
  wire             pg_ok = can != {TBS{1'b0}} && !evict_valid_i;
  wire [RTB_W-1:0] pg_e = ((can & pr_q) != {TBS{1'b0}}) ? pg_hi[RTB_W-1:0] : pg_lo[RTB_W-1:0];
  // its count: the start's until its first progress, then the last progress's
  wire [RTB_W-1:0] ca     = evict_valid_i ? evict_rtb_i : pg_e;
  wire [RUN_W-1:0] pg_cnt = fresh_q[ca] ? sc_mem[ca] : pc_mem[ca];
  wire [RUN_W-1:0] pg_dec = pg_cnt - 1'b1;

  // ---------------------------------------------------------------- done offer
  // the lowest entry in ST_DONE
  reg [TBS-1:0] dn_v;
  always @(*) for (e = 0; e < TBS; e = e + 1) dn_v[e] = st_q[e*2+:2] == ST_DONE;
  wire dn_ok = dn_v != {TBS{1'b0}};
  wire dn_ok_u;  // = dn_ok
  wire [RTB_W-1:0] dn_e;
  kmu_prio_enc #(
      .N(TBS)
  ) u_dn (
      .in_i   (dn_v),
      .idx_o  (dn_e),
      .valid_o(dn_ok_u)
  );

  // ---------------------------------------------------------------- eviction
  // the evicted entry's key, remaining count and warps (LUT RAM reads at evict_rtb_i)
  wire [     39:0] vc_key = key_mem[evict_rtb_i];
  wire [RUN_W-1:0] vc_cnt = pg_cnt;  // read at ca = evict_rtb_i (above)
  wire [WARPS-1:0] vc_clr = evict_valid_i ? ma_m : {WARPS{1'b0}};  // read at ma = evict_rtb_i

  // ---------------------------------------------------------------- next state
  wire wev_end = wev_q && wev_cnt_q == ONE;  // its last cycle

  // control state: reset
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q         <= {TBS{ST_FREE}};
      ewarp_q      <= {TBS{1'b0}};
      paused_q     <= {TBS{1'b0}};
      qd_q         <= {TBS{1'b0}};
      live_q       <= {WARPS{1'b0}};
      ewlive_q     <= {WARPS{1'b0}};
      sm_q         <= {WARPS{1'b0}};
      xb_q         <= 1'b0;
      xm_q         <= {WARPS{1'b0}};
      ev_v_q       <= {PTBS{1'b0}};
      xr_q         <= {TBS{1'b1}};
      pr_q         <= {TBS{1'b1}};
      wev_q        <= 1'b0;
      ev_done_q    <= {WARPS{1'b0}};
      rsave_done_q <= 1'b0;
      rrest_done_q <= 1'b0;
      err_q        <= 1'b0;
    end else begin
      err_q        <= 1'b0;
      rsave_done_q <= rsave_valid_i;  // always ready: done the cycle after the handshake
      rrest_done_q <= rrest_valid_i;
      ev_done_q    <= {WARPS{1'b0}};
      // warp starts, exits, and an eviction's warps (they leave without exits)
      live_q       <= (live_q | ws_bit) & ~wx_bit & ~vc_clr;
      ewlive_q     <= (ewlive_q | (ws_bit & {WARPS{ws_ew}})) & ~wx_bit & ~vc_clr;
      // the start engine
      sm_q         <= s_rest;
      for (i = 0; i < TBS; i = i + 1) begin
        if (s_take && q_idx == i[RTB_W-1:0]) qd_q[i] <= 1'b0;
        // paused only with cycles left: an entry whose run is complete ignores the pause
        paused_q[i] <= pause_i[i] && st_q[i*2+:2] == ST_RUN && !pend[i] && nz_q[i];
      end
      // the round robins move past the entry served (progress) or tried (the exit engine)
      if (pg_ok) for (i = 0; i < TBS; i = i + 1) pr_q[i] <= i > pg_e;
      if (x_try) for (i = 0; i < TBS; i = i + 1) xr_q[i] <= i > xg_idx;
      // the exit engine (its entry's state below)
      if (x_last) xb_q <= 1'b0;
      if (x_take) xb_q <= 1'b1;
      xm_q <= x_take ? ma_m : xm_q & ~wx_bit;
      // Entry states, in this order (a later write wins; the events name different entries
      // in legal use).  The writes at a computed entry are per-entry loops with an index
      // compare, not st_q[idx*2+:2] <= ...: Yosys turns a part-select write at a variable
      // index into shifts of the whole packed table (docs/fpga.md).
      for (i = 0; i < TBS; i = i + 1) begin
        if (x_last && xe_q == i[RTB_W-1:0]) st_q[i*2+:2] <= ST_DONE;
        if (x_take && xg_idx == i[RTB_W-1:0]) st_q[i*2+:2] <= ST_EXIT;
        if (dn_ok && done_take_i && dn_e == i[RTB_W-1:0]) st_q[i*2+:2] <= ST_FREE;
        if (evict_valid_i && evict_rtb_i == i[RTB_W-1:0]) st_q[i*2+:2] <= ST_FREE;
        if (start_i && start_rtb_i == i[RTB_W-1:0]) begin
          st_q[i*2+:2] <= ST_RUN;
          ewarp_q[i]   <= start_ewarp_i;
          qd_q[i]      <= start_wmask_i != {WARPS{1'b0}};
        end
        if (wev_end && wev_rtb_q == i[RTB_W-1:0]) st_q[i*2+:2] <= ST_DONE;
      end
      // eviction: the entry's key and remaining count go to the evicted table
      if (evict_valid_i) begin
        if (fr_ok) begin
          for (j = 0; j < PTBS; j = j + 1) if (fr_idx == j[PW-1:0]) ev_v_q[j] <= 1'b1;
        end else err_q <= 1'b1;
      end
      // a restore takes its evicted-table entry
      if (start_i && start_restore_i) begin
        if (lk_hit) begin
          for (j = 0; j < PTBS; j = j + 1) if (lk_idx == j[PW-1:0]) ev_v_q[j] <= 1'b0;
        end else err_q <= 1'b1;
      end
      // the warp-level event warp
      if (wev_end) begin
        wev_q     <= 1'b0;
        ev_done_q <= wev_slot_q;
      end
      if (ev_start_i != {WARPS{1'b0}}) wev_q <= 1'b1;
    end
  end

  // data: no reset (read only where the control state says they are valid)
  always @(posedge clk_i) begin
    if (s_busy || s_take) se_q <= s_e;
    if (x_take) xe_q <= xg_idx;
    for (m = 0; m < TBS; m = m + 1) begin
      if (pg_ok && pg_e == m[RTB_W-1:0]) begin
        fresh_q[m] <= 1'b0;
        nz_q[m]    <= pg_cnt != ONE;
      end
      if (start_i && start_rtb_i == m[RTB_W-1:0]) begin
        fresh_q[m] <= 1'b1;
        nz_q[m]    <= lk_cnt != {RUN_W{1'b0}};
      end
    end
    if (evict_valid_i && fr_ok)
      for (n = 0; n < PTBS; n = n + 1)
        if (fr_idx == n[PW-1:0]) ev_key_q[n*40+:40] <= vc_key;
    if (wev_q && !wev_end) wev_cnt_q <= wev_cnt_q - 1'b1;
    if (ev_start_i != {WARPS{1'b0}}) begin
      wev_cnt_q  <= ev_n;
      wev_slot_q <= ev_start_i;
      wev_rtb_q  <= ev_rtb_i;
    end
  end

  // the LUT RAMs: one write port each
  always @(posedge clk_i) begin
    if (start_i) begin
      wm_mem[start_rtb_i]  <= start_wmask_i;
      rpw_mem[start_rtb_i] <= start_rpw_i;
      key_mem[start_rtb_i] <= start_key;
      sc_mem[start_rtb_i]  <= lk_cnt;
    end
  end
  always @(posedge clk_i) if (pg_ok) pc_mem[pg_e] <= pg_dec;
  always @(posedge clk_i) if (evict_valid_i && fr_ok) evc_mem[fr_idx] <= vc_cnt;

  // ---------------------------------------------------------------- the on-chip store
  generate
    if (IPB >= 4) begin : g_ip
      localparam integer IPW = IPB / 4;
      localparam integer IAW = (IPW > 1) ? $clog2(IPW) : 1;
      // a registered read (ctxboard: kmu_ctx_engine takes the word the cycle after its read), so
      // the store maps to block RAM (one DP16KD at IPB 256) instead of LUT RAM; it reads every
      // cycle (no enable: the engine only looks at the word after an ip_ren_o, never after a
      // write, so a read meeting a write is don't-care: no_rw_check, no collision logic)
      (* no_rw_check *)
      reg [31:0] ip_mem[0:IPW-1];
      reg [31:0] ip_rd_q;
      wire [IAW-1:0] ia = ip_addr_i[IAW+1:2];
      always @(posedge clk_i) begin
        if (ip_wen_i) ip_mem[ia] <= ip_wdata_i;
        ip_rd_q <= ip_mem[ia];
      end
      assign ip_rdata_o = ip_rd_q;
      wire unused_ip = &{1'b0, ip_addr_i[31:IAW+2], ip_addr_i[1:0]};
    end else begin : g_noip
      assign ip_rdata_o = 32'd0;
      wire unused_ip = &{1'b0, ip_wen_i, ip_addr_i, ip_wdata_i};
    end
  endgenerate

  // ---------------------------------------------------------------- outputs
  assign shm_rdata_o    = {15'h4b4d, shm_raddr_i} ^ {shm_raddr_i[14:0], 17'd0};
  assign done_valid_o   = dn_ok;
  assign done_rtb_o     = dn_e;
  assign inst_valid_o   = pg_ok && !ewarp_q[pg_e];
  assign inst_rtb_o     = pg_e;
  assign paused_o       = paused_q;
  assign wstart_valid_o = ws_ok;
  assign wstart_warp_o  = ws_slot;
  assign wstart_regs_o  = {2'b00, ws_regs};
  assign wexit_valid_o  = wx_ok;
  assign wexit_warp_o   = wx_slot;
  assign w_live_o       = live_q & ~ewlive_q;
  assign rsave_done_o   = rsave_done_q;
  assign rrest_done_o   = rrest_done_q;
  assign ev_done_o      = ev_done_q;
  reg any_busy;
  always @(*) begin
    any_busy = wev_q;
    for (e = 0; e < TBS; e = e + 1) if (st_q[e*2+:2] != ST_FREE) any_busy = 1'b1;
  end
  assign busy_o = any_busy;
  assign err_o  = err_q;
  // the encoders' valid_o equal the != compares above, which ABC9 maps smaller in this module
  // (the whole runner 1,247 against 1,325 ECP5 LUT4 with valid_o used: ABC9's wide-LUT mapping
  // moves by that much on equivalent forms)
  wire unused = &{1'b0, start_param_i[31:RUN_W], ev_param_i[31:RUN_W], xg_hi, xg_lo, pg_hi, pg_lo,
                  lk_hit_u, fr_ok_u, q_any_u, dn_ok_u};

`ifdef KMU_ASSERT
  // Assertions in simulation only (KMU_ASSERT; synthesis never defines it): the engines and the
  // count RAMs against the entry states, and the parts of kmu_gpu's contract they rely on (a
  // start into a free entry, an eviction of a started one, a restore's key held once).  A
  // failure prints the invariant and stops the simulation.  rst_ni only masks them in reset:
  // hence the lint waiver.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (start_i && st_q[start_rtb_i*2+:2] != ST_FREE &&
          !(dn_ok && done_take_i && dn_e == start_rtb_i)) begin
        $display("ASSERTION kmu_tb_runner %m t=%0t: start into entry %0d in state %0d", $time,
                 start_rtb_i, st_q[start_rtb_i*2+:2]);
        $stop;
      end
      if (evict_valid_i && (st_q[evict_rtb_i*2+:2] != ST_RUN || pend[evict_rtb_i])) begin
        $display("ASSERTION kmu_tb_runner %m t=%0t: eviction of entry %0d (state %0d, warps pending %b)",
                 $time, evict_rtb_i, st_q[evict_rtb_i*2+:2], pend[evict_rtb_i]);
        $stop;
      end
      // the progress (one per cycle: one index) is of a candidate: a running entry whose count
      // (in the RAMs) is not 0
      if (pg_ok && (!can[pg_e] || pg_cnt == {RUN_W{1'b0}})) begin
        $display("ASSERTION kmu_tb_runner %m t=%0t: progress of entry %0d (candidates %b, count %0d)",
                 $time, pg_e, can, pg_cnt);
        $stop;
      end
      if (start_i && start_restore_i && (lk_hitv & (lk_hitv - 1'b1)) != {PTBS{1'b0}}) begin
        $display("ASSERTION kmu_tb_runner %m t=%0t: the restored TB is held %b times in the evicted table",
                 $time, lk_hitv);
        $stop;
      end
      // the start engine takes entries with warps; a warp starts in a slot that is not live
      if (s_take && wm_mem[q_idx] == {WARPS{1'b0}}) begin
        $display("ASSERTION kmu_tb_runner %m t=%0t: queued entry %0d has no warps", $time, q_idx);
        $stop;
      end
      if ((ws_bit & live_q) != {WARPS{1'b0}}) begin
        $display("ASSERTION kmu_tb_runner %m t=%0t: warp %0d starts while live", $time, ws_slot);
        $stop;
      end
      // the exit engine takes a finished entry whose warps are all live, and its entry exits
      if (x_take && ((ma_m & ~live_q) != {WARPS{1'b0}} || !fin[xg_idx])) begin
        $display("ASSERTION kmu_tb_runner %m t=%0t: exit of entry %0d (warps %h, live %h)", $time,
                 xg_idx, ma_m, live_q);
        $stop;
      end
      if (xb_q && st_q[xe_q*2+:2] != ST_EXIT) begin
        $display("ASSERTION kmu_tb_runner %m t=%0t: the exit engine's entry %0d is in state %0d",
                 $time, xe_q, st_q[xe_q*2+:2]);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
