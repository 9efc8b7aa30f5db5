/* test_kmu_copy_engine.c - lockstep, scoreboard and directed tests of kmu_copy_engine
 * (rtl/sched/kmu_copy_engine.v).
 *
 * Expected values come from the specification (the block's header and
 * docs/blocks/kmu_copy_engine.md, RGEM 3.1), never from either model.  The scoreboard (sb_*)
 * is a memory model of both sides and a ledger of every command:
 *   - refusal codes from the spec's checks in their order (zero, alignment, wrap past 2^32,
 *     priority >= NPRIO, queue full: the queue holds the copies accepted before this cycle
 *     whose last read has not appeared on the request port by this cycle), ref_cnt_o /
 *     last_err_o one cycle after the refusal, cmd_ready_o low while a refusal's completion
 *     has not appeared, busy_o while an accepted copy's completion has not appeared;
 *   - memory: each side has a window; a copy reads a region of a read-only half that no other
 *     live copy reads, and writes a region of the written half that no other copy writes.
 *     Every read is the copy's next source word (in order, exactly once, from its source side,
 *     never from a written half); every write is the copy's next destination word with the
 *     source word's data, written exactly once, on the destination side; no write lands
 *     outside a live copy's destination; a copy's completion (status 0, its id) appears only
 *     once all its writes are accepted, exactly once; refusals complete in command order;
 *   - chunks (RGEM 3.1): the read stream switches from one copy to another only at a chunk
 *     boundary of both (a multiple of the chunk beats from the copy's start, or its end); within
 *     a priority, copies run in acceptance order (no read of a copy while an older copy of its
 *     priority has reads left); a copy accepted in cycle c sees at most ONE chunk of a
 *     lower-priority copy start (its first read appear) from cycle c+2 on before its own first
 *     read (the boundary of cycle c may not see it yet: the blocking term of eq. 1-2), and
 *     none at all once it has started and until its last read;
 *   - the handshakes: a request, completion or refusal held stable until taken.
 * Measured and printed (targets, not pass criteria): the wait of a high-priority copy behind a
 * lower-priority chunk (target <= chunk beats + 8 cycles) and the engine's per-chunk overhead
 * (target <= 2 cycles).
 *
 * The random test: phases with their own side readiness, response latency (beyond BUF: credit
 * stalls), completion back-pressure, command rate, refusal mix, chunk size (changed only while
 * no copy is live; random garbage on chunk_log2_i while idle), sizes from one beat to the
 * largest the harness allows; priorities and directions random; every input bit is checked to
 * have been 0 and 1.  Power-up state of the RTL is random (the shim).  The run ends with a
 * drain: every accepted copy must complete. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_copy_engine.h"
#include "kmu_tb.h"

static const kmu_copy_engine_params params = {P_NPRIO, P_QD, P_IDW, P_LENW, P_BUF};
#define KMU_CUR_IN kmu_copy_engine_in
#define KMU_CUR_OUT kmu_copy_engine_out
KMU_BLOCK(kmu_copy_engine, KMU_COPY_ENGINE_IN, KMU_COPY_ENGINE_OUT, &params)

#define NPRIO P_NPRIO
#define QD P_QD
#define IDW P_IDW
#define LENW P_LENW
#define BUF P_BUF
#define CLOG2(n) ((n) > 1 ? 64 - __builtin_clzll((unsigned long long)(n) - 1) : 1)
#define PW CLOG2(NPRIO)
#define HALFW (1u << (LENW - 2))   /* words in a half window (2^LENW bytes) */
#define HALFB (1ull << LENW)       /* bytes in a half window */
#define MAXBEATS (HALFW - 1)       /* the largest copy: 2^LENW - 4 bytes */
#define MAXC 1024                  /* copies per epoch */
#define NIDS (1u << IDW)
#define HOST KMU_CE_HOST
#define DEV KMU_CE_DEV
#define SRC_SIDE(dir) ((dir) ? DEV : HOST)
#define DST_SIDE(dir) ((dir) ? HOST : DEV)

/* ======================================================================== the specification */
typedef struct {
  unsigned id, prio, dir;
  uint32_t src, dst, beats;
  uint64_t acc;       /* acceptance cycle */
  uint64_t first_rd, cpl_cyc; /* its first read's and its completion's appearance */
  uint32_t rd, wr;    /* reads appeared, writes accepted */
  int cpl_seen, live; /* completion appeared; not yet taken */
  unsigned lower_starts;
  int lower_live; /* a lower-priority copy had reads left when this one was accepted */
} copy_t;

typedef struct {
  uint64_t due;
  uint32_t data;
} rsp_t;
#define RQ 64

/* a scripted command of a directed test */
enum { SC_GOOD, SC_GOOD_END, SC_RAW };
typedef struct {
  int kind;
  uint64_t at;          /* present from this cycle */
  int after;            /* -1, or: present once copy `after` (script index) has */
  uint32_t after_rd;    /* ... this many reads appeared */
  uint32_t src, dst, bytes; /* SC_RAW: the fields; SC_GOOD: bytes */
  unsigned dir, prio, id;
  int expect; /* the spec's completion status */
} scmd;
#define MAXS 64

typedef struct {
  const char *test;
  kmu_rng r;
  uint64_t seed, stop; /* stop: the cycle the drain begins (no new commands) */
  int drain_done;
  /* knobs (per phase) */
  unsigned rdy[2], lat_min, lat_max, cpl_pct, cmd_pct, bad_pct, big_ppm;
  unsigned ck_next, ck; /* chunk_log2_i: the phase's value, the value in force */
  uint64_t phase_end;
  int pause; /* no new command until nothing is live for this many cycles (chunk size may change) */
  /* memory model */
  uint64_t epoch, base[2];
  int ro_hi[2];
  uint32_t rp[2], wp[2]; /* bump pointers (words) in the read-only and written halves */
  int32_t *own_r[2], *own_w[2];
  uint8_t *wcnt[2];
  /* copies of the epoch */
  copy_t c[MAXC];
  unsigned nc;
  int id_slot[1 << IDW]; /* live copy of an id, -1 none */
  unsigned qcnt[8];      /* the spec's queue count per priority */
  uint64_t accepted, ok_appeared, live_n;
  /* refusals */
  unsigned rf_id[256], rf_code[256], rf_head, rf_n, nref, last_err;
  unsigned ref_pending; /* refusals whose completion has not appeared */
  /* the command on the port */
  int cmd_on, cmd_good; /* a command on the port; it is a good copy's */
  kmu_copy_engine_in cmd;
  int cmd_script; /* script index of the command on the port, -1 random */
  /* sides */
  rsp_t rq[2][RQ];
  unsigned rq_head[2], rq_n[2];
  uint64_t last_due[2];
  int shown[2], cpl_shown;
  kmu_copy_engine_out prev_o;
  kmu_copy_engine_in prev_i;
  int have_prev;
  int last_rd_slot;
  /* script */
  scmd s[MAXS];
  unsigned ns, spc;
  int s_slot[MAXS];
  int scripted;
  unsigned fixed_rdy[2], fixed_lat; /* scripted runs: fixed knobs */
  uint64_t rdy_switch_at;           /* ... from this cycle on, readiness rdy_after */
  unsigned rdy_after[2];
  int top_window;                   /* the first epoch's windows at the top of the space */
  /* measurements */
  uint64_t max_wait, n_wait, n_switch, n_cs_starts, n_credit_full, n_big, n_end2_32, n_full,
      code_seen[8];
  uint64_t max_wait_ck; /* chunk beats in force at the max wait */
  /* coverage */
  uint64_t ones[16], zeros[16];
} env;

