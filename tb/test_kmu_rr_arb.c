/* test_kmu_rr_arb.c - lockstep and directed tests of kmu_rr_arb (rtl/common/kmu_rr_arb.v). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_rr_arb.h"
#include "kmu_tb.h"

#define N P_N
static const kmu_rr_arb_params params = {N};
#define KMU_CUR_IN kmu_rr_arb_in
#define KMU_CUR_OUT kmu_rr_arb_out
KMU_BLOCK(kmu_rr_arb, KMU_RR_ARB_IN, KMU_RR_ARB_OUT, &params)

/* The grant the specification asks for: the first requester at or after `ptr`, wrapping. */
static int spec_grant(uint64_t req, unsigned ptr, unsigned *idx) {
  for (unsigned k = 0; k < N; k++) {
    unsigned j = (ptr + k) % N;
    if ((req >> j) & 1) {
      *idx = j;
      return 1;
    }
  }
  *idx = 0;
  return 0;
}

/* Checks every cycle, in every test: the grant is one of the requesters, one-hot, gnt_idx_o
 * names it, gnt_valid_o = (req != 0), and the reference pointer predicts it. */
typedef struct {
  const char *test;
  unsigned ptr;           /* reference pointer, moved on ack by the specification's rule */
  unsigned wait[N];       /* acks that went to others while index i kept requesting */
  uint64_t grants[N];     /* acked grants per index */
} sb;

static int sb_check(sb *s, uint64_t cyc, const kmu_rr_arb_in *i, const kmu_rr_arb_out *o) {
  const char *t = s->test;
  uint64_t req = i->req_i & kmu_mask(N);
  unsigned idx;
  int valid = spec_grant(req, s->ptr, &idx);
  int ok = 1;
  ok &= KMU_EXPECT_EQ(t, cyc, "gnt_valid_o = (req_i != 0)", req != 0, o->gnt_valid_o);
  if (o->gnt_valid_o) {
    ok &= KMU_EXPECT_EQ(t, cyc, "gnt_o one-hot", 0, o->gnt_o & (o->gnt_o - 1));
    ok &= KMU_EXPECT_EQ(t, cyc, "gnt_o is a requester", o->gnt_o, o->gnt_o & req);
    ok &= KMU_EXPECT_EQ(t, cyc, "gnt_idx_o < N", 1, o->gnt_idx_o < N);
    ok &= KMU_EXPECT_EQ(t, cyc, "gnt_o = 1 << gnt_idx_o", 1ull << (o->gnt_idx_o & 63), o->gnt_o);
  } else {
    ok &= KMU_EXPECT_EQ(t, cyc, "gnt_o without request", 0, o->gnt_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "gnt_idx_o without request", 0, o->gnt_idx_o);
  }
  ok &= KMU_EXPECT_EQ(t, cyc, "round-robin grant from the reference pointer", idx, o->gnt_idx_o);
  int fire = i->ack_i && valid;
  for (unsigned k = 0; k < N; k++) {
    if (!((req >> k) & 1)) {
      s->wait[k] = 0;
    } else if (fire && idx != k) {
      s->wait[k]++;
      /* fairness: at most N-1 acks go to others before a steady requester is served */
      ok &= kmu_expect(s->wait[k] <= N - 1, t, cyc, "fairness: acks to others while waiting",
                       N - 1, s->wait[k]);
    }
  }
  if (fire) {
    s->wait[idx] = 0;
    s->grants[idx]++;
    s->ptr = (idx + 1) % N;
  }
  return ok;
}

/* ---- random lockstep ---- */
typedef struct {
  sb s;
  kmu_rng rng;
  unsigned req_pct[N]; /* per requester */
  unsigned sticky;     /* bit i: requester i holds its request until it is acked */
  unsigned ack_pct;
  uint64_t next_mix;   /* cycle of the next traffic-mix change */
} rnd_ctx;

