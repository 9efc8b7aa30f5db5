/* test_kmu_elastic.c - lockstep, scoreboard and directed tests of kmu_elastic
 * (rtl/sched/kmu_elastic.v).
 *
 * Expected values come from the specification (the block's header and docs/blocks/kmu_elastic.md),
 * never from either model.  The scoreboard (sb_*) keeps, from the inputs:
 *   - l_e: the first sample as it is, then l_e +/- (|sample - l_e| >> shift_i); before any
 *     sample l_e reads as sla_i;
 *   - q: + arr_i, - fin_i, unchanged when both; a fin_i at 0 or an arr_i at 2^QW - 1 is refused:
 *     err_o the next cycle, err_cnt_o + 1;
 *   - the timer: a tick in every cycle in which the count has reached period_i - 1 (then it
 *     restarts at 0; period_i = 0: no tick, count held at 0);
 *   - the engine: a trigger (tick or cpl_i) or a remembered one starts it in cycle t when idle,
 *     with l_e and q as they are after t's events; busy_o from t+1 to t+QW+UW+2, upd_o in
 *     t+QW+UW+3 with u_o = min(NSM, ceil(l_e * q / sla_i) << unit_i) (0 when l_e * q = 0; NSM
 *     when sla_i = 0 and l_e * q > 0; unit_i: a user-facing task holds 2^unit_i SMs), computed
 *     here with a multiplication and a division; a trigger while busy is remembered (one), and
 *     starts the engine in the cycle upd_o shows.
 * When sla_i or unit_i changes while the engine runs the value is not predicted (the spec asks
 * the CSRs to be stable while busy_o); the run counts those.
 * The random test alternates calm phases (CSRs fixed, events at phase densities) with noise
 * phases (every input random every cycle); the scoreboard runs in both.  Every bit of every
 * input field is checked to have been 0 and 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_elastic.h"
#include "kmu_tb.h"

static const kmu_elastic_params params = {P_NSM, P_QW, P_TW};
#define KMU_CUR_IN kmu_elastic_in
#define KMU_CUR_OUT kmu_elastic_out
KMU_BLOCK(kmu_elastic, KMU_ELASTIC_IN, KMU_ELASTIC_OUT, &params)

#define NSM P_NSM
#define QW P_QW
#define TW P_TW
#define CLOG2(n) ((n) > 1 ? 64 - __builtin_clzll((unsigned long long)(n) - 1) : 1)
#define UW CLOG2(NSM + 1)
#define LAT (QW + UW + 3) /* trigger -> upd_o */
#define TM kmu_mask(TW)
#define QMAX ((unsigned)kmu_mask(QW))

/* ======================================================================== the specification */
#define F(n, w) {#n, offsetof(kmu_elastic_in, n), (w), 0}
static const kmu_fld flds[] = {F(sla_i, TW),  F(period_i, TW), F(shift_i, 3), F(unit_i, 3), F(arr_i, 1),
                               F(fin_i, 1),   F(smp_valid_i, 1), F(smp_time_i, TW), F(cpl_i, 1)};
#undef F
#define NFLD (sizeof flds / sizeof flds[0])

/* the answer of the spec */
static unsigned spec_u(uint64_t le, unsigned q, uint64_t sla, unsigned unit) {
  const uint64_t L = le * q;
  if (L == 0) return 0;
  if (sla == 0) return NSM;
  const uint64_t tasks = (L + sla - 1) / sla; /* user-facing tasks (the paper's GPUs) */
  if (tasks >= NSM) return NSM;               /* (a task is at least one SM) */
  const uint64_t u = tasks << unit;           /* their SMs */
  return u > NSM ? NSM : (unsigned)u;
}

typedef struct {
  const char *test;
  uint64_t le, tmr;
  int le_ok, pend, err;
  unsigned q, err_cnt, u;
  /* the engine: started in cycle t0 (busy from t0+1), reports in t0+LAT */
  int run;
  uint64_t t0, sla0;
  unsigned unit0;
  int sla_moved;
  unsigned exp_u;
  uint64_t ones[NFLD], zeros[NFLD];
  uint64_t n_upd, n_moved, n_coal, n_err, n_cap, n_zero, n_exact, n_ceil, n_sla0, n_nosmp, n_tick,
      n_back, n_unit, n_unit_cap;
} sb;

