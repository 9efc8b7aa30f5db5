/* test_kmu_pep_predictor.c - lockstep, scoreboard and directed tests of kmu_pep_predictor
 * (rtl/preempt/kmu_pep_predictor.v).  Every expected value comes from docs/pep-interfaces.md
 * section 3 and docs/blocks/kmu_pep_predictor.md, never from the model.  The random test plays
 * an SM (TBs of a few kernel slots with random lengths and instruction rates, starts, retired
 * instructions, finishes, evictions after switch decisions, base checkpoints after checkpoint
 * decisions) under random hints, preemption requests, policies, CSR values and bad inputs; its
 * scoreboard keeps its own copy of the spec state (entries, EMA profile, hint) and computes
 * rem() by division (quotient and remainder), not by the model's cross-multiplication.  Directed tests replay PEP Fig. 3 cases (a)-(e), misprediction,
 * Chimera's deadline, the edges of the new TB's and of Chimera's judgements, the unknown
 * estimate, the EMA, the same-cycle rules and every bad input with expected masks worked out by
 * hand in the comments. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kmu_pep_predictor.h"
#include "kmu_tb.h"

static const kmu_pep_predictor_params params = {P_TBS, P_KSLOTS, P_EMA_SH, P_TW};
#define KMU_CUR_IN kmu_pep_predictor_in
#define KMU_CUR_OUT kmu_pep_predictor_out
KMU_BLOCK(kmu_pep_predictor, KMU_PEP_PREDICTOR_IN, KMU_PEP_PREDICTOR_OUT, &params)

#define NT P_TBS
#define NK P_KSLOTS
#define RTB_W (NT > 32 ? 6 : NT > 16 ? 5 : NT > 8 ? 4 : NT > 4 ? 3 : NT > 2 ? 2 : 1)
/* TW: times and counts modulo 2^TW, a time or count input >= 2^TW reads as 2^TW - 1 (the
 * tests keep every TB's life below 2^TW cycles, so elapsed times and samples are exact) */
#define TWP (1ull << P_TW)
#define TWM (TWP - 1)
static uint64_t sat_tw(uint64_t v) { return v > TWM ? TWM : v; }
#define DRAIN KMU_POL_DRAIN
#define CHIM KMU_POL_CHIMERA
#define CHIMD KMU_POL_CHIMERA_DIRTY
#define PEP KMU_POL_PEP

static uint64_t allt(void) { return kmu_mask(NT); }

/* ======================================================================== random lockstep */
typedef struct {
  int live, fresh, rest;
  uint64_t start, insts, exec;
  unsigned ks;
} sb_tb;

enum { E_START, E_INST, E_DONE, E_EVICT, E_CLEAR, E_N };
enum { C_PROF_LONG, C_PROF_SHORT, C_CHIM_LONG, C_CHIM_SHORT, C_UNKNOWN, C_N };

typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t cycles;
  /* the spec state */
  sb_tb tb[NT];
  int prof[NK];
  uint64_t avg[NK];
  /* a done's profile sample lands one edge later (a clear of its slot in either cycle wins) */
  int pend;
  unsigned pend_ks;
  uint64_t pend_s;
  int armed;
  uint64_t hint_at, hint_pl; /* the last hint's cycle and pred_launch_i then */
  uint64_t sw_prev;          /* ctx_bytes_i >> bw_shift_i of the previous cycle (0 after reset) */
  /* the walk (two cycles per entry: read, decide; a Chimera estimate TW + 1 more) */
  int wk, wk_pre;
  unsigned wk_pol, wk_idx, wk_left;
  uint64_t wk_x, wk_t, wk_cand, wk_mask;
  int rd_prof, rd_chim; /* the visited entry as read in the visit's first cycle */
  uint64_t rd_avg, rd_exec;
  int e_ckv, e_prv;      /* expected registered outputs of this cycle */
  uint64_t e_ckm, e_prm;
  /* the test-side SM */
  uint64_t len[NT], evict_at[NT], base_at[NT];
  int has_base[NT];
  unsigned act[4], nact;                                  /* kernel slots in use */
  unsigned klen[4], kjit[4], krate[4], kknown[4];         /* per active slot */
  unsigned start_pct, inst_pct, bad_pct, rest_pct, elig_pct; /* percent */
  unsigned hint_pm, pre_pm, evict_pm, clear_pm;           /* per mille */
  unsigned policy;
  uint32_t pl, deadline, ctx, bws;
  uint64_t phase_end;
  unsigned n_phase;
  /* coverage */
  uint64_t n_hint, n_hint_ck, n_hint_drain, n_judge_ck, n_judge_short, n_pre[4], n_pre_base,
      n_pre_mispred, n_pre_drain, n_cat[C_N], n_err[E_N], n_hint_pre, n_same_entry, n_rearm,
      n_expire, n_sat, n_starts, n_dones, n_evicts;
} rnd_ctx;

static unsigned rnd_range(kmu_rng *g, unsigned lo, unsigned hi) { /* [lo, hi] */
  return hi <= lo ? lo : lo + (unsigned)kmu_rng_below(g, (uint64_t)hi - lo + 1);
}
static int pm(kmu_rng *g, unsigned per_mille) { return kmu_rng_below(g, 1000) < per_mille; }

static void new_phase(rnd_ctx *x, uint64_t cyc) {
  kmu_rng *g = &x->rng;
  static const unsigned pol[] = {PEP, PEP, PEP, PEP, CHIM, CHIM, CHIMD, DRAIN};
  x->policy = pol[kmu_rng_below(g, 8)];
  /* the launch prediction, the switch time and the deadline around the TB lengths, sometimes
   * huge (the thresholds saturate at 2^32-1) */
  const int quiet = kmu_rng_pct(g, 30); /* few hints and requests: the hint expires */
  /* (every eighth phase saturates, so each seed covers it) */
  x->pl = (kmu_rng_pct(g, 12) || x->n_phase++ % 8 == 3) ? 0xffffffffu - rnd_range(g, 0, 100)
          : quiet            ? rnd_range(g, 0, 300)
                             : rnd_range(g, 0, 1000);
  x->bws = rnd_range(g, 0, 12);
  uint32_t swt = rnd_range(g, 0, 1000);
  if (((uint64_t)swt << x->bws) > 0xffffffu) swt = 0xffffffu >> x->bws;
  x->ctx = (swt << x->bws) | (uint32_t)kmu_rng_bits(g, x->bws ? x->bws : 1) % (1u << x->bws);
  if (kmu_rng_pct(g, 5)) x->ctx = (uint32_t)kmu_rng_bits(g, 24), x->bws = rnd_range(g, 0, 15);
  if (x->pl > 0x80000000u) x->policy = PEP; /* a hint threshold that saturates */
  x->deadline = kmu_rng_pct(g, 5) ? (uint32_t)kmu_rng_bits(g, 32) : rnd_range(g, 0, 3000);
  /* kernels in up to 4 slots */
  x->nact = rnd_range(g, 1, NK < 4 ? NK : 4);
  for (unsigned a = 0; a < x->nact; a++) {
    unsigned k;
    int dup;
    do {
      k = (unsigned)kmu_rng_below(g, NK);
      dup = 0;
      for (unsigned b = 0; b < a; b++) dup |= x->act[b] == k;
    } while (dup);
    x->act[a] = k;
    x->klen[a] = kmu_rng_pct(g, 40) ? rnd_range(g, 5, 200) : rnd_range(g, 200, 5000);
    x->kjit[a] = rnd_range(g, 0, x->klen[a] / 4);
    x->krate[a] = rnd_range(g, 5, 100);
    x->kknown[a] = rnd_range(g, 0, 100);
  }
  x->start_pct = rnd_range(g, 5, 60);
  x->inst_pct = rnd_range(g, 20, 100);
  x->bad_pct = rnd_range(g, 0, 3);
  x->rest_pct = rnd_range(g, 0, 20);
  x->elig_pct = rnd_range(g, 70, 100);
  x->hint_pm = quiet ? rnd_range(g, 1, 3) : rnd_range(g, 1, 20);
  x->pre_pm = quiet ? rnd_range(g, 0, 1) : rnd_range(g, 1, 8);
  x->evict_pm = rnd_range(g, 0, 5);
  x->clear_pm = rnd_range(g, 0, 3);
  x->phase_end = cyc + 2000 + kmu_rng_below(g, 6000);
}

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  uint64_t cycles = x->cycles;
  memset(x, 0, sizeof *x);
  x->test = t;
  x->cycles = cycles;
  kmu_rng_seed(&x->rng, seed);
  new_phase(x, 0);
}

