/* test_kmu_trem_policy.c - lockstep, scoreboard and directed tests of kmu_trem_policy
 * (rtl/sched/kmu_trem_policy.v).
 *
 * Expected values come from the specification (the block's header and
 * docs/blocks/kmu_trem_policy.md), never from either model.  The scoreboard (sb_*) keeps, from
 * the inputs:
 *   - "no room": a user-facing pick stalled in the previous cycle;
 *   - owed arrivals (arm_o): + each user-facing arrival (policy on; saturating at 2^AW - 1),
 *     - each automatic request, at most uq_i (user-facing kernels outstanding) + the arrival;
 *     0 while the policy is OFF;
 *   - the automatic request: raised the cycle after owed != 0 && no room && none open (PRIORITY,
 *     or ELASTIC with U != 0), kind ROOM / ROOM_EL, replay 1, id 0, held until kmu_revoke takes
 *     it in a cycle without a TR_CMD request, withdrawn when the policy goes OFF;
 *   - whose request kmu_revoke serves, so that a completion goes to cmd_done_o (TR_CMD) or to
 *     auto_done_o (automatic), and the counters;
 *   - the split: part_o = last cycle's policy is ELASTIC, umask_o = the first U SMs.
 * It also checks properties independent of that model in the calm phases (where the
 * environment plays kmu_revoke and kmu_csr by their contracts): a TR_CMD request reaches
 * kmu_revoke unchanged, no more automatic requests than user-facing arrivals, and every
 * accepted request ends in exactly one completion on the side that made it.
 * The random test alternates calm phases with noise phases (every input random every cycle);
 * every bit of every input field is checked to have been 0 and 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_regmap.h"
#include "kmu_tb.h"
#include "kmu_trem_policy.h"

#ifndef P_AW
#define P_AW 4 /* the RTL's defaults (the harnesses do not set them) */
#endif
#ifndef P_QW
#define P_QW 8
#endif
static const kmu_trem_policy_params params = {P_NSM, P_LID_W, P_AW, P_QW};
#define KMU_CUR_IN kmu_trem_policy_in
#define KMU_CUR_OUT kmu_trem_policy_out
KMU_BLOCK(kmu_trem_policy, KMU_TREM_POLICY_IN, KMU_TREM_POLICY_OUT, &params)

#define NSM P_NSM
#define LID_W P_LID_W
#define CLOG2(n) ((n) > 1 ? 64 - __builtin_clzll((unsigned long long)(n) - 1) : 1)
#define UW CLOG2(NSM + 1)
#define ARM_MAX ((unsigned)kmu_mask(P_AW))
enum { OFF = KMU_TREM_POL_OFF, PRI = KMU_TREM_POL_PRIORITY, ELA = KMU_TREM_POL_ELASTIC };

static const kmu_fld flds[] = {
    {"policy_i", offsetof(kmu_trem_policy_in, policy_i), 2, 0},
    {"u_i", offsetof(kmu_trem_policy_in, u_i), UW, 0},
    {"arr_i", offsetof(kmu_trem_policy_in, arr_i), 1, 0},
    {"uq_i", offsetof(kmu_trem_policy_in, uq_i), P_QW, 0},
    {"stall_i", offsetof(kmu_trem_policy_in, stall_i), 1, 0},
    {"user_i", offsetof(kmu_trem_policy_in, user_i), 1, 0},
    {"csr_valid_i", offsetof(kmu_trem_policy_in, csr_valid_i), 1, 0},
    {"csr_kind_i", offsetof(kmu_trem_policy_in, csr_kind_i), 2, 0},
    {"csr_replay_i", offsetof(kmu_trem_policy_in, csr_replay_i), 1, 0},
    {"csr_id_i", offsetof(kmu_trem_policy_in, csr_id_i), LID_W, 0},
    {"rv_ready_i", offsetof(kmu_trem_policy_in, rv_ready_i), 1, 0},
    {"rv_done_i", offsetof(kmu_trem_policy_in, rv_done_i), 1, 0},
    {"rv_status_i", offsetof(kmu_trem_policy_in, rv_status_i), 3, 0},
};
#define NFLD (sizeof flds / sizeof flds[0])

