/* kmu_pep_predictor.h - C twin of rtl/preempt/kmu_pep_predictor.v (PEP prediction and estimation:
 * base-checkpoint decision at a launch hint, switch-or-drain decision at a preemption request,
 * for the policies DRAIN / CHIMERA / CHIMERA_DIRTY / PEP; one serial engine visits the TBs). */
#ifndef KMU_PEP_PREDICTOR_H
#define KMU_PEP_PREDICTOR_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_regmap.h" /* policy_i codes KMU_POL_* */
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_PEP_PREDICTOR_IN(X)                                                              \
  X(tb_start_valid_i) X(tb_start_rtb_i) X(tb_start_kslot_i) X(tb_start_insts_i)              \
  X(tb_start_restored_i) X(tb_inst_valid_i) X(tb_inst_rtb_i) X(tb_done_valid_i)              \
  X(tb_done_rtb_i) X(tb_evict_valid_i) X(tb_evict_rtb_i) X(kslot_clear_valid_i)              \
  X(kslot_clear_i) X(elig_i) X(base_i) X(policy_i) X(pred_launch_i) X(deadline_i)            \
  X(ctx_bytes_i) X(bw_shift_i) X(hint_valid_i) X(preempt_valid_i)
#define KMU_PEP_PREDICTOR_OUT(X)                                                             \
  X(err_start_o, always) X(err_inst_o, always) X(err_done_o, always) X(err_evict_o, always)  \
  X(err_clear_o, always) X(ckpt_valid_o, always) X(ckpt_mask_o, ckpt_valid_o)                \
  X(pre_valid_o, always) X(pre_switch_mask_o, pre_valid_o) X(armed_o, always)                \
  X(busy_o, always) X(prof_valid_o, always) X(live_o, always)

typedef KMU_PORTS_IN(KMU_PEP_PREDICTOR_IN) kmu_pep_predictor_in;
typedef KMU_PORTS_OUT(KMU_PEP_PREDICTOR_OUT) kmu_pep_predictor_out;

#define KMU_PEP_PREDICTOR_MAX_TBS 64
/* the steps of a visit (wk_st) */
enum { KMU_PEP_W_RD, KMU_PEP_W_DEC, KMU_PEP_W_PREP, KMU_PEP_W_MUL, KMU_PEP_W_FIN };
#define KMU_PEP_PREDICTOR_MAX_KSLOTS 64

typedef struct {
  unsigned tbs;    /* TBS, resident TB entries, 1..64 */
  unsigned kslots; /* KSLOTS, kernel slots, 1..64 */
  unsigned ema_sh; /* EMA_SH, profile EMA weight 2^-EMA_SH, 0..TW-1 */
  unsigned tw;     /* TW, time and count width, 16..32 (32 the paper's, 16 the board's) */
} kmu_pep_predictor_params;

/* The registers (same names as the RTL without _q/_d); per entry bit e / index e, per kernel
 * slot bit k / index k.  The tables start_m, kslot_m, insts_m, exec_m, avg_m have no reset in
 * the RTL: they are read only for a live entry / a profiled slot. */
typedef struct {
  uint32_t cyc;
  uint64_t live, rest;
  int fresh;
  unsigned fresh_idx, fresh_ks;
  uint64_t prof;
  int arm;
  uint64_t ex; /* the armed window's count down, TW + 1 bits (wraps freely while disarmed) */
  uint32_t tl, sw;
  /* the walk and its serial comparator */
  int wk, wk_pre;
  unsigned wk_pol;
  uint32_t wk_x, wk_t;
  unsigned wk_idx;
  uint64_t wk_cand, wk_mask;
  unsigned wk_st; /* KMU_PEP_W_* */
  uint32_t r_el;
  uint32_t r_avg; /* avg_m's walk read port (the word of the slot read last cycle) */
  uint32_t avg_j, avg_s; /* avg_m's new-TB and sample read ports (forwarded) */
  int smp;             /* a profile sample in flight (its second cycle) */
  unsigned smp_ks;
  uint64_t par;        /* entry e's current start_m / insts_m word: (par bit e, e) */
  uint32_t d_st;       /* start_m's done read port (the done entry's start) */
  uint32_t w_st, w_in; /* start_m / insts_m's walk read ports (read a cycle ahead) */
  int r_prof;
  uint32_t r_ri, r_ex;
  uint64_t r_rmx; /* ri - X, (TW + 1)-bit two's complement */
  unsigned mul_n;
  uint64_t mul_acc; /* D, (TW + 1)-bit two's complement, saturated to [-2^TW, 2^TW-1] */
  int ckpt_valid;
  uint64_t ckpt_mask;
  int pre_valid;
  uint64_t pre_mask;
  /* tables */
  uint32_t start_m[2 * KMU_PEP_PREDICTOR_MAX_TBS]; /* block RAM: word (par << rtb_w) | e */
  unsigned kslot_m[KMU_PEP_PREDICTOR_MAX_TBS];
  uint32_t insts_m[2 * KMU_PEP_PREDICTOR_MAX_TBS]; /* the same words */
  uint32_t exec_m[KMU_PEP_PREDICTOR_MAX_TBS];
  uint32_t avg_m[KMU_PEP_PREDICTOR_MAX_KSLOTS];
} kmu_pep_predictor_regs;

typedef struct {
  kmu_pep_predictor_params p;
  unsigned rtb_w, ks_w;
  kmu_pep_predictor_regs q, d;
  int d_is_q; /* d holds q (KMU_D_FROM_Q) */
} kmu_pep_predictor;

void kmu_pep_predictor_init(kmu_pep_predictor *m, const kmu_pep_predictor_params *p);
void kmu_pep_predictor_free(kmu_pep_predictor *m);
void kmu_pep_predictor_reset(kmu_pep_predictor *m);
/* comb() = comb_out then comb_next (see kmu_pep_predictor.c) */
void kmu_pep_predictor_comb_out(const kmu_pep_predictor *m, kmu_pep_predictor_out *o);
void kmu_pep_predictor_comb_next(kmu_pep_predictor *m, const kmu_pep_predictor_in *i,
                                 kmu_pep_predictor_out *o);
void kmu_pep_predictor_comb(kmu_pep_predictor *m, const kmu_pep_predictor_in *i,
                            kmu_pep_predictor_out *o);
void kmu_pep_predictor_tick(kmu_pep_predictor *m);

#ifdef __cplusplus
}
#endif
#endif
