/* kmu_dirty_rf.c - C twin of rtl/preempt/kmu_dirty_rf.v.  Same state names: q.rowv (rowv_q),
 * q.dcnt (dcnt_q), q.pi_valid/pi_warp/pi_reg/pi_old (the pending counter increment),
 * q.scan_wmask/scan_rmask/scan_all, q.srch, q.rrem, q.rdv/rdw/rdok (the row reader), q.row/roww,
 * q.nrow/nroww (the row buffer), q.out_valid/out_warp/out_reg/out_last, q.scan_done, q.rd_bad;
 * the memories rf_mem (read registers rd_rdata_q, scan_rdata_q) and dirty_mem (read registers
 * cnt_rrow_q, scan_rrow_q); instances u_warp_enc (over rrem) and u_reg_enc (over row).  comb()
 * computes the outputs and d from q and the inputs in the RTL's order (range checks, reader,
 * fetch, next state, count); tick() is the rising edge: the read registers load before the
 * write ports write (read-before-write), then q = d. */
#include "kmu_dirty_rf.h"

#include <stdlib.h>
#include <string.h>

#define M5 0x1fu
#define M6 0x3fu

void kmu_dirty_rf_init(kmu_dirty_rf *m, const kmu_dirty_rf_params *p) {
  m->p = *p;
  const kmu_prio_enc_params pw = {p->warps}, pr = {p->rpw};
  kmu_prio_enc_init(&m->u_warp_enc, &pw);
  kmu_prio_enc_init(&m->u_reg_enc, &pr);
  m->rf_mem = calloc((size_t)p->warps * p->rpw, sizeof *m->rf_mem);
  memset(m->dirty_mem, 0, sizeof m->dirty_mem);
  kmu_dirty_rf_reset(m);
}

void kmu_dirty_rf_free(kmu_dirty_rf *m) {
  kmu_prio_enc_free(&m->u_warp_enc);
  kmu_prio_enc_free(&m->u_reg_enc);
  free(m->rf_mem);
  m->rf_mem = NULL;
}

void kmu_dirty_rf_reset(kmu_dirty_rf *m) {
  /* the memories and their read registers have no reset */
  memset(&m->q, 0, sizeof m->q);
  m->q.rd_bad = 1; /* no read yet: rd_data_o = 0, not the read register's power-up value */
  m->d = m->q;
  m->mem_we = m->mem_rd_re = m->mem_scan_re = 0;
  m->dm_we = m->dm_cnt_re = m->dm_scan_re = 0;
  kmu_prio_enc_reset(&m->u_warp_enc);
  kmu_prio_enc_reset(&m->u_reg_enc);
}

/* Phase 1, from the state alone: the registered outputs (read data, scan output stage). */
void kmu_dirty_rf_comb_out(const kmu_dirty_rf *m, kmu_dirty_rf_out *o) {
  const kmu_dirty_rf_regs *q = &m->q;
  o->rd_data_o = q->rd_bad ? 0 : m->rd_rdata_q;
  o->scan_valid_o = q->out_valid;
  o->scan_warp_o = q->out_warp;
  o->scan_reg_o = q->out_reg;
  o->scan_data_o = m->scan_rdata_q;
  o->scan_last_o = q->out_last;
  o->scan_busy_o = (uint64_t)(q->srch || q->out_valid);
  o->scan_done_o = q->scan_done;
}

/* Phase 2, from scan_wmask_i alone: the dirty count of the mask. */
void kmu_dirty_rf_comb_cnt(const kmu_dirty_rf *m, const kmu_dirty_rf_in *i, kmu_dirty_rf_out *o) {
  const uint64_t wmask_in = i->scan_wmask_i & kmu_mask(m->p.warps);
  unsigned cnt = 0;
  for (uint64_t v = wmask_in; v; v &= v - 1) cnt += m->q.dcnt[__builtin_ctzll(v)];
  o->dirty_cnt_o = cnt & 0xfffu;
}

/* Phase 3, from every input: range checks, the row reader, the fetch, the next state, the
 * memory ports. */
