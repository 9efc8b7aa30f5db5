/* test_kmu_mem_port.c - lockstep and directed tests of kmu_mem_port (rtl/sched/kmu_mem_port.v).
 *
 * Expected values come from the specification (docs/kmu-interfaces.md section 5 and the block's
 * header: round robin starting at client 0, a two-entry output stage without fall-through that
 * does not accept in the cycle it is popped when full, responses routed by client tag), never
 * from either model.  The random test plays N clients (each request a pure function of the seed,
 * the client and its sequence number, valid and fields held until accepted), a memory with
 * random mem_ready_i stalls, and a test-side memory that answers reads with random latency, in
 * order per client, interleaved across clients. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_mem_port.h"
#include "kmu_tb.h"

static const kmu_mem_port_params params = {P_N};
#define KMU_CUR_IN kmu_mem_port_in
#define KMU_CUR_OUT kmu_mem_port_out
KMU_BLOCK_L(kmu_mem_port, KMU_MEM_PORT_IN, KMU_MEM_PORT_OUT, KMU_MEM_PORT_INL, KMU_NO_LANES,
            &params)

#define N P_N
#define CW ((N > 1) ? 64 - __builtin_clzll((unsigned long long)N - 1) : 1) /* clog2 */
#define Q 64     /* ring capacity of every test queue */
#define MEMW 64  /* test memory words: addresses 0..255, so reads often follow writes */

/* ---------------------------------------------------------------- requests */
typedef struct {
  uint32_t write, addr, wdata;
} req_t;

static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/* request number `seq` of client k: a pure function of (seed, k, seq) */
static req_t req_of(uint64_t seed, unsigned wr_pct, unsigned k, uint64_t seq) {
  uint64_t h = mix(seed * 0x100000001b3ull ^ mix((uint64_t)k << 48 ^ seq));
  req_t r;
  r.write = (unsigned)(h % 100) < wr_pct;
  r.addr = (uint32_t)((h >> 8) & (MEMW - 1)) << 2;
  r.wdata = (uint32_t)(h >> 32);
  return r;
}

typedef struct {
  uint64_t v[Q];
  unsigned head, n;
} ring;
static int ring_push(ring *r, uint64_t x) {
  if (r->n == Q) return 0;
  r->v[(r->head + r->n++) % Q] = x;
  return 1;
}
static uint64_t ring_pop(ring *r) {
  uint64_t x = r->v[r->head];
  r->head = (r->head + 1) % Q;
  r->n--;
  return x;
}

/* ---------------------------------------------------------------- random lockstep */
typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t seed, cycles, cyc;
  /* traffic mix: re-chosen every phase */
  unsigned wr_pct, vpct[N], mrdy_pct, maxlat;
  uint64_t phase_end;
  /* clients */
  int off_valid[N];       /* offering request off_seq[k] */
  uint64_t next_seq[N];   /* next request number of client k */
  ring accepted[N];       /* accepted, not yet on the memory port: request numbers */
  unsigned waited[N];     /* other clients' acceptances while k waits */
  unsigned max_waited;
  /* test memory */
  uint32_t mem[MEMW];
  ring mrsp[N];           /* responses to return: data << 32 | due cycle (low 32 bits) */
  uint64_t last_due[N];
  ring expect_rsp[N];     /* reads on their way back to client k: expected data */
  /* last cycle, for the output stability check */
  int prev_mvalid, prev_mready;
  uint64_t prev_mfields;
  /* counts */
  uint64_t n_acc[N], n_left, n_reads, n_writes, n_rsp, n_full, n_stall;
} rnd_ctx;

static void new_phase(rnd_ctx *x) {
  kmu_rng *r = &x->rng;
  static const unsigned mr[] = {0, 25, 50, 75, 90, 100, 100};
  x->mrdy_pct = mr[kmu_rng_below(r, sizeof mr / sizeof mr[0])];
  for (unsigned k = 0; k < N; k++) x->vpct[k] = (unsigned)kmu_rng_below(r, 101);
  x->maxlat = 1 + (unsigned)kmu_rng_below(r, 24);
  /* a phase with the memory fully stalled is short */
  x->phase_end = x->cyc + (x->mrdy_pct ? 500 + kmu_rng_below(r, 6000) : 1 + kmu_rng_below(r, 60));
}

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  uint64_t cycles = x->cycles;
  memset(x, 0, sizeof *x);
  x->test = t;
  x->cycles = cycles;
  x->seed = seed;
  kmu_rng_seed(&x->rng, seed);
  x->wr_pct = 10 + (unsigned)kmu_rng_below(&x->rng, 81);
  for (unsigned w = 0; w < MEMW; w++) x->mem[w] = (uint32_t)mix(seed + w);
  new_phase(x);
}

