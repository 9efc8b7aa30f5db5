/* kmu_csr.h - C twin of rtl/frontend/kmu_csr.v (register decoder, CSRs, error status, counters). */
#ifndef KMU_CSR_H
#define KMU_CSR_H
#include <stdint.h>

#include "kmu_common.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Port lists: X(name) for inputs, X(name, qualifier) for outputs. */
#define KMU_CSR_IN(X)                                                                        \
  X(bus_req_valid_i) X(bus_req_write_i) X(bus_req_addr_i) X(bus_req_wdata_i)                \
  X(bus_req_wstrb_i) X(db_ready_i) X(reg_ready_i) X(reg_done_i) X(reg_code_i) X(reg_id_i)   \
  X(unreg_code_i) X(db_err_unknown_i) X(db_err_unreg_i) X(db_err_full_i) X(db_last_err_idx_i)  \
  X(db_last_err_cause_i)                                                                     \
  X(launch_fire_i) X(launch_err_i) X(cpl_valid_i) X(cpl_err_i) X(desc_fire_i)              \
  X(desc_pending_i) X(reg_busy_i) X(ekt_valid_i) X(host_ready_i) X(kernel_done_i)            \
  X(pre_busy_i) X(pre_req_i) X(wp_start_i) X(ctx_save_i) X(cp_cmd_ready_i) X(cp_cpl_valid_i) \
  X(cp_cpl_id_i) X(cp_cpl_status_i) X(cp_busy_i) X(trem_req_ready_i) X(trem_busy_i)         \
  X(trem_done_valid_i) X(trem_done_status_i) X(trem_done_replay_i) X(trem_done_tag_i)       \
  X(trem_done_lid_i) X(trem_guard_i) X(trem_guard_tag_i) X(trem_u_i) X(trem_q_i) X(trem_le_i) \
  X(trem_last_lid_i) X(trem_auto_req_i) X(trem_auto_ok_i) X(trem_auto_nv_i)                 \
  X(ycnt_take_i) X(ycnt_spin_i) X(ycnt_full_i) X(ycnt_nowork_i) X(ycnt_wake_i) X(ycnt_err_i) \
  X(ycnt_wkerr_i)
#define KMU_CSR_OUT(X)                                                                       \
  X(bus_req_ready_o, always) X(bus_rsp_rdata_o, always) X(bus_rsp_err_o, always)            \
  X(db_valid_o, always) X(db_idx_o, db_valid_o) X(reg_valid_o, always)                      \
  X(reg_kptr_o, always) X(reg_grid_x_o, always) X(reg_grid_y_o, always)                     \
  X(reg_grid_z_o, always) X(reg_tb_x_o, always) X(reg_tb_y_o, always) X(reg_tb_z_o, always) \
  X(reg_shmem_o, always) X(reg_nregs_o, always) X(reg_prio_o, always)                       \
  X(reg_pbase_o, always) X(reg_pend_o, always) X(reg_esize_o, always)                       \
  X(reg_maxinf_o, always) X(unreg_valid_o, always) X(unreg_id_o, unreg_valid_o)             \
  X(host_valid_o, always) X(host_kptr_o, host_valid_o) X(host_grid_x_o, host_valid_o)       \
  X(host_grid_y_o, host_valid_o) X(host_grid_z_o, host_valid_o) X(host_tb_x_o, host_valid_o) \
  X(host_tb_y_o, host_valid_o) X(host_tb_z_o, host_valid_o) X(host_shmem_o, host_valid_o)   \
  X(host_nregs_o, host_valid_o) X(host_prio_o, host_valid_o) X(host_param_o, host_valid_o)  \
  X(host_cpl_addr_o, host_valid_o) X(mode_rgem_o, always) X(reserve_mask_o, always)       \
  X(pre_policy_o, always) X(pre_inplace_o, always) X(pre_wp_en_o, always)                   \
  X(pre_vpol_o, always) X(pre_opt_o, always) X(pre_all_o, always) X(pre_ctx_base_o, always)                      \
  X(pre_deadline_o, always) X(pre_bw_shift_o, always) X(pre_hint_valid_o, always)           \
  X(pre_pred_launch_o, always) X(ysig_valid_o, always) X(ysig_addr_o, always)              \
  X(ytail_o, always) X(ymaxwait_o, always)                                                  \
  X(host_class_o, host_valid_o) X(host_est_o, host_valid_o)    \
  X(cp_chunk_log2_o, always) X(cp_cmd_valid_o, always)                                     \
  X(cp_cmd_src_o, cp_cmd_valid_o) X(cp_cmd_dst_o, cp_cmd_valid_o)                            \
  X(cp_cmd_bytes_o, cp_cmd_valid_o) X(cp_cmd_dir_o, cp_cmd_valid_o)                          \
  X(cp_cmd_prio_o, cp_cmd_valid_o) X(cp_cmd_id_o, cp_cmd_valid_o) X(cp_cpl_ready_o, always)  \
  X(trem_req_valid_o, always) X(trem_req_kind_o, trem_req_valid_o)                          \
  X(trem_req_replay_o, trem_req_valid_o) X(trem_req_id_o, trem_req_valid_o)                 \
  X(trem_thr_o, always) X(trem_cost_o, always) X(trem_policy_o, always) X(trem_shift_o, always) \
  X(trem_unit_o, always) X(trem_sla_o, always) X(trem_period_o, always) X(irq_o, always)

