/* test_kmu_axil_slave.c - lockstep and directed tests of kmu_axil_slave
 * (rtl/frontend/kmu_axil_slave.v, contract: docs/frontend-interfaces.md sections 1 and 2).
 *
 * The test plays both neighbours of the block:
 *   - an AXI4-Lite master whose AW, W and AR channels run independently (so AW before W, W
 *     before AW and both in one cycle all occur), each holding valid and payload until
 *     accepted, with random BREADY/RREADY back-pressure;
 *   - the register-bus slave: a 64-word memory with byte strobes and an error rule on the
 *     address (err_addr), random bus_req_ready_i.  Its response is a same-cycle function of
 *     the request, and the harness asks for the inputs before it evaluates the block, so the
 *     bus slave reads the request from a shadow instance of the C model stepped with the same
 *     inputs (bus_req_* depend only on state, so it can be read before bus_rsp_* are chosen).
 *     The RTL is never looked at; the comparison shows the RTL presents the same request.
 * The n-th write is (wr_addr(n), wr_data(n), wr_strb(n)), the n-th read rd_addr(n): pure
 * functions of the seed, so the scoreboard knows what every bus request must carry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_axil_slave.h"
#include "kmu_tb.h"

static const kmu_axil_slave_params params = {P_AW};
#define KMU_CUR_IN kmu_axil_slave_in
#define KMU_CUR_OUT kmu_axil_slave_out
KMU_BLOCK(kmu_axil_slave, KMU_AXIL_SLAVE_IN, KMU_AXIL_SLAVE_OUT, &params)

typedef kmu_axil_slave_in in_t;
typedef kmu_axil_slave_out out_t;

#define MEMW 64  /* words of the bus slave's memory (address bits [7:2]) */
#define QN 64    /* expected-response queues */
#define TK 160   /* transactions whose timing is recorded (directed tests) */
#define TC 512   /* cycles whose bus_req_valid_o is recorded (directed tests) */
#define NONE UINT64_MAX
#define RESP_OKAY 0
#define RESP_SLVERR 2

typedef struct {
  uint64_t addr, data, strb;
} wtx;

typedef struct ctx ctx;
struct ctx {
  const char *test;
  uint64_t seed;
  kmu_rng rng;
  uint64_t end; /* cycles to run */
  /* the AXI master: random (rnd_master) or scheduled (dir_master) */
  void (*master)(ctx *x, uint64_t cyc, const in_t *p, const out_t *po, in_t *i);
  int (*expect)(ctx *x, uint64_t cyc, const in_t *i, const out_t *o); /* directed, per cycle */
  int (*final)(ctx *x);                                                 /* directed, at end */
  /* random traffic mix */
  unsigned aw_pct, w_pct, ar_pct, b_pct, r_pct, bus_pct;
  uint64_t next_mix, drain_at;
  /* directed: transaction k is offered from cycle *_at[k]; fixed payloads when given */
  uint64_t aw_at[TK], w_at[TK], ar_at[TK];
  unsigned n_aw, n_w, n_ar;
  const wtx *wfix;
  const uint64_t *rfix;
  unsigned n_wfix, n_rfix;
  unsigned (*rdy)(ctx *x, uint64_t cyc); /* bit0 BREADY, bit1 RREADY, bit2 bus ready */
  /* the shadow model the bus slave reads its request from */
  kmu_axil_slave sh;
  int sh_live;
  uint32_t mem[MEMW];
  /* scoreboard */
  uint64_t aw_acc, w_acc, ar_acc; /* AXI handshakes so far */
  uint64_t bw_n, br_n;            /* bus writes / reads accepted */
  uint64_t b_n, r_n;              /* B / R handshakes */
  uint64_t bq[QN], rq_data[QN], rq_resp[QN];
  int b_wait, r_wait; /* BVALID/RVALID was high and not taken last cycle */
  int q_wait;         /* the bus offer was refused last cycle: it must be offered again */
  uint64_t q_write, q_addr, q_wdata, q_wstrb;
  /* coverage of the random test */
  uint64_t aw_cyc[QN], w_cyc[QN]; /* acceptance cycle of AW/W k (k % QN) */
  uint64_t n_aw_first, n_w_first, n_same, n_berr, n_rerr, n_bstall, n_rstall, n_busstall;
  /* recorded timing (directed checks) */
  uint64_t t_aw[TK], t_w[TK], t_ar[TK], t_busw[TK], t_busr[TK], t_b[TK], t_r[TK];
  uint64_t t_bfirst[TK], t_rfirst[TK], t_buswfirst[TK];
  uint64_t got_b[TK], got_rdata[TK], got_rresp[TK];
  unsigned char busv[TC];
};

