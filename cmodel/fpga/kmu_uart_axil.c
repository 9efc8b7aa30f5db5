/* kmu_uart_axil.c - C twin of rtl/fpga/kmu_uart_axil.v, composed of the kmu_uart_rx and
 * kmu_uart_tx twins.  comb() order: the receiver's outputs are registers, so it is evaluated
 * first with rx_i; then the protocol engine (its AXI outputs are registers; tx_ready is the
 * transmitter's state); then the transmitter with the engine's offer. */
#include "kmu_uart_axil.h"

enum { LEN_PING = 1, LEN_WRITE = 10, LEN_READ = 5, LEN_STATS = 1 };
enum { ALEN_PING = 4, ALEN_WRITE = 2, ALEN_READ = 6, ALEN_STATS = 7, ALEN_ERR = 2 };

void kmu_uart_axil_init(kmu_uart_axil *m, const kmu_uart_axil_params *p) {
  m->p = *p;
  m->div = kmu_uart_axil_div(p);
  const uint64_t to_cyc = (uint64_t)m->div * p->to_bits;
  m->to_last = to_cyc - 1;
  m->tw = kmu_clog2(to_cyc + 1);
  const kmu_uart_rx_params rp = {m->div};
  const kmu_uart_tx_params tp = {m->div};
  kmu_uart_rx_init(&m->u_rx, &rp);
  kmu_uart_tx_init(&m->u_tx, &tp);
  m->q.arg_hi = 0xa5; /* no reset in the RTL: any value */
  m->q.arg_lo = 0xa5a5a5a5a5a5a5a5ull;
  m->q.ans = 0;
  kmu_uart_axil_reset(m);
}

void kmu_uart_axil_free(kmu_uart_axil *m) {
  kmu_uart_rx_free(&m->u_rx);
  kmu_uart_tx_free(&m->u_tx);
}

void kmu_uart_axil_reset(kmu_uart_axil *m) {
  kmu_uart_axil_regs *q = &m->q;
  q->state = KMU_UA_IDLE;
  q->cmd = q->rem = q->sum = q->to = 0;
  q->aw = q->w = q->ar = 0;
  q->alen = q->novr = 0;
  q->cnt_badcmd = q->cnt_chk = q->cnt_timeout = q->cnt_frame = q->cnt_ovr = q->cnt_range = 0;
  m->d = *q;
  kmu_uart_rx_reset(&m->u_rx);
  kmu_uart_tx_reset(&m->u_tx);
}

/* saturating increment of an 8-bit counter */
static unsigned sat_inc(unsigned c) { return c == 0xff ? c : c + 1; }

static void answer_err(kmu_uart_axil_regs *d, unsigned code) {
  d->state = KMU_UA_ANS;
  d->ans = (uint64_t)KMU_UA_ANS_ERR << 48 | (uint64_t)code << 40;
  d->alen = ALEN_ERR;
  d->sum = 0;
}