static uint32_t srcval(const env *e, unsigned side, uint64_t addr) {
  return kmu_hash32(e->seed * 0x100000001b3ull + e->epoch, (uint64_t)side << 40 | addr);
}
static uint64_t ro_base(const env *e, unsigned s) { return e->base[s] + (e->ro_hi[s] ? HALFB : 0); }
static uint64_t w_base(const env *e, unsigned s) { return e->base[s] + (e->ro_hi[s] ? 0 : HALFB); }
/* the chunk beats in force (0: no chunking at this size) */
static uint32_t ck_beats(unsigned cl) {
  const unsigned cs = cl < 2 ? 0 : cl - 2;
  return cs >= LENW - 2 ? 0 : 1u << cs;
}
static int at_boundary(uint32_t rd, uint32_t beats, uint32_t ckb) {
  return rd == beats || rd == 0 || (ckb && rd % ckb == 0);
}

static void new_epoch(env *e, int top) {
  e->epoch++;
  for (unsigned s = 0; s < 2; s++) {
    const uint64_t nwin = 1ull << (32 - LENW - 1);
    e->base[s] = (top || kmu_rng_pct(&e->r, 10) ? nwin - 1 : kmu_rng_below(&e->r, nwin))
                 << (LENW + 1);
    e->ro_hi[s] = top ? 0 : (int)kmu_rng_below(&e->r, 2);
    e->rp[s] = e->wp[s] = 0;
    for (unsigned w = 0; w < HALFW; w++) e->own_r[s][w] = e->own_w[s][w] = -1;
    memset(e->wcnt[s], 0, HALFW);
  }
  e->nc = 0;
  e->last_rd_slot = -1;
}

static void env_init(env *e, const char *test, uint64_t seed) {
  int32_t *keep[4] = {e->own_r[0], e->own_r[1], e->own_w[0], e->own_w[1]};
  uint8_t *keepc[2] = {e->wcnt[0], e->wcnt[1]};
  scmd s[MAXS];
  const unsigned ns = e->ns;
  const int scripted = e->scripted;
  const unsigned fr0 = e->fixed_rdy[0], fr1 = e->fixed_rdy[1], fl = e->fixed_lat, ck = e->ck_next;
  const uint64_t stop = e->stop, rsw = e->rdy_switch_at;
  const unsigned ra0 = e->rdy_after[0], ra1 = e->rdy_after[1];
  const int top = e->top_window;
  memcpy(s, e->s, sizeof s);
  memset(e, 0, sizeof *e);
  for (unsigned k = 0; k < 2; k++) {
    e->own_r[k] = keep[k] ? keep[k] : malloc(HALFW * sizeof(int32_t));
    e->own_w[k] = keep[2 + k] ? keep[2 + k] : malloc(HALFW * sizeof(int32_t));
    e->wcnt[k] = keepc[k] ? keepc[k] : malloc(HALFW);
  }
  memcpy(e->s, s, sizeof s);
  e->ns = ns;
  e->scripted = scripted;
  e->fixed_rdy[0] = fr0, e->fixed_rdy[1] = fr1, e->fixed_lat = fl;
  e->stop = stop;
  e->rdy_switch_at = rsw, e->rdy_after[0] = ra0, e->rdy_after[1] = ra1;
  e->top_window = top;
  e->test = test;
  e->seed = seed;
  kmu_rng_seed(&e->r, seed);
  for (unsigned k = 0; k < NIDS; k++) e->id_slot[k] = -1;
  for (unsigned k = 0; k < MAXS; k++) e->s_slot[k] = -1;
  e->cmd_script = -1;
  e->ck = e->ck_next = ck;
  new_epoch(e, top);
}

/* allocate `beats` words in half `w` (1 written, 0 read-only) of side s; *at_end: fill to the
 * end exactly.  Returns the word index or -1. */
static int64_t alloc_words(env *e, unsigned s, int w, uint32_t *beats, int at_end) {
  uint32_t *p = w ? &e->wp[s] : &e->rp[s];
  uint32_t gap = (uint32_t)kmu_rng_below(&e->r, 4);
  if (at_end) {
    if (*p + 1 > HALFW) return -1;
    const uint32_t start = HALFW - *beats < *p ? *p : HALFW - *beats;
    *beats = HALFW - start;
    *p = HALFW;
    return start;
  }
  if (*p + gap >= HALFW) return -1;
  uint32_t start = *p + gap;
  if (start + *beats > HALFW) *beats = HALFW - start; /* the rest of the half, exactly */
  *p = start + *beats;
  return start;
}

/* a good copy's command: regions allocated, an id not live.  Returns 0 when none fits. */
static int make_good(env *e, kmu_copy_engine_in *i, uint32_t beats, unsigned dir, unsigned prio,
                     int at_end, int id) {
  if (e->nc >= MAXC) return 0;
  unsigned fid = 0;
  if (id >= 0) {
    fid = (unsigned)id;
    if (e->id_slot[fid] >= 0) return 0;
  } else {
    unsigned k = 0, start = (unsigned)kmu_rng_below(&e->r, NIDS);
    for (; k < NIDS; k++)
      if (e->id_slot[(start + k) % NIDS] < 0) break;
    if (k == NIDS) return 0;
    fid = (start + k) % NIDS;
  }
  const unsigned ss = SRC_SIDE(dir), ds = DST_SIDE(dir);
  const uint32_t rp0 = e->rp[ss], wp0 = e->wp[ds];
  uint32_t b1 = beats, b2;
  int64_t sw = alloc_words(e, ss, 0, &b1, at_end);
  if (sw < 0) return 0;
  b2 = b1;
  int64_t dw = alloc_words(e, ds, 1, &b2, at_end);
  if (dw < 0 || b2 != b1) { /* the destination half has less room: undo both */
    e->rp[ss] = rp0, e->wp[ds] = wp0;
    return 0;
  }
  i->cmd_src_i = ro_base(e, ss) + ((uint64_t)sw << 2);
  i->cmd_dst_i = w_base(e, ds) + ((uint64_t)dw << 2);
  i->cmd_bytes_i = (uint64_t)b1 << 2;
  i->cmd_dir_i = dir;
  i->cmd_prio_i = prio;
  i->cmd_id_i = fid;
  return 1;
}

