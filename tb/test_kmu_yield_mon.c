/* test_kmu_yield_mon.c - lockstep and directed tests of kmu_yield_mon
 * (rtl/preempt/kmu_yield_mon.v).
 *
 * Expected values come from the specification (the block's header, docs/blocks/kmu_yield_mon.md
 * and GPUpIO section 7), never from either model.  The scoreboard (sb_*) is the second oracle,
 * run in every test on the outputs alone:
 *   - lanes: a lane is granted (yq_ready_o) only while valid and not blocked (its SM has a
 *     taken yield or spin whose save it has not reported, or a saved spin not yet handed over),
 *     at most one per cycle, and one whenever some unblocked lane is valid;
 *   - the answer, one cycle after the handshake: NOWORK when other_i[s] was 0, else for addr 0
 *     FULL when park_i[s] (the top's spin park busy) and SPIN otherwise, else FULL when W taken yields are not yet handed over (the table's occupancy, as
 *     the scoreboard counts it: taken minus seen on the wake port), else TAKEN;
 *   - a taken yield is woken by any write (either snoop port) to its word (addr[31:2]) from the
 *     first cycle its lane was valid (the decision) on; a write before is not its wake-up;
 *   - every taken yield (spin) leaves on the wake port exactly once, with its identity and
 *     head = 1 (0), never before its save done (sd_valid_i after its handshake) and a wake-up
 *     write; a woken and saved entry (a saved spin) leaves within 2W+2 (2NSM+2) cycles in which
 *     the wake register can load; nothing is left at the end (the random test drains);
 *   - sd_valid_i of an SM without a yield in its save is counted (cnt_err_o, one per cycle);
 *   - every counter equals the scoreboard's count of its events, saturated.
 * The random test is a system of NSM SMs whose TBs yield on a small pool of flag words (now and
 * then a random address or 0), save for a random time and report it; writes come on both snoop
 * ports, often on a word a TB waits on or is about to wait on; other_i and the wake port's
 * ready follow per-phase densities; noise phases add save-done pulses of idle SMs.  The RTL's
 * tables without reset start random (kmu_tb.h), the C twin's as 0xa5 bytes.
 * Directed tests: each refusal, the spin, a wake of every waiter on one word, the race (a
 * write at every cycle offset around the yield handshake and the save, for a lane accepted at
 * once and one that waits), the save-done refusal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_tb.h"
#include "kmu_yield_mon.h"

static const kmu_yield_mon_params params = {P_NSM, P_W, P_PTBS, P_CNT_W};
#define KMU_CUR_IN kmu_yield_mon_in
#define KMU_CUR_OUT kmu_yield_mon_out
KMU_BLOCK_L(kmu_yield_mon, KMU_YIELD_MON_IN, KMU_YIELD_MON_OUT, KMU_YIELD_MON_INL, KMU_NO_LANES,
            &params)

#define NSM P_NSM
#define W P_W
#define CLOG2(n) ((n) > 1 ? 64 - __builtin_clzll((unsigned long long)(n) - 1) : 1)
#define PTBW CLOG2(P_PTBS)
#define BIT(k) (1ull << (k))
#define CNT_MAX kmu_mask(P_CNT_W)
#define WORD(a) ((uint32_t)(a) >> 2)
#define NREC (W + NSM) /* taken yields (W) and spins (one per SM) not handed over */
/* a releasable entry (spin) leaves within this many cycles in which the wake register loads:
 * round robin within its class, and the classes take turns when both wait */
#define ENT_BOUND (2 * W + 2)
#define SPIN_BOUND (2 * NSM + 2)

/* ======================================================================== the specification */
static const kmu_fld flds[] = {
    {"yq_valid_i", offsetof(kmu_yield_mon_in, yq_valid_i), NSM, 0},
    {"other_i", offsetof(kmu_yield_mon_in, other_i), NSM, 0},
    {"park_i", offsetof(kmu_yield_mon_in, park_i), NSM, 0},
    {"sd_valid_i", offsetof(kmu_yield_mon_in, sd_valid_i), NSM, 0},
    {"mw_valid_i", offsetof(kmu_yield_mon_in, mw_valid_i), 1, 0},
    {"mw_addr_i", offsetof(kmu_yield_mon_in, mw_addr_i), 32, 0},
    {"sw_valid_i", offsetof(kmu_yield_mon_in, sw_valid_i), 1, 0},
    {"sw_addr_i", offsetof(kmu_yield_mon_in, sw_addr_i), 32, 0},
    {"wk_ready_i", offsetof(kmu_yield_mon_in, wk_ready_i), 1, 0},
    {"yq_addr_i", offsetof(kmu_yield_mon_in, yq_addr_i), 32, NSM},
    {"yq_slot_i", offsetof(kmu_yield_mon_in, yq_slot_i), 8, NSM},
    {"yq_tb_i", offsetof(kmu_yield_mon_in, yq_tb_i), 32, NSM},
    {"yq_ptb_i", offsetof(kmu_yield_mon_in, yq_ptb_i), PTBW, NSM},
};
#define NFLD (sizeof flds / sizeof flds[0])
#define NCOV (9 + 4 * NSM)

typedef struct {
  int used, spin, woken, saved;
  unsigned sm, slot, ptb;
  uint32_t tb, word;
  uint64_t waited; /* load cycles while releasable */
} rec_t;

enum { L_IDLE, L_SAVE, L_SPIN }; /* an SM: free, a yield in its save, a saved spin waiting */

