/* test_kmu_preempt_ctrl.c - lockstep and directed tests of kmu_preempt_ctrl
 * (rtl/preempt/kmu_preempt_ctrl.v).
 *
 * Expected values come from the specification (the block's header and its page
 * docs/blocks/kmu_preempt_ctrl.md), never from either model:
 *   - levels: a take writes the dispatcher's level_i as its kernel tag's level; a start (st_fire)
 *     copies its tag's level, as it was before this cycle's take, to the entry it names;
 *   - one SM at a time: a stall at level L > 0 with en_i = 1 in cycle t asks, in t+1, the
 *     LOWEST-index SM whose eligible entries are all of a level below L (at least one), except
 *     SMs already asked in this episode; only when no SM of the episode's asked mask has busy_i
 *     set in t (an SM outside the mask may be busy: it does not gate), and only when WAIT = 4
 *     cycles have passed since the last request was issued (wait_q: set to WAIT by a request,
 *     counting down in every other cycle, whatever the stall or the episode does; a request
 *     in cycle t, then the next in t+1+WAIT at the earliest: two preempt_o pulses are at least
 *     GAP = WAIT + 1 = 5 cycles apart);
 *   - all_i = 1 (PRE_CTRL.ALL) in cycle t: the request of t+1 names EVERY such SM at once (the
 *     same gating);
 *   - hold_o rises with the first request of an episode; while high it stays high unless, in a
 *     cycle without a request, no level >= the episode's minimum requested level has TBs
 *     (lvl_has_tb_i): then it is low from the next cycle, and the episode (its asked SMs) ends.
 *     A request in that cycle continues the episode ("a request while active").
 * The scoreboard (sb_*) states these on the outputs alone: the asked SMs and the episode's
 * level are what it saw on preempt_o / hold_o, the wait runs from the last pulse it saw, the
 * candidates come from the maximum eligible level per SM.
 *
 * The random test alternates long "system" phases with short noise phases.  The system is
 * NSM SMs of TBS entries and CT kernel tags: kernels (background levels 0-1, urgent levels 2-3)
 * arrive, kmu_kmu reports the levels with TBs left, a strict-priority dispatcher takes a TB of
 * the highest such level onto a free entry (take, then its start on the shared start bus 1-4
 * cycles later) or stalls; TBs run and finish; an SM asked to preempt decides 1-2 cycles after
 * it sees the request (now and then 3-4) and switches some of its eligible TBs out, one save
 * after another: busy_i is high from its decision until its last save is done (then the entry
 * is free), never when it drains them all; the switched-out TBs are restored through the start
 * bus (no take) while hold_o is low, the restoring SM busy until the start.  A noise phase
 * drives every input, busy_i too, at random (per-phase densities); afterwards the level tables
 * are written again (a take per live kernel, a start per resident TB) before the system
 * resumes.  Every bit of every input field, busy_i's too, is checked to have been both 0
 * and 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_preempt_ctrl.h"
#include "kmu_tb.h"

static const kmu_preempt_ctrl_params params = {P_NSM, P_TBS, P_CT};
#define KMU_CUR_IN kmu_preempt_ctrl_in
#define KMU_CUR_OUT kmu_preempt_ctrl_out
KMU_BLOCK_L(kmu_preempt_ctrl, KMU_PREEMPT_CTRL_IN, KMU_PREEMPT_CTRL_OUT, KMU_PREEMPT_CTRL_INL,
            KMU_NO_LANES, &params)

#define NSM P_NSM
#define TBS P_TBS
#define CT P_CT
#define NE (NSM * TBS)
#define CLOG2(n) ((n) > 1 ? 64 - __builtin_clzll((unsigned long long)(n) - 1) : 1)
#define SMW CLOG2(NSM)
#define RTBW CLOG2(TBS)
#define TAGW CLOG2(CT)
#define BIT(k) (1ull << (k))
/* levels >= l as a 4-bit mask */
#define AT_OR_ABOVE(l) ((0xfu << (l)) & 0xfu)
/* the spec's wait: a request in cycle t, the next request in t+1+WAIT at the earliest, so two
 * preempt_o pulses are at least GAP cycles apart */
#define WAIT 4
#define GAP (WAIT + 1)

/* ======================================================================== the specification */
/* Input fields, for the bit coverage: every bit of every field must be seen 0 and 1. */
static const kmu_fld flds[] = {
    {"en_i", offsetof(kmu_preempt_ctrl_in, en_i), 1, 0},
    {"all_i", offsetof(kmu_preempt_ctrl_in, all_i), 1, 0},
    {"stall_i", offsetof(kmu_preempt_ctrl_in, stall_i), 1, 0},
    {"level_i", offsetof(kmu_preempt_ctrl_in, level_i), 2, 0},
    {"lvl_has_tb_i", offsetof(kmu_preempt_ctrl_in, lvl_has_tb_i), 4, 0},
    {"take_valid_i", offsetof(kmu_preempt_ctrl_in, take_valid_i), 1, 0},
    {"take_tag_i", offsetof(kmu_preempt_ctrl_in, take_tag_i), TAGW, 0},
    {"st_fire_i", offsetof(kmu_preempt_ctrl_in, st_fire_i), 1, 0},
    {"st_sm_i", offsetof(kmu_preempt_ctrl_in, st_sm_i), SMW, 0},
    {"st_rtb_i", offsetof(kmu_preempt_ctrl_in, st_rtb_i), RTBW, 0},
    {"st_tag_i", offsetof(kmu_preempt_ctrl_in, st_tag_i), TAGW, 0},
    {"busy_i", offsetof(kmu_preempt_ctrl_in, busy_i), NSM, 0},
    {"elig_i", offsetof(kmu_preempt_ctrl_in, elig_i), TBS, NSM},
};
#define NFLD (sizeof flds / sizeof flds[0])
#define NCOV (NFLD - 1 + NSM) /* one slot per scalar field, one per elig_i element */

typedef struct {
  const char *test;
  /* the level tables the spec defines (known: written since reset) */
  uint8_t tag_lvl[CT], tag_known[CT];
  uint8_t ent_lvl[NE], ent_known[NE];
  /* from last cycle's inputs: the SMs that must be asked in this cycle, and what the hold rule
   * needs */
  int have_prev;
  uint64_t exp_pre;
  int prev_trig_cond;  /* en_i && stall_i && level_i != 0 */
  int prev_busy_gate;  /* an SM of the asked mask had busy_i set */
  int prev_all;        /* all_i: every candidate at once */
  unsigned prev_level; /* level_i */
  unsigned prev_has;   /* lvl_has_tb_i */
  /* the episode as seen on the outputs: hold_o last cycle, SMs asked, minimum level */
  int hold;
  uint64_t asked;
  unsigned minlvl;
  /* the wait: the cycle of the last preempt_o pulse (-1: none since reset) */
  int64_t last_pulse;
  /* coverage */
  uint64_t ones[NCOV], zeros[NCOV];
  uint64_t n_pulse, n_multi_cand, n_mixed, n_equal, n_asked_block, n_lower, n_higher,
      n_release, n_en0, n_lvl0, n_nostall, n_same_tag, n_cont, n_ep, n_wait_block, n_busy_block,
      n_busy_other, n_busy_fall, n_gap_min, n_wait_ep, n_all_multi;
} sb;

static void sb_reset(sb *s, const char *test) {
  memset(s, 0, sizeof *s);
  s->test = test;
  s->minlvl = 4;
  s->last_pulse = -1;
}

static void sb_cover(sb *s, const kmu_preempt_ctrl_in *i) {
  kmu_fcov_add(flds, NFLD, i, s->ones, s->zeros);
}

/* The SMs that qualify at level L with the tables and elig_i of this cycle: every eligible
 * entry below L, at least one.  *mixed / *equal: SMs with an eligible entry below L and one at
 * or above (at L exactly).  Returns ~0 when an eligible entry's level was never written (a
 * test-writing error: the spec says nothing about it). */
static uint64_t sb_qualify(const sb *s, const kmu_preempt_ctrl_in *i, unsigned L, uint64_t *mixed,
                           uint64_t *equal) {
  uint64_t q = 0;
  *mixed = *equal = 0;
  for (unsigned sm = 0; sm < NSM; sm++) {
    int any = 0, minl = 4, maxl = -1;
    for (unsigned e = 0; e < TBS; e++) {
      if (!((i->elig_i[sm] >> e) & 1)) continue;
      const unsigned x = sm * TBS + e;
      if (!s->ent_known[x]) return ~0ull;
      any = 1;
      if (s->ent_lvl[x] > maxl) maxl = s->ent_lvl[x];
      if (s->ent_lvl[x] < minl) minl = s->ent_lvl[x];
    }
    if (any && maxl < (int)L) q |= BIT(sm);
    if (any && minl < (int)L && maxl >= (int)L) {
      *mixed |= BIT(sm);
      if (maxl == (int)L) *equal |= BIT(sm);
    }
  }
  return q;
}

/* One cycle: check the outputs against what last cycle's inputs require, then record this
 * cycle's inputs and outputs. */
