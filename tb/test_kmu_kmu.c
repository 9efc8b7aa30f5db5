/* test_kmu_kmu.c - lockstep, scoreboard and directed tests of kmu_kmu (rtl/sched/kmu_kmu.v).
 * Every expected value comes from docs/kmu-interfaces.md sections 1-2 and docs/blocks/
 * kmu_kmu.md, never from the model: the random test keeps its own pending pool (one queue per
 * priority level), slot table, completion queue and arbiter pointer, plus a record per kernel
 * (admitted / TBs taken and done / completed / written / credited, each exactly once). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_kmu.h"
#include "kmu_tb.h"

static const kmu_kmu_params params = {P_SLOTS, P_PEND, P_EKT_ID_W, P_CT, P_OUT_W};
/* a kernel's outstanding TBs (taken, not done) at most: a take beyond is refused (err_take_o) */
#define OUT_MAX ((uint32_t)kmu_mask(P_OUT_W))
#define KMU_CUR_IN kmu_kmu_in
#define KMU_CUR_OUT kmu_kmu_out
KMU_BLOCK(kmu_kmu, KMU_KMU_IN, KMU_KMU_OUT, &params)

#define NS P_SLOTS
#define PEND P_PEND
#define SLOT_W (NS > 16 ? 5 : NS > 8 ? 4 : NS > 4 ? 3 : NS > 2 ? 2 : 1)
#define ALL_SLOTS kmu_mask(NS)
#define TAG_W (P_CT > 128 ? 8 : P_CT > 64 ? 7 : P_CT > 32 ? 6 : P_CT > 16 ? 5 : P_CT > 8 ? 4 : P_CT > 4 ? 3 : P_CT > 2 ? 2 : 1)
enum { EVS = 0, HOSTS = 1 }; /* streams */

/* ======================================================================== kernels */
typedef struct {
  uint32_t kptr, param, cpl;
  uint16_t gx, gy, gz, tx, ty, tz, shmem;
  uint8_t nregs, prio, event;
  unsigned id;
} kdesc;

/* spec: malformed = zero dim, > 1024 threads per TB, or >= 2^32 TBs; it has zero TBs */
static int spec_bad(const kdesc *d) {
  uint64_t g = (uint64_t)d->gx * d->gy * d->gz, t = (uint64_t)d->tx * d->ty * d->tz;
  return g == 0 || g > 0xffffffffull || t == 0 || t > 1024;
}
static uint32_t spec_tbs(const kdesc *d) {
  return spec_bad(d) ? 0 : (uint32_t)((uint64_t)d->gx * d->gy * d->gz);
}
static unsigned spec_warps(const kdesc *d) {
  if (spec_bad(d)) return 0;
  uint64_t t = (uint64_t)d->tx * d->ty * d->tz;
  return (unsigned)((t + 31) / 32);
}
static unsigned spec_regs(const kdesc *d) { return spec_warps(d) * 32u * d->nregs; }
/* the geometry (docs/blocks/kmu_kmu.md, Latency): a fast descriptor (grid_y, grid_z, tb_y,
 * tb_z each 0 or 1; 0 or 2^k warps) is a candidate in its handshake cycle; any other is held
 * while the serial engine runs and is a candidate from the handshake cycle + spec_geo_cycles(),
 * whose five phases take max(1, bit length of the multiplier) each: grid_y, grid_z, tb_y,
 * tb_z, warps per TB */
static int spec_fast(const kdesc *d) {
  const unsigned w = spec_warps(d);
  return d->gy <= 1 && d->gz <= 1 && d->ty <= 1 && d->tz <= 1 && (w & (w - 1)) == 0;
}
static unsigned geo_bits(unsigned v) {
  unsigned n = 1;
  while (v >> n) n++;
  return n;
}
static unsigned spec_geo_cycles(const kdesc *d) {
  return 1 + geo_bits(d->gy) + geo_bits(d->gz) + geo_bits(d->ty) + geo_bits(d->tz) +
         geo_bits(spec_warps(d));
}

static void put_desc(kmu_kmu_in *i, int stream, const kdesc *d) {
  if (stream == EVS) {
    i->ev_valid_i = 1;
    i->ev_kptr_i = d->kptr;
    i->ev_grid_x_i = d->gx;
    i->ev_grid_y_i = d->gy;
    i->ev_grid_z_i = d->gz;
    i->ev_tb_x_i = d->tx;
    i->ev_tb_y_i = d->ty;
    i->ev_tb_z_i = d->tz;
    i->ev_shmem_i = d->shmem;
    i->ev_nregs_i = d->nregs;
    i->ev_prio_i = d->prio;
    i->ev_param_i = d->param;
    i->ev_cpl_addr_i = d->cpl;
    i->ev_id_i = d->id;
  } else {
    i->host_valid_i = 1;
    i->host_kptr_i = d->kptr;
    i->host_grid_x_i = d->gx;
    i->host_grid_y_i = d->gy;
    i->host_grid_z_i = d->gz;
    i->host_tb_x_i = d->tx;
    i->host_tb_y_i = d->ty;
    i->host_tb_z_i = d->tz;
    i->host_shmem_i = d->shmem;
    i->host_nregs_i = d->nregs;
    i->host_prio_i = d->prio;
    i->host_param_i = d->param;
    i->host_cpl_addr_i = d->cpl;
  }
}

/* ======================================================================== random lockstep */
#define CAP 1024    /* kernel records: live kernels (<= 2 + 4*PEND + CT + SLOTS) by id % CAP */
#define MAXINF 256  /* TBs in flight on the test's SMs */
#define QCAP 64     /* queues (pool level <= PEND, completion queue <= SLOTS) */

typedef struct {
  kdesc d;
  uint64_t kid;
  uint32_t tbs;
  int slot, tag; /* -1: none */
  uint32_t out;  /* TBs taken, not done */
  int in_ct;     /* holds its CT entry (admitted, not completed) */
  int live;      /* presented and not yet written: its record may not be reused */
  unsigned admitted, readmitted, swapped, taken, done, completed, written, credited;
} krec;

typedef struct {
  uint64_t q[QCAP];
  unsigned h, n;
} tq;
static void tq_push(tq *t, uint64_t v) { t->q[(t->h + t->n++) % QCAP] = v; }
static uint64_t tq_pop(tq *t) {
  uint64_t v = t->q[t->h];
  t->h = (t->h + 1) % QCAP;
  t->n--;
  return v;
}
static uint64_t tq_at(const tq *t, unsigned k) { return t->q[(t->h + k) % QCAP]; }

typedef struct {
  unsigned tag;
  uint64_t ready;
} inflight_tb;

typedef struct {
  kmu_rng rng;
  const char *test;
  int swap_mix; /* the swaps test: low-priority kernels with many TBs, high-priority bursts;
                 * 2: the resv test, the same with low kernels through the engine */
  unsigned slow_pct; /* the resv test: low kernels through the engine */
  int rgem_burst;    /* the resv test: RGEM in this cycle's burst */
  /* traffic mix of this seed */
  unsigned ev_pct, host_pct, take_pct, done_pct, mrdy_pct, bad_pct, err_pct, big_pct;
  unsigned prio_w[4], delay_max, sm_cap, rgem_mode; /* 0 off, 1 on, 2 toggles per phase */
  unsigned busy_len, drain_len, stall_pct;
  uint64_t stall_until;
  uint32_t kbase;
  /* kernels */
  krec rec[CAP];
  uint64_t next_kid;
  int64_t cur[2]; /* kernel presented on each stream (-1 none) */
  /* expected state: pool (kernel ids; a kernel with a tag is a continuation), slots, CT */
  tq pool[4], cplq;
  int64_t slot_k[KMU_KMU_MAX_SLOTS]; /* kernel in the slot, -1 free */
  int64_t ct_k[KMU_KMU_MAX_CT];      /* kernel holding the CT entry, -1 free */
  unsigned arb_ptr;
  int64_t geo_k;   /* the kernel in the descriptor register (the engine runs), -1 none */
  uint64_t geo_at; /* the first cycle it is a candidate (its level has room) */
  uint64_t slow, hs; /* kernels through the engine; handshakes */
  /* the test's SMs */
  inflight_tb sm[MAXINF];
  unsigned sm_n;
  /* counters */
  uint64_t accepted, admitted, readmitted, bypassed, completed, written, credits, takes, dones,
      err_takes, err_dones, bad, zero_cpl, cpl_stalls, max_cplq, rgem_cycles, swaps,
      swap_blocked, ct_waits, resv_blocked, out_full;
} rnd_ctx;

static krec *krec_of(rnd_ctx *x, uint64_t kid) { return &x->rec[kid % CAP]; }

static unsigned pick_prio(rnd_ctx *x) {
  unsigned tot = x->prio_w[0] + x->prio_w[1] + x->prio_w[2] + x->prio_w[3];
  unsigned r = (unsigned)kmu_rng_below(&x->rng, tot);
  for (unsigned p = 0; p < 4; p++) {
    if (r < x->prio_w[p]) return p;
    r -= x->prio_w[p];
  }
  return 0;
}

static uint64_t new_kernel(rnd_ctx *x, int stream) {
  kmu_rng *g = &x->rng;
  while (krec_of(x, x->next_kid)->live) x->next_kid++; /* a long-lived kernel keeps its record */
  uint64_t kid = x->next_kid++;
  krec *r = krec_of(x, kid);
  memset(r, 0, sizeof *r);
  r->live = 1;
  r->kid = kid;
  r->slot = r->tag = -1;
  kdesc *d = &r->d;
  d->kptr = x->kbase + (uint32_t)kid; /* unique within the live window */
  d->param = (uint32_t)kmu_rng_bits(g, 32);
  d->event = stream == EVS;
  d->cpl = d->event ? d->param : (uint32_t)kmu_rng_bits(g, 32); /* events: flag in the entry */
  d->id = d->event ? (unsigned)kmu_rng_bits(g, P_EKT_ID_W) : 0;
  d->prio = (uint8_t)pick_prio(x);
  /* the swaps test: low kernels only while their level has room for continuations */
  if (x->swap_mix == 1 && d->prio == 0 && x->pool[0].n >= PEND / 2)
    d->prio = (uint8_t)(1 + kmu_rng_below(g, 3));
  d->shmem = (uint16_t)kmu_rng_bits(g, 16);
  d->nregs = (uint8_t)kmu_rng_bits(g, 8);
  unsigned shape = (unsigned)kmu_rng_below(g, 4);
  if (x->swap_mix && d->prio == 0) shape = 4; /* low kernels: many TBs, they hold the slots */
  switch (shape) { /* grid: small */
    case 0: d->gx = d->gy = d->gz = 1; break;
    case 1:
      d->gx = (uint16_t)(1 + kmu_rng_below(g, 8));
      d->gy = (uint16_t)(1 + kmu_rng_below(g, 2));
      d->gz = 1;
      break;
    case 2:
      d->gx = (uint16_t)(1 + kmu_rng_below(g, 3));
      d->gy = (uint16_t)(1 + kmu_rng_below(g, 3));
      d->gz = (uint16_t)(1 + kmu_rng_below(g, 3));
      break;
    case 3:
      d->gx = (uint16_t)(1 + kmu_rng_below(g, kmu_rng_pct(g, x->big_pct) ? 300 : 16));
      d->gy = d->gz = 1;
      break;
    default: /* the swaps test's low kernels */
      d->gx = (uint16_t)(20 + kmu_rng_below(g, 281));
      d->gy = d->gz = 1;
      break;
  }
  switch (kmu_rng_below(g, 4)) { /* TB: 1..1024 threads */
    case 0:
      d->tx = (uint16_t)(1 + kmu_rng_below(g, 1024));
      d->ty = d->tz = 1;
      break;
    case 1:
      d->tx = (uint16_t)(1 + kmu_rng_below(g, 32));
      d->ty = (uint16_t)(1 + kmu_rng_below(g, 1024 / d->tx));
      d->tz = 1;
      break;
    case 2: {
      static const uint16_t t3[6][3] = {{32, 32, 1}, {16, 8, 8}, {1, 1, 1}, {32, 1, 1},
                                        {33, 1, 1},  {4, 4, 64}};
      unsigned k = (unsigned)kmu_rng_below(g, 6);
      d->tx = t3[k][0], d->ty = t3[k][1], d->tz = t3[k][2];
      break;
    }
    default:
      d->tx = (uint16_t)(1 + kmu_rng_below(g, 10));
      d->ty = (uint16_t)(1 + kmu_rng_below(g, 10));
      d->tz = (uint16_t)(1 + kmu_rng_below(g, 10));
      break;
  }
  /* the swaps test: 1-D grids of 1-D TBs of 2^k warps (fast descriptors: no engine cycles, as
   * before issue 15's engine), so the arrivals that trigger swap-outs keep their pace */
  if (x->swap_mix) {
    if (d->gx) d->gx = (uint16_t)(d->gx * d->gy * d->gz);
    d->gy = d->gz = 1;
    d->tx = (uint16_t)(32u << kmu_rng_below(g, 4)), d->ty = d->tz = 1;
    /* the resv test: a low kernel goes through the engine at times (its grid and TB along y:
     * G = 1 + 2 * L(20..300) + 2 + L(1..8 warps), up to 25 cycles), and low kernels fill their
     * level: the room reservation's race, swap-outs into the level of the kernel in the
     * register while it is held */
    if (x->swap_mix == 2 && d->prio == 0 && kmu_rng_pct(g, x->slow_pct)) {
      d->gy = d->gx, d->gx = 1;
      d->ty = d->tx, d->tx = 1;
    }
  }
  if (kmu_rng_pct(g, x->bad_pct)) {
    switch (kmu_rng_below(g, 9)) {
      case 0: d->gx = 0; break;
      case 1: d->gy = 0; break;
      case 2: d->gz = 0; break;
      case 3: d->tx = 0; break;
      case 4: d->ty = 0; break;
      case 5: d->tz = 0; break;
      case 6: d->tx = (uint16_t)(1025 + kmu_rng_below(g, 64510)); d->ty = d->tz = 1; break;
      case 7: d->tx = 33, d->ty = 32, d->tz = 1; break; /* 1056 threads */
      default: d->gx = d->gy = 0xffff, d->gz = (uint16_t)(2 + kmu_rng_below(g, 100)); break;
    }
  }
  r->tbs = spec_tbs(d);
  return kid;
}

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  const int sw = x->swap_mix;
  memset(x, 0, sizeof *x);
  x->test = t;
  x->swap_mix = sw;
  kmu_rng_seed(&x->rng, seed);
  kmu_rng *g = &x->rng;
  x->ev_pct = 5 + (unsigned)kmu_rng_below(g, 60);
  x->host_pct = 5 + (unsigned)kmu_rng_below(g, 60);
  x->take_pct = 20 + (unsigned)kmu_rng_below(g, 81);
  x->done_pct = 20 + (unsigned)kmu_rng_below(g, 81);
  x->mrdy_pct = 10 + (unsigned)kmu_rng_below(g, 91);
  x->bad_pct = (unsigned)kmu_rng_below(g, 6);
  x->err_pct = 1 + (unsigned)kmu_rng_below(g, 5);
  x->big_pct = (unsigned)kmu_rng_below(g, 10);
  for (unsigned p = 0; p < 4; p++) x->prio_w[p] = 1 + (unsigned)kmu_rng_below(g, 10);
  x->delay_max = 1 + (unsigned)kmu_rng_below(g, 60);
  x->sm_cap = 1 + (unsigned)kmu_rng_below(g, MAXINF);
  x->rgem_mode = (unsigned)((seed + 2) % 3); /* default seeds 1..6: each mode twice */
  x->busy_len = 200 + (unsigned)kmu_rng_below(g, 3000);
  x->drain_len = 100 + (unsigned)kmu_rng_below(g, 1500);
  x->stall_pct = (unsigned)kmu_rng_below(g, 30);
  x->kbase = (uint32_t)kmu_rng_bits(g, 32);
  if (x->swap_mix) {
    /* mostly low-priority kernels with many TBs fill the slots; the others are higher and
     * arrive while the slots are full; a slow dispatcher keeps TBs left in the slots */
    x->rgem_mode = seed % 4 == 0 ? 2 : 0;
    x->prio_w[0] = 3 + (unsigned)kmu_rng_below(g, 8);
    x->take_pct = 5 + (unsigned)kmu_rng_below(g, 40);
    x->ev_pct = 2 + (unsigned)kmu_rng_below(g, 20);
    x->host_pct = 2 + (unsigned)kmu_rng_below(g, 20);
    if (x->swap_mix == 2) { /* the race's mix: level 0 fills, tags free soon */
      x->slow_pct = 50 + (unsigned)kmu_rng_below(g, 50);
      x->ev_pct = 5 + (unsigned)kmu_rng_below(g, 20);
      x->host_pct = 5 + (unsigned)kmu_rng_below(g, 20);
      x->take_pct = 40 + (unsigned)kmu_rng_below(g, 50);
      x->prio_w[0] = 5 + (unsigned)kmu_rng_below(g, 10);
      x->mrdy_pct = 100, x->stall_pct = 0; /* swap-outs are not held back by the CT */
      x->delay_max = 1 + (unsigned)kmu_rng_below(g, 8);
    }
  }
  x->cur[0] = x->cur[1] = -1;
  x->geo_k = -1;
  for (unsigned s = 0; s < KMU_KMU_MAX_SLOTS; s++) x->slot_k[s] = -1;
  for (unsigned e = 0; e < KMU_KMU_MAX_CT; e++) x->ct_k[e] = -1;
}

