/* test_kmu_revoke.c - lockstep, scoreboard and directed tests of kmu_revoke
 * (rtl/sched/kmu_revoke.v).
 *
 * Expected values come from the specification (the block's header and docs/blocks/kmu_revoke.md),
 * never from either model.  The scoreboard (sb_*) keeps its own table of the kernel tags from
 * the inputs (admissions, completions) and from the rules of the spec:
 *   - a request accepted in cycle t is decided in t+CT+1 (D); an error completes in D+1
 *     (done_valid_o, err_cnt_o + 1); a revocation pulses stop_o in D+1 with tag_o = the target,
 *     drop_o (every SM) the cycle after stop_ack_i, free_o the cycle after the last SM's
 *     drop_ack_i, and completes the cycle after free_ack_i (status OK, rvk_cnt_o + 1);
 *   - TAG: the entry req_id_i; LID: the live entry with that launch id, else the finished or
 *     retired one whose last kernel had it; status UNKNOWN / FINISHED / REVOKED / GUARD / OK by
 *     the target's state in D (a completion in D: FINISHED);
 *   - ROOM: the victim is a batch kernel running and started (a TB of it taken since its
 *     admission, iss_valid_i) at t, not guarded, and no such kernel that stayed unchanged (no
 *     admission, no completion) from t to D-1 had its first TB taken later (ties: the lower
 *     tag); none -> NO_VICTIM (a kernel admitted but not started holds no SM: never a victim); a victim that changed after t -> FINISHED; ROOM_EL: a
 *     victim with est != 0, elapsed (D - start) < est and est - elapsed < cost_i -> NEAR_DONE;
 *   - a completion of the target from D+1 up to the stop's acknowledge: FINISHED, no drop, no
 *     free; a replay that brings the tag's revocation count to thr_i (from below) pulses guard_o
 *     with the completion; the count travels with the tag through the replay, a fresh
 *     admission clears it;
 *   - every accepted request ends in exactly one completion; stop/drop/free name only the
 *     target (tag_o) and come only in the sequence; irq_o = done_valid_o | guard_o; the
 *     counters count the scoreboard's errors and revocations.
 *
 * The random test alternates system phases (an environment that plays kmu_kmu and the SMs by
 * their contracts: kernels admitted with fresh launch ids, classes and estimates, completing,
 * frozen by a stop, acknowledging with random delays, replayed kernels re-admitted later;
 * revoke requests of every kind, some timed so the target completes around the decision) with
 * noise phases (every input random, the scoreboard paused; afterwards the block is drained and
 * every tag admitted again).  Every run starts with a noise phase (random power-up state of
 * the tables); every bit of every input field is checked to have been seen 0 and 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_revoke.h"
#include "kmu_tb.h"

static const kmu_revoke_params params = {P_NSM, P_CT, P_LID_W, P_CNT_W, P_TS_W};
#define KMU_CUR_IN kmu_revoke_in
#define KMU_CUR_OUT kmu_revoke_out
KMU_BLOCK(kmu_revoke, KMU_REVOKE_IN, KMU_REVOKE_OUT, &params)

#define NSM P_NSM
#define CT P_CT
#define CLOG2(n) ((n) > 1 ? 64 - __builtin_clzll((unsigned long long)(n) - 1) : 1)
#define TAGW CLOG2(CT)
#define LIDW P_LID_W
#define CNTW P_CNT_W
#define TSW P_TS_W
#define ALLSM kmu_mask(NSM)
#define CNTMAX ((unsigned)kmu_mask(CNTW))
#define TSM kmu_mask(TSW)

/* ======================================================================== the specification */
enum { R_FREE, R_RUN, R_RVK, R_REPLAY, R_DONE, R_RETIRED, R_UNK };
enum { P_NONE, P_SCAN, P_ROOMDEC, P_STOP, P_DROP, P_FREE };
typedef struct {
  int st;
  uint64_t lid, est, start, iss; /* iss: the cycle its first TB take was seen */
  int user, stb;                 /* stb: started (a TB taken since its (re)admission) */
  unsigned rcnt;
} rtag;

typedef struct {
  const char *name;
  size_t off;
  unsigned w;
} fld;
#define F(n, w) {#n, offsetof(kmu_revoke_in, n), (w)}
static const fld flds[] = {
    F(thr_i, CNTW),      F(cost_i, TSW),   F(adm_valid_i, 1), F(adm_fresh_i, 1),
    F(adm_tag_i, TAGW),  F(adm_lid_i, LIDW), F(adm_user_i, 1), F(adm_est_i, TSW),
    F(cpl_valid_i, 1),   F(cpl_tag_i, TAGW), F(iss_valid_i, 1), F(iss_tag_i, TAGW),
    F(req_valid_i, 1),   F(req_kind_i, 2),
    F(req_replay_i, 1),  F(req_id_i, LIDW),  F(stop_ack_i, 1),  F(drop_ack_i, NSM),
    F(free_ack_i, 1),
};
#undef F
#define NFLD (sizeof flds / sizeof flds[0])

typedef struct {
  const char *test;
  int on; /* 0: paused (noise); the table is then unknown until every tag is admitted again */
  rtag t[CT];
  /* the request in flight */
  int ph;
  unsigned kind, replay;
  uint64_t id, t0, D;
  unsigned thr0;
  uint8_t s0[CT], cont[CT];
  uint64_t s0lid[CT], s0start[CT], s0est[CT]; /* launch ids, starts, estimates at acceptance */
  uint64_t s0iss[CT];                          /* first-issue cycles at acceptance */
  uint64_t cost_d;    /* cost_i in D */
  unsigned cpl_d;     /* the tag completing in D (CT: none) */
  int abort;          /* the target finished before the stop took hold */
  int amb; /* LID: a fresh admission touched the launch id inside the window */
  unsigned V;
  int fin;
  uint64_t ack;
  /* what the next cycle's outputs must show */
  int x_stop, x_drop, x_free, x_done, x_guard;
  unsigned x_stat, x_tag;
  uint64_t x_lid;
  unsigned err_cnt, rvk_cnt;
  uint64_t last_done; /* the cycle of the last completion (latency measurement) */
  uint64_t ones[NFLD], zeros[NFLD];
  /* coverage */
  uint64_t n_stat[8], n_kind[4], n_guard, n_race_d, n_race_stop, n_amb, n_req, n_replay,
      n_retire, n_ties, n_beaten, n_lid_hist, n_drop_same, n_retadm, n_unstarted;
} sb;

static void sb_reset(sb *s, const char *test) {
  memset(s, 0, sizeof *s);
  s->test = test;
  s->on = 1;
  for (unsigned k = 0; k < CT; k++) s->t[k].st = R_FREE;
}

static unsigned sat16(unsigned v) { return v == 0xffffu ? v : v + 1; }

/* ROOM: may the reported victim V be chosen, with status st? (the bounds of the header) */
static int sb_room(sb *s, uint64_t cyc, unsigned V, unsigned st, int cpl_at_d) {
  const char *t = s->test;
  int ok = 1;
  if (st == KMU_RVK_ST_NO_VICTIM) {
    for (unsigned w = 0; w < CT; w++)
      ok &= kmu_expect(!s->cont[w], t, cyc,
                       "NO_VICTIM while a batch kernel ran unchanged through the scan (its tag)", w,
                       w);
    return ok;
  }
  ok &= kmu_expect(V < CT && s->s0[V], t, cyc,
                   "victim: a revocable batch kernel running at acceptance (tag)", 0, V);
  if (!ok) return 0;
  const uint64_t av = (s->t0 - s->s0iss[V]) & TSM;
  for (unsigned w = 0; w < CT; w++) {
    if (w == V || !s->cont[w]) continue;
    const uint64_t aw = (s->t0 - s->s0iss[w]) & TSM;
    if (aw == av) s->n_ties++;
    else if (aw > av) s->n_beaten++;
    ok &= kmu_expect(!(aw < av || (aw == av && w < V)), t, cyc,
                     "victim: no unchanged batch kernel whose first TB was taken later (or as "
                     "late, lower tag)",
                     w, V);
  }
  const int changed = !s->cont[V] || cpl_at_d;
  unsigned want;
  if (changed)
    want = KMU_RVK_ST_FINISHED;
  else {
    const uint64_t el = (s->D - s->s0start[V]) & TSM, est = s->s0est[V];
    const int near = est != 0 && el < est && est - el < s->cost_d;
    want = (s->kind == KMU_RVK_KIND_ROOM_EL && near) ? KMU_RVK_ST_NEAR_DONE : KMU_RVK_ST_OK;
  }
  ok &= KMU_EXPECT_EQ(t, cyc, "victim's status (changed: FINISHED; Elastic rule: NEAR_DONE)", want,
                      st);
  return ok;
}