typedef struct {
  const char *test;
  /* lanes: first valid cycle of the current request (-1: not valid), a write to its word seen
   * since */
  int64_t dec[NSM];
  int written[NSM];
  int st[NSM];
  unsigned srec[NSM]; /* the record of an SM in L_SAVE / L_SPIN */
  rec_t r[NREC];
  unsigned occ; /* taken (watched) yields not yet handed over */
  /* the answer due this cycle */
  int yr_due;
  unsigned yr_sm, yr_code;
  /* counters */
  uint64_t c_take, c_spin, c_full, c_nowork, c_wake, c_err;
  /* the lanes' fairness: cycles a valid unblocked lane waited */
  uint64_t lane_wait[NSM];
  /* coverage */
  uint64_t ones[NCOV], zeros[NCOV];
  uint64_t n_race_pre, n_race_hs, n_wake_early, n_wake_late, n_multi, n_rel_head, n_rel_tail,
      n_full_seen, n_wait_lane, n_bp;
} sb;

static void sb_reset(sb *s, const char *test) {
  memset(s, 0, sizeof *s);
  s->test = test;
  for (unsigned k = 0; k < NSM; k++) s->dec[k] = -1;
}

static void sb_cover(sb *s, const kmu_yield_mon_in *i) {
  kmu_fcov_add(flds, NFLD, i, s->ones, s->zeros);
}

static int sb_bits_covered(const sb *s) {
  return kmu_fcov_check(s->test, 0, flds, NFLD, s->ones, s->zeros);
}

static int releasable(const rec_t *r) { return r->used && r->saved && (r->spin || r->woken); }

static unsigned rec_new(sb *s) {
  for (unsigned k = 0; k < NREC; k++)
    if (!s->r[k].used) return k;
  return NREC;
}