static int slot_has_tb(const rnd_ctx *x, unsigned s) {
  if (x->slot_k[s] < 0) return 0;
  const krec *r = &x->rec[(uint64_t)x->slot_k[s] % CAP];
  return r->taken != r->tbs;
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  const kmu_kmu_in *p = pi;
  const kmu_kmu_out *o = po;
  kmu_kmu_in *i = in;
  kmu_rng *g = &x->rng;
  const uint64_t period = x->busy_len + x->drain_len;
  const int drain = cyc % period >= x->busy_len;
  /* RGEM mode: fixed per seed, or toggled per phase */
  i->mode_rgem_i = x->rgem_mode == 1 || (x->rgem_mode == 2 && (cyc / period) % 2);
  /* the resv test: RGEM in random bursts holds higher kernels in the pool (no admission, no
   * swap-out), so swap-outs come in bursts when it ends */
  if (x->swap_mix == 2) {
    if (kmu_rng_pct(g, 5)) x->rgem_burst = !x->rgem_burst;
    i->mode_rgem_i = x->rgem_burst;
  }
  /* descriptors: a valid is held with its data until accepted */
  const uint64_t pv[2] = {p->ev_valid_i, p->host_valid_i};
  const uint64_t pr[2] = {o->ev_ready_o, o->host_ready_o};
  const unsigned pct[2] = {x->ev_pct, x->host_pct};
  for (int st = 0; st < 2; st++) {
    if (cyc > 0 && pv[st] && !pr[st]) continue; /* held (in = prev_in) */
    if (st == EVS) i->ev_valid_i = 0;
    else i->host_valid_i = 0;
    x->cur[st] = -1;
    if (!drain && kmu_rng_pct(g, pct[st])) {
      uint64_t kid = new_kernel(x, st);
      x->cur[st] = (int64_t)kid;
      put_desc(i, st, &krec_of(x, kid)->d);
    } else if (kmu_rng_pct(g, 50)) { /* idle: garbage data with valid low */
      kdesc junk;
      memset(&junk, 0xa5, sizeof junk);
      junk.prio = (uint8_t)kmu_rng_bits(g, 2);
      put_desc(i, st, &junk);
      if (st == EVS) i->ev_valid_i = 0, i->ev_id_i &= kmu_mask(P_EKT_ID_W);
      else i->host_valid_i = 0;
    }
  }
  /* the test's dispatcher: a slot with TBs left, while the SMs have room */
  i->take_valid_i = 0;
  i->take_slot_i = kmu_rng_bits(g, SLOT_W);
  if (x->sm_n < x->sm_cap && kmu_rng_pct(g, x->take_pct)) {
    unsigned start = (unsigned)kmu_rng_below(g, NS);
    for (unsigned k = 0; k < NS; k++) {
      unsigned s = (start + k) % NS;
      if (slot_has_tb(x, s)) {
        i->take_valid_i = 1;
        i->take_slot_i = s;
        break;
      }
    }
  }
  if (!i->take_valid_i && x->sm_n < x->sm_cap && kmu_rng_pct(g, x->err_pct))
    i->take_valid_i = 1; /* any slot: an error when free */
  i->q_slot_i = kmu_rng_pct(g, 60) ? i->take_slot_i : kmu_rng_bits(g, SLOT_W);
  /* the test's SMs: one TB done per cycle at most, after its delay; it names the TB's tag */
  i->done_valid_i = 0;
  i->done_tag_i = kmu_rng_bits(g, TAG_W);
  if (x->sm_n && kmu_rng_pct(g, drain ? 90 : x->done_pct)) {
    unsigned k = (unsigned)kmu_rng_below(g, x->sm_n);
    if (x->sm[k].ready <= cyc) {
      i->done_valid_i = 1;
      i->done_tag_i = x->sm[k].tag;
      x->sm[k] = x->sm[--x->sm_n];
    }
  }
  if (!i->done_valid_i && kmu_rng_pct(g, x->err_pct)) {
    /* a spurious done, only where it must be refused (a free tag, none outstanding) */
    unsigned e = (unsigned)i->done_tag_i;
    if (e >= P_CT || x->ct_k[e] < 0 || krec_of(x, (uint64_t)x->ct_k[e])->out == 0)
      i->done_valid_i = 1;
  }
  /* memory port: random ready, and stall windows that fill the completion FIFO */
  if (cyc >= x->stall_until && kmu_rng_pct(g, 1) && kmu_rng_pct(g, x->stall_pct))
    x->stall_until = cyc + 1 + kmu_rng_below(g, 400);
  i->mem_req_ready_i = cyc >= x->stall_until && kmu_rng_pct(g, x->mrdy_pct);
  return 1;
}