static int draining(const rnd_ctx *x) { return x->cyc + 3000 >= x->cycles; }

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  kmu_rng *r = &x->rng;
  kmu_mem_port_in *i = in;
  (void)pi, (void)po;
  x->cyc = cyc;
  if (cyc >= x->phase_end) new_phase(x);
  int drain = draining(x);
  i->req_valid_i = i->req_write_i = 0;
  for (unsigned k = 0; k < N; k++) {
    if (!x->off_valid[k] && !drain && kmu_rng_pct(r, x->vpct[k])) x->off_valid[k] = 1;
    req_t q = req_of(x->seed, x->wr_pct, k, x->next_seq[k]);
    if (!x->off_valid[k]) q = (req_t){(uint32_t)kmu_rng_bits(r, 1), (uint32_t)kmu_rng_bits(r, 32),
                                      (uint32_t)kmu_rng_bits(r, 32)}; /* ignored while invalid */
    i->req_valid_i |= (uint64_t)x->off_valid[k] << k;
    i->req_write_i |= (uint64_t)q.write << k;
    i->req_addr_i[k] = q.addr;
    i->req_wdata_i[k] = q.wdata;
  }
  i->mem_ready_i = kmu_rng_pct(r, drain ? 100 : x->mrdy_pct);
  /* the memory answers one due read per cycle, choosing among clients from a random start */
  i->mem_rvalid_i = 0;
  i->mem_rclient_i = kmu_rng_bits(r, CW); /* ignored while mem_rvalid_i is 0 */
  i->mem_rdata_i = kmu_rng_bits(r, 32);
  unsigned s = (unsigned)kmu_rng_below(r, N);
  for (unsigned j = 0; j < N; j++) {
    unsigned k = (s + j) % N;
    ring *q = &x->mrsp[k];
    if (q->n && (q->v[q->head] & 0xffffffffu) <= (cyc & 0xffffffffu)) {
      uint64_t e = ring_pop(q);
      i->mem_rvalid_i = 1;
      i->mem_rclient_i = k;
      i->mem_rdata_i = e >> 32;
      break;
    }
  }
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_mem_port_in *i = ip;
  const kmu_mem_port_out *o = op;
  const char *t = x->test;
  int ok = 1;
  uint64_t rdy = o->req_ready_o, vld = i->req_valid_i;

  /* at most one acceptance per cycle, only of a valid client */
  ok &= kmu_expect((rdy & (rdy - 1)) == 0, t, cyc, "req_ready_o at most one-hot", 0, rdy);
  ok &= kmu_expect((rdy & ~vld) == 0, t, cyc, "req_ready_o only for a valid client", vld, rdy);
  if (vld && !rdy) x->n_full += (o->mem_valid_o != 0); /* refused: the stage was full */
  /* output stage: a request not taken stays, unchanged */
  uint64_t mf = o->mem_addr_o << 32 ^ o->mem_wdata_o ^ o->mem_write_o << 63 ^ o->mem_client_o << 62;
  if (x->prev_mvalid && !x->prev_mready) {
    ok &= KMU_EXPECT_EQ(t, cyc, "mem_valid_o held until mem_ready_i", 1, o->mem_valid_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "mem_* stable until mem_ready_i", x->prev_mfields, mf);
  }
  if (o->mem_valid_o && !i->mem_ready_i) x->n_stall++;
  x->prev_mvalid = (int)o->mem_valid_o;
  x->prev_mready = (int)i->mem_ready_i;
  x->prev_mfields = mf;

  /* a request leaves: the oldest accepted one of its client, exactly as the client sent it */
  if (o->mem_valid_o && i->mem_ready_i) {
    unsigned k = (unsigned)o->mem_client_o;
    ok &= kmu_expect(k < N && x->accepted[k].n > 0, t, cyc,
                     "mem request of a client with an accepted request", N, k);
    if (ok) {
      uint64_t seq = ring_pop(&x->accepted[k]);
      req_t q = req_of(x->seed, x->wr_pct, k, seq);
      ok &= KMU_EXPECT_EQ(t, cyc, "mem_write_o (oldest request of the client)", q.write,
                          o->mem_write_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "mem_addr_o (oldest request of the client)", q.addr,
                          o->mem_addr_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "mem_wdata_o (oldest request of the client)", q.wdata,
                          o->mem_wdata_o);
      x->n_left++;
      unsigned w = (q.addr >> 2) % MEMW;
      if (q.write) {
        x->mem[w] = q.wdata;
        x->n_writes++;
      } else {
        /* the memory's answer, due after a random latency, in order per client */
        uint64_t due = cyc + 1 + kmu_rng_below(&x->rng, x->maxlat);
        if (due < x->last_due[k]) due = x->last_due[k];
        x->last_due[k] = due;
        ok &= kmu_expect(ring_push(&x->mrsp[k], (uint64_t)x->mem[w] << 32 | (due & 0xffffffffu)),
                         t, cyc, "test memory queue overflow", 0, 0);
        ok &= kmu_expect(ring_push(&x->expect_rsp[k], x->mem[w]), t, cyc, "read queue overflow",
                         0, 0);
        x->n_reads++;
      }
    }
  }
  /* a response reaches exactly the client that issued the read, in its order */
  if (i->mem_rvalid_i) {
    unsigned k = (unsigned)i->mem_rclient_i;
    ok &= KMU_EXPECT_EQ(t, cyc, "rsp_valid_o = the tagged client", 1ull << k, o->rsp_valid_o);
    ok &= kmu_expect(x->expect_rsp[k].n > 0, t, cyc, "a response for an outstanding read", 1, 0);
    if (ok) {
      uint64_t exp = ring_pop(&x->expect_rsp[k]); /* the macro reads its argument twice */
      ok &= KMU_EXPECT_EQ(t, cyc, "rsp_rdata_o (the client's oldest read)", exp, o->rsp_rdata_o);
      x->n_rsp++;
    }
  } else {
    ok &= KMU_EXPECT_EQ(t, cyc, "rsp_valid_o without a response", 0, o->rsp_valid_o);
  }
  /* acceptances: in order per client; fairness bound N-1 */
  for (unsigned k = 0; k < N; k++) {
    if (!((vld >> k) & 1)) continue;
    if ((rdy >> k) & 1) {
      ok &= kmu_expect(ring_push(&x->accepted[k], x->next_seq[k]), t, cyc,
                       "accepted queue overflow", 0, 0);
      x->next_seq[k]++;
      x->n_acc[k]++;
      x->off_valid[k] = 0;
      if (x->waited[k] > x->max_waited) x->max_waited = x->waited[k];
      x->waited[k] = 0;
    } else if (rdy) {
      x->waited[k]++;
      ok &= kmu_expect(x->waited[k] <= N - 1, t, cyc,
                       "fairness: a waiting client is passed over at most N-1 times", N - 1,
                       x->waited[k]);
    }
  }
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  uint64_t acc = 0;
  for (unsigned k = 0; k < N; k++) {
    acc += x->n_acc[k];
    ok &= KMU_EXPECT_EQ(t, x->cyc, "every accepted request left (per client)", 0,
                        x->accepted[k].n);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "every read answered (per client)", 0, x->expect_rsp[k].n);
    ok &= kmu_expect(x->n_acc[k] > 0, t, x->cyc, "traffic: every client accepted", 1, 0);
  }
  ok &= KMU_EXPECT_EQ(t, x->cyc, "requests accepted == requests on the memory port", acc,
                      x->n_left);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "reads == responses", x->n_reads, x->n_rsp);
  ok &= kmu_expect(x->n_reads > 0 && x->n_writes > 0 && x->n_full > 0 && x->n_stall > 0 &&
                       (N == 1 || x->max_waited == N - 1),
                   t, x->cyc, "traffic: reads, writes, full stage, stalls, contention", 1, 0);
  if (getenv("KMU_COV"))
    printf("  %s: %llu requests, %llu reads, %llu writes, %llu refused (full), %llu stalls, "
           "max passed over %u\n",
           t, (unsigned long long)acc, (unsigned long long)x->n_reads,
           (unsigned long long)x->n_writes, (unsigned long long)x->n_full,
           (unsigned long long)x->n_stall, x->max_waited);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  rnd_ctx *x = calloc(1, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  kmu_stim s = {x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep_mid_reset(&kmu_mem_port_block, &s, test, seed, cycles);
  free(x);
  return ok;
}

/* ---------------------------------------------------------------- directed: step scripts */
#define X_ (-1) /* don't care */
typedef struct {
  unsigned vld, wr;         /* req_valid_i, req_write_i (bit k: client k) */
  uint32_t a0, d0, a1, d1;  /* client 0 and 1 address / data */
  unsigned mrdy, rv, rc;    /* mem_ready_i, mem_rvalid_i, mem_rclient_i */
  uint32_t rd;              /* mem_rdata_i */
  int e_rdy, e_mv;          /* expected req_ready_o, mem_valid_o (X_: not checked) */
  int e_mw, e_mc;           /* with mem_valid_o: mem_write_o, mem_client_o */
  int64_t e_ma, e_md;       /* mem_addr_o, mem_wdata_o */
  int e_rsp;                /* rsp_valid_o (X_: not checked); rsp_rdata_o == rd when != 0 */
  const char *what;
} dstep;

typedef struct {
  const char *test;
  const dstep *s;
  unsigned n, cur;
} dscript;

static void d_init(void *c, uint64_t seed) {
  (void)seed;
  ((dscript *)c)->cur = 0;
}

static int d_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  dscript *d = c;
  kmu_mem_port_in *i = in;
  (void)pi, (void)po;
  d->cur = (unsigned)cyc;
  if (cyc >= d->n) return 0;
  const dstep *s = &d->s[cyc];
  memset(i, 0, sizeof *i);
  i->req_valid_i = s->vld & kmu_mask(N);
  i->req_write_i = s->wr & kmu_mask(N);
  i->req_addr_i[0] = s->a0, i->req_wdata_i[0] = s->d0;
  if (N > 1) i->req_addr_i[1] = s->a1, i->req_wdata_i[1] = s->d1;
  i->mem_ready_i = s->mrdy;
  i->mem_rvalid_i = s->rv;
  i->mem_rclient_i = s->rc;
  i->mem_rdata_i = s->rd;
  return 1;
}