/* One cycle: outputs against what the earlier cycles require, then this cycle's events. */
static int sb_check(sb *s, uint64_t cyc, const kmu_yield_mon_in *i, const kmu_yield_mon_out *o) {
  const char *t = s->test;
  int ok = 1;
  const uint64_t smm = kmu_mask(NSM);
  /* ---- the answer and the counters (registers: last cycle's events) */
  ok &= KMU_EXPECT_EQ(t, cyc, "yr_valid_o one cycle after a lane handshake", s->yr_due,
                      o->yr_valid_o);
  if (s->yr_due && o->yr_valid_o) {
    ok &= KMU_EXPECT_EQ(t, cyc, "yr_sm_o = the SM of the handshake", s->yr_sm, o->yr_sm_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "yr_code_o (NOWORK / SPIN / FULL / TAKEN by the spec)",
                        s->yr_code, o->yr_code_o);
  }
#define CNT_CHK(c, port, what)                                                            \
  ok &= KMU_EXPECT_EQ(t, cyc, what, (s->c > CNT_MAX ? CNT_MAX : s->c), o->port)
  CNT_CHK(c_take, cnt_take_o, "cnt_take_o = TAKEN answers");
  CNT_CHK(c_spin, cnt_spin_o, "cnt_spin_o = SPIN answers");
  CNT_CHK(c_full, cnt_full_o, "cnt_full_o = FULL refusals");
  CNT_CHK(c_nowork, cnt_nowork_o, "cnt_nowork_o = NOWORK refusals");
  CNT_CHK(c_wake, cnt_wake_o, "cnt_wake_o = woken TBs handed over");
  CNT_CHK(c_err, cnt_err_o, "cnt_err_o = cycles with a save done of an SM without a yield");
#undef CNT_CHK
  s->yr_due = 0;

  /* ---- lane grants */
  const uint64_t valid = i->yq_valid_i & smm, ready = o->yq_ready_o & smm;
  uint64_t blocked = 0;
  for (unsigned k = 0; k < NSM; k++)
    if (s->st[k] != L_IDLE) blocked |= BIT(k);
  ok &= kmu_expect((ready & (ready - 1)) == 0, t, cyc, "at most one lane granted", 0, ready);
  ok &= kmu_expect((ready & ~(valid & ~blocked)) == 0, t, cyc,
                   "a lane is granted only while valid and its SM is not blocked",
                   valid & ~blocked, ready);
  ok &= kmu_expect(!(valid & ~blocked) || ready, t, cyc,
                   "a valid unblocked lane: one lane is granted", 1, 0);
  for (unsigned k = 0; k < NSM; k++) {
    if ((valid & ~blocked & ~ready) >> k & 1) {
      s->lane_wait[k]++;
      ok &= kmu_expect(s->lane_wait[k] < NSM, t, cyc,
                       "round robin: a waiting lane is granted before NSM-1 others", NSM - 1,
                       s->lane_wait[k]);
    } else
      s->lane_wait[k] = 0;
  }
  /* the decision: the first cycle a lane is valid */
  for (unsigned k = 0; k < NSM; k++) {
    if ((valid >> k) & 1) {
      if (s->dec[k] < 0) {
        s->dec[k] = (int64_t)cyc;
        s->written[k] = 0;
      }
    } else
      s->dec[k] = -1;
  }

  /* ---- the handshake's answer, from the state at the start of this cycle */
  int hs = ready != 0;
  unsigned hs_sm = hs ? kmu_ctz64(ready) : 0, hs_code = 0;
  const uint32_t hs_addr = hs ? (uint32_t)i->yq_addr_i[hs_sm] : 0;
  if (hs) {
    hs_code = !((i->other_i >> hs_sm) & 1) ? KMU_YR_NOWORK
              : hs_addr == 0 ? (((i->park_i >> hs_sm) & 1) ? KMU_YR_FULL : KMU_YR_SPIN)
              : s->occ >= W                ? KMU_YR_FULL
                                           : KMU_YR_TAKEN;
    if (hs_code == KMU_YR_FULL) s->n_full_seen++;
    if (s->lane_wait[hs_sm] || s->dec[hs_sm] < (int64_t)cyc) s->n_wait_lane++;
  }

  /* ---- the wake port */
  const int load = !o->wk_valid_o || (i->wk_ready_i & 1);
  if (o->wk_valid_o && !(i->wk_ready_i & 1)) s->n_bp++;
  if (o->wk_valid_o && (i->wk_ready_i & 1)) {
    unsigned k;
    for (k = 0; k < NREC; k++) {
      const rec_t *r = &s->r[k];
      if (r->used && r->sm == o->wk_sm_o && r->slot == o->wk_slot_o && r->tb == o->wk_tb_o &&
          r->ptb == o->wk_ptb_o && (uint64_t)!r->spin == o->wk_head_o && releasable(r))
        break;
    }
    if (k == NREC) {
      ok &= kmu_expect(0, t, cyc,
                       "the wake port hands over a taken yield (head) or spin (tail) that was "
                       "saved and (head) woken, once",
                       0, o->wk_tb_o);
    } else {
      rec_t *r = &s->r[k];
      if (r->spin) {
        s->st[r->sm] = L_IDLE;
        s->n_rel_tail++;
      } else {
        s->occ--;
        s->c_wake++;
        s->n_rel_head++;
      }
      r->used = 0;
    }
  }
  for (unsigned k = 0; k < NREC; k++) {
    rec_t *r = &s->r[k];
    if (!releasable(r) || !load) continue;
    r->waited++;
    const uint64_t bound = r->spin ? SPIN_BOUND : ENT_BOUND;
    ok &= kmu_expect(r->waited <= bound, t, cyc,
                     r->spin ? "a saved spin leaves within 2NSM+2 load cycles"
                             : "a woken, saved entry leaves within 2W+2 load cycles",
                     bound, r->waited);
  }

  /* ---- writes: every taken yield watching the word, every valid lane (addr != 0) */
  for (unsigned pt = 0; pt < 2; pt++) {
    const int v = pt ? (int)(i->sw_valid_i & 1) : (int)(i->mw_valid_i & 1);
    const uint32_t w = WORD(pt ? i->sw_addr_i : i->mw_addr_i);
    if (!v) continue;
    unsigned n = 0;
    for (unsigned k = 0; k < NREC; k++) {
      rec_t *r = &s->r[k];
      if (!r->used || r->spin || r->word != w) continue;
      if (!r->woken) {
        r->woken = 1;
        n++;
        if (r->saved)
          s->n_wake_late++;
        else
          s->n_wake_early++;
      }
    }
    if (n > 1) s->n_multi++;
    for (unsigned k = 0; k < NSM; k++)
      if (((valid >> k) & 1) && (uint32_t)i->yq_addr_i[k] != 0 &&
          WORD(i->yq_addr_i[k]) == w && !s->written[k]) {
        s->written[k] = 1;
        if (s->dec[k] < (int64_t)cyc)
          s->n_race_pre++;
        else if (hs && hs_sm == k)
          s->n_race_hs++;
      }
  }

  /* ---- save done */
  int bad = 0;
  for (unsigned k = 0; k < NSM; k++) {
    if (!((i->sd_valid_i >> k) & 1)) continue;
    if (s->st[k] != L_SAVE) {
      bad = 1;
      continue;
    }
    rec_t *r = &s->r[s->srec[k]];
    r->saved = 1;
    s->st[k] = r->spin ? L_SPIN : L_IDLE;
  }
  if (bad) s->c_err++;

  /* ---- the handshake */
  if (hs) {
    s->yr_due = 1;
    s->yr_sm = hs_sm;
    s->yr_code = hs_code;
    if (hs_code == KMU_YR_TAKEN || hs_code == KMU_YR_SPIN) {
      const unsigned k = rec_new(s);
      if (k == NREC) {
        ok &= kmu_expect(0, t, cyc, "test error: scoreboard records", 0, 0);
      } else {
        rec_t *r = &s->r[k];
        memset(r, 0, sizeof *r);
        r->used = 1;
        r->spin = hs_code == KMU_YR_SPIN;
        r->sm = hs_sm;
        r->slot = (unsigned)(i->yq_slot_i[hs_sm] & 0xff);
        r->tb = (uint32_t)i->yq_tb_i[hs_sm];
        r->ptb = (unsigned)(i->yq_ptb_i[hs_sm] & kmu_mask(PTBW));
        r->word = WORD(hs_addr);
        r->woken = !r->spin && s->written[hs_sm];
        s->st[hs_sm] = L_SAVE;
        s->srec[hs_sm] = k;
        if (!r->spin) s->occ++;
      }
    }
    switch (hs_code) {
      case KMU_YR_TAKEN: s->c_take++; break;
      case KMU_YR_SPIN: s->c_spin++; break;
      case KMU_YR_FULL: s->c_full++; break;
      default: s->c_nowork++; break;
    }
    s->dec[hs_sm] = -1;
    s->lane_wait[hs_sm] = 0;
  }
  sb_cover(s, i);
  return ok;
}

/* nothing left: every taken yield and spin handed over */
static int sb_empty(const sb *s) {
  unsigned n = 0;
  for (unsigned k = 0; k < NREC; k++) n += s->r[k].used;
  return KMU_EXPECT_EQ(s->test, 0, "conservation: yields not handed over at the end", 0, n);
}

/* ======================================================================== random lockstep */
#define POOL 6
typedef struct {
  int noise;
  unsigned y_pct, spin_pct, rnd_pct, other_pct, park_pct, mw_pct, sw_pct, tgt_pct, rdy_pct, save_max,
      err_pct;
} phase_t;

typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t seed, cycles;
  sb s;
  phase_t ph;
  uint64_t phase_end;
  uint32_t pool[POOL];
  /* the SMs: a request held on the lane, a save running until sd_at */
  int req[NSM];
  uint32_t r_addr[NSM], r_tb[NSM];
  unsigned r_slot[NSM], r_ptb[NSM];
  int saving[NSM];
  uint64_t acc_at[NSM], sd_at[NSM];
  uint64_t n_phase;
} rnd_ctx;

static void new_phase(rnd_ctx *x, uint64_t cyc) {
  kmu_rng *r = &x->rng;
  phase_t *p = &x->ph;
  static const unsigned d[] = {0, 2, 10, 30, 60, 90, 100};
#define DENS d[kmu_rng_below(r, sizeof d / sizeof d[0])]
  memset(p, 0, sizeof *p);
  p->noise = kmu_rng_pct(r, 20);
  p->y_pct = (unsigned)kmu_rng_span(r, 1, 60);
  p->spin_pct = (unsigned)kmu_rng_span(r, 0, 30);
  p->rnd_pct = (unsigned)kmu_rng_span(r, 0, 20);
  static const unsigned ot[] = {100, 100, 90, 50, 10, 0};
  p->other_pct = ot[kmu_rng_below(r, sizeof ot / sizeof ot[0])];
  static const unsigned pk[] = {0, 0, 10, 50, 100};
  p->park_pct = pk[kmu_rng_below(r, sizeof pk / sizeof pk[0])];
  p->mw_pct = DENS;
  p->sw_pct = DENS;
  p->tgt_pct = (unsigned)kmu_rng_span(r, 10, 90);
  static const unsigned rd[] = {100, 100, 90, 50, 10, 0};
  p->rdy_pct = rd[kmu_rng_below(r, sizeof rd / sizeof rd[0])];
  p->save_max = (unsigned)(kmu_rng_pct(r, 50) ? kmu_rng_span(r, 0, 3) : kmu_rng_span(r, 4, 60));
  p->err_pct = p->noise ? (unsigned)kmu_rng_span(r, 1, 10) : 0;
#undef DENS
  x->phase_end = cyc + kmu_rng_span(r, 300, 4000);
  /* a new pool of flag words now and then */
  if (kmu_rng_pct(r, 30)) x->pool[kmu_rng_below(r, POOL)] = (uint32_t)kmu_rng_bits(r, 32) | 4;
  x->n_phase++;
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
  for (unsigned k = 0; k < POOL; k++) x->pool[k] = (uint32_t)kmu_rng_bits(&x->rng, 32) | 4;
  new_phase(x, 0);
}

