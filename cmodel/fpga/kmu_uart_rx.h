/* kmu_uart_rx.h - C twin of rtl/fpga/kmu_uart_rx.v (UART receiver, 8N1, 2-flop synchroniser,
 * three-sample majority at the middle of each bit, framing errors). */
#ifndef KMU_UART_RX_H
#define KMU_UART_RX_H
#include <stdint.h>

#include "kmu_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_UART_RX_IN(X) X(rx_i)
#define KMU_UART_RX_OUT(X) X(valid_o, always) X(data_o, valid_o) X(ferr_o, always)

typedef KMU_PORTS_IN(KMU_UART_RX_IN) kmu_uart_rx_in;
typedef KMU_PORTS_OUT(KMU_UART_RX_OUT) kmu_uart_rx_out;

typedef struct {
  unsigned div; /* DIV, clock cycles per bit, >= 4 */
} kmu_uart_rx_params;

/* the states, numbered as in the RTL */
enum { KMU_URX_IDLE = 0, KMU_URX_START, KMU_URX_DATA, KMU_URX_STOP, KMU_URX_WAIT_HIGH };

typedef struct {
  unsigned sync;  /* the synchroniser: bit 1 is the synchronised line */
  unsigned hist;  /* the two synchronised samples before the current one */
  unsigned state;
  unsigned cnt;   /* cycles left to the next sample point */
  unsigned bit;   /* data bit being sampled */
  unsigned shift; /* data bits, LSB first (no reset in the RTL) */
  unsigned valid, ferr;
} kmu_uart_rx_regs;

typedef struct {
  kmu_uart_rx_params p;
  unsigned cw; /* counter width */
  kmu_uart_rx_regs q, d;
} kmu_uart_rx;

void kmu_uart_rx_init(kmu_uart_rx *m, const kmu_uart_rx_params *p);
void kmu_uart_rx_free(kmu_uart_rx *m);
void kmu_uart_rx_reset(kmu_uart_rx *m);
void kmu_uart_rx_comb(kmu_uart_rx *m, const kmu_uart_rx_in *i, kmu_uart_rx_out *o);
void kmu_uart_rx_tick(kmu_uart_rx *m);

#ifdef __cplusplus
}
#endif
#endif
