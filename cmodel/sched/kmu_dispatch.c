/* kmu_dispatch.c - C twin of rtl/sched/kmu_dispatch.v, built from the kmu_prio_enc and
 * kmu_rr_arb twins, plus its own registers (q/d: park_q, lift_q, part_q, umask_q, res_q, the
 * parked slots, and lvl_ptr_q, the four levels' round-robin pointers).  comb() evaluates in a
 * fixed order that is valid because an arbiter's grant does not depend on its ack: (1) the
 * level encoder u_lvl_enc and one round-robin search of the chosen level's slots from its
 * pointer give the level and the slot; (2) the need and the SM candidates from the query
 * inputs; (3) the SM arbiter u_sm_rr, acked by its own grant (the take), which also moves the
 * chosen level's pointer.  tick() ticks the instances.
 *
 * comb() runs four phases in order, each from the inputs the one before it made possible:
 * comb_slot (slot_p* -> q_slot), comb_need (q_* -> need_*), comb_take (sm_fit -> take,
 * start SM), comb_start (take_* -> start_*).  A system top (kmu_gpu.c) calls them apart,
 * with the kernel management unit's and the SMs' phases between them, so that every block is
 * evaluated once per cycle in a fixed order. */
#include "kmu_dispatch.h"

void kmu_dispatch_init(kmu_dispatch *m, const kmu_dispatch_params *p) {
  const kmu_prio_enc_params pe = {KMU_DISPATCH_LEVELS};
  const kmu_rr_arb_params pm = {p->nsm};
  m->p = *p;
  m->slot_w = 1;
  while ((1u << m->slot_w) < p->slots) m->slot_w++;
  m->sm_w = 1;
  while ((1u << m->sm_w) < p->nsm) m->sm_w++;
  kmu_prio_enc_init(&m->u_lvl_enc, &pe);
  kmu_rr_arb_init(&m->u_sm_rr, &pm);
}

void kmu_dispatch_free(kmu_dispatch *m) {
  kmu_prio_enc_free(&m->u_lvl_enc);
  kmu_rr_arb_free(&m->u_sm_rr);
}

void kmu_dispatch_reset(kmu_dispatch *m) {
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
  kmu_prio_enc_reset(&m->u_lvl_enc);
  kmu_rr_arb_reset(&m->u_sm_rr);
}

/* Phase 1, from slot_p*: the level and the slot (q_slot_o, take_slot_o, start_slot_o,
 * level_o, need_valid_o). */
void kmu_dispatch_comb_slot(kmu_dispatch *m, const kmu_dispatch_in *i, kmu_dispatch_out *o) {
  kmu_dispatch_nets *c = &m->c;
  /* parked slots take no part in the choice (vis_p0..vis_p3) */
  const uint64_t smask = kmu_mask(m->p.slots) & ~m->q.park;
  const uint64_t lvl_req[KMU_DISPATCH_LEVELS] = {i->slot_p0_i & smask, i->slot_p1_i & smask,
                                                 i->slot_p2_i & smask, i->slot_p3_i & smask};

  /* (1) level: encoder bit j is level 3 - j, so the lowest set bit is the highest level */
  kmu_prio_enc_in ei = {0};
  kmu_prio_enc_out eo;
  for (unsigned j = 0; j < KMU_DISPATCH_LEVELS; j++)
    ei.in_i |= (uint64_t)(lvl_req[KMU_DISPATCH_LEVELS - 1 - j] != 0) << j;
  kmu_prio_enc_comb(&m->u_lvl_enc, &ei, &eo);
  c->lvl_valid = (int)eo.valid_o;
  c->level = 3 - (unsigned)eo.idx_o;
  /* a level below the chosen one has TBs left: two levels have unparked slots */
  unsigned nlvl = 0;
  for (unsigned k = 0; k < KMU_DISPATCH_LEVELS; k++) nlvl += lvl_req[k] != 0;
  c->lower_any = nlvl >= 2;

  /* the chosen level's slots from its round-robin pointer: the lowest at or after it, else the
   * lowest (kmu_rr_arb's rule; no slot: 0) */
  const uint64_t sel = lvl_req[c->level];
  const unsigned ptr = m->q.lvl_ptr[c->level];
  unsigned slot = 0;
  int hit = 0;
  for (unsigned s = m->p.slots; s-- > 0;) {
    if (!((sel >> s) & 1)) continue;
    if (!hit) slot = s;
    if (s >= ptr) {
      slot = s;
      hit = 1;
    }
  }
  c->slot = slot;
  o->q_slot_o = slot;
  o->take_slot_o = slot;
  o->start_slot_o = slot;
  o->need_valid_o = (uint64_t)c->lvl_valid;
  o->level_o = c->lvl_valid ? c->level : 0;
}

/* Phase 2, from the slot's q_*: the need asked of every SM. */
void kmu_dispatch_comb_need(kmu_dispatch *m, const kmu_dispatch_in *i, kmu_dispatch_out *o) {
  (void)m;
  /* (2) need: a warp-level event is an event kernel of one warp without shared memory */
  const unsigned warps = (unsigned)(i->q_warps_i & 0x3f), regs = (unsigned)(i->q_regs_i & 0x3ffff);
  const unsigned shmem = (unsigned)(i->q_shmem_i & 0xffff);
  const int event = (int)(i->q_event_i & 1);
  o->need_warps_o = warps;
  o->need_regs_o = regs;
  o->need_shmem_o = shmem;
  o->need_ewarp_o = (uint64_t)(event && warps == 1 && shmem == 0);
  o->start_warps_o = warps;
  o->start_regs_o = regs;
  o->start_shmem_o = shmem;
}

