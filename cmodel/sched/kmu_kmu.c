/* kmu_kmu.c - C twin of rtl/sched/kmu_kmu.v, built from the kmu_fifo, kmu_rr_arb and
 * kmu_prio_enc twins.  Same state names: q.valid (valid_q), q.event, per-slot q.prio/id/kptr/
 * param/cpl_addr/tbs/next/out/warps/regs/shmem; instances u_in_arb, u_lvl_enc, u_alloc,
 * u_cpl_enc, u_fifo_a/b/c[level] (g_lvl[l].u_fifo_* in the RTL), u_cpl_fifo.
 *
 * comb() evaluates the instances in an order that is valid because a FIFO's outputs depend
 * only on its state: (1) every FIFO with idle inputs gives its head, room and non-empty bits;
 * (2) the arbiter grants a stream; (3) the encoders pick the level, the free slot and the
 * completing slot; (4) every FIFO again with this cycle's pushes and pops (comb is a pure
 * function of q and the inputs, so the second call replaces the first one's next state). */
#include "kmu_kmu.h"

#include <string.h>

void kmu_kmu_init(kmu_kmu *m, const kmu_kmu_params *p) {
  m->p = *p;
  m->slot_w = 1;
  while ((1u << m->slot_w) < p->slots) m->slot_w++;
  m->lc_w = p->ekt_id_w + 1 + 16 + 18 + 6;
  const kmu_rr_arb_params ap = {2};
  const kmu_prio_enc_params lp = {KMU_KMU_LEVELS}, sp = {p->slots};
  const kmu_fifo_params fa = {64, p->pend}, fb = {64, p->pend}, fc = {m->lc_w, p->pend};
  const kmu_fifo_params fcpl = {32, p->slots};
  kmu_rr_arb_init(&m->u_in_arb, &ap);
  kmu_prio_enc_init(&m->u_lvl_enc, &lp);
  kmu_prio_enc_init(&m->u_alloc, &sp);
  kmu_prio_enc_init(&m->u_cpl_enc, &sp);
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    kmu_fifo_init(&m->u_fifo_a[l], &fa);
    kmu_fifo_init(&m->u_fifo_b[l], &fb);
    kmu_fifo_init(&m->u_fifo_c[l], &fc);
  }
  kmu_fifo_init(&m->u_cpl_fifo, &fcpl);
  kmu_kmu_reset(m);
}

void kmu_kmu_free(kmu_kmu *m) {
  kmu_rr_arb_free(&m->u_in_arb);
  kmu_prio_enc_free(&m->u_lvl_enc);
  kmu_prio_enc_free(&m->u_alloc);
  kmu_prio_enc_free(&m->u_cpl_enc);
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    kmu_fifo_free(&m->u_fifo_a[l]);
    kmu_fifo_free(&m->u_fifo_b[l]);
    kmu_fifo_free(&m->u_fifo_c[l]);
  }
  kmu_fifo_free(&m->u_cpl_fifo);
}

void kmu_kmu_reset(kmu_kmu *m) {
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
  kmu_rr_arb_reset(&m->u_in_arb);
  kmu_prio_enc_reset(&m->u_lvl_enc);
  kmu_prio_enc_reset(&m->u_alloc);
  kmu_prio_enc_reset(&m->u_cpl_enc);
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    kmu_fifo_reset(&m->u_fifo_a[l]);
    kmu_fifo_reset(&m->u_fifo_b[l]);
    kmu_fifo_reset(&m->u_fifo_c[l]);
  }
  kmu_fifo_reset(&m->u_cpl_fifo);
}

