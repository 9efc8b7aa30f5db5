/* simt_model.c - see simt_model.h. */
#include "simt_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const simt_cause_name[SIMT_C_N] = {
  "issued", "idle", "stopped", "barrier", "mem_barrier", "icache_miss", "fetch",
  "scoreboard_load", "scoreboard", "pipeline", "not_selected", "drain"
};

/* ---- helpers ---- */
static uint64_t rng_next(uint64_t *s) { /* splitmix64 */
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static unsigned rng_below(uint64_t *s, unsigned n) { return n ? (unsigned)(rng_next(s) % n) : 0; }

static uint32_t mix32(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}
uint32_t simt_hash(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  uint32_t h = mix32(a ^ 0x9e3779b9u);
  h = mix32(h ^ b);
  h = mix32((h + 0x7f4a7c15u) ^ c);
  return mix32(h ^ d ^ 0x2545f491u);
}

static void perr(simt_model *m, const char *fmt, ...) {
  if (m->nerr++ == 0) {
    int n = snprintf(m->err, sizeof m->err, "cycle %llu: ", (unsigned long long)m->cycle);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->err + n, sizeof m->err - (size_t)n, fmt, ap);
    va_end(ap);
  }
}

static int kernel_of(const simt_model *m, uint32_t pc) {
  unsigned k = pc / SIMT_KSTRIDE;
  if (k >= m->nk || pc % SIMT_KSTRIDE > m->k[k].kp.len) return -1;
  return (int)k;
}
static const simt_inst *inst_at(const simt_model *m, uint32_t pc) {
  int k = kernel_of(m, pc);
  static const simt_inst exit_inst = {SIMT_OP_EXIT, 0, 0, 0, 0};
  return k < 0 ? &exit_inst : &m->k[k].prog[pc % SIMT_KSTRIDE];
}

/* ---- parameters ---- */
void simt_params_default(simt_params *p) {
  memset(p, 0, sizeof *p);
  p->warps = 8;
  p->nsched = 1;
  p->ibuf = 2;
  p->max_infl = 16;
  p->mshrs = 64;
  p->rf_regs = 8 * 64;
  p->icm_permille = 5;
  p->icm_penalty = 40;
  p->ld_hit_pct = 30;
  p->ld_hit_lat = 40;
  p->ld_lat_min = 300;
  p->ld_lat_max = 1500;
  p->st_lat = 20;
  p->seed = 1;
}

void simt_kparams_default(simt_kparams *k) {
  memset(k, 0, sizeof *k);
  k->len = 400;
  k->nregs = 24;
  k->ld_pct = 10;
  k->st_pct = 4;
  k->bra_pct = 2;
  k->membar_pct = 1;
  k->bar_every = 100;
  k->dep_pct = 30;
  k->alu_short_max = 24;
  k->alu_long_pct = 5;
  k->alu_long_max = 330;
  k->div_len = 4;
  k->seed = 1;
}

/* ---- setup ---- */
void simt_init(simt_model *m, const simt_params *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  if (m->p.warps < 1 || m->p.warps > SIMT_MAXW) m->p.warps = m->p.warps < 1 ? 1 : SIMT_MAXW;
  if (m->p.nsched < 1) m->p.nsched = 1;
  if (m->p.nsched > m->p.warps) m->p.nsched = m->p.warps;
  if (m->p.ibuf < 1 || m->p.ibuf > SIMT_MAXIB) m->p.ibuf = 2;
  if (m->p.max_infl < 1 || m->p.max_infl > SIMT_MAXIF) m->p.max_infl = SIMT_MAXIF;
  if (m->p.mshrs < 1) m->p.mshrs = 1;
  if (m->p.ld_lat_max < m->p.ld_lat_min) m->p.ld_lat_max = m->p.ld_lat_min;
  m->rng = p->seed * 0x2545f4914f6cdd1dull + 1;
  for (unsigned w = 0; w < m->p.warps; w++)
    m->w[w].infl = calloc(m->p.max_infl, sizeof(simt_infl));
}

void simt_free(simt_model *m) {
  for (unsigned w = 0; w < SIMT_MAXW; w++) free(m->w[w].infl);
  for (unsigned k = 0; k < m->nk; k++) free(m->k[k].prog);
  memset(m, 0, sizeof *m);
}

