/* kmu_tb.h - the lockstep harness shared by every openkmu testbench.
 *
 * A test drives one RTL block (Verilated, behind a thin extern "C" shim) and its C model with
 * the same inputs every cycle and compares every output every cycle.  A data output is only
 * compared while the output that qualifies it (usually its valid) is high; control outputs are
 * always compared.  The first mismatch prints cycle, signal, expected (C model), actual (RTL)
 * and seed, re-runs the same seed with FST tracing from a window before the failing cycle, and
 * fails the test.
 *
 * Cycle semantics, identical for model and RTL:
 *   1. the stimulus writes this cycle's inputs (it may look at last cycle's inputs/outputs);
 *   2. comb: outputs are a function of registered state and this cycle's inputs;
 *   3. compare, then the per-cycle check (scoreboards) of the test;
 *   4. tick: the rising clock edge moves next state into state.
 * Reset is applied before cycle 0 (rst_ni low for two edges, all inputs zero).
 *
 * Every port is carried as a uint64_t field of a plain struct whose field list comes from one
 * X-macro per block (cmodel/kmu_<block>.h), so the C model, the shim and the comparison share
 * one list of names.
 */
#ifndef KMU_TB_H
#define KMU_TB_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "kmu_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- reproducible random numbers (splitmix64 seeding, xoshiro256**) ---- */
typedef struct {
  uint64_t s[4];
} kmu_rng;

void kmu_rng_seed(kmu_rng *r, uint64_t seed);
uint64_t kmu_rng_next(kmu_rng *r);
/* uniform in [0, n) (n > 0) */
uint64_t kmu_rng_below(kmu_rng *r, uint64_t n);
/* 1 with probability pct/100 */
int kmu_rng_pct(kmu_rng *r, unsigned pct);
/* random bits masked to width w (1..64) */
uint64_t kmu_rng_bits(kmu_rng *r, unsigned w);

/* uniform in [lo, hi] (lo <= hi) */
uint64_t kmu_rng_span(kmu_rng *r, uint64_t lo, uint64_t hi);

/* ---- input bit coverage: every bit of every field must be seen 0 and 1 ----
 * A test lists its input fields (offset in its in struct, width, lanes: 0 a scalar, else a lane
 * port of that many elements) and keeps two arrays of kmu_fcov_slots() words: one slot per
 * scalar field, one per lane element. */
typedef struct {
  const char *name;
  size_t off;
  unsigned w, lanes;
} kmu_fld;
unsigned kmu_fcov_slots(const kmu_fld *f, unsigned nf);
/* record this cycle's inputs */
void kmu_fcov_add(const kmu_fld *f, unsigned nf, const void *in, uint64_t *ones, uint64_t *zeros);
/* every bit seen both ways; prints "coverage: every bit of <name>[k] seen 1|0" otherwise */
int kmu_fcov_check(const char *test, uint64_t cyc, const kmu_fld *f, unsigned nf,
                   const uint64_t *ones, const uint64_t *zeros);

/* ---- bit helpers shared by the tests and the environment models ---- */
static inline unsigned kmu_popc64(uint64_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}
/* index of the lowest set bit (v != 0) */
static inline unsigned kmu_ctz64(uint64_t v) {
  unsigned n = 0;
  while (!(v >> n & 1)) n++;
  return n;
}
/* a 32-bit hash of two words (splitmix64 finaliser): deterministic data from an identity */
static inline uint32_t kmu_hash32(uint64_t a, uint64_t b) {
  uint64_t z = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return (uint32_t)(z ^ (z >> 31));
}

/* ---- signal descriptions, generated from the X-macro port lists ---- */
typedef struct {
  const char *name;
  size_t off;          /* offset of the field in the out struct */
  size_t qual_off;     /* offset of the qualifying field (the `always` field for control) */
  unsigned lanes;      /* 0: a scalar port; else a lane port of this many elements */
  unsigned qual_lanes; /* 0: the qualifier is scalar; else element k qualifies element k */
} kmu_sig;

