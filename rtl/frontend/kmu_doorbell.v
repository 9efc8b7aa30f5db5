// kmu_doorbell - EDGE doorbell decoder: a doorbell write becomes a launch request of the EKT
// entry it names, or a refusal.  A doorbell is never held on the bus: it is taken in the cycle
// it arrives (db_ready_o = 1), and one the EKT cannot take now waits in a pending-doorbell
// count of its entry, drained into the EKT as it has room (issue 13: a back-pressured doorbell
// held the one AXI-Lite port, and the I/O device's wake-up write queued behind it never came).
//
// EDGE (edge-event-driven-gpu-execution.txt) III-C: "each entry in the EKT is tied to a unique
// doorbell register"; a device launches an event kernel with one write to its doorbell.  The
// register block (kmu_csr) turns a doorbell-window write into db_idx_i (word index); this block
// checks the index and the entry and forwards it to the EKT (kmu_ekt) as a launch.
//
// A doorbell taken (db_valid_i) with index idx, in this order:
//   idx >= ENTRIES         : unknown.  err_unknown_o pulses, nothing is launched.
//   !valid_i[idx]          : the entry is not registered.  err_unreg_o pulses (checked here, not
//                            in the EKT, so that a doorbell waiting in a count can never launch
//                            a kernel registered after it was rung).
//   cnt[idx] = 2^PEND_W-1  : the entry's pending count is full.  err_full_o pulses (shown as
//                            an in-flight refusal: DB_INFLIGHT, cause INFLIGHT).
//   otherwise, no doorbell pending anywhere and launch_ready_i: offered to the EKT in this
//                            cycle (launch_id_o = idx): the latency of the block before issue 13.
//   otherwise              : cnt[idx] + 1 (it waits).
// While any count is non-zero, launch_valid_o = 1 with launch_id_o = the round-robin grant
// (kmu_rr_arb) over the non-zero counts; the launch handshake takes one from that count.  A
// new doorbell then always waits in its count, so one entry's doorbells stay in ring order.
// The EKT's verdict in the handshake (launch_err_i: INFLIGHT) refuses the drained doorbell.
// Conservation: every doorbell taken is one launch handshake, one refusal here, or one unit of
// a count (a scoreboard checks it: tb/test_kmu_doorbell.c).
//
// Unregister: the count holds doorbells of a registered entry, so an unregister of an entry
// with a non-zero count is answered BUSY here and not passed to the EKT (unreg_valid_o low):
// the entry cannot be freed (and reallocated) under its waiting doorbells.  Precondition:
// db_valid_i and unreg_valid_i are never high in one cycle (kmu_csr takes one bus request per
// cycle); the assertions check it.
//
// The counts (issue 15: LUT RAM on ECP5, was 1,827 LUT4 of registers and multiplexers at 32
// entries): a count is the difference of two words of LUT RAM without reset, rcnt_m[e] (bumped
// by a doorbell waiting) and dcnt_m[e] (bumped by a drain), so a ring and a drain in one cycle
// write different memories: each has one write port.  Per entry two flag registers with reset:
// nz_q (count != 0) and full_q (count = 2^PEND_W - 1); a count is rcnt_m - dcnt_m (mod
// 2^PEND_W) only while nz_q is set, and a doorbell into a zero count writes rcnt_m = dcnt_m + 1,
// so the memories' power-up contents never reach an output.  Reads: the ringing entry's two
// words (its count and the full flag after the ring) and the granted entry's two (is the drain
// its last?), four asynchronous read ports; one shared incrementer per memory, no per-entry
// adders.  A ring and a drain of one entry in one cycle write both words, so the count and its
// flags stay.

