/* kmu_link.c - the host side of the kmu_uart_axil link protocol: see kmu_link.h. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* cfmakeraw, the B* rates above 38400 */
#include "kmu_link.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static const char *const err_names[] = {"?",       "BADCMD",  "CHECKSUM", "TIMEOUT",
                                        "FRAMING", "OVERRUN", "RANGE"};

const char *kmu_link_err_name(unsigned code) {
  return code < sizeof err_names / sizeof err_names[0] && code ? err_names[code] : "unknown";
}

static int fail(kmu_link *l, int rc, const char *fmt, ...) {
  va_list ap;
  int n = snprintf(l->err, sizeof l->err, "%s: ", l->dev);
  va_start(ap, fmt);
  if (n > 0 && (size_t)n < sizeof l->err) vsnprintf(l->err + n, sizeof l->err - (size_t)n, fmt, ap);
  va_end(ap);
  return rc;
}

static speed_t speed_of(unsigned baud) {
  static const struct {
    unsigned baud;
    speed_t s;
  } t[] = {{9600, B9600},     {19200, B19200},   {38400, B38400},     {57600, B57600},
           {115200, B115200}, {230400, B230400}, {460800, B460800},   {921600, B921600},
           {1000000, B1000000}, {1500000, B1500000}, {2000000, B2000000}, {3000000, B3000000}};
  for (unsigned k = 0; k < sizeof t / sizeof t[0]; k++)
    if (t[k].baud == baud) return t[k].s;
  return B0;
}

int kmu_link_open(kmu_link *l, const char *dev, unsigned baud, unsigned timeout_ms) {
  struct termios tio;
  memset(l, 0, sizeof *l);
  l->fd = -1;
  snprintf(l->dev, sizeof l->dev, "%s", dev);
  l->timeout_ms = timeout_ms;
  const speed_t sp = speed_of(baud);
  if (sp == B0) return fail(l, KMU_LINK_EOPEN, "baud rate %u is not supported", baud);
  l->fd = open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (l->fd < 0) return fail(l, KMU_LINK_EOPEN, "cannot open: %s", strerror(errno));
  if (tcgetattr(l->fd, &tio) != 0) {
    const int e = errno;
    kmu_link_close(l);
    return fail(l, KMU_LINK_EOPEN, "not a serial device: %s", strerror(e));
  }
  cfmakeraw(&tio);
  tio.c_cflag |= CLOCAL | CREAD;
  tio.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 0;
  if (cfsetispeed(&tio, sp) != 0 || cfsetospeed(&tio, sp) != 0 ||
      tcsetattr(l->fd, TCSANOW, &tio) != 0) {
    const int e = errno;
    kmu_link_close(l);
    return fail(l, KMU_LINK_EOPEN, "cannot configure %u baud raw: %s", baud, strerror(e));
  }
  tcflush(l->fd, TCIOFLUSH);
  return KMU_LINK_OK;
}

void kmu_link_close(kmu_link *l) {
  if (l->fd >= 0) close(l->fd);
  l->fd = -1;
}

static uint64_t now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* read exactly n bytes before the deadline */
static int get(kmu_link *l, unsigned char *b, unsigned n, uint64_t deadline, const char *what) {
  unsigned got = 0;
  while (got < n) {
    const uint64_t t = now_ms();
    if (t >= deadline)
      return fail(l, KMU_LINK_ETIMEOUT, "no answer to %s within %u ms (%u of %u bytes)", what,
                  l->timeout_ms, got, n);
    struct pollfd p = {l->fd, POLLIN, 0};
    const int r = poll(&p, 1, (int)(deadline - t));
    if (r < 0 && errno != EINTR) return fail(l, KMU_LINK_EIO, "poll: %s", strerror(errno));
    if (r <= 0) continue;
    const ssize_t k = read(l->fd, b + got, n - got);
    if (k < 0 && errno != EINTR && errno != EAGAIN)
      return fail(l, KMU_LINK_EIO, "read: %s", strerror(errno));
    if (k > 0) got += (unsigned)k;
  }
  return KMU_LINK_OK;
}

/* one request: the frame (its checksum appended here) out, the answer of n payload bytes in
 * (ans[0] is the answer byte, then n-1 more; the checksum is checked and dropped) */
