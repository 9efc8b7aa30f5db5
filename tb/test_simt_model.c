/* test_simt_model.c - self-test of the behavioural SIMT pipeline (simt_model).
 *
 * For each configuration and seed: a reference run of a set of TBs without any preemption,
 * then runs of the same TBs (other timing seed) with random event arrivals served by a small
 * warp-preemption controller written here (random victim, random subset of the four flushing
 * optimizations, registers saved/restored through simt_reg_read/write or reserved).  Checks:
 *   - every background warp's final registers equal the reference (victim never corrupted);
 *     instructions written back equal the reference, issued = reference + squashed, loads
 *     issued = reference + dropped (no instruction lost or executed twice; a dropped load is
 *     replayed exactly once);
 *   - a stopped warp never fetches, and issues at most what its i-buffer held at the stop
 *     (nothing once the i-buffer was flushed);
 *   - a ready boosted victim is issued first (unless an event warp is ready);
 *   - no warp passes a barrier before every warp of its TB has arrived (a skipped warp does
 *     not count as arrived);
 *   - the victim's PC, mask, stack depth and registers are back before vic_resume;
 *   - every event warp of a kernel ends with the same registers (no state of the victim leaks);
 *   - no protocol error reported by the model; every run ends.
 * Two "teeth" runs must FAIL the register comparison: forcing ld_drop when ld_drop_ok is low,
 * and skipping the register restore.
 * SEED (default 1) selects the seeds; SEEDS (default 3) how many. Output: PASS/FAIL lines. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simt_model.h"

#define MAXTB 64
#define KEY(tag, widx) ((tag) * SIMT_MAXW + (widx))

static uint64_t trng;
static uint64_t rnd(void) {
  uint64_t z = (trng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static unsigned below(unsigned n) { return n ? (unsigned)(rnd() % n) : 0; }

typedef struct {
  const char *name;
  simt_params p;
  simt_kparams bg[2], ev;
  unsigned nbg, tb_warps, ntb;
} config;

typedef struct {
  int done;
  uint32_t reg[SIMT_MAXR];
  uint64_t issued, wb, ld_issued, squashed, ld_dropped;
} wres;

typedef struct {
  unsigned arrival;      /* mean cycles between events (0: no preemption) */
  int force_drop;        /* teeth: ld_drop even when not ok */
  int no_restore;        /* teeth: skip the register restore */
} runopt;

typedef struct {
  uint64_t events, saved, reserved, skips, flushes, drops, drop_waits, in_div, at_end;
  uint64_t lat_sum, lat_max, cycles, issued, boost_contest, alone;
  uint64_t cause[SIMT_C_N];
} cover;

static wres *ref_res, *run_res;
static char failmsg[512];
static int failed;

