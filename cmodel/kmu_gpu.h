/* kmu_gpu.h - C twin of rtl/kmu_gpu.v: the system top (front end, kernel management,
 * dispatch, the preemption trigger, one kmu_sm per SM, memory port), composed of the blocks'
 * C models wired as the RTL wires them. */
#ifndef KMU_GPU_H
#define KMU_GPU_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_copy_engine.h"
#include "kmu_dispatch.h"
#include "kmu_elastic.h"
#include "kmu_frontend.h"
#include "kmu_kmu.h"
#include "kmu_mem_port.h"
#include "kmu_rr_arb.h"
#include "kmu_preempt_ctrl.h"
#include "kmu_revoke.h"
#include "kmu_trem_policy.h"
#include "kmu_sm.h"
#include "kmu_yield_mon.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_GPU_IN(X)                                                                       \
  X(s_awvalid_i) X(s_awaddr_i) X(s_wvalid_i) X(s_wdata_i) X(s_wstrb_i) X(s_bready_i)         \
  X(s_arvalid_i) X(s_araddr_i) X(s_rready_i)                                                \
  X(mem_ready_i) X(mem_rvalid_i) X(mem_rdata_i) X(mem_rclient_i) X(simt_start_ready_i)      \
  X(simt_start_insts_i) X(simt_done_valid_i) X(simt_done_sm_i) X(simt_done_rtb_i)          \
  X(hlink_req_ready_i) X(hlink_rsp_valid_i) X(hlink_rsp_rdata_i)
#define KMU_GPU_OUT(X)                                                                      \
  X(s_awready_o, always) X(s_wready_o, always) X(s_bvalid_o, always)                         \
  X(s_bresp_o, s_bvalid_o) X(s_arready_o, always) X(s_rvalid_o, always)                     \
  X(s_rdata_o, s_rvalid_o) X(s_rresp_o, s_rvalid_o) X(mem_valid_o, always)                  \
  X(mem_write_o, mem_valid_o) X(mem_addr_o, mem_valid_o) X(mem_wdata_o, mem_valid_o)        \
  X(mem_client_o, mem_valid_o) X(hlink_req_valid_o, always)                                 \
  X(hlink_req_write_o, hlink_req_valid_o) X(hlink_req_addr_o, hlink_req_valid_o)            \
  X(hlink_req_wdata_o, hlink_req_valid_o) X(simt_start_valid_o, always)                     \
  X(simt_start_sm_o, simt_start_valid_o) X(simt_start_rtb_o, simt_start_valid_o)            \
  X(simt_start_warps_o, simt_start_valid_o) X(simt_start_kptr_o, simt_start_valid_o)        \
  X(simt_start_param_o, simt_start_valid_o) X(simt_start_tb_o, simt_start_valid_o)          \
  X(simt_start_slot_o, simt_start_valid_o) X(simt_start_ewarp_o, simt_start_valid_o)        \
  X(simt_start_wmask_o, simt_start_valid_o) X(simt_start_restore_o, simt_start_valid_o)     \
  X(simt_start_rpw_o, simt_start_valid_o) X(simt_done_ready_o, always)                      \
  X(preempt_o, always) X(hold_o, always) X(kernel_done_o, always) X(hw_err_o, always)        \
  X(irq_o, always)

/* Per-SM ports: lanes of KMU_GPU_LANES elements, SM s in element s, each kmu_sm's SIMT-side
 * port or status output of the same name (the shim packs them as the RTL's NSM-element
 * vectors; the widths name the build's parameters, which only the shim expands). */
