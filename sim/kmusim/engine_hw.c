/* engine_hw.c - the kmusim engines of the real hardware top kmu_gpu:
 *   c      the C model (cmodel/kmu_gpu.c)
 *   rtl    the Verilated RTL (rtl/kmu_gpu.v, through tb/shim/kmu_gpu_shim.cpp)
 *   cosim  both, the same inputs every cycle, every output compared every cycle; the first
 *          mismatch stops the run with cycle, signal, expected (C) and actual (RTL)
 * The binary is built for one parameter set (-DP_NSM=... as the Verilated top); an engine
 * refuses a configuration whose sizes differ. */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "kmu_gpu.h"
#include "kmu_tb.h"

extern const kmu_dut_ops kmu_gpu_dut_ops;

#define KMU_CUR_OUT kmu_gpu_out
static const kmu_sig gpu_out_sigs[] = {KMU_GPU_OUT(KMU_SIGO) KMU_GPU_OUTL(KMU_SIGOL)};
#define N_OUT (sizeof gpu_out_sigs / sizeof gpu_out_sigs[0])
static void cmp_list_init(void); /* the outputs the cosim engine compares (below) */

typedef struct {
  int use_c, use_rtl;
  kmu_gpu *model;
  void *dut;
  kmu_gpu_in in;
  kmu_gpu_out oc, orl;
  uint64_t cycle, seed;
  int failed;
  char msg[512];
} hw_engine;

static const kmu_gpu_params build_params = {
    P_AW,   P_ENTRIES,    P_CNT_W, P_NSM, P_SLOTS,     P_PEND,       P_TBS,   P_WARPS,
    P_REGS, P_SHMEM,      P_EWT,   P_CT,  P_PTBS,      P_AREA_BYTES, P_IPB,   P_RPW,
    P_REG_BYTES, P_BEAT_BYTES, P_EMA_SH, P_CP_NPRIO,  P_CP_QD,      P_CP_IDW, P_CP_LENW,
    P_CP_BUF, 32 /* PEP_TW: the RTL's default (not passed) */};

static int config_matches(const kmusim_config *c, char *err, size_t errlen) {
  const kmu_gpu_params *p = &build_params;
  if (c->nsm != p->nsm || c->ekt_entries != p->entries || c->slots != p->slots ||
      c->pend != p->pend || c->tbs != p->tbs || c->warps != p->warps || c->regs != p->regs ||
      c->shmem != p->shmem || c->ewt != p->ewt) {
    snprintf(err, errlen,
             "this binary's hardware is built for NSM=%u ENTRIES=%u SLOTS=%u PEND=%u TBS=%u "
             "WARPS=%u REGS=%u SHMEM=%u EWT=%u; configuration '%s' differs",
             p->nsm, p->entries, p->slots, p->pend, p->tbs, p->warps, p->regs, p->shmem,
             p->ewt, c->name);
    return 0;
  }
  return 1;
}

/* Random power-up state of the RTL (issue 16): every register and memory without a reset starts
 * at a value drawn from the run's --seed (the shim reads KMU_POWERUP_SEED when it creates the
 * DUT; tb/shim/kmu_shim.h), but the SMs' register memories (zero: tb/shim/kmu_gpu_shim.cpp),
 * so the cosim engine shows that no output depends on a register nobody reset or wrote.  The
 * same derivation as the block harnesses' (tb/common/kmu_tb.c).  KMU_POWERUP=0: all zero. */
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

static void *hw_create(const kmusim_engine_args *a, char *err, size_t errlen, int c, int r) {
  if (!config_matches(a->cfg, err, errlen)) return NULL;
  if (a->fst_path && !r) {
    snprintf(err, errlen, "--fst needs the rtl or cosim engine");
    return NULL;
  }
  hw_engine *e = calloc(1, sizeof *e);
  e->use_c = c;
  e->use_rtl = r;
  e->seed = a->seed;
  cmp_list_init();
  if (c) {
    e->model = calloc(1, sizeof *e->model);
    kmu_gpu_init(e->model, &build_params);
  }
  if (r) {
    powerup_seed(a->seed);
    e->dut = kmu_gpu_dut_ops.create();
    if (a->fst_path) kmu_gpu_dut_ops.trace_open(e->dut, a->fst_path);
  }
  return e;
}
static void *c_create(const kmusim_engine_args *a, char *err, size_t n) {
  return hw_create(a, err, n, 1, 0);
}
static void *rtl_create(const kmusim_engine_args *a, char *err, size_t n) {
  return hw_create(a, err, n, 0, 1);
}
static void *cosim_create(const kmusim_engine_args *a, char *err, size_t n) {
  return hw_create(a, err, n, 1, 1);
}

