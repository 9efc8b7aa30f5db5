/* kmu_frontend.c - C twin of rtl/frontend/kmu_frontend.v.
 *
 * The RTL top is only wiring, so the model is only wiring: each sub-block is evaluated once per
 * cycle, in a fixed data-flow order, split into phases where the wires cross blocks more than
 * once in a cycle (the CSR block's bus decode feeds the doorbell block and the EKT, whose
 * answers feed the CSR block's bus answer): comb_out gives every registered output (the AXI
 * slave's FIFOs and bus request, the CSR block's registers, the doorbell block's last error, the
 * EKT's table and pending descriptor); comb_next the rest in the order written there.  A block
 * that read a net before it is driven would see the previous cycle's value; the lockstep
 * against the RTL (test_kmu_frontend, kmusim cosim) would catch it. */
#include "kmu_frontend.h"

#include <string.h>

void kmu_frontend_init(kmu_frontend *m, const kmu_frontend_params *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  kmu_axil_slave_params sp = {p->aw};
  kmu_csr_params cp = {p->aw, p->entries, p->cnt_w, p->nsm, p->cp_nprio, p->cp_lenw, p->cp_idw};
  kmu_doorbell_params dp = {p->entries, p->db_pend_w}; /* 0: PEND_W's default 8 */
  kmu_ekt_params ep = {p->entries};
  kmu_axil_slave_init(&m->u_axil_slave, &sp);
  kmu_csr_init(&m->u_csr, &cp);
  kmu_doorbell_init(&m->u_doorbell, &dp);
  kmu_ekt_init(&m->u_ekt, &ep);
}

void kmu_frontend_free(kmu_frontend *m) {
  kmu_axil_slave_free(&m->u_axil_slave);
  kmu_csr_free(&m->u_csr);
  kmu_doorbell_free(&m->u_doorbell);
  kmu_ekt_free(&m->u_ekt);
}

void kmu_frontend_reset(kmu_frontend *m) {
  kmu_axil_slave_reset(&m->u_axil_slave);
  kmu_csr_reset(&m->u_csr);
  kmu_doorbell_reset(&m->u_doorbell);
  kmu_ekt_reset(&m->u_ekt);
}

/* Phase 1, from the state and the AXI side: every output of the front end (all registered:
 * the AXI slave's FIFOs, the CSR block's registers, the EKT's pending descriptor).  A system top
 * takes them before it has this cycle's descriptor ready, completions and status. */
