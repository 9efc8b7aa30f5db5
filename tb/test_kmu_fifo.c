/* test_kmu_fifo.c - lockstep and directed tests of kmu_fifo (rtl/common/kmu_fifo.v). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_fifo.h"
#include "kmu_tb.h"

static const kmu_fifo_params params = {P_WIDTH, P_DEPTH};
#define KMU_CUR_IN kmu_fifo_in
#define KMU_CUR_OUT kmu_fifo_out
KMU_BLOCK(kmu_fifo, KMU_FIFO_IN, KMU_FIFO_OUT, &params)

/* ---- random stimulus with a reference queue as scoreboard ---- */
typedef struct {
  kmu_rng rng;
  unsigned push_pct, pop_pct, flush_pct;
  uint64_t ref[P_DEPTH + 1];
  unsigned head, size;
  uint64_t pushed, popped, dropped;
  const char *test;
} fifo_ctx;

static void rnd_init(void *c, uint64_t seed) {
  fifo_ctx *x = c;
  memset(x, 0, sizeof *x);
  kmu_rng_seed(&x->rng, seed);
  /* each seed gets its own traffic mix, from starved to saturated */
  x->push_pct = 10 + (unsigned)kmu_rng_below(&x->rng, 91);
  x->pop_pct = 10 + (unsigned)kmu_rng_below(&x->rng, 91);
  x->flush_pct = (unsigned)kmu_rng_below(&x->rng, 3);
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  fifo_ctx *x = c;
  const kmu_fifo_in *p = pi;
  const kmu_fifo_out *o = po;
  kmu_fifo_in *i = in;
  (void)cyc;
  /* valid/data held until accepted, as a valid/ready producer must */
  int held = p->push_valid_i && !o->push_ready_o && !p->flush_i;
  if (!held) {
    i->push_valid_i = kmu_rng_pct(&x->rng, x->push_pct);
    i->push_data_i = kmu_rng_bits(&x->rng, P_WIDTH);
  }
  i->pop_ready_i = kmu_rng_pct(&x->rng, x->pop_pct);
  i->flush_i = kmu_rng_pct(&x->rng, x->flush_pct) && kmu_rng_pct(&x->rng, 10);
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  fifo_ctx *x = c;
  const kmu_fifo_in *i = ip;
  const kmu_fifo_out *o = op;
  int ok = 1;
  ok &= KMU_EXPECT_EQ(x->test, cyc, "count_o", x->size, o->count_o);
  ok &= KMU_EXPECT_EQ(x->test, cyc, "push_ready_o", x->size < P_DEPTH, o->push_ready_o);
  ok &= KMU_EXPECT_EQ(x->test, cyc, "pop_valid_o", x->size > 0, o->pop_valid_o);
  if (o->pop_valid_o && i->pop_ready_i) {
    ok &= KMU_EXPECT_EQ(x->test, cyc, "pop_data_o (oldest word)", x->ref[x->head], o->pop_data_o);
    x->head = (x->head + 1) % (P_DEPTH + 1);
    x->size--;
    x->popped++;
  }
  if (i->push_valid_i && o->push_ready_o) {
    x->ref[(x->head + x->size) % (P_DEPTH + 1)] = i->push_data_i & kmu_mask(P_WIDTH);
    x->size++;
    x->pushed++;
  }
  if (i->flush_i) {
    x->dropped += x->size;
    x->size = 0;
  }
  return ok;
}

static int rnd_finish(void *c) {
  fifo_ctx *x = c;
  /* conservation: every accepted word was popped, dropped by a flush, or is still inside */
  return KMU_EXPECT_EQ(x->test, 0, "pushed == popped + dropped + resident", x->pushed,
                       x->popped + x->dropped + x->size) &&
         kmu_expect(x->popped > 0, x->test, 0, "some traffic flowed", 1, x->popped);
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  fifo_ctx x;
  x.test = test;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep_mid_reset(&kmu_fifo_block, &s, test, seed, cycles);
  return ok;
}

/* ---- directed: fill to DEPTH, refuse one more, drain in order; then 1 word/cycle ---- */
typedef struct {
  const char *test;
  int ok;
} dir_ctx;

static void dir_init(void *c, uint64_t seed) {
  (void)seed;
  ((dir_ctx *)c)->ok = 1;
}

static int fill_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  (void)c, (void)pi, (void)po;
  kmu_fifo_in *i = in;
  memset(i, 0, sizeof *i);
  if (cyc <= P_DEPTH) { /* DEPTH + 1 pushes offered, the last must be refused */
    i->push_valid_i = 1;
    i->push_data_i = (0x100 + cyc) & kmu_mask(P_WIDTH);
  } else if (cyc <= 2 * P_DEPTH + 1) {
    i->pop_ready_i = 1;
  } else {
    return cyc < 2 * P_DEPTH + 4;
  }
  return 1;
}

static int fill_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  dir_ctx *x = c;
  const kmu_fifo_out *o = op;
  (void)ip;
  int ok = 1;
  if (cyc <= P_DEPTH) {
    ok &= KMU_EXPECT_EQ(x->test, cyc, "count_o while filling", cyc, o->count_o);
    ok &= KMU_EXPECT_EQ(x->test, cyc, "push_ready_o while filling", cyc < P_DEPTH, o->push_ready_o);
  } else if (cyc <= 2 * P_DEPTH) {
    unsigned k = (unsigned)(cyc - P_DEPTH - 1);
    ok &= KMU_EXPECT_EQ(x->test, cyc, "pop_valid_o", 1, o->pop_valid_o);
    ok &= KMU_EXPECT_EQ(x->test, cyc, "pop_data_o in order", (0x100 + k) & kmu_mask(P_WIDTH), o->pop_data_o);
  } else {
    ok &= KMU_EXPECT_EQ(x->test, cyc, "pop_valid_o after drain", 0, o->pop_valid_o);
  }
  return ok;
}

static int t_fill(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  dir_ctx x = {test, 1};
  kmu_stim s = {&x, dir_init, fill_drive, fill_check, NULL};
  return kmu_lockstep(&kmu_fifo_block, &s, test, seed, 1000);
}

static int tp_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  (void)c, (void)pi, (void)po;
  kmu_fifo_in *i = in;
  i->flush_i = 0;
  i->push_valid_i = cyc < 100;
  i->push_data_i = cyc;
  i->pop_ready_i = 1;
  return cyc < 103;
}

static int tp_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  dir_ctx *x = c;
  const kmu_fifo_out *o = op;
  (void)ip;
  /* with DEPTH >= 2 a word pushed every cycle comes out every cycle, one cycle later */
  if (P_DEPTH < 2 || cyc < 1 || cyc > 100) return 1;
  return KMU_EXPECT_EQ(x->test, cyc, "pop_valid_o at full rate", 1, o->pop_valid_o) &&
         KMU_EXPECT_EQ(x->test, cyc, "pop_data_o latency 1", (cyc - 1) & kmu_mask(P_WIDTH), o->pop_data_o);
}

static int t_throughput(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  dir_ctx x = {test, 1};
  kmu_stim s = {&x, dir_init, tp_drive, tp_check, NULL};
  return kmu_lockstep(&kmu_fifo_block, &s, test, seed, 1000);
}

static const kmu_test tests[] = {
    {"fill", t_fill, 0, 0},
    {"throughput", t_throughput, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_fifo_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