/* ======================================================================== the specification */
typedef struct {
  const char *test;
  int noroom, waiting, el_kind, serving, elastic;
  unsigned armed; /* owed arrivals */
  uint64_t mask;
  unsigned n_auto, n_ok, n_nv;
  /* calm-phase bookkeeping: arrivals and automatic requests while the policy is on */
  uint64_t n_arr, n_req, n_cmd_acc, n_cmd_done, n_auto_done, n_withdraw, n_el, n_pri, n_u0,
      n_clash, n_sat, n_clamp, n_multi;
  uint64_t ones[16], zeros[16];
} sb;

static void sb_reset(sb *s, const char *test) {
  memset(s, 0, sizeof *s);
  s->test = test;
}

static int sb_check(sb *s, uint64_t cyc, const kmu_trem_policy_in *i,
                    const kmu_trem_policy_out *o) {
  const char *t = s->test;
  int ok = 1;
  kmu_fcov_add(flds, NFLD, i, s->ones, s->zeros);
  const unsigned pol = (unsigned)i->policy_i & 3, u = (unsigned)i->u_i;
  const int cv = (int)(i->csr_valid_i & 1), ready = (int)(i->rv_ready_i & 1);
  const int done = (int)(i->rv_done_i & 1);
  /* ---- this cycle's outputs */
  ok &= KMU_EXPECT_EQ(t, cyc, "rv_valid_o: TR_CMD or the automatic request", cv || s->waiting,
                      o->rv_valid_o);
  if (cv) {
    ok &= KMU_EXPECT_EQ(t, cyc, "rv_kind_o = TR_CMD's kind", i->csr_kind_i & 3, o->rv_kind_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "rv_replay_o = TR_CMD's", i->csr_replay_i & 1, o->rv_replay_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "rv_id_o = TR_CMD's", i->csr_id_i & kmu_mask(LID_W), o->rv_id_o);
  } else if (s->waiting) {
    ok &= KMU_EXPECT_EQ(t, cyc, "rv_kind_o of the automatic request",
                        s->el_kind ? KMU_TREM_KIND_ROOM_EL : KMU_TREM_KIND_ROOM, o->rv_kind_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "rv_replay_o: an automatic revocation replays", 1, o->rv_replay_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "rv_id_o of the automatic request", 0, o->rv_id_o);
  }
  ok &= KMU_EXPECT_EQ(t, cyc, "csr_ready_o = kmu_revoke's ready", ready, o->csr_ready_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "cmd_done_o: a TR_CMD request's completion", done && !s->serving,
                      o->cmd_done_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "auto_done_o: an automatic request's completion",
                      done && s->serving, o->auto_done_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "part_o: Elastic's split on", s->elastic, o->part_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "umask_o: the first U SMs", s->mask, o->umask_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "arm_o: arrivals owed a request", s->armed, o->arm_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "nr_o: a user-facing pick stalled last cycle", s->noroom, o->nr_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "pend_o", s->waiting || s->serving, o->pend_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "auto_cnt_o", s->n_auto, o->auto_cnt_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "auto_ok_cnt_o", s->n_ok, o->auto_ok_cnt_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "auto_nv_cnt_o: automatic requests answered NO_VICTIM", s->n_nv,
                      o->auto_nv_cnt_o);

  /* ---- this cycle's inputs -> the next state */
  const int on = pol == PRI || pol == ELA;
  const int wants = pol == PRI || (pol == ELA && u > 0);
  const int fire = s->armed != 0 && s->noroom && !s->waiting && !s->serving && wants;
  const int taken = s->waiting && !cv && ready;
  if (s->waiting && cv && ready) s->n_clash++;
  if (done && s->serving) {
    s->n_auto_done++;
    if ((i->rv_status_i & 7) == KMU_TREM_STATUS_OK && s->n_ok < 0xffff) s->n_ok++;
    if ((i->rv_status_i & 7) == KMU_TREM_STATUS_NO_VICTIM && s->n_nv < 0xffff) s->n_nv++;
  }
  if (done && !s->serving) s->n_cmd_done++;
  if (cv && ready) s->n_cmd_acc++;
  if (taken && s->n_auto < 0xffff) s->n_auto++;
  if (taken) s->n_req++;
  if (fire) {
    if (pol == ELA) s->n_el++;
    else s->n_pri++;
    s->el_kind = pol == ELA;
  }
  if (s->armed && s->noroom && pol == ELA && u == 0) s->n_u0++;
  if (s->waiting && !taken && !on) s->n_withdraw++;
  if (on && (i->arr_i & 1)) s->n_arr++;
  s->serving = taken ? 1 : done ? 0 : s->serving;
  s->waiting = on && (fire || (s->waiting && !taken));
  {
    const unsigned arr = (unsigned)(i->arr_i & 1);
    unsigned a = s->armed + arr;
    if (a > ARM_MAX) a = ARM_MAX, s->n_sat++; /* an arrival not counted */
    a -= (unsigned)fire;
    const unsigned lim = (unsigned)(i->uq_i & kmu_mask(P_QW)) + arr;
    if (a > lim) a = lim, s->n_clamp++;
    if (fire && a) s->n_multi++; /* more owed after this request */
    s->armed = on ? a : 0;
  }
  s->noroom = (i->stall_i & 1) && (i->user_i & 1);
  s->elastic = pol == ELA;
  s->mask = u >= NSM ? kmu_mask(NSM) : kmu_mask(u);
  return ok;
}