int simt_kernel_add(simt_model *m, const simt_kparams *kp) {
  if (m->nk >= SIMT_MAXK || kp->len < 1 || kp->len >= SIMT_KSTRIDE || kp->nregs < 2 ||
      kp->nregs > SIMT_MAXR)
    return -1;
  simt_kernel *k = &m->k[m->nk];
  k->kp = *kp;
  if (k->kp.alu_short_max < 4) k->kp.alu_short_max = 4;
  if (k->kp.alu_long_max <= k->kp.alu_short_max) k->kp.alu_long_max = k->kp.alu_short_max + 1;
  if (k->kp.div_len < 1) k->kp.div_len = 1;
  k->prog = calloc(kp->len + 1, sizeof(simt_inst));
  uint64_t s = kp->seed * 0x9e3779b97f4a7c15ull + 0x1234567ull;
  unsigned nregs = kp->nregs, nld = nregs / 4 ? nregs / 4 : 1, nalu = nregs - nld;
  unsigned region_end = 0, nloads = 0, bar_due = 0;
  int last_ld = -1;
  for (unsigned off = 0; off < kp->len; off++) {
    simt_inst *in = &k->prog[off];
    int in_region = off < region_end;
    if (kp->bar_every && (off + 1) % kp->bar_every == 0) bar_due = 1;
    unsigned r = rng_below(&s, 100);
    if (!in_region && bar_due) {
      in->op = SIMT_OP_BAR;
      bar_due = 0;
    } else if (r < kp->ld_pct) {
      in->op = SIMT_OP_LD;
    } else if (r < kp->ld_pct + kp->st_pct) {
      in->op = SIMT_OP_ST;
    } else if (!in_region && r < kp->ld_pct + kp->st_pct + kp->bra_pct &&
               off + 1 + k->kp.div_len < kp->len) {
      in->op = SIMT_OP_BRA;
      in->lat = (uint16_t)(1 + rng_below(&s, k->kp.div_len));
      region_end = off + 1 + in->lat;
    } else if (!in_region && r < kp->ld_pct + kp->st_pct + kp->bra_pct + kp->membar_pct) {
      in->op = SIMT_OP_MEMBAR;
    } else {
      in->op = SIMT_OP_ALU;
    }
    int dep = last_ld >= 0 && rng_below(&s, 100) < kp->dep_pct;
    in->src0 = (uint8_t)rng_below(&s, nalu);
    in->src1 = (uint8_t)(dep ? (unsigned)last_ld : rng_below(&s, nalu));
    switch (in->op) {
    case SIMT_OP_ALU:
      in->dst = (uint8_t)rng_below(&s, nalu);
      in->lat = (uint16_t)(rng_below(&s, 100) < kp->alu_long_pct
                               ? k->kp.alu_short_max + 1 +
                                     rng_below(&s, k->kp.alu_long_max - k->kp.alu_short_max)
                               : 4 + rng_below(&s, k->kp.alu_short_max - 3));
      break;
    case SIMT_OP_LD:
      in->dst = (uint8_t)(nalu + nloads++ % nld);
      in->src1 = in->src0;
      last_ld = in->dst;
      break;
    default:
      break;
    }
  }
  k->prog[kp->len].op = SIMT_OP_EXIT;
  for (unsigned r = 0; r < SIMT_MAXR; r++)
    k->init[r] = simt_hash((uint32_t)kp->seed, 0xe7e7u, r, (uint32_t)(kp->seed >> 32));
  return (int)m->nk++;
}

uint32_t simt_kernel_pc(const simt_model *m, int k) {
  (void)m;
  return (uint32_t)k * SIMT_KSTRIDE;
}

static unsigned used_regs(const simt_model *m) {
  unsigned u = m->ev_rsv_regs;
  for (unsigned w = 0; w < m->p.warps; w++)
    if (m->w[w].state == 1 || m->w[w].state == 2) u += m->k[m->w[w].kernel].kp.nregs;
  return u;
}

int simt_tb_fits(const simt_model *m, int k, unsigned nwarps) {
  if (k < 0 || (unsigned)k >= m->nk || nwarps < 1) return 0;
  unsigned free_slots = 0, free_tb = 0;
  for (unsigned w = 0; w < m->p.warps; w++) {
    free_slots += m->w[w].state == 0;
    free_tb += !m->tb[w].busy;
  }
  return free_slots >= nwarps && free_tb &&
         used_regs(m) + nwarps * m->k[k].kp.nregs <= m->p.rf_regs;
}

int simt_tb_start(simt_model *m, int k, unsigned nwarps, uint32_t tag) {
  if (!simt_tb_fits(m, k, nwarps)) return -1;
  unsigned t = 0;
  while (m->tb[t].busy) t++;
  simt_tb *tb = &m->tb[t];
  memset(tb, 0, sizeof *tb);
  tb->busy = 1, tb->kernel = k, tb->tag = tag, tb->nwarps = nwarps;
  unsigned i = 0;
  for (unsigned w = 0; w < m->p.warps && i < nwarps; w++) {
    simt_warp *x = &m->w[w];
    if (x->state) continue;
    x->state = 1, x->kernel = k, x->tb = (int)t, x->widx = i++, x->tag = tag;
    tb->slots |= 1ull << w;
    m->startq[(m->sq_head + m->sq_n++) % SIMT_MAXW] = w;
  }
  return (int)t;
}

