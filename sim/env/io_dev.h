/* io_dev.h - the I/O device of kmusim's GPUpIO thread blocks (issue 13, docs/kmusim.md).
 *
 * A TB of a kernel with io= issues an I/O request after each compute phase (sm_model.h, "I/O
 * thread blocks"); the device completes it `io` cycles later (config iodev_serial=1: one request
 * in service at a time, in request order, so `io` cycles after the previous one's completion
 * when that is later; sm_model computes the due cycle) and then, after `iodev_lat` more
 * cycles (configuration key, default 0), writes the TB's flag word (kmusim_ioflag(): untimed,
 * as the host's completion-flag clears: kmu_gpu has no external writer on its memory port) and
 * signals the write to kmu_gpu through the MMIO signal window: an AXI4-Lite write of the flag's
 * address to YIELD_SIGNAL (0x2400), queued on kmusim's host-side AXI master (the device shares
 * the host's MMIO path; the host link of sim/env/host_link.h is a responder to kmu_gpu's copy
 * engine, not a master toward kmu_gpu).  The TB sees its own flag from the write's cycle on;
 * the monitor sees the signal the cycle after the AXI write is accepted.
 *
 * Requests leave in order of their write cycle (ties in request order): io_dev_pop() hands out
 * those due by a cycle.  C11, no dependency on the engines. */
#ifndef KMUSIM_IO_DEV_H
#define KMUSIM_IO_DEV_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint64_t due;   /* the flag write: request + io + iodev_lat */
  uint64_t seq;   /* request order (ties) */
  uint64_t req;   /* the request's cycle */
  uint32_t addr;  /* the flag word */
  uint32_t inst;  /* kmusim's kernel instance */
  uint64_t tb;    /* the TB index in its grid */
} io_req;

typedef struct {
  io_req *h;      /* min-heap by (due, seq) */
  size_t n, cap;
  uint64_t seq;
  uint64_t requests, signals; /* requests taken; writes handed out */
} io_dev;

void io_dev_init(io_dev *d);
void io_dev_free(io_dev *d);
void io_dev_request(io_dev *d, const io_req *r);
/* the next write due by `cycle` (due <= cycle) without taking it: 1 and *r, else 0 */
int io_dev_peek(const io_dev *d, uint64_t cycle, io_req *r);
/* take the write io_dev_peek() returned */
void io_dev_pop(io_dev *d);
/* no request waiting */
int io_dev_idle(const io_dev *d);
#endif
