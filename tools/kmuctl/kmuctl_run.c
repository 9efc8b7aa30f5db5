/* kmuctl_run.c - `kmuctl run W.wl`: play a kmusim workload file on a board (or on kmu-fpga-sim)
 * through the link (docs/tools.md, docs/fpga.md).  The workload is read by kmusim's own parser
 * (sim/kmusim/workload.c, shared, not copied).
 *
 * What is played, in the order of the statements' cycles (`at`, `count`, `every`; ties in file
 * order): the configuration's CSRs first (KMU_CTRL.RGEM, SM_RESERVE, PRE_CTRL, PRE_CTX_BASE,
 * PRE_DEADLINE, PRE_BW, as kmusim writes them at cycle 0), then `register` (the EKT staging
 * registers and REG_CMD), `doorbell` (DOORBELL[id]), `launch` (the HL_* window and HL_CMD; an
 * HL_CMD answered SLVERR because the previous launch is still pending is written again),
 * `hint` (PRE_HINT).  The board runs each TB for the low bits of its parameter address (the
 * board top's TB runner, fpga/kmu_tb_runner.v): a host launch's HL_PARAM is the kernel's
 * `cycles`, an event kernel's parameter buffer starts at its `cycles` rounded down to the
 * entry size (KMUSIM_ESIZE), so its TBs run about `cycles` (plus 64 per ring entry).  Timing
 * is the link's: statements are issued as fast as the link carries them, not at their cycle.
 * Not played (counted and named): `copy`, `revoke`, `after=` chaining (issued in order).
 * Then it waits until PERF_KERNELS counts every instance the board accepted (doorbells refused
 * by the in-flight limit are counted in ERR_CNT_DB and not waited for) and prints the counters
 * table.  Exit 0 when every accepted instance completed, 1 otherwise or on a link failure. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kmu_link.h"
#include "kmu_regmap.h"
#include "kmuctl_run.h"
#include "workload.h"

typedef struct {
  uint64_t at;
  unsigned ev, seq;
} occ_t;

static int occ_cmp(const void *a, const void *b) {
  const occ_t *x = a, *y = b;
  if (x->at != y->at) return x->at < y->at ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int rd(kmu_link *l, uint32_t a, uint32_t *v) { return kmu_link_read(l, a, v); }
static int wr(kmu_link *l, uint32_t a, uint32_t v) { return kmu_link_write(l, a, v, 0xf); }
/* A command write (HL_CMD): SLVERR while the previous one is still pending (register map 1.7,
 * busy: nothing happened, the staging registers are untouched), so it is written again until
 * it is taken; a board that keeps answering busy for 10,000 tries is reported. */
static int wr_cmd(kmu_link *l, uint32_t a, uint32_t v) {
  for (unsigned tries = 0; tries < 10000; tries++) {
    int rc = wr(l, a, v);
    if (rc != KMU_LINK_ESLVERR) return rc;
  }
  fprintf(stderr, "kmuctl run: write to 0x%04x answered busy (SLVERR) 10000 times\n", a);
  return KMU_LINK_ESLVERR;
}

