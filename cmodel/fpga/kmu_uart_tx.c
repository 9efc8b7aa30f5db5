/* kmu_uart_tx.c - C twin of rtl/fpga/kmu_uart_tx.v: the same busy flag, shift register, bit
 * counter and registered line. */
#include "kmu_uart_tx.h"

enum { BITS_AFTER_START = 9 }; /* eight data bits and the stop bit */

void kmu_uart_tx_init(kmu_uart_tx *m, const kmu_uart_tx_params *p) {
  m->p = *p;
  m->cw = p->div > 1 ? kmu_clog2(p->div) : 1;
  m->q.shift = 0x15a; /* no reset in the RTL: any value */
  kmu_uart_tx_reset(m);
}

void kmu_uart_tx_free(kmu_uart_tx *m) { (void)m; }

void kmu_uart_tx_reset(kmu_uart_tx *m) {
  m->q.busy = 0;
  m->q.cnt = 0;
  m->q.bit = 0;
  m->q.tx = 1;
  m->d = m->q;
}

void kmu_uart_tx_comb(kmu_uart_tx *m, const kmu_uart_tx_in *i, kmu_uart_tx_out *o) {
  const kmu_uart_tx_regs *q = &m->q;
  kmu_uart_tx_regs *d = &m->d;
  const unsigned mask = (unsigned)kmu_mask(m->cw);
  o->ready_o = !q->busy;
  o->tx_o = q->tx;
  *d = *q;
  if (!q->busy) {
    if (i->valid_i & 1) {
      d->busy = 1;
      d->tx = 0; /* start bit */
      d->shift = 0x100 | (unsigned)(i->data_i & 0xff);
      d->cnt = (m->p.div - 1) & mask;
      d->bit = BITS_AFTER_START;
    }
  } else if (q->cnt != 0) {
    d->cnt = (q->cnt - 1) & mask;
  } else if (q->bit == 0) {
    d->busy = 0; /* the stop bit has lasted a bit time; the line stays high */
  } else {
    d->tx = q->shift & 1;
    d->shift = 0x100 | (q->shift >> 1);
    d->cnt = (m->p.div - 1) & mask;
    d->bit = (q->bit - 1) & 15;
  }
}

void kmu_uart_tx_tick(kmu_uart_tx *m) { m->q = m->d; }