/* ---------------------------------------------------------------- transactions */
static uint64_t hash3(uint64_t seed, uint64_t k, uint64_t chan) {
  uint64_t z = seed * 0x9e3779b97f4a7c15ull + k * 0xd1b54a32d192ed03ull + chan * 0x8cb92ba72f3d8dd7ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* mostly aligned words of the 64-word window, sometimes unaligned, sometimes high bits set */
static uint64_t mk_addr(uint64_t h) {
  uint64_t a = (h & 63) << 2;
  if (((h >> 8) & 15) == 0) a |= (h >> 12) & 3;
  if (((h >> 14) & 3) == 0) a |= (h >> 16) << 8;
  return a & kmu_mask(P_AW);
}

static uint64_t wr_addr(const ctx *x, uint64_t k) {
  return (x->wfix && k < x->n_wfix) ? x->wfix[k].addr : mk_addr(hash3(x->seed, k, 1));
}
static uint64_t wr_data(const ctx *x, uint64_t k) {
  return (x->wfix && k < x->n_wfix) ? x->wfix[k].data : hash3(x->seed, k, 2) & 0xffffffffull;
}
static uint64_t wr_strb(const ctx *x, uint64_t k) {
  if (x->wfix && k < x->n_wfix) return x->wfix[k].strb;
  uint64_t h = hash3(x->seed, k, 3);
  return (h & 16) ? 0xf : h & 0xf;
}
static uint64_t rd_addr(const ctx *x, uint64_t k) {
  return (x->rfix && k < x->n_rfix) ? x->rfix[k] : mk_addr(hash3(x->seed, k, 4));
}

/* the bus slave's error rule: unaligned, or word 15 of every 16 */
static int err_addr(uint64_t a) { return (a & 3) != 0 || ((a >> 2) & 15) == 15; }

/* ---------------------------------------------------------------- bus slave */
static void bus_slave(ctx *x, in_t *i) {
  out_t so;
  kmu_axil_slave_comb(&x->sh, i, &so); /* bus_req_* do not depend on bus_rsp_* */
  i->bus_rsp_err_i = kmu_rng_bits(&x->rng, 1); /* don't-care values when nothing is taken */
  i->bus_rsp_rdata_i = kmu_rng_bits(&x->rng, 32);
  if (so.bus_req_valid_o) {
    uint64_t a = so.bus_req_addr_o;
    unsigned w = (unsigned)(a >> 2) % MEMW;
    int err = err_addr(a);
    i->bus_rsp_err_i = (uint64_t)err;
    if (!so.bus_req_write_o) {
      /* an errored read returns garbage here: the slave must turn it into RDATA 0 */
      i->bus_rsp_rdata_i = err ? (kmu_rng_bits(&x->rng, 32) | 1) : x->mem[w];
    } else if (i->bus_req_ready_i && !err) {
      uint32_t m = 0;
      for (unsigned b = 0; b < 4; b++)
        if ((so.bus_req_wstrb_o >> b) & 1) m |= 0xffu << (8 * b);
      x->mem[w] = (x->mem[w] & ~m) | ((uint32_t)so.bus_req_wdata_o & m);
    }
  }
  kmu_axil_slave_comb(&x->sh, i, &so); /* the shadow's next state with the final inputs */
}

/* ---------------------------------------------------------------- harness hooks */
static void ctx_init(void *c, uint64_t seed) {
  ctx *x = c;
  if (x->sh_live) kmu_axil_slave_free(&x->sh);
  kmu_axil_slave_init(&x->sh, &params);
  x->sh_live = 1;
  x->seed = seed;
  kmu_rng_seed(&x->rng, seed);
  memset(x->mem, 0, sizeof x->mem);
  x->aw_acc = x->w_acc = x->ar_acc = x->bw_n = x->br_n = x->b_n = x->r_n = 0;
  x->b_wait = x->r_wait = x->q_wait = 0;
  x->n_aw_first = x->n_w_first = x->n_same = x->n_berr = x->n_rerr = 0;
  x->n_bstall = x->n_rstall = x->n_busstall = 0;
  memset(x->t_aw, 0xff, sizeof x->t_aw);
  memset(x->t_w, 0xff, sizeof x->t_w);
  memset(x->t_ar, 0xff, sizeof x->t_ar);
  memset(x->t_busw, 0xff, sizeof x->t_busw);
  memset(x->t_busr, 0xff, sizeof x->t_busr);
  memset(x->t_b, 0xff, sizeof x->t_b);
  memset(x->t_r, 0xff, sizeof x->t_r);
  memset(x->t_bfirst, 0xff, sizeof x->t_bfirst);
  memset(x->t_rfirst, 0xff, sizeof x->t_rfirst);
  memset(x->t_buswfirst, 0xff, sizeof x->t_buswfirst);
  memset(x->busv, 0, sizeof x->busv);
  x->next_mix = 0;
}

static void ctx_done(ctx *x) {
  if (x->sh_live) kmu_axil_slave_free(&x->sh);
  x->sh_live = 0;
}

static int drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  ctx *x = c;
  if (cyc >= x->end) return 0;
  if (cyc > 0) kmu_axil_slave_tick(&x->sh);
  x->master(x, cyc, pi, po, in);
  bus_slave(x, in);
  return 1;
}

