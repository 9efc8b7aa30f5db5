/* test_kmu_ekt.c - lockstep, scoreboard and directed tests of kmu_ekt (rtl/frontend/kmu_ekt.v).
 * Every expected value comes from docs/frontend-interfaces.md section 5, never from the model:
 * the random test keeps its own table of entries (valid, base/end/size, expected head, in-flight
 * count, kernel metadata) and its own queue of expected descriptors. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kmu_ekt.h"
#include "kmu_tb.h"

static const kmu_ekt_params params = {P_ENTRIES};
#define KMU_CUR_IN kmu_ekt_in
#define KMU_CUR_OUT kmu_ekt_out
KMU_BLOCK(kmu_ekt, KMU_EKT_IN, KMU_EKT_OUT, &params)

#define NE P_ENTRIES
#define ID_W (NE > 32 ? 6 : NE > 16 ? 5 : NE > 8 ? 4 : NE > 4 ? 3 : NE > 2 ? 2 : 1)
#define ALL_ENTRIES kmu_mask(NE)
/* from the spec/doc: handshake in cycle t -> reg_done_o in cycle t + 33 */
#define REG_LAT 33

/* spec codes */
enum { OK = 0, FULL = 1, ESIZE_ZERO = 2, MISALIGNED = 3, BAD_RANGE = 4, BAD_LENGTH = 5, BAD_KERNEL = 6 };
enum { U_OK = 0, U_NOT_REGISTERED = 1, U_BUSY = 2 };
enum { L_OK = 0, L_UNREGISTERED = 1, L_INFLIGHT = 2 };

/* a registration request */
typedef struct {
  uint32_t kptr, pbase, pend;
  uint16_t gx, gy, gz, tx, ty, tz, shmem, esize;
  uint8_t nregs, prio, maxinf;
} regf;

static void put_reg(kmu_ekt_in *i, const regf *r) {
  i->reg_kptr_i = r->kptr;
  i->reg_grid_x_i = r->gx;
  i->reg_grid_y_i = r->gy;
  i->reg_grid_z_i = r->gz;
  i->reg_tb_x_i = r->tx;
  i->reg_tb_y_i = r->ty;
  i->reg_tb_z_i = r->tz;
  i->reg_shmem_i = r->shmem;
  i->reg_nregs_i = r->nregs;
  i->reg_prio_i = r->prio;
  i->reg_pbase_i = r->pbase;
  i->reg_pend_i = r->pend;
  i->reg_esize_i = r->esize;
  i->reg_maxinf_i = r->maxinf;
}

static regf get_reg(const kmu_ekt_in *i) {
  regf r = {(uint32_t)i->reg_kptr_i, (uint32_t)i->reg_pbase_i, (uint32_t)i->reg_pend_i,
            (uint16_t)i->reg_grid_x_i, (uint16_t)i->reg_grid_y_i, (uint16_t)i->reg_grid_z_i,
            (uint16_t)i->reg_tb_x_i, (uint16_t)i->reg_tb_y_i, (uint16_t)i->reg_tb_z_i,
            (uint16_t)i->reg_shmem_i, (uint16_t)i->reg_esize_i, (uint8_t)i->reg_nregs_i,
            (uint8_t)i->reg_prio_i, (uint8_t)i->reg_maxinf_i};
  return r;
}

/* The registration checks of section 5, in order; `full` = no free entry. */
static unsigned spec_reg_code(const regf *r, int full) {
  if (full) return FULL;
  if (r->esize == 0) return ESIZE_ZERO;
  if ((r->pbase & 3) || (r->pend & 3) || (r->esize & 3)) return MISALIGNED;
  if (r->pend <= r->pbase) return BAD_RANGE;
  if ((r->pend - r->pbase) % r->esize) return BAD_LENGTH;
  if (!r->gx || !r->gy || !r->gz || !r->tx || !r->ty || !r->tz || !r->maxinf) return BAD_KERNEL;
  return OK;
}

static unsigned lowest_free(uint64_t valid) {
  for (unsigned e = 0; e < NE; e++)
    if (!((valid >> e) & 1)) return e;
  return 0;
}

/* ======================================================================== random lockstep */
typedef struct {
  uint32_t id, param;
  regf r; /* kernel metadata of the launched entry */
} exp_desc;

typedef struct {
  kmu_rng rng;
  const char *test;
  /* traffic mix of this seed */
  unsigned reg_pct, unreg_pct, launch_pct, dready_pct, cpl_pct, spur_pct, good_pct;
  /* phases: busy (launches flow) and drain (no launches, completions catch up, so entries
   * can be unregistered and the table turns over) */
  unsigned busy_len, drain_len;
  /* scoreboard: the table as the spec says it must be */
  uint64_t valid;
  regf ent[NE];
  uint32_t head[NE];
  unsigned inflight[NE], outstanding[NE]; /* outstanding: delivered, not yet completed */
  int reg_busy;
  uint64_t reg_hs;
  regf reg_req;
  exp_desc q[4];
  unsigned qh, qn;
  /* counters */
  uint64_t launch_ok, launch_err[3], delivered, cpl_ok, cpl_err, reg_codes[7], unreg_codes[3];
} rnd_ctx;

