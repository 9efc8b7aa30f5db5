// kmu_preempt_ctrl - the system's TB-level preemption trigger: when the dispatcher cannot start
// a TB of priority level L anywhere, ask the SMs that run only lower-priority TBs to preempt
// (each SM's kmu_pep_predictor then decides switch or drain per TB under the policy), and hold
// the restores of what they switch out until level L and above have no TB left to issue.
//
// Papers: PEP 3.3 / Chimera 3 (a preemption request to an SM; switch, drain or, PEP, use the
// base checkpoint), EDGE IV-B (draining is the baseline: with en_i = 0 nothing is asked and the
// dispatcher's strict priority only lets the running TBs drain).
//
// Which SMs: candidate SM s = every TB the SM's sequencer may preempt now (elig_i[s], kmu_sm_ctrl:
// resident, started, not an event warp, no switch pending) is of a level below L, and at least
// one is.  An SM that also runs TBs of level >= L is left alone (a request would switch them
// too), so is an SM already asked in this episode.  One SM at a time: the lowest candidate is
// asked, and the next only when the stall persists, WAIT cycles have passed (the request ->
// decision -> pause path, so that the asked SM's busy_i shows) and no asked SM is still saving
// (busy_i).  Asking every candidate at once made all SMs save at once through the one memory
// port, so the first room freed took NSM times longer, and it switched out far more TBs than the
// waiting level needed (make run, paper size: background 2.7x slower, the high-priority kernel
// no faster than draining); one SM at a time frees room at one SM's save speed and stops once
// the level's TBs fit.  all_i (PRE_CTRL.ALL) restores the other way, for studies of it: every
// candidate is asked in the same request (PEP's sweep with a preemption that takes every SM at
// once through the shared memory port); the WAIT and busy_i gating stay as they are.
// Levels: the level of a kernel tag is written when kmu_kmu hands out one of its TBs (take:
// tag, dispatcher level in that cycle) into tag_lvl_q (CT x 2 bits, no reset: a tag's level is
// always written before any TB of it starts); the level of resident entry e of SM s is copied
// from it at the entry's SIMT start handshake (the start bus carries sm, rtb and tag; a restored
// TB is offered on the same bus, so its new entry gets its level too) into ent_lvl_q.
// Episode: the first request sets active_q and level_q = L; a request of another level while
// active makes level_q the lower of the two.  hold_o = active_q.  The episode ends (active_q,
// the asked-SM mask cleared) in the first cycle in which no level >= level_q has a TB left to
// issue (lvl_has_tb_i, kmu_kmu's slot_pk != 0); then the SMs restore their switched-out TBs.
//
// A request in the cycle the episode would end wins: the episode goes on (asked mask kept,
// level_q the lower level), the usual way a lower level joins an episode under strict priority.
// Latency: stall in cycle t -> preempt_o (a register) in t+1; the SM is busy from t+2 (its
// kmu_pep_predictor's walk decides, 2 TBS + 1 cycles or more, then it pauses); the next SM can be
// asked in t+1+WAIT at the earliest.  hold_o rises with
// preempt_o; lvl_has_tb_i showing no level >= level_q in cycle u -> hold_o low in u+1.
// Interface contract: every input is a registered output or a same-cycle net of the system top;
// outputs are registers.  preempt_o is a one-cycle pulse per SM and episode.
// C twin: cmodel/preempt/kmu_preempt_ctrl.c.
`default_nettype none

module kmu_preempt_ctrl #(
    parameter integer NSM = 2,  // SMs (1..64)
    parameter integer TBS = 4,  // resident TB entries per SM (1..64)
    parameter integer CT  = 8   // kernel tags (kmu_kmu completion-table entries, 1..256)
) (
    input  wire                                      clk_i,
    input  wire                                      rst_ni,        // asynchronous, active low
    input  wire                                      en_i,          // policy != DRAIN
    input  wire                                      all_i,         // ask every candidate at once
    // dispatcher: the chosen level has TBs left and nothing goes out
    input  wire                                      stall_i,
    input  wire [                               1:0] level_i,
    // kmu_kmu: level k still has TBs to issue (|slot_pk)
    input  wire [                               3:0] lvl_has_tb_i,
    // a TB is taken (its kernel tag) at the dispatcher's level_i
    input  wire                                      take_valid_i,
    input  wire [        ((CT > 1) ? $clog2(CT) : 1)-1:0] take_tag_i,
    // SIMT start bus handshake (a new or restored TB enters entry rtb of SM sm)
    input  wire                                      st_fire_i,
    input  wire [      ((NSM > 1) ? $clog2(NSM) : 1)-1:0] st_sm_i,
    input  wire [      ((TBS > 1) ? $clog2(TBS) : 1)-1:0] st_rtb_i,
    input  wire [        ((CT > 1) ? $clog2(CT) : 1)-1:0] st_tag_i,
    // the SMs' preemptible entries (kmu_sm elig_o), SM s at [s*TBS +: TBS]
    input  wire [                         NSM*TBS-1:0] elig_i,
    input  wire [                             NSM-1:0] busy_i,      // SM s saves or restores
    output wire [                             NSM-1:0] preempt_o,   // preemption request (pulse)
    output wire                                      hold_o,        // hold restores
    output wire                                      req_o          // a request this cycle
);
  localparam integer SM_W = (NSM > 1) ? $clog2(NSM) : 1;
  localparam integer RTB_W = (TBS > 1) ? $clog2(TBS) : 1;

  // ---------------------------------------------------------------- level tables (no reset)
  reg [1:0] tag_lvl_q[0:CT-1];
  reg [1:0] ent_lvl_q[0:NSM*TBS-1];
  wire [1:0] st_lvl = tag_lvl_q[st_tag_i];
  always @(posedge clk_i) begin
    if (take_valid_i) tag_lvl_q[take_tag_i] <= level_i;
    if (st_fire_i) ent_lvl_q[{{(32 - SM_W) {1'b0}}, st_sm_i} * TBS + {{(32 - RTB_W) {1'b0}}, st_rtb_i}] <= st_lvl;
  end

  // ---------------------------------------------------------------- episode state
  localparam [2:0] WAIT = 3'd4;  // cycles after a request before the next (see the header)
  reg [NSM-1:0] preempt_q, asked_q;
  reg           active_q;
  reg [    1:0] level_q;
  reg [    2:0] wait_q;

  // candidates: eligible entries all below level_i, at least one
  reg [NSM-1:0] low, high, cand;
  integer s, e;
  always @(*) begin
    low  = {NSM{1'b0}};
    high = {NSM{1'b0}};
    for (s = 0; s < NSM; s = s + 1) begin
      for (e = 0; e < TBS; e = e + 1) begin
        if (elig_i[s*TBS+e]) begin
          if (ent_lvl_q[s*TBS+e] < level_i) low[s] = 1'b1;
          else high[s] = 1'b1;
        end
      end
    end
    cand = low & ~high & ~asked_q;
  end

  // the lowest candidate (cand & -cand), or all of them (all_i), asked when no asked SM is still
  // saving
  localparam [NSM-1:0] ONE = 1;
  wire [NSM-1:0] pick = all_i ? cand : (cand & (~cand + ONE));
  wire       trig = en_i && stall_i && (level_i != 2'd0) && (|cand) && (wait_q == 3'd0) &&
                    !(|(asked_q & busy_i));
  // levels >= level_q with TBs left: lvl_has_tb_i masked by a thermometer of level_q
  wire [3:0] at_or_above = 4'b1111 << level_q;
  wire       release_now = active_q && !(|(lvl_has_tb_i & at_or_above));
  wire [1:0] lvl_min = (active_q && (level_q < level_i)) ? level_q : level_i;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      preempt_q <= {NSM{1'b0}};
      asked_q   <= {NSM{1'b0}};
      active_q  <= 1'b0;
      level_q   <= 2'd0;
      wait_q    <= 3'd0;
    end else begin
      preempt_q <= trig ? pick : {NSM{1'b0}};
      wait_q    <= trig ? WAIT : (wait_q != 3'd0) ? wait_q - 3'd1 : 3'd0;
      if (trig) begin
        asked_q  <= asked_q | pick;
        active_q <= 1'b1;
        level_q  <= lvl_min;
      end else if (release_now) begin
        asked_q  <= {NSM{1'b0}};
        active_q <= 1'b0;
      end
    end
  end

  assign preempt_o = preempt_q;
  assign hold_o    = active_q;
  assign req_o     = |preempt_q;

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // Checked every cycle in simulation (KMU_ASSERT: Verilator and Icarus builds; synthesis never
  // sees them).  A request goes only to SMs of the episode, once per episode: the asked mask
  // covers every pulse; nothing is asked outside an episode.  rst_ni only masks the checks in
  // reset (no flop): hence the lint waiver.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if ((preempt_q & ~asked_q) != {NSM{1'b0}}) begin
        $display("ASSERTION kmu_preempt_ctrl %m t=%0t: request %h outside the asked mask %h",
                 $time, preempt_q, asked_q);
        $stop;
      end
      if (!active_q && (asked_q != {NSM{1'b0}})) begin
        $display("ASSERTION kmu_preempt_ctrl %m t=%0t: SMs %h asked outside an episode", $time,
                 asked_q);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
