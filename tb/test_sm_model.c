/* test_sm_model.c - self-test of kmusim's behavioural SMs in SIMT mode (sim/env/sm_model.c)
 * against the C model of one SM's control hardware (cmodel/sm/kmu_sm.c), C only, no RTL.
 *
 * One kmu_sm + sm_model (one SM) + mem_model serving kmu_sm's context-engine memory port
 * directly (kmusim's system has a memory-port arbiter; here there is one client).  A small
 * dispatcher takes TBs of a few kernels (a hand-built kmusim workload) from a job list:
 * background TBs as fast as they fit, event warps (one-warp TBs of event kernels) at random
 * arrival cycles, started directly when they fit and into the event-warp table otherwise
 * (kmu_dispatch's rule), so that with wp_en they take warp slots by warp-level preemption.
 * Random preempt_valid pulses (each followed by hold_i high for a while) and hint pulses drive
 * the predictor; policy, in-place, wp_en, victim policy and flush options per run.
 *
 * Per cycle (the integrator's order, docs/kmusim.md): sm_model_drive_sm + the done bus + the
 * memory -> kmu_sm comb -> the dispatcher's start (on fit_o / ewt_fit_o of that comb) and
 * simt_start_insts_i -> comb -> sm_model_comb_reads -> comb -> checks -> sm_model_observe_sm
 * -> start / done / memory handshakes -> ticks.
 *
 * Checks: no err_o / err_done_o / err_overflow_o from kmu_sm; sm_model_observe_sm and
 * sm_model_start_ex never fail (they check register and shared-memory integrity through every
 * restore, the rsave/rrest round trip of every warp-level preemption, and the SIMT protocol);
 * every TB done exactly once (by identity, also the event warps of warp-level preemptions),
 * every done reported to the dispatcher side once per kernel slot; nothing resident, preempted
 * or evicted at the end; preemptions actually happened where the run should have them
 * (evictions and verified restores under CHIMERA / CHIMERA_DIRTY / PEP, none under DRAIN;
 * warp-level event warps with wp_en), and over all runs every path (base checkpoints, saved,
 * reserved and free-slot event warps, load drops, barrier skips).  Teeth: runs that corrupt
 * the register words of the memory checkpoints, their shared-memory words, or a victim's
 * registers in kmu_sm's register file at its rsave must each fail with the matching message.
 *
 * SEED (default 1) is the first seed, SEEDS (default 3) how many; ONLY=<run> runs one run
 * (drain, pep_wp, teeth_ckpt_regs, ...).  Output: PASS/FAIL lines. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kmu_regmap.h"
#include "kmu_sm.h"
#include "kmu_tb.h"
#include "mem_model.h"
#include "sm_model.h"
#include "workload.h"

typedef struct {
  const char *name;
  unsigned policy, inplace, wp_en, paper;
  int vpol, opt;      /* victim policy, flush optimisations; -1: random per run */
  unsigned dense;     /* 1: three times the event warps */
  int teeth;          /* 0 none; corrupt 1 checkpoint registers, 2 checkpoint shared memory,
                       * 3 a victim's registers in kmu_sm's register file at its rsave */
} runcfg;

typedef struct {
  int kernel;
  uint64_t at;        /* arrival (event warps) */
  uint32_t tb, param;
  unsigned started, done, reported;
} job;

/* the kernels, as a workload's kernel lines would give them (kmusim's derived fields filled the
 * way the parser fills them: warps = ceil(threads / 32), registers per TB = warps x 32 x regs,
 * kptr = KMUSIM_KPTR_BASE + 0x100 k) */