/* a malformed command of one kind (random fields otherwise) */
static void make_bad(env *e, kmu_copy_engine_in *i) {
  i->cmd_src_i = kmu_rng_bits(&e->r, 32);
  i->cmd_dst_i = kmu_rng_bits(&e->r, 32);
  i->cmd_bytes_i = kmu_rng_bits(&e->r, LENW);
  i->cmd_dir_i = kmu_rng_bits(&e->r, 1);
  i->cmd_prio_i = kmu_rng_bits(&e->r, PW);
  i->cmd_id_i = kmu_rng_bits(&e->r, IDW);
  switch (kmu_rng_below(&e->r, 4)) {
    case 0: i->cmd_bytes_i = 0; break;
    case 1: /* unaligned somewhere */ break;
    case 2: /* wrap: src or dst within bytes of the top */
      i->cmd_bytes_i = (kmu_rng_bits(&e->r, LENW) | 8) & ~3ull;
      i->cmd_src_i &= ~3ull, i->cmd_dst_i &= ~3ull;
      {
        /* 1..bytes/4 beats below 2^32 (all of them: it ends there exactly, legal, and the
         * fixup below misaligns it) */
        const uint64_t below = (1 + kmu_rng_below(&e->r, i->cmd_bytes_i >> 2)) << 2;
        const uint64_t top = 0x100000000ull - below;
        if (kmu_rng_below(&e->r, 2))
          i->cmd_src_i = top & 0xfffffffcull;
        else
          i->cmd_dst_i = top & 0xfffffffcull;
      }
      break;
    default: break; /* anything: whatever the spec says */
  }
  /* never a good copy (it would touch memory outside the model's windows): misalign one */
  const uint64_t b = i->cmd_bytes_i;
  if (b && !((i->cmd_src_i | i->cmd_dst_i | b) & 3) && i->cmd_src_i + b <= 0x100000000ull &&
      i->cmd_dst_i + b <= 0x100000000ull && i->cmd_prio_i < NPRIO) {
    const uint64_t lo = 1 + kmu_rng_below(&e->r, 3);
    switch (kmu_rng_below(&e->r, 3)) {
      case 0: i->cmd_src_i |= lo; break;
      case 1: i->cmd_dst_i |= lo; break;
      default: i->cmd_bytes_i |= lo; break;
    }
  }
}

/* the spec's code of a command in its handshake cycle */
static unsigned spec_code(const env *e, const kmu_copy_engine_in *i) {
  const uint64_t b = i->cmd_bytes_i;
  if (b == 0) return KMU_COPY_ST_ZERO;
  if ((i->cmd_src_i | i->cmd_dst_i | b) & 3) return KMU_COPY_ST_ALIGN;
  if (i->cmd_src_i + b > 0x100000000ull || i->cmd_dst_i + b > 0x100000000ull)
    return KMU_COPY_ST_WRAP;
  if (i->cmd_prio_i >= NPRIO) return KMU_COPY_ST_PRIO;
  if (e->qcnt[i->cmd_prio_i] == QD) return KMU_COPY_ST_FULL;
  return KMU_COPY_ST_OK;
}

static void new_phase(env *e, uint64_t cyc) {
  kmu_rng *r = &e->r;
  static const unsigned rdy[] = {100, 100, 90, 60, 30, 5};
  for (unsigned s = 0; s < 2; s++) e->rdy[s] = rdy[kmu_rng_below(r, 6)];
  e->lat_min = 1 + (unsigned)kmu_rng_below(r, 3);
  e->lat_max = e->lat_min + (unsigned)kmu_rng_below(r, kmu_rng_pct(r, 30) ? 3 * BUF : 4);
  e->cpl_pct = kmu_rng_pct(r, 50) ? 100 : 10 + (unsigned)kmu_rng_below(r, 90);
  e->cmd_pct = 1 + (unsigned)kmu_rng_below(r, kmu_rng_pct(r, 30) ? 60 : 10);
  e->bad_pct = (unsigned)kmu_rng_below(r, 25);
  e->big_ppm = kmu_rng_pct(r, 20) ? 20000 : 0;
  e->ck_next =
      kmu_rng_pct(r, 10) ? (unsigned)kmu_rng_bits(r, 5) : 2 + (unsigned)kmu_rng_below(r, 7);
  e->phase_end = cyc + 500 + kmu_rng_below(r, 4000);
  e->pause = kmu_rng_pct(r, 40) ? 4 + (int)kmu_rng_below(r, 16) : 0;
}

/* a random good copy's size: mostly small, now and then large */
static uint32_t rand_beats(env *e) {
  kmu_rng *r = &e->r;
  if (e->big_ppm && kmu_rng_below(r, 1000000) < e->big_ppm && e->rdy[0] >= 90 && e->rdy[1] >= 90) {
    e->n_big++;
    return MAXBEATS / 2 + (uint32_t)kmu_rng_below(r, MAXBEATS / 2 + 1);
  }
  if (kmu_rng_pct(r, 60)) return 1 + (uint32_t)kmu_rng_below(r, 8);
  return 1 + (uint32_t)kmu_rng_below(r, kmu_rng_pct(r, 80) ? 64 : (MAXBEATS < 1024 ? MAXBEATS : 1024));
}

static int idle(const env *e) { return e->live_n == 0 && !e->cmd_on; }