/* ---- per-warp context ---- */
enum { CTX_NONE, CTX_BG, CTX_EVWAIT, CTX_EV, CTX_EVDONE };
static int top_is_ev(const simt_warp *x) { return x->sp && x->stk[x->sp - 1].ev; }
static int ctx_of(const simt_warp *x) {
  if (x->state != 2 && x->state != 3) return CTX_NONE;
  if (x->ev == 1) return CTX_EV;
  if (x->ev == 2) return CTX_EVDONE;
  return top_is_ev(x) ? CTX_EVWAIT : CTX_BG;
}
static uint32_t *rf_of(simt_warp *x, int evctx) {
  return evctx && x->ev_rsv ? x->evreg : x->reg;
}

static void pend_recompute(simt_warp *x) {
  x->pend = x->pend_ld = 0;
  x->n_ld = x->n_st = 0;
  for (unsigned i = 0; i < x->n_infl; i++) {
    const simt_infl *e = &x->infl[i];
    if (e->op == SIMT_OP_ALU || e->op == SIMT_OP_LD) x->pend |= 1ull << e->dst;
    if (e->op == SIMT_OP_LD) x->pend_ld |= 1ull << e->dst, x->n_ld++;
    if (e->op == SIMT_OP_ST) x->n_st++;
  }
}

static int drop_ok(const simt_warp *x) {
  for (unsigned i = 0; i < x->n_infl; i++)
    if (x->infl[i].op == SIMT_OP_LD) return !(x->max_wb_seq > x->infl[i].seq);
  return 1;
}

/* restart fetch at the stack top (i-buffer already empty) */
static void refetch(simt_warp *x) {
  x->ib_n = 0;
  x->fetch_pc = x->sp ? x->stk[x->sp - 1].pc : 0;
  x->fetch_hold = x->fetch_end = 0;
  x->icm_left = 0;
}

/* ---- outputs ---- */
void simt_outputs(const simt_model *m, simt_out *o) {
  memset(o, 0, sizeof *o);
  for (unsigned w = 0; w < m->p.warps; w++) {
    const simt_warp *x = &m->w[w];
    uint64_t b = 1ull << w;
    int c = ctx_of(x);
    if (x->state == 0) o->w_free |= b;
    if (c == CTX_NONE) continue;
    if (x->state == 2) o->w_live |= b;
    if (x->n_infl) o->w_inpipe |= b;
    if (x->n_ld) o->w_ld |= b;
    if (c == CTX_BG && x->at_bar) o->w_bar |= b;
    if (x->ib_n) o->w_ibuf |= b;
    if (x->icm_left) o->w_icmiss |= b;
    if (drop_ok(x)) o->ld_drop_ok |= b;
    if (x->ev || top_is_ev(x)) o->w_ev |= b;
    if (x->bar_skipped) o->w_barskip |= b;
    if (x->drop_pend) o->w_droppend |= b;
  }
  o->ev_done = m->ev_done;
  o->wstart_valid = m->wstart_valid;
  o->wstart_warp = m->wstart_warp;
  o->wstart_regs = m->wstart_valid ? m->k[m->w[m->wstart_warp].kernel].kp.nregs : 0;
  o->wexit_valid = m->wexit_valid;
  o->wexit_warp = m->wexit_warp;
  o->tb_done_valid = m->tb_done_valid;
  o->tb_done_tag = m->tb_done_tag;
  unsigned u = used_regs(m);
  unsigned f = u >= m->p.rf_regs ? 0 : m->p.rf_regs - u;
  o->free_regs = f > 255 ? 255 : f;
}

/* ---- the cycle ---- */
static void barrier_release(simt_model *m, int t) {
  simt_tb *tb = &m->tb[t];
  uint64_t members = tb->slots & ~tb->exited;
  if (!tb->busy || !tb->arrived || (tb->arrived & members) != members) return;
  for (unsigned w = 0; w < m->p.warps; w++)
    if (tb->arrived >> w & 1) {
      m->w[w].at_bar = 0;
      m->w[w].bar_pass++;
    }
  tb->arrived = 0;
}

/* ev_start on a free slot: the event warp runs alone there, on a fresh stack {stk_pc, full
 * mask}, in reserved registers; the slot frees itself at its exit */
