/* kmu_revoke.c - C twin of rtl/sched/kmu_revoke.v.  Same state: the sequencer's registers
 * (fsm_q, kind_q, ..., cand_q, ack_q, the pulse and completion registers, the counters), the
 * per-tag state tst_q and started bits stb_q (reset) and the tables lid_m, user_m, est_m,
 * start_m, iss_m, rcnt_m (no reset:
 * zero here, garbage in the RTL; read only for tags tst_q says were written). */
#include "kmu_revoke.h"

#include <stdlib.h>

static unsigned clog2u(unsigned n) {
  unsigned w = 0;
  while ((1u << w) < n) w++;
  return w ? w : 1;
}

void kmu_revoke_init(kmu_revoke *m, const kmu_revoke_params *p) {
  m->p = *p;
  m->tst = calloc(p->ct, 1);
  m->tst_d = calloc(p->ct, 1);
  m->stb = calloc(p->ct, 1);
  m->stb_d = calloc(p->ct, 1);
  m->rz = calloc(p->ct, 1);
  m->rz_d = calloc(p->ct, 1);
  m->iss_m = calloc(p->ct, sizeof *m->iss_m);
  m->lid_m = calloc(p->ct, sizeof *m->lid_m);
  m->est_m = calloc(p->ct, sizeof *m->est_m);
  m->start_m = calloc(p->ct, sizeof *m->start_m);
  m->user_m = calloc(p->ct, 1);
  m->rcnt_m = calloc(p->ct, 1);
  kmu_revoke_reset(m);
}

void kmu_revoke_free(kmu_revoke *m) {
  free(m->tst);
  free(m->tst_d);
  free(m->stb);
  free(m->stb_d);
  free(m->rz);
  free(m->rz_d);
  free(m->iss_m);
  free(m->lid_m);
  free(m->est_m);
  free(m->start_m);
  free(m->user_m);
  free(m->rcnt_m);
}

void kmu_revoke_reset(kmu_revoke *m) {
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
  memset(m->tst, KMU_RVK_T_FREE, m->p.ct);
  memcpy(m->tst_d, m->tst, m->p.ct);
  memset(m->stb, 0, m->p.ct);
  memset(m->stb_d, 0, m->p.ct);
  memset(m->rz, 0, m->p.ct);
  memset(m->rz_d, 0, m->p.ct);
  m->adm_new = m->adm_run = m->rcnt_we = m->iss_first = 0;
}

static unsigned sat16(unsigned v) { return v == 0xffffu ? v : v + 1; }