/* a write address: a word someone waits on (or is about to), a pool word, or anything */
static uint32_t wr_addr(rnd_ctx *x) {
  kmu_rng *r = &x->rng;
  const uint32_t lsb = (uint32_t)kmu_rng_bits(r, 2);
  if (kmu_rng_pct(r, x->ph.tgt_pct)) {
    unsigned n = 0;
    uint32_t cand[NREC + NSM];
    for (unsigned k = 0; k < NREC; k++)
      if (x->s.r[k].used && !x->s.r[k].spin) cand[n++] = x->s.r[k].word << 2;
    for (unsigned k = 0; k < NSM; k++)
      if (x->req[k] && x->r_addr[k]) cand[n++] = x->r_addr[k] & ~3u;
    if (n) return cand[kmu_rng_below(r, n)] | lsb;
  }
  if (kmu_rng_pct(r, 80)) return (x->pool[kmu_rng_below(r, POOL)] & ~3u) | lsb;
  return (uint32_t)kmu_rng_bits(r, 32);
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  kmu_rng *r = &x->rng;
  const kmu_yield_mon_in *pin = pi;
  const kmu_yield_mon_out *pout = po;
  kmu_yield_mon_in *i = in;
  memset(i, 0, sizeof *i);
  if (cyc >= x->phase_end) new_phase(x, cyc);
  const phase_t *p = &x->ph;
  const int drain = cyc + 400 >= x->cycles; /* the end: no new yields, everything released */
  /* last cycle's handshakes: the lane's request is taken; a save starts after its answer */
  if (cyc > 0) {
    for (unsigned k = 0; k < NSM; k++)
      if (((pout->yq_ready_o & pin->yq_valid_i) >> k) & 1) {
        x->req[k] = 0;
        x->acc_at[k] = cyc - 1;
      }
    if (pout->yr_valid_o) {
      const unsigned k = (unsigned)pout->yr_sm_o;
      if (pout->yr_code_o == KMU_YR_TAKEN || pout->yr_code_o == KMU_YR_SPIN) {
        x->saving[k] = 1;
        x->sd_at[k] = cyc + kmu_rng_below(r, p->save_max + 1);
      }
    }
  }
  for (unsigned k = 0; k < NSM; k++) {
    /* the save done: at its time (the SM's sequencer; never before the answer's cycle) */
    if (x->saving[k] && (cyc >= x->sd_at[k] || drain)) {
      i->sd_valid_i |= BIT(k);
      x->saving[k] = 0;
    } else if (p->err_pct && kmu_rng_pct(r, p->err_pct))
      i->sd_valid_i |= BIT(k); /* noise: a save done out of turn (refused unless in a save) */
    /* a new yield */
    if (!x->req[k] && !drain && kmu_rng_pct(r, p->y_pct)) {
      x->req[k] = 1;
      x->r_addr[k] = kmu_rng_pct(r, p->spin_pct) ? 0
                     : kmu_rng_pct(r, p->rnd_pct) ? (uint32_t)kmu_rng_bits(r, 32)
                                                   : (x->pool[kmu_rng_below(r, POOL)] & ~3u) |
                                                         (uint32_t)kmu_rng_bits(r, 2);
      x->r_slot[k] = (unsigned)kmu_rng_bits(r, 8);
      x->r_tb[k] = (uint32_t)kmu_rng_bits(r, 32);
      x->r_ptb[k] = (unsigned)kmu_rng_bits(r, PTBW);
    }
    if (x->req[k]) {
      i->yq_valid_i |= BIT(k);
      i->yq_addr_i[k] = x->r_addr[k];
      i->yq_slot_i[k] = x->r_slot[k];
      i->yq_tb_i[k] = x->r_tb[k];
      i->yq_ptb_i[k] = x->r_ptb[k];
    } else { /* don't care */
      i->yq_addr_i[k] = kmu_rng_bits(r, 32);
      i->yq_slot_i[k] = kmu_rng_bits(r, 8);
      i->yq_tb_i[k] = kmu_rng_bits(r, 32);
      i->yq_ptb_i[k] = kmu_rng_bits(r, PTBW);
    }
    if (kmu_rng_pct(r, p->other_pct)) i->other_i |= BIT(k);
    if (kmu_rng_pct(r, p->park_pct)) i->park_i |= BIT(k);
  }
  /* snooped writes */
  i->mw_valid_i = kmu_rng_pct(r, p->mw_pct);
  i->mw_addr_i = i->mw_valid_i ? wr_addr(x) : kmu_rng_bits(r, 32);
  i->sw_valid_i = kmu_rng_pct(r, p->sw_pct);
  i->sw_addr_i = i->sw_valid_i ? wr_addr(x) : kmu_rng_bits(r, 32);
  i->wk_ready_i = kmu_rng_pct(r, p->rdy_pct);
  if (drain) {
    /* wake every waiter, one word per cycle per port, and take everything */
    unsigned n = 0;
    for (unsigned k = 0; k < NREC; k++)
      if (x->s.r[k].used && !x->s.r[k].spin && !x->s.r[k].woken && n < 2) {
        if (n++ == 0) {
          i->mw_valid_i = 1;
          i->mw_addr_i = x->s.r[k].word << 2;
        } else {
          i->sw_valid_i = 1;
          i->sw_addr_i = x->s.r[k].word << 2;
        }
      }
    i->wk_ready_i = 1;
  }
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *in, const void *out) {
  rnd_ctx *x = c;
  return sb_check(&x->s, cyc, in, out);
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const sb *s = &x->s;
  int ok = sb_empty(s);
  for (unsigned k = 0; k < NSM; k++)
    ok &= KMU_EXPECT_EQ(s->test, 0, "every SM idle at the end (no save, no spin)", L_IDLE,
                        s->st[k]);
  ok &= sb_bits_covered(s);
#define COV(n, what) ok &= kmu_expect(s->n > 0, s->test, 0, "coverage: " what, 1, s->n)
  COV(c_take, "TAKEN answers");
  COV(c_spin, "SPIN answers");
  COV(c_full, "FULL refusals");
  COV(c_nowork, "NOWORK refusals");
  COV(c_err, "refused save-done pulses");
  COV(n_race_pre, "a write while the lane waited (before its handshake)");
  COV(n_race_hs, "a write in the handshake cycle");
  COV(n_wake_early, "a wake-up during the save");
  COV(n_wake_late, "a wake-up after the save");
  COV(n_multi, "one write waking several TBs");
  COV(n_rel_head, "head releases");
  COV(n_rel_tail, "tail releases");
  COV(n_wait_lane, "a lane that waited for its grant");
  COV(n_bp, "wake-port back-pressure");
#undef COV
  if (!kmu_tb_quiet())
    printf("  %s seed=%llu: take %llu spin %llu full %llu nowork %llu err %llu; released head "
           "%llu tail %llu; races: before the handshake %llu, in it %llu; woken during the save "
           "%llu, after %llu; multi-wake writes %llu\n",
           s->test, (unsigned long long)x->seed, (unsigned long long)s->c_take,
           (unsigned long long)s->c_spin, (unsigned long long)s->c_full,
           (unsigned long long)s->c_nowork, (unsigned long long)s->c_err,
           (unsigned long long)s->n_rel_head, (unsigned long long)s->n_rel_tail,
           (unsigned long long)s->n_race_pre, (unsigned long long)s->n_race_hs,
           (unsigned long long)s->n_wake_early, (unsigned long long)s->n_wake_late,
           (unsigned long long)s->n_multi);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  rnd_ctx *x = calloc(1, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  kmu_stim st = {x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  const int ok = kmu_lockstep_mid_reset(&kmu_yield_mon_block, &st, test, seed, cycles);
  free(x);
  return ok;
}

/* ======================================================================== directed tests */
#define MAXSTEP 4096
#define MAXEXP 12
typedef struct {
  kmu_yield_mon_in in;
  kmu_dexp exp[MAXEXP];
  unsigned n_exp;
  const char *what;
} dstep;
typedef struct {
  const char *test;
  dstep s[MAXSTEP];
  unsigned n, pc;
  kmu_yield_mon_in cur; /* the inputs held from step to step */
  sb sb;
} dprog;

static dprog *prog_new(const char *test) {
  dprog *p = calloc(1, sizeof *p);
  p->test = test;
  p->cur.other_i = kmu_mask(NSM);
  return p;
}

/* one cycle with the held inputs; pulses (sd_valid_i, the writes) last this cycle only */
static dstep *st(dprog *p, const char *what) {
  if (p->n >= MAXSTEP) {
    fprintf(stderr, "%s: directed program too long\n", p->test);
    exit(2);
  }
  dstep *s = &p->s[p->n++];
  s->in = p->cur;
  s->what = what;
  p->cur.sd_valid_i = 0;
  p->cur.mw_valid_i = 0;
  p->cur.sw_valid_i = 0;
  return s;
}
static void exp_add(dstep *s, const char *name, size_t off, uint64_t v) {
  kmu_dexp_add(s->exp, &s->n_exp, MAXEXP, name, off, v);
}
#define EXP(s, port, v) exp_add((s), #port, offsetof(kmu_yield_mon_out, port), (v))
static void idle(dprog *p, unsigned n, const char *what) {
  for (unsigned k = 0; k < n; k++) st(p, what);
}
static void lane(dprog *p, unsigned sm, uint32_t addr, unsigned slot, uint32_t tb, unsigned ptb) {
  p->cur.yq_valid_i |= BIT(sm);
  p->cur.yq_addr_i[sm] = addr;
  p->cur.yq_slot_i[sm] = slot;
  p->cur.yq_tb_i[sm] = tb;
  p->cur.yq_ptb_i[sm] = ptb & kmu_mask(PTBW);
}
static void lane_off(dprog *p, unsigned sm) { p->cur.yq_valid_i &= ~BIT(sm); }
static void mw(dprog *p, uint32_t a) {
  p->cur.mw_valid_i = 1;
  p->cur.mw_addr_i = a;
}
static void swr(dprog *p, uint32_t a) {
  p->cur.sw_valid_i = 1;
  p->cur.sw_addr_i = a;
}
/* a yield of SM sm accepted at once (its lane is free and alone): the handshake step, then the
 * answer step; returns the handshake step's index */
static unsigned yield1(dprog *p, unsigned sm, uint32_t addr, uint32_t tb, unsigned code,
                       const char *what) {
  lane(p, sm, addr, (tb * 7u) & 0xff, tb, tb);
  dstep *h = st(p, what);
  EXP(h, yq_ready_o, BIT(sm));
  lane_off(p, sm);
  dstep *a = st(p, "the answer");
  EXP(a, yr_valid_o, 1);
  EXP(a, yr_sm_o, sm);
  EXP(a, yr_code_o, code);
  return (unsigned)(h - p->s);
}
static void sd(dprog *p, unsigned sm) { p->cur.sd_valid_i |= BIT(sm); }

static int d_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  dprog *p = c;
  (void)cyc, (void)pi, (void)po;
  if (p->pc >= p->n) return 0;
  *(kmu_yield_mon_in *)in = p->s[p->pc].in;
  return 1;
}
static void d_init(void *c, uint64_t seed) {
  dprog *p = c;
  (void)seed;
  p->pc = 0;
  sb_reset(&p->sb, p->test);
}
static int d_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  dprog *p = c;
  char w[200];
  int ok = sb_check(&p->sb, cyc, ip, op);
  const unsigned k = p->pc++;
  snprintf(w, sizeof w, "step %u: %s", k, p->s[k].what);
  ok &= kmu_dexp_check(p->test, cyc, w, p->s[k].exp, p->s[k].n_exp, op);
  return ok;
}
static int d_finish(void *c) {
  dprog *p = c;
  return KMU_EXPECT_EQ(p->test, 0, "directed program ran to its end", p->n, p->pc) &&
         sb_empty(&p->sb);
}
static int prog_run(dprog *p) {
  kmu_stim s = {p, d_init, d_drive, d_check, d_finish};
  const int ok = kmu_lockstep(&kmu_yield_mon_block, &s, p->test, 1, p->n + 1);
  free(p);
  return ok;
}

