/* kmu_elastic.c - C twin of rtl/sched/kmu_elastic.v.  Same state: le_q, le_ok_q, tmr_q, pend_q,
 * q_q, and the engine's eph_q, step_q, mq_q, acc_q, mul_q, dvs_q, quo_q, u_q; the pulses upd_q,
 * err_q and the counter err_cnt_q.  The engine computes with the same shifts, adds and compares
 * as the RTL (no * or / on the model's state either). */
#include "kmu_elastic.h"

void kmu_elastic_init(kmu_elastic *m, const kmu_elastic_params *p) {
  m->p = *p;
  m->uw = 1;
  while ((1u << m->uw) < p->nsm + 1) m->uw++;
  kmu_elastic_reset(m);
}

void kmu_elastic_free(kmu_elastic *m) { (void)m; }

void kmu_elastic_reset(kmu_elastic *m) {
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
}

void kmu_elastic_comb(kmu_elastic *m, const kmu_elastic_in *i, kmu_elastic_out *o) {
  const kmu_elastic_params *p = &m->p;
  const kmu_elastic_regs *q = &m->q;
  kmu_elastic_regs *d = &m->d;
  const unsigned uw = m->uw, lw = p->tw + p->qw;
  const uint64_t tm = kmu_mask(p->tw), lm = kmu_mask(lw);
  const unsigned qm = (unsigned)kmu_mask(p->qw), um = (unsigned)kmu_mask(uw);
  const uint64_t sla = i->sla_i & tm, period = i->period_i & tm, smp = i->smp_time_i & tm;
  const unsigned shift = (unsigned)i->shift_i & 7, unit = (unsigned)i->unit_i & 7;
  const int arr = (int)(i->arr_i & 1), fin = (int)(i->fin_i & 1), sv = (int)(i->smp_valid_i & 1);

  /* l_e: the average */
  const uint64_t le_new = !q->le_ok       ? smp
                          : smp >= q->le ? (q->le + ((smp - q->le) >> shift)) & tm
                                         : (q->le - ((q->le - smp) >> shift)) & tm;
  const uint64_t le_eff = sv ? le_new : q->le_ok ? q->le : sla;

  /* q and the triggers */
  const int q_under = fin && !arr && q->q == 0;
  const int q_over = arr && !fin && q->q == qm;
  const int tick = period != 0 && q->tmr >= ((period - 1) & tm);
  const int trig = tick || (i->cpl_i & 1);
  const int start = q->eph == KMU_EL_IDLE && (trig || q->pend);
  const unsigned q_nxt = (q_under || q_over) ? q->q
                         : (arr && !fin)      ? (q->q + 1) & qm
                         : (fin && !arr)      ? (q->q - 1) & qm
                                              : q->q;

  /* the engine's adder / comparator (SLA << UW and the divisor stay below 2^(TW+UW) <= 2^39) */
  const uint64_t sum = (q->acc + q->mul) & lm;
  const uint64_t sla_top = sla << uw;
  const int over = q->acc >= sla_top, fits = q->acc >= q->dvs;
  const unsigned ceil_u = q->quo + (q->acc != 0);
  const uint64_t u_sm = (uint64_t)ceil_u << unit; /* tasks -> SMs (TR_CTRL.UNIT) */

  *d = *q;
  d->upd = 0;
  d->err = (unsigned)(q_under || q_over);
  if (q_under || q_over) d->err_cnt = q->err_cnt == 0xffffu ? q->err_cnt : q->err_cnt + 1;
  d->q = q_nxt;
  if (sv) {
    d->le = le_new;
    d->le_ok = 1;
  }
  d->tmr = tick ? 0 : period == 0 ? 0 : (q->tmr + 1) & tm;
  d->pend = (trig && !start) ? 1 : start ? 0 : q->pend;
  switch (q->eph) {
    case KMU_EL_IDLE:
      if (start) {
        d->eph = KMU_EL_MUL;
        d->step = 0;
        d->mq = q_nxt;
        d->acc = 0;
        d->mul = le_eff;
      }
      break;
    case KMU_EL_MUL:
      if (q->mq & 1) d->acc = sum;
      d->mq = q->mq >> 1;
      d->mul = (q->mul << 1) & lm;
      d->step = q->step + 1;
      if (q->step == p->qw - 1) d->eph = KMU_EL_CHK;
      break;
    case KMU_EL_CHK:
      d->eph = KMU_EL_DIV;
      d->step = 0;
      d->dvs = sla_top >> 1;
      if (q->acc == 0) {
        d->quo = 0;
        d->mq = 0;
      } else if (over) {
        d->quo = (unsigned)p->nsm & um;
        d->acc = 0;
        d->mq = 1;
      } else {
        d->quo = 0;
        d->mq = 0;
      }
      break;
    case KMU_EL_DIV:
      if (!(q->mq & 1) && q->acc != 0 && fits) {
        d->acc = (q->acc - q->dvs) & lm;
        d->quo = (q->quo | (1u << (uw - 1 - q->step))) & um;
      }
      d->dvs = q->dvs >> 1;
      d->step = q->step + 1;
      if (q->step == uw - 1) d->eph = KMU_EL_END;
      break;
    case KMU_EL_END:
      d->eph = KMU_EL_IDLE;
      d->upd = 1;
      d->u = u_sm > p->nsm ? p->nsm : (unsigned)u_sm;
      break;
    default: d->eph = KMU_EL_IDLE; break;
  }

  o->u_o = q->u;
  o->upd_o = q->upd;
  o->busy_o = q->eph != KMU_EL_IDLE;
  o->le_o = q->le;
  o->q_o = q->q;
  o->err_o = q->err;
  o->err_cnt_o = q->err_cnt;
}

void kmu_elastic_tick(kmu_elastic *m) { m->q = m->d; }
