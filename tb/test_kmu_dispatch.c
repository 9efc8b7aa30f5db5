/* test_kmu_dispatch.c - lockstep, scoreboard and directed tests of kmu_dispatch
 * (rtl/sched/kmu_dispatch.v).  Every expected value comes from docs/kmu-interfaces.md section 3
 * and docs/blocks/kmu_dispatch.md, never from the model: the random test keeps its own kernel
 * slot table (priority, event flag, needs, TBs left), its own SMs (free TB entries, warps,
 * registers, shared memory, event-warp table entries) and its own round-robin pointers (one
 * per priority level, one over the SMs), and predicts every output from them. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kmu_dispatch.h"
#include "kmu_tb.h"

static const kmu_dispatch_params params = {P_NSM, P_SLOTS};
#define KMU_CUR_IN kmu_dispatch_in
#define KMU_CUR_OUT kmu_dispatch_out
KMU_BLOCK(kmu_dispatch, KMU_DISPATCH_IN, KMU_DISPATCH_OUT, &params)

#define NSM P_NSM
#define NS P_SLOTS
#define ALL_SM kmu_mask(NSM)
#define ALL_SLOTS kmu_mask(NS)

/* the reference round-robin rule: the first index of `req` at or after `ptr`, wrapping */
static int rr_pick(uint64_t req, unsigned ptr, unsigned n, unsigned *idx) {
  for (unsigned k = 0; k < n; k++) {
    unsigned j = (ptr + k) % n;
    if ((req >> j) & 1) {
      *idx = j;
      return 1;
    }
  }
  *idx = 0;
  return 0;
}

/* SMs a kernel may use (EDGE IV-A): event kernels only on reserved SMs when any is reserved,
 * host kernels never on reserved SMs; and with TReM Elastic's split on (part), user-facing
 * kernels only on the user SMs (umask; anywhere when there are none), batch kernels only off
 * them */
static uint64_t allowed_sms(int event, uint64_t res, int user, int part, uint64_t umask) {
  res &= ALL_SM;
  umask &= ALL_SM;
  uint64_t a = event ? (res ? res : ALL_SM) : ~res & ALL_SM;
  if (part) a &= user ? (umask ? umask : ALL_SM) : ~umask & ALL_SM;
  return a;
}

static uint64_t slot_vec(const kmu_dispatch_in *i, unsigned k) {
  const uint64_t v[4] = {i->slot_p0_i, i->slot_p1_i, i->slot_p2_i, i->slot_p3_i};
  return v[k] & ALL_SLOTS;
}

/* ======================================================================== random lockstep */
/* small SMs, so that TBs stop fitting and draining happens */
#define SM_TBS 4
#define SM_WARPS 16
#define SM_REGS 16384
#define SM_SHMEM 16384
#define SM_EWT 2
#define MAX_RES (SM_TBS + SM_EWT)

typedef struct {
  unsigned tbs_left, prio, event, user, warps, regs, shmem, next_tb;
  uint32_t kptr, param;
  unsigned gap; /* free slot: cycles until a new kernel arrives */
} kslot;

typedef struct {
  unsigned n;
  unsigned warps[MAX_RES], regs[MAX_RES], shmem[MAX_RES], ewarp[MAX_RES];
} ksm;

typedef struct {
  kmu_rng rng;
  const char *test;
  /* traffic mix of this seed */
  unsigned arrive_pct, event_pct, ewarp_pct, big_pct, done_pct, noise_pct, res_mode, junk_pct;
  unsigned phase_len, hold_pct;
  unsigned wpbusy_pct; /* an SM's warp-preemption controller busy (sm_ewt_idle_i = 0) */
  uint64_t res_mask;
  int part;       /* TReM Elastic's split on (this phase) */
  uint64_t umask; /* its user-facing SMs */
  kslot s[NS];
  ksm sm[NSM];
  unsigned lptr[4], smptr; /* reference round-robin pointers */
  /* fairness: takes of a level that went to others while slot s kept TBs at that level;
   * takes that went to other SMs while SM s kept being a candidate */
  unsigned lwait[4][NS], smwait[NSM];
  /* counters */
  uint64_t takes, tbs_given, tbs_left_end, stalls, drains, ewarps, ev_res, host_res, lvl_takes[4];
  uint64_t el_user, el_batch, el_block; /* split on: user / batch takes, stalls it caused */
  /* parking (docs/blocks/kmu_dispatch.md): the reference's parked slots and last cycle's
   * masks; parks, takes while a slot at the taken level or above was parked (the hang the
   * rule removes), parked slots probed again after a mask change */
  uint64_t park, rumask, rres;
  int rpart, lift; /* lift: every slot held by a parked kernel, the split lifted */
  uint64_t parks, park_pass, unparks, lifts, lift_takes;
  uint64_t ew_direct, ew_both; /* warp-level events started as a TB; cycles with both choices */
  /* warp-level events sent to a table: with an idle and a busy table among the candidates;
   * where the preference for the idle one changed the round-robin pick; to an idle SM */
  uint64_t ew_mixed, ew_moved, ew_idle;
  uint64_t max_lwait, max_smwait;
} rnd_ctx;

static void new_kernel(rnd_ctx *x, kslot *k) {
  kmu_rng *g = &x->rng;
  k->prio = (unsigned)kmu_rng_bits(g, 2);
  k->event = kmu_rng_pct(g, x->event_pct);
  k->user = k->event || kmu_rng_pct(g, 40); /* kmu_kmu: event kernels are class user */
  k->tbs_left = 1 + (unsigned)kmu_rng_below(g, kmu_rng_pct(g, 70) ? 8 : 200);
  if (k->event && kmu_rng_pct(g, x->ewarp_pct)) { /* warp-level event */
    k->warps = 1;
    k->shmem = 0;
    k->tbs_left = 1;
  } else if (kmu_rng_pct(g, x->big_pct)) { /* fits only an (almost) empty SM */
    k->warps = 8 + (unsigned)kmu_rng_below(g, 9);
    k->shmem = (unsigned)kmu_rng_below(g, SM_SHMEM + 1);
  } else {
    k->warps = 1 + (unsigned)kmu_rng_below(g, 4);
    k->shmem = kmu_rng_pct(g, 30) ? 0 : (unsigned)kmu_rng_below(g, 4096);
  }
  /* registers per TB = warps * 32 * registers per thread (8..64, or anything) */
  k->regs = k->warps * 32 * (8 + (unsigned)kmu_rng_below(g, 57));
  if (kmu_rng_pct(g, 3)) k->regs = (unsigned)kmu_rng_bits(g, 18);
  if (kmu_rng_pct(g, 3)) k->warps = (unsigned)kmu_rng_bits(g, 6);
  k->next_tb = 0;
  k->kptr = (uint32_t)kmu_rng_bits(g, 32);
  k->param = (uint32_t)kmu_rng_bits(g, 32);
  x->tbs_given += k->tbs_left;
}

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  memset(x, 0, sizeof *x);
  x->test = t;
  kmu_rng_seed(&x->rng, seed);
  kmu_rng *g = &x->rng;
  x->arrive_pct = 2 + (unsigned)kmu_rng_below(g, 40);
  x->event_pct = 10 + (unsigned)kmu_rng_below(g, 70);
  x->ewarp_pct = (unsigned)kmu_rng_below(g, 70);
  x->big_pct = (unsigned)kmu_rng_below(g, 40);
  x->done_pct = 5 + (unsigned)kmu_rng_below(g, 60);
  x->noise_pct = (unsigned)kmu_rng_below(g, 30);
  x->res_mode = (unsigned)kmu_rng_below(g, 4);
  x->junk_pct = (unsigned)kmu_rng_below(g, 50);
  x->hold_pct = (unsigned)kmu_rng_below(g, 30);
  x->phase_len = 500 + (unsigned)kmu_rng_below(g, 5000);
  x->wpbusy_pct = (unsigned)kmu_rng_below(g, 90);
  for (unsigned k = 0; k < NS; k++) x->s[k].gap = (unsigned)kmu_rng_below(g, 20);
}