static int transact(kmu_link *l, const unsigned char *req, unsigned rn, unsigned char *ans,
                    unsigned an, const char *what) {
  unsigned char f[16], chk;
  unsigned s = 0;
  memcpy(f, req, rn);
  for (unsigned k = 0; k < rn; k++) s += f[k];
  f[rn] = (unsigned char)(256 - (s & 0xff));
  tcflush(l->fd, TCIFLUSH); /* a stale answer must not be taken for this one */
  for (unsigned done = 0; done < rn + 1;) {
    const ssize_t k = write(l->fd, f + done, rn + 1 - done);
    if (k < 0 && errno != EINTR) return fail(l, KMU_LINK_EIO, "write: %s", strerror(errno));
    if (k > 0) done += (unsigned)k;
  }
  const uint64_t deadline = now_ms() + l->timeout_ms;
  int rc = get(l, ans, 1, deadline, what);
  if (rc) return rc;
  if (ans[0] == KMU_LINK_ANS_ERR) {
    unsigned char e[2];
    if ((rc = get(l, e, 2, deadline, what))) return rc;
    if (((ans[0] + e[0] + e[1]) & 0xff) != 0)
      return fail(l, KMU_LINK_EPROTO, "error answer to %s with a bad checksum", what);
    l->ans_err = e[0];
    return fail(l, KMU_LINK_EANSWER, "the bridge refused %s: error %u (%s)", what, e[0],
                kmu_link_err_name(e[0]));
  }
  if (ans[0] != (req[0] | KMU_LINK_ANS_BIT))
    return fail(l, KMU_LINK_EPROTO, "answer to %s starts with 0x%02x, expected 0x%02x", what,
                ans[0], req[0] | KMU_LINK_ANS_BIT);
  if ((rc = get(l, ans + 1, an - 1, deadline, what)) || (rc = get(l, &chk, 1, deadline, what)))
    return rc;
  s = chk;
  for (unsigned k = 0; k < an; k++) s += ans[k];
  if (s & 0xff) return fail(l, KMU_LINK_EPROTO, "answer to %s has a bad checksum", what);
  return KMU_LINK_OK;
}

static void put32(unsigned char *b, uint32_t v) {
  for (int k = 0; k < 4; k++) b[k] = (unsigned char)(v >> (8 * (3 - k)));
}

int kmu_link_ping(kmu_link *l, unsigned *version, unsigned *aw) {
  const unsigned char req[1] = {KMU_LINK_CMD_PING};
  unsigned char a[4];
  int rc = transact(l, req, 1, a, 4, "PING");
  if (rc) return rc;
  if (a[1] != KMU_LINK_PING_MAGIC)
    return fail(l, KMU_LINK_EPROTO, "PING answer magic 0x%02x, expected 0x%02x", a[1],
                KMU_LINK_PING_MAGIC);
  *version = a[2];
  *aw = a[3];
  return KMU_LINK_OK;
}

int kmu_link_write(kmu_link *l, uint32_t addr, uint32_t data, unsigned strb) {
  unsigned char req[10], a[2];
  char what[48];
  req[0] = KMU_LINK_CMD_WRITE;
  put32(req + 1, addr);
  put32(req + 5, data);
  req[9] = (unsigned char)strb;
  snprintf(what, sizeof what, "WRITE 0x%08x", addr);
  int rc = transact(l, req, 10, a, 2, what);
  if (rc) return rc;
  if (a[1] != 0)
    return fail(l, KMU_LINK_ESLVERR, "write of 0x%08x to 0x%08x answered %s", data, addr,
                a[1] == 2 ? "SLVERR" : "an unknown response");
  return KMU_LINK_OK;
}

int kmu_link_read(kmu_link *l, uint32_t addr, uint32_t *data) {
  unsigned char req[5], a[6];
  char what[48];
  req[0] = KMU_LINK_CMD_READ;
  put32(req + 1, addr);
  snprintf(what, sizeof what, "READ 0x%08x", addr);
  int rc = transact(l, req, 5, a, 6, what);
  if (rc) return rc;
  *data = (uint32_t)a[2] << 24 | (uint32_t)a[3] << 16 | (uint32_t)a[4] << 8 | a[5];
  if (a[1] != 0)
    return fail(l, KMU_LINK_ESLVERR, "read of 0x%08x answered %s", addr,
                a[1] == 2 ? "SLVERR" : "an unknown response");
  return KMU_LINK_OK;
}

int kmu_link_stats(kmu_link *l, unsigned cnt[KMU_LINK_NCNT]) {
  const unsigned char req[1] = {KMU_LINK_CMD_STATS};
  unsigned char a[1 + KMU_LINK_NCNT];
  int rc = transact(l, req, 1, a, 1 + KMU_LINK_NCNT, "STATS");
  if (rc) return rc;
  for (unsigned k = 0; k < KMU_LINK_NCNT; k++) cnt[k] = a[1 + k];
  return KMU_LINK_OK;
}
