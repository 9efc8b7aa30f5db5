/* kmu_doorbell.c - C twin of rtl/frontend/kmu_doorbell.v.  Same state names: last_idx_q,
 * last_cause_q; comb() is the RTL's always @(*) plus assigns in three phases (a system top
 * evaluates them in data-flow order around the EKT), tick() its clocked block.
 * Cause and launch-error codes come from the generated cmodel/include/kmu_regmap.h. */
#include "kmu_doorbell.h"

#include "kmu_regmap.h"

void kmu_doorbell_init(kmu_doorbell *m, const kmu_doorbell_params *p) {
  m->p = *p;
  m->id_w = 1;
  while ((1u << m->id_w) < p->entries) m->id_w++;
  kmu_doorbell_reset(m);
}

void kmu_doorbell_free(kmu_doorbell *m) { (void)m; }

void kmu_doorbell_reset(kmu_doorbell *m) {
  m->q.last_idx = 0;
  m->q.last_cause = KMU_DB_CAUSE_NONE;
  m->d = m->q;
}

/* Phase 1, from the state alone: the last error (read through the CSR block). */
void kmu_doorbell_comb_out(const kmu_doorbell *m, kmu_doorbell_out *o) {
  o->last_err_idx_o = m->q.last_idx;
  o->last_err_cause_o = m->q.last_cause;
}

/* Phase 2, from the doorbell write: the launch offer to the EKT and the unknown-index error. */
void kmu_doorbell_comb_req(const kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o) {
  uint64_t idx = i->db_idx_i & 0x3FF;
  int unknown = idx >= m->p.entries;
  o->launch_valid_o = i->db_valid_i && !unknown;
  o->launch_id_o = idx & kmu_mask(m->id_w);
  o->err_unknown_o = i->db_valid_i && unknown;
}

/* Phase 3, from the EKT's answer: the write's ready and the next state. */
void kmu_doorbell_comb_next(kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o) {
  const kmu_doorbell_regs *q = &m->q;
  kmu_doorbell_regs *d = &m->d;
  uint64_t idx = i->db_idx_i & 0x3FF;
  int unknown = idx >= m->p.entries;
  o->db_ready_o = unknown || i->launch_ready_i;
  int launch_fire = o->launch_valid_o && i->launch_ready_i;

  *d = *q;
  if (o->err_unknown_o) {
    d->last_idx = (unsigned)idx;
    d->last_cause = KMU_DB_CAUSE_UNKNOWN;
  } else if (launch_fire && i->launch_err_i == KMU_LAUNCH_ERR_UNREGISTERED) {
    d->last_idx = (unsigned)idx;
    d->last_cause = KMU_DB_CAUSE_UNREGISTERED;
  } else if (launch_fire && i->launch_err_i == KMU_LAUNCH_ERR_INFLIGHT) {
    d->last_idx = (unsigned)idx;
    d->last_cause = KMU_DB_CAUSE_INFLIGHT;
  }
}

void kmu_doorbell_comb(kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o) {
  kmu_doorbell_comb_out(m, o);
  kmu_doorbell_comb_req(m, i, o);
  kmu_doorbell_comb_next(m, i, o);
}

void kmu_doorbell_tick(kmu_doorbell *m) { m->q = m->d; }
