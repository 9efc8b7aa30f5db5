// kmu_dirty_rf - the SM's warp-register file with a dirty bit per warp register, and the scan
// that streams a TB's dirty (or all allocated) registers out for a checkpoint.
//
// Paper: PEP (proactive checkpointing) 3.1 - a dirty bit per register, set by every write-back
// and cleared when the register is saved, so an incremental checkpoint saves only the registers
// written since the last one; warp exit clears the warp's bits (its registers are dead).
// Interface contract: docs/pep-interfaces.md section 1; block page docs/blocks/kmu_dirty_rf.md.
//
// Storage, all without reset except the per-warp valid bits and counters (issue 15: tables in
// block RAM, only valid bits reset; iCE40 has no LUT RAM, so every read is synchronous):
//   rf_mem    WARPS*RPW words of DW bits, word (w, r) at w*RPW + r; one write port and the
//             registered pipeline read (rd_rdata_q, read-before-write).  scan_rf_mem: its copy for
//             the scan's registered read (scan_rdata_q), which never reads the word written in
//             its cycle (a fetch that would waits a cycle, below): no_rw_check.
//   dirty_mem WARPS rows of RPW dirty bits, row w = warp w; one write port, whole rows, two
//             registered read ports (cnt_rrow_q: the written row's old bits, for the counter;
//             scan_rrow_q: the scan's row reader).  A row is meaningful only while rowv_q[w]
//             (reset 0): an exit or the scan's read of the row clears it by clearing rowv_q[w],
//             without a write; a write to an invalid row makes it its bit alone.
//   dcnt_q    per warp, its number of dirty bits (for dirty_cnt_o, a sum of counters).  The
//             written bit's old value comes from a RAM read, so a write is counted one cycle
//             later (pi_*_q: the pending increment); a clear of the row zeroes the counter.
//   The row write is a cycle late (dirtywp, no cycle changed): in the cycle after a write its
//   row's old bits are known (cnt_rrow_q), so the new row cx_d = old bits | the written bit is
//   formed then and written whole, and kept in cx_q for one cycle.  A read of that row in the
//   write-back cycle (the next write's old bits, the scan's row read) takes cx_q instead of the
//   RAM (hit_q, hs_q), so no read ever needs the RAM's read-during-write result: the RAM is
//   declared no_rw_check and has no bit enables (Yosys's soft read-first logic and the
//   bit-enable decode were 67 iCE40 LUT4, 81 FF at the small size).
//
// Scan: the row reader reads the rows of the scan's warps (rrem_q, lowest first, one a cycle
// while the row buffer has room) and clears each row as it reads it (the whole row: registers
// >= rpw are not the TB's and are dropped).  A row's candidates (its dirty bits below rpw, or all
// registers below rpw with scan_all) arrive a cycle later (arr) and go, when not empty, to the
// two-row buffer row_q (being handed out) / nrow_q (next).  Each cycle the lowest candidate of
// row_q is fetched when the output stage is empty or handed out in this cycle: its word is read
// into scan_rdata_q and (warp, reg, last) into out_*_q.  scan_last_o is decided at the fetch:
// row_q's last bit is fetched only when it is known whether a later row has candidates (nrow_q,
// the arriving row, or no row left to read); otherwise the fetch waits for the reader.  A write
// after its row was read sets the bit again (it is not yielded with that row, or is yielded
// with the new data, and stays dirty): a bit is cleared only for data that was handed out.
//
// Same-cycle rules (inputs of one cycle, effective at its edge):
//   - a write sets the bit; an exit of the warp, or the scan's read of its row, in the same
//     cycle clears the row first (the write wins: the row holds the written bit alone).
//   - a write to a warp of the running scan raises err_wr_o and still happens (dirty set).  A
//     write before the scan reads the warp's row is yielded (data at least as new) and cleared;
//     a later one stays dirty (and may still be handed out with the new data).  A write to the
//     word the scan would fetch in its cycle holds that fetch for the cycle (dirtywp: the fetch
//     then reads the new data a cycle later; before, it read the old data in that cycle).
//   - an exit of a warp of the running scan raises err_exit_o and is ignored (the scan has
//     promised its entries); an exit of warp >= WARPS likewise.
//   - a write to warp >= WARPS or reg >= RPW: err_wr_o, ignored.  A read of one: err_rd_o,
//     rd_data_o = 0 the next cycle.  Before the first read after reset rd_data_o is 0 too.
//   - scan_start_i while busy, or with scan_rpw_i = 0 or > RPW: err_scan_o, ignored.
//
// Latency:
//   write in cycle t -> stored and dirty at the edge; dirty_cnt_o counts it from t+2.
//   rd_valid_i in t -> rd_data_o in t+1 (held until the next read).
//   scan_start_i accepted in t -> the mask's k-th warp (k = 0, 1, ..) read in t+1+k while the
//     buffer has room -> first candidates in t+2 -> row_q in t+3 -> first scan_valid_o in t+4
//     (when the first warp has two candidates or more, or is the only warp).  One register a
//     cycle while scan_ready_i is high, except that a row's last candidate is fetched only once
//     the reader has seen a later row with a candidate or read every row (after a row of one
//     candidate one bubble at least; empty rows between cost a cycle each).  scan_busy_o from
//     t+1 to the last handshake (cycle h); scan_done_o in h+1.  Empty scan of k warps:
//     scan_busy_o in t+1 .. t+k+1, scan_done_o in t+k+2.
//   dirty_cnt_o, err_*_o: combinational (state and this cycle's inputs); a row's counter
//     drops to 0 in the cycle after the scan reads the row.
// C twin: cmodel/preempt/kmu_dirty_rf.c (uses the kmu_prio_enc twin).
`default_nettype none

module kmu_dirty_rf #(
    parameter integer WARPS = 8,  // warp slots (1..64); 8 small, 64 paper
    parameter integer RPW   = 16, // warp registers per warp slot (1..32); 16 small, 32 paper
    parameter integer DW    = 32  // data bits per warp register (1..64); 32
) (
    input  wire             clk_i,
    input  wire             rst_ni,        // asynchronous, active low

    // write-back / restore write: store, set dirty
    input  wire             wr_valid_i,
    input  wire [      5:0] wr_warp_i,
    input  wire [      4:0] wr_reg_i,
    input  wire [   DW-1:0] wr_data_i,
    output wire             err_wr_o,      // out of range (ignored) or a warp of the running scan

    // pipeline read (registered, like a BRAM)
    input  wire             rd_valid_i,
    input  wire [      5:0] rd_warp_i,
    input  wire [      4:0] rd_reg_i,
    output wire [   DW-1:0] rd_data_o,     // data of the last read (0 when it was out of range)
    output wire             err_rd_o,      // out of range

    // warp exit: clear the warp's dirty bits
    input  wire             exit_valid_i,
    input  wire [      5:0] exit_warp_i,
    output wire             err_exit_o,    // out of range or a warp of the running scan: ignored

    // scan
    input  wire             scan_start_i,
    input  wire [WARPS-1:0] scan_wmask_i,  // the TB's warp slots
    input  wire [      5:0] scan_rpw_i,    // allocated warp registers per warp, 1..RPW
    input  wire             scan_all_i,    // 1 every allocated register, 0 dirty ones
    output wire             err_scan_o,    // start while busy or rpw out of 1..RPW: ignored
    output wire             scan_valid_o,
    input  wire             scan_ready_i,
    output wire [      5:0] scan_warp_o,
    output wire [      4:0] scan_reg_o,
    output wire [   DW-1:0] scan_data_o,
    output wire             scan_last_o,
    output wire             scan_busy_o,
    output wire             scan_done_o,

    // dirty warp registers in the warps of scan_wmask_i
    output wire [     11:0] dirty_cnt_o
);
  localparam integer WORDS = WARPS * RPW;
  localparam integer AW = (WORDS > 1) ? $clog2(WORDS) : 1;  // memory address
  localparam integer WI_W = (WARPS > 1) ? $clog2(WARPS) : 1;  // warp index (encoder)
  localparam integer RI_W = (RPW > 1) ? $clog2(RPW) : 1;  // register index (encoder)
  localparam integer CNT_W = $clog2(RPW + 1);  // per-warp dirty count, 0..RPW
  localparam integer SUM_W = $clog2(WORDS + 1);  // dirty_cnt_o's value, 0..WORDS
  localparam integer NLEAF = 1 << WI_W;  // leaves of the dirty-count adder tree (>= WARPS)
  localparam [31:0] RPW_32 = RPW;
  localparam [RPW-1:0] ONE_R = 1;
  localparam [CNT_W-1:0] ONE_C = 1;

  integer w, r;

  // ---------------------------------------------------------------- state
  reg [WARPS-1:0] rowv_q, rowv_d;  // dirty_mem row w is valid (else all clean)
  reg [WARPS*CNT_W-1:0] dcnt_q, dcnt_d;  // dirty bits of warp w in [w*CNT_W +: CNT_W]
  // pending counter increment: last cycle's write, its row's old bits in cnt_rrow_q
  reg pi_valid_q, pi_valid_d;
  reg [5:0] pi_warp_q, pi_warp_d;
  reg [4:0] pi_reg_q, pi_reg_d;
  reg pi_old_q, pi_old_d;  // the row was valid (and not cleared) at the write
  // scan parameters, latched at the start
  reg [WARPS-1:0] scan_wmask_q, scan_wmask_d;
  reg [RPW-1:0] scan_rmask_q, scan_rmask_d;  // bit r: r < rpw
  reg scan_all_q, scan_all_d;
  // search: runs from the start edge to the fetch of the last entry (or an empty end)
  reg srch_q, srch_d;
  // row reader: the warps whose row is not read yet; the row read last cycle
  reg [WARPS-1:0] rrem_q, rrem_d;
  reg rdv_q, rdv_d;  // a row was read last cycle: its candidates arrive now (arr)
  reg [5:0] rdw_q, rdw_d;
  reg rdok_q, rdok_d;  // that row was valid when read
  // row buffer: the candidates left of the row being handed out, and of the next row
  reg [RPW-1:0] row_q, row_d;
  reg [5:0] roww_q, roww_d;
  reg [RPW-1:0] nrow_q, nrow_d;
  reg [5:0] nroww_q, nroww_d;
  // output stage (its data is scan_rdata_q, the memory's scan read register)
  reg out_valid_q, out_valid_d;
  reg [5:0] out_warp_q, out_warp_d;
  reg [4:0] out_reg_q, out_reg_d;
  reg out_last_q, out_last_d;
  reg scan_done_q, scan_done_d;
  // the last read was out of range, or there was none since reset: rd_data_o reads 0 then
  // (rd_rdata_q, a block RAM's read register, has no reset: garbage at power-up)
  reg rd_bad_q, rd_bad_d;
  // register memory: one write port, the pipeline's read port with enable, read-before-write,
  // no reset; the scan's copy: the same writes, the scan's read port, which never reads the
  // word written in its cycle (fetch_hit): no_rw_check (no soft read-during-write logic for
  // it: 26 iCE40 LUT4 and 33 FF less at the small size)
  (* ram_style = "block" *)
  reg [DW-1:0] rf_mem[0:WORDS-1];
  (* ram_style = "block", no_rw_check *)
  reg [DW-1:0] scan_rf_mem[0:WORDS-1];
  reg [DW-1:0] rd_rdata_q;
  reg [DW-1:0] scan_rdata_q;
  // dirty rows: one write port (whole rows, a cycle after the write: cx_d), two read ports,
  // no reset; a read never meets the write of its row (the forwards below): no_rw_check
  (* ram_style = "block", no_rw_check *)
  reg [RPW-1:0] dirty_mem[0:WARPS-1];
  reg [RPW-1:0] cnt_rrow_q;
  reg [RPW-1:0] scan_rrow_q;
  // the row written in this cycle (last cycle's write with its old bits), one cycle later, and
  // whether last cycle's read of the counter's (hit_q) or the scan's row (hs_q) was that row
  reg [RPW-1:0] cx_q;
  reg hit_q, hs_q;

  // word address of (warp, reg): w*RPW + r
  function automatic [AW-1:0] addr_of(input [5:0] fw, input [4:0] fr);
    /* verilator lint_off UNUSEDSIGNAL */  // a < WORDS: only the low AW bits are used
    reg [31:0] a;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      a = {26'd0, fw} * RPW_32 + {27'd0, fr};
      addr_of = a[AW-1:0];
    end
  endfunction

  // ---------------------------------------------------------------- range checks, busy
  // (compare with every index: warp >= WARPS / reg >= RPW match none)
  reg wr_win, wr_rin, rd_win, rd_rin, ex_win, wr_scan, ex_scan, wr_rowv;
  wire busy = srch_q || out_valid_q;
  always @(*) begin
    wr_win = 1'b0;
    rd_win = 1'b0;
    ex_win = 1'b0;
    wr_scan = 1'b0;
    ex_scan = 1'b0;
    wr_rowv = 1'b0;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (wr_warp_i == w[5:0]) begin
        wr_win = 1'b1;
        wr_scan = busy && scan_wmask_q[w];
        wr_rowv = rowv_q[w];
      end
      if (rd_warp_i == w[5:0]) rd_win = 1'b1;
      if (exit_warp_i == w[5:0]) begin
        ex_win = 1'b1;
        ex_scan = busy && scan_wmask_q[w];
      end
    end
    wr_rin = 1'b0;
    rd_rin = 1'b0;
    for (r = 0; r < RPW; r = r + 1) begin
      if (wr_reg_i == r[4:0]) wr_rin = 1'b1;
      if (rd_reg_i == r[4:0]) rd_rin = 1'b1;
    end
  end

  wire wr_ok = wr_valid_i && wr_win && wr_rin;
  assign err_wr_o = wr_valid_i && (!(wr_win && wr_rin) || wr_scan);
  wire rd_ok = rd_valid_i && rd_win && rd_rin;
  assign err_rd_o = rd_valid_i && !(rd_win && rd_rin);
  wire exit_ok = exit_valid_i && ex_win && !ex_scan;
  assign err_exit_o = exit_valid_i && !exit_ok;

  wire rpw_ok = (scan_rpw_i != 6'd0) && ({26'd0, scan_rpw_i} <= RPW_32);
  wire start_ok = scan_start_i && !busy && rpw_ok;
  assign err_scan_o = scan_start_i && !start_ok;

  // ---------------------------------------------------------------- row reader
  // the arriving row's candidates (the row read last cycle, or the row written in that cycle
  // when it was the same: hs_q; an invalid row is clean)
  wire [RPW-1:0] srow = hs_q ? cx_q : scan_rrow_q;
  wire [RPW-1:0] arr = (rdv_q ? (scan_all_q ? {RPW{1'b1}} : (rdok_q ? srow : {RPW{1'b0}}))
                              : {RPW{1'b0}}) & scan_rmask_q;
  wire arr_any = |arr;
  wire row_any = |row_q;
  wire nrow_any = |nrow_q;
  // a row is read while the buffer (row_q, nrow_q, a non-empty arriving row) holds at most one:
  // an arriving row then always finds a free slot
  wire room = ({1'b0, row_any} + {1'b0, nrow_any} + {1'b0, arr_any}) < 2'd2;
  wire [WI_W-1:0] rd_w;
  wire rrem_any;
  kmu_prio_enc #(
      .N(WARPS)
  ) u_warp_enc (
      .in_i   (rrem_q),
      .idx_o  (rd_w),
      .valid_o(rrem_any)
  );
  wire rd_issue = srch_q && rrem_any && room;
  reg [5:0] rd_w6;
  always @(*) begin
    rd_w6 = 6'd0;
    rd_w6[WI_W-1:0] = rd_w;
  end

  // ---------------------------------------------------------------- fetch from row_q
  wire [RI_W-1:0] sel_r;
  wire unused_sel_r_valid;  // row_any
  kmu_prio_enc #(
      .N(RPW)
  ) u_reg_enc (
      .in_i   (row_q),
      .idx_o  (sel_r),
      .valid_o(unused_sel_r_valid)
  );
  reg [4:0] sel_r5;
  always @(*) begin
    sel_r5 = 5'd0;
    sel_r5[RI_W-1:0] = sel_r;
  end
  // (x & (x-1) drops the lowest set bit)
  wire [RPW-1:0] row_rest = row_q & (row_q - ONE_R);
  wire more_regs = |row_rest;
  wire later = nrow_any || arr_any;  // a later row has a candidate
  // row_q's last candidate waits while rows are left to read and none is known to follow
  wire fetch_ok = row_any && (more_regs || later || !rrem_any);
  wire fetch_last = !more_regs && !later && !rrem_any;
  wire hs = out_valid_q && scan_ready_i;  // the output entry is handed out
  // a write (only by a bad input: a warp of the running scan) to the word the fetch reads: the
  // fetch waits a cycle and reads the new data (scan_rf_mem has no read-during-write result)
  wire fetch_hit = wr_ok && (wr_warp_i == roww_q) && (wr_reg_i == sel_r5);
  wire fetch = fetch_ok && (!out_valid_q || scan_ready_i) && !fetch_hit;
  wire [AW-1:0] wr_addr = addr_of(wr_warp_i, wr_reg_i);
  wire [AW-1:0] rd_addr = addr_of(rd_warp_i, rd_reg_i);
  wire [AW-1:0] fetch_addr = addr_of(roww_q, sel_r5);

  // ---------------------------------------------------------------- dirty rows
  // a row cleared in this cycle: the exiting warp's, the row the scan reads
  wire wr_clr = (exit_ok && (exit_warp_i == wr_warp_i)) || (rd_issue && (rd_w6 == wr_warp_i));
  // the pending write (last cycle's): its row's old bits (read in its cycle, or the row written
  // in its cycle when it was the same: hit_q), its old bit, and the row it leaves (cx_d: its
  // bit alone when the row was invalid or cleared in its cycle, else the old bits and its bit),
  // written to dirty_mem in this cycle
  wire [RPW-1:0] old_row = hit_q ? cx_q : cnt_rrow_q;
  reg pi_was;
  reg [RPW-1:0] cx_d;
  always @(*) begin
    pi_was = 1'b0;
    for (r = 0; r < RPW; r = r + 1) begin
      if (pi_reg_q == r[4:0]) pi_was = old_row[r];
      cx_d[r] = (pi_old_q && old_row[r]) || (pi_reg_q == r[4:0]);
    end
  end
  wire pi_inc = pi_valid_q && !(pi_old_q && pi_was);

  // ---------------------------------------------------------------- next state
  reg clr;
  always @(*) begin
    rowv_d = rowv_q;
    dcnt_d = dcnt_q;
    scan_wmask_d = scan_wmask_q;
    scan_rmask_d = scan_rmask_q;
    scan_all_d = scan_all_q;
    srch_d = srch_q;
    rrem_d = rrem_q;
    row_d = row_q;
    roww_d = roww_q;
    nrow_d = nrow_q;
    nroww_d = nroww_q;
    out_valid_d = out_valid_q;
    out_warp_d = out_warp_q;
    out_reg_d = out_reg_q;
    out_last_d = out_last_q;
    rd_bad_d = rd_valid_i ? !rd_ok : rd_bad_q;
    pi_valid_d = wr_ok;
    pi_warp_d = wr_warp_i;
    pi_reg_d = wr_reg_i;
    pi_old_d = wr_rowv && !wr_clr;
    rdv_d = rd_issue;
    rdw_d = rd_w6;
    rdok_d = 1'b0;

    // rows and counters: a clear (exit, the scan's read) zeroes the counter and drops last
    // cycle's pending increment (its bit is cleared too); a write validates the row
    for (w = 0; w < WARPS; w = w + 1) begin
      clr = (exit_ok && (exit_warp_i == w[5:0])) || (rd_issue && (rd_w == w[WI_W-1:0]));
      if (rd_issue && (rd_w == w[WI_W-1:0])) rdok_d = rowv_q[w];
      if (clr) begin
        rowv_d[w] = 1'b0;
        dcnt_d[w*CNT_W+:CNT_W] = {CNT_W{1'b0}};
      end else if (pi_inc && (pi_warp_q == w[5:0])) begin
        dcnt_d[w*CNT_W+:CNT_W] = dcnt_q[w*CNT_W+:CNT_W] + ONE_C;
      end
      if (wr_ok && (wr_warp_i == w[5:0])) rowv_d[w] = 1'b1;
    end
    if (rd_issue) begin
      for (w = 0; w < WARPS; w = w + 1) if (rd_w == w[WI_W-1:0]) rrem_d[w] = 1'b0;
    end

    // row buffer: row_q loses its fetched bit; an empty row_q takes nrow_q, or the arriving
    // row; an arriving row goes to the first free slot (there is one: room)
    if (fetch) row_d = row_rest;
    if (row_d == {RPW{1'b0}}) begin
      if (nrow_any) begin
        row_d = nrow_q;
        roww_d = nroww_q;
        nrow_d = arr;
        nroww_d = rdw_q;
      end else begin
        row_d = arr;
        roww_d = rdw_q;
      end
    end else if (!nrow_any) begin
      nrow_d = arr;
      nroww_d = rdw_q;
    end

    // output stage: a fetch refills it (in the cycle it is handed out, too)
    if (fetch) begin
      out_valid_d = 1'b1;
      out_warp_d = roww_q;
      out_reg_d = sel_r5;
      out_last_d = fetch_last;
      if (fetch_last) srch_d = 1'b0;
    end else if (hs) begin
      out_valid_d = 1'b0;
    end
    // nothing (left) to yield: an empty scan ends
    if (srch_q && !row_any && !nrow_any && !arr_any && !rrem_any) srch_d = 1'b0;

    // start: latch the TB's warps, the allocated-register mask, the mode; read from warp 0
    if (start_ok) begin
      srch_d = 1'b1;
      rrem_d = scan_wmask_i;
      scan_wmask_d = scan_wmask_i;
      for (r = 0; r < RPW; r = r + 1) scan_rmask_d[r] = ({26'd0, scan_rpw_i} > r);
      scan_all_d = scan_all_i;
    end
    scan_done_d = busy && !(srch_d || out_valid_d);
  end

  // ---------------------------------------------------------------- dirty count of the mask
  // a balanced tree of SUM_W-bit adders (log2(WARPS) adder levels, not a chain of WARPS):
  // node i of the heap = node 2i + node 2i+1, the masked per-warp counts at the leaves
  reg [2*NLEAF*SUM_W-1:0] sum_tree;
  reg [11:0] cnt_sum;
  always @(*) begin
    sum_tree = {(2 * NLEAF * SUM_W) {1'b0}};
    for (w = 0; w < WARPS; w = w + 1)
      if (scan_wmask_i[w])
        sum_tree[(NLEAF+w)*SUM_W+:SUM_W] = {{(SUM_W - CNT_W) {1'b0}}, dcnt_q[w*CNT_W+:CNT_W]};
    for (w = NLEAF - 1; w >= 1; w = w - 1)
      sum_tree[w*SUM_W+:SUM_W] = sum_tree[2*w*SUM_W+:SUM_W] + sum_tree[(2*w+1)*SUM_W+:SUM_W];
    cnt_sum = 12'd0;
    cnt_sum[SUM_W-1:0] = sum_tree[((NLEAF > 1) ? 1 : 0)*SUM_W+:SUM_W];
  end
  assign dirty_cnt_o = cnt_sum;

  // ---------------------------------------------------------------- outputs
  assign rd_data_o = rd_bad_q ? {DW{1'b0}} : rd_rdata_q;
  assign scan_valid_o = out_valid_q;
  assign scan_warp_o = out_warp_q;
  assign scan_reg_o = out_reg_q;
  assign scan_data_o = scan_rdata_q;
  assign scan_last_o = out_last_q;
  assign scan_busy_o = busy;
  assign scan_done_o = scan_done_q;

  // ---------------------------------------------------------------- registers
  // memories: no reset, read registers load only on their read (hold otherwise)
  always @(posedge clk_i) begin
    if (wr_ok) rf_mem[wr_addr] <= wr_data_i;
    if (wr_ok) scan_rf_mem[wr_addr] <= wr_data_i;
    if (rd_ok) rd_rdata_q <= rf_mem[rd_addr];
    if (fetch) scan_rdata_q <= scan_rf_mem[fetch_addr];
  end
  always @(posedge clk_i) begin
    if (pi_valid_q) dirty_mem[pi_warp_q[WI_W-1:0]] <= cx_d;
    if (wr_ok) cnt_rrow_q <= dirty_mem[wr_warp_i[WI_W-1:0]];
    if (rd_issue) scan_rrow_q <= dirty_mem[rd_w];
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rowv_q <= {WARPS{1'b0}};
      dcnt_q <= {(WARPS * CNT_W) {1'b0}};
      pi_valid_q <= 1'b0;
      pi_warp_q <= 6'd0;
      pi_reg_q <= 5'd0;
      pi_old_q <= 1'b0;
      cx_q <= {RPW{1'b0}};
      hit_q <= 1'b0;
      hs_q <= 1'b0;
      scan_wmask_q <= {WARPS{1'b0}};
      scan_rmask_q <= {RPW{1'b0}};
      scan_all_q <= 1'b0;
      srch_q <= 1'b0;
      rrem_q <= {WARPS{1'b0}};
      rdv_q <= 1'b0;
      rdw_q <= 6'd0;
      rdok_q <= 1'b0;
      row_q <= {RPW{1'b0}};
      roww_q <= 6'd0;
      nrow_q <= {RPW{1'b0}};
      nroww_q <= 6'd0;
      out_valid_q <= 1'b0;
      out_warp_q <= 6'd0;
      out_reg_q <= 5'd0;
      out_last_q <= 1'b0;
      scan_done_q <= 1'b0;
      rd_bad_q <= 1'b1;  // no read yet: rd_data_o = 0, not the read register's power-up value
    end else begin
      rowv_q <= rowv_d;
      dcnt_q <= dcnt_d;
      pi_valid_q <= pi_valid_d;
      pi_warp_q <= pi_warp_d;
      pi_reg_q <= pi_reg_d;
      pi_old_q <= pi_old_d;
      cx_q <= cx_d;
      // a read of the row dirty_mem writes in this cycle (pi_warp_q's): hit_q for the next
      // write's old bits, hs_q for the scan's row
      hit_q <= pi_valid_q && (pi_warp_q[WI_W-1:0] == wr_warp_i[WI_W-1:0]);
      hs_q <= pi_valid_q && (pi_warp_q[WI_W-1:0] == rd_w);
      scan_wmask_q <= scan_wmask_d;
      scan_rmask_q <= scan_rmask_d;
      scan_all_q <= scan_all_d;
      srch_q <= srch_d;
      rrem_q <= rrem_d;
      rdv_q <= rdv_d;
      rdw_q <= rdw_d;
      rdok_q <= rdok_d;
      row_q <= row_d;
      roww_q <= roww_d;
      nrow_q <= nrow_d;
      nroww_q <= nroww_d;
      out_valid_q <= out_valid_d;
      out_warp_q <= out_warp_d;
      out_reg_q <= out_reg_d;
      out_last_q <= out_last_d;
      scan_done_q <= scan_done_d;
      rd_bad_q <= rd_bad_d;
    end
  end

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // Checked every cycle in simulation (KMU_ASSERT).  The row buffer never overflows: an
  // arriving row with candidates finds row_q or nrow_q free (the reader's room rule); nrow_q
  // is only occupied behind an occupied row_q; an idle block has no row read, buffered or
  // left to read; a warp's counter never exceeds RPW and is 0 for an invalid row.
  // The late row write and its two forwards against a shadow of the rows kept by the rule of
  // a write at its own edge (its bit set, the whole row when invalid or cleared in its cycle):
  // the old bits the counter uses and the row the scan gets equal the shadow's, for a valid row.
  reg [RPW-1:0] a_rows[0:WARPS-1];
  reg [RPW-1:0] a_crow_q, a_srow_q;
  reg a_cv_q, a_sv_q;
  wire [RPW-1:0] a_oh = ONE_R << wr_reg_i;
  always @(posedge clk_i) begin
    a_cv_q <= 1'b0;
    a_sv_q <= 1'b0;
    if (wr_ok) begin
      a_cv_q <= wr_rowv && !wr_clr;
      a_crow_q <= a_rows[wr_warp_i[WI_W-1:0]];
      a_rows[wr_warp_i[WI_W-1:0]] <= (wr_rowv && !wr_clr) ? (a_rows[wr_warp_i[WI_W-1:0]] | a_oh)
                                                          : a_oh;
    end
    if (rd_issue) begin
      a_sv_q <= rdok_d;
      a_srow_q <= a_rows[rd_w];
    end
  end
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (pi_valid_q && a_cv_q && (old_row != a_crow_q)) begin
        $display("ASSERTION kmu_dirty_rf %m t=%0t: warp %0d old row %h, the shadow's %h",
                 $time, pi_warp_q, old_row, a_crow_q);
        $stop;
      end
      if (rdv_q && a_sv_q && (srow != a_srow_q)) begin
        $display("ASSERTION kmu_dirty_rf %m t=%0t: warp %0d scan row %h, the shadow's %h",
                 $time, rdw_q, srow, a_srow_q);
        $stop;
      end
      if (fetch && wr_ok && (fetch_addr == wr_addr)) begin
        $display("ASSERTION kmu_dirty_rf %m t=%0t: the scan reads word %0d in its write's cycle",
                 $time, fetch_addr);
        $stop;
      end
      if (arr_any && nrow_any && !(fetch && !more_regs)) begin
        $display("ASSERTION kmu_dirty_rf %m t=%0t: an arriving row finds the buffer full",
                 $time);
        $stop;
      end
      if (nrow_any && !row_any) begin
        $display("ASSERTION kmu_dirty_rf %m t=%0t: nrow_q occupied before row_q", $time);
        $stop;
      end
      if (!busy && (rrem_q != {WARPS{1'b0}} || rdv_q || row_any || nrow_any)) begin
        $display("ASSERTION kmu_dirty_rf %m t=%0t: idle with rows to read or buffered", $time);
        $stop;
      end
      for (w = 0; w < WARPS; w = w + 1)
        if (({{(32 - CNT_W) {1'b0}}, dcnt_q[w*CNT_W+:CNT_W]} > RPW_32) ||
            (!rowv_q[w] && dcnt_q[w*CNT_W+:CNT_W] != {CNT_W{1'b0}})) begin
          $display("ASSERTION kmu_dirty_rf %m t=%0t: warp %0d counter %0d (row valid %0d)",
                   $time, w, dcnt_q[w*CNT_W+:CNT_W], rowv_q[w]);
          $stop;
        end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