static void ev_alone(simt_model *m, unsigned w, uint32_t pc) {
  simt_warp *x = &m->w[w];
  int k = kernel_of(m, pc);
  if (k < 0) {
    perr(m, "ev_start on free slot %u: stk_pc 0x%x is no kernel", w, (unsigned)pc);
    return;
  }
  simt_infl *infl = x->infl;
  memset(x, 0, sizeof *x);
  x->infl = infl;
  x->state = 3, x->tb = -1;
  x->sp = 1;
  x->stk[0].pc = pc, x->stk[0].mask = 0xffffffffu, x->stk[0].rpc = SIMT_NORPC, x->stk[0].ev = 1;
  x->ev = 1, x->ev_rsv = 1, x->ev_kernel = k, x->ev_age = m->age_next++;
  m->ev_rsv_regs += m->k[k].kp.nregs;
  for (unsigned r = 0; r < m->k[k].kp.nregs; r++) x->evreg[r] = m->k[k].init[r];
  refetch(x);
  x->icfill_pc = SIMT_NORPC;
}

static void pulses(simt_model *m, const simt_ctl *c) {
  for (unsigned w = 0; w < m->p.warps; w++) {
    simt_warp *x = &m->w[w];
    uint64_t b = 1ull << w;
    uint64_t any = (c->ibuf_flush | c->bar_skip | c->bar_reins | c->ld_drop | c->stk_push |
                    c->ev_start | c->stk_pop | c->vic_resume) & b;
    if (!any) continue;
    if (x->state == 0 && any == (c->ev_start & b)) {
      ev_alone(m, w, c->stk_pc);
      continue;
    }
    if (x->state != 2) {
      perr(m, "control pulse on warp slot %u that holds no live warp", w);
      continue;
    }
    if (c->ibuf_flush & b) {
      if (ctx_of(x) != CTX_BG) {
        perr(m, "ibuf_flush on slot %u: no background warp runs", w);
      } else {
        x->st.ibuf_flushed += x->ib_n;
        refetch(x);
      }
    }
    if (c->bar_skip & b) {
      if (x->at_bar && ctx_of(x) == CTX_BG) {
        x->at_bar = 0;
        x->bar_skipped = 1;
        m->tb[x->tb].arrived &= ~b;
      }
    }
    if (c->ld_drop & b) {
      if (ctx_of(x) != CTX_BG) perr(m, "ld_drop on slot %u: no background warp runs", w);
      else if (x->n_ld) x->drop_pend = 1;
    }
    if (c->stk_push & b) {
      if (x->ev || top_is_ev(x) || x->sp >= SIMT_STK) {
        perr(m, "stk_push on slot %u: an event entry is already pushed", w);
      } else {
        if (x->ib_n || x->n_infl || x->icm_left || x->drop_pend)
          perr(m, "stk_push on slot %u: victim not flushed (ibuf %u, in flight %u, icmiss %u)",
               w, x->ib_n, x->n_infl, x->icm_left);
        simt_stk_ent *e = &x->stk[x->sp++];
        e->pc = c->stk_pc, e->mask = 0xffffffffu, e->rpc = SIMT_NORPC, e->ev = 1;
      }
    }
    if (c->ev_start & b) {
      int k = top_is_ev(x) ? kernel_of(m, x->stk[x->sp - 1].pc) : -1;
      if (ctx_of(x) != CTX_EVWAIT || k < 0) {
        perr(m, "ev_start on slot %u: no event entry pushed (or its PC is no kernel)", w);
      } else {
        if (x->ib_n || x->n_infl || x->icm_left || x->at_bar || x->drop_pend)
          perr(m, "ev_start on slot %u: victim not flushed (ibuf %u, in flight %u, icmiss %u, "
               "barrier %d)", w, x->ib_n, x->n_infl, x->icm_left, x->at_bar);
        x->ev = 1;
        x->ev_rsv = (c->ev_rsv & b) != 0;
        x->ev_kernel = k;
        x->ev_age = m->age_next++;
        unsigned n = m->k[k].kp.nregs;
        if (x->ev_rsv) m->ev_rsv_regs += n;
        uint32_t *rf = rf_of(x, 1);
        for (unsigned r = 0; r < n; r++) rf[r] = m->k[k].init[r];
        refetch(x);
        x->icfill_pc = SIMT_NORPC;
      }
    }
    if (c->stk_pop & b) {
      if (x->ev != 2 || !top_is_ev(x)) {
        perr(m, "stk_pop on slot %u: the event warp has not exited", w);
      } else {
        x->sp--;
        x->ev = 0;
        refetch(x);
      }
    }
    if (c->bar_reins & b) {
      if (x->bar_skipped && !x->ev && !top_is_ev(x)) {
        x->bar_skipped = 0;
        x->at_bar = 1;
        m->tb[x->tb].arrived |= b;
      } else if (x->bar_skipped) {
        perr(m, "bar_reins on slot %u while its event entry is pushed", w);
      }
    }
    if (c->vic_resume & b) {
      if (x->ev || top_is_ev(x)) perr(m, "vic_resume on slot %u before stk_pop", w);
      x->drop_pend = 0;
    }
  }
}