typedef struct {
  const char *name;
  unsigned threads, regs, shmem, cycles, event, loads, wb, bar, jitter;
} kdef;
static const kdef K_SMALL[] = {
    {"bg8", 256, 8, 2048, 900, 0, 60, 150, 20, 20},
    {"bg4", 128, 16, 1024, 500, 0, 120, 250, 10, 30},
    {"bg2", 64, 12, 200, 300, 0, 40, 400, 0, 30},
    {"ev", 32, 8, 0, 60, 1, 0, 300, 0, 20},
    {"ev2", 32, 4, 0, 25, 1, 0, 200, 0, 0},
};
static const kdef K_PAPER[] = {
    {"bg16", 512, 32, 8192, 2000, 0, 40, 300, 5, 20},
    {"bg8", 256, 24, 4096, 1200, 0, 80, 200, 10, 20},
    {"ev", 32, 16, 0, 80, 1, 0, 400, 0, 20},
};

static void build_workload(kmusim_workload *wl, int paper) {
  memset(wl, 0, sizeof *wl);
  kmusim_config *c = &wl->cfg;
  snprintf(c->name, sizeof c->name, "%s", paper ? "paper" : "small");
  c->nsm = 1;
  c->tbs = paper ? 32 : 4;
  c->warps = paper ? 64 : 8;
  c->regs = paper ? 65536 : 4096;
  c->shmem = paper ? 98304 : 16384;
  c->ewt = 4;
  c->mem_latency = paper ? 100 : 20;
  c->mem_bw = paper ? 4 : 2;
  c->mem_stall_pct = 10;
  const kdef *d = paper ? K_PAPER : K_SMALL;
  wl->nk = paper ? sizeof K_PAPER / sizeof K_PAPER[0] : sizeof K_SMALL / sizeof K_SMALL[0];
  wl->k = calloc(wl->nk, sizeof *wl->k);
  for (unsigned k = 0; k < wl->nk; k++) {
    kmusim_kernel *x = &wl->k[k];
    snprintf(x->name, sizeof x->name, "%s", d[k].name);
    x->grid[0] = 100, x->grid[1] = x->grid[2] = 1;
    x->tbdim[0] = d[k].threads, x->tbdim[1] = x->tbdim[2] = 1;
    x->regs = d[k].regs, x->shmem = d[k].shmem, x->cycles = d[k].cycles;
    x->event = (int)d[k].event, x->ring = 8, x->maxinf = 8;
    x->load_rate = d[k].loads, x->wb_rate = d[k].wb, x->bar_rate = d[k].bar;
    x->jitter = d[k].jitter;
    x->ntb = 100, x->threads = d[k].threads, x->warps = (d[k].threads + 31) / 32;
    x->regs_per_tb = x->warps * 32 * x->regs;
    x->kptr = KMUSIM_KPTR_BASE + 0x100u * k;
    x->pbase = KMUSIM_PBUF_BASE + KMUSIM_PBUF_STRIDE * k;
  }
}

static char failmsg[1024];
#define RUNFAIL(...)                                              \
  do {                                                            \
    snprintf(failmsg, sizeof failmsg, __VA_ARGS__);               \
    goto out;                                                     \
  } while (0)

typedef struct {
  uint64_t cycles, tbs, ev, pauses, evictions, restores, verified, wp, wp_saved, wp_free,
      victims, ewarps, ld_drops, bar_skips, insts, wb;
} result;

