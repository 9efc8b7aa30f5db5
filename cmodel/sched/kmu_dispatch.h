/* kmu_dispatch.h - C twin of rtl/sched/kmu_dispatch.v (thread-block dispatcher), composed of the
 * kmu_prio_enc and kmu_rr_arb twins exactly as the RTL instantiates them. */
#ifndef KMU_DISPATCH_H
#define KMU_DISPATCH_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_prio_enc.h"
#include "kmu_rr_arb.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_DISPATCH_IN(X)                                                                    \
  X(slot_p0_i) X(slot_p1_i) X(slot_p2_i) X(slot_p3_i) X(q_warps_i) X(q_regs_i) X(q_shmem_i)   \
  X(q_event_i) X(sm_fit_i) X(sm_ewt_fit_i) X(sm_ewt_idle_i) X(reserve_mask_i) X(part_i)      \
  X(umask_i) X(q_user_i) X(take_tb_i) X(take_kptr_i) X(take_param_i)
/* q_slot_o and start_sm_o are 0 when there is no choice, so they are compared every cycle;
 * the need and start data are compared while their valid is high. */
#define KMU_DISPATCH_OUT(X)                                                                   \
  X(q_slot_o, always) X(need_valid_o, always) X(need_warps_o, need_valid_o)                  \
  X(need_regs_o, need_valid_o) X(need_shmem_o, need_valid_o) X(need_ewarp_o, need_valid_o)   \
  X(take_valid_o, always) X(take_slot_o, take_valid_o) X(start_valid_o, always)              \
  X(start_sm_o, always) X(start_ewarp_o, always) X(start_slot_o, start_valid_o)              \
  X(start_warps_o, start_valid_o) X(start_regs_o, start_valid_o)                             \
  X(start_shmem_o, start_valid_o) X(start_tb_o, start_valid_o) X(start_kptr_o, start_valid_o) \
  X(start_param_o, start_valid_o) X(level_o, always) X(stall_o, always)                      \
  X(drain_cycle_o, always)

typedef KMU_PORTS_IN(KMU_DISPATCH_IN) kmu_dispatch_in;
typedef KMU_PORTS_OUT(KMU_DISPATCH_OUT) kmu_dispatch_out;

#define KMU_DISPATCH_LEVELS 4 /* priority levels, 3 = highest */

typedef struct {
  unsigned nsm;   /* NSM, 1..64 */
  unsigned slots; /* SLOTS, 1..64 */
} kmu_dispatch_params;

/* Its own registers (the RTL's names without _q): park, the parked slots (a pick that no SM
 * may take under the current masks), lift (the split lifted: every slot held by a parked
 * kernel), the last cycle's masks part, umask, res, and lvl_ptr[k], level k's round-robin
 * pointer (lvl_ptr_q[k*SLOT_W +: SLOT_W]).  The rest of the state is the SM arbiter's pointer
 * (u_sm_rr.q.ptr = u_sm_rr.ptr_q). */
typedef struct {
  uint64_t park, umask, res;
  unsigned part, lift;
  unsigned lvl_ptr[KMU_DISPATCH_LEVELS];
} kmu_dispatch_regs;
/* nets between the phases of one cycle's comb() */
typedef struct {
  int lvl_valid, lower_any;
  unsigned level, slot;
} kmu_dispatch_nets;

typedef struct {
  kmu_dispatch_params p;
  unsigned slot_w, sm_w;
  kmu_dispatch_nets c;
  kmu_dispatch_regs q, d;
  kmu_prio_enc u_lvl_enc;
  kmu_rr_arb u_sm_rr;
} kmu_dispatch;

void kmu_dispatch_init(kmu_dispatch *m, const kmu_dispatch_params *p);
void kmu_dispatch_free(kmu_dispatch *m);
void kmu_dispatch_reset(kmu_dispatch *m);
/* comb() = comb_slot, comb_need, comb_take, comb_start in this order (see kmu_dispatch.c) */
void kmu_dispatch_comb_slot(kmu_dispatch *m, const kmu_dispatch_in *i, kmu_dispatch_out *o);
void kmu_dispatch_comb_need(kmu_dispatch *m, const kmu_dispatch_in *i, kmu_dispatch_out *o);
void kmu_dispatch_comb_take(kmu_dispatch *m, const kmu_dispatch_in *i, kmu_dispatch_out *o);
void kmu_dispatch_comb_start(kmu_dispatch *m, const kmu_dispatch_in *i, kmu_dispatch_out *o);
void kmu_dispatch_comb(kmu_dispatch *m, const kmu_dispatch_in *i, kmu_dispatch_out *o);
void kmu_dispatch_tick(kmu_dispatch *m);

#ifdef __cplusplus
}
#endif
#endif
