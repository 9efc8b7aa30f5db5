/* kmu_kmu.h - C twin of rtl/sched/kmu_kmu.v (kernel management unit: pending pool per priority
 * level, active kernel slots, completion table (kernel tags), TB take/done, slot swap-out,
 * completion). */
#ifndef KMU_KMU_H
#define KMU_KMU_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_fifo.h"
#include "kmu_prio_enc.h"
#include "kmu_rr_arb.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_KMU_IN(X)                                                                          \
  X(mode_rgem_i) X(ev_valid_i) X(ev_kptr_i) X(ev_grid_x_i) X(ev_grid_y_i) X(ev_grid_z_i)       \
  X(ev_tb_x_i) X(ev_tb_y_i) X(ev_tb_z_i) X(ev_shmem_i) X(ev_nregs_i) X(ev_prio_i)             \
  X(ev_param_i) X(ev_cpl_addr_i) X(ev_id_i) X(host_valid_i) X(host_kptr_i) X(host_grid_x_i)   \
  X(host_grid_y_i) X(host_grid_z_i) X(host_tb_x_i) X(host_tb_y_i) X(host_tb_z_i)              \
  X(host_shmem_i) X(host_nregs_i) X(host_prio_i) X(host_param_i) X(host_cpl_addr_i)           \
  X(q_slot_i) X(take_valid_i) X(take_slot_i) X(done_valid_i) X(done_tag_i)                    \
  X(mem_req_ready_i) X(host_class_i) X(host_est_i) X(rvk_tag_i) X(stop_i) X(free_i)          \
  X(free_replay_i)
/* take_*, q_* and ekt_cpl_id_o are driven every cycle (a function of the state and the slot
 * inputs), so they are compared in every cycle. */
#define KMU_KMU_OUT(X)                                                                         \
  X(ev_ready_o, always) X(host_ready_o, always) X(err_desc_o, always) X(slot_valid_o, always) \
  X(slot_has_tb_o, always) X(slot_event_o, always) X(slot_prio_o, always) X(slot_p0_o, always) \
  X(slot_p1_o, always) X(slot_p2_o, always) X(slot_p3_o, always) X(q_warps_o, always)         \
  X(q_regs_o, always) X(q_shmem_o, always) X(q_prio_o, always) X(q_event_o, always)           \
  X(take_tb_o, always) X(take_tag_o, always) X(take_kptr_o, always) X(take_param_o, always)  \
  X(err_take_o, always) X(err_done_o, always) X(swap_o, always) X(mem_req_valid_o, always)   \
  X(mem_req_addr_o, mem_req_valid_o)                                                         \
  X(mem_req_wdata_o, mem_req_valid_o) X(ekt_cpl_valid_o, always) X(ekt_cpl_id_o, always)      \
  X(kernel_done_o, always) X(cpl_tag_o, kernel_done_o) X(adm_valid_o, always) X(adm_fresh_o, adm_valid_o)                \
  X(adm_tag_o, adm_valid_o) X(adm_lid_o, adm_fresh_o) X(adm_user_o, adm_fresh_o)             \
  X(adm_est_o, adm_fresh_o) X(last_lid_o, always) X(stop_ack_o, always) X(free_ack_o, always)

typedef KMU_PORTS_IN(KMU_KMU_IN) kmu_kmu_in;
typedef KMU_PORTS_OUT(KMU_KMU_OUT) kmu_kmu_out;

#define KMU_KMU_MAX_SLOTS 32 /* slot_prio_o is 2*SLOTS bits: at most 64 */
#define KMU_KMU_LEVELS 4     /* priority levels, 3 = highest */
#define KMU_KMU_MAX_THREADS 1024
#define KMU_KMU_MAX_CT 256   /* completion-table entries (kernel tags): tags fit 8 bits */
enum { KMU_KMU_EV = 0, KMU_KMU_HOST = 1 }; /* arbiter indices */

typedef struct {
  unsigned slots;    /* SLOTS, 1..32 */
  unsigned pend;     /* PEND, >= 1 */
  unsigned ekt_id_w; /* EKT_ID_W, 1..16 */
  unsigned ct;       /* CT, SLOTS..256: completion-table entries (kernel tags) */
  unsigned out_w;    /* OUT_W, 1..32: outstanding-count bits of a CT entry (ct_out) */
} kmu_kmu_params;

