/* kmu_rr_arb.h - C twin of rtl/common/kmu_rr_arb.v (round-robin arbiter, combinational grant,
 * one pointer register). */
#ifndef KMU_RR_ARB_H
#define KMU_RR_ARB_H
#include <stdint.h>

#include "kmu_common.h"
#ifdef __cplusplus
extern "C" {
#endif

/* gnt_idx_o is 0 when there is no grant, so every output is compared in every cycle. */
#define KMU_RR_ARB_IN(X) X(req_i) X(ack_i)
#define KMU_RR_ARB_OUT(X) X(gnt_o, always) X(gnt_idx_o, always) X(gnt_valid_o, always)

typedef KMU_PORTS_IN(KMU_RR_ARB_IN) kmu_rr_arb_in;
typedef KMU_PORTS_OUT(KMU_RR_ARB_OUT) kmu_rr_arb_out;

typedef struct {
  unsigned n; /* N, 1..64 */
} kmu_rr_arb_params;

typedef struct {
  unsigned ptr; /* index with the highest priority, 0..N-1 */
} kmu_rr_arb_regs;

typedef struct {
  kmu_rr_arb_params p;
  kmu_rr_arb_regs q, d;
} kmu_rr_arb;

void kmu_rr_arb_init(kmu_rr_arb *m, const kmu_rr_arb_params *p);
void kmu_rr_arb_free(kmu_rr_arb *m);
void kmu_rr_arb_reset(kmu_rr_arb *m);
void kmu_rr_arb_comb(kmu_rr_arb *m, const kmu_rr_arb_in *i, kmu_rr_arb_out *o);
void kmu_rr_arb_tick(kmu_rr_arb *m);

#ifdef __cplusplus
}
#endif
#endif
