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
#include <verilated_fst_c.h>

#include "kmu_tb.h"

template <class V>
struct kmu_shim_dut_base {
  VerilatedContext ctx;
  V *top;
  VerilatedFstC *tr = nullptr;
  uint64_t t = 0;
  kmu_shim_dut_base() {
    ctx.traceEverOn(true);
    top = new V(&ctx);
  }
  ~kmu_shim_dut_base() {
    if (tr) tr->close();
    delete tr;
    top->final();
    delete top;
  }
  void dump() {
    if (tr) tr->dump(t);
  }
  void trace_open(const char *path) {
    tr = new VerilatedFstC;
    top->trace(tr, 99);
    tr->open(path);
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
  void reset() { this->top->eval(); }
  void tick() {
    this->t += 5;
    this->dump();
    this->t += 5;
  }
};

#define KMU_SHIM_SET(n) d->top->n = i->n;
#define KMU_SHIM_GET(n, q) o->n = (uint64_t)d->top->n;

#define KMU_SHIM(BLK, VTOP, INLIST, OUTLIST) \
  KMU_SHIM_WITH(kmu_shim_dut, BLK, VTOP, INLIST, OUTLIST)
#define KMU_SHIM_COMB(BLK, VTOP, INLIST, OUTLIST) \
  KMU_SHIM_WITH(kmu_shim_comb_dut, BLK, VTOP, INLIST, OUTLIST)

#define KMU_SHIM_WITH(CLS, BLK, VTOP, INLIST, OUTLIST)                                     \
  typedef CLS<VTOP> BLK##_shim;                                                             \
  static void *BLK##_dut_create() { return new BLK##_shim(); }                              \
  static void BLK##_dut_destroy(void *p) { delete (BLK##_shim *)p; }                        \
  static void BLK##_dut_reset(void *p) { ((BLK##_shim *)p)->reset(); }                      \
  static void BLK##_dut_eval(void *p, const void *ip, void *op) {                           \
    BLK##_shim *d = (BLK##_shim *)p;                                                        \
    const BLK##_in *i = (const BLK##_in *)ip;                                               \
    BLK##_out *o = (BLK##_out *)op;                                                         \
    INLIST(KMU_SHIM_SET)                                                                    \
    d->top->eval();                                                                         \
    d->dump();                                                                              \
    OUTLIST(KMU_SHIM_GET)                                                                   \
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