typedef struct {
  /* slots: issue state only */
  uint64_t valid, event; /* bit per slot */
  unsigned prio[KMU_KMU_MAX_SLOTS], tag[KMU_KMU_MAX_SLOTS];
  uint32_t kptr[KMU_KMU_MAX_SLOTS], param[KMU_KMU_MAX_SLOTS];
  uint32_t tbs[KMU_KMU_MAX_SLOTS], next[KMU_KMU_MAX_SLOTS];
  unsigned warps[KMU_KMU_MAX_SLOTS], regs[KMU_KMU_MAX_SLOTS], shmem[KMU_KMU_MAX_SLOTS];
  /* TReM: launch ids, the stop's ack, the pending free */
  unsigned lid, last_lid, stop_ack, free_ack, fr_pend, fr_replay, fr_tag;
  /* the freed tag's descriptor copy (fr_desc_q: the RAM word read at free_i) */
  uint32_t fr_kptr, fr_param;
  uint64_t fr_lc;
  unsigned fr_prio;
  /* the serial geometry engine (geo_*_q): phase, the held descriptor's stream (1 host),
   * product, multiplicand, multiplier, TB count, malformed flag, warps per TB */
  unsigned geo_ph, geo_src, geo_ml, geo_bad, geo_warps;
  uint64_t geo_acc, geo_mc;
  uint32_t geo_tbs;
  /* the descriptor register (hd_*_q, no reset in the RTL): written at every handshake */
  uint32_t hd_kptr, hd_param, hd_cpl_addr;
  unsigned hd_shmem, hd_gz, hd_tx, hd_ty, hd_tz, hd_nregs, hd_prio, hd_id;
  uint64_t hd_le;
  /* completion table (ct_*_q), last: tick() copies it only after a write (tab_we,
   * KMU_Q_FROM_D_TAB; a TB take or done, an admission, a TReM event, not every cycle).  Only
   * ct_valid resets in the RTL; the model zeroes all */
  uint8_t ct_valid[KMU_KMU_MAX_CT], ct_all[KMU_KMU_MAX_CT], ct_event[KMU_KMU_MAX_CT];
  uint32_t ct_out[KMU_KMU_MAX_CT], ct_cpl_addr[KMU_KMU_MAX_CT];
  unsigned ct_id[KMU_KMU_MAX_CT];
  /* TReM: per-entry flags (ct_stop/pool/zombie/restart_q, reset), the TB count for a replay
   * (ct_tbs_q) and the descriptor copy: the words of the RAM ct_desc_m (2^TAG_W words, no
   * reset; ct_kptr/param/lc/prio here), written at a fresh admission, read only at free_i */
  uint8_t ct_stop[KMU_KMU_MAX_CT], ct_pool[KMU_KMU_MAX_CT], ct_zombie[KMU_KMU_MAX_CT],
      ct_restart[KMU_KMU_MAX_CT];
  uint32_t ct_kptr[KMU_KMU_MAX_CT], ct_param[KMU_KMU_MAX_CT], ct_tbs[KMU_KMU_MAX_CT];
  uint64_t ct_lc[KMU_KMU_MAX_CT];
  unsigned ct_prio[KMU_KMU_MAX_CT];
} kmu_kmu_regs;

/* nets between the phases of one cycle's comb() */
typedef struct {
  unsigned ts, cpl_idx;
  int t_valid, cpl_any;
  uint32_t t_tbs;
  kmu_fifo_out cplo;
} kmu_kmu_nets;

typedef struct {
  kmu_kmu_params p;
  kmu_kmu_nets c;
  unsigned slot_w, tag_w, lc_w, ld_w;
  kmu_kmu_regs q, d;
  int d_is_q; /* d holds q (KMU_D_FROM_Q) */
  int tab_we; /* this cycle's comb() wrote a completion-table entry of d (KMU_Q_FROM_D_TAB) */
  kmu_rr_arb u_in_arb;
  kmu_prio_enc u_lvl_enc, u_alloc, u_vic_lvl, u_vic_enc;
  /* per level: lane A {param, kptr}, lane B {tbs, cpl_addr}, lane C {id, event, shmem, regs,
   * warps} (a continuation: {tbs, next} in lane B), lane D {cont, tag} (g_lvl[l].u_fifo_a/b/c/d
   * in the RTL) */
  kmu_fifo u_fifo_a[KMU_KMU_LEVELS], u_fifo_b[KMU_KMU_LEVELS], u_fifo_c[KMU_KMU_LEVELS];
  kmu_fifo u_fifo_d[KMU_KMU_LEVELS], u_fifo_e[KMU_KMU_LEVELS]; /* lane E {est, lid, user} */
  kmu_fifo u_cpl_fifo;
} kmu_kmu;

void kmu_kmu_init(kmu_kmu *m, const kmu_kmu_params *p);
void kmu_kmu_free(kmu_kmu *m);
void kmu_kmu_reset(kmu_kmu *m);
/* comb() = comb_slot, comb_q, comb_take, comb_next in this order (see kmu_kmu.c) */
void kmu_kmu_comb_slot(kmu_kmu *m, kmu_kmu_out *o);
void kmu_kmu_comb_q(kmu_kmu *m, const kmu_kmu_in *i, kmu_kmu_out *o);
void kmu_kmu_comb_take(kmu_kmu *m, const kmu_kmu_in *i, kmu_kmu_out *o);
void kmu_kmu_comb_next(kmu_kmu *m, const kmu_kmu_in *i, kmu_kmu_out *o);
void kmu_kmu_comb(kmu_kmu *m, const kmu_kmu_in *i, kmu_kmu_out *o);
void kmu_kmu_tick(kmu_kmu *m);

#ifdef __cplusplus
}
#endif
#endif
