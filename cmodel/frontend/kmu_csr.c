/* kmu_csr.c - C twin of rtl/frontend/kmu_csr.v.  Same state names (err_q, res_*_q, ures_*_q, cnt_*_q,
 * perf_*_q, kdone_q, rgem_q, rsv_q, irq_en_*_q, scratch_q, the staging registers, hl_*_q, the
 * host descriptor host_*_q, the preemption window pre_*_q, the copy window cp_*_q, cq_*_q,
 * wref_*_q, ccpl_*_q, cp_lerr_q, cnt_cp_q, perf_cp_q, the TReM window tr_*_q and the bus's
 * rd_wait_q; the RTL's mirror RAM (mir_mem, mir_vld_q, mir_q) is not modelled: the twin reads
 * the registers, which the mirror copies); comb() is the
 * RTL's always @(*)
 * blocks plus
 * assigns, tick() its clocked block.  Every address, field and code comes from the generated
 * cmodel/include/kmu_regmap.h (regmap/kmu.rdl). */
#include "kmu_csr.h"

#include "kmu_regmap.h"

/* field F of register word w, and value v placed in field F */
#define FLD_GET(w, F) (((uint32_t)(w) & KMU_##F##_MASK) >> KMU_##F##_SHIFT)
#define FLD_PUT(v, F) (((uint32_t)(v) << KMU_##F##_SHIFT) & KMU_##F##_MASK)

void kmu_csr_init(kmu_csr *m, const kmu_csr_params *p) {
  m->p = *p;
  m->id_w = 1;
  while ((1u << m->id_w) < p->entries) m->id_w++;
  m->cp_pw = 1;
  while ((1u << m->cp_pw) < p->cp_nprio) m->cp_pw++;
  kmu_csr_reset(m);
}

void kmu_csr_free(kmu_csr *m) { (void)m; }

/* SM_RESERVE: the implemented bits, SMs 0..min(NSM,32)-1 */
static uint32_t rsv_mask(const kmu_csr *m) {
  return m->p.nsm >= 32 ? 0xFFFFFFFFu : (uint32_t)kmu_mask(m->p.nsm);
}

void kmu_csr_reset(kmu_csr *m) {
  kmu_csr_regs *q = &m->q;
  *q = (kmu_csr_regs){0};
  q->err = KMU_ERR_STATUS_RESET;
  q->scratch = KMU_SCRATCH_RESET;
  q->kdone = KMU_KERNEL_STATUS_KERNEL_DONE_RESET;
  q->rgem = KMU_KMU_CTRL_RGEM_RESET;
  q->rsv = KMU_SM_RESERVE_SMS_RESET & rsv_mask(m);
  q->irq_en_err = KMU_IRQ_ENABLE_ERR_RESET;
  q->irq_en_kd = KMU_IRQ_ENABLE_KERNEL_DONE_RESET;
  q->pre_policy = KMU_PRE_CTRL_POLICY_RESET;
  q->pre_inplace = KMU_PRE_CTRL_INPLACE_RESET;
  q->pre_wp_en = KMU_PRE_CTRL_WP_EN_RESET;
  q->pre_vpol = KMU_PRE_CTRL_VPOL_RESET;
  q->pre_opt = KMU_PRE_CTRL_OPT_RESET;
  q->pre_all = KMU_PRE_CTRL_ALL_RESET;
  q->pre_ctx_base = KMU_PRE_CTX_BASE_RESET;
  q->pre_deadline = KMU_PRE_DEADLINE_RESET;
  q->pre_bw_shift = KMU_PRE_BW_SHIFT_RESET;
  q->pre_launch = KMU_PRE_HINT_RESET;
  q->hl_class = KMU_HL_RES_CLASS_RESET;
  q->hl_est = KMU_HL_EST_RESET;
  q->tr_en_done = KMU_TR_IRQ_EN_DONE_RESET;
  q->tr_en_guard = KMU_TR_IRQ_EN_GUARD_RESET;
  q->tr_thr = KMU_TR_THRESH_THR_RESET;
  q->tr_cost = KMU_TR_COST_RESET;
  q->tr_policy = KMU_TR_CTRL_POLICY_RESET;
  q->tr_shift = KMU_TR_CTRL_SHIFT_RESET;
  q->tr_unit = KMU_TR_CTRL_UNIT_RESET;
  q->ytail = KMU_YIELD_CTRL_TAIL_RESET;
  q->ymaxwait = KMU_YIELD_CTRL_MAXWAIT_RESET;
  q->tr_sla = KMU_TR_SLA_RESET;
  q->tr_period = KMU_TR_PERIOD_RESET;
  q->cp_src = KMU_COPY_SRC_RESET;
  q->cp_dst = KMU_COPY_DST_RESET;
  q->cp_len = KMU_COPY_LEN_RESET;
  q->cp_dir = KMU_COPY_CTRL_DIR_RESET;
  q->cp_prio = KMU_COPY_CTRL_PRIO_RESET;
  q->cp_id = KMU_COPY_CTRL_ID_RESET;
  q->cp_chunk = KMU_COPY_CHUNK_LOG2_RESET;
  q->cp_irq_en = KMU_COPY_IRQ_EN_RESET;
  m->d = m->q;
}

static uint32_t cnt_max(const kmu_csr *m) { return (uint32_t)kmu_mask(m->p.cnt_w); }

/* saturating counter step (ERR_CNT_DB, ERR_CNT_REG: up to two and three events a cycle) */
static uint32_t sat_add(const kmu_csr *m, uint32_t base, unsigned inc) {
  uint64_t sum = (uint64_t)base + inc;
  return sum > cnt_max(m) ? cnt_max(m) : (uint32_t)sum;
}

/* a one-event counter's step, the RTL's cnt_inc (the function of sat_add(clr ? 0 : q, ev)):
 * the event gated by the all-ones test before one incrementer, the clear after it */
static uint32_t cnt_inc(const kmu_csr *m, uint32_t q, int clr, int ev) {
  uint32_t sum = q + ((ev && q != cnt_max(m)) ? 1u : 0u);
  if (clr) return ev ? 1u : 0u;
  return sum;
}

typedef struct {
  int rd_ok, wr_ok;
  uint32_t rval;
} dec_t;

