/* test_kmu_doorbell.c - lockstep and directed tests of kmu_doorbell (rtl/frontend/kmu_doorbell.v).
 * Expected values come from docs/frontend-interfaces.md section 4; cause and error codes are
 * the register map's (cmodel/include/kmu_regmap.h, generated from regmap/kmu.rdl). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_doorbell.h"
#include "kmu_regmap.h"
#include "kmu_tb.h"

static const kmu_doorbell_params params = {P_ENTRIES};
#define KMU_CUR_IN kmu_doorbell_in
#define KMU_CUR_OUT kmu_doorbell_out
KMU_BLOCK(kmu_doorbell, KMU_DOORBELL_IN, KMU_DOORBELL_OUT, &params)

#define NDB 1024u /* doorbells in the window: a 10-bit index */

/* ---- random: held doorbells, random EKT back-pressure and verdicts ---- */
typedef struct {
  kmu_rng rng;
  unsigned valid_pct, known_pct, ready_pct, err_pct;
  /* independent expectation of the last-error register */
  unsigned exp_idx, exp_cause;
  uint64_t accepted, launched, launched_ok, unknown, refused;
  const char *test;
} rnd_ctx;

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  memset(x, 0, sizeof *x);
  kmu_rng_seed(&x->rng, seed);
  /* each seed its own mix: idle to saturated doorbells, mostly known to mostly unknown */
  x->valid_pct = 10 + (unsigned)kmu_rng_below(&x->rng, 91);
  x->known_pct = 30 + (unsigned)kmu_rng_below(&x->rng, 71);
  x->ready_pct = 5 + (unsigned)kmu_rng_below(&x->rng, 96);
  x->err_pct = (unsigned)kmu_rng_below(&x->rng, 60);
  x->exp_cause = KMU_DB_CAUSE_NONE;
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  const kmu_doorbell_in *p = pi;
  const kmu_doorbell_out *o = po;
  kmu_doorbell_in *i = in;
  /* a producer holds valid and index until the doorbell is taken */
  int held = cyc > 0 && p->db_valid_i && !o->db_ready_o;
  if (!held) {
    i->db_valid_i = kmu_rng_pct(&x->rng, x->valid_pct);
    if (P_ENTRIES < NDB && !kmu_rng_pct(&x->rng, x->known_pct))
      i->db_idx_i = P_ENTRIES + kmu_rng_below(&x->rng, NDB - P_ENTRIES);
    else
      i->db_idx_i = kmu_rng_below(&x->rng, P_ENTRIES < NDB ? P_ENTRIES : NDB);
  }
  i->launch_ready_i = kmu_rng_pct(&x->rng, x->ready_pct);
  /* the EKT's verdict; 3 is not a defined code and must change nothing */
  i->launch_err_i = kmu_rng_pct(&x->rng, x->err_pct) ? 1 + kmu_rng_below(&x->rng, 3) : 0;
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_doorbell_in *i = ip;
  const kmu_doorbell_out *o = op;
  const char *t = x->test;
  int known = i->db_idx_i < P_ENTRIES;
  int ok = 1;
  ok &= KMU_EXPECT_EQ(t, cyc, "db_ready_o (unknown ? 1 : launch_ready_i)",
                      known ? i->launch_ready_i : 1, o->db_ready_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "launch_valid_o", i->db_valid_i && known, o->launch_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_unknown_o", i->db_valid_i && !known, o->err_unknown_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "last_err_idx_o", x->exp_idx, o->last_err_idx_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "last_err_cause_o", x->exp_cause, o->last_err_cause_o);
  if (o->launch_valid_o)
    ok &= KMU_EXPECT_EQ(t, cyc, "launch_id_o = doorbell index", i->db_idx_i, o->launch_id_o);
  if (i->db_valid_i && o->db_ready_o) {
    x->accepted++;
    if (!known) {
      x->unknown++;
      x->exp_idx = (unsigned)i->db_idx_i;
      x->exp_cause = KMU_DB_CAUSE_UNKNOWN;
    }
  }
  if (o->launch_valid_o && i->launch_ready_i) {
    x->launched++;
    if (i->launch_err_i == KMU_LAUNCH_ERR_UNREGISTERED ||
        i->launch_err_i == KMU_LAUNCH_ERR_INFLIGHT) {
      x->refused++;
      x->exp_idx = (unsigned)i->db_idx_i;
      x->exp_cause = i->launch_err_i == KMU_LAUNCH_ERR_UNREGISTERED ? KMU_DB_CAUSE_UNREGISTERED
                                                                     : KMU_DB_CAUSE_INFLIGHT;
    } else if (i->launch_err_i == KMU_LAUNCH_ERR_OK) {
      x->launched_ok++;
    }
  }
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  /* conservation: every doorbell taken became exactly one launch or one unknown-refusal */
  int ok = KMU_EXPECT_EQ(x->test, 0, "accepted == launched + unknown", x->accepted,
                         x->launched + x->unknown);
  ok &= kmu_expect(x->launched_ok > 0, x->test, 0, "some launches went through", 1, 0);
  if (P_ENTRIES < NDB) ok &= kmu_expect(x->unknown > 0, x->test, 0, "some unknown doorbells", 1, 0);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  rnd_ctx x;
  x.test = test;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep_mid_reset(&kmu_doorbell_block, &s, test, seed, cycles);
}

