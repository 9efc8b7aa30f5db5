/* kmu_kmu.c - C twin of rtl/sched/kmu_kmu.v, built from the kmu_fifo, kmu_rr_arb and
 * kmu_prio_enc twins.  Same state names: q.valid (valid_q), q.event, per-slot q.prio/tag/kptr/
 * param/tbs/next/warps/regs/shmem; the completion table q.ct_valid/ct_all/ct_out/ct_cpl_addr/
 * ct_event/ct_id (ct_*_q); instances u_in_arb, u_lvl_enc, u_alloc, u_vic_lvl, u_vic_enc,
 * u_fifo_a/b/c/d[level] (g_lvl[l].u_fifo_* in the RTL), u_cpl_fifo.  The two CT scans (lowest
 * free entry, lowest complete entry) are loops here as in the RTL (CT may exceed 64).
 *
 * comb() evaluates the instances in an order that is valid because a FIFO's outputs depend
 * only on its state: (1) every FIFO's outputs (kmu_fifo_comb_out: head, room, non-empty);
 * (2) the arbiter grants a stream; (3) the encoders pick the level, the free slot, the
 * candidate, the swap victim and the completing entry; (4) every FIFO's comb with this cycle's
 * pushes and pops (its next state).
 *
 * comb() runs four phases in order: comb_slot (state only: slot vectors, completion head),
 * comb_q (q_slot_i -> q_*), comb_take (take_slot_i -> take_*), comb_next (the rest).  A
 * system top (kmu_gpu.c) calls them apart, with the dispatcher's phases between them; nets
 * one phase hands to a later one are in m->c. */
#include "kmu_kmu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kmu_kmu_init(kmu_kmu *m, const kmu_kmu_params *p) {
  m->p = *p;
  if (p->out_w < 1 || p->out_w > 32) {
    fprintf(stderr, "kmu_kmu model: OUT_W=%u, the outstanding count is 1..32 bits\n", p->out_w);
    abort();
  }
  m->slot_w = 1;
  while ((1u << m->slot_w) < p->slots) m->slot_w++;
  m->tag_w = 1;
  while ((1u << m->tag_w) < p->ct) m->tag_w++;
  m->lc_w = p->ekt_id_w + 1 + 16 + 18 + 6;
  m->ld_w = 1 + m->tag_w; /* lane D {cont, tag}: a continuation's next is in lane B */
  const kmu_rr_arb_params ap = {2};
  const kmu_prio_enc_params lp = {KMU_KMU_LEVELS}, sp = {p->slots};
  const kmu_fifo_params fa = {64, p->pend}, fb = {64, p->pend}, fc = {m->lc_w, p->pend};
  const kmu_fifo_params fd = {m->ld_w, p->pend}, fe = {1 + 16 + 32, p->pend};
  const kmu_fifo_params fcpl = {32, p->slots};
  kmu_rr_arb_init(&m->u_in_arb, &ap);
  kmu_prio_enc_init(&m->u_lvl_enc, &lp);
  kmu_prio_enc_init(&m->u_alloc, &sp);
  kmu_prio_enc_init(&m->u_vic_lvl, &lp);
  kmu_prio_enc_init(&m->u_vic_enc, &sp);
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    kmu_fifo_init(&m->u_fifo_a[l], &fa);
    kmu_fifo_init(&m->u_fifo_b[l], &fb);
    kmu_fifo_init(&m->u_fifo_c[l], &fc);
    kmu_fifo_init(&m->u_fifo_d[l], &fd);
    kmu_fifo_init(&m->u_fifo_e[l], &fe);
  }
  kmu_fifo_init(&m->u_cpl_fifo, &fcpl);
  kmu_kmu_reset(m);
}

void kmu_kmu_free(kmu_kmu *m) {
  kmu_rr_arb_free(&m->u_in_arb);
  kmu_prio_enc_free(&m->u_lvl_enc);
  kmu_prio_enc_free(&m->u_alloc);
  kmu_prio_enc_free(&m->u_vic_lvl);
  kmu_prio_enc_free(&m->u_vic_enc);
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    kmu_fifo_free(&m->u_fifo_a[l]);
    kmu_fifo_free(&m->u_fifo_b[l]);
    kmu_fifo_free(&m->u_fifo_c[l]);
    kmu_fifo_free(&m->u_fifo_d[l]);
    kmu_fifo_free(&m->u_fifo_e[l]);
  }
  kmu_fifo_free(&m->u_cpl_fifo);
}

void kmu_kmu_reset(kmu_kmu *m) {
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
  kmu_rr_arb_reset(&m->u_in_arb);
  kmu_prio_enc_reset(&m->u_lvl_enc);
  kmu_prio_enc_reset(&m->u_alloc);
  kmu_prio_enc_reset(&m->u_vic_lvl);
  kmu_prio_enc_reset(&m->u_vic_enc);
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    kmu_fifo_reset(&m->u_fifo_a[l]);
    kmu_fifo_reset(&m->u_fifo_b[l]);
    kmu_fifo_reset(&m->u_fifo_c[l]);
    kmu_fifo_reset(&m->u_fifo_d[l]);
    kmu_fifo_reset(&m->u_fifo_e[l]);
  }
  kmu_fifo_reset(&m->u_cpl_fifo);
}