static int d_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  dscript *d = c;
  const kmu_mem_port_out *o = op;
  const dstep *s = &d->s[cyc];
  char w[160];
  int ok = 1;
  (void)ip;
#define DCHK(sig, exp, act)                                      \
  snprintf(w, sizeof w, "%s: %s", s->what, sig);                \
  ok &= KMU_EXPECT_EQ(d->test, cyc, w, (exp), (act));
  if (s->e_rdy != X_) { DCHK("req_ready_o", (unsigned)s->e_rdy, o->req_ready_o); }
  if (s->e_mv != X_) { DCHK("mem_valid_o", (unsigned)s->e_mv, o->mem_valid_o); }
  if (o->mem_valid_o) {
    if (s->e_mw != X_) { DCHK("mem_write_o", (unsigned)s->e_mw, o->mem_write_o); }
    if (s->e_mc != X_) { DCHK("mem_client_o", (unsigned)s->e_mc, o->mem_client_o); }
    if (s->e_ma != X_) { DCHK("mem_addr_o", (uint64_t)s->e_ma, o->mem_addr_o); }
    if (s->e_md != X_) { DCHK("mem_wdata_o", (uint64_t)s->e_md, o->mem_wdata_o); }
  }
  if (s->e_rsp != X_) {
    DCHK("rsp_valid_o", (unsigned)s->e_rsp, o->rsp_valid_o);
    if (s->e_rsp) { DCHK("rsp_rdata_o", s->rd, o->rsp_rdata_o); }
  }