/* ======================================================================== drive */
static int drive(void *ctx, uint64_t cyc, const void *pi, const void *po, void *iv) {
  env *e = ctx;
  kmu_copy_engine_in *i = iv;
  kmu_rng *r = &e->r;
  (void)pi, (void)po;
  if (!e->scripted && cyc >= e->phase_end) new_phase(e, cyc);
  const int draining = e->scripted ? e->spc >= e->ns : cyc >= e->stop;
  if (draining && idle(e) && e->ref_pending == 0 && !e->cpl_shown) {
    e->drain_done = 1;
    return 0;
  }
  /* the chunk size: changed only while nothing is live */
  if (idle(e)) {
    e->ck = e->ck_next;
    if (e->pause) e->pause--; /* idle cycles left before commands resume */
  }
  /* ---- a command */
  if (!e->cmd_on && !draining && !e->pause) {
    kmu_copy_engine_in c = *i;
    int made = 0;
    if (e->scripted) {
      const scmd *s = &e->s[e->spc];
      const int ready = cyc >= s->at && (s->after < 0 || (e->s_slot[s->after] >= 0 &&
                                                          e->c[e->s_slot[s->after]].rd >= s->after_rd));
      if (ready) {
        e->cmd_good = s->kind != SC_RAW;
        if (s->kind == SC_RAW) {
          c.cmd_src_i = s->src, c.cmd_dst_i = s->dst, c.cmd_bytes_i = s->bytes;
          c.cmd_dir_i = s->dir, c.cmd_prio_i = s->prio, c.cmd_id_i = s->id;
          made = 1;
        } else {
          made = make_good(e, &c, s->bytes >> 2, s->dir, s->prio, s->kind == SC_GOOD_END,
                           (int)s->id);
          if (!made) {
            printf("  %s: script command %u does not fit the window (test-writing error)\n",
                   e->test, e->spc);
            return 0;
          }
        }
        e->cmd_script = (int)e->spc++;
      }
    } else if (kmu_rng_pct(r, e->cmd_pct)) {
      if (kmu_rng_pct(r, e->bad_pct)) {
        make_bad(e, &c);
        made = 1;
        e->cmd_good = 0;
      } else {
        made = make_good(e, &c, rand_beats(e), (unsigned)kmu_rng_below(r, 2),
                         (unsigned)kmu_rng_below(r, NPRIO), 0, -1);
        e->cmd_good = 1;
        if (!made && idle(e) && e->ref_pending == 0) new_epoch(e, kmu_rng_pct(r, 20));
      }
      e->cmd_script = -1;
    }
    if (made) {
      e->cmd = c;
      e->cmd_on = 1;
    }
  }
  if (e->cmd_on) {
    *i = e->cmd;
    i->cmd_valid_i = 1;
  } else {
    i->cmd_valid_i = 0;
    i->cmd_src_i = kmu_rng_bits(r, 32);
    i->cmd_dst_i = kmu_rng_bits(r, 32);
    i->cmd_bytes_i = kmu_rng_bits(r, LENW);
    i->cmd_dir_i = kmu_rng_bits(r, 1);
    i->cmd_prio_i = kmu_rng_bits(r, PW);
    i->cmd_id_i = kmu_rng_bits(r, IDW);
  }
  i->chunk_log2_i = idle(e) && !e->scripted ? kmu_rng_bits(r, 5) : e->ck;
  /* ---- handshakes of the environment */
  if (e->scripted && cyc >= e->rdy_switch_at)
    e->fixed_rdy[0] = e->rdy_after[0], e->fixed_rdy[1] = e->rdy_after[1];
  const unsigned *rdy = e->scripted ? e->fixed_rdy : e->rdy;
  i->host_req_ready_i = draining && !e->scripted ? 1 : kmu_rng_pct(r, rdy[HOST]);
  i->dev_req_ready_i = draining && !e->scripted ? 1 : kmu_rng_pct(r, rdy[DEV]);
  i->cpl_ready_i = draining || e->scripted ? 1 : kmu_rng_pct(r, e->cpl_pct);
  for (unsigned s = 0; s < 2; s++) {
    uint64_t v = 0, d = kmu_rng_bits(r, 32);
    if (e->rq_n[s] && e->rq[s][e->rq_head[s]].due <= cyc) {
      v = 1;
      d = e->rq[s][e->rq_head[s]].data;
      e->rq_head[s] = (e->rq_head[s] + 1) % RQ;
      e->rq_n[s]--;
    }
    if (s == HOST)
      i->host_rsp_valid_i = v, i->host_rsp_rdata_i = d;
    else
      i->dev_rsp_valid_i = v, i->dev_rsp_rdata_i = d;
  }
  return 1;
}

/* ======================================================================== check */
static int bad(env *e, uint64_t cyc, const char *what) {
  printf("  %s cycle %" PRIu64 ": %s\n", e->test, cyc, what);
  return 0;
}

static void cover(env *e, const kmu_copy_engine_in *i) {
  const uint64_t v[15] = {i->chunk_log2_i, i->cmd_valid_i, i->cmd_src_i, i->cmd_dst_i,
                          i->cmd_bytes_i, i->cmd_dir_i, i->cmd_prio_i, i->cmd_id_i,
                          i->cpl_ready_i, i->dev_req_ready_i, i->dev_rsp_valid_i,
                          i->dev_rsp_rdata_i, i->host_req_ready_i, i->host_rsp_valid_i,
                          i->host_rsp_rdata_i};
  for (unsigned k = 0; k < 15; k++) e->ones[k] |= v[k], e->zeros[k] |= ~v[k];
}

/* a read appeared on side s */
static int on_read(env *e, uint64_t cyc, unsigned s, uint32_t addr) {
  char m[200];
  const uint64_t rb = ro_base(e, s);
  if (addr < rb || addr >= rb + HALFB) {
    snprintf(m, sizeof m, "read of 0x%08x on side %u outside its read-only half", addr, s);
    return bad(e, cyc, m);
  }
  const int32_t sl = e->own_r[s][(addr - rb) >> 2];
  if (sl < 0 || !e->c[sl].live || SRC_SIDE(e->c[sl].dir) != s) {
    snprintf(m, sizeof m, "read of 0x%08x on side %u belongs to no live copy's source", addr, s);
    return bad(e, cyc, m);
  }
  copy_t *c = &e->c[sl];
  if (addr != c->src + 4 * c->rd) {
    snprintf(m, sizeof m, "copy id %u read 0x%08x, its next source word is 0x%08x (%u of %u)",
             c->id, addr, c->src + 4 * c->rd, c->rd, c->beats);
    return bad(e, cyc, m);
  }
  const uint32_t ckb = ck_beats(e->ck);
  int ok = 1;
  /* FIFO within a priority */
  for (unsigned k = 0; k < e->nc; k++) {
    const copy_t *o = &e->c[k];
    if (o->live && o != c && o->prio == c->prio && o->acc < c->acc && o->rd < o->beats) {
      snprintf(m, sizeof m, "copy id %u (priority %u) read while the older copy id %u of its "
                            "priority has reads left", c->id, c->prio, o->id);
      ok &= bad(e, cyc, m);
    }
  }
  /* switches only at chunk boundaries (of both copies) */
  if (e->last_rd_slot >= 0 && e->last_rd_slot != sl) {
    const copy_t *p = &e->c[e->last_rd_slot];
    e->n_switch++;
    if (!at_boundary(p->rd, p->beats, ckb) || !at_boundary(c->rd, c->beats, ckb)) {
      snprintf(m, sizeof m, "the reads switched from copy id %u (%u of %u) to id %u (%u of %u) "
                            "off a chunk boundary (chunk %u beats)", p->id, p->rd, p->beats,
               c->id, c->rd, c->beats, ckb);
      ok &= bad(e, cyc, m);
    }
  }
  /* a chunk starts: higher-priority copies waiting see it */
  if (at_boundary(c->rd, c->beats, ckb)) {
    e->n_cs_starts++;
    for (unsigned k = 0; k < e->nc; k++) {
      copy_t *h = &e->c[k];
      /* a started higher copy (preempted by a still higher one) allows none at all */
      if (h->live && h->prio > c->prio && h->rd > 0 && h->rd < h->beats) {
        snprintf(m, sizeof m, "copy id %u (priority %u, started) has reads left while a "
                              "lower-priority chunk starts (copy id %u, priority %u)",
                 h->id, h->prio, c->id, c->prio);
        ok &= bad(e, cyc, m);
      }
      if (h->live && h->prio > c->prio && h->rd == 0 && h->acc + 2 <= cyc) {
        if (++h->lower_starts > 1) {
          snprintf(m, sizeof m, "copy id %u (priority %u, accepted in %" PRIu64 ") waits for a "
                                "second lower-priority chunk (copy id %u, priority %u)",
                   h->id, h->prio, h->acc, c->id, c->prio);
          ok &= bad(e, cyc, m);
        }
      }
    }
  }
  if (c->rd == 0) c->first_rd = cyc;
  if (c->rd == 0 && c->lower_live) {
    const uint64_t w = cyc - c->acc;
    e->n_wait++;
    if (w > e->max_wait) e->max_wait = w, e->max_wait_ck = ckb;
  }
  e->last_rd_slot = sl;
  if (++c->rd == c->beats) e->qcnt[c->prio]--;
  return ok;
}

