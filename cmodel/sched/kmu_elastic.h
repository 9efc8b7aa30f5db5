/* kmu_elastic.h - C twin of rtl/sched/kmu_elastic.v: TReM's Elastic policy, U = min(NSM,
 * ceil(l_e * q / SLA) << unit_i) SMs for user-facing work (a task holds 2^unit_i SMs), by one
 * serial shift-add/compare engine. */
#ifndef KMU_ELASTIC_H
#define KMU_ELASTIC_H
#include <stdint.h>

#include "kmu_common.h"
#ifdef __cplusplus
extern "C" {
#endif

/* engine phases (eph_q) */
enum { KMU_EL_IDLE, KMU_EL_MUL, KMU_EL_CHK, KMU_EL_DIV, KMU_EL_END };

#define KMU_ELASTIC_IN(X)                                                                      \
  X(sla_i) X(period_i) X(shift_i) X(unit_i) X(arr_i) X(fin_i) X(smp_valid_i) X(smp_time_i) X(cpl_i)
#define KMU_ELASTIC_OUT(X)                                                                     \
  X(u_o, always) X(upd_o, always) X(busy_o, always) X(le_o, always) X(q_o, always)             \
  X(err_o, always) X(err_cnt_o, always)

typedef KMU_PORTS_IN(KMU_ELASTIC_IN) kmu_elastic_in;
typedef KMU_PORTS_OUT(KMU_ELASTIC_OUT) kmu_elastic_out;

typedef struct {
  unsigned nsm, qw, tw; /* NSM (1..64), QW (1..16), TW (8..32) */
} kmu_elastic_params;

typedef struct {
  uint64_t le, tmr, acc, mul, dvs;
  unsigned le_ok, pend, q, mq, eph, step, quo, u, upd, err, err_cnt;
} kmu_elastic_regs;

typedef struct {
  kmu_elastic_params p;
  unsigned uw; /* UW = clog2(NSM + 1) */
  kmu_elastic_regs q, d;
} kmu_elastic;

void kmu_elastic_init(kmu_elastic *m, const kmu_elastic_params *p);
void kmu_elastic_free(kmu_elastic *m);
void kmu_elastic_reset(kmu_elastic *m);
void kmu_elastic_comb(kmu_elastic *m, const kmu_elastic_in *i, kmu_elastic_out *o);
void kmu_elastic_tick(kmu_elastic *m);

#ifdef __cplusplus
}
#endif
#endif