#undef DCHK
  return ok;
}

static int run_d(const char *test, const dstep *s, unsigned n) {
  dscript d = {test, s, n, 0};
  kmu_stim st = {&d, d_init, d_drive, d_check, NULL};
  return kmu_lockstep(&kmu_mem_port_block, &st, test, 1, n);
}
#define RUN_D(test, arr) run_d(test, arr, sizeof arr / sizeof arr[0])

/* field order: vld wr a0 d0 a1 d1 mrdy rv rc rd | e_rdy e_mv e_mw e_mc e_ma e_md e_rsp what */

/* ---- latency: accepted in t -> on the memory port in t+1; one per cycle */
static int t_latency(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  static const dstep s[] = {
      {0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, X_, X_, X_, X_, 0, "idle after reset"},
      {1, 1, 0x100, 0xA, 0, 0, 1, 0, 0, 0, 1, 0, X_, X_, X_, X_, 0, "write A accepted"},
      {1, 0, 0x104, 0xB, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 0x100, 0xA, 0,
       "read B accepted; A on the port the cycle after"},
      {1, 1, 0x108, 0xC, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0x104, X_, 0, "C accepted; B on the port"},
      {0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0x108, 0xC, 0, "C on the port"},
      {0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, X_, X_, X_, X_, 0, "empty"},
  };
  return RUN_D(test, s);
}

