/* test_kmu_sm_ctrl.c - lockstep, scoreboard and directed tests of kmu_sm_ctrl
 * (rtl/kmu/kmu_sm_ctrl.v).  Every expected value comes from docs/kmu-interfaces.md section 4
 * and docs/blocks/kmu_sm_ctrl.md, never from the model: the random test keeps its own table of
 * resident TBs (each with its own warp mask), its own queue of pending event warps, its own
 * queues of TBs waiting for the pipeline and of done reports, and derives every free count
 * from them (capacity minus the needs of the resident TBs). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kmu_sm_ctrl.h"
#include "kmu_tb.h"

static const kmu_sm_ctrl_params params = {P_TBS, P_WARPS, P_REGS, P_SHMEM, P_EWT};
#define KMU_CUR_IN kmu_sm_ctrl_in
#define KMU_CUR_OUT kmu_sm_ctrl_out
KMU_BLOCK(kmu_sm_ctrl, KMU_SM_CTRL_IN, KMU_SM_CTRL_OUT, &params)

#define NT P_TBS
#define NW P_WARPS
#define NR P_REGS
#define NS P_SHMEM
#define NE P_EWT
#define RTB_W (NT > 32 ? 6 : NT > 16 ? 5 : NT > 8 ? 4 : NT > 4 ? 3 : NT > 2 ? 2 : 1)
#define TB_MAXW (NW < 32 ? NW : 32) /* warps of the largest TB (1024 threads) */

static unsigned popc(uint64_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}
/* the n lowest zero bits of busy (of NW) */
static uint64_t lowest_free_warps(uint64_t busy, unsigned n) {
  uint64_t m = 0;
  for (unsigned w = 0; w < NW && n; w++)
    if (!((busy >> w) & 1)) m |= 1ull << w, n--;
  return m;
}
/* TB fields derived from the kernel slot, so offers can be checked in the directed tests */
static uint32_t tb_of(unsigned slot) { return 0x1000u + slot; }
static uint32_t kptr_of(unsigned slot) { return 0xc0de0000u + slot * 0x40u; }
static uint32_t param_of(unsigned slot) { return 0x50000u + slot * 0x10u; }

/* ======================================================================== random lockstep */
typedef struct {
  int valid, started, ewarp;
  unsigned slot, warps, regs, shmem;
  uint32_t tb, kptr, param;
  uint64_t wmask;
} sb_ent;
typedef struct {
  unsigned slot, regs;
  uint32_t tb, kptr, param;
} sb_ew;

typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t cycles;
  /* traffic mix of this seed */
  unsigned start_pct, ewarp_pct, over_pct, exact_pct, ready_pct, dready_pct, spur_pct;
  unsigned maxdelay, size_mode, busy_len, drain_len;
  /* scoreboard: the SM as the spec says it must be */
  sb_ent ent[NT];
  unsigned sq[NT], sqh, sqn;     /* resident entries waiting for the pipeline, oldest first */
  unsigned dq[NT], dqh, dqn;     /* done reports (kernel slots), finishing order */
  sb_ew ewq[NE];                 /* pending event warps, arrival order */
  unsigned ewh, ewn;
  /* the test-side pipeline: started entries and when they finish */
  int pipe[NT];
  uint64_t done_at[NT];
  /* counters */
  uint64_t acc_tb, acc_ew, ew_launch, offered, finished, reported, overflow, err_done;
  uint64_t ew_wait_cycles, fit_no, tb_as_ewarp, full_cycles[4];
} rnd_ctx;

typedef struct {
  unsigned ntb, warps, regs, shmem; /* resident entries and the sums of their needs */
  uint64_t busy, resident;
} sb_use;

static sb_use sb_usage(const rnd_ctx *x) {
  sb_use u = {0, 0, 0, 0, 0, 0};
  for (unsigned e = 0; e < NT; e++) {
    if (!x->ent[e].valid) continue;
    u.ntb++;
    u.warps += x->ent[e].warps;
    u.regs += x->ent[e].regs;
    u.shmem += x->ent[e].shmem;
    u.busy |= x->ent[e].wmask;
    u.resident |= 1ull << e;
  }
  return u;
}
/* free = capacity - resident needs; a TB entry is free again once its report has left */
static unsigned sb_free_tb(const rnd_ctx *x, const sb_use *u) { return NT - u->ntb - x->dqn; }
static int sb_fit(const rnd_ctx *x, const sb_use *u, unsigned w, unsigned r, unsigned s) {
  return x->ewn == 0 && sb_free_tb(x, u) > 0 && w != 0 && w <= NW - u->warps &&
         r <= NR - u->regs && s <= NS - u->shmem;
}
static int sb_ewt_fit(const rnd_ctx *x, unsigned r) { return x->ewn < NE && r <= NR; }

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  uint64_t cycles = x->cycles;
  memset(x, 0, sizeof *x);
  x->test = t;
  x->cycles = cycles;
  kmu_rng_seed(&x->rng, seed);
  kmu_rng *g = &x->rng;
  x->start_pct = 20 + (unsigned)kmu_rng_below(g, 81);
  x->ewarp_pct = 1 + (unsigned)kmu_rng_below(g, 12);
  x->over_pct = 1 + (unsigned)kmu_rng_below(g, 4);
  x->exact_pct = 2 + (unsigned)kmu_rng_below(g, 10);
  x->ready_pct = 10 + (unsigned)kmu_rng_below(g, 91);
  x->dready_pct = 5 + (unsigned)kmu_rng_below(g, 96);
  x->spur_pct = 1 + (unsigned)kmu_rng_below(g, 3);
  x->maxdelay = 1 + (unsigned)kmu_rng_below(g, kmu_rng_pct(g, 50) ? 30 : 300);
  x->busy_len = 500 + (unsigned)kmu_rng_below(g, 5000);
  x->drain_len = 50 + (unsigned)kmu_rng_below(g, 1000);
}

