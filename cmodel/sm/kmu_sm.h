/* kmu_sm.h - C twin of rtl/sm/kmu_sm.v: one SM's control hardware (kmu_sm_ctrl,
 * kmu_ctx_engine, kmu_dirty_rf, kmu_pep_predictor, kmu_warp_preempt), composed of the blocks'
 * C models wired as the RTL wires them. */
#ifndef KMU_SM_H
#define KMU_SM_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_ctx_engine.h"
#include "kmu_dirty_rf.h"
#include "kmu_pep_predictor.h"
#include "kmu_sm_ctrl.h"
#include "kmu_warp_preempt.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_SM_IN(X)                                                                          \
  X(need_warps_i) X(need_regs_i) X(need_shmem_i) X(need_ewarp_i) X(start_valid_i)             \
  X(start_ewarp_i) X(start_slot_i) X(start_tb_i) X(start_warps_i) X(start_regs_i)             \
  X(start_shmem_i) X(start_kptr_i) X(start_param_i) X(done_ready_i) X(policy_i)               \
  X(inplace_en_i) X(wp_en_i) X(vpol_i) X(opt_i) X(ctx_base_i) X(hold_i) X(pred_launch_i)      \
  X(deadline_i) X(bw_shift_i) X(hint_valid_i) X(preempt_valid_i) X(kslot_clear_valid_i)      \
  X(kslot_clear_i) X(simt_start_ready_i) X(simt_start_insts_i) X(simt_done_valid_i)          \
  X(simt_done_rtb_i) X(simt_inst_valid_i) X(simt_inst_rtb_i) X(simt_paused_i)                 \
  X(simt_wstart_valid_i) X(simt_wstart_warp_i) X(simt_wstart_regs_i) X(simt_wexit_valid_i)    \
  X(simt_wexit_warp_i) X(rf_wr_valid_i) X(rf_wr_warp_i) X(rf_wr_reg_i) X(rf_wr_data_i)        \
  X(rf_rd_valid_i) X(rf_rd_warp_i) X(rf_rd_reg_i) X(shm_rdata_i) X(ip_rdata_i)                \
  X(mem_req_ready_i) X(mem_rsp_valid_i) X(mem_rsp_rdata_i) X(w_live_i) X(w_inpipe_i)          \
  X(w_ld_i) X(w_bar_i) X(w_ibuf_i) X(w_icmiss_i) X(rsave_ready_i) X(rsave_done_i)             \
  X(ev_done_i) X(rrest_ready_i) X(rrest_done_i) X(drop_valid_i) X(drop_slot_i)               \
  X(simt_yield_valid_i) X(simt_yield_rtb_i) X(simt_yield_addr_i) X(yq_ready_i) X(yr_valid_i)  \
  X(yr_code_i) X(wk_valid_i) X(wk_ptb_i)
#define KMU_SM_OUT(X)                                                                         \
  X(fit_o, always) X(ewt_fit_o, always) X(err_overflow_o, always) X(done_valid_o, always)     \
  X(ewt_idle_o, always) X(done_slot_o, done_valid_o) X(simt_start_valid_o, always)            \
  X(simt_start_rtb_o, simt_start_valid_o) X(simt_start_slot_o, simt_start_valid_o)            \
  X(simt_start_tb_o, simt_start_valid_o) X(simt_start_warps_o, simt_start_valid_o)            \
  X(simt_start_kptr_o, simt_start_valid_o) X(simt_start_param_o, simt_start_valid_o)          \
  X(simt_start_wmask_o, simt_start_valid_o) X(simt_start_ewarp_o, simt_start_valid_o)         \
  X(simt_start_restore_o, simt_start_valid_o) X(simt_start_rpw_o, simt_start_valid_o)         \
  X(err_done_o, always) X(simt_pause_o, always) X(simt_evict_valid_o, always)                 \
  X(simt_evict_rtb_o, simt_evict_valid_o) X(rf_wr_ready_o, always) X(rf_rd_data_o, always)    \
  X(shm_ren_o, always) X(shm_raddr_o, shm_ren_o) X(shm_wen_o, always)                         \
  X(shm_waddr_o, shm_wen_o) X(shm_wdata_o, shm_wen_o) X(ip_wen_o, always) X(ip_ren_o, always) \
  X(ip_addr_o, always) X(ip_wdata_o, ip_wen_o) X(mem_req_valid_o, always)                     \
  X(mem_req_write_o, mem_req_valid_o) X(mem_req_addr_o, mem_req_valid_o)                     \
  X(mem_req_wdata_o, mem_req_valid_o) X(vic_stop_o, always) X(vic_boost_o, always)            \
  X(ibuf_flush_o, always) X(bar_skip_o, always) X(bar_reins_o, always) X(ld_drop_o, always)   \
  X(rsave_valid_o, always) X(rsave_warp_o, rsave_valid_o) X(rsave_nregs_o, rsave_valid_o)     \
  X(stk_push_o, always) X(stk_pc_o, wp_busy_o) X(ev_start_o, always) X(stk_pop_o, always)     \
  X(rrest_valid_o, always) X(rrest_warp_o, rrest_valid_o) X(rrest_nregs_o, rrest_valid_o)     \
  X(vic_resume_o, always) X(free_tb_o, always) X(free_warps_o, always) X(free_regs_o, always) \
  X(free_shmem_o, always) X(ewt_free_o, always) X(resident_o, always) X(busy_warps_o, always) \
  X(elig_o, always) X(base_o, always) X(pre_busy_o, always) X(ptb_count_o, always)            \
  X(armed_o, always) X(ctx_cmd_valid_o, always) X(ctx_cmd_ready_o, always)                    \
  X(ctx_cmd_op_o, ctx_cmd_valid_o) X(ctx_cmd_inplace_o, ctx_cmd_valid_o)                      \
  X(ctx_cmd_wmask_o, ctx_cmd_valid_o) X(ctx_done_o, always)                                  \
  X(ctx_done_bytes_o, always) X(wp_busy_o, always) X(wp_refuse_o, always) X(wp_lat_o, always) \
  X(err_dec_o, always) X(err_o, always) X(ev_rtb_o, wp_busy_o) X(ev_tb_o, always)              \
  X(ev_param_o, always) X(ev_slot_o, always) X(drop_ack_o, always)                           \
  X(simt_yield_ready_o, always) X(simt_yres_valid_o, always)                                 \
  X(simt_yres_rtb_o, simt_yres_valid_o) X(simt_yres_code_o, simt_yres_valid_o)               \
  X(yq_valid_o, always) X(yq_addr_o, yq_valid_o) X(yq_slot_o, yq_valid_o)                    \
  X(yq_tb_o, yq_valid_o) X(yq_ptb_o, yq_valid_o) X(sd_valid_o, always) X(wk_err_o, always) \
  X(rst_wait_o, always)

