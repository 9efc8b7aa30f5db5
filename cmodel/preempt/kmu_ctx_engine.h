/* kmu_ctx_engine.h - C twin of rtl/preempt/kmu_ctx_engine.v (context save / restore engine: PEP
 * 3.3 full, dirty, base + incremental and in-place checkpoints), composed of the kmu_prio_enc
 * twin exactly as the RTL instantiates it. */
#ifndef KMU_CTX_ENGINE_H
#define KMU_CTX_ENGINE_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_prio_enc.h"
#include "kmu_regmap.h" /* cmd_op_i codes KMU_CTX_OP_* */
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_CTX_ENGINE_IN(X)                                                                  \
  X(cmd_valid_i) X(cmd_op_i) X(cmd_inplace_i) X(cmd_wmask_i) X(cmd_rpw_i) X(cmd_shmem_i)      \
  X(cmd_area_i) X(abort_i) X(scan_valid_i) X(scan_warp_i) X(scan_reg_i) X(scan_data_i)        \
  X(scan_last_i) X(scan_done_i) X(req_ready_i) X(rsp_valid_i) X(rsp_rdata_i) X(shm_rdata_i)   \
  X(ip_rdata_i)
#define KMU_CTX_ENGINE_OUT(X)                                                                 \
  X(cmd_ready_o, always) X(err_cmd_o, always) X(scan_start_o, always)                         \
  X(scan_wmask_o, always) X(scan_rpw_o, always) X(scan_all_o, always) X(scan_ready_o, always) \
  X(rfw_valid_o, always) X(rfw_warp_o, rfw_valid_o) X(rfw_reg_o, rfw_valid_o)                 \
  X(rfw_data_o, rfw_valid_o) X(req_valid_o, always) X(req_write_o, req_valid_o)               \
  X(req_addr_o, req_valid_o) X(req_wdata_o, req_valid_o) X(shm_ren_o, always)                 \
  X(shm_raddr_o, shm_ren_o) X(shm_wen_o, always) X(shm_waddr_o, shm_wen_o)                    \
  X(shm_wdata_o, shm_wen_o) X(ip_wen_o, always) X(ip_ren_o, always) X(ip_addr_o, always)      \
  X(ip_wdata_o, ip_wen_o) X(busy_o, always) X(done_o, always) X(done_regs_o, always)          \
  X(done_bytes_o, always)

typedef KMU_PORTS_IN(KMU_CTX_ENGINE_IN) kmu_ctx_engine_in;
typedef KMU_PORTS_OUT(KMU_CTX_ENGINE_OUT) kmu_ctx_engine_out;

#define KMU_CTX_ENGINE_MAX_WARPS 64

typedef struct {
  unsigned warps;      /* WARPS, warp slots, 1..64 */
  unsigned rpw;        /* RPW, warp registers per warp slot, 1..32 */
  unsigned dw;         /* DW, data bits per warp register, 1..32 */
  unsigned reg_bytes;  /* REG_BYTES, a multiple of BEAT_BYTES */
  unsigned beat_bytes; /* BEAT_BYTES, a multiple of 4 */
  unsigned shmem;      /* SHMEM, max shared-memory bytes of a TB, <= 131071 */
} kmu_ctx_engine_params;

/* states of the issue side (state) and of the response side (rsp_ph), as in the RTL */
enum {
  KMU_CTX_S_IDLE,
  KMU_CTX_S_START,
  KMU_CTX_S_SCAN,
  KMU_CTX_S_BMAP,
  KMU_CTX_S_RWAIT,
  KMU_CTX_S_REG,
  KMU_CTX_S_SHM,
  KMU_CTX_S_DRAIN,
  KMU_CTX_S_FLUSH, /* ctxcyc: save, the scan's last slot word written */
  KMU_CTX_S_BRD,   /* save: port A reads slot 0's word */
  KMU_CTX_S_SEEK,  /* restore: visit slot iss_slot */
  KMU_CTX_S_LOAD   /* restore: its word into iss_bits */
};
enum { KMU_CTX_R_IDLE, KMU_CTX_R_BMAP, KMU_CTX_R_WAIT, KMU_CTX_R_REG, KMU_CTX_R_SHM };

/* Registers, same names as the RTL without _q/_d. */
typedef struct {
  unsigned state, op, inplace;
  uint64_t wmask;
  unsigned rpw, shmem;
  uint32_t area;
  /* bitmaps (the words in bmap_mem, below): non-empty slots; save: the scan's current slot's
   * word; the response walker's bits are the word read last cycle */
  uint64_t nz;
  unsigned cur_v, cur_slot;
  uint32_t cur_bm;
  unsigned rsp_ld;
  /* issue walker (serial: one slot a cycle), the command's last warp index */
  unsigned iss_idx, iss_slot, nlast;
  unsigned nzc; /* restore: the non-empty slots loaded */
  uint32_t iss_bits;
  unsigned iss_beat, iss_off;
  /* response walker (restore) */
  unsigned rsp_ph;
  uint64_t rsp_rem;
  unsigned rsp_slot;
  uint32_t rsp_bits;
  unsigned rsp_beat, rsp_off;
  /* abort (TReM drop): aborting, the stalled request still held, reads outstanding */
  unsigned abt, hold, out;
  /* ctxboard: an in-place read was issued last cycle (its data is on ip_rdata_i now) */
  unsigned ip_rv;
  /* results */
  unsigned done, regs;
  uint32_t bytes;
} kmu_ctx_engine_regs;

/* nets between the phases of one cycle's comb() */
typedef struct {
  int idle, restore, any_nz, rsp_w_valid, iss_act, iss_s_in, iss_s_nz;
  unsigned rbe, rsp_w, iss_r, rsp_r;
  uint32_t rpw_mask, iss_bits, rsp_bits;
} kmu_ctx_engine_nets;

typedef struct {
  kmu_ctx_engine_params p;
  kmu_ctx_engine_nets c;
  kmu_ctx_engine_regs q, d;
  kmu_prio_enc u_rsp_wenc;             /* slots (the response side) */
  kmu_prio_enc u_iss_renc, u_rsp_renc; /* registers */
  /* the bitmap RAM (no reset) and its read registers; ports applied at the edge */
  uint32_t bmap_mem[KMU_CTX_ENGINE_MAX_WARPS];
  uint32_t iss_rbm_q, rsp_rbm_q;
  int bm_we, ra_en, rb_en;
  unsigned bm_wa, ra, rb;
  uint32_t bm_wd;
  uint32_t rg_mask, by_mask; /* regs_q's and bytes_q's widths (RG_W, BY_W bits) */
} kmu_ctx_engine;

void kmu_ctx_engine_init(kmu_ctx_engine *m, const kmu_ctx_engine_params *p);
void kmu_ctx_engine_free(kmu_ctx_engine *m);
void kmu_ctx_engine_reset(kmu_ctx_engine *m);
/* comb() = comb_out then comb_next (see kmu_ctx_engine.c) */
void kmu_ctx_engine_comb_out(kmu_ctx_engine *m, const kmu_ctx_engine_in *i,
                             kmu_ctx_engine_out *o);
void kmu_ctx_engine_comb_next(kmu_ctx_engine *m, const kmu_ctx_engine_in *i,
                              kmu_ctx_engine_out *o);
void kmu_ctx_engine_comb(kmu_ctx_engine *m, const kmu_ctx_engine_in *i, kmu_ctx_engine_out *o);
void kmu_ctx_engine_tick(kmu_ctx_engine *m);

#ifdef __cplusplus
}
#endif
#endif
