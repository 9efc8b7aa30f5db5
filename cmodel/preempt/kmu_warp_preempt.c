/* kmu_warp_preempt.c - C twin of rtl/preempt/kmu_warp_preempt.v.  Same state names: q.state
 * (state_q), q.vic, q.rsv, q.skipped, q.vexit, q.nregs, q.pc, q.id, q.cnt, q.lat, q.wregs[c]
 * (wregs_q[8c +: 8]) and q.older[c] (older_m[WARPS*c +: WARPS], the age matrix row of slot c).
 * The RTL keeps only the age triangle older_q (bit (j, i), i < j = bit i of q.older[j]) and
 * derives the rest of each row as the complement of the mirror bit; the twin keeps the full
 * rows, a 64-bit mask per slot updated with one AND / assignment per start (cheaper in C than
 * rebuilding rows from a triangle each cycle), which equal the RTL's older_m: the start rule
 * (row = every other slot, column cleared) keeps bit i of row j = !(bit j of row i), i != j.
 * comb() computes the outputs and d from q and this cycle's inputs in the RTL's order: victim
 * choice, the victim's status, errors, next state; tick() is the rising edge. */
#include "kmu_warp_preempt.h"

#include <string.h>

#define M6 0x3fu
#define M8 0xffu
#define M16 0xffffu

void kmu_warp_preempt_init(kmu_warp_preempt *m, const kmu_warp_preempt_params *p) {
  m->p = *p;
  kmu_warp_preempt_reset(m);
}

void kmu_warp_preempt_free(kmu_warp_preempt *m) { (void)m; }

void kmu_warp_preempt_reset(kmu_warp_preempt *m) {
  memset(&m->q, 0, sizeof m->q);
  /* reset age order: a lower slot is older */
  for (unsigned c = 0; c < m->p.warps; c++) m->q.older[c] = kmu_mask(c);
  m->d = m->q;
}

static int bit(uint64_t v, unsigned b) { return (int)((v >> b) & 1); }

/* Phase 1, from the state, the warp status and the event's register need (no ev_valid_i):
 * the victim choice, ev_ready_o and busy_o. */
void kmu_warp_preempt_comb_ready(kmu_warp_preempt *m, const kmu_warp_preempt_in *i,
                                 kmu_warp_preempt_out *o) {
  const kmu_warp_preempt_regs *q = &m->q;
  kmu_warp_preempt_nets *nt = &m->c;
  const unsigned nw = m->p.warps;
  const uint64_t wm = kmu_mask(nw);
  /* inputs at their port widths */
  const uint64_t live = i->w_live_i & wm, inpipe = i->w_inpipe_i & wm, ld = i->w_ld_i & wm;
  const uint64_t bar = i->w_bar_i & wm, ibuf = i->w_ibuf_i & wm, icmiss = i->w_icmiss_i & wm;
  const int wstart_valid = (int)(i->wstart_valid_i & 1), wexit_valid = (int)(i->wexit_valid_i & 1);
  const unsigned wstart_warp = (unsigned)(i->wstart_warp_i & M6);
  const unsigned wstart_regs = (unsigned)(i->wstart_regs_i & M8);
  const unsigned wexit_warp = (unsigned)(i->wexit_warp_i & M6);
  const unsigned ev_regs = (unsigned)(i->ev_regs_i & M8), free_regs = (unsigned)(i->free_regs_i & M8);
  const unsigned vpol = (unsigned)(i->vpol_i & 3), opt = (unsigned)(i->opt_i & 0xf);
  const int wp_en = (int)(i->wp_en_i & 1);

  const int idle = q->state == KMU_WP_S_IDLE, busy = !idle;
  const uint64_t vic_oh = busy ? (1ull << q->vic) & wm : 0; /* vic < WARPS by construction */
  const uint64_t start_oh = wstart_warp < nw ? 1ull << wstart_warp : 0;

  /* victim choice */
  const int rsv_now = ev_regs <= free_regs;
  /* every warp at once, one bit per warp (the RTL's per-warp terms as masks) */
  uint64_t regs_ok = rsv_now ? wm : 0; /* its registers hold the event's */
  for (uint64_t v = rsv_now ? 0 : live; v; v &= v - 1) {
    const unsigned c = (unsigned)__builtin_ctzll(v);
    if (q->wregs[c] >= ev_regs) regs_ok |= 1ull << c;
  }
  const uint64_t exit_oh = wexit_valid && wexit_warp < nw ? 1ull << wexit_warp : 0;
  const uint64_t fit = live & regs_ok & ~(wstart_valid ? start_oh : 0) & ~exit_oh;
  /* loads in flight with load drop on: one drop pulse, the i-buffer's class */
  const uint64_t ldd = (opt & 8) ? ld : 0;
  const uint64_t c3 = ((opt & 8) ? 0 : ld) | ((opt & 4) ? 0 : bar);
  const uint64_t c2 = ~c3 & ((inpipe & ~ldd) | icmiss);
  const uint64_t cl2 = fit & c2;
  const uint64_t cl1 = fit & ~c3 & ~c2 & (ibuf | ldd);
  const uint64_t cl0 = fit & ~c3 & ~c2 & ~ibuf & ~ldd;
  uint64_t sel;
  if (vpol != KMU_VICTIM_BEST) sel = fit;
  else if (cl0) sel = cl0;
  else if (cl1) sel = cl1;
  else if (cl2) sel = cl2;
  else sel = fit;
  unsigned pick_idx = 0;
  for (uint64_t v = sel; v; v &= v - 1) { /* the selected warps, lowest first */
    const unsigned c = (unsigned)__builtin_ctzll(v);
    int pick;
    if (vpol == KMU_VICTIM_NEWEST)
      pick = bit(sel, c) && (sel & ~q->older[c] & ~(1ull << c)) == 0;
    else
      pick = bit(sel, c) && (sel & q->older[c]) == 0;
    if (pick) pick_idx = c;
  }
  const int any_fit = fit != 0;
  o->ev_ready_o = idle && wp_en && any_fit;
  o->busy_o = (uint64_t)busy;

  /* nets for phase 2 */
  nt->idle = idle, nt->inpipe = inpipe, nt->ld = ld, nt->bar = bar, nt->ibuf = ibuf;
  nt->icmiss = icmiss, nt->vic_oh = vic_oh, nt->start_oh = start_oh;
  nt->wstart_valid = wstart_valid, nt->wexit_valid = wexit_valid;
  nt->wstart_warp = wstart_warp, nt->wstart_regs = wstart_regs, nt->wexit_warp = wexit_warp;
  nt->ev_regs = ev_regs, nt->opt = opt, nt->pick_idx = pick_idx, nt->rsv_now = rsv_now;
  nt->ok_now = wp_en && any_fit;
}