/* The scoreboard, on the model's outputs, in every test. */
static int check(void *c, uint64_t cyc, const void *ip, const void *op) {
  ctx *x = c;
  const in_t *i = ip;
  const out_t *o = op;
  const char *t = x->test;
  int ok = 1;

  /* AXI: a response once offered stays until taken */
  if (x->b_wait) ok &= KMU_EXPECT_EQ(t, cyc, "BVALID held until BREADY", 1, o->s_bvalid_o);
  if (x->r_wait) ok &= KMU_EXPECT_EQ(t, cyc, "RVALID held until RREADY", 1, o->s_rvalid_o);
  x->b_wait = o->s_bvalid_o && !i->s_bready_i;
  x->r_wait = o->s_rvalid_o && !i->s_rready_i;
  x->n_bstall += (uint64_t)x->b_wait;
  x->n_rstall += (uint64_t)x->r_wait;
  x->n_busstall += o->bus_req_valid_o && !i->bus_req_ready_i;

  /* B / R: exactly the responses of the accepted bus requests, in order (before this cycle's
   * bus handshake, whose response can only show from the next cycle) */
  if (o->s_bvalid_o) {
    ok &= kmu_expect(x->b_n < x->bw_n, t, cyc, "BVALID only for a write done on the bus",
                     x->bw_n, x->b_n);
    if (x->b_n < x->bw_n)
      ok &= KMU_EXPECT_EQ(t, cyc, "BRESP of the oldest write", x->bq[x->b_n % QN], o->s_bresp_o);
    if (x->b_n < TK && x->t_bfirst[x->b_n] == NONE) x->t_bfirst[x->b_n] = cyc;
    if (i->s_bready_i) {
      if (x->b_n < TK) x->t_b[x->b_n] = cyc, x->got_b[x->b_n] = o->s_bresp_o;
      x->b_n++;
    }
  }
  if (o->s_rvalid_o) {
    ok &= kmu_expect(x->r_n < x->br_n, t, cyc, "RVALID only for a read done on the bus", x->br_n,
                     x->r_n);
    if (x->r_n < x->br_n) {
      ok &= KMU_EXPECT_EQ(t, cyc, "RRESP of the oldest read", x->rq_resp[x->r_n % QN], o->s_rresp_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "RDATA of the oldest read", x->rq_data[x->r_n % QN], o->s_rdata_o);
    }
    if (x->r_n < TK && x->t_rfirst[x->r_n] == NONE) x->t_rfirst[x->r_n] = cyc;
    if (i->s_rready_i) {
      if (x->r_n < TK)
        x->t_r[x->r_n] = cyc, x->got_rdata[x->r_n] = o->s_rdata_o, x->got_rresp[x->r_n] = o->s_rresp_o;
      x->r_n++;
    }
  }

  /* bus: a refused offer stays offered, unchanged, until it is taken */
  if (x->q_wait) {
    ok &= KMU_EXPECT_EQ(t, cyc, "refused bus offer: bus_req_valid_o held", 1, o->bus_req_valid_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "refused bus offer: bus_req_write_o held", x->q_write,
                        o->bus_req_write_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "refused bus offer: bus_req_addr_o held", x->q_addr,
                        o->bus_req_addr_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "refused bus offer: bus_req_wdata_o held", x->q_wdata,
                        o->bus_req_wdata_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "refused bus offer: bus_req_wstrb_o held", x->q_wstrb,
                        o->bus_req_wstrb_o);
  }
  x->q_wait = o->bus_req_valid_o && !i->bus_req_ready_i;
  x->q_write = o->bus_req_write_o;
  x->q_addr = o->bus_req_addr_o;
  x->q_wdata = o->bus_req_wdata_o;
  x->q_wstrb = o->bus_req_wstrb_o;

  /* bus: the request offered is always the oldest AXI transaction of its kind not yet done */
  if (cyc < TC) x->busv[cyc] = (unsigned char)o->bus_req_valid_o;
  if (o->bus_req_valid_o) {
    int fire = (int)i->bus_req_ready_i;
    int err = (int)i->bus_rsp_err_i;
    if (o->bus_req_write_o) {
      uint64_t k = x->bw_n;
      ok &= kmu_expect(k < x->aw_acc && k < x->w_acc, t, cyc,
                       "bus write only after its AW and W were accepted", k, x->aw_acc);
      ok &= KMU_EXPECT_EQ(t, cyc, "bus_req_addr_o of the oldest write (AW order)", wr_addr(x, k),
                          o->bus_req_addr_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "bus_req_wdata_o paired with its AW (W order)", wr_data(x, k),
                          o->bus_req_wdata_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "bus_req_wstrb_o paired with its AW", wr_strb(x, k),
                          o->bus_req_wstrb_o);
      if (k < TK && x->t_buswfirst[k] == NONE) x->t_buswfirst[k] = cyc;
      if (fire) {
        ok &= kmu_expect(x->bw_n - x->b_n < QN, t, cyc, "B queue bound", QN, x->bw_n - x->b_n);
        x->bq[k % QN] = err ? RESP_SLVERR : RESP_OKAY;
        x->n_berr += (uint64_t)err;
        if (x->aw_cyc[k % QN] < x->w_cyc[k % QN]) x->n_aw_first++;
        else if (x->aw_cyc[k % QN] > x->w_cyc[k % QN]) x->n_w_first++;
        else x->n_same++;
        if (k < TK) x->t_busw[k] = cyc;
        x->bw_n++;
      }
    } else {
      uint64_t k = x->br_n;
      ok &= kmu_expect(k < x->ar_acc, t, cyc, "bus read only after its AR was accepted", k,
                       x->ar_acc);
      ok &= KMU_EXPECT_EQ(t, cyc, "bus_req_addr_o of the oldest read", rd_addr(x, k),
                          o->bus_req_addr_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "bus_req_wdata_o of a read", 0, o->bus_req_wdata_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "bus_req_wstrb_o of a read", 0, o->bus_req_wstrb_o);
      if (fire) {
        ok &= kmu_expect(x->br_n - x->r_n < QN, t, cyc, "R queue bound", QN, x->br_n - x->r_n);
        x->rq_resp[k % QN] = err ? RESP_SLVERR : RESP_OKAY;
        x->rq_data[k % QN] = err ? 0 : (i->bus_rsp_rdata_i & 0xffffffffull);
        x->n_rerr += (uint64_t)err;
        if (k < TK) x->t_busr[k] = cyc;
        x->br_n++;
      }
    }
  }

  /* AXI requests accepted this cycle */
  if (i->s_awvalid_i && o->s_awready_o) {
    if (x->aw_acc < TK) x->t_aw[x->aw_acc] = cyc;
    x->aw_cyc[x->aw_acc % QN] = cyc;
    x->aw_acc++;
  }
  if (i->s_wvalid_i && o->s_wready_o) {
    if (x->w_acc < TK) x->t_w[x->w_acc] = cyc;
    x->w_cyc[x->w_acc % QN] = cyc;
    x->w_acc++;
  }
  if (i->s_arvalid_i && o->s_arready_o) {
    if (x->ar_acc < TK) x->t_ar[x->ar_acc] = cyc;
    x->ar_acc++;
  }
  if (ok && x->expect) ok &= x->expect(x, cyc, i, o);
  return ok;
}

