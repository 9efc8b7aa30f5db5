/* test_kmu_sm.c - lockstep, scoreboard and directed tests of kmu_sm (rtl/sm/kmu_sm.v): one SM's
 * control hardware (kmu_sm_ctrl, kmu_ctx_engine, kmu_dirty_rf, kmu_pep_predictor,
 * kmu_warp_preempt wired once).
 *
 * The environment is a behavioural SIMT runner per resident entry (after studies/pep/pep_study.c
 * run_cycles): TBs of a few random kernels write registers (held while rf_wr_ready_o is low),
 * retire instructions, start and exit warps, finish; pause is answered with simt_paused_i after a
 * drain delay; evicted TBs wait for their restore, whose registers (read back through rf_rd_*)
 * and shared memory (the shm_w* beats) are checked before the restored offer is accepted.  A
 * memory with random ready and in-order responses of random latency, the shared memory of each
 * TB (a hash of the TB and the address) and the on-chip checkpoint store are models here.  Event
 * warps go through the event-warp table, the regular way or by warp-level preemption, whose
 * protocol (flush status, rsave/rrest, ev_done) the environment answers.
 *
 * Scoreboards (the second oracle, from the specification): every TB the dispatcher started is
 * reported done once per kernel slot; a restored TB's written registers and its shared memory
 * come back intact; no err_o bit, err_done_o or err_overflow_o in a legal run; every memory
 * request inside ctx_base_i .. + 2*PTBS*AREA_BYTES (kmu_sm_ctrl: area (p*2+k)*AREA_BYTES of
 * table entry p); the run ends with nothing resident, nothing preempted, every counter full. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_regmap.h"
#include "kmu_sm.h"
#include "kmu_tb.h"
#include "kmu_yield_mon.h" /* KMU_YR_* answer codes of the yield lane */

#ifndef P_PEP_TW
#define P_PEP_TW 32 /* the predictor's time width: the RTL's default unless a harness names it */
#endif
static const kmu_sm_params params = {P_TBS,  P_WARPS, P_REGS,      P_SHMEM,      P_EWT,
                                     P_PTBS, P_AREA_BYTES, P_IPB,  P_RPW,        P_DW,
                                     P_REG_BYTES, P_BEAT_BYTES, P_KSLOTS, P_EMA_SH, P_PEP_TW};
#define KMU_CUR_IN kmu_sm_in
#define KMU_CUR_OUT kmu_sm_out
KMU_BLOCK(kmu_sm, KMU_SM_IN, KMU_SM_OUT, &params)

#define NT P_TBS
#define NW P_WARPS
#define NR P_REGS
#define NS P_SHMEM
#define NE P_EWT
#define NP P_PTBS
#define RPWP P_RPW
#define RB P_REG_BYTES
#define BB P_BEAT_BYTES
#define AREA ((uint32_t)P_AREA_BYTES)
#define KS P_KSLOTS
#define TB_MAXW (NW < 32 ? NW : 32)
#define BMAP_B ((uint32_t)NW * BB)
#define SHM_OFF (BMAP_B + (uint32_t)NW * RPWP * RB)
#define SPAN ((uint64_t)2 * NP * AREA) /* bytes of the SM's checkpoint areas */
#define WMASK_ALL (NW >= 64 ? ~0ull : (1ull << NW) - 1)
#define ERR_WP_BIT(b) (1ull << (KMU_SM_ERR_WP + (b)))

/* warp registers per warp (docs/pep-interfaces.md): ceil(ceil(regs / 32) / warps) */
static unsigned spec_rpw(unsigned regs, unsigned warps) {
  return ((regs + 31) / 32 + warps - 1) / warps;
}

/* ======================================================================== the environment */
enum { ST_ACC, ST_RUN, ST_PRE, ST_DONE, ST_DROP }; /* ST_DROP: removed by a TReM drop */
typedef struct {
  uint32_t tb, kptr, param, insts;
  unsigned slot, warps, regs, shmem, rpw, ewarp;
  int st, work, ndone, nevict, nrestore, rst_ready, left_ewt; /* rst_ready: restored, waiting for offer */
  int dmark; /* of the tag of the drop in progress, alive at its pulse: must vanish */
  uint64_t exited;                                    /* warp indices that exited */
  uint32_t *val;                                      /* [warp index][RPWP] */
  uint32_t def[32];                                   /* registers written, per warp index */
  int ck_valid[2], ck_ip[2];
  unsigned ck_p[2];
  int has_base;
  uint32_t save_bytes[4]; /* ctx_done_bytes_o of the last saves (directed) */
  unsigned nsaves;
  /* GPUpIO: yielded (saved), not yet woken: must not be restored; the wake-up's cycle */
  int yld_wait, yld_woken;
  uint64_t y_wake_cyc;
} tbrec;

typedef struct {
  int valid, wpev;
  unsigned u;
  uint64_t wmask;
  unsigned nslot;
  uint8_t slot[64];
  uint64_t wstarted; /* warp indices whose wstart was reported */
  int pause_seen, paused, drain, exiting, blocked_done;
  int yblk; /* GPUpIO: stalled at an accepted yield (no exit, no done) until refused/evicted */
  int ev_state, ev_left, done_wait; /* wp event warp: 0 wait start, 1 run, 2 done sent */
  unsigned ev_slot;
} entry;

typedef struct {
  unsigned slot, warps, regs, shmem, len, ewarp;
  uint32_t kptr, param;
} kernel;

typedef struct {
  /* directed script: called at the end of drive to override inputs (may return 0 to end) */
  int (*script)(void *env, uint64_t cyc, kmu_sm_in *in);
  int random_dispatch, random_events, hold_rand;
  int lax_pause; /* paused while a warp of the TB is in a warp-level preemption (kmu_sm gates) */
  int policy, inplace, wp_en, vpol, opt;
  int ev_len;    /* directed: > 0 fixes an event warp's run (cycles after ev_start_o) */
  int drain_fix; /* directed: > 0 fixes the drain delay of a pause to drain_fix - 1 cycles */
  unsigned kmin_warps; /* directed: kernel shapes fixed */
  int nk;
  kernel k[6];
} cfg_t;

typedef struct env {
  const char *test;
  kmu_rng rng;
  uint64_t cycles, cyc;
  cfg_t c;
  uint32_t ctx_base;
  unsigned ev_rate, mem_rdy, lat_min, lat_max, wr_pct, inst_pct, start_rdy, done_rdy, ev_max;
  unsigned pre_pct, ev_pct, hold_pre_pct, hold_max; /* preemption density (per run) */
  unsigned race_pct; /* a request (or hint) shortly after a warp-level preemption is accepted */
  unsigned ptb_lim;  /* no request while this many preempted TBs wait (their restores are long
                      * at the paper size: 128-byte registers) */
  uint64_t race_at;
  /* TBs */
  tbrec *tb;
  unsigned ntb, cap;
  entry ent[NT];
  unsigned ewq[1024], ewq_t, ew_left, ew_pushed; /* event warps started, oldest first */
  /* dispatcher */
  unsigned need_k, need_hold, need_rand;
  int started_prev;
  uint64_t started[256], reported[256], simt_dones[256];
  /* writes */
  int wr_held;
  unsigned wr_u, wr_i, wr_r, wr_slot;
  uint32_t wr_d;
  /* memory */
  uint32_t *mem, *ip;
  int ip_rv;      /* the on-chip store reads like a block RAM (ctxboard): a read last cycle */
  uint32_t ip_rd; /* and its word, on ip_rdata_i in this one */
  struct { uint64_t due; uint32_t data; } rq[4096];
  unsigned rq_h, rq_t;
  uint64_t last_due;
  /* context commands */
  int sv_u, sv_k, sv_first, sv_ip;
  unsigned shm_next;
  int rs_u, rs_k, rs_ip;
  uint32_t rs_seq[64 + 64 * 32 + NS / BB + 8];
  unsigned rs_n, rs_pos;
  uint8_t shm_got[NS / BB + 1];
  /* restore verification */
  int vf_active, vf_done, vf_pend;
  unsigned vf_u, vf_n, vf_i, vf_pi, vf_pr;
  unsigned vf_li[64 * 32], vf_lr[64 * 32];
  uint8_t vf_slot[64];
  int accepted_prev;
  /* warp-level preemption */
  int wp_active;
  uint64_t wp_vmask;
  unsigned wp_entry;
  uint64_t wp_acc_cyc, wp_start_cyc;
  uint64_t vflags[6]; /* the victim's inpipe, ld, bar, ibuf, icmiss (decaying) */
  uint64_t rsave_done_at, rrest_done_at;
  uint64_t prev_resident;
  int prev_busy;
  unsigned ws_pending;
  /* hold, CSRs */
  int hold, draining, drained;
  uint64_t hold_until;
  uint32_t pred_launch, deadline;
  unsigned bw_shift;
  /* stats / directed records */
  unsigned n_pause, n_evict, n_restore_offer, n_base, n_wp, n_save, n_err_dec;
  unsigned n_lax_race; /* TBs reported paused while a warp of theirs was in a warp preemption */
  unsigned n_pause_wp; /* pauses that began while a warp of the TB was in a warp preemption */
  unsigned n_preq, n_hint, n_wp_refuse;
  uint64_t prev_pause, prev_ovl; /* simt_pause_o, entries in a warp preemption: last cycle */
  unsigned cmd_ops[16], n_cmd;
  uint64_t ev_cyc[16];
  /* the registers the environment wrote (one bit per register of each RF warp slot): the
   * register memory has no reset, so a random read only reads one of these (a register never
   * written holds power-up garbage, which the C twin cannot know) */
  uint64_t rf_def[NW];
  /* TReM drops (drop_valid_i / drop_ack_o): one at a time, as kmu_revoke sends them */
  int drp_on;
  unsigned drp_pct, drp_tag; /* drops per 100,000 cycles of the run */
  uint64_t drp_cyc, drp_wait, dropped[256];
  unsigned drp_dstall; /* done_ready_i held low this long after the pulse (queued reports) */
  unsigned n_drop, n_drop_tbs, n_drop_lat_max, n_drop_busy, n_drop_wp, n_drop_ewt, n_drop_ptb;
  unsigned n_drop_unst;
  /* GPUpIO yield (simt_yield_* -> yq_* lane -> yr_* answer -> save -> sd_valid_o -> wk_*):
   * the SIMT's event held (y_on: entry y_e, address y_addr, since y_since), accepted and not
   * answered (y_wait), the lane stand-in's answer due next cycle (y_due, code y_code), the
   * taken yield in its save (y_save: TB y_u, its table entry y_ptb), wake-ups due */
  unsigned y_pct; /* yields per 1000 cycles of the run */
  uint64_t y_race_at; /* a yield asked then: a request's decision may land in its cycle */
  int y_on, y_wait, y_due, y_save;
  unsigned y_e, y_code, y_u, y_ptb, y_lane_ptb;
  uint32_t y_addr;
  uint64_t y_since;
  struct { uint64_t due; unsigned ptb, u; } wq[64];
  unsigned n_wq;
  int wk_bad; /* this cycle's wake names no yielded TB */
  unsigned y_force, y_wdelay; /* directed: answer code + 1, wake-up delay (0: random) */
  uint64_t y_rdy_at; /* directed: the lane stand-in's ready held low until this cycle (0: random) */
  unsigned n_yield, n_ytake, n_yspin, n_yrefuse, n_ysd, n_ywake, n_ywbad, n_yrst, n_ywd;
  unsigned n_ywhold; /* wake-ups with hold_i high (issue 13: restored first, not held) */
  /* yields met by a TReM drop of their tag: asked or answered at the pulse (coverage), saved
   * (sd_valid_o) as the drop discarded their context (no wake-up follows) */
  unsigned n_ydrop_fly, n_ydrop_sd;
  uint64_t y_lat_max, y_lat_sum; /* wake-up -> restored offer, cycles */
  /* the context engine was busy last cycle; context commands aborted by a drop (issue 12) */
  int ctx_busy_prev;
  unsigned n_drop_abort;
  int fail;
} env;

#define FAIL(x, ...)                                                        \
  do {                                                                      \
    if (!kmu_tb_quiet())                                                    \
      fprintf(stderr, "SCOREBOARD %s cycle=%llu: ", (x)->test,              \
              (unsigned long long)(x)->cyc),                                \
          fprintf(stderr, __VA_ARGS__), fprintf(stderr, "\n");               \
    (x)->fail = 1;                                                          \
  } while (0)

static uint32_t rnd32(env *x) { return (uint32_t)kmu_rng_next(&x->rng); }
static unsigned rb(env *x, unsigned lo, unsigned hi) {
  return lo + (unsigned)kmu_rng_below(&x->rng, (uint64_t)hi - lo + 1);
}
static uint32_t shm_val(unsigned u, unsigned addr) { return kmu_hash32(u + 0x5353, addr); }

static unsigned new_tb(env *x, const kernel *k) {
  if (x->ntb == x->cap) {
    x->cap = x->cap ? 2 * x->cap : 1024;
    x->tb = realloc(x->tb, x->cap * sizeof *x->tb);
  }
  tbrec *t = &x->tb[x->ntb];
  memset(t, 0, sizeof *t);
  t->slot = k->slot;
  t->warps = k->ewarp ? 1 : k->warps;
  t->regs = k->regs;
  t->shmem = k->ewarp ? 0 : k->shmem;
  t->rpw = spec_rpw(t->regs, t->warps);
  t->ewarp = k->ewarp;
  t->kptr = k->kptr;
  t->param = k->param;
  t->tb = rnd32(x);
  t->work = (int)rb(x, k->len / 2, k->len);
  t->val = calloc((size_t)t->warps * RPWP, sizeof(uint32_t));
  return x->ntb++;
}

static void gen_kernels(env *x) {
  x->c.nk = (int)rb(x, 1, 4);
  /* most runs: kernel 0 fills the warp slots with one or two TBs of TB_MAXW or TB_MAXW / 2
   * warps (resident entries to spare), and with warp-level preemption on kernel 1 is an
   * event-warp kernel: its event warps find no free slot and need a victim */
  const int fill = kmu_rng_pct(&x->rng, 80);
  const int evk = x->c.wp_en && kmu_rng_pct(&x->rng, 90);
  if (evk && x->c.nk < 2) x->c.nk = (int)rb(x, 2, 4);
  for (int i = 0; i < x->c.nk; i++) {
    kernel *k = &x->c.k[i];
    /* kernels may share a kernel slot (its profile then mixes them) */
    k->slot = rb(x, 0, kmu_rng_pct(&x->rng, 50) && KS > 4 ? 3 : KS - 1);
    k->ewarp = evk ? i == 1 : i > 0 && kmu_rng_pct(&x->rng, 50);
    unsigned maxw = kmu_rng_pct(&x->rng, 40) ? TB_MAXW : (TB_MAXW + 1) / 2;
    k->warps = rb(x, 1, maxw);
    if (fill && i == 0) k->warps = kmu_rng_pct(&x->rng, 50) ? TB_MAXW : (TB_MAXW + 1) / 2;
    unsigned w = k->ewarp ? 1 : k->warps;
    unsigned maxrpw = RPWP;
    while (maxrpw > 1 && (uint64_t)maxrpw * 32 * w > NR / 2) maxrpw--;
    unsigned rpw = rb(x, 1, maxrpw);
    /* a dense run's event warps mostly fit a victim's registers (or the free ones) */
    if (evk && k->ewarp && kmu_rng_pct(&x->rng, 70)) rpw = rb(x, 1, maxrpw < 4 ? maxrpw : 4);
    unsigned lo = (rpw - 1) * 32 * w + 1, hi = rpw * 32 * w;
    k->regs = rb(x, lo, hi);
    k->shmem = kmu_rng_pct(&x->rng, 25) ? 0 : rb(x, 1, kmu_rng_pct(&x->rng, 20) ? NS : NS / 4);
    /* the filler's saves and restores are mostly short: many of them in a run */
    if (fill && i == 0 && kmu_rng_pct(&x->rng, 60)) k->shmem = rb(x, 0, NS / 16);
    k->kptr = rnd32(x);
    k->param = rnd32(x);
    k->len = rb(x, 20, kmu_rng_pct(&x->rng, 30) ? 1500 : 300);
    if (fill && i == 0) k->len = rb(x, 300, 2000);
    /* event warps are short (EDGE: event kernels of a few hundred instructions) */
    if (k->ewarp && (evk || kmu_rng_pct(&x->rng, 50))) k->len = rb(x, 10, 60);
  }
}