/* 0 pass, 1 fail (failmsg) */
static int run(const runcfg *rc, uint64_t seed, result *res) {
  int rcode = 1;
  failmsg[0] = 0;
  memset(res, 0, sizeof *res);
  kmusim_workload wl;
  build_workload(&wl, (int)rc->paper);
  const kmusim_config *cfg = &wl.cfg;
  const kmu_sm_params P = rc->paper
      ? (kmu_sm_params){32, 64, 65536, 98304, 4, 32, 524288, 65536, 32, 32, 128, 32, 32, 3, 32}
      : (kmu_sm_params){4, 8, 4096, 16384, 4, 3, 32768, 256, 16, 32, 4, 4, 8, 3, 32};
  const uint32_t CTX = 0x80000000u;
  const uint32_t BMAP_B = P.warps * P.beat_bytes, SHM_OFF = BMAP_B + P.warps * P.rpw * P.reg_bytes;
  kmu_rng rng, rng_sm, rng_mem;
  uint64_t h = 1469598103934665603ull; /* the run's name picks its own random stream */
  for (const char *c = rc->name; *c; c++) h = (h ^ (uint8_t)*c) * 1099511628211ull;
  kmu_rng_seed(&rng, seed * 7919 + h);
  kmu_rng_seed(&rng_sm, kmu_rng_next(&rng));
  kmu_rng_seed(&rng_mem, kmu_rng_next(&rng));
  mem_model mem;
  mem_model_init(&mem, cfg->mem_latency, cfg->mem_bw, cfg->mem_stall_pct, &rng_mem, NULL, NULL);
  sm_model sm;
  const sm_model_hw hw = {P.rpw, P.beat_bytes, P.ipb, 0, 0};
  sm_model_init_simt(&sm, cfg, &wl, &mem, &rng_sm, &hw);
  kmu_sm m;
  kmu_sm_init(&m, &P);
  kmu_sm_reset(&m);

  /* ---- jobs: background TBs, event warps at random arrivals ---- */
  const unsigned nbg = rc->paper ? 48 : 60, nev = (rc->paper ? 48 : 40) * (rc->dense ? 3 : 1);
  const unsigned njobs = nbg + nev;
  job *jobs = calloc(njobs, sizeof *jobs);
  unsigned nbgk = 0, nevk = 0, bgk[8], evk[8];
  for (unsigned k = 0; k < wl.nk; k++) {
    if (wl.k[k].event) evk[nevk++] = k;
    else bgk[nbgk++] = k;
  }
  const uint64_t span = rc->paper ? 15000 : 25000; /* about the background work's length */
  for (unsigned j = 0; j < njobs; j++) {
    job *x = &jobs[j];
    const int ev = j >= nbg;
    x->kernel = (int)(ev ? evk[kmu_rng_below(&rng, nevk)] : bgk[kmu_rng_below(&rng, nbgk)]);
    x->at = ev ? kmu_rng_below(&rng, span) : 0;
  }
  /* event warps in arrival order (selection sort: few) */
  for (unsigned a = nbg; a < njobs; a++)
    for (unsigned b = a + 1; b < njobs; b++)
      if (jobs[b].at < jobs[a].at) {
        job t = jobs[a];
        jobs[a] = jobs[b], jobs[b] = t;
      }
  /* a TB's identity: tb = its job index, a parameter of its own */
  for (unsigned j = 0; j < njobs; j++) jobs[j].tb = j, jobs[j].param = 0x1000u + 64u * j;

  /* ---- per-run CSRs ---- */
  unsigned vpol = (unsigned)kmu_rng_below(&rng, 3), opt = (unsigned)kmu_rng_below(&rng, 16);
  if (rc->vpol >= 0) vpol = (unsigned)rc->vpol;
  if (rc->opt >= 0) opt = (unsigned)rc->opt;
  uint32_t pred_launch = 100 + (uint32_t)kmu_rng_below(&rng, 700);
  uint32_t deadline = (uint32_t)kmu_rng_below(&rng, 300);
  /* switch time ctx_bytes >> bw_shift (PEP) well below the TBs' run time */
  unsigned bw_shift = (rc->paper ? 10 : 6) + (unsigned)kmu_rng_below(&rng, 3);
  /* requests per 100,000 cycles: a paper-size save or restore moves thousands of beats, and
   * no warp-level preemption is accepted while a TB is paused: fewer requests there */
  const unsigned pre_rate = rc->paper ? 15 : 300, hint_rate = rc->paper ? 10 : 200;
  uint64_t hold_until = 0, last_pre = 0;
  const uint64_t pre_gap = rc->paper ? 8000 : 2000; /* at least one request this often */
  unsigned next_bg = 0, next_ev = nbg, ndone = 0;
  uint64_t started_slot[256] = {0}, reported_slot[256] = {0};
  uint64_t last_progress = 0;
  const uint64_t limit = 400000;
  char err[512];
  uint64_t cyc;
  for (cyc = 0; cyc < limit; cyc++) {
    kmu_sm_in in;
    kmu_sm_out out;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    in.policy_i = rc->policy;
    in.inplace_en_i = rc->inplace;
    in.wp_en_i = rc->wp_en;
    in.vpol_i = vpol;
    in.opt_i = opt;
    in.ctx_base_i = CTX;
    in.pred_launch_i = pred_launch;
    in.deadline_i = deadline;
    in.bw_shift_i = bw_shift;
    const int draining = next_bg == nbg && next_ev == njobs;
    if (!draining && (kmu_rng_below(&rng, 100000) < pre_rate || cyc - last_pre > pre_gap)) {
      last_pre = cyc;
      in.preempt_valid_i = 1;
      hold_until = cyc + 50 + kmu_rng_below(&rng, rc->paper ? 1500 : 400);
    } else if (!draining && kmu_rng_below(&rng, 100000) < hint_rate) {
      in.hint_valid_i = 1;
    }
    in.hold_i = cyc < hold_until;
    sm_model_drive_sm(&sm, 0, cyc, &in);
    uint64_t dsm, client;
    sm_model_drive(&sm, &in.simt_done_valid_i, &dsm, &in.simt_done_rtb_i);
    mem_model_drive(&mem, cyc, &in.mem_req_ready_i, &in.mem_rsp_valid_i, &in.mem_rsp_rdata_i,
                    &client);
    in.simt_start_ready_i = 1;
    in.done_ready_i = kmu_rng_pct(&rng, 80);
    /* the dispatcher: a due event warp first, else the next background TB */
    int cand = -1;
    if (next_ev < njobs && jobs[next_ev].at <= cyc) cand = (int)next_ev;
    else if (next_bg < nbg) cand = (int)next_bg;
    const kmusim_kernel *ck = cand >= 0 ? &wl.k[jobs[cand].kernel] : NULL;
    if (ck) {
      in.need_warps_i = ck->warps;
      in.need_regs_i = ck->regs_per_tb;
      in.need_shmem_i = ck->shmem;
      in.need_ewarp_i = ck->event && ck->warps == 1;
    }
    kmu_sm_comb(&m, &in, &out);
    if (ck) {
      const int direct = (int)(out.fit_o & 1), ewt = !direct && (out.ewt_fit_o & 1);
      if (direct || ewt) {
        job *x = &jobs[cand];
        in.start_valid_i = 1;
        in.start_ewarp_i = (uint64_t)ewt;
        in.start_slot_i = (unsigned)x->kernel % P.kslots;
        in.start_tb_i = x->tb;
        in.start_warps_i = ck->warps;
        in.start_regs_i = ck->regs_per_tb;
        in.start_shmem_i = ck->shmem;
        in.start_kptr_i = ck->kptr;
        in.start_param_i = x->param;
        x->started++;
        started_slot[in.start_slot_i]++;
        if (cand == (int)next_ev) next_ev++;
        else next_bg++;
        last_progress = cyc;
      }
    }
    in.simt_start_insts_i = sm_model_start_insts(&sm, 0, &out);
    kmu_sm_comb(&m, &in, &out);
    sm_model_comb_reads(&sm, 0, &out, &in);
    kmu_sm_comb(&m, &in, &out);
    if (out.err_o) RUNFAIL("cycle %" PRIu64 ": kmu_sm err_o = %#" PRIx64, cyc, out.err_o);
    if (out.err_done_o & 1)
      RUNFAIL("cycle %" PRIu64 ": kmu_sm err_done_o (done of rtb %" PRIu64 ")", cyc,
              in.simt_done_rtb_i);
    if (out.err_overflow_o & 1) RUNFAIL("cycle %" PRIu64 ": kmu_sm err_overflow_o", cyc);
    if (!sm_model_observe_sm(&sm, 0, cyc, &in, &out, err, sizeof err))
      RUNFAIL("cycle %" PRIu64 ": %s", cyc, err);
    /* handshakes */
    if ((out.simt_start_valid_o & 1) && (in.simt_start_ready_i & 1)) {
      sm_start st;
      memset(&st, 0, sizeof st);
      st.sm = 0, st.rtb = out.simt_start_rtb_o, st.warps = out.simt_start_warps_o;
      st.kptr = out.simt_start_kptr_o, st.param = out.simt_start_param_o;
      st.tb = out.simt_start_tb_o, st.slot = out.simt_start_slot_o;
      st.wmask = out.simt_start_wmask_o, st.rpw = out.simt_start_rpw_o;
      st.ewarp = out.simt_start_ewarp_o, st.restore = out.simt_start_restore_o;
      st.inst = (uint32_t)out.simt_start_tb_o;
      if (!sm_model_start_ex(&sm, cyc, &st, err, sizeof err))
        RUNFAIL("cycle %" PRIu64 ": %s", cyc, err);
    }
    if (in.simt_done_valid_i & 1) {
      sm_tb t = sm_model_done_fire(&sm);
      if (t.wpev && !t.ident)
        RUNFAIL("cycle %" PRIu64 ": a warp-level event warp of kernel '%s' without identity", cyc,
                wl.k[t.kernel].name);
      const uint64_t j = t.tb;
      if (j >= njobs || jobs[j].param != t.param || jobs[j].kernel != t.kernel)
        RUNFAIL("cycle %" PRIu64 ": done of an unknown TB (tb %" PRIu64 " param %#" PRIx64 ")",
                cyc, t.tb, t.param);
      if (++jobs[j].done != 1)
        RUNFAIL("cycle %" PRIu64 ": TB %" PRIu64 " of kernel '%s' done %u times", cyc, j,
                wl.k[t.kernel].name, jobs[j].done);
      ndone++;
      last_progress = cyc;
    }
    if ((out.mem_req_valid_o & 1) && (in.mem_req_ready_i & 1)) {
      uint32_t data = (uint32_t)out.mem_req_wdata_o;
      const uint32_t a = (uint32_t)out.mem_req_addr_o;
      if (a - CTX >= 2u * P.ptbs * P.area_bytes)
        RUNFAIL("cycle %" PRIu64 ": memory request at %#x outside the checkpoint areas", cyc, a);
      const uint32_t off = (a - CTX) % P.area_bytes;
      if ((out.mem_req_write_o & 1) && rc->teeth == 1 && off >= BMAP_B && off < SHM_OFF)
        data ^= 0x00010000u;
      if ((out.mem_req_write_o & 1) && rc->teeth == 2 && off >= SHM_OFF) data ^= 0x00000100u;
      mem_model_port_fire(&mem, cyc, (int)(out.mem_req_write_o & 1), a, data, 0);
    }
    if ((out.done_valid_o & 1) && (in.done_ready_i & 1)) reported_slot[out.done_slot_o & 0xff]++;
    const int rsave_fire = (out.rsave_valid_o & 1) && (in.rsave_ready_i & 1);
    sm_model_tick(&sm, cyc);
    mem_model_tick(&mem, cyc);
    kmu_sm_tick(&m);
    if (rc->teeth == 3 && rsave_fire) /* the victim's registers change under the SIMT's feet */
      for (unsigned r = 0; r < out.rsave_nregs_o && r < P.rpw; r++)
        m.u_dirty_rf.rf_mem[out.rsave_warp_o * P.rpw + r] ^= 0x4;
    if (ndone == njobs && sm_model_idle(&sm) && out.resident_o == 0 &&
        !(out.ptb_count_o & 0xff) && !(out.pre_busy_o & 1) && !(out.wp_busy_o & 1) &&
        mem_model_idle(&mem) && !(out.done_valid_o & 1))
      break;
    /* SM_DEBUG=1: the state of a run that stopped moving */
    if (cyc - last_progress > 100000 && getenv("SM_DEBUG")) {
      fprintf(stderr, "pause %#llx paused_i %#llx pre_busy %llu hold %llu wp_busy %llu "
              "fit %llu ptb %llu evict %llu stop %#llx\n",
              (unsigned long long)out.simt_pause_o, (unsigned long long)in.simt_paused_i,
              (unsigned long long)out.pre_busy_o, (unsigned long long)in.hold_i,
              (unsigned long long)out.wp_busy_o, (unsigned long long)out.fit_o,
              (unsigned long long)out.ptb_count_o, (unsigned long long)out.simt_evict_valid_o,
              (unsigned long long)out.vic_stop_o);
      for (unsigned e = 0; e < sm.tbs; e++) {
        const sm_tb *t = &sm.tb[e];
        if (!t->busy) continue;
        fprintf(stderr, " rtb %u kernel %d st %d ewarp %d wpev %d ps %d pd %d prog %llu/%llu "
                "loads %llu/%llu ret_n %u bar %d %llu/%llu wmask %#llx ins %llu/%llu\n",
                e, t->kernel, t->st, t->ewarp, t->wpev, t->pause_seen, t->paused,
                (unsigned long long)t->progress, (unsigned long long)t->target,
                (unsigned long long)t->loads_issued, (unsigned long long)t->loads, t->ret_n,
                t->bar_on, (unsigned long long)t->bars_done, (unsigned long long)t->nbar,
                (unsigned long long)t->wmask, (unsigned long long)t->ins_rep,
                (unsigned long long)t->ins_gen);
        for (unsigned k = 0; k < t->warps && !t->wpev; k++)
          fprintf(stderr, "   w%u slot %u st %d ex %d arr %d skip %d ret %llu\n", k, t->w[k].slot,
                  t->w[k].started, t->w[k].exited, t->w[k].arrived, t->w[k].skipped,
                  (unsigned long long)t->w[k].ret);
      }
    }
    if (cyc - last_progress > 100000)
      RUNFAIL("cycle %" PRIu64 ": no start or done for 100000 cycles (%u of %u TBs done, %u "
              "evicted, resident %#" PRIx64 ", %" PRIu64 " preempted)", cyc, ndone, njobs,
              sm_model_evicted(&sm, 0), out.resident_o, out.ptb_count_o & 0xff);
  }
  if (cyc == limit) RUNFAIL("cycle limit %" PRIu64 ": %u of %u TBs done", limit, ndone, njobs);
  for (unsigned j = 0; j < njobs; j++)
    if (jobs[j].started != 1 || jobs[j].done != 1)
      RUNFAIL("TB %u of kernel '%s': started %u times, done %u times", j,
              wl.k[jobs[j].kernel].name, jobs[j].started, jobs[j].done);
  for (unsigned sl = 0; sl < 256; sl++)
    if (started_slot[sl] != reported_slot[sl])
      RUNFAIL("kernel slot %u: %" PRIu64 " TBs started, %" PRIu64 " done reports", sl,
              started_slot[sl], reported_slot[sl]);
  if (sm_model_evicted(&sm, 0))
    RUNFAIL("%u TBs still evicted at the end", sm_model_evicted(&sm, 0));
  res->cycles = cyc;
  for (unsigned k = 0; k < wl.nk; k++) {
    const sm_kstat *s = &sm.ks[k];
    res->tbs += s->tbs, res->pauses += s->pauses, res->evictions += s->evictions;
    res->restores += s->restores, res->verified += s->verified, res->wp += s->ewarps_wp;
    res->wp_saved += s->ewarps_wp_saved, res->wp_free += s->ewarps_wp_free;
    res->victims += s->wp_victims, res->ewarps += s->ewarps, res->ld_drops += s->ld_drops;
    res->bar_skips += s->bar_skips, res->insts += s->insts, res->wb += s->wb_done;
  }
  if (res->evictions != res->restores)
    RUNFAIL("%" PRIu64 " evictions, %" PRIu64 " restores", res->evictions, res->restores);
  if (rc->policy == KMU_POL_DRAIN && res->pauses)
    RUNFAIL("DRAIN paused %" PRIu64 " TBs", res->pauses);
  if (rc->policy != KMU_POL_DRAIN && (!res->evictions || !res->verified))
    RUNFAIL("no preemption happened (%" PRIu64 " pauses, %" PRIu64 " evictions, %" PRIu64
            " registers verified)", res->pauses, res->evictions, res->verified);
  if (rc->wp_en && !res->wp) RUNFAIL("no warp-level preemption happened");
  if (!rc->wp_en && res->wp) RUNFAIL("warp-level preemption with wp_en low");
  if (!res->insts || !res->wb) RUNFAIL("no instructions or write-backs reported");
  rcode = 0;
out:
  res->cycles = cyc;
  free(jobs);
  kmu_sm_free(&m);
  sm_model_free(&sm);
  mem_model_free(&mem);
  free(wl.k);
  return rcode;
}

