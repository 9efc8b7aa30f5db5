/* engine_fake.c - TEST DOUBLE of the kmu_gpu top, for testing kmusim itself.
 *
 * NOT A MODEL OF THE HARDWARE.  It exists so the workload parser, the driver, the metrics,
 * the scoreboards, JSON and SVG output can be tested before the real engines (engine_c.c,
 * engine_rtl.cpp) exist.  kmusim marks every output of a run on it as a test double.
 *
 * What it does, minimally and with its own simple timing:
 *  - AXI4-Lite slave: one register per channel (AW, W, AR, B, R); a write executes the edge
 *    after both AW and W are held and B is free, a read when R is free.  Registers: ID,
 *    ERR_STATUS (RW1C), EKT_VALID, PERF_DOORBELLS/LAUNCHES/COMPLETIONS, the EKT_REG staging
 *    registers, REG_CMD (registration takes 4 cycles, REG_RESULT as in docs/regmap.md),
 *    UNREG_CMD, doorbells, and the HOST_LAUNCH registers (HL_*, HL_STATUS).  The PEP hint,
 *    revoke and copy windows answer SLVERR.
 *  - Doorbell: unknown / unregistered / in-flight limit -> ERR_STATUS bit, nothing launched;
 *    else a kernel with param = the entry's head (head advances, wraps) goes to the pending
 *    pool.  A doorbell or HL_CMD write waits while that priority's pending queue is full.
 *  - One pending kernel per cycle moves into a free slot (SLOTS), highest priority first.
 *  - Dispatch: at most one TB per cycle, from the highest-priority slot with TBs left (ties:
 *    lowest slot), to the next SM round-robin with a free TB slot, warps, registers and shared
 *    memory; lowest free resident-TB entry.
 *  - A done frees the TB's resources; a kernel's last done queues its completion-flag write
 *    (cpl_addr, 1) for the memory port and returns an event kernel's credit.
 *  - irq_o = ERR_STATUS != 0.
 *
 * Planted bugs, to show that kmusim's scoreboards catch them (scripts/kmusim_smoke.sh):
 * environment variable KMUSIM_FAKE_BUG = drop_doorbell (the 3rd accepted doorbell launches
 * nothing and flags nothing), dup_tb (the first TB started, of a kernel with >= 2 TBs, starts twice), double_cpl (the
 * 1st completion flag is written twice), early_cpl (a kernel of >= 2 TBs completes when its
 * first TB is done), bad_rtb (the 1st TB goes to a resident-TB entry past the SM's last),
 * hl_slverr (the host launch window answers SLVERR), reg_full (every registration is refused
 * FULL), reg_stuck (a registration never finishes: REG_RESULT stays BUSY while the host polls
 * it, a hang only a no-progress check that ignores bus traffic sees). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "kmu_regmap.h"

typedef struct {
  int valid;
  uint32_t kptr, gxy, gz, txy, tz, res, pbase, pend, psize;
  uint32_t head, inflight;
} fk_entry;

typedef struct {
  int valid;
  int ev_id; /* -1 host */
  uint32_t kptr, param, cpl;
  unsigned prio, warps, regs, shmem;
  uint64_t ntb, next_tb, done;
} fk_kernel;

typedef struct {
  kmusim_config cfg;
  /* AXI registers */
  int aw_v, w_v, b_v, ar_v, r_v;
  uint32_t aw_a, w_d, w_s, ar_a, r_d;
  unsigned b_r, r_r;
  /* staging */
  uint32_t st[9];  /* REG_KPTR .. REG_PSIZE */
  uint32_t hl[8];  /* HL_KPTR .. HL_CPL_ADDR */
  uint32_t reg_result, unreg_result;
  unsigned reg_busy;
  fk_entry *ekt;
  fk_kernel *slot;
  fk_kernel *pq[4];   /* pending FIFO per priority, size pend */
  unsigned pq_head[4], pq_n[4];
  unsigned *sm_free_tb, *sm_free_warps, *sm_free_regs, *sm_free_shmem;
  uint8_t *rtb_used;  /* nsm * tbs */
  int *rtb_slot;      /* kernel slot of the TB in that entry */
  unsigned rr_sm;
  uint32_t *cplq;     /* completion flags waiting for the memory port */
  unsigned cq_head, cq_n, cq_cap;
  uint32_t err_status, perf_db, perf_launch, perf_cpl;
  /* this cycle's decisions (comb) */
  int st_valid, st_slot;
  unsigned st_sm, st_rtb;
  kmusim_ports in; /* this cycle's ports, for tick */
  /* planted bugs */
  enum { BUG_NONE, BUG_DROP_DB, BUG_DUP_TB, BUG_DOUBLE_CPL, BUG_EARLY_CPL, BUG_BAD_RTB, BUG_HL_SLVERR,
         BUG_REG_FULL, BUG_REG_STUCK } bug;
  unsigned n_db, n_cpl, n_admit, n_start;
} fake;

