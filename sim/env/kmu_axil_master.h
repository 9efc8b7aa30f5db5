/* kmu_axil_master.h - a transaction-level AXI4-Lite master for testbenches.
 *
 * Tests queue reads and writes; the master drives the five channels with random timing:
 * AW and W of one write are offered independently (so W may lead AW, trail it or come in the
 * same cycle), every valid and its payload are held until accepted, and BREADY/RREADY are
 * random back-pressure.  Responses are matched to requests in order (AXI4-Lite has no IDs) and
 * handed back through a callback, so a test can check each one against what it expects.
 *
 * Per cycle: kmu_axim_drive() writes the master's outputs, then (after the DUT's comb)
 * kmu_axim_observe() sees the handshakes of that cycle. */
#ifndef KMU_AXIL_MASTER_H
#define KMU_AXIL_MASTER_H
#include <stdint.h>

#include "kmu_tb.h"

#define KMU_AXIM_Q 64 /* ring size per direction; power of two */

typedef struct {
  int write;
  uint32_t addr, data; /* data: write data */
  uint32_t strb;
  uint64_t tag;        /* the test's own */
} kmu_axi_op;

/* The AXI4-Lite channel signals, master view. */
typedef struct {
  uint64_t awvalid, awready, awaddr, wvalid, wready, wdata, wstrb, bvalid, bready, bresp;
  uint64_t arvalid, arready, araddr, rvalid, rready, rdata, rresp;
} kmu_axil_sig;

typedef void (*kmu_axim_done_fn)(void *user, const kmu_axi_op *op, unsigned resp,
                                 uint32_t rdata, uint64_t cycle);

typedef struct {
  kmu_rng *rng;
  /* percent chance per cycle to raise a valid that has something to send / to be ready */
  unsigned aw_pct, w_pct, ar_pct, b_pct, r_pct;
  unsigned max_out; /* outstanding transactions per direction */
  kmu_axim_done_fn done;
  void *user;
  /* writes: [wb .. wt) queued; aw_i / w_i: next to offer on AW / W; b responses in order */
  kmu_axi_op wq[KMU_AXIM_Q], rq[KMU_AXIM_Q];
  unsigned wt, aw_i, w_i, wb; /* monotonic counters, index & (Q-1) */
  unsigned rt, ar_i, rb;
  int awv, wv, arv;           /* valids currently raised (held until accepted) */
  uint64_t n_done;
} kmu_axim;

void kmu_axim_init(kmu_axim *m, kmu_rng *rng, kmu_axim_done_fn done, void *user);
/* 0 when that direction's queue is full */
int kmu_axim_push(kmu_axim *m, const kmu_axi_op *op);
int kmu_axim_write(kmu_axim *m, uint32_t addr, uint32_t data, uint32_t strb, uint64_t tag);
int kmu_axim_read(kmu_axim *m, uint32_t addr, uint64_t tag);
/* nothing queued or outstanding */
int kmu_axim_idle(const kmu_axim *m);
unsigned kmu_axim_pending(const kmu_axim *m);
void kmu_axim_drive(kmu_axim *m, kmu_axil_sig *s);
void kmu_axim_observe(kmu_axim *m, const kmu_axil_sig *s, uint64_t cycle);

/* Copy between kmu_axil_sig and a DUT in/out struct whose AXI ports are named s_<sig>_i/_o. */
#define KMU_AXIM_TO_IN(sig, in)                                                             \
  do {                                                                                      \
    (in)->s_awvalid_i = (sig).awvalid, (in)->s_awaddr_i = (sig).awaddr;                     \
    (in)->s_wvalid_i = (sig).wvalid, (in)->s_wdata_i = (sig).wdata;                         \
    (in)->s_wstrb_i = (sig).wstrb, (in)->s_bready_i = (sig).bready;                         \
    (in)->s_arvalid_i = (sig).arvalid, (in)->s_araddr_i = (sig).araddr;                     \
    (in)->s_rready_i = (sig).rready;                                                        \
  } while (0)
#define KMU_AXIM_FROM(sig, in, out)                                                         \
  do {                                                                                      \
    (sig).awvalid = (in)->s_awvalid_i, (sig).awaddr = (in)->s_awaddr_i;                     \
    (sig).wvalid = (in)->s_wvalid_i, (sig).wdata = (in)->s_wdata_i;                         \
    (sig).wstrb = (in)->s_wstrb_i, (sig).bready = (in)->s_bready_i;                         \
    (sig).arvalid = (in)->s_arvalid_i, (sig).araddr = (in)->s_araddr_i;                     \
    (sig).rready = (in)->s_rready_i;                                                        \
    (sig).awready = (out)->s_awready_o, (sig).wready = (out)->s_wready_o;                   \
    (sig).bvalid = (out)->s_bvalid_o, (sig).bresp = (out)->s_bresp_o;                       \
    (sig).arready = (out)->s_arready_o, (sig).rvalid = (out)->s_rvalid_o;                   \
    (sig).rdata = (out)->s_rdata_o, (sig).rresp = (out)->s_rresp_o;                         \
  } while (0)

#endif