static unsigned rnd_range(kmu_rng *g, unsigned lo, unsigned hi) { /* [lo, hi] */
  return hi <= lo ? lo : lo + (unsigned)kmu_rng_below(g, (uint64_t)hi - lo + 1);
}

/* a TB request shaped by the seed's size mode (which resource runs out first) */
static void rnd_tb_needs(rnd_ctx *x, const sb_use *u, unsigned *w, unsigned *r, unsigned *s) {
  kmu_rng *g = &x->rng;
  switch (x->size_mode) {
    case 0: /* warps */
      *w = rnd_range(g, 1, TB_MAXW);
      *r = rnd_range(g, 0, NR / 16);
      *s = kmu_rng_pct(g, 50) ? 0 : rnd_range(g, 0, NS / 16);
      break;
    case 1: /* registers */
      *w = rnd_range(g, 1, 2);
      *r = rnd_range(g, NR / 8, NR / 2);
      *s = rnd_range(g, 0, NS / 32);
      break;
    case 2: /* shared memory */
      *w = rnd_range(g, 1, 2);
      *r = rnd_range(g, 0, NR / 32);
      *s = rnd_range(g, NS / 8, NS / 2);
      break;
    case 3: /* TB entries */
      *w = 1;
      *r = rnd_range(g, 0, 64);
      *s = kmu_rng_pct(g, 80) ? 0 : rnd_range(g, 0, 64);
      break;
    default: /* anything up to the whole SM */
      *w = rnd_range(g, 1, TB_MAXW);
      *r = rnd_range(g, 0, NR);
      *s = rnd_range(g, 0, NS);
      break;
  }
  if (kmu_rng_pct(g, x->exact_pct)) { /* exactly what is free in one dimension */
    switch (kmu_rng_below(g, 3)) {
      case 0: *w = NW - u->warps > 63 ? 63 : NW - u->warps; break;
      case 1: *r = NR - u->regs; break;
      default: *s = NS - u->shmem; break;
    }
  }
  if (*s > 0x1ffff) *s = 0x1ffff;
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  kmu_sm_ctrl_in *i = in;
  kmu_rng *g = &x->rng;
  (void)pi, (void)po;
  const int final = cyc + 4000 >= x->cycles; /* end of run: no new work, everything drains */
  const int drain = final || cyc % (x->busy_len + x->drain_len) >= x->busy_len;
  const sb_use u = sb_usage(x);
  memset(i, 0, sizeof *i);
  if (cyc % (x->busy_len + x->drain_len) == 0) /* each busy phase stresses one resource */
    x->size_mode = (unsigned)kmu_rng_below(g, 5);

  /* the dispatcher: a need every cycle, a start only when it fits (scoreboard = spec fit of
   * this cycle, compared with the model's fit_o in the same cycle) */
  unsigned w, r, s;
  const int ew = kmu_rng_pct(g, x->ewarp_pct);
  if (ew) {
    w = 1;
    s = 0;
    r = kmu_rng_pct(g, 80) ? rnd_range(g, 0, NR / 4) : rnd_range(g, 0, NR);
  } else {
    rnd_tb_needs(x, &u, &w, &r, &s);
  }
  i->need_warps_i = w;
  i->need_regs_i = r;
  i->need_shmem_i = s;
  i->need_ewarp_i = ew;
  if (kmu_rng_pct(g, 2)) i->need_warps_i = 0; /* a malformed need never fits */
  i->start_slot_i = kmu_rng_bits(g, 8);
  i->start_tb_i = kmu_rng_bits(g, 32);
  i->start_kptr_i = kmu_rng_bits(g, 32);
  i->start_param_i = kmu_rng_bits(g, 32);
  i->start_warps_i = i->need_warps_i;
  i->start_regs_i = r;
  i->start_shmem_i = s;
  if (!drain && kmu_rng_pct(g, x->start_pct)) {
    if (ew && sb_ewt_fit(x, r)) {
      i->start_valid_i = 1;
      i->start_ewarp_i = 1;
      if (kmu_rng_pct(g, 20)) { /* ignored fields of an event warp */
        i->start_warps_i = kmu_rng_bits(g, 6);
        i->start_shmem_i = kmu_rng_bits(g, 17);
      }
    } else if (sb_fit(x, &u, (unsigned)i->need_warps_i, r, s)) {
      i->start_valid_i = 1; /* a warp-level event with a full EWT may still go as a TB */
    }
  }
  if (!final && kmu_rng_pct(g, x->over_pct)) { /* a start that need not fit */
    i->start_valid_i = 1;
    i->start_ewarp_i = kmu_rng_pct(g, 30);
    i->start_warps_i = kmu_rng_pct(g, 50) ? kmu_rng_bits(g, 6) : rnd_range(g, 1, TB_MAXW);
    i->start_regs_i = kmu_rng_pct(g, 50) ? kmu_rng_bits(g, 18) : rnd_range(g, 0, NR + 2);
    i->start_shmem_i = kmu_rng_pct(g, 50) ? kmu_rng_bits(g, 17) : rnd_range(g, 0, NS + 2);
  }

  /* the pipeline: accepts offers at random, finishes started TBs after their delay */
  i->simt_start_ready_i = final || kmu_rng_pct(g, x->ready_pct);
  unsigned k0 = (unsigned)kmu_rng_below(g, NT);
  for (unsigned k = 0; k < NT; k++) {
    unsigned e = (k0 + k) % NT;
    if (x->pipe[e] && x->done_at[e] <= cyc && kmu_rng_pct(g, 80)) {
      i->simt_done_valid_i = 1;
      i->simt_done_rtb_i = e;
      break;
    }
  }
  if (!i->simt_done_valid_i && kmu_rng_pct(g, x->spur_pct)) { /* any entry, maybe wrong */
    i->simt_done_valid_i = 1;
    i->simt_done_rtb_i = kmu_rng_bits(g, RTB_W);
  }
  i->done_ready_i = final || kmu_rng_pct(g, x->dready_pct);
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_sm_ctrl_in *i = ip;
  const kmu_sm_ctrl_out *o = op;
  const char *t = x->test;
  kmu_rng *g = &x->rng;
  int ok = 1;
  const sb_use u = sb_usage(x);
  const unsigned ftb = sb_free_tb(x, &u);

  /* ---- accounting: free = capacity - resident needs, within [0, capacity] ---- */
  ok &= kmu_expect(u.ntb + x->dqn <= NT, t, cyc, "resident + reports waiting <= TBS", NT,
                   u.ntb + x->dqn);
  ok &= kmu_expect(u.warps <= NW, t, cyc, "resident warps <= WARPS", NW, u.warps);
  ok &= kmu_expect(u.regs <= NR, t, cyc, "resident registers <= REGS", NR, u.regs);
  ok &= kmu_expect(u.shmem <= NS, t, cyc, "resident shared memory <= SHMEM", NS, u.shmem);
  ok &= KMU_EXPECT_EQ(t, cyc, "free_tb_o = TBS - resident - reports waiting", ftb, o->free_tb_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "free_warps_o = WARPS - resident warps", NW - u.warps,
                      o->free_warps_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "free_regs_o = REGS - resident registers", NR - u.regs,
                      o->free_regs_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "free_shmem_o = SHMEM - resident shared memory", NS - u.shmem,
                      o->free_shmem_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "ewt_free_o = EWT - pending event warps", NE - x->ewn,
                      o->ewt_free_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "resident_o", u.resident, o->resident_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "busy_warps_o = union of resident warp masks", u.busy,
                      o->busy_warps_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "busy warps = resident warps (masks disjoint)", u.warps,
                      popc(o->busy_warps_o));

  /* ---- fit answers ---- */
  const int fit = sb_fit(x, &u, (unsigned)i->need_warps_i, (unsigned)i->need_regs_i,
                         (unsigned)i->need_shmem_i);
  ok &= KMU_EXPECT_EQ(t, cyc, "fit_o", fit, o->fit_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "ewt_fit_o",
                      i->need_ewarp_i && sb_ewt_fit(x, (unsigned)i->need_regs_i), o->ewt_fit_o);
  if (!fit) x->fit_no++;
  if (x->ewn) x->ew_wait_cycles++;
  if (ftb == 0) x->full_cycles[0]++;
  if (u.warps == NW) x->full_cycles[1]++;
  if (NR - u.regs < NR / 8) x->full_cycles[2]++;
  if (NS - u.shmem < NS / 8) x->full_cycles[3]++;

  /* ---- start ---- */
  const int s_ew = i->start_valid_i && i->start_ewarp_i;
  const int s_fit = s_ew ? sb_ewt_fit(x, (unsigned)i->start_regs_i)
                         : sb_fit(x, &u, (unsigned)i->start_warps_i, (unsigned)i->start_regs_i,
                                  (unsigned)i->start_shmem_i);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_overflow_o = a start that does not fit",
                      i->start_valid_i && !s_fit, o->err_overflow_o);
  const int tb_ok = i->start_valid_i && !i->start_ewarp_i && s_fit;
  const int ew_ok = s_ew && s_fit;
  if (i->start_valid_i && !s_fit) x->overflow++;
  /* an event warp never waits behind a TB */
  if (tb_ok) ok &= kmu_expect(x->ewn == 0, t, cyc, "no TB accepted while an event warp waits",
                              0, x->ewn);

  /* ---- the SIMT start offer: the oldest unstarted resident entry ---- */
  ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_valid_o = an unstarted resident TB", x->sqn > 0,
                      o->simt_start_valid_o);
  if (x->sqn && o->simt_start_valid_o) {
    const unsigned e = x->sq[x->sqh];
    const sb_ent *n = &x->ent[e];
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_rtb_o (oldest first)", e, o->simt_start_rtb_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_slot_o", n->slot, o->simt_start_slot_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_tb_o", n->tb, o->simt_start_tb_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_warps_o", n->warps, o->simt_start_warps_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_kptr_o", n->kptr, o->simt_start_kptr_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_param_o", n->param, o->simt_start_param_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_ewarp_o", n->ewarp, o->simt_start_ewarp_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_wmask_o (lowest free at allocation)", n->wmask,
                        o->simt_start_wmask_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "popcount(simt_start_wmask_o) = warps", n->warps,
                        popc(o->simt_start_wmask_o));
    ok &= KMU_EXPECT_EQ(t, cyc, "offered entry not started before", 0, n->started);
    for (unsigned f = 0; f < NT; f++)
      if (f != e && x->ent[f].valid)
        ok &= KMU_EXPECT_EQ(t, cyc, "offered warp mask disjoint from other resident TBs", 0,
                            o->simt_start_wmask_o & x->ent[f].wmask);
  }

  /* ---- SIMT done ---- */
  const unsigned dr = (unsigned)i->simt_done_rtb_i;
  const int d_ok = i->simt_done_valid_i && dr < NT && x->ent[dr].valid && x->ent[dr].started;
  ok &= KMU_EXPECT_EQ(t, cyc, "err_done_o = done of a free or unstarted entry",
                      i->simt_done_valid_i && !d_ok, o->err_done_o);
  if (i->simt_done_valid_i && !d_ok) x->err_done++;

  /* ---- done reports ---- */
  ok &= KMU_EXPECT_EQ(t, cyc, "done_valid_o = a report waits", x->dqn > 0, o->done_valid_o);
  if (x->dqn && o->done_valid_o)
    ok &= KMU_EXPECT_EQ(t, cyc, "done_slot_o (finishing order)", x->dq[x->dqh], o->done_slot_o);

  /* ---- the edge: the allocation is decided on the state before it ---- */
  int launch = 0;
  if (x->ewn) {
    const sb_ew *h = &x->ewq[x->ewh];
    launch = ftb > 0 && u.warps < NW && h->regs <= NR - u.regs;
  }
  unsigned ae = 0;
  while (ae < NT && x->ent[ae].valid) ae++; /* the lowest free entry */
  sb_ent na;
  memset(&na, 0, sizeof na);
  if (launch) {
    const sb_ew *h = &x->ewq[x->ewh];
    na = (sb_ent){1, 0, 1, h->slot, 1, h->regs, 0, h->tb, h->kptr, h->param, 0};
    x->ewh = (x->ewh + 1) % NE;
    x->ewn--;
    x->ew_launch++;
  } else if (tb_ok) {
    na = (sb_ent){1, 0, 0, (unsigned)i->start_slot_i, (unsigned)i->start_warps_i,
                  (unsigned)i->start_regs_i, (unsigned)i->start_shmem_i, (uint32_t)i->start_tb_i,
                  (uint32_t)i->start_kptr_i, (uint32_t)i->start_param_i, 0};
    x->acc_tb++;
    if (i->need_ewarp_i) x->tb_as_ewarp++;
  }
  if (launch || tb_ok) {
    ok &= kmu_expect(ae < NT, t, cyc, "a free resident entry for the allocation", 1, 0);
    na.wmask = lowest_free_warps(u.busy, na.warps);
  }
  if (x->sqn && i->simt_start_ready_i) { /* offer taken */
    const unsigned e = x->sq[x->sqh];
    x->ent[e].started = 1;
    x->sqh = (x->sqh + 1) % NT;
    x->sqn--;
    x->offered++;
    x->pipe[e] = 1;
    x->done_at[e] = cyc + 1 + kmu_rng_below(g, x->maxdelay);
  }
  if (x->dqn && i->done_ready_i) { /* report taken */
    x->dqh = (x->dqh + 1) % NT;
    x->dqn--;
    x->reported++;
  }
  if (d_ok) { /* resources free, report queued */
    x->dq[(x->dqh + x->dqn++) % NT] = x->ent[dr].slot;
    x->ent[dr].valid = 0;
    x->ent[dr].started = 0;
    x->pipe[dr] = 0;
    x->finished++;
  }
  if ((launch || tb_ok) && ae < NT) {
    x->ent[ae] = na;
    x->sq[(x->sqh + x->sqn++) % NT] = ae;
  }
  if (ew_ok) {
    sb_ew *n = &x->ewq[(x->ewh + x->ewn++) % NE];
    *n = (sb_ew){(unsigned)i->start_slot_i, (unsigned)i->start_regs_i, (uint32_t)i->start_tb_i,
                 (uint32_t)i->start_kptr_i, (uint32_t)i->start_param_i};
    x->acc_ew++;
  }
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  const sb_use u = sb_usage(x);
  /* after the final drain: every started TB was offered once, finished once, reported once */
  ok &= KMU_EXPECT_EQ(t, 0, "event warps accepted == launched", x->acc_ew, x->ew_launch);
  ok &= KMU_EXPECT_EQ(t, 0, "TBs + event warps allocated == offered", x->acc_tb + x->ew_launch,
                      x->offered);
  ok &= KMU_EXPECT_EQ(t, 0, "offered == finished", x->offered, x->finished);
  ok &= KMU_EXPECT_EQ(t, 0, "finished == reported", x->finished, x->reported);
  ok &= KMU_EXPECT_EQ(t, 0, "nothing resident at the end", 0, u.ntb);
  ok &= KMU_EXPECT_EQ(t, 0, "no event warp pending at the end", 0, x->ewn);
  /* the run exercised the block */
  ok &= kmu_expect(x->acc_tb > 0, t, 0, "some TB started", 1, x->acc_tb);
  ok &= kmu_expect(x->ew_launch > 0, t, 0, "some event warp started", 1, x->ew_launch);
  ok &= kmu_expect(x->overflow > 0, t, 0, "some start refused (err_overflow_o)", 1, 0);
  ok &= kmu_expect(x->err_done > 0, t, 0, "some done refused (err_done_o)", 1, 0);
  if (getenv("KMU_SM_CTRL_STATS"))
    printf("  stats: tb %llu ew %llu (as tb %llu) overflow %llu err_done %llu ew-wait "
           "%llu fit0 %llu full tb %llu warps %llu regs %llu shmem %llu\n",
           (unsigned long long)x->acc_tb, (unsigned long long)x->ew_launch,
           (unsigned long long)x->tb_as_ewarp, (unsigned long long)x->overflow,
           (unsigned long long)x->err_done, (unsigned long long)x->ew_wait_cycles,
           (unsigned long long)x->fit_no, (unsigned long long)x->full_cycles[0],
           (unsigned long long)x->full_cycles[1], (unsigned long long)x->full_cycles[2],
           (unsigned long long)x->full_cycles[3]);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  static rnd_ctx x;
  x.test = test;
  x.cycles = cycles;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep(&kmu_sm_ctrl_block, &s, test, seed, cycles);
}