static void fake_destroy(void *e);

static void *fake_create(const kmusim_engine_args *a, char *err, size_t errlen) {
  fake *f = calloc(1, sizeof *f);
  f->cfg = *a->cfg;
  const kmusim_config *c = &f->cfg;
  f->ekt = calloc(c->ekt_entries, sizeof *f->ekt);
  f->slot = calloc(c->slots, sizeof *f->slot);
  for (int p = 0; p < 4; p++) f->pq[p] = calloc(c->pend, sizeof(fk_kernel));
  f->sm_free_tb = calloc(c->nsm, sizeof(unsigned));
  f->sm_free_warps = calloc(c->nsm, sizeof(unsigned));
  f->sm_free_regs = calloc(c->nsm, sizeof(unsigned));
  f->sm_free_shmem = calloc(c->nsm, sizeof(unsigned));
  f->rtb_used = calloc((size_t)c->nsm * c->tbs, 1);
  f->rtb_slot = calloc((size_t)c->nsm * c->tbs, sizeof(int));
  f->cq_cap = 2 * c->slots + 2;
  f->cplq = calloc(f->cq_cap, sizeof(uint32_t));
  const char *bug = getenv("KMUSIM_FAKE_BUG");
  if (bug && *bug) {
    static const char *names[] = {"", "drop_doorbell", "dup_tb", "double_cpl", "early_cpl",
                                  "bad_rtb",      "hl_slverr",     "reg_full",   "reg_stuck"};
    for (int i = 1; i < 9; i++)
      if (!strcmp(bug, names[i])) f->bug = i;
    if (!f->bug) {
      snprintf(err, errlen, "KMUSIM_FAKE_BUG=%s: not a planted bug", bug);
      fake_destroy(f);
      return NULL;
    }
  }
  return f;
}

static void fake_destroy(void *e) {
  fake *f = e;
  free(f->ekt);
  free(f->slot);
  for (int p = 0; p < 4; p++) free(f->pq[p]);
  free(f->sm_free_tb), free(f->sm_free_warps), free(f->sm_free_regs), free(f->sm_free_shmem);
  free(f->rtb_used), free(f->rtb_slot), free(f->cplq);
  free(f);
}

static void fake_reset(void *e) {
  fake *f = e;
  const kmusim_config *c = &f->cfg;
  f->aw_v = f->w_v = f->b_v = f->ar_v = f->r_v = 0;
  memset(f->st, 0, sizeof f->st);
  memset(f->hl, 0, sizeof f->hl);
  f->reg_result = f->unreg_result = 0;
  f->reg_busy = 0;
  memset(f->ekt, 0, c->ekt_entries * sizeof *f->ekt);
  memset(f->slot, 0, c->slots * sizeof *f->slot);
  for (int p = 0; p < 4; p++) f->pq_head[p] = f->pq_n[p] = 0;
  for (unsigned s = 0; s < c->nsm; s++) {
    f->sm_free_tb[s] = c->tbs, f->sm_free_warps[s] = c->warps;
    f->sm_free_regs[s] = c->regs, f->sm_free_shmem[s] = c->shmem;
  }
  memset(f->rtb_used, 0, (size_t)c->nsm * c->tbs);
  f->rr_sm = 0;
  f->cq_head = f->cq_n = 0;
  f->err_status = f->perf_db = f->perf_launch = f->perf_cpl = 0;
  f->n_db = f->n_cpl = f->n_admit = f->n_start = 0;
}

