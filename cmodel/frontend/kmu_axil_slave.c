/* kmu_axil_slave.c - C twin of rtl/frontend/kmu_axil_slave.v, built from the kmu_fifo and
 * kmu_rr_arb twins.  comb() evaluates the instances in a fixed order that is valid because a
 * FIFO's outputs depend only on its state: (1) every FIFO with this cycle's AXI inputs gives
 * its heads and ready bits; (2) the arbiter picks write or read; (3) every FIFO again with
 * the pops and pushes of the bus handshake (comb is a pure function of q and the inputs, so
 * the second call simply replaces the first one's next state).  The offer lock (lock_q) keeps
 * a refused bus offer in place: while it is set the other kind is not requested. */
#include "kmu_axil_slave.h"

#include <string.h>

enum { WR = 0, RD = 1 };               /* arbiter indices, as in the RTL */
enum { RESP_OKAY = 0, RESP_SLVERR = 2 };

void kmu_axil_slave_init(kmu_axil_slave *m, const kmu_axil_slave_params *p) {
  m->p = *p;
  const kmu_fifo_params pa = {p->aw, 2}, pw = {36, 2}, pb = {2, 2}, pr = {34, 2};
  const kmu_rr_arb_params parb = {2};
  kmu_fifo_init(&m->u_aw_fifo, &pa);
  kmu_fifo_init(&m->u_w_fifo, &pw);
  kmu_fifo_init(&m->u_ar_fifo, &pa);
  kmu_fifo_init(&m->u_b_fifo, &pb);
  kmu_fifo_init(&m->u_r_fifo, &pr);
  kmu_rr_arb_init(&m->u_arb, &parb);
}

void kmu_axil_slave_free(kmu_axil_slave *m) {
  kmu_fifo_free(&m->u_aw_fifo);
  kmu_fifo_free(&m->u_w_fifo);
  kmu_fifo_free(&m->u_ar_fifo);
  kmu_fifo_free(&m->u_b_fifo);
  kmu_fifo_free(&m->u_r_fifo);
  kmu_rr_arb_free(&m->u_arb);
}

void kmu_axil_slave_reset(kmu_axil_slave *m) {
  m->q.lock = m->q.lock_wr = 0;
  m->d = m->q;
  kmu_fifo_reset(&m->u_aw_fifo);
  kmu_fifo_reset(&m->u_w_fifo);
  kmu_fifo_reset(&m->u_ar_fifo);
  kmu_fifo_reset(&m->u_b_fifo);
  kmu_fifo_reset(&m->u_r_fifo);
  kmu_rr_arb_reset(&m->u_arb);
}

/* Phase 1, from the state and the AXI side: every output (AXI readies and responses, the bus
 * request: the arbiter's grant does not depend on its ack). */
void kmu_axil_slave_comb_out(kmu_axil_slave *m, const kmu_axil_slave_in *i,
                             kmu_axil_slave_out *o) {
  kmu_axil_slave_nets *c = &m->c;
  kmu_fifo_in *awi = &c->awi, *wi = &c->wi, *ari = &c->ari, *bi = &c->bi, *ri = &c->ri;
  kmu_fifo_out *awo = &c->awo, *wo = &c->wo, *aro = &c->aro, *bo = &c->bo, *ro = &c->ro;
  kmu_rr_arb_in *arbi = &c->arbi;
  kmu_rr_arb_out *arbo = &c->arbo;
  memset(awi, 0, sizeof *awi);
  memset(wi, 0, sizeof *wi);
  memset(ari, 0, sizeof *ari);
  memset(bi, 0, sizeof *bi);
  memset(ri, 0, sizeof *ri);

  /* (1) AXI side of every FIFO; bus side idle for now */
  awi->push_valid_i = i->s_awvalid_i;
  awi->push_data_i = i->s_awaddr_i;
  wi->push_valid_i = i->s_wvalid_i;
  wi->push_data_i = (i->s_wstrb_i & 0xf) << 32 | (i->s_wdata_i & 0xffffffffull);
  ari->push_valid_i = i->s_arvalid_i;
  ari->push_data_i = i->s_araddr_i;
  bi->pop_ready_i = i->s_bready_i;
  ri->pop_ready_i = i->s_rready_i;
  kmu_fifo_comb(&m->u_aw_fifo, awi, awo);
  kmu_fifo_comb(&m->u_w_fifo, wi, wo);
  kmu_fifo_comb(&m->u_ar_fifo, ari, aro);
  kmu_fifo_comb(&m->u_b_fifo, bi, bo);
  kmu_fifo_comb(&m->u_r_fifo, ri, ro);

  /* (2) write (index 0) vs read (index 1); a locked offer masks the other kind */
  const int wr_pend = awo->pop_valid_o && wo->pop_valid_o && bo->push_ready_o;
  const int rd_pend = aro->pop_valid_o && ro->push_ready_o;
  arbi->req_i = (uint64_t)(wr_pend && !(m->q.lock && !m->q.lock_wr)) << WR |
                (uint64_t)(rd_pend && !(m->q.lock && m->q.lock_wr)) << RD;
  arbi->ack_i = 0;
  kmu_rr_arb_comb(&m->u_arb, arbi, arbo);
  const int gnt_wr = (arbo->gnt_o >> WR) & 1;

  o->s_awready_o = awo->push_ready_o;
  o->s_wready_o = wo->push_ready_o;
  o->s_arready_o = aro->push_ready_o;
  o->s_bvalid_o = bo->pop_valid_o;
  o->s_bresp_o = bo->pop_data_o;
  o->s_rvalid_o = ro->pop_valid_o;
  /* R holds the read data as it came; an errored read leaves with RDATA 0 */
  o->s_rdata_o = (ro->pop_data_o & 3) == RESP_OKAY ? ro->pop_data_o >> 2 : 0;
  o->s_rresp_o = ro->pop_data_o & 3;
  o->bus_req_valid_o = arbo->gnt_valid_o;
  o->bus_req_write_o = gnt_wr;
  o->bus_req_addr_o = gnt_wr ? awo->pop_data_o : aro->pop_data_o;
  o->bus_req_wdata_o = gnt_wr ? wo->pop_data_o & 0xffffffffull : 0;
  o->bus_req_wstrb_o = gnt_wr ? wo->pop_data_o >> 32 : 0;
}