/* a write handshake on side s */
static int on_write(env *e, uint64_t cyc, unsigned s, uint32_t addr, uint32_t data) {
  char m[200];
  const uint64_t wb = w_base(e, s);
  if (addr < wb || addr >= wb + HALFB) {
    snprintf(m, sizeof m, "write of 0x%08x on side %u outside its written half", addr, s);
    return bad(e, cyc, m);
  }
  const uint32_t w = (addr - wb) >> 2;
  const int32_t sl = e->own_w[s][w];
  if (sl < 0 || !e->c[sl].live || DST_SIDE(e->c[sl].dir) != s) {
    snprintf(m, sizeof m, "write of 0x%08x on side %u outside every live copy's destination",
             addr, s);
    return bad(e, cyc, m);
  }
  copy_t *c = &e->c[sl];
  if (++e->wcnt[s][w] != 1 || addr != c->dst + 4 * c->wr) {
    snprintf(m, sizeof m, "copy id %u wrote 0x%08x (time %u), its next destination word is "
                          "0x%08x", c->id, addr, e->wcnt[s][w], c->dst + 4 * c->wr);
    return bad(e, cyc, m);
  }
  const uint32_t exp = srcval(e, SRC_SIDE(c->dir), c->src + 4ull * c->wr);
  if (data != exp || c->wr >= c->rd) {
    snprintf(m, sizeof m, "copy id %u wrote 0x%08x at 0x%08x, its source word is 0x%08x", c->id,
             data, addr, exp);
    return bad(e, cyc, m);
  }
  c->wr++;
  return 1;
}

