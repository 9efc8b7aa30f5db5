/* kmu_yield_mon.c - C twin of rtl/preempt/kmu_yield_mon.v, built from the kmu_rr_arb and
 * kmu_prio_enc twins.  Same state: ent_valid_q / ent_woken_q / ent_saved_q, sv_pend_q /
 * sv_spin_q / sv_ent_q / sp_rdy_q / pend_hit_q, out_*_q, yr_*_q, the counters, and the tables
 * without reset (ent_*_q, sp_*_q), which start here as 0xa5 bytes and in the RTL as whatever the
 * power-up gives (random in the harness): no output may depend on a row that was never written.
 * comb() evaluates in the RTL's order: the snooped-write hits, the lane arbiter (ack always 1),
 * the free-entry encoder, the release arbiters (acked by the wake register's load), then the
 * next state. */
#include "kmu_yield_mon.h"

#include <string.h>

static unsigned clog2_1(unsigned n) {
  unsigned w = 1;
  while ((1u << w) < n) w++;
  return w;
}

void kmu_yield_mon_init(kmu_yield_mon *m, const kmu_yield_mon_params *p) {
  m->p = *p;
  m->sm_w = clog2_1(p->nsm);
  m->e_w = clog2_1(p->w);
  m->ptb_w = clog2_1(p->ptbs);
  const kmu_rr_arb_params pyq = {p->nsm}, pent = {p->w}, psp = {p->nsm};
  const kmu_prio_enc_params pf = {p->w};
  kmu_rr_arb_init(&m->u_yq_rr, &pyq);
  kmu_rr_arb_init(&m->u_ent_rr, &pent);
  kmu_rr_arb_init(&m->u_sp_rr, &psp);
  kmu_prio_enc_init(&m->u_free_enc, &pf);
  memset(m->ent, 0xa5, sizeof m->ent);
  memset(m->sp, 0xa5, sizeof m->sp);
  memset(m->q.sv_ent, 0xa5, sizeof m->q.sv_ent);
  kmu_yield_mon_reset(m);
}

void kmu_yield_mon_free(kmu_yield_mon *m) {
  kmu_rr_arb_free(&m->u_yq_rr);
  kmu_rr_arb_free(&m->u_ent_rr);
  kmu_rr_arb_free(&m->u_sp_rr);
  kmu_prio_enc_free(&m->u_free_enc);
}

void kmu_yield_mon_reset(kmu_yield_mon *m) {
  unsigned sv_ent[KMU_YIELD_MON_MAXSM]; /* no reset */
  memcpy(sv_ent, m->q.sv_ent, sizeof sv_ent);
  memset(&m->q, 0, sizeof m->q);
  memcpy(m->q.sv_ent, sv_ent, sizeof sv_ent);
  m->d = m->q;
  kmu_rr_arb_reset(&m->u_yq_rr);
  kmu_rr_arb_reset(&m->u_ent_rr);
  kmu_rr_arb_reset(&m->u_sp_rr);
  kmu_prio_enc_reset(&m->u_free_enc);
  m->install = m->acc = 0;
}

/* a saturating counter step */
static uint64_t sat_inc(const kmu_yield_mon *m, uint64_t c) {
  return c == kmu_mask(m->p.cnt_w) ? c : c + 1;
}

