/* host_link.c - see host_link.h. */
#include "host_link.h"

#include <stdlib.h>
#include <string.h>

void host_link_init(host_link *l, unsigned latency, unsigned bw, unsigned setup,
                    host_link_chunk_fn is_chunk, void *user) {
  memset(l, 0, sizeof *l);
  l->latency = latency ? latency : 1;
  l->bw = bw < 1 ? 1 : bw > 4 ? 4 : bw;
  l->setup = setup;
  l->is_chunk = is_chunk;
  l->user = user;
  l->credit = 4;
  mem_model_init(&l->store, 1, 1, 0, NULL, NULL, NULL);
}

void host_link_free(host_link *l) {
  mem_model_free(&l->store);
  free(l->rq);
  memset(l, 0, sizeof *l);
}

void host_link_drive(host_link *l, uint64_t cycle, uint64_t *ready, uint64_t *rvalid,
                     uint64_t *rdata) {
  l->ready = l->setup_left == 0 && l->credit >= 4;
  *ready = (uint64_t)l->ready;
  const mem_rsp *r = l->rq_n ? &l->rq[l->rq_head] : NULL;
  if (r && r->cycle <= cycle) *rvalid = 1, *rdata = r->rdata;
  else *rvalid = 0, *rdata = 0;
}

void host_link_fire(host_link *l, uint64_t cycle, int write, uint32_t addr, uint32_t wdata) {
  l->credit -= 4;
  unsigned extra = 0;
  if (l->setup && l->is_chunk && l->is_chunk(l->user, addr, write)) {
    l->chunks++;
    l->setup_left = l->setup;
    extra = l->setup;
  }
  if (write) {
    l->writes++;
    mem_model_poke(&l->store, addr, wdata);
    return;
  }
  l->reads++;
  if (l->rq_n == l->rq_cap) {
    unsigned nc = l->rq_cap ? 2 * l->rq_cap : 64;
    mem_rsp *n = malloc(nc * sizeof *n);
    for (unsigned i = 0; i < l->rq_n; i++) n[i] = l->rq[(l->rq_head + i) % l->rq_cap];
    free(l->rq);
    l->rq = n, l->rq_cap = nc, l->rq_head = 0;
  }
  mem_rsp *r = &l->rq[(l->rq_head + l->rq_n++) % l->rq_cap];
  /* due times stay in order: the next request is accepted after the setup at the earliest */
  r->cycle = cycle + l->latency + extra;
  r->rdata = mem_model_peek(&l->store, addr);
  r->client = 0;
}

void host_link_tick(host_link *l, uint64_t cycle) {
  /* the response shown this cycle has been taken (no back-pressure on read data) */
  if (l->rq_n && l->rq[l->rq_head].cycle <= cycle) {
    l->rq_head = (l->rq_head + 1) % l->rq_cap;
    l->rq_n--;
  }
  /* a setup cycle: the link offered no ready for it (a setup set by this cycle's request
   * starts counting in the next cycle) */
  if (l->setup_left && !l->ready) l->setup_cycles++, l->setup_left--;
  if (!l->ready) l->busy_cycles++;
  l->credit = l->credit + l->bw > 4 ? 4 : l->credit + l->bw;
}

int host_link_idle(const host_link *l) { return l->rq_n == 0; }
