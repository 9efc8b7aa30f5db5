/* test_kmu_warp_preempt.c - lockstep and directed tests of kmu_warp_preempt
 * (rtl/preempt/kmu_warp_preempt.v).
 *
 * Expected values come from the specification (docs/edge-wp-interfaces.md and the block page
 * docs/blocks/kmu_warp_preempt.md: the fit rule, the victim policies, the flushed condition,
 * the cycle-exact control sequence), never from either model.  The random test plays an
 * abstract SIMT pipeline: per warp slot, live / in-pipeline / loads / barrier / i-buffer /
 * i-cache-miss bits that evolve plausibly and obey the controls (a stopped warp fetches
 * nothing, issues only what its i-buffer holds; ibuf_flush clears the i-buffer, bar_skip the
 * barrier, ld_drop the loads, bar_reins puts the barrier back), warps that start and exit, an
 * event source with random registers / PC, a save and a restore engine with random ready and
 * done delays, the event warp's run time, random CSRs, and rare bad inputs.  The scoreboard
 * keeps the start order as sequence numbers (not an age matrix) and the registers per slot,
 * and predicts every output every cycle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_tb.h"
#include "kmu_warp_preempt.h"

static const kmu_warp_preempt_params params = {P_WARPS};
#define KMU_CUR_IN kmu_warp_preempt_in
#define KMU_CUR_OUT kmu_warp_preempt_out
KMU_BLOCK(kmu_warp_preempt, KMU_WARP_PREEMPT_IN, KMU_WARP_PREEMPT_OUT, &params)

#define NW P_WARPS
#define WM kmu_mask(NW)
#define OH(w) (1ull << (w))

/* ======================================================================== the specification */
/* Phases of one preemption, named after the block page's sequence. */
enum { P_IDLE, P_FLUSH, P_PUSH, P_SAVE, P_SWAIT, P_START, P_RUN, P_POP, P_REST, P_RWAIT, P_RESUME };

/* what the scoreboard knows about a slot: registers of its last (valid) start and its start
 * sequence number (reset order: lower slot older) */
typedef struct {
  unsigned regs[NW];
  uint64_t seq[NW], seqctr;
} ages;

static void ages_reset(ages *a) {
  for (unsigned w = 0; w < NW; w++) a->regs[w] = 0, a->seq[w] = w;
  a->seqctr = NW;
}

/* the victim the spec requires for this cycle's inputs (fit set in *fitp; returns NW: none) */
static unsigned spec_victim(const ages *a, const kmu_warp_preempt_in *i, uint64_t *fitp) {
  unsigned ev_regs = (unsigned)i->ev_regs_i, opt = (unsigned)i->opt_i, vpol = (unsigned)i->vpol_i;
  int rsv = ev_regs <= i->free_regs_i;
  uint64_t fit = 0;
  int best = 4;
  for (unsigned w = 0; w < NW; w++) {
    if (!((i->w_live_i >> w) & 1)) continue;
    if (i->wstart_valid_i && i->wstart_warp_i == w) continue;
    if (i->wexit_valid_i && i->wexit_warp_i == w) continue;
    if (!rsv && a->regs[w] < ev_regs) continue;
    fit |= OH(w);
  }
  *fitp = fit;
  if (!fit) return NW;
  /* the cost class of a slot (best policy) */
  /* (loads in flight with load drop on cost one pulse: class 1, whatever w_inpipe_i says) */
#define LD(w) ((i->w_ld_i >> (w)) & 1)
#define CLASS(w)                                                                          \
  (((LD(w) && !(opt & 8)) || (((i->w_bar_i >> (w)) & 1) && !(opt & 4))) ? 3              \
   : ((((i->w_inpipe_i >> (w)) & 1) && !LD(w)) || ((i->w_icmiss_i >> (w)) & 1)) ? 2      \
   : (((i->w_ibuf_i >> (w)) & 1) || LD(w))                                  ? 1           \
                                                                            : 0)
  if (vpol == 2)
    for (unsigned w = 0; w < NW; w++)
      if (((fit >> w) & 1) && CLASS(w) < best) best = CLASS(w);
  unsigned pick = NW;
  for (unsigned w = 0; w < NW; w++) {
    if (!((fit >> w) & 1)) continue;
    if (vpol == 2 && CLASS(w) != best) continue;
    if (pick == NW) pick = w;
    else if (vpol == 1 ? a->seq[w] > a->seq[pick] : a->seq[w] < a->seq[pick]) pick = w;
  }
#undef CLASS
#undef LD
  return pick;
}

/* ======================================================================== random lockstep */
typedef struct {
  int live, inpipe, ld, bar, ibuf, icmiss;
} pw_t; /* the test pipeline's view of one slot */

typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t seed, cycles, cyc;
  /* traffic mix, re-chosen every phase */
  unsigned p_ev, p_start, p_exit, p_issue, p_fetch, p_wb, p_ldret, p_barrel, p_err, p_vexit;
  unsigned rs_rdy, rr_rdy, frmode, maxrun, maxdone, regs_hi;
  unsigned vpol, opt, wp_en;
  uint64_t phase_end;
  /* pipeline */
  pw_t w[NW];
  /* event source */
  int ev_held;
  unsigned ev_regs, ev_id, next_id;
  uint32_t ev_pc;
  /* engines: cycle of the next done pulse (0: none) */
  uint64_t sdone_at, rdone_at, edone_at;
  /* what drive injected this cycle */
  unsigned inj; /* err bits the injected bad inputs must raise */
  /* scoreboard */
  ages a;
  unsigned ph, vic, nregs, id;
  int rsv, skipped, vexit;
  uint32_t pc;
  uint64_t acc_cyc, ready_cyc, lat;
  /* counts */
  uint64_t n_acc, n_ref, n_start, n_done, n_resume, n_vexit, n_save, n_rsv, n_skip, n_drop;
  uint64_t n_iflush, n_boost, n_err[5], n_pol[3], n_held, max_lat, max_intr;
} rnd_ctx;

static void new_phase(rnd_ctx *x) {
  kmu_rng *r = &x->rng;
  x->p_ev = 1 + (unsigned)kmu_rng_below(r, 30);
  x->p_start = (unsigned)kmu_rng_below(r, 30);
  x->p_exit = (unsigned)kmu_rng_below(r, 8);
  x->p_issue = 10 + (unsigned)kmu_rng_below(r, 80);
  x->p_fetch = 10 + (unsigned)kmu_rng_below(r, 80);
  x->p_wb = 5 + (unsigned)kmu_rng_below(r, 60);
  x->p_ldret = 1 + (unsigned)kmu_rng_below(r, 20);
  x->p_barrel = 1 + (unsigned)kmu_rng_below(r, 15);
  x->p_err = kmu_rng_pct(r, 30) ? 2 : 0;
  x->p_vexit = (unsigned)kmu_rng_below(r, 6);
  x->rs_rdy = 10 + (unsigned)kmu_rng_below(r, 91);
  x->rr_rdy = 10 + (unsigned)kmu_rng_below(r, 91);
  x->frmode = (unsigned)kmu_rng_below(r, 4);
  x->maxrun = 1 + (unsigned)kmu_rng_below(r, 40);
  x->maxdone = 1 + (unsigned)kmu_rng_below(r, 10);
  x->regs_hi = 16 + (unsigned)kmu_rng_below(r, 64);
  x->vpol = (unsigned)kmu_rng_below(r, 4);
  x->opt = (unsigned)kmu_rng_below(r, 16);
  x->wp_en = kmu_rng_pct(r, 92);
  x->phase_end = x->cyc + 200 + kmu_rng_below(r, 4000);
}

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  uint64_t cycles = x->cycles;
  memset(x, 0, sizeof *x);
  x->test = t;
  x->cycles = cycles;
  x->seed = seed;
  kmu_rng_seed(&x->rng, seed);
  ages_reset(&x->a);
  x->ph = P_IDLE;
  new_phase(x);
}

