/* sm_model.h - the behavioural SM pool of kmusim (stands in for the SIMT pipelines).
 *
 * Takes TB starts from the kmu_gpu SIMT start bus (simt_start_valid/ready, sm, rtb, warps,
 * kptr, param, tb, slot), looks the kernel up by kptr in the workload's kernel table and runs
 * the TB for the kernel's `cycles` (jittered by +-jitter percent, seeded), stretched by memory
 * stalls: a TB issues cycles*loads/1000 global loads spread evenly over its run; a load takes
 * one unit of the memory model's per-cycle bandwidth (the TB stalls while none is left) and
 * the TB keeps at most one load per warp outstanding (it stalls at the next load beyond
 * that); the TB ends when its run is done and every load has returned.  Register write-backs
 * (wb) and barriers (bar) are counted per TB at their per-1000-cycle rates (statistics only).
 *
 * Timing: a start handshake in cycle t with no stalls offers the done from cycle t + cycles.
 * Finished TBs are offered on the one done bus (simt_done_valid, sm, rtb) oldest first; the
 * TB's resources free when the done handshakes.  Start ready is always 1: the hardware only
 * starts a TB where the SM has room, and a start to a busy resident-TB entry is an error the
 * model reports. */
#ifndef KMUSIM_SM_MODEL_H
#define KMUSIM_SM_MODEL_H
#include <stddef.h>
#include <stdint.h>

#include "kmu_tb.h"
#include "mem_model.h"
#include "workload.h"

typedef struct {
  int busy, finished;
  int kernel;                 /* index in the workload */
  uint32_t inst;              /* kmusim's kernel-instance index */
  uint64_t tb, slot, warps, kptr, param;
  uint64_t start;             /* start handshake cycle */
  uint64_t finish;            /* first cycle its done is offered */
  uint64_t target, progress;  /* run cycles, cycles run so far */
  uint64_t loads, loads_issued, stall;
  uint64_t *ret;              /* return cycles of outstanding loads (ring, size WARPS) */
  unsigned ret_head, ret_n;
} sm_tb;

typedef struct {
  uint64_t tbs, cycles, loads, wb, bar, stall;
} sm_kstat;

typedef struct {
  const kmusim_config *cfg;
  const kmusim_workload *w;
  mem_model *mem;
  kmu_rng *rng;
  unsigned nsm, tbs;
  sm_tb *tb;                  /* nsm * tbs, index sm * tbs + rtb */
  unsigned *done_q;           /* finished TBs in finish order (index), ring */
  unsigned dq_head, dq_n;
  unsigned *busy_warps, *busy_tbs; /* per SM */
  unsigned running;           /* busy entries */
  unsigned *act;              /* entries running (busy, not finished), in start order */
  unsigned nact;
  sm_kstat *ks;               /* per kernel */
} sm_model;

void sm_model_init(sm_model *s, const kmusim_config *cfg, const kmusim_workload *w,
                   mem_model *mem, kmu_rng *rng);
void sm_model_free(sm_model *s);
/* the start handshake of this cycle; 0 and a message when it is not possible (bad sm or rtb,
 * entry busy, unknown kptr, warps not the kernel's, more warps than free) */
int sm_model_start(sm_model *s, uint64_t cycle, uint64_t sm, uint64_t rtb, uint64_t warps,
                   uint64_t kptr, uint64_t param, uint64_t tb, uint64_t slot, uint32_t inst,
                   char *err, size_t errlen);
/* the done bus of this cycle */
void sm_model_drive(const sm_model *s, uint64_t *done_valid, uint64_t *done_sm,
                    uint64_t *done_rtb);
/* the done handshake of this cycle: the TB leaves (returned for metrics) */
sm_tb sm_model_done_fire(sm_model *s);
void sm_model_tick(sm_model *s, uint64_t cycle);
int sm_model_idle(const sm_model *s);

#endif