/* The test #defines KMU_CUR_IN / KMU_CUR_OUT to the block's struct types before KMU_BLOCK. */
#define KMU_SIGI(n) {#n, offsetof(KMU_CUR_IN, n), 0, 0, 0},
#define KMU_SIGO(n, q) {#n, offsetof(KMU_CUR_OUT, n), offsetof(KMU_CUR_OUT, q), 0, 0},
#define KMU_SIGIL(n, nl, ew) {#n, offsetof(KMU_CUR_IN, n), 0, (nl), 0},
#define KMU_SIGOL(n, nl, ew, q)                                                  \
  {#n, offsetof(KMU_CUR_OUT, n), offsetof(KMU_CUR_OUT, q), (nl),                 \
   sizeof(((KMU_CUR_OUT *)0)->q) > sizeof(uint64_t) ? (nl) : 0},
/* element k of signal g in a struct (k < lanes; element 0 of a scalar) */
static inline uint64_t kmu_sig_val(const void *base, size_t off, unsigned k) {
  return ((const uint64_t *)((const char *)base + off))[k];
}

/* ---- the device under test, as seen from C (implemented by a shim per block) ---- */
typedef struct {
  void *(*create)(void);
  void (*destroy)(void *dut);
  void (*reset)(void *dut);                                 /* rst_ni low two edges */
  void (*eval)(void *dut, const void *in, void *out);       /* set inputs, settle, read outputs */
  void (*tick)(void *dut);                                  /* rising edge */
  void (*trace_open)(void *dut, const char *fst_path);
  void (*trace_close)(void *dut);
} kmu_dut_ops;

/* ---- the C model, as seen by the harness ---- */
typedef struct {
  void *(*create)(void);  /* allocates and sizes the model from the build parameters */
  void (*destroy)(void *m);
  void (*reset)(void *m);
  void (*comb)(void *m, const void *in, void *out);
  void (*tick)(void *m);
} kmu_model_ops;

/* What a test plugs into the runner. */
typedef struct kmu_block {
  const char *name;     /* block name, e.g. "kmu_fifo" */
  size_t in_size;       /* sizeof the in struct */
  size_t out_size;      /* sizeof the out struct */
  const kmu_sig *ins;
  unsigned n_ins;
  const kmu_sig *outs;
  unsigned n_outs;
  kmu_model_ops model;
  const kmu_dut_ops *dut;
} kmu_block;

/* A stimulus/check pair.  `init` is called once per run with the seed, so a run can be
 * repeated exactly (the runner does, to write the waveform of a failure). */
typedef struct kmu_stim {
  void *ctx;
  void (*init)(void *ctx, uint64_t seed);
  /* write this cycle's inputs; prev_in/prev_out are last cycle's (zeroed at cycle 0); return 0
   * to end the run early (a directed sequence that is done).  An expectation (kmu_expect) that
   * fails here, or anywhere in a run or a test, fails it whatever the callback returns. */
  int (*drive)(void *ctx, uint64_t cycle, const void *prev_in, const void *prev_out, void *in);
  /* optional: scoreboard / directed expectations on the model's outputs (the reference), which
   * the comparison has already shown to equal the RTL's.  Return 0 and print why on failure. */
  int (*check)(void *ctx, uint64_t cycle, const void *in, const void *out);
  /* optional: end-of-run check (conservation: nothing lost, nothing duplicated) */
  int (*finish)(void *ctx);
} kmu_stim;

/* Run `cycles` cycles in lockstep.  Returns 1 on pass, 0 on failure (after writing the FST of
 * the failing window to build/fail/<test>-seed<seed>.fst).  The RTL starts from random
 * power-up state drawn from the seed (KMU_POWERUP_SEED, tb/shim/kmu_shim.h: every register and
 * memory without a reset holds garbage; KMU_POWERUP=0 in the environment: all zero instead).  The cycles it ran (fewer when drive
 * ended the run or a cycle failed; the failing cycle counts) are added to the test's count. */
int kmu_lockstep(const kmu_block *b, kmu_stim *s, const char *test, uint64_t seed,
                 uint64_t cycles);

/* kmu_lockstep with a reset mid-run (the random test of a block with a reset): a prefix of
 * 500 to 20,499 cycles (drawn from the seed) of the same stimulus from another seed
 * (init(ctx, seed')), compared and checked every cycle like the run, then, with traffic in
 * flight, every input zero and both twins reset (rst_ni low for two edges), then the run
 * proper: init(ctx, seed) and `cycles` cycles exactly as kmu_lockstep would run them (drive
 * and check see cycle 0 again, prev_in/prev_out zero; finish checks the run proper).  What was
 * in flight is dropped; the registers without reset keep what they held, in both twins.  None
 * below 1,000 cycles.  The PASS line counts the prefix's cycles too. */
