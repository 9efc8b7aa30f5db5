/* sm_model.c - see sm_model.h (the modelling choices and cycle semantics are documented there). */
#include "sm_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_regmap.h"
#include "kmu_yield_mon.h" /* KMU_YR_*: the yield answer codes */

/* (bit helpers kmu_popc64, kmu_ctz64, kmu_hash32: tb/common/kmu_tb.h) */

/* on-chip checkpoint store: sparse words by byte address (the checkpoint-area offsets go far
 * beyond IPB: IPB bounds the bytes in use, not the addresses) */
typedef struct {
  uint64_t *key; /* addr + 1, 0: empty */
  uint32_t *val;
  unsigned cap, n;
} ipmap;

static void ip_put(ipmap *m, uint32_t addr, uint32_t v);
static void ip_grow(ipmap *m) {
  ipmap o = *m;
  m->cap = o.cap ? 2 * o.cap : 256;
  m->key = calloc(m->cap, sizeof *m->key);
  m->val = calloc(m->cap, sizeof *m->val);
  m->n = 0;
  for (unsigned i = 0; i < o.cap; i++)
    if (o.key[i]) ip_put(m, (uint32_t)(o.key[i] - 1), o.val[i]);
  free(o.key);
  free(o.val);
}
static void ip_put(ipmap *m, uint32_t addr, uint32_t v) {
  if (2 * (m->n + 1) > m->cap) ip_grow(m);
  unsigned i = kmu_hash32(addr, 7) & (m->cap - 1);
  while (m->key[i] && m->key[i] != (uint64_t)addr + 1) i = (i + 1) & (m->cap - 1);
  if (!m->key[i]) m->key[i] = (uint64_t)addr + 1, m->n++;
  m->val[i] = v;
}
static uint32_t ip_get(const ipmap *m, uint32_t addr) {
  if (!m->cap) return 0;
  unsigned i = kmu_hash32(addr, 7) & (m->cap - 1);
  while (m->key[i]) {
    if (m->key[i] == (uint64_t)addr + 1) return m->val[i];
    i = (i + 1) & (m->cap - 1);
  }
  return 0;
}

/* ---------------------------------------------------------------- per-SM SIMT state */
enum { WR_WB = 1, WR_EV, WR_RREST };
enum { RD_VERIFY = 1, RD_RSAVE, RD_RREST };
/* warp-level preemption phases of the victim slot */
enum { WP_FLUSH = 1, WP_PUSHED, WP_RUN, WP_EVDONE, WP_POPPED };

/* restores whose shared-memory writes can be open at once on one SM (one being written, the
 * rest waiting for their start: kmu_sm_ctrl's start FIFO and the shared start bus) */
#define SM_RS_COLS 4

typedef struct {
  int on, kind, tb;
  unsigned slot, reg, widx;
  uint32_t data;
} port_op;

struct sm_ss {
  int own[64];             /* slot -> owning TB (global index), -1 */
  uint8_t widx[64];        /* slot -> warp index in the owning TB */
  uint8_t inpipe[64];      /* cycles until the warp's last issue writes back */
  uint8_t ibuf[64];        /* i-buffer instructions */
  uint8_t icm[64];         /* i-cache miss cycles left */
  uint64_t stop;           /* vic_stop_o of the observed cycle */
  uint64_t last_inpipe;    /* w_inpipe_i driven in the observed cycle */
  uint64_t host;           /* slots where an event warp of a warp-level preemption runs */
  uint8_t wsq[64];         /* queued warp starts (slots) */
  unsigned wsq_h, wsq_n;
  port_op wr;              /* the write driven (held until taken) */
  port_op rd;              /* the read driven this cycle */
  port_op rp;              /* the read of the last cycle: its data is on rf_rd_data_o now */
  int in_tb;               /* simt_inst driven for this TB, -1 */
  int *vq;                 /* TBs being read back after a restore, in order */
  unsigned vq_n;
  /* warp-level preemption */
  int wp_on, phase, vslot, ev_tb, saved, vexited, rs_done, rr_done;
  unsigned nregs;
  uint32_t sbuf[32];
  int rs_state;            /* 1: reading the victim's registers */
  unsigned rs_next, rs_got;
  int rr_state;            /* 1: writing them back, 2: reading them back */
  unsigned rr_next, rr_rnext, rr_got;
  unsigned evw_next, evw_n;/* the event warp's register writes */
  int prev_busy;
  /* save / restore */
  int sv_tb;               /* TB of the running save, -1 */
  /* restores' shared-memory writes, collected per restore (keyed by the restored TB's new warp
   * slots, the RESTORE commands' wmask) until its start on the SIMT start bus: a restore's offer
   * may wait for the shared start bus while the sequencer already runs the next restore's
   * commands, so several collections can be open; rs_cur is the one being written (-1 none) */
  struct {
    int on;
    uint64_t wmask;
    uint32_t *rsm;
    uint8_t *got;
  } rs[SM_RS_COLS];
  int rs_cur;
  unsigned rsm_n;
  ipmap ip;
  uint32_t ip_rd; /* the store's read register (ctxboard: a block RAM's registered read) */
  /* evicted TBs */
  sm_tb *ev;
  unsigned nev, cap_ev;
  unsigned rr_wr, rr_inst;
  int y_tb;                /* GPUpIO: the TB on the yield lane (simt_yield_valid_i), -1 */
  kmu_sm_in drv;           /* next cycle's SIMT-side inputs */
};

/* ---------------------------------------------------------------- init / free */
static void init_common(sm_model *s, const kmusim_config *cfg, const kmusim_workload *w,
                        mem_model *mem, kmu_rng *rng) {
  memset(s, 0, sizeof *s);
  s->cfg = cfg;
  s->w = w;
  s->mem = mem;
  s->rng = rng;
  s->nsm = cfg->nsm;
  s->tbs = cfg->tbs;
  unsigned n = s->nsm * s->tbs;
  s->tb = calloc(n ? n : 1, sizeof *s->tb);
  s->done_q = calloc(n ? n : 1, sizeof *s->done_q);
  s->act = calloc(n ? n : 1, sizeof *s->act);
  s->busy_warps = calloc(s->nsm ? s->nsm : 1, sizeof *s->busy_warps);
  s->busy_tbs = calloc(s->nsm ? s->nsm : 1, sizeof *s->busy_tbs);
  s->ks = calloc(w->nk ? w->nk : 1, sizeof *s->ks);
}

void sm_model_init(sm_model *s, const kmusim_config *cfg, const kmusim_workload *w,
                   mem_model *mem, kmu_rng *rng) {
  init_common(s, cfg, w, mem, rng);
}

void sm_model_init_simt(sm_model *s, const kmusim_config *cfg, const kmusim_workload *w,
                        mem_model *mem, kmu_rng *rng, const sm_model_hw *hw) {
  init_common(s, cfg, w, mem, rng);
  s->simt = 1;
  s->hw = *hw;
  if (s->hw.rpw == 0 || s->hw.rpw > 32) s->hw.rpw = s->hw.rpw ? 32 : 1;
  if (s->hw.beat_bytes == 0) s->hw.beat_bytes = 4;
  if (!s->hw.drain_min && !s->hw.drain_max)
    s->hw.drain_min = SM_DRAIN_MIN, s->hw.drain_max = SM_DRAIN_MAX;
  if (s->hw.drain_max < s->hw.drain_min) s->hw.drain_max = s->hw.drain_min;
  /* a private generator from a copy of the caller's (which is not advanced: the jitter draws
   * stay those of legacy mode) */
  kmu_rng c = *rng;
  kmu_rng_seed(&s->srng, kmu_rng_next(&c) ^ 0x51317e5eedull);
  s->ss = calloc(s->nsm ? s->nsm : 1, sizeof *s->ss);
  unsigned nshm = (cfg->shmem + s->hw.beat_bytes - 1) / s->hw.beat_bytes;
  for (unsigned m = 0; m < s->nsm; m++) {
    sm_ss *ss = &s->ss[m];
    for (unsigned k = 0; k < 64; k++) ss->own[k] = -1;
    ss->vq = calloc(s->tbs ? s->tbs : 1, sizeof *ss->vq);
    ss->rsm_n = nshm;
    for (unsigned c = 0; c < SM_RS_COLS; c++) {
      ss->rs[c].rsm = calloc(nshm ? nshm : 1, sizeof *ss->rs[c].rsm);
      ss->rs[c].got = calloc(nshm ? nshm : 1, 1);
    }
    ss->rs_cur = -1;
    ss->sv_tb = -1;
    ss->in_tb = -1;
    ss->ev_tb = -1;
    ss->y_tb = -1;
  }
}

static void tb_release(sm_tb *t) {
  free(t->w);
  free(t->reg);
  free(t->shm);
  t->w = NULL, t->reg = NULL, t->shm = NULL;
}

void sm_model_free(sm_model *s) {
  for (unsigned i = 0; s->tb && i < s->nsm * s->tbs; i++) tb_release(&s->tb[i]);
  for (unsigned m = 0; s->ss && m < s->nsm; m++) {
    sm_ss *ss = &s->ss[m];
    for (unsigned e = 0; e < ss->nev; e++) tb_release(&ss->ev[e]);
    free(ss->ev);
    free(ss->vq);
    for (unsigned c = 0; c < SM_RS_COLS; c++) free(ss->rs[c].rsm), free(ss->rs[c].got);
    free(ss->ip.key);
    free(ss->ip.val);
  }
  free(s->ss);
  free(s->tb);
  free(s->done_q);
  free(s->act);
  free(s->busy_warps);
  free(s->busy_tbs);
  for (unsigned k = 0; s->ks && k < s->w->nk; k++)
    free(s->ks[k].wake_lat.v), free(s->ks[k].restart.v), free(s->ks[k].wake_over.v);
  free(s->ks);
  memset(s, 0, sizeof *s);
}

/* ---------------------------------------------------------------- starts */
uint64_t sm_model_insts(const sm_model *s, uint64_t kptr, uint64_t warps) {
  int k = kmusim_kernel_by_kptr(s->w, kptr);
  if (k < 0) return 0;
  /* an I/O kernel's TB computes `rounds` times */
  const uint64_t run = s->w->k[k].cycles * (s->w->k[k].has_io ? s->w->k[k].rounds : 1);
  uint64_t v = run * warps / (s->cfg->warps ? s->cfg->warps : 1);
  if (v == 0) v = 1;
  return v > 0xffffffffull ? 0xffffffffull : v;
}