static void do_drops(simt_model *m) {
  for (unsigned w = 0; w < m->p.warps; w++) {
    simt_warp *x = &m->w[w];
    if (!x->drop_pend) continue;
    if (!x->n_ld) {
      x->drop_pend = 0;
      continue;
    }
    if (!drop_ok(x) && !m->p.ld_drop_force) {
      m->drop_waits++;
      continue;
    }
    unsigned i = 0;
    while (x->infl[i].op != SIMT_OP_LD) i++;
    const simt_infl *l = &x->infl[i];
    memcpy(x->stk, l->stk, sizeof x->stk);
    x->sp = l->sp;
    /* every instruction issued from the load on will issue again (branches included) */
    x->st.squashed += x->seq_next - l->seq;
    for (unsigned j = i; j < x->n_infl; j++)
      if (x->infl[j].op == SIMT_OP_LD) x->st.ld_dropped++, m->mshr_used--;
    x->n_infl = i;
    pend_recompute(x);
    refetch(x);
    x->drop_pend = 0;
    x->st.drops++;
    m->drops++;
  }
}

static void writebacks(simt_model *m) {
  for (unsigned w = 0; w < m->p.warps; w++) {
    simt_warp *x = &m->w[w];
    if (!x->n_infl) continue;
    unsigned j = 0;
    int older_ld = 0;
    for (unsigned i = 0; i < x->n_infl; i++) {
      simt_infl *e = &x->infl[i];
      int held = m->p.wb_hold && older_ld;
      if (e->done <= m->cycle && !held) {
        if (e->op == SIMT_OP_ALU || e->op == SIMT_OP_LD) rf_of(x, e->evctx)[e->dst] = e->value;
        if (e->op == SIMT_OP_LD) m->mshr_used--;
        if (e->seq > x->max_wb_seq) x->max_wb_seq = e->seq;
        if (!e->evctx) x->st.wb++;
        continue;
      }
      if (e->op == SIMT_OP_LD) older_ld = 1;
      if (j != i) x->infl[j] = *e;
      j++;
    }
    if (j != x->n_infl) {
      x->n_infl = j;
      pend_recompute(x);
      if (!x->n_ld) x->drop_pend = 0; /* nothing left to drop */
    }
  }
}

/* can the slot's running context issue its i-buffer head? returns SIMT_C_ISSUED if so */
static simt_cause issue_check(const simt_model *m, const simt_warp *x, int stopped) {
  int c = ctx_of(x);
  if (c == CTX_NONE || c == CTX_EVWAIT || c == CTX_EVDONE) return SIMT_C_IDLE;
  if (c == CTX_BG && x->drop_pend) return SIMT_C_STOPPED;
  if (c == CTX_BG && x->at_bar) return SIMT_C_BAR;
  if (!x->ib_n) {
    if (x->icm_left) return SIMT_C_ICMISS;
    if (c == CTX_BG && stopped) return SIMT_C_STOPPED;
    if (x->fetch_end) return x->n_infl ? SIMT_C_DRAIN : SIMT_C_IDLE;
    return SIMT_C_FETCH;
  }
  const simt_inst *in = inst_at(m, x->ib[0]);
  switch (in->op) {
  case SIMT_OP_BAR:
  case SIMT_OP_MEMBAR:
    if (x->n_ld || x->n_st) return SIMT_C_MEMBAR;
    break;
  case SIMT_OP_LD:
    if (m->mshr_used >= m->p.mshrs) return SIMT_C_PIPE;
    break;
  default:
    break;
  }
  uint64_t need = 0;
  if (in->op == SIMT_OP_ALU || in->op == SIMT_OP_LD || in->op == SIMT_OP_ST ||
      in->op == SIMT_OP_BRA)
    need |= 1ull << in->src0;
  if (in->op == SIMT_OP_ALU || in->op == SIMT_OP_ST) need |= 1ull << in->src1;
  if (in->op == SIMT_OP_ALU || in->op == SIMT_OP_LD) need |= 1ull << in->dst;
  if (need & x->pend_ld) return SIMT_C_SB_LD;
  if (need & x->pend) return SIMT_C_SB;
  if ((in->op == SIMT_OP_ALU || in->op == SIMT_OP_LD || in->op == SIMT_OP_ST) &&
      x->n_infl >= m->p.max_infl)
    return SIMT_C_PIPE;
  return SIMT_C_ISSUED;
}

