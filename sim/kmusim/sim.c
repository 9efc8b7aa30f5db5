/* sim.c - the kmusim run loop, host-side driver, scoreboards and metrics.  See sim.h.
 *
 * The host side issues the workload's operations over the AXI4-Lite master in time order,
 * keeping each kernel's operations in order while letting other kernels' pass a blocked one:
 *  - register: the EKT_REG staging writes and REG_CMD, then polls REG_RESULT until DONE; one
 *    registration at a time (the staging registers are shared);
 *  - doorbell: one write to DOORBELL[id] once the kernel's registration returned its id and
 *    fewer than maxinf of its events are in flight (a device only rings when it has a free
 *    submission entry; in flight = rung, completion flag not yet seen) and the entry it
 *    fills (seq mod ring, the EKT hands out parameter entries in ring order) is free: the
 *    event that used it last has completed (completions come out of order once TBs are
 *    preempted, so maxinf <= ring alone does not keep an entry from being overwritten);
 *  - launch: the HL_* staging writes and HL_CMD, queued back to back.
 * Before a doorbell or launch the host writes 0 to the completion flag (word 0 of the
 * parameter entry), untimed.
 * Before anything else, at cycle 0, the host writes the configuration's rgem and reserve to
 * KMU_CTRL and SM_RESERVE (AXI writes land in order, so every later operation sees them).  A
 * test-double engine (the fake, which predates these registers) does not get them: kmusim says
 * so once on stderr when the workload sets either. */
#define _POSIX_C_SOURCE 200809L
#include "sim.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "host_link.h"
#include "io_dev.h"
#include "kmu_axil_master.h"
#include "kmu_regmap.h"
#include "mem_model.h"

#define QM (KMU_AXIM_Q - 1)

enum { OP_REG, OP_DB, OP_HL, OP_HINT };
typedef struct {
  int kind;
  int kernel;
  uint64_t at;
  unsigned line;
  uint32_t idx; /* instance or registration record */
  uint32_t order;
  uint64_t lead; /* hint: predicted cycles until the kernel's launch (PRE_HINT) */
  uint32_t ev;   /* the workload event it comes from */
  unsigned after; /* 1 + the workload event it waits for (after=), 0 none */
} hop;

/* AXI tags: kind << 56 | index */
#define HL_RETRY_Q 16  /* launches whose HL_CMD may be in the AXI queue at once: 64 / 10 */
#define HL_RETRY_GAP 32 /* cycles from a busy HL_CMD's answer to its retry */
enum { T_STAGE, T_REGCMD, T_REGRES, T_DB, T_HLCMD, T_FINAL, T_CFG, T_HINT, T_CPSTAGE, T_CPSTAT,
       T_CPGO, T_CPCPL, T_CPPOP, T_HLSTAT, T_LASTLID, T_TRCMD, T_TRRES, T_TREV, T_IOSIG };
#define TAG(k, i) ((uint64_t)(k) << 56 | (uint64_t)(i))
#define TAG_K(t) ((int)((t) >> 56))
#define TAG_I(t) ((uint32_t)((t) & 0xffffffffu))

typedef struct {
  const kmusim_workload *w;
  const kmusim_run_opts *o;
  kmusim_result *r;
  kmu_rng rng_axi, rng_sm, rng_mem;
  kmu_axim axim;
  mem_model mem;
  sm_model sm;
  kmusim_ports p;
  uint64_t cycle;
  int simt;                 /* the engine has the per-SM SIMT ports (sm_model SIMT mode) */
  unsigned *ctx_op;         /* per SM: the op of the context command in flight */
  uint64_t *ctx_save_since; /* per SM: cycle its save command was taken, KMUSIM_NEVER: none */
  uint64_t *rest_first;     /* per SM: first RESTORE command taken since its last restore
                             * start (KMUSIM_NEVER: none): a TB's restore time, for GPUpIO */
  /* host operations */
  hop *ops;
  size_t nops;
  uint32_t **kops;      /* per kernel: op indices in order */
  uint32_t **kseq;      /* per kernel: instance index of its n-th instance */
  size_t *kn, *knext;   /* per kernel: count, next to issue */
  size_t released;      /* ops with at <= cycle */
  uint32_t *ev_ref;     /* per workload event: its instance (launch) or copy index, for
                         * after= (a chained event waits for that one's completion) */
  size_t issued_ops;
  int *db_id;           /* per kernel: doorbell id, -1 before registration */
  unsigned *inflight;   /* per kernel: doorbells rung, flag not seen */
  int reg_active;       /* registration record in progress, -1 */
  int reg_phase;        /* 0 wait REG_CMD's B, 1 read REG_RESULT, 2 read outstanding */
  /* accept tracking per write sequence number */
  uint8_t aw_seen[KMU_AXIM_Q], w_seen[KMU_AXIM_Q];
  /* live instances */
  uint32_t *live;
  size_t nlive, live_cap;
  /* kernel tag (simt_start_slot_o: kmu_kmu's CT entry) -> instance + 1, 0: unmapped.  A kernel
   * keeps its tag for its whole life, across swap-outs; the tag is reused only after all its
   * TBs are done (its completion frees it), so the mapping ends at its last done. */
  uint32_t tag_inst[256];
  int final_phase;      /* 0 running, 1 final reads queued, 2 done */
  unsigned final_left;
  uint64_t last_activity;
  uint64_t completed;
  int failed;
  /* copies: the host link, submission (one at a time: the staging registers are shared),
   * completion polling, and the buffers (bump allocators, host and device side) */
  host_link link;
  int copies;           /* the engine has the copy window */
  int trem;             /* the engine has the TReM window (read at the end) */
  uint32_t hl_est;      /* HL_EST as last written (reset value 0) */
  /* host launches whose HL_CMD was answered SLVERR because the previous launch was still
   * pending (register map 1.7: the bus is never held); retried in order, staging and HL_CMD
   * again, HL_RETRY_GAP cycles after the answer; no new launch issues while one waits */
  uint32_t hl_retry[HL_RETRY_Q];
  unsigned hl_retry_head, hl_retry_n;
  uint64_t hl_retry_at;
  size_t cp_next;       /* first copy not yet submitted (workload order = time order; a
                         * chained copy may be passed by later ones) */
  int cp_active;        /* copy being submitted, -1 none */
  int cp_phase;         /* 1 read COPY_STATUS next, 2 that read out, 3 write COPY_GO next,
                         * 4 COPY_GO out */
  unsigned cp_out[8];   /* per priority: submitted, completion not read */
  unsigned cp_live;
  uint8_t cp_ids[256];  /* tags in use */
  int cpl_phase;        /* 0 idle, 1 COPY_CPL read out, 2 write COPY_CPL_POP next, 3 it is out */
  uint32_t host_next, dev_next;
  /* TReM revocations (revoke lines; one at a time: TR_CMD, the completion seen on irq_o, the
   * TR_RESULT read, TR_EVENTS.DONE cleared).  Host launches then read their launch id back:
   * HL_STATUS until the launch is taken, then TR_LAST_LID (one launch at a time). */
  int lid_inst;         /* instance whose launch id is being read, -1 none */
  int lid_phase;        /* 1 HL_CMD's B, 2 read HL_STATUS next, 3 out, 4 read TR_LAST_LID next, 5 out */
  size_t rv_next;       /* first revoke line not yet issued */
  int rv_active;        /* revoke in progress, -1 none */
  int rv_phase;         /* 1 TR_CMD out, 2 accepted: wait for irq_o, 3 read TR_RESULT next, 4 out,
                         * 5 clear TR_EVENTS.DONE next, 6 out */
  /* from the completion seen (irq_o) to the TR_RESULT read the status is not known yet: the
   * target's TB starts wait in the limbo list, and its counts at the completion are kept */
  int limbo;
  uint64_t *limbo_tb;
  size_t nlimbo, limbo_cap;
  uint64_t bnd_started, bnd_done;
  unsigned bnd_resident;
  size_t rv_ok, rv_err; /* results read: OK, other statuses */
  size_t retired;       /* instances retired */
  uint64_t kernel_dones;/* kernel_done_o pulses: one per completion, none for a retired kernel */
  /* GPUpIO: the I/O device (io_dev.h) and its YIELD_SIGNAL writes (T_IOSIG index) */
  int io;               /* io= kernels on an engine with the SIMT ports */
  io_dev dev;
  io_req *sig;
  size_t nsig, sig_cap;
  uint64_t io_bound;    /* lost wake-up bound (docs/kmusim.md, Scoreboards) */
  int io_bug;           /* KMUSIM_IO_BUG=drop_signal: the device loses its first signal (a
                         * planted bug the lost wake-up scoreboard must catch) */
} ctx;

/* the device's writes leave room on the AXI master for the host's (its queue holds KMU_AXIM_Q) */
#define IO_SIG_MAX_QUEUED 8u

/* copy buffers: host memory from 16 MiB up, device memory in the top quarter (clear of the
 * parameter buffers and of the checkpoint areas from 0x80000000) */
#define CP_HOST_BASE 0x01000000u
#define CP_HOST_END 0xF0000000u
#define CP_DEV_BASE 0xC0000000u
#define CP_DEV_END 0xFFFFF000u

static void fail(ctx *c, const char *fmt, ...) {
  kmusim_result *r = c->r;
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fprintf(stderr, "kmusim: %s\n", buf);
  if (r->nerr < sizeof r->err / sizeof r->err[0]) snprintf(r->err[r->nerr], sizeof r->err[0], "%s", buf);
  r->nerr++;
  c->failed = 1;
}

static const char *kname(const ctx *c, int k) { return k >= 0 ? c->w->k[k].name : "?"; }

static void inst_desc(const ctx *c, uint32_t i, char *buf, size_t n) {
  const kmusim_inst *x = &c->r->inst[i];
  snprintf(buf, n, "%s #%u of '%s' (line %u, at=%" PRIu64 ")",
           c->w->k[x->kernel].event ? "event" : "host launch", x->seq, kname(c, x->kernel),
           x->line, x->at);
}

static const char *reg_code_name(unsigned code) {
  static const char *n[] = {"OK", "FULL", "ESIZE_ZERO", "MISALIGNED", "BAD_RANGE",
                            "BAD_LENGTH", "BAD_KERNEL", "?"};
  return n[code < 7 ? code : 7];
}

