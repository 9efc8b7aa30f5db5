/* kmu_mem_port.c - C twin of rtl/sched/kmu_mem_port.v, built from the kmu_rr_arb and kmu_fifo
 * twins.  comb() evaluates the instances in an order that is valid because a FIFO's outputs
 * depend only on its state: (1) both FIFOs with the memory side (pop = mem_ready_i) and no push
 * give the room and the head; (2) the arbiter over the valid clients, ack = room; (3) both FIFOs
 * again with the push of the granted request (comb is a pure function of q and the inputs, so
 * the second call replaces the first one's next state).  Read responses are routed by
 * mem_rclient_i, combinationally. */
#include "kmu_mem_port.h"

#include <string.h>

void kmu_mem_port_init(kmu_mem_port *m, const kmu_mem_port_params *p) {
  m->p = *p;
  m->cw = 1;
  while ((1u << m->cw) < p->n) m->cw++;
  const kmu_rr_arb_params pa = {p->n};
  const kmu_fifo_params paw = {64, 2}, ptag = {m->cw + 1, 2};
  kmu_rr_arb_init(&m->u_arb, &pa);
  kmu_fifo_init(&m->u_aw_fifo, &paw);
  kmu_fifo_init(&m->u_tag_fifo, &ptag);
}

void kmu_mem_port_free(kmu_mem_port *m) {
  kmu_rr_arb_free(&m->u_arb);
  kmu_fifo_free(&m->u_aw_fifo);
  kmu_fifo_free(&m->u_tag_fifo);
}

void kmu_mem_port_reset(kmu_mem_port *m) {
  kmu_rr_arb_reset(&m->u_arb);
  kmu_fifo_reset(&m->u_aw_fifo);
  kmu_fifo_reset(&m->u_tag_fifo);
}

void kmu_mem_port_comb(kmu_mem_port *m, const kmu_mem_port_in *i, kmu_mem_port_out *o) {
  const unsigned n = m->p.n;
  kmu_fifo_in awi, tgi;
  kmu_fifo_out awo, tgo;
  kmu_rr_arb_in ai;
  kmu_rr_arb_out ao;
  memset(&awi, 0, sizeof awi);
  memset(&tgi, 0, sizeof tgi);

  /* (1) memory side of the output stage */
  awi.pop_ready_i = i->mem_ready_i;
  tgi.pop_ready_i = i->mem_ready_i;
  kmu_fifo_comb(&m->u_aw_fifo, &awi, &awo);
  kmu_fifo_comb(&m->u_tag_fifo, &tgi, &tgo);
  const int room = (int)awo.push_ready_o;

  /* (2) round robin over the valid clients; the grant is used when the stage has room */
  ai.req_i = i->req_valid_i & kmu_mask(n);
  ai.ack_i = (uint64_t)room;
  kmu_rr_arb_comb(&m->u_arb, &ai, &ao);
  const unsigned g = (unsigned)ao.gnt_idx_o;
  o->req_ready_o = room ? ao.gnt_o : 0;
  const int push = ao.gnt_valid_o && room;

  /* (3) push the granted request */
  const uint64_t addr = i->req_addr_i[g] & 0xffffffffull;
  const uint64_t wdata = i->req_wdata_i[g] & 0xffffffffull;
  const uint64_t write = (i->req_write_i >> g) & 1;
  awi.push_valid_i = (uint64_t)push;
  awi.push_data_i = addr << 32 | wdata;
  tgi.push_valid_i = (uint64_t)push;
  tgi.push_data_i = (uint64_t)g << 1 | write;
  kmu_fifo_comb(&m->u_aw_fifo, &awi, &awo);
  kmu_fifo_comb(&m->u_tag_fifo, &tgi, &tgo);

  o->mem_valid_o = awo.pop_valid_o;
  o->mem_addr_o = awo.pop_data_o >> 32;
  o->mem_wdata_o = awo.pop_data_o & 0xffffffffull;
  o->mem_client_o = tgo.pop_data_o >> 1;
  o->mem_write_o = tgo.pop_data_o & 1;

  /* read responses: routed by the client tag */
  const uint64_t rc = i->mem_rclient_i & kmu_mask(m->cw);
  o->rsp_valid_o = i->mem_rvalid_i && rc < n ? 1ull << rc : 0;
  o->rsp_rdata_o = i->mem_rdata_i & 0xffffffffull;
}

void kmu_mem_port_tick(kmu_mem_port *m) {
  kmu_rr_arb_tick(&m->u_arb);
  kmu_fifo_tick(&m->u_aw_fifo);
  kmu_fifo_tick(&m->u_tag_fifo);
}