typedef KMU_PORTS_IN(KMU_CSR_IN) kmu_csr_in;
typedef KMU_PORTS_OUT(KMU_CSR_OUT) kmu_csr_out;

typedef struct {
  unsigned aw;      /* AW, 16..32 */
  unsigned entries; /* ENTRIES, 1..64 in the C twin (ekt_valid_i is one uint64_t) */
  unsigned cnt_w;   /* CNT_W, 1..32 */
  unsigned nsm;     /* NSM, 1..64 (reserve_mask_o) */
  unsigned cp_nprio, cp_lenw, cp_idw; /* CP_NPRIO 2..8, CP_LENW 4..31, CP_IDW 1..16 */
} kmu_csr_params;

typedef struct {
  unsigned rd_wait; /* rd_wait_q: a read offered last cycle waited; this cycle takes it */
  uint32_t err; /* err_q: ERR_STATUS */
  unsigned res_busy, res_done, res_code, res_id;
  unsigned ures_done, ures_code, ures_id;
  uint32_t cnt_db, cnt_reg, cnt_bus, cnt_cpl, perf_db, perf_launch, perf_cpl, perf_kern;
  uint32_t perf_pre, perf_wp, perf_csave; /* PERF_PREEMPTS, PERF_WP, PERF_CTX_SAVES */
  /* kernel completion status, configuration, interrupt enables */
  unsigned kdone;   /* KERNEL_STATUS.KERNEL_DONE */
  unsigned rgem;    /* KMU_CTRL.RGEM */
  uint32_t rsv;     /* SM_RESERVE (implemented bits only) */
  unsigned irq_en_err, irq_en_kd; /* IRQ_ENABLE.ERR, .KERNEL_DONE */
  /* preemption control: PRE_CTRL fields, PRE_CTX_BASE, PRE_DEADLINE, PRE_BW, PRE_HINT */
  unsigned pre_policy, pre_inplace, pre_wp_en, pre_vpol, pre_opt, pre_all;
  uint32_t pre_ctx_base, pre_deadline;
  unsigned pre_bw_shift;
  uint32_t pre_launch;       /* PRE_HINT.PRED_LAUNCH */
  unsigned pre_hint_valid;   /* the PRE_HINT write pulse, one cycle late */
  unsigned ysig_valid;       /* the YIELD_SIGNAL write pulse, one cycle late (GPUpIO) */
  uint32_t ysig_addr;        /* its ADDR */
  unsigned ytail, ymaxwait;  /* YIELD_CTRL.TAIL, .MAXWAIT (register map 1.6) */
  uint32_t scratch, kptr;
  unsigned grid_x, grid_y, grid_z, tb_x, tb_y, tb_z, shmem, nregs, prio;
  uint32_t pbase, pend;
  unsigned esize, maxinf;
  /* host launch staging (hl_*_q) */
  uint32_t hl_kptr;
  unsigned hl_grid_x, hl_grid_y, hl_grid_z, hl_tb_x, hl_tb_y, hl_tb_z, hl_shmem, hl_nregs, hl_prio;
  uint32_t hl_param, hl_cpl;
  /* host descriptor register stage (host_*_q) */
  unsigned host_valid;
  uint32_t host_kptr;
  unsigned host_grid_x, host_grid_y, host_grid_z, host_tb_x, host_tb_y, host_tb_z, host_shmem,
      host_nregs, host_prio;
  uint32_t host_param, host_cpl;
  unsigned hl_class, host_class; /* HL_RES.CLASS, its stage */
  uint32_t hl_est, host_est;     /* HL_EST, its stage */
  /* TReM window: request stage, result, events, enables, CSRs, counters (tr_*_q) */
  unsigned tr_req_valid, tr_req_kind, tr_req_replay, tr_req_id;
  unsigned tr_status, tr_replay, tr_done, tr_tag, tr_lid;
  unsigned tr_ev_done, tr_ev_guard, tr_guard_tag, tr_en_done, tr_en_guard;
  unsigned tr_thr, tr_policy, tr_shift, tr_unit;
  uint32_t tr_cost, tr_sla, tr_period;
  uint32_t cnt_trem, perf_rvk; /* ERR_CNT_TREM, PERF_REVOKES */
  /* copy window: staging (cp_src_q .. cp_id_q), COPY_CHUNK, COPY_IRQ */
  uint32_t cp_src, cp_dst, cp_len;
  unsigned cp_dir, cp_prio, cp_id, cp_chunk, cp_irq_en;
  /* copy command register stage (cq_*_q) */
  unsigned cq_v;
  uint32_t cq_src, cq_dst, cq_bytes;
  unsigned cq_dir, cq_prio, cq_id;
  /* the window refusal on its way to COPY_CPL (wref_*_q), COPY_CPL (ccpl_*_q) */
  unsigned wref_v, wref_id, wref_st;
  unsigned ccpl_v, ccpl_id, ccpl_st;
  unsigned cp_lerr;         /* COPY_STATUS.LAST_ERR */
  uint32_t cnt_cp, perf_cp; /* COPY_ERR_CNT, PERF_COPIES */
} kmu_csr_regs;