static void env_init(void *c, uint64_t seed) {
  env *x = c;
  cfg_t keep = x->c;
  for (unsigned i = 0; i < x->ntb; i++) free(x->tb[i].val);
  uint32_t *mem = x->mem, *ip = x->ip;
  tbrec *tb = x->tb;
  unsigned cap = x->cap;
  const char *test = x->test;
  uint64_t cycles = x->cycles;
  memset(x, 0, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  x->tb = tb;
  x->cap = cap;
  x->c = keep;
  if (!mem) mem = malloc(SPAN), ip = malloc(SPAN);
  x->mem = mem;
  x->ip = ip;
  kmu_rng_seed(&x->rng, seed);
  memset(x->mem, 0xa5, SPAN);
  memset(x->ip, 0x5a, SPAN);
  x->sv_u = x->rs_u = -1;
  if (x->c.random_dispatch) {
    /* DRAIN never pauses a TB: 10 % of the runs */
    const unsigned pw = rb(x, 0, 99);
    x->c.policy = pw < 10 ? KMU_POL_DRAIN : pw < 40 ? KMU_POL_CHIMERA
                  : pw < 62 ? KMU_POL_CHIMERA_DIRTY : KMU_POL_PEP;
    x->c.inplace = kmu_rng_pct(&x->rng, 50);
    x->c.wp_en = kmu_rng_pct(&x->rng, 85);
    /* lax mostly where the race can happen (TB pauses and warp-level preemption both on) */
    x->c.lax_pause =
        kmu_rng_pct(&x->rng, x->c.wp_en && x->c.policy != KMU_POL_DRAIN ? 65 : 25);
    x->c.vpol = (int)rb(x, 0, 3);
    x->c.opt = (int)rb(x, 0, 15);
    gen_kernels(x);
  }
  x->ctx_base = x->c.random_dispatch ? rnd32(x) : 0x40000000u;
  x->mem_rdy = x->c.random_dispatch ? rb(x, 30, 100) : 100;
  x->lat_min = rb(x, 1, 4);
  x->lat_max = x->lat_min + rb(x, 0, 20);
  if (!x->c.random_dispatch) x->lat_min = x->lat_max = 2;
  x->wr_pct = rb(x, 20, 90);
  x->inst_pct = rb(x, 10, 80);
  x->start_rdy = x->c.random_dispatch ? rb(x, 40, 100) : 100;
  x->done_rdy = x->c.random_dispatch ? rb(x, 40, 100) : 100;
  x->ev_max = rb(x, 1, kmu_rng_pct(&x->rng, 50) ? 100 : 40);
  x->ev_rate = kmu_rng_pct(&x->rng, 15) ? rb(x, 2, 10) : rb(x, 10, 40);
  /* per-run preemption density: the share of events that are requests (the rest hints), the
   * share of dispatch choices that are event warps, holds after a request, hold lengths */
  x->pre_pct = x->c.policy == KMU_POL_PEP ? rb(x, 30, 70) : rb(x, 60, 95);
  x->ev_pct = rb(x, 2, 10);
  x->hold_pre_pct = rb(x, 0, 40);
  x->race_pct = kmu_rng_pct(&x->rng, 20) ? 0 : rb(x, 10, 70);
  x->ptb_lim = NP <= 4 ? NP : rb(x, 1, 3);
  x->hold_max = kmu_rng_pct(&x->rng, 10) ? 3000 : rb(x, 50, 500);
  x->pred_launch = rb(x, 0, 3000);
  x->deadline = kmu_rng_pct(&x->rng, 60) ? rb(x, 0, 200) : rb(x, 0, 3000);
  x->bw_shift = rb(x, 0, 15);
  /* drops: none in a quarter of the runs, else 20 to 400 per 100,000 cycles */
  x->drp_pct = x->c.random_dispatch && kmu_rng_pct(&x->rng, 75) ? rb(x, 20, 400) : 0;
  /* GPUpIO yields: none in a fifth of the runs, else 1 to 30 per 1000 cycles */
  x->y_pct = x->c.random_dispatch && kmu_rng_pct(&x->rng, 80) ? rb(x, 1, 30) : 0;
}

/* memory / on-chip store word of an offset inside the areas (NULL: outside) */
static uint32_t *mem_word(env *x, uint32_t *base, uint32_t off) {
  (void)x;
  return (uint64_t)off < SPAN ? &base[off >> 2] : NULL;
}

static int entry_of_wmask(env *x, uint64_t wm) {
  for (int e = 0; e < NT; e++)
    if (x->ent[e].valid && !x->ent[e].wpev && x->ent[e].wmask == wm) return e;
  return -1;
}

/* the victim / event-warp slots of a warp-level preemption in progress */
static uint64_t wp_slots(const env *x) { return x->wp_active ? x->wp_vmask : 0; }

/* a drop pulse for tag (kmu_revoke's drop_o); o: last cycle's outputs (coverage counts) */
static void drop_issue(env *x, const kmu_sm_out *o, kmu_sm_in *i, unsigned tag) {
  i->drop_valid_i = 1;
  i->drop_slot_i = tag;
  x->drp_on = 1;
  x->drp_tag = tag;
  x->drp_cyc = x->cyc;
  x->drp_wait = 0;
  x->drp_dstall = kmu_rng_pct(&x->rng, 50) ? rb(x, 4, 40) : 0;
  x->n_drop++;
  /* every TB of the tag not finished yet must vanish: no done report, no restore */
  unsigned n = 0, unst = 0;
  for (unsigned u = 0; u < x->ntb; u++) {
    tbrec *t = &x->tb[u];
    if (t->slot == tag && (t->st == ST_ACC || t->st == ST_RUN || t->st == ST_PRE))
      t->dmark = 1, n++, unst += t->st == ST_ACC;
  }
  x->n_drop_tbs += n;
  /* a yield of the tag asked, answered or in its save (the leak this used to cause) */
  if ((x->y_wait || x->y_save) && x->tb[x->ent[x->y_e].u].slot == tag) x->n_ydrop_fly++;
  /* what the drop meets (coverage) */
  x->n_drop_busy += n && (o->pre_busy_o & 1);
  x->n_drop_wp += n && (o->wp_busy_o & 1);
  x->n_drop_ewt += n && (o->ewt_free_o != NE);
  x->n_drop_ptb += n && (o->ptb_count_o != 0);
  x->n_drop_unst += unst != 0;
}

static int env_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *ii) {
  env *x = c;
  const kmu_sm_in *p = pi;
  const kmu_sm_out *o = po;
  kmu_sm_in *i = ii;
  x->cyc = cyc;
  memset(i, 0, sizeof *i);
  if (x->drained) return 0;
  const int rand_ev = x->c.random_events && !x->draining;
  if (x->c.random_dispatch && cyc + 4000 + x->cycles / 5 >= x->cycles && !x->draining)
    x->draining = 1;

  /* ---- configuration ---- */
  i->policy_i = (unsigned)x->c.policy;
  i->inplace_en_i = (unsigned)x->c.inplace;
  i->wp_en_i = (unsigned)x->c.wp_en;
  i->vpol_i = (unsigned)x->c.vpol;
  i->opt_i = (unsigned)x->c.opt;
  i->ctx_base_i = x->ctx_base;
  i->pred_launch_i = x->pred_launch;
  i->deadline_i = x->deadline;
  i->bw_shift_i = x->bw_shift;
  /* hold windows: changed only in a cycle after no start */
  if (x->c.hold_rand && !x->started_prev && cyc >= x->hold_until) {
    x->hold = !x->draining && kmu_rng_pct(&x->rng, 20);
    x->hold_until = cyc + rb(x, 20, x->hold_max);
  }
  if (x->draining && x->c.hold_rand && !x->started_prev) x->hold = 0;
  const int race = rand_ev && x->race_at && cyc >= x->race_at;
  if (race) x->race_at = 0;
  if (race || (rand_ev && kmu_rng_below(&x->rng, 1000) < x->ev_rate)) {
    if (kmu_rng_pct(&x->rng, 40)) {
      x->pred_launch = kmu_rng_pct(&x->rng, 10) ? rnd32(x) : rb(x, 0, 4000);
      x->deadline = kmu_rng_pct(&x->rng, 10)   ? rnd32(x)
                    : kmu_rng_pct(&x->rng, 60) ? rb(x, 0, 200)
                                               : rb(x, 0, 4000);
      x->bw_shift = rb(x, 0, 15);
    }
    if (!kmu_rng_pct(&x->rng, x->pre_pct)) i->hint_valid_i = 1, x->n_hint++;
    else if (o->ptb_count_o < x->ptb_lim) {
      i->preempt_valid_i = 1;
      x->n_preq++;
      /* race a yield with the predictor's decision (its walk: about 2 TBS + 1 cycles) */
      if (x->y_pct && !x->y_race_at) x->y_race_at = cyc + rb(x, 1, 2 * NT + 8);
      /* the preempting kernel holds the SM for a while (changed only after no start) */
      if (x->c.hold_rand && !x->started_prev && kmu_rng_pct(&x->rng, x->hold_pre_pct))
        x->hold = 1, x->hold_until = cyc + rb(x, 20, x->hold_max);
    }
  }
  i->hold_i = (unsigned)x->hold;
  if (rand_ev && kmu_rng_pct(&x->rng, 1)) {
    i->kslot_clear_valid_i = 1;
    i->kslot_clear_i = rb(x, 0, KS - 1);
  } else i->kslot_clear_i = rb(x, 0, 255);

  /* ---- TReM drop: a kernel tag (mostly one of the run's kernels, else any) is dropped ---- */
  i->drop_slot_i = rb(x, 0, 255);
  /* (a yield asked, answered or in its save may meet the drop: the SM's drop waits for it; a
   * saved yield waiting for its wake-up is not dropped here: a drop forgets it and its later
   * wake is refused, kmu_sm.md "Yield") */
  if (x->drp_pct && x->c.nk && !x->drp_on && !x->n_wq &&
      kmu_rng_below(&x->rng, 100000) < x->drp_pct) {
    const unsigned tag = kmu_rng_pct(&x->rng, 85) ? x->c.k[rb(x, 0, (unsigned)x->c.nk - 1)].slot
                                                  : rb(x, 0, 255);
    drop_issue(x, o, i, tag);
  }


  /* ---- dispatcher: hold a need; start when last cycle's identical need fit ---- */
  int started = 0;
  if (x->c.random_dispatch && x->c.nk) {
    if (x->need_hold == 0) {
      x->need_k = rb(x, 0, (unsigned)x->c.nk - 1);
      /* event warps at the run's rate */
      if (x->c.nk > 1 && x->c.k[1].ewarp) {
        if (kmu_rng_pct(&x->rng, x->ev_pct)) x->need_k = 1;
        else if (x->need_k == 1) x->need_k = 0;
      }
      x->need_rand = kmu_rng_pct(&x->rng, 5);
      x->need_hold = rb(x, 2, 6);
    }
    x->need_hold--;
    const kernel *k = &x->c.k[x->need_k];
    if (x->need_rand) {
      i->need_warps_i = p->need_warps_i ? p->need_warps_i : rb(x, 0, 63);
      i->need_regs_i = p->need_regs_i ? p->need_regs_i : kmu_rng_bits(&x->rng, 18);
      i->need_shmem_i = p->need_shmem_i ? p->need_shmem_i : kmu_rng_bits(&x->rng, 17);
      i->need_ewarp_i = p->need_ewarp_i;
      if (x->need_hold == 0) i->need_warps_i = i->need_regs_i = i->need_shmem_i = 0;
    } else {
      i->need_warps_i = k->ewarp ? 1 : k->warps;
      i->need_regs_i = k->regs;
      i->need_shmem_i = k->ewarp ? 0 : k->shmem;
      i->need_ewarp_i = k->ewarp;
      const int same = p->need_warps_i == i->need_warps_i && p->need_regs_i == i->need_regs_i &&
                       p->need_shmem_i == i->need_shmem_i && p->need_ewarp_i == i->need_ewarp_i;
      const int fit = k->ewarp ? (int)(o->ewt_fit_o & 1) : (int)(o->fit_o & 1);
      /* kmu_kmu issues no TB of a tag under a drop (kmu_revoke's stop comes first) */
      const int stopped = x->drp_on && k->slot == x->drp_tag;
      /* (and fit_o falls in the cycle after a drop pulse: the SM takes no start while it drops) */
      if (!x->draining && same && fit && !stopped && !(p->drop_valid_i & 1) && !x->started_prev && !(o->simt_evict_valid_o & 1) &&
          !(p->wk_valid_i & 1) /* a wake-up makes a TB restorable: fit_o falls */ &&
          p->hold_i == i->hold_i && kmu_rng_pct(&x->rng, 70) && x->ewq_t - x->ew_left < 1000) {
        unsigned u = new_tb(x, k);
        tbrec *t = &x->tb[u];
        t->insts = kmu_rng_pct(&x->rng, 25) ? 0 : kmu_rng_pct(&x->rng, 20) ? rnd32(x)
                                                                             : rb(x, 1, 3000);
        i->start_valid_i = 1;
        i->start_ewarp_i = k->ewarp;
        i->start_slot_i = t->slot;
        i->start_tb_i = t->tb;
        i->start_warps_i = k->ewarp ? rb(x, 0, 63) : t->warps;
        i->start_regs_i = t->regs;
        i->start_shmem_i = k->ewarp ? kmu_rng_bits(&x->rng, 17) : t->shmem;
        i->start_kptr_i = t->kptr;
        i->start_param_i = t->param;
        started = 1;
        if (k->ewarp) x->ewq[x->ewq_t++ % 1024] = u;
        x->started[t->slot]++;
      }
    }
  }
  if (!started) {
    i->start_slot_i = rb(x, 0, 255);
    i->start_tb_i = rnd32(x);
    i->start_kptr_i = rnd32(x);
    i->start_param_i = rnd32(x);
    i->start_warps_i = rb(x, 0, 63);
    i->start_regs_i = kmu_rng_bits(&x->rng, 18);
    i->start_shmem_i = kmu_rng_bits(&x->rng, 17);
    i->start_ewarp_i = kmu_rng_bits(&x->rng, 1);
  }
  x->started_prev = started;
  i->done_ready_i = kmu_rng_pct(&x->rng, x->done_rdy);
  /* the done reports queued at a drop must be delivered before its acknowledge: hold them */
  if (x->drp_on && cyc < x->drp_cyc + x->drp_dstall) i->done_ready_i = 0;

  /* ---- SIMT start: accept an offer seen last cycle (a restore once verified) ---- */
  i->simt_start_insts_i = rnd32(x);
  if ((o->simt_start_valid_o & 1) && !x->accepted_prev) {
    int rst = (int)(o->simt_start_restore_o & 1);
    if ((!rst || (x->vf_active && x->vf_done)) && kmu_rng_pct(&x->rng, x->start_rdy)) {
      i->simt_start_ready_i = 1;
      i->simt_start_insts_i = kmu_rng_pct(&x->rng, 25) ? 0 : kmu_rng_pct(&x->rng, 20)
                                                                 ? rnd32(x)
                                                                 : rb(x, 1, 3000);
    }
  }
  x->accepted_prev = (int)i->simt_start_ready_i;

  /* ---- runner decisions ---- */
  const uint64_t wps = wp_slots(x);
  /* warp start (one per cycle) */
  int ws_e = -1;
  unsigned ws_i = 0;
  for (int e = 0; e < NT && ws_e < 0; e++) {
    entry *en = &x->ent[e];
    if (!en->valid || en->wpev) continue;
    tbrec *t = &x->tb[en->u];
    for (unsigned w = 0; w < en->nslot; w++)
      if (!(en->wstarted >> w & 1) && !(t->exited >> w & 1)) {
        ws_e = e, ws_i = w;
        break;
      }
  }
  if (ws_e >= 0) {
    entry *en = &x->ent[ws_e];
    i->simt_wstart_valid_i = 1;
    i->simt_wstart_warp_i = en->slot[ws_i];
    i->simt_wstart_regs_i = x->tb[en->u].rpw;
    en->wstarted |= 1ull << ws_i;
  } else {
    i->simt_wstart_warp_i = rb(x, 0, 63);
    i->simt_wstart_regs_i = rb(x, 0, 255);
  }
  /* register write (held while not taken) */
  if (!x->wr_held && kmu_rng_pct(&x->rng, x->wr_pct)) {
    int e0 = (int)rb(x, 0, NT - 1);
    for (int c2 = 0; c2 < NT; c2++) {
      int e = (e0 + c2) % NT;
      entry *en = &x->ent[e];
      if (!en->valid || en->wpev || en->pause_seen || en->exiting) continue;
      tbrec *t = &x->tb[en->u];
      unsigned w = rb(x, 0, en->nslot - 1);
      if (!(en->wstarted >> w & 1) || (t->exited >> w & 1) || (wps >> en->slot[w] & 1)) continue;
      x->wr_held = 1;
      x->wr_u = en->u;
      x->wr_i = w;
      x->wr_slot = en->slot[w];
      x->wr_r = rb(x, 0, t->rpw - 1);
      x->wr_d = rnd32(x);
      break;
    }
  }
  if (x->wr_held) {
    i->rf_wr_valid_i = 1;
    i->rf_wr_warp_i = x->wr_slot;
    i->rf_wr_reg_i = x->wr_r;
    i->rf_wr_data_i = x->wr_d;
  } else {
    i->rf_wr_warp_i = rb(x, 0, NW - 1);
    i->rf_wr_reg_i = rb(x, 0, RPWP - 1);
    i->rf_wr_data_i = rnd32(x);
  }
  /* warp exit (one per cycle), done (one per cycle), instruction (one per cycle) */
  int ex_e = -1, dn_e = -1, in_e = -1;
  unsigned ex_w = 0;
  for (int e = 0; e < NT; e++) {
    entry *en = &x->ent[e];
    if (!en->valid) continue;
    if (en->wpev) {
      if (en->ev_state == 2 && en->done_wait > 0) en->done_wait--;
      else if (en->ev_state == 2 && dn_e < 0) dn_e = e;
      continue;
    }
    if (!en->exiting) continue;
    tbrec *t = &x->tb[en->u];
    int left = 0;
    for (unsigned w = 0; w < en->nslot; w++)
      if (!(t->exited >> w & 1)) {
        left = 1;
        if (ex_e < 0 && (en->wstarted >> w & 1) && !(wps >> en->slot[w] & 1) &&
            !(x->wr_held && x->wr_slot == en->slot[w]) && kmu_rng_pct(&x->rng, 60))
          ex_e = e, ex_w = w;
        break;
      }
    if (!left && dn_e < 0 && !(wps & en->wmask) && kmu_rng_pct(&x->rng, 70)) dn_e = e;
  }
  if (ex_e >= 0) {
    i->simt_wexit_valid_i = 1;
    i->simt_wexit_warp_i = x->ent[ex_e].slot[ex_w];
  } else i->simt_wexit_warp_i = rb(x, 0, 63);
  if (dn_e >= 0) {
    i->simt_done_valid_i = 1;
    i->simt_done_rtb_i = (unsigned)dn_e;
  } else i->simt_done_rtb_i = rb(x, 0, NT - 1);
  if (kmu_rng_pct(&x->rng, x->inst_pct)) {
    int e0 = (int)rb(x, 0, NT - 1);
    for (int c2 = 0; c2 < NT; c2++) {
      int e = (e0 + c2) % NT;
      entry *en = &x->ent[e];
      if (en->valid && !en->wpev && !x->tb[en->u].ewarp && !en->pause_seen && e != dn_e) {
        in_e = e;
        break;
      }
    }
  }
  if (in_e >= 0) {
    i->simt_inst_valid_i = 1;
    i->simt_inst_rtb_i = (unsigned)in_e;
  } else i->simt_inst_rtb_i = rb(x, 0, NT - 1);
  /* paused: drained, no write held, no warp of it in a warp-level preemption */
  for (int e = 0; e < NT; e++) {
    entry *en = &x->ent[e];
    if (!en->valid || !en->pause_seen || en->paused) continue;
    if (en->drain > 0) {
      en->drain--;
      continue;
    }
    /* lax runs report a drained TB paused even while one of its warps is a victim or hosts
     * the event warp: kmu_sm itself must then keep the sequencer from saving it until the
     * warp-level preemption is over (one kind of preemption at a time) */
    const int in_wp = (wps & en->wmask) || ((o->vic_stop_o | o->ev_start_o) & en->wmask);
    if ((x->wr_held && x->wr_u == en->u) || (!x->c.lax_pause && in_wp)) continue;
    en->paused = 1;
    x->n_lax_race += in_wp;
  }
  for (int e = 0; e < NT; e++)
    if (x->ent[e].valid && x->ent[e].paused) i->simt_paused_i |= 1ull << e;
  /* warp status: live background warps (not of a pausing TB), random states; the victim's decay */
  uint64_t live = 0;
  for (int e = 0; e < NT; e++) {
    entry *en = &x->ent[e];
    if (!en->valid || en->wpev || x->tb[en->u].ewarp || en->pause_seen) continue;
    for (unsigned w = 0; w < en->nslot; w++)
      if ((en->wstarted >> w & 1) && !(x->tb[en->u].exited >> w & 1)) live |= 1ull << en->slot[w];
  }
  const unsigned fp[5] = {50, 20, 10, 30, 5};
  uint64_t *wf[5] = {&i->w_inpipe_i, &i->w_ld_i, &i->w_bar_i, &i->w_ibuf_i, &i->w_icmiss_i};
  for (int f = 0; f < 5; f++) {
    uint64_t m = 0;
    for (unsigned w = 0; w < NW; w++)
      if (kmu_rng_pct(&x->rng, fp[f])) m |= 1ull << w;
    if (x->wp_active) {
      for (unsigned w = 0; w < NW; w++)
        if ((x->vflags[f] >> w & 1) && kmu_rng_pct(&x->rng, 30)) x->vflags[f] &= ~(1ull << w);
      m = (m & ~x->wp_vmask) | (x->vflags[f] & x->wp_vmask);
    } else x->vflags[f] = m;
    *wf[f] = m;
  }
  i->w_live_i = live | (wp_slots(x) & live);
  /* warp-level preemption handshakes */
  i->rsave_ready_i = kmu_rng_pct(&x->rng, 60);
  i->rrest_ready_i = kmu_rng_pct(&x->rng, 60);
  if (x->rsave_done_at && cyc >= x->rsave_done_at) i->rsave_done_i = 1, x->rsave_done_at = 0;
  if (x->rrest_done_at && cyc >= x->rrest_done_at) i->rrest_done_i = 1, x->rrest_done_at = 0;
  for (int e = 0; e < NT; e++) {
    entry *en = &x->ent[e];
    if (en->valid && en->wpev && en->ev_state == 1) {
      if (en->ev_left > 0) en->ev_left--;
      else {
        i->ev_done_i = 1ull << en->ev_slot;
        en->ev_state = 2;
        en->done_wait = (int)rb(x, 0, 5);
      }
    }
  }
  /* register read: restore verification, else a random read */
  if (x->vf_active && !x->vf_done && x->vf_i < x->vf_n) {
    i->rf_rd_valid_i = 1;
    i->rf_rd_warp_i = x->vf_slot[x->vf_li[x->vf_i]];
    i->rf_rd_reg_i = x->vf_lr[x->vf_i];
  } else {
    i->rf_rd_valid_i = kmu_rng_pct(&x->rng, 20);
    i->rf_rd_warp_i = rb(x, 0, NW - 1);
    i->rf_rd_reg_i = rb(x, 0, RPWP - 1);
    if (!(x->rf_def[i->rf_rd_warp_i] >> i->rf_rd_reg_i & 1)) i->rf_rd_valid_i = 0;
  }
  /* memory, shared memory, on-chip store */
  i->mem_req_ready_i = kmu_rng_pct(&x->rng, x->mem_rdy);
  i->mem_rsp_rdata_i = rnd32(x);
  if (x->rq_h != x->rq_t && x->rq[x->rq_h % 4096].due <= cyc) {
    i->mem_rsp_valid_i = 1;
    i->mem_rsp_rdata_i = x->rq[x->rq_h % 4096].data;
  }
  i->shm_rdata_i = x->sv_u >= 0 ? shm_val((unsigned)x->sv_u, x->shm_next * BB) : rnd32(x);
  i->ip_rdata_i = x->ip_rv ? x->ip_rd : rnd32(x);
  /* ---- GPUpIO yield: the SIMT's event, the lane stand-in (kmu_yield_mon's answer one cycle
   * after the handshake), wake-ups of saved yields after a random delay ---- */
  if (x->y_on && (x->ent[x->y_e].pause_seen || !x->ent[x->y_e].valid ||
                  cyc > x->y_since + 60)) {
    x->y_on = 0; /* not accepted: the TB has decided nothing (it re-executes the yield) */
    x->n_ywd++;
  }
  const int y_race = x->y_race_at && cyc >= x->y_race_at;
  if (y_race) x->y_race_at = 0;
  if (!x->y_on && !x->y_wait && !x->y_save && rand_ev && !x->drp_on && x->y_pct &&
      (y_race || kmu_rng_below(&x->rng, 1000) < x->y_pct)) {
    const int e0 = (int)rb(x, 0, NT - 1);
    for (int c2 = 0; c2 < NT; c2++) {
      const int e = (e0 + c2) % NT;
      const entry *en = &x->ent[e];
      if (!en->valid || en->wpev || x->tb[en->u].ewarp || en->pause_seen || en->exiting ||
          e == dn_e || e == ex_e)
        continue;
      x->y_on = 1, x->y_e = (unsigned)e, x->y_since = cyc;
      x->y_addr = kmu_rng_pct(&x->rng, 20) ? 0 : rnd32(x);
      break;
    }
  }
  if (x->y_on) {
    i->simt_yield_valid_i = 1;
    i->simt_yield_rtb_i = x->y_e;
    i->simt_yield_addr_i = x->y_addr;
  } else {
    i->simt_yield_rtb_i = rb(x, 0, NT - 1);
    i->simt_yield_addr_i = rnd32(x);
  }
  i->yq_ready_i = x->y_rdy_at ? cyc >= x->y_rdy_at : kmu_rng_pct(&x->rng, 60);
  i->yr_code_i = rb(x, 0, 3);
  if (x->y_due) {
    i->yr_valid_i = 1;
    i->yr_code_i = x->y_code;
    x->y_due = 0;
  }
  x->wk_bad = 0;
  i->wk_ptb_i = rb(x, 0, 63);
  for (unsigned k = 0; k < x->n_wq; k++)
    if (x->wq[k].due <= cyc) {
      i->wk_valid_i = 1;
      i->wk_ptb_i = x->wq[k].ptb;
      x->tb[x->wq[k].u].yld_wait = 0;
      x->tb[x->wq[k].u].yld_woken = 1;
      x->tb[x->wq[k].u].y_wake_cyc = cyc;
      x->wq[k] = x->wq[--x->n_wq];
      x->n_ywake++;
      x->n_ywhold += i->hold_i & 1;
      break;
    }
  if (!i->wk_valid_i && x->y_pct && kmu_rng_below(&x->rng, 1000) < 2) {
    /* a wake naming no yielded TB: refused (wk_err_o), nothing changes */
    unsigned p = rb(x, 0, NP - 1);
    int used = 0;
    for (unsigned u = 0; u < x->ntb; u++)
      used |= x->tb[u].yld_wait && x->tb[u].ck_p[0] == p;
    if (!used) i->wk_valid_i = 1, i->wk_ptb_i = p, x->wk_bad = 1, x->n_ywbad++;
  }
  if (x->c.script && !x->c.script(x, cyc, i)) return 0;
  return 1;
}

