/* test_kmu_ctx_engine.c - lockstep, scoreboard and directed tests of kmu_ctx_engine
 * (rtl/preempt/kmu_ctx_engine.v).
 *
 * Expected values come from the specification (docs/pep-interfaces.md section 2 and
 * docs/blocks/kmu_ctx_engine.md: the checkpoint-area layout, the access order, the byte counts,
 * the latency formulas, the err_cmd_o rules), never from the model.  The test plays every
 * neighbour of the engine: a register file with dirty bits and the kmu_dirty_rf scan stream
 * (ascending slot, then register; the handshake clears the dirty bit; random start latency and
 * bubbles; scan_done the cycle after the last handshake, or after the latency for an empty
 * scan), a memory (random req_ready, in-order read responses after a random latency), the
 * TB's shared memory (a combinational read) and the on-chip store (a registered read: the word
 * of last cycle's read, as a block RAM gives it; ctxboard).
 *
 * An episode is a PEP preemption of one TB: save (SAVE_ALL or SAVE_DIRTY: Chimera, Chimera +
 * dirty, a PEP base) into area 0; maybe the TB runs on (writes some registers, changes shared
 * memory) and an incremental SAVE_DIRTY (maybe in place) goes into area 1; the TB is evicted
 * (its registers and shared memory scrambled) and comes back in a DIFFERENT warp mask of the
 * same size: RESTORE area 0, then area 1 (which overrides).  For every command the scoreboard
 * knows, from the layout, the exact sequence of accesses (write/read, address, data), of RF
 * writes (slot, register, data) and of shared-memory writes, the done cycle and the counts; at
 * the end of an episode every register of the union of the checkpoints must hold its value at
 * the last save, and shared memory the last save's words. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_ctx_engine.h"
#include "kmu_tb.h"

static const kmu_ctx_engine_params params = {P_WARPS,     P_RPW,        P_DW,
                                             P_REG_BYTES, P_BEAT_BYTES, P_SHMEM};
#define KMU_CUR_IN kmu_ctx_engine_in
#define KMU_CUR_OUT kmu_ctx_engine_out
KMU_BLOCK(kmu_ctx_engine, KMU_CTX_ENGINE_IN, KMU_CTX_ENGINE_OUT, &params)

#define NW P_WARPS
#define NR P_RPW
#define NS P_SHMEM
#define BB ((uint32_t)P_BEAT_BYTES)
#define REGB ((uint32_t)P_REG_BYTES)
#define RB (P_REG_BYTES / P_BEAT_BYTES)          /* memory beats per warp register */
#define DMASK ((uint32_t)kmu_mask(P_DW))
#define BMAP_B ((uint32_t)NW * BB)               /* layout: bitmaps, registers, shared memory */
#define SHM_OFF (BMAP_B + (uint32_t)NW * NR * REGB)
#define NSB_MAX ((NS + P_BEAT_BYTES - 1) / P_BEAT_BYTES + 1)
#define QCAP (NW * NR * RB + NW + NSB_MAX + 8)   /* accesses of one command, at most */
#define MEM_BASE 0x80000000u                     /* memory areas */
#define IP_BASE 0x00100000u                      /* on-chip store areas */
#define NAREA 4

static uint32_t area_bytes(void) { /* AREA_BYTES: the power of two >= the layout's end */
  uint32_t a = 1;
  while (a < SHM_OFF + NS) a <<= 1;
  return a;
}
static unsigned popc(uint64_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}
static unsigned nth_slot(uint64_t mask, unsigned i) { /* slot of the i-th set bit */
  for (unsigned w = 0; w < 64; w++)
    if ((mask >> w) & 1) {
      if (i == 0) return w;
      i--;
    }
  return 64;
}
static unsigned shm_beats(unsigned shmem) { return (shmem + BB - 1) / BB; }
static int cmd_is_bad(unsigned op, uint64_t wmask, unsigned rpw, unsigned shmem) {
  return op == 3 || rpw == 0 || rpw > NR || wmask == 0 || shmem > NS;
}

/* ---------------------------------------------------------------- the test's world */
typedef struct {
  int write, shm_off; /* shm_off: the shared-memory byte address of a save's shm beat, or -1 */
  uint32_t addr, data;
} acc_t;
typedef struct {
  unsigned warp, reg;
  uint32_t data;
} rfw_t;
typedef struct {
  uint64_t due;
  uint32_t data;
} rsp_t;

typedef struct { /* what a checkpoint holds, by the specification */
  int valid, inplace;
  uint32_t area;
  unsigned nw, rpw, shmem;
  uint32_t bmap[NW];
  uint32_t data[NW][NR];
  uint32_t shm[NSB_MAX];
} ckpt_t;

typedef struct {
  unsigned op, inplace, rpw, shmem;
  uint64_t wmask;
  uint32_t area;
} cmd_t;

/* episode steps */
enum { ST_SAVE, ST_MODIFY, ST_SCRAMBLE, ST_CORRUPT, ST_RESTORE, ST_FINAL, ST_BAD, ST_END };
typedef struct {
  int kind, k, op, inplace, early; /* early: present while the previous command runs */
} step_t;

typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t seed, cycles, cyc;
  /* knobs (random per episode, fixed in the directed runs) */
  int scripted;                 /* directed: the step list, knobs and TB are given */
  unsigned rdy_pct, minlat, maxlat, bubble_pct, scan_lmin, scan_lmax, dirty_pct;
  int check_timing;             /* compare done - accept with the latency formula */
  unsigned abort_ppm;           /* abort_i: chance per cycle (per million) of a 1-3 cycle level */
  /* abort: abort_i cycles still to drive; the command is being aborted (from the cycle it was
   * taken), the request stalled then still held, the cycle the engine must be idle again */
  unsigned abt_len;
  int aborting, abt_hold;
  uint64_t abt_cyc, abt_idle_due;
  /* the register file, shared memory, memory, on-chip store */
  uint32_t rf[NW][NR], dirty[NW];
  uint32_t shm[NS / 4 + 8];
  uint32_t *mem, *ipm;
  unsigned memw;
  /* scan emulation */
  int sc_pending, sc_active;
  unsigned sc_n, sc_pos;
  uint64_t sc_next, sc_done_at, sc_start_cyc;
  unsigned sc_w[NW * NR], sc_r[NW * NR];
  /* the TB of the episode */
  unsigned nw, rpw, shmem;
  uint64_t smask, rmask; /* save and restore warp masks */
  uint32_t area_of[2];
  ckpt_t ck[2];
  uint32_t snap[NW][NR]; /* the TB's registers at its last save, by warp index */
  uint32_t snap_shm[NSB_MAX];
  /* steps */
  step_t steps[16];
  unsigned nsteps, sp;
  uint64_t gap_until;
  /* the command on cmd_* and the one in flight */
  int present;
  cmd_t pc;
  int pc_bad, pc_k;
  int active, act_restore, act_inplace, act_k;
  uint64_t act_cyc, done_due;
  unsigned exp_regs;
  uint32_t exp_bytes;
  uint64_t exp_cycles;
  unsigned exp_walk; /* of exp_cycles: the slot walk's cycles (ctxcyc: the wmask's layout) */
  acc_t *acc;
  unsigned acc_h, acc_n;
  rfw_t *rfw;
  unsigned rfw_h, rfw_n;
  acc_t *shw;
  unsigned shw_h, shw_n;
  rsp_t *rq;
  unsigned rq_h, rq_n;
  /* the on-chip store reads like a block RAM (ctxboard): an in-place read of the last cycle
   * (ip_rdata_i this cycle) and its word */
  int ip_rv;
  uint32_t ip_rd;
  uint64_t last_due;
  /* memory protocol: last cycle's request */
  int prev_rv, prev_rr;
  uint32_t prev_ra, prev_rd, prev_rw;
  /* counts */
  uint64_t n_cmd[3], n_inplace, n_bad, n_ep, n_two, n_empty, n_stall, n_rfw, n_measured;
  uint64_t n_abort, n_abort_scan, n_abort_drain, n_abort_hold, n_abort_ign;
  uint64_t last_b, last_cycles;
  uint64_t progress; /* last cycle a command moved (watchdog) */
  int final_bad;     /* an end-of-episode check (ST_FINAL) failed: w_check fails the cycle */
} world;