static int find_evicted(const sm_ss *ss, uint64_t kptr, uint64_t param, uint64_t tb,
                        uint64_t slot, uint64_t warps) {
  for (unsigned e = 0; e < ss->nev; e++) {
    const sm_tb *t = &ss->ev[e];
    if (t->kptr == kptr && t->param == param && t->tb == tb && t->slot == slot &&
        t->warps == warps)
      return (int)e;
  }
  return -1;
}

uint64_t sm_model_start_insts(const sm_model *s, unsigned sm, const kmu_sm_out *o) {
  if (!(o->simt_start_valid_o & 1)) return 0;
  if (o->simt_start_ewarp_o & 1) return 0;
  if (s->simt && sm < s->nsm && (o->simt_start_restore_o & 1)) {
    const sm_ss *ss = &s->ss[sm];
    int e = find_evicted(ss, o->simt_start_kptr_o, o->simt_start_param_o, o->simt_start_tb_o,
                         o->simt_start_slot_o & 0xff, o->simt_start_warps_o);
    if (e < 0) return 0;
    const sm_tb *t = &ss->ev[e];
    return t->insts > t->ins_rep ? t->insts - t->ins_rep : 0;
  }
  return sm_model_insts(s, o->simt_start_kptr_o, o->simt_start_warps_o);
}

/* put the TB of entry i on its warp slots and queue its warp starts */
static void place_tb(sm_model *s, unsigned i) {
  sm_tb *t = &s->tb[i];
  sm_ss *ss = &s->ss[t->sm];
  unsigned k = 0;
  for (unsigned slot = 0; slot < 64; slot++) {
    if (!(t->wmask >> slot & 1)) continue;
    sm_warp *w = &t->w[k];
    w->slot = (uint8_t)slot;
    w->started = 0;
    ss->own[slot] = (int)i;
    ss->widx[slot] = (uint8_t)k;
    ss->inpipe[slot] = ss->ibuf[slot] = ss->icm[slot] = 0;
    ss->wsq[(ss->wsq_h + ss->wsq_n++) % 64] = (uint8_t)slot;
    k++;
  }
}

int sm_model_start_ex(sm_model *s, uint64_t cycle, const sm_start *st, char *err,
                      size_t errlen) {
  const uint64_t sm = st->sm, rtb = st->rtb, warps = st->warps;
  if (sm >= s->nsm || rtb >= s->tbs) {
    snprintf(err, errlen, "TB start on sm=%llu rtb=%llu: out of range (%u SMs, %u TB slots)",
             (unsigned long long)sm, (unsigned long long)rtb, s->nsm, s->tbs);
    return 0;
  }
  const unsigned idx = (unsigned)(sm * s->tbs + rtb);
  sm_tb *t = &s->tb[idx];
  if (t->busy) {
    snprintf(err, errlen, "TB start on sm=%llu rtb=%llu: entry busy (TB %llu of kernel '%s' "
             "since cycle %llu)", (unsigned long long)sm, (unsigned long long)rtb,
             (unsigned long long)t->tb, s->w->k[t->kernel].name,
             (unsigned long long)t->start);
    return 0;
  }
  int k = kmusim_kernel_by_kptr(s->w, st->kptr);
  if (k < 0) {
    snprintf(err, errlen, "TB start with kptr=0x%llx: no such kernel",
             (unsigned long long)st->kptr);
    return 0;
  }
  const kmusim_kernel *kk = &s->w->k[k];
  if (warps != kk->warps) {
    snprintf(err, errlen, "TB start of kernel '%s' with warps=%llu, the kernel has %u per TB",
             kk->name, (unsigned long long)warps, kk->warps);
    return 0;
  }
  if (s->busy_warps[sm] + warps > s->cfg->warps) {
    snprintf(err, errlen, "TB start of kernel '%s' on sm=%llu: %llu warps, only %u free",
             kk->name, (unsigned long long)sm, (unsigned long long)warps,
             s->cfg->warps - s->busy_warps[sm]);
    return 0;
  }
  if (!s->simt && st->restore) {
    snprintf(err, errlen, "restore start of kernel '%s' on sm=%llu: the SM model is not in "
             "SIMT mode (sm_model_init_simt)", kk->name, (unsigned long long)sm);
    return 0;
  }
  if (s->simt) {
    sm_ss *ss = &s->ss[sm];
    const uint64_t all = s->cfg->warps >= 64 ? ~0ull : (1ull << s->cfg->warps) - 1;
    if (kmu_popc64(st->wmask) != warps || (st->wmask & ~all)) {
      snprintf(err, errlen, "TB start of kernel '%s' on sm=%llu rtb=%llu: warp mask %#llx is "
               "not %llu of the SM's %u slots", kk->name, (unsigned long long)sm,
               (unsigned long long)rtb, (unsigned long long)st->wmask,
               (unsigned long long)warps, s->cfg->warps);
      return 0;
    }
    for (unsigned slot = 0; slot < 64; slot++)
      if ((st->wmask >> slot & 1) && ss->own[slot] >= 0) {
        const sm_tb *o = &s->tb[ss->own[slot]];
        snprintf(err, errlen, "TB start of kernel '%s' on sm=%llu rtb=%llu: warp slot %u still "
                 "held by TB %llu of kernel '%s' (rtb %u)", kk->name, (unsigned long long)sm,
                 (unsigned long long)rtb, slot, (unsigned long long)o->tb,
                 s->w->k[o->kernel].name, o->rtb);
        return 0;
      }
    if (st->restore) {
      int e = find_evicted(ss, st->kptr, st->param, st->tb, st->slot, warps);
      if (e < 0) {
        snprintf(err, errlen, "restore start of TB %llu of kernel '%s' (param 0x%llx, slot %llu) "
                 "on sm=%llu: no such TB was evicted from this SM", (unsigned long long)st->tb,
                 kk->name, (unsigned long long)st->param, (unsigned long long)st->slot,
                 (unsigned long long)sm);
        return 0;
      }
      sm_tb *r = &ss->ev[e];
      if (st->rpw != r->rpw) {
        snprintf(err, errlen, "restore start of TB %llu of kernel '%s' on sm=%llu with rpw=%llu, "
                 "it had %u", (unsigned long long)r->tb, kk->name, (unsigned long long)sm,
                 (unsigned long long)st->rpw, r->rpw);
        return 0;
      }
      tb_release(t);
      /* the restore's shared-memory writes (its collection: the same new warp slots) against
       * the TB's shared memory at its eviction */
      int c = -1;
      for (int k = 0; k < SM_RS_COLS; k++)
        if (ss->rs[k].on && ss->rs[k].wmask == st->wmask) c = k;
      for (unsigned j = 0; j < r->nshm; j++) {
        if (c < 0 || j >= ss->rsm_n || !ss->rs[c].got[j]) {
          snprintf(err, errlen, "restore of TB %llu of kernel '%s' on sm=%llu: shared-memory word "
                   "%u (byte %u) was not written by the restore", (unsigned long long)r->tb,
                   kk->name, (unsigned long long)sm, j, j * s->hw.beat_bytes);
          return 0;
        }
        if (ss->rs[c].rsm[j] != r->shm[j]) {
          snprintf(err, errlen, "restore of TB %llu of kernel '%s' on sm=%llu: shared memory at "
                   "byte %u restored as 0x%08x, expected 0x%08x", (unsigned long long)r->tb,
                   kk->name, (unsigned long long)sm, j * s->hw.beat_bytes, ss->rs[c].rsm[j],
                   r->shm[j]);
          return 0;
        }
      }
      if (c >= 0) {
        ss->rs[c].on = 0;
        if (ss->rs_cur == c) ss->rs_cur = -1;
      }
      *t = *r;
      ss->ev[e] = ss->ev[--ss->nev];
      t->busy = 1;
      t->rtb = (unsigned)rtb;
      t->wmask = st->wmask;
      t->inst = st->inst;
      t->nrestore++;
      t->pause_seen = t->paused = 0;
      unsigned nv = 0;
      for (unsigned wi = 0; wi < warps; wi++) {
        t->w[wi].vrem = t->rpe ? t->w[wi].def : 0;
        nv += t->w[wi].vrem != 0;
      }
      t->st = nv ? SM_T_VERIFY : SM_T_RUN;
      if (nv) ss->vq[ss->vq_n++] = (int)idx;
      place_tb(s, idx);
      s->busy_warps[sm] += (unsigned)warps;
      s->busy_tbs[sm]++;
      s->act[s->nact++] = idx;
      sm_kstat *sk = &s->ks[k];
      s->last_activity = cycle;
      sk->restores++;
      sk->evicted_cycles += cycle - t->evict_at;
      /* a taken yield's TB back: it checks its flag when it runs (a wake-up, or a spin) */
      if (t->io_ph == SM_IO_OUT) t->io_ph = SM_IO_WAIT, t->io_woken = 1, sk->wakeups++;
      return 1;
    }
  }
  tb_release(t);
  memset(t, 0, sizeof *t);
  s->last_activity = cycle;
  t->busy = 1;
  t->kernel = k;
  t->inst = st->inst;
  t->tb = st->tb, t->slot = st->slot, t->warps = warps, t->kptr = st->kptr,
  t->param = st->param;
  t->start = cycle;
  t->sm = (unsigned)sm, t->rtb = (unsigned)rtb;
  uint64_t c = kk->cycles;
  if (kk->jitter) {
    uint64_t span = c * kk->jitter / 100;
    uint64_t d = kmu_rng_below(s->rng, 2 * span + 1);
    c = c + d >= span + 1 ? c + d - span : 1;
  }
  if (kk->has_io) c *= kk->rounds; /* rounds of compute, I/O waits between (SIMT mode) */
  t->target = c;
  t->io_sig_acc = SM_IO_NEVER;
  t->loads = c * kk->load_rate / 1000;
  t->w = calloc(warps ? warps : 1, sizeof *t->w);
  s->busy_warps[sm] += (unsigned)warps;
  s->busy_tbs[sm]++;
  s->running++;
  s->act[s->nact++] = idx;
  sm_kstat *sk = &s->ks[k];
  sk->tbs++;
  sk->cycles += c;
  sk->loads += t->loads;
  sk->wb += c * kk->wb_rate / 1000;
  sk->bar += c * kk->bar_rate / 1000;
  if (s->simt) {
    t->st = SM_T_RUN;
    t->ewarp = (int)(st->ewarp & 1);
    t->wmask = st->wmask;
    t->rpw = (unsigned)st->rpw;
    t->rpe = t->rpw < s->hw.rpw ? t->rpw : s->hw.rpw;
    t->reg = calloc((size_t)warps * (t->rpe ? t->rpe : 1), sizeof *t->reg);
    t->nshm = (kk->shmem + s->hw.beat_bytes - 1) / s->hw.beat_bytes;
    t->shm = calloc(t->nshm ? t->nshm : 1, sizeof *t->shm);
    for (unsigned j = 0; j < t->nshm; j++)
      t->shm[j] = kmu_hash32(t->kptr ^ t->param << 20, t->tb * 65536 + j);
    t->insts = t->ewarp ? 0 : sm_model_insts(s, t->kptr, warps);
    t->nbar = c * kk->bar_rate / 1000;
    if (t->ewarp) sk->ewarps++;
    place_tb(s, idx);
  }
  return 1;
}