static int fits(const ksm *m, const kslot *k) {
  unsigned tbs = 0, w = 0, r = 0, sh = 0;
  for (unsigned e = 0; e < m->n; e++) {
    if (m->ewarp[e]) continue;
    tbs++;
    w += m->warps[e];
    r += m->regs[e];
    sh += m->shmem[e];
  }
  return tbs < SM_TBS && w + k->warps <= SM_WARPS && r + k->regs <= SM_REGS &&
         sh + k->shmem <= SM_SHMEM;
}

/* kmu_sm_ctrl: no TB starts while an event warp waits in the SM's table (fit_o = 0) */
static int ewt_pending(const ksm *m) {
  for (unsigned e = 0; e < m->n; e++)
    if (m->ewarp[e]) return 1;
  return 0;
}

static int ewt_fits(const ksm *m) {
  unsigned n = 0;
  for (unsigned e = 0; e < m->n; e++) n += m->ewarp[e];
  return n < SM_EWT;
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  kmu_dispatch_in *i = in;
  kmu_rng *g = &x->rng;
  (void)pi, (void)po;
  /* reservation per phase */
  if (cyc % x->phase_len == 0) {
    switch (x->res_mode) {
      case 0: x->res_mask = 0; break;
      case 1:
        if (cyc == 0) x->res_mask = kmu_rng_bits(g, NSM) & ALL_SM;
        /* a fixed mask leaves host kernels an SM (all reserved stops them for good) */
        if (x->res_mask == ALL_SM) x->res_mask &= ~1ull;
        break;
      case 2: x->res_mask = kmu_rng_pct(g, 30) ? 0 : kmu_rng_bits(g, NSM) & ALL_SM; break;
      default:
        x->res_mask = kmu_rng_pct(g, 20) ? ALL_SM
                      : kmu_rng_pct(g, 25) ? 0
                                           : kmu_rng_bits(g, NSM) & ALL_SM;
        break;
    }
    /* the Elastic split: off, the first U SMs (U = 0..NSM), or any mask */
    x->part = kmu_rng_pct(g, 50);
    const unsigned u = (unsigned)kmu_rng_below(g, NSM + 1);
    x->umask = kmu_rng_pct(g, 80) ? kmu_mask(u) : kmu_rng_bits(g, NSM) & ALL_SM;
  }
  /* TBs finish on the SMs (completions are not the dispatcher's business: they only free
   * room); sometimes the SMs hold everything for a while so that draining builds up */
  const int hold = (cyc / 97) % 100 < x->hold_pct;
  const int fast = (cyc / x->phase_len) % 3 == 1; /* a phase where the SMs drain quickly */
  const unsigned n_done = hold ? 0 : fast ? (unsigned)kmu_rng_below(g, NSM + 1)
                                          : (unsigned)kmu_rng_pct(g, x->done_pct);
  for (unsigned d = 0; d < n_done; d++) {
    ksm *m = &x->sm[kmu_rng_below(g, NSM)];
    if (m->n) {
      unsigned e = (unsigned)kmu_rng_below(g, m->n);
      m->n--;
      m->warps[e] = m->warps[m->n];
      m->regs[e] = m->regs[m->n];
      m->shmem[e] = m->shmem[m->n];
      m->ewarp[e] = m->ewarp[m->n];
    }
  }
  /* kernels arrive in free slots */
  for (unsigned k = 0; k < NS; k++) {
    kslot *s = &x->s[k];
    if (s->tbs_left) continue;
    if (s->gap) {
      s->gap--;
    } else if (kmu_rng_pct(g, x->arrive_pct)) {
      new_kernel(x, s);
    }
  }
  /* the slot table */
  memset(i, 0, sizeof *i);
  uint64_t v[4] = {0, 0, 0, 0};
  for (unsigned k = 0; k < NS; k++)
    if (x->s[k].tbs_left) v[x->s[k].prio] |= 1ull << k;
  i->slot_p0_i = v[0];
  i->slot_p1_i = v[1];
  i->slot_p2_i = v[2];
  i->slot_p3_i = v[3];
  /* kmu_kmu answers the query for the slot the dispatcher chooses: the level and the
   * reference pointer say which one that is (the scoreboard checks q_slot_o); parked slots
   * are not chosen */
  for (unsigned l = 0; l < 4; l++) v[l] &= ~x->park;
  int lvl = 3;
  while (lvl >= 0 && !v[lvl]) lvl--;
  unsigned slot = 0;
  const kslot *k = NULL;
  if (lvl >= 0 && rr_pick(v[lvl], x->lptr[lvl], NS, &slot)) k = &x->s[slot];
  if (k) {
    i->q_warps_i = k->warps;
    i->q_regs_i = k->regs;
    i->q_shmem_i = k->shmem;
    i->q_event_i = k->event;
    i->q_user_i = k->user;
    i->take_tb_i = k->next_tb;
    i->take_kptr_i = k->kptr;
    i->take_param_i = k->param;
  } else if (kmu_rng_pct(g, x->junk_pct)) { /* nothing chosen: whatever the query shows */
    i->q_warps_i = kmu_rng_bits(g, 6);
    i->q_regs_i = kmu_rng_bits(g, 18);
    i->q_shmem_i = kmu_rng_bits(g, 16);
    i->q_event_i = kmu_rng_bits(g, 1);
    i->q_user_i = kmu_rng_bits(g, 1);
    i->take_tb_i = kmu_rng_bits(g, 32);
    i->take_kptr_i = kmu_rng_bits(g, 32);
    i->take_param_i = kmu_rng_bits(g, 32);
  }
  /* the SMs' answers to the broadcast need: from their free resources, or now and then
   * arbitrary (the dispatcher must follow whatever they say) */
  for (unsigned m = 0; m < NSM; m++) {
    int f = k && !ewt_pending(&x->sm[m]) && fits(&x->sm[m], k), e = ewt_fits(&x->sm[m]);
    /* idle: the table empty and the SM's warp-preemption controller (not modelled: a
     * per-seed chance) free; registered state, so not tied to the need */
    int idl = !ewt_pending(&x->sm[m]) && !kmu_rng_pct(g, x->wpbusy_pct);
    if (!k || kmu_rng_pct(g, x->noise_pct)) {
      f = kmu_rng_pct(g, 50);
      e = kmu_rng_pct(g, 50);
      idl = kmu_rng_pct(g, 50);
    }
    i->sm_fit_i |= (uint64_t)f << m;
    i->sm_ewt_fit_i |= (uint64_t)e << m;
    i->sm_ewt_idle_i |= (uint64_t)idl << m;
  }
  i->reserve_mask_i = x->res_mask;
  /* the split's registers: now and then anything (the dispatcher follows what it is told) */
  i->part_i = x->part;
  i->umask_i = kmu_rng_pct(g, 2) ? kmu_rng_bits(g, NSM) : x->umask;
  if (kmu_rng_pct(g, 1)) i->part_i ^= 1;
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_dispatch_in *i = ip;
  const kmu_dispatch_out *o = op;
  const char *t = x->test;
  int ok = 1;

  /* ---- the level: the highest one with unparked TBs left is the only one that dispatches */
  uint64_t vis[4];
  for (unsigned l = 0; l < 4; l++) vis[l] = slot_vec(i, l) & ~x->park;
  int lvl = 3;
  while (lvl >= 0 && !vis[lvl]) lvl--;
  const int any = lvl >= 0;
  ok &= KMU_EXPECT_EQ(t, cyc, "need_valid_o = some slot has TBs left", any, o->need_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "level_o = highest level with TBs left", any ? lvl : 0,
                      o->level_o);
  unsigned slot = 0;
  if (any) rr_pick(vis[lvl], x->lptr[lvl], NS, &slot);
  ok &= KMU_EXPECT_EQ(t, cyc, "q_slot_o = round-robin pick of the top level", slot, o->q_slot_o);
  if (!any) {
    ok &= KMU_EXPECT_EQ(t, cyc, "no TB without a slot with TBs left", 0, o->take_valid_o);
  }
  const kslot *k = any ? &x->s[slot] : NULL;

  /* ---- the need ---- */
  int ewarp = 0;
  if (k) {
    ewarp = k->event && k->warps == 1 && k->shmem == 0;
    ok &= KMU_EXPECT_EQ(t, cyc, "need_warps_o", k->warps, o->need_warps_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "need_regs_o", k->regs, o->need_regs_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "need_shmem_o", k->shmem, o->need_shmem_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "need_ewarp_o = event, 1 warp, no shared memory", ewarp,
                        o->need_ewarp_o);
  }

  /* ---- the SM ---- */
  const uint64_t allow = k ? allowed_sms((int)k->event, i->reserve_mask_i, (int)k->user,
                                         (int)(i->part_i & 1) && !x->lift, i->umask_i)
                           : 0;
  if (k && (i->part_i & 1) && !(allow & i->sm_fit_i) &&
      (allowed_sms((int)k->event, i->reserve_mask_i, 0, 0, 0) & i->sm_fit_i))
    x->el_block++;
  /* candidates: the allowed SMs that start the TB now (sm_fit_i), a warp-level event too;
   * a warp-level event goes to an allowed SM's event-warp table only when none fits */
  const uint64_t ewt = ewarp ? allow & i->sm_ewt_fit_i : 0;
  const uint64_t tbc = allow & i->sm_fit_i;
  const int use_ewt = tbc == 0 && ewt != 0;
  /* among the tables, those of idle SMs (sm_ewt_idle_i: the event warp starts there now)
   * when any is a candidate, else every table with room */
  const uint64_t ewt_idle = ewt & i->sm_ewt_idle_i;
  const uint64_t ewt_req = ewt_idle ? ewt_idle : ewt;
  const uint64_t cand = k ? (use_ewt ? ewt_req : tbc) : 0;
  if (k && ewarp && tbc && ewt) x->ew_both++; /* the choice the rule is about */
  unsigned sm = 0;
  const int take = rr_pick(cand, x->smptr, NSM, &sm);
  if (take && use_ewt && ewt_idle && (ewt & ~ewt_idle)) {
    unsigned sm_any = 0;
    x->ew_mixed++;
    rr_pick(ewt, x->smptr, NSM, &sm_any);
    if (sm_any != sm) x->ew_moved++;
  }
  ok &= KMU_EXPECT_EQ(t, cyc, "take_valid_o = an eligible SM fits", take, o->take_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "start_valid_o = take_valid_o", take, o->start_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "start_sm_o = round-robin among eligible SMs", sm, o->start_sm_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "start_ewarp_o", take && use_ewt, o->start_ewarp_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "stall_o = TBs left, nothing dispatched", any && !take, o->stall_o);
  int lower = 0;
  for (int l = 0; l < lvl; l++) lower |= vis[l] != 0;
  ok &= KMU_EXPECT_EQ(t, cyc, "drain_cycle_o = stall while a lower level has TBs",
                      any && !take && lower, o->drain_cycle_o);
  if (o->take_valid_o) {
    /* properties of a dispatched TB, on the model's outputs */
    const unsigned ts = (unsigned)o->take_slot_o, ss = (unsigned)o->start_sm_o;
    ok &= kmu_expect(ts < NS && ((vis[lvl] >> ts) & 1), t, cyc,
                     "the TB comes from an unparked slot of the highest level with TBs left",
                     1, 0);
    for (int l = lvl + 1; l < 4; l++)
      ok &= KMU_EXPECT_EQ(t, cyc, "draining: no higher level has unparked TBs", 0, vis[l]);
    uint64_t parked_above = 0;
    for (int l = lvl; l < 4; l++) parked_above |= slot_vec(i, (unsigned)l) & x->park;
    if (parked_above) x->park_pass++;
    ok &= KMU_EXPECT_EQ(t, cyc, "start_slot_o = take_slot_o", ts, o->start_slot_o);
    ok &= kmu_expect(ss < NSM && ((allow >> ss) & 1), t, cyc,
                     "the SM respects the reservation and the Elastic split", 1, 0);
    ok &= kmu_expect(((o->start_ewarp_o ? i->sm_ewt_fit_i : i->sm_fit_i) >> ss) & 1, t, cyc,
                     "the SM fits (its TB or its event-warp table)", 1, 0);
    ok &= kmu_expect(!o->start_ewarp_o || ewarp, t, cyc,
                     "only a warp-level event goes to the event-warp table", 1, 0);
    ok &= kmu_expect(!o->start_ewarp_o || !tbc, t, cyc,
                     "the event-warp table only when no allowed SM starts it now", 1, 0);
    ok &= kmu_expect(!o->start_ewarp_o || !ewt_idle || ((i->sm_ewt_idle_i >> ss) & 1), t, cyc,
                     "an event warp goes to an idle SM's table when one is a candidate", 1, 0);
    if (o->start_ewarp_o && ((i->sm_ewt_idle_i >> ss) & 1)) x->ew_idle++;
    if (k) {
      ok &= KMU_EXPECT_EQ(t, cyc, "start_warps_o", k->warps, o->start_warps_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "start_regs_o", k->regs, o->start_regs_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "start_shmem_o", k->shmem, o->start_shmem_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "start_tb_o (next TB of the slot)", k->next_tb, o->start_tb_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "start_kptr_o", k->kptr, o->start_kptr_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "start_param_o", k->param, o->start_param_o);
    }
  }

  /* ---- fairness (take cycles only: nothing moves otherwise) ---- */
  if (take) {
    const uint64_t lv = vis[lvl];
    for (unsigned s = 0; s < NS; s++) {
      unsigned *w = &x->lwait[lvl][s];
      if (!((lv >> s) & 1) || s == slot) {
        *w = 0;
      } else {
        ++*w;
        if (*w > x->max_lwait) x->max_lwait = *w;
        ok &= kmu_expect(*w < NS, t, cyc,
                         "round-robin: a slot with TBs left is served within SLOTS takes of "
                         "its level", NS - 1, *w);
      }
    }
    for (unsigned m = 0; m < NSM; m++) {
      if (!((cand >> m) & 1) || m == sm) {
        x->smwait[m] = 0;
      } else {
        ++x->smwait[m];
        if (x->smwait[m] > x->max_smwait) x->max_smwait = x->smwait[m];
        ok &= kmu_expect(x->smwait[m] < NSM, t, cyc,
                         "round-robin: an eligible SM is chosen within NSM starts", NSM - 1,
                         x->smwait[m]);
      }
    }
  }

  /* ---- the edge ---- */
  /* parking: a pick no SM may take under this cycle's masks (eligible = 0) is parked; a
   * change of the masks (split on/off, user SMs, reservation) probes the parked slots again;
   * a slot without TBs leaves the set */
  {
    const int rpart = (int)(i->part_i & 1);
    const uint64_t rumask = i->umask_i & ALL_SM, rres = i->reserve_mask_i & ALL_SM;
    uint64_t has_tb = 0;
    for (unsigned l = 0; l < 4; l++) has_tb |= slot_vec(i, l);
    const int chg = rpart != x->rpart || rumask != x->rumask || rres != x->rres;
    const int none_vis = !any && has_tb == ALL_SLOTS; /* every slot held, every one parked */
    if (take && x->lift && (i->part_i & 1) && !k->user && ((i->umask_i >> sm) & 1))
      x->lift_takes++;
    if (none_vis && !chg && !x->lift) x->lifts++;
    x->lift = has_tb == ALL_SLOTS && !chg && (x->lift || none_vis);
    if (chg || none_vis) {
      if (x->park & has_tb) x->unparks++;
      x->park = 0;
    }
    x->park &= has_tb;
    if (k && allow == 0) {
      ok &= kmu_expect(!take, t, cyc, "no TB of a pick no SM may take", 0, 1);
      x->park |= 1ull << slot;
      x->parks++;
    }
    x->rpart = rpart;
    x->rumask = rumask;
    x->rres = rres;
  }
  if (any && !take) {
    x->stalls++;
    if (lower) x->drains++;
  }
  if (take) {
    kslot *s = &x->s[slot];
    ksm *m = &x->sm[sm];
    x->takes++;
    x->lvl_takes[lvl]++;
    if (use_ewt) x->ewarps++;
    else if (ewarp) x->ew_direct++;
    if (x->res_mask && s->event) x->ev_res++;
    if (x->res_mask && !s->event) x->host_res++;
    if (i->part_i & 1) {
      if (s->user) x->el_user++;
      else x->el_batch++;
    }
    if (m->n < MAX_RES) { /* noise may start more than fits: the model SM drops it */
      m->warps[m->n] = s->warps;
      m->regs[m->n] = s->regs;
      m->shmem[m->n] = s->shmem;
      m->ewarp[m->n] = (unsigned)use_ewt;
      m->n++;
    }
    s->tbs_left--;
    s->next_tb++;
    if (!s->tbs_left) s->gap = (unsigned)kmu_rng_below(&x->rng, 10);
    x->lptr[lvl] = (slot + 1) % NS;
    x->smptr = (sm + 1) % NSM;
  }
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  uint64_t left = 0;
  for (unsigned k = 0; k < NS; k++) left += x->s[k].tbs_left;
  /* conservation: every TB of every kernel was dispatched once or is still left */
  ok &= KMU_EXPECT_EQ(t, 0, "TBs given == TBs dispatched + TBs left", x->tbs_given,
                      x->takes + left);
  ok &= kmu_expect(x->takes > 0, t, 0, "some TB dispatched", 1, x->takes);
  ok &= kmu_expect(x->stalls > 0, t, 0, "some stall (no SM fits)", 1, x->stalls);
  ok &= kmu_expect(x->el_user && x->el_batch && x->el_block, t, 0,
                   "the Elastic split: user-facing and batch takes, a stall it caused", 1, 0);
  ok &= kmu_expect(x->parks && x->park_pass && x->unparks, t, 0,
                   "parking: a pick parked, a TB out past a parked slot, parked slots probed "
                   "again",
                   1, 0);
  /* the idle-table preference changed a round-robin pick (the miss it is for: a busy SM's
   * table at the pointer, an idle one further on), wherever such choices were frequent */
  if (x->ew_mixed >= 20)
    ok &= kmu_expect(x->ew_moved > 0, t, 0,
                     "an idle SM's table chosen over a busy one the pointer named", 1, 0);
  /* a table full of parked kernels needs few slots (32 rarely fill: the directed park test
   * lifts at both sizes) */
  if (NS <= 4)
    ok &= kmu_expect(x->lifts && x->lift_takes, t, 0,
                     "the split lifted (a batch TB on a user SM)", 1, 0);
  if (getenv("KMU_DISPATCH_STATS"))
    printf("  stats: takes %llu (lvl %llu %llu %llu %llu) stalls %llu drains %llu ewarps %llu "
           "(direct %llu, both possible %llu; to a table: idle %llu, idle and busy %llu, "
           "moved by the preference %llu) ev-res %llu host-res %llu max waits %llu %llu "
           "elastic user %llu batch %llu blocked %llu parks %llu past parked %llu unparks %llu lifts %llu (batch on user SMs %llu)\n",
           (unsigned long long)x->takes, (unsigned long long)x->lvl_takes[0],
           (unsigned long long)x->lvl_takes[1], (unsigned long long)x->lvl_takes[2],
           (unsigned long long)x->lvl_takes[3], (unsigned long long)x->stalls,
           (unsigned long long)x->drains, (unsigned long long)x->ewarps,
           (unsigned long long)x->ew_direct, (unsigned long long)x->ew_both,
           (unsigned long long)x->ew_idle, (unsigned long long)x->ew_mixed,
           (unsigned long long)x->ew_moved,
           (unsigned long long)x->ev_res, (unsigned long long)x->host_res,
           (unsigned long long)x->max_lwait, (unsigned long long)x->max_smwait,
           (unsigned long long)x->el_user, (unsigned long long)x->el_batch,
           (unsigned long long)x->el_block, (unsigned long long)x->parks,
           (unsigned long long)x->park_pass, (unsigned long long)x->unparks,
           (unsigned long long)x->lifts, (unsigned long long)x->lift_takes);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  static rnd_ctx x;
  x.test = test;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep_mid_reset(&kmu_dispatch_block, &s, test, seed, cycles);
}