static uint32_t rnd32(world *x) { return (uint32_t)kmu_rng_next(&x->rng); }
static unsigned rnd_range(world *x, unsigned lo, unsigned hi) {
  return lo + (unsigned)kmu_rng_below(&x->rng, hi - lo + 1);
}
static uint64_t rnd_mask(world *x, unsigned n) { /* n distinct random slots */
  uint64_t m = 0;
  while (popc(m) < n) m |= 1ull << kmu_rng_below(&x->rng, NW);
  return m;
}
static uint32_t *word_of(world *x, int inplace, uint32_t addr) {
  uint32_t base = inplace ? IP_BASE : MEM_BASE;
  uint32_t wi = (addr - base) / 4;
  if (addr < base || wi >= x->memw || (addr & 3)) return NULL;
  return inplace ? &x->ipm[wi] : &x->mem[wi];
}

static void world_reset(world *x) {
  memset(x->rf, 0, sizeof x->rf);
  memset(x->dirty, 0, sizeof x->dirty);
  for (unsigned j = 0; j < NS / 4 + 8; j++) x->shm[j] = rnd32(x);
  memset(x->mem, 0, (size_t)x->memw * 4);
  memset(x->ipm, 0, (size_t)x->memw * 4);
  x->sc_pending = x->sc_active = 0;
  x->sc_done_at = UINT64_MAX;
  x->present = x->active = 0;
  x->acc_n = x->acc_h = x->rfw_n = x->rfw_h = x->shw_n = x->shw_h = x->rq_n = x->rq_h = 0;
  x->last_due = 0;
  x->ip_rv = 0;
  x->done_due = UINT64_MAX;
  x->prev_rv = 0;
  x->nsteps = x->sp = 0;
  x->gap_until = 0;
  x->abt_len = 0;
  x->aborting = x->abt_hold = 0;
  x->abt_idle_due = UINT64_MAX;
}

/* ---- the TB of an episode */
static void tb_new(world *x, unsigned nw, unsigned rpw, unsigned shmem) {
  x->nw = nw;
  x->rpw = rpw;
  x->shmem = shmem;
  x->smask = rnd_mask(x, nw);
  x->rmask = x->smask;
  for (int t = 0; t < 8 && x->rmask == x->smask && nw < NW; t++) x->rmask = rnd_mask(x, nw);
  for (unsigned w = 0; w < NW; w++) {
    x->dirty[w] = 0;
    for (unsigned r = 0; r < NR; r++) {
      x->rf[w][r] = rnd32(x) & DMASK;
      if (((x->smask >> w) & 1) && r < rpw && kmu_rng_pct(&x->rng, x->dirty_pct))
        x->dirty[w] |= 1u << r;
    }
  }
  for (unsigned j = 0; j < NS / 4 + 8; j++) x->shm[j] = rnd32(x);
  unsigned a0 = (unsigned)kmu_rng_below(&x->rng, NAREA), a1 = (a0 + 1) % NAREA;
  /* areas AREA_BYTES + 32 apart, each at a random word offset 0..28: unaligned, disjoint */
  x->area_of[0] = a0 * (area_bytes() + 32) + 4 * (unsigned)kmu_rng_below(&x->rng, 8);
  x->area_of[1] = a1 * (area_bytes() + 32) + 4 * (unsigned)kmu_rng_below(&x->rng, 8);
  memset(x->ck, 0, sizeof x->ck);
}

/* the TB runs on: some registers written (dirty), shared memory changed */
static void tb_modify(world *x) {
  unsigned nwr = (unsigned)kmu_rng_below(&x->rng, x->nw * x->rpw + 1);
  for (unsigned k = 0; k < nwr; k++) {
    unsigned w = nth_slot(x->smask, (unsigned)kmu_rng_below(&x->rng, x->nw));
    unsigned r = (unsigned)kmu_rng_below(&x->rng, x->rpw);
    x->rf[w][r] = rnd32(x) & DMASK;
    x->dirty[w] |= 1u << r;
  }
  for (unsigned j = 0; j < NS / 4 + 8; j++)
    if (kmu_rng_pct(&x->rng, 30)) x->shm[j] = rnd32(x);
}

/* the TB is evicted: the restore mask's registers and shared memory hold someone else's data */
static void tb_scramble(world *x) {
  for (unsigned w = 0; w < NW; w++) {
    x->dirty[w] = (uint32_t)kmu_rng_bits(&x->rng, NR);
    for (unsigned r = 0; r < NR; r++) x->rf[w][r] = rnd32(x) & DMASK;
  }
  for (unsigned j = 0; j < NS / 4 + 8; j++) x->shm[j] = rnd32(x);
}

/* a corrupt checkpoint: bitmap bits >= rpw set in the stored words (a restore ignores them) */
static void ck_corrupt(world *x, int k) {
  for (unsigned i = 0; i < x->nw; i++) {
    uint32_t *p = word_of(x, x->ck[k].inplace, x->ck[k].area + i * BB);
    if (p) *p |= (uint32_t)(kmu_mask(NR) & ~kmu_mask(x->rpw));
  }
}

/* ---- expectations of one command, from the layout */
static void acc_push(world *x, int write, uint32_t addr, uint32_t data, int shm_off) {
  x->acc[x->acc_n++] = (acc_t){write, shm_off, addr, data};
}