static regf rnd_reg(rnd_ctx *x) {
  kmu_rng *g = &x->rng;
  regf r;
  r.kptr = (uint32_t)kmu_rng_bits(g, 32);
  r.gx = (uint16_t)(1 + kmu_rng_below(g, 0xffff));
  r.gy = (uint16_t)(1 + kmu_rng_below(g, 0xffff));
  r.gz = (uint16_t)(1 + kmu_rng_below(g, 0xffff));
  r.tx = (uint16_t)(1 + kmu_rng_below(g, 0xffff));
  r.ty = (uint16_t)(1 + kmu_rng_below(g, 0xffff));
  r.tz = (uint16_t)(1 + kmu_rng_below(g, 0xffff));
  r.shmem = (uint16_t)kmu_rng_bits(g, 16);
  r.nregs = (uint8_t)kmu_rng_bits(g, 8);
  r.prio = (uint8_t)kmu_rng_bits(g, 2);
  r.maxinf = (uint8_t)(kmu_rng_pct(g, 80) ? 1 + kmu_rng_below(g, 4) : 1 + kmu_rng_below(g, 255));
  /* a well-formed circular buffer of n entries */
  uint64_t n = 1 + kmu_rng_below(g, kmu_rng_pct(g, 80) ? 6 : 4000);
  r.esize = (uint16_t)(kmu_rng_pct(g, 70) ? 4 * (1 + kmu_rng_below(g, 16))
                                          : (kmu_rng_bits(g, 16) & ~3u) | 4u);
  uint64_t len = n * r.esize;
  if (kmu_rng_pct(g, 10)) /* right below the top of the 32-bit space */
    r.pbase = (uint32_t)(0xfffffffcull - len - 4 * kmu_rng_below(g, 4));
  else
    r.pbase = (uint32_t)(kmu_rng_bits(g, 30) << 2) & 0x7ffffffcu;
  r.pend = (uint32_t)(r.pbase + len);
  if (kmu_rng_pct(g, x->good_pct)) return r;
  /* malformed, one flavour (several checks may fail: the first one wins) */
  switch (kmu_rng_below(g, 8)) {
    case 0: r.esize = 0; break;
    case 1:
      if (kmu_rng_pct(g, 50)) r.pbase += 1 + (uint32_t)kmu_rng_below(g, 3);
      else if (kmu_rng_pct(g, 50)) r.pend += 1 + (uint32_t)kmu_rng_below(g, 3);
      else r.esize += 1 + (uint16_t)kmu_rng_below(g, 3);
      break;
    case 2: r.pend = r.pbase - 4 * (uint32_t)kmu_rng_below(g, 3); break;
    case 3: r.pend += 4; r.esize = r.esize < 8 ? 8 : r.esize; break;
    case 4:
      switch (kmu_rng_below(g, 7)) {
        case 0: r.gx = 0; break;
        case 1: r.gy = 0; break;
        case 2: r.gz = 0; break;
        case 3: r.tx = 0; break;
        case 4: r.ty = 0; break;
        case 5: r.tz = 0; break;
        default: r.maxinf = 0; break;
      }
      break;
    case 5: /* anything */
      r.pbase = (uint32_t)kmu_rng_bits(g, 32);
      r.pend = (uint32_t)kmu_rng_bits(g, 32);
      r.esize = (uint16_t)kmu_rng_bits(g, 16);
      break;
    case 6: /* aligned, arbitrary length and size: exercises the remainder unit */
      r.pbase = (uint32_t)kmu_rng_bits(g, 32) & ~3u;
      r.pend = (uint32_t)kmu_rng_bits(g, 32) & ~3u;
      r.esize = (uint16_t)(kmu_rng_bits(g, 16) & ~3u);
      break;
    default: /* an exact multiple of a large size: length check passes */
      r.esize = (uint16_t)((kmu_rng_bits(g, 16) & ~3u) | 4u);
      r.pbase = (uint32_t)kmu_rng_bits(g, 16) << 2;
      r.pend = r.pbase + r.esize * (uint32_t)(1 + kmu_rng_below(g, 60000));
      break;
  }
  return r;
}

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  memset(x, 0, sizeof *x);
  x->test = t;
  kmu_rng_seed(&x->rng, seed);
  kmu_rng *g = &x->rng;
  x->reg_pct = 1 + (unsigned)kmu_rng_below(g, 20);
  x->unreg_pct = 1 + (unsigned)kmu_rng_below(g, 6);
  x->launch_pct = 10 + (unsigned)kmu_rng_below(g, 91);
  x->dready_pct = 10 + (unsigned)kmu_rng_below(g, 91);
  x->cpl_pct = 5 + (unsigned)kmu_rng_below(g, 60);
  x->spur_pct = 1 + (unsigned)kmu_rng_below(g, 5);
  x->good_pct = 30 + (unsigned)kmu_rng_below(g, 60);
  x->busy_len = 200 + (unsigned)kmu_rng_below(g, 5000);
  x->drain_len = 100 + (unsigned)kmu_rng_below(g, 1000);
}