static void issue(simt_model *m, unsigned w, int stopped) {
  simt_warp *x = &m->w[w];
  int evctx = x->ev == 1;
  uint32_t pc = x->ib[0];
  const simt_inst *in = inst_at(m, pc);
  memmove(&x->ib[0], &x->ib[1], (x->ib_n - 1) * sizeof x->ib[0]);
  x->ib_n--;
  uint32_t *rf = rf_of(x, evctx);
  simt_stk_ent *top = &x->stk[x->sp - 1];
  uint32_t mask = top->mask;
  uint64_t seq = x->seq_next++;
  /* the slot's counters are the background warp's; event instructions count per SM */
  if (evctx) m->ev_issued++;
  else x->st.issued++;
  if (stopped) x->st.issued_stopped++;
  m->issued++;
  if (in->op == SIMT_OP_ALU || in->op == SIMT_OP_LD || in->op == SIMT_OP_ST) {
    simt_infl *e = &x->infl[x->n_infl++];
    e->seq = seq, e->pc = pc, e->op = in->op, e->dst = in->dst, e->evctx = (uint8_t)evctx;
    if (in->op == SIMT_OP_ALU) {
      e->value = simt_hash(pc, rf[in->src0], rf[in->src1], mask);
      e->done = m->cycle + in->lat;
      x->pend |= 1ull << in->dst;
    } else if (in->op == SIMT_OP_LD) {
      e->value = simt_hash(pc ^ 0x10adu, rf[in->src0], 0x5eedu, mask);
      unsigned lat = rng_below(&m->rng, 100) < m->p.ld_hit_pct
                         ? m->p.ld_hit_lat
                         : m->p.ld_lat_min + rng_below(&m->rng, m->p.ld_lat_max - m->p.ld_lat_min + 1);
      e->done = m->cycle + (lat ? lat : 1);
      e->sp = (uint8_t)x->sp;
      memcpy(e->stk, x->stk, sizeof x->stk);
      x->pend |= 1ull << in->dst;
      x->pend_ld |= 1ull << in->dst;
      x->n_ld++;
      m->mshr_used++;
      if (!evctx) x->st.ld_issued++;
    } else {
      e->value = 0;
      e->done = m->cycle + (m->p.st_lat ? m->p.st_lat : 1);
      x->n_st++;
    }
  }
  if (in->op == SIMT_OP_BAR && !evctx) {
    x->at_bar = 1;
    x->bar_arr++;
    m->tb[x->tb].arrived |= 1ull << w;
  }
  if (in->op == SIMT_OP_BRA) {
    uint32_t rpc = pc + 1 + in->lat;
    uint32_t sub = simt_hash(pc, rf[in->src0], 0xb7au, 0) & mask;
    top->pc = pc + 1;
    if (sub && sub != mask && x->sp + 2 <= SIMT_STK) {
      top->pc = rpc;
      simt_stk_ent *a = &x->stk[x->sp++];
      a->pc = pc + 1, a->mask = mask & ~sub, a->rpc = rpc, a->ev = 0;
      simt_stk_ent *t = &x->stk[x->sp++];
      t->pc = pc + 1, t->mask = sub, t->rpc = rpc, t->ev = 0;
    }
  } else {
    top->pc = pc + 1;
    while (x->sp > 1 && x->stk[x->sp - 1].rpc != SIMT_NORPC &&
           x->stk[x->sp - 1].pc == x->stk[x->sp - 1].rpc)
      x->sp--;
  }
  if (x->fetch_hold && !x->ib_n) {
    x->fetch_hold = 0;
    x->fetch_pc = x->stk[x->sp - 1].pc;
  }
}

