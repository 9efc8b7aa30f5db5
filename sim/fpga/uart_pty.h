/* uart_pty.h - the host end of a simulated UART for `make fpga-sim` (sim/fpga/kmu_fpga_sim.cpp):
 * bytes from a pseudo-terminal serialised onto the DUT's rx pin (8N1, DIV cycles per bit) and
 * the DUT's tx pin sampled back into bytes for the pseudo-terminal.  Plain C11. */
#ifndef UART_PTY_H
#define UART_PTY_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* host -> DUT: one byte at a time, 10 bits of DIV cycles each */
typedef struct {
  unsigned div;
  unsigned frame; /* bits left to send, LSB next: start, 8 data, stop */
  unsigned left;  /* bits left in the frame */
  unsigned cnt;   /* cycles left in the current bit */
} uart_ser;
void uart_ser_init(uart_ser *s, unsigned div);
int uart_ser_idle(const uart_ser *s);
void uart_ser_load(uart_ser *s, unsigned char b); /* only when idle */
/* the line level of this cycle (1 when idle) */
unsigned uart_ser_step(uart_ser *s);

/* DUT -> host: samples each bit in its middle; a byte with a stop bit of 0 is dropped */
typedef struct {
  unsigned div;
  int on;
  uint64_t t; /* cycles since the start edge */
  unsigned byte;
} uart_des;
void uart_des_init(uart_des *d, unsigned div);
int uart_des_idle(const uart_des *d);
/* feed this cycle's line level; returns the byte completed in this cycle, or -1 */
int uart_des_step(uart_des *d, unsigned line);

/* a pseudo-terminal in raw mode: the master (the simulator's end) and its slave's path (the
 * host's end, for kmuctl).  The slave is kept open so that the terminal settings stay. */
typedef struct {
  int master, slave;
  char path[128];
} uart_pty;
/* 0 ok; -1 with a message on stderr */
int uart_pty_open(uart_pty *p);
void uart_pty_close(uart_pty *p);

#ifdef __cplusplus
}
#endif
#endif