static int sb_check(sb *s, uint64_t cyc, const kmu_preempt_ctrl_in *i,
                    const kmu_preempt_ctrl_out *o) {
  const char *t = s->test;
  int ok = 1;
  const uint64_t pre = o->preempt_o;
  /* ---- this cycle's outputs */
  uint64_t exp_pre = 0;
  int exp_hold = 0;
  if (s->have_prev) {
    exp_pre = s->exp_pre;
    if (exp_pre)
      exp_hold = 1; /* a request: hold_o rises with it (or stays) */
    else if (s->hold)
      exp_hold = (s->prev_has & AT_OR_ABOVE(s->minlvl)) != 0; /* release rule */
  }
  ok &= KMU_EXPECT_EQ(t, cyc,
                      "preempt_o = the lowest SM (all_i: every SM) that qualified in the cycle "
                      "before (wait over, no asked SM busy)",
                      exp_pre, pre);
  ok &= KMU_EXPECT_EQ(t, cyc, "hold_o (first request .. one cycle after no level >= the "
                              "episode's level has TBs)",
                      exp_hold, o->hold_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "req_o = a request this cycle", pre != 0, o->req_o);
  /* the same, stated as properties (clearer messages when the expectation above fails) */
  if (pre) {
    ok &= kmu_expect(s->have_prev && s->prev_trig_cond, t, cyc,
                     "a request only the cycle after a stall with en_i = 1 at a level > 0", 1, 0);
    ok &= kmu_expect(s->prev_all || (pre & (pre - 1)) == 0, t, cyc,
                     "one SM at a time (all_i = 0): a single preempt_o bit", 0, pre);
    ok &= kmu_expect(s->last_pulse < 0 || (int64_t)cyc - s->last_pulse >= GAP, t, cyc,
                     "the wait: requests at least GAP cycles apart", GAP,
                     (uint64_t)((int64_t)cyc - s->last_pulse));
    ok &= kmu_expect(!s->prev_busy_gate, t, cyc,
                     "no request while an SM of the asked mask is busy (busy_i)", 0, 1);
  }
  ok &= kmu_expect(!s->hold || (pre & s->asked) == 0, t, cyc,
                   "an SM is asked at most once per episode", s->asked, pre);
  ok &= kmu_expect(!pre || o->hold_o, t, cyc, "hold_o is high with every request", 1, o->hold_o);

  /* ---- the episode, from the outputs */
  if (!s->hold) {
    s->asked = 0;
    s->minlvl = 4;
  }
  if (pre) {
    s->n_pulse++;
    if (s->last_pulse >= 0 && (int64_t)cyc - s->last_pulse == GAP) {
      s->n_gap_min++;
      if (!s->hold) s->n_wait_ep++; /* a new episode's first request, as early as the wait allows */
    }
    s->last_pulse = (int64_t)cyc;
    if (!s->hold) s->n_ep++;
    if (s->hold && s->prev_level < s->minlvl) s->n_lower++;
    if (s->hold && s->prev_level > s->minlvl) s->n_higher++;
    if (s->hold && !(s->prev_has & AT_OR_ABOVE(s->minlvl))) s->n_cont++;
    s->asked |= pre;
    if (s->prev_level < s->minlvl) s->minlvl = s->prev_level;
  }
  if (s->hold && !o->hold_o) s->n_release++;
  if (!o->hold_o) {
    s->asked = 0;
    s->minlvl = 4;
  }
  s->hold = (int)o->hold_o;

  /* ---- what this cycle's inputs require of the next one */
  const unsigned L = (unsigned)i->level_i & 3;
  const int stall = (int)(i->stall_i & 1), en = (int)(i->en_i & 1);
  uint64_t mixed = 0, equal = 0, q = 0;
  if (stall) {
    q = sb_qualify(s, i, L, &mixed, &equal);
    if (q == ~0ull) {
      ok &= kmu_expect(0, t, cyc, "test error: an eligible entry whose level was never written",
                       0, 0);
      q = 0;
    }
  } else {
    uint64_t m2, e2;
    const uint64_t q2 = L ? sb_qualify(s, i, L, &m2, &e2) : 0;
    if (q2 && q2 != ~0ull && en) s->n_nostall++;
  }
  const int cond = en && stall && L != 0;
  if (stall && L == 0 && en) {
    uint64_t anyel = 0;
    for (unsigned sm = 0; sm < NSM; sm++) anyel |= i->elig_i[sm] & kmu_mask(TBS);
    if (anyel) s->n_lvl0++;
  }
  if (stall && !en && L && (q & ~s->asked)) s->n_en0++;
  /* one SM at a time: the lowest new candidate, once the wait is over and no asked SM is busy */
  const uint64_t busy = i->busy_i & kmu_mask(NSM);
  const uint64_t newc = q & ~s->asked;
  const int wait_ok = s->last_pulse < 0 || (int64_t)cyc + 1 >= s->last_pulse + GAP;
  const int busy_gate = (s->asked & busy) != 0;
  if (cond) {
    if (mixed) s->n_mixed++;
    if (equal) s->n_equal++;
    if (q & s->asked) s->n_asked_block++;
    if (newc && !wait_ok) s->n_wait_block++;
    if (newc && wait_ok && busy_gate) s->n_busy_block++;
    if (newc && wait_ok && !busy_gate) {
      if ((newc & (newc - 1)) && !(i->all_i & 1)) s->n_multi_cand++;
      if ((newc & (newc - 1)) && (i->all_i & 1)) s->n_all_multi++;
      if (busy & ~s->asked) s->n_busy_other++;
      if (s->prev_busy_gate) s->n_busy_fall++;
    }
  }
  s->exp_pre = !(cond && wait_ok && !busy_gate) ? 0 : (i->all_i & 1) ? newc : (newc & (~newc + 1));
  s->prev_all = (int)(i->all_i & 1);
  s->prev_busy_gate = busy_gate;
  s->prev_trig_cond = cond;
  s->prev_level = L;
  s->prev_has = (unsigned)i->lvl_has_tb_i & 0xf;
  s->have_prev = 1;

  /* ---- the tables, written at the edge: the start reads the tag's level before the take */
  if (i->st_fire_i & 1) {
    const unsigned sm = (unsigned)i->st_sm_i, r = (unsigned)i->st_rtb_i, tg = (unsigned)i->st_tag_i;
    if (sm < NSM && r < TBS && tg < CT) {
      s->ent_lvl[sm * TBS + r] = s->tag_lvl[tg];
      s->ent_known[sm * TBS + r] = s->tag_known[tg];
    } else
      ok &= kmu_expect(0, t, cyc, "test error: a start outside the tables", 0, 0);
    if ((i->take_valid_i & 1) && i->take_tag_i == tg) s->n_same_tag++;
  }
  if (i->take_valid_i & 1) {
    const unsigned tg = (unsigned)i->take_tag_i;
    if (tg < CT) {
      s->tag_lvl[tg] = (uint8_t)L;
      s->tag_known[tg] = 1;
    } else
      ok &= kmu_expect(0, t, cyc, "test error: a take outside the tag table", 0, 0);
  }
  sb_cover(s, i);
  return ok;
}

static int sb_bits_covered(const sb *s, uint64_t cyc) {
  return kmu_fcov_check(s->test, cyc, flds, NFLD, s->ones, s->zeros);
}

/* ======================================================================== random lockstep */
enum { E_FREE, E_RSV, E_RES, E_SAVE }; /* free, taken (start pending), resident, being saved */
typedef struct {
  int st;
  unsigned tag;
  uint8_t lvl; /* its kernel's level (what the system knows, not the block's table) */
  int ewarp;   /* an event warp: never eligible */
  uint64_t elig_at, end_at, save_at;
} ent_t;
typedef struct {
  int active;
  unsigned lvl;
  uint64_t to_issue, outstanding; /* TBs not yet taken; taken and not finished */
} kern_t;
typedef struct {
  unsigned e, tag;
  uint64_t due;
} start_t;
#define RQ (4 * NE) /* switched-out TBs waiting for their restore */
#define LEN_SCALE (NE > 256 ? NE / 64 : 1)

typedef struct {
  int noise;
  /* system */
  unsigned en_pct, bg_pm, urg_pm, bg_max, urg_max, len_min, len_max, sw_pct, save_max, xstall_pct,
      eln_pct, ewarp_pct, lvl_bias, all_pct;
  /* noise: densities of every input; desc: the stall level steps down 3, 2, 1 in blocks with
   * per-SM elig_i densities redrawn per block (an episode that new SMs join at lower levels) */
  unsigned n_en, n_stall, n_lvl, n_take, n_st, n_elig, n_busy, desc, blk_lvl, sm_dens[NSM];
  /* system: % of decisions that raise busy_i later than 2 cycles after they are seen */
  unsigned late_pct, bn_pct;
  uint64_t blk_start, blk_end;
} phase_t;

typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t seed, cycles, cyc;
  sb s;
  phase_t ph;
  uint64_t phase_end;
  int mode; /* this cycle: 0 system, 1 noise, 2 table writes (init / after noise) */
  /* table writes: a take per tag (a: tag, b: level), then a start per entry (a: entry, b: tag) */
  struct {
    int start;
    unsigned a, b;
  } rs[CT + NE];
  unsigned rs_n, rs_pc;
  /* the system */
  uint64_t t;
  kern_t k[CT];
  ent_t e[NE];
  start_t sq[NE];
  unsigned sq_head, sq_n;
  unsigned rq[RQ];
  unsigned rq_head, rq_n;
  uint64_t dec_at[NSM]; /* an asked SM decides at this system time (0: none) */
  /* busy_i: an SM saves until sv_to (its saves one after another), restores until rs_to */
  uint64_t sv_to[NSM], rs_to[NSM];
  /* counts */
  uint64_t n_takes, n_starts, n_restores, n_switched, n_done, n_kern, n_sys_pulse, n_sys_rel,
      n_noise, n_stall, n_sync, n_sys_save, n_sys_drain, n_sys_gate;
} rnd_ctx;

static void new_phase(rnd_ctx *x) {
  kmu_rng *r = &x->rng;
  phase_t *p = &x->ph;
  const int was_noise = p->noise;
  memset(p, 0, sizeof *p);
  const int tail = x->cyc + 20000 >= x->cycles; /* the run ends in a system phase */
  p->noise = !tail && kmu_rng_pct(r, 30);
  if (p->noise) {
    static const unsigned d[] = {0, 3, 10, 50, 90, 97, 100};
#define DENS d[kmu_rng_below(r, sizeof d / sizeof d[0])]
    p->n_en = DENS, p->n_stall = DENS, p->n_lvl = DENS, p->n_take = DENS, p->n_st = DENS;
    p->n_elig = DENS, p->n_busy = DENS;
    p->desc = x->n_noise % 2 == 0; /* every other noise phase, the first one too */
    if (p->desc) {
      static const unsigned b[] = {0, 0, 3, 10};
      p->n_en = 100;
      p->n_stall = 60;
      p->n_busy = b[kmu_rng_below(r, 4)];
      p->blk_lvl = 0;
      p->blk_end = 0;
    }
#undef DENS
    x->phase_end = x->cyc + kmu_rng_span(r, 20, 1500);
    x->n_noise++;
  } else {
    static const unsigned en[] = {100, 100, 100, 100, 0, 50, 97};
    p->en_pct = en[kmu_rng_below(r, sizeof en / sizeof en[0])];
    static const unsigned al[] = {0, 0, 100, 50};
    p->all_pct = al[kmu_rng_below(r, sizeof al / sizeof al[0])]; /* PRE_CTRL.ALL */
    p->bg_pm = (unsigned)kmu_rng_span(r, 2, 60);      /* per mille per cycle */
    p->urg_pm = (unsigned)kmu_rng_span(r, 0, 12);     /* per mille per cycle */
    p->bg_max = (unsigned)kmu_rng_span(r, 1, 2 * NE); /* TBs per kernel */
    p->urg_max = (unsigned)kmu_rng_span(r, 1, NE);
    /* TB lengths grow with the GPU, so one take per cycle can fill it */
    p->len_min = (unsigned)kmu_rng_span(r, 5, 60) * LEN_SCALE;
    p->len_max = p->len_min + (unsigned)kmu_rng_span(r, 0, 600) * LEN_SCALE;
    static const unsigned sw[] = {0, 30, 70, 100, 100};
    p->sw_pct = sw[kmu_rng_below(r, sizeof sw / sizeof sw[0])];
    p->save_max = (unsigned)kmu_rng_span(r, 1, 40);
    p->xstall_pct = kmu_rng_pct(r, 50) ? 0 : (unsigned)kmu_rng_span(r, 1, 30);
    p->eln_pct = kmu_rng_pct(r, 70) ? 0 : (unsigned)kmu_rng_span(r, 1, 20);
    p->ewarp_pct = kmu_rng_pct(r, 70) ? 0 : (unsigned)kmu_rng_span(r, 1, 15);
    p->late_pct = kmu_rng_pct(r, 50) ? 0 : (unsigned)kmu_rng_span(r, 1, 40);
    p->bn_pct = kmu_rng_pct(r, 80) ? 0 : (unsigned)kmu_rng_span(r, 1, 5);
    p->lvl_bias = (unsigned)kmu_rng_below(r, 101); /* urgent: % of level 3 (else 2) */
    x->phase_end = x->cyc + kmu_rng_span(r, 1500, 9000);
  }
  if (was_noise && !p->noise) {
    /* write the tables again: a take per live kernel, a start per resident TB */
    x->rs_n = x->rs_pc = 0;
    for (unsigned g = 0; g < CT; g++)
      if (x->k[g].active) {
        x->rs[x->rs_n].start = 0;
        x->rs[x->rs_n].a = g;
        x->rs[x->rs_n++].b = x->k[g].lvl;
      }
    for (unsigned e = 0; e < NE; e++)
      if (x->e[e].st == E_RES) {
        x->rs[x->rs_n].start = 1;
        x->rs[x->rs_n].a = e;
        x->rs[x->rs_n++].b = x->e[e].tag;
      }
    x->n_sync++;
  }
}

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  const uint64_t cycles = x->cycles;
  memset(x, 0, sizeof *x);
  x->test = t;
  x->cycles = cycles;
  x->seed = seed;
  sb_reset(&x->s, t);
  kmu_rng_seed(&x->rng, seed);
  /* the tables have no reset: write every tag (a random level) and every entry first */
  for (unsigned g = 0; g < CT; g++) {
    x->rs[x->rs_n].start = 0;
    x->rs[x->rs_n].a = g;
    x->rs[x->rs_n++].b = (unsigned)kmu_rng_below(&x->rng, 4);
  }
  for (unsigned e = 0; e < NE; e++) {
    x->rs[x->rs_n].start = 1;
    x->rs[x->rs_n].a = e;
    x->rs[x->rs_n++].b = (unsigned)kmu_rng_below(&x->rng, CT);
  }
  new_phase(x);
}

/* don't-care fields: random, the block must ignore them */
static void dont_care(rnd_ctx *x, kmu_preempt_ctrl_in *i) {
  kmu_rng *r = &x->rng;
  if (!i->take_valid_i) i->take_tag_i = kmu_rng_below(r, CT);
  if (!i->st_fire_i) {
    i->st_sm_i = kmu_rng_below(r, NSM);
    i->st_rtb_i = kmu_rng_below(r, TBS);
    i->st_tag_i = kmu_rng_below(r, CT);
  }
}

static unsigned lvl_has(const rnd_ctx *x) {
  unsigned h = 0;
  for (unsigned g = 0; g < CT; g++)
    if (x->k[g].active && x->k[g].to_issue) h |= 1u << x->k[g].lvl;
  return h;
}

/* a free entry (random SM first), reserved; NE when none */
static unsigned grab_entry(rnd_ctx *x) {
  const unsigned s0 = (unsigned)kmu_rng_below(&x->rng, NSM);
  for (unsigned j = 0; j < NSM; j++) {
    const unsigned sm = (s0 + j) % NSM;
    for (unsigned e = 0; e < TBS; e++)
      if (x->e[sm * TBS + e].st == E_FREE) {
        x->e[sm * TBS + e].st = E_RSV;
        return sm * TBS + e;
      }
  }
  return NE;
}

static void push_start(rnd_ctx *x, unsigned e, unsigned tag, unsigned maxd) {
  start_t *q = &x->sq[(x->sq_head + x->sq_n++) % NE];
  q->e = e;
  q->tag = tag;
  q->due = x->t + 1 + kmu_rng_below(&x->rng, maxd);
}

static void new_kernel(rnd_ctx *x, unsigned lvl, unsigned maxtb) {
  const unsigned g0 = (unsigned)kmu_rng_below(&x->rng, CT);
  for (unsigned j = 0; j < CT; j++) {
    kern_t *k = &x->k[(g0 + j) % CT];
    if (k->active) continue;
    k->active = 1;
    k->lvl = lvl;
    k->to_issue = kmu_rng_span(&x->rng, 1, maxtb);
    k->outstanding = 0;
    x->n_kern++;
    return;
  }
}

static void tb_gone(rnd_ctx *x, unsigned tag) {
  kern_t *k = &x->k[tag];
  k->outstanding--;
  if (!k->to_issue && !k->outstanding) k->active = 0;
}

