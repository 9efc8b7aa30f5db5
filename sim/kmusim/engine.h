/* engine.h - the interface between kmusim and a GPU front-end engine.
 *
 * An engine is the kmu_gpu system top (docs/kmu-interfaces.md section 6) seen from C: the C
 * model (engine_c.c), the Verilated RTL (engine_rtl.cpp), both in lockstep (cosim), or the
 * test double of engine_fake.c.  kmusim owns the environment around it: the AXI4-Lite master
 * (tb/common/kmu_axil_master), the behavioural SMs (sm_model) and the memory (mem_model).
 *
 * Every port of kmu_gpu is a field of kmusim_ports with the Verilog port's name.
 *
 * Cycle contract (one call of comb and one of tick per cycle, after reset):
 *   1. kmusim writes every *_i field from the environment's registered state;
 *   2. comb(e, p): the engine reads the *_i fields and writes every *_o field; kmusim then
 *      writes the inputs that are combinational reads of registered outputs (the SMs' shared
 *      memory and on-chip store read data, simt_start_insts_i of the offered TB) and calls
 *      comb again (the engine's outputs settle: those reads feed no output combinationally
 *      back to their addresses);
 *   3. kmusim observes the handshakes of the cycle (valid && ready) and updates its state;
 *   4. tick(e): the rising clock edge.
 * reset(e) applies rst_ni low for two edges with all inputs zero (as kmu_tb.h); cycle 0 is
 * the first cycle after it.  A handshake in cycle t takes effect at the edge ending t.
 */
#ifndef KMUSIM_ENGINE_H
#define KMUSIM_ENGINE_H
#include <stddef.h>
#include <stdint.h>

#include "kmu_gpu.h"
#include "workload.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every port of kmu_gpu, by the port lists of its C twin (cmodel/kmu_gpu.h): scalar ports
 * as uint64_t fields, per-SM ports as lanes (element s = SM s; kmu_common.h).  kmusim drives
 * the *_i fields, the engine writes the *_o fields. */
typedef struct {
  KMU_GPU_IN(KMU_FIELD_IN)
  KMU_GPU_INL(KMU_FIELD_INL)
  KMU_GPU_OUT(KMU_FIELD_OUT)
  KMU_GPU_OUTL(KMU_FIELD_OUTL)
} kmusim_ports;

/* What an engine implements beyond the EDGE front end (doorbells, registration). */
#define KMUSIM_FEAT_HOST_LAUNCH 0x1u /* HOST_LAUNCH window (HL_* registers) */
#define KMUSIM_FEAT_HINT 0x2u        /* PEP launch-hint window */
#define KMUSIM_FEAT_COPY 0x4u        /* copy engine window */
#define KMUSIM_FEAT_REVOKE 0x8u      /* TReM window (TR_*): revoke lines, read at the end */

typedef struct {
  const kmusim_config *cfg; /* sizes: nsm, ekt_entries, slots, pend, tbs, warps, regs, ... */
  const char *fst_path;     /* NULL: no waveform; an engine without waveforms refuses one */
  uint64_t seed;
} kmusim_engine_args;

/* The per-SM sizes of an engine's hardware that the behavioural SMs need (kmu_gpu's RPW,
 * BEAT_BYTES and IPB parameters of this build). */
typedef struct {
  unsigned rpw, beat_bytes;
  uint32_t ipb;
  /* the copy engine of this build (kmu_gpu's CP_* parameters): priorities, queued copies per
   * priority, tag bits, byte-count bits */
  unsigned cp_nprio, cp_qd, cp_idw, cp_lenw;
} kmusim_hw_sizes;

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
  /* the per-SM SIMT ports (kmu_sm's, as lanes of kmusim_ports) and their sizes; NULL: the
   * engine has only the start and done buses (the fake), the SMs run in legacy mode */
  const kmusim_hw_sizes *hw;
} kmusim_engine_ops;

/* The engines linked into this binary, NULL-terminated, the default first.  Defined by one
 * engine-list file per build (engine_list_fake.c for kmusim-fake). */
extern const kmusim_engine_ops *const kmusim_engines[];

#ifdef __cplusplus
}
#endif
#endif
