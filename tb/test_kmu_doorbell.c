/* test_kmu_doorbell.c - lockstep and directed tests of kmu_doorbell (rtl/frontend/kmu_doorbell.v).
 * Expected values come from the block's specification (docs/blocks/kmu_doorbell.md,
 * docs/frontend-interfaces.md section 4); cause and error codes are the register map's
 * (cmodel/include/kmu_regmap.h, generated from regmap/kmu.rdl).  The random test's scoreboard
 * keeps its own counts and round-robin pointer and checks conservation: every doorbell taken
 * is one launch handshake, one refusal, or still waiting, and nothing waits after a drain. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_doorbell.h"
#include "kmu_regmap.h"
#include "kmu_tb.h"

#ifndef P_PEND_W
#define P_PEND_W 8
#endif
static const kmu_doorbell_params params = {P_ENTRIES, P_PEND_W};
#define KMU_CUR_IN kmu_doorbell_in
#define KMU_CUR_OUT kmu_doorbell_out
KMU_BLOCK(kmu_doorbell, KMU_DOORBELL_IN, KMU_DOORBELL_OUT, &params)

#define NDB 1024u /* doorbells in the window: a 10-bit index */
#define E P_ENTRIES
#define CFULL ((1u << P_PEND_W) - 1u) /* a full pending count */
#define ALLV ((E >= 64) ? ~0ull : ((1ull << E) - 1ull))
#define DRAIN_CYCLES (E * CFULL + 100u) /* enough to empty every count at one per cycle */

