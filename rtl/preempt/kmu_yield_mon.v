// kmu_yield_mon - the yield / wake-up monitor of GPUpIO's hardware yield(addr): takes the yield
// requests of the SMs' thread blocks, keeps a watch table of the addresses they sleep on,
// snoops the writes to those addresses and hands every woken TB, once its context is saved, to
// the dispatcher for a restore at the HEAD of its kernel's queue; yield(0) (a polite spin) goes
// back at the TAIL without a watch entry.
//
// Paper: GPUpIO section 7 ("Hardware yield instruction": like x86 monitor/mwait; a write to addr
// enqueues the TB at the head of the hardware queue; the check of addr and the preemption
// decision are atomic; no effect when the scheduling queue is empty; yield(NULL) re-enqueues,
// a kind of spinning); section 3 (alpha, the per-TB cost this block keeps to a few cycles) and
// 6 (Fig. 12-15: tail re-enqueue starves I/O kernels, hence the head).  Block page
// docs/blocks/kmu_yield_mon.md (ports, what each neighbour must do).
//
// Yield requests: one valid/ready lane per SM (yq_*[s]): the TB's identity (kernel slot, TB
// index, the SM's preempted-table entry that holds its saved context: what kmu_sm_ctrl's restore
// needs) and addr.  kmu_rr_arb u_yq_rr accepts one lane per cycle (yq_ready_o = its grant; no
// other condition, so ready depends on state and the lanes' valids only).  A lane is not granted
// while its SM has an accepted yield whose save is not done (sv_pend_q) or a saved spin not yet
// released (sp_rdy_q): one yield per SM in the save at a time (kmu_sm_ctrl saves one TB at a time).
// The answer (yr_*, a registered pulse in the cycle after the handshake, no back-pressure):
//   YR_NOWORK  other_i[s] = 0 in the handshake cycle: no other work waits for the SM (paper 7:
//              yield does nothing when the queue is empty), yield(0) too.  The TB goes on.
//   YR_SPIN    addr = 0 (with other work) and SM s's spin park is free (park_i[s] = 0): the TB
//              is saved and released at the tail.
//   YR_FULL    addr = 0 and the park is busy (park_i[s]: the top's one parked spin per SM, so
//              a spin is never saved with nowhere to wait: issue 13's io_spin_hang.wl), or
//              addr != 0 and every watch entry is in use.  The TB goes on.
//   YR_TAKEN   a watch entry (the lowest free one) holds it until a write and its save.
// Refusals change nothing but their counter.  Addresses match by 32-bit word (addr[31:2]): a
// flag is one word; addr 1..3 watch word 0.
//
// Atomic check-and-sleep, by construction: the TB's decision to yield is the first cycle its
// SM raises yq_valid_i (the SM presents it in the cycle its SIMT yield event is accepted and
// holds it, fields stable, until yq_ready_o).  From that cycle on every write is compared with
// the lane's own addr while it waits (pend_hit_q[s], sticky while valid is held); in the
// handshake cycle the entry is installed at the edge with woken = pend_hit_q[s] | a write of that
// same cycle; from the next cycle the installed entry compares itself.  So there is no cycle from
// the decision on in which a write to addr is compared with nothing.  The save: an entry that
// is woken before its SM reports the save done (sd_valid_i[s], a pulse) stays woken and is
// released only after the save (ent_saved_q): a TB is never handed out before its save, and a
// write during the save is not lost.
// Wake: a write seen on either snoop port (mw_*: a write the memory accepted on the system's
// memory port, any client; sw_*: the MMIO signal window, a NIC or the host) sets ent_woken_q of
// EVERY valid entry watching its word, in the same cycle.
// Release ("FIFO or equivalent"): a woken and saved entry, or a saved spin (sp_rdy_q[s]), keeps
// its place in the table until it leaves on the wake port, so nothing is lost under any
// back-pressure and an entry is free again exactly when its TB has been handed over.  The wake
// port's output register (out_*_q) names one of them and loads when empty or popped: an entry
// (round robin u_ent_rr) before a spin (round robin u_sp_rr), but when both wait they take turns
// (turn_q: a spin's turn after an entry went ahead of one), so a spin cannot starve behind a
// stream of wake-ups: a releasable entry leaves within 2W+2 loads, a spin within 2NSM+2.
//
// Latency: yield handshake in t -> yr_valid_o in t+1; the entry compares writes from t (lane)
// and t+1 (entry).  A write in t to a saved entry's word, or sd_valid_i in t of a woken entry
// (of a spin), -> wk_valid_o from t+2 when the wake port is free.  wk_valid_o/wk_ready_i in t
// -> the entry (the spin's SM) free in t+1; the next TB on the port in t+1.
// Interface contract: inputs are registered outputs of the neighbours or same-cycle nets of
// the system top (mw_* is kmu_mem_port's mem_valid_o & mem_ready_i & mem_write_o with
// mem_addr_o); yr_*, wk_valid_o, wk_head_o and the counters are registers; the wk_* identity is
// the watch table's RAM read at the registered index, stable while wk_valid_o is held.
// sd_valid_i of an SM without an accepted yield is refused: ignored, cnt_err_o.
// Storage: entry addresses ent_addr_q (flops without reset: compared in parallel, a CAM), the
// identities ent_*_q and the spins' sp_*_q (LUT RAM without reset, one write and one read port),
// valid/woken/saved bits with reset.  Counters saturate at all ones.
// C twin: cmodel/preempt/kmu_yield_mon.c (composed of the kmu_rr_arb and kmu_prio_enc twins).
`default_nettype none

module kmu_yield_mon #(
    parameter integer NSM   = 2,   // SMs (1..64)
    parameter integer W     = 8,   // watch-table entries (1..64)
    parameter integer PTBS  = 4,   // entries of an SM's preempted-TB table (1..64)
    parameter integer CNT_W = 16   // status counter bits (1..32)
) (
    input  wire                                       clk_i,
    input  wire                                       rst_ni,      // asynchronous, active low
    // yield requests, one lane per SM: lane s at [s*X +: X]
    input  wire [                              NSM-1:0] yq_valid_i,
    output wire [                              NSM-1:0] yq_ready_o,
    input  wire [                           32*NSM-1:0] yq_addr_i,   // 0: polite spin
    input  wire [                            8*NSM-1:0] yq_slot_i,   // kernel slot
    input  wire [                           32*NSM-1:0] yq_tb_i,     // TB linear index
    input  wire [((PTBS > 1) ? $clog2(PTBS) : 1)*NSM-1:0] yq_ptb_i,  // its context's entry
    // the dispatcher: other work waits that SM s could run
    input  wire [                              NSM-1:0] other_i,
    // the top's spin park of SM s is busy: a spin is refused (YR_FULL)
    input  wire [                              NSM-1:0] park_i,
    // the answer to a yield (pulse)
    output wire                                         yr_valid_o,
    output wire [      ((NSM > 1) ? $clog2(NSM) : 1)-1:0] yr_sm_o,
    output wire [                                  1:0] yr_code_o,   // YR_*
    // SM s has saved the context of its accepted yield (pulse)
    input  wire [                              NSM-1:0] sd_valid_i,
    // snooped writes: the memory port's accepted writes, the MMIO signal window
    input  wire                                         mw_valid_i,
    input  wire [                                 31:0] mw_addr_i,
    input  wire                                         sw_valid_i,
    input  wire [                                 31:0] sw_addr_i,
    // wake port: a TB to restore (to the dispatcher)
    output wire                                         wk_valid_o,
    input  wire                                         wk_ready_i,
    output wire [      ((NSM > 1) ? $clog2(NSM) : 1)-1:0] wk_sm_o,
    output wire [                                  7:0] wk_slot_o,
    output wire [                                 31:0] wk_tb_o,
    output wire [    ((PTBS > 1) ? $clog2(PTBS) : 1)-1:0] wk_ptb_o,
    output wire                                         wk_head_o,   // 1 woken: head; 0 spin: tail
    // status counters (saturating)
    output wire [                            CNT_W-1:0] cnt_take_o,   // YR_TAKEN answers
    output wire [                            CNT_W-1:0] cnt_spin_o,   // YR_SPIN answers
    output wire [                            CNT_W-1:0] cnt_full_o,   // YR_FULL refusals
    output wire [                            CNT_W-1:0] cnt_nowork_o, // YR_NOWORK refusals
    output wire [                            CNT_W-1:0] cnt_wake_o,   // woken TBs handed over
    output wire [                            CNT_W-1:0] cnt_err_o     // cycles with a refused sd
);
  localparam integer SM_W = (NSM > 1) ? $clog2(NSM) : 1;
  localparam integer E_W = (W > 1) ? $clog2(W) : 1;
  localparam integer PTB_W = (PTBS > 1) ? $clog2(PTBS) : 1;
  // a watched word: addr[WA_LSB +: WA_W]
  localparam integer WA_LSB = 2;
  localparam integer WA_W = 30;
  // answer codes
  localparam [1:0] YR_TAKEN = 2'd0;
  localparam [1:0] YR_SPIN = 2'd1;
  localparam [1:0] YR_NOWORK = 2'd2;
  localparam [1:0] YR_FULL = 2'd3;
  localparam [CNT_W-1:0] CNT_MAX = {CNT_W{1'b1}};

  integer s, e;

  // ---------------------------------------------------------------- state
  // watch table: bits with reset, address CAM and identity RAM without
  reg [W-1:0] ent_valid_q, ent_valid_d, ent_woken_q, ent_woken_d, ent_saved_q, ent_saved_d;
  reg [WA_W-1:0] ent_addr_q[0:W-1];
  reg [SM_W-1:0] ent_sm_q[0:W-1];
  reg [7:0] ent_slot_q[0:W-1];
  reg [31:0] ent_tb_q[0:W-1];
  reg [PTB_W-1:0] ent_ptb_q[0:W-1];
  // per SM: the accepted yield in its save (spin or the entry), a saved spin, the lane's race
  reg [NSM-1:0] sv_pend_q, sv_pend_d, sv_spin_q, sv_spin_d, sp_rdy_q, sp_rdy_d;
  reg [NSM-1:0] pend_hit_q, pend_hit_d;
  (* mem2reg *) reg [E_W-1:0] sv_ent_q[0:NSM-1];
  (* mem2reg *) reg [E_W-1:0] sv_ent_d[0:NSM-1];
  reg [7:0] sp_slot_q[0:NSM-1];
  reg [31:0] sp_tb_q[0:NSM-1];
  reg [PTB_W-1:0] sp_ptb_q[0:NSM-1];
  // the wake port's register: an entry (out_spin_q = 0) or a spin of SM out_sm_q
  reg out_valid_q, out_valid_d, out_spin_q, out_spin_d;
  reg turn_q, turn_d;  // a spin's turn: an entry went ahead of a waiting spin
  reg [E_W-1:0] out_ent_q, out_ent_d;
  reg [SM_W-1:0] out_sm_q, out_sm_d;
  // the answer
  reg yr_valid_q, yr_valid_d;
  reg [SM_W-1:0] yr_sm_q, yr_sm_d;
  reg [1:0] yr_code_q, yr_code_d;
  // counters
  reg [CNT_W-1:0] cnt_take_q, cnt_take_d, cnt_spin_q, cnt_spin_d, cnt_full_q, cnt_full_d;
  reg [CNT_W-1:0] cnt_nowork_q, cnt_nowork_d, cnt_wake_q, cnt_wake_d, cnt_err_q, cnt_err_d;

  // ---------------------------------------------------------------- snooped writes
  wire [WA_W-1:0] mw_word = mw_addr_i[WA_LSB+:WA_W];
  wire [WA_W-1:0] sw_word = sw_addr_i[WA_LSB+:WA_W];
  // the byte offset within the word is not compared (a write is a whole word)
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_lsb = ^{mw_addr_i[WA_LSB-1:0], sw_addr_i[WA_LSB-1:0]};
  /* verilator lint_on UNUSEDSIGNAL */
  // every valid entry watching a written word
  reg [W-1:0] ent_hit;
  always @(*) begin
    for (e = 0; e < W; e = e + 1)
      ent_hit[e] = ent_valid_q[e] && ((mw_valid_i && (ent_addr_q[e] == mw_word)) ||
                                      (sw_valid_i && (ent_addr_q[e] == sw_word)));
  end
  // every waiting lane (addr != 0) whose word is written
  reg [NSM-1:0] lane_hit;
  reg [31:0] l_addr;
  always @(*) begin
    for (s = 0; s < NSM; s = s + 1) begin
      l_addr = yq_addr_i[32*s+:32];
      lane_hit[s] = yq_valid_i[s] && (l_addr != 32'd0) &&
                    ((mw_valid_i && (l_addr[WA_LSB+:WA_W] == mw_word)) ||
                     (sw_valid_i && (l_addr[WA_LSB+:WA_W] == sw_word)));
    end
  end

  // ---------------------------------------------------------------- yield acceptance
  wire [NSM-1:0] yq_req = yq_valid_i & ~sv_pend_q & ~sp_rdy_q;
  wire [NSM-1:0] yq_gnt;
  wire [SM_W-1:0] a_sm;
  wire acc;
  kmu_rr_arb #(
      .N(NSM)
  ) u_yq_rr (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (yq_req),
      .ack_i      (1'b1),     // a grant is always taken: the answer has no back-pressure
      .gnt_o      (yq_gnt),
      .gnt_idx_o  (a_sm),
      .gnt_valid_o(acc)
  );
  assign yq_ready_o = yq_gnt;

  wire [31:0] a_addr = yq_addr_i[32*a_sm+:32];
  wire [7:0] a_slot = yq_slot_i[8*a_sm+:8];
  wire [31:0] a_tb = yq_tb_i[32*a_sm+:32];
  wire [PTB_W-1:0] a_ptb = yq_ptb_i[PTB_W*a_sm+:PTB_W];
  wire a_work = other_i[a_sm];
  wire a_spin = (a_addr == 32'd0);
  wire a_park = park_i[a_sm];

  // the lowest free entry
  wire [E_W-1:0] f_idx;
  wire f_any;
  kmu_prio_enc #(
      .N(W)
  ) u_free_enc (
      .in_i   (~ent_valid_q),
      .idx_o  (f_idx),
      .valid_o(f_any)
  );
  wire [1:0] a_code = !a_work ? YR_NOWORK : a_spin ? (a_park ? YR_FULL : YR_SPIN) :
                     !f_any ? YR_FULL : YR_TAKEN;
  wire install = acc && (a_code == YR_TAKEN);
  wire a_sleep = acc && ((a_code == YR_TAKEN) || (a_code == YR_SPIN));

  // ---------------------------------------------------------------- release
  wire pop = out_valid_q && wk_ready_i;
  wire load = !out_valid_q || pop;
  reg [W-1:0] ent_cand;
  reg [NSM-1:0] sp_cand;
  always @(*) begin
    ent_cand = ent_valid_q & ent_woken_q & ent_saved_q;
    sp_cand  = sp_rdy_q;
    // the one in the output register is not offered again
    for (e = 0; e < W; e = e + 1)
      if (out_valid_q && !out_spin_q && (out_ent_q == e[E_W-1:0])) ent_cand[e] = 1'b0;
    for (s = 0; s < NSM; s = s + 1)
      if (out_valid_q && out_spin_q && (out_sm_q == s[SM_W-1:0])) sp_cand[s] = 1'b0;
  end
  wire [E_W-1:0] r_ent;
  wire r_ent_any;
  wire [SM_W-1:0] r_sm;
  wire r_sm_any;
  // a spin goes when no entry is ready, or on its turn
  wire pick_sp = r_sm_any && (!r_ent_any || turn_q);
  /* verilator lint_off PINCONNECTEMPTY */  // the one-hot grants are not needed: the indices are
  kmu_rr_arb #(
      .N(W)
  ) u_ent_rr (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (ent_cand),
      .ack_i      (load && !pick_sp),
      .gnt_o      (),
      .gnt_idx_o  (r_ent),
      .gnt_valid_o(r_ent_any)
  );
  kmu_rr_arb #(
      .N(NSM)
  ) u_sp_rr (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (sp_cand),
      .ack_i      (load && pick_sp),
      .gnt_o      (),
      .gnt_idx_o  (r_sm),
      .gnt_valid_o(r_sm_any)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // ---------------------------------------------------------------- next state
  always @(*) begin
    ent_valid_d  = ent_valid_q;
    ent_woken_d  = ent_woken_q | ent_hit;  // every entry watching a written word
    ent_saved_d  = ent_saved_q;
    sv_pend_d    = sv_pend_q;
    sv_spin_d    = sv_spin_q;
    sp_rdy_d     = sp_rdy_q;
    for (s = 0; s < NSM; s = s + 1) sv_ent_d[s] = sv_ent_q[s];
    out_valid_d  = out_valid_q;
    out_spin_d   = out_spin_q;
    out_ent_d    = out_ent_q;
    out_sm_d     = out_sm_q;
    turn_d       = turn_q;
    yr_valid_d   = acc;
    yr_sm_d      = a_sm;
    yr_code_d    = a_code;
    cnt_take_d   = cnt_take_q;
    cnt_spin_d   = cnt_spin_q;
    cnt_full_d   = cnt_full_q;
    cnt_nowork_d = cnt_nowork_q;
    cnt_wake_d   = cnt_wake_q;
    cnt_err_d    = cnt_err_q;

    // the lanes' race flags: any write to the lane's word while it waits, until its handshake
    pend_hit_d = (pend_hit_q | lane_hit) & yq_valid_i & ~yq_gnt;

    // save done: the spin becomes releasable, the entry saved; without a yield: refused
    for (s = 0; s < NSM; s = s + 1) begin
      if (sd_valid_i[s] && sv_pend_q[s]) begin
        sv_pend_d[s] = 1'b0;
        if (sv_spin_q[s]) sp_rdy_d[s] = 1'b1;
        else
          for (e = 0; e < W; e = e + 1)
            if (sv_ent_q[s] == e[E_W-1:0]) ent_saved_d[e] = 1'b1;
      end
    end
    if (|(sd_valid_i & ~sv_pend_q) && (cnt_err_q != CNT_MAX)) cnt_err_d = cnt_err_q + 1'b1;

    // the accepted yield: its answer, its entry (woken at once by a write seen while it waited
    // or in this cycle: the atomic check)
    if (a_sleep) begin
      for (s = 0; s < NSM; s = s + 1)
        if (a_sm == s[SM_W-1:0]) begin
          sv_pend_d[s] = 1'b1;
          sv_spin_d[s] = a_spin;
          sv_ent_d[s]  = f_idx;
        end
    end
    if (install) begin
      for (e = 0; e < W; e = e + 1)
        if (f_idx == e[E_W-1:0]) begin
          ent_valid_d[e] = 1'b1;
          ent_woken_d[e] = pend_hit_q[a_sm] | lane_hit[a_sm];
          ent_saved_d[e] = 1'b0;
        end
    end
    if (acc) begin
      case (a_code)
        YR_TAKEN:  if (cnt_take_q != CNT_MAX) cnt_take_d = cnt_take_q + 1'b1;
        YR_SPIN:   if (cnt_spin_q != CNT_MAX) cnt_spin_d = cnt_spin_q + 1'b1;
        YR_FULL:   if (cnt_full_q != CNT_MAX) cnt_full_d = cnt_full_q + 1'b1;
        default:   if (cnt_nowork_q != CNT_MAX) cnt_nowork_d = cnt_nowork_q + 1'b1;
      endcase
    end

    // the wake port: the popped TB leaves the table; the register takes the next one
    if (pop) begin
      if (out_spin_q) begin
        for (s = 0; s < NSM; s = s + 1) if (out_sm_q == s[SM_W-1:0]) sp_rdy_d[s] = 1'b0;
      end else begin
        for (e = 0; e < W; e = e + 1)
          if (out_ent_q == e[E_W-1:0]) begin
            ent_valid_d[e] = 1'b0;
            ent_woken_d[e] = 1'b0;
            ent_saved_d[e] = 1'b0;
          end
        if (cnt_wake_q != CNT_MAX) cnt_wake_d = cnt_wake_q + 1'b1;
      end
    end
    if (load) begin
      out_valid_d = r_ent_any || r_sm_any;
      out_spin_d  = pick_sp;
      out_ent_d   = r_ent;
      out_sm_d    = r_sm;
      if (pick_sp) turn_d = 1'b0;
      else if (r_ent_any && r_sm_any) turn_d = 1'b1;
    end
  end

  // ---------------------------------------------------------------- registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ent_valid_q  <= {W{1'b0}};
      ent_woken_q  <= {W{1'b0}};
      ent_saved_q  <= {W{1'b0}};
      sv_pend_q    <= {NSM{1'b0}};
      sv_spin_q    <= {NSM{1'b0}};
      sp_rdy_q     <= {NSM{1'b0}};
      pend_hit_q   <= {NSM{1'b0}};
      out_valid_q  <= 1'b0;
      out_spin_q   <= 1'b0;
      turn_q       <= 1'b0;
      out_ent_q    <= {E_W{1'b0}};
      out_sm_q     <= {SM_W{1'b0}};
      yr_valid_q   <= 1'b0;
      yr_sm_q      <= {SM_W{1'b0}};
      yr_code_q    <= 2'd0;
      cnt_take_q   <= {CNT_W{1'b0}};
      cnt_spin_q   <= {CNT_W{1'b0}};
      cnt_full_q   <= {CNT_W{1'b0}};
      cnt_nowork_q <= {CNT_W{1'b0}};
      cnt_wake_q   <= {CNT_W{1'b0}};
      cnt_err_q    <= {CNT_W{1'b0}};
    end else begin
      ent_valid_q  <= ent_valid_d;
      ent_woken_q  <= ent_woken_d;
      ent_saved_q  <= ent_saved_d;
      sv_pend_q    <= sv_pend_d;
      sv_spin_q    <= sv_spin_d;
      sp_rdy_q     <= sp_rdy_d;
      pend_hit_q   <= pend_hit_d;
      out_valid_q  <= out_valid_d;
      out_spin_q   <= out_spin_d;
      turn_q       <= turn_d;
      out_ent_q    <= out_ent_d;
      out_sm_q     <= out_sm_d;
      yr_valid_q   <= yr_valid_d;
      yr_sm_q      <= yr_sm_d;
      yr_code_q    <= yr_code_d;
      cnt_take_q   <= cnt_take_d;
      cnt_spin_q   <= cnt_spin_d;
      cnt_full_q   <= cnt_full_d;
      cnt_nowork_q <= cnt_nowork_d;
      cnt_wake_q   <= cnt_wake_d;
      cnt_err_q    <= cnt_err_d;
    end
  end

  // per-SM entry index (no reset: read only while sv_pend_q is set, written with it)
  always @(posedge clk_i) begin
    for (s = 0; s < NSM; s = s + 1) sv_ent_q[s] <= sv_ent_d[s];
  end

  // tables without reset: one write port each (the install, the accepted yield's SM)
  always @(posedge clk_i) begin
    if (install) begin
      ent_addr_q[f_idx] <= a_addr[WA_LSB+:WA_W];
      ent_sm_q[f_idx]   <= a_sm;
      ent_slot_q[f_idx] <= a_slot;
      ent_tb_q[f_idx]   <= a_tb;
      ent_ptb_q[f_idx]  <= a_ptb;
    end
    if (acc) begin
      sp_slot_q[a_sm] <= a_slot;
      sp_tb_q[a_sm]   <= a_tb;
      sp_ptb_q[a_sm]  <= a_ptb;
    end
  end

  // ---------------------------------------------------------------- outputs
  assign yr_valid_o   = yr_valid_q;
  assign yr_sm_o      = yr_sm_q;
  assign yr_code_o    = yr_code_q;
  assign wk_valid_o   = out_valid_q;
  assign wk_head_o    = !out_spin_q;
  assign wk_sm_o      = out_spin_q ? out_sm_q : ent_sm_q[out_ent_q];
  assign wk_slot_o    = out_spin_q ? sp_slot_q[out_sm_q] : ent_slot_q[out_ent_q];
  assign wk_tb_o      = out_spin_q ? sp_tb_q[out_sm_q] : ent_tb_q[out_ent_q];
  assign wk_ptb_o     = out_spin_q ? sp_ptb_q[out_sm_q] : ent_ptb_q[out_ent_q];
  assign cnt_take_o   = cnt_take_q;
  assign cnt_spin_o   = cnt_spin_q;
  assign cnt_full_o   = cnt_full_q;
  assign cnt_nowork_o = cnt_nowork_q;
  assign cnt_wake_o   = cnt_wake_q;
  assign cnt_err_o    = cnt_err_q;

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // Invariants for any input sequence (simulation only; synthesis never sees them):
  //   - woken / saved only on valid entries;
  //   - the output register names a releasable TB: a valid, woken and saved entry or a saved spin;
  //   - an SM in its save (not a spin) names a valid, unsaved entry, no other SM names it, and
  //     every valid unsaved entry is named by exactly one such SM (conservation: no entry is
  //     orphaned, so every taken yield is released once its save and a write have come);
  //   - an SM is never both in its save and holding a saved spin;
  //   - at most one lane is granted, never a blocked one.
  // rst_ni only masks the checks in reset (no flop): hence the lint waiver.
  // a_own_bad[e]: entry e is not named by exactly the SMs the conservation rule says
  reg [W-1:0] a_own_bad;
  reg [7:0] a_owners;
  integer a_s, a_e;
  always @(*) begin
    for (a_e = 0; a_e < W; a_e = a_e + 1) begin
      a_owners = 8'd0;
      for (a_s = 0; a_s < NSM; a_s = a_s + 1)
        if (sv_pend_q[a_s] && !sv_spin_q[a_s] && (sv_ent_q[a_s] == a_e[E_W-1:0]))
          a_owners = a_owners + 8'd1;
      a_own_bad[a_e] = (ent_valid_q[a_e] && !ent_saved_q[a_e]) ? (a_owners != 8'd1) :
                                                                 (a_owners != 8'd0);
    end
  end
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (((ent_woken_q | ent_saved_q) & ~ent_valid_q) != {W{1'b0}}) begin
        $display("ASSERTION kmu_yield_mon %m t=%0t: woken %h / saved %h outside valid %h", $time,
                 ent_woken_q, ent_saved_q, ent_valid_q);
        $stop;
      end
      if (out_valid_q && !out_spin_q && !(ent_valid_q[out_ent_q] && ent_woken_q[out_ent_q] &&
                                          ent_saved_q[out_ent_q])) begin
        $display("ASSERTION kmu_yield_mon %m t=%0t: wake port names entry %0d, not releasable",
                 $time, out_ent_q);
        $stop;
      end
      if (out_valid_q && out_spin_q && !sp_rdy_q[out_sm_q]) begin
        $display("ASSERTION kmu_yield_mon %m t=%0t: wake port names SM %0d, no saved spin", $time,
                 out_sm_q);
        $stop;
      end
      if ((sv_pend_q & sp_rdy_q) != {NSM{1'b0}}) begin
        $display("ASSERTION kmu_yield_mon %m t=%0t: SMs %h in a save and holding a spin", $time,
                 sv_pend_q & sp_rdy_q);
        $stop;
      end
      if ((yq_ready_o & (yq_ready_o - 1'b1)) != {NSM{1'b0}} ||
          (yq_ready_o & (sv_pend_q | sp_rdy_q)) != {NSM{1'b0}}) begin
        $display("ASSERTION kmu_yield_mon %m t=%0t: lanes %h granted (blocked %h)", $time,
                 yq_ready_o, sv_pend_q | sp_rdy_q);
        $stop;
      end
      for (a_s = 0; a_s < NSM; a_s = a_s + 1)
        if (sv_pend_q[a_s] && !sv_spin_q[a_s] &&
            !(ent_valid_q[sv_ent_q[a_s]] && !ent_saved_q[sv_ent_q[a_s]])) begin
          $display("ASSERTION kmu_yield_mon %m t=%0t: SM %0d in its save names entry %0d, not a valid unsaved one",
                   $time, a_s, sv_ent_q[a_s]);
          $stop;
        end
      if (a_own_bad != {W{1'b0}}) begin
        $display("ASSERTION kmu_yield_mon %m t=%0t: entries %h not named by exactly one SM in its save (valid %h saved %h)",
                 $time, a_own_bad, ent_valid_q, ent_saved_q);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
