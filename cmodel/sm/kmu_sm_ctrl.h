/* kmu_sm_ctrl.h - C twin of rtl/sm/kmu_sm_ctrl.v (per-SM controller, first part), composed
 * of the kmu_prio_enc and kmu_fifo twins exactly as the RTL instantiates them. */
#ifndef KMU_SM_CTRL_H
#define KMU_SM_CTRL_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_fifo.h"
#include "kmu_prio_enc.h"
#include "kmu_regmap.h" /* KMU_POL_* (policy_i), KMU_CTX_OP_* (ctx_cmd_op_o) */
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_SM_CTRL_IN(X)                                                                     \
  X(need_warps_i) X(need_regs_i) X(need_shmem_i) X(need_ewarp_i) X(start_valid_i)             \
  X(start_ewarp_i) X(start_slot_i) X(start_tb_i) X(start_warps_i) X(start_regs_i)             \
  X(start_shmem_i) X(start_kptr_i) X(start_param_i) X(simt_start_ready_i)                     \
  X(simt_done_valid_i) X(simt_done_rtb_i) X(done_ready_i) X(policy_i) X(inplace_en_i)         \
  X(ctx_base_i) X(ckpt_valid_i) X(ckpt_mask_i) X(pre_valid_i) X(pre_switch_mask_i) X(hold_i)  \
  X(simt_paused_i) X(ctx_cmd_ready_i) X(ctx_done_i) X(dirty_cnt_i) X(wp_en_i) X(wp_ev_ready_i) \
  X(drop_valid_i) X(drop_slot_i) X(yld_valid_i) X(yld_rtb_i) X(yld_go_i) X(yld_rel_i)          \
  X(wk_valid_i) X(wk_ptb_i)
#define KMU_SM_CTRL_OUT(X)                                                                    \
  X(fit_o, always) X(ewt_fit_o, always) X(err_overflow_o, always)                             \
  X(simt_start_valid_o, always) X(simt_start_rtb_o, simt_start_valid_o)                       \
  X(simt_start_slot_o, simt_start_valid_o) X(simt_start_tb_o, simt_start_valid_o)             \
  X(simt_start_warps_o, simt_start_valid_o) X(simt_start_kptr_o, simt_start_valid_o)          \
  X(simt_start_param_o, simt_start_valid_o) X(simt_start_wmask_o, simt_start_valid_o)         \
  X(simt_start_ewarp_o, simt_start_valid_o) X(err_done_o, always) X(done_valid_o, always)     \
  X(done_slot_o, done_valid_o) X(free_tb_o, always) X(free_warps_o, always)                   \
  X(free_regs_o, always) X(free_shmem_o, always) X(ewt_free_o, always) X(resident_o, always)  \
  X(busy_warps_o, always) X(simt_start_restore_o, simt_start_valid_o)                        \
  X(simt_start_rpw_o, simt_start_valid_o) X(err_dec_o, always) X(simt_pause_o, always)         \
  X(simt_evict_valid_o, always) X(simt_evict_rtb_o, simt_evict_valid_o)                        \
  X(ctx_cmd_valid_o, always) X(ctx_cmd_op_o, ctx_cmd_valid_o)                                 \
  X(ctx_cmd_inplace_o, ctx_cmd_valid_o) X(ctx_cmd_wmask_o, ctx_cmd_valid_o)                   \
  X(ctx_cmd_rpw_o, ctx_cmd_valid_o) X(ctx_cmd_shmem_o, ctx_cmd_valid_o)                       \
  X(ctx_cmd_area_o, ctx_cmd_valid_o) X(dq_wmask_o, always) X(elig_o, always) X(base_o, always) \
  X(pre_busy_o, always) X(ptb_count_o, always) X(wp_ev_valid_o, always)                      \
  X(wp_ev_regs_o, wp_ev_valid_o) X(wp_ev_pc_o, wp_ev_valid_o) X(wp_ev_id_o, wp_ev_valid_o)    \
  X(wp_ev_param_o, wp_ev_valid_o) X(wp_ev_tb_o, wp_ev_valid_o) X(wp_ev_slot_o, wp_ev_valid_o)  \
  X(wp_free_regs_o, always) X(drop_ack_o, always) X(ctx_abort_o, always) X(yld_acc_o, always)  \
  X(yld_ptb_o, yld_acc_o) X(yld_slot_o, yld_acc_o) X(yld_tb_o, yld_acc_o) X(yld_sd_o, always)   \
  X(wk_err_o, always) X(rst_wait_o, always)

typedef KMU_PORTS_IN(KMU_SM_CTRL_IN) kmu_sm_ctrl_in;
typedef KMU_PORTS_OUT(KMU_SM_CTRL_OUT) kmu_sm_ctrl_out;