/* ---------------------------------------------------------------- building the op list */
static int op_cmp(const void *a, const void *b) {
  const hop *x = a, *y = b;
  if (x->at != y->at) return x->at < y->at ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static void build_ops(ctx *c) {
  const kmusim_workload *w = c->w;
  kmusim_result *r = c->r;
  size_t n = 0;
  unsigned nreg = 0;
  for (unsigned i = 0; i < w->nev; i++) {
    const kmusim_event *e = &w->ev[i];
    if (e->kind == KMUSIM_EV_REGISTER) n++, nreg++;
    else if (e->kind == KMUSIM_EV_HINT) n += e->count;
    else if (e->kind == KMUSIM_EV_DOORBELL || e->kind == KMUSIM_EV_LAUNCH) n += e->count;
  }
  c->ops = calloc(n ? n : 1, sizeof *c->ops);
  c->ev_ref = calloc(w->nev ? w->nev : 1, sizeof *c->ev_ref);
  size_t nrv = 0;
  for (unsigned i = 0; i < w->nev; i++) nrv += w->ev[i].kind == KMUSIM_EV_REVOKE;
  r->rv = calloc(nrv ? nrv : 1, sizeof *r->rv);
  for (unsigned i = 0; i < w->nev; i++) {
    const kmusim_event *e = &w->ev[i];
    if (e->kind != KMUSIM_EV_REVOKE) continue;
    kmusim_rvk *v = &r->rv[r->nrv++];
    v->line = e->line, v->kernel = e->kernel, v->retire = e->retire, v->at = e->at;
    v->issued = v->accepted = v->done = v->read = KMUSIM_NEVER;
    v->inst = -1;
  }
  r->reg = calloc(nreg ? nreg : 1, sizeof *r->reg);
  uint32_t order = 0;
  for (unsigned i = 0; i < w->nev; i++) {
    const kmusim_event *e = &w->ev[i];
    if (e->kind == KMUSIM_EV_REGISTER) {
      hop *h = &c->ops[c->nops++];
      h->kind = OP_REG, h->kernel = e->kernel, h->at = e->at, h->line = e->line;
      h->order = order++;
    } else if (e->kind == KMUSIM_EV_HINT) {
      for (uint64_t j = 0; j < e->count; j++) {
        hop *h = &c->ops[c->nops++];
        h->kind = OP_HINT, h->kernel = e->kernel, h->at = e->at + j * e->every;
        h->line = e->line, h->lead = e->lead;
        h->order = order++;
      }
    } else if (e->kind == KMUSIM_EV_DOORBELL || e->kind == KMUSIM_EV_LAUNCH) {
      for (uint64_t j = 0; j < e->count; j++) {
        hop *h = &c->ops[c->nops++];
        h->kind = e->kind == KMUSIM_EV_DOORBELL ? OP_DB : OP_HL;
        h->kernel = e->kernel, h->at = e->at + j * e->every, h->line = e->line;
        h->ev = i, h->after = e->after;
        h->order = order++;
      }
    }
  }
  qsort(c->ops, c->nops, sizeof *c->ops, op_cmp);
  /* instances and registration records in time order; per-kernel op lists */
  r->inst = calloc(c->nops ? c->nops : 1, sizeof *r->inst);
  unsigned nk = w->nk;
  c->kops = calloc(nk, sizeof *c->kops);
  c->kn = calloc(nk, sizeof *c->kn);
  c->knext = calloc(nk, sizeof *c->knext);
  uint32_t *seq = calloc(nk, sizeof *seq);
  for (size_t i = 0; i < c->nops; i++) c->kn[c->ops[i].kernel]++;
  for (unsigned k = 0; k < nk; k++) c->kops[k] = calloc(c->kn[k] ? c->kn[k] : 1, sizeof(uint32_t));
  c->kseq = calloc(nk, sizeof *c->kseq);
  for (unsigned k = 0; k < nk; k++) c->kseq[k] = calloc(c->kn[k] ? c->kn[k] : 1, sizeof(uint32_t));
  memset(c->kn, 0, nk * sizeof *c->kn);
  uint32_t host_seq = 0;
  for (size_t i = 0; i < c->nops; i++) {
    hop *h = &c->ops[i];
    const kmusim_kernel *k = &w->k[h->kernel];
    c->kops[h->kernel][c->kn[h->kernel]++] = (uint32_t)i;
    if (h->kind == OP_REG) {
      kmusim_regrec *g = &r->reg[r->nreg];
      g->kernel = h->kernel, g->line = h->line, g->at = h->at;
      g->issued = g->accepted = g->done = KMUSIM_NEVER;
      h->idx = r->nreg++;
      continue;
    }
    if (h->kind == OP_HINT) continue; /* no instance: a register write */
    kmusim_inst *x = &r->inst[r->ninst];
    x->kernel = h->kernel, x->seq = seq[h->kernel]++, x->line = h->line, x->at = h->at;
    c->kseq[h->kernel][x->seq] = (uint32_t)r->ninst;
    x->issued = x->accepted = x->first_start = x->last_start = x->completed = KMUSIM_NEVER;
    x->first_start_run = KMUSIM_NEVER;
    x->ntb = k->ntb;
    if (k->event) {
      x->param = k->pbase + (x->seq % k->ring) * KMUSIM_ESIZE;
      x->cpl = x->param;
    } else {
      x->param = KMUSIM_HOST_PARAM_BASE + host_seq++ * KMUSIM_ESIZE;
      x->cpl = x->param;
    }
    c->ev_ref[h->ev] = (uint32_t)r->ninst; /* count 1 when named: one instance */
    h->idx = (uint32_t)r->ninst++;
  }
  free(seq);
}

/* ---------------------------------------------------------------- host side */
static int axi_room(const ctx *c, unsigned n) {
  return c->axim.wt - c->axim.wb + n <= KMU_AXIM_Q;
}

static void wr(ctx *c, uint32_t addr, uint32_t data, uint64_t tag) {
  /* every caller checked axi_room for all its writes: a refused push would silently lose a
   * write (a launch whose HL_CMD never reaches the bus), so it is kmusim's own failure */
  if (!kmu_axim_write(&c->axim, addr, data, 0xf, tag))
    fail(c, "cycle %" PRIu64 ": kmusim: AXI write queue full, write to 0x%x lost (a host "
         "operation reserved too little room)", c->cycle, addr);
}

static void live_add(ctx *c, uint32_t i) {
  if (c->nlive == c->live_cap) {
    c->live_cap = c->live_cap ? 2 * c->live_cap : 64;
    c->live = realloc(c->live, c->live_cap * sizeof *c->live);
  }
  c->live[c->nlive++] = i;
  kmusim_inst *x = &c->r->inst[i];
  x->live = 1;
  x->bits = calloc((size_t)(x->ntb + 7) / 8, 1);
}

static void live_remove(ctx *c, uint32_t i) {
  for (size_t j = 0; j < c->nlive; j++)
    if (c->live[j] == i) {
      c->live[j] = c->live[--c->nlive];
      break;
    }
  kmusim_inst *x = &c->r->inst[i];
  x->live = 0;
  free(x->bits);
  x->bits = NULL;
}

/* after=: the event it waits for has completed, as the host sees it (a launch's completion
 * flag written, a copy's completion read from COPY_CPL); 1 when it waits for nothing */
static int dep_done(const ctx *c, unsigned after) {
  if (!after) return 1;
  const kmusim_event *e = &c->w->ev[after - 1];
  uint32_t i = c->ev_ref[after - 1];
  if (e->kind == KMUSIM_EV_LAUNCH) return c->r->inst[i].completed != KMUSIM_NEVER;
  return c->r->cp[i].completed != KMUSIM_NEVER;
}

static void hl_write(ctx *c, uint32_t i);

/* try to issue op i now; 1 issued */
static int try_issue(ctx *c, const hop *h) {
  const kmusim_kernel *k = &c->w->k[h->kernel];
  kmusim_result *r = c->r;
  if (!dep_done(c, h->after)) return 0; /* chained: issued at max(at, its completion) */
  switch (h->kind) {
  case OP_REG: {
    if (c->reg_active >= 0 || !axi_room(c, 10)) return 0;
    uint32_t base = k->pbase, end = k->pbase + k->ring * KMUSIM_ESIZE;
    wr(c, KMU_REG_KPTR_ADDR, k->kptr, TAG(T_STAGE, h->idx));
    wr(c, KMU_REG_GRID_XY_ADDR, k->grid[0] | k->grid[1] << 16, TAG(T_STAGE, h->idx));
    wr(c, KMU_REG_GRID_Z_ADDR, k->grid[2], TAG(T_STAGE, h->idx));
    wr(c, KMU_REG_TB_XY_ADDR, k->tbdim[0] | k->tbdim[1] << 16, TAG(T_STAGE, h->idx));
    wr(c, KMU_REG_TB_Z_ADDR, k->tbdim[2], TAG(T_STAGE, h->idx));
    wr(c, KMU_REG_RES_ADDR, k->shmem | k->regs << 16 | k->prio << 24, TAG(T_STAGE, h->idx));
    wr(c, KMU_REG_PBASE_ADDR, base, TAG(T_STAGE, h->idx));
    wr(c, KMU_REG_PEND_ADDR, end, TAG(T_STAGE, h->idx));
    wr(c, KMU_REG_PSIZE_ADDR, KMUSIM_ESIZE | k->maxinf << 16, TAG(T_STAGE, h->idx));
    wr(c, KMU_REG_CMD_ADDR, 1, TAG(T_REGCMD, h->idx));
    c->reg_active = (int)h->idx;
    c->reg_phase = 0;
    r->reg[h->idx].issued = c->cycle;
    return 1;
  }
  case OP_DB: {
    int id = c->db_id[h->kernel];
    if (id < 0 || c->inflight[h->kernel] >= k->maxinf || !axi_room(c, 1)) return 0;
    kmusim_inst *x = &r->inst[h->idx];
    if (x->seq >= k->ring &&
        r->inst[c->kseq[h->kernel][x->seq - k->ring]].completed == KMUSIM_NEVER)
      return 0; /* its parameter entry still belongs to an event in flight */
    mem_model_poke(&c->mem, x->cpl, 0);
    wr(c, KMU_DOORBELL_ADDR + KMU_DOORBELL_STRIDE * (uint32_t)id, x->seq, TAG(T_DB, h->idx));
    c->inflight[h->kernel]++;
    x->issued = c->cycle;
    live_add(c, h->idx);
    return 1;
  }
  case OP_HINT: {
    /* PEP 3.3: the launch hint, the predicted cycles until the hinted kernel launches; every
     * SM's predictor sees it (kmu_gpu) */
    if (!(c->o->engine->features & KMUSIM_FEAT_HINT)) {
      static int told;
      if (!told++)
        fprintf(stderr, "kmusim: note: engine '%s' has no PRE_HINT register: launch hints are "
                "skipped\n", c->o->engine->name);
      return 1;
    }
    if (!axi_room(c, 1)) return 0;
    wr(c, KMU_PRE_HINT_ADDR, (uint32_t)(h->lead > 0xffffffffu ? 0xffffffffu : h->lead),
       TAG(T_HINT, h->line));
    r->hints++;
    return 1;
  }
  case OP_HL: {
    /* nine writes, ten when HL_EST changes: room for ten (with nine, a queue with exactly
     * nine free entries lost the HL_CMD of a launch that writes HL_EST: issue 12) */
    if (!axi_room(c, 10) || c->lid_inst >= 0 || c->hl_retry_n) return 0;
    kmusim_inst *x = &r->inst[h->idx];
    mem_model_poke(&c->mem, x->cpl, 0);
    hl_write(c, h->idx);
    /* read its launch id back (revokes), or (GPUpIO) wait until it is no longer pending
     * before the next launch: an HL_CMD while the previous launch is pending is answered
     * SLVERR (busy) and retried, and with I/O kernels that retry traffic is avoided */
    if (r->nrv || c->io) c->lid_inst = (int)h->idx, c->lid_phase = 1;
    x->issued = c->cycle;
    live_add(c, h->idx);
    return 1;
  }
  }
  return 0;
}

/* The staging writes and HL_CMD of host launch instance i (a first issue or a retry). */
static void hl_write(ctx *c, uint32_t i) {
  const kmusim_inst *x = &c->r->inst[i];
  const kmusim_kernel *k = &c->w->k[x->kernel];
  wr(c, KMU_HL_KPTR_ADDR, k->kptr, TAG(T_STAGE, i));
  wr(c, KMU_HL_GRID_XY_ADDR, k->grid[0] | k->grid[1] << 16, TAG(T_STAGE, i));
  wr(c, KMU_HL_GRID_Z_ADDR, k->grid[2], TAG(T_STAGE, i));
  wr(c, KMU_HL_TB_XY_ADDR, k->tbdim[0] | k->tbdim[1] << 16, TAG(T_STAGE, i));
  wr(c, KMU_HL_TB_Z_ADDR, k->tbdim[2], TAG(T_STAGE, i));
  wr(c, KMU_HL_RES_ADDR,
     k->shmem | k->regs << 16 | k->prio << 24 | (uint32_t)k->user << KMU_HL_RES_CLASS_SHIFT,
     TAG(T_STAGE, i));
  if (k->est != c->hl_est) { /* HL_EST keeps its value: written only when it changes */
    wr(c, KMU_HL_EST_ADDR, k->est, TAG(T_STAGE, i));
    c->hl_est = k->est;
  }
  wr(c, KMU_HL_PARAM_ADDR, x->param, TAG(T_STAGE, i));
  wr(c, KMU_HL_CPL_ADDR_ADDR, x->cpl, TAG(T_STAGE, i));
  wr(c, KMU_HL_CMD_ADDR, 1, TAG(T_HLCMD, i));
}

/* a busy launch whose retry is due: staging and HL_CMD again (the oldest first) */
static void hl_retry(ctx *c) {
  if (!c->hl_retry_n || c->cycle < c->hl_retry_at || !axi_room(c, 10)) return;
  uint32_t i = c->hl_retry[c->hl_retry_head];
  c->hl_retry_head = (c->hl_retry_head + 1) % HL_RETRY_Q;
  c->hl_retry_n--;
  hl_write(c, i);
}

static int size_cmp(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? -1 : x > y;
}

static void host_issue(ctx *c) {
  hl_retry(c);
  while (c->released < c->nops && c->ops[c->released].at <= c->cycle) c->released++;
  if (c->issued_ops == c->released) return;
  /* the released head of every kernel, oldest first, until none can issue */
  size_t cand[64];
  for (;;) {
    unsigned n = 0;
    for (unsigned k = 0; k < c->w->nk && n < 64; k++) {
      if (c->knext[k] == c->kn[k]) continue;
      size_t i = c->kops[k][c->knext[k]];
      if (i < c->released) cand[n++] = i;
    }
    qsort(cand, n, sizeof cand[0], size_cmp);
    int any = 0;
    for (unsigned j = 0; j < n; j++) {
      const hop *h = &c->ops[cand[j]];
      if (try_issue(c, h)) {
        c->knext[h->kernel]++;
        c->issued_ops++;
        any = 1;
      }
    }
    if (!any) return;
  }
}

/* ---------------------------------------------------------------- copies (RGEM 3.1) */
/* the word a copy's source holds at word k, and so the word its destination must receive */
static uint32_t cp_pat(size_t i, uint32_t k) {
  uint64_t x = ((uint64_t)i << 32 | k) + 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return (uint32_t)(x ^ (x >> 31));
}

static void build_copies(ctx *c) {
  const kmusim_workload *w = c->w;
  kmusim_result *r = c->r;
  size_t n = 0;
  for (unsigned i = 0; i < w->nev; i++) n += w->ev[i].kind == KMUSIM_EV_COPY;
  r->cp = calloc(n ? n : 1, sizeof *r->cp);
  for (unsigned i = 0; i < w->nev; i++) {
    const kmusim_event *e = &w->ev[i];
    if (e->kind != KMUSIM_EV_COPY) continue;
    c->ev_ref[i] = (uint32_t)r->ncp;
    kmusim_copy *x = &r->cp[r->ncp++];
    x->after = e->after;
    x->line = e->line, x->at = e->at, x->bytes = (uint32_t)e->bytes, x->dir = e->dir;
    x->prio = e->prio;
    x->issued = x->accepted = x->first_read = x->last_write = x->completed = KMUSIM_NEVER;
    x->blk_last = KMUSIM_NEVER;
  }
  c->cp_active = -1;
  c->host_next = CP_HOST_BASE, c->dev_next = CP_DEV_BASE;
}

static void copy_desc(const ctx *c, const kmusim_copy *x, char *buf, size_t n) {
  snprintf(buf, n, "copy (line %u: %u B %s prio %u, tag %u)", x->line, x->bytes,
           x->dir ? "d2h" : "h2d", x->prio, x->id);
  (void)c;
}

/* the live copy whose source (write 0) or destination (write 1) on side (0 host, 1 device)
 * holds addr, or -1 */
static long copy_at(const ctx *c, int side, int write, uint32_t addr) {
  const kmusim_result *r = c->r;
  for (size_t i = 0; i < r->ncp; i++) {
    const kmusim_copy *x = &r->cp[i];
    if (!x->live) continue;
    /* h2d reads the host and writes the device; d2h the reverse */
    int xside = write ? !x->dir : x->dir;
    uint32_t base = write ? x->dst : x->src;
    if (xside == side && addr >= base && addr - base < x->bytes) return (long)i;
  }
  return -1;
}

/* one request of the copy engine, host side (side 0) or device side (1): the scoreboard.
 * Every read must be a live copy's source word, every write a live copy's destination word
 * not written before, carrying the source's word: no byte lost, duplicated or written outside
 * its destination. */
static void copy_access(ctx *c, int side, int write, uint32_t addr, uint32_t data) {
  kmusim_result *r = c->r;
  long i = copy_at(c, side, write, addr);
  if (i < 0) {
    fail(c, "cycle %" PRIu64 ": copy engine %s %s memory at 0x%08x: outside every live copy's "
         "%s", c->cycle, write ? "writes" : "reads", side ? "device" : "host", addr,
         write ? "destination" : "source");
    return;
  }
  kmusim_copy *x = &r->cp[i];
  char d[160];
  copy_desc(c, x, d, sizeof d);
  if (x->accepted == KMUSIM_NEVER) {
    fail(c, "cycle %" PRIu64 ": %s moves data before its COPY_GO was accepted", c->cycle, d);
    return;
  }
  if (!write) {
    x->nread++;
    if (x->first_read == KMUSIM_NEVER) x->first_read = c->cycle;
    /* higher-priority copies accepted and not started yet are blocked by this read */
    for (size_t j = 0; j < r->ncp; j++) {
      kmusim_copy *y = &r->cp[j];
      if (y->live && y->prio > x->prio && y->accepted != KMUSIM_NEVER &&
          y->first_read == KMUSIM_NEVER && y->blk_last != c->cycle)
        y->blocked++, y->blk_last = c->cycle;
    }
    return;
  }
  uint32_t k = (addr - x->dst) / 4;
  if (x->wbits[k / 8] & (1u << (k % 8))) {
    fail(c, "cycle %" PRIu64 ": %s: destination word %u (0x%08x) written twice", c->cycle, d, k,
         addr);
    return;
  }
  if (data != cp_pat((size_t)i, k)) {
    fail(c, "cycle %" PRIu64 ": %s: destination word %u (0x%08x) written 0x%08x, its source "
         "holds 0x%08x (a byte lost or moved)", c->cycle, d, k, addr, data, cp_pat((size_t)i, k));
    return;
  }
  x->wbits[k / 8] |= (uint8_t)(1u << (k % 8));
  x->nwritten++;
  if (x->nwritten == x->bytes / 4) {
    x->last_write = c->cycle;
    if (x->completed != KMUSIM_NEVER) { /* its completion was read already */
      x->live = 0;
      free(x->wbits);
      x->wbits = NULL;
    }
  }
}

/* a completed copy whose last words have not landed yet */
static int copies_landing(const ctx *c) {
  for (size_t i = 0; i < c->r->ncp; i++)
    if (c->r->cp[i].live) return 1;
  return 0;
}

/* host link: the request at addr starts a chunk (the chunk size counts from the copy's start) */
static int link_chunk(void *user, uint32_t addr, int write) {
  ctx *c = user;
  long i = copy_at(c, 0, write, addr);
  if (i < 0) return 0;
  const kmusim_copy *x = &c->r->cp[i];
  unsigned lg = c->w->cfg.copy_chunk < 2 ? 2 : c->w->cfg.copy_chunk;
  uint64_t off = addr - (write ? x->dst : x->src);
  return (off & ((1ull << lg) - 1)) == 0;
}

/* a buffer of n bytes from a bump allocator, clear of every live copy's buffers on that side;
 * 0 when it would overlap one (the submission waits) */
static int cp_alloc(ctx *c, int side, uint32_t n, uint32_t *at) {
  uint32_t *next = side ? &c->dev_next : &c->host_next;
  uint32_t lo = side ? CP_DEV_BASE : CP_HOST_BASE, hi = side ? CP_DEV_END : CP_HOST_END;
  uint32_t sz = (n + 63u) & ~63u;
  if ((uint64_t)*next + sz + 64 > hi) *next = lo;
  uint32_t a = *next;
  for (size_t i = 0; i < c->r->ncp; i++) {
    const kmusim_copy *x = &c->r->cp[i];
    if (!x->live) continue;
    uint32_t b = (x->dir ? 0 : 1) == side ? x->dst : x->src; /* x's buffer on this side */
    if (a < b + x->bytes && b < a + sz) return 0;
  }
  *next = a + sz + 64; /* a 64-byte gap: a write past the end lands in no buffer */
  *at = a;
  return 1;
}

/* submit the next copy when its time has come: staging writes, then a COPY_STATUS read; the
 * COPY_GO follows when the command stage is free (on_axi_done) */
static void copy_issue(ctx *c) {
  kmusim_result *r = c->r;
  if (!c->copies) return;
  if (c->cpl_phase == 2 && axi_room(c, 1)) {
    wr(c, KMU_COPY_CPL_POP_ADDR, 1, TAG(T_CPPOP, 0));
    c->cpl_phase = 3;
  }
  if (c->cp_active >= 0) {
    if (c->cp_phase == 1 && axi_room(c, 1)) {
      kmu_axim_read(&c->axim, KMU_COPY_STATUS_ADDR, TAG(T_CPSTAT, (uint32_t)c->cp_active));
      c->cp_phase = 2;
    } else if (c->cp_phase == 3 && axi_room(c, 1)) {
      wr(c, KMU_COPY_GO_ADDR, 1, TAG(T_CPGO, (uint32_t)c->cp_active));
      c->cp_phase = 4;
    }
    return;
  }
  while (c->cp_next < r->ncp && r->cp[c->cp_next].issued != KMUSIM_NEVER) c->cp_next++;
  if (!axi_room(c, 5)) return;
  /* the first copy, in workload (= time) order, whose time has come and whose after= event
   * has completed: a chained copy waiting for its kernel lets later copies pass */
  size_t ci = c->cp_next;
  while (ci < r->ncp && r->cp[ci].at <= c->cycle &&
         (r->cp[ci].issued != KMUSIM_NEVER || !dep_done(c, r->cp[ci].after)))
    ci++;
  if (ci >= r->ncp || r->cp[ci].at > c->cycle) return;
  const kmusim_hw_sizes *hw = c->o->engine->hw;
  kmusim_copy *x = &r->cp[ci];
  unsigned nid = 1u << (hw->cp_idw < 8 ? hw->cp_idw : 8);
  if (c->cp_out[x->prio] >= hw->cp_qd || c->cp_live >= nid) return; /* never FULL */
  unsigned id = 0;
  while (id < nid && c->cp_ids[id]) id++;
  uint32_t hb, db;
  if (!cp_alloc(c, 0, x->bytes, &hb)) return;
  if (!cp_alloc(c, 1, x->bytes, &db)) return;
  x->src = x->dir ? db : hb;
  x->dst = x->dir ? hb : db;
  x->id = id;
  c->cp_ids[id] = 1;
  x->wbits = calloc((x->bytes / 4 + 7) / 8 + 1, 1);
  for (uint32_t k = 0; k < x->bytes / 4; k++) {
    uint32_t a = x->src + 4 * k, v = cp_pat(ci, k);
    if (x->dir) mem_model_poke(&c->mem, a, v);
    else mem_model_poke(&c->link.store, a, v);
  }
  wr(c, KMU_COPY_SRC_ADDR, x->src, TAG(T_CPSTAGE, ci));
  wr(c, KMU_COPY_DST_ADDR, x->dst, TAG(T_CPSTAGE, ci));
  wr(c, KMU_COPY_LEN_ADDR, x->bytes, TAG(T_CPSTAGE, ci));
  wr(c, KMU_COPY_CTRL_ADDR,
     (uint32_t)x->dir << KMU_COPY_CTRL_DIR_SHIFT | x->prio << KMU_COPY_CTRL_PRIO_SHIFT |
         id << KMU_COPY_CTRL_ID_SHIFT,
     TAG(T_CPSTAGE, ci));
  kmu_axim_read(&c->axim, KMU_COPY_STATUS_ADDR, TAG(T_CPSTAT, ci));
  x->issued = c->cycle;
  x->live = 1;
  c->cp_out[x->prio]++;
  c->cp_live++;
  c->cp_active = (int)ci;
  while (c->cp_next < r->ncp && r->cp[c->cp_next].issued != KMUSIM_NEVER) c->cp_next++;
  c->cp_phase = 2;
}

/* a COPY_CPL read: record the completion it holds, then pop it */
static void copy_completion(ctx *c, uint32_t rdata, uint64_t cycle) {
  kmusim_result *r = c->r;
  if (!(rdata & KMU_COPY_CPL_VALID_MASK)) {
    c->cpl_phase = 0;
    return;
  }
  unsigned id = (rdata & KMU_COPY_CPL_ID_MASK) >> KMU_COPY_CPL_ID_SHIFT;
  unsigned st = (rdata & KMU_COPY_CPL_STATUS_MASK) >> KMU_COPY_CPL_STATUS_SHIFT;
  long i = -1;
  for (size_t j = 0; j < r->ncp && i < 0; j++)
    if (r->cp[j].live && r->cp[j].id == id && r->cp[j].accepted != KMUSIM_NEVER &&
        r->cp[j].completed == KMUSIM_NEVER)
      i = (long)j;
  if (i < 0) {
    fail(c, "cycle %" PRIu64 ": COPY_CPL holds tag %u, status %u: no live copy has that tag "
         "(a duplicated completion)", cycle, id, st);
    return;
  }
  kmusim_copy *x = &r->cp[i];
  char d[160];
  copy_desc(c, x, d, sizeof d);
  x->completed = cycle, x->status = st;
  if (st != KMU_COPY_ST_OK)
    fail(c, "cycle %" PRIu64 ": %s refused by the engine: status %u", cycle, d, st);
  else if (x->nread != x->bytes / 4)
    fail(c, "cycle %" PRIu64 ": %s completed with %u of its %u words read", cycle, d, x->nread,
         x->bytes / 4);
  /* its last device-side writes may still wait in the memory port's output stage: the copy's
   * buffers stay watched until every word has landed (copy_access) */
  if (x->nwritten == x->bytes / 4) {
    x->live = 0;
    free(x->wbits);
    x->wbits = NULL;
  }
  c->cp_out[x->prio]--;
  c->cp_live--;
  c->cp_ids[x->id] = 0;
  c->cpl_phase = 2;
}


/* ---------------------------------------------------------------- TReM revocations */
const char *kmusim_trem_status_name(unsigned st) {
  static const char *n[] = {"OK", "UNKNOWN", "FINISHED", "REVOKED", "GUARD", "NO_VICTIM",
                            "NEAR_DONE", "?"};
  return n[st < 7 ? st : 7];
}

/* the launch-id read of the launch in flight, and the revoke lines: TR_CMD when its time has
 * come (naming the kernel's latest launched instance by its launch id, or TAG 0xFFFF, which
 * no kernel holds, when none was launched yet: the hardware answers UNKNOWN), TR_RESULT once
 * irq_o says it completed, then TR_EVENTS.DONE cleared */
static void rv_issue(ctx *c) {
  kmusim_result *r = c->r;
  if (!r->nrv && !c->io) return;
  if (c->lid_inst >= 0 && axi_room(c, 1)) {
    if (c->lid_phase == 2) {
      kmu_axim_read(&c->axim, KMU_HL_STATUS_ADDR, TAG(T_HLSTAT, (uint32_t)c->lid_inst));
      c->lid_phase = 3;
    } else if (c->lid_phase == 4) {
      kmu_axim_read(&c->axim, KMU_TR_LAST_LID_ADDR, TAG(T_LASTLID, (uint32_t)c->lid_inst));
      c->lid_phase = 5;
    }
  }
  if (c->rv_active >= 0) {
    if (c->rv_phase == 3 && axi_room(c, 1)) {
      kmu_axim_read(&c->axim, KMU_TR_RESULT_ADDR, TAG(T_TRRES, (uint32_t)c->rv_active));
      c->rv_phase = 4;
    } else if (c->rv_phase == 5 && axi_room(c, 1)) {
      wr(c, KMU_TR_EVENTS_ADDR, KMU_TR_EVENTS_DONE_MASK, TAG(T_TREV, (uint32_t)c->rv_active));
      c->rv_phase = 6;
    }
    return;
  }
  if (!r->nrv) return;
  if (c->rv_next >= r->nrv || r->rv[c->rv_next].at > c->cycle || !axi_room(c, 1)) return;
  kmusim_rvk *v = &r->rv[c->rv_next];
  long t = -1; /* instances are in time order: the last one issued is the latest launch */
  for (size_t i = 0; i < r->ninst; i++)
    if (r->inst[i].kernel == v->kernel && r->inst[i].issued != KMUSIM_NEVER) t = (long)i;
  if (t >= 0 && !r->inst[t].lid_known) return; /* its launch id is still being read */
  v->inst = t;
  v->kind = t >= 0 ? KMU_TREM_KIND_LID : KMU_TREM_KIND_TAG;
  v->id = t >= 0 ? r->inst[t].lid : 0xFFFFu;
  wr(c, KMU_TR_CMD_ADDR,
     v->kind << KMU_TR_CMD_KIND_SHIFT | (uint32_t)!v->retire << KMU_TR_CMD_REPLAY_SHIFT |
         v->id << KMU_TR_CMD_ID_SHIFT,
     TAG(T_TRCMD, (uint32_t)c->rv_next));
  v->issued = c->cycle;
  c->rv_active = (int)c->rv_next++;
  c->rv_phase = 1;
}

/* irq_o with a revoke accepted: TR_EVENTS.DONE is set, the revocation has completed (the
 * workload has no copies, the only other interrupt kmusim enables).  If it revoked, every TB
 * of the target has left the SMs now: its counts are kept, and its TB starts from here wait
 * until the status is read (a replay starts a new run of the grid from TB 0). */
static void rv_boundary(ctx *c) {
  kmusim_rvk *v = &c->r->rv[c->rv_active];
  v->done = c->cycle;
  c->rv_phase = 3;
  if (v->inst < 0) return;
  const kmusim_inst *x = &c->r->inst[v->inst];
  c->limbo = 1;
  c->nlimbo = 0;
  c->bnd_started = x->started, c->bnd_done = x->done;
  c->bnd_resident = sm_model_resident(&c->sm, (uint32_t)v->inst);
}

static int tb_started(ctx *c, uint32_t i, uint64_t tb);

/* the TR_RESULT of the revoke in progress: the scoreboard of the revocation */
static void rv_result(ctx *c, uint32_t rdata, uint64_t cycle) {
  kmusim_result *r = c->r;
  kmusim_rvk *v = &r->rv[c->rv_active];
  v->read = cycle;
  v->status = (rdata & KMU_TR_RESULT_STATUS_MASK) >> KMU_TR_RESULT_STATUS_SHIFT;
  v->replay = (rdata & KMU_TR_RESULT_REPLAY_MASK) >> KMU_TR_RESULT_REPLAY_SHIFT;
  v->tag = (rdata & KMU_TR_RESULT_TAG_MASK) >> KMU_TR_RESULT_TAG_SHIFT;
  v->lid = (rdata & KMU_TR_RESULT_LID_MASK) >> KMU_TR_RESULT_LID_SHIFT;
  c->rv_phase = 5;
  if (v->status == KMU_TREM_STATUS_OK) c->rv_ok++;
  else c->rv_err++;
  char d[200];
  snprintf(d, sizeof d, "revoke of '%s' (line %u, action=%s)", kname(c, v->kernel), v->line,
           v->retire ? "retire" : "replay");
  if (v->replay != (unsigned)!v->retire)
    fail(c, "cycle %" PRIu64 ": %s: TR_RESULT.REPLAY=%u", cycle, d, v->replay);
  if (v->inst < 0) { /* nothing launched: TAG 0xFFFF names no kernel */
    if (v->status != KMU_TREM_STATUS_UNKNOWN)
      fail(c, "cycle %" PRIu64 ": %s of a kernel not launched yet (TAG 0xFFFF): status %u (%s), "
           "expected UNKNOWN", cycle, d, v->status, kmusim_trem_status_name(v->status));
    return;
  }
  kmusim_inst *x = &r->inst[v->inst];
  char xd[160];
  inst_desc(c, (uint32_t)v->inst, xd, sizeof xd);
  c->limbo = 0;
  if (v->status != KMU_TREM_STATUS_OK) {
    /* nothing was revoked: the starts seen since the completion are ordinary ones; the kernel
     * finished, was revoked before (retired, or replayed and waiting), or its tag was reused */
    if (v->status != KMU_TREM_STATUS_FINISHED && v->status != KMU_TREM_STATUS_REVOKED &&
        v->status != KMU_TREM_STATUS_UNKNOWN)
      fail(c, "cycle %" PRIu64 ": %s of %s: status %u (%s)", cycle, d, xd, v->status,
           kmusim_trem_status_name(v->status));
    else if (v->status == KMU_TREM_STATUS_REVOKED && !x->retired && !x->replays)
      fail(c, "cycle %" PRIu64 ": %s of %s: REVOKED, but it was never revoked", cycle, d, xd);
    /* REVOKED for a replayed kernel is right while the replay waits in the pool; once a TB of
     * the replay has started it runs again and must be revocable (kmu_revoke takes kmu_kmu's
     * re-admission of the replay, also the one in the cycle of its free_ack) */
    else if (v->status == KMU_TREM_STATUS_REVOKED && !x->retired && x->first_start_run != KMUSIM_NEVER &&
             x->first_start_run < v->accepted)
      fail(c, "cycle %" PRIu64 ": %s of %s: REVOKED, but its replay runs (first TB at cycle %" PRIu64
           "): kmu_revoke missed the replay's re-admission", cycle, d, xd, x->first_start_run);
    /* kmu_revoke knows a kernel from its admission into a kmu_kmu slot: one still in the
     * pending pool (accepted, no TB started yet) is UNKNOWN; one whose TB started is not */
    else if (v->status == KMU_TREM_STATUS_UNKNOWN && x->completed == KMUSIM_NEVER &&
             !x->retired && x->first_start < v->accepted)
      fail(c, "cycle %" PRIu64 ": %s of %s: UNKNOWN for a running kernel (launch id %u, first TB "
           "at cycle %" PRIu64 ")", cycle, d, xd, x->lid, x->first_start);
    for (size_t j = 0; j < c->nlimbo && !c->failed; j++) tb_started(c, (uint32_t)v->inst, c->limbo_tb[j]);
    return;
  }
  /* revoked: every TB of it left the SMs at the completion (done, or dropped) */
  if (v->lid != x->lid)
    fail(c, "cycle %" PRIu64 ": %s: TR_RESULT.LID=%u, the kernel's launch id is %u", cycle, d,
         v->lid, x->lid);
  if (x->completed != KMUSIM_NEVER || x->retired) {
    fail(c, "cycle %" PRIu64 ": %s: OK for %s, which %s", cycle, d, xd,
         x->retired ? "was retired before" : "had completed");
    return;
  }
  if (c->bnd_resident)
    fail(c, "cycle %" PRIu64 ": %s: %u TBs of %s still ran on the SMs at its completion (not "
         "dropped)", v->done, d, c->bnd_resident, xd);
  v->dropped = c->bnd_started - c->bnd_done;
  /* every TB started and not done left the SMs through an eviction (the drop's, or an
   * earlier preemption's): all of them wait in the evicted lists, and are forgotten there */
  unsigned forgot = sm_model_forget(&c->sm, (uint32_t)v->inst);
  if (forgot != v->dropped)
    fail(c, "cycle %" PRIu64 ": %s: %" PRIu64 " TBs of %s started and not done at its "
         "completion, but %u were evicted (%s)", cycle, d, v->dropped, xd, forgot,
         forgot < v->dropped ? "TBs lost without a drop" : "evicted TBs of another run");
  x->revokes++;
  x->tbs_dropped += v->dropped;
  r->drop_evictions += forgot;
  if (v->retire) {
    if (c->nlimbo || x->done != c->bnd_done)
      fail(c, "cycle %" PRIu64 ": %s: %s retired, yet %zu TB starts and %" PRIu64 " dones of it "
           "after its completion", cycle, d, xd, c->nlimbo, x->done - c->bnd_done);
    x->retired = 1;
    for (unsigned t = 0; t < 256; t++)
      if (c->tag_inst[t] == (uint32_t)v->inst + 1) c->tag_inst[t] = 0;
    live_remove(c, (uint32_t)v->inst);
    c->completed++; /* ended: no completion flag will come */
    c->retired++;
    return;
  }
  /* replay: a new run of the grid, from TB 0; the dones since the completion are its */
  x->replays++;
  x->epoch++;
  x->first_start_run = KMUSIM_NEVER;
  memset(x->bits, 0, (size_t)(x->ntb + 7) / 8);
  x->started = 0;
  x->done -= c->bnd_done;
  for (size_t j = 0; j < c->nlimbo && !c->failed; j++) tb_started(c, (uint32_t)v->inst, c->limbo_tb[j]);
}

static const char *addr_name(uint32_t a) {
  if (a >= KMU_DOORBELL_ADDR && a < KMU_DOORBELL_ADDR + 4 * KMU_DOORBELL_COUNT) return "DOORBELL";
  switch (a) {
  case KMU_REG_CMD_ADDR: return "REG_CMD";
  case KMU_REG_RESULT_ADDR: return "REG_RESULT";
  case KMU_HL_CMD_ADDR: return "HL_CMD";
  case KMU_ERR_STATUS_ADDR: return "ERR_STATUS";
  case KMU_KMU_CTRL_ADDR: return "KMU_CTRL";
  case KMU_SM_RESERVE_ADDR: return "SM_RESERVE";
  case KMU_PRE_CTRL_ADDR: return "PRE_CTRL";
  case KMU_PRE_HINT_ADDR: return "PRE_HINT";
  case KMU_TR_CMD_ADDR: return "TR_CMD";
  case KMU_TR_RESULT_ADDR: return "TR_RESULT";
  case KMU_TR_EVENTS_ADDR: return "TR_EVENTS";
  case KMU_TR_LAST_LID_ADDR: return "TR_LAST_LID";
  case KMU_HL_STATUS_ADDR: return "HL_STATUS";
  default: break;
  }
  if (a >= KMU_REG_KPTR_ADDR && a <= KMU_REG_PSIZE_ADDR) return "EKT_REG staging";
  if (a >= KMU_HL_KPTR_ADDR && a < KMU_HL_CMD_ADDR) return "HL staging";
  return "register";
}

static void on_axi_done(void *user, const kmu_axi_op *op, unsigned resp, uint32_t rdata,
                        uint64_t cycle) {
  ctx *c = user;
  kmusim_result *r = c->r;
  /* (a bus response is not progress: a host polling a status that never changes would keep
   * the no-progress check quiet for good) */
  if (!op) {
    fail(c, "cycle %" PRIu64 ": AXI response with no request outstanding", cycle);
    return;
  }
  int kind = TAG_K(op->tag);
  uint32_t i = TAG_I(op->tag);
  if (resp == 2 && kind == T_HLCMD && c->hl_retry_n < HL_RETRY_Q) {
    /* busy: the previous launch is still pending (register map 1.7); nothing launched, try
     * again later (the instance stays issued, its acceptance is the retry's) */
    c->hl_retry[(c->hl_retry_head + c->hl_retry_n++) % HL_RETRY_Q] = i;
    c->hl_retry_at = cycle + HL_RETRY_GAP;
    c->r->hl_busy++;
    if (c->lid_inst == (int)i) c->lid_phase = 1;
    return;
  }
  if (resp) {
    char what[160] = "";
    if (kind == T_DB || kind == T_HLCMD || (kind == T_STAGE && op->addr >= KMU_HL_KPTR_ADDR))
      inst_desc(c, i, what, sizeof what);
    else if (kind == T_REGCMD || kind == T_STAGE)
      snprintf(what, sizeof what, "registration of '%s' (line %u)", kname(c, r->reg[i].kernel),
               r->reg[i].line);
    else if (kind == T_CFG)
      snprintf(what, sizeof what, "configuration rgem=%u reserve=0x%x policy=%s: this engine "
               "does not implement the register", c->w->cfg.rgem,
               kmusim_config_reserve_mask(&c->w->cfg), c->w->cfg.policy);
    else if (kind == T_HINT)
      snprintf(what, sizeof what, "launch hint (line %u)", i);
    fail(c, "cycle %" PRIu64 ": AXI %s of 0x%04x (%s%s%s) answered %s%s", cycle,
         op->write ? "write" : "read", op->addr, addr_name(op->addr), *what ? ", " : "", what,
         resp == 2 ? "SLVERR" : resp == 3 ? "DECERR" : "an error",
         (op->addr >= KMU_WIN_HOST_LAUNCH_BASE && op->addr <= KMU_WIN_HOST_LAUNCH_LAST &&
          KMU_WIN_HOST_LAUNCH_RESERVED)
             ? ": the host launch window is still reserved in this register map "
               "(kmu_regmap.h); this engine does not implement host launches"
             : "");
    return;
  }
  switch (kind) {
  case T_REGCMD:
    c->reg_phase = 1;
    break;
  case T_REGRES: {
    kmusim_regrec *g = &r->reg[i];
    if (!(rdata & KMU_REG_RESULT_DONE_MASK)) {
      c->reg_phase = 1; /* poll again */
      break;
    }
    g->done = cycle;
    g->id = (rdata & KMU_REG_RESULT_ID_MASK) >> KMU_REG_RESULT_ID_SHIFT;
    g->code = (rdata & KMU_REG_RESULT_CODE_MASK) >> KMU_REG_RESULT_CODE_SHIFT;
    if (g->code != KMU_REG_CODE_OK) {
      fail(c, "cycle %" PRIu64 ": registration of '%s' (line %u) refused by the engine: code %u "
           "(%s)", cycle, kname(c, g->kernel), g->line, g->code, reg_code_name(g->code));
      break;
    }
    for (unsigned k = 0; k < c->w->nk; k++)
      if (c->db_id[k] == (int)g->id) {
        fail(c, "cycle %" PRIu64 ": registration of '%s' returned doorbell %u, already '%s''s",
             cycle, kname(c, g->kernel), g->id, kname(c, (int)k));
        return;
      }
    c->db_id[g->kernel] = (int)g->id;
    c->reg_active = -1;
    break;
  }
  case T_CPSTAT: /* submit once the command stage is free (COPY_GO is SLVERR otherwise) */
    c->cp_phase = (rdata & KMU_COPY_STATUS_CMD_PENDING_MASK) ? 1 : 3;
    break;
  case T_CPGO:
    c->cp_active = -1;
    break;
  case T_CPCPL:
    copy_completion(c, rdata, cycle);
    break;
  case T_CPPOP:
    c->cpl_phase = 0;
    break;
  case T_HLCMD:
    if (c->lid_inst == (int)i) c->lid_phase = 2;
    break;
  case T_HLSTAT: /* the launch is taken by kmu_kmu once no longer pending */
    c->lid_phase = (rdata & KMU_HL_STATUS_PENDING_MASK) ? 2 : 4;
    if (c->lid_phase == 4 && !r->nrv) c->lid_inst = -1, c->lid_phase = 0; /* GPUpIO: taken */
    break;
  case T_LASTLID:
    r->inst[i].lid = (rdata & KMU_TR_LAST_LID_LID_MASK) >> KMU_TR_LAST_LID_LID_SHIFT;
    r->inst[i].lid_known = 1;
    c->lid_inst = -1, c->lid_phase = 0;
    break;
  case T_TRRES:
    if (!(rdata & KMU_TR_RESULT_DONE_MASK)) {
      c->rv_phase = 3; /* poll again */
      break;
    }
    rv_result(c, rdata, cycle);
    break;
  case T_TREV:
    c->rv_active = -1, c->rv_phase = 0;
    break;
  case T_FINAL:
    if (i == 0) r->err_status = rdata;
    else if (i == 1) r->perf_doorbells = rdata;
    else if (i == 2) r->perf_completions = rdata;
    else if (i == 3) r->perf_copies = rdata;
    else if (i == 4) r->copy_err_cnt = rdata;
    else if (i == 5) r->tr_elastic = rdata;
    else if (i == 6) r->tr_result = rdata;
    else if (i == 7) r->perf_revokes = rdata;
    else if (i == 8) r->err_cnt_trem = rdata;
    else if (i >= 9 && i < 15) r->yield_cnt[i - 9] = rdata;
    c->final_left--;
    break;
  default:
    break;
  }
}

static void outstanding(ctx *c);

static void on_accept(ctx *c, unsigned seq) {
  const kmu_axi_op *op = &c->axim.wq[seq & QM];
  int kind = TAG_K(op->tag);
  uint32_t i = TAG_I(op->tag);
  if (kind == T_DB || kind == T_HLCMD) c->r->inst[i].accepted = c->cycle;
  else if (kind == T_CPGO) c->r->cp[i].accepted = c->cycle;
  else if (kind == T_REGCMD) c->r->reg[i].accepted = c->cycle;
  else if (kind == T_TRCMD) c->r->rv[i].accepted = c->cycle, c->rv_phase = 2;
  else if (kind == T_IOSIG) {
    /* the monitor sees it next cycle; the TB (resident or evicted) counts its wake-up from here */
    c->r->io_signals_accepted++;
    sm_model_io_signal(&c->sm, c->sig[i].inst, c->sig[i].tb, c->cycle);
  }
}

/* GPUpIO: a TB issued an I/O request (sm_model's hook): the device takes it */
static void on_io(void *user, sm_model *s, const sm_tb *t, uint64_t cycle) {
  ctx *c = user;
  (void)s, (void)cycle;
  io_req q;
  memset(&q, 0, sizeof q);
  q.due = t->io_flag_at, q.req = t->io_req, q.inst = t->inst, q.tb = t->tb;
  q.addr = kmusim_ioflag((unsigned)t->kernel, t->tb);
  io_dev_request(&c->dev, &q);
}

/* GPUpIO: the device's due flag writes go out as YIELD_SIGNAL writes (a few at a time) */
static void io_issue(ctx *c) {
  io_req q;
  while (c->axim.wt - c->axim.wb < IO_SIG_MAX_QUEUED && io_dev_peek(&c->dev, c->cycle, &q)) {
    if (c->nsig == c->sig_cap) {
      c->sig_cap = c->sig_cap ? 2 * c->sig_cap : 256;
      c->sig = realloc(c->sig, c->sig_cap * sizeof *c->sig);
    }
    io_dev_pop(&c->dev);
    if (c->io_bug && c->dev.signals == 1) { /* planted: the first signal is lost */
      c->r->io_signals_accepted++;
      c->sig[c->nsig++] = q;
      continue;
    }
    c->sig[c->nsig] = q;
    wr(c, KMU_YIELD_SIGNAL_ADDR, q.addr, TAG(T_IOSIG, (uint32_t)c->nsig));
    c->nsig++;
  }
}

/* GPUpIO: a TB whose yield(addr) was taken, whose flag was written long ago and that is still
 * evicted: a lost wake-up */
static void io_check_lost(ctx *c) {
  const sm_tb *t = sm_model_io_overdue(&c->sm, c->cycle, c->io_bound);
  if (!t) return;
  char d[160];
  inst_desc(c, t->inst, d, sizeof d);
  char acc[200] = "never accepted";
  if (t->io_sig_acc != SM_IO_NEVER)
    snprintf(acc, sizeof acc, "accepted at cycle %" PRIu64, t->io_sig_acc);
  else if (c->axim.wb != c->axim.wt) {
    /* the oldest write without its response holds the bus (the slave back-pressures it) */
    const kmu_axi_op *h = &c->axim.wq[c->axim.wb & QM];
    snprintf(acc, sizeof acc, "not accepted: queued on the AXI-Lite bus behind the host's "
             "write of 0x%04x (%s), still without its response (back-pressured)", h->addr,
             addr_name(h->addr));
  }
  fail(c, "cycle %" PRIu64 ": lost wake-up: TB %" PRIu64 " of %s (SM %u) yielded on flag 0x%08x, "
       "written at cycle %" PRIu64 " (its YIELD_SIGNAL write %s), is still not restored (bound %"
       PRIu64 " cycles)", c->cycle, t->tb, d, t->sm, kmusim_ioflag((unsigned)t->kernel, t->tb),
       t->io_flag_at, acc, c->io_bound);
  outstanding(c);
}

/* ---------------------------------------------------------------- memory writes */
static void on_mem_write(void *user, uint32_t addr, uint32_t data, uint32_t client,
                         uint64_t cycle) {
  ctx *c = user;
  kmusim_result *r = c->r;
  if (client == r->nsm + 1 && c->copies) { /* the copy engine's device side */
    copy_access(c, 1, 1, addr, data);
    return;
  }
  if (client != 0) {
    /* client 1+s: SM s's context engine, saving into its checkpoint areas (above ctx_base) */
    if (!c->simt || client > r->nsm || addr < c->w->cfg.ctx_base)
      fail(c, "cycle %" PRIu64 ": memory write of client %u to 0x%08x: %s", cycle, client, addr,
           !c->simt || client > r->nsm ? "no such client writes"
                                         : "below the checkpoint areas (PRE_CTX_BASE)");
    return;
  }
  for (size_t j = 0; j < c->nlive; j++) {
    uint32_t i = c->live[j];
    kmusim_inst *x = &r->inst[i];
    if (x->cpl != addr) continue;
    char d[160];
    inst_desc(c, i, d, sizeof d);
    if (data != 1) {
      fail(c, "cycle %" PRIu64 ": completion flag of %s written with %u, expected 1", cycle, d,
           data);
      return;
    }
    if (x->accepted == KMUSIM_NEVER) {
      fail(c, "cycle %" PRIu64 ": %s completed before its launch write was accepted", cycle, d);
      return;
    }
    if (x->done != x->ntb || x->started != x->ntb) {
      fail(c, "cycle %" PRIu64 ": %s completed with %" PRIu64 " of %" PRIu64 " TBs started, %"
           PRIu64 " done", cycle, d, x->started, x->ntb, x->done);
      return;
    }
    x->completed = cycle;
    c->completed++;
    if (c->w->k[x->kernel].event) c->inflight[x->kernel]--;
    live_remove(c, i);
    /* utilization basis: up to this completion */
    r->span = cycle + 1;
    return;
  }
  /* a flag of something already complete or retired, or an unknown address */
  for (size_t i = 0; i < r->ninst; i++)
    if (r->inst[i].cpl == addr && r->inst[i].retired) {
      char d[160];
      inst_desc(c, (uint32_t)i, d, sizeof d);
      fail(c, "cycle %" PRIu64 ": completion flag of %s written: it was revoked and retired", cycle,
           d);
      return;
    }
  for (size_t i = 0; i < r->ninst; i++)
    if (r->inst[i].cpl == addr && r->inst[i].completed != KMUSIM_NEVER) {
      char d[160];
      inst_desc(c, (uint32_t)i, d, sizeof d);
      fail(c, "cycle %" PRIu64 ": %s completed a second time (first at cycle %" PRIu64 ")",
           cycle, d, r->inst[i].completed);
      return;
    }
  fail(c, "cycle %" PRIu64 ": memory write of %u to 0x%08x: no kernel instance waits for a "
       "completion flag there", cycle, data, addr);
}

/* ---------------------------------------------------------------- per-SM views
 * kmu_gpu's per-SM ports are kmu_sm's SIMT-side ports by name (lanes, element s = SM s): the
 * behavioural SM of SM s sees them as a kmu_sm_in / kmu_sm_out, plus the start bus fields
 * when SM s is the one offering. */
static void view_in_from(const kmusim_ports *p, unsigned s, kmu_sm_in *v) {
#define VIN_FROM(n, nl, ew) v->n = p->n[s];
  KMU_GPU_INL(VIN_FROM)
#undef VIN_FROM
}
static void view_in_to(kmusim_ports *p, unsigned s, const kmu_sm_in *v) {
#define VIN_TO(n, nl, ew) p->n[s] = v->n;
  KMU_GPU_INL(VIN_TO)
#undef VIN_TO
}
static void view_out(const kmusim_ports *p, unsigned s, kmu_sm_out *v) {
  memset(v, 0, sizeof *v);
#define VOUT(n, nl, ew, q) v->n = p->n[s];
  KMU_GPU_OUTL(VOUT)
#undef VOUT
  if ((p->simt_start_valid_o & 1) && p->simt_start_sm_o == s) {
    v->simt_start_valid_o = 1;
    v->simt_start_rtb_o = p->simt_start_rtb_o;
    v->simt_start_slot_o = p->simt_start_slot_o;
    v->simt_start_tb_o = p->simt_start_tb_o;
    v->simt_start_warps_o = p->simt_start_warps_o;
    v->simt_start_kptr_o = p->simt_start_kptr_o;
    v->simt_start_param_o = p->simt_start_param_o;
    v->simt_start_wmask_o = p->simt_start_wmask_o;
    v->simt_start_ewarp_o = p->simt_start_ewarp_o;
    v->simt_start_restore_o = p->simt_start_restore_o;
    v->simt_start_rpw_o = p->simt_start_rpw_o;
  }
}

/* timeline marks (kept only when the timeline is asked for) */
static void mark(ctx *c, int kind, unsigned sm) {
  kmusim_result *r = c->r;
  if (!c->o->record_tbs) return;
  if (r->nmarks == r->marks_cap) {
    r->marks_cap = r->marks_cap ? 2 * r->marks_cap : 256;
    r->marks = realloc(r->marks, r->marks_cap * sizeof *r->marks);
  }
  r->marks[r->nmarks++] = (kmusim_mark){c->cycle, (uint16_t)sm, (uint8_t)kind};
}

/* ---------------------------------------------------------------- SIMT buses */
/* the kernel instance a start names: by its tag, or a new tag's first live instance with this
 * kernel and parameter (UINT32_MAX: none) */
static uint32_t inst_of(ctx *c, int k, unsigned tag, uint64_t param) {
  kmusim_result *r = c->r;
  uint32_t found = UINT32_MAX;
  tag &= 0xff;
  if (c->tag_inst[tag]) {
    /* the tag names a running instance: the start must be one of its TBs */
    const uint32_t t = c->tag_inst[tag] - 1;
    const kmusim_inst *x = &r->inst[t];
    if (k >= 0 && x->kernel == k && x->param == param) found = t;
    /* a retire frees the tag at its completion, before kmusim reads the status */
    else if (c->limbo && c->rv_active >= 0 && r->rv[c->rv_active].inst == (long)t &&
             r->rv[c->rv_active].retire)
      c->tag_inst[tag] = 0;
  }
  if (found == UINT32_MAX && !c->tag_inst[tag]) {
    for (size_t j = 0; k >= 0 && j < c->nlive; j++) {
      const kmusim_inst *x = &r->inst[c->live[j]];
      if (x->kernel == k && x->param == param && !x->tagged) {
        found = c->live[j];
        break;
      }
    }
    /* TReM's automatic policy may stop a batch kernel while its last TBs are finishing: their
     * dones reach kmusim's SIMT model during the drop, the drop discards their reports (the
     * stopped kernel never completes, docs/blocks/kmu_revoke.md), and the replay restarts it
     * from TB 0 with the same tag.  kmusim released the tag at the last done, so the new run's
     * start names the instance still waiting for its completion (auto_replay then checks it) */
    for (size_t j = 0; found == UINT32_MAX && k >= 0 && c->w->cfg.trem && j < c->nlive; j++) {
      const kmusim_inst *x = &r->inst[c->live[j]];
      if (x->kernel == k && x->param == param && x->tagged && !c->w->k[k].user &&
          x->done == x->ntb && x->completed == KMUSIM_NEVER)
        found = c->live[j];
    }
    if (found != UINT32_MAX) {
      c->tag_inst[tag] = found + 1;
      r->inst[found].tagged = 1;
    }
  }
  return found;
}

/* TReM's automatic policies (trem=priority|elastic) revoke and replay batch kernels without
 * telling the host (TR_RESULT and the counters see TR_CMD requests only).  A TB start of a
 * TB (tb) already started in this run is such a replay's new run when: the policy is on, the
 * kernel is batch, no TR_CMD is being served for it, and every TB of this run started and not
 * done was evicted (the drop's evictions, or an earlier preemption's), except the new run's
 * early starters: TBs resident now may be the new run's, when the new run's TBs are taken in
 * order (0, 1, ...) but reach kmusim's SIMT model after SM-dependent start delays (TB 1 on one
 * SM before TB 0 on another: issue 12, workloads/hw/trem_start_order.wl).  They are accepted
 * only when each started after the last eviction of the instance (the drop removes every TB
 * of the old run before the replay is admitted, docs/blocks/kmu_revoke.md) and, with tb, they
 * are TBs 0 .. n of the new run (a prefix, as the in-order takes give).  The evicted TBs are
 * forgotten, and the new run holds only its early starters (every TB once per run, the
 * completion flag needs the whole new run).  1 when it is one (the counts are reset). */
static int auto_replay(ctx *c, uint32_t i, uint64_t tb) {
  kmusim_result *r = c->r;
  kmusim_inst *x = &r->inst[i];
  if (!c->w->cfg.trem || c->w->k[x->kernel].user) return 0;
  if (c->rv_active >= 0 && r->rv[c->rv_active].inst == (long)i) return 0;
  const sm_model *sm = &c->sm;
  uint64_t last_ev = 0;
  int any_ev = 0;
  for (unsigned m = 0; m < sm->nsm; m++)
    for (unsigned e = 0; e < sm_model_evicted(sm, m); e++) {
      const sm_tb *t = sm_model_evicted_tb(sm, m, e);
      if (t->inst != i) continue;
      any_ev = 1;
      if (t->evict_at > last_ev) last_ev = t->evict_at;
    }
  /* the early starters: resident, started after the last eviction, with tb a prefix 0 .. n */
  unsigned nres = 0;
  uint64_t first = KMUSIM_NEVER, idx_sum = tb, idx_max = tb;
  for (unsigned j = 0; j < sm->nsm * sm->tbs; j++) {
    const sm_tb *t = &sm->tb[j];
    if (!t->busy || t->inst != i) continue;
    if (!any_ev || t->start <= last_ev || t->tb == tb) return 0;
    nres++;
    idx_sum += t->tb;
    if (t->tb > idx_max) idx_max = t->tb;
    if (t->start < first) first = t->start;
  }
  /* distinct indices (each TB once on the SMs) with max n and sum n(n+1)/2 are 0 .. n */
  if (nres && (idx_max != nres || idx_sum != (uint64_t)nres * (nres + 1) / 2)) return 0;
  const uint64_t dropped = x->started - x->done - nres;
  unsigned forgot = sm_model_forget(&c->sm, i);
  if (forgot != dropped) {
    char d[160];
    inst_desc(c, i, d, sizeof d);
    fail(c, "cycle %" PRIu64 ": automatic replay of %s: %" PRIu64 " TBs of its run started and "
         "not done, but %u were evicted (%s)", c->cycle, d, dropped, forgot,
         forgot < dropped ? "TBs lost without a drop" : "evicted TBs of another run");
    return 0;
  }
  x->replays++;
  x->auto_replays++;
  x->tbs_dropped += dropped;
  x->epoch++;
  x->first_start_run = first;
  memset(x->bits, 0, (size_t)(x->ntb + 7) / 8);
  x->started = nres;
  x->done = 0;
  for (unsigned j = 0; nres && j < sm->nsm * sm->tbs; j++) {
    const sm_tb *t = &sm->tb[j];
    if (t->busy && t->inst == i) x->bits[t->tb / 8] |= (uint8_t)(1u << (t->tb % 8));
  }
  r->drop_evictions += forgot;
  r->auto_replays++;
  return 1;
}

/* a TB of instance i starts (a new TB, not a restore): exactly once; 0 after a failure */
static int tb_started(ctx *c, uint32_t i, uint64_t tb) {
  kmusim_inst *x = &c->r->inst[i];
  char d[160];
  inst_desc(c, i, d, sizeof d);
  if (tb >= x->ntb) {
    fail(c, "cycle %" PRIu64 ": TB start of %s with tb=%" PRIu64 ", the grid has %" PRIu64
         " TBs", c->cycle, d, tb, x->ntb);
    return 0;
  }
  if ((x->bits[tb / 8] & (1u << (tb % 8))) && !auto_replay(c, i, tb)) {
    fail(c, "cycle %" PRIu64 ": TB %" PRIu64 " of %s started a second time", c->cycle, tb, d);
    return 0;
  }
  if (x->accepted == KMUSIM_NEVER) {
    fail(c, "cycle %" PRIu64 ": TB start of %s before its launch write was accepted", c->cycle,
         d);
    return 0;
  }
  x->bits[tb / 8] |= (uint8_t)(1u << (tb % 8));
  x->started++;
  if (x->first_start_run == KMUSIM_NEVER) x->first_start_run = c->cycle;
  x->last_start = c->cycle;
  return 1;
}

static void on_start(ctx *c) {
  kmusim_ports *p = &c->p;
  kmusim_result *r = c->r;
  int k = kmusim_kernel_by_kptr(c->w, p->simt_start_kptr_o);
  const int restore = c->simt && (p->simt_start_restore_o & 1);
  uint32_t found = inst_of(c, k, (unsigned)p->simt_start_slot_o, p->simt_start_param_o);
  if (found == UINT32_MAX) {
    fail(c, "cycle %" PRIu64 ": TB %s (sm=%" PRIu64 " rtb=%" PRIu64 " kptr=0x%" PRIx64
         " param=0x%" PRIx64 " tb=%" PRIu64 ") matches no launched kernel instance", c->cycle,
         restore ? "restore" : "start", p->simt_start_sm_o, p->simt_start_rtb_o,
         p->simt_start_kptr_o, p->simt_start_param_o, p->simt_start_tb_o);
    return;
  }
  kmusim_inst *x = &r->inst[found];
  uint64_t tb = p->simt_start_tb_o;
  /* a restore resumes a TB that started before (its start counted then); a start of a
   * revoke's target between its completion and the status read waits (rv_result) */
  if (!restore && c->limbo && c->rv_active >= 0 && r->rv[c->rv_active].inst == (long)found) {
    if (c->nlimbo == c->limbo_cap) {
      c->limbo_cap = c->limbo_cap ? 2 * c->limbo_cap : 64;
      c->limbo_tb = realloc(c->limbo_tb, c->limbo_cap * sizeof *c->limbo_tb);
    }
    c->limbo_tb[c->nlimbo++] = tb;
  } else if (!restore && !tb_started(c, found, tb)) {
    return;
  }
  char err[256];
  int ok;
  const int kk = kmusim_kernel_by_kptr(c->w, p->simt_start_kptr_o);
  const uint64_t wakes = kk >= 0 ? c->sm.ks[kk].wakeups : 0;
  if (c->simt) {
    sm_start st = {p->simt_start_sm_o,    p->simt_start_rtb_o,    p->simt_start_warps_o,
                   p->simt_start_kptr_o,  p->simt_start_param_o,  tb,
                   p->simt_start_slot_o,  p->simt_start_wmask_o,  p->simt_start_rpw_o,
                   p->simt_start_ewarp_o, p->simt_start_restore_o, found};
    ok = sm_model_start_ex(&c->sm, c->cycle, &st, err, sizeof err);
  } else {
    ok = sm_model_start(&c->sm, c->cycle, p->simt_start_sm_o, p->simt_start_rtb_o,
                        p->simt_start_warps_o, p->simt_start_kptr_o, p->simt_start_param_o, tb,
                        p->simt_start_slot_o, found, err, sizeof err);
  }
  if (!ok) {
    fail(c, "cycle %" PRIu64 ": %s", c->cycle, err);
    return;
  }
  if (restore) {
    r->restores++;
    mark(c, MARK_RESTORE, (unsigned)p->simt_start_sm_o);
    /* the restore's time: its first RESTORE command taken -> this start (GPUpIO's wake-up
     * overhead is the wake-up latency beyond it) */
    const unsigned rs = (unsigned)p->simt_start_sm_o;
    sm_tb *rt = &c->sm.tb[rs * c->sm.tbs + (unsigned)p->simt_start_rtb_o];
    rt->io_rdur = c->rest_first[rs] != KMUSIM_NEVER ? c->cycle - c->rest_first[rs] : 0;
    c->rest_first[rs] = KMUSIM_NEVER;
    if (kk >= 0 && c->sm.ks[kk].wakeups != wakes) mark(c, MARK_WAKE, (unsigned)p->simt_start_sm_o);
  } else if (x->first_start == KMUSIM_NEVER) {
    x->first_start = c->cycle;
  }
}

/* A warp-level event warp was accepted on an SM (sm_model's hook): it never appears on the
 * start bus, so its TB is counted started here; its first instruction issues at ev_start_o
 * (on_ev_start: the launch latency's end). */
static void on_wpev(void *user, sm_model *s, sm_tb *t, uint64_t cycle) {
  ctx *c = user;
  (void)s, (void)cycle;
  int k = kmusim_kernel_by_kptr(c->w, t->kptr);
  uint32_t found = inst_of(c, k, (unsigned)t->slot, t->param);
  if (found == UINT32_MAX) {
    fail(c, "cycle %" PRIu64 ": warp-level event warp (kptr=0x%" PRIx64 " param=0x%" PRIx64
         " tb=%" PRIu64 ") matches no launched kernel instance", c->cycle, t->kptr, t->param,
         t->tb);
    return;
  }
  if (!tb_started(c, found, t->tb)) return;
  t->inst = found;
}

static void on_ev_start(ctx *c, unsigned sm) {
  const sm_tb *t = &c->sm.tb[sm * c->sm.tbs + (unsigned)c->p.ev_rtb_o[sm]];
  c->r->wp_events++;
  mark(c, MARK_WP, sm);
  if (t->inst == SM_INST_NONE) return;
  kmusim_inst *x = &c->r->inst[t->inst];
  if (x->first_start == KMUSIM_NEVER) x->first_start = c->cycle;
}

static void on_done(ctx *c) {
  kmusim_result *r = c->r;
  sm_tb t = sm_model_done_fire(&c->sm);
  kmusim_inst *x = &r->inst[t.inst];
  if (x->retired) {
    char d[160];
    inst_desc(c, t.inst, d, sizeof d);
    fail(c, "cycle %" PRIu64 ": TB %" PRIu64 " of %s done after its revocation retired it",
         c->cycle, t.tb, d);
  }
  x->done++;
  x->tbs_done_total++;
  x->last_done = c->cycle;
  /* its last TB is done: the tag is free for reuse after its completion */
  if (x->done == x->ntb && t.slot < 256 && c->tag_inst[t.slot] == t.inst + 1)
    c->tag_inst[t.slot] = 0;
  unsigned sm = (unsigned)c->p.simt_done_sm_i;
  r->sm[sm].tbs++;
  if (c->o->record_tbs) {
    if (r->ntbr == r->tbr_cap) {
      r->tbr_cap = r->tbr_cap ? 2 * r->tbr_cap : 1024;
      r->tbr = realloc(r->tbr, r->tbr_cap * sizeof *r->tbr);
    }
    kmusim_tbrec *b = &r->tbr[r->ntbr++];
    b->sm = (uint16_t)sm, b->rtb = (uint16_t)c->p.simt_done_rtb_i;
    b->kernel = t.kernel, b->inst = t.inst, b->start = t.start, b->end = c->cycle;
  }
}

/* ---------------------------------------------------------------- the run */
/* --time-engine: the wall time inside the engine's calls and of the whole cycle loop; their ratio
 * is the engine's share of the run, apart from kmusim's own models (make bench multiplies it
 * by the run's CPU time: the simulation speed of the C model or the Verilated RTL alone) */
static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}
static void engine_comb(const kmusim_run_opts *o, void *e, kmusim_ports *p, kmusim_result *r) {
  if (!o->time_engine) {
    o->engine->comb(e, p);
    return;
  }
  const uint64_t t0 = now_ns();
  o->engine->comb(e, p);
  r->engine_ns += now_ns() - t0;
}