static int sb_bits(const sb *s) { return kmu_fcov_check(s->test, 0, flds, NFLD, s->ones, s->zeros); }

/* ======================================================================== random lockstep */
typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t cycles, phase_end;
  sb s;
  int noise;
  unsigned pol, u, d_arr, d_stall, d_user, d_cmd, d_dep;
  unsigned uq; /* user-facing kernels outstanding: kmu_elastic's q as the system drives it */
  /* kmu_revoke by its contract: idle (ready) or serving a request until its completion */
  int rv_busy, rv_auto;
  uint64_t rv_end;
  /* kmu_csr's request stage: held until taken */
  int cmd, cmd_kind, cmd_replay;
  uint64_t cmd_id;
  uint64_t acc_auto, acc_cmd, done_auto, done_cmd, n_noise;
} env;

static void new_phase(env *x, uint64_t cyc) {
  kmu_rng *r = &x->rng;
  x->noise = kmu_rng_pct(r, 20);
  x->pol = kmu_rng_pct(r, 10) ? 3 : (unsigned)kmu_rng_below(r, 3);
  x->u = (unsigned)kmu_rng_below(r, NSM + 1);
  static const unsigned d[] = {0, 1, 5, 20, 50, 90, 100};
  x->d_arr = d[kmu_rng_below(r, 5)];
  x->d_stall = d[kmu_rng_below(r, 7)];
  x->d_user = d[kmu_rng_below(r, 7)];
  x->d_cmd = d[kmu_rng_below(r, 4)];
  x->d_dep = d[kmu_rng_below(r, 5)];
  if (kmu_rng_pct(r, 10)) x->uq = (unsigned)kmu_rng_bits(r, P_QW); /* any count */
  x->phase_end = cyc + 100 + kmu_rng_below(r, x->noise ? 300 : 3000);
  x->n_noise += (uint64_t)x->noise;
}