int kmu_lockstep_mid_reset(const kmu_block *b, kmu_stim *s, const char *test, uint64_t seed,
                           uint64_t cycles);

/* For a test that runs its own loop instead of kmu_lockstep: add the cycles it ran to the count
 * its PASS/FAIL line shows. */
void kmu_tb_cycles_ran(uint64_t n);

/* ---- test registry and main ---- */
typedef int (*kmu_test_fn)(const char *test, uint64_t seed, uint64_t cycles);
typedef struct {
  const char *name;
  kmu_test_fn fn;
  uint64_t default_cycles; /* 0: the test decides (directed) */
  unsigned seeds;          /* how many seeds make test runs (random tests) */
} kmu_test;

/* Runs the named tests (all when none are named).  Environment: SEED (first seed, default
 * 1), CYCLES (overrides default_cycles), KMU_FST (trace every cycle of the run to this file),
 * KMU_GTKW (write a gtkwave save file for the block's ports).  Prints one line per test run:
 * "PASS <block>.<test> seed=<s> cycles=<n>" or "FAIL ...", n the cycles the test ran (summed
 * over its kmu_lockstep runs and kmu_tb_cycles_ran), or "requested=<n>" (CYCLES or the default)
 * for a test that reported neither; and returns the exit code. */
int kmu_test_main(const kmu_block *b, const kmu_test *tests, unsigned n_tests, int argc,
                  char **argv);

/* for directed tests: report an expectation; prints and returns 0 when it does not hold.  A
 * failed expectation fails the cycle, run and test it belongs to even when its result is
 * dropped (made in drive, in finish, or in a test's own loop). */
int kmu_expect(int ok, const char *test, uint64_t cycle, const char *what, uint64_t exp,
               uint64_t act);
#define KMU_EXPECT_EQ(test, cyc, what, exp, act) \
  kmu_expect((uint64_t)(exp) == (uint64_t)(act), (test), (cyc), (what), (uint64_t)(exp), \
             (uint64_t)(act))

/* Glue for a block `blk` whose C model follows the convention blk_init/free/reset/comb/tick
 * and whose parameters come from the expression PARAMS (a pointer to blk_params).  Defines
 * `static const kmu_block blk_block` with the signal tables built from the X-macro lists.
 * The shim (tb/shim/<blk>_shim.cpp) defines blk_dut_ops. */
#define KMU_BLOCK(blk, INLIST, OUTLIST, PARAMS) \
  KMU_BLOCK_L(blk, INLIST, OUTLIST, KMU_NO_LANES, KMU_NO_LANES, PARAMS)