// It keeps the last refused doorbell (last_err_idx_o, last_err_cause_o, shown in ERR_DB_INFO):
// a refusal here (index idx) wins over an EKT refusal of a drained doorbell in the same cycle
// (index launch_id_o).  Codes come from the register map (db_cause_e, launch_err_e,
// unreg_code_e in kmu_regmap.vh).
//
// Latency: 0 cycles db_* -> launch_* while nothing is pending (combinational), else the
// doorbell waits its turn.  Bus side: a doorbell is answered in the cycle it is offered,
// whatever the EKT does (db_ready_o = 1).  Outputs other than last_err_* are combinational
// from db_*, valid_i, unreg_*, launch_ready_i (only the counts' next state) and the counts.
// C twin: cmodel/frontend/kmu_doorbell.c.
`default_nettype none

module kmu_doorbell #(
    parameter integer ENTRIES = 8,  // EKT entries (doorbells 0..ENTRIES-1 are known), 1..64
    parameter integer PEND_W  = 8,  // bits of a pending-doorbell count, 1..16
    // derived, do not override: EKT entry id width, max(1, clog2(ENTRIES))
    parameter integer ID_W    = (ENTRIES > 1) ? $clog2(ENTRIES) : 1
) (
    input  wire               clk_i,
    input  wire               rst_ni,
    // from kmu_csr: a doorbell-window write
    input  wire               db_valid_i,
    output wire               db_ready_o,        // 1: a doorbell never waits
    input  wire [        9:0] db_idx_i,          // doorbell word index (0..1023)
    input  wire [ENTRIES-1:0] valid_i,           // kmu_ekt's registered entries
    // to kmu_ekt: launch request
    output wire               launch_valid_o,
    input  wire               launch_ready_i,
    output wire [   ID_W-1:0] launch_id_o,
    input  wire [        1:0] launch_err_i,      // launch_err_e, valid in the launch handshake
    // unregister, from kmu_csr to kmu_ekt and its code back
    input  wire               unreg_valid_i,
    input  wire [   ID_W-1:0] unreg_id_i,
    output wire               unreg_valid_o,     // unreg_valid_i, unless doorbells are waiting
    input  wire [        1:0] unreg_code_i,      // kmu_ekt's unreg_code_e
    output wire [        1:0] unreg_code_o,      // BUSY while doorbells are waiting, else the EKT's
    // to kmu_csr: errors
    output wire               err_unknown_o,     // pulse: a doorbell with index >= ENTRIES
    output wire               err_unreg_o,       // pulse: a doorbell of an unregistered entry
    output wire               err_full_o,        // pulse: a doorbell whose count is full
    output wire [       15:0] last_err_idx_o,    // index of the last refused doorbell
    output wire [        1:0] last_err_cause_o,  // db_cause_e of the last refused doorbell
    output wire               pending_o          // some doorbell is waiting in a count
);
`include "kmu_regmap.vh"

  localparam [PEND_W-1:0] CNT_FULL = {PEND_W{1'b1}};

  integer e;

  reg [9:0] last_idx_q, last_idx_d;
  reg [1:0] last_cause_q, last_cause_d;
  // the count memories (LUT RAM, no reset), 2^ID_W words so that every ID_W-bit index reads
  // inside them (ENTRIES need not be a power of two; words >= ENTRIES are never written)
  localparam integer NW = 1 << ID_W;
  reg [PEND_W-1:0] rcnt_m[0:NW-1];  // doorbells that waited in the count, mod 2^PEND_W
  reg [PEND_W-1:0] dcnt_m[0:NW-1];  // doorbells drained from it, mod 2^PEND_W
  // per-entry flags (reset), padded with zeros to NW bits for the reads
  reg [ENTRIES-1:0] nz_q, nz_d;  // count != 0
  reg [ENTRIES-1:0] full_q, full_d;  // count = 2^PEND_W - 1
  wire [NW-1:0] nz_pad, full_pad, valid_pad;
  genvar gp;
  generate
    for (gp = 0; gp < NW; gp = gp + 1) begin : g_pad
      if (gp < ENTRIES) begin : g_in
        assign nz_pad[gp] = nz_q[gp];
        assign full_pad[gp] = full_q[gp];
        assign valid_pad[gp] = valid_i[gp];
      end else begin : g_out
        assign nz_pad[gp] = 1'b0;
        assign full_pad[gp] = 1'b0;
        assign valid_pad[gp] = 1'b0;
      end
    end
  endgenerate
  wire any_pend = (nz_q != {ENTRIES{1'b0}});

  // the drain: round-robin over the entries with a non-zero count
  wire [ENTRIES-1:0] unused_gnt;
  wire [ID_W-1:0] gnt_idx;
  wire unused_gnt_valid;  // = any_pend
  wire drain = any_pend && launch_ready_i;  // the handshake takes one from the granted count
  kmu_rr_arb #(
      .N(ENTRIES)
  ) u_arb (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .req_i      (nz_q),
      .ack_i      (drain),
      .gnt_o      (unused_gnt),
      .gnt_idx_o  (gnt_idx),
      .gnt_valid_o(unused_gnt_valid)
  );

  // the ringing entry, read by id (an index >= ENTRIES reads as unregistered, count 0)
  wire [ID_W-1:0] ring_id = db_idx_i[ID_W-1:0];
  // The index is 10 bits, so ENTRIES >= 1024 makes every doorbell known.
  wire unknown = ({22'd0, db_idx_i} >= ENTRIES);
  wire r_valid = valid_pad[ring_id];
  wire r_full = full_pad[ring_id];
  wire r_nz = nz_pad[ring_id];
  wire u_hold = nz_pad[unreg_id_i];  // the unregistered entry has doorbells waiting
  wire [PEND_W-1:0] r_rc = rcnt_m[ring_id];
  wire [PEND_W-1:0] r_dc = dcnt_m[ring_id];
  wire [PEND_W-1:0] g_rc = rcnt_m[gnt_idx];
  wire [PEND_W-1:0] g_dc = dcnt_m[gnt_idx];
  // the ringing and the granted entry's count (the granted one is non-zero: nz_q)
  wire [PEND_W-1:0] r_cnt = r_nz ? (r_rc - r_dc) : {PEND_W{1'b0}};
  wire [PEND_W-1:0] g_cnt = g_rc - g_dc;

  wire known = db_valid_i && !unknown;
  wire ring_ok = known && r_valid && !r_full;  // goes to the EKT now or waits in its count
  wire bypass = ring_ok && !any_pend && launch_ready_i;  // straight to the EKT this cycle
  wire inc = ring_ok && !bypass;
  // one incrementer per memory, shared by all entries: a ring into a zero count starts its
  // rcnt_m word from the entry's dcnt_m word (the difference then is 1)
  localparam [PEND_W-1:0] ONE = {{(PEND_W - 1) {1'b0}}, 1'b1};
  wire [PEND_W-1:0] rc_new = (r_nz ? r_rc : r_dc) + ONE;
  wire [PEND_W-1:0] dc_new = g_dc + ONE;
  wire inc_full = (r_cnt == CNT_FULL - ONE);  // the ring fills the count
  wire dec_last = (g_cnt == ONE);  // the drain empties the count
  wire same = (ring_id == gnt_idx);  // a ring and a drain of one entry cancel

  assign db_ready_o = 1'b1;
  assign launch_valid_o = any_pend || ring_ok;
  assign launch_id_o = any_pend ? gnt_idx : ring_id;
  wire launch_fire = launch_valid_o && launch_ready_i;
  assign err_unknown_o = db_valid_i && unknown;
  assign err_unreg_o = known && !r_valid;
  assign err_full_o = known && r_valid && r_full;
  assign unreg_valid_o = unreg_valid_i && !u_hold;
  assign unreg_code_o = u_hold ? KMU_UNREG_CODE_BUSY : unreg_code_i;
  assign last_err_idx_o = {6'd0, last_idx_q};
  assign last_err_cause_o = last_cause_q;
  assign pending_o = any_pend;

  always @(*) begin
    last_idx_d = last_idx_q;
    last_cause_d = last_cause_q;
    // the flags: a ring sets nz and full when it fills the count, a drain clears full and
    // clears nz when it takes the last; both of one entry leave them
    nz_d = nz_q;
    full_d = full_q;
    for (e = 0; e < ENTRIES; e = e + 1) begin
      if (inc && (ring_id == e[ID_W-1:0]) && !(drain && same)) begin
        nz_d[e] = 1'b1;
        full_d[e] = inc_full;
      end
      if (drain && (gnt_idx == e[ID_W-1:0]) && !(inc && same)) begin
        nz_d[e] = !dec_last;
        full_d[e] = 1'b0;
      end
    end
    if (err_unknown_o) begin
      last_idx_d = db_idx_i;
      last_cause_d = KMU_DB_CAUSE_UNKNOWN;
    end else if (err_unreg_o) begin
      last_idx_d = db_idx_i;
      last_cause_d = KMU_DB_CAUSE_UNREGISTERED;
    end else if (err_full_o) begin
      last_idx_d = db_idx_i;
      last_cause_d = KMU_DB_CAUSE_INFLIGHT;
    end else if (launch_fire && launch_err_i == KMU_LAUNCH_ERR_UNREGISTERED) begin
      last_idx_d = {{(10 - ID_W) {1'b0}}, launch_id_o};
      last_cause_d = KMU_DB_CAUSE_UNREGISTERED;
    end else if (launch_fire && launch_err_i == KMU_LAUNCH_ERR_INFLIGHT) begin
      last_idx_d = {{(10 - ID_W) {1'b0}}, launch_id_o};
      last_cause_d = KMU_DB_CAUSE_INFLIGHT;
    end
  end

`ifdef KMU_ZERO_POWERUP
  // Simulation only (make icarus-agree defines it for iverilog; synthesis and the Verilated
  // harnesses never do): the count words start at zero, as the Verilated records do
  // (KMU_POWERUP=0).  A ring into a zero count reads its entry's dcnt_m word, which may never
  // have been written: the difference rc - dc is exact for any content (the random power-up
  // of the lockstep runs checks that), but four-state Icarus computes X from an X word, and an
  // `if` on that X then takes its else branch, so without this its replay of a record left
  // the Verilated run's (measured: launch_valid_o / pending_o at cycle 65 of a directed test).
  integer zi;
  initial
    for (zi = 0; zi < NW; zi = zi + 1) begin
      rcnt_m[zi] = {PEND_W{1'b0}};
      dcnt_m[zi] = {PEND_W{1'b0}};
    end
`endif
  // the count memories: one write port each, no reset
  always @(posedge clk_i) begin
    if (inc) rcnt_m[ring_id] <= rc_new;
    if (drain) dcnt_m[gnt_idx] <= dc_new;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_idx_q   <= 10'd0;
      last_cause_q <= KMU_DB_CAUSE_NONE;
      nz_q         <= {ENTRIES{1'b0}};
      full_q       <= {ENTRIES{1'b0}};
    end else begin
      last_idx_q   <= last_idx_d;
      last_cause_q <= last_cause_d;
      nz_q         <= nz_d;
      full_q       <= full_d;
    end
  end

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // The bounded-answer rule (issue 13): a doorbell is answered in the cycle it is offered
  // (bound 0 cycles here; kmu_frontend's bus bound follows from it); a count never wraps; a
  // waiting doorbell belongs to a registered entry (its unregister is held BUSY), so it never
  // launches a kernel registered after it was rung.  rst_ni only masks the checks in reset.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (db_valid_i && !db_ready_o) begin
        $display("ASSERTION kmu_doorbell %m t=%0t: doorbell %0d not taken at once", $time,
                 db_idx_i);
        $stop;
      end
      if (db_valid_i && unreg_valid_i) begin
        $display("ASSERTION kmu_doorbell %m t=%0t: a doorbell and an unregister in one cycle",
                 $time);
        $stop;
      end
      if ((inc && r_full) || (drain && g_cnt == {PEND_W{1'b0}})) begin
        $display("ASSERTION kmu_doorbell %m t=%0t: pending count wraps", $time);
        $stop;
      end
      // the flags tell the count: non-zero, full exactly at 2^PEND_W - 1
      for (e = 0; e < ENTRIES; e = e + 1) begin
        if (nz_q[e] && (rcnt_m[e] == dcnt_m[e])) begin
          $display("ASSERTION kmu_doorbell %m t=%0t: entry %0d flagged non-zero with count 0",
                   $time, e);
          $stop;
        end
        if (full_q[e] != (nz_q[e] && (rcnt_m[e] - dcnt_m[e] == CNT_FULL))) begin
          $display("ASSERTION kmu_doorbell %m t=%0t: entry %0d full flag %0d, count %0d", $time,
                   e, full_q[e], nz_q[e] ? rcnt_m[e] - dcnt_m[e] : 0);
          $stop;
        end
      end
      if ((nz_q & ~valid_i) != {ENTRIES{1'b0}}) begin
        $display("ASSERTION kmu_doorbell %m t=%0t: doorbells wait for unregistered entries %h",
                 $time, nz_q & ~valid_i);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