static void rnd_init(void *c, uint64_t seed) {
  env *x = c;
  const char *t = x->test;
  const uint64_t cy = x->cycles;
  memset(x, 0, sizeof *x);
  x->test = t, x->cycles = cy;
  sb_reset(&x->s, t);
  kmu_rng_seed(&x->rng, seed);
  new_phase(x, 0);
  x->noise = 1; /* start from noise: any state */
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in_) {
  env *x = c;
  kmu_rng *r = &x->rng;
  kmu_trem_policy_in *in = in_;
  (void)pi, (void)po;
  if (cyc >= x->phase_end) {
    const int was_noise = x->noise;
    new_phase(x, cyc);
    if (was_noise) {
      /* back to a contract-following environment: kmu_revoke idle, nothing open */
      x->rv_busy = 0;
      x->cmd = 0;
      x->noise = 0;
    }
  }
  memset(in, 0, sizeof *in);
  if (x->noise) {
    in->policy_i = kmu_rng_bits(r, 2);
    in->u_i = kmu_rng_bits(r, UW);
    in->arr_i = kmu_rng_bits(r, 1);
    in->uq_i = kmu_rng_bits(r, P_QW);
    in->stall_i = kmu_rng_bits(r, 1);
    in->user_i = kmu_rng_bits(r, 1);
    in->csr_valid_i = kmu_rng_bits(r, 1);
    in->csr_kind_i = kmu_rng_bits(r, 2);
    in->csr_replay_i = kmu_rng_bits(r, 1);
    in->csr_id_i = kmu_rng_bits(r, LID_W);
    in->rv_ready_i = kmu_rng_bits(r, 1);
    in->rv_done_i = kmu_rng_bits(r, 1);
    in->rv_status_i = kmu_rng_bits(r, 3);
    return 1;
  }
  in->policy_i = kmu_rng_pct(r, 2) ? kmu_rng_bits(r, 2) : x->pol;
  in->u_i = kmu_rng_pct(r, 5) ? (uint64_t)kmu_rng_below(r, NSM + 1) : x->u;
  in->arr_i = kmu_rng_pct(r, x->d_arr);
  /* q as kmu_elastic keeps it: an arrival counts from the next cycle, departures at d_dep */
  in->uq_i = x->uq;
  if (in->arr_i && x->uq < kmu_mask(P_QW)) x->uq++;
  if (x->uq && kmu_rng_pct(r, x->d_dep)) x->uq--;
  in->stall_i = kmu_rng_pct(r, x->d_stall);
  in->user_i = kmu_rng_pct(r, x->d_user);
  if (!x->cmd && kmu_rng_pct(r, x->d_cmd)) {
    x->cmd = 1;
    x->cmd_kind = (int)kmu_rng_bits(r, 2);
    x->cmd_replay = (int)kmu_rng_bits(r, 1);
    x->cmd_id = kmu_rng_bits(r, LID_W);
  }
  in->csr_valid_i = x->cmd;
  in->csr_kind_i = x->cmd_kind;
  in->csr_replay_i = x->cmd_replay;
  in->csr_id_i = x->cmd_id;
  /* kmu_revoke: the completion in the cycle it is idle again */
  if (x->rv_busy && cyc >= x->rv_end) {
    x->rv_busy = 0;
    in->rv_done_i = 1;
    in->rv_status_i = kmu_rng_below(r, 7);
    if (x->rv_auto) x->done_auto++;
    else x->done_cmd++;
  }
  in->rv_ready_i = !x->rv_busy;
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *i_, const void *o_) {
  env *x = c;
  const kmu_trem_policy_in *i = i_;
  const kmu_trem_policy_out *o = o_;
  int ok = sb_check(&x->s, cyc, i, o);
  if (x->noise) return ok;
  /* the environment's kmu_revoke takes what rv_valid_o offers when idle */
  if (o->rv_valid_o && i->rv_ready_i) {
    x->rv_busy = 1;
    x->rv_auto = !i->csr_valid_i;
    x->rv_end = cyc + 2 + kmu_rng_below(&x->rng, 40);
    if (x->rv_auto) x->acc_auto++;
    else x->acc_cmd++, x->cmd = 0;
    if (x->rv_auto)
      ok &= KMU_EXPECT_EQ(x->test, cyc, "an automatic request is ROOM or ROOM_EL", 1,
                          o->rv_kind_o >= KMU_TREM_KIND_ROOM);
  }
  return ok;
}

