/* kmu_trem_policy.h - C twin of rtl/sched/kmu_trem_policy.v: TReM's automatic Priority and
 * Elastic policies (the "make room" requests into kmu_revoke, arbitrated with TR_CMD) and
 * Elastic's split of the SMs (U user-facing SMs, the rest batch) for kmu_dispatch. */
#ifndef KMU_TREM_POLICY_H
#define KMU_TREM_POLICY_H
#include <stdint.h>

#include "kmu_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_TREM_POLICY_IN(X)                                                                  \
  X(policy_i) X(u_i) X(arr_i) X(uq_i) X(stall_i) X(user_i) X(csr_valid_i) X(csr_kind_i)               \
  X(csr_replay_i) X(csr_id_i) X(rv_ready_i) X(rv_done_i) X(rv_status_i)
/* the request's data is compared while rv_valid_o is high */
#define KMU_TREM_POLICY_OUT(X)                                                                 \
  X(csr_ready_o, always) X(rv_valid_o, always) X(rv_kind_o, rv_valid_o)                        \
  X(rv_replay_o, rv_valid_o) X(rv_id_o, rv_valid_o) X(cmd_done_o, always)                     \
  X(auto_done_o, always) X(part_o, always) X(umask_o, always) X(arm_o, always) X(nr_o, always) \
  X(pend_o, always) X(auto_cnt_o, always) X(auto_ok_cnt_o, always)  \
  X(auto_nv_cnt_o, always)

typedef KMU_PORTS_IN(KMU_TREM_POLICY_IN) kmu_trem_policy_in;
typedef KMU_PORTS_OUT(KMU_TREM_POLICY_OUT) kmu_trem_policy_out;

typedef struct {
  unsigned nsm, lid_w, aw, qw; /* NSM (1..64), LID_W, AW (1..8: owed arrivals), QW (q bits) */
} kmu_trem_policy_params;

/* the RTL's registers, same names without _q */
typedef struct {
  unsigned nr, arm, req, kind_el, own, part, auto_cnt, auto_ok, auto_nv;
  uint64_t umask;
} kmu_trem_policy_regs;

typedef struct {
  kmu_trem_policy_params p;
  unsigned uw; /* UW = clog2(NSM + 1) */
  kmu_trem_policy_regs q, d;
} kmu_trem_policy;

void kmu_trem_policy_init(kmu_trem_policy *m, const kmu_trem_policy_params *p);
void kmu_trem_policy_free(kmu_trem_policy *m);
void kmu_trem_policy_reset(kmu_trem_policy *m);
void kmu_trem_policy_comb(kmu_trem_policy *m, const kmu_trem_policy_in *i,
                          kmu_trem_policy_out *o);
void kmu_trem_policy_tick(kmu_trem_policy *m);

#ifdef __cplusplus
}
#endif
#endif