static void sb_reset(sb *s, const char *test) {
  memset(s, 0, sizeof *s);
  s->test = test;
}

static int sb_check(sb *s, uint64_t cyc, const kmu_elastic_in *i, const kmu_elastic_out *o) {
  const char *t = s->test;
  int ok = 1;
  kmu_fcov_add(flds, NFLD, i, s->ones, s->zeros);
  /* ---- this cycle's outputs */
  const int rep = s->run && cyc == s->t0 + LAT;
  const int busy = s->run && cyc > s->t0 && cyc < s->t0 + LAT;
  if (rep) {
    s->run = 0;
    s->n_upd++;
    if (s->sla_moved) {
      s->n_moved++;
      s->u = (unsigned)o->u_o; /* not predicted: sla_i/unit_i moved during the recompute */
    } else
      s->u = s->exp_u;
  }
  ok &= KMU_EXPECT_EQ(t, cyc, "upd_o: trigger + QW + UW + 3", rep, o->upd_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "busy_o: the engine runs", busy, o->busy_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "u_o = min(NSM, ceil(l_e * q / SLA) << unit) of the last recompute",
                      s->u, o->u_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "le_o = the running average", s->le, o->le_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "q_o = outstanding user-facing kernels", s->q, o->q_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_o: an arrival/departure refused last cycle", s->err, o->err_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_cnt_o", s->err_cnt, o->err_cnt_o);

  /* ---- this cycle's inputs */
  const uint64_t sla = i->sla_i & TM, period = i->period_i & TM, smp = i->smp_time_i & TM;
  const unsigned sh = (unsigned)i->shift_i & 7, unit = (unsigned)i->unit_i & 7;
  const int arr = (int)(i->arr_i & 1), fin = (int)(i->fin_i & 1), sv = (int)(i->smp_valid_i & 1);
  if (s->run && (sla != s->sla0 || unit != s->unit0)) s->sla_moved = 1;
  uint64_t le = s->le;
  if (sv) {
    if (!s->le_ok)
      le = smp;
    else if (smp >= s->le)
      le = s->le + ((smp - s->le) >> sh);
    else
      le = s->le - ((s->le - smp) >> sh);
  }
  const int under = fin && !arr && s->q == 0, over = arr && !fin && s->q == QMAX;
  unsigned qn = s->q;
  if (!under && !over) qn = arr && !fin ? s->q + 1 : fin && !arr ? s->q - 1 : s->q;
  const int tick = period != 0 && s->tmr + 1 >= period;
  const int trig = tick || (i->cpl_i & 1);
  const int idle = !s->run || cyc >= s->t0 + LAT;
  const int start = idle && (trig || s->pend);
  if (tick) s->n_tick++;
  if (start) {
    const uint64_t le_eff = (sv || s->le_ok) ? le : sla;
    if (!sv && !s->le_ok) s->n_nosmp++;
    s->run = 1;
    s->t0 = cyc;
    s->sla0 = sla;
    s->unit0 = unit;
    s->sla_moved = 0;
    s->exp_u = spec_u(le_eff, qn, sla, unit);
    const uint64_t L = le_eff * qn;
    if (L == 0) s->n_zero++;
    else if (sla == 0) s->n_sla0++;
    else if ((L + sla - 1) / sla > NSM) s->n_cap++;
    else {
      if (L % sla == 0) s->n_exact++;
      else s->n_ceil++;
      if (unit && s->exp_u < NSM) s->n_unit++; /* the shift shows in U (NSM >= 4) */
      if (unit && s->exp_u == NSM && spec_u(le_eff, qn, sla, 0) < NSM) s->n_unit_cap++;
    }
  }
  if (start && rep) s->n_back++; /* restarted in the cycle the last answer shows */
  if (trig && !start && s->pend) s->n_coal++;
  s->pend = (trig && !start) ? 1 : start ? 0 : s->pend;
  s->tmr = tick ? 0 : period == 0 ? 0 : (s->tmr + 1) & TM;
  s->err = under || over;
  if (under || over) {
    s->err_cnt = s->err_cnt == 0xffff ? s->err_cnt : s->err_cnt + 1;
    s->n_err++;
  }
  s->q = qn;
  s->le = le;
  s->le_ok |= sv;
  return ok;
}

