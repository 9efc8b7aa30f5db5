/* kmu_link.h - the host side of the kmu_uart_axil link protocol (docs/blocks/kmu_uart_axil.md):
 * open a serial device in raw mode at a baud rate, and one call per request (PING, WRITE, READ,
 * STATS), each waiting for its answer.  A small library: kmuctl uses it, and so will
 * `kmuctl run` (a workload on the board) later.  Written from the protocol description; it
 * does not include the C model.
 *
 * Every call returns KMU_LINK_OK or a failure code and leaves a one-line description in
 * link->err (the device and what went wrong). */
#ifndef KMU_LINK_H
#define KMU_LINK_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  KMU_LINK_OK = 0,
  KMU_LINK_EOPEN,    /* the device cannot be opened or configured */
  KMU_LINK_EIO,      /* a read or write on the device failed */
  KMU_LINK_ETIMEOUT, /* no (complete) answer within the timeout */
  KMU_LINK_EANSWER,  /* the bridge answered with an error (link->ans_err: its code) */
  KMU_LINK_EPROTO,   /* the answer is malformed (checksum, unexpected first byte) */
  KMU_LINK_ESLVERR,  /* the AXI slave answered SLVERR (the write / read did not happen) */
};

/* the protocol's bytes */
enum {
  KMU_LINK_CMD_PING = 0x01,
  KMU_LINK_CMD_WRITE = 0x02,
  KMU_LINK_CMD_READ = 0x03,
  KMU_LINK_CMD_STATS = 0x04,
  KMU_LINK_ANS_BIT = 0x80,
  KMU_LINK_ANS_ERR = 0xEE,
  KMU_LINK_PING_MAGIC = 0x4B,
  KMU_LINK_NCNT = 6 /* error counters in a STATS answer, in error-code order */
};

typedef struct {
  int fd;
  char dev[128];
  unsigned timeout_ms; /* per answer */
  unsigned ans_err;    /* the error code of the last error answer */
  char err[256];       /* what went wrong, for the user */
} kmu_link;

/* open DEV raw (8N1, no flow control) at BAUD; 0 ok */
int kmu_link_open(kmu_link *l, const char *dev, unsigned baud, unsigned timeout_ms);
void kmu_link_close(kmu_link *l);

int kmu_link_ping(kmu_link *l, unsigned *version, unsigned *aw);
/* strb: byte strobes 0..15; an AXI SLVERR gives KMU_LINK_ESLVERR */
int kmu_link_write(kmu_link *l, uint32_t addr, uint32_t data, unsigned strb);
int kmu_link_read(kmu_link *l, uint32_t addr, uint32_t *data);
int kmu_link_stats(kmu_link *l, unsigned cnt[KMU_LINK_NCNT]);

/* the name of a bridge error code (1 BADCMD .. 6 RANGE), and of counter k of STATS */
const char *kmu_link_err_name(unsigned code);

#ifdef __cplusplus
}
#endif
#endif
