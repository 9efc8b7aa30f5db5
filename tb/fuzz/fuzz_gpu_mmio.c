/* fuzz_gpu_mmio.c - libFuzzer target: the system C model (cmodel/kmu_gpu.c, built for the
 * small configuration by mk/fuzz.mk) driven by an AXI4-Lite MMIO stream decoded from the fuzz
 * input.  Built with -fsanitize=fuzzer,address,undefined: a crash, an out-of-bounds access, a
 * leak or undefined behaviour in any block's model is a finding, and so is a broken promise
 * of the bus or a block's own error output (below).
 *
 * Input (every byte past the end reads 0):
 *   byte 0        AW / W / AR valid chance (percent: 100, 70, 40, 15 for bits 1:0, 3:2, 5:4)
 *   byte 1        BREADY / RREADY chance (bits 1:0, 3:2), memory ready chance (bits 5:4),
 *                 TB run time scale (bits 7:6)
 *   bytes 2..9    seed of the timing generator (valids, readies, TB run times, read data)
 *   then ops, one byte each plus operands:
 *     00wsssss A B D0 D1 D2 D3   write: address from A B (addr_of), data D3..D0 little-end,
 *                                WSTRB 0xF if w else sssss & 0xF
 *     01xxxxxx A B               read: address from A B
 *     10nnnnnn                   run n + 1 cycles
 *     11nnnnnn                   run 8 * n + 1 cycles
 *   One cycle runs after each queued request, so requests overlap on the bus; after the
 *   last op the bus drains (at most DRAIN_CYCLES).  At most MAX_CYCLES cycles per input.
 *
 * The environment is well behaved, so that every error the model raises is its own:
 *   SIMT side: every TB start is taken (simt_start_ready_i = 1) and the TB runs for a random
 *   time, then is offered on the done bus (oldest first); a TB whose pause bit was set the
 *   cycle before is held (not offered) and reported paused (simt_paused_i) one cycle after
 *   its pause; an eviction removes it, a restore start puts it back.  No warp is live (no
 *   warp-level victim), the register-save and restore handshakes answer at once.
 *   Memory: ready at random; reads return in order LAT cycles after their request.
 *
 * Checked every cycle / response (a failure prints what and aborts):
 *   - every B and R answers an outstanding request, BRESP / RRESP is OKAY or SLVERR, and an
 *     SLVERR read returns RDATA 0 (docs/frontend-interfaces.md 3);
 *   - SLVERR where docs/regmap.md promises it: an unaligned address, a write with WSTRB != 0xF,
 *     an address in a reserved window or in no window;
 *   - no TB start into a resident-TB entry of the environment that is still busy, and no
 *     eviction of a TB the environment does not hold paused (nothing duplicated or lost);
 *   - hw_err_o (docs/kmu-interfaces.md): a block refused an input.  Only kmu_kmu's err_desc_o
 *     (a kernel descriptor with a zero or too large geometry, which software can register:
 *     a defined refusal) is allowed; every other source is a model bug under this
 *     environment. */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_axil_master.h"
#include "kmu_gpu.h"
#include "kmu_regmap.h"
#include "kmu_tb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifndef P_NSM
/* mk/fuzz.mk builds this file with the small build's sizes (-DP_<name> from GPU_SMALL in
 * sim/kmusim/kmusim.mk); make lint checks it without them: the same sizes here */
#define P_AW 16
#define P_ENTRIES 8
#define P_CNT_W 16
#define P_NSM 2
#define P_SLOTS 4
#define P_PEND 4
#define P_CT 8
#define P_TBS 4
#define P_WARPS 8
#define P_REGS 4096
#define P_SHMEM 16384
#define P_EWT 4
#define P_PTBS 4
#define P_AREA_BYTES 32768
#define P_IPB 256
#define P_RPW 16
#define P_REG_BYTES 4
#define P_BEAT_BYTES 4
#define P_EMA_SH 3
#define P_CP_NPRIO 4
#define P_CP_QD 2
#define P_CP_IDW 4
#define P_CP_LENW 20
#define P_CP_BUF 4
#endif

