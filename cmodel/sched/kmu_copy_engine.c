/* kmu_copy_engine.c - C twin of rtl/sched/kmu_copy_engine.v, with the same state names (the
 * regs struct) and the kmu_fifo twin for u_hdata_fifo / u_ddata_fifo / u_desc_fifo.  comb()
 * evaluates the FIFOs twice, valid because a FIFO's outputs depend only on its state: first
 * without a push or pop (their heads and room), then with this cycle's push and pop (the second
 * call replaces the first one's next state).  The tables (queues, progress) have no reset: here they start as
 * zero, in the RTL as garbage; nothing reads an entry before writing it. */
#include "kmu_copy_engine.h"

#include <stdlib.h>

static unsigned clog2u(unsigned n) {
  unsigned w = 0;
  while ((1u << w) < n) w++;
  return w;
}

void kmu_copy_engine_init(kmu_copy_engine *m, const kmu_copy_engine_params *p) {
  m->p = *p;
  m->pw = p->nprio > 1 ? clog2u(p->nprio) : 1;
  m->qw = clog2u(p->qd);
  m->bw = p->lenw - 2;
  const size_t ne = (size_t)1 << (m->pw + m->qw); /* every {p, ptr} index */
  m->qid = calloc(ne, sizeof *m->qid);
  m->qdir = calloc(ne, sizeof *m->qdir);
  m->qsrc = calloc(ne, sizeof *m->qsrc);
  m->qdst = calloc(ne, sizeof *m->qdst);
  m->qlen = calloc(ne, sizeof *m->qlen);
  m->pgsrc = calloc(p->nprio, sizeof *m->pgsrc);
  m->pgdst = calloc(p->nprio, sizeof *m->pgdst);
  m->pglen = calloc(p->nprio, sizeof *m->pglen);
  const kmu_fifo_params pd = {32, p->buf}, pc = {32 + m->bw + 1 + p->idw + 1, p->buf};
  kmu_fifo_init(&m->u_hdata_fifo, &pd);
  kmu_fifo_init(&m->u_ddata_fifo, &pd);
  kmu_fifo_init(&m->u_desc_fifo, &pc);
  kmu_copy_engine_reset(m);
}

void kmu_copy_engine_free(kmu_copy_engine *m) {
  free(m->qid);
  free(m->qdir);
  free(m->qsrc);
  free(m->qdst);
  free(m->qlen);
  free(m->pgsrc);
  free(m->pgdst);
  free(m->pglen);
  kmu_fifo_free(&m->u_hdata_fifo);
  kmu_fifo_free(&m->u_ddata_fifo);
  kmu_fifo_free(&m->u_desc_fifo);
}

void kmu_copy_engine_reset(kmu_copy_engine *m) {
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
  m->q_we = m->pg_we = 0;
  kmu_fifo_reset(&m->u_hdata_fifo);
  kmu_fifo_reset(&m->u_ddata_fifo);
  kmu_fifo_reset(&m->u_desc_fifo);
}