static int draining(const rnd_ctx *x) { return x->cyc + 3000 >= x->cycles; }
static int busy(const rnd_ctx *x) { return x->ph != P_IDLE; }
/* the victim's slot is frozen (flushed, stopped) or held by the event warp */
static int frozen(const rnd_ctx *x, unsigned w) {
  return busy(x) && w == x->vic && x->ph != P_FLUSH;
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  kmu_rng *r = &x->rng;
  kmu_warp_preempt_in *i = in;
  (void)pi, (void)po;
  x->cyc = cyc;
  if (cyc >= x->phase_end) new_phase(x);
  const int drain = draining(x);
  memset(i, 0, sizeof *i);
  x->inj = 0;
  for (unsigned w = 0; w < NW; w++) {
    const pw_t *p = &x->w[w];
    i->w_live_i |= (uint64_t)p->live << w;
    i->w_inpipe_i |= (uint64_t)p->inpipe << w;
    i->w_ld_i |= (uint64_t)p->ld << w;
    i->w_bar_i |= (uint64_t)p->bar << w;
    i->w_ibuf_i |= (uint64_t)p->ibuf << w;
    i->w_icmiss_i |= (uint64_t)p->icmiss << w;
  }
  /* while the event warp runs, its slot's status bits are the event warp's: noise */
  if (x->ph == P_RUN) {
    uint64_t m = ~OH(x->vic);
    i->w_live_i = (i->w_live_i & m) | (kmu_rng_bits(r, 64) & OH(x->vic));
    i->w_inpipe_i = (i->w_inpipe_i & m) | (kmu_rng_bits(r, 64) & OH(x->vic));
    i->w_ld_i = (i->w_ld_i & m) | (kmu_rng_bits(r, 64) & OH(x->vic));
    i->w_bar_i = (i->w_bar_i & m) | (kmu_rng_bits(r, 64) & OH(x->vic));
    i->w_ibuf_i = (i->w_ibuf_i & m) | (kmu_rng_bits(r, 64) & OH(x->vic));
    i->w_icmiss_i = (i->w_icmiss_i & m) | (kmu_rng_bits(r, 64) & OH(x->vic));
  }
  /* a warp starts in a free slot */
  if (!drain && kmu_rng_pct(r, x->p_start)) {
    unsigned s = (unsigned)kmu_rng_below(r, NW);
    if (!x->w[s].live && !(busy(x) && s == x->vic)) {
      i->wstart_valid_i = 1;
      i->wstart_warp_i = s;
      i->wstart_regs_i = kmu_rng_pct(r, 5) ? kmu_rng_bits(r, 8) : kmu_rng_below(r, x->regs_hi + 1);
    }
  }
  /* a warp with nothing in flight exits; the victim may exit while it is being flushed */
  if (x->ph == P_FLUSH && kmu_rng_pct(r, x->p_vexit)) {
    i->wexit_valid_i = 1;
    i->wexit_warp_i = x->vic;
  } else if (kmu_rng_pct(r, x->p_exit)) {
    unsigned s = (unsigned)kmu_rng_below(r, NW);
    const pw_t *p = &x->w[s];
    if (p->live && !(busy(x) && s == x->vic) && !p->inpipe && !p->ld && !p->bar && !p->icmiss) {
      i->wexit_valid_i = 1;
      i->wexit_warp_i = s;
    }
  }
  if (!i->wexit_valid_i) i->wexit_warp_i = kmu_rng_bits(r, 6);
  if (!i->wstart_valid_i) i->wstart_warp_i = kmu_rng_bits(r, 6), i->wstart_regs_i = kmu_rng_bits(r, 8);
  /* the event source: holds its request until accepted or refused */
  if (!x->ev_held && !drain && kmu_rng_pct(r, x->p_ev)) {
    x->ev_held = 1;
    x->ev_regs = kmu_rng_pct(r, 5) ? (unsigned)kmu_rng_bits(r, 8)
                                   : (unsigned)kmu_rng_below(r, x->regs_hi + 8);
    x->ev_pc = (uint32_t)kmu_rng_bits(r, 32);
    x->ev_id = x->next_id++ & 0xffffu;
  }
  i->ev_valid_i = (uint64_t)x->ev_held;
  i->ev_regs_i = x->ev_held ? x->ev_regs : kmu_rng_below(r, x->regs_hi + 8);
  i->ev_pc_i = x->ev_held ? x->ev_pc : kmu_rng_bits(r, 32);
  i->ev_id_i = x->ev_held ? x->ev_id : kmu_rng_bits(r, 16);
  switch (x->frmode) {
    case 0: i->free_regs_i = 0; break;
    case 1: i->free_regs_i = kmu_rng_below(r, x->regs_hi + 8); break;
    case 2: i->free_regs_i = 255; break;
    default: i->free_regs_i = kmu_rng_below(r, 24); break;
  }
  /* engines */
  i->rsave_ready_i = kmu_rng_pct(r, x->rs_rdy);
  i->rrest_ready_i = kmu_rng_pct(r, x->rr_rdy);
  i->rsave_done_i = x->ph == P_SWAIT && x->sdone_at == cyc;
  i->rrest_done_i = x->ph == P_RWAIT && x->rdone_at == cyc;
  i->ev_done_i = x->ph == P_RUN && x->edone_at == cyc ? OH(x->vic) : 0;
  /* CSRs */
  i->vpol_i = drain ? 0 : x->vpol;
  i->opt_i = drain ? 0xf : x->opt;
  i->wp_en_i = x->wp_en;
  /* rare bad inputs: each one has its err_o bit */
  if (x->p_err && kmu_rng_pct(r, x->p_err)) {
    switch (kmu_rng_below(r, 5)) {
      case 0:
        if (!i->ev_done_i) {
          uint64_t m = kmu_rng_bits(r, 64) & WM;
          if (x->ph == P_RUN && m == OH(x->vic)) m = 0;
          if (m) i->ev_done_i = m, x->inj |= KMU_WP_ERR_EV_DONE;
        }
        break;
      case 1:
        if (NW < 64 && !i->wstart_valid_i) {
          i->wstart_valid_i = 1;
          i->wstart_warp_i = NW + kmu_rng_below(r, 64 - NW);
          x->inj |= KMU_WP_ERR_WSTART;
        } else if (busy(x)) {
          i->wstart_valid_i = 1;
          i->wstart_warp_i = x->vic;
          x->inj |= KMU_WP_ERR_WSTART;
        }
        break;
      case 2:
        if (NW < 64 && !i->wexit_valid_i) {
          i->wexit_valid_i = 1;
          i->wexit_warp_i = NW + kmu_rng_below(r, 64 - NW);
          x->inj |= KMU_WP_ERR_WEXIT;
        } else if (busy(x) && x->ph != P_FLUSH) {
          i->wexit_valid_i = 1;
          i->wexit_warp_i = x->vic;
          x->inj |= KMU_WP_ERR_WEXIT;
        }
        break;
      case 3:
        if (x->ph != P_SWAIT) i->rsave_done_i = 1, x->inj |= KMU_WP_ERR_RSAVE;
        break;
      default:
        if (x->ph != P_RWAIT) i->rrest_done_i = 1, x->inj |= KMU_WP_ERR_RREST;
        break;
    }
  }
  return 1;
}