/* Phase 2, from the bus side (bus_req_ready_i and the response): the grant's ack, the
 * FIFOs' bus-side pops and pushes, the lock. */
void kmu_axil_slave_comb_next(kmu_axil_slave *m, const kmu_axil_slave_in *i,
                              kmu_axil_slave_out *o) {
  (void)o;
  kmu_axil_slave_nets *c = &m->c;
  kmu_fifo_in *awi = &c->awi, *wi = &c->wi, *ari = &c->ari, *bi = &c->bi, *ri = &c->ri;
  kmu_fifo_out *awo = &c->awo, *wo = &c->wo, *aro = &c->aro, *bo = &c->bo, *ro = &c->ro;
  kmu_rr_arb_in *arbi = &c->arbi;
  kmu_rr_arb_out *arbo = &c->arbo;
  arbi->ack_i = i->bus_req_ready_i;
  kmu_rr_arb_comb(&m->u_arb, arbi, arbo);
  const int gnt_wr = (arbo->gnt_o >> WR) & 1, gnt_rd = (arbo->gnt_o >> RD) & 1;
  const int wr_fire = i->bus_req_ready_i && gnt_wr;
  const int rd_fire = i->bus_req_ready_i && gnt_rd;
  const int err = (int)(i->bus_rsp_err_i & 1);

  /* (3) bus side: pop the granted request, push its response */
  wi->pop_ready_i = wr_fire;
  awi->pop_ready_i = wr_fire;
  ari->pop_ready_i = rd_fire;
  bi->push_valid_i = wr_fire;
  bi->push_data_i = err ? RESP_SLVERR : RESP_OKAY;
  ri->push_valid_i = rd_fire;
  ri->push_data_i = (i->bus_rsp_rdata_i & 0xffffffffull) << 2 | (err ? RESP_SLVERR : RESP_OKAY);
  kmu_fifo_comb(&m->u_aw_fifo, awi, awo);
  kmu_fifo_comb(&m->u_w_fifo, wi, wo);
  kmu_fifo_comb(&m->u_ar_fifo, ari, aro);
  kmu_fifo_comb(&m->u_b_fifo, bi, bo);
  kmu_fifo_comb(&m->u_r_fifo, ri, ro);

  m->d.lock = 0; /* no offer, or one that is taken, locks nothing */
  m->d.lock_wr = m->q.lock_wr;
  if (arbo->gnt_valid_o && !i->bus_req_ready_i) {
    m->d.lock = 1;
    m->d.lock_wr = (unsigned)gnt_wr;
  }
}

void kmu_axil_slave_comb(kmu_axil_slave *m, const kmu_axil_slave_in *i, kmu_axil_slave_out *o) {
  kmu_axil_slave_comb_out(m, i, o);
  kmu_axil_slave_comb_next(m, i, o);
}

void kmu_axil_slave_tick(kmu_axil_slave *m) {
  m->q = m->d;
  kmu_fifo_tick(&m->u_aw_fifo);
  kmu_fifo_tick(&m->u_w_fifo);
  kmu_fifo_tick(&m->u_ar_fifo);
  kmu_fifo_tick(&m->u_b_fifo);
  kmu_fifo_tick(&m->u_r_fifo);
  kmu_rr_arb_tick(&m->u_arb);
}