/* conservation once the traffic has drained: every AXI request made exactly one bus request
 * and exactly one response, nothing is left inside */
static int drained(ctx *x) {
  const char *t = x->test;
  int ok = 1;
  ok &= KMU_EXPECT_EQ(t, 0, "AW accepted == W accepted", x->aw_acc, x->w_acc);
  ok &= KMU_EXPECT_EQ(t, 0, "writes accepted == bus writes", x->aw_acc, x->bw_n);
  ok &= KMU_EXPECT_EQ(t, 0, "bus writes == B responses", x->bw_n, x->b_n);
  ok &= KMU_EXPECT_EQ(t, 0, "AR accepted == bus reads", x->ar_acc, x->br_n);
  ok &= KMU_EXPECT_EQ(t, 0, "bus reads == R responses", x->br_n, x->r_n);
  return ok;
}

static int finish(void *c) {
  ctx *x = c;
  int ok = drained(x);
  if (ok && x->final) ok &= x->final(x);
  return ok;
}

/* ---------------------------------------------------------------- random test */
static unsigned rnd_pct(ctx *x, unsigned lo) {
  switch (kmu_rng_below(&x->rng, 8)) {
    case 0: return 100;
    case 1: return lo;
    default: return lo + (unsigned)kmu_rng_below(&x->rng, 101 - lo);
  }
}

static void new_mix(ctx *x, uint64_t cyc) {
  x->aw_pct = rnd_pct(x, 2);
  x->w_pct = rnd_pct(x, 2);
  x->ar_pct = rnd_pct(x, 2);
  switch (kmu_rng_below(&x->rng, 6)) {
    case 0: x->ar_pct = 0; break;             /* writes only */
    case 1: x->aw_pct = x->w_pct = 0; break;  /* reads only */
    default: break;
  }
  x->b_pct = rnd_pct(x, 5);
  x->r_pct = rnd_pct(x, 5);
  x->bus_pct = rnd_pct(x, 5);
  x->next_mix = cyc + 300 + kmu_rng_below(&x->rng, 6000);
}