/* ======================================================================== directed */
/* A directed test is a program of steps: one cycle's inputs and the outputs the spec requires
 * in that cycle, written by hand from docs/kmu-interfaces.md section 3. */
#define MAX_STEPS 256
#define MAX_EXP 16
typedef kmu_dexp dexp;
typedef struct {
  kmu_dispatch_in in;
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
  s->what = what;
  return s;
}
static void dexp_add(dstep *s, const char *name, size_t off, uint64_t v) {
  kmu_dexp_add(s->exp, &s->n_exp, MAX_EXP, name, off, v);
}
#define EXP(s, f, v) dexp_add((s), #f, offsetof(kmu_dispatch_out, f), (uint64_t)(v))


static dprog prog;
KMU_DPROG_RUNNER(kmu_dispatch, dprog, 1000000, KMU_DPROG_NO_HOOK)
#define PROG(test_name)    \
  dprog *p = &prog;        \
  memset(p, 0, sizeof *p); \
  p->test = (test_name)

/* a kernel's needs on the query port: warps, registers, shared memory, event flag; the
 * take answer carries the slot number in its TB index so a wrong slot shows */
static void q(dstep *s, unsigned slot, unsigned warps, unsigned regs, unsigned shmem,
              unsigned event) {
  s->in.q_warps_i = warps;
  s->in.q_regs_i = regs;
  s->in.q_shmem_i = shmem;
  s->in.q_event_i = event;
  s->in.take_tb_i = 0x100u + slot;
  s->in.take_kptr_i = 0xc0de0000u + slot;
  s->in.take_param_i = 0xbeef0000u + slot;
}
/* expectations of a dispatch of `slot` on `sm` */
static void exp_take(dstep *s, unsigned slot, unsigned sm, unsigned ewarp) {
  EXP(s, take_valid_o, 1);
  EXP(s, take_slot_o, slot);
  EXP(s, start_valid_o, 1);
  EXP(s, start_slot_o, slot);
  EXP(s, start_sm_o, sm);
  EXP(s, start_ewarp_o, ewarp);
  EXP(s, start_tb_o, 0x100u + slot);
  EXP(s, stall_o, 0);
  EXP(s, drain_cycle_o, 0);
}
static void exp_none(dstep *s, unsigned slot, unsigned drain) {
  EXP(s, need_valid_o, 1);
  EXP(s, q_slot_o, slot);
  EXP(s, take_valid_o, 0);
  EXP(s, start_valid_o, 0);
  EXP(s, stall_o, 1);
  EXP(s, drain_cycle_o, drain);
}