void kmu_frontend_comb_out(kmu_frontend *m, const kmu_frontend_in *i, kmu_frontend_out *o) {
  kmu_frontend_wires *w = &m->w;
  w->slave_i.s_awvalid_i = i->s_awvalid_i;
  w->slave_i.s_awaddr_i = i->s_awaddr_i;
  w->slave_i.s_wvalid_i = i->s_wvalid_i;
  w->slave_i.s_wdata_i = i->s_wdata_i;
  w->slave_i.s_wstrb_i = i->s_wstrb_i;
  w->slave_i.s_bready_i = i->s_bready_i;
  w->slave_i.s_arvalid_i = i->s_arvalid_i;
  w->slave_i.s_araddr_i = i->s_araddr_i;
  w->slave_i.s_rready_i = i->s_rready_i;
  kmu_axil_slave_comb_out(&m->u_axil_slave, &w->slave_i, &w->slave_o);
  kmu_csr_comb_out(&m->u_csr, &w->csr_o);
  kmu_doorbell_comb_out(&m->u_doorbell, &w->db_o);
  kmu_ekt_comb_out(&m->u_ekt, &w->ekt_o);
  o->s_awready_o = w->slave_o.s_awready_o;
  o->s_wready_o = w->slave_o.s_wready_o;
  o->s_bvalid_o = w->slave_o.s_bvalid_o;
  o->s_bresp_o = w->slave_o.s_bresp_o;
  o->s_arready_o = w->slave_o.s_arready_o;
  o->s_rvalid_o = w->slave_o.s_rvalid_o;
  o->s_rdata_o = w->slave_o.s_rdata_o;
  o->s_rresp_o = w->slave_o.s_rresp_o;
  o->desc_valid_o = w->ekt_o.desc_valid_o;
  o->desc_id_o = w->ekt_o.desc_id_o;
  o->desc_kptr_o = w->ekt_o.desc_kptr_o;
  o->desc_grid_x_o = w->ekt_o.desc_grid_x_o;
  o->desc_grid_y_o = w->ekt_o.desc_grid_y_o;
  o->desc_grid_z_o = w->ekt_o.desc_grid_z_o;
  o->desc_tb_x_o = w->ekt_o.desc_tb_x_o;
  o->desc_tb_y_o = w->ekt_o.desc_tb_y_o;
  o->desc_tb_z_o = w->ekt_o.desc_tb_z_o;
  o->desc_shmem_o = w->ekt_o.desc_shmem_o;
  o->desc_nregs_o = w->ekt_o.desc_nregs_o;
  o->desc_prio_o = w->ekt_o.desc_prio_o;
  o->desc_param_o = w->ekt_o.desc_param_o;
  o->host_valid_o = w->csr_o.host_valid_o;
  o->host_kptr_o = w->csr_o.host_kptr_o;
  o->host_grid_x_o = w->csr_o.host_grid_x_o;
  o->host_grid_y_o = w->csr_o.host_grid_y_o;
  o->host_grid_z_o = w->csr_o.host_grid_z_o;
  o->host_tb_x_o = w->csr_o.host_tb_x_o;
  o->host_tb_y_o = w->csr_o.host_tb_y_o;
  o->host_tb_z_o = w->csr_o.host_tb_z_o;
  o->host_shmem_o = w->csr_o.host_shmem_o;
  o->host_nregs_o = w->csr_o.host_nregs_o;
  o->host_prio_o = w->csr_o.host_prio_o;
  o->host_param_o = w->csr_o.host_param_o;
  o->host_cpl_addr_o = w->csr_o.host_cpl_addr_o;
  o->mode_rgem_o = w->csr_o.mode_rgem_o;
  o->reserve_mask_o = w->csr_o.reserve_mask_o;
  o->pre_policy_o = w->csr_o.pre_policy_o;
  o->pre_inplace_o = w->csr_o.pre_inplace_o;
  o->pre_wp_en_o = w->csr_o.pre_wp_en_o;
  o->pre_vpol_o = w->csr_o.pre_vpol_o;
  o->pre_opt_o = w->csr_o.pre_opt_o;
  o->pre_all_o = w->csr_o.pre_all_o;
  o->pre_ctx_base_o = w->csr_o.pre_ctx_base_o;
  o->pre_deadline_o = w->csr_o.pre_deadline_o;
  o->pre_bw_shift_o = w->csr_o.pre_bw_shift_o;
  o->pre_hint_valid_o = w->csr_o.pre_hint_valid_o;
  o->pre_pred_launch_o = w->csr_o.pre_pred_launch_o;
  o->ysig_valid_o = w->csr_o.ysig_valid_o;
  o->ysig_addr_o = w->csr_o.ysig_addr_o;
  o->ytail_o = w->csr_o.ytail_o;
  o->ymaxwait_o = w->csr_o.ymaxwait_o;
  o->cp_chunk_log2_o = w->csr_o.cp_chunk_log2_o;
  o->cp_cmd_valid_o = w->csr_o.cp_cmd_valid_o;
  o->cp_cmd_src_o = w->csr_o.cp_cmd_src_o;
  o->cp_cmd_dst_o = w->csr_o.cp_cmd_dst_o;
  o->cp_cmd_bytes_o = w->csr_o.cp_cmd_bytes_o;
  o->cp_cmd_dir_o = w->csr_o.cp_cmd_dir_o;
  o->cp_cmd_prio_o = w->csr_o.cp_cmd_prio_o;
  o->cp_cmd_id_o = w->csr_o.cp_cmd_id_o;
  o->cp_cpl_ready_o = w->csr_o.cp_cpl_ready_o;
  o->host_class_o = w->csr_o.host_class_o;
  o->host_est_o = w->csr_o.host_est_o;
  o->trem_req_valid_o = w->csr_o.trem_req_valid_o;
  o->trem_req_kind_o = w->csr_o.trem_req_kind_o;
  o->trem_req_replay_o = w->csr_o.trem_req_replay_o;
  o->trem_req_id_o = w->csr_o.trem_req_id_o;
  o->trem_thr_o = w->csr_o.trem_thr_o;
  o->trem_cost_o = w->csr_o.trem_cost_o;
  o->trem_policy_o = w->csr_o.trem_policy_o;
  o->trem_shift_o = w->csr_o.trem_shift_o;
  o->trem_unit_o = w->csr_o.trem_unit_o;
  o->trem_sla_o = w->csr_o.trem_sla_o;
  o->trem_period_o = w->csr_o.trem_period_o;
  o->irq_o = w->csr_o.irq_o;
}

/* Phase 2, from every input: each block once, in data-flow order.  The bus request (phase 1)
 * goes to the CSR block's decode, its doorbell write to the doorbell block's launch offer and
 * its registration and unregistration to the EKT; the EKT answers (launch ready and error,
 * unregistration code), the doorbell block takes the answer, the CSR block answers the bus,
 * and the AXI slave takes the bus answer. */