#define KMU_SM_CTRL_MAX_TBS 64
#define KMU_SM_CTRL_MAX_WARPS 64
#define KMU_SM_CTRL_MAX_PTBS 64
#define KMU_SM_CTRL_MAX_EWT 127
#define KMU_SM_CTRL_EWT_ID_W (8 + 32 + 18) /* the EWT word's id half: {slot, tb, regs} */
/* field offsets as in the RTL: the EWT word's id half {slot 8, tb 32, regs 18} ([1] here), its
 * kp half {kptr 32, param 32} ([0]) */
enum { EI_REGS = 0, EI_TB = 18, EI_SLOT = 50, EK_PARAM = 0, EK_KPTR = 32 };

/* preemption sequencer states (seq_st_q) */
enum { SEQ_IDLE, SEQ_PAUSE, SEQ_SCMD, SEQ_SWAIT, SEQ_EVICT, SEQ_RCMD, SEQ_RWAIT };
/* drop engine states (drp_st_q) */
enum { DRP_IDLE, DRP_INIT, DRP_RUN };
typedef struct {
  unsigned tbs;   /* TBS, resident TB entries, 1..64 */
  unsigned warps; /* WARPS, warp slots, 1..64 */
  unsigned regs;  /* REGS, registers, 1..262143 */
  unsigned shmem; /* SHMEM, shared memory bytes, 1..262143 */
  unsigned ewt;   /* EWT, pending event-warp table entries, 1..127 */
  unsigned ptbs;  /* PTBS, preempted-TB table entries, 1..64 */
  uint32_t area_bytes; /* AREA_BYTES, checkpoint area bytes, a power of two */
  uint32_t ipb;   /* IPB, on-chip (in-place) checkpoint bytes, 0 = no in-place */
  uint32_t reg_bytes; /* REG_BYTES, bytes per warp register (in-place fit) */
  unsigned rpw;   /* RPW, warp registers per slot the register file holds, 1..63 */
} kmu_sm_ctrl_params;

/* Its own registers (same names as the RTL without _q/_d); the done reports live in the
 * kmu_fifo instance.  The tables come last, from res_slot on: tick()
 * copies them only in a cycle that wrote an entry (tab_we, KMU_Q_FROM_D_TAB). */
typedef struct {
  uint64_t res_valid, res_started, res_ewarp; /* per resident entry, bit e */
  uint64_t wst_busy;                          /* warp-slot table: busy bit w */
  unsigned free_tb, free_warps, free_regs, free_shmem;
  /* preemption: per resident entry */
  uint64_t res_ckpt, res_sw, res_base, res_rst; /* base ckpt / switch pending, has a base,
                                                    restored */
  /* preempted-TB table: valid and kind bits */
  uint64_t ptb_valid, ptb_pre, ptb_two, ptb_ip0, ptb_ip1;
  /* GPUpIO: a yield accepted and not yet evicted (per resident entry); a yielded TB waiting
   * for its wake-up, a woken one waiting for its restore (per table entry) */
  uint64_t res_yld, ptb_yld, ptb_wk;
  uint32_t ip_free;
  /* the serial rpw engine (div_*_q, long division): busy, saturated, entry, partial
   * remainder, {numerator bits still to shift in, quotient bits so far}, divisor (warps),
   * step (quotient bit 5 down to 0) */
  unsigned div_busy, div_sat, div_rtb, div_rem, div_dvs, div_quo, div_k;
  /* save/restore sequencer */
  unsigned seq_st, seq_rtb, seq_ptb, seq_sw, seq_k, seq_op, seq_ip;
  /* drop engine (TReM): state, tag, start-FIFO / EWT items to rotate, done reports to deliver,
   * the entry being evicted, the acknowledge */
  unsigned drp_st, drp_tag, drp_rs, drp_re, drp_dn, drp_ev, drp_evr, drp_ack;
  /* the rotations' held item: a start-FIFO entry index; the EWT position its row stays at */
  unsigned drp_sk, drp_sr, drp_ek, drp_ep;
  /* the start queue (kmu_fifo's behaviour written out: sq_*_q) and the payload RAM's read
   * register pay_rd (pay_rd_q, no reset), the word written in the cycle (pay_wd_q, no reset)
   * and pay_byp (pay_byp_q: the offer takes pay_wd, the RAM's read was of the row written) */
  unsigned sq_rptr, sq_wptr, sq_cnt, pay_byp;
  uint64_t pay_rd[2], pay_wd[2]; /* the 96-bit word: [0] {kptr, param}, [1] the TB index */
  /* the EWT (kmu_fifo's behaviour written out: ewt_*_q): its ring's pointers and count, the
   * RAM's read register ewt_rd (the head's word read ahead, no reset), the word written in the
   * cycle (ewt_wd, no reset) and ewt_byp (the head is ewt_wd: a start into an empty queue);
   * a word is [0] {kptr, param}, [1] {slot, tb, regs} */
  unsigned ewt_rptr, ewt_wptr, ewt_cnt, ewt_byp;
  uint64_t ewt_rd[2], ewt_wd[2];
  /* tables: per resident entry, the warp-slot owners, the preempted-TB table */
  unsigned res_slot[KMU_SM_CTRL_MAX_TBS], res_warps[KMU_SM_CTRL_MAX_TBS];
  unsigned res_regs[KMU_SM_CTRL_MAX_TBS], res_shmem[KMU_SM_CTRL_MAX_TBS];
  uint32_t res_tb[KMU_SM_CTRL_MAX_TBS];
  unsigned wst_owner[KMU_SM_CTRL_MAX_WARPS];  /* each busy warp slot's resident entry */
  unsigned res_ptb[KMU_SM_CTRL_MAX_TBS], res_rpw[KMU_SM_CTRL_MAX_TBS];
  unsigned ptb_slot[KMU_SM_CTRL_MAX_PTBS], ptb_warps[KMU_SM_CTRL_MAX_PTBS];
  unsigned ptb_regs[KMU_SM_CTRL_MAX_PTBS], ptb_shmem[KMU_SM_CTRL_MAX_PTBS];
  unsigned ptb_rpw[KMU_SM_CTRL_MAX_PTBS];
  uint32_t ptb_ipb[KMU_SM_CTRL_MAX_PTBS];
  /* the start queue's words (sq_mem_q), each entry's payload row (res_row_q, ptb_row_q: a
   * permutation of the rows, reset), the payload RAM {tb, kptr, param} (pay_mem, no reset:
   * pay_mem[row][0] {kptr, param}, [1] the TB index) */
  unsigned sq_mem[KMU_SM_CTRL_MAX_TBS];
  unsigned res_row[KMU_SM_CTRL_MAX_TBS], ptb_row[KMU_SM_CTRL_MAX_PTBS];
  uint64_t pay_mem[KMU_SM_CTRL_MAX_TBS + KMU_SM_CTRL_MAX_PTBS][2];
  /* the EWT ring's row indices (ewt_ix_q: a permutation of the rows, reset) and its RAM
   * (ewt_mem, no reset) */
  unsigned ewt_ix[KMU_SM_CTRL_MAX_EWT];
  uint64_t ewt_mem[KMU_SM_CTRL_MAX_EWT][2];
} kmu_sm_ctrl_regs;