/* nets of the bus request decode, from comb_req to comb_next in one cycle */
typedef struct {
  unsigned a, db_off, unreg_id8;
  uint32_t wdata, rval;
  int wr, valid, req_err, db_req, regcmd_req, unreg_req, unreg_known, hlcmd_req, hl_busy;
  int gocmd_req, cp_wref, cp_long; /* COPY_GO on the bus; a window refusal, LONG or PRIO */
  int trcmd_req;                   /* TR_CMD on the bus */
} kmu_csr_nets;

typedef struct {
  kmu_csr_params p;
  unsigned id_w;  /* ID_W = max(1, clog2(ENTRIES)) */
  unsigned cp_pw; /* CP_PW = max(1, clog2(CP_NPRIO)) */
  kmu_csr_regs q, d;
  kmu_csr_nets c;
} kmu_csr;

void kmu_csr_init(kmu_csr *m, const kmu_csr_params *p);
void kmu_csr_free(kmu_csr *m);
void kmu_csr_reset(kmu_csr *m);
/* comb() = comb_out, comb_req, comb_next (see kmu_csr.c) */
void kmu_csr_comb_out(const kmu_csr *m, kmu_csr_out *o);
void kmu_csr_comb_req(kmu_csr *m, const kmu_csr_in *i, kmu_csr_out *o);
void kmu_csr_comb_next(kmu_csr *m, const kmu_csr_in *i, kmu_csr_out *o);
void kmu_csr_comb(kmu_csr *m, const kmu_csr_in *i, kmu_csr_out *o);
void kmu_csr_tick(kmu_csr *m);

#ifdef __cplusplus
}
#endif
#endif