typedef KMU_PORTS_IN(KMU_SM_IN) kmu_sm_in;
typedef KMU_PORTS_OUT(KMU_SM_OUT) kmu_sm_out;

/* err_o offsets, as in the RTL (ERR_WP: the 5 bits of kmu_warp_preempt's err_o) */
enum {
  KMU_SM_ERR_CTX_CMD = 0,
  KMU_SM_ERR_RF_WR = 1,
  KMU_SM_ERR_RF_RD = 2,
  KMU_SM_ERR_RF_EXIT = 3,
  KMU_SM_ERR_RF_SCAN = 4,
  KMU_SM_ERR_PR_START = 5,
  KMU_SM_ERR_PR_INST = 6,
  KMU_SM_ERR_PR_DONE = 7,
  KMU_SM_ERR_PR_EVICT = 8,
  KMU_SM_ERR_PR_CLEAR = 9,
  KMU_SM_ERR_WP = 10
};

typedef struct {
  unsigned tbs, warps, regs, shmem, ewt, ptbs; /* TBS WARPS REGS SHMEM EWT PTBS */
  uint32_t area_bytes, ipb;                    /* AREA_BYTES IPB */
  unsigned rpw, dw, reg_bytes, beat_bytes;     /* RPW DW REG_BYTES BEAT_BYTES */
  unsigned kslots, ema_sh;                     /* KSLOTS EMA_SH */
  unsigned pep_tw;                             /* PEP_TW (16..32) */
} kmu_sm_params;

/* the wires between the sub-blocks, named after the RTL's instances */
typedef struct {
  kmu_sm_ctrl_in sc_i;
  kmu_sm_ctrl_out sc_o;
  kmu_ctx_engine_in eg_i;
  kmu_ctx_engine_out eg_o;
  kmu_dirty_rf_in rf_i;
  kmu_dirty_rf_out rf_o;
  kmu_pep_predictor_in pr_i;
  kmu_pep_predictor_out pr_o;
  kmu_warp_preempt_in wp_i;
  kmu_warp_preempt_out wp_o;
} kmu_sm_wires;

/* the top's own registers: the event warp's identity, latched at a warp-level acceptance */
typedef struct {
  uint32_t ev_tb, ev_param; /* ev_tb_q, ev_param_q */
  unsigned ev_slot;         /* ev_slot_q */
  /* the GPUpIO yield lane: state (KMU_SM_Y_*), entry, address, table entry, slot, TB */
  unsigned y_st, y_rtb, y_ptb, y_slot;
  uint32_t y_addr, y_tb;
} kmu_sm_regs;
enum { KMU_SM_Y_IDLE, KMU_SM_Y_ASK, KMU_SM_Y_ANS, KMU_SM_Y_SAVE };

typedef struct {
  kmu_sm_params p;
  kmu_sm_regs q, d;
  kmu_sm_ctrl u_sm_ctrl;
  kmu_ctx_engine u_ctx_engine;
  kmu_dirty_rf u_dirty_rf;
  kmu_pep_predictor u_pep_predictor;
  kmu_warp_preempt u_warp_preempt;
  kmu_sm_wires w;
} kmu_sm;

void kmu_sm_init(kmu_sm *m, const kmu_sm_params *p);
void kmu_sm_free(kmu_sm *m);
void kmu_sm_reset(kmu_sm *m);
/* comb() = comb_fit then comb_next (see kmu_sm.c) */
void kmu_sm_comb_fit(kmu_sm *m, const kmu_sm_in *i, kmu_sm_out *o);
void kmu_sm_comb_next(kmu_sm *m, const kmu_sm_in *i, kmu_sm_out *o);
void kmu_sm_comb(kmu_sm *m, const kmu_sm_in *i, kmu_sm_out *o);
void kmu_sm_tick(kmu_sm *m);

#ifdef __cplusplus
}
#endif
#endif