int sm_model_start(sm_model *s, uint64_t cycle, uint64_t sm, uint64_t rtb, uint64_t warps,
                   uint64_t kptr, uint64_t param, uint64_t tb, uint64_t slot, uint32_t inst,
                   char *err, size_t errlen) {
  if (s->simt) {
    snprintf(err, errlen, "sm_model_start: the SM model is in SIMT mode, starts need the warp "
             "mask (sm_model_start_ex)");
    return 0;
  }
  sm_start st;
  memset(&st, 0, sizeof st);
  st.sm = sm, st.rtb = rtb, st.warps = warps, st.kptr = kptr, st.param = param, st.tb = tb;
  st.slot = slot, st.inst = inst;
  return sm_model_start_ex(s, cycle, &st, err, errlen);
}

/* ---------------------------------------------------------------- done bus */
void sm_model_drive(const sm_model *s, uint64_t *done_valid, uint64_t *done_sm,
                    uint64_t *done_rtb) {
  if (s->dq_n) {
    unsigned i = s->done_q[s->dq_head];
    *done_valid = 1, *done_sm = i / s->tbs, *done_rtb = i % s->tbs;
  } else {
    *done_valid = 0, *done_sm = 0, *done_rtb = 0;
  }
}

static void act_remove(sm_model *s, unsigned i) {
  for (unsigned a = 0; a < s->nact; a++)
    if (s->act[a] == i) {
      memmove(&s->act[a], &s->act[a + 1], (s->nact - a - 1) * sizeof *s->act);
      s->nact--;
      return;
    }
}

/* the slots of TB entry i are free (done or evicted) */
static void unplace_tb(sm_model *s, unsigned i) {
  sm_tb *t = &s->tb[i];
  sm_ss *ss = &s->ss[t->sm];
  for (unsigned slot = 0; slot < 64; slot++)
    if ((t->wmask >> slot & 1) && ss->own[slot] == (int)i) {
      ss->own[slot] = -1;
      ss->inpipe[slot] = ss->ibuf[slot] = ss->icm[slot] = 0;
    }
  /* queued warp starts of those slots (an evicted TB that had not started every warp) */
  unsigned n = 0;
  uint8_t q[64];
  for (unsigned j = 0; j < ss->wsq_n; j++) {
    uint8_t sl = ss->wsq[(ss->wsq_h + j) % 64];
    if (!(t->wmask >> sl & 1)) q[n++] = sl;
  }
  for (unsigned j = 0; j < n; j++) ss->wsq[j] = q[j];
  ss->wsq_h = 0, ss->wsq_n = n;
  for (unsigned j = 0; j < ss->vq_n; j++)
    if (ss->vq[j] == (int)i) {
      memmove(&ss->vq[j], &ss->vq[j + 1], (ss->vq_n - j - 1) * sizeof *ss->vq);
      ss->vq_n--;
      break;
    }
  if (ss->rd.on && ss->rd.kind == RD_VERIFY && ss->rd.tb == (int)i) ss->rd.kind = 0;
  if (ss->rp.on && ss->rp.kind == RD_VERIFY && ss->rp.tb == (int)i) ss->rp.kind = 0;
  if (ss->in_tb == (int)i) ss->in_tb = -1;
}

sm_tb sm_model_done_fire(sm_model *s) {
  unsigned n = s->nsm * s->tbs;
  unsigned i = s->done_q[s->dq_head];
  s->dq_head = (s->dq_head + 1) % n;
  s->dq_n--;
  sm_tb *t = &s->tb[i];
  sm_tb copy = *t;
  copy.w = NULL, copy.reg = NULL, copy.shm = NULL;
  unsigned sm = i / s->tbs;
  if (s->simt) {
    unplace_tb(s, i);
    s->busy_warps[sm] -= kmu_popc64(t->wmask);
  } else {
    s->busy_warps[sm] -= (unsigned)t->warps;
  }
  s->busy_tbs[sm]--;
  s->running--;
  t->busy = 0;
  t->finished = 0;
  tb_release(t);
  return copy;
}

static void finish_tb(sm_model *s, unsigned i, uint64_t cycle) {
  sm_tb *t = &s->tb[i];
  unsigned n = s->nsm * s->tbs;
  t->finished = 1;
  t->finish = cycle + 1;
  t->st = SM_T_DONE;
  s->done_q[(s->dq_head + s->dq_n++) % n] = i;
}

/* ---------------------------------------------------------------- legacy tick */
static void loads_return(sm_tb *t, uint64_t cycle) {
  if (!t->ret_n || t->ret_min > cycle) return;
  uint64_t mn = UINT64_MAX;
  for (unsigned k = 0; k < t->warps; k++) {
    if (!t->w[k].ret) continue;
    if (t->w[k].ret <= cycle) t->w[k].ret = 0, t->ret_n--;
    else if (t->w[k].ret < mn) mn = t->w[k].ret;
  }
  t->ret_min = mn;
}

static void load_issued(sm_tb *t, unsigned k, uint64_t rc) {
  t->w[k].ret = rc;
  if (!t->ret_n || rc < t->ret_min) t->ret_min = rc;
  t->ret_n++;
  t->ld_rr = (k + 1) % (unsigned)t->warps;
  t->loads_issued++;
}

/* the next warp (round-robin) with no load outstanding (and, SIMT mode, not stopped) */
static int load_warp(const sm_model *s, const sm_tb *t) {
  const uint64_t stop = s->simt ? s->ss[t->sm].stop : 0;
  for (unsigned j = 0; j < t->warps; j++) {
    unsigned k = (t->ld_rr + j) % (unsigned)t->warps;
    if (!t->w[k].ret && !(s->simt && (stop >> t->w[k].slot & 1))) return (int)k;
  }
  return -1;
}

/* 1: the TB finished this cycle */
static int step_legacy(sm_model *s, sm_tb *t, uint64_t cycle) {
  loads_return(t, cycle);
  if (t->progress < t->target) {
    /* load j is due once j/loads of the run is done */
    if (t->loads_issued < t->loads &&
        t->progress >= t->loads_issued * t->target / t->loads) {
      uint64_t rc;
      int k = load_warp(s, t);
      if (k >= 0 && mem_model_load(s->mem, cycle, &rc)) {
        load_issued(t, (unsigned)k, rc);
        t->progress++;
      } else {
        t->stall++;
        s->ks[t->kernel].stall++;
      }
    } else {
      t->progress++;
    }
  }
  return t->progress == t->target && t->loads_issued == t->loads && t->ret_n == 0;
}

/* ---------------------------------------------------------------- SIMT tick */
static unsigned rnd(sm_model *s, unsigned lo, unsigned hi) {
  return lo + (unsigned)kmu_rng_below(&s->srng, (uint64_t)hi - lo + 1);
}

/* one progress cycle of a running TB: write-backs, instructions, its own shared-memory stores */
static void on_progress(sm_model *s, sm_tb *t) {
  const kmusim_kernel *kk = &s->w->k[t->kernel];
  t->progress++;
  t->wb_acc += kk->wb_rate;
  while (t->wb_acc >= 1000) {
    t->wb_acc -= 1000;
    if (t->wb_pend < SM_WB_PEND) t->wb_pend++;
  }
  if (t->insts) {
    t->ins_acc += t->insts;
    while (t->ins_acc >= t->target) t->ins_acc -= t->target, t->ins_gen++;
  }
}

/* GPUpIO: the TB's I/O wait (sm_model.h, "I/O thread blocks"); 1: it is waiting (no progress) */
static int io_stalled(const sm_tb *t) {
  return t->io_ph == SM_IO_ASK || t->io_ph == SM_IO_ACC || t->io_ph == SM_IO_OUT;
}
static void samples_add(sm_samples *x, uint64_t v) {
  if (x->n == x->cap) {
    x->cap = x->cap ? 2 * x->cap : 64;
    x->v = realloc(x->v, x->cap * sizeof *x->v);
  }
  x->v[x->n++] = v;
}
static int io_step(sm_model *s, sm_tb *t, uint64_t cycle) {
  const kmusim_kernel *kk = &s->w->k[t->kernel];
  sm_kstat *sk = &s->ks[t->kernel];
  if (t->io_ph == SM_IO_NONE) {
    /* request r once compute phase r is done (progress target * (r + 1) / rounds) */
    if (t->io_round >= kk->rounds || t->progress < t->target * (t->io_round + 1) / kk->rounds)
      return 0;
    t->io_req = cycle;
    /* iodev_serial: one I/O in service at a time, in request order (the paper's section 3
     * device): this one starts when the previous one ends */
    const uint64_t start = s->cfg->iodev_serial && s->io_free > cycle ? s->io_free : cycle;
    t->io_due = start + kk->io;
    if (s->cfg->iodev_serial) s->io_free = t->io_due;
    t->io_flag_at = t->io_due + s->cfg->iodev_lat;
    t->io_sig_acc = SM_IO_NEVER;
    t->io_ph = SM_IO_WAIT;
    t->io_woken = 0;
    t->io_took = 0;
    sk->io_waits++;
    s->last_activity = cycle;
    if (s->on_io) s->on_io(s->io_user, s, t, cycle);
  }
  switch (t->io_ph) {
  case SM_IO_WAIT:
  case SM_IO_SPIN:
  case SM_IO_ASK:
    if (cycle >= t->io_flag_at) {
      /* the flag is visible: the wait ends, the TB issues again (an ASK not yet accepted is
       * withdrawn: the TB decided nothing) */
      sk->io_wait_cycles += cycle - t->io_req;
      samples_add(&sk->restart, cycle - t->io_due);
      if (t->io_woken && t->io_sig_acc != SM_IO_NEVER) {
        const uint64_t wl = cycle - t->io_sig_acc;
        samples_add(&sk->wake_lat, wl);
        samples_add(&sk->wake_over, wl > t->io_rdur ? wl - t->io_rdur : 0);
      }
      /* a wait that ended on the SM without a taken yield was spun in place: yield off, a
       * refused yield, or one the SM did not accept before the flag (then withdrawn) */
      if (!t->io_took) sk->spins++;
      if (t->io_ph == SM_IO_ASK) sk->yield_withdrawn++;
      t->io_woken = 0;
      t->io_ph = SM_IO_NONE;
      t->io_round++;
      s->last_activity = cycle;
      return 0;
    }
    if (t->io_ph == SM_IO_WAIT) {
      t->io_ph = kk->yield == KMUSIM_YIELD_OFF ? SM_IO_SPIN : SM_IO_ASK;
    }
    return 1;
  default: /* accepted or out: stalled at the yield */
    return 1;
  }
}

