/* test_kmu_sm_ctrl.c - lockstep, scoreboard and directed tests of kmu_sm_ctrl
 * (rtl/sm/kmu_sm_ctrl.v).  Every expected value comes from docs/kmu-interfaces.md section 4
 * and docs/blocks/kmu_sm_ctrl.md, never from the model: the random test keeps its own table of
 * resident TBs (each with its own warp mask), its own queue of pending event warps, its own
 * queues of TBs waiting for the pipeline and of done reports, and derives every free count
 * from them (capacity minus the needs of the resident TBs). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_sm_ctrl.h"
#include "kmu_tb.h"

static const kmu_sm_ctrl_params params = {P_TBS,   P_WARPS, P_REGS,       P_SHMEM,
                                          P_EWT,   P_PTBS,  P_AREA_BYTES, P_IPB,
                                          P_REG_BYTES, P_RPW};
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
/* The scoreboard's view of an entry; `tb` is the TB's identity (the test numbers every TB it
 * starts), so conservation can be checked per TB through any number of save/restore cycles. */
typedef struct {
  int valid, started, ewarp;
  unsigned slot, warps, regs, shmem;
  uint32_t tb, kptr, param;
  uint64_t wmask;
  int ckpt, sw, base, rst; /* base checkpoint / switch pending, has a base, restored */
  unsigned ptb, rpw;
  uint64_t offer_at; /* a TB start: not offered before its rpw is known (RPW_ENGINE) */
} sb_ent;
typedef struct {
  unsigned slot, regs;
  uint32_t tb, kptr, param;
} sb_ew;
/* a preempted-table entry: reserved by a base checkpoint, or a switched-out TB */
typedef struct {
  int valid, pre, two, ip0, ip1;
  uint32_t ipb;
  sb_ent e;
} sb_pt;
/* a TB's life, by identity */
enum { TB_NONE, TB_ACCEPTED, TB_RUNNING, TB_PREEMPTED, TB_DONE };
typedef struct {
  unsigned slot, warps, regs, shmem;
  uint32_t kptr, param;
  uint8_t st, ndone;
} sb_rec;

#define NP P_PTBS
/* the serial rpw engine (docs/blocks/kmu_sm_ctrl.md, "Registers per warp"): a TB start of a
 * warp count that is not 1, 2, 4, 8, 16 or 32, accepted in cycle t, is offered from
 * t + 1 + RPW_ENGINE, and the next TB start fits from t + RPW_ENGINE (power-of-two warp
 * counts, event warps and restores do not wait) */
#define RPW_ENGINE 6
static int pow2_warps(unsigned w) { return w && w <= 32 && !(w & (w - 1)); }
/* warp registers per warp (docs/pep-interfaces.md: regs / (32 * warps), rounded up) */
static unsigned spec_rpw(unsigned regs, unsigned warps) {
  if (!warps) return 0;
  unsigned r = (regs + 32 * warps - 1) / (32 * warps);
  return r > 63 ? 63 : r;
}
/* the checkpoint area of preempted entry p, checkpoint k */
static uint32_t spec_area(uint32_t base, int inplace, unsigned p, unsigned k) {
  return (inplace ? 0u : base) + (uint32_t)((p * 2 + k) * (uint64_t)P_AREA_BYTES);
}

typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t cycles;
  /* traffic mix of this seed */
  unsigned start_pct, ewarp_pct, over_pct, exact_pct, ready_pct, dready_pct, spur_pct;
  unsigned maxdelay, size_mode, busy_len, drain_len;
  unsigned dec_pct, pre_share, bad_pct, pause_lat, eng_ready_pct, eng_dur, hold_pct, dirty_max;
  unsigned wp_en, wp_ready_pct; /* warp-level preemption: CSR of this phase, acceptance rate */
  /* scoreboard: the SM as the spec says it must be */
  sb_ent ent[NT];
  unsigned sq[NT], sqh, sqn;     /* resident entries waiting for the pipeline, oldest first */
  unsigned dq[NT], dqh, dqn;     /* done reports (kernel slots), finishing order */
  sb_ew ewq[NE];                 /* pending event warps, arrival order */
  unsigned ewh, ewn;
  sb_pt pt[NP];
  unsigned s_st, s_rtb, s_ptb, s_sw, s_k, s_op, s_ip; /* the save/restore sequencer */
  uint32_t ip_free;
  /* CSRs and hold of this phase */
  unsigned policy, inplace_en, hold;
  uint32_t ctx_base;
  uint64_t hold_until;
  uint64_t now, tb_next; /* this cycle; the first cycle a TB start fits (RPW_ENGINE) */
  /* the test-side pipeline: started entries and when they finish; pause latency */
  int pipe[NT];
  uint64_t done_at[NT], pause_since[NT];
  uint32_t pipe_tb[NT];
  /* the test-side ctx engine */
  int eng_busy;
  uint64_t eng_done_at;
  /* TBs by identity */
  sb_rec *rec;
  uint32_t next_id, rec_cap;
  /* counters */
  uint64_t acc_tb, acc_ew, ew_launch, offered, finished, reported, overflow, err_done;
  uint64_t ew_wait_cycles, fit_no, tb_as_ewarp, full_cycles[4];
  uint64_t n_base, n_switch, n_evict, n_restore, n_drop, n_inplace, n_abort, n_err_dec, n_two;
  uint64_t n_base_release, n_wp, n_wp_rsv, n_wp_ask, n_upg;
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
static int sb_save_state(unsigned s) { return s >= SEQ_PAUSE && s <= SEQ_EVICT; }
static int sb_pre_waiting(const rnd_ctx *x) {
  for (unsigned p = 0; p < NP; p++)
    if (x->pt[p].pre) return 1;
  return 0;
}
/* a restore is pending: a preempted TB waits and no hold, or a restore runs */
static int sb_rst_pend(const rnd_ctx *x, int hold) {
  return (sb_pre_waiting(x) && !hold) || x->s_st == SEQ_RCMD || x->s_st == SEQ_RWAIT;
}
/* free = capacity - resident needs; a TB entry is free again once its report has left */
static unsigned sb_free_tb(const rnd_ctx *x, const sb_use *u) { return NT - u->ntb - x->dqn; }
static int sb_fit(const rnd_ctx *x, const sb_use *u, int hold, unsigned w, unsigned r,
                  unsigned s) {
  return x->ewn == 0 && !sb_rst_pend(x, hold) && x->now >= x->tb_next && sb_free_tb(x, u) > 0 &&
         w != 0 &&
         w <= NW - u->warps && r <= NR - u->regs && s <= NS - u->shmem;
}
static int sb_ewt_fit(const rnd_ctx *x, unsigned r) { return x->ewn < NE && r <= NR; }
/* eligible for a decision: resident, started, not an event warp, no switch pending, not in
 * the sequencer, 1..RPW registers per warp slot (a larger context cannot be saved; the
 * context engine refuses one of 0 registers) */