void kmu_frontend_comb_next(kmu_frontend *m, const kmu_frontend_in *i) {
  kmu_frontend_wires *w = &m->w;

  /* kmu_csr, request decode: the bus request; the EKT's and doorbell block's registered status */
  w->csr_i.bus_req_valid_i = w->slave_o.bus_req_valid_o;
  w->csr_i.bus_req_write_i = w->slave_o.bus_req_write_o;
  w->csr_i.bus_req_addr_i = w->slave_o.bus_req_addr_o;
  w->csr_i.bus_req_wdata_i = w->slave_o.bus_req_wdata_o;
  w->csr_i.bus_req_wstrb_i = w->slave_o.bus_req_wstrb_o;
  w->csr_i.db_last_err_idx_i = w->db_o.last_err_idx_o;
  w->csr_i.db_last_err_cause_i = w->db_o.last_err_cause_o;
  w->csr_i.desc_pending_i = w->ekt_o.desc_valid_o;
  w->csr_i.reg_busy_i = w->ekt_o.reg_busy_o;
  w->csr_i.ekt_valid_i = w->ekt_o.valid_o;
  w->csr_i.host_ready_i = i->host_ready_i;
  w->csr_i.pre_busy_i = i->pre_busy_i;
  /* GPUpIO yield window: kmu_yield_mon's counters (registers, live reads) */
  w->csr_i.ycnt_take_i = i->ycnt_take_i;
  w->csr_i.ycnt_spin_i = i->ycnt_spin_i;
  w->csr_i.ycnt_full_i = i->ycnt_full_i;
  w->csr_i.ycnt_nowork_i = i->ycnt_nowork_i;
  w->csr_i.ycnt_wake_i = i->ycnt_wake_i;
  w->csr_i.ycnt_err_i = i->ycnt_err_i;
  w->csr_i.ycnt_wkerr_i = i->ycnt_wkerr_i;
  /* TReM window: kmu_revoke's, kmu_elastic's and kmu_kmu's registered status (live reads) */
  w->csr_i.trem_req_ready_i = i->trem_req_ready_i;
  w->csr_i.trem_busy_i = i->trem_busy_i;
  w->csr_i.trem_done_valid_i = i->trem_done_valid_i;
  w->csr_i.trem_done_status_i = i->trem_done_status_i;
  w->csr_i.trem_done_replay_i = i->trem_done_replay_i;
  w->csr_i.trem_done_tag_i = i->trem_done_tag_i;
  w->csr_i.trem_done_lid_i = i->trem_done_lid_i;
  w->csr_i.trem_guard_i = i->trem_guard_i;
  w->csr_i.trem_guard_tag_i = i->trem_guard_tag_i;
  w->csr_i.trem_u_i = i->trem_u_i;
  w->csr_i.trem_q_i = i->trem_q_i;
  w->csr_i.trem_le_i = i->trem_le_i;
  w->csr_i.trem_last_lid_i = i->trem_last_lid_i;
  w->csr_i.trem_auto_req_i = i->trem_auto_req_i;
  w->csr_i.trem_auto_ok_i = i->trem_auto_ok_i;
  w->csr_i.trem_auto_nv_i = i->trem_auto_nv_i;
  /* the copy engine's completion offer and busy: COPY_STATUS.BUSY reads them live, so they are
   * set before the decode (set after it, the decode read last cycle's values: a mismatch with
   * the RTL when they changed in a read's handshake cycle, first seen in kmu_gpu's cosim copy
   * workloads once reads took two cycles, csrram) */
  w->csr_i.cp_cpl_valid_i = i->cp_cpl_valid_i;
  w->csr_i.cp_busy_i = i->cp_busy_i;
  kmu_csr_comb_req(&m->u_csr, &w->csr_i, &w->csr_o);

  /* kmu_doorbell, the launch offer */
  w->db_i.db_valid_i = w->csr_o.db_valid_o;
  w->db_i.db_idx_i = w->csr_o.db_idx_o;
  w->db_i.valid_i = w->ekt_o.valid_o;
  w->db_i.unreg_valid_i = w->csr_o.unreg_valid_o;
  w->db_i.unreg_id_i = w->csr_o.unreg_id_o;
  kmu_doorbell_comb_req(&m->u_doorbell, &w->db_i, &w->db_o);

  /* kmu_ekt */
  w->ekt_i.reg_valid_i = w->csr_o.reg_valid_o;
  w->ekt_i.reg_kptr_i = w->csr_o.reg_kptr_o;
  w->ekt_i.reg_grid_x_i = w->csr_o.reg_grid_x_o;
  w->ekt_i.reg_grid_y_i = w->csr_o.reg_grid_y_o;
  w->ekt_i.reg_grid_z_i = w->csr_o.reg_grid_z_o;
  w->ekt_i.reg_tb_x_i = w->csr_o.reg_tb_x_o;
  w->ekt_i.reg_tb_y_i = w->csr_o.reg_tb_y_o;
  w->ekt_i.reg_tb_z_i = w->csr_o.reg_tb_z_o;
  w->ekt_i.reg_shmem_i = w->csr_o.reg_shmem_o;
  w->ekt_i.reg_nregs_i = w->csr_o.reg_nregs_o;
  w->ekt_i.reg_prio_i = w->csr_o.reg_prio_o;
  w->ekt_i.reg_pbase_i = w->csr_o.reg_pbase_o;
  w->ekt_i.reg_pend_i = w->csr_o.reg_pend_o;
  w->ekt_i.reg_esize_i = w->csr_o.reg_esize_o;
  w->ekt_i.reg_maxinf_i = w->csr_o.reg_maxinf_o;
  w->ekt_i.unreg_valid_i = w->db_o.unreg_valid_o; /* held while doorbells of it wait */
  w->ekt_i.unreg_id_i = w->csr_o.unreg_id_o;
  w->ekt_i.launch_valid_i = w->db_o.launch_valid_o;
  w->ekt_i.launch_id_i = w->db_o.launch_id_o;
  w->ekt_i.desc_ready_i = i->desc_ready_i;
  w->ekt_i.cpl_valid_i = i->cpl_valid_i;
  w->ekt_i.cpl_id_i = i->cpl_id_i;
  kmu_ekt_comb_next(&m->u_ekt, &w->ekt_i, &w->ekt_o);

  /* kmu_doorbell, the EKT's answer */
  w->db_i.launch_ready_i = w->ekt_o.launch_ready_o;
  w->db_i.launch_err_i = w->ekt_o.launch_err_o;
  w->db_i.unreg_code_i = w->ekt_o.unreg_code_o;
  kmu_doorbell_comb_next(&m->u_doorbell, &w->db_i, &w->db_o);

  /* kmu_csr, the bus answer and the counters */
  w->csr_i.db_ready_i = w->db_o.db_ready_o;
  w->csr_i.reg_ready_i = w->ekt_o.reg_ready_o;
  w->csr_i.reg_done_i = w->ekt_o.reg_done_o;
  w->csr_i.reg_code_i = w->ekt_o.reg_code_o;
  w->csr_i.reg_id_i = w->ekt_o.reg_id_o;
  w->csr_i.unreg_code_i = w->db_o.unreg_code_o;
  w->csr_i.db_err_unknown_i = w->db_o.err_unknown_o;
  w->csr_i.db_err_unreg_i = w->db_o.err_unreg_o;
  w->csr_i.db_err_full_i = w->db_o.err_full_o;
  w->csr_i.launch_fire_i = w->db_o.launch_valid_o && w->ekt_o.launch_ready_o;
  w->csr_i.launch_err_i = w->ekt_o.launch_err_o;
  w->csr_i.cpl_valid_i = i->cpl_valid_i;
  w->csr_i.cpl_err_i = w->ekt_o.cpl_err_o;
  w->csr_i.desc_fire_i = w->ekt_o.desc_valid_o && i->desc_ready_i;
  w->csr_i.kernel_done_i = i->kernel_done_i;
  w->csr_i.pre_req_i = i->pre_req_i;
  w->csr_i.wp_start_i = i->wp_start_i;
  w->csr_i.ctx_save_i = i->ctx_save_i;
  w->csr_i.cp_cmd_ready_i = i->cp_cmd_ready_i;
  w->csr_i.cp_cpl_id_i = i->cp_cpl_id_i;
  w->csr_i.cp_cpl_status_i = i->cp_cpl_status_i;
  kmu_csr_comb_next(&m->u_csr, &w->csr_i, &w->csr_o);

  /* kmu_axil_slave, the bus side: the CSR block's answer */
  w->slave_i.bus_req_ready_i = w->csr_o.bus_req_ready_o;
  w->slave_i.bus_rsp_rdata_i = w->csr_o.bus_rsp_rdata_o;
  w->slave_i.bus_rsp_err_i = w->csr_o.bus_rsp_err_o;
  kmu_axil_slave_comb_next(&m->u_axil_slave, &w->slave_i, &w->slave_o);
}

void kmu_frontend_comb(kmu_frontend *m, const kmu_frontend_in *i, kmu_frontend_out *o) {
  kmu_frontend_comb_out(m, i, o);
  kmu_frontend_comb_next(m, i);
}

void kmu_frontend_tick(kmu_frontend *m) {
  kmu_axil_slave_tick(&m->u_axil_slave);
  kmu_csr_tick(&m->u_csr);
  kmu_doorbell_tick(&m->u_doorbell);
  kmu_ekt_tick(&m->u_ekt);
}