static void step_simt(sm_model *s, unsigned i, uint64_t cycle) {
  sm_tb *t = &s->tb[i];
  sm_ss *ss = &s->ss[t->sm];
  loads_return(t, cycle);
  if (t->wpev) {
    if (ss->ev_tb == (int)i && ss->phase == WP_RUN && t->progress < t->target)
      t->progress++, s->last_activity = cycle;
    return;
  }
  if (t->st == SM_T_EXIT) {
    for (unsigned k = 0; k < t->warps; k++)
      if (t->w[k].exit_wait) t->w[k].exit_wait--;
    return;
  }
  if (t->st == SM_T_DONE) return;
  /* barriers: every warp arrives (a stopped one does not), then it releases.  Arrival and
   * release go on while the TB is paused or being read back after a restore: the barrier
   * instruction is already issued (part of the drain), and a victim waiting at the barrier
   * (barrier skip off) must not wait for warps that a TB-level pause would otherwise freeze */
  if (t->bar_on) {
    int all = 1;
    for (unsigned k = 0; k < t->warps; k++) {
      sm_warp *w = &t->w[k];
      if (!w->arrived && !w->skipped && !(ss->stop >> w->slot & 1)) {
        if (w->bar_wait) w->bar_wait--;
        else w->arrived = 1;
      }
      all &= w->arrived;
    }
    if (all) {
      t->bar_on = 0;
      t->bars_done++;
      for (unsigned k = 0; k < t->warps; k++) t->w[k].arrived = 0;
    }
    return;
  }
  if (t->st != SM_T_RUN || t->pause_seen) return;
  if (s->w->k[t->kernel].has_io && io_step(s, t, cycle)) return;
  unsigned nrun = 0;
  for (unsigned k = 0; k < t->warps; k++) nrun += !(ss->stop >> t->w[k].slot & 1);
  if (t->bars_done < t->nbar && t->progress >= (t->bars_done + 1) * t->target / (t->nbar + 1)) {
    t->bar_on = 1;
    for (unsigned k = 0; k < t->warps; k++)
      t->w[k].arrived = 0, t->w[k].skipped = 0, t->w[k].bar_wait = (uint8_t)rnd(s, 0, SM_BAR_SKEW);
    return;
  }
  if (t->progress < t->target || t->loads_issued < t->loads) {
    t->acc += nrun;
    if (t->acc > t->warps) t->acc = t->warps;
    if (t->acc < t->warps) return; /* some warps stopped: a slower run */
    if (t->loads_issued < t->loads &&
        (t->progress >= t->target || t->progress >= t->loads_issued * t->target / t->loads)) {
      uint64_t rc;
      int k = load_warp(s, t);
      if (k >= 0 && mem_model_load(s->mem, cycle, &rc)) {
        load_issued(t, (unsigned)k, rc);
      } else {
        t->stall++;
        s->ks[t->kernel].stall++;
        return;
      }
    }
    if (t->progress < t->target) on_progress(s, t);
    t->acc -= t->warps;
    s->last_activity = cycle;
  }
  /* a stopped warp still has its part of the run to do: no end while one is stopped (so a
   * victim is never flushed into a pending EXIT) */
  if (t->progress == t->target && t->loads_issued == t->loads && t->ret_n == 0 &&
      t->bars_done == t->nbar && !(ss->stop & t->wmask) &&
      (!s->w->k[t->kernel].has_io || t->io_round >= s->w->k[t->kernel].rounds)) {
    t->st = SM_T_EXIT;
    for (unsigned k = 0; k < t->warps; k++) t->w[k].exit_wait = (uint8_t)rnd(s, 0, SM_EXIT_SKEW);
  }
}

/* the victim's flush condition (docs/edge-wp-interfaces.md) from the model's state */
static int warp_status(const sm_model *s, const sm_ss *ss, unsigned slot, uint64_t *inpipe,
                       uint64_t *ld, uint64_t *bar, uint64_t *ibuf, uint64_t *icm) {
  int own = ss->own[slot];
  *inpipe = *ld = *bar = *ibuf = *icm = 0;
  if (own < 0) return 0;
  const sm_tb *t = &s->tb[own];
  const sm_warp *w = &t->w[ss->widx[slot]];
  *inpipe = ss->inpipe[slot] || (t->st == SM_T_EXIT && w->started && !w->exited) ||
            (ss->wr.on && ss->wr.slot == slot && ss->wr.kind == WR_WB);
  *ld = w->ret != 0;
  *bar = t->bar_on && w->arrived;
  *ibuf = ss->ibuf[slot] != 0;
  *icm = ss->icm[slot] != 0;
  return 1;
}

static const sm_warp *warp_of(const sm_model *s, const sm_ss *ss, unsigned slot, int *tbi) {
  int own = ss->own[slot];
  *tbi = own;
  if (own < 0) return NULL;
  return &s->tb[own].w[ss->widx[slot]];
}