#define A_FLAG 0x40001000u
#define A_OTHER 0x40002000u

/* ---- (a) NOWORK: other_i[s] = 0 refuses yield(addr) and yield(0), nothing is watched (a
 * later write releases nothing); with other_i[s] = 1 and park_i[s] = 1 the spin is refused FULL
 * (cnt_full_o), with park_i[s] = 0 taken.  cnt_nowork_o. */
static int t_nowork(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = prog_new(test);
  idle(p, 2, "idle");
  p->cur.other_i = kmu_mask(NSM) & ~BIT(0);
  yield1(p, 0, A_FLAG, 11, KMU_YR_NOWORK, "SM 0 yields on A, no other work for SM 0");
  dstep *s = st(p, "counted");
  EXP(s, cnt_nowork_o, 1);
  EXP(s, cnt_take_o, 0);
  mw(p, A_FLAG);
  p->cur.wk_ready_i = 1;
  idle(p, 1, "a write to A");
  for (unsigned k = 0; k < 4; k++) EXP(st(p, "nothing watched A: no release"), wk_valid_o, 0);
  yield1(p, 0, 0, 12, KMU_YR_NOWORK, "yield(0) without other work: refused too");
  EXP(st(p, "counted"), cnt_nowork_o, 2);
  p->cur.other_i = BIT(0);
  p->cur.park_i = BIT(0);
  yield1(p, 0, 0, 14, KMU_YR_FULL, "SM 0's spin park busy (issue 13): the spin is refused FULL");
  EXP(st(p, "counted"), cnt_full_o, 1);
  p->cur.park_i = 0;
  yield1(p, 0, 0, 13, KMU_YR_SPIN, "other work for SM 0 now: the spin is taken");
  sd(p, 0);
  st(p, "save done");
  st(p, "");
  EXP(st(p, "the spin leaves (tail)"), wk_head_o, 0);
  idle(p, 2, "done");
  return prog_run(p);
}

/* ---- (b) FULL: W taken yields fill the table (each saved); the next is refused (FULL, the TB
 * goes on, no save); a write releases one entry and the next yield is taken again. */