void kmu_dirty_rf_comb_next(kmu_dirty_rf *m, const kmu_dirty_rf_in *i, kmu_dirty_rf_out *o) {
  const kmu_dirty_rf_regs *q = &m->q;
  kmu_dirty_rf_regs *d = &m->d;
  const unsigned nw = m->p.warps, nr = m->p.rpw;
  const uint32_t rones = (uint32_t)kmu_mask(nr);
  /* inputs at their port widths */
  const int wr_valid = (int)(i->wr_valid_i & 1), rd_valid = (int)(i->rd_valid_i & 1);
  const unsigned wr_w = (unsigned)(i->wr_warp_i & M6), wr_r = (unsigned)(i->wr_reg_i & M5);
  const uint64_t wr_data = i->wr_data_i & kmu_mask(m->p.dw);
  const unsigned rd_w_in = (unsigned)(i->rd_warp_i & M6), rd_r_in = (unsigned)(i->rd_reg_i & M5);
  const int exit_valid = (int)(i->exit_valid_i & 1);
  const unsigned ex_w = (unsigned)(i->exit_warp_i & M6);
  const int scan_start = (int)(i->scan_start_i & 1), scan_all = (int)(i->scan_all_i & 1);
  const uint64_t wmask_in = i->scan_wmask_i & kmu_mask(nw);
  const unsigned rpw_in = (unsigned)(i->scan_rpw_i & M6);
  const int scan_ready = (int)(i->scan_ready_i & 1);

  /* range checks, busy */
  const int busy = q->srch || q->out_valid;
  const int wr_win = wr_w < nw, wr_rin = wr_r < nr;
  const int rd_win = rd_w_in < nw, rd_rin = rd_r_in < nr, ex_win = ex_w < nw;
  const int wr_scan = wr_win && busy && ((q->scan_wmask >> wr_w) & 1);
  const int ex_scan = ex_win && busy && ((q->scan_wmask >> ex_w) & 1);
  const int wr_rowv = wr_win && ((q->rowv >> wr_w) & 1);
  const int wr_ok = wr_valid && wr_win && wr_rin;
  o->err_wr_o = wr_valid && (!(wr_win && wr_rin) || wr_scan);
  const int rd_ok = rd_valid && rd_win && rd_rin;
  o->err_rd_o = rd_valid && !(rd_win && rd_rin);
  const int exit_ok = exit_valid && ex_win && !ex_scan;
  o->err_exit_o = exit_valid && !exit_ok;
  const int rpw_ok = rpw_in != 0 && rpw_in <= nr;
  const int start_ok = scan_start && !busy && rpw_ok;
  o->err_scan_o = scan_start && !start_ok;

  /* row reader: the arriving row's candidates (an invalid row is clean) */
  const uint32_t arr =
      (q->rdv ? (q->scan_all ? rones : (q->rdok ? m->scan_rrow_q : 0)) : 0) & q->scan_rmask;
  const int arr_any = arr != 0, row_any = q->row != 0, nrow_any = q->nrow != 0;
  const int room = row_any + nrow_any + arr_any < 2;
  kmu_prio_enc_in ewi = {q->rrem};
  kmu_prio_enc_out ewo;
  kmu_prio_enc_comb(&m->u_warp_enc, &ewi, &ewo);
  const unsigned rd_w = (unsigned)ewo.idx_o;
  const int rrem_any = (int)ewo.valid_o;
  const int rd_issue = q->srch && rrem_any && room;

  /* fetch from row */
  kmu_prio_enc_in eri = {q->row};
  kmu_prio_enc_out ero;
  kmu_prio_enc_comb(&m->u_reg_enc, &eri, &ero);
  const unsigned sel_r = (unsigned)ero.idx_o;
  const uint32_t row_rest = q->row & (q->row - 1);
  const int more_regs = row_rest != 0;
  const int later = nrow_any || arr_any;
  const int fetch_ok = row_any && (more_regs || later || !rrem_any);
  const int fetch_last = !more_regs && !later && !rrem_any;
  const int hs = q->out_valid && scan_ready;
  /* a write (a bad input: a warp of the running scan) to the word the fetch reads holds the
   * fetch for the cycle: it reads the new data a cycle later (the RTL's scan_rf_mem copy has no
   * read-during-write result) */
  const int fetch_hit = wr_ok && wr_w == q->roww && wr_r == sel_r;
  const int fetch = fetch_ok && (!q->out_valid || scan_ready) && !fetch_hit;

  /* dirty rows: the written warp's row cleared in this cycle; the pending write's old bit */
  const int wr_clr = (exit_ok && ex_w == wr_w) || (rd_issue && rd_w == wr_w);
  const uint32_t dm_wdata = wr_r < 32 ? (1u << wr_r) & rones : 0;
  const uint32_t dm_be = (!wr_rowv || wr_clr) ? rones : dm_wdata;
  const int pi_was = (int)((m->cnt_rrow_q >> q->pi_reg) & 1);
  const int pi_inc = q->pi_valid && !(q->pi_old && pi_was);

  /* next state */
  KMU_D_FROM_Q(m); /* *d = *q */
  d->rd_bad = rd_valid ? !rd_ok : q->rd_bad;
  d->pi_valid = (unsigned)wr_ok;
  d->pi_warp = wr_w;
  d->pi_reg = wr_r;
  d->pi_old = (unsigned)(wr_rowv && !wr_clr);
  d->rdv = (unsigned)rd_issue;
  d->rdw = rd_w;
  d->rdok = rd_issue ? (unsigned)((q->rowv >> rd_w) & 1) : 0;
  for (unsigned w = 0; w < nw; w++) {
    const int clr = (exit_ok && ex_w == w) || (rd_issue && rd_w == w);
    if (clr) {
      d->rowv &= ~(1ull << w);
      d->dcnt[w] = 0;
    } else if (pi_inc && q->pi_warp == w) {
      d->dcnt[w] = q->dcnt[w] + 1;
    }
    if (wr_ok && wr_w == w) d->rowv |= 1ull << w;
  }
  if (rd_issue) d->rrem &= ~(1ull << rd_w);

  /* row buffer */
  if (fetch) d->row = row_rest;
  if (d->row == 0) {
    if (nrow_any) {
      d->row = q->nrow;
      d->roww = q->nroww;
      d->nrow = arr;
      d->nroww = q->rdw;
    } else {
      d->row = arr;
      d->roww = q->rdw;
    }
  } else if (!nrow_any) {
    d->nrow = arr;
    d->nroww = q->rdw;
  }

  /* output stage */
  if (fetch) {
    d->out_valid = 1;
    d->out_warp = q->roww;
    d->out_reg = sel_r;
    d->out_last = (unsigned)fetch_last;
    if (fetch_last) d->srch = 0;
  } else if (hs) {
    d->out_valid = 0;
  }
  if (q->srch && !row_any && !nrow_any && !arr_any && !rrem_any) d->srch = 0;

  /* start */
  if (start_ok) {
    d->srch = 1;
    d->rrem = wmask_in;
    d->scan_wmask = wmask_in;
    d->scan_rmask = (uint32_t)kmu_mask(rpw_in < nr ? rpw_in : nr);
    d->scan_all = (unsigned)scan_all;
  }
  d->scan_done = (unsigned)(busy && !(d->srch || d->out_valid));

  /* memory ports (applied at the edge) */
  m->mem_we = wr_ok;
  m->mem_waddr = wr_w * nr + wr_r;
  m->mem_wdata = wr_data;
  m->mem_rd_re = rd_ok;
  m->mem_rd_addr = rd_w_in * nr + rd_r_in;
  m->mem_scan_re = fetch;
  m->mem_scan_addr = q->roww * nr + sel_r;
  m->dm_we = wr_ok;
  m->dm_cnt_re = wr_ok;
  m->dm_waddr = wr_w;
  m->dm_be = dm_be;
  m->dm_wdata = dm_wdata;
  m->dm_scan_re = rd_issue;
  m->dm_scan_addr = rd_w;
}