/* next cycle's driven values of SM m */
static void prepare(sm_model *s, unsigned m, uint64_t cycle) {
  sm_ss *ss = &s->ss[m];
  kmu_sm_in *d = &ss->drv;
  const unsigned nw = s->cfg->warps < 64 ? s->cfg->warps : 64;
  const uint64_t iss = kmu_rng_next(&s->srng), l0 = kmu_rng_next(&s->srng),
                 l1 = kmu_rng_next(&s->srng);
  d->simt_inst_valid_i = d->simt_inst_rtb_i = d->simt_paused_i = 0;
  d->simt_wstart_valid_i = d->simt_wstart_warp_i = d->simt_wstart_regs_i = 0;
  d->simt_wexit_valid_i = d->simt_wexit_warp_i = 0;
  d->rf_rd_valid_i = d->rf_rd_warp_i = d->rf_rd_reg_i = 0;
  d->w_live_i = d->w_inpipe_i = d->w_ld_i = d->w_bar_i = d->w_ibuf_i = d->w_icmiss_i = 0;
  d->rsave_done_i = d->ev_done_i = d->rrest_done_i = 0;
  /* ---- warp status at the edge ---- */
  /* i-cache misses: one candidate slot per cycle, missing with probability
   * SM_ICM_PERMILLE * WARPS / 1000 when it runs (SM_ICM_PERMILLE / 1000 per running warp) */
  const unsigned icm_slot = (unsigned)kmu_rng_below(&s->srng, nw);
  const int icm_hit = kmu_rng_below(&s->srng, 1000) < (uint64_t)SM_ICM_PERMILLE * nw;
  for (unsigned slot = 0; slot < nw; slot++) {
    int tbi;
    const sm_warp *w = warp_of(s, ss, slot, &tbi);
    if (!w) {
      ss->inpipe[slot] = ss->ibuf[slot] = ss->icm[slot] = 0;
      continue;
    }
    const sm_tb *t = &s->tb[tbi];
    const int stopped = (int)(ss->stop >> slot & 1);
    const int live = w->started && !w->exited;
    const int atbar = t->bar_on && w->arrived && !w->skipped;
    const int running = live && (t->st == SM_T_RUN || t->st == SM_T_EXIT) && !t->pause_seen &&
                        !stopped && !atbar && !io_stalled(t);
    const unsigned lat = 1 + (unsigned)(l0 >> slot & 1) + 2 * (unsigned)(l1 >> slot & 1);
    if (ss->inpipe[slot]) ss->inpipe[slot]--;
    if (running) {
      if (iss >> slot & 1) ss->inpipe[slot] = (uint8_t)lat;
      ss->ibuf[slot] = SM_IBUF;
    } else if (live && (stopped || t->pause_seen) && !atbar && ss->ibuf[slot]) {
      ss->ibuf[slot]--;
      if (ss->inpipe[slot] < lat) ss->inpipe[slot] = (uint8_t)lat;
    }
    if (ss->icm[slot]) ss->icm[slot]--;
    else if (running && icm_hit && slot == icm_slot)
      ss->icm[slot] = (uint8_t)rnd(s, SM_ICM_MIN, SM_ICM_MAX);
  }
  /* ---- warp exits: the victim first when it may leave while flushed, else in TB order ---- */
  int ex = -1;
  if (ss->wp_on && ss->phase == WP_FLUSH && !ss->vexited) {
    int tbi;
    const sm_warp *w = warp_of(s, ss, (unsigned)ss->vslot, &tbi);
    /* the controller was flushing in the observed cycle and saw the warp in the pipeline (its
     * EXIT): it is still flushing in the next, where an exit of the victim is allowed */
    if (w && s->tb[tbi].st == SM_T_EXIT && w->started && !w->exited && !w->exit_wait &&
        (ss->stop >> ss->vslot & 1) && (ss->last_inpipe >> ss->vslot & 1) &&
        !(ss->wr.on && ss->wr.slot == (unsigned)ss->vslot))
      ex = ss->vslot;
  }
  for (unsigned e = 0; e < s->tbs && ex < 0; e++) {
    const sm_tb *t = &s->tb[m * s->tbs + e];
    if (!t->busy || t->st != SM_T_EXIT || t->wpev) continue;
    for (unsigned k = 0; k < t->warps; k++) {
      const sm_warp *w = &t->w[k];
      if (!w->started || w->exited || w->exit_wait) continue;
      if (ss->wp_on && w->slot == (unsigned)ss->vslot) continue;
      if (ss->stop >> w->slot & 1) continue;
      if (ss->wr.on && ss->wr.slot == w->slot) continue;
      ex = w->slot;
      break;
    }
  }
  if (ex >= 0) d->simt_wexit_valid_i = 1, d->simt_wexit_warp_i = (unsigned)ex;
  /* ---- warp start ---- */
  if (ss->wsq_n) {
    unsigned slot = ss->wsq[ss->wsq_h];
    d->simt_wstart_valid_i = 1;
    d->simt_wstart_warp_i = slot;
    d->simt_wstart_regs_i = s->tb[ss->own[slot]].rpw & 0xff;
  }
  /* ---- status bits ---- */
  for (unsigned slot = 0; slot < nw; slot++) {
    const int own = ss->own[slot];
    if (own < 0) continue;
    const sm_tb *t = &s->tb[own];
    const sm_warp *w = &t->w[ss->widx[slot]];
    const uint64_t b = 1ull << slot;
    if (w->started && !w->exited && !t->ewarp) d->w_live_i |= b;
    if (ss->inpipe[slot] || (t->st == SM_T_EXIT && w->started && !w->exited)) d->w_inpipe_i |= b;
    if (w->ret) d->w_ld_i |= b;
    if (t->bar_on && w->arrived) d->w_bar_i |= b;
    if (ss->ibuf[slot]) d->w_ibuf_i |= b;
    if (ss->icm[slot]) d->w_icmiss_i |= b;
  }
  /* ---- TB pause: drained ---- */
  for (unsigned e = 0; e < s->tbs; e++) {
    const unsigned idx = m * s->tbs + e;
    sm_tb *t = &s->tb[idx];
    if (!t->busy || !t->pause_seen) continue;
    if (!t->paused) {
      if (t->drain) {
        t->drain--;
        continue;
      }
      int quiet = t->ret_n == 0 && !(ss->wr.on && ss->wr.tb == (int)idx && ss->wr.kind == WR_WB);
      for (unsigned k = 0; k < t->warps && quiet; k++) quiet = !ss->inpipe[t->w[k].slot];
      for (unsigned j = 0; j < ss->wsq_n && quiet; j++)
        quiet = !(t->wmask >> ss->wsq[(ss->wsq_h + j) % 64] & 1);
      if (!quiet) continue;
      t->paused = 1;
    }
    d->simt_paused_i |= 1ull << e;
  }
  /* ---- the write port: rrest, the event warp, then write-backs ---- */
  if (!ss->wr.on) {
    port_op *w = &ss->wr;
    if (ss->rr_state == 1 && ss->rr_next < ss->nregs) {
      w->on = 1, w->kind = WR_RREST, w->slot = (unsigned)ss->vslot, w->reg = ss->rr_next;
      w->data = ss->sbuf[ss->rr_next], w->tb = -1;
    } else if (ss->wp_on && ss->phase == WP_RUN && ss->evw_next < ss->evw_n) {
      w->on = 1, w->kind = WR_EV, w->slot = (unsigned)ss->vslot, w->reg = ss->evw_next;
      w->data = (uint32_t)kmu_rng_next(&s->srng), w->tb = ss->ev_tb;
    } else {
      for (unsigned j = 0; j < s->tbs && !w->on; j++) {
        const unsigned e = (ss->rr_wr + 1 + j) % s->tbs, idx = m * s->tbs + e;
        sm_tb *t = &s->tb[idx];
        if (!t->busy || t->wpev || t->st != SM_T_RUN || t->pause_seen || !t->wb_pend || !t->rpe ||
            io_stalled(t))
          continue;
        unsigned cand[64], nc = 0;
        for (unsigned k = 0; k < t->warps; k++) {
          const sm_warp *x = &t->w[k];
          if (x->started && !x->exited && !(ss->stop >> x->slot & 1) &&
              !(ss->wp_on && x->slot == (unsigned)ss->vslot))
            cand[nc++] = k;
        }
        if (!nc) continue;
        const unsigned k = cand[kmu_rng_below(&s->srng, nc)];
        w->on = 1, w->kind = WR_WB, w->tb = (int)idx, w->widx = k, w->slot = t->w[k].slot;
        w->reg = rnd(s, 0, t->rpe - 1);
        w->data = (uint32_t)kmu_rng_next(&s->srng);
        t->wb_pend--;
        ss->rr_wr = e;
        /* the SIMT's own shared-memory stores */
        if (t->nshm && kmu_rng_pct(&s->srng, 25))
          t->shm[kmu_rng_below(&s->srng, t->nshm)] = (uint32_t)kmu_rng_next(&s->srng);
      }
    }
  }
  /* a write-back on the port (held or new) is an instruction in the pipeline of its warp */
  if (ss->wr.on && ss->wr.kind == WR_WB) d->w_inpipe_i |= 1ull << ss->wr.slot;
  /* ---- the read port: rsave, rrest read-back, then restore verification ---- */
  {
    port_op *r = &ss->rd;
    memset(r, 0, sizeof *r);
    if (ss->rs_state == 1 && ss->rs_next < ss->nregs) {
      r->on = 1, r->kind = RD_RSAVE, r->slot = (unsigned)ss->vslot, r->reg = ss->rs_next++;
    } else if (ss->rr_state == 2 && ss->rr_rnext < ss->nregs) {
      r->on = 1, r->kind = RD_RREST, r->slot = (unsigned)ss->vslot, r->reg = ss->rr_rnext++;
    } else {
      for (unsigned j = 0; j < ss->vq_n && !r->on; j++) {
        sm_tb *t = &s->tb[ss->vq[j]];
        for (unsigned k = 0; k < t->warps; k++) {
          sm_warp *w = &t->w[k];
          /* the victim's slot only while it is being flushed (the event warp writes it later) */
          if (!w->vrem || (ss->wp_on && w->slot == (unsigned)ss->vslot && ss->phase != WP_FLUSH))
            continue;
          const unsigned reg = kmu_ctz64(w->vrem);
          w->vrem &= ~(1u << reg);
          r->on = 1, r->kind = RD_VERIFY, r->tb = ss->vq[j], r->widx = k, r->slot = w->slot;
          r->reg = reg;
          break;
        }
      }
    }
    if (r->on) d->rf_rd_valid_i = 1, d->rf_rd_warp_i = r->slot, d->rf_rd_reg_i = r->reg;
  }
  /* restored TBs whose registers are all read back run */
  for (unsigned j = 0; j < ss->vq_n;) {
    const int ti = ss->vq[j];
    sm_tb *t = &s->tb[ti];
    int left = (ss->rd.on && ss->rd.kind == RD_VERIFY && ss->rd.tb == ti) ||
               (ss->rp.on && ss->rp.kind == RD_VERIFY && ss->rp.tb == ti);
    for (unsigned k = 0; k < t->warps && !left; k++) left = t->w[k].vrem != 0;
    if (left) {
      j++;
      continue;
    }
    t->st = SM_T_RUN;
    memmove(&ss->vq[j], &ss->vq[j + 1], (ss->vq_n - j - 1) * sizeof *ss->vq);
    ss->vq_n--;
  }
  if (ss->rs_state == 1 && ss->rs_got == ss->nregs) ss->rs_state = 0, d->rsave_done_i = 1;
  if (ss->rr_state == 2 && ss->rr_got == ss->nregs) ss->rr_state = 0, d->rrest_done_i = 1;
  /* ---- the event warp's end ---- */
  if (ss->wp_on && ss->phase == WP_RUN && ss->ev_tb >= 0) {
    const sm_tb *t = &s->tb[ss->ev_tb];
    if (t->progress >= t->target && ss->evw_next >= ss->evw_n) d->ev_done_i = 1ull << ss->vslot;
  }
  /* ---- retirements: one per SM, round-robin over running TBs ---- */
  ss->in_tb = -1;
  for (unsigned j = 0; j < s->tbs; j++) {
    const unsigned e = (ss->rr_inst + 1 + j) % s->tbs, idx = m * s->tbs + e;
    const sm_tb *t = &s->tb[idx];
    if (!t->busy || t->ewarp || t->wpev || t->pause_seen || t->ins_gen <= t->ins_rep ||
        (t->st != SM_T_RUN && t->st != SM_T_EXIT) || io_stalled(t))
      continue;
    d->simt_inst_valid_i = 1;
    d->simt_inst_rtb_i = e;
    ss->in_tb = (int)idx;
    ss->rr_inst = e;
    break;
  }
  /* ---- GPUpIO yield lane: the TB on it keeps it while it still asks; else the first asking
   * TB in entry order (not paused: the SIMT withdraws the event of a paused TB) ---- */
  d->simt_yield_valid_i = d->simt_yield_rtb_i = d->simt_yield_addr_i = 0;
  if (ss->y_tb >= 0) {
    const sm_tb *t = &s->tb[ss->y_tb];
    if (!t->busy || t->io_ph != SM_IO_ASK || t->pause_seen || t->st != SM_T_RUN) ss->y_tb = -1;
  }
  for (unsigned e = 0; e < s->tbs && ss->y_tb < 0; e++) {
    const sm_tb *t = &s->tb[m * s->tbs + e];
    if (t->busy && t->io_ph == SM_IO_ASK && !t->pause_seen && t->st == SM_T_RUN)
      ss->y_tb = (int)(m * s->tbs + e);
  }
  if (ss->y_tb >= 0) {
    const sm_tb *t = &s->tb[ss->y_tb];
    d->simt_yield_valid_i = 1;
    d->simt_yield_rtb_i = t->rtb;
    d->simt_yield_addr_i = s->w->k[t->kernel].yield == KMUSIM_YIELD_ADDR
                               ? kmusim_ioflag((unsigned)t->kernel, t->tb)
                               : 0;
  }
  /* ---- register save / restore handshakes: ready now and then ---- */
  d->rsave_ready_i = kmu_rng_pct(&s->srng, SM_RDY_PCT);
  d->rrest_ready_i = kmu_rng_pct(&s->srng, SM_RDY_PCT);
  (void)cycle;
}

void sm_model_tick(sm_model *s, uint64_t cycle) {
  s->cycle = cycle;
  for (unsigned a = 0; a < s->nact;) {
    unsigned i = s->act[a];
    sm_tb *t = &s->tb[i];
    if (!s->simt) {
      if (step_legacy(s, t, cycle)) {
        finish_tb(s, i, cycle);
        /* leaves the running list; the order of the others is kept */
        memmove(&s->act[a], &s->act[a + 1], (s->nact - a - 1) * sizeof *s->act);
        s->nact--;
        continue;
      }
      a++;
      continue;
    }
    step_simt(s, i, cycle);
    a++;
  }
  if (!s->simt) return;
  /* finished: every warp exited, no event warp left in its slots, every retirement reported */
  for (unsigned a = 0; a < s->nact;) {
    unsigned i = s->act[a];
    sm_tb *t = &s->tb[i];
    if (t->st == SM_T_EXIT && !t->wpev) {
      const sm_ss *ss = &s->ss[t->sm];
      int done = !(ss->host & t->wmask) && t->ins_rep >= t->ins_gen;
      for (unsigned k = 0; k < t->warps && done; k++) done = t->w[k].exited;
      if (done) {
        finish_tb(s, i, cycle);
        memmove(&s->act[a], &s->act[a + 1], (s->nact - a - 1) * sizeof *s->act);
        s->nact--;
        continue;
      }
    }
    a++;
  }
  for (unsigned m = 0; m < s->nsm; m++) prepare(s, m, cycle);
}

