/* kmu_sm_ctrl.c - C twin of rtl/sm/kmu_sm_ctrl.v, built from the kmu_prio_enc and kmu_fifo
 * twins.  Same state names: q.res_valid (res_valid_q), q.res_started, q.res_ewarp, q.res_*[e],
 * q.wst_busy, q.wst_owner[w], q.free_tb/free_warps/free_regs/free_shmem; the start queue
 * q.sq_* and the payload RAM q.pay_mem[row] with its rows q.res_row[e] / q.ptb_row[p] and
 * q.pay_rd, q.pay_wd, q.pay_byp (issue 15: the RTL's block RAM, read one cycle ahead at the
 * start queue's next head), the EWT q.ewt_* with its RAM q.ewt_mem[row], its ring of rows
 * q.ewt_ix[position] and its read-ahead q.ewt_rd / q.ewt_wd / q.ewt_byp (issue 15: read one
 * cycle ahead at the EWT's next head); instances u_rtb_enc, u_done_fifo.  comb() evaluates the instances in a fixed
 * order that is valid because a FIFO's outputs depend only on its state: (1) the encoder and
 * every FIFO's outputs (kmu_fifo_comb_out) give the free entry, the heads, ready bits and
 * counts; (2) fit, the EWT launch, the allocation and the done lookup; (3) every FIFO's comb
 * with this cycle's pushes and pops (its next state).  tick() is the
 * rising edge of the module and of every instance.  Preemption state: q.res_ckpt/res_sw/
 * res_base/res_rst, q.res_ptb[e], q.res_rpw[e], the preempted table q.ptb_*, q.ip_free and the
 * sequencer q.seq_* (instances u_save_enc, u_ptb_free_enc, u_ptb_pre_enc, u_ptb_wk_enc).
 * comb() is two phases, comb_fit (the fit answers and every registered output) then
 * comb_next, which the SM top calls apart (kmu_sm.c); nets between them are in m->c.  The registers per warp of a TB
 * start: a shift for 1, 2, 4, 8, 16 or 32 warps, else the serial engine q.div_* (div_*_q:
 * restoring division, one quotient bit per cycle; see the RTL header). */
#include "kmu_sm_ctrl.h"

#include <stddef.h>
#include <string.h>

#define M6 0x3fu
#define M8 0xffu
#define M17 0x1ffffu
#define M18 0x3ffffu

void kmu_sm_ctrl_init(kmu_sm_ctrl *m, const kmu_sm_ctrl_params *p) {
  m->p = *p;
  m->rtb_w = 1;
  while ((1u << m->rtb_w) < p->tbs) m->rtb_w++;
  m->ptb_w = 1;
  while ((1u << m->ptb_w) < p->ptbs) m->ptb_w++;
  m->area_lg = 0;
  while (m->area_lg < 31 && (1u << m->area_lg) < p->area_bytes) m->area_lg++;
  const kmu_prio_enc_params pe = {p->tbs}, pp = {p->ptbs};
  const kmu_fifo_params pd = {8, p->tbs};
  kmu_prio_enc_init(&m->u_rtb_enc, &pe);
  kmu_prio_enc_init(&m->u_save_enc, &pe);
  kmu_prio_enc_init(&m->u_ptb_free_enc, &pp);
  kmu_prio_enc_init(&m->u_ptb_pre_enc, &pp);
  kmu_prio_enc_init(&m->u_ptb_wk_enc, &pp);
  kmu_prio_enc_init(&m->u_drp_ev_enc, &pe);
  kmu_prio_enc_init(&m->u_drp_ptb_enc, &pp);
  kmu_fifo_init(&m->u_done_fifo, &pd);
  memset(&m->q, 0, sizeof m->q); /* power-up: the registers without a reset hold 0 here */
  kmu_sm_ctrl_reset(m);
}

void kmu_sm_ctrl_free(kmu_sm_ctrl *m) {
  kmu_prio_enc_free(&m->u_rtb_enc);
  kmu_prio_enc_free(&m->u_save_enc);
  kmu_prio_enc_free(&m->u_ptb_free_enc);
  kmu_prio_enc_free(&m->u_ptb_pre_enc);
  kmu_prio_enc_free(&m->u_ptb_wk_enc);
  kmu_prio_enc_free(&m->u_drp_ev_enc);
  kmu_prio_enc_free(&m->u_drp_ptb_enc);
  kmu_fifo_free(&m->u_done_fifo);
}

/* The tables (from res_slot on; but the payload rows), the rpw engine's data and the payload
 * RAM's read and bypass words have no reset in the RTL (only the valid bits): they keep what
 * they held. */
void kmu_sm_ctrl_reset(kmu_sm_ctrl *m) {
  const kmu_sm_ctrl_regs keep = m->q;
  memset(&m->q, 0, offsetof(kmu_sm_ctrl_regs, res_slot));
  m->q.div_sat = keep.div_sat, m->q.div_rtb = keep.div_rtb, m->q.div_rem = keep.div_rem;
  m->q.div_dvs = keep.div_dvs, m->q.div_quo = keep.div_quo, m->q.div_k = keep.div_k;
  memcpy(m->q.pay_rd, keep.pay_rd, sizeof keep.pay_rd);
  memcpy(m->q.pay_wd, keep.pay_wd, sizeof keep.pay_wd);
  memcpy(m->q.ewt_rd, keep.ewt_rd, sizeof keep.ewt_rd);
  memcpy(m->q.ewt_wd, keep.ewt_wd, sizeof keep.ewt_wd);
  /* the payload rows are reset (a permutation): entry e owns row e, table entry p TBS + p;
   * likewise the EWT ring: position p holds row p */
  for (unsigned e = 0; e < m->p.tbs; e++) m->q.res_row[e] = e;
  for (unsigned p = 0; p < m->p.ptbs; p++) m->q.ptb_row[p] = m->p.tbs + p;
  for (unsigned p = 0; p < m->p.ewt; p++) m->q.ewt_ix[p] = p;
  m->q.free_tb = m->p.tbs & M8;
  m->q.free_warps = m->p.warps & M8;
  m->q.free_regs = m->p.regs & M18;
  m->q.free_shmem = m->p.shmem & M18;
  m->q.ip_free = m->p.ipb;
  m->d = m->q;
  kmu_prio_enc_reset(&m->u_rtb_enc);
  kmu_prio_enc_reset(&m->u_save_enc);
  kmu_prio_enc_reset(&m->u_ptb_free_enc);
  kmu_prio_enc_reset(&m->u_ptb_pre_enc);
  kmu_prio_enc_reset(&m->u_ptb_wk_enc);
  kmu_prio_enc_reset(&m->u_drp_ev_enc);
  kmu_prio_enc_reset(&m->u_drp_ptb_enc);
  kmu_fifo_reset(&m->u_done_fifo);
}


/* Phase 1, from the state, the dispatcher's need (need_*), hold_i, simt_done_rtb_i and
 * ctx_base_i: the fit answers and every registered output (SIMT start offer, done report,
 * sequencer commands, eligibility, the event-warp request's data).  A system top calls it
 * before the dispatcher picks an SM (kmu_gpu.c); nets for phase 2 are in m->c. */