static unsigned pick_registered(rnd_ctx *x) {
  unsigned start = (unsigned)kmu_rng_below(&x->rng, NE);
  for (unsigned k = 0; k < NE; k++) {
    unsigned e = (start + k) % NE;
    if ((x->valid >> e) & 1) return e;
  }
  return start;
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  const kmu_ekt_in *p = pi;
  const kmu_ekt_out *o = po;
  kmu_ekt_in *i = in;
  kmu_rng *g = &x->rng;
  const int drain = cyc % (x->busy_len + x->drain_len) >= x->busy_len;
  /* a valid is held with its data until accepted */
  if (!(cyc > 0 && p->reg_valid_i && !o->reg_ready_o)) {
    i->reg_valid_i = kmu_rng_pct(g, x->reg_pct);
    regf r = rnd_reg(x);
    put_reg(i, &r);
  }
  if (!(cyc > 0 && p->launch_valid_i && !o->launch_ready_o)) {
    i->launch_valid_i = !drain && kmu_rng_pct(g, x->launch_pct);
    i->launch_id_i = kmu_rng_pct(g, 85) ? pick_registered(x) : kmu_rng_bits(g, ID_W);
  }
  i->desc_ready_i = kmu_rng_pct(g, x->dready_pct);
  i->unreg_valid_i = kmu_rng_pct(g, drain ? 4 * x->unreg_pct : x->unreg_pct);
  i->unreg_id_i = kmu_rng_pct(g, 70) ? pick_registered(x) : kmu_rng_bits(g, ID_W);
  /* completion of an event whose descriptor was delivered, or now and then a spurious one */
  i->cpl_valid_i = 0;
  i->cpl_id_i = kmu_rng_bits(g, ID_W);
  if (kmu_rng_pct(g, drain ? 80 : x->cpl_pct)) {
    unsigned start = (unsigned)kmu_rng_below(g, NE);
    for (unsigned k = 0; k < NE; k++) {
      unsigned e = (start + k) % NE;
      if (x->outstanding[e]) {
        i->cpl_valid_i = 1;
        i->cpl_id_i = e;
        break;
      }
    }
  }
  if (!i->cpl_valid_i && kmu_rng_pct(g, x->spur_pct)) i->cpl_valid_i = 1;
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_ekt_in *i = ip;
  const kmu_ekt_out *o = op;
  const char *t = x->test;
  int ok = 1;
  const unsigned lid = (unsigned)i->launch_id_i, cid = (unsigned)i->cpl_id_i;
  const unsigned uid = (unsigned)i->unreg_id_i;
  const int l_reg = lid < NE && ((x->valid >> lid) & 1);
  const int c_reg = cid < NE && ((x->valid >> cid) & 1);
  const int u_reg = uid < NE && ((x->valid >> uid) & 1);

  /* ---- expectations from the state before this edge ---- */
  ok &= KMU_EXPECT_EQ(t, cyc, "valid_o = registered entries", x->valid, o->valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_ready_o = no registration in progress", !x->reg_busy,
                      o->reg_ready_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_busy_o", x->reg_busy, o->reg_busy_o);
  int done = x->reg_busy && cyc == x->reg_hs + REG_LAT;
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_done_o 33 cycles after the handshake", done, o->reg_done_o);
  unsigned rcode = 0, rid = 0;
  if (done) {
    rcode = spec_reg_code(&x->reg_req, x->valid == ALL_ENTRIES);
    rid = rcode == OK ? lowest_free(x->valid) : 0;
    ok &= KMU_EXPECT_EQ(t, cyc, "reg_code_o", rcode, o->reg_code_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "reg_id_o (lowest free entry)", rid, o->reg_id_o);
  }
  const int dvalid = x->qn > 0;
  ok &= KMU_EXPECT_EQ(t, cyc, "desc_valid_o = a launched descriptor waits", dvalid,
                      o->desc_valid_o);
  if (dvalid && o->desc_valid_o) { /* checked every cycle: held stable while stalled */
    const exp_desc *e = &x->q[x->qh];
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_id_o", e->id, o->desc_id_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_param_o (expected head)", e->param, o->desc_param_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_kptr_o", e->r.kptr, o->desc_kptr_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_grid_x_o", e->r.gx, o->desc_grid_x_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_grid_y_o", e->r.gy, o->desc_grid_y_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_grid_z_o", e->r.gz, o->desc_grid_z_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_tb_x_o", e->r.tx, o->desc_tb_x_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_tb_y_o", e->r.ty, o->desc_tb_y_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_tb_z_o", e->r.tz, o->desc_tb_z_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_shmem_o", e->r.shmem, o->desc_shmem_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_nregs_o", e->r.nregs, o->desc_nregs_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "desc_prio_o", e->r.prio, o->desc_prio_o);
  }
  const int lready = !dvalid || i->desc_ready_i;
  ok &= KMU_EXPECT_EQ(t, cyc, "launch_ready_o = !desc_valid || desc_ready", lready,
                      o->launch_ready_o);
  const int lfire = i->launch_valid_i && lready;
  unsigned lerr = !l_reg ? L_UNREGISTERED
                         : x->inflight[lid] >= x->ent[lid].maxinf ? L_INFLIGHT : L_OK;
  if (i->launch_valid_i) ok &= KMU_EXPECT_EQ(t, cyc, "launch_err_o", lerr, o->launch_err_o);
  const int lok = lfire && lerr == L_OK;
  const int cerr = !c_reg || x->inflight[cid] == 0;
  if (i->cpl_valid_i) ok &= KMU_EXPECT_EQ(t, cyc, "cpl_err_o", cerr, o->cpl_err_o);
  const unsigned ucode =
      !u_reg ? U_NOT_REGISTERED : (x->inflight[uid] || (lok && lid == uid)) ? U_BUSY : U_OK;
  if (i->unreg_valid_i) ok &= KMU_EXPECT_EQ(t, cyc, "unreg_code_o", ucode, o->unreg_code_o);

  /* ---- the edge ---- */
  if (dvalid && i->desc_ready_i) { /* a descriptor left */
    unsigned e = x->q[x->qh].id;
    x->outstanding[e]++;
    x->qh = (x->qh + 1) % 4;
    x->qn--;
    x->delivered++;
  }
  if (lfire) x->launch_err[lerr]++;
  if (lok) {
    exp_desc *d = &x->q[(x->qh + x->qn++) % 4];
    d->id = lid;
    d->param = x->head[lid];
    d->r = x->ent[lid];
    /* head advances by the entry size and wraps to base when head + size >= end */
    uint64_t nx = (uint64_t)x->head[lid] + x->ent[lid].esize;
    x->head[lid] = nx >= x->ent[lid].pend ? x->ent[lid].pbase : (uint32_t)nx;
    x->inflight[lid]++;
    x->launch_ok++;
    ok &= kmu_expect(x->qn <= 1, t, cyc, "at most one descriptor waits", 1, x->qn);
  }
  if (i->cpl_valid_i) {
    if (cerr) {
      x->cpl_err++;
    } else {
      x->inflight[cid]--;
      if (x->outstanding[cid]) x->outstanding[cid]--;
      x->cpl_ok++;
    }
  }
  if (i->unreg_valid_i) {
    x->unreg_codes[ucode]++;
    if (ucode == U_OK) {
      x->valid &= ~(1ull << uid);
      x->outstanding[uid] = 0; /* their credits came back through spurious completions */
    }
  }
  if (done) {
    x->reg_codes[rcode]++;
    x->reg_busy = 0;
    if (rcode == OK) {
      x->valid |= 1ull << rid;
      x->ent[rid] = x->reg_req;
      x->head[rid] = x->reg_req.pbase;
      x->inflight[rid] = 0;
    }
  }
  if (i->reg_valid_i && !x->reg_busy && o->reg_ready_o) {
    x->reg_busy = 1;
    x->reg_hs = cyc;
    x->reg_req = get_reg(i);
  }
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  /* conservation: every OK launch gave exactly one descriptor (delivered or still waiting) */
  ok &= KMU_EXPECT_EQ(t, 0, "OK launches == descriptors delivered + waiting", x->launch_ok,
                      x->delivered + x->qn);
  /* credits: every OK launch took one, every OK completion returned one */
  uint64_t inflight = 0;
  for (unsigned e = 0; e < NE; e++) inflight += x->inflight[e];
  ok &= KMU_EXPECT_EQ(t, 0, "in flight == OK launches - OK completions", x->launch_ok - x->cpl_ok,
                      inflight);
  /* the run exercised the block */
  ok &= kmu_expect(x->reg_codes[OK] > 0, t, 0, "some registration OK", 1, x->reg_codes[OK]);
  ok &= kmu_expect(x->launch_ok > 0, t, 0, "some launch OK", 1, x->launch_ok);
  ok &= kmu_expect(x->delivered > 0, t, 0, "some descriptor delivered", 1, x->delivered);
  ok &= kmu_expect(x->cpl_ok > 0, t, 0, "some completion OK", 1, x->cpl_ok);
  ok &= kmu_expect(x->launch_err[L_UNREGISTERED] + x->launch_err[L_INFLIGHT] > 0, t, 0,
                   "some launch refused", 1, 0);
  if (getenv("KMU_EKT_STATS"))
    printf("  stats: launch ok %llu unreg %llu inflight %llu, cpl ok %llu err %llu, reg codes "
           "%llu %llu %llu %llu %llu %llu %llu, unreg %llu %llu %llu\n",
           (unsigned long long)x->launch_ok, (unsigned long long)x->launch_err[1],
           (unsigned long long)x->launch_err[2], (unsigned long long)x->cpl_ok,
           (unsigned long long)x->cpl_err, (unsigned long long)x->reg_codes[0],
           (unsigned long long)x->reg_codes[1], (unsigned long long)x->reg_codes[2],
           (unsigned long long)x->reg_codes[3], (unsigned long long)x->reg_codes[4],
           (unsigned long long)x->reg_codes[5], (unsigned long long)x->reg_codes[6],
           (unsigned long long)x->unreg_codes[0], (unsigned long long)x->unreg_codes[1],
           (unsigned long long)x->unreg_codes[2]);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  static rnd_ctx x;
  x.test = test;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep_mid_reset(&kmu_ekt_block, &s, test, seed, cycles);
}

/* ======================================================================== directed */
/* A directed test is a program of steps.  A step is one cycle's inputs and the outputs the
 * spec requires in that cycle; a `wait_done` step repeats its inputs until reg_done_o, checks
 * that registration is busy meanwhile and that reg_done_o came REG_LAT cycles after the
 * handshake, then checks its expectations. */
#define MAX_STEPS 1024
#define MAX_EXP 16
typedef kmu_dexp dexp;
typedef struct {
  kmu_ekt_in in;
  int wait_done;
  unsigned n_exp;
  dexp exp[MAX_EXP];
  const char *what;
} dstep;
typedef struct {
  const char *test;
  dstep s[MAX_STEPS];
  unsigned n, pc, waited;
  uint64_t hs_cycle;
} dprog;

static dstep *st(dprog *p, const char *what) {
  if (p->n >= MAX_STEPS) {
    fprintf(stderr, "directed program too long\n");
    exit(2);
  }
  dstep *s = &p->s[p->n++];
  memset(s, 0, sizeof *s);
  s->in.desc_ready_i = 1;
  s->what = what;
  return s;
}
static void dexp_add(dstep *s, const char *name, size_t off, uint64_t v) {
  kmu_dexp_add(s->exp, &s->n_exp, MAX_EXP, name, off, v);
}
#define EXP(s, f, v) dexp_add((s), #f, offsetof(kmu_ekt_out, f), (uint64_t)(v))


static void d_init(void *c, uint64_t seed) {
  dprog *p = c;
  (void)seed;
  p->pc = 0;
  p->waited = 0;
  p->hs_cycle = 0;
}

static int d_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  dprog *p = c;
  (void)cyc, (void)pi, (void)po;
  if (p->pc >= p->n) return 0;
  *(kmu_ekt_in *)in = p->s[p->pc].in;
  return 1;
}