static dec_t decode(const kmu_csr *m, const kmu_csr_in *i, unsigned a, int in_64k, int db_hit,
                    int cp_go_busy) {
  const kmu_csr_regs *q = &m->q;
  dec_t r = {0, 0, 0};
  if (in_64k) {
#define SEL(R) r.rd_ok = KMU_##R##_RD, r.wr_ok = KMU_##R##_WR
    switch (a) {
      case KMU_ID_ADDR: SEL(ID); r.rval = KMU_ID_VALUE_RESET; break;
      case KMU_VERSION_ADDR: SEL(VERSION); r.rval = KMU_VERSION_VALUE_RESET; break;
      case KMU_CONFIG_ADDR:
        SEL(CONFIG);
        r.rval = FLD_PUT(m->p.entries, CONFIG_EKT_ENTRIES) | FLD_PUT(m->p.cnt_w, CONFIG_CNT_W) |
                 FLD_PUT(m->p.aw, CONFIG_AW);
        break;
      case KMU_STATUS_ADDR:
        SEL(STATUS);
        r.rval = FLD_PUT(i->reg_busy_i, STATUS_REG_BUSY) |
                 FLD_PUT(i->desc_pending_i, STATUS_DESC_PENDING);
        break;
      case KMU_ERR_STATUS_ADDR: SEL(ERR_STATUS); r.rval = q->err; break;
      case KMU_ERR_DB_INFO_ADDR:
        SEL(ERR_DB_INFO);
        r.rval = FLD_PUT(i->db_last_err_idx_i, ERR_DB_INFO_IDX) |
                 FLD_PUT(i->db_last_err_cause_i, ERR_DB_INFO_CAUSE);
        break;
      case KMU_ERR_CNT_DB_ADDR: SEL(ERR_CNT_DB); r.rval = q->cnt_db; break;
      case KMU_ERR_CNT_REG_ADDR: SEL(ERR_CNT_REG); r.rval = q->cnt_reg; break;
      case KMU_ERR_CNT_BUS_ADDR: SEL(ERR_CNT_BUS); r.rval = q->cnt_bus; break;
      case KMU_ERR_CNT_CPL_ADDR: SEL(ERR_CNT_CPL); r.rval = q->cnt_cpl; break;
      case KMU_EKT_VALID_ADDR:
        SEL(EKT_VALID);
        r.rval = (uint32_t)(i->ekt_valid_i & kmu_mask(m->p.entries));
        break;
      case KMU_PERF_DOORBELLS_ADDR: SEL(PERF_DOORBELLS); r.rval = q->perf_db; break;
      case KMU_PERF_LAUNCHES_ADDR: SEL(PERF_LAUNCHES); r.rval = q->perf_launch; break;
      case KMU_PERF_COMPLETIONS_ADDR: SEL(PERF_COMPLETIONS); r.rval = q->perf_cpl; break;
      case KMU_PERF_KERNELS_ADDR: SEL(PERF_KERNELS); r.rval = q->perf_kern; break;
      case KMU_KERNEL_STATUS_ADDR:
        SEL(KERNEL_STATUS);
        r.rval = FLD_PUT(q->kdone, KERNEL_STATUS_KERNEL_DONE);
        break;
      case KMU_KMU_CTRL_ADDR: SEL(KMU_CTRL); r.rval = FLD_PUT(q->rgem, KMU_CTRL_RGEM); break;
      case KMU_SM_RESERVE_ADDR: SEL(SM_RESERVE); r.rval = q->rsv; break;
      case KMU_IRQ_ENABLE_ADDR:
        SEL(IRQ_ENABLE);
        r.rval = FLD_PUT(q->irq_en_err, IRQ_ENABLE_ERR) | FLD_PUT(q->irq_en_kd, IRQ_ENABLE_KERNEL_DONE);
        break;
      case KMU_SCRATCH_ADDR: SEL(SCRATCH); r.rval = q->scratch; break;
      case KMU_REG_KPTR_ADDR: SEL(REG_KPTR); r.rval = q->kptr; break;
      case KMU_REG_GRID_XY_ADDR:
        SEL(REG_GRID_XY);
        r.rval = FLD_PUT(q->grid_x, REG_GRID_XY_X) | FLD_PUT(q->grid_y, REG_GRID_XY_Y);
        break;
      case KMU_REG_GRID_Z_ADDR: SEL(REG_GRID_Z); r.rval = FLD_PUT(q->grid_z, REG_GRID_Z_Z); break;
      case KMU_REG_TB_XY_ADDR:
        SEL(REG_TB_XY);
        r.rval = FLD_PUT(q->tb_x, REG_TB_XY_X) | FLD_PUT(q->tb_y, REG_TB_XY_Y);
        break;
      case KMU_REG_TB_Z_ADDR: SEL(REG_TB_Z); r.rval = FLD_PUT(q->tb_z, REG_TB_Z_Z); break;
      case KMU_REG_RES_ADDR:
        SEL(REG_RES);
        r.rval = FLD_PUT(q->shmem, REG_RES_SHMEM) | FLD_PUT(q->nregs, REG_RES_NREGS) |
                 FLD_PUT(q->prio, REG_RES_PRIO);
        break;
      case KMU_REG_PBASE_ADDR: SEL(REG_PBASE); r.rval = q->pbase; break;
      case KMU_REG_PEND_ADDR: SEL(REG_PEND); r.rval = q->pend; break;
      case KMU_REG_PSIZE_ADDR:
        SEL(REG_PSIZE);
        r.rval = FLD_PUT(q->esize, REG_PSIZE_ESIZE) | FLD_PUT(q->maxinf, REG_PSIZE_MAXINF);
        break;
      case KMU_REG_CMD_ADDR: SEL(REG_CMD); break;
      case KMU_REG_RESULT_ADDR:
        SEL(REG_RESULT);
        r.rval = FLD_PUT(q->res_id, REG_RESULT_ID) | FLD_PUT(q->res_code, REG_RESULT_CODE) |
                 FLD_PUT(q->res_done, REG_RESULT_DONE) | FLD_PUT(q->res_busy, REG_RESULT_BUSY);
        break;
      case KMU_UNREG_CMD_ADDR: SEL(UNREG_CMD); break;
      case KMU_UNREG_RESULT_ADDR:
        SEL(UNREG_RESULT);
        r.rval = FLD_PUT(q->ures_id, UNREG_RESULT_ID) | FLD_PUT(q->ures_code, UNREG_RESULT_CODE) |
                 FLD_PUT(q->ures_done, UNREG_RESULT_DONE);
        break;
      case KMU_HL_KPTR_ADDR: SEL(HL_KPTR); r.rval = q->hl_kptr; break;
      case KMU_HL_GRID_XY_ADDR:
        SEL(HL_GRID_XY);
        r.rval = FLD_PUT(q->hl_grid_x, HL_GRID_XY_X) | FLD_PUT(q->hl_grid_y, HL_GRID_XY_Y);
        break;
      case KMU_HL_GRID_Z_ADDR: SEL(HL_GRID_Z); r.rval = FLD_PUT(q->hl_grid_z, HL_GRID_Z_Z); break;
      case KMU_HL_TB_XY_ADDR:
        SEL(HL_TB_XY);
        r.rval = FLD_PUT(q->hl_tb_x, HL_TB_XY_X) | FLD_PUT(q->hl_tb_y, HL_TB_XY_Y);
        break;
      case KMU_HL_TB_Z_ADDR: SEL(HL_TB_Z); r.rval = FLD_PUT(q->hl_tb_z, HL_TB_Z_Z); break;
      case KMU_HL_RES_ADDR:
        SEL(HL_RES);
        r.rval = FLD_PUT(q->hl_shmem, HL_RES_SHMEM) | FLD_PUT(q->hl_nregs, HL_RES_NREGS) |
                 FLD_PUT(q->hl_prio, HL_RES_PRIO) | FLD_PUT(q->hl_class, HL_RES_CLASS);
        break;
      case KMU_HL_EST_ADDR: SEL(HL_EST); r.rval = q->hl_est; break;
      case KMU_HL_PARAM_ADDR: SEL(HL_PARAM); r.rval = q->hl_param; break;
      case KMU_HL_CPL_ADDR_ADDR: SEL(HL_CPL_ADDR); r.rval = q->hl_cpl; break;
      case KMU_HL_CMD_ADDR: SEL(HL_CMD); break;
      case KMU_HL_STATUS_ADDR:
        SEL(HL_STATUS);
        r.rval = FLD_PUT(q->host_valid, HL_STATUS_PENDING);
        break;
      case KMU_PRE_CTRL_ADDR:
        SEL(PRE_CTRL);
        r.rval = FLD_PUT(q->pre_policy, PRE_CTRL_POLICY) | FLD_PUT(q->pre_inplace, PRE_CTRL_INPLACE) |
                 FLD_PUT(q->pre_wp_en, PRE_CTRL_WP_EN) | FLD_PUT(q->pre_vpol, PRE_CTRL_VPOL) |
                 FLD_PUT(q->pre_opt, PRE_CTRL_OPT) | FLD_PUT(q->pre_all, PRE_CTRL_ALL);
        break;
      case KMU_PRE_CTX_BASE_ADDR: SEL(PRE_CTX_BASE); r.rval = q->pre_ctx_base; break;
      case KMU_PRE_DEADLINE_ADDR: SEL(PRE_DEADLINE); r.rval = q->pre_deadline; break;
      case KMU_PRE_BW_ADDR: SEL(PRE_BW); r.rval = FLD_PUT(q->pre_bw_shift, PRE_BW_SHIFT); break;
      case KMU_PRE_HINT_ADDR: SEL(PRE_HINT); r.rval = q->pre_launch; break;
      case KMU_PRE_STATUS_ADDR:
        SEL(PRE_STATUS);
        r.rval = FLD_PUT(i->pre_busy_i, PRE_STATUS_BUSY);
        break;
      case KMU_PERF_PREEMPTS_ADDR: SEL(PERF_PREEMPTS); r.rval = q->perf_pre; break;
      case KMU_PERF_WP_ADDR: SEL(PERF_WP); r.rval = q->perf_wp; break;
      case KMU_PERF_CTX_SAVES_ADDR: SEL(PERF_CTX_SAVES); r.rval = q->perf_csave; break;
      /* ---- TReM window */
      case KMU_TR_CMD_ADDR: SEL(TR_CMD); break;
      case KMU_TR_RESULT_ADDR:
        SEL(TR_RESULT);
        r.rval = FLD_PUT(q->tr_status, TR_RESULT_STATUS) | FLD_PUT(q->tr_replay, TR_RESULT_REPLAY) |
                 FLD_PUT(q->tr_done, TR_RESULT_DONE) |
                 FLD_PUT(q->tr_req_valid || i->trem_busy_i, TR_RESULT_BUSY) |
                 FLD_PUT(q->tr_tag, TR_RESULT_TAG) | FLD_PUT(q->tr_lid, TR_RESULT_LID);
        break;
      case KMU_TR_EVENTS_ADDR:
        SEL(TR_EVENTS);
        r.rval = FLD_PUT(q->tr_ev_done, TR_EVENTS_DONE) | FLD_PUT(q->tr_ev_guard, TR_EVENTS_GUARD);
        break;
      case KMU_TR_GUARD_ADDR: SEL(TR_GUARD); r.rval = FLD_PUT(q->tr_guard_tag, TR_GUARD_TAG); break;
      case KMU_TR_IRQ_EN_ADDR:
        SEL(TR_IRQ_EN);
        r.rval = FLD_PUT(q->tr_en_done, TR_IRQ_EN_DONE) | FLD_PUT(q->tr_en_guard, TR_IRQ_EN_GUARD);
        break;
      case KMU_TR_THRESH_ADDR: SEL(TR_THRESH); r.rval = FLD_PUT(q->tr_thr, TR_THRESH_THR); break;
      case KMU_TR_COST_ADDR: SEL(TR_COST); r.rval = q->tr_cost; break;
      case KMU_TR_CTRL_ADDR:
        SEL(TR_CTRL);
        r.rval = FLD_PUT(q->tr_policy, TR_CTRL_POLICY) | FLD_PUT(q->tr_shift, TR_CTRL_SHIFT) |
                 FLD_PUT(q->tr_unit, TR_CTRL_UNIT);
        break;
      case KMU_TR_SLA_ADDR: SEL(TR_SLA); r.rval = q->tr_sla; break;
      case KMU_TR_PERIOD_ADDR: SEL(TR_PERIOD); r.rval = q->tr_period; break;
      case KMU_TR_ELASTIC_ADDR:
        SEL(TR_ELASTIC);
        r.rval = FLD_PUT(i->trem_u_i, TR_ELASTIC_U) | FLD_PUT(i->trem_q_i, TR_ELASTIC_Q);
        break;
      case KMU_TR_LE_ADDR: SEL(TR_LE); r.rval = (uint32_t)i->trem_le_i; break;
      case KMU_ERR_CNT_TREM_ADDR: SEL(ERR_CNT_TREM); r.rval = q->cnt_trem; break;
      case KMU_PERF_REVOKES_ADDR: SEL(PERF_REVOKES); r.rval = q->perf_rvk; break;
      case KMU_TR_LAST_LID_ADDR:
        SEL(TR_LAST_LID);
        r.rval = FLD_PUT(i->trem_last_lid_i, TR_LAST_LID_LID);
        break;
      case KMU_TR_AUTO_ADDR:
        SEL(TR_AUTO);
        r.rval = FLD_PUT(i->trem_auto_req_i, TR_AUTO_REQS) | FLD_PUT(i->trem_auto_ok_i, TR_AUTO_OK);
        break;
      case KMU_TR_AUTO_NV_ADDR:
        SEL(TR_AUTO_NV);
        r.rval = FLD_PUT(i->trem_auto_nv_i, TR_AUTO_NV_NO_VICTIM);
        break;
      case KMU_COPY_SRC_ADDR: SEL(COPY_SRC); r.rval = q->cp_src; break;
      case KMU_COPY_DST_ADDR: SEL(COPY_DST); r.rval = q->cp_dst; break;
      case KMU_COPY_LEN_ADDR: SEL(COPY_LEN); r.rval = q->cp_len; break;
      case KMU_COPY_CTRL_ADDR:
        SEL(COPY_CTRL);
        r.rval = FLD_PUT(q->cp_dir, COPY_CTRL_DIR) | FLD_PUT(q->cp_prio, COPY_CTRL_PRIO) |
                 FLD_PUT(q->cp_id, COPY_CTRL_ID);
        break;
      case KMU_COPY_CHUNK_ADDR: SEL(COPY_CHUNK); r.rval = FLD_PUT(q->cp_chunk, COPY_CHUNK_LOG2); break;
      case KMU_COPY_GO_ADDR:
        SEL(COPY_GO);
        r.wr_ok = r.wr_ok && !cp_go_busy;
        break;
      case KMU_COPY_CPL_ADDR: /* the fields read 0 while no completion is here */
        SEL(COPY_CPL);
        if (q->ccpl_v)
          r.rval = FLD_PUT(q->ccpl_id, COPY_CPL_ID) | FLD_PUT(q->ccpl_st, COPY_CPL_STATUS) |
                   FLD_PUT(1, COPY_CPL_VALID);
        break;
      case KMU_COPY_CPL_POP_ADDR: SEL(COPY_CPL_POP); break;
      case KMU_COPY_STATUS_ADDR:
        SEL(COPY_STATUS);
        r.rval = FLD_PUT(q->cq_v || q->wref_v || i->cp_cpl_valid_i || i->cp_busy_i, COPY_STATUS_BUSY) |
                 FLD_PUT(q->cq_v, COPY_STATUS_CMD_PENDING) | FLD_PUT(q->cp_lerr, COPY_STATUS_LAST_ERR);
        break;
      case KMU_COPY_ERR_CNT_ADDR: SEL(COPY_ERR_CNT); r.rval = q->cnt_cp; break;
      case KMU_COPY_IRQ_ADDR: SEL(COPY_IRQ); r.rval = FLD_PUT(q->cp_irq_en, COPY_IRQ_EN); break;
      case KMU_PERF_COPIES_ADDR: SEL(PERF_COPIES); r.rval = q->perf_cp; break;
      /* GPUpIO yield window: the signal (write-only), kmu_yield_mon's counters (live) */
      case KMU_YIELD_SIGNAL_ADDR: SEL(YIELD_SIGNAL); break;
      case KMU_YIELD_TAKE_ADDR: SEL(YIELD_TAKE); r.rval = (uint32_t)i->ycnt_take_i & cnt_max(m); break;
      case KMU_YIELD_SPIN_ADDR: SEL(YIELD_SPIN); r.rval = (uint32_t)i->ycnt_spin_i & cnt_max(m); break;
      case KMU_YIELD_FULL_ADDR: SEL(YIELD_FULL); r.rval = (uint32_t)i->ycnt_full_i & cnt_max(m); break;
      case KMU_YIELD_NOWORK_ADDR:
        SEL(YIELD_NOWORK);
        r.rval = (uint32_t)i->ycnt_nowork_i & cnt_max(m);
        break;
      case KMU_YIELD_WAKE_ADDR: SEL(YIELD_WAKE); r.rval = (uint32_t)i->ycnt_wake_i & cnt_max(m); break;
      case KMU_YIELD_ERR_ADDR: SEL(YIELD_ERR); r.rval = (uint32_t)i->ycnt_err_i & cnt_max(m); break;
      case KMU_YIELD_WKERR_ADDR:
        SEL(YIELD_WKERR);
        r.rval = (uint32_t)i->ycnt_wkerr_i & cnt_max(m);
        break;
      case KMU_YIELD_CTRL_ADDR:
        SEL(YIELD_CTRL);
        r.rval = FLD_PUT(q->ytail, YIELD_CTRL_TAIL) | FLD_PUT(q->ymaxwait, YIELD_CTRL_MAXWAIT);
        break;
      case KMU_COPY_CONFIG_ADDR:
        SEL(COPY_CONFIG);
        r.rval = FLD_PUT(m->p.cp_nprio, COPY_CONFIG_NPRIO) | FLD_PUT(m->p.cp_lenw, COPY_CONFIG_LENW) |
                 FLD_PUT(m->p.cp_idw, COPY_CONFIG_IDW);
        break;
      default:
        if (db_hit) SEL(DOORBELL);
        break;
    }
#undef SEL
  }
  return r;
}