static uint64_t sb_elig(const rnd_ctx *x) {
  uint64_t m = 0;
  for (unsigned e = 0; e < NT; e++) {
    const sb_ent *n = &x->ent[e];
    if (n->valid && n->started && !n->ewarp && !n->sw && spec_rpw(n->regs, n->warps) >= 1 &&
        spec_rpw(n->regs, n->warps) <= P_RPW &&
        !(x->s_st != SEQ_IDLE && x->s_rtb == e))
      m |= 1ull << e;
  }
  return m;
}

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  uint64_t cycles = x->cycles;
  sb_rec *rec = x->rec;
  uint32_t cap = x->rec_cap;
  memset(x, 0, sizeof *x);
  x->test = t;
  x->cycles = cycles;
  x->rec = rec;
  x->rec_cap = cap;
  if (x->rec) memset(x->rec, 0, (size_t)cap * sizeof *x->rec);
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
  x->dec_pct = 2 + (unsigned)kmu_rng_below(g, 18);
  x->pre_share = 20 + (unsigned)kmu_rng_below(g, 61);
  x->bad_pct = 3 + (unsigned)kmu_rng_below(g, 10);
  x->pause_lat = 1 + (unsigned)kmu_rng_below(g, 12);
  x->eng_ready_pct = 20 + (unsigned)kmu_rng_below(g, 81);
  x->eng_dur = 1 + (unsigned)kmu_rng_below(g, 40);
  x->hold_pct = (unsigned)kmu_rng_below(g, 60);
  x->dirty_max = P_IPB ? (unsigned)(P_IPB / P_REG_BYTES) + 4 : 64;
  if (x->dirty_max > 4095) x->dirty_max = 4095;
  x->ctx_base = (uint32_t)kmu_rng_bits(g, 32) & ~0xfu;
  x->policy = (unsigned)kmu_rng_below(g, 4);
  x->wp_ready_pct = 5 + (unsigned)kmu_rng_below(g, 60);
  x->ip_free = P_IPB;
  for (unsigned e = 0; e < NT; e++) x->pause_since[e] = UINT64_MAX;
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
  const kmu_sm_ctrl_out *prev = po;
  kmu_rng *g = &x->rng;
  (void)pi;
  const int final = cyc + 4000 >= x->cycles; /* end of run: no new work, everything drains */
  const int drain = final || cyc % (x->busy_len + x->drain_len) >= x->busy_len;
  const sb_use u = sb_usage(x);
  x->now = cyc;
  memset(i, 0, sizeof *i);
  if (cyc % (x->busy_len + x->drain_len) == 0) { /* each busy phase stresses one resource */
    x->size_mode = (unsigned)kmu_rng_below(g, 5);
    x->policy = (unsigned)kmu_rng_below(g, 4);
    x->inplace_en = kmu_rng_pct(g, 70);
    x->wp_en = kmu_rng_pct(g, 50);
  }
  /* warp-level preemption: the controller accepts a request now and then (a ready without a
   * request is allowed and changes nothing) */
  i->wp_en_i = x->wp_en;
  i->wp_ev_ready_i = kmu_rng_pct(g, x->wp_ready_pct);

  /* CSRs, hold (a preempting kernel holds the SM for a while after a preemption) */
  i->policy_i = x->policy;
  i->inplace_en_i = x->inplace_en;
  i->ctx_base_i = x->ctx_base;
  if (final) x->hold = 0;
  else if (cyc >= x->hold_until) x->hold = kmu_rng_pct(g, 1) && kmu_rng_pct(g, x->hold_pct);
  if (x->hold && x->hold_until <= cyc) x->hold_until = cyc + 1 + kmu_rng_below(g, 400);
  i->hold_i = x->hold;

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
  i->start_tb_i = x->next_id; /* the TB's identity (used when it is accepted) */
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
    } else if (sb_fit(x, &u, x->hold, (unsigned)i->need_warps_i, r, s)) {
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

  /* decisions: subsets of the eligible entries, now and then bits naming others */
  if (!final && kmu_rng_pct(g, x->dec_pct)) {
    const uint64_t elig = sb_elig(x);
    uint64_t m = kmu_rng_bits(g, 64) & elig;
    if (kmu_rng_pct(g, 30)) m = elig;
    if (kmu_rng_pct(g, x->bad_pct)) m |= kmu_rng_bits(g, NT);
    if (kmu_rng_pct(g, x->pre_share)) {
      uint64_t bases = 0;
      for (unsigned e = 0; e < NT; e++) bases |= (uint64_t)x->ent[e].base << e;
      if (kmu_rng_pct(g, 40)) m |= elig & bases; /* switch the checkpointed TBs */
      i->pre_valid_i = 1;
      i->pre_switch_mask_i = m;
      if (kmu_rng_pct(g, x->hold_pct)) { /* the preempting kernel holds the SM */
        x->hold = 1;
        x->hold_until = cyc + 1 + kmu_rng_below(g, 600);
      }
    } else {
      i->ckpt_valid_i = 1;
      i->ckpt_mask_i = m;
    }
    if (kmu_rng_pct(g, 3)) i->ckpt_valid_i = 1, i->ckpt_mask_i = kmu_rng_bits(g, NT);
  }
  if (kmu_rng_pct(g, 2)) i->ckpt_mask_i |= kmu_rng_bits(g, NT); /* ignored without valid */
  i->hold_i = x->hold;

  /* the pipeline: paused a while after simt_pause_o, accepts offers at random, finishes
   * started TBs after their delay (never one it reported paused) */
  for (unsigned e = 0; e < NT; e++) {
    if ((prev->simt_pause_o >> e) & 1) {
      if (x->pause_since[e] == UINT64_MAX) x->pause_since[e] = cyc;
      if (cyc >= x->pause_since[e] + x->pause_lat || final) i->simt_paused_i |= 1ull << e;
    } else {
      x->pause_since[e] = UINT64_MAX;
    }
  }
  i->simt_start_ready_i = final || kmu_rng_pct(g, x->ready_pct);
  unsigned k0 = (unsigned)kmu_rng_below(g, NT);
  for (unsigned k = 0; k < NT; k++) {
    unsigned e = (k0 + k) % NT;
    if (x->pipe[e] && x->done_at[e] <= cyc && !((i->simt_paused_i >> e) & 1) &&
        !(x->pause_since[e] != UINT64_MAX && x->pause_since[e] + x->pause_lat <= cyc) &&
        kmu_rng_pct(g, x->pause_since[e] != UINT64_MAX ? 4 : 80)) { /* pausing: rarely */
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

  /* the ctx engine: one command at a time, random ready, random duration */
  i->ctx_cmd_ready_i = !x->eng_busy && (final || kmu_rng_pct(g, x->eng_ready_pct));
  if (x->eng_busy && cyc >= x->eng_done_at) i->ctx_done_i = 1;
  if (!x->eng_busy && x->s_st != SEQ_SWAIT && x->s_st != SEQ_RWAIT && kmu_rng_pct(g, 1))
    i->ctx_done_i = 1; /* a stray done while nothing waits: ignored */
  i->dirty_cnt_i = kmu_rng_below(g, x->dirty_max + 1);
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
  const int hold = (int)i->hold_i;
  x->now = cyc;
  /* the oldest unstarted entry is offered once its rpw is known */
  const int offer = x->sqn > 0 && cyc >= x->ent[x->sq[x->sqh]].offer_at;

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
  const int fit = sb_fit(x, &u, hold, (unsigned)i->need_warps_i, (unsigned)i->need_regs_i,
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
                         : sb_fit(x, &u, hold, (unsigned)i->start_warps_i,
                                  (unsigned)i->start_regs_i, (unsigned)i->start_shmem_i);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_overflow_o = a start that does not fit",
                      i->start_valid_i && !s_fit, o->err_overflow_o);
  const int tb_ok = i->start_valid_i && !i->start_ewarp_i && s_fit;
  const int ew_ok = s_ew && s_fit;
  if (i->start_valid_i && !s_fit) x->overflow++;
  /* an event warp never waits behind a TB */
  if (tb_ok) ok &= kmu_expect(x->ewn == 0, t, cyc, "no TB accepted while an event warp waits",
                              0, x->ewn);

  /* ---- the SIMT start offer: the oldest unstarted resident entry ---- */
  ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_valid_o = an unstarted resident TB, its rpw known",
                      offer, o->simt_start_valid_o);
  if (offer && o->simt_start_valid_o) {
    const unsigned e = x->sq[x->sqh];
    const sb_ent *n = &x->ent[e];
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_rtb_o (oldest first)", e, o->simt_start_rtb_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_slot_o", n->slot, o->simt_start_slot_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_tb_o", n->tb, o->simt_start_tb_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_warps_o", n->warps, o->simt_start_warps_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_kptr_o", n->kptr, o->simt_start_kptr_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_param_o", n->param, o->simt_start_param_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_ewarp_o", n->ewarp, o->simt_start_ewarp_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_restore_o", n->rst, o->simt_start_restore_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_rpw_o = ceil(regs / (32 warps))",
                        spec_rpw(n->regs, n->warps), o->simt_start_rpw_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "simt_start_wmask_o (lowest free at allocation)", n->wmask,
                        o->simt_start_wmask_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "popcount(simt_start_wmask_o) = warps", n->warps,
                        popc(o->simt_start_wmask_o));
    ok &= KMU_EXPECT_EQ(t, cyc, "offered entry not started before", 0, n->started);
    for (unsigned f = 0; f < NT; f++)
      if (f != e && x->ent[f].valid)
        ok &= KMU_EXPECT_EQ(t, cyc, "offered warp mask disjoint from other resident TBs", 0,
                            o->simt_start_wmask_o & x->ent[f].wmask);
    /* conservation: a TB comes back exactly as it was accepted */
    const uint32_t id = (uint32_t)o->simt_start_tb_o;
    if (ok && id < x->rec_cap) {
      const sb_rec *r = &x->rec[id];
      ok &= KMU_EXPECT_EQ(t, cyc, "offered TB: accepted, or preempted iff restore",
                          n->rst ? TB_PREEMPTED : TB_ACCEPTED, r->st);
      ok &= KMU_EXPECT_EQ(t, cyc, "offered TB keeps its slot", r->slot, o->simt_start_slot_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "offered TB keeps its warps", r->warps, o->simt_start_warps_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "offered TB keeps its kptr", r->kptr, o->simt_start_kptr_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "offered TB keeps its param", r->param,
                          o->simt_start_param_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "offered TB keeps its registers", r->regs, n->regs);
      ok &= KMU_EXPECT_EQ(t, cyc, "offered TB keeps its shared memory", r->shmem, n->shmem);
    }
  }

  /* ---- SIMT done ---- */
  const unsigned dr = (unsigned)i->simt_done_rtb_i;
  const int d_locked = (x->s_st == SEQ_SCMD || x->s_st == SEQ_SWAIT || x->s_st == SEQ_EVICT) &&
                       dr == x->s_rtb;
  const int d_ok = i->simt_done_valid_i && dr < NT && x->ent[dr].valid && x->ent[dr].started &&
                   !d_locked;
  ok &= KMU_EXPECT_EQ(t, cyc, "err_done_o = done of a free, unstarted or saved entry",
                      i->simt_done_valid_i && !d_ok, o->err_done_o);
  if (i->simt_done_valid_i && !d_ok) x->err_done++;

  /* ---- done reports ---- */
  ok &= KMU_EXPECT_EQ(t, cyc, "done_valid_o = a report waits", x->dqn > 0, o->done_valid_o);
  if (x->dqn && o->done_valid_o)
    ok &= KMU_EXPECT_EQ(t, cyc, "done_slot_o (finishing order)", x->dq[x->dqh], o->done_slot_o);

  /* ---- preemption outputs ---- */
  const unsigned st = x->s_st, sr = x->s_rtb, sp = x->s_ptb;
  const uint64_t elig = sb_elig(x);
  ok &= KMU_EXPECT_EQ(t, cyc, "elig_o", elig, o->elig_o);
  uint64_t bases = 0;
  unsigned npre = 0;
  for (unsigned e = 0; e < NT; e++) bases |= (uint64_t)x->ent[e].base << e;
  for (unsigned p = 0; p < NP; p++) npre += (unsigned)x->pt[p].pre;
  ok &= KMU_EXPECT_EQ(t, cyc, "base_o", bases, o->base_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "ptb_count_o = preempted TBs waiting", npre, o->ptb_count_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "pre_busy_o", st != SEQ_IDLE, o->pre_busy_o);
  const int bad = (i->ckpt_valid_i && (i->ckpt_mask_i & ~elig)) ||
                  (i->pre_valid_i && (i->pre_switch_mask_i & ~elig));
  ok &= KMU_EXPECT_EQ(t, cyc, "err_dec_o = a decision names an ineligible entry", bad,
                      o->err_dec_o);
  if (bad) x->n_err_dec++;
  ok &= KMU_EXPECT_EQ(t, cyc, "simt_pause_o", sb_save_state(st) ? 1ull << sr : 0,
                      o->simt_pause_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "dq_wmask_o", sb_save_state(st) ? x->ent[sr].wmask : 0,
                      o->dq_wmask_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "simt_evict_valid_o", st == SEQ_EVICT, o->simt_evict_valid_o);
  if (st == SEQ_EVICT) ok &= KMU_EXPECT_EQ(t, cyc, "simt_evict_rtb_o", sr, o->simt_evict_rtb_o);
  const int cmd = st == SEQ_SCMD || st == SEQ_RCMD;
  ok &= KMU_EXPECT_EQ(t, cyc, "ctx_cmd_valid_o", cmd, o->ctx_cmd_valid_o);
  if (cmd) {
    const sb_ent *n = &x->ent[sr];
    const int rs = st == SEQ_RCMD;
    const int cip = rs ? (x->s_k ? x->pt[sp].ip1 : x->pt[sp].ip0) : (int)x->s_ip;
    ok &= KMU_EXPECT_EQ(t, cyc, "ctx_cmd_op_o", rs ? KMU_CTX_OP_RESTORE : x->s_op, o->ctx_cmd_op_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "ctx_cmd_inplace_o", cip, o->ctx_cmd_inplace_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "ctx_cmd_wmask_o", n->wmask, o->ctx_cmd_wmask_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "ctx_cmd_rpw_o", spec_rpw(n->regs, n->warps), o->ctx_cmd_rpw_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "ctx_cmd_shmem_o", n->shmem, o->ctx_cmd_shmem_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "ctx_cmd_area_o = ctx_base + (p*2 + k) * AREA_BYTES",
                        spec_area(x->ctx_base, cip, sp, x->s_k), o->ctx_cmd_area_o);
    /* areas of different preempted TBs never overlap: no other table entry owns this one */
    for (unsigned p = 0; p < NP; p++) {
      if (p == sp || !x->pt[p].valid) continue;
      for (unsigned k = 0; k < 2; k++) {
        const int pip = k ? x->pt[p].ip1 : x->pt[p].ip0;
        if (pip != cip) continue;
        const uint32_t a = spec_area(x->ctx_base, pip, p, k);
        const uint32_t diff = (uint32_t)o->ctx_cmd_area_o - a;
        ok &= kmu_expect(diff >= P_AREA_BYTES && (uint32_t)(a - (uint32_t)o->ctx_cmd_area_o) >=
                                                     P_AREA_BYTES,
                         t, cyc, "checkpoint areas of different entries do not overlap", a,
                         o->ctx_cmd_area_o);
      }
    }
  }

  /* ======== the edge: everything below is decided on the state before it ======== */
  const int rst_last = !(x->s_k == 0 && x->pt[sp].two);
  const int rst_fin = st == SEQ_RWAIT && i->ctx_done_i && rst_last;
  unsigned ae = 0;
  while (ae < NT && x->ent[ae].valid) ae++; /* the lowest free entry */
  int launch = 0, wp_ask = 0;
  unsigned wp_rpt = 0;
  /* free registers per thread for one more warp, as kmu_warp_preempt's free_regs_i */
  const unsigned wp_free = (NR - u.regs) / 32 > 255 ? 255 : (NR - u.regs) / 32;
  if (x->ewn) {
    const sb_ew *h = &x->ewq[x->ewh];
    const int now = u.warps < NW && h->regs <= NR - u.regs;
    launch = ftb > 0 && now && !rst_fin;
    /* EDGE IV-D: no warp slot or registers for it now: ask the controller for a victim */
    wp_rpt = (h->regs + 31) / 32;
    wp_ask = i->wp_en_i && ftb > 0 && !now && wp_rpt <= 255 && !rst_fin;
  }
  ok &= KMU_EXPECT_EQ(t, cyc, "wp_ev_valid_o = EWT head, entry free, no slot/registers, wp_en",
                      wp_ask, o->wp_ev_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "wp_free_regs_o = free registers / 32 (saturated)", wp_free,
                      o->wp_free_regs_o);
  if (wp_ask && o->wp_ev_valid_o) {
    const sb_ew *h = &x->ewq[x->ewh];
    ok &= KMU_EXPECT_EQ(t, cyc, "wp_ev_regs_o = ceil(regs / 32)", wp_rpt, o->wp_ev_regs_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "wp_ev_pc_o = the head's kptr", h->kptr, o->wp_ev_pc_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "wp_ev_id_o = the lowest free entry", ae, o->wp_ev_id_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "wp_ev_param_o = the head's param", h->param, o->wp_ev_param_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "wp_ev_tb_o = the head's TB", h->tb, o->wp_ev_tb_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "wp_ev_slot_o = the head's slot", h->slot, o->wp_ev_slot_o);
    x->n_wp_ask++;
  }
  const int wp_go = wp_ask && i->wp_ev_ready_i;
  /* the save pick: lowest entry with a pending request (not the one finishing now) */
  unsigned sel = NT;
  for (unsigned e = 0; e < NT && sel == NT; e++)
    if ((x->ent[e].ckpt || x->ent[e].sw) && !(d_ok && dr == e)) sel = e;
  unsigned pfree = NP;
  for (unsigned p = 0; p < NP && pfree == NP; p++)
    if (!x->pt[p].valid) pfree = p;
  unsigned rc = NP;
  for (unsigned p = 0; p < NP && rc == NP; p++)
    if (x->pt[p].pre) rc = p;
  const int rst_alloc = st == SEQ_IDLE && sel == NT && rc < NP && !hold && x->ewn == 0 &&
                        ftb > 0 && x->pt[rc].e.warps <= NW - u.warps &&
                        x->pt[rc].e.regs <= NR - u.regs && x->pt[rc].e.shmem <= NS - u.shmem;

  sb_ent na;
  memset(&na, 0, sizeof na);
  if (wp_go) { /* the head borrows a victim's warp slot: started now, never offered */
    const sb_ew *h = &x->ewq[x->ewh];
    const int rsv = wp_rpt <= wp_free;
    na.valid = 1;
    na.started = 1;
    na.ewarp = 1;
    na.slot = h->slot;
    na.warps = 0;
    na.regs = rsv ? wp_rpt * 32 : 0; /* reserved, or the victim's are used (saved) */
    na.tb = h->tb;
    na.kptr = h->kptr;
    na.param = h->param;
    x->ewh = (x->ewh + 1) % NE;
    x->ewn--;
    x->n_wp++;
    x->n_wp_rsv += (uint64_t)rsv;
  } else if (launch) {
    const sb_ew *h = &x->ewq[x->ewh];
    na.valid = 1;
    na.ewarp = 1;
    na.slot = h->slot;
    na.warps = 1;
    na.regs = h->regs;
    na.tb = h->tb;
    na.kptr = h->kptr;
    na.param = h->param;
    x->ewh = (x->ewh + 1) % NE;
    x->ewn--;
    x->ew_launch++;
  } else if (tb_ok) {
    na.valid = 1;
    na.slot = (unsigned)i->start_slot_i;
    na.warps = (unsigned)i->start_warps_i;
    na.regs = (unsigned)i->start_regs_i;
    na.shmem = (unsigned)i->start_shmem_i;
    na.tb = (uint32_t)i->start_tb_i;
    na.kptr = (uint32_t)i->start_kptr_i;
    na.param = (uint32_t)i->start_param_i;
    if (!pow2_warps(na.warps)) {
      na.offer_at = cyc + 1 + RPW_ENGINE;
      x->tb_next = cyc + RPW_ENGINE;
    }
    x->acc_tb++;
    if (i->need_ewarp_i) x->tb_as_ewarp++;
  } else if (rst_alloc) {
    na = x->pt[rc].e;
    na.offer_at = 0;
    na.valid = 1;
    na.started = na.ckpt = na.sw = na.base = 0;
    na.rst = 1;
    x->n_restore++;
  }
  if (launch || tb_ok || rst_alloc || wp_go) {
    ok &= kmu_expect(ae < NT, t, cyc, "a free resident entry for the allocation", 1, 0);
    na.wmask = lowest_free_warps(u.busy, na.warps);
  }
  if (offer && i->simt_start_ready_i) { /* offer taken */
    const unsigned e = x->sq[x->sqh];
    x->ent[e].started = 1;
    x->sqh = (x->sqh + 1) % NT;
    x->sqn--;
    x->offered++;
    x->pipe[e] = 1;
    x->pipe_tb[e] = x->ent[e].tb;
    x->done_at[e] = cyc + 1 + kmu_rng_below(g, x->maxdelay);
    if (x->ent[e].tb < x->rec_cap) x->rec[x->ent[e].tb].st = TB_RUNNING;
  }
  if (x->dqn && i->done_ready_i) { /* report taken */
    x->dqh = (x->dqh + 1) % NT;
    x->dqn--;
    x->reported++;
  }
  if (d_ok) { /* resources free, report queued; a base checkpoint's table entry released */
    sb_ent *n = &x->ent[dr];
    x->dq[(x->dqh + x->dqn++) % NT] = n->slot;
    if (n->base) {
      x->pt[n->ptb].valid = 0;
      x->n_base_release++;
    }
    ok &= KMU_EXPECT_EQ(t, cyc, "the pipeline finishes the TB it was given", x->pipe_tb[dr],
                        n->tb);
    if (n->tb < x->rec_cap) {
      sb_rec *r = &x->rec[n->tb];
      ok &= KMU_EXPECT_EQ(t, cyc, "a finishing TB was running", TB_RUNNING, r->st);
      r->st = TB_DONE;
      r->ndone++;
    }
    n->valid = n->started = n->ckpt = n->sw = n->base = 0;
    x->pipe[dr] = 0;
    x->finished++;
  }
  /* PEP Fig. 3 (b): a preemption request under PEP during a base save makes it the switch */
  const int upg = i->pre_valid_i && i->policy_i == KMU_POL_PEP && !x->s_sw &&
                  (st == SEQ_PAUSE || st == SEQ_SCMD || st == SEQ_SWAIT);
  /* the sequencer */
  switch (st) {
    case SEQ_IDLE:
      if (sel < NT) {
        sb_ent *n = &x->ent[sel];
        const int sw = n->sw;
        n->ckpt = n->sw = 0;
        if (!n->base && pfree == NP) {
          x->n_drop++; /* full table: dropped, the TB drains */
        } else {
          x->s_st = SEQ_PAUSE;
          x->s_rtb = sel;
          x->s_sw = (unsigned)sw;
          x->s_k = (unsigned)(sw && n->base);
          x->s_ptb = n->base ? n->ptb : pfree;
          x->pt[x->s_ptb].valid = 1;
        }
      } else if (rst_alloc) {
        x->s_st = SEQ_RCMD;
        x->s_rtb = ae;
        x->s_ptb = rc;
        x->s_k = 0;
        x->pt[rc].pre = 0;
      }
      break;
    case SEQ_PAUSE:
      if (d_ok && dr == sr) {
        x->s_st = SEQ_IDLE;
        x->pt[sp].valid = 0;
        x->n_abort++;
      } else if ((i->simt_paused_i >> sr) & 1) {
        const uint32_t bytes = (uint32_t)i->dirty_cnt_i * P_REG_BYTES;
        const int inpl = P_IPB != 0 && i->inplace_en_i && i->policy_i == KMU_POL_PEP && x->s_sw &&
                         bytes <= x->ip_free;
        x->s_op = x->s_sw && i->policy_i <= KMU_POL_CHIMERA ? KMU_CTX_OP_SAVE_ALL : KMU_CTX_OP_SAVE_DIRTY;
        x->s_ip = (unsigned)inpl;
        if (inpl) x->ip_free -= bytes, x->n_inplace++;
        x->pt[sp].ipb = inpl ? bytes : 0;
        x->s_st = SEQ_SCMD;
      }
      break;
    case SEQ_SCMD:
      if (i->ctx_cmd_ready_i) x->s_st = SEQ_SWAIT;
      break;
    case SEQ_SWAIT:
      if (i->ctx_done_i) {
        if (x->s_sw || upg) {
          x->s_st = SEQ_EVICT;
        } else {
          x->ent[sr].base = 1;
          x->ent[sr].ptb = sp;
          x->s_st = SEQ_IDLE;
          x->n_base++;
        }
      }
      break;
    case SEQ_EVICT: {
      sb_ent *n = &x->ent[sr];
      sb_pt *pt = &x->pt[sp];
      pt->pre = 1;
      pt->two = (int)x->s_k;
      pt->ip0 = x->s_ip && !x->s_k;
      pt->ip1 = x->s_ip && x->s_k;
      pt->e = *n;
      if (x->s_k) x->n_two++;
      if (n->tb < x->rec_cap) {
        sb_rec *r = &x->rec[n->tb];
        ok &= KMU_EXPECT_EQ(t, cyc, "an evicted TB was running", TB_RUNNING, r->st);
        r->st = TB_PREEMPTED;
      }
      n->valid = n->started = n->ckpt = n->sw = n->base = 0;
      x->pipe[sr] = 0;
      x->s_st = SEQ_IDLE;
      x->n_evict++;
      break;
    }
    case SEQ_RCMD:
      if (i->ctx_cmd_ready_i) x->s_st = SEQ_RWAIT;
      break;
    case SEQ_RWAIT:
      if (i->ctx_done_i) {
        if (!rst_last) {
          x->s_k = 1;
          x->s_st = SEQ_RCMD;
        } else {
          x->pt[sp].valid = 0;
          x->ip_free += x->pt[sp].ipb;
          x->sq[(x->sqh + x->sqn++) % NT] = sr;
          x->s_st = SEQ_IDLE;
        }
      }
      break;
  }
  if (upg && !(st == SEQ_PAUSE && x->s_st == SEQ_IDLE)) { /* (not when the save was aborted) */
    x->s_sw = 1;
    x->n_upg++;
  }
  /* decisions (on the eligibility before the edge; not for the entry finishing now) */
  if (i->pre_valid_i) {
    for (unsigned e = 0; e < NT; e++) {
      x->ent[e].ckpt = 0;
      if (((i->pre_switch_mask_i & elig) >> e) & 1 && !(d_ok && dr == e)) {
        x->ent[e].sw = 1;
        x->n_switch++;
      }
    }
  } else if (i->ckpt_valid_i) {
    for (unsigned e = 0; e < NT; e++)
      if (((i->ckpt_mask_i & elig) >> e) & 1 && !(d_ok && dr == e) && !x->ent[e].base &&
          !(e == sel && st == SEQ_IDLE))
        x->ent[e].ckpt = 1;
  }
  if ((launch || tb_ok || rst_alloc || wp_go) && ae < NT) {
    x->ent[ae] = na;
    if (wp_go) { /* in the pipeline at once (the controller starts it in the victim's slot) */
      x->pipe[ae] = 1;
      x->pipe_tb[ae] = na.tb;
      x->done_at[ae] = cyc + 1 + kmu_rng_below(g, x->maxdelay);
      if (na.tb < x->rec_cap) {
        ok &= KMU_EXPECT_EQ(t, cyc, "a borrowed-slot event warp was accepted", TB_ACCEPTED,
                            x->rec[na.tb].st);
        x->rec[na.tb].st = TB_RUNNING;
      }
    } else if (!rst_alloc) {
      x->sq[(x->sqh + x->sqn++) % NT] = ae;
    }
  }
  if (tb_ok || ew_ok) { /* a new TB identity */
    const uint32_t id = (uint32_t)i->start_tb_i;
    ok &= KMU_EXPECT_EQ(t, cyc, "TB identities are fresh", x->next_id, id);
    if (id < x->rec_cap) {
      sb_rec *r = &x->rec[id];
      r->st = TB_ACCEPTED;
      r->slot = (unsigned)i->start_slot_i;
      r->warps = tb_ok ? (unsigned)i->start_warps_i : 1;
      r->regs = (unsigned)i->start_regs_i;
      r->shmem = tb_ok ? (unsigned)i->start_shmem_i : 0;
      r->kptr = (uint32_t)i->start_kptr_i;
      r->param = (uint32_t)i->start_param_i;
    }
    x->next_id++;
  }
  if (ew_ok) {
    sb_ew *n = &x->ewq[(x->ewh + x->ewn++) % NE];
    *n = (sb_ew){(unsigned)i->start_slot_i, (unsigned)i->start_regs_i, (uint32_t)i->start_tb_i,
                 (uint32_t)i->start_kptr_i, (uint32_t)i->start_param_i};
    x->acc_ew++;
  }
  /* the test-side engine */
  if (o->ctx_cmd_valid_o && i->ctx_cmd_ready_i) {
    x->eng_busy = 1;
    x->eng_done_at = cyc + 1 + kmu_rng_below(g, x->eng_dur);
  } else if (x->eng_busy && i->ctx_done_i) {
    x->eng_busy = 0;
  }
  ok &= kmu_expect(x->ip_free <= P_IPB, t, cyc, "in-place bytes never above IPB", P_IPB,
                   x->ip_free);
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  const sb_use u = sb_usage(x);
  /* after the final drain: every TB accepted was reported done exactly once */
  ok &= KMU_EXPECT_EQ(t, 0, "event warps accepted == launched (free slot or borrowed)",
                      x->acc_ew, x->ew_launch + x->n_wp);
  ok &= KMU_EXPECT_EQ(t, 0, "TBs + event warps (free slot) + restores allocated == offered",
                      x->acc_tb + x->ew_launch + x->n_restore, x->offered);
  ok &= KMU_EXPECT_EQ(t, 0, "offered + borrowed-slot event warps == finished + evicted",
                      x->offered + x->n_wp, x->finished + x->n_evict);
  ok &= KMU_EXPECT_EQ(t, 0, "evicted == restored", x->n_evict, x->n_restore);
  ok &= KMU_EXPECT_EQ(t, 0, "finished == reported", x->finished, x->reported);
  ok &= KMU_EXPECT_EQ(t, 0, "finished == TBs + event warps accepted", x->acc_tb + x->acc_ew,
                      x->finished);
  for (uint32_t id = 0; id < x->next_id && id < x->rec_cap && ok; id++) {
    ok &= KMU_EXPECT_EQ(t, id, "TB (cycle field = its identity) done", TB_DONE, x->rec[id].st);
    ok &= KMU_EXPECT_EQ(t, id, "TB (cycle field = its identity) done exactly once", 1,
                        x->rec[id].ndone);
  }
  ok &= KMU_EXPECT_EQ(t, 0, "nothing resident at the end", 0, u.ntb);
  ok &= KMU_EXPECT_EQ(t, 0, "no event warp pending at the end", 0, x->ewn);
  ok &= KMU_EXPECT_EQ(t, 0, "no preempted TB left", 0, sb_pre_waiting(x));
  ok &= KMU_EXPECT_EQ(t, 0, "in-place bytes all free again", P_IPB, x->ip_free);
  /* the run exercised the block */
  ok &= kmu_expect(x->acc_tb > 0, t, 0, "some TB started", 1, x->acc_tb);
  ok &= kmu_expect(x->ew_launch > 0, t, 0, "some event warp started", 1, x->ew_launch);
  ok &= kmu_expect(x->overflow > 0, t, 0, "some start refused (err_overflow_o)", 1, 0);
  ok &= kmu_expect(x->err_done > 0, t, 0, "some done refused (err_done_o)", 1, 0);
  ok &= kmu_expect(x->n_evict > 0, t, 0, "some TB switched out and restored", 1, 0);
  ok &= kmu_expect(x->n_base > 0, t, 0, "some base checkpoint", 1, 0);
  ok &= kmu_expect(x->n_err_dec > 0, t, 0, "some bad decision (err_dec_o)", 1, 0);
  ok &= kmu_expect(x->n_wp > 0, t, 0, "some event warp in a borrowed slot", 1, 0);
  ok &= kmu_expect(x->n_upg > 0, t, 0, "some base save turned into a switch", 1, 0);
  if (getenv("KMU_SM_CTRL_STATS"))
    printf("  stats: tb %llu ew %llu (as tb %llu) overflow %llu err_done %llu ew-wait "
           "%llu fit0 %llu full tb %llu warps %llu regs %llu shmem %llu\n"
           "  preempt: base %llu switch-req %llu evict %llu (two areas %llu) restore %llu "
           "drop %llu inplace %llu abort %llu base-release %llu err_dec %llu\n"
           "  warp-level: asked %llu cycles, borrowed %llu (reserved registers %llu); "
           "base saves upgraded %llu\n",
           (unsigned long long)x->acc_tb, (unsigned long long)x->ew_launch,
           (unsigned long long)x->tb_as_ewarp, (unsigned long long)x->overflow,
           (unsigned long long)x->err_done, (unsigned long long)x->ew_wait_cycles,
           (unsigned long long)x->fit_no, (unsigned long long)x->full_cycles[0],
           (unsigned long long)x->full_cycles[1], (unsigned long long)x->full_cycles[2],
           (unsigned long long)x->full_cycles[3], (unsigned long long)x->n_base,
           (unsigned long long)x->n_switch, (unsigned long long)x->n_evict,
           (unsigned long long)x->n_two, (unsigned long long)x->n_restore,
           (unsigned long long)x->n_drop, (unsigned long long)x->n_inplace,
           (unsigned long long)x->n_abort, (unsigned long long)x->n_base_release,
           (unsigned long long)x->n_err_dec, (unsigned long long)x->n_wp_ask,
           (unsigned long long)x->n_wp, (unsigned long long)x->n_wp_rsv,
           (unsigned long long)x->n_upg);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  static rnd_ctx x;
  x.test = test;
  x.cycles = cycles;
  if (x.rec_cap < cycles + 1) {
    free(x.rec);
    x.rec_cap = (uint32_t)cycles + 1;
    x.rec = calloc(x.rec_cap, sizeof *x.rec);
  }
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep_mid_reset(&kmu_sm_ctrl_block, &s, test, seed, cycles);
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


KMU_DPROG_RUNNER(kmu_sm_ctrl, dprog, 1000000, KMU_DPROG_NO_HOOK)

static dprog prog;
#define PROG(test_name)    \
  dprog *p = &prog;        \
  memset(p, 0, sizeof *p); \
  p->test = (test_name)

static dstep *p_idle(dprog *p, const char *what) { return st(p, what); }
/* a TB start with these needs (also broadcast on need_*): accepted iff ok; nothing after */
static dstep *p_start_now(dprog *p, unsigned slot, unsigned warps, unsigned regs,
                          unsigned shmem, int ok, const char *what) {
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
/* the same, and for an accepted one that needs the rpw engine (its warps not a power of two)
 * RPW_ENGINE idle cycles, after which it is offered and the next TB start fits (t_rpw_engine
 * checks those cycles) */
static dstep *p_start(dprog *p, unsigned slot, unsigned warps, unsigned regs, unsigned shmem,
                      int ok, const char *what) {
  dstep *s = p_start_now(p, slot, warps, regs, shmem, ok, what);
  for (unsigned k = 0; ok && !pow2_warps(warps) && k < RPW_ENGINE; k++)
    st(p, "the rpw engine runs");
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

/* ---------------------------------------------------------------- preemption (directed) */
#define AB ((uint64_t)P_AREA_BYTES)
#define CBASE 0x40000000u
static uint32_t area_of(int inplace, unsigned p, unsigned k) {
  return (uint32_t)((inplace ? 0u : CBASE) + (p * 2 + k) * AB);
}
/* one TB start + its offer taken: entry e, slot `slot`, w warps, r registers, s bytes */
static void pp_run(dprog *p, unsigned slot, unsigned w, unsigned r, unsigned s, unsigned e,
                   uint64_t wm) {
  p_start(p, slot, w, r, s, 1, "start a TB");
  dstep *x = p_offer(p, e, slot, w, wm, 0, "the pipeline takes it");
  EXP(x, simt_start_restore_o, 0);
  EXP(x, simt_start_rpw_o, spec_rpw(r, w));
}
/* decision steps */
static dstep *pp_dec(dprog *p, int pre, uint64_t mask, int err, const char *what) {
  dstep *s = st(p, what);
  if (pre) {
    s->in.pre_valid_i = 1;
    s->in.pre_switch_mask_i = mask;
  } else {
    s->in.ckpt_valid_i = 1;
    s->in.ckpt_mask_i = mask;
  }
  EXP(s, err_dec_o, err);
  return s;
}
/* a save of entry e picked in the cycle after its decision: pause, paused after `lat`
 * cycles, the command (expected op / in-place / area), accepted, done after one cycle */
static void pp_save(dprog *p, unsigned e, uint64_t wm, unsigned r, unsigned w, unsigned sh,
                    unsigned op, int inpl, uint32_t area, unsigned dirty, unsigned lat) {
  dstep *s = st(p, "the sequencer picks the entry");
  EXP(s, simt_pause_o, 0);
  EXP(s, pre_busy_o, 0);
  for (unsigned k = 0; k <= lat; k++) {
    s = st(p, k < lat ? "paused: pipeline still draining" : "paused: simt_paused_i");
    if (k == lat) s->in.simt_paused_i = 1ull << e;
    s->in.dirty_cnt_i = dirty;
    EXP(s, simt_pause_o, 1ull << e);
    EXP(s, dq_wmask_o, wm);
    EXP(s, ctx_cmd_valid_o, 0);
    EXP(s, pre_busy_o, 1);
  }
  s = st(p, "save command, engine not ready");
  s->in.simt_paused_i = 1ull << e;
  EXP(s, ctx_cmd_valid_o, 1);
  EXP(s, ctx_cmd_op_o, op);
  EXP(s, ctx_cmd_inplace_o, inpl);
  EXP(s, ctx_cmd_area_o, area);
  EXP(s, ctx_cmd_wmask_o, wm);
  EXP(s, ctx_cmd_rpw_o, spec_rpw(r, w));
  EXP(s, ctx_cmd_shmem_o, sh);
  EXP(s, simt_pause_o, 1ull << e);
  s = st(p, "save command accepted");
  s->in.simt_paused_i = 1ull << e;
  s->in.ctx_cmd_ready_i = 1;
  EXP(s, ctx_cmd_valid_o, 1);
  EXP(s, ctx_cmd_area_o, area);
  s = st(p, "engine runs");
  s->in.simt_paused_i = 1ull << e;
  EXP(s, ctx_cmd_valid_o, 0);
  EXP(s, simt_pause_o, 1ull << e);
  s = st(p, "engine done");
  s->in.simt_paused_i = 1ull << e;
  s->in.ctx_done_i = 1;
  EXP(s, simt_pause_o, 1ull << e);
}
/* a RESTORE command for area `area` (in-place inpl) of a TB restored into entry e */
static void pp_restore(dprog *p, uint64_t wm, unsigned r, unsigned w, unsigned sh, int inpl,
                       uint32_t area) {
  dstep *s = st(p, "RESTORE command");
  s->in.ctx_cmd_ready_i = 1;
  EXP(s, ctx_cmd_valid_o, 1);
  EXP(s, ctx_cmd_op_o, KMU_CTX_OP_RESTORE);
  EXP(s, ctx_cmd_inplace_o, inpl);
  EXP(s, ctx_cmd_area_o, area);
  EXP(s, ctx_cmd_wmask_o, wm);
  EXP(s, ctx_cmd_rpw_o, spec_rpw(r, w));
  EXP(s, ctx_cmd_shmem_o, sh);
  EXP(s, pre_busy_o, 1);
  EXP(s, simt_start_valid_o, 0);
  s = st(p, "restore done");
  s->in.ctx_done_i = 1;
  EXP(s, ctx_cmd_valid_o, 0);
}
static unsigned g_pol, g_ipen, g_hold;
static void pp_csr(dprog *p) {
  for (unsigned k = 0; k < p->n; k++) {
    p->s[k].in.ctx_base_i = CBASE;
    if (!p->s[k].in.policy_i) p->s[k].in.policy_i = g_pol;
    p->s[k].in.inplace_en_i = g_ipen;
  }
  (void)g_hold;
}
static dstep *pp_idle_pol(dprog *p, unsigned pol, const char *what) {
  dstep *s = st(p, what);
  s->in.policy_i = pol;
  return s;
}

/* PEP: base checkpoint (area 0, SAVE_DIRTY), the TB resumes; a switch saves the incremental
 * into area 1; hold_i keeps it preempted (new TBs fit meanwhile); then area 0 and area 1 are
 * restored in that order and the TB is offered again with the restore flag; one done report */
static int t_base_switch(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s;
  g_pol = KMU_POL_PEP;
  g_ipen = 0;
  pp_run(p, 7, 1, 100, 40, 0, 1);
  pp_dec(p, 0, 1, 0, "base checkpoint of entry 0");
  pp_save(p, 0, 1, 100, 1, 40, KMU_CTX_OP_SAVE_DIRTY, 0, area_of(0, 0, 0), 3, 2);
  s = st(p, "base saved: the TB resumes");
  EXP(s, simt_pause_o, 0);
  EXP(s, base_o, 1);
  EXP(s, elig_o, 1);
  EXP(s, ptb_count_o, 0);
  EXP(s, resident_o, 1);
  pp_dec(p, 0, 1, 0, "a second base checkpoint: ignored (it has one), no error");
  s = st(p, "nothing happens");
  EXP(s, simt_pause_o, 0);
  pp_dec(p, 1, 1, 0, "preempt: switch entry 0");
  s = st(p, "switch pending: no longer eligible; the sequencer picks it");
  EXP(s, elig_o, 0);
  EXP(s, simt_pause_o, 0);
  s = st(p, "paused at once");
  EXP(s, simt_pause_o, 1);
  s->in.simt_paused_i = 1;
  s = st(p, "paused -> command next");
  s->in.simt_paused_i = 1;
  EXP(s, ctx_cmd_valid_o, 1);
  EXP(s, ctx_cmd_op_o, KMU_CTX_OP_SAVE_DIRTY);
  EXP(s, ctx_cmd_area_o, area_of(0, 0, 1));
  s->in.ctx_cmd_ready_i = 1;
  s = st(p, "engine runs; a done of the saved entry is refused");
  s->in.simt_paused_i = 1;
  s->in.simt_done_valid_i = 1;
  EXP(s, err_done_o, 1);
  s = st(p, "engine done");
  s->in.ctx_done_i = 1;
  s->in.simt_paused_i = 1;
  s->in.hold_i = 1;
  s = st(p, "evict (hold_i high)");
  s->in.hold_i = 1;
  s->in.simt_paused_i = 1;
  EXP(s, simt_evict_valid_o, 1);
  EXP(s, simt_evict_rtb_o, 0);
  EXP(s, done_valid_o, 0);
  s = st(p, "switched out: resources free, no report, preempted; hold_i: a new TB fits");
  s->in.hold_i = 1;
  s->in.need_warps_i = 1;
  exp_free(s, NT, NW, NR, NS);
  EXP(s, ptb_count_o, 1);
  EXP(s, fit_o, 1);
  EXP(s, done_valid_o, 0);
  EXP(s, base_o, 0);
  for (unsigned k = 0; k < 3; k++) {
    s = st(p, "hold_i: no restore starts");
    s->in.hold_i = 1;
    EXP(s, pre_busy_o, 0);
    EXP(s, ptb_count_o, 1);
  }
  s = st(p, "hold_i low: the restore starts, fit_o 0 for new TBs");
  s->in.need_warps_i = 1;
  EXP(s, fit_o, 0);
  EXP(s, pre_busy_o, 0);
  pp_restore(p, 1, 100, 1, 40, 0, area_of(0, 0, 0));
  pp_restore(p, 1, 100, 1, 40, 0, area_of(0, 0, 1));
  s = st(p, "restored: offered again, the restore flag set");
  s->in.simt_start_ready_i = 1;
  EXP(s, simt_start_valid_o, 1);
  EXP(s, simt_start_restore_o, 1);
  EXP(s, simt_start_slot_o, 7);
  EXP(s, simt_start_tb_o, tb_of(7));
  EXP(s, simt_start_kptr_o, kptr_of(7));
  EXP(s, simt_start_param_o, param_of(7));
  EXP(s, simt_start_warps_o, 1);
  EXP(s, simt_start_rpw_o, spec_rpw(100, 1));
  EXP(s, ptb_count_o, 0);
  exp_free(s, NT - 1, NW - 1, NR - 100, NS - 40);
  p_done(p, 0, 1, "it finishes");
  s = st(p, "exactly one report");
  EXP(s, done_valid_o, 1);
  EXP(s, done_slot_o, 7);
  s = st(p, "and no other");
  EXP(s, done_valid_o, 0);
  exp_free(s, NT, NW, NR, NS);
  pp_csr(p);
  return d_run(p);
}

/* PEP Fig. 3 (b): the preemption request arrives while the base checkpoint is being saved
 * (its entry is not eligible: the named bit raises err_dec_o); under PEP the base save becomes
 * the switch: the TB is evicted with that one checkpoint (area 0) and restored from it alone.
 * Under CHIMERA the same request leaves the base save a base checkpoint (the TB resumes). */
static int t_base_upgrade(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s;
  g_pol = KMU_POL_PEP;
  g_ipen = 0;
  pp_run(p, 7, 1, 100, 40, 0, 1);
  pp_dec(p, 0, 1, 0, "base checkpoint of entry 0");
  s = st(p, "the sequencer picks the entry");
  s = st(p, "paused; a preemption request names it: not eligible (err_dec_o), upgrades");
  s->in.simt_paused_i = 1;
  s->in.pre_valid_i = 1;
  s->in.pre_switch_mask_i = 1;
  EXP(s, simt_pause_o, 1), EXP(s, err_dec_o, 1), EXP(s, elig_o, 0);
  s = st(p, "the command: still the base's SAVE_DIRTY into area 0");
  s->in.simt_paused_i = 1;
  s->in.ctx_cmd_ready_i = 1;
  EXP(s, ctx_cmd_valid_o, 1), EXP(s, ctx_cmd_op_o, KMU_CTX_OP_SAVE_DIRTY);
  EXP(s, ctx_cmd_area_o, area_of(0, 0, 0));
  s = st(p, "engine done");
  s->in.simt_paused_i = 1;
  s->in.ctx_done_i = 1;
  s->in.hold_i = 1;
  s = st(p, "evicted instead of resumed");
  s->in.simt_paused_i = 1;
  s->in.hold_i = 1;
  EXP(s, simt_evict_valid_o, 1), EXP(s, simt_evict_rtb_o, 0), EXP(s, simt_pause_o, 1);
  s = st(p, "switched out with one checkpoint");
  s->in.hold_i = 1;
  EXP(s, ptb_count_o, 1), EXP(s, base_o, 0), EXP(s, resident_o, 0);
  exp_free(s, NT, NW, NR, NS);
  s = st(p, "hold_i low: the restore starts");
  pp_restore(p, 1, 100, 1, 40, 0, area_of(0, 0, 0));
  s = st(p, "restored from area 0 alone: offered again");
  s->in.simt_start_ready_i = 1;
  EXP(s, simt_start_valid_o, 1), EXP(s, simt_start_restore_o, 1), EXP(s, simt_start_tb_o, tb_of(7));
  EXP(s, pre_busy_o, 0);
  p_done(p, 0, 1, "it finishes");
  s = st(p, "one report");
  EXP(s, done_valid_o, 1), EXP(s, done_slot_o, 7);
  /* CHIMERA: no upgrade (no base checkpoints are asked for under it; one left running from a
   * PEP phase stays a base) */
  pp_run(p, 8, 1, 100, 40, 0, 1);
  pp_dec(p, 0, 1, 0, "base checkpoint of entry 0 (PEP)");
  s = st(p, "picked");
  s = pp_idle_pol(p, KMU_POL_CHIMERA, "paused; a CHIMERA preemption request: not eligible, no upgrade");
  s->in.simt_paused_i = 1;
  s->in.pre_valid_i = 1;
  s->in.pre_switch_mask_i = 1;
  EXP(s, err_dec_o, 1);
  s = st(p, "command");
  s->in.simt_paused_i = 1;
  s->in.ctx_cmd_ready_i = 1;
  EXP(s, ctx_cmd_valid_o, 1);
  s = st(p, "engine done");
  s->in.simt_paused_i = 1;
  s->in.ctx_done_i = 1;
  s = st(p, "the TB resumes with its base");
  EXP(s, simt_evict_valid_o, 0), EXP(s, simt_pause_o, 0), EXP(s, base_o, 1);
  EXP(s, resident_o, 1);
  pp_csr(p);
  return d_run(p);
}

/* op by policy: CHIMERA SAVE_ALL, CHIMERA_DIRTY and PEP SAVE_DIRTY (no base: area 0) */
static int t_policy_ops(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  g_pol = 0;
  g_ipen = 1; /* in-place only for PEP */
  const unsigned pols[3] = {KMU_POL_CHIMERA, KMU_POL_CHIMERA_DIRTY, KMU_POL_DRAIN};
  const unsigned ops[3] = {KMU_CTX_OP_SAVE_ALL, KMU_CTX_OP_SAVE_DIRTY, KMU_CTX_OP_SAVE_ALL};
  for (unsigned k = 0; k < 3; k++) {
    pp_run(p, 3 + k, 2 <= NW ? 2 : 1, 300, 0, 0, 2 <= NW ? 3 : 1);
    const unsigned w = 2 <= NW ? 2 : 1;
    dstep *s = pp_dec(p, 1, 1, 0, "switch entry 0");
    s->in.policy_i = pols[k];
    unsigned n0 = p->n;
    pp_save(p, 0, w == 2 ? 3 : 1, 300, w, 0, ops[k], 0, area_of(0, 0, 0), 0, 0);
    for (unsigned j = n0; j < p->n; j++) p->s[j].in.policy_i = pols[k];
    s = pp_idle_pol(p, pols[k], "evict");
    EXP(s, simt_evict_valid_o, 1);
    s = st(p, "restore starts");
    EXP(s, ptb_count_o, 1);
    pp_restore(p, w == 2 ? 3 : 1, 300, w, 0, 0, area_of(0, 0, 0));
    s = p_offer(p, 0, 3 + k, w, w == 2 ? 3 : 1, 0, "offered again");
    EXP(s, simt_start_restore_o, 1);
    p_done(p, 0, 1, "finishes");
    p_idle(p, "report");
  }
  pp_csr(p);
  return d_run(p);
}

/* in-place: PEP switch whose dirty bytes fit the free on-chip bytes exactly; the next does not */
static int t_inplace(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (P_IPB == 0 || NT < 2 || NW < 2 || NP < 2) return 1;
  PROG(test);
  g_pol = KMU_POL_PEP;
  g_ipen = 1;
  const unsigned fitn = P_IPB / P_REG_BYTES;
  pp_run(p, 1, 1, 32, 0, 0, 1);
  pp_run(p, 2, 1, 32, 0, 1, 2);
  pp_dec(p, 1, 3, 0, "switch both");
  pp_save(p, 0, 1, 32, 1, 0, KMU_CTX_OP_SAVE_DIRTY, 1, area_of(1, 0, 0), fitn, 0);
  dstep *s = st(p, "evict entry 0 (in place: all on-chip bytes)");
  s->in.hold_i = 1;
  EXP(s, simt_evict_valid_o, 1);
  unsigned n0 = p->n;
  /* entry 1: no base, p = 1; one register does not fit any more */
  pp_save(p, 1, 2, 32, 1, 0, KMU_CTX_OP_SAVE_DIRTY, 0, area_of(0, 1, 0), 1, 0);
  s = st(p, "evict entry 1 (memory)");
  EXP(s, simt_evict_valid_o, 1);
  s = st(p, "both preempted; hold");
  EXP(s, ptb_count_o, 2);
  for (unsigned j = n0 - 1; j < p->n; j++) p->s[j].in.hold_i = 1;
  s = st(p, "restore of the lowest table entry starts");
  pp_restore(p, 1, 32, 1, 0, 1, area_of(1, 0, 0));
  s = p_offer(p, 0, 1, 1, 1, 0, "TB 1 again");
  EXP(s, simt_start_restore_o, 1);
  pp_restore(p, 2, 32, 1, 0, 0, area_of(0, 1, 0));
  s = p_offer(p, 1, 2, 1, 2, 0, "TB 2 again");
  EXP(s, simt_start_restore_o, 1);
  /* the on-chip bytes are free again: a new in-place save fits exactly */
  pp_dec(p, 1, 1, 0, "switch entry 0 again");
  pp_save(p, 0, 1, 32, 1, 0, KMU_CTX_OP_SAVE_DIRTY, 1, area_of(1, 0, 0), fitn, 0);
  pp_csr(p);
  return d_run(p);
}

/* a full preempted table turns further requests into drains; a TB finishing after a base
 * checkpoint releases its table entry (the next base gets the lowest entry again) */
static int t_ptb_full(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (NP >= NT || NW < NT) return 1;
  PROG(test);
  g_pol = KMU_POL_PEP;
  g_ipen = 0;
  dstep *s;
  /* 32 registers: one warp register per slot (a TB of none is never eligible: no context) */
  for (unsigned e = 0; e <= NP; e++) pp_run(p, 0x10 + e, 1, 32, 0, e, 1ull << e);
  for (unsigned e = 0; e < NP; e++) {
    pp_dec(p, 0, 1ull << e, 0, "base checkpoint");
    pp_save(p, e, 1ull << e, 32, 1, 0, KMU_CTX_OP_SAVE_DIRTY, 0, area_of(0, e, 0), 0, 0);
  }
  s = st(p, "table full of base reservations");
  EXP(s, base_o, kmu_mask(NP));
  pp_dec(p, 1, 1ull << NP, 0, "switch entry NP: no table entry");
  s = st(p, "picked and dropped");
  EXP(s, simt_pause_o, 0);
  s = st(p, "dropped: no pause, the TB drains, eligible again");
  EXP(s, simt_pause_o, 0);
  EXP(s, pre_busy_o, 0);
  EXP(s, elig_o, kmu_mask(NP + 1));
  p_done(p, 0, 1, "entry 0 (with a base) finishes: its table entry is released");
  p_idle(p, "report");
  pp_dec(p, 0, 1ull << NP, 0, "base checkpoint of entry NP");
  pp_save(p, NP, 1ull << NP, 32, 1, 0, KMU_CTX_OP_SAVE_DIRTY, 0, area_of(0, 0, 0), 0, 0);
  s = st(p, "it got table entry 0");
  EXP(s, base_o, kmu_mask(NP + 1) & ~1ull);
  pp_csr(p);
  return d_run(p);
}

/* bad decisions: free, unstarted, event-warp and in-save entries are ignored, err_dec_o */
static int t_err_dec(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (NT < 3 || NW < 3) return 1;
  PROG(test);
  g_pol = KMU_POL_CHIMERA;
  g_ipen = 0;
  dstep *s = pp_dec(p, 0, 1, 1, "ckpt of a free entry");
  pp_dec(p, 1, 1, 1, "switch of a free entry");
  p_start(p, 1, 1, 32, 0, 1, "TB into entry 0 (32 registers: a context to save)");
  s = pp_dec(p, 1, 1, 1, "switch of an unstarted entry");
  EXP(s, elig_o, 0);
  p_offer(p, 0, 1, 1, 1, 0, "started");
  p_ewarp(p, 2, 0, 1, "event warp");
  s = st(p, "it starts: entry 1");
  s = p_offer(p, 1, 2, 1, 2, 1, "event warp offered");
  pp_dec(p, 1, 2, 1, "switch of an event warp");
  s = pp_dec(p, 0, 3, 1, "ckpt naming a good and an event-warp entry");
  EXP(s, elig_o, 1);
  s = st(p, "the good bit was taken: picked now (a pending base is still eligible)");
  EXP(s, elig_o, 1);
  s = pp_dec(p, 1, 1, 1, "switch of the entry being saved");
  EXP(s, elig_o, 0);
  EXP(s, simt_pause_o, 1);
  s->in.simt_paused_i = 1;
  s = st(p, "the base save goes on");
  EXP(s, ctx_cmd_valid_o, 1);
  EXP(s, ctx_cmd_op_o, KMU_CTX_OP_SAVE_DIRTY);
  s = pp_dec(p, 1, 0, 0, "an empty switch mask is no error");
  pp_csr(p);
  return d_run(p);
}

/* ---- warp-level preemption (EDGE IV-D): every warp slot is busy; an event warp asks the
 * controller for a victim (wp_ev_*), waits while it is not accepted, leaves the EWT into a
 * started entry that owns no warp slot, reserves ceil(regs/32)*32 registers only when that
 * many per thread are free (else the victim's are used), finishes and reports done once.
 * Without wp_en_i nothing is asked; a head needing > 255 registers per thread never asks. */
static dstep *wp_step(dprog *p, int en, const char *what) {
  dstep *s = st(p, what);
  s->in.wp_en_i = (uint64_t)en;
  return s;
}
static int t_warp_preempt(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (NR < 64) return 1;
  PROG(test);
  const unsigned wa = NW > 32 ? 32 : NW, wb = NW - wa; /* TB A (and B) take every warp slot */
  const unsigned ntb = wb ? 2 : 1;
  if (NT < ntb + 2) return 1;
  dstep *s = p_start(p, 1, wa, NR - 32, 0, 1, "TB A: warps and all registers but 32");
  s->in.wp_en_i = 1;
  s = p_offer(p, 0, 1, wa, bits(0, wa), 0, "A starts");
  s->in.wp_en_i = 1;
  if (wb) {
    s = p_start(p, 4, wb, 0, 0, 1, "TB B: the other warp slots");
    s->in.wp_en_i = 1;
    s = p_offer(p, 1, 4, wb, bits(wa, wb), 0, "B starts");
    s->in.wp_en_i = 1;
  }
  const unsigned e1 = ntb, e2 = ntb + 1;
  s = p_ewarp(p, 2, 32, 1, "event warp E1 (32 registers = 1 per thread): into the EWT");
  s->in.wp_en_i = 1;
  EXP(s, wp_ev_valid_o, 0);
  for (unsigned k = 0; k < 2; k++) {
    s = wp_step(p, 1, "no warp slot: E1 asks for a victim; not accepted yet");
    EXP(s, wp_ev_valid_o, 1), EXP(s, wp_ev_regs_o, 1), EXP(s, wp_ev_pc_o, kptr_of(2));
    EXP(s, wp_ev_id_o, e1), EXP(s, wp_free_regs_o, 1), EXP(s, ewt_free_o, NE - 1);
    EXP(s, fit_o, 0);
  }
  s = wp_step(p, 1, "accepted (wp_ev_ready_i)");
  s->in.wp_ev_ready_i = 1;
  EXP(s, wp_ev_valid_o, 1);
  s = wp_step(p, 1, "E1 resident and started: no warp slot, its 32 registers reserved");
  EXP(s, wp_ev_valid_o, 0), EXP(s, ewt_free_o, NE), EXP(s, simt_start_valid_o, 0);
  EXP(s, resident_o, bits(0, ntb + 1)), EXP(s, busy_warps_o, kmu_mask(NW));
  exp_free(s, NT - ntb - 1, 0, 0, NS);
  EXP(s, wp_free_regs_o, 0);
  s = p_ewarp(p, 3, 32, 1, "event warp E2 (1 per thread); wp_en_i low");
  s = wp_step(p, 0, "wp_en_i low: nothing asked");
  EXP(s, wp_ev_valid_o, 0);
  s = wp_step(p, 1, "wp_en_i high: E2 asks; no free register: it will use the victim's");
  s->in.wp_ev_ready_i = 1;
  EXP(s, wp_ev_valid_o, 1), EXP(s, wp_ev_regs_o, 1), EXP(s, wp_ev_id_o, e2);
  EXP(s, wp_free_regs_o, 0);
  s = p_done(p, e1, 1, "E1 finishes (its own entry)");
  s->in.wp_en_i = 1;
  EXP(s, resident_o, bits(0, ntb + 2)), EXP(s, free_regs_o, 0);
  s = p_done(p, e2, 1, "E2 finishes; E1's report and 32 registers are back");
  EXP(s, done_valid_o, 1), EXP(s, done_slot_o, 2), EXP(s, free_regs_o, 32);
  s = p_idle(p, "E2's report; E2 held no register");
  EXP(s, done_valid_o, 1), EXP(s, done_slot_o, 3), EXP(s, free_regs_o, 32);
  EXP(s, free_warps_o, 0);
  s = p_idle(p, "both reported once");
  EXP(s, done_valid_o, 0), EXP(s, resident_o, bits(0, ntb));
  /* 8161 registers: ceil(8161 / 32) = 256 per thread, one above the 255 a request carries (the
   * edge of the RTL's test on the registers themselves, regs <= 8160) */
  if (NR >= 255 * 32 + 1 && NE > 0) {
    s = p_ewarp(p, 5, 255 * 32 + 1, 1, "E3 needs 256 registers per thread (8161)");
    for (unsigned k = 0; k < 2; k++) {
      s = wp_step(p, 1, "more than 255 per thread: never asks");
      s->in.wp_ev_ready_i = 1;
      EXP(s, wp_ev_valid_o, 0), EXP(s, ewt_free_o, NE - 1);
    }
  }
  return d_run(p);
}

/* The serial rpw engine (docs/blocks/kmu_sm_ctrl.md, "Registers per warp"): a TB start of 3
 * warps accepted in t is resident at once, offered from t + 7 with ceil(regs / (32 warps))
 * saturated to 63; no TB start fits in t+1..t+5, one fits again in t+6 (the engine's last
 * step); a TB of a power-of-two warp count is offered in the next cycle (behind older ones);
 * then values at the quotient's edges (exact, one above, saturation), both paths, at this
 * harness's sizes. */
static int t_rpw_engine(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s;
  s = p_start_now(p, 1, 1, 40, 0, 1, "P: 1 warp, 40 registers (rpw 2): no engine");
  s = p_offer(p, 0, 1, 1, 1, 0, "P offered in t+1");
  EXP(s, simt_start_rpw_o, spec_rpw(40, 1));
  s->in.need_warps_i = 3;
  EXP(s, fit_o, 1);
  p_start_now(p, 2, 3, 200, 0, 1, "A: 3 warps, 200 registers (rpw 3)");
  for (unsigned k = 1; k < RPW_ENGINE; k++) {
    s = p_query(p, 1, 0, 0, 0, 0, 0, "the engine runs: no TB start fits, A not offered");
    s->in.simt_start_ready_i = 1;
    EXP(s, simt_start_valid_o, 0), EXP(s, resident_o, 3), EXP(s, free_regs_o, NR - 240);
  }
  s = p_start_now(p, 3, 1, 64, 0, 1, "B (1 warp) accepted in the engine's last step");
  EXP(s, simt_start_valid_o, 0);
  s = p_offer(p, 1, 2, 3, 0xeull & kmu_mask(NW), 0, "A offered in t+7 with its rpw");
  EXP(s, simt_start_rpw_o, spec_rpw(200, 3)), EXP(s, simt_start_restore_o, 0);
  s = p_offer(p, 2, 3, 1, 0x10ull, 0, "then B");
  EXP(s, simt_start_rpw_o, spec_rpw(64, 1));
  p_done(p, 2, 1, "B finishes");
  p_done(p, 1, 1, "A finishes");
  p_done(p, 0, 1, "P finishes");
  p_idle(p, "reports leave");
  p_idle(p, "reports leave");
  /* quotient edges: {warps, registers} */
  static const unsigned wr[][2] = {
      {1, 0},     {1, 1},     {1, 32},    {1, 33},    {2, 64},    {2, 65},    {3, 480},
      {3, 481},   {5, 999},   {7, 4096},  {8, 4095},  {1, 2016},  {1, 2017},  {1, 2048},
      {2, 4032},  {2, 4033},  {33, 65536}, {32, 65536}, {63, 65536}, {48, 65535}, {1, 65536},
      {31, 64480}, {5, 1000}, {4, 4096}};
  for (unsigned k = 0; k < sizeof wr / sizeof wr[0]; k++) {
    const unsigned w = wr[k][0], r = wr[k][1];
    if (w > NW || r > NR) continue;
    p_start(p, 3, w, r, 0, 1, "a TB start");
    s = p_offer(p, 0, 3, w, kmu_mask(w), 0, "offered with ceil(regs / (32 warps)), at most 63");
    EXP(s, simt_start_rpw_o, spec_rpw(r, w));
    p_done(p, 0, 1, "it finishes");
    p_idle(p, "its report leaves");
  }
  s = p_idle(p, "all free");
  exp_free(s, NT, NW, NR, NS);
  return d_run(p);
}

/* a TReM drop of tag `tag` (drop_valid_i for one cycle) */
static dstep *p_drop(dprog *p, unsigned tag, const char *what) {
  dstep *s = st(p, what);
  s->in.drop_valid_i = 1;
  s->in.drop_slot_i = tag;
  return s;
}
/* the drop's acknowledge in the next cycle, exactly once; then the program runs */
static int pp_drop_ack(dprog *p) {
  dstep *s = st(p, "acknowledge");
  EXP(s, drop_ack_o, 1);
  s = st(p, "once");
  EXP(s, drop_ack_o, 0);
  pp_csr(p);
  return d_run(p);
}

/* A TReM drop while a restore of a TB of the tag runs, with another TB of the tag running:
 * the drop pauses and evicts the running one, aborts the restore, and once the engine is idle
 * frees the restored entry (rst_kill).  The engine turns idle (ctx_cmd_ready_i) in the cycle of
 * the drop's evict: the restore's release waits one cycle (one release per cycle, issue 15
 * area: kmu_sm_ctrl.v rel_*), so the restored entry's resources come back a cycle after the
 * evicted one's and the acknowledge follows a cycle later than without the wait. */
static int t_drop_rst_hold(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s;
  g_pol = KMU_POL_CHIMERA;
  g_ipen = 0;
  pp_run(p, 9, 1, 100, 40, 0, 1); /* A: entry 0, warp slot 0 */
  pp_run(p, 9, 1, 64, 0, 1, 2);   /* B: entry 1, warp slot 1, the same tag */
  pp_dec(p, 1, 1, 0, "preempt: switch A");
  s = st(p, "the sequencer picks A");
  EXP(s, simt_pause_o, 0);
  s = st(p, "A paused");
  s->in.simt_paused_i = 1;
  EXP(s, simt_pause_o, 1);
  s = st(p, "save command accepted");
  s->in.simt_paused_i = 1;
  s->in.ctx_cmd_ready_i = 1;
  EXP(s, ctx_cmd_valid_o, 1);
  s = st(p, "save done");
  s->in.simt_paused_i = 1;
  s->in.ctx_done_i = 1;
  s = st(p, "A evicted");
  s->in.simt_paused_i = 1;
  EXP(s, simt_evict_valid_o, 1);
  EXP(s, simt_evict_rtb_o, 0);
  s = st(p, "A's restore allocated (entry 0)");
  EXP(s, ptb_count_o, 1);
  exp_free(s, NT - 1, NW - 1, NR - 64, NS);
  s = st(p, "RESTORE command accepted");
  s->in.ctx_cmd_ready_i = 1;
  EXP(s, ctx_cmd_valid_o, 1);
  EXP(s, ctx_cmd_op_o, KMU_CTX_OP_RESTORE);
  exp_free(s, NT - 2, NW - 2, NR - 164, NS - 40);
  s = p_drop(p, 9, "restore runs: drop of tag 9");
  EXP(s, ctx_abort_o, 0);
  s = st(p, "drop INIT: B paused, the restore aborted");
  s->in.simt_paused_i = 2;
  EXP(s, simt_pause_o, 2);
  EXP(s, ctx_abort_o, 1);
  EXP(s, simt_evict_valid_o, 0);
  s = st(p, "B evicted by the drop; the engine idle in the same cycle");
  s->in.simt_paused_i = 2;
  s->in.ctx_cmd_ready_i = 1;
  EXP(s, simt_evict_valid_o, 1);
  EXP(s, simt_evict_rtb_o, 1);
  EXP(s, ctx_abort_o, 1);
  EXP(s, pre_busy_o, 1);
  exp_free(s, NT - 2, NW - 2, NR - 164, NS - 40);
  s = st(p, "B's resources back; the restore's release waited: A freed now");
  s->in.ctx_cmd_ready_i = 1;
  EXP(s, simt_evict_valid_o, 0);
  EXP(s, ctx_abort_o, 1);
  EXP(s, pre_busy_o, 1);
  EXP(s, resident_o, 1);
  exp_free(s, NT - 1, NW - 1, NR - 100, NS - 40);
  s = st(p, "A's resources back, nothing of the tag left");
  s->in.ctx_cmd_ready_i = 1;
  EXP(s, ctx_abort_o, 0);
  EXP(s, pre_busy_o, 0);
  EXP(s, resident_o, 0);
  EXP(s, ptb_count_o, 0);
  EXP(s, drop_ack_o, 0);
  exp_free(s, NT, NW, NR, NS);
  return pp_drop_ack(p);
}

/* A TReM drop with a started TB of the tag (paused, then evicted by the drop) and an unstarted
 * one in the start FIFO: the rotation that frees the unstarted one would pop in the cycle of the
 * evict; it waits one cycle (one release per cycle, issue 15 area: kmu_sm_ctrl.v rel_*), so
 * the two entries' resources come back in consecutive cycles and the acknowledge is a cycle
 * later than without the wait. */
static int t_drop_rot_hold(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s;
  g_pol = KMU_POL_CHIMERA;
  g_ipen = 0;
  pp_run(p, 9, 1, 100, 0, 0, 1); /* A: entry 0, started */
  p_start(p, 9, 1, 50, 20, 1, "C: entry 1, not taken by the pipeline");
  s = p_drop(p, 9, "C offered, not taken: drop of tag 9");
  EXP(s, simt_start_valid_o, 1);
  EXP(s, simt_start_rtb_o, 1);
  s = st(p, "drop INIT: A paused, nothing offered");
  s->in.simt_paused_i = 1;
  EXP(s, simt_pause_o, 1);
  EXP(s, simt_start_valid_o, 0);
  s = st(p, "A evicted by the drop; the rotation waits");
  s->in.simt_paused_i = 1;
  EXP(s, simt_evict_valid_o, 1);
  EXP(s, simt_evict_rtb_o, 0);
  exp_free(s, NT - 2, NW - 2, NR - 150, NS - 20);
  s = st(p, "A's resources back; the rotation frees C now");
  EXP(s, simt_evict_valid_o, 0);
  EXP(s, resident_o, 2);
  EXP(s, simt_start_valid_o, 0);
  exp_free(s, NT - 1, NW - 1, NR - 50, NS - 20);
  s = st(p, "C's resources back, nothing of the tag left");
  EXP(s, resident_o, 0);
  EXP(s, drop_ack_o, 0);
  exp_free(s, NT, NW, NR, NS);
  return pp_drop_ack(p);
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
    {"base_switch", t_base_switch, 0, 0},
    {"base_upgrade", t_base_upgrade, 0, 0},
    {"policy_ops", t_policy_ops, 0, 0},
    {"inplace", t_inplace, 0, 0},
    {"ptb_full", t_ptb_full, 0, 0},
    {"err_dec", t_err_dec, 0, 0},
    {"warp_preempt", t_warp_preempt, 0, 0},
    {"rpw_engine", t_rpw_engine, 0, 0},
    {"drop_rst_hold", t_drop_rst_hold, 0, 0},
    {"drop_rot_hold", t_drop_rot_hold, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_sm_ctrl_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