/* draining: a level-3 kernel that fits nowhere blocks a lower one that would fit */
static int t_drain(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = st(p, "nothing to dispatch");
  s->in.sm_fit_i = ALL_SM;
  EXP(s, need_valid_o, 0);
  EXP(s, take_valid_o, 0);
  EXP(s, stall_o, 0);
  EXP(s, drain_cycle_o, 0);
  for (unsigned c = 0; c < 3; c++) {
    s = st(p, "level 3 (slot 0) fits nowhere, level 0 (slot 1) waits: draining");
    s->in.slot_p3_i = 1u << 0;
    s->in.slot_p0_i = 1u << 1;
    q(s, 0, 8, 8192, 4096, 0);
    exp_none(s, 0, 1);
    EXP(s, level_o, 3);
    EXP(s, need_warps_o, 8);
    EXP(s, need_regs_o, 8192);
    EXP(s, need_shmem_o, 4096);
  }
  s = st(p, "SM 1 frees: level 3 goes to SM 1");
  s->in.slot_p3_i = 1u << 0;
  s->in.slot_p0_i = 1u << 1;
  s->in.sm_fit_i = 1u << 1;
  q(s, 0, 8, 8192, 4096, 0);
  exp_take(s, 0, 1, 0);
  EXP(s, start_warps_o, 8);
  EXP(s, start_regs_o, 8192);
  EXP(s, start_shmem_o, 4096);
  EXP(s, start_kptr_o, 0xc0de0000u);
  EXP(s, start_param_o, 0xbeef0000u);
  s = st(p, "level 3 done: level 0 goes, on SM 0");
  s->in.slot_p0_i = 1u << 1;
  s->in.sm_fit_i = 1u << 0;
  q(s, 1, 1, 32, 0, 0);
  exp_take(s, 1, 0, 0);
  EXP(s, level_o, 0);
  s = st(p, "level 2 (slot 2) over level 1 (slot 3), all fit");
  s->in.slot_p2_i = 1u << 2;
  s->in.slot_p1_i = 1u << 3;
  s->in.sm_fit_i = ALL_SM;
  q(s, 2, 2, 64, 0, 0);
  exp_take(s, 2, 1, 0);
  EXP(s, level_o, 2);
  s = st(p, "level 2 (slot 2) fits nowhere, level 1 (slot 3) waits");
  s->in.slot_p2_i = 1u << 2;
  s->in.slot_p1_i = 1u << 3;
  q(s, 2, 2, 64, 0, 0);
  exp_none(s, 2, 1);
  s = st(p, "a top level alone that does not fit: stall, no draining");
  s->in.slot_p1_i = 1u << 3;
  q(s, 3, 2, 64, 0, 0);
  exp_none(s, 3, 0);
  EXP(s, level_o, 1);
  s = st(p, "a higher level with TBs beats a lower one even when it is an event kernel");
  s->in.slot_p1_i = 1u << 3;
  s->in.slot_p3_i = 1u << 1;
  s->in.reserve_mask_i = 1u << 1;
  s->in.sm_fit_i = 1u << 0; /* only a non-reserved SM fits: the event kernel cannot go */
  q(s, 1, 2, 64, 0, 1);
  exp_none(s, 1, 1);
  return d_run(p);
}