/* a kernel descriptor from staging-register words */
static fk_kernel make_kernel(uint32_t kptr, uint32_t gxy, uint32_t gz, uint32_t txy,
                             uint32_t tz, uint32_t res, uint32_t param, uint32_t cpl,
                             int ev_id) {
  fk_kernel k;
  memset(&k, 0, sizeof k);
  k.valid = 1;
  k.ev_id = ev_id;
  k.kptr = kptr, k.param = param, k.cpl = cpl;
  k.ntb = (uint64_t)(gxy & 0xffff) * (gxy >> 16) * (gz & 0xffff);
  unsigned threads = (txy & 0xffff) * (txy >> 16) * (tz & 0xffff);
  k.warps = (threads + 31) / 32;
  k.regs = k.warps * 32 * ((res >> 16) & 0xff);
  k.shmem = res & 0xffff;
  k.prio = (res >> 24) & 3;
  return k;
}

static int pq_full(const fake *f, unsigned prio) { return f->pq_n[prio] == f->cfg.pend; }

static void pq_push(fake *f, const fk_kernel *k) {
  unsigned p = k->prio;
  f->pq[p][(f->pq_head[p] + f->pq_n[p]++) % f->cfg.pend] = *k;
}

static unsigned entry_prio(const fk_entry *x) { return (x->res >> 24) & 3; }

/* execute the held write; 0 when it must wait */
static int do_write(fake *f, uint32_t a, uint32_t d, unsigned *resp) {
  const kmusim_config *c = &f->cfg;
  *resp = 0;
  if (f->w_s != 0xf || (a & 3)) {
    *resp = 2;
  } else if (a >= KMU_REG_KPTR_ADDR && a <= KMU_REG_PSIZE_ADDR) {
    f->st[(a - KMU_REG_KPTR_ADDR) / 4] = d;
  } else if (a == KMU_REG_CMD_ADDR) {
    if (f->reg_busy) return 0;
    f->reg_busy = 4;
    f->reg_result = KMU_REG_RESULT_BUSY_MASK;
  } else if (a == KMU_UNREG_CMD_ADDR) {
    unsigned id = d & 0xff, code = 0;
    if (id >= c->ekt_entries || !f->ekt[id].valid) code = KMU_UNREG_CODE_NOT_REGISTERED;
    else if (f->ekt[id].inflight) code = KMU_UNREG_CODE_BUSY;
    else f->ekt[id].valid = 0;
    if (code) f->err_status |= KMU_ERR_STATUS_UNREG_REFUSED_MASK;
    f->unreg_result = id | code << 16 | KMU_UNREG_RESULT_DONE_MASK;
  } else if (a >= KMU_DOORBELL_ADDR && a < KMU_DOORBELL_ADDR + 4 * KMU_DOORBELL_COUNT) {
    unsigned id = (a - KMU_DOORBELL_ADDR) / 4;
    if (id >= c->ekt_entries) {
      f->err_status |= KMU_ERR_STATUS_DB_UNKNOWN_MASK;
      return 1;
    }
    fk_entry *x = &f->ekt[id];
    if (!x->valid) {
      f->err_status |= KMU_ERR_STATUS_DB_UNREG_MASK;
      return 1;
    }
    if (x->inflight >= ((x->psize >> 16) & 0xff)) {
      f->err_status |= KMU_ERR_STATUS_DB_INFLIGHT_MASK;
      return 1;
    }
    if (pq_full(f, entry_prio(x))) return 0;
    if (f->bug == BUG_DROP_DB && ++f->n_db == 3) return 1;
    fk_kernel k = make_kernel(x->kptr, x->gxy, x->gz, x->txy, x->tz, x->res, x->head, x->head,
                              (int)id);
    pq_push(f, &k);
    uint32_t esize = x->psize & 0xffff;
    x->head = x->head + esize >= x->pend ? x->pbase : x->head + esize;
    x->inflight++;
    f->perf_db++, f->perf_launch++;
  } else if (f->bug == BUG_HL_SLVERR && a >= KMU_HL_KPTR_ADDR && a <= KMU_HL_CMD_ADDR) {
    *resp = 2;
  } else if (a >= KMU_HL_KPTR_ADDR && a <= KMU_HL_CPL_ADDR_ADDR) {
    f->hl[(a - KMU_HL_KPTR_ADDR) / 4] = d;
  } else if (a == KMU_HL_CMD_ADDR) {
    unsigned prio = (f->hl[5] >> 24) & 3;
    if (!(f->hl[1] & 0xffff) || !(f->hl[1] >> 16) || !(f->hl[2] & 0xffff) ||
        !(f->hl[3] & 0xffff) || !(f->hl[3] >> 16) || !(f->hl[4] & 0xffff)) {
      f->err_status |= KMU_ERR_STATUS_HOST_REFUSED_MASK;
      return 1;
    }
    if (pq_full(f, prio)) return 0;
    fk_kernel k = make_kernel(f->hl[0], f->hl[1], f->hl[2], f->hl[3], f->hl[4], f->hl[5],
                              f->hl[6], f->hl[7], -1);
    pq_push(f, &k);
  } else if (a == KMU_ERR_STATUS_ADDR) {
    f->err_status &= ~d;
  } else if (a == KMU_PERF_DOORBELLS_ADDR) {
    f->perf_db = 0;
  } else if (a == KMU_PERF_LAUNCHES_ADDR) {
    f->perf_launch = 0;
  } else if (a == KMU_PERF_COMPLETIONS_ADDR) {
    f->perf_cpl = 0;
  } else {
    *resp = 2;
  }
  if (*resp) f->err_status |= KMU_ERR_STATUS_BUS_MASK;
  return 1;
}