static int t_full(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = prog_new(test);
  idle(p, 2, "idle");
  for (unsigned e = 0; e < W; e++) {
    yield1(p, e % NSM, A_FLAG + 0x100 * e, 100 + e, KMU_YR_TAKEN, "a yield fills an entry");
    sd(p, e % NSM);
    st(p, "its save done");
  }
  yield1(p, 0, A_OTHER, 999, KMU_YR_FULL, "the table is full: refused");
  dstep *s = st(p, "counted");
  EXP(s, cnt_full_o, 1);
  EXP(s, cnt_take_o, W);
  p->cur.wk_ready_i = 1;
  mw(p, A_FLAG + 0x100 * 3 % (0x100 * W));
  st(p, "a write to the word of entry 3 (or 0)");
  st(p, "woken");
  EXP(st(p, "released"), wk_valid_o, 1);
  yield1(p, 1 % NSM, A_OTHER, 1000, KMU_YR_TAKEN, "a free entry again: taken");
  sd(p, 1 % NSM);
  st(p, "its save done");
  /* release everything: one write per word */
  for (unsigned e = 0; e < W; e++) {
    swr(p, A_FLAG + 0x100 * e);
    st(p, "wake");
  }
  mw(p, A_OTHER + 3);
  idle(p, W + 6, "drain");
  s = st(p, "counters");
  EXP(s, cnt_wake_o, W + 1);
  EXP(s, wk_valid_o, 0);
  return prog_run(p);
}

/* ---- (c) the spin: never before its save done (ready high, writes to address 0), then out at
 * sd + 2 with head = 0 and its identity; a second spin of the same SM waits for the first to
 * leave (the lane is blocked while the saved spin waits on the port). */
static int t_spin(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = prog_new(test);
  idle(p, 2, "idle");
  p->cur.wk_ready_i = 1;
  yield1(p, 0, 0, 0x5a5a5a5a, KMU_YR_SPIN, "SM 0 yield(0)");
  for (unsigned k = 0; k < 5; k++) {
    mw(p, 0);
    EXP(st(p, "saving: a write to 0 releases nothing"), wk_valid_o, 0);
  }
  sd(p, 0);
  EXP(st(p, "sd"), wk_valid_o, 0);
  EXP(st(p, "sd+1"), wk_valid_o, 0);
  dstep *s = st(p, "sd+2: the spin leaves");
  EXP(s, wk_valid_o, 1);
  EXP(s, wk_head_o, 0);
  EXP(s, wk_sm_o, 0);
  EXP(s, wk_tb_o, 0x5a5a5a5a);
  EXP(s, wk_slot_o, (0x5a5a5a5au * 7u) & 0xff);
  EXP(s, wk_ptb_o, 0x5a5a5a5a & kmu_mask(PTBW));
  EXP(st(p, "gone"), wk_valid_o, 0);
  /* back-pressure: a saved spin held on the port blocks the SM's next yield */
  p->cur.wk_ready_i = 0;
  yield1(p, 0, 0, 77, KMU_YR_SPIN, "SM 0 yield(0) again");
  sd(p, 0);
  st(p, "sd");
  st(p, "sd+1");
  lane(p, 0, A_FLAG, 1, 78, 1);
  for (unsigned k = 0; k < 4; k++) {
    s = st(p, "the spin waits on the port: SM 0's new yield is not granted");
    EXP(s, wk_valid_o, 1);
    EXP(s, yq_ready_o, 0);
  }
  p->cur.wk_ready_i = 1;
  EXP(st(p, "the spin leaves"), yq_ready_o, 0);
  EXP(st(p, "SM 0's yield granted"), yq_ready_o, 1);
  lane_off(p, 0);
  EXP(st(p, "the answer"), yr_code_o, KMU_YR_TAKEN);
  sd(p, 0);
  mw(p, A_FLAG);
  idle(p, 4, "wake and save");
  EXP(st(p, "counters"), cnt_spin_o, 2);
  return prog_run(p);
}

/* ---- (d) one write wakes every waiter on its word: three TBs (two of SM 0, one of SM 1) on A,
 * one on B; a write to A (byte 3 of the word, on the signal window) releases the three on
 * three consecutive cycles from w+2, not the fourth; a write to B (memory port) releases it. */
static int t_multi(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (NSM < 2) return 1;
  dprog *p = prog_new(test);
  idle(p, 2, "idle");
  yield1(p, 0, A_FLAG, 1, KMU_YR_TAKEN, "SM 0 TB 1 on A");
  sd(p, 0);
  st(p, "saved");
  yield1(p, 0, A_FLAG + 1, 2, KMU_YR_TAKEN, "SM 0 TB 2 on A (byte 1)");
  sd(p, 0);
  st(p, "saved");
  yield1(p, 1, A_FLAG, 3, KMU_YR_TAKEN, "SM 1 TB 3 on A");
  sd(p, 1);
  st(p, "saved");
  yield1(p, 1, A_OTHER, 4, KMU_YR_TAKEN, "SM 1 TB 4 on B");
  sd(p, 1);
  st(p, "saved");
  p->cur.wk_ready_i = 1;
  idle(p, 3, "nothing written: nothing leaves");
  swr(p, A_FLAG + 3);
  EXP(st(p, "w: a write to A on the signal window"), wk_valid_o, 0);
  EXP(st(p, "w+1"), wk_valid_o, 0);
  for (unsigned k = 0; k < 3; k++) {
    dstep *s = st(p, "w+2..w+4: the three waiters on A, head");
    EXP(s, wk_valid_o, 1);
    EXP(s, wk_head_o, 1);
  }
  EXP(st(p, "w+5: nothing more"), wk_valid_o, 0);
  idle(p, 2, "");
  mw(p, A_OTHER);
  st(p, "v: a write to B on the memory port");
  st(p, "v+1");
  dstep *s = st(p, "v+2: the waiter on B");
  EXP(s, wk_valid_o, 1);
  EXP(s, wk_tb_o, 4);
  EXP(s, wk_sm_o, 1);
  EXP(st(p, "counters"), cnt_wake_o, 4);
  return prog_run(p);
}

