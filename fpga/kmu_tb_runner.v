// kmu_tb_runner - hardware TB runner of the board tops: one per SM, it stands in for the SM's
// SIMT cores toward kmu_gpu's SIMT start/done buses and the SM's SIMT-side ports (kmu_sm's,
// docs/blocks/kmu_sm.md).  The hardware twin, in simple form, of the behavioural SM model of
// kmusim (sim/env/sm_model.h, SIMT mode).  Not a paper block; issue 15 item 3.
//
// What a TB does here (per resident entry e, TBS entries):
//   start    (a simt_start handshake for this SM, start_i): the entry runs for N cycles, N =
//            start_param_i[RUN_W-1:0] (the kernel parameter address: HL_PARAM of a host launch,
//            the doorbell's parameter slot of an event kernel), or DEF_CYC when those bits are 0.
//            A restore start (start_restore_i) resumes the remaining count that the eviction of
//            that TB (same TB index and kernel tag) left in this SM's evicted table; a restore
//            of a TB the table does not hold runs N cycles and raises err_o (a one-cycle pulse;
//            it never happens with a correct kmu_gpu).  insts_o answers the offer on the start
//            bus with the same count (one warp instruction per progress cycle; 0 for an
//            event-warp TB, which the predictor does not profile).
//   warps    the entry's warp slots (start_wmask_i) start one per cycle per SM on wstart (regs =
//            the start's registers per warp slot); w_live_o is 1 from a warp's start to its exit
//            (0 for the warp of an event-warp TB).  w_inpipe/ld/bar/ibuf/icmiss are 0: a
//            stopped warp has nothing in flight, so a warp-level victim flushes at once.
//   progress one SM instruction per cycle: round robin over the running, unpaused entries whose
//            warps have all started; the chosen entry's count goes down by one and, unless it is
//            an event-warp TB, the retirement is reported on inst_valid_o/inst_rtb_o.  An entry
//            whose count reached 0 exits its warps (one per cycle per SM on wexit) and then offers
//            its done (done_valid_o/done_rtb_o, lowest entry first, held until done_take_i).  An
//            entry with a warp stopped by warp-level preemption (vic_stop_i) does not exit (its
//            victim's part is not done), so a victim never exits while flushed.
//   pause    pause_i[e] on a running entry: no progress; paused_o[e] rises one cycle later (the
//            pipeline drains in one cycle) once every warp of it has started.  An entry already
//            exiting ignores the pause and finishes (kmu_sm_ctrl accepts that done).  The pause
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
//            writes are dropped, a save reads the pattern); ip_rdata_o is a combinational read of
//            an IPB-byte LUT RAM written by ip_wen_i (the on-chip checkpoint store; addresses
//            modulo IPB; IPB = 0: reads 0).
// Latency: a start handshake in cycle t -> first warp start in t+1, first progress once every
// warp started; a done offered in the cycle after the last exit.
// Contract: every output is a register or a function of registers (insts_o: of the start-bus
// fields, a combinational lookup; ip_rdata_o / shm_rdata_o: of the address).
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

  // ---------------------------------------------------------------- state
  reg [TBS*2-1:0] st_q;
  reg [TBS*RUN_W-1:0] cnt_q;  // progress cycles left
  reg [TBS*WARPS-1:0] wmask_q;  // the entry's warp slots
  reg [TBS*WARPS-1:0] wpend_q;  // its warps not yet started
  reg [TBS*6-1:0] rpw_q;
  reg [TBS*32-1:0] tb_q;  // its TB index and kernel tag (for the evicted table)
  reg [TBS*8-1:0] slot_q;
  reg [  TBS-1:0] ewarp_q;             // the entry is an event-warp TB (no retirements)
  reg [  TBS-1:0] paused_q;
  reg [WARPS-1:0] live_q;              // started, not exited (every kind of warp)
  reg [WARPS-1:0] ewlive_q;            // ... of them, event-warp TBs' warps
  reg [RTB_W-1:0] rr_q;                // progress round robin: the last entry served
  // the evicted table
  reg [  PTBS-1:0] ev_v_q;
  reg [PTBS*32-1:0] ev_tb_q;
  reg [PTBS*8-1:0] ev_slot_q;
  reg [PTBS*RUN_W-1:0] ev_cnt_q;
  // the warp-level event warp
  reg             wev_q;               // an event warp runs
  reg [RUN_W-1:0] wev_cnt_q;
  reg [WARPS-1:0] wev_slot_q;          // its slot (one-hot)
  reg [RTB_W-1:0] wev_rtb_q;
  reg [WARPS-1:0] ev_done_q;
  reg             rsave_done_q, rrest_done_q, err_q;

  // ---------------------------------------------------------------- start-bus lookup
  // the offered TB's run length, and for a restore its remaining count in the evicted table
  reg          lk_hit;
  reg [PW-1:0] lk_idx;
  reg [RUN_W-1:0] lk_ecnt;  // the hit entry's remaining count (read in the search loop)
  reg [RUN_W-1:0] lk_cnt;
  integer k;
  always @(*) begin
    lk_hit  = 1'b0;
    lk_idx  = {PW{1'b0}};
    lk_ecnt = {RUN_W{1'b0}};
    for (k = PTBS - 1; k >= 0; k = k - 1)
      if (ev_v_q[k] && ev_tb_q[k*32+:32] == start_tb_i && ev_slot_q[k*8+:8] == start_slot_i) begin
        lk_hit  = 1'b1;
        lk_idx  = k[PW-1:0];
        lk_ecnt = ev_cnt_q[k*RUN_W+:RUN_W];
      end
  end
  wire [RUN_W-1:0] n_param = start_param_i[RUN_W-1:0];
  always @(*) begin
    if (start_restore_i && lk_hit) lk_cnt = lk_ecnt;
    else if (n_param != {RUN_W{1'b0}}) lk_cnt = n_param;
    else lk_cnt = DEF;
  end
  assign insts_o = start_ewarp_i ? 32'd0 : {{(32 - RUN_W) {1'b0}}, lk_cnt};
  wire [RUN_W-1:0] ev_n = (ev_param_i[RUN_W-1:0] != {RUN_W{1'b0}}) ? ev_param_i[RUN_W-1:0] : DEF;

  // a free evicted-table entry
  reg          fr_ok;
  reg [PW-1:0] fr_idx;
  always @(*) begin
    fr_ok  = 1'b0;
    fr_idx = {PW{1'b0}};
    for (k = PTBS - 1; k >= 0; k = k - 1)
      if (!ev_v_q[k]) begin
        fr_ok  = 1'b1;
        fr_idx = k[PW-1:0];
      end
  end

  // ---------------------------------------------------------------- choices of the cycle
  // warp start: the lowest slot with a pending start
  reg [WARPS-1:0] wpend_all;
  reg             ws_ok;
  reg [      5:0] ws_slot;
  reg [WARPS-1:0] ws_bit;  // one-hot
  reg             ws_ew;   // the starting warp is an event-warp TB's
  reg [      5:0] ws_regs;
  integer e, w;
  always @(*) begin
    wpend_all = {WARPS{1'b0}};
    for (e = 0; e < TBS; e = e + 1) wpend_all = wpend_all | wpend_q[e*WARPS+:WARPS];
    ws_ok   = 1'b0;
    ws_slot = 6'd0;
    for (w = WARPS - 1; w >= 0; w = w - 1)
      if (wpend_all[w]) begin
        ws_ok   = 1'b1;
        ws_slot = w[5:0];
      end
    ws_bit = {WARPS{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) ws_bit[w] = ws_ok && ws_slot == w[5:0];
    ws_regs = 6'd0;
    ws_ew   = 1'b0;
    for (e = 0; e < TBS; e = e + 1)
      if ((wpend_q[e*WARPS+:WARPS] & ws_bit) != {WARPS{1'b0}}) begin
        ws_regs = rpw_q[e*6+:6];
        ws_ew   = ewarp_q[e];
      end
  end

  // warp exit: the lowest live, unstopped slot of an exiting entry
  reg [WARPS-1:0] exm;
  reg             wx_ok;
  reg [      5:0] wx_slot;
  reg [WARPS-1:0] wx_bit;  // one-hot
  always @(*) begin
    exm = {WARPS{1'b0}};
    for (e = 0; e < TBS; e = e + 1) if (st_q[e*2+:2] == ST_EXIT) exm = exm | wmask_q[e*WARPS+:WARPS];
    exm     = exm & live_q & ~vic_stop_i;
    wx_ok   = 1'b0;
    wx_slot = 6'd0;
    for (w = WARPS - 1; w >= 0; w = w - 1)
      if (exm[w]) begin
        wx_ok   = 1'b1;
        wx_slot = w[5:0];
      end
    wx_bit = {WARPS{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) wx_bit[w] = wx_ok && wx_slot == w[5:0];
  end

  // progress: round robin from the entry after rr_q over running, unpaused, fully started
  // entries with cycles left
  reg [TBS-1:0] can;
  reg           pg_ok;
  reg [RTB_W-1:0] pg_e;
  integer j;
  always @(*) begin
    for (e = 0; e < TBS; e = e + 1)
      can[e] = st_q[e*2+:2] == ST_RUN && !pause_i[e] && wpend_q[e*WARPS+:WARPS] == {WARPS{1'b0}} &&
               cnt_q[e*RUN_W+:RUN_W] != {RUN_W{1'b0}};
    pg_ok = 1'b0;
    pg_e  = {RTB_W{1'b0}};
    for (j = TBS; j >= 1; j = j - 1) begin
      e = {{(32 - RTB_W) {1'b0}}, rr_q} + j;
      if (e >= TBS) e = e - TBS;
      if (can[e]) begin
        pg_ok = 1'b1;
        pg_e  = e[RTB_W-1:0];
      end
    end
  end

  // done offer: the lowest entry in ST_DONE
  reg             dn_ok;
  reg [RTB_W-1:0] dn_e;
  always @(*) begin
    dn_ok = 1'b0;
    dn_e  = {RTB_W{1'b0}};
    for (e = TBS - 1; e >= 0; e = e - 1)
      if (st_q[e*2+:2] == ST_DONE) begin
        dn_ok = 1'b1;
        dn_e  = e[RTB_W-1:0];
      end
  end

  // the evicted entry's fields (a compare per entry, as the writes below)
  reg [WARPS-1:0] vc_wmask;
  reg [     31:0] vc_tb;
  reg [      7:0] vc_slot;
  reg [RUN_W-1:0] vc_cnt;
  always @(*) begin
    vc_wmask = {WARPS{1'b0}};
    vc_tb    = 32'd0;
    vc_slot  = 8'd0;
    vc_cnt   = {RUN_W{1'b0}};
    for (e = 0; e < TBS; e = e + 1)
      if (evict_rtb_i == e[RTB_W-1:0]) begin
        vc_wmask = wmask_q[e*WARPS+:WARPS];
        vc_tb    = tb_q[e*32+:32];
        vc_slot  = slot_q[e*8+:8];
        vc_cnt   = cnt_q[e*RUN_W+:RUN_W];
      end
  end

  // ---------------------------------------------------------------- next state
  wire wev_end = wev_q && wev_cnt_q == {RUN_W{1'b0}};

  // control state: reset
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q         <= {TBS{ST_FREE}};
      wpend_q      <= {TBS * WARPS{1'b0}};
      ewarp_q      <= {TBS{1'b0}};
      paused_q     <= {TBS{1'b0}};
      live_q       <= {WARPS{1'b0}};
      ewlive_q     <= {WARPS{1'b0}};
      rr_q         <= {RTB_W{1'b0}};
      ev_v_q       <= {PTBS{1'b0}};
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
      // warp starts and exits
      live_q       <= (live_q | ws_bit) & ~wx_bit;
      ewlive_q     <= (ewlive_q | (ws_bit & {WARPS{ws_ew}})) & ~wx_bit;
      for (e = 0; e < TBS; e = e + 1) begin
        wpend_q[e*WARPS+:WARPS] <= wpend_q[e*WARPS+:WARPS] & ~ws_bit;
        // paused only with cycles left: an entry whose run is complete ignores the pause
        paused_q[e] <= pause_i[e] && st_q[e*2+:2] == ST_RUN &&
                       wpend_q[e*WARPS+:WARPS] == {WARPS{1'b0}} &&
                       cnt_q[e*RUN_W+:RUN_W] != {RUN_W{1'b0}};
        // an exiting entry whose warps have all left offers its done
        if (st_q[e*2+:2] == ST_EXIT &&
            (wmask_q[e*WARPS+:WARPS] & live_q & ~wx_bit) == {WARPS{1'b0}})
          st_q[e*2+:2] <= ST_DONE;
        // a running entry whose count ran out exits, unless a warp of it is a stopped victim
        if (st_q[e*2+:2] == ST_RUN && cnt_q[e*RUN_W+:RUN_W] == {RUN_W{1'b0}} &&
            wpend_q[e*WARPS+:WARPS] == {WARPS{1'b0}} &&
            (wmask_q[e*WARPS+:WARPS] & vic_stop_i) == {WARPS{1'b0}})
          st_q[e*2+:2] <= ST_EXIT;
      end
      if (pg_ok) rr_q <= pg_e;
      // The writes below at a computed entry are per-entry loops with an index compare, not
      // st_q[idx*2+:2] <= ...: Yosys turns a part-select write at a variable index into
      // shifts of the whole packed table (a barrel shifter per write: about 8,200 of the
      // runner's 12,600 ECP5 LUT4 at TBS 8 / WARPS 16, docs/fpga.md).  Same order of the nonblocking
      // writes, so the same result; an index beyond the table writes nothing in both forms.
      for (e = 0; e < TBS; e = e + 1)
        if (dn_ok && done_take_i && dn_e == e[RTB_W-1:0]) st_q[e*2+:2] <= ST_FREE;
      // eviction: the entry leaves with its remaining count, its warps without exits
      if (evict_valid_i) begin
        for (e = 0; e < TBS; e = e + 1)
          if (evict_rtb_i == e[RTB_W-1:0]) begin
            st_q[e*2+:2]            <= ST_FREE;
            wpend_q[e*WARPS+:WARPS] <= {WARPS{1'b0}};
          end
        live_q   <= (live_q | ws_bit) & ~wx_bit & ~vc_wmask;
        ewlive_q <= ewlive_q & ~vc_wmask;
        if (fr_ok) begin
          for (k = 0; k < PTBS; k = k + 1) if (fr_idx == k[PW-1:0]) ev_v_q[k] <= 1'b1;
        end else err_q <= 1'b1;
      end
      // a start (a restore takes its evicted-table entry)
      if (start_i) begin
        for (e = 0; e < TBS; e = e + 1)
          if (start_rtb_i == e[RTB_W-1:0]) begin
            st_q[e*2+:2]            <= ST_RUN;
            wpend_q[e*WARPS+:WARPS] <= start_wmask_i;
            ewarp_q[e]              <= start_ewarp_i;
          end
        if (start_restore_i) begin
          if (lk_hit) begin
            for (k = 0; k < PTBS; k = k + 1) if (lk_idx == k[PW-1:0]) ev_v_q[k] <= 1'b0;
          end else err_q <= 1'b1;
        end
      end
      // the warp-level event warp
      if (wev_end) begin
        wev_q     <= 1'b0;
        ev_done_q <= wev_slot_q;
        for (e = 0; e < TBS; e = e + 1)
          if (wev_rtb_q == e[RTB_W-1:0]) st_q[e*2+:2] <= ST_DONE;
      end
      if (ev_start_i != {WARPS{1'b0}}) wev_q <= 1'b1;
    end
  end

  // data: no reset (read only where the control state says they are valid)
  // (per-entry loops for the writes at a computed entry: see the control state above)
  always @(posedge clk_i) begin
    for (e = 0; e < TBS; e = e + 1)
      if (pg_ok && pg_e == e[RTB_W-1:0])
        cnt_q[e*RUN_W+:RUN_W] <= cnt_q[e*RUN_W+:RUN_W] - 1'b1;
    if (evict_valid_i && fr_ok)
      for (k = 0; k < PTBS; k = k + 1)
        if (fr_idx == k[PW-1:0]) begin
          ev_tb_q[k*32+:32]        <= vc_tb;
          ev_slot_q[k*8+:8]        <= vc_slot;
          ev_cnt_q[k*RUN_W+:RUN_W] <= vc_cnt;
        end
    if (start_i)
      for (e = 0; e < TBS; e = e + 1)
        if (start_rtb_i == e[RTB_W-1:0]) begin
          cnt_q[e*RUN_W+:RUN_W]   <= lk_cnt;
          wmask_q[e*WARPS+:WARPS] <= start_wmask_i;
          rpw_q[e*6+:6]           <= start_rpw_i;
          tb_q[e*32+:32]          <= start_tb_i;
          slot_q[e*8+:8]          <= start_slot_i;
        end
    if (wev_q && !wev_end) wev_cnt_q <= wev_cnt_q - 1'b1;
    if (ev_start_i != {WARPS{1'b0}}) begin
      wev_cnt_q  <= ev_n - 1'b1;
      wev_slot_q <= ev_start_i;
      wev_rtb_q  <= ev_rtb_i;
    end
  end

  // ---------------------------------------------------------------- the on-chip store
  generate
    if (IPB >= 4) begin : g_ip
      localparam integer IPW = IPB / 4;
      localparam integer IAW = (IPW > 1) ? $clog2(IPW) : 1;
      reg [31:0] ip_mem[0:IPW-1];
      wire [IAW-1:0] ia = ip_addr_i[IAW+1:2];
      always @(posedge clk_i) if (ip_wen_i) ip_mem[ia] <= ip_wdata_i;
      assign ip_rdata_o = ip_mem[ia];
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
  wire unused = &{1'b0, start_param_i[31:RUN_W], ev_param_i[31:RUN_W]};
endmodule

`default_nettype wire