static void restore_seq(env *x, unsigned u, int k) {
  const tbrec *t = &x->tb[u];
  uint32_t area = (t->ck_p[k] * 2 + (unsigned)k) * AREA;
  x->rs_n = x->rs_pos = 0;
  for (unsigned w = 0; w < t->warps; w++) x->rs_seq[x->rs_n++] = area + w * BB;
  for (unsigned w = 0; w < t->warps; w++) {
    uint32_t *bm = mem_word(x, x->ip, area + w * BB);
    for (unsigned r = 0; r < t->rpw && r < 32; r++)
      if (bm && (*bm >> r & 1)) x->rs_seq[x->rs_n++] = area + BMAP_B + (w * RPWP + r) * RB;
  }
  for (unsigned j = 0; j * BB < t->shmem; j++) x->rs_seq[x->rs_n++] = area + SHM_OFF + j * BB;
}

/* a write of a save, to memory (ip 0) or the on-chip store (ip 1) at area offset off: the first
 * one tells which of the TB's two areas (and where) this checkpoint goes */
static void save_write(env *x, const kmu_sm_out *o, uint64_t off, int ip) {
  if (x->sv_u >= 0 && x->sv_first) {
    x->sv_first = 0;
    x->sv_k = (int)(off / AREA & 1);
    x->tb[x->sv_u].ck_p[x->sv_k] = (unsigned)(off / AREA / 2);
    x->tb[x->sv_u].ck_ip[x->sv_k] = ip;
  }
  if (o->shm_ren_o & 1) x->shm_next++;
}