/* The decision of a TAG or LID request in cycle D (the table as it is before D's events). */
static unsigned sb_target(const sb *s, unsigned *tag) {
  if (s->kind == KMU_RVK_KIND_TAG) {
    if (s->id >= CT) return CT;
    *tag = (unsigned)s->id;
    return *tag;
  }
  unsigned live = CT, hist = CT;
  for (unsigned k = 0; k < CT; k++) {
    const int st = s->t[k].st;
    if (st == R_FREE || s->t[k].lid != s->id) continue;
    if ((st == R_RUN || st == R_RVK || st == R_REPLAY) && live == CT) live = k;
    if ((st == R_DONE || st == R_RETIRED) && hist == CT) hist = k;
  }
  *tag = live < CT ? live : hist;
  return *tag;
}

static int sb_check(sb *s, uint64_t cyc, const kmu_revoke_in *i, const kmu_revoke_out *o) {
  const char *t = s->test;
  int ok = 1;
  for (unsigned f = 0; f < NFLD; f++) {
    const uint64_t v = kmu_sig_val(i, flds[f].off, 0) & kmu_mask(flds[f].w);
    s->ones[f] |= v;
    s->zeros[f] |= ~v & kmu_mask(flds[f].w);
  }
  if (!s->on) return 1;
  const unsigned thr = (unsigned)i->thr_i & CNTMAX;

  /* ---- this cycle's outputs */
  if (s->ph == P_ROOMDEC) {
    /* the ROOM decision of D shows now: a stop (a victim) or an error completion */
    ok &= kmu_expect(o->stop_o != o->done_valid_o, t, cyc,
                     "ROOM: D+1 shows either the stop or the completion", 1, o->stop_o);
    if (o->stop_o) {
      s->V = (unsigned)o->tag_o;
      ok &= sb_room(s, cyc, s->V, KMU_RVK_ST_OK, s->cpl_d == s->V);
      if (s->V < CT) s->t[s->V].st = R_RVK; /* written at D's edge */
      s->x_stop = 1;
      s->ph = P_STOP;
      s->fin = 0;
    } else {
      const unsigned st = (unsigned)o->done_status_o;
      ok &= sb_room(s, cyc, (unsigned)o->done_tag_o, st, s->cpl_d == o->done_tag_o);
      s->x_done = 1;
      s->x_stat = st;
      s->x_tag = st == KMU_RVK_ST_NO_VICTIM ? 0 : (unsigned)o->done_tag_o;
      s->x_lid = st == KMU_RVK_ST_NO_VICTIM ? s->id : s->s0lid[s->x_tag % CT];
      s->err_cnt = sat16(s->err_cnt);
      s->ph = P_NONE;
    }
  }
  const int busy = s->ph != P_NONE;
  ok &= KMU_EXPECT_EQ(t, cyc, "req_ready_o = idle", !busy, o->req_ready_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "busy_o = a request in flight", busy, o->busy_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "stop_o only in the cycle after a revocation's decision", s->x_stop,
                      o->stop_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "drop_o (every SM) only the cycle after the stop's acknowledge",
                      s->x_drop ? ALLSM : 0, o->drop_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "free_o only the cycle after every SM acknowledged the drop",
                      s->x_free, o->free_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "done_valid_o: one completion per request, when the spec says",
                      s->x_done, o->done_valid_o);
  if (s->ph == P_STOP || s->ph == P_DROP || s->ph == P_FREE)
    ok &= KMU_EXPECT_EQ(t, cyc, "tag_o = the target during the sequence", s->V, o->tag_o);
  if (s->x_free) ok &= KMU_EXPECT_EQ(t, cyc, "free_replay_o = the action", s->replay, o->free_replay_o);
  if (s->x_done && o->done_valid_o) {
    ok &= KMU_EXPECT_EQ(t, cyc, "done_status_o", s->x_stat, o->done_status_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "done_tag_o", s->x_tag, o->done_tag_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "done_lid_o", s->x_lid & kmu_mask(LIDW), o->done_lid_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "done_replay_o", s->replay, o->done_replay_o);
    s->n_stat[s->x_stat & 7]++;
    s->last_done = cyc;
  }
  ok &= KMU_EXPECT_EQ(t, cyc, "guard_o: a replay that brings the count to the threshold", s->x_guard,
                      o->guard_o);
  if (s->x_guard) ok &= KMU_EXPECT_EQ(t, cyc, "guard_tag_o", s->V, o->guard_tag_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "irq_o = done_valid_o | guard_o", s->x_done || s->x_guard, o->irq_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_cnt_o = errors completed", s->err_cnt, o->err_cnt_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "rvk_cnt_o = revocations completed", s->rvk_cnt, o->rvk_cnt_o);
  s->x_stop = s->x_drop = s->x_free = s->x_done = s->x_guard = 0;

  /* ---- this cycle's inputs */
  const int fire = (i->req_valid_i & 1) && o->req_ready_o;
  const unsigned ctag = (unsigned)i->cpl_tag_i, atag = (unsigned)i->adm_tag_i;
  const int cpl = (i->cpl_valid_i & 1) && ctag < CT, adm = (i->adm_valid_i & 1) && atag < CT;
  const int fresh = (int)(i->adm_fresh_i & 1);
  const unsigned itag = (unsigned)i->iss_tag_i;
  const int iss = (i->iss_valid_i & 1) && itag < CT;
  /* the replay's continuation re-admitted in the free's acknowledge cycle (the tag still under
   * revocation): the re-admission of the replay, it runs again */
  const int readm = adm && !fresh && s->ph == P_FREE && (i->free_ack_i & 1) && s->replay &&
                    atag == s->V;
  /* a retire: kmu_kmu frees the tag at the edge that raises free_ack_i, so a fresh kernel may
   * take it in the acknowledge cycle: the tag is the new kernel's (RUN, its tables, count 0) */
  const int retadm = adm && fresh && s->ph == P_FREE && (i->free_ack_i & 1) && !s->replay &&
                     atag == s->V;
  const int adm_run =
      (adm && s->t[atag].st != R_RVK && (fresh || s->t[atag].st == R_REPLAY)) || readm ||
      retadm;
  uint8_t evt[CT];
  memset(evt, 0, sizeof evt);
  if (cpl) evt[ctag] = 1;
  if (adm_run) evt[atag] = 1;
  if (fire) {
    s->ph = P_SCAN;
    s->kind = (unsigned)i->req_kind_i & 3;
    s->replay = (unsigned)i->req_replay_i & 1;
    s->id = i->req_id_i & kmu_mask(LIDW);
    s->t0 = cyc;
    s->D = cyc + CT + 1;
    s->thr0 = thr;
    s->amb = 0;
    s->fin = 0;
    s->n_req++;
    s->n_kind[s->kind]++;
    for (unsigned k = 0; k < CT; k++) {
      const rtag *r = &s->t[k];
      s->s0[k] = r->st == R_RUN && r->stb && !evt[k] && !r->user && (thr == 0 || r->rcnt < thr);
      s->cont[k] = s->s0[k];
      if (s->kind >= KMU_RVK_KIND_ROOM && r->st == R_RUN && !r->stb && !r->user)
        s->n_unstarted++;
      s->s0lid[k] = r->lid;
      s->s0start[k] = r->start;
      s->s0iss[k] = r->iss;
      s->s0est[k] = r->est;
    }
  } else if (s->ph == P_SCAN && cyc < s->D) {
    for (unsigned k = 0; k < CT; k++)
      if (evt[k]) s->cont[k] = 0;
  }
  /* LID: a fresh admission of the launch id, or into the tag holding it, inside the window
   * makes the lookup depend on where the scan is: not predicted (the check pauses) */
  if (s->ph == P_SCAN && s->kind == KMU_RVK_KIND_LID && adm_run && fresh &&
      ((i->adm_lid_i & kmu_mask(LIDW)) == s->id || s->t[atag].lid == s->id))
    s->amb = 1;
  if (fire) {
  } else if (s->ph == P_SCAN && cyc == s->D) {
    if (s->kind == KMU_RVK_KIND_ROOM || s->kind == KMU_RVK_KIND_ROOM_EL) {
      /* decided from the outputs of D+1 (sb_room) */
      s->ph = P_ROOMDEC;
      s->cost_d = i->cost_i & TSM;
      s->cpl_d = cpl ? ctag : CT;
    } else if (s->amb) {
      s->n_amb++;
      s->ph = P_NONE; /* the LID resolution raced a fresh admission: pause until idle */
      s->on = 0;
    } else {
      unsigned tag = CT;
      sb_target(s, &tag);
      unsigned st;
      if (tag >= CT || s->t[tag].st == R_FREE || s->t[tag].st == R_UNK)
        st = KMU_RVK_ST_UNKNOWN;
      else if (s->t[tag].st == R_DONE)
        st = KMU_RVK_ST_FINISHED;
      else if (s->t[tag].st != R_RUN)
        st = KMU_RVK_ST_REVOKED;
      else if (cpl && ctag == tag)
        st = KMU_RVK_ST_FINISHED;
      else if (thr != 0 && s->t[tag].rcnt >= thr)
        st = KMU_RVK_ST_GUARD;
      else
        st = KMU_RVK_ST_OK;
      if (st == KMU_RVK_ST_FINISHED && cpl && ctag == tag) s->n_race_d++;
      if (s->kind == KMU_RVK_KIND_LID && tag < CT && s->t[tag].st != R_RUN &&
          s->t[tag].st != R_FREE)
        s->n_lid_hist++;
      if (st == KMU_RVK_ST_OK) {
        s->V = tag;
        s->x_stop = 1;
        s->ph = P_STOP;
      } else {
        s->x_done = 1;
        s->x_stat = st;
        s->x_tag = st == KMU_RVK_ST_UNKNOWN ? 0 : tag;
        s->x_lid = st == KMU_RVK_ST_UNKNOWN ? s->id : s->t[tag].lid;
        s->err_cnt = sat16(s->err_cnt);
        s->ph = P_NONE;
      }
    }
  } else if (s->ph == P_STOP) {
    if (cpl && ctag == s->V) s->fin = 1;
    if (i->stop_ack_i & 1) {
      if (s->fin) {
        s->n_race_stop++;
        s->abort = 1;
        s->x_done = 1;
        s->x_stat = KMU_RVK_ST_FINISHED;
        s->x_tag = s->V;
        s->x_lid = s->t[s->V].lid;
        s->err_cnt = sat16(s->err_cnt);
        s->ph = P_NONE;
      } else {
        s->x_drop = 1;
        s->ack = 0;
        s->ph = P_DROP;
      }
    }
  } else if (s->ph == P_DROP) {
    if ((i->drop_ack_i & ALLSM) == ALLSM && !s->ack) s->n_drop_same++;
    s->ack |= i->drop_ack_i & ALLSM;
    if (s->ack == ALLSM) {
      s->x_free = 1;
      s->ph = P_FREE;
    }
  } else if (s->ph == P_FREE && (i->free_ack_i & 1)) {
    rtag *r = &s->t[s->V];
    const unsigned inc = r->rcnt == CNTMAX ? CNTMAX : r->rcnt + 1;
    s->x_done = 1;
    s->x_stat = KMU_RVK_ST_OK;
    s->x_tag = s->V;
    s->x_lid = r->lid;
    s->x_guard = s->replay && thr != 0 && r->rcnt < thr && inc >= thr;
    s->n_guard += (uint64_t)s->x_guard;
    s->rvk_cnt = sat16(s->rvk_cnt);
    s->ph = P_NONE;
    if (s->replay) s->n_replay++;
    else s->n_retire++;
    s->n_retadm += (uint64_t)retadm;
  }

  /* ---- the table: events, then the sequence's own writes */
  if (iss && !s->t[itag].stb) {
    s->t[itag].stb = 1;
    s->t[itag].iss = cyc & TSM;
  }
  if (cpl && (s->t[ctag].st == R_RUN || s->t[ctag].st == R_REPLAY)) s->t[ctag].st = R_DONE;
  if (adm_run) {
    rtag *r = &s->t[atag];
    r->st = R_RUN;
    r->start = cyc & TSM;
    r->stb = 0; /* (re)started: no TB taken yet */
    if (fresh) {
      r->lid = i->adm_lid_i & kmu_mask(LIDW);
      r->user = (int)(i->adm_user_i & 1);
      r->est = i->adm_est_i & TSM;
      r->rcnt = 0;
    }
  }
  if (s->abort) s->t[s->V].st = R_DONE; /* finished before the stop took hold */
  s->abort = 0;
  if (s->x_done && s->x_stat == KMU_RVK_ST_OK && !retadm) {
    s->t[s->V].st = readm ? R_RUN : s->replay ? R_REPLAY : R_RETIRED;
    s->t[s->V].rcnt = s->t[s->V].rcnt == CNTMAX ? CNTMAX : s->t[s->V].rcnt + 1;
  }
  if (s->x_stop && s->ph == P_STOP && s->kind <= KMU_RVK_KIND_LID) s->t[s->V].st = R_RVK;
  return ok;
}

static int sb_idle(const sb *s) { return s->ph == P_NONE; }

static int sb_bits(const sb *s) {
  int ok = 1;
  for (unsigned f = 0; f < NFLD; f++) {
    char w[96];
    snprintf(w, sizeof w, "coverage: every bit of %s seen 1", flds[f].name);
    ok &= KMU_EXPECT_EQ(s->test, 0, w, kmu_mask(flds[f].w), s->ones[f]);
    snprintf(w, sizeof w, "coverage: every bit of %s seen 0", flds[f].name);
    ok &= KMU_EXPECT_EQ(s->test, 0, w, kmu_mask(flds[f].w), s->zeros[f]);
  }
  return ok;
}

/* ======================================================================== the environment */
/* kmu_kmu and the SMs by their contracts (docs/blocks/kmu_revoke.md). */
enum { E_FREE, E_RUN, E_STOPPED, E_POOL };
typedef struct {
  int st;
  uint64_t end_at, readm_at, free_at, lid;
  uint64_t start_at; /* its first TB take (the dispatcher found it an SM) */
  int issued;        /* a TB taken since its (re)admission */
  int ever;
  unsigned replays; /* replays seen since its fresh admission (requests aim at these) */
} etag;

typedef struct {
  int noise;
  unsigned arr_pct, user_pct, est_pct, req_pct, k_w[4], replay_pct, race_pct, swap_pct;
  unsigned wait_pct, iss_pct; /* kernels that wait long for an SM; further TB takes */
  unsigned stop_d, drop_d, free_d, readm_d, len_min, len_max, thr, cost;
  unsigned ntag; /* fresh kernels only into tags below ntag (few kernels: victims run out) */
  unsigned n_dens[8];
} phase_t;

typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t cycles, cyc;
  sb s;
  phase_t ph;
  uint64_t phase_end;
  int mode; /* 0 system, 1 noise, 2 drain, 3 resync */
  unsigned rs_k;
  etag e[CT];
  uint64_t lid_ctr;
  /* acknowledges due */
  uint64_t stop_at, free_at, drop_at[NSM];
  int stop_due, free_due, drop_due[NSM];
  unsigned seq_tag;
  int seq_replay;
  /* the request held */
  int req_on;
  kmu_revoke_in req;
  /* directed script (NULL: random) */
  const struct dstep *script;
  unsigned n_script, pc;
  uint64_t end_cycle;
  uint64_t n_noise, n_sys;
} env;

