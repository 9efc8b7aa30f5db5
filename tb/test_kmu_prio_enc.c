/* test_kmu_prio_enc.c - lockstep tests of kmu_prio_enc (rtl/common/kmu_prio_enc.v):
 * every input pattern for small N, then random patterns of seed-dependent density. */
#include <stdio.h>
#include <string.h>

#include "kmu_prio_enc.h"
#include "kmu_tb.h"

static const kmu_prio_enc_params params = {P_N};
#define KMU_CUR_IN kmu_prio_enc_in
#define KMU_CUR_OUT kmu_prio_enc_out
KMU_BLOCK(kmu_prio_enc, KMU_PRIO_ENC_IN, KMU_PRIO_ENC_OUT, &params)

/* exhaustive up to 2^16 patterns */
#define EXH_BITS (P_N < 16 ? P_N : 16)

typedef struct {
  kmu_rng rng;
  const char *test;
  int exhaustive;
  unsigned density; /* random: 0 dense .. 3 very sparse (AND of several words) */
  uint64_t seen_valid, seen_none, seen_idx;
} enc_ctx;

static void enc_init(void *c, uint64_t seed) {
  enc_ctx *x = c;
  int ex = x->exhaustive;
  const char *t = x->test;
  memset(x, 0, sizeof *x);
  x->exhaustive = ex;
  x->test = t;
  kmu_rng_seed(&x->rng, seed);
  x->density = (unsigned)kmu_rng_below(&x->rng, 4);
}

static int enc_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  enc_ctx *x = c;
  kmu_prio_enc_in *i = in;
  (void)pi, (void)po;
  if (x->exhaustive) {
    if (cyc >= (1ull << EXH_BITS)) return 0;
    i->in_i = cyc;
    return 1;
  }
  uint64_t v = kmu_rng_bits(&x->rng, P_N);
  for (unsigned k = 0; k < x->density; k++) v &= kmu_rng_bits(&x->rng, P_N);
  if (kmu_rng_pct(&x->rng, 5)) v = 0;
  if (kmu_rng_pct(&x->rng, 10)) v = 1ull << kmu_rng_below(&x->rng, P_N); /* one bit */
  i->in_i = v;
  return 1;
}

/* the spec: lowest set bit, 0 when none, valid = any bit */
static int enc_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  enc_ctx *x = c;
  const kmu_prio_enc_in *i = ip;
  const kmu_prio_enc_out *o = op;
  unsigned exp_idx = 0;
  int exp_valid = 0;
  for (unsigned b = 0; b < P_N; b++)
    if ((i->in_i >> b) & 1) {
      exp_idx = b;
      exp_valid = 1;
      break;
    }
  if (exp_valid) {
    x->seen_valid++;
    x->seen_idx |= 1ull << exp_idx;
  } else {
    x->seen_none++;
  }
  return KMU_EXPECT_EQ(x->test, cyc, "valid_o = |in_i", exp_valid, o->valid_o) &
         KMU_EXPECT_EQ(x->test, cyc, "idx_o = lowest set bit", exp_idx, o->idx_o);
}

static int enc_finish(void *c) {
  enc_ctx *x = c;
  /* coverage: every index won at least once, and the all-zero input was seen */
  return KMU_EXPECT_EQ(x->test, 0, "every index won", kmu_mask(P_N), x->seen_idx) &
         kmu_expect(x->seen_none > 0, x->test, 0, "all-zero input seen", 1, x->seen_none);
}

static int t_run(const char *test, uint64_t seed, uint64_t cycles, int exhaustive) {
  enc_ctx x;
  x.test = test;
  x.exhaustive = exhaustive;
  kmu_stim s = {&x, enc_init, enc_drive, enc_check, enc_finish};
  return kmu_lockstep(&kmu_prio_enc_block, &s, test, seed, cycles);
}

static int t_exhaustive(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  if (P_N > 16) return 1; /* too many patterns: the random test covers wide encoders */
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
  return kmu_test_main(&kmu_prio_enc_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