static int check(void *ctx, uint64_t cyc, const void *iv, const void *ov) {
  env *e = ctx;
  const kmu_copy_engine_in *i = iv;
  const kmu_copy_engine_out *o = ov;
  const char *t = e->test;
  int ok = 1;
  cover(e, i);
  /* ---- held until taken */
  if (e->have_prev) {
    const kmu_copy_engine_out *p = &e->prev_o;
    const kmu_copy_engine_in *pi = &e->prev_i;
    if (p->cpl_valid_o && !pi->cpl_ready_i)
      ok &= kmu_expect(o->cpl_valid_o && o->cpl_id_o == p->cpl_id_o &&
                           o->cpl_status_o == p->cpl_status_o,
                       t, cyc, "a completion is held until cpl_ready_i", 1, 0);
    if (p->host_req_valid_o && !pi->host_req_ready_i)
      ok &= kmu_expect(o->host_req_valid_o && o->host_req_addr_o == p->host_req_addr_o &&
                           o->host_req_write_o == p->host_req_write_o &&
                           (!o->host_req_write_o || o->host_req_wdata_o == p->host_req_wdata_o),
                       t, cyc, "a host request is held until ready", 1, 0);
    if (p->dev_req_valid_o && !pi->dev_req_ready_i)
      ok &= kmu_expect(o->dev_req_valid_o && o->dev_req_addr_o == p->dev_req_addr_o &&
                           o->dev_req_write_o == p->dev_req_write_o &&
                           (!o->dev_req_write_o || o->dev_req_wdata_o == p->dev_req_wdata_o),
                       t, cyc, "a device request is held until ready", 1, 0);
  }
  /* ---- refusal status: the refusals of the cycles before */
  ok &= KMU_EXPECT_EQ(t, cyc, "ref_cnt_o = refusals so far (saturating)",
                      e->nref > 0xffff ? 0xffff : e->nref, o->ref_cnt_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "last_err_o = the last refusal's code", e->last_err, o->last_err_o);
  /* ---- the sides */
  for (unsigned s = 0; s < 2; s++) {
    const uint64_t v = s == HOST ? o->host_req_valid_o : o->dev_req_valid_o;
    const uint64_t w = s == HOST ? o->host_req_write_o : o->dev_req_write_o;
    const uint32_t a = (uint32_t)(s == HOST ? o->host_req_addr_o : o->dev_req_addr_o);
    const uint32_t d = (uint32_t)(s == HOST ? o->host_req_wdata_o : o->dev_req_wdata_o);
    const uint64_t rdy = s == HOST ? i->host_req_ready_i : i->dev_req_ready_i;
    if (v && !e->shown[s] && !w) ok &= on_read(e, cyc, s, a);
    if (v && rdy) {
      if (w) {
        ok &= on_write(e, cyc, s, a, d);
      } else {
        if (e->rq_n[s] == RQ) return bad(e, cyc, "test response queue overflow");
        uint64_t lat = e->scripted ? e->fixed_lat
                                   : e->lat_min + kmu_rng_below(&e->r, e->lat_max - e->lat_min + 1);
        uint64_t due = cyc + lat;
        if (due <= e->last_due[s]) due = e->last_due[s] + 1;
        e->last_due[s] = due;
        e->rq[s][(e->rq_head[s] + e->rq_n[s]++) % RQ] = (rsp_t){due, srcval(e, s, a)};
      }
    }
    e->shown[s] = v && !rdy;
  }
  /* ---- completions */
  if (o->cpl_valid_o && !e->cpl_shown) {
    if (o->cpl_status_o == KMU_COPY_ST_OK) {
      const int sl = e->id_slot[o->cpl_id_o & (NIDS - 1)];
      if (sl < 0 || e->c[sl].cpl_seen || e->c[sl].wr != e->c[sl].beats) {
        char m[160];
        snprintf(m, sizeof m, "completion of id %u: no live copy of it with every write done",
                 (unsigned)o->cpl_id_o);
        ok &= bad(e, cyc, m);
      } else {
        e->c[sl].cpl_seen = 1;
        e->c[sl].cpl_cyc = cyc;
        e->ok_appeared++;
      }
    } else {
      if (!e->rf_n) {
        ok &= bad(e, cyc, "a refusal completion without a refused command");
      } else {
        ok &= KMU_EXPECT_EQ(t, cyc, "refusal completion id (command order)", e->rf_id[e->rf_head],
                            o->cpl_id_o);
        ok &= KMU_EXPECT_EQ(t, cyc, "refusal completion status", e->rf_code[e->rf_head],
                            o->cpl_status_o);
        e->rf_head = (e->rf_head + 1) % 256;
        e->rf_n--;
        e->ref_pending--;
      }
    }
  }
  if (o->cpl_valid_o && i->cpl_ready_i && o->cpl_status_o == KMU_COPY_ST_OK) {
    const int sl = e->id_slot[o->cpl_id_o & (NIDS - 1)];
    if (sl >= 0 && e->c[sl].cpl_seen) {
      e->c[sl].live = 0;
      e->id_slot[e->c[sl].id] = -1;
      e->live_n--;
    }
  }
  e->cpl_shown = o->cpl_valid_o && !i->cpl_ready_i;
  ok &= KMU_EXPECT_EQ(t, cyc, "busy_o = an accepted copy's completion has not appeared",
                      e->accepted != e->ok_appeared, o->busy_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "cmd_ready_o = no refusal waiting for the completion port",
                      e->ref_pending == 0, o->cmd_ready_o);
  /* ---- the command */
  if (i->cmd_valid_i && o->cmd_ready_o) {
    const unsigned code = spec_code(e, i);
    e->code_seen[code]++;
    if (e->cmd_script >= 0)
      ok &= KMU_EXPECT_EQ(t, cyc, "scripted command's status (the spec's)", e->s[e->cmd_script].expect,
                          code);
    if (code == KMU_COPY_ST_OK) {
      if (!e->cmd_on || !e->cmd_good || e->nc >= MAXC || e->id_slot[i->cmd_id_i] >= 0)
        return bad(e, cyc, "a command the test did not mean as a copy was accepted");
      copy_t *c = &e->c[e->nc];
      memset(c, 0, sizeof *c);
      c->id = (unsigned)i->cmd_id_i, c->prio = (unsigned)i->cmd_prio_i;
      c->dir = (unsigned)i->cmd_dir_i;
      c->src = (uint32_t)i->cmd_src_i, c->dst = (uint32_t)i->cmd_dst_i;
      c->beats = (uint32_t)(i->cmd_bytes_i >> 2);
      c->acc = cyc;
      c->live = 1;
      for (unsigned k = 0; k < e->nc; k++)
        if (e->c[k].live && e->c[k].prio < c->prio && e->c[k].rd < e->c[k].beats) c->lower_live = 1;
      const unsigned ss = SRC_SIDE(c->dir), ds = DST_SIDE(c->dir);
      for (uint32_t b = 0; b < c->beats; b++) {
        e->own_r[ss][((c->src - ro_base(e, ss)) >> 2) + b] = (int32_t)e->nc;
        e->own_w[ds][((c->dst - w_base(e, ds)) >> 2) + b] = (int32_t)e->nc;
      }
      if ((uint64_t)c->dst + 4ull * c->beats == 0x100000000ull ||
          (uint64_t)c->src + 4ull * c->beats == 0x100000000ull)
        e->n_end2_32++;
      e->id_slot[c->id] = (int)e->nc;
      if (e->cmd_script >= 0) e->s_slot[e->cmd_script] = (int)e->nc;
      e->nc++;
      e->qcnt[c->prio]++;
      e->accepted++;
      e->live_n++;
    } else {
      if (code == KMU_COPY_ST_FULL) e->n_full++;
      e->rf_id[(e->rf_head + e->rf_n) % 256] = (unsigned)i->cmd_id_i;
      e->rf_code[(e->rf_head + e->rf_n) % 256] = code;
      e->rf_n++;
      e->ref_pending++;
      e->nref++;
      e->last_err = code;
    }
    e->cmd_on = 0;
  }
  e->prev_o = *o;
  e->prev_i = *i;
  e->have_prev = 1;
  return ok;
}

static int finish(void *ctx) {
  env *e = ctx;
  int ok = 1;
  if (!e->drain_done) {
    printf("  %s: the run ended before every accepted copy completed (%" PRIu64 " live, %u "
           "refusals pending)\n", e->test, e->live_n, e->ref_pending);
    ok = 0;
  }
  for (unsigned k = 0; k < e->nc; k++) {
    const copy_t *c = &e->c[k];
    if (c->live || c->rd != c->beats || c->wr != c->beats) {
      printf("  %s: copy id %u: %u of %u read, %u written, %s\n", e->test, c->id, c->rd,
             c->beats, c->wr, c->live ? "not completed" : "completed");
      ok = 0;
    }
  }
  return ok;
}

/* ======================================================================== tests */
static env E; /* large: static */

static void r_init(void *ctx, uint64_t seed) {
  env *e = ctx;
  env_init(e, e->test, seed);
  new_phase(e, 0);
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  E.scripted = 0;
  E.ns = 0;
  E.stop = cycles;
  E.test = test;
  kmu_stim s = {&E, r_init, drive, check, finish};
  /* the drain after `cycles`: the largest copy under full readiness, and margin */
  int ok = kmu_lockstep_mid_reset(&kmu_copy_engine_block, &s, test, seed, cycles + 4ull * MAXBEATS + 20000);
  if (!ok || kmu_tb_quiet()) return ok;
  static const char *names[15] = {"chunk_log2_i", "cmd_valid_i", "cmd_src_i", "cmd_dst_i",
                                  "cmd_bytes_i", "cmd_dir_i", "cmd_prio_i", "cmd_id_i",
                                  "cpl_ready_i", "dev_req_ready_i", "dev_rsp_valid_i",
                                  "dev_rsp_rdata_i", "host_req_ready_i", "host_rsp_valid_i",
                                  "host_rsp_rdata_i"};
  static const unsigned widths[15] = {5, 1, 32, 32, LENW, 1, PW, IDW, 1, 1, 1, 32, 1, 1, 32};
  for (unsigned k = 0; k < 15; k++) {
    const uint64_t m = kmu_mask(widths[k]);
    if ((E.ones[k] & m) != m || (E.zeros[k] & m) != m) {
      printf("  %s: coverage: input %s bits never 1 0x%" PRIx64 " never 0 0x%" PRIx64 "\n", test,
             names[k], ~E.ones[k] & m, ~E.zeros[k] & m);
      ok = 0;
    }
  }
  /* the refusal codes reachable at this size, and the situations the spec names */
  for (unsigned c = 0; c <= KMU_COPY_ST_FULL; c++)
    if (!E.code_seen[c] && !(c == KMU_COPY_ST_PRIO && (NPRIO & (NPRIO - 1)) == 0)) {
      printf("  %s: coverage: status %u never produced\n", test, c);
      ok = 0;
    }
  if (!E.n_switch || !E.n_wait) {
    printf("  %s: coverage: no preemption between copies (switches %" PRIu64 ", waits %" PRIu64
           ")\n", test, E.n_switch, E.n_wait);
    ok = 0;
  }
  printf("  %s seed=%" PRIu64 ": %" PRIu64 " copies, %u refused, %" PRIu64 " copy switches, %"
         PRIu64 " large, %" PRIu64 " ending at 2^32; worst first-read wait of a copy accepted while a "
         "lower one ran %" PRIu64 " cycles (chunk %" PRIu64 " beats; random stalls; waits behind "
         "higher copies included); status counts %" PRIu64 "/%"
         PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 "\n",
         test, seed, E.accepted, E.nref, E.n_switch, E.n_big, E.n_end2_32, E.max_wait, E.max_wait_ck,
         E.code_seen[0], E.code_seen[1], E.code_seen[2], E.code_seen[3], E.code_seen[4],
         E.code_seen[5]);
  return ok;
}

