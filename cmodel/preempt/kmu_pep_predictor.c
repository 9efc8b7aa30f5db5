/* kmu_pep_predictor.c - C twin of rtl/preempt/kmu_pep_predictor.v.  Same state names: q.cyc
 * (cyc_q), q.live / q.fresh / q.rest (bit e), q.start[e], q.kslot[e], q.insts[e], q.exec[e],
 * q.prof (bit k), q.avg[k], q.arm, q.hint, q.ckpt_valid / q.ckpt_mask, q.pre_valid /
 * q.pre_mask.  comb() follows the RTL's blocks in order: entry lookups, input checks, the
 * profile sample, this cycle's threshold x, rem(e) > x for every entry, the decisions, the next
 * state; tick() is the rising edge. */
#include "kmu_pep_predictor.h"

#include <string.h>

#define M32 0xffffffffull

void kmu_pep_predictor_init(kmu_pep_predictor *m, const kmu_pep_predictor_params *p) {
  m->p = *p;
  m->rtb_w = 1;
  while ((1u << m->rtb_w) < p->tbs) m->rtb_w++;
  m->ks_w = 1;
  while ((1u << m->ks_w) < p->kslots) m->ks_w++;
  kmu_pep_predictor_reset(m);
}

void kmu_pep_predictor_free(kmu_pep_predictor *m) { (void)m; }

void kmu_pep_predictor_reset(kmu_pep_predictor *m) {
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
}

/* floor(v / 2^sh) for a signed v (the RTL's arithmetic shift >>>), written without relying on
 * the implementation-defined right shift of a negative value */
static int64_t floor_shift(int64_t v, unsigned sh) {
  if (v >= 0) return v >> sh;
  return -(int64_t)(((uint64_t)(-v) + ((1ull << sh) - 1)) >> sh);
}

/* Phase 1, from the state alone: every output but the refusals (the registered decisions). */
void kmu_pep_predictor_comb_out(const kmu_pep_predictor *m, kmu_pep_predictor_out *o) {
  const kmu_pep_predictor_regs *q = &m->q;
  o->ckpt_valid_o = (uint64_t)q->ckpt_valid;
  o->ckpt_mask_o = q->ckpt_mask;
  o->pre_valid_o = (uint64_t)q->pre_valid;
  o->pre_switch_mask_o = q->pre_mask;
  o->armed_o = (uint64_t)q->arm;
  o->prof_valid_o = q->prof;
  o->live_o = q->live;
}

