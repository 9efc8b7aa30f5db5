/* kmu_prio_enc.h - C twin of rtl/common/kmu_prio_enc.v (lowest-set-bit priority encoder). */
#ifndef KMU_PRIO_ENC_H
#define KMU_PRIO_ENC_H
#include <stdint.h>

#include "kmu_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_PRIO_ENC_IN(X) X(in_i)
#define KMU_PRIO_ENC_OUT(X) X(idx_o, always) X(valid_o, always)

typedef KMU_PORTS_IN(KMU_PRIO_ENC_IN) kmu_prio_enc_in;
typedef KMU_PORTS_OUT(KMU_PRIO_ENC_OUT) kmu_prio_enc_out;

typedef struct {
  unsigned n; /* N, 1..64 */
} kmu_prio_enc_params;

/* purely combinational: no registers */
typedef struct {
  kmu_prio_enc_params p;
} kmu_prio_enc;

void kmu_prio_enc_init(kmu_prio_enc *m, const kmu_prio_enc_params *p);
void kmu_prio_enc_free(kmu_prio_enc *m);
void kmu_prio_enc_reset(kmu_prio_enc *m);
void kmu_prio_enc_comb(kmu_prio_enc *m, const kmu_prio_enc_in *i, kmu_prio_enc_out *o);
void kmu_prio_enc_tick(kmu_prio_enc *m);

#ifdef __cplusplus
}
#endif
#endif