static int env_check(void *c, uint64_t cyc, const void *ii, const void *oo) {
  env *x = c;
  const kmu_sm_in *i = ii;
  const kmu_sm_out *o = oo;
  x->cyc = cyc;
  /* ---- no refusal in a legal run ---- */
  {
    if (o->err_o) FAIL(x, "err_o = %#llx in a legal run", (unsigned long long)o->err_o);
    if (o->err_done_o & 1) FAIL(x, "err_done_o in a legal run (rtb %llu)",
                                (unsigned long long)i->simt_done_rtb_i);
    if (o->err_overflow_o & 1) FAIL(x, "err_overflow_o in a legal run");
  }
  if (o->err_dec_o & 1) x->n_err_dec++;
  /* ---- ewt_idle_o (kmu_sm.v, the dispatcher's idle-table preference): the event-warp table
   * empty and the warp-preemption controller idle, in every cycle ---- */
  if ((o->ewt_idle_o & 1) != (o->ewt_free_o == NE && !(o->wp_busy_o & 1)))
    FAIL(x, "ewt_idle_o %llu with ewt_free_o %llu of %u and wp_busy_o %llu",
         (unsigned long long)o->ewt_idle_o, (unsigned long long)o->ewt_free_o, (unsigned)NE,
         (unsigned long long)o->wp_busy_o);
  if (x->fail) return 0;
  /* ---- one kind of preemption at a time (kmu_sm.v header) ----
   * the warp slots of the warp-level preemption in progress (victim, or the free slot the event
   * warp took) and the resident entries owning them: no TB-level save or eviction of such an
   * entry while the preemption is in progress, nor in the cycle after (the sequencer sees a
   * pause complete only once the controller is idle, and commands the save a cycle later) */
  const uint64_t cur_wps =
      (o->wp_busy_o & 1) ? (x->wp_active ? x->wp_vmask : 0) | o->vic_stop_o | o->ev_start_o : 0;
  uint64_t ovl = 0;
  for (int e = 0; e < NT; e++)
    if (x->ent[e].valid && !x->ent[e].wpev && (x->ent[e].wmask & cur_wps)) ovl |= 1ull << e;
  /* no warp-level preemption accepted (busy from the cycle after) while a TB was paused */
  if ((o->wp_busy_o & 1) && !x->prev_busy && x->prev_pause) {
    FAIL(x, "warp-level preemption accepted while simt_pause_o = %#llx",
         (unsigned long long)x->prev_pause);
    return 0;
  }
  if (o->wp_refuse_o & 1) x->n_wp_refuse++;
  /* ---- done reports ---- */
  if ((o->done_valid_o & 1) && (i->done_ready_i & 1)) {
    unsigned s = (unsigned)o->done_slot_o;
    x->reported[s]++;
    if (x->reported[s] > x->simt_dones[s])
      FAIL(x, "done report for kernel slot %u without a finished TB (%llu reported, %llu done)",
           s, (unsigned long long)x->reported[s], (unsigned long long)x->simt_dones[s]);
  }
  /* ---- memory ---- */
  if ((o->shm_ren_o & 1) && (uint32_t)o->shm_raddr_o != x->shm_next * BB) {
    FAIL(x, "shared-memory read at %llu, the save's next beat is at %u",
         (unsigned long long)o->shm_raddr_o, x->shm_next * BB);
    return 0;
  }
  if ((o->mem_req_valid_o & 1) && (i->mem_req_ready_i & 1)) {
    uint32_t off = (uint32_t)o->mem_req_addr_o - x->ctx_base;
    uint32_t *w = mem_word(x, x->mem, off);
    if (!w) {
      FAIL(x, "memory request at %#llx outside the checkpoint areas %#x + %#llx",
           (unsigned long long)o->mem_req_addr_o, x->ctx_base, (unsigned long long)SPAN);
      return 0;
    }
    if (o->mem_req_write_o & 1) {
      *w = (uint32_t)o->mem_req_wdata_o;
      save_write(x, o, off, 0);
    } else {
      uint64_t due = cyc + rb(x, x->lat_min, x->lat_max);
      if (due <= x->last_due) due = x->last_due + 1;
      x->last_due = due;
      x->rq[x->rq_t % 4096].due = due;
      x->rq[x->rq_t % 4096].data = *w;
      x->rq_t++;
    }
  }
  if (i->mem_rsp_valid_i & 1) x->rq_h++;
  x->ip_rv = 0;
  if ((o->ip_wen_o & 1) || (o->ip_ren_o & 1)) {
    uint32_t a = (uint32_t)o->ip_addr_o;
    uint32_t *w = mem_word(x, x->ip, a);
    if (!w) {
      FAIL(x, "on-chip store access at %#x outside the areas", a);
      return 0;
    }
    if (o->ip_wen_o & 1) {
      *w = (uint32_t)o->ip_wdata_o;
      save_write(x, o, a, 1);
    } else {
      if (x->rs_u < 0 || !x->rs_ip || x->rs_pos >= x->rs_n || x->rs_seq[x->rs_pos] != a) {
        FAIL(x, "in-place restore read at %#x, expected %#x (access %u of %u)", a,
             x->rs_pos < x->rs_n ? x->rs_seq[x->rs_pos] : 0, x->rs_pos, x->rs_n);
        return 0;
      }
      x->rs_pos++;
      x->ip_rv = 1; /* the store answers in the next cycle */
      x->ip_rd = *w;
    }
  }
  if (o->shm_wen_o & 1) {
    unsigned a = (unsigned)o->shm_waddr_o;
    if (x->rs_u < 0 || a % BB || a >= x->tb[x->rs_u].shmem) {
      FAIL(x, "shared-memory write at %u outside a restore's TB", a);
      return 0;
    }
    if ((uint32_t)o->shm_wdata_o != shm_val((unsigned)x->rs_u, a)) {
      FAIL(x, "restored shared memory of TB %u at %u = %#llx, saved %#x", x->rs_u, a,
           (unsigned long long)o->shm_wdata_o, shm_val((unsigned)x->rs_u, a));
      return 0;
    }
    x->shm_got[a / BB] = 1;
  }
  /* ---- context commands ---- */
  if ((o->ctx_cmd_valid_o & 1) && (o->ctx_cmd_ready_o & 1)) {
    unsigned op = (unsigned)o->ctx_cmd_op_o;
    if (x->n_cmd < 16) x->cmd_ops[x->n_cmd] = op, x->ev_cyc[x->n_cmd] = cyc;
    x->n_cmd++;
    if (op == KMU_CTX_OP_RESTORE) {
      if (x->rs_u < 0) {
        /* (a yielded TB not yet woken is not restorable: not a candidate here, so its early
         * restore reads another TB's area, which the restore checks below catch) */
        int best = -1, best_wk = 0;
        for (unsigned u = 0; u < x->ntb; u++) {
          /* a woken TB is a candidate of the allocation after its wake-up (command + 1), and
           * the first one (kmu_sm_ctrl.md, Restore: woken TBs before victims, issue 13) */
          const int wk = x->tb[u].yld_woken;
          if (x->tb[u].st == ST_PRE && !x->tb[u].rst_ready && !x->tb[u].yld_wait &&
              (!wk || cyc >= x->tb[u].y_wake_cyc + 2) &&
              (best < 0 || wk > best_wk ||
               (wk == best_wk && x->tb[u].ck_p[0] < x->tb[best].ck_p[0])))
            best = (int)u, best_wk = wk;
        }
        if (best < 0) {
          FAIL(x, "RESTORE command with no preempted TB");
          return 0;
        }
        x->rs_u = best;
        x->rs_k = 0;
      } else x->rs_k = 1;
      tbrec *t = &x->tb[x->rs_u];
      if (!t->ck_valid[x->rs_k] || kmu_popc64(o->ctx_cmd_wmask_o) != t->warps ||
          (int)(o->ctx_cmd_inplace_o & 1) != t->ck_ip[x->rs_k]) {
        FAIL(x, "RESTORE %d of TB %u: checkpoint valid %d, %u warps (wmask %#llx), in place %d/%d",
             x->rs_k, x->rs_u, t->ck_valid[x->rs_k], t->warps,
             (unsigned long long)o->ctx_cmd_wmask_o, (int)(o->ctx_cmd_inplace_o & 1),
             t->ck_ip[x->rs_k]);
        return 0;
      }
      x->rs_ip = (int)(o->ctx_cmd_inplace_o & 1);
      if (x->rs_ip) restore_seq(x, (unsigned)x->rs_u, x->rs_k);
      memset(x->shm_got, 0, sizeof x->shm_got);
    } else {
      int e = entry_of_wmask(x, o->ctx_cmd_wmask_o);
      if (e < 0 || !x->ent[e].paused) {
        FAIL(x, "save command for warp mask %#llx: no paused TB owns it",
             (unsigned long long)o->ctx_cmd_wmask_o);
        return 0;
      }
      if ((ovl | x->prev_ovl) >> e & 1) {
        FAIL(x, "save command for entry %d while a warp of it is in a warp-level preemption"
             " (slots %#llx)", e, (unsigned long long)cur_wps);
        return 0;
      }
      tbrec *t = &x->tb[x->ent[e].u];
      unsigned exp_op = (x->c.policy == KMU_POL_DRAIN || x->c.policy == KMU_POL_CHIMERA)
                            ? KMU_CTX_OP_SAVE_ALL
                            : KMU_CTX_OP_SAVE_DIRTY;
      /* a base checkpoint (PEP only) is SAVE_DIRTY as well */
      if (x->c.policy == KMU_POL_PEP) exp_op = KMU_CTX_OP_SAVE_DIRTY;
      if (op != exp_op) {
        FAIL(x, "save op %u under policy %d, expected %u", op, x->c.policy, exp_op);
        return 0;
      }
      x->sv_u = (int)x->ent[e].u;
      x->sv_first = 1;
      x->sv_ip = (int)(o->ctx_cmd_inplace_o & 1);
      x->shm_next = 0;
      (void)t;
      x->n_save++;
    }
  }
  /* ---- a context command aborted (issue 12): the engine idle again without done_o, which
   * only a save or restore of a TB under a drop may do; nothing of it is credited (no
   * checkpoint, no restored TB) ---- */
  if (x->ctx_busy_prev && (o->ctx_cmd_ready_o & 1) && !(o->ctx_done_o & 1)) {
    const int u = x->sv_u >= 0 ? x->sv_u : x->rs_u;
    if (u < 0 || !x->drp_on || !x->tb[u].dmark) {
      FAIL(x, "a context command (TB %d) ended without ctx_done_o, not a drop's abort", u);
      return 0;
    }
    x->sv_u = x->rs_u = -1;
    x->n_drop_abort++;
  }
  x->ctx_busy_prev = !(o->ctx_cmd_ready_o & 1);
  if (o->ctx_done_o & 1) {
    if (x->sv_u >= 0) {
      tbrec *t = &x->tb[x->sv_u];
      if (x->sv_first) {
        FAIL(x, "save of TB %d wrote nothing", x->sv_u);
        return 0;
      }
      if (x->sv_k != t->has_base) {
        FAIL(x, "save of TB %d into area %d, has base %d", x->sv_u, x->sv_k, t->has_base);
        return 0;
      }
      t->ck_valid[x->sv_k] = 1;
      if (t->nsaves < 4) t->save_bytes[t->nsaves] = (uint32_t)o->ctx_done_bytes_o;
      t->nsaves++;
      x->sv_u = -1;
    } else if (x->rs_u >= 0) {
      tbrec *t = &x->tb[x->rs_u];
      for (unsigned j = 0; j * BB < t->shmem; j++)
        if (!x->shm_got[j]) {
          FAIL(x, "restore %d of TB %d did not write shared-memory beat %u", x->rs_k, x->rs_u, j);
          return 0;
        }
      if (x->rs_ip && x->rs_pos != x->rs_n) {
        FAIL(x, "in-place restore read %u of %u accesses", x->rs_pos, x->rs_n);
        return 0;
      }
      if (x->rs_k == 1 || !t->ck_valid[1]) {
        t->rst_ready = 1;
        x->rs_u = -1;
      }
    }
  }
  /* ---- register write taken ---- */
  if ((i->rf_wr_valid_i & 1) && x->wr_held && (o->rf_wr_ready_o & 1)) {
    tbrec *t = &x->tb[x->wr_u];
    t->val[x->wr_i * RPWP + x->wr_r] = x->wr_d;
    t->def[x->wr_i] |= 1u << x->wr_r;
    x->rf_def[x->wr_slot] |= 1ull << x->wr_r;
    x->wr_held = 0;
  }
  /* ---- restore verification reads ---- */
  if (x->vf_pend) {
    const tbrec *t = &x->tb[x->vf_u];
    uint32_t exp = t->val[x->vf_pi * RPWP + x->vf_pr];
    if ((uint32_t)o->rf_rd_data_o != exp) {
      FAIL(x, "restored TB %u: register (warp %u, reg %u) = %#llx, written %#x", x->vf_u,
           x->vf_pi, x->vf_pr, (unsigned long long)o->rf_rd_data_o, exp);
      return 0;
    }
    x->vf_pend = 0;
  }
  if (x->vf_active && !x->vf_done && (i->rf_rd_valid_i & 1) && x->vf_i < x->vf_n) {
    x->vf_pend = 1;
    x->vf_pi = x->vf_li[x->vf_i];
    x->vf_pr = x->vf_lr[x->vf_i];
    x->vf_i++;
  } else if (x->vf_active && !x->vf_done && x->vf_i >= x->vf_n && !x->vf_pend)
    x->vf_done = 1;
  /* ---- offers ---- */
  if ((o->simt_start_valid_o & 1) && (o->simt_start_restore_o & 1) && !x->vf_active) {
    int u = -1;
    for (unsigned k = 0; k < x->ntb; k++) {
      tbrec *t = &x->tb[k];
      if (t->st == ST_PRE && t->rst_ready && t->tb == (uint32_t)o->simt_start_tb_o &&
          t->slot == o->simt_start_slot_o && t->kptr == (uint32_t)o->simt_start_kptr_o &&
          t->param == (uint32_t)o->simt_start_param_o) {
        u = (int)k;
        break;
      }
    }
    if (u < 0 || kmu_popc64(o->simt_start_wmask_o) != x->tb[u].warps ||
        o->simt_start_warps_o != x->tb[u].warps || o->simt_start_rpw_o != x->tb[u].rpw) {
      FAIL(x, "restored offer (tb %#llx slot %llu) matches no restored TB",
           (unsigned long long)o->simt_start_tb_o, (unsigned long long)o->simt_start_slot_o);
      return 0;
    }
    tbrec *t = &x->tb[u];
    x->vf_active = 1;
    x->vf_done = 0;
    x->vf_u = (unsigned)u;
    x->vf_n = x->vf_i = 0;
    unsigned n = 0;
    for (unsigned w = 0; w < NW; w++)
      if (o->simt_start_wmask_o >> w & 1) x->vf_slot[n++] = (uint8_t)w;
    for (unsigned w = 0; w < t->warps; w++)
      if (!(t->exited >> w & 1))
        for (unsigned r = 0; r < t->rpw; r++)
          if (t->def[w] >> r & 1) x->vf_li[x->vf_n] = w, x->vf_lr[x->vf_n++] = r;
  }
  if ((o->simt_start_valid_o & 1) && (i->simt_start_ready_i & 1)) {
    unsigned e = (unsigned)o->simt_start_rtb_o;
    int rst = (int)(o->simt_start_restore_o & 1);
    int u = -1;
    if (rst) {
      if (!x->vf_active || !x->vf_done) {
        FAIL(x, "restored offer taken before its check");
        return 0;
      }
      u = (int)x->vf_u;
      x->vf_active = 0;
      x->tb[u].rst_ready = 0;
      x->tb[u].nrestore++;
      if (x->tb[u].yld_woken) { /* wake-up -> restored offer taken */
        const uint64_t l = cyc - x->tb[u].y_wake_cyc;
        x->tb[u].yld_woken = 0;
        x->n_yrst++;
        x->y_lat_sum += l;
        if (l > x->y_lat_max) x->y_lat_max = l;
      }
      x->tb[u].ck_valid[0] = x->tb[u].ck_valid[1] = 0;
      x->tb[u].has_base = 0;
      x->n_restore_offer++;
    } else {
      for (unsigned k = 0; k < x->ntb; k++) {
        tbrec *t = &x->tb[k];
        if (t->st == ST_ACC && t->tb == (uint32_t)o->simt_start_tb_o &&
            t->slot == o->simt_start_slot_o && t->kptr == (uint32_t)o->simt_start_kptr_o &&
            t->param == (uint32_t)o->simt_start_param_o &&
            t->ewarp == (unsigned)(o->simt_start_ewarp_o & 1)) {
          u = (int)k;
          break;
        }
      }
      if (u < 0 || o->simt_start_warps_o != x->tb[u].warps ||
          kmu_popc64(o->simt_start_wmask_o) != x->tb[u].warps || o->simt_start_rpw_o != x->tb[u].rpw) {
        FAIL(x, "offer (tb %#llx slot %llu warps %llu rpw %llu ewarp %llu) matches no started TB"
             " (TB %d: warps %u rpw %u)",
             (unsigned long long)o->simt_start_tb_o, (unsigned long long)o->simt_start_slot_o,
             (unsigned long long)o->simt_start_warps_o, (unsigned long long)o->simt_start_rpw_o,
             (unsigned long long)o->simt_start_ewarp_o, u, u >= 0 ? x->tb[u].warps : 0,
             u >= 0 ? x->tb[u].rpw : 0);
        return 0;
      }
      if (x->tb[u].ewarp && !x->tb[u].left_ewt) {
        FAIL(x, "event warp TB %d offered while still in the EWT", u);
        return 0;
      }
    }
    if (e >= NT || x->ent[e].valid) {
      FAIL(x, "offer into entry %u that is in use", e);
      return 0;
    }
    entry *en = &x->ent[e];
    memset(en, 0, sizeof *en);
    en->valid = 1;
    en->u = (unsigned)u;
    en->wmask = o->simt_start_wmask_o;
    for (unsigned w = 0; w < NW; w++)
      if (en->wmask >> w & 1) en->slot[en->nslot++] = (uint8_t)w;
    x->tb[u].st = ST_RUN;
  }
  /* ---- TReM drop: acknowledge once, bounded, nothing of the tag left ---- */
  if (x->drp_on && cyc > x->drp_cyc && !(o->drop_ack_o & 1)) {
    /* cycles the drop waits on bounded work outside its own steps: a context command (its
     * in-flight memory), a done report not taken, a warp-level preemption, a TB of the tag
     * draining from the pipeline, an event warp of the tag running to its end */
    int w = !(o->ctx_cmd_ready_o & 1) || ((o->done_valid_o & 1) && !(i->done_ready_i & 1)) ||
            (o->wp_busy_o & 1);
    for (int e = 0; e < NT && !w; e++) {
      const entry *en = &x->ent[e];
      if (en->valid && x->tb[en->u].dmark &&
          (en->wpev || x->tb[en->u].ewarp || (en->pause_seen && !en->paused)))
        w = 1;
    }
    x->drp_wait += (uint64_t)w;
    /* latency bound (kmu_sm_ctrl.v header): 3 + the rotations (TBS, EWT), the forgotten
     * preempted entries (PTBS), an evict per TB (TBS), the rpw engine finishing (6), plus the
     * waits */
    const uint64_t bound = 4 + 2 * NT + NP + NE + 6 + x->drp_wait;
    if (cyc - x->drp_cyc > bound) {
      FAIL(x, "drop of tag %u (cycle %llu) not acknowledged within %llu cycles", x->drp_tag,
           (unsigned long long)x->drp_cyc, (unsigned long long)bound);
      if (getenv("KMU_SM_STATS"))
        for (int e = 0; e < NT; e++)
          fprintf(stderr, "  entry %d valid %d wpev %d u %u slot %u st %d ewarp %d pause_seen %d paused %d exiting %d"
                  " resident %d pause_o %d\n", e, x->ent[e].valid, x->ent[e].wpev, x->ent[e].u,
                  x->tb[x->ent[e].u].slot, x->tb[x->ent[e].u].st, x->tb[x->ent[e].u].ewarp,
                  x->ent[e].pause_seen, x->ent[e].paused, x->ent[e].exiting,
                  (int)(o->resident_o >> e & 1), (int)(o->simt_pause_o >> e & 1));
      return 0;
    }
  }
  if (o->drop_ack_o & 1) {
    if (!x->drp_on || cyc <= x->drp_cyc) {
      FAIL(x, "drop_ack_o without a drop in progress");
      return 0;
    }
    const unsigned lat = (unsigned)(cyc - x->drp_cyc);
    if (lat > x->n_drop_lat_max) x->n_drop_lat_max = lat;
    if (x->reported[x->drp_tag] != x->simt_dones[x->drp_tag]) {
      FAIL(x, "drop of tag %u acknowledged with %llu of its done reports undelivered", x->drp_tag,
           (unsigned long long)(x->simt_dones[x->drp_tag] - x->reported[x->drp_tag]));
      return 0;
    }
    for (unsigned u = 0; u < x->ntb; u++) {
      tbrec *t = &x->tb[u];
      if (!t->dmark) continue;
      if (t->st == ST_RUN) {
        FAIL(x, "drop of tag %u acknowledged, TB %u still running", x->drp_tag, u);
        return 0;
      }
      if (t->st == ST_ACC || t->st == ST_PRE) t->st = ST_DROP, x->dropped[t->slot]++;
      t->dmark = 0;
    }
    /* its EWT entries are gone: the environment's event-warp list without them */
    unsigned keep = x->ew_left;
    for (unsigned j = x->ew_left; j < x->ewq_t; j++) {
      const unsigned u = x->ewq[j % 1024];
      if (x->tb[u].st != ST_DROP) x->ewq[keep++ % 1024] = u;
    }
    x->ew_pushed -= x->ewq_t - keep;
    x->ewq_t = keep;
    /* a restored offer of it seen before the drop is withdrawn */
    if (x->vf_active && x->tb[x->vf_u].st == ST_DROP) x->vf_active = x->vf_done = x->vf_pend = 0;
    x->drp_on = 0;
  }
  /* the EWT rotates from the drop's third cycle (its count shows it a cycle later): no pops to
   * follow until the acknowledge */
  const int drp_hold = x->drp_on && cyc >= x->drp_cyc + 3;

  /* ---- warp-level preemption ---- */
  /* event warps that left the EWT at the last edge (oldest first): the regular way, or into a
   * victim's slot when the warp-preemption controller became busy at that edge */
  const unsigned in_ewt = NE - (unsigned)o->ewt_free_o;
  int wp_u = -1;
  while (!drp_hold && x->ew_left + in_ewt < x->ew_pushed) {
    unsigned u = x->ewq[x->ew_left++ % 1024];
    x->tb[u].left_ewt = 1;
    if ((o->wp_busy_o & 1) && !x->prev_busy && x->ew_left + in_ewt == x->ew_pushed) wp_u = (int)u;
  }
  if ((i->start_valid_i & 1) && (i->start_ewarp_i & 1)) x->ew_pushed++;
  if ((o->wp_busy_o & 1) && !x->prev_busy) {
    uint64_t nb = o->resident_o & ~x->prev_resident;
    if (kmu_popc64(nb) != 1 || wp_u < 0) {
      FAIL(x, "warp-level preemption accepted: new resident entries %#llx, no event warp left the EWT",
           (unsigned long long)nb);
      return 0;
    }
    unsigned e = kmu_ctz64(nb), u = (unsigned)wp_u;
    if (x->ent[e].valid) {
      FAIL(x, "warp-level event warp into entry %u in use", e);
      return 0;
    }
    entry *en = &x->ent[e];
    memset(en, 0, sizeof *en);
    en->valid = en->wpev = 1;
    en->u = u;
    x->tb[u].st = ST_RUN;
    x->wp_active = 1;
    x->wp_vmask = 0;
    x->wp_entry = e;
    x->wp_acc_cyc = cyc - 1;
    x->n_wp++;
    /* the race kmu_sm coordinates: a TB-level preemption while this one is in progress */
    if (!x->race_at && x->c.random_events && kmu_rng_pct(&x->rng, x->race_pct))
      x->race_at = cyc + rb(x, 0, 30);
  }
  if (x->wp_active) x->wp_vmask |= o->vic_stop_o | o->ev_start_o;
  for (int f = 0; f < 5; f++) {
    const uint64_t pulse = f == 1 ? o->ld_drop_o : f == 2 ? o->bar_skip_o : f == 3 ? o->ibuf_flush_o : 0;
    x->vflags[f] &= ~pulse;
  }
  if (o->ev_start_o) {
    entry *en = &x->ent[x->wp_entry];
    if (!x->wp_active || kmu_popc64(o->ev_start_o) != 1 || !en->valid || !en->wpev || en->ev_state) {
      FAIL(x, "ev_start_o %#llx with no event warp waiting", (unsigned long long)o->ev_start_o);
      return 0;
    }
    /* the event warp's identity for the SIMT (kmu_sm latches it at the acceptance) */
    const tbrec *et = &x->tb[en->u];
    if (o->ev_rtb_o != x->wp_entry || o->ev_tb_o != et->tb || o->ev_param_o != et->param ||
        o->ev_slot_o != et->slot) {
      FAIL(x, "ev_start_o: identity rtb %llu tb %llu param %#llx slot %llu, expected entry %u tb "
           "%u param %#x slot %u", (unsigned long long)o->ev_rtb_o, (unsigned long long)o->ev_tb_o,
           (unsigned long long)o->ev_param_o, (unsigned long long)o->ev_slot_o, x->wp_entry,
           et->tb, et->param, et->slot);
      return 0;
    }
    en->ev_state = 1;
    en->ev_slot = kmu_ctz64(o->ev_start_o);
    en->ev_left = x->c.ev_len > 0 ? x->c.ev_len : (int)rb(x, 0, x->ev_max);
    x->wp_start_cyc = cyc;
  }
  if ((o->rsave_valid_o & 1) && (i->rsave_ready_i & 1)) x->rsave_done_at = cyc + rb(x, 1, 8);
  if ((o->rrest_valid_o & 1) && (i->rrest_ready_i & 1)) x->rrest_done_at = cyc + rb(x, 1, 8);
  if (!(o->wp_busy_o & 1) && x->prev_busy) x->wp_active = 0, x->wp_vmask = 0;
  x->prev_busy = (int)(o->wp_busy_o & 1);
  x->prev_resident = o->resident_o;
  x->prev_pause = o->simt_pause_o;
  x->prev_ovl = ovl;
  /* ---- evict ---- */
  if (o->simt_evict_valid_o & 1) {
    unsigned e = (unsigned)o->simt_evict_rtb_o;
    entry *en = &x->ent[e];
    if (e >= NT || !en->valid || !en->paused) {
      FAIL(x, "evict of entry %u that is not paused", e);
      return 0;
    }
    if ((ovl | x->prev_ovl) >> e & 1) {
      FAIL(x, "evict of entry %u while a warp of it is in a warp-level preemption", e);
      return 0;
    }
    tbrec *t = &x->tb[en->u];
    en->valid = 0;
    if (t->dmark && x->drp_on && cyc > x->drp_cyc) { /* dropped: no save kept */
      t->st = ST_DROP;
      t->dmark = 0;
      x->dropped[t->slot]++;
    } else {
      t->st = ST_PRE;
      t->nevict++;
      x->n_evict++;
    }
    if (x->n_cmd < 16) x->ev_cyc[15] = cyc;
  }
  /* ---- runner: warp exit, done, work, pause ---- */
  if (i->simt_wexit_valid_i & 1) {
    for (int e = 0; e < NT; e++) {
      entry *en = &x->ent[e];
      if (!en->valid || en->wpev || !(en->wmask >> i->simt_wexit_warp_i & 1)) continue;
      for (unsigned w = 0; w < en->nslot; w++)
        if (en->slot[w] == i->simt_wexit_warp_i) x->tb[en->u].exited |= 1ull << w;
    }
  }
  if (i->simt_done_valid_i & 1) {
    entry *en = &x->ent[i->simt_done_rtb_i];
    tbrec *t = &x->tb[en->u];
    en->valid = 0;
    if (t->dmark && x->drp_on && cyc > x->drp_cyc) { /* finished under its drop: no report */
      t->st = ST_DROP;
      t->dmark = 0;
      x->dropped[t->slot]++;
    } else {
      t->st = ST_DONE;
      t->ndone++;
      t->ck_valid[0] = t->ck_valid[1] = 0;
      x->simt_dones[t->slot]++;
    }
  }
  for (int e = 0; e < NT; e++) {
    entry *en = &x->ent[e];
    if (!en->valid || en->wpev) continue;
    tbrec *t = &x->tb[en->u];
    const int pz = (int)(o->simt_pause_o >> e & 1);
    if (pz && !en->pause_seen && !en->exiting) {
      en->pause_seen = 1;
      en->drain = x->c.drain_fix > 0 ? x->c.drain_fix - 1 : (int)rb(x, 1, 12);
      x->n_pause++;
      x->n_pause_wp += (ovl >> e & 1) != 0;
    }
    if (en->pause_seen && !pz) {
      if (en->paused) t->has_base = 1, x->n_base++;
      en->pause_seen = en->paused = 0;
    }
    /* a TB stalled at its yield (asked or accepted) does not finish */
    const int ystall = en->yblk || (x->y_on && x->y_e == (unsigned)e);
    if (!en->pause_seen && !en->exiting && !ystall) {
      if (t->work > 0) t->work--;
      else en->exiting = 1;
    }
  }
  /* ---- GPUpIO yield scoreboard (the lane's contract, docs/blocks/kmu_yield_mon.md) ---- */
  {
    const int yv = (int)(i->simt_yield_valid_i & 1), yr = (int)(o->simt_yield_ready_o & 1);
    if (yr && !yv) FAIL(x, "simt_yield_ready_o without a yield");
    if (yv && yr) {
      entry *en = &x->ent[x->y_e];
      const tbrec *t = &x->tb[en->u];
      /* the decision's cycle is the lane's first valid cycle (atomic check-and-sleep) */
      if (!(o->yq_valid_o & 1) || (uint32_t)o->yq_addr_o != x->y_addr ||
          (uint32_t)o->yq_tb_o != t->tb || o->yq_slot_o != t->slot)
        FAIL(x, "yield of entry %u accepted: lane valid %llu addr %#llx tb %#llx slot %llu, "
                "expected addr %#x tb %#x slot %u", x->y_e, (unsigned long long)o->yq_valid_o,
             (unsigned long long)o->yq_addr_o, (unsigned long long)o->yq_tb_o,
             (unsigned long long)o->yq_slot_o, x->y_addr, t->tb, t->slot);
      x->y_on = 0, x->y_wait = 1, en->yblk = 1;
      x->n_yield++;
    }
    if ((o->yq_valid_o & 1) && !(yv && yr) && !x->y_wait)
      FAIL(x, "yield lane valid with no accepted yield");
    if ((o->yq_valid_o & 1) && (i->yq_ready_i & 1)) {
      const unsigned r = rb(x, 0, 99);
      x->y_due = 1;
      x->y_lane_ptb = (unsigned)o->yq_ptb_o;
      x->y_code = x->y_force ? x->y_force - 1
                  : x->y_addr == 0 ? (r < 80 ? KMU_YR_SPIN : KMU_YR_NOWORK)
                  : r < 60       ? KMU_YR_TAKEN
                  : r < 80       ? KMU_YR_NOWORK
                                 : KMU_YR_FULL;
    }
    if (o->simt_yres_valid_o & 1) {
      if (!x->y_wait || o->simt_yres_rtb_o != x->y_e || o->simt_yres_code_o != x->y_code)
        FAIL(x, "yield answer entry %llu code %llu, expected entry %u code %u (waiting %d)",
             (unsigned long long)o->simt_yres_rtb_o, (unsigned long long)o->simt_yres_code_o,
             x->y_e, x->y_code, x->y_wait);
      x->y_wait = 0;
      if (x->y_code <= KMU_YR_SPIN) {
        x->y_save = 1, x->y_u = x->ent[x->y_e].u;
        if (x->y_code == KMU_YR_TAKEN) x->n_ytake++;
        else x->n_yspin++;
      } else x->ent[x->y_e].yblk = 0, x->n_yrefuse++;
    }
    if (o->sd_valid_o & 1) {
      /* the save is done when the TB leaves (its evict), into the reserved table entry */
      /* evicted by its drop, or its tag's drop comes in this very cycle (dmark): the drop
       * forgets the checkpoint it leaves in the table */
      const int ydrop = x->y_save && (x->tb[x->y_u].st == ST_DROP || x->tb[x->y_u].dmark);
      if (!x->y_save || !(o->simt_evict_valid_o & 1) || o->simt_evict_rtb_o != x->y_e ||
          (!ydrop && x->tb[x->y_u].ck_p[0] != x->y_lane_ptb))
        FAIL(x, "sd_valid_o: yield in save %d (entry %u, table entry %u / saved to %u), evict "
                "%llu of entry %llu", x->y_save, x->y_e, x->y_lane_ptb, x->tb[x->y_u].ck_p[0],
             (unsigned long long)o->simt_evict_valid_o, (unsigned long long)o->simt_evict_rtb_o);
      x->y_save = 0;
      x->n_ysd++;
      x->ent[x->y_e].yblk = 0;
      if (ydrop) {
        x->n_ydrop_sd++; /* its context discarded: nothing to wake */
      } else if (x->n_wq < 64) {
        x->tb[x->y_u].yld_wait = 1;
        x->wq[x->n_wq].due = cyc + (x->y_wdelay ? x->y_wdelay : rb(x, 1, 300));
        x->wq[x->n_wq].ptb = x->y_lane_ptb;
        x->wq[x->n_wq++].u = x->y_u;
      } else FAIL(x, "wake-up queue full");
    }
    if ((int)(o->wk_err_o & 1) != ((int)(i->wk_valid_i & 1) && x->wk_bad))
      FAIL(x, "wk_err_o %llu for a wake of table entry %llu (bad %d)",
           (unsigned long long)o->wk_err_o, (unsigned long long)i->wk_ptb_i, x->wk_bad);
  }

  /* ---- end of run: everything drained ---- */
  if (x->draining && !x->fail) {
    int busy = x->wr_held || x->vf_active || x->rq_h != x->rq_t || x->wp_active || x->drp_on;
    busy |= x->y_on || x->y_wait || x->y_save || x->n_wq;
    for (int e = 0; e < NT; e++) busy |= x->ent[e].valid;
    for (unsigned s = 0; s < 256; s++) busy |= x->reported[s] + x->dropped[s] != x->started[s];
    if (!busy && o->resident_o == 0 && !(o->ptb_count_o & 0xff) && !(o->pre_busy_o & 1) &&
        o->free_tb_o == NT && o->free_warps_o == NW && o->free_regs_o == NR &&
        o->free_shmem_o == NS && o->ewt_free_o == NE && !(o->wp_busy_o & 1))
      x->drained = 1;
  }
  return !x->fail;
}