/* ---- random: stall phases, held unregisters, random EKT verdicts and registrations ---- */
typedef struct {
  kmu_rng rng;
  uint64_t cycles;
  unsigned valid_pct, known_pct, err_pct, unreg_pct, hot;
  unsigned phase_left, ready_pct;
  uint64_t ekt_valid; /* the test's EKT: registered entries */
  /* independent expectation: counts, round-robin pointer, last-error register */
  unsigned cnt[64], ptr, exp_idx, exp_cause;
  uint64_t rung, unknown, unreg, full, launched, launched_ok, ekt_refused, max_cnt, holds;
  const char *test;
} rnd_ctx;

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  uint64_t cycles = x->cycles;
  const char *t = x->test;
  memset(x, 0, sizeof *x);
  x->cycles = cycles;
  x->test = t;
  kmu_rng_seed(&x->rng, seed);
  /* each seed its own mix: idle to saturated doorbells, mostly known to mostly unknown, a few
   * entries hot or all alike */
  x->valid_pct = 10 + (unsigned)kmu_rng_below(&x->rng, 91);
  x->known_pct = 30 + (unsigned)kmu_rng_below(&x->rng, 71);
  x->err_pct = (unsigned)kmu_rng_below(&x->rng, 40);
  x->unreg_pct = 1 + (unsigned)kmu_rng_below(&x->rng, 10);
  x->hot = 1 + (unsigned)kmu_rng_below(&x->rng, E);
  x->ekt_valid = kmu_rng_next(&x->rng) & ALLV;
  x->exp_cause = KMU_DB_CAUSE_NONE;
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  kmu_doorbell_in *i = in;
  (void)pi, (void)po;
  int drain = cyc + DRAIN_CYCLES >= x->cycles; /* the end: no doorbells, the EKT takes all */
  if (x->phase_left == 0) {
    /* the back end stalls (a full pending FIFO downstream) or flows, for a drawn time */
    x->phase_left = 20 + (unsigned)kmu_rng_below(&x->rng, 3000);
    unsigned r = (unsigned)kmu_rng_below(&x->rng, 3);
    x->ready_pct = r == 0 ? 0 : r == 1 ? (unsigned)kmu_rng_below(&x->rng, 20) : 50 + (unsigned)kmu_rng_below(&x->rng, 51);
  }
  x->phase_left--;
  /* the EKT registers a free entry now and then */
  if (kmu_rng_pct(&x->rng, 1)) x->ekt_valid |= 1ull << kmu_rng_below(&x->rng, E);
  i->valid_i = x->ekt_valid;
  i->db_valid_i = !drain && kmu_rng_pct(&x->rng, x->valid_pct);
  if (E < NDB && !kmu_rng_pct(&x->rng, x->known_pct))
    i->db_idx_i = E + kmu_rng_below(&x->rng, NDB - E);
  else
    i->db_idx_i = kmu_rng_below(&x->rng, x->hot);
  i->launch_ready_i = drain || kmu_rng_pct(&x->rng, x->ready_pct);
  /* the EKT's verdict; 3 is not a defined code and must change nothing */
  i->launch_err_i = kmu_rng_pct(&x->rng, x->err_pct) ? 1 + kmu_rng_below(&x->rng, 3) : 0;
  /* kmu_csr sends one bus request per cycle: never a doorbell and an unregister together */
  i->unreg_valid_i = !drain && !i->db_valid_i && kmu_rng_pct(&x->rng, x->unreg_pct);
  i->unreg_id_i = kmu_rng_below(&x->rng, 1u << (E > 1 ? 32 - __builtin_clz(E - 1) : 1));
  /* the EKT's unregister code: NOT_REGISTERED for a free entry, else OK or (in flight) BUSY */
  if (i->unreg_id_i >= E || !((x->ekt_valid >> i->unreg_id_i) & 1))
    i->unreg_code_i = KMU_UNREG_CODE_NOT_REGISTERED;
  else
    i->unreg_code_i = kmu_rng_pct(&x->rng, 30) ? KMU_UNREG_CODE_BUSY : KMU_UNREG_CODE_OK;
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_doorbell_in *i = ip;
  const kmu_doorbell_out *o = op;
  const char *t = x->test;
  int ok = 1;
  /* the specification, from the test's own counts */
  int any = 0;
  for (unsigned e = 0; e < E; e++) any |= x->cnt[e] != 0;
  unsigned g = 0; /* round robin: the first non-zero count at or after ptr */
  for (unsigned k = 0; k < E; k++) {
    unsigned e = (x->ptr + k) % E;
    if (x->cnt[e]) {
      g = e;
      break;
    }
  }
  unsigned idx = (unsigned)i->db_idx_i;
  int known = i->db_valid_i && idx < E;
  int r_valid = known && ((x->ekt_valid >> idx) & 1);
  int r_full = r_valid && x->cnt[idx] == CFULL;
  int ring_ok = r_valid && !r_full;
  int hold = i->unreg_id_i < E && x->cnt[i->unreg_id_i] != 0;
  ok &= KMU_EXPECT_EQ(t, cyc, "db_ready_o: a doorbell never waits", 1, o->db_ready_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "launch_valid_o", any || ring_ok, o->launch_valid_o);
  if (any || ring_ok)
    ok &= KMU_EXPECT_EQ(t, cyc, "launch_id_o (grant, else the doorbell)", any ? g : idx,
                        o->launch_id_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_unknown_o", i->db_valid_i && idx >= E, o->err_unknown_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_unreg_o", known && !r_valid, o->err_unreg_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_full_o", r_full, o->err_full_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "pending_o", any, o->pending_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "unreg_valid_o", i->unreg_valid_i && !hold, o->unreg_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "unreg_code_o", hold ? KMU_UNREG_CODE_BUSY : i->unreg_code_i,
                      o->unreg_code_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "last_err_idx_o", x->exp_idx, o->last_err_idx_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "last_err_cause_o", x->exp_cause, o->last_err_cause_o);
  if (hold && i->unreg_valid_i) x->holds++;
  /* the edge */
  if (i->db_valid_i) x->rung++;
  int fire = (any || ring_ok) && i->launch_ready_i;
  unsigned lid = any ? g : idx;
  if (fire) {
    x->launched++;
    if (i->launch_err_i == KMU_LAUNCH_ERR_OK) x->launched_ok++;
  }
  if (i->db_valid_i && idx >= E) {
    x->unknown++;
    x->exp_idx = idx, x->exp_cause = KMU_DB_CAUSE_UNKNOWN;
  } else if (known && !r_valid) {
    x->unreg++;
    x->exp_idx = idx, x->exp_cause = KMU_DB_CAUSE_UNREGISTERED;
  } else if (r_full) {
    x->full++;
    x->exp_idx = idx, x->exp_cause = KMU_DB_CAUSE_INFLIGHT;
  } else if (fire && (i->launch_err_i == KMU_LAUNCH_ERR_UNREGISTERED ||
                      i->launch_err_i == KMU_LAUNCH_ERR_INFLIGHT)) {
    x->exp_idx = lid;
    x->exp_cause = i->launch_err_i == KMU_LAUNCH_ERR_UNREGISTERED ? KMU_DB_CAUSE_UNREGISTERED
                                                                   : KMU_DB_CAUSE_INFLIGHT;
  }
  if (fire && i->launch_err_i != KMU_LAUNCH_ERR_OK) x->ekt_refused++;
  if (ring_ok && !(!any && i->launch_ready_i)) x->cnt[idx]++; /* waits */
  if (any && i->launch_ready_i) {                             /* the drain */
    x->cnt[g]--;
    x->ptr = (g + 1) % E;
  }
  for (unsigned e = 0; e < E; e++)
    if (x->cnt[e] > x->max_cnt) x->max_cnt = x->cnt[e];
  /* the EKT frees an entry the unregister reached with OK */
  if (o->unreg_valid_o && i->unreg_code_i == KMU_UNREG_CODE_OK)
    x->ekt_valid &= ~(1ull << i->unreg_id_i);
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  uint64_t waiting = 0;
  for (unsigned e = 0; e < E; e++) waiting += x->cnt[e];
  /* conservation: every doorbell taken is one launch handshake or one refusal here; after the
   * drain nothing waits */
  int ok = KMU_EXPECT_EQ(t, 0, "nothing waits after the drain", 0, waiting);
  ok &= KMU_EXPECT_EQ(t, 0, "rung == launched + unknown + unregistered + full", x->rung,
                      x->launched + x->unknown + x->unreg + x->full);
  ok &= kmu_expect(x->launched_ok > 0, t, 0, "some launches went through", 1, 0);
  ok &= kmu_expect(x->max_cnt > 1, t, 0, "doorbells waited in a count", 1, 0);
  ok &= kmu_expect(x->unreg > 0, t, 0, "some doorbells of unregistered entries", 1, 0);
  if (E < NDB) ok &= kmu_expect(x->unknown > 0, t, 0, "some unknown doorbells", 1, 0);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  rnd_ctx x;
  x.test = test;
  x.cycles = cycles;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep_mid_reset(&kmu_doorbell_block, &s, test, seed, cycles);
}