static void progress_line(ctx *c, int final) {
  static struct timespec t0, last;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  if (c->cycle == 0) t0 = last = now;
  double dt = (double)(now.tv_sec - last.tv_sec) + (double)(now.tv_nsec - last.tv_nsec) * 1e-9;
  if (!final && dt < 0.25) return;
  last = now;
  double el = (double)(now.tv_sec - t0.tv_sec) + (double)(now.tv_nsec - t0.tv_nsec) * 1e-9;
  if (final) {
    fprintf(stderr, "\r\033[K");
    return;
  }
  fprintf(stderr, "\r\033[Kkmusim: cycle %" PRIu64 "  kernels %" PRIu64 "/%zu done  %zu live  "
          "%.0f kcycles/s", c->cycle, c->completed, c->r->ninst, c->nlive,
          el > 0 ? (double)c->cycle / el / 1e3 : 0.0);
  fflush(stderr);
}

static void outstanding(ctx *c) {
  kmusim_result *r = c->r;
  unsigned shown = 0;
  for (size_t i = 0; i < r->ninst && shown < 10; i++) {
    const kmusim_inst *x = &r->inst[i];
    if (x->completed != KMUSIM_NEVER) continue;
    char d[160];
    inst_desc(c, (uint32_t)i, d, sizeof d);
    fprintf(stderr, "  not complete: %s: %s, %" PRIu64 "/%" PRIu64 " TBs started, %" PRIu64
            " done\n", d,
            x->issued == KMUSIM_NEVER ? "never issued (host blocked)"
            : x->accepted == KMUSIM_NEVER ? "write not accepted" : "launched",
            x->started, x->ntb, x->done);
    shown++;
  }
  if (c->reg_active >= 0)
    fprintf(stderr, "  registration of '%s' still waiting for REG_RESULT.DONE\n",
            kname(c, r->reg[c->reg_active].kernel));
  if (c->rv_active >= 0)
    fprintf(stderr, "  revoke of '%s' (line %u) in progress (phase %d: %s)\n",
            kname(c, r->rv[c->rv_active].kernel), r->rv[c->rv_active].line, c->rv_phase,
            c->rv_phase <= 2 ? "waiting for its completion (irq_o, TR_EVENTS.DONE)" : "host side");
  if (c->lid_inst >= 0)
    fprintf(stderr, "  launch id of instance %d being read (phase %d)\n", c->lid_inst, c->lid_phase);
  /* SIMT mode: the resident TBs of a hung run (their state), the evicted ones waiting for
   * their restore and why they left (GPUpIO) */
  static const char *const ph[] = {"", ", in its I/O wait", ", spinning in its I/O wait",
                                   ", asking to yield", ", its yield accepted", ", yielded"};
  for (unsigned i = 0; c->simt && i < c->sm.nsm * c->sm.tbs; i++) {
    const sm_tb *t = &c->sm.tb[i];
    if (!t->busy || t->wpev) continue;
    fprintf(stderr, "  resident on SM %u entry %u since cycle %" PRIu64 ": TB %" PRIu64
            " of '%s', %s%s%s\n", t->sm, t->rtb, t->start, t->tb, kname(c, t->kernel),
            t->finished ? "done offered" : t->st == SM_T_EXIT ? "exiting"
            : t->st == SM_T_VERIFY ? "being read back" : "running",
            t->pause_seen ? (t->paused ? ", paused" : ", pausing") : "", ph[t->io_ph % 6]);
  }
  /* SIMT mode: the evicted TBs waiting for their restore, and why they left (GPUpIO) */
  static const char *const why[] = {"preempted", "preempted in its I/O wait",
                                    "preempted spinning in its I/O wait", "preempted asking to yield",
                                    "preempted with its yield accepted", "yielded"};
  for (unsigned m = 0; c->simt && m < c->sm.nsm; m++)
    for (unsigned e = 0; e < sm_model_evicted(&c->sm, m) && e < 8; e++) {
      const sm_tb *t = sm_model_evicted_tb(&c->sm, m, e);
      const int io = c->w->k[t->kernel].has_io;
      const char *y = t->io_ph != SM_IO_OUT ? "" : c->w->k[t->kernel].yield == KMUSIM_YIELD_SPIN
                                                       ? " (yield(0))" : " (yield(addr))";
      fprintf(stderr, "  evicted on SM %u since cycle %" PRIu64 ": TB %" PRIu64 " of '%s', %s%s%s\n",
              m, t->evict_at, t->tb, kname(c, t->kernel), why[t->io_ph % 6], y,
              io && t->io_ph == SM_IO_OUT && c->cycle >= t->io_flag_at ? ", its flag written" : "");
    }
}

