/* engine.h - the interface between kmusim and a GPU front-end engine.
 *
 * An engine is the kmu_gpu system top (docs/kmu-interfaces.md section 6) seen from C: the C
 * model (engine_c.c), the Verilated RTL (engine_rtl.cpp), both in lockstep (cosim), or the
 * test double of engine_fake.c.  kmusim owns the environment around it: the AXI4-Lite master
 * (tb/common/kmu_axil_master), the behavioural SMs (sm_model) and the memory (mem_model).
 *
 * Every port of kmu_gpu is one uint64_t field of kmusim_ports with the Verilog port's name.
 *
 * Cycle contract (one call of comb and one of tick per cycle, after reset):
 *   1. kmusim writes every *_i field from the environment's registered state only (no *_i
 *      depends on a *_o of the same cycle: the environment is Moore, so comb runs once);
 *   2. comb(e, p): the engine reads the *_i fields and writes every *_o field;
 *   3. kmusim observes the handshakes of the cycle (valid && ready) and updates its state;
 *   4. tick(e): the rising clock edge.
 * reset(e) applies rst_ni low for two edges with all inputs zero (as kmu_tb.h); cycle 0 is
 * the first cycle after it.  A handshake in cycle t takes effect at the edge ending t.
 */
#ifndef KMUSIM_ENGINE_H
#define KMUSIM_ENGINE_H
#include <stddef.h>
#include <stdint.h>

#include "workload.h"

#ifdef __cplusplus
extern "C" {
#endif

/* kmu_gpu inputs (driven by kmusim) */
#define KMUSIM_PORTS_IN(X)                                                                   \
  /* AXI4-Lite slave (kmu_frontend's s_*) */                                                 \
  X(s_awvalid_i) X(s_awaddr_i) X(s_wvalid_i) X(s_wdata_i) X(s_wstrb_i) X(s_bready_i)          \
  X(s_arvalid_i) X(s_araddr_i) X(s_rready_i)                                                 \
  /* memory port (kmu_mem_port's mem_*) */                                                   \
  X(mem_ready_i) X(mem_rvalid_i) X(mem_rdata_i) X(mem_rclient_i)                             \
  /* SIMT start / done buses */                                                              \
  X(simt_start_ready_i) X(simt_done_valid_i) X(simt_done_sm_i) X(simt_done_rtb_i)
/* kmu_gpu outputs (driven by the engine) */
#define KMUSIM_PORTS_OUT(X)                                                                  \
  X(s_awready_o) X(s_wready_o) X(s_bvalid_o) X(s_bresp_o) X(s_arready_o) X(s_rvalid_o)        \
  X(s_rdata_o) X(s_rresp_o)                                                                  \
  X(mem_valid_o) X(mem_write_o) X(mem_addr_o) X(mem_wdata_o) X(mem_client_o)                \
  X(simt_start_valid_o) X(simt_start_sm_o) X(simt_start_rtb_o) X(simt_start_warps_o)         \
  X(simt_start_kptr_o) X(simt_start_param_o) X(simt_start_tb_o) X(simt_start_slot_o)         \
  X(simt_done_ready_o)                                                                       \
  X(irq_o)

#define KMUSIM_PORT_FIELD(n) uint64_t n;
typedef struct {
  KMUSIM_PORTS_IN(KMUSIM_PORT_FIELD)
  KMUSIM_PORTS_OUT(KMUSIM_PORT_FIELD)
} kmusim_ports;

/* What an engine implements beyond the EDGE front end (doorbells, registration). */
#define KMUSIM_FEAT_HOST_LAUNCH 0x1u /* HOST_LAUNCH window (HL_* registers) */
#define KMUSIM_FEAT_HINT 0x2u        /* PEP launch-hint window */
#define KMUSIM_FEAT_COPY 0x4u        /* copy engine window */
#define KMUSIM_FEAT_REVOKE 0x8u      /* TReM revoke window */

typedef struct {
  const kmusim_config *cfg; /* sizes: nsm, ekt_entries, slots, pend, tbs, warps, regs, ... */
  const char *fst_path;     /* NULL: no waveform; an engine without waveforms refuses one */
  uint64_t seed;
} kmusim_engine_args;

typedef struct kmusim_engine_ops {
  const char *name;   /* as given to --engine */
  unsigned features;  /* KMUSIM_FEAT_* */
  int test_double;    /* 1: not a model of the hardware; its numbers are never results */
  /* NULL and a message in err when the engine cannot run this configuration (e.g. a Verilated
   * top built for other parameters) */
  void *(*create)(const kmusim_engine_args *a, char *err, size_t errlen);
  void (*destroy)(void *e);
  void (*reset)(void *e);
  void (*comb)(void *e, kmusim_ports *p);
  void (*tick)(void *e);
  /* optional (NULL): nonzero once the engine has failed (cosim mismatch), with a message */
  int (*failed)(void *e, char *msg, size_t len);
} kmusim_engine_ops;

/* The engines linked into this binary, NULL-terminated, the default first.  Defined by one
 * engine-list file per build (engine_list_fake.c for kmusim-fake). */
extern const kmusim_engine_ops *const kmusim_engines[];

#ifdef __cplusplus
}
#endif
#endif
