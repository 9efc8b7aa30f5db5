/* kmu_gpu.c - C twin of rtl/kmu_gpu.v.
 *
 * Wiring only, as in the RTL.  kmu_gpu_comb() evaluates every block once per cycle in one fixed
 * order, with no settle passes.  One cycle's combinational chain crosses blocks several times
 * (kmu slot_p -> dispatch q_slot -> kmu q_* -> dispatch need -> SM fit -> dispatch take/start
 * -> kmu take_* -> dispatch start_* -> SM start), so a block on it is split into phases, each
 * a function of the block's state and the inputs known by then; its comb() (used by its own
 * lockstep harness) is the phases in order, so the logic exists once.  The order:
 *   (1) registered outputs: kmu_frontend_comb_out, kmu_preempt_ctrl_comb_out,
 *       kmu_kmu_comb_slot (slot vectors, completion request), kmu_copy_engine_comb_out,
 *       kmu_revoke_comb (for its outputs, all registers; evaluated again in 8b for its next
 *       state), kmu_elastic_comb (every input a register: CSRs and the top's event stage),
 *       kmu_trem_policy_comb (for its split, registers; evaluated again in 8b);
 *   (2) kmu_dispatch_comb_slot (level, slot), kmu_kmu_comb_q, kmu_kmu_comb_take (it needs only
 *       the pick: the pick's kernel tag gives its class), kmu_dispatch_comb_need;
 *   (3) kmu_sm_comb_fit per SM (fit answers, SIMT start offer, TB done, memory request);
 *   (4) kmu_dispatch_comb_take (SM, take), kmu_dispatch_comb_start;
 *   (5) the SIMT start and TB-done arbiters; (6) the memory port, then kmu_copy_engine (its
 *       commands and completion ready from the front end's registers, its device side from
 *       the port, its host side from the host link);
 *   (7) kmu_sm_comb_next per SM; (8) kmu_kmu_comb_next; (8b) kmu_trem_policy_comb (the
 *       dispatcher's status, the request stage), kmu_revoke_comb (admissions, completions,
 *       acknowledges, the arbitrated request) and the top's Elastic event stage; (9) kmu_preempt_ctrl_comb_next;
 *   (10) kmu_frontend_comb_next.
 * The front end, the preemption trigger and the copy engine are Moore blocks (every output from registers), so
 * they give their outputs first and take their inputs last.  The order is proved by the
 * lockstep against the RTL (scripts/test_kmu_gpu_cosim.sh): a block that read a net before it
 * is driven would see the previous cycle's value and mismatch. */
#include "kmu_gpu.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned clog2_min1(unsigned n) {
  unsigned w = 0;
  while ((1u << w) < n) w++;
  return w ? w : 1;
}

void kmu_gpu_init(kmu_gpu *m, const kmu_gpu_params *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  /* kmu_kmu's outstanding-count bits (KMU_OUT_W in the RTL): clog2(NSM * (TBS + PTBS + EWT) + 1) */
  kmu_kmu_params kp = {p->slots, p->pend, clog2_min1(p->entries), p->ct,
                       kmu_clog2((uint64_t)p->nsm * (p->tbs + p->ptbs + p->ewt) + 1)};
  kmu_dispatch_params dp = {p->nsm, p->slots};
  if (p->nsm < 1 || p->nsm > KMU_GPU_LANES) {
    fprintf(stderr, "kmu_gpu model: NSM=%u, the C twin holds 1..%u SMs\n", p->nsm,
            KMU_GPU_LANES);
    abort();
  }
  kmu_sm_params sp = {p->tbs,       p->warps, p->regs,  p->shmem,     p->ewt,
                      p->ptbs,      p->area_bytes, p->ipb, p->rpw,   32,
                      p->reg_bytes, p->beat_bytes, p->ct, p->ema_sh, p->pep_tw};
  kmu_preempt_ctrl_params pp = {p->nsm, p->tbs, p->ct};
  kmu_rr_arb_params ap = {p->nsm};
  kmu_mem_port_params mp = {2 + p->nsm}; /* client 1+NSM: the copy engine */
  kmu_copy_engine_params cep = {p->cp_nprio, p->cp_qd, p->cp_idw, p->cp_lenw, p->cp_buf};
  /* DB_PEND_W: kmu_gpu keeps kmu_frontend's default 8 */
  kmu_frontend_params fp = {p->aw,       p->entries, p->cnt_w,  p->nsm,
                            p->cp_nprio, p->cp_lenw, p->cp_idw, 8};
  kmu_frontend_init(&m->u_frontend, &fp);
  kmu_kmu_init(&m->u_kmu, &kp);
  kmu_dispatch_init(&m->u_dispatch, &dp);
  kmu_preempt_ctrl_init(&m->u_preempt_ctrl, &pp);
  m->u_sm = calloc(p->nsm, sizeof *m->u_sm);
  for (unsigned s = 0; s < p->nsm; s++) kmu_sm_init(&m->u_sm[s], &sp);
  kmu_rr_arb_init(&m->u_start_arb, &ap);
  kmu_rr_arb_init(&m->u_done_arb, &ap);
  kmu_mem_port_init(&m->u_mem_port, &mp);
  kmu_copy_engine_init(&m->u_copy_engine, &cep);
  kmu_revoke_params rvp = {p->nsm, p->ct, 16, 4, 32};
  kmu_elastic_params elp = {p->nsm, 8, 32};
  kmu_revoke_init(&m->u_revoke, &rvp);
  kmu_elastic_init(&m->u_elastic, &elp);
  kmu_trem_policy_params tpp = {p->nsm, 16, 4, 8};
  kmu_trem_policy_init(&m->u_trem_policy, &tpp);
  kmu_yield_mon_params ymp = {p->nsm, KMU_GPU_YW, p->ptbs, p->cnt_w};
  kmu_yield_mon_init(&m->u_yield_mon, &ymp);
}

void kmu_gpu_free(kmu_gpu *m) {
  kmu_frontend_free(&m->u_frontend);
  kmu_kmu_free(&m->u_kmu);
  kmu_dispatch_free(&m->u_dispatch);
  kmu_preempt_ctrl_free(&m->u_preempt_ctrl);
  for (unsigned s = 0; s < m->p.nsm; s++) kmu_sm_free(&m->u_sm[s]);
  free(m->u_sm);
  kmu_rr_arb_free(&m->u_start_arb);
  kmu_rr_arb_free(&m->u_done_arb);
  kmu_mem_port_free(&m->u_mem_port);
  kmu_copy_engine_free(&m->u_copy_engine);
  kmu_revoke_free(&m->u_revoke);
  kmu_elastic_free(&m->u_elastic);
  kmu_trem_policy_free(&m->u_trem_policy);
  kmu_yield_mon_free(&m->u_yield_mon);
}