static int sb_bits(const sb *s) {
  return kmu_fcov_check(s->test, 0, flds, NFLD, s->ones, s->zeros);
}

/* ======================================================================== random lockstep */
typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t cycles, phase_end;
  sb s;
  int noise;
  unsigned d_arr, d_fin, d_smp, d_cpl, smp_w;
  int round; /* samples and SLA from a few round numbers: exact quotients */
  uint64_t sla, period;
  unsigned shift, unit;
  uint64_t n_noise;
} env;

static const uint64_t round_t[] = {1, 2, 4, 5, 10, 20, 50, 100};
static uint64_t pick_time(kmu_rng *r) {
  switch (kmu_rng_below(r, 5)) {
    case 0: return kmu_rng_below(r, 8);
    case 4: return round_t[kmu_rng_below(r, 8)];
    case 1: return 1 + kmu_rng_below(r, 2000);
    case 2: return kmu_rng_bits(r, 20);
    default: return kmu_rng_bits(r, TW);
  }
}

static void new_phase(env *x, uint64_t cyc) {
  kmu_rng *r = &x->rng;
  x->noise = kmu_rng_pct(r, 25);
  static const unsigned d[] = {0, 1, 5, 20, 50, 90};
  x->d_arr = d[kmu_rng_below(r, 6)];
  x->d_fin = d[kmu_rng_below(r, 6)];
  x->d_smp = d[kmu_rng_below(r, 6)];
  x->d_cpl = d[kmu_rng_below(r, 6)];
  x->sla = pick_time(r);
  static const uint64_t pe[] = {0, 1, 2, 7, 30, 500};
  x->period = kmu_rng_pct(r, 80) ? pe[kmu_rng_below(r, 6)] : kmu_rng_bits(r, TW);
  x->shift = (unsigned)kmu_rng_below(r, 8);
  /* mostly SMs or small tasks (1, 2, 4 SMs); every value sometimes */
  x->unit = kmu_rng_pct(r, 70) ? (unsigned)kmu_rng_below(r, 3) : (unsigned)kmu_rng_below(r, 8);
  x->round = !x->noise && kmu_rng_pct(r, 30);
  if (x->round) {
    x->sla = round_t[kmu_rng_below(r, 8)];
    x->shift = 0;
  }
  x->phase_end = cyc + 200 + kmu_rng_below(r, x->noise ? 500 : 4000);
  x->n_noise += (uint64_t)x->noise;
}

static void rnd_init(void *c, uint64_t seed) {
  env *x = c;
  const char *t = x->test;
  const uint64_t cy = x->cycles;
  memset(x, 0, sizeof *x);
  x->test = t, x->cycles = cy;
  sb_reset(&x->s, t);
  kmu_rng_seed(&x->rng, seed);
  new_phase(x, 0);
  /* the run starts without samples (l_e reads as SLA) */
  x->noise = 0;
  x->d_smp = 0;
  x->d_cpl = 20;
  x->d_arr = 20;
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in_) {
  env *x = c;
  kmu_rng *r = &x->rng;
  kmu_elastic_in *in = in_;
  (void)pi, (void)po;
  if (cyc >= x->phase_end) new_phase(x, cyc);
  if (x->noise) {
    in->sla_i = kmu_rng_pct(r, 80) ? x->sla : pick_time(r);
    in->period_i = kmu_rng_pct(r, 80) ? x->period : kmu_rng_bits(r, TW);
    in->shift_i = kmu_rng_bits(r, 3);
    in->unit_i = kmu_rng_pct(r, 80) ? x->unit : kmu_rng_bits(r, 3);
  } else {
    in->sla_i = x->sla;
    in->period_i = x->period;
    in->shift_i = x->shift;
    in->unit_i = x->unit;
  }
  in->arr_i = kmu_rng_pct(r, x->d_arr);
  in->fin_i = kmu_rng_pct(r, x->d_fin);
  in->smp_valid_i = kmu_rng_pct(r, x->d_smp);
  in->smp_time_i = x->round ? round_t[kmu_rng_below(r, 8)] : pick_time(r);
  in->cpl_i = kmu_rng_pct(r, x->d_cpl);
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *i, const void *o) {
  env *x = c;
  return sb_check(&x->s, cyc, i, o);
}