/* nets between the phases of one cycle's comb() */
typedef struct {
  unsigned done_rtb, st, sr, sp, rtb_idx, ptb_free_idx, rc, ewt_regs, ewt_slot, ewt_rpt;
  unsigned wp_free, st_rtb;
  int tb_room, ptb_free_any, ewt_pend, ewt_room, rst_wait, tb_gate, st_valid, s_in, st_wait;
  uint32_t ewt_tb, ewt_kptr, ewt_param;
  uint64_t seq_wmask, elig, d_wmask;
  kmu_fifo_out dout;
  /* drop engine */
  int drp, drp_run;
  uint64_t drp_tagm, drp_pause, ewt_kp_word, ewt_id_word;
  unsigned st_count, ewt_count;
  /* GPUpIO yield: accepted, the entry has a base, its table entry, the wake names a yielded
   * entry */
  int y_acc, y_base, wk_hit;
  unsigned y_bptb;
} kmu_sm_ctrl_nets;

typedef struct {
  kmu_sm_ctrl_params p;
  kmu_sm_ctrl_nets c;
  unsigned rtb_w, ptb_w, area_lg;
  kmu_sm_ctrl_regs q, d;
  int d_is_q; /* d holds q (KMU_D_FROM_Q) */
  int tab_we; /* this cycle's comb() wrote a table entry of d (KMU_Q_FROM_D_TAB) */
  kmu_prio_enc u_rtb_enc, u_save_enc, u_ptb_free_enc, u_ptb_pre_enc, u_ptb_wk_enc;
  kmu_prio_enc u_drp_ev_enc, u_drp_ptb_enc;
  kmu_fifo u_done_fifo;
} kmu_sm_ctrl;

void kmu_sm_ctrl_init(kmu_sm_ctrl *m, const kmu_sm_ctrl_params *p);
void kmu_sm_ctrl_free(kmu_sm_ctrl *m);
void kmu_sm_ctrl_reset(kmu_sm_ctrl *m);
/* comb() = comb_fit then comb_next (see kmu_sm_ctrl.c) */
void kmu_sm_ctrl_comb_fit(kmu_sm_ctrl *m, const kmu_sm_ctrl_in *i, kmu_sm_ctrl_out *o);
void kmu_sm_ctrl_comb_next(kmu_sm_ctrl *m, const kmu_sm_ctrl_in *i, kmu_sm_ctrl_out *o);
void kmu_sm_ctrl_comb(kmu_sm_ctrl *m, const kmu_sm_ctrl_in *i, kmu_sm_ctrl_out *o);
void kmu_sm_ctrl_tick(kmu_sm_ctrl *m);

#ifdef __cplusplus
}
#endif
#endif