static int rnd_finish(void *c) {
  env *x = c;
  sb *s = &x->s;
  int ok = sb_bits(s);
  if (!kmu_tb_quiet())
    printf("  %s: arrivals %llu, automatic requests %llu (Priority %llu, Elastic %llu; U = 0 "
           "held %llu, withdrawn %llu, behind TR_CMD %llu), owed after a request %llu, "
           "saturated %llu, clamped to q %llu, completions auto %llu / TR_CMD %llu, "
           "noise phases %llu\n",
           s->test, (unsigned long long)s->n_arr, (unsigned long long)s->n_req,
           (unsigned long long)s->n_pri, (unsigned long long)s->n_el,
           (unsigned long long)s->n_u0, (unsigned long long)s->n_withdraw,
           (unsigned long long)s->n_clash, (unsigned long long)s->n_multi,
           (unsigned long long)s->n_sat, (unsigned long long)s->n_clamp,
           (unsigned long long)x->done_auto,
           (unsigned long long)x->done_cmd, (unsigned long long)x->n_noise);
  ok &= kmu_expect(s->n_pri && s->n_el && s->n_u0 && s->n_withdraw && s->n_clash && x->done_auto &&
                       x->done_cmd && s->n_multi && s->n_sat && s->n_clamp,
                   s->test, 0,
                   "coverage: both policies, U = 0, withdrawal, TR_CMD first, both completions, "
                   "arrivals still owed after a request, saturation, the clamp to q",
                   1, 0);
  /* hysteresis: never more automatic requests than user-facing arrivals (policy on) */
  ok &= kmu_expect(s->n_req <= s->n_arr, s->test, 0,
                   "at most one automatic request per user-facing arrival", s->n_arr, s->n_req);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  env *x = calloc(1, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  kmu_stim s = {x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  const int ok = kmu_lockstep_mid_reset(&kmu_trem_policy_block, &s, test, seed, cycles);
  free(x);
  return ok;
}

/* ======================================================================== directed */
/* A script: per cycle, the inputs that differ from the defaults (policy, U held), and the
 * outputs the spec requires, worked out by hand. */
enum { D_POL, D_U, D_ARR, D_STALL, D_CMD, D_READY0, D_DONE, D_EXPECT_REQ, D_EXPECT_NOREQ, D_EXPECT_MASK,
       D_EXPECT_AUTO_DONE, D_EXPECT_CMD_DONE, D_EXPECT_CNT, D_EXPECT_NV, D_DEP, D_EXPECT_ARM };
typedef struct {
  uint64_t at;
  int a;
  uint64_t v, w;
} dstep;
#define DMAX 512
typedef struct {
  sb s;
  dstep st[DMAX];
  unsigned n;
  uint64_t pol, u, end;
  unsigned uq; /* kmu_elastic's q: + an arrival the next cycle, - a departure (D_DEP) */
} dprog;
static void d_add(dprog *p, uint64_t at, int a, uint64_t v, uint64_t w) {
  if (p->n >= DMAX) exit(2);
  p->st[p->n++] = (dstep){at, a, v, w};
}
static void d_init(void *c, uint64_t seed) {
  dprog *p = c;
  (void)seed;
  const char *t = p->s.test;
  sb_reset(&p->s, t);
  p->pol = p->u = 0;
  p->uq = 0;
}
static int d_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in_) {
  dprog *p = c;
  kmu_trem_policy_in *in = in_;
  (void)pi, (void)po;
  memset(in, 0, sizeof *in);
  in->rv_ready_i = 1;
  for (unsigned k = 0; k < p->n; k++) {
    const dstep *s = &p->st[k];
    if (s->at != cyc) continue;
    if (s->a == D_POL) p->pol = s->v;
    if (s->a == D_U) p->u = s->v;
    if (s->a == D_ARR) in->arr_i = 1;
    if (s->a == D_STALL) in->stall_i = 1, in->user_i = s->v;
    if (s->a == D_CMD) in->csr_valid_i = 1, in->csr_kind_i = s->v, in->csr_id_i = s->w;
    if (s->a == D_READY0) in->rv_ready_i = 0;
    if (s->a == D_DONE) in->rv_done_i = 1, in->rv_status_i = s->v;
  }
  in->policy_i = p->pol;
  in->u_i = p->u;
  in->uq_i = p->uq;
  for (unsigned k = 0; k < p->n; k++)
    if (p->st[k].at == cyc && p->st[k].a == D_DEP && p->uq) p->uq--;
  if (in->arr_i) p->uq++;
  return cyc < p->end;
}
static int d_check(void *c, uint64_t cyc, const void *i, const void *o_) {
  dprog *p = c;
  const kmu_trem_policy_out *o = o_;
  const char *t = p->s.test;
  int ok = sb_check(&p->s, cyc, i, o_);
  for (unsigned k = 0; k < p->n; k++) {
    const dstep *s = &p->st[k];
    if (s->at != cyc) continue;
    if (s->a == D_EXPECT_REQ) {
      ok &= KMU_EXPECT_EQ(t, cyc, "an automatic request to kmu_revoke", 1, o->rv_valid_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "its kind", s->v, o->rv_kind_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "it replays the victim", 1, o->rv_replay_o);
    }
    if (s->a == D_EXPECT_NOREQ)
      ok &= KMU_EXPECT_EQ(t, cyc, "no automatic request", 0, o->rv_valid_o);
    if (s->a == D_EXPECT_MASK) {
      ok &= KMU_EXPECT_EQ(t, cyc, "umask_o", s->v, o->umask_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "part_o", s->w, o->part_o);
    }
    if (s->a == D_EXPECT_AUTO_DONE) {
      ok &= KMU_EXPECT_EQ(t, cyc, "auto_done_o", 1, o->auto_done_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "cmd_done_o stays quiet", 0, o->cmd_done_o);
    }
    if (s->a == D_EXPECT_CMD_DONE) {
      ok &= KMU_EXPECT_EQ(t, cyc, "cmd_done_o", 1, o->cmd_done_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "auto_done_o stays quiet", 0, o->auto_done_o);
    }
    if (s->a == D_EXPECT_CNT) {
      ok &= KMU_EXPECT_EQ(t, cyc, "auto_cnt_o", s->v, o->auto_cnt_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "auto_ok_cnt_o", s->w, o->auto_ok_cnt_o);
    }
    if (s->a == D_EXPECT_NV)
      ok &= KMU_EXPECT_EQ(t, cyc, "auto_nv_cnt_o (NO_VICTIM answers)", s->v, o->auto_nv_cnt_o);
    if (s->a == D_EXPECT_ARM)
      ok &= KMU_EXPECT_EQ(t, cyc, "arm_o: arrivals owed a request", s->v, o->arm_o);
  }
  return ok;
}
static int d_run(dprog *p) {
  kmu_stim s = {p, d_init, d_drive, d_check, NULL};
  return kmu_lockstep(&kmu_trem_policy_block, &s, p->s.test, 1, 100000);
}
#define AT(t, a, v, w) d_add(p, (t), (a), (v), (w))

/* Priority: a user-facing arrival at t, its pick stalls from t+1 on (a GPU full of batch work):
 * no room seen in t+2, the request in t+3 (taken: kmu_revoke idle), served until the completion;
 * no second request for the same arrival however long the stall lasts; a new arrival asks
 * again.  Under OFF the same story asks nothing.  A batch pick that stalls asks nothing. */
static void story(dprog *p, uint64_t t, unsigned kind, int on) {
  AT(t, D_ARR, 0, 0);
  for (uint64_t k = t + 1; k < t + 60; k++) AT(k, D_STALL, 1, 0);
  if (on) {
    AT(t + 2, D_EXPECT_NOREQ, 0, 0);
    AT(t + 3, D_EXPECT_REQ, kind, 0);
    AT(t + 4, D_EXPECT_NOREQ, 0, 0);
    AT(t + 20, D_DONE, KMU_TREM_STATUS_OK, 0);
    AT(t + 20, D_EXPECT_AUTO_DONE, 0, 0);
  } else
    for (uint64_t k = t; k < t + 60; k++) AT(k, D_EXPECT_NOREQ, 0, 0);
  for (uint64_t k = t + 21; k < t + 60; k++) AT(k, D_EXPECT_NOREQ, 0, 0);
}

static int t_priority(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = calloc(1, sizeof *p);
  p->s.test = test;
  AT(0, D_POL, OFF, 0);
  story(p, 2, 0, 0);
  AT(70, D_POL, PRI, 0);
  story(p, 80, KMU_TREM_KIND_ROOM, 1);
  AT(79, D_EXPECT_CNT, 0, 0);
  AT(150, D_EXPECT_CNT, 1, 1);
  /* a second arrival while the stall goes on: one more request */
  story(p, 160, KMU_TREM_KIND_ROOM, 1);
  AT(230, D_EXPECT_CNT, 2, 2);
  AT(230, D_EXPECT_NV, 0, 0);
  /* a batch pick that stalls: nothing, even armed */
  AT(240, D_ARR, 0, 0);
  for (uint64_t k = 241; k < 280; k++) AT(k, D_STALL, 0, 0), AT(k, D_EXPECT_NOREQ, 0, 0);
  /* the armed policy fires at the first user-facing stall (the same arrival) */
  AT(290, D_STALL, 1, 0);
  AT(292, D_EXPECT_REQ, KMU_TREM_KIND_ROOM, 0);
  AT(300, D_DONE, KMU_TREM_STATUS_NO_VICTIM, 0);
  AT(300, D_EXPECT_AUTO_DONE, 0, 0);
  AT(302, D_EXPECT_CNT, 3, 2);
  AT(302, D_EXPECT_NV, 1, 0); /* the NO_VICTIM answer counted apart */
  p->end = 310;
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* TR_CMD first: the automatic request waits while a TR_CMD request is offered and while
 * kmu_revoke is busy; TR_CMD's completion goes to the window, the automatic one does not. */
static int t_arbiter(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = calloc(1, sizeof *p);
  p->s.test = test;
  AT(0, D_POL, PRI, 0);
  AT(2, D_ARR, 0, 0);
  AT(3, D_STALL, 1, 0);
  /* the automatic request is raised for cycle 5; a TR_CMD request takes cycle 5 */
  AT(5, D_CMD, KMU_TREM_KIND_TAG, 0x1234);
  for (uint64_t k = 6; k < 15; k++) AT(k, D_READY0, 0, 0); /* kmu_revoke serves TR_CMD */
  AT(15, D_DONE, KMU_TREM_STATUS_OK, 0);
  AT(15, D_EXPECT_CMD_DONE, 0, 0);
  AT(15, D_EXPECT_REQ, KMU_TREM_KIND_ROOM, 0); /* taken now */
  for (uint64_t k = 16; k < 25; k++) AT(k, D_READY0, 0, 0);
  AT(25, D_DONE, KMU_TREM_STATUS_OK, 0);
  AT(25, D_EXPECT_AUTO_DONE, 0, 0);
  AT(26, D_EXPECT_CNT, 1, 1);
  /* withdrawal: raised, then the policy goes OFF before kmu_revoke takes it */
  AT(30, D_ARR, 0, 0);
  AT(31, D_STALL, 1, 0);
  for (uint64_t k = 33; k < 36; k++) AT(k, D_READY0, 0, 0);
  AT(33, D_EXPECT_REQ, KMU_TREM_KIND_ROOM, 0);
  AT(35, D_POL, OFF, 0);
  AT(36, D_EXPECT_NOREQ, 0, 0);
  AT(37, D_EXPECT_CNT, 1, 1);
  p->end = 40;
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* Elastic: the split for U = 0, 1, NSM; ROOM_EL only with U != 0 */
static int t_elastic(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = calloc(1, sizeof *p);
  p->s.test = test;
  AT(0, D_POL, ELA, 0);
  AT(0, D_U, 0, 0);
  AT(1, D_EXPECT_MASK, 0, 1);
  AT(5, D_U, 1, 0);
  AT(6, D_EXPECT_MASK, 1, 1);
  AT(10, D_U, NSM, 0);
  AT(11, D_EXPECT_MASK, kmu_mask(NSM), 1);
  AT(15, D_POL, PRI, 0);
  AT(16, D_EXPECT_MASK, kmu_mask(NSM), 0);
  AT(20, D_POL, ELA, 0);
  AT(20, D_U, 0, 0);
  /* U = 0: a stalled user-facing pick asks nothing (no SM set aside) */
  AT(22, D_ARR, 0, 0);
  for (uint64_t k = 23; k < 40; k++) AT(k, D_STALL, 1, 0), AT(k, D_EXPECT_NOREQ, 0, 0);
  /* U becomes 1 while it is armed and stalled: ROOM_EL */
  AT(40, D_U, 1, 0);
  for (uint64_t k = 40; k < 60; k++) AT(k, D_STALL, 1, 0);
  AT(40, D_EXPECT_NOREQ, 0, 0);
  AT(41, D_EXPECT_REQ, KMU_TREM_KIND_ROOM_EL, 0);
  AT(50, D_DONE, KMU_TREM_STATUS_NEAR_DONE, 0);
  AT(50, D_EXPECT_AUTO_DONE, 0, 0);
  AT(52, D_EXPECT_CNT, 1, 0);
  p->end = 60;
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* The paper's rule, a revocation for each user-facing arrival that finds no room: three
 * arrivals, the last two while the first one's revocation is served, the user-facing pick
 * stalling throughout: three requests, one after another (each raised 2 cycles after the
 * previous completion).  (Before the owed count, arrivals during a revocation shared one
 * request: the one at t+42 never came.)  Then the clamp: three arrivals, two of which complete
 * (found room, q back to 1) before anything stalls: one request, not three.  Then saturation:
 * 2^AW arrivals owe 2^AW - 1. */
static int t_per_arrival(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = calloc(1, sizeof *p);
  p->s.test = test;
  AT(0, D_POL, PRI, 0);
  AT(2, D_ARR, 0, 0);
  for (uint64_t k = 3; k < 120; k++) AT(k, D_STALL, 1, 0);
  AT(3, D_EXPECT_ARM, 1, 0);
  AT(5, D_EXPECT_REQ, KMU_TREM_KIND_ROOM, 0); /* taken at once: served from 6 */
  AT(6, D_EXPECT_ARM, 0, 0);
  AT(7, D_ARR, 0, 0);
  AT(9, D_ARR, 0, 0);
  AT(10, D_EXPECT_ARM, 2, 0);
  for (uint64_t k = 6; k < 22; k++) AT(k, D_EXPECT_NOREQ, 0, 0);
  AT(20, D_DONE, KMU_TREM_STATUS_OK, 0);
  AT(22, D_EXPECT_REQ, KMU_TREM_KIND_ROOM, 0); /* the second arrival's */
  AT(23, D_EXPECT_ARM, 1, 0);
  for (uint64_t k = 23; k < 42; k++) AT(k, D_EXPECT_NOREQ, 0, 0);
  AT(40, D_DONE, KMU_TREM_STATUS_OK, 0);
  AT(42, D_EXPECT_REQ, KMU_TREM_KIND_ROOM, 0); /* the third arrival's */
  AT(43, D_EXPECT_ARM, 0, 0);
  AT(60, D_DONE, KMU_TREM_STATUS_OK, 0);
  for (uint64_t k = 43; k < 120; k++) AT(k, D_EXPECT_NOREQ, 0, 0); /* nothing owed */
  AT(121, D_EXPECT_CNT, 3, 3);
  /* the clamp: the three leave; three more arrive and two of them complete before a stall */
  AT(122, D_DEP, 0, 0);
  AT(123, D_DEP, 0, 0);
  AT(124, D_DEP, 0, 0);
  AT(130, D_ARR, 0, 0);
  AT(131, D_ARR, 0, 0);
  AT(132, D_ARR, 0, 0);
  AT(133, D_EXPECT_ARM, 3, 0);
  AT(140, D_DEP, 0, 0);
  AT(141, D_DEP, 0, 0);
  AT(143, D_EXPECT_ARM, 1, 0); /* q = 1 from cycle 142 on, the count a cycle later */
  for (uint64_t k = 150; k < 200; k++) AT(k, D_STALL, 1, 0);
  AT(152, D_EXPECT_REQ, KMU_TREM_KIND_ROOM, 0);
  AT(170, D_DONE, KMU_TREM_STATUS_OK, 0);
  for (uint64_t k = 153; k < 200; k++) AT(k, D_EXPECT_NOREQ, 0, 0);
  AT(201, D_EXPECT_CNT, 4, 4);
  /* saturation: 2^AW arrivals in a row, nothing stalls */
  for (uint64_t k = 0; k <= ARM_MAX; k++) AT(210 + k, D_ARR, 0, 0);
  AT(211 + ARM_MAX + 1, D_EXPECT_ARM, ARM_MAX, 0);
  p->end = 211 + ARM_MAX + 5;
  const int ok = d_run(p);
  free(p);
  return ok;
}

static const kmu_test tests[] = {
    {"per_arrival", t_per_arrival, 0, 0},
    {"priority", t_priority, 0, 0},
    {"arbiter", t_arbiter, 0, 0},
    {"elastic", t_elastic, 0, 0},
    {"random", t_random, 200000, 5},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_trem_policy_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