static void sys_step(rnd_ctx *x, const kmu_preempt_ctrl_out *po, kmu_preempt_ctrl_in *i) {
  kmu_rng *r = &x->rng;
  const phase_t *p = &x->ph;
  x->t++;
  /* an asked SM decides 1..2 cycles after it sees the request (the predictor, then the
   * sequencer pauses: busy_i from then), now and then 3..4 */
  for (unsigned sm = 0; sm < NSM; sm++)
    if ((po->preempt_o >> sm) & 1) {
      x->dec_at[sm] = x->t + (kmu_rng_pct(r, p->late_pct) ? kmu_rng_span(r, 3, 4) : kmu_rng_span(r, 1, 2));
      x->n_sys_pulse++;
    }
  for (unsigned sm = 0; sm < NSM; sm++) {
    if (!x->dec_at[sm] || x->dec_at[sm] > x->t) continue;
    x->dec_at[sm] = 0;
    /* the switched TBs are saved one after another: busy_i until the last is done */
    uint64_t cur = x->sv_to[sm] > x->t ? x->sv_to[sm] : x->t;
    int any = 0;
    for (unsigned e = sm * TBS; e < (sm + 1) * TBS; e++) {
      ent_t *n = &x->e[e];
      if (n->st != E_RES || n->ewarp || x->t < n->elig_at) continue; /* not eligible */
      if (x->rq_n + NE >= RQ || !kmu_rng_pct(r, p->sw_pct)) continue; /* drains */
      n->st = E_SAVE;
      cur += kmu_rng_span(r, 1, p->save_max);
      n->save_at = cur;
      any = 1;
    }
    if (any) {
      x->sv_to[sm] = cur;
      x->n_sys_save++;
    } else
      x->n_sys_drain++; /* drains everything: never busy */
  }
  /* saves complete (the TB waits for its restore), TBs finish */
  for (unsigned e = 0; e < NE; e++) {
    ent_t *n = &x->e[e];
    if (n->st == E_SAVE && n->save_at <= x->t) {
      x->rq[(x->rq_head + x->rq_n++) % RQ] = n->tag;
      n->st = E_FREE;
      x->n_switched++;
    } else if (n->st == E_RES && n->end_at <= x->t) {
      n->st = E_FREE;
      tb_gone(x, n->tag);
      x->n_done++;
    }
  }
  /* kernels arrive: background (levels 0-1) and urgent (levels 2-3) */
  if (kmu_rng_below(r, 1000) < p->bg_pm) new_kernel(x, (unsigned)kmu_rng_below(r, 2), p->bg_max);
  if (kmu_rng_below(r, 1000) < p->urg_pm)
    new_kernel(x, kmu_rng_pct(r, p->lvl_bias) ? 3 : 2, p->urg_max);
  /* kmu_kmu: the levels with TBs to issue; the dispatcher serves the highest (strict) */
  const unsigned has = lvl_has(x);
  i->lvl_has_tb_i = has;
  i->level_i = kmu_rng_below(r, 4); /* a don't-care without a take or a stall */
  if (has) {
    const unsigned L = 31 - (unsigned)__builtin_clz(has);
    unsigned g = CT;
    const unsigned g0 = (unsigned)kmu_rng_below(r, CT);
    for (unsigned j = 0; j < CT && g == CT; j++) {
      const kern_t *k = &x->k[(g0 + j) % CT];
      if (k->active && k->lvl == L && k->to_issue) g = (g0 + j) % CT;
    }
    i->level_i = L;
    const unsigned e = kmu_rng_pct(r, p->xstall_pct) ? NE : grab_entry(x);
    if (e < NE) {
      i->take_valid_i = 1;
      i->take_tag_i = g;
      x->k[g].to_issue--;
      x->k[g].outstanding++;
      x->e[e].tag = g;
      push_start(x, e, g, 4);
      x->n_takes++;
    } else {
      i->stall_i = 1;
      x->n_stall++;
    }
  }
  /* restores, while hold_o is low */
  if (!po->hold_o && x->rq_n) {
    const unsigned e = grab_entry(x);
    if (e < NE) {
      x->e[e].tag = x->rq[x->rq_head];
      x->rq_head = (x->rq_head + 1) % RQ;
      x->rq_n--;
      push_start(x, e, x->e[e].tag, 3);
      /* the SM restores the context until the start */
      const uint64_t due = x->sq[(x->sq_head + x->sq_n - 1) % NE].due;
      if (x->rs_to[e / TBS] < due) x->rs_to[e / TBS] = due;
      x->n_restores++;
    }
  }
  /* the start bus: one start per cycle, in order */
  if (x->sq_n && x->sq[x->sq_head].due <= x->t) {
    const start_t q = x->sq[x->sq_head];
    x->sq_head = (x->sq_head + 1) % NE;
    x->sq_n--;
    ent_t *n = &x->e[q.e];
    n->st = E_RES;
    n->lvl = (uint8_t)x->k[q.tag].lvl;
    n->ewarp = kmu_rng_pct(r, p->ewarp_pct);
    n->elig_at = x->t + kmu_rng_span(r, 1, 3);
    n->end_at = x->t + kmu_rng_span(r, p->len_min, p->len_max);
    i->st_fire_i = 1;
    i->st_sm_i = q.e / TBS;
    i->st_rtb_i = q.e % TBS;
    i->st_tag_i = q.tag;
    x->n_starts++;
  }
  /* the SMs' preemptible entries: resident, started, not an event warp, no save pending */
  for (unsigned sm = 0; sm < NSM; sm++) {
    uint64_t v = 0;
    for (unsigned e = 0; e < TBS; e++) {
      const ent_t *n = &x->e[sm * TBS + e];
      if (n->st == E_RES && !n->ewarp && x->t >= n->elig_at) v |= BIT(e);
    }
    i->elig_i[sm] = v;
  }
  if (p->eln_pct && kmu_rng_pct(r, p->eln_pct)) /* noise: one bit flipped */
    i->elig_i[kmu_rng_below(r, NSM)] ^= BIT(kmu_rng_below(r, TBS));
  /* busy_i: saving (from its decision to its last save) or restoring (until the start) */
  for (unsigned sm = 0; sm < NSM; sm++)
    if (x->t < x->sv_to[sm] || x->t < x->rs_to[sm]) i->busy_i |= BIT(sm);
  if (p->bn_pct && kmu_rng_pct(r, p->bn_pct)) /* noise: one bit flipped */
    i->busy_i ^= BIT(kmu_rng_below(r, NSM));
  i->en_i = kmu_rng_pct(r, p->en_pct);
  i->all_i = kmu_rng_pct(r, p->all_pct);
}