void kmu_copy_engine_comb(kmu_copy_engine *m, const kmu_copy_engine_in *i,
                          kmu_copy_engine_out *o) {
  const kmu_copy_engine_params *p = &m->p;
  const kmu_copy_engine_regs *q = &m->q;
  kmu_copy_engine_regs *d = &m->d;
  const unsigned bw = m->bw, idw = p->idw, qw = m->qw;
  const uint32_t bmask = (uint32_t)kmu_mask(bw);
  kmu_fifo_in hdi, ddi, cfi;
  kmu_fifo_out hdo, ddo, cfo;
  memset(&hdi, 0, sizeof hdi);
  memset(&ddi, 0, sizeof ddi);
  memset(&cfi, 0, sizeof cfi);
  kmu_fifo_comb(&m->u_hdata_fifo, &hdi, &hdo);
  kmu_fifo_comb(&m->u_ddata_fifo, &ddi, &ddo);
  kmu_fifo_comb(&m->u_desc_fifo, &cfi, &cfo);

  /* ---- command check */
  const uint64_t src = i->cmd_src_i & 0xffffffffull, dst = i->cmd_dst_i & 0xffffffffull;
  const uint64_t bytes = i->cmd_bytes_i & kmu_mask(p->lenw);
  const unsigned prio = (unsigned)(i->cmd_prio_i & kmu_mask(m->pw));
  const unsigned cid = (unsigned)(i->cmd_id_i & kmu_mask(idw));
  const uint64_t src_end = src + bytes, dst_end = dst + bytes;
  const int wraps = src_end > (1ull << 32) || dst_end > (1ull << 32);
  unsigned code;
  if (bytes == 0)
    code = KMU_COPY_ST_ZERO;
  else if ((src & 3) || (dst & 3) || (bytes & 3))
    code = KMU_COPY_ST_ALIGN;
  else if (wraps)
    code = KMU_COPY_ST_WRAP;
  else if (prio >= p->nprio)
    code = KMU_COPY_ST_PRIO;
  else if (q->cnt[prio] == p->qd)
    code = KMU_COPY_ST_FULL;
  else
    code = KMU_COPY_ST_OK;
  const int cmd_fire = (i->cmd_valid_i & 1) && !q->ref;
  const int cmd_push = cmd_fire && code == KMU_COPY_ST_OK;
  const int cmd_ref = cmd_fire && code != KMU_COPY_ST_OK;

  /* ---- side ports */
  const unsigned ready[2] = {(unsigned)(i->host_req_ready_i & 1),
                             (unsigned)(i->dev_req_ready_i & 1)};
  const unsigned free_[2] = {!q->req_v[0] || ready[0], !q->req_v[1] || ready[1]};

  /* ---- writer */
  const unsigned wr_side = q->wr_dir ? KMU_CE_HOST : KMU_CE_DEV;
  const int df_valid = q->wr_dir ? (int)ddo.pop_valid_o : (int)hdo.pop_valid_o; /* source side's */
  const uint32_t df_data = (uint32_t)(q->wr_dir ? ddo.pop_data_o : hdo.pop_data_o);
  const int wr_final = q->wr_last && q->wr_left == 1;
  const int wr_want = q->wr_v && df_valid && (!wr_final || q->fin == KMU_CE_FIN_NONE);
  /* a side shared by the writer and the reader: the reader first while it has a credit */
  const unsigned rd_src_side = q->cur_dir ? KMU_CE_DEV : KMU_CE_HOST;
  const int shared = wr_side == rd_src_side;
  const int rd_first = q->run && q->cred < p->buf && free_[rd_src_side];
  const int wr_ld = wr_want && free_[wr_side] && !(shared && rd_first);
  const int wr_end = wr_ld && q->wr_left == 1;
  const int cf_pop = !q->wr_v || wr_end;

  /* ---- reader */
  /* a credit is free, or the writer frees one in this cycle on the other side */
  const int rd_ld = q->run && (q->cred < p->buf || wr_ld) && free_[rd_src_side] &&
                    !(shared && wr_ld);
  const int rd_copy_end = rd_ld && q->cur_left == 1;
  const int rd_chunk_end = rd_ld && q->ck_left == 1;
  /* a response is taken when its side has a read outstanding */
  const int hd_push = (i->host_rsp_valid_i & 1) && q->rd_hout != 0;
  const int dd_push = (i->dev_rsp_valid_i & 1) && q->rd_dout != 0;

  /* boundary: the highest priority with a queued copy */
  int w_v = 0;
  unsigned w_p = 0;
  for (unsigned k = 0; k < p->nprio; k++)
    if (q->cnt[k] != 0) w_v = 1, w_p = k;
  const int w_same = q->cur_v && w_p == q->cur_p;
  const unsigned w_ent = w_p << qw | q->head[w_p];
  const int started = (q->started >> w_p) & 1;
  const unsigned w_dir = m->qdir[w_ent];
  const unsigned w_id = m->qid[w_ent];
  const uint32_t w_src = w_same ? q->cur_src : started ? m->pgsrc[w_p] : m->qsrc[w_ent];
  const uint32_t w_dst = w_same ? q->cur_dst : started ? m->pgdst[w_p] : m->qdst[w_ent];
  const uint32_t w_left = w_same ? q->cur_left : started ? m->pglen[w_p] : m->qlen[w_ent];
  const unsigned cl = (unsigned)(i->chunk_log2_i & 31);
  const unsigned cs = cl < 2 ? 0 : cl - 2;
  const uint32_t ck_full = cs >= bw ? 0 : (1u << cs) & bmask;
  const int ck_whole = cs >= bw || w_left <= ck_full;
  const uint32_t w_beats = ck_whole ? w_left : ck_full;
  const int bnd_go = !q->run && w_v && cfo.push_ready_o;
  const int preempt = bnd_go && q->cur_v && !w_same;

  /* ---- completion port */
  const int cpl_free = !q->cpl_v || (i->cpl_ready_i & 1);
  const int cpl_fin = cpl_free && q->fin == KMU_CE_FIN_DONE;
  const int cpl_ref = cpl_free && q->fin != KMU_CE_FIN_DONE && q->ref;

  /* ---- FIFOs with this cycle's push and pop */
  hdi.push_valid_i = (uint64_t)hd_push;
  hdi.push_data_i = i->host_rsp_rdata_i & 0xffffffffull;
  hdi.pop_ready_i = (uint64_t)(wr_ld && !q->wr_dir);
  ddi.push_valid_i = (uint64_t)dd_push;
  ddi.push_data_i = i->dev_rsp_rdata_i & 0xffffffffull;
  ddi.pop_ready_i = (uint64_t)(wr_ld && q->wr_dir);
  cfi.push_valid_i = (uint64_t)bnd_go;
  cfi.push_data_i = (uint64_t)w_dst << (bw + idw + 2) | (uint64_t)w_beats << (idw + 2) |
                    (uint64_t)w_dir << (idw + 1) | (uint64_t)w_id << 1 | (uint64_t)ck_whole;
  cfi.pop_ready_i = (uint64_t)cf_pop;
  const uint64_t cf_data = cfo.pop_data_o;
  const int cf_valid = (int)cfo.pop_valid_o;
  kmu_fifo_comb(&m->u_hdata_fifo, &hdi, &hdo);
  kmu_fifo_comb(&m->u_ddata_fifo, &ddi, &ddo);
  kmu_fifo_comb(&m->u_desc_fifo, &cfi, &cfo);

  /* ---- tables: write ports */
  m->q_we = cmd_push;
  m->q_wa = prio << qw | q->tail[prio & (KMU_COPY_ENGINE_MAXPRIO - 1)];
  m->q_wid = cid;
  m->q_wdir = (uint32_t)(i->cmd_dir_i & 1);
  m->q_wsrc = (uint32_t)src;
  m->q_wdst = (uint32_t)dst;
  m->q_wlen = (uint32_t)(bytes >> 2) & bmask;
  m->pg_we = preempt;
  m->pg_wa = q->cur_p;
  m->pg_wsrc = q->cur_src;
  m->pg_wdst = q->cur_dst;
  m->pg_wlen = q->cur_left;

  /* ---- registers */
  *d = *q;
  const unsigned qmask = p->qd - 1;
  for (unsigned k = 0; k < p->nprio; k++) {
    const int push_k = cmd_push && prio == k, pop_k = rd_copy_end && q->cur_p == k;
    if (push_k) d->tail[k] = (q->tail[k] + 1) & qmask;
    if (pop_k) d->head[k] = (q->head[k] + 1) & qmask;
    d->cnt[k] = q->cnt[k] + (unsigned)push_k - (unsigned)pop_k;
  }
  if (preempt) d->started |= 1u << q->cur_p;
  if (rd_copy_end) d->started &= ~(1u << q->cur_p);
  if (cmd_ref) {
    d->ref = 1;
    d->ref_id = cid;
    d->ref_code = code;
    d->last_err = code;
    if (q->ref_cnt != 0xffff) d->ref_cnt = q->ref_cnt + 1;
  } else if (cpl_ref) {
    d->ref = 0;
  }
  if (bnd_go) {
    d->cur_v = 1;
    d->cur_p = w_p;
    d->cur_src = w_src;
    d->cur_dst = w_dst + (w_beats << 2);
    d->cur_left = w_left;
    d->cur_dir = (int)w_dir;
    d->run = 1;
    d->ck_left = w_beats;
  } else if (rd_ld) {
    d->cur_src = q->cur_src + 4;
    d->cur_left = (q->cur_left - 1) & bmask;
    d->ck_left = (q->ck_left - 1) & bmask;
    if (rd_chunk_end) d->run = 0;
    if (rd_copy_end) d->cur_v = 0;
  }
  d->rd_hout = q->rd_hout + (unsigned)(rd_ld && !q->cur_dir) - (unsigned)hd_push;
  d->rd_dout = q->rd_dout + (unsigned)(rd_ld && q->cur_dir) - (unsigned)dd_push;
  d->cred = q->cred + (unsigned)rd_ld - (unsigned)wr_ld;
  if (cf_pop && cf_valid) {
    d->wr_v = 1;
    d->wr_last = (unsigned)(cf_data & 1);
    d->wr_id = (unsigned)(cf_data >> 1) & (unsigned)kmu_mask(idw);
    d->wr_dir = (unsigned)(cf_data >> (idw + 1)) & 1;
    d->wr_left = (uint32_t)(cf_data >> (idw + 2)) & bmask;
    d->wr_dst = (uint32_t)(cf_data >> (bw + idw + 2));
  } else if (wr_ld) {
    d->wr_dst = q->wr_dst + 4;
    d->wr_left = (q->wr_left - 1) & bmask;
    if (wr_end) d->wr_v = 0;
  }
  if (wr_ld && wr_final) {
    d->fin = KMU_CE_FIN_FLIGHT;
    d->fin_id = q->wr_id;
    d->fin_side = wr_side;
  } else if (q->fin == KMU_CE_FIN_FLIGHT && q->req_v[q->fin_side] && ready[q->fin_side]) {
    d->fin = KMU_CE_FIN_DONE;
  } else if (cpl_fin) {
    d->fin = KMU_CE_FIN_NONE;
  }
  d->fl = (q->fl + (unsigned)cmd_push - (unsigned)cpl_fin) & 0xff;
  for (unsigned s = 0; s < 2; s++) {
    if (wr_ld && wr_side == s) {
      d->req_v[s] = 1;
      d->req_w[s] = 1;
      d->req_a[s] = q->wr_dst;
      d->req_d[s] = df_data;
    } else if (rd_ld && rd_src_side == s) {
      d->req_v[s] = 1;
      d->req_w[s] = 0;
      d->req_a[s] = q->cur_src;
      d->req_d[s] = 0;
    } else if (ready[s]) {
      d->req_v[s] = 0;
    }
  }
  if (cpl_fin) {
    d->cpl_v = 1;
    d->cpl_id = q->fin_id;
    d->cpl_st = KMU_COPY_ST_OK;
  } else if (cpl_ref) {
    d->cpl_v = 1;
    d->cpl_id = q->ref_id;
    d->cpl_st = q->ref_code;
  } else if (i->cpl_ready_i & 1) {
    d->cpl_v = 0;
  }

  kmu_copy_engine_comb_out(m, o);
}