/* Every SM's settled SIMT side of this cycle: the behavioural SM checks the protocol and
 * moves on; the preemption metrics are counted here. */
static void observe_sms(ctx *c) {
  kmusim_ports *p = &c->p;
  kmusim_result *r = c->r;
  for (unsigned s = 0; s < r->nsm && !c->failed; s++) {
    kmu_sm_in vi;
    kmu_sm_out vo;
    memset(&vi, 0, sizeof vi);
    view_in_from(p, s, &vi);
    vi.opt_i = c->w->cfg.opt; /* PRE_CTRL.OPT as kmusim wrote it */
    view_out(p, s, &vo);
    char err[400];
    if (!sm_model_observe_sm(&c->sm, s, c->cycle, &vi, &vo, err, sizeof err)) {
      fail(c, "cycle %" PRIu64 ": SM %u: %s", c->cycle, s, err);
      return;
    }
    if ((p->preempt_o >> s) & 1) {
      r->preempt_reqs++;
      mark(c, MARK_PREEMPT, s);
    }
    if (p->ctx_cmd_valid_o[s] && p->ctx_cmd_ready_o[s]) {
      c->ctx_op[s] = (unsigned)p->ctx_cmd_op_o[s];
      if (c->ctx_op[s] == KMU_CTX_OP_RESTORE && c->rest_first[s] == KMUSIM_NEVER)
        c->rest_first[s] = c->cycle;
      if (c->ctx_op[s] != KMU_CTX_OP_RESTORE && c->ctx_save_since[s] == KMUSIM_NEVER)
        c->ctx_save_since[s] = c->cycle;
    }
    if (p->ctx_done_o[s]) {
      if (c->ctx_op[s] == KMU_CTX_OP_RESTORE) {
        r->ctx_restore_bytes += p->ctx_done_bytes_o[s];
      } else {
        r->ctx_save_bytes += p->ctx_done_bytes_o[s];
        r->ctx_saves++;
        if (c->ctx_save_since[s] != KMUSIM_NEVER)
          r->save_cycles += c->cycle + 1 - c->ctx_save_since[s];
        c->ctx_save_since[s] = KMUSIM_NEVER;
      }
    }
    if (p->simt_evict_valid_o[s]) {
      r->evictions++;
      mark(c, MARK_EVICT, s);
    }
    if (p->ev_start_o[s]) on_ev_start(c, s);
    if (p->simt_yres_valid_o[s] &&
        (p->simt_yres_code_o[s] == KMU_YR_TAKEN || p->simt_yres_code_o[s] == KMU_YR_SPIN))
      mark(c, MARK_YIELD, s);
  }
}