static uint32_t do_read(fake *f, uint32_t a, unsigned *resp) {
  *resp = 0;
  uint32_t valid = 0;
  switch (a) {
  case KMU_ID_ADDR: return KMU_ID_RESET;
  case KMU_VERSION_ADDR: return KMU_VERSION_RESET;
  case KMU_ERR_STATUS_ADDR: return f->err_status;
  case KMU_PERF_DOORBELLS_ADDR: return f->perf_db;
  case KMU_PERF_LAUNCHES_ADDR: return f->perf_launch;
  case KMU_PERF_COMPLETIONS_ADDR: return f->perf_cpl;
  case KMU_REG_RESULT_ADDR: return f->reg_result;
  case KMU_UNREG_RESULT_ADDR: return f->unreg_result;
  case KMU_HL_STATUS_ADDR: return 0; /* a launch goes straight into the pending pool */
  case KMU_EKT_VALID_ADDR:
    for (unsigned i = 0; i < f->cfg.ekt_entries && i < 32; i++)
      valid |= (uint32_t)f->ekt[i].valid << i;
    return valid;
  default:
    if (a >= KMU_REG_KPTR_ADDR && a <= KMU_REG_PSIZE_ADDR && !(a & 3))
      return f->st[(a - KMU_REG_KPTR_ADDR) / 4];
    *resp = 2;
    f->err_status |= KMU_ERR_STATUS_BUS_MASK;
    return 0;
  }
}

static void finish_registration(fake *f) {
  const kmusim_config *c = &f->cfg;
  uint32_t *s = f->st; /* KPTR GXY GZ TXY TZ RES PBASE PEND PSIZE */
  uint32_t base = s[6], end = s[7], esize = s[8] & 0xffff, maxinf = (s[8] >> 16) & 0xff;
  unsigned id = 0, code;
  while (id < c->ekt_entries && f->ekt[id].valid) id++;
  if (id == c->ekt_entries || f->bug == BUG_REG_FULL) code = KMU_REG_CODE_FULL;
  else if (!esize) code = KMU_REG_CODE_ESIZE_ZERO;
  else if ((base | end | esize) & 3) code = KMU_REG_CODE_MISALIGNED;
  else if (end <= base) code = KMU_REG_CODE_BAD_RANGE;
  else if ((end - base) % esize) code = KMU_REG_CODE_BAD_LENGTH;
  else if (!(s[1] & 0xffff) || !(s[1] >> 16) || !(s[2] & 0xffff) || !(s[3] & 0xffff) ||
           !(s[3] >> 16) || !(s[4] & 0xffff) || !maxinf)
    code = KMU_REG_CODE_BAD_KERNEL;
  else code = KMU_REG_CODE_OK;
  if (code == KMU_REG_CODE_OK) {
    fk_entry *x = &f->ekt[id];
    x->valid = 1;
    x->kptr = s[0], x->gxy = s[1], x->gz = s[2], x->txy = s[3], x->tz = s[4], x->res = s[5];
    x->pbase = base, x->pend = end, x->psize = s[8];
    x->head = base, x->inflight = 0;
  } else {
    f->err_status |= KMU_ERR_STATUS_REG_REFUSED_MASK;
    id = 0;
  }
  f->reg_result = (id & 0xff) | code << 16 | KMU_REG_RESULT_DONE_MASK;
}