static unsigned act_idx(const rnd_ctx *x, unsigned ks) { /* the active-slot index of ks */
  for (unsigned a = 0; a < x->nact; a++)
    if (x->act[a] == ks) return a;
  return 0; /* a slot no longer active behaves like the first active one */
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  kmu_pep_predictor_in *i = in;
  const kmu_pep_predictor_out *o = po;
  kmu_rng *g = &x->rng;
  (void)pi;
  memset(i, 0, sizeof *i);
  if (cyc >= x->phase_end) new_phase(x, cyc);
  i->policy_i = x->policy;
  i->pred_launch_i = x->pl;
  i->deadline_i = x->deadline;
  i->ctx_bytes_i = x->ctx;
  i->bw_shift_i = x->bws;

  /* react to last cycle's decisions: checkpointed TBs get a base a while later, switched TBs
   * are evicted a while later (the save) */
  if (cyc > 0 && o->ckpt_valid_o)
    for (unsigned e = 0; e < NT; e++)
      if ((o->ckpt_mask_o >> e) & 1 && x->tb[e].live) x->base_at[e] = cyc + rnd_range(g, 0, 30);
  if (cyc > 0 && o->pre_valid_o)
    for (unsigned e = 0; e < NT; e++)
      if ((o->pre_switch_mask_o >> e) & 1 && x->tb[e].live && !x->evict_at[e])
        x->evict_at[e] = cyc + rnd_range(g, 0, 40);
  for (unsigned e = 0; e < NT; e++) {
    if (x->base_at[e] && x->base_at[e] <= cyc) x->has_base[e] = 1, x->base_at[e] = 0;
    int el = x->tb[e].live ? kmu_rng_pct(g, x->elig_pct) : kmu_rng_pct(g, 10);
    int bs = x->has_base[e] ^ kmu_rng_pct(g, 2);
    i->elig_i |= (uint64_t)el << e;
    i->base_i |= (uint64_t)bs << e;
  }

  /* done: a live TB past its length */
  unsigned off = (unsigned)kmu_rng_below(g, NT);
  int done_e = -1, evict_e = -1;
  for (unsigned j = 0; j < NT; j++) {
    unsigned e = (off + j) % NT;
    if (x->tb[e].live && cyc - x->tb[e].start >= x->len[e]) {
      done_e = (int)e;
      break;
    }
  }
  if (kmu_rng_pct(g, x->bad_pct)) {
    i->tb_done_valid_i = 1;
    i->tb_done_rtb_i = kmu_rng_bits(g, RTB_W);
  } else if (done_e >= 0) {
    i->tb_done_valid_i = 1;
    i->tb_done_rtb_i = (unsigned)done_e;
  }
  /* evict: a switched TB after its save, or now and then any live TB */
  off = (unsigned)kmu_rng_below(g, NT);
  for (unsigned j = 0; j < NT; j++) {
    unsigned e = (off + j) % NT;
    if (x->tb[e].live && ((x->evict_at[e] && x->evict_at[e] <= cyc) || pm(g, x->evict_pm))) {
      evict_e = (int)e;
      break;
    }
  }
  if (kmu_rng_pct(g, x->bad_pct)) {
    i->tb_evict_valid_i = 1;
    i->tb_evict_rtb_i = kmu_rng_bits(g, RTB_W);
  } else if (evict_e >= 0) {
    i->tb_evict_valid_i = 1;
    i->tb_evict_rtb_i = (unsigned)evict_e;
  }
  /* one retired warp instruction, of a random live TB at its kernel's rate */
  if (kmu_rng_pct(g, x->bad_pct)) {
    i->tb_inst_valid_i = 1;
    i->tb_inst_rtb_i = kmu_rng_bits(g, RTB_W);
  } else if (kmu_rng_pct(g, x->inst_pct)) {
    unsigned e = (unsigned)kmu_rng_below(g, NT);
    if (x->tb[e].live && kmu_rng_pct(g, x->krate[act_idx(x, x->tb[e].ks)])) {
      i->tb_inst_valid_i = 1;
      i->tb_inst_rtb_i = e;
    }
  }
  /* start: a free entry (often the one freed in this very cycle) */
  if (kmu_rng_pct(g, x->start_pct)) {
    unsigned freed[NT], nf = 0, same = NT;
    for (unsigned e = 0; e < NT; e++) {
      int fr = (i->tb_done_valid_i && i->tb_done_rtb_i == e && x->tb[e].live) ||
               (i->tb_evict_valid_i && i->tb_evict_rtb_i == e && x->tb[e].live);
      if (fr) same = e;
      if (!x->tb[e].live || fr) freed[nf++] = e;
    }
    if (nf) {
      unsigned a = (unsigned)kmu_rng_below(g, x->nact);
      unsigned e = (same < NT && kmu_rng_pct(g, 40)) ? same : freed[kmu_rng_below(g, nf)];
      unsigned len = x->klen[a] - x->kjit[a] + rnd_range(g, 0, 2 * x->kjit[a]);
      if (len == 0) len = 1;
      uint64_t insts = 0;
      if (kmu_rng_pct(g, x->kknown[a])) /* announced, with a random error */
        insts = (uint64_t)len * x->krate[a] * rnd_range(g, 50, 150) / 10000 / (NT > 8 ? 4 : 1);
      i->tb_start_valid_i = 1;
      i->tb_start_rtb_i = e;
      i->tb_start_kslot_i = x->act[a];
      i->tb_start_insts_i = insts;
      i->tb_start_restored_i = kmu_rng_pct(g, x->rest_pct);
      x->len[e] = len; /* used only if the start is accepted (the scoreboard says) */
    }
  }
  if (kmu_rng_pct(g, x->bad_pct)) { /* a bad start: any entry, sometimes a slot >= KSLOTS */
    i->tb_start_valid_i = 1;
    i->tb_start_rtb_i = kmu_rng_bits(g, RTB_W);
    i->tb_start_kslot_i = kmu_rng_pct(g, 50) ? kmu_rng_bits(g, 8) : x->act[0];
    i->tb_start_insts_i = kmu_rng_bits(g, 32);
    i->tb_start_restored_i = kmu_rng_bits(g, 1);
    x->len[i->tb_start_rtb_i % NT] = rnd_range(g, 1, 3000);
  }
  /* a new kernel in a slot */
  if (pm(g, x->clear_pm) || kmu_rng_pct(g, x->bad_pct)) {
    i->kslot_clear_valid_i = 1;
    i->kslot_clear_i = kmu_rng_pct(g, 70) ? x->act[kmu_rng_below(g, x->nact)] : kmu_rng_bits(g, 8);
  }
  i->hint_valid_i = pm(g, x->hint_pm);
  i->preempt_valid_i = pm(g, x->pre_pm);
  if (kmu_rng_pct(g, 1)) i->hint_valid_i = i->preempt_valid_i = 1; /* same cycle: preempt wins */
  return 1;
}

/* rem(e) > X by the spec, computing rem itself from el and exec: profile avg - el, else
 * Chimera's (insts - exec) * el / exec as quotient and remainder; unknown counts as longer than
 * anything */
static int sb_long(const rnd_ctx *x, unsigned e, uint64_t el, int prof, uint64_t avg,
                   uint64_t exec, uint64_t X, int chim, unsigned *cat) {
  const sb_tb *b = &x->tb[e];
  int lg;
  if (prof && !chim) { /* (the kind of estimate is chosen at the visit) */
    uint64_t rem = avg > el ? avg - el : 0;
    lg = rem > X;
    *cat = lg ? C_PROF_LONG : C_PROF_SHORT;
  } else if ((b->insts == 0 || exec == 0) && !chim) {
    lg = 1;
    *cat = C_UNKNOWN;
  } else {
    uint64_t left = b->insts > exec ? b->insts - exec : 0;
    /* the exact quotient exceeds the integer X iff its integer part does, or equals X with a
     * remainder */
    const uint64_t qt = left * el / exec, rm = left * el % exec;
    lg = qt > X || (qt == X && rm != 0);
    *cat = lg ? C_CHIM_LONG : C_CHIM_SHORT;
  }
  return lg;
}

/* a Chimera estimate (the engine spends TW more cycles on it) */
static int sb_chimera(const rnd_ctx *x, unsigned e) {
  const sb_tb *b = &x->tb[e];
  return !x->prof[b->ks] && b->insts != 0 && b->exec != 0;
}