static void hw_destroy(void *p) {
  hw_engine *e = p;
  if (e->model) kmu_gpu_free(e->model), free(e->model);
  if (e->dut) kmu_gpu_dut_ops.destroy(e->dut);
  free(e);
}

static void hw_reset(void *p) {
  hw_engine *e = p;
  if (e->model) kmu_gpu_reset(e->model);
  if (e->dut) kmu_gpu_dut_ops.reset(e->dut);
  e->cycle = 0;
}

/* the elements of signal g the hardware has: 1 for a scalar port, NSM for a lane port */
static unsigned sig_lanes(const kmu_sig *g) {
  return g->lanes ? (g->lanes < P_NSM ? g->lanes : P_NSM) : 1;
}
/* every element the hardware has, as (value, qualifier) word indices into kmu_gpu_out: built
 * once, so the per-cycle comparison is one pass over a flat list */
static unsigned cmp_n;
static uint32_t cmp_val[N_OUT * KMU_GPU_LANES], cmp_qual[N_OUT * KMU_GPU_LANES];
static void cmp_list_init(void) {
  if (cmp_n) return;
  for (unsigned s = 0; s < N_OUT; s++) {
    const kmu_sig *g = &gpu_out_sigs[s];
    for (unsigned k = 0; k < sig_lanes(g); k++) {
      cmp_val[cmp_n] = (uint32_t)(g->off / sizeof(uint64_t)) + k;
      cmp_qual[cmp_n++] = (uint32_t)(g->qual_off / sizeof(uint64_t)) + (g->qual_lanes ? k : 0);
    }
  }
}
/* any output whose value differs while its qualifier is set in either model */
static int outputs_differ(const kmu_gpu_out *a, const kmu_gpu_out *b) {
  const uint64_t *wa = (const uint64_t *)a, *wb = (const uint64_t *)b;
  uint64_t bad = 0;
  for (unsigned n = 0; n < cmp_n; n++) {
    const uint64_t q = wa[cmp_qual[n]] | wb[cmp_qual[n]];
    bad |= (uint64_t)(q != 0) & (uint64_t)(wa[cmp_val[n]] != wb[cmp_val[n]]);
  }
  return bad != 0;
}
/* the first such output: its name (with the element of a lane port) and both values */
static void first_difference(const kmu_gpu_out *a, const kmu_gpu_out *b, char *nm, size_t n,
                             uint64_t *va, uint64_t *vb) {
  for (unsigned s = 0; s < N_OUT; s++) {
    const kmu_sig *g = &gpu_out_sigs[s];
    const unsigned nl = sig_lanes(g);
    for (unsigned k = 0; k < nl; k++) {
      const unsigned qk = g->qual_lanes ? k : 0;
      *va = kmu_sig_val(a, g->off, k);
      *vb = kmu_sig_val(b, g->off, k);
      if ((kmu_sig_val(a, g->qual_off, qk) || kmu_sig_val(b, g->qual_off, qk)) && *va != *vb) {
        if (g->lanes)
          snprintf(nm, n, "%s[%u]", g->name, k);
        else
          snprintf(nm, n, "%s", g->name);
        return;
      }
    }
  }
}

