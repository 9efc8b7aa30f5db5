/* kmu_preempt_ctrl.c - C twin of rtl/preempt/kmu_preempt_ctrl.v.  Same state: preempt_q,
 * asked_q, active_q, level_q, and the tables tag_lvl_q / ent_lvl_q (no reset: they start as
 * zero here and hold garbage in the RTL, which no legal sequence reads before writing). */
#include "kmu_preempt_ctrl.h"

#include <stdlib.h>

void kmu_preempt_ctrl_init(kmu_preempt_ctrl *m, const kmu_preempt_ctrl_params *p) {
  m->p = *p;
  m->tag_lvl = calloc(p->ct, 1);
  m->ent_lvl = calloc((size_t)p->nsm * p->tbs, 1);
  kmu_preempt_ctrl_reset(m);
}

void kmu_preempt_ctrl_free(kmu_preempt_ctrl *m) {
  free(m->tag_lvl);
  free(m->ent_lvl);
}

void kmu_preempt_ctrl_reset(kmu_preempt_ctrl *m) {
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
  m->tag_we = m->ent_we = 0;
}

/* The outputs are registers: a system top takes them before it has this cycle's inputs. */
void kmu_preempt_ctrl_comb_out(const kmu_preempt_ctrl *m, kmu_preempt_ctrl_out *o) {
  o->preempt_o = m->q.preempt;
  o->hold_o = (uint64_t)m->q.active;
  o->req_o = m->q.preempt != 0;
}

/* The next state from this cycle's inputs (no output depends on them). */
void kmu_preempt_ctrl_comb_next(kmu_preempt_ctrl *m, const kmu_preempt_ctrl_in *i) {
  const kmu_preempt_ctrl_params *p = &m->p;
  const unsigned level = (unsigned)(i->level_i & 3);

  /* level tables: written at the edge */
  /* (an index beyond the table, outside the contract, writes nothing, as in the RTL) */
  const unsigned ent = (unsigned)i->st_sm_i * p->tbs + (unsigned)i->st_rtb_i;
  m->tag_we = (int)(i->take_valid_i & 1) && i->take_tag_i < p->ct;
  m->tag_wa = (unsigned)i->take_tag_i;
  m->tag_wd = (uint8_t)level;
  m->ent_we = (int)(i->st_fire_i & 1) && i->st_sm_i < p->nsm && i->st_rtb_i < p->tbs;
  m->ent_wa = ent;
  m->ent_wd = i->st_tag_i < p->ct ? m->tag_lvl[i->st_tag_i] : 0;

  /* candidates: eligible entries all below level_i, at least one, not asked yet */
  uint64_t cand = 0;
  for (unsigned s = 0; s < p->nsm; s++) {
    int low = 0, high = 0;
    for (unsigned e = 0; e < p->tbs; e++) {
      if (!((i->elig_i[s] >> e) & 1)) continue;
      if (m->ent_lvl[s * p->tbs + e] < level)
        low = 1;
      else
        high = 1;
    }
    if (low && !high && !((m->q.asked >> s) & 1)) cand |= 1ull << s;
  }

  /* one SM at a time: the lowest candidate, or every candidate (all_i), when no asked SM is
   * still saving */
  const uint64_t pick = (i->all_i & 1) ? cand : cand & (~cand + 1);
  const int trig = (i->en_i & 1) && (i->stall_i & 1) && level != 0 && cand != 0 &&
                   m->q.wait == 0 && !(m->q.asked & i->busy_i & kmu_mask(p->nsm));
  const unsigned at_or_above = (0xfu << m->q.level) & 0xfu;
  const int release_now = m->q.active && !((unsigned)i->lvl_has_tb_i & at_or_above);
  const unsigned lvl_min = (m->q.active && m->q.level < level) ? m->q.level : level;

  m->d = m->q;
  m->d.preempt = trig ? pick : 0;
  m->d.wait = trig ? KMU_PREEMPT_CTRL_WAIT : m->q.wait ? m->q.wait - 1 : 0;
  if (trig) {
    m->d.asked = m->q.asked | pick;
    m->d.active = 1;
    m->d.level = lvl_min;
  } else if (release_now) {
    m->d.asked = 0;
    m->d.active = 0;
  }
}

void kmu_preempt_ctrl_comb(kmu_preempt_ctrl *m, const kmu_preempt_ctrl_in *i,
                           kmu_preempt_ctrl_out *o) {
  kmu_preempt_ctrl_comb_out(m, o);
  kmu_preempt_ctrl_comb_next(m, i);
}

void kmu_preempt_ctrl_tick(kmu_preempt_ctrl *m) {
  if (m->tag_we) m->tag_lvl[m->tag_wa] = m->tag_wd;
  if (m->ent_we) m->ent_lvl[m->ent_wa] = m->ent_wd;
  m->q = m->d;
}