void kmu_gpu_reset(kmu_gpu *m) {
  kmu_frontend_reset(&m->u_frontend);
  kmu_kmu_reset(&m->u_kmu);
  kmu_dispatch_reset(&m->u_dispatch);
  kmu_preempt_ctrl_reset(&m->u_preempt_ctrl);
  for (unsigned s = 0; s < m->p.nsm; s++) kmu_sm_reset(&m->u_sm[s]);
  kmu_rr_arb_reset(&m->u_start_arb);
  kmu_rr_arb_reset(&m->u_done_arb);
  kmu_mem_port_reset(&m->u_mem_port);
  kmu_copy_engine_reset(&m->u_copy_engine);
  kmu_revoke_reset(&m->u_revoke);
  kmu_elastic_reset(&m->u_elastic);
  kmu_trem_policy_reset(&m->u_trem_policy);
  kmu_yield_mon_reset(&m->u_yield_mon);
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
  m->el_t0_we = 0;
  memset(&m->w, 0, sizeof m->w);
}

/* One cycle's combinational logic: every block once, in this fixed order (phases of a block
 * split where a later block's output feeds it in the same cycle; see the header). */
void kmu_gpu_comb(kmu_gpu *m, const kmu_gpu_in *i, kmu_gpu_out *o) {
  kmu_gpu_wires *w = &m->w;
  const unsigned nsm = m->p.nsm;
  const unsigned rtb_w = clog2_min1(m->p.tbs), tag_w = clog2_min1(m->p.ct);

  /* (1) registered outputs: the front end (AXI slave, CSRs, pending descriptor), the preemption
   * trigger, the kernel management unit's slot vectors and completion request */
  w->fe_i.s_awvalid_i = i->s_awvalid_i;
  w->fe_i.s_awaddr_i = i->s_awaddr_i;
  w->fe_i.s_wvalid_i = i->s_wvalid_i;
  w->fe_i.s_wdata_i = i->s_wdata_i;
  w->fe_i.s_wstrb_i = i->s_wstrb_i;
  w->fe_i.s_bready_i = i->s_bready_i;
  w->fe_i.s_arvalid_i = i->s_arvalid_i;
  w->fe_i.s_araddr_i = i->s_araddr_i;
  w->fe_i.s_rready_i = i->s_rready_i;
  kmu_frontend_comb_out(&m->u_frontend, &w->fe_i, &w->fe_o);
  kmu_preempt_ctrl_comb_out(&m->u_preempt_ctrl, &w->pc_o);
  kmu_kmu_comb_slot(&m->u_kmu, &w->kmu_o);
  kmu_copy_engine_comb_out(&m->u_copy_engine, &w->ce_o);
  /* TReM: kmu_revoke's outputs are registers (req_ready_o from its state register): an early
   * evaluation gives them; its next state comes from the evaluation after kmu_kmu (8b), which
   * overwrites everything this one computed */
  kmu_revoke_comb(&m->u_revoke, &w->rv_i, &w->rv_o);
  /* kmu_elastic: every input is a register here (the CSRs, the event stage), so one evaluation */
  w->el_i.sla_i = w->fe_o.trem_sla_o;
  w->el_i.period_i = w->fe_o.trem_period_o;
  w->el_i.shift_i = w->fe_o.trem_shift_o;
  w->el_i.unit_i = w->fe_o.trem_unit_o;
  w->el_i.arr_i = m->q.arr;
  w->el_i.fin_i = m->q.fin;
  w->el_i.smp_valid_i = m->q.smp;
  w->el_i.smp_time_i = m->q.smp_t;
  w->el_i.cpl_i = m->q.cpl;
  kmu_elastic_comb(&m->u_elastic, &w->el_i, &w->el_o);
  /* kmu_trem_policy: its split (part_o, umask_o) is registers; the evaluation in 8b, with
   * this cycle's inputs, gives its request and next state */
  kmu_trem_policy_comb(&m->u_trem_policy, &w->tp_i, &w->tp_o);
  /* GPUpIO: kmu_yield_mon's answer and wake port are registers (an early evaluation gives
   * them; the one after the memory port (6b), with this cycle's inputs, its lane ready and next
   * state); the wake's routing to the SMs (kmu_gpu.v: head at once, a spin parked per SM until
   * nothing waits for the SM: other_q); YIELD_CTRL.TAIL parks a woken TB as a spin; the port is
   * never held (issue 13): a park into a busy entry pushes the parked TB out to its SM */
  kmu_yield_mon_comb(&m->u_yield_mon, &w->ym_i, &w->ym_o);
  const unsigned y_wsm = (unsigned)w->ym_o.wk_sm_o % nsm;
  const int y_hd = (w->ym_o.wk_head_o & 1) && !(w->fe_o.ytail_o & 1);
  const int y_wk_ready = 1;
  const int y_wk_fire = (w->ym_o.wk_valid_o & 1) && y_wk_ready;
  uint64_t y_head_wk = 0, y_park = 0, y_rel = 0;
  if (y_wk_fire) {
    if (y_hd) y_head_wk = 1ull << y_wsm;
    else y_park = 1ull << y_wsm;
  }
  /* the bounded wait (kmu_gpu.v): bit MAXWAIT + 2 of the timebase rises (y_tick); an entry's
   * age at its terminal count (2) releases it whatever other_q says */
  const unsigned y_mw = (unsigned)w->fe_o.ymaxwait_o & 15;
  const unsigned y_selb = (m->q.yt >> (y_mw + 2)) & 1;
  const int y_tick = y_selb && !m->q.ysel;
  uint64_t y_exp = 0;
  for (unsigned s = 0; s < nsm && y_mw; s++)
    if (m->q.yp_age[s] & 2) y_exp |= 1ull << s;
  y_rel = m->q.yp_valid & (~m->q.other | y_exp | y_park) & ~y_head_wk;
  /* kmu_kmu's TReM inputs: the host launch's class and estimate, kmu_revoke's stop and free */
  w->kmu_i.host_class_i = w->fe_o.host_class_o;
  w->kmu_i.host_est_i = w->fe_o.host_est_o;
  w->kmu_i.rvk_tag_i = w->rv_o.tag_o;
  w->kmu_i.stop_i = w->rv_o.stop_o;
  w->kmu_i.free_i = w->rv_o.free_o;
  w->kmu_i.free_replay_i = w->rv_o.free_replay_o;

  /* (2) dispatch: the level and the slot; kmu: the slot's needs; dispatch: the need */
  w->dsp_i.slot_p0_i = w->kmu_o.slot_p0_o;
  w->dsp_i.slot_p1_i = w->kmu_o.slot_p1_o;
  w->dsp_i.slot_p2_i = w->kmu_o.slot_p2_o;
  w->dsp_i.slot_p3_i = w->kmu_o.slot_p3_o;
  kmu_dispatch_comb_slot(&m->u_dispatch, &w->dsp_i, &w->dsp_o);
  w->kmu_i.q_slot_i = w->dsp_o.q_slot_o;
  w->kmu_i.take_slot_i = w->dsp_o.take_slot_o;
  kmu_kmu_comb_q(&m->u_kmu, &w->kmu_i, &w->kmu_o);
  kmu_kmu_comb_take(&m->u_kmu, &w->kmu_i, &w->kmu_o);
  w->dsp_i.q_warps_i = w->kmu_o.q_warps_o;
  w->dsp_i.q_regs_i = w->kmu_o.q_regs_o;
  w->dsp_i.q_shmem_i = w->kmu_o.q_shmem_o;
  w->dsp_i.q_event_i = w->kmu_o.q_event_o;
  kmu_dispatch_comb_need(&m->u_dispatch, &w->dsp_i, &w->dsp_o);

  /* (3) SMs, fit phase: the need, hold, the SIMT side, the configuration */
  for (unsigned s = 0; s < nsm; s++) {
    kmu_sm_in *si = &w->sm_i[s];
    si->need_warps_i = w->dsp_o.need_warps_o;
    si->need_regs_i = w->dsp_o.need_regs_o;
    si->need_shmem_i = w->dsp_o.need_shmem_o;
    si->need_ewarp_i = w->dsp_o.need_ewarp_o;
    si->policy_i = w->fe_o.pre_policy_o;
    si->inplace_en_i = w->fe_o.pre_inplace_o;
    si->wp_en_i = w->fe_o.pre_wp_en_o;
    si->vpol_i = w->fe_o.pre_vpol_o;
    si->opt_i = w->fe_o.pre_opt_o;
    /* SM s's checkpoint areas: 2 * PTBS areas above the system base */
    si->ctx_base_i = (w->fe_o.pre_ctx_base_o + (uint64_t)s * 2 * m->p.ptbs * m->p.area_bytes) &
                     0xffffffffu;
    si->hold_i = w->pc_o.hold_o;
    si->pred_launch_i = w->fe_o.pre_pred_launch_o;
    si->deadline_i = w->fe_o.pre_deadline_o;
    si->bw_shift_i = w->fe_o.pre_bw_shift_o;
    si->hint_valid_i = w->fe_o.pre_hint_valid_o;
    si->preempt_valid_i = (w->pc_o.preempt_o >> s) & 1;
    si->simt_start_insts_i = i->simt_start_insts_i;
    si->simt_done_valid_i = i->simt_done_valid_i && i->simt_done_sm_i == s;
    si->simt_done_rtb_i = i->simt_done_rtb_i & kmu_mask(rtb_w);
    /* the SIMT-side ports of SM s */
    si->simt_inst_valid_i = i->simt_inst_valid_i[s];
    si->simt_inst_rtb_i = i->simt_inst_rtb_i[s];
    si->simt_paused_i = i->simt_paused_i[s];
    si->simt_wstart_valid_i = i->simt_wstart_valid_i[s];
    si->simt_wstart_warp_i = i->simt_wstart_warp_i[s];
    si->simt_wstart_regs_i = i->simt_wstart_regs_i[s];
    si->simt_wexit_valid_i = i->simt_wexit_valid_i[s];
    si->simt_wexit_warp_i = i->simt_wexit_warp_i[s];
    si->rf_wr_valid_i = i->rf_wr_valid_i[s];
    si->rf_wr_warp_i = i->rf_wr_warp_i[s];
    si->rf_wr_reg_i = i->rf_wr_reg_i[s];
    si->rf_wr_data_i = i->rf_wr_data_i[s];
    si->rf_rd_valid_i = i->rf_rd_valid_i[s];
    si->rf_rd_warp_i = i->rf_rd_warp_i[s];
    si->rf_rd_reg_i = i->rf_rd_reg_i[s];
    si->shm_rdata_i = i->shm_rdata_i[s];
    si->ip_rdata_i = i->ip_rdata_i[s];
    si->w_live_i = i->w_live_i[s];
    si->w_inpipe_i = i->w_inpipe_i[s];
    si->w_ld_i = i->w_ld_i[s];
    si->w_bar_i = i->w_bar_i[s];
    si->w_ibuf_i = i->w_ibuf_i[s];
    si->w_icmiss_i = i->w_icmiss_i[s];
    si->rsave_ready_i = i->rsave_ready_i[s];
    si->rsave_done_i = i->rsave_done_i[s];
    si->ev_done_i = i->ev_done_i[s];
    si->rrest_ready_i = i->rrest_ready_i[s];
    si->rrest_done_i = i->rrest_done_i[s];
    si->drop_valid_i = (w->rv_o.drop_o >> s) & 1; /* TReM: kmu_revoke's drop of its target */
    si->drop_slot_i = w->rv_o.tag_o;
    si->simt_yield_valid_i = i->simt_yield_valid_i[s];
    si->simt_yield_rtb_i = i->simt_yield_rtb_i[s];
    si->simt_yield_addr_i = i->simt_yield_addr_i[s];
    si->wk_valid_i = ((y_head_wk | y_rel) >> s) & 1;
    si->wk_ptb_i = ((y_head_wk >> s) & 1) ? w->ym_o.wk_ptb_o : m->q.yp_ptb[s];
    kmu_sm_comb_fit(&m->u_sm[s], si, &w->sm_o[s]);
  }

  /* (4) dispatch: the SM and the take; kmu: the slot's next TB; dispatch: the start */
  uint64_t fit = 0, ewt_fit = 0, ewt_idle = 0;
  for (unsigned s = 0; s < nsm; s++) {
    fit |= (w->sm_o[s].fit_o & 1) << s;
    ewt_fit |= (w->sm_o[s].ewt_fit_o & 1) << s;
    ewt_idle |= (w->sm_o[s].ewt_idle_o & 1) << s;
  }
  w->dsp_i.sm_fit_i = fit;
  w->dsp_i.sm_ewt_fit_i = ewt_fit;
  w->dsp_i.sm_ewt_idle_i = ewt_idle; /* an SM whose table entry would start now */
  w->dsp_i.reserve_mask_i = w->fe_o.reserve_mask_o; /* SM_RESERVE */
  /* TReM Elastic's split, and the pick's class: its kernel tag's class bit (el_user_q) */
  w->dsp_i.part_i = w->tp_o.part_o;
  w->dsp_i.umask_i = w->tp_o.umask_o;
  w->dsp_i.q_user_i = m->q.user[(unsigned)w->kmu_o.take_tag_o % m->p.ct];
  kmu_dispatch_comb_take(&m->u_dispatch, &w->dsp_i, &w->dsp_o);
  w->dsp_i.take_tb_i = w->kmu_o.take_tb_o;
  w->dsp_i.take_kptr_i = w->kmu_o.take_kptr_o;
  w->dsp_i.take_param_i = w->kmu_o.take_param_o;
  kmu_dispatch_comb_start(&m->u_dispatch, &w->dsp_i, &w->dsp_o);

  /* (5) SIMT start bus and TB-done arbiters, from the SMs' offers */
  uint64_t st_req = 0, dn_req = 0;
  for (unsigned s = 0; s < nsm; s++) {
    st_req |= (w->sm_o[s].simt_start_valid_o & 1) << s;
    dn_req |= (w->sm_o[s].done_valid_o & 1) << s;
  }
  w->st_arb_i.req_i = st_req;
  w->st_arb_i.ack_i = i->simt_start_ready_i; /* acks the grant, if any */
  kmu_rr_arb_comb(&m->u_start_arb, &w->st_arb_i, &w->st_arb_o);
  w->dn_arb_i.req_i = dn_req;
  w->dn_arb_i.ack_i = 1; /* the kernel management unit takes every done */
  kmu_rr_arb_comb(&m->u_done_arb, &w->dn_arb_i, &w->dn_arb_o);

  /* (6) memory port: client 0 completion flags, client 1+s SM s's context engine, client
   * 1+NSM the copy engine's device side */
  w->mp_i.req_valid_i = w->kmu_o.mem_req_valid_o & 1;
  w->mp_i.req_write_i = 1;
  w->mp_i.req_addr_i[0] = w->kmu_o.mem_req_addr_o & 0xffffffffu;
  w->mp_i.req_wdata_i[0] = w->kmu_o.mem_req_wdata_o & 0xffffffffu;
  for (unsigned s = 0; s < nsm; s++) {
    w->mp_i.req_valid_i |= (w->sm_o[s].mem_req_valid_o & 1) << (1 + s);
    w->mp_i.req_write_i |= (w->sm_o[s].mem_req_write_o & 1) << (1 + s);
    w->mp_i.req_addr_i[1 + s] = w->sm_o[s].mem_req_addr_o & 0xffffffffu;
    w->mp_i.req_wdata_i[1 + s] = w->sm_o[s].mem_req_wdata_o & 0xffffffffu;
  }
  w->mp_i.req_valid_i |= (w->ce_o.dev_req_valid_o & 1) << (1 + nsm);
  w->mp_i.req_write_i |= (w->ce_o.dev_req_write_o & 1) << (1 + nsm);
  w->mp_i.req_addr_i[1 + nsm] = w->ce_o.dev_req_addr_o & 0xffffffffu;
  w->mp_i.req_wdata_i[1 + nsm] = w->ce_o.dev_req_wdata_o & 0xffffffffu;
  w->mp_i.mem_ready_i = i->mem_ready_i;
  w->mp_i.mem_rvalid_i = i->mem_rvalid_i;
  w->mp_i.mem_rdata_i = i->mem_rdata_i;
  w->mp_i.mem_rclient_i = i->mem_rclient_i;
  kmu_mem_port_comb(&m->u_mem_port, &w->mp_i, &w->mp_o);
  /* ... and the copy engine: the copy window's registers, the port, the host link */
  w->ce_i.chunk_log2_i = w->fe_o.cp_chunk_log2_o;
  w->ce_i.cmd_valid_i = w->fe_o.cp_cmd_valid_o;
  w->ce_i.cmd_src_i = w->fe_o.cp_cmd_src_o;
  w->ce_i.cmd_dst_i = w->fe_o.cp_cmd_dst_o;
  w->ce_i.cmd_bytes_i = w->fe_o.cp_cmd_bytes_o;
  w->ce_i.cmd_dir_i = w->fe_o.cp_cmd_dir_o;
  w->ce_i.cmd_prio_i = w->fe_o.cp_cmd_prio_o;
  w->ce_i.cmd_id_i = w->fe_o.cp_cmd_id_o;
  w->ce_i.cpl_ready_i = w->fe_o.cp_cpl_ready_o;
  w->ce_i.dev_req_ready_i = (w->mp_o.req_ready_o >> (1 + nsm)) & 1;
  w->ce_i.dev_rsp_valid_i = (w->mp_o.rsp_valid_o >> (1 + nsm)) & 1;
  w->ce_i.dev_rsp_rdata_i = w->mp_o.rsp_rdata_o;
  w->ce_i.host_req_ready_i = i->hlink_req_ready_i;
  w->ce_i.host_rsp_valid_i = i->hlink_rsp_valid_i;
  w->ce_i.host_rsp_rdata_i = i->hlink_rsp_rdata_i;
  kmu_copy_engine_comb(&m->u_copy_engine, &w->ce_i, &w->ce_o);
  /* (6b) kmu_yield_mon: the SMs' lanes and save dones, the snoops (a write the memory
   * accepts on the port, from any client; the MMIO signal window), other_q, the wake ready */
  {
    kmu_yield_mon_in *yi = &w->ym_i;
    yi->yq_valid_i = yi->sd_valid_i = 0;
    for (unsigned s = 0; s < nsm; s++) {
      const kmu_sm_out *so = &w->sm_o[s];
      yi->yq_valid_i |= (uint64_t)(so->yq_valid_o & 1) << s;
      yi->sd_valid_i |= (uint64_t)(so->sd_valid_o & 1) << s;
      yi->yq_addr_i[s] = so->yq_addr_o;
      yi->yq_slot_i[s] = so->yq_slot_o;
      yi->yq_tb_i[s] = so->yq_tb_o;
      yi->yq_ptb_i[s] = so->yq_ptb_o;
    }
    yi->other_i = m->q.other;
    yi->park_i = m->q.yp_valid; /* a spin is refused (FULL) while its SM's park is busy */
    yi->mw_valid_i = (w->mp_o.mem_valid_o & 1) && (i->mem_ready_i & 1) && (w->mp_o.mem_write_o & 1);
    yi->mw_addr_i = w->mp_o.mem_addr_o;
    yi->sw_valid_i = w->fe_o.ysig_valid_o; /* YIELD_SIGNAL (kmu_csr, a register) */
    yi->sw_addr_i = w->fe_o.ysig_addr_o;
    yi->wk_ready_i = (uint64_t)y_wk_ready;
    kmu_yield_mon_comb(&m->u_yield_mon, yi, &w->ym_o);
  }

  /* (7) SMs, next phase: the start, the arbiters' grants, the memory port */
  const uint64_t st_fire = w->st_arb_o.gnt_valid_o && i->simt_start_ready_i;
  /* a new kernel's first TB: forget the profile of its tag (KSLOTS = CT) */
  const uint64_t kslot_clear = w->dsp_o.take_valid_o && w->kmu_o.take_tb_o == 0;
  for (unsigned s = 0; s < nsm; s++) {
    kmu_sm_in *si = &w->sm_i[s];
    si->start_valid_i = w->dsp_o.start_valid_o && w->dsp_o.start_sm_o == s;
    si->start_ewarp_i = w->dsp_o.start_ewarp_o;
    si->start_slot_i = w->kmu_o.take_tag_o; /* the kernel tag: take and start share the cycle */
    si->start_tb_i = w->dsp_o.start_tb_o;
    si->start_warps_i = w->dsp_o.start_warps_o;
    si->start_regs_i = w->dsp_o.start_regs_o;
    si->start_shmem_i = w->dsp_o.start_shmem_o;
    si->start_kptr_i = w->dsp_o.start_kptr_o;
    si->start_param_i = w->dsp_o.start_param_o;
    si->done_ready_i = (w->dn_arb_o.gnt_o >> s) & 1;
    si->kslot_clear_valid_i = kslot_clear;
    si->kslot_clear_i = w->kmu_o.take_tag_o;
    si->simt_start_ready_i = ((w->st_arb_o.gnt_o >> s) & 1) && i->simt_start_ready_i;
    si->mem_req_ready_i = (w->mp_o.req_ready_o >> (1 + s)) & 1;
    si->mem_rsp_valid_i = (w->mp_o.rsp_valid_o >> (1 + s)) & 1;
    si->mem_rsp_rdata_i = w->mp_o.rsp_rdata_o;
    si->yq_ready_i = (w->ym_o.yq_ready_o >> s) & 1;
    si->yr_valid_i = (w->ym_o.yr_valid_o & 1) && w->ym_o.yr_sm_o == s;
    si->yr_code_i = w->ym_o.yr_code_o;
    kmu_sm_comb_next(&m->u_sm[s], si, &w->sm_o[s]);
  }

  /* (8) kernel management: descriptors and host launches, the take, the done, the port */
  w->kmu_i.mode_rgem_i = w->fe_o.mode_rgem_o; /* KMU_CTRL.RGEM */
  w->kmu_i.ev_valid_i = w->fe_o.desc_valid_o;
  w->kmu_i.ev_kptr_i = w->fe_o.desc_kptr_o;
  w->kmu_i.ev_grid_x_i = w->fe_o.desc_grid_x_o;
  w->kmu_i.ev_grid_y_i = w->fe_o.desc_grid_y_o;
  w->kmu_i.ev_grid_z_i = w->fe_o.desc_grid_z_o;
  w->kmu_i.ev_tb_x_i = w->fe_o.desc_tb_x_o;
  w->kmu_i.ev_tb_y_i = w->fe_o.desc_tb_y_o;
  w->kmu_i.ev_tb_z_i = w->fe_o.desc_tb_z_o;
  w->kmu_i.ev_shmem_i = w->fe_o.desc_shmem_o;
  w->kmu_i.ev_nregs_i = w->fe_o.desc_nregs_o;
  w->kmu_i.ev_prio_i = w->fe_o.desc_prio_o;
  w->kmu_i.ev_param_i = w->fe_o.desc_param_o;
  w->kmu_i.ev_cpl_addr_i = w->fe_o.desc_param_o; /* word 0 of the submission entry */
  w->kmu_i.ev_id_i = w->fe_o.desc_id_o;
  w->kmu_i.host_valid_i = w->fe_o.host_valid_o;
  w->kmu_i.host_kptr_i = w->fe_o.host_kptr_o;
  w->kmu_i.host_grid_x_i = w->fe_o.host_grid_x_o;
  w->kmu_i.host_grid_y_i = w->fe_o.host_grid_y_o;
  w->kmu_i.host_grid_z_i = w->fe_o.host_grid_z_o;
  w->kmu_i.host_tb_x_i = w->fe_o.host_tb_x_o;
  w->kmu_i.host_tb_y_i = w->fe_o.host_tb_y_o;
  w->kmu_i.host_tb_z_i = w->fe_o.host_tb_z_o;
  w->kmu_i.host_shmem_i = w->fe_o.host_shmem_o;
  w->kmu_i.host_nregs_i = w->fe_o.host_nregs_o;
  w->kmu_i.host_prio_i = w->fe_o.host_prio_o;
  w->kmu_i.host_param_i = w->fe_o.host_param_o;
  w->kmu_i.host_cpl_addr_i = w->fe_o.host_cpl_addr_o;
  w->kmu_i.take_valid_i = w->dsp_o.take_valid_o;
  w->kmu_i.done_valid_i = w->dn_arb_o.gnt_valid_o;
  /* the SM reports the TB's kernel tag */
  w->kmu_i.done_tag_i = w->sm_o[w->dn_arb_o.gnt_idx_o % nsm].done_slot_o & kmu_mask(tag_w);
  w->kmu_i.mem_req_ready_i = w->mp_o.req_ready_o & 1;
  kmu_kmu_comb_next(&m->u_kmu, &w->kmu_i, &w->kmu_o);

  /* (8b) TReM: kmu_revoke's next state from kmu_kmu's admissions, completions and
   * acknowledges, the SMs' drop acknowledges and the window's request stage and CSRs */
  const kmu_kmu_out *ko = &w->kmu_o;
  w->rv_i.thr_i = w->fe_o.trem_thr_o;
  w->rv_i.cost_i = w->fe_o.trem_cost_o;
  w->rv_i.adm_valid_i = ko->adm_valid_o;
  w->rv_i.adm_fresh_i = ko->adm_fresh_o;
  w->rv_i.adm_tag_i = ko->adm_tag_o;
  w->rv_i.adm_lid_i = ko->adm_lid_o;
  w->rv_i.adm_user_i = ko->adm_user_o;
  w->rv_i.adm_est_i = ko->adm_est_o;
  w->rv_i.cpl_valid_i = ko->kernel_done_o;
  w->rv_i.cpl_tag_i = ko->cpl_tag_o;
  w->rv_i.iss_valid_i = m->q.rv_iss;
  w->rv_i.iss_tag_i = m->q.rv_iss_tag;
  /* kmu_trem_policy: the automatic request behind TR_CMD (kmu_revoke's ready, completion and
   * status are registers: the early evaluation's) */
  kmu_trem_policy_in *tpi = &w->tp_i;
  tpi->policy_i = w->fe_o.trem_policy_o;
  tpi->u_i = w->el_o.u_o;
  tpi->arr_i = m->q.arr;
  tpi->uq_i = w->el_o.q_o;
  tpi->stall_i = w->dsp_o.stall_o;
  tpi->user_i = w->dsp_i.q_user_i;
  tpi->csr_valid_i = w->fe_o.trem_req_valid_o;
  tpi->csr_kind_i = w->fe_o.trem_req_kind_o;
  tpi->csr_replay_i = w->fe_o.trem_req_replay_o;
  tpi->csr_id_i = w->fe_o.trem_req_id_o;
  tpi->rv_ready_i = w->rv_o.req_ready_o;
  tpi->rv_done_i = w->rv_o.done_valid_o;
  tpi->rv_status_i = w->rv_o.done_status_o;
  kmu_trem_policy_comb(&m->u_trem_policy, tpi, &w->tp_o);
  w->rv_i.req_valid_i = w->tp_o.rv_valid_o;
  w->rv_i.req_kind_i = w->tp_o.rv_kind_o;
  w->rv_i.req_replay_i = w->tp_o.rv_replay_o;
  w->rv_i.req_id_i = w->tp_o.rv_id_o;
  w->rv_i.stop_ack_i = ko->stop_ack_o;
  w->rv_i.free_ack_i = ko->free_ack_o;
  w->rv_i.drop_ack_i = 0;
  for (unsigned s = 0; s < nsm; s++) w->rv_i.drop_ack_i |= (uint64_t)(w->sm_o[s].drop_ack_o & 1) << s;
  kmu_revoke_comb(&m->u_revoke, &w->rv_i, &w->rv_o);
  /* kmu_elastic's event stage: arrivals (fresh user-facing admissions), departures (a
   * user-facing completion or retire; a second one in a cycle waits in fpend), samples
   * (completion time - admission stamp), completions */
  {
    const kmu_gpu_regs *q = &m->q;
    kmu_gpu_regs *d = &m->d;
    const unsigned ctag = (unsigned)ko->cpl_tag_o % m->p.ct, rtag = (unsigned)w->rv_o.tag_o % m->p.ct;
    const int adm_new = ko->adm_valid_o && ko->adm_fresh_o;
    const int fin_cpl = ko->kernel_done_o && q->user[ctag];
    const int fin_ret = w->rv_o.free_o && !w->rv_o.free_replay_o && q->user[rtag];
    const unsigned fins = (unsigned)fin_cpl + (unsigned)fin_ret + q->fpend;
    *d = *q;
    d->now = q->now + 1;
    if (adm_new) d->user[ko->adm_tag_o % m->p.ct] = (uint8_t)(ko->adm_user_o & 1);
    d->arr = adm_new && ko->adm_user_o;
    d->rv_iss = (unsigned)(w->dsp_o.take_valid_o & 1); /* "started": the take, registered */
    d->rv_iss_tag = (unsigned)(ko->take_tag_o & kmu_mask(tag_w));
    d->fin = fins != 0;
    d->fpend = fins ? (fins - 1) & 3 : 0;
    d->smp = fin_cpl;
    if (fin_cpl) d->smp_t = q->now - m->el_t0[ctag];
    d->cpl = ko->kernel_done_o != 0;
    /* GPUpIO: other_q, the parked spins */
    {
      /* the pick may start on SM s: kmu_dispatch's reservation and split masks (kmu_gpu.v) */
      const uint64_t all = kmu_mask(nsm), res = w->dsp_i.reserve_mask_i & all,
                     um = w->dsp_i.umask_i & all;
      const uint64_t y_res_ok = (w->dsp_i.q_event_i & 1) ? (res ? res : all) : ~res & all;
      const uint64_t y_cls_ok = !(w->dsp_i.part_i & 1) ? all
                                : (w->dsp_i.q_user_i & 1) ? (um ? um : all) : ~um & all;
      d->other = (w->dsp_o.need_valid_o & 1) ? y_res_ok & y_cls_ok : 0;
      /* and SM s's restores waiting (a woken TB, an unheld victim): the head of its queue */
      for (unsigned s = 0; s < nsm; s++) d->other |= (uint64_t)(w->sm_o[s].rst_wait_o & 1) << s;
    }
    d->yp_valid = (q->yp_valid & ~y_rel) | y_park;
    if (y_park) d->yp_ptb[y_wsm] = (unsigned)w->ym_o.wk_ptb_o;
    d->yt = (q->yt + 1) & 0x3FFFFu;
    /* YIELD_WKERR: a cycle in which an SM refused a wake (wk_err_o) */
    {
      unsigned wke = 0;
      for (unsigned s = 0; s < nsm; s++) wke |= (unsigned)(w->sm_o[s].wk_err_o & 1);
      if (wke && q->ywk_err < (uint32_t)kmu_mask(m->p.cnt_w)) d->ywk_err = q->ywk_err + 1;
    }
    d->ysel = y_selb;
    for (unsigned s = 0; s < nsm; s++) {
      if ((y_park >> s) & 1) d->yp_age[s] = 0;
      else if (y_tick && !(q->yp_age[s] & 2)) d->yp_age[s] = (uint8_t)(q->yp_age[s] + 1);
    }
    m->el_t0_we = adm_new;
    m->el_t0_a = (unsigned)ko->adm_tag_o % m->p.ct;
  }

  /* (9) preemption trigger */
  const unsigned st_idx = (unsigned)w->st_arb_o.gnt_idx_o % nsm;
  w->pc_i.en_i = (w->fe_o.pre_policy_o & 3) != 0; /* KMU_POL_DRAIN: draining only */
  w->pc_i.all_i = w->fe_o.pre_all_o;                /* PRE_CTRL.ALL */
  w->pc_i.stall_i = w->dsp_o.stall_o;
  w->pc_i.level_i = w->dsp_o.level_o;
  w->pc_i.lvl_has_tb_i = (uint64_t)(w->kmu_o.slot_p0_o != 0) |
                         (uint64_t)(w->kmu_o.slot_p1_o != 0) << 1 |
                         (uint64_t)(w->kmu_o.slot_p2_o != 0) << 2 |
                         (uint64_t)(w->kmu_o.slot_p3_o != 0) << 3;
  w->pc_i.take_valid_i = w->dsp_o.take_valid_o;
  w->pc_i.take_tag_i = w->kmu_o.take_tag_o;
  w->pc_i.st_fire_i = st_fire;
  w->pc_i.st_sm_i = st_idx;
  w->pc_i.st_rtb_i = w->sm_o[st_idx].simt_start_rtb_o;
  w->pc_i.st_tag_i = w->sm_o[st_idx].simt_start_slot_o & kmu_mask(tag_w);
  w->pc_i.busy_i = 0;
  for (unsigned s = 0; s < nsm; s++) {
    w->pc_i.elig_i[s] = w->sm_o[s].elig_o;
    w->pc_i.busy_i |= (w->sm_o[s].pre_busy_o & 1) << s;
  }
  kmu_preempt_ctrl_comb_next(&m->u_preempt_ctrl, &w->pc_i);

  /* (10) front end: descriptor and host-launch ready, EKT credits and kernel completions from
   * kmu_kmu; preemption status for PRE_STATUS and the counters (several SMs in a cycle count
   * once) */
  w->fe_i.desc_ready_i = w->kmu_o.ev_ready_o;
  w->fe_i.host_ready_i = w->kmu_o.host_ready_o;
  w->fe_i.cpl_valid_i = w->kmu_o.ekt_cpl_valid_o;
  w->fe_i.cpl_id_i = w->kmu_o.ekt_cpl_id_o;
  w->fe_i.kernel_done_i = w->kmu_o.kernel_done_o;
  uint64_t pre_busy = w->pc_o.hold_o, wp_start = 0, ctx_save = 0;
  for (unsigned s = 0; s < nsm; s++) {
    pre_busy |= w->sm_o[s].pre_busy_o;
    wp_start |= w->sm_o[s].stk_push_o != 0; /* a victim handed its slot to an event warp */
    ctx_save |= w->sm_o[s].ctx_cmd_valid_o && w->sm_o[s].ctx_cmd_ready_o &&
                w->sm_o[s].ctx_cmd_op_o != 2; /* KMU_CTX_OP_RESTORE */
  }
  w->fe_i.pre_busy_i = pre_busy & 1;
  w->fe_i.pre_req_i = w->pc_o.req_o;
  w->fe_i.wp_start_i = wp_start;
  w->fe_i.ctx_save_i = ctx_save;
  w->fe_i.cp_cmd_ready_i = w->ce_o.cmd_ready_o;
  w->fe_i.cp_cpl_valid_i = w->ce_o.cpl_valid_o;
  w->fe_i.cp_cpl_id_i = w->ce_o.cpl_id_o;
  w->fe_i.cp_cpl_status_i = w->ce_o.cpl_status_o;
  w->fe_i.cp_busy_i = w->ce_o.busy_o;
  w->fe_i.trem_req_ready_i = w->tp_o.csr_ready_o;
  w->fe_i.trem_busy_i = w->rv_o.busy_o;
  w->fe_i.trem_done_valid_i = w->tp_o.cmd_done_o; /* TR_CMD completions only */
  w->fe_i.trem_done_status_i = w->rv_o.done_status_o;
  w->fe_i.trem_done_replay_i = w->rv_o.done_replay_o;
  w->fe_i.trem_done_tag_i = w->rv_o.done_tag_o;
  w->fe_i.trem_done_lid_i = w->rv_o.done_lid_o;
  w->fe_i.trem_guard_i = w->rv_o.guard_o;
  w->fe_i.trem_guard_tag_i = w->rv_o.guard_tag_o;
  w->fe_i.trem_u_i = w->el_o.u_o;
  w->fe_i.trem_q_i = w->el_o.q_o;
  w->fe_i.trem_le_i = w->el_o.le_o;
  w->fe_i.trem_last_lid_i = w->kmu_o.last_lid_o;
  w->fe_i.trem_auto_req_i = w->tp_o.auto_cnt_o;
  w->fe_i.trem_auto_ok_i = w->tp_o.auto_ok_cnt_o;
  w->fe_i.trem_auto_nv_i = w->tp_o.auto_nv_cnt_o;
  /* the yield window's counters (kmu_yield_mon's registers) */
  w->fe_i.ycnt_take_i = w->ym_o.cnt_take_o;
  w->fe_i.ycnt_spin_i = w->ym_o.cnt_spin_o;
  w->fe_i.ycnt_full_i = w->ym_o.cnt_full_o;
  w->fe_i.ycnt_nowork_i = w->ym_o.cnt_nowork_o;
  w->fe_i.ycnt_wake_i = w->ym_o.cnt_wake_o;
  w->fe_i.ycnt_err_i = w->ym_o.cnt_err_o;
  w->fe_i.ycnt_wkerr_i = m->q.ywk_err; /* kmu_gpu's own counter (a register) */
  kmu_frontend_comb_next(&m->u_frontend, &w->fe_i);

  const kmu_sm_out *st = &w->sm_o[w->st_arb_o.gnt_idx_o % m->p.nsm];
  o->s_awready_o = w->fe_o.s_awready_o;
  o->s_wready_o = w->fe_o.s_wready_o;
  o->s_bvalid_o = w->fe_o.s_bvalid_o;
  o->s_bresp_o = w->fe_o.s_bresp_o;
  o->s_arready_o = w->fe_o.s_arready_o;
  o->s_rvalid_o = w->fe_o.s_rvalid_o;
  o->s_rdata_o = w->fe_o.s_rdata_o;
  o->s_rresp_o = w->fe_o.s_rresp_o;
  o->mem_valid_o = w->mp_o.mem_valid_o;
  o->mem_write_o = w->mp_o.mem_write_o;
  o->mem_addr_o = w->mp_o.mem_addr_o;
  o->mem_wdata_o = w->mp_o.mem_wdata_o;
  o->mem_client_o = w->mp_o.mem_client_o;
  o->hlink_req_valid_o = w->ce_o.host_req_valid_o;
  o->hlink_req_write_o = w->ce_o.host_req_write_o;
  o->hlink_req_addr_o = w->ce_o.host_req_addr_o;
  o->hlink_req_wdata_o = w->ce_o.host_req_wdata_o;
  o->simt_start_valid_o = w->st_arb_o.gnt_valid_o;
  o->simt_start_sm_o = w->st_arb_o.gnt_idx_o;
  o->simt_start_rtb_o = st->simt_start_rtb_o;
  o->simt_start_warps_o = st->simt_start_warps_o;
  o->simt_start_kptr_o = st->simt_start_kptr_o;
  o->simt_start_param_o = st->simt_start_param_o;
  o->simt_start_tb_o = st->simt_start_tb_o;
  o->simt_start_slot_o = st->simt_start_slot_o;
  o->simt_start_ewarp_o = st->simt_start_ewarp_o;
  o->simt_start_wmask_o = st->simt_start_wmask_o;
  o->simt_start_restore_o = st->simt_start_restore_o;
  o->simt_start_rpw_o = st->simt_start_rpw_o;
  o->simt_done_ready_o = 1;
  o->preempt_o = w->pc_o.preempt_o;
  o->hold_o = w->pc_o.hold_o;
  for (unsigned s = 0; s < m->p.nsm; s++) {
    const kmu_sm_out *so = &w->sm_o[s];
    o->simt_pause_o[s] = so->simt_pause_o;
    o->simt_evict_valid_o[s] = so->simt_evict_valid_o;
    o->simt_evict_rtb_o[s] = so->simt_evict_rtb_o;
    o->rf_wr_ready_o[s] = so->rf_wr_ready_o;
    o->rf_rd_data_o[s] = so->rf_rd_data_o;
    o->shm_ren_o[s] = so->shm_ren_o;
    o->shm_raddr_o[s] = so->shm_raddr_o;
    o->shm_wen_o[s] = so->shm_wen_o;
    o->shm_waddr_o[s] = so->shm_waddr_o;
    o->shm_wdata_o[s] = so->shm_wdata_o;
    o->ip_wen_o[s] = so->ip_wen_o;
    o->ip_ren_o[s] = so->ip_ren_o;
    o->ip_addr_o[s] = so->ip_addr_o;
    o->ip_wdata_o[s] = so->ip_wdata_o;
    o->vic_stop_o[s] = so->vic_stop_o;
    o->vic_boost_o[s] = so->vic_boost_o;
    o->ibuf_flush_o[s] = so->ibuf_flush_o;
    o->bar_skip_o[s] = so->bar_skip_o;
    o->bar_reins_o[s] = so->bar_reins_o;
    o->ld_drop_o[s] = so->ld_drop_o;
    o->rsave_valid_o[s] = so->rsave_valid_o;
    o->rsave_warp_o[s] = so->rsave_warp_o;
    o->rsave_nregs_o[s] = so->rsave_nregs_o;
    o->stk_push_o[s] = so->stk_push_o;
    o->stk_pc_o[s] = so->stk_pc_o;
    o->ev_start_o[s] = so->ev_start_o;
    o->stk_pop_o[s] = so->stk_pop_o;
    o->rrest_valid_o[s] = so->rrest_valid_o;
    o->rrest_warp_o[s] = so->rrest_warp_o;
    o->rrest_nregs_o[s] = so->rrest_nregs_o;
    o->vic_resume_o[s] = so->vic_resume_o;
    o->resident_o[s] = so->resident_o;
    o->elig_o[s] = so->elig_o;
    o->pre_busy_o[s] = so->pre_busy_o;
    o->ptb_count_o[s] = so->ptb_count_o;
    o->armed_o[s] = so->armed_o;
    o->ctx_cmd_valid_o[s] = so->ctx_cmd_valid_o;
    o->ctx_cmd_ready_o[s] = so->ctx_cmd_ready_o;
    o->ctx_cmd_op_o[s] = so->ctx_cmd_op_o;
    o->ctx_cmd_inplace_o[s] = so->ctx_cmd_inplace_o;
    o->ctx_cmd_wmask_o[s] = so->ctx_cmd_wmask_o;
    o->ctx_done_o[s] = so->ctx_done_o;
    o->ctx_done_bytes_o[s] = so->ctx_done_bytes_o;
    o->wp_busy_o[s] = so->wp_busy_o;
    o->wp_refuse_o[s] = so->wp_refuse_o;
    o->wp_lat_o[s] = so->wp_lat_o;
    o->ev_rtb_o[s] = so->ev_rtb_o;
    o->ev_tb_o[s] = so->ev_tb_o;
    o->ev_param_o[s] = so->ev_param_o;
    o->ev_slot_o[s] = so->ev_slot_o;
    o->simt_yield_ready_o[s] = so->simt_yield_ready_o;
    o->simt_yres_valid_o[s] = so->simt_yres_valid_o;
    o->simt_yres_rtb_o[s] = so->simt_yres_rtb_o;
    o->simt_yres_code_o[s] = so->simt_yres_code_o;
  }
  o->kernel_done_o = w->kmu_o.kernel_done_o;
  uint64_t sm_err = 0;
  for (unsigned s = 0; s < m->p.nsm; s++)
    sm_err |= w->sm_o[s].err_overflow_o | w->sm_o[s].err_done_o | (w->sm_o[s].err_o != 0);
  o->hw_err_o = w->kmu_o.err_desc_o || w->kmu_o.err_take_o || w->kmu_o.err_done_o || sm_err;
  o->irq_o = w->fe_o.irq_o;
}

void kmu_gpu_tick(kmu_gpu *m) {
  kmu_frontend_tick(&m->u_frontend);
  kmu_kmu_tick(&m->u_kmu);
  kmu_dispatch_tick(&m->u_dispatch);
  kmu_preempt_ctrl_tick(&m->u_preempt_ctrl);
  for (unsigned s = 0; s < m->p.nsm; s++) kmu_sm_tick(&m->u_sm[s]);
  kmu_rr_arb_tick(&m->u_start_arb);
  kmu_rr_arb_tick(&m->u_done_arb);
  kmu_mem_port_tick(&m->u_mem_port);
  kmu_copy_engine_tick(&m->u_copy_engine);
  kmu_revoke_tick(&m->u_revoke);
  kmu_elastic_tick(&m->u_elastic);
  kmu_trem_policy_tick(&m->u_trem_policy);
  kmu_yield_mon_tick(&m->u_yield_mon);
  if (m->el_t0_we) m->el_t0[m->el_t0_a] = m->q.now;
  m->q = m->d;
}