static void schedule(simt_model *m, const simt_ctl *c) {
  m->last_ready = m->last_issued = m->last_boost_ready = m->last_ev_ready = 0;
  for (unsigned w = 0; w < m->p.warps; w++) {
    simt_warp *x = &m->w[w];
    int bg = ctx_of(x) == CTX_BG;
    int stopped = bg && (c->vic_stop >> w & 1);
    simt_cause cs = issue_check(m, x, stopped);
    m->cause[w] = (uint8_t)cs;
    if (cs == SIMT_C_ISSUED) {
      m->last_ready |= 1ull << w;
      if (x->ev == 1) m->last_ev_ready |= 1ull << w;
      else if (c->vic_boost >> w & 1) m->last_boost_ready |= 1ull << w;
    }
  }
  for (unsigned s = 0; s < m->p.nsched; s++) {
    int best = -1, best_cls = 9;
    uint64_t best_age = UINT64_MAX;
    for (unsigned w = s; w < m->p.warps; w += m->p.nsched) {
      if (!(m->last_ready >> w & 1)) continue;
      const simt_warp *x = &m->w[w];
      int cls;
      uint64_t age;
      if (x->ev == 1) cls = 0, age = x->ev_age;
      else if (c->vic_boost >> w & 1) cls = 1, age = x->age;
      else if (m->greedy[s] == w + 1) cls = 2, age = x->age;
      else cls = 3, age = x->age;
      if (cls < best_cls || (cls == best_cls && age < best_age)) best = (int)w, best_cls = cls,
                                                                  best_age = age;
    }
    if (best < 0) continue;
    int bg = ctx_of(&m->w[best]) == CTX_BG;
    issue(m, (unsigned)best, bg && (c->vic_stop >> best & 1));
    m->last_issued |= 1ull << best;
    m->greedy[s] = (unsigned)best + 1;
  }
  for (unsigned w = 0; w < m->p.warps; w++)
    if (m->cause[w] == SIMT_C_ISSUED && !(m->last_issued >> w & 1)) m->cause[w] = SIMT_C_SCHED;
}

static void fetch(simt_model *m, const simt_ctl *c) {
  for (unsigned w = 0; w < m->p.warps; w++) {
    simt_warp *x = &m->w[w];
    int cx = ctx_of(x);
    if (cx != CTX_BG && cx != CTX_EV) continue;
    int stopped = cx == CTX_BG && ((c->vic_stop >> w & 1) || x->drop_pend);
    if (x->icm_left) {
      if (--x->icm_left) continue;
      x->icfill_pc = x->icm_pc; /* the line is in; the fetch retries below */
    }
    if (stopped || x->ib_n >= m->p.ibuf || x->fetch_hold || x->fetch_end) continue;
    uint32_t pc = x->fetch_pc;
    const simt_inst *in = inst_at(m, pc);
    if (in->op == SIMT_OP_EXIT) {
      x->fetch_end = 1;
      continue;
    }
    if (pc != x->icfill_pc && m->p.icm_permille && m->p.icm_penalty &&
        rng_below(&m->rng, 1000) < m->p.icm_permille) {
      x->icm_left = m->p.icm_penalty;
      x->icm_pc = pc;
      continue;
    }
    x->ib[x->ib_n++] = pc;
    x->fetch_pc = pc + 1;
    if (cx == CTX_BG) x->st.fetched++;
    if (c->vic_stop >> w & 1 && cx == CTX_BG) x->st.fetched_stopped++;
    const simt_stk_ent *top = &x->stk[x->sp - 1];
    if (in->op == SIMT_OP_BRA || (top->rpc != SIMT_NORPC && pc + 1 == top->rpc))
      x->fetch_hold = 1;
  }
}

static void exits(simt_model *m, const simt_ctl *c) {
  int bg_done = 0;
  for (unsigned w = 0; w < m->p.warps; w++) {
    simt_warp *x = &m->w[w];
    int cx = ctx_of(x);
    if (cx == CTX_EV && x->fetch_end && !x->ib_n && !x->n_infl && !x->icm_left) {
      const simt_kernel *k = &m->k[x->ev_kernel];
      const uint32_t *rf = rf_of(x, 1);
      uint32_t d = 0;
      for (unsigned r = 0; r < k->kp.nregs; r++) d = simt_hash(d, rf[r], r, 0xd1u);
      if (!(m->ev_done)) m->ev_digest = d;
      if (x->ev_rsv) m->ev_rsv_regs -= k->kp.nregs;
      x->ev = 2;
      m->ev_done |= 1ull << w;
      if (x->state == 3) x->state = 0, x->ev = 0, x->sp = 0; /* alone: the slot is free */
      continue;
    }
    if (bg_done || cx != CTX_BG || (c->vic_stop >> w & 1) || x->drop_pend || !x->fetch_end ||
        x->ib_n || x->n_infl || x->icm_left || x->at_bar || x->bar_skipped || x->sp != 1)
      continue;
    bg_done = 1;
    const simt_kernel *k = &m->k[x->kernel];
    memcpy(m->xreg, x->reg, sizeof m->xreg);
    m->xnregs = k->kp.nregs, m->xtag = x->tag, m->xwidx = x->widx;
    m->xst = x->st;
    m->wexit_valid = 1, m->wexit_warp = w;
    simt_tb *tb = &m->tb[x->tb];
    tb->exited |= 1ull << w;
    x->state = 0;
    if (tb->exited == tb->slots) {
      m->tb_done_valid = 1, m->tb_done_tag = tb->tag;
      tb->busy = 0;
    } else {
      barrier_release(m, x->tb);
    }
  }
}