void kmu_revoke_comb(kmu_revoke *m, const kmu_revoke_in *i, kmu_revoke_out *o) {
  const kmu_revoke_params *p = &m->p;
  const kmu_revoke_regs *q = &m->q;
  kmu_revoke_regs *d = &m->d;
  const unsigned ct = p->ct, tag_w = clog2u(ct);
  const uint64_t tagm = kmu_mask(tag_w), lidm = kmu_mask(p->lid_w), tsm = kmu_mask(p->ts_w);
  const unsigned cntm = (unsigned)kmu_mask(p->cnt_w);
  const uint64_t all_sm = kmu_mask(p->nsm);

  const unsigned thr = (unsigned)i->thr_i & cntm;
  const uint64_t cost = i->cost_i & tsm;
  const int guard_on = thr != 0;
  const unsigned adm_tag = (unsigned)(i->adm_tag_i & tagm), cpl_tag = (unsigned)(i->cpl_tag_i & tagm);
  const int adm_valid = (int)(i->adm_valid_i & 1) && adm_tag < ct;
  const int cpl_valid = (int)(i->cpl_valid_i & 1) && cpl_tag < ct;
  const unsigned iss_tag = (unsigned)(i->iss_tag_i & tagm);
  const int iss_valid = (int)(i->iss_valid_i & 1) && iss_tag < ct;
  const unsigned kind = (unsigned)i->req_kind_i & 3;
  const uint64_t req_id = i->req_id_i & lidm;

  /* request handshake */
  const int fire = (int)(i->req_valid_i & 1) && q->fsm == KMU_RVK_F_IDLE;
  const int id_in = req_id <= (uint64_t)(ct - 1); /* (the RTL: the bits above the tag are 0) */

  /* scan step */
  const unsigned idx = q->idx < ct ? q->idx : 0, sel = q->sel < ct ? q->sel : 0;
  /* every table is read at idx_q (the scan's entry, then the target): tst_q and rcnt_m
   * directly, the others through their read registers (lid_m forwarded) */
  const unsigned st_idx = m->tst[idx];
  /* the count: rcnt_m's read register, or 0 after a fresh kernel (rz_q) */
  const unsigned rcnt_idx = m->rz[idx] ? 0 : q->rcnt_rd;
  const uint64_t start_idx = q->start_rd, iss_idx = q->iss_rd;
  const uint64_t lid_idx = q->lid_fw ? q->lid_fwd : q->lid_rd;
  const int live_idx =
      st_idx == KMU_RVK_T_RUN || st_idx == KMU_RVK_T_RVK || st_idx == KMU_RVK_T_REPLAY;
  /* (sel_lid_q holds the request's launch id through a LID scan) */
  const int lid_eq = lid_idx == q->sel_lid;
  const int lid_hit = lid_eq && st_idx != KMU_RVK_T_FREE;
  /* the victim order: time since the first TB take (a candidate started before acceptance);
   * the choice's age is kept (best_age_q) */
  const uint64_t age_idx = (q->acc_t - iss_idx) & tsm;
  const int room = q->kind == KMU_RVK_KIND_ROOM || q->kind == KMU_RVK_KIND_ROOM_EL;
  const int room_ok = q->cand[idx] && !q->user_rd && (!guard_on || rcnt_idx < thr);
  const int take_lid =
      q->kind == KMU_RVK_KIND_LID && lid_hit && (!q->found || (live_idx && !q->flive));
  const int take_room = room && room_ok && (!q->found || age_idx < q->best_age);

  /* decision: Elastic's rule with adders only (the RTL's comment): ndl = ~(start + est),
   * rem_n = now + ndl = ~((est - elapsed) mod 2^TS_W); near done when rm = ~rem_n is in
   * [1, est] (elapsed < est) and below the cost */
  const int cpl_sel = cpl_valid && cpl_tag == q->sel;
  const uint64_t ndl_idx = ~(q->est_rd + start_idx) & tsm;
  const uint64_t rem_n = (q->time + q->best_ndl) & tsm;
  const int near_done = rem_n != tsm && q->best_est + rem_n + 1 > tsm && cost + rem_n > tsm;
  unsigned dec;
  if (room) {
    if (!q->found)
      dec = KMU_RVK_ST_NO_VICTIM;
    else if (!q->cand[idx] || cpl_sel)
      dec = KMU_RVK_ST_FINISHED;
    else if (q->kind == KMU_RVK_KIND_ROOM_EL && near_done)
      dec = KMU_RVK_ST_NEAR_DONE;
    else
      dec = KMU_RVK_ST_OK;
  } else if (!q->found || (q->kind == KMU_RVK_KIND_LID && !lid_eq)) {
    /* (LID: the tag found was reused by a fresh kernel after the scan read it) */
    dec = KMU_RVK_ST_UNKNOWN;
  } else {
    switch (st_idx) {
      case KMU_RVK_T_RUN:
        dec = cpl_sel                               ? KMU_RVK_ST_FINISHED
              : (guard_on && rcnt_idx >= thr) ? KMU_RVK_ST_GUARD
                                                    : KMU_RVK_ST_OK;
        break;
      case KMU_RVK_T_DONE: dec = KMU_RVK_ST_FINISHED; break;
      case KMU_RVK_T_RVK:
      case KMU_RVK_T_REPLAY:
      case KMU_RVK_T_RETIRED: dec = KMU_RVK_ST_REVOKED; break;
      default: dec = KMU_RVK_ST_UNKNOWN; break;
    }
  }
  const int resolved = dec != KMU_RVK_ST_UNKNOWN && dec != KMU_RVK_ST_NO_VICTIM;
  /* (sel_lid_q is the request's id until a take; a LID take keeps it) */
  const uint64_t dec_lid = q->kind == KMU_RVK_KIND_TAG && resolved ? lid_idx : q->sel_lid;

  /* sequence */
  const uint64_t drop_ack = i->drop_ack_i & all_sm;
  const int all_ack = ((q->ack | drop_ack) & all_sm) == all_sm;
  const int fin_now = q->fin || cpl_sel;
  const unsigned rcnt_inc = rcnt_idx == cntm ? cntm : rcnt_idx + 1;
  const int guard_now = q->replay && guard_on && rcnt_idx < thr && rcnt_inc >= thr;

  /* the request's one completion: an error in the decision, the abort of a target that
   * finished before the stop took hold, or the free's acknowledge */
  const int end_err = q->fsm == KMU_RVK_F_DECIDE && dec != KMU_RVK_ST_OK;
  const int end_fin = q->fsm == KMU_RVK_F_STOP && (i->stop_ack_i & 1) && fin_now;
  const int end_ok = q->fsm == KMU_RVK_F_FREE && (i->free_ack_i & 1);
  const unsigned end_stat = end_err ? dec : end_fin ? KMU_RVK_ST_FINISHED : KMU_RVK_ST_OK;
  const unsigned end_tag = (end_err && !resolved) ? 0 : q->sel;
  const uint64_t end_lid = end_err ? dec_lid : q->sel_lid;

  /* table writes: events, then the sequencer (the later write wins, as in the RTL) */
  const int adm_fresh = (int)(i->adm_fresh_i & 1);
  /* the replay's continuation re-admitted in the free's acknowledge cycle (the tag still RVK):
   * it runs again; a fresh kernel admitted into a retired tag in that cycle (kmu_kmu freed the
   * tag at its edge): the tag is the new kernel's, RUN with its tables and count 0 */
  const int adm_rep = adm_valid && !adm_fresh && end_ok && q->replay && adm_tag == sel;
  const int adm_ret = adm_valid && adm_fresh && end_ok && !q->replay && adm_tag == sel;
  const int adm_st = adm_valid && (m->tst[adm_tag] != KMU_RVK_T_RVK || adm_ret);
  m->adm_new = adm_st && adm_fresh;
  m->adm_run = (adm_st && (adm_fresh || m->tst[adm_tag] == KMU_RVK_T_REPLAY)) || adm_rep;
  m->adm_tag = adm_tag;
  m->adm_lid = i->adm_lid_i & lidm;
  m->adm_user = (uint8_t)(i->adm_user_i & 1);
  m->adm_est = i->adm_est_i & tsm;
  m->adm_time = q->time;
  m->rcnt_we = end_ok && !adm_ret;
  memcpy(m->rz_d, m->rz, ct);
  if (m->adm_new) m->rz_d[adm_tag] = 1;
  if (m->rcnt_we) m->rz_d[sel] = 0;
  /* the first TB take stamps the start for the victim order; an admission in the same cycle
   * (outside the contract) wins: it clears the started bit */
  m->iss_first = iss_valid && !m->stb[iss_tag];
  m->iss_tag = iss_tag;
  memcpy(m->stb_d, m->stb, ct);
  if (iss_valid) m->stb_d[iss_tag] = 1;
  if (m->adm_run) m->stb_d[adm_tag] = 0;
  m->rcnt_wa = sel;
  m->rcnt_wd = (uint8_t)rcnt_inc;

  memcpy(m->tst_d, m->tst, ct);
  if (cpl_valid && (m->tst[cpl_tag] == KMU_RVK_T_RUN || m->tst[cpl_tag] == KMU_RVK_T_REPLAY))
    m->tst_d[cpl_tag] = KMU_RVK_T_DONE;
  if (m->adm_run) m->tst_d[adm_tag] = KMU_RVK_T_RUN;
  if (q->fsm == KMU_RVK_F_DECIDE && dec == KMU_RVK_ST_OK) m->tst_d[sel] = KMU_RVK_T_RVK;
  if (end_fin) m->tst_d[sel] = KMU_RVK_T_DONE;
  if (end_ok && !adm_rep && !adm_ret)
    m->tst_d[sel] = q->replay ? KMU_RVK_T_REPLAY : KMU_RVK_T_RETIRED;

  /* the next table index: the scan's next entry, then (its last cycle) the target; the tables'
   * read registers load the entry at it as it is before this edge's writes */
  const unsigned idx_d = fire                        ? 0
                         : q->fsm != KMU_RVK_F_SCAN  ? q->idx
                         : q->idx != ct - 1          ? (unsigned)((q->idx + 1) & tagm)
                         : (take_lid || take_room)   ? q->idx
                                                     : q->sel;
  const unsigned idx_r = idx_d < ct ? idx_d : 0;

  /* the sequencer */
  *d = *q;
  d->time = (q->time + 1) & tsm;
  d->idx = idx_d;
  d->lid_rd = m->lid_m[idx_r];
  d->user_rd = m->user_m[idx_r];
  d->est_rd = m->est_m[idx_r];
  d->start_rd = m->start_m[idx_r];
  d->iss_rd = m->iss_m[idx_r];
  d->rcnt_rd = m->rcnt_m[idx_r];
  d->lid_fw = m->adm_new && adm_tag == idx_d;
  d->lid_fwd = m->adm_lid;
  d->stop = d->free = d->done = d->guard = d->irq = 0;
  d->drop = 0;
  for (unsigned k = 0; k < ct; k++) {
    const int clr = (cpl_valid && cpl_tag == k) || (m->adm_run && adm_tag == k);
    /* candidates: running and started at acceptance */
    d->cand[k] =
        (uint8_t)((fire ? m->tst[k] == KMU_RVK_T_RUN && m->stb[k] : q->cand[k]) && !clr);
  }
  switch (q->fsm) {
    case KMU_RVK_F_IDLE:
      if (fire) {
        d->fsm = KMU_RVK_F_SCAN;
        d->kind = kind;
        d->replay = (unsigned)(i->req_replay_i & 1);
        d->sel = kind == KMU_RVK_KIND_TAG ? (unsigned)(req_id & tagm) : 0;
        d->found = kind == KMU_RVK_KIND_TAG && id_in;
        d->flive = 0;
        d->fin = 0;
        d->acc_t = q->time;
        d->sel_lid = req_id;
      }
      break;
    case KMU_RVK_F_SCAN:
      if (take_lid || take_room) {
        d->sel = idx;
        d->found = 1;
        d->flive = (unsigned)live_idx;
        d->best_ndl = ndl_idx;
        d->best_age = age_idx;
        d->best_est = q->est_rd;
        d->sel_lid = lid_idx;
      }
      if (q->idx == ct - 1) d->fsm = KMU_RVK_F_DECIDE;
      break;
    case KMU_RVK_F_DECIDE:
      if (dec == KMU_RVK_ST_OK) {
        d->fsm = KMU_RVK_F_STOP;
        d->stop = 1;
        d->sel_lid = dec_lid;
      }
      break;
    case KMU_RVK_F_STOP:
      if (cpl_sel) d->fin = 1;
      /* (it finished before the stop took hold: end_fin, nothing to drop or free) */
      if ((i->stop_ack_i & 1) && !fin_now) {
        d->fsm = KMU_RVK_F_DROP;
        d->drop = all_sm;
        d->ack = 0;
      }
      break;
    case KMU_RVK_F_DROP:
      d->ack = (q->ack | drop_ack) & all_sm;
      if (all_ack) {
        d->fsm = KMU_RVK_F_FREE;
        d->free = 1;
      }
      break;
    case KMU_RVK_F_FREE:
      if (end_ok) {
        d->guard = (unsigned)guard_now;
        d->gtag = q->sel;
        d->rvk_cnt = sat16(q->rvk_cnt);
      }
      break;
    default: d->fsm = KMU_RVK_F_IDLE; break;
  }
  if (end_err || end_fin || end_ok) {
    d->fsm = KMU_RVK_F_IDLE;
    d->done = d->irq = 1;
    d->dstat = end_stat;
    d->dreplay = q->replay;
    d->dtag = end_tag;
    d->dlid = end_lid;
    if (!end_ok) d->err_cnt = sat16(q->err_cnt);
  }

  o->req_ready_o = q->fsm == KMU_RVK_F_IDLE;
  o->busy_o = q->fsm != KMU_RVK_F_IDLE;
  o->stop_o = q->stop;
  o->drop_o = q->drop;
  o->free_o = q->free;
  o->free_replay_o = q->replay;
  o->tag_o = q->sel;
  o->done_valid_o = q->done;
  o->done_status_o = q->dstat;
  o->done_replay_o = q->dreplay;
  o->done_tag_o = q->dtag;
  o->done_lid_o = q->dlid;
  o->guard_o = q->guard;
  o->guard_tag_o = q->gtag;
  o->irq_o = q->irq;
  o->err_cnt_o = q->err_cnt;
  o->rvk_cnt_o = q->rvk_cnt;
}

void kmu_revoke_tick(kmu_revoke *m) {
  if (m->iss_first) m->iss_m[m->iss_tag] = m->adm_time;
  if (m->adm_new) {
    m->lid_m[m->adm_tag] = m->adm_lid;
    m->user_m[m->adm_tag] = m->adm_user;
    m->est_m[m->adm_tag] = m->adm_est;
  }
  if (m->adm_run) m->start_m[m->adm_tag] = m->adm_time;
  if (m->rcnt_we) m->rcnt_m[m->rcnt_wa] = m->rcnt_wd;
  memcpy(m->tst, m->tst_d, m->p.ct);
  memcpy(m->stb, m->stb_d, m->p.ct);
  memcpy(m->rz, m->rz_d, m->p.ct);
  m->q = m->d;
}