/* reservation (IV-A) both ways */
static int t_reserve(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = st(p, "SM 0 reserved; host kernel, only SM 0 fits: nothing");
  s->in.slot_p1_i = 1;
  s->in.reserve_mask_i = 1;
  s->in.sm_fit_i = 1;
  q(s, 0, 2, 64, 0, 0);
  exp_none(s, 0, 0);
  s = st(p, "host kernel, all SMs fit: not on reserved SM 0");
  s->in.slot_p1_i = 1;
  s->in.reserve_mask_i = 1;
  s->in.sm_fit_i = ALL_SM;
  q(s, 0, 2, 64, 0, 0);
  exp_take(s, 0, 1, 0);
  s = st(p, "event kernel (2 warps), only SM 1 (not reserved) fits: nothing");
  s->in.slot_p1_i = 1;
  s->in.reserve_mask_i = 1;
  s->in.sm_fit_i = 2;
  q(s, 0, 2, 64, 0, 1);
  exp_none(s, 0, 0);
  s = st(p, "event kernel, all SMs fit: only reserved SM 0");
  s->in.slot_p1_i = 1;
  s->in.reserve_mask_i = 1;
  s->in.sm_fit_i = ALL_SM;
  q(s, 0, 2, 64, 0, 1);
  exp_take(s, 0, 0, 0);
  s = st(p, "no SM reserved: the event kernel runs anywhere (SM 1)");
  s->in.slot_p1_i = 1;
  s->in.sm_fit_i = 2;
  q(s, 0, 2, 64, 0, 1);
  exp_take(s, 0, 1, 0);
  s = st(p, "every SM reserved: no host kernel at all (its slot is parked)");
  s->in.slot_p1_i = 1;
  s->in.reserve_mask_i = ALL_SM;
  s->in.sm_fit_i = ALL_SM;
  q(s, 0, 2, 64, 0, 0);
  exp_none(s, 0, 0);
  s = st(p, "the parked host kernel is not chosen again: no pick, no stall");
  s->in.slot_p1_i = 1;
  s->in.reserve_mask_i = ALL_SM;
  s->in.sm_fit_i = ALL_SM;
  EXP(s, need_valid_o, 0);
  EXP(s, take_valid_o, 0);
  EXP(s, stall_o, 0);
  s = st(p, "the host kernel leaves its slot (its parked bit goes)");
  s->in.reserve_mask_i = ALL_SM;
  EXP(s, need_valid_o, 0);
  s = st(p, "every SM reserved: an event kernel goes (SM 0, after SM 1)");
  s->in.slot_p1_i = 1;
  s->in.reserve_mask_i = ALL_SM;
  s->in.sm_fit_i = ALL_SM;
  q(s, 0, 2, 64, 0, 1);
  exp_take(s, 0, NSM > 2 ? 2 : 0, 0);
  return d_run(p);
}

/* warp-level events (IV-C): event kernel, one warp, no shared memory.  It starts now as a
 * resident TB on an allowed SM that fits it (sm_fit_i), round-robin among those; only when
 * none fits does it go to the event-warp table of an allowed SM with room (start_ewarp_o).
 * The SM pointer starts at 0 and moves past every winner (NSM = 2 or 16). */
