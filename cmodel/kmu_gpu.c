/* kmu_gpu.c - C twin of rtl/kmu_gpu.v.
 *
 * Wiring only, as in the RTL.  Each block's comb() is a pure function of its registered
 * state and its inputs; the top evaluates the blocks in data-flow order and repeats until no
 * block's inputs change (delta cycles: after a cycle's first pass, only a block whose inputs
 * changed is evaluated again).  There is no combinational loop in the design, so this settles
 * in a few passes; a model that does not settle aborts rather than answer wrongly. */
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
  kmu_frontend_params fp = {p->aw, p->entries, p->cnt_w, p->nsm};
  kmu_kmu_params kp = {p->slots, p->pend, clog2_min1(p->entries), p->ct};
  kmu_dispatch_params dp = {p->nsm, p->slots};
  /* the SM controllers' preemption sizes: the RTL defaults (kmu_gpu.v sets only these five) */
  kmu_sm_ctrl_params sp = {p->tbs, p->warps, p->regs, p->shmem, p->ewt, p->tbs, 32768, 0, 4};
  kmu_rr_arb_params ap = {p->nsm};
  kmu_mem_port_params mp = {2};
  kmu_frontend_init(&m->u_frontend, &fp);
  kmu_kmu_init(&m->u_kmu, &kp);
  kmu_dispatch_init(&m->u_dispatch, &dp);
  m->u_sm_ctrl = calloc(p->nsm, sizeof *m->u_sm_ctrl);
  for (unsigned s = 0; s < p->nsm; s++) kmu_sm_ctrl_init(&m->u_sm_ctrl[s], &sp);
  kmu_rr_arb_init(&m->u_start_arb, &ap);
  kmu_rr_arb_init(&m->u_done_arb, &ap);
  kmu_mem_port_init(&m->u_mem_port, &mp);
}

void kmu_gpu_free(kmu_gpu *m) {
  kmu_frontend_free(&m->u_frontend);
  kmu_kmu_free(&m->u_kmu);
  kmu_dispatch_free(&m->u_dispatch);
  for (unsigned s = 0; s < m->p.nsm; s++) kmu_sm_ctrl_free(&m->u_sm_ctrl[s]);
  free(m->u_sm_ctrl);
  kmu_rr_arb_free(&m->u_start_arb);
  kmu_rr_arb_free(&m->u_done_arb);
  kmu_mem_port_free(&m->u_mem_port);
}

void kmu_gpu_reset(kmu_gpu *m) {
  kmu_frontend_reset(&m->u_frontend);
  kmu_kmu_reset(&m->u_kmu);
  kmu_dispatch_reset(&m->u_dispatch);
  for (unsigned s = 0; s < m->p.nsm; s++) kmu_sm_ctrl_reset(&m->u_sm_ctrl[s]);
  kmu_rr_arb_reset(&m->u_start_arb);
  kmu_rr_arb_reset(&m->u_done_arb);
  kmu_mem_port_reset(&m->u_mem_port);
  memset(&m->w, 0, sizeof m->w);
}