static unsigned popcount64(uint64_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_kmu_in *i = ip;
  const kmu_kmu_out *o = op;
  const char *t = x->test;
  int ok = 1;

  /* ---- slot table outputs from the expected state ---- */
  uint64_t valid = 0, has = 0, ev = 0, prio = 0, pk[4] = {0, 0, 0, 0};
  for (unsigned s = 0; s < NS; s++) {
    if (x->slot_k[s] < 0) continue;
    const krec *r = krec_of(x, (uint64_t)x->slot_k[s]);
    valid |= 1ull << s;
    if (r->taken != r->tbs) has |= 1ull << s, pk[r->d.prio] |= 1ull << s;
    if (r->d.event) ev |= 1ull << s;
    prio |= (uint64_t)r->d.prio << (2 * s);
  }
  ok &= KMU_EXPECT_EQ(t, cyc, "slot_valid_o", valid, o->slot_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "slot_has_tb_o (= valid: a slot frees at its last take)", has,
                      o->slot_has_tb_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "slot_has_tb_o == slot_valid_o", valid, has);
  ok &= KMU_EXPECT_EQ(t, cyc, "slot_event_o", ev, o->slot_event_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "slot_prio_o", prio, o->slot_prio_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "slot_p0_o (TBs left, prio 0)", pk[0], o->slot_p0_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "slot_p1_o (TBs left, prio 1)", pk[1], o->slot_p1_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "slot_p2_o (TBs left, prio 2)", pk[2], o->slot_p2_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "slot_p3_o (TBs left, prio 3)", pk[3], o->slot_p3_o);
  unsigned ct_used = 0;
  for (unsigned e = 0; e < P_CT; e++) ct_used += x->ct_k[e] >= 0;
  if (x->rgem_mode == 1) {
    ok &= kmu_expect(popcount64(o->slot_valid_o) <= 1, t, cyc,
                     "RGEM: never two active slots", 1, popcount64(o->slot_valid_o));
    ok &= kmu_expect(ct_used <= 1, t, cyc, "RGEM: never two kernels in the CT", 1, ct_used);
    x->rgem_cycles++;
  }
  const unsigned qs = (unsigned)i->q_slot_i;
  const int qv = qs < NS && x->slot_k[qs] >= 0;
  const krec *qr = qv ? krec_of(x, (uint64_t)x->slot_k[qs]) : NULL;
  ok &= KMU_EXPECT_EQ(t, cyc, "q_warps_o", qv ? spec_warps(&qr->d) : 0, o->q_warps_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "q_regs_o", qv ? spec_regs(&qr->d) : 0, o->q_regs_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "q_shmem_o", qv ? qr->d.shmem : 0, o->q_shmem_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "q_prio_o", qv ? qr->d.prio : 0, o->q_prio_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "q_event_o", qv ? qr->d.event : 0, o->q_event_o);

  /* ---- input arbitration ---- */
  const uint64_t vin[2] = {i->ev_valid_i, i->host_valid_i};
  const unsigned pin[2] = {(unsigned)i->ev_prio_i, (unsigned)i->host_prio_i};
  /* the handshake: the grant, while no descriptor is held (the engine idle) */
  int req[2], gnt = -1;
  for (int st = 0; st < 2; st++) req[st] = x->geo_k < 0 && vin[st] && x->pool[pin[st]].n < PEND;
  if (req[0] && req[1]) gnt = (int)x->arb_ptr;
  else if (req[0]) gnt = 0;
  else if (req[1]) gnt = 1;
  ok &= KMU_EXPECT_EQ(t, cyc, "ev_ready_o (grant; engine idle, level has room)", gnt == EVS,
                      o->ev_ready_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_ready_o (grant; engine idle, level has room)", gnt == HOSTS,
                      o->host_ready_o);
  krec *hk = NULL; /* accepted this cycle */
  if (gnt >= 0) {
    ok &= kmu_expect(x->cur[gnt] >= 0, t, cyc, "accepted stream presents a kernel", 1, 0);
    if (x->cur[gnt] < 0) return 0;
    hk = krec_of(x, (uint64_t)x->cur[gnt]);
  }
  /* the new candidate: a fast one in its handshake cycle, a held one when its engine is done
   * and its level has room */
  krec *nk = NULL;
  if (hk && spec_fast(&hk->d)) nk = hk;
  const int geo_exit = x->geo_k >= 0 && cyc >= x->geo_at &&
                       x->pool[krec_of(x, (uint64_t)x->geo_k)->d.prio].n < PEND;
  if (geo_exit) nk = krec_of(x, (uint64_t)x->geo_k);
  /* the hold is bounded (docs/blocks/kmu_kmu.md, Latency): the engine's kernel has one word of
   * its level reserved from its handshake on, so it leaves the register the cycle its engine is
   * done, G cycles after the handshake; the other stream then waits G + 1 at most */
  if (x->geo_k >= 0 && cyc >= x->geo_at)
    ok &= kmu_expect(geo_exit, t, cyc,
                     "the engine's kernel leaves the register G cycles after its handshake "
                     "(its room is reserved)",
                     1, 0);
  /* the reserved word: the level of the kernel in the register, or of one going there now */
  int resv = -1;
  if (x->geo_k >= 0) resv = krec_of(x, (uint64_t)x->geo_k)->d.prio;
  else if (hk && !spec_fast(&hk->d)) resv = hk->d.prio;
  const int bad = nk && spec_bad(&nk->d);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_desc_o (malformed accepted)", bad, o->err_desc_o);

  /* ---- take / done ---- */
  const unsigned ts = (unsigned)i->take_slot_i, dt = (unsigned)i->done_tag_i;
  const int t_occ = ts < NS && x->slot_k[ts] >= 0;
  krec *tr = t_occ ? krec_of(x, (uint64_t)x->slot_k[ts]) : NULL;
  /* refused: a free slot, none left, or its kernel's outstanding count full (OUT_W bits) */
  const int take_err = !t_occ || tr->taken == tr->tbs || tr->out == OUT_MAX;
  if (i->take_valid_i && t_occ && tr->taken != tr->tbs && tr->out == OUT_MAX) x->out_full++;
  if (i->take_valid_i) ok &= KMU_EXPECT_EQ(t, cyc, "err_take_o", take_err, o->err_take_o);
  else ok &= KMU_EXPECT_EQ(t, cyc, "err_take_o without a take", 0, o->err_take_o);
  if (t_occ) {
    ok &= KMU_EXPECT_EQ(t, cyc, "take_tb_o (next TB index)", tr->taken, o->take_tb_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "take_tag_o (the kernel's tag)", tr->tag, o->take_tag_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "take_kptr_o", tr->d.kptr, o->take_kptr_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "take_param_o", tr->d.param, o->take_param_o);
  }
  const int take_ok = i->take_valid_i && !take_err;
  const int take_last = take_ok && tr->taken + 1 == tr->tbs;
  const int d_occ = dt < P_CT && x->ct_k[dt] >= 0;
  krec *dr = d_occ ? krec_of(x, (uint64_t)x->ct_k[dt]) : NULL;
  const int done_err = !d_occ || dr->out == 0;
  if (i->done_valid_i) ok &= KMU_EXPECT_EQ(t, cyc, "err_done_o", done_err, o->err_done_o);
  else ok &= KMU_EXPECT_EQ(t, cyc, "err_done_o without a done", 0, o->err_done_o);
  const int done_ok = i->done_valid_i && !done_err;

  /* ---- completion: lowest CT entry with every TB taken and done, when the queue has room -- */
  int ce = -1;
  for (unsigned e = 0; e < P_CT && ce < 0; e++) {
    if (x->ct_k[e] < 0) continue;
    const krec *r = krec_of(x, (uint64_t)x->ct_k[e]);
    if (r->taken == r->tbs && r->out == 0) ce = (int)e;
  }
  const int cfire = ce >= 0 && x->cplq.n < NS;
  if (ce >= 0 && !cfire) x->cpl_stalls++;
  krec *ck = cfire ? krec_of(x, (uint64_t)x->ct_k[ce]) : NULL;
  ok &= KMU_EXPECT_EQ(t, cyc, "kernel_done_o", cfire, o->kernel_done_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "ekt_cpl_valid_o", cfire && ck->d.event, o->ekt_cpl_valid_o);
  if (cfire && ck->d.event)
    ok &= KMU_EXPECT_EQ(t, cyc, "ekt_cpl_id_o", ck->d.id, o->ekt_cpl_id_o);
  /* ---- completion writes, in completion order ---- */
  ok &= KMU_EXPECT_EQ(t, cyc, "mem_req_valid_o", x->cplq.n > 0, o->mem_req_valid_o);
  krec *wk = x->cplq.n ? krec_of(x, tq_at(&x->cplq, 0)) : NULL;
  if (wk) {
    ok &= KMU_EXPECT_EQ(t, cyc, "mem_req_addr_o (cpl_addr)", wk->d.cpl, o->mem_req_addr_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "mem_req_wdata_o", 1, o->mem_req_wdata_o);
  }

  /* ---- the candidate: highest priority of pool heads + the accepted one, oldest first ---- */
  int hi = -1;
  for (int l = 3; l >= 0 && hi < 0; l--)
    if (x->pool[l].n) hi = l;
  krec *cand = NULL;
  int byp = 0;
  if (nk && (int)nk->d.prio > hi) cand = nk, byp = 1;
  else if (hi >= 0) cand = krec_of(x, tq_at(&x->pool[hi], 0));
  const int cand_cont = cand && cand->in_ct; /* a continuation keeps its tag */
  int free_ct = -1;
  for (unsigned e = 0; e < P_CT && free_ct < 0; e++)
    if (x->ct_k[e] < 0) free_ct = (int)e;
  unsigned as = 0;
  while (as < NS && x->slot_k[as] >= 0) as++;
  const int slot_free = as < NS;
  int rgem_ok = 1;
  if (i->mode_rgem_i) {
    rgem_ok = valid == 0;
    for (unsigned e = 0; e < P_CT; e++) {
      if (x->ct_k[e] < 0 || (cand_cont && (int)e == cand->tag)) continue;
      /* a parked kernel (swapped out, none of its TBs on the SMs) runs nothing: no other kernel */
      const krec *r = krec_of(x, (uint64_t)x->ct_k[e]);
      if (!(r->slot < 0 && r->taken < r->tbs && r->out == 0)) rgem_ok = 0;
    }
  }
  krec *ak = cand && slot_free && (cand_cont || free_ct >= 0) && rgem_ok ? cand : NULL;
  if (cand && slot_free && !cand_cont && free_ct < 0) x->ct_waits++;
  if (ak) {
    /* independent statement of the ordering rule on the pool before the edge */
    for (int l = ak->d.prio + 1; l < 4; l++)
      ok &= kmu_expect(x->pool[l].n == 0, t, cyc,
                       "never admitted while a higher-priority kernel waits", 0, x->pool[l].n);
    if (i->mode_rgem_i) ok &= KMU_EXPECT_EQ(t, cyc, "RGEM: admission with no slot active", 0, valid);
  }

  /* ---- swap-out (spec: docs/blocks/kmu_kmu.md "Swap-out") ---- */
  int vic = -1;
  if (cand && !slot_free && !take_last && !i->mode_rgem_i) {
    for (unsigned s = 0; s < NS; s++) {
      const krec *r = krec_of(x, (uint64_t)x->slot_k[s]);
      const uint32_t left = r->tbs - r->taken - (uint32_t)(take_ok && ts == s);
      if (r->d.prio >= cand->d.prio || left == 0) continue;
      /* lowest priority; ties: the highest index (s increases: >= takes the later one) */
      if (vic < 0 || r->d.prio <= krec_of(x, (uint64_t)x->slot_k[vic])->d.prio) vic = (int)s;
    }
  }
  krec *vk = vic >= 0 ? krec_of(x, (uint64_t)x->slot_k[vic]) : NULL;
  int swp = 0;
  if (vk) {
    const unsigned vl = vk->d.prio;
    /* the new kernel goes into the pool in this cycle (at any level): one pool push word a
     * cycle, the swap-out waits (issue 15) */
    const int clash = nk && ak != nk;
    /* room beyond the reserved word */
    const int room = (int)PEND - (int)x->pool[vl].n - ((int)vl == resv);
    swp = x->pool[vl].n < PEND && room > 0 && !clash && (cand_cont || free_ct >= 0);
    if (!swp) x->swap_blocked++;
    if (!swp && x->pool[vl].n < PEND && room == 0 && !clash && (cand_cont || free_ct >= 0))
      x->resv_blocked++; /* the race: without the reservation the swap-out took the word */
  }
  ok &= KMU_EXPECT_EQ(t, cyc, "swap_o", swp, o->swap_o);

  /* ---- the edge ---- */
  if (take_ok) {
    ok &= KMU_EXPECT_EQ(t, cyc, "TB indices 0..N-1 in order, each once", tr->taken, o->take_tb_o);
    tr->taken++;
    tr->out++;
    x->takes++;
    if (x->sm_n < MAXINF)
      x->sm[x->sm_n++] =
          (inflight_tb){(unsigned)tr->tag, cyc + 1 + kmu_rng_below(&x->rng, x->delay_max)};
    else
      ok &= kmu_expect(0, t, cyc, "SM pool overflow", 0, 1);
    if (take_last) x->slot_k[ts] = -1, tr->slot = -1; /* the last take frees the slot */
  } else if (i->take_valid_i) {
    x->err_takes++;
  }
  if (done_ok) {
    dr->done++;
    dr->out--;
    x->dones++;
  } else if (i->done_valid_i) {
    x->err_dones++;
  }
  if (i->mem_req_ready_i && x->cplq.n) {
    krec *r = krec_of(x, tq_pop(&x->cplq));
    ok &= KMU_EXPECT_EQ(t, cyc, "one completion write per kernel", 0, r->written);
    r->written++;
    r->live = 0;
    x->written++;
  }
  if (cfire) {
    ok &= KMU_EXPECT_EQ(t, cyc, "completes once", 0, ck->completed);
    ok &= KMU_EXPECT_EQ(t, cyc, "completes after all its TBs were taken", ck->tbs, ck->taken);
    ok &= KMU_EXPECT_EQ(t, cyc, "completes after all its TBs were done", ck->tbs, ck->done);
    ok &= KMU_EXPECT_EQ(t, cyc, "a completing kernel holds no slot", -1, ck->slot);
    ck->completed++;
    if (ck->d.event) ck->credited++, x->credits++;
    if (ck->tbs == 0) x->zero_cpl++;
    tq_push(&x->cplq, ck->kid);
    if (x->cplq.n > x->max_cplq) x->max_cplq = x->cplq.n;
    x->ct_k[ce] = -1;
    ck->in_ct = 0;
    x->completed++;
  }
  if (swp) {
    /* the victim's rest goes to the tail of its level; its slot frees; its tag stays */
    tq_push(&x->pool[vk->d.prio], vk->kid);
    x->slot_k[vic] = -1;
    vk->slot = -1;
    vk->swapped++;
    x->swaps++;
  }
  if (hk) {
    x->hs++;
    x->cur[gnt] = -1;
    x->arb_ptr = (unsigned)(gnt + 1) % 2;
    if (!spec_fast(&hk->d)) {
      x->geo_k = (int64_t)hk->kid;
      x->geo_at = cyc + spec_geo_cycles(&hk->d);
      x->slow++;
    }
  }
  if (geo_exit) x->geo_k = -1;
  if (nk) {
    nk->admitted = 0;
    x->accepted++;
    if (bad) x->bad++;
    if (!(ak == nk)) tq_push(&x->pool[nk->d.prio], nk->kid);
  }
  if (ak) {
    if (!byp) tq_pop(&x->pool[ak->d.prio]);
    else x->bypassed++;
    if (cand_cont) {
      ok &= KMU_EXPECT_EQ(t, cyc, "a continuation was swapped out before", 1,
                          ak->swapped > ak->readmitted);
      ak->readmitted++;
      x->readmitted++;
    } else {
      ok &= KMU_EXPECT_EQ(t, cyc, "admitted once", 0, ak->admitted);
      ak->admitted++;
      ak->tag = free_ct;
      ak->in_ct = 1;
      x->ct_k[free_ct] = (int64_t)ak->kid;
      x->admitted++;
    }
    if (cand_cont || ak->tbs != 0) { /* a fresh zero-TB kernel holds no slot */
      ak->slot = (int)as;
      x->slot_k[as] = (int64_t)ak->kid;
    }
  }
  uint64_t live = 2 + x->cplq.n;
  for (unsigned l = 0; l < 4; l++) live += x->pool[l].n;
  live += ct_used;
  ok &= kmu_expect(live < CAP, t, cyc, "live kernels fit the record table", CAP, live);
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  uint64_t pend = 0, conts = 0, held = 0, active = 0;
  for (unsigned l = 0; l < 4; l++) {
    pend += x->pool[l].n;
    for (unsigned k = 0; k < x->pool[l].n; k++) conts += krec_of(x, tq_at(&x->pool[l], k))->in_ct;
  }
  for (unsigned e = 0; e < P_CT; e++) held += x->ct_k[e] >= 0;
  for (unsigned s = 0; s < NS; s++) active += x->slot_k[s] >= 0;
  /* conservation: nothing lost, nothing duplicated */
  ok &= KMU_EXPECT_EQ(t, 0, "accepted == admitted + fresh pending", x->accepted,
                      x->admitted + pend - conts);
  ok &= KMU_EXPECT_EQ(t, 0, "handshakes == accepted + the held descriptor", x->hs,
                      x->accepted + (x->geo_k >= 0));
  if (!x->swap_mix) /* the swaps mix is fast descriptors (and a few malformed ones) */
    ok &= kmu_expect(x->slow > 0 && x->slow < x->hs, t, 0,
                     "some kernels through the engine, some on the fast path", 1, x->slow);
  ok &= KMU_EXPECT_EQ(t, 0, "admitted == completed + CT entries held", x->admitted,
                      x->completed + held);
  ok &= KMU_EXPECT_EQ(t, 0, "swaps == readmissions + continuations pending", x->swaps,
                      x->readmitted + conts);
  ok &= kmu_expect(active + conts <= held, t, 0, "every slot and continuation holds a tag",
                   held, active + conts);
  ok &= KMU_EXPECT_EQ(t, 0, "completed == written + waiting writes", x->completed,
                      x->written + x->cplq.n);
  ok &= KMU_EXPECT_EQ(t, 0, "takes == dones + TBs on the SMs", x->takes, x->dones + x->sm_n);
  /* the run exercised the block */
  ok &= kmu_expect(x->completed > 0, t, 0, "some kernel completed", 1, x->completed);
  ok &= kmu_expect(x->written > 0, t, 0, "some completion written", 1, x->written);
  ok &= kmu_expect(x->bypassed > 0, t, 0, "some admission bypassed the pool", 1, x->bypassed);
  ok &= kmu_expect(x->admitted > x->bypassed, t, 0, "some admission from the pool", 1, 0);
  ok &= kmu_expect(x->err_takes + x->err_dones > 0, t, 0, "some take/done refused", 1, 0);
  if (x->rgem_mode == 1) ok &= KMU_EXPECT_EQ(t, 0, "RGEM seed: no swap", 0, x->swaps);
  if (x->swap_mix == 2 && P_CT != NS)
    ok &= kmu_expect(x->resv_blocked >= 5, t, 0,
                     "resv: swap-outs held off by the reserved word (the race) happen often", 5,
                     x->resv_blocked);
  if (x->swap_mix == 1 && P_CT == NS)
    /* CT = SLOTS: with every slot valid every tag is held, so the first swap can never find
     * the free tag a fresh candidate needs, and without a first swap no continuation exists */
    ok &= KMU_EXPECT_EQ(t, 0, "CT = SLOTS: no swap", 0, x->swaps);
  else if (x->swap_mix == 1) {
    /* a floor on the coverage: 100 before issue 15's one pool push word, which holds a
     * swap-out off in a cycle with a new kernel going into the pool (then 87 to 221 a seed at
     * the small size, KMU_KMU_STATS=1) */
    ok &= kmu_expect(x->swaps >= 50, t, 0, "swaps happen often", 50, x->swaps);
    ok &= kmu_expect(x->readmitted > 0, t, 0, "continuations were admitted again", 1,
                     x->readmitted);
  }
  if (getenv("KMU_KMU_STATS"))
    printf("  stats: rgem %u acc %llu adm %llu byp %llu cpl %llu wr %llu cred %llu takes %llu "
           "dones %llu errt %llu errd %llu bad %llu zero %llu cplstall %llu maxcplq %llu "
           "swaps %llu readm %llu swapblk %llu ctwait %llu resvblk %llu slow %llu outfull %llu\n",
           x->rgem_mode, (unsigned long long)x->accepted, (unsigned long long)x->admitted,
           (unsigned long long)x->bypassed, (unsigned long long)x->completed,
           (unsigned long long)x->written, (unsigned long long)x->credits,
           (unsigned long long)x->takes, (unsigned long long)x->dones,
           (unsigned long long)x->err_takes, (unsigned long long)x->err_dones,
           (unsigned long long)x->bad, (unsigned long long)x->zero_cpl,
           (unsigned long long)x->cpl_stalls, (unsigned long long)x->max_cplq,
           (unsigned long long)x->swaps, (unsigned long long)x->readmitted,
           (unsigned long long)x->swap_blocked, (unsigned long long)x->ct_waits,
           (unsigned long long)x->resv_blocked, (unsigned long long)x->slow,
           (unsigned long long)x->out_full);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  static rnd_ctx x;
  x.test = test;
  x.swap_mix = 0;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep_mid_reset(&kmu_kmu_block, &s, test, seed, cycles);
}

/* random stimulus in which swaps happen often: low-priority kernels with many TBs hold the
 * slots, higher ones arrive while they are full (every seed but each 4th: no RGEM) */
static int t_swaps(const char *test, uint64_t seed, uint64_t cycles) {
  static rnd_ctx x;
  x.test = test;
  x.swap_mix = 1;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep_mid_reset(&kmu_kmu_block, &s, test, seed, cycles);
}

/* the room reservation's race made frequent: the swaps mix, with most low kernels through the
 * engine and filling their level, so that swap-outs into the level of the kernel held in the
 * descriptor register come while it is held (the scoreboard: it leaves the register G cycles
 * after its handshake, a swap-out takes only room beyond its reserved word) */