/* ======================================================================== directed */
/* A directed test is a program of steps: one cycle's inputs and the outputs the spec requires
 * in that cycle. */
#define MAX_STEPS 2048
#define MAX_EXP 24
typedef kmu_dexp dexp;
typedef struct {
  kmu_sm_ctrl_in in;
  unsigned n_exp;
  dexp exp[MAX_EXP];
  const char *what;
} dstep;
typedef struct {
  const char *test;
  dstep s[MAX_STEPS];
  unsigned n, pc;
} dprog;

static dstep *st(dprog *p, const char *what) {
  if (p->n >= MAX_STEPS) {
    fprintf(stderr, "directed program too long\n");
    exit(2);
  }
  dstep *s = &p->s[p->n++];
  memset(s, 0, sizeof *s);
  s->in.done_ready_i = 1;
  s->what = what;
  return s;
}
static void dexp_add(dstep *s, const char *name, size_t off, uint64_t v) {
  kmu_dexp_add(s->exp, &s->n_exp, MAX_EXP, name, off, v);
}
#define EXP(s, f, v) dexp_add((s), #f, offsetof(kmu_sm_ctrl_out, f), (uint64_t)(v))


static void d_init(void *c, uint64_t seed) {
  dprog *p = c;
  (void)seed;
  p->pc = 0;
}
static int d_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  dprog *p = c;
  (void)cyc, (void)pi, (void)po;
  if (p->pc >= p->n) return 0;
  *(kmu_sm_ctrl_in *)in = p->s[p->pc].in;
  return 1;
}
static int d_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  dprog *p = c;
  const kmu_sm_ctrl_out *o = op;
  const dstep *s = &p->s[p->pc];
  (void)ip;
  p->pc++;
  return kmu_dexp_check(p->test, cyc, s->what, s->exp, s->n_exp, o);
}
static int d_finish(void *c) {
  dprog *p = c;
  return KMU_EXPECT_EQ(p->test, 0, "directed program ran to its end", p->n, p->pc);
}
static int d_run(dprog *p) {
  kmu_stim s = {p, d_init, d_drive, d_check, d_finish};
  return kmu_lockstep(&kmu_sm_ctrl_block, &s, p->test, 1, 1000000);
}