static int t_ewarp(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = st(p, "warp-level event: SM 0 fits a TB, SM 1's table has room -> TB on SM 0");
  s->in.slot_p3_i = 1;
  s->in.sm_fit_i = 1;
  s->in.sm_ewt_fit_i = 2;
  q(s, 0, 1, 32, 0, 1);
  EXP(s, need_ewarp_o, 1);
  exp_take(s, 0, 0, 0); /* pointer now 1 */
  s = st(p, "SM 1 fits a TB, every table has room -> TB on SM 1, not a table");
  s->in.slot_p3_i = 1;
  s->in.sm_fit_i = 2;
  s->in.sm_ewt_fit_i = ALL_SM;
  q(s, 0, 1, 32, 0, 1);
  EXP(s, need_ewarp_o, 1);
  exp_take(s, 0, 1, 0); /* pointer now 2 % NSM */
  s = st(p, "SMs 0 and 1 fit, every table has room: round-robin among the fitting SMs (SM 0)");
  s->in.slot_p3_i = 1;
  s->in.sm_fit_i = 3;
  s->in.sm_ewt_fit_i = ALL_SM;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 0); /* pointer now 1 */
  s = st(p, "no SM fits a TB, SM 1's table has room -> SM 1's table");
  s->in.slot_p3_i = 1;
  s->in.sm_ewt_fit_i = 2;
  q(s, 0, 1, 32, 0, 1);
  EXP(s, need_ewarp_o, 1);
  exp_take(s, 0, 1, 1); /* pointer now 2 % NSM */
  s = st(p, "no SM fits, tables of SMs 0 and 1 have room: round-robin among them (SM 0)");
  s->in.slot_p3_i = 1;
  s->in.sm_ewt_fit_i = 3;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 1); /* pointer now 1 */
  s = st(p, "no table room anywhere: a normal TB on SM 0");
  s->in.slot_p3_i = 1;
  s->in.sm_fit_i = 1;
  q(s, 0, 1, 32, 0, 1);
  EXP(s, need_ewarp_o, 1);
  exp_take(s, 0, 0, 0);
  s = st(p, "shared memory 4: not a warp-level event, normal TB on SM 0");
  s->in.slot_p3_i = 1;
  s->in.sm_fit_i = 1;
  s->in.sm_ewt_fit_i = ALL_SM;
  q(s, 0, 1, 32, 4, 1);
  EXP(s, need_ewarp_o, 0);
  exp_take(s, 0, 0, 0);
  s = st(p, "shared memory 4, no SM fits, tables have room: no take (not a warp-level event)");
  s->in.slot_p3_i = 1;
  s->in.sm_ewt_fit_i = ALL_SM;
  q(s, 0, 1, 32, 4, 1);
  EXP(s, need_ewarp_o, 0);
  exp_none(s, 0, 0);
  EXP(s, start_ewarp_o, 0);
  s = st(p, "two warps: not a warp-level event, normal TB on SM 0");
  s->in.slot_p3_i = 1;
  s->in.sm_fit_i = 1;
  s->in.sm_ewt_fit_i = ALL_SM;
  q(s, 0, 2, 64, 0, 1);
  EXP(s, need_ewarp_o, 0);
  exp_take(s, 0, 0, 0);
  s = st(p, "host kernel of one warp: never the event-warp table");
  s->in.slot_p3_i = 1;
  s->in.sm_fit_i = 1;
  s->in.sm_ewt_fit_i = ALL_SM;
  q(s, 0, 1, 32, 0, 0);
  EXP(s, need_ewarp_o, 0);
  exp_take(s, 0, 0, 0);
  s = st(p, "host kernel of one warp, no SM fits, tables have room: no take");
  s->in.slot_p3_i = 1;
  s->in.sm_ewt_fit_i = ALL_SM;
  q(s, 0, 1, 32, 0, 0);
  exp_none(s, 0, 0);
  EXP(s, start_ewarp_o, 0);
  /* reservation applies to both paths (pointer 1) */
  s = st(p, "SM 0 reserved, SM 1 fits a TB, SM 0's table has room: SM 0's table, not SM 1");
  s->in.slot_p3_i = 1;
  s->in.reserve_mask_i = 1;
  s->in.sm_fit_i = 2;
  s->in.sm_ewt_fit_i = 1;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 1);
  s = st(p, "SM 0 reserved: SM 1's table is not allowed, SM 0 fits a TB");
  s->in.slot_p3_i = 1;
  s->in.reserve_mask_i = 1;
  s->in.sm_fit_i = 1;
  s->in.sm_ewt_fit_i = 2;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 0);
  s = st(p, "SM 0 reserved, SM 0 fits a TB and its table has room: TB on SM 0");
  s->in.slot_p3_i = 1;
  s->in.reserve_mask_i = 1;
  s->in.sm_fit_i = 1;
  s->in.sm_ewt_fit_i = 1;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 0);
  s = st(p, "SM 0 reserved, only SM 1 fits and only SM 1's table has room: stall");
  s->in.slot_p3_i = 1;
  s->in.reserve_mask_i = 1;
  s->in.sm_fit_i = 2;
  s->in.sm_ewt_fit_i = 2;
  q(s, 0, 1, 32, 0, 1);
  exp_none(s, 0, 0);
  EXP(s, start_ewarp_o, 0);
  s = st(p, "SM 0 reserved, its table has room: SM 0 table");
  s->in.slot_p3_i = 1;
  s->in.reserve_mask_i = 1;
  s->in.sm_ewt_fit_i = 1;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 1);
  s = st(p, "SM 1 reserved, SM 1 fits a TB, SM 0 fits and both tables have room: TB on SM 1");
  s->in.slot_p3_i = 1;
  s->in.reserve_mask_i = 2;
  s->in.sm_fit_i = 3;
  s->in.sm_ewt_fit_i = ALL_SM;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 1, 0);
  s = st(p, "warp-level event, no table room and no TB fits: stall");
  s->in.slot_p3_i = 1;
  q(s, 0, 1, 32, 0, 1);
  exp_none(s, 0, 0);
  EXP(s, start_ewarp_o, 0);
  return d_run(p);
}

/* warp-level events to a table (EDGE IV-C, IV-D): an idle SM's table (sm_ewt_idle_i: empty,
 * its warp-preemption controller free, so the event warp starts now) is preferred over a busy
 * SM's, whatever the SM pointer says; with no idle candidate, round-robin among the tables as
 * before (no stall).  The preference orders tables only: a TB that fits now still goes first,
 * and neither the reservation nor a TB's SM choice looks at it.  The SM pointer starts at 0
 * and moves past every winner (NSM = 2 or 16). */
