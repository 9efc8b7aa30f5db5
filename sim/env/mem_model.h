/* mem_model.h - behavioural memory for kmusim.
 *
 * One request port in the kmu_gpu memory-port shape (valid/ready, write, addr, wdata, client;
 * read data back on rvalid/rdata/rclient, no back-pressure on responses), plus a load
 * interface for the behavioural SMs.  Parameters: latency (cycles from a request accepted to
 * its read data, or to its write becoming visible) and bandwidth (requests accepted per cycle,
 * shared by the port and the SM loads; the port goes first each cycle).  mem_stall_pct drops
 * the port's ready at random (seeded) to exercise back-pressure.
 *
 * Storage is sparse (32-bit words by byte address, word-aligned).  Every port write is handed
 * to a callback with its client and accept cycle, so kmusim can time completion-flag writes.
 *
 * Per cycle: mem_model_drive() -> (engine comb) -> mem_model_port_fire() when valid && ready
 * -> SM loads through mem_model_load() -> mem_model_tick(). */
#ifndef KMUSIM_MEM_MODEL_H
#define KMUSIM_MEM_MODEL_H
#include <stdint.h>

#include "kmu_tb.h"

typedef void (*mem_write_fn)(void *user, uint32_t addr, uint32_t data, uint32_t client,
                             uint64_t cycle);

typedef struct {
  uint64_t cycle;   /* when the response is due */
  uint32_t rdata;
  uint32_t client;
} mem_rsp;

typedef struct {
  unsigned latency, bw, stall_pct;
  kmu_rng *rng;
  unsigned tokens;       /* requests still accepted this cycle */
  int port_ready;        /* what drive() offered */
  /* read responses in order of due cycle (latency is constant, so a FIFO) */
  mem_rsp *rq;
  unsigned rq_cap, rq_head, rq_n;
  /* sparse word store: open addressing, key = addr | 1 (0 = empty) */
  uint64_t *key;
  uint32_t *val;
  unsigned cap, n;
  mem_write_fn on_write;
  void *user;
  /* statistics */
  uint64_t port_reads, port_writes, sm_loads, sm_load_refused, port_stall_cycles, busy_cycles;
} mem_model;

void mem_model_init(mem_model *m, unsigned latency, unsigned bw, unsigned stall_pct,
                    kmu_rng *rng, mem_write_fn on_write, void *user);
void mem_model_free(mem_model *m);
/* untimed access (the host writing a parameter entry, tests) */
void mem_model_poke(mem_model *m, uint32_t addr, uint32_t data);
uint32_t mem_model_peek(const mem_model *m, uint32_t addr);
/* this cycle's inputs of the engine's memory port */
void mem_model_drive(mem_model *m, uint64_t cycle, uint64_t *ready, uint64_t *rvalid,
                     uint64_t *rdata, uint64_t *rclient);
/* the port handshake of this cycle (call only when valid && ready) */
void mem_model_port_fire(mem_model *m, uint64_t cycle, int write, uint32_t addr,
                         uint32_t wdata, uint32_t client);
/* an SM load this cycle: 1 and the cycle its data returns, 0 when no bandwidth is left */
int mem_model_load(mem_model *m, uint64_t cycle, uint64_t *ret_cycle);
void mem_model_tick(mem_model *m, uint64_t cycle);
/* no read response outstanding */
int mem_model_idle(const mem_model *m);

#endif