/* the model runs about 25k cycles/s under the sanitizers: an input is at most a fifth of a
 * second, so that a 10-minute run tries thousands */
#define MAX_CYCLES 5000u
#define DRAIN_CYCLES 1000u
#define MEM_LAT 3u
#define MEMQ 64u /* outstanding reads held by the environment (power of two) */
#define NSM_ENV (P_NSM)
#define TBS_ENV (P_TBS)

static const kmu_gpu_params build_params = {
    P_AW,   P_ENTRIES,    P_CNT_W, P_NSM, P_SLOTS,     P_PEND,       P_TBS,   P_WARPS,
    P_REGS, P_SHMEM,      P_EWT,   P_CT,  P_PTBS,      P_AREA_BYTES, P_IPB,   P_RPW,
    P_REG_BYTES, P_BEAT_BYTES, P_EMA_SH, P_CP_NPRIO, P_CP_QD, P_CP_IDW, P_CP_LENW, P_CP_BUF,
    32 /* PEP_TW: the RTL's default (not passed) */};

typedef struct {
  const uint8_t *d;
  size_t n, i;
} bytes;

static unsigned get8(bytes *b) { return b->i < b->n ? b->d[b->i++] : 0u; }

typedef struct {
  int busy, paused, held; /* held: its pause bit was seen (no done offered) */
  uint64_t due;           /* first cycle its done may be offered */
} env_tb;

typedef struct {
  uint64_t due, client, addr;
} mem_rd;

typedef struct {
  kmu_gpu m;
  kmu_gpu_in in;
  kmu_gpu_out out;
  kmu_rng rng;
  kmu_axim axi;
  uint64_t cycle;
  unsigned mem_pct, run_scale;
  env_tb tb[NSM_ENV][TBS_ENV];
  uint64_t pause_q[NSM_ENV];  /* last cycle's simt_pause_o */
  uint64_t rsave_q[NSM_ENV], rrest_q[NSM_ENV], ev_q[NSM_ENV];
  mem_rd mq[MEMQ];
  unsigned mq_h, mq_t;
  unsigned done_rr;
  uint64_t n_okay, n_slverr, n_start, n_done, n_evict, n_restore, n_desc_err, n_kdone;
} fuzz_env;

/* a failure: the message on stdout (make fuzz closes stderr, where nothing else goes), then
 * abort (libFuzzer keeps the input as a crash) */
#define FAIL(env, ...)                                                                      \
  do {                                                                                      \
    printf("fuzz_gpu_mmio: cycle %" PRIu64 ": ", (env)->cycle);                             \
    printf(__VA_ARGS__);                                                                    \
    printf("\n");                                                                           \
    fflush(stdout);                                                                         \
    abort();                                                                                \
  } while (0)

/* The decoded windows, from the generated register map (order of base address). */
typedef struct {
  uint32_t base, last;
  int reserved;
} fz_window;
#define FZ_WIN(name, base, last, rsv) {base, last, rsv},
static const fz_window fz_win[] = {KMU_REGMAP_WINDOWS(FZ_WIN)};
#undef FZ_WIN
#define FZ_NWIN ((unsigned)(sizeof fz_win / sizeof fz_win[0]))

/* Address from two bytes: A[7:5] picks a window (or, past the last window, no window at all:
 * a raw 16-bit address), the rest a word inside it; A[4] makes it unaligned by B[1:0]. */
static uint32_t addr_of(unsigned a, unsigned b) {
  const unsigned sel = a >> 5;
  if (sel >= FZ_NWIN) return ((a & 0x1fu) << 11 | b << 3 | (a & 7u)) & 0xffffu;
  const uint32_t size = fz_win[sel].last - fz_win[sel].base + 1u;
  uint32_t addr = fz_win[sel].base + ((((a & 0x0fu) << 8 | b) * 4u) % size);
  if (a & 0x10u) addr |= b & 3u;
  return addr;
}

/* the SLVERR docs/regmap.md promises for a request, whatever the register behind it:
 * unaligned, a partial write, a reserved window, or no window at all */