__attribute__((format(printf, 2, 3))) static void fail(uint64_t cycle, const char *fmt, ...) {
  if (failed++) return;
  char tmp[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  snprintf(failmsg, sizeof failmsg, "cycle %llu: %s", (unsigned long long)cycle, tmp);
}

enum { D_IDLE, D_FLUSH, D_SAVE, D_EVRUN, D_POP, D_RESTORE, D_ALONE };

/* returns 0 when it ran to the end */
static int run(const config *cf, uint64_t seed, uint64_t tseed, const runopt *ro, wres *res,
               cover *cov) {
  simt_model m;
  simt_params p = cf->p;
  p.seed = tseed;
  p.ld_drop_force = (unsigned)ro->force_drop;
  simt_init(&m, &p);
  int kb[2], ke;
  for (unsigned i = 0; i < cf->nbg; i++) {
    simt_kparams k = cf->bg[i];
    k.seed = seed * 31 + i;
    kb[i] = simt_kernel_add(&m, &k);
  }
  simt_kparams kev = cf->ev;
  kev.seed = seed * 31 + 7;
  ke = simt_kernel_add(&m, &kev);
  trng = tseed * 0x51ed27u + 99;
  memset(res, 0, sizeof(wres) * MAXTB * SIMT_MAXW);
  unsigned next_tb = 0, tbs_done = 0;
  int drv = D_IDLE;
  unsigned vic = 0, opts = 0, rsv = 0, delay = 0, ib_at_stop = 0, skipped = 0, gap = 0;
  uint64_t iss_at_stop = 0, t_arrive = 0;
  uint32_t snap_reg[SIMT_MAXR], save[SIMT_MAXR], snap_pc = 0, snap_mask = 0;
  unsigned snap_depth = 0, snap_bar = 0, ev_nregs = kev.nregs;
  int ev_digest_set = 0;
  uint32_t ev_digest = 0;
  uint64_t max_cycles = 4000000;
  simt_ctl c;
  simt_out o;
  memset(&c, 0, sizeof c);
  while (m.cycle < max_cycles && !failed) {
    while (next_tb < cf->ntb && simt_tb_fits(&m, kb[next_tb % cf->nbg], cf->tb_warps)) {
      simt_tb_start(&m, kb[next_tb % cf->nbg], cf->tb_warps, next_tb);
      next_tb++;
    }
    simt_outputs(&m, &o);
    /* --- events of the last edge --- */
    if (o.wexit_valid) {
      wres *r = &res[KEY(m.xtag, m.xwidx)];
      r->done = 1;
      memcpy(r->reg, m.xreg, sizeof r->reg);
      r->issued = m.xst.issued, r->wb = m.xst.wb, r->ld_issued = m.xst.ld_issued;
      r->squashed = m.xst.squashed, r->ld_dropped = m.xst.ld_dropped;
      if (m.xst.fetched_stopped) fail(m.cycle, "warp %u fetched while stopped", o.wexit_warp);
      for (unsigned i = 0; i < SIMT_C_N; i++) cov->cause[i] += m.xst.cause[i];
    }
    if (o.tb_done_valid) tbs_done++;
    if (tbs_done == cf->ntb && drv == D_IDLE) break;
    /* --- the test's preemption controller --- */
    uint64_t vb = 1ull << vic;
    uint64_t stop = c.vic_stop, boost = c.vic_boost;
    memset(&c, 0, sizeof c);
    c.vic_stop = stop, c.vic_boost = boost;
    switch (drv) {
    case D_IDLE:
      if (ro->arrival && below(ro->arrival) == 0 && o.w_free && below(4) == 0) {
        /* a free slot: the event warp starts there alone (no victim) */
        vic = (unsigned)__builtin_ctzll(o.w_free);
        vb = 1ull << vic;
        c.ev_start = vb;
        c.stk_pc = simt_kernel_pc(&m, ke);
        drv = D_ALONE;
        cov->alone++;
        break;
      }
      if (ro->arrival && below(ro->arrival) == 0) {
        uint64_t cand = o.w_live & ~o.w_ev;
        if (!cand) break;
        unsigned n = (unsigned)__builtin_popcountll(cand), pick = below(n);
        unsigned pol = below(3); /* 0 oldest, 1 newest, 2 random */
        uint64_t best_age = 0;
        int first = 1;
        for (unsigned w = 0; w < m.p.warps; w++) {
          if (!(cand >> w & 1)) continue;
          if (pol == 2) {
            if (pick-- == 0) vic = w;
          } else if (first || (pol == 0 ? m.w[w].age < best_age : m.w[w].age > best_age)) {
            vic = w, best_age = m.w[w].age, first = 0;
          }
        }
        vb = 1ull << vic;
        opts = below(16);
        rsv = ev_nregs <= o.free_regs && below(2);
        drv = D_FLUSH;
        t_arrive = m.cycle;
        skipped = 0;
        c.vic_stop = vb;
        c.vic_boost = opts & 1 ? vb : 0;
        ib_at_stop = m.w[vic].ib_n;
        iss_at_stop = m.w[vic].st.issued;
        if (opts & 2) c.ibuf_flush = vb, ib_at_stop = 0, cov->flushes++;
        cov->events++;
      }
      break;
    case D_FLUSH: {
      if ((opts & 2) && (o.w_ibuf & vb)) c.ibuf_flush = vb, ib_at_stop = 0, cov->flushes++;
      if ((opts & 4) && (o.w_bar & vb)) c.bar_skip = vb, skipped = 1, cov->skips++;
      if ((opts & 8) && (o.w_ld & vb) && !(o.w_droppend & vb)) c.ld_drop = vb;
      int flushed = !((o.w_inpipe | o.w_ld | o.w_icmiss | o.w_bar | o.w_ibuf | o.w_droppend) & vb);
      if (flushed && !c.ibuf_flush && !c.bar_skip && !c.ld_drop) {
        snap_pc = simt_warp_pc(&m, vic), snap_mask = simt_warp_mask(&m, vic);
        snap_depth = simt_warp_depth(&m, vic), snap_bar = (unsigned)m.w[vic].bar_skipped;
        for (unsigned r = 0; r < SIMT_MAXR; r++) snap_reg[r] = simt_reg_read(&m, vic, r);
        if (snap_depth > 1) cov->in_div++;
        if (m.w[vic].fetch_end) cov->at_end++;
        drv = D_SAVE;
        delay = rsv ? 0 : 1 + below(6);
      }
      if (m.cycle - t_arrive > 200000) fail(m.cycle, "victim %u not flushed after 200000 cycles", vic);
      break;
    }
    case D_SAVE:
      if (delay) {
        delay--;
        break;
      }
      if (!rsv)
        for (unsigned r = 0; r < ev_nregs; r++) save[r] = simt_reg_read(&m, vic, r);
      c.stk_push = vb;
      c.stk_pc = simt_kernel_pc(&m, ke);
      if (below(2)) {
        c.ev_start = vb; /* same cycle: the model pushes first */
        c.ev_rsv = rsv ? vb : 0;
      } else {
        gap = 1;         /* ev_start next cycle (D_EVRUN) */
      }
      {
        uint64_t lat = m.cycle - t_arrive;
        cov->lat_sum += lat;
        if (lat > cov->lat_max) cov->lat_max = lat;
      }
      if (rsv) cov->reserved++;
      else cov->saved++;
      drv = D_EVRUN;
      break;
    case D_EVRUN:
      if (gap) {
        if (!(o.w_ev & vb) || (o.w_inpipe & vb) || (o.w_ibuf & vb))
          fail(m.cycle, "slot %u: pushed but not started, yet not idle", vic);
        c.ev_start = vb;
        c.ev_rsv = rsv ? vb : 0;
        gap = 0;
        break;
      }
      if (o.ev_done & vb) {
        if (!ev_digest_set) ev_digest = m.ev_digest, ev_digest_set = 1;
        else if (ev_digest != m.ev_digest) fail(m.cycle, "event warp in slot %u ended with other registers", vic);
        drv = D_POP;
        delay = below(4);
      }
      break;
    case D_ALONE:
      if (o.ev_done & vb) {
        if (!ev_digest_set) ev_digest = m.ev_digest, ev_digest_set = 1;
        else if (ev_digest != m.ev_digest)
          fail(m.cycle, "event warp alone in slot %u ended with other registers", vic);
        /* free again (a TB launched in this cycle may already have queued a warp there) */
        if ((o.w_ev | o.w_live) & vb) fail(m.cycle, "slot %u not free after its lone event warp", vic);
        drv = D_IDLE;
      } else if (!(o.w_ev & vb) || (o.w_live & vb)) {
        fail(m.cycle, "slot %u: lone event warp not shown (w_ev) or shown as live", vic);
      }
      break;
    case D_POP:
      if (delay) {
        delay--;
        break;
      }
      c.stk_pop = vb;
      drv = D_RESTORE;
      delay = rsv ? 0 : 1 + below(6);
      break;
    case D_RESTORE:
      if (delay) {
        delay--;
        break;
      }
      if (!rsv && !ro->no_restore)
        for (unsigned r = 0; r < ev_nregs; r++) simt_reg_write(&m, vic, r, save[r]);
      if (simt_warp_pc(&m, vic) != snap_pc || simt_warp_mask(&m, vic) != snap_mask ||
          simt_warp_depth(&m, vic) != snap_depth || (unsigned)m.w[vic].bar_skipped != snap_bar)
        fail(m.cycle, "victim %u: PC/mask/stack/barrier state not back before resume", vic);
      if (!ro->no_restore)
        for (unsigned r = 0; r < SIMT_MAXR; r++)
          if (simt_reg_read(&m, vic, r) != snap_reg[r])
            fail(m.cycle, "victim %u: register %u not back before resume", vic, r);
      if (skipped && m.w[vic].bar_skipped) c.bar_reins = vb;
      c.vic_resume = vb;
      c.vic_stop = c.vic_boost = 0;
      drv = D_IDLE;
      break;
    }
    /* --- the edge --- */
    uint64_t was_stopped = c.vic_stop;
    simt_tick(&m, &c);
    if (m.nerr) fail(m.cycle, "model protocol error: %s", m.err);
    /* stopped: issues at most what the i-buffer held */
    if ((was_stopped & vb) && m.w[vic].ev == 0 && m.w[vic].st.issued - iss_at_stop > ib_at_stop)
      fail(m.cycle, "stopped victim %u issued %u instructions, its i-buffer held fewer", vic,
           (unsigned)(m.w[vic].st.issued - iss_at_stop));
    /* boosted victim first */
    for (unsigned s = 0; s < m.p.nsched; s++) {
      uint64_t sm = 0;
      for (unsigned w = s; w < m.p.warps; w += m.p.nsched) sm |= 1ull << w;
      if ((m.last_boost_ready & sm) && (m.last_ready & sm & ~m.last_boost_ready))
        cov->boost_contest++;
      if ((m.last_boost_ready & sm) && !(m.last_ev_ready & sm) &&
          !(m.last_issued & m.last_boost_ready & sm))
        fail(m.cycle, "scheduler %u: boosted victim %u ready but not issued", s, vic);
    }
    /* barrier: passes <= present arrivals of every live warp of the TB */
    for (unsigned t = 0; t < m.p.warps; t++) {
      const simt_tb *tb = &m.tb[t];
      if (!tb->busy) continue;
      uint64_t live = tb->slots & ~tb->exited, mn = UINT64_MAX, mx = 0;
      for (unsigned w = 0; w < m.p.warps; w++) {
        if (!(live >> w & 1) || m.w[w].state != 2) continue;
        uint64_t a = m.w[w].bar_arr - (uint64_t)m.w[w].bar_skipped;
        if (a < mn) mn = a;
        if (m.w[w].bar_pass > mx) mx = m.w[w].bar_pass;
      }
      if (mn != UINT64_MAX && mx > mn) fail(m.cycle, "TB %u: a warp passed barrier %u before all arrived", t, (unsigned)mx);
    }
  }
  if (!failed && m.cycle >= max_cycles) fail(m.cycle, "run did not end (%u of %u TBs done)",
                                             tbs_done, cf->ntb);
  cov->drops += m.drops, cov->drop_waits += m.drop_waits;
  cov->cycles += m.cycle, cov->issued += m.issued;
  simt_free(&m);
  return failed;
}

/* compare a run with the reference; returns the number of differing warps */
static unsigned compare(const config *cf, const wres *ref, const wres *r, char *msg, size_t n) {
  unsigned bad = 0;
  msg[0] = 0;
  for (unsigned t = 0; t < cf->ntb; t++)
    for (unsigned i = 0; i < cf->tb_warps; i++) {
      const wres *a = &ref[KEY(t, i)], *b = &r[KEY(t, i)];
      const char *why = NULL;
      if (!a->done || !b->done) why = "did not exit";
      else if (memcmp(a->reg, b->reg, sizeof a->reg)) why = "final registers differ";
      else if (a->wb != b->wb) why = "instructions written back differ";
      else if (b->issued != a->issued + b->squashed) why = "issued != reference + squashed";
      else if (b->ld_issued != a->ld_issued + b->ld_dropped) why = "loads != reference + dropped";
      if (why && !bad++)
        snprintf(msg, n, "TB %u warp %u: %s (wb %llu/%llu issued %llu/%llu squashed %llu)", t,
                 i, why, (unsigned long long)a->wb, (unsigned long long)b->wb,
                 (unsigned long long)a->issued, (unsigned long long)b->issued,
                 (unsigned long long)b->squashed);
    }
  return bad;
}

static void configs(config *cf, unsigned *ncf) {
  unsigned n = 0;
  /* small: 8 warps, TBs of 4 */
  config *c = &cf[n++];
  memset(c, 0, sizeof *c);
  c->name = "small";
  simt_params_default(&c->p);
  simt_kparams_default(&c->bg[0]);
  simt_kparams_default(&c->bg[1]);
  c->bg[1].len = 300, c->bg[1].ld_pct = 20, c->bg[1].bar_every = 40, c->bg[1].nregs = 32;
  c->bg[1].dep_pct = 60;
  simt_kparams_default(&c->ev);
  c->ev.len = 60, c->ev.nregs = 16, c->ev.bar_every = 0, c->ev.ld_pct = 8, c->ev.st_pct = 3;
  c->nbg = 2, c->tb_warps = 4, c->ntb = 8;
  /* small with write-backs held behind loads (ld_drop always ok) */
  cf[n] = *c;
  c = &cf[n++];
  c->name = "small_wbhold";
  c->p.wb_hold = 1;
  /* paper-like: 48 warps, 2 schedulers, TBs of 8 */
  c = &cf[n++];
  *c = cf[0];
  c->name = "paper48";
  c->p.warps = 48, c->p.nsched = 2, c->p.mshrs = 256, c->p.rf_regs = 48 * 32;
  c->bg[0].len = 250, c->bg[1].len = 200;
  c->tb_warps = 8, c->ntb = 12;
  /* stress: divergence, i-cache misses, short loads, few MSHRs, 4 ops in flight per warp */
  c = &cf[n++];
  *c = cf[0];
  c->name = "stress";
  c->p.icm_permille = 60, c->p.icm_penalty = 25, c->p.mshrs = 6, c->p.max_infl = 4;
  c->p.ld_hit_pct = 50, c->p.ld_lat_min = 60, c->p.ld_lat_max = 400, c->p.ibuf = 3;
  for (unsigned i = 0; i < 2; i++) {
    c->bg[i].bra_pct = 12, c->bg[i].div_len = 6, c->bg[i].dep_pct = 50;
    c->bg[i].membar_pct = 3, c->bg[i].st_pct = 8;
  }
  c->ev.bra_pct = 10;
  c->ntb = 10;
  *ncf = n;
}

int main(void) {
  const char *se = getenv("SEED"), *sn = getenv("SEEDS");
  uint64_t seed0 = se ? strtoull(se, NULL, 0) : 1;
  unsigned nseeds = sn ? (unsigned)strtoul(sn, NULL, 0) : 3;
  config cf[8];
  unsigned ncf;
  configs(cf, &ncf);
  ref_res = calloc(MAXTB * SIMT_MAXW, sizeof(wres));
  run_res = calloc(MAXTB * SIMT_MAXW, sizeof(wres));
  unsigned pass = 0, fails = 0;
  cover tot;
  memset(&tot, 0, sizeof tot);
  clock_t t0 = clock();
  char msg[512];
  for (unsigned ci = 0; ci < ncf; ci++)
    for (uint64_t seed = seed0; seed < seed0 + nseeds; seed++) {
      const config *c = &cf[ci];
      cover cv;
      memset(&cv, 0, sizeof cv);
      runopt ro = {0, 0, 0};
      failed = 0;
      if (run(c, seed, seed * 1000, &ro, ref_res, &cv)) {
        printf("FAIL simt.%s.reference seed=%llu: %s\n", c->name, (unsigned long long)seed,
               failmsg);
        fails++;
        continue;
      }
      static const unsigned arrivals[] = {300, 60};
      for (unsigned a = 0; a < 2; a++) {
        memset(&cv, 0, sizeof cv);
        runopt rp = {arrivals[a], 0, 0};
        failed = 0;
        int bad = run(c, seed, seed * 1000 + 1 + a, &rp, run_res, &cv);
        if (!bad && compare(c, ref_res, run_res, msg, sizeof msg)) {
          snprintf(failmsg, sizeof failmsg, "%s", msg);
          bad = 1;
        }
        printf("%s simt.%s.preempt seed=%llu arrival=%u: %llu events (%llu saved, %llu "
               "reserved, %llu in divergence), %llu drops, %llu bar skips, latency avg %.0f max "
               "%llu, %llu cycles%s%s\n",
               bad ? "FAIL" : "PASS", c->name, (unsigned long long)seed, arrivals[a],
               (unsigned long long)cv.events, (unsigned long long)cv.saved,
               (unsigned long long)cv.reserved, (unsigned long long)cv.in_div,
               (unsigned long long)cv.drops, (unsigned long long)cv.skips,
               cv.events ? (double)cv.lat_sum / (double)cv.events : 0.0,
               (unsigned long long)cv.lat_max, (unsigned long long)cv.cycles,
               bad ? ": " : "", bad ? failmsg : "");
        if (bad) {
          printf("  reproduce: SEED=%llu SEEDS=1 build/simt/test_simt_model\n",
                 (unsigned long long)seed);
          fails++;
        } else {
          pass++;
        }
        tot.events += cv.events, tot.saved += cv.saved, tot.reserved += cv.reserved;
        tot.in_div += cv.in_div, tot.drops += cv.drops, tot.skips += cv.skips;
        tot.flushes += cv.flushes, tot.at_end += cv.at_end, tot.drop_waits += cv.drop_waits;
        tot.boost_contest += cv.boost_contest, tot.alone += cv.alone;
        for (unsigned i = 0; i < SIMT_C_N; i++) tot.cause[i] += cv.cause[i];
      }
      /* teeth: the comparison must catch an inexact drop and a missing restore */
      if (seed == seed0) {
        static const char *tn[2] = {"force_drop", "no_restore"};
        for (unsigned k = 0; k < 2; k++) {
          if (k == 0 && c->p.wb_hold) continue;
          memset(&cv, 0, sizeof cv);
          runopt rt = {40, k == 0, k == 1};
          failed = 0;
          int bad = run(c, seed, seed * 1000 + 9, &rt, run_res, &cv);
          unsigned diff = bad ? 0 : compare(c, ref_res, run_res, msg, sizeof msg);
          if (!bad && diff) {
            printf("PASS simt.%s.teeth_%s seed=%llu: %u warps differ as expected\n", c->name,
                   tn[k], (unsigned long long)seed, diff);
            pass++;
          } else {
            printf("FAIL simt.%s.teeth_%s seed=%llu: %s\n", c->name, tn[k],
                   (unsigned long long)seed, bad ? failmsg : "corruption not detected");
            fails++;
          }
        }
      }
    }
  /* coverage: every optimisation and both register paths were exercised */
  int cov_ok = tot.events && tot.saved && tot.reserved && tot.in_div && tot.drops &&
               tot.skips && tot.flushes && tot.boost_contest && tot.at_end && tot.alone;
  printf("%s simt.coverage: %llu events, %llu saved, %llu reserved, %llu victims in divergence, "
         "%llu at the end, %llu load drops (%llu cycles waiting for ld_drop_ok), %llu bar "
         "skips, %llu ibuf flushes, %llu cycles a boosted victim beat a ready warp, %llu events alone in a free slot\n",
         cov_ok ? "PASS" : "FAIL", (unsigned long long)tot.events,
         (unsigned long long)tot.saved, (unsigned long long)tot.reserved,
         (unsigned long long)tot.in_div, (unsigned long long)tot.at_end,
         (unsigned long long)tot.drops, (unsigned long long)tot.drop_waits,
         (unsigned long long)tot.skips, (unsigned long long)tot.flushes,
         (unsigned long long)tot.boost_contest, (unsigned long long)tot.alone);
  cov_ok ? pass++ : fails++;
  uint64_t all = 0;
  for (unsigned i = 0; i < SIMT_C_N; i++) all += tot.cause[i];
  printf("  warp-cycles by cause (preempted runs):");
  for (unsigned i = 0; i < SIMT_C_N; i++)
    printf(" %s %.1f%%", simt_cause_name[i], all ? 100.0 * (double)tot.cause[i] / (double)all : 0);
  printf("\n  %.1f s cpu\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
  printf("simt_model: %u passed, %u failed\n", pass, fails);
  free(ref_res);
  free(run_res);
  return fails != 0;
}
