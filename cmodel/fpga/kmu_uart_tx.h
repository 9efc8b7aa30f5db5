/* kmu_uart_tx.h - C twin of rtl/fpga/kmu_uart_tx.v (UART transmitter, 8N1, registered line). */
#ifndef KMU_UART_TX_H
#define KMU_UART_TX_H
#include <stdint.h>

#include "kmu_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_UART_TX_IN(X) X(valid_i) X(data_i)
#define KMU_UART_TX_OUT(X) X(ready_o, always) X(tx_o, always)

typedef KMU_PORTS_IN(KMU_UART_TX_IN) kmu_uart_tx_in;
typedef KMU_PORTS_OUT(KMU_UART_TX_OUT) kmu_uart_tx_out;

typedef struct {
  unsigned div; /* DIV, clock cycles per bit, >= 2 */
} kmu_uart_tx_params;

typedef struct {
  unsigned busy;  /* a frame is on the line */
  unsigned shift; /* {stop, data}: bit 0 goes out next (no reset in the RTL) */
  unsigned cnt;   /* cycles left in the current bit */
  unsigned bit;   /* bits still to send after the current one */
  unsigned tx;
} kmu_uart_tx_regs;

typedef struct {
  kmu_uart_tx_params p;
  unsigned cw; /* counter width */
  kmu_uart_tx_regs q, d;
} kmu_uart_tx;

void kmu_uart_tx_init(kmu_uart_tx *m, const kmu_uart_tx_params *p);
void kmu_uart_tx_free(kmu_uart_tx *m);
void kmu_uart_tx_reset(kmu_uart_tx *m);
void kmu_uart_tx_comb(kmu_uart_tx *m, const kmu_uart_tx_in *i, kmu_uart_tx_out *o);
void kmu_uart_tx_tick(kmu_uart_tx *m);

#ifdef __cplusplus
}
#endif
#endif