static uint64_t span(kmu_rng *r, uint64_t lo, uint64_t hi) {
  return lo + kmu_rng_below(r, hi - lo + 1);
}

static void new_phase(env *x, int first) {
  kmu_rng *r = &x->rng;
  phase_t *p = &x->ph;
  memset(p, 0, sizeof *p);
  const int tail = x->cyc + 6000 >= x->cycles;
  p->noise = first || (!tail && kmu_rng_pct(r, 25));
  if (p->noise) {
    static const unsigned d[] = {0, 3, 10, 50, 90, 100};
    for (unsigned k = 0; k < 8; k++) p->n_dens[k] = d[kmu_rng_below(r, 6)];
    x->phase_end = x->cyc + span(r, 50, 1500);
    x->mode = 1;
    x->n_noise++;
    x->s.on = 0;
  } else {
    p->arr_pct = (unsigned)span(r, 1, 30);
    static const unsigned up[] = {0, 20, 50, 80, 100};
    p->user_pct = up[kmu_rng_below(r, 5)];
    static const unsigned nt[] = {1, 2, 4, CT / 2 ? CT / 2 : 1, CT, CT};
    p->ntag = nt[kmu_rng_below(r, 6)];
    p->est_pct = (unsigned)span(r, 0, 100);
    p->req_pct = (unsigned)span(r, 1, 40);
    for (unsigned k = 0; k < 4; k++) p->k_w[k] = (unsigned)kmu_rng_below(r, 10);
    p->k_w[kmu_rng_below(r, 4)] += 5;
    p->replay_pct = (unsigned)kmu_rng_below(r, 101);
    p->race_pct = (unsigned)span(r, 0, 40);
    p->swap_pct = (unsigned)span(r, 0, 5);
    static const unsigned wp[] = {0, 10, 50, 90};
    p->wait_pct = wp[kmu_rng_below(r, 4)];
    p->iss_pct = (unsigned)span(r, 0, 60);
    static const unsigned dl[] = {1, 1, 2, 5, 40, 300};
    p->stop_d = dl[kmu_rng_below(r, 6)];
    p->drop_d = dl[kmu_rng_below(r, 6)];
    p->free_d = dl[kmu_rng_below(r, 6)];
    p->readm_d = (unsigned)span(r, 1, 400);
    p->len_min = (unsigned)span(r, 5, 200);
    p->len_max = p->len_min + (unsigned)span(r, 0, 4000);
    static const unsigned th[] = {0, 1, 1, 2, 3, 15};
    p->thr = CNTW >= 4 ? th[kmu_rng_below(r, 6)] : (unsigned)kmu_rng_below(r, CNTMAX + 1);
    p->cost = (unsigned)span(r, 0, 3000);
    x->phase_end = x->cyc + span(r, 1000, 10000);
    x->n_sys++;
  }
}

static void env_reset(env *x, uint64_t seed) {
  const char *t = x->test;
  const uint64_t cycles = x->cycles;
  const struct dstep *sc = x->script;
  const unsigned ns = x->n_script;
  memset(x, 0, sizeof *x);
  x->test = t, x->cycles = cycles, x->script = sc, x->n_script = ns;
  sb_reset(&x->s, t);
  kmu_rng_seed(&x->rng, seed);
  x->lid_ctr = kmu_rng_bits(&x->rng, LIDW);
}