/* GPUpIO at the end: every taken yield's TB restored exactly once (or forgotten by a TReM
 * drop), no TB left in a wait, and the yield window's counters equal to the answers the SMs saw
 * (16-bit saturating counters: compared while below saturation) */
static void io_final_check(ctx *c) {
  kmusim_result *r = c->r;
  uint64_t take = 0, spin = 0, full = 0, nowork = 0, waits = 0;
  for (unsigned k = 0; k < c->w->nk; k++) {
    const sm_kstat *ks = &c->sm.ks[k];
    take += ks->yields - ks->yield_spins, spin += ks->yield_spins;
    full += ks->yield_full, nowork += ks->yield_nowork, waits += ks->io_waits;
    if (ks->wakeups + ks->yields_dropped != ks->yields)
      fail(c, "kernel '%s': %" PRIu64 " yields taken, %" PRIu64 " restored and %" PRIu64
           " dropped by a revocation: a yielded TB was lost or restored twice", kname(c, (int)k),
           ks->yields, ks->wakeups, ks->yields_dropped);
  }
  if (waits != c->dev.requests || c->dev.signals != c->nsig || r->io_signals_accepted != c->nsig)
    fail(c, "I/O device: %" PRIu64 " requests from the TBs, %" PRIu64 " taken, %zu YIELD_SIGNAL "
         "writes issued, %" PRIu64 " accepted", waits, c->dev.requests, c->nsig,
         r->io_signals_accepted);
  const uint64_t exp[6] = {take, spin, full, nowork, take, 0};
  static const char *nm[6] = {"YIELD_TAKE", "YIELD_SPIN", "YIELD_FULL", "YIELD_NOWORK",
                              "YIELD_WAKE", "YIELD_ERR"};
  for (int j = 0; j < 6; j++) {
    /* YIELD_WAKE counts the woken yield(addr) TBs handed to their SM: every taken one when
     * no revocation can drop a TB; with revocations it is not compared */
    if (j == 4 && (r->nrv || c->w->cfg.trem)) continue;
    if (exp[j] < 0xffff && r->yield_cnt[j] != exp[j])
      fail(c, "%s = %u at the end, the SMs saw %" PRIu64 " such answers", nm[j], r->yield_cnt[j],
           exp[j]);
  }
}

