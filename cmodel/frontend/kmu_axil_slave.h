/* kmu_axil_slave.h - C twin of rtl/frontend/kmu_axil_slave.v (AXI4-Lite slave -> register bus),
 * composed of the kmu_fifo and kmu_rr_arb twins exactly as the RTL instantiates them. */
#ifndef KMU_AXIL_SLAVE_H
#define KMU_AXIL_SLAVE_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_fifo.h"
#include "kmu_rr_arb.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_AXIL_SLAVE_IN(X)                                                                 \
  X(s_awvalid_i) X(s_awaddr_i) X(s_wvalid_i) X(s_wdata_i) X(s_wstrb_i) X(s_bready_i)         \
  X(s_arvalid_i) X(s_araddr_i) X(s_rready_i) X(bus_req_ready_i) X(bus_rsp_rdata_i)           \
  X(bus_rsp_err_i)
#define KMU_AXIL_SLAVE_OUT(X)                                                                \
  X(s_awready_o, always) X(s_wready_o, always) X(s_bvalid_o, always) X(s_bresp_o, s_bvalid_o) \
  X(s_arready_o, always) X(s_rvalid_o, always) X(s_rdata_o, s_rvalid_o)                       \
  X(s_rresp_o, s_rvalid_o) X(bus_req_valid_o, always) X(bus_req_write_o, bus_req_valid_o)     \
  X(bus_req_addr_o, bus_req_valid_o) X(bus_req_wdata_o, bus_req_valid_o)                      \
  X(bus_req_wstrb_o, bus_req_valid_o)

typedef KMU_PORTS_IN(KMU_AXIL_SLAVE_IN) kmu_axil_slave_in;
typedef KMU_PORTS_OUT(KMU_AXIL_SLAVE_OUT) kmu_axil_slave_out;

typedef struct {
  unsigned aw; /* AW, address bits, 1..64 */
} kmu_axil_slave_params;

/* Its own registers: the offer lock; the rest of the state is in the instances (same names
 * as the RTL). */
typedef struct {
  unsigned lock;    /* last cycle's bus offer was refused: offer it again */
  unsigned lock_wr; /* ... and it was a write */
} kmu_axil_slave_regs;

/* nets between the phases of one cycle's comb() */
typedef struct {
  kmu_fifo_in awi, wi, ari, bi, ri;
  kmu_fifo_out awo, wo, aro, bo, ro;
  kmu_rr_arb_in arbi;
  kmu_rr_arb_out arbo;
} kmu_axil_slave_nets;

typedef struct {
  kmu_axil_slave_params p;
  kmu_axil_slave_nets c;
  kmu_axil_slave_regs q, d;
  kmu_fifo u_aw_fifo, u_w_fifo, u_ar_fifo, u_b_fifo, u_r_fifo;
  kmu_rr_arb u_arb;
} kmu_axil_slave;

void kmu_axil_slave_init(kmu_axil_slave *m, const kmu_axil_slave_params *p);
void kmu_axil_slave_free(kmu_axil_slave *m);
void kmu_axil_slave_reset(kmu_axil_slave *m);
/* comb() = comb_out then comb_next (see kmu_axil_slave.c) */
void kmu_axil_slave_comb_out(kmu_axil_slave *m, const kmu_axil_slave_in *i,
                             kmu_axil_slave_out *o);
void kmu_axil_slave_comb_next(kmu_axil_slave *m, const kmu_axil_slave_in *i,
                              kmu_axil_slave_out *o);
void kmu_axil_slave_comb(kmu_axil_slave *m, const kmu_axil_slave_in *i, kmu_axil_slave_out *o);
void kmu_axil_slave_tick(kmu_axil_slave *m);

#ifdef __cplusplus
}
#endif
#endif