static int env_finish(void *c) {
  env *x = c;
  if (getenv("KMU_SM_STATS") && !kmu_tb_quiet())
    fprintf(stderr,
            "  [%s] pol %d ip %d wp %d lax %d: %u TBs, %u requests, %u hints, %u pauses, %u saves, "
            "%u bases, %u evicts, %u restores, %u warp preemptions, %u refused, %u err_dec, "
            "%u pauses begun during a warp preemption of the TB, %u reported paused during one"
            " (n_lax_race)\n",
            x->test, x->c.policy, x->c.inplace, x->c.wp_en, x->c.lax_pause, x->ntb, x->n_preq,
            x->n_hint, x->n_pause, x->n_save, x->n_base, x->n_evict, x->n_restore_offer, x->n_wp,
            x->n_wp_refuse, x->n_err_dec, x->n_pause_wp, x->n_lax_race);
  if (getenv("KMU_SM_STATS") && !kmu_tb_quiet())
    fprintf(stderr,
            "  [%s] drops %u: %u TBs dropped, max ack latency %u; drops meeting a save/restore %u,"
            " a warp preemption %u, the EWT %u, preempted TBs %u, unstarted TBs %u; context"
            " commands aborted %u\n",
            x->test, x->n_drop, x->n_drop_tbs, x->n_drop_lat_max, x->n_drop_busy, x->n_drop_wp,
            x->n_drop_ewt, x->n_drop_ptb, x->n_drop_unst, x->n_drop_abort);
  if (getenv("KMU_SM_STATS") && !kmu_tb_quiet())
    fprintf(stderr,
            "  [%s] yields %u (withdrawn %u): taken %u, spins %u, refused %u, saved %u, woken %u"
            " (woken under hold %u, bad wakes %u), restored %u; met by a drop %u (saved as dropped"
            " %u), wake-up -> restored offer max %llu avg %llu\n",
            x->test, x->n_yield, x->n_ywd, x->n_ytake, x->n_yspin, x->n_yrefuse, x->n_ysd,
            x->n_ywake, x->n_ywhold, x->n_ywbad, x->n_yrst, x->n_ydrop_fly, x->n_ydrop_sd, (unsigned long long)x->y_lat_max,
            (unsigned long long)(x->n_yrst ? x->y_lat_sum / x->n_yrst : 0));
  if (x->fail) return 0;
  /* conservation of yields: every taken yield saved once, woken once, restored once (or,
   * once woken, dropped by a TReM drop of its tag as any preempted TB) */
  unsigned ydrop = 0;
  for (unsigned u = 0; u < x->ntb; u++) ydrop += x->tb[u].yld_woken && x->tb[u].st == ST_DROP;
  if (x->n_ysd != x->n_ytake + x->n_yspin || x->n_ywake + x->n_ydrop_sd != x->n_ysd ||
      x->n_yrst + ydrop != x->n_ywake ||
      x->n_yield != x->n_ytake + x->n_yspin + x->n_yrefuse + (unsigned)x->y_wait) {
    FAIL(x, "yields %u: taken %u + spins %u + refused %u, saved %u, woken %u, restored %u",
         x->n_yield, x->n_ytake, x->n_yspin, x->n_yrefuse, x->n_ysd, x->n_ywake, x->n_yrst);
    return 0;
  }
  if (x->c.random_dispatch && !x->drained) {
    unsigned res = 0, pre = 0;
    for (unsigned u = 0; u < x->ntb; u++) res += x->tb[u].st == ST_RUN, pre += x->tb[u].st == ST_PRE;
    FAIL(x, "the run did not drain: %u TBs running, %u preempted, %u of %u started", res, pre,
         x->ntb, x->ntb);
    return 0;
  }
  for (unsigned u = 0; u < x->ntb; u++) {
    const tbrec *t = &x->tb[u];
    if (t->st == ST_DROP && t->ndone == 0) continue; /* dropped: never reported, never restored */
    if (x->c.random_dispatch && (t->st != ST_DONE || t->ndone != 1)) {
      FAIL(x, "TB %u (tb %#x slot %u): state %d, finished %d times", u, t->tb, t->slot, t->st,
           t->ndone);
      return 0;
    }
    if (t->nevict != t->nrestore) {
      FAIL(x, "TB %u evicted %d times, restored %d times", u, t->nevict, t->nrestore);
      return 0;
    }
  }
  for (unsigned s = 0; s < 256; s++)
    if (x->c.random_dispatch && x->reported[s] + x->dropped[s] != x->started[s]) {
      FAIL(x, "kernel slot %u: %llu TBs started, %llu done reports, %llu dropped", s,
           (unsigned long long)x->started[s], (unsigned long long)x->reported[s],
           (unsigned long long)x->dropped[s]);
      return 0;
    }
  return 1;
}