void kmu_uart_axil_comb(kmu_uart_axil *m, const kmu_uart_axil_in *i, kmu_uart_axil_out *o) {
  const kmu_uart_axil_regs *q = &m->q;
  kmu_uart_axil_regs *d = &m->d;
  kmu_uart_rx_in ri = {0};
  kmu_uart_rx_out ro;
  kmu_uart_tx_in ti = {0};
  kmu_uart_tx_out to;
  const uint64_t addr_hi = m->p.aw >= 32 ? 0 : (0xffffffffull << m->p.aw) & 0xffffffffull;

  ri.rx_i = i->rx_i;
  kmu_uart_rx_comb(&m->u_rx, &ri, &ro);
  const int rx_valid = (int)ro.valid_o, rx_ferr = (int)ro.ferr_o;
  const unsigned rx_data = (unsigned)ro.data_o & 0xff;
  const int tx_ready = !m->u_tx.q.busy; /* kmu_uart_tx's ready_o: its state */

  const int in_frame = q->state == KMU_UA_IDLE || q->state == KMU_UA_ARGS;
  const unsigned sum_rx = (q->sum + rx_data) & 0xff;
  const uint64_t wr_addr = (q->arg_hi << 24 | q->arg_lo >> 40) & 0xffffffffull; /* [71:40] */
  const uint64_t rd_addr = q->arg_lo & 0xffffffffull;                           /* [31:0] */
  const unsigned wr_strb_byte = (unsigned)(q->arg_lo & 0xff);                   /* [7:0] */
  const int wr_range_bad = (wr_addr & addr_hi) != 0 || (wr_strb_byte >> 4) != 0;
  const int rd_range_bad = (rd_addr & addr_hi) != 0;
  const int ans_last = q->alen == 0;
  const int tx_valid = q->state == KMU_UA_ANS;
  const unsigned tx_data = ans_last ? (0x100 - q->sum) & 0xff : (unsigned)(q->ans >> 48) & 0xff;
  const int tx_take = tx_valid && tx_ready;

  *d = *q;
  if ((rx_valid || rx_ferr) && !in_frame) {
    d->novr = sat_inc(q->novr);
    d->cnt_ovr = sat_inc(q->cnt_ovr);
  }
  switch (q->state) {
    case KMU_UA_IDLE:
      d->to = 0;
      if (rx_ferr) {
        d->cnt_frame = sat_inc(q->cnt_frame);
        answer_err(d, KMU_UA_ERR_FRAMING);
      } else if (rx_valid) {
        d->cmd = rx_data;
        d->sum = rx_data;
        d->state = KMU_UA_ARGS;
        switch (rx_data) {
          case KMU_UA_CMD_PING: d->rem = LEN_PING; break;
          case KMU_UA_CMD_WRITE: d->rem = LEN_WRITE; break;
          case KMU_UA_CMD_READ: d->rem = LEN_READ; break;
          case KMU_UA_CMD_STATS: d->rem = LEN_STATS; break;
          default:
            d->cnt_badcmd = sat_inc(q->cnt_badcmd);
            answer_err(d, KMU_UA_ERR_BADCMD);
            break;
        }
      }
      break;
    case KMU_UA_ARGS:
      d->to = (q->to + 1) & (unsigned)kmu_mask(m->tw);
      if (rx_ferr) {
        d->cnt_frame = sat_inc(q->cnt_frame);
        answer_err(d, KMU_UA_ERR_FRAMING);
      } else if (rx_valid) {
        d->to = 0;
        if (q->rem != 1) {
          d->arg_hi = (q->arg_lo >> 56) & 0xff;
          d->arg_lo = q->arg_lo << 8 | rx_data;
          d->sum = sum_rx;
          d->rem = (q->rem - 1) & 15;
        } else if (sum_rx != 0) {
          d->cnt_chk = sat_inc(q->cnt_chk);
          answer_err(d, KMU_UA_ERR_CHECKSUM);
        } else {
          d->sum = 0; /* a complete, intact frame: execute it */
          switch (q->cmd) {
            case KMU_UA_CMD_WRITE:
              if (wr_range_bad) {
                d->cnt_range = sat_inc(q->cnt_range);
                answer_err(d, KMU_UA_ERR_RANGE);
              } else {
                d->state = KMU_UA_WR;
                d->aw = d->w = 1;
              }
              break;
            case KMU_UA_CMD_READ:
              if (rd_range_bad) {
                d->cnt_range = sat_inc(q->cnt_range);
                answer_err(d, KMU_UA_ERR_RANGE);
              } else {
                d->state = KMU_UA_AR;
                d->ar = 1;
              }
              break;
            case KMU_UA_CMD_STATS:
              d->state = KMU_UA_ANS;
              d->ans = (uint64_t)(KMU_UA_CMD_STATS | KMU_UA_ANS_BIT) << 48 |
                       (uint64_t)q->cnt_badcmd << 40 | (uint64_t)q->cnt_chk << 32 |
                       (uint64_t)q->cnt_timeout << 24 | (uint64_t)q->cnt_frame << 16 |
                       (uint64_t)q->cnt_ovr << 8 | q->cnt_range;
              d->alen = ALEN_STATS;
              break;
            default: /* PING */
              d->state = KMU_UA_ANS;
              d->ans = (uint64_t)(KMU_UA_CMD_PING | KMU_UA_ANS_BIT) << 48 |
                       (uint64_t)KMU_UA_PING_MAGIC << 40 | (uint64_t)(m->p.version & 0xff) << 32 |
                       (uint64_t)(m->p.aw & 0xff) << 24;
              d->alen = ALEN_PING;
              break;
          }
        }
      } else if (q->to == m->to_last) {
        d->cnt_timeout = sat_inc(q->cnt_timeout);
        answer_err(d, KMU_UA_ERR_TIMEOUT);
      }
      break;
    case KMU_UA_WR:
      if (i->m_awready_i) d->aw = 0;
      if (i->m_wready_i) d->w = 0;
      if ((!q->aw || i->m_awready_i) && (!q->w || i->m_wready_i)) d->state = KMU_UA_B;
      break;
    case KMU_UA_B:
      if (i->m_bvalid_i) {
        d->state = KMU_UA_ANS;
        d->ans = (uint64_t)(KMU_UA_CMD_WRITE | KMU_UA_ANS_BIT) << 48 | (i->m_bresp_i & 3) << 40;
        d->alen = ALEN_WRITE;
      }
      break;
    case KMU_UA_AR:
      if (i->m_arready_i) {
        d->ar = 0;
        d->state = KMU_UA_R;
      }
      break;
    case KMU_UA_R:
      if (i->m_rvalid_i) {
        d->state = KMU_UA_ANS;
        d->ans = (uint64_t)(KMU_UA_CMD_READ | KMU_UA_ANS_BIT) << 48 | (i->m_rresp_i & 3) << 40 |
                 (i->m_rdata_i & 0xffffffffull) << 8;
        d->alen = ALEN_READ;
      }
      break;
    case KMU_UA_ANS:
      if (tx_take) {
        if (!ans_last) {
          d->sum = (q->sum + (unsigned)(q->ans >> 48)) & 0xff;
          d->ans = (q->ans << 8) & 0xffffffffffffffull;
          d->alen = q->alen - 1;
        } else if (d->novr != 0) {
          /* the answer is out: the dropped bytes get their OVERRUN answers, one each */
          d->novr = d->novr - 1;
          answer_err(d, KMU_UA_ERR_OVERRUN);
        } else {
          d->state = KMU_UA_IDLE;
        }
      }
      break;
    default: d->state = KMU_UA_IDLE; break;
  }

  ti.valid_i = (uint64_t)tx_valid;
  ti.data_i = tx_data;
  kmu_uart_tx_comb(&m->u_tx, &ti, &to);

  o->tx_o = to.tx_o;
  o->m_awvalid_o = q->aw;
  o->m_awaddr_o = wr_addr & kmu_mask(m->p.aw);
  o->m_wvalid_o = q->w;
  o->m_wdata_o = (q->arg_lo >> 8) & 0xffffffffull;
  o->m_wstrb_o = wr_strb_byte & 0xf;
  o->m_bready_o = q->state == KMU_UA_B;
  o->m_arvalid_o = q->ar;
  o->m_araddr_o = rd_addr & kmu_mask(m->p.aw);
  o->m_rready_o = q->state == KMU_UA_R;
  o->cnt_badcmd_o = q->cnt_badcmd;
  o->cnt_chk_o = q->cnt_chk;
  o->cnt_timeout_o = q->cnt_timeout;
  o->cnt_frame_o = q->cnt_frame;
  o->cnt_ovr_o = q->cnt_ovr;
  o->cnt_range_o = q->cnt_range;
  o->busy_o = q->state != KMU_UA_IDLE;
}

void kmu_uart_axil_tick(kmu_uart_axil *m) {
  m->q = m->d;
  kmu_uart_rx_tick(&m->u_rx);
  kmu_uart_tx_tick(&m->u_tx);
}