static int must_slverr(const kmu_axi_op *op) {
  const uint32_t a = op->addr;
  if (a & 3u) return 1;
  if (op->write && op->strb != 0xfu) return 1;
  for (unsigned i = 0; i < FZ_NWIN; i++)
    if (a >= fz_win[i].base && a <= fz_win[i].last) return fz_win[i].reserved;
  return 1;
}

static void axi_done(void *user, const kmu_axi_op *op, unsigned resp, uint32_t rdata,
                     uint64_t cycle) {
  fuzz_env *e = user;
  (void)cycle;
  if (!op) FAIL(e, "a B or R response (resp 0x%x) with no request outstanding", resp);
  if (resp != 0 && resp != 2)
    FAIL(e, "%s 0x%04x: response 0x%x is neither OKAY nor SLVERR", op->write ? "write" : "read",
         (unsigned)op->addr, resp);
  if (must_slverr(op) && resp != 2)
    FAIL(e, "%s 0x%04x (wstrb 0x%x): OKAY where docs/regmap.md promises SLVERR",
         op->write ? "write" : "read", (unsigned)op->addr, (unsigned)op->strb);
  if (getenv("FUZZ_VERBOSE") && atoi(getenv("FUZZ_VERBOSE")) > 1)
    fprintf(stderr, "fuzz_gpu_mmio: cycle %" PRIu64 ": %s 0x%04x 0x%08x -> %s 0x%08x\n", e->cycle,
            op->write ? "write" : "read", (unsigned)op->addr, (unsigned)op->data,
            resp ? "SLVERR" : "OKAY", (unsigned)rdata);
  if (resp == 2) e->n_slverr++;
  else e->n_okay++;
  if (!op->write && resp == 2 && rdata != 0)
    FAIL(e, "read 0x%04x: SLVERR with RDATA 0x%08x (must be 0)", (unsigned)op->addr,
         (unsigned)rdata);
}

/* the environment's inputs for this cycle, from its registered state */
static void drive(fuzz_env *e) {
  kmu_gpu_in *i = &e->in;
  kmu_axil_sig s;
  memset(&s, 0, sizeof s);
  kmu_axim_drive(&e->axi, &s);
  KMU_AXIM_TO_IN(s, i);
  i->mem_ready_i = kmu_rng_pct(&e->rng, e->mem_pct);
  i->mem_rvalid_i = 0;
  if (e->mq_h != e->mq_t && e->mq[e->mq_h & (MEMQ - 1)].due <= e->cycle) {
    const mem_rd *r = &e->mq[e->mq_h & (MEMQ - 1)];
    i->mem_rvalid_i = 1;
    i->mem_rclient_i = r->client;
    i->mem_rdata_i = (r->addr * 0x9e3779b1u) & 0xffffffffu; /* a function of the address */
  }
  i->simt_start_ready_i = 1;
  i->simt_start_insts_i = 1 + kmu_rng_below(&e->rng, 64);
  /* the done bus: the next finished TB (round-robin over SMs and entries) not held paused */
  i->simt_done_valid_i = 0;
  for (unsigned k = 0; k < NSM_ENV * TBS_ENV; k++) {
    const unsigned x = (e->done_rr + k) % (NSM_ENV * TBS_ENV);
    const env_tb *t = &e->tb[x / TBS_ENV][x % TBS_ENV];
    if (t->busy && !t->held && t->due <= e->cycle) {
      i->simt_done_valid_i = 1;
      i->simt_done_sm_i = x / TBS_ENV;
      i->simt_done_rtb_i = x % TBS_ENV;
      e->done_rr = x + 1;
      break;
    }
  }
  for (unsigned s = 0; s < NSM_ENV; s++) {
    uint64_t paused = 0;
    for (unsigned r = 0; r < TBS_ENV; r++) paused |= (uint64_t)e->tb[s][r].paused << r;
    i->simt_paused_i[s] = paused;
    i->rsave_ready_i[s] = 1;
    i->rrest_ready_i[s] = 1;
    i->rsave_done_i[s] = e->rsave_q[s];
    i->rrest_done_i[s] = e->rrest_q[s];
    i->ev_done_i[s] = e->ev_q[s];
    i->shm_rdata_i[s] = kmu_rng_bits(&e->rng, 32);
    i->ip_rdata_i[s] = kmu_rng_bits(&e->rng, 32);
  }
}

