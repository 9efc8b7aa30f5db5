// kmu_shim.h - the only C++ in the testbench: wraps one Verilated block behind the C
// kmu_dut_ops interface of kmu_tb.h.  Clocking and tracing live here, so the C test never
// sees them.  A shim for block BLK (Verilated as V<BLK>) is three lines:
//
//   #include "V<blk>.h"
//   #include "<blk>.h"                   // the C model header with the X-macro port lists
//   KMU_SHIM(<blk>, V<blk>, <BLK>_IN, <BLK>_OUT)
//
// It defines `extern "C" const kmu_dut_ops <blk>_dut_ops`.  KMU_SHIM_COMB is the same for a
// purely combinational block (no clk_i / rst_ni ports).
#ifndef KMU_SHIM_H
#define KMU_SHIM_H

#include <verilated.h>
#if VM_TRACE
#include <verilated_fst_c.h>
typedef VerilatedFstC kmu_trace_t;
#else
// A model Verilated without --trace-fst (make test's harness builds and the mutant builds: the
// trace code is a fifth to a half of the Verilated C++, so CI would compile it for nothing when
// every test passes; and the paper kmusim build, whose traced twin is kmusim-paper-fst): the
// same shim, every waveform request refused with a message.  make test (scripts/run_tests.sh)
// re-runs a failing seed on the harness's traced twin (make TRACE=1, build/tb-fst/), which
// writes the waveform.
struct kmu_trace_t {
  void dump(uint64_t) {}
  void close() {}
};
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

#include "kmu_tb.h"

// Port-level record of a run (KMU_RECORD=<prefix>: one file <prefix>.<n>.rec per DUT this
// process creates), replayed on Icarus by scripts/icarus_agree.py (make icarus-agree):
//   I <name> / O <name>   the ports in X-macro order (inputs, then outputs), before the events
//   R                     reset (rst_ni low for two rising edges, inputs as they stand)
//   E <in>... <out>...    one evaluation: the inputs given, the outputs Verilator settled to
//   T                     one rising edge
// Values in hex as the Verilated model holds them (a wide port most significant word first).
static inline void kmu_rec_val(FILE *f, uint64_t v) { std::fprintf(f, " %llx", (unsigned long long)v); }
template <std::size_t N>
static inline void kmu_rec_val(FILE *f, const VlWide<N> &v) {
  std::fputc(' ', f);
  for (std::size_t k = N; k-- > 0;) std::fprintf(f, "%08x", (unsigned)v[k]);
}
static inline FILE *kmu_rec_open() {
  static unsigned n;
  const char *pre = std::getenv("KMU_RECORD");
  if (!pre) return nullptr;
  char path[1024];
  std::snprintf(path, sizeof path, "%s.%u.rec", pre, n++);
  FILE *f = std::fopen(path, "w");
  if (!f) {
    std::fprintf(stderr, "KMU_RECORD: cannot write %s\n", path);
    std::exit(2);
  }
  return f;
}

template <class V>
struct kmu_shim_dut_base {
  VerilatedContext ctx;
  V *top;
  kmu_trace_t *tr = nullptr;
  uint64_t t = 0;
  FILE *rec = kmu_rec_open();
  int rec_named = 0; // the port names are written before the first event
  void rec_event(char c) {
    if (rec) std::fprintf(rec, "%c\n", c);
  }
  kmu_shim_dut_base() {
    ctx.traceEverOn(true);
    // Random power-up state: a test that sets KMU_POWERUP_SEED before it creates the DUT gets
    // every register and memory without a reset at random values from that seed (in a harness
    // Verilated with --x-initial unique, <h>_VFLAGS); the reset then sets only what it resets.
    if (const char *s = std::getenv("KMU_POWERUP_SEED")) {
      ctx.randReset(2);
      ctx.randSeed((int)std::strtoul(s, nullptr, 0));
    }
    top = new V(&ctx);
  }
  ~kmu_shim_dut_base() {
    if (rec) std::fclose(rec);
    if (tr) tr->close();
    delete tr;
    top->final();
#if VM_COVERAGE
    // A coverage build (make coverage): each DUT's counts to a file of its own in
    // $KMU_COV_DIR (scripts/coverage.sh merges them); the points belong to this model, so
    // they are written before it is deleted.
    if (const char *dir = std::getenv("KMU_COV_DIR")) {
      static unsigned n;
      char path[1024];
      std::snprintf(path, sizeof path, "%s/%ld-%u.dat", dir, (long)getpid(), n++);
      ctx.coveragep()->write(path);
    }
#endif
    delete top;
  }
  void dump() {
    if (tr) tr->dump(t);
  }
  void trace_open(const char *path) {
#if VM_TRACE
    tr = new VerilatedFstC;
    top->trace(tr, 99);
    tr->open(path);
#else
    std::fprintf(stderr, "no waveform %s: this model was Verilated without --trace-fst (make "
                 "test re-runs a failing seed on its traced twin: make TRACE=1 "
                 "build/tb-fst/<harness>/test_<harness>; build/bin/kmusim-paper: make "
                 "kmusim-paper-fst)\n",
                 path);
#endif
  }
  void trace_close() {
    if (tr) tr->close();
    delete tr;
    tr = nullptr;
  }
};