static int d_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  dprog *p = c;
  const kmu_ekt_in *i = ip;
  const kmu_ekt_out *o = op;
  const dstep *s = &p->s[p->pc];
  char what[160];
  int ok = 1;
  if (i->reg_valid_i && o->reg_ready_o) p->hs_cycle = cyc;
  if (s->wait_done && !o->reg_done_o) {
    snprintf(what, sizeof what, "[%s] reg_ready_o low while registering", s->what);
    ok &= KMU_EXPECT_EQ(p->test, cyc, what, 0, o->reg_ready_o);
    snprintf(what, sizeof what, "[%s] reg_busy_o while registering", s->what);
    ok &= KMU_EXPECT_EQ(p->test, cyc, what, 1, o->reg_busy_o);
    if (++p->waited > 2 * REG_LAT)
      return kmu_expect(0, p->test, cyc, "reg_done_o never came", 1, 0);
  } else {
    if (s->wait_done) {
      snprintf(what, sizeof what, "[%s] registration latency (cycles)", s->what);
      ok &= KMU_EXPECT_EQ(p->test, cyc, what, REG_LAT, cyc - p->hs_cycle);
    }
    ok &= kmu_dexp_check(p->test, cyc, s->what, s->exp, s->n_exp, o);
    p->pc++;
    p->waited = 0;
  }
  return ok;
}

