// kmu_doorbell - EDGE doorbell decoder: a doorbell write becomes a launch request of the EKT
// entry it names, or a refusal.
//
// EDGE (edge-event-driven-gpu-execution.txt) III-C: "each entry in the EKT is tied to a unique
// doorbell register"; a device launches an event kernel with one write to its doorbell.  The
// register block (kmu_csr) turns a doorbell-window write into db_idx_i (word index); this block
// checks the index against the table size and forwards it to the EKT (kmu_ekt) as a launch.
//
//   db_idx_i >= ENTRIES : unknown doorbell.  db_ready_o = 1 (the write is consumed),
//                         err_unknown_o pulses, nothing is launched.
//   otherwise           : launch_valid_o = db_valid_i, launch_id_o = db_idx_i[ID_W-1:0],
//                         db_ready_o = launch_ready_i (the EKT's back-pressure reaches the bus).
//
// It keeps the last refused doorbell (last_err_idx_o, last_err_cause_o, shown in ERR_DB_INFO):
// cause UNKNOWN from its own check, UNREGISTERED / INFLIGHT from the EKT's launch_err_i in the
// launch handshake cycle (launch_valid_o && launch_ready_i).  Cause codes come from the
// register map (db_cause_e, launch_err_e in kmu_regmap.vh).
//
// Latency: 0 cycles, db_* -> launch_* is combinational.  State: the last-error register only.
// Handshake: db_valid_i/db_ready_o and launch_valid_o/launch_ready_i are valid/ready pairs; a
// doorbell is taken in a cycle with db_valid_i && db_ready_o.  db_ready_o depends
// combinationally on launch_ready_i and db_idx_i (never on db_valid_i).
// C twin: cmodel/frontend/kmu_doorbell.c.
`default_nettype none

module kmu_doorbell #(
    parameter integer ENTRIES = 8,  // EKT entries (doorbells 0..ENTRIES-1 are known), 1..1024
    // derived, do not override: EKT entry id width, max(1, clog2(ENTRIES))
    parameter integer ID_W    = (ENTRIES > 1) ? $clog2(ENTRIES) : 1
) (
    input  wire            clk_i,
    input  wire            rst_ni,
    // from kmu_csr: a doorbell-window write
    input  wire            db_valid_i,
    output wire            db_ready_o,        // 1 for an unknown index, else launch_ready_i
    input  wire [     9:0] db_idx_i,          // doorbell word index (0..1023)
    // to kmu_ekt: launch request
    output wire            launch_valid_o,    // db_valid_i && index known
    input  wire            launch_ready_i,
    output wire [ID_W-1:0] launch_id_o,       // EKT entry = doorbell index
    input  wire [     1:0] launch_err_i,      // launch_err_e, valid in the launch handshake
    // to kmu_csr: errors
    output wire            err_unknown_o,     // pulse: a doorbell with index >= ENTRIES
    output wire [    15:0] last_err_idx_o,    // index of the last refused doorbell
    output wire [     1:0] last_err_cause_o   // db_cause_e of the last refused doorbell
);
`include "kmu_regmap.vh"

  reg  [9:0] last_idx_q, last_idx_d;
  reg  [1:0] last_cause_q, last_cause_d;

  // The index is 10 bits, so ENTRIES >= 1024 makes every doorbell known.
  wire       unknown = ({22'd0, db_idx_i} >= ENTRIES);
  wire       launch_fire = launch_valid_o && launch_ready_i;

  assign launch_valid_o   = db_valid_i && !unknown;
  assign launch_id_o      = db_idx_i[ID_W-1:0];
  assign db_ready_o       = unknown || launch_ready_i;
  assign err_unknown_o    = db_valid_i && unknown;
  assign last_err_idx_o   = {6'd0, last_idx_q};
  assign last_err_cause_o = last_cause_q;

  always @(*) begin
    last_idx_d   = last_idx_q;
    last_cause_d = last_cause_q;
    if (err_unknown_o) begin
      last_idx_d   = db_idx_i;
      last_cause_d = KMU_DB_CAUSE_UNKNOWN;
    end else if (launch_fire && launch_err_i == KMU_LAUNCH_ERR_UNREGISTERED) begin
      last_idx_d   = db_idx_i;
      last_cause_d = KMU_DB_CAUSE_UNREGISTERED;
    end else if (launch_fire && launch_err_i == KMU_LAUNCH_ERR_INFLIGHT) begin
      last_idx_d   = db_idx_i;
      last_cause_d = KMU_DB_CAUSE_INFLIGHT;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_idx_q   <= 10'd0;
      last_cause_q <= KMU_DB_CAUSE_NONE;
    end else begin
      last_idx_q   <= last_idx_d;
      last_cause_q <= last_cause_d;
    end
  end
endmodule

`default_nettype wire