/* ---- directed: one cycle per step, the inputs and the outputs the specification demands ---- */
#define MAX_STEPS 1200
#define MAX_EXP 10
typedef struct {
  kmu_doorbell_in in;
  unsigned n_exp;
  kmu_dexp exp[MAX_EXP];
  const char *what;
} dstep;
typedef struct {
  const char *test;
  dstep s[MAX_STEPS];
  unsigned n, pc;
} dprog;
static dstep *st(dprog *p, const char *what) {
  dstep *s = &p->s[p->n++];
  memset(s, 0, sizeof *s);
  s->what = what;
  s->in.valid_i = ALLV; /* every entry registered unless the step says otherwise */
  return s;
}
#define EXP(s, f, v) \
  kmu_dexp_add((s)->exp, &(s)->n_exp, MAX_EXP, #f, offsetof(kmu_doorbell_out, f), (uint64_t)(v))
KMU_DPROG_RUNNER(kmu_doorbell, dprog, MAX_STEPS + 1, KMU_DPROG_NO_HOOK)
static dprog prog;
static dprog *prog_new(const char *test) {
  memset(&prog, 0, sizeof prog);
  prog.test = test;
  return &prog;
}
static dstep *ring(dprog *p, unsigned idx, unsigned ready, const char *what) {
  dstep *s = st(p, what);
  s->in.db_valid_i = 1;
  s->in.db_idx_i = idx;
  s->in.launch_ready_i = ready;
  EXP(s, db_ready_o, 1);
  return s;
}

#define U1 KMU_DB_CAUSE_UNKNOWN
#define UR KMU_DB_CAUSE_UNREGISTERED
#define IF KMU_DB_CAUSE_INFLIGHT
#define LU KMU_LAUNCH_ERR_UNREGISTERED
#define LI KMU_LAUNCH_ERR_INFLIGHT

/* unknown index (>= ENTRIES) and unregistered entry: taken at once even with the EKT stalled,
 * reported, not launched, not counted; the last-error register shows them from the next cycle */
static int t_refuse(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = prog_new(test);
  dstep *s = st(p, "idle after reset, nothing refused");
  EXP(s, launch_valid_o, 0), EXP(s, pending_o, 0), EXP(s, last_err_cause_o, KMU_DB_CAUSE_NONE);
  if (E < NDB) {
    s = ring(p, E, 0, "index ENTRIES is unknown, EKT stalled");
    EXP(s, launch_valid_o, 0), EXP(s, err_unknown_o, 1), EXP(s, err_unreg_o, 0);
    s = ring(p, 1023, 1, "index 1023 is unknown");
    EXP(s, err_unknown_o, 1), EXP(s, last_err_idx_o, E), EXP(s, last_err_cause_o, U1);
    s = st(p, "last error = 1023, unknown; nothing waits");
    EXP(s, last_err_idx_o, 1023), EXP(s, last_err_cause_o, U1), EXP(s, pending_o, 0);
  }
  s = ring(p, E - 1, 0, "entry ENTRIES-1 not registered, EKT stalled");
  s->in.valid_i = ALLV & ~(1ull << (E - 1));
  EXP(s, launch_valid_o, 0), EXP(s, err_unreg_o, 1), EXP(s, err_unknown_o, 0);
  s = st(p, "last error = ENTRIES-1, unregistered; nothing waits");
  EXP(s, last_err_idx_o, E - 1), EXP(s, last_err_cause_o, UR), EXP(s, pending_o, 0);
  s = ring(p, E - 1, 1, "registered now: straight to the EKT");
  EXP(s, launch_valid_o, 1), EXP(s, launch_id_o, E - 1), EXP(s, err_unreg_o, 0);
  s = st(p, "nothing waits");
  EXP(s, pending_o, 0), EXP(s, launch_valid_o, 0);
  return d_run(p);
}

/* the EKT refuses a drained (or a passed) doorbell: last error = the launch's entry */
static int t_launch_err(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = prog_new(test);
  dstep *s = ring(p, 0, 1, "doorbell 0 to the EKT: in-flight limit");
  s->in.launch_err_i = LI;
  EXP(s, launch_valid_o, 1), EXP(s, launch_id_o, 0);
  s = st(p, "last error = 0, in-flight");
  EXP(s, last_err_idx_o, 0), EXP(s, last_err_cause_o, IF);
  s = ring(p, E - 1, 0, "EKT stalled: doorbell ENTRIES-1 waits");
  s->in.launch_err_i = LU;
  EXP(s, launch_valid_o, 1), EXP(s, pending_o, 0);
  s = st(p, "drained, EKT: unregistered (not qualified before: no change then)");
  s->in.launch_ready_i = 1, s->in.launch_err_i = LU;
  EXP(s, launch_valid_o, 1), EXP(s, launch_id_o, E - 1), EXP(s, pending_o, 1);
  EXP(s, last_err_idx_o, 0), EXP(s, last_err_cause_o, IF);
  s = st(p, "last error = ENTRIES-1, unregistered");
  s->in.launch_ready_i = 1, s->in.launch_err_i = LI;
  EXP(s, last_err_idx_o, E - 1), EXP(s, last_err_cause_o, UR), EXP(s, launch_valid_o, 0);
  s = ring(p, 0, 1, "OK and the undefined code 3 change nothing");
  s->in.launch_err_i = 3;
  s = st(p, "no change");
  EXP(s, last_err_idx_o, E - 1), EXP(s, last_err_cause_o, UR);
  return d_run(p);
}

/* the back end stalls for N cycles: every doorbell is taken at once and counted; released,
 * the counts drain one per cycle in round-robin order, exactly as many as were rung */
static int t_stall(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = prog_new(test);
  unsigned a = 0, b = E > 1 ? E - 1 : 0, na = CFULL < 3 ? CFULL : 3, nb = E > 1 ? 2 : 0;
  if (E == 1) na = CFULL < 3 ? CFULL : 3;
  dstep *s;
  for (unsigned k = 0; k < na; k++) {
    s = ring(p, a, 0, "EKT stalled: doorbell a taken, waits");
    EXP(s, launch_valid_o, 1), EXP(s, launch_id_o, a), EXP(s, err_full_o, 0);
    EXP(s, pending_o, k > 0);
  }
  for (unsigned k = 0; k < nb; k++) {
    s = ring(p, b, 0, "EKT stalled: doorbell b taken, waits; the grant stays on a");
    EXP(s, launch_valid_o, 1), EXP(s, launch_id_o, a), EXP(s, pending_o, 1);
  }
  for (unsigned k = 0; k < 50; k++) {
    s = st(p, "stalled: nothing is lost, the offer stays");
    EXP(s, launch_valid_o, 1), EXP(s, launch_id_o, a), EXP(s, pending_o, 1);
  }
  /* released: round robin from entry 0: a, b, a, b, a ... */
  unsigned ra = na, rb = nb, last = E; /* E: none yet */
  while (ra + rb) {
    unsigned g;
    if (last == E || last == b) g = ra ? a : b;
    else g = rb ? b : a;
    if (E == 1) g = a;
    s = st(p, "released: one drained per cycle, round robin");
    s->in.launch_ready_i = 1;
    EXP(s, launch_valid_o, 1), EXP(s, launch_id_o, g), EXP(s, pending_o, 1);
    if (g == a) ra--;
    else rb--;
    last = g;
  }
  s = st(p, "drained exactly: nothing waits, nothing offered");
  s->in.launch_ready_i = 1;
  EXP(s, launch_valid_o, 0), EXP(s, pending_o, 0);
  /* a ring while a count drains goes behind it (ring order within an entry) */
  s = ring(p, a, 0, "stalled: one waits");
  s = ring(p, a, 1, "drain and ring of one entry: the count stays 1");
  EXP(s, launch_valid_o, 1), EXP(s, launch_id_o, a), EXP(s, pending_o, 1);
  s = st(p, "the second is offered");
  EXP(s, launch_valid_o, 1), EXP(s, launch_id_o, a), EXP(s, pending_o, 1);
  s = st(p, "taken");
  s->in.launch_ready_i = 1;
  EXP(s, launch_valid_o, 1), EXP(s, pending_o, 1);
  s = st(p, "empty");
  EXP(s, launch_valid_o, 0), EXP(s, pending_o, 0);
  return d_run(p);
}

/* a full count refuses the next doorbell of its entry (cause INFLIGHT), takes it, launches
 * nothing; the other entries still wait; the count drains exactly 2^PEND_W - 1 */
static int t_overflow(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = prog_new(test);
  unsigned a = E > 2 ? 2 : 0;
  dstep *s;
  for (unsigned k = 0; k < CFULL; k++) {
    s = ring(p, a, 0, "stalled: fills the count");
    EXP(s, err_full_o, 0);
  }
  s = ring(p, a, 0, "count full: refused");
  EXP(s, err_full_o, 1), EXP(s, err_unreg_o, 0), EXP(s, err_unknown_o, 0);
  s = ring(p, a, 0, "still full: refused again");
  EXP(s, err_full_o, 1), EXP(s, last_err_idx_o, a), EXP(s, last_err_cause_o, IF);
  for (unsigned k = 0; k < CFULL; k++) {
    s = st(p, "drains");
    s->in.launch_ready_i = 1;
    EXP(s, launch_valid_o, 1), EXP(s, launch_id_o, a), EXP(s, pending_o, 1);
  }
  s = st(p, "exactly 2^PEND_W - 1 launched");
  s->in.launch_ready_i = 1;
  EXP(s, launch_valid_o, 0), EXP(s, pending_o, 0);
  return d_run(p);
}

/* an unregister of an entry with doorbells waiting: BUSY, not passed to the EKT; once drained,
 * the EKT's code passes */
static int t_unreg_hold(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = prog_new(test);
  unsigned a = E > 1 ? 1 : 0;
  dstep *s = ring(p, a, 0, "stalled: waits");
  s = st(p, "unregister a: held BUSY, the EKT's OK overridden");
  s->in.unreg_valid_i = 1, s->in.unreg_id_i = a, s->in.unreg_code_i = KMU_UNREG_CODE_OK;
  EXP(s, unreg_valid_o, 0), EXP(s, unreg_code_o, KMU_UNREG_CODE_BUSY), EXP(s, pending_o, 1);
  if (E > 1) {
    s = st(p, "unregister of another entry passes with the EKT's code");
    s->in.unreg_valid_i = 1, s->in.unreg_id_i = 0;
    s->in.unreg_code_i = KMU_UNREG_CODE_NOT_REGISTERED;
    EXP(s, unreg_valid_o, 1), EXP(s, unreg_code_o, KMU_UNREG_CODE_NOT_REGISTERED);
  }
  s = st(p, "drain in the same cycle: still BUSY (the count before the edge)");
  s->in.launch_ready_i = 1;
  s->in.unreg_valid_i = 1, s->in.unreg_id_i = a, s->in.unreg_code_i = KMU_UNREG_CODE_OK;
  EXP(s, unreg_valid_o, 0), EXP(s, unreg_code_o, KMU_UNREG_CODE_BUSY);
  s = st(p, "drained: passes, OK");
  s->in.unreg_valid_i = 1, s->in.unreg_id_i = a, s->in.unreg_code_i = KMU_UNREG_CODE_OK;
  EXP(s, unreg_valid_o, 1), EXP(s, unreg_code_o, KMU_UNREG_CODE_OK), EXP(s, pending_o, 0);
  return d_run(p);
}

static const kmu_test tests[] = {
    {"refuse", t_refuse, 0, 0},         {"launch_err", t_launch_err, 0, 0},
    {"stall", t_stall, 0, 0},           {"overflow", t_overflow, 0, 0},
    {"unreg_hold", t_unreg_hold, 0, 0}, {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_doorbell_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