static void rnd_master(ctx *x, uint64_t cyc, const in_t *p, const out_t *po, in_t *i) {
  int drain = cyc >= x->drain_at;
  if (cyc == x->next_mix) new_mix(x, cyc);
  /* AXI: a valid stays up, with its payload, until it is accepted */
  if (!(p->s_awvalid_i && !po->s_awready_o)) {
    i->s_awvalid_i = drain ? x->aw_acc < x->w_acc : kmu_rng_pct(&x->rng, x->aw_pct);
    i->s_awaddr_i = wr_addr(x, x->aw_acc);
  }
  if (!(p->s_wvalid_i && !po->s_wready_o)) {
    i->s_wvalid_i = drain ? x->w_acc < x->aw_acc : kmu_rng_pct(&x->rng, x->w_pct);
    i->s_wdata_i = wr_data(x, x->w_acc);
    i->s_wstrb_i = wr_strb(x, x->w_acc);
  }
  if (!(p->s_arvalid_i && !po->s_arready_o)) {
    i->s_arvalid_i = drain ? 0 : kmu_rng_pct(&x->rng, x->ar_pct);
    i->s_araddr_i = rd_addr(x, x->ar_acc);
  }
  i->s_bready_i = drain || kmu_rng_pct(&x->rng, x->b_pct);
  i->s_rready_i = drain || kmu_rng_pct(&x->rng, x->r_pct);
  i->bus_req_ready_i = drain || kmu_rng_pct(&x->rng, x->bus_pct);
}

/* the run must have covered what it is meant to: every AW/W order, both error responses and
 * stalls on B, R and the bus */
static int rnd_final(ctx *x) {
  const struct {
    const char *what;
    uint64_t n;
  } cov[] = {
      {"writes completed", x->b_n},          {"reads completed", x->r_n},
      {"writes with AW before W", x->n_aw_first}, {"writes with W before AW", x->n_w_first},
      {"writes with AW and W in one cycle", x->n_same}, {"write SLVERR", x->n_berr},
      {"read SLVERR", x->n_rerr},            {"BREADY stalls", x->n_bstall},
      {"RREADY stalls", x->n_rstall},        {"bus stalls", x->n_busstall},
  };
  int ok = 1;
  for (unsigned k = 0; k < sizeof cov / sizeof cov[0]; k++)
    ok &= kmu_expect(cov[k].n > 0, x->test, 0, cov[k].what, 1, cov[k].n);
  if (getenv("KMU_COV"))
    printf("  coverage: writes=%llu reads=%llu aw_first=%llu w_first=%llu same=%llu berr=%llu "
           "rerr=%llu bstall=%llu rstall=%llu busstall=%llu\n",
           (unsigned long long)x->b_n, (unsigned long long)x->r_n,
           (unsigned long long)x->n_aw_first, (unsigned long long)x->n_w_first,
           (unsigned long long)x->n_same, (unsigned long long)x->n_berr,
           (unsigned long long)x->n_rerr, (unsigned long long)x->n_bstall,
           (unsigned long long)x->n_rstall, (unsigned long long)x->n_busstall);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  static ctx x; /* large: keep it off the stack */
  memset(&x, 0, sizeof x);
  x.test = test;
  x.end = cycles;
  x.drain_at = cycles > 400 ? cycles - 200 : cycles; /* short runs skip the drain */
  x.master = rnd_master;
  x.final = cycles > 400 ? rnd_final : NULL;
  kmu_stim s = {&x, ctx_init, drive, check, cycles > 400 ? finish : NULL};
  int ok = kmu_lockstep_mid_reset(&kmu_axil_slave_block, &s, test, seed, cycles);
  ctx_done(&x);
  return ok;
}

/* ---------------------------------------------------------------- directed tests */
/* Scheduled master: transaction k of a channel is offered from cycle *_at[k] on and held
 * until accepted; the next one is offered once its own cycle has come. */