void kmu_sm_ctrl_comb_fit(kmu_sm_ctrl *m, const kmu_sm_ctrl_in *i, kmu_sm_ctrl_out *o) {
  const kmu_sm_ctrl_regs *q = &m->q;
  kmu_sm_ctrl_nets *c = &m->c;
  const unsigned nt = m->p.tbs, nw = m->p.warps;
  const uint64_t rtbm = kmu_mask(m->rtb_w), tbm = kmu_mask(nt), ptbm = kmu_mask(m->p.ptbs);
  /* inputs at their port widths */
  const unsigned need_warps = (unsigned)(i->need_warps_i & M6);
  const unsigned need_regs = (unsigned)(i->need_regs_i & M18);
  const unsigned need_shmem = (unsigned)(i->need_shmem_i & M17);
  const int need_ewarp = (int)(i->need_ewarp_i & 1);
  const unsigned done_rtb = (unsigned)(i->simt_done_rtb_i & rtbm);
  const uint32_t ctx_base = (uint32_t)i->ctx_base_i;
  const int hold = (int)(i->hold_i & 1);

  /* the save/restore sequencer */
  const unsigned st = q->seq_st, sr = q->seq_rtb, sp = q->seq_ptb;
  const int seq_busy = st != SEQ_IDLE;
  const int seq_save = st == SEQ_PAUSE || st == SEQ_SCMD || st == SEQ_SWAIT || st == SEQ_EVICT;
  const int seq_rst = st == SEQ_RCMD || st == SEQ_RWAIT;
  const uint64_t sr_bit = 1ull << sr;
  const uint64_t busy_w = q->wst_busy & kmu_mask(nw); /* warp slots in use */
  uint64_t seq_wmask = 0;
  for (uint64_t v = busy_w; v; v &= v - 1)
    if (q->wst_owner[__builtin_ctzll(v)] == sr) seq_wmask |= v & -v;

  /* (1) lowest free resident entry, free / preempted table entries; FIFO heads */
  kmu_prio_enc_in ei = {~q->res_valid & tbm};
  kmu_prio_enc_out eo;
  kmu_prio_enc_comb(&m->u_rtb_enc, &ei, &eo);
  const unsigned rtb_idx = (unsigned)eo.idx_o;
  const int rtb_any = (int)eo.valid_o;
  const int tb_room = q->free_tb != 0 && rtb_any;
  /* a yielded TB waits for its wake-up */
  kmu_prio_enc_in fi = {~q->ptb_valid & ptbm}, pi_ = {q->ptb_pre & ~q->ptb_yld & ptbm};
  /* woken yields (a subset of the above) */
  kmu_prio_enc_in wi_ = {q->ptb_pre & q->ptb_wk & ptbm};
  kmu_prio_enc_out fo, po, wo;
  kmu_prio_enc_comb(&m->u_ptb_free_enc, &fi, &fo);
  kmu_prio_enc_comb(&m->u_ptb_pre_enc, &pi_, &po);
  kmu_prio_enc_comb(&m->u_ptb_wk_enc, &wi_, &wo);
  const int wk_any = (int)wo.valid_o;
  /* the restore candidate: a woken TB before any victim (issue 13) */
  const unsigned ptb_free_idx = (unsigned)fo.idx_o;
  const unsigned rc = wk_any ? (unsigned)wo.idx_o : (unsigned)po.idx_o;
  const int ptb_free_any = (int)fo.valid_o, rc_any = (int)po.valid_o;

  kmu_fifo_out dout;
  kmu_fifo_comb_out(&m->u_done_fifo, &dout);

  /* (2) event-warp table: the head's word read ahead (or the word written in the last cycle),
   * [0] {kptr, param} and [1] {slot, tb, regs} */
  const uint64_t *ewt_hd = q->ewt_byp ? q->ewt_wd : q->ewt_rd;
  const int ewt_pend = q->ewt_cnt != 0;
  const int ewt_room = q->ewt_cnt != m->p.ewt;
  const unsigned ewt_regs = (unsigned)((ewt_hd[1] >> EI_REGS) & M18);
  const uint32_t ewt_tb = (uint32_t)(ewt_hd[1] >> EI_TB);
  const unsigned ewt_slot = (unsigned)((ewt_hd[1] >> EI_SLOT) & M8);
  const uint32_t ewt_kptr = (uint32_t)(ewt_hd[0] >> EK_KPTR),
                 ewt_param = (uint32_t)(ewt_hd[0] >> EK_PARAM);

  /* restore pending: a woken TB waits (whatever the hold: it is no victim), a preempted TB
   * waits and no hold, or a restore runs */
  const int rst_wait = wk_any || (rc_any && !hold);
  const int rst_pend = rst_wait || seq_rst;

  /* drop engine: no allocation, SIMT offer, EWT push or pop but its own while it runs; the
   * entries of the tag; the started TBs of it outside the sequencer are paused */
  const int drp = q->drp_st != DRP_IDLE, drp_run = q->drp_st == DRP_RUN;
  uint64_t drp_tagm = 0;
  if (drp)
    for (uint64_t v = q->res_valid & tbm; v; v &= v - 1)
      if (q->res_slot[__builtin_ctzll(v)] == q->drp_tag) drp_tagm |= v & -v;
  /* a yield in flight of the tag is left to its yield (kmu_sm_ctrl.v: drp_yldm) */
  const uint64_t drp_pause = drp_tagm & q->res_started & ~q->res_ewarp & ~q->res_yld &
                             ~(seq_busy ? sr_bit : 0);
  const int drp_ev_fire = q->drp_ev && st != SEQ_EVICT;

  /* fit (the rpw engine takes the next TB start in its last step) */
  const int div_last = q->div_busy && q->div_k == 0;
  const int tb_gate = tb_room && !ewt_pend && !rst_pend && !drp && (!q->div_busy || div_last);
  o->fit_o = tb_gate && need_warps != 0 && need_warps <= q->free_warps &&
             need_regs <= q->free_regs && need_shmem <= q->free_shmem;
  o->ewt_fit_o = need_ewarp && ewt_room && !drp && need_regs <= m->p.regs;

  /* warp-level preemption: the head asks for a victim when a resident entry is free but no
   * warp slot or not its registers (the controller's reserve rule compares per-thread counts) */
  const unsigned ewt_rpt = (ewt_regs + 31) >> 5;
  const unsigned wp_free = q->free_regs >> 5 > 255 ? 255 : q->free_regs >> 5;
  o->wp_ev_regs_o = ewt_rpt & M8;
  o->wp_free_regs_o = wp_free;
  o->wp_ev_pc_o = ewt_kptr;
  o->wp_ev_id_o = rtb_idx;
  o->wp_ev_param_o = ewt_param;
  o->wp_ev_tb_o = ewt_tb;
  o->wp_ev_slot_o = ewt_slot;

  /* decisions: eligible = resident, started, not an event warp, no switch pending, not in the
   * sequencer; every other named bit is ignored and raises err_dec_o */
  /* (and 1..RPW warp registers per slot: a larger context cannot be saved, and the context
   * engine and the register file refuse one of 0 (NREGS = 0, which software can launch); such
   * a TB drains) */
  uint64_t rpw_ok = 0; /* of the resident entries (elig is of those alone) */
  for (uint64_t v = q->res_valid & tbm; v; v &= v - 1)
    if (q->res_rpw[__builtin_ctzll(v)] != 0 && q->res_rpw[__builtin_ctzll(v)] <= m->p.rpw)
      rpw_ok |= v & -v;
  const uint64_t elig = q->res_valid & q->res_started & ~q->res_ewarp & ~q->res_sw & rpw_ok &
                        ~(seq_busy ? sr_bit : 0) & ~drp_tagm & ~q->res_yld & tbm;
  /* GPUpIO yield acceptance (the RTL's comment): eligible, no base checkpoint pending, a table
   * entry (its base's or the lowest free one, reserved now), no pick allocating one now */
  const unsigned y_rtb = (unsigned)(i->yld_rtb_i & rtbm);
  const int y_base = (int)((q->res_base >> y_rtb) & 1);
  const unsigned y_bptb = y_rtb < nt ? q->res_ptb[y_rtb] : 0;
  const int y_pick = st == SEQ_IDLE && ((q->res_ckpt | q->res_sw) & tbm) != 0;
  const int y_acc = (int)(i->yld_valid_i & 1) && ((elig >> y_rtb) & 1) &&
                    !((q->res_ckpt >> y_rtb) & 1) && (y_base || ptb_free_any) && !y_pick;
  const unsigned wk_ptb = (unsigned)(i->wk_ptb_i & kmu_mask(m->ptb_w));
  const int wk_hit = wk_ptb < m->p.ptbs && ((q->ptb_valid & q->ptb_pre & q->ptb_yld) >> wk_ptb & 1);
  o->yld_acc_o = (uint64_t)y_acc;
  o->yld_ptb_o = y_base ? y_bptb : ptb_free_idx;
  o->yld_slot_o = y_rtb < nt ? q->res_slot[y_rtb] : 0;
  o->yld_tb_o = y_rtb < nt ? q->res_tb[y_rtb] : 0;
  o->wk_err_o = (uint64_t)((int)(i->wk_valid_i & 1) && !wk_hit);
  o->rst_wait_o = (uint64_t)rst_wait; /* other work for the SM (kmu_gpu's NOWORK rule) */
  o->yld_sd_o = (uint64_t)(st == SEQ_EVICT && ((q->res_yld >> sr) & 1));
  c->y_acc = y_acc, c->y_base = y_base, c->y_bptb = y_bptb, c->wk_hit = wk_hit;

  /* SIMT start: the oldest unstarted entry, once the engine has its rpw; reads by index */
  const unsigned st_rtb = q->sq_mem[q->sq_rptr] & rtbm; /* the start queue's head */
  const int st_wait = q->div_busy && st_rtb == q->div_rtb;
  const int st_valid = q->sq_cnt != 0 && !st_wait;
  const int s_in = st_rtb < nt;
  uint64_t s_wmask = 0, d_wmask = 0;
  for (uint64_t v = busy_w; v; v &= v - 1) {
    const unsigned w = (unsigned)__builtin_ctzll(v);
    if (q->wst_owner[w] == st_rtb) s_wmask |= 1ull << w;
    if (q->wst_owner[w] == done_rtb) d_wmask |= 1ull << w;
  }

  /* outputs */
  o->simt_start_valid_o = (uint64_t)(st_valid && !drp);
  o->simt_start_rtb_o = st_rtb;
  o->simt_start_slot_o = s_in ? q->res_slot[st_rtb] : 0;
  o->simt_start_warps_o = s_in ? q->res_warps[st_rtb] : 0;
  /* the payload, read one cycle ahead from the payload RAM (or the word written then) */
  const uint64_t *s_pay = q->pay_byp ? q->pay_wd : q->pay_rd;
  o->simt_start_tb_o = (uint32_t)s_pay[1];
  o->simt_start_kptr_o = (uint32_t)(s_pay[0] >> 32);
  o->simt_start_param_o = (uint32_t)s_pay[0];
  o->simt_start_wmask_o = s_wmask;
  o->simt_start_ewarp_o = s_in && ((q->res_ewarp >> st_rtb) & 1);
  o->simt_start_restore_o = s_in && ((q->res_rst >> st_rtb) & 1);
  o->simt_start_rpw_o = s_in ? q->res_rpw[st_rtb] : 0;
  o->done_valid_o = dout.pop_valid_o;
  o->done_slot_o = dout.pop_data_o;
  o->free_tb_o = q->free_tb;
  o->free_warps_o = q->free_warps;
  o->free_regs_o = q->free_regs;
  o->free_shmem_o = q->free_shmem;
  o->ewt_free_o = (m->p.ewt - q->ewt_cnt) & M8;
  o->resident_o = q->res_valid;
  o->busy_warps_o = q->wst_busy;
  o->simt_pause_o = (seq_save ? sr_bit : 0) | drp_pause;
  o->simt_evict_valid_o = st == SEQ_EVICT || drp_ev_fire;
  o->simt_evict_rtb_o = st == SEQ_EVICT ? sr : q->drp_evr;
  o->drop_ack_o = q->drp_ack;
  /* a drop aborts the context command of a TB of its tag the sequencer waits on */
  o->ctx_abort_o = (uint64_t)((st == SEQ_SWAIT || st == SEQ_RWAIT) && drp &&
                              q->res_slot[sr] == q->drp_tag);
  const int c_rst = st == SEQ_RCMD;
  const int c_ip = c_rst ? (int)(((q->seq_k ? q->ptb_ip1 : q->ptb_ip0) >> sp) & 1)
                         : (int)q->seq_ip;
  o->ctx_cmd_valid_o = st == SEQ_SCMD || c_rst;
  o->ctx_cmd_op_o = c_rst ? KMU_CTX_OP_RESTORE : q->seq_op;
  o->ctx_cmd_inplace_o = (uint64_t)c_ip;
  o->ctx_cmd_wmask_o = seq_wmask;
  o->ctx_cmd_rpw_o = q->res_rpw[sr];
  o->ctx_cmd_shmem_o = q->res_shmem[sr];
  o->ctx_cmd_area_o =
      (uint32_t)((c_ip ? 0u : ctx_base) + ((uint32_t)(sp * 2 + q->seq_k) << m->area_lg));
  o->dq_wmask_o = seq_save ? seq_wmask : 0;
  o->elig_o = elig;
  o->base_o = q->res_base;
  o->pre_busy_o = (uint64_t)seq_busy;
  unsigned npre = 0;
  for (uint64_t v = q->ptb_pre; v; v &= v - 1) npre++;
  o->ptb_count_o = npre;

  /* nets for phase 2 */
  c->done_rtb = done_rtb, c->st = st, c->sr = sr, c->sp = sp;
  c->seq_wmask = seq_wmask;
  c->rtb_idx = rtb_idx, c->tb_room = tb_room, c->ptb_free_idx = ptb_free_idx, c->rc = rc;
  c->ptb_free_any = ptb_free_any, c->dout = dout;
  c->ewt_pend = ewt_pend, c->ewt_room = ewt_room, c->ewt_regs = ewt_regs, c->ewt_tb = ewt_tb;
  c->ewt_slot = ewt_slot, c->ewt_kptr = ewt_kptr, c->ewt_param = ewt_param;
  c->rst_wait = rst_wait, c->tb_gate = tb_gate, c->ewt_rpt = ewt_rpt, c->wp_free = wp_free;
  c->elig = elig, c->st_valid = st_valid, c->st_rtb = st_rtb, c->s_in = s_in;
  c->st_wait = st_wait;
  c->d_wmask = d_wmask;
  c->drp = drp, c->drp_run = drp_run, c->drp_tagm = drp_tagm, c->drp_pause = drp_pause;
  c->ewt_kp_word = ewt_hd[0], c->ewt_id_word = ewt_hd[1];
  c->st_count = q->sq_cnt, c->ewt_count = q->ewt_cnt;
}