static int in_win(unsigned a, unsigned base, unsigned last) { return a >= base && a <= last; }

/* Phase 1, from the state alone: the staged registration, the host launch, the mode,
 * reservation and preemption registers, the interrupt. */
void kmu_csr_comb_out(const kmu_csr *m, kmu_csr_out *o) {
  const kmu_csr_regs *q = &m->q;
  o->reg_kptr_o = q->kptr;
  o->reg_grid_x_o = q->grid_x;
  o->reg_grid_y_o = q->grid_y;
  o->reg_grid_z_o = q->grid_z;
  o->reg_tb_x_o = q->tb_x;
  o->reg_tb_y_o = q->tb_y;
  o->reg_tb_z_o = q->tb_z;
  o->reg_shmem_o = q->shmem;
  o->reg_nregs_o = q->nregs;
  o->reg_prio_o = q->prio;
  o->reg_pbase_o = q->pbase;
  o->reg_pend_o = q->pend;
  o->reg_esize_o = q->esize;
  o->reg_maxinf_o = q->maxinf;
  o->host_valid_o = q->host_valid;
  o->host_kptr_o = q->host_kptr;
  o->host_grid_x_o = q->host_grid_x;
  o->host_grid_y_o = q->host_grid_y;
  o->host_grid_z_o = q->host_grid_z;
  o->host_tb_x_o = q->host_tb_x;
  o->host_tb_y_o = q->host_tb_y;
  o->host_tb_z_o = q->host_tb_z;
  o->host_shmem_o = q->host_shmem;
  o->host_nregs_o = q->host_nregs;
  o->host_prio_o = q->host_prio;
  o->host_param_o = q->host_param;
  o->host_cpl_addr_o = q->host_cpl;
  o->mode_rgem_o = q->rgem;
  o->reserve_mask_o = (uint64_t)q->rsv & kmu_mask(m->p.nsm); /* SMs 32 and up: never */
  o->pre_policy_o = q->pre_policy;
  o->pre_inplace_o = q->pre_inplace;
  o->pre_wp_en_o = q->pre_wp_en;
  o->pre_vpol_o = q->pre_vpol;
  o->pre_opt_o = q->pre_opt;
  o->pre_all_o = q->pre_all;
  o->pre_ctx_base_o = q->pre_ctx_base;
  o->pre_deadline_o = q->pre_deadline;
  o->pre_bw_shift_o = q->pre_bw_shift;
  o->pre_hint_valid_o = q->pre_hint_valid;
  o->pre_pred_launch_o = q->pre_launch;
  o->ysig_valid_o = q->ysig_valid;
  o->ysig_addr_o = q->ysig_addr;
  o->ytail_o = q->ytail;
  o->ymaxwait_o = q->ymaxwait;
  o->host_class_o = q->host_class;
  o->host_est_o = q->host_est;
  o->trem_req_valid_o = q->tr_req_valid;
  o->trem_req_kind_o = q->tr_req_kind;
  o->trem_req_replay_o = q->tr_req_replay;
  o->trem_req_id_o = q->tr_req_id;
  o->trem_thr_o = q->tr_thr;
  o->trem_cost_o = q->tr_cost;
  o->trem_policy_o = q->tr_policy;
  o->trem_shift_o = q->tr_shift;
  o->trem_unit_o = q->tr_unit;
  o->trem_sla_o = q->tr_sla;
  o->trem_period_o = q->tr_period;
  o->cp_chunk_log2_o = q->cp_chunk;
  o->cp_cmd_valid_o = q->cq_v;
  o->cp_cmd_src_o = q->cq_src;
  o->cp_cmd_dst_o = q->cq_dst;
  o->cp_cmd_bytes_o = q->cq_bytes;
  o->cp_cmd_dir_o = q->cq_dir;
  o->cp_cmd_prio_o = q->cq_prio;
  o->cp_cmd_id_o = q->cq_id;
  o->cp_cpl_ready_o = !q->ccpl_v && !q->wref_v;
  o->irq_o = (q->irq_en_err && q->err != 0) || (q->irq_en_kd && q->kdone) ||
             (q->cp_irq_en && q->ccpl_v) || (q->tr_en_done && q->tr_ev_done) ||
             (q->tr_en_guard && q->tr_ev_guard);
}