static void expect_save(world *x, const cmd_t *c, int k) {
  ckpt_t *ck = &x->ck[k];
  unsigned rbe = c->inplace ? 1 : RB, n = 0;
  memset(ck, 0, sizeof *ck);
  ck->valid = 1;
  ck->inplace = (int)c->inplace;
  ck->area = c->area;
  ck->nw = popc(c->wmask);
  ck->rpw = c->rpw;
  ck->shmem = c->shmem;
  /* the scan: ascending slot, then register; every allocated register or the dirty ones */
  x->sc_n = x->sc_pos = 0;
  for (unsigned i = 0; i < ck->nw; i++) {
    unsigned w = nth_slot(c->wmask, i);
    for (unsigned r = 0; r < NR; r++) {
      x->snap[i][r] = x->rf[w][r];
      if (r >= c->rpw || !(c->op == KMU_CTX_OP_SAVE_ALL || ((x->dirty[w] >> r) & 1))) continue;
      x->sc_w[x->sc_n] = w;
      x->sc_r[x->sc_n++] = r;
      ck->bmap[i] |= 1u << r;
      ck->data[i][r] = x->rf[w][r];
      for (unsigned b = 0; b < rbe; b++)
        acc_push(x, 1, c->area + BMAP_B + (i * NR + r) * REGB + b * BB, x->rf[w][r], -1);
      n++;
    }
  }
  for (unsigned i = 0; i < ck->nw; i++) acc_push(x, 1, c->area + i * BB, ck->bmap[i], -1);
  unsigned nsb = shm_beats(c->shmem);
  for (unsigned j = 0; j < nsb; j++) {
    ck->shm[j] = x->shm[j * BB / 4];
    x->snap_shm[j] = ck->shm[j];
    acc_push(x, 1, c->area + SHM_OFF + j * BB, ck->shm[j], (int)(j * BB));
  }
  x->exp_regs = n;
  x->exp_bytes = n * REGB + (ck->nw + nsb) * BB;
  x->n_empty += n == 0;
  x->sc_pending = 1;
  /* latency: scan_start_o in t+1, first entry L later (or scan_done L later), then the register
   * writes back to back; the bitmaps after two cycles (the last slot's word written, the first
   * slot's read: ctxcyc) and one cycle per slot from the TB's first to its last (a slot outside
   * the wmask: a cycle without a write); then the shared memory; done the cycle after the last:
   * B + L + 3 + (last slot - first slot + 1 - n) (+1 for an empty scan) */
  unsigned lw = nth_slot(c->wmask, ck->nw - 1), fw = nth_slot(c->wmask, 0);
  x->exp_walk = lw - fw + 1 - ck->nw;
  x->exp_cycles = x->acc_n + x->scan_lmin + 3 + x->exp_walk + (n == 0);
}

static void expect_restore(world *x, const cmd_t *c, int k) {
  const ckpt_t *ck = &x->ck[k];
  unsigned rbe = c->inplace ? 1 : RB, n = 0, nw = popc(c->wmask), nk = 0, gk = 0, g1 = 0;
  for (unsigned i = 0; i < nw; i++) acc_push(x, 0, c->area + i * BB, 0, -1);
  for (unsigned i = 0; i < nw; i++) {
    unsigned w = nth_slot(c->wmask, i);
    if (ck->bmap[i] & (uint32_t)kmu_mask(c->rpw)) { /* a non-empty slot */
      if (!nk++) g1 = w;
      gk = w;
    }
    for (unsigned r = 0; r < c->rpw; r++) {
      if (!((ck->bmap[i] >> r) & 1)) continue;
      for (unsigned b = 0; b < rbe; b++)
        acc_push(x, 0, c->area + BMAP_B + (i * NR + r) * REGB + b * BB, 0, -1);
      x->rfw[x->rfw_n++] = (rfw_t){w, r, ck->data[i][r] & DMASK};
      n++;
    }
  }
  unsigned nsb = shm_beats(c->shmem);
  for (unsigned j = 0; j < nsb; j++) {
    acc_push(x, 0, c->area + SHM_OFF + j * BB, 0, -1);
    x->shw[x->shw_n++] = (acc_t){1, (int)(j * BB), j * BB, ck->shm[j]};
  }
  x->exp_regs = n;
  x->exp_bytes = n * REGB + (nw + nsb) * BB;
  /* latency: bitmaps t+1..t+n, the last arrives D later, one cycle to start the walk, which
   * visits the slots one a cycle (ctxcyc) from the first non-empty one g1 to the last g: a
   * non-empty slot a cycle more (its word loaded), then its registers back to back; done the
   * cycle after the last data: B + 2D + 2 + W, W = g - g1 + k + 1 (k the non-empty slots),
   * 0 with no register; B + D + 1 when only bitmaps */
  unsigned d = c->inplace ? 1 : x->minlat; /* the store's registered read (ctxboard; was 0) */
  unsigned walk = nk ? gk - g1 + nk + 1 : 0;
  x->exp_walk = n || nsb ? walk : 0;
  x->exp_cycles = x->acc_n + (n || nsb ? 2 * d + 2 + walk : d + 1);
}

/* ---------------------------------------------------------------- episodes */
static void add_step(world *x, int kind, int k, int op, int inplace, int early) {
  x->steps[x->nsteps++] = (step_t){kind, k, op, inplace, early};
}

static void new_episode(world *x) {
  kmu_rng *g = &x->rng;
  static const unsigned rdy[] = {20, 50, 80, 100, 100};
  static const unsigned dp[] = {0, 10, 40, 80, 100};
  x->rdy_pct = rdy[kmu_rng_below(g, 5)];
  x->minlat = 1 + (unsigned)kmu_rng_below(g, 4);
  x->maxlat = x->minlat + (unsigned)kmu_rng_below(g, 12);
  x->bubble_pct = (unsigned)kmu_rng_below(g, 3) * 20;
  x->scan_lmin = 1;
  x->scan_lmax = 1 + (unsigned)kmu_rng_below(g, 3);
  x->dirty_pct = dp[kmu_rng_below(g, 5)];
  static const unsigned ab[] = {0, 0, 0, 500, 3000, 20000};
  x->abort_ppm = ab[kmu_rng_below(g, 6)];
  /* mostly small TBs (short episodes), sometimes the largest */
  unsigned nw = kmu_rng_pct(g, 15) ? NW : 1 + (unsigned)kmu_rng_below(g, NW < 4 ? NW : 4);
  unsigned rpw = kmu_rng_pct(g, 25) ? NR : 1 + (unsigned)kmu_rng_below(g, NR);
  unsigned shmem = 0;
  switch (kmu_rng_below(g, 4)) {
    case 0: shmem = 0; break;
    case 1: shmem = 1 + (unsigned)kmu_rng_below(g, 4 * BB); break; /* a few beats, partial */
    case 2: shmem = (unsigned)kmu_rng_below(g, NS + 1) / 8; break;
    default: shmem = kmu_rng_pct(g, 20) ? NS : (unsigned)kmu_rng_below(g, 16 * BB + 1); break;
  }
  tb_new(x, nw, rpw, shmem);
  x->nsteps = x->sp = 0;
  int two = kmu_rng_pct(g, 50);
  if (kmu_rng_pct(g, 30)) add_step(x, ST_BAD, 0, 0, 0, 0);
  add_step(x, ST_SAVE, 0, kmu_rng_pct(g, 40) ? KMU_CTX_OP_SAVE_ALL : KMU_CTX_OP_SAVE_DIRTY, kmu_rng_pct(g, 20), 0);
  if (two) {
    add_step(x, ST_MODIFY, 0, 0, 0, 0);
    add_step(x, ST_SAVE, 1, KMU_CTX_OP_SAVE_DIRTY, kmu_rng_pct(g, 50), 0);
  }
  add_step(x, ST_SCRAMBLE, 0, 0, 0, 0);
  if (kmu_rng_pct(g, 10)) add_step(x, ST_CORRUPT, 0, 0, 0, 0);
  if (kmu_rng_pct(g, 20)) add_step(x, ST_BAD, 0, 0, 0, 0);
  add_step(x, ST_RESTORE, 0, KMU_CTX_OP_RESTORE, 0, 0);
  if (two) add_step(x, ST_RESTORE, 1, KMU_CTX_OP_RESTORE, 0, kmu_rng_pct(g, 50));
  add_step(x, ST_FINAL, 0, 0, 0, 0);
  x->n_ep++;
  x->n_two += two;
}