// A clocked block with clk_i and active-low asynchronous rst_ni.
template <class V>
struct kmu_shim_dut : kmu_shim_dut_base<V> {
  using kmu_shim_dut_base<V>::top;
  using kmu_shim_dut_base<V>::t;
  using kmu_shim_dut_base<V>::dump;
  // Reset: two rising edges with rst_ni low and every input at its struct default (zero).
  void reset() {
    this->rec_event('R');
    top->clk_i = 0;
    top->rst_ni = 0;
    top->eval();
    for (int i = 0; i < 2; i++) {
      top->clk_i = 1;
      top->eval();
      top->clk_i = 0;
      top->eval();
    }
    top->rst_ni = 1;
    top->eval();
  }
  // Rising edge with the inputs of this cycle still applied, then the falling half.  The
  // simulation time is 10 per cycle (the rising edge of cycle n at 10n), so an assertion's
  // $time names the cycle.
  void tick() {
    this->rec_event('T');
    this->ctx.time(t);
    top->clk_i = 1;
    top->eval();
    t += 5;
    dump();
    this->ctx.time(t);
    top->clk_i = 0;
    top->eval();
    t += 5;
  }
};

// A purely combinational block (no clk_i/rst_ni): eval only; tick just advances trace time.
template <class V>
struct kmu_shim_comb_dut : kmu_shim_dut_base<V> {
  void reset() {
    this->rec_event('R');
    this->top->eval();
  }
  void tick() {
    this->rec_event('T');
    this->t += 5;
    this->dump();
    this->t += 5;
  }
};

#define KMU_SHIM_SET(n) d->top->n = i->n;
#define KMU_REC_NI(n) std::fprintf(d->rec, "I %s\n", #n);
#define KMU_REC_NO(n, q) std::fprintf(d->rec, "O %s\n", #n);
#define KMU_REC_NIL(n, nl, ew) KMU_REC_NI(n)
#define KMU_REC_NOL(n, nl, ew, q) KMU_REC_NO(n, q)
#define KMU_REC_VI(n) kmu_rec_val(d->rec, d->top->n);
#define KMU_REC_VO(n, q) KMU_REC_VI(n)
#define KMU_REC_VIL(n, nl, ew) KMU_REC_VI(n)
#define KMU_REC_VOL(n, nl, ew, q) KMU_REC_VI(n)
#define KMU_SHIM_GET(n, q) o->n = (uint64_t)d->top->n;

// Lane ports (kmu_common.h): element k of the C array <-> bits [k*EW +: EW] of the Verilog
// vector.  The vector is a C integer up to 64 bits and a VlWide (32-bit words) above.
static inline void kmu_bits_put(uint32_t *w, unsigned lsb, unsigned ew, uint64_t x) {
  while (ew) {
    const unsigned o = lsb % 32, take = (32 - o < ew) ? 32 - o : ew;
    w[lsb / 32] |= (uint32_t)((x & kmu_mask(take)) << o);
    x = take >= 64 ? 0 : x >> take;
    lsb += take;
    ew -= take;
  }
}
static inline uint64_t kmu_bits_get(const uint32_t *w, unsigned lsb, unsigned ew) {
  uint64_t r = 0;
  for (unsigned done = 0; done < ew;) {
    const unsigned o = lsb % 32, take = (32 - o < ew - done) ? 32 - o : ew - done;
    r |= (uint64_t)((w[lsb / 32] >> o) & kmu_mask(take)) << done;
    lsb += take;
    done += take;
  }
  return r;
}
static inline void kmu_lanes_pack(uint32_t *w, unsigned nw, const uint64_t *v, unsigned n,
                                  unsigned ew) {
  memset(w, 0, nw * sizeof *w);
  for (unsigned k = 0; k < n; k++) kmu_bits_put(w, k * ew, ew, v[k]);
}
static inline void kmu_lanes_unpack(const uint32_t *w, uint64_t *v, unsigned n, unsigned ew) {
  for (unsigned k = 0; k < n; k++) v[k] = kmu_bits_get(w, k * ew, ew);
}
template <class T>
static inline void kmu_lanes_set(T &p, const uint64_t *v, unsigned n, unsigned ew) {
  uint32_t b[2];
  kmu_lanes_pack(b, 2, v, n, ew);
  p = (T)(b[0] | ((uint64_t)b[1] << 32));
}
template <std::size_t N>
static inline void kmu_lanes_set(VlWide<N> &p, const uint64_t *v, unsigned n, unsigned ew) {
  uint32_t b[N];
  kmu_lanes_pack(b, N, v, n, ew);
  for (std::size_t k = 0; k < N; k++) p[k] = b[k];
}
template <class T>
static inline void kmu_lanes_get(const T &p, uint64_t *v, unsigned n, unsigned ew) {
  const uint64_t x = (uint64_t)p;
  const uint32_t b[2] = {(uint32_t)x, (uint32_t)(x >> 32)};
  kmu_lanes_unpack(b, v, n, ew);
}
template <std::size_t N>
static inline void kmu_lanes_get(const VlWide<N> &p, uint64_t *v, unsigned n, unsigned ew) {
  uint32_t b[N];
  for (std::size_t k = 0; k < N; k++) b[k] = p[k];
  kmu_lanes_unpack(b, v, n, ew);
}
// KMU_SHIM_LANES: the element count of this build's instance (e.g. P_NSM), defined by the
// shim before it expands KMU_SHIM_L.
#define KMU_SHIM_SETL(n, nl, ew) kmu_lanes_set(d->top->n, i->n, KMU_SHIM_LANES, (ew));
#define KMU_SHIM_GETL(n, nl, ew, q) kmu_lanes_get(d->top->n, o->n, KMU_SHIM_LANES, (ew));