/* the neighbours' acknowledges and reactions to last cycle's outputs; acks due now */
static void env_neighbours(env *x, const kmu_revoke_out *po, kmu_revoke_in *in, unsigned sd,
                           unsigned dd, unsigned fd, int rnd) {
  kmu_rng *r = &x->rng;
  const uint64_t c = x->cyc;
  if (po->stop_o) {
    const unsigned T = (unsigned)po->tag_o;
    x->seq_tag = T;
    x->seq_replay = (int)po->free_replay_o;
    if (T < CT && x->e[T].st == E_RUN) x->e[T].st = E_STOPPED; /* else it completed already */
    x->stop_due = 1;
    x->stop_at = c - 1 + (rnd ? span(r, 1, sd) : sd);
  }
  if (po->drop_o)
    for (unsigned k = 0; k < NSM; k++) {
      x->drop_due[k] = 1;
      x->drop_at[k] = c - 1 + (rnd ? span(r, 1, dd) : dd);
    }
  if (po->free_o) {
    x->free_due = 1;
    x->free_at = c - 1 + (rnd ? span(r, 1, fd) : fd);
  }
  if (x->stop_due && c >= x->stop_at) {
    in->stop_ack_i = 1;
    x->stop_due = 0;
    /* a tag that completed around the stop is reallocated only after the acknowledge */
    if (x->seq_tag < CT && x->e[x->seq_tag].st == E_FREE) x->e[x->seq_tag].free_at = c + 1;
  }
  for (unsigned k = 0; k < NSM; k++)
    if (x->drop_due[k] && c >= x->drop_at[k]) {
      in->drop_ack_i |= 1ull << k;
      x->drop_due[k] = 0;
    }
  if (x->free_due && c >= x->free_at) {
    in->free_ack_i = 1;
    x->free_due = 0;
    const unsigned T = x->seq_tag;
    if (T < CT) {
      if (x->seq_replay) {
        x->e[T].st = E_POOL;
        x->e[T].replays++;
        /* kmu_kmu may re-admit the replay in the acknowledge's own cycle */
        x->e[T].readm_at = c + (rnd ? kmu_rng_below(r, x->ph.readm_d + 1) : 1000000000ull);
      } else {
        /* kmu_kmu frees the tag at the acknowledge's edge: a fresh kernel may take it at once */
        x->e[T].st = E_FREE;
        x->e[T].free_at = c + (rnd && kmu_rng_pct(r, 50) ? 0 : 1);
      }
    }
  }
}

/* a kernel (re)admitted now: when its first TB is taken (soon, or after a long wait for an SM);
 * it runs len cycles from there */
static void env_start(env *x, unsigned T, uint64_t len) {
  kmu_rng *r = &x->rng;
  const uint64_t d = kmu_rng_pct(r, x->ph.wait_pct) ? span(r, 20, 3000) : span(r, 0, 4);
  x->e[T].issued = 0;
  x->e[T].start_at = x->cyc + 1 + d;
  x->e[T].end_at = x->e[T].start_at + len;
}

static void env_fresh(env *x, kmu_revoke_in *in, unsigned T, int user, uint64_t est,
                      uint64_t len) {
  in->adm_valid_i = 1;
  in->adm_fresh_i = 1;
  in->adm_tag_i = T;
  in->adm_lid_i = x->lid_ctr & kmu_mask(LIDW);
  in->adm_user_i = (uint64_t)user;
  in->adm_est_i = est & TSM;
  x->e[T].st = E_RUN;
  x->e[T].ever = 1;
  x->e[T].lid = x->lid_ctr & kmu_mask(LIDW);
  x->e[T].replays = 0;
  env_start(x, T, len);
  x->lid_ctr++;
}

static void env_system(env *x, const kmu_revoke_in *pi, const kmu_revoke_out *po, kmu_revoke_in *in) {
  kmu_rng *r = &x->rng;
  const phase_t *p = &x->ph;
  const uint64_t c = x->cyc;
  in->thr_i = p->thr;
  in->cost_i = p->cost;
  /* a request fired last cycle: now and then make its target complete around the decision */
  if (pi->req_valid_i && po->req_ready_o) {
    x->req_on = 0;
    if (pi->req_kind_i <= KMU_RVK_KIND_LID && kmu_rng_pct(r, p->race_pct)) {
      for (unsigned k = 0; k < CT; k++)
        if (x->e[k].st == E_RUN &&
            (pi->req_kind_i == KMU_RVK_KIND_TAG ? pi->req_id_i == k : x->e[k].lid == pi->req_id_i))
          x->e[k].end_at = c - 1 + CT + 1 + kmu_rng_below(r, 4);
    }
  }
  env_neighbours(x, po, in, p->stop_d, p->drop_d, p->free_d, 1);
  /* a completion: the lowest running kernel whose time has come (a stopped one never) */
  unsigned ctag = CT;
  for (unsigned k = 0; k < CT && ctag == CT; k++)
    if (x->e[k].st == E_RUN && x->e[k].issued && x->e[k].end_at <= c) ctag = k;
  if (ctag < CT) {
    in->cpl_valid_i = 1;
    in->cpl_tag_i = ctag;
    x->e[ctag].st = E_FREE;
    x->e[ctag].free_at = c + 1;
  } else {
    in->cpl_tag_i = kmu_rng_below(r, CT); /* don't care */
  }
  /* an admission: a replay due, a fresh kernel, or a swapped-out continuation */
  unsigned atag = CT;
  for (unsigned k = 0; k < CT && atag == CT; k++)
    if (x->e[k].st == E_POOL && x->e[k].readm_at <= c && k != ctag) atag = k;
  if (atag < CT) {
    in->adm_valid_i = 1;
    in->adm_fresh_i = 0;
    in->adm_tag_i = atag;
    in->adm_lid_i = kmu_rng_bits(r, LIDW); /* ignored for a continuation */
    in->adm_user_i = kmu_rng_bits(r, 1);
    in->adm_est_i = kmu_rng_bits(r, TSW);
    x->e[atag].st = E_RUN;
    env_start(x, atag, span(r, p->len_min, p->len_max));
  } else if (kmu_rng_pct(r, p->arr_pct)) {
    const unsigned k0 = (unsigned)kmu_rng_below(r, CT);
    for (unsigned j = 0; j < CT; j++) {
      const unsigned k = (k0 + j) % CT;
      if (k >= p->ntag) continue;
      if (x->e[k].st != E_FREE || x->e[k].free_at > c || k == ctag) continue;
      if (x->stop_due && x->seq_tag == k) continue;
      const uint64_t len = span(r, p->len_min, p->len_max);
      uint64_t est = 0;
      if (kmu_rng_pct(r, p->est_pct)) {
        /* a prediction near the truth, sometimes short (overrun), sometimes long */
        const int64_t d = (int64_t)span(r, 0, 2 * p->cost + 2) - (int64_t)p->cost - 1;
        est = (int64_t)len + d > 0 ? (uint64_t)((int64_t)len + d) : 1;
      }
      env_fresh(x, in, k, kmu_rng_pct(r, p->user_pct), est, len);
      break;
    }
  } else if (kmu_rng_pct(r, p->swap_pct)) {
    const unsigned k = (unsigned)kmu_rng_below(r, CT);
    if (x->e[k].st == E_RUN && k != ctag) {
      in->adm_valid_i = 1;
      in->adm_fresh_i = 0;
      in->adm_tag_i = k;
    }
  }
  /* a TB take (registered by kmu_gpu): a kernel's first when its time has come, else now and
   * then one more of a started kernel; never of a tag admitted or completing in this cycle,
   * nor of a stopped one */
  const unsigned an = in->adm_valid_i ? (unsigned)in->adm_tag_i : CT;
  unsigned itag = CT;
  for (unsigned k = 0; k < CT && itag == CT; k++)
    if (x->e[k].st == E_RUN && !x->e[k].issued && x->e[k].start_at <= c && k != ctag && k != an)
      itag = k;
  if (itag == CT && kmu_rng_pct(r, p->iss_pct)) {
    const unsigned k = (unsigned)kmu_rng_below(r, CT);
    if (x->e[k].st == E_RUN && x->e[k].issued && k != ctag && k != an) itag = k;
  }
  if (itag < CT) {
    in->iss_valid_i = 1;
    in->iss_tag_i = itag;
    x->e[itag].issued = 1;
  } else
    in->iss_tag_i = kmu_rng_below(r, CT);
  if (!in->adm_valid_i) {
    in->adm_tag_i = kmu_rng_below(r, CT);
    in->adm_lid_i = kmu_rng_bits(r, LIDW);
    in->adm_est_i = kmu_rng_bits(r, TSW);
    in->adm_fresh_i = kmu_rng_bits(r, 1);
    in->adm_user_i = kmu_rng_bits(r, 1);
  }
  /* a request, held until accepted */
  if (!x->req_on && c + 3000 < x->cycles && c < x->phase_end && kmu_rng_pct(r, p->req_pct)) {
    unsigned tot = p->k_w[0] + p->k_w[1] + p->k_w[2] + p->k_w[3], w = (unsigned)kmu_rng_below(r, tot);
    unsigned kind = 0;
    while (w >= p->k_w[kind]) w -= p->k_w[kind++];
    memset(&x->req, 0, sizeof x->req);
    x->req.req_kind_i = kind;
    x->req.req_replay_i = kmu_rng_pct(r, p->replay_pct);
    /* explicit targets: half the time a kernel replayed before (the starvation guard) */
    unsigned k = (unsigned)kmu_rng_below(r, CT);
    if (kmu_rng_pct(r, 50)) {
      const unsigned k0 = k;
      for (unsigned j = 0; j < CT; j++)
        if (x->e[(k0 + j) % CT].replays && x->e[(k0 + j) % CT].st == E_RUN) {
          k = (k0 + j) % CT;
          break;
        }
    }
    if (kind == KMU_RVK_KIND_TAG)
      x->req.req_id_i = kmu_rng_pct(r, 90) ? k : kmu_rng_bits(r, LIDW);
    else if (kind == KMU_RVK_KIND_LID) {
      x->req.req_id_i = (x->e[k].ever && kmu_rng_pct(r, 85)) ? x->e[k].lid : kmu_rng_bits(r, LIDW);
    } else
      x->req.req_id_i = kmu_rng_bits(r, LIDW);
    x->req_on = 1;
  }
  if (x->req_on) {
    in->req_valid_i = 1;
    in->req_kind_i = x->req.req_kind_i;
    in->req_replay_i = x->req.req_replay_i;
    in->req_id_i = x->req.req_id_i;
  } else {
    in->req_kind_i = kmu_rng_bits(r, 2);
    in->req_replay_i = kmu_rng_bits(r, 1);
    in->req_id_i = kmu_rng_bits(r, LIDW);
  }
}