static void start_one(simt_model *m) {
  if (!m->sq_n) return;
  unsigned w = m->startq[m->sq_head];
  m->sq_head = (m->sq_head + 1) % SIMT_MAXW;
  m->sq_n--;
  simt_warp *x = &m->w[w];
  simt_infl *infl = x->infl;
  int kernel = x->kernel, tb = x->tb;
  unsigned widx = x->widx;
  uint32_t tag = x->tag;
  memset(x, 0, sizeof *x);
  x->infl = infl;
  x->state = 2, x->kernel = kernel, x->tb = tb, x->widx = widx, x->tag = tag;
  x->age = m->age_next++;
  const simt_kernel *k = &m->k[kernel];
  for (unsigned r = 0; r < k->kp.nregs; r++)
    x->reg[r] = simt_hash((uint32_t)k->kp.seed, tag, widx, r);
  x->sp = 1;
  x->stk[0].pc = simt_kernel_pc(m, kernel), x->stk[0].mask = 0xffffffffu;
  x->stk[0].rpc = SIMT_NORPC;
  x->fetch_pc = x->stk[0].pc;
  x->icfill_pc = SIMT_NORPC;
  m->tb[tb].started++;
  m->wstart_valid = 1, m->wstart_warp = w;
}

void simt_tick(simt_model *m, const simt_ctl *c) {
  m->ev_done = 0;
  m->wstart_valid = m->wexit_valid = m->tb_done_valid = 0;
  pulses(m, c);
  do_drops(m);
  writebacks(m);
  schedule(m, c);
  fetch(m, c);
  exits(m, c);
  for (unsigned t = 0; t < m->p.warps; t++) barrier_release(m, (int)t);
  int busy = 0;
  for (unsigned w = 0; w < m->p.warps; w++) {
    simt_warp *x = &m->w[w];
    if (x->state != 2) continue;
    busy = 1;
    x->st.cause[m->cause[w]]++;
    m->cause_tot[m->cause[w]]++;
  }
  m->cycles_busy += busy;
  start_one(m);
  m->cycle++;
}

int simt_idle(const simt_model *m) {
  if (m->sq_n) return 0;
  for (unsigned w = 0; w < m->p.warps; w++)
    if (m->w[w].state) return 0;
  return 1;
}

/* ---- caller access ---- */
uint32_t simt_reg_read(const simt_model *m, unsigned w, unsigned r) {
  return w < SIMT_MAXW && r < SIMT_MAXR ? m->w[w].reg[r] : 0;
}
void simt_reg_write(simt_model *m, unsigned w, unsigned r, uint32_t v) {
  if (w < SIMT_MAXW && r < SIMT_MAXR) m->w[w].reg[r] = v;
}
static const simt_stk_ent *bg_top(const simt_model *m, unsigned w) {
  const simt_warp *x = &m->w[w];
  unsigned d = x->sp - (unsigned)top_is_ev(x);
  return d ? &x->stk[d - 1] : NULL;
}
uint32_t simt_warp_pc(const simt_model *m, unsigned w) {
  const simt_stk_ent *e = bg_top(m, w);
  return e ? e->pc : 0;
}
uint32_t simt_warp_mask(const simt_model *m, unsigned w) {
  const simt_stk_ent *e = bg_top(m, w);
  return e ? e->mask : 0;
}
unsigned simt_warp_depth(const simt_model *m, unsigned w) {
  return m->w[w].sp - (unsigned)top_is_ev(&m->w[w]);
}
unsigned simt_warp_flags(const simt_model *m, unsigned w) {
  const simt_warp *x = &m->w[w];
  unsigned f = 0;
  if (x->n_infl) f |= SIMT_F_PIPE;
  if (x->n_ld) f |= SIMT_F_LOAD;
  if (x->icm_left) f |= SIMT_F_ICMISS;
  if (ctx_of(x) == CTX_BG && x->at_bar) f |= SIMT_F_BAR;
  if (m->cause[w] == SIMT_C_SB || m->cause[w] == SIMT_C_SB_LD) f |= SIMT_F_SCORE;
  if (m->cause[w] == SIMT_C_MEMBAR) f |= SIMT_F_MEMBAR;
  return f;
}