/* ======================================================================== random lockstep */
static env X;
static uint64_t cycles_ran;

static int run_env(const char *test, uint64_t seed, uint64_t cycles) {
  X.test = test;
  X.cycles = cycles;
  kmu_stim s = {&X, env_init, env_drive, env_check, env_finish};
  /* the final drain starts at cycles - cycles/5 - 4000 and ends the run when everything is
   * done; the long restores of the paper size may need more: up to cycles/2 extra */
  return kmu_lockstep_mid_reset(&kmu_sm_block, &s, test, seed, cycles + cycles / 2);
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  memset(&X.c, 0, sizeof X.c);
  X.c.random_dispatch = X.c.random_events = X.c.hold_rand = 1;
  (void)cycles_ran;
  return run_env(test, seed, cycles);
}

/* ======================================================================== directed */
/* The directed tests run the same environment (runner, memory, scoreboards) with a script that
 * replaces the random dispatcher and events; the expectations are the papers' and the blocks'
 * contracts, checked in d_check and at the end. */
typedef struct {
  int kind; /* 0 chimera, 1 pep, 2 drain, 3 warp preempt, 4 bad inputs, ... 9/10 drop during a save/restore, 11 yield */
  uint64_t t_evict, t_resume_base, t_base_done, t_acc;
  unsigned dirty_since_base, dirty_before;
  uint64_t dmask[64];    /* registers written since the base (per warp index) */
  uint64_t bmask[64];    /* registers written before the base */
  int phase, ok;
  uint64_t ev_at, lat_seen;
  /* pause_during_wp / wp_during_pause */
  unsigned ntbs, pause_e;
  uint64_t pause_wmask, t_pre, t_pause, t_resume, t_cmdv, t_cmd0, t_evict1, t_ew, t_ewoffer, cmd0_wmask;
  int pause_busy, pause_vic, resume_in_e, busy_after_resume, viol, ew_wait_paused;
  unsigned kslot;        /* d_start's kernel slot (0: 3) */
  uint64_t t_ack[4], t_paused; /* drop: acknowledges, the dropped TB reported paused */
  unsigned nack;
  /* yield: the answer the lane gives, the wake-up, the restore command and its last done,
   * the restored offer */
  unsigned ycode;
  uint64_t t_yacc, t_wake, t_rcmd, t_rdone, t_offer;
  /* yield under the hold (kind 13): the victim V and the yielding TB Y, Y's start, the hold's
   * end, the hold at the wake-up, V's restored offer, small TBs started before the wake-up and
   * after Y's restored offer, cycles after the wake-up with fit_o before Y's restore, the last
   * small TB start */
  unsigned v_u, y_u;
  uint64_t t_ystart, t_hoff, t_voffer, t_last_st;
  int hold_wake;
  unsigned nst_before, nst_after, nfit_wait;
  /* drop during a context command (kinds 9 save, 10 restore): memory latency, the drop's
   * delay after the command's accept, commands accepted, the last accept, the pulse, the
   * engine busy / idle again after the pulse */
  unsigned lat, dly, ncmd;
  uint64_t t_cmdl, t_drop, t_eidle;
  kmu_sm_out o_prev;
} dstate;
static dstate D;

static void d_start(env *x, kmu_sm_in *i, unsigned warps, unsigned rpw, unsigned shmem,
                    unsigned len, int ewarp) {
  kernel k = {D.kslot ? D.kslot : 3, warps, rpw * 32 * warps, shmem, len, (unsigned)ewarp,
              0xc0de1000u, 0xfeed0000u};
  unsigned u = new_tb(x, &k);
  x->tb[u].work = (int)len;
  i->start_valid_i = 1;
  i->start_ewarp_i = (unsigned)ewarp;
  i->start_slot_i = k.slot;
  i->start_tb_i = x->tb[u].tb;
  i->start_warps_i = warps;
  i->start_regs_i = k.regs;
  i->start_shmem_i = shmem;
  i->start_kptr_i = k.kptr;
  i->start_param_i = k.param;
  i->need_warps_i = warps;
  i->need_regs_i = k.regs;
  i->need_shmem_i = shmem;
  i->need_ewarp_i = (unsigned)ewarp;
  if (ewarp) x->ewq[x->ewq_t++ % 1024] = u;
  x->started[k.slot]++;
  x->started_prev = 1;
}

static int d_script(void *c, uint64_t cyc, kmu_sm_in *i) {
  env *x = c;
  i->simt_start_insts_i = 0; /* unknown: the estimate is longer than any threshold */
  i->hold_i = (unsigned)x->hold;
  switch (D.kind) {
  case 0: case 2: /* one TB; a preemption request at 60 with the SM held */
    if (cyc == 1) d_start(x, i, 2, 4, 64, 400, 0);
    if (cyc == 60) i->preempt_valid_i = 1, x->hold = 1, i->hold_i = 1;
    if (x->hold && x->n_evict && cyc > D.t_evict + 20) x->hold = 0, i->hold_i = 0;
    if (x->hold && D.kind == 2 && cyc > 200) x->hold = 0, i->hold_i = 0;
    if (cyc > 70 && !x->hold) x->draining = 1;
    break;
  case 1: /* PEP: hint at 40 (base), preempt at 250 (incremental) */
    if (cyc == 1) d_start(x, i, 2, 4, 64, 3000, 0);
    if (cyc == 40) i->hint_valid_i = 1;
    if (cyc == 250) i->preempt_valid_i = 1, x->hold = 1, i->hold_i = 1;
    if (x->hold && x->n_evict && cyc > D.t_evict + 20) x->hold = 0, i->hold_i = 0;
    if (cyc > 260 && !x->hold) x->draining = 1;
    break;
  case 5: case 6: { /* two TBs fill the warp slots; a warp-level and a TB-level preemption */
    i->deadline_i = 0; /* Chimera: every TB with an unknown estimate switches */
    if (cyc == 1 || cyc == 3) d_start(x, i, NW / 2, 2, 64, 800, 0);
    if (cyc >= 38) i->w_inpipe_i = i->w_ld_i = i->w_bar_i = i->w_ibuf_i = i->w_icmiss_i = 0;
    /* 5: an event warp at 40 takes a victim; the request comes while it runs */
    if (D.kind == 5 && cyc == 40) d_start(x, i, 1, 1, 0, 30, 1);
    if (D.kind == 5 && D.ev_at && cyc == D.ev_at + 2) D.t_pre = cyc;
    /* 6: the request at 50; an event warp while the first TB is paused */
    if (D.kind == 6 && cyc == 50) D.t_pre = cyc;
    if (D.kind == 6 && D.t_pause && cyc == D.t_pause + 2) d_start(x, i, 1, 1, 0, 30, 1), D.t_ew = cyc;
    if (D.t_pre && D.t_pre == cyc) i->preempt_valid_i = 1, x->hold = 1, i->hold_i = 1;
    /* the preempting kernel leaves once both TBs are out */
    if (x->hold && x->n_evict == D.ntbs && cyc > D.t_evict + 20) x->hold = 0, i->hold_i = 0;
    if (D.t_pre && cyc > D.t_pre && !x->hold) x->draining = 1;
    break;
  }
  case 3: { /* every warp slot busy, then an event warp */
    unsigned tbs = (NW + TB_MAXW - 1) / TB_MAXW;
    if (cyc >= 1 && cyc <= tbs * 2 && cyc % 2 == 1) d_start(x, i, NW / tbs, 1, 0, 300, 0);
    if (cyc == 40) d_start(x, i, 1, 1, 0, 30, 1);
    if (cyc >= 38) i->w_inpipe_i = i->w_ld_i = i->w_bar_i = i->w_ibuf_i = i->w_icmiss_i = 0;
    if (cyc > 45) x->draining = 1;
    break;
  }
  case 9: case 10: /* drop of the tag of a TB in a save (9) or a restore (10): one TB of the
                     * largest size (TB_MAXW warps, RPW registers, all shared memory) */
    if (cyc == 1) {
      x->lat_min = x->lat_max = D.lat;
      d_start(x, i, TB_MAXW, RPWP, NS, 1000000, 0);
    }
    if (cyc == 40) i->preempt_valid_i = 1, x->hold = 1, i->hold_i = 1;
    /* 10: the preempting kernel leaves after the evict: the restore starts */
    if (D.kind == 10 && x->hold && x->n_evict && cyc > D.t_evict + 5) x->hold = 0, i->hold_i = 0;
    if (!D.t_drop && D.ncmd == (unsigned)D.kind - 8 && cyc == D.t_cmdl + D.dly) {
      drop_issue(x, &D.o_prev, i, 3);
      D.t_drop = cyc;
    }
    if (D.t_drop && D.nack) x->hold = 0, i->hold_i = 0, x->draining = 1;
    break;
  case 8: /* drop: TB A (slot 3) and B (slot 5) run; a drop of tag 9 (absent) at 40, of 3 at 60 */
    if (cyc == 1) d_start(x, i, 2, 4, 64, 3000, 0);
    if (cyc == 3) D.kslot = 5, d_start(x, i, 2, 4, 64, 300, 0), D.kslot = 0;
    if (cyc == 40) drop_issue(x, &D.o_prev, i, 9);
    if (cyc == 60) drop_issue(x, &D.o_prev, i, 3);
    if (cyc > 70 && !x->drp_on) x->draining = 1;
    break;
  case 12: /* yield + drop: TB A (slot 3) yields at 100, the lane not ready until 100 +
             D.dly; a drop of tag 3 in cycle 100 + D.lat (asked: D.lat < D.dly; answered or in
             its save: later); the answer D.ycode */
    if (cyc == 1) d_start(x, i, 2, 4, 64, 3000, 0);
    x->y_force = D.ycode + 1, x->y_wdelay = 50, x->y_rdy_at = 100 + D.dly;
    if (cyc == 99) x->y_on = 1, x->y_e = 0, x->y_addr = 0x1000, x->y_since = cyc;
    if (cyc == 100 + D.lat) drop_issue(x, &D.o_prev, i, 3), D.t_drop = cyc;
    if (cyc > 100 + D.lat && !x->drp_on && !x->y_wait && !x->y_save) x->draining = 1;
    break;
  case 13: { /* yield under the hold (issue 13): V (slot 3) is switched out at 40 and held;
               * Y (slot 5) starts, yields (TAKEN) and is woken 300 cycles after its save with
               * the hold still high; small TBs (slot 7, 1 warp, 40 cycles) are offered whenever
               * the last cycle's fit_o said they fit, until the hold ends 1500 cycles after the
               * wake-up */
    i->deadline_i = 0; /* Chimera: every TB with an unknown estimate switches */
    if (cyc == 1) D.v_u = x->ntb, d_start(x, i, NW / 2, 4, 64, 3000, 0);
    if (cyc == 40) i->preempt_valid_i = 1, x->hold = 1, i->hold_i = 1;
    if (!D.t_ystart && x->n_evict && cyc == D.t_evict + 2) {
      D.kslot = 5, D.y_u = x->ntb, d_start(x, i, NW / 2, 4, 64, 3000, 0), D.kslot = 0;
      D.t_ystart = cyc;
    }
    if (D.t_ystart && cyc == D.t_ystart + 100) {
      for (unsigned e = 0; e < NT; e++)
        if (x->ent[e].valid && x->ent[e].u == D.y_u) x->y_e = e;
      x->y_force = KMU_YR_TAKEN + 1, x->y_wdelay = 300;
      x->y_on = 1, x->y_addr = 0x1000, x->y_since = cyc;
    }
    if (D.t_wake && !D.t_hoff && cyc == D.t_wake + 1500) D.t_hoff = cyc, x->hold = 0, i->hold_i = 0;
    /* the small TBs: need held constant, a start when last cycle's fit_o said it fits (and
     * nothing changed since: no start, evict or wake-up in the last cycle, the same hold) */
    if (D.t_ystart && cyc > D.t_ystart + 2 && !D.t_hoff && !i->start_valid_i) {
      i->need_warps_i = 1, i->need_regs_i = 32, i->need_shmem_i = 0, i->need_ewarp_i = 0;
      if ((D.o_prev.fit_o & 1) && D.t_last_st + 1 < cyc && !(D.o_prev.simt_evict_valid_o & 1) &&
          !(D.t_wake && cyc <= D.t_wake + 1) && cyc != D.t_hoff) {
        D.kslot = 7, d_start(x, i, 1, 1, 0, 40, 0), D.kslot = 0;
        D.t_last_st = cyc;
        if (!D.t_wake) D.nst_before++;
        else if (D.t_offer) D.nst_after++;
      }
    }
    if (D.t_hoff && cyc > D.t_hoff + 10) x->draining = 1;
    break;
  }
  case 11: /* yield: one TB yields at 100 (answer D.ycode), woken 50 cycles after its save */
    if (cyc == 1) d_start(x, i, 2, 4, 64, 3000, 0);
    x->y_force = D.ycode + 1, x->y_wdelay = 50;
    if (cyc == 99) x->y_on = 1, x->y_e = 0, x->y_addr = 0x1000, x->y_since = cyc;
    if (cyc > 100 && !x->y_on && !x->y_wait && !x->y_save && !x->n_wq) x->draining = 1;
    break;
  default: break;
  }
  return 1;
}

