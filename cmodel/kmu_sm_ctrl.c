/* kmu_sm_ctrl.c - C twin of rtl/kmu/kmu_sm_ctrl.v, built from the kmu_prio_enc and kmu_fifo
 * twins.  Same state names: q.res_valid (res_valid_q), q.res_started, q.res_ewarp, q.res_*[e],
 * q.wst_busy, q.wst_owner[w], q.free_tb/free_warps/free_regs/free_shmem; instances u_rtb_enc,
 * u_start_fifo, u_done_fifo, u_ewt_kp, u_ewt_id.  comb() evaluates the instances in a fixed
 * order that is valid because a FIFO's outputs depend only on its state: (1) the encoder and
 * every FIFO with idle inputs give the free entry, the heads, ready bits and counts; (2) fit,
 * the EWT launch, the allocation and the done lookup; (3) every FIFO again with this cycle's
 * pushes and pops (the second call replaces the first one's next state).  tick() is the
 * rising edge of the module and of every instance. */
#include "kmu_sm_ctrl.h"

#include <string.h>

#define M6 0x3fu
#define M8 0xffu
#define M17 0x1ffffu
#define M18 0x3ffffu

void kmu_sm_ctrl_init(kmu_sm_ctrl *m, const kmu_sm_ctrl_params *p) {
  m->p = *p;
  m->rtb_w = 1;
  while ((1u << m->rtb_w) < p->tbs) m->rtb_w++;
  const kmu_prio_enc_params pe = {p->tbs};
  const kmu_fifo_params ps = {m->rtb_w, p->tbs}, pd = {8, p->tbs};
  const kmu_fifo_params pk = {64, p->ewt}, pi = {KMU_SM_CTRL_EWT_ID_W, p->ewt};
  kmu_prio_enc_init(&m->u_rtb_enc, &pe);
  kmu_fifo_init(&m->u_start_fifo, &ps);
  kmu_fifo_init(&m->u_done_fifo, &pd);
  kmu_fifo_init(&m->u_ewt_kp, &pk);
  kmu_fifo_init(&m->u_ewt_id, &pi);
  kmu_sm_ctrl_reset(m);
}

void kmu_sm_ctrl_free(kmu_sm_ctrl *m) {
  kmu_prio_enc_free(&m->u_rtb_enc);
  kmu_fifo_free(&m->u_start_fifo);
  kmu_fifo_free(&m->u_done_fifo);
  kmu_fifo_free(&m->u_ewt_kp);
  kmu_fifo_free(&m->u_ewt_id);
}

void kmu_sm_ctrl_reset(kmu_sm_ctrl *m) {
  memset(&m->q, 0, sizeof m->q);
  m->q.free_tb = m->p.tbs & M8;
  m->q.free_warps = m->p.warps & M8;
  m->q.free_regs = m->p.regs & M18;
  m->q.free_shmem = m->p.shmem & M18;
  m->d = m->q;
  kmu_prio_enc_reset(&m->u_rtb_enc);
  kmu_fifo_reset(&m->u_start_fifo);
  kmu_fifo_reset(&m->u_done_fifo);
  kmu_fifo_reset(&m->u_ewt_kp);
  kmu_fifo_reset(&m->u_ewt_id);
}