static void noise_step(rnd_ctx *x, kmu_preempt_ctrl_in *i) {
  kmu_rng *r = &x->rng;
  phase_t *p = &x->ph;
  if (p->desc && x->cyc >= p->blk_end) {
    static const unsigned d[] = {0, 0, 3, 10, 30};
    p->blk_lvl = p->blk_lvl <= 1 ? 3 : p->blk_lvl - 1;
    p->blk_start = x->cyc;
    p->blk_end = x->cyc + kmu_rng_span(r, 3, 40);
    for (unsigned sm = 0; sm < NSM; sm++) p->sm_dens[sm] = d[kmu_rng_below(r, 5)];
  }
  i->en_i = kmu_rng_pct(r, p->n_en);
  i->all_i = kmu_rng_pct(r, 50);
  i->stall_i = kmu_rng_pct(r, p->n_stall);
  i->level_i = p->desc ? p->blk_lvl : kmu_rng_below(r, 4);
  for (unsigned l = 0; l < 4; l++) i->lvl_has_tb_i |= (uint64_t)kmu_rng_pct(r, p->n_lvl) << l;
  if (p->desc) /* every level has TBs, except in the first two cycles of a level-3 block */
    i->lvl_has_tb_i = (p->blk_lvl == 3 && x->cyc < p->blk_start + 2) ? 0 : 0xf;
  i->take_valid_i = kmu_rng_pct(r, p->n_take);
  i->take_tag_i = kmu_rng_below(r, CT);
  i->st_fire_i = kmu_rng_pct(r, p->n_st);
  i->st_sm_i = kmu_rng_below(r, NSM);
  i->st_rtb_i = kmu_rng_below(r, TBS);
  i->st_tag_i = kmu_rng_below(r, CT);
  /* now and then the start names the tag taken in the same cycle */
  if (kmu_rng_pct(r, 10)) i->st_tag_i = i->take_tag_i;
  for (unsigned sm = 0; sm < NSM; sm++) {
    uint64_t v = 0;
    const unsigned dens = p->desc ? p->sm_dens[sm] : p->n_elig;
    for (unsigned e = 0; e < TBS; e++) v |= (uint64_t)kmu_rng_pct(r, dens) << e;
    i->elig_i[sm] = v;
    i->busy_i |= (uint64_t)kmu_rng_pct(r, p->n_busy) << sm;
  }
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  kmu_preempt_ctrl_in *i = in;
  (void)pi;
  x->cyc = cyc;
  memset(i, 0, sizeof *i);
  if (x->rs_pc < x->rs_n) {
    /* table writes: no stall, nothing eligible */
    const unsigned k = x->rs_pc++;
    x->mode = 2;
    i->en_i = 1;
    i->lvl_has_tb_i = lvl_has(x);
    i->level_i = kmu_rng_below(&x->rng, 4);
    if (!x->rs[k].start) {
      i->take_valid_i = 1;
      i->take_tag_i = x->rs[k].a;
      i->level_i = x->rs[k].b;
    } else {
      i->st_fire_i = 1;
      i->st_sm_i = x->rs[k].a / TBS;
      i->st_rtb_i = x->rs[k].a % TBS;
      i->st_tag_i = x->rs[k].b;
    }
    dont_care(x, i);
    return 1;
  }
  if (cyc >= x->phase_end) {
    new_phase(x);
    if (x->rs_pc < x->rs_n) return rnd_drive(c, cyc, pi, po, in);
  }
  if (x->ph.noise) {
    x->mode = 1;
    noise_step(x, i);
  } else {
    x->mode = 0;
    sys_step(x, po, i);
    dont_care(x, i);
  }
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_preempt_ctrl_in *i = ip;
  const kmu_preempt_ctrl_out *o = op;
  int ok = 1;
  if (x->mode == 0) {
    /* test consistency: the spec's tables hold the level of every eligible resident TB */
    for (unsigned sm = 0; sm < NSM; sm++)
      for (unsigned e = 0; e < TBS; e++) {
        const unsigned n = sm * TBS + e;
        /* (started before this cycle: a start writes its entry at this cycle's edge) */
        if (((i->elig_i[sm] >> e) & 1) && x->e[n].st == E_RES && x->t >= x->e[n].elig_at)
          ok &= kmu_expect(x->s.ent_known[n] && x->s.ent_lvl[n] == x->e[n].lvl, x->test, cyc,
                           "test error: entry level (table) vs its kernel's level", x->e[n].lvl,
                           x->s.ent_lvl[n]);
      }
    if (x->s.hold && !o->hold_o) x->n_sys_rel++;
  }
  const uint64_t nb_gate = x->s.n_busy_block;
  ok &= sb_check(&x->s, cyc, i, o);
  if (x->mode == 0 && x->s.n_busy_block != nb_gate) x->n_sys_gate++;
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const sb *s = &x->s;
  const char *t = x->test;
  int ok = sb_bits_covered(s, x->cyc);
  ok &= kmu_expect(s->n_pulse &&
                       (NSM == 1 || (s->n_multi_cand && s->n_all_multi && s->n_busy_other)) &&
                       s->n_mixed && s->n_equal && s->n_asked_block && s->n_lower &&
                       s->n_higher && s->n_release && s->n_en0 && s->n_lvl0 && s->n_nostall &&
                       s->n_same_tag && s->n_wait_block && s->n_busy_block && s->n_busy_fall &&
                       s->n_gap_min && s->n_wait_ep,
                   t, x->cyc,
                   "coverage: requests (the lowest of several candidates; all_i: several at "
                   "once), mixed SMs (a TB at the "
                   "level), asked SMs skipped, level lowered / not raised, releases, en_i = 0, "
                   "level 0, no stall, start + take of one tag, requests held by the wait / by "
                   "an asked SM's busy_i, busy_i outside the asked mask ignored, a request as "
                   "the asked SM's busy_i falls, requests GAP cycles apart (also across episodes)",
                   1, 0);
  ok &= kmu_expect(x->n_sys_pulse && x->n_sys_rel && x->n_switched && x->n_restores &&
                       x->n_done && x->n_sync && x->n_sys_save && x->n_sys_drain &&
                       (NSM == 1 || x->n_sys_gate),
                   t, x->cyc,
                   "coverage (system phases): requests, releases, switched-out and restored TBs, "
                   "finished TBs, tables written again after noise, asked SMs saving (busy_i) "
                   "and draining (never busy), requests held by a saving SM",
                   1, 0);
  if ((getenv("KMU_COV") || !ok) && !kmu_tb_quiet())
    printf("  %s seed=%llu: %llu requests (%llu of several candidates; %llu SMs asked in system "
           "phases), %llu episodes, %llu releases (%llu system), %llu mixed SMs (%llu at the "
           "level), %llu asked skipped, %llu lowered, %llu higher, %llu continued at release, "
           "%llu en_i=0, %llu level 0, %llu no stall, %llu same tag | wait: %llu held, %llu at "
           "GAP (%llu new episode) | busy: %llu held (%llu system), %llu other SM busy, %llu "
           "at the fall | system: %llu kernels, %llu takes, %llu stalls, %llu starts, %llu "
           "switched, %llu restored, %llu finished, %llu saving / %llu draining decisions, %llu "
           "noise phases\n",
           t, (unsigned long long)x->seed, (unsigned long long)s->n_pulse,
           (unsigned long long)s->n_multi_cand, (unsigned long long)x->n_sys_pulse,
           (unsigned long long)s->n_ep, (unsigned long long)s->n_release,
           (unsigned long long)x->n_sys_rel, (unsigned long long)s->n_mixed,
           (unsigned long long)s->n_equal, (unsigned long long)s->n_asked_block,
           (unsigned long long)s->n_lower, (unsigned long long)s->n_higher,
           (unsigned long long)s->n_cont, (unsigned long long)s->n_en0,
           (unsigned long long)s->n_lvl0, (unsigned long long)s->n_nostall,
           (unsigned long long)s->n_same_tag, (unsigned long long)s->n_wait_block,
           (unsigned long long)s->n_gap_min, (unsigned long long)s->n_wait_ep,
           (unsigned long long)s->n_busy_block, (unsigned long long)x->n_sys_gate,
           (unsigned long long)s->n_busy_other, (unsigned long long)s->n_busy_fall,
           (unsigned long long)x->n_kern, (unsigned long long)x->n_takes,
           (unsigned long long)x->n_stall, (unsigned long long)x->n_starts,
           (unsigned long long)x->n_switched, (unsigned long long)x->n_restores,
           (unsigned long long)x->n_done, (unsigned long long)x->n_sys_save,
           (unsigned long long)x->n_sys_drain, (unsigned long long)x->n_noise);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  rnd_ctx *x = calloc(1, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  kmu_stim s = {x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep_mid_reset(&kmu_preempt_ctrl_block, &s, test, seed, cycles);
  free(x);
  return ok;
}

/* ======================================================================== directed */
/* A directed test is a program of steps: one cycle's inputs and the outputs the spec requires
 * in that cycle (every step checks preempt_o, hold_o and req_o).  en_i, stall_i, level_i,
 * lvl_has_tb_i, elig_i and busy_i persist in `cur`; a take or a start lasts one step.  The scoreboard
 * above runs beside the steps as well. */
#define MAX_STEPS 512
#define MAX_EXP 4
typedef struct {
  kmu_preempt_ctrl_in in;
  unsigned n_exp;
  kmu_dexp exp[MAX_EXP];
  const char *what;
} dstep;
typedef struct {
  const char *test;
  kmu_preempt_ctrl_in cur;
  dstep s[MAX_STEPS];
  unsigned n, pc;
  sb sb;
  int sb_ok;
  /* measured: the first step with a request, the step where hold_o fell after it; every step
   * with a request */
  int64_t pre_at, hold_off_at;
  int64_t pulse_at[32];
  unsigned n_pulse;
} dprog;

#define EXP(s, f, v) \
  kmu_dexp_add((s)->exp, &(s)->n_exp, MAX_EXP, #f, offsetof(kmu_preempt_ctrl_out, f), (uint64_t)(v))

/* a step with the current inputs; the spec requires preempt_o = pre, hold_o = hold */
static dstep *st(dprog *p, uint64_t pre, int hold, const char *what) {
  if (p->n >= MAX_STEPS) {
    fprintf(stderr, "directed program too long\n");
    exit(2);
  }
  dstep *s = &p->s[p->n++];
  memset(s, 0, sizeof *s);
  s->in = p->cur;
  s->what = what;
  EXP(s, preempt_o, pre);
  EXP(s, hold_o, hold);
  EXP(s, req_o, pre != 0);
  return s;
}

static void d_hook(dprog *p, uint64_t cyc, const kmu_preempt_ctrl_in *i,
                   const kmu_preempt_ctrl_out *o) {
  if (cyc == 0) {
    sb_reset(&p->sb, p->test);
    p->sb_ok = 1;
    p->pre_at = p->hold_off_at = -1;
    p->n_pulse = 0;
  }
  p->sb_ok &= sb_check(&p->sb, cyc, i, o);
  if (o->preempt_o && p->pre_at < 0) p->pre_at = p->pc;
  if (o->preempt_o && p->n_pulse < 32) p->pulse_at[p->n_pulse++] = p->pc;
  if (p->pre_at >= 0 && p->hold_off_at < 0 && !o->hold_o) p->hold_off_at = p->pc;
}
KMU_DPROG_RUNNER(kmu_preempt_ctrl, dprog, 10000, d_hook)

/* the programs name SMs 0-1, entries 0-3 and tags up to 6: smaller sizes skip them */
static int dir_fits(const char *test) {
  if (NSM >= 2 && TBS >= 4 && CT >= 7) return 1;
  if (!kmu_tb_quiet()) printf("  %s: skipped (needs NSM >= 2, TBS >= 4, CT >= 7)\n", test);
  return 0;
}

static dprog prog;
static dprog *prog_new(const char *test) {
  dprog *p = &prog;
  memset(p, 0, sizeof *p);
  p->test = test;
  p->cur.en_i = 1;
  return p;
}
static int prog_run(dprog *p) {
  int ok = d_run(p);
  return ok && KMU_EXPECT_EQ(p->test, 0, "scoreboard beside the directed steps", 1, p->sb_ok);
}

/* ---- step helpers (pre, hold: the outputs the spec requires in that step) */
static dstep *p_take(dprog *p, unsigned tag, unsigned lvl, uint64_t pre, int hold,
                     const char *what) {
  dstep *s = st(p, pre, hold, what);
  s->in.take_valid_i = 1;
  s->in.take_tag_i = tag;
  s->in.level_i = lvl;
  return s;
}
static dstep *p_start(dprog *p, unsigned sm, unsigned rtb, unsigned tag, uint64_t pre, int hold,
                      const char *what) {
  dstep *s = st(p, pre, hold, what);
  s->in.st_fire_i = 1;
  s->in.st_sm_i = sm;
  s->in.st_rtb_i = rtb;
  s->in.st_tag_i = tag;
  return s;
}
static void set_stall(dprog *p, int on, unsigned lvl) {
  p->cur.stall_i = (uint64_t)on;
  p->cur.level_i = lvl;
}
static void set_elig(dprog *p, unsigned sm, uint64_t mask) { p->cur.elig_i[sm] = mask; }
static void idle(dprog *p, unsigned n, uint64_t pre, int hold, const char *what) {
  for (unsigned k = 0; k < n; k++) st(p, pre, hold, what);
}

static void set_busy(dprog *p, uint64_t mask) { p->cur.busy_i = mask; }
/* between episodes: idle until the last request's wait is surely over (no hold) */
static void gap(dprog *p) { idle(p, GAP, 0, 0, "idle: the last request's wait runs out"); }
/* the two SMs of the programs run one level-0 TB each (tag 1) and tag 2 is level 2 */
static void two_level0(dprog *p) {
  p_take(p, 1, 0, 0, 0, "take: kernel tag 1 is level 0");
  p_take(p, 2, 2, 0, 0, "take: kernel tag 2 is level 2");
  p_start(p, 0, 0, 1, 0, 0, "SM 0 entry 0 starts a TB of tag 1");
  p_start(p, 1, 0, 1, 0, 0, "SM 1 entry 0 starts a TB of tag 1");
  set_elig(p, 0, 1);
  set_elig(p, 1, 1);
  p->cur.lvl_has_tb_i = 0x5; /* levels 0 and 2 have TBs */
}

/* ---- (a) two SMs run level-0 TBs; a level-2 stall in t asks the lowest one, SM 0, in t+1,
 * and (SM 0 drains: never busy) SM 1 once the wait is over, in t+1+GAP; hold_o until no level
 * >= 2 has TBs, one cycle after.  Measures the latencies. */
static int t_two_sms(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (!dir_fits(test)) return 1;
  dprog *p = prog_new(test);
  two_level0(p);
  idle(p, 2, 0, 0, "both SMs run level 0, no stall: nothing");
  set_stall(p, 1, 2);
  const unsigned t = p->n;
  st(p, 0, 0, "t: the dispatcher stalls at level 2");
  st(p, 0x1, 1, "t+1: SM 0 (the lowest candidate) asked alone, hold_o rises");
  idle(p, GAP - 1, 0, 1, "still stalled: the wait, SM 1 not yet");
  st(p, 0x2, 1, "t+1+GAP: SM 1 asked (SM 0 never busy: it drains)");
  idle(p, 3, 0, 1, "still stalled: nobody asked again");
  set_stall(p, 0, 0);
  set_elig(p, 0, 0); /* SM 0's TB was switched out */
  p_take(p, 2, 2, 0, 1, "a level-2 TB taken (level 2 still has TBs)");
  idle(p, 2, 0, 1, "level 2 has TBs: hold");
  p->cur.lvl_has_tb_i = 0x9; /* level 2 issued everything, level 3 has TBs */
  idle(p, 3, 0, 1, "level 3 (>= 2) has TBs: hold");
  p->cur.lvl_has_tb_i = 0x3; /* only levels 0 and 1 */
  const unsigned u = p->n;
  st(p, 0, 1, "u: no level >= 2 has TBs; hold_o is a register");
  st(p, 0, 0, "u+1: hold_o falls, the SMs may restore");
  idle(p, 2, 0, 0, "idle");
  int ok = prog_run(p);
  const int64_t second = p->n_pulse >= 2 ? p->pulse_at[1] - (int64_t)t : -1;
  if (!kmu_tb_quiet())
    printf("  %s: stall in cycle t -> preempt_o (SM 0) in t+%lld, the second SM in t+%lld; "
           "lvl_has_tb_i without level >= 2 in u -> hold_o low in u+%lld\n",
           test, (long long)(p->pre_at - (int64_t)t), (long long)second,
           (long long)(p->hold_off_at - (int64_t)u));
  ok &= KMU_EXPECT_EQ(test, 0, "stall -> preempt_o (cycles)", 1, p->pre_at - (int64_t)t);
  ok &= KMU_EXPECT_EQ(test, 0, "stall -> the second SM's preempt_o (cycles)", 1 + GAP, second);
  ok &= KMU_EXPECT_EQ(test, 0, "lvl_has_tb_i low -> hold_o low (cycles)", 1,
                      p->hold_off_at - (int64_t)u);
  return ok;
}

/* ---- (b) which SMs: a mixed SM (level 0 and level 2) is not asked; a TB at exactly the
 * stall's level protects its SM; one not eligible does not; an SM with nothing eligible is not
 * asked */
static int t_mixed(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (!dir_fits(test)) return 1;
  dprog *p = prog_new(test);
  p_take(p, 1, 0, 0, 0, "tag 1: level 0");
  p_take(p, 2, 2, 0, 0, "tag 2: level 2");
  p_take(p, 3, 1, 0, 0, "tag 3: level 1");
  p_start(p, 0, 0, 1, 0, 0, "SM 0 entry 0: level 0");
  p_start(p, 0, 1, 2, 0, 0, "SM 0 entry 1: level 2");
  p_start(p, 1, 0, 1, 0, 0, "SM 1 entry 0: level 0");
  p_start(p, 1, 2, 3, 0, 0, "SM 1 entry 2: level 1");
  set_elig(p, 0, 0x3);
  set_elig(p, 1, 0x5);
  p->cur.lvl_has_tb_i = 0x5;
  set_stall(p, 1, 2);
  st(p, 0, 0, "stall at level 2: SM 0 runs levels 0 and 2, SM 1 levels 0 and 1");
  st(p, 0x2, 1, "only SM 1 asked (SM 0 also runs a level-2 TB), though SM 0 is lower");
  idle(p, GAP + 1, 0, 1, "nobody else, past the wait");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x1;
  st(p, 0, 1, "level 2 issued everything");
  st(p, 0, 0, "episode over");
  gap(p);
  /* SM 0's level-2 TB not eligible (e.g. being saved): SM 0 qualifies too */
  set_elig(p, 0, 0x1);
  p->cur.lvl_has_tb_i = 0x5;
  set_stall(p, 1, 2);
  st(p, 0, 0, "stall at level 2; SM 0's level-2 TB is not eligible");
  st(p, 0x1, 1, "SM 0 asked: a TB not eligible does not protect its SM");
  idle(p, GAP - 1, 0, 1, "the wait");
  st(p, 0x2, 1, "then SM 1");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x1;
  st(p, 0, 1, "level 2 done");
  st(p, 0, 0, "episode over");
  gap(p);
  /* at level 1: SM 1 runs a level-1 TB (not below 1) */
  p->cur.lvl_has_tb_i = 0x3;
  set_stall(p, 1, 1);
  st(p, 0, 0, "stall at level 1: SM 0 runs level 0, SM 1 levels 0 and 1");
  st(p, 0x1, 1, "only SM 0: a TB at the stall's level is not below it");
  idle(p, GAP + 1, 0, 1, "nobody else, past the wait");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x1;
  st(p, 0, 1, "level 1 done");
  st(p, 0, 0, "episode over");
  gap(p);
  /* nothing eligible anywhere */
  set_elig(p, 0, 0);
  set_elig(p, 1, 0);
  p->cur.lvl_has_tb_i = 0xf;
  set_stall(p, 1, 3);
  idle(p, 3, 0, 0, "stall at level 3, nothing eligible: no request, no hold");
  return prog_run(p);
}

/* ---- (c) the episode: no SM asked twice; a new SM asked in the same episode; a request at a
 * lower level lowers the hold level; a stall without a request does not; a higher one does not
 * raise it; a new episode has its own level and asks again */
static int t_episode(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (!dir_fits(test)) return 1;
  dprog *p = prog_new(test);
  p_take(p, 1, 0, 0, 0, "tag 1: level 0");
  p_take(p, 2, 1, 0, 0, "tag 2: level 1");
  p_start(p, 0, 0, 1, 0, 0, "SM 0 entry 0: level 0");
  p_start(p, 1, 1, 2, 0, 0, "SM 1 entry 1: level 1");
  set_elig(p, 0, 0x1);
  set_elig(p, 1, 0); /* not eligible yet */
  p->cur.lvl_has_tb_i = 0xe;
  /* part 1: level 3, then a level-2 request lowers the episode to 2 */
  set_stall(p, 1, 3);
  st(p, 0, 0, "stall at level 3");
  st(p, 0x1, 1, "SM 0 asked");
  idle(p, GAP - 2, 0, 1, "stall goes on: SM 0 not asked again (the wait)");
  set_elig(p, 1, 0x2);
  set_stall(p, 1, 2);
  st(p, 0, 1, "stall at level 2; SM 1 (level 1) eligible now; the wait is over");
  st(p, 0x2, 1, "SM 1 asked, SM 0 not again; the episode's level is now 2");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x6;
  idle(p, 3, 0, 1, "level 3 done, level 2 has TBs: hold (level lowered to 2)");
  p->cur.lvl_has_tb_i = 0x2;
  st(p, 0, 1, "levels 2 and 3 done");
  st(p, 0, 0, "hold_o falls");
  gap(p);
  /* part 2: a new episode asks both again; a stall at level 1 without a request does not lower
   * the level */
  p->cur.lvl_has_tb_i = 0x6;
  set_stall(p, 1, 2);
  st(p, 0, 0, "stall at level 2");
  st(p, 0x1, 1, "a new episode: SM 0 asked again");
  idle(p, GAP - 1, 0, 1, "the wait");
  st(p, 0x2, 1, "and SM 1 again");
  set_stall(p, 1, 1);
  idle(p, GAP + 1, 0, 1, "stall at level 1: both already asked, no request");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x2;
  st(p, 0, 1, "level 2 done (level 1 has TBs)");
  st(p, 0, 0, "hold_o falls: the level-1 stall made no request, the level stayed 2");
  gap(p);
  /* part 3: a level-3 request during a level-2 episode does not raise it */
  set_elig(p, 1, 0);
  p->cur.lvl_has_tb_i = 0xc;
  set_stall(p, 1, 2);
  st(p, 0, 0, "stall at level 2, SM 1 not eligible");
  st(p, 0x1, 1, "SM 0 asked (episode level 2)");
  set_elig(p, 1, 0x2);
  set_stall(p, 1, 3);
  idle(p, GAP - 1, 0, 1, "stall at level 3, SM 1 eligible: the wait");
  st(p, 0x2, 1, "SM 1 asked; the level stays 2");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x4;
  idle(p, 3, 0, 1, "level 3 done, level 2 has TBs: hold");
  p->cur.lvl_has_tb_i = 0x0;
  st(p, 0, 1, "nothing left");
  st(p, 0, 0, "hold_o falls");
  gap(p);
  /* part 4: an episode at level 3 after one at level 2 has level 3 */
  set_elig(p, 1, 0);
  p->cur.lvl_has_tb_i = 0x8;
  set_stall(p, 1, 3);
  st(p, 0, 0, "stall at level 3");
  st(p, 0x1, 1, "SM 0 asked (episode level 3)");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x4;
  st(p, 0, 1, "level 3 done (level 2 has TBs)");
  st(p, 0, 0, "hold_o falls: the episode's level is 3, not the last episode's 2");
  gap(p);
  /* part 5: a request in the cycle the episode would end continues it */
  p->cur.lvl_has_tb_i = 0xa;
  set_stall(p, 1, 3);
  st(p, 0, 0, "stall at level 3");
  st(p, 0x1, 1, "SM 0 asked (episode level 3)");
  set_stall(p, 0, 0);
  idle(p, GAP - 2, 0, 1, "level 3 has TBs: hold (and the wait runs out)");
  set_elig(p, 1, 0x2);
  set_stall(p, 1, 2);
  p->cur.lvl_has_tb_i = 0x4; /* level 3 done, level 2 stalls */
  st(p, 0, 1, "level 3 done, and a stall at level 2 with SM 1 eligible in the same cycle");
  set_stall(p, 0, 0);
  st(p, 0x2, 1, "SM 1 asked, hold_o stays (a request while active), level 2");
  st(p, 0, 1, "level 2 has TBs: hold");
  set_stall(p, 1, 2);
  idle(p, GAP + 1, 0, 1, "stall at level 2 again: SM 0 still counts as asked in this episode");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x0;
  st(p, 0, 1, "nothing left");
  st(p, 0, 0, "hold_o falls");
  return prog_run(p);
}

/* ---- (d) en_i = 0 (policy DRAIN): nothing is asked and nothing held; nor with stall_i = 0 or
 * a stall at level 0; the same SMs are asked once en_i = 1; en_i = 0 during an episode asks
 * nobody new (SM 1, next after SM 0), the hold follows the release rule */
static int t_disabled(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (!dir_fits(test)) return 1;
  dprog *p = prog_new(test);
  p_take(p, 1, 0, 0, 0, "tag 1: level 0");
  p_take(p, 2, 1, 0, 0, "tag 2: level 1");
  p_start(p, 0, 0, 1, 0, 0, "SM 0 entry 0: level 0");
  p_start(p, 1, 0, 1, 0, 0, "SM 1 entry 0: level 0");
  p_start(p, 1, 3, 2, 0, 0, "SM 1 entry 3: level 1");
  set_elig(p, 0, 0x1);
  set_elig(p, 1, 0x9); /* levels 0 and 1 */
  p->cur.lvl_has_tb_i = 0xf;
  p->cur.en_i = 0;
  set_stall(p, 1, 3);
  idle(p, 4, 0, 0, "en_i = 0, stall at level 3: nothing");
  p->cur.en_i = 1;
  set_stall(p, 0, 3);
  idle(p, 3, 0, 0, "en_i = 1, level 3, stall_i = 0: nothing");
  set_stall(p, 1, 0);
  idle(p, 3, 0, 0, "stall at level 0: nothing (no lower level)");
  set_stall(p, 1, 3);
  st(p, 0, 0, "en_i = 1, stall at level 3");
  st(p, 0x1, 1, "SM 0 asked");
  idle(p, GAP - 1, 0, 1, "the wait");
  st(p, 0x2, 1, "SM 1 asked");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x7;
  st(p, 0, 1, "level 3 done");
  st(p, 0, 0, "hold_o falls");
  gap(p);
  /* en_i falls right after the first request of an episode */
  p->cur.lvl_has_tb_i = 0xf;
  set_stall(p, 1, 3);
  st(p, 0, 0, "en_i = 1, stall at level 3");
  st(p, 0x1, 1, "SM 0 asked");
  p->cur.en_i = 0;
  set_stall(p, 1, 2);
  idle(p, GAP + 3, 0, 1,
       "en_i = 0 in the episode: SM 1 not asked after the wait, hold kept (level 3 has TBs)");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x7;
  st(p, 0, 1, "level 3 done");
  st(p, 0, 0, "hold_o falls under en_i = 0 too");
  p->cur.lvl_has_tb_i = 0xf;
  set_stall(p, 1, 3);
  idle(p, 2, 0, 0, "en_i = 0: no new episode");
  p->cur.en_i = 1;
  st(p, 0, 0, "en_i = 1 again, the stall goes on");
  st(p, 0x1, 1, "a new episode: SM 0 asked");
  idle(p, GAP - 1, 0, 1, "the wait");
  st(p, 0x2, 1, "SM 1 asked");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x7;
  st(p, 0, 1, "level 3 done");
  st(p, 0, 0, "hold_o falls");
  return prog_run(p);
}

/* ---- (e) levels through the tag table: a restored TB (a start without a take) gets its
 * kernel's level, not the dispatcher's level_i of that cycle; an entry keeps the level copied
 * at its start */
static int t_restore(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (!dir_fits(test)) return 1;
  const unsigned ta = 5, tb = 6;
  dprog *p = prog_new(test);
  p_take(p, ta, 0, 0, 0, "tag 5: level 0");
  p_take(p, tb, 3, 0, 0, "tag 6: level 3");
  p_start(p, 0, 1, ta, 0, 0, "SM 0 entry 1 starts a TB of tag 5");
  idle(p, 2, 0, 0, "it runs");
  /* switched out (not eligible, then freed); restored into SM 1 entry 3 while the dispatcher
   * takes a level-3 TB in the same cycle */
  dstep *s = p_start(p, 1, 3, ta, 0, 0, "restore: SM 1 entry 3, tag 5; a take at level 3");
  s->in.take_valid_i = 1;
  s->in.take_tag_i = tb;
  s->in.level_i = 3;
  set_elig(p, 1, BIT(3));
  p->cur.lvl_has_tb_i = 0x5;
  set_stall(p, 1, 2);
  st(p, 0, 0, "stall at level 2");
  st(p, 0x2, 1, "SM 1 asked: its restored TB is level 0 (tag 5), not the take's 3");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x1;
  st(p, 0, 1, "level 2 done");
  st(p, 0, 0, "hold_o falls");
  gap(p);
  /* a level-3 TB restored while the dispatcher takes at level 0 */
  set_elig(p, 1, 0);
  s = p_start(p, 0, 2, tb, 0, 0, "restore: SM 0 entry 2, tag 6; a take at level 0");
  s->in.take_valid_i = 1;
  s->in.take_tag_i = ta;
  s->in.level_i = 0;
  set_elig(p, 0, BIT(2));
  p->cur.lvl_has_tb_i = 0x5;
  set_stall(p, 1, 2);
  idle(p, 3, 0, 0, "stall at level 2: SM 0's restored TB is level 3, not asked");
  set_stall(p, 0, 0);
  /* the tag's level changes (a new kernel on tag 5, level 2): the running entry keeps level 0 */
  p_take(p, ta, 2, 0, 0, "take: tag 5 now level 2");
  set_elig(p, 0, 0);
  set_elig(p, 1, BIT(3));
  p->cur.lvl_has_tb_i = 0x3;
  set_stall(p, 1, 1);
  st(p, 0, 0, "stall at level 1");
  st(p, 0x2, 1, "SM 1 asked: its entry kept level 0, copied at its start");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x1;
  st(p, 0, 1, "level 1 done");
  st(p, 0, 0, "hold_o falls");
  gap(p);
  /* a new TB of tag 5 now starts at level 2 */
  set_elig(p, 1, 0);
  p_start(p, 0, 3, ta, 0, 0, "SM 0 entry 3 starts a TB of tag 5 (level 2)");
  set_elig(p, 0, BIT(3));
  p->cur.lvl_has_tb_i = 0x8;
  set_stall(p, 1, 3);
  st(p, 0, 0, "stall at level 3");
  st(p, 0x1, 1, "SM 0 asked (level 2 < 3)");
  set_stall(p, 1, 2);
  p->cur.lvl_has_tb_i = 0xc;
  idle(p, GAP + 1, 0, 1, "stall at level 2: nobody (SM 0 asked already)");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x0;
  st(p, 0, 1, "nothing left");
  st(p, 0, 0, "hold_o falls");
  return prog_run(p);
}

/* ---- (f) busy_i: two candidates; SM 0 asked first; SM 1 only once SM 0's busy_i (its saves)
 * has fallen and the wait is over, never while SM 0 is busy; an SM outside the asked mask
 * being busy (restoring) gates nothing, and the mask, with it the gate, ends with the episode.
 * Measures busy_i low -> the next request. */
static int t_busy(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (!dir_fits(test)) return 1;
  dprog *p = prog_new(test);
  two_level0(p);
  idle(p, 2, 0, 0, "no stall");
  /* part 1: SM 1 is busy restoring (not asked): no gate */
  set_busy(p, 0x2);
  set_stall(p, 1, 2);
  st(p, 0, 0, "t: stall at level 2; SM 1 busy (restoring), not in the asked mask");
  st(p, 0x1, 1, "t+1: SM 0 asked: a busy SM outside the asked mask does not gate");
  st(p, 0, 1, "t+2: SM 0 decides");
  set_busy(p, 0x1); /* SM 0 saves from t+3; SM 1's restore is done */
  idle(p, GAP + 4, 0, 1, "SM 0 saving (busy_i): SM 1 not asked, also after the wait");
  set_busy(p, 0);
  const unsigned b = p->n;
  st(p, 0, 1, "b: SM 0's busy_i falls: the request goes out");
  st(p, 0x2, 1, "b+1: SM 1 asked");
  set_busy(p, 0x2); /* SM 1 saves */
  idle(p, 3, 0, 1, "SM 1 saving: nobody left to ask");
  /* part 2: both still saving when the episode ends; a new episode's mask is empty */
  set_busy(p, 0x3);
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x1;
  st(p, 0, 1, "level 2 done; both SMs still saving");
  st(p, 0, 0, "episode over: the asked mask is cleared");
  gap(p);
  p->cur.lvl_has_tb_i = 0x5;
  set_stall(p, 1, 2);
  st(p, 0, 0, "stall at level 2, a new episode; both SMs busy, none asked in it");
  st(p, 0x1, 1, "SM 0 asked although busy (only the episode's asked SMs gate)");
  idle(p, GAP + 2, 0, 1, "SM 0 (asked) busy: SM 1 not asked");
  set_busy(p, 0x2);
  st(p, 0, 1, "SM 0's busy_i falls; SM 1 busy itself, but not asked: no gate");
  st(p, 0x2, 1, "SM 1 asked");
  set_busy(p, 0);
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x1;
  st(p, 0, 1, "level 2 done");
  st(p, 0, 0, "hold_o falls");
  int ok = prog_run(p);
  const int64_t lat = p->n_pulse >= 2 ? p->pulse_at[1] - (int64_t)b : -1;
  if (!kmu_tb_quiet())
    printf("  %s: the asked SM's busy_i low in cycle b (wait over) -> the next SM's preempt_o "
           "in b+%lld\n",
           test, (long long)lat);
  ok &= KMU_EXPECT_EQ(test, 0, "busy_i low -> the next preempt_o (cycles)", 1, lat);
  return ok;
}

/* ---- (g) the wait: with busy_i never raised and the stall held, the second request comes
 * GAP cycles after the first; the wait runs whether the stall is there or not, and across the
 * end of an episode; a busy_i that rises and falls within the wait changes nothing.  Measures
 * the request-to-request distances. */
static int t_wait(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (!dir_fits(test)) return 1;
  dprog *p = prog_new(test);
  two_level0(p);
  idle(p, 2, 0, 0, "no stall");
  /* part 1: the stall held */
  set_stall(p, 1, 2);
  st(p, 0, 0, "t: stall at level 2 (held)");
  st(p, 0x1, 1, "t+1: SM 0 asked");
  idle(p, GAP - 1, 0, 1, "the wait: nothing");
  st(p, 0x2, 1, "t+1+GAP: SM 1 asked");
  /* part 2: the episode ends two cycles later and the next stall comes at once: the wait of
   * SM 1's request still runs */
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x1;
  st(p, 0, 1, "level 2 done");
  st(p, 0, 0, "episode over");
  p->cur.lvl_has_tb_i = 0x5;
  set_stall(p, 1, 2);
  idle(p, GAP - 3, 0, 0, "a new stall at once: the last request's wait is not over");
  st(p, 0x1, 1, "GAP cycles after SM 1's request: SM 0 asked (a new episode)");
  /* part 3: the stall drops during the wait; back after it, SM 1 is asked at once */
  set_stall(p, 0, 0);
  idle(p, GAP + 2, 0, 1, "no stall (level 2 has TBs: hold)");
  set_stall(p, 1, 2);
  const unsigned s3 = p->n;
  st(p, 0, 1, "s: the stall is back, the wait long over");
  st(p, 0x2, 1, "s+1: SM 1 asked");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x1;
  st(p, 0, 1, "level 2 done");
  st(p, 0, 0, "episode over");
  gap(p);
  /* part 4: SM 0 busy for two cycles inside the wait: the second request still at GAP */
  p->cur.lvl_has_tb_i = 0x5;
  set_stall(p, 1, 2);
  st(p, 0, 0, "r: stall at level 2");
  st(p, 0x1, 1, "r+1: SM 0 asked");
  st(p, 0, 1, "r+2");
  set_busy(p, 0x1);
  idle(p, 2, 0, 1, "SM 0 busy (a short save) inside the wait");
  set_busy(p, 0);
  idle(p, GAP - 4, 0, 1, "busy_i low again; the wait");
  st(p, 0x2, 1, "r+1+GAP: SM 1 asked");
  set_stall(p, 0, 0);
  p->cur.lvl_has_tb_i = 0x1;
  st(p, 0, 1, "level 2 done");
  st(p, 0, 0, "episode over");
  int ok = prog_run(p);
  /* the requests: SM 0, SM 1 (part 1), SM 0 (part 2), SM 1 (part 3), SM 0, SM 1 (part 4) */
  int64_t d[5] = {-1, -1, -1, -1, -1};
  for (unsigned k = 0; k < 5 && k + 1 < p->n_pulse; k++) d[k] = p->pulse_at[k + 1] - p->pulse_at[k];
  const int64_t back = p->n_pulse >= 4 ? p->pulse_at[3] - (int64_t)s3 : -1;
  if (!kmu_tb_quiet())
    printf("  %s: request -> next request %lld cycles (stall held, busy_i never raised), %lld "
           "(across an episode's end), %lld (busy_i up and down inside the wait); stall back "
           "after the wait in s -> preempt_o in s+%lld\n",
           test, (long long)d[0], (long long)d[1], (long long)d[4],
           (long long)back);
  ok &= KMU_EXPECT_EQ(test, 0, "request -> next request, stall held (cycles)", GAP, d[0]);
  ok &= KMU_EXPECT_EQ(test, 0, "request -> next request across an episode's end (cycles)", GAP,
                      d[1]);
  ok &= KMU_EXPECT_EQ(test, 0, "request -> next request, busy_i inside the wait (cycles)", GAP,
                      d[4]);
  ok &= KMU_EXPECT_EQ(test, 0, "requests in the program", 6, p->n_pulse);
  ok &= KMU_EXPECT_EQ(test, 0, "stall back after the wait -> preempt_o (cycles)", 1, back);
  return ok;
}

#define RND_CYCLES (NE > 64 ? 150000 : 250000)
static const kmu_test tests[] = {
    {"two_sms", t_two_sms, 0, 0},   {"mixed", t_mixed, 0, 0},
    {"episode", t_episode, 0, 0},   {"disabled", t_disabled, 0, 0},
    {"restore", t_restore, 0, 0},   {"busy", t_busy, 0, 0},
    {"wait", t_wait, 0, 0},         {"random", t_random, RND_CYCLES, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_preempt_ctrl_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