static dprog prog;
#define PROG(test_name)    \
  dprog *p = &prog;        \
  memset(p, 0, sizeof *p); \
  p->test = (test_name)

static dstep *p_idle(dprog *p, const char *what) { return st(p, what); }
/* a TB start with these needs (also broadcast on need_*): accepted iff ok */
static dstep *p_start(dprog *p, unsigned slot, unsigned warps, unsigned regs, unsigned shmem,
                      int ok, const char *what) {
  dstep *s = st(p, what);
  s->in.need_warps_i = s->in.start_warps_i = warps;
  s->in.need_regs_i = s->in.start_regs_i = regs;
  s->in.need_shmem_i = s->in.start_shmem_i = shmem;
  s->in.start_valid_i = 1;
  s->in.start_slot_i = slot;
  s->in.start_tb_i = tb_of(slot);
  s->in.start_kptr_i = kptr_of(slot);
  s->in.start_param_i = param_of(slot);
  EXP(s, fit_o, ok);
  EXP(s, err_overflow_o, !ok);
  return s;
}
/* an event-warp start (need_ewarp_i = 1, 1 warp, no shared memory) */
static dstep *p_ewarp(dprog *p, unsigned slot, unsigned regs, int ok, const char *what) {
  dstep *s = st(p, what);
  s->in.need_warps_i = s->in.start_warps_i = 1;
  s->in.need_regs_i = s->in.start_regs_i = regs;
  s->in.need_ewarp_i = 1;
  s->in.start_valid_i = 1;
  s->in.start_ewarp_i = 1;
  s->in.start_slot_i = slot;
  s->in.start_tb_i = tb_of(slot);
  s->in.start_kptr_i = kptr_of(slot);
  s->in.start_param_i = param_of(slot);
  EXP(s, ewt_fit_o, ok);
  EXP(s, err_overflow_o, !ok);
  return s;
}
/* a need query only */
static dstep *p_query(dprog *p, unsigned warps, unsigned regs, unsigned shmem, int ewarp,
                      int fit, int ewt_fit, const char *what) {
  dstep *s = st(p, what);
  s->in.need_warps_i = warps;
  s->in.need_regs_i = regs;
  s->in.need_shmem_i = shmem;
  s->in.need_ewarp_i = ewarp;
  EXP(s, fit_o, fit);
  EXP(s, ewt_fit_o, ewt_fit);
  return s;
}
/* the pipeline takes the offer: expected entry, slot, warps and warp mask */
static dstep *p_offer(dprog *p, unsigned rtb, unsigned slot, unsigned warps, uint64_t wmask,
                      int ewarp, const char *what) {
  dstep *s = st(p, what);
  s->in.simt_start_ready_i = 1;
  EXP(s, simt_start_valid_o, 1);
  EXP(s, simt_start_rtb_o, rtb);
  EXP(s, simt_start_slot_o, slot);
  EXP(s, simt_start_tb_o, tb_of(slot));
  EXP(s, simt_start_kptr_o, kptr_of(slot));
  EXP(s, simt_start_param_o, param_of(slot));
  EXP(s, simt_start_warps_o, warps);
  EXP(s, simt_start_wmask_o, wmask);
  EXP(s, simt_start_ewarp_o, ewarp);
  return s;
}
static dstep *p_done(dprog *p, unsigned rtb, int ok, const char *what) {
  dstep *s = st(p, what);
  s->in.simt_done_valid_i = 1;
  s->in.simt_done_rtb_i = rtb;
  EXP(s, err_done_o, !ok);
  return s;
}
static void exp_free(dstep *s, unsigned tb, unsigned warps, unsigned regs, unsigned shmem) {
  EXP(s, free_tb_o, tb);
  EXP(s, free_warps_o, warps);
  EXP(s, free_regs_o, regs);
  EXP(s, free_shmem_o, shmem);
}
static uint64_t bits(unsigned lo, unsigned n) { return kmu_mask(n) << lo; }