static void present_cmd(world *x, unsigned op, int k) {
  cmd_t *c = &x->pc;
  c->op = op;
  c->rpw = x->rpw;
  c->shmem = x->shmem;
  if (op == KMU_CTX_OP_RESTORE) {
    c->inplace = (unsigned)x->ck[k].inplace;
    c->wmask = x->rmask;
    c->area = x->ck[k].area;
  } else {
    c->wmask = x->smask;
    c->area = (c->inplace ? IP_BASE : MEM_BASE) + x->area_of[k];
  }
  x->present = 1;
  x->pc_bad = 0;
  x->pc_k = k;
}

static void present_bad(world *x) {
  cmd_t *c = &x->pc;
  c->op = (unsigned)kmu_rng_below(&x->rng, 3);
  c->inplace = (unsigned)kmu_rng_bits(&x->rng, 1);
  c->wmask = rnd_mask(x, 1);
  c->rpw = 1 + (unsigned)kmu_rng_below(&x->rng, NR);
  c->shmem = (unsigned)kmu_rng_below(&x->rng, NS + 1);
  c->area = rnd32(x);
  switch (kmu_rng_below(&x->rng, 5)) {
    case 0: c->op = 3; break;
    case 1: c->rpw = 0; break;
    case 2: c->rpw = NR < 63 ? NR + 1 + (unsigned)kmu_rng_below(&x->rng, 63 - NR) : 0; break;
    case 3: c->wmask = 0; break;
    default: c->shmem = NS < 131071 ? NS + 1 + (unsigned)kmu_rng_below(&x->rng, 131071 - NS) : 0;
  }
  x->present = 1;
  x->pc_bad = 1;
}

static int final_check(world *x) {
  int ok = 1;
  const char *t = x->test;
  /* every register of the union of the checkpoints holds its value at the last save */
  for (unsigned i = 0; i < x->nw; i++) {
    unsigned w = nth_slot(x->rmask, i);
    uint32_t u = x->ck[0].bmap[i] | (x->ck[1].valid ? x->ck[1].bmap[i] : 0);
    for (unsigned r = 0; r < x->rpw; r++)
      if ((u >> r) & 1)
        ok &= KMU_EXPECT_EQ(t, x->cyc, "restored register = its value at the last save",
                            x->snap[i][r] & DMASK, x->rf[w][r]);
  }
  for (unsigned j = 0; j < shm_beats(x->shmem); j++)
    ok &= KMU_EXPECT_EQ(t, x->cyc, "restored shared memory = the last save's", x->snap_shm[j],
                        x->shm[j * BB / 4]);
  return ok;
}

/* ---------------------------------------------------------------- stimulus */
static void w_init(void *c, uint64_t seed) {
  world *x = c;
  int scripted = x->scripted;
  x->seed = seed;
  kmu_rng_seed(&x->rng, seed);
  world_reset(x);
  memset(x->n_cmd, 0, sizeof x->n_cmd);
  x->n_inplace = x->n_bad = x->n_ep = x->n_two = x->n_empty = x->n_stall = x->n_rfw = 0;
  x->n_measured = 0;
  x->n_abort = x->n_abort_scan = x->n_abort_drain = x->n_abort_hold = x->n_abort_ign = 0;
  x->abort_ppm = 0;
  x->progress = 0;
  x->final_bad = 0;
  x->scripted = scripted;
}

static int w_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  world *x = c;
  kmu_ctx_engine_in *i = in;
  const kmu_ctx_engine_out *p = po;
  (void)pi;
  x->cyc = cyc;
  memset(i, 0, sizeof *i);

  /* the scan starts the cycle after scan_start_o */
  if (cyc > 0 && p->scan_start_o && x->sc_pending) {
    x->sc_pending = 0;
    x->sc_active = 1;
    x->sc_start_cyc = cyc - 1;
    x->sc_next = cyc - 1 + rnd_range(x, x->scan_lmin, x->scan_lmax);
  }

  /* episode steps: a new command only when idle and the previous one is done (or early) */
  if (!x->present && cyc >= x->gap_until) {
    if (x->sp >= x->nsteps) {
      if (x->scripted) return x->active ? 1 : 0;
      if (!x->active) new_episode(x);
    }
    while (x->sp < x->nsteps && !x->present) {
      const step_t *s = &x->steps[x->sp];
      if (x->active && !(s->kind == ST_RESTORE && s->early)) break;
      x->sp++;
      switch (s->kind) {
        case ST_SAVE: x->pc.inplace = (unsigned)s->inplace; present_cmd(x, (unsigned)s->op, s->k); break;
        case ST_RESTORE: present_cmd(x, KMU_CTX_OP_RESTORE, s->k); break;
        case ST_MODIFY: tb_modify(x); break;
        case ST_SCRAMBLE: tb_scramble(x); break;
        case ST_CORRUPT: ck_corrupt(x, 0); break;
        case ST_BAD: present_bad(x); break;
        case ST_FINAL:
          /* drive can only end a run, and an ended run reads as a directed program that is
           * done (it passed): the result goes to w_check, which fails this cycle */
          x->final_bad |= !final_check(x);
          break;
        default: break;
      }
    }
  }
  if (x->present) {
    i->cmd_valid_i = 1;
    i->cmd_op_i = x->pc.op;
    i->cmd_inplace_i = x->pc.inplace;
    i->cmd_wmask_i = x->pc.wmask;
    i->cmd_rpw_i = x->pc.rpw;
    i->cmd_shmem_i = x->pc.shmem;
    i->cmd_area_i = x->pc.area;
  } else { /* ignored while not valid */
    i->cmd_op_i = kmu_rng_bits(&x->rng, 2);
    i->cmd_inplace_i = kmu_rng_bits(&x->rng, 1);
    i->cmd_wmask_i = kmu_rng_bits(&x->rng, NW);
    i->cmd_rpw_i = kmu_rng_bits(&x->rng, 6);
    i->cmd_shmem_i = kmu_rng_bits(&x->rng, 17);
    i->cmd_area_i = kmu_rng_bits(&x->rng, 32);
  }

  /* abort: a level of 1-3 cycles at random points (also while idle: ignored) */
  if (x->abt_len) {
    i->abort_i = 1;
    x->abt_len--;
  } else if (x->abort_ppm && kmu_rng_below(&x->rng, 1000000) < x->abort_ppm) {
    i->abort_i = 1;
    x->abt_len = (unsigned)kmu_rng_below(&x->rng, 3);
  }

  /* scan stream */
  i->scan_warp_i = kmu_rng_bits(&x->rng, 6);
  i->scan_reg_i = kmu_rng_bits(&x->rng, 5);
  i->scan_data_i = kmu_rng_bits(&x->rng, P_DW);
  i->scan_last_i = kmu_rng_bits(&x->rng, 1);
  if (x->sc_active && x->sc_pos < x->sc_n && cyc >= x->sc_next) {
    unsigned w = x->sc_w[x->sc_pos], r = x->sc_r[x->sc_pos];
    i->scan_valid_i = 1;
    i->scan_warp_i = w;
    i->scan_reg_i = r;
    i->scan_data_i = x->rf[w][r];
    i->scan_last_i = x->sc_pos + 1 == x->sc_n;
  }
  if (x->sc_active && x->sc_n == 0 && cyc == x->sc_next) {
    i->scan_done_i = 1; /* an empty scan */
    x->sc_active = 0;
  }
  if (cyc == x->sc_done_at) i->scan_done_i = 1;

  /* memory */
  i->req_ready_i = kmu_rng_pct(&x->rng, x->rdy_pct);
  i->rsp_rdata_i = rnd32(x);
  if (x->rq_n && x->rq[x->rq_h].due <= cyc) {
    i->rsp_valid_i = 1;
    i->rsp_rdata_i = x->rq[x->rq_h].data;
  }
  /* shared memory, a combinational read: the word at the address the specification says comes
   * next (the scoreboard checks the engine's address against it); the on-chip store, a
   * registered read (ctxboard): the word of last cycle's in-place read, else noise */
  i->shm_rdata_i = rnd32(x);
  i->ip_rdata_i = x->ip_rv ? x->ip_rd : rnd32(x);
  if (x->active && x->acc_h < x->acc_n) {
    const acc_t *a = &x->acc[x->acc_h];
    if (!x->act_restore && a->shm_off >= 0) i->shm_rdata_i = x->shm[a->shm_off / 4];
  }
  return 1;
}

