/* kmu_sm.c - C twin of rtl/sm/kmu_sm.v.
 *
 * Wiring only, as in the RTL (the two muxes, the predictor's event gating and the ctx_bytes
 * sum are the RTL's few gates).  Each block is evaluated once per cycle in a fixed order.  A
 * block whose outputs depend on a same-cycle input of a block evaluated after it is split
 * into phases (its comb() is the phases in order; the nets between phases are in its m->c):
 *   comb_fit:  kmu_dirty_rf_comb_out, kmu_pep_predictor_comb_out (registered outputs),
 *              kmu_ctx_engine_comb_out (its memory request, from the register file's scan
 *              stage), kmu_sm_ctrl_comb_fit (fit answers, SIMT start offer, done report,
 *              commands);
 *   comb_next: kmu_warp_preempt_comb_ready (acceptance), kmu_dirty_rf_comb_cnt (dirty count),
 *              kmu_sm_ctrl_comb_next, kmu_warp_preempt_comb_next, kmu_ctx_engine_comb_next,
 *              kmu_dirty_rf_comb_next, kmu_pep_predictor_comb_next.
 * kmu_sm_comb() is comb_fit then comb_next; a system top (kmu_gpu.c) calls them apart, with
 * the dispatcher's choice, the SIMT start and done arbiters and the memory port between
 * them. */
#include "kmu_sm.h"

#include <string.h>

void kmu_sm_init(kmu_sm *m, const kmu_sm_params *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  kmu_sm_ctrl_params sp = {p->tbs,  p->warps,      p->regs, p->shmem,     p->ewt,
                           p->ptbs, p->area_bytes, p->ipb,  p->reg_bytes, p->rpw};
  kmu_ctx_engine_params ep = {p->warps, p->rpw, p->dw, p->reg_bytes, p->beat_bytes, p->shmem};
  kmu_dirty_rf_params rp = {p->warps, p->rpw, p->dw};
  kmu_pep_predictor_params pp = {p->tbs, p->kslots, p->ema_sh, p->pep_tw};
  kmu_warp_preempt_params wp = {p->warps};
  kmu_sm_ctrl_init(&m->u_sm_ctrl, &sp);
  kmu_ctx_engine_init(&m->u_ctx_engine, &ep);
  kmu_dirty_rf_init(&m->u_dirty_rf, &rp);
  kmu_pep_predictor_init(&m->u_pep_predictor, &pp);
  kmu_warp_preempt_init(&m->u_warp_preempt, &wp);
}

void kmu_sm_free(kmu_sm *m) {
  kmu_sm_ctrl_free(&m->u_sm_ctrl);
  kmu_ctx_engine_free(&m->u_ctx_engine);
  kmu_dirty_rf_free(&m->u_dirty_rf);
  kmu_pep_predictor_free(&m->u_pep_predictor);
  kmu_warp_preempt_free(&m->u_warp_preempt);
}

void kmu_sm_reset(kmu_sm *m) {
  kmu_sm_ctrl_reset(&m->u_sm_ctrl);
  kmu_ctx_engine_reset(&m->u_ctx_engine);
  kmu_dirty_rf_reset(&m->u_dirty_rf);
  kmu_pep_predictor_reset(&m->u_pep_predictor);
  kmu_warp_preempt_reset(&m->u_warp_preempt);
  memset(&m->w, 0, sizeof m->w);
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
}

static unsigned clog2_min1(unsigned n) {
  unsigned w = 0;
  while ((1u << w) < n) w++;
  return w ? w : 1;
}

/* Phase 1, from the state, the dispatcher's need (need_*), hold_i, the SIMT side's inputs and
 * the configuration: the fit answers and every output that does not wait for this cycle's
 * start, done-report ready, SIMT start ready or memory port (the SIMT start offer, the TB
 * done report, the context engine's memory request).  Every block's registered outputs
 * first (the register file's scan stage feeds the engine's request; the predictor's
 * decisions), then the controller's fit phase. */