/* ---- directed: a script of commands under fixed readiness and latency */
static void s_reset(unsigned rdy_host, unsigned rdy_dev, unsigned lat, unsigned ck) {
  memset(E.s, 0, sizeof E.s);
  E.ns = 0;
  E.scripted = 1;
  E.fixed_rdy[HOST] = E.rdy_after[HOST] = rdy_host;
  E.fixed_rdy[DEV] = E.rdy_after[DEV] = rdy_dev;
  E.rdy_switch_at = UINT64_MAX;
  E.fixed_lat = lat;
  E.ck_next = ck;
  E.top_window = 0;
}
static unsigned s_add(int kind, uint64_t at, uint32_t src, uint32_t dst, uint32_t bytes,
                      unsigned dir, unsigned prio, unsigned id, int expect) {
  scmd *s = &E.s[E.ns];
  memset(s, 0, sizeof *s);
  s->kind = kind, s->at = at, s->after = -1;
  s->src = src, s->dst = dst, s->bytes = bytes, s->dir = dir, s->prio = prio, s->id = id;
  s->expect = expect;
  return E.ns++;
}
static void d_init(void *ctx, uint64_t seed) {
  env *e = ctx;
  env_init(e, e->test, seed);
}
static int s_run(const char *test, uint64_t seed, uint64_t max) {
  E.test = test;
  kmu_stim s = {&E, d_init, drive, check, finish};
  return kmu_lockstep(&kmu_copy_engine_block, &s, test, seed, max);
}

/* every refusal code once, with its id back, in command order; the counters; a copy ending
 * exactly at 2^32 accepted (the windows at the top of the space) */
static int t_refuse(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  s_reset(100, 100, 2, 4);
  E.top_window = 1;
  s_add(SC_RAW, 0, 0x1000, 0x2000, 0, 0, 0, 1, KMU_COPY_ST_ZERO);
  s_add(SC_RAW, 0, 0x1001, 0x2000, 8, 0, 0, 2, KMU_COPY_ST_ALIGN);
  s_add(SC_RAW, 0, 0x1000, 0x2002, 8, 1, 0, 3, KMU_COPY_ST_ALIGN);
  s_add(SC_RAW, 0, 0x1000, 0x2000, 6, 0, 0, 4, KMU_COPY_ST_ALIGN);
  s_add(SC_RAW, 0, 0x1000, 0x2000, 1, 0, 0, 5, KMU_COPY_ST_ALIGN);
  s_add(SC_RAW, 0, 0xfffffff0u, 0x2000, 0x20, 0, 0, 6, KMU_COPY_ST_WRAP);
  s_add(SC_RAW, 0, 0x1000, 0xfffffffcu, 8, 1, 0, 7, KMU_COPY_ST_WRAP);
  s_add(SC_RAW, 0, 0x1003, 0xfffffff0u, 0, 1, 0, 8, KMU_COPY_ST_ZERO); /* zero first */
  s_add(SC_RAW, 0, 0xfffffff1u, 0x2000, 0x20, 0, 0, 9, KMU_COPY_ST_ALIGN); /* align before wrap */
  s_add(SC_GOOD_END, 0, 0, 0, 16, 0, NPRIO - 1, 10, KMU_COPY_ST_OK); /* dst ends at 2^32 */
  s_add(SC_GOOD_END, 0, 0, 0, 16, 1, 0, 11, KMU_COPY_ST_OK);         /* dst ends at 2^32 */
  if (NPRIO & (NPRIO - 1)) s_add(SC_RAW, 0, 0x1000, 0x2000, 8, 0, NPRIO, 12, KMU_COPY_ST_PRIO);
  int ok = s_run(test, seed, 2000);
  ok &= KMU_EXPECT_EQ(test, 0, "copies ending at 2^32 run", 2, E.n_end2_32);
  return ok;
}

/* a full queue: the host side (the source of host-to-device copies) is not ready for the first
 * 200 cycles, so the loaded copy of priority 0 keeps its place; QD copies fill the queue, the
 * next is refused FULL; another priority is not full; a refusal's completion waits while the
 * completion port is taken by nothing else; then everything drains */
static int t_full(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  s_reset(0, 100, 2, 4);
  E.rdy_switch_at = 200;
  E.rdy_after[HOST] = 100;
  for (unsigned k = 0; k < QD; k++) s_add(SC_GOOD, 0, 0, 0, 8, 0, 0, k, KMU_COPY_ST_OK);
  s_add(SC_GOOD, 0, 0, 0, 8, 0, 0, QD, KMU_COPY_ST_FULL);
  s_add(SC_GOOD, 0, 0, 0, 8, 0, 0, QD + 1, KMU_COPY_ST_FULL);
  if (NPRIO > 1) s_add(SC_GOOD, 0, 0, 0, 8, 1, NPRIO - 1, QD + 2, KMU_COPY_ST_OK);
  int ok = s_run(test, seed, 3000);
  ok &= KMU_EXPECT_EQ(test, 0, "FULL refusals", 2, E.n_full);
  return ok;
}

/* the copy of script entry k */
static const copy_t *sc(unsigned k) { return E.s_slot[k] >= 0 ? &E.c[E.s_slot[k]] : NULL; }
static unsigned s_after(unsigned k, int after, uint32_t rd) {
  E.s[k].after = after, E.s[k].after_rd = rd;
  return k;
}

/* chunk-boundary preemption: a low-priority copy of 64 beats in chunks of 4 beats; a
 * high-priority copy of the other direction arrives in the middle of a chunk (after 10 reads),
 * another of the same direction later (after 30): each starts at the low copy's next chunk
 * boundary (at most one lower chunk after it is accepted: the scoreboard), completes before
 * the low copy, and the low copy resumes where it stopped (its reads in order, once: the
 * scoreboard) */