static void dir_master(ctx *x, uint64_t cyc, const in_t *p, const out_t *po, in_t *i) {
  if (!(p->s_awvalid_i && !po->s_awready_o)) {
    i->s_awvalid_i = x->aw_acc < x->n_aw && cyc >= x->aw_at[x->aw_acc];
    i->s_awaddr_i = wr_addr(x, x->aw_acc);
  }
  if (!(p->s_wvalid_i && !po->s_wready_o)) {
    i->s_wvalid_i = x->w_acc < x->n_w && cyc >= x->w_at[x->w_acc];
    i->s_wdata_i = wr_data(x, x->w_acc);
    i->s_wstrb_i = wr_strb(x, x->w_acc);
  }
  if (!(p->s_arvalid_i && !po->s_arready_o)) {
    i->s_arvalid_i = x->ar_acc < x->n_ar && cyc >= x->ar_at[x->ar_acc];
    i->s_araddr_i = rd_addr(x, x->ar_acc);
  }
  unsigned r = x->rdy ? x->rdy(x, cyc) : 7;
  i->s_bready_i = r & 1;
  i->s_rready_i = (r >> 1) & 1;
  i->bus_req_ready_i = (r >> 2) & 1;
}

static ctx *dir_new(const char *test, uint64_t end) {
  static ctx x;
  memset(&x, 0, sizeof x);
  x.test = test;
  x.end = end;
  x.master = dir_master;
  return &x;
}

static int dir_run(ctx *x, uint64_t seed) {
  kmu_stim s = {x, ctx_init, drive, check, finish};
  int ok = kmu_lockstep(&kmu_axil_slave_block, &s, x->test, seed, x->end);
  ctx_done(x);
  return ok;
}

#define EQ(what, exp, act) KMU_EXPECT_EQ(x->test, 0, what, exp, act)

/* bus_req_valid_o in cycles [a, b] must all equal v */
static int busv_range(ctx *x, uint64_t a, uint64_t b, int v, const char *what) {
  int ok = 1;
  for (uint64_t c = a; c <= b && ok; c++) ok &= KMU_EXPECT_EQ(x->test, c, what, v, x->busv[c]);
  return ok;
}

/* -- the three AW/W orders: AW first, W first, same cycle */
static int order_final(ctx *x) {
  int ok = 1;
  /* write 0: AW at 2, W at 6; write 1: W at 12, AW at 16; write 2: both at 20 */
  const uint64_t last[3] = {6, 16, 20};
  for (unsigned k = 0; k < 3; k++) {
    ok &= EQ("bus write the cycle after its later handshake", last[k] + 1, x->t_buswfirst[k]);
    ok &= EQ("accepted on the bus at once (ready=1)", last[k] + 1, x->t_busw[k]);
    ok &= EQ("BVALID two cycles after the later handshake", last[k] + 2, x->t_bfirst[k]);
    ok &= EQ("BRESP OKAY", RESP_OKAY, x->got_b[k]);
  }
  ok &= busv_range(x, 0, 6, 0, "no bus request while W is missing");
  ok &= busv_range(x, 8, 16, 0, "no bus request while AW is missing");
  ok &= busv_range(x, 18, 20, 0, "no bus request before the pair is complete");
  return ok;
}

static const wtx order_w[3] = {{0x10, 0x11111111, 0xf}, {0x20, 0x22222222, 0x3}, {0x30, 0x33333333, 0xc}};

static int t_aw_w_order(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  ctx *x = dir_new(test, 30);
  x->wfix = order_w;
  x->n_wfix = 3;
  x->n_aw = x->n_w = 3;
  memcpy(x->aw_at, (uint64_t[]){2, 16, 20}, 3 * sizeof(uint64_t));
  memcpy(x->w_at, (uint64_t[]){6, 12, 20}, 3 * sizeof(uint64_t));
  x->final = order_final;
  return dir_run(x, seed);
}

/* -- latency: AW+W at t -> bus at t+1 -> BVALID at t+2; AR at t -> bus t+1 -> RVALID t+2;
 *    a stalled bus holds the request; a stalled BREADY holds BVALID */
static unsigned lat_rdy(ctx *x, uint64_t cyc) {
  (void)x;
  unsigned bus = !(cyc >= 21 && cyc <= 23);
  unsigned b = !(cyc >= 30 && cyc <= 35);
  return b | 2u | bus << 2;
}

static int lat_final(ctx *x) {
  int ok = 1;
  ok &= EQ("write 0: AW accepted", 3, x->t_aw[0]);
  ok &= EQ("write 0: W accepted", 3, x->t_w[0]);
  ok &= EQ("write 0: bus request at t+1", 4, x->t_buswfirst[0]);
  ok &= EQ("write 0: BVALID at t+2", 5, x->t_bfirst[0]);
  ok &= EQ("read 0: AR accepted", 10, x->t_ar[0]);
  ok &= EQ("read 0: bus request at t+1", 11, x->t_busr[0]);
  ok &= EQ("read 0: RVALID at t+2", 12, x->t_rfirst[0]);
  ok &= EQ("write 1: offered on the bus at t+1", 21, x->t_buswfirst[1]);
  ok &= busv_range(x, 21, 24, 1, "write 1 held on the stalled bus");
  ok &= EQ("write 1: accepted when ready returns", 24, x->t_busw[1]);
  ok &= EQ("write 1: BVALID the cycle after", 25, x->t_bfirst[1]);
  ok &= EQ("write 2: BVALID at t+2", 32, x->t_bfirst[2]);
  ok &= EQ("write 2: B taken when BREADY returns", 36, x->t_b[2]);
  ok &= busv_range(x, 0, 3, 0, "no bus request before the first handshake");
  return ok;
}