int sm_model_idle(const sm_model *s) { return s->running == 0; }

unsigned sm_model_evicted(const sm_model *s, unsigned sm) {
  return s->simt && sm < s->nsm ? s->ss[sm].nev : 0;
}

const sm_tb *sm_model_evicted_tb(const sm_model *s, unsigned sm, unsigned e) {
  return &s->ss[sm].ev[e];
}

/* TReM: the evicted TBs of kmusim instance `inst` are dropped (a revocation discards them:
 * they are never restored); returns how many were forgotten */
unsigned sm_model_forget(sm_model *s, uint32_t inst) {
  unsigned n = 0;
  for (unsigned m = 0; s->simt && m < s->nsm; m++) {
    sm_ss *ss = &s->ss[m];
    for (unsigned e = 0; e < ss->nev;) {
      if (ss->ev[e].inst != inst) {
        e++;
        continue;
      }
      /* the work lost (TReM VI-B.2: the elapsed time between the start and the kill); a TB
       * preempted and restored before counts from its first start, its time away included */
      s->ks[ss->ev[e].kernel].dropped_cycles += ss->ev[e].evict_at - ss->ev[e].start;
      if (ss->ev[e].io_ph == SM_IO_OUT) s->ks[ss->ev[e].kernel].yields_dropped++;
      tb_release(&ss->ev[e]);
      ss->ev[e] = ss->ev[--ss->nev];
      s->running--;
      n++;
    }
  }
  return n;
}

/* TReM: TBs of instance `inst` resident on the SMs (started, not done, not evicted) */
unsigned sm_model_resident(const sm_model *s, uint32_t inst) {
  unsigned n = 0;
  for (unsigned i = 0; i < s->nsm * s->tbs; i++) n += s->tb[i].busy && s->tb[i].inst == inst;
  return n;
}

/* ---------------------------------------------------------------- SIMT drive */
void sm_model_drive_sm(const sm_model *s, unsigned sm, uint64_t cycle, kmu_sm_in *i) {
  (void)cycle;
  if (!s->simt || sm >= s->nsm) return;
  const kmu_sm_in *d = &s->ss[sm].drv;
  const port_op *w = &s->ss[sm].wr;
  i->simt_inst_valid_i = d->simt_inst_valid_i;
  i->simt_inst_rtb_i = d->simt_inst_rtb_i;
  i->simt_paused_i = d->simt_paused_i;
  i->simt_wstart_valid_i = d->simt_wstart_valid_i;
  i->simt_wstart_warp_i = d->simt_wstart_warp_i;
  i->simt_wstart_regs_i = d->simt_wstart_regs_i;
  i->simt_wexit_valid_i = d->simt_wexit_valid_i;
  i->simt_wexit_warp_i = d->simt_wexit_warp_i;
  i->rf_wr_valid_i = (uint64_t)w->on;
  i->rf_wr_warp_i = w->on ? w->slot : 0;
  i->rf_wr_reg_i = w->on ? w->reg : 0;
  i->rf_wr_data_i = w->on ? w->data : 0;
  i->rf_rd_valid_i = d->rf_rd_valid_i;
  i->rf_rd_warp_i = d->rf_rd_warp_i;
  i->rf_rd_reg_i = d->rf_rd_reg_i;
  i->w_live_i = d->w_live_i;
  i->w_inpipe_i = d->w_inpipe_i;
  i->w_ld_i = d->w_ld_i;
  i->w_bar_i = d->w_bar_i;
  i->w_ibuf_i = d->w_ibuf_i;
  i->w_icmiss_i = d->w_icmiss_i;
  i->rsave_ready_i = d->rsave_ready_i;
  i->rsave_done_i = d->rsave_done_i;
  i->ev_done_i = d->ev_done_i;
  i->rrest_ready_i = d->rrest_ready_i;
  i->rrest_done_i = d->rrest_done_i;
  i->simt_yield_valid_i = d->simt_yield_valid_i;
  i->simt_yield_rtb_i = d->simt_yield_rtb_i;
  i->simt_yield_addr_i = d->simt_yield_addr_i;
}

void sm_model_comb_reads(const sm_model *s, unsigned sm, const kmu_sm_out *o, kmu_sm_in *i) {
  i->shm_rdata_i = 0;
  i->ip_rdata_i = 0;
  if (!s->simt || sm >= s->nsm) return;
  const sm_ss *ss = &s->ss[sm];
  if ((o->shm_ren_o & 1) && ss->sv_tb >= 0) {
    const sm_tb *t = &s->tb[ss->sv_tb];
    const uint64_t j = o->shm_raddr_o / s->hw.beat_bytes;
    if (j < t->nshm) i->shm_rdata_i = t->shm[j];
  }
  i->ip_rdata_i = ss->ip_rd; /* the word of last cycle's ip_ren_o (0 without one) */
}

/* ---------------------------------------------------------------- SIMT observe */
#define FAILF(...)                          \
  do {                                      \
    snprintf(err, errlen, __VA_ARGS__);     \
    return 0;                               \
  } while (0)

static const char *kn(const sm_model *s, const sm_tb *t) { return s->w->k[t->kernel].name; }

/* the victim's flush condition from the model's state (after this cycle's pulses) */
static int victim_flushed(const sm_model *s, const sm_ss *ss, unsigned slot, uint64_t opt) {
  uint64_t ip, ld, bar, ib, icm;
  if (!warp_status(s, ss, slot, &ip, &ld, &bar, &ib, &icm)) return 0;
  return !ip && !ld && !icm && (!bar || (opt >> 2 & 1)) && (!ib || (opt >> 1 & 1));
}

