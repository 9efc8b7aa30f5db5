/* kmu_dirty_rf.h - C twin of rtl/preempt/kmu_dirty_rf.v (warp-register file with dirty bits and the
 * checkpoint scan), using the kmu_prio_enc twin exactly as the RTL instantiates it. */
#ifndef KMU_DIRTY_RF_H
#define KMU_DIRTY_RF_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_prio_enc.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_DIRTY_RF_IN(X)                                                                     \
  X(wr_valid_i) X(wr_warp_i) X(wr_reg_i) X(wr_data_i) X(rd_valid_i) X(rd_warp_i) X(rd_reg_i)   \
  X(exit_valid_i) X(exit_warp_i) X(scan_start_i) X(scan_wmask_i) X(scan_rpw_i) X(scan_all_i)  \
  X(scan_ready_i)
#define KMU_DIRTY_RF_OUT(X)                                                                    \
  X(err_wr_o, always) X(rd_data_o, always) X(err_rd_o, always) X(err_exit_o, always)          \
  X(err_scan_o, always) X(scan_valid_o, always) X(scan_warp_o, scan_valid_o)                  \
  X(scan_reg_o, scan_valid_o) X(scan_data_o, scan_valid_o) X(scan_last_o, scan_valid_o)       \
  X(scan_busy_o, always) X(scan_done_o, always) X(dirty_cnt_o, always)

typedef KMU_PORTS_IN(KMU_DIRTY_RF_IN) kmu_dirty_rf_in;
typedef KMU_PORTS_OUT(KMU_DIRTY_RF_OUT) kmu_dirty_rf_out;

#define KMU_DIRTY_RF_MAX_WARPS 64
#define KMU_DIRTY_RF_MAX_RPW 32

typedef struct {
  unsigned warps; /* WARPS, warp slots, 1..64 */
  unsigned rpw;   /* RPW, warp registers per warp slot, 1..32 */
  unsigned dw;    /* DW, data bits per warp register, 1..64 */
} kmu_dirty_rf_params;

/* The registers (same names as the RTL without _q/_d).  rowv bit w is the RTL's rowv_q[w];
 * dcnt[w] its dcnt_q[w*CNT_W +: CNT_W]; row/nrow/scan_rmask bit r its bit r. */
typedef struct {
  uint64_t rowv;
  unsigned dcnt[KMU_DIRTY_RF_MAX_WARPS];
  unsigned pi_valid, pi_warp, pi_reg, pi_old;
  uint64_t scan_wmask;
  uint32_t scan_rmask;
  unsigned scan_all;
  unsigned srch;
  uint64_t rrem;
  unsigned rdv, rdw, rdok;
  uint32_t row, nrow;
  unsigned roww, nroww;
  unsigned out_valid, out_warp, out_reg, out_last;
  unsigned scan_done;
  unsigned rd_bad;
} kmu_dirty_rf_regs;

typedef struct {
  kmu_dirty_rf_params p;
  kmu_dirty_rf_regs q, d;
  int d_is_q; /* d holds q (KMU_D_FROM_Q) */
  kmu_prio_enc u_warp_enc, u_reg_enc;
  uint64_t *rf_mem;      /* WARPS*RPW words, no reset */
  uint64_t rd_rdata_q;   /* the pipeline read register */
  uint64_t scan_rdata_q; /* the scan read register (the output stage's data) */
  uint32_t dirty_mem[KMU_DIRTY_RF_MAX_WARPS]; /* WARPS rows of RPW dirty bits, no reset (in
                                               * the struct: a copy of the block copies it) */
  uint32_t cnt_rrow_q;   /* the written row's old bits (read in the write's cycle) */
  uint32_t scan_rrow_q;  /* the row the reader read */
  /* memory ports, applied at the edge like the RTL's clocked blocks */
  int mem_we, mem_rd_re, mem_scan_re, dm_we, dm_cnt_re, dm_scan_re;
  unsigned mem_waddr, mem_rd_addr, mem_scan_addr, dm_waddr, dm_scan_addr;
  uint64_t mem_wdata;
  uint32_t dm_be, dm_wdata;
} kmu_dirty_rf;

void kmu_dirty_rf_init(kmu_dirty_rf *m, const kmu_dirty_rf_params *p);
void kmu_dirty_rf_free(kmu_dirty_rf *m);
void kmu_dirty_rf_reset(kmu_dirty_rf *m);
/* comb() = comb_out, comb_cnt, comb_next in this order (see kmu_dirty_rf.c) */
void kmu_dirty_rf_comb_out(const kmu_dirty_rf *m, kmu_dirty_rf_out *o);
void kmu_dirty_rf_comb_cnt(const kmu_dirty_rf *m, const kmu_dirty_rf_in *i, kmu_dirty_rf_out *o);
void kmu_dirty_rf_comb_next(kmu_dirty_rf *m, const kmu_dirty_rf_in *i, kmu_dirty_rf_out *o);
void kmu_dirty_rf_comb(kmu_dirty_rf *m, const kmu_dirty_rf_in *i, kmu_dirty_rf_out *o);
void kmu_dirty_rf_tick(kmu_dirty_rf *m);

#ifdef __cplusplus
}
#endif
#endif