#define KMU_GPU_LANES 16 /* NSM of the C twin and harness: 1..16 */
#define KMU_GPU_RTB_W ((P_TBS) > 1 ? (unsigned)(64 - __builtin_clzll((P_TBS) - 1ull)) : 1u)
#define KMU_GPU_INL(X) \
  X(simt_inst_valid_i, KMU_GPU_LANES, 1) X(simt_inst_rtb_i, KMU_GPU_LANES, KMU_GPU_RTB_W) \
  X(simt_paused_i, KMU_GPU_LANES, P_TBS) X(simt_wstart_valid_i, KMU_GPU_LANES, 1) \
  X(simt_wstart_warp_i, KMU_GPU_LANES, 6) X(simt_wstart_regs_i, KMU_GPU_LANES, 8) \
  X(simt_wexit_valid_i, KMU_GPU_LANES, 1) X(simt_wexit_warp_i, KMU_GPU_LANES, 6) \
  X(rf_wr_valid_i, KMU_GPU_LANES, 1) X(rf_wr_warp_i, KMU_GPU_LANES, 6) \
  X(rf_wr_reg_i, KMU_GPU_LANES, 5) X(rf_wr_data_i, KMU_GPU_LANES, 32) \
  X(rf_rd_valid_i, KMU_GPU_LANES, 1) X(rf_rd_warp_i, KMU_GPU_LANES, 6) \
  X(rf_rd_reg_i, KMU_GPU_LANES, 5) X(shm_rdata_i, KMU_GPU_LANES, 32) \
  X(ip_rdata_i, KMU_GPU_LANES, 32) X(w_live_i, KMU_GPU_LANES, P_WARPS) \
  X(w_inpipe_i, KMU_GPU_LANES, P_WARPS) X(w_ld_i, KMU_GPU_LANES, P_WARPS) \
  X(w_bar_i, KMU_GPU_LANES, P_WARPS) X(w_ibuf_i, KMU_GPU_LANES, P_WARPS) \
  X(w_icmiss_i, KMU_GPU_LANES, P_WARPS) X(rsave_ready_i, KMU_GPU_LANES, 1) \
  X(rsave_done_i, KMU_GPU_LANES, 1) X(ev_done_i, KMU_GPU_LANES, P_WARPS) \
  X(rrest_ready_i, KMU_GPU_LANES, 1) X(rrest_done_i, KMU_GPU_LANES, 1) \
  X(simt_yield_valid_i, KMU_GPU_LANES, 1) X(simt_yield_rtb_i, KMU_GPU_LANES, KMU_GPU_RTB_W) \
  X(simt_yield_addr_i, KMU_GPU_LANES, 32)