/* the handshakes of the cycle, the protocol checks, the environment's next state */
static void observe(fuzz_env *e) {
  const kmu_gpu_in *i = &e->in;
  const kmu_gpu_out *o = &e->out;
  kmu_axil_sig s;
  KMU_AXIM_FROM(s, i, o);
  kmu_axim_observe(&e->axi, &s, e->cycle);
  if (o->hw_err_o) {
    const kmu_gpu_wires *w = &e->m.w;
    e->n_desc_err += w->kmu_o.err_desc_o & 1;
    int other = w->kmu_o.err_take_o || w->kmu_o.err_done_o;
    for (unsigned k = 0; k < NSM_ENV; k++)
      other |= w->sm_o[k].err_overflow_o || w->sm_o[k].err_done_o || w->sm_o[k].err_o;
    if (other) {
      for (unsigned k = 0; k < NSM_ENV; k++)
        printf("  SM %u: err_overflow_o=%u err_done_o=%u err_o=0x%" PRIx64 "\n", k,
                (unsigned)w->sm_o[k].err_overflow_o, (unsigned)w->sm_o[k].err_done_o,
                w->sm_o[k].err_o);
      FAIL(e, "hw_err_o: kmu_kmu err_take_o=%u err_done_o=%u, or an SM error (above)",
           (unsigned)w->kmu_o.err_take_o, (unsigned)w->kmu_o.err_done_o);
    }
  }
  /* memory: a read accepted now returns MEM_LAT cycles later, in order */
  if (i->mem_rvalid_i) e->mq_h++;
  if (o->mem_valid_o && i->mem_ready_i && !o->mem_write_o) {
    if (e->mq_t - e->mq_h == MEMQ) FAIL(e, "more than %u memory reads outstanding", MEMQ);
    e->mq[e->mq_t++ & (MEMQ - 1)] = (mem_rd){e->cycle + MEM_LAT, o->mem_client_o, o->mem_addr_o};
  }
  /* SIMT: done (the bus is always ready), start, pause, eviction */
  e->n_kdone += o->kernel_done_o != 0;
  e->n_done += i->simt_done_valid_i & 1;
  if (i->simt_done_valid_i) e->tb[i->simt_done_sm_i][i->simt_done_rtb_i].busy = 0;
  if (o->simt_start_valid_o && i->simt_start_ready_i) {
    const uint64_t sm = o->simt_start_sm_o, rtb = o->simt_start_rtb_o;
    if (sm >= NSM_ENV || rtb >= TBS_ENV)
      FAIL(e, "TB start to SM %" PRIu64 " entry %" PRIu64 ": no such SM or entry", sm, rtb);
    env_tb *t = &e->tb[sm][rtb];
    if (t->busy)
      FAIL(e, "TB start to SM %" PRIu64 " entry %" PRIu64 ", which holds a running TB", sm, rtb);
    e->n_start++;
    e->n_restore += o->simt_start_restore_o & 1;
    const unsigned span = 8u << (2 * e->run_scale);
    *t = (env_tb){1, 0, 0, e->cycle + 1 + kmu_rng_below(&e->rng, span)};
  }
  for (unsigned sm = 0; sm < NSM_ENV; sm++) {
    if (o->simt_evict_valid_o[sm]) {
      const uint64_t rtb = o->simt_evict_rtb_o[sm];
      if (rtb >= TBS_ENV || !e->tb[sm][rtb].busy || !e->tb[sm][rtb].paused)
        FAIL(e, "eviction of SM %u entry %" PRIu64 ", which holds no paused TB", sm, rtb);
      e->tb[sm][rtb] = (env_tb){0, 0, 0, 0};
      e->n_evict++;
    }
    for (unsigned r = 0; r < TBS_ENV; r++) {
      env_tb *t = &e->tb[sm][r];
      const int pause = (int)(o->simt_pause_o[sm] >> r & 1);
      if (!t->busy) continue;
      /* paused one cycle after the pause was first seen; resumed when it drops */
      t->paused = pause && t->held;
      t->held = pause;
    }
    e->rsave_q[sm] = o->rsave_valid_o[sm] && i->rsave_ready_i[sm];
    e->rrest_q[sm] = o->rrest_valid_o[sm] && i->rrest_ready_i[sm];
    e->ev_q[sm] = o->ev_start_o[sm];
  }
}