/* Phase 2, from every other input (the start, the SIMT handshakes, the done report's ready,
 * the predictor's decisions, the context engine, the dirty count, the warp-preemption
 * controller's acceptance): the event-warp request, the refusals and the next state. */
void kmu_sm_ctrl_comb_next(kmu_sm_ctrl *m, const kmu_sm_ctrl_in *i, kmu_sm_ctrl_out *o) {
  const kmu_sm_ctrl_regs *q = &m->q;
  kmu_sm_ctrl_regs *d = &m->d;
  const kmu_sm_ctrl_nets *c = &m->c;
  const unsigned nt = m->p.tbs, nw = m->p.warps;
  const uint64_t tbm = kmu_mask(nt);
  /* inputs at their port widths */
  const int start_valid = (int)(i->start_valid_i & 1);
  const int start_ewarp = (int)(i->start_ewarp_i & 1);
  const unsigned start_slot = (unsigned)(i->start_slot_i & M8);
  const uint32_t start_tb = (uint32_t)i->start_tb_i, start_kptr = (uint32_t)i->start_kptr_i;
  const uint32_t start_param = (uint32_t)i->start_param_i;
  const unsigned start_warps = (unsigned)(i->start_warps_i & M6);
  const unsigned start_regs = (unsigned)(i->start_regs_i & M18);
  const unsigned start_shmem = (unsigned)(i->start_shmem_i & M17);
  const int simt_start_ready = (int)(i->simt_start_ready_i & 1);
  const int simt_done_valid = (int)(i->simt_done_valid_i & 1);
  const int done_ready = (int)(i->done_ready_i & 1);
  const unsigned policy = (unsigned)(i->policy_i & 3);
  const int inplace_en = (int)(i->inplace_en_i & 1);
  const int ckpt_valid = (int)(i->ckpt_valid_i & 1), pre_valid = (int)(i->pre_valid_i & 1);
  const uint64_t ckpt_mask = i->ckpt_mask_i & tbm, pre_mask = i->pre_switch_mask_i & tbm;
  const uint64_t paused = i->simt_paused_i & tbm;
  const int cmd_ready = (int)(i->ctx_cmd_ready_i & 1), ctx_done = (int)(i->ctx_done_i & 1);
  const unsigned dirty_cnt = (unsigned)(i->dirty_cnt_i & 0xfffu);
  const int wp_en = (int)(i->wp_en_i & 1), wp_ready = (int)(i->wp_ev_ready_i & 1);
  /* phase 1's nets */
  const unsigned done_rtb = c->done_rtb, st = c->st, sr = c->sr, sp = c->sp;
  const uint64_t sr_bit = 1ull << sr, sp_bit = 1ull << sp, seq_wmask = c->seq_wmask;
  const unsigned rtb_idx = c->rtb_idx, ptb_free_idx = c->ptb_free_idx, rc = c->rc;
  const int tb_room = c->tb_room, ptb_free_any = c->ptb_free_any;
  const int ewt_pend = c->ewt_pend, ewt_room = c->ewt_room, rst_wait = c->rst_wait;
  const int tb_gate = c->tb_gate;
  const unsigned ewt_regs = c->ewt_regs, ewt_slot = c->ewt_slot;
  const uint32_t ewt_tb = c->ewt_tb, ewt_kptr = c->ewt_kptr, ewt_param = c->ewt_param;
  const unsigned ewt_rpt = c->ewt_rpt, wp_free = c->wp_free;
  const uint64_t elig = c->elig, d_wmask = c->d_wmask;
  const int st_valid = c->st_valid, s_in = c->s_in;
  const unsigned st_rtb = c->st_rtb;
  const kmu_fifo_out dout = c->dout;
  const int drp = c->drp, drp_run = c->drp_run;
  const uint64_t drp_tagm = c->drp_tagm;
  /* a TB of the tag with a yield in flight: its taken yield's switch still runs */
  const uint64_t drp_yldm = drp_tagm & q->res_yld;
  const int drop_valid = (int)(i->drop_valid_i & 1);
  const unsigned drop_slot = (unsigned)(i->drop_slot_i & M8);
  kmu_fifo_in di;
  kmu_fifo_out dout2;
  memset(&di, 0, sizeof di);

  /* PEP Fig. 3 (b): a preemption request (policy PEP) during a base save turns it into the
   * switch (the save completes, the TB is evicted with that one checkpoint) */
  const int seq_upg = (int)(i->pre_valid_i & 1) && (i->policy_i & 3) == KMU_POL_PEP &&
                      (st == SEQ_PAUSE || st == SEQ_SCMD || st == SEQ_SWAIT) && !q->seq_sw;

  const int start_fit = tb_gate && start_warps != 0 && start_warps <= q->free_warps &&
                        start_regs <= q->free_regs && start_shmem <= q->free_shmem;
  const int start_ewt_fit = ewt_room && !drp && start_regs <= m->p.regs;
  const int start_tb_ok = start_valid && !start_ewarp && start_fit;
  const int ewt_push = start_valid && start_ewarp && start_ewt_fit;
  o->err_overflow_o = start_valid && !(start_ewarp ? start_ewt_fit : start_fit);

  /* SIMT done lookup */
  const int d_in = done_rtb < nt;
  const int d_valid = d_in && ((q->res_valid >> done_rtb) & 1);
  const int d_started = d_in && ((q->res_started >> done_rtb) & 1);
  const unsigned d_slot = d_in ? q->res_slot[done_rtb] : 0;
  const unsigned d_warps = d_in ? q->res_warps[done_rtb] : 0;
  const unsigned d_regs = d_in ? q->res_regs[done_rtb] : 0;
  const unsigned d_shmem = d_in ? q->res_shmem[done_rtb] : 0;
  /* an entry whose save command is issued has nothing in flight: its done is refused */
  const int d_locked = ((st == SEQ_SCMD || st == SEQ_SWAIT || st == SEQ_EVICT) && done_rtb == sr) ||
                       (q->drp_ev && done_rtb == q->drp_evr);
  const int done_ok = simt_done_valid && d_valid && d_started && !d_locked;
  /* a TB of the tag under a drop that finishes reports no done: its entry counts free at once */
  const int done_kill = done_ok && drp && d_slot == q->drp_tag;
  const int done_push = done_ok && !done_kill;
  o->err_done_o = simt_done_valid && !done_ok;
  const uint64_t done_bit = done_ok ? 1ull << done_rtb : 0;
  const int done_pop = dout.pop_valid_o && done_ready;

  /* the last restore command of the entry completes */
  const int rst_last = !(q->seq_k == 0 && ((q->ptb_two >> sp) & 1));
  const int rst_fin = st == SEQ_RWAIT && ctx_done && rst_last;

  const int ewt_launch =
      ewt_pend && tb_room && q->free_warps != 0 && ewt_regs <= q->free_regs && !rst_fin && !drp;

  o->wp_ev_valid_o = wp_en && ewt_pend && tb_room && ewt_rpt <= 255 &&
                     !(q->free_warps != 0 && ewt_regs <= q->free_regs) && !rst_fin && !drp;
  const int wp_go = o->wp_ev_valid_o && wp_ready;
  const unsigned wp_warps = 0;
  const unsigned wp_regs = ewt_rpt <= wp_free ? ewt_rpt << 5 : 0;
  const int ewt_pop = ewt_launch || wp_go;

  /* save pick: the lowest entry with a pending base checkpoint or switch */
  kmu_prio_enc_in vi = {(q->res_ckpt | q->res_sw) & ~done_bit & ~(drp_tagm & ~drp_yldm) & tbm};
  kmu_prio_enc_out vo;
  kmu_prio_enc_comb(&m->u_save_enc, &vi, &vo);
  const unsigned sel = (unsigned)vo.idx_o;
  const int pick = st == SEQ_IDLE && vo.valid_o;
  const int sel_base = (int)((q->res_base >> sel) & 1);
  /* a yielding TB (or one with a base checkpoint) already owns its table entry */
  const int sel_own = sel_base || ((q->res_yld >> sel) & 1);
  const int pick_drop = pick && !sel_own && !ptb_free_any;
  const int pick_go = pick && !pick_drop;
  /* restore: the lowest preempted entry, when the sequencer is free, no event warp waits and
   * its resources fit */
  const int rst_alloc = st == SEQ_IDLE && !vo.valid_o && rst_wait && !drp && !ewt_pend && tb_room &&
                        q->ptb_warps[rc] <= q->free_warps && q->ptb_regs[rc] <= q->free_regs &&
                        q->ptb_shmem[rc] <= q->free_shmem;

  /* allocation, one per cycle (exclusive: a start needs no restore pending, a restore no event
   * warp pending) */
  const int alloc_go = ewt_pop || start_tb_ok || rst_alloc;
  const unsigned alloc_warps = ewt_launch ? 1
                               : wp_go    ? wp_warps
                               : rst_alloc ? q->ptb_warps[rc]
                                           : start_warps;
  const unsigned alloc_regs = ewt_launch ? ewt_regs
                              : wp_go    ? wp_regs
                              : rst_alloc ? q->ptb_regs[rc]
                                          : start_regs;
  const unsigned alloc_shmem = ewt_pop ? 0 : rst_alloc ? q->ptb_shmem[rc] : start_shmem;
  const unsigned alloc_slot = ewt_pop ? ewt_slot : rst_alloc ? q->ptb_slot[rc] : start_slot;
  /* the payload word {tb, kptr, param} of an EWT head or a TB start (a restore writes none:
   * its row, swapped in below, holds it since its TB's start) */
  const uint64_t alloc_pay = ewt_pop ? (uint64_t)ewt_kptr << 32 | ewt_param
                                     : (uint64_t)start_kptr << 32 | start_param;
  const uint64_t alloc_pay_tb = ewt_pop ? ewt_tb : start_tb;
  /* warp registers per warp without a division: an event warp's is its registers per thread
   * saturated to 63, a warp-preemption start's 0, a restore's the saved one; a TB start's is
   * written by the serial engine (0 until then) */
  const unsigned ewt_regw = c->ewt_rpt; /* ceil(regs / 32), computed once */
  /* a TB of 1, 2, 4, 8, 16 or 32 warps: ceil(regs / 2^(5+k)), a shift (pw_rpw) */
  unsigned pw_k = 0;
  while (pw_k < 6 && start_warps != 1u << pw_k) pw_k++;
  const int pw_is = pw_k < 6;
  const unsigned pw_full = pw_is ? (start_regs + (1u << (5 + pw_k)) - 1) >> (5 + pw_k) : 0;
  const unsigned pw_rpw = pw_full > 63 ? 63 : pw_full;
  const unsigned alloc_rpw = ewt_launch  ? (ewt_regw > 63 ? 63 : ewt_regw)
                             : rst_alloc   ? q->ptb_rpw[rc]
                             : start_tb_ok ? pw_rpw
                                           : 0;
  uint64_t alloc_wmask = 0;
  unsigned alloc_cnt = 0;
  for (unsigned w = 0; w < nw; w++) {
    if (!((q->wst_busy >> w) & 1) && alloc_cnt < alloc_warps) {
      alloc_wmask |= 1ull << w;
      alloc_cnt++;
    }
  }

  /* (a yield accepted in this cycle takes its entry out of the decisions already) */
  const uint64_t y_accm = c->y_acc ? 1ull << (i->yld_rtb_i & kmu_mask(m->rtb_w)) : 0;
  const uint64_t elig_dec = elig & ~y_accm;
  o->err_dec_o = (ckpt_valid && (ckpt_mask & ~elig_dec)) || (pre_valid && (pre_mask & ~elig_dec));
  const uint64_t dec_ok = elig_dec & ~done_bit;

  const int st_fire = st_valid && simt_start_ready && !drp;

  /* drop engine (kmu_sm_ctrl.v): the paused TB chosen for the next cycle's evict, the
   * forgotten preempted entry, the rotations, the sequencer's saves and restores of the tag */
  const uint64_t evr_bit = q->drp_ev ? 1ull << q->drp_evr : 0;
  kmu_prio_enc_in xi = {c->drp_pause & paused & ~done_bit & ~evr_bit & tbm};
  kmu_prio_enc_out xo;
  kmu_prio_enc_comb(&m->u_drp_ev_enc, &xi, &xo);
  const int drp_ev_fire = q->drp_ev && st != SEQ_EVICT;
  uint64_t drp_ptbm = 0;
  if (drp_run)
    for (uint64_t v = q->ptb_pre & kmu_mask(m->p.ptbs); v; v &= v - 1)
      if (q->ptb_slot[__builtin_ctzll(v)] == q->drp_tag) drp_ptbm |= v & -v;
  kmu_prio_enc_in ki2 = {drp_ptbm};
  kmu_prio_enc_out ko2;
  kmu_prio_enc_comb(&m->u_drp_ptb_enc, &ki2, &ko2);
  const unsigned drp_pk = (unsigned)ko2.idx_o;
  const int drp_pk_any = (int)ko2.valid_o;
  const int rot_e = drp_run && q->drp_re != 0;
  const int rot_e_keep = rot_e && ((c->ewt_id_word >> EI_SLOT) & M8) != q->drp_tag;
  const int rot_e_push = (int)q->drp_ek;
  const int sv_kill = st == SEQ_EVICT && drp && q->res_slot[sr] == q->drp_tag;
  /* the sequencer waits on a context command of a TB of the tag: aborted (held), it moves on
   * once the engine is idle (the aborted command's scan and RF writes are over) */
  const int seq_abt = (st == SEQ_SWAIT || st == SEQ_RWAIT) && drp && q->res_slot[sr] == q->drp_tag;
  const int sv_abt = seq_abt && st == SEQ_SWAIT && cmd_ready;
  /* an aborted restore's engine is idle: its entry is freed, but not in a cycle in which the
   * drop evicts (kmu_sm_ctrl.v: one release per cycle, rel_*) */
  const int rst_abt_end = seq_abt && st == SEQ_RWAIT && cmd_ready;
  const int rst_kill = rst_abt_end && !q->drp_ev;
  const int rst_push = rst_fin && !rst_abt_end;
  /* the start FIFO's rotation (not in a cycle a restore ends: one push per cycle) waits for a
   * cycle without an evict or a discarded restore (kmu_sm_ctrl.v: one release per cycle) */
  const int seq_rel = st == SEQ_EVICT || rst_kill;
  const int rot_s = drp_run && q->drp_rs != 0 && !rst_fin && !seq_rel && !drp_ev_fire;
  const int rot_s_kill = rot_s && s_in && q->res_slot[st_rtb] == q->drp_tag;
  const int rot_s_keep = rot_s && !rot_s_kill;
  const int rot_s_push = q->drp_sk && !rst_fin;
  const int drp_fin = drp_run && q->drp_rs == 0 && q->drp_re == 0 && q->drp_dn == 0 &&
                      !q->drp_sk && !q->drp_ek &&
                      drp_tagm == 0 && !drp_pk_any;

  /* (3) the FIFOs with this cycle's pushes and pops */
  di.push_valid_i = (uint64_t)done_push;
  di.push_data_i = d_slot;
  di.pop_ready_i = (uint64_t)done_ready;
  kmu_fifo_comb(&m->u_done_fifo, &di, &dout2);

  /* next state */
  KMU_D_FROM_Q_TAB(m); /* *d = *q */

  /* the start queue (kmu_fifo's behaviour, written out: the payload read needs its next
   * head) */
  const int sq_push = ((ewt_launch || start_tb_ok) || rst_push || rot_s_push) && q->sq_cnt != nt;
  const unsigned sq_wdata = rst_push ? sr : rot_s_push ? q->drp_sr : rtb_idx;
  const int sq_pop = q->sq_cnt != 0 && ((simt_start_ready && !drp && !c->st_wait) || rot_s);
  if (sq_push) {
    d->sq_mem[q->sq_wptr] = sq_wdata;
    d->sq_wptr = q->sq_wptr == nt - 1 ? 0 : q->sq_wptr + 1;
    m->tab_we = 1;
  }
  if (sq_pop) d->sq_rptr = q->sq_rptr == nt - 1 ? 0 : q->sq_rptr + 1;
  d->sq_cnt = q->sq_cnt + (unsigned)sq_push - (unsigned)sq_pop;
  /* the head after this edge: the pushed entry when the queue is empty once popped, else the
   * entry at the next read pointer */
  const int sq_nv = d->sq_cnt != 0;
  const int sq_nfirst = q->sq_cnt == 0 || (q->sq_cnt == 1 && sq_pop);
  const unsigned sq_nh = sq_nfirst ? sq_wdata : q->sq_mem[d->sq_rptr];
  /* the payload RAM: written at a TB start's or an event warp's allocation, read every cycle
   * at the next head's row (the word written now when that is the entry allocated now) */
  const int pay_we = alloc_go && !rst_alloc;
  const unsigned pay_wa = q->res_row[rtb_idx], pay_ra = q->res_row[sq_nh];
  d->pay_rd[0] = q->pay_mem[pay_ra][0];
  d->pay_rd[1] = q->pay_mem[pay_ra][1];
  d->pay_byp = (unsigned)(pay_we && sq_nv && sq_nh == rtb_idx);
  if (pay_we) {
    d->pay_mem[pay_wa][0] = d->pay_wd[0] = alloc_pay;
    d->pay_mem[pay_wa][1] = d->pay_wd[1] = alloc_pay_tb;
    m->tab_we = 1;
  }
  /* the EWT (kmu_fifo's behaviour, written out; kmu_sm_ctrl.v): an event-warp start writes the
   * row at the write pointer, a drop's push-back swaps the held row (at position drp_ep) to the
   * tail, a pop leaves its row in place; the head's row after the edge is read ahead */
  {
    const unsigned ne = m->p.ewt;
    const int ewt_pu = (ewt_push || rot_e_push) && ewt_room;
    const int ewt_po = (ewt_pop || rot_e) && ewt_pend;
    const unsigned ewt_wa = q->ewt_ix[q->ewt_wptr];
    const unsigned ewt_pr = rot_e_push ? q->ewt_ix[q->drp_ep] : ewt_wa;
    if (ewt_po) d->ewt_rptr = q->ewt_rptr == ne - 1 ? 0 : q->ewt_rptr + 1;
    if (ewt_pu) d->ewt_wptr = q->ewt_wptr == ne - 1 ? 0 : q->ewt_wptr + 1;
    d->ewt_cnt = q->ewt_cnt + (unsigned)ewt_pu - (unsigned)ewt_po;
    if (rot_e_push && ewt_room) { /* (the same position when it is the only free one) */
      d->ewt_ix[q->drp_ep] = ewt_wa;
      d->ewt_ix[q->ewt_wptr] = ewt_pr;
      m->tab_we = 1;
    }
    const int ewt_nfirst = q->ewt_cnt == 0 || (q->ewt_cnt == 1 && ewt_po);
    const unsigned ewt_ra = ewt_nfirst ? ewt_pr : q->ewt_ix[d->ewt_rptr];
    d->ewt_rd[0] = q->ewt_mem[ewt_ra][0];
    d->ewt_rd[1] = q->ewt_mem[ewt_ra][1];
    d->ewt_byp = (unsigned)(ewt_push && ewt_nfirst);
    if (ewt_push) {
      d->ewt_mem[ewt_wa][0] = d->ewt_wd[0] =
          (uint64_t)start_kptr << EK_KPTR | (uint64_t)start_param << EK_PARAM;
      d->ewt_mem[ewt_wa][1] = d->ewt_wd[1] = (uint64_t)start_slot << EI_SLOT |
                                             (uint64_t)start_tb << EI_TB |
                                             (uint64_t)start_regs << EI_REGS;
      m->tab_we = 1;
    }
  }
  if (done_ok) {
    d->res_valid &= ~done_bit;
    d->res_started &= ~done_bit;
    d->res_ckpt &= ~done_bit;
    d->res_sw &= ~done_bit;
    d->res_base &= ~done_bit;
    /* a TB finishing after a base checkpoint releases its preempted-table entry */
    if ((q->res_base >> done_rtb) & 1) d->ptb_valid &= ~(1ull << q->res_ptb[done_rtb]);
  }
  if (st_fire && s_in) {
    d->res_started |= 1ull << st_rtb;
    /* the TB index of a started entry (read only by yld_tb_o), from the offered payload word */
    d->res_tb[st_rtb] = (uint32_t)(q->pay_byp ? q->pay_wd : q->pay_rd)[1];
    m->tab_we = 1;
  }
  if (done_ok) {
    d->wst_busy &= ~d_wmask;
    d->free_warps = (d->free_warps + d_warps) & M8;
    d->free_regs = (d->free_regs + d_regs) & M18;
    d->free_shmem = (d->free_shmem + d_shmem) & M18;
  }
  if (done_pop) d->free_tb = (d->free_tb + 1) & M8;

  /* the sequencer */
  switch (st) {
    case SEQ_IDLE:
      if (pick) { /* the request leaves the pending bits (dropped on a full table) */
        d->res_ckpt &= ~(1ull << sel);
        d->res_sw &= ~(1ull << sel);
      }
      if (pick_go) {
        d->seq_st = SEQ_PAUSE;
        d->seq_rtb = sel;
        d->seq_ptb = sel_own ? q->res_ptb[sel] : ptb_free_idx;
        d->seq_sw = (unsigned)((q->res_sw >> sel) & 1);
        d->seq_k = d->seq_sw && sel_base;
        if (!sel_own) d->ptb_valid |= 1ull << ptb_free_idx;
      } else if (rst_alloc) {
        d->seq_st = SEQ_RCMD;
        d->seq_rtb = rtb_idx;
        d->seq_ptb = rc;
        d->seq_k = 0;
        d->ptb_pre &= ~(1ull << rc);
        /* the rows swap: the TB's payload row to the entry, the entry's to the table entry */
        d->res_row[rtb_idx] = q->ptb_row[rc];
        d->ptb_row[rc] = q->res_row[rtb_idx];
        m->tab_we = 1;
      }
      break;
    case SEQ_PAUSE:
      if (done_ok && done_rtb == sr) { /* finished before it paused: the save is dropped */
        d->seq_st = SEQ_IDLE;
        d->ptb_valid &= ~sp_bit;
      } else if ((paused >> sr) & 1) {
        const uint32_t bytes = dirty_cnt * m->p.reg_bytes;
        const int ip = m->p.ipb != 0 && inplace_en && policy == KMU_POL_PEP && q->seq_sw &&
                       bytes <= q->ip_free;
        d->seq_op = (q->seq_sw && policy <= KMU_POL_CHIMERA) ? KMU_CTX_OP_SAVE_ALL : KMU_CTX_OP_SAVE_DIRTY;
        d->seq_ip = (unsigned)ip;
        if (ip) d->ip_free = q->ip_free - bytes;
        d->ptb_ipb[sp] = ip ? bytes : 0;
        m->tab_we = 1;
        d->seq_st = SEQ_SCMD;
      }
      break;
    case SEQ_SCMD:
      if (cmd_ready) d->seq_st = SEQ_SWAIT;
      break;
    case SEQ_SWAIT:
      if (seq_abt) { /* aborted: once the engine is idle the TB leaves (sv_kill) */
        if (sv_abt) d->seq_st = SEQ_EVICT;
      } else if (ctx_done) {
        if (q->seq_sw || seq_upg) {
          d->seq_st = SEQ_EVICT;
        } else { /* base checkpoint: the TB resumes */
          d->res_base |= sr_bit;
          d->res_ptb[sr] = sp;
          m->tab_we = 1;
          d->seq_st = SEQ_IDLE;
        }
      }
      break;
    case SEQ_EVICT: /* the TB leaves: resources free, no done report, into the table */
      d->res_valid &= ~sr_bit;
      d->res_started &= ~sr_bit;
      d->res_ckpt &= ~sr_bit;
      d->res_sw &= ~sr_bit;
      d->res_base &= ~sr_bit;
      d->wst_busy &= ~seq_wmask;
      d->free_warps = (d->free_warps + q->res_warps[sr]) & M8;
      d->free_regs = (d->free_regs + q->res_regs[sr]) & M18;
      d->free_shmem = (d->free_shmem + q->res_shmem[sr]) & M18;
      d->free_tb = (d->free_tb + 1) & M8;
      if (sv_kill) { /* a TB of a tag under a drop: its checkpoint is discarded */
        d->ip_free = d->ip_free + q->ptb_ipb[sp];
        d->ptb_valid &= ~sp_bit;
        m->tab_we = 1;
        d->seq_st = SEQ_IDLE;
        break;
      }
      d->ptb_pre |= sp_bit;
      d->ptb_two = (d->ptb_two & ~sp_bit) | ((uint64_t)q->seq_k << sp);
      d->ptb_yld = (d->ptb_yld & ~sp_bit) | (((q->res_yld >> sr) & 1) << sp);
      d->ptb_wk &= ~sp_bit;
      d->ptb_ip0 = (d->ptb_ip0 & ~sp_bit) | ((uint64_t)(q->seq_ip && !q->seq_k) << sp);
      d->ptb_ip1 = (d->ptb_ip1 & ~sp_bit) | ((uint64_t)(q->seq_ip && q->seq_k) << sp);
      d->ptb_slot[sp] = q->res_slot[sr];
      d->ptb_warps[sp] = q->res_warps[sr];
      d->ptb_regs[sp] = q->res_regs[sr];
      d->ptb_shmem[sp] = q->res_shmem[sr];
      /* the TB's payload row goes to the table entry, whose row the freed entry takes */
      d->ptb_row[sp] = q->res_row[sr];
      d->res_row[sr] = q->ptb_row[sp];
      d->ptb_rpw[sp] = q->res_rpw[sr];
      m->tab_we = 1;
      d->seq_st = SEQ_IDLE;
      break;
    case SEQ_RCMD:
      if (cmd_ready) d->seq_st = SEQ_RWAIT;
      break;
    case SEQ_RWAIT:
      if (seq_abt) { /* aborted: once the engine is idle the entry is freed, the table entry too */
        if (rst_kill) {
          d->ptb_valid &= ~sp_bit;
          d->ip_free = q->ip_free + q->ptb_ipb[sp];
          d->seq_st = SEQ_IDLE;
        }
      } else if (ctx_done) {
        if (!rst_last) {
          d->seq_k = 1;
          d->seq_st = SEQ_RCMD;
        } else { /* restored: offered again (start FIFO), the table entry is free */
          d->ptb_valid &= ~sp_bit;
          d->ip_free = q->ip_free + q->ptb_ipb[sp];
          d->seq_st = SEQ_IDLE;
        }
      }
      break;
    default:
      d->seq_st = SEQ_IDLE;
      break;
  }

  if (seq_upg) d->seq_sw = 1;

  /* GPUpIO yield (kmu_sm's lane): accept (reserve), go (switch), refuse (release), evicted
   * (above: ptb_yld), woken (restorable); an entry that leaves clears its mark (below) */
  {
    const unsigned y_rtb = (unsigned)(i->yld_rtb_i & kmu_mask(m->rtb_w));
    const uint64_t yb = y_rtb < nt ? 1ull << y_rtb : 0;
    if (c->y_acc) {
      d->res_yld |= yb;
      if (!c->y_base) {
        d->res_ptb[y_rtb] = ptb_free_idx;
        d->ptb_valid |= 1ull << ptb_free_idx;
        m->tab_we = 1;
      }
    }
    if (i->yld_go_i & 1) d->res_sw |= yb;
    if (i->yld_rel_i & 1) {
      d->res_yld &= ~yb;
      if (!c->y_base) d->ptb_valid &= ~(1ull << c->y_bptb);
    }
    if ((i->wk_valid_i & 1) && c->wk_hit) {
      d->ptb_yld &= ~(1ull << (i->wk_ptb_i & kmu_mask(m->ptb_w)));
      d->ptb_wk |= 1ull << (i->wk_ptb_i & kmu_mask(m->ptb_w));
    }
    if (st == SEQ_EVICT && ((q->res_yld >> sr) & 1)) d->res_yld &= ~sr_bit;
  }

  /* the drop engine: its state ... */
  d->drp_ack = 0;
  switch (q->drp_st) {
    case DRP_IDLE:
      if (drop_valid) {
        d->drp_st = DRP_INIT;
        d->drp_tag = drop_slot;
      }
      break;
    case DRP_INIT: /* nothing enters or leaves the start FIFO and the EWT now: count them */
      /* (held while the rpw engine runs: no rotation may drop the entry it will write; no TB
       * start is accepted now, so it ends within 6 cycles) */
      if (!q->div_busy) d->drp_st = DRP_RUN;
      d->drp_rs = c->st_count;
      d->drp_re = c->ewt_count;
      d->drp_dn = (unsigned)dout.count_o - (unsigned)done_pop;
      break;
    case DRP_RUN:
      if (rot_s) d->drp_rs = q->drp_rs - 1;
      if (rot_e) d->drp_re = q->drp_re - 1;
      if (done_pop && q->drp_dn != 0) d->drp_dn = q->drp_dn - 1;
      if (drp_fin) {
        d->drp_st = DRP_IDLE;
        d->drp_ack = 1;
      }
      break;
    default:
      d->drp_st = DRP_IDLE;
      break;
  }
  if (rot_s) {
    d->drp_sk = (unsigned)rot_s_keep;
    d->drp_sr = st_rtb;
  } else if (rot_s_push) {
    d->drp_sk = 0;
  }
  if (rot_e) {
    d->drp_ek = (unsigned)rot_e_keep;
    d->drp_ep = q->ewt_rptr; /* the head's position: its row stays there until the push-back */
  } else if (rot_e_push) {
    d->drp_ek = 0;
  }
  if (!(q->drp_ev && !drp_ev_fire)) {
    d->drp_ev = (unsigned)xo.valid_o;
    d->drp_evr = (unsigned)xo.idx_o;
  }
  /* ... and what it frees: an unstarted entry leaving the start FIFO, an evicted one, a
   * restored one, one that finished (no done report: the entry at once) */
  const uint64_t kill_bits = (rot_s_kill ? 1ull << st_rtb : 0) | (drp_ev_fire ? evr_bit : 0) |
                             (rst_kill ? sr_bit : 0);
  d->res_valid &= ~kill_bits;
  d->res_started &= ~kill_bits;
  d->res_base &= ~kill_bits;
  if (rot_s_kill) {
    uint64_t wm = 0;
    for (uint64_t v = q->wst_busy & kmu_mask(nw); v; v &= v - 1)
      if (q->wst_owner[__builtin_ctzll(v)] == st_rtb) wm |= v & -v;
    d->wst_busy &= ~wm;
    d->free_warps = (d->free_warps + q->res_warps[st_rtb]) & M8;
    d->free_regs = (d->free_regs + q->res_regs[st_rtb]) & M18;
    d->free_shmem = (d->free_shmem + q->res_shmem[st_rtb]) & M18;
    d->free_tb = (d->free_tb + 1) & M8;
  }
  if (drp_ev_fire) {
    const unsigned v_e = q->drp_evr;
    uint64_t wm = 0;
    for (uint64_t v = q->wst_busy & kmu_mask(nw); v; v &= v - 1)
      if (q->wst_owner[__builtin_ctzll(v)] == v_e) wm |= v & -v;
    d->wst_busy &= ~wm;
    d->free_warps = (d->free_warps + q->res_warps[v_e]) & M8;
    d->free_regs = (d->free_regs + q->res_regs[v_e]) & M18;
    d->free_shmem = (d->free_shmem + q->res_shmem[v_e]) & M18;
    d->free_tb = (d->free_tb + 1) & M8;
    /* a base checkpoint it had is forgotten */
    if ((q->res_base >> v_e) & 1) d->ptb_valid &= ~(1ull << q->res_ptb[v_e]);
  }
  if (rst_kill) {
    d->wst_busy &= ~seq_wmask;
    d->free_warps = (d->free_warps + q->res_warps[sr]) & M8;
    d->free_regs = (d->free_regs + q->res_regs[sr]) & M18;
    d->free_shmem = (d->free_shmem + q->res_shmem[sr]) & M18;
    d->free_tb = (d->free_tb + 1) & M8;
  }
  if (done_kill) d->free_tb = (d->free_tb + 1) & M8;
  if (drp_pk_any) {
    d->ptb_valid &= ~(1ull << drp_pk);
    d->ptb_pre &= ~(1ull << drp_pk);
    d->ip_free = d->ip_free + q->ptb_ipb[drp_pk];
  }
  /* no save of the tag is begun */
  d->res_ckpt &= ~drp_tagm;
  d->res_sw &= ~(drp_tagm & ~drp_yldm); /* but a taken yield's switch */

  /* decisions: a preemption request cancels every pending base checkpoint */
  if (pre_valid) {
    d->res_ckpt = 0;
    d->res_sw |= pre_mask & dec_ok;
  } else if (ckpt_valid) {
    d->res_ckpt |= ckpt_mask & dec_ok & ~q->res_base & ~q->res_ckpt;
  }

  /* the rpw engine: one quotient bit per cycle (restoring division); the last step writes the
   * entry's rpw (an entry in the engine is not offered: never started, done or evicted) */
  if (q->div_busy) { /* long division: 2 * remainder + the next numerator bit (div_quo's top) */
    const unsigned t = q->div_rem << 1 | q->div_quo >> 5;
    const int ge = t >= q->div_dvs;
    d->div_rem = (ge ? t - q->div_dvs : t) & M6;
    d->div_quo = (q->div_quo << 1 | (unsigned)ge) & M6;
    d->div_k = (q->div_k - 1) & 7u;
    if (q->div_k == 0) {
      d->div_busy = 0;
      d->res_rpw[q->div_rtb] = q->div_sat ? 63 : d->div_quo;
      m->tab_we = 1;
    }
  }
  if (start_tb_ok && !pw_is) { /* any other warp count: ceil(regs / 32) + warps - 1 over warps */
    const unsigned num = (((start_regs + 31) >> 5) + start_warps - 1) & 0x3fffu;
    d->div_busy = 1;
    d->div_sat = num >> 6 >= start_warps;
    d->div_rtb = rtb_idx;
    d->div_rem = num >> 6 & M6; /* < warps unless saturated */
    d->div_quo = num & M6;      /* the numerator's low bits, shifted in one per step */
    d->div_dvs = start_warps;
    d->div_k = 5;
  }

  if (alloc_go) {
    const unsigned e = rtb_idx;
    const uint64_t eb = 1ull << e;
    d->res_valid |= eb;
    /* a warp-level preemption start is started by the controller, never offered */
    d->res_started = (d->res_started & ~eb) | (uint64_t)wp_go << e;
    d->res_ewarp = (d->res_ewarp & ~eb) | (uint64_t)ewt_pop << e;
    d->res_ckpt &= ~eb;
    d->res_sw &= ~eb;
    d->res_base &= ~eb;
    d->res_rst = (d->res_rst & ~eb) | (uint64_t)rst_alloc << e;
    d->res_slot[e] = alloc_slot;
    d->res_warps[e] = alloc_warps;
    d->res_regs[e] = alloc_regs;
    d->res_shmem[e] = alloc_shmem;
    d->res_rpw[e] = alloc_rpw;
    d->res_ptb[e] = 0;
    m->tab_we = 1; /* and the warp-slot owners below */
    for (unsigned w = 0; w < nw; w++) {
      if ((alloc_wmask >> w) & 1) {
        d->wst_busy |= 1ull << w;
        d->wst_owner[w] = rtb_idx;
      }
    }
    d->free_tb = (d->free_tb - 1) & M8;
    d->free_warps = (d->free_warps - alloc_warps) & M8;
    d->free_regs = (d->free_regs - alloc_regs) & M18;
    d->free_shmem = (d->free_shmem - alloc_shmem) & M18;
  }
  d->res_yld &= d->res_valid; /* a freed entry holds no yield */
}

void kmu_sm_ctrl_comb(kmu_sm_ctrl *m, const kmu_sm_ctrl_in *i, kmu_sm_ctrl_out *o) {
  kmu_sm_ctrl_comb_fit(m, i, o);
  kmu_sm_ctrl_comb_next(m, i, o);
}

void kmu_sm_ctrl_tick(kmu_sm_ctrl *m) {
  kmu_prio_enc_tick(&m->u_rtb_enc);
  kmu_prio_enc_tick(&m->u_save_enc);
  kmu_prio_enc_tick(&m->u_ptb_free_enc);
  kmu_prio_enc_tick(&m->u_ptb_pre_enc);
  kmu_prio_enc_tick(&m->u_ptb_wk_enc);
  kmu_prio_enc_tick(&m->u_drp_ev_enc);
  kmu_prio_enc_tick(&m->u_drp_ptb_enc);
  kmu_fifo_tick(&m->u_done_fifo);
  KMU_Q_FROM_D_TAB(m, kmu_sm_ctrl_regs, res_slot);
}