#define KMU_SHIM(BLK, VTOP, INLIST, OUTLIST) \
  KMU_SHIM_WITH(kmu_shim_dut, BLK, VTOP, INLIST, OUTLIST, KMU_NO_LANES, KMU_NO_LANES)
#define KMU_SHIM_COMB(BLK, VTOP, INLIST, OUTLIST) \
  KMU_SHIM_WITH(kmu_shim_comb_dut, BLK, VTOP, INLIST, OUTLIST, KMU_NO_LANES, KMU_NO_LANES)
// A clocked block with lane ports (INL / OUTL its lane lists; define KMU_SHIM_LANES first).
#define KMU_SHIM_L(BLK, VTOP, INLIST, OUTLIST, INL, OUTL) \
  KMU_SHIM_WITH(kmu_shim_dut, BLK, VTOP, INLIST, OUTLIST, INL, OUTL)

#define KMU_SHIM_WITH(CLS, BLK, VTOP, INLIST, OUTLIST, INL, OUTL)                          \
  typedef CLS<VTOP> BLK##_shim;                                                             \
  static void *BLK##_dut_create() { return new BLK##_shim(); }                              \
  static void BLK##_dut_destroy(void *p) { delete (BLK##_shim *)p; }                        \
  static void BLK##_dut_reset(void *p) { ((BLK##_shim *)p)->reset(); }                      \
  static void BLK##_dut_eval(void *p, const void *ip, void *op) {                           \
    BLK##_shim *d = (BLK##_shim *)p;                                                        \
    const BLK##_in *i = (const BLK##_in *)ip;                                               \
    BLK##_out *o = (BLK##_out *)op;                                                         \
    INLIST(KMU_SHIM_SET)                                                                    \
    INL(KMU_SHIM_SETL)                                                                      \
    d->top->eval();                                                                         \
    d->dump();                                                                              \
    OUTLIST(KMU_SHIM_GET)                                                                   \
    OUTL(KMU_SHIM_GETL)                                                                     \
    if (d->rec) {                                                                           \
      if (!d->rec_named) {                                                                  \
        INLIST(KMU_REC_NI) INL(KMU_REC_NIL) OUTLIST(KMU_REC_NO) OUTL(KMU_REC_NOL)           \
        d->rec_named = 1;                                                                   \
      }                                                                                     \
      std::fputc('E', d->rec);                                                              \
      INLIST(KMU_REC_VI) INL(KMU_REC_VIL) OUTLIST(KMU_REC_VO) OUTL(KMU_REC_VOL)             \
      std::fputc('\n', d->rec);                                                             \
    }                                                                                       \
  }                                                                                         \
  static void BLK##_dut_tick(void *p) { ((BLK##_shim *)p)->tick(); }                        \
  static void BLK##_dut_trace_open(void *p, const char *f) {                                \
    ((BLK##_shim *)p)->trace_open(f);                                                       \
  }                                                                                         \
  static void BLK##_dut_trace_close(void *p) { ((BLK##_shim *)p)->trace_close(); }          \
  extern "C" {                                                                              \
  extern const kmu_dut_ops BLK##_dut_ops;                                                   \
  const kmu_dut_ops BLK##_dut_ops = {BLK##_dut_create,     BLK##_dut_destroy,               \
                                     BLK##_dut_reset,      BLK##_dut_eval,                  \
                                     BLK##_dut_tick,       BLK##_dut_trace_open,            \
                                     BLK##_dut_trace_close};                                \
  }

#endif