static void new_mix(rnd_ctx *x, uint64_t cyc) {
  for (unsigned k = 0; k < N; k++) x->req_pct[k] = (unsigned)kmu_rng_below(&x->rng, 101);
  x->sticky = (unsigned)kmu_rng_bits(&x->rng, N);
  x->ack_pct = 5 + (unsigned)kmu_rng_below(&x->rng, 96);
  x->next_mix = cyc + 200 + kmu_rng_below(&x->rng, 5000);
}

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->s.test;
  memset(x, 0, sizeof *x);
  x->s.test = t;
  kmu_rng_seed(&x->rng, seed);
  new_mix(x, 0);
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  const kmu_rr_arb_in *p = pi;
  const kmu_rr_arb_out *o = po;
  kmu_rr_arb_in *i = in;
  if (cyc == x->next_mix) new_mix(x, cyc);
  uint64_t req = 0;
  for (unsigned k = 0; k < N; k++) {
    int had = (p->req_i >> k) & 1;
    int served = p->ack_i && o->gnt_valid_o && o->gnt_idx_o == k;
    if (((x->sticky >> k) & 1) && had && !served)
      req |= 1ull << k; /* a sticky requester keeps asking until it is served */
    else
      req |= (uint64_t)kmu_rng_pct(&x->rng, x->req_pct[k]) << k;
  }
  i->req_i = req;
  i->ack_i = kmu_rng_pct(&x->rng, x->ack_pct);
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  return sb_check(&x->s, cyc, ip, op);
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  int ok = 1;
  /* every index requested at some point of a long run, so every index must have been served */
  for (unsigned k = 0; k < N; k++)
    ok &= kmu_expect(x->s.grants[k] > 0, x->s.test, k, "acked grants of index (cycle=index)", 1,
                     x->s.grants[k]);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  rnd_ctx x;
  x.s.test = test;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep_mid_reset(&kmu_rr_arb_block, &s, test, seed, cycles);
}

/* ---- directed: the rotation order, written from the specification ---- */
typedef struct {
  uint64_t req;
  int ack, valid;
  unsigned idx;
} step;

#define MAX_STEPS (2 * N + 32)
typedef struct {
  sb s;
  step st[MAX_STEPS];
  unsigned n, checked;
} dir_ctx;

static void add(dir_ctx *x, uint64_t req, int ack, int valid, unsigned idx) {
  x->st[x->n++] = (step){req & kmu_mask(N), ack, valid, idx};
}

static void rot_init(void *c, uint64_t seed) {
  dir_ctx *x = c;
  const char *t = x->s.test;
  (void)seed;
  memset(x, 0, sizeof *x);
  x->s.test = t;
  const uint64_t all = kmu_mask(N);
  /* everyone requests, every grant used: 0, 1, ..., N-1, 0, ... (pointer ends at 0) */
  for (unsigned k = 0; k < 2 * N; k++) add(x, all, 1, 1, k % N);
  /* no ack: the grant stays where it is */
  for (unsigned k = 0; k < 3; k++) add(x, all, 0, 1, 0);
  /* an ack without a request changes nothing */
  add(x, 0, 1, 0, 0);
  add(x, all, 0, 1, 0);
  /* the last index alone; its ack wraps the pointer to 0 */
  add(x, 1ull << (N - 1), 1, 1, N - 1);
  add(x, all, 1, 1, 0); /* pointer now 1 (mod N) */
  /* only index 0 requests: the search wraps past N-1 to find it; no ack */
  add(x, 1, 0, 1, 0);
  add(x, all, 0, 1, 1 % N);
  /* indices 0 and N-1 alternate from pointer 1 */
  for (unsigned k = 0; k < 4; k++) add(x, 1 | (1ull << (N - 1)), 1, 1, (k & 1) ? 0 : N - 1);
}

static int rot_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  dir_ctx *x = c;
  kmu_rr_arb_in *i = in;
  (void)pi, (void)po;
  if (cyc >= x->n) return 0;
  i->req_i = x->st[cyc].req;
  i->ack_i = (uint64_t)x->st[cyc].ack;
  return 1;
}

static int rot_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  dir_ctx *x = c;
  const kmu_rr_arb_out *o = op;
  const step *e = &x->st[cyc];
  int ok = 1;
  x->checked++;
  ok &= KMU_EXPECT_EQ(x->s.test, cyc, "gnt_valid_o (directed)", e->valid, o->gnt_valid_o);
  ok &= KMU_EXPECT_EQ(x->s.test, cyc, "gnt_idx_o (directed)", e->idx, o->gnt_idx_o);
  ok &= KMU_EXPECT_EQ(x->s.test, cyc, "gnt_o (directed)", e->valid ? 1ull << e->idx : 0, o->gnt_o);
  return ok && sb_check(&x->s, cyc, ip, op);
}

static int rot_finish(void *c) {
  dir_ctx *x = c;
  return KMU_EXPECT_EQ(x->s.test, 0, "every directed step ran", x->n, x->checked);
}

static int t_rotation(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  dir_ctx x;
  x.s.test = test;
  kmu_stim s = {&x, rot_init, rot_drive, rot_check, rot_finish};
  return kmu_lockstep(&kmu_rr_arb_block, &s, test, seed, 1000);
}

static const kmu_test tests[] = {
    {"rotation", t_rotation, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_rr_arb_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