int kmuctl_run(kmu_link *l, const kmusim_workload *w, unsigned wait_s,
               int (*reg)(kmu_link *, const kmuctl_reg_args *, unsigned *id)) {
  const kmusim_config *g = &w->cfg;
  const struct {
    uint32_t a, v;
  } cfg[] = {
      {KMU_KMU_CTRL_ADDR, (g->rgem & 1u) << KMU_KMU_CTRL_RGEM_SHIFT},
      {KMU_SM_RESERVE_ADDR, kmusim_config_reserve_mask(g)},
      {KMU_PRE_CTRL_ADDR, g->pol << KMU_PRE_CTRL_POLICY_SHIFT |
                              g->inplace << KMU_PRE_CTRL_INPLACE_SHIFT |
                              g->wp_en << KMU_PRE_CTRL_WP_EN_SHIFT |
                              g->vpol << KMU_PRE_CTRL_VPOL_SHIFT | g->opt << KMU_PRE_CTRL_OPT_SHIFT |
                              g->pre_all << KMU_PRE_CTRL_ALL_SHIFT},
      {KMU_PRE_CTX_BASE_ADDR, g->ctx_base},
      {KMU_PRE_DEADLINE_ADDR, g->deadline},
      {KMU_PRE_BW_ADDR, g->bw_shift << KMU_PRE_BW_SHIFT_SHIFT},
  };
  for (unsigned k = 0; k < sizeof cfg / sizeof cfg[0]; k++)
    if (wr(l, cfg[k].a, cfg[k].v)) return -1;
  uint32_t k0, db0;
  if (rd(l, KMU_PERF_KERNELS_ADDR, &k0) || rd(l, KMU_ERR_CNT_DB_ADDR, &db0)) return -1;

  /* every occurrence, in cycle order */
  size_t n = 0;
  for (unsigned e = 0; e < w->nev; e++) n += w->ev[e].count ? w->ev[e].count : 1;
  occ_t *o = calloc(n ? n : 1, sizeof *o);
  if (!o) return -1;
  size_t m = 0;
  for (unsigned e = 0; e < w->nev; e++) {
    const uint64_t c = w->ev[e].count ? w->ev[e].count : 1;
    for (uint64_t i = 0; i < c; i++, m++)
      o[m].at = w->ev[e].at + i * w->ev[e].every, o[m].ev = e, o[m].seq = (unsigned)m;
  }
  qsort(o, m, sizeof *o, occ_cmp);

  unsigned *id = calloc(w->nk ? w->nk : 1, sizeof *id);
  int *have = calloc(w->nk ? w->nk : 1, sizeof *have);
  uint64_t issued = 0, skipped = 0;
  int rc = 0;
  for (size_t i = 0; i < m && !rc; i++) {
    const kmusim_event *ev = &w->ev[o[i].ev];
    const kmusim_kernel *k = ev->kernel >= 0 ? &w->k[ev->kernel] : NULL;
    if (ev->kind == KMUSIM_EV_END) break;
    switch (ev->kind) {
    case KMUSIM_EV_REGISTER: {
      uint32_t pb = (uint32_t)(k->cycles & ~(uint64_t)(KMUSIM_ESIZE - 1));
      if (pb < KMUSIM_ESIZE) pb = KMUSIM_ESIZE;
      const kmuctl_reg_args a = {k->kptr, pb, pb + k->ring * KMUSIM_ESIZE, KMUSIM_ESIZE,
                                 {k->grid[0], k->grid[1], k->grid[2]},
                                 {k->tbdim[0], k->tbdim[1], k->tbdim[2]},
                                 k->shmem, k->regs, k->prio, k->maxinf};
      rc = reg(l, &a, &id[ev->kernel]);
      have[ev->kernel] = !rc;
      break;
    }
    case KMUSIM_EV_DOORBELL:
      if (!have[ev->kernel]) {
        fprintf(stderr, "kmuctl run: %s:%u: doorbell of '%s' before its registration\n",
                w->path, ev->line, k->name);
        rc = 1;
        break;
      }
      rc = wr(l, KMU_DOORBELL_ADDR + id[ev->kernel] * KMU_DOORBELL_STRIDE, 1) ? -1 : 0;
      issued++;
      break;
    case KMUSIM_EV_LAUNCH: {
      const uint32_t hw[][2] = {
          {KMU_HL_KPTR_ADDR, k->kptr},
          {KMU_HL_GRID_XY_ADDR, k->grid[0] << KMU_HL_GRID_XY_X_SHIFT |
                                    k->grid[1] << KMU_HL_GRID_XY_Y_SHIFT},
          {KMU_HL_GRID_Z_ADDR, k->grid[2] << KMU_HL_GRID_Z_Z_SHIFT},
          {KMU_HL_TB_XY_ADDR, k->tbdim[0] << KMU_HL_TB_XY_X_SHIFT |
                                  k->tbdim[1] << KMU_HL_TB_XY_Y_SHIFT},
          {KMU_HL_TB_Z_ADDR, k->tbdim[2] << KMU_HL_TB_Z_Z_SHIFT},
          {KMU_HL_RES_ADDR, k->shmem << KMU_HL_RES_SHMEM_SHIFT | k->regs << KMU_HL_RES_NREGS_SHIFT |
                                k->prio << KMU_HL_RES_PRIO_SHIFT},
          {KMU_HL_PARAM_ADDR, (uint32_t)k->cycles},
          {KMU_HL_CPL_ADDR_ADDR, (uint32_t)(0x100 + 4 * (issued & 0xff))},
          {KMU_HL_CMD_ADDR, 1},
      };
      for (unsigned j = 0; j < sizeof hw / sizeof hw[0] && !rc; j++)
        rc = (hw[j][0] == KMU_HL_CMD_ADDR ? wr_cmd : wr)(l, hw[j][0], hw[j][1]) ? -1 : 0;
      issued++;
      break;
    }
    case KMUSIM_EV_HINT:
      rc = wr(l, KMU_PRE_HINT_ADDR, (uint32_t)ev->lead) ? -1 : 0;
      break;
    default:
      skipped++;
      fprintf(stderr, "kmuctl run: %s:%u: '%s' is not played on a board\n", w->path, ev->line,
              kmusim_ev_name(ev->kind));
    }
  }
  free(o);
  free(id);
  free(have);
  if (rc) return rc;

  /* every accepted instance completes once */
  uint32_t db1 = db0, k1 = k0;
  const time_t t0 = time(NULL);
  for (;;) {
    if (rd(l, KMU_ERR_CNT_DB_ADDR, &db1) || rd(l, KMU_PERF_KERNELS_ADDR, &k1)) return -1;
    if ((uint64_t)(k1 - k0) >= issued - (db1 - db0) || time(NULL) - t0 > (time_t)wait_s) break;
  }
  const uint64_t want = issued - (db1 - db0);
  printf("played %s: %llu instances issued, %u doorbells refused (in-flight limit), "
         "%u kernels completed of %llu expected, %llu statements not played\n",
         w->path, (unsigned long long)issued, db1 - db0, k1 - k0, (unsigned long long)want,
         (unsigned long long)skipped);
  return (uint64_t)(k1 - k0) == want ? 0 : 1;
}
