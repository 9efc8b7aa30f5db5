/* kmu_trem_policy.c - C twin of rtl/sched/kmu_trem_policy.v.  Same state: nr_q, arm_q (the
 * owed-arrival count), req_q,
 * kind_el_q, own_q, part_q, umask_q and the counters auto_cnt_q, auto_ok_q, auto_nv_q. */
#include "kmu_trem_policy.h"

#include "kmu_regmap.h"

void kmu_trem_policy_init(kmu_trem_policy *m, const kmu_trem_policy_params *p) {
  m->p = *p;
  m->uw = 1;
  while ((1u << m->uw) < p->nsm + 1) m->uw++;
  kmu_trem_policy_reset(m);
}

void kmu_trem_policy_free(kmu_trem_policy *m) { (void)m; }

void kmu_trem_policy_reset(kmu_trem_policy *m) {
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
}

static unsigned sat16_inc(unsigned v) { return v == 0xffffu ? v : v + 1; }

void kmu_trem_policy_comb(kmu_trem_policy *m, const kmu_trem_policy_in *i,
                          kmu_trem_policy_out *o) {
  const kmu_trem_policy_regs *q = &m->q;
  kmu_trem_policy_regs *d = &m->d;
  const unsigned pol = (unsigned)i->policy_i & 3, u = (unsigned)(i->u_i & kmu_mask(m->uw));
  const int pol_pri = pol == KMU_TREM_POL_PRIORITY, pol_el = pol == KMU_TREM_POL_ELASTIC;
  const int pol_on = pol_pri || pol_el;
  const int want = pol_pri || (pol_el && u != 0);
  const int issue = q->arm != 0 && q->nr && !q->req && !q->own && want;
  /* the owed count: + the arrival (saturating at 2^AW - 1), - the request, at most the
   * user-facing kernels outstanding plus this cycle's arrival */
  const unsigned arm_max = (unsigned)kmu_mask(m->p.aw), arr = (unsigned)(i->arr_i & 1);
  const unsigned arm_add = (arr && q->arm != arm_max) ? q->arm + 1 : q->arm;
  const unsigned arm_sub = issue ? arm_add - 1 : arm_add;
  const unsigned arm_lim = (unsigned)(i->uq_i & kmu_mask(m->p.qw)) + arr;
  const int csr_valid = (int)(i->csr_valid_i & 1);
  /* TR_CMD first */
  const int acc_auto = q->req && !csr_valid && (i->rv_ready_i & 1);
  const int done = (int)(i->rv_done_i & 1);
  const int done_auto = done && q->own;

  *d = *q;
  d->nr = (i->stall_i & 1) && (i->user_i & 1);
  d->arm = !pol_on ? 0 : arm_sub > arm_lim ? arm_lim : arm_sub;
  d->req = pol_on && (issue || (q->req && !acc_auto));
  if (issue) d->kind_el = (unsigned)pol_el;
  d->own = acc_auto || (q->own && !done);
  d->part = (unsigned)pol_el;
  d->umask = 0;
  for (unsigned s = 0; s < m->p.nsm; s++)
    if (u > s) d->umask |= 1ull << s;
  if (acc_auto) d->auto_cnt = sat16_inc(q->auto_cnt);
  if (done_auto && (i->rv_status_i & 7) == KMU_TREM_STATUS_OK) d->auto_ok = sat16_inc(q->auto_ok);
  if (done_auto && (i->rv_status_i & 7) == KMU_TREM_STATUS_NO_VICTIM)
    d->auto_nv = sat16_inc(q->auto_nv);

  o->csr_ready_o = i->rv_ready_i & 1;
  o->rv_valid_o = csr_valid || q->req;
  o->rv_kind_o = csr_valid ? (i->csr_kind_i & 3)
                           : (q->kind_el ? KMU_TREM_KIND_ROOM_EL : KMU_TREM_KIND_ROOM);
  o->rv_replay_o = csr_valid ? (i->csr_replay_i & 1) : 1;
  o->rv_id_o = csr_valid ? (i->csr_id_i & kmu_mask(m->p.lid_w)) : 0;
  o->cmd_done_o = done && !q->own;
  o->auto_done_o = done_auto;
  o->part_o = q->part;
  o->umask_o = q->umask;
  o->arm_o = q->arm;
  o->nr_o = q->nr;
  o->pend_o = q->req || q->own;
  o->auto_cnt_o = q->auto_cnt;
  o->auto_ok_cnt_o = q->auto_ok;
  o->auto_nv_cnt_o = q->auto_nv;
}

void kmu_trem_policy_tick(kmu_trem_policy *m) { m->q = m->d; }
