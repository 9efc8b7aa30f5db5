// kmu_dirty_rf - the SM's warp-register file with a dirty bit per warp register, and the scan
// that streams a TB's dirty (or all allocated) registers out for a checkpoint.
//
// Paper: PEP (proactive checkpointing) 3.1 - a dirty bit per register, set by every write-back
// and cleared when the register is saved, so an incremental checkpoint saves only the registers
// written since the last one; warp exit clears the warp's bits (its registers are dead).
// Interface contract: docs/pep-interfaces.md section 1; block page docs/blocks/kmu_dirty_rf.md.
//
// Storage: rf_mem, WARPS*RPW words of DW bits, word (w, r) at w*RPW + r; one write port and two
// registered read ports (pipeline read, scan read), read-before-write, no reset: Yosys infers
// block RAM (on an FPGA one copy per read port).  Dirty bits dirty_q (WARPS*RPW flops, bit
// w*RPW + r) and per-warp dirty counters dcnt_q (for dirty_cnt_o without a wide popcount).
//
// Scan: a cursor (cur_w_q, cur_r_q) walks the warps of scan_wmask_q in ascending (warp, reg)
// order.  Every cycle the search finds the lowest candidate at or after the cursor (a register
// r < rpw of a warp in the mask that is dirty, or any such register when scan_all): a
// kmu_prio_enc over the warps that have a candidate, then one over the chosen warp's RPW bits.
// A fetch reads the word into scan_rdata_q (the memory's read register) and its (warp, reg,
// last, stale) into the output stage out_*_q; the stage drives scan_*_o.  A fetch happens when
// the stage is empty or handed out in this cycle, so one register per cycle flows while
// scan_ready_i is high, and a stalled stage holds its entry (the read register is enabled only
// by a fetch): nothing is lost or duplicated.  scan_last_o is decided at the fetch (no further
// candidate after this one); candidates ahead of the cursor can only be added during a scan
// (exits of its warps are refused), so it marks the last entry.
//
// Same-cycle rules (inputs of one cycle, effective at its edge):
//   - the handshake of the output entry clears its dirty bit unless the entry is stale: a write
//     to its register in or after its fetch cycle (read-before-write: the data handed out is
//     older than the register).  A write in the handshake cycle also keeps it set (write wins).
//   - exit clears the warp's bits; a write in the same cycle to that warp sets its register's.
//   - a write to a warp of the running scan raises err_wr_o and still happens (dirty set).  A
//     write ahead of the cursor is yielded with its new data; one behind it stays dirty.
//   - an exit of a warp of the running scan raises err_exit_o and is ignored (the scan has
//     already decided which entry is the last); an exit of warp >= WARPS likewise.
//   - a write to warp >= WARPS or reg >= RPW: err_wr_o, ignored.  A read of one: err_rd_o,
//     rd_data_o = 0 the next cycle.  Before the first read after reset rd_data_o is 0 too.
//   - scan_start_i while busy, or with scan_rpw_i = 0 or > RPW: err_scan_o, ignored.
//
// Latency:
//   write in cycle t -> stored and dirty at the edge; dirty_cnt_o counts it from t+1.
//   rd_valid_i in t -> rd_data_o in t+1 (held until the next read).
//   scan_start_i accepted in t -> search in t+1 -> first scan_valid_o in t+2; one register per
//     cycle while scan_ready_i is high; scan_busy_o from t+1 to the last handshake (cycle h);
//     scan_done_o in h+1.  Empty scan: scan_busy_o in t+1 only, scan_done_o in t+2.
//   dirty_cnt_o, err_*_o: combinational (state and this cycle's inputs).
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
  localparam [WARPS-1:0] ONE_W = 1;
  localparam [RPW-1:0] ONE_R = 1;
  localparam [CNT_W-1:0] ONE_C = 1;

  integer w, r;

  // ---------------------------------------------------------------- state
  reg [WORDS-1:0] dirty_q, dirty_d;  // bit w*RPW + r
  reg [WARPS*CNT_W-1:0] dcnt_q, dcnt_d;  // dirty bits of warp w in [w*CNT_W +: CNT_W]
  // scan parameters, latched at the start
  reg [WARPS-1:0] scan_wmask_q, scan_wmask_d;
  reg [RPW-1:0] scan_rmask_q, scan_rmask_d;  // bit r: r < rpw
  reg scan_all_q, scan_all_d;
  // search: runs from the start edge to the fetch of the last entry (or an empty search)
  reg srch_q, srch_d;
  reg [5:0] cur_w_q, cur_w_d;  // cursor: the next candidate is at or after (cur_w, cur_r)
  reg [5:0] cur_r_q, cur_r_d;  // 0..RPW
  // output stage (its data is scan_rdata_q, the memory's scan read register)
  reg out_valid_q, out_valid_d;
  reg [5:0] out_warp_q, out_warp_d;
  reg [4:0] out_reg_q, out_reg_d;
  reg out_last_q, out_last_d;
  reg out_stale_q, out_stale_d;  // its register was written in or after its fetch cycle
  reg scan_done_q, scan_done_d;
  // the last read was out of range, or there was none since reset: rd_data_o reads 0 then
  // (rd_rdata_q, a block RAM's read register, has no reset: garbage at power-up)
  reg rd_bad_q, rd_bad_d;
  // register memory: one write port, two read ports with enable, read-before-write, no reset
  (* ram_style = "block" *)
  reg [DW-1:0] rf_mem[0:WORDS-1];
  reg [DW-1:0] rd_rdata_q;
  reg [DW-1:0] scan_rdata_q;

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
  reg wr_win, wr_rin, rd_win, rd_rin, ex_win, wr_scan, ex_scan;
  wire busy = srch_q || out_valid_q;
  always @(*) begin
    wr_win = 1'b0;
    rd_win = 1'b0;
    ex_win = 1'b0;
    wr_scan = 1'b0;
    ex_scan = 1'b0;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (wr_warp_i == w[5:0]) begin
        wr_win = 1'b1;
        wr_scan = busy && scan_wmask_q[w];
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

  // ---------------------------------------------------------------- search
  // cand: every warp's candidates ignoring the cursor; the cursor's warp has those at or after
  // cur_r (cur_row: one row read by cur_w, not a cursor compare per bit); warp_any: the warps
  // with a candidate at or after the cursor
  reg [WORDS-1:0] cand;  // candidates of every warp, the cursor aside
  reg [WARPS-1:0] row_any, warp_any;
  reg [RPW-1:0] ge_mask;  // bit r: r >= cur_r
  reg [RPW-1:0] cur_row;
  always @(*) begin
    for (r = 0; r < RPW; r = r + 1) ge_mask[r] = ({26'd0, cur_r_q} <= r);
    cur_row = {RPW{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      cand[w*RPW+:RPW] = (scan_all_q ? {RPW{1'b1}} : dirty_q[w*RPW+:RPW]) & scan_rmask_q;
      row_any[w] = |cand[w*RPW+:RPW];
      if (w[5:0] == cur_w_q) cur_row = cand[w*RPW+:RPW];
    end
    cur_row = cur_row & ge_mask;
    for (w = 0; w < WARPS; w = w + 1)
      warp_any[w] = srch_q && scan_wmask_q[w] &&
                    ((w[5:0] > cur_w_q) ? row_any[w] : ((w[5:0] == cur_w_q) && (|cur_row)));
  end

  wire [WI_W-1:0] sel_w;
  wire sel_any;
  kmu_prio_enc #(
      .N(WARPS)
  ) u_warp_enc (
      .in_i   (warp_any),
      .idx_o  (sel_w),
      .valid_o(sel_any)
  );
  reg [5:0] sel_w6;
  always @(*) begin
    sel_w6 = 6'd0;
    sel_w6[WI_W-1:0] = sel_w;
  end
  reg [RPW-1:0] sel_bits;  // the chosen warp's candidates
  always @(*) begin
    sel_bits = {RPW{1'b0}};
    // (the chosen warp is at or after the cursor's: the cursor's own is masked by ge_mask)
    for (w = 0; w < WARPS; w = w + 1) if (sel_w == w[WI_W-1:0]) sel_bits = cand[w*RPW+:RPW];
    if (sel_w6 == cur_w_q) sel_bits = sel_bits & ge_mask;
  end
  wire [RI_W-1:0] sel_r;
  wire unused_sel_r_valid;  // sel_any implies a bit of sel_bits
  kmu_prio_enc #(
      .N(RPW)
  ) u_reg_enc (
      .in_i   (sel_bits),
      .idx_o  (sel_r),
      .valid_o(unused_sel_r_valid)
  );
  // the chosen entry is the last one when no other candidate is left (x & (x-1) drops the
  // lowest set bit)
  wire more_regs = |(sel_bits & (sel_bits - ONE_R));
  wire more_warps = |(warp_any & (warp_any - ONE_W));
  wire fetch_last = !more_regs && !more_warps;

  wire hs = out_valid_q && scan_ready_i;  // the output entry is handed out
  wire fetch = sel_any && (!out_valid_q || scan_ready_i);
  reg [4:0] sel_r5;
  always @(*) begin
    sel_r5 = 5'd0;
    sel_r5[RI_W-1:0] = sel_r;
  end
  wire [AW-1:0] wr_addr = addr_of(wr_warp_i, wr_reg_i);
  wire [AW-1:0] rd_addr = addr_of(rd_warp_i, rd_reg_i);
  wire [AW-1:0] fetch_addr = addr_of(sel_w6, sel_r5);
  wire wr_hits_fetch = wr_ok && (wr_warp_i == sel_w6) && (wr_reg_i == sel_r5);
  wire wr_hits_out = wr_ok && (wr_warp_i == out_warp_q) && (wr_reg_i == out_reg_q);
  wire hs_clear = hs && !out_stale_q;

  // ---------------------------------------------------------------- dirty bits
  // one-hot masks over the WORDS bits: the written word, the word handed out (cleared unless
  // stale), the exiting warp's words
  wire [AW-1:0] out_addr = addr_of(out_warp_q, out_reg_q);
  // (per word: a warp decode AND a register decode, shared by the rows and the columns)
  reg [WORDS-1:0] wr_set, hs_clr, ex_clr;
  always @(*) begin
    for (w = 0; w < WARPS; w = w + 1)
      for (r = 0; r < RPW; r = r + 1) begin
        wr_set[w*RPW+r] = wr_ok && (wr_warp_i == w[5:0]) && (wr_reg_i == r[4:0]);
        hs_clr[w*RPW+r] = hs_clear && (out_warp_q == w[5:0]) && (out_reg_q == r[4:0]);
        ex_clr[w*RPW+r] = exit_ok && (exit_warp_i == w[5:0]);
      end
  end
  wire wr_was_dirty = dirty_q[wr_addr];  // the written word was dirty already (with wr_ok)
  wire out_dirty = hs_clear && dirty_q[out_addr];  // the word handed out is dirty (and cleared)
  wire same_word = wr_ok && (wr_warp_i == out_warp_q) && (wr_reg_i == out_reg_q);

  // ---------------------------------------------------------------- next state
  reg inc, dec;
  always @(*) begin
    dirty_d = dirty_q;
    dcnt_d = dcnt_q;
    scan_wmask_d = scan_wmask_q;
    scan_rmask_d = scan_rmask_q;
    scan_all_d = scan_all_q;
    srch_d = srch_q;
    cur_w_d = cur_w_q;
    cur_r_d = cur_r_q;
    out_valid_d = out_valid_q;
    out_warp_d = out_warp_q;
    out_reg_d = out_reg_q;
    out_last_d = out_last_q;
    out_stale_d = out_stale_q;
    rd_bad_d = rd_valid_i ? !rd_ok : rd_bad_q;

    // dirty bits: the handshake clears, exit clears the warp, a write sets (wins)
    dirty_d = (dirty_q & ~hs_clr & ~ex_clr) | wr_set;
    // per-warp counters follow the same rule
    for (w = 0; w < WARPS; w = w + 1) begin
      inc = wr_ok && (wr_warp_i == w[5:0]) && !wr_was_dirty;
      dec = (out_warp_q == w[5:0]) && out_dirty && !same_word;
      if (exit_ok && (exit_warp_i == w[5:0])) begin
        dcnt_d[w*CNT_W+:CNT_W] = (wr_ok && (wr_warp_i == w[5:0])) ? ONE_C : {CNT_W{1'b0}};
      end else if (inc != dec) begin  // one adder of +1 or -1 (all ones)
        dcnt_d[w*CNT_W+:CNT_W] = dcnt_q[w*CNT_W+:CNT_W] + (dec ? {CNT_W{1'b1}} : ONE_C);
      end
    end

    // output stage: a fetch refills it (in the cycle it is handed out, too); the stale flag
    // follows writes to its register from the fetch cycle on (read-before-write)
    if (fetch) begin
      out_valid_d = 1'b1;
      out_warp_d = sel_w6;
      out_reg_d = sel_r5;
      out_last_d = fetch_last;
      out_stale_d = wr_hits_fetch;
      cur_w_d = sel_w6;
      cur_r_d = {1'b0, sel_r5} + 6'd1;
      if (fetch_last) srch_d = 1'b0;
    end else begin
      if (hs) out_valid_d = 1'b0;
      if (wr_hits_out) out_stale_d = 1'b1;
      if (srch_q && !sel_any) srch_d = 1'b0;  // nothing (left) to yield
    end

    // start: latch the TB's warps, the allocated-register mask, the mode; cursor at (0, 0)
    if (start_ok) begin
      srch_d = 1'b1;
      cur_w_d = 6'd0;
      cur_r_d = 6'd0;
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
  // register memory: no reset, read registers load only on their read (hold otherwise)
  always @(posedge clk_i) begin
    if (wr_ok) rf_mem[wr_addr] <= wr_data_i;
    if (rd_ok) rd_rdata_q <= rf_mem[rd_addr];
    if (fetch) scan_rdata_q <= rf_mem[fetch_addr];
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dirty_q <= {WORDS{1'b0}};
      dcnt_q <= {(WARPS * CNT_W) {1'b0}};
      scan_wmask_q <= {WARPS{1'b0}};
      scan_rmask_q <= {RPW{1'b0}};
      scan_all_q <= 1'b0;
      srch_q <= 1'b0;
      cur_w_q <= 6'd0;
      cur_r_q <= 6'd0;
      out_valid_q <= 1'b0;
      out_warp_q <= 6'd0;
      out_reg_q <= 5'd0;
      out_last_q <= 1'b0;
      out_stale_q <= 1'b0;
      scan_done_q <= 1'b0;
      rd_bad_q <= 1'b1;  // no read yet: rd_data_o = 0, not the read register's power-up value
    end else begin
      dirty_q <= dirty_d;
      dcnt_q <= dcnt_d;
      scan_wmask_q <= scan_wmask_d;
      scan_rmask_q <= scan_rmask_d;
      scan_all_q <= scan_all_d;
      srch_q <= srch_d;
      cur_w_q <= cur_w_d;
      cur_r_q <= cur_r_d;
      out_valid_q <= out_valid_d;
      out_warp_q <= out_warp_d;
      out_reg_q <= out_reg_d;
      out_last_q <= out_last_d;
      out_stale_q <= out_stale_d;
      scan_done_q <= scan_done_d;
      rd_bad_q <= rd_bad_d;
    end
  end
endmodule

`default_nettype wire
