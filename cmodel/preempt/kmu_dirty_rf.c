/* kmu_dirty_rf.c - C twin of rtl/preempt/kmu_dirty_rf.v.  Same state names: q.dirty (dirty_q, one
 * RPW-bit row per warp), q.dcnt (dcnt_q), q.scan_wmask/scan_rmask/scan_all, q.srch, q.cur_w,
 * q.cur_r, q.out_valid/out_warp/out_reg/out_last/out_stale, q.scan_done, q.rd_bad; the memory
 * rf_mem with its read registers rd_rdata_q and scan_rdata_q; instances u_warp_enc (over the
 * warps with a candidate) and u_reg_enc (over the chosen warp's candidates).  comb() computes
 * the outputs and d from q and the inputs in the RTL's order (range checks, search, next state,
 * count); tick() is the rising edge: the read registers load before the write port writes
 * (read-before-write), then q = d. */
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
  kmu_dirty_rf_reset(m);
}

void kmu_dirty_rf_free(kmu_dirty_rf *m) {
  kmu_prio_enc_free(&m->u_warp_enc);
  kmu_prio_enc_free(&m->u_reg_enc);
  free(m->rf_mem);
  m->rf_mem = NULL;
}

void kmu_dirty_rf_reset(kmu_dirty_rf *m) {
  /* the memory and its read registers have no reset */
  memset(&m->q, 0, sizeof m->q);
  m->q.rd_bad = 1; /* no read yet: rd_data_o = 0, not the read register's power-up value */
  m->d = m->q;
  m->mem_we = m->mem_rd_re = m->mem_scan_re = 0;
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

/* Phase 3, from every input: range checks, the scan search, the next state, the memory
 * ports. */
void kmu_dirty_rf_comb_next(kmu_dirty_rf *m, const kmu_dirty_rf_in *i, kmu_dirty_rf_out *o) {
  const kmu_dirty_rf_regs *q = &m->q;
  kmu_dirty_rf_regs *d = &m->d;
  const unsigned nw = m->p.warps, nr = m->p.rpw;
  const uint32_t rones = (uint32_t)kmu_mask(nr);
  /* inputs at their port widths */
  const int wr_valid = (int)(i->wr_valid_i & 1), rd_valid = (int)(i->rd_valid_i & 1);
  const unsigned wr_w = (unsigned)(i->wr_warp_i & M6), wr_r = (unsigned)(i->wr_reg_i & M5);
  const uint64_t wr_data = i->wr_data_i & kmu_mask(m->p.dw);
  const unsigned rd_w = (unsigned)(i->rd_warp_i & M6), rd_r = (unsigned)(i->rd_reg_i & M5);
  const int exit_valid = (int)(i->exit_valid_i & 1);
  const unsigned ex_w = (unsigned)(i->exit_warp_i & M6);
  const int scan_start = (int)(i->scan_start_i & 1), scan_all = (int)(i->scan_all_i & 1);
  const uint64_t wmask_in = i->scan_wmask_i & kmu_mask(nw);
  const unsigned rpw_in = (unsigned)(i->scan_rpw_i & M6);
  const int scan_ready = (int)(i->scan_ready_i & 1);

  /* range checks, busy */
  const int busy = q->srch || q->out_valid;
  const int wr_win = wr_w < nw, wr_rin = wr_r < nr;
  const int rd_win = rd_w < nw, rd_rin = rd_r < nr, ex_win = ex_w < nw;
  const int wr_scan = wr_win && busy && ((q->scan_wmask >> wr_w) & 1);
  const int ex_scan = ex_win && busy && ((q->scan_wmask >> ex_w) & 1);
  const int wr_ok = wr_valid && wr_win && wr_rin;
  o->err_wr_o = wr_valid && (!(wr_win && wr_rin) || wr_scan);
  const int rd_ok = rd_valid && rd_win && rd_rin;
  o->err_rd_o = rd_valid && !(rd_win && rd_rin);
  const int exit_ok = exit_valid && ex_win && !ex_scan;
  o->err_exit_o = exit_valid && !exit_ok;
  const int rpw_ok = rpw_in != 0 && rpw_in <= nr;
  const int start_ok = scan_start && !busy && rpw_ok;
  o->err_scan_o = scan_start && !start_ok;

  /* search (nothing is searched, and no register chosen, while srch is clear: the loop over
   * the warps runs only during a scan) */
  const uint32_t ge_mask = rones & ~(uint32_t)kmu_mask(q->cur_r); /* registers >= cur_r */
  uint32_t wbits[KMU_DIRTY_RF_MAX_WARPS];
  uint64_t warp_any = 0;
  for (unsigned w = 0; w < nw && q->srch; w++) {
    wbits[w] = (q->scan_all ? rones : q->dirty[w]) & q->scan_rmask &
               (w == q->cur_w ? ge_mask : rones);
    if (((q->scan_wmask >> w) & 1) && w >= q->cur_w && wbits[w] != 0) warp_any |= 1ull << w;
  }
  kmu_prio_enc_in ewi = {warp_any};
  kmu_prio_enc_out ewo;
  kmu_prio_enc_comb(&m->u_warp_enc, &ewi, &ewo);
  const unsigned sel_w = (unsigned)ewo.idx_o;
  const int sel_any = (int)ewo.valid_o;
  const uint32_t sel_bits = sel_any ? wbits[sel_w] : 0;
  kmu_prio_enc_in eri = {sel_bits};
  kmu_prio_enc_out ero;
  kmu_prio_enc_comb(&m->u_reg_enc, &eri, &ero);
  const unsigned sel_r = (unsigned)ero.idx_o;
  const int more_regs = (sel_bits & (sel_bits - 1)) != 0;
  const int more_warps = (warp_any & (warp_any - 1)) != 0;
  const int fetch_last = !more_regs && !more_warps;

  const int hs = q->out_valid && scan_ready;
  const int fetch = sel_any && (!q->out_valid || scan_ready);
  const int wr_hits_fetch = wr_ok && wr_w == sel_w && wr_r == sel_r;
  const int wr_hits_out = wr_ok && wr_w == q->out_warp && wr_r == q->out_reg;
  const int hs_clear = hs && !q->out_stale;

  /* next state */
  KMU_D_FROM_Q(m); /* *d = *q */
  d->rd_bad = rd_valid ? !rd_ok : q->rd_bad;
  for (unsigned w = 0; w < nw; w++) {
    const int wr_here = wr_ok && wr_w == w, hs_here = hs_clear && q->out_warp == w;
    const int inc = wr_here && !((q->dirty[w] >> wr_r) & 1);
    const int dec =
        hs_here && ((q->dirty[w] >> q->out_reg) & 1) && !(wr_here && wr_r == q->out_reg);
    const int ex_here = exit_ok && ex_w == w;
    if (hs_here) d->dirty[w] &= ~(1u << q->out_reg);
    if (ex_here) d->dirty[w] = 0;
    if (wr_here) d->dirty[w] |= 1u << wr_r;
    if (ex_here) {
      d->dcnt[w] = wr_here ? 1 : 0;
    } else if (inc && !dec) {
      d->dcnt[w] = q->dcnt[w] + 1;
    } else if (dec && !inc) {
      d->dcnt[w] = q->dcnt[w] - 1;
    }
  }

  /* output stage */
  if (fetch) {
    d->out_valid = 1;
    d->out_warp = sel_w;
    d->out_reg = sel_r;
    d->out_last = (unsigned)fetch_last;
    d->out_stale = (unsigned)wr_hits_fetch;
    d->cur_w = sel_w;
    d->cur_r = sel_r + 1;
    if (fetch_last) d->srch = 0;
  } else {
    if (hs) d->out_valid = 0;
    if (wr_hits_out) d->out_stale = 1;
    if (q->srch && !sel_any) d->srch = 0;
  }

  /* start */
  if (start_ok) {
    d->srch = 1;
    d->cur_w = 0;
    d->cur_r = 0;
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
  m->mem_rd_addr = rd_w * nr + rd_r;
  m->mem_scan_re = fetch;
  m->mem_scan_addr = sel_w * nr + sel_r;

}

void kmu_dirty_rf_comb(kmu_dirty_rf *m, const kmu_dirty_rf_in *i, kmu_dirty_rf_out *o) {
  kmu_dirty_rf_comb_out(m, o);
  kmu_dirty_rf_comb_cnt(m, i, o);
  kmu_dirty_rf_comb_next(m, i, o);
}

void kmu_dirty_rf_tick(kmu_dirty_rf *m) {
  /* read-before-write: both read registers load the old word */
  if (m->mem_scan_re) m->scan_rdata_q = m->rf_mem[m->mem_scan_addr];
  if (m->mem_rd_re) m->rd_rdata_q = m->rf_mem[m->mem_rd_addr];
  if (m->mem_we) m->rf_mem[m->mem_waddr] = m->mem_wdata;
  kmu_prio_enc_tick(&m->u_warp_enc);
  kmu_prio_enc_tick(&m->u_reg_enc);
  KMU_Q_FROM_D(m);
}
