/* test_kmu_link.c - kmuctl's protocol library (tools/kmuctl/kmu_link.{h,c}) against a scripted
 * bridge on a pseudo-terminal: the answers a real bridge never gives (bad checksums, a wrong
 * answer byte, a wrong PING magic, a cut-off answer, silence) and the ones it does (OKAY,
 * SLVERR, error answers, STATS), each with the return code and values the protocol
 * (docs/blocks/kmu_uart_axil.md) requires.  A child process plays the bridge: it reads each
 * request, checks its length, command byte and checksum (a bad request gets no answer, so the
 * test times out and fails), and writes the scripted answer.  One PASS/FAIL line per case. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "kmu_link.h"

typedef struct {
  const char *name;
  unsigned req_len;         /* request bytes, checksum included */
  unsigned char ans[12];    /* the scripted answer (without checksum) */
  unsigned ans_len;         /* 0: no answer */
  int chk;                  /* 1 append the right checksum, 0 none, 2 a wrong one */
  int want_rc;
  uint32_t want_val;        /* data (read), version << 8 | aw (ping), counter 5 (stats) */
  unsigned want_err;        /* the error answer's code (KMU_LINK_EANSWER) */
} case_t;

/* call: 0 ping, 1 write, 2 read, 3 stats */
static const struct {
  case_t c;
  int call;
} cases[] = {
    {{"ping_ok", 2, {0x81, 0x4B, 0x01, 0x10}, 4, 1, KMU_LINK_OK, 0x0110, 0}, 0},
    {{"ping_bad_magic", 2, {0x81, 0x4A, 0x01, 0x10}, 4, 1, KMU_LINK_EPROTO, 0, 0}, 0},
    {{"read_ok", 6, {0x83, 0x00, 0xDE, 0xAD, 0xBE, 0xEF}, 6, 1, KMU_LINK_OK, 0xDEADBEEF, 0}, 2},
    {{"read_slverr", 6, {0x83, 0x02, 0, 0, 0, 0}, 6, 1, KMU_LINK_ESLVERR, 0, 0}, 2},
    {{"write_ok", 11, {0x82, 0x00}, 2, 1, KMU_LINK_OK, 0, 0}, 1},
    {{"write_slverr", 11, {0x82, 0x02}, 2, 1, KMU_LINK_ESLVERR, 0, 0}, 1},
    {{"write_bad_checksum", 11, {0x82, 0x00}, 2, 2, KMU_LINK_EPROTO, 0, 0}, 1},
    {{"write_wrong_answer", 11, {0x83, 0x00}, 2, 1, KMU_LINK_EPROTO, 0, 0}, 1},
    {{"error_answer", 6, {0xEE, 0x03}, 2, 1, KMU_LINK_EANSWER, 0, 3}, 2},
    {{"error_answer_bad_checksum", 6, {0xEE, 0x03}, 2, 2, KMU_LINK_EPROTO, 0, 0}, 2},
    {{"answer_cut_off", 6, {0x83, 0x00, 0xDE}, 3, 0, KMU_LINK_ETIMEOUT, 0, 0}, 2},
    {{"no_answer", 2, {0}, 0, 0, KMU_LINK_ETIMEOUT, 0, 0}, 0},
    {{"stats", 2, {0x84, 1, 2, 3, 4, 5, 6}, 7, 1, KMU_LINK_OK, 6, 0}, 3},
};
#define NCASES (sizeof cases / sizeof cases[0])

/* the scripted bridge: for each case, read its request and answer */
static void bridge(int fd) {
  for (unsigned k = 0; k < NCASES; k++) {
    const case_t *c = &cases[k].c;
    unsigned char req[16];
    unsigned got = 0, sum = 0;
    while (got < c->req_len) {
      struct pollfd p = {fd, POLLIN, 0};
      if (poll(&p, 1, 5000) <= 0) _exit(3);
      const ssize_t n = read(fd, req + got, c->req_len - got);
      if (n > 0) got += (unsigned)n;
    }
    for (unsigned j = 0; j < got; j++) sum += req[j];
    static const unsigned char cmd[] = {0x01, 0x02, 0x03, 0x04};
    if ((sum & 0xff) || req[0] != cmd[cases[k].call]) continue; /* a bad request: silence */
    unsigned char a[16];
    unsigned s = 0;
    memcpy(a, c->ans, c->ans_len);
    for (unsigned j = 0; j < c->ans_len; j++) s += a[j];
    unsigned n = c->ans_len;
    if (c->chk) a[n++] = (unsigned char)(256 - (s & 0xff) + (c->chk == 2));
    if (n && write(fd, a, n) != (ssize_t)n) _exit(4);
  }
  _exit(0);
}

int main(void) {
  int m = posix_openpt(O_RDWR | O_NOCTTY);
  if (m < 0 || grantpt(m) || unlockpt(m) || !ptsname(m)) {
    printf("FAIL kmu_link.setup: no pseudo-terminal\n");
    return 1;
  }
  char path[128];
  snprintf(path, sizeof path, "%s", ptsname(m));
  struct termios t;
  if (tcgetattr(m, &t) == 0) {
    cfmakeraw(&t);
    tcsetattr(m, TCSANOW, &t);
  }
  kmu_link l;
  if (kmu_link_open(&l, path, 115200, 300)) {
    printf("FAIL kmu_link.open: %s\n", l.err);
    return 1;
  }
  fflush(stdout);
  const pid_t pid = fork();
  if (pid == 0) bridge(m);
  int pass = 0, fail = 0;
  for (unsigned k = 0; k < NCASES; k++) {
    const case_t *c = &cases[k].c;
    uint32_t val = 0;
    unsigned v1 = 0, v2 = 0, cnt[KMU_LINK_NCNT] = {0};
    int rc;
    switch (cases[k].call) {
      case 0: rc = kmu_link_ping(&l, &v1, &v2), val = v1 << 8 | v2; break;
      case 1: rc = kmu_link_write(&l, 0x1234, 0x89abcdef, 0xf); break;
      case 2: rc = kmu_link_read(&l, 0x1234, &val); break;
      default: rc = kmu_link_stats(&l, cnt), val = cnt[5]; break;
    }
    int ok = rc == c->want_rc;
    if (ok && rc == KMU_LINK_OK) ok = val == c->want_val;
    if (ok && rc == KMU_LINK_EANSWER) ok = l.ans_err == c->want_err;
    if (ok && rc != KMU_LINK_OK) ok = l.err[0] != 0; /* every failure says what went wrong */
    if (ok) {
      pass++;
      printf("PASS kmu_link.%s\n", c->name);
    } else {
      fail++;
      printf("FAIL kmu_link.%s: rc %d (want %d), value 0x%x (want 0x%x), error '%s'\n", c->name,
             rc, c->want_rc, (unsigned)val, (unsigned)c->want_val, l.err);
    }
    /* a cut-off answer leaves nothing behind: the next request flushes the input */
  }
  kmu_link_close(&l);
  int st = 0;
  if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
    fail++;
    printf("FAIL kmu_link.bridge: the scripted bridge ended with status %d\n", st);
  }
  printf("%d passed, %d failed\n", pass, fail);
  return fail != 0;
}