static void fake_comb(void *e, kmusim_ports *p) {
  fake *f = e;
  const kmusim_config *c = &f->cfg;
  p->s_awready_o = !f->aw_v;
  p->s_wready_o = !f->w_v;
  p->s_bvalid_o = f->b_v;
  p->s_bresp_o = f->b_v ? f->b_r : 0;
  p->s_arready_o = !f->ar_v;
  p->s_rvalid_o = f->r_v;
  p->s_rdata_o = f->r_v ? f->r_d : 0;
  p->s_rresp_o = f->r_v ? f->r_r : 0;
  p->mem_valid_o = f->cq_n > 0;
  p->mem_write_o = f->cq_n > 0;
  p->mem_addr_o = f->cq_n ? f->cplq[f->cq_head] : 0;
  p->mem_wdata_o = f->cq_n ? 1 : 0;
  p->mem_client_o = 0;
  p->simt_done_ready_o = 1;
  p->irq_o = f->err_status != 0;
  /* dispatch: highest priority slot with TBs left, then a fitting SM round-robin */
  f->st_valid = 0;
  int best = -1;
  for (unsigned s = 0; s < c->slots; s++) {
    const fk_kernel *k = &f->slot[s];
    if (k->valid && k->next_tb < k->ntb && (best < 0 || k->prio > f->slot[best].prio))
      best = (int)s;
  }
  if (best >= 0) {
    const fk_kernel *k = &f->slot[best];
    for (unsigned i = 0; i < c->nsm; i++) {
      unsigned sm = (f->rr_sm + i) % c->nsm;
      if (f->sm_free_tb[sm] && f->sm_free_warps[sm] >= k->warps &&
          f->sm_free_regs[sm] >= k->regs && f->sm_free_shmem[sm] >= k->shmem) {
        unsigned r = 0;
        while (f->rtb_used[sm * c->tbs + r]) r++;
        f->st_valid = 1, f->st_slot = best, f->st_sm = sm, f->st_rtb = r;
        break;
      }
    }
  }
  p->simt_start_valid_o = f->st_valid;
  if (f->st_valid) {
    const fk_kernel *k = &f->slot[f->st_slot];
    p->simt_start_sm_o = f->st_sm, p->simt_start_rtb_o = f->st_rtb;
    if (f->bug == BUG_BAD_RTB && f->n_start == 0) p->simt_start_rtb_o = c->tbs;
    p->simt_start_warps_o = k->warps, p->simt_start_kptr_o = k->kptr;
    p->simt_start_param_o = k->param, p->simt_start_tb_o = k->next_tb;
    p->simt_start_slot_o = (uint64_t)f->st_slot;
  } else {
    p->simt_start_sm_o = p->simt_start_rtb_o = p->simt_start_warps_o = 0;
    p->simt_start_kptr_o = p->simt_start_param_o = p->simt_start_tb_o = 0;
    p->simt_start_slot_o = 0;
  }
  f->in = *p;
}