static int t_ewtidle(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = st(p, "tables of SMs 0, 1 have room, SM 0 busy: SM 1's though the pointer is at 0");
  s->in.slot_p3_i = 1;
  s->in.sm_ewt_fit_i = 3;
  s->in.sm_ewt_idle_i = 2;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 1, 1); /* pointer now 2 % NSM */
  s = st(p, "tables of SMs 0, 1 have room, none idle: round-robin as before (SM 0), no stall");
  s->in.slot_p3_i = 1;
  s->in.sm_ewt_fit_i = 3;
  s->in.sm_ewt_idle_i = 0;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 1); /* pointer now 1 */
  s = st(p, "pointer at SM 1, SM 1 busy, SM 0 idle: SM 0's table");
  s->in.slot_p3_i = 1;
  s->in.sm_ewt_fit_i = 3;
  s->in.sm_ewt_idle_i = ALL_SM & ~2ull;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 1); /* pointer now 1 */
  s = st(p, "SMs 0, 1 both idle: round-robin among the idle ones (SM 1)");
  s->in.slot_p3_i = 1;
  s->in.sm_ewt_fit_i = 3;
  s->in.sm_ewt_idle_i = ALL_SM;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 1, 1); /* pointer now 2 % NSM */
  s = st(p, "the idle SM's table has no room: the busy SM's table with room (SM 0)");
  s->in.slot_p3_i = 1;
  s->in.sm_ewt_fit_i = 1;
  s->in.sm_ewt_idle_i = ALL_SM & ~1ull;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 1); /* pointer now 1 */
  s = st(p, "SM 0 reserved, idle SM 1 not allowed: SM 0's table (busy)");
  s->in.slot_p3_i = 1;
  s->in.reserve_mask_i = 1;
  s->in.sm_ewt_fit_i = 3;
  s->in.sm_ewt_idle_i = ALL_SM & ~1ull;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 1); /* pointer now 1 */
  s = st(p, "SM 0 fits a TB, SM 1 idle with table room: a TB on SM 0 (direct first)");
  s->in.slot_p3_i = 1;
  s->in.sm_fit_i = 1;
  s->in.sm_ewt_fit_i = 3;
  s->in.sm_ewt_idle_i = ALL_SM & ~1ull;
  q(s, 0, 1, 32, 0, 1);
  exp_take(s, 0, 0, 0); /* pointer now 1 */
  s = st(p, "a host kernel of one warp, no SM fits, every SM idle: no take (no table)");
  s->in.slot_p3_i = 1;
  s->in.sm_ewt_fit_i = ALL_SM;
  s->in.sm_ewt_idle_i = ALL_SM;
  q(s, 0, 1, 32, 0, 0);
  exp_none(s, 0, 0);
  EXP(s, start_ewarp_o, 0);
  s = st(p, "a TB (two warps), SMs 0, 1 fit, only SM 0 idle: round-robin from 1 (SM 1)");
  s->in.slot_p3_i = 1;
  s->in.sm_fit_i = 3;
  s->in.sm_ewt_fit_i = ALL_SM;
  s->in.sm_ewt_idle_i = 1;
  q(s, 0, 2, 64, 0, 1);
  exp_take(s, 0, 1, 0);
  return d_run(p);
}

/* round-robin among the slots of a level and across the SMs; per-level order */
static int t_rr(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  unsigned sm = 0; /* the SM pointer starts at 0; every take moves it past the winner */
  for (unsigned c = 0; c < 8; c++) {
    dstep *s = st(p, "slots 0..3 at level 1, all fit: 0,1,2,3,0,... on SMs in turn");
    s->in.slot_p1_i = 0xf;
    s->in.sm_fit_i = ALL_SM;
    q(s, c % 4, 1 + c % 4, 32, 0, 0);
    exp_take(s, c % 4, sm, 0);
    sm = (sm + 1) % NSM;
  }
  const unsigned seq[4] = {0, 1, 3, 0};
  for (unsigned c = 0; c < 4; c++) {
    dstep *s = st(p, "slot 2 has no TBs left: 0,1,3,0");
    s->in.slot_p1_i = 0xb;
    s->in.sm_fit_i = ALL_SM;
    q(s, seq[c], 1, 32, 0, 0);
    exp_take(s, seq[c], sm, 0);
    sm = (sm + 1) % NSM;
  }
  /* level 1's pointer is now after slot 0 */
  for (unsigned c = 0; c < 3; c++) {
    dstep *s = st(p, "level 3 (slots 2, 3) goes first, level 1 waits: 2,3,2");
    s->in.slot_p1_i = 0x3;
    s->in.slot_p3_i = 0xc;
    s->in.sm_fit_i = ALL_SM;
    q(s, 2 + c % 2, 1, 32, 0, 0);
    exp_take(s, 2 + c % 2, sm, 0);
    sm = (sm + 1) % NSM;
  }
  dstep *s = st(p, "level 1 resumes where it stopped: slot 1");
  s->in.slot_p1_i = 0x3;
  s->in.sm_fit_i = ALL_SM;
  q(s, 1, 1, 32, 0, 0);
  exp_take(s, 1, sm, 0);
  sm = (sm + 1) % NSM;
  for (unsigned c = 0; c < 3; c++) {
    s = st(p, "the pick (slot 0) does not fit: held, slot 1 is not tried");
    s->in.slot_p1_i = 0x3;
    q(s, 0, 8, 8192, 0, 0);
    exp_none(s, 0, 0);
  }
  s = st(p, "it fits on the last SM only");
  s->in.slot_p1_i = 0x3;
  s->in.sm_fit_i = 1ull << (NSM - 1);
  q(s, 0, 8, 8192, 0, 0);
  exp_take(s, 0, NSM - 1, 0);
  s = st(p, "SM search starts after the last SM: wraps to SM 0");
  s->in.slot_p1_i = 0x3;
  s->in.sm_fit_i = ALL_SM;
  q(s, 1, 1, 32, 0, 0);
  exp_take(s, 1, 0, 0);
  s = st(p, "SM 0 fits again but the search starts at SM 1: the next fitting one");
  s->in.slot_p1_i = 0x3;
  s->in.sm_fit_i = 1ull << 0 | 1ull << (NSM - 1);
  q(s, 0, 1, 32, 0, 0);
  exp_take(s, 0, NSM - 1, 0);
  return d_run(p);
}

/* TReM Elastic's split (IV-A, adapted to SMs): U = 0, 1, NSM; user-facing kernels on SMs
 * [0, U), batch kernels on [U, NSM); U = 0 sets no SM aside; split off: anywhere */
static void q_cls(dstep *s, unsigned slot, unsigned user, unsigned part, uint64_t umask) {
  q(s, slot, 1, 32, 0, 0);
  s->in.slot_p1_i = 1u << slot;
  s->in.q_user_i = user;
  s->in.part_i = part;
  s->in.umask_i = umask;
  s->in.sm_fit_i = ALL_SM;
}
static int t_elastic(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  /* the SM pointer starts at 0 and moves past each winner */
  dstep *s = st(p, "U = 1: a user-facing kernel on SM 0, all SMs fit");
  q_cls(s, 0, 1, 1, 1);
  exp_take(s, 0, 0, 0);
  s = st(p, "U = 1: again SM 0 (the only user SM), though the pointer is past it");
  q_cls(s, 0, 1, 1, 1);
  exp_take(s, 0, 0, 0);
  s = st(p, "U = 1: a batch kernel never on SM 0: SM 1 (the next one)");
  q_cls(s, 1, 0, 1, 1);
  exp_take(s, 1, 1, 0);
  s = st(p, "U = 1: a batch kernel, only SM 0 fits: stall");
  q_cls(s, 1, 0, 1, 1);
  s->in.sm_fit_i = 1;
  exp_none(s, 1, 0);
  s = st(p, "U = 1: a user-facing kernel, only the last SM fits: stall (no room for it)");
  q_cls(s, 0, 1, 1, 1);
  s->in.sm_fit_i = 1ull << (NSM - 1);
  if (NSM > 1) exp_none(s, 0, 0);
  else exp_take(s, 0, 0, 0);
  s = st(p, "split off: the same user-facing kernel goes to the last SM");
  q_cls(s, 0, 1, 0, 1);
  s->in.sm_fit_i = 1ull << (NSM - 1);
  exp_take(s, 0, NSM - 1, 0);
  s = st(p, "U = 0: a user-facing kernel goes anywhere (SM 0)");
  q_cls(s, 0, 1, 1, 0);
  s->in.sm_fit_i = 1;
  exp_take(s, 0, 0, 0);
  s = st(p, "U = 0: a batch kernel goes anywhere (the last SM)");
  q_cls(s, 1, 0, 1, 0);
  s->in.sm_fit_i = 1ull << (NSM - 1);
  exp_take(s, 1, NSM - 1, 0);
  s = st(p, "U = NSM: a batch kernel has no SM: stall");
  q_cls(s, 1, 0, 1, ALL_SM);
  exp_none(s, 1, 0);
  s = st(p, "U = NSM: a user-facing kernel anywhere (SM 0)");
  q_cls(s, 0, 1, 1, ALL_SM);
  exp_take(s, 0, 0, 0);
  s = st(p, "the split and the reservation: an event kernel on reserved SM 0, U = 1 -> SM 0");
  q_cls(s, 0, 1, 1, 1);
  s->in.q_event_i = 1;
  s->in.q_warps_i = 2;
  s->in.reserve_mask_i = 1;
  exp_take(s, 0, 0, 0);
  return d_run(p);
}

