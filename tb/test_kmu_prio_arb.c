/* test_kmu_prio_arb.c - lockstep tests of kmu_prio_arb (rtl/common/kmu_prio_arb.v):
 * every request pattern for small N, then random patterns of seed-dependent density. */
#include <stdio.h>
#include <string.h>

#include "kmu_prio_arb.h"
#include "kmu_tb.h"

static const kmu_prio_arb_params params = {P_N};
#define KMU_CUR_IN kmu_prio_arb_in
#define KMU_CUR_OUT kmu_prio_arb_out
KMU_BLOCK(kmu_prio_arb, KMU_PRIO_ARB_IN, KMU_PRIO_ARB_OUT, &params)

#define EXH_BITS (P_N < 16 ? P_N : 16)

typedef struct {
  kmu_rng rng;
  const char *test;
  int exhaustive;
  unsigned density;
  uint64_t grants, idle, won;
} arb_ctx;

static void arb_init(void *c, uint64_t seed) {
  arb_ctx *x = c;
  int ex = x->exhaustive;
  const char *t = x->test;
  memset(x, 0, sizeof *x);
  x->exhaustive = ex;
  x->test = t;
  kmu_rng_seed(&x->rng, seed);
  x->density = (unsigned)kmu_rng_below(&x->rng, 4);
}

static int arb_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  arb_ctx *x = c;
  kmu_prio_arb_in *i = in;
  (void)pi, (void)po;
  if (x->exhaustive) {
    if (cyc >= (1ull << EXH_BITS)) return 0;
    i->req_i = cyc;
    return 1;
  }
  uint64_t v = kmu_rng_bits(&x->rng, P_N);
  for (unsigned k = 0; k < x->density; k++) v &= kmu_rng_bits(&x->rng, P_N);
  if (kmu_rng_pct(&x->rng, 5)) v = 0;
  if (kmu_rng_pct(&x->rng, 10)) v = 1ull << kmu_rng_below(&x->rng, P_N);
  i->req_i = v;
  return 1;
}

/* the spec: the lowest requester wins; one-hot grant; nothing granted without a request */
static int arb_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  arb_ctx *x = c;
  const kmu_prio_arb_in *i = ip;
  const kmu_prio_arb_out *o = op;
  uint64_t req = i->req_i & kmu_mask(P_N);
  uint64_t exp_gnt = req & (~req + 1); /* isolate the lowest set bit */
  unsigned exp_idx = 0;
  while (exp_gnt && !((exp_gnt >> exp_idx) & 1)) exp_idx++;
  int ok = KMU_EXPECT_EQ(x->test, cyc, "gnt_valid_o = |req_i", req != 0, o->gnt_valid_o);
  ok &= KMU_EXPECT_EQ(x->test, cyc, "gnt_o = lowest requester, one-hot", exp_gnt, o->gnt_o);
  ok &= KMU_EXPECT_EQ(x->test, cyc, "gnt_idx_o", exp_idx, o->gnt_idx_o);
  ok &= KMU_EXPECT_EQ(x->test, cyc, "grant only to a requester", 0, o->gnt_o & ~req);
  if (req) {
    x->grants++;
    x->won |= exp_gnt;
  } else {
    x->idle++;
  }
  return ok;
}

static int arb_finish(void *c) {
  arb_ctx *x = c;
  return KMU_EXPECT_EQ(x->test, 0, "every requester won", kmu_mask(P_N), x->won) &
         kmu_expect(x->idle > 0, x->test, 0, "cycles without request seen", 1, x->idle);
}

static int t_run(const char *test, uint64_t seed, uint64_t cycles, int exhaustive) {
  arb_ctx x;
  x.test = test;
  x.exhaustive = exhaustive;
  kmu_stim s = {&x, arb_init, arb_drive, arb_check, arb_finish};
  return kmu_lockstep(&kmu_prio_arb_block, &s, test, seed, cycles);
}

static int t_exhaustive(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  if (P_N > 16) return 1;
  return t_run(test, seed, 1ull << EXH_BITS, 1);
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  return t_run(test, seed, cycles, 0);
}

static const kmu_test tests[] = {
    {"exhaustive", t_exhaustive, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_prio_arb_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
