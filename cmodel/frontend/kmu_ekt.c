/* kmu_ekt.c - C twin of rtl/frontend/kmu_ekt.v.  Same state names: q.rstate (rstate_q), q.stg_*,
 * q.div_*, per-entry q.maxinf/inflight, q.valid, q.fresh, q.desc_*, q.ps_*, q.fwd_head, q.upd;
 * the memories ent_mem and head_mem with their read registers ent_rdata_q and head_rdata_q.
 * comb() is the RTL's always @(*) blocks plus assigns (including the u_alloc priority encoder,
 * through the kmu_prio_enc C model); tick() its clocked blocks: the memory read registers load
 * before the write ports write (read-before-write), then q = d. */
#include "kmu_ekt.h"

#include <stdlib.h>

void kmu_ekt_init(kmu_ekt *m, const kmu_ekt_params *p) {
  kmu_prio_enc_params ep = {p->entries};
  m->p = *p;
  m->id_w = 1;
  while ((1u << m->id_w) < p->entries) m->id_w++;
  kmu_prio_enc_init(&m->u_alloc, &ep);
  m->ent_mem = calloc(p->entries, sizeof *m->ent_mem);
  m->head_mem = calloc(p->entries, sizeof *m->head_mem);
  kmu_ekt_reset(m);
}

void kmu_ekt_free(kmu_ekt *m) {
  kmu_prio_enc_free(&m->u_alloc);
  free(m->ent_mem);
  free(m->head_mem);
}

void kmu_ekt_reset(kmu_ekt *m) {
  m->q = (kmu_ekt_regs){0};
  m->q.stg_pendn = 0xffffffffu; /* ~0: the RTL resets the staged end to 0 too */
  m->d = m->q;
  m->ent_we = m->ent_re = m->head_we = 0;
}

/* Phase 1, from the state alone: the table's valid bits, the registration status and the
 * pending descriptor. */
void kmu_ekt_comb_out(const kmu_ekt *m, kmu_ekt_out *o) {
  const kmu_ekt_regs *q = &m->q;
  o->valid_o = q->valid;
  o->reg_ready_o = q->rstate == KMU_EKT_RS_IDLE;
  o->reg_busy_o = q->rstate != KMU_EKT_RS_IDLE;
  o->reg_done_o = q->rstate == KMU_EKT_RS_DONE;
  o->desc_valid_o = q->desc_valid;
  o->desc_id_o = q->desc_id;
  o->desc_param_o = q->ps_fwd ? q->fwd_head : q->ps_base ? m->ent_rdata_q.base : m->head_rdata_q;
  const kmu_ekt_meta *r = &m->ent_rdata_q.meta;
  o->desc_kptr_o = r->kptr;
  o->desc_grid_x_o = r->grid_x;
  o->desc_grid_y_o = r->grid_y;
  o->desc_grid_z_o = r->grid_z;
  o->desc_tb_x_o = r->tb_x;
  o->desc_tb_y_o = r->tb_y;
  o->desc_tb_z_o = r->tb_z;
  o->desc_shmem_o = r->shmem;
  o->desc_nregs_o = r->nregs;
  o->desc_prio_o = r->prio;
}

/* Phase 2, from the inputs (and phase 1's reg_done_o): every other output and the next
 * state. */