static void cycle(fuzz_env *e) {
  drive(e);
  kmu_gpu_comb(&e->m, &e->in, &e->out);
  observe(e);
  kmu_gpu_tick(&e->m);
  e->cycle++;
}

static const unsigned pct4[4] = {100, 70, 40, 15};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static fuzz_env env; /* large: not on the stack */
  fuzz_env *e = &env;
  memset(e, 0, sizeof *e);
  bytes b = {data, size, 0};
  const unsigned h0 = get8(&b), h1 = get8(&b);
  uint64_t seed = 0;
  for (int k = 0; k < 8; k++) seed = seed << 8 | get8(&b);
  kmu_rng_seed(&e->rng, seed);
  kmu_axim_init(&e->axi, &e->rng, axi_done, e);
  e->axi.aw_pct = pct4[h0 & 3];
  e->axi.w_pct = pct4[h0 >> 2 & 3];
  e->axi.ar_pct = pct4[h0 >> 4 & 3];
  e->axi.b_pct = pct4[h1 & 3];
  e->axi.r_pct = pct4[h1 >> 2 & 3];
  e->mem_pct = pct4[h1 >> 4 & 3];
  e->run_scale = h1 >> 6;
  kmu_gpu_init(&e->m, &build_params);
  kmu_gpu_reset(&e->m);
  while (b.i < b.n && e->cycle < MAX_CYCLES) {
    const unsigned op = get8(&b);
    kmu_axi_op q;
    memset(&q, 0, sizeof q);
    switch (op >> 6) {
    case 0: {
      const unsigned a = get8(&b), c = get8(&b);
      q.write = 1;
      q.addr = addr_of(a, c);
      for (int k = 0; k < 4; k++) q.data |= (uint32_t)get8(&b) << (8 * k);
      q.strb = op & 0x20u ? 0xfu : op & 0xfu;
      break;
    }
    case 1: {
      const unsigned a = get8(&b), c = get8(&b);
      q.addr = addr_of(a, c);
      break;
    }
    default: {
      const unsigned n = (op >> 6) == 2 ? (op & 0x3fu) + 1 : 8u * (op & 0x3fu) + 1;
      for (unsigned k = 0; k < n && e->cycle < MAX_CYCLES; k++) cycle(e);
      continue;
    }
    }
    /* a full queue waits for the bus (it may wait for good: the cycle limit ends that) */
    while (!kmu_axim_push(&e->axi, &q) && e->cycle < MAX_CYCLES) cycle(e);
    if (e->cycle < MAX_CYCLES) cycle(e);
  }
  for (unsigned k = 0; k < DRAIN_CYCLES && !kmu_axim_idle(&e->axi) && e->cycle < MAX_CYCLES; k++)
    cycle(e);
  if (getenv("FUZZ_VERBOSE")) /* what one input did (to check the seeds reach the logic) */
    fprintf(stderr,
            "fuzz_gpu_mmio: %" PRIu64 " cycles; bus %" PRIu64 " OKAY %" PRIu64 " SLVERR; TBs %" PRIu64
            " started (%" PRIu64 " restores) %" PRIu64 " done %" PRIu64 " evicted; %" PRIu64
            " kernel-done cycles; %" PRIu64 " refused descriptors\n",
            e->cycle, e->n_okay, e->n_slverr, e->n_start, e->n_restore, e->n_done, e->n_evict,
            e->n_kdone, e->n_desc_err);
  kmu_gpu_free(&e->m);
  return 0;
}