/* the Elastic hang (issue 12): with U = NSM a batch pick has no SM at all; held, it would
 * stop every kernel below it (user-facing ones too) for good.  It is parked instead: one
 * probe cycle (a stall), then the choice goes on without it; when the masks change it is
 * probed again.  With U < NSM a batch pick whose SMs are full is held, not parked (it waits
 * for room like any pick), and goes out when its SM frees. */
static void park_in(dstep *s, uint64_t umask, unsigned slot, unsigned user) {
  s->in.slot_p3_i = 3; /* slots 0, 1: batch, level 3 */
  s->in.slot_p0_i = 4; /* slot 2: user-facing, level 0 */
  s->in.part_i = 1;
  s->in.umask_i = umask;
  s->in.sm_fit_i = ALL_SM;
  q(s, slot, 1, 32, 0, 0);
  s->in.q_user_i = user;
}
static int t_park(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s = st(p, "U = NSM: batch slot 0 (level 3) has no SM: a probe, it stalls");
  park_in(s, ALL_SM, 0, 0);
  exp_none(s, 0, 1);
  EXP(s, level_o, 3);
  s = st(p, "slot 0 parked: batch slot 1 (level 3) is probed next");
  park_in(s, ALL_SM, 1, 0);
  exp_none(s, 1, 1);
  EXP(s, level_o, 3);
  s = st(p, "both batch slots parked: the user-facing kernel below them goes (SM 0)");
  park_in(s, ALL_SM, 2, 1);
  exp_take(s, 2, 0, 0);
  EXP(s, level_o, 0);
  s = st(p, "again (SM 1): the parked slots stay out while the masks stay");
  park_in(s, ALL_SM, 2, 1);
  exp_take(s, 2, 1, 0);
  s = st(p, "U drops to 1: this cycle still the user-facing kernel (on SM 0, its only SM)");
  park_in(s, 1, 2, 1);
  exp_take(s, 2, 0, 0);
  s = st(p, "the mask changed: batch slot 0 probed again and goes (SM 1, a batch SM)");
  park_in(s, 1, 0, 0);
  exp_take(s, 0, 1, 0);
  EXP(s, level_o, 3);
  s = st(p, "batch slot 1 goes too (the next batch SM)");
  park_in(s, 1, 1, 0);
  exp_take(s, 1, NSM > 2 ? 2 : 1, 0);
  for (unsigned c = 0; c < 2; c++) {
    s = st(p, "U = 1, only user SM 0 fits: batch slot 0 is held (its SMs are full), not parked");
    park_in(s, 1, 0, 0);
    s->in.sm_fit_i = 1;
    exp_none(s, 0, 1);
  }
  s = st(p, "a batch SM frees: batch slot 0 goes");
  park_in(s, 1, 0, 0);
  exp_take(s, 0, NSM > 2 ? 3 : 1, 0);
  s = st(p, "U = NSM again: batch slot 1 is parked (probe)");
  park_in(s, ALL_SM, 1, 0);
  exp_none(s, 1, 1);
  s = st(p, "batch slot 0 is probed next and parked as well");
  park_in(s, ALL_SM, 0, 0);
  exp_none(s, 0, 1);
  s = st(p, "slot 0 leaves (its kernel gone), slot 1 parked: the user-facing kernel goes");
  park_in(s, ALL_SM, 2, 1);
  s->in.slot_p3_i = 2;
  exp_take(s, 2, NSM > 2 ? 4 : 0, 0);
  s = st(p, "a new batch kernel in slot 0 is not parked: probed (it has no SM either)");
  park_in(s, ALL_SM, 0, 0);
  exp_none(s, 0, 1);
  s = st(p, "the split off: the user-facing kernel (parked slots out this cycle, back at the edge)");
  park_in(s, ALL_SM, 2, 1);
  s->in.part_i = 0;
  exp_take(s, 2, NSM > 2 ? 5 : 1, 0);
  s = st(p, "both batch slots back (the mask changed): slot 1, the level's next, goes anywhere");
  park_in(s, ALL_SM, 1, 0);
  s->in.part_i = 0;
  exp_take(s, 1, NSM > 2 ? 6 : 0, 0);
  EXP(s, level_o, 3);
  return d_run(p);
}

/* a slot table full of parked kernels (every slot a batch kernel, U = NSM): no kernel could
 * ever enter (a pool kernel needs a free slot), so the split is lifted until a slot frees */
static void lift_in(dstep *s, uint64_t slots, unsigned slot) {
  s->in.slot_p3_i = slots;
  s->in.part_i = 1;
  s->in.umask_i = ALL_SM;
  s->in.sm_fit_i = ALL_SM;
  q(s, slot, 1, 32, 0, 0);
}
static int t_lift(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  dstep *s;
  for (unsigned c = 0; c < NS; c++) {
    s = st(p, "U = NSM, every slot a batch kernel: each is probed once and parked");
    lift_in(s, ALL_SLOTS, c);
    exp_none(s, c, 0);
  }
  s = st(p, "every slot parked: no pick (the split is lifted at this edge)");
  lift_in(s, ALL_SLOTS, 0);
  EXP(s, need_valid_o, 0);
  EXP(s, stall_o, 0);
  s = st(p, "lifted: batch slot 0 goes to user SM 0");
  lift_in(s, ALL_SLOTS, 0);
  exp_take(s, 0, 0, 0);
  s = st(p, "lifted: batch slot 1 to SM 1");
  lift_in(s, ALL_SLOTS, 1);
  exp_take(s, 1, 1 % NSM, 0);
  s = st(p, "slot 0 frees (a pool kernel can enter): still lifted this cycle, slot 2 goes");
  lift_in(s, ALL_SLOTS & ~1ull, 2 % NS);
  exp_take(s, 2 % NS, 2 % NSM, 0);
  s = st(p, "the split again: batch slot 3 has no SM (probe)");
  lift_in(s, ALL_SLOTS & ~1ull, 3 % NS);
  exp_none(s, 3 % NS, 0);
  return d_run(p);
}

static const kmu_test tests[] = {
    {"drain", t_drain, 0, 0},
    {"reserve", t_reserve, 0, 0},
    {"ewarp", t_ewarp, 0, 0},
    {"ewtidle", t_ewtidle, 0, 0},
    {"rr", t_rr, 0, 0},
    {"elastic", t_elastic, 0, 0},
    {"park", t_park, 0, 0},
    {"lift", t_lift, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_dispatch_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