static void fake_tick(void *e) {
  fake *f = e;
  const kmusim_config *c = &f->cfg;
  const kmusim_ports *p = &f->in;
  /* AXI: execute what was held at the start of the cycle, then capture this cycle's */
  if (p->s_bvalid_o && p->s_bready_i) f->b_v = 0;
  if (p->s_rvalid_o && p->s_rready_i) f->r_v = 0;
  if (f->aw_v && f->w_v && !p->s_bvalid_o) {
    unsigned resp;
    if (do_write(f, f->aw_a, f->w_d, &resp)) {
      f->aw_v = f->w_v = 0;
      f->b_v = 1, f->b_r = resp;
    }
  }
  if (f->ar_v && !p->s_rvalid_o) {
    unsigned resp;
    f->r_d = do_read(f, f->ar_a, &resp);
    f->r_r = resp;
    f->r_v = 1, f->ar_v = 0;
  }
  if (p->s_awvalid_i && p->s_awready_o) f->aw_v = 1, f->aw_a = (uint32_t)p->s_awaddr_i;
  if (p->s_wvalid_i && p->s_wready_o)
    f->w_v = 1, f->w_d = (uint32_t)p->s_wdata_i, f->w_s = (uint32_t)p->s_wstrb_i;
  if (p->s_arvalid_i && p->s_arready_o) f->ar_v = 1, f->ar_a = (uint32_t)p->s_araddr_i;
  /* reg_stuck: a registration never finishes, so the host polls REG_RESULT for good (a hang
   * the bus keeps busy: kmusim's no-progress check must see through it) */
  if (f->reg_busy && f->bug != BUG_REG_STUCK && --f->reg_busy == 0) finish_registration(f);
  /* memory port */
  if (p->mem_valid_o && p->mem_ready_i) f->cq_head = (f->cq_head + 1) % f->cq_cap, f->cq_n--;
  /* TB start */
  if (p->simt_start_valid_o && p->simt_start_ready_i) {
    fk_kernel *k = &f->slot[f->st_slot];
    unsigned sm = f->st_sm;
    f->sm_free_tb[sm]--, f->sm_free_warps[sm] -= k->warps;
    f->sm_free_regs[sm] -= k->regs, f->sm_free_shmem[sm] -= k->shmem;
    f->rtb_used[sm * c->tbs + f->st_rtb] = 1;
    f->rtb_slot[sm * c->tbs + f->st_rtb] = f->st_slot;
    f->n_start++;
    if (!(f->bug == BUG_DUP_TB && k->ntb > 1 && f->n_start == 1))
      k->next_tb++;
    f->rr_sm = (sm + 1) % c->nsm;
  }
  /* TB done */
  if (p->simt_done_valid_i && p->simt_done_ready_o && p->simt_done_sm_i < c->nsm &&
      p->simt_done_rtb_i < c->tbs && f->rtb_used[p->simt_done_sm_i * c->tbs + p->simt_done_rtb_i]) {
    unsigned sm = (unsigned)p->simt_done_sm_i, r = (unsigned)p->simt_done_rtb_i;
    fk_kernel *k = &f->slot[f->rtb_slot[sm * c->tbs + r]];
    f->rtb_used[sm * c->tbs + r] = 0;
    f->sm_free_tb[sm]++, f->sm_free_warps[sm] += k->warps;
    f->sm_free_regs[sm] += k->regs, f->sm_free_shmem[sm] += k->shmem;
    ++k->done;
    int early = f->bug == BUG_EARLY_CPL && k->ntb >= 2 && k->done == 1;
    if (early || (k->done == k->ntb && !(f->bug == BUG_EARLY_CPL && k->ntb >= 2))) {
      f->cplq[(f->cq_head + f->cq_n++) % f->cq_cap] = k->cpl;
      if (f->bug == BUG_DOUBLE_CPL && f->n_cpl++ == 0)
        f->cplq[(f->cq_head + f->cq_n++) % f->cq_cap] = k->cpl;
      if (k->ev_id >= 0 && f->ekt[k->ev_id].inflight) f->ekt[k->ev_id].inflight--;
      f->perf_cpl += k->ev_id >= 0;
      k->valid = 0;
    }
  }
  /* admission: one pending kernel into the lowest free slot, highest priority first; not
   * while the completion queue could overflow */
  unsigned active = 0;
  for (unsigned s = 0; s < c->slots; s++) active += f->slot[s].valid;
  if (f->cq_n + active + 1 < f->cq_cap) {
    for (int pr = 3; pr >= 0; pr--) {
      if (!f->pq_n[pr]) continue;
      for (unsigned s = 0; s < c->slots; s++)
        if (!f->slot[s].valid) {
          f->slot[s] = f->pq[pr][f->pq_head[pr]];
          f->pq_head[pr] = (f->pq_head[pr] + 1) % c->pend;
          f->pq_n[pr]--;
          break;
        }
      break;
    }
  }
}

const kmusim_engine_ops kmusim_engine_fake = {
    "fake", KMUSIM_FEAT_HOST_LAUNCH, 1, fake_create, fake_destroy, fake_reset, fake_comb,
    fake_tick, NULL, NULL, /* no per-SM SIMT ports */
};