/* ---- directed: a table of cycles, inputs and the outputs the specification demands ---- */
typedef struct {
  unsigned valid, idx, ready, err;                    /* inputs */
  unsigned db_ready, launch_valid, err_unknown;       /* expected, this cycle */
  unsigned last_idx, last_cause;                      /* expected register (before the edge) */
  const char *what;
} step;

typedef struct {
  const char *test;
  const step *s;
  unsigned n;
} dir_ctx;

static void dir_init(void *c, uint64_t seed) { (void)c, (void)seed; }

static int dir_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  dir_ctx *x = c;
  kmu_doorbell_in *i = in;
  (void)pi, (void)po;
  if (cyc >= x->n) return 0;
  i->db_valid_i = x->s[cyc].valid;
  i->db_idx_i = x->s[cyc].idx;
  i->launch_ready_i = x->s[cyc].ready;
  i->launch_err_i = x->s[cyc].err;
  return 1;
}

static int dir_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  dir_ctx *x = c;
  const kmu_doorbell_out *o = op;
  const step *e = &x->s[cyc];
  char w[160];
  int ok = 1;
  (void)ip;
#define DCHK(sig, val)                                        \
  snprintf(w, sizeof w, "%s: %s", e->what, #sig);             \
  ok &= KMU_EXPECT_EQ(x->test, cyc, w, (val), o->sig);
  DCHK(db_ready_o, e->db_ready);
  DCHK(launch_valid_o, e->launch_valid);
  DCHK(err_unknown_o, e->err_unknown);
  DCHK(last_err_idx_o, e->last_idx);
  DCHK(last_err_cause_o, e->last_cause);
  if (e->launch_valid) {
    DCHK(launch_id_o, e->idx);
  }
#undef DCHK
  return ok;
}

static int run_steps(const char *test, const step *s, unsigned n) {
  dir_ctx x = {test, s, n};
  kmu_stim st = {&x, dir_init, dir_drive, dir_check, NULL};
  return kmu_lockstep(&kmu_doorbell_block, &st, test, 1, n + 1);
}

#define E P_ENTRIES
#define U1 KMU_DB_CAUSE_UNKNOWN
#define UR KMU_DB_CAUSE_UNREGISTERED
#define IF KMU_DB_CAUSE_INFLIGHT
#define LU KMU_LAUNCH_ERR_UNREGISTERED
#define LI KMU_LAUNCH_ERR_INFLIGHT

/* unknown index (>= ENTRIES): consumed at once even with the EKT stalled, reported, not
 * launched; the last-error register shows it from the next cycle */