/* pending FIFO lane field offsets (the RTL's LA_*, LB_*, LC_*, LD_* localparams) */
enum {
  LA_KPTR = 0, LA_PARAM = 32,                                    /* lane A {param, kptr} */
  LB_CPL = 0, LB_NEXT = 0, LB_TBS = 32, /* lane B {tbs, cpl_addr}; a continuation {tbs, next} */
  LC_WARPS = 0, LC_REGS = 6, LC_SHMEM = 24, LC_EVENT = 40, LC_ID = 41, /* lane C */
  LD_TAG = 0,                                                    /* lane D; LD_CONT = TAG_W */
  LE_USER = 0, LE_LID = 1, LE_EST = 17                           /* lane E {est, lid, user} */
};
/* geometry engine phases (the RTL's GEO_* localparams, geo_ph_q) */
enum { GEO_IDLE, GEO_GXY, GEO_GZ, GEO_TXY, GEO_TZ, GEO_REGS, GEO_DONE };

/* Phase 1, from the state alone: the slot vectors, the completion request's head and the
 * completing entry (every output a system top needs before this cycle's inputs exist). */
void kmu_kmu_comb_slot(kmu_kmu *m, kmu_kmu_out *o) {
  const kmu_kmu_regs *q = &m->q;
  kmu_kmu_nets *c = &m->c;
  const unsigned n = m->p.slots, nct = m->p.ct;
  uint64_t has_tb = 0;
  for (unsigned s = 0; s < n; s++)
    if (((q->valid >> s) & 1) && q->next[s] != q->tbs[s]) has_tb |= 1ull << s;
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

  /* completion: the lowest CT entry with every TB taken and done */
  c->cpl_idx = 0;
  c->cpl_any = 0;
  for (unsigned e = 0; e < nct; e++)
    if (q->ct_valid[e] && q->ct_all[e] && q->ct_out[e] == 0 && !q->ct_stop[e]) {
      c->cpl_idx = e, c->cpl_any = 1;
      break;
    }
  o->ekt_cpl_id_o = c->cpl_any ? q->ct_id[c->cpl_idx] : 0; /* a retire's credit: comb_next */
  o->last_lid_o = q->last_lid;
  o->stop_ack_o = q->stop_ack;
  o->free_ack_o = q->free_ack;

  /* the completion FIFO's head is the memory request (its outputs are its state's) */
  kmu_fifo_comb_out(&m->u_cpl_fifo, &c->cplo);
  o->mem_req_valid_o = c->cplo.pop_valid_o;
  o->mem_req_addr_o = c->cplo.pop_data_o;
  o->mem_req_wdata_o = 1;
}

/* Phase 2, from q_slot_i: the queried slot's needs. */
void kmu_kmu_comb_q(kmu_kmu *m, const kmu_kmu_in *i, kmu_kmu_out *o) {
  const kmu_kmu_regs *q = &m->q;
  const unsigned qs = (unsigned)(i->q_slot_i & kmu_mask(m->slot_w));
  const int q_in = qs < m->p.slots && ((q->valid >> qs) & 1); /* >= SLOTS reads a free slot */
  o->q_warps_o = q_in ? q->warps[qs] : 0;
  o->q_regs_o = q_in ? q->regs[qs] : 0;
  o->q_shmem_o = q_in ? q->shmem[qs] : 0;
  o->q_prio_o = q_in ? q->prio[qs] : 0;
  o->q_event_o = q_in && ((q->event >> qs) & 1);
}

/* Phase 3, from take_slot_i: the slot's next TB and kernel. */
void kmu_kmu_comb_take(kmu_kmu *m, const kmu_kmu_in *i, kmu_kmu_out *o) {
  const kmu_kmu_regs *q = &m->q;
  kmu_kmu_nets *c = &m->c;
  c->ts = (unsigned)(i->take_slot_i & kmu_mask(m->slot_w));
  const int t_in = c->ts < m->p.slots; /* an index >= SLOTS reads a free slot */
  c->t_valid = t_in && ((q->valid >> c->ts) & 1);
  c->t_tbs = t_in ? q->tbs[c->ts] : 0;
  o->take_tb_o = t_in ? q->next[c->ts] : 0;
  o->take_tag_o = t_in ? q->tag[c->ts] : 0;
  o->take_kptr_o = t_in ? q->kptr[c->ts] : 0;
  o->take_param_o = t_in ? q->param[c->ts] : 0;
}

/* Phase 4, from every other input: input arbitration, admission, swap-out, take and done
 * checks, completion, the FIFOs' pushes and pops, the next state. */
