/* kmu_doorbell.h - C twin of rtl/frontend/kmu_doorbell.v (EDGE III-C doorbell decoder with a
 * pending-doorbell count per EKT entry: a doorbell never waits on the bus). */
#ifndef KMU_DOORBELL_H
#define KMU_DOORBELL_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_rr_arb.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Port lists: X(name) for inputs, X(name, qualifier) for outputs. */
#define KMU_DOORBELL_IN(X)                                                                 \
  X(db_valid_i) X(db_idx_i) X(valid_i) X(launch_ready_i) X(launch_err_i) X(unreg_valid_i) \
  X(unreg_id_i) X(unreg_code_i)
#define KMU_DOORBELL_OUT(X)                                                                \
  X(db_ready_o, always) X(launch_valid_o, always) X(launch_id_o, launch_valid_o)          \
  X(unreg_valid_o, always) X(unreg_code_o, always) X(err_unknown_o, always)               \
  X(err_unreg_o, always) X(err_full_o, always) X(last_err_idx_o, always)                  \
  X(last_err_cause_o, always) X(pending_o, always)

typedef KMU_PORTS_IN(KMU_DOORBELL_IN) kmu_doorbell_in;
typedef KMU_PORTS_OUT(KMU_DOORBELL_OUT) kmu_doorbell_out;

#define KMU_DOORBELL_MAX 64 /* ENTRIES limit (the round-robin arbiter's) */

typedef struct {
  unsigned entries; /* ENTRIES, 1..64 */
  unsigned pend_w;  /* PEND_W, 1..16 (0: the RTL default 8) */
} kmu_doorbell_params;

typedef struct {
  unsigned last_idx;   /* last_idx_q, 10 bits */
  unsigned last_cause; /* last_cause_q, db_cause_e */
  uint64_t nz;         /* nz_q: the entry's count is non-zero */
  uint64_t full;       /* full_q: the entry's count is 2^PEND_W - 1 */
  /* the count memories rcnt_m / dcnt_m (no reset; a count is rcnt - dcnt mod 2^PEND_W while
   * nz is set), 2^ID_W words */
  unsigned rcnt[KMU_DOORBELL_MAX];
  unsigned dcnt[KMU_DOORBELL_MAX];
} kmu_doorbell_regs;

typedef struct {
  kmu_doorbell_params p;
  unsigned id_w; /* ID_W = max(1, clog2(ENTRIES)) */
  kmu_doorbell_regs q, d;
  kmu_rr_arb u_arb; /* the drain's round-robin grant over the non-zero counts */
  /* nets shared by the phases of one cycle (set by comb_req) */
  uint64_t nz_e;
  int any_pend, ring_ok;
  unsigned gnt_idx, ring_id;
} kmu_doorbell;

void kmu_doorbell_init(kmu_doorbell *m, const kmu_doorbell_params *p);
void kmu_doorbell_free(kmu_doorbell *m);
void kmu_doorbell_reset(kmu_doorbell *m);
/* comb() = comb_out, comb_req, comb_next (see kmu_doorbell.c) */
void kmu_doorbell_comb_out(const kmu_doorbell *m, kmu_doorbell_out *o);
void kmu_doorbell_comb_req(kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o);
void kmu_doorbell_comb_next(kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o);
void kmu_doorbell_comb(kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o);
void kmu_doorbell_tick(kmu_doorbell *m);

#ifdef __cplusplus
}
#endif
#endif