static int t_latency(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  ctx *x = dir_new(test, 45);
  x->n_aw = x->n_w = 3;
  x->n_ar = 1;
  memcpy(x->aw_at, (uint64_t[]){3, 20, 30}, 3 * sizeof(uint64_t));
  memcpy(x->w_at, (uint64_t[]){3, 20, 30}, 3 * sizeof(uint64_t));
  x->ar_at[0] = 10;
  x->rdy = lat_rdy;
  x->final = lat_final;
  return dir_run(x, seed);
}

/* -- throughput: 64 back-to-back writes, then 64 reads, then 32 of each mixed */
#define TPN 64
static int tp_final(ctx *x) {
  int ok = 1;
  for (unsigned k = 0; k < TPN && ok; k++) {
    ok &= EQ("one AW accepted per cycle", k, x->t_aw[k]);
    ok &= EQ("one W accepted per cycle", k, x->t_w[k]);
    ok &= EQ("one bus write per cycle", k + 1, x->t_busw[k]);
    ok &= EQ("one B per cycle", k + 2, x->t_b[k]);
    ok &= EQ("one AR accepted per cycle", 100 + k, x->t_ar[k]);
    ok &= EQ("one bus read per cycle", 100 + k + 1, x->t_busr[k]);
    ok &= EQ("one R per cycle", 100 + k + 2, x->t_r[k]);
  }
  /* N writes complete in N + 2 cycles */
  ok &= EQ("last of N writes completes in cycle N+1", TPN + 1, x->t_b[TPN - 1]);
  /* mixed: the arbiter alternates write (the last ack was a read) and read, one per cycle */
  for (unsigned j = 0; j < 32 && ok; j++) {
    ok &= EQ("mixed: write on the bus every other cycle", 201 + 2 * j, x->t_busw[TPN + j]);
    ok &= EQ("mixed: read on the bus in between", 202 + 2 * j, x->t_busr[TPN + j]);
  }
  return ok;
}

static int t_throughput(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  ctx *x = dir_new(test, 300);
  x->n_aw = x->n_w = x->n_ar = TPN + 32;
  for (unsigned k = 0; k < TPN; k++) x->aw_at[k] = x->w_at[k] = k, x->ar_at[k] = 100 + k;
  for (unsigned k = TPN; k < TPN + 32; k++) x->aw_at[k] = x->w_at[k] = x->ar_at[k] = 200;
  x->final = tp_final;
  return dir_run(x, seed);
}

/* -- SLVERR mapping, through the memory of the bus slave:
 *    w0 0x10 <- A5A51234/F OK; w1 0x13 (unaligned) SLVERR, memory unchanged; r0 0x10 OK;
 *    w2 0x20 <- 11223344/5 OK; r1 0x20 -> 00220044; r2 0x3C (word 15) SLVERR, RDATA 0 */
static const wtx err_w[3] = {{0x10, 0xA5A51234, 0xf}, {0x13, 0xffffffff, 0xf}, {0x20, 0x11223344, 0x5}};
static const uint64_t err_r[3] = {0x10, 0x20, 0x3c};

static int err_final(ctx *x) {
  int ok = 1;
  ok &= EQ("BRESP write 0x10", RESP_OKAY, x->got_b[0]);
  ok &= EQ("BRESP write 0x13 (bus error)", RESP_SLVERR, x->got_b[1]);
  ok &= EQ("BRESP write 0x20", RESP_OKAY, x->got_b[2]);
  ok &= EQ("RRESP read 0x10", RESP_OKAY, x->got_rresp[0]);
  ok &= EQ("RDATA read 0x10 (errored write changed nothing)", 0xA5A51234, x->got_rdata[0]);
  ok &= EQ("RRESP read 0x20", RESP_OKAY, x->got_rresp[1]);
  ok &= EQ("RDATA read 0x20 (strobes 0101)", 0x00220044, x->got_rdata[1]);
  ok &= EQ("RRESP read 0x3C (bus error)", RESP_SLVERR, x->got_rresp[2]);
  ok &= EQ("RDATA of an errored read", 0, x->got_rdata[2]);
  ok &= EQ("3 B responses", 3, x->b_n);
  ok &= EQ("3 R responses", 3, x->r_n);
  return ok;
}

