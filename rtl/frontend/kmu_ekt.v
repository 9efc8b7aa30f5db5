// kmu_ekt - EDGE event kernel table: registers event kernels, launches them on a doorbell
// (one parameter-buffer entry per launch from an in-order circular submission queue), limits
// and returns in-flight credits, and emits one kernel descriptor per accepted launch.
//
// Paper: EDGE (event-driven GPU execution) III-A (event kernels, the EKT), III-B (circular
// parameter buffer: base, end, entry size, head), III-C (launch = one EKT read; head advances
// by the entry size and wraps to base), III-E (register/unregister); overheads: one read/write
// metadata buffer and a single adder + comparator for the head (V-E).  Interface contract:
// docs/frontend-interfaces.md section 5; block page docs/blocks/kmu_ekt.md.
//
// Storage (issue 15: tables in block RAM without reset, only the valid bits reset):
//   ent_mem   ENTRIES x 234 bits: the kernel metadata (pointer, grid/TB dims, shared memory,
//             registers, priority: 154 bits), the buffer's base, ~end and entry size; written
//             by a registration, read in the launch handshake cycle (ent_rdata_q holds the word
//             while the descriptor is stalled).
//   head_mem  ENTRIES x 32 bits: the head; read with ent_mem in the launch cycle, written with
//             the next head in the cycle after the launch (upd_q).
//   Both have one synchronous read port with enable and one write port, no reset
//   (SB_RAM40_4K on iCE40).  A registration does not write the head: it sets the entry's
//   fresh bit, and the first launch takes the base instead (ps_base_q).  A launch of the entry
//   launched in the cycle before reads the memory before that head is written, so it takes
//   the head computed then (fwd_head_q, ps_fwd_q).  Per-entry registers: valid, fresh, max and
//   current in-flight (with an equality "full" and a zero "idle" flag per entry, so an event
//   reads one bit by id).
//
// Latency:
//   launch    handshake in cycle t -> desc_valid_o in t+1 (one launch per cycle sustained
//             while desc_ready_i is high, also to one entry; launch_ready_o =
//             !desc_valid_o || desc_ready_i).  desc_param_o is the head memory's (or base's, or
//             forwarded head's) registered word through one 3:1 select; the head update (one
//             adder, one comparator: V-E) runs in t+1 from that word.
//   register  handshake in cycle t -> reg_done_o in cycle t+33 (32 cycles of shift-subtract
//             remainder, then the result cycle); the entry is written at the edge ending the
//             reg_done_o cycle; reg_ready_o is low from t+1 through t+33, so a registration
//             can start every 34 cycles.
//   unregister, completion: result in the same cycle, state changes at the next edge.
//   (Unchanged by the memory restructuring of issue 15: same cycles as before.)
//
// Handshakes (a handshake is valid && ready in one cycle, effective at the next edge):
//   reg_valid_i/reg_ready_o - reg_* fields captured at the handshake; reg_done_o pulses once
//     with reg_code_o (0 OK, 1 FULL, 2 ESIZE_ZERO, 3 MISALIGNED, 4 BAD_RANGE, 5 BAD_LENGTH,
//     6 BAD_KERNEL; first failing check wins) and reg_id_o (the entry on OK, else 0).
//   unreg_valid_i (always ready) -> unreg_code_o same cycle: 0 OK, 1 NOT_REGISTERED, 2 BUSY.
//   launch_valid_i/launch_ready_o -> launch_err_o same cycle: 0 OK, 1 UNREGISTERED,
//     2 INFLIGHT.  desc_valid_o/desc_ready_i: the descriptor of an OK launch.
//   cpl_valid_i (always accepted) -> cpl_err_o same cycle (unregistered or nothing in flight).
//   Same cycle, same entry: launch + unregister -> launch proceeds, unregister BUSY; launch +
//   completion -> limit checked on the count before the completion, count ends unchanged;
//   a launch of the entry a finishing registration allocates -> UNREGISTERED.
// Outputs unreg_code_o, launch_err_o and cpl_err_o are driven every cycle (a function of the
// state and the id inputs) and mean something only with their valid/handshake.
// C twin: cmodel/frontend/kmu_ekt.c.
`default_nettype none

module kmu_ekt #(
    parameter integer ENTRIES = 8  // event kernels (1..64); 8 small, 32 paper
) (
    input  wire         clk_i,
    input  wire         rst_ni,              // asynchronous, active low

    // registration (III-E edgeRegisterEvent)
    input  wire         reg_valid_i,
    output wire         reg_ready_o,         // idle: no registration in progress
    input  wire [31:0]  reg_kptr_i,          // kernel pointer
    input  wire [15:0]  reg_grid_x_i,
    input  wire [15:0]  reg_grid_y_i,
    input  wire [15:0]  reg_grid_z_i,
    input  wire [15:0]  reg_tb_x_i,
    input  wire [15:0]  reg_tb_y_i,
    input  wire [15:0]  reg_tb_z_i,
    input  wire [15:0]  reg_shmem_i,         // shared memory bytes
    input  wire [7:0]   reg_nregs_i,         // registers per thread
    input  wire [1:0]   reg_prio_i,
    input  wire [31:0]  reg_pbase_i,         // parameter buffer base
    input  wire [31:0]  reg_pend_i,          // end, exclusive
    input  wire [15:0]  reg_esize_i,         // entry size, bytes
    input  wire [7:0]   reg_maxinf_i,        // max events in flight
    output wire         reg_done_o,          // one pulse per registration
    output wire [2:0]   reg_code_o,
    output wire [((ENTRIES > 1) ? $clog2(ENTRIES) : 1)-1:0] reg_id_o,
    output wire         reg_busy_o,

    // unregister (III-E edgeUnregisterEvent), always ready
    input  wire         unreg_valid_i,
    input  wire [((ENTRIES > 1) ? $clog2(ENTRIES) : 1)-1:0] unreg_id_i,
    output reg  [1:0]   unreg_code_o,

    // launch (III-C doorbell)
    input  wire         launch_valid_i,
    output wire         launch_ready_o,
    input  wire [((ENTRIES > 1) ? $clog2(ENTRIES) : 1)-1:0] launch_id_i,
    output reg  [1:0]   launch_err_o,

    // descriptor out
    output wire         desc_valid_o,
    input  wire         desc_ready_i,
    output wire [((ENTRIES > 1) ? $clog2(ENTRIES) : 1)-1:0] desc_id_o,
    output wire [31:0]  desc_kptr_o,
    output wire [15:0]  desc_grid_x_o,
    output wire [15:0]  desc_grid_y_o,
    output wire [15:0]  desc_grid_z_o,
    output wire [15:0]  desc_tb_x_o,
    output wire [15:0]  desc_tb_y_o,
    output wire [15:0]  desc_tb_z_o,
    output wire [15:0]  desc_shmem_o,
    output wire [7:0]   desc_nregs_o,
    output wire [1:0]   desc_prio_o,
    output wire [31:0]  desc_param_o,        // parameter entry address

    // completion (credit return), always accepted
    input  wire         cpl_valid_i,
    input  wire [((ENTRIES > 1) ? $clog2(ENTRIES) : 1)-1:0] cpl_id_i,
    output wire         cpl_err_o,

    output wire [ENTRIES-1:0] valid_o        // registered entries
);
  localparam integer ID_W = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;
  localparam integer META_W = 154;  // kptr 32, 6 dims x 16, shmem 16, nregs 8, prio 2
  // field offsets in a table word {esize, ~end, base, prio, nregs, shmem, tb_z, tb_y, tb_x,
  // grid_z, grid_y, grid_x, kptr} (kptr at bit 0); the first META_W bits are the descriptor's
  // metadata, the rest the parameter buffer's geometry
  localparam integer M_KPTR = 0, M_GRID_X = 32, M_GRID_Y = 48, M_GRID_Z = 64, M_TB_X = 80;
  localparam integer M_TB_Y = 96, M_TB_Z = 112, M_SHMEM = 128, M_NREGS = 144, M_PRIO = 152;
  localparam integer M_BASE = 154, M_ENDN = 186, M_ESIZE = 218;
  localparam integer ENT_W = 234;
  localparam integer DIV_STEPS = 32;  // one dividend bit per cycle

  // registration, unregistration and launch codes: KMU_REG_CODE_*, KMU_UNREG_CODE_*,
  // KMU_LAUNCH_ERR_* (regmap/kmu.rdl)
`include "kmu_regmap.vh"

  // registration state machine
  localparam [1:0] RS_IDLE = 2'd0, RS_DIV = 2'd1, RS_DONE = 2'd2;

  integer e;

  // ---------------------------------------------------------------- state
  reg [1:0] rstate_q, rstate_d;
  // registration staging (captured at the reg handshake)
  reg [META_W-1:0] stg_meta_q, stg_meta_d;
  reg [31:0] stg_pbase_q, stg_pbase_d;
  reg [31:0] stg_pendn_q, stg_pendn_d;  // ~end
  reg [15:0] stg_esize_q, stg_esize_d;
  reg [7:0] stg_maxinf_q, stg_maxinf_d;
  // shift-subtract remainder unit: div_rem = (end - base) % esize after DIV_STEPS steps
  reg [31:0] div_len_q, div_len_d;  // dividend, shifted out MSB first
  reg [15:0] div_rem_q, div_rem_d;
  reg [4:0] div_cnt_q, div_cnt_d;
  reg div_brw_q, div_brw_d;  // end - base borrowed (end < base), from the capture
  reg div_nz_q, div_nz_d;  // a 1 was shifted out of div_len: end - base != 0
  // per-entry registers: the credit counters (read by id in the cycle of an event)
  (* mem2reg *) reg [7:0] maxinf_q[0:ENTRIES-1];
  (* mem2reg *) reg [7:0] maxinf_d[0:ENTRIES-1];
  (* mem2reg *) reg [7:0] inflight_q[0:ENTRIES-1];
  (* mem2reg *) reg [7:0] inflight_d[0:ENTRIES-1];
  reg [ENTRIES-1:0] valid_q, valid_d;
  reg [ENTRIES-1:0] fresh_q, fresh_d;  // registered, not launched since: head is base
  // descriptor register (metadata: ent_rdata_q, the table memory's read register)
  reg desc_valid_q, desc_valid_d;
  reg [ID_W-1:0] desc_id_q, desc_id_d;
  // where this descriptor's parameter address comes from: the head memory's read register,
  // else the entry's base (fresh: never launched; ps_base_q), else the head computed in the
  // launch cycle and not yet in the memory (ps_fwd_q)
  reg ps_base_q, ps_base_d;
  reg ps_fwd_q, ps_fwd_d;
  reg [31:0] fwd_head_q, fwd_head_d;
  reg upd_q, upd_d;  // a launch last cycle: this cycle writes its entry's next head
  // table memory (metadata, base, end, esize): one synchronous read port with enable, one
  // write port, no reset
  (* ram_style = "block" *)
  reg [ENT_W-1:0] ent_mem[0:ENTRIES-1];
  reg [ENT_W-1:0] ent_rdata_q;
  reg ent_we, ent_re;
  // head memory: the same, one read (launch) and one write (the head update) port
  (* ram_style = "block" *)
  reg [31:0] head_mem[0:ENTRIES-1];
  reg [31:0] head_rdata_q;

  // ---------------------------------------------------------------- lowest free entry
  wire [ID_W-1:0] alloc_idx;
  wire alloc_ok;
  kmu_prio_enc #(
      .N(ENTRIES)
  ) u_alloc (
      .in_i   (~valid_q),
      .idx_o  (alloc_idx),
      .valid_o(alloc_ok)
  );

  // ---------------------------------------------------------------- per-entry flags
  // One compare per entry on its own counter, so an event reads one bit by id (no 8-bit read
  // multiplexers); an id >= ENTRIES selects nothing and reads as an unregistered entry.
  // full: inflight == maxinf (inflight never exceeds maxinf: a launch needs a credit, and a
  // registration sets maxinf != 0 with inflight 0), so an equality, not a magnitude compare.
  reg [ENTRIES-1:0] full_e, idle_e;  // no credit left; nothing in flight
  always @(*) begin
    for (e = 0; e < ENTRIES; e = e + 1) begin
      full_e[e] = (inflight_q[e] == maxinf_q[e]);
      idle_e[e] = (inflight_q[e] == 8'd0);
    end
  end
  reg l_valid, l_full, l_fresh, c_valid, c_idle, u_valid, u_idle;
  always @(*) begin
    l_valid = 1'b0;
    l_full = 1'b0;
    l_fresh = 1'b0;
    c_valid = 1'b0;
    c_idle = 1'b0;
    u_valid = 1'b0;
    u_idle = 1'b0;
    for (e = 0; e < ENTRIES; e = e + 1) begin
      if (launch_id_i == e[ID_W-1:0]) begin
        l_valid = valid_q[e];
        l_full = full_e[e];
        l_fresh = fresh_q[e];
      end
      if (cpl_id_i == e[ID_W-1:0]) begin
        c_valid = valid_q[e];
        c_idle = idle_e[e];
      end
      if (unreg_id_i == e[ID_W-1:0]) begin
        u_valid = valid_q[e];
        u_idle = idle_e[e];
      end
    end
  end

  // ---------------------------------------------------------------- head logic
  // The descriptor's parameter address (the head before its launch), then the single adder
  // and comparator of the circular parameter buffer (V-E) on it and the table word read with
  // it: the next head, written to the head memory in the cycle after the launch (upd_q).
  // The sum keeps its carry, so a buffer ending at 2^32 wraps too.  The table holds end
  // inverted (r_endn), so sum >= end is the carry out of sum + ~end + 1: a carry chain alone.
  wire [31:0] r_base = ent_rdata_q[M_BASE +: 32];
  wire [31:0] r_endn = ent_rdata_q[M_ENDN +: 32];
  wire [15:0] r_esize = ent_rdata_q[M_ESIZE +: 16];
  wire [31:0] desc_param = ps_fwd_q ? fwd_head_q : ps_base_q ? r_base : head_rdata_q;
  wire [32:0] head_sum = {1'b0, desc_param} + {17'd0, r_esize};
  wire head_wrap;  // sum >= end: the carry out of sum + 2^33 - end
  wire [32:0] unused_head_cmp;  // only the carry out is used
  assign {head_wrap, unused_head_cmp} = {1'b0, head_sum} + {2'b01, r_endn} + 34'd1;
  wire [31:0] head_next = head_wrap ? r_base : head_sum[31:0];

  // ---------------------------------------------------------------- launch
  assign launch_ready_o = !desc_valid_q || desc_ready_i;
  wire launch_fire = launch_valid_i && launch_ready_o;

  always @(*) begin
    if (!l_valid) launch_err_o = KMU_LAUNCH_ERR_UNREGISTERED;
    else if (l_full) launch_err_o = KMU_LAUNCH_ERR_INFLIGHT;
    else launch_err_o = KMU_LAUNCH_ERR_OK;
  end
  wire launch_ok = launch_fire && (launch_err_o == KMU_LAUNCH_ERR_OK);
  // the entry launched last cycle again: its head is still being written (read-before-write)
  wire l_fwd = upd_q && (desc_id_q == launch_id_i);

  // ---------------------------------------------------------------- completion, unregister
  assign cpl_err_o = !c_valid || c_idle;
  wire cpl_ok = cpl_valid_i && !cpl_err_o;

  always @(*) begin
    if (!u_valid) unreg_code_o = KMU_UNREG_CODE_NOT_REGISTERED;
    else if (!u_idle) unreg_code_o = KMU_UNREG_CODE_BUSY;
    else if (launch_ok && (launch_id_i == unreg_id_i)) unreg_code_o = KMU_UNREG_CODE_BUSY;
    else unreg_code_o = KMU_UNREG_CODE_OK;
  end
  wire unreg_ok = unreg_valid_i && (unreg_code_o == KMU_UNREG_CODE_OK);

  // ---------------------------------------------------------------- registration checks
  // on the staged fields; stg_meta_q = {prio, nregs, shmem, tb_z, tb_y, tb_x, grid_z,
  // grid_y, grid_x, kptr} (LSB first: kptr)
  wire kernel_bad = (stg_meta_q[M_GRID_X +: 16] == 16'd0) ||
                    (stg_meta_q[M_GRID_Y +: 16] == 16'd0) ||
                    (stg_meta_q[M_GRID_Z +: 16] == 16'd0) ||
                    (stg_meta_q[M_TB_X +: 16] == 16'd0) ||
                    (stg_meta_q[M_TB_Y +: 16] == 16'd0) ||
                    (stg_meta_q[M_TB_Z +: 16] == 16'd0) ||
                    (stg_maxinf_q == 8'd0);
  wire misaligned = (stg_pbase_q[1:0] != 2'd0) || (stg_pendn_q[1:0] != 2'b11) ||
                    (stg_esize_q[1:0] != 2'd0);
  // end <= base: the capture's subtraction borrowed, or no 1 left it over the 32 steps
  wire bad_range = div_brw_q || !div_nz_q;
  reg [2:0] reg_code;
  always @(*) begin
    if (!alloc_ok) reg_code = KMU_REG_CODE_FULL;
    else if (stg_esize_q == 16'd0) reg_code = KMU_REG_CODE_ESIZE_ZERO;
    else if (misaligned) reg_code = KMU_REG_CODE_MISALIGNED;
    else if (bad_range) reg_code = KMU_REG_CODE_BAD_RANGE;
    else if (div_rem_q != 16'd0) reg_code = KMU_REG_CODE_BAD_LENGTH;
    else if (kernel_bad) reg_code = KMU_REG_CODE_BAD_KERNEL;
    else reg_code = KMU_REG_CODE_OK;
  end
  assign reg_ready_o = (rstate_q == RS_IDLE);
  assign reg_busy_o  = (rstate_q != RS_IDLE);
  assign reg_done_o  = (rstate_q == RS_DONE);
  assign reg_code_o  = reg_code;
  wire reg_ok = reg_done_o && (reg_code == KMU_REG_CODE_OK);
  assign reg_id_o = reg_ok ? alloc_idx : {ID_W{1'b0}};

  // one restoring shift-subtract step
  wire [16:0] div_shift = {div_rem_q, div_len_q[31]};
  // one subtraction: its borrow decides, its low bits are the new remainder
  wire div_brw;  // the borrow: div_shift < esize
  wire unused_div_try;  // bit 16 of the difference: 0 whenever it is used (no borrow)
  wire [15:0] div_diff;
  assign {div_brw, unused_div_try, div_diff} = {1'b0, div_shift} - {2'b00, stg_esize_q};
  wire div_sub = !div_brw;
  // end - base at the capture, as ~(~end + base): the end is staged inverted (the table and
  // the head comparator want ~end), so this adder needs no inverted operand of its own; its
  // carry out is the borrow of end - base (end < base)
  wire [32:0] cap_sum = {1'b0, ~reg_pend_i} + {1'b0, reg_pbase_i};

  // ---------------------------------------------------------------- next state
  always @(*) begin
    rstate_d = rstate_q;
    stg_meta_d = stg_meta_q;
    stg_pbase_d = stg_pbase_q;
    stg_pendn_d = stg_pendn_q;
    stg_esize_d = stg_esize_q;
    stg_maxinf_d = stg_maxinf_q;
    div_len_d = div_len_q;
    div_rem_d = div_rem_q;
    div_cnt_d = div_cnt_q;
    div_brw_d = div_brw_q;
    div_nz_d = div_nz_q;
    valid_d = valid_q;
    fresh_d = fresh_q;
    desc_valid_d = desc_valid_q;
    desc_id_d = desc_id_q;
    ps_base_d = ps_base_q;
    ps_fwd_d = ps_fwd_q;
    fwd_head_d = fwd_head_q;
    upd_d = launch_ok;
    for (e = 0; e < ENTRIES; e = e + 1) begin
      maxinf_d[e] = maxinf_q[e];
      inflight_d[e] = inflight_q[e];
    end
    ent_we = 1'b0;
    ent_re = 1'b0;

    // registration
    case (rstate_q)
      RS_IDLE: begin
        if (reg_valid_i) begin
          rstate_d = RS_DIV;
          stg_meta_d = {reg_prio_i, reg_nregs_i, reg_shmem_i, reg_tb_z_i, reg_tb_y_i, reg_tb_x_i,
                        reg_grid_z_i, reg_grid_y_i, reg_grid_x_i, reg_kptr_i};
          stg_pbase_d = reg_pbase_i;
          stg_pendn_d = ~reg_pend_i;
          stg_esize_d = reg_esize_i;
          stg_maxinf_d = reg_maxinf_i;
          div_len_d = ~cap_sum[31:0];
          div_brw_d = cap_sum[32];
          div_nz_d = 1'b0;
          div_rem_d = 16'd0;
          div_cnt_d = DIV_STEPS[4:0] - 5'd1;
        end
      end
      RS_DIV: begin
        div_rem_d = div_sub ? div_diff : div_shift[15:0];
        div_len_d = {div_len_q[30:0], 1'b0};
        div_nz_d = div_nz_q || div_len_q[31];
        div_cnt_d = div_cnt_q - 5'd1;
        if (div_cnt_q == 5'd0) rstate_d = RS_DONE;
      end
      default: begin  // RS_DONE: reg_done_o; the entry is written at this edge on OK
        rstate_d = RS_IDLE;
        if (reg_code == KMU_REG_CODE_OK) ent_we = 1'b1;
      end
    endcase

    // launch: descriptor register and the memories' reads; the head source
    if (launch_ok) begin
      desc_valid_d = 1'b1;
      desc_id_d = launch_id_i;
      ent_re = 1'b1;
      ps_fwd_d = l_fwd;
      ps_base_d = l_fresh;  // never with l_fwd: the launch last cycle cleared fresh
      if (l_fwd) fwd_head_d = head_next;
    end else if (desc_ready_i) begin
      desc_valid_d = 1'b0;
    end

    for (e = 0; e < ENTRIES; e = e + 1) begin
      if (launch_ok && (launch_id_i == e[ID_W-1:0])) fresh_d[e] = 1'b0;
      // one up/down step (+1 launch, -1 completion, both: unchanged): a single adder
      if ((launch_ok && (launch_id_i == e[ID_W-1:0])) != (cpl_ok && (cpl_id_i == e[ID_W-1:0])))
        inflight_d[e] = inflight_q[e] + {{7{cpl_ok && (cpl_id_i == e[ID_W-1:0])}}, 1'b1};
      if (unreg_ok && (unreg_id_i == e[ID_W-1:0])) valid_d[e] = 1'b0;
      // a new entry (never one that is launched, completed or unregistered: it is free)
      if (reg_ok && (alloc_idx == e[ID_W-1:0])) begin
        valid_d[e] = 1'b1;
        fresh_d[e] = 1'b1;
        maxinf_d[e] = stg_maxinf_q;
        inflight_d[e] = 8'd0;
      end
    end
  end

  // ---------------------------------------------------------------- outputs
  assign valid_o = valid_q;
  assign desc_valid_o = desc_valid_q;
  assign desc_id_o = desc_id_q;
  assign desc_param_o = desc_param;
  assign desc_kptr_o = ent_rdata_q[M_KPTR +: 32];
  assign desc_grid_x_o = ent_rdata_q[M_GRID_X +: 16];
  assign desc_grid_y_o = ent_rdata_q[M_GRID_Y +: 16];
  assign desc_grid_z_o = ent_rdata_q[M_GRID_Z +: 16];
  assign desc_tb_x_o = ent_rdata_q[M_TB_X +: 16];
  assign desc_tb_y_o = ent_rdata_q[M_TB_Y +: 16];
  assign desc_tb_z_o = ent_rdata_q[M_TB_Z +: 16];
  assign desc_shmem_o = ent_rdata_q[M_SHMEM +: 16];
  assign desc_nregs_o = ent_rdata_q[M_NREGS +: 8];
  assign desc_prio_o = ent_rdata_q[M_PRIO +: 2];

  // ---------------------------------------------------------------- registers
  // the memories: no reset, read-enable output registers (read-before-write)
  always @(posedge clk_i) begin
    if (ent_we) ent_mem[alloc_idx] <= {stg_esize_q, stg_pendn_q, stg_pbase_q, stg_meta_q};
    if (ent_re) ent_rdata_q <= ent_mem[launch_id_i];
  end
  always @(posedge clk_i) begin
    if (upd_q) head_mem[desc_id_q] <= head_next;
    if (ent_re) head_rdata_q <= head_mem[launch_id_i];
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rstate_q <= RS_IDLE;
      stg_meta_q <= {META_W{1'b0}};
      stg_pbase_q <= 32'd0;
      stg_pendn_q <= 32'hffff_ffff;
      stg_esize_q <= 16'd0;
      stg_maxinf_q <= 8'd0;
      div_len_q <= 32'd0;
      div_rem_q <= 16'd0;
      div_cnt_q <= 5'd0;
      div_brw_q <= 1'b0;
      div_nz_q <= 1'b0;
      valid_q <= {ENTRIES{1'b0}};
      fresh_q <= {ENTRIES{1'b0}};
      desc_valid_q <= 1'b0;
      desc_id_q <= {ID_W{1'b0}};
      ps_base_q <= 1'b0;
      ps_fwd_q <= 1'b0;
      fwd_head_q <= 32'd0;
      upd_q <= 1'b0;
      for (e = 0; e < ENTRIES; e = e + 1) begin
        maxinf_q[e] <= 8'd0;
        inflight_q[e] <= 8'd0;
      end
    end else begin
      rstate_q <= rstate_d;
      stg_meta_q <= stg_meta_d;
      stg_pbase_q <= stg_pbase_d;
      stg_pendn_q <= stg_pendn_d;
      stg_esize_q <= stg_esize_d;
      stg_maxinf_q <= stg_maxinf_d;
      div_len_q <= div_len_d;
      div_rem_q <= div_rem_d;
      div_cnt_q <= div_cnt_d;
      div_brw_q <= div_brw_d;
      div_nz_q <= div_nz_d;
      valid_q <= valid_d;
      fresh_q <= fresh_d;
      desc_valid_q <= desc_valid_d;
      desc_id_q <= desc_id_d;
      ps_base_q <= ps_base_d;
      ps_fwd_q <= ps_fwd_d;
      fwd_head_q <= fwd_head_d;
      upd_q <= upd_d;
      for (e = 0; e < ENTRIES; e = e + 1) begin
        maxinf_q[e] <= maxinf_d[e];
        inflight_q[e] <= inflight_d[e];
      end
    end
  end

`ifdef FORMAL
  // ---------------------------------------------------------------- formal properties
  // make formal (formal/kmu_ekt.sby, top formal/kmu_ekt_fv.v); only the formal flow defines
  // FORMAL.  Pure assertions, for any input sequence:
  //   - a registered entry has base < end, base/end/esize 4-byte aligned, esize != 0,
  //     max in flight != 0, and at most max in flight launches in flight; a free entry has
  //     none in flight (unregister needs 0);
  //   - the cycle after a launch (upd_q): its entry is registered, not fresh, has a launch in
  //     flight, and the entry memory's read register holds its word (so the head update uses
  //     the entry's own base, end and size);
  //   - credit conservation for one entry f_id chosen by the solver: its in-flight count is
  //     the OK launches minus the OK completions since it was registered;
  //   - every OK launch gives one descriptor in the next cycle, with the id and the entry's
  //     head before the launch (f_head_of: the head being written, else the base of a fresh
  //     entry, else the head memory's word); a descriptor not taken stays, unchanged;
  //   - the registration state machine stays in its three states.
  // Head within [base, end): formal/kmu_ekt_head.sby, from the f_head*/f_base*/... wires below.
  integer f_e;
  wire [31:0] f_stg_len = ~stg_pendn_q - stg_pbase_q;  // end - base of the staged registration
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  function [31:0] f_base_of(input integer x);
    f_base_of = ent_mem[x][M_BASE +: 32];
  endfunction
  function [31:0] f_end_of(input integer x);
    f_end_of = ~ent_mem[x][M_ENDN +: 32];
  endfunction
  function [15:0] f_esize_of(input integer x);
    f_esize_of = ent_mem[x][M_ESIZE +: 16];
  endfunction
  // the head of entry x as the next launch of it sees it
  function [31:0] f_head_of(input integer x);
    if (upd_q && desc_id_q == x[ID_W-1:0]) f_head_of = head_next;
    else if (fresh_q[x]) f_head_of = f_base_of(x);
    else f_head_of = head_mem[x];
  endfunction
  always @(*) begin
    if (rst_ni) begin
      assert (rstate_q != 2'd3);
      for (f_e = 0; f_e < ENTRIES; f_e = f_e + 1) begin
        if (valid_q[f_e]) begin
          assert (f_base_of(f_e) < f_end_of(f_e));
          assert (f_base_of(f_e) % 4 == 0 && f_end_of(f_e) % 4 == 0);
          assert (f_esize_of(f_e) != 16'd0 && f_esize_of(f_e) % 4 == 0);
          assert (maxinf_q[f_e] != 8'd0);
          assert (inflight_q[f_e] <= maxinf_q[f_e]);
        end else begin
          assert (inflight_q[f_e] == 8'd0);  // (fresh_q of a free entry means nothing)
        end
      end
      if (upd_q) begin
        assert (desc_id_q < ENTRIES && valid_q[desc_id_q] && !fresh_q[desc_id_q]);
        assert (inflight_q[desc_id_q] != 8'd0);
        assert (ent_rdata_q == ent_mem[desc_id_q]);
        assert (desc_valid_q);
      end
      if (ps_fwd_q) assert (!ps_base_q);
      // the range check of a staged registration (end > base) as the serial unit computes
      // it: the capture's borrow, and a 1 of end - base either shifted out (div_nz_q) or
      // still in div_len_q, whose low bits fill with zeros one per step
      if (rstate_q != RS_IDLE) begin
        assert (div_brw_q == (~stg_pendn_q < stg_pbase_q));
        assert ((div_nz_q || div_len_q != 32'd0) == (f_stg_len != 32'd0));
      end
      if (rstate_q == RS_DIV) assert ((div_len_q << ({1'b0, div_cnt_q} + 6'd1)) == 32'd0);
      if (rstate_q == RS_DONE) assert (div_len_q == 32'd0);
    end
  end
  // the entries' state for formal/kmu_ekt_head.sby (entries 0..2; 0 where there is none)
  (* keep *) wire [31:0] f_head0 = f_head_of(0), f_base0 = f_base_of(0), f_end0 = f_end_of(0);
  (* keep *) wire [31:0] f_head1 = (ENTRIES > 1) ? f_head_of(1) : 32'd0;
  (* keep *) wire [31:0] f_base1 = (ENTRIES > 1) ? f_base_of(1) : 32'd0;
  (* keep *) wire [31:0] f_end1 = (ENTRIES > 1) ? f_end_of(1) : 32'd0;
  (* keep *) wire [31:0] f_head2 = (ENTRIES > 2) ? f_head_of(2) : 32'd0;
  (* keep *) wire [31:0] f_base2 = (ENTRIES > 2) ? f_base_of(2) : 32'd0;
  (* keep *) wire [31:0] f_end2 = (ENTRIES > 2) ? f_end_of(2) : 32'd0;
  (* keep *) wire [15:0] f_esize0 = f_esize_of(0);
  (* keep *) wire [15:0] f_esize1 = (ENTRIES > 1) ? f_esize_of(1) : 16'd0;
  (* keep *) wire [15:0] f_esize2 = (ENTRIES > 2) ? f_esize_of(2) : 16'd0;

  // credit conservation for one entry
  (* anyconst *) reg [ID_W-1:0] f_id;
  always @(*) assume (f_id < ENTRIES);
  reg [8:0] f_cnt = 9'd0;  // OK launches - OK completions of f_id since its registration
  wire f_launch = launch_valid_i && launch_ready_o && launch_err_o == KMU_LAUNCH_ERR_OK &&
                  launch_id_i == f_id;
  wire f_cpl = cpl_valid_i && !cpl_err_o && cpl_id_i == f_id;
  always @(posedge clk_i) begin
    if (!rst_ni || (reg_done_o && reg_code_o == KMU_REG_CODE_OK && reg_id_o == f_id))
      f_cnt <= 9'd0;
    else f_cnt <= f_cnt + f_launch - f_cpl;
  end
  always @(*) if (rst_ni) assert ({1'b0, inflight_q[f_id]} == f_cnt);

  // one descriptor per OK launch; a stalled descriptor holds
  wire [31:0] f_lhead = f_head_of(launch_id_i);
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      if ($past(launch_ok)) begin
        assert (desc_valid_o && desc_id_o == $past(launch_id_i));
        assert (desc_param_o == $past(f_lhead));
      end else if ($past(desc_valid_o && !desc_ready_i)) begin
        assert (desc_valid_o && desc_id_o == $past(desc_id_o));
        assert (desc_param_o == $past(desc_param_o) && desc_kptr_o == $past(desc_kptr_o));
      end else begin
        assert (!desc_valid_o);
      end
    end
  end

  always @(*) begin
    if (rst_ni) begin
      cover (launch_ok && launch_id_i == f_id);
      cover (f_cpl);
      cover (launch_valid_i && launch_ready_o && launch_err_o == KMU_LAUNCH_ERR_INFLIGHT);
      cover (unreg_valid_i && unreg_code_o == KMU_UNREG_CODE_BUSY);
      cover (launch_ok && l_fwd);
    end
  end
`endif
endmodule

`default_nettype wire
