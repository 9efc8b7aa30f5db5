/* kmu_preempt_ctrl.h - C twin of rtl/preempt/kmu_preempt_ctrl.v: the system's TB-level
 * preemption trigger (which SMs to ask when a higher-priority TB cannot start; restores held
 * until that level has issued everything). */
#ifndef KMU_PREEMPT_CTRL_H
#define KMU_PREEMPT_CTRL_H
#include <stdint.h>

#include "kmu_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_PREEMPT_CTRL_MAXSM 64 /* NSM */
#define KMU_PREEMPT_CTRL_WAIT 4u  /* WAIT: cycles after a request before the next */
/* elig_i: lane port, SM s's TBS bits in element s (Verilog [s*TBS +: TBS]) */
#define KMU_PREEMPT_CTRL_IN(X)                                                               \
  X(en_i) X(all_i) X(stall_i) X(level_i) X(lvl_has_tb_i) X(take_valid_i) X(take_tag_i) X(st_fire_i)   \
  X(st_sm_i) X(st_rtb_i) X(st_tag_i) X(busy_i)
#define KMU_PREEMPT_CTRL_INL(X) X(elig_i, KMU_PREEMPT_CTRL_MAXSM, P_TBS)
#define KMU_PREEMPT_CTRL_OUT(X) X(preempt_o, always) X(hold_o, always) X(req_o, always)

typedef KMU_PORTS_INL(KMU_PREEMPT_CTRL_IN, KMU_PREEMPT_CTRL_INL) kmu_preempt_ctrl_in;
typedef KMU_PORTS_OUT(KMU_PREEMPT_CTRL_OUT) kmu_preempt_ctrl_out;

typedef struct {
  unsigned nsm, tbs, ct; /* NSM (1..64), TBS (1..64), CT (1..256) */
} kmu_preempt_ctrl_params;

typedef struct {
  uint64_t preempt, asked; /* preempt_q, asked_q (bit s = SM s) */
  int active;              /* active_q */
  unsigned level;          /* level_q */
  unsigned wait;           /* wait_q: cycles before the next request may go out */
} kmu_preempt_ctrl_regs;

typedef struct {
  kmu_preempt_ctrl_params p;
  kmu_preempt_ctrl_regs q, d;
  uint8_t *tag_lvl; /* tag_lvl_q[CT]: no reset */
  uint8_t *ent_lvl; /* ent_lvl_q[NSM*TBS]: no reset */
  /* the tables' write ports of this cycle, applied at tick */
  int tag_we, ent_we;
  unsigned tag_wa, ent_wa;
  uint8_t tag_wd, ent_wd;
} kmu_preempt_ctrl;

void kmu_preempt_ctrl_init(kmu_preempt_ctrl *m, const kmu_preempt_ctrl_params *p);
void kmu_preempt_ctrl_free(kmu_preempt_ctrl *m);
void kmu_preempt_ctrl_reset(kmu_preempt_ctrl *m);
/* comb() is comb_out() then comb_next(): the phases a system top calls apart (kmu_gpu.c) */
void kmu_preempt_ctrl_comb_out(const kmu_preempt_ctrl *m, kmu_preempt_ctrl_out *o);
void kmu_preempt_ctrl_comb_next(kmu_preempt_ctrl *m, const kmu_preempt_ctrl_in *i);
void kmu_preempt_ctrl_comb(kmu_preempt_ctrl *m, const kmu_preempt_ctrl_in *i,
                           kmu_preempt_ctrl_out *o);
void kmu_preempt_ctrl_tick(kmu_preempt_ctrl *m);

#ifdef __cplusplus
}
#endif
#endif