/* ---- (e) the race: one write to the flag word at every cycle offset k around the decision d
 * (the lane's first valid cycle), the handshake h and the save (answer h+1, save done
 * sd = h+1+S).  Variant 0: the lane is granted at once (h = d).  Variant 1: the lane waits
 * (SM 0's saved spin holds the wake port until d+B; h = d+B+1).  Spec: a write in any cycle
 * >= d wakes the TB, which leaves at max(write, sd) + 2 (never before its save); a write before
 * d does not (it is released by a later write L at L+2).  Measures nothing: the latencies are
 * the header's. */
#define RACE_S 3u
#define RACE_B 3u
static void race_trial(dprog *p, int variant, int k, uint32_t tb) {
  p->cur.wk_ready_i = 1;
  idle(p, 2, "between trials");
  if (variant) {
    yield1(p, 0, 0, tb ^ 0xffffu, KMU_YR_SPIN, "SM 0 yield(0)");
    p->cur.wk_ready_i = 0;
    sd(p, 0);
    st(p, "its save done; the wake port stalls");
    idle(p, 2, "the spin waits on the port: SM 0 blocked");
  }
  const int64_t d = (int64_t)p->n + 4;
  const int64_t h = variant ? d + RACE_B + 1 : d;
  const int64_t sdc = h + 1 + RACE_S;
  const int64_t wc = d + k;
  const int64_t rel = k >= 0 ? (wc > sdc ? wc : sdc) + 2 : -1;
  const int64_t end = (k >= 0 ? rel : sdc + 4) + 2;
  for (int64_t c = (int64_t)p->n; c <= end; c++) {
    if (c == d) lane(p, 0, A_FLAG + 2, 0x3c, tb, tb);
    if (c == h + 1) lane_off(p, 0);
    if (variant && c == d + RACE_B) p->cur.wk_ready_i = 1;
    if (c == sdc) sd(p, 0);
    if (c == wc) {
      if (k & 1)
        swr(p, A_FLAG);
      else
        mw(p, A_FLAG + 1);
    }
    dstep *s = st(p, k >= 0 ? "race: a write at d+k (k >= 0) wakes the TB"
                            : "race: a write before the decision does not");
    if (c == h) EXP(s, yq_ready_o, 1);
    if (c == h + 1) EXP(s, yr_code_o, KMU_YR_TAKEN);
    if (c > h && c != rel) EXP(s, wk_valid_o, 0);
    if (c == rel) {
      EXP(s, wk_valid_o, 1);
      EXP(s, wk_head_o, 1);
      EXP(s, wk_tb_o, tb);
    }
  }
  if (k < 0) {
    mw(p, A_FLAG);
    st(p, "L: a later write");
    EXP(st(p, "L+1"), wk_valid_o, 0);
    dstep *s = st(p, "L+2: released");
    EXP(s, wk_valid_o, 1);
    EXP(s, wk_tb_o, tb);
  }
}
static int t_race(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = prog_new(test);
  unsigned n = 0;
  for (int v = 0; v < 2; v++) {
    const int kmax = (int)(RACE_S + 6 + (v ? RACE_B + 1 : 0));
    for (int k = -3; k <= kmax; k++) race_trial(p, v, k, 0x1000u + n++);
  }
  if (!kmu_tb_quiet())
    printf("  %s: %u trials (a write at each offset from d-3 to past the save, lane granted at "
           "once and after a wait)\n", test, n);
  return prog_run(p);
}

/* ---- (f) save done refused: sd_valid_i of an SM without a yield in its save (one count per
 * cycle, however many SMs); in the handshake cycle of its own yield too (the yield is not in
 * its save yet), which then waits for a later sd. */
static int t_err(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = prog_new(test);
  idle(p, 2, "idle");
  sd(p, 0);
  st(p, "sd of SM 0: no yield");
  EXP(st(p, "counted"), cnt_err_o, 1);
  p->cur.sd_valid_i = kmu_mask(NSM);
  st(p, "sd of every SM: no yield");
  EXP(st(p, "one more (one per cycle)"), cnt_err_o, 2);
  p->cur.wk_ready_i = 1;
  lane(p, 0, A_FLAG, 9, 9, 1);
  sd(p, 0);
  dstep *s = st(p, "h: SM 0's handshake with its sd in the same cycle");
  EXP(s, yq_ready_o, 1);
  lane_off(p, 0);
  mw(p, A_FLAG);
  s = st(p, "h+1: refused (not in its save at h); a write wakes the TB");
  EXP(s, cnt_err_o, 3);
  EXP(s, yr_code_o, KMU_YR_TAKEN);
  for (unsigned k = 0; k < 4; k++) EXP(st(p, "woken, not saved: not released"), wk_valid_o, 0);
  sd(p, 0);
  st(p, "sd");
  st(p, "sd+1");
  EXP(st(p, "sd+2: released"), wk_valid_o, 1);
  idle(p, 2, "done");
  EXP(st(p, "counters"), cnt_err_o, 3);
  return prog_run(p);
}

#define RND_CYCLES 250000
static const kmu_test tests[] = {
    {"nowork", t_nowork, 0, 0}, {"full", t_full, 0, 0},   {"spin", t_spin, 0, 0},
    {"multi", t_multi, 0, 0},   {"race", t_race, 0, 0},   {"err", t_err, 0, 0},
    {"random", t_random, RND_CYCLES, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_yield_mon_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