static int t_resv(const char *test, uint64_t seed, uint64_t cycles) {
  static rnd_ctx x;
  x.test = test;
  x.swap_mix = 2;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep_mid_reset(&kmu_kmu_block, &s, test, seed, cycles);
}

/* ======================================================================== directed */
/* A directed test is a program of steps: one cycle's inputs and the outputs the spec requires
 * in that cycle (default inputs: mem_req_ready_i = 1, everything else 0). */
#define MAX_STEPS 8192 /* out_full at OUT_W = 11: 2 x 2047 takes and dones */
#define MAX_EXP 24
typedef kmu_dexp dexp;
typedef struct {
  kmu_kmu_in in;
  unsigned n_exp;
  dexp exp[MAX_EXP];
  const char *what;
} dstep;
typedef struct {
  const char *test;
  dstep s[MAX_STEPS];
  unsigned n, pc;
  int rgem; /* mode_rgem_i of the steps made from now on */
} dprog;

static dstep *st(dprog *p, const char *what) {
  if (p->n >= MAX_STEPS) {
    fprintf(stderr, "directed program too long\n");
    exit(2);
  }
  dstep *s = &p->s[p->n++];
  memset(s, 0, sizeof *s);
  s->in.mem_req_ready_i = 1;
  s->in.mode_rgem_i = (uint64_t)p->rgem;
  s->what = what;
  return s;
}
static void dexp_add(dstep *s, const char *name, size_t off, uint64_t v) {
  kmu_dexp_add(s->exp, &s->n_exp, MAX_EXP, name, off, v);
}
#define EXP(s, f, v) dexp_add((s), #f, offsetof(kmu_kmu_out, f), (uint64_t)(v))

KMU_DPROG_RUNNER(kmu_kmu, dprog, 1000000, KMU_DPROG_NO_HOOK)

static dprog prog;
#define PROG(test_name)    \
  dprog *p = &prog;        \
  memset(p, 0, sizeof *p); \
  p->test = (test_name)

/* kernel k: grid gx x 1 x 1 of 64-thread TBs (2 warps), 16 registers per thread */
static kdesc kern(unsigned k, unsigned prio, unsigned tbs, int event) {
  kdesc d;
  memset(&d, 0, sizeof d);
  d.kptr = 0xc0de0000u + k;
  d.param = 0x80000000u + 0x100u * k;
  d.cpl = event ? d.param : 0x40000000u + 0x10u * k;
  d.gx = (uint16_t)tbs, d.gy = 1, d.gz = 1;
  d.tx = 64, d.ty = 1, d.tz = 1;
  d.shmem = (uint16_t)(0x100u + k);
  d.nregs = 16;
  d.prio = (uint8_t)prio;
  d.event = (uint8_t)event;
  d.id = event ? k % (1u << P_EKT_ID_W) : 0;
  return d;
}

/* a descriptor accepted this cycle (the other stream idle) */
static dstep *p_desc(dprog *p, const kdesc *d, const char *what) {
  dstep *s = st(p, what);
  put_desc(&s->in, d->event ? EVS : HOSTS, d);
  EXP(s, ev_ready_o, d->event);
  EXP(s, host_ready_o, !d->event);
  /* not fast: the engine runs spec_geo_cycles() after the handshake; the kernel is the new
   * candidate (bypass, push, err_desc_o) in the last of these steps, which is returned */
  if (!spec_fast(d))
    for (unsigned k = spec_geo_cycles(d); k > 0; k--) {
      s = st(p, k > 1 ? "the geometry engine runs (no handshake)" : what);
      EXP(s, ev_ready_o, 0);
      EXP(s, host_ready_o, 0);
    }
  return s;
}
static dstep *p_take(dprog *p, unsigned slot, int err, const char *what) {
  dstep *s = st(p, what);
  s->in.take_valid_i = 1;
  s->in.take_slot_i = slot;
  s->in.q_slot_i = slot;
  EXP(s, err_take_o, err);
  return s;
}
static dstep *p_done(dprog *p, unsigned tag, int err, const char *what) {
  dstep *s = st(p, what);
  s->in.done_valid_i = 1;
  s->in.done_tag_i = tag;
  EXP(s, err_done_o, err);
  return s;
}
static dstep *p_idle(dprog *p, const char *what) { return st(p, what); }
/* the slot holds kernel d with TB index `next` up next */
static void exp_slot(dstep *s, unsigned slot, const kdesc *d, unsigned next) {
  s->in.take_slot_i = slot;
  s->in.q_slot_i = slot;
  EXP(s, take_tb_o, next);
  EXP(s, take_kptr_o, d->kptr);
  EXP(s, take_param_o, d->param);
  EXP(s, q_warps_o, spec_warps(d));
  EXP(s, q_regs_o, spec_regs(d));
  EXP(s, q_shmem_o, d->shmem);
  EXP(s, q_prio_o, d->prio);
  EXP(s, q_event_o, d->event);
}
/* a completion pulse of kernel d in this step */
static void exp_cpl(dstep *s, const kdesc *d) {
  EXP(s, kernel_done_o, 1);
  EXP(s, ekt_cpl_valid_o, d->event);
  if (d->event) EXP(s, ekt_cpl_id_o, d->id);
}
/* run every TB of the kernel in `slot` with kernel tag `tag` (tbs of them, from index 0):
 * take, then done */
static void p_run_all(dprog *p, unsigned slot, unsigned tag, const kdesc *d, unsigned tbs) {
  for (unsigned k = 0; k < tbs; k++) {
    dstep *s = p_take(p, slot, 0, "take");
    exp_slot(s, slot, d, k);
    EXP(s, take_tag_o, tag);
  }
  for (unsigned k = 0; k < tbs; k++) p_done(p, tag, 0, "done");
}

/* admission latency: a descriptor accepted in cycle t is in the lowest free slot in t+1 */
static int t_admit(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  kdesc a = kern(1, 1, 3, 0), b = kern(2, 0, 1, 1);
  a.tx = 32, a.ty = 32, a.nregs = 255; /* 1024 threads: 32 warps, 261120 registers */
  b.tx = 33;                           /* 33 threads: 2 warps */
  dstep *s = p_idle(p, "reset: empty");
  EXP(s, slot_valid_o, 0);
  EXP(s, mem_req_valid_o, 0);
  EXP(s, q_warps_o, 0);
  s = st(p, "both streams valid: the event stream wins first (pointer 0)");
  put_desc(&s->in, EVS, &b);
  put_desc(&s->in, HOSTS, &a);
  EXP(s, ev_ready_o, 1);
  EXP(s, host_ready_o, 0);
  EXP(s, err_desc_o, 0);
  s = st(p, "t+1: event kernel in slot 0; the host one is accepted now (engine idle)");
  put_desc(&s->in, HOSTS, &a);
  EXP(s, host_ready_o, 1);
  EXP(s, ev_ready_o, 0);
  EXP(s, slot_valid_o, 1);
  EXP(s, slot_has_tb_o, 1);
  EXP(s, slot_event_o, 1);
  EXP(s, slot_prio_o, 0);
  exp_slot(s, 0, &b, 0);
  /* 32 x 32 threads is not fast: the engine holds it 1 + 1 + 1 + 6 + 1 + 6 = 16 cycles (the
   * handshake's edge loads it; phases gy, gz, ty = 32, tz, warps = 32), and no stream is
   * accepted while it runs: a priority-3 event kernel waits */
  kdesc c = kern(3, 3, 1, 1);
  for (unsigned k = 1; k <= 16; k++) {
    s = st(p, k < 16 ? "the host kernel's engine runs: no handshake, no slot"
                     : "engine done: the host kernel bypasses into slot 1 (event still refused)");
    put_desc(&s->in, EVS, &c);
    EXP(s, ev_ready_o, 0);
    EXP(s, slot_valid_o, 1);
    EXP(s, err_desc_o, 0);
  }
  s = st(p, "host kernel in slot 1; the register is free: the event kernel is accepted");
  put_desc(&s->in, EVS, &c);
  EXP(s, ev_ready_o, 1);
  EXP(s, slot_valid_o, 3);
  s = p_idle(p, "the fast event kernel in slot 2 the cycle after its handshake");
  EXP(s, slot_valid_o, 7);
  exp_slot(s, 2, &c, 0);
  {
    s = p_idle(p, "host kernel in slot 1");
    EXP(s, slot_valid_o, 7);
    EXP(s, slot_has_tb_o, 7);
    EXP(s, slot_event_o, 5);
    EXP(s, slot_prio_o, 1u << 2 | 3u << 4);
    EXP(s, slot_p0_o, 1);
    EXP(s, slot_p1_o, 2);
    EXP(s, slot_p2_o, 0);
    EXP(s, slot_p3_o, 4);
    exp_slot(s, 1, &a, 0);
    EXP(s, q_warps_o, 32);
    EXP(s, q_regs_o, 32u * 32u * 255u);
    s = p_idle(p, "event kernel: 33 threads are 2 warps");
    exp_slot(s, 0, &b, 0);
    EXP(s, q_warps_o, 2);
    EXP(s, q_regs_o, 2u * 32u * 16u);
  }
  return d_run(p);
}

/* 1 TB and many TBs: indices 0..N-1, completion the cycle after the last done */
static int t_tbs(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  kdesc one = kern(1, 2, 1, 1), many = kern(2, 1, 1, 0);
  many.gx = 10, many.gy = 10, many.gz = 3; /* 300 TBs */
  p_desc(p, &one, "1-TB event kernel");
  dstep *s = p_take(p, 0, 0, "its only TB (tag 0: the lowest free CT entry)");
  exp_slot(s, 0, &one, 0);
  EXP(s, take_tag_o, 0);
  EXP(s, slot_has_tb_o, 1);
  EXP(s, slot_p2_o, 1);
  s = p_idle(p, "last TB taken: the slot is free, one TB outstanding in CT entry 0");
  EXP(s, slot_has_tb_o, 0);
  EXP(s, slot_p2_o, 0);
  EXP(s, slot_valid_o, 0);
  EXP(s, kernel_done_o, 0);
  s = p_take(p, 0, 1, "a take of the freed slot: err_take_o");
  s = p_done(p, 0, 0, "its done (tag 0)");
  EXP(s, kernel_done_o, 0);
  s = p_idle(p, "completes the cycle after the last done");
  exp_cpl(s, &one);
  EXP(s, slot_valid_o, 0);
  EXP(s, mem_req_valid_o, 0);
  s = p_idle(p, "slot free, completion write offered");
  EXP(s, slot_valid_o, 0);
  EXP(s, kernel_done_o, 0);
  EXP(s, ekt_cpl_valid_o, 0);
  EXP(s, mem_req_valid_o, 1);
  EXP(s, mem_req_addr_o, one.cpl);
  EXP(s, mem_req_wdata_o, 1);
  s = p_desc(p, &many, "300-TB host kernel");
  EXP(s, mem_req_valid_o, 0);
  for (unsigned k = 0; k < 300; k++) {
    s = p_take(p, 0, 0, "take, back to back");
    exp_slot(s, 0, &many, k);
    EXP(s, slot_has_tb_o, 1);
    if (k >= 1) { /* one done per cycle trails the takes */
      s->in.done_valid_i = 1;
      s->in.done_tag_i = 0;
      EXP(s, err_done_o, 0);
    }
  }
  s = p_done(p, 0, 0, "last done");
  EXP(s, slot_has_tb_o, 0);
  EXP(s, kernel_done_o, 0);
  s = p_idle(p, "complete");
  exp_cpl(s, &many);
  s = p_idle(p, "write");
  EXP(s, mem_req_valid_o, 1);
  EXP(s, mem_req_addr_o, many.cpl);
  EXP(s, slot_valid_o, 0);
  return d_run(p);
}

/* take and done of one slot in one cycle */
static int t_same_cycle(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  kdesc k = kern(3, 0, 3, 1);
  p_desc(p, &k, "3-TB kernel");
  dstep *s = p_take(p, 0, 0, "take 0 + done with none outstanding: done refused");
  s->in.done_valid_i = 1;
  s->in.done_tag_i = 0;
  EXP(s, err_done_o, 1);
  exp_slot(s, 0, &k, 0);
  s = p_take(p, 0, 0, "take 1 + done of TB 0: outstanding stays 1");
  s->in.done_valid_i = 1;
  EXP(s, err_done_o, 0);
  exp_slot(s, 0, &k, 1);
  s = p_take(p, 0, 0, "take 2 + done of TB 1: outstanding stays 1");
  s->in.done_valid_i = 1;
  EXP(s, err_done_o, 0);
  exp_slot(s, 0, &k, 2);
  s = p_idle(p, "all taken (the slot freed at the last take), one outstanding: no completion");
  EXP(s, slot_valid_o, 0);
  EXP(s, kernel_done_o, 0);
  EXP(s, slot_has_tb_o, 0);
  s = p_done(p, 0, 0, "done of TB 2");
  EXP(s, kernel_done_o, 0);
  s = p_idle(p, "complete");
  exp_cpl(s, &k);
  s = p_done(p, 0, 1, "done after completion (tag free): refused");
  EXP(s, slot_valid_o, 0);
  EXP(s, mem_req_valid_o, 1);
  EXP(s, mem_req_addr_o, k.cpl);
  s = p_idle(p, "nothing else happens");
  EXP(s, mem_req_valid_o, 0);
  EXP(s, kernel_done_o, 0);
  return d_run(p);
}

/* every refusal of take and done; refused ones change nothing */
static int t_errors(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = p_take(p, 0, 1, "take of a free slot");
  s = p_done(p, 0, 1, "done of a free tag");
  s = p_done(p, P_CT - 1, 1, "done of the last (free) tag");
  s = p_done(p, (unsigned)kmu_mask(TAG_W), 1, "done of the highest tag index (free)");
  s = p_take(p, NS - 1, 1, "take of the last (free) slot");
  kdesc k = kern(4, 3, 2, 0);
  p_desc(p, &k, "2-TB kernel");
  s = p_done(p, 0, 1, "done with nothing outstanding");
  if (NS > 1) {
    s->in.take_valid_i = 1;
    s->in.take_slot_i = 1;
    EXP(s, err_take_o, 1); /* slot 1 free */
  }
  s = p_idle(p, "nothing changed: TB 0 next");
  exp_slot(s, 0, &k, 0);
  EXP(s, slot_has_tb_o, 1);
  p_take(p, 0, 0, "take 0");
  p_take(p, 0, 0, "take 1 (the last: the slot frees)");
  s = p_take(p, 0, 1, "take with none left (a free slot now): refused");
  EXP(s, slot_valid_o, 0);
  s = p_done(p, 0, 0, "done 0");
  s = p_done(p, 0, 0, "done 1");
  s = p_done(p, 0, 1, "third done: none outstanding, refused");
  exp_cpl(s, &k); /* completes in this cycle anyway */
  s = p_idle(p, "one write only");
  EXP(s, mem_req_valid_o, 1);
  EXP(s, mem_req_addr_o, k.cpl);
  EXP(s, kernel_done_o, 0);
  s = p_idle(p, "written");
  EXP(s, mem_req_valid_o, 0);
  EXP(s, slot_valid_o, 0);
  return d_run(p);
}