#define KMU_GPU_OUTL(X) \
  X(simt_pause_o, KMU_GPU_LANES, P_TBS, always) \
  X(simt_evict_valid_o, KMU_GPU_LANES, 1, always) \
  X(simt_evict_rtb_o, KMU_GPU_LANES, KMU_GPU_RTB_W, simt_evict_valid_o) \
  X(rf_wr_ready_o, KMU_GPU_LANES, 1, always) X(rf_rd_data_o, KMU_GPU_LANES, 32, always) \
  X(shm_ren_o, KMU_GPU_LANES, 1, always) X(shm_raddr_o, KMU_GPU_LANES, 17, shm_ren_o) \
  X(shm_wen_o, KMU_GPU_LANES, 1, always) X(shm_waddr_o, KMU_GPU_LANES, 17, shm_wen_o) \
  X(shm_wdata_o, KMU_GPU_LANES, 32, shm_wen_o) X(ip_wen_o, KMU_GPU_LANES, 1, always) \
  X(ip_ren_o, KMU_GPU_LANES, 1, always) X(ip_addr_o, KMU_GPU_LANES, 32, always) \
  X(ip_wdata_o, KMU_GPU_LANES, 32, ip_wen_o) X(vic_stop_o, KMU_GPU_LANES, P_WARPS, always) \
  X(vic_boost_o, KMU_GPU_LANES, P_WARPS, always) \
  X(ibuf_flush_o, KMU_GPU_LANES, P_WARPS, always) \
  X(bar_skip_o, KMU_GPU_LANES, P_WARPS, always) \
  X(bar_reins_o, KMU_GPU_LANES, P_WARPS, always) \
  X(ld_drop_o, KMU_GPU_LANES, P_WARPS, always) X(rsave_valid_o, KMU_GPU_LANES, 1, always) \
  X(rsave_warp_o, KMU_GPU_LANES, 6, rsave_valid_o) \
  X(rsave_nregs_o, KMU_GPU_LANES, 8, rsave_valid_o) \
  X(stk_push_o, KMU_GPU_LANES, P_WARPS, always) X(stk_pc_o, KMU_GPU_LANES, 32, wp_busy_o) \
  X(ev_start_o, KMU_GPU_LANES, P_WARPS, always) \
  X(stk_pop_o, KMU_GPU_LANES, P_WARPS, always) X(rrest_valid_o, KMU_GPU_LANES, 1, always) \
  X(rrest_warp_o, KMU_GPU_LANES, 6, rrest_valid_o) \
  X(rrest_nregs_o, KMU_GPU_LANES, 8, rrest_valid_o) \
  X(vic_resume_o, KMU_GPU_LANES, P_WARPS, always) \
  X(resident_o, KMU_GPU_LANES, P_TBS, always) X(elig_o, KMU_GPU_LANES, P_TBS, always) \
  X(pre_busy_o, KMU_GPU_LANES, 1, always) X(ptb_count_o, KMU_GPU_LANES, 8, always) \
  X(armed_o, KMU_GPU_LANES, 1, always) X(ctx_cmd_valid_o, KMU_GPU_LANES, 1, always) \
  X(ctx_cmd_ready_o, KMU_GPU_LANES, 1, always) \
  X(ctx_cmd_op_o, KMU_GPU_LANES, 2, ctx_cmd_valid_o) \
  X(ctx_cmd_inplace_o, KMU_GPU_LANES, 1, ctx_cmd_valid_o) \
  X(ctx_cmd_wmask_o, KMU_GPU_LANES, P_WARPS, ctx_cmd_valid_o) \
  X(ctx_done_o, KMU_GPU_LANES, 1, always) X(ctx_done_bytes_o, KMU_GPU_LANES, 32, always) \
  X(wp_busy_o, KMU_GPU_LANES, 1, always) X(wp_refuse_o, KMU_GPU_LANES, 1, always) \
  X(wp_lat_o, KMU_GPU_LANES, 16, always) \
  X(ev_rtb_o, KMU_GPU_LANES, KMU_GPU_RTB_W, wp_busy_o) X(ev_tb_o, KMU_GPU_LANES, 32, always) \
  X(ev_param_o, KMU_GPU_LANES, 32, always) X(ev_slot_o, KMU_GPU_LANES, 8, always) \
  X(simt_yield_ready_o, KMU_GPU_LANES, 1, always) \
  X(simt_yres_valid_o, KMU_GPU_LANES, 1, always) \
  X(simt_yres_rtb_o, KMU_GPU_LANES, KMU_GPU_RTB_W, simt_yres_valid_o) \
  X(simt_yres_code_o, KMU_GPU_LANES, 2, simt_yres_valid_o)

typedef KMU_PORTS_INL(KMU_GPU_IN, KMU_GPU_INL) kmu_gpu_in;
typedef KMU_PORTS_OUTL(KMU_GPU_OUT, KMU_GPU_OUTL) kmu_gpu_out;

#define KMU_GPU_MAX_SM KMU_GPU_LANES
/* YW: kmu_yield_mon's watch-table entries (the RTL's parameter YW: no build overrides it) */
#define KMU_GPU_YW 8u

typedef struct {
  unsigned aw, entries, cnt_w;           /* front end */
  unsigned nsm, slots, pend;             /* NSM, SLOTS, PEND */
  unsigned tbs, warps, regs, shmem, ewt; /* per SM */
  unsigned ct;                           /* CT: kmu_kmu completion-table entries (2*SLOTS) */
  unsigned ptbs;                         /* PTBS: preempted-TB table entries per SM */
  uint32_t area_bytes, ipb;              /* AREA_BYTES, IPB */
  unsigned rpw, reg_bytes, beat_bytes;   /* RPW, REG_BYTES, BEAT_BYTES */
  unsigned ema_sh;                       /* EMA_SH */
  unsigned cp_nprio, cp_qd, cp_idw, cp_lenw, cp_buf; /* CP_NPRIO, CP_QD, CP_IDW, CP_LENW, CP_BUF */
  unsigned pep_tw;                       /* PEP_TW (16..32; 32 unless a board passes it) */
} kmu_gpu_params;