int sm_model_observe_sm(sm_model *s, unsigned sm, uint64_t cycle, const kmu_sm_in *i,
                        const kmu_sm_out *o, char *err, size_t errlen) {
  if (!s->simt || sm >= s->nsm) FAILF("sm_model_observe_sm: SM %u (SIMT mode: %d)", sm, s->simt);
  s->cycle = cycle;
  sm_ss *ss = &s->ss[sm];
  const unsigned base = sm * s->tbs;
  const unsigned nw = s->cfg->warps < 64 ? s->cfg->warps : 64;
  const uint64_t allw = nw >= 64 ? ~0ull : (1ull << nw) - 1;
  ss->stop = o->vic_stop_o & allw;
  ss->last_inpipe = ss->drv.w_inpipe_i;
  if ((ss->wr.on && (o->rf_wr_ready_o & 1)) || ss->rd.on || ss->drv.simt_inst_valid_i ||
      ss->drv.simt_wstart_valid_i || ss->drv.simt_wexit_valid_i || ss->stop ||
      (o->simt_evict_valid_o & 1) || (o->ctx_cmd_valid_o & 1))
    s->last_activity = cycle;

  /* ---- the read data of the last cycle ---- */
  if (ss->rp.on && ss->rp.kind) {
    const uint32_t data = (uint32_t)o->rf_rd_data_o;
    const port_op *r = &ss->rp;
    if (r->kind == RD_VERIFY) {
      sm_tb *t = &s->tb[r->tb];
      const uint32_t exp = t->reg[r->widx * t->rpe + r->reg];
      s->ks[t->kernel].verified++;
      if (data != exp)
        FAILF("SM %u: restored TB %llu of kernel '%s' (rtb %u): warp %u (slot %u) register %u "
              "reads 0x%08x, expected 0x%08x (its value at the eviction)", sm,
              (unsigned long long)t->tb, kn(s, t), t->rtb, r->widx, r->slot, r->reg, data, exp);
    } else if (r->kind == RD_RSAVE) {
      ss->sbuf[r->reg] = data;
      ss->rs_got++;
      int tbi;
      const sm_warp *w = warp_of(s, ss, r->slot, &tbi);
      if (w && (w->def >> r->reg & 1)) {
        const sm_tb *t = &s->tb[tbi];
        const unsigned k = (unsigned)(w - t->w);
        const uint32_t exp = t->reg[k * t->rpe + r->reg];
        if (data != exp)
          FAILF("SM %u: victim warp %u (slot %u) of TB %llu of kernel '%s' (rtb %u): register %u "
                "reads 0x%08x at its save, expected 0x%08x", sm, k, r->slot,
                (unsigned long long)t->tb, kn(s, t), t->rtb, r->reg, data, exp);
      }
    } else if (r->kind == RD_RREST) {
      ss->rr_got++;
      if (data != ss->sbuf[r->reg]) {
        int tbi;
        const sm_warp *w = warp_of(s, ss, r->slot, &tbi);
        const sm_tb *t = tbi >= 0 ? &s->tb[tbi] : NULL;
        FAILF("SM %u: victim warp %u (slot %u) of TB %llu of kernel '%s': register %u reads "
              "0x%08x after its restore (rrest), saved 0x%08x", sm,
              t && w ? (unsigned)(w - t->w) : 0u, r->slot, t ? (unsigned long long)t->tb : 0ull,
              t ? kn(s, t) : "?", r->reg, data, ss->sbuf[r->reg]);
      }
    }
  }
  ss->rp = ss->rd;
  ss->rd.on = 0;
  /* ---- the write of this cycle ---- */
  if (ss->wr.on && (o->rf_wr_ready_o & 1)) {
    port_op *w = &ss->wr;
    if (w->kind == WR_WB) {
      sm_tb *t = &s->tb[w->tb];
      t->reg[w->widx * t->rpe + w->reg] = w->data;
      t->w[w->widx].def |= 1u << w->reg;
      s->ks[t->kernel].wb_done++;
    } else if (w->kind == WR_EV) {
      ss->evw_next++;
    } else if (w->kind == WR_RREST) {
      if (++ss->rr_next == ss->nregs) ss->rr_state = 2, ss->rr_rnext = ss->rr_got = 0;
    }
    w->on = 0;
  }
  /* ---- retirement, warp start, warp exit ---- */
  if ((i->simt_inst_valid_i & 1) && ss->in_tb >= 0) {
    sm_tb *t = &s->tb[ss->in_tb];
    t->ins_rep++;
    s->ks[t->kernel].insts++;
  }
  if ((i->simt_wstart_valid_i & 1) && ss->wsq_n) {
    const unsigned slot = ss->wsq[ss->wsq_h];
    ss->wsq_h = (ss->wsq_h + 1) % 64;
    ss->wsq_n--;
    int tbi;
    sm_warp *w = (sm_warp *)warp_of(s, ss, slot, &tbi);
    if (w) w->started = 1;
  }
  /* ---- warp-level preemption ---- */
  const int accepted = (o->wp_busy_o & 1) && !ss->prev_busy;
  if (accepted) {
    if (kmu_popc64(ss->stop) != 1)
      FAILF("SM %u: warp-level preemption accepted with vic_stop_o = %#llx (one victim slot "
            "expected)", sm, (unsigned long long)o->vic_stop_o);
    const unsigned vs = kmu_ctz64(ss->stop);
    int tbi;
    const sm_warp *w = warp_of(s, ss, vs, &tbi);
    if (!w || !w->started || w->exited || s->tb[tbi].ewarp)
      FAILF("SM %u: warp-level preemption of slot %u, which holds no live background warp", sm,
            vs);
    /* the event warp's entry and identity: kmu_sm's ev_rtb_o (valid while wp_busy_o) and
     * ev_tb_o / ev_param_o / ev_slot_o (latched at the acceptance) */
    const unsigned e = (unsigned)o->ev_rtb_o, idx = base + e;
    if (e >= s->tbs || s->tb[idx].busy)
      FAILF("SM %u: warp-level event warp in entry %u (ev_rtb_o), which is %s", sm, e,
            e >= s->tbs ? "out of range" : "in use");
    const int k = kmusim_kernel_by_kptr(s->w, o->stk_pc_o);
    if (k < 0)
      FAILF("SM %u: warp-level event warp with stk_pc_o = 0x%llx: no such kernel", sm,
            (unsigned long long)o->stk_pc_o);
    s->ks[s->tb[tbi].kernel].wp_victims++;
    sm_tb *t = &s->tb[idx];
    tb_release(t);
    memset(t, 0, sizeof *t);
    const kmusim_kernel *kk = &s->w->k[k];
    t->busy = 1, t->wpev = 1, t->kernel = k, t->inst = SM_INST_NONE, t->warps = 1;
    t->kptr = kk->kptr, t->sm = sm, t->rtb = e, t->start = cycle, t->st = SM_T_RUN;
    t->ident = 1, t->tb = (uint32_t)o->ev_tb_o, t->param = (uint32_t)o->ev_param_o;
    t->slot = o->ev_slot_o & 0xff;
    uint64_t c = kk->cycles;
    if (kk->jitter) {
      uint64_t span = c * kk->jitter / 100;
      uint64_t dd = kmu_rng_below(&s->srng, 2 * span + 1);
      c = c + dd >= span + 1 ? c + dd - span : 1;
    }
    t->target = c;
    t->w = calloc(1, sizeof *t->w);
    s->busy_tbs[sm]++;
    s->running++;
    s->act[s->nact++] = idx;
    s->ks[k].tbs++;
    s->ks[k].cycles += c;
    s->ks[k].ewarps_wp++;
    ss->wp_on = 1, ss->phase = WP_FLUSH, ss->vslot = (int)vs, ss->ev_tb = (int)idx;
    ss->saved = ss->vexited = ss->rs_done = ss->rr_done = 0;
    ss->rs_state = ss->rr_state = 0;
    ss->nregs = ss->evw_n = ss->evw_next = 0;
    if (s->on_wpev) s->on_wpev(s->wpev_user, s, t, cycle);
  }
  /* this cycle's warp exit (after the acceptance: a victim taken in the last cycle may exit
   * in its first flushing cycle, the controller's "victim exits while flushed") */
  if (i->simt_wexit_valid_i & 1) {
    const unsigned slot = (unsigned)i->simt_wexit_warp_i;
    int tbi;
    sm_warp *w = slot < 64 ? (sm_warp *)warp_of(s, ss, slot, &tbi) : NULL;
    if (w) w->exited = 1;
    /* the victim exited while being flushed: the event warp takes the slot (ev_start next
     * cycle), which stays the TB's until its ev_done (so the TB's done waits) */
    if (ss->wp_on && (int)slot == ss->vslot) ss->vexited = 1, ss->host |= 1ull << slot;
  }
  {
    const uint64_t ctl = o->ibuf_flush_o | o->bar_skip_o | o->ld_drop_o | o->stk_push_o |
                         o->ev_start_o | o->stk_pop_o | o->bar_reins_o | o->vic_resume_o;
    if (!ss->wp_on) {
      if (ctl || (o->rsave_valid_o & 1) || (o->rrest_valid_o & 1) || ss->stop)
        FAILF("SM %u: warp-level control (vic_stop %#llx, pulses %#llx, rsave %llu, rrest %llu) "
              "with no warp-level preemption in progress", sm, (unsigned long long)o->vic_stop_o,
              (unsigned long long)ctl, (unsigned long long)(o->rsave_valid_o & 1),
              (unsigned long long)(o->rrest_valid_o & 1));
    } else {
      const unsigned vs = (unsigned)ss->vslot;
      const uint64_t vb = 1ull << vs;
      int tbi;
      sm_warp *w = (sm_warp *)warp_of(s, ss, vs, &tbi);
      sm_tb *vt = tbi >= 0 ? &s->tb[tbi] : NULL;
      if (ctl & ~vb)
        FAILF("SM %u: warp-level control pulses %#llx beyond the victim's slot %u", sm,
              (unsigned long long)ctl, vs);
      if ((o->ibuf_flush_o | o->bar_skip_o | o->ld_drop_o) && ss->phase != WP_FLUSH)
        FAILF("SM %u: flush pulse on victim slot %u after its flush (phase %d)", sm, vs,
              ss->phase);
      if ((o->ibuf_flush_o & vb)) ss->ibuf[vs] = 0;
      if ((o->bar_skip_o & vb) && w && vt->bar_on && w->arrived) {
        w->arrived = 0, w->skipped = 1;
        s->ks[vt->kernel].bar_skips++;
      }
      if ((o->ld_drop_o & vb) && w && w->ret) {
        w->ret = 0;
        vt->ret_n--;
        vt->loads_issued--;
        s->ks[vt->kernel].ld_drops++;
      }
      if (o->stk_push_o & vb) {
        if (ss->phase != WP_FLUSH || ss->vexited)
          FAILF("SM %u: stk_push on slot %u in phase %d", sm, vs, ss->phase);
        if (!victim_flushed(s, ss, vs, i->opt_i))
          FAILF("SM %u: stk_push on victim slot %u, which is not flushed", sm, vs);
        ss->phase = WP_PUSHED;
      }
      if ((o->rsave_valid_o & 1) && (i->rsave_ready_i & 1)) {
        if (ss->phase != WP_PUSHED || ss->saved || o->rsave_warp_o != vs)
          FAILF("SM %u: rsave of slot %llu in phase %d (victim slot %u, saved %d)", sm,
                (unsigned long long)o->rsave_warp_o, ss->phase, vs, ss->saved);
        ss->saved = 1;
        ss->nregs = (unsigned)(o->rsave_nregs_o < s->hw.rpw ? o->rsave_nregs_o : s->hw.rpw);
        ss->rs_state = 1, ss->rs_next = ss->rs_got = 0;
      }
      if (o->ev_start_o) {
        if (o->ev_start_o != vb)
          FAILF("SM %u: ev_start_o %#llx, victim slot %u", sm,
                (unsigned long long)o->ev_start_o, vs);
        const int pushed_ok = ss->phase == WP_PUSHED && (!ss->saved || ss->rs_done);
        const int free_ok = ss->phase == WP_FLUSH && ss->vexited;
        if (!pushed_ok && !free_ok)
          FAILF("SM %u: ev_start on slot %u in phase %d (victim exited %d, registers saved %d, "
                "save done %d)", sm, vs, ss->phase, ss->vexited, ss->saved, ss->rs_done);
        ss->phase = WP_RUN;
        ss->host |= vb;
        if (ss->ev_tb >= 0) {
          sm_kstat *ek = &s->ks[s->tb[ss->ev_tb].kernel];
          if (free_ok) ek->ewarps_wp_free++;
          else if (ss->saved) ek->ewarps_wp_saved++;
        }
        ss->evw_n = ss->saved ? ss->nregs : 0;
        ss->evw_next = 0;
        if (ss->ev_tb >= 0) s->tb[ss->ev_tb].evslot = vs, s->tb[ss->ev_tb].start = cycle;
      }
      if (o->stk_pop_o & vb) {
        if (ss->phase != WP_EVDONE || ss->vexited)
          FAILF("SM %u: stk_pop on slot %u in phase %d", sm, vs, ss->phase);
        ss->phase = WP_POPPED;
      }
      if (o->bar_reins_o & vb) {
        if (!(o->stk_pop_o & vb)) FAILF("SM %u: bar_reins on slot %u without stk_pop", sm, vs);
        if (w && w->skipped) w->skipped = 0, w->arrived = 1;
      }
      if ((o->rrest_valid_o & 1) && (i->rrest_ready_i & 1)) {
        if (ss->phase != WP_POPPED || !ss->saved || o->rrest_warp_o != vs || ss->rr_state ||
            ss->rr_done)
          FAILF("SM %u: rrest of slot %llu in phase %d (victim slot %u, saved %d)", sm,
                (unsigned long long)o->rrest_warp_o, ss->phase, vs, ss->saved);
        ss->rr_state = ss->nregs ? 1 : 2, ss->rr_next = ss->rr_rnext = ss->rr_got = 0;
      }
      if (o->vic_resume_o & vb) {
        if (ss->phase != WP_POPPED || (ss->saved && !ss->rr_done))
          FAILF("SM %u: vic_resume on slot %u in phase %d (saved %d, restored %d)", sm, vs,
                ss->phase, ss->saved, ss->rr_done);
        ss->phase = 0;
      }
      /* pulses driven by the model this cycle */
      if (i->rsave_done_i & 1) ss->rs_done = 1;
      if (i->rrest_done_i & 1) ss->rr_done = 1;
      if (i->ev_done_i & vb) {
        ss->phase = WP_EVDONE;
        ss->host &= ~vb;
        if (ss->ev_tb >= 0) {
          const unsigned ei = (unsigned)ss->ev_tb;
          act_remove(s, ei);
          finish_tb(s, ei, cycle);
          ss->ev_tb = -1;
        }
      }
    }
    if (!(o->wp_busy_o & 1) && ss->wp_on) {
      if (ss->phase != 0 && !(ss->vexited && ss->phase == WP_EVDONE))
        FAILF("SM %u: the warp-level preemption of slot %d ended in phase %d", sm, ss->vslot,
              ss->phase);
      ss->wp_on = 0, ss->phase = 0, ss->vslot = -1;
    }
    ss->prev_busy = (int)(o->wp_busy_o & 1);
  }
  /* ---- GPUpIO yield: the acceptance, then the answer (which may be in the same cycle) ---- */
  if ((i->simt_yield_valid_i & 1) && (o->simt_yield_ready_o & 1)) {
    sm_tb *t = ss->y_tb >= 0 ? &s->tb[ss->y_tb] : NULL;
    if (!t || t->io_ph != SM_IO_ASK || t->rtb != i->simt_yield_rtb_i)
      FAILF("SM %u: yield of entry %llu accepted, which does not ask for one", sm,
            (unsigned long long)i->simt_yield_rtb_i);
    t->io_ph = SM_IO_ACC;
    ss->y_tb = -1;
    s->last_activity = cycle;
  }
  if (o->simt_yres_valid_o & 1) {
    const unsigned e = (unsigned)o->simt_yres_rtb_o;
    sm_tb *t = e < s->tbs ? &s->tb[base + e] : NULL;
    if (!t || !t->busy || t->io_ph != SM_IO_ACC)
      FAILF("SM %u: yield answer %llu for entry %u, which has no yield accepted", sm,
            (unsigned long long)o->simt_yres_code_o, e);
    sm_kstat *sk = &s->ks[t->kernel];
    switch ((unsigned)o->simt_yres_code_o) {
    case KMU_YR_TAKEN:
    case KMU_YR_SPIN:
      if ((o->simt_yres_code_o == KMU_YR_SPIN) != (s->w->k[t->kernel].yield == KMUSIM_YIELD_SPIN))
        FAILF("SM %u: yield of TB %llu of kernel '%s' (address 0x%08x) answered %s", sm,
              (unsigned long long)t->tb, kn(s, t),
              s->w->k[t->kernel].yield == KMUSIM_YIELD_ADDR ? kmusim_ioflag((unsigned)t->kernel, t->tb) : 0u,
              o->simt_yres_code_o == KMU_YR_SPIN ? "SPIN" : "TAKEN");
      t->io_ph = SM_IO_OUT;
      t->io_took = 1;
      sk->yields++;
      sk->yield_spins += o->simt_yres_code_o == KMU_YR_SPIN;
      break;
    default: /* refused: the TB spins in place until its flag is visible */
      t->io_ph = SM_IO_SPIN;
      if (o->simt_yres_code_o == KMU_YR_FULL) sk->yield_full++;
      else sk->yield_nowork++;
      break;
    }
    s->last_activity = cycle;
  }
  /* ---- TB-level pause ---- */
  for (unsigned e = 0; e < s->tbs; e++) {
    sm_tb *t = &s->tb[base + e];
    if (!t->busy || t->wpev || t->finished) continue;
    const int pz = (int)(o->simt_pause_o >> e & 1);
    if (pz && !t->pause_seen && (t->st == SM_T_RUN || t->st == SM_T_VERIFY)) {
      s->last_activity = cycle;
      t->pause_seen = 1, t->paused = 0, t->pause_at = cycle;
      t->drain = rnd(s, s->hw.drain_min, s->hw.drain_max);
      s->ks[t->kernel].pauses++;
    } else if (!pz && t->pause_seen) {
      if (t->io_ph == SM_IO_OUT)
        FAILF("SM %u: TB %llu of kernel '%s' (rtb %u) resumed after its taken yield without an "
              "eviction", sm, (unsigned long long)t->tb, kn(s, t), t->rtb);
      s->ks[t->kernel].paused_cycles += cycle - t->pause_at;
      t->pause_seen = t->paused = 0;
    }
  }
  /* ---- context commands (the save's TB, the restore's shared memory) ---- */
  if ((o->ctx_cmd_valid_o & 1) && (o->ctx_cmd_ready_o & 1)) {
    if (o->ctx_cmd_op_o == KMU_CTX_OP_RESTORE) {
      /* a TB's second area (same slots) goes on writing its collection; else a new one */
      const uint64_t wm = o->ctx_cmd_wmask_o;
      if (ss->rs_cur < 0 || ss->rs[ss->rs_cur].wmask != wm) {
        int c = -1;
        for (int k = SM_RS_COLS - 1; k >= 0; k--)
          if (!ss->rs[k].on) c = k;
        if (c < 0)
          FAILF("SM %u: restore command for warp mask %#llx with %d restores already waiting "
                "for their start", sm, (unsigned long long)wm, SM_RS_COLS);
        ss->rs[c].on = 1;
        ss->rs[c].wmask = wm;
        memset(ss->rs[c].got, 0, ss->rsm_n ? ss->rsm_n : 1);
        ss->rs_cur = c;
      }
    } else {
      const uint64_t wm = o->ctx_cmd_wmask_o;
      const int own = wm ? ss->own[kmu_ctz64(wm)] : -1;
      const sm_tb *t = own >= 0 ? &s->tb[own] : NULL;
      if (!t || t->wmask != wm || !t->paused)
        FAILF("SM %u: save command for warp mask %#llx: %s", sm, (unsigned long long)wm,
              !t ? "no TB holds those slots" : t->wmask != wm ? "not one TB's slots"
                                                            : "its TB is not paused");
      if (ss->wp_on && (wm >> ss->vslot & 1))
        FAILF("SM %u: save command for TB %llu while its warp in slot %d is in a warp-level "
              "preemption", sm, (unsigned long long)t->tb, ss->vslot);
      ss->sv_tb = own;
    }
  }
  if ((o->shm_ren_o & 1) && ss->sv_tb < 0)
    FAILF("SM %u: shared-memory read at %llu with no save running", sm,
          (unsigned long long)o->shm_raddr_o);
  if (o->shm_wen_o & 1) {
    const uint64_t j = o->shm_waddr_o / s->hw.beat_bytes;
    if (ss->rs_cur < 0 || j >= ss->rsm_n)
      FAILF("SM %u: shared-memory write at %llu %s", sm, (unsigned long long)o->shm_waddr_o,
            ss->rs_cur >= 0 ? "beyond the SM's shared memory" : "with no restore running");
    ss->rs[ss->rs_cur].rsm[j] = (uint32_t)o->shm_wdata_o;
    ss->rs[ss->rs_cur].got[j] = 1;
  }
  if ((o->ip_wen_o & 1) || (o->ip_ren_o & 1)) {
    if (!s->hw.ipb) FAILF("SM %u: on-chip store access at %llu with IPB = 0", sm,
                          (unsigned long long)o->ip_addr_o);
    if (o->ip_wen_o & 1) ip_put(&ss->ip, (uint32_t)o->ip_addr_o, (uint32_t)o->ip_wdata_o);
  }
  /* the store reads like a block RAM (ctxboard): ip_rdata_i of the next cycle */
  ss->ip_rd = (o->ip_ren_o & 1) ? ip_get(&ss->ip, (uint32_t)o->ip_addr_o) : 0;
  if ((o->ctx_done_o & 1) && ss->sv_tb >= 0) ss->sv_tb = -1;
  /* ---- eviction ---- */
  if (o->simt_evict_valid_o & 1) {
    const unsigned e = (unsigned)o->simt_evict_rtb_o, idx = base + e;
    sm_tb *t = e < s->tbs ? &s->tb[idx] : NULL;
    if (!t || !t->busy || t->wpev || !t->paused)
      FAILF("SM %u: evict of entry %u, %s", sm, e,
            !t || !t->busy ? "which holds no TB"
            : t->wpev      ? "an event warp"
                           : "which is not paused");
    if (ss->wp_on && (t->wmask >> ss->vslot & 1))
      FAILF("SM %u: evict of TB %llu while its warp in slot %d is in a warp-level preemption", sm,
            (unsigned long long)t->tb, ss->vslot);
    if (ss->sv_tb == (int)idx) ss->sv_tb = -1;
    sm_kstat *sk = &s->ks[t->kernel];
    sk->evictions++;
    sk->paused_cycles += cycle - t->pause_at;
    unplace_tb(s, idx);
    act_remove(s, idx);
    s->busy_warps[sm] -= kmu_popc64(t->wmask);
    s->busy_tbs[sm]--;
    if (ss->nev == ss->cap_ev) {
      ss->cap_ev = ss->cap_ev ? 2 * ss->cap_ev : 8;
      ss->ev = realloc(ss->ev, ss->cap_ev * sizeof *ss->ev);
    }
    sm_tb *r = &ss->ev[ss->nev++];
    *r = *t;
    r->busy = 0;
    r->evict_at = cycle;
    r->pause_seen = r->paused = 0;
    r->wmask = 0;
    t->w = NULL, t->reg = NULL, t->shm = NULL;
    memset(t, 0, sizeof *t);
  }
  return 1;
}

