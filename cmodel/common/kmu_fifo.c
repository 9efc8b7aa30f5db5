/* kmu_fifo.c - C twin of rtl/common/kmu_fifo.v.  Same state names: wptr_q, rptr_q, count_q,
 * mem_q; comb() is the RTL's always @(*) plus assigns, tick() its clocked blocks. */
#include "kmu_fifo.h"

#include <stdlib.h>

void kmu_fifo_init(kmu_fifo *m, const kmu_fifo_params *p) {
  m->p = *p;
  m->mem_q = calloc(p->depth, sizeof *m->mem_q);
  kmu_fifo_reset(m);
}

void kmu_fifo_free(kmu_fifo *m) { free(m->mem_q); }

void kmu_fifo_reset(kmu_fifo *m) {
  m->q.wptr = m->q.rptr = m->q.count = 0;
  m->d = m->q;
  m->mem_we = 0;
}

static unsigned ptr_inc(const kmu_fifo *m, unsigned p) { return p == m->p.depth - 1 ? 0 : p + 1; }

void kmu_fifo_comb_out(const kmu_fifo *m, kmu_fifo_out *o) {
  const kmu_fifo_regs *q = &m->q;
  o->push_ready_o = q->count != m->p.depth;
  o->pop_valid_o = q->count != 0;
  o->pop_data_o = m->mem_q[q->rptr];
  o->count_o = q->count;
}

void kmu_fifo_comb(kmu_fifo *m, const kmu_fifo_in *i, kmu_fifo_out *o) {
  const kmu_fifo_regs *q = &m->q;
  kmu_fifo_regs *d = &m->d;
  kmu_fifo_comb_out(m, o);
  int push = i->push_valid_i && o->push_ready_o;
  int pop = o->pop_valid_o && i->pop_ready_i;

  *d = *q;
  if (i->flush_i) {
    d->wptr = d->rptr = d->count = 0;
  } else {
    if (push) d->wptr = ptr_inc(m, q->wptr);
    if (pop) d->rptr = ptr_inc(m, q->rptr);
    if (push && !pop) d->count = q->count + 1;
    else if (pop && !push) d->count = q->count - 1;
  }
  m->mem_we = push && !i->flush_i;
  m->mem_waddr = q->wptr;
  m->mem_wdata = i->push_data_i & kmu_mask(m->p.width);
}

void kmu_fifo_tick(kmu_fifo *m) {
  if (m->mem_we) m->mem_q[m->mem_waddr] = m->mem_wdata;
  m->q = m->d;
}