static int d_finish(void *c) {
  dprog *p = c;
  return KMU_EXPECT_EQ(p->test, 0, "directed program ran to its end", p->n, p->pc);
}

static int d_run(dprog *p) {
  kmu_stim s = {p, d_init, d_drive, d_check, d_finish};
  return kmu_lockstep(&kmu_ekt_block, &s, p->test, 1, 1000000);
}

/* a well-formed registration: kernel k, 4 entries of 16 bytes at 0x10000 + k * 0x1000 */
static regf good(unsigned k) {
  regf r = {0xc0de0000u + k * 0x40u, 0x10000u + k * 0x1000u, 0x10000u + k * 0x1000u + 64u,
            4, 2, 1, 32, 1, 1, 256, 16, 16, (uint8_t)(k & 3), 2};
  return r;
}

/* registration handshake, then its result */
static void p_reg(dprog *p, const regf *r, unsigned code, unsigned id, const char *what) {
  dstep *s = st(p, what);
  s->in.reg_valid_i = 1;
  put_reg(&s->in, r);
  EXP(s, reg_ready_o, 1);
  EXP(s, reg_busy_o, 0);
  s = st(p, what);
  s->wait_done = 1;
  EXP(s, reg_done_o, 1);
  EXP(s, reg_code_o, code);
  EXP(s, reg_id_o, id);
}
static dstep *p_launch(dprog *p, unsigned id, unsigned err, const char *what) {
  dstep *s = st(p, what);
  s->in.launch_valid_i = 1;
  s->in.launch_id_i = id;
  EXP(s, launch_ready_o, 1);
  EXP(s, launch_err_o, err);
  return s;
}
static dstep *p_unreg(dprog *p, unsigned id, unsigned code, const char *what) {
  dstep *s = st(p, what);
  s->in.unreg_valid_i = 1;
  s->in.unreg_id_i = id;
  EXP(s, unreg_code_o, code);
  return s;
}
static dstep *p_cpl(dprog *p, unsigned id, unsigned err, const char *what) {
  dstep *s = st(p, what);
  s->in.cpl_valid_i = 1;
  s->in.cpl_id_i = id;
  EXP(s, cpl_err_o, err);
  return s;
}
static void exp_desc_of(dstep *s, unsigned id, uint32_t param, const regf *r) {
  EXP(s, desc_valid_o, 1);
  EXP(s, desc_id_o, id);
  EXP(s, desc_param_o, param);
  EXP(s, desc_kptr_o, r->kptr);
  EXP(s, desc_grid_x_o, r->gx);
  EXP(s, desc_grid_y_o, r->gy);
  EXP(s, desc_grid_z_o, r->gz);
  EXP(s, desc_tb_x_o, r->tx);
  EXP(s, desc_tb_y_o, r->ty);
  EXP(s, desc_tb_z_o, r->tz);
  EXP(s, desc_shmem_o, r->shmem);
  EXP(s, desc_nregs_o, r->nregs);
  EXP(s, desc_prio_o, r->prio);
}
static dstep *p_idle(dprog *p, const char *what) { return st(p, what); }

static dprog prog;
#define PROG(test_name) \
  dprog *p = &prog;     \
  memset(p, 0, sizeof *p); \
  p->test = (test_name)

