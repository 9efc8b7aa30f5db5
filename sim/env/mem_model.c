/* mem_model.c - see mem_model.h. */
#include "mem_model.h"

#include <stdlib.h>
#include <string.h>

static uint64_t hash32(uint32_t a) {
  uint64_t x = a * 0x9e3779b97f4a7c15ull;
  return x ^ (x >> 29);
}

static void store_grow(mem_model *m);

static void store_put(mem_model *m, uint32_t addr, uint32_t data) {
  if (2 * (m->n + 1) > m->cap) store_grow(m);
  uint64_t k = (uint64_t)(addr & ~3u) << 1 | 1;
  unsigned i = (unsigned)(hash32(addr & ~3u) & (m->cap - 1));
  while (m->key[i] && m->key[i] != k) i = (i + 1) & (m->cap - 1);
  if (!m->key[i]) m->key[i] = k, m->n++;
  m->val[i] = data;
}

static void store_grow(mem_model *m) {
  uint64_t *ok = m->key;
  uint32_t *ov = m->val;
  unsigned oc = m->cap;
  m->cap = oc ? 2 * oc : 1024;
  m->key = calloc(m->cap, sizeof *m->key);
  m->val = calloc(m->cap, sizeof *m->val);
  m->n = 0;
  for (unsigned i = 0; i < oc; i++)
    if (ok[i]) store_put(m, (uint32_t)(ok[i] >> 1), ov[i]);
  free(ok);
  free(ov);
}

uint32_t mem_model_peek(const mem_model *m, uint32_t addr) {
  if (!m->cap) return 0;
  uint64_t k = (uint64_t)(addr & ~3u) << 1 | 1;
  unsigned i = (unsigned)(hash32(addr & ~3u) & (m->cap - 1));
  while (m->key[i]) {
    if (m->key[i] == k) return m->val[i];
    i = (i + 1) & (m->cap - 1);
  }
  return 0;
}

void mem_model_poke(mem_model *m, uint32_t addr, uint32_t data) { store_put(m, addr, data); }

void mem_model_init(mem_model *m, unsigned latency, unsigned bw, unsigned stall_pct,
                    kmu_rng *rng, mem_write_fn on_write, void *user) {
  memset(m, 0, sizeof *m);
  m->latency = latency ? latency : 1;
  m->bw = bw ? bw : 1;
  m->stall_pct = stall_pct;
  m->rng = rng;
  m->on_write = on_write;
  m->user = user;
  m->tokens = m->bw;
  store_grow(m);
}

void mem_model_free(mem_model *m) {
  free(m->rq);
  free(m->key);
  free(m->val);
  memset(m, 0, sizeof *m);
}

void mem_model_drive(mem_model *m, uint64_t cycle, uint64_t *ready, uint64_t *rvalid,
                     uint64_t *rdata, uint64_t *rclient) {
  int stall = m->stall_pct && m->rng && kmu_rng_pct(m->rng, m->stall_pct);
  m->port_ready = m->tokens > 0 && !stall;
  *ready = (uint64_t)m->port_ready;
  const mem_rsp *r = m->rq_n ? &m->rq[m->rq_head] : NULL;
  if (r && r->cycle <= cycle) {
    *rvalid = 1, *rdata = r->rdata, *rclient = r->client;
  } else {
    *rvalid = 0, *rdata = 0, *rclient = 0;
  }
}

void mem_model_port_fire(mem_model *m, uint64_t cycle, int write, uint32_t addr,
                         uint32_t wdata, uint32_t client) {
  if (m->tokens) m->tokens--;
  if (write) {
    m->port_writes++;
    store_put(m, addr, wdata);
    if (m->on_write) m->on_write(m->user, addr, wdata, client, cycle);
    return;
  }
  m->port_reads++;
  if (m->rq_n == m->rq_cap) {
    unsigned nc = m->rq_cap ? 2 * m->rq_cap : 64;
    mem_rsp *n = malloc(nc * sizeof *n);
    for (unsigned i = 0; i < m->rq_n; i++) n[i] = m->rq[(m->rq_head + i) % m->rq_cap];
    free(m->rq);
    m->rq = n, m->rq_cap = nc, m->rq_head = 0;
  }
  mem_rsp *r = &m->rq[(m->rq_head + m->rq_n++) % m->rq_cap];
  r->cycle = cycle + m->latency;
  r->rdata = mem_model_peek(m, addr);
  r->client = client;
}

int mem_model_load(mem_model *m, uint64_t cycle, uint64_t *ret_cycle) {
  if (!m->tokens) {
    m->sm_load_refused++;
    return 0;
  }
  m->tokens--;
  m->sm_loads++;
  *ret_cycle = cycle + m->latency;
  return 1;
}

void mem_model_tick(mem_model *m, uint64_t cycle) {
  /* the response shown this cycle has been taken (no back-pressure on read data) */
  if (m->rq_n && m->rq[m->rq_head].cycle <= cycle) {
    m->rq_head = (m->rq_head + 1) % m->rq_cap;
    m->rq_n--;
  }
  if (m->tokens < m->bw) m->busy_cycles++;
  if (!m->port_ready) m->port_stall_cycles++;
  m->tokens = m->bw;
}

int mem_model_idle(const mem_model *m) { return m->rq_n == 0; }
