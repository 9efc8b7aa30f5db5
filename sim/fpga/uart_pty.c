/* uart_pty.c - see uart_pty.h. */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, unlockpt, ptsname */
#define _DEFAULT_SOURCE   /* cfmakeraw */
#include "uart_pty.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

void uart_ser_init(uart_ser *s, unsigned div) {
  memset(s, 0, sizeof *s);
  s->div = div;
}
int uart_ser_idle(const uart_ser *s) { return s->left == 0; }
void uart_ser_load(uart_ser *s, unsigned char b) {
  s->frame = 1u << 9 | (unsigned)b << 1; /* stop 1, data, start 0 */
  s->left = 10;
  s->cnt = s->div;
}
unsigned uart_ser_step(uart_ser *s) {
  if (!s->left) return 1;
  const unsigned lvl = s->frame & 1;
  if (--s->cnt == 0) {
    s->frame >>= 1;
    s->left--;
    s->cnt = s->div;
  }
  return lvl;
}

void uart_des_init(uart_des *d, unsigned div) {
  memset(d, 0, sizeof *d);
  d->div = div;
}
int uart_des_idle(const uart_des *d) { return !d->on; }
int uart_des_step(uart_des *d, unsigned line) {
  if (!d->on) {
    if (!line) d->on = 1, d->t = 0, d->byte = 0;
    return -1;
  }
  const uint64_t t = ++d->t, half = d->div / 2;
  if (t < half || (t - half) % d->div) return -1;
  const uint64_t bit = (t - half) / d->div;
  if (bit == 0) {
    if (line) d->on = 0; /* a spike, not a start bit */
    return -1;
  }
  if (bit <= 8) {
    d->byte |= (line & 1u) << (bit - 1);
    return -1;
  }
  d->on = 0;
  return line ? (int)d->byte : -1;
}

int uart_pty_open(uart_pty *p) {
  struct termios tio;
  p->master = p->slave = -1;
  p->master = posix_openpt(O_RDWR | O_NOCTTY);
  if (p->master < 0 || grantpt(p->master) || unlockpt(p->master)) {
    fprintf(stderr, "kmu-fpga-sim: cannot create a pseudo-terminal: %s\n", strerror(errno));
    return -1;
  }
  const char *n = ptsname(p->master);
  if (!n) {
    fprintf(stderr, "kmu-fpga-sim: ptsname: %s\n", strerror(errno));
    return -1;
  }
  snprintf(p->path, sizeof p->path, "%s", n);
  p->slave = open(p->path, O_RDWR | O_NOCTTY);
  if (p->slave < 0 || tcgetattr(p->slave, &tio)) {
    fprintf(stderr, "kmu-fpga-sim: cannot open %s: %s\n", p->path, strerror(errno));
    return -1;
  }
  cfmakeraw(&tio);
  if (tcsetattr(p->slave, TCSANOW, &tio)) {
    fprintf(stderr, "kmu-fpga-sim: cannot make %s raw: %s\n", p->path, strerror(errno));
    return -1;
  }
  if (fcntl(p->master, F_SETFL, fcntl(p->master, F_GETFL) | O_NONBLOCK)) {
    fprintf(stderr, "kmu-fpga-sim: fcntl: %s\n", strerror(errno));
    return -1;
  }
  return 0;
}

void uart_pty_close(uart_pty *p) {
  if (p->slave >= 0) close(p->slave);
  if (p->master >= 0) close(p->master);
  p->slave = p->master = -1;
}