int kmusim_run(const kmusim_workload *w, const kmusim_run_opts *o, kmusim_result *r) {
  memset(r, 0, sizeof *r);
  ctx cc, *c = &cc;
  memset(c, 0, sizeof *c);
  c->w = w, c->o = o, c->r = r;
  r->engine = o->engine->name;
  r->test_double = o->engine->test_double;
  r->engine_timed = o->time_engine;
  r->end_reason = "completed";
  r->nsm = w->cfg.nsm;
  r->sm = calloc(r->nsm, sizeof *r->sm);
  r->iso = calloc(w->nk ? w->nk : 1, sizeof *r->iso);
  kmu_rng_seed(&c->rng_axi, o->seed);
  kmu_rng_seed(&c->rng_sm, o->seed ^ 0x5eed5eedull);
  kmu_rng_seed(&c->rng_mem, o->seed ^ 0x3e3e3e3eull);
  kmu_axim_init(&c->axim, &c->rng_axi, on_axi_done, c);
  mem_model_init(&c->mem, w->cfg.mem_latency, w->cfg.mem_bw, w->cfg.mem_stall_pct, &c->rng_mem,
                 on_mem_write, c);
  c->simt = o->engine->hw != NULL;
  if (c->simt) {
    sm_model_hw hw = {o->engine->hw->rpw, o->engine->hw->beat_bytes, o->engine->hw->ipb,
                      w->cfg.pause_drain, w->cfg.pause_drain};
    sm_model_init_simt(&c->sm, &w->cfg, w, &c->mem, &c->rng_sm, &hw);
    c->sm.on_wpev = on_wpev;
    c->sm.wpev_user = c;
    c->sm.on_io = on_io;
    c->sm.io_user = c;
    /* the lost wake-up bound: a woken TB goes to the head of its SM's queue and waits at most
     * for resources, i.e. for resident TBs to finish or yield: 4x the longest TB's whole life
     * in isolation (rounds x (2 cycles + io + iodev_lat): jitter and memory stalls stretch the
     * compute) + 20,000 cycles */
    uint64_t life = 0;
    for (unsigned k = 0; k < w->nk; k++) {
      c->io |= w->k[k].has_io;
      uint64_t l = (uint64_t)w->k[k].rounds *
                   (w->k[k].cycles * 2 + (w->k[k].has_io ? w->k[k].io + w->cfg.iodev_lat : 0));
      if (l > life) life = l;
    }
    c->io_bound = 4 * life + 20000;
  } else {
    sm_model_init(&c->sm, &w->cfg, w, &c->mem, &c->rng_sm);
  }
  io_dev_init(&c->dev);
  r->io = c->io;
  {
    const char *bug = getenv("KMUSIM_IO_BUG");
    c->io_bug = bug && !strcmp(bug, "drop_signal");
  }
  c->ctx_op = calloc(r->nsm, sizeof *c->ctx_op);
  c->ctx_save_since = calloc(r->nsm, sizeof *c->ctx_save_since);
  c->rest_first = calloc(r->nsm, sizeof *c->rest_first);
  for (unsigned s = 0; s < r->nsm; s++) c->ctx_save_since[s] = c->rest_first[s] = KMUSIM_NEVER;
  c->db_id = malloc(w->nk * sizeof *c->db_id + 1);
  for (unsigned k = 0; k < w->nk; k++) c->db_id[k] = -1;
  c->inflight = calloc(w->nk ? w->nk : 1, sizeof *c->inflight);
  c->reg_active = -1;
  c->lid_inst = c->rv_active = -1;
  build_ops(c);
  if (c->simt && (w->cfg.yield_tail || w->cfg.iodev_serial)) {
    /* YIELD_CTRL.TAIL: a woken TB waits until the dispatcher holds no TB for its SM, i.e. for
     * up to every TB of the workload; iodev_serial: a resident TB that spins (yield off or
     * refused) holds its slot until its I/O, queued behind every other request, is done.
     * Either way: 4x all their lives one after another + 20,000 cycles */
    uint64_t all = 0;
    for (size_t i = 0; i < r->ninst; i++) {
      const kmusim_kernel *kk = &w->k[r->inst[i].kernel];
      all += r->inst[i].ntb * kk->rounds *
             (kk->cycles * 2 + (kk->has_io ? kk->io + w->cfg.iodev_lat : 0));
    }
    c->io_bound = 4 * all + 20000;
  }
  build_copies(c);
  c->copies = (o->engine->features & KMUSIM_FEAT_COPY) && o->engine->hw;
  c->trem = (o->engine->features & KMUSIM_FEAT_REVOKE) && o->engine->hw;
  host_link_init(&c->link, w->cfg.link_latency, w->cfg.link_bw, w->cfg.link_setup, link_chunk, c);

  kmusim_engine_args ea = {&w->cfg, o->fst, o->seed};
  char eerr[512] = "";
  void *e = o->engine->create(&ea, eerr, sizeof eerr);
  int rc = 0;
  if (!e) {
    fail(c, "engine '%s' cannot run this workload: %s", o->engine->name, eerr);
    rc = 3;
    goto out;
  }
  o->engine->reset(e);
  static int told_cfg;
  if (o->engine->test_double &&
      (w->cfg.rgem || kmusim_config_reserve_mask(&w->cfg) || strcmp(w->cfg.policy, "drain")) &&
      !told_cfg++)
    fprintf(stderr, "kmusim: note: engine '%s' is a test double without KMU_CTRL / SM_RESERVE / "
            "PRE_*: rgem=%u reserve=0x%x policy=%s are not applied\n", o->engine->name,
            w->cfg.rgem, kmusim_config_reserve_mask(&w->cfg), w->cfg.policy);
  uint64_t *util_w = calloc(r->nsm, sizeof *util_w), *util_t = calloc(r->nsm, sizeof *util_t);
  kmusim_ports *p = &c->p;
  const uint64_t t_run = o->time_engine ? now_ns() : 0;
  for (c->cycle = 0;; c->cycle++) {
    /* stop conditions */
    if (w->has_end && c->cycle >= w->end_at) {
      r->end_reason = "end";
      break;
    }
    if (c->cycle >= o->max_cycles) {
      fail(c, "cycle limit (%" PRIu64 ") reached with %zu of %zu kernel instances not complete "
           "(raise it with --cycles)", o->max_cycles, r->ninst - c->completed, r->ninst);
      outstanding(c);
      break;
    }
    /* SIMT mode: evicted TBs keep the pool busy, so its own activity stamp says whether
     * anything moved (a stuck restore is then a hang); an I/O in the device is progress */
    int busy_sm = c->simt ? c->sm.last_activity + 1 >= c->cycle || !io_dev_idle(&c->dev)
                          : !sm_model_idle(&c->sm);
    int busy_env = busy_sm || !mem_model_idle(&c->mem) || !host_link_idle(&c->link) ||
                   (c->released < c->nops && c->issued_ops == c->released) ||
                   (c->cp_next < r->ncp && c->cp_live == 0 && c->cp_active < 0 &&
                    dep_done(c, r->cp[c->cp_next].after)) ||
                   (c->rv_next < r->nrv && c->rv_active < 0); /* a revoke line to come */
    if (busy_env) c->last_activity = c->cycle;
    if (c->cycle - c->last_activity > o->hang_cycles) {
      fail(c, "no progress for %" PRIu64 " cycles (no TB started, finished or running, no "
           "memory or link traffic; bus traffic does not count): the engine "
           "looks stuck; %zu of %zu kernel instances not complete", o->hang_cycles,
           r->ninst - c->completed, r->ninst);
      outstanding(c);
      break;
    }
    if (c->final_phase == 0 && c->issued_ops == c->nops && c->nlive == 0 && c->reg_active < 0 &&
        c->cp_next == r->ncp && c->cp_live == 0 && c->cp_active < 0 && c->cpl_phase == 0 &&
        c->rv_next == r->nrv && c->rv_active < 0 && c->lid_inst < 0 &&
        kmu_axim_idle(&c->axim) && sm_model_idle(&c->sm) && mem_model_idle(&c->mem) &&
        host_link_idle(&c->link) && !copies_landing(c) && io_dev_idle(&c->dev)) {
      kmu_axim_read(&c->axim, KMU_ERR_STATUS_ADDR, TAG(T_FINAL, 0));
      kmu_axim_read(&c->axim, KMU_PERF_DOORBELLS_ADDR, TAG(T_FINAL, 1));
      kmu_axim_read(&c->axim, KMU_PERF_COMPLETIONS_ADDR, TAG(T_FINAL, 2));
      c->final_left = 3;
      if (c->copies) {
        kmu_axim_read(&c->axim, KMU_PERF_COPIES_ADDR, TAG(T_FINAL, 3));
        kmu_axim_read(&c->axim, KMU_COPY_ERR_CNT_ADDR, TAG(T_FINAL, 4));
        c->final_left += 2;
      }
      if (c->trem) { /* the TReM window: Elastic's q and the revoke unit, idle and unused */
        kmu_axim_read(&c->axim, KMU_TR_ELASTIC_ADDR, TAG(T_FINAL, 5));
        kmu_axim_read(&c->axim, KMU_TR_RESULT_ADDR, TAG(T_FINAL, 6));
        kmu_axim_read(&c->axim, KMU_PERF_REVOKES_ADDR, TAG(T_FINAL, 7));
        kmu_axim_read(&c->axim, KMU_ERR_CNT_TREM_ADDR, TAG(T_FINAL, 8));
        c->final_left += 4;
      }
      if (c->io) { /* the yield window's counters (GPUpIO) */
        static const uint32_t ya[6] = {KMU_YIELD_TAKE_ADDR,   KMU_YIELD_SPIN_ADDR,
                                       KMU_YIELD_FULL_ADDR,   KMU_YIELD_NOWORK_ADDR,
                                       KMU_YIELD_WAKE_ADDR,   KMU_YIELD_ERR_ADDR};
        for (uint32_t j = 0; j < 6; j++) kmu_axim_read(&c->axim, ya[j], TAG(T_FINAL, 9 + j));
        c->final_left += 6;
      }
      c->final_phase = 1;
    }
    if (c->final_phase == 1 && c->final_left == 0) {
      r->final_read = 1;
      break;
    }
    if (o->progress && (c->cycle & 0x3fff) == 0) progress_line(c, 0);

    /* 1. environment drives the inputs */
    if (c->cycle == 0 && !o->engine->test_double) {
      const kmusim_config *g = &w->cfg;
      wr(c, KMU_KMU_CTRL_ADDR, (g->rgem & 1u) << KMU_KMU_CTRL_RGEM_SHIFT, TAG(T_CFG, 0));
      wr(c, KMU_SM_RESERVE_ADDR, kmusim_config_reserve_mask(g), TAG(T_CFG, 1));
      wr(c, KMU_PRE_CTRL_ADDR,
         g->pol << KMU_PRE_CTRL_POLICY_SHIFT | g->inplace << KMU_PRE_CTRL_INPLACE_SHIFT |
             g->wp_en << KMU_PRE_CTRL_WP_EN_SHIFT | g->vpol << KMU_PRE_CTRL_VPOL_SHIFT |
             g->opt << KMU_PRE_CTRL_OPT_SHIFT | g->pre_all << KMU_PRE_CTRL_ALL_SHIFT,
         TAG(T_CFG, 2));
      wr(c, KMU_PRE_CTX_BASE_ADDR, g->ctx_base, TAG(T_CFG, 3));
      wr(c, KMU_PRE_DEADLINE_ADDR, g->deadline, TAG(T_CFG, 4));
      wr(c, KMU_PRE_BW_ADDR, g->bw_shift << KMU_PRE_BW_SHIFT_SHIFT, TAG(T_CFG, 5));
      if (c->copies) {
        wr(c, KMU_COPY_CHUNK_ADDR, g->copy_chunk << KMU_COPY_CHUNK_LOG2_SHIFT, TAG(T_CFG, 6));
        wr(c, KMU_COPY_IRQ_ADDR, 1u << KMU_COPY_IRQ_EN_SHIFT, TAG(T_CFG, 7));
      }
      /* revokes: their completion raises irq_o (TR_EVENTS.DONE) */
      if (r->nrv) wr(c, KMU_TR_IRQ_EN_ADDR, KMU_TR_IRQ_EN_DONE_MASK, TAG(T_CFG, 8));
      /* TReM's automatic policy (only when asked: a run without it keeps its AXI timing);
       * TR_CTRL.SHIFT keeps its reset value */
      if (g->trem || g->sla || g->period || g->cost || g->unit || g->thresh) {
        wr(c, KMU_TR_SLA_ADDR, g->sla << KMU_TR_SLA_VALUE_SHIFT, TAG(T_CFG, 9));
        wr(c, KMU_TR_PERIOD_ADDR, g->period << KMU_TR_PERIOD_VALUE_SHIFT, TAG(T_CFG, 10));
        if (g->cost) wr(c, KMU_TR_COST_ADDR, g->cost << KMU_TR_COST_VALUE_SHIFT, TAG(T_CFG, 12));
        /* the starvation guard (no TR_IRQ_EN.GUARD: its pulse is not on irq_o, and a guarded
         * kernel shows in the report as an instance with thresh replays) */
        if (g->thresh)
          wr(c, KMU_TR_THRESH_ADDR, g->thresh << KMU_TR_THRESH_THR_SHIFT, TAG(T_CFG, 14));
        wr(c, KMU_TR_CTRL_ADDR,
           g->trem << KMU_TR_CTRL_POLICY_SHIFT |
               (KMU_TR_CTRL_RESET & KMU_TR_CTRL_SHIFT_MASK) | g->unit << KMU_TR_CTRL_UNIT_SHIFT,
           TAG(T_CFG, 11));
      }
      /* GPUpIO's tail re-enqueue (only when asked: a run without it keeps its AXI timing) */
      if (g->yield_tail || g->yield_maxwait)
        wr(c, KMU_YIELD_CTRL_ADDR,
           g->yield_tail << KMU_YIELD_CTRL_TAIL_SHIFT |
               g->yield_maxwait << KMU_YIELD_CTRL_MAXWAIT_SHIFT,
           TAG(T_CFG, 13));
    }
    host_issue(c);
    copy_issue(c);
    rv_issue(c);
    if (c->io) {
      io_issue(c);
      if ((c->cycle & 255) == 0) io_check_lost(c);
    }
    if (c->reg_active >= 0 && c->reg_phase == 1) {
      kmu_axim_read(&c->axim, KMU_REG_RESULT_ADDR, TAG(T_REGRES, (uint32_t)c->reg_active));
      c->reg_phase = 2;
    }
    kmu_axil_sig sig;
    memset(&sig, 0, sizeof sig);
    kmu_axim_drive(&c->axim, &sig);
    KMU_AXIM_TO_IN(sig, p);
    p->simt_start_ready_i = 1;
    sm_model_drive(&c->sm, &p->simt_done_valid_i, &p->simt_done_sm_i, &p->simt_done_rtb_i);
    for (unsigned s = 0; c->simt && s < r->nsm; s++) {
      kmu_sm_in v;
      view_in_from(p, s, &v);
      sm_model_drive_sm(&c->sm, s, c->cycle, &v);
      view_in_to(p, s, &v);
    }
    mem_model_drive(&c->mem, c->cycle, &p->mem_ready_i, &p->mem_rvalid_i, &p->mem_rdata_i,
                    &p->mem_rclient_i);
    host_link_drive(&c->link, c->cycle, &p->hlink_req_ready_i, &p->hlink_rsp_valid_i,
                    &p->hlink_rsp_rdata_i);
    /* 2. engine; then the combinational reads of registered outputs (the SMs' shared memory
     * and on-chip store, the offered TB's instructions) and the engine again (engine.h) */
    engine_comb(o, e, p, r);
    if (c->simt) {
      /* the engine's comb is a function of its state and its inputs: when the reads return
       * what the first call already saw, a second call would answer the same (skipped) */
      int reads_changed = 0;
      const uint64_t insts_before = p->simt_start_insts_i;
      for (unsigned s = 0; s < r->nsm; s++) {
        kmu_sm_in vi;
        kmu_sm_out vo;
        view_in_from(p, s, &vi);
        view_out(p, s, &vo);
        sm_model_comb_reads(&c->sm, s, &vo, &vi);
        reads_changed |= p->shm_rdata_i[s] != vi.shm_rdata_i || p->ip_rdata_i[s] != vi.ip_rdata_i;
        p->shm_rdata_i[s] = vi.shm_rdata_i;
        p->ip_rdata_i[s] = vi.ip_rdata_i;
        if (vo.simt_start_valid_o) p->simt_start_insts_i = sm_model_start_insts(&c->sm, s, &vo);
      }
      if (!(p->simt_start_valid_o & 1)) p->simt_start_insts_i = 0;
      if (reads_changed || p->simt_start_insts_i != insts_before) engine_comb(o, e, p, r);
    }
    /* 3. observe handshakes */
    KMU_AXIM_FROM(sig, p, p);
    if (sig.awvalid && sig.awready) {
      unsigned s = c->axim.aw_i;
      c->aw_seen[s & QM] = 1;
      if (c->w_seen[s & QM]) on_accept(c, s), c->aw_seen[s & QM] = c->w_seen[s & QM] = 0;
    }
    if (sig.wvalid && sig.wready) {
      unsigned s = c->axim.w_i;
      c->w_seen[s & QM] = 1;
      if (c->aw_seen[s & QM]) on_accept(c, s), c->aw_seen[s & QM] = c->w_seen[s & QM] = 0;
    }
    kmu_axim_observe(&c->axim, &sig, c->cycle);
    if (p->irq_o) r->irq_cycles++;
    if (p->kernel_done_o & 1) c->kernel_dones++;
    /* a revoke's completion, before this cycle's starts (a replay's may follow at once) */
    if (c->rv_active >= 0 && c->rv_phase == 2 && (p->irq_o & 1)) rv_boundary(c);
    /* irq_o (only TR_EVENTS.DONE is enabled with revoke lines) with no request accepted: a
     * completion without a request, or a request's second one */
    else if (r->nrv && (c->rv_active < 0 || c->rv_phase == 1) && (p->irq_o & 1))
      fail(c, "cycle %" PRIu64 ": irq_o (TR_EVENTS.DONE) with no revoke request in flight: a "
           "completion without a request, or a second one", c->cycle);
    if (c->simt) observe_sms(c);
    if (p->simt_start_valid_o && p->simt_start_ready_i) {
      on_start(c);
      c->last_activity = c->cycle;
    }
    if (p->simt_done_valid_i && p->simt_done_ready_o) {
      on_done(c);
      c->last_activity = c->cycle;
    }
    if (p->mem_valid_o && p->mem_ready_i) {
      if (!p->mem_write_o && p->mem_client_o == r->nsm + 1)
        copy_access(c, 1, 0, (uint32_t)p->mem_addr_o, 0); /* a copy's device-side read */
      mem_model_port_fire(&c->mem, c->cycle, (int)p->mem_write_o, (uint32_t)p->mem_addr_o,
                          (uint32_t)p->mem_wdata_o, (uint32_t)p->mem_client_o);
      c->last_activity = c->cycle;
    }
    if (p->hlink_req_valid_o && p->hlink_req_ready_i) {
      copy_access(c, 0, (int)p->hlink_req_write_o, (uint32_t)p->hlink_req_addr_o,
                  (uint32_t)p->hlink_req_wdata_o);
      host_link_fire(&c->link, c->cycle, (int)p->hlink_req_write_o,
                     (uint32_t)p->hlink_req_addr_o, (uint32_t)p->hlink_req_wdata_o);
      c->last_activity = c->cycle;
    }
    if (c->copies && c->cpl_phase == 0 && c->cp_live && (p->irq_o & 1)) {
      kmu_axim_read(&c->axim, KMU_COPY_CPL_ADDR, TAG(T_CPCPL, 0));
      c->cpl_phase = 1;
    }
    if (o->engine->failed) {
      char msg[400];
      if (o->engine->failed(e, msg, sizeof msg)) fail(c, "cycle %" PRIu64 ": engine '%s': %s",
                                                      c->cycle, o->engine->name, msg);
    }
    if (c->failed) break;
    /* utilization of this cycle (TBs resident during it) */
    for (unsigned s = 0; s < r->nsm; s++) {
      util_w[s] += c->sm.busy_warps[s];
      util_t[s] += c->sm.busy_tbs[s];
    }
    if (r->span == c->cycle + 1)
      for (unsigned s = 0; s < r->nsm; s++) r->sm[s].warp_busy = util_w[s], r->sm[s].tb_busy = util_t[s];
    /* 4. the edge */
    sm_model_tick(&c->sm, c->cycle);
    mem_model_tick(&c->mem, c->cycle);
    host_link_tick(&c->link, c->cycle);
    if (o->time_engine) {
      const uint64_t t0 = now_ns();
      o->engine->tick(e);
      r->engine_ns += now_ns() - t0;
    } else {
      o->engine->tick(e);
    }
  }
  r->cycles = c->cycle;
  if (o->time_engine) r->run_ns = now_ns() - t_run;
  if (o->progress) progress_line(c, 1);
  if (strcmp(r->end_reason, "end") == 0 || c->failed) {
    /* stopped by the end line (or a failure): utilization up to the stop */
    r->span = c->cycle;
    for (unsigned s = 0; s < r->nsm; s++)
      r->sm[s].warp_busy = util_w[s], r->sm[s].tb_busy = util_t[s];
  }
  /* TBs still resident go on the timeline up to the stop */
  if (o->record_tbs)
    for (unsigned i = 0; i < c->sm.nsm * c->sm.tbs; i++) {
      const sm_tb *t = &c->sm.tb[i];
      if (!t->busy) continue;
      if (r->ntbr == r->tbr_cap) {
        r->tbr_cap = r->tbr_cap ? 2 * r->tbr_cap : 1024;
        r->tbr = realloc(r->tbr, r->tbr_cap * sizeof *r->tbr);
      }
      kmusim_tbrec *b = &r->tbr[r->ntbr++];
      b->sm = (uint16_t)(i / c->sm.tbs), b->rtb = (uint16_t)(i % c->sm.tbs);
      b->kernel = t->kernel, b->inst = t->inst, b->start = t->start, b->end = c->cycle;
    }
  free(util_w);
  free(util_t);
  /* end-of-run scoreboards */
  if (!c->failed && r->final_read) {
    /* busy HL_CMD answers set ERR_STATUS.BUS; any other SLVERR already failed the run at its
     * response, so with busy answers seen the BUS bit is theirs */
    uint32_t err_seen = r->hl_busy ? r->err_status & ~(uint32_t)KMU_ERR_STATUS_BUS_MASK
                                   : r->err_status;
    if (err_seen) {
      fail(c, "the engine flagged errors: ERR_STATUS=0x%02x%s%s%s%s%s%s%s%s", r->err_status,
           r->err_status & KMU_ERR_STATUS_DB_UNKNOWN_MASK ? " DB_UNKNOWN" : "",
           r->err_status & KMU_ERR_STATUS_DB_UNREG_MASK ? " DB_UNREG" : "",
           r->err_status & KMU_ERR_STATUS_DB_INFLIGHT_MASK ? " DB_INFLIGHT (doorbell lost)" : "",
           r->err_status & KMU_ERR_STATUS_REG_REFUSED_MASK ? " REG_REFUSED" : "",
           r->err_status & KMU_ERR_STATUS_UNREG_REFUSED_MASK ? " UNREG_REFUSED" : "",
           r->err_status & KMU_ERR_STATUS_CPL_SPURIOUS_MASK ? " CPL_SPURIOUS" : "",
           r->err_status & KMU_ERR_STATUS_BUS_MASK ? " BUS" : "",
           r->err_status & KMU_ERR_STATUS_HOST_REFUSED_MASK ? " HOST_REFUSED" : "");
    }
    uint64_t ndb = 0;
    for (size_t i = 0; i < r->ninst; i++) ndb += w->k[r->inst[i].kernel].event;
    if (ndb < 0xffff && r->perf_doorbells != ndb)
      fail(c, "doorbells: %" PRIu64 " rung, the engine counted %u launched (PERF_DOORBELLS): "
           "doorbell lost", ndb, r->perf_doorbells);
    if (ndb < 0xffff && r->perf_completions != ndb)
      fail(c, "event completions: %" PRIu64 " seen, the engine counted %u (PERF_COMPLETIONS)",
           ndb, r->perf_completions);
    if (c->copies && r->ncp < 0xffff && r->perf_copies != r->ncp)
      fail(c, "copies: %zu done, the engine counted %u (PERF_COPIES)", r->ncp, r->perf_copies);
    if (c->copies && r->copy_err_cnt)
      fail(c, "the engine counted %u refused copies (COPY_ERR_CNT)", r->copy_err_cnt);
    /* TReM: every user-facing kernel (class=user, every event kernel) that arrived has left
     * (kmu_elastic's q back to 0, a retired one included); every revoke request completed
     * exactly once: the unit idle, its counters equal to the results read */
    if (c->trem && (r->tr_elastic & KMU_TR_ELASTIC_Q_MASK))
      fail(c, "user-facing kernels: the engine still counts %u outstanding at the end "
           "(TR_ELASTIC.Q): an arrival without its departure",
           (unsigned)((r->tr_elastic & KMU_TR_ELASTIC_Q_MASK) >> KMU_TR_ELASTIC_Q_SHIFT));
    if (c->trem && ((r->tr_result & KMU_TR_RESULT_BUSY_MASK) || r->perf_revokes != c->rv_ok ||
                    r->err_cnt_trem != c->rv_err || c->rv_ok + c->rv_err != r->nrv))
      fail(c, "revoke unit: TR_RESULT=0x%08x, PERF_REVOKES=%u, ERR_CNT_TREM=%u after %zu "
           "revoke requests (%zu results OK, %zu other)", r->tr_result, r->perf_revokes,
           r->err_cnt_trem, r->nrv, c->rv_ok, c->rv_err);
    if (r->nrv && c->kernel_dones != c->completed - c->retired)
      fail(c, "kernel_done_o pulsed %" PRIu64 " times for %" PRIu64 " completions (%zu kernels "
           "retired: none for them, exactly one for a replayed one)", c->kernel_dones,
           c->completed - c->retired, c->retired);
    if (c->io) io_final_check(c);
    for (size_t i = 0; i < r->ncp && !c->failed; i++)
      if (r->cp[i].nwritten != r->cp[i].bytes / 4) {
        char d[160];
        copy_desc(c, &r->cp[i], d, sizeof d);
        fail(c, "%s: %u of its %u words reached the destination (bytes lost)", d,
             r->cp[i].nwritten, r->cp[i].bytes / 4);
      }
  }
  rc = c->failed ? 3 : 0;
  r->mem_port_reads = c->mem.port_reads, r->mem_port_writes = c->mem.port_writes;
  r->mem_sm_loads = c->mem.sm_loads, r->mem_busy_cycles = c->mem.busy_cycles;
  r->link_reads = c->link.reads, r->link_writes = c->link.writes;
  r->link_chunks = c->link.chunks, r->link_setup_cycles = c->link.setup_cycles;
  r->ks = calloc(w->nk ? w->nk : 1, sizeof *r->ks);
  memcpy(r->ks, c->sm.ks, w->nk * sizeof *r->ks);
  r->nks = w->nk;
  /* the sample lists move to the result */
  for (unsigned k = 0; k < w->nk; k++) {
    sm_kstat *ks = &c->sm.ks[k];
    memset(&ks->wake_lat, 0, sizeof ks->wake_lat);
    memset(&ks->restart, 0, sizeof ks->restart);
    memset(&ks->wake_over, 0, sizeof ks->wake_over);
  }
  r->io_requests = c->dev.requests, r->io_signals = c->dev.signals;
  o->engine->destroy(e);
out:
  for (size_t i = 0; i < r->ninst; i++) free(r->inst[i].bits), r->inst[i].bits = NULL;
  for (size_t i = 0; i < r->ncp; i++) free(r->cp[i].wbits), r->cp[i].wbits = NULL;
  sm_model_free(&c->sm);
  mem_model_free(&c->mem);
  host_link_free(&c->link);
  for (unsigned k = 0; k < w->nk; k++) free(c->kops[k]), free(c->kseq[k]);
  free(c->kseq);
  free(c->ev_ref), free(c->kops), free(c->kn), free(c->knext), free(c->ops), free(c->db_id), free(c->inflight);
  free(c->live);
  free(c->limbo_tb);
  free(c->ctx_op), free(c->ctx_save_since), free(c->rest_first);
  io_dev_free(&c->dev);
  free(c->sig);
  if (!r->ks) r->ks = calloc(w->nk ? w->nk : 1, sizeof *r->ks);
  return rc;
}