/* Phase 2, from the inputs: the refusals and the next state. */
void kmu_pep_predictor_comb_next(kmu_pep_predictor *m, const kmu_pep_predictor_in *i,
                            kmu_pep_predictor_out *o) {
  const kmu_pep_predictor_regs *q = &m->q;
  kmu_pep_predictor_regs *d = &m->d;
  const unsigned nt = m->p.tbs, nk = m->p.kslots;
  const uint64_t tmask = kmu_mask(nt);
  const uint64_t rtbm = kmu_mask(m->rtb_w);
  /* inputs at their port widths */
  const int start_valid = (int)(i->tb_start_valid_i & 1);
  const unsigned start_rtb = (unsigned)(i->tb_start_rtb_i & rtbm);
  const unsigned start_kslot = (unsigned)(i->tb_start_kslot_i & 0xff);
  const uint32_t start_insts = (uint32_t)(i->tb_start_insts_i & M32);
  const int start_restored = (int)(i->tb_start_restored_i & 1);
  const int inst_valid = (int)(i->tb_inst_valid_i & 1);
  const unsigned inst_rtb = (unsigned)(i->tb_inst_rtb_i & rtbm);
  const int done_valid = (int)(i->tb_done_valid_i & 1);
  const unsigned done_rtb = (unsigned)(i->tb_done_rtb_i & rtbm);
  const int evict_valid = (int)(i->tb_evict_valid_i & 1);
  const unsigned evict_rtb = (unsigned)(i->tb_evict_rtb_i & rtbm);
  const int clear_valid = (int)(i->kslot_clear_valid_i & 1);
  const unsigned clear_k = (unsigned)(i->kslot_clear_i & 0xff);
  const uint64_t elig = i->elig_i & tmask, base = i->base_i & tmask;
  const unsigned policy = (unsigned)(i->policy_i & 3);
  const uint32_t pred_launch = (uint32_t)(i->pred_launch_i & M32);
  const uint32_t deadline = (uint32_t)(i->deadline_i & M32);
  const uint32_t ctx_bytes = (uint32_t)(i->ctx_bytes_i & 0xffffff);
  const unsigned bw_shift = (unsigned)(i->bw_shift_i & 0xf);
  const int hint_valid = (int)(i->hint_valid_i & 1);
  const int preempt = (int)(i->preempt_valid_i & 1);

  /* entry lookups by index (an index >= TBS is out of range, never live) */
  const int s_in = start_rtb < nt;
  const int s_live = s_in && ((q->live >> start_rtb) & 1);
  const int i_live = inst_rtb < nt && ((q->live >> inst_rtb) & 1);
  const int d_in = done_rtb < nt;
  const int d_live = d_in && ((q->live >> done_rtb) & 1);
  const int d_rest = d_in && ((q->rest >> done_rtb) & 1);
  const unsigned d_kslot = d_in ? q->kslot[done_rtb] : 0;
  const uint32_t d_start = d_in ? q->start[done_rtb] : 0;
  const int v_live = evict_rtb < nt && ((q->live >> evict_rtb) & 1);

  /* input checks */
  const int done_ok = done_valid && d_live;
  const int evict_ok = evict_valid && v_live;
  const int start_free = !s_live || (done_ok && done_rtb == start_rtb) ||
                         (evict_ok && evict_rtb == start_rtb);
  const int start_ok = start_valid && s_in && start_kslot < nk && start_free;
  const int inst_ok = inst_valid && i_live;
  const int clear_ok = clear_valid && clear_k < nk;
  o->err_start_o = start_valid && !start_ok;
  o->err_inst_o = inst_valid && !inst_ok;
  o->err_done_o = done_valid && !done_ok;
  o->err_evict_o = evict_valid && !evict_ok;
  o->err_clear_o = clear_valid && !clear_ok;

  /* profile sample: avg + floor((sample - avg) / 2^EMA_SH), the first sample as it is */
  const int s_prof = d_kslot < nk && ((q->prof >> d_kslot) & 1);
  const uint32_t s_avg = d_kslot < nk ? q->avg[d_kslot] : 0;
  const uint32_t sample = q->cyc - d_start;
  const int do_sample = done_ok && !d_rest;
  const int64_t ema_step = floor_shift((int64_t)sample - (int64_t)s_avg, m->p.ema_sh);
  const uint32_t ema = (uint32_t)((int64_t)s_avg + ema_step);
  const uint32_t avg_new = s_prof ? ema : sample;

  /* this cycle's threshold x (saturated to 32 bits) */
  const uint32_t sw = ctx_bytes >> bw_shift;
  const int hint_fire = hint_valid && !preempt && policy == KMU_POL_PEP;
  const int judge = q->arm && policy == KMU_POL_PEP && !preempt && !hint_fire;
  const uint32_t dh = q->cyc - q->hint;
  const uint32_t tl = pred_launch > dh ? pred_launch - dh : 0;
  const uint64_t x_hint = (uint64_t)pred_launch + sw;
  const uint64_t x_new = (uint64_t)tl + sw;
  const uint64_t x_pre = policy == KMU_POL_PEP ? sw : deadline;
  const uint64_t x_wide = preempt ? x_pre : hint_fire ? x_hint : x_new;
  const uint32_t x = x_wide > M32 ? (uint32_t)M32 : (uint32_t)x_wide;

  /* rem(e) > x for every entry: profile, else Chimera's (insts - exec) * el > x * exec */
  uint64_t long_v = 0;
  for (unsigned e = 0; e < nt; e++) {
    const uint32_t el = q->cyc - q->start[e];
    const unsigned ks = q->kslot[e];
    const int e_prof = ks < nk && ((q->prof >> ks) & 1);
    const uint32_t e_avg = ks < nk ? q->avg[ks] : 0;
    const uint32_t rem_p = e_avg > el ? e_avg - el : 0;
    const uint32_t ri = q->insts[e] > q->exec[e] ? q->insts[e] - q->exec[e] : 0;
    const uint64_t lhs = (uint64_t)ri * el, rhs = (uint64_t)x * q->exec[e];
    int lg;
    if (e_prof)
      lg = rem_p > x;
    else if (q->insts[e] == 0 || q->exec[e] == 0)
      lg = 1;
    else
      lg = lhs > rhs;
    long_v |= (uint64_t)lg << e;
  }

  /* decisions */
  const uint64_t el_ok = elig & q->live;
  const uint64_t ck_hint = el_ok & ~base & long_v;
  const uint64_t ck_new = q->fresh & ck_hint;
  uint64_t sw_mask;
  if (policy == KMU_POL_DRAIN)
    sw_mask = 0;
  else if (policy == KMU_POL_PEP)
    sw_mask = el_ok & (base | long_v);
  else
    sw_mask = el_ok & long_v;

  /* next state */
  KMU_D_FROM_Q(m); /* *d = *q */
  d->cyc = q->cyc + 1;
  d->fresh = 0;
  if (inst_ok && q->exec[inst_rtb] != (uint32_t)M32) d->exec[inst_rtb] = q->exec[inst_rtb] + 1;
  if (done_ok) d->live &= ~(1ull << done_rtb);
  if (evict_ok) d->live &= ~(1ull << evict_rtb);
  if (start_ok) {
    const unsigned e = start_rtb;
    d->live |= 1ull << e;
    d->fresh |= 1ull << e;
    d->rest = (d->rest & ~(1ull << e)) | (uint64_t)start_restored << e;
    d->start[e] = q->cyc;
    d->kslot[e] = start_kslot & (unsigned)kmu_mask(m->ks_w);
    d->insts[e] = start_insts;
    d->exec[e] = 0;
  }
  if (do_sample && d_kslot < nk) {
    d->prof |= 1ull << d_kslot;
    d->avg[d_kslot] = avg_new;
  }
  if (clear_ok) d->prof &= ~(1ull << clear_k);
  if (preempt)
    d->arm = 0;
  else if (hint_fire) {
    d->arm = 1;
    d->hint = q->cyc;
  } else if (q->arm && (uint64_t)dh >= 2 * (uint64_t)pred_launch)
    d->arm = 0;
  d->ckpt_valid = hint_fire || (judge && ck_new != 0);
  d->ckpt_mask = hint_fire ? ck_hint : judge ? ck_new : 0;
  d->pre_valid = preempt;
  d->pre_mask = preempt ? sw_mask : 0;
}

void kmu_pep_predictor_comb(kmu_pep_predictor *m, const kmu_pep_predictor_in *i,
                            kmu_pep_predictor_out *o) {
  kmu_pep_predictor_comb_out(m, o);
  kmu_pep_predictor_comb_next(m, i, o);
}

void kmu_pep_predictor_tick(kmu_pep_predictor *m) { KMU_Q_FROM_D(m); }