static int d_check(void *c, uint64_t cyc, const void *ii, const void *oo) {
  env *x = c;
  const kmu_sm_in *i = ii;
  const kmu_sm_out *o = oo;
  const unsigned n_evict0 = x->n_evict;
  const int has_base0 = x->ntb ? x->tb[0].has_base : 0;
  int r = env_check(c, cyc, ii, oo);
  if (!r) return 0;
  if (x->n_evict != n_evict0) D.t_evict = cyc;
  D.o_prev = *o;
  if ((o->drop_ack_o & 1) && D.nack < 4) D.t_ack[D.nack++] = cyc;
  if (D.kind == 12 && (o->sd_valid_o & 1)) D.t_rcmd = cyc; /* (kind 12: the save done) */
  if (D.kind == 11 || D.kind == 12 || D.kind == 13) {
    if ((i->simt_yield_valid_i & 1) && (o->simt_yield_ready_o & 1)) D.t_yacc = cyc;
    if ((i->wk_valid_i & 1) && !D.t_wake) D.t_wake = cyc, D.hold_wake = (int)(i->hold_i & 1);
    if (D.t_wake && !D.t_rcmd && (o->ctx_cmd_valid_o & 1) && (o->ctx_cmd_ready_o & 1) &&
        o->ctx_cmd_op_o == KMU_CTX_OP_RESTORE)
      D.t_rcmd = cyc;
    if (D.t_rcmd && !D.t_offer && (o->ctx_done_o & 1)) D.t_rdone = cyc;
    if (D.t_wake && !D.t_offer && (o->simt_start_valid_o & 1) && (o->simt_start_restore_o & 1))
      D.t_offer = cyc;
  }
  if (D.kind == 13) {
    /* the woken TB goes before any new TB: no fit_o from the cycle after the wake-up until
     * its restore command */
    if (D.t_wake && cyc > D.t_wake && !D.t_rcmd && (o->fit_o & 1)) D.nfit_wait++;
    if ((o->simt_start_valid_o & 1) && (o->simt_start_restore_o & 1) && !D.t_voffer &&
        o->simt_start_tb_o == x->tb[D.v_u].tb)
      D.t_voffer = cyc;
  }
  if (!D.t_paused && (i->simt_paused_i & 1)) D.t_paused = cyc;
  if (D.kind == 9 || D.kind == 10) {
    if ((o->ctx_cmd_valid_o & 1) && (o->ctx_cmd_ready_o & 1)) D.ncmd++, D.t_cmdl = cyc;
    if (D.t_drop && cyc > D.t_drop && !D.t_eidle && (o->ctx_cmd_ready_o & 1)) D.t_eidle = cyc;
  }
  if (x->ntb && D.kind == 1) {
    tbrec *t = &x->tb[0];
    if (!has_base0 && t->has_base) D.t_resume_base = cyc;
    /* the runner's writes: before the base, and since it */
    if ((i->rf_wr_valid_i & 1) && (o->rf_wr_ready_o & 1) && x->wr_u == 0 && !x->wr_held) {
      if (!has_base0 && !x->n_base) D.bmask[x->wr_i] |= 1ull << x->wr_r;
      else if (has_base0) D.dmask[x->wr_i] |= 1ull << x->wr_r;
    }
  }
  if (D.kind == 5 || D.kind == 6) {
    if (o->ev_start_o && !D.ev_at) D.ev_at = cyc;
    if (x->n_evict != n_evict0 && !D.t_evict1) D.t_evict1 = cyc;
    if (o->simt_pause_o && !D.t_pause) {
      D.t_pause = cyc;
      D.pause_e = kmu_ctz64(o->simt_pause_o);
      D.pause_busy = (int)(o->wp_busy_o & 1);
      D.pause_vic = (o->vic_stop_o & x->ent[D.pause_e].wmask) != 0;
      D.pause_wmask = x->ent[D.pause_e].wmask;
    }
    if (o->vic_resume_o && !D.t_resume) {
      D.t_resume = cyc;
      D.resume_in_e = D.t_pause && (o->vic_resume_o & x->ent[D.pause_e].wmask) != 0;
    }
    if (D.t_resume && cyc == D.t_resume + 1) D.busy_after_resume = (int)(o->wp_busy_o & 1);
    if ((o->ctx_cmd_valid_o & 1) && !D.t_cmdv) D.t_cmdv = cyc;
    if ((o->ctx_cmd_valid_o & 1) && (o->ctx_cmd_ready_o & 1) && !D.t_cmd0)
      D.t_cmd0 = cyc, D.cmd0_wmask = o->ctx_cmd_wmask_o;
    /* while a TB is paused no warp-level preemption is asked for, accepted or started */
    if (D.kind == 6 && o->simt_pause_o &&
        ((o->wp_busy_o & 1) || o->ev_start_o || (o->wp_refuse_o & 1)))
      D.viol++;
    if (o->simt_pause_o && o->ewt_free_o < NE) D.ew_wait_paused++;
    if ((o->simt_start_valid_o & 1) && (o->simt_start_ewarp_o & 1) && !D.t_ewoffer)
      D.t_ewoffer = cyc;
  }
  if (D.kind == 3) {
    if ((o->wp_busy_o & 1) && !D.t_acc) D.t_acc = cyc - 1;
    if (o->ev_start_o) D.ev_at = cyc;
    if (D.ev_at && cyc == D.ev_at + 1) D.lat_seen = o->wp_lat_o;
  }
  return 1;
}

static unsigned popc_arr(const uint64_t *a, unsigned n) {
  unsigned k = 0;
  for (unsigned w = 0; w < n; w++) k += kmu_popc64(a[w]);
  return k;
}

static int d_finish(void *c) {
  env *x = c;
  if (!env_finish(c)) return 0;
  const char *t = x->test;
  int ok = KMU_EXPECT_EQ(t, x->cyc, "the run drained", 1, x->drained);
  for (unsigned s = 0; s < 256; s++)
    ok &= KMU_EXPECT_EQ(t, x->cyc, "done reports == TBs started (per slot)", x->started[s],
                        x->reported[s]);
  for (unsigned u = 0; u < x->ntb; u++) ok &= KMU_EXPECT_EQ(t, x->cyc, "TB finished once", 1, x->tb[u].ndone);
  const unsigned shm_beats = (64 + BB - 1) / BB;
  switch (D.kind) {
  case 0:
    ok &= KMU_EXPECT_EQ(t, x->cyc, "pauses", 1, x->n_pause);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "evictions", 1, x->n_evict);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "restored offers", 1, x->n_restore_offer);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "context commands", 2, x->n_cmd);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "command 0: SAVE_ALL (Chimera)", KMU_CTX_OP_SAVE_ALL, x->cmd_ops[0]);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "command 1: RESTORE", KMU_CTX_OP_RESTORE, x->cmd_ops[1]);
    /* SAVE_ALL: every allocated register of both warps (4 each) + 2 bitmaps + shared memory */
    ok &= KMU_EXPECT_EQ(t, x->cyc, "save bytes", 2 * 4 * RB + (2 + shm_beats) * BB,
                        x->tb[0].save_bytes[0]);
    break;
  case 1: {
    ok &= KMU_EXPECT_EQ(t, x->cyc, "base checkpoints", 1, x->n_base);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "evictions", 1, x->n_evict);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "restored offers", 1, x->n_restore_offer);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "commands: base, incremental, 2 restores", 4, x->n_cmd);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "command 0: SAVE_DIRTY", KMU_CTX_OP_SAVE_DIRTY, x->cmd_ops[0]);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "command 1: SAVE_DIRTY", KMU_CTX_OP_SAVE_DIRTY, x->cmd_ops[1]);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "command 2: RESTORE", KMU_CTX_OP_RESTORE, x->cmd_ops[2]);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "command 3: RESTORE", KMU_CTX_OP_RESTORE, x->cmd_ops[3]);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "base bytes (registers written before it)",
                        popc_arr(D.bmask, 2) * RB + (2 + shm_beats) * BB, x->tb[0].save_bytes[0]);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "incremental bytes (registers written since the base)",
                        popc_arr(D.dmask, 2) * RB + (2 + shm_beats) * BB, x->tb[0].save_bytes[1]);
    break;
  }
  case 2:
    ok &= KMU_EXPECT_EQ(t, x->cyc, "pauses under DRAIN", 0, x->n_pause);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "evictions under DRAIN", 0, x->n_evict);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "context commands under DRAIN", 0, x->n_cmd);
    break;
  case 5: case 6: {
    const unsigned n = D.ntbs, w = NW / 2;
    if (getenv("KMU_SM_STATS") && !kmu_tb_quiet())
      fprintf(stderr, "  [%s] event start %llu, request %llu, pause %llu (busy %d), resume %llu, "
              "first command %llu, first eviction %llu, event warp in %llu, offered %llu\n", t,
              (unsigned long long)D.ev_at, (unsigned long long)D.t_pre,
              (unsigned long long)D.t_pause, D.pause_busy, (unsigned long long)D.t_resume,
              (unsigned long long)D.t_cmd0, (unsigned long long)D.t_evict1,
              (unsigned long long)D.t_ew, (unsigned long long)D.t_ewoffer);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "pauses (one per TB)", n, x->n_pause);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "evictions", n, x->n_evict);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "restored offers", n, x->n_restore_offer);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "context commands: saves, then restores", 2 * n, x->n_cmd);
    for (unsigned k = 0; k < 2 * n && k < 16; k++)
      ok &= KMU_EXPECT_EQ(t, x->cyc, k < n ? "save op: SAVE_ALL (Chimera)" : "restore op",
                          k < n ? KMU_CTX_OP_SAVE_ALL : KMU_CTX_OP_RESTORE, x->cmd_ops[k]);
    /* SAVE_ALL of a TB: w warps x 2 registers, w bitmap beats, 64 bytes of shared memory */
    for (unsigned u = 0; u < x->ntb; u++)
      if (!x->tb[u].ewarp)
        ok &= KMU_EXPECT_EQ(t, x->cyc, "save bytes", w * 2 * RB + (w + shm_beats) * BB,
                            x->tb[u].save_bytes[0]);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "the first TB is paused first (entry 0)", 0, D.pause_e);
    if (D.kind == 5) {
      ok &= KMU_EXPECT_EQ(t, x->cyc, "warp-level preemptions", 1, x->n_wp);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "request during the event warp's run", 1,
                          D.ev_at && D.t_pre == D.ev_at + 2);
      /* the race: TB 0's pause begins while its warp is the victim, and it is reported paused
       * at once (lax) */
      ok &= KMU_EXPECT_EQ(t, x->cyc, "pause begins while wp_busy_o", 1, D.pause_busy);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "the paused TB owns the victim", 1, D.pause_vic);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "reported paused during the warp preemption", 1,
                          x->n_lax_race);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "the victim resumes in the paused TB", 1, D.resume_in_e);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "resume after the pause began", 1, D.t_resume > D.t_pause);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "controller idle the cycle after vic_resume_o", 0,
                          D.busy_after_resume);
      /* the sequencer sees the pause complete in resume + 1 (controller idle) and commands
       * the save one cycle later (kmu_sm_ctrl: paused in t -> command in t+1): nothing before */
      ok &= KMU_EXPECT_EQ(t, x->cyc, "first ctx_cmd_valid_o = vic_resume_o + 2", D.t_resume + 2,
                          D.t_cmdv);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "first command taken = vic_resume_o + 2", D.t_resume + 2,
                          D.t_cmd0);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "first command saves the paused TB (its warp mask)",
                          D.pause_wmask, D.cmd0_wmask);
    } else {
      ok &= KMU_EXPECT_EQ(t, x->cyc, "warp-level preemptions (none while paused)", 0, x->n_wp);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "event warp started 2 cycles after the pause began",
                          D.t_pause + 2, D.t_ew);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "cycles the event warp waited while a TB was paused", 1,
                          D.ew_wait_paused > 0);
      ok &= KMU_EXPECT_EQ(t, x->cyc, "paused cycles with wp_busy_o, ev_start_o or wp_refuse_o",
                          0, D.viol);
      /* the eviction frees the TB's slots at its edge; the event warp (head of the EWT, first)
       * starts in the next cycle and is offered in the one after */
      ok &= KMU_EXPECT_EQ(t, x->cyc, "event warp offered = first eviction + 2", D.t_evict1 + 2,
                          D.t_ewoffer);
    }
    break;
  }
  case 3:
    ok &= KMU_EXPECT_EQ(t, x->cyc, "warp-level preemptions", 1, x->n_wp);
    /* reserved registers, a victim flushed in the first flushing cycle F = acceptance + 1:
     * ev_start_o in F+2 (kmu_warp_preempt); lat_o = acceptance -> ev_start_o */
    ok &= KMU_EXPECT_EQ(t, x->cyc, "acceptance -> ev_start_o", 3, D.ev_at - D.t_acc);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "wp_lat_o", 3, D.lat_seen);
    break;
  }
  return ok;
}

static int d_run_kind(const char *test, int kind, int policy, int wp_en) {
  memset(&D, 0, sizeof D);
  D.kind = kind;
  memset(&X.c, 0, sizeof X.c);
  X.c.script = d_script;
  X.c.policy = policy;
  X.c.wp_en = wp_en;
  X.c.opt = 15;
  X.test = test;
  X.cycles = 20000;
  kmu_stim s = {&X, env_init, env_drive, d_check, d_finish};
  return kmu_lockstep(&kmu_sm_block, &s, test, 1, 20000);
}
/* TReM drop, directed (kmu_sm_ctrl.v header, section Drop of its page): a drop of a tag the SM
 * does not hold is acknowledged 3 cycles after the pulse; TB A of the dropped tag is paused
 * from the cycle after the pulse, evicted the cycle after it is reported paused and the
 * acknowledge follows 2 cycles later (chosen in d, evicted d+1, nothing left from d+2, the
 * pulse in d+3), without a save, a done report or a restore; TB B of another tag runs on. */
static int dr_finish(void *c) {
  env *x = c;
  if (!env_finish(c)) return 0;
  const char *t = x->test;
  int ok = KMU_EXPECT_EQ(t, x->cyc, "the run drained", 1, x->drained);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "acknowledges", 2, D.nack);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "absent tag: acknowledge 3 cycles after the pulse", 43, D.t_ack[0]);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "dropped TB paused after the pulse", 1, D.t_paused > 60);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "acknowledge 3 cycles after paused", D.t_paused + 3, D.t_ack[1]);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "TB A dropped", ST_DROP, x->tb[0].st);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "TB A: no done", 0, x->tb[0].ndone);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "TB B: done once", 1, x->tb[1].ndone);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "slot 3: no report", 0, x->reported[3]);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "slot 5: one report", 1, x->reported[5]);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "no context command (nothing saved)", 0, x->n_cmd);
  return ok;
}
static int t_drop(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  memset(&D, 0, sizeof D);
  D.kind = 8;
  memset(&X.c, 0, sizeof X.c);
  X.c.script = d_script;
  X.c.policy = KMU_POL_CHIMERA;
  X.c.drain_fix = 3; /* paused 2 cycles after the pause is seen */
  X.test = test;
  X.cycles = 20000;
  kmu_stim s = {&X, env_init, env_drive, d_check, dr_finish};
  return kmu_lockstep(&kmu_sm_block, &s, test, 1, 20000);
}
/* GPUpIO yield, directed (kmu_sm.v's yield lane; docs/blocks/kmu_yield_mon.md, "What each
 * neighbour must do"): TAKEN: the TB is saved once and evicted (sd_valid_o with the evict),
 * not restored before its wake-up, restored once after it, the restored offer within the
 * restore's own time + 10 cycles of the wake-up (issue 13's target, the SM's share); FULL: the
 * TB goes on, nothing saved, its reservation released (the run drains with nothing left). */
static int dy_finish(void *c) {
  env *x = c;
  if (!env_finish(c)) return 0;
  const char *t = x->test;
  int ok = KMU_EXPECT_EQ(t, x->cyc, "the run drained", 1, x->drained);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "yield accepted at 100", 100, D.t_yacc);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "TB done once", 1, x->tb[0].ndone);
  if (D.ycode == KMU_YR_TAKEN) {
    const uint64_t rst = D.t_rdone - D.t_rcmd + 1; /* the restore's own cycles */
    ok &= KMU_EXPECT_EQ(t, x->cyc, "saved, woken, restored once", 3,
                        x->n_ysd + x->n_ywake + x->n_yrst);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "evicted once", 1, x->tb[0].nevict);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "restore after the wake-up", 1, D.t_rcmd > D.t_wake);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "wake-up -> restored offer <= restore + 10", 1,
                        D.t_offer && D.t_offer - D.t_wake <= rst + 10);
    if (!kmu_tb_quiet())
      printf("  yield: wake-up %llu, restore command %llu, last done %llu, offer %llu: "
             "%llu cycles = restore %llu + %llu\n", (unsigned long long)D.t_wake,
             (unsigned long long)D.t_rcmd, (unsigned long long)D.t_rdone,
             (unsigned long long)D.t_offer, (unsigned long long)(D.t_offer - D.t_wake),
             (unsigned long long)rst, (unsigned long long)(D.t_offer - D.t_wake - rst));
  } else {
    ok &= KMU_EXPECT_EQ(t, x->cyc, "refused: nothing saved", 0, x->n_cmd + x->n_ysd);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "refused once", 1, x->n_yrefuse);
  }
  return ok;
}
static int t_yield_kind(const char *test, unsigned code) {
  memset(&D, 0, sizeof D);
  D.kind = 11;
  D.ycode = code;
  memset(&X.c, 0, sizeof X.c);
  X.c.script = d_script;
  X.c.policy = KMU_POL_CHIMERA;
  X.test = test;
  X.cycles = 20000;
  kmu_stim s = {&X, env_init, env_drive, d_check, dy_finish};
  return kmu_lockstep(&kmu_sm_block, &s, test, 1, 20000);
}
/* GPUpIO yield under the preemption hold (issue 13, kmu_sm_ctrl.md "Restore"): a woken TB is
 * restored before any new TB and is not held by hold_i; a held victim (table entry 0, lower
 * than the woken TB's) stays preempted until the hold ends.  Before the fix the woken TB waited
 * for the hold's end (1500 cycles) while new TBs kept starting. */
