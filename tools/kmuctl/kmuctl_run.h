/* kmuctl_run.h - `kmuctl run W.wl` (kmuctl_run.c): a kmusim workload played over the link. */
#ifndef KMUCTL_RUN_H
#define KMUCTL_RUN_H
#include <stdint.h>

#include "kmu_link.h"
#include "workload.h"

/* the fields of an event-kernel registration (kmuctl register) */
typedef struct {
  uint32_t kptr, pbase, pend, esize;
  uint32_t grid[3], tb[3];
  uint32_t shmem, nregs, prio, maxinf;
} kmuctl_reg_args;

/* plays w (the configuration's CSRs, then its statements in cycle order) and waits up to
 * wait_s seconds for every accepted instance to complete; reg registers an event kernel and
 * returns its doorbell id (0 ok, else kmuctl's exit status).  Returns 0 when every accepted
 * instance completed, 1 when not (or a statement could not be played), -1 on a link failure. */
int kmuctl_run(kmu_link *l, const kmusim_workload *w, unsigned wait_s,
               int (*reg)(kmu_link *, const kmuctl_reg_args *, unsigned *id));
#endif