/* every output: registers only (a system top takes them before the engine's inputs are known) */
void kmu_copy_engine_comb_out(const kmu_copy_engine *m, kmu_copy_engine_out *o) {
  const kmu_copy_engine_regs *q = &m->q;
  o->cmd_ready_o = !q->ref;
  o->cpl_valid_o = (uint64_t)q->cpl_v;
  o->cpl_id_o = q->cpl_id;
  o->cpl_status_o = q->cpl_st;
  o->ref_cnt_o = q->ref_cnt;
  o->last_err_o = q->last_err;
  o->busy_o = q->fl != 0;
  o->host_req_valid_o = q->req_v[KMU_CE_HOST];
  o->host_req_write_o = q->req_w[KMU_CE_HOST];
  o->host_req_addr_o = q->req_a[KMU_CE_HOST];
  o->host_req_wdata_o = q->req_d[KMU_CE_HOST];
  o->dev_req_valid_o = q->req_v[KMU_CE_DEV];
  o->dev_req_write_o = q->req_w[KMU_CE_DEV];
  o->dev_req_addr_o = q->req_a[KMU_CE_DEV];
  o->dev_req_wdata_o = q->req_d[KMU_CE_DEV];
}

void kmu_copy_engine_tick(kmu_copy_engine *m) {
  if (m->q_we) {
    m->qid[m->q_wa] = m->q_wid;
    m->qdir[m->q_wa] = m->q_wdir;
    m->qsrc[m->q_wa] = m->q_wsrc;
    m->qdst[m->q_wa] = m->q_wdst;
    m->qlen[m->q_wa] = m->q_wlen;
  }
  if (m->pg_we) {
    m->pgsrc[m->pg_wa] = m->pg_wsrc;
    m->pgdst[m->pg_wa] = m->pg_wdst;
    m->pglen[m->pg_wa] = m->pg_wlen;
  }
  kmu_fifo_tick(&m->u_hdata_fifo);
  kmu_fifo_tick(&m->u_ddata_fifo);
  kmu_fifo_tick(&m->u_desc_fifo);
  m->q = m->d;
}