/* the pipeline at the clock edge: obeys this cycle's controls, then evolves */
static void pipe_edge(rnd_ctx *x, const kmu_warp_preempt_in *i, const kmu_warp_preempt_out *o,
                      int wstart_ok, int wexit_ok) {
  kmu_rng *r = &x->rng;
  for (unsigned w = 0; w < NW; w++) {
    pw_t *p = &x->w[w];
    const uint64_t b = OH(w);
    if (o->ibuf_flush_o & b) p->ibuf = 0;
    if (o->bar_skip_o & b) p->bar = 0;
    if (o->ld_drop_o & b) p->ld = 0;
    if (o->bar_reins_o & b) p->bar = 1;
    if (!p->live || frozen(x, w)) continue;
    const int stopped = (int)((o->vic_stop_o >> w) & 1);
    if (p->inpipe && kmu_rng_pct(r, x->p_wb)) p->inpipe = 0;
    if (p->ld && kmu_rng_pct(r, x->p_ldret)) p->ld = 0;
    if (p->bar && kmu_rng_pct(r, x->p_barrel)) p->bar = 0;
    if (p->icmiss && kmu_rng_pct(r, 25)) p->icmiss = 0;
    /* issue from the i-buffer (a stopped warp issues only what it holds) */
    if (p->ibuf && !p->bar && !(o->ibuf_flush_o & b) && kmu_rng_pct(r, x->p_issue)) {
      if (kmu_rng_pct(r, 40)) p->ibuf = 0;
      unsigned k = (unsigned)kmu_rng_below(r, 100);
      if (k < 55) p->inpipe = 1;
      else if (k < 85) p->ld = 1;
      else p->bar = 1;
    }
    /* fetch: a stopped warp fetches nothing */
    if (!stopped && !p->ibuf && !p->icmiss && kmu_rng_pct(r, x->p_fetch)) {
      if (kmu_rng_pct(r, 85)) p->ibuf = 1;
      else p->icmiss = 1;
    }
  }
  if (wexit_ok) memset(&x->w[i->wexit_warp_i], 0, sizeof(pw_t));
  if (wstart_ok) {
    memset(&x->w[i->wstart_warp_i], 0, sizeof(pw_t));
    x->w[i->wstart_warp_i].live = 1;
  }
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_warp_preempt_in *i = ip;
  const kmu_warp_preempt_out *o = op;
  const char *t = x->test;
  int ok = 1;
  const int bz = busy(x);
  const uint64_t voh = bz ? OH(x->vic) : 0;
  const unsigned opt = (unsigned)i->opt_i;

  /* ---- request: victim choice, ready / refuse */
  uint64_t fit;
  unsigned pick = spec_victim(&x->a, i, &fit);
  int rdy = !bz && i->wp_en_i && fit != 0;
  ok &= KMU_EXPECT_EQ(t, cyc, "ev_ready_o = idle && wp_en && a slot fits", rdy, o->ev_ready_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "ev_refuse_o = valid && idle && no fit", i->ev_valid_i && !bz && !rdy,
                      o->ev_refuse_o);
  /* ---- status */
  ok &= KMU_EXPECT_EQ(t, cyc, "busy_o", bz, o->busy_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "victim_valid_o", bz && !x->vexit, o->victim_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "lat_o (last acceptance -> ev_start)", x->lat, o->lat_o);
  if (bz) {
    ok &= KMU_EXPECT_EQ(t, cyc, "victim_o", x->vic, o->victim_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "rsv_o", x->rsv, o->rsv_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "cur_id_o (the accepted event)", x->id, o->cur_id_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "stk_pc_o (the event PC)", x->pc, o->stk_pc_o);
  }
  /* ---- the victim's status and the flushed condition */
  const int fl = x->ph == P_FLUSH;
  const int v_in = (i->w_inpipe_i & voh) != 0, v_ld = (i->w_ld_i & voh) != 0;
  const int v_bar = (i->w_bar_i & voh) != 0, v_ib = (i->w_ibuf_i & voh) != 0;
  const int v_ic = (i->w_icmiss_i & voh) != 0;
  const int flushed = !v_in && !v_ld && !v_ic && (!v_bar || (opt & 4)) && (!v_ib || (opt & 2));
  const int v_exit = bz && i->wexit_valid_i && i->wexit_warp_i == x->vic;
  /* ---- controls, one-hot at the victim, exactly when the sequence says */
  ok &= KMU_EXPECT_EQ(t, cyc, "vic_stop_o", bz && x->ph != P_RESUME && !x->vexit ? voh : 0,
                      o->vic_stop_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "vic_boost_o (opt 0, flushing)", fl && (opt & 1) ? voh : 0,
                      o->vic_boost_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "ibuf_flush_o", fl && (opt & 2) && v_ib ? voh : 0, o->ibuf_flush_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "bar_skip_o", fl && (opt & 4) && v_bar ? voh : 0, o->bar_skip_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "ld_drop_o", fl && (opt & 8) && v_ld ? voh : 0, o->ld_drop_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "stk_push_o", x->ph == P_PUSH ? voh : 0, o->stk_push_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "ev_start_o", x->ph == P_START ? voh : 0, o->ev_start_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "stk_pop_o", x->ph == P_POP ? voh : 0, o->stk_pop_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "bar_reins_o (pop after a skip)",
                      x->ph == P_POP && x->skipped ? voh : 0, o->bar_reins_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "vic_resume_o", x->ph == P_RESUME ? voh : 0, o->vic_resume_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "rsave_valid_o", x->ph == P_SAVE, o->rsave_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "rrest_valid_o", x->ph == P_REST, o->rrest_valid_o);
  if (x->ph == P_SAVE) {
    ok &= KMU_EXPECT_EQ(t, cyc, "rsave_warp_o", x->vic, o->rsave_warp_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "rsave_nregs_o (ev_regs)", x->nregs, o->rsave_nregs_o);
  }
  if (x->ph == P_REST) {
    ok &= KMU_EXPECT_EQ(t, cyc, "rrest_warp_o", x->vic, o->rrest_warp_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "rrest_nregs_o (ev_regs)", x->nregs, o->rrest_nregs_o);
  }
  /* ---- errors */
  const int wstart_bad = i->wstart_valid_i && (i->wstart_warp_i >= NW || (bz && i->wstart_warp_i == x->vic));
  const int wexit_bad = i->wexit_valid_i && (i->wexit_warp_i >= NW || (v_exit && !fl));
  const int done_ok = x->ph == P_RUN && (i->ev_done_i & WM) == voh;
  uint64_t err = (uint64_t)((i->ev_done_i & WM) != 0 && !done_ok) | (uint64_t)wstart_bad << 1 |
                 (uint64_t)wexit_bad << 2 | (uint64_t)(i->rsave_done_i && x->ph != P_SWAIT) << 3 |
                 (uint64_t)(i->rrest_done_i && x->ph != P_RWAIT) << 4;
  ok &= KMU_EXPECT_EQ(t, cyc, "err_o", err, o->err_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_o covers every injected bad input", x->inj, err & x->inj);
  for (unsigned k = 0; k < 5; k++) x->n_err[k] += (err >> k) & 1;
  if (!ok) return 0;

  /* ---- the sequence moves (the spec's timing) */
  if (o->ev_refuse_o) x->n_ref++, x->ev_held = 0;
  if (bz && i->ev_valid_i) x->n_held++;
  if (o->vic_boost_o) x->n_boost++;
  if (o->ibuf_flush_o) x->n_iflush++;
  if (o->ld_drop_o) x->n_drop++;
  switch (x->ph) {
    case P_IDLE:
      if (i->ev_valid_i && o->ev_ready_o) {
        x->ph = P_FLUSH;
        x->vic = pick;
        x->rsv = i->ev_regs_i <= i->free_regs_i;
        x->skipped = x->vexit = 0;
        x->nregs = (unsigned)i->ev_regs_i;
        x->pc = (uint32_t)i->ev_pc_i;
        x->id = (unsigned)i->ev_id_i;
        x->acc_cyc = cyc;
        x->ev_held = 0;
        x->n_acc++;
        x->n_pol[i->vpol_i == 3 ? 0 : i->vpol_i]++;
        if (x->rsv) x->n_rsv++;
      }
      break;
    case P_FLUSH:
      if (o->bar_skip_o) x->skipped = 1, x->n_skip++;
      if (v_exit) {
        x->vexit = 1;
        x->ready_cyc = cyc;
        x->ph = P_START;
        x->n_vexit++;
      } else if (flushed) {
        x->ready_cyc = cyc;
        x->ph = P_PUSH;
      }
      break;
    case P_PUSH: x->ph = x->rsv ? P_START : P_SAVE; break;
    case P_SAVE:
      if (i->rsave_ready_i) {
        x->ph = P_SWAIT;
        x->sdone_at = cyc + 1 + kmu_rng_below(&x->rng, x->maxdone);
        x->n_save++;
      }
      break;
    case P_SWAIT:
      if (i->rsave_done_i) x->ph = P_START, x->ready_cyc = cyc;
      break;
    case P_START: {
      /* the intrinsic bound: at most 2 cycles from flushed (and saved) to ev_start */
      uint64_t intr = cyc - x->ready_cyc;
      ok &= kmu_expect(intr <= 2, t, cyc, "flushed (and saved) -> ev_start_o <= 2 cycles", 2, intr);
      if (intr > x->max_intr) x->max_intr = intr;
      x->lat = cyc - x->acc_cyc > 0xffff ? 0xffff : cyc - x->acc_cyc;
      if (x->lat > x->max_lat) x->max_lat = x->lat;
      x->n_start++;
      x->ph = P_RUN;
      x->edone_at = cyc + 1 + kmu_rng_below(&x->rng, x->maxrun);
      break;
    }
    case P_RUN:
      if (done_ok) {
        x->n_done++;
        if (x->vexit) x->ph = P_IDLE;
        else x->ph = P_POP;
      }
      break;
    case P_POP: x->ph = x->rsv ? P_RESUME : P_REST; break;
    case P_REST:
      if (i->rrest_ready_i) {
        x->ph = P_RWAIT;
        x->rdone_at = cyc + 1 + kmu_rng_below(&x->rng, x->maxdone);
      }
      break;
    case P_RWAIT:
      if (i->rrest_done_i) x->ph = P_RESUME;
      break;
    default: /* P_RESUME */
      x->n_resume++;
      x->ph = P_IDLE;
      break;
  }
  /* ages and registers of valid starts */
  if (i->wstart_valid_i && !wstart_bad) {
    x->a.regs[i->wstart_warp_i] = (unsigned)i->wstart_regs_i;
    x->a.seq[i->wstart_warp_i] = x->a.seqctr++;
  }
  /* the pipeline at the edge (a victim that exits leaves its slot to the event warp) */
  pipe_edge(x, i, o, i->wstart_valid_i && !wstart_bad, i->wexit_valid_i && !wexit_bad);
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  ok &= KMU_EXPECT_EQ(t, x->cyc, "idle at the end", P_IDLE, x->ph);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "every accepted event started once", x->n_acc, x->n_start);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "every started event finished once", x->n_start, x->n_done);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "every finished event resumed its victim (or it had exited)",
                      x->n_done, x->n_resume + x->n_vexit);
  int cov = x->n_acc > 0 && x->n_ref > 0 && x->n_save > 0 && x->n_rsv > 0 && x->n_vexit > 0 &&
            x->n_skip > 0 && x->n_drop > 0 && x->n_iflush > 0 && x->n_boost > 0 &&
            x->n_held > 0 && x->n_pol[0] > 0 && x->n_pol[1] > 0 && x->n_pol[2] > 0;
  for (unsigned k = 0; k < 5; k++)
    if (!x->n_err[k]) cov = 0;
  ok &= kmu_expect(cov, t, x->cyc,
                   "traffic: accepts, refusals, saves, reserves, victim exits, every optimisation, "
                   "held requests, every policy, every error",
                   1, 0);
  if (!ok || getenv("KMU_COV"))
    printf("  %s: %llu accepted, %llu refused, %llu saved, %llu reserved, %llu victim exits, "
           "%llu skips, %llu load drops, %llu i-buffer flushes, %llu boost cycles, policies "
           "%llu/%llu/%llu, errors %llu/%llu/%llu/%llu/%llu, max lat %llu, max flushed->start "
           "%llu\n",
           t, (unsigned long long)x->n_acc, (unsigned long long)x->n_ref,
           (unsigned long long)x->n_save, (unsigned long long)x->n_rsv,
           (unsigned long long)x->n_vexit, (unsigned long long)x->n_skip,
           (unsigned long long)x->n_drop, (unsigned long long)x->n_iflush,
           (unsigned long long)x->n_boost, (unsigned long long)x->n_pol[0],
           (unsigned long long)x->n_pol[1], (unsigned long long)x->n_pol[2],
           (unsigned long long)x->n_err[0], (unsigned long long)x->n_err[1],
           (unsigned long long)x->n_err[2], (unsigned long long)x->n_err[3],
           (unsigned long long)x->n_err[4], (unsigned long long)x->max_lat,
           (unsigned long long)x->max_intr);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  rnd_ctx *x = calloc(1, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  kmu_stim s = {x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep_mid_reset(&kmu_warp_preempt_block, &s, test, seed, cycles);
  free(x);
  return ok;
}

/* ======================================================================== directed */
/* A directed test is a program of steps: one cycle's inputs and the outputs the spec requires
 * in that cycle.  The builder keeps the pipeline status and CSRs in `cur` (they persist from
 * step to step); pulses (wstart, wexit, ev_done, rsave/rrest done) last one step. */
#define MAX_STEPS 512
#define MAX_EXP 32
typedef struct {
  kmu_warp_preempt_in in;
  unsigned n_exp;
  kmu_dexp exp[MAX_EXP];
  const char *what;
} dstep;
typedef struct {
  const char *test;
  kmu_warp_preempt_in cur;
  dstep s[MAX_STEPS];
  unsigned n, pc;
  int64_t start_at; /* measured: the step in which ev_start_o was seen */
} dprog;

static dstep *st(dprog *p, const char *what) {
  if (p->n >= MAX_STEPS) {
    fprintf(stderr, "directed program too long\n");
    exit(2);
  }
  dstep *s = &p->s[p->n++];
  memset(s, 0, sizeof *s);
  s->in = p->cur;
  s->what = what;
  return s;
}
#define EXP(s, f, v) \
  kmu_dexp_add((s)->exp, &(s)->n_exp, MAX_EXP, #f, offsetof(kmu_warp_preempt_out, f), (uint64_t)(v))

/* measured: the step in which ev_start_o is first seen (-1 before; reset at cycle 0, also for
 * the re-run that writes a waveform) */
static void d_start_at(dprog *p, uint64_t cyc, const kmu_warp_preempt_in *i,
                       const kmu_warp_preempt_out *o) {
  (void)i;
  if (cyc == 0) p->start_at = -1;
  if (o->ev_start_o && p->start_at < 0) p->start_at = p->pc;
}
KMU_DPROG_RUNNER(kmu_warp_preempt, dprog, 100000, d_start_at)

static dprog prog;
#define PROG(test_name)      \
  dprog *p = &prog;          \
  memset(p, 0, sizeof *p);   \
  p->test = (test_name);     \
  p->cur.wp_en_i = 1;        \
  p->cur.opt_i = 0xf

/* ---- step helpers */
/* a warp starts in slot w with r registers per thread and is live from the next step */
static dstep *p_wstart(dprog *p, unsigned w, unsigned r, const char *what) {
  dstep *s = st(p, what);
  s->in.wstart_valid_i = 1;
  s->in.wstart_warp_i = w;
  s->in.wstart_regs_i = r;
  EXP(s, err_o, 0);
  p->cur.w_live_i |= OH(w);
  return s;
}
static dstep *p_idle(dprog *p, const char *what) { return st(p, what); }
/* an event request with r registers: expected accepted (ok=1, victim v next step) or
 * refused (ok=0) */
static dstep *p_event(dprog *p, unsigned r, unsigned freer, int ok, const char *what) {
  dstep *s = st(p, what);
  s->in.ev_valid_i = 1;
  s->in.ev_regs_i = r;
  s->in.free_regs_i = freer;
  s->in.ev_pc_i = 0xe0000000u + r;
  s->in.ev_id_i = 0x100 + p->n;
  EXP(s, ev_ready_o, ok);
  EXP(s, ev_refuse_o, !ok);
  return s;
}
/* the expected one-hot controls of a step (everything else zero) */
typedef struct {
  unsigned stop, boost, iflush, skip, drop, push, start, pop, reins, resume, rsave, rrest;
} ctl;
static void exp_ctl(dstep *s, unsigned v, ctl c) {
  EXP(s, vic_stop_o, c.stop ? OH(v) : 0);
  EXP(s, vic_boost_o, c.boost ? OH(v) : 0);
  EXP(s, ibuf_flush_o, c.iflush ? OH(v) : 0);
  EXP(s, bar_skip_o, c.skip ? OH(v) : 0);
  EXP(s, ld_drop_o, c.drop ? OH(v) : 0);
  EXP(s, stk_push_o, c.push ? OH(v) : 0);
  EXP(s, ev_start_o, c.start ? OH(v) : 0);
  EXP(s, stk_pop_o, c.pop ? OH(v) : 0);
  EXP(s, bar_reins_o, c.reins ? OH(v) : 0);
  EXP(s, vic_resume_o, c.resume ? OH(v) : 0);
  EXP(s, rsave_valid_o, c.rsave);
  EXP(s, rrest_valid_o, c.rrest);
}
static void set_status(dprog *p, unsigned w, int inpipe, int ld, int bar, int ibuf, int icmiss) {
  kmu_warp_preempt_in *c = &p->cur;
  c->w_inpipe_i = (c->w_inpipe_i & ~OH(w)) | (uint64_t)inpipe << w;
  c->w_ld_i = (c->w_ld_i & ~OH(w)) | (uint64_t)ld << w;
  c->w_bar_i = (c->w_bar_i & ~OH(w)) | (uint64_t)bar << w;
  c->w_ibuf_i = (c->w_ibuf_i & ~OH(w)) | (uint64_t)ibuf << w;
  c->w_icmiss_i = (c->w_icmiss_i & ~OH(w)) | (uint64_t)icmiss << w;
}

/* From the step after an acceptance with an already flushed, reserving victim v: push, start,
 * run 2 steps, done, pop, resume, idle.  reins: a skip was issued. */
static void p_finish_rsv(dprog *p, unsigned v, int reins) {
  dstep *s = st(p, "stk_push_o: {event PC, full mask}");
  exp_ctl(s, v, (ctl){.stop = 1, .push = 1});
  s = st(p, "ev_start_o: 2 cycles after flushed");
  exp_ctl(s, v, (ctl){.stop = 1, .start = 1});
  s = st(p, "the event warp runs");
  exp_ctl(s, v, (ctl){.stop = 1});
  s = st(p, "ev_done_i of the victim's slot");
  s->in.ev_done_i = OH(v);
  EXP(s, err_o, 0);
  s = st(p, "stk_pop_o (and bar_reins_o after a skip)");
  exp_ctl(s, v, (ctl){.stop = 1, .pop = 1, .reins = (unsigned)reins});
  s = st(p, "vic_resume_o: no registers to restore");
  exp_ctl(s, v, (ctl){.resume = 1});
  EXP(s, busy_o, 1);
  s = st(p, "idle again");
  EXP(s, busy_o, 0);
  exp_ctl(s, v, (ctl){0});
}

/* warps 0..n-1 start in slot order s[k] with registers r[k] */
static void p_warps(dprog *p, const unsigned *slot, const unsigned *r, unsigned n) {
  for (unsigned k = 0; k < n; k++) p_wstart(p, slot[k], r[k], "a background warp starts");
}

/* ---- reset, refusal, wp_en */
static int t_refuse(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = p_idle(p, "reset: idle");
  EXP(s, busy_o, 0);
  EXP(s, victim_valid_o, 0);
  EXP(s, ev_ready_o, 0);
  EXP(s, lat_o, 0);
  EXP(s, err_o, 0);
  exp_ctl(s, 0, (ctl){0});
  p_event(p, 0, 255, 0, "no live warp: refused even with free registers");
  p_wstart(p, 1, 16, "slot 1 starts, 16 registers (live from the next cycle)");
  p_event(p, 17, 0, 0, "17 registers, the victim has 16, none free: refused (fit rule)");
  p_event(p, 17, 16, 0, "17 registers, 16 free: refused");
  s = p_event(p, 16, 0, 0, "wp_en_i low: refused");
  s->in.wp_en_i = 0;
  s = p_event(p, 16, 0, 0, "the only fitting slot exits in this cycle: refused");
  s->in.wexit_valid_i = 1;
  s->in.wexit_warp_i = 1;
  EXP(s, err_o, 0);
  s = p_event(p, 16, 255, 0, "the only live slot (re)starts in this cycle: refused");
  s->in.wstart_valid_i = 1;
  s->in.wstart_warp_i = 1;
  s->in.wstart_regs_i = 16;
  EXP(s, err_o, 0);
  s = p_event(p, 16, 0, 1, "16 registers, none free: slot 1 fits exactly");
  s = st(p, "busy with victim 1, registers to save");
  EXP(s, busy_o, 1);
  EXP(s, victim_o, 1);
  EXP(s, victim_valid_o, 1);
  EXP(s, rsv_o, 0);
  return d_run(p);
}

/* ---- fit rule: exact boundary, reserve vs save */
static int t_fit(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_wstart(p, 0, 16, "slot 0: 16 registers");
  p_wstart(p, 1, 32, "slot 1: 32 registers");
  p->cur.vpol_i = 0; /* oldest */
  p_event(p, 33, 32, 0, "33 registers, 32 free, victims 16/32: refused");
  dstep *s = p_event(p, 32, 0, 1, "32 registers, none free: slot 1 fits exactly (save)");
  s = st(p, "flushing slot 1 (idle warp: flushed now); save needed");
  EXP(s, victim_o, 1);
  EXP(s, rsv_o, 0);
  EXP(s, cur_id_o, 0x100 + 4); /* p_event tags with 0x100 + its step number + 1 */
  exp_ctl(s, 1, (ctl){.stop = 1, .boost = 1});
  s = st(p, "push");
  exp_ctl(s, 1, (ctl){.stop = 1, .push = 1});
  EXP(s, stk_pc_o, 0xe0000000u + 32);
  s = st(p, "rsave_valid_o: slot 1, 32 registers; not ready");
  exp_ctl(s, 1, (ctl){.stop = 1, .rsave = 1});
  EXP(s, rsave_warp_o, 1);
  EXP(s, rsave_nregs_o, 32);
  s = st(p, "rsave ready: taken");
  s->in.rsave_ready_i = 1;
  exp_ctl(s, 1, (ctl){.stop = 1, .rsave = 1});
  s = st(p, "waiting for the save");
  exp_ctl(s, 1, (ctl){.stop = 1});
  s = st(p, "rsave_done_i");
  s->in.rsave_done_i = 1;
  EXP(s, err_o, 0);
  exp_ctl(s, 1, (ctl){.stop = 1});
  s = st(p, "ev_start_o one cycle after the save is done");
  exp_ctl(s, 1, (ctl){.stop = 1, .start = 1});
  s = st(p, "ev_done_i");
  s->in.ev_done_i = OH(1);
  EXP(s, lat_o, 7); /* accepted in a; flush a+1, push a+2, save a+3..a+4, done a+6, start a+7 */
  s = st(p, "pop");
  exp_ctl(s, 1, (ctl){.stop = 1, .pop = 1});
  s = st(p, "rrest_valid_o: slot 1, 32 registers; ready");
  s->in.rrest_ready_i = 1;
  exp_ctl(s, 1, (ctl){.stop = 1, .rrest = 1});
  EXP(s, rrest_warp_o, 1);
  EXP(s, rrest_nregs_o, 32);
  s = st(p, "rrest_done_i");
  s->in.rrest_done_i = 1;
  EXP(s, err_o, 0);
  exp_ctl(s, 1, (ctl){.stop = 1});
  s = st(p, "resume");
  exp_ctl(s, 1, (ctl){.resume = 1});
  s = st(p, "idle");
  EXP(s, busy_o, 0);
  /* reserve: ev_regs <= free_regs, any live warp fits (the oldest: slot 0, 16 registers) */
  p_event(p, 40, 40, 1, "40 registers, 40 free: reserve; the oldest live warp (slot 0)");
  s = st(p, "flushing slot 0, registers reserved");
  EXP(s, victim_o, 0);
  EXP(s, rsv_o, 1);
  exp_ctl(s, 0, (ctl){.stop = 1, .boost = 1});
  p_finish_rsv(p, 0, 0);
  s = p_idle(p, "lat_o of that one: 3");
  EXP(s, lat_o, 3);
  return d_run(p);
}

/* ---- policies: slots start in the order 3, 0, 2, 1 (3 oldest, 1 newest) */
static int t_policy(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  static const unsigned slot[] = {3, 0, 2, 1}, r[] = {8, 8, 8, 8};
  p_warps(p, slot, r, 4);
  struct {
    unsigned vpol, v;
    const char *what;
  } cases[] = {{0, 3, "oldest: slot 3 (started first)"},
               {1, 1, "newest: slot 1 (started last)"},
               {3, 3, "vpol 3 (reserved) acts as oldest"},
               {2, 3, "best, all idle: ties to the oldest"}};
  for (unsigned k = 0; k < 4; k++) {
    p->cur.vpol_i = cases[k].vpol;
    p_event(p, 4, 255, 1, cases[k].what);
    dstep *s = st(p, "victim");
    EXP(s, victim_o, cases[k].v);
    EXP(s, victim_valid_o, 1);
    p_finish_rsv(p, cases[k].v, 0);
  }
  /* best: classes. slot 3 loads (1 with load drop on, else 3), slot 0 in pipeline (2), slot 2
   * i-buffer (1), slot 1 at a barrier: with skip on class 0 */
  p->cur.vpol_i = 2;
  p->cur.opt_i = 0xf;
  set_status(p, 3, 0, 1, 0, 0, 0);
  set_status(p, 0, 1, 0, 0, 0, 0);
  set_status(p, 2, 0, 0, 0, 1, 0);
  set_status(p, 1, 0, 0, 1, 0, 0);
  p_event(p, 4, 255, 1, "best: the barrier warp with skip on (slot 1)");
  dstep *s = st(p, "victim slot 1; skip pulse; flushed");
  EXP(s, victim_o, 1);
  exp_ctl(s, 1, (ctl){.stop = 1, .boost = 1, .skip = 1});
  set_status(p, 1, 0, 0, 0, 0, 0);
  p_finish_rsv(p, 1, 1);
  set_status(p, 1, 0, 0, 1, 0, 0);
  p->cur.opt_i = 0x3; /* skip and load drop off: the barrier and the loads warps are class 3 */
  p_event(p, 4, 255, 1, "best, skip off: i-buffer only (slot 2)");
  s = st(p, "victim slot 2, i-buffer flushed");
  EXP(s, victim_o, 2);
  exp_ctl(s, 2, (ctl){.stop = 1, .boost = 1, .iflush = 1});
  set_status(p, 2, 0, 0, 0, 0, 0);
  p_finish_rsv(p, 2, 0);
  set_status(p, 2, 0, 0, 0, 1, 0);
  p->cur.w_live_i &= ~OH(2);
  p->cur.opt_i = 0xb; /* load drop on: the loads warp is class 1 */
  p_event(p, 4, 255, 1, "best, slot 2 not live, load drop on: the loads (slot 3) before in pipeline");
  s = st(p, "victim slot 3, load drop");
  EXP(s, victim_o, 3);
  exp_ctl(s, 3, (ctl){.stop = 1, .boost = 1, .drop = 1});
  set_status(p, 3, 0, 0, 0, 0, 0);
  s = st(p, "loads dropped: flushed");
  exp_ctl(s, 3, (ctl){.stop = 1, .boost = 1});
  p_finish_rsv(p, 3, 0);
  set_status(p, 3, 0, 1, 0, 0, 0);
  p->cur.opt_i = 0x3; /* load drop and skip off: loads and the barrier are class 3 */
  p_event(p, 4, 255, 1, "best, load drop off: in pipeline (slot 0) before the loads");
  s = st(p, "victim slot 0, waiting for its instruction");
  EXP(s, victim_o, 0);
  exp_ctl(s, 0, (ctl){.stop = 1, .boost = 1});
  set_status(p, 0, 0, 0, 0, 0, 0);
  s = st(p, "written back: flushed");
  exp_ctl(s, 0, (ctl){.stop = 1, .boost = 1});
  p_finish_rsv(p, 0, 0);
  set_status(p, 3, 0, 0, 0, 0, 0);
  /* a restart makes slot 3 the newest */
  p->cur.w_live_i |= OH(0) | OH(2);
  set_status(p, 1, 0, 0, 0, 0, 0);
  set_status(p, 2, 0, 0, 0, 0, 0);
  p_wstart(p, 3, 8, "slot 3 starts again: now the newest");
  p->cur.vpol_i = 0;
  p_event(p, 4, 255, 1, "oldest now: slot 0");
  s = st(p, "victim");
  EXP(s, victim_o, 0);
  p_finish_rsv(p, 0, 0);
  p->cur.vpol_i = 1;
  p_event(p, 4, 255, 1, "newest now: slot 3");
  s = st(p, "victim");
  EXP(s, victim_o, 3);
  p_finish_rsv(p, 3, 0);
  return d_run(p);
}

/* ---- one optimisation: the victim (slot 0, 8 registers) has status bit `which` set; with the
 * optimisation on it is flushed in the first flushing cycle (or the next for loads), with it
 * off it waits until the test clears the bit 3 cycles later */
enum { ST_BAR, ST_IBUF, ST_LD };
static int opt_case(const char *test, unsigned which, int on) {
  PROG(test);
  static const unsigned bitof[] = {4, 2, 8};
  p_wstart(p, 0, 8, "slot 0 starts");
  set_status(p, 0, 0, which == ST_LD, which == ST_BAR, which == ST_IBUF, 0);
  p->cur.opt_i = on ? bitof[which] : 0;
  p_event(p, 4, 255, 1, "event: victim slot 0");
  ctl fc = {.stop = 1};
  if (on && which == ST_BAR) fc.skip = 1;
  if (on && which == ST_IBUF) fc.iflush = 1;
  if (on && which == ST_LD) fc.drop = 1;
  dstep *s = st(p, on ? "flushing: the optimisation's pulse" : "flushing: waits");
  exp_ctl(s, 0, fc);
  if (on && which != ST_LD) {
    set_status(p, 0, 0, 0, 0, 0, 0); /* the pipeline obeyed the pulse */
    p_finish_rsv(p, 0, which == ST_BAR);
    return d_run(p);
  }
  if (on) { /* loads: dropped at the edge; flushed once w_ld_i is low */
    set_status(p, 0, 0, 0, 0, 0, 0);
    s = st(p, "loads dropped: flushed");
    exp_ctl(s, 0, (ctl){.stop = 1});
    p_finish_rsv(p, 0, 0);
    return d_run(p);
  }
  for (int k = 0; k < 2; k++) {
    s = st(p, "optimisation off: still waiting, no pulse");
    exp_ctl(s, 0, (ctl){.stop = 1});
  }
  set_status(p, 0, 0, 0, 0, 0, 0);
  s = st(p, "the status cleared on its own: flushed");
  exp_ctl(s, 0, (ctl){.stop = 1});
  p_finish_rsv(p, 0, 0);
  return d_run(p);
}
static int t_opt_bar_on(const char *t, uint64_t s, uint64_t c) { (void)s, (void)c; return opt_case(t, ST_BAR, 1); }
static int t_opt_bar_off(const char *t, uint64_t s, uint64_t c) { (void)s, (void)c; return opt_case(t, ST_BAR, 0); }
static int t_opt_ibuf_on(const char *t, uint64_t s, uint64_t c) { (void)s, (void)c; return opt_case(t, ST_IBUF, 1); }
static int t_opt_ibuf_off(const char *t, uint64_t s, uint64_t c) { (void)s, (void)c; return opt_case(t, ST_IBUF, 0); }
static int t_opt_ld_on(const char *t, uint64_t s, uint64_t c) { (void)s, (void)c; return opt_case(t, ST_LD, 1); }
static int t_opt_ld_off(const char *t, uint64_t s, uint64_t c) { (void)s, (void)c; return opt_case(t, ST_LD, 0); }

/* ---- boost: on exactly while flushing with opt 0; in-pipeline and i-cache miss always wait */
static int t_opt_boost(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_wstart(p, 0, 8, "slot 0 starts");
  for (int on = 1; on >= 0; on--) {
    p->cur.opt_i = on ? 0xf : 0xe;
    set_status(p, 0, 1, 0, 0, 0, 1);
    p_event(p, 4, 255, 1, "event: victim slot 0 in the pipeline, i-cache miss");
    dstep *s = st(p, "flushing: boost as opt 0 says");
    exp_ctl(s, 0, (ctl){.stop = 1, .boost = (unsigned)on});
    set_status(p, 0, 0, 0, 0, 0, 1);
    s = st(p, "written back; the i-cache miss still waits");
    exp_ctl(s, 0, (ctl){.stop = 1, .boost = (unsigned)on});
    set_status(p, 0, 0, 0, 0, 0, 0);
    s = st(p, "flushed");
    exp_ctl(s, 0, (ctl){.stop = 1, .boost = (unsigned)on});
    p_finish_rsv(p, 0, 0);
  }
  return d_run(p);
}

/* ---- latency: flushed in F -> ev_start in F+2 (reserved), measured and printed */
static int t_latency(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_wstart(p, 0, 8, "slot 0 starts");
  set_status(p, 0, 1, 0, 0, 0, 0);
  p_event(p, 4, 4, 1, "event (reserve): victim slot 0 in the pipeline");
  for (int k = 0; k < 5; k++) {
    dstep *s = st(p, "flushing: waits for the write-back");
    exp_ctl(s, 0, (ctl){.stop = 1, .boost = 1});
  }
  set_status(p, 0, 0, 0, 0, 0, 0);
  unsigned f = p->n;
  dstep *s = st(p, "F: the first flushed cycle");
  exp_ctl(s, 0, (ctl){.stop = 1, .boost = 1});
  p_finish_rsv(p, 0, 0);
  s = p_idle(p, "lat_o = acceptance -> ev_start = 8");
  EXP(s, lat_o, 8);
  int ok = d_run(p);
  if (!kmu_tb_quiet())
    printf("  %s: flushed (cycle F) -> ev_start_o at F+%lld (reserved registers, no save)\n",
           test, (long long)(p->start_at - (int64_t)f));
  ok &= KMU_EXPECT_EQ(test, 0, "flushed -> ev_start_o", 2, p->start_at - (int64_t)f);
  return ok;
}

/* ---- the victim exits while being flushed: the event takes the free slot */
static int t_victim_exit(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_wstart(p, 2, 40, "slot 2 starts, 40 registers");
  set_status(p, 2, 1, 0, 0, 1, 0);
  p->cur.opt_i = 0xd; /* no i-buffer flush: the warp issues what it holds, its exit */
  p_event(p, 30, 0, 1, "event (30 registers, save needed): victim slot 2");
  dstep *s = st(p, "flushing");
  exp_ctl(s, 2, (ctl){.stop = 1, .boost = 1});
  s = st(p, "the victim's exit writes back: wexit of the victim");
  s->in.wexit_valid_i = 1;
  s->in.wexit_warp_i = 2;
  EXP(s, err_o, 0);
  exp_ctl(s, 2, (ctl){.stop = 1, .boost = 1});
  p->cur.w_live_i &= ~OH(2);
  set_status(p, 2, 0, 0, 0, 0, 0);
  s = st(p, "ev_start_o one cycle after the exit: no push, no save");
  exp_ctl(s, 2, (ctl){.start = 1});
  EXP(s, victim_valid_o, 0);
  EXP(s, busy_o, 1);
  s = st(p, "a wstart into the event's slot: err, ignored");
  s->in.wstart_valid_i = 1;
  s->in.wstart_warp_i = 2;
  s->in.wstart_regs_i = 99;
  EXP(s, err_o, KMU_WP_ERR_WSTART);
  exp_ctl(s, 2, (ctl){0});
  s = st(p, "ev_done_i");
  s->in.ev_done_i = OH(2);
  EXP(s, err_o, 0);
  s = st(p, "idle: no pop, no restore, no resume");
  exp_ctl(s, 2, (ctl){0});
  EXP(s, busy_o, 0);
  /* slot 2's registers are still 40 (the bad start changed nothing): a 40-register event with
   * no free registers needs slot 2 once it is live again (the exit did not clear them) */
  p->cur.w_live_i |= OH(2);
  p_event(p, 41, 0, 0, "41 registers: refused (slot 2 keeps 40, not 99)");
  p_event(p, 40, 0, 1, "40 registers: slot 2 fits");
  s = st(p, "victim 2");
  EXP(s, victim_o, 2);
  return d_run(p);
}

/* ---- bad inputs: each raises its err_o bit and changes nothing */
static int t_errors(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = st(p, "ev_done_i with no event warp");
  s->in.ev_done_i = 1;
  EXP(s, err_o, KMU_WP_ERR_EV_DONE);
  s = st(p, "rsave_done_i with no save outstanding");
  s->in.rsave_done_i = 1;
  EXP(s, err_o, KMU_WP_ERR_RSAVE);
  s = st(p, "rrest_done_i with no restore outstanding");
  s->in.rrest_done_i = 1;
  EXP(s, err_o, KMU_WP_ERR_RREST);
  if (NW < 64) {
    s = st(p, "wstart of a slot >= WARPS");
    s->in.wstart_valid_i = 1;
    s->in.wstart_warp_i = 63;
    EXP(s, err_o, KMU_WP_ERR_WSTART);
    s = st(p, "wexit of a slot >= WARPS");
    s->in.wexit_valid_i = 1;
    s->in.wexit_warp_i = NW;
    EXP(s, err_o, KMU_WP_ERR_WEXIT);
  }
  p_wstart(p, 0, 8, "slot 0 starts");
  p_wstart(p, 1, 8, "slot 1 starts");
  set_status(p, 0, 1, 0, 0, 0, 0);
  p->cur.vpol_i = 0;
  p_event(p, 8, 0, 1, "event: victim slot 0 (save)");
  s = st(p, "flushing; a second request waits: not ready, not refused");
  s->in.ev_valid_i = 1;
  s->in.ev_regs_i = 1;
  EXP(s, ev_ready_o, 0);
  EXP(s, ev_refuse_o, 0);
  s = st(p, "wexit of another slot while flushing: fine");
  s->in.wexit_valid_i = 1;
  s->in.wexit_warp_i = 1;
  EXP(s, err_o, 0);
  p->cur.w_live_i &= ~OH(1);
  s = st(p, "wstart of the victim slot while busy");
  s->in.wstart_valid_i = 1;
  s->in.wstart_warp_i = 0;
  s->in.wstart_regs_i = 1;
  EXP(s, err_o, KMU_WP_ERR_WSTART);
  set_status(p, 0, 0, 0, 0, 0, 0);
  s = st(p, "flushed; rsave_done_i before any save");
  s->in.rsave_done_i = 1;
  EXP(s, err_o, KMU_WP_ERR_RSAVE);
  s = st(p, "push; wexit of the (stopped, empty) victim: err");
  s->in.wexit_valid_i = 1;
  s->in.wexit_warp_i = 0;
  EXP(s, err_o, KMU_WP_ERR_WEXIT);
  exp_ctl(s, 0, (ctl){.stop = 1, .push = 1});
  s = st(p, "save offered, taken");
  s->in.rsave_ready_i = 1;
  exp_ctl(s, 0, (ctl){.stop = 1, .rsave = 1});
  s = st(p, "save done");
  s->in.rsave_done_i = 1;
  EXP(s, err_o, 0);
  s = st(p, "ev_start; ev_done_i in the start cycle is early: err");
  s->in.ev_done_i = OH(0);
  EXP(s, err_o, KMU_WP_ERR_EV_DONE);
  exp_ctl(s, 0, (ctl){.stop = 1, .start = 1});
  if (NW > 1) {
    s = st(p, "ev_done_i of another slot: err, still running");
    s->in.ev_done_i = OH(1);
    EXP(s, err_o, KMU_WP_ERR_EV_DONE);
    s = st(p, "ev_done_i of two slots incl. the event's: err");
    s->in.ev_done_i = OH(0) | OH(1);
    EXP(s, err_o, KMU_WP_ERR_EV_DONE);
  }
  s = st(p, "rrest_done_i while the event runs: err");
  s->in.rrest_done_i = 1;
  EXP(s, err_o, KMU_WP_ERR_RREST);
  exp_ctl(s, 0, (ctl){.stop = 1});
  s = st(p, "ev_done_i of the event's slot");
  s->in.ev_done_i = OH(0);
  EXP(s, err_o, 0);
  s = st(p, "pop");
  exp_ctl(s, 0, (ctl){.stop = 1, .pop = 1});
  s = st(p, "restore offered");
  s->in.rrest_ready_i = 1;
  exp_ctl(s, 0, (ctl){.stop = 1, .rrest = 1});
  s = st(p, "restore done");
  s->in.rrest_done_i = 1;
  EXP(s, err_o, 0);
  s = st(p, "resume");
  exp_ctl(s, 0, (ctl){.resume = 1});
  s = st(p, "idle; slot 0 kept 8 registers (the bad start changed nothing)");
  s->in.ev_valid_i = 1;
  s->in.ev_regs_i = 8;
  EXP(s, ev_ready_o, 1);
  s = st(p, "victim 0");
  EXP(s, victim_o, 0);
  return d_run(p);
}

static const kmu_test tests[] = {
    {"refuse", t_refuse, 0, 0},
    {"fit", t_fit, 0, 0},
    {"policy", t_policy, 0, 0},
    {"opt_boost", t_opt_boost, 0, 0},
    {"opt_ibuf_on", t_opt_ibuf_on, 0, 0},
    {"opt_ibuf_off", t_opt_ibuf_off, 0, 0},
    {"opt_bar_on", t_opt_bar_on, 0, 0},
    {"opt_bar_off", t_opt_bar_off, 0, 0},
    {"opt_ld_on", t_opt_ld_on, 0, 0},
    {"opt_ld_off", t_opt_ld_off, 0, 0},
    {"latency", t_latency, 0, 0},
    {"victim_exit", t_victim_exit, 0, 0},
    {"errors", t_errors, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_warp_preempt_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
