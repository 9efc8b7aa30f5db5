/* kmu_pep_predictor.c - C twin of rtl/preempt/kmu_pep_predictor.v.  Same state names: q.cyc
 * (cyc_q), q.live / q.rest (bit e), q.fresh / q.fresh_idx / q.fresh_ks, q.prof (bit k), q.arm,
 * q.ex (the armed window's count down), q.tl (cycles to the predicted launch), q.sw (switch time), the walk q.wk* (q.wk_st the step of a visit), the visited entry's registers q.r_*,
 * the serial comparator q.mul_n and D as q.mul_acc (33-bit two's complement, saturated),
 * q.ckpt_valid / q.ckpt_mask, q.pre_valid / q.pre_mask, the tables q.start_m[e], q.kslot_m[e],
 * q.insts_m[e], q.exec_m[e], q.avg_m[k] (block RAM in the RTL: its registered read ports
 * q.avg_j, q.avg_s, q.r_avg; the sample in flight q.smp, q.smp_ks); start_m and insts_m
 * block RAM too, two words per entry (q.par bit e names the current one), read ports q.d_st
 * (the done's start), q.w_st / q.w_in (the walk's, a cycle ahead).  comb() follows the RTL's blocks in order: entry
 * lookups, input checks, the profile sample, this cycle's threshold x, the new TB's judgement,
 * the visit of the walk, the next state; tick() is the rising edge.  Times and counts are TW
 * (m->p.tw) bits, as in the RTL: modulo 2^TW, inputs saturated to 2^TW - 1. */
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
  o->busy_o = (uint64_t)(q->wk && q->wk_pre);
  o->prof_valid_o = q->prof;
  o->live_o = q->live;
}

/* a (TW + 1)-bit two's complement value as a signed number */
static int64_t sext_tw(uint64_t v, unsigned tw) {
  const int64_t lo = (int64_t)(v & kmu_mask(tw));
  return (v >> tw) & 1 ? lo - ((int64_t)1 << tw) : lo;
}

/* D = 2D + op (both (TW + 1)-bit two's complement), saturated to [-2^TW, 2^TW-1]: a D at a
 * bound stays there (|op| < 2^TW), so its sign and D == 0 are those of the exact product
 * difference */
static uint64_t acc_step(uint64_t acc, uint64_t op, unsigned tw) {
  const int64_t hi = ((int64_t)1 << tw) - 1;
  int64_t s = 2 * sext_tw(acc, tw) + sext_tw(op, tw);
  if (s > hi) s = hi;
  if (s < -hi - 1) s = -hi - 1;
  return (uint64_t)s & kmu_mask(tw + 1);
}