/* TB entries run out first: TBS one-warp TBs; the next start overflows; an entry is free
 * again (lowest first, its warp slot too) once its done report has been taken */
static int t_fill_tbs(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = p_idle(p, "reset: everything free");
  exp_free(s, NT, NW, NR, NS);
  EXP(s, ewt_free_o, NE);
  EXP(s, resident_o, 0);
  EXP(s, busy_warps_o, 0);
  EXP(s, simt_start_valid_o, 0);
  EXP(s, done_valid_o, 0);
  for (unsigned k = 0; k < NT; k++) {
    s = p_start(p, k, 1, 0, 0, 1, "fill: one-warp TB");
    EXP(s, free_tb_o, NT - k);
    EXP(s, resident_o, bits(0, k));
  }
  s = p_query(p, 1, 0, 0, 0, 0, 0, "all entries used: nothing fits");
  exp_free(s, 0, NW - NT, NR, NS);
  EXP(s, resident_o, bits(0, NT));
  EXP(s, busy_warps_o, bits(0, NT));
  s = p_start(p, 99, 1, 0, 0, 0, "one more: err_overflow_o");
  s = p_idle(p, "the refused start changed nothing");
  exp_free(s, 0, NW - NT, NR, NS);
  EXP(s, resident_o, bits(0, NT));
  for (unsigned k = 0; k < NT; k++)
    p_offer(p, k, k, 1, 1ull << k, 0, "offers in allocation order");
  const unsigned v = NT > 1 ? 1 : 0;
  s = p_done(p, v, 1, "entry v finishes");
  s->in.done_ready_i = 0;
  s = p_idle(p, "warp freed, entry still counted until its report is taken");
  s->in.done_ready_i = 0;
  s->in.need_warps_i = 1;
  exp_free(s, 0, NW - NT + 1, NR, NS);
  EXP(s, resident_o, bits(0, NT) & ~(1ull << v));
  EXP(s, done_valid_o, 1);
  EXP(s, done_slot_o, v);
  EXP(s, fit_o, 0);
  s = p_idle(p, "report taken");
  EXP(s, done_valid_o, 1);
  EXP(s, done_slot_o, v);
  s = p_start(p, 50, 1, 0, 0, 1, "entry free again: a start takes it");
  EXP(s, free_tb_o, 1);
  EXP(s, done_valid_o, 0);
  s = p_offer(p, v, 50, 1, 1ull << v, 0, "lowest free entry and warp slot");
  EXP(s, free_tb_o, 0);
  return d_run(p);
}