static int t_preempt(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  int ok = 1;
  for (unsigned lat = 1; lat <= 9; lat += 4) {
    s_reset(100, 100, lat, 4); /* 16-byte chunks: 4 beats */
    s_add(SC_GOOD, 0, 0, 0, 64 * 4, 0, 0, 1, KMU_COPY_ST_OK);
    s_after(s_add(SC_GOOD, 0, 0, 0, 8 * 4, 1, NPRIO - 1, 2, KMU_COPY_ST_OK), 0, 10);
    s_after(s_add(SC_GOOD, 0, 0, 0, 8 * 4, 0, NPRIO - 1, 3, KMU_COPY_ST_OK), 0, 30);
    ok &= s_run(test, seed, 3000);
    if (!ok) return 0;
    const copy_t *lo = sc(0), *h1 = sc(1), *h2 = sc(2);
    ok &= kmu_expect(h1->cpl_cyc < lo->cpl_cyc && h2->cpl_cyc < lo->cpl_cyc, test, 0,
                     "both high-priority copies complete before the low-priority one", 1, 0);
    ok &= kmu_expect(E.n_switch >= 4, test, 0, "the low copy was preempted twice and resumed", 4,
                     E.n_switch);
    if (!kmu_tb_quiet())
      printf("  %s latency %u: waits %" PRIu64 " / %" PRIu64 " cycles behind a 4-beat chunk "
             "(other direction / same direction; target <= 4 + 8)\n", test, lat,
             h1->first_rd - h1->acc, h2->first_rd - h2->acc);
  }
  /* three priorities nest (paper size): 0 runs, 1 preempts it, NPRIO-1 preempts 1 */
  if (NPRIO > 2) {
    s_reset(100, 100, 2, 3);
    s_add(SC_GOOD, 0, 0, 0, 40 * 4, 0, 0, 1, KMU_COPY_ST_OK);
    s_after(s_add(SC_GOOD, 0, 0, 0, 20 * 4, 0, 1, 2, KMU_COPY_ST_OK), 0, 5);
    s_after(s_add(SC_GOOD, 0, 0, 0, 6 * 4, 1, NPRIO - 1, 3, KMU_COPY_ST_OK), 1, 7);
    ok &= s_run(test, seed, 3000);
    if (!ok) return 0;
    ok &= kmu_expect(sc(2)->cpl_cyc < sc(1)->cpl_cyc && sc(1)->cpl_cyc < sc(0)->cpl_cyc, test, 0,
                     "completions in priority order when nested", 1, 0);
  }
  return ok;
}

/* The blocking bound (measured): a low-priority copy of 512 beats (or the largest), high-
 * priority copies of 4 beats arriving at offsets that fall anywhere in a chunk, for chunk sizes
 * of 1 to 64 beats, same direction and the other; memory always ready, latency 2.  Target: the
 * wait (acceptance -> first read) <= chunk beats + 8.  The spec invariant (one lower chunk at
 * most) is the scoreboard's. */
static int t_bound(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  int ok = 1;
  static const unsigned cls[] = {2, 3, 4, 5, 6, 8};
  static const uint32_t offs[] = {3, 37, 110, 201, 302, 419};
  const uint32_t lowb = MAXBEATS < 512 ? MAXBEATS : 512;
  for (unsigned d = 0; d < 2; d++)
    for (unsigned k = 0; k < sizeof cls / sizeof cls[0]; k++) {
      s_reset(100, 100, 2, cls[k]);
      s_add(SC_GOOD, 0, 0, 0, lowb * 4, 0, 0, 0, KMU_COPY_ST_OK);
      for (unsigned j = 0; j < sizeof offs / sizeof offs[0]; j++)
        s_after(s_add(SC_GOOD, 0, 0, 0, 16, d, NPRIO - 1, 1 + j, KMU_COPY_ST_OK), 0, offs[j] % lowb);
      ok &= s_run(test, seed, 20000);
      if (!ok) return 0;
      uint64_t worst = 0;
      for (unsigned j = 1; j < E.ns; j++) {
        const copy_t *h = sc(j);
        if (h->first_rd - h->acc > worst) worst = h->first_rd - h->acc;
      }
      const uint32_t ckb = ck_beats(cls[k]);
      if (!kmu_tb_quiet())
        printf("  %s %s direction, chunk %3u beats: worst wait %3" PRIu64 " cycles (target <= "
               "%u)%s\n", test, d ? "other" : "same ", ckb, worst, ckb + 8,
               worst <= ckb + 8 ? "" : "  ABOVE TARGET");
    }
  return ok;
}

/* The per-chunk overhead (measured): one copy of N beats alone, memory always ready, latency 2,
 * in chunks of 1, 2, 4 and 16 beats against one chunk; overhead per chunk = (T(chunk) -
 * T(whole)) / (chunks - 1), T from acceptance to the completion.  Target <= 2 cycles. */
static int t_overhead(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  int ok = 1;
  const uint32_t n = MAXBEATS < 256 ? MAXBEATS : 256;
  static const unsigned cls[] = {31, 2, 3, 4, 6};
  uint64_t tw = 0;
  for (unsigned dir = 0; dir < 2; dir++)
    for (unsigned k = 0; k < sizeof cls / sizeof cls[0]; k++) {
      s_reset(100, 100, 2, cls[k]);
      s_add(SC_GOOD, 0, 0, 0, n * 4, dir, 0, 0, KMU_COPY_ST_OK);
      ok &= s_run(test, seed, 5000);
      if (!ok) return 0;
      const uint64_t t = sc(0)->cpl_cyc - sc(0)->acc;
      if (k == 0) {
        tw = t;
        if (!kmu_tb_quiet())
          printf("  %s dir %u: %u beats in one chunk: %" PRIu64 " cycles\n", test, dir, n, t);
        continue;
      }
      const uint32_t ckb = ck_beats(cls[k]), chunks = (n + ckb - 1) / ckb;
      if (!kmu_tb_quiet())
        printf("  %s dir %u: chunks of %2u beats (%3u chunks): %" PRIu64 " cycles, overhead "
               "%.2f cycles per chunk (target <= 2)\n", test, dir, ckb, chunks, t,
               (double)(t - tw) / (chunks - 1));
    }
  return ok;
}

int main(int argc, char **argv) {
  static const kmu_test tests[] = {
      {"random", t_random, 100000, 4},
      {"refuse", t_refuse, 0, 0},
      {"full", t_full, 0, 0},
      {"preempt", t_preempt, 0, 0},
      {"bound", t_bound, 0, 0},
      {"overhead", t_overhead, 0, 0},
  };
  return kmu_test_main(&kmu_copy_engine_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