/* The same for a block with lane ports (kmu_common.h): INL / OUTL its lane lists. */
#define KMU_BLOCK_L(blk, INLIST, OUTLIST, INL, OUTL, PARAMS)                                 \
  extern const kmu_dut_ops blk##_dut_ops;                                                   \
  static void *blk##_m_create(void) {                                                       \
    blk *m = calloc(1, sizeof *m);                                                          \
    blk##_init(m, PARAMS);                                                                  \
    return m;                                                                               \
  }                                                                                         \
  static void blk##_m_destroy(void *m) {                                                    \
    blk##_free((blk *)m);                                                                   \
    free(m);                                                                                \
  }                                                                                         \
  static void blk##_m_reset(void *m) { blk##_reset((blk *)m); }                             \
  static void blk##_m_comb(void *m, const void *i, void *o) {                               \
    blk##_comb((blk *)m, (const blk##_in *)i, (blk##_out *)o);                              \
  }                                                                                         \
  static void blk##_m_tick(void *m) { blk##_tick((blk *)m); }                               \
  static const kmu_sig blk##_in_sigs[] = {INLIST(KMU_SIGI) INL(KMU_SIGIL)};                \
  static const kmu_sig blk##_out_sigs[] = {OUTLIST(KMU_SIGO) OUTL(KMU_SIGOL)};              \
  static const kmu_block blk##_block = {                                                    \
      #blk, sizeof(blk##_in), sizeof(blk##_out), blk##_in_sigs,                              \
      sizeof blk##_in_sigs / sizeof blk##_in_sigs[0], blk##_out_sigs,                       \
      sizeof blk##_out_sigs / sizeof blk##_out_sigs[0],                                     \
      {blk##_m_create, blk##_m_destroy, blk##_m_reset, blk##_m_comb, blk##_m_tick},         \
      &blk##_dut_ops};

/* ---- directed tests: the outputs the specification requires in one cycle ----
 * A directed test is a program of steps: each step is one cycle's inputs plus a list of
 * expected output values written from the specification.  The step structs are the tests'
 * own (they hold the block's in struct); the expectations and their check are shared. */
typedef struct {
  const char *name; /* the output's name, for messages */
  size_t off;       /* offset of the output in the block's out struct */
  uint64_t val;     /* the value the specification requires */
} kmu_dexp;
/* append one expectation to a step's list (exits on overflow: a test-writing error) */
void kmu_dexp_add(kmu_dexp *list, unsigned *n, unsigned max, const char *name, size_t off,
                  uint64_t val);
/* check every expectation against the outputs; messages read "[what] <output>" */
int kmu_dexp_check(const char *test, uint64_t cycle, const char *what, const kmu_dexp *list,
                   unsigned n, const void *out);

/* The runner of a directed program, the same for every block.  The test's program type PROG_T
 * has `test`, `s[]` (steps with `in`, `exp`, `n_exp`, `what`), `n` and `pc`.  In cycle pc the
 * runner drives step pc's inputs, calls HOOK(p, cycle, in, out) (the test's measurements or
 * extra checks; KMU_DPROG_NO_HOOK for none), checks the step's expectations (messages
 * "[step N: what] <output>") and at the end that the program ran to its last step.  Defines
 * `static int d_run(PROG_T *p)`: the program in lockstep, at most MAX_CYCLES cycles. */
#define KMU_DPROG_NO_HOOK(p, cyc, i, o) ((void)(p), (void)(cyc), (void)(i), (void)(o))
#define KMU_DPROG_RUNNER(blk, PROG_T, MAX_CYCLES, HOOK)                                      \
  static void blk##_d_init(void *c, uint64_t seed) {                                        \
    (void)seed;                                                                             \
    ((PROG_T *)c)->pc = 0;                                                                  \
  }                                                                                         \
  static int blk##_d_drive(void *c, uint64_t cyc, const void *pi, const void *po,           \
                           void *in) {                                                      \
    PROG_T *p = c;                                                                          \
    (void)cyc, (void)pi, (void)po;                                                          \
    if (p->pc >= p->n) return 0;                                                            \
    *(blk##_in *)in = p->s[p->pc].in;                                                       \
    return 1;                                                                               \
  }                                                                                         \
  static int blk##_d_check(void *c, uint64_t cyc, const void *ip, const void *op) {         \
    PROG_T *p = c;                                                                          \
    char what_[200];                                                                        \
    HOOK(p, cyc, (const blk##_in *)ip, (const blk##_out *)op);                              \
    const unsigned k_ = p->pc++;                                                            \
    snprintf(what_, sizeof what_, "step %u: %s", k_, p->s[k_].what);                        \
    return kmu_dexp_check(p->test, cyc, what_, p->s[k_].exp, p->s[k_].n_exp, op);           \
  }                                                                                         \
  static int blk##_d_finish(void *c) {                                                      \
    PROG_T *p = c;                                                                          \
    return KMU_EXPECT_EQ(p->test, 0, "directed program ran to its end", p->n, p->pc);       \
  }                                                                                         \
  static int d_run(PROG_T *p) {                                                             \
    kmu_stim s_ = {p, blk##_d_init, blk##_d_drive, blk##_d_check, blk##_d_finish};          \
    return kmu_lockstep(&blk##_block, &s_, p->test, 1, (MAX_CYCLES));                       \
  }

/* 1 during the re-run that writes a failure's waveform: tests print nothing then */
int kmu_tb_quiet(void);

/* the block currently under test, for messages */
extern const kmu_block *kmu_tb_block;

#ifdef __cplusplus
}
#endif
#endif