/* every registration refusal code, first failing check wins */
static int t_reg_codes(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  regf r;
  r = good(0), r.esize = 0, r.pbase += 2;
  p_reg(p, &r, ESIZE_ZERO, 0, "esize 0 (and misaligned base): ESIZE_ZERO");
  r = good(0), r.pbase += 2;
  p_reg(p, &r, MISALIGNED, 0, "base % 4 = 2: MISALIGNED");
  r = good(0), r.pend += 1;
  p_reg(p, &r, MISALIGNED, 0, "end % 4 = 1: MISALIGNED");
  r = good(0), r.esize = 6;
  p_reg(p, &r, MISALIGNED, 0, "esize 6: MISALIGNED");
  r = good(0), r.pbase += 3, r.pend = 0;
  p_reg(p, &r, MISALIGNED, 0, "misaligned and end < base: MISALIGNED");
  r = good(0), r.pend = r.pbase;
  p_reg(p, &r, BAD_RANGE, 0, "end == base: BAD_RANGE");
  r = good(0), r.pend = r.pbase - 16;
  p_reg(p, &r, BAD_RANGE, 0, "end < base: BAD_RANGE");
  r = good(0), r.pend = r.pbase + 68;
  p_reg(p, &r, BAD_LENGTH, 0, "68 bytes of 16-byte entries: BAD_LENGTH");
  r = good(0), r.esize = 12;
  p_reg(p, &r, BAD_LENGTH, 0, "64 bytes of 12-byte entries: BAD_LENGTH");
  r = good(0), r.pend = r.pbase + 0x7fffff04u, r.esize = 0xfffc;
  p_reg(p, &r, BAD_LENGTH, 0, "0x7fffff04 % 0xfffc = 0x8100: BAD_LENGTH");
  r = good(0), r.pend = r.pbase + 68, r.gx = 0;
  p_reg(p, &r, BAD_LENGTH, 0, "bad length and zero grid x: BAD_LENGTH");
  const char *kn[7] = {"grid x 0: BAD_KERNEL", "grid y 0: BAD_KERNEL", "grid z 0: BAD_KERNEL",
                       "TB x 0: BAD_KERNEL",   "TB y 0: BAD_KERNEL",   "TB z 0: BAD_KERNEL",
                       "max in-flight 0: BAD_KERNEL"};
  for (unsigned k = 0; k < 7; k++) {
    r = good(0);
    uint16_t *dims[6] = {&r.gx, &r.gy, &r.gz, &r.tx, &r.ty, &r.tz};
    if (k < 6) *dims[k] = 0;
    else r.maxinf = 0;
    p_reg(p, &r, BAD_KERNEL, 0, kn[k]);
  }
  dstep *s = p_idle(p, "no refusal registered anything");
  EXP(s, valid_o, 0);
  r = good(0), r.pbase = 0, r.pend = 0xfffffffcu, r.esize = 4;
  p_reg(p, &r, OK, 0, "the whole 32-bit space of 4-byte entries: OK, entry 0");
  r = good(1), r.pbase = 0x100, r.pend = 0x100 + 0xfffcu * 3, r.esize = 0xfffc;
  p_reg(p, &r, NE > 1 ? OK : FULL, 0 + (NE > 1), "3 entries of 0xfffc bytes: OK, entry 1");
  s = p_idle(p, "both registered");
  EXP(s, valid_o, NE > 1 ? 3 : 1);
  return d_run(p);
}

/* FULL after ENTRIES registrations; an unregister frees the lowest entry for the next one */
static int t_full(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  for (unsigned k = 0; k < NE; k++) {
    regf r = good(k);
    p_reg(p, &r, OK, k, "fill: OK, entries in order");
  }
  dstep *s = p_idle(p, "table full");
  EXP(s, valid_o, ALL_ENTRIES);
  regf r = good(99);
  p_reg(p, &r, FULL, 0, "one more: FULL");
  r.esize = 0;
  p_reg(p, &r, FULL, 0, "full and esize 0: FULL wins");
  unsigned victim = NE > 2 ? 2 : NE - 1;
  p_unreg(p, victim, U_OK, "free one entry");
  s = p_idle(p, "entry freed");
  EXP(s, valid_o, ALL_ENTRIES & ~(1ull << victim));
  r = good(7);
  p_reg(p, &r, OK, victim, "registration takes the freed entry");
  s = p_launch(p, victim, L_OK, "launch the new kernel in the freed entry");
  s = p_idle(p, "its descriptor carries the new metadata");
  exp_desc_of(s, victim, r.pbase, &r);
  return d_run(p);
}

/* unregister: NOT_REGISTERED, BUSY while in flight, OK after the completion */
static int t_unreg(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_unreg(p, 0, U_NOT_REGISTERED, "nothing registered: NOT_REGISTERED");
  if (NE < (1u << ID_W)) p_unreg(p, NE, U_NOT_REGISTERED, "id >= ENTRIES: NOT_REGISTERED");
  regf r = good(0);
  p_reg(p, &r, OK, 0, "register entry 0");
  p_launch(p, 0, L_OK, "launch 0");
  p_unreg(p, 0, U_BUSY, "one event in flight: BUSY");
  dstep *s = p_cpl(p, 0, 0, "its completion");
  EXP(s, valid_o, 1);
  s = p_unreg(p, 0, U_OK, "nothing in flight: OK");
  EXP(s, valid_o, 1);
  s = p_unreg(p, 0, U_NOT_REGISTERED, "freed at the edge: NOT_REGISTERED");
  EXP(s, valid_o, 0);
  return d_run(p);
}