/* ---------------------------------------------------------------- GPUpIO */
int sm_model_io_signal(sm_model *s, uint32_t inst, uint64_t tb, uint64_t cycle) {
  for (unsigned i = 0; i < s->nsm * s->tbs; i++) {
    sm_tb *t = &s->tb[i];
    if (t->busy && !t->wpev && t->inst == inst && t->tb == tb && t->io_ph != SM_IO_NONE) {
      if (t->io_sig_acc == SM_IO_NEVER) t->io_sig_acc = cycle;
      return 1;
    }
  }
  for (unsigned m = 0; s->simt && m < s->nsm; m++)
    for (unsigned e = 0; e < s->ss[m].nev; e++) {
      sm_tb *t = &s->ss[m].ev[e];
      if (t->inst == inst && t->tb == tb && t->io_ph != SM_IO_NONE) {
        if (t->io_sig_acc == SM_IO_NEVER) t->io_sig_acc = cycle;
        return 1;
      }
    }
  return 0;
}

const sm_tb *sm_model_io_overdue(const sm_model *s, uint64_t cycle, uint64_t bound) {
  for (unsigned m = 0; s->simt && m < s->nsm; m++)
    for (unsigned e = 0; e < s->ss[m].nev; e++) {
      const sm_tb *t = &s->ss[m].ev[e];
      if (t->io_ph == SM_IO_OUT && s->w->k[t->kernel].yield == KMUSIM_YIELD_ADDR &&
          cycle > t->io_flag_at + bound)
        return t;
    }
  return NULL;
}

double sm_samples_mean(const sm_samples *x) {
  if (!x->n) return 0;
  double sum = 0;
  for (size_t i = 0; i < x->n; i++) sum += (double)x->v[i];
  return sum / (double)x->n;
}

static int cmp_u64(const void *a, const void *b) {
  const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

uint64_t sm_samples_pct(const sm_samples *x, unsigned p) {
  if (!x->n) return 0;
  uint64_t *v = malloc(x->n * sizeof *v);
  memcpy(v, x->v, x->n * sizeof *v);
  qsort(v, x->n, sizeof *v, cmp_u64);
  size_t r = (x->n * p + 99) / 100; /* nearest rank */
  const uint64_t q = v[r ? r - 1 : 0];
  free(v);
  return q;
}