/* Phase 2, from the event request and the save/restore/done handshakes: acceptance, the
 * victim's flush, the refusals, the next state and the controls. */
void kmu_warp_preempt_comb_next(kmu_warp_preempt *m, const kmu_warp_preempt_in *i,
                                kmu_warp_preempt_out *o) {
  const kmu_warp_preempt_regs *q = &m->q;
  kmu_warp_preempt_regs *d = &m->d;
  const kmu_warp_preempt_nets *nt = &m->c;
  const unsigned nw = m->p.warps;
  const uint64_t wm = kmu_mask(nw);
  /* inputs at their port widths */
  const int ev_valid = (int)(i->ev_valid_i & 1);
  const uint64_t ev_done = i->ev_done_i & wm;
  const int rsave_ready = (int)(i->rsave_ready_i & 1), rsave_done = (int)(i->rsave_done_i & 1);
  const int rrest_ready = (int)(i->rrest_ready_i & 1), rrest_done = (int)(i->rrest_done_i & 1);
  /* phase 1's nets */
  const uint64_t inpipe = nt->inpipe, ld = nt->ld, bar = nt->bar, ibuf = nt->ibuf;
  const uint64_t icmiss = nt->icmiss, vic_oh = nt->vic_oh, start_oh = nt->start_oh;
  const int wstart_valid = nt->wstart_valid, wexit_valid = nt->wexit_valid;
  const unsigned wstart_warp = nt->wstart_warp, wstart_regs = nt->wstart_regs;
  const unsigned wexit_warp = nt->wexit_warp, ev_regs = nt->ev_regs, opt = nt->opt;
  const unsigned pick_idx = nt->pick_idx;
  const int rsv_now = nt->rsv_now;
  const int idle = nt->idle, busy = !idle;
  const int flushing = q->state == KMU_WP_S_FLUSH;
  o->ev_refuse_o = ev_valid && idle && !nt->ok_now;
  const int accept = ev_valid && (int)o->ev_ready_o;

  /* the victim's status */
  const int v_inpipe = (inpipe & vic_oh) != 0, v_ld = (ld & vic_oh) != 0;
  const int v_bar = (bar & vic_oh) != 0, v_ibuf = (ibuf & vic_oh) != 0;
  const int v_icmiss = (icmiss & vic_oh) != 0;
  const int v_exit = wexit_valid && busy && wexit_warp == q->vic;
  const int v_start = wstart_valid && busy && wstart_warp == q->vic;
  const int flushed = !v_inpipe && !v_ld && !v_icmiss && (!v_bar || (opt & 4)) &&
                      (!v_ibuf || (opt & 2));
  const int skip_now = flushing && (opt & 4) && v_bar;
  const int ev_done_ok = q->state == KMU_WP_S_RUN && ev_done == vic_oh;

  /* errors */
  const int wstart_bad = wstart_valid && (wstart_warp >= nw || v_start);
  const int wexit_bad = wexit_valid && (wexit_warp >= nw || (v_exit && !flushing));
  const int victim_exit = v_exit && flushing;
  o->err_o = (uint64_t)(ev_done != 0 && !ev_done_ok) | (uint64_t)wstart_bad << 1 |
             (uint64_t)wexit_bad << 2 | (uint64_t)(rsave_done && q->state != KMU_WP_S_SWAIT) << 3 |
             (uint64_t)(rrest_done && q->state != KMU_WP_S_RWAIT) << 4;

  /* next state */
  KMU_D_FROM_Q(m); /* *d = *q */
  if (wstart_valid && !wstart_bad) {
    for (unsigned c = 0; c < nw; c++) {
      if ((start_oh >> c) & 1) {
        d->wregs[c] = wstart_regs;
        d->older[c] = ~start_oh & wm;
      } else {
        d->older[c] = q->older[c] & ~start_oh;
      }
    }
  }
  if (q->cnt != M16) d->cnt = (q->cnt + 1) & M16;
  switch (q->state) {
    case KMU_WP_S_IDLE:
      if (accept) {
        d->vic = pick_idx;
        d->rsv = (unsigned)rsv_now;
        d->skipped = 0;
        d->vexit = 0;
        d->nregs = ev_regs;
        d->pc = (uint32_t)i->ev_pc_i;
        d->id = (unsigned)(i->ev_id_i & M16);
        d->cnt = 1; /* the first flushing cycle is one cycle after the acceptance */
      }
      break;
    case KMU_WP_S_FLUSH:
      if (skip_now) d->skipped = 1;
      if (victim_exit) d->vexit = 1;
      break;
    case KMU_WP_S_START:
      d->lat = q->cnt;
      break;
    default:
      break;
  }
  switch (q->state) {
    case KMU_WP_S_IDLE: d->state = accept ? KMU_WP_S_FLUSH : KMU_WP_S_IDLE; break;
    case KMU_WP_S_FLUSH:
      d->state = victim_exit ? KMU_WP_S_START : flushed ? KMU_WP_S_PUSH : KMU_WP_S_FLUSH;
      break;
    case KMU_WP_S_PUSH: d->state = q->rsv ? KMU_WP_S_START : KMU_WP_S_SAVE; break;
    case KMU_WP_S_SAVE: d->state = rsave_ready ? KMU_WP_S_SWAIT : KMU_WP_S_SAVE; break;
    case KMU_WP_S_SWAIT: d->state = rsave_done ? KMU_WP_S_START : KMU_WP_S_SWAIT; break;
    case KMU_WP_S_START: d->state = KMU_WP_S_RUN; break;
    case KMU_WP_S_RUN:
      d->state = ev_done_ok ? (q->vexit ? KMU_WP_S_IDLE : KMU_WP_S_POP) : KMU_WP_S_RUN;
      break;
    case KMU_WP_S_POP: d->state = q->rsv ? KMU_WP_S_RESUME : KMU_WP_S_REST; break;
    case KMU_WP_S_REST: d->state = rrest_ready ? KMU_WP_S_RWAIT : KMU_WP_S_REST; break;
    case KMU_WP_S_RWAIT: d->state = rrest_done ? KMU_WP_S_RESUME : KMU_WP_S_RWAIT; break;
    case KMU_WP_S_RESUME: d->state = KMU_WP_S_IDLE; break;
    default: d->state = KMU_WP_S_IDLE; break;
  }

  /* outputs */
  const int stopped = busy && q->state != KMU_WP_S_RESUME && !q->vexit;
  o->vic_stop_o = stopped ? vic_oh : 0;
  o->vic_boost_o = flushing && (opt & 1) ? vic_oh : 0;
  o->ibuf_flush_o = flushing && (opt & 2) && v_ibuf ? vic_oh : 0;
  o->bar_skip_o = skip_now ? vic_oh : 0;
  o->ld_drop_o = flushing && (opt & 8) && v_ld ? vic_oh : 0;
  o->bar_reins_o = q->state == KMU_WP_S_POP && q->skipped ? vic_oh : 0;
  o->stk_push_o = q->state == KMU_WP_S_PUSH ? vic_oh : 0;
  o->ev_start_o = q->state == KMU_WP_S_START ? vic_oh : 0;
  o->stk_pop_o = q->state == KMU_WP_S_POP ? vic_oh : 0;
  o->vic_resume_o = q->state == KMU_WP_S_RESUME ? vic_oh : 0;
  o->stk_pc_o = q->pc;
  o->rsave_valid_o = q->state == KMU_WP_S_SAVE;
  o->rsave_warp_o = q->vic;
  o->rsave_nregs_o = q->nregs;
  o->rrest_valid_o = q->state == KMU_WP_S_REST;
  o->rrest_warp_o = q->vic;
  o->rrest_nregs_o = q->nregs;
  o->victim_o = q->vic;
  o->victim_valid_o = busy && !q->vexit;
  o->rsv_o = q->rsv;
  o->cur_id_o = q->id;
  o->lat_o = q->lat;
}

void kmu_warp_preempt_comb(kmu_warp_preempt *m, const kmu_warp_preempt_in *i,
                           kmu_warp_preempt_out *o) {
  kmu_warp_preempt_comb_ready(m, i, o);
  kmu_warp_preempt_comb_next(m, i, o);
}

void kmu_warp_preempt_tick(kmu_warp_preempt *m) { KMU_Q_FROM_D(m); }