void kmu_sm_comb_fit(kmu_sm *m, const kmu_sm_in *i, kmu_sm_out *o) {
  kmu_sm_wires *w = &m->w;

  kmu_dirty_rf_comb_out(&m->u_dirty_rf, &w->rf_o);
  kmu_pep_predictor_comb_out(&m->u_pep_predictor, &w->pr_o);

  /* kmu_ctx_engine, issue side: the register file's scan stage, the memories' read data */
  kmu_ctx_engine_in *eg = &w->eg_i;
  eg->scan_valid_i = w->rf_o.scan_valid_o;
  eg->scan_warp_i = w->rf_o.scan_warp_o;
  eg->scan_reg_i = w->rf_o.scan_reg_o;
  eg->scan_data_i = w->rf_o.scan_data_o;
  eg->scan_last_i = w->rf_o.scan_last_o;
  eg->scan_done_i = w->rf_o.scan_done_o;
  eg->shm_rdata_i = i->shm_rdata_i;
  eg->ip_rdata_i = i->ip_rdata_i;
  kmu_ctx_engine_comb_out(&m->u_ctx_engine, eg, &w->eg_o);

  /* kmu_sm_ctrl, fit phase: the dispatcher's need */
  kmu_sm_ctrl_in *sc = &w->sc_i;
  sc->need_warps_i = i->need_warps_i;
  sc->need_regs_i = i->need_regs_i;
  sc->need_shmem_i = i->need_shmem_i;
  sc->need_ewarp_i = i->need_ewarp_i;
  sc->hold_i = i->hold_i;
  sc->simt_done_rtb_i = i->simt_done_rtb_i;
  sc->ctx_base_i = i->ctx_base_i;
  /* the GPUpIO yield lane (kmu_sm.v): asked in Y_IDLE, the lane's entry after; the wake */
  const int y_idle = m->q.y_st == KMU_SM_Y_IDLE;
  sc->yld_valid_i = (i->simt_yield_valid_i & 1) && y_idle;
  sc->yld_rtb_i = y_idle ? i->simt_yield_rtb_i : m->q.y_rtb;
  sc->wk_valid_i = i->wk_valid_i;
  sc->wk_ptb_i = i->wk_ptb_i;
  kmu_sm_ctrl_comb_fit(&m->u_sm_ctrl, sc, &w->sc_o);
  {
    const kmu_sm_ctrl_out *yo = &w->sc_o;
    o->simt_yield_ready_o = yo->yld_acc_o;
    o->yq_valid_o = yo->yld_acc_o || m->q.y_st == KMU_SM_Y_ASK;
    o->yq_addr_o = y_idle ? (uint32_t)i->simt_yield_addr_i : m->q.y_addr;
    o->yq_slot_o = y_idle ? yo->yld_slot_o : m->q.y_slot;
    o->yq_tb_o = y_idle ? yo->yld_tb_o : m->q.y_tb;
    o->yq_ptb_o = y_idle ? yo->yld_ptb_o : m->q.y_ptb;
    o->sd_valid_o = yo->yld_sd_o;
    o->wk_err_o = yo->wk_err_o;
    o->rst_wait_o = yo->rst_wait_o;
  }

  const kmu_sm_ctrl_out *sco = &w->sc_o;
  const kmu_ctx_engine_out *ego = &w->eg_o;
  /* kmu_sm_ctrl */
  o->fit_o = sco->fit_o;
  o->ewt_fit_o = sco->ewt_fit_o;
  o->done_valid_o = sco->done_valid_o;
  o->done_slot_o = sco->done_slot_o;
  o->simt_start_valid_o = sco->simt_start_valid_o;
  o->simt_start_rtb_o = sco->simt_start_rtb_o;
  o->simt_start_slot_o = sco->simt_start_slot_o;
  o->simt_start_tb_o = sco->simt_start_tb_o;
  o->simt_start_warps_o = sco->simt_start_warps_o;
  o->simt_start_kptr_o = sco->simt_start_kptr_o;
  o->simt_start_param_o = sco->simt_start_param_o;
  o->simt_start_wmask_o = sco->simt_start_wmask_o;
  o->simt_start_ewarp_o = sco->simt_start_ewarp_o;
  o->simt_start_restore_o = sco->simt_start_restore_o;
  o->simt_start_rpw_o = sco->simt_start_rpw_o;
  o->simt_pause_o = sco->simt_pause_o;
  o->simt_evict_valid_o = sco->simt_evict_valid_o;
  o->simt_evict_rtb_o = sco->simt_evict_rtb_o;
  o->free_tb_o = sco->free_tb_o;
  o->free_warps_o = sco->free_warps_o;
  o->free_regs_o = sco->free_regs_o;
  o->free_shmem_o = sco->free_shmem_o;
  o->ewt_free_o = sco->ewt_free_o;
  /* kmu_sm.v ewt_idle_o: the table empty and the warp-preemption controller idle, from
   * registers (its busy_o is its state, read here before its own phase runs) */
  o->ewt_idle_o = (uint64_t)(sco->ewt_free_o == m->p.ewt &&
                             m->u_warp_preempt.q.state == KMU_WP_S_IDLE);
  o->resident_o = sco->resident_o;
  o->busy_warps_o = sco->busy_warps_o;
  o->elig_o = sco->elig_o;
  o->base_o = sco->base_o;
  o->drop_ack_o = sco->drop_ack_o;
  /* preemption work: a save or restore, or the predictor deciding a request (its walk) */
  o->pre_busy_o = (sco->pre_busy_o | w->pr_o.busy_o) & 1;
  o->ptb_count_o = sco->ptb_count_o;
  o->ctx_cmd_valid_o = sco->ctx_cmd_valid_o;
  o->ctx_cmd_op_o = sco->ctx_cmd_op_o;
  o->ctx_cmd_inplace_o = sco->ctx_cmd_inplace_o;
  o->ctx_cmd_wmask_o = sco->ctx_cmd_wmask_o;
  /* kmu_ctx_engine, issue side */
  o->ctx_cmd_ready_o = ego->cmd_ready_o;
  o->ctx_done_o = ego->done_o;
  o->ctx_done_bytes_o = ego->done_bytes_o;
  o->shm_ren_o = ego->shm_ren_o;
  o->shm_raddr_o = ego->shm_raddr_o;
  o->ip_wen_o = ego->ip_wen_o;
  o->ip_ren_o = ego->ip_ren_o;
  o->ip_addr_o = ego->ip_addr_o;
  o->ip_wdata_o = ego->ip_wdata_o;
  o->mem_req_valid_o = ego->req_valid_o;
  o->mem_req_write_o = ego->req_write_o;
  o->mem_req_addr_o = ego->req_addr_o;
  o->mem_req_wdata_o = ego->req_wdata_o;
  /* registered outputs of the register file and the predictor */
  o->rf_rd_data_o = w->rf_o.rd_data_o;
  o->armed_o = w->pr_o.armed_o;
}