/* ---------------------------------------------------------------- isolated runs, ANTT */
int kmusim_isolated(const kmusim_workload *w, const kmusim_run_opts *o, kmusim_result *r) {
  kmusim_run_opts io = *o;
  io.fst = NULL;
  io.progress = 0;
  io.record_tbs = 0;
  uint8_t *used = calloc(w->nk ? w->nk : 1, 1);
  for (size_t i = 0; i < r->ninst; i++) used[r->inst[i].kernel] = 1;
  int rc = 0;
  for (unsigned k = 0; k < w->nk && rc == 0; k++) {
    if (!used[k]) continue;
    kmusim_workload iw = *w;
    kmusim_event ev[2];
    memset(ev, 0, sizeof ev);
    iw.ev = ev;
    iw.nev = 0;
    iw.has_end = 0;
    iw.n_instances = 1;
    if (w->k[k].event) {
      ev[iw.nev].kind = KMUSIM_EV_REGISTER, ev[iw.nev].kernel = (int)k;
      ev[iw.nev].line = w->k[k].line, ev[iw.nev++].count = 1;
    }
    ev[iw.nev].kind = w->k[k].event ? KMUSIM_EV_DOORBELL : KMUSIM_EV_LAUNCH;
    ev[iw.nev].kernel = (int)k, ev[iw.nev].line = w->k[k].line, ev[iw.nev++].count = 1;
    kmusim_result ir;
    int irc = kmusim_run(&iw, &io, &ir);
    if (irc == 0 && ir.ninst == 1 && ir.inst[0].completed != KMUSIM_NEVER) {
      r->iso[k] = ir.inst[0].completed - ir.inst[0].accepted;
    } else {
      fprintf(stderr, "kmusim: the isolated run of kernel '%s' failed (see above)\n",
              w->k[k].name);
      rc = 3;
    }
    kmusim_result_free(&ir);
  }
  free(used);
  /* ANTT = mean over completed instances of T_shared / T_alone; STP = sum of T_alone / T */
  double sum = 0, stp = 0;
  size_t n = 0;
  for (size_t i = 0; i < r->ninst && rc == 0; i++) {
    const kmusim_inst *x = &r->inst[i];
    if (x->completed == KMUSIM_NEVER || !r->iso[x->kernel]) continue;
    double t = (double)(x->completed - x->accepted);
    double ntt = t / (double)r->iso[x->kernel];
    sum += ntt;
    stp += ntt > 0 ? 1.0 / ntt : 0;
    n++;
  }
  if (n) {
    r->antt = sum / (double)n;
    r->stp = stp;
    r->have_antt = 1;
  }
  return rc;
}

void kmusim_result_free(kmusim_result *r) {
  for (size_t i = 0; i < r->ninst; i++) free(r->inst[i].bits);
  free(r->inst);
  free(r->reg);
  free(r->tbr);
  free(r->marks);
  free(r->sm);
  for (unsigned k = 0; r->ks && k < r->nks; k++)
    free(r->ks[k].wake_lat.v), free(r->ks[k].restart.v), free(r->ks[k].wake_over.v);
  free(r->ks);
  free(r->iso);
  for (size_t i = 0; i < r->ncp; i++) free(r->cp[i].wbits);
  free(r->cp);
  free(r->rv);
  memset(r, 0, sizeof *r);
}
