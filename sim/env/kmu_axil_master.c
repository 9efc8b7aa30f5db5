/* kmu_axil_master.c - see kmu_axil_master.h. */
#include "kmu_axil_master.h"

#include <string.h>

#define QM (KMU_AXIM_Q - 1)

void kmu_axim_init(kmu_axim *m, kmu_rng *rng, kmu_axim_done_fn done, void *user) {
  memset(m, 0, sizeof *m);
  m->rng = rng;
  m->done = done;
  m->user = user;
  m->aw_pct = m->w_pct = m->ar_pct = m->b_pct = m->r_pct = 100;
  m->max_out = 8;
}

int kmu_axim_push(kmu_axim *m, const kmu_axi_op *op) {
  if (op->write) {
    if (m->wt - m->wb >= KMU_AXIM_Q) return 0;
    m->wq[m->wt++ & QM] = *op;
  } else {
    if (m->rt - m->rb >= KMU_AXIM_Q) return 0;
    m->rq[m->rt++ & QM] = *op;
  }
  return 1;
}

int kmu_axim_write(kmu_axim *m, uint32_t addr, uint32_t data, uint32_t strb, uint64_t tag) {
  kmu_axi_op op = {1, addr, data, strb, tag};
  return kmu_axim_push(m, &op);
}

int kmu_axim_read(kmu_axim *m, uint32_t addr, uint64_t tag) {
  kmu_axi_op op = {0, addr, 0, 0, tag};
  return kmu_axim_push(m, &op);
}

int kmu_axim_idle(const kmu_axim *m) { return m->wb == m->wt && m->rb == m->rt; }

unsigned kmu_axim_pending(const kmu_axim *m) { return (m->wt - m->wb) + (m->rt - m->rb); }

void kmu_axim_drive(kmu_axim *m, kmu_axil_sig *s) {
  /* a raised valid stays raised with the same payload until its handshake */
  if (!m->awv && m->aw_i != m->wt && m->aw_i - m->wb < m->max_out)
    m->awv = kmu_rng_pct(m->rng, m->aw_pct);
  if (!m->wv && m->w_i != m->wt && m->w_i - m->wb < m->max_out)
    m->wv = kmu_rng_pct(m->rng, m->w_pct);
  if (!m->arv && m->ar_i != m->rt && m->ar_i - m->rb < m->max_out)
    m->arv = kmu_rng_pct(m->rng, m->ar_pct);
  s->awvalid = m->awv;
  s->awaddr = m->awv ? m->wq[m->aw_i & QM].addr : 0;
  s->wvalid = m->wv;
  s->wdata = m->wv ? m->wq[m->w_i & QM].data : 0;
  s->wstrb = m->wv ? m->wq[m->w_i & QM].strb : 0;
  s->arvalid = m->arv;
  s->araddr = m->arv ? m->rq[m->ar_i & QM].addr : 0;
  s->bready = kmu_rng_pct(m->rng, m->b_pct);
  s->rready = kmu_rng_pct(m->rng, m->r_pct);
}

void kmu_axim_observe(kmu_axim *m, const kmu_axil_sig *s, uint64_t cycle) {
  if (s->awvalid && s->awready) m->awv = 0, m->aw_i++;
  if (s->wvalid && s->wready) m->wv = 0, m->w_i++;
  if (s->arvalid && s->arready) m->arv = 0, m->ar_i++;
  if (s->bvalid && s->bready) {
    /* a response with no request outstanding is itself a failure the test must see: it is
     * reported with op == NULL */
    if (m->wb == m->aw_i || m->wb == m->w_i) {
      if (m->done) m->done(m->user, NULL, (unsigned)s->bresp, 0, cycle);
    } else {
      const kmu_axi_op *op = &m->wq[m->wb & QM];
      m->wb++;
      m->n_done++;
      if (m->done) m->done(m->user, op, (unsigned)s->bresp, 0, cycle);
    }
  }
  if (s->rvalid && s->rready) {
    if (m->rb == m->ar_i) {
      if (m->done) m->done(m->user, NULL, (unsigned)s->rresp, (uint32_t)s->rdata, cycle);
    } else {
      const kmu_axi_op *op = &m->rq[m->rb & QM];
      m->rb++;
      m->n_done++;
      if (m->done) m->done(m->user, op, (unsigned)s->rresp, (uint32_t)s->rdata, cycle);
    }
  }
}