/* malformed descriptors: err_desc_o, a zero-TB kernel that completes without TBs */
static int t_malformed(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  kdesc b[5];
  for (unsigned k = 0; k < 5; k++) b[k] = kern(10 + k, 1, 2, (int)(k & 1));
  b[0].gy = 0;                       /* zero grid dimension */
  b[1].tz = 0;                       /* zero TB dimension */
  b[2].tx = 1025;                    /* 1025 threads */
  b[3].gx = b[3].gy = 0xffff, b[3].gz = 2; /* 2^33 - ... TBs: >= 2^32 */
  b[4].tx = 1024;                    /* well-formed: the edge of the limit */
  for (unsigned k = 0; k < 5; k++) {
    dstep *s = p_desc(p, &b[k], k < 4 ? "malformed: err_desc_o" : "1024 threads: fine");
    EXP(s, err_desc_o, k < 4);
    s = p_idle(p, k < 4 ? "admitted: zero TBs, CT entry only (no slot)" : "admitted to slot 0");
    EXP(s, slot_valid_o, k < 4 ? 0 : 1);
    EXP(s, slot_has_tb_o, k < 4 ? 0 : 1);
    EXP(s, q_warps_o, k < 4 ? 0 : 32);
    EXP(s, q_regs_o, k < 4 ? 0 : 32u * 32u * 16u);
    s->in.q_slot_i = 0;
    if (k < 4) {
      exp_cpl(s, &b[k]); /* zero TBs: completes the cycle after admission */
      s = p_idle(p, "its completion write");
      EXP(s, slot_valid_o, 0);
      EXP(s, mem_req_valid_o, 1);
      EXP(s, mem_req_addr_o, b[k].cpl);
    } else {
      EXP(s, kernel_done_o, 0);
      p_run_all(p, 0, 0, &b[k], 2);
      s = p_idle(p, "complete");
      exp_cpl(s, &b[k]);
    }
  }
  return d_run(p);
}

/* the spec's tag allocation: the lowest free CT entry (a directed program's bookkeeping) */
static unsigned ct_take(uint8_t *used) {
  unsigned e = 0;
  while (used[e]) e++;
  used[e] = 1;
  return e;
}

/* concurrent mode: pending kernels are admitted in priority order as slots free */
static int t_prio_order(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  static uint8_t used[KMU_KMU_MAX_CT];
  memset(used, 0, sizeof used);
  kdesc fill[KMU_KMU_MAX_SLOTS];
  unsigned tag_of[KMU_KMU_MAX_SLOTS]; /* tag of the kernel in each slot */
  for (unsigned s = 0; s < NS; s++) {
    fill[s] = kern(s, 3, 1, (int)(s & 1)); /* priority 3: nothing above it, no swap */
    p_desc(p, &fill[s], "fill every slot");
    tag_of[s] = ct_take(used);
  }
  static const unsigned pr[6] = {1, 3, 0, 3, 2, 1};
  kdesc w[6];
  for (unsigned k = 0; k < 6; k++) {
    w[k] = kern(100 + k, pr[k], 1, (int)(k % 2));
    dstep *s = p_desc(p, &w[k], "pending (no free slot)");
    EXP(s, slot_valid_o, ALL_SLOTS);
    EXP(s, swap_o, 0); /* every slot's kernel has priority 3: nothing to swap out */
  }
  /* expected order: 3 (w1), 3 (w3), 2 (w4), 1 (w0), 1 (w5), 0 (w2) */
  static const unsigned order[6] = {1, 3, 4, 0, 5, 2};
  for (unsigned k = 0; k < 6; k++) {
    unsigned slot = k % NS;
    const kdesc *cur = k < NS ? &fill[slot] : &w[order[k - NS]];
    const unsigned ctag = tag_of[slot];
    dstep *s = p_take(p, slot, 0, "take the one TB of the slot's kernel (its last)");
    exp_slot(s, slot, cur, 0);
    EXP(s, take_tag_o, ctag);
    s = p_done(p, ctag, 0, "done; the slot is free");
    EXP(s, slot_valid_o, ALL_SLOTS & ~(1ull << slot));
    const int ct_free = P_CT > NS; /* else every entry is held until the completion */
    if (ct_free) tag_of[slot] = ct_take(used); /* admitted at this edge */
    s = p_idle(p, "complete");
    exp_cpl(s, cur);
    used[ctag] = 0;
    if (!ct_free) {
      EXP(s, slot_valid_o, ALL_SLOTS & ~(1ull << slot));
      s = p_idle(p, "CT entry free: the highest-priority, oldest pending kernel is admitted");
      EXP(s, slot_valid_o, ALL_SLOTS & ~(1ull << slot));
      tag_of[slot] = ct_take(used);
      s = p_idle(p, "admitted");
    }
    EXP(s, slot_valid_o, ALL_SLOTS);
    exp_slot(s, slot, &w[order[k]], 0);
    EXP(s, take_tag_o, tag_of[slot]);
  }
  return d_run(p);
}

/* RGEM: one kernel at a time, the highest-priority pending kernel next */
static int t_rgem(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p->rgem = 1;
  kdesc a = kern(1, 0, 2, 0), b = kern(2, 1, 1, 1), c = kern(3, 3, 1, 0), e = kern(4, 2, 1, 0);
  p_desc(p, &a, "A (prio 0): no slot active, admitted");
  dstep *s = p_desc(p, &b, "B (prio 1) waits: a slot is active");
  EXP(s, slot_valid_o, 1);
  s = p_desc(p, &c, "C (prio 3) waits");
  EXP(s, slot_valid_o, 1);
  for (unsigned k = 0; k < 3; k++) {
    s = p_idle(p, "only A active although slots are free");
    EXP(s, slot_valid_o, 1);
    exp_slot(s, 0, &a, 0);
  }
  p_run_all(p, 0, 0, &a, 2);
  s = p_idle(p, "A completes");
  exp_cpl(s, &a);
  s = p_idle(p, "no slot active: C (highest) admitted at this edge");
  EXP(s, slot_valid_o, 0);
  s = p_idle(p, "C alone");
  EXP(s, slot_valid_o, 1);
  exp_slot(s, 0, &c, 0);
  s = p_desc(p, &e, "E (prio 2) arrives while C runs");
  EXP(s, slot_valid_o, 1);
  p_run_all(p, 0, 0, &c, 1);
  s = p_idle(p, "C completes");
  exp_cpl(s, &c);
  s = p_idle(p, "E (prio 2) before B (prio 1)");
  EXP(s, slot_valid_o, 0);
  s = p_idle(p, "E alone");
  EXP(s, slot_valid_o, 1);
  exp_slot(s, 0, &e, 0);
  p->rgem = 0;
  s = p_idle(p, "concurrent mode again: B admitted beside E");
  EXP(s, slot_valid_o, 1);
  if (NS > 1) {
    s = p_idle(p, "B in slot 1");
    EXP(s, slot_valid_o, 3);
    exp_slot(s, 1, &b, 0);
  }
  return d_run(p);
}

/* pending-full back-pressure per level; the other stream and other levels flow */
static int t_pend_full(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p->rgem = 1; /* holds everything in the pool behind kernel A */
  kdesc a = kern(1, 0, 1, 0);
  p_desc(p, &a, "A runs");
  kdesc h[PEND + 1];
  for (unsigned k = 0; k <= PEND; k++) h[k] = kern(10 + k, 2, 1, 0);
  for (unsigned k = 0; k < PEND; k++) p_desc(p, &h[k], "host prio 2 into the pool");
  kdesc e1 = kern(50, 1, 1, 1), e2 = kern(51, 2, 1, 1);
  dstep *s = st(p, "level 2 full: host refused, event prio 1 accepted");
  put_desc(&s->in, HOSTS, &h[PEND]);
  put_desc(&s->in, EVS, &e1);
  EXP(s, host_ready_o, 0);
  EXP(s, ev_ready_o, 1);
  s = st(p, "host and event both prio 2: both refused");
  put_desc(&s->in, HOSTS, &h[PEND]);
  put_desc(&s->in, EVS, &e2);
  EXP(s, host_ready_o, 0);
  EXP(s, ev_ready_o, 0);
  for (unsigned k = 0; k < 4; k++) {
    s = st(p, "held");
    put_desc(&s->in, HOSTS, &h[PEND]);
    EXP(s, host_ready_o, 0);
  }
  s = p_take(p, 0, 0, "A's TB");
  put_desc(&s->in, HOSTS, &h[PEND]);
  EXP(s, host_ready_o, 0);
  s = p_done(p, 0, 0, "A done");
  put_desc(&s->in, HOSTS, &h[PEND]);
  EXP(s, host_ready_o, 0);
  s = p_idle(p, "A completes");
  put_desc(&s->in, HOSTS, &h[PEND]);
  EXP(s, host_ready_o, 0);
  exp_cpl(s, &a);
  s = p_idle(p, "head of level 2 admitted at this edge");
  put_desc(&s->in, HOSTS, &h[PEND]);
  EXP(s, host_ready_o, 0);
  s = p_idle(p, "level 2 has room now: accepted");
  put_desc(&s->in, HOSTS, &h[PEND]);
  EXP(s, host_ready_o, 1);
  exp_slot(s, 0, &h[0], 0);
  return d_run(p);
}

/* completion writes waiting for the memory port never block other completions */
static int t_cpl_backpressure(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  kdesc k[KMU_KMU_MAX_SLOTS + 1];
  for (unsigned n = 0; n <= NS; n++) k[n] = kern(n, 0, 1, (int)(n & 1));
  for (unsigned n = 0; n < NS; n++) {
    dstep *s = p_desc(p, &k[n], "fill");
    s->in.mem_req_ready_i = 0;
  }
  for (unsigned n = 0; n < NS; n++) {
    dstep *s = p_take(p, n, 0, "take");
    s->in.mem_req_ready_i = 0;
  }
  for (unsigned n = 0; n < NS; n++) {
    dstep *s = p_done(p, n, 0, "done");
    s->in.mem_req_ready_i = 0;
    if (n > 0) {
      exp_cpl(s, &k[n - 1]); /* completes while earlier writes wait */
      EXP(s, mem_req_valid_o, n > 1);
      if (n > 1) EXP(s, mem_req_addr_o, k[0].cpl);
    }
  }
  dstep *s = p_idle(p, "last completion: the FIFO fills (SLOTS writes)");
  s->in.mem_req_ready_i = 0;
  exp_cpl(s, &k[NS - 1]);
  s = p_desc(p, &k[NS], "one more kernel into a freed slot");
  s->in.mem_req_ready_i = 0;
  EXP(s, slot_valid_o, 0);
  EXP(s, mem_req_valid_o, 1);
  EXP(s, mem_req_addr_o, k[0].cpl);
  p_take(p, 0, 0, "take")->in.mem_req_ready_i = 0;
  p_done(p, 0, 0, "done")->in.mem_req_ready_i = 0;
  for (unsigned n = 0; n < 3; n++) {
    s = p_idle(p, "completion FIFO full: the kernel waits in its CT entry (slot already free)");
    s->in.mem_req_ready_i = 0;
    EXP(s, kernel_done_o, 0);
    EXP(s, ekt_cpl_valid_o, 0);
    EXP(s, slot_valid_o, 0);
    EXP(s, mem_req_addr_o, k[0].cpl);
  }
  s = p_idle(p, "first write accepted");
  EXP(s, kernel_done_o, 0);
  EXP(s, mem_req_addr_o, k[0].cpl);
  s = p_idle(p, "room again: the waiting kernel completes");
  s->in.mem_req_ready_i = 0;
  exp_cpl(s, &k[NS]);
  EXP(s, mem_req_addr_o, NS > 1 ? k[1].cpl : 0);
  for (unsigned n = 1; n <= NS; n++) {
    s = p_idle(p, "writes in completion order");
    EXP(s, mem_req_valid_o, 1);
    EXP(s, mem_req_addr_o, k[n].cpl);
    EXP(s, mem_req_wdata_o, 1);
  }
  s = p_idle(p, "all written");
  EXP(s, mem_req_valid_o, 0);
  EXP(s, slot_valid_o, 0);
  return d_run(p);
}

/* the accepted descriptor bypasses the pool only when strictly above every pending level */
static int t_bypass(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  kdesc f[KMU_KMU_MAX_SLOTS];
  for (unsigned s = 0; s < NS; s++) {
    f[s] = kern(s, 3, 1, 0);
    p_desc(p, &f[s], "fill every slot");
  }
  kdesc old = kern(60, 1, 1, 0), same = kern(61, 1, 1, 1), higher = kern(62, 2, 1, 0);
  p_desc(p, &old, "prio 1 pending");
  dstep *s = p_take(p, 0, 0, "slot 0's TB (its last: the slot frees)");
  if (P_CT > NS) {
    s = p_desc(p, &same, "slot 0 free: a new prio-1 kernel arrives, the older one goes first");
    EXP(s, slot_valid_o, ALL_SLOTS & ~1ull);
    s->in.done_valid_i = 1, s->in.done_tag_i = 0;
    EXP(s, err_done_o, 0);
    s = p_idle(p, "slot 0's kernel completes; the older prio-1 kernel in slot 0 (tag NS)");
    exp_cpl(s, &f[0]);
    exp_slot(s, 0, &old, 0);
    EXP(s, take_tag_o, NS);
    p_take(p, 0, 0, "its TB (its last: the slot frees)");
    s = p_desc(p, &higher, "slot free, prio 1 pending: a prio-2 arrival bypasses it");
    s->in.done_valid_i = 1, s->in.done_tag_i = NS;
    EXP(s, err_done_o, 0);
  } else {
    p_done(p, 0, 0, "done");
    s = p_idle(p, "slot 0 completes; every CT entry was held, so nothing admitted yet");
    exp_cpl(s, &f[0]);
    EXP(s, slot_valid_o, ALL_SLOTS & ~1ull);
    s = p_desc(p, &same, "CT entry 0 free: a new prio-1 kernel arrives, the older one goes first");
    EXP(s, slot_valid_o, ALL_SLOTS & ~1ull);
    s = p_idle(p, "older prio-1 kernel in slot 0 (tag 0)");
    exp_slot(s, 0, &old, 0);
    EXP(s, take_tag_o, 0);
    p_take(p, 0, 0, "its TB");
    p_done(p, 0, 0, "done");
    s = p_idle(p, "completes");
    exp_cpl(s, &old);
    s = p_desc(p, &higher, "slot free, prio 1 pending: a prio-2 arrival bypasses it");
  }
  s = p_idle(p, "prio-2 kernel in slot 0");
  exp_slot(s, 0, &higher, 0);
  return d_run(p);
}