static int rnd_finish(void *c) {
  env *x = c;
  sb *s = &x->s;
  int ok = sb_bits(s);
  if (!kmu_tb_quiet())
    printf("  %s: %llu recomputes (U = 0: %llu, exact: %llu, rounded up: %llu, capped: %llu, SLA 0: "
           "%llu, no sample yet: %llu, SLA moved: %llu, unit shifted: %llu, unit to the cap: %llu), ticks %llu, coalesced triggers %llu, "
           "refusals %llu, noise phases %llu\n",
           s->test, (unsigned long long)s->n_upd, (unsigned long long)s->n_zero,
           (unsigned long long)s->n_exact, (unsigned long long)s->n_ceil,
           (unsigned long long)s->n_cap, (unsigned long long)s->n_sla0,
           (unsigned long long)s->n_nosmp, (unsigned long long)s->n_moved,
           (unsigned long long)s->n_unit, (unsigned long long)s->n_unit_cap,
           (unsigned long long)s->n_tick, (unsigned long long)s->n_coal,
           (unsigned long long)s->n_err, (unsigned long long)x->n_noise);
  ok &= kmu_expect(s->n_zero && s->n_exact && s->n_ceil && s->n_cap && s->n_sla0 && s->n_nosmp &&
                       s->n_coal && s->n_err && (s->n_unit || NSM < 4) && s->n_unit_cap,
                   s->test, 0, "coverage: every kind of answer, the unit, coalescing, refusals", 1,
                   0);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  env *x = calloc(1, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  kmu_stim s = {x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  const int ok = kmu_lockstep_mid_reset(&kmu_elastic_block, &s, test, seed, cycles);
  free(x);
  return ok;
}

/* ======================================================================== directed */
/* A script of cycles: the CSRs in force, the events of the cycle, and an optional expectation
 * on u_o / le_o / q_o / upd_o in that cycle (the values worked out by hand from the spec). */
typedef struct {
  uint64_t at;
  int a; /* 0 CSRs, 1 arr, 2 fin, 3 sample, 4 cpl, 5 expect u at upd, 6 expect le, 7 expect upd */
  uint64_t v, w, z;
} dstep;
enum { D_CSR, D_ARR, D_FIN, D_SMP, D_CPL, D_U, D_LE, D_UPD, D_UNIT };
#define DMAX 1024
typedef struct {
  sb s;
  dstep st[DMAX];
  unsigned n;
  uint64_t sla, period, shift, unit, end;
} dprog;
static void d_add(dprog *p, uint64_t at, int a, uint64_t v, uint64_t w, uint64_t z) {
  if (p->n >= DMAX) exit(2);
  p->st[p->n++] = (dstep){at, a, v, w, z};
}
static void d_init(void *c, uint64_t seed) {
  dprog *p = c;
  (void)seed;
  const char *t = p->s.test;
  sb_reset(&p->s, t);
  p->sla = p->period = p->shift = p->unit = 0;
}
static int d_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in_) {
  dprog *p = c;
  kmu_elastic_in *in = in_;
  (void)pi, (void)po;
  memset(in, 0, sizeof *in);
  for (unsigned k = 0; k < p->n; k++) {
    const dstep *s = &p->st[k];
    if (s->at != cyc) continue;
    if (s->a == D_CSR) p->sla = s->v, p->period = s->w, p->shift = s->z;
    if (s->a == D_ARR) in->arr_i = 1;
    if (s->a == D_FIN) in->fin_i = 1;
    if (s->a == D_SMP) in->smp_valid_i = 1, in->smp_time_i = s->v;
    if (s->a == D_CPL) in->cpl_i = 1;
    if (s->a == D_UNIT) p->unit = s->v;
  }
  in->sla_i = p->sla;
  in->period_i = p->period;
  in->shift_i = p->shift;
  in->unit_i = p->unit;
  return cyc < p->end;
}
static int d_check(void *c, uint64_t cyc, const void *i, const void *o_) {
  dprog *p = c;
  const kmu_elastic_out *o = o_;
  int ok = sb_check(&p->s, cyc, i, o_);
  for (unsigned k = 0; k < p->n; k++) {
    const dstep *s = &p->st[k];
    if (s->at != cyc) continue;
    char w[120];
    if (s->a == D_U) {
      snprintf(w, sizeof w, "u_o after the recompute (%s)", (const char *)(uintptr_t)s->w);
      ok &= KMU_EXPECT_EQ(p->s.test, cyc, "upd_o with the answer", 1, o->upd_o);
      ok &= KMU_EXPECT_EQ(p->s.test, cyc, w, s->v, o->u_o);
    }
    if (s->a == D_LE) ok &= KMU_EXPECT_EQ(p->s.test, cyc, "le_o (running average)", s->v, o->le_o);
    if (s->a == D_UPD) ok &= KMU_EXPECT_EQ(p->s.test, cyc, "upd_o", s->v, o->upd_o);
  }
  return ok;
}
static int d_run(dprog *p) {
  kmu_stim s = {p, d_init, d_drive, d_check, NULL};
  return kmu_lockstep(&kmu_elastic_block, &s, p->s.test, 1, 100000);
}
#define CSR(t, sla, per, sh) d_add(p, (t), D_CSR, (sla), (per), (sh))
#define ARR(t) d_add(p, (t), D_ARR, 0, 0, 0)
#define FIN(t) d_add(p, (t), D_FIN, 0, 0, 0)
#define SMP(t, v) d_add(p, (t), D_SMP, (v), 0, 0)
#define CPL(t) d_add(p, (t), D_CPL, 0, 0, 0)
/* a completion in cycle t (nothing else pending): the answer U in t + LAT */
#define ASK(t, U, why)                                             \
  do {                                                             \
    CPL(t);                                                        \
    d_add(p, (t) + LAT, D_U, (U), (uint64_t)(uintptr_t)(why), 0); \
  } while (0)
#define CAP(u) ((u) > NSM ? NSM : (u))

/* Equations 1-2 on worked numbers */
static int t_formula(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = calloc(1, sizeof *p);
  p->s.test = test;
  uint64_t c = 1;
  CSR(0, 100, 0, 0);
  ASK(c, 0, "q = 0");
  c += 30;
  ARR(c);
  ASK(c + 1, 1, "no sample yet: l_e = SLA, q = 1 -> 1");
  c += 30;
  SMP(c, 100);
  ASK(c + 1, 1, "l_e 100, q 1, SLA 100 -> 1 exactly");
  c += 30;
  CSR(c, 99, 0, 0);
  ASK(c + 1, CAP(2), "100 / 99 -> ceil 2");
  c += 30;
  CSR(c, 200, 0, 0);
  ASK(c + 1, 1, "100 / 200 -> ceil 1");
  c += 30;
  ARR(c);
  CSR(c, 100, 0, 0);
  ASK(c + 1, CAP(2), "l_e 100, q 2 -> 2");
  c += 30;
  ARR(c);
  ASK(c + 1, CAP(3), "q 3 -> 3, capped at NSM");
  c += 30;
  CSR(c, 0, 0, 0);
  ASK(c + 1, NSM, "SLA 0 -> every SM");
  c += 30;
  CSR(c, 1, 0, 0);
  SMP(c, 0xffffffffull & kmu_mask(TW)); /* shift 0: the new sample replaces l_e */
  ASK(c + 1, NSM, "a huge l_e -> capped at NSM");
  c += 30;
  /* the completion's own departure counts in the recompute it triggers */
  FIN(c);
  FIN(c + 1);
  CSR(c, 0, 0, 0);
  FIN(c + 2);
  ASK(c + 2, 0, "the last departure with its completion: q 0 -> 0");
  c += 30;
  p->end = c + 5;
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* the unit (TR_CTRL.UNIT): ceil(l_e q / SLA) tasks of 2^unit SMs each, capped at NSM.  The
 * numbers are the study's: SLA 1,000 cycles, a paper GPU (one task) = 4 SMs (unit 2) */
static int t_unit(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = calloc(1, sizeof *p);
  p->s.test = test;
  uint64_t c = 1;
  CSR(0, 1000, 0, 0);
  d_add(p, 0, D_UNIT, 2, 0, 0);
  ARR(c);
  SMP(c, 348); /* l_e 348 (Table III's mean user-facing task at 5 cycles per ms) */
  ASK(c + 1, CAP(4), "348 / 1000 -> 1 task -> 4 SMs");
  c += 30;
  ARR(c);
  ARR(c + 1);
  ASK(c + 2, CAP(8), "3 x 348 = 1044 / 1000 -> 2 tasks -> 8 SMs");
  c += 30;
  d_add(p, c, D_UNIT, 0, 0, 0);
  ASK(c + 1, CAP(2), "unit 0: 2 SMs");
  c += 30;
  d_add(p, c, D_UNIT, 1, 0, 0);
  ASK(c + 1, CAP(4), "unit 1: 2 tasks of 2 SMs");
  c += 30;
  d_add(p, c, D_UNIT, 2, 0, 0);
  CSR(c, 250, 0, 0);
  ASK(c + 1, CAP(16), "1044 / 250 -> 5 tasks -> 20 SMs, capped");
  c += 30;
  CSR(c, 349, 0, 0);
  ASK(c + 1, CAP(12), "1044 / 349 -> 3 tasks (2.99) -> 12 SMs");
  c += 30;
  d_add(p, c, D_UNIT, 7, 0, 0);
  CSR(c, 0xffffffffull & kmu_mask(TW), 0, 0);
  ASK(c + 1, NSM, "1 task of 128 SMs -> capped at NSM");
  c += 30;
  FIN(c);
  FIN(c + 1);
  FIN(c + 2);
  ASK(c + 2, 0, "q 0 -> 0, whatever the unit");
  c += 30;
  p->end = c + 5;
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* the running average: first sample, then 2^-shift of the difference, up and down */
static int t_average(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = calloc(1, sizeof *p);
  p->s.test = test;
  CSR(0, 1000, 0, 1);
  SMP(2, 100);
  d_add(p, 3, D_LE, 100, 0, 0);
  SMP(4, 200);
  d_add(p, 5, D_LE, 150, 0, 0); /* 100 + 100/2 */
  CSR(6, 1000, 0, 2);
  SMP(6, 50);
  d_add(p, 7, D_LE, 125, 0, 0); /* 150 - 100/4 */
  CSR(8, 1000, 0, 7);
  SMP(8, 126);
  d_add(p, 9, D_LE, 125, 0, 0); /* 125 + 1/128 = 125 */
  p->end = 12;
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* the timer, the latency, coalescing, the refusals */
static int t_timing(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = calloc(1, sizeof *p);
  p->s.test = test;
  const unsigned per = LAT + 20;
  /* timer from cycle 0: ticks in cycles per-1, 2*per-1, ...: upd_o LAT later */
  CSR(0, 10, per, 0);
  for (unsigned k = 1; k <= 3; k++) {
    d_add(p, (uint64_t)k * per - 1 + LAT, D_UPD, 1, 0, 0);
    d_add(p, (uint64_t)k * per - 1 + LAT - 1, D_UPD, 0, 0, 0);
  }
  /* timer off; two completions while the engine runs: one more recompute, right after */
  const uint64_t b = 4 * per;
  CSR(b - 5, 10, 0, 0);
  CPL(b);
  CPL(b + 2);
  CPL(b + 3);
  d_add(p, b + LAT, D_UPD, 1, 0, 0);
  d_add(p, b + 2 * LAT, D_UPD, 1, 0, 0); /* restarted in b+LAT, reports LAT later */
  d_add(p, b + 2 * LAT + 1, D_UPD, 0, 0, 0);
  d_add(p, b + 3 * LAT, D_UPD, 0, 0, 0);
  /* refusals: a departure at q = 0 */
  FIN(b + 3 * LAT + 2);
  /* QMAX arrivals, then one more */
  const uint64_t a = b + 3 * LAT + 5;
  for (unsigned k = 0; k <= QMAX; k++) ARR(a + k);
  p->end = a + QMAX + 5;
  int ok = d_run(p);
  ok &= KMU_EXPECT_EQ(test, p->end, "refusals (a departure at 0, an arrival at the maximum)", 2,
                      p->s.err_cnt);
  ok &= KMU_EXPECT_EQ(test, p->end, "q after 2^QW arrivals", QMAX, p->s.q);
  free(p);
  return ok;
}

static const kmu_test tests[] = {
    {"formula", t_formula, 0, 0},
    {"unit", t_unit, 0, 0},
    {"average", t_average, 0, 0},
    {"timing", t_timing, 0, 0},
    {"random", t_random, 200000, 5},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_elastic_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
