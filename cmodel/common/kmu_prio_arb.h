/* kmu_prio_arb.h - C twin of rtl/common/kmu_prio_arb.v (fixed priority, lowest index wins). */
#ifndef KMU_PRIO_ARB_H
#define KMU_PRIO_ARB_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_prio_enc.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_PRIO_ARB_IN(X) X(req_i)
#define KMU_PRIO_ARB_OUT(X) X(gnt_o, always) X(gnt_idx_o, always) X(gnt_valid_o, always)

typedef KMU_PORTS_IN(KMU_PRIO_ARB_IN) kmu_prio_arb_in;
typedef KMU_PORTS_OUT(KMU_PRIO_ARB_OUT) kmu_prio_arb_out;

typedef struct {
  unsigned n; /* N, 1..64 */
} kmu_prio_arb_params;

/* purely combinational: the only member is the encoder instance, as in the RTL (u_enc) */
typedef struct {
  kmu_prio_arb_params p;
  kmu_prio_enc u_enc;
} kmu_prio_arb;

void kmu_prio_arb_init(kmu_prio_arb *m, const kmu_prio_arb_params *p);
void kmu_prio_arb_free(kmu_prio_arb *m);
void kmu_prio_arb_reset(kmu_prio_arb *m);
void kmu_prio_arb_comb(kmu_prio_arb *m, const kmu_prio_arb_in *i, kmu_prio_arb_out *o);
void kmu_prio_arb_tick(kmu_prio_arb *m);

#ifdef __cplusplus
}
#endif
#endif