static int w_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  world *x = c;
  const kmu_ctx_engine_in *i = ip;
  const kmu_ctx_engine_out *o = op;
  const char *t = x->test;
  int ok = 1;

  ok &= KMU_EXPECT_EQ(t, cyc, "end of episode: restored registers and shared memory", 0,
                      x->final_bad);
  ok &= KMU_EXPECT_EQ(t, cyc, "busy_o = !cmd_ready_o", !o->cmd_ready_o, o->busy_o);

  /* ---- done: the cycle after the last access (save) / the last read data (restore) */
  if (o->done_o) {
    ok &= kmu_expect(x->active && x->done_due == cyc, t, cyc, "done_o in the cycle due",
                     x->done_due, cyc);
    ok &= KMU_EXPECT_EQ(t, cyc, "done_regs_o", x->exp_regs, o->done_regs_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "done_bytes_o", x->exp_bytes, o->done_bytes_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "done_o: idle", 0, o->busy_o);
    if (x->check_timing)
      ok &= KMU_EXPECT_EQ(t, cyc, "command -> done_o cycles (latency formula)", x->exp_cycles,
                          cyc - x->act_cyc);
    x->last_b = x->acc_n;
    x->last_cycles = cyc - x->act_cyc;
    if (x->scripted && getenv("KMU_COV") && !kmu_tb_quiet())
      printf("  %s: %s%s: %u accesses (%u registers), command -> done_o %llu cycles (slot walk "
             "%u)\n", t, x->act_restore ? "RESTORE" : "SAVE", x->act_inplace ? " in place" : "",
             x->acc_n, x->exp_regs, (unsigned long long)x->last_cycles, x->exp_walk);
    x->n_measured++;
    x->active = 0;
    x->done_due = UINT64_MAX;
    x->gap_until = cyc + 1 + (x->scripted ? 0 : kmu_rng_below(&x->rng, 3));
  } else {
    ok &= kmu_expect(x->done_due != cyc, t, cyc, "done_o missing in the cycle due", 1, 0);
  }

  /* ---- command */
  if (i->cmd_valid_i && o->cmd_ready_o) {
    int bad = cmd_is_bad((unsigned)i->cmd_op_i, i->cmd_wmask_i, (unsigned)i->cmd_rpw_i,
                         (unsigned)i->cmd_shmem_i);
    ok &= KMU_EXPECT_EQ(t, cyc, "err_cmd_o (bad command)", bad, o->err_cmd_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "the test's bad commands are bad", x->pc_bad, bad);
    x->present = 0;
    if (bad) {
      x->n_bad++;
    } else {
      x->active = 1;
      x->act_cyc = cyc;
      x->act_restore = x->pc.op == KMU_CTX_OP_RESTORE;
      x->act_inplace = (int)x->pc.inplace;
      x->act_k = x->pc_k;
      x->acc_n = x->acc_h = x->rfw_n = x->rfw_h = x->shw_n = x->shw_h = 0;
      x->n_cmd[x->pc.op]++;
      x->n_inplace += x->pc.inplace;
      if (x->act_restore) expect_restore(x, &x->pc, x->pc_k);
      else expect_save(x, &x->pc, x->pc_k);
    }
  } else {
    ok &= KMU_EXPECT_EQ(t, cyc, "err_cmd_o only for a command it would accept", 0, o->err_cmd_o);
  }
  ok &= kmu_expect(!o->scan_start_o || (x->sc_pending && cyc == x->act_cyc + 1), t, cyc,
                   "scan_start_o the cycle after a save command", 1, o->scan_start_o);
  if (o->scan_start_o) {
    ok &= KMU_EXPECT_EQ(t, cyc, "scan_wmask_o", x->smask, o->scan_wmask_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "scan_rpw_o", x->rpw, o->scan_rpw_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "scan_all_o", x->pc.op == KMU_CTX_OP_SAVE_ALL, o->scan_all_o);
  }

  /* ---- scan handshake: the entry is saved; its dirty bit clears */
  if (i->scan_valid_i && o->scan_ready_o) {
    unsigned w = x->sc_w[x->sc_pos], r = x->sc_r[x->sc_pos];
    x->dirty[w] &= ~(1u << r);
    x->sc_pos++;
    x->sc_next = cyc + 1 + (kmu_rng_pct(&x->rng, x->bubble_pct) ? rnd_range(x, 1, 3) : 0);
    if (x->sc_pos == x->sc_n) {
      x->sc_active = 0;
      x->sc_done_at = cyc + 1;
    }
  }

  /* ---- memory protocol: a request not taken stays, unchanged */
  if (x->prev_rv && !x->prev_rr) {
    ok &= KMU_EXPECT_EQ(t, cyc, "req_valid_o held until req_ready_i", 1, o->req_valid_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "req_addr_o stable", x->prev_ra, o->req_addr_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "req_wdata_o stable", x->prev_rd, o->req_wdata_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "req_write_o stable", x->prev_rw, o->req_write_o);
  }
  x->prev_rv = (int)o->req_valid_o;
  x->prev_rr = (int)i->req_ready_i;
  x->prev_ra = (uint32_t)o->req_addr_o;
  x->prev_rd = (uint32_t)o->req_wdata_o;
  x->prev_rw = (uint32_t)o->req_write_o;
  if (o->req_valid_o && !i->req_ready_i) x->n_stall++;

  /* ---- accesses: exactly the layout's sequence, on the command's port */
  ok &= kmu_expect(!o->req_valid_o || (x->active && !x->act_inplace), t, cyc,
                   "req_valid_o only for a memory command", 0, 1);
  ok &= kmu_expect(!(o->ip_wen_o || o->ip_ren_o) || (x->active && x->act_inplace), t, cyc,
                   "ip_* only for an in-place command", 0, 1);
  int fire = (o->req_valid_o && i->req_ready_i) || o->ip_wen_o || o->ip_ren_o;
  /* aborting (from the cycle after the abort): only the request stalled at the abort, held */
  if (x->aborting && cyc > x->abt_cyc) {
    ok &= kmu_expect(!(o->ip_wen_o || o->ip_ren_o || o->shm_ren_o) || x->abt_hold, t, cyc,
                     "aborting: no in-place access or shared-memory read", 0, 1);
    ok &= kmu_expect(!o->req_valid_o || x->abt_hold, t, cyc,
                     "aborting: no new memory request (only the stalled one, held)", 0, 1);
    ok &= KMU_EXPECT_EQ(t, cyc, "aborting: no RF write", 0, o->rfw_valid_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "aborting: no shared-memory write", 0, o->shm_wen_o);
    if (x->sc_active && !x->abt_hold)
      ok &= KMU_EXPECT_EQ(t, cyc, "aborting: scan_ready_o (the scan drains)", 1, o->scan_ready_o);
    if (fire) x->abt_hold = 0;
  }
  x->ip_rv = 0; /* last cycle's in-place read data was on ip_rdata_i in this one */
  if (fire && ok) {
    int inpl = x->act_inplace;
    int write = inpl ? (int)o->ip_wen_o : (int)o->req_write_o;
    uint32_t addr = (uint32_t)(inpl ? o->ip_addr_o : o->req_addr_o);
    uint32_t wdata = (uint32_t)(inpl ? o->ip_wdata_o : o->req_wdata_o);
    ok &= kmu_expect(x->acc_h < x->acc_n, t, cyc, "an access the command needs", x->acc_n,
                     x->acc_h + 1);
    if (ok) {
      const acc_t a = x->acc[x->acc_h++];
      ok &= KMU_EXPECT_EQ(t, cyc, "access: write (layout order)", a.write, write);
      ok &= KMU_EXPECT_EQ(t, cyc, "access: address (layout order)", a.addr, addr);
      if (a.write) ok &= KMU_EXPECT_EQ(t, cyc, "access: write data", a.data, wdata);
      if (a.shm_off >= 0) {
        ok &= KMU_EXPECT_EQ(t, cyc, "shm_ren_o with a shared-memory beat", 1, o->shm_ren_o);
        ok &= KMU_EXPECT_EQ(t, cyc, "shm_raddr_o", a.shm_off, o->shm_raddr_o);
      }
      uint32_t *pw = word_of(x, inpl, addr);
      ok &= kmu_expect(pw != NULL, t, cyc, "access inside the test's memory", 0, addr);
      if (ok && write) *pw = wdata;
      if (ok && !write && inpl) { /* the store answers in the next cycle */
        x->ip_rv = 1;
        x->ip_rd = *pw;
      }
      if (ok && !write && !inpl) { /* the memory answers later, in order */
        uint64_t due = cyc + rnd_range(x, x->minlat, x->maxlat);
        if (x->check_timing) due = cyc + x->minlat;
        if (due <= x->last_due) due = x->last_due + 1;
        x->last_due = due;
        x->rq[(x->rq_h + x->rq_n++) % QCAP] = (rsp_t){due, *pw};
      }
    }
  }
  if (i->rsp_valid_i) {
    x->rq_h = (x->rq_h + 1) % QCAP;
    x->rq_n--;
  }

  /* ---- restore writes: the checkpoint's registers into the restore mask, in layout order */
  if (o->rfw_valid_o && ok && !x->aborting) {
    ok &= kmu_expect(x->active && x->rfw_h < x->rfw_n, t, cyc, "an RF write the restore needs",
                     x->rfw_n, x->rfw_h + 1);
    if (ok) {
      const rfw_t e = x->rfw[x->rfw_h++];
      ok &= KMU_EXPECT_EQ(t, cyc, "rfw_warp_o (slot in the restore mask)", e.warp, o->rfw_warp_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "rfw_reg_o", e.reg, o->rfw_reg_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "rfw_data_o (the saved value)", e.data, o->rfw_data_o);
      x->rf[e.warp][e.reg] = (uint32_t)o->rfw_data_o;
      x->dirty[e.warp] |= 1u << e.reg;
      x->n_rfw++;
    }
  }
  if (o->shm_wen_o && ok && !x->aborting) {
    ok &= kmu_expect(x->active && x->shw_h < x->shw_n, t, cyc,
                     "a shared-memory write the restore needs", x->shw_n, x->shw_h + 1);
    if (ok) {
      const acc_t e = x->shw[x->shw_h++];
      ok &= KMU_EXPECT_EQ(t, cyc, "shm_waddr_o", e.addr, o->shm_waddr_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "shm_wdata_o (the saved word)", e.data, o->shm_wdata_o);
      x->shm[e.addr / 4] = (uint32_t)o->shm_wdata_o;
    }
  }

  /* ---- watchdog: a running command moves (an access, a scan entry, read data) at least every
   * few hundred cycles even under the heaviest back-pressure of the test */
  if (fire || i->rsp_valid_i || (i->scan_valid_i && o->scan_ready_o) || !x->active ||
      i->cmd_valid_i)
    x->progress = cyc;
  ok &= kmu_expect(cyc - x->progress < 1000, t, cyc, "a running command makes progress", 0,
                   cyc - x->progress);

  /* ---- everything of the command happened: done_o is due in the next cycle */
  if (x->active && !x->aborting && x->done_due == UINT64_MAX && x->acc_h == x->acc_n &&
      x->rfw_h == x->rfw_n && x->shw_h == x->shw_n && x->rq_n == 0 && !x->ip_rv &&
      (x->act_restore || x->sc_pos == x->sc_n))
    x->done_due = cyc + 1;

  /* ---- abort (header contract): taken in a busy cycle whose command does not end in it; the
   * engine is idle again, without done_o, the cycle after the last outstanding response
   * arrived, the stalled request went and the scan ended (its last entry or an empty scan) */
  if (x->aborting) {
    if (cyc == x->abt_idle_due) {
      ok &= KMU_EXPECT_EQ(t, cyc, "aborted command: idle again (bound)", 0, o->busy_o);
      x->aborting = 0;
      x->active = 0;
      x->abt_idle_due = UINT64_MAX;
      x->gap_until = cyc + 1 + kmu_rng_below(&x->rng, 3);
    } else {
      ok &= KMU_EXPECT_EQ(t, cyc, "aborted command: busy until its responses and scan end", 1,
                          o->busy_o);
    }
  } else if (i->abort_i && o->busy_o) {
    if (x->done_due == cyc + 1) {
      x->n_abort_ign++; /* the command ends in this cycle: its done_o stands */
    } else {
      x->aborting = 1;
      x->abt_cyc = cyc;
      x->abt_hold = o->req_valid_o && !i->req_ready_i;
      x->n_abort++;
      x->n_abort_scan += x->sc_active || x->sc_pending;
      x->n_abort_drain += x->rq_n != 0;
      x->n_abort_hold += (uint64_t)x->abt_hold;
      /* the checkpoint or the restored TB is discarded: the episode ends here */
      x->present = 0;
      x->sp = x->nsteps;
    }
  }
  if (x->aborting && x->abt_idle_due == UINT64_MAX && x->rq_n == 0 && !x->abt_hold &&
      !x->sc_active && !x->sc_pending)
    x->abt_idle_due = cyc + 1;
  return ok;
}