static void env_noise(env *x, kmu_revoke_in *in) {
  kmu_rng *r = &x->rng;
  const unsigned *d = x->ph.n_dens;
  in->thr_i = kmu_rng_bits(r, CNTW);
  in->cost_i = kmu_rng_pct(r, 50) ? kmu_rng_bits(r, TSW) : kmu_rng_bits(r, 12);
  in->adm_valid_i = kmu_rng_pct(r, d[0]);
  in->adm_fresh_i = kmu_rng_pct(r, d[1]);
  in->adm_tag_i = kmu_rng_bits(r, TAGW);
  in->adm_lid_i = kmu_rng_pct(r, 50) ? kmu_rng_bits(r, LIDW) : kmu_rng_bits(r, 2);
  in->adm_user_i = kmu_rng_bits(r, 1);
  in->adm_est_i = kmu_rng_pct(r, 50) ? kmu_rng_bits(r, TSW) : kmu_rng_bits(r, 12);
  in->cpl_valid_i = kmu_rng_pct(r, d[2]);
  in->cpl_tag_i = kmu_rng_bits(r, TAGW);
  in->iss_valid_i = kmu_rng_pct(r, d[7]);
  in->iss_tag_i = kmu_rng_bits(r, TAGW);
  in->req_valid_i = kmu_rng_pct(r, d[3]);
  in->req_kind_i = kmu_rng_bits(r, 2);
  in->req_replay_i = kmu_rng_bits(r, 1);
  in->req_id_i = kmu_rng_pct(r, 50) ? kmu_rng_bits(r, LIDW) : kmu_rng_bits(r, 2);
  in->stop_ack_i = kmu_rng_pct(r, d[4]);
  in->drop_ack_i = kmu_rng_bits(r, NSM) & (kmu_rng_pct(r, d[5]) ? ALLSM : kmu_rng_bits(r, NSM));
  in->free_ack_i = kmu_rng_pct(r, d[6]);
}

/* ======================================================================== random lockstep */
static void rnd_init(void *c, uint64_t seed) {
  env *x = c;
  env_reset(x, seed);
  new_phase(x, 1);
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi_, const void *po_, void *in_) {
  env *x = c;
  const kmu_revoke_in *pi = pi_;
  const kmu_revoke_out *po = po_;
  kmu_revoke_in *in = in_;
  kmu_rng *r = &x->rng;
  x->cyc = cyc;
  memset(in, 0, sizeof *in);
  if (x->mode == 0 && cyc >= x->phase_end && !x->req_on && sb_idle(&x->s) && !po->busy_o &&
      !x->stop_due && !x->free_due)
    new_phase(x, 0);
  if (x->mode == 1 && cyc >= x->phase_end) x->mode = 2; /* drain */
  if (x->mode == 0 && !x->s.on) x->mode = 2; /* the scoreboard paused (LID race): resync */
  switch (x->mode) {
    case 1: env_noise(x, in); break;
    case 2:
      /* drain: acknowledge everything until the block is idle */
      in->stop_ack_i = kmu_rng_pct(r, 50);
      in->drop_ack_i = kmu_rng_bits(r, NSM);
      in->free_ack_i = kmu_rng_pct(r, 50);
      in->thr_i = kmu_rng_bits(r, CNTW);
      if (!po->busy_o && !pi->req_valid_i && cyc > 0) {
        x->mode = 3;
        x->rs_k = 0;
        /* resync: the scoreboard adopts the counters and learns every tag afresh */
        sb *s = &x->s;
        s->on = 1;
        s->ph = P_NONE;
        s->err_cnt = (unsigned)po->err_cnt_o;
        s->rvk_cnt = (unsigned)po->rvk_cnt_o;
        for (unsigned k = 0; k < CT; k++) s->t[k].st = R_UNK;
        x->stop_due = x->free_due = 0;
        for (unsigned k = 0; k < NSM; k++) x->drop_due[k] = 0;
        x->req_on = 0;
        memset(in, 0, sizeof *in);
      } else
        break;
      /* fall through */
    case 3: {
      const phase_t *p = &x->ph;
      in->thr_i = p->thr;
      if (x->rs_k < CT) {
        const unsigned k = x->rs_k++;
        const uint64_t len = span(r, 5, 3000);
        env_fresh(x, in, k, kmu_rng_pct(r, 40), kmu_rng_pct(r, 50) ? len : 0, len);
      } else {
        new_phase(x, 0);
        while (x->ph.noise) new_phase(x, 0);
        x->mode = 0;
      }
      break;
    }
    default: env_system(x, pi, po, in); break;
  }
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *i, const void *o) {
  env *x = c;
  return sb_check(&x->s, cyc, i, o);
}

