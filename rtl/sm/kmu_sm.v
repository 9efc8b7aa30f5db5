// kmu_sm - one SM's control hardware, wired once: the SM controller (resources, event-warp
// table, save/restore sequencer), the SIMT preemption controller (EDGE warp-level preemption),
// the context engine, the dirty-bit register file and the PEP predictor.
//
//   dispatcher need/start --> kmu_sm_ctrl --> SIMT start / pause / evict, TB done report
//                               |  ^  ckpt/pre decisions      ^ elig, base, start/done/evict
//                   ctx_cmd_*   v  |                           |
//                          kmu_ctx_engine <-- scan --  kmu_dirty_rf <-- SIMT register writes,
//                               |  \-- restore writes -->/              reads, warp exits
//                               v
//                           memory requests (a client of the system's memory port)
//           kmu_sm_ctrl wp_ev_* <--> kmu_warp_preempt <--> SIMT per-warp status and controls
//
// Papers: PEP 3.3 (base and incremental checkpoints, switch/drain selection, launch hints),
// Chimera (switch / drain, full save: policy CHIMERA), EDGE IV-C (event-warp table) and IV-D
// (warp-level preemption).  Block pages: docs/blocks/kmu_sm.md (this composition) and those of
// the five blocks; contracts docs/pep-interfaces.md and docs/edge-wp-interfaces.md.
//
// Wiring decided here (the blocks' own contracts leave it to the top):
//   - predictor events: a TB start is the simt_start handshake of a TB that is not an event
//     warp (insts from simt_start_insts_i, restored = simt_start_restore_o); a TB done is a
//     simt_done of an entry the predictor tracks (live_o: event warps are not tracked, their
//     done is not a sample); an evict is the controller's simt_evict.  ctx_bytes_i = the SM's
//     allocated registers as the context engine moves them (REG_BYTES per warp register of
//     32 threads: regs * REG_BYTES / 32, i.e. 4 B per register at the paper's 128-byte warp
//     register, 1/8 B at the small build's 4-byte one) + allocated shared memory, from the
//     controller's counters: the predictor's switch time is then the engine's.
//   - dirty count: the register file counts the warps of the TB the sequencer is about to save
//     (dq_wmask_o) while the engine is idle, else the engine's scan mask (its own contract:
//     the scan mask is the engine's during a command).
//   - register-file write port: a restore write of the engine has priority; a SIMT write in the
//     same cycle is not taken (rf_wr_ready_o = 0) and must be held.
//   - the SIMT's warp start/exit go to both the register file (exit clears dirty bits) and the
//     warp preemption controller (age order, victim fit).
//   - one kind of preemption at a time (kmu_sm_ctrl leaves this to the top): while the
//     sequencer pauses a TB (any simt_pause_o bit) no warp-level preemption is accepted
//     (wp_en_i is masked for both blocks), and while a warp-level preemption is in progress
//     (wp_busy_o) the sequencer does not see any TB paused, so it saves no TB whose warp is a
//     victim or hosts the event warp; it sees the pause complete once the victim has resumed.
//
// TReM drop (drop_valid_i / drop_slot_i -> drop_ack_o): kmu_sm_ctrl's drop engine; its pause
// and evict go through the same simt_pause_o / simt_evict ports, hence to the predictor (an
// evicted TB is forgotten) and the one-kind-of-preemption gate; a save or restore of the tag in
// flight is aborted (kmu_sm_ctrl's ctx_abort_o -> kmu_ctx_engine's abort_i, issue 12).
// Latency: kmu_sm_ctrl's (t+3 for an SM without the tag, at most t + 4 + 2 TBS + PTBS + EWT +
// bounded waits).
// Latency: none added; every path is a block's own (see each block's header).  The top has no
// logic but the two muxes above, the predictor's event gating and the ctx_bytes sum.
//
// SIMT contract beyond the blocks': a TB whose warp slot hosts an event warp (a victim that
// exited on its own) is reported done (simt_done) only after that event warp's ev_done_i, since
// the slot stays the TB's in kmu_sm_ctrl's table until then.
// Interface contract: the dispatcher side is kmu_sm_ctrl's (fit query answered in the same
// cycle, start always accepted when it fits); simt_* are the SIMT pipeline's; mem_req_* is a
// valid/ready request stream with in-order responses (mem_rsp_valid_i, no back-pressure);
// shm_* is a combinational-read memory outside (the SIMT's shared memory), ip_* a
// registered-read one (the on-chip checkpoint store: ip_rdata_i is the word of the last
// cycle's ip_ren_o / ip_addr_o, as a block RAM gives it; ctxboard).  err_o (named offsets ERR_*) collects the blocks' refusals of
// inputs a correct system never produces; err_dec_o (a decision that names an ineligible entry)
// is not an error of the system (it is the predictor's race with a TB's end).
// C twin: cmodel/sm/kmu_sm.c.
`default_nettype none

module kmu_sm #(
    parameter integer TBS        = 4,      // resident TB entries (1..64); 4 small, 32 paper
    parameter integer WARPS      = 8,      // warp slots (1..64); 8 small, 64 paper
    parameter integer REGS       = 4096,   // registers (1..262143); 4096 small, 65536 paper
    parameter integer SHMEM      = 16384,  // shared memory bytes (<= 131071 for the engine)
    parameter integer EWT        = 4,      // pending event-warp table entries (1..127)
    parameter integer PTBS       = TBS,    // preempted-TB table entries (1..64)
    parameter integer AREA_BYTES = 32768,  // checkpoint area bytes (a power of two)
    parameter integer IPB        = 0,      // on-chip (in-place) checkpoint bytes; 0: none
    parameter integer RPW        = 16,     // warp registers per warp slot (1..32); 16 / 32
    parameter integer DW         = 32,     // data bits per warp register (1..32)
    parameter integer REG_BYTES  = 4,      // bytes of a warp register; 4 small, 128 paper
    parameter integer BEAT_BYTES = 4,      // bytes per memory beat; 4 small, 32 paper
    parameter integer KSLOTS     = 8,      // kernel slots the predictor profiles (1..64)
    parameter integer EMA_SH     = 3,      // predictor profile EMA weight 2^-EMA_SH
    parameter integer PEP_TW     = 32      // predictor time and count width (16..32)
) (
    input  wire         clk_i,
    input  wire         rst_ni,                // asynchronous, active low

    // ---- dispatcher: fit query and start (kmu_sm_ctrl) ----
    input  wire [5:0]   need_warps_i,
    input  wire [17:0]  need_regs_i,
    input  wire [16:0]  need_shmem_i,
    input  wire         need_ewarp_i,
    output wire         fit_o,
    output wire         ewt_fit_o,
    output wire         ewt_idle_o,            // EWT empty, warp preemption idle (registers)
    input  wire         start_valid_i,
    input  wire         start_ewarp_i,
    input  wire [7:0]   start_slot_i,
    input  wire [31:0]  start_tb_i,
    input  wire [5:0]   start_warps_i,
    input  wire [17:0]  start_regs_i,
    input  wire [16:0]  start_shmem_i,
    input  wire [31:0]  start_kptr_i,
    input  wire [31:0]  start_param_i,
    output wire         err_overflow_o,

    // ---- TB done report (to kmu_kmu through the system's arbiter) ----
    output wire         done_valid_o,
    input  wire         done_ready_i,
    output wire [7:0]   done_slot_o,

    // ---- configuration (system CSRs) and events ----
    input  wire [1:0]   policy_i,              // KMU_POL_*: DRAIN, CHIMERA, CHIMERA_DIRTY, PEP
    input  wire         inplace_en_i,          // PEP in-place incremental saves
    input  wire         wp_en_i,               // EDGE warp-level preemption
    input  wire [1:0]   vpol_i,                // its victim policy (KMU_VICTIM_*)
    input  wire [3:0]   opt_i,                 // its flush optimisations
    input  wire [31:0]  ctx_base_i,            // this SM's checkpoint areas in memory
    input  wire         hold_i,                // a preempting kernel holds the SM: no restore
    input  wire [31:0]  pred_launch_i,         // predicted launch time of a hinted kernel
    input  wire [31:0]  deadline_i,            // Chimera's preemption deadline (cycles)
    input  wire [3:0]   bw_shift_i,            // log2 save bandwidth (bytes per cycle)
    input  wire         hint_valid_i,          // launch hint (pulse)
    input  wire         preempt_valid_i,       // preemption request (pulse)
    input  wire         kslot_clear_valid_i,   // a new kernel in a kernel slot: forget its profile
    input  wire [7:0]   kslot_clear_i,

    // ---- SIMT pipeline: TB start, done, instructions ----
    output wire         simt_start_valid_o,
    input  wire         simt_start_ready_i,
    output wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_start_rtb_o,
    output wire [7:0]   simt_start_slot_o,
    output wire [31:0]  simt_start_tb_o,
    output wire [5:0]   simt_start_warps_o,
    output wire [31:0]  simt_start_kptr_o,
    output wire [31:0]  simt_start_param_o,
    output wire [WARPS-1:0] simt_start_wmask_o,
    output wire         simt_start_ewarp_o,
    output wire         simt_start_restore_o,
    output wire [5:0]   simt_start_rpw_o,
    input  wire [31:0]  simt_start_insts_i,    // the TB's warp instructions (0: unknown)
    input  wire         simt_done_valid_i,
    input  wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_done_rtb_i,
    output wire         err_done_o,
    input  wire         simt_inst_valid_i,     // a warp instruction of the entry retired
    input  wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_inst_rtb_i,

    // ---- SIMT pipeline: TB-level preemption ----
    output wire [TBS-1:0] simt_pause_o,
    input  wire [TBS-1:0] simt_paused_i,
    output wire         simt_evict_valid_o,
    output wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_evict_rtb_o,

    // ---- SIMT pipeline: warps ----
    input  wire         simt_wstart_valid_i,   // a warp starts in a slot
    input  wire [5:0]   simt_wstart_warp_i,
    input  wire [7:0]   simt_wstart_regs_i,    // its registers per thread
    input  wire         simt_wexit_valid_i,    // a warp exits its slot
    input  wire [5:0]   simt_wexit_warp_i,

    // ---- register file (SIMT side) ----
    input  wire         rf_wr_valid_i,
    output wire         rf_wr_ready_o,         // 0 while a restore writes: hold the write
    input  wire [5:0]   rf_wr_warp_i,
    input  wire [4:0]   rf_wr_reg_i,
    input  wire [DW-1:0] rf_wr_data_i,
    input  wire         rf_rd_valid_i,
    input  wire [5:0]   rf_rd_warp_i,
    input  wire [4:0]   rf_rd_reg_i,
    output wire [DW-1:0] rf_rd_data_o,         // the read of the previous cycle

    // ---- shared memory and on-chip checkpoint store (outside, combinational read) ----
    output wire         shm_ren_o,
    output wire [16:0]  shm_raddr_o,
    input  wire [31:0]  shm_rdata_i,
    output wire         shm_wen_o,
    output wire [16:0]  shm_waddr_o,
    output wire [31:0]  shm_wdata_o,
    output wire         ip_wen_o,
    output wire         ip_ren_o,
    output wire [31:0]  ip_addr_o,
    output wire [31:0]  ip_wdata_o,
    input  wire [31:0]  ip_rdata_i,

    // ---- memory requests of the context engine ----
    output wire         mem_req_valid_o,
    input  wire         mem_req_ready_i,
    output wire         mem_req_write_o,
    output wire [31:0]  mem_req_addr_o,
    output wire [31:0]  mem_req_wdata_o,
    input  wire         mem_rsp_valid_i,
    input  wire [31:0]  mem_rsp_rdata_i,

    // ---- warp-level preemption: SIMT status and controls (kmu_warp_preempt) ----
    input  wire [WARPS-1:0] w_live_i,
    input  wire [WARPS-1:0] w_inpipe_i,
    input  wire [WARPS-1:0] w_ld_i,
    input  wire [WARPS-1:0] w_bar_i,
    input  wire [WARPS-1:0] w_ibuf_i,
    input  wire [WARPS-1:0] w_icmiss_i,
    output wire [WARPS-1:0] vic_stop_o,
    output wire [WARPS-1:0] vic_boost_o,
    output wire [WARPS-1:0] ibuf_flush_o,
    output wire [WARPS-1:0] bar_skip_o,
    output wire [WARPS-1:0] bar_reins_o,
    output wire [WARPS-1:0] ld_drop_o,
    output wire         rsave_valid_o,
    input  wire         rsave_ready_i,
    output wire [5:0]   rsave_warp_o,
    output wire [7:0]   rsave_nregs_o,
    input  wire         rsave_done_i,
    output wire [WARPS-1:0] stk_push_o,
    output wire [31:0]  stk_pc_o,
    output wire [WARPS-1:0] ev_start_o,
    input  wire [WARPS-1:0] ev_done_i,
    output wire [WARPS-1:0] stk_pop_o,
    output wire         rrest_valid_o,
    input  wire         rrest_ready_i,
    output wire [5:0]   rrest_warp_o,
    output wire [7:0]   rrest_nregs_o,
    input  wire         rrest_done_i,
    output wire [WARPS-1:0] vic_resume_o,

    // ---- status ----
    output wire [7:0]   free_tb_o,
    output wire [7:0]   free_warps_o,
    output wire [17:0]  free_regs_o,
    output wire [17:0]  free_shmem_o,
    output wire [7:0]   ewt_free_o,
    output wire [TBS-1:0] resident_o,
    output wire [WARPS-1:0] busy_warps_o,
    output wire [TBS-1:0] elig_o,
    output wire [TBS-1:0] base_o,
    output wire         pre_busy_o,            // a save or restore runs, or a request is decided
    output wire [7:0]   ptb_count_o,           // preempted TBs waiting for a restore
    output wire         armed_o,               // the predictor holds a hint
    output wire         ctx_cmd_valid_o,       // a context command is issued ...
    output wire         ctx_cmd_ready_o,       // ... and taken (the engine is idle)
    output wire [1:0]   ctx_cmd_op_o,          // KMU_CTX_OP_*
    output wire         ctx_cmd_inplace_o,     // into the on-chip store
    output wire [WARPS-1:0] ctx_cmd_wmask_o,   // the TB's warp slots
    output wire         ctx_done_o,            // a context command finished (pulse)
    output wire [31:0]  ctx_done_bytes_o,      // bytes it moved
    output wire         wp_busy_o,             // a warp-level preemption is in progress
    output wire         wp_refuse_o,           // an event request found no victim
    output wire [15:0]  wp_lat_o,              // acceptance -> event start, last preemption
    // the event warp of the warp-level preemption in progress (for its ev_start_o): the
    // resident entry it reports simt_done with, its TB index, parameter and slot field
    output wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] ev_rtb_o,
    output wire [31:0]  ev_tb_o,
    output wire [31:0]  ev_param_o,
    output wire [7:0]   ev_slot_o,
    output wire         err_dec_o,
    output wire [14:0]  err_o,                 // ERR_* below

    // ---- TReM revocation (kmu_revoke's drop_o / drop_ack_i for this SM) ----
    input  wire         drop_valid_i,          // pulse: drop every TB of tag drop_slot_i
    input  wire [7:0]   drop_slot_i,           // the kernel tag (the value of start_slot_i)
    output wire         drop_ack_o,            // pulse, once per drop: nothing of the tag left

    // ---- GPUpIO yield (issue 13): the SIMT's yield(addr), the lane to kmu_yield_mon, the
    //      wake port (docs/blocks/kmu_sm.md, "Yield") ----
    input  wire         simt_yield_valid_i,    // a TB yields at an instruction boundary
    output wire         simt_yield_ready_o,    // accepted: the TB waits for its answer
    input  wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_yield_rtb_i,
    input  wire [31:0]  simt_yield_addr_i,     // the watched address; 0: a polite spin
    output wire         simt_yres_valid_o,     // the answer (pulse) of the accepted yield
    output wire [((TBS > 1) ? $clog2(TBS) : 1)-1:0] simt_yres_rtb_o,
    output wire [1:0]   simt_yres_code_o,      // KMU_YR_*: TAKEN/SPIN saved, NOWORK/FULL go on
    output wire         yq_valid_o,            // the yield lane (kmu_yield_mon yq_*[s])
    input  wire         yq_ready_i,
    output wire [31:0]  yq_addr_o,
    output wire [7:0]   yq_slot_o,
    output wire [31:0]  yq_tb_o,
    output wire [((PTBS > 1) ? $clog2(PTBS) : 1)-1:0] yq_ptb_o,
    input  wire         yr_valid_i,            // kmu_yield_mon's answer for this SM (pulse)
    input  wire [1:0]   yr_code_i,
    output wire         sd_valid_o,            // the taken yield is saved and evicted (pulse)
    input  wire         wk_valid_i,            // the wake port names a TB of this SM (pulse):
    input  wire [((PTBS > 1) ? $clog2(PTBS) : 1)-1:0] wk_ptb_i,  // restorable from now
    output wire         wk_err_o,              // it names no yielded TB (ignored)
    output wire         rst_wait_o             // a woken or unheld preempted TB waits (NOWORK)
);
  // err_o offsets: one bit per refusal of a sub-block (each block's header defines it)
  localparam integer ERR_CTX_CMD = 0, ERR_RF_WR = 1, ERR_RF_RD = 2, ERR_RF_EXIT = 3,
                     ERR_RF_SCAN = 4, ERR_PR_START = 5, ERR_PR_INST = 6, ERR_PR_DONE = 7,
                     ERR_PR_EVICT = 8, ERR_PR_CLEAR = 9, ERR_WP = 10;  // ERR_WP: 5 bits

  // ---------------------------------------------------------------- wires between the blocks
  // predictor -> controller
  wire           pr_ckpt_valid, pr_pre_valid;
  // preemption work for kmu_preempt_ctrl's busy gate: the controller's saves and restores, and
  // the predictor's walk deciding a request (2 TBS + 1 cycles and more: the gate must not ask
  // the next SM before this one has decided)
  wire           sc_pre_busy, pr_busy;
  assign pre_busy_o = sc_pre_busy || pr_busy;
  wire [TBS-1:0] pr_ckpt_mask, pr_pre_mask, pr_live;
  // controller -> engine, predictor, warp preemption
  wire           sc_cmd_valid, sc_cmd_inplace;
  wire           sc_ctx_abort;  // a drop of the command's tag aborts it (TReM)
  wire [1:0]     sc_cmd_op;
  wire [WARPS-1:0] sc_cmd_wmask, sc_dq_wmask;
  wire [5:0]     sc_cmd_rpw;
  wire [16:0]    sc_cmd_shmem;
  wire [31:0]    sc_cmd_area;
  wire           sc_wp_ev_valid;
  wire [7:0]     sc_wp_ev_regs, sc_wp_free_regs;
  wire [31:0]    sc_wp_ev_pc;
  wire [15:0]    sc_wp_ev_id;
  wire [31:0]    sc_wp_ev_param, sc_wp_ev_tb;
  wire [7:0]     sc_wp_ev_slot;
  wire [17:0]    sc_free_regs, sc_free_shmem;
  // engine <-> register file
  wire           eg_cmd_ready, eg_done, eg_err_cmd;
  wire           eg_scan_start, eg_scan_all, eg_scan_ready;
  wire [WARPS-1:0] eg_scan_wmask;
  wire [5:0]     eg_scan_rpw;
  wire           eg_rfw_valid;
  wire [5:0]     eg_rfw_warp;
  wire [4:0]     eg_rfw_reg;
  wire [DW-1:0]  eg_rfw_data;
  wire           rf_scan_valid, rf_scan_last, rf_scan_done;
  wire [5:0]     rf_scan_warp;
  wire [4:0]     rf_scan_reg;
  wire [DW-1:0]  rf_scan_data;
  wire [11:0]    rf_dirty_cnt;
  // warp preemption -> controller
  wire           wp_ev_ready;
  // one kind of preemption at a time (header)
  wire [TBS-1:0] sc_pause;
  wire           wp_busy;
  wire           wp_en = wp_en_i && (sc_pause == {TBS{1'b0}});
  wire [TBS-1:0] sc_paused = wp_busy ? {TBS{1'b0}} : simt_paused_i;

  // ---------------------------------------------------------------- GPUpIO yield lane
  // One yield at a time per SM (kmu_yield_mon's contract: one yield per SM in its save).
  // Y_IDLE: a SIMT yield is accepted when kmu_sm_ctrl can take it (yld_acc_o: the TB is
  // eligible, its preempted-table entry is reserved now); the lane's valid rises in that same
  // cycle (the decision kmu_yield_mon's atomic check-and-sleep counts from) and is held in
  // Y_ASK until the handshake; Y_ANS waits for the answer (one cycle after it), which goes to
  // the SIMT: TAKEN/SPIN switch the TB (kmu_sm_ctrl's save path, as a PEP/Chimera switch, into
  // an entry marked yielded), Y_SAVE waits for the evict (sd_valid_o); NOWORK/FULL release the
  // reservation and the TB goes on.  A woken TB (wk_*) is restored by the SM's own restore
  // path, before any new TB (fit_o = 0 while it waits) and any victim, whatever hold_i
  // (kmu_sm_ctrl's woken-TB rule, issue 13).
  localparam [1:0] Y_IDLE = 2'd0, Y_ASK = 2'd1, Y_ANS = 2'd2, Y_SAVE = 2'd3;
  localparam integer YRTB_W = (TBS > 1) ? $clog2(TBS) : 1;
  localparam integer YPTB_W = (PTBS > 1) ? $clog2(PTBS) : 1;
  reg [1:0] y_st_q, y_st_d;
  reg [YRTB_W-1:0] y_rtb_q;
  reg [31:0] y_addr_q, y_tb_q;
  reg [7:0] y_slot_q;
  reg [YPTB_W-1:0] y_ptb_q;
  wire y_idle = (y_st_q == Y_IDLE);
  wire y_ask = simt_yield_valid_i && y_idle;
  wire [YRTB_W-1:0] y_rtb = y_idle ? simt_yield_rtb_i : y_rtb_q;
  wire y_acc;
  wire [YPTB_W-1:0] y_ptb;
  wire [7:0] y_slot;
  wire [31:0] y_tb;
  wire y_ans = (y_st_q == Y_ANS) && yr_valid_i;
  wire y_take = (yr_code_i == 2'd0) || (yr_code_i == 2'd1);  // KMU_YR_TAKEN, KMU_YR_SPIN
  wire y_go = y_ans && y_take;
  wire y_rel = y_ans && !y_take;
  always @(*) begin
    y_st_d = y_st_q;
    case (y_st_q)
      Y_IDLE: if (y_acc) y_st_d = yq_ready_i ? Y_ANS : Y_ASK;
      Y_ASK: if (yq_ready_i) y_st_d = Y_ANS;
      Y_ANS: if (yr_valid_i) y_st_d = y_take ? Y_SAVE : Y_IDLE;
      default: if (sd_valid_o) y_st_d = Y_IDLE;  // Y_SAVE
    endcase
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) y_st_q <= Y_IDLE;
    else y_st_q <= y_st_d;
  end
  // the lane's fields: no reset (read only while the lane is busy)
  always @(posedge clk_i) begin
    if (y_acc) begin
      y_rtb_q <= simt_yield_rtb_i;
      y_addr_q <= simt_yield_addr_i;
      y_ptb_q <= y_ptb;
      y_slot_q <= y_slot;
      y_tb_q <= y_tb;
    end
  end
  assign simt_yield_ready_o = y_acc;
  assign yq_valid_o = y_acc || (y_st_q == Y_ASK);
  assign yq_addr_o = y_idle ? simt_yield_addr_i : y_addr_q;
  assign yq_slot_o = y_idle ? y_slot : y_slot_q;
  assign yq_tb_o = y_idle ? y_tb : y_tb_q;
  assign yq_ptb_o = y_idle ? y_ptb : y_ptb_q;
  assign simt_yres_valid_o = y_ans;
  assign simt_yres_rtb_o = y_rtb_q;
  assign simt_yres_code_o = yr_code_i;

  // the SIMT start handshake, as every block sees it
  wire st_fire = simt_start_valid_o && simt_start_ready_i;

  // ---------------------------------------------------------------- SM controller
  kmu_sm_ctrl #(
      .TBS       (TBS),
      .WARPS     (WARPS),
      .REGS      (REGS),
      .SHMEM     (SHMEM),
      .EWT       (EWT),
      .PTBS      (PTBS),
      .AREA_BYTES(AREA_BYTES),
      .IPB       (IPB),
      .REG_BYTES (REG_BYTES),
      .RPW       (RPW)
  ) u_sm_ctrl (
      .clk_i               (clk_i),
      .rst_ni              (rst_ni),
      .need_warps_i        (need_warps_i),
      .need_regs_i         (need_regs_i),
      .need_shmem_i        (need_shmem_i),
      .need_ewarp_i        (need_ewarp_i),
      .fit_o               (fit_o),
      .ewt_fit_o           (ewt_fit_o),
      .start_valid_i       (start_valid_i),
      .start_ewarp_i       (start_ewarp_i),
      .start_slot_i        (start_slot_i),
      .start_tb_i          (start_tb_i),
      .start_warps_i       (start_warps_i),
      .start_regs_i        (start_regs_i),
      .start_shmem_i       (start_shmem_i),
      .start_kptr_i        (start_kptr_i),
      .start_param_i       (start_param_i),
      .err_overflow_o      (err_overflow_o),
      .simt_start_valid_o  (simt_start_valid_o),
      .simt_start_ready_i  (simt_start_ready_i),
      .simt_start_rtb_o    (simt_start_rtb_o),
      .simt_start_slot_o   (simt_start_slot_o),
      .simt_start_tb_o     (simt_start_tb_o),
      .simt_start_warps_o  (simt_start_warps_o),
      .simt_start_kptr_o   (simt_start_kptr_o),
      .simt_start_param_o  (simt_start_param_o),
      .simt_start_wmask_o  (simt_start_wmask_o),
      .simt_start_ewarp_o  (simt_start_ewarp_o),
      .simt_done_valid_i   (simt_done_valid_i),
      .simt_done_rtb_i     (simt_done_rtb_i),
      .err_done_o          (err_done_o),
      .done_valid_o        (done_valid_o),
      .done_ready_i        (done_ready_i),
      .done_slot_o         (done_slot_o),
      .free_tb_o           (free_tb_o),
      .free_warps_o        (free_warps_o),
      .free_regs_o         (sc_free_regs),
      .free_shmem_o        (sc_free_shmem),
      .ewt_free_o          (ewt_free_o),
      .resident_o          (resident_o),
      .busy_warps_o        (busy_warps_o),
      .policy_i            (policy_i),
      .inplace_en_i        (inplace_en_i),
      .ctx_base_i          (ctx_base_i),
      .ckpt_valid_i        (pr_ckpt_valid),
      .ckpt_mask_i         (pr_ckpt_mask),
      .pre_valid_i         (pr_pre_valid),
      .pre_switch_mask_i   (pr_pre_mask),
      .hold_i              (hold_i),
      .err_dec_o           (err_dec_o),
      .simt_pause_o        (sc_pause),
      .simt_paused_i       (sc_paused),
      .simt_evict_valid_o  (simt_evict_valid_o),
      .simt_evict_rtb_o    (simt_evict_rtb_o),
      .simt_start_restore_o(simt_start_restore_o),
      .simt_start_rpw_o    (simt_start_rpw_o),
      .ctx_cmd_valid_o     (sc_cmd_valid),
      .ctx_cmd_ready_i     (eg_cmd_ready),
      .ctx_cmd_op_o        (sc_cmd_op),
      .ctx_cmd_inplace_o   (sc_cmd_inplace),
      .ctx_cmd_wmask_o     (sc_cmd_wmask),
      .ctx_cmd_rpw_o       (sc_cmd_rpw),
      .ctx_cmd_shmem_o     (sc_cmd_shmem),
      .ctx_cmd_area_o      (sc_cmd_area),
      .ctx_done_i          (eg_done),
      .ctx_abort_o         (sc_ctx_abort),
      .dq_wmask_o          (sc_dq_wmask),
      .dirty_cnt_i         (rf_dirty_cnt),
      .elig_o              (elig_o),
      .base_o              (base_o),
      .pre_busy_o          (sc_pre_busy),
      .ptb_count_o         (ptb_count_o),
      .wp_en_i             (wp_en),
      .wp_ev_valid_o       (sc_wp_ev_valid),
      .wp_ev_ready_i       (wp_ev_ready),
      .wp_ev_regs_o        (sc_wp_ev_regs),
      .wp_ev_pc_o          (sc_wp_ev_pc),
      .wp_ev_id_o          (sc_wp_ev_id),
      .wp_ev_param_o       (sc_wp_ev_param),
      .wp_ev_tb_o          (sc_wp_ev_tb),
      .wp_ev_slot_o        (sc_wp_ev_slot),
      .wp_free_regs_o      (sc_wp_free_regs),
      .drop_valid_i        (drop_valid_i),
      .drop_slot_i         (drop_slot_i),
      .drop_ack_o          (drop_ack_o),
      .yld_valid_i         (y_ask),
      .yld_rtb_i           (y_rtb),
      .yld_acc_o           (y_acc),
      .yld_ptb_o           (y_ptb),
      .yld_slot_o          (y_slot),
      .yld_tb_o            (y_tb),
      .yld_go_i            (y_go),
      .yld_rel_i           (y_rel),
      .yld_sd_o            (sd_valid_o),
      .wk_valid_i          (wk_valid_i),
      .wk_ptb_i            (wk_ptb_i),
      .wk_err_o            (wk_err_o),
      .rst_wait_o          (rst_wait_o)
  );
  assign free_regs_o  = sc_free_regs;
  assign simt_pause_o = sc_pause;
  assign free_shmem_o = sc_free_shmem;

  // ---------------------------------------------------------------- context engine
  wire [11:0] unused_eg_done_regs;
  wire        unused_eg_busy;
  kmu_ctx_engine #(
      .WARPS     (WARPS),
      .RPW       (RPW),
      .DW        (DW),
      .REG_BYTES (REG_BYTES),
      .BEAT_BYTES(BEAT_BYTES),
      .SHMEM     (SHMEM)
  ) u_ctx_engine (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .cmd_valid_i  (sc_cmd_valid),
      .cmd_ready_o  (eg_cmd_ready),
      .cmd_op_i     (sc_cmd_op),
      .cmd_inplace_i(sc_cmd_inplace),
      .cmd_wmask_i  (sc_cmd_wmask),
      .cmd_rpw_i    (sc_cmd_rpw),
      .cmd_shmem_i  (sc_cmd_shmem),
      .cmd_area_i   (sc_cmd_area),
      .err_cmd_o    (eg_err_cmd),
      .abort_i      (sc_ctx_abort),
      .scan_start_o (eg_scan_start),
      .scan_wmask_o (eg_scan_wmask),
      .scan_rpw_o   (eg_scan_rpw),
      .scan_all_o   (eg_scan_all),
      .scan_valid_i (rf_scan_valid),
      .scan_ready_o (eg_scan_ready),
      .scan_warp_i  (rf_scan_warp),
      .scan_reg_i   (rf_scan_reg),
      .scan_data_i  (rf_scan_data),
      .scan_last_i  (rf_scan_last),
      .scan_done_i  (rf_scan_done),
      .rfw_valid_o  (eg_rfw_valid),
      .rfw_warp_o   (eg_rfw_warp),
      .rfw_reg_o    (eg_rfw_reg),
      .rfw_data_o   (eg_rfw_data),
      .req_valid_o  (mem_req_valid_o),
      .req_ready_i  (mem_req_ready_i),
      .req_write_o  (mem_req_write_o),
      .req_addr_o   (mem_req_addr_o),
      .req_wdata_o  (mem_req_wdata_o),
      .rsp_valid_i  (mem_rsp_valid_i),
      .rsp_rdata_i  (mem_rsp_rdata_i),
      .shm_ren_o    (shm_ren_o),
      .shm_raddr_o  (shm_raddr_o),
      .shm_rdata_i  (shm_rdata_i),
      .shm_wen_o    (shm_wen_o),
      .shm_waddr_o  (shm_waddr_o),
      .shm_wdata_o  (shm_wdata_o),
      .ip_wen_o     (ip_wen_o),
      .ip_ren_o     (ip_ren_o),
      .ip_addr_o    (ip_addr_o),
      .ip_wdata_o   (ip_wdata_o),
      .ip_rdata_i   (ip_rdata_i),
      .busy_o       (unused_eg_busy),
      .done_o       (eg_done),
      .done_regs_o  (unused_eg_done_regs),
      .done_bytes_o (ctx_done_bytes_o)
  );
  assign ctx_cmd_valid_o = sc_cmd_valid;
  assign ctx_cmd_ready_o = eg_cmd_ready;
  assign ctx_cmd_op_o    = sc_cmd_op;
  assign ctx_cmd_inplace_o = sc_cmd_inplace;
  assign ctx_cmd_wmask_o = sc_cmd_wmask;
  assign ctx_done_o      = eg_done;

  // ---------------------------------------------------------------- dirty-bit register file
  // the write port: the engine's restore writes first (rf_wr_ready_o tells the SIMT)
  wire rf_err_wr, rf_err_rd, rf_err_exit, rf_err_scan, unused_rf_scan_busy;
  kmu_dirty_rf #(
      .WARPS(WARPS),
      .RPW  (RPW),
      .DW   (DW)
  ) u_dirty_rf (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .wr_valid_i  (eg_rfw_valid || rf_wr_valid_i),
      .wr_warp_i   (eg_rfw_valid ? eg_rfw_warp : rf_wr_warp_i),
      .wr_reg_i    (eg_rfw_valid ? eg_rfw_reg : rf_wr_reg_i),
      .wr_data_i   (eg_rfw_valid ? eg_rfw_data : rf_wr_data_i),
      .err_wr_o    (rf_err_wr),
      .rd_valid_i  (rf_rd_valid_i),
      .rd_warp_i   (rf_rd_warp_i),
      .rd_reg_i    (rf_rd_reg_i),
      .rd_data_o   (rf_rd_data_o),
      .err_rd_o    (rf_err_rd),
      .exit_valid_i(simt_wexit_valid_i),
      .exit_warp_i (simt_wexit_warp_i),
      .err_exit_o  (rf_err_exit),
      .scan_start_i(eg_scan_start),
      .scan_wmask_i(eg_cmd_ready ? sc_dq_wmask : eg_scan_wmask),
      .scan_rpw_i  (eg_scan_rpw),
      .scan_all_i  (eg_scan_all),
      .err_scan_o  (rf_err_scan),
      .scan_valid_o(rf_scan_valid),
      .scan_ready_i(eg_scan_ready),
      .scan_warp_o (rf_scan_warp),
      .scan_reg_o  (rf_scan_reg),
      .scan_data_o (rf_scan_data),
      .scan_last_o (rf_scan_last),
      .scan_busy_o (unused_rf_scan_busy),
      .scan_done_o (rf_scan_done),
      .dirty_cnt_o (rf_dirty_cnt)
  );
  assign rf_wr_ready_o = !eg_rfw_valid;

  // ---------------------------------------------------------------- PEP predictor
  wire pr_err_start, pr_err_inst, pr_err_done, pr_err_evict, pr_err_clear;
  wire [KSLOTS-1:0] unused_pr_prof_valid;
  // allocated context bytes: registers are 4 B each; at most 4 * 262143 + 262143 < 2^24
  localparam [31:0] REGS32 = REGS, SHMEM32 = SHMEM;
  wire [17:0] regs_alloc = REGS32[17:0] - sc_free_regs;
  wire [17:0] shmem_alloc = SHMEM32[17:0] - sc_free_shmem;
  // regs * REG_BYTES / 32 (a constant multiple: shifts and adds, no multiplier)
  localparam [31:0] REG_BYTES32 = REG_BYTES;
  wire [31:0] reg_bytes_x32 = {14'd0, regs_alloc} * REG_BYTES32;
  wire [23:0] ctx_bytes = reg_bytes_x32[28:5] + {6'd0, shmem_alloc};
  wire unused_reg_bytes = |{reg_bytes_x32[31:29], reg_bytes_x32[4:0]};
  wire [TBS-1:0] done_onehot = {{(TBS - 1) {1'b0}}, 1'b1} << simt_done_rtb_i;
  kmu_pep_predictor #(
      .TBS   (TBS),
      .KSLOTS(KSLOTS),
      .EMA_SH(EMA_SH),
      .TW    (PEP_TW)
  ) u_pep_predictor (
      .clk_i              (clk_i),
      .rst_ni             (rst_ni),
      .tb_start_valid_i   (st_fire && !simt_start_ewarp_o),
      .tb_start_rtb_i     (simt_start_rtb_o),
      .tb_start_kslot_i   (simt_start_slot_o),
      .tb_start_insts_i   (simt_start_insts_i),
      .tb_start_restored_i(simt_start_restore_o),
      .err_start_o        (pr_err_start),
      .tb_inst_valid_i    (simt_inst_valid_i),
      .tb_inst_rtb_i      (simt_inst_rtb_i),
      .err_inst_o         (pr_err_inst),
      .tb_done_valid_i    (simt_done_valid_i && |(done_onehot & pr_live)),
      .tb_done_rtb_i      (simt_done_rtb_i),
      .err_done_o         (pr_err_done),
      .tb_evict_valid_i   (simt_evict_valid_o),
      .tb_evict_rtb_i     (simt_evict_rtb_o),
      .err_evict_o        (pr_err_evict),
      .kslot_clear_valid_i(kslot_clear_valid_i),
      .kslot_clear_i      (kslot_clear_i),
      .err_clear_o        (pr_err_clear),
      .elig_i             (elig_o),
      .base_i             (base_o),
      .policy_i           (policy_i),
      .pred_launch_i      (pred_launch_i),
      .deadline_i         (deadline_i),
      .ctx_bytes_i        (ctx_bytes),
      .bw_shift_i         (bw_shift_i),
      .hint_valid_i       (hint_valid_i),
      .preempt_valid_i    (preempt_valid_i),
      .ckpt_valid_o       (pr_ckpt_valid),
      .ckpt_mask_o        (pr_ckpt_mask),
      .pre_valid_o        (pr_pre_valid),
      .pre_switch_mask_o  (pr_pre_mask),
      .armed_o            (armed_o),
      .busy_o             (pr_busy),
      .prof_valid_o       (unused_pr_prof_valid),
      .live_o             (pr_live)
  );

  // ---------------------------------------------------------------- warp-level preemption
  wire [4:0] wp_err;
  wire [5:0] unused_wp_victim;
  wire unused_wp_victim_valid, unused_wp_rsv;
  wire [15:0] wp_cur_id;
  kmu_warp_preempt #(
      .WARPS(WARPS)
  ) u_warp_preempt (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .w_live_i      (w_live_i),
      .w_inpipe_i    (w_inpipe_i),
      .w_ld_i        (w_ld_i),
      .w_bar_i       (w_bar_i),
      .w_ibuf_i      (w_ibuf_i),
      .w_icmiss_i    (w_icmiss_i),
      .wstart_valid_i(simt_wstart_valid_i),
      .wstart_warp_i (simt_wstart_warp_i),
      .wstart_regs_i (simt_wstart_regs_i),
      .wexit_valid_i (simt_wexit_valid_i),
      .wexit_warp_i  (simt_wexit_warp_i),
      .ev_valid_i    (sc_wp_ev_valid),
      .ev_ready_o    (wp_ev_ready),
      .ev_refuse_o   (wp_refuse_o),
      .ev_regs_i     (sc_wp_ev_regs),
      .ev_pc_i       (sc_wp_ev_pc),
      .ev_id_i       (sc_wp_ev_id),
      .free_regs_i   (sc_wp_free_regs),
      .vic_stop_o    (vic_stop_o),
      .vic_boost_o   (vic_boost_o),
      .ibuf_flush_o  (ibuf_flush_o),
      .bar_skip_o    (bar_skip_o),
      .bar_reins_o   (bar_reins_o),
      .ld_drop_o     (ld_drop_o),
      .rsave_valid_o (rsave_valid_o),
      .rsave_ready_i (rsave_ready_i),
      .rsave_warp_o  (rsave_warp_o),
      .rsave_nregs_o (rsave_nregs_o),
      .rsave_done_i  (rsave_done_i),
      .stk_push_o    (stk_push_o),
      .stk_pc_o      (stk_pc_o),
      .ev_start_o    (ev_start_o),
      .ev_done_i     (ev_done_i),
      .stk_pop_o     (stk_pop_o),
      .rrest_valid_o (rrest_valid_o),
      .rrest_ready_i (rrest_ready_i),
      .rrest_warp_o  (rrest_warp_o),
      .rrest_nregs_o (rrest_nregs_o),
      .rrest_done_i  (rrest_done_i),
      .vic_resume_o  (vic_resume_o),
      .vpol_i        (vpol_i),
      .opt_i         (opt_i),
      .wp_en_i       (wp_en),
      .busy_o        (wp_busy),
      .victim_o      (unused_wp_victim),
      .victim_valid_o(unused_wp_victim_valid),
      .rsv_o         (unused_wp_rsv),
      .cur_id_o      (wp_cur_id),
      .err_o         (wp_err),
      .lat_o         (wp_lat_o)
  );

  // ---------------------------------------------------------------- refusals
  assign err_o[ERR_CTX_CMD]    = eg_err_cmd;
  assign err_o[ERR_RF_WR]      = rf_err_wr;
  assign err_o[ERR_RF_RD]      = rf_err_rd;
  assign err_o[ERR_RF_EXIT]    = rf_err_exit;
  assign err_o[ERR_RF_SCAN]    = rf_err_scan;
  assign err_o[ERR_PR_START]   = pr_err_start;
  assign err_o[ERR_PR_INST]    = pr_err_inst;
  assign err_o[ERR_PR_DONE]    = pr_err_done;
  assign err_o[ERR_PR_EVICT]   = pr_err_evict;
  assign err_o[ERR_PR_CLEAR]   = pr_err_clear;
  assign err_o[ERR_WP+:5]      = wp_err;
  assign wp_busy_o             = wp_busy;
  // an event warp sent to this SM's table now starts at once (nothing ahead of it in the
  // table, the warp-preemption controller free to take it): the dispatcher prefers such an SM
  // (kmu_dispatch sm_ewt_idle_i).  Registered state only (the table's count, the controller's
  // state), so it is no answer to the broadcast need and adds no path through it.
  assign ewt_idle_o            = (ewt_free_o == EWT[7:0]) && !wp_busy;

  // ---------------------------------------------------------------- the event warp's identity
  // kmu_warp_preempt keeps the entry id of the event in progress (cur_id_o); its TB index,
  // parameter and slot are latched here at the acceptance (kmu_sm_ctrl's EWT head leaves then),
  // so the SIMT can start the event warp with them at ev_start_o, as a regular start carries
  // them on simt_start_*.  Held until the next acceptance.
  localparam integer RTB_W = (TBS > 1) ? $clog2(TBS) : 1;
  reg [31:0] ev_tb_q, ev_param_q;
  reg [ 7:0] ev_slot_q;
  wire wp_accept = sc_wp_ev_valid && wp_ev_ready;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ev_tb_q    <= 32'd0;
      ev_param_q <= 32'd0;
      ev_slot_q  <= 8'd0;
    end else if (wp_accept) begin
      ev_tb_q    <= sc_wp_ev_tb;
      ev_param_q <= sc_wp_ev_param;
      ev_slot_q  <= sc_wp_ev_slot;
    end
  end
  assign ev_rtb_o   = wp_cur_id[RTB_W-1:0];
  wire unused_cur_id_hi = |wp_cur_id[15:RTB_W];
  assign ev_tb_o    = ev_tb_q;
  assign ev_param_o = ev_param_q;
  assign ev_slot_o  = ev_slot_q;

`ifdef KMU_ASSERT
  // ---------------------------------------------------------------- assertions
  // Invariants of the composition, checked every cycle in simulation (Verilator and Icarus
  // builds define KMU_ASSERT; synthesis never does).  They hold for any input sequence, legal
  // or not (the blocks refuse bad inputs), so a failure is a bug of the hardware: it prints
  // the invariant and stops the simulation ($stop: the harness aborts, the test fails).
  // rst_ni only masks the checks while in reset (no flop): hence the lint waiver.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // the controller pauses and offers for decisions only resident entries
      if ((simt_pause_o & ~resident_o) != {TBS{1'b0}}) begin
        $display("ASSERTION kmu_sm %m t=%0t: simt_pause_o %h names a free entry (resident %h)",
                 $time, simt_pause_o, resident_o);
        $stop;
      end
      if ((elig_o & ~resident_o) != {TBS{1'b0}}) begin
        $display("ASSERTION kmu_sm %m t=%0t: elig_o %h names a free entry (resident %h)",
                 $time, elig_o, resident_o);
        $stop;
      end
      // the predictor tracks only TBs the controller holds (its samples are of real TBs)
      if ((pr_live & ~resident_o) != {TBS{1'b0}}) begin
        $display("ASSERTION kmu_sm %m t=%0t: predictor tracks %h, resident %h", $time,
                 pr_live, resident_o);
        $stop;
      end
      // a context command, and a restore write, only while the sequencer runs
      if ((sc_cmd_valid || eg_rfw_valid) && !sc_pre_busy) begin
        $display("ASSERTION kmu_sm %m t=%0t: context command or restore write while idle",
                 $time);
        $stop;
      end
      // one kind of preemption at a time: no warp preemption accepted while a TB is paused
      if (sc_wp_ev_valid && wp_ev_ready && (sc_pause != {TBS{1'b0}})) begin
        $display("ASSERTION kmu_sm %m t=%0t: warp preemption accepted while pausing %h", $time,
                 sc_pause);
        $stop;
      end
      // GPUpIO: a yield's save done only for the taken yield of the lane (kmu_yield_mon
      // counts it against that SM's yield in its save)
      if (sd_valid_o && (y_st_q != Y_SAVE)) begin
        $display("ASSERTION kmu_sm %m t=%0t: sd_valid_o with the yield lane in state %0d", $time,
                 y_st_q);
        $stop;
      end
      // allocated resources never exceed the SM's, so ctx_bytes cannot wrap
      if (sc_free_regs > REGS32[17:0] || sc_free_shmem > SHMEM32[17:0]) begin
        $display("ASSERTION kmu_sm %m t=%0t: free regs %0d / shmem %0d above the SM's", $time,
                 sc_free_regs, sc_free_shmem);
        $stop;
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule

`default_nettype wire