/* avg + floor((s - avg) / 2^EMA_SH) */
static uint64_t sb_ema(uint64_t avg, uint64_t s) {
  const int64_t dv = (int64_t)1 << P_EMA_SH, dl = (int64_t)s - (int64_t)avg;
  int64_t fl = dl / dv;
  if (dl % dv != 0 && dl < 0) fl--;
  return (uint64_t)((int64_t)avg + fl);
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_pep_predictor_in *i = ip;
  const kmu_pep_predictor_out *o = op;
  const char *t = x->test;
  int ok = 1;

  /* the registered outputs the spec requires now */
  uint64_t live = 0, prof = 0;
  for (unsigned e = 0; e < NT; e++) live |= (uint64_t)x->tb[e].live << e;
  for (unsigned k = 0; k < NK; k++) prof |= (uint64_t)x->prof[k] << k;
  ok &= KMU_EXPECT_EQ(t, cyc, "ckpt_valid_o", x->e_ckv, o->ckpt_valid_o);
  if (x->e_ckv) ok &= KMU_EXPECT_EQ(t, cyc, "ckpt_mask_o", x->e_ckm, o->ckpt_mask_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "pre_valid_o", x->e_prv, o->pre_valid_o);
  if (x->e_prv) ok &= KMU_EXPECT_EQ(t, cyc, "pre_switch_mask_o", x->e_prm, o->pre_switch_mask_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "armed_o", x->armed, o->armed_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "busy_o", x->wk && x->wk_pre, o->busy_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "live_o", live, o->live_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "prof_valid_o", prof, o->prof_valid_o);

  /* input checks */
  const unsigned srtb = (unsigned)i->tb_start_rtb_i, irtb = (unsigned)i->tb_inst_rtb_i;
  const unsigned drtb = (unsigned)i->tb_done_rtb_i, vrtb = (unsigned)i->tb_evict_rtb_i;
  const unsigned sks = (unsigned)i->tb_start_kslot_i, ck = (unsigned)i->kslot_clear_i;
  const int d_ok = i->tb_done_valid_i && drtb < NT && x->tb[drtb].live;
  const int v_ok = i->tb_evict_valid_i && vrtb < NT && x->tb[vrtb].live;
  const int s_ok = i->tb_start_valid_i && srtb < NT && sks < NK &&
                   (!x->tb[srtb].live || (d_ok && drtb == srtb) || (v_ok && vrtb == srtb));
  const int i_ok = i->tb_inst_valid_i && irtb < NT && x->tb[irtb].live;
  const int c_ok = i->kslot_clear_valid_i && ck < NK;
  const int bad[E_N] = {i->tb_start_valid_i && !s_ok, i->tb_inst_valid_i && !i_ok,
                        i->tb_done_valid_i && !d_ok, i->tb_evict_valid_i && !v_ok,
                        i->kslot_clear_valid_i && !c_ok};
  ok &= KMU_EXPECT_EQ(t, cyc, "err_start_o", bad[E_START], o->err_start_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_inst_o", bad[E_INST], o->err_inst_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_done_o", bad[E_DONE], o->err_done_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_evict_o", bad[E_EVICT], o->err_evict_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_clear_o", bad[E_CLEAR], o->err_clear_o);
  for (unsigned k = 0; k < E_N; k++) x->n_err[k] += (uint64_t)bad[k];
  if (s_ok && ((d_ok && drtb == srtb) || (v_ok && vrtb == srtb))) x->n_same_entry++;

  /* this cycle's events: a walk starts at a hint or a request (a request's walk answers a
   * later request and ignores hints); a TB started in the previous cycle is judged now */
  const unsigned pol = (unsigned)i->policy_i;
  /* sw: the previous cycle's CSRs (the model registers it) */
  const uint64_t sw = x->sw_prev;
  x->sw_prev = sat_tw((uint64_t)i->ctx_bytes_i >> i->bw_shift_i);
  const uint64_t pl = sat_tw(i->pred_launch_i);
  const int pre = (int)i->preempt_valid_i;
  const int pre_walk = x->wk && x->wk_pre;
  const int pre_go = pre && !pre_walk;
  const int hint = i->hint_valid_i && !pre && pol == PEP && !pre_walk;
  const int judge = x->armed && pol == PEP && !pre && !hint;
  if (i->hint_valid_i && pre) x->n_hint_pre++;
  uint64_t X;
  if (pre)
    X = pol == PEP ? sw : sat_tw(i->deadline_i);
  else if (hint)
    X = pl + sw;
  else {
    /* to the predicted launch, with pred_launch_i as at the hint */
    int64_t tl = (int64_t)x->hint_at + (int64_t)x->hint_pl - (int64_t)cyc;
    X = (uint64_t)(tl > 0 ? tl : 0) + sw;
  }
  if (X > TWM) X = TWM, x->n_sat += (pre_go || hint || judge);
  uint64_t ckm = 0;
  for (unsigned e = 0; e < NT; e++) {
    if (!judge || !x->tb[e].fresh || !x->tb[e].live || !((i->elig_i >> e) & 1) ||
        ((i->base_i >> e) & 1))
      continue;
    unsigned cat;
    const int lg = sb_long(x, e, cyc - x->tb[e].start, x->prof[x->tb[e].ks],
                             x->avg[x->tb[e].ks], x->tb[e].exec, X, 0, &cat);
    ckm |= (uint64_t)lg << e;
    lg ? x->n_judge_ck++ : x->n_judge_short++;
    x->n_cat[cat]++;
  }
  /* the walk's visit of entry wk_idx: read in its first cycle (profile, average, exec as
   * then), its bit decided in the next cycle, or TW + 2 cycles later for a Chimera estimate */
  int wk_end = 0;
  uint64_t wk_out = 0;
  int next_entry = 0;
  if (x->wk) {
    const unsigned e = x->wk_idx;
    const int cand = (int)((x->wk_cand >> e) & 1);
    if (x->wk_left == 0) {
      x->rd_prof = x->prof[x->tb[e].ks];
      x->rd_avg = x->avg[x->tb[e].ks];
      x->rd_exec = x->tb[e].exec;
      x->rd_chim = cand && sb_chimera(x, e);
      x->wk_left = x->rd_chim ? P_TW + 2 : 1;
    } else if (x->wk_left > 1) {
      x->wk_left--;
    } else {
      x->wk_left = 0;
      const int elg = cand && ((i->elig_i >> e) & 1);
      const int bs = (int)((i->base_i >> e) & 1);
      if (elg) {
        unsigned cat;
        const int lg = sb_long(x, e, x->wk_t - x->tb[e].start, x->rd_prof, x->rd_avg,
                               x->rd_exec, x->wk_x, x->rd_chim, &cat);
        int bit = 0;
        if (!x->wk_pre) {
          if (!bs) bit = lg, lg ? x->n_hint_ck++ : x->n_hint_drain++, x->n_cat[cat]++;
        } else if (x->wk_pol == PEP) {
          bit = bs || lg;
          bs ? x->n_pre_base++ : lg ? x->n_pre_mispred++ : x->n_pre_drain++;
          x->n_cat[cat]++;
        } else if (x->wk_pol != DRAIN) {
          bit = lg;
          x->n_cat[cat]++;
        }
        x->wk_mask |= (uint64_t)bit << e;
      }
      if (e == NT - 1) {
        wk_end = !pre_go && !hint;
        wk_out = x->wk_mask & x->wk_cand & i->elig_i;
        x->wk = 0;
      } else {
        next_entry = 1;
      }
    }
  }
  x->e_ckv = (wk_end && !x->wk_pre) || (judge && ckm != 0);
  x->e_ckm = (wk_end && !x->wk_pre ? wk_out : 0) | (judge ? ckm : 0);
  x->e_prv = wk_end && x->wk_pre;
  x->e_prm = wk_end && x->wk_pre ? wk_out : 0;
  if (next_entry) x->wk_idx++;
  x->n_hint += hint;
  if (pre_go) x->n_pre[pol]++;
  uint64_t freed = 0;
  if (d_ok) freed |= 1ull << drtb;
  if (v_ok) freed |= 1ull << vrtb;
  if (s_ok) freed |= 1ull << srtb;
  x->wk_cand &= ~freed;
  if (pre_go || hint) {
    uint64_t live_now = 0;
    for (unsigned e = 0; e < NT; e++) live_now |= (uint64_t)x->tb[e].live << e;
    x->wk = 1;
    x->wk_pre = pre_go;
    x->wk_pol = pol;
    x->wk_x = X;
    x->wk_t = cyc;
    x->wk_idx = 0;
    x->wk_left = 0;
    x->wk_cand = live_now & ~freed;
    x->wk_mask = 0;
  }

  /* the edge: the previous cycle's sample lands; retire, finish (a profile sample, landing at
   * the next edge), evict, start, clear, hint state */
  if (x->pend) {
    const unsigned k = x->pend_ks;
    x->avg[k] = x->prof[k] ? sb_ema(x->avg[k], x->pend_s) : x->pend_s;
    x->prof[k] = 1;
    x->pend = 0;
  }
  if (i_ok) x->tb[irtb].exec++;
  if (d_ok) {
    sb_tb *b = &x->tb[drtb];
    if (!b->rest && !(c_ok && ck == b->ks)) {
      x->pend = 1;
      x->pend_ks = b->ks;
      x->pend_s = cyc - b->start;
    }
    b->live = 0;
    x->n_dones++;
  }
  if (v_ok) {
    x->n_evicts += !(d_ok && drtb == vrtb); /* done and evicted at once: counted as done */
    x->tb[vrtb].live = 0;
  }
  for (unsigned e = 0; e < NT; e++) {
    x->tb[e].fresh = 0;
    if ((d_ok && drtb == e) || (v_ok && vrtb == e) || (s_ok && srtb == e))
      x->evict_at[e] = x->base_at[e] = 0, x->has_base[e] = 0;
  }
  if (s_ok) {
    sb_tb *b = &x->tb[srtb];
    b->live = b->fresh = 1;
    b->rest = (int)i->tb_start_restored_i;
    b->start = cyc;
    b->ks = sks;
    b->insts = sat_tw(i->tb_start_insts_i);
    b->exec = 0;
    x->n_starts++;
  }
  if (c_ok) x->prof[ck] = 0;
  if (pre)
    x->armed = 0;
  else if (hint) {
    x->n_rearm += x->armed;
    x->armed = 1;
    x->hint_at = cyc;
    x->hint_pl = pl;
  } else if (x->armed && cyc - x->hint_at >= 2 * x->hint_pl) { /* pred_launch_i at the hint */
    x->armed = 0;
    x->n_expire++;
  }
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  uint64_t live = 0;
  for (unsigned e = 0; e < NT; e++) live += (uint64_t)x->tb[e].live;
  ok &= KMU_EXPECT_EQ(t, x->cycles, "starts == dones + evictions + live entries", x->n_starts,
                      x->n_dones + x->n_evicts + live);
  const uint64_t need[] = {x->n_hint,         x->n_hint_ck,          x->n_hint_drain,
                           x->n_judge_ck,     x->n_judge_short,      x->n_pre[DRAIN],
                           x->n_pre[CHIM],    x->n_pre[CHIMD],       x->n_pre[PEP],
                           x->n_pre_base,     x->n_pre_mispred,      x->n_pre_drain,
                           x->n_cat[C_PROF_LONG], x->n_cat[C_PROF_SHORT], x->n_cat[C_CHIM_LONG],
                           x->n_cat[C_CHIM_SHORT], x->n_cat[C_UNKNOWN], x->n_err[E_START],
                           x->n_err[E_INST],  x->n_err[E_DONE],      x->n_err[E_EVICT],
                           x->n_err[E_CLEAR], x->n_hint_pre,         x->n_same_entry,
                           x->n_rearm,        x->n_expire,           x->n_sat};
  static const char *name[] = {"hints", "hint: checkpointed", "hint: drained",
                               "new TB while armed: checkpointed", "new TB while armed: drained",
                               "preempt DRAIN", "preempt CHIMERA", "preempt CHIMERA_DIRTY",
                               "preempt PEP", "PEP: switched (base)", "PEP: switched (mispredicted)",
                               "PEP: drained", "rem: profile long", "rem: profile short",
                               "rem: Chimera long", "rem: Chimera short", "rem: unknown",
                               "err_start", "err_inst", "err_done", "err_evict", "err_clear",
                               "hint + preempt", "start into a freed entry", "re-arm", "expiry",
                               "saturated threshold"};
  for (unsigned k = 0; k < sizeof need / sizeof need[0]; k++) {
    char w[96];
    snprintf(w, sizeof w, "coverage: %s", name[k]);
    ok &= kmu_expect(need[k] > 0, t, x->cycles, w, 1, 0);
  }
  if (getenv("KMU_COV")) {
    printf("  %s:", t);
    for (unsigned k = 0; k < sizeof need / sizeof need[0]; k++)
      printf(" %s=%llu;", name[k], (unsigned long long)need[k]);
    printf(" starts=%llu\n", (unsigned long long)x->n_starts);
  }
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  rnd_ctx *x = calloc(1, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  kmu_stim s = {x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep_mid_reset(&kmu_pep_predictor_block, &s, test, seed, cycles);
  free(x);
  return ok;
}

/* ======================================================================== directed */
/* A directed test is a program of steps: one cycle's inputs and the outputs the spec requires
 * in that cycle.  The step index is the cycle number, which is also cyc_q (0 after reset), so
 * a TB's elapsed time is (step of the check) - (step of its start).  CSRs, elig_i and base_i
 * come from the program's template (p->t), which the test changes as it goes. */
#define MAX_STEPS 8192
#define MAX_EXP 16
typedef struct {
  kmu_pep_predictor_in in;
  unsigned n_exp;
  kmu_dexp exp[MAX_EXP];
  const char *what;
} dstep;
typedef struct {
  const char *test;
  kmu_pep_predictor_in t; /* template: CSRs, elig_i, base_i */
  dstep s[MAX_STEPS];
  unsigned n, pc;
  int measure; /* print measured latencies (test latency) */
  uint64_t hint_at, pre_at, start_at;
  unsigned ev; /* step of the last hint or request (p_dec) */
} dprog;

static dstep *st(dprog *p, const char *what) {
  if (p->n >= MAX_STEPS) {
    fprintf(stderr, "directed program too long\n");
    exit(2);
  }
  dstep *s = &p->s[p->n++];
  memset(s, 0, sizeof *s);
  s->in = p->t;
  s->what = what;
  return s;
}
#define EXP(s, f, v) \
  kmu_dexp_add((s)->exp, &(s)->n_exp, MAX_EXP, #f, offsetof(kmu_pep_predictor_out, f), (uint64_t)(v))

/* measured on the outputs (model == RTL, compared): the latencies the test `latency` prints */
static void d_measure(dprog *p, uint64_t cyc, const kmu_pep_predictor_in *i,
                      const kmu_pep_predictor_out *o) {
  if (!p->measure || kmu_tb_quiet()) return;
  if (i->hint_valid_i) p->hint_at = cyc;
  if (i->preempt_valid_i) p->pre_at = cyc;
  if (i->tb_start_valid_i && !o->err_start_o) p->start_at = cyc;
  if (o->ckpt_valid_o && o->ckpt_mask_o && p->start_at + 2 == cyc)
    printf("  latency: TB start while armed in cycle %llu -> ckpt_valid_o in cycle %llu "
           "(%llu cycles)\n", (unsigned long long)p->start_at, (unsigned long long)cyc,
           (unsigned long long)(cyc - p->start_at));
  else if (o->ckpt_valid_o && o->ckpt_mask_o)
    printf("  latency: launch hint in cycle %llu -> ckpt_valid_o/ckpt_mask_o in cycle %llu "
           "(%llu cycles)\n", (unsigned long long)p->hint_at, (unsigned long long)cyc,
           (unsigned long long)(cyc - p->hint_at));
  if (o->pre_valid_o)
    printf("  latency: preemption request in cycle %llu -> pre_valid_o/pre_switch_mask_o in "
           "cycle %llu (%llu cycles)\n", (unsigned long long)p->pre_at,
           (unsigned long long)cyc, (unsigned long long)(cyc - p->pre_at));
}
KMU_DPROG_RUNNER(kmu_pep_predictor, dprog, 1000000, d_measure)

static dprog prog;
/* default CSRs of the directed tests: PEP, pred_launch 100, sw = 800 >> 4 = 50, deadline 60;
 * every entry's elig_i bit high (only live entries count), no base */
#define PL 100u
#define SW 50u
#define PROG(test_name)                   \
  dprog *p = &prog;                       \
  memset(p, 0, sizeof *p);                \
  p->test = (test_name);                  \
  p->t.policy_i = PEP;                    \
  p->t.pred_launch_i = PL;                \
  p->t.deadline_i = 60;                   \
  p->t.ctx_bytes_i = 800;                 \
  p->t.bw_shift_i = 4;                    \
  p->t.elig_i = allt()

static unsigned now(const dprog *p) { return p->n; }
static dstep *p_idle(dprog *p, const char *what) { return st(p, what); }
static void p_until(dprog *p, unsigned cyc) {
  while (p->n < cyc) st(p, "wait");
}
static dstep *p_start(dprog *p, unsigned rtb, unsigned ks, uint32_t insts, int restored, int ok,
                      const char *what) {
  dstep *s = st(p, what);
  s->in.tb_start_valid_i = 1;
  s->in.tb_start_rtb_i = rtb;
  s->in.tb_start_kslot_i = ks;
  s->in.tb_start_insts_i = insts;
  s->in.tb_start_restored_i = restored;
  EXP(s, err_start_o, !ok);
  return s;
}
static dstep *p_done(dprog *p, unsigned rtb, int ok, const char *what) {
  dstep *s = st(p, what);
  s->in.tb_done_valid_i = 1;
  s->in.tb_done_rtb_i = rtb;
  EXP(s, err_done_o, !ok);
  return s;
}
static dstep *p_evict(dprog *p, unsigned rtb, int ok, const char *what) {
  dstep *s = st(p, what);
  s->in.tb_evict_valid_i = 1;
  s->in.tb_evict_rtb_i = rtb;
  EXP(s, err_evict_o, !ok);
  return s;
}
static dstep *p_inst(dprog *p, unsigned rtb, int ok, const char *what) {
  dstep *s = st(p, what);
  s->in.tb_inst_valid_i = 1;
  s->in.tb_inst_rtb_i = rtb;
  EXP(s, err_inst_o, !ok);
  return s;
}
static dstep *p_clear(dprog *p, unsigned k, int ok, const char *what) {
  dstep *s = st(p, what);
  s->in.kslot_clear_valid_i = 1;
  s->in.kslot_clear_i = k;
  EXP(s, err_clear_o, !ok);
  return s;
}
static dstep *p_hint(dprog *p, const char *what) {
  p->ev = p->n;
  dstep *s = st(p, what);
  s->in.hint_valid_i = 1;
  return s;
}
static dstep *p_pre(dprog *p, const char *what) {
  p->ev = p->n;
  dstep *s = st(p, what);
  s->in.preempt_valid_i = 1;
  return s;
}
/* the step of the last hint's or request's decision: the walk visits TBS entries, two cycles
 * each, nc of them with a Chimera estimate 33 cycles more (docs/blocks/kmu_pep_predictor.md) */
#define LAT(nc) (2 * NT + 1 + (P_TW + 1) * (nc))
static dstep *p_dec(dprog *p, unsigned nc, const char *what) {
  p_until(p, p->ev + LAT(nc));
  return st(p, what);
}
static void exp_ckpt(dstep *s, int valid, uint64_t mask) {
  EXP(s, ckpt_valid_o, valid);
  if (valid) EXP(s, ckpt_mask_o, mask);
}
static void exp_pre(dstep *s, int valid, uint64_t mask) {
  EXP(s, pre_valid_o, valid);
  if (valid) EXP(s, pre_switch_mask_o, mask);
}
/* a profile sample of exactly len cycles for slot ks, on entry rtb (free), ending now+len */
static void p_sample(dprog *p, unsigned rtb, unsigned ks, unsigned len) {
  unsigned t0 = now(p);
  p_start(p, rtb, ks, 0, 0, 1, "a TB of the profiled kernel starts");
  p_until(p, t0 + len);
  p_done(p, rtb, 1, "it finishes: one profile sample");
}

/* ---- latency: hint in t -> decision in t + TBS + 1 (the walk: one entry per cycle);
 * preempt in t -> decision in t + TBS + 1; a TB started while armed in s -> judged in s+1 ->
 * ckpt in s+2 (the "within 2 cycles of a hint" target holds for new TBs, not for the walk) */
static int t_latency(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p->measure = 1;
  /* unprofiled slot 0, insts unknown: the estimate is unknown, i.e. long */
  p_start(p, 0, 0, 0, 0, 1, "TB in entry 0 (unknown estimate)");
  dstep *s = p_hint(p, "launch hint");
  exp_ckpt(s, 0, 0);
  EXP(s, armed_o, 0);
  s = p_start(p, 1, 0, 0, 0, 1, "hint + 1: armed; a TB starts on entry 1 (not in the walk)");
  exp_ckpt(s, 0, 0);
  EXP(s, armed_o, 1);
  s = p_idle(p, "start + 1: entry 1 judged (no output yet)");
  exp_ckpt(s, 0, 0);
  s = p_idle(p, "start + 2: its base-checkpoint decision");
  exp_ckpt(s, 1, 0x2);
  if (LAT(0) > 4) {
    s = p_idle(p, "no decision while the walk runs");
    exp_ckpt(s, 0, 0);
  }
  s = p_dec(p, 0, "hint + TBS + 1: the walk's decision: entry 0 (entry 1 was no candidate)");
  exp_ckpt(s, 1, 0x1);
  s = p_pre(p, "a preemption request");
  exp_ckpt(s, 0, 0);
  s = p_idle(p, "request + 1: nothing yet");
  exp_pre(s, 0, 0);
  EXP(s, armed_o, 0);
  s = p_dec(p, 0, "request + TBS + 1: PEP switches both (no base, unknown = long)");
  exp_pre(s, 1, 0x3);
  s = p_idle(p, "decisions are one-cycle pulses");
  exp_pre(s, 0, 0);
  exp_ckpt(s, 0, 0);
  return d_run(p);
}

/* ---- Fig. 3 (a)/(b): a long kernel (profiled TB time 400) is checkpointed at the hint;
 * (a) the base is taken, the preemption switches the TBs (incremental); (b) the preemption
 * arrives while the base is still being saved (elig_i low): nothing more to switch */
static int t_case_ab(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_sample(p, 2, 1, 400); /* cycles 0..400: avg[1] = 400 */
  dstep *s = p_start(p, 0, 1, 0, 0, 1, "cycle 401: TB A of the long kernel on entry 0");
  EXP(s, prof_valid_o, 0); /* the sample lands at 401's edge */
  s = p_start(p, 1, 1, 0, 0, 1, "cycle 402: TB B on entry 1");
  EXP(s, prof_valid_o, 1u << 1);
  p_until(p, 450);
  /* rem(A) = 400 - (450-401) = 351 > pred_launch + sw = 150; rem(B) = 352 > 150 */
  p_hint(p, "cycle 450: launch hint");
  s = p_dec(p, 0, "case (a)/(b): both long TBs get a base checkpoint");
  exp_ckpt(s, 1, 0x3);
  EXP(s, armed_o, 1);
  p_until(p, 460);
  p->t.base_i = 0x3; /* the base checkpoints are saved */
  p_until(p, 470);
  p_pre(p, "case (a): the preempting kernel arrives");
  s = p_dec(p, 0, "PEP: eligible TBs with a base switch (incremental checkpoint)");
  exp_pre(s, 1, 0x3);
  EXP(s, armed_o, 0);
  /* case (b): a second round on fresh TBs; the request arrives while the bases are saved */
  p->t.base_i = 0;
  p_evict(p, 0, 1, "A switched out");
  p_evict(p, 1, 1, "B switched out");
  unsigned t1 = now(p);
  p_start(p, 0, 1, 0, 0, 1, "TB C");
  p_until(p, t1 + 10);
  p_hint(p, "launch hint: rem(C) = 400 - 10 = 390 > 150");
  s = p_dec(p, 0, "C is checkpointed");
  exp_ckpt(s, 1, 0x1);
  p->t.elig_i = allt() & ~1ull; /* C pauses for its base: not eligible */
  s = p_pre(p, "case (b): the request arrives during the base checkpoint");
  s = p_dec(p, 0, "C is not eligible (being saved): the base is the single checkpoint");
  exp_pre(s, 1, 0x0);
  return d_run(p);
}

/* ---- Fig. 3 (c): a short kernel drains; and a misprediction: a TB decided to drain at the
 * hint whose remaining time at the request still exceeds sw is switched without a base (its
 * "incremental" saves the whole dirty context).  The events are D = TBS + 2 cycles apart (a
 * request during a request's walk is answered by it), so the profile is 100 + 3D and the
 * launch prediction 100 + 3D: the hint's threshold is 150 + 3D */
static int t_case_c(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  const unsigned D = LAT(0) + 1, avg = 100 + 3 * D;
  p->t.pred_launch_i = 100 + 3 * D;
  p_sample(p, 2, 2, avg); /* avg[2] = 100 + 3D */
  const unsigned tA = now(p);
  p_start(p, 0, 2, 0, 0, 1, "tA: TB A of the short kernel");
  p_start(p, 1, 2, 0, 0, 1, "tA+1: TB B");
  p_until(p, tA + 19);
  /* rem(A) = avg - 19 = 81 + 3D, rem(B) = 82 + 3D: both <= 150 + 3D */
  p_hint(p, "tA+19: launch hint");
  dstep *s = p_dec(p, 0, "case (c): a decision, nothing checkpointed (all drain)");
  exp_ckpt(s, 1, 0x0);
  p_until(p, tA + 19 + D);
  /* rem(A) = avg - 19 - D = 81 + 2D > sw = 50; rem(B) = 82 + 2D: mispredicted */
  p_pre(p, "tA+19+D: the request comes early");
  s = p_dec(p, 0, "misprediction: both switched without a base");
  exp_pre(s, 1, 0x3);
  p_until(p, tA + 50 + 3 * D);
  /* el(A) = 50 + 3D: rem(A) = 50, not > 50: drains; el(B) = 49 + 3D: rem(B) = 51 > 50 */
  p_pre(p, "boundary: rem(A) == sw");
  s = p_dec(p, 0, "A drains, B still switched");
  exp_pre(s, 1, 0x2);
  p_until(p, tA + 50 + 4 * D);
  /* rem(A) = 50 - D, rem(B) = 51 - D: both <= 50 */
  p_pre(p, "D cycles later");
  s = p_dec(p, 0, "case (c) at the request: both drain");
  exp_pre(s, 1, 0x0);
  p->t.base_i = 0x1; /* A has a base: its incremental is small, it switches however short */
  p_until(p, tA + 50 + 5 * D);
  p_pre(p, "A with a base");
  s = p_dec(p, 0, "A switched (base), B drains");
  exp_pre(s, 1, 0x1);
  return d_run(p);
}

/* ---- the hint's boundary: rem == pred_launch + sw drains, one more is checkpointed; a TB with
 * a base or not eligible is never checkpointed again */
static int t_boundary(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_sample(p, 2, 1, 400);
  p_start(p, 0, 1, 0, 0, 1, "cycle 401: A");
  p_start(p, 1, 1, 0, 0, 1, "cycle 402: B");
  p_until(p, 651);
  /* rem(A) = 400 - 250 = 150, not > 150; rem(B) = 400 - 249 = 151 > 150 */
  p_hint(p, "cycle 651: hint");
  dstep *s = p_dec(p, 0, "only B");
  exp_ckpt(s, 1, 0x2);
  /* from now on A and B are short (rem < 150); D's estimate is unknown (long) */
  p_start(p, 2, 0, 0, 0, 1, "cycle 653: D, unprofiled slot 0, insts unknown");
  p->t.base_i = 0x4;
  p_hint(p, "hint: D has a base");
  s = p_dec(p, 0, "D is not checkpointed again");
  exp_ckpt(s, 1, 0x0);
  p->t.base_i = 0;
  p->t.elig_i = allt() & ~4ull;
  p_hint(p, "hint: D not eligible");
  s = p_dec(p, 0, "nothing");
  exp_ckpt(s, 1, 0x0);
  p->t.elig_i = allt();
  p_hint(p, "hint: D eligible, no base");
  s = p_dec(p, 0, "D");
  exp_ckpt(s, 1, 0x4);
  return d_run(p);
}

/* ---- Fig. 3 (d)/(e): at the hint the long kernel's TB is almost done (drain); the next TB
 * starts while armed and is checkpointed the cycle after it is judged; a short kernel's TB is
 * not; an unknown estimate is; a TB that is not eligible when judged is not; after the expiry
 * (2 x pred_launch after the hint) nothing is judged.  The hint's walk takes L = LAT(0)
 * cycles: pred_launch is 100 + L and everything after the hint's decision comes L - 1 cycles
 * later than it would with a one-cycle decision (S below), which leaves the thresholds of the
 * judgements as they were: tl = 100 + L - (dh) with dh grown by S = L - 1 */
static int t_case_de(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  const unsigned L = LAT(0), S = L - 1, h = 891;
  p->t.pred_launch_i = 100 + L;
  p_sample(p, 2, 1, 400); /* avg[1] = 400, cycles 0..400 */
  p_sample(p, 2, 2, 100); /* avg[2] = 100, cycles 401..501 */
  p_start(p, 0, 1, 0, 0, 1, "cycle 502: TB A of the long kernel");
  p_until(p, h);
  /* rem(A) = 400 - 389 = 11 <= 150 + L */
  p_hint(p, "cycle h = 891: launch hint, A almost finished");
  dstep *s = p_dec(p, 0, "A drains");
  exp_ckpt(s, 1, 0x0);
  EXP(s, armed_o, 1);
  p_until(p, 902 + S);
  p_done(p, 0, 1, "cycle 902 + S: A finishes (drained)");
  p_start(p, 0, 1, 0, 0, 1, "cycle 903 + S: TB C of the long kernel starts while armed");
  /* judged in 904 + S: dh = 13 + S, tl = 100 + L - 13 - S = 88, X = 88 + 50 = 138;
   * rem(C) = 400 - 1 = 399 */
  s = p_start(p, 1, 2, 0, 0, 1, "cycle 904 + S: C judged; TB D of the short kernel starts");
  exp_ckpt(s, 0, 0);
  /* D judged in 905 + S: X = 87 + 50 = 137; rem(D) = 100 - 1 = 99 <= 137 */
  s = p_idle(p, "cycle 905 + S: case (d)/(e): C checkpointed; D judged");
  exp_ckpt(s, 1, 0x1);
  s = p_idle(p, "cycle 906 + S: D drains: no decision output");
  exp_ckpt(s, 0, 0);
  p_evict(p, 1, 1, "D evicted");
  p_start(p, 1, 3, 0, 0, 1, "cycle 908 + S: TB E of an unprofiled kernel, insts unknown");
  p_idle(p, "E judged: unknown counts as long");
  s = p_idle(p, "cycle 910 + S: E checkpointed");
  exp_ckpt(s, 1, 0x2);
  p_evict(p, 1, 1, "E evicted");
  p_start(p, 1, 3, 0, 0, 1, "cycle 912 + S: TB F, unknown");
  p->t.elig_i = allt() & ~2ull;
  p_idle(p, "F judged while not eligible");
  p->t.elig_i = allt();
  s = p_idle(p, "F is not checkpointed (judged once)");
  exp_ckpt(s, 0, 0);
  p_evict(p, 1, 1, "F evicted");
  /* armed in cycles h + 1 .. h + 2 * (100 + L) */
  p_until(p, h + 200 + 2 * L);
  s = p_idle(p, "h + 2 pred_launch: last armed cycle");
  EXP(s, armed_o, 1);
  s = p_start(p, 1, 3, 0, 0, 1, "expired; a TB with an unknown estimate starts");
  EXP(s, armed_o, 0);
  p_idle(p, "not armed: not judged");
  s = p_idle(p, "no decision");
  exp_ckpt(s, 0, 0);
  return d_run(p);
}

/* a hint with nothing live (judge_edge) */
static unsigned empty_hint(dprog *p, uint32_t pl, uint32_t ctx, const char *what) {
  /* pred_launch pl, sw = ctx >> 4 (from the idle cycle before the hint); nothing live: the
   * walk checkpoints nothing.  Returns the hint's step */
  p->t.pred_launch_i = pl;
  p->t.ctx_bytes_i = ctx;
  p_idle(p, "sw_q = ctx >> 4");
  const unsigned h = now(p);
  p_hint(p, what);
  dstep *s = p_dec(p, 0, "its walk: no candidate, nothing checkpointed");
  exp_ckpt(s, 1, 0x0);
  return h;
}

/* ---- the new TB's judgement at its boundary (PEP 3.3: a TB is checkpointed when its remaining
 * time exceeds the time to the predicted launch plus the switch time; docs: rem > X with
 * X = max(0, hint + pred_launch - cyc) + sw, pred_launch as at the hint).  A TB started in s is
 * judged in s+1 with el = 1, exec = 0, so a profiled slot gives rem = avg - 1: avg == X drains,
 * avg == X + 1 (rem == X) drains, avg == X + 2 (rem == X + 1) is checkpointed, in s+2.  X falls
 * by one per cycle while the launch is ahead, so three TBs of one slot started in consecutive
 * cycles meet X = avg, avg - 1, avg - 2.  Then the same edge at X = 0 (launch passed, sw 0:
 * avg 1 drains, avg 2 is checkpointed; avg 0 cannot be sampled), and at the saturation: X's sum
 * 2^32 (saturated to 2^32 - 1) and 2^32 - 1 drain a TB of avg 300, an unknown estimate is
 * checkpointed.  Each hint finds no TB live: its walk decides nothing (mask 0) before the
 * starts, which come after it so the outputs do not meet */
static int t_judge_edge(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  const unsigned L = LAT(0), A = 300;
  p_sample(p, 0, 1, A); /* avg[1] = 300 */
  p_sample(p, 0, 2, 1); /* avg[2] = 1: a TB done the cycle after its start */
  p_sample(p, 0, 3, 2); /* avg[3] = 2 */
  /* sw = 50; the judgements come in h + L + 2 .. h + L + 4: X = pred_launch - (L + 2) + 50 =
   * avg in the first with pred_launch = avg + L - 48 */
  const unsigned h = empty_hint(p, A + L - 48, 800, "hint 1, nothing live");
  dstep *s;
  p_start(p, 0, 1, 0, 0, 1, "TB 0 of slot 1 (avg 300)");
  p_start(p, 1, 1, 0, 0, 1, "TB 1 of slot 1; TB 0 judged: X = 300 = avg, rem 299");
  s = p_start(p, 2, 1, 0, 0, 1, "TB 2 of slot 1; TB 1 judged: X = 299, avg = X + 1, rem == X");
  exp_ckpt(s, 0, 0); /* TB 0 drains */
  EXP(s, armed_o, 1);
  s = p_idle(p, "TB 2 judged: X = 298, avg = X + 2, rem = X + 1");
  exp_ckpt(s, 0, 0); /* TB 1 drains: rem == X is not longer than X */
  s = p_idle(p, "TB 2's decision");
  exp_ckpt(s, 1, 0x4);
  if (now(p) != h + L + 6) {
    fprintf(stderr, "judge_edge: step %u, expected h + L + 6\n", now(p));
    exit(2);
  }
  p_evict(p, 0, 1, "TB 0 out");
  p_evict(p, 1, 1, "TB 1 out");
  p_evict(p, 2, 1, "TB 2 out");
  /* X = 0: sw 0 (ctx_bytes 0 from the cycle before the hint), the launch passed: pred_launch
   * L + 2, judged in h + L + 2 and h + L + 3 (armed until h + 2 L + 4) */
  empty_hint(p, L + 2, 0, "hint 2, nothing live");
  p_start(p, 0, 2, 0, 0, 1, "TB of slot 2 (avg 1)");
  p_start(p, 1, 3, 0, 0, 1, "TB of slot 3 (avg 2); slot 2's judged: X = 0, avg = X + 1");
  s = p_idle(p, "slot 3's judged: X = 0, avg = X + 2");
  exp_ckpt(s, 0, 0); /* rem = 0, not > 0 */
  s = p_idle(p, "slot 3's decision: rem 1 > 0");
  exp_ckpt(s, 1, 0x2);
  EXP(s, armed_o, 1);
  p_evict(p, 0, 1, "out");
  p_evict(p, 1, 1, "out");
  /* saturation: sw = 16000 >> 4 = 1000; X's sum in h + L + 2 is pred_launch - (L + 2) + 1000 =
   * 2^TW with pred_launch = 2^TW - 998 + L (saturated: 2^TW - 1), then 2^TW - 1, 2^TW - 2 */
  empty_hint(p, (uint32_t)(TWP - 998 + L), 16000, "hint 3, nothing live");
  p_start(p, 0, 1, 0, 0, 1, "TB of slot 1 (avg 300)");
  p_start(p, 1, 1, 0, 0, 1, "another; the first judged: X saturated (sum 2^32)");
  s = p_start(p, 2, 4, 0, 0, 1, "unprofiled slot 4, insts unknown; the second: X = 2^32 - 1");
  exp_ckpt(s, 0, 0); /* rem 299 <= 2^32 - 1 */
  s = p_idle(p, "the unknown one judged: long");
  exp_ckpt(s, 0, 0);
  s = p_idle(p, "its decision");
  exp_ckpt(s, 1, 0x4);
  return d_run(p);
}

/* ---- the new TB's average read meets the sample's write (pepboard): D, the first TB of slot 1,
 * finishes in t after 2000 cycles (the slot's first sample, written at t+1's edge); N of slot 1
 * starts in t+1, so its average is read at the edge that writes it and must take the new word
 * (avg 2000).  Armed by a hint at t - 100 with pred_launch 1000: N is judged in t+2 with
 * X = (1000 - 102) + 50 = 948 < rem = 1999: checkpointed in t+3 (the old word, never written,
 * would drain it).  The hint's walk checkpoints D (unknown estimate) 2 TBS + 1 cycles after it */
static int t_judge_fwd(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p->t.pred_launch_i = 1000;
  p_idle(p, "sw_q = 800 >> 4 = 50");
  const unsigned t0 = now(p);
  p_start(p, 0, 1, 0, 0, 1, "D of slot 1 (not profiled), insts unknown");
  p_until(p, t0 + 1900);
  p_hint(p, "hint at t - 100, pred_launch 1000");
  dstep *s = p_dec(p, 0, "the hint's walk: D (unknown: long)");
  exp_ckpt(s, 1, 0x1);
  p_until(p, t0 + 2000);
  p_done(p, 0, 1, "t: D finishes, the slot's first sample 2000");
  p_start(p, 1, 1, 0, 0, 1, "t+1: N of slot 1; the sample lands at this edge");
  s = p_idle(p, "t+2: N judged, avg 2000 (the word written at its start's edge)");
  exp_ckpt(s, 0, 0);
  EXP(s, armed_o, 1);
  EXP(s, prof_valid_o, 1u << 1);
  s = p_idle(p, "t+3: N checkpointed (rem 1999 > X 948)");
  exp_ckpt(s, 1, 0x2);
  return d_run(p);
}

/* ---- the walk's average read does not take the word written at the same edge (pepboard): slot
 * 1 profiled at 300; B of slot 1 finishes in t after 2700 cycles (EMA 300 + 2400 / 8 = 600,
 * written at t+1's edge) in the cycle of a CHIMERA request (deadline 400); A of slot 1, started
 * at t - 10, is visited first: W_RD in t+1 reads the average before that edge, 300, so
 * rem = 290 <= 400 drains (600 would switch it); B, freed in t, is no candidate */
static int t_walk_old_avg(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_sample(p, 0, 1, 300); /* avg[1] = 300 */
  const unsigned b = now(p);
  p_start(p, 1, 1, 0, 0, 1, "B of slot 1 on entry 1");
  p_until(p, b + 2700 - 10);
  p_start(p, 0, 1, 0, 0, 1, "t - 10: A of slot 1 on entry 0");
  p_until(p, b + 2700);
  p->t.policy_i = CHIM;
  p->t.deadline_i = 400;
  p->ev = now(p);
  dstep *s = p_done(p, 1, 1, "t: B finishes (sample 2700) and a CHIMERA request, deadline 400");
  s->in.preempt_valid_i = 1;
  s = p_dec(p, 0, "the walk's decision: A (rem 300 - 10 = 290 <= 400) drains");
  exp_pre(s, 1, 0x0);
  EXP(s, prof_valid_o, 1u << 1);
  return d_run(p);
}

/* ---- Chimera: drain or switch against the deadline from (insts - exec) * el / exec;
 * CHIMERA_DIRTY decides the same; DRAIN switches nothing; PEP against sw.  A and B are
 * Chimera estimates (the walk spends 32 more cycles on each), C is unknown */
static int t_chimera(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  const unsigned t0 = 10;
  p_until(p, t0);
  p_start(p, 0, 4, 30, 0, 1, "t0: A, 30 warp instructions, unprofiled slot 4");
  p_start(p, 1, 4, 30, 0, 1, "t0+1: B, 30 warp instructions");
  p_start(p, 2, 4, 0, 0, 1, "t0+2: C, instructions unknown");
  for (unsigned k = 0; k < 20; k++) p_inst(p, 0, 1, "A retires one");
  for (unsigned k = 0; k < 20; k++) p_inst(p, 1, 1, "B retires one");
  /* rem = (30 - 20) * el / 20 = el / 2 > 60 <=> el > 120 (10 * el > 60 * 20) */
  p_until(p, t0 + 120);
  p->t.policy_i = CHIMD;
  p_pre(p, "t0+120, CHIMERA_DIRTY request: el(A) = 120, el(B) = 119: rem 60, 59.5");
  const unsigned ev1 = p->ev;
  p->t.policy_i = CHIM;
  dstep *s = p_pre(p, "t0+121, CHIMERA request during the walk: answered by it");
  p->ev = ev1;
  s = p_dec(p, 2, "CHIMERA_DIRTY's decision: only C (unknown); one answer for both requests");
  exp_pre(s, 1, 0x4);
  s = p_idle(p, "no second answer");
  exp_pre(s, 0, 0);
  /* CHIMERA at an odd el(A) = 2m + 1 with deadline m: rem(A) = m + 0.5 > m, rem(B) = m */
  if ((now(p) - t0) % 2 == 0) p_idle(p, "to an odd el(A)");
  const unsigned m = (now(p) - t0 - 1) / 2;
  p->t.deadline_i = m;
  p_pre(p, "CHIMERA request, deadline m: rem(A) = m + 0.5, rem(B) = m");
  s = p_dec(p, 2, "CHIMERA's decision: A and C");
  exp_pre(s, 1, 0x5);
  p->t.deadline_i = 60;
  p->t.policy_i = DRAIN;
  p_pre(p, "DRAIN request");
  s = p_dec(p, 2, "DRAIN's decision: nothing");
  exp_pre(s, 1, 0x0);
  p->t.policy_i = PEP;
  p_pre(p, "PEP request: rem(A), rem(B) > 60 > sw = 50, no base");
  s = p_dec(p, 2, "PEP's decision: all three switched (mispredicted: no base)");
  exp_pre(s, 1, 0x7);
  /* exec >= insts: nothing left (rem 0), drains even with deadline 0 */
  for (unsigned k = 0; k < 10; k++) p_inst(p, 0, 1, "A retires its last ones");
  p_inst(p, 0, 1, "A retires more than announced");
  p->t.policy_i = CHIM;
  p->t.deadline_i = 0;
  p_pre(p, "deadline 0");
  s = p_dec(p, 2, "A: rem 0 drains; B: rem > 0; C unknown");
  exp_pre(s, 1, 0x6);
  /* a deadline of 2^32-1: only the unknown estimate is longer */
  p->t.deadline_i = 0xffffffffu;
  p_pre(p, "deadline 2^32-1");
  s = p_dec(p, 2, "only C");
  exp_pre(s, 1, 0x4);
  return d_run(p);
}

/* ---- Chimera's estimate at its boundary: rem = (insts - exec) * el / exec against the deadline
 * X, exactly (rem > X switches).  Three TBs of an unprofiled slot, 3 warp instructions each, 2
 * retired, started one cycle apart: at the request el = 9, 8, 7, rem = 4.5, 4, 3.5 against
 * X = 4: only the first is longer (the comparator's D = ri el - X exec = 1, 0, -1; el = 9 and
 * exec = 2 share no bit, so every step of exec's bit subtracts X, each with its + 1) */
static int t_chimera_edge(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p->t.policy_i = CHIM;
  p->t.deadline_i = 4;
  p_idle(p, "");
  const unsigned s0 = now(p);
  p_start(p, 0, 4, 3, 0, 1, "A: 3 warp instructions, unprofiled slot 4");
  p_start(p, 1, 4, 3, 0, 1, "B, a cycle later");
  p_start(p, 2, 4, 3, 0, 1, "C, a cycle later");
  for (unsigned e = 0; e < 3; e++) {
    p_inst(p, e, 1, "retires one");
    p_inst(p, e, 1, "retires a second");
  }
  p_until(p, s0 + 9);
  p_pre(p, "CHIMERA request, deadline 4: el = 9, 8, 7; rem = 4.5, 4, 3.5");
  dstep *s = p_dec(p, 3, "three Chimera estimates: only A (rem 4.5 > 4) switches");
  exp_pre(s, 1, 0x1);
  return d_run(p);
}

/* ---- unknown estimates and the 64-bit products: insts unknown, or none retired yet, counts
 * as longer than any threshold; a huge remaining-instruction count beats a saturated one */
static int t_unknown(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p->t.pred_launch_i = 0xffffffffu; /* pred_launch + sw saturates to 2^32-1 */
  p_sample(p, 2, 1, 400);           /* slot 1 profiled: 400 */
  p_start(p, 0, 0, 0, 0, 1, "A: insts unknown");
  p_start(p, 1, 0, 0xffffffffu, 0, 1, "B: 2^32-1 instructions, none retired yet");
  p_start(p, 2, 1, 0, 0, 1, "C: profiled kernel, rem <= 400");
  dstep *s = p_hint(p, "hint, threshold 2^32-1");
  s = p_dec(p, 0, "A, B unknown: checkpointed; C not");
  exp_ckpt(s, 1, 0x3);
  p_inst(p, 1, 1, "B retires one");
  p_idle(p, "el(B) grows");
  /* B: (2^32-2) * el > (2^32-1) * 1 for el >= 2 */
  p_hint(p, "hint again");
  s = p_dec(p, 1, "B's estimate (Chimera: 32 cycles more) exceeds 2^32-1 cycles: still checkpointed");
  exp_ckpt(s, 1, 0x3);
  /* Chimera with deadline 2^32-1 at the request */
  p->t.policy_i = CHIM;
  p->t.deadline_i = 0xffffffffu;
  p_pre(p, "request, CHIMERA, deadline 2^32-1");
  s = p_dec(p, 1, "A, B switched, C drains (B: a Chimera estimate)");
  exp_pre(s, 1, 0x3);
  /* a hint under another policy is ignored: no decision, not armed */
  p_hint(p, "hint under CHIMERA");
  s = p_idle(p, "ignored");
  exp_ckpt(s, 0, 0);
  EXP(s, armed_o, 0);
  return d_run(p);
}

/* ---- the EMA profile, observed through the hint's boundary: two TBs started one cycle apart,
 * a hint when the older one has exactly rem == pred_launch + sw: the mask is 0b10 iff avg is
 * exactly as expected (one more: 0b11, one less: 0b00) */
static void probe_avg(dprog *p, unsigned ks, unsigned avg, const char *what) {
  const unsigned X = (unsigned)p->t.pred_launch_i + SW;
  unsigned t0 = now(p);
  p_start(p, 0, ks, 0, 0, 1, "probe TB 0");
  p_start(p, 1, ks, 0, 0, 1, "probe TB 1");
  /* hint at t0 + el0 with avg - el0 == X */
  p_until(p, t0 + (avg - X));
  p_hint(p, "probe hint");
  dstep *s = p_dec(p, 0, what);
  exp_ckpt(s, 1, 0x2);
  p_pre(p, "disarm");
  p_evict(p, 0, 1, "probe TB 0 out (no sample)");
  p_evict(p, 1, 1, "probe TB 1 out");
}
static int t_ema(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = p_idle(p, "nothing profiled");
  EXP(s, prof_valid_o, 0);
  p_sample(p, 2, 1, 400);
  s = p_idle(p, "the sample in flight (lands at this edge)");
  EXP(s, prof_valid_o, 0);
  s = p_idle(p, "slot 1 profiled");
  EXP(s, prof_valid_o, 1u << 1);
  probe_avg(p, 1, 400, "first sample: avg = 400");
  p_sample(p, 2, 1, 480);
  probe_avg(p, 1, 410, "400 + (480 - 400) >> 3 = 410");
  p_sample(p, 2, 1, 403);
  probe_avg(p, 1, 409, "410 + floor((403 - 410) / 8) = 410 - 1 = 409 (rounds down)");
  p_sample(p, 2, 1, 409);
  probe_avg(p, 1, 409, "409 + 0");
  p_sample(p, 2, 1, 250);
  probe_avg(p, 1, 389, "409 + floor(-159 / 8) = 409 - 20 = 389");
  /* a restored TB's time is no sample */
  unsigned t0 = now(p);
  p_start(p, 2, 1, 0, 1, 1, "a restored TB of slot 1");
  p_until(p, t0 + 1000);
  p_done(p, 2, 1, "it finishes: no sample");
  probe_avg(p, 1, 389, "unchanged by the restored TB");
  t0 = now(p);
  p_start(p, 2, 3, 0, 1, 1, "a restored TB of unprofiled slot 3");
  p_until(p, t0 + 50);
  p_done(p, 2, 1, "it finishes");
  s = p_idle(p, "slot 3 still unprofiled");
  EXP(s, prof_valid_o, 1u << 1);
  /* an evicted TB's time is no sample */
  t0 = now(p);
  p_start(p, 2, 1, 0, 0, 1, "a TB of slot 1");
  p_until(p, t0 + 30);
  p_evict(p, 2, 1, "switched out: no sample");
  probe_avg(p, 1, 389, "unchanged by the evicted TB");
  /* two samples of the slot in consecutive cycles: the second's EMA reads the first's average
   * (the sample's avg_m read takes the word written at the same edge) */
  t0 = now(p);
  p_start(p, 1, 1, 0, 0, 1, "a TB of slot 1 on entry 1");
  p_start(p, 2, 1, 0, 0, 1, "another on entry 2, a cycle later");
  p_until(p, t0 + 469);
  p_done(p, 1, 1, "entry 1 finishes: sample 469");
  p_done(p, 2, 1, "entry 2 finishes the next cycle: sample 469");
  probe_avg(p, 1, 407, "389 + floor(80 / 8) = 399, then 399 + floor(70 / 8) = 407");
  return d_run(p);
}

/* ---- a new kernel in a slot forgets its profile; a clear wins over a sample of the slot in
 * the same cycle; a cleared slot falls back to Chimera's estimate */
static int t_clear(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_sample(p, 2, 1, 100);
  p_sample(p, 2, 2, 100);
  dstep *s = p_idle(p, "slot 2's sample in flight");
  EXP(s, prof_valid_o, 0x2);
  s = p_idle(p, "slots 1, 2 profiled");
  EXP(s, prof_valid_o, 0x6);
  p_start(p, 0, 1, 0, 0, 1, "A of slot 1 (profiled: 100, short)");
  p_clear(p, 1, 1, "slot 1 gets a new kernel");
  s = p_hint(p, "hint: A's slot is unprofiled now, insts unknown: long");
  EXP(s, prof_valid_o, 0x4);
  s = p_dec(p, 0, "A checkpointed");
  exp_ckpt(s, 1, 0x1);
  unsigned t0 = now(p);
  p_start(p, 2, 2, 0, 0, 1, "a TB of slot 2");
  p_until(p, t0 + 20);
  s = p_done(p, 2, 1, "it finishes while slot 2 is cleared in the same cycle");
  s->in.kslot_clear_valid_i = 1;
  s->in.kslot_clear_i = 2;
  EXP(s, err_clear_o, 0);
  s = p_idle(p, "the clear wins: slot 2 unprofiled");
  EXP(s, prof_valid_o, 0x0);
  s = p_idle(p, "the sample was dropped (it would land at the previous edge)");
  EXP(s, prof_valid_o, 0x0);
  s = p_clear(p, NK, 0, "slot KSLOTS does not exist: err_clear_o");
  s = p_clear(p, 255, 0, "slot 255: err_clear_o");
  p_sample(p, 2, 0, 7);
  s = p_clear(p, 0, 1, "slot 0 cleared in the cycle its sample lands: the clear wins");
  EXP(s, prof_valid_o, 0x0);
  s = p_idle(p, "");
  EXP(s, prof_valid_o, 0x0);
  p_sample(p, 2, 0, 7);
  s = p_idle(p, "the sample in flight");
  EXP(s, prof_valid_o, 0x0);
  s = p_clear(p, 0, 1, "slot 0 profiled, cleared");
  EXP(s, prof_valid_o, 0x1);
  s = p_idle(p, "");
  EXP(s, prof_valid_o, 0x0);
  return d_run(p);
}

/* ---- same-cycle rules */
static int t_same_cycle(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_start(p, 0, 0, 0, 0, 1, "A (unknown estimate)");
  p->ev = p->n;
  dstep *s = st(p, "hint and preemption request in one cycle");
  s->in.hint_valid_i = s->in.preempt_valid_i = 1;
  s = p_dec(p, 0, "the request wins: switch decision, no checkpoint decision, not armed");
  exp_pre(s, 1, 0x1);
  exp_ckpt(s, 0, 0);
  EXP(s, armed_o, 0);
  /* a hint while armed re-arms with the new hint time */
  const unsigned h1 = now(p);
  p_hint(p, "hint 1");
  p_until(p, h1 + 150);
  s = p_hint(p, "hint 2, 150 cycles later (armed until h1 + 200)");
  EXP(s, armed_o, 1);
  s = p_dec(p, 0, "hint 2's decision");
  exp_ckpt(s, 1, 0x1);
  p_until(p, h1 + 201);
  s = p_idle(p, "past hint 1's expiry: still armed (hint 2)");
  EXP(s, armed_o, 1);
  p_until(p, h1 + 150 + 200);
  s = p_idle(p, "hint 2 + 200: last armed cycle");
  EXP(s, armed_o, 1);
  s = p_idle(p, "hint 2 + 201: expired");
  EXP(s, armed_o, 0);
  /* start and done of the same entry: the done frees it, the start takes it; the sample is the
   * old TB's time */
  unsigned t0 = now(p);
  p_start(p, 1, 2, 0, 0, 1, "B of slot 2");
  p_until(p, t0 + 40);
  s = p_start(p, 1, 2, 0, 0, 1, "B finishes and B' starts on entry 1 in one cycle");
  s->in.tb_done_valid_i = 1;
  s->in.tb_done_rtb_i = 1;
  EXP(s, err_done_o, 0);
  s = p_idle(p, "entry 1 live (B'), slot 2's sample (40) in flight");
  EXP(s, live_o, 0x3);
  EXP(s, prof_valid_o, 0);
  /* start and evict of the same entry: both accepted */
  s = p_start(p, 1, 2, 0, 0, 1, "B' evicted and B'' starts in one cycle; slot 2 profiled");
  EXP(s, prof_valid_o, 1u << 2);
  s->in.tb_evict_valid_i = 1;
  s->in.tb_evict_rtb_i = 1;
  EXP(s, err_evict_o, 0);
  s = p_idle(p, "entry 1 live");
  EXP(s, live_o, 0x3);
  /* done and evict of the same entry: both accepted, the sample taken (slot 3) */
  t0 = now(p);
  p_start(p, 2, 3, 0, 0, 1, "C of slot 3");
  p_until(p, t0 + 5);
  s = p_done(p, 2, 1, "C finishes and is evicted in one cycle");
  s->in.tb_evict_valid_i = 1;
  s->in.tb_evict_rtb_i = 2;
  EXP(s, err_evict_o, 0);
  s = p_idle(p, "entry 2 free, slot 3's sample in flight");
  EXP(s, live_o, 0x3);
  EXP(s, prof_valid_o, 1u << 2);
  s = p_idle(p, "slot 3 profiled");
  EXP(s, prof_valid_o, (1u << 2) | (1u << 3));
  /* an instruction of an entry that starts a new TB in the same cycle is the old TB's: the new
   * TB has exec 0 (unknown: switched); had it counted, exec 1 >= insts 1 would drain */
  s = p_start(p, 0, 0, 1, 0, 1, "A evicted, A' (1 instruction) starts, an instruction of entry 0");
  s->in.tb_evict_valid_i = 1;
  s->in.tb_evict_rtb_i = 0;
  s->in.tb_inst_valid_i = 1;
  s->in.tb_inst_rtb_i = 0;
  EXP(s, err_inst_o, 0);
  EXP(s, err_evict_o, 0);
  p->t.policy_i = CHIM;
  p->t.deadline_i = 0;
  p->t.elig_i = 0x1;
  p_pre(p, "request, CHIMERA, deadline 0");
  s = p_dec(p, 0, "A' has exec 0: unknown: switched");
  exp_pre(s, 1, 0x1);
  p_inst(p, 0, 1, "A' retires its one instruction");
  p_pre(p, "request");
  s = p_dec(p, 1, "A': exec 1 >= insts 1: rem 0: drains (a Chimera estimate: 32 cycles more)");
  exp_pre(s, 1, 0x0);
  return d_run(p);
}

/* ---- armed_o: cycles h+1 .. h+2*pred_launch; pred_launch 0: h+1 only; a request disarms */
static int t_arm(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p->t.pred_launch_i = 3;
  p_idle(p, "");
  dstep *s = p_hint(p, "hint, pred_launch 3");
  EXP(s, armed_o, 0);
  for (unsigned k = 1; k <= 6; k++) {
    s = p_idle(p, "armed h+1 .. h+6");
    EXP(s, armed_o, 1);
  }
  s = p_idle(p, "h+7: expired");
  EXP(s, armed_o, 0);
  p->t.pred_launch_i = 0;
  p_hint(p, "hint, pred_launch 0");
  s = p_idle(p, "h+1: armed");
  EXP(s, armed_o, 1);
  s = p_idle(p, "h+2: expired");
  EXP(s, armed_o, 0);
  p->t.pred_launch_i = 1000;
  p_hint(p, "hint");
  s = p_pre(p, "request");
  EXP(s, armed_o, 1);
  s = p_idle(p, "disarmed");
  EXP(s, armed_o, 0);
  s = p_dec(p, 0, "the request's decision (it restarted the hint's walk): nothing live");
  exp_pre(s, 1, 0);
  exp_ckpt(s, 0, 0);
  return d_run(p);
}

/* ---- every bad input: its err_*_o in the same cycle, nothing changes */
static int t_errors(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = p_done(p, 0, 0, "done of a free entry");
  EXP(s, live_o, 0);
  p_evict(p, 1, 0, "evict of a free entry");
  p_inst(p, 2, 0, "instruction of a free entry");
  s = p_start(p, 0, NK, 0, 0, 0, "start with kslot == KSLOTS");
  p_start(p, 0, 255, 0, 0, 0, "start with kslot 255");
  s = p_idle(p, "nothing started");
  EXP(s, live_o, 0);
  unsigned t0 = now(p);
  p_start(p, 0, 1, 0, 0, 1, "A of slot 1 on entry 0");
  s = p_start(p, 0, 2, 0, 0, 0, "start of live entry 0: err_start_o");
  EXP(s, live_o, 0x1);
  p_until(p, t0 + 100);
  p_done(p, 0, 1, "A finishes after 100 cycles");
  s = p_done(p, 0, 0, "done again: err_done_o");
  EXP(s, prof_valid_o, 0); /* A's sample in flight */
  s = p_idle(p, "A's sample landed");
  EXP(s, prof_valid_o, 1u << 1); /* slot 1 (A's), not slot 2: the refused start changed nothing */
  p->t.pred_launch_i = 0; /* threshold sw = 50: the probe works for an average of 100 */
  probe_avg(p, 1, 100, "A's sample is 100 cycles: the refused start left its start time");
  if (NT & (NT - 1)) { /* entries >= TBS exist as indices */
    p_start(p, NT, 0, 0, 0, 0, "start of entry TBS");
    p_done(p, NT, 0, "done of entry TBS");
    p_evict(p, NT, 0, "evict of entry TBS");
    p_inst(p, NT, 0, "instruction of entry TBS");
  }
  s = p_idle(p, "nothing live");
  EXP(s, live_o, 0);
  return d_run(p);
}

static const kmu_test tests[] = {
    {"latency", t_latency, 0, 0}, {"case_ab", t_case_ab, 0, 0},
    {"case_c", t_case_c, 0, 0},   {"boundary", t_boundary, 0, 0},
    {"case_de", t_case_de, 0, 0}, {"judge_edge", t_judge_edge, 0, 0},
    {"chimera", t_chimera, 0, 0}, {"chimera_edge", t_chimera_edge, 0, 0},
    {"unknown", t_unknown, 0, 0}, {"ema", t_ema, 0, 0},
    {"clear", t_clear, 0, 0},     {"same_cycle", t_same_cycle, 0, 0},
    {"arm", t_arm, 0, 0},         {"errors", t_errors, 0, 0},
    {"judge_fwd", t_judge_fwd, 0, 0}, {"walk_old_avg", t_walk_old_avg, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_pep_predictor_block, tests, sizeof tests / sizeof tests[0], argc,
                       argv);
}