static int rnd_finish(void *c) {
  env *x = c;
  sb *s = &x->s;
  const char *t = x->test;
  int ok = sb_bits(s);
  ok &= kmu_expect(s->ph == P_NONE || !s->on, t, 0, "every accepted request completed", 0, s->ph);
  if (!kmu_tb_quiet())
    printf("  %s: %llu requests (tag %llu, lid %llu, room %llu, room_el %llu): ok %llu, unknown "
           "%llu, finished %llu, revoked %llu, guard %llu, no_victim %llu, near_done %llu; "
           "replays %llu, retires %llu (a fresh kernel in the tag at the acknowledge %llu), "
           "guard pulses %llu, races at D %llu / in stop %llu, "
           "lid history %llu, victims beaten by none of %llu older kernels, unstarted batch "
           "kernels at a ROOM acceptance %llu, noise phases %llu\n",
           t, (unsigned long long)s->n_req, (unsigned long long)s->n_kind[0],
           (unsigned long long)s->n_kind[1], (unsigned long long)s->n_kind[2],
           (unsigned long long)s->n_kind[3], (unsigned long long)s->n_stat[0],
           (unsigned long long)s->n_stat[1], (unsigned long long)s->n_stat[2],
           (unsigned long long)s->n_stat[3], (unsigned long long)s->n_stat[4],
           (unsigned long long)s->n_stat[5], (unsigned long long)s->n_stat[6],
           (unsigned long long)s->n_replay, (unsigned long long)s->n_retire,
           (unsigned long long)s->n_retadm, (unsigned long long)s->n_guard,
           (unsigned long long)s->n_race_d,
           (unsigned long long)s->n_race_stop, (unsigned long long)s->n_lid_hist,
           (unsigned long long)s->n_beaten, (unsigned long long)s->n_unstarted,
           (unsigned long long)x->n_noise);
  /* the traffic must have reached every outcome */
  for (unsigned k = 0; k < 7; k++)
    ok &= kmu_expect(s->n_stat[k] > 0, t, 0, "coverage: every completion status seen (status)", k, 0);
  ok &= kmu_expect(s->n_guard > 0 && s->n_race_stop > 0 && s->n_race_d > 0 && s->n_replay > 0 &&
                       s->n_retire > 0 && s->n_lid_hist > 0 && s->n_retadm > 0 &&
                       s->n_unstarted > 0,
                   t, 0,
                   "coverage: guard pulse, both races, replay, retire, LID history, a fresh "
                   "kernel in a retired tag at the acknowledge, a ROOM request while a batch "
                   "kernel runs unstarted",
                   1, 0);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  env *x = calloc(1, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  kmu_stim s = {x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep_mid_reset(&kmu_revoke_block, &s, test, seed, cycles);
  free(x);
  return ok;
}

/* ======================================================================== directed */
/* A directed test is a script of actions at given cycles, the neighbours answering with fixed
 * delays (stop, drop, free: the acknowledge A cycles after the pulse), and the completions the
 * spec requires, in order.  The scoreboard runs beside it. */
enum { A_ADM, A_CPL, A_REQ, A_ISS, A_EXPECT, A_GUARD, A_READM };
typedef struct dstep {
  uint64_t at; /* cycle (A_EXPECT / A_GUARD: ignored, in order) */
  int a;
  unsigned tag, fresh, user, kind, replay, stat;
  uint64_t lid, est, id;
} dstep;
#define DMAX 256
typedef struct {
  env x;
  dstep s[DMAX];
  unsigned n;
  unsigned sd, dd, fd, thr;
  uint64_t cost;
  unsigned ne, ng; /* completions / guard pulses checked */
  uint64_t acc_cyc, done_cyc;
  int ok;
} dprog;

static void d_add(dprog *p, dstep st) {
  if (p->n >= DMAX) {
    fprintf(stderr, "directed script too long\n");
    exit(2);
  }
  p->s[p->n++] = st;
}
#define ADM(c, T, L, U, E) d_add(p, (dstep){.at = (c), .a = A_ADM, .tag = (T), .fresh = 1, .lid = (L), .user = (U), .est = (E)})
#define READM(c, T) d_add(p, (dstep){.at = (c), .a = A_ADM, .tag = (T), .fresh = 0})
#define CPL(c, T) d_add(p, (dstep){.at = (c), .a = A_CPL, .tag = (T)})
/* a TB of tag T taken (its first after an admission: it has started) */
#define ISS(c, T) d_add(p, (dstep){.at = (c), .a = A_ISS, .tag = (T)})
#define REQ(c, K, R, I) d_add(p, (dstep){.at = (c), .a = A_REQ, .kind = (K), .replay = (R), .id = (I)})
#define EXPECT(S, T, L) d_add(p, (dstep){.a = A_EXPECT, .stat = (S), .tag = (T), .lid = (L)})
#define GUARD(T) d_add(p, (dstep){.a = A_GUARD, .tag = (T)})
/* a request at cycle c, the completion it must get, and c moved past it */
#define ASK(K, R, I, S, T, L) \
  do {                        \
    REQ(c, K, R, I);          \
    EXPECT(S, T, L);          \
    c = AFTER(c);             \
  } while (0)

static void d_init(void *c, uint64_t seed) {
  dprog *p = c;
  p->x.test = p->x.s.test;
  env_reset(&p->x, seed);
  p->x.test = p->x.s.test;
  p->ne = p->ng = 0;
  p->ok = 1;
}

static int d_drive(void *c, uint64_t cyc, const void *pi_, const void *po_, void *in_) {
  dprog *p = c;
  env *x = &p->x;
  const kmu_revoke_out *po = po_;
  const kmu_revoke_in *pi = pi_;
  kmu_revoke_in *in = in_;
  x->cyc = cyc;
  memset(in, 0, sizeof *in);
  in->thr_i = p->thr;
  in->cost_i = p->cost;
  if (pi->req_valid_i && po->req_ready_o) x->req_on = 0;
  env_neighbours(x, po, in, p->sd, p->dd, p->fd, 0);
  int last = 1;
  for (unsigned k = 0; k < p->n; k++) {
    const dstep *st = &p->s[k];
    if (st->a >= A_EXPECT) continue;
    if (st->at > cyc) last = 0;
    if (st->at != cyc) continue;
    if (st->a == A_ADM) {
      in->adm_valid_i = 1;
      in->adm_fresh_i = st->fresh;
      in->adm_tag_i = st->tag;
      in->adm_lid_i = st->lid;
      in->adm_user_i = st->user;
      in->adm_est_i = st->est;
    } else if (st->a == A_CPL) {
      in->cpl_valid_i = 1;
      in->cpl_tag_i = st->tag;
    } else if (st->a == A_ISS) {
      in->iss_valid_i = 1;
      in->iss_tag_i = st->tag;
    } else if (st->a == A_REQ) {
      x->req_on = 1;
      x->req.req_kind_i = st->kind;
      x->req.req_replay_i = st->replay;
      x->req.req_id_i = st->id;
    }
  }
  if (x->req_on) {
    in->req_valid_i = 1;
    in->req_kind_i = x->req.req_kind_i;
    in->req_replay_i = x->req.req_replay_i;
    in->req_id_i = x->req.req_id_i;
  }
  if (last && !x->req_on && !pi->req_valid_i && !po->busy_o && !x->end_cycle)
    x->end_cycle = cyc + 4;
  return !(x->end_cycle && cyc >= x->end_cycle);
}

static int d_check(void *c, uint64_t cyc, const void *i_, const void *o_) {
  dprog *p = c;
  const kmu_revoke_in *i = i_;
  const kmu_revoke_out *o = o_;
  const char *t = p->x.s.test;
  int ok = sb_check(&p->x.s, cyc, i, o);
  if (i->req_valid_i && o->req_ready_o) p->acc_cyc = cyc;
  if (o->done_valid_o) {
    p->done_cyc = cyc;
    unsigned k = 0, seen = 0;
    for (; k < p->n; k++)
      if (p->s[k].a == A_EXPECT && seen++ == p->ne) break;
    if (k == p->n)
      ok &= kmu_expect(0, t, cyc, "a completion the script does not expect", 0, o->done_status_o);
    else {
      const dstep *e = &p->s[k];
      char w[96];
      snprintf(w, sizeof w, "completion %u: status", p->ne);
      ok &= KMU_EXPECT_EQ(t, cyc, w, e->stat, o->done_status_o);
      snprintf(w, sizeof w, "completion %u: tag", p->ne);
      ok &= KMU_EXPECT_EQ(t, cyc, w, e->tag, o->done_tag_o);
      snprintf(w, sizeof w, "completion %u: launch id", p->ne);
      ok &= KMU_EXPECT_EQ(t, cyc, w, e->lid, o->done_lid_o);
    }
    p->ne++;
  }
  if (o->guard_o) {
    unsigned k = 0, seen = 0;
    for (; k < p->n; k++)
      if (p->s[k].a == A_GUARD && seen++ == p->ng) break;
    if (k == p->n)
      ok &= kmu_expect(0, t, cyc, "a guard pulse the script does not expect", 0, o->guard_tag_o);
    else
      ok &= KMU_EXPECT_EQ(t, cyc, "guard_tag_o", p->s[k].tag, o->guard_tag_o);
    p->ng++;
  }
  p->ok &= ok;
  return ok;
}

static int d_finish(void *c) {
  dprog *p = c;
  unsigned ne = 0, ng = 0;
  for (unsigned k = 0; k < p->n; k++) {
    ne += p->s[k].a == A_EXPECT;
    ng += p->s[k].a == A_GUARD;
  }
  int ok = KMU_EXPECT_EQ(p->x.s.test, 0, "completions seen = completions the script expects", ne,
                         p->ne);
  ok &= KMU_EXPECT_EQ(p->x.s.test, 0, "guard pulses seen = guard pulses expected", ng, p->ng);
  ok &= kmu_expect(sb_idle(&p->x.s), p->x.s.test, 0, "every accepted request completed", 0, 0);
  return ok;
}

static dprog *d_new(const char *test) {
  dprog *p = calloc(1, sizeof *p);
  p->x.s.test = test;
  p->sd = 1, p->dd = 1, p->fd = 1;
  return p;
}
static int d_run(dprog *p) {
  kmu_stim s = {p, d_init, d_drive, d_check, d_finish};
  const int ok = kmu_lockstep(&kmu_revoke_block, &s, p->x.s.test, 1, 200000);
  return ok;
}
/* the cycle by which a request issued at cycle c is surely done (idle neighbours, 1-cycle acks) */
#define AFTER(c) ((c) + CT + 20)

/* every error status of an explicit target */
static int t_errors(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = d_new(test);
  const unsigned A = 0, B = CT > 1 ? 1 : 0;
  uint64_t c = 2;
  /* nothing admitted: tag A unknown (FREE), an out-of-range tag, an unknown launch id */
  ASK(KMU_RVK_KIND_TAG, 0, A, KMU_RVK_ST_UNKNOWN, 0, A);
  ASK(KMU_RVK_KIND_TAG, 1, CT, KMU_RVK_ST_UNKNOWN, 0, CT);
  ASK(KMU_RVK_KIND_LID, 0, 0x1234, KMU_RVK_ST_UNKNOWN, 0, 0x1234);
  /* A runs and finishes: FINISHED by tag and by launch id */
  ADM(c, A, 0x100, 0, 0);
  CPL(c + 5, A);
  c += 10;
  ASK(KMU_RVK_KIND_TAG, 0, A, KMU_RVK_ST_FINISHED, A, 0x100);
  ASK(KMU_RVK_KIND_LID, 1, 0x100, KMU_RVK_ST_FINISHED, A, 0x100);
  /* B runs: retired by launch id; then REVOKED by tag and by launch id */
  ADM(c, B, 0x200, 1, 0);
  c += 3;
  ASK(KMU_RVK_KIND_LID, 0, 0x200, KMU_RVK_ST_OK, B, 0x200);
  ASK(KMU_RVK_KIND_TAG, 0, B, KMU_RVK_ST_REVOKED, B, 0x200);
  ASK(KMU_RVK_KIND_LID, 1, 0x200, KMU_RVK_ST_REVOKED, B, 0x200);
  /* A again (a fresh kernel): replayed, then REVOKED while it waits in the pool; re-admitted it
   * is revocable again */
  ADM(c, A, 0x300, 0, 0);
  c += 3;
  ASK(KMU_RVK_KIND_TAG, 1, A, KMU_RVK_ST_OK, A, 0x300);
  ASK(KMU_RVK_KIND_LID, 1, 0x300, KMU_RVK_ST_REVOKED, A, 0x300);
  READM(c, A);
  c += 3;
  ASK(KMU_RVK_KIND_LID, 0, 0x300, KMU_RVK_ST_OK, A, 0x300);
  /* the old launch id 0x100 was overwritten by 0x300 in tag A: unknown now */
  ASK(KMU_RVK_KIND_LID, 0, 0x100, KMU_RVK_ST_UNKNOWN, 0, 0x100);
  /* a finished kernel completing in the decision cycle (t+CT+1): FINISHED */
  ADM(c, A, 0x400, 0, 0);
  c += 3;
  REQ(c, KMU_RVK_KIND_TAG, 0, A);
  CPL(c + CT + 1, A);
  EXPECT(KMU_RVK_ST_FINISHED, A, 0x400);
  c = AFTER(c);
  /* completing in the stop's cycle (t+CT+2), acknowledged later: FINISHED, no drop, no free */
  p->sd = 3;
  ADM(c, A, 0x500, 0, 0);
  c += 3;
  REQ(c, KMU_RVK_KIND_TAG, 1, A);
  CPL(c + CT + 2, A);
  EXPECT(KMU_RVK_ST_FINISHED, A, 0x500);
  c = AFTER(c);
  /* the same tag revoked: the next kernel admitted into it is a new target */
  ADM(c, A, 0x600, 0, 0);
  c += 3;
  ASK(KMU_RVK_KIND_TAG, 0, A, KMU_RVK_ST_OK, A, 0x600);
  /* a launch id used twice (a wrapped counter): the live kernel in B wins over the finished
   * one in the lower tag A */
  if (B != A) {
    ADM(c, A, 0x700, 0, 0);
    CPL(c + 2, A);
    ADM(c + 4, B, 0x700, 0, 0);
    c += 6;
    ASK(KMU_RVK_KIND_LID, 0, 0x700, KMU_RVK_ST_OK, B, 0x700);
  }
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* the latency bound of the header: done in t + CT + 5 + A_stop + A_drop + A_free, whatever the
 * acknowledge delays, measured for three sets of delays */
static int t_latency(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  static const unsigned del[][3] = {{1, 1, 1}, {2, 7, 3}, {5, 300, 1}};
  int ok = 1;
  for (unsigned v = 0; v < 3; v++) {
    dprog *p = d_new(test);
    p->sd = del[v][0], p->dd = del[v][1], p->fd = del[v][2];
    ADM(2, 0, 0x77, 0, 0);
    REQ(5, KMU_RVK_KIND_TAG, 1, 0);
    EXPECT(KMU_RVK_ST_OK, 0, 0x77);
    ok &= d_run(p);
    const uint64_t want = p->acc_cyc + CT + 5 + p->sd + p->dd + p->fd;
    ok &= KMU_EXPECT_EQ(test, p->done_cyc, "request -> completion (t + CT + 5 + A_stop + A_drop + A_free)",
                        want, p->done_cyc);
    if (!kmu_tb_quiet())
      printf("  %s: CT=%u, acks %u/%u/%u -> %llu cycles\n", test, CT, p->sd, p->dd, p->fd,
             (unsigned long long)(p->done_cyc - p->acc_cyc));
    free(p);
  }
  /* an error: t + CT + 2 */
  dprog *p = d_new(test);
  REQ(3, KMU_RVK_KIND_TAG, 0, 0);
  EXPECT(KMU_RVK_ST_UNKNOWN, 0, 0);
  ok &= d_run(p);
  ok &= KMU_EXPECT_EQ(test, p->done_cyc, "request -> error completion (t + CT + 2)",
                      p->acc_cyc + CT + 2, p->done_cyc);
  free(p);
  return ok;
}

/* "make room": the most recently started batch kernel; user kernels, guarded kernels and
 * kernels under revocation are never victims; none -> NO_VICTIM (every kernel here starts
 * the cycle after its admission: the order of admission is the order of start) */
static int t_victim(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (CT < 4) return 1;
  dprog *p = d_new(test);
  uint64_t c = 2;
  ASK(KMU_RVK_KIND_ROOM, 0, 0, KMU_RVK_ST_NO_VICTIM, 0, 0);
  ADM(c, 2, 0x12, 0, 0);     /* batch, oldest */
  ADM(c + 1, 1, 0x11, 0, 0); /* batch */
  ADM(c + 2, 3, 0x13, 1, 0); /* user, newest: never a victim */
  ISS(c + 1, 2);
  ISS(c + 2, 1);
  ISS(c + 3, 3);
  c += 5;
  ASK(KMU_RVK_KIND_ROOM, 1, 0, KMU_RVK_ST_OK, 1, 0x11); /* tag 1, the newest batch kernel, replayed */
  ASK(KMU_RVK_KIND_ROOM, 0, 0, KMU_RVK_ST_OK, 2, 0x12); /* tag 1 waits in the pool: tag 2 next, retired */
  ASK(KMU_RVK_KIND_ROOM, 0, 0, KMU_RVK_ST_NO_VICTIM, 0, 0); /* only the user kernel runs */
  READM(c, 1); /* the replay starts: the newest batch kernel again */
  ADM(c + 1, 0, 0x10, 0, 0);
  ISS(c + 1, 1);
  ISS(c + 2, 0);
  c += 4;
  ASK(KMU_RVK_KIND_ROOM, 0, 0, KMU_RVK_ST_OK, 0, 0x10); /* tag 0 started after tag 1's replay */
  /* two batch kernels admitted in the same cycle cannot happen (one admission per cycle); the
   * replayed tag 1 is the only batch kernel left */
  ASK(KMU_RVK_KIND_ROOM, 1, 0, KMU_RVK_ST_OK, 1, 0x11);
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* Elastic: the victim's remaining time est - elapsed against cost_i */
static int t_elastic(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (CT < 2) return 1;
  dprog *p = d_new(test);
  p->cost = 100;
  uint64_t c = 2;
  /* admitted at c, decided at r + CT + 1 (r: the request's acceptance = the cycle it is
   * raised, the block idle): elapsed = r + CT + 1 - c */
  /* remaining = est - elapsed = 99 < 100: kept running */
  uint64_t r = c + 10, el = r + CT + 1 - c;
  ADM(c, 0, 0x20, 0, el + 99);
  ISS(c + 1, 0); /* started; the elapsed time counts from the admission */
  REQ(r, KMU_RVK_KIND_ROOM_EL, 0, 0);
  EXPECT(KMU_RVK_ST_NEAR_DONE, 0, 0x20);
  /* the same request under Priority: revoked (replayed) */
  c = AFTER(r);
  ASK(KMU_RVK_KIND_ROOM, 1, 0, KMU_RVK_ST_OK, 0, 0x20);
  /* remaining = 100, not below the cost: revoked */
  r = c + 10;
  el = r + CT + 1 - c;
  ADM(c, 1, 0x21, 0, el + 100);
  ISS(c + 1, 1);
  REQ(r, KMU_RVK_KIND_ROOM_EL, 0, 0);
  EXPECT(KMU_RVK_ST_OK, 1, 0x21);
  c = AFTER(r);
  /* no estimate: revoked */
  r = c + 10;
  ADM(c, 1, 0x22, 0, 0);
  ISS(c + 1, 1);
  REQ(r, KMU_RVK_KIND_ROOM_EL, 0, 0);
  EXPECT(KMU_RVK_ST_OK, 1, 0x22);
  c = AFTER(r);
  /* an overrun estimate (elapsed >= est): revoked */
  r = c + 10;
  el = r + CT + 1 - c;
  ADM(c, 1, 0x23, 0, el);
  ISS(c + 1, 1);
  REQ(r, KMU_RVK_KIND_ROOM_EL, 0, 0);
  EXPECT(KMU_RVK_ST_OK, 1, 0x23);
  c = AFTER(r);
  /* remaining 1 cycle: kept; an explicit request by tag ignores the rule */
  r = c + 10;
  el = r + CT + 1 - c;
  ADM(c, 1, 0x24, 0, el + 1);
  ISS(c + 1, 1);
  REQ(r, KMU_RVK_KIND_ROOM_EL, 0, 0);
  EXPECT(KMU_RVK_ST_NEAR_DONE, 1, 0x24);
  c = AFTER(r);
  ASK(KMU_RVK_KIND_TAG, 0, 1, KMU_RVK_ST_OK, 1, 0x24);
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* the starvation guard: thr = 2: two replays, the second pulses guard_o; then GUARD by tag and
 * the kernel is no victim; a fresh kernel in the tag starts at count 0; thr = 0: no guard */
static int t_starve(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = d_new(test);
  p->thr = 2;
  uint64_t c = 2;
  ADM(c, 0, 0x30, 0, 0);
  ISS(c + 1, 0);
  c += 3;
  ASK(KMU_RVK_KIND_ROOM, 1, 0, KMU_RVK_ST_OK, 0, 0x30); /* count 1 */
  READM(c, 0);
  c += 3;
  REQ(c, KMU_RVK_KIND_TAG, 1, 0);
  EXPECT(KMU_RVK_ST_OK, 0, 0x30); /* count 2 = thr: guard */
  GUARD(0);
  c = AFTER(c);
  READM(c, 0);
  ISS(c + 1, 0); /* started: only the guard keeps it from being a victim */
  c += 3;
  ASK(KMU_RVK_KIND_TAG, 1, 0, KMU_RVK_ST_GUARD, 0, 0x30);
  ASK(KMU_RVK_KIND_LID, 0, 0x30, KMU_RVK_ST_GUARD, 0, 0x30);
  ASK(KMU_RVK_KIND_ROOM, 0, 0, KMU_RVK_ST_NO_VICTIM, 0, 0);
  CPL(c, 0);
  ADM(c + 2, 0, 0x31, 0, 0); /* a fresh kernel: count 0 */
  c += 5;
  ASK(KMU_RVK_KIND_TAG, 0, 0, KMU_RVK_ST_OK, 0, 0x31); /* retired: count 1, no guard (not a replay) */
  const int ok = d_run(p);
  free(p);
  /* thr = 0: 20 replays in a row, no guard, the count saturates */
  dprog *q = d_new(test);
  p = q;
  c = 2;
  ADM(c, 0, 0x40, 0, 0);
  c += 3;
  for (unsigned k = 0; k < 20; k++) {
    ASK(KMU_RVK_KIND_TAG, 1, 0, KMU_RVK_ST_OK, 0, 0x40);
    READM(c, 0);
    c += 3;
  }
  const int ok2 = d_run(q);
  free(q);
  return ok && ok2;
}

/* a replay re-admitted by kmu_kmu in the very cycle it acknowledges the free (the tag still under
 * revocation that cycle) runs again: it can be revoked again, by tag, by launch id and as a
 * victim (the bug: it stayed REPLAY and every later request answered REVOKED) */
static int t_readmit(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = d_new(test);
  const unsigned T = CT - 1;
  /* acks 1 cycle after each pulse: a request accepted in r gets free_ack_i in r + CT + 7 */
  uint64_t c = 2;
  ADM(c, T, 0x55, 0, 0);
  c += 3;
  REQ(c, KMU_RVK_KIND_TAG, 1, T);
  READM(c + CT + 7, T);
  EXPECT(KMU_RVK_ST_OK, T, 0x55);
  c = AFTER(c);
  REQ(c, KMU_RVK_KIND_LID, 1, 0x55); /* it runs: revoked again, replayed */
  READM(c + CT + 7, T);
  EXPECT(KMU_RVK_ST_OK, T, 0x55);
  c = AFTER(c);
  ISS(c - 2, T);
  REQ(c, KMU_RVK_KIND_ROOM, 1, 0); /* and a victim (started again) */
  READM(c + CT + 7, T);
  EXPECT(KMU_RVK_ST_OK, T, 0x55);
  c = AFTER(c);
  ASK(KMU_RVK_KIND_TAG, 0, T, KMU_RVK_ST_OK, T, 0x55); /* retired at last */
  ASK(KMU_RVK_KIND_TAG, 0, T, KMU_RVK_ST_REVOKED, T, 0x55);
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* a retire: kmu_kmu frees the tag at the edge that raises free_ack_i, so a fresh kernel can be
 * admitted into it in the acknowledge cycle itself (the tag still under revocation that cycle).
 * The unit must know the new kernel: found by launch id, revocable by tag, a victim, its count
 * 0 (the bug: the fresh admission was ignored, the tag went RETIRED with the old kernel's
 * tables, so the new kernel answered UNKNOWN by launch id and REVOKED by tag) */
static int t_retadm(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  dprog *p = d_new(test);
  const unsigned T = CT - 1;
  /* acks 1 cycle after each pulse: a request accepted in r gets free_ack_i in r + CT + 7 */
  uint64_t c = 2;
  ADM(c, T, 0x55, 0, 0);
  c += 3;
  REQ(c, KMU_RVK_KIND_TAG, 0, T); /* retire */
  ADM(c + CT + 7, T, 0x66, 0, 0); /* a fresh kernel takes the freed tag at once */
  EXPECT(KMU_RVK_ST_OK, T, 0x55);
  c = AFTER(c);
  ASK(KMU_RVK_KIND_LID, 0, 0x55, KMU_RVK_ST_UNKNOWN, 0, 0x55); /* the old one is gone */
  REQ(c, KMU_RVK_KIND_LID, 0, 0x66); /* the new one is known and runs: retired too */
  ADM(c + CT + 7, T, 0x77, 0, 0);    /* and again a fresh kernel in the acknowledge cycle */
  EXPECT(KMU_RVK_ST_OK, T, 0x66);
  c = AFTER(c);
  ISS(c - 2, T);
  ASK(KMU_RVK_KIND_ROOM, 1, 0, KMU_RVK_ST_OK, T, 0x77); /* the newest is a victim, replayed */
  ASK(KMU_RVK_KIND_TAG, 0, T, KMU_RVK_ST_REVOKED, T, 0x77);
  const int ok = d_run(p);
  free(p);
  return ok;
}

/* issue 12 (found by make study-trem): a victim must be a kernel that has started, a TB of it
 * taken since its admission (iss_valid_i), the newest first TB first.  A kernel admitted but
 * waiting for an SM holds none: revoking it frees nothing (the bug: the newest ADMITTED batch
 * kernel was the victim, so the revocation answered OK and the user-facing kernel still
 * waited).  Fails on the design before the fix: completion 0 names tag 2, the admitted one. */
static int t_unstarted(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  if (CT < 4) return 1;
  dprog *p = d_new(test);
  uint64_t c = 2;
  ADM(c, 0, 0x50, 0, 0);
  ISS(c + 1, 0); /* started first */
  ADM(c + 2, 1, 0x51, 0, 0);
  ISS(c + 3, 1); /* started second: the most recently started */
  ADM(c + 4, 2, 0x52, 0, 0); /* admitted last, waits for an SM: no TB taken */
  c += 8;
  ASK(KMU_RVK_KIND_ROOM, 1, 0, KMU_RVK_ST_OK, 1, 0x51); /* not tag 2; replayed */
  READM(c, 1); /* re-admitted, not started again yet: no victim either */
  c += 3;
  ASK(KMU_RVK_KIND_ROOM, 0, 0, KMU_RVK_ST_OK, 0, 0x50); /* retired */
  ASK(KMU_RVK_KIND_ROOM, 0, 0, KMU_RVK_ST_NO_VICTIM, 0, 0); /* 1 and 2 run nowhere */
  ASK(KMU_RVK_KIND_ROOM_EL, 0, 0, KMU_RVK_ST_NO_VICTIM, 0, 0);
  /* the order is the first TB's, not the admission's: 2 (admitted before 1's re-admission)
   * starts after 1; a later take of 1 does not move its start */
  ISS(c, 1);
  ISS(c + 2, 2);
  ISS(c + 3, 1);
  c += 6;
  ASK(KMU_RVK_KIND_ROOM, 1, 0, KMU_RVK_ST_OK, 2, 0x52); /* replayed */
  /* a kernel that starts during the scan was not a candidate at acceptance */
  READM(c, 2);
  c += 3;
  REQ(c, KMU_RVK_KIND_ROOM, 0, 0);
  ISS(c + 2, 2);
  EXPECT(KMU_RVK_ST_OK, 1, 0x51); /* retired */
  c = AFTER(c);
  ASK(KMU_RVK_KIND_ROOM, 0, 0, KMU_RVK_ST_OK, 2, 0x52); /* started now: retired */
  /* an explicit request names its kernel, started or not */
  ADM(c, 3, 0x53, 0, 0);
  c += 3;
  ASK(KMU_RVK_KIND_TAG, 0, 3, KMU_RVK_ST_OK, 3, 0x53);
  const int ok = d_run(p);
  free(p);
  return ok;
}

#define RND_CYCLES 250000
static const kmu_test tests[] = {
    {"errors", t_errors, 0, 0},   {"latency", t_latency, 0, 0}, {"victim", t_victim, 0, 0},
    {"elastic", t_elastic, 0, 0}, {"starve", t_starve, 0, 0},   {"readmit", t_readmit, 0, 0},
    {"retadm", t_retadm, 0, 0},   {"unstarted", t_unstarted, 0, 0},
    {"random", t_random, RND_CYCLES, 5},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_revoke_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