/* (a) the inversion case of the spec: SLOTS low-priority kernels with many TBs hold every
 * slot, a priority-3 kernel arrives.  Bound, from the design (docs/blocks/kmu_kmu.md):
 *   CT > SLOTS: in the acceptance cycle t the candidate is the arrival (P = 3), no slot is
 *   free, every slot holds a priority-0 kernel with TBs left, so the victim is the highest
 *   slot; the arrival goes into the pool (level 3) in t, so no swap-out in t (issue 15: the
 *   pool takes one push word a cycle); in t+1 the candidate is the arrival at the head of
 *   level 3, level 0 is empty and a CT entry is free: swap_o in t+1 (with a take of the
 *   victim in that cycle: the continuation saves the index after it), the slot is free in
 *   t+2, the arrival is admitted at the end of t+2 (lowest free slot = the victim's, lowest
 *   free CT entry = SLOTS) and in its slot in t+3: the bound is 3 cycles (2 before issue 15's
 *   one pool push word), whatever the low kernels' TB counts.
 *   CT = SLOTS: every CT entry is held by a low kernel, a swap would free a slot that the
 *   fresh arrival cannot use (no tag), so none happens; it is admitted the cycle after the
 *   first low kernel's completion (entry free from the cycle after the completion pulse):
 *   the bound is that kernel's remaining run plus 2.
 * Then every TB of every kernel runs: each take checks its index (0..N-1 in order, across
 * the swap: the continuation resumes at its saved index with its tag), each kernel completes
 * exactly once, and nothing completes afterwards. */
#define INV_TBS 12
static int t_inversion(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  kdesc lo[KMU_KMU_MAX_SLOTS];
  unsigned next[KMU_KMU_MAX_SLOTS];
  for (unsigned s = 0; s < NS; s++) {
    lo[s] = kern(200 + s, 0, INV_TBS, (int)(s & 1));
    dstep *st_ = p_desc(p, &lo[s], "low kernel fills a slot (tag = slot)");
    EXP(st_, swap_o, 0);
    next[s] = 0;
  }
  for (unsigned s = 0; s < NS; s++)
    for (unsigned k = 0; k < 2; k++) {
      dstep *st_ = p_take(p, s, 0, "two TBs of each low kernel");
      exp_slot(st_, s, &lo[s], next[s]++);
      EXP(st_, take_tag_o, s);
    }
  const kdesc hi = kern(300, 3, 5, 1);
  const unsigned vic = NS - 1;
  dstep *s = p_desc(p, &hi, "t: priority-3 arrival; a take of the victim slot in the same cycle");
  s->in.take_valid_i = 1, s->in.take_slot_i = vic, s->in.q_slot_i = vic;
  EXP(s, err_take_o, 0);
  EXP(s, take_tb_o, next[vic]++);
  EXP(s, slot_valid_o, ALL_SLOTS);
  unsigned hs, htag;
  if (P_CT > NS) {
    EXP(s, swap_o, 0); /* the arrival goes into the pool in t: one push word a cycle */
    s = p_take(p, vic, 0, "t+1: the swap-out, with a take of the victim in the same cycle");
    exp_slot(s, vic, &lo[vic], next[vic]++);
    EXP(s, swap_o, 1);
    s = p_idle(p, "t+2: the victim's slot is free; the arrival is admitted at this edge");
    EXP(s, slot_valid_o, ALL_SLOTS & ~(1ull << vic));
    EXP(s, swap_o, 0);
    s = p_idle(p, "t+3: the arrival is in the victim's slot with tag SLOTS (bound: 3 cycles)");
    EXP(s, slot_valid_o, ALL_SLOTS);
    EXP(s, swap_o, 0); /* the candidate is the continuation (priority 0): nothing below */
    hs = vic, htag = NS;
  } else {
    EXP(s, swap_o, 0);
    /* no tag for the arrival: slot 0's kernel runs to its end first */
    while (next[0] < INV_TBS) {
      s = p_take(p, 0, 0, "slot 0 runs (no swap: no free CT entry)");
      exp_slot(s, 0, &lo[0], next[0]++);
      EXP(s, swap_o, 0);
    }
    for (unsigned k = 0; k < INV_TBS; k++) {
      s = p_done(p, 0, 0, "slot 0's dones");
      EXP(s, swap_o, 0);
      EXP(s, slot_valid_o, ALL_SLOTS & ~1ull);
    }
    s = p_idle(p, "slot 0's kernel completes: CT entry 0 frees at this edge");
    exp_cpl(s, &lo[0]);
    s = p_idle(p, "the arrival is admitted at this edge (slot 0, tag 0)");
    EXP(s, slot_valid_o, ALL_SLOTS & ~1ull);
    s = p_idle(p, "the arrival in slot 0");
    EXP(s, slot_valid_o, ALL_SLOTS);
    hs = 0, htag = 0;
  }
  exp_slot(s, hs, &hi, 0);
  EXP(s, take_tag_o, htag);
  for (unsigned k = 0; k < 5; k++) {
    s = p_take(p, hs, 0, "the arrival's TBs");
    exp_slot(s, hs, &hi, k);
    EXP(s, take_tag_o, htag);
  }
  if (P_CT > NS) {
    s = p_idle(p, "its last take freed the slot: the continuation is admitted at this edge");
    EXP(s, slot_valid_o, ALL_SLOTS & ~(1ull << vic));
    s = p_idle(p, "the continuation resumes at its saved TB index, with its own tag");
    EXP(s, slot_valid_o, ALL_SLOTS);
    exp_slot(s, vic, &lo[vic], next[vic]);
    EXP(s, take_tag_o, vic);
  }
  for (unsigned k = 0; k < 5; k++) p_done(p, htag, 0, "the arrival's dones");
  s = p_idle(p, "the arrival completes");
  exp_cpl(s, &hi);
  for (unsigned sl = 0; sl < NS; sl++) {
    if (P_CT == NS && sl == 0) continue; /* ran already */
    while (next[sl] < INV_TBS) {
      s = p_take(p, sl, 0, "the rest of each low kernel, each index once");
      exp_slot(s, sl, &lo[sl], next[sl]++);
      EXP(s, take_tag_o, sl);
    }
    for (unsigned k = 0; k < INV_TBS; k++) p_done(p, sl, 0, "its dones");
    s = p_idle(p, "it completes once");
    exp_cpl(s, &lo[sl]);
  }
  for (unsigned k = 0; k < 4; k++) {
    s = p_idle(p, "nothing else completes; every slot and tag free");
    EXP(s, kernel_done_o, 0);
    EXP(s, slot_valid_o, 0);
    EXP(s, swap_o, 0);
  }
  p_done(p, 0, 1, "tag 0 is free: refused");
  return d_run(p);
}

/* (c) CT full: every entry held by a kernel whose TBs are all taken but not done (slots
 * free); a new kernel waits with a free slot, and is admitted the cycle after a completion
 * frees an entry (the lowest free: that one) */
static int t_ct_full(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  static kdesc k1[KMU_KMU_MAX_CT];
  for (unsigned e = 0; e < P_CT; e++) {
    k1[e] = kern(400 + e, (unsigned)(e % 4), 1, (int)(e & 1));
    p_desc(p, &k1[e], "a 1-TB kernel: admitted into slot 0");
    dstep *s = p_take(p, 0, 0, "its TB: the slot frees, the CT entry stays");
    exp_slot(s, 0, &k1[e], 0);
    EXP(s, take_tag_o, e);
  }
  kdesc w = kern(500, 0, 2, 0);
  dstep *s = p_desc(p, &w, "every CT entry held: the new kernel waits (slots free)");
  EXP(s, slot_valid_o, 0);
  for (unsigned k = 0; k < 3; k++) {
    s = p_idle(p, "waits: no tag");
    EXP(s, slot_valid_o, 0);
    EXP(s, swap_o, 0);
    EXP(s, kernel_done_o, 0);
  }
  const unsigned fe = P_CT / 2;
  p_done(p, fe, 0, "done of one held kernel");
  s = p_idle(p, "it completes");
  exp_cpl(s, &k1[fe]);
  EXP(s, slot_valid_o, 0);
  s = p_idle(p, "its entry is free: the waiting kernel is admitted at this edge");
  EXP(s, slot_valid_o, 0);
  s = p_idle(p, "admitted with that tag");
  EXP(s, slot_valid_o, 1);
  exp_slot(s, 0, &w, 0);
  EXP(s, take_tag_o, fe);
  return d_run(p);
}

/* (c) swap blocked by the victim's level: its FIFO full (no room), or the descriptor
 * accepted this cycle is pushed there (one push per FIFO per cycle); RGEM mode never swaps */
static int t_swap_blocked(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  kdesc f[KMU_KMU_MAX_SLOTS];
  for (unsigned s = 0; s < NS; s++) {
    f[s] = kern(600 + s, 0, s == 0 ? 2 : 10, (int)(s & 1));
    p_desc(p, &f[s], "priority-0 kernels fill every slot (slot 0's has 2 TBs)");
  }
  /* part 1: a clash with the accepted descriptor */
  p->rgem = 1;
  kdesc h = kern(700, 3, 1, 1), l = kern(701, 0, 1, 0);
  dstep *s = p_desc(p, &h, "RGEM: a priority-3 kernel waits in the pool, no swap in RGEM");
  EXP(s, swap_o, 0);
  p->rgem = 0;
  s = p_desc(p, &l, "concurrent: a priority-0 descriptor is pushed to level 0: no swap now");
  EXP(s, swap_o, 0);
  s = p_idle(p, "next cycle the victim's level takes the push");
  EXP(s, swap_o, P_CT > NS); /* CT = SLOTS: no tag for the fresh priority-3 kernel */
  if (P_CT > NS) {
    s = p_idle(p, "the priority-3 kernel is admitted at this edge");
    EXP(s, slot_valid_o, ALL_SLOTS & ~(1ull << (NS - 1)));
    s = p_idle(p, "in the victim's slot");
    exp_slot(s, NS - 1, &h, 0);
    p_take(p, NS - 1, 0, "its one TB: the slot frees");
    p_done(p, NS, 0, "done (tag SLOTS)");
    s = p_idle(p, "completes; the continuation (behind l in level 0) waits: l first");
    exp_cpl(s, &h);
  }
  /* part 2: level 0 full.  Fill it under RGEM (no admission, no swap) */
  p->rgem = 1;
  kdesc q[PEND + 1];
  unsigned nq = 0;
  for (unsigned k = 0; k < PEND; k++) {
    q[k] = kern(800 + k, 0, 1, 0);
    s = st(p, "RGEM: priority-0 kernels into level 0 until it is full");
    put_desc(&s->in, HOSTS, &q[k]);
    nq++;
  }
  kdesc h2 = kern(900, 3, 1, 1);
  s = p_desc(p, &h2, "a priority-3 kernel into level 3");
  p->rgem = 0;
  for (unsigned k = 0; k < 3; k++) {
    s = p_idle(p, "concurrent: level 0 is full: no swap");
    EXP(s, swap_o, 0);
    EXP(s, slot_valid_o, ALL_SLOTS);
    EXP(s, ev_ready_o, 0);
  }
  (void)nq;
  return d_run(p);
}

/* ======================================================================== TReM revocation
 * A random run with stops and frees (docs/blocks/kmu_revoke.md "Neighbours", the kmu_kmu
 * duties): the test plays kmu_revoke and the SMs.  Kernels are numbered by the test in the
 * order the unit accepts them (launch ids); each carries a unique completion address.  The
 * test stops a random live tag, drops its TBs from its SMs after the ack, and frees it with a
 * random replay/retire.  Scoreboard: launch ids, class and estimate at admission; every take of
 * a kernel is its next TB (0 again after a replay); no completion of a retired kernel, none of a
 * kernel twice; a replayed kernel completes once; EKT credits = event completions + event
 * retires; no take or done error; at the end every kernel has completed or been retired. */
#define RV_MAX 65536
typedef struct {
  uint32_t tbs, next;
  uint8_t event, user, accepted, admitted, completed, retired, stopped;
  uint32_t est;
  int tag;
} rv_rec;
typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t cycles;
  rv_rec r[RV_MAX];
  unsigned nser;          /* kernels presented */
  int64_t cur[2];         /* serial presented on each stream */
  unsigned lid;           /* the next launch id (= serial order of acceptance) */
  unsigned ser_of_lid[RV_MAX];
  int ser_of_tag[KMU_KMU_MAX_CT]; /* -1 free */
  struct { unsigned tag; int ser; uint64_t ready; } sm[MAXINF];
  unsigned sm_n;
  /* the revoker: 0 idle, 1 stop sent, 2 acked (waiting to free), 3 free sent */
  int rv_state, rv_ser, rv_replay;
  unsigned rv_tag;
  int last_rpl_tag; /* the last replayed tag: stopped again soon, while its continuation waits */
  uint64_t rv_at, last_host_lid;
  int host_acc_seen;
  uint64_t credits, ev_cpl, ev_ret, n_stop, n_race, n_replay, n_retire, n_cpl, n_adm_cont;
} rv_ctx;

static void rv_init(void *c, uint64_t seed) {
  rv_ctx *x = c;
  const char *t = x->test;
  uint64_t cy = x->cycles;
  memset(x, 0, sizeof *x);
  x->test = t;
  x->cycles = cy;
  kmu_rng_seed(&x->rng, seed);
  x->cur[0] = x->cur[1] = -1;
  for (unsigned e = 0; e < KMU_KMU_MAX_CT; e++) x->ser_of_tag[e] = -1;
  x->rv_ser = -1;
  x->last_rpl_tag = -1;
}

static int rv_drain(const rv_ctx *x, uint64_t cyc) { return cyc * 5 >= x->cycles * 4; }

static void rv_present(rv_ctx *x, kmu_kmu_in *i, int stream, unsigned ser) {
  rv_rec *r = &x->r[ser % RV_MAX];
  kdesc d;
  memset(&d, 0, sizeof d);
  d.kptr = 0x1000u + ser;
  d.param = ser * 7u;
  d.cpl = 0x40000000u | ser;
  d.gx = (uint16_t)r->tbs, d.gy = d.gz = 1;
  d.tx = 32, d.ty = d.tz = 1;
  d.shmem = 16, d.nregs = 4;
  d.prio = (uint8_t)(ser % 4);
  d.event = stream == EVS;
  d.id = ser & kmu_mask(P_EKT_ID_W);
  put_desc(i, stream, &d);
  if (stream == HOSTS) {
    i->host_class_i = r->user;
    i->host_est_i = r->est;
  }
}

