/* kmu_mem_port.h - C twin of rtl/sched/kmu_mem_port.v (N memory clients onto one memory port),
 * composed of the kmu_rr_arb and kmu_fifo twins exactly as the RTL instantiates them. */
#ifndef KMU_MEM_PORT_H
#define KMU_MEM_PORT_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_fifo.h"
#include "kmu_rr_arb.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Per-client ports: client k is bit k of req_valid_i / req_write_i / req_ready_o /
 * rsp_valid_o, and element k of the lane ports req_addr_i / req_wdata_i (Verilog: bits
 * [32k +: 32]).  The C twin carries up to KMU_MEM_PORT_MAXN clients. */
#define KMU_MEM_PORT_MAXN 32
#define KMU_MEM_PORT_IN(X)                                                                   \
  X(req_valid_i) X(req_write_i) X(mem_ready_i) X(mem_rvalid_i) X(mem_rdata_i) X(mem_rclient_i)
#define KMU_MEM_PORT_INL(X) \
  X(req_addr_i, KMU_MEM_PORT_MAXN, 32) X(req_wdata_i, KMU_MEM_PORT_MAXN, 32)
#define KMU_MEM_PORT_OUT(X)                                                                  \
  X(req_ready_o, always) X(mem_valid_o, always) X(mem_write_o, mem_valid_o)                  \
  X(mem_addr_o, mem_valid_o) X(mem_wdata_o, mem_valid_o) X(mem_client_o, mem_valid_o)        \
  X(rsp_valid_o, always) X(rsp_rdata_o, rsp_valid_o)

typedef KMU_PORTS_INL(KMU_MEM_PORT_IN, KMU_MEM_PORT_INL) kmu_mem_port_in;
typedef KMU_PORTS_OUT(KMU_MEM_PORT_OUT) kmu_mem_port_out;

typedef struct {
  unsigned n; /* N, 1..KMU_MEM_PORT_MAXN */
} kmu_mem_port_params;

/* No registers of its own: the state is in the instances (same names as the RTL). */
typedef struct {
  kmu_mem_port_params p;
  unsigned cw; /* CW = max(1, clog2(N)) */
  kmu_rr_arb u_arb;
  kmu_fifo u_aw_fifo;  /* {addr, wdata} */
  kmu_fifo u_tag_fifo; /* {client, write} */
} kmu_mem_port;

void kmu_mem_port_init(kmu_mem_port *m, const kmu_mem_port_params *p);
void kmu_mem_port_free(kmu_mem_port *m);
void kmu_mem_port_reset(kmu_mem_port *m);
void kmu_mem_port_comb(kmu_mem_port *m, const kmu_mem_port_in *i, kmu_mem_port_out *o);
void kmu_mem_port_tick(kmu_mem_port *m);

#ifdef __cplusplus
}
#endif
#endif
