/* kmu_copy_engine.h - C twin of rtl/sched/kmu_copy_engine.v: the chunked, priority-preemptible
 * host <-> device copy engine (RGEM 3.1), composed of the kmu_fifo twin for its two data
 * buffers and its descriptor queue exactly as the RTL instantiates them. */
#ifndef KMU_COPY_ENGINE_H
#define KMU_COPY_ENGINE_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_fifo.h"
#include "kmu_regmap.h"
#ifdef __cplusplus
extern "C" {
#endif

/* completion status (cpl_status_o, last_err_o): KMU_COPY_ST_* of kmu_regmap.h (copy_st_e) */
/* sides: the request registers' index */
#define KMU_CE_HOST 0u
#define KMU_CE_DEV 1u
/* fin_q */
#define KMU_CE_FIN_NONE 0u
#define KMU_CE_FIN_FLIGHT 1u
#define KMU_CE_FIN_DONE 2u

#define KMU_COPY_ENGINE_IN(X)                                                                 \
  X(chunk_log2_i) X(cmd_valid_i) X(cmd_src_i) X(cmd_dst_i) X(cmd_bytes_i) X(cmd_dir_i)        \
  X(cmd_prio_i) X(cmd_id_i) X(cpl_ready_i) X(dev_req_ready_i) X(dev_rsp_valid_i)              \
  X(dev_rsp_rdata_i) X(host_req_ready_i) X(host_rsp_valid_i) X(host_rsp_rdata_i)
#define KMU_COPY_ENGINE_OUT(X)                                                                \
  X(cmd_ready_o, always) X(cpl_valid_o, always) X(cpl_id_o, cpl_valid_o)                      \
  X(cpl_status_o, cpl_valid_o) X(ref_cnt_o, always) X(last_err_o, always) X(busy_o, always)   \
  X(dev_req_valid_o, always) X(dev_req_write_o, dev_req_valid_o)                              \
  X(dev_req_addr_o, dev_req_valid_o) X(dev_req_wdata_o, dev_req_valid_o)                      \
  X(host_req_valid_o, always) X(host_req_write_o, host_req_valid_o)                           \
  X(host_req_addr_o, host_req_valid_o) X(host_req_wdata_o, host_req_valid_o)

typedef KMU_PORTS_IN(KMU_COPY_ENGINE_IN) kmu_copy_engine_in;
typedef KMU_PORTS_OUT(KMU_COPY_ENGINE_OUT) kmu_copy_engine_out;

#define KMU_COPY_ENGINE_MAXPRIO 8
typedef struct {
  unsigned nprio, qd, idw, lenw, buf; /* NPRIO, QD, IDW, LENW, BUF (see the RTL header) */
} kmu_copy_engine_params;

typedef struct {
  unsigned cnt[KMU_COPY_ENGINE_MAXPRIO], head[KMU_COPY_ENGINE_MAXPRIO],
      tail[KMU_COPY_ENGINE_MAXPRIO];           /* cnt_q, head_q, tail_q */
  unsigned started;                            /* started_q (bit p) */
  int ref;                                     /* ref_q */
  unsigned ref_id, ref_code;                   /* ref_id_q, ref_code_q */
  int cur_v;                                   /* cur_v_q */
  unsigned cur_p;                              /* cur_p_q */
  uint32_t cur_src, cur_dst, cur_left;         /* cur_src_q, cur_dst_q, cur_left_q */
  int cur_dir, run;                            /* cur_dir_q, run_q */
  uint32_t ck_left;                            /* ck_left_q */
  unsigned rd_hout, rd_dout, cred;             /* rd_hout_q, rd_dout_q, cred_q */
  int wr_v;                                    /* wr_v_q */
  uint32_t wr_dst, wr_left;                    /* wr_dst_q, wr_left_q */
  unsigned wr_dir, wr_id, wr_last;             /* wr_dir_q, wr_id_q, wr_last_q */
  unsigned fin, fin_id, fin_side;              /* fin_q, fin_id_q, fin_side_q */
  unsigned req_v[2], req_w[2];                 /* req_v_q, req_w_q (side HOST 0, DEV 1) */
  uint32_t req_a[2], req_d[2];                 /* req_a_q, req_d_q */
  int cpl_v;                                   /* cpl_v_q */
  unsigned cpl_id, cpl_st;                     /* cpl_id_q, cpl_st_q */
  unsigned ref_cnt, last_err, fl;              /* ref_cnt_q, last_err_q, fl_q */
} kmu_copy_engine_regs;

typedef struct {
  kmu_copy_engine_params p;
  unsigned pw, qw, bw; /* PW, QW, BW */
  kmu_copy_engine_regs q, d;
  /* queue tables qid_q .. qlen_q [NPRIO*QD] and progress pgsrc_q .. pglen_q [NPRIO]: no reset */
  uint32_t *qid, *qdir, *qsrc, *qdst, *qlen;
  uint32_t *pgsrc, *pgdst, *pglen;
  kmu_fifo u_hdata_fifo; /* read data from the host side, BUF beats */
  kmu_fifo u_ddata_fifo; /* read data from the device side, BUF beats */
  kmu_fifo u_desc_fifo; /* chunk descriptors {dst, beats, dir, id, last} */
  /* the tables' write ports of this cycle, applied at tick */
  int q_we, pg_we;
  unsigned q_wa, pg_wa;
  uint32_t q_wid, q_wdir, q_wsrc, q_wdst, q_wlen, pg_wsrc, pg_wdst, pg_wlen;
} kmu_copy_engine;

void kmu_copy_engine_init(kmu_copy_engine *m, const kmu_copy_engine_params *p);
void kmu_copy_engine_free(kmu_copy_engine *m);
void kmu_copy_engine_reset(kmu_copy_engine *m);
/* comb() computes the next state, then its outputs with comb_out() (registers only) */
void kmu_copy_engine_comb(kmu_copy_engine *m, const kmu_copy_engine_in *i,
                          kmu_copy_engine_out *o);
void kmu_copy_engine_comb_out(const kmu_copy_engine *m, kmu_copy_engine_out *o);
void kmu_copy_engine_tick(kmu_copy_engine *m);

#ifdef __cplusplus
}
#endif
#endif