/* warps run out first: TBs of up to 32 warps fill every warp slot */
static int t_fill_warps(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  unsigned used = 0, n = 0;
  dstep *s;
  while (used < NW) {
    unsigned w = NW - used < TB_MAXW ? NW - used : TB_MAXW;
    s = p_start(p, n, w, 0, 0, 1, "fill warp slots");
    EXP(s, free_warps_o, NW - used);
    used += w;
    n++;
  }
  if (n < NT) {
    s = p_query(p, 1, 0, 0, 0, 0, 0, "entries left but no warp slot: no fit");
    EXP(s, free_tb_o, NT - n);
  }
  s = p_start(p, 98, 1, 0, 0, 0, "one-warp start: err_overflow_o");
  exp_free(s, NT - n, 0, NR, NS);
  EXP(s, busy_warps_o, kmu_mask(NW));
  /* free the first TB: exactly its warps fit again, one more does not */
  unsigned w0 = NW < TB_MAXW ? NW : TB_MAXW;
  p_offer(p, 0, 0, w0, bits(0, w0), 0, "first TB starts");
  p_done(p, 0, 1, "first TB finishes");
  s = p_query(p, w0, 0, 0, 0, 1, 0, "exactly the freed warps fit");
  EXP(s, free_warps_o, w0);
  if (w0 + 1 <= 63) p_query(p, w0 + 1, 0, 0, 0, 0, 0, "one warp more does not");
  p_query(p, 0, 0, 0, 0, 0, 0, "zero warps never fits");
  s = p_start(p, 7, w0, 0, 0, 1, "start it");
  s = p_offer(p, n > 1 ? 1 : 0, n > 1 ? 1 : 7, n > 1 ? TB_MAXW : w0,
              n > 1 ? bits(TB_MAXW, TB_MAXW) : bits(0, w0), 0, "older TB offered first");
  EXP(s, free_warps_o, 0);
  return d_run(p);
}

/* registers run out first; exact fits; REGS + 1 never fits */
static int t_fill_regs(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_query(p, 1, NR, 0, 0, 1, 0, "all registers: fits");
  p_query(p, 1, NR + 1, 0, 0, 0, 0, "REGS + 1: no fit");
  dstep *s = p_start(p, 1, 1, NR - 1, 0, 1, "REGS - 1 registers");
  s = p_query(p, 1, 1, 0, 0, NT > 1 && NW > 1, 0, "exactly 1 register left: fits");
  EXP(s, free_regs_o, 1);
  p_query(p, 1, 2, 0, 0, 0, 0, "2 registers: no fit");
  if (NT > 2 && NW > 2) {
    p_start(p, 2, 1, 1, 0, 1, "the last register");
    s = p_query(p, 1, 0, 0, 0, 1, 0, "no registers left: a 0-register TB still fits");
    EXP(s, free_regs_o, 0);
    p_start(p, 3, 1, 1, 0, 0, "1 register: err_overflow_o");
    s = p_idle(p, "unchanged");
    exp_free(s, NT - 2, NW - 2, 0, NS);
  }
  return d_run(p);
}

/* shared memory runs out first; exact fits; SHMEM + 1 never fits */
static int t_fill_shmem(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_query(p, 1, 0, NS, 0, 1, 0, "all shared memory: fits");
  p_query(p, 1, 0, NS + 1, 0, 0, 0, "SHMEM + 1: no fit");
  dstep *s = p_start(p, 1, 1, 0, NS - 1, 1, "SHMEM - 1 bytes");
  s = p_query(p, 1, 0, 1, 0, NT > 1 && NW > 1, 0, "exactly 1 byte left: fits");
  EXP(s, free_shmem_o, 1);
  p_query(p, 1, 0, 2, 0, 0, 0, "2 bytes: no fit");
  if (NT > 2 && NW > 2) {
    p_start(p, 2, 1, 0, 1, 1, "the last byte");
    s = p_query(p, 1, 0, 0, 0, 1, 0, "no shared memory left: a 0-byte TB still fits");
    EXP(s, free_shmem_o, 0);
    p_start(p, 3, 1, 0, 1, 0, "1 byte: err_overflow_o");
    s = p_idle(p, "unchanged");
    exp_free(s, NT - 2, NW - 2, NR, 0);
  }
  /* the shared memory comes back when the TB finishes */
  p_offer(p, 0, 1, 1, 1, 0, "first TB starts");
  p_done(p, 0, 1, "and finishes");
  s = p_idle(p, "its shared memory is free again");
  EXP(s, free_shmem_o, (NT > 2 && NW > 2) ? NS - 1 : NS);
  return d_run(p);
}