static int dyh_finish(void *c) {
  env *x = c;
  if (!env_finish(c)) return 0;
  const char *t = x->test;
  const uint64_t rst = D.t_rdone - D.t_rcmd + 1; /* the woken TB's restore's own cycles */
  int ok = KMU_EXPECT_EQ(t, x->cyc, "the run drained", 1, x->drained);
  for (unsigned u = 0; u < x->ntb; u++) ok &= KMU_EXPECT_EQ(t, x->cyc, "TB finished once", 1, x->tb[u].ndone);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "V evicted once (victim)", 1, x->tb[D.v_u].nevict);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "Y evicted once (yield)", 1, x->tb[D.y_u].nevict);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "Y saved, woken, restored once", 3, x->n_ysd + x->n_ywake + x->n_yrst);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "V's table entry below Y's", 1,
                      x->tb[D.v_u].ck_p[0] < x->tb[D.y_u].ck_p[0]);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "woken with the hold high", 1, D.hold_wake);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "new TBs started under the hold before the wake-up", 1,
                      D.nst_before > 0);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "new TBs started again after Y's restore", 1, D.nst_after > 0);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "fit_o after the wake-up before Y's restore", 0, D.nfit_wait);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "the first restored offer after the wake-up is Y", 1,
                      D.t_offer && D.t_offer < D.t_hoff);
  /* bound: the resident small TBs finish (40 cycles of work) and free Y's resources, then
   * Y's restore runs: wake-up -> restored offer <= restore + 40 + 60 */
  ok &= KMU_EXPECT_EQ(t, x->cyc, "wake-up -> restored offer <= restore + 100", 1,
                      D.t_offer && D.t_offer - D.t_wake <= rst + 100);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "V (held victim) restored only after the hold", 1,
                      D.t_voffer > D.t_hoff);
  if (!kmu_tb_quiet())
    printf("  yield_hold: wake-up %llu (hold %d), Y restore command %llu, offer %llu: %llu cycles "
           "(restore %llu); small TBs %u before, %u after; hold off %llu, V offered %llu\n",
           (unsigned long long)D.t_wake, D.hold_wake, (unsigned long long)D.t_rcmd,
           (unsigned long long)D.t_offer, (unsigned long long)(D.t_offer - D.t_wake),
           (unsigned long long)rst, D.nst_before, D.nst_after, (unsigned long long)D.t_hoff,
           (unsigned long long)D.t_voffer);
  return ok;
}
static int t_yield_hold(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  memset(&D, 0, sizeof D);
  D.kind = 13;
  memset(&X.c, 0, sizeof X.c);
  X.c.script = d_script;
  X.c.policy = KMU_POL_CHIMERA;
  X.test = test;
  X.cycles = 40000;
  kmu_stim s = {&X, env_init, env_drive, d_check, dyh_finish};
  return kmu_lockstep(&kmu_sm_block, &s, test, 1, 40000);
}
static int t_yield_taken(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  return t_yield_kind(test, KMU_YR_TAKEN);
}
static int t_yield_full(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  return t_yield_kind(test, KMU_YR_FULL);
}
/* GPUpIO yield met by a TReM drop of its tag (kmu_sm.md, "Yield"): the drop leaves a TB whose
 * yield is asked or answered alone until the answer; refused, the TB goes on and is dropped as
 * any running TB (nothing saved); taken, it is switched and its save, aborted by the drop,
 * ends in its evict with sd_valid_o (the monitor's entry gets its save done) and the context
 * discarded.  Either way the drop is acknowledged after it, once, with nothing of the tag left:
 * no done report, no preempted-table entry kept (the reservation released), the lane idle. */
static int dyd_finish(void *c) {
  env *x = c;
  if (!env_finish(c)) return 0;
  const char *t = x->test;
  int ok = KMU_EXPECT_EQ(t, x->cyc, "the run drained", 1, x->drained);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "yield accepted at 100", 100, D.t_yacc);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "the drop met the yield", 1, x->n_ydrop_fly);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "one acknowledge", 1, D.nack);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "TB A dropped", ST_DROP, x->tb[0].st);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "TB A: no done", 0, x->tb[0].ndone);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "nothing restored", 0, x->n_yrst + x->n_ywake);
  if (D.ycode <= KMU_YR_SPIN) {
    ok &= KMU_EXPECT_EQ(t, x->cyc, "save done once, as dropped", 2, x->n_ysd + x->n_ydrop_sd);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "acknowledge after the save done", 1,
                        D.t_rcmd && D.t_ack[0] > D.t_rcmd);
  } else {
    ok &= KMU_EXPECT_EQ(t, x->cyc, "refused: no save done", 0, x->n_ysd);
    ok &= KMU_EXPECT_EQ(t, x->cyc, "refused once", 1, x->n_yrefuse);
  }
  return ok;
}
static int t_yield_drop(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  /* {answer, drop offset, lane ready offset}: asked (Y_ASK), answered (Y_ANS) and in the save
   * (Y_SAVE) for TAKEN; asked for SPIN and FULL */
  static const unsigned cs[][3] = {{KMU_YR_TAKEN, 2, 6},  {KMU_YR_TAKEN, 1, 1},
                                   {KMU_YR_TAKEN, 3, 1},  {KMU_YR_TAKEN, 4, 1},
                                   {KMU_YR_SPIN, 2, 6},   {KMU_YR_FULL, 2, 6},
                                   {KMU_YR_NOWORK, 1, 1}};
  int ok = 1;
  for (unsigned k = 0; k < sizeof cs / sizeof cs[0]; k++) {
    memset(&D, 0, sizeof D);
    D.kind = 12;
    D.ycode = cs[k][0], D.lat = cs[k][1], D.dly = cs[k][2];
    memset(&X.c, 0, sizeof X.c);
    X.c.script = d_script;
    X.c.policy = KMU_POL_CHIMERA;
    X.test = test;
    X.cycles = 20000;
    kmu_stim s = {&X, env_init, env_drive, d_check, dyd_finish};
    ok &= kmu_lockstep(&kmu_sm_block, &s, test, 1, 20000);
  }
  return ok;
}
/* TReM drop of a TB whose context command is in flight (issue 12's target: revocation
 * latency bounded, in-flight memory included): Chimera switches the largest TB (SAVE_ALL of
 * TB_MAXW x RPW registers and all shared memory; at the paper size 131,072 + 98,304 bytes,
 * 7,200 memory beats) with a memory latency of D.lat cycles.  drop_save: the drop comes 2
 * cycles after the save command's accept (its scan running); drop_restore: 2 D.lat + 20 cycles
 * after the restore's accept (D.lat reads outstanding).  The engine aborts the command
 * (kmu_ctx_engine abort_i): the acknowledge must come within the drop's own steps (4 + 2 TBS +
 * PTBS + EWT + 6) plus the abort's drain: the save's scan (at most TB_MAXW x RPW entries, one
 * per cycle) or the restore's outstanding responses (D.lat), plus 8 (pause, evict, engine
 * turn-around).  Without the abort the drop waits for the whole command (thousands of cycles
 * at the paper size).  KMU_COV=1 prints the measured latency (docs/blocks/kmu_sm_ctrl.md). */
static int ds_finish(void *c) {
  env *x = c;
  if (!env_finish(c)) return 0;
  const char *t = x->test;
  int ok = KMU_EXPECT_EQ(t, x->cyc, "the run drained", 1, x->drained);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "one acknowledge", 1, D.nack);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "the drop came during the command", 1, D.t_drop != 0);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "the TB dropped", ST_DROP, x->tb[0].st);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "the TB: no done", 0, x->tb[0].ndone);
  ok &= KMU_EXPECT_EQ(t, x->cyc, "slot 3: no report", 0, x->reported[3]);
  const uint64_t lat = D.t_ack[0] - D.t_drop;
  const uint64_t drain = D.kind == 9 ? (uint64_t)TB_MAXW * RPWP : D.lat;
  const uint64_t bound = 4 + 2 * NT + NP + NE + 6 + drain + 8;
  ok &= kmu_expect(lat <= bound, t, x->cyc, "drop pulse -> acknowledge within the bound", bound,
                   lat);
  ok &= kmu_expect(D.t_eidle && D.t_eidle <= D.t_ack[0], t, x->cyc,
                   "the engine idle again by the acknowledge", D.t_ack[0], D.t_eidle);
  if (getenv("KMU_COV") && !kmu_tb_quiet())
    printf("  %s: drop during a %s (memory latency %u): pulse -> drop_ack_o %llu cycles "
           "(bound %llu), engine idle after %llu\n",
           t, D.kind == 9 ? "SAVE_ALL" : "RESTORE", D.lat, (unsigned long long)lat,
           (unsigned long long)bound, (unsigned long long)(D.t_eidle - D.t_drop));
  return ok;
}
static int ds_run(const char *test, int kind) {
  memset(&D, 0, sizeof D);
  D.kind = kind;
  D.lat = 100;
  D.dly = kind == 9 ? 2 : 2 * D.lat + 20; /* restore: past the bitmaps' round trip */
  memset(&X.c, 0, sizeof X.c);
  X.c.script = d_script;
  X.c.policy = KMU_POL_CHIMERA;
  X.c.opt = 15;
  X.test = test;
  X.cycles = 40000;
  kmu_stim s = {&X, env_init, env_drive, d_check, ds_finish};
  return kmu_lockstep(&kmu_sm_block, &s, test, 1, 40000);
}
static int t_drop_save(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  return ds_run(test, 9);
}
static int t_drop_restore(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  return ds_run(test, 10);
}
static int t_chimera_switch(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  return d_run_kind(test, 0, KMU_POL_CHIMERA, 0);
}
static int t_pep_base_inc(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  return d_run_kind(test, 1, KMU_POL_PEP, 0);
}
static int t_drain(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  return d_run_kind(test, 2, KMU_POL_DRAIN, 0);
}
static int t_pause_during_wp(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  memset(&D, 0, sizeof D);
  D.kind = 5;
  D.ntbs = 2;
  memset(&X.c, 0, sizeof X.c);
  X.c.script = d_script;
  X.c.policy = KMU_POL_CHIMERA;
  X.c.wp_en = 1;
  X.c.opt = 15;
  X.c.lax_pause = 1; /* paused reported at once, the victim still out */
  X.c.drain_fix = 1;
  /* the event warp outlasts the predictor's walk (2 TBS + 1 cycles), so the TB-level request's
   * pause begins while the warp-level preemption runs */
  X.c.ev_len = 40 + 2 * NT + 1;
  X.test = test;
  X.cycles = 20000;
  kmu_stim s = {&X, env_init, env_drive, d_check, d_finish};
  return kmu_lockstep(&kmu_sm_block, &s, test, 1, 20000);
}
static int t_wp_during_pause(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  memset(&D, 0, sizeof D);
  D.kind = 6;
  D.ntbs = 2;
  memset(&X.c, 0, sizeof X.c);
  X.c.script = d_script;
  X.c.policy = KMU_POL_CHIMERA;
  X.c.wp_en = 1;
  X.c.opt = 15;
  X.c.drain_fix = 25; /* a long pause: the event warp arrives inside it */
  X.c.ev_len = 10;
  X.test = test;
  X.cycles = 20000;
  kmu_stim s = {&X, env_init, env_drive, d_check, d_finish};
  return kmu_lockstep(&kmu_sm_block, &s, test, 1, 20000);
}
static int t_warp_preempt(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  return d_run_kind(test, 3, KMU_POL_DRAIN, 1);
}

/* (e) bad inputs, each alone in an idle SM, each with its defined answer in its cycle */
typedef struct {
  uint64_t at;
  const char *what;
  uint64_t err, err_done, err_ovf;
} badcase;
static const badcase BAD[] = {
    {4, "simt_done of a free entry: err_done_o", 0, 1, 0},
    {8, "a start that does not fit (REGS + 1 registers): err_overflow_o", 0, 0, 1},
#if RPWP < 32
    {12, "register write to reg RPW: err_o ERR_RF_WR", 1ull << KMU_SM_ERR_RF_WR, 0, 0},
#endif
    {16, "kslot_clear of KSLOTS: err_o ERR_PR_CLEAR", 1ull << KMU_SM_ERR_PR_CLEAR, 0, 0},
    {20, "rsave_done_i with no save outstanding: err_o ERR_WP bit 3", ERR_WP_BIT(3), 0, 0},
};
typedef struct { const char *test; int ok; } bad_ctx;
static void bad_init(void *c, uint64_t seed) { (void)seed; ((bad_ctx *)c)->ok = 1; }
static int bad_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *ii) {
  (void)c, (void)pi, (void)po;
  kmu_sm_in *i = ii;
  memset(i, 0, sizeof *i);
  i->ctx_base_i = 0x10000000u;
  i->done_ready_i = 1;
  if (cyc == 4) i->simt_done_valid_i = 1, i->simt_done_rtb_i = 0;
  if (cyc == 8) {
    i->start_valid_i = 1;
    i->start_warps_i = 1;
    i->start_regs_i = NR + 1;
    i->need_warps_i = 1;
    i->need_regs_i = NR + 1;
  }
  if (cyc == 12 && RPWP < 32) i->rf_wr_valid_i = 1, i->rf_wr_reg_i = RPWP, i->rf_wr_data_i = 1;
  if (cyc == 16) i->kslot_clear_valid_i = 1, i->kslot_clear_i = KS;
  if (cyc == 20) i->rsave_done_i = 1;
  return cyc < 24;
}
static int bad_check(void *c, uint64_t cyc, const void *ii, const void *oo) {
  bad_ctx *b = c;
  const kmu_sm_out *o = oo;
  (void)ii;
  uint64_t err = 0, ed = 0, eo = 0;
  const char *what = "idle cycle: no error";
  for (unsigned k = 0; k < sizeof BAD / sizeof BAD[0]; k++)
    if (BAD[k].at == cyc) err = BAD[k].err, ed = BAD[k].err_done, eo = BAD[k].err_ovf, what = BAD[k].what;
  int ok = kmu_expect(o->err_o == err, b->test, cyc, what, err, o->err_o);
  ok &= kmu_expect(o->err_done_o == ed, b->test, cyc, what, ed, o->err_done_o);
  ok &= kmu_expect(o->err_overflow_o == eo, b->test, cyc, what, eo, o->err_overflow_o);
  /* the input is ignored: the SM stays empty */
  if (cyc > 1) {
    ok &= KMU_EXPECT_EQ(b->test, cyc, "nothing resident", 0, o->resident_o);
    ok &= KMU_EXPECT_EQ(b->test, cyc, "free registers", NR, o->free_regs_o);
    ok &= KMU_EXPECT_EQ(b->test, cyc, "no done report", 0, o->done_valid_o);
    ok &= KMU_EXPECT_EQ(b->test, cyc, "warp preemption idle", 0, o->wp_busy_o);
  }
  b->ok &= ok;
  return ok;
}
static int t_bad_inputs(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  static bad_ctx b;
  b.test = test;
  kmu_stim s = {&b, bad_init, bad_drive, bad_check, NULL};
  return kmu_lockstep(&kmu_sm_block, &s, test, 1, 100);
}

#if NT > 8
#define RANDOM_CYCLES 55000
#define RANDOM_SEEDS 6
#else
#define RANDOM_CYCLES 170000
#define RANDOM_SEEDS 8
#endif

/* Seed 20 of the random test, kept as a regression run: at both sizes it reaches a TReM drop
 * while the rpw engine divides for an unstarted entry of the tag (mutant sm_both_drop_div,
 * caught by the RTL assertion) and a drop with event warps of the tag in the EWT
 * (sm_c_drop_ewt at the paper size), corners the default seeds stopped reaching once the yield
 * stimulus joined the random run. */
static int t_random_s20(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed;
  return t_random(test, 20, cycles);
}

static const kmu_test tests[] = {
    {"chimera_switch", t_chimera_switch, 0, 0},
    {"pep_base_incremental", t_pep_base_inc, 0, 0},
    {"drain", t_drain, 0, 0},
    {"warp_preempt", t_warp_preempt, 0, 0},
    {"pause_during_wp", t_pause_during_wp, 0, 0},
    {"wp_during_pause", t_wp_during_pause, 0, 0},
    {"bad_inputs", t_bad_inputs, 0, 0},
    {"drop", t_drop, 0, 0},
    {"yield_taken", t_yield_taken, 0, 0},
    {"yield_full", t_yield_full, 0, 0},
    {"yield_hold", t_yield_hold, 0, 0},
    {"yield_drop", t_yield_drop, 0, 0},
    {"drop_save", t_drop_save, 0, 0},
    {"drop_restore", t_drop_restore, 0, 0},
    {"random", t_random, RANDOM_CYCLES, RANDOM_SEEDS},
    {"random_s20", t_random_s20, RANDOM_CYCLES, 1},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_sm_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
