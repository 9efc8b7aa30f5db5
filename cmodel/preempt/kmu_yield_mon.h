/* kmu_yield_mon.h - C twin of rtl/preempt/kmu_yield_mon.v: GPUpIO's yield / wake-up monitor
 * (yield requests per SM, the watch table, snooped writes, the wake port to the dispatcher). */
#ifndef KMU_YIELD_MON_H
#define KMU_YIELD_MON_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_prio_enc.h"
#include "kmu_rr_arb.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_YIELD_MON_MAXSM 64 /* NSM */
#define KMU_YIELD_MON_MAXW 64  /* W */
/* answer codes (yr_code_o) */
#define KMU_YR_TAKEN 0u  /* a watch entry holds the TB */
#define KMU_YR_SPIN 1u   /* addr 0: saved, released at the tail */
#define KMU_YR_NOWORK 2u /* refused: no other work waits for the SM */
#define KMU_YR_FULL 3u   /* refused: every watch entry in use, or (a spin) its SM's park busy */
/* a watched word: addr[WA_LSB +: 30] */
#define KMU_YIELD_MON_WA_LSB 2u
/* max(1, clog2(n)), for the lane width of yq_ptb_i in the shim */
#define KMU_YIELD_MON_CLOG2(n) ((n) > 1 ? 32 - __builtin_clz((unsigned)(n) - 1) : 1)

/* yq_* are lane ports: SM s's field in element s (Verilog [s*X +: X]) */
#define KMU_YIELD_MON_IN(X)                                                                  \
  X(yq_valid_i) X(other_i) X(park_i) X(sd_valid_i) X(mw_valid_i) X(mw_addr_i) X(sw_valid_i) X(sw_addr_i) \
  X(wk_ready_i)
#define KMU_YIELD_MON_INL(X)                                                                 \
  X(yq_addr_i, KMU_YIELD_MON_MAXSM, 32) X(yq_slot_i, KMU_YIELD_MON_MAXSM, 8)                 \
  X(yq_tb_i, KMU_YIELD_MON_MAXSM, 32)                                                        \
  X(yq_ptb_i, KMU_YIELD_MON_MAXSM, KMU_YIELD_MON_CLOG2(P_PTBS))
#define KMU_YIELD_MON_OUT(X)                                                                 \
  X(yq_ready_o, always) X(yr_valid_o, always) X(yr_sm_o, yr_valid_o) X(yr_code_o, yr_valid_o) \
  X(wk_valid_o, always) X(wk_sm_o, wk_valid_o) X(wk_slot_o, wk_valid_o) X(wk_tb_o, wk_valid_o) \
  X(wk_ptb_o, wk_valid_o) X(wk_head_o, wk_valid_o) X(cnt_take_o, always) X(cnt_spin_o, always) \
  X(cnt_full_o, always) X(cnt_nowork_o, always) X(cnt_wake_o, always) X(cnt_err_o, always)

typedef KMU_PORTS_INL(KMU_YIELD_MON_IN, KMU_YIELD_MON_INL) kmu_yield_mon_in;
typedef KMU_PORTS_OUT(KMU_YIELD_MON_OUT) kmu_yield_mon_out;

typedef struct {
  unsigned nsm, w, ptbs, cnt_w; /* NSM (1..64), W (1..64), PTBS (1..64), CNT_W (1..32) */
} kmu_yield_mon_params;

typedef struct {
  uint64_t ent_valid, ent_woken, ent_saved;      /* ent_*_q, bit e = entry e */
  uint64_t sv_pend, sv_spin, sp_rdy, pend_hit;   /* per SM, bit s = SM s */
  unsigned sv_ent[KMU_YIELD_MON_MAXSM];          /* sv_ent_q: no reset */
  int out_valid, out_spin;                       /* out_*_q: the wake port's register */
  int turn;                                      /* turn_q: a spin's turn */
  unsigned out_ent, out_sm;
  int yr_valid;                                  /* yr_*_q: the answer */
  unsigned yr_sm, yr_code;
  uint64_t cnt_take, cnt_spin, cnt_full, cnt_nowork, cnt_wake, cnt_err;
} kmu_yield_mon_regs;

/* one row of the tables without reset (the watch table's, or an SM's spin record: sp_*_q) */
typedef struct {
  uint32_t addr; /* ent_addr_q: the watched word addr[31:2] (watch table only) */
  unsigned sm;   /* ent_sm_q (watch table only) */
  unsigned slot; /* ent_slot_q / sp_slot_q */
  uint32_t tb;   /* ent_tb_q / sp_tb_q */
  unsigned ptb;  /* ent_ptb_q / sp_ptb_q */
} kmu_yield_mon_row;

typedef struct {
  kmu_yield_mon_params p;
  unsigned sm_w, e_w, ptb_w;
  kmu_yield_mon_regs q, d;
  kmu_yield_mon_row ent[KMU_YIELD_MON_MAXW]; /* watch table (no reset) */
  kmu_yield_mon_row sp[KMU_YIELD_MON_MAXSM]; /* spin records (no reset) */
  kmu_rr_arb u_yq_rr, u_ent_rr, u_sp_rr;
  kmu_prio_enc u_free_enc;
  /* the tables' write ports of this cycle, applied at tick */
  int install, acc;
  unsigned wr_ent, wr_sm;
  kmu_yield_mon_row wr_row;
} kmu_yield_mon;

void kmu_yield_mon_init(kmu_yield_mon *m, const kmu_yield_mon_params *p);
void kmu_yield_mon_free(kmu_yield_mon *m);
void kmu_yield_mon_reset(kmu_yield_mon *m);
void kmu_yield_mon_comb(kmu_yield_mon *m, const kmu_yield_mon_in *i, kmu_yield_mon_out *o);
void kmu_yield_mon_tick(kmu_yield_mon *m);

#ifdef __cplusplus
}
#endif
#endif
