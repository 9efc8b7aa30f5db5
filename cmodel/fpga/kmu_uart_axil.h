/* kmu_uart_axil.h - C twin of rtl/fpga/kmu_uart_axil.v (UART <-> AXI4-Lite master bridge: the
 * protocol engine between a kmu_uart_rx and a kmu_uart_tx; protocol in
 * docs/blocks/kmu_uart_axil.md).  The protocol's constants are here for the tests and kmuctl's
 * library has its own (tools/kmuctl/kmu_link.h): the host side must not read the model. */
#ifndef KMU_UART_AXIL_H
#define KMU_UART_AXIL_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_uart_rx.h"
#include "kmu_uart_tx.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_UART_AXIL_IN(X)                                                                  \
  X(rx_i) X(m_awready_i) X(m_wready_i) X(m_bvalid_i) X(m_bresp_i) X(m_arready_i)             \
  X(m_rvalid_i) X(m_rdata_i) X(m_rresp_i)
#define KMU_UART_AXIL_OUT(X)                                                                 \
  X(tx_o, always) X(m_awvalid_o, always) X(m_awaddr_o, m_awvalid_o) X(m_wvalid_o, always)     \
  X(m_wdata_o, m_wvalid_o) X(m_wstrb_o, m_wvalid_o) X(m_bready_o, always)                     \
  X(m_arvalid_o, always) X(m_araddr_o, m_arvalid_o) X(m_rready_o, always)                     \
  X(cnt_badcmd_o, always) X(cnt_chk_o, always) X(cnt_timeout_o, always)                      \
  X(cnt_frame_o, always) X(cnt_ovr_o, always) X(cnt_range_o, always) X(busy_o, always)

typedef KMU_PORTS_IN(KMU_UART_AXIL_IN) kmu_uart_axil_in;
typedef KMU_PORTS_OUT(KMU_UART_AXIL_OUT) kmu_uart_axil_out;

typedef struct {
  uint64_t clk_hz;  /* CLK_HZ */
  uint64_t baud;    /* BAUD: DIV = (CLK_HZ + BAUD/2) / BAUD */
  unsigned aw;      /* AW, AXI address bits, 8..32 */
  unsigned to_bits; /* TO_BITS, inter-byte timeout in bit times */
  unsigned version; /* VERSION, answered by PING */
} kmu_uart_axil_params;

/* the protocol (docs/blocks/kmu_uart_axil.md) */
enum {
  KMU_UA_CMD_PING = 0x01,
  KMU_UA_CMD_WRITE = 0x02,
  KMU_UA_CMD_READ = 0x03,
  KMU_UA_CMD_STATS = 0x04,
  KMU_UA_ANS_BIT = 0x80,
  KMU_UA_ANS_ERR = 0xEE,
  KMU_UA_PING_MAGIC = 0x4B,
  KMU_UA_ERR_BADCMD = 1,
  KMU_UA_ERR_CHECKSUM = 2,
  KMU_UA_ERR_TIMEOUT = 3,
  KMU_UA_ERR_FRAMING = 4,
  KMU_UA_ERR_OVERRUN = 5,
  KMU_UA_ERR_RANGE = 6
};

/* the states, numbered as in the RTL */
enum { KMU_UA_IDLE = 0, KMU_UA_ARGS, KMU_UA_WR, KMU_UA_B, KMU_UA_AR, KMU_UA_R, KMU_UA_ANS };

typedef struct {
  unsigned state;
  unsigned cmd;  /* the command of the frame being received or executed */
  unsigned rem;  /* bytes of the frame still to come (checksum included) */
  unsigned sum;  /* 8-bit sum of the frame so far / of the answer so far */
  uint64_t arg_hi, arg_lo; /* arg_q[71:64], arg_q[63:0] (no reset in the RTL) */
  unsigned to;   /* cycles since the frame's last byte */
  unsigned aw, w, ar;      /* AWVALID, WVALID, ARVALID */
  uint64_t ans;  /* answer payload, first byte in [55:48] (no reset in the RTL) */
  unsigned alen; /* answer payload bytes still to send; 0: the checksum is next */
  unsigned novr; /* dropped bytes still owed an OVERRUN answer (saturating) */
  unsigned cnt_badcmd, cnt_chk, cnt_timeout, cnt_frame, cnt_ovr, cnt_range;
} kmu_uart_axil_regs;

typedef struct {
  kmu_uart_axil_params p;
  unsigned div;     /* clock cycles per bit */
  uint64_t to_last; /* the timer value at which a frame times out */
  unsigned tw;      /* timer width */
  kmu_uart_axil_regs q, d;
  kmu_uart_rx u_rx;
  kmu_uart_tx u_tx;
} kmu_uart_axil;

/* DIV of a parameter set (the RTL's elaboration-time expression) */
static inline unsigned kmu_uart_axil_div(const kmu_uart_axil_params *p) {
  return (unsigned)((p->clk_hz + p->baud / 2) / p->baud);
}

void kmu_uart_axil_init(kmu_uart_axil *m, const kmu_uart_axil_params *p);
void kmu_uart_axil_free(kmu_uart_axil *m);
void kmu_uart_axil_reset(kmu_uart_axil *m);
void kmu_uart_axil_comb(kmu_uart_axil *m, const kmu_uart_axil_in *i, kmu_uart_axil_out *o);
void kmu_uart_axil_tick(kmu_uart_axil *m);

#ifdef __cplusplus
}
#endif
#endif