static int t_slverr(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  ctx *x = dir_new(test, 40);
  x->wfix = err_w;
  x->n_wfix = 3;
  x->rfix = err_r;
  x->n_rfix = 3;
  x->n_aw = x->n_w = 3;
  x->n_ar = 3;
  memcpy(x->aw_at, (uint64_t[]){2, 6, 14}, 3 * sizeof(uint64_t));
  memcpy(x->w_at, (uint64_t[]){2, 6, 14}, 3 * sizeof(uint64_t));
  memcpy(x->ar_at, (uint64_t[]){10, 18, 22}, 3 * sizeof(uint64_t));
  x->final = err_final;
  return dir_run(x, seed);
}

/* -- refusals: full FIFOs drop AXI ready; a full B (R) keeps writes (reads) off the bus.
 *    Writes offered every cycle from 0 with BREADY low until 10; reads from 30 with RREADY
 *    low until 40.  Depth 2 everywhere: two requests reach the bus and fill B (R), two more
 *    wait in AW/W (AR), and the FIFOs refuse from the fifth. */
static unsigned ref_rdy(ctx *x, uint64_t cyc) {
  (void)x;
  return (unsigned)(cyc >= 10) | (unsigned)(cyc >= 40) << 1 | 4u;
}

static int ref_final(ctx *x) {
  int ok = 1;
  const uint64_t acc[5] = {0, 1, 2, 3, 12}, bus[4] = {1, 2, 11, 12}, b[3] = {10, 11, 12};
  for (unsigned k = 0; k < 5; k++) {
    ok &= EQ("AW accepted (refused while full)", acc[k], x->t_aw[k]);
    ok &= EQ("W accepted (refused while full)", acc[k], x->t_w[k]);
    ok &= EQ("AR accepted (refused while full)", 30 + acc[k], x->t_ar[k]);
  }
  for (unsigned k = 0; k < 4; k++) {
    ok &= EQ("bus write (held back while B is full)", bus[k], x->t_busw[k]);
    ok &= EQ("bus read (held back while R is full)", 30 + bus[k], x->t_busr[k]);
  }
  for (unsigned k = 0; k < 3; k++) {
    ok &= EQ("B handshake", b[k], x->t_b[k]);
    ok &= EQ("R handshake", 30 + b[k], x->t_r[k]);
  }
  ok &= EQ("BVALID from cycle 2 on", 2, x->t_bfirst[0]);
  ok &= busv_range(x, 3, 10, 0, "no bus write while B is full");
  ok &= busv_range(x, 33, 40, 0, "no bus read while R is full");
  return ok;
}

static int t_refuse(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  ctx *x = dir_new(test, 70);
  x->n_aw = x->n_w = x->n_ar = 8;
  for (unsigned k = 0; k < 8; k++) x->aw_at[k] = x->w_at[k] = 0, x->ar_at[k] = 30;
  x->rdy = ref_rdy;
  x->final = ref_final;
  return dir_run(x, seed);
}

/* -- a refused bus offer is held: write 0 at cycle 0 moves the round-robin pointer to the
 *    read; write 1 (cycle 5) is offered from 6 while the bus refuses until 10; read 0 arrives
 *    at 6 (pending from 7, with priority) but the write stays offered until it is taken at 10;
 *    the read follows at 11. */
static unsigned hold_rdy(ctx *x, uint64_t cyc) {
  (void)x;
  return 3u | (unsigned)!(cyc >= 6 && cyc <= 9) << 2;
}

static int hold_final(ctx *x) {
  int ok = 1;
  ok &= EQ("write 0 on the bus", 1, x->t_busw[0]);
  ok &= EQ("write 1 offered", 6, x->t_buswfirst[1]);
  ok &= busv_range(x, 6, 11, 1, "bus busy 6..11");
  ok &= EQ("write 1 taken when the bus is ready", 10, x->t_busw[1]);
  ok &= EQ("read 0 after the held write", 11, x->t_busr[0]);
  ok &= EQ("RVALID at t+2 of the read", 12, x->t_rfirst[0]);
  return ok;
}

static int t_bus_hold(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  ctx *x = dir_new(test, 20);
  x->n_aw = x->n_w = 2;
  x->n_ar = 1;
  memcpy(x->aw_at, (uint64_t[]){0, 5}, 2 * sizeof(uint64_t));
  memcpy(x->w_at, (uint64_t[]){0, 5}, 2 * sizeof(uint64_t));
  x->ar_at[0] = 6;
  x->rdy = hold_rdy;
  x->final = hold_final;
  return dir_run(x, seed);
}

static const kmu_test tests[] = {
    {"aw_w_order", t_aw_w_order, 0, 0},
    {"latency", t_latency, 0, 0},
    {"throughput", t_throughput, 0, 0},
    {"slverr", t_slverr, 0, 0},
    {"refuse", t_refuse, 0, 0},
    {"bus_hold", t_bus_hold, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_axil_slave_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