typedef struct {
  kmu_frontend_in fe_i;
  kmu_frontend_out fe_o;
  kmu_kmu_in kmu_i;
  kmu_kmu_out kmu_o;
  kmu_dispatch_in dsp_i;
  kmu_dispatch_out dsp_o;
  kmu_preempt_ctrl_in pc_i;
  kmu_preempt_ctrl_out pc_o;
  kmu_sm_in sm_i[KMU_GPU_MAX_SM];
  kmu_sm_out sm_o[KMU_GPU_MAX_SM];
  kmu_rr_arb_in st_arb_i, dn_arb_i;
  kmu_rr_arb_out st_arb_o, dn_arb_o;
  kmu_mem_port_in mp_i;
  kmu_mem_port_out mp_o;
  kmu_copy_engine_in ce_i;
  kmu_copy_engine_out ce_o;
  kmu_revoke_in rv_i;
  kmu_revoke_out rv_o;
  kmu_elastic_in el_i;
  kmu_elastic_out el_o;
  kmu_trem_policy_in tp_i;
  kmu_trem_policy_out tp_o;
  kmu_yield_mon_in ym_i;
  kmu_yield_mon_out ym_o;
} kmu_gpu_wires;

/* the top's own registers: kmu_elastic's event stage (el_*_q) and its per-tag class bits and
 * admission stamps (el_user_q, reset; el_t0_m, a table without reset) */
typedef struct {
  uint32_t now, smp_t;       /* el_now_q, el_smp_t_q */
  unsigned arr, fin, smp, cpl, fpend; /* el_arr_q, el_fin_q, el_smp_q, el_cpl_q, el_fpend_q */
  unsigned rv_iss, rv_iss_tag;        /* rv_iss_q, rv_iss_tag_q: the take, for kmu_revoke */
  uint8_t user[256];         /* el_user_q[CT] */
  /* GPUpIO: other_q (per SM: the dispatcher holds a TB that may start on it, or a restore waits
   * there: kmu_sm's rst_wait_o), the parked
   * spins yp_valid_q and their table entries yp_ptb_q (no reset) */
  uint64_t other, yp_valid;
  unsigned yp_ptb[KMU_GPU_LANES];
  /* the bounded wait (YIELD_CTRL.MAXWAIT): the timebase yt_q (18 bits), its selected bit of the
   * last cycle ysel_q, each parked entry's 2-bit saturating age yp_age_q (no reset) */
  uint32_t yt;
  unsigned ysel;
  uint8_t yp_age[KMU_GPU_LANES];
  uint32_t ywk_err; /* ywk_err_q: YIELD_WKERR, cycles with a wake an SM refused (saturating) */
} kmu_gpu_regs;

typedef struct {
  kmu_gpu_params p;
  kmu_frontend u_frontend;
  kmu_kmu u_kmu;
  kmu_dispatch u_dispatch;
  kmu_preempt_ctrl u_preempt_ctrl;
  kmu_sm *u_sm; /* NSM of them (g_sm[s].u_sm) */
  kmu_rr_arb u_start_arb, u_done_arb;
  kmu_mem_port u_mem_port;
  kmu_copy_engine u_copy_engine;
  kmu_revoke u_revoke;
  kmu_elastic u_elastic;
  kmu_trem_policy u_trem_policy;
  kmu_yield_mon u_yield_mon;
  kmu_gpu_regs q, d;
  uint32_t el_t0[256]; /* el_t0_m[CT] */
  int el_t0_we;        /* its write at the edge: el_t0[el_t0_a] = q.now */
  unsigned el_t0_a;
  kmu_gpu_wires w;
} kmu_gpu;

void kmu_gpu_init(kmu_gpu *m, const kmu_gpu_params *p);
void kmu_gpu_free(kmu_gpu *m);
void kmu_gpu_reset(kmu_gpu *m);
void kmu_gpu_comb(kmu_gpu *m, const kmu_gpu_in *i, kmu_gpu_out *o);
void kmu_gpu_tick(kmu_gpu *m);

#ifdef __cplusplus
}
#endif
#endif