/* Phase 3, from the SMs' sm_fit / sm_ewt_fit and reserve_mask_i: the SM and the take. */
void kmu_dispatch_comb_take(kmu_dispatch *m, const kmu_dispatch_in *i, kmu_dispatch_out *o) {
  kmu_dispatch_nets *c = &m->c;
  const uint64_t nmask = kmu_mask(m->p.nsm);
  const int event = (int)(i->q_event_i & 1);

  /* SM candidates: reservation, then a resident TB that starts now; a warp-level event goes
   * to an event-warp table only when no eligible SM fits it as a TB, an idle SM's
   * (sm_ewt_idle_i) when one has room */
  const uint64_t res = i->reserve_mask_i & nmask;
  const uint64_t res_ok = event ? (res ? res : nmask) : ~res & nmask;
  /* TReM Elastic's split: user-facing on umask (anywhere when empty), batch on the rest */
  const uint64_t umask = i->umask_i & nmask;
  const uint64_t cls_ok = (!(i->part_i & 1) || m->q.lift) ? nmask
                          : (i->q_user_i & 1) ? (umask ? umask : nmask)
                                              : ~umask & nmask;
  const uint64_t allowed = res_ok & cls_ok;
  const uint64_t ewt_cand = o->need_ewarp_o ? allowed & i->sm_ewt_fit_i : 0;
  const uint64_t tb_cand = allowed & i->sm_fit_i;
  const int use_ewt = tb_cand == 0 && ewt_cand != 0;
  /* among the tables, an idle SM's first (its warp-preemption controller free, its table
   * empty: the warp starts now), else any with room (no stall) */
  const uint64_t ewt_idle = ewt_cand & i->sm_ewt_idle_i;
  const uint64_t ewt_req = ewt_idle ? ewt_idle : ewt_cand;

  /* (3) the SM: round-robin among the candidates; the grant is the take */
  kmu_rr_arb_in si;
  kmu_rr_arb_out so;
  si.req_i = c->lvl_valid ? (use_ewt ? ewt_req : tb_cand) : 0;
  si.ack_i = 1; /* the grant does not depend on ack; every grant is a take */
  kmu_rr_arb_comb(&m->u_sm_rr, &si, &so);
  const int take = (int)so.gnt_valid_o;

  /* the chosen level's pointer moves past the slot that got a TB (wrapping after SLOTS-1) */
  memcpy(m->d.lvl_ptr, m->q.lvl_ptr, sizeof m->d.lvl_ptr);
  if (take) m->d.lvl_ptr[c->level] = c->slot == m->p.slots - 1 ? 0 : c->slot + 1;

  /* parking: a pick that no SM may take under this cycle's masks is parked at the edge; a
   * change of the masks probes every parked slot again, a slot without TBs leaves the set */
  const uint64_t smask = kmu_mask(m->p.slots), part = i->part_i & 1;
  const uint64_t has_tb = (i->slot_p0_i | i->slot_p1_i | i->slot_p2_i | i->slot_p3_i) & smask;
  const int msk_chg = part != m->q.part || umask != m->q.umask || res != m->q.res;
  const int unserv = c->lvl_valid && allowed == 0;
  /* every slot holds a kernel with TBs left and every one is parked: lift the split */
  const int full = has_tb == smask, none_vis = !c->lvl_valid && full;
  m->d.lift = (unsigned)(full && !msk_chg && (m->q.lift || none_vis));
  m->d.park = (msk_chg || none_vis) ? 0 : (m->q.park & has_tb);
  if (unserv) m->d.park |= 1ull << c->slot;
  m->d.part = (unsigned)part;
  m->d.umask = umask;
  m->d.res = res;

  o->take_valid_o = (uint64_t)take;
  o->start_valid_o = (uint64_t)take;
  o->start_sm_o = so.gnt_idx_o;
  o->start_ewarp_o = (uint64_t)(take && use_ewt);
  o->stall_o = (uint64_t)(c->lvl_valid && !take);
  o->drain_cycle_o = (uint64_t)(c->lvl_valid && !take && c->lower_any);
}

/* Phase 4, from the kernel management unit's take_*: the TB started. */
void kmu_dispatch_comb_start(kmu_dispatch *m, const kmu_dispatch_in *i, kmu_dispatch_out *o) {
  (void)m;
  o->start_tb_o = i->take_tb_i & 0xffffffffull;
  o->start_kptr_o = i->take_kptr_i & 0xffffffffull;
  o->start_param_o = i->take_param_i & 0xffffffffull;
}

void kmu_dispatch_comb(kmu_dispatch *m, const kmu_dispatch_in *i, kmu_dispatch_out *o) {
  kmu_dispatch_comb_slot(m, i, o);
  kmu_dispatch_comb_need(m, i, o);
  kmu_dispatch_comb_take(m, i, o);
  kmu_dispatch_comb_start(m, i, o);
}

void kmu_dispatch_tick(kmu_dispatch *m) {
  m->q = m->d;
  kmu_prio_enc_tick(&m->u_lvl_enc);
  kmu_rr_arb_tick(&m->u_sm_rr);
}