static int rv_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rv_ctx *x = c;
  kmu_rng *g = &x->rng;
  const kmu_kmu_out *o = po;
  kmu_kmu_in *i = in;
  (void)pi;
  memset(i, 0, sizeof *i);
  i->mem_req_ready_i = 1; /* a completion's address shows the cycle after its pulse */
  i->rvk_tag_i = kmu_rng_bits(g, TAG_W);
  /* streams: a kernel stays presented until accepted */
  for (int st = 0; st < 2; st++) {
    if (x->cur[st] < 0 && !rv_drain(x, cyc) && kmu_rng_pct(g, 10) && x->nser < RV_MAX - 1) {
      unsigned ser = x->nser++;
      rv_rec *r = &x->r[ser % RV_MAX];
      memset(r, 0, sizeof *r);
      r->tbs = 1 + (uint32_t)kmu_rng_below(g, 12);
      r->event = st == EVS;
      r->user = r->event ? 1 : (uint8_t)kmu_rng_bits(g, 1);
      r->est = r->event ? 0 : (uint32_t)kmu_rng_bits(g, 32);
      r->tag = -1;
      x->cur[st] = ser;
    }
    if (x->cur[st] >= 0) rv_present(x, i, st, (unsigned)x->cur[st]);
  }
  /* a take from a random slot with TBs left (the test's dispatcher) */
  uint64_t ht = o->slot_has_tb_o;
  if (cyc > 0 && ht && x->sm_n < MAXINF && kmu_rng_pct(g, 60)) {
    unsigned s;
    do s = (unsigned)kmu_rng_below(g, NS); while (!((ht >> s) & 1));
    i->take_valid_i = 1;
    i->take_slot_i = s;
  }
  /* a done of a TB whose time has come */
  for (unsigned k = 0; k < x->sm_n; k++)
    if (x->sm[k].ready <= cyc && kmu_rng_pct(g, 70)) {
      i->done_valid_i = 1;
      i->done_tag_i = x->sm[k].tag;
      x->sm[k] = x->sm[--x->sm_n];
      break;
    }
  /* the revoker */
  if (x->rv_state == 0 && !rv_drain(x, cyc) && kmu_rng_pct(g, 3)) {
    unsigned t0 = (unsigned)kmu_rng_below(g, P_CT);
    /* often the last replayed kernel again: its continuation may still wait in the pool (the
     * restart-at-TB-0 path, also where no swap-out ever pools a kernel: CT = SLOTS) */
    if (x->last_rpl_tag >= 0 && kmu_rng_pct(g, 40)) t0 = (unsigned)x->last_rpl_tag;
    for (unsigned k = 0; k < P_CT; k++) {
      unsigned t = (t0 + k) % P_CT;
      if (x->ser_of_tag[t] >= 0) {
        x->rv_state = 1;
        x->rv_tag = t;
        x->rv_ser = x->ser_of_tag[t];
        x->rv_at = cyc;
        i->stop_i = 1;
        i->rvk_tag_i = t;
        x->n_stop++;
        break;
      }
    }
  } else if (x->rv_state == 2 && cyc >= x->rv_at) {
    x->rv_state = 3;
    x->rv_replay = kmu_rng_pct(g, 50);
    i->free_i = 1;
    i->free_replay_i = (uint64_t)x->rv_replay;
    i->rvk_tag_i = x->rv_tag;
  }
  return 1;
}

static int rv_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rv_ctx *x = c;
  const kmu_kmu_in *i = ip;
  const kmu_kmu_out *o = op;
  const char *t = x->test;
  int ok = 1;
  if (i->take_valid_i && i->take_slot_i < NS && ((o->slot_has_tb_o >> i->take_slot_i) & 1))
    ok &= KMU_EXPECT_EQ(t, cyc, "err_take_o: a take of a slot with TBs", 0, o->err_take_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_done_o: dones only of TBs on the SMs", 0, o->err_done_o);
  /* the free's ack (first: a retired tag may be taken by a fresh kernel in this cycle) */
  if (x->rv_state == 3 && !i->free_i && o->free_ack_o) {
    rv_rec *r = &x->r[x->rv_ser % RV_MAX];
    r->stopped = 0;
    if (x->rv_replay) {
      r->next = 0;
      x->n_replay++;
      x->last_rpl_tag = (int)x->rv_tag;
    } else {
      r->retired = 1;
      x->n_retire++;
      if (r->event) x->ev_ret++;
      x->ser_of_tag[x->rv_tag] = -1;
    }
    x->rv_state = 0;
  }
  /* a completion: its address names the kernel (the FIFO is drained every cycle) */
  if (o->mem_req_valid_o) {
    unsigned ser = (unsigned)(o->mem_req_addr_o & 0xffffff);
    rv_rec *r = &x->r[ser % RV_MAX];
    ok &= KMU_EXPECT_EQ(t, cyc, "a completion of an admitted, live kernel, once", 1,
                        r->admitted && !r->completed && !r->retired);
    ok &= KMU_EXPECT_EQ(t, cyc, "a completion after every TB was taken", r->tbs, r->next);
    r->completed = 1;
    x->n_cpl++;
    if (r->event) x->ev_cpl++;
    if (r->tag >= 0 && x->ser_of_tag[r->tag] == (int)ser) x->ser_of_tag[r->tag] = -1;
    /* the race: the stopped kernel completed in the stop's cycle */
    if ((x->rv_state == 1 || x->rv_state == 2) && (int)ser == x->rv_ser) {
      x->rv_state = 0;
      x->n_race++;
    }
  }
  /* acceptance: the next launch id */
  for (int st = 0; st < 2; st++) {
    int acc = st == EVS ? (int)o->ev_ready_o : (int)o->host_ready_o;
    if (!acc) continue;
    unsigned ser = (unsigned)x->cur[st];
    x->r[ser % RV_MAX].accepted = 1;
    x->ser_of_lid[x->lid & 0xffff] = ser;
    if (st == HOSTS) x->last_host_lid = x->lid & 0xffff, x->host_acc_seen = 1;
    x->lid++;
    x->cur[st] = -1;
  }
  /* admission */
  if (o->adm_valid_o) {
    unsigned tag = (unsigned)o->adm_tag_o;
    if (o->adm_fresh_o) {
      unsigned ser = x->ser_of_lid[o->adm_lid_o & 0xffff];
      rv_rec *r = &x->r[ser % RV_MAX];
      ok &= KMU_EXPECT_EQ(t, cyc, "a fresh admission: a kernel accepted, not yet admitted", 1,
                          r->accepted && !r->admitted);
      ok &= KMU_EXPECT_EQ(t, cyc, "adm_user_o: the kernel's class", r->user, o->adm_user_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "adm_est_o: the kernel's estimate", r->est, o->adm_est_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "a fresh kernel's tag is free", -1, x->ser_of_tag[tag]);
      r->admitted = 1;
      r->tag = (int)tag;
      x->ser_of_tag[tag] = (int)ser;
    } else {
      x->n_adm_cont++;
      ok &= kmu_expect(x->ser_of_tag[tag] >= 0, t, cyc, "a continuation of a live tag", 1, 0);
    }
  }
  /* a take: the kernel's next TB */
  if (i->take_valid_i && !o->err_take_o) {
    unsigned tag = (unsigned)o->take_tag_o;
    int ser = x->ser_of_tag[tag];
    ok &= kmu_expect(ser >= 0, t, cyc, "a take of a live tag", 1, 0);
    if (ser >= 0) {
      rv_rec *r = &x->r[ser % RV_MAX];
      ok &= KMU_EXPECT_EQ(t, cyc, "take_tb_o: the kernel's next TB (0 after a replay)", r->next,
                          o->take_tb_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "take_kptr_o", 0x1000u + (unsigned)ser, o->take_kptr_o);
      r->next++;
      x->sm[x->sm_n].tag = tag;
      x->sm[x->sm_n].ser = ser;
      x->sm[x->sm_n].ready = cyc + 1 + kmu_rng_below(&x->rng, 30);
      x->sm_n++;
    }
  }
  x->credits += o->ekt_cpl_valid_o != 0;
  if (o->host_ready_o || x->host_acc_seen) {
    /* last_lid_o lags the acceptance by one cycle: checked below */
  }
  /* the revoker */
  if (x->rv_state == 1 && cyc > x->rv_at) {
    ok &= KMU_EXPECT_EQ(t, cyc, "stop_ack_o the cycle after stop_i", 1, o->stop_ack_o);
    /* the SMs drop the kernel's TBs; the free comes later (the completion of a race shows
     * this cycle, so the free waits at least a cycle) */
    unsigned k = 0;
    while (k < x->sm_n)
      if (x->sm[k].tag == x->rv_tag) x->sm[k] = x->sm[--x->sm_n];
      else k++;
    x->rv_state = 2;
    x->rv_at = cyc + 1 + kmu_rng_below(&x->rng, 20);
    x->r[x->rv_ser % RV_MAX].stopped = 1;
  }
  return ok;
}

static int rv_finish(void *c) {
  rv_ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  unsigned live = 0;
  for (unsigned s = 0; s < x->nser && s < RV_MAX; s++) {
    const rv_rec *r = &x->r[s];
    if (r->accepted && !r->completed && !r->retired) live++;
  }
  ok &= KMU_EXPECT_EQ(t, 0, "every accepted kernel completed once or was retired", 0, live);
  ok &= KMU_EXPECT_EQ(t, 0, "EKT credits = event completions + event retires",
                      x->ev_cpl + x->ev_ret, x->credits);
  ok &= kmu_expect(x->n_replay > 0 && x->n_retire > 0 && x->n_adm_cont > 0, t, 0,
                   "coverage: replays, retires, continuations", 1, 0);
  if (getenv("KMU_COV"))
    printf("  %s: kernels %u, completed %llu, stops %llu (races %llu), replays %llu, retires "
           "%llu\n",
           t, x->nser, (unsigned long long)x->n_cpl, (unsigned long long)x->n_stop,
           (unsigned long long)x->n_race, (unsigned long long)x->n_replay,
           (unsigned long long)x->n_retire);
  return ok;
}

static int t_revoke(const char *test, uint64_t seed, uint64_t cycles) {
  static rv_ctx x;
  x.test = test;
  x.cycles = cycles;
  kmu_stim s = {&x, rv_init, rv_drive, rv_check, rv_finish};
  return kmu_lockstep(&kmu_kmu_block, &s, test, seed, cycles);
}

/* TReM: the replay of a zero-TB kernel (a malformed descriptor: CT entry only, all taken at
 * admission) that a full completion FIFO holds from completing, so that a stop hits it.  The
 * replay is what its admission was: all taken, no continuation, so it completes once and no
 * slot is ever valid (a continuation of 0 TBs would hold a slot that never empties). */
static int t_replay_zero(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  kdesc z = kern(7, 1, 2, 0);
  z.gy = 0; /* zero TBs: err_desc_o */
  dstep *s;
  for (unsigned n = 0; n < NS; n++) { /* fill the completion FIFO (SLOTS writes) */
    s = p_desc(p, &z, "zero-TB kernel");
    s->in.mem_req_ready_i = 0;
    EXP(s, err_desc_o, 1);
    s = p_idle(p, "it completes (the write waits)");
    s->in.mem_req_ready_i = 0;
    exp_cpl(s, &z);
    EXP(s, cpl_tag_o, 0);
  }
  s = p_desc(p, &z, "one more: tag 0, all taken");
  s->in.mem_req_ready_i = 0;
  s = p_idle(p, "completion FIFO full: it waits in its CT entry");
  s->in.mem_req_ready_i = 0;
  EXP(s, kernel_done_o, 0);
  s = p_idle(p, "stop tag 0: it hits (no completion this cycle)");
  s->in.mem_req_ready_i = 0;
  s->in.stop_i = 1;
  s->in.rvk_tag_i = 0;
  EXP(s, kernel_done_o, 0);
  s = p_idle(p, "stop acked");
  s->in.mem_req_ready_i = 0;
  EXP(s, stop_ack_o, 1);
  s = p_idle(p, "free: replay");
  s->in.mem_req_ready_i = 0;
  s->in.free_i = 1;
  s->in.free_replay_i = 1;
  s->in.rvk_tag_i = 0;
  s = p_idle(p, "the free is carried out (nothing to push)");
  s->in.mem_req_ready_i = 0;
  EXP(s, free_ack_o, 0);
  s = p_idle(p, "free acked; no slot taken");
  s->in.mem_req_ready_i = 0;
  EXP(s, free_ack_o, 1);
  EXP(s, slot_valid_o, 0);
  EXP(s, kernel_done_o, 0);
  s = p_idle(p, "first write accepted");
  EXP(s, kernel_done_o, 0);
  s = p_idle(p, "room again: the replayed kernel completes, once");
  s->in.mem_req_ready_i = 0;
  exp_cpl(s, &z);
  EXP(s, cpl_tag_o, 0);
  EXP(s, slot_valid_o, 0);
  for (unsigned n = 0; n < 4; n++) {
    s = p_idle(p, "nothing more");
    s->in.mem_req_ready_i = 0;
    EXP(s, kernel_done_o, 0);
    EXP(s, slot_valid_o, 0);
  }
  return d_run(p);
}

/* (TReM) a replay while the kernel's swap-out continuation waits in the pool restarts the
 * kernel at TB 0 (docs/blocks/kmu_kmu.md "TReM revocation", replay: the pooled continuation is
 * marked and admitted at TB 0): TReM III replays a revoked task from its start, so a
 * continuation that kept its saved TB index would lose the TBs before it.  Needs a swap-out:
 * at CT = SLOTS every slot holder holds one of the CT tags, so no continuation can wait for a
 * slot (the case cannot arise there; the test is then empty).
 * Pool: a fresh priority-0 kernel X waits (slots full, none to swap: same priority); a
 * priority-3 arrival swaps out the victim, whose continuation {next 2} queues behind X, so it is
 * not the pool's candidate and a stop leaves it pooled.  Stop and replay the victim; then free
 * two slots: X is admitted, then the continuation, which must start at TB 0 and run each TB of
 * the grid once. */