/* Phase 2, from the bus request and the state-only inputs (the EKT's and the doorbell block's
 * registered status): the decode, and the requests to the doorbell block and the EKT (their
 * answers come back in phase 3). */
void kmu_csr_comb_req(kmu_csr *m, const kmu_csr_in *i, kmu_csr_out *o) {
  const kmu_csr_regs *q = &m->q;
  kmu_csr_nets *c = &m->c;
  uint64_t addr = i->bus_req_addr_i & kmu_mask(m->p.aw);
  unsigned a = (unsigned)(addr & 0xFFFF);
  int in_64k = (addr >> 16) == 0;
  int aligned = (a & 3) == 0;
  int strb_full = (i->bus_req_wstrb_i & 0xF) == 0xF;
  uint32_t wdata = (uint32_t)i->bus_req_wdata_i;
  unsigned db_off = a - KMU_DOORBELL_ADDR; /* meaningful when a >= KMU_DOORBELL_ADDR */
  int db_hit = in_64k && a >= KMU_DOORBELL_ADDR && db_off < KMU_DOORBELL_COUNT * KMU_DOORBELL_STRIDE;
  /* COPY_GO: what the engine cannot take is refused here (LONG first, then PRIO beyond the
   * field); SLVERR while the stage the command needs is occupied (the bus never waits for the
   * engine, whose refusals may wait for a COPY_CPL_POP on this bus) */
  int cp_long = m->p.cp_lenw < 32 && (q->cp_len >> m->p.cp_lenw) != 0;
  int cp_prio_wide = (q->cp_prio >> m->cp_pw) != 0;
  int cp_wref = cp_long || cp_prio_wide;
  int cp_go_busy = cp_wref ? (int)q->wref_v : (int)q->cq_v;
  dec_t dc = decode(m, i, a, in_64k, db_hit, cp_go_busy);

  /* bus handshake */
  int wr = i->bus_req_write_i != 0, valid = i->bus_req_valid_i != 0;
  int req_err = !aligned || (wr ? (!dc.wr_ok || !strb_full) : !dc.rd_ok);
  int wr_good = valid && wr && !req_err;
  int db_req = wr_good && db_hit;
  int regcmd_req = wr_good && a == KMU_REG_CMD_ADDR;
  int unreg_req = wr_good && a == KMU_UNREG_CMD_ADDR;
  unsigned unreg_id8 = FLD_GET(wdata, UNREG_CMD_ID);
  int unreg_known = unreg_id8 < m->p.entries;
  int hlcmd_req = wr_good && a == KMU_HL_CMD_ADDR;
  int hl_busy = q->host_valid && !i->host_ready_i; /* the pending launch is not taken */
  int gocmd_req = wr_good && a == KMU_COPY_GO_ADDR;
  int trcmd_req = wr_good && a == KMU_TR_CMD_ADDR;

  o->db_valid_o = db_req;
  o->db_idx_o = (db_off >> 2) & 0x3FF;
  o->reg_valid_o = regcmd_req;
  o->unreg_valid_o = unreg_req && unreg_known;
  o->unreg_id_o = unreg_id8 & kmu_mask(m->id_w);
  *c = (kmu_csr_nets){a,         db_off,     unreg_id8, wdata,       dc.rval,     wr,
                      valid,     req_err,    db_req,    regcmd_req,  unreg_req,   unreg_known,
                      hlcmd_req, hl_busy,    gocmd_req, cp_wref,   cp_long,     trcmd_req};
}