/* fit_o / ewt_fit_o edge cases and the ignored fields of an event-warp start */
static int t_fit_edges(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_query(p, 0, 0, 0, 0, 0, 0, "zero warps: no fit");
  if (NW <= 63) {
    p_query(p, NW, 0, 0, 0, 1, 0, "all warps: fit");
    p_query(p, NW + 1, 0, 0, 0, 0, 0, "WARPS + 1: no fit");
  }
  p_query(p, 1, NR, NS, 0, 1, 0, "a one-warp TB with everything: fit");
  p_query(p, 1, 0, 0, 1, 1, 1, "need_ewarp_i: fit_o is the TB answer, ewt_fit_o 1");
  p_query(p, 1, NR, 0, 1, 1, 1, "event warp with REGS registers: fits the EWT");
  p_query(p, 1, NR + 1, 0, 1, 0, 0, "event warp with REGS + 1 registers: never");
  p_query(p, 1, 0, 0, 0, 1, 0, "ewt_fit_o only for need_ewarp_i");
  dstep *s = p_start(p, 3, 0, 0, 0, 0, "start with zero warps: err_overflow_o");
  s = p_ewarp(p, 4, NR + 1, 0, "event warp with REGS + 1 registers: err_overflow_o");
  s = p_idle(p, "nothing changed");
  exp_free(s, NT, NW, NR, NS);
  EXP(s, ewt_free_o, NE);
  s = p_ewarp(p, 5, 7, 1, "event warp, warps/shmem fields ignored");
  s->in.start_warps_i = 63;
  s->in.start_shmem_i = 0x1ffff;
  s = p_idle(p, "in the EWT: nothing fits as a TB while it waits");
  EXP(s, ewt_free_o, NE - 1);
  EXP(s, resident_o, 0);
  s->in.need_warps_i = 1;
  EXP(s, fit_o, 0);
  s = p_idle(p, "started: one warp, 7 registers, no shared memory");
  exp_free(s, NT - 1, NW - 1, NR - 7, NS);
  EXP(s, ewt_free_o, NE);
  EXP(s, resident_o, 1);
  s->in.need_warps_i = 1;
  EXP(s, fit_o, NT > 1);
  p_offer(p, 0, 5, 1, 1, 1, "offered as an event warp");
  return d_run(p);
}

/* a pending event warp starts as soon as it fits, before any TB, in arrival order */
static int t_ewt_priority(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (NT < 2 || NW < 2) return 1;
  PROG(test);
  dstep *s = p_start(p, 1, 1, NR, 0, 1, "TB A takes every register");
  p_offer(p, 0, 1, 1, 1, 0, "A starts");
  p_ewarp(p, 2, 1, 1, "event warp E1 (1 register): into the EWT");
  s = p_query(p, 1, 0, 0, 0, 0, 0, "E1 waits for a register: a 0-register TB gets no fit");
  EXP(s, ewt_free_o, NE - 1);
  EXP(s, resident_o, 1);
  if (NE > 1) {
    p_ewarp(p, 3, 0, 1, "event warp E2 (0 registers): behind E1");
    for (unsigned k = 0; k < 3; k++) {
      s = p_start(p, 9, 1, 0, 0, 0, "E2 would fit but waits behind E1; TB refused");
      EXP(s, ewt_free_o, NE - 2);
      EXP(s, resident_o, 1);
    }
  } else {
    p_ewarp(p, 3, 0, 0, "EWT full: err_overflow_o");
    for (unsigned k = 0; k < 3; k++) {
      s = p_start(p, 9, 1, 0, 0, 0, "E1 waits; TB refused");
      EXP(s, ewt_free_o, 0);
    }
  }
  p_done(p, 0, 1, "A finishes: registers free at the edge");
  s = p_start(p, 9, 1, 0, 0, 0, "E1 starts now (its cycle): the TB is refused");
  EXP(s, free_regs_o, NR);
  EXP(s, resident_o, 0);
  if (NE > 1) {
    s = p_start(p, 9, 1, 0, 0, 0, "E2 starts now: the TB is refused");
    EXP(s, resident_o, 1);
    /* entry 0 is not resident any more (A's report only keeps it counted in free_tb_o) */
    p_offer(p, 0, 2, 1, 1, 1, "E1 offered first: entry 0, warp slot 0");
    s = p_offer(p, 1, 3, 1, 2, 1, "then E2: entry 1, warp slot 1");
  } else {
    s = p_offer(p, 0, 2, 1, 1, 1, "E1 offered: entry 0, warp slot 0");
  }
  EXP(s, ewt_free_o, NE);
  const unsigned nres = NE > 1 ? 2 : 1;
  p_query(p, 1, 0, 0, 0, NT > nres && NW > nres, 0, "EWT empty: TBs fit again");
  return d_run(p);
}

/* err_overflow_o: every kind of start that does not fit is ignored */
static int t_overflow(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_start(p, 1, 1, NR + 1, 0, 0, "registers > free");
  p_start(p, 1, 1, 0, NS + 1, 0, "shared memory > free");
  if (NW < 63) p_start(p, 1, NW + 1, 0, 0, 0, "warps > free");
  p_start(p, 1, 0, 0, 0, 0, "zero warps");
  dstep *s = p_idle(p, "nothing allocated");
  exp_free(s, NT, NW, NR, NS);
  EXP(s, simt_start_valid_o, 0);
  /* every warp busy, so event warps stay in the EWT until it is full */
  unsigned used = 0, n = 0;
  while (used < NW) {
    unsigned w = NW - used < TB_MAXW ? NW - used : TB_MAXW;
    p_start(p, n++, w, 0, 0, 1, "fill warp slots");
    used += w;
  }
  for (unsigned k = 0; k < NE; k++) {
    s = p_ewarp(p, 10 + k, 0, 1, "event warp into the EWT");
    EXP(s, ewt_free_o, NE - k);
  }
  s = p_ewarp(p, 20, 0, 0, "EWT full: err_overflow_o");
  EXP(s, ewt_free_o, 0);
  p_query(p, 1, 0, 0, 1, 0, 0, "EWT full: ewt_fit_o 0");
  s = p_idle(p, "the refused event warp changed nothing");
  EXP(s, ewt_free_o, 0);
  exp_free(s, NT - n, 0, NR, NS);
  return d_run(p);
}

