// kmu_copy_engine - host <-> device copy engine with RGEM's chunked, priority-preemptible
// copies: commands queue per priority, every copy is split into chunks, and at every chunk
// boundary the highest-priority pending copy wins, so a high-priority copy waits for at most one
// chunk of a lower-priority one, whatever that copy's size.
//
// Paper: RGEM 3.1 (memory-copy transactions split into chunks; RgemSched at every chunk picks
// the highest-priority task of the memory-copy queue; pos advances chunk by chunk) and its
// appendix eq. 1-2 (the blocking term UL(CS) / DL(CS): one lower-priority chunk; O, the
// per-chunk setup cost, is this engine's boundary cycle).  docs/blocks/kmu_copy_engine.md.
//
// Commands (cmd_*, valid/ready): a copy of cmd_bytes_i bytes from cmd_src_i to cmd_dst_i,
// cmd_dir_i 0 host-to-device (reads the host side, writes the device side), 1 device-to-host;
// priority cmd_prio_i (NPRIO-1 highest), tag cmd_id_i.  A command is checked in its handshake
// cycle and either queued (its priority's queue) or refused; the refusal code (KMU_COPY_ST_*,
// copy_st_e in regmap/kmu.rdl), first match wins:
//   ZERO 1 (bytes = 0), ALIGN 2 (src, dst or bytes not a multiple of the 4-byte beat),
//   WRAP 3 (src + bytes or dst + bytes beyond 2^32: the copy would wrap the address space;
//   ending exactly at 2^32 is legal), PRIO 4 (cmd_prio_i >= NPRIO), FULL 5 (the
//   priority's queue holds QD copies, as registered in that cycle).
// Completions (cpl_*, valid/ready): exactly one per command: a refusal (status = its code) in
// command order, or a copy's end (status OK 0) once its last write has been accepted.
// ref_cnt_o counts refusals (saturating), last_err_o holds the last refusal's code (0: none
// since reset), busy_o = some accepted copy has not yet put its completion on cpl_*.
//
// Chunks: chunk bytes = 2^max(chunk_log2_i, 2), sampled at each chunk boundary; a chunk is
// min(chunk beats, the copy's beats left) beats from where the copy stopped, so a copy's chunks
// start at multiples of the chunk size from its start while chunk_log2_i holds.
// Reader: at a boundary cycle (no read issued) it picks the highest priority with a queued
// copy (FIFO within a priority: the queue's head), loads it (its progress when it was preempted
// earlier: the progress table; the registers when it is the copy just run), pushes the chunk's
// descriptor {dst, beats, dir, id, last} to the writer and issues the chunk's reads, one per
// cycle, addresses ascending.  A copy whose chunk is preempted keeps its progress (src, dst,
// beats left) in the progress table; nothing is read twice or skipped.  The copy leaves its
// queue when its last read is issued.  Reads are credit-limited: beats read and not yet
// written <= BUF (neither data buffer can overflow: responses have no back-pressure).  Each
// side's responses go to that side's data buffer, so the reader may switch sides at once,
// with the other side's reads still outstanding: the writer takes each chunk's beats from the
// buffer of its source side, chunk by chunk.
// Writer: pops descriptors, writes each chunk's beats from its source side's data buffer, in
// order, to the destination side.  Reader and writer overlap: the next chunk's reads go out
// while the last one's writes drain, so the per-chunk cost is the reader's boundary cycle.
// Sides: dev_* is one client of kmu_mem_port (its contract: request held until ready, read
// responses in order, taken in the cycle they arrive); host_* is the host link, the same
// handshake.  Each side has one request register.  When the writer (a chunk of one direction)
// and the reader (a chunk of the other) want the same side, the reader goes first while it has
// a read credit, so a preempting copy's reads do not wait behind the preempted chunk's writes;
// with no credit left, the writer goes (that frees one).
//
// Latency: command in t -> queued (visible to the reader) t+1; a boundary in t+1 -> first read
// loaded t+2, on *_req_valid_o from t+3.  Per chunk: one boundary cycle in the read stream.
// Last write accepted in u -> cpl_valid_o from u+2.  Refusal in t -> cpl_valid_o from t+2.
// Blocking: a copy accepted in t waits for the lower-priority chunk running in t (or decided in
// t's boundary): at most one lower-priority chunk starts after t+1.
// Interface contract: every output is a register (no combinational path from any input to any
// output); cmd_ready_o = no refusal waiting for the completion port; requests held until ready;
// responses expected only for issued reads (a response on a side with no read outstanding is
// ignored).
// Storage: queues (NPRIO x QD entries) and progress (NPRIO) in LUT RAM without reset; the two
// data buffers (host, device) and the descriptor queue: kmu_fifo (BUF words each).
// C twin: cmodel/sched/kmu_copy_engine.c (composed of the kmu_fifo twin).
`default_nettype none

module kmu_copy_engine #(
    parameter integer NPRIO = 2,   // priority levels (2..8), NPRIO-1 highest
    parameter integer QD    = 2,   // queued copies per priority (power of two, 2..16)
    parameter integer IDW   = 4,   // copy id bits (1..16)
    parameter integer LENW  = 12,  // byte-count bits (4..31, LENW + IDW <= 32): < 2^LENW bytes
    parameter integer BUF   = 4,   // data buffer beats = read credits (2..16)
    // derived, do not override
    parameter integer PW    = (NPRIO > 1) ? $clog2(NPRIO) : 1
) (
    input  wire            clk_i,
    input  wire            rst_ni,         // asynchronous, active low
    input  wire [     4:0] chunk_log2_i,   // chunk bytes = 2^max(chunk_log2_i, 2)
    // commands
    input  wire            cmd_valid_i,
    output wire            cmd_ready_o,
    input  wire [    31:0] cmd_src_i,      // byte address
    input  wire [    31:0] cmd_dst_i,      // byte address
    input  wire [LENW-1:0] cmd_bytes_i,
    input  wire            cmd_dir_i,      // 0 host -> device, 1 device -> host
    input  wire [  PW-1:0] cmd_prio_i,
    input  wire [ IDW-1:0] cmd_id_i,
    // completions
    output wire            cpl_valid_o,
    input  wire            cpl_ready_i,
    output wire [ IDW-1:0] cpl_id_o,
    output wire [     2:0] cpl_status_o,   // KMU_COPY_ST_OK or the refusal code
    output wire [    15:0] ref_cnt_o,      // refused commands (saturating)
    output wire [     2:0] last_err_o,     // the last refusal's code
    output wire            busy_o,         // an accepted copy has not completed
    // device side: one kmu_mem_port client
    output wire            dev_req_valid_o,
    input  wire            dev_req_ready_i,
    output wire            dev_req_write_o,
    output wire [    31:0] dev_req_addr_o,
    output wire [    31:0] dev_req_wdata_o,
    input  wire            dev_rsp_valid_i,
    input  wire [    31:0] dev_rsp_rdata_i,
    // host side: the host link
    output wire            host_req_valid_o,
    input  wire            host_req_ready_i,
    output wire            host_req_write_o,
    output wire [    31:0] host_req_addr_o,
    output wire [    31:0] host_req_wdata_o,
    input  wire            host_rsp_valid_i,
    input  wire [    31:0] host_rsp_rdata_i
);
  localparam integer QW = $clog2(QD);  // queue pointer bits
  localparam integer BW = LENW - 2;  // beat-count bits
  localparam integer CW = $clog2(BUF + 1);  // credit counter bits
  localparam integer DESCW = 32 + BW + 1 + IDW + 1;  // {dst, beats, dir, id, last}
  localparam integer FLW = 8;  // in-flight copy counter bits (NPRIO*QD + BUF + 1 < 256)
  // completion status codes KMU_COPY_ST_* (copy_st_e, regmap/kmu.rdl)
`include "kmu_regmap.vh"
  // sides: index of the request registers
  localparam integer HOST = 0, DEV = 1;
  // fin_q: the completion of a copy's last write
  localparam [1:0] FIN_NONE = 2'd0, FIN_FLIGHT = 2'd1, FIN_DONE = 2'd2;

  // ---------------------------------------------------------------- command check
  wire [32:0] src_end = {1'b0, cmd_src_i} + {{(33 - LENW) {1'b0}}, cmd_bytes_i};
  wire [32:0] dst_end = {1'b0, cmd_dst_i} + {{(33 - LENW) {1'b0}}, cmd_bytes_i};
  wire        wraps = (src_end[32] && (src_end[31:0] != 32'd0)) ||
                      (dst_end[32] && (dst_end[31:0] != 32'd0));
  // per-priority pointers and counts: packed registers (they reset), priority k at
  // [k*CNT_W +: CNT_W] / [k*QW +: QW]; read through the wire arrays cnt_a, head_a, tail_a
  localparam integer CNT_W = QW + 1;
  reg  [NPRIO*CNT_W-1:0] cnt_q;
  reg  [   NPRIO*QW-1:0] head_q, tail_q;
  wire [QW:0] cnt_a [0:NPRIO-1];
  wire [QW-1:0] head_a[0:NPRIO-1];
  wire [QW-1:0] tail_a[0:NPRIO-1];
  genvar g;
  generate
    for (g = 0; g < NPRIO; g = g + 1) begin : g_ptr
      assign cnt_a[g]  = cnt_q[g*CNT_W+:CNT_W];
      assign head_a[g] = head_q[g*QW+:QW];
      assign tail_a[g] = tail_q[g*QW+:QW];
    end
  endgenerate
  wire [QW:0] cnt_sel = cnt_a[cmd_prio_i];  // only read when cmd_prio_i < NPRIO
  reg  [ 2:0] code;
  always @(*) begin
    if (cmd_bytes_i == {LENW{1'b0}}) code = KMU_COPY_ST_ZERO;
    else if ((cmd_src_i[1:0] != 2'd0) || (cmd_dst_i[1:0] != 2'd0) || (cmd_bytes_i[1:0] != 2'd0))
      code = KMU_COPY_ST_ALIGN;
    else if (wraps) code = KMU_COPY_ST_WRAP;
    else if ({{(32 - PW) {1'b0}}, cmd_prio_i} >= NPRIO) code = KMU_COPY_ST_PRIO;
    else if (cnt_sel == QD[QW:0]) code = KMU_COPY_ST_FULL;
    else code = KMU_COPY_ST_OK;
  end
  reg         ref_q;  // a refusal waits for the completion port
  reg [IDW-1:0] ref_id_q;
  reg [    2:0] ref_code_q;
  wire        cmd_fire = cmd_valid_i && !ref_q;
  wire        cmd_push = cmd_fire && (code == KMU_COPY_ST_OK);
  wire        cmd_ref = cmd_fire && (code != KMU_COPY_ST_OK);

  // ---------------------------------------------------------------- queues (no reset)
  // entry {p, ptr}: id, dir, src, dst, beats
  reg [IDW-1:0] qid_q  [0:NPRIO*QD-1];
  reg           qdir_q [0:NPRIO*QD-1];
  reg [   31:0] qsrc_q [0:NPRIO*QD-1];
  reg [   31:0] qdst_q [0:NPRIO*QD-1];
  reg [ BW-1:0] qlen_q [0:NPRIO*QD-1];
  // progress of a preempted head copy: src, dst, beats left (no reset; started_q says valid)
  reg [   31:0] pgsrc_q[0:NPRIO-1];
  reg [   31:0] pgdst_q[0:NPRIO-1];
  reg [ BW-1:0] pglen_q[0:NPRIO-1];
  reg [NPRIO-1:0] started_q;

  // ---------------------------------------------------------------- reader state
  reg           cur_v_q;  // a copy is loaded (its reads not all issued)
  reg [ PW-1:0] cur_p_q;
  reg [   31:0] cur_src_q;  // next read address
  reg [   31:0] cur_dst_q;  // destination of the next chunk
  reg [ BW-1:0] cur_left_q;  // beats left to read in the copy
  reg           cur_dir_q;
  reg           run_q;  // in a chunk (reads to issue)
  reg [ BW-1:0] ck_left_q;  // reads left in the chunk
  reg [ CW-1:0] rd_hout_q;  // host reads issued, response not yet arrived
  reg [ CW-1:0] rd_dout_q;  // device reads issued, response not yet arrived
  reg [ CW-1:0] cred_q;  // beats read and not yet written
  // ---------------------------------------------------------------- writer state
  reg           wr_v_q;  // a chunk is being written
  reg [   31:0] wr_dst_q;
  reg [ BW-1:0] wr_left_q;
  reg           wr_dir_q;
  reg [IDW-1:0] wr_id_q;
  reg           wr_last_q;  // the copy's last chunk
  reg [    1:0] fin_q;
  reg [IDW-1:0] fin_id_q;
  reg           fin_side_q;
  // ---------------------------------------------------------------- side request registers
  reg [    1:0] req_v_q, req_w_q;
  reg [   63:0] req_a_q, req_d_q;  // side s at [32*s +: 32]
  // ---------------------------------------------------------------- completion, counters
  reg           cpl_v_q;
  reg [IDW-1:0] cpl_id_q;
  reg [    2:0] cpl_st_q;
  reg [   15:0] ref_cnt_q;
  reg [    2:0] last_err_q;
  reg [FLW-1:0] fl_q;

  // ---------------------------------------------------------------- FIFOs
  // data buffers, one per source side; the writer reads the one of its chunk's source side
  wire          hd_push, hd_pop, hd_valid, dd_push, dd_pop, dd_valid;
  wire          unused_hd_room, unused_dd_room;  // never low when a response comes: asserted
  wire [  31:0] hd_data, dd_data;
  wire          cf_push, cf_pop, cf_room, cf_valid;
  wire [DESCW-1:0] cf_data, cf_wdata;
  wire [$clog2(BUF+1)-1:0] unused_hd_count, unused_dd_count, unused_cf_count;

  // ---------------------------------------------------------------- side ports
  wire [1:0] ready = {dev_req_ready_i, host_req_ready_i};
  wire [1:0] free = ~req_v_q | ready;  // the side's register can take a request

  // ---------------------------------------------------------------- writer
  wire       wr_side = wr_dir_q ? 1'b0 : 1'b1;  // H2D writes DEV, D2H writes HOST
  wire       df_valid = wr_dir_q ? dd_valid : hd_valid;  // its source side's buffer
  wire [31:0] df_data = wr_dir_q ? dd_data : hd_data;
  wire       wr_final = wr_last_q && (wr_left_q == {{(BW - 1) {1'b0}}, 1'b1});
  wire       wr_want = wr_v_q && df_valid && (!wr_final || (fin_q == FIN_NONE));
  // one side shared by the writer (chunk k) and the reader (chunk k+1, the other direction):
  // the reader first when it has a credit (a preempting copy's reads do not wait for the
  // preempted chunk's writes to drain; with no credit left the writer must go)
  wire       rd_src_side = cur_dir_q ? 1'b1 : 1'b0;  // H2D reads HOST, D2H reads DEV
  wire       shared = (wr_side == rd_src_side);
  wire       rd_first = run_q && (cred_q < BUF[CW-1:0]) && free[rd_src_side];
  wire       wr_ld = wr_want && free[wr_side] && !(shared && rd_first);
  wire       wr_end = wr_ld && (wr_left_q == {{(BW - 1) {1'b0}}, 1'b1});  // chunk's last beat
  assign hd_pop = wr_ld && !wr_dir_q;
  assign dd_pop = wr_ld && wr_dir_q;
  assign cf_pop = !wr_v_q || wr_end;

  // ---------------------------------------------------------------- reader
  // a credit is free, or the writer frees one in this cycle on the other side (a read per
  // cycle needs BUF >= response latency + 2)
  wire       rd_ld = run_q && ((cred_q < BUF[CW-1:0]) || wr_ld) && free[rd_src_side] &&
                     !(shared && wr_ld);
  wire       rd_copy_end = rd_ld && (cur_left_q == {{(BW - 1) {1'b0}}, 1'b1});
  wire       rd_chunk_end = rd_ld && (ck_left_q == {{(BW - 1) {1'b0}}, 1'b1});
  // a response is taken when its side has a read outstanding (else it is ignored)
  assign hd_push = host_rsp_valid_i && (rd_hout_q != {CW{1'b0}});
  assign dd_push = dev_rsp_valid_i && (rd_dout_q != {CW{1'b0}});

  // boundary: the highest priority with a queued copy
  reg        w_v;
  reg [PW-1:0] w_p;
  integer    p;
  always @(*) begin
    w_v = 1'b0;
    w_p = {PW{1'b0}};
    for (p = 0; p < NPRIO; p = p + 1) begin
      if (cnt_a[p] != {(QW + 1) {1'b0}}) begin
        w_v = 1'b1;
        w_p = p[PW-1:0];
      end
    end
  end
  wire          w_same = cur_v_q && (w_p == cur_p_q);
  wire [PW+QW-1:0] w_ent = {w_p, head_a[w_p]};
  wire          w_dir = qdir_q[w_ent];
  wire [IDW-1:0] w_id = qid_q[w_ent];
  wire [  31:0] w_src = w_same ? cur_src_q : started_q[w_p] ? pgsrc_q[w_p] : qsrc_q[w_ent];
  wire [  31:0] w_dst = w_same ? cur_dst_q : started_q[w_p] ? pgdst_q[w_p] : qdst_q[w_ent];
  wire [BW-1:0] w_left = w_same ? cur_left_q : started_q[w_p] ? pglen_q[w_p] : qlen_q[w_ent];
  // chunk beats = 2^cs, cs = max(chunk_log2_i, 2) - 2; cs >= BW: the whole rest
  wire [   4:0] cs = (chunk_log2_i < 5'd2) ? 5'd0 : chunk_log2_i - 5'd2;
  wire [BW-1:0] ck_full = {{(BW - 1) {1'b0}}, 1'b1} << cs;
  wire          ck_whole = ({27'd0, cs} >= BW) || (w_left <= ck_full);
  wire [BW-1:0] w_beats = ck_whole ? w_left : ck_full;
  wire          bnd_go = !run_q && w_v && cf_room;
  wire          preempt = bnd_go && cur_v_q && !w_same;  // the loaded copy goes back
  assign cf_push  = bnd_go;
  assign cf_wdata = {w_dst, w_beats, w_dir, w_id, ck_whole};

  // ---------------------------------------------------------------- completion port
  wire cpl_free = !cpl_v_q || cpl_ready_i;
  wire cpl_fin = cpl_free && (fin_q == FIN_DONE);
  wire cpl_ref = cpl_free && !(fin_q == FIN_DONE) && ref_q;

  // per priority: a copy joins (push) or leaves (its last read: pop) the queue
  wire [NPRIO-1:0] push_p, pop_p;
  generate
    for (g = 0; g < NPRIO; g = g + 1) begin : g_qev
      localparam [PW-1:0] GP = g;
      assign push_p[g] = cmd_push && (cmd_prio_i == GP);
      assign pop_p[g]  = rd_copy_end && (cur_p_q == GP);
    end
  endgenerate

  // ---------------------------------------------------------------- tables: write ports
  always @(posedge clk_i) begin
    if (cmd_push) begin
      qid_q[{cmd_prio_i, tail_a[cmd_prio_i]}]  <= cmd_id_i;
      qdir_q[{cmd_prio_i, tail_a[cmd_prio_i]}] <= cmd_dir_i;
      qsrc_q[{cmd_prio_i, tail_a[cmd_prio_i]}] <= cmd_src_i;
      qdst_q[{cmd_prio_i, tail_a[cmd_prio_i]}] <= cmd_dst_i;
      qlen_q[{cmd_prio_i, tail_a[cmd_prio_i]}] <= cmd_bytes_i[LENW-1:2];
    end
    if (preempt) begin
      pgsrc_q[cur_p_q] <= cur_src_q;
      pgdst_q[cur_p_q] <= cur_dst_q;
      pglen_q[cur_p_q] <= cur_left_q;
    end
  end

  // ---------------------------------------------------------------- registers
  integer k;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q      <= {(NPRIO * CNT_W) {1'b0}};
      head_q     <= {(NPRIO * QW) {1'b0}};
      tail_q     <= {(NPRIO * QW) {1'b0}};
      started_q  <= {NPRIO{1'b0}};
      ref_q      <= 1'b0;
      ref_id_q   <= {IDW{1'b0}};
      ref_code_q <= 3'd0;
      cur_v_q    <= 1'b0;
      cur_p_q    <= {PW{1'b0}};
      cur_src_q  <= 32'd0;
      cur_dst_q  <= 32'd0;
      cur_left_q <= {BW{1'b0}};
      cur_dir_q  <= 1'b0;
      run_q      <= 1'b0;
      ck_left_q  <= {BW{1'b0}};
      rd_hout_q  <= {CW{1'b0}};
      rd_dout_q  <= {CW{1'b0}};
      cred_q     <= {CW{1'b0}};
      wr_v_q     <= 1'b0;
      wr_dst_q   <= 32'd0;
      wr_left_q  <= {BW{1'b0}};
      wr_dir_q   <= 1'b0;
      wr_id_q    <= {IDW{1'b0}};
      wr_last_q  <= 1'b0;
      fin_q      <= FIN_NONE;
      fin_id_q   <= {IDW{1'b0}};
      fin_side_q <= 1'b0;
      req_v_q    <= 2'b00;
      req_w_q    <= 2'b00;
      req_a_q    <= 64'd0;
      req_d_q    <= 64'd0;
      cpl_v_q    <= 1'b0;
      cpl_id_q   <= {IDW{1'b0}};
      cpl_st_q   <= KMU_COPY_ST_OK;
      ref_cnt_q  <= 16'd0;
      last_err_q <= KMU_COPY_ST_OK;
      fl_q       <= {FLW{1'b0}};
    end else begin
      // ---- queues: push at the tail, pop the head when its last read is issued
      for (k = 0; k < NPRIO; k = k + 1) begin
        if (push_p[k]) tail_q[k*QW+:QW] <= tail_a[k] + 1'b1;
        if (pop_p[k]) head_q[k*QW+:QW] <= head_a[k] + 1'b1;
        cnt_q[k*CNT_W+:CNT_W] <= cnt_a[k] + {{QW{1'b0}}, push_p[k]} - {{QW{1'b0}}, pop_p[k]};
      end
      if (preempt) started_q[cur_p_q] <= 1'b1;
      if (rd_copy_end) started_q[cur_p_q] <= 1'b0;
      // ---- refusals
      if (cmd_ref) begin
        ref_q      <= 1'b1;
        ref_id_q   <= cmd_id_i;
        ref_code_q <= code;
        last_err_q <= code;
        if (ref_cnt_q != 16'hffff) ref_cnt_q <= ref_cnt_q + 16'd1;
      end else if (cpl_ref) ref_q <= 1'b0;
      // ---- reader: boundary, then one read per cycle
      if (bnd_go) begin
        cur_v_q    <= 1'b1;
        cur_p_q    <= w_p;
        cur_src_q  <= w_src;
        cur_dst_q  <= w_dst + {{(30 - BW) {1'b0}}, w_beats, 2'b00};
        cur_left_q <= w_left;
        cur_dir_q  <= w_dir;
        run_q      <= 1'b1;
        ck_left_q  <= w_beats;
      end else if (rd_ld) begin
        cur_src_q  <= cur_src_q + 32'd4;
        cur_left_q <= cur_left_q - 1'b1;
        ck_left_q  <= ck_left_q - 1'b1;
        if (rd_chunk_end) run_q <= 1'b0;
        if (rd_copy_end) cur_v_q <= 1'b0;
      end
      rd_hout_q <= rd_hout_q + {{(CW - 1) {1'b0}}, rd_ld && !cur_dir_q}
                             - {{(CW - 1) {1'b0}}, hd_push};
      rd_dout_q <= rd_dout_q + {{(CW - 1) {1'b0}}, rd_ld && cur_dir_q}
                             - {{(CW - 1) {1'b0}}, dd_push};
      cred_q   <= cred_q + {{(CW - 1) {1'b0}}, rd_ld} - {{(CW - 1) {1'b0}}, wr_ld};
      // ---- writer
      if (cf_pop && cf_valid) begin
        wr_v_q    <= 1'b1;
        {wr_dst_q, wr_left_q, wr_dir_q, wr_id_q, wr_last_q} <= cf_data;
      end else if (wr_ld) begin
        wr_dst_q  <= wr_dst_q + 32'd4;
        wr_left_q <= wr_left_q - 1'b1;
        if (wr_end) wr_v_q <= 1'b0;
      end
      // ---- the copy's last write: in flight, accepted, handed to the completion port
      if (wr_ld && wr_final) begin
        fin_q      <= FIN_FLIGHT;
        fin_id_q   <= wr_id_q;
        fin_side_q <= wr_side;
      end else if ((fin_q == FIN_FLIGHT) && req_v_q[fin_side_q] && ready[fin_side_q]) begin
        fin_q <= FIN_DONE;
      end else if (cpl_fin) begin
        fin_q <= FIN_NONE;
      end
      fl_q <= fl_q + {{(FLW - 1) {1'b0}}, cmd_push} - {{(FLW - 1) {1'b0}}, cpl_fin};
      // ---- side request registers: at most one of wr_ld / rd_ld per side
      for (k = 0; k < 2; k = k + 1) begin
        if (wr_ld && (wr_side == k[0])) begin
          req_v_q[k]        <= 1'b1;
          req_w_q[k]        <= 1'b1;
          req_a_q[32*k+:32] <= wr_dst_q;
          req_d_q[32*k+:32] <= df_data;
        end else if (rd_ld && (rd_src_side == k[0])) begin
          req_v_q[k]        <= 1'b1;
          req_w_q[k]        <= 1'b0;
          req_a_q[32*k+:32] <= cur_src_q;
          req_d_q[32*k+:32] <= 32'd0;
        end else if (ready[k]) begin
          req_v_q[k] <= 1'b0;
        end
      end
      // ---- completion register
      if (cpl_fin) begin
        cpl_v_q  <= 1'b1;
        cpl_id_q <= fin_id_q;
        cpl_st_q <= KMU_COPY_ST_OK;
      end else if (cpl_ref) begin
        cpl_v_q  <= 1'b1;
        cpl_id_q <= ref_id_q;
        cpl_st_q <= ref_code_q;
      end else if (cpl_ready_i) begin
        cpl_v_q <= 1'b0;
      end
    end
  end

  kmu_fifo #(
      .WIDTH(32),
      .DEPTH(BUF)
  ) u_hdata_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(hd_push),
      .push_ready_o(unused_hd_room),
      .push_data_i (host_rsp_rdata_i),
      .pop_valid_o (hd_valid),
      .pop_ready_i (hd_pop),
      .pop_data_o  (hd_data),
      .count_o     (unused_hd_count)
  );

  kmu_fifo #(
      .WIDTH(32),
      .DEPTH(BUF)
  ) u_ddata_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(dd_push),
      .push_ready_o(unused_dd_room),
      .push_data_i (dev_rsp_rdata_i),
      .pop_valid_o (dd_valid),
      .pop_ready_i (dd_pop),
      .pop_data_o  (dd_data),
      .count_o     (unused_dd_count)
  );

  kmu_fifo #(
      .WIDTH(DESCW),
      .DEPTH(BUF)
  ) u_desc_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (1'b0),
      .push_valid_i(cf_push),
      .push_ready_o(cf_room),
      .push_data_i (cf_wdata),
      .pop_valid_o (cf_valid),
      .pop_ready_i (cf_pop),
      .pop_data_o  (cf_data),
      .count_o     (unused_cf_count)
  );

  assign cmd_ready_o      = !ref_q;
  assign cpl_valid_o      = cpl_v_q;
  assign cpl_id_o         = cpl_id_q;
  assign cpl_status_o     = cpl_st_q;
  assign ref_cnt_o        = ref_cnt_q;
  assign last_err_o       = last_err_q;
  assign busy_o           = (fl_q != {FLW{1'b0}});
  assign host_req_valid_o = req_v_q[HOST];
  assign host_req_write_o = req_w_q[HOST];
  assign host_req_addr_o  = req_a_q[32*HOST+:32];
  assign host_req_wdata_o = req_d_q[32*HOST+:32];
  assign dev_req_valid_o  = req_v_q[DEV];
  assign dev_req_write_o  = req_w_q[DEV];
  assign dev_req_addr_o   = req_a_q[32*DEV+:32];
  assign dev_req_wdata_o  = req_d_q[32*DEV+:32];

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // Checked every cycle in simulation (KMU_ASSERT); rst_ni only masks them in reset.
  //  - credits: beats read and not yet written never exceed BUF, and cover every outstanding
  //    read, so a response always finds room in the data buffer (it has no back-pressure);
  //  - a queue never holds more than QD copies; a started (preempted) priority and the loaded
  //    copy's priority have a queued head (the copy leaves its queue with its last read);
  //  - a chunk never has more reads left than its copy.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // With BUF = 2^CW - 1 (the odd harness) the counter cannot exceed BUF by its width and
      // the first term is constant; it stays for every other size.
      /* verilator lint_off CMPCONST */
      if ((cred_q > BUF[CW-1:0]) || ({1'b0, rd_hout_q} + {1'b0, rd_dout_q} > {1'b0, cred_q})) begin
      /* verilator lint_on CMPCONST */
        $display("ASSERTION kmu_copy_engine %m t=%0t: credits %0d, reads outstanding %0d + %0d",
                 $time, cred_q, rd_hout_q, rd_dout_q);
        $stop;
      end
      if ((hd_push && !unused_hd_room) || (dd_push && !unused_dd_room)) begin
        $display("ASSERTION kmu_copy_engine %m t=%0t: read response with the buffer full", $time);
        $stop;
      end
      for (k = 0; k < NPRIO; k = k + 1) begin
        if ((cnt_a[k] > QD[QW:0]) || (started_q[k] && (cnt_a[k] == {(QW + 1) {1'b0}}))) begin
          $display("ASSERTION kmu_copy_engine %m t=%0t: queue %0d count %0d started %b", $time, k,
                   cnt_a[k], started_q[k]);
          $stop;
        end
      end
      if (cur_v_q && ((cnt_a[cur_p_q] == {(QW + 1) {1'b0}}) || (run_q && (ck_left_q > cur_left_q))))
      begin
        $display("ASSERTION kmu_copy_engine %m t=%0t: loaded copy of priority %0d %s", $time,
                 cur_p_q, "not queued, or its chunk past its end");
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
