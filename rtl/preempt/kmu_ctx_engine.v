// kmu_ctx_engine - context save / restore engine: saves or restores one TB context (warp
// registers, their bitmaps, shared memory) per command, through the memory port (a
// kmu_mem_port client) or, in place, through the on-chip store port.
//
// Paper: PEP (proactive preemption via checkpointing) 3.3 (base checkpoint = dirty save,
// incremental checkpoint = dirty save of what changed since, restore one checkpoint after the
// other, the incremental last; in-place saving of the incremental), 4.2-4.3 (preemption
// latency and context size: done_regs_o / done_bytes_o).  Chimera's full save is SAVE_ALL.
// Interface contract: docs/pep-interfaces.md section 2, refined by docs/blocks/kmu_ctx_engine.md.
//
// Checkpoint area (byte offsets from cmd_area_i; i = the warp's index within the TB, counting
// the set bits of the wmask from slot 0):
//   bitmap word of warp i (bit r: register r is in this checkpoint)  i*BEAT_BYTES
//   register r of warp i, beat b                                      BMAP_B + (i*RPW + r)*REG_BYTES + b*BEAT_BYTES
//   shared-memory beat j (the 32-bit word of shm byte address j*BEAT_BYTES)  SHM_OFF + j*BEAT_BYTES
// with BMAP_B = WARPS*BEAT_BYTES, SHM_OFF = BMAP_B + WARPS*RPW*REG_BYTES.  A warp register
// costs REG_BEATS = REG_BYTES/BEAT_BYTES memory beats, each carrying the register's DW-bit word
// (zero-extended); in place it is one access of the whole register (one word) at beat 0's
// address.  Every beat or access is one request: the memory sees one request per cycle while
// req_ready_i is high.
//
// SAVE_ALL (op 0) / SAVE_DIRTY (op 1): scan_start_o pulses the cycle after the command; every
// register the kmu_dirty_rf scan yields is written (its beats back to back, the scan entry is
// taken with the last beat), then the bitmap words of warps 0..n-1, then the shared-memory
// beats j = 0..ceil(shmem/BEAT_BYTES)-1.  An empty scan (scan_done_i without an entry) writes
// the bitmaps (all zero) and shared memory only.
// RESTORE (op 2): reads the bitmap words of warps 0..n-1 back to back; once the last one has
// arrived, reads the registers set in them (bits >= rpw are ignored) warp by warp, ascending,
// every beat, back to back; then the shared-memory beats.  Reads are pipelined without a
// limit (responses come in order, no back-pressure); the response of a register's last beat
// is written to the RF (rfw_*) of slot = the i-th set bit of this command's wmask (so a
// checkpoint restores into any warp mask of the same size), a shared-memory response to shm.
// Base + incremental = two RESTORE commands, the incremental last (its registers override).
//
// Latency (req_ready_i always high, B = accepted requests of the command; ctxcyc: the issue
// side walks the slots one a cycle, no slot encoder):
//   save:    command in t -> scan_start_o in t+1; requests in every cycle the scan offers an
//            entry; two cycles (S_FLUSH: the scan's last slot word written; S_BRD: the first
//            slot's read); the bitmap words, one slot a cycle from the TB's first slot fw to its
//            last lw (a slot outside the wmask: a cycle without a write, h = lw - fw + 1 - n of
//            them); the shm beats back to back; done_o the cycle after the last write is
//            accepted: t + B + L + 3 + h with L = cycles from scan_start_o to the first entry (4
//            with kmu_dirty_rf); an empty scan: t + B + L' + 4 + h with L' = scan_start_o ->
//            scan_done_i.  The B requests take exactly B cycles of the memory port (+ stalls).
//   restore: command in t -> bitmap reads t+1..t+n; one cycle after the last bitmap arrived (in
//            D cycles) the walk starts at the first non-empty slot g1: an empty slot costs a
//            cycle, a non-empty one two (visit, load) and then its register reads back to back;
//            the walk ends with the last non-empty slot g, then the shm reads; done_o the cycle
//            after the last read data arrived: t + B + 2D + 2 + W, W = g - g1 + k + 1 (k the
//            non-empty slots), 0 with no register; t + B + D + 1 when nothing follows the
//            bitmaps.
//   in place: as above with D = 1 (the store's registered read; ctxboard, was 0) and one access
//            per register: a restore t + B + 4 + W (t + B + 2 with only bitmaps).
// Handshakes: cmd_valid_i / cmd_ready_o (= idle).  A command with op 3, rpw 0 or > RPW, an
// empty wmask or shmem > SHMEM raises err_cmd_o in its cycle (only when cmd_ready_o is high) and
// is consumed and ignored.  scan_valid_i / scan_ready_o: kmu_dirty_rf's stream (in memory mode
// scan_ready_o = req_ready_i on the register's last beat: combinational).  req_*: held until
// req_ready_i (the scan holds its entry).  rsp_*: taken in the cycle they arrive; a response
// with no read outstanding is ignored.  shm_rdata_i is a combinational read of shm_raddr_o;
// ip_rdata_i is the word of the ip_addr_o of an ip_ren_o in the cycle before (a registered read,
// as a block RAM gives it: ctxboard), taken like a memory response of latency 1.  done_o: one-cycle pulse; done_regs_o / done_bytes_o count the
// command's warp registers and bytes (registers x REG_BYTES + (bitmap + shm beats) x
// BEAT_BYTES, in place the same) and hold until the next command is accepted.
// Abort (TReM revocation, issue 12): abort_i (a level, sampled every cycle; a pulse is enough)
// in a cycle t where the engine is busy and its command does not end in t (no done_o in t+1)
// aborts the command: t's own request, scan handshake and response still happen; from t+1 no
// new request, in-place access, shared-memory read, RF write (rfw_valid_o) or shared-memory
// write is made, except that a memory request stalled in t (req_valid_o, no req_ready_i) is
// held until accepted (hold_q: the kmu_mem_port contract; a read of it counts outstanding).
// Every read response still outstanding is taken and discarded (out_q counts the reads issued
// and not answered: conservation of responses, none is left in the memory port for another
// client); a running kmu_dirty_rf scan is drained (scan_ready_o = 1, every entry taken and
// discarded, to its last entry or scan_done_i) so the RF's scan is idle for the next save.
// The engine is idle (cmd_ready_o) again, with no done_o, in t+1 when nothing is outstanding,
// else the cycle after the last response, the held request or the scan's end (a save aborted
// in S_START / S_SCAN: at most the TB's n x rpw registers, one per cycle).  done_regs_o /
// done_bytes_o then hold partial counts (meaningless: nothing is reported done).  abort_i
// while idle, while aborting or in the cycle the command ends is ignored (done_o stands).
// Side effects (the TB is dropped: its registers and shared memory are dead): an aborted save
// leaves a partial checkpoint (discarded) and clears the dirty bits of the registers it
// scanned; an aborted restore leaves some registers written and dirty.  A dirty bit left set
// only makes a later SAVE_DIRTY of a TB in those slots save more, never less; kmu_sm_ctrl
// frees the slots only once the engine is idle (the scan over), so no write of a new TB meets
// the drained scan (whose handshake would clear its dirty bit).
// Implementation (issue 15; the walk's cycles changed by ctxcyc): the warp index of every slot is a table
// registered with the command (widx_q), not a popcount in the address path; the address is
// area_q plus one narrow offset (one 32-bit adder); each count has one adder and only the bits
// a command's count can reach (regs_q RG_W, bytes_q BY_W: pepctx); the shared-memory
// end is compared with a registered limit.  The bitmaps are in block RAM (bmap_mem, no reset;
// nz_q marks the non-empty slots): a save builds its scan's current slot's word in cur_bm_q
// and writes it when the scan leaves the slot (the last one in S_FLUSH).  The issue side walks
// the slots with a counter (iss_slot_q), one a cycle, from the slot the response side's encoder
// shows (a save: the wmask's first; a restore: the first non-empty), and reads each word the
// cycle before it uses it, after every write to it (no bypass); the response side, which must
// take a response every cycle, keeps its slot encoder.  See docs/blocks/kmu_ctx_engine.md (Hardware).
// C twin: cmodel/preempt/kmu_ctx_engine.c (composed of the kmu_prio_enc twin).
`default_nettype none

module kmu_ctx_engine #(
    parameter integer WARPS      = 8,      // warp slots (1..64); 8 small, 64 paper
    parameter integer RPW        = 16,     // warp registers per warp slot (1..32); 16 / 32
    parameter integer DW         = 32,     // data bits stored per warp register (1..32)
    parameter integer REG_BYTES  = 4,      // bytes of a warp register (a multiple of BEAT_BYTES); 4 / 128
    parameter integer BEAT_BYTES = 4,      // bytes per memory beat (a multiple of 4); 4 / 32
    parameter integer SHMEM      = 16384   // max shared-memory bytes of a TB (<= 131071); 16384 / 98304
) (
    input  wire             clk_i,
    input  wire             rst_ni,         // asynchronous, active low

    // command (from kmu_sm_ctrl)
    input  wire             cmd_valid_i,
    output wire             cmd_ready_o,    // idle
    input  wire [      1:0] cmd_op_i,       // 0 SAVE_ALL, 1 SAVE_DIRTY, 2 RESTORE, 3 reserved
    input  wire             cmd_inplace_i,  // on-chip store instead of memory
    input  wire [WARPS-1:0] cmd_wmask_i,    // the TB's warp slots
    input  wire [      5:0] cmd_rpw_i,      // warp registers per warp (1..RPW)
    input  wire [     16:0] cmd_shmem_i,    // the TB's shared-memory bytes (0..SHMEM)
    input  wire [     31:0] cmd_area_i,     // checkpoint area (byte address)
    output wire             err_cmd_o,      // bad command: consumed, ignored
    input  wire             abort_i,        // abort the running command (TReM drop): see above

    // kmu_dirty_rf scan
    output wire             scan_start_o,
    output wire [WARPS-1:0] scan_wmask_o,
    output wire [      5:0] scan_rpw_o,
    output wire             scan_all_o,     // SAVE_ALL: every allocated register
    input  wire             scan_valid_i,
    output wire             scan_ready_o,
    input  wire [      5:0] scan_warp_i,
    input  wire [      4:0] scan_reg_i,
    input  wire [   DW-1:0] scan_data_i,
    input  wire             scan_last_i,
    input  wire             scan_done_i,    // pulse: the scan ended (also an empty one)

    // restore writes into the register file
    output wire             rfw_valid_o,
    output wire [      5:0] rfw_warp_o,
    output wire [      4:0] rfw_reg_o,
    output wire [   DW-1:0] rfw_data_o,

    // memory (a kmu_mem_port client)
    output wire             req_valid_o,
    input  wire             req_ready_i,
    output wire             req_write_o,
    output wire [     31:0] req_addr_o,
    output wire [     31:0] req_wdata_o,    // 0 for reads
    input  wire             rsp_valid_i,
    input  wire [     31:0] rsp_rdata_i,

    // the TB's shared memory (one 32-bit word per beat)
    output wire             shm_ren_o,
    output wire [     16:0] shm_raddr_o,
    input  wire [     31:0] shm_rdata_i,    // combinational read of shm_raddr_o
    output wire             shm_wen_o,
    output wire [     16:0] shm_waddr_o,
    output wire [     31:0] shm_wdata_o,

    // on-chip (in-place) store: one register, bitmap word or shm beat per cycle
    output wire             ip_wen_o,
    output wire             ip_ren_o,
    output wire [     31:0] ip_addr_o,      // the layout's byte address (beat 0 of a register)
    output wire [     31:0] ip_wdata_o,
    input  wire [     31:0] ip_rdata_i,     // the word of last cycle's ip_ren_o / ip_addr_o

    // status
    output wire             busy_o,
    output wire             done_o,         // pulse: the command finished
    output wire [     11:0] done_regs_o,    // warp registers moved by the last command
    output wire [     31:0] done_bytes_o    // bytes moved by the last command
);
  localparam integer WI_W = (WARPS > 1) ? $clog2(WARPS) : 1;  // slot encoder index width
  localparam integer RI_W = (RPW > 1) ? $clog2(RPW) : 1;  // register encoder index width
  localparam integer REG_BEATS = REG_BYTES / BEAT_BYTES;
  localparam [31:0] BMAP_B = WARPS * BEAT_BYTES;  // bitmaps, then registers
  localparam [31:0] SHM_OFF = BMAP_B + WARPS * RPW * REG_BYTES;  // then shared memory
  localparam [31:0] RPW32 = RPW;
  localparam [31:0] REGB32 = REG_BYTES;
  localparam [31:0] BEATB32 = BEAT_BYTES;
  localparam [17:0] BEATB18 = BEAT_BYTES[17:0];
  localparam [17:0] SHMEM18 = SHMEM[17:0];
  localparam [6:0] RPW7 = RPW[6:0];
  localparam integer WX_W = $clog2(WARPS + 1);  // a warp index 0..WARPS (widx_q entry)
  // offsets inside the checkpoint area: below SHM_OFF + 2^17 (shared memory) and below
  // SHM_OFF + 32 * REG_BYTES (a register number up to 31 of the warp index up to WARPS)
  localparam integer OFF_W0 = $clog2(SHM_OFF + 131072 + 32 * REG_BYTES + 1);
  localparam integer OFF_W = (OFF_W0 > 32) ? 32 : OFF_W0;
  // memory reads of one command at most: bitmaps, every register beat, the shared-memory beats
  localparam integer MAX_RD = WARPS + WARPS * RPW * REG_BEATS +
                              (SHMEM + BEAT_BYTES - 1) / BEAT_BYTES;
  localparam integer OUT_W = $clog2(MAX_RD + 1);  // out_q: reads issued, response outstanding
  localparam [OUT_W-1:0] OUT_ONE = 1;
  // a command's counts at most: WARPS x RPW registers; their bytes, WARPS bitmap beats and the
  // shared-memory beats (the scan yields a register once, a restore's bitmap bits are < rpw)
  localparam integer MAX_BY = WARPS * RPW * REG_BYTES + WARPS * BEAT_BYTES +
                              ((SHMEM + BEAT_BYTES - 1) / BEAT_BYTES) * BEAT_BYTES;
  localparam integer BY_W0 = $clog2(MAX_BY + 1);
  localparam integer BY_W = (BY_W0 > 32) ? 32 : BY_W0;  // bytes_q (pepctx: was 32 bits)
  localparam integer RG_W = $clog2(WARPS * RPW + 1);  // regs_q (<= 12; was 12 bits)
  localparam [BY_W-1:0] REGB_N = REG_BYTES[BY_W-1:0];
  localparam [BY_W-1:0] BEATB_N = BEAT_BYTES[BY_W-1:0];
  // the shared-memory byte offsets (iss_off_q, rsp_off_q) and their limit (shm_lim_q) reach at
  // most SHMEM + BEAT_BYTES - 1 (the offset after the last beat): SW bits, the bits above are
  // constant 0 (ctxboard: the board's 16 KB needs 15 of the ports' 17)
  localparam integer SW0 = $clog2(SHMEM + BEAT_BYTES);
  localparam integer SW = (SW0 > 17) ? 17 : SW0;
  localparam [16:0] SWM = (17'd1 << SW) - 17'd1;

  // context operations KMU_CTX_OP_* (regmap/kmu.rdl)
`include "kmu_regmap.vh"
  // issue side (the main state)
  localparam [3:0] S_IDLE = 4'd0,  // cmd_ready_o
  S_START = 4'd1,  // scan_start_o
  S_SCAN = 4'd2,  // save the scanned registers
  S_BMAP = 4'd3,  // bitmap words: written (save, slot by slot) or read (restore)
  S_RWAIT = 4'd4,  // restore: wait for every bitmap
  S_REG = 4'd5,  // restore: register reads of slot iss_slot_q
  S_SHM = 4'd6,  // shared-memory beats
  S_DRAIN = 4'd7,  // restore: every read issued, responses outstanding
  S_FLUSH = 4'd8,  // save: the scan's last slot word (cur_bm_q) written to bmap_mem
  S_BRD = 4'd9,  // save: port A reads slot 0's word (S_BMAP's first)
  S_SEEK = 4'd10,  // restore: visit slot iss_slot_q (non-empty: port A reads its word)
  S_LOAD = 4'd11;  // restore: the visited slot's word into iss_bits_q
  // response side (restore): what the next read data is
  localparam [2:0] R_IDLE = 3'd0, R_BMAP = 3'd1, R_WAIT = 3'd2, R_REG = 3'd3, R_SHM = 3'd4;

  integer w, r;

  // ---------------------------------------------------------------- state
  reg [3:0] state_q, state_d;
  reg [1:0] op_q, op_d;
  reg inplace_q, inplace_d;
  reg [WARPS-1:0] wmask_q, wmask_d;
  reg [5:0] rpw_q, rpw_d;
  reg [16:0] shmem_q, shmem_d;
  reg [31:0] area_q, area_d;
  // bitmap per warp slot (issue 15: in block RAM, no reset): written whole, by a save when its
  // scan leaves the slot (cur_*), by a restore's bitmap reads; two registered read ports, the
  // issue side's (iss_rbm_q) and the response side's (rsp_rbm_q).  nz_q (reset) says which
  // slots hold a non-empty bitmap; a slot without it reads as 0 (its word may be stale).
  (* ram_style = "block", no_rw_check *)
  reg [RPW-1:0] bmap_mem[0:WARPS-1];
  reg [RPW-1:0] iss_rbm_q, rsp_rbm_q;
  reg [WARPS-1:0] nz_q, nz_d;
  // save: the bitmap of the slot the scan is in (the scan's slots ascend: a slot left is done)
  reg cur_v_q, cur_v_d;
  reg [WI_W-1:0] cur_slot_q, cur_slot_d;
  reg [RPW-1:0] cur_bm_q, cur_bm_d;
  // the response walker's bits are the word read last cycle (a load: rsp_rbm_q)
  reg rsp_ld_q, rsp_ld_d;
  // issue walker (ctxcyc: serial, one slot a cycle, no slot encoder): iss_slot_q counts the
  // slots 0..WARPS-1 in S_BMAP (save) and S_SEEK / S_LOAD / S_REG (restore)
  reg [6:0] iss_idx_q, iss_idx_d;  // S_BMAP: warp index i
  reg [5:0] iss_slot_q, iss_slot_d;  // the slot visited
  reg [RPW-1:0] iss_bits_q, iss_bits_d;  // S_REG: its registers still to read
  wire [RPW-1:0] iss_bits = iss_bits_q;
  reg [WX_W-1:0] nlast_q;  // the command's warps less one (the last warp index)
  reg [WX_W-1:0] nzc_q, nzc_d;  // restore: the non-empty slots (bitmap words loaded non-zero)
  // beat of the register (S_SCAN, S_REG); always 0 when a register is one beat (REG_BEATS 1:
  // the last beat is the first, so it never counts; pepctx2: then a constant, no register)
  reg [7:0] iss_beat_q, iss_beat_d;
  reg [16:0] iss_off_q, iss_off_d;  // S_SHM: shm byte offset
  // response walker (restore)
  reg [2:0] rsp_ph_q, rsp_ph_d;
  reg [WARPS-1:0] rsp_rem_q, rsp_rem_d;
  reg [5:0] rsp_slot_q, rsp_slot_d;
  reg [RPW-1:0] rsp_bits_q, rsp_bits_d;
  wire [RPW-1:0] rsp_bits;
  reg [7:0] rsp_beat_q, rsp_beat_d;
  reg [16:0] rsp_off_q, rsp_off_d;
  // warp index of every slot, registered with the command (so no popcount in the address
  // path): entry w = set bits of the wmask below slot w, entry WARPS = all of them
  reg [(WARPS+1)*WX_W-1:0] widx_q, widx_d;
  // the offset of the last shared-memory beat or beyond: max(shmem - BEAT_BYTES, 0), a pipeline
  // register of shmem_q (S_SHM / R_SHM come 3 or more cycles after the command's accept)
  reg [16:0] shm_lim_q;
  wire [17:0] shm_lim_d = {1'b0, shmem_q} - BEATB18;
  // results
  reg done_q, done_d;
  // abort: the command is being aborted (no new access; responses and the scan drained)
  reg abt_q, abt_d;
  reg hold_q, hold_d;  // aborting with the request stalled at the abort still to be accepted
  reg [OUT_W-1:0] out_q, out_d;  // memory reads issued whose response has not arrived
  // ctxboard: an in-place read was issued last cycle, its data is on ip_rdata_i now (the store
  // reads like a block RAM: registered, one cycle; an in-place response of fixed latency 1)
  reg ip_rv_q;
  wire ip_rv_d;
  reg [RG_W-1:0] regs_q, regs_d;
  reg [BY_W-1:0] bytes_q, bytes_d;

  assign rsp_bits = rsp_ld_q ? rsp_rbm_q : rsp_bits_q;

  // ---------------------------------------------------------------- command check
  wire cmd_bad = (cmd_op_i == 2'd3) || (cmd_rpw_i == 6'd0) || ({1'b0, cmd_rpw_i} > RPW7) ||
                 (cmd_wmask_i == {WARPS{1'b0}}) ||
                 ({1'b0, cmd_shmem_i} > SHMEM18);
  wire idle = (state_q == S_IDLE);
  wire cmd_go = cmd_valid_i && idle && !cmd_bad;
  assign cmd_ready_o = idle;
  assign err_cmd_o = cmd_valid_i && idle && cmd_bad;

  // the warp index table of the command (widx_q): a running count over the command's wmask
  reg [(WARPS+1)*WX_W-1:0] cmd_widx;
  reg [WX_W-1:0] cmd_cnt;
  always @(*) begin
    cmd_cnt = {WX_W{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      cmd_widx[w*WX_W+:WX_W] = cmd_cnt;
      cmd_cnt = cmd_cnt + {{(WX_W - 1) {1'b0}}, cmd_wmask_i[w]};
    end
    cmd_widx[WARPS*WX_W+:WX_W] = cmd_cnt;
  end

  wire restore = (op_q == KMU_CTX_OP_RESTORE);
  wire [7:0] rbe = inplace_q ? 8'd1 : REG_BEATS[7:0];  // accesses per register on this port

  // ---------------------------------------------------------------- bitmap helpers
  reg [RPW-1:0] rpw_mask;  // registers < rpw
  wire [WARPS-1:0] nz = nz_q;  // slots with a non-empty bitmap
  wire any_nz = |nz_q;
  reg [WARPS-1:0] rsp_from;  // slots after the response walker's (all while waiting)
  always @(*) begin
    for (r = 0; r < RPW; r = r + 1) rpw_mask[r] = (r[5:0] < rpw_q);
    for (w = 0; w < WARPS; w = w + 1) rsp_from[w] = (rsp_ph_q == R_WAIT) || (w[5:0] > rsp_slot_q);
  end

  // the response side's slot encoder: the lowest slot still to go (R_BMAP), else the next
  // non-empty one (the response side takes a response every cycle: it cannot step serially).
  // Idle (a save) it shows the command's first slot (rsp_rem_q = the wmask): the issue walk
  // starts there (S_START); in R_WAIT the first non-empty slot: the restore's walk starts there.
  wire [WI_W-1:0] rsp_w_idx;
  wire rsp_w_valid;
  kmu_prio_enc #(
      .N(WARPS)
  ) u_rsp_wenc (
      .in_i   (((rsp_ph_q == R_BMAP) || (rsp_ph_q == R_IDLE)) ? rsp_rem_q : (nz & rsp_from)),
      .idx_o  (rsp_w_idx),
      .valid_o(rsp_w_valid)
  );
  // register encoders: the lowest register still to go in the current slot
  wire [RI_W-1:0] iss_r_idx, rsp_r_idx;
  wire unused_iss_r_valid, unused_rsp_r_valid;
  kmu_prio_enc #(
      .N(RPW)
  ) u_iss_renc (
      .in_i   (iss_bits),
      .idx_o  (iss_r_idx),
      .valid_o(unused_iss_r_valid)
  );
  kmu_prio_enc #(
      .N(RPW)
  ) u_rsp_renc (
      .in_i   (rsp_bits),
      .idx_o  (rsp_r_idx),
      .valid_o(unused_rsp_r_valid)
  );
  // the encoder indices at the port widths (slot 6 bits, register 5 bits)
  reg [5:0] rsp_w6;
  reg [4:0] iss_r5, rsp_r5;
  always @(*) begin
    rsp_w6 = 6'd0;
    rsp_w6[WI_W-1:0] = rsp_w_idx;
    iss_r5 = 5'd0;
    iss_r5[RI_W-1:0] = iss_r_idx;
    rsp_r5 = 5'd0;
    rsp_r5[RI_W-1:0] = rsp_r_idx;
  end

  // the visited slot: in the command's wmask (S_BMAP of a save writes its word), non-empty
  // (S_SEEK), the last slot (the walk ends)
  reg iss_s_in, iss_s_nz;
  always @(*) begin
    iss_s_in = 1'b0;
    iss_s_nz = 1'b0;
    for (w = 0; w < WARPS; w = w + 1)
      if (iss_slot_q[WI_W-1:0] == w[WI_W-1:0]) begin
        iss_s_in = wmask_q[w];
        iss_s_nz = nz_q[w];
      end
  end
  // save: iss_idx_q counts the wmask's slots the walk has passed: the visited slot is the TB's
  // last when it is in the wmask and the count is the command's warps less one (the walk ends)
  wire iss_i_last = (iss_idx_q[WX_W-1:0] == nlast_q);
  // restore: iss_idx_q counts the non-empty slots loaded; the last ends the walk
  wire iss_nz_last = (iss_idx_q[WX_W-1:0] == nzc_q);
  // the bitmap word S_BMAP writes (slot iss_slot_q, read by port A last cycle, after the scan's
  // last word was written in S_FLUSH: no bypass): an empty slot's 0, else the read word
  wire [RPW-1:0] iss_w_bmap = iss_s_nz ? iss_rbm_q : {RPW{1'b0}};

  // ---------------------------------------------------------------- addresses and data
  // warp index of a slot: its set bits of the wmask below it (the scanned slot or iss_slot_q)
  wire [5:0] pc_slot = (state_q == S_SCAN) ? scan_warp_i : iss_slot_q;
  wire [4:0] pc_reg = (state_q == S_SCAN) ? scan_reg_i : iss_r5;
  // pc = widx_q[slot] (the table below; slots >= WARPS read entry WARPS = the whole count)
  // (the table padded to the 64 slot numbers, so the read is one balanced multiplexer)
  reg [64*WX_W-1:0] widx_pad;
  reg [6:0] pc;
  always @(*) begin
    for (w = 0; w < 64; w = w + 1)
      widx_pad[w*WX_W+:WX_W] = widx_q[((w < WARPS) ? w : WARPS)*WX_W+:WX_W];
    pc = 7'd0;
    pc[WX_W-1:0] = widx_pad[pc_slot*WX_W+:WX_W];
  end
  // One 32-bit adder: the area plus the offset of this access (the three offsets are narrow).
  // (each offset is below 2^OFF_W: only its low OFF_W bits are used)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [31:0] reg_off = BMAP_B + ({25'd0, pc} * RPW32 + {27'd0, pc_reg}) * REGB32 +
                        {24'd0, iss_beat_q} * BEATB32;
  wire [31:0] bmap_off = {25'd0, iss_idx_q} * BEATB32;
  wire [31:0] shm_off = SHM_OFF + {15'd0, iss_off_q};
  /* verilator lint_on UNUSEDSIGNAL */
  wire [OFF_W-1:0] off_sel = (state_q == S_BMAP) ? bmap_off[OFF_W-1:0] :
                             (state_q == S_SHM) ? shm_off[OFF_W-1:0] : reg_off[OFF_W-1:0];
  reg [31:0] off32;
  always @(*) begin
    off32 = 32'd0;
    off32[OFF_W-1:0] = off_sel;
  end
  wire [31:0] addr = area_q + off32;

  reg [31:0] scan_data32, bmap_word32, wdata;
  wire [31:0] evt_data = inplace_q ? ip_rdata_i : rsp_rdata_i;  // the read data of this cycle
  always @(*) begin
    scan_data32 = 32'd0;
    scan_data32[DW-1:0] = scan_data_i;
    bmap_word32 = 32'd0;
    bmap_word32[RPW-1:0] = iss_w_bmap;
    if (restore) wdata = 32'd0;
    else if (state_q == S_SCAN) wdata = scan_data32;
    else if (state_q == S_BMAP) wdata = bmap_word32;
    else if (state_q == S_SHM) wdata = shm_rdata_i;
    else wdata = 32'd0;
  end

  // ---------------------------------------------------------------- issue handshakes
  wire iss_act = abt_q ? hold_q : (((state_q == S_SCAN) && scan_valid_i) ||
                                    ((state_q == S_BMAP) && (restore || iss_s_in)) ||
                                    (state_q == S_REG) || (state_q == S_SHM));
  wire fire = iss_act && (inplace_q || req_ready_i);  // an access is accepted this cycle
  wire iss_last_beat = (iss_beat_q == rbe - 8'd1);
  // (an abort drains the scan: every entry taken)
  wire scan_take = (state_q == S_SCAN) &&
                   (abt_q ? !hold_q : (inplace_q || (req_ready_i && iss_last_beat)));
  wire shm_iss_last = (iss_off_q >= shm_lim_q);  // off + BEAT_BYTES >= shmem

  // ---------------------------------------------------------------- response events (restore)
  wire rsp_take = !abt_q && ((rsp_ph_q == R_BMAP) || (rsp_ph_q == R_REG) || (rsp_ph_q == R_SHM));
  // (in place: the read of last cycle; ip_rv_q is only set by an in-place restore's read)
  wire rsp_evt = rsp_take && (inplace_q ? ip_rv_q : rsp_valid_i);
  wire rsp_last_beat = (rsp_beat_q == rbe - 8'd1);
  wire [RPW-1:0] evt_bmap = evt_data[RPW-1:0] & rpw_mask;  // bits >= rpw are ignored
  // the restore's last shared-memory response (ctxboard: no second comparator): the issue side
  // has read every beat (S_DRAIN: nothing follows the shared memory) and this response is the
  // last one outstanding (memory: out_q = 1; in place: the store answers the read of last
  // cycle, the only one outstanding).  The same cycle as rsp_off_q >= shm_lim_q (asserted; the
  // C twin keeps that form, so the lockstep compares the two every cycle).
  wire shm_rsp_last = (state_q == S_DRAIN) && (inplace_q || (out_q == OUT_ONE));
  // outstanding reads: + a memory read accepted, - a response (one with none outstanding is
  // ignored, as the response side does)
  wire rd_fire = fire && !inplace_q && restore;
  assign ip_rv_d = fire && inplace_q && restore;  // = ip_ren_o: its data comes next cycle
  wire rsp_dec = rsp_valid_i && (out_q != {OUT_W{1'b0}});
  always @(*) begin
    out_d = out_q;
    // one adder of +1 or -1 (all ones)
    if (rd_fire != rsp_dec) out_d = out_q + (rsp_dec ? {OUT_W{1'b1}} : OUT_ONE);
  end

  // ---------------------------------------------------------------- next state
  reg fin;  // the restore's last read data arrived
  reg add_reg, add_beat;  // this cycle moves a warp register / a bitmap or shm beat
  reg bm_clr, bm_set, bm_load;  // bitmaps: clear all (accept), set the scanned register's bit
                                // (save), load the arriving word into rsp_w_idx's (restore)
  always @(*) begin
    state_d = state_q;
    op_d = op_q;
    inplace_d = inplace_q;
    wmask_d = wmask_q;
    rpw_d = rpw_q;
    shmem_d = shmem_q;
    area_d = area_q;
    widx_d = widx_q;
    bm_clr = 1'b0;
    bm_set = 1'b0;
    bm_load = 1'b0;
    iss_idx_d = iss_idx_q;
    iss_slot_d = iss_slot_q;
    iss_bits_d = iss_bits;
    iss_beat_d = iss_beat_q;
    iss_off_d = iss_off_q;
    rsp_ph_d = rsp_ph_q;
    rsp_rem_d = rsp_rem_q;
    rsp_slot_d = rsp_slot_q;
    rsp_bits_d = rsp_bits;
    rsp_ld_d = 1'b0;
    rsp_beat_d = rsp_beat_q;
    rsp_off_d = rsp_off_q;
    done_d = 1'b0;
    abt_d = abt_q;
    hold_d = hold_q && !fire;
    regs_d = regs_q;
    bytes_d = bytes_q;
    fin = 1'b0;
    add_reg = 1'b0;
    add_beat = 1'b0;

    // ---- issue side
    case (state_q)
      S_IDLE: begin
        if (cmd_go) begin
          op_d = cmd_op_i;
          inplace_d = cmd_inplace_i;
          wmask_d = cmd_wmask_i;
          rpw_d = cmd_rpw_i;
          shmem_d = cmd_shmem_i;
          area_d = cmd_area_i;
          widx_d = cmd_widx;
          bm_clr = 1'b1;
          regs_d = {RG_W{1'b0}};
          bytes_d = {BY_W{1'b0}};
          iss_beat_d = 8'd0;
          iss_idx_d = 7'd0;
          iss_slot_d = 6'd0;
          rsp_rem_d = cmd_wmask_i;  // a save: the response encoder shows the first slot
          if (cmd_op_i == KMU_CTX_OP_RESTORE) begin
            state_d = S_BMAP;
            rsp_ph_d = R_BMAP;
            rsp_beat_d = 8'd0;
          end else begin
            state_d = S_START;
          end
        end
      end
      S_START: begin
        state_d = S_SCAN;
        iss_slot_d = rsp_w6;  // the TB's first slot: the bitmap walk starts there
      end
      S_SCAN: begin
        if (fire) begin
          if (iss_last_beat) begin
            iss_beat_d = 8'd0;
            bm_set = 1'b1;
            add_reg = 1'b1;
            if (scan_last_i) state_d = S_FLUSH;
          end else begin
            iss_beat_d = iss_beat_q + 8'd1;
          end
        end else if (scan_done_i && !scan_valid_i) begin
          state_d = S_FLUSH;  // an empty scan
        end
      end
      S_FLUSH: state_d = S_BRD;  // the last slot's word is written now
      S_BRD: state_d = S_BMAP;  // port A reads the first slot's word now
      S_BMAP: begin
        // a save visits the slots one a cycle from the TB's first to its last (a slot outside
        // the wmask: a cycle, no write),
        // a restore reads the words of warps 0..n-1 back to back (no slot needed)
        if (!restore && !iss_s_in) iss_slot_d = iss_slot_q + 6'd1;
        if (fire) begin
          iss_slot_d = iss_slot_q + 6'd1;
          iss_idx_d = iss_idx_q + 7'd1;
          if (!restore) add_beat = 1'b1;
          if (iss_i_last) begin
            iss_off_d = 17'd0;
            if (restore) state_d = S_RWAIT;
            else if (shmem_q != 17'd0) state_d = S_SHM;
            else begin
              state_d = S_IDLE;
              done_d = 1'b1;
            end
          end
        end
      end
      S_RWAIT: begin
        if (rsp_ph_q == R_WAIT) begin
          iss_beat_d = 8'd0;
          iss_slot_d = rsp_w6;  // the first non-empty slot (the response side's pick)
          iss_idx_d = 7'd0;
          if (any_nz) state_d = S_SEEK;
          else state_d = S_SHM;  // no register in the checkpoint: shared memory follows
        end
      end
      // the slots one a cycle from the first non-empty one: an empty one is passed, a
      // non-empty one's word is read (port A) and loaded (S_LOAD), then its registers are read
      // (S_REG); the last non-empty slot (the count nzc_q of the loads) ends the walk
      S_SEEK: begin
        if (iss_s_nz) state_d = S_LOAD;
        else iss_slot_d = iss_slot_q + 6'd1;
      end
      S_LOAD: begin
        iss_bits_d = iss_rbm_q;
        iss_idx_d = iss_idx_q + 7'd1;
        state_d = S_REG;
      end
      S_REG: begin
        if (fire) begin
          if (iss_last_beat) begin
            iss_beat_d = 8'd0;
            for (r = 0; r < RPW; r = r + 1) if (iss_r_idx == r[RI_W-1:0]) iss_bits_d[r] = 1'b0;
            if (iss_bits_d == {RPW{1'b0}}) begin
              if (!iss_nz_last) begin
                iss_slot_d = iss_slot_q + 6'd1;
                state_d = S_SEEK;
              end else if (shmem_q != 17'd0) state_d = S_SHM;
              else state_d = S_DRAIN;
            end
          end else begin
            iss_beat_d = iss_beat_q + 8'd1;
          end
        end
      end
      S_SHM: begin
        if (fire) begin
          iss_off_d = iss_off_q + BEATB18[16:0];
          if (!restore) add_beat = 1'b1;
          if (shm_iss_last) begin
            if (restore) state_d = S_DRAIN;
            else begin
              state_d = S_IDLE;
              done_d = 1'b1;
            end
          end
        end
      end
      default: ;  // S_DRAIN: the response side ends the command
    endcase

    // ---- response side (restore)
    case (rsp_ph_q)
      R_BMAP: begin
        if (rsp_evt) begin
          for (w = 0; w < WARPS; w = w + 1) begin
            if (rsp_w_idx == w[WI_W-1:0]) rsp_rem_d[w] = 1'b0;
          end
          add_beat = 1'b1;
          bm_load = 1'b1;
          if (rsp_rem_d == {WARPS{1'b0}}) begin
            rsp_off_d = 17'd0;
            if (any_nz || (evt_bmap != {RPW{1'b0}}) || (shmem_q != 17'd0)) rsp_ph_d = R_WAIT;
            else begin
              rsp_ph_d = R_IDLE;
              fin = 1'b1;
            end
          end
        end
      end
      R_WAIT: begin
        rsp_beat_d = 8'd0;
        if (rsp_w_valid) begin
          rsp_ph_d = R_REG;
          rsp_slot_d = rsp_w6;
          rsp_ld_d = 1'b1;  // its bitmap: read now (port B), rsp_bits next cycle
        end else begin
          rsp_ph_d = R_SHM;
        end
      end
      R_REG: begin
        if (rsp_evt) begin
          if (rsp_last_beat) begin
            rsp_beat_d = 8'd0;
            for (r = 0; r < RPW; r = r + 1) if (rsp_r_idx == r[RI_W-1:0]) rsp_bits_d[r] = 1'b0;
            add_reg = 1'b1;
            if (rsp_bits_d == {RPW{1'b0}}) begin
              if (rsp_w_valid) begin
                rsp_slot_d = rsp_w6;
                rsp_ld_d = 1'b1;
              end else if (shmem_q != 17'd0) rsp_ph_d = R_SHM;
              else begin
                rsp_ph_d = R_IDLE;
                fin = 1'b1;
              end
            end
          end else begin
            rsp_beat_d = rsp_beat_q + 8'd1;
          end
        end
      end
      R_SHM: begin
        if (rsp_evt) begin
          rsp_off_d = rsp_off_q + BEATB18[16:0];
          add_beat = 1'b1;
          if (shm_rsp_last) begin
            rsp_ph_d = R_IDLE;
            fin = 1'b1;
          end
        end
      end
      default: ;
    endcase
    // the counts: one adder each (a save counts on the issue side, a restore on the response
    // side, never both in a cycle; a command's accept clears them)
    if (add_reg) begin
      regs_d = regs_q + {{(RG_W - 1) {1'b0}}, 1'b1};
      bytes_d = bytes_q + REGB_N;
    end else if (add_beat) begin
      bytes_d = bytes_q + BEATB_N;
    end
    // the cycle after the last read data arrived: done, idle
    if (fin) begin
      state_d = S_IDLE;
      done_d = 1'b1;
    end
    // ---- abort: overrides the above (a command ending in this cycle is not aborted)
    if (abt_q) begin
      rsp_ph_d = R_IDLE;
      done_d = 1'b0;  // the held request may be the command's last: an aborted one reports none
      if (state_q == S_SCAN) begin  // the scan drains: to its last entry or its (empty) end
        if (!hold_q && ((scan_valid_i && scan_last_i) || (scan_done_i && !scan_valid_i))) begin
          state_d = S_IDLE;
          abt_d = 1'b0;
        end else state_d = S_SCAN;
      end else if (hold_d) begin  // the stalled request is still presented: its state stays
        state_d = state_q;
      end else if (out_d == {OUT_W{1'b0}}) begin  // the last response arrived
        state_d = S_IDLE;
        abt_d = 1'b0;
      end else state_d = S_DRAIN;
    end else if (abort_i && !idle && (state_d != S_IDLE)) begin
      rsp_ph_d = R_IDLE;
      hold_d = req_valid_o && !req_ready_i;
      if (state_d == S_SCAN) begin  // S_START (its scan starts now) or S_SCAN
        state_d = S_SCAN;
        abt_d = 1'b1;
      end else if (hold_d) begin  // stalled: no fire in this cycle, so state_d = state_q
        abt_d = 1'b1;
      end else if (out_d == {OUT_W{1'b0}}) begin
        state_d = S_IDLE;
      end else begin
        state_d = S_DRAIN;
        abt_d = 1'b1;
      end
    end
  end

  // ---------------------------------------------------------------- bitmaps
  // The three updates never meet in a cycle (the accept is idle, the scan a save, the load a
  // restore).  Save: the scanned register's bit goes to cur_bm_q; when the scan moves to
  // another slot the finished word is written to bmap_mem.  Restore: the arriving word is
  // written to its slot.  nz_q follows: cleared at the accept, set by a scanned bit, the
  // arriving word's "non-empty" by a load.
  wire bs_ok = bm_set && ({26'd0, scan_warp_i} < WARPS) && ({27'd0, scan_reg_i} < RPW);
  wire [WI_W-1:0] bs_slot = scan_warp_i[WI_W-1:0];
  reg [RPW-1:0] bs_bit;
  reg bm_we;
  reg [WI_W-1:0] bm_wa;
  reg [RPW-1:0] bm_wd;
  always @(*) begin
    for (r = 0; r < RPW; r = r + 1) bs_bit[r] = (scan_reg_i == r[4:0]);
    nz_d = nz_q;
    nzc_d = nzc_q;
    cur_v_d = cur_v_q;
    cur_slot_d = cur_slot_q;
    cur_bm_d = cur_bm_q;
    bm_we = 1'b0;
    bm_wa = cur_slot_q;
    bm_wd = cur_bm_q;
    if (bm_clr) begin
      nz_d = {WARPS{1'b0}};
      nzc_d = {WX_W{1'b0}};
      cur_v_d = 1'b0;
    end else if (bm_load) begin
      bm_we = 1'b1;
      bm_wa = rsp_w_idx;
      bm_wd = evt_bmap;
      if (evt_bmap != {RPW{1'b0}}) nzc_d = nzc_q + {{(WX_W - 1) {1'b0}}, 1'b1};
      for (w = 0; w < WARPS; w = w + 1)
        if (rsp_w_idx == w[WI_W-1:0]) nz_d[w] = (evt_bmap != {RPW{1'b0}});
    end else if (state_q == S_FLUSH) begin
      bm_we = cur_v_q;  // the scan's last slot (ctxcyc: S_BMAP reads every word from the RAM)
    end else if (bs_ok) begin
      for (w = 0; w < WARPS; w = w + 1) if (bs_slot == w[WI_W-1:0]) nz_d[w] = 1'b1;
      if (cur_v_q && (cur_slot_q == bs_slot)) begin
        cur_bm_d = cur_bm_q | bs_bit;
      end else begin
        bm_we = cur_v_q;  // the slot left: its word is complete
        cur_v_d = 1'b1;
        cur_slot_d = bs_slot;
        cur_bm_d = bs_bit;
      end
    end
  end

  // Read port A (issue side, ctxcyc): the slot the walker visits next (iss_slot_d), in S_BRD
  // and a save's S_BMAP (the word S_BMAP writes in the next cycle) and in S_SEEK (a non-empty
  // slot stays: S_LOAD takes its word).  No write meets it (the save's last word went in
  // S_FLUSH, a restore's loads end before S_SEEK: KMU_ASSERT), so it needs no bypass.
  // Port B (response side): the walker's load.
  wire ra_en = (state_q == S_BRD) || (state_q == S_SEEK) || ((state_q == S_BMAP) && !restore);
  wire [WI_W-1:0] ra = iss_slot_d[WI_W-1:0];
  wire rb_en = rsp_ld_d;
  always @(posedge clk_i) begin
    if (bm_we) bmap_mem[bm_wa] <= bm_wd;
    if (ra_en) iss_rbm_q <= bmap_mem[ra];
    if (rb_en) rsp_rbm_q <= bmap_mem[rsp_w_idx];
  end

  // ---------------------------------------------------------------- outputs
  assign busy_o = !idle;
  assign done_o = done_q;
  reg [11:0] done_regs;
  reg [31:0] done_bytes;
  always @(*) begin  // the counts at the port widths
    done_regs = 12'd0;
    done_regs[RG_W-1:0] = regs_q;
    done_bytes = 32'd0;
    done_bytes[BY_W-1:0] = bytes_q;
  end
  assign done_regs_o = done_regs;
  assign done_bytes_o = done_bytes;

  assign scan_start_o = (state_q == S_START);
  assign scan_wmask_o = wmask_q;
  assign scan_rpw_o = rpw_q;
  assign scan_all_o = (op_q == KMU_CTX_OP_SAVE_ALL);
  assign scan_ready_o = scan_take;

  assign req_valid_o = iss_act && !inplace_q;
  assign req_write_o = !restore;
  assign req_addr_o = addr;
  assign req_wdata_o = wdata;

  assign ip_wen_o = iss_act && inplace_q && !restore;
  assign ip_ren_o = iss_act && inplace_q && restore;
  assign ip_addr_o = addr;
  assign ip_wdata_o = wdata;

  assign shm_ren_o = (state_q == S_SHM) && !restore && (!abt_q || hold_q);
  assign shm_raddr_o = iss_off_q;
  assign shm_wen_o = rsp_evt && (rsp_ph_q == R_SHM);
  assign shm_waddr_o = rsp_off_q;
  assign shm_wdata_o = evt_data;

  assign rfw_warp_o = rsp_slot_q;
  assign rfw_valid_o = rsp_evt && (rsp_ph_q == R_REG) && rsp_last_beat;
  assign rfw_reg_o = rsp_r5;
  assign rfw_data_o = evt_data[DW-1:0];

  // ---------------------------------------------------------------- registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      op_q <= 2'd0;
      inplace_q <= 1'b0;
      wmask_q <= {WARPS{1'b0}};
      rpw_q <= 6'd0;
      shmem_q <= 17'd0;
      area_q <= 32'd0;
      shm_lim_q <= 17'd0;
      widx_q <= {((WARPS + 1) * WX_W) {1'b0}};
      nz_q <= {WARPS{1'b0}};
      cur_v_q <= 1'b0;
      cur_slot_q <= {WI_W{1'b0}};
      cur_bm_q <= {RPW{1'b0}};
      rsp_ld_q <= 1'b0;
      nlast_q <= {WX_W{1'b0}};
      nzc_q <= {WX_W{1'b0}};
      iss_idx_q <= 7'd0;
      iss_slot_q <= 6'd0;
      iss_bits_q <= {RPW{1'b0}};
      iss_beat_q <= 8'd0;
      iss_off_q <= 17'd0;
      rsp_ph_q <= R_IDLE;
      rsp_rem_q <= {WARPS{1'b0}};
      rsp_slot_q <= 6'd0;
      rsp_bits_q <= {RPW{1'b0}};
      rsp_beat_q <= 8'd0;
      rsp_off_q <= 17'd0;
      done_q <= 1'b0;
      abt_q <= 1'b0;
      hold_q <= 1'b0;
      out_q <= {OUT_W{1'b0}};
      ip_rv_q <= 1'b0;
      regs_q <= {RG_W{1'b0}};
      bytes_q <= {BY_W{1'b0}};
    end else begin
      state_q <= state_d;
      op_q <= op_d;
      inplace_q <= inplace_d;
      wmask_q <= wmask_d;
      rpw_q <= rpw_d;
      shmem_q <= shmem_d;
      area_q <= area_d;
      shm_lim_q <= shm_lim_d[17] ? 17'd0 : (shm_lim_d[16:0] & SWM);
      widx_q <= widx_d;
      nz_q <= nz_d;
      cur_v_q <= cur_v_d;
      cur_slot_q <= cur_slot_d;
      cur_bm_q <= cur_bm_d;
      rsp_ld_q <= rsp_ld_d;
      if (cmd_go) nlast_q <= cmd_cnt - {{(WX_W - 1) {1'b0}}, 1'b1};
      nzc_q <= nzc_d;
      iss_idx_q <= iss_idx_d;
      iss_slot_q <= iss_slot_d;
      iss_bits_q <= iss_bits_d;
      iss_beat_q <= (REG_BEATS > 1) ? iss_beat_d : 8'd0;
      iss_off_q <= iss_off_d & SWM;
      rsp_ph_q <= rsp_ph_d;
      rsp_rem_q <= rsp_rem_d;
      rsp_slot_q <= rsp_slot_d;
      rsp_bits_q <= rsp_bits_d;
      rsp_beat_q <= (REG_BEATS > 1) ? rsp_beat_d : 8'd0;
      rsp_off_q <= rsp_off_d & SWM;
      done_q <= done_d;
      abt_q <= abt_d;
      hold_q <= hold_d;
      out_q <= out_d;
      ip_rv_q <= ip_rv_d;
      regs_q <= regs_d;
      bytes_q <= bytes_d;
    end
  end

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // Checked every cycle in simulation (KMU_ASSERT).  An abort issues nothing new (only the
  // request stalled at the abort, held), never writes the RF or shared memory, ends only with
  // no response outstanding; out_q never exceeds one command's reads; an idle engine has none
  // outstanding (every response of the previous command taken) unless its command ended
  // normally (a normal end waits for its last response, so out_q is 0 there too).
  integer a_by_next, a_rg_next;  // this cycle's counts plus its increment, unnarrowed
  always @(*) begin
    a_by_next = $signed({1'b0, done_bytes[30:0]}) +
                (add_reg ? REG_BYTES : add_beat ? BEAT_BYTES : 0);
    a_rg_next = $signed({20'd0, done_regs}) + (add_reg ? 1 : 0);
  end
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (abt_q && !hold_q && (req_valid_o || ip_wen_o || ip_ren_o || shm_ren_o)) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: an access issued while aborting", $time);
        $stop;
      end
      if (abt_q && (rfw_valid_o || shm_wen_o || done_q)) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: an aborted command wrote or reported done",
                 $time);
        $stop;
      end
      if (idle && (out_q != {OUT_W{1'b0}})) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: idle with %0d reads outstanding", $time,
                 out_q);
        $stop;
      end
      // ctxcyc: a restore's walk stays on the slots (it ends at the last non-empty one, the
      // count nzc_q of the loads) and that last one is the highest non-empty slot
      if ((state_q == S_SEEK) && ({26'd0, iss_slot_q} >= WARPS)) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: the restore's walk passed the last slot",
                 $time);
        $stop;
      end
      if ((state_q == S_REG) && iss_nz_last && ((nz_q >> iss_slot_q) > 1)) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: the walk ends below a non-empty slot", $time);
        $stop;
      end
      // ctxcyc: port A never reads the word written in its cycle (S_BMAP / S_LOAD use it)
      if (ra_en && bm_we && (bm_wa == ra)) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: port A reads the bitmap written now", $time);
        $stop;
      end
      if (rb_en && bm_we && (bm_wa == rsp_w_idx)) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: port B reads the bitmap written now", $time);
        $stop;
      end
      if (bm_we && bm_clr) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: a bitmap write at the accept", $time);
        $stop;
      end
      // ctxboard: an in-place read's data (the cycle after it) always meets a response side
      // that takes it (a restore's R_BMAP / R_REG / R_SHM), unless the command was aborted
      // in the read's cycle (then the engine is idle: the data is dropped)
      if (ip_rv_q && !rsp_take && !idle) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: in-place read data not taken", $time);
        $stop;
      end
      // ctxboard: the shared-memory offsets fit their SW bits (the bits above are dropped)
      if (((iss_off_d & ~SWM) != 17'd0) || ((rsp_off_d & ~SWM) != 17'd0)) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: a shared-memory offset past %0d bits",
                 $time, SW);
        $stop;
      end
      // ctxboard: the restore's last shared-memory response is the one at the limit
      if (rsp_evt && (rsp_ph_q == R_SHM) && (shm_rsp_last != (rsp_off_q >= shm_lim_q))) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: last shm response %0d, offset %0d limit %0d",
                 $time, shm_rsp_last, rsp_off_q, shm_lim_q);
        $stop;
      end
      if (abt_q && idle) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: aborting while idle", $time);
        $stop;
      end
      // a one-beat register's beat never counts (REG_BEATS 1: the beat registers are
      // constant 0, pepctx2)
      if ((REG_BEATS == 1) && ((iss_beat_d != 8'd0) || (rsp_beat_d != 8'd0))) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: a beat counted at one beat a register",
                 $time);
        $stop;
      end
      // the counts' widths hold a command's: its bytes never pass MAX_BY, its registers never
      // WARPS x RPW (checked on the unnarrowed sum)
      if ((a_by_next > MAX_BY) || (a_rg_next > WARPS * RPW)) begin
        $display("ASSERTION kmu_ctx_engine %m t=%0t: counts %0d regs %0d bytes past their widths",
                 $time, a_rg_next, a_by_next);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