int main(void) {
  const char *se = getenv("SEED"), *sn = getenv("SEEDS"), *only = getenv("ONLY");
  const uint64_t seed0 = se ? strtoull(se, NULL, 0) : 1;
  const unsigned nseeds = sn ? (unsigned)strtoul(sn, NULL, 0) : 3;
  /* most runs: random victim policy and flush options; drain_wp: the best victim with every
   * optimisation (a warp waiting at a barrier is the cheapest: barrier skips); chimera_wp: the
   * oldest victim (the warps of the oldest TB, often about to exit: the free-slot path) */
  static const runcfg runs[] = {
      {"drain", KMU_POL_DRAIN, 0, 0, 0, -1, -1, 0, 0},
      {"drain_wp", KMU_POL_DRAIN, 0, 1, 0, KMU_VICTIM_BEST, 15, 0, 0},
      {"drain_wp_oldest", KMU_POL_DRAIN, 0, 1, 0, KMU_VICTIM_OLDEST, -1, 1, 0},
      {"chimera", KMU_POL_CHIMERA, 0, 0, 0, -1, -1, 0, 0},
      {"chimera_wp", KMU_POL_CHIMERA, 0, 1, 0, KMU_VICTIM_OLDEST, -1, 0, 0},
      {"chimera_dirty_wp", KMU_POL_CHIMERA_DIRTY, 0, 1, 0, -1, -1, 0, 0},
      {"pep", KMU_POL_PEP, 0, 0, 0, -1, -1, 0, 0},
      {"pep_wp", KMU_POL_PEP, 0, 1, 0, -1, -1, 0, 0},
      {"pep_inplace_wp", KMU_POL_PEP, 1, 1, 0, -1, -1, 0, 0},
      {"pep_inplace", KMU_POL_PEP, 1, 0, 0, -1, -1, 0, 0},
      {"paper_pep_inplace_wp", KMU_POL_PEP, 1, 1, 1, -1, -1, 0, 0},
      {"paper_chimera_wp", KMU_POL_CHIMERA, 0, 1, 1, -1, -1, 0, 0},
  };
  static const runcfg teeth[] = {
      {"teeth_ckpt_regs", KMU_POL_CHIMERA_DIRTY, 0, 0, 0, -1, -1, 0, 1},
      {"teeth_ckpt_shm", KMU_POL_CHIMERA, 0, 0, 0, -1, -1, 0, 2},
      {"teeth_rf_victim", KMU_POL_DRAIN, 0, 1, 0, -1, -1, 0, 3},
  };
  unsigned pass = 0, fail = 0;
  result cov;
  memset(&cov, 0, sizeof cov);
  clock_t t0 = clock();
  for (unsigned r = 0; r < sizeof runs / sizeof runs[0]; r++)
    for (uint64_t seed = seed0; seed < seed0 + nseeds; seed++) {
      if (only && strcmp(only, runs[r].name)) continue;
      result res;
      const int bad = run(&runs[r], seed, &res);
      printf("%s sm_model.%s seed=%" PRIu64 " cycles=%" PRIu64 ": %" PRIu64 " TBs, %" PRIu64
             " pauses, %" PRIu64 " evictions, %" PRIu64 " restores, %" PRIu64
             " registers read back, %" PRIu64 " warp-level event warps (%" PRIu64 " saved, %"
             PRIu64 " in a free slot), %" PRIu64 " event-warp TBs, %" PRIu64 " load drops, %"
             PRIu64 " barrier skips, %" PRIu64 " instructions, %" PRIu64 " write-backs%s%s\n",
             bad ? "FAIL" : "PASS", runs[r].name, seed, res.cycles, res.tbs, res.pauses,
             res.evictions, res.restores, res.verified, res.wp, res.wp_saved, res.wp_free,
             res.ewarps, res.ld_drops, res.bar_skips, res.insts, res.wb, bad ? ": " : "",
             bad ? failmsg : "");
      if (!bad) {
        cov.evictions += res.evictions, cov.verified += res.verified, cov.wp += res.wp;
        cov.wp_saved += res.wp_saved, cov.wp_free += res.wp_free;
        cov.tbs += res.wp - res.wp_saved - res.wp_free; /* reserved registers */
        cov.ld_drops += res.ld_drops, cov.bar_skips += res.bar_skips, cov.ewarps += res.ewarps;
        cov.pauses += res.pauses - res.evictions; /* base checkpoints (resumed) */
      }
      if (bad) {
        printf("  reproduce: SEED=%" PRIu64 " SEEDS=1 ONLY=%s build/sm_model/test_sm_model\n",
               seed, runs[r].name);
        fail++;
      } else {
        pass++;
      }
    }
  /* coverage over the runs: every path of both kinds of preemption was taken */
  const int cov_ok = only || (cov.evictions && cov.verified && cov.pauses && cov.wp &&
                             cov.wp_saved && cov.wp_free && cov.tbs && cov.ld_drops &&
                             cov.bar_skips && cov.ewarps);
  printf("%s sm_model.coverage: %" PRIu64 " evictions, %" PRIu64 " registers read back, %" PRIu64
         " base checkpoints, %" PRIu64 " warp-level event warps (%" PRIu64 " saved, %" PRIu64
         " reserved, %" PRIu64 " in a victim's free slot), %" PRIu64 " event-warp TBs, %" PRIu64
         " load drops, %" PRIu64 " barrier skips\n",
         cov_ok ? "PASS" : "FAIL", cov.evictions, cov.verified, cov.pauses, cov.wp, cov.wp_saved,
         cov.tbs, cov.wp_free, cov.ewarps, cov.ld_drops, cov.bar_skips);
  cov_ok ? pass++ : fail++;
  /* teeth: corrupted checkpoints must be caught at the restore */
  static const char *want[] = {"", "register", "shared memory", "at its save"};
  for (unsigned r = 0; r < sizeof teeth / sizeof teeth[0]; r++) {
    if (only && strcmp(only, teeth[r].name)) continue;
    result res;
    int caught = 0;
    char why[1024] = "";
    uint64_t seed = seed0;
    for (; seed < seed0 + 5; seed++) {
      const int bad = run(&teeth[r], seed, &res);
      caught = bad && strstr(failmsg, want[teeth[r].teeth]) != NULL;
      snprintf(why, sizeof why, "%s", bad ? failmsg : "the corruption was not detected");
      if (caught) break;
    }
    printf("%s sm_model.%s seed=%" PRIu64 ": %s\n", caught ? "PASS" : "FAIL", teeth[r].name,
           caught ? seed : seed0, why);
    caught ? pass++ : fail++;
  }
  printf("  %u passed, %u failed, %.1f s cpu\n", pass, fail,
         (double)(clock() - t0) / CLOCKS_PER_SEC);
  return fail ? 1 : 0;
}