static int w_finish(void *c) {
  world *x = c;
  const char *t = x->test;
  int ok = 1;
  if (!x->scripted) {
    ok &= kmu_expect(x->n_cmd[0] && x->n_cmd[1] && x->n_cmd[2] && x->n_inplace && x->n_bad &&
                         x->n_two && x->n_stall && x->n_rfw && x->n_abort && x->n_abort_scan &&
                         x->n_abort_drain && x->n_abort_hold,
                     t, x->cyc, "traffic: every op, in place, bad commands, two checkpoints",
                     1, 0);
  } else {
    ok &= KMU_EXPECT_EQ(t, x->cyc, "scripted episode ran to its end", x->nsteps, x->sp);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "no command left running", 0, x->active);
  }
  if (getenv("KMU_COV") && !kmu_tb_quiet() && !x->scripted)
    printf("  %s: %llu episodes (%llu with two checkpoints), %llu SAVE_ALL, %llu SAVE_DIRTY, "
           "%llu RESTORE, %llu in place, %llu empty scans, %llu bad, %llu stalls, %llu RF "
           "writes, %llu aborts (%llu in a scan, %llu with reads outstanding, %llu holding a "
           "stalled request, %llu ignored: the command ended)\n",
           t, (unsigned long long)x->n_ep, (unsigned long long)x->n_two,
           (unsigned long long)x->n_cmd[0], (unsigned long long)x->n_cmd[1],
           (unsigned long long)x->n_cmd[2], (unsigned long long)x->n_inplace,
           (unsigned long long)x->n_empty, (unsigned long long)x->n_bad,
           (unsigned long long)x->n_stall, (unsigned long long)x->n_rfw,
           (unsigned long long)x->n_abort, (unsigned long long)x->n_abort_scan,
           (unsigned long long)x->n_abort_drain, (unsigned long long)x->n_abort_hold,
           (unsigned long long)x->n_abort_ign);
  return ok;
}