/* err_done_o: free, unstarted, just-offered, already-finished and out-of-range entries */
static int t_err_done(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_done(p, 0, 0, "entry 0 free: err_done_o");
  dstep *s = p_idle(p, "nothing reported");
  EXP(s, done_valid_o, 0);
  p_start(p, 4, 1, 5, 6, 1, "TB in entry 0");
  s = p_done(p, 0, 0, "resident but not offered yet: err_done_o");
  EXP(s, simt_start_valid_o, 1);
  s = p_offer(p, 0, 4, 1, 1, 0, "offer taken ...");
  s->in.simt_done_valid_i = 1;
  s->in.simt_done_rtb_i = 0;
  EXP(s, err_done_o, 1);
  s = p_idle(p, "... a done in the offer cycle was refused: still resident");
  exp_free(s, NT - 1, NW - 1, NR - 5, NS - 6);
  EXP(s, done_valid_o, 0);
  p_done(p, 0, 1, "started: done OK");
  s = p_done(p, 0, 0, "second done: entry free now, err_done_o");
  exp_free(s, NT - 1, NW, NR, NS);
  EXP(s, done_valid_o, 1);
  EXP(s, done_slot_o, 4);
  s = p_idle(p, "reported once");
  EXP(s, done_valid_o, 0);
  exp_free(s, NT, NW, NR, NS);
  if (NT < (1u << RTB_W)) {
    p_done(p, NT, 0, "entry >= TBS: err_done_o");
    s = p_idle(p, "nothing reported");
    EXP(s, done_valid_o, 0);
  }
  return d_run(p);
}

/* done FIFO back-pressure: reports wait in finishing order; their entries stay counted */
static int t_done_backpressure(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s;
  for (unsigned k = 0; k < NT; k++) {
    s = p_start(p, 0x20 + k, 1, 1, 1, 1, "fill entries");
    s->in.done_ready_i = 0;
  }
  for (unsigned k = 0; k < NT; k++) {
    s = p_offer(p, k, 0x20 + k, 1, 1ull << k, 0, "start");
    s->in.done_ready_i = 0;
  }
  for (unsigned k = 0; k < NT; k++) { /* finish in reverse order */
    s = p_done(p, NT - 1 - k, 1, "finish (reverse order), reports held");
    s->in.done_ready_i = 0;
    if (k) {
      EXP(s, done_valid_o, 1);
      EXP(s, done_slot_o, 0x20 + NT - 1);
    }
    exp_free(s, 0, NW - NT + k, NR - NT + k, NS - NT + k);
  }
  s = p_query(p, 1, 0, 0, 0, 0, 0, "everything finished, reports waiting: no TB entry");
  s->in.done_ready_i = 0;
  exp_free(s, 0, NW, NR, NS);
  EXP(s, resident_o, 0);
  for (unsigned k = 0; k < 3; k++) {
    s = p_idle(p, "held: same report");
    s->in.done_ready_i = 0;
    EXP(s, done_valid_o, 1);
    EXP(s, done_slot_o, 0x20 + NT - 1);
  }
  for (unsigned k = 0; k < NT; k++) {
    s = p_idle(p, "reports drain in finishing order, one entry free per report");
    EXP(s, done_valid_o, 1);
    EXP(s, done_slot_o, 0x20 + NT - 1 - k);
    EXP(s, free_tb_o, k);
  }
  s = p_idle(p, "drained");
  EXP(s, done_valid_o, 0);
  exp_free(s, NT, NW, NR, NS);
  return d_run(p);
}

/* SIMT start order: oldest first (not lowest entry), held stable while not taken */
static int t_simt_order(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s;
  if (NT < 2) return 1;
  for (unsigned k = 0; k < NT; k++) p_start(p, k, 1, 0, 0, 1, "fill entries");
  p_offer(p, 0, 0, 1, 1, 0, "entry 0 starts");
  p_done(p, 0, 1, "and finishes");
  p_idle(p, "its report leaves");
  s = p_start(p, 0x40, 2 <= NW - NT + 1 ? 2 : 1, 0, 0, 1, "new TB in entry 0 (youngest)");
  const unsigned nw = 2 <= NW - NT + 1 ? 2 : 1;
  for (unsigned k = 0; k < 3; k++) {
    s = p_idle(p, "offer held while simt_start_ready_i = 0");
    EXP(s, simt_start_valid_o, 1);
    EXP(s, simt_start_rtb_o, 1);
    EXP(s, simt_start_slot_o, 1);
    EXP(s, simt_start_wmask_o, 2);
  }
  for (unsigned k = 1; k < NT; k++) p_offer(p, k, k, 1, 1ull << k, 0, "older entries first");
  /* entry 0's new TB: warp slot 0, then the lowest free above the other TBs */
  uint64_t wm = 1 | (nw > 1 ? 1ull << NT : 0);
  p_offer(p, 0, 0x40, nw, wm, 0, "then the youngest, in entry 0");
  s = p_idle(p, "all started");
  EXP(s, simt_start_valid_o, 0);
  return d_run(p);
}

static const kmu_test tests[] = {
    {"fill_tbs", t_fill_tbs, 0, 0},
    {"fill_warps", t_fill_warps, 0, 0},
    {"fill_regs", t_fill_regs, 0, 0},
    {"fill_shmem", t_fill_shmem, 0, 0},
    {"fit_edges", t_fit_edges, 0, 0},
    {"ewt_priority", t_ewt_priority, 0, 0},
    {"overflow", t_overflow, 0, 0},
    {"err_done", t_err_done, 0, 0},
    {"done_backpressure", t_done_backpressure, 0, 0},
    {"simt_order", t_simt_order, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_sm_ctrl_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
