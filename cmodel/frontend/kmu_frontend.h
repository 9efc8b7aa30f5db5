/* kmu_frontend.h - C twin of rtl/frontend/kmu_frontend.v: the EDGE front end, composed of the C
 * models of kmu_axil_slave, kmu_csr, kmu_doorbell and kmu_ekt wired as the RTL wires them. */
#ifndef KMU_FRONTEND_H
#define KMU_FRONTEND_H
#include <stdint.h>

#include "kmu_axil_slave.h"
#include "kmu_common.h"
#include "kmu_csr.h"
#include "kmu_doorbell.h"
#include "kmu_ekt.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_FRONTEND_IN(X)                                                                  \
  X(s_awvalid_i) X(s_awaddr_i) X(s_wvalid_i) X(s_wdata_i) X(s_wstrb_i) X(s_bready_i)         \
  X(s_arvalid_i) X(s_araddr_i) X(s_rready_i) X(desc_ready_i) X(cpl_valid_i) X(cpl_id_i)      \
  X(host_ready_i) X(kernel_done_i) X(pre_busy_i) X(pre_req_i) X(wp_start_i) X(ctx_save_i)   \
  X(cp_cmd_ready_i) X(cp_cpl_valid_i) X(cp_cpl_id_i) X(cp_cpl_status_i) X(cp_busy_i)           \
  X(trem_req_ready_i) X(trem_busy_i) X(trem_done_valid_i) X(trem_done_status_i)                \
  X(trem_done_replay_i) X(trem_done_tag_i) X(trem_done_lid_i) X(trem_guard_i)                  \
  X(trem_guard_tag_i) X(trem_u_i) X(trem_q_i) X(trem_le_i) X(trem_last_lid_i)                \
  X(trem_auto_req_i) X(trem_auto_ok_i) X(trem_auto_nv_i)                                      \
  X(ycnt_take_i) X(ycnt_spin_i) X(ycnt_full_i) X(ycnt_nowork_i) X(ycnt_wake_i) X(ycnt_err_i) \
  X(ycnt_wkerr_i)
#define KMU_FRONTEND_OUT(X)                                                                 \
  X(s_awready_o, always) X(s_wready_o, always) X(s_bvalid_o, always)                         \
  X(s_bresp_o, s_bvalid_o) X(s_arready_o, always) X(s_rvalid_o, always)                     \
  X(s_rdata_o, s_rvalid_o) X(s_rresp_o, s_rvalid_o) X(desc_valid_o, always)                 \
  X(desc_id_o, desc_valid_o) X(desc_kptr_o, desc_valid_o) X(desc_grid_x_o, desc_valid_o)    \
  X(desc_grid_y_o, desc_valid_o) X(desc_grid_z_o, desc_valid_o) X(desc_tb_x_o, desc_valid_o) \
  X(desc_tb_y_o, desc_valid_o) X(desc_tb_z_o, desc_valid_o) X(desc_shmem_o, desc_valid_o)   \
  X(desc_nregs_o, desc_valid_o) X(desc_prio_o, desc_valid_o) X(desc_param_o, desc_valid_o)  \
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
  X(cp_chunk_log2_o, always) X(cp_cmd_valid_o, always)         \
  X(cp_cmd_src_o, cp_cmd_valid_o) X(cp_cmd_dst_o, cp_cmd_valid_o)                            \
  X(cp_cmd_bytes_o, cp_cmd_valid_o) X(cp_cmd_dir_o, cp_cmd_valid_o)                          \
  X(cp_cmd_prio_o, cp_cmd_valid_o) X(cp_cmd_id_o, cp_cmd_valid_o) X(cp_cpl_ready_o, always)  \
  X(host_class_o, host_valid_o) X(host_est_o, host_valid_o) X(trem_req_valid_o, always)      \
  X(trem_req_kind_o, trem_req_valid_o) X(trem_req_replay_o, trem_req_valid_o)                \
  X(trem_req_id_o, trem_req_valid_o) X(trem_thr_o, always) X(trem_cost_o, always)            \
  X(trem_policy_o, always) X(trem_shift_o, always) X(trem_unit_o, always)                    \
  X(trem_sla_o, always) X(trem_period_o, always) X(irq_o, always)

typedef KMU_PORTS_IN(KMU_FRONTEND_IN) kmu_frontend_in;
typedef KMU_PORTS_OUT(KMU_FRONTEND_OUT) kmu_frontend_out;

typedef struct {
  unsigned aw;      /* AW */
  unsigned entries; /* ENTRIES */
  unsigned cnt_w;   /* CNT_W */
  unsigned nsm;     /* NSM */
  unsigned cp_nprio, cp_lenw, cp_idw; /* CP_NPRIO, CP_LENW, CP_IDW (kmu_csr's copy window) */
  unsigned db_pend_w; /* DB_PEND_W, kmu_doorbell's count bits (0: the RTL default 8) */
} kmu_frontend_params;

/* the wires between the sub-blocks, named after the RTL's */
typedef struct {
  kmu_axil_slave_in slave_i;
  kmu_axil_slave_out slave_o;
  kmu_csr_in csr_i;
  kmu_csr_out csr_o;
  kmu_doorbell_in db_i;
  kmu_doorbell_out db_o;
  kmu_ekt_in ekt_i;
  kmu_ekt_out ekt_o;
} kmu_frontend_wires;

typedef struct {
  kmu_frontend_params p;
  kmu_axil_slave u_axil_slave;
  kmu_csr u_csr;
  kmu_doorbell u_doorbell;
  kmu_ekt u_ekt;
  kmu_frontend_wires w;
} kmu_frontend;

void kmu_frontend_init(kmu_frontend *m, const kmu_frontend_params *p);
void kmu_frontend_free(kmu_frontend *m);
void kmu_frontend_reset(kmu_frontend *m);
/* comb() = comb_out then comb_next (see kmu_frontend.c) */
void kmu_frontend_comb_out(kmu_frontend *m, const kmu_frontend_in *i, kmu_frontend_out *o);
void kmu_frontend_comb_next(kmu_frontend *m, const kmu_frontend_in *i);
void kmu_frontend_comb(kmu_frontend *m, const kmu_frontend_in *i, kmu_frontend_out *o);
void kmu_frontend_tick(kmu_frontend *m);

#ifdef __cplusplus
}
#endif
#endif
