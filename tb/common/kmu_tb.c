/* kmu_tb.c - lockstep runner, random numbers and test main.  See kmu_tb.h. */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include "kmu_tb.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const kmu_block *kmu_tb_block;
static int tb_quiet; /* the re-run that writes the waveform repeats no message */
int kmu_tb_quiet(void) { return tb_quiet; }

/* The cycles the running test ran, for its PASS/FAIL line: a directed run that drive ends
 * early, or a failing one, runs fewer than it asked for, and the line must say what ran.
 * tb_ran_known: some run reported (else the line can only name the requested count). */
static uint64_t tb_ran;
static int tb_ran_known;
/* Expectations that failed (kmu_expect, quiet runs included).  A failed expectation fails its
 * run and its test whatever the callback that made it returned: drive can only end a run (0
 * reads as a directed program that is done), and a check made there, in finish or in a test's
 * own loop whose result was dropped printed EXPECT FAILED and the test still said PASS. */
static uint64_t tb_expect_fails;
void kmu_tb_cycles_ran(uint64_t n) {
  tb_ran += n;
  tb_ran_known = 1;
}

/* ---------------------------------------------------------------- random numbers */
static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void kmu_rng_seed(kmu_rng *r, uint64_t seed) {
  uint64_t x = seed;
  for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t kmu_rng_next(kmu_rng *r) {
  uint64_t *s = r->s;
  uint64_t res = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return res;
}

uint64_t kmu_rng_below(kmu_rng *r, uint64_t n) { return n ? kmu_rng_next(r) % n : 0; }

int kmu_rng_pct(kmu_rng *r, unsigned pct) { return kmu_rng_below(r, 100) < pct; }

uint64_t kmu_rng_bits(kmu_rng *r, unsigned w) {
  uint64_t v = kmu_rng_next(r);
  return w >= 64 ? v : (v & ((1ull << w) - 1));
}

uint64_t kmu_rng_span(kmu_rng *r, uint64_t lo, uint64_t hi) {
  return lo + kmu_rng_below(r, hi - lo + 1);
}

/* ---------------------------------------------------------------- input bit coverage */
unsigned kmu_fcov_slots(const kmu_fld *f, unsigned nf) {
  unsigned n = 0;
  for (unsigned k = 0; k < nf; k++) n += f[k].lanes ? f[k].lanes : 1;
  return n;
}

void kmu_fcov_add(const kmu_fld *f, unsigned nf, const void *in, uint64_t *ones, uint64_t *zeros) {
  unsigned c = 0;
  for (unsigned g = 0; g < nf; g++)
    for (unsigned k = 0; k < (f[g].lanes ? f[g].lanes : 1); k++, c++) {
      const uint64_t v = kmu_sig_val(in, f[g].off, k) & kmu_mask(f[g].w);
      ones[c] |= v;
      zeros[c] |= ~v & kmu_mask(f[g].w);
    }
}

int kmu_fcov_check(const char *test, uint64_t cyc, const kmu_fld *f, unsigned nf,
                   const uint64_t *ones, const uint64_t *zeros) {
  int ok = 1;
  unsigned c = 0;
  for (unsigned g = 0; g < nf; g++)
    for (unsigned k = 0; k < (f[g].lanes ? f[g].lanes : 1); k++, c++) {
      char w[96];
      const uint64_t m = kmu_mask(f[g].w);
      snprintf(w, sizeof w, "coverage: every bit of %s[%u] seen 1", f[g].name, k);
      ok &= KMU_EXPECT_EQ(test, cyc, w, m, ones[c]);
      snprintf(w, sizeof w, "coverage: every bit of %s[%u] seen 0", f[g].name, k);
      ok &= KMU_EXPECT_EQ(test, cyc, w, m, zeros[c]);
    }
  return ok;
}

/* ---------------------------------------------------------------- lockstep */
static uint64_t field(const void *base, size_t off) {
  return *(const uint64_t *)((const char *)base + off);
}

/* One pass over `cycles` cycles.  trace_from: first cycle to trace (UINT64_MAX: none).
 * Returns the failing cycle, or UINT64_MAX when every cycle matched; *ran (unless NULL): the
 * cycles driven and compared (the failing one included). */
/* Random power-up state: the shim reads KMU_POWERUP_SEED when it creates the DUT, so the
 * garbage in the registers without reset is a function of the run's seed (and repeats in the
 * re-run that writes a failure's waveform).  KMU_POWERUP=0: every register starts at zero. */
static void powerup_seed(uint64_t seed) {
  const char *p = getenv("KMU_POWERUP");
  if (p && !strcmp(p, "0")) {
    unsetenv("KMU_POWERUP_SEED");
    return;
  }
  char v[32];
  snprintf(v, sizeof v, "%u", (unsigned)((kmu_hash32(seed, 0x9057) & 0x7ffffffeu) + 1));
  setenv("KMU_POWERUP_SEED", v, 1);
}

/* The prefix of a run with a reset mid-run (kmu_lockstep_mid_reset): 500 to 20,499 cycles of
 * the same kind of traffic from another seed, drawn from the seed alone (so SEED and CYCLES
 * reproduce a run); none in a run shorter than 1,000 cycles. */
static uint64_t mid_reset_prefix(int mid_reset, uint64_t seed, uint64_t cycles) {
  if (!mid_reset || cycles < 1000) return 0;
  return 500 + kmu_hash32(seed, 0x2e5e7) % 20000;
}

/* Reset both twins with every input zero (the RTL's tables without reset must not see a write
 * on the reset edges), and start the stimulus afresh. */
static void reset_both(const kmu_block *b, kmu_stim *s, void *m, void *d, char *in, char *od,
                       uint64_t seed) {
  memset(in, 0, b->in_size);
  b->dut->eval(d, in, od);
  b->model.reset(m);
  b->dut->reset(d);
  s->init(s->ctx, seed);
}

/* pre: the cycles of the prefix before the reset mid-run (0: none).  The loop counts every
 * cycle (c: the prefix included); the callbacks and the messages see the cycle of the segment
 * (cc: from 0 again after the reset). */
static uint64_t run_once(const kmu_block *b, kmu_stim *s, const char *test, uint64_t seed,
                         uint64_t cycles, uint64_t pre, uint64_t trace_from,
                         const char *fst, int quiet, uint64_t *ran) {
  char *in = calloc(1, b->in_size), *prev_in = calloc(1, b->in_size);
  char *om = calloc(1, b->out_size), *od = calloc(1, b->out_size);
  char *prev_out = calloc(1, b->out_size);
  void *m = b->model.create();
  powerup_seed(seed);
  void *d = b->dut->create();
  uint64_t fail = UINT64_MAX, c;
  const uint64_t exp0 = tb_expect_fails; /* failed expectations before this run */
  int tracing = 0;
  tb_quiet = quiet;

  const char *seg = pre ? " (after the mid-run reset)" : "";
  reset_both(b, s, m, d, in, od, pre ? seed ^ 0x5eed5eedull : seed);
  if (pre) seg = " (in the prefix, before the mid-run reset)";
  for (c = 0; c < cycles; c++) {
    if (c == trace_from && fst) {
      b->dut->trace_open(d, fst);
      tracing = 1;
    }
    if (pre && c == pre) { /* traffic in flight: reset, and the run proper starts */
      reset_both(b, s, m, d, in, od, seed);
      memset(prev_in, 0, b->in_size);
      memset(prev_out, 0, b->out_size);
      seg = " (after the mid-run reset)";
    }
    const uint64_t cc = pre && c >= pre ? c - pre : c;
    memcpy(in, prev_in, b->in_size);
    const uint64_t exp_c = tb_expect_fails;
    const int more = s->drive(s->ctx, cc, prev_in, prev_out, in);
    if (!more && tb_expect_fails == exp_c) break; /* done, and drive found nothing wrong */
    if (!more) { /* drive ended the run on a failed expectation */
      if (!quiet)
        printf("CHECK FAILED %s.%s cycle=%" PRIu64 " seed=%" PRIu64
               " (an expectation failed in drive, which ended the run)%s\n",
               b->name, test, cc, seed, pre ? seg : "");
      fail = c;
      break;
    }
    memset(om, 0, b->out_size);
    memset(od, 0, b->out_size);
    b->model.comb(m, in, om);
    b->dut->eval(d, in, od);
    /* by convention every out struct starts with the `always` qualifier */
    *(uint64_t *)om = 1;
    *(uint64_t *)od = 1;
    int bad = 0;
    for (unsigned i = 0; i < b->n_outs; i++) {
      const kmu_sig *g = &b->outs[i];
      const unsigned nl = g->lanes ? g->lanes : 1;
      for (unsigned k = 0; k < nl; k++) {
        const unsigned qk = g->qual_lanes ? k : 0;
        if (!kmu_sig_val(om, g->qual_off, qk) && !kmu_sig_val(od, g->qual_off, qk)) continue;
        uint64_t e = kmu_sig_val(om, g->off, k), a = kmu_sig_val(od, g->off, k);
        if (e != a) {
          char nm[96];
          if (g->lanes)
            snprintf(nm, sizeof nm, "%s[%u]", g->name, k);
          else
            snprintf(nm, sizeof nm, "%s", g->name);
          if (!quiet)
            printf("MISMATCH %s.%s cycle=%" PRIu64 " signal=%s expected=0x%" PRIx64
                   " actual=0x%" PRIx64 " seed=%" PRIu64 "%s\n",
                   b->name, test, cc, nm, e, a, seed, pre ? seg : "");
          bad = 1;
        }
      }
    }
    if (!bad && s->check && !s->check(s->ctx, cc, in, om)) {
      if (!quiet)
        printf("CHECK FAILED %s.%s cycle=%" PRIu64 " seed=%" PRIu64 "%s\n", b->name, test, cc,
               seed, pre ? seg : "");
      bad = 1;
    }
    if (!bad && tb_expect_fails != exp_c) { /* in drive, or in a check that returned 1 */
      if (!quiet)
        printf("CHECK FAILED %s.%s cycle=%" PRIu64 " seed=%" PRIu64
               " (an expectation failed outside check's result)%s\n",
               b->name, test, cc, seed, pre ? seg : "");
      bad = 1;
    }
    if (bad) {
      if (!quiet) {
        printf("  inputs at cycle %" PRIu64 ":", cc);
        for (unsigned i = 0; i < b->n_ins; i++) {
          if (!b->ins[i].lanes) {
            printf(" %s=0x%" PRIx64, b->ins[i].name, field(in, b->ins[i].off));
            continue;
          }
          for (unsigned k = 0; k < b->ins[i].lanes; k++)
            if (kmu_sig_val(in, b->ins[i].off, k)) /* zero elements left out */
              printf(" %s[%u]=0x%" PRIx64, b->ins[i].name, k, kmu_sig_val(in, b->ins[i].off, k));
        }
        printf("\n");
      }
      fail = c;
      b->dut->tick(d); /* let the trace show the edge after the failing cycle */
      break;
    }
    b->model.tick(m);
    b->dut->tick(d);
    memcpy(prev_in, in, b->in_size);
    memcpy(prev_out, om, b->out_size);
  }
  /* c: the cycle drive declined (or `cycles`); a failing cycle broke out before c++ */
  if (ran) *ran = fail == UINT64_MAX ? c : fail + 1;
  if (fail == UINT64_MAX &&
      ((s->finish && !s->finish(s->ctx)) || tb_expect_fails != exp0)) {
    if (!quiet)
      printf("FINISH CHECK FAILED %s.%s after %" PRIu64 " cycles seed=%" PRIu64 "\n", b->name,
             test, c, seed);
    fail = c;
  }
  if (!quiet && fail != UINT64_MAX && pre)
    printf("  a prefix of %" PRIu64 " cycles (seed %" PRIu64 ") came before the reset mid-run;"
           " the failure is in simulated cycle %" PRIu64 "\n",
           pre, (uint64_t)(seed ^ 0x5eed5eedull), fail);
  if (tracing) b->dut->trace_close(d);
  b->dut->destroy(d);
  b->model.destroy(m);
  free(in);
  free(prev_in);
  free(om);
  free(od);
  free(prev_out);
  tb_quiet = 0;
  return fail;
}

static int lockstep(const kmu_block *b, kmu_stim *s, const char *test, uint64_t seed,
                    uint64_t cycles, int mid_reset) {
  const char *full = getenv("KMU_FST");
  uint64_t ran;
  const uint64_t pre = mid_reset_prefix(mid_reset, seed, cycles);
  uint64_t fail =
      run_once(b, s, test, seed, pre + cycles, pre, full ? 0 : UINT64_MAX, full, 0, &ran);
  kmu_tb_cycles_ran(ran); /* the waveform re-run below repeats cycles: not counted */
  if (fail == UINT64_MAX) return 1;
  /* Same seed again, tracing the window before the failure, so the waveform shows how the
   * design got there.  The stimulus is a pure function of the seed, so the run repeats. */
  char path[512];
  mkdir("build", 0777);
  mkdir("build/fail", 0777);
  snprintf(path, sizeof path, "build/fail/%s.%s-seed%" PRIu64 ".fst", b->name, test, seed);
  uint64_t from = fail > 256 ? fail - 256 : 0;
  remove(path); /* a waveform left by an earlier run must not pass for this one's */
  run_once(b, s, test, seed, fail + 1, pre, from, path, 1, NULL);
  struct stat st;
  if (stat(path, &st) == 0 && st.st_size > 0)
    printf("  waveform of cycles %" PRIu64 "..%" PRIu64 "%s: %s\n", from, fail,
           pre ? " (simulated, the prefix included)" : "", path);
  else /* a model built without trace (make test's harnesses: run_tests.sh re-runs the seed on
        * the traced twin) */
    printf("  no waveform from this build (built without trace)\n");
  /* CYCLES: up to the failing cycle of the run (its prefix depends on the seed alone, and a
   * run below 1,000 cycles has none); a failure in the prefix: the cycles asked for */
  uint64_t rc = pre ? (fail >= pre ? fail - pre + 1 : cycles) : fail + 1;
  if (pre && rc < 1000) rc = 1000;
  printf("  reproduce: SEED=%" PRIu64 " CYCLES=%" PRIu64 " <test binary> %s\n", seed, rc,
         test);
  return 0;
}

int kmu_lockstep(const kmu_block *b, kmu_stim *s, const char *test, uint64_t seed,
                 uint64_t cycles) {
  return lockstep(b, s, test, seed, cycles, 0);
}

int kmu_lockstep_mid_reset(const kmu_block *b, kmu_stim *s, const char *test, uint64_t seed,
                           uint64_t cycles) {
  return lockstep(b, s, test, seed, cycles, 1);
}

int kmu_expect(int ok, const char *test, uint64_t cycle, const char *what, uint64_t exp,
               uint64_t act) {
  if (!ok) tb_expect_fails++;
  if (!ok && !tb_quiet)
    printf("EXPECT FAILED %s.%s cycle=%" PRIu64 " %s: expected=0x%" PRIx64 " actual=0x%" PRIx64
           "\n",
           kmu_tb_block ? kmu_tb_block->name : "?", test, cycle, what, exp, act);
  return ok;
}

/* ---------------------------------------------------------------- directed steps */
void kmu_dexp_add(kmu_dexp *list, unsigned *n, unsigned max, const char *name, size_t off,
                  uint64_t val) {
  if (*n >= max) {
    fprintf(stderr, "too many expectations in one directed step (max %u)\n", max);
    exit(2);
  }
  list[(*n)++] = (kmu_dexp){name, off, val};
}

int kmu_dexp_check(const char *test, uint64_t cycle, const char *what, const kmu_dexp *list,
                   unsigned n, const void *out) {
  char msg[200];
  int ok = 1;
  for (unsigned k = 0; k < n; k++) {
    snprintf(msg, sizeof msg, "[%s] %s", what, list[k].name);
    ok &= KMU_EXPECT_EQ(test, cycle, msg, list[k].val, field(out, list[k].off));
  }
  return ok;
}

/* ---------------------------------------------------------------- main */
static uint64_t env_u64(const char *name, uint64_t dflt) {
  const char *v = getenv(name);
  return (v && *v) ? strtoull(v, NULL, 0) : dflt;
}

int kmu_test_main(const kmu_block *b, const kmu_test *tests, unsigned n_tests, int argc,
                  char **argv) {
  uint64_t seed0 = env_u64("SEED", 1);
  int seed_given = getenv("SEED") != NULL;
  unsigned passed = 0, failed = 0;
  kmu_tb_block = b;
  for (unsigned t = 0; t < n_tests; t++) {
    /* benchmarks (bench_*) and demos (demo*) run only when named, not in make test */
    int selected = argc <= 1 && strncmp(tests[t].name, "bench_", 6) != 0 &&
                   strncmp(tests[t].name, "demo", 4) != 0;
    for (int a = 1; a < argc; a++)
      if (!strcmp(argv[a], tests[t].name)) selected = 1;
    if (!selected) continue;
    /* SEED= names one run; without it a random test runs its default number of seeds */
    unsigned nseeds = (seed_given || !tests[t].seeds) ? 1 : tests[t].seeds;
    nseeds = (unsigned)env_u64("SEEDS", nseeds);
    for (unsigned k = 0; k < nseeds; k++) {
      uint64_t seed = seed0 + k;
      uint64_t cycles = env_u64("CYCLES", tests[t].default_cycles);
      tb_ran = 0;
      tb_ran_known = 0;
      const uint64_t exp0 = tb_expect_fails;
      int ok = tests[t].fn(tests[t].name, seed, cycles);
      if (ok && tb_expect_fails != exp0) { /* a test with its own loop dropped a result */
        printf("  %" PRIu64 " expectation(s) failed, but the test returned pass\n",
               tb_expect_fails - exp0);
        ok = 0;
      }
      /* the cycles that ran, not the ones asked for (a directed run ends when its program
       * does; a failing one at the failure); a test that ran its own loop and did not say
       * how many shows the request, named as such */
      printf("%s %s.%s seed=%" PRIu64 " %s=%" PRIu64 "\n", ok ? "PASS" : "FAIL", b->name,
             tests[t].name, seed, tb_ran_known ? "cycles" : "requested",
             tb_ran_known ? tb_ran : cycles);
      fflush(stdout);
      if (ok)
        passed++;
      else
        failed++;
      /* make mutants: one failure kills the mutant; the rest would only cost time */
      if (!ok && getenv("KMU_STOP_FIRST")) return 1;
    }
  }
  return failed ? 1 : 0;
}
