/* kmu_doorbell.c - C twin of rtl/frontend/kmu_doorbell.v.  Same state names: last_idx_q,
 * last_cause_q, the count flags nz_q / full_q, the count memories rcnt_m / dcnt_m (a count is
 * their difference while nz_q is set), the arbiter's ptr_q (u_arb); comb() is
 * the RTL's always @(*) plus assigns in three phases (a system top evaluates them in data-flow
 * order around the EKT), tick() its clocked block.  Cause, launch-error and unregister codes
 * come from the generated cmodel/include/kmu_regmap.h. */
#include "kmu_doorbell.h"

#include "kmu_regmap.h"

void kmu_doorbell_init(kmu_doorbell *m, const kmu_doorbell_params *p) {
  m->p = *p;
  /* the memories' power-up contents: any value; a pattern unlike 0 */
  for (unsigned e = 0; e < KMU_DOORBELL_MAX; e++) {
    m->q.rcnt[e] = 0x5A5Au + 7u * e;
    m->q.dcnt[e] = 0xA5A5u + 3u * e;
  }
  if (m->p.pend_w == 0) m->p.pend_w = 8;
  m->id_w = 1;
  while ((1u << m->id_w) < p->entries) m->id_w++;
  const kmu_rr_arb_params ap = {p->entries};
  kmu_rr_arb_init(&m->u_arb, &ap);
  kmu_doorbell_reset(m);
}

void kmu_doorbell_free(kmu_doorbell *m) { kmu_rr_arb_free(&m->u_arb); }

void kmu_doorbell_reset(kmu_doorbell *m) {
  m->q.last_idx = 0;
  m->q.last_cause = KMU_DB_CAUSE_NONE;
  m->q.nz = 0;
  m->q.full = 0;
  /* rcnt / dcnt: no reset (their power-up contents never reach an output; the memories keep
   * what they hold, here whatever init or the last run left) */
  m->d = m->q;
  kmu_rr_arb_reset(&m->u_arb);
}

/* Phase 1, from the state alone: the last error (read through the CSR block), the bus ready. */
void kmu_doorbell_comb_out(const kmu_doorbell *m, kmu_doorbell_out *o) {
  o->db_ready_o = 1;
  o->last_err_idx_o = m->q.last_idx;
  o->last_err_cause_o = m->q.last_cause;
  o->pending_o = m->q.nz != 0;
}

/* Phase 2, from the doorbell write, the EKT's valid bits and the unregister request: the launch
 * offer to the EKT, the refusals, the unregister passed on. */
void kmu_doorbell_comb_req(kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o) {
  const unsigned n = m->p.entries;
  const uint64_t nz = m->q.nz;
  m->nz_e = nz;
  m->any_pend = nz != 0;
  kmu_rr_arb_in ai = {nz, 0};
  kmu_rr_arb_out ao;
  kmu_rr_arb_comb(&m->u_arb, &ai, &ao);
  m->gnt_idx = (unsigned)ao.gnt_idx_o;

  uint64_t idx = i->db_idx_i & 0x3FF;
  m->ring_id = (unsigned)(idx & kmu_mask(m->id_w));
  int unknown = idx >= n;
  int known = i->db_valid_i && !unknown;
  int r_valid = m->ring_id < n && ((i->valid_i >> m->ring_id) & 1);
  int r_full = (m->q.full >> m->ring_id) & 1;
  m->ring_ok = known && r_valid && !r_full;
  o->launch_valid_o = m->any_pend || m->ring_ok;
  o->launch_id_o = m->any_pend ? m->gnt_idx : m->ring_id;
  o->err_unknown_o = i->db_valid_i && unknown;
  o->err_unreg_o = known && !r_valid;
  o->err_full_o = known && r_valid && r_full;
  unsigned uid = (unsigned)(i->unreg_id_i & kmu_mask(m->id_w));
  int u_hold = uid < n && ((nz >> uid) & 1);
  o->unreg_valid_o = i->unreg_valid_i && !u_hold;
}