void kmu_dirty_rf_comb(kmu_dirty_rf *m, const kmu_dirty_rf_in *i, kmu_dirty_rf_out *o) {
  kmu_dirty_rf_comb_out(m, o);
  kmu_dirty_rf_comb_cnt(m, i, o);
  kmu_dirty_rf_comb_next(m, i, o);
}

void kmu_dirty_rf_tick(kmu_dirty_rf *m) {
  /* read-before-write: every read register loads the old word (the scan's read never meets a
   * write of its word: fetch_hit; the RTL's dirty rows are written a cycle late and forwarded,
   * which gives the same rows as this bit-enable write at the edge) */
  if (m->mem_scan_re) m->scan_rdata_q = m->rf_mem[m->mem_scan_addr];
  if (m->mem_rd_re) m->rd_rdata_q = m->rf_mem[m->mem_rd_addr];
  if (m->mem_we) m->rf_mem[m->mem_waddr] = m->mem_wdata;
  if (m->dm_scan_re) m->scan_rrow_q = m->dirty_mem[m->dm_scan_addr];
  if (m->dm_cnt_re) m->cnt_rrow_q = m->dirty_mem[m->dm_waddr];
  if (m->dm_we)
    m->dirty_mem[m->dm_waddr] = (m->dirty_mem[m->dm_waddr] & ~m->dm_be) | (m->dm_wdata & m->dm_be);
  kmu_prio_enc_tick(&m->u_warp_enc);
  kmu_prio_enc_tick(&m->u_reg_enc);
  KMU_Q_FROM_D(m);
}