void kmu_kmu_comb_next(kmu_kmu *m, const kmu_kmu_in *i, kmu_kmu_out *o) {
  const kmu_kmu_regs *q = &m->q;
  kmu_kmu_nets *c = &m->c;
  kmu_kmu_regs *d = &m->d;
  const unsigned n = m->p.slots, nct = m->p.ct;
  const uint64_t smask = kmu_mask(n), swm = kmu_mask(m->slot_w), tgm = kmu_mask(m->tag_w);
  const unsigned ld_cont = m->tag_w;
  kmu_fifo_in fai[KMU_KMU_LEVELS], fbi[KMU_KMU_LEVELS], fci[KMU_KMU_LEVELS],
      fdi[KMU_KMU_LEVELS], fei[KMU_KMU_LEVELS], cpli;
  kmu_fifo_out fao[KMU_KMU_LEVELS], fbo[KMU_KMU_LEVELS], fco[KMU_KMU_LEVELS],
      fdo[KMU_KMU_LEVELS], feo[KMU_KMU_LEVELS];
  memset(fei, 0, sizeof fei);
  memset(fai, 0, sizeof fai);
  memset(fbi, 0, sizeof fbi);
  memset(fci, 0, sizeof fci);
  memset(fdi, 0, sizeof fdi);
  memset(&cpli, 0, sizeof cpli);

  /* (1) FIFO heads and room (outputs only: they are the FIFOs' state) */
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    kmu_fifo_comb_out(&m->u_fifo_a[l], &fao[l]);
    kmu_fifo_comb_out(&m->u_fifo_b[l], &fbo[l]);
    kmu_fifo_comb_out(&m->u_fifo_c[l], &fco[l]);
    kmu_fifo_comb_out(&m->u_fifo_d[l], &fdo[l]);
    kmu_fifo_comb_out(&m->u_fifo_e[l], &feo[l]);
  }

  /* (2) input arbitration: the handshake is the arbiter's grant (ack 1); a stream requests
   * when the descriptor register is free (engine idle) and its level has room */
  const int geo_idle = q->geo_ph == GEO_IDLE;
  kmu_rr_arb_in ai = {0, 1};
  kmu_rr_arb_out ao;
  const unsigned ev_prio = (unsigned)(i->ev_prio_i & 3), host_prio = (unsigned)(i->host_prio_i & 3);
  ai.req_i = (uint64_t)(i->ev_valid_i && geo_idle && fao[ev_prio].push_ready_o) << KMU_KMU_EV |
             (uint64_t)(i->host_valid_i && geo_idle && fao[host_prio].push_ready_o) << KMU_KMU_HOST;
  kmu_rr_arb_comb(&m->u_in_arb, &ai, &ao);
  const int hs_fire = (int)ao.gnt_valid_o;
  const int ac_host = (int)((ao.gnt_o >> KMU_KMU_HOST) & 1);
  o->ev_ready_o = (ao.gnt_o >> KMU_KMU_EV) & 1;
  o->host_ready_o = (ao.gnt_o >> KMU_KMU_HOST) & 1;

  /* the accepted descriptor (host when granted, else event) */
  const uint64_t ac_gx = (ac_host ? i->host_grid_x_i : i->ev_grid_x_i) & 0xffff;
  const uint64_t ac_gy = (ac_host ? i->host_grid_y_i : i->ev_grid_y_i) & 0xffff;
  const uint64_t ac_gz = (ac_host ? i->host_grid_z_i : i->ev_grid_z_i) & 0xffff;
  const uint64_t ac_tx = (ac_host ? i->host_tb_x_i : i->ev_tb_x_i) & 0xffff;
  const uint64_t ac_ty = (ac_host ? i->host_tb_y_i : i->ev_tb_y_i) & 0xffff;
  const uint64_t ac_tz = (ac_host ? i->host_tb_z_i : i->ev_tb_z_i) & 0xffff;
  const uint64_t ac_nregs = (ac_host ? i->host_nregs_i : i->ev_nregs_i) & 0xff;
  const unsigned ac_prio = (unsigned)((ac_host ? i->host_prio_i : i->ev_prio_i) & 3);
  const uint64_t ac_kptr = (ac_host ? i->host_kptr_i : i->ev_kptr_i) & 0xffffffffull;
  const uint64_t ac_param = (ac_host ? i->host_param_i : i->ev_param_i) & 0xffffffffull;
  const uint64_t ac_cpl_addr = (ac_host ? i->host_cpl_addr_i : i->ev_cpl_addr_i) & 0xffffffffull;
  const uint64_t ac_shmem = (ac_host ? i->host_shmem_i : i->ev_shmem_i) & 0xffff;
  const uint64_t ac_id = ac_host ? 0 : i->ev_id_i & kmu_mask(m->p.ekt_id_w);
  /* lane E: event kernels are class user, no estimate; the launch id is the handshake's */
  const uint64_t ac_le = ac_host ? (i->host_est_i & 0xffffffffull) << LE_EST |
                                       (uint64_t)q->lid << LE_LID | (i->host_class_i & 1) << LE_USER
                                 : (uint64_t)q->lid << LE_LID | 1ull << LE_USER;

  /* fast path: grid_y, grid_z, tb_y, tb_z each 0 or 1 and 0 or 2^k warps (no multiply) */
  const int fa_dims = (ac_gy >> 1) == 0 && (ac_gz >> 1) == 0 && (ac_ty >> 1) == 0 && (ac_tz >> 1) == 0;
  const uint64_t fa_tbs = (ac_gy & ac_gz & 1) ? ac_gx : 0;
  const uint64_t fa_thr = (ac_ty & ac_tz & 1) ? ac_tx : 0;
  const int fa_bad = fa_tbs == 0 || fa_thr == 0 || fa_thr > KMU_KMU_MAX_THREADS;
  const uint64_t fa_warps = fa_bad ? 0 : (((fa_thr & 0xfff) + 31) & 0xfff) >> 5 & 0x3f;
  const int fa_pow2 = (fa_warps & ((fa_warps - 1) & 0x3f)) == 0;
  uint64_t fa_regs = 0; /* warps * 32 * nregs for a one-hot warps: a shift */
  for (unsigned k = 0; k < 6; k++)
    if (fa_warps >> k & 1) fa_regs |= (ac_nregs << (5 + k)) & 0x3ffff;
  const int fa_fast = fa_dims && fa_pow2;

  /* kernel geometry: the serial shift-add engine (one multiplier bit per cycle) on the held
   * descriptor; it leaves the register (GEO_DONE) when its level has room */
  const uint64_t m48 = kmu_mask(48);
  const uint64_t geo_sum = (q->geo_acc + ((q->geo_ml & 1) ? q->geo_mc : 0)) & m48;
  const int geo_last = (q->geo_ml >> 1) == 0;
  const int geo_grid_bad = geo_sum == 0 || (geo_sum >> 32) != 0;
  const int geo_thr_bad = geo_sum == 0 || geo_sum > KMU_KMU_MAX_THREADS;
  const uint64_t geo_warps_new =
      (q->geo_bad || geo_thr_bad) ? 0 : (((geo_sum & 0xfff) + 31) & 0xfff) >> 5 & 0x3f;
  const int geo_exit = q->geo_ph == GEO_DONE && fao[q->hd_prio & 3].push_ready_o;
  /* (next state of the engine: with the rest, after KMU_D_FROM_Q below) */

  /* the new kernel: the fast descriptor in its handshake cycle or the held one at its exit */
  const int in_fire = (hs_fire && fa_fast) || geo_exit;
  const int in_host = geo_exit ? (int)q->geo_src : ac_host;
  const unsigned in_prio = geo_exit ? q->hd_prio & 3 : ac_prio;
  const int in_bad = geo_exit ? (int)q->geo_bad : fa_bad;
  const uint64_t in_tbs = in_bad ? 0 : geo_exit ? q->geo_tbs : fa_tbs;
  const uint64_t in_warps = geo_exit ? q->geo_warps : fa_warps;
  const uint64_t in_regs = geo_exit ? q->geo_acc & 0x3ffff : fa_regs;
  const uint64_t in_event = !in_host;
  o->err_desc_o = in_fire && in_bad;
  const uint64_t in_la = geo_exit ? (uint64_t)q->hd_param << LA_PARAM | (uint64_t)q->hd_kptr << LA_KPTR
                                  : ac_param << LA_PARAM | ac_kptr << LA_KPTR;
  const uint64_t in_lb = in_tbs << LB_TBS | (geo_exit ? q->hd_cpl_addr : ac_cpl_addr) << LB_CPL;
  const uint64_t in_lc = (geo_exit ? q->hd_id : ac_id) << LC_ID | in_event << LC_EVENT |
                         (uint64_t)(geo_exit ? q->hd_shmem : ac_shmem) << LC_SHMEM |
                         in_regs << LC_REGS | in_warps << LC_WARPS;
  const uint64_t in_ld = 0; /* a fresh kernel: no continuation */
  const uint64_t in_le = geo_exit ? q->hd_le : ac_le;

  /* (3) highest non-empty level (encoder bit 0 = level 3), lowest free slot */
  kmu_prio_enc_in li = {0}, si = {~q->valid & smask};
  kmu_prio_enc_out lo, so;
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++)
    li.in_i |= (uint64_t)fao[l].pop_valid_o << (KMU_KMU_LEVELS - 1 - l);
  kmu_prio_enc_comb(&m->u_lvl_enc, &li, &lo);
  const int any_ne = (int)lo.valid_o;
  const unsigned lvl_hi = 3 - (unsigned)lo.idx_o;
  kmu_prio_enc_comb(&m->u_alloc, &si, &so);
  const unsigned alloc_idx = (unsigned)so.idx_o;
  const int alloc_ok = (int)so.valid_o;

  /* lowest free CT entry */
  unsigned ct_alloc_idx = 0;
  int ct_alloc_ok = 0;
  for (unsigned e = 0; e < nct; e++)
    if (!q->ct_valid[e]) {
      ct_alloc_idx = e, ct_alloc_ok = 1;
      break;
    }

  /* the best candidate: the accepted descriptor when strictly above every non-empty level,
   * else the head of the highest non-empty level */
  const int cand_byp = in_fire && (!any_ne || in_prio > lvl_hi);
  const int cand_any = in_fire || any_ne;
  const unsigned cand_prio = cand_byp ? in_prio : lvl_hi;
  const uint64_t cand_la = cand_byp ? in_la : fao[lvl_hi].pop_data_o;
  const uint64_t cand_lb = cand_byp ? in_lb : fbo[lvl_hi].pop_data_o;
  const uint64_t cand_lc = cand_byp ? in_lc : fco[lvl_hi].pop_data_o;
  const uint64_t cand_ld = cand_byp ? in_ld : fdo[lvl_hi].pop_data_o;
  const uint64_t cand_le = cand_byp ? in_le : feo[lvl_hi].pop_data_o;
  const int cand_cont = cand_any && ((cand_ld >> ld_cont) & 1);
  const unsigned cand_tag = (unsigned)(cand_ld >> LD_TAG & tgm);
  const int cand_in = cand_tag < nct; /* a tag >= CT reads no entry */
  const int cand_stop = cand_in && q->ct_stop[cand_tag];
  const int cand_restart = cand_in && q->ct_restart[cand_tag];
  const int cand_dead = cand_cont && cand_stop; /* dropped from the pool, never admitted */
  const uint32_t cand_tbs = (uint32_t)(cand_lb >> LB_TBS);

  /* RGEM: no other kernel holds a slot or a CT entry; a parked entry (a pooled continuation
   * with no TB on the SMs: a replay waiting, or a retired kernel's last trace) runs nothing,
   * so it does not count (else a replay parked at a low level blocks every kernel above it) */
  int ct_other = 0;
  for (unsigned e = 0; e < nct; e++) {
    const int parked = q->ct_pool[e] && (q->ct_zombie[e] || q->ct_out[e] == 0);
    if (q->ct_valid[e] && !parked && !(cand_cont && cand_tag == e)) ct_other = 1;
  }
  const int rgem_ok = !i->mode_rgem_i || (q->valid == 0 && !ct_other);

  /* admission */
  const int adm_ok = alloc_ok && (cand_cont || ct_alloc_ok) && rgem_ok && !cand_dead;
  const int adm_byp = adm_ok && cand_byp;
  const int drop_pop = any_ne && !cand_byp && cand_dead;
  const int adm_pop = adm_ok && any_ne && !cand_byp;
  const int adm_fire = adm_byp || adm_pop;
  const int adm_fresh = adm_fire && !cand_cont;

  /* the take's slot (phase 3) */
  const unsigned ts = c->ts;
  const int t_valid = c->t_valid;
  const uint32_t t_tbs = c->t_tbs;
  /* CT read for the done: an index >= CT reads a free entry */
  const unsigned dt = (unsigned)(i->done_tag_i & tgm);
  const int d_valid = dt < nct && q->ct_valid[dt];
  const int d_stop = dt < nct && q->ct_stop[dt];
  const uint32_t d_out = dt < nct ? q->ct_out[dt] : 0;

  /* the take's CT entry and its outstanding count (OUT_W bits): a take that would pass
   * 2^OUT_W - 1 is refused, the count before the edge decides */
  const unsigned t_tag = (unsigned)o->take_tag_o;
  const uint32_t t_out = t_tag < nct ? q->ct_out[t_tag] : 0;
  const int t_full = t_out == (uint32_t)kmu_mask(m->p.out_w);
  o->err_take_o = i->take_valid_i && (!t_valid || o->take_tb_o == t_tbs || t_full);
  const int take_ok = i->take_valid_i && !o->err_take_o;
  const int take_last = take_ok && (uint32_t)(o->take_tb_o + 1) == t_tbs;
  /* a stopped kernel's done reports are absorbed: no error, no count */
  o->err_done_o = i->done_valid_i && (!d_valid || (d_out == 0 && !d_stop));
  const int done_ok = i->done_valid_i && !o->err_done_o && !d_stop;

  /* swap-out: eligible victims have a priority below the candidate's and TBs left after this
   * cycle's take; the lowest level, then the highest index (bit-reversed lowest) */
  uint64_t vic_elig = 0;
  kmu_prio_enc_in vli = {0}, vsi = {0};
  kmu_prio_enc_out vlo, vso;
  for (unsigned s = 0; s < n; s++) {
    const uint32_t nx = q->next[s] + (uint32_t)(take_ok && ts == s);
    if (((q->valid >> s) & 1) && q->prio[s] < cand_prio && nx != q->tbs[s]) {
      vic_elig |= 1ull << s;
      vli.in_i |= 1ull << q->prio[s];
    }
  }
  kmu_prio_enc_comb(&m->u_vic_lvl, &vli, &vlo);
  const unsigned vic_lvl = (unsigned)vlo.idx_o;
  const int vic_any = (int)vlo.valid_o;
  for (unsigned s = 0; s < n; s++) {
    const unsigned r = n - 1 - s;
    if (((vic_elig >> r) & 1) && q->prio[r] == vic_lvl) vsi.in_i |= 1ull << s;
  }
  kmu_prio_enc_comb(&m->u_vic_enc, &vsi, &vso);
  const unsigned vic_idx = (unsigned)((n - 1 - vso.idx_o) & swm);
  uint64_t vic_la = 0, vic_lb = 0, vic_lc = 0, vic_ld = 0;
  const unsigned vic_tag = vic_idx < n ? (q->tag[vic_idx] & tgm) : 0;
  if (vic_idx < n) {
    const unsigned v = vic_idx;
    vic_la = (uint64_t)q->param[v] << LA_PARAM | (uint64_t)q->kptr[v] << LA_KPTR;
    /* {tbs, next}: the cpl_addr is in the CT entry */
    vic_lb = (uint64_t)q->tbs[v] << LB_TBS |
             (uint64_t)(uint32_t)(q->next[v] + (uint32_t)(take_ok && ts == v)) << LB_NEXT;
    vic_lc = ((q->event >> v) & 1) << LC_EVENT | (uint64_t)q->shmem[v] << LC_SHMEM |
             (uint64_t)q->regs[v] << LC_REGS | (uint64_t)q->warps[v] << LC_WARPS;
    vic_ld = 1ull << ld_cont | (uint64_t)(q->tag[v] & tgm) << LD_TAG;
  }
  /* room reservation: the descriptor for the engine owns one word of its level's room from
   * its handshake until it leaves the register; a swap-out or replay push takes only a word
   * beyond it and the new kernel's (lvl_spare) */
  const int resv_on = !geo_idle || (hs_fire && !fa_fast);
  const unsigned resv_lvl = geo_idle ? ac_prio : q->hd_prio & 3;
  /* one pool push word a cycle (issue 15): a continuation push waits out a cycle in which the
   * new kernel goes into the pool, at any level */
  const int in_push = in_fire && !adm_byp;
  int lvl_push_in[KMU_KMU_LEVELS], lvl_spare[KMU_KMU_LEVELS];
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    lvl_push_in[l] = in_push && in_prio == l;
    lvl_spare[l] = fao[l].push_ready_o && !in_push &&
                   !(resv_on && resv_lvl == l && fao[l].count_o == m->p.pend - 1);
  }
  const int swp = !i->mode_rgem_i && cand_any && !alloc_ok && !take_last && vic_any &&
                  lvl_spare[vic_lvl] && (cand_cont || ct_alloc_ok) && !cand_dead;
  o->swap_o = swp;

  /* completion: the entry found in phase 1, when the FIFO has room */
  const unsigned cpl_idx = c->cpl_idx;
  const int cpl_any = c->cpl_any;
  const int c_event = cpl_any && q->ct_event[cpl_idx];
  const uint32_t c_addr = cpl_any ? q->ct_cpl_addr[cpl_idx] : 0;
  const int cpl_fire = cpl_any && c->cplo.push_ready_o;

  /* TReM: the pending free (fr_tag_q's entry), the stop */
  const unsigned ft = q->fr_tag < nct ? q->fr_tag : 0;
  const int f_pool = q->fr_tag < nct && q->ct_pool[ft];
  const int f_event = q->fr_tag < nct && q->ct_event[ft];
  /* the descriptor copy read at free_i (fr_desc_q; used only with rpl_push: a tag < CT) */
  const unsigned f_prio = q->fr_prio & 3;
  const int fr_block = drop_pop && cand_tag == q->fr_tag;
  uint64_t rpl_la = 0, rpl_lb = 0, rpl_lc = 0;
  if (q->fr_tag < nct) rpl_lb = (uint64_t)q->ct_tbs[ft] << LB_TBS;
  rpl_la = (uint64_t)q->fr_param << LA_PARAM | (uint64_t)q->fr_kptr << LA_KPTR;
  rpl_lc = q->fr_lc;
  const uint64_t rpl_ld = 1ull << ld_cont | (uint64_t)(q->fr_tag & tgm) << LD_TAG;
  /* a zero-TB kernel is replayed as it was admitted: all taken at once, no continuation */
  const int f_zero = q->fr_tag < nct && q->ct_tbs[ft] == 0;
  /* it waits for its level's room and a cycle without a swap-out: one continuation bus */
  const int rpl_push = q->fr_pend && !fr_block && q->fr_replay && !f_pool && !f_zero &&
                       lvl_spare[f_prio] && !swp;
  /* the continuation bus (cb_*): the cycle's one continuation push, the victim or the replay */
  const uint64_t cb_la = swp ? vic_la : rpl_la, cb_lb = swp ? vic_lb : rpl_lb;
  const uint64_t cb_lc = swp ? vic_lc : rpl_lc, cb_ld = swp ? vic_ld : rpl_ld;
  const int ret_credit = q->fr_pend && !fr_block && !q->fr_replay && f_event && !cpl_fire;
  const int fr_fire = q->fr_pend && !fr_block &&
                      (q->fr_replay ? (f_pool || rpl_push || f_zero) : (!f_event || !cpl_fire));
  const unsigned rt = (unsigned)(i->rvk_tag_i & tgm);
  const int r_valid = rt < nct && q->ct_valid[rt];
  const int stop_hit = i->stop_i && r_valid && !(cpl_fire && cpl_idx == rt);

  /* (4) FIFOs with this cycle's pushes and pops */
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    const int swp_here = swp && vic_lvl == l;
    const int rpl_here = rpl_push && f_prio == l;
    const int push = lvl_push_in[l] || swp_here || rpl_here;
    const int pop = (adm_pop || drop_pop) && lvl_hi == l;
    fai[l].push_valid_i = fbi[l].push_valid_i = fci[l].push_valid_i = fdi[l].push_valid_i = push;
    fei[l].push_valid_i = push;
    fai[l].pop_ready_i = fbi[l].pop_ready_i = fci[l].pop_ready_i = fdi[l].pop_ready_i = pop;
    fei[l].pop_ready_i = pop;
    /* the pool's one push word (ps_*): the continuation bus when a continuation is pushed, else
     * the new kernel; only the fields the word's kind reads are selected (a continuation: not
     * lane E or the EKT id; a fresh kernel: not lane D's tag), as in the RTL; lane B's low half
     * is a fresh kernel's cpl_addr or a continuation's next TB index */
    const int cb_push = swp || rpl_push;
    const uint64_t lc_id = kmu_mask(m->p.ekt_id_w) << LC_ID;
    const uint64_t ld_cont_bit = 1ull << ld_cont;
    fai[l].push_data_i = cb_push ? cb_la : in_la;
    fbi[l].push_data_i = cb_push ? cb_lb : in_lb;
    fci[l].push_data_i = ((cb_push ? cb_lc : in_lc) & ~lc_id) | (in_lc & lc_id);
    fdi[l].push_data_i = (cb_push ? ld_cont_bit : 0) | (cb_ld & (ld_cont_bit - 1));
    fei[l].push_data_i = in_le;
    kmu_fifo_comb(&m->u_fifo_a[l], &fai[l], &fao[l]);
    kmu_fifo_comb(&m->u_fifo_b[l], &fbi[l], &fbo[l]);
    kmu_fifo_comb(&m->u_fifo_c[l], &fci[l], &fco[l]);
    kmu_fifo_comb(&m->u_fifo_d[l], &fdi[l], &fdo[l]);
    kmu_fifo_comb(&m->u_fifo_e[l], &fei[l], &feo[l]);
  }
  cpli.push_valid_i = cpl_any;
  cpli.push_data_i = c_addr;
  cpli.pop_ready_i = i->mem_req_ready_i;
  kmu_fifo_comb(&m->u_cpl_fifo, &cpli, &c->cplo);
  o->ekt_cpl_valid_o = (cpl_fire && c_event) || ret_credit;
  if (ret_credit) o->ekt_cpl_id_o = q->ct_id[ft]; /* a retire's credit takes the port */
  o->kernel_done_o = cpl_fire;
  o->cpl_tag_o = cpl_idx; /* TReM: the completed kernel's tag (kmu_revoke's cpl_tag_i) */
  o->adm_valid_o = adm_fire;
  o->adm_fresh_o = adm_fresh;
  o->adm_tag_o = cand_cont ? cand_tag : ct_alloc_idx;
  o->adm_lid_o = cand_le >> LE_LID & 0xffff;
  o->adm_user_o = cand_le >> LE_USER & 1;
  o->adm_est_o = cand_le >> LE_EST & 0xffffffffull;

  /* next state: slots */
  KMU_D_FROM_Q_TAB(m); /* *d = *q */
  /* a completion-table entry of d is written below only under one of these */
  m->tab_we = take_ok || done_ok || cpl_fire || adm_fire || drop_pop || swp || rpl_push ||
              stop_hit || fr_fire;
  if (hs_fire) { /* the descriptor register (no reset in the RTL) */
    d->hd_kptr = (uint32_t)ac_kptr, d->hd_param = (uint32_t)ac_param;
    d->hd_cpl_addr = (uint32_t)ac_cpl_addr, d->hd_shmem = (unsigned)ac_shmem;
    d->hd_gz = (unsigned)ac_gz, d->hd_tx = (unsigned)ac_tx, d->hd_ty = (unsigned)ac_ty;
    d->hd_tz = (unsigned)ac_tz, d->hd_nregs = (unsigned)ac_nregs, d->hd_prio = ac_prio;
    d->hd_id = (unsigned)ac_id, d->hd_le = ac_le;
  }
  if (geo_idle) {
    if (hs_fire && !fa_fast) { /* grid_x * grid_y of the accepted descriptor */
      d->geo_ph = GEO_GXY;
      d->geo_src = (unsigned)ac_host;
      d->geo_acc = 0;
      d->geo_mc = ac_gx;
      d->geo_ml = (unsigned)ac_gy;
    }
  } else if (q->geo_ph == GEO_DONE) {
    if (geo_exit) d->geo_ph = GEO_IDLE;
  } else if (!geo_last) {
    d->geo_acc = geo_sum;
    d->geo_mc = (q->geo_mc << 1) & m48;
    d->geo_ml = q->geo_ml >> 1;
  } else { /* the phase's product is geo_sum: load the next phase */
    d->geo_ph = q->geo_ph + 1;
    d->geo_acc = 0;
    switch (q->geo_ph) {
    case GEO_GXY: d->geo_mc = geo_sum & 0xffffffffull, d->geo_ml = q->hd_gz & 0xffff; break;
    case GEO_GZ:
      d->geo_tbs = (uint32_t)geo_sum;
      d->geo_bad = (unsigned)geo_grid_bad;
      d->geo_mc = q->hd_tx & 0xffff, d->geo_ml = q->hd_ty & 0xffff;
      break;
    case GEO_TXY: d->geo_mc = geo_sum & 0xffffffffull, d->geo_ml = q->hd_tz & 0xffff; break;
    case GEO_TZ:
      d->geo_bad = q->geo_bad || geo_thr_bad;
      d->geo_warps = (unsigned)geo_warps_new;
      d->geo_mc = (uint64_t)(q->hd_nregs & 0xff) << 5, d->geo_ml = (unsigned)geo_warps_new;
      break;
    case GEO_REGS: d->geo_acc = geo_sum; break; /* registers per TB, kept for GEO_DONE */
    default: break;
    }
  }
  for (unsigned s = 0; s < n; s++) {
    if (take_ok && ts == s) {
      d->next[s] = q->next[s] + 1;
      if (take_last) d->valid &= ~(1ull << s); /* the last take frees the slot */
    }
    if (swp && vic_idx == s) d->valid &= ~(1ull << s); /* swapped out */
    if (adm_fire && alloc_idx == s) {
      /* a fresh zero-TB kernel takes only its CT entry */
      const int v = cand_cont || cand_tbs != 0;
      d->valid = (d->valid & ~(1ull << s)) | (uint64_t)v << s;
      d->event = (d->event & ~(1ull << s)) | ((cand_lc >> LC_EVENT) & 1) << s;
      d->shmem[s] = (unsigned)(cand_lc >> LC_SHMEM & 0xffff);
      d->regs[s] = (unsigned)(cand_lc >> LC_REGS & 0x3ffff);
      d->warps[s] = (unsigned)(cand_lc >> LC_WARPS & 0x3f);
      d->kptr[s] = (uint32_t)(cand_la >> LA_KPTR);
      d->param[s] = (uint32_t)(cand_la >> LA_PARAM);
      d->tbs[s] = cand_tbs;
      d->prio[s] = cand_prio;
      d->next[s] = (cand_cont && !cand_restart) ? (uint32_t)(cand_lb >> LB_NEXT) : 0;
      d->tag[s] = cand_cont ? cand_tag : ct_alloc_idx;
    }
    /* a stop clears the tag's slot (also one admitted in this cycle) */
    if (stop_hit && d->tag[s] == rt) d->valid &= ~(1ull << s);
  }
  /* next state: completion table */
  for (unsigned e = 0; e < nct; e++) {
    const int tk = take_ok && t_tag == e, dn = done_ok && dt == e;
    if (tk && !dn)
      d->ct_out[e] = (uint32_t)((q->ct_out[e] + 1ull) & kmu_mask(m->p.out_w));
    else if (dn && !tk)
      d->ct_out[e] = (uint32_t)((q->ct_out[e] - 1ull) & kmu_mask(m->p.out_w));
    if (take_last && t_tag == e) d->ct_all[e] = 1;
    if (cpl_fire && cpl_idx == e) d->ct_valid[e] = 0;
    if (adm_fresh && ct_alloc_idx == e) {
      d->ct_valid[e] = 1;
      d->ct_all[e] = cand_tbs == 0;
      d->ct_out[e] = 0;
      d->ct_cpl_addr[e] = (uint32_t)(cand_lb >> LB_CPL);
      d->ct_event[e] = (uint8_t)((cand_lc >> LC_EVENT) & 1);
      d->ct_id[e] = (unsigned)(cand_lc >> LC_ID & kmu_mask(m->p.ekt_id_w));
      d->ct_kptr[e] = (uint32_t)(cand_la >> LA_KPTR);
      d->ct_param[e] = (uint32_t)(cand_la >> LA_PARAM);
      d->ct_tbs[e] = cand_tbs;
      d->ct_lc[e] = cand_lc & kmu_mask(m->lc_w);
      d->ct_prio[e] = cand_prio;
      d->ct_stop[e] = d->ct_pool[e] = d->ct_zombie[e] = d->ct_restart[e] = 0;
    }
    /* TReM: the pool flag follows the kernel's continuation in and out of the pool */
    if (swp && vic_tag == e) d->ct_pool[e] = 1;
    if (rpl_push && q->fr_tag == e) d->ct_pool[e] = 1;
    if ((adm_pop || drop_pop) && cand_cont && cand_tag == e) {
      d->ct_pool[e] = 0;
      d->ct_restart[e] = 0;
      if (drop_pop && q->ct_zombie[e]) { /* a retired kernel's last trace: free the entry */
        d->ct_valid[e] = 0;
        d->ct_stop[e] = 0;
        d->ct_zombie[e] = 0;
      }
    }
    if (stop_hit && rt == e) d->ct_stop[e] = 1;
    if (fr_fire && q->fr_tag == e) {
      if (q->fr_replay) { /* back to the pool from TB 0, the same tag */
        d->ct_out[e] = 0;
        d->ct_all[e] = f_zero;
        d->ct_stop[e] = 0;
        if (q->ct_pool[e]) d->ct_restart[e] = 1;
      } else if (q->ct_pool[e]) {
        d->ct_zombie[e] = 1; /* freed when its pooled continuation drops */
      } else {
        d->ct_valid[e] = 0;
        d->ct_stop[e] = 0;
      }
    }
  }
  /* TReM: launch ids, the stop's ack, the pending free */
  d->lid = (q->lid + (unsigned)hs_fire) & 0xffff; /* numbered at the handshake */
  if (hs_fire && ac_host) d->last_lid = q->lid;
  d->fr_pend = q->fr_pend && !fr_fire;
  if (i->free_i) { /* the registered read of the descriptor copy (before this edge's write) */
    const unsigned rtm = (unsigned)(i->rvk_tag_i & tgm);
    d->fr_kptr = q->ct_kptr[rtm];
    d->fr_param = q->ct_param[rtm];
    d->fr_lc = q->ct_lc[rtm];
    d->fr_prio = q->ct_prio[rtm];
    d->fr_pend = 1;
    d->fr_replay = (unsigned)(i->free_replay_i & 1);
    d->fr_tag = (unsigned)(i->rvk_tag_i & tgm);
  }
  d->stop_ack = (unsigned)(i->stop_i & 1);
  d->free_ack = (unsigned)fr_fire;

}

void kmu_kmu_comb(kmu_kmu *m, const kmu_kmu_in *i, kmu_kmu_out *o) {
  kmu_kmu_comb_slot(m, o);
  kmu_kmu_comb_q(m, i, o);
  kmu_kmu_comb_take(m, i, o);
  kmu_kmu_comb_next(m, i, o);
}

void kmu_kmu_tick(kmu_kmu *m) {
  KMU_Q_FROM_D_TAB(m, kmu_kmu_regs, ct_valid);
  kmu_rr_arb_tick(&m->u_in_arb);
  for (unsigned l = 0; l < KMU_KMU_LEVELS; l++) {
    kmu_fifo_tick(&m->u_fifo_a[l]);
    kmu_fifo_tick(&m->u_fifo_b[l]);
    kmu_fifo_tick(&m->u_fifo_c[l]);
    kmu_fifo_tick(&m->u_fifo_d[l]);
    kmu_fifo_tick(&m->u_fifo_e[l]);
  }
  kmu_fifo_tick(&m->u_cpl_fifo);
}
