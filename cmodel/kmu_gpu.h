/* kmu_gpu.h - C twin of rtl/kmu_gpu.v: the system top (front end, kernel management,
 * dispatch, one SM controller per SM, memory port), composed of the blocks' C models wired
 * as the RTL wires them. */
#ifndef KMU_GPU_H
#define KMU_GPU_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_dispatch.h"
#include "kmu_frontend.h"
#include "kmu_kmu.h"
#include "kmu_mem_port.h"
#include "kmu_rr_arb.h"
#include "kmu_sm_ctrl.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_GPU_IN(X)                                                                       \
  X(s_awvalid_i) X(s_awaddr_i) X(s_wvalid_i) X(s_wdata_i) X(s_wstrb_i) X(s_bready_i)         \
  X(s_arvalid_i) X(s_araddr_i) X(s_rready_i)                                                \
  X(mem_ready_i) X(mem_rvalid_i) X(mem_rdata_i) X(mem_rclient_i) X(simt_start_ready_i)      \
  X(simt_done_valid_i) X(simt_done_sm_i) X(simt_done_rtb_i)
#define KMU_GPU_OUT(X)                                                                      \
  X(s_awready_o, always) X(s_wready_o, always) X(s_bvalid_o, always)                         \
  X(s_bresp_o, s_bvalid_o) X(s_arready_o, always) X(s_rvalid_o, always)                     \
  X(s_rdata_o, s_rvalid_o) X(s_rresp_o, s_rvalid_o) X(mem_valid_o, always)                  \
  X(mem_write_o, mem_valid_o) X(mem_addr_o, mem_valid_o) X(mem_wdata_o, mem_valid_o)        \
  X(mem_client_o, mem_valid_o) X(simt_start_valid_o, always)                                \
  X(simt_start_sm_o, simt_start_valid_o) X(simt_start_rtb_o, simt_start_valid_o)            \
  X(simt_start_warps_o, simt_start_valid_o) X(simt_start_kptr_o, simt_start_valid_o)        \
  X(simt_start_param_o, simt_start_valid_o) X(simt_start_tb_o, simt_start_valid_o)          \
  X(simt_start_slot_o, simt_start_valid_o) X(simt_start_ewarp_o, simt_start_valid_o)        \
  X(simt_done_ready_o, always) X(kernel_done_o, always) X(hw_err_o, always) X(irq_o, always)

typedef KMU_PORTS_IN(KMU_GPU_IN) kmu_gpu_in;
typedef KMU_PORTS_OUT(KMU_GPU_OUT) kmu_gpu_out;

#define KMU_GPU_MAX_SM 64

typedef struct {
  unsigned aw, entries, cnt_w;           /* front end */
  unsigned nsm, slots, pend;             /* NSM, SLOTS, PEND */
  unsigned tbs, warps, regs, shmem, ewt; /* per SM */
  unsigned ct;                           /* CT: kmu_kmu completion-table entries (2*SLOTS) */
} kmu_gpu_params;

typedef struct {
  kmu_frontend_in fe_i;
  kmu_frontend_out fe_o;
  kmu_kmu_in kmu_i;
  kmu_kmu_out kmu_o;
  kmu_dispatch_in dsp_i;
  kmu_dispatch_out dsp_o;
  kmu_sm_ctrl_in sm_i[KMU_GPU_MAX_SM];
  kmu_sm_ctrl_out sm_o[KMU_GPU_MAX_SM];
  kmu_rr_arb_in st_arb_i, dn_arb_i;
  kmu_rr_arb_out st_arb_o, dn_arb_o;
  kmu_mem_port_in mp_i;
  kmu_mem_port_out mp_o;
} kmu_gpu_wires;

typedef struct {
  kmu_gpu_params p;
  kmu_frontend u_frontend;
  kmu_kmu u_kmu;
  kmu_dispatch u_dispatch;
  kmu_sm_ctrl *u_sm_ctrl; /* NSM of them (g_sm[s].u_sm_ctrl) */
  kmu_rr_arb u_start_arb, u_done_arb;
  kmu_mem_port u_mem_port;
  kmu_gpu_wires w;
  kmu_gpu_wires last; /* the inputs of each block's last evaluation in this cycle (_i only) */
} kmu_gpu;

void kmu_gpu_init(kmu_gpu *m, const kmu_gpu_params *p);
void kmu_gpu_free(kmu_gpu *m);
void kmu_gpu_reset(kmu_gpu *m);
void kmu_gpu_comb(kmu_gpu *m, const kmu_gpu_in *i, kmu_gpu_out *o);
void kmu_gpu_tick(kmu_gpu *m);

#ifdef __cplusplus
}
#endif
#endif