/* One pass over the blocks in data-flow order; returns how many it evaluated (0: settled). */
static int comb_pass(kmu_gpu *m, const kmu_gpu_in *i, int first) {
  kmu_gpu_wires *w = &m->w, *l = &m->last;
  int evals = 0;
  const unsigned nsm = m->p.nsm;
  const unsigned rtb_w = clog2_min1(m->p.tbs), tag_w = clog2_min1(m->p.ct);

  /* front end: AXI from outside, descriptor/host ready, EKT credits and kernel completions
   * from kmu_kmu */
  w->fe_i.s_awvalid_i = i->s_awvalid_i;
  w->fe_i.s_awaddr_i = i->s_awaddr_i;
  w->fe_i.s_wvalid_i = i->s_wvalid_i;
  w->fe_i.s_wdata_i = i->s_wdata_i;
  w->fe_i.s_wstrb_i = i->s_wstrb_i;
  w->fe_i.s_bready_i = i->s_bready_i;
  w->fe_i.s_arvalid_i = i->s_arvalid_i;
  w->fe_i.s_araddr_i = i->s_araddr_i;
  w->fe_i.s_rready_i = i->s_rready_i;
  w->fe_i.desc_ready_i = w->kmu_o.ev_ready_o;
  w->fe_i.host_ready_i = w->kmu_o.host_ready_o;
  w->fe_i.cpl_valid_i = w->kmu_o.ekt_cpl_valid_o;
  w->fe_i.cpl_id_i = w->kmu_o.ekt_cpl_id_o;
  w->fe_i.kernel_done_i = w->kmu_o.kernel_done_o;
  KMU_EVAL(kmu_frontend_comb, &m->u_frontend, &w->fe_i, &l->fe_i, &w->fe_o);

  /* kernel management */
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
  w->kmu_i.q_slot_i = w->dsp_o.q_slot_o;
  w->kmu_i.take_valid_i = w->dsp_o.take_valid_o;
  w->kmu_i.take_slot_i = w->dsp_o.take_slot_o;
  w->kmu_i.done_valid_i = w->dn_arb_o.gnt_valid_o;
  /* the SM reports the TB's kernel tag */
  w->kmu_i.done_tag_i = w->sm_o[w->dn_arb_o.gnt_idx_o % nsm].done_slot_o & kmu_mask(tag_w);
  w->kmu_i.mem_req_ready_i = w->mp_o.req_ready_o & 1;
  KMU_EVAL(kmu_kmu_comb, &m->u_kmu, &w->kmu_i, &l->kmu_i, &w->kmu_o);

  /* dispatch */
  uint64_t fit = 0, ewt_fit = 0;
  for (unsigned s = 0; s < nsm; s++) {
    fit |= (w->sm_o[s].fit_o & 1) << s;
    ewt_fit |= (w->sm_o[s].ewt_fit_o & 1) << s;
  }
  w->dsp_i.slot_p0_i = w->kmu_o.slot_p0_o;
  w->dsp_i.slot_p1_i = w->kmu_o.slot_p1_o;
  w->dsp_i.slot_p2_i = w->kmu_o.slot_p2_o;
  w->dsp_i.slot_p3_i = w->kmu_o.slot_p3_o;
  w->dsp_i.q_warps_i = w->kmu_o.q_warps_o;
  w->dsp_i.q_regs_i = w->kmu_o.q_regs_o;
  w->dsp_i.q_shmem_i = w->kmu_o.q_shmem_o;
  w->dsp_i.q_event_i = w->kmu_o.q_event_o;
  w->dsp_i.sm_fit_i = fit;
  w->dsp_i.sm_ewt_fit_i = ewt_fit;
  w->dsp_i.reserve_mask_i = w->fe_o.reserve_mask_o; /* SM_RESERVE */
  w->dsp_i.take_tb_i = w->kmu_o.take_tb_o;
  w->dsp_i.take_kptr_i = w->kmu_o.take_kptr_o;
  w->dsp_i.take_param_i = w->kmu_o.take_param_o;
  KMU_EVAL(kmu_dispatch_comb, &m->u_dispatch, &w->dsp_i, &l->dsp_i, &w->dsp_o);

  /* SM controllers */
  uint64_t st_req = 0, dn_req = 0;
  for (unsigned s = 0; s < nsm; s++) {
    kmu_sm_ctrl_in *si = &w->sm_i[s];
    si->need_warps_i = w->dsp_o.need_warps_o;
    si->need_regs_i = w->dsp_o.need_regs_o;
    si->need_shmem_i = w->dsp_o.need_shmem_o;
    si->need_ewarp_i = w->dsp_o.need_ewarp_o;
    si->start_valid_i = w->dsp_o.start_valid_o && w->dsp_o.start_sm_o == s;
    si->start_ewarp_i = w->dsp_o.start_ewarp_o;
    si->start_slot_i = w->kmu_o.take_tag_o; /* the kernel tag: take and start share the cycle */
    si->start_tb_i = w->dsp_o.start_tb_o;
    si->start_warps_i = w->dsp_o.start_warps_o;
    si->start_regs_i = w->dsp_o.start_regs_o;
    si->start_shmem_i = w->dsp_o.start_shmem_o;
    si->start_kptr_i = w->dsp_o.start_kptr_o;
    si->start_param_i = w->dsp_o.start_param_o;
    si->simt_start_ready_i = ((w->st_arb_o.gnt_o >> s) & 1) && i->simt_start_ready_i;
    si->simt_done_valid_i = i->simt_done_valid_i && i->simt_done_sm_i == s;
    si->simt_done_rtb_i = i->simt_done_rtb_i & kmu_mask(rtb_w);
    si->done_ready_i = (w->dn_arb_o.gnt_o >> s) & 1;
    /* preemption tied off: policy DRAIN, no decisions, no ctx engine (kmu_gpu.v the same) */
    si->policy_i = si->inplace_en_i = si->ctx_base_i = 0;
    si->ckpt_valid_i = si->ckpt_mask_i = si->pre_valid_i = si->pre_switch_mask_i = 0;
    si->hold_i = si->ctx_cmd_ready_i = si->ctx_done_i = si->dirty_cnt_i = 0;
    si->simt_paused_i = 0;
    si->wp_en_i = si->wp_ev_ready_i = 0; /* no warp-level preemption (kmu_gpu.v the same) */
    KMU_EVAL(kmu_sm_ctrl_comb, &m->u_sm_ctrl[s], si, &l->sm_i[s], &w->sm_o[s]);
    st_req |= (w->sm_o[s].simt_start_valid_o & 1) << s;
    dn_req |= (w->sm_o[s].done_valid_o & 1) << s;
  }

  /* SIMT start bus and TB-done arbiters */
  w->st_arb_i.req_i = st_req;
  w->st_arb_i.ack_i = w->st_arb_o.gnt_valid_o && i->simt_start_ready_i;
  KMU_EVAL(kmu_rr_arb_comb, &m->u_start_arb, &w->st_arb_i, &l->st_arb_i, &w->st_arb_o);
  w->dn_arb_i.req_i = dn_req;
  w->dn_arb_i.ack_i = w->dn_arb_o.gnt_valid_o;
  KMU_EVAL(kmu_rr_arb_comb, &m->u_done_arb, &w->dn_arb_i, &l->dn_arb_i, &w->dn_arb_o);

  /* memory port: client 0 completion flags, client 1 reserved */
  w->mp_i.req_valid_i = w->kmu_o.mem_req_valid_o & 1;
  w->mp_i.req_write_i = 1;
  w->mp_i.req_addr_i[0] = w->kmu_o.mem_req_addr_o & 0xffffffffu;
  w->mp_i.req_wdata_i[0] = w->kmu_o.mem_req_wdata_o & 0xffffffffu;
  w->mp_i.mem_ready_i = i->mem_ready_i;
  w->mp_i.mem_rvalid_i = i->mem_rvalid_i;
  w->mp_i.mem_rdata_i = i->mem_rdata_i;
  w->mp_i.mem_rclient_i = i->mem_rclient_i;
  KMU_EVAL(kmu_mem_port_comb, &m->u_mem_port, &w->mp_i, &l->mp_i, &w->mp_o);
  return evals;
}