static void hw_comb(void *p, kmusim_ports *k) {
  hw_engine *e = p;
  kmu_gpu_in *i = &e->in;
#define IN_COPY(n) i->n = k->n;
#define INL_COPY(n, nl, ew) memcpy(i->n, k->n, P_NSM * sizeof i->n[0]); /* NSM elements */
  KMU_GPU_IN(IN_COPY)
  KMU_GPU_INL(INL_COPY)
#undef IN_COPY
#undef INL_COPY
  if (e->use_c) kmu_gpu_comb(e->model, i, &e->oc);
  if (e->use_rtl) kmu_gpu_dut_ops.eval(e->dut, i, &e->orl);
  const kmu_gpu_out *o = e->use_c ? &e->oc : &e->orl;
  if (e->use_c && e->use_rtl && !e->failed) {
    e->oc.always = e->orl.always = 1;
    /* every output every cycle: a lane port has NSM elements in the hardware (the structs'
     * elements from NSM up are no port and stay zero); one pass without branches finds
     * whether any qualified value differs, a second names the first one that does */
    if (outputs_differ(&e->oc, &e->orl)) {
      char nm[96];
      uint64_t vc = 0, vr = 0;
      first_difference(&e->oc, &e->orl, nm, sizeof nm, &vc, &vr);
      e->failed = 1;
      snprintf(e->msg, sizeof e->msg,
               "MISMATCH kmu_gpu cycle=%" PRIu64 " signal=%s expected=0x%" PRIx64
               " actual=0x%" PRIx64 " seed=%" PRIu64 " (expected: C model, actual: RTL)",
               e->cycle, nm, vc, vr, e->seed);
    }
  }
  if (o->hw_err_o && !e->failed) {
    e->failed = 1;
    char why[300] = "";
    if (e->use_c) { /* which block refused (the C twin's wires name it) */
      const kmu_gpu_wires *w = &e->model->w;
      size_t n = 0;
      if (w->kmu_o.err_desc_o) n += snprintf(why + n, sizeof why - n, " kmu_kmu.err_desc_o");
      if (w->kmu_o.err_take_o) n += snprintf(why + n, sizeof why - n, " kmu_kmu.err_take_o");
      if (w->kmu_o.err_done_o) n += snprintf(why + n, sizeof why - n, " kmu_kmu.err_done_o");
      for (unsigned s = 0; s < e->model->p.nsm && n < sizeof why - 60; s++) {
        const kmu_sm_out *so = &w->sm_o[s];
        if (so->err_overflow_o || so->err_done_o || so->err_o)
          n += snprintf(why + n, sizeof why - n,
                        " SM %u: err_overflow_o=%u err_done_o=%u err_o=0x%" PRIx64, s,
                        (unsigned)so->err_overflow_o, (unsigned)so->err_done_o, so->err_o);
      }
    }
    snprintf(e->msg, sizeof e->msg,
             "kmu_gpu hw_err_o at cycle %" PRIu64 ": a block refused an input:%s", e->cycle,
             *why ? why : " (see the waveform)");
  }
#define OUT_COPY(n, q) k->n = o->n;
#define OUTL_COPY(n, nl, ew, q) memcpy(k->n, o->n, P_NSM * sizeof k->n[0]);
  KMU_GPU_OUT(OUT_COPY)
  KMU_GPU_OUTL(OUTL_COPY)
#undef OUT_COPY
#undef OUTL_COPY
}

static void hw_tick(void *p) {
  hw_engine *e = p;
  if (e->use_c) kmu_gpu_tick(e->model);
  if (e->use_rtl) kmu_gpu_dut_ops.tick(e->dut);
  e->cycle++;
}

static int hw_failed(void *p, char *msg, size_t len) {
  hw_engine *e = p;
  if (e->failed) snprintf(msg, len, "%s", e->msg);
  return e->failed;
}

#define FEATS (KMUSIM_FEAT_HOST_LAUNCH | KMUSIM_FEAT_HINT | KMUSIM_FEAT_COPY | KMUSIM_FEAT_REVOKE)
static const kmusim_hw_sizes hw_sizes = {P_RPW,   P_BEAT_BYTES, P_IPB,    P_CP_NPRIO,
                                         P_CP_QD, P_CP_IDW,     P_CP_LENW};
const kmusim_engine_ops kmusim_engine_c = {"c",      FEATS,     0,         c_create,
                                           hw_destroy, hw_reset, hw_comb, hw_tick,
                                           hw_failed, &hw_sizes};
const kmusim_engine_ops kmusim_engine_rtl = {"rtl",      FEATS,     0,         rtl_create,
                                             hw_destroy, hw_reset, hw_comb, hw_tick,
                                             hw_failed, &hw_sizes};
const kmusim_engine_ops kmusim_engine_cosim = {"cosim",    FEATS,     0,         cosim_create,
                                               hw_destroy, hw_reset, hw_comb, hw_tick,
                                               hw_failed, &hw_sizes};