static int t_unknown(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  const step s[] = {
      /* v  idx    rdy err  dbr lv  eu   last_idx last_cause */
      {0, 0, 0, 0, 0, 0, 0, 0, KMU_DB_CAUSE_NONE, "idle after reset, nothing refused"},
      {1, E, 0, 0, 1, 0, 1, 0, KMU_DB_CAUSE_NONE, "index ENTRIES is unknown, EKT stalled"},
      {0, 0, 0, 0, 0, 0, 0, E, U1, "last error = ENTRIES, unknown"},
      {1, 1023, 1, 0, 1, 0, 1, E, U1, "index 1023 is unknown"},
      {1, E - 1, 1, 0, 1, 1, 0, 1023, U1, "index ENTRIES-1 is known and launches"},
      {1, E + 1, 1, LU, 1, 0, 1, 1023, U1, "unknown: a launch_err_i is ignored"},
      {0, 0, 0, 0, 0, 0, 0, E + 1, U1, "last error = ENTRIES+1"},
      {0, E + 2, 0, 0, 1, 0, 0, E + 1, U1, "idle: db_ready_o=1 for an unknown idx, EKT stalled"},
  };
  if (E >= NDB) return 1; /* every doorbell is known */
  return run_steps(test, s, sizeof s / sizeof s[0]);
}

/* refusals reported by the EKT in the launch handshake */
static int t_launch_err(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  const step s[] = {
      {1, 0, 1, LU, 1, 1, 0, 0, KMU_DB_CAUSE_NONE, "doorbell 0 launched, EKT: unregistered"},
      {0, 0, 0, 0, 0, 0, 0, 0, UR, "last error = 0, unregistered"},
      {1, E - 1, 1, LI, 1, 1, 0, 0, UR, "doorbell ENTRIES-1, EKT: in-flight limit"},
      {1, 1, 0, LU, 0, 1, 0, E - 1, IF, "EKT stalled: the error code is not qualified"},
      {1, 1, 1, 0, 1, 1, 0, E - 1, IF, "doorbell 1 launched OK: no change"},
      {1, 1, 1, 3, 1, 1, 0, E - 1, IF, "undefined code 3: no change"},
      {1, 1, 1, LU, 1, 1, 0, E - 1, IF, "doorbell 1: unregistered"},
      {0, 0, 1, LI, 1, 0, 0, 1, UR, "no doorbell: launch_err_i ignored; last = 1, unregistered"},
      {0, 0, 0, 0, 0, 0, 0, 1, UR, "still 1, unregistered"},
  };
  return run_steps(test, s, sizeof s / sizeof s[0]);
}

/* back-pressure: a known doorbell waits for the EKT and db_ready_o follows launch_ready_i
 * in the same cycle */
static int t_backpressure(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  unsigned k = E > 3 ? 3 : 0;
  const step s[] = {
      {1, k, 0, 0, 0, 1, 0, 0, KMU_DB_CAUSE_NONE, "EKT stalls: db_ready_o=0, launch offered"},
      {1, k, 0, 0, 0, 1, 0, 0, KMU_DB_CAUSE_NONE, "still stalled"},
      {1, k, 0, LI, 0, 1, 0, 0, KMU_DB_CAUSE_NONE, "stalled, error code not qualified"},
      {1, k, 1, 0, 1, 1, 0, 0, KMU_DB_CAUSE_NONE, "EKT ready: taken"},
      {1, 0, 1, 0, 1, 1, 0, 0, KMU_DB_CAUSE_NONE, "back to back, doorbell 0"},
      {0, 0, 0, 0, 0, 0, 0, 0, KMU_DB_CAUSE_NONE, "idle: no error was recorded"},
  };
  return run_steps(test, s, sizeof s / sizeof s[0]);
}

static const kmu_test tests[] = {
    {"unknown", t_unknown, 0, 0},
    {"launch_err", t_launch_err, 0, 0},
    {"backpressure", t_backpressure, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_doorbell_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