/* launch of an unregistered entry, including the entry a registration allocates that cycle */
static int t_launch_unreg(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_launch(p, 0, L_UNREGISTERED, "nothing registered: UNREGISTERED");
  dstep *s = p_idle(p, "no descriptor");
  EXP(s, desc_valid_o, 0);
  EXP(s, launch_ready_o, 1);
  if (NE < (1u << ID_W)) {
    p_launch(p, NE, L_UNREGISTERED, "id >= ENTRIES: UNREGISTERED");
    s = p_idle(p, "no descriptor");
    EXP(s, desc_valid_o, 0);
  }
  regf r = good(0);
  s = st(p, "register entry 0");
  s->in.reg_valid_i = 1;
  put_reg(&s->in, &r);
  EXP(s, reg_ready_o, 1);
  /* launch 0 every cycle of the registration, the done cycle included */
  s = st(p, "launches while registering: UNREGISTERED, also in the reg_done_o cycle");
  s->wait_done = 1;
  s->in.launch_valid_i = 1;
  s->in.launch_id_i = 0;
  EXP(s, reg_done_o, 1);
  EXP(s, reg_code_o, OK);
  EXP(s, reg_id_o, 0);
  EXP(s, launch_err_o, L_UNREGISTERED);
  EXP(s, valid_o, 0);
  s = p_idle(p, "no descriptor from the refused launch");
  EXP(s, desc_valid_o, 0);
  EXP(s, valid_o, 1);
  p_launch(p, 0, L_OK, "registered now: OK");
  s = p_idle(p, "descriptor");
  exp_desc_of(s, 0, r.pbase, &r);
  return d_run(p);
}

/* in-flight limit, credit return, spurious completions */
static int t_inflight(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  regf r = good(0); /* maxinf 2 */
  p_reg(p, &r, OK, 0, "register, max in flight 2");
  p_launch(p, 0, L_OK, "launch 1 of 2");
  dstep *s = p_launch(p, 0, L_OK, "launch 2 of 2");
  exp_desc_of(s, 0, r.pbase, &r);
  s = p_launch(p, 0, L_INFLIGHT, "third: INFLIGHT");
  exp_desc_of(s, 0, r.pbase + 16, &r);
  s = p_idle(p, "no descriptor for the refused launch");
  EXP(s, desc_valid_o, 0);
  p_cpl(p, 0, 0, "credit returned");
  p_launch(p, 0, L_OK, "a launch fits again");
  s = p_launch(p, 0, L_INFLIGHT, "and the limit holds again");
  exp_desc_of(s, 0, r.pbase + 32, &r);
  p_cpl(p, 0, 0, "completion 1");
  p_cpl(p, 0, 0, "completion 2");
  p_cpl(p, 0, 1, "completion with nothing in flight: error");
  p_launch(p, 0, L_OK, "count did not underflow: launch 1 of 2");
  p_launch(p, 0, L_OK, "launch 2 of 2");
  p_launch(p, 0, L_INFLIGHT, "INFLIGHT");
  return d_run(p);
}

/* spurious completions change nothing */
static int t_spurious(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_cpl(p, 0, 1, "completion of an unregistered entry: error");
  if (NE < (1u << ID_W)) p_cpl(p, NE, 1, "completion of id >= ENTRIES: error");
  regf r = good(0);
  r.maxinf = 1;
  p_reg(p, &r, OK, 0, "register, max in flight 1");
  p_cpl(p, 0, 1, "nothing in flight: error");
  p_unreg(p, 0, U_OK, "count still 0: unregister OK");
  p_reg(p, &r, OK, 0, "register again");
  p_cpl(p, 0, 1, "nothing in flight: error");
  p_launch(p, 0, L_OK, "count still 0: launch OK");
  p_launch(p, 0, L_INFLIGHT, "count 1 = max: INFLIGHT");
  p_cpl(p, 0, 0, "real completion");
  p_cpl(p, 0, 1, "second completion: error");
  p_launch(p, 0, L_OK, "count 0: launch OK");
  return d_run(p);
}

/* head wrap-around: 3 entries of 16 bytes at B give B, B+16, B+32, B, ... */
static int t_wrap(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  regf r = good(5);
  r.pend = r.pbase + 48;
  r.maxinf = 255;
  p_reg(p, &r, OK, 0, "3-entry buffer");
  const uint32_t seq[7] = {r.pbase, r.pbase + 16, r.pbase + 32, r.pbase,
                           r.pbase + 16, r.pbase + 32, r.pbase};
  for (unsigned k = 0; k < 7; k++) {
    p_launch(p, 0, L_OK, "launch");
    dstep *s = p_idle(p, "descriptor with the head, wrapping to base at end");
    exp_desc_of(s, 0, seq[k], &r);
  }
  /* a one-entry buffer always hands out base */
  regf r1 = good(6);
  r1.pend = r1.pbase + 16;
  r1.maxinf = 255;
  p_reg(p, &r1, NE > 1 ? OK : FULL, NE > 1 ? 1 : 0, "1-entry buffer");
  for (unsigned k = 0; k < 3 && NE > 1; k++) {
    p_launch(p, 1, L_OK, "launch");
    dstep *s = p_idle(p, "one entry: always base");
    exp_desc_of(s, 1, r1.pbase, &r1);
  }
  return d_run(p);
}