void kmu_sm_ctrl_comb(kmu_sm_ctrl *m, const kmu_sm_ctrl_in *i, kmu_sm_ctrl_out *o) {
  const kmu_sm_ctrl_regs *q = &m->q;
  kmu_sm_ctrl_regs *d = &m->d;
  const unsigned nt = m->p.tbs, nw = m->p.warps;
  const uint64_t rtbm = kmu_mask(m->rtb_w);
  /* inputs at their port widths */
  const unsigned need_warps = (unsigned)(i->need_warps_i & M6);
  const unsigned need_regs = (unsigned)(i->need_regs_i & M18);
  const unsigned need_shmem = (unsigned)(i->need_shmem_i & M17);
  const int need_ewarp = (int)(i->need_ewarp_i & 1), start_valid = (int)(i->start_valid_i & 1);
  const int start_ewarp = (int)(i->start_ewarp_i & 1);
  const unsigned start_slot = (unsigned)(i->start_slot_i & M8);
  const uint32_t start_tb = (uint32_t)i->start_tb_i, start_kptr = (uint32_t)i->start_kptr_i;
  const uint32_t start_param = (uint32_t)i->start_param_i;
  const unsigned start_warps = (unsigned)(i->start_warps_i & M6);
  const unsigned start_regs = (unsigned)(i->start_regs_i & M18);
  const unsigned start_shmem = (unsigned)(i->start_shmem_i & M17);
  const int simt_start_ready = (int)(i->simt_start_ready_i & 1);
  const int simt_done_valid = (int)(i->simt_done_valid_i & 1);
  const unsigned done_rtb = (unsigned)(i->simt_done_rtb_i & rtbm);
  const int done_ready = (int)(i->done_ready_i & 1);

  /* (1) lowest free resident entry; FIFO heads and ready bits */
  kmu_prio_enc_in ei = {~q->res_valid & kmu_mask(nt)};
  kmu_prio_enc_out eo;
  kmu_prio_enc_comb(&m->u_rtb_enc, &ei, &eo);
  const unsigned rtb_idx = (unsigned)eo.idx_o;
  const int rtb_any = (int)eo.valid_o;
  const int tb_room = q->free_tb != 0 && rtb_any;

  kmu_fifo_in si, di, ki, ii;
  kmu_fifo_out so, dout, ko, io;
  memset(&si, 0, sizeof si);
  memset(&di, 0, sizeof di);
  memset(&ki, 0, sizeof ki);
  memset(&ii, 0, sizeof ii);
  kmu_fifo_comb(&m->u_start_fifo, &si, &so);
  kmu_fifo_comb(&m->u_done_fifo, &di, &dout);
  kmu_fifo_comb(&m->u_ewt_kp, &ki, &ko);
  kmu_fifo_comb(&m->u_ewt_id, &ii, &io);

  /* (2) event-warp table: {kptr, param} and {slot, tb, regs} */
  const int ewt_pend = ko.pop_valid_o && io.pop_valid_o;
  const int ewt_room = ko.push_ready_o && io.push_ready_o;
  const unsigned ewt_regs = (unsigned)(io.pop_data_o & M18);
  const uint32_t ewt_tb = (uint32_t)(io.pop_data_o >> 18);
  const unsigned ewt_slot = (unsigned)((io.pop_data_o >> 50) & M8);
  const uint32_t ewt_kptr = (uint32_t)(ko.pop_data_o >> 32), ewt_param = (uint32_t)ko.pop_data_o;

  /* fit */
  const int tb_gate = tb_room && !ewt_pend;
  o->fit_o = tb_gate && need_warps != 0 && need_warps <= q->free_warps &&
             need_regs <= q->free_regs && need_shmem <= q->free_shmem;
  o->ewt_fit_o = need_ewarp && ewt_room && need_regs <= m->p.regs;
  const int start_fit = tb_gate && start_warps != 0 && start_warps <= q->free_warps &&
                        start_regs <= q->free_regs && start_shmem <= q->free_shmem;
  const int start_ewt_fit = ewt_room && start_regs <= m->p.regs;
  const int start_tb_ok = start_valid && !start_ewarp && start_fit;
  const int ewt_push = start_valid && start_ewarp && start_ewt_fit;
  o->err_overflow_o = start_valid && !(start_ewarp ? start_ewt_fit : start_fit);

#ifdef MUTANT_SM_CTRL_C_EWT_REGS
  /* mutant: the event warp's registers are not checked before it starts */
  const int ewt_launch = ewt_pend && tb_room && q->free_warps != 0;
#else
  const int ewt_launch = ewt_pend && tb_room && q->free_warps != 0 && ewt_regs <= q->free_regs;
#endif

  /* allocation, one per cycle */
  const int alloc_go = ewt_launch || start_tb_ok;
  const unsigned alloc_warps = ewt_launch ? 1 : start_warps;
  const unsigned alloc_regs = ewt_launch ? ewt_regs : start_regs;
  const unsigned alloc_shmem = ewt_launch ? 0 : start_shmem;
  const unsigned alloc_slot = ewt_launch ? ewt_slot : start_slot;
  const uint32_t alloc_tb = ewt_launch ? ewt_tb : start_tb;
  const uint32_t alloc_kptr = ewt_launch ? ewt_kptr : start_kptr;
  const uint32_t alloc_param = ewt_launch ? ewt_param : start_param;
  uint64_t alloc_wmask = 0;
  unsigned alloc_cnt = 0;
  for (unsigned w = 0; w < nw; w++) {
    if (!((q->wst_busy >> w) & 1) && alloc_cnt < alloc_warps) {
      alloc_wmask |= 1ull << w;
      alloc_cnt++;
    }
  }

  /* SIMT start: the oldest unstarted entry; entry reads by index */
  const int st_valid = (int)so.pop_valid_o;
  const unsigned st_rtb = (unsigned)(so.pop_data_o & rtbm);
  const int st_fire = st_valid && simt_start_ready;
  const int s_in = st_rtb < nt, d_in = done_rtb < nt;
  const int d_valid = d_in && ((q->res_valid >> done_rtb) & 1);
  const int d_started = d_in && ((q->res_started >> done_rtb) & 1);
  const unsigned d_slot = d_in ? q->res_slot[done_rtb] : 0;
  const unsigned d_warps = d_in ? q->res_warps[done_rtb] : 0;
  const unsigned d_regs = d_in ? q->res_regs[done_rtb] : 0;
  const unsigned d_shmem = d_in ? q->res_shmem[done_rtb] : 0;
  uint64_t s_wmask = 0, d_wmask = 0;
  for (unsigned w = 0; w < nw; w++) {
    if (!((q->wst_busy >> w) & 1)) continue;
    if (q->wst_owner[w] == st_rtb) s_wmask |= 1ull << w;
    if (q->wst_owner[w] == done_rtb) d_wmask |= 1ull << w;
  }

  /* SIMT done */
  const int done_ok = simt_done_valid && d_valid && d_started;
  o->err_done_o = simt_done_valid && !done_ok;
  const int done_pop = dout.pop_valid_o && done_ready;

  /* (3) the FIFOs with this cycle's pushes and pops */
  si.push_valid_i = (uint64_t)alloc_go;
  si.push_data_i = rtb_idx;
  si.pop_ready_i = (uint64_t)simt_start_ready;
  di.push_valid_i = (uint64_t)done_ok;
  di.push_data_i = d_slot;
  di.pop_ready_i = (uint64_t)done_ready;
  ki.push_valid_i = ii.push_valid_i = (uint64_t)ewt_push;
  ki.push_data_i = (uint64_t)start_kptr << 32 | start_param;
  ii.push_data_i = (uint64_t)start_slot << 50 | (uint64_t)start_tb << 18 | start_regs;
  ki.pop_ready_i = ii.pop_ready_i = (uint64_t)ewt_launch;
  kmu_fifo_comb(&m->u_start_fifo, &si, &so);
  kmu_fifo_comb(&m->u_done_fifo, &di, &dout);
  kmu_fifo_comb(&m->u_ewt_kp, &ki, &ko);
  kmu_fifo_comb(&m->u_ewt_id, &ii, &io);

  /* next state */
  *d = *q;
  if (done_ok) {
    d->res_valid &= ~(1ull << done_rtb);
    d->res_started &= ~(1ull << done_rtb);
  }
  if (st_fire && s_in) d->res_started |= 1ull << st_rtb;
  if (done_ok) {
    d->wst_busy &= ~d_wmask;
    d->free_warps = (d->free_warps + d_warps) & M8;
    d->free_regs = (d->free_regs + d_regs) & M18;
    d->free_shmem = (d->free_shmem + d_shmem) & M18;
  }
#ifdef MUTANT_SM_CTRL_C_FREE_TB_EARLY
  /* mutant: the entry counts as free at simt_done, not when its report leaves the done FIFO */
  if (done_ok) d->free_tb = (d->free_tb + 1) & M8;
  (void)done_pop;
#else
  if (done_pop) d->free_tb = (d->free_tb + 1) & M8;
#endif
  if (alloc_go) {
    const unsigned e = rtb_idx;
    d->res_valid |= 1ull << e;
    d->res_started &= ~(1ull << e);
    d->res_ewarp = (d->res_ewarp & ~(1ull << e)) | (uint64_t)ewt_launch << e;
    d->res_slot[e] = alloc_slot;
    d->res_tb[e] = alloc_tb;
    d->res_warps[e] = alloc_warps;
    d->res_regs[e] = alloc_regs;
    d->res_shmem[e] = alloc_shmem;
    d->res_kptr[e] = alloc_kptr;
    d->res_param[e] = alloc_param;
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

  /* outputs */
  o->simt_start_valid_o = (uint64_t)st_valid;
  o->simt_start_rtb_o = st_rtb;
  o->simt_start_slot_o = s_in ? q->res_slot[st_rtb] : 0;
  o->simt_start_tb_o = s_in ? q->res_tb[st_rtb] : 0;
  o->simt_start_warps_o = s_in ? q->res_warps[st_rtb] : 0;
  o->simt_start_kptr_o = s_in ? q->res_kptr[st_rtb] : 0;
  o->simt_start_param_o = s_in ? q->res_param[st_rtb] : 0;
#ifdef MUTANT_SM_CTRL_C_WMASK
  /* mutant: the offered warp mask forgets warp slot 0 */
  o->simt_start_wmask_o = s_wmask & ~1ull;
#else
  o->simt_start_wmask_o = s_wmask;
#endif
  o->simt_start_ewarp_o = s_in && ((q->res_ewarp >> st_rtb) & 1);
  o->done_valid_o = dout.pop_valid_o;
  o->done_slot_o = dout.pop_data_o;
  o->free_tb_o = q->free_tb;
  o->free_warps_o = q->free_warps;
  o->free_regs_o = q->free_regs;
  o->free_shmem_o = q->free_shmem;
  o->ewt_free_o = (m->p.ewt - ko.count_o) & M8;
  o->resident_o = q->res_valid;
  o->busy_warps_o = q->wst_busy;
}

void kmu_sm_ctrl_tick(kmu_sm_ctrl *m) {
  kmu_prio_enc_tick(&m->u_rtb_enc);
  kmu_fifo_tick(&m->u_start_fifo);
  kmu_fifo_tick(&m->u_done_fifo);
  kmu_fifo_tick(&m->u_ewt_kp);
  kmu_fifo_tick(&m->u_ewt_id);
  m->q = m->d;
}
