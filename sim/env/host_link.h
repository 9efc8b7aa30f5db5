/* host_link.h - behavioural host link for kmusim: the host memory behind kmu_gpu's hlink_*
 * port (the copy engine's host side, kmu_copy_engine host_req_* / host_rsp_*).
 *
 * One request port in the engine's shape (valid/ready, write, addr, wdata; read data back on
 * rsp_valid/rsp_rdata in request order, no back-pressure on responses).  Parameters (the
 * workload's link_latency, link_bw, link_setup; docs/workload-format.md):
 *   latency  cycles from a read accepted to its data (a write is visible when accepted);
 *   bw       bytes per cycle the link carries (1..4; a request moves one 4-byte beat): a token
 *            bucket, a request is accepted when 4 bytes of credit have built up;
 *   setup    cycles of per-chunk setup cost (RGEM's O, the DMA set-up of a chunk): after the
 *            first request of a chunk is accepted, the link accepts nothing for `setup` cycles
 *            and that request's read data comes `setup` cycles later.  Which request starts a
 *            chunk is kmusim's to say (a callback: it knows every copy and the chunk size).
 * Ready depends on state only (credit, setup in progress), never on this cycle's request.
 * Storage is sparse (32-bit words).
 * Per cycle: host_link_drive() -> (engine comb) -> host_link_fire() when valid && ready ->
 * host_link_tick(). */
#ifndef KMUSIM_HOST_LINK_H
#define KMUSIM_HOST_LINK_H
#include <stdint.h>

#include "mem_model.h"

/* 1: the request at addr (write: 1, read: 0) is the first of a chunk (setup cost) */
typedef int (*host_link_chunk_fn)(void *user, uint32_t addr, int write);

typedef struct {
  unsigned latency, bw, setup;
  mem_model store;         /* the host memory: its sparse word store only (poke / peek) */
  mem_rsp *rq;             /* read responses in order (client unused) */
  unsigned rq_cap, rq_head, rq_n;
  unsigned credit;         /* bytes of bandwidth built up (at most 4) */
  unsigned setup_left;     /* cycles of chunk setup still to go */
  int ready;               /* what drive() offered */
  host_link_chunk_fn is_chunk;
  void *user;
  uint64_t reads, writes, chunks, setup_cycles, busy_cycles;
} host_link;

void host_link_init(host_link *l, unsigned latency, unsigned bw, unsigned setup,
                    host_link_chunk_fn is_chunk, void *user);
void host_link_free(host_link *l);
/* this cycle's inputs of the engine's host link port */
void host_link_drive(host_link *l, uint64_t cycle, uint64_t *ready, uint64_t *rvalid,
                     uint64_t *rdata);
/* the handshake of this cycle (call only when valid && ready) */
void host_link_fire(host_link *l, uint64_t cycle, int write, uint32_t addr, uint32_t wdata);
void host_link_tick(host_link *l, uint64_t cycle);
/* no read response outstanding */
int host_link_idle(const host_link *l);

#endif