static int t_replay_pooled(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  if (P_CT <= NS) return d_run(p);
  kdesc lo[KMU_KMU_MAX_SLOTS];
  for (unsigned s = 0; s < NS; s++) {
    lo[s] = kern(1000 + s, 0, INV_TBS, 0);
    p_desc(p, &lo[s], "priority-0 kernels fill every slot (tag = slot)");
  }
  const unsigned vic = NS - 1;
  for (unsigned k = 0; k < 2; k++) {
    dstep *s = p_take(p, vic, 0, "two TBs of the victim-to-be");
    exp_slot(s, vic, &lo[vic], k);
    EXP(s, take_tag_o, vic);
  }
  const kdesc x = kern(1100, 0, 1, 0);
  dstep *s = p_desc(p, &x, "a fresh priority-0 kernel X waits in level 0 (no slot, no swap)");
  for (unsigned k = 0; k < 2; k++) {
    s = p_idle(p, "X waits: same priority as every slot, nothing to swap");
    EXP(s, swap_o, 0);
    EXP(s, slot_valid_o, ALL_SLOTS);
  }
  const kdesc hi = kern(1200, 3, 3, 0);
  s = p_desc(p, &hi, "t: a priority-3 arrival goes into the pool (one push word a cycle: no "
            "swap-out in t)");
  EXP(s, swap_o, 0);
  s = p_idle(p, "t+1: it swaps out the last slot's kernel (its continuation {next 2} queues "
            "behind X)");
  EXP(s, swap_o, 1);
  s = p_idle(p, "t+2: the victim's slot is free; the arrival is admitted at this edge");
  EXP(s, slot_valid_o, ALL_SLOTS & ~(1ull << vic));
  s = p_idle(p, "t+3: the arrival in the victim's slot");
  EXP(s, slot_valid_o, ALL_SLOTS);
  exp_slot(s, vic, &hi, 0);
  s = p_idle(p, "stop the victim's tag: its continuation is not the pool's head (X is)");
  s->in.stop_i = 1, s->in.rvk_tag_i = vic;
  s = p_idle(p, "stop acknowledged in the next cycle");
  EXP(s, stop_ack_o, 1);
  s = p_idle(p, "free it: replay (its continuation is still pooled)");
  s->in.free_i = 1, s->in.free_replay_i = 1, s->in.rvk_tag_i = vic;
  s = p_idle(p, "the free is held (fr_*_q) and carried out: the pooled continuation is marked");
  EXP(s, free_ack_o, 0);
  s = p_idle(p, "free acknowledged the cycle after");
  EXP(s, free_ack_o, 1);
  EXP(s, slot_valid_o, ALL_SLOTS);
  for (unsigned k = 0; k < 3; k++) {
    s = p_take(p, vic, 0, "the arrival's TBs: its last take frees the slot");
    exp_slot(s, vic, &hi, k);
  }
  s = p_idle(p, "X, the head of level 0, is admitted at this edge");
  s = p_idle(p, "X in the freed slot");
  EXP(s, slot_valid_o, ALL_SLOTS);
  exp_slot(s, vic, &x, 0);
  s = p_take(p, vic, 0, "X's one TB: the slot frees");
  exp_slot(s, vic, &x, 0);
  s = p_idle(p, "the replayed continuation is admitted at this edge");
  s = p_idle(p, "the replay in the slot, with its tag, at TB 0 (not its saved TB 2)");
  EXP(s, slot_valid_o, ALL_SLOTS);
  exp_slot(s, vic, &lo[vic], 0);
  EXP(s, take_tag_o, vic);
  for (unsigned k = 0; k < INV_TBS; k++) {
    s = p_take(p, vic, 0, "the replay takes every TB of the grid once, from TB 0");
    exp_slot(s, vic, &lo[vic], k);
    EXP(s, take_tag_o, vic);
  }
  for (unsigned k = 0; k < INV_TBS; k++) p_done(p, vic, 0, "the replay's dones");
  s = p_idle(p, "the replayed kernel completes once");
  exp_cpl(s, &lo[vic]);
  return d_run(p);
}

/* TReM under RGEM (one kernel at a time): a replay parks a continuation of the priority-0
 * kernel A in the pool; a priority-3 kernel B waiting then must run (the parked entry runs
 * nothing, so it is not "another kernel" for RGEM), and A's replay after it, from TB 0, once.
 * B arrives while A runs, so it waits in the pool at priority 3 when A's continuation parks.
 * Counting the parked entry deadlocked: B waits for A's entry, A's continuation waits behind B. */
static int t_rgem_replay(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p->rgem = 1;
  kdesc a = kern(1, 0, 4, 0), b = kern(2, 3, 2, 0);
  p_desc(p, &a, "A (priority 0, 4 TBs): slot 0, tag 0");
  p_desc(p, &b, "B (priority 3) waits in the pool: A runs");
  for (unsigned k = 0; k < 2; k++) {
    dstep *s = p_take(p, 0, 0, "A's TBs 0, 1");
    exp_slot(s, 0, &a, k);
    EXP(s, take_tag_o, 0);
  }
  for (unsigned k = 0; k < 2; k++) p_done(p, 0, 0, "their dones (nothing of A on the SMs)");
  dstep *s = p_idle(p, "stop A");
  s->in.stop_i = 1;
  s->in.rvk_tag_i = 0;
  s = p_idle(p, "stop acked, A's slot cleared");
  EXP(s, stop_ack_o, 1);
  EXP(s, slot_valid_o, 0);
  s = p_idle(p, "free: replay A");
  s->in.free_i = 1;
  s->in.free_replay_i = 1;
  s->in.rvk_tag_i = 0;
  s = p_idle(p, "A's continuation {next 0} pushed at level 0; B still waits (A stopped)");
  EXP(s, slot_valid_o, 0);
  s = p_idle(p, "free acked: A parked in the pool, B admitted");
  EXP(s, free_ack_o, 1);
  EXP(s, slot_valid_o, 0);
  s = p_idle(p, "B runs alone: slot 0, tag 1 (A's parked entry is no other kernel)");
  EXP(s, slot_valid_o, 1);
  exp_slot(s, 0, &b, 0);
  EXP(s, take_tag_o, 1);
  p_run_all(p, 0, 1, &b, 2);
  s = p_idle(p, "B completes");
  exp_cpl(s, &b);
  s = p_idle(p, "B's entry free: A's continuation admitted");
  EXP(s, slot_valid_o, 0);
  s = p_idle(p, "A's replay in slot 0 from TB 0");
  EXP(s, slot_valid_o, 1);
  p_run_all(p, 0, 0, &a, 4);
  s = p_idle(p, "A completes once");
  exp_cpl(s, &a);
  for (unsigned n = 0; n < 3; n++) {
    s = p_idle(p, "nothing more");
    EXP(s, kernel_done_o, 0);
    EXP(s, slot_valid_o, 0);
  }
  return d_run(p);
}

/* The room reservation (issue 15's review): a descriptor that goes to the geometry engine owns
 * one word of its level's room from its handshake on, so a swap-out or a replay push into that
 * level cannot take the word while the engine runs.  The bound (docs/blocks/kmu_kmu.md,
 * Latency): the held kernel is the new kernel G cycles after its handshake, always, and a
 * descriptor of the other stream, valid from the cycle after that handshake and with room in
 * its level, is accepted G + 1 cycles after it.  Without the reservation the push fills the
 * level and the held descriptor (and the front door with it) waits until the level has room.
 * p_hold: host kernel h (not fast) is accepted in the first step (t); event kernel e waits
 * from the next and must be accepted at t+G+1 (the bound). */
static dstep *p_hold(dprog *p, const kdesc *h, const kdesc *e) {
  const unsigned g = spec_geo_cycles(h);
  dstep *s = st(p, "t: the host kernel (not fast) is accepted; its level has one word of room");
  put_desc(&s->in, HOSTS, h);
  EXP(s, host_ready_o, 1);
  for (unsigned k = 1; k <= g + 1; k++) {
    s = st(p, k < g ? "t+1..t+G-1: the engine runs; the event kernel waits (register busy)"
              : k == g ? "t+G: the engine's kernel leaves the register (its word was reserved)"
                       : "t+G+1: the bound: the event kernel is accepted");
    put_desc(&s->in, EVS, e);
    EXP(s, ev_ready_o, k == g + 1);
    EXP(s, host_ready_o, 0);
  }
  return s;
}

/* the replay's push: RGEM holds the pool (a kernel in a slot), kernel A is stopped and
 * replayed in the handshake cycle of the host kernel; the replay's continuation must wait for
 * room beyond the held kernel's word (any harness size) */
static int t_resv_replay(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  const kdesc a = kern(1, 0, 4, 0), b = kern(2, 0, 4, 0);
  dstep *s = p_desc(p, &a, "kernel A (tag 0) into slot 0");
  s = p_desc(p, &b, "kernel B (tag 1) into slot 1: it runs all along, so RGEM admits nothing");
  p->rgem = 1;
  for (unsigned k = 0; k + 1 < PEND; k++) {
    const kdesc x = kern(10 + k, 0, 1, 0);
    s = p_desc(p, &x, "RGEM: priority-0 kernels wait in level 0 (PEND - 1 of them)");
    EXP(s, slot_valid_o, 3);
  }
  s = p_idle(p, "stop A");
  s->in.stop_i = 1, s->in.rvk_tag_i = 0;
  s = p_idle(p, "stop acknowledged");
  EXP(s, stop_ack_o, 1);
  EXP(s, slot_valid_o, 2);
  s = p_idle(p, "replay A: its continuation goes to level 0 when that level has room");
  s->in.free_i = 1, s->in.free_replay_i = 1, s->in.rvk_tag_i = 0;
  kdesc h = kern(3, 0, 4, 0), e = kern(4, 3, 1, 1);
  h.tx = 32, h.ty = 32; /* 32 warps, 2-D: G = 1 + 1 + 1 + 6 + 1 + 6 = 16 */
  p_hold(p, &h, &e);
  s = p_idle(p, "level 0 is full (PEND - 1 + the host kernel): the replay still waits");
  EXP(s, free_ack_o, 0);
  return d_run(p);
}

/* the swap-out's push: RGEM holds a priority-3 kernel in the pool while priority-0 kernels fill
 * every slot and PEND - 1 words of level 0; RGEM ends during the host kernel's hold, so a
 * swap-out of a priority-0 slot into level 0 is wanted: it must wait for room beyond the held
 * kernel's word (needs CT > SLOTS: a free tag for the fresh priority-3 kernel) */
static int t_resv_swap(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  if (P_CT <= NS) return d_run(p);
  dstep *s;
  for (unsigned k = 0; k < NS; k++) {
    const kdesc lo = kern(1000 + k, 0, INV_TBS, 0);
    s = p_desc(p, &lo, "priority-0 kernels fill every slot");
  }
  p->rgem = 1;
  const kdesc hi = kern(1200, 3, 3, 0);
  s = p_desc(p, &hi, "RGEM: a priority-3 kernel waits in level 3 (no swap-out in RGEM)");
  EXP(s, swap_o, 0);
  for (unsigned k = 0; k + 1 < PEND; k++) {
    const kdesc x = kern(1100 + k, 0, 1, 0);
    s = p_desc(p, &x, "priority-0 kernels wait in level 0 (PEND - 1 of them)");
    EXP(s, swap_o, 0);
  }
  kdesc h = kern(1300, 0, 4, 0), e = kern(1400, 3, 1, 1);
  h.tx = 32, h.ty = 32; /* G = 16 */
  /* RGEM for the handshake's step and the next, then off: the swap-out is wanted from t+2 */
  p->rgem = 0;
  dstep *first = &p->s[p->n];
  s = p_hold(p, &h, &e);
  for (dstep *q = first; q < first + 2; q++) q->in.mode_rgem_i = 1;
  s = p_idle(p, "level 0 full (PEND - 1 + the host kernel): no swap-out yet");
  EXP(s, swap_o, 0);
  return d_run(p);
}

/* the outstanding count's bound (issue 15: OUT_W bits per CT entry, docs/blocks/kmu_kmu.md
 * "Take"): a kernel of OUT_MAX + 2 TBs; OUT_MAX takes without a done fill its count, the next
 * take is refused (err_take_o, nothing changes: the same TB index offered again), also with a
 * done of the kernel in the same cycle (the count before the edge decides; the done counts);
 * after a done the take goes through; the kernel completes once, after its last done */
static int t_out_full(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  const unsigned max = OUT_MAX, n = OUT_MAX + 2;
  kdesc k = kern(1500, 1, n, 0); /* 1-D grid of 64-thread TBs: fast */
  dstep *s = p_desc(p, &k, "a kernel of OUT_MAX + 2 TBs: slot 0, tag 0");
  for (unsigned t = 0; t < max; t++) {
    s = p_take(p, 0, 0, "take: the count rises to OUT_MAX");
    exp_slot(s, 0, &k, t);
    EXP(s, take_tag_o, 0);
  }
  s = p_take(p, 0, 1, "count full: the take is refused");
  exp_slot(s, 0, &k, max);
  EXP(s, slot_valid_o, 1);
  EXP(s, swap_o, 0);
  s = p_take(p, 0, 1, "refused again: nothing changed (TB index OUT_MAX offered again)");
  exp_slot(s, 0, &k, max);
  s->in.done_valid_i = 1, s->in.done_tag_i = 0;
  EXP(s, err_done_o, 0); /* with a done of the kernel: the count before the edge decides */
  s = p_take(p, 0, 0, "the done made room: TB OUT_MAX is taken");
  exp_slot(s, 0, &k, max);
  s = p_take(p, 0, 1, "full again");
  exp_slot(s, 0, &k, max + 1);
  s = p_done(p, 0, 0, "a done");
  exp_slot(s, 0, &k, max + 1);
  s = p_take(p, 0, 0, "the last TB");
  exp_slot(s, 0, &k, max + 1);
  s = p_idle(p, "last take: the slot is free, OUT_MAX TBs outstanding");
  EXP(s, slot_valid_o, 0);
  for (unsigned t = 0; t < max; t++) {
    s = p_done(p, 0, 0, "done");
    EXP(s, kernel_done_o, 0);
  }
  s = p_done(p, 0, 1, "completes the cycle after its last done; no TB outstanding: refused");
  exp_cpl(s, &k);
  s = p_idle(p, "completed once");
  EXP(s, kernel_done_o, 0);
  return d_run(p);
}

static const kmu_test tests[] = {
    {"admit", t_admit, 0, 0},
    {"tbs", t_tbs, 0, 0},
    {"same_cycle", t_same_cycle, 0, 0},
    {"errors", t_errors, 0, 0},
    {"malformed", t_malformed, 0, 0},
    {"prio_order", t_prio_order, 0, 0},
    {"rgem", t_rgem, 0, 0},
    {"pend_full", t_pend_full, 0, 0},
    {"cpl_backpressure", t_cpl_backpressure, 0, 0},
    {"bypass", t_bypass, 0, 0},
    {"inversion", t_inversion, 0, 0},
    {"ct_full", t_ct_full, 0, 0},
    {"swap_blocked", t_swap_blocked, 0, 0},
    {"random", t_random, 170000, 6},
    {"swaps", t_swaps, 170000, 6},
    {"resv", t_resv, 40000, 2},
    {"replay_zero", t_replay_zero, 0, 0},
    {"rgem_replay", t_rgem_replay, 0, 0},
    {"revoke", t_revoke, 60000, 4},
    {"replay_pooled", t_replay_pooled, 0, 0},
    {"resv_replay", t_resv_replay, 0, 0},
    {"resv_swap", t_resv_swap, 0, 0},
    {"out_full", t_out_full, 0, 0},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_kmu_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
