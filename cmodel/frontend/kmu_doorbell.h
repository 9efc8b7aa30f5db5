/* kmu_doorbell.h - C twin of rtl/frontend/kmu_doorbell.v (EDGE III-C doorbell decoder). */
#ifndef KMU_DOORBELL_H
#define KMU_DOORBELL_H
#include <stdint.h>

#include "kmu_common.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Port lists: X(name) for inputs, X(name, qualifier) for outputs. */
#define KMU_DOORBELL_IN(X) X(db_valid_i) X(db_idx_i) X(launch_ready_i) X(launch_err_i)
#define KMU_DOORBELL_OUT(X)                                                                \
  X(db_ready_o, always) X(launch_valid_o, always) X(launch_id_o, launch_valid_o)          \
  X(err_unknown_o, always) X(last_err_idx_o, always) X(last_err_cause_o, always)

typedef KMU_PORTS_IN(KMU_DOORBELL_IN) kmu_doorbell_in;
typedef KMU_PORTS_OUT(KMU_DOORBELL_OUT) kmu_doorbell_out;

typedef struct {
  unsigned entries; /* ENTRIES, 1..1024 */
} kmu_doorbell_params;

typedef struct {
  unsigned last_idx;   /* last_idx_q, 10 bits */
  unsigned last_cause; /* last_cause_q, db_cause_e */
} kmu_doorbell_regs;

typedef struct {
  kmu_doorbell_params p;
  unsigned id_w; /* ID_W = max(1, clog2(ENTRIES)) */
  kmu_doorbell_regs q, d;
} kmu_doorbell;

void kmu_doorbell_init(kmu_doorbell *m, const kmu_doorbell_params *p);
void kmu_doorbell_free(kmu_doorbell *m);
void kmu_doorbell_reset(kmu_doorbell *m);
/* comb() = comb_out, comb_req, comb_next (see kmu_doorbell.c) */
void kmu_doorbell_comb_out(const kmu_doorbell *m, kmu_doorbell_out *o);
void kmu_doorbell_comb_req(const kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o);
void kmu_doorbell_comb_next(kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o);
void kmu_doorbell_comb(kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o);
void kmu_doorbell_tick(kmu_doorbell *m);

#ifdef __cplusplus
}
#endif
#endif
