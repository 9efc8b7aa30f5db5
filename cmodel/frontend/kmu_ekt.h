/* kmu_ekt.h - C twin of rtl/frontend/kmu_ekt.v (EDGE event kernel table). */
#ifndef KMU_EKT_H
#define KMU_EKT_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_prio_enc.h"
#include "kmu_regmap.h"
#ifdef __cplusplus
extern "C" {
#endif

#define KMU_EKT_IN(X)                                                                           \
  X(reg_valid_i) X(reg_kptr_i) X(reg_grid_x_i) X(reg_grid_y_i) X(reg_grid_z_i) X(reg_tb_x_i)   \
  X(reg_tb_y_i) X(reg_tb_z_i) X(reg_shmem_i) X(reg_nregs_i) X(reg_prio_i) X(reg_pbase_i)       \
  X(reg_pend_i) X(reg_esize_i) X(reg_maxinf_i) X(unreg_valid_i) X(unreg_id_i)                  \
  X(launch_valid_i) X(launch_id_i) X(desc_ready_i) X(cpl_valid_i) X(cpl_id_i)
#define KMU_EKT_OUT(X)                                                                          \
  X(reg_ready_o, always) X(reg_busy_o, always) X(reg_done_o, always)                           \
  X(reg_code_o, reg_done_o) X(reg_id_o, reg_done_o) X(unreg_code_o, always)                    \
  X(launch_ready_o, always) X(launch_err_o, always) X(desc_valid_o, always)                    \
  X(desc_id_o, desc_valid_o) X(desc_kptr_o, desc_valid_o) X(desc_grid_x_o, desc_valid_o)       \
  X(desc_grid_y_o, desc_valid_o) X(desc_grid_z_o, desc_valid_o) X(desc_tb_x_o, desc_valid_o)   \
  X(desc_tb_y_o, desc_valid_o) X(desc_tb_z_o, desc_valid_o) X(desc_shmem_o, desc_valid_o)      \
  X(desc_nregs_o, desc_valid_o) X(desc_prio_o, desc_valid_o) X(desc_param_o, desc_valid_o)     \
  X(cpl_err_o, always) X(valid_o, always)

typedef KMU_PORTS_IN(KMU_EKT_IN) kmu_ekt_in;
typedef KMU_PORTS_OUT(KMU_EKT_OUT) kmu_ekt_out;

/* result codes (docs/frontend-interfaces.md section 5): KMU_REG_CODE_*, KMU_UNREG_CODE_*,
 * KMU_LAUNCH_ERR_* of the generated kmu_regmap.h */
enum { KMU_EKT_RS_IDLE = 0, KMU_EKT_RS_DIV = 1, KMU_EKT_RS_DONE = 2 };
#define KMU_EKT_DIV_STEPS 32 /* remainder unit: one dividend bit per cycle */
/* reg handshake in cycle t -> reg_done_o in cycle t + KMU_EKT_REG_LATENCY */
#define KMU_EKT_REG_LATENCY (KMU_EKT_DIV_STEPS + 1)
#define KMU_EKT_MAX_ENTRIES 64

typedef struct {
  unsigned entries; /* ENTRIES, 1..64 */
} kmu_ekt_params;

/* the descriptor's metadata (154 bits of an ent_mem word in the RTL) */
typedef struct {
  uint32_t kptr;
  uint16_t grid_x, grid_y, grid_z, tb_x, tb_y, tb_z, shmem;
  uint8_t nregs, prio;
} kmu_ekt_meta;

/* one word of the entry memory ent_mem: metadata, base, ~end, entry size (234 bits) */
typedef struct {
  kmu_ekt_meta meta;
  uint32_t base, endn;
  unsigned esize;
} kmu_ekt_ent;

typedef struct {
  unsigned rstate;
  kmu_ekt_meta stg_meta;
  uint32_t stg_pbase, stg_pendn; /* stg_pendn: ~end */
  unsigned stg_esize, stg_maxinf;
  uint32_t div_len;
  unsigned div_rem, div_cnt, div_brw, div_nz;
  uint64_t valid, fresh;
  unsigned desc_valid, desc_id, ps_base, ps_fwd, upd;
  uint32_t fwd_head;
  /* per-entry tables, last: tick() copies them only after a write (tab_we, KMU_Q_FROM_D_TAB) */
  unsigned maxinf[KMU_EKT_MAX_ENTRIES];
  unsigned inflight[KMU_EKT_MAX_ENTRIES];
} kmu_ekt_regs;

typedef struct {
  kmu_ekt_params p;
  unsigned id_w;
  kmu_ekt_regs q, d;
  int d_is_q; /* d holds q (KMU_D_FROM_Q) */
  int tab_we; /* this cycle's comb() wrote a table entry of d (KMU_Q_FROM_D_TAB) */
  kmu_prio_enc u_alloc;
  kmu_ekt_ent *ent_mem;    /* ENTRIES words, no reset */
  kmu_ekt_ent ent_rdata_q; /* its read register */
  uint32_t *head_mem;      /* ENTRIES words, no reset */
  uint32_t head_rdata_q;   /* its read register */
  int ent_we, ent_re;      /* ports, applied at the edge like the RTL's clocked blocks */
  unsigned ent_waddr, ent_raddr;
  kmu_ekt_ent ent_wdata;
  int head_we; /* upd_q: the launch of last cycle writes head_next at head_waddr */
  unsigned head_waddr;
  uint32_t head_wdata;
} kmu_ekt;

void kmu_ekt_init(kmu_ekt *m, const kmu_ekt_params *p);
void kmu_ekt_free(kmu_ekt *m);
void kmu_ekt_reset(kmu_ekt *m);
/* comb() = comb_out then comb_next (see kmu_ekt.c) */
void kmu_ekt_comb_out(const kmu_ekt *m, kmu_ekt_out *o);
void kmu_ekt_comb_next(kmu_ekt *m, const kmu_ekt_in *i, kmu_ekt_out *o);
void kmu_ekt_comb(kmu_ekt *m, const kmu_ekt_in *i, kmu_ekt_out *o);
void kmu_ekt_tick(kmu_ekt *m);

#ifdef __cplusplus
}
#endif
#endif