/* a time or count saturated to TW bits (the RTL's input clamp) */
static uint32_t sat_tw(uint64_t v, uint64_t twm) { return (uint32_t)(v > twm ? twm : v); }

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
  /* TW: every time and count modulo 2^TW, the time and count inputs saturated to it */
  const unsigned tw = m->p.tw;
  const uint64_t twm = kmu_mask(tw), tw1m = kmu_mask(tw + 1);
  const uint32_t pl_n = sat_tw(pred_launch, twm), dl_n = sat_tw(deadline, twm);
  const uint32_t in_n = sat_tw(start_insts, twm);

  /* entry lookups by index (an index >= TBS is out of range, never live) */
  const int s_in = start_rtb < nt;
  const int s_live = s_in && ((q->live >> start_rtb) & 1);
  const int i_live = inst_rtb < nt && ((q->live >> inst_rtb) & 1);
  const int d_in = done_rtb < nt;
  const int d_live = d_in && ((q->live >> done_rtb) & 1);
  const int d_rest = d_in && ((q->rest >> done_rtb) & 1);
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
  const uint64_t freed = (done_ok ? 1ull << done_rtb : 0) | (evict_ok ? 1ull << evict_rtb : 0) |
                         (start_ok ? 1ull << start_rtb : 0);

  /* profile sample: avg + floor((sample - avg) / 2^EMA_SH), the first sample as it is; first
   * cycle: the slot into smp_*, avg_m and start_m read; second: the sample and the EMA,
   * written at its edge */
  /* (an index >= TBS reads an unwritten entry of the C array: unused, do_sample is low) */
  const unsigned s_ks = q->kslot_m[done_rtb];
  /* the done's cycle is cyc - 1 now: cyc - 1 - start = cyc + ~start */
  const uint32_t smp_val = (uint32_t)((q->cyc + ~q->d_st) & twm);
  /* a clear of the slot in the same cycle wins (the sample is dropped) */
  const int do_sample = done_ok && !d_rest && !(clear_ok && clear_k == s_ks);
  const int s_prof = (int)((q->prof >> q->smp_ks) & 1);
  const uint32_t s_avg = q->avg_s;
  const int64_t ema_step = floor_shift((int64_t)smp_val - (int64_t)s_avg, m->p.ema_sh);
  const uint32_t ema = (uint32_t)((uint64_t)((int64_t)s_avg + ema_step) & twm);
  const uint32_t avg_new = s_prof ? ema : smp_val;

  /* this cycle's threshold x (saturated to 32 bits) */
  const uint32_t sw = q->sw; /* registered: the previous cycle's ctx_bytes >> bw_shift */
  const int pre_walk = q->wk && q->wk_pre;
  const int pre_go = preempt && !pre_walk;
  const int hint_fire = hint_valid && !preempt && policy == KMU_POL_PEP && !pre_walk;
  const int judge = q->arm && policy == KMU_POL_PEP && !preempt && !hint_fire;
  const int ex_end = (q->ex >> 1) == 0; /* the armed window's last cycle (or past it) */
  const uint32_t tl = q->tl; /* pred_launch at the hint, counted down to 0 */
  const int pre_dl = preempt && policy != KMU_POL_PEP; /* X = a + b, one adder */
  const uint32_t x_a = preempt ? (pre_dl ? dl_n : 0) : hint_fire ? pl_n : tl;
  const uint32_t x_b = pre_dl ? 0 : sw;
  const uint64_t x_wide = (uint64_t)x_a + x_b;
  const uint32_t x = sat_tw(x_wide, twm);

  /* the new TB (judge): el = 1, exec = 0: the profile's estimate or unknown (long) */
  const unsigned fi = q->fresh_idx, fk = q->fresh_ks;
  const int f_prof = (int)((q->prof >> fk) & 1);
  const uint32_t f_avg = q->avg_j; /* read at the start's edge (its slot), forwarded */
  const uint32_t f_rem = f_avg > 1 ? f_avg - 1 : 0;
  const int f_long = f_prof ? f_rem > x : 1;
  const int f_ok = q->fresh && ((q->live >> fi) & 1) && ((elig >> fi) & 1) && !((base >> fi) & 1);
  const uint64_t ck_new = f_ok && f_long ? 1ull << fi : 0;

  /* the walk: visit wk_idx; W_RD reads the entry into r_*, the decision works on those */
  const unsigned vi = q->wk_idx;
  const unsigned v_ks = q->kslot_m[vi];
  const uint32_t v_insts = q->w_in, v_exec = q->exec_m[vi]; /* insts read a cycle ahead */
  const int v_cand = (int)((q->wk_cand >> vi) & 1);
  const int v_prof = (int)((q->prof >> v_ks) & 1);
  const int v_unknown = v_insts == 0 || v_exec == 0;
  const unsigned mul_b = tw - 1 - q->mul_n;
  const int el_bit = (int)((q->r_el >> mul_b) & 1), ex_bit = (int)((q->r_ex >> mul_b) & 1);
  /* -X (33-bit two's complement) from wk_x itself: the RTL adds ~X with a carry-in, no register */
  const uint64_t mul_op =
      el_bit ? (ex_bit ? q->r_rmx : q->r_ri) : (ex_bit ? (0 - (uint64_t)q->wk_x) & tw1m : 0);
  const uint64_t mul_next = acc_step(q->mul_acc, mul_op, tw);
  const int mul_long = !((q->mul_acc >> tw) & 1) && q->mul_acc != 0; /* D > 0 */
  const int v_fin = q->wk && (q->wk_st == KMU_PEP_W_DEC || q->wk_st == KMU_PEP_W_FIN);
  const uint64_t r_elx = (uint64_t)q->r_el + q->wk_x;
  const int v_long = q->wk_st == KMU_PEP_W_FIN ? mul_long : q->r_prof ? q->r_avg > r_elx : 1;
  const int v_ok = v_cand && ((elig >> vi) & 1);
  const int v_base = (int)((base >> vi) & 1);
  int v_bit;
  if (!q->wk_pre)
    v_bit = v_ok && !v_base && v_long;
  else if (q->wk_pol == KMU_POL_DRAIN)
    v_bit = 0;
  else if (q->wk_pol == KMU_POL_PEP)
    v_bit = v_ok && (v_base || v_long);
  else
    v_bit = v_ok && v_long;
  const uint64_t wk_bits = q->wk_mask | (v_bit ? 1ull << vi : 0);
  const int wk_end = v_fin && vi == nt - 1 && !pre_go && !hint_fire;
  const uint64_t wk_out = wk_bits & q->wk_cand & elig;

  /* next state */
  KMU_D_FROM_Q(m); /* *d = *q */
  d->cyc = (uint32_t)((q->cyc + 1) & twm);
  d->live = (q->live & ~freed) | (start_ok ? 1ull << start_rtb : 0);
  if (start_ok) d->rest = (d->rest & ~(1ull << start_rtb)) | (uint64_t)start_restored << start_rtb;
  d->fresh = start_ok;
  if (start_ok) {
    d->fresh_idx = start_rtb;
    d->fresh_ks = start_kslot & (unsigned)kmu_mask(m->ks_w);
  }
  if (q->smp) d->prof |= 1ull << q->smp_ks;
  d->smp = do_sample;
  d->smp_ks = s_ks;
  if (clear_ok) d->prof &= ~(1ull << clear_k);
  d->sw = sat_tw(ctx_bytes >> bw_shift, twm);
  d->tl = hint_fire ? (pl_n ? pl_n - 1 : 0) : (q->tl ? q->tl - 1 : 0);
  d->ex = hint_fire ? 2 * (uint64_t)pl_n : (q->ex - 1) & tw1m;
  if (preempt)
    d->arm = 0;
  else if (hint_fire)
    d->arm = 1;
  else if (q->arm && ex_end)
    d->arm = 0;

  d->wk_cand = q->wk_cand & ~freed;
  if (pre_go || hint_fire) { /* a new walk (the request wins over a hint) */
    d->wk = 1;
    d->wk_pre = pre_go;
    d->wk_pol = policy;
    d->wk_x = x;
    d->wk_t = q->cyc;
    d->wk_idx = 0;
    d->wk_cand = q->live & ~freed;
    d->wk_mask = 0;
    d->wk_st = KMU_PEP_W_RD;
  } else if (q->wk) {
    switch (q->wk_st) {
      case KMU_PEP_W_RD: /* read the entry; a candidate with Chimera's estimate: comparator */
        d->r_el = (uint32_t)((q->wk_t - q->w_st) & twm);
        d->r_prof = v_prof;
        d->r_ri = v_insts > v_exec ? v_insts - v_exec : 0;
        d->r_ex = v_exec;
        d->wk_st = v_cand && !v_prof && !v_unknown ? KMU_PEP_W_PREP : KMU_PEP_W_DEC;
        break;
      case KMU_PEP_W_PREP:
        d->r_rmx = ((uint64_t)q->r_ri - q->wk_x) & tw1m;
        d->mul_n = 0;
        d->mul_acc = 0;
        d->wk_st = KMU_PEP_W_MUL;
        break;
      case KMU_PEP_W_MUL:
        d->mul_n = (q->mul_n + 1) & (unsigned)kmu_mask(kmu_clog2(tw));
        d->mul_acc = mul_next;
        if (q->mul_n == tw - 1) d->wk_st = KMU_PEP_W_FIN;
        break;
      default: /* W_DEC, W_FIN: the visit's bit; next entry, or the end */
        d->wk_mask = wk_bits;
        d->wk_st = KMU_PEP_W_RD;
        if (vi == nt - 1)
          d->wk = 0;
        else
          d->wk_idx = vi + 1;
        break;
    }
  }

  d->ckpt_valid = (wk_end && !q->wk_pre) || (judge && ck_new != 0);
  d->ckpt_mask = ((wk_end && !q->wk_pre) ? wk_out : 0) | (judge ? ck_new : 0);
  d->pre_valid = wk_end && q->wk_pre;
  d->pre_mask = wk_end && q->wk_pre ? wk_out : 0;

  /* tables: retire (saturating), then a start of the same entry wins; the sample */
  if (inst_ok && q->exec_m[inst_rtb] != (uint32_t)twm) d->exec_m[inst_rtb] = q->exec_m[inst_rtb] + 1;
  if (start_ok) {
    d->kslot_m[start_rtb] = start_kslot & (unsigned)kmu_mask(m->ks_w);
    d->exec_m[start_rtb] = 0;
    /* start_m / insts_m: the entry's other word, and par flips */
    const unsigned wa = (unsigned)((((q->par >> start_rtb) & 1) ^ 1) << m->rtb_w) | start_rtb;
    d->start_m[wa] = q->cyc;
    d->insts_m[wa] = in_n;
    d->par = q->par ^ (1ull << start_rtb);
  }
  /* their read ports: the done entry's word, the next visit's word (d->wk_idx) */
  const unsigned d_ra = (unsigned)(((q->par >> done_rtb) & 1) << m->rtb_w) | done_rtb;
  const unsigned w_ra = (unsigned)(((q->par >> d->wk_idx) & 1) << m->rtb_w) | d->wk_idx;
  d->d_st = q->start_m[d_ra];
  d->w_st = q->start_m[w_ra];
  d->w_in = q->insts_m[w_ra];
  if (q->smp) d->avg_m[q->smp_ks] = avg_new;
  /* avg_m's read ports, every cycle (an address >= KSLOTS: a don't-care word, 0 here) */
  const unsigned j_ks = start_kslot & (unsigned)kmu_mask(m->ks_w);
  d->avg_j = q->smp && q->smp_ks == j_ks ? avg_new : j_ks < nk ? q->avg_m[j_ks] : 0;
  d->avg_s = q->smp && q->smp_ks == s_ks ? avg_new : s_ks < nk ? q->avg_m[s_ks] : 0;
  d->r_avg = v_ks < nk ? q->avg_m[v_ks] : 0;
}

void kmu_pep_predictor_comb(kmu_pep_predictor *m, const kmu_pep_predictor_in *i,
                            kmu_pep_predictor_out *o) {
  kmu_pep_predictor_comb_out(m, o);
  kmu_pep_predictor_comb_next(m, i, o);
}

void kmu_pep_predictor_tick(kmu_pep_predictor *m) { KMU_Q_FROM_D(m); }