/* Phase 3, from the EKT's answer: the unregister code and the next state. */
void kmu_doorbell_comb_next(kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o) {
  const kmu_doorbell_regs *q = &m->q;
  kmu_doorbell_regs *d = &m->d;
  const unsigned mask = (unsigned)kmu_mask(m->p.pend_w);
  unsigned uid = (unsigned)(i->unreg_id_i & kmu_mask(m->id_w));
  int u_hold = uid < m->p.entries && ((m->nz_e >> uid) & 1);
  o->unreg_code_o = u_hold ? KMU_UNREG_CODE_BUSY : (i->unreg_code_i & 3);

  int drain = m->any_pend && i->launch_ready_i;
  int bypass = m->ring_ok && !m->any_pend && i->launch_ready_i;
  int inc = m->ring_ok && !bypass;
  int same = m->ring_id == m->gnt_idx;
  int launch_fire = o->launch_valid_o && i->launch_ready_i;
  kmu_rr_arb_in ai = {m->nz_e, (uint64_t)drain};
  kmu_rr_arb_out ao;
  kmu_rr_arb_comb(&m->u_arb, &ai, &ao);

  *d = *q;
  /* the ringing and the granted entry's count (the granted one is non-zero: nz_q) */
  const unsigned r = m->ring_id, g = m->gnt_idx;
  const int r_nz = (q->nz >> r) & 1;
  const unsigned r_cnt = r_nz ? (q->rcnt[r] - q->dcnt[r]) & mask : 0;
  const unsigned g_cnt = (q->rcnt[g] - q->dcnt[g]) & mask;
  /* one incrementer per memory: a ring into a zero count starts from the dcnt word */
  if (inc) d->rcnt[r] = ((r_nz ? q->rcnt[r] : q->dcnt[r]) + 1) & mask;
  if (drain) d->dcnt[g] = (q->dcnt[g] + 1) & mask;
  /* the flags; a ring and a drain of one entry leave them */
  if (inc && !(drain && same)) {
    d->nz |= 1ull << r;
    d->full = (d->full & ~(1ull << r)) | ((uint64_t)(r_cnt == mask - 1) << r);
  }
  if (drain && !(inc && same)) {
    d->nz = (d->nz & ~(1ull << g)) | ((uint64_t)(g_cnt != 1) << g);
    d->full &= ~(1ull << g);
  }
  uint64_t idx = i->db_idx_i & 0x3FF;
  if (o->err_unknown_o || o->err_unreg_o || o->err_full_o) {
    d->last_idx = (unsigned)idx;
    d->last_cause = o->err_unknown_o  ? KMU_DB_CAUSE_UNKNOWN
                    : o->err_unreg_o ? KMU_DB_CAUSE_UNREGISTERED
                                     : KMU_DB_CAUSE_INFLIGHT;
  } else if (launch_fire && i->launch_err_i == KMU_LAUNCH_ERR_UNREGISTERED) {
    d->last_idx = (unsigned)o->launch_id_o;
    d->last_cause = KMU_DB_CAUSE_UNREGISTERED;
  } else if (launch_fire && i->launch_err_i == KMU_LAUNCH_ERR_INFLIGHT) {
    d->last_idx = (unsigned)o->launch_id_o;
    d->last_cause = KMU_DB_CAUSE_INFLIGHT;
  }
}

void kmu_doorbell_comb(kmu_doorbell *m, const kmu_doorbell_in *i, kmu_doorbell_out *o) {
  kmu_doorbell_comb_out(m, o);
  kmu_doorbell_comb_req(m, i, o);
  kmu_doorbell_comb_next(m, i, o);
}

void kmu_doorbell_tick(kmu_doorbell *m) {
  m->q = m->d;
  kmu_rr_arb_tick(&m->u_arb);
}