void kmu_kmu_comb(kmu_kmu *m, const kmu_kmu_in *i, kmu_kmu_out *o) {
  const kmu_kmu_regs *q = &m->q;
  kmu_kmu_regs *d = &m->d;
  const unsigned n = m->p.slots;
  const uint64_t smask = kmu_mask(n), swm = kmu_mask(m->slot_w);
  kmu_fifo_in fai[KMU_KMU_LEVELS], fbi[KMU_KMU_LEVELS], fci[KMU_KMU_LEVELS], cpli;
  kmu_fifo_out fao[KMU_KMU_LEVELS], fbo[KMU_KMU_LEVELS], fco[KMU_KMU_LEVELS], cplo;
  memset(fai, 0, sizeof fai);
  memset(fbi, 0, sizeof fbi);
  memset(fci, 0, sizeof fci);
  memset(&cpli, 0, sizeof cpli);

  /* (1) FIFO heads and room */
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    kmu_fifo_comb(&m->u_fifo_a[l], &fai[l], &fao[l]);
    kmu_fifo_comb(&m->u_fifo_b[l], &fbi[l], &fbo[l]);
    kmu_fifo_comb(&m->u_fifo_c[l], &fci[l], &fco[l]);
  }
  kmu_fifo_comb(&m->u_cpl_fifo, &cpli, &cplo);

  /* (2) input arbitration: a stream requests when its level has room; every grant is a
   * handshake (ack 1) */
  const unsigned ev_prio = (unsigned)(i->ev_prio_i & 3), host_prio = (unsigned)(i->host_prio_i & 3);
  kmu_rr_arb_in ai = {0, 1};
  kmu_rr_arb_out ao;
  ai.req_i = (uint64_t)(i->ev_valid_i && fao[ev_prio].push_ready_o) << KMU_KMU_EV |
             (uint64_t)(i->host_valid_i && fao[host_prio].push_ready_o) << KMU_KMU_HOST;
  kmu_rr_arb_comb(&m->u_in_arb, &ai, &ao);
  o->ev_ready_o = (ao.gnt_o >> KMU_KMU_EV) & 1;
  o->host_ready_o = (ao.gnt_o >> KMU_KMU_HOST) & 1;
  const int in_fire = (int)ao.gnt_valid_o;
  const int in_host = (int)o->host_ready_o;

  /* the accepted descriptor */
  const uint64_t in_kptr = (in_host ? i->host_kptr_i : i->ev_kptr_i) & 0xffffffffull;
  const uint64_t in_gx = (in_host ? i->host_grid_x_i : i->ev_grid_x_i) & 0xffff;
  const uint64_t in_gy = (in_host ? i->host_grid_y_i : i->ev_grid_y_i) & 0xffff;
  const uint64_t in_gz = (in_host ? i->host_grid_z_i : i->ev_grid_z_i) & 0xffff;
  const uint64_t in_tx = (in_host ? i->host_tb_x_i : i->ev_tb_x_i) & 0xffff;
  const uint64_t in_ty = (in_host ? i->host_tb_y_i : i->ev_tb_y_i) & 0xffff;
  const uint64_t in_tz = (in_host ? i->host_tb_z_i : i->ev_tb_z_i) & 0xffff;
  const uint64_t in_shmem = (in_host ? i->host_shmem_i : i->ev_shmem_i) & 0xffff;
  const uint64_t in_nregs = (in_host ? i->host_nregs_i : i->ev_nregs_i) & 0xff;
  const unsigned in_prio = in_host ? host_prio : ev_prio;
  const uint64_t in_param = (in_host ? i->host_param_i : i->ev_param_i) & 0xffffffffull;
  const uint64_t in_cpl_addr = (in_host ? i->host_cpl_addr_i : i->ev_cpl_addr_i) & 0xffffffffull;
  const uint64_t in_event = !in_host;
  const uint64_t in_id = in_host ? 0 : i->ev_id_i & kmu_mask(m->p.ekt_id_w);

  /* kernel geometry */
  const uint64_t grid_n = in_gx * in_gy * in_gz, tb_n = in_tx * in_ty * in_tz;
  const int in_bad = grid_n == 0 || (grid_n >> 32) != 0 || tb_n == 0 || tb_n > KMU_KMU_MAX_THREADS;
  const uint64_t in_warps = in_bad ? 0 : (((tb_n & 0xfff) + 31) & 0xfff) >> 5 & 0x3f;
  const uint64_t in_regs = (in_warps * 32 * in_nregs) & 0x3ffff;
  const uint64_t in_tbs = in_bad ? 0 : grid_n & 0xffffffffull;
  o->err_desc_o = in_fire && in_bad;
  const uint64_t in_la = in_param << 32 | in_kptr;
  const uint64_t in_lb = in_tbs << 32 | in_cpl_addr;
  const uint64_t in_lc = in_id << 41 | in_event << 40 | in_shmem << 24 | in_regs << 6 | in_warps;

  /* (3) highest non-empty level (encoder bit 0 = level 3), lowest free slot */
  kmu_prio_enc_in li = {0}, si = {~q->valid & smask}, ci = {0};
  kmu_prio_enc_out lo, so, co;
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++)
    li.in_i |= (uint64_t)fao[l].pop_valid_o << (KMU_KMU_LEVELS - 1 - l);
  kmu_prio_enc_comb(&m->u_lvl_enc, &li, &lo);
  const int any_ne = (int)lo.valid_o;
  const unsigned lvl_hi = 3 - (unsigned)lo.idx_o;
  kmu_prio_enc_comb(&m->u_alloc, &si, &so);
  const unsigned alloc_idx = (unsigned)so.idx_o;
  const int alloc_ok = (int)so.valid_o;

  /* admission */
  const int adm_ok = alloc_ok && (!i->mode_rgem_i || q->valid == 0);
  const int adm_byp = adm_ok && in_fire && (!any_ne || in_prio > lvl_hi);
  const int adm_pop = adm_ok && any_ne && !adm_byp;
  const int adm_fire = adm_byp || adm_pop;
  const uint64_t adm_la = adm_byp ? in_la : fao[lvl_hi].pop_data_o;
  const uint64_t adm_lb = adm_byp ? in_lb : fbo[lvl_hi].pop_data_o;
  const uint64_t adm_lc = adm_byp ? in_lc : fco[lvl_hi].pop_data_o;
  const unsigned adm_prio = adm_byp ? in_prio : lvl_hi;

  /* slot reads: an index >= SLOTS reads a free slot */
  const unsigned ts = (unsigned)(i->take_slot_i & swm), ds = (unsigned)(i->done_slot_i & swm);
  const unsigned qs = (unsigned)(i->q_slot_i & swm);
  const int t_in = ts < n, d_in = ds < n, q_in = qs < n && ((q->valid >> qs) & 1);
  const int t_valid = t_in && ((q->valid >> ts) & 1);
  const uint32_t t_tbs = t_in ? q->tbs[ts] : 0;
  o->take_tb_o = t_in ? q->next[ts] : 0;
  o->take_kptr_o = t_in ? q->kptr[ts] : 0;
  o->take_param_o = t_in ? q->param[ts] : 0;
  const int d_valid = d_in && ((q->valid >> ds) & 1);
  const uint32_t d_out = d_in ? q->out[ds] : 0;
  o->q_warps_o = q_in ? q->warps[qs] : 0;
  o->q_regs_o = q_in ? q->regs[qs] : 0;
  o->q_shmem_o = q_in ? q->shmem[qs] : 0;
  o->q_prio_o = q_in ? q->prio[qs] : 0;
  o->q_event_o = q_in && ((q->event >> qs) & 1);

  o->err_take_o = i->take_valid_i && (!t_valid || o->take_tb_o == t_tbs);
  const int take_ok = i->take_valid_i && !o->err_take_o;
  o->err_done_o = i->done_valid_i && (!d_valid || d_out == 0);
  const int done_ok = i->done_valid_i && !o->err_done_o;

  /* completion: all TBs taken and done; the lowest such slot when the FIFO has room */
  uint64_t cpl_cand = 0, has_tb = 0;
  for (unsigned s = 0; s < n; s++) {
    const int v = (q->valid >> s) & 1;
    if (v && q->next[s] == q->tbs[s] && q->out[s] == 0) cpl_cand |= 1ull << s;
    if (v && q->next[s] != q->tbs[s]) has_tb |= 1ull << s;
  }
  ci.in_i = cpl_cand;
  kmu_prio_enc_comb(&m->u_cpl_enc, &ci, &co);
  const unsigned cpl_idx = (unsigned)co.idx_o;
  const int cpl_any = (int)co.valid_o;
  const int c_in = cpl_idx < n;
  const int c_event = c_in && ((q->event >> cpl_idx) & 1);
  const uint32_t c_addr = c_in ? q->cpl_addr[cpl_idx] : 0;
  o->ekt_cpl_id_o = c_in ? q->id[cpl_idx] : 0;
  const int cpl_fire = cpl_any && cplo.push_ready_o;

  /* (4) FIFOs with this cycle's pushes and pops */
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    const int push = in_fire && !adm_byp && in_prio == l;
    const int pop = adm_pop && lvl_hi == l;
    fai[l].push_valid_i = fbi[l].push_valid_i = fci[l].push_valid_i = push;
    fai[l].pop_ready_i = fbi[l].pop_ready_i = fci[l].pop_ready_i = pop;
    fai[l].push_data_i = in_la;
    fbi[l].push_data_i = in_lb;
    fci[l].push_data_i = in_lc;
    kmu_fifo_comb(&m->u_fifo_a[l], &fai[l], &fao[l]);
    kmu_fifo_comb(&m->u_fifo_b[l], &fbi[l], &fbo[l]);
    kmu_fifo_comb(&m->u_fifo_c[l], &fci[l], &fco[l]);
  }
  cpli.push_valid_i = cpl_any;
  cpli.push_data_i = c_addr;
  cpli.pop_ready_i = i->mem_req_ready_i;
  kmu_fifo_comb(&m->u_cpl_fifo, &cpli, &cplo);

  o->mem_req_valid_o = cplo.pop_valid_o;
  o->mem_req_addr_o = cplo.pop_data_o;
  o->mem_req_wdata_o = 1;
  o->ekt_cpl_valid_o = cpl_fire && c_event;
  o->kernel_done_o = cpl_fire;

  /* next state */
  *d = *q;
  for (unsigned s = 0; s < n; s++) {
    const int tk = take_ok && ts == s, dn = done_ok && ds == s;
    if (tk) d->next[s] = q->next[s] + 1;
    if (tk && !dn)
      d->out[s] = q->out[s] + 1;
    else if (dn && !tk)
      d->out[s] = q->out[s] - 1;
    if (cpl_fire && cpl_idx == s) d->valid &= ~(1ull << s);
    if (adm_fire && alloc_idx == s) {
      d->valid |= 1ull << s;
      d->event = (d->event & ~(1ull << s)) | ((adm_lc >> 40) & 1) << s;
      d->id[s] = (unsigned)(adm_lc >> 41 & kmu_mask(m->p.ekt_id_w));
      d->shmem[s] = (unsigned)(adm_lc >> 24 & 0xffff);
      d->regs[s] = (unsigned)(adm_lc >> 6 & 0x3ffff);
      d->warps[s] = (unsigned)(adm_lc & 0x3f);
      d->kptr[s] = (uint32_t)adm_la;
      d->param[s] = (uint32_t)(adm_la >> 32);
      d->cpl_addr[s] = (uint32_t)adm_lb;
      d->tbs[s] = (uint32_t)(adm_lb >> 32);
      d->prio[s] = adm_prio;
      d->next[s] = 0;
      d->out[s] = 0;
    }
  }

  /* outputs */
  o->slot_valid_o = q->valid;
  o->slot_has_tb_o = has_tb;
  o->slot_event_o = q->event & q->valid;
  o->slot_prio_o = 0;
  uint64_t pk[KMU_KMU_LEVELS] = {0, 0, 0, 0};
  for (unsigned s = 0; s < n; s++) {
    if ((q->valid >> s) & 1) o->slot_prio_o |= (uint64_t)(q->prio[s] & 3) << (2 * s);
    if ((has_tb >> s) & 1) pk[q->prio[s] & 3] |= 1ull << s;
  }
  o->slot_p0_o = pk[0];
  o->slot_p1_o = pk[1];
  o->slot_p2_o = pk[2];
  o->slot_p3_o = pk[3];
}

void kmu_kmu_tick(kmu_kmu *m) {
  m->q = m->d;
  kmu_rr_arb_tick(&m->u_in_arb);
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    kmu_fifo_tick(&m->u_fifo_a[l]);
    kmu_fifo_tick(&m->u_fifo_b[l]);
    kmu_fifo_tick(&m->u_fifo_c[l]);
  }
  kmu_fifo_tick(&m->u_cpl_fifo);
}