/* Phase 3, from every input: the bus answer and the next state. */
void kmu_csr_comb_next(kmu_csr *m, const kmu_csr_in *i, kmu_csr_out *o) {
  const kmu_csr_regs *q = &m->q;
  kmu_csr_regs *d = &m->d;
  const kmu_csr_nets *c = &m->c;
  const unsigned a = c->a, unreg_id8 = c->unreg_id8;
  const uint32_t wdata = c->wdata;
  const int wr = c->wr, valid = c->valid, req_err = c->req_err, db_req = c->db_req;
  const int regcmd_req = c->regcmd_req, unreg_known = c->unreg_known;
  const int hlcmd_req = c->hlcmd_req, hl_busy = c->hl_busy;
  const int gocmd_req = c->gocmd_req, cp_wref = c->cp_wref, cp_long = c->cp_long;
  const int trcmd_req = c->trcmd_req;
  int tr_busy = q->tr_req_valid && !i->trem_req_ready_i; /* the held request is not taken */

  /* a command whose stage is occupied: SLVERR at once, never a held bus (issue 13) */
  int busy_err = (regcmd_req && !i->reg_ready_i) || (hlcmd_req && hl_busy) ||
                 (trcmd_req && tr_busy);
  /* a read waits one cycle (issue 15, csrram): not ready in the cycle it is first offered
   * (the RTL's mirror RAM reads then), taken in the next; its data only in that cycle.  The
   * twin reads the registers themselves (c->rval): the RTL's mirror RAM must agree. */
  int rd_first = valid && !wr && !q->rd_wait;
  o->bus_req_ready_o = !(db_req && !i->db_ready_i) && !rd_first;
  int fire = valid && o->bus_req_ready_o;
  int acc_wr = fire && wr && !req_err && !busy_err;
  int acc_err = fire && (req_err || busy_err);

  o->bus_rsp_err_o = valid && (req_err || busy_err);
  o->bus_rsp_rdata_o = (valid && !wr && !req_err && q->rd_wait) ? c->rval : 0;

  /* events */
  int reg_fire = regcmd_req && i->reg_ready_i;
  int unreg_fire = acc_wr && a == KMU_UNREG_CMD_ADDR;
  unsigned unreg_code = unreg_known ? (unsigned)(i->unreg_code_i & 3) : KMU_UNREG_CODE_NOT_REGISTERED;
  int launch = i->launch_fire_i != 0;
  int ev_db_unknown = i->db_err_unknown_i != 0;
  int ev_db_unreg = launch && i->launch_err_i == KMU_LAUNCH_ERR_UNREGISTERED;
  int ev_db_inflight = launch && i->launch_err_i == KMU_LAUNCH_ERR_INFLIGHT;
  /* refused by kmu_doorbell as it rings (one doorbell at most) or by the EKT as it launches */
  int ev_db_ring_unreg = i->db_err_unreg_i != 0, ev_db_ring_full = i->db_err_full_i != 0;
  int ev_db_ring = ev_db_unknown || ev_db_ring_unreg || ev_db_ring_full;
  int ev_launch_ok = launch && i->launch_err_i == KMU_LAUNCH_ERR_OK;
  int ev_reg_refused = i->reg_done_i && i->reg_code_i != KMU_REG_CODE_OK;
  int ev_unreg_refused = unreg_fire && unreg_code != KMU_UNREG_CODE_OK;
  int ev_cpl_spurious = i->cpl_valid_i && i->cpl_err_i;
  int ev_cpl_ok = i->cpl_valid_i && !i->cpl_err_i;
  /* host launch: a HL_CMD write taken on the bus; refused when a grid or TB dimension is 0 */
  int hl_fire = hlcmd_req && !hl_busy;
  int hl_bad = !q->hl_grid_x || !q->hl_grid_y || !q->hl_grid_z || !q->hl_tb_x || !q->hl_tb_y ||
               !q->hl_tb_z;
  int ev_host_refused = hl_fire && hl_bad;
  int hl_launch = hl_fire && !hl_bad;
  /* copies: a COPY_GO taken on the bus; a completion entering COPY_CPL (a window refusal first) */
  int go_fire = gocmd_req; /* COPY_GO never waits */
  int cpl_in = !q->ccpl_v && (q->wref_v || i->cp_cpl_valid_i);
  unsigned cpl_in_st = q->wref_v ? q->wref_st : (unsigned)(i->cp_cpl_status_i & 7);
  int ev_cp_ok = cpl_in && cpl_in_st == KMU_COPY_ST_OK;
  int ev_cp_ref = cpl_in && cpl_in_st != KMU_COPY_ST_OK;

  *d = *q;
  d->rd_wait = rd_first;
  uint32_t set = FLD_PUT(ev_db_unknown, ERR_STATUS_DB_UNKNOWN) |
                 FLD_PUT(ev_db_unreg || ev_db_ring_unreg, ERR_STATUS_DB_UNREG) |
                 FLD_PUT(ev_db_inflight || ev_db_ring_full, ERR_STATUS_DB_INFLIGHT) |
                 FLD_PUT(ev_reg_refused, ERR_STATUS_REG_REFUSED) |
                 FLD_PUT(ev_unreg_refused, ERR_STATUS_UNREG_REFUSED) |
                 FLD_PUT(ev_cpl_spurious, ERR_STATUS_CPL_SPURIOUS) | FLD_PUT(acc_err, ERR_STATUS_BUS) |
                 FLD_PUT(ev_host_refused, ERR_STATUS_HOST_REFUSED);
  uint32_t clr = (acc_wr && a == KMU_ERR_STATUS_ADDR) ? wdata : 0;
  d->err = ((q->err & ~clr) | set) & KMU_ERR_STATUS_MASK;

#define CNT(field, R, inc) d->field = sat_add(m, (acc_wr && a == KMU_##R##_ADDR) ? 0 : q->field, (inc))
#define CNT1(field, R, ev) d->field = cnt_inc(m, q->field, acc_wr && a == KMU_##R##_ADDR, (ev))
  CNT(cnt_db, ERR_CNT_DB, (unsigned)ev_db_ring + (unsigned)(ev_db_unreg || ev_db_inflight));
  CNT(cnt_reg, ERR_CNT_REG,
      (unsigned)ev_reg_refused + (unsigned)ev_unreg_refused + (unsigned)ev_host_refused);
  CNT1(cnt_bus, ERR_CNT_BUS, acc_err);
  CNT1(cnt_cpl, ERR_CNT_CPL, ev_cpl_spurious);
  CNT1(perf_db, PERF_DOORBELLS, ev_launch_ok);
  CNT1(perf_launch, PERF_LAUNCHES, i->desc_fire_i != 0);
  CNT1(perf_cpl, PERF_COMPLETIONS, ev_cpl_ok);
  CNT1(perf_kern, PERF_KERNELS, i->kernel_done_i != 0);
  CNT1(perf_pre, PERF_PREEMPTS, i->pre_req_i != 0);
  CNT1(perf_wp, PERF_WP, i->wp_start_i != 0);
  CNT1(perf_csave, PERF_CTX_SAVES, i->ctx_save_i != 0);
  CNT1(cnt_cp, COPY_ERR_CNT, ev_cp_ref);
  CNT1(perf_cp, PERF_COPIES, ev_cp_ok);
#undef CNT1
#undef CNT

  /* copy command stage: taken by cp_cmd_ready_i, loaded from the staging registers at COPY_GO */
  if (q->cq_v && i->cp_cmd_ready_i) d->cq_v = 0;
  if (go_fire && !cp_wref) {
    d->cq_v = 1;
    d->cq_src = q->cp_src;
    d->cq_dst = q->cp_dst;
    d->cq_bytes = q->cp_len & (uint32_t)kmu_mask(m->p.cp_lenw);
    d->cq_dir = q->cp_dir;
    d->cq_prio = q->cp_prio & (unsigned)kmu_mask(m->cp_pw);
    d->cq_id = q->cp_id & (unsigned)kmu_mask(m->p.cp_idw);
  }
  /* COPY_CPL: popped by COPY_CPL_POP; when empty it takes the window refusal, else the
   * engine's completion (cp_cpl_ready_o says which it can take: only from registers) */
  if (acc_wr && a == KMU_COPY_CPL_POP_ADDR) d->ccpl_v = 0;
  if (cpl_in) {
    d->ccpl_v = 1;
    d->ccpl_id = q->wref_v ? q->wref_id : (unsigned)(i->cp_cpl_id_i & kmu_mask(m->p.cp_idw));
    d->ccpl_st = cpl_in_st;
    d->wref_v = 0;
  }
  if (ev_cp_ref) d->cp_lerr = cpl_in_st;
  if (go_fire && cp_wref) {
    d->wref_v = 1;
    d->wref_id = q->cp_id & (unsigned)kmu_mask(m->p.cp_idw);
    d->wref_st = cp_long ? KMU_COPY_ST_LONG : KMU_COPY_ST_PRIO;
  }

  /* KERNEL_STATUS: sticky, write 1 to clear, a completion in the same cycle wins */
  if (acc_wr && a == KMU_KERNEL_STATUS_ADDR && FLD_GET(wdata, KERNEL_STATUS_KERNEL_DONE)) d->kdone = 0;
  if (i->kernel_done_i) d->kdone = 1;

  if (reg_fire) {
    d->res_busy = 1;
    d->res_done = 0;
  }
  if (i->reg_done_i) {
    d->res_busy = reg_fire;
    d->res_done = 1;
    d->res_code = (unsigned)(i->reg_code_i & 7);
    d->res_id = (unsigned)(i->reg_id_i & kmu_mask(m->id_w));
  }
  if (unreg_fire) {
    d->ures_done = 1;
    d->ures_code = unreg_code;
    d->ures_id = unreg_id8;
  }

  /* host descriptor: taken by host_ready_i, loaded from the staging registers at a launch */
  if (q->host_valid && i->host_ready_i) d->host_valid = 0;
  if (hl_launch) {
    d->host_valid = 1;
    d->host_kptr = q->hl_kptr;
    d->host_grid_x = q->hl_grid_x;
    d->host_grid_y = q->hl_grid_y;
    d->host_grid_z = q->hl_grid_z;
    d->host_tb_x = q->hl_tb_x;
    d->host_tb_y = q->hl_tb_y;
    d->host_tb_z = q->hl_tb_z;
    d->host_shmem = q->hl_shmem;
    d->host_nregs = q->hl_nregs;
    d->host_prio = q->hl_prio;
    d->host_param = q->hl_param;
    d->host_cpl = q->hl_cpl;
    d->host_class = q->hl_class;
    d->host_est = q->hl_est;
  }

  /* the hint is a pulse: high only in the cycle after an accepted PRE_HINT write */
  d->pre_hint_valid = acc_wr && a == KMU_PRE_HINT_ADDR;
  /* the yield signal too (GPUpIO: kmu_yield_mon's sw_valid_i), with the address written */
  d->ysig_valid = acc_wr && a == KMU_YIELD_SIGNAL_ADDR;
  if (d->ysig_valid) d->ysig_addr = (uint32_t)i->bus_req_wdata_i;
  if (acc_wr && a == KMU_YIELD_CTRL_ADDR) {
    d->ytail = FLD_GET(i->bus_req_wdata_i, YIELD_CTRL_TAIL);
    d->ymaxwait = FLD_GET(i->bus_req_wdata_i, YIELD_CTRL_MAXWAIT);
  }

  if (acc_wr) {
    switch (a) {
      case KMU_SCRATCH_ADDR: d->scratch = wdata; break;
      case KMU_KMU_CTRL_ADDR: d->rgem = FLD_GET(wdata, KMU_CTRL_RGEM); break;
      case KMU_SM_RESERVE_ADDR: d->rsv = wdata & rsv_mask(m); break;
      case KMU_IRQ_ENABLE_ADDR:
        d->irq_en_err = FLD_GET(wdata, IRQ_ENABLE_ERR);
        d->irq_en_kd = FLD_GET(wdata, IRQ_ENABLE_KERNEL_DONE);
        break;
      case KMU_REG_KPTR_ADDR: d->kptr = wdata; break;
      case KMU_REG_GRID_XY_ADDR:
        d->grid_x = FLD_GET(wdata, REG_GRID_XY_X);
        d->grid_y = FLD_GET(wdata, REG_GRID_XY_Y);
        break;
      case KMU_REG_GRID_Z_ADDR: d->grid_z = FLD_GET(wdata, REG_GRID_Z_Z); break;
      case KMU_REG_TB_XY_ADDR:
        d->tb_x = FLD_GET(wdata, REG_TB_XY_X);
        d->tb_y = FLD_GET(wdata, REG_TB_XY_Y);
        break;
      case KMU_REG_TB_Z_ADDR: d->tb_z = FLD_GET(wdata, REG_TB_Z_Z); break;
      case KMU_REG_RES_ADDR:
        d->shmem = FLD_GET(wdata, REG_RES_SHMEM);
        d->nregs = FLD_GET(wdata, REG_RES_NREGS);
        d->prio = FLD_GET(wdata, REG_RES_PRIO);
        break;
      case KMU_REG_PBASE_ADDR: d->pbase = wdata; break;
      case KMU_REG_PEND_ADDR: d->pend = wdata; break;
      case KMU_REG_PSIZE_ADDR:
        d->esize = FLD_GET(wdata, REG_PSIZE_ESIZE);
        d->maxinf = FLD_GET(wdata, REG_PSIZE_MAXINF);
        break;
      case KMU_HL_KPTR_ADDR: d->hl_kptr = wdata; break;
      case KMU_HL_GRID_XY_ADDR:
        d->hl_grid_x = FLD_GET(wdata, HL_GRID_XY_X);
        d->hl_grid_y = FLD_GET(wdata, HL_GRID_XY_Y);
        break;
      case KMU_HL_GRID_Z_ADDR: d->hl_grid_z = FLD_GET(wdata, HL_GRID_Z_Z); break;
      case KMU_HL_TB_XY_ADDR:
        d->hl_tb_x = FLD_GET(wdata, HL_TB_XY_X);
        d->hl_tb_y = FLD_GET(wdata, HL_TB_XY_Y);
        break;
      case KMU_HL_TB_Z_ADDR: d->hl_tb_z = FLD_GET(wdata, HL_TB_Z_Z); break;
      case KMU_HL_RES_ADDR:
        d->hl_shmem = FLD_GET(wdata, HL_RES_SHMEM);
        d->hl_nregs = FLD_GET(wdata, HL_RES_NREGS);
        d->hl_prio = FLD_GET(wdata, HL_RES_PRIO);
        d->hl_class = FLD_GET(wdata, HL_RES_CLASS);
        break;
      case KMU_HL_EST_ADDR: d->hl_est = wdata; break;
      case KMU_HL_PARAM_ADDR: d->hl_param = wdata; break;
      case KMU_HL_CPL_ADDR_ADDR: d->hl_cpl = wdata; break;
      case KMU_PRE_CTRL_ADDR:
        d->pre_policy = FLD_GET(wdata, PRE_CTRL_POLICY);
        d->pre_inplace = FLD_GET(wdata, PRE_CTRL_INPLACE);
        d->pre_wp_en = FLD_GET(wdata, PRE_CTRL_WP_EN);
        d->pre_vpol = FLD_GET(wdata, PRE_CTRL_VPOL);
        d->pre_opt = FLD_GET(wdata, PRE_CTRL_OPT);
        d->pre_all = FLD_GET(wdata, PRE_CTRL_ALL);
        break;
      case KMU_PRE_CTX_BASE_ADDR: d->pre_ctx_base = wdata; break;
      case KMU_PRE_DEADLINE_ADDR: d->pre_deadline = wdata; break;
      case KMU_PRE_BW_ADDR: d->pre_bw_shift = FLD_GET(wdata, PRE_BW_SHIFT); break;
      case KMU_PRE_HINT_ADDR: d->pre_launch = wdata; break;
      case KMU_COPY_SRC_ADDR: d->cp_src = wdata; break;
      case KMU_COPY_DST_ADDR: d->cp_dst = wdata; break;
      case KMU_COPY_LEN_ADDR: d->cp_len = wdata; break;
      case KMU_COPY_CTRL_ADDR:
        d->cp_dir = FLD_GET(wdata, COPY_CTRL_DIR);
        d->cp_prio = FLD_GET(wdata, COPY_CTRL_PRIO);
        d->cp_id = FLD_GET(wdata, COPY_CTRL_ID) & (unsigned)kmu_mask(m->p.cp_idw);
        break;
      case KMU_COPY_CHUNK_ADDR: d->cp_chunk = FLD_GET(wdata, COPY_CHUNK_LOG2); break;
      case KMU_COPY_IRQ_ADDR: d->cp_irq_en = FLD_GET(wdata, COPY_IRQ_EN); break;
      default: break;
    }
  }

  /* ---- TReM window */
  int tr_cmd_fire = trcmd_req && !tr_busy;
  int tr_wr = acc_wr && in_win(a, KMU_WIN_TREM_BASE, KMU_WIN_TREM_LAST);
  int tr_done = i->trem_done_valid_i != 0;
  int tr_done_ok = tr_done && i->trem_done_status_i == KMU_TREM_STATUS_OK;
  /* the request stage: taken by trem_req_ready_i, loaded by a TR_CMD write */
  if (q->tr_req_valid && i->trem_req_ready_i) d->tr_req_valid = 0;
  if (tr_cmd_fire) {
    d->tr_req_valid = 1;
    d->tr_req_kind = FLD_GET(wdata, TR_CMD_KIND);
    d->tr_req_replay = FLD_GET(wdata, TR_CMD_REPLAY);
    d->tr_req_id = FLD_GET(wdata, TR_CMD_ID);
    d->tr_done = 0;
  }
  /* the result: a completion in the write's cycle still sets DONE */
  if (tr_done) {
    d->tr_status = (unsigned)(i->trem_done_status_i & 7);
    d->tr_replay = (unsigned)(i->trem_done_replay_i & 1);
    d->tr_tag = (unsigned)(i->trem_done_tag_i & 0xFF);
    d->tr_lid = (unsigned)(i->trem_done_lid_i & 0xFFFF);
    d->tr_done = 1;
  }
  if (i->trem_guard_i) d->tr_guard_tag = (unsigned)(i->trem_guard_tag_i & 0xFF);
  /* TR_EVENTS: write 1 to clear, a set in the same cycle wins */
  if (tr_wr && a == KMU_TR_EVENTS_ADDR) {
    if (FLD_GET(wdata, TR_EVENTS_DONE)) d->tr_ev_done = 0;
    if (FLD_GET(wdata, TR_EVENTS_GUARD)) d->tr_ev_guard = 0;
  }
  if (tr_done) d->tr_ev_done = 1;
  if (i->trem_guard_i) d->tr_ev_guard = 1;
  if (tr_wr) {
    switch (a) {
      case KMU_TR_IRQ_EN_ADDR:
        d->tr_en_done = FLD_GET(wdata, TR_IRQ_EN_DONE);
        d->tr_en_guard = FLD_GET(wdata, TR_IRQ_EN_GUARD);
        break;
      case KMU_TR_THRESH_ADDR: d->tr_thr = FLD_GET(wdata, TR_THRESH_THR); break;
      case KMU_TR_COST_ADDR: d->tr_cost = wdata; break;
      case KMU_TR_CTRL_ADDR:
        d->tr_policy = FLD_GET(wdata, TR_CTRL_POLICY);
        d->tr_shift = FLD_GET(wdata, TR_CTRL_SHIFT);
        d->tr_unit = FLD_GET(wdata, TR_CTRL_UNIT);
        break;
      case KMU_TR_SLA_ADDR: d->tr_sla = wdata; break;
      case KMU_TR_PERIOD_ADDR: d->tr_period = wdata; break;
      default: break;
    }
  }
  d->cnt_trem = cnt_inc(m, q->cnt_trem, tr_wr && a == KMU_ERR_CNT_TREM_ADDR, tr_done && !tr_done_ok);
  d->perf_rvk = cnt_inc(m, q->perf_rvk, tr_wr && a == KMU_PERF_REVOKES_ADDR, tr_done_ok);
}

void kmu_csr_comb(kmu_csr *m, const kmu_csr_in *i, kmu_csr_out *o) {
  kmu_csr_comb_out(m, o);
  kmu_csr_comb_req(m, i, o);
  kmu_csr_comb_next(m, i, o);
}

void kmu_csr_tick(kmu_csr *m) { m->q = m->d; }
