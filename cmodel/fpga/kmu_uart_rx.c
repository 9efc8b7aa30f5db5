/* kmu_uart_rx.c - C twin of rtl/fpga/kmu_uart_rx.v: the same states, counter and majority
 * vote.  The outputs are registers (valid_q, ferr_q, shift_q), so comb() computes them from q
 * alone and the next state from q and rx_i. */
#include "kmu_uart_rx.h"

void kmu_uart_rx_init(kmu_uart_rx *m, const kmu_uart_rx_params *p) {
  m->p = *p;
  m->cw = p->div > 1 ? kmu_clog2(p->div) : 1;
  m->q.shift = 0xa5; /* no reset in the RTL: any value */
  kmu_uart_rx_reset(m);
}

void kmu_uart_rx_free(kmu_uart_rx *m) { (void)m; }

void kmu_uart_rx_reset(kmu_uart_rx *m) {
  m->q.sync = 3;
  m->q.hist = 3;
  m->q.state = KMU_URX_IDLE;
  m->q.cnt = 0;
  m->q.bit = 0;
  m->q.valid = 0;
  m->q.ferr = 0;
  m->d = m->q;
}

void kmu_uart_rx_comb(kmu_uart_rx *m, const kmu_uart_rx_in *i, kmu_uart_rx_out *o) {
  const kmu_uart_rx_regs *q = &m->q;
  kmu_uart_rx_regs *d = &m->d;
  const unsigned line = (q->sync >> 1) & 1;
  const unsigned h1 = (q->hist >> 1) & 1, h0 = q->hist & 1;
  const unsigned maj = (h1 & h0) | (h1 & line) | (h0 & line);
  const int at_sample = q->cnt == 0;
  const unsigned mask = (unsigned)kmu_mask(m->cw);

  o->valid_o = q->valid;
  o->data_o = q->shift & 0xff;
  o->ferr_o = q->ferr;

  d->sync = ((q->sync << 1) | (unsigned)(i->rx_i & 1)) & 3;
  d->hist = ((q->hist << 1) | line) & 3;
  d->state = q->state;
  d->cnt = at_sample ? q->cnt : (q->cnt - 1) & mask;
  d->bit = q->bit;
  d->shift = q->shift;
  d->valid = 0;
  d->ferr = 0;
  switch (q->state) {
    case KMU_URX_IDLE:
      if (!line) {
        d->state = KMU_URX_START;
        d->cnt = (m->p.div / 2) & mask;
      }
      break;
    case KMU_URX_START:
      if (at_sample) {
        if (maj) {
          d->state = KMU_URX_IDLE; /* a glitch, not a start bit */
        } else {
          d->state = KMU_URX_DATA;
          d->cnt = (m->p.div - 1) & mask;
          d->bit = 0;
        }
      }
      break;
    case KMU_URX_DATA:
      if (at_sample) {
        d->shift = (maj << 7) | (q->shift >> 1);
        d->cnt = (m->p.div - 1) & mask;
        d->bit = (q->bit + 1) & 7;
        if (q->bit == 7) d->state = KMU_URX_STOP;
      }
      break;
    case KMU_URX_STOP:
      if (at_sample) {
        if (maj) {
          d->valid = 1;
          d->state = KMU_URX_IDLE;
        } else {
          d->ferr = 1;
          d->state = KMU_URX_WAIT_HIGH;
        }
      }
      break;
    case KMU_URX_WAIT_HIGH:
      if (line) d->state = KMU_URX_IDLE;
      break;
    default: d->state = KMU_URX_IDLE; break;
  }
}

void kmu_uart_rx_tick(kmu_uart_rx *m) { m->q = m->d; }
