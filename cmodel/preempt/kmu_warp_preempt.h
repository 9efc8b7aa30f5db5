/* kmu_warp_preempt.h - C twin of rtl/preempt/kmu_warp_preempt.v (the SIMT preemption controller of
 * EDGE IV-D: victim choice, flush optimisations, SIMT stack push/pop, register save/restore
 * handshakes, one event warp at a time). */
#ifndef KMU_WARP_PREEMPT_H
#define KMU_WARP_PREEMPT_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_regmap.h" /* vpol_i codes KMU_VICTIM_* */
#ifdef __cplusplus
extern "C" {
#endif

/* Per-slot ports are WARPS bits (slot w = bit w). */
#define KMU_WARP_PREEMPT_IN(X)                                                               \
  X(w_live_i) X(w_inpipe_i) X(w_ld_i) X(w_bar_i) X(w_ibuf_i) X(w_icmiss_i) X(wstart_valid_i) \
  X(wstart_warp_i) X(wstart_regs_i) X(wexit_valid_i) X(wexit_warp_i) X(ev_valid_i)           \
  X(ev_regs_i) X(ev_pc_i) X(ev_id_i) X(free_regs_i) X(rsave_ready_i) X(rsave_done_i)         \
  X(ev_done_i) X(rrest_ready_i) X(rrest_done_i) X(vpol_i) X(opt_i) X(wp_en_i)
#define KMU_WARP_PREEMPT_OUT(X)                                                              \
  X(ev_ready_o, always) X(ev_refuse_o, always) X(vic_stop_o, always) X(vic_boost_o, always)  \
  X(ibuf_flush_o, always) X(bar_skip_o, always) X(bar_reins_o, always) X(ld_drop_o, always)  \
  X(rsave_valid_o, always) X(rsave_warp_o, rsave_valid_o) X(rsave_nregs_o, rsave_valid_o)    \
  X(stk_push_o, always) X(stk_pc_o, busy_o) X(ev_start_o, always) X(stk_pop_o, always)       \
  X(rrest_valid_o, always) X(rrest_warp_o, rrest_valid_o) X(rrest_nregs_o, rrest_valid_o)    \
  X(vic_resume_o, always) X(busy_o, always) X(victim_o, busy_o) X(victim_valid_o, always)    \
  X(rsv_o, busy_o) X(cur_id_o, busy_o) X(err_o, always) X(lat_o, always)

typedef KMU_PORTS_IN(KMU_WARP_PREEMPT_IN) kmu_warp_preempt_in;
typedef KMU_PORTS_OUT(KMU_WARP_PREEMPT_OUT) kmu_warp_preempt_out;

#define KMU_WARP_PREEMPT_MAX_WARPS 64

/* states (same encoding as the RTL's S_*) */
enum {
  KMU_WP_S_IDLE = 0,
  KMU_WP_S_FLUSH = 1,
  KMU_WP_S_PUSH = 2,
  KMU_WP_S_SAVE = 3,
  KMU_WP_S_SWAIT = 4,
  KMU_WP_S_START = 5,
  KMU_WP_S_RUN = 6,
  KMU_WP_S_POP = 7,
  KMU_WP_S_REST = 8,
  KMU_WP_S_RWAIT = 9,
  KMU_WP_S_RESUME = 10
};

/* err_o bits */
enum {
  KMU_WP_ERR_EV_DONE = 1u << 0,
  KMU_WP_ERR_WSTART = 1u << 1,
  KMU_WP_ERR_WEXIT = 1u << 2,
  KMU_WP_ERR_RSAVE = 1u << 3,
  KMU_WP_ERR_RREST = 1u << 4
};

typedef struct {
  unsigned warps; /* WARPS, warp slots, 1..64 */
} kmu_warp_preempt_params;

/* Registers (same names as the RTL without _q/_d). */
typedef struct {
  unsigned state, vic, rsv, skipped, vexit, nregs;
  uint32_t pc;
  unsigned id, cnt, lat;
  unsigned wregs[KMU_WARP_PREEMPT_MAX_WARPS];  /* registers per thread of each slot's warp */
  uint64_t older[KMU_WARP_PREEMPT_MAX_WARPS];  /* age matrix row j: the slots older than j
                                                 (the RTL's older_m; it stores the triangle) */
} kmu_warp_preempt_regs;

/* nets between the phases of one cycle's comb() */
typedef struct {
  uint64_t inpipe, ld, bar, ibuf, icmiss, vic_oh, start_oh;
  int idle, wstart_valid, wexit_valid, rsv_now, ok_now;
  unsigned wstart_warp, wstart_regs, wexit_warp, ev_regs, opt, pick_idx;
} kmu_warp_preempt_nets;

typedef struct {
  kmu_warp_preempt_params p;
  kmu_warp_preempt_nets c;
  kmu_warp_preempt_regs q, d;
  int d_is_q; /* d holds q (KMU_D_FROM_Q) */
} kmu_warp_preempt;

void kmu_warp_preempt_init(kmu_warp_preempt *m, const kmu_warp_preempt_params *p);
void kmu_warp_preempt_free(kmu_warp_preempt *m);
void kmu_warp_preempt_reset(kmu_warp_preempt *m);
/* comb() = comb_ready then comb_next (see kmu_warp_preempt.c) */
void kmu_warp_preempt_comb_ready(kmu_warp_preempt *m, const kmu_warp_preempt_in *i,
                                 kmu_warp_preempt_out *o);
void kmu_warp_preempt_comb_next(kmu_warp_preempt *m, const kmu_warp_preempt_in *i,
                                kmu_warp_preempt_out *o);
void kmu_warp_preempt_comb(kmu_warp_preempt *m, const kmu_warp_preempt_in *i,
                           kmu_warp_preempt_out *o);
void kmu_warp_preempt_tick(kmu_warp_preempt *m);

#ifdef __cplusplus
}
#endif
#endif