static world *world_new(const char *test, uint64_t cycles) {
  world *x = calloc(1, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  x->memw = (NAREA * (area_bytes() + 32) + 64) / 4;
  x->mem = calloc(x->memw, 4);
  x->ipm = calloc(x->memw, 4);
  x->acc = calloc(QCAP, sizeof *x->acc);
  x->rfw = calloc(QCAP, sizeof *x->rfw);
  x->shw = calloc(QCAP, sizeof *x->shw);
  x->rq = calloc(QCAP, sizeof *x->rq);
  return x;
}
static void world_free(world *x) {
  free(x->mem);
  free(x->ipm);
  free(x->acc);
  free(x->rfw);
  free(x->shw);
  free(x->rq);
  free(x);
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  world *x = world_new(test, cycles);
  kmu_stim s = {x, w_init, w_drive, w_check, w_finish};
  int ok = kmu_lockstep_mid_reset(&kmu_ctx_engine_block, &s, test, seed, cycles);
  world_free(x);
  return ok;
}

/* ---------------------------------------------------------------- scripted episodes
 * One TB, fixed knobs: memory always ready (or a fixed back-pressure), read latency D, scan
 * latency L = 2 (a stream starting 2 cycles after scan_start; kmu_dirty_rf: 4), no bubbles.  With
 * check_timing every command's done_o must come exactly when the latency formula says. */
typedef struct {
  unsigned nw, rpw, shmem, dirty_pct, rdy, lat;
  int timing;
  step_t steps[12];
  unsigned nsteps;
} script_t;

static script_t cur_script;
static void s_init(void *c, uint64_t seed) {
  world *x = c;
  const script_t *s = &cur_script;
  w_init(c, seed);
  x->rdy_pct = s->rdy;
  x->minlat = x->maxlat = s->lat;
  x->bubble_pct = 0;
  x->scan_lmin = x->scan_lmax = 2;
  x->dirty_pct = s->dirty_pct;
  x->check_timing = s->timing;
  tb_new(x, s->nw, s->rpw, s->shmem);
  memcpy(x->steps, s->steps, sizeof s->steps);
  x->nsteps = s->nsteps;
}

static int run_script(const char *test, const script_t *sc, uint64_t seed) {
  cur_script = *sc;
  world *x = world_new(test, 1u << 30);
  x->scripted = 1;
  kmu_stim s = {x, s_init, w_drive, w_check, w_finish};
  int ok = kmu_lockstep(&kmu_ctx_engine_block, &s, test, seed, 4000000);
  world_free(x);
  return ok;
}
#define STEP(kind, k, op, inpl, early) (step_t){kind, k, op, inpl, early}

/* a full save and its restore, memory ready every cycle: done - command = B + 3 (L = 2) and
 * B + 2D + 2 */
static int t_timing_mem(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  script_t s = {NW, NR, NS, 50, 100, 3, 1, {{0}}, 0};
  s.steps[s.nsteps++] = STEP(ST_SAVE, 0, KMU_CTX_OP_SAVE_ALL, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_SCRAMBLE, 0, 0, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_RESTORE, 0, KMU_CTX_OP_RESTORE, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_FINAL, 0, 0, 0, 0);
  return run_script(test, &s, seed);
}

/* PEP + in-place: base in memory, incremental in place, both restored (the incremental last) */
static int t_timing_inplace(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  script_t s = {NW > 2 ? NW - 1 : NW, NR, 3 * BB + 1, 60, 100, 2, 1, {{0}}, 0};
  s.steps[s.nsteps++] = STEP(ST_SAVE, 0, KMU_CTX_OP_SAVE_DIRTY, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_MODIFY, 0, 0, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_SAVE, 1, KMU_CTX_OP_SAVE_DIRTY, 1, 0);
  s.steps[s.nsteps++] = STEP(ST_SCRAMBLE, 0, 0, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_RESTORE, 0, KMU_CTX_OP_RESTORE, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_RESTORE, 1, KMU_CTX_OP_RESTORE, 0, 1);
  s.steps[s.nsteps++] = STEP(ST_FINAL, 0, 0, 0, 0);
  return run_script(test, &s, seed);
}

/* a save with nothing dirty: an empty scan, then the (zero) bitmaps and shared memory only;
 * its restore reads the bitmaps and shared memory only; and one without shared memory (the
 * restore ends with the last bitmap: B + D + 1) */
static int t_save_empty(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  int ok = 1;
  script_t s = {NW, NR, 2 * BB, 0, 100, 2, 1, {{0}}, 0};
  s.steps[s.nsteps++] = STEP(ST_SAVE, 0, KMU_CTX_OP_SAVE_DIRTY, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_SCRAMBLE, 0, 0, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_RESTORE, 0, KMU_CTX_OP_RESTORE, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_FINAL, 0, 0, 0, 0);
  ok &= run_script(test, &s, seed);
  s.shmem = 0;
  ok &= run_script(test, &s, seed + 1);
  s.steps[0].inplace = 1; /* the same in place */
  ok &= run_script(test, &s, seed + 2);
  return ok;
}

/* back-pressure: the memory takes a request in 1 of 4 cycles (random), reads answer after up
 * to D; requests are held, the scan entry is held until its last beat is taken */
static int t_backpressure(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  script_t s = {NW, NR, 5 * BB, 70, 25, 5, 0, {{0}}, 0};
  s.steps[s.nsteps++] = STEP(ST_SAVE, 0, KMU_CTX_OP_SAVE_DIRTY, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_MODIFY, 0, 0, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_SAVE, 1, KMU_CTX_OP_SAVE_DIRTY, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_SCRAMBLE, 0, 0, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_RESTORE, 0, KMU_CTX_OP_RESTORE, 0, 0);
  s.steps[s.nsteps++] = STEP(ST_RESTORE, 1, KMU_CTX_OP_RESTORE, 0, 1);
  s.steps[s.nsteps++] = STEP(ST_FINAL, 0, 0, 0, 0);
  return run_script(test, &s, seed);
}

/* a corrupt stored bitmap (bits >= rpw set): the restore reads and writes only registers < rpw
 * (rpw = 2 < RPW) */
static int t_bad_bitmap(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  int ok = 1;
  for (int inpl = 0; inpl < 2; inpl++) {
    script_t s = {NW, NR > 2 ? 2 : 1, BB, 100, 100, 1, 1, {{0}}, 0};
    s.steps[s.nsteps++] = STEP(ST_SAVE, 0, KMU_CTX_OP_SAVE_ALL, inpl, 0);
    s.steps[s.nsteps++] = STEP(ST_SCRAMBLE, 0, 0, 0, 0);
    s.steps[s.nsteps++] = STEP(ST_CORRUPT, 0, 0, 0, 0);
    s.steps[s.nsteps++] = STEP(ST_RESTORE, 0, KMU_CTX_OP_RESTORE, 0, 0);
    s.steps[s.nsteps++] = STEP(ST_FINAL, 0, 0, 0, 0);
    ok &= run_script(test, &s, seed + (uint64_t)inpl);
  }
  return ok;
}

/* ---------------------------------------------------------------- directed: command refusals
 * One cycle per step: the command inputs and the outputs the specification requires. */
#define MAX_STEPS 32
#define MAX_EXP 8
typedef struct {
  kmu_ctx_engine_in in;
  unsigned n_exp;
  kmu_dexp exp[MAX_EXP];
  const char *what;
} dstep;
typedef struct {
  const char *test;
  dstep s[MAX_STEPS];
  unsigned n, pc;
} dprog;
static dstep *st(dprog *p, const char *what) {
  dstep *s = &p->s[p->n++];
  memset(s, 0, sizeof *s);
  s->what = what;
  return s;
}
#define EXP(s, f, v) \
  kmu_dexp_add((s)->exp, &(s)->n_exp, MAX_EXP, #f, offsetof(kmu_ctx_engine_out, f), (uint64_t)(v))
KMU_DPROG_RUNNER(kmu_ctx_engine, dprog, 1000, KMU_DPROG_NO_HOOK)
static dstep *p_cmd(dprog *p, unsigned op, uint64_t wmask, unsigned rpw, unsigned shmem,
                    const char *what) {
  dstep *s = st(p, what);
  s->in.cmd_valid_i = 1;
  s->in.cmd_op_i = op;
  s->in.cmd_wmask_i = wmask;
  s->in.cmd_rpw_i = rpw;
  s->in.cmd_shmem_i = shmem;
  s->in.cmd_area_i = 0x1000;
  return s;
}
static dprog prog;

static int t_err_cmd(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = &prog;
  memset(p, 0, sizeof *p);
  p->test = test;
  const uint64_t all = kmu_mask(NW);
  dstep *s = st(p, "idle after reset");
  EXP(s, cmd_ready_o, 1), EXP(s, busy_o, 0), EXP(s, err_cmd_o, 0), EXP(s, done_o, 0);
  s = p_cmd(p, 3, all, NR, 0, "op 3 (reserved)");
  EXP(s, cmd_ready_o, 1), EXP(s, err_cmd_o, 1);
  s = p_cmd(p, KMU_CTX_OP_SAVE_ALL, all, 0, 0, "rpw 0; the bad command before was ignored");
  EXP(s, busy_o, 0), EXP(s, err_cmd_o, 1), EXP(s, scan_start_o, 0);
  if (NR < 63) {
    s = p_cmd(p, KMU_CTX_OP_SAVE_DIRTY, all, NR + 1, 0, "rpw > RPW");
    EXP(s, busy_o, 0), EXP(s, err_cmd_o, 1);
  }
  s = p_cmd(p, KMU_CTX_OP_RESTORE, 0, NR, 0, "empty wmask");
  EXP(s, busy_o, 0), EXP(s, err_cmd_o, 1);
  s = p_cmd(p, KMU_CTX_OP_SAVE_DIRTY, all, 1, NS + 1, "shmem > SHMEM");
  EXP(s, busy_o, 0), EXP(s, err_cmd_o, 1);
  s = st(p, "nothing started");
  EXP(s, busy_o, 0), EXP(s, scan_start_o, 0), EXP(s, req_valid_o, 0), EXP(s, ip_ren_o, 0);
  s = p_cmd(p, KMU_CTX_OP_SAVE_ALL, all, NR, NS, "rpw = RPW, shmem = SHMEM, every warp: accepted");
  EXP(s, cmd_ready_o, 1), EXP(s, err_cmd_o, 0);
  s = p_cmd(p, 3, all, NR, 0, "busy: a bad command is not looked at");
  EXP(s, cmd_ready_o, 0), EXP(s, busy_o, 1), EXP(s, err_cmd_o, 0), EXP(s, scan_start_o, 1);
  EXP(s, scan_all_o, 1), EXP(s, scan_rpw_o, NR), EXP(s, scan_wmask_o, all);
  s = p_cmd(p, KMU_CTX_OP_RESTORE, all, NR, 0, "busy: a good command waits");
  EXP(s, cmd_ready_o, 0), EXP(s, err_cmd_o, 0), EXP(s, scan_start_o, 0), EXP(s, req_valid_o, 0);
  s = st(p, "the scan is empty (scan_done_i): the bitmaps follow");
  s->in.scan_done_i = 1;
  EXP(s, busy_o, 1), EXP(s, scan_ready_o, 0), EXP(s, req_valid_o, 0);
  /* ctxcyc: two cycles before the bitmaps (the scan's last word written, the first slot's read) */
  s = st(p, "the scan's last slot word written: no request");
  EXP(s, busy_o, 1), EXP(s, req_valid_o, 0), EXP(s, ip_wen_o, 0);
  s = st(p, "the first slot's word read: no request");
  EXP(s, busy_o, 1), EXP(s, req_valid_o, 0), EXP(s, ip_wen_o, 0);
  s = st(p, "bitmap of warp 0 (all zero) at the area's start; memory not ready");
  EXP(s, req_valid_o, 1), EXP(s, req_write_o, 1), EXP(s, req_addr_o, 0x1000);
  EXP(s, req_wdata_o, 0);
  s = st(p, "held");
  s->in.req_ready_i = 1;
  EXP(s, req_valid_o, 1), EXP(s, req_addr_o, 0x1000), EXP(s, done_regs_o, 0);
  EXP(s, done_bytes_o, 0);
  if (NW > 1) {
    s = st(p, "bitmap of warp 1");
    EXP(s, req_valid_o, 1), EXP(s, req_addr_o, 0x1000 + BB), EXP(s, done_bytes_o, BB);
  }
  return d_run(p);
}

static const kmu_test tests[] = {
    {"err_cmd", t_err_cmd, 0, 0},
    {"timing_mem", t_timing_mem, 0, 0},
    {"timing_inplace", t_timing_inplace, 0, 0},
    {"save_empty", t_save_empty, 0, 0},
    {"backpressure", t_backpressure, 0, 0},
    {"bad_bitmap", t_bad_bitmap, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_ctx_engine_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