void kmu_ekt_comb_next(kmu_ekt *m, const kmu_ekt_in *i, kmu_ekt_out *o) {
  const kmu_ekt_regs *q = &m->q;
  kmu_ekt_regs *d = &m->d;
  const unsigned n = m->p.entries;
  const uint64_t idm = kmu_mask(m->id_w);
  const unsigned lid = (unsigned)(i->launch_id_i & idm), cid = (unsigned)(i->cpl_id_i & idm);
  const unsigned uid = (unsigned)(i->unreg_id_i & idm);

  /* lowest free entry */
  kmu_prio_enc_in ai = {~q->valid & kmu_mask(n)};
  kmu_prio_enc_out ao;
  kmu_prio_enc_comb(&m->u_alloc, &ai, &ao);
  const unsigned alloc_idx = (unsigned)ao.idx_o;
  const int alloc_ok = (int)ao.valid_o;

  /* per-entry flags read by id: an id >= ENTRIES reads as an unregistered entry; full is an
   * equality (inflight never exceeds maxinf) */
  const int l_in = lid < n, c_in = cid < n, u_in = uid < n;
  const int l_valid = l_in && ((q->valid >> lid) & 1);
  const int l_full = l_in && q->inflight[lid] == q->maxinf[lid];
  const int l_fresh = l_in && ((q->fresh >> lid) & 1);
  const int c_valid = c_in && ((q->valid >> cid) & 1);
  const int c_idle = c_in && q->inflight[cid] == 0;
  const int u_valid = u_in && ((q->valid >> uid) & 1);
  const int u_idle = u_in && q->inflight[uid] == 0;

  /* head logic: the descriptor's parameter address, then the single adder and comparator
   * (33-bit sum: a buffer ending at 2^32 wraps too; the entry memory holds ~end) */
  const kmu_ekt_ent *r = &m->ent_rdata_q;
  const uint32_t desc_param = q->ps_fwd ? q->fwd_head : q->ps_base ? r->base : m->head_rdata_q;
  const uint64_t head_sum = (uint64_t)desc_param + r->esize;
  const int head_wrap = head_sum + (0x100000000ull | r->endn) + 1 >= 0x200000000ull;
  const uint32_t head_next = head_wrap ? r->base : (uint32_t)head_sum;

  /* launch */
  o->launch_ready_o = !q->desc_valid || i->desc_ready_i;
  const int launch_fire = i->launch_valid_i && o->launch_ready_o;
  if (!l_valid)
    o->launch_err_o = KMU_LAUNCH_ERR_UNREGISTERED;
  else if (l_full)
    o->launch_err_o = KMU_LAUNCH_ERR_INFLIGHT;
  else
    o->launch_err_o = KMU_LAUNCH_ERR_OK;
  const int launch_ok = launch_fire && o->launch_err_o == KMU_LAUNCH_ERR_OK;
  const int l_fwd = q->upd && q->desc_id == lid; /* its head is still being written */

  /* completion, unregister */
  o->cpl_err_o = !c_valid || c_idle;
  const int cpl_ok = i->cpl_valid_i && !o->cpl_err_o;
  if (!u_valid)
    o->unreg_code_o = KMU_UNREG_CODE_NOT_REGISTERED;
  else if (!u_idle)
    o->unreg_code_o = KMU_UNREG_CODE_BUSY;
  else if (launch_ok && lid == uid)
    o->unreg_code_o = KMU_UNREG_CODE_BUSY;
  else
    o->unreg_code_o = KMU_UNREG_CODE_OK;
  const int unreg_ok = i->unreg_valid_i && o->unreg_code_o == KMU_UNREG_CODE_OK;

  /* registration checks on the staged fields */
  const kmu_ekt_meta *sm = &q->stg_meta;
  const int kernel_bad = sm->grid_x == 0 || sm->grid_y == 0 || sm->grid_z == 0 ||
                         sm->tb_x == 0 || sm->tb_y == 0 || sm->tb_z == 0 || q->stg_maxinf == 0;
  const int misaligned = (q->stg_pbase & 3) || (~q->stg_pendn & 3) || (q->stg_esize & 3);
  const int bad_range = q->div_brw || !q->div_nz; /* end <= base */
  unsigned reg_code;
  if (!alloc_ok)
    reg_code = KMU_REG_CODE_FULL;
  else if (q->stg_esize == 0)
    reg_code = KMU_REG_CODE_ESIZE_ZERO;
  else if (misaligned)
    reg_code = KMU_REG_CODE_MISALIGNED;
  else if (bad_range)
    reg_code = KMU_REG_CODE_BAD_RANGE;
  else if (q->div_rem != 0)
    reg_code = KMU_REG_CODE_BAD_LENGTH;
  else if (kernel_bad)
    reg_code = KMU_REG_CODE_BAD_KERNEL;
  else
    reg_code = KMU_REG_CODE_OK;
  o->reg_code_o = reg_code;
  const int reg_ok = o->reg_done_o && reg_code == KMU_REG_CODE_OK;
  o->reg_id_o = reg_ok ? alloc_idx : 0;

  /* one restoring shift-subtract step (17-bit partial remainder) */
  const unsigned div_shift = ((q->div_rem << 1) | (q->div_len >> 31)) & 0x1ffff;
  const int div_sub = div_shift >= q->stg_esize; /* no borrow out of the one subtraction */
  const unsigned div_diff = (div_shift - q->stg_esize) & 0xffff;
  /* end - base at the capture as ~(~end + base); the carry out is its borrow */
  const uint64_t cap_sum = (uint64_t)(uint32_t)~(uint32_t)i->reg_pend_i + (uint32_t)i->reg_pbase_i;

  /* next state */
  KMU_D_FROM_Q_TAB(m); /* *d = *q */
  m->ent_we = 0;
  m->ent_re = 0;
  d->upd = launch_ok;
  switch (q->rstate) {
    case KMU_EKT_RS_IDLE:
      if (i->reg_valid_i) {
        d->rstate = KMU_EKT_RS_DIV;
        d->stg_meta.kptr = (uint32_t)i->reg_kptr_i;
        d->stg_meta.grid_x = (uint16_t)i->reg_grid_x_i;
        d->stg_meta.grid_y = (uint16_t)i->reg_grid_y_i;
        d->stg_meta.grid_z = (uint16_t)i->reg_grid_z_i;
        d->stg_meta.tb_x = (uint16_t)i->reg_tb_x_i;
        d->stg_meta.tb_y = (uint16_t)i->reg_tb_y_i;
        d->stg_meta.tb_z = (uint16_t)i->reg_tb_z_i;
        d->stg_meta.shmem = (uint16_t)i->reg_shmem_i;
        d->stg_meta.nregs = (uint8_t)i->reg_nregs_i;
        d->stg_meta.prio = (uint8_t)(i->reg_prio_i & 3);
        d->stg_pbase = (uint32_t)i->reg_pbase_i;
        d->stg_pendn = ~(uint32_t)i->reg_pend_i;
        d->stg_esize = (unsigned)(i->reg_esize_i & 0xffff);
        d->stg_maxinf = (unsigned)(i->reg_maxinf_i & 0xff);
        d->div_len = ~(uint32_t)cap_sum;
        d->div_brw = (unsigned)(cap_sum >> 32) & 1;
        d->div_nz = 0;
        d->div_rem = 0;
        d->div_cnt = KMU_EKT_DIV_STEPS - 1;
      }
      break;
    case KMU_EKT_RS_DIV:
      d->div_rem = div_sub ? div_diff : (div_shift & 0xffff);
      d->div_len = q->div_len << 1;
      d->div_nz = q->div_nz || (q->div_len >> 31);
      d->div_cnt = (q->div_cnt - 1) & 0x1f;
      if (q->div_cnt == 0) d->rstate = KMU_EKT_RS_DONE;
      break;
    default: /* RS_DONE */
      d->rstate = KMU_EKT_RS_IDLE;
      if (reg_code == KMU_REG_CODE_OK) m->ent_we = 1;
      break;
  }
  m->ent_waddr = alloc_idx;
  m->ent_wdata.meta = q->stg_meta;
  m->ent_wdata.base = q->stg_pbase;
  m->ent_wdata.endn = q->stg_pendn;
  m->ent_wdata.esize = q->stg_esize;

  if (launch_ok) {
    d->desc_valid = 1;
    d->desc_id = lid;
    m->ent_re = 1;
    d->ps_fwd = l_fwd;
    d->ps_base = l_fresh; /* never with l_fwd: the launch last cycle cleared fresh */
    if (l_fwd) d->fwd_head = head_next;
  } else if (i->desc_ready_i) {
    d->desc_valid = 0;
  }
  m->ent_raddr = lid;
  m->head_we = (int)q->upd;
  m->head_waddr = q->desc_id;
  m->head_wdata = head_next;

  /* the entries written this cycle (each index < ENTRIES: an event needs a valid entry, or a
   * free one for a registration); a launch and a completion of one entry leave inflight as it
   * is; a registration writes after them */
  if (launch_ok) d->fresh &= ~(1ull << lid);
  if (launch_ok && !(cpl_ok && cid == lid)) d->inflight[lid] = (q->inflight[lid] + 1) & 0xff;
  if (cpl_ok && !(launch_ok && lid == cid)) d->inflight[cid] = (q->inflight[cid] - 1) & 0xff;
  if (unreg_ok) d->valid &= ~(1ull << uid);
  if (reg_ok) {
    d->valid |= 1ull << alloc_idx;
    d->fresh |= 1ull << alloc_idx;
    d->maxinf[alloc_idx] = q->stg_maxinf;
    d->inflight[alloc_idx] = 0;
  }
  m->tab_we = launch_ok || cpl_ok || reg_ok;
}

void kmu_ekt_comb(kmu_ekt *m, const kmu_ekt_in *i, kmu_ekt_out *o) {
  kmu_ekt_comb_out(m, o);
  kmu_ekt_comb_next(m, i, o);
}

void kmu_ekt_tick(kmu_ekt *m) {
  if (m->ent_re) { /* read-before-write */
    m->ent_rdata_q = m->ent_mem[m->ent_raddr];
    m->head_rdata_q = m->head_mem[m->ent_raddr];
  }
  if (m->ent_we) m->ent_mem[m->ent_waddr] = m->ent_wdata;
  if (m->head_we) m->head_mem[m->head_waddr] = m->head_wdata;
  KMU_Q_FROM_D_TAB(m, kmu_ekt_regs, maxinf);
}