/* same cycle, same entry: launch + unregister; launch + completion */
static int t_same_cycle(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  regf r = good(0);
  r.maxinf = 1;
  p_reg(p, &r, OK, 0, "register, max in flight 1");
  dstep *s = p_launch(p, 0, L_OK, "launch + unregister: the launch proceeds");
  s->in.unreg_valid_i = 1;
  s->in.unreg_id_i = 0;
  EXP(s, unreg_code_o, U_BUSY);
  s = p_idle(p, "entry still registered, descriptor out");
  EXP(s, valid_o, 1);
  exp_desc_of(s, 0, r.pbase, &r);
  s = p_launch(p, 0, L_INFLIGHT, "launch + completion at the limit: INFLIGHT (count before)");
  s->in.cpl_valid_i = 1;
  s->in.cpl_id_i = 0;
  EXP(s, cpl_err_o, 0);
  s = p_idle(p, "no descriptor for the refused launch");
  EXP(s, desc_valid_o, 0);
  s = p_launch(p, 0, L_OK, "count 0 now: launch + completion -> launch OK, completion error");
  s->in.cpl_valid_i = 1;
  s->in.cpl_id_i = 0;
  EXP(s, cpl_err_o, 1);
  s = p_launch(p, 0, L_INFLIGHT, "count 1 = max: INFLIGHT");
  exp_desc_of(s, 0, r.pbase + 16, &r);
  p_cpl(p, 0, 0, "count back to 0");
  p_unreg(p, 0, U_OK, "unregister");
  r = good(1); /* maxinf 2 */
  p_reg(p, &r, OK, 0, "register, max in flight 2");
  p_launch(p, 0, L_OK, "count 0 -> 1");
  s = p_launch(p, 0, L_OK, "launch + completion below the limit: both OK, count stays 1");
  s->in.cpl_valid_i = 1;
  s->in.cpl_id_i = 0;
  EXP(s, cpl_err_o, 0);
  p_launch(p, 0, L_OK, "count 1 -> 2");
  p_launch(p, 0, L_INFLIGHT, "count 2 = max: INFLIGHT");
  s = p_unreg(p, 0, U_BUSY, "unregister with events in flight: BUSY");
  s->in.cpl_valid_i = 1; /* a completion in the same cycle does not help */
  s->in.cpl_id_i = 0;
  EXP(s, cpl_err_o, 0);
  p_cpl(p, 0, 0, "last completion");
  p_unreg(p, 0, U_OK, "now OK");
  return d_run(p);
}

/* one launch per cycle with desc_ready = 1; the descriptor is valid the cycle after */
static int t_sustained(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  regf r = good(3);
  r.esize = 4;
  r.pend = r.pbase + 20; /* 5 entries */
  r.maxinf = 255;
  p_reg(p, &r, OK, 0, "5 entries of 4 bytes");
  dstep *s = NULL;
  for (unsigned k = 0; k < 40; k++) {
    s = p_launch(p, 0, L_OK, "back-to-back launch");
    if (k == 0) EXP(s, desc_valid_o, 0);
    else exp_desc_of(s, 0, r.pbase + 4 * ((k - 1) % 5), &r);
  }
  s = p_idle(p, "last descriptor");
  exp_desc_of(s, 0, r.pbase + 4 * (39 % 5), &r);
  s = p_idle(p, "drained");
  EXP(s, desc_valid_o, 0);
  return d_run(p);
}

/* a stalled descriptor holds its fields and blocks launches */
static int t_desc_stall(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  regf r0 = good(0), r1 = good(1);
  r0.maxinf = r1.maxinf = 8;
  p_reg(p, &r0, OK, 0, "kernel 0");
  p_reg(p, &r1, NE > 1 ? OK : FULL, NE > 1 ? 1 : 0, "kernel 1");
  unsigned id1 = NE > 1 ? 1 : 0;
  const regf *k1 = NE > 1 ? &r1 : &r0;
  p_launch(p, 0, L_OK, "launch 0");
  for (unsigned k = 0; k < 5; k++) {
    dstep *s = st(p, "stalled: descriptor held, launch 1 waits");
    s->in.desc_ready_i = 0;
    s->in.launch_valid_i = 1;
    s->in.launch_id_i = id1;
    EXP(s, launch_ready_o, 0);
    exp_desc_of(s, 0, r0.pbase, &r0);
  }
  dstep *s = p_launch(p, id1, L_OK, "desc_ready: old one leaves, launch 1 accepted");
  exp_desc_of(s, 0, r0.pbase, &r0);
  s = st(p, "launch 1 descriptor, stalled");
  s->in.desc_ready_i = 0;
  exp_desc_of(s, id1, NE > 1 ? r1.pbase : r0.pbase + 16, k1);
  s = p_idle(p, "still launch 1 descriptor, taken");
  exp_desc_of(s, id1, NE > 1 ? r1.pbase : r0.pbase + 16, k1);
  s = p_idle(p, "empty");
  EXP(s, desc_valid_o, 0);
  return d_run(p);
}

static const kmu_test tests[] = {
    {"reg_codes", t_reg_codes, 0, 0},
    {"full", t_full, 0, 0},
    {"unreg", t_unreg, 0, 0},
    {"launch_unreg", t_launch_unreg, 0, 0},
    {"inflight", t_inflight, 0, 0},
    {"spurious", t_spurious, 0, 0},
    {"wrap", t_wrap, 0, 0},
    {"same_cycle", t_same_cycle, 0, 0},
    {"sustained", t_sustained, 0, 0},
    {"desc_stall", t_desc_stall, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_ekt_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