/* Phase 2, from every input: the warp-preemption controller's acceptance, the dirty count,
 * the controller's next state, then the blocks it commands (controller, engine, register
 * file, predictor), each once, in data-flow order. */
void kmu_sm_comb_next(kmu_sm *m, const kmu_sm_in *i, kmu_sm_out *o) {
  kmu_sm_wires *w = &m->w;
  const kmu_sm_params *p = &m->p;

  /* one kind of preemption at a time (kmu_sm.v): no warp preemption while the sequencer pauses
   * a TB; no TB seen paused while a warp preemption is in progress */
  const uint64_t wp_en = (i->wp_en_i & 1) && !w->sc_o.simt_pause_o;

  /* kmu_warp_preempt, acceptance: the SIMT's warp status, the event's register need */
  kmu_warp_preempt_in *wp = &w->wp_i;
  wp->w_live_i = i->w_live_i;
  wp->w_inpipe_i = i->w_inpipe_i;
  wp->w_ld_i = i->w_ld_i;
  wp->w_bar_i = i->w_bar_i;
  wp->w_ibuf_i = i->w_ibuf_i;
  wp->w_icmiss_i = i->w_icmiss_i;
  wp->wstart_valid_i = i->simt_wstart_valid_i;
  wp->wstart_warp_i = i->simt_wstart_warp_i;
  wp->wstart_regs_i = i->simt_wstart_regs_i;
  wp->wexit_valid_i = i->simt_wexit_valid_i;
  wp->wexit_warp_i = i->simt_wexit_warp_i;
  wp->ev_regs_i = w->sc_o.wp_ev_regs_o;
  wp->free_regs_i = w->sc_o.wp_free_regs_o;
  wp->vpol_i = i->vpol_i;
  wp->opt_i = i->opt_i;
  wp->wp_en_i = wp_en;
  kmu_warp_preempt_comb_ready(&m->u_warp_preempt, wp, &w->wp_o);
  const uint64_t sc_paused = (w->wp_o.busy_o & 1) ? 0 : i->simt_paused_i;

  /* kmu_dirty_rf, dirty count: of the TB about to be saved while the engine is idle, else of
   * the engine's scan */
  kmu_dirty_rf_in *rf = &w->rf_i;
  rf->scan_wmask_i = (w->eg_o.cmd_ready_o & 1) ? w->sc_o.dq_wmask_o : w->eg_o.scan_wmask_o;
  kmu_dirty_rf_comb_cnt(&m->u_dirty_rf, rf, &w->rf_o);

  /* kmu_sm_ctrl: the dispatcher and the SIMT from outside, decisions from the predictor, the
   * engine's handshake, the dirty count, the warp-preemption controller's acceptance */
  kmu_sm_ctrl_in *sc = &w->sc_i;
  sc->start_valid_i = i->start_valid_i;
  sc->start_ewarp_i = i->start_ewarp_i;
  sc->start_slot_i = i->start_slot_i;
  sc->start_tb_i = i->start_tb_i;
  sc->start_warps_i = i->start_warps_i;
  sc->start_regs_i = i->start_regs_i;
  sc->start_shmem_i = i->start_shmem_i;
  sc->start_kptr_i = i->start_kptr_i;
  sc->start_param_i = i->start_param_i;
  sc->simt_start_ready_i = i->simt_start_ready_i;
  sc->simt_done_valid_i = i->simt_done_valid_i;
  sc->done_ready_i = i->done_ready_i;
  sc->policy_i = i->policy_i;
  sc->inplace_en_i = i->inplace_en_i;
  sc->ckpt_valid_i = w->pr_o.ckpt_valid_o;
  sc->ckpt_mask_i = w->pr_o.ckpt_mask_o;
  sc->pre_valid_i = w->pr_o.pre_valid_o;
  sc->pre_switch_mask_i = w->pr_o.pre_switch_mask_o;
  sc->simt_paused_i = sc_paused;
  sc->ctx_cmd_ready_i = w->eg_o.cmd_ready_o;
  sc->ctx_done_i = w->eg_o.done_o;
  sc->dirty_cnt_i = w->rf_o.dirty_cnt_o;
  sc->wp_en_i = wp_en;
  sc->wp_ev_ready_i = w->wp_o.ev_ready_o;
  sc->drop_valid_i = i->drop_valid_i;
  sc->drop_slot_i = i->drop_slot_i;
  /* the yield lane's answer: TAKEN/SPIN switch the TB, NOWORK/FULL release it */
  const int y_ans = m->q.y_st == KMU_SM_Y_ANS && (i->yr_valid_i & 1);
  const unsigned y_code = (unsigned)(i->yr_code_i & 3);
  const int y_take = y_code == 0 || y_code == 1; /* KMU_YR_TAKEN, KMU_YR_SPIN */
  sc->yld_go_i = (uint64_t)(y_ans && y_take);
  sc->yld_rel_i = (uint64_t)(y_ans && !y_take);
  o->simt_yres_valid_o = (uint64_t)y_ans;
  o->simt_yres_rtb_o = m->q.y_rtb;
  o->simt_yres_code_o = y_code;
  kmu_sm_ctrl_comb_next(&m->u_sm_ctrl, sc, &w->sc_o);

  /* kmu_warp_preempt: the controller's event request, the save/restore handshakes */
  wp->ev_valid_i = w->sc_o.wp_ev_valid_o;
  wp->ev_pc_i = w->sc_o.wp_ev_pc_o;
  wp->ev_id_i = w->sc_o.wp_ev_id_o;
  wp->rsave_ready_i = i->rsave_ready_i;
  wp->rsave_done_i = i->rsave_done_i;
  wp->ev_done_i = i->ev_done_i;
  wp->rrest_ready_i = i->rrest_ready_i;
  wp->rrest_done_i = i->rrest_done_i;
  kmu_warp_preempt_comb_next(&m->u_warp_preempt, wp, &w->wp_o);

  /* kmu_ctx_engine: the controller's command, the memory port */
  kmu_ctx_engine_in *eg = &w->eg_i;
  eg->cmd_valid_i = w->sc_o.ctx_cmd_valid_o;
  eg->cmd_op_i = w->sc_o.ctx_cmd_op_o;
  eg->cmd_inplace_i = w->sc_o.ctx_cmd_inplace_o;
  eg->cmd_wmask_i = w->sc_o.ctx_cmd_wmask_o;
  eg->cmd_rpw_i = w->sc_o.ctx_cmd_rpw_o;
  eg->cmd_shmem_i = w->sc_o.ctx_cmd_shmem_o;
  eg->cmd_area_i = w->sc_o.ctx_cmd_area_o;
  eg->abort_i = w->sc_o.ctx_abort_o; /* a drop of the command's tag (TReM) */
  eg->req_ready_i = i->mem_req_ready_i;
  eg->rsp_valid_i = i->mem_rsp_valid_i;
  eg->rsp_rdata_i = i->mem_rsp_rdata_i;
  kmu_ctx_engine_comb_next(&m->u_ctx_engine, eg, &w->eg_o);

  /* kmu_dirty_rf: the engine's restore write wins the write port */
  const int rfw = (int)(w->eg_o.rfw_valid_o & 1);
  rf->wr_valid_i = rfw || (i->rf_wr_valid_i & 1);
  rf->wr_warp_i = rfw ? w->eg_o.rfw_warp_o : i->rf_wr_warp_i;
  rf->wr_reg_i = rfw ? w->eg_o.rfw_reg_o : i->rf_wr_reg_i;
  rf->wr_data_i = rfw ? w->eg_o.rfw_data_o : i->rf_wr_data_i;
  rf->rd_valid_i = i->rf_rd_valid_i;
  rf->rd_warp_i = i->rf_rd_warp_i;
  rf->rd_reg_i = i->rf_rd_reg_i;
  rf->exit_valid_i = i->simt_wexit_valid_i;
  rf->exit_warp_i = i->simt_wexit_warp_i;
  rf->scan_start_i = w->eg_o.scan_start_o;
  rf->scan_rpw_i = w->eg_o.scan_rpw_o;
  rf->scan_all_i = w->eg_o.scan_all_o;
  rf->scan_ready_i = w->eg_o.scan_ready_o;
  kmu_dirty_rf_comb_next(&m->u_dirty_rf, rf, &w->rf_o);

  /* kmu_pep_predictor: TB events from the controller's SIMT handshakes */
  kmu_pep_predictor_in *pr = &w->pr_i;
  const uint64_t st_fire = (w->sc_o.simt_start_valid_o & 1) && (i->simt_start_ready_i & 1);
  const uint64_t done_rtb = i->simt_done_rtb_i & kmu_mask(clog2_min1(p->tbs));
  const uint64_t done_live = w->pr_o.live_o >> done_rtb & 1; /* 0 past TBS, as 1 << rtb is */
  pr->tb_start_valid_i = st_fire && !(w->sc_o.simt_start_ewarp_o & 1);
  pr->tb_start_rtb_i = w->sc_o.simt_start_rtb_o;
  pr->tb_start_kslot_i = w->sc_o.simt_start_slot_o;
  pr->tb_start_insts_i = i->simt_start_insts_i;
  pr->tb_start_restored_i = w->sc_o.simt_start_restore_o;
  pr->tb_inst_valid_i = i->simt_inst_valid_i;
  pr->tb_inst_rtb_i = i->simt_inst_rtb_i;
  pr->tb_done_valid_i = (i->simt_done_valid_i & 1) && done_live;
  pr->tb_done_rtb_i = i->simt_done_rtb_i;
  pr->tb_evict_valid_i = w->sc_o.simt_evict_valid_o;
  pr->tb_evict_rtb_i = w->sc_o.simt_evict_rtb_o;
  pr->kslot_clear_valid_i = i->kslot_clear_valid_i;
  pr->kslot_clear_i = i->kslot_clear_i;
  pr->elig_i = w->sc_o.elig_o;
  pr->base_i = w->sc_o.base_o;
  pr->policy_i = i->policy_i;
  pr->pred_launch_i = i->pred_launch_i;
  pr->deadline_i = i->deadline_i;
  /* allocated context bytes as the engine moves them: regs * REG_BYTES / 32 (a warp register
   * holds 32 threads' registers) + shared memory (18-bit differences, as in the RTL) */
  const uint64_t regs_alloc = (p->regs - w->sc_o.free_regs_o) & kmu_mask(18);
  const uint64_t shmem_alloc = (p->shmem - w->sc_o.free_shmem_o) & kmu_mask(18);
  pr->ctx_bytes_i = ((((regs_alloc * p->reg_bytes) & kmu_mask(32)) >> 5) + shmem_alloc) &
                    kmu_mask(24);
  pr->bw_shift_i = i->bw_shift_i;
  pr->hint_valid_i = i->hint_valid_i;
  pr->preempt_valid_i = i->preempt_valid_i;
  kmu_pep_predictor_comb_next(&m->u_pep_predictor, pr, &w->pr_o);

  const kmu_sm_ctrl_out *sco = &w->sc_o;
  const kmu_ctx_engine_out *ego = &w->eg_o;
  const kmu_dirty_rf_out *rfo = &w->rf_o;
  const kmu_pep_predictor_out *pro = &w->pr_o;
  const kmu_warp_preempt_out *wpo = &w->wp_o;
  /* kmu_sm_ctrl's refusals and decision race */
  o->err_overflow_o = sco->err_overflow_o;
  o->err_done_o = sco->err_done_o;
  o->err_dec_o = sco->err_dec_o;
  /* kmu_ctx_engine, response side */
  o->shm_wen_o = ego->shm_wen_o;
  o->shm_waddr_o = ego->shm_waddr_o;
  o->shm_wdata_o = ego->shm_wdata_o;
  /* kmu_dirty_rf */
  o->rf_wr_ready_o = !(ego->rfw_valid_o & 1);
  /* kmu_warp_preempt */
  o->vic_stop_o = wpo->vic_stop_o;
  o->vic_boost_o = wpo->vic_boost_o;
  o->ibuf_flush_o = wpo->ibuf_flush_o;
  o->bar_skip_o = wpo->bar_skip_o;
  o->bar_reins_o = wpo->bar_reins_o;
  o->ld_drop_o = wpo->ld_drop_o;
  o->rsave_valid_o = wpo->rsave_valid_o;
  o->rsave_warp_o = wpo->rsave_warp_o;
  o->rsave_nregs_o = wpo->rsave_nregs_o;
  o->stk_push_o = wpo->stk_push_o;
  o->stk_pc_o = wpo->stk_pc_o;
  o->ev_start_o = wpo->ev_start_o;
  o->stk_pop_o = wpo->stk_pop_o;
  o->rrest_valid_o = wpo->rrest_valid_o;
  o->rrest_warp_o = wpo->rrest_warp_o;
  o->rrest_nregs_o = wpo->rrest_nregs_o;
  o->vic_resume_o = wpo->vic_resume_o;
  o->wp_busy_o = wpo->busy_o;
  o->wp_refuse_o = wpo->ev_refuse_o;
  o->wp_lat_o = wpo->lat_o;
  /* the event warp's identity: entry from kmu_warp_preempt, the rest latched at acceptance */
  m->d = m->q;
  if (sco->wp_ev_valid_o && wpo->ev_ready_o) {
    m->d.ev_tb = (uint32_t)sco->wp_ev_tb_o;
    m->d.ev_param = (uint32_t)sco->wp_ev_param_o;
    m->d.ev_slot = (unsigned)sco->wp_ev_slot_o & 0xffu;
  }
  /* the yield lane's next state (its fields load at the acceptance, the TB's from the fit
   * phase's outputs) */
  switch (m->q.y_st) {
    case KMU_SM_Y_IDLE:
      if (sco->yld_acc_o) {
        m->d.y_st = (i->yq_ready_i & 1) ? KMU_SM_Y_ANS : KMU_SM_Y_ASK;
        m->d.y_rtb = (unsigned)(i->simt_yield_rtb_i & kmu_mask(clog2_min1(m->p.tbs)));
        m->d.y_addr = (uint32_t)i->simt_yield_addr_i;
        m->d.y_ptb = (unsigned)sco->yld_ptb_o;
        m->d.y_slot = (unsigned)sco->yld_slot_o & 0xffu;
        m->d.y_tb = (uint32_t)sco->yld_tb_o;
      }
      break;
    case KMU_SM_Y_ASK:
      if (i->yq_ready_i & 1) m->d.y_st = KMU_SM_Y_ANS;
      break;
    case KMU_SM_Y_ANS:
      if (y_ans) m->d.y_st = y_take ? KMU_SM_Y_SAVE : KMU_SM_Y_IDLE;
      break;
    default:
      if (sco->yld_sd_o & 1) m->d.y_st = KMU_SM_Y_IDLE;
      break;
  }
  o->ev_rtb_o = wpo->cur_id_o & kmu_mask(clog2_min1(m->p.tbs));
  o->ev_tb_o = m->q.ev_tb;
  o->ev_param_o = m->q.ev_param;
  o->ev_slot_o = m->q.ev_slot;
  /* refusals, at the RTL's offsets */
  o->err_o = (ego->err_cmd_o & 1) << KMU_SM_ERR_CTX_CMD | (rfo->err_wr_o & 1) << KMU_SM_ERR_RF_WR |
             (rfo->err_rd_o & 1) << KMU_SM_ERR_RF_RD | (rfo->err_exit_o & 1) << KMU_SM_ERR_RF_EXIT |
             (rfo->err_scan_o & 1) << KMU_SM_ERR_RF_SCAN |
             (pro->err_start_o & 1) << KMU_SM_ERR_PR_START |
             (pro->err_inst_o & 1) << KMU_SM_ERR_PR_INST |
             (pro->err_done_o & 1) << KMU_SM_ERR_PR_DONE |
             (pro->err_evict_o & 1) << KMU_SM_ERR_PR_EVICT |
             (pro->err_clear_o & 1) << KMU_SM_ERR_PR_CLEAR |
             (wpo->err_o & 0x1f) << KMU_SM_ERR_WP;
}

void kmu_sm_comb(kmu_sm *m, const kmu_sm_in *i, kmu_sm_out *o) {
  kmu_sm_comb_fit(m, i, o);
  kmu_sm_comb_next(m, i, o);
}

void kmu_sm_tick(kmu_sm *m) {
  m->q = m->d;
  kmu_sm_ctrl_tick(&m->u_sm_ctrl);
  kmu_ctx_engine_tick(&m->u_ctx_engine);
  kmu_dirty_rf_tick(&m->u_dirty_rf);
  kmu_pep_predictor_tick(&m->u_pep_predictor);
  kmu_warp_preempt_tick(&m->u_warp_preempt);
}