void kmu_yield_mon_comb(kmu_yield_mon *m, const kmu_yield_mon_in *i, kmu_yield_mon_out *o) {
  const kmu_yield_mon_params *p = &m->p;
  const kmu_yield_mon_regs *q = &m->q;
  kmu_yield_mon_regs *d = &m->d;
  const uint64_t smm = kmu_mask(p->nsm);
  const uint32_t mw_word = (uint32_t)(i->mw_addr_i & 0xffffffffull) >> KMU_YIELD_MON_WA_LSB;
  const uint32_t sw_word = (uint32_t)(i->sw_addr_i & 0xffffffffull) >> KMU_YIELD_MON_WA_LSB;
  const int mw = (int)(i->mw_valid_i & 1), sw = (int)(i->sw_valid_i & 1);
  const uint64_t yq_valid = i->yq_valid_i & smm;

  /* snooped writes: every valid entry watching a written word; every waiting lane (addr != 0) */
  uint64_t ent_hit = 0, lane_hit = 0;
  for (unsigned e = 0; e < p->w; e++)
    if (((q->ent_valid >> e) & 1) &&
        ((mw && m->ent[e].addr == mw_word) || (sw && m->ent[e].addr == sw_word)))
      ent_hit |= 1ull << e;
  for (unsigned s = 0; s < p->nsm; s++) {
    const uint32_t a = (uint32_t)(i->yq_addr_i[s] & 0xffffffffull);
    const uint32_t w = a >> KMU_YIELD_MON_WA_LSB;
    if (((yq_valid >> s) & 1) && a != 0 && ((mw && w == mw_word) || (sw && w == sw_word)))
      lane_hit |= 1ull << s;
  }

  /* yield acceptance: one lane per cycle, not an SM in its save or holding a saved spin */
  kmu_rr_arb_in ai = {yq_valid & ~q->sv_pend & ~q->sp_rdy, 1};
  kmu_rr_arb_out ao;
  kmu_rr_arb_comb(&m->u_yq_rr, &ai, &ao);
  const int acc = (int)ao.gnt_valid_o;
  const unsigned a_sm = (unsigned)ao.gnt_idx_o;
  const uint32_t a_addr = (uint32_t)(i->yq_addr_i[a_sm] & 0xffffffffull);
  const int a_work = (int)((i->other_i >> a_sm) & 1);
  const int a_spin = a_addr == 0;
  const int a_park = (int)((i->park_i >> a_sm) & 1); /* the top's spin park is busy */
  kmu_prio_enc_in fi = {~q->ent_valid & kmu_mask(p->w)};
  kmu_prio_enc_out fo;
  kmu_prio_enc_comb(&m->u_free_enc, &fi, &fo);
  const unsigned f_idx = (unsigned)fo.idx_o;
  const unsigned a_code = !a_work ? KMU_YR_NOWORK
                          : a_spin ? (a_park ? KMU_YR_FULL : KMU_YR_SPIN)
                          : !fo.valid_o ? KMU_YR_FULL : KMU_YR_TAKEN;
  const int install = acc && a_code == KMU_YR_TAKEN;
  const int a_sleep = acc && (a_code == KMU_YR_TAKEN || a_code == KMU_YR_SPIN);
  o->yq_ready_o = ao.gnt_o;

  /* release: the wake register loads when empty or popped; entries first, then spins */
  const int pop = q->out_valid && (i->wk_ready_i & 1);
  const int load = !q->out_valid || pop;
  uint64_t ent_cand = q->ent_valid & q->ent_woken & q->ent_saved, sp_cand = q->sp_rdy;
  if (q->out_valid && !q->out_spin) ent_cand &= ~(1ull << q->out_ent);
  if (q->out_valid && q->out_spin) sp_cand &= ~(1ull << q->out_sm);
  /* the grants do not depend on the acks: evaluate, then again with the acks */
  kmu_rr_arb_in ei = {ent_cand, 0}, si = {sp_cand, 0};
  kmu_rr_arb_out eo, so;
  kmu_rr_arb_comb(&m->u_ent_rr, &ei, &eo);
  kmu_rr_arb_comb(&m->u_sp_rr, &si, &so);
  /* a spin goes when no entry is ready, or on its turn */
  const int pick_sp = so.gnt_valid_o && (!eo.gnt_valid_o || q->turn);
  ei.ack_i = (uint64_t)(load && !pick_sp);
  si.ack_i = (uint64_t)(load && pick_sp);
  kmu_rr_arb_comb(&m->u_ent_rr, &ei, &eo);
  kmu_rr_arb_comb(&m->u_sp_rr, &si, &so);

  /* next state */
  *d = *q;
  d->ent_woken = q->ent_woken | ent_hit;
  d->yr_valid = acc;
  d->yr_sm = a_sm;
  d->yr_code = a_code;
  d->pend_hit = (q->pend_hit | lane_hit) & yq_valid & ~ao.gnt_o;
  uint64_t sd_bad = 0;
  for (unsigned s = 0; s < p->nsm; s++) {
    if (!((i->sd_valid_i >> s) & 1)) continue;
    if (!((q->sv_pend >> s) & 1)) {
      sd_bad = 1;
      continue;
    }
    d->sv_pend &= ~(1ull << s);
    if ((q->sv_spin >> s) & 1)
      d->sp_rdy |= 1ull << s;
    else if (q->sv_ent[s] < p->w)
      d->ent_saved |= 1ull << q->sv_ent[s];
  }
  if (sd_bad) d->cnt_err = sat_inc(m, q->cnt_err);
  if (a_sleep) {
    d->sv_pend |= 1ull << a_sm;
    d->sv_spin = (d->sv_spin & ~(1ull << a_sm)) | ((uint64_t)a_spin << a_sm);
    d->sv_ent[a_sm] = f_idx;
  }
  if (install) {
    const uint64_t b = 1ull << f_idx;
    d->ent_valid |= b;
    d->ent_woken = (d->ent_woken & ~b) |
                   ((((q->pend_hit | lane_hit) >> a_sm) & 1) ? b : 0);
    d->ent_saved &= ~b;
  }
  if (acc) {
    switch (a_code) {
      case KMU_YR_TAKEN: d->cnt_take = sat_inc(m, q->cnt_take); break;
      case KMU_YR_SPIN: d->cnt_spin = sat_inc(m, q->cnt_spin); break;
      case KMU_YR_FULL: d->cnt_full = sat_inc(m, q->cnt_full); break;
      default: d->cnt_nowork = sat_inc(m, q->cnt_nowork); break;
    }
  }
  if (pop) {
    if (q->out_spin)
      d->sp_rdy &= ~(1ull << q->out_sm);
    else {
      const uint64_t b = ~(1ull << q->out_ent);
      d->ent_valid &= b;
      d->ent_woken &= b;
      d->ent_saved &= b;
      d->cnt_wake = sat_inc(m, q->cnt_wake);
    }
  }
  if (load) {
    d->out_valid = eo.gnt_valid_o || so.gnt_valid_o;
    d->out_spin = pick_sp;
    d->out_ent = (unsigned)eo.gnt_idx_o;
    d->out_sm = (unsigned)so.gnt_idx_o;
    if (pick_sp)
      d->turn = 0;
    else if (eo.gnt_valid_o && so.gnt_valid_o)
      d->turn = 1;
  }

  /* the tables' write ports */
  m->install = install;
  m->acc = acc;
  m->wr_ent = f_idx;
  m->wr_sm = a_sm;
  m->wr_row.addr = a_addr >> KMU_YIELD_MON_WA_LSB;
  m->wr_row.sm = a_sm;
  m->wr_row.slot = (unsigned)(i->yq_slot_i[a_sm] & 0xff);
  m->wr_row.tb = (uint32_t)(i->yq_tb_i[a_sm] & 0xffffffffull);
  m->wr_row.ptb = (unsigned)(i->yq_ptb_i[a_sm] & kmu_mask(m->ptb_w));

  /* outputs: registers, and the identity read at the wake register's index */
  o->yr_valid_o = (uint64_t)q->yr_valid;
  o->yr_sm_o = q->yr_sm;
  o->yr_code_o = q->yr_code;
  const kmu_yield_mon_row *r = q->out_spin ? &m->sp[q->out_sm] : &m->ent[q->out_ent];
  o->wk_valid_o = (uint64_t)q->out_valid;
  o->wk_head_o = (uint64_t)!q->out_spin;
  o->wk_sm_o = q->out_spin ? q->out_sm : (r->sm & kmu_mask(m->sm_w));
  o->wk_slot_o = r->slot & 0xff;
  o->wk_tb_o = r->tb;
  o->wk_ptb_o = r->ptb & kmu_mask(m->ptb_w);
  o->cnt_take_o = q->cnt_take;
  o->cnt_spin_o = q->cnt_spin;
  o->cnt_full_o = q->cnt_full;
  o->cnt_nowork_o = q->cnt_nowork;
  o->cnt_wake_o = q->cnt_wake;
  o->cnt_err_o = q->cnt_err;
}

void kmu_yield_mon_tick(kmu_yield_mon *m) {
  if (m->install) m->ent[m->wr_ent] = m->wr_row;
  if (m->acc) {
    m->sp[m->wr_sm].slot = m->wr_row.slot;
    m->sp[m->wr_sm].tb = m->wr_row.tb;
    m->sp[m->wr_sm].ptb = m->wr_row.ptb;
  }
  kmu_rr_arb_tick(&m->u_yq_rr);
  kmu_rr_arb_tick(&m->u_ent_rr);
  kmu_rr_arb_tick(&m->u_sp_rr);
  m->q = m->d;
}