void kmu_gpu_comb(kmu_gpu *m, const kmu_gpu_in *i, kmu_gpu_out *o) {
  int pass;
  for (pass = 0; pass < 12; pass++)
    if (!comb_pass(m, i, pass == 0) && pass > 0) break;
  if (pass == 12) {
    fprintf(stderr, "kmu_gpu model: wires did not settle (combinational loop?)\n");
    abort();
  }
  const kmu_gpu_wires *w = &m->w;
  const kmu_sm_ctrl_out *st = &w->sm_o[w->st_arb_o.gnt_idx_o % m->p.nsm];
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
  o->simt_start_valid_o = w->st_arb_o.gnt_valid_o;
  o->simt_start_sm_o = w->st_arb_o.gnt_idx_o;
  o->simt_start_rtb_o = st->simt_start_rtb_o;
  o->simt_start_warps_o = st->simt_start_warps_o;
  o->simt_start_kptr_o = st->simt_start_kptr_o;
  o->simt_start_param_o = st->simt_start_param_o;
  o->simt_start_tb_o = st->simt_start_tb_o;
  o->simt_start_slot_o = st->simt_start_slot_o;
  o->simt_start_ewarp_o = st->simt_start_ewarp_o;
  o->simt_done_ready_o = 1;
  o->kernel_done_o = w->kmu_o.kernel_done_o;
  uint64_t sm_err = 0;
  for (unsigned s = 0; s < m->p.nsm; s++) sm_err |= w->sm_o[s].err_overflow_o | w->sm_o[s].err_done_o;
  o->hw_err_o = w->kmu_o.err_desc_o || w->kmu_o.err_take_o || w->kmu_o.err_done_o || sm_err;
  o->irq_o = w->fe_o.irq_o;
}

void kmu_gpu_tick(kmu_gpu *m) {
  kmu_frontend_tick(&m->u_frontend);
  kmu_kmu_tick(&m->u_kmu);
  kmu_dispatch_tick(&m->u_dispatch);
  for (unsigned s = 0; s < m->p.nsm; s++) kmu_sm_ctrl_tick(&m->u_sm_ctrl[s]);
  kmu_rr_arb_tick(&m->u_start_arb);
  kmu_rr_arb_tick(&m->u_done_arb);
  kmu_mem_port_tick(&m->u_mem_port);
}