/* ---- full: the stage holds two; refuses the third; does not accept in the cycle it is popped */
static int t_full(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  static const dstep s[] = {
      {1, 1, 0x10, 1, 0, 0, 0, 0, 0, 0, 1, 0, X_, X_, X_, X_, 0, "A accepted, memory not ready"},
      {1, 1, 0x14, 2, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0x10, 1, 0, "B accepted; A waits"},
      {1, 1, 0x18, 3, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0x10, 1, 0, "C refused: stage full"},
      {1, 1, 0x18, 3, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0x10, 1, 0, "C still refused; A held"},
      {1, 1, 0x18, 3, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0x10, 1, 0,
       "A taken; a full stage does not accept in the cycle it is popped"},
      {1, 1, 0x18, 3, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 0x14, 2, 0, "C accepted; B taken"},
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0x18, 3, 0, "C waits"},
      {0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0x18, 3, 0, "C taken"},
      {0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, X_, X_, X_, X_, 0, "empty"},
  };
  return RUN_D(test, s);
}

/* ---- round robin between two always-valid clients (pointer at 0 after reset); the pointer
 * moves only when a grant is used, so a full stage does not change the order */
static int t_rr(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (N < 2) return 1;
  static const dstep s[] = {
      {3, 0, 0xA0, 0, 0xB0, 0, 1, 0, 0, 0, 1, 0, X_, X_, X_, X_, 0, "both valid: client 0 first"},
      {3, 0, 0xA4, 0, 0xB0, 0, 1, 0, 0, 0, 2, 1, 0, 0, 0xA0, X_, 0, "then client 1"},
      {3, 0, 0xA4, 0, 0xB4, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0xB0, X_, 0, "then client 0"},
      {3, 0, 0xA8, 0, 0xB4, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0xA4, X_, 0, "client 1; memory stalls"},
      {3, 0, 0xA8, 0, 0xB8, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0xA4, X_, 0, "stage full: nobody"},
      {3, 0, 0xA8, 0, 0xB8, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0xA4, X_, 0, "popped: still nobody"},
      {3, 0, 0xA8, 0, 0xB8, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0xB4, X_, 0, "client 0 (its turn kept)"},
      {2, 0, 0, 0, 0xB8, 0, 1, 0, 0, 0, 2, 1, 0, 0, 0xA8, X_, 0, "client 1"},
      {1, 0, 0xAC, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0xB8, X_, 0, "only client 0: granted"},
      {1, 0, 0xB0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0xAC, X_, 0, "only client 0 again"},
      {0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0xB0, X_, 0, "drain"},
  };
  return RUN_D(test, s);
}

/* ---- read responses: routed by the client tag, same cycle; a tag >= N reaches nobody */
static int t_rsp(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  static const dstep s[] = {
      {0, 0, 0, 0, 0, 0, 1, 1, 0, 0x11111111, 0, 0, X_, X_, X_, X_, 1, "response for client 0"},
      {0, 0, 0, 0, 0, 0, 0, 0, 1, 0x22222222, 0, 0, X_, X_, X_, X_, 0, "no response"},
      {0, 0, 0, 0, 0, 0, 0, 1, 1, 0x33333333, 0, 0, X_, X_, X_, X_, N > 1 ? 2 : 0,
       N > 1 ? "response for client 1" : "tag 1 >= N: reaches no client"},
      {1, 0, 0x40, 0, 0, 0, 1, 1, 0, 0x44444444, 1, 0, X_, X_, X_, X_, 1,
       "a response and a new request in one cycle"},
  };
  return RUN_D(test, s);
}

static const kmu_test tests[] = {
    {"latency", t_latency, 0, 0}, {"full", t_full, 0, 0},         {"rr", t_rr, 0, 0},
    {"rsp", t_rsp, 0, 0},         {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_mem_port_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
