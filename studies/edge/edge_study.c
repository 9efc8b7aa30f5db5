#define _POSIX_C_SOURCE 200809L /* setenv, execv (the RTL-in-the-loop build) */
/* edge_study.c - the EDGE warp-level preemption study (docs/results-edge.md).
 *
 * One SM of the paper configuration (EDGE Table II: 2048 threads = 64 warp slots, 65536
 * registers = 2048 registers per thread over all warps, GTO scheduling; GPGPU-Sim's Fermi SM
 * has 2 warp schedulers).  Its control hardware is the C twin of the SM top kmu_sm
 * (cmodel/sm/kmu_sm.c: kmu_sm_ctrl, kmu_ctx_engine, kmu_dirty_rf, kmu_pep_predictor and
 * kmu_warp_preempt wired as rtl/sm/kmu_sm.v wires them; the paper parameters of GPU_PAPER in
 * sim/kmusim/kmusim.mk), connected cycle by cycle to the behavioural SIMT pipeline
 * sim/env/simt_model, which runs the warps:
 *
 *   dispatcher stand-in --need/fit, start (TBs; event warps direct or into the EWT)--> kmu_sm
 *   SIMT adapter  <--simt_start (slots chosen by kmu_sm_ctrl), simt_done, warp start/exit,
 *                    w_*_i status, victim controls, ev_start/ev_done-->
 *   register save engine <--rsave_* / rrest_*-->  (SAVE_LAT + nregs cycles, simt_reg_read at
 *                    the save handshake, simt_reg_write in the restore's done cycle)
 *   memory model  <--mem_req_* (fixed latency; nothing in this study asks it: see below)
 *
 * So kmu_sm_ctrl keeps the resident TBs and their warp slots, registers and TB entries (a slot
 * is held until its TB is done, as GPGPU-Sim releases a TB's resources), queues event warps in
 * its 4-entry event-warp table (EWT) ahead of every TB, starts one in a free slot when its
 * registers fit, and otherwise asks kmu_warp_preempt for a victim (wp_en_i).  What this file
 * still does is what lies outside kmu_sm in a GPU:
 *   - the dispatcher stand-in offers, one start per cycle, the head event warp before the next
 *     background TB, as kmu_dispatch does: directly as a resident TB when fit_o, else into the
 *     EWT when ewt_fit_o (reservation: a TB only when one warp slot and the event's registers
 *     stay free; part a: an event only when no warp slot is free, so every event is preempted);
 *   - the SIMT adapter starts a TB in exactly the slots kmu_sm offers (simt_start_wmask_o), an
 *     event warp in its slot (ev_start on a free slot) or in the victim's (ev_start_o), feeds
 *     simt_model's per-warp status into w_*_i (the paper's fit rule: warps with fewer
 *     registers than the event hidden from w_live_i), and reports simt_done one per cycle: a
 *     TB's done waits while kmu_warp_preempt's victim slot is one of the TB's, so a slot that
 *     hosts an event warp (a victim that exited while being flushed) stays the TB's until the
 *     event warp's done (kmu_sm's SIMT contract);
 *   - the save engine and the memory.  The policy is DRAIN (policy_i) with no TB-level
 *     preemption request: the sequencer, the context engine and the predictor's decisions stay
 *     idle (checked: no TB paused, no memory request).
 *
 * Parts (see docs/results-edge.md):
 *   a  preemption latency (acceptance -> event warp's first issue), per flush optimisation
 *      (opt_i) added in turn and victim policy (vpol_i), events one at a time into a full SM;
 *   b  event scheduling latency (arrival -> first issue), draining (DRAIN, wp_en_i 0) vs
 *      preemption (wp_en_i 1), events one at a time at random times, their execution skipped
 *      once scheduled (EDGE VI-C);
 *   c  event / background slowdown and ANTT for draining, reservation, preemption at a low and
 *      a high event rate (Poisson arrivals, events executed);
 *   teeth  the restore skipped must fail the corruption check; the same run with it passes.
 * Checks (FAIL lines, exit status 1): every background warp ends with the registers (and
 * write-back / issue counts) of a reference run without events; every event starts and ends
 * exactly once and ends with the registers of an isolated run of its kernel, and kmu_sm reports
 * every TB and event done once (done_valid_o) with nothing resident at the end; simt_model nerr
 * 0; kmu_sm's err_o, err_overflow_o and err_done_o never set; the event warp kmu_sm starts in a
 * victim's slot is the one it accepted (ev_tb_o, ev_slot_o, ev_param_o, wp_lat_o); flushed
 * (and saved) -> ev_start_o <= 2 cycles; a run that does not end is a failure (a hang).
 *
 * Usage: edge_study [--part a|b|c|teeth|all[,...]] [--quick] [--out DIR] [--no-restore]
 *                   [--checks]
 * (--part: one part or a comma-separated list; --checks: also assert all optimisations < none
 * in part a; --no-restore: skip the register restore, the corruption check must then fail;
 * --quick: the reduced smoke-test study: one background per part, fewer TBs and events, the
 * high event rate only)
 * SEED (env, default 1) seeds programs, timing and arrivals.
 *
 * Built with -DEDGE_RTL (the harness tool edge_study_rtl, tb/kmu_sm.mk), the Verilated RTL of
 * kmu_sm runs beside the C twin in every run, fed the same inputs, and every output is compared
 * every cycle (data outputs while their qualifier is high): the RTL of the whole SM's control
 * in the loop with the SIMT pipeline, busy SMs and random event arrivals.  Its parameters come
 * from the build (-DP_<name>), so both twins have the tool's.  A mismatch prints cycle,
 * signal, expected (C), actual (RTL), seed and run, then re-executes the same command with the
 * FST of the 256 cycles before it written to build/fail/edge_rtl-seed<S>.fst. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kmu_regmap.h"
#include "kmu_sm.h"
#include "simt_model.h"
#ifdef EDGE_RTL
#include <unistd.h>

#include "kmu_tb.h"
#endif

#define NW 64          /* warp slots (Table II: 2048 threads) */
#define NSCHED 2
#define RF_REGS 2048   /* registers per thread over all warps: 65536 / 32 lanes */
#define TBW 8          /* warps per background TB (256 threads) */
#define SAVE_LAT 20    /* save/restore engine: fixed latency ... */
#define SAVE_BW 1      /* ... plus one warp register (128 B) per cycle */
#define RESV_SLOTS 1   /* reservation: warp slots kept free for events */
#define MAXTB 512
#define MAXEV 4096
#define BG_KSLOT 0     /* kernel slots (start_slot_i): the background kernel ... */
#define EV_KSLOT 1     /* ... and the event kernel, by which the adapter tells them apart */
#define EV_PARAM(e) (0xe0000000u | (uint32_t)(e)) /* an event's parameter (identity check) */
#define CTX_BASE 0x10000000u /* checkpoint areas (ctx_base_i) */
#define MEM_LAT 300    /* memory model: cycles from a read request to its response */
#define WATCHDOG 200000 /* cycles without any progress while work is pending: a hang */

/* kmu_sm's parameters: the paper SM (GPU_PAPER in sim/kmusim/kmusim.mk, the kmu_sm_paper
 * harness in tb/kmu_sm.mk) unless the build names them (-DP_<name>: the RTL-in-the-loop tool
 * passes its Verilated kmu_sm's, so both twins are the same SM) */
#ifndef P_TBS
#define P_TBS 32
#define P_WARPS 64
#define P_REGS 65536
#define P_SHMEM 98304
#define P_EWT 4
#define P_PTBS 32
#define P_AREA_BYTES 524288
#define P_IPB 65536
#define P_RPW 32
#define P_DW 32
#define P_REG_BYTES 128
#define P_BEAT_BYTES 32
#define P_KSLOTS 32
#define P_EMA_SH 3
#endif
_Static_assert(P_WARPS == NW, "kmu_sm's warp slots are the SIMT model's");
_Static_assert(P_REGS == RF_REGS * 32, "kmu_sm's registers are the SIMT model's register file");
_Static_assert(P_TBS <= 64, "resident entries are bits of a uint64_t");
#define STORE_WORDS ((uint32_t)((uint64_t)P_PTBS * 2 * P_AREA_BYTES / P_BEAT_BYTES))

enum { M_DRAIN, M_RESV, M_PREEMPT, M_PREEMPT_RSV, M_PREEMPT_ONLY };
static const char *const mode_name[] = {"drain", "reserve", "preempt", "preempt_rsv",
                                        "preempt_only"};
static const char *const pol_name[] = {"oldest", "newest", "best"};

/* ---- rng (splitmix64) ---- */
static uint64_t rnext(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static unsigned rbelow(uint64_t *s, unsigned n) { return n ? (unsigned)(rnext(s) % n) : 0; }
static double runif(uint64_t *s) { return (double)(rnext(s) >> 11) / 9007199254740992.0; }

/* ---- workloads ---- */
typedef struct {
  const char *name;
  simt_kparams kp[3];
  unsigned nk;
} mix_t;
typedef struct {
  const char *name;
  simt_kparams kp;
  double t_iso;     /* isolated runtime (start -> done), measured */
  uint32_t digest;  /* registers at the end, measured */
} evk_t;

static simt_kparams k_ld(void) { /* BFS/SC-like: memory bound, few registers, no barriers */
  simt_kparams k;
  simt_kparams_default(&k);
  k.len = 500, k.nregs = 16, k.ld_pct = 22, k.st_pct = 4, k.dep_pct = 60, k.bar_every = 0;
  k.alu_long_pct = 2, k.membar_pct = 0;
  return k;
}
static simt_kparams k_bar(void) { /* CONV/LUD-like: frequent TB barriers, many registers */
  simt_kparams k;
  simt_kparams_default(&k);
  k.len = 500, k.nregs = 32, k.ld_pct = 10, k.bar_every = 16, k.dep_pct = 40;
  k.alu_long_pct = 3;
  return k;
}
static simt_kparams k_alu(void) { /* MM-like: compute bound, long ALU ops (up to 330) */
  simt_kparams k;
  simt_kparams_default(&k);
  k.len = 600, k.nregs = 28, k.ld_pct = 4, k.bar_every = 64, k.alu_long_pct = 12;
  k.alu_long_max = 330, k.dep_pct = 30;
  return k;
}
static simt_kparams k_ipv4(void) { /* IPv4/6-like event: short, few registers */
  simt_kparams k;
  simt_kparams_default(&k);
  k.len = 30, k.nregs = 12, k.ld_pct = 12, k.st_pct = 3, k.dep_pct = 50, k.bar_every = 0;
  k.membar_pct = 0, k.bra_pct = 4;
  return k;
}
static simt_kparams k_memc(void) { /* MemC/IPSec-like event: longer, 24 registers */
  simt_kparams k;
  simt_kparams_default(&k);
  k.len = 250, k.nregs = 24, k.ld_pct = 14, k.st_pct = 4, k.dep_pct = 50, k.bar_every = 0;
  k.membar_pct = 0, k.bra_pct = 4;
  return k;
}

static mix_t MIX[4];
static evk_t EVK[2], EVS[2];
static void workloads(void) {
  MIX[0] = (mix_t){"LD", {k_ld()}, 1};
  MIX[1] = (mix_t){"BAR", {k_bar()}, 1};
  MIX[2] = (mix_t){"ALU", {k_alu()}, 1};
  MIX[3] = (mix_t){"MIX", {k_ld(), k_bar(), k_alu()}, 3};
  EVK[0].name = "IPV4", EVK[0].kp = k_ipv4();
  EVK[1].name = "MEMC", EVK[1].kp = k_memc();
  /* part b skips the event's execution once it is scheduled (as EDGE VI-C does): the same
   * register needs, a 2-instruction body */
  for (unsigned i = 0; i < 2; i++) {
    EVS[i] = EVK[i];
    EVS[i].kp.len = 2, EVS[i].kp.ld_pct = 0, EVS[i].kp.st_pct = 0, EVS[i].kp.bra_pct = 0;
  }
}

static void sm_params(simt_params *p, uint64_t tseed) {
  simt_params_default(p);
  p->warps = NW, p->nsched = NSCHED, p->rf_regs = RF_REGS, p->mshrs = 128;
  p->wb_hold = 1; /* the contract: no younger write-back overtakes a load (exact replay) */
  p->seed = tseed;
}

/* ---- one run ---- */
typedef struct {
  uint32_t reg[SIMT_MAXR];
  uint64_t issued, wb, ld_issued;
  int done;
} wref;

typedef struct {
  uint64_t arrival;  /* at the dispatcher */
  uint64_t offer;    /* started on kmu_sm (start_valid_i): directly or into the EWT */
  uint64_t accept;   /* accepted by kmu_warp_preempt (the cycle before wp_busy_o rises) */
  uint64_t start, first, done, ready;
  int offered, ewt, rtb, slot, path, saved, nstart, ndone, first_set;
} evrec;

typedef struct {
  const mix_t *mix;
  evk_t *ev;
  unsigned ntb;
  int mode;
  unsigned vpol, opt;
  int no_restore;
  unsigned nev;
  int serial;             /* one event at a time: the next arrives gap after the last is done */
  unsigned gap_min, gap_max;
  double gap_mean;        /* Poisson arrivals (not serial) */
  uint64_t wseed, tseed, aseed;
  wref *ref;
  int make_ref;
  uint64_t max_cycles;
} runcfg;

typedef struct {
  uint64_t cycles, bg_end;
  evrec ev[MAXEV];
  unsigned nev;
  unsigned n_pre, n_free, n_ewt, n_saved, n_rsv, n_vexit, n_bad_warps, n_warps, n_reports;
  unsigned ctl_max, ctl_n, fi_min, fi_max;
  uint64_t ctl_sum, refuse_cycles, drops, squashed, mem_reqs;
  int fail;
  char msg[512];
} runres;

static runres RR; /* the result of the last run (large) */

__attribute__((format(printf, 2, 3))) static void rfail(runres *r, const char *fmt, ...) {
  if (r->fail++) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->msg, sizeof r->msg, fmt, ap);
  va_end(ap);
}

static uint64_t SEED = 1;
static uint64_t CYC_ALL; /* cycles simulated by every run (for the runtime figures) */

#ifdef EDGE_RTL
/* ---- the RTL in the loop: same inputs, every output compared every cycle ---- */
extern const kmu_dut_ops kmu_sm_dut_ops;
#define KMU_CUR_OUT kmu_sm_out
static const kmu_sig SM_OUTS[] = {KMU_SM_OUT(KMU_SIGO)};
static void *DUT;
static char **ARGV;
static unsigned RUN_NO;           /* runs so far in this process (deterministic order) */
static long FST_RUN = -1;         /* EDGE_FST_RUN: the run to trace ... */
static uint64_t FST_FROM, FST_TO; /* ... from this cycle to the failing one */
static uint64_t NCMP;             /* cycles compared */

static void rtl_begin(void) {
  if (!DUT) DUT = kmu_sm_dut_ops.create();
  kmu_sm_dut_ops.reset(DUT);
  RUN_NO++;
}
/* compare after the cycle's final comb; on a mismatch the process re-executes itself to write
 * the waveform, then ends */
static void rtl_cmp(const kmu_sm_in *si, kmu_sm_out *so, uint64_t t) {
  kmu_sm_out ro;
  memset(&ro, 0, sizeof ro);
  if (FST_RUN == (long)RUN_NO && t == FST_FROM) {
    char path[256];
    snprintf(path, sizeof path, "build/fail/edge_rtl-seed%llu.fst", (unsigned long long)SEED);
    kmu_sm_dut_ops.trace_open(DUT, path);
    fprintf(stderr, "  writing %s (run %u, cycles %llu..%llu)\n", path, RUN_NO,
            (unsigned long long)FST_FROM, (unsigned long long)FST_TO);
  }
  kmu_sm_dut_ops.eval(DUT, si, &ro);
  so->always = ro.always = 1;
  NCMP++;
  for (unsigned k = 0; k < sizeof SM_OUTS / sizeof SM_OUTS[0]; k++) {
    const kmu_sig *g = &SM_OUTS[k];
    const uint64_t q = *(const uint64_t *)((const char *)so + g->qual_off);
    const uint64_t e = *(const uint64_t *)((const char *)so + g->off);
    const uint64_t a = *(const uint64_t *)((const char *)&ro + g->off);
    if (!q || e == a) continue;
    printf("MISMATCH edge_rtl cycle=%llu signal=%s expected=0x%llx actual=0x%llx seed=%llu "
           "run=%u\n", (unsigned long long)t, g->name, (unsigned long long)e,
           (unsigned long long)a, (unsigned long long)SEED, RUN_NO);
    fflush(stdout);
    if (FST_RUN < 0) { /* re-execute the same command, tracing the window before this cycle */
      char v[32];
      snprintf(v, sizeof v, "%u", RUN_NO);
      setenv("EDGE_FST_RUN", v, 1);
      snprintf(v, sizeof v, "%llu", (unsigned long long)(t > 256 ? t - 256 : 0));
      setenv("EDGE_FST_FROM", v, 1);
      snprintf(v, sizeof v, "%llu", (unsigned long long)t);
      setenv("EDGE_FST_TO", v, 1);
      if (system("mkdir -p build/fail") != 0) { /* best effort */ }
      execv("/proc/self/exe", ARGV);
    }
    kmu_sm_dut_ops.trace_close(DUT);
    printf("FAIL edge_rtl.lockstep: RTL and C twin differ (waveform in build/fail/)\n");
    exit(1);
  }
  if (FST_RUN == (long)RUN_NO && t == FST_TO) kmu_sm_dut_ops.trace_close(DUT);
}
static void rtl_tick(void) { kmu_sm_dut_ops.tick(DUT); }
#else
static void rtl_begin(void) {}
static void rtl_cmp(const kmu_sm_in *si, kmu_sm_out *so, uint64_t t) {
  (void)si, (void)so, (void)t;
}
static void rtl_tick(void) {}
#endif

static int add_kernels(simt_model *m, const runcfg *cf, int *kb, int *ke) {
  for (unsigned i = 0; i < cf->mix->nk; i++) {
    simt_kparams k = cf->mix->kp[i];
    k.seed = cf->wseed * 131 + i + 1;
    kb[i] = simt_kernel_add(m, &k);
  }
  simt_kparams k = cf->ev->kp;
  k.seed = cf->wseed * 131 + 50 + (cf->ev == &EVK[1] || cf->ev == &EVS[1]);
  *ke = simt_kernel_add(m, &k);
  return 0;
}

/* simt_model starts a TB's warps in its lowest free slots; kmu_sm_ctrl has chosen the TB's slots
 * (simt_start_wmask_o: its lowest free ones, where a running TB's exited warps still hold their
 * slots).  The model's free slots outside wmask are hidden for the call (state 4: neither free
 * nor a warp, seen by nothing but the start), so the warps land where kmu_sm put them.
 * Returns the model's TB index, -1 when the model refuses or chose other slots. */
static int simt_start_in(simt_model *m, int k, uint32_t tag, uint64_t wmask) {
  uint64_t hid = 0;
  for (unsigned s = 0; s < m->p.warps; s++)
    if (!m->w[s].state && !(wmask >> s & 1)) m->w[s].state = 4, hid |= 1ull << s;
  int t = simt_tb_start(m, k, (unsigned)__builtin_popcountll(wmask), tag);
  for (unsigned s = 0; s < m->p.warps; s++)
    if (hid >> s & 1) m->w[s].state = 0;
  return t >= 0 && m->tb[t].slots == wmask ? t : -1;
}

/* the fixed-latency memory behind kmu_sm's mem_req_* port: one request per cycle, in-order
 * responses MEM_LAT cycles after a read; the store is allocated at the first request (in this
 * study the context engine is never commanded, so there is none) */
static uint32_t *MEMST;
typedef struct {
  uint64_t due[64];
  uint32_t data[64];
  unsigned h, n;
} memq;

/* a simt_done waiting to be reported: the resident entry, and the TB's tag (-1: an event warp) */
typedef struct {
  unsigned rtb;
  int tag;
} pdone;
#define DLMAX (2 * P_TBS + 2) /* at most one done per resident entry waits */
static void push_done(runres *r, pdone *dl, unsigned *dln, unsigned rtb, int tag) {
  if (*dln < DLMAX) dl[(*dln)++] = (pdone){rtb, tag};
  else rfail(r, "more dones waiting than kmu_sm has resident entries");
}

static void run(const runcfg *cf, runres *r) {
  memset(r, 0, sizeof *r);
  r->fi_min = ~0u;
  simt_model m;
  simt_params p;
  sm_params(&p, cf->tseed);
  simt_init(&m, &p);
  int kb[3], ke;
  add_kernels(&m, cf, kb, &ke);
  const unsigned ev_regs = cf->ev->kp.nregs;
  const uint32_t ev_pc = simt_kernel_pc(&m, ke);
  kmu_sm sm;
  const kmu_sm_params smp = {P_TBS,   P_WARPS, P_REGS,      P_SHMEM,      P_EWT,
                             P_PTBS,  P_AREA_BYTES, P_IPB, P_RPW,   P_DW,
                             P_REG_BYTES, P_BEAT_BYTES, P_KSLOTS, P_EMA_SH, 32};
  kmu_sm_init(&sm, &smp);
  kmu_sm_reset(&sm);
  rtl_begin();
  kmu_sm_in si;
  kmu_sm_out so;
  memset(&si, 0, sizeof si);
  memset(&so, 0, sizeof so);
  simt_ctl c;
  simt_out o;
  /* arrivals */
  uint64_t as = cf->aseed;
  unsigned nev = cf->nev > MAXEV ? MAXEV : cf->nev;
  if (!cf->serial) {
    double t = 0;
    for (unsigned e = 0; e < nev; e++) {
      t += -cf->gap_mean * log(1.0 - runif(&as));
      r->ev[e].arrival = (uint64_t)t + 1;
    }
  }
  for (unsigned e = 0; e < nev; e++) r->ev[e].rtb = -1;
  /* dispatcher stand-in: events arrived and not yet started on kmu_sm (q), the next TB */
  unsigned ev_next = 0, q[MAXEV], qh = 0, qn = 0, ndone = 0;
  uint64_t next_arr = 0;
  unsigned next_tb = 0, tbs_done = 0;
  /* SIMT adapter: the event in each slot (wp: started by kmu_warp_preempt), each TB's entry and
   * slots, the dones waiting to be reported */
  int slot_ev[NW], slot_wp[NW];
  static int tb_rtb[MAXTB];
  static uint64_t tb_wmask[MAXTB];
  pdone dl[DLMAX];
  unsigned dln = 0, n_offered = 0;
  uint64_t last_prog = 0;
  uint64_t await_first = 0, wp_vslot = 0, wp_evslot = 0;
  unsigned slot_regs[NW];
  memset(slot_regs, 0, sizeof slot_regs);
  for (unsigned s = 0; s < NW; s++) slot_ev[s] = -1, slot_wp[s] = 0;
  for (unsigned i = 0; i < MAXTB; i++) tb_rtb[i] = -1;
  /* the warp-level preemption in progress, seen from kmu_sm's ports */
  int wp_busy_prev = 0, ctl_ev = -1, ctl_flushing = 0, wp_saved = 0;
  uint64_t A = 0, F = 0, D = 0, lat_at = 0, lat_exp = 0;
  int F_set = 0, D_set = 0, lat_chk = 0;
  /* save / restore engine */
  int sv_busy = 0, rs_busy = 0;
  uint64_t sv_at = 0, rs_at = 0;
  unsigned rs_warp = 0, rs_n = 0;
  uint32_t sbuf[SIMT_MAXR];
  memq mq;
  memset(&mq, 0, sizeof mq);
  const uint64_t maxc = cf->max_cycles ? cf->max_cycles : 50000000ull;
  const unsigned ev_need_regs = ev_regs * 32;

  for (;;) {
    const uint64_t t = m.cycle;
    if (t >= maxc) {
      rfail(r, "run did not end in %llu cycles (%u/%u TBs, %u/%u events, resident 0x%llx, "
            "wp_busy %u, %u dones waiting) - a hang", (unsigned long long)maxc, tbs_done,
            cf->ntb, ndone, ev_next, (unsigned long long)so.resident_o,
            (unsigned)so.wp_busy_o, dln);
      break;
    }
    /* arrivals (serial: judged on the last cycle's kmu_sm outputs; an event arrives only
     * after the previous one is done, so the controller cannot have accepted since) */
    if (cf->serial) {
      if (ev_next < nev && ndone == ev_next && !qn && next_tb < cf->ntb && !so.wp_busy_o) {
        if (!next_arr) next_arr = t + cf->gap_min + rbelow(&as, cf->gap_max - cf->gap_min + 1);
        if (t >= next_arr) {
          r->ev[ev_next].arrival = t;
          q[(qh + qn++) % MAXEV] = ev_next++;
          next_arr = 0;
        }
      }
    } else {
      while (ev_next < nev && r->ev[ev_next].arrival <= t) q[(qh + qn++) % MAXEV] = ev_next++;
    }
    simt_outputs(&m, &o);
    /* what happened at the last edge */
    if (o.wstart_valid) slot_regs[o.wstart_warp] = o.wstart_regs;
    if (o.wexit_valid) {
      unsigned key = m.xtag * TBW + m.xwidx;
      wref *w = &cf->ref[key];
      r->n_warps++;
      if (m.xst.fetched_stopped) rfail(r, "warp %u fetched while stopped", o.wexit_warp);
      if (cf->make_ref) {
        memcpy(w->reg, m.xreg, sizeof w->reg);
        w->issued = m.xst.issued, w->wb = m.xst.wb, w->ld_issued = m.xst.ld_issued;
        w->done = 1;
      } else {
        const char *why = NULL;
        if (!w->done) why = "no reference";
        else if (memcmp(w->reg, m.xreg, sizeof w->reg)) why = "final registers differ";
        else if (w->wb != m.xst.wb) why = "write-backs differ";
        else if (m.xst.issued != w->issued + m.xst.squashed) why = "issued != ref + squashed";
        else if (m.xst.ld_issued != w->ld_issued + m.xst.ld_dropped)
          why = "loads != ref + dropped";
        if (why) {
          if (!r->n_bad_warps) rfail(r, "corruption: TB %u warp %u: %s", m.xtag, m.xwidx, why);
          r->n_bad_warps++;
        }
        r->squashed += m.xst.squashed;
      }
    }
    if (o.tb_done_valid) {
      if (o.tb_done_tag >= MAXTB || tb_rtb[o.tb_done_tag] < 0)
        rfail(r, "TB %u done, never started by kmu_sm", (unsigned)o.tb_done_tag);
      else push_done(r, dl, &dln, (unsigned)tb_rtb[o.tb_done_tag], (int)o.tb_done_tag);
      if (++tbs_done == cf->ntb) r->bg_end = t;
    }
    uint64_t ev_done_wp = 0; /* the event warp kmu_warp_preempt started: its ev_done_i */
    if (o.ev_done) {
      for (unsigned s = 0; s < NW; s++) {
        if (!(o.ev_done >> s & 1)) continue;
        int e = slot_ev[s];
        if (e < 0) {
          rfail(r, "ev_done on slot %u with no event", s);
          continue;
        }
        evrec *x = &r->ev[e];
        x->ndone++, x->done = t;
        ndone++;
        if (__builtin_popcountll(o.ev_done) == 1 && m.ev_digest != cf->ev->digest)
          rfail(r, "event %d (slot %u) ended with other registers than in isolation", e, s);
        if (slot_wp[s]) ev_done_wp |= 1ull << s, wp_evslot &= ~(1ull << s);
        push_done(r, dl, &dln, (unsigned)x->rtb, -1);
        slot_ev[s] = -1, slot_wp[s] = 0;
      }
    }

    /* kmu_sm's inputs that do not depend on its outputs in this cycle */
    uint64_t live = o.w_live;
    if (cf->mode == M_PREEMPT || cf->mode == M_PREEMPT_ONLY) {
      /* the paper's fit rule (VI-C): only warps with >= the event's registers are victims,
       * even when free registers could be reserved: the adapter hides the others */
      for (unsigned s = 0; s < NW; s++)
        if (slot_regs[s] < ev_regs) live &= ~(1ull << s);
    }
    si.w_live_i = live, si.w_inpipe_i = o.w_inpipe, si.w_ld_i = o.w_ld, si.w_bar_i = o.w_bar;
    si.w_ibuf_i = o.w_ibuf, si.w_icmiss_i = o.w_icmiss;
    si.simt_wstart_valid_i = o.wstart_valid, si.simt_wstart_warp_i = o.wstart_warp;
    si.simt_wstart_regs_i = o.wstart_regs;
    si.simt_wexit_valid_i = o.wexit_valid, si.simt_wexit_warp_i = o.wexit_warp;
    si.ev_done_i = ev_done_wp;
    si.rsave_ready_i = !sv_busy;
    si.rsave_done_i = sv_busy && t == sv_at;
    si.rrest_ready_i = !rs_busy;
    si.rrest_done_i = rs_busy && t == rs_at;
    si.policy_i = KMU_POL_DRAIN; /* no TB-level preemption: draining, reservation, warp-level */
    si.wp_en_i = cf->mode >= M_PREEMPT;
    si.vpol_i = cf->vpol, si.opt_i = cf->opt;
    si.ctx_base_i = CTX_BASE;
    si.bw_shift_i = 3;
    si.done_ready_i = 1;
    si.simt_start_ready_i = 1; /* the model takes every offer (checked below) */
    si.mem_req_ready_i = 1;
    si.mem_rsp_valid_i = mq.n && mq.due[mq.h] <= t;
    si.mem_rsp_rdata_i = si.mem_rsp_valid_i ? mq.data[mq.h] : 0;
    /* the rest (need/start, simt_done) follow kmu_sm's outputs: settle them together (its
     * fit_o answers the need of the same cycle; its warp-preemption state decides whether a
     * TB's done may be reported) */
    int dsel = -1, iter;
    for (iter = 0; iter < 8; iter++) {
      const kmu_sm_in s0 = si;
      /* simt_done: the oldest waiting done not held back.  A TB's done waits while
       * kmu_warp_preempt's victim slot (held from its first vic_stop_o to the end of busy) is
       * one of the TB's: that slot may host the event warp (a victim that exited while being
       * flushed), so it stays the TB's until the event warp is done */
      const uint64_t vhold = so.wp_busy_o ? (so.vic_stop_o | wp_vslot) : 0;
      dsel = -1;
      for (unsigned i = 0; i < dln && dsel < 0; i++)
        if (dl[i].tag < 0 || !(tb_wmask[dl[i].tag] & vhold)) dsel = (int)i;
      si.simt_done_valid_i = dsel >= 0;
      si.simt_done_rtb_i = dsel >= 0 ? dl[dsel].rtb : 0;
      /* dispatcher: one start per cycle, the head event before the next TB.  An event starts
       * directly when it fits (fit_o), else into the EWT (ewt_fit_o); while it can do neither
       * the dispatcher is held by it (no TB overtakes it, kmu_sm_ctrl's fit_o is 0 anyway while
       * its EWT holds one).  Part a offers an event only to a full SM (no free warp slot, no
       * done reported in this cycle), so that it is always preempted */
      int evc = qn > 0;
      if (evc && cf->mode == M_PREEMPT_ONLY && next_tb < cf->ntb)
        evc = so.free_warps_o == 0 && !si.simt_done_valid_i;
      si.start_valid_i = si.start_ewarp_i = 0;
      if (evc) {
        const unsigned e = q[qh];
        si.need_warps_i = 1, si.need_regs_i = ev_need_regs, si.need_shmem_i = 0;
        si.need_ewarp_i = 1;
        si.start_valid_i = (so.fit_o | so.ewt_fit_o) & 1;
        si.start_ewarp_i = !(so.fit_o & 1);
        si.start_slot_i = EV_KSLOT, si.start_tb_i = e, si.start_warps_i = 1;
        si.start_regs_i = ev_need_regs, si.start_shmem_i = 0;
        si.start_kptr_i = ev_pc, si.start_param_i = EV_PARAM(e);
      } else if (next_tb < cf->ntb) {
        const int k = kb[next_tb % cf->mix->nk];
        const unsigned regs = TBW * 32 * cf->mix->kp[next_tb % cf->mix->nk].nregs;
        si.need_warps_i = TBW, si.need_regs_i = regs, si.need_shmem_i = 0, si.need_ewarp_i = 0;
        /* reservation: a TB only when a warp slot and the event's registers stay free */
        si.start_valid_i = (so.fit_o & 1) &&
                           (cf->mode != M_RESV || (so.free_warps_o >= TBW + RESV_SLOTS &&
                                                   so.free_regs_o >= regs + ev_need_regs));
        si.start_slot_i = BG_KSLOT, si.start_tb_i = next_tb, si.start_warps_i = TBW;
        si.start_regs_i = regs, si.start_shmem_i = 0;
        si.start_kptr_i = simt_kernel_pc(&m, k), si.start_param_i = 0;
      } else {
        si.need_warps_i = si.need_regs_i = si.need_shmem_i = si.need_ewarp_i = 0;
      }
      if (iter && !memcmp(&s0, &si, sizeof si)) break;
      kmu_sm_comb(&sm, &si, &so);
    }
    if (iter == 8) {
      rfail(r, "adapter and kmu_sm do not settle at cycle %llu", (unsigned long long)t);
      break;
    }
    rtl_cmp(&si, &so, t);
    /* kmu_sm's refusals: none in a correct system (err_dec_o is expected and never raised
     * here: no TB-level decision is ever made) */
    if (so.err_o || so.err_overflow_o || so.err_done_o)
      rfail(r, "kmu_sm err_o=0x%llx err_overflow_o=%u err_done_o=%u at cycle %llu",
            (unsigned long long)so.err_o, (unsigned)so.err_overflow_o, (unsigned)so.err_done_o,
            (unsigned long long)t);
    if (so.simt_pause_o || so.pre_busy_o)
      rfail(r, "kmu_sm paused a TB (simt_pause_o=0x%llx) under DRAIN at cycle %llu",
            (unsigned long long)so.simt_pause_o, (unsigned long long)t);
    if (so.wp_refuse_o) r->refuse_cycles++;
    if (so.done_valid_o) r->n_reports++;

    /* ---- observe this cycle's handshakes (state changes at the edge) ---- */
    memset(&c, 0, sizeof c);
    if (si.start_valid_i) {
      if (si.start_slot_i == EV_KSLOT) {
        evrec *x = &r->ev[q[qh]];
        x->offer = t, x->offered = 1, x->ewt = (int)si.start_ewarp_i;
        n_offered++;
        qh = (qh + 1) % MAXEV, qn--;
      } else {
        next_tb++;
      }
    }
    if (dsel >= 0) {
      memmove(&dl[dsel], &dl[dsel + 1], (dln - (unsigned)dsel - 1) * sizeof dl[0]);
      dln--;
    }
    if ((so.simt_start_valid_o & 1) && si.simt_start_ready_i) {
      const unsigned rtb = (unsigned)so.simt_start_rtb_o;
      const uint64_t wm = so.simt_start_wmask_o;
      const uint32_t tb = (uint32_t)so.simt_start_tb_o;
      if (so.simt_start_slot_o == EV_KSLOT) {
        /* an event warp in its own slot: simt_model runs it alone there (ev_start on a free
         * slot, reserved registers) */
        evrec *x = tb < ev_next ? &r->ev[tb] : NULL;
        if (!x || !x->offered || x->nstart || __builtin_popcountll(wm) != 1 ||
            !(wm & o.w_free) || (uint32_t)so.simt_start_kptr_o != ev_pc ||
            (uint32_t)so.simt_start_param_o != EV_PARAM(tb)) {
          rfail(r, "kmu_sm offered event %u (slots 0x%llx) that is not a waiting event or not "
                "in a free slot at cycle %llu", (unsigned)tb, (unsigned long long)wm,
                (unsigned long long)t);
        } else {
          const unsigned s = (unsigned)__builtin_ctzll(wm);
          c.ev_start |= wm;
          c.stk_pc = ev_pc;
          slot_ev[s] = (int)tb, slot_wp[s] = 0;
          x->start = x->ready = t, x->slot = (int)s, x->path = 1, x->nstart++, x->rtb = (int)rtb;
          await_first |= wm;
          r->n_free++;
          r->n_ewt += (unsigned)x->ewt;
        }
      } else {
        const uint32_t kptr = (uint32_t)so.simt_start_kptr_o;
        const int k = (int)(kptr / SIMT_KSTRIDE);
        int ok = tb < MAXTB && tb < next_tb && tb_rtb[tb] < 0 && kptr % SIMT_KSTRIDE == 0 &&
                 k == kb[tb % cf->mix->nk] && __builtin_popcountll(wm) == TBW;
        if (ok) ok = simt_start_in(&m, k, tb, wm) >= 0;
        if (!ok)
          rfail(r, "kmu_sm offered TB %u in slots 0x%llx the SIMT model cannot start there at "
                "cycle %llu", (unsigned)tb, (unsigned long long)wm, (unsigned long long)t);
        else tb_rtb[tb] = (int)rtb, tb_wmask[tb] = wm;
      }
    }
    /* the warp-level preemption: acceptance in A, wp_busy_o from A+1 with the victim on
     * vic_stop_o, the accepted event's identity on ev_tb_o */
    if (so.wp_busy_o && !wp_busy_prev) {
      A = t - 1;
      ctl_ev = (int)so.ev_tb_o;
      ctl_flushing = 1, F_set = D_set = 0, wp_saved = 0;
      r->n_pre++;
      const evrec *x = ctl_ev < (int)ev_next ? &r->ev[ctl_ev] : NULL;
      if (!x || !x->offered || x->nstart || so.ev_slot_o != EV_KSLOT ||
          (uint32_t)so.ev_param_o != EV_PARAM(ctl_ev))
        rfail(r, "kmu_sm accepted event %d (slot %u, param 0x%x) that is not a waiting event",
              ctl_ev, (unsigned)so.ev_slot_o, (unsigned)so.ev_param_o);
    }
    wp_busy_prev = (int)(so.wp_busy_o & 1);
    wp_vslot = so.wp_busy_o ? wp_vslot | so.vic_stop_o : 0;
    if (lat_chk && t == lat_at) {
      lat_chk = 0;
      if (so.wp_lat_o != lat_exp)
        rfail(r, "wp_lat_o %llu, acceptance -> ev_start_o took %llu cycles",
              (unsigned long long)so.wp_lat_o, (unsigned long long)lat_exp);
    }
    const uint64_t vb = wp_vslot;
    /* model-side flush detection for the intrinsic bound (independent of the controller) */
    if (ctl_flushing && !F_set && vb) {
      int fl = !((o.w_inpipe | o.w_ld | o.w_icmiss) & vb) &&
               (!(o.w_bar & vb) || (cf->opt & 4)) && (!(o.w_ibuf & vb) || (cf->opt & 2));
      if (o.wexit_valid && (1ull << o.wexit_warp) == vb) fl = 1;
      if (fl) F = t, F_set = 1;
    }
    /* save / restore engine */
    if (si.rsave_done_i) sv_busy = 0, D = t, D_set = 1;
    if ((so.rsave_valid_o & 1) && si.rsave_ready_i) {
      for (unsigned i = 0; i < so.rsave_nregs_o; i++)
        sbuf[i] = simt_reg_read(&m, (unsigned)so.rsave_warp_o, i);
      sv_busy = 1, sv_at = t + SAVE_LAT + (so.rsave_nregs_o + SAVE_BW - 1) / SAVE_BW;
      r->n_saved++;
      wp_saved = 1;
      if (ctl_ev >= 0 && ctl_ev < (int)ev_next) r->ev[ctl_ev].saved = 1;
    }
    if (si.rrest_done_i) {
      rs_busy = 0;
      if (!cf->no_restore)
        for (unsigned i = 0; i < rs_n; i++) simt_reg_write(&m, rs_warp, i, sbuf[i]);
    }
    if ((so.rrest_valid_o & 1) && si.rrest_ready_i) {
      rs_busy = 1, rs_warp = (unsigned)so.rrest_warp_o, rs_n = (unsigned)so.rrest_nregs_o;
      rs_at = t + SAVE_LAT + (rs_n + SAVE_BW - 1) / SAVE_BW;
    }
    /* kmu_sm -> pipeline */
    c.vic_stop = so.vic_stop_o, c.vic_boost = so.vic_boost_o;
    c.ibuf_flush = so.ibuf_flush_o, c.bar_skip = so.bar_skip_o, c.bar_reins = so.bar_reins_o;
    c.ld_drop = so.ld_drop_o, c.stk_push = so.stk_push_o, c.stk_pop = so.stk_pop_o;
    c.vic_resume = so.vic_resume_o;
    if (so.stk_push_o || so.ev_start_o) {
      /* simt_model has one stk_pc for a push, a victim-slot start and a free-slot start: every
       * event of a run is the same kernel, so they never disagree */
      if (c.ev_start && (uint32_t)so.stk_pc_o != c.stk_pc)
        rfail(r, "two event PCs in one cycle (%llu)", (unsigned long long)t);
      c.stk_pc = (uint32_t)so.stk_pc_o;
    }
    if (so.stk_push_o) ctl_flushing = 0;
    if (so.ev_start_o) {
      c.ev_start |= so.ev_start_o;
      /* reserved registers (rsv): no save before the start.  kmu_sm does not export
       * kmu_warp_preempt's rsv_o; the save handshake says it */
      c.ev_rsv = wp_saved ? 0 : so.ev_start_o;
      const unsigned s = (unsigned)__builtin_ctzll(so.ev_start_o);
      if (ctl_ev < 0 || ctl_ev >= (int)ev_next || (int)so.ev_tb_o != ctl_ev ||
          r->ev[ctl_ev].nstart) {
        rfail(r, "ev_start_o for event %u, accepted %d", (unsigned)so.ev_tb_o, ctl_ev);
      } else {
        evrec *x = &r->ev[ctl_ev];
        const int vexit = !(so.vic_stop_o & so.ev_start_o); /* the victim exited: a free slot */
        x->accept = A, x->start = t, x->slot = (int)s, x->nstart++, x->rtb = (int)so.ev_rtb_o;
        x->path = vexit ? 3 : 2;
        if (vexit) r->n_vexit++;
        else if (!x->saved) r->n_rsv++;
        slot_ev[s] = ctl_ev, slot_wp[s] = 1;
        wp_evslot |= so.ev_start_o;
        await_first |= 1ull << s;
        lat_chk = 1, lat_at = t + 1, lat_exp = t - A > 0xffff ? 0xffff : t - A;
        uint64_t ready = F_set ? F : t;
        if (x->saved && D_set && D > ready) ready = D;
        if (!F_set) rfail(r, "ev_start before the victim was seen flushed (event %d)", ctl_ev);
        x->ready = ready;
        unsigned add = (unsigned)(t - ready);
        r->ctl_sum += add, r->ctl_n++;
        if (add > r->ctl_max) r->ctl_max = add;
      }
      ctl_flushing = 0;
    }
    /* memory */
    if (si.mem_rsp_valid_i) mq.h = (mq.h + 1) % 64, mq.n--;
    if (so.mem_req_valid_o & 1) {
      r->mem_reqs++;
      if (!MEMST) MEMST = calloc(STORE_WORDS, sizeof *MEMST);
      const uint32_t idx = ((uint32_t)so.mem_req_addr_o - CTX_BASE) / P_BEAT_BYTES;
      if (so.mem_req_write_o & 1) {
        if (MEMST && idx < STORE_WORDS) MEMST[idx] = (uint32_t)so.mem_req_wdata_o;
      } else if (mq.n < 64) {
        const unsigned j = (mq.h + mq.n++) % 64;
        mq.due[j] = t + MEM_LAT;
        mq.data[j] = MEMST && idx < STORE_WORDS ? MEMST[idx] : 0;
      }
    }
    /* the end: every TB and event done and reported, kmu_sm empty */
    if (tbs_done == cf->ntb && next_tb == cf->ntb && ndone == ev_next && !qn &&
        (cf->serial || ev_next == nev) && !dln && !so.resident_o && !(so.wp_busy_o & 1) &&
        so.ewt_free_o == P_EWT && simt_idle(&m))
      break;
    /* a hang (kmu_sm never offering a TB, never starting an event, ...) ends the run at once
     * rather than at max_cycles: work pending and nothing issued, started, exited or reported
     * for WATCHDOG cycles (the longest legitimate pause is a load, 1,500 cycles) */
    if (o.wstart_valid || o.wexit_valid || o.ev_done || o.tb_done_valid || si.start_valid_i ||
        ((so.simt_start_valid_o & 1) && si.simt_start_ready_i) || so.ev_start_o ||
        si.simt_done_valid_i || m.last_issued)
      last_prog = t;
    if ((next_tb < cf->ntb || tbs_done < next_tb || qn || ndone < n_offered || dln) &&
        t - last_prog > WATCHDOG) {
      rfail(r, "no progress for %u cycles at cycle %llu (%u/%u TBs done, %u/%u events done, "
            "%u waiting at the dispatcher, resident 0x%llx, EWT free %u, wp_busy %u, %u dones "
            "to report) - a hang", WATCHDOG, (unsigned long long)t, tbs_done, cf->ntb, ndone,
            ev_next, qn, (unsigned long long)so.resident_o, (unsigned)so.ewt_free_o,
            (unsigned)so.wp_busy_o, dln);
      break;
    }
    simt_tick(&m, &c);
    kmu_sm_tick(&sm);
    rtl_tick();
    if (m.nerr) {
      rfail(r, "simt_model protocol error: %s", m.err);
      break;
    }
    /* the event warp's first issue */
    uint64_t fi = await_first & m.last_issued;
    while (fi) {
      unsigned s = (unsigned)__builtin_ctzll(fi);
      fi &= fi - 1;
      if (m.w[s].ev != 1) continue;
      await_first &= ~(1ull << s);
      evrec *x = &r->ev[slot_ev[s]];
      x->first = t, x->first_set = 1;
      unsigned d = (unsigned)(t - x->ready);
      if (x->path >= 2) {
        if (d < r->fi_min) r->fi_min = d;
        if (d > r->fi_max) r->fi_max = d;
      }
    }
    if (r->fail > 1000) break;
  }
  r->cycles = m.cycle;
  CYC_ALL += m.cycle;
  r->nev = ev_next;
  r->drops = m.drops;
  if (!r->fail) {
    for (unsigned e = 0; e < r->nev; e++) {
      const evrec *x = &r->ev[e];
      if (x->nstart != 1 || x->ndone != 1 || !x->first_set) {
        rfail(r, "event %u: started %d, done %d, first issue %d", e, x->nstart, x->ndone,
              x->first_set);
        break;
      }
    }
    if (r->n_warps != cf->ntb * TBW)
      rfail(r, "%u of %u background warps exited", r->n_warps, cf->ntb * TBW);
    if (r->n_reports != cf->ntb + r->nev)
      rfail(r, "kmu_sm reported %u dones for %u TBs and %u events", r->n_reports, cf->ntb,
            r->nev);
    if (r->ctl_max > 2) rfail(r, "controller added %u cycles > 2", r->ctl_max);
    if (r->mem_reqs)
      rfail(r, "kmu_sm made %llu memory requests under DRAIN without a preemption request",
            (unsigned long long)r->mem_reqs);
  }
  simt_free(&m);
  kmu_sm_free(&sm);
}

/* an event kernel alone on an idle SM: runtime and the registers' digest */
static void ev_isolated(evk_t *ev, const mix_t *mix, uint64_t wseed, unsigned reps) {
  double sum = 0;
  for (unsigned i = 0; i < reps; i++) {
    simt_model m;
    simt_params p;
    sm_params(&p, 7777 + i);
    simt_init(&m, &p);
    runcfg cf;
    memset(&cf, 0, sizeof cf);
    cf.mix = mix, cf.ev = ev, cf.wseed = wseed;
    int kb[3], ke;
    add_kernels(&m, &cf, kb, &ke);
    simt_ctl c;
    memset(&c, 0, sizeof c);
    c.ev_start = 1, c.stk_pc = simt_kernel_pc(&m, ke);
    simt_tick(&m, &c);
    memset(&c, 0, sizeof c);
    uint64_t t0 = 0;
    simt_out o;
    for (;;) {
      simt_outputs(&m, &o);
      if (o.ev_done) break;
      simt_tick(&m, &c);
    }
    sum += (double)(m.cycle - t0);
    ev->digest = m.ev_digest;
    simt_free(&m);
  }
  ev->t_iso = sum / reps;
}

/* ---- statistics ---- */
static int cmpu64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}
typedef struct {
  double avg, p50, p99, max;
  unsigned n;
} stat_t;
static stat_t stats(uint64_t *v, unsigned n) {
  stat_t s = {0, 0, 0, 0, n};
  if (!n) return s;
  double sum = 0;
  for (unsigned i = 0; i < n; i++) sum += (double)v[i];
  qsort(v, n, sizeof *v, cmpu64);
  s.avg = sum / n;
  s.p50 = (double)v[n / 2];
  s.p99 = (double)v[(unsigned)((n - 1) * 0.99)];
  s.max = (double)v[n - 1];
  return s;
}
static uint64_t vbuf[MAXEV];

/* ---- output ---- */
static FILE *csv;
static int nfail, npass;
static unsigned ctl_max_all, fi_min_all = ~0u, fi_max_all;
static uint64_t ctl_n_all;

static void row(const char *part, const char *bg, const char *ev, const char *mode,
                const char *pol, unsigned opt, const char *rate, const char *metric, double v) {
  fprintf(csv, "%s,%s,%s,%s,%s,%u,%s,%s,%.6g\n", part, bg, ev, mode, pol, opt, rate, metric, v);
}

static int check_run(const char *what, const runres *r) {
  if (r->fail) {
    printf("FAIL edge.%s: %s\n", what, r->msg);
    nfail++;
    return 1;
  }
  if (r->ctl_n) {
    if (r->ctl_max > ctl_max_all) ctl_max_all = r->ctl_max;
    if (r->fi_min < fi_min_all) fi_min_all = r->fi_min;
    if (r->fi_max > fi_max_all) fi_max_all = r->fi_max;
    ctl_n_all += r->ctl_n;
  }
  return 0;
}

static int QUICK = 0, NO_RESTORE = 0, CHECKS = 0;
static wref *REF;

static void make_ref(const mix_t *mix, evk_t *ev, unsigned ntb, uint64_t wseed, uint64_t tseed,
                     uint64_t *t_bg) {
  runcfg cf;
  memset(&cf, 0, sizeof cf);
  cf.mix = mix, cf.ev = ev, cf.ntb = ntb, cf.mode = M_DRAIN, cf.wseed = wseed;
  cf.tseed = tseed, cf.ref = REF, cf.make_ref = 1;
  memset(REF, 0, sizeof(wref) * MAXTB * TBW);
  run(&cf, &RR);
  char what[64];
  snprintf(what, sizeof what, "reference.%s", mix->name);
  check_run(what, &RR);
  *t_bg = RR.bg_end;
}

/* part a: preemption latency per optimisation level and policy */
static const unsigned OPTS[5] = {0, 1, 3, 7, 15};
static const char *const OPT_NAME[5] = {"none", "+boost", "+ibuf_flush", "+bar_skip",
                                        "+ld_drop"};
static double part_a_lat[4][3][5];

static void part_a(void) {
  /* quick: the MIX background (LD, BAR and ALU TBs in turn), the natural flush and every
   * optimisation for Oldest and Newest, Best with every optimisation */
  unsigned nmix = QUICK ? 1 : 4, ntb = QUICK ? 10 : 64, nev = QUICK ? 24 : 140;
  static const unsigned mixes_quick[1] = {3};
  for (unsigned mi = 0; mi < nmix; mi++) {
    const mix_t *mix = &MIX[QUICK ? mixes_quick[mi] : mi];
    uint64_t wseed = SEED * 1000 + 11 + mi, tseed = SEED * 1000 + 21 + mi, t_bg;
    evk_t *ev = &EVS[0]; /* the IPv4-like event's registers; execution skipped (2 instr.) */
    ev_isolated(ev, mix, wseed, 1);
    make_ref(mix, ev, ntb, wseed, tseed, &t_bg);
    for (unsigned pol = 0; pol < 3; pol++)
      for (unsigned oi = 0; oi < 5; oi++) {
        if (QUICK && oi != 4 && (pol == 2 || oi != 0)) continue;
        runcfg cf;
        memset(&cf, 0, sizeof cf);
        cf.mix = mix, cf.ev = ev, cf.ntb = ntb, cf.mode = M_PREEMPT_ONLY, cf.vpol = pol;
        cf.opt = OPTS[oi], cf.nev = nev, cf.serial = 1, cf.gap_min = 300, cf.gap_max = 2500;
        cf.wseed = wseed, cf.tseed = tseed, cf.aseed = SEED * 7919 + mi * 31 + pol;
        cf.ref = REF, cf.no_restore = NO_RESTORE;
        run(&cf, &RR);
        char what[96];
        snprintf(what, sizeof what, "a.%s.%s.%s", mix->name, pol_name[pol], OPT_NAME[oi]);
        if (check_run(what, &RR)) continue;
        unsigned n = 0;
        uint64_t fl[MAXEV];
        unsigned nf = 0;
        for (unsigned e = 0; e < RR.nev; e++) {
          /* from kmu_warp_preempt's acceptance (the EWT head's request, one cycle after the
           * dispatcher's start; a refused request waits in the EWT); an event that found a
           * free slot after all (the SM emptied at the end of the grid) from its start */
          const evrec *x = &RR.ev[e];
          vbuf[n++] = x->first - (x->path >= 2 ? x->accept : x->offer);
          if (x->path >= 2) fl[nf++] = x->ready - x->accept;
        }
        stat_t s = stats(vbuf, n), sf = stats(fl, nf);
        part_a_lat[mi][pol][oi] = s.avg;
        const char *pn = pol_name[pol];
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "n", n);
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "lat_avg", s.avg);
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "lat_p50", s.p50);
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "lat_p99", s.p99);
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "lat_max", s.max);
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "flush_avg", sf.avg);
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "saved", RR.n_saved);
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "victim_exit",
            RR.n_vexit);
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "ld_drops",
            (double)RR.drops);
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "ctl_max", RR.ctl_max);
        row("a", mix->name, ev->name, "preempt", pn, OPTS[oi], "serial", "refuse_cycles",
            (double)RR.refuse_cycles);
        printf("  a %-4s %-6s %-12s n=%3u lat avg %7.1f p50 %6.0f max %6.0f  saved %u drops %llu "
               "ctl_max %u free %u refused %llu\n", mix->name, pn, OPT_NAME[oi], n, s.avg,
               s.p50, s.max, RR.n_saved, (unsigned long long)RR.drops, RR.ctl_max, RR.n_free,
               (unsigned long long)RR.refuse_cycles);
        fflush(stdout);
      }
  }
  if (CHECKS) {
    /* by construction: with every optimisation the victim never waits for a load, a barrier or
     * its i-buffer, so the average is far below waiting for the natural flush */
    for (unsigned mi = 0; mi < nmix; mi++)
      for (unsigned pol = 0; pol < 2; pol++) {
        double a0 = part_a_lat[mi][pol][0], a4 = part_a_lat[mi][pol][4];
        int ok = a4 > 0 && a4 < a0;
        printf("%s edge.a.relation.%s.%s: all optimisations %.1f < none %.1f cycles\n",
               ok ? "PASS" : "FAIL", MIX[QUICK ? mixes_quick[mi] : mi].name, pol_name[pol],
               a4, a0);
        ok ? npass++ : nfail++;
      }
  }
}

/* part b: event scheduling latency, one event at a time at random times, execution skipped */
static void part_b(void) {
  unsigned nmix = QUICK ? 1 : 3, nevk = QUICK ? 1 : 2, ntb = QUICK ? 10 : 64;
  static const int modes[3] = {M_DRAIN, M_PREEMPT, M_PREEMPT_RSV};
  for (unsigned mi = 0; mi < nmix; mi++) {
    const mix_t *mix = &MIX[QUICK ? 1 : mi];
    uint64_t wseed = SEED * 1000 + 61 + mi, tseed = SEED * 1000 + 71 + mi, t_bg;
    for (unsigned ei = 0; ei < nevk; ei++) {
      evk_t *ev = &EVS[QUICK ? 1 : ei];
      ev_isolated(ev, mix, wseed, 1);
      /* draining samples cost a whole drain each: its runs get 2.5x the TBs */
      unsigned ntb_drain = QUICK ? ntb : ntb * 5 / 2;
      make_ref(mix, ev, ntb_drain, wseed, tseed, &t_bg);
      for (unsigned mo = 0; mo < 3; mo++) {
        if (QUICK && modes[mo] == M_PREEMPT_RSV) continue;
        runcfg cf;
        memset(&cf, 0, sizeof cf);
        cf.mix = mix, cf.ev = ev, cf.mode = modes[mo], cf.vpol = 2, cf.opt = 15;
        cf.ntb = modes[mo] == M_DRAIN ? ntb_drain : ntb;
        cf.nev = MAXEV, cf.serial = 1, cf.gap_min = 500, cf.gap_max = 8000;
        cf.wseed = wseed, cf.tseed = tseed, cf.aseed = SEED * 15485863 + mi * 7 + ei * 3;
        cf.ref = REF, cf.no_restore = NO_RESTORE;
        run(&cf, &RR);
        char what[96];
        const char *mn = mode_name[modes[mo]];
        snprintf(what, sizeof what, "b.%s.%s.%s", mix->name, ev->name, mn);
        if (check_run(what, &RR)) continue;
        unsigned n = RR.nev;
        for (unsigned e = 0; e < n; e++) vbuf[e] = RR.ev[e].first - RR.ev[e].arrival;
        stat_t s = stats(vbuf, n);
        int possible = mix->kp[0].nregs >= ev->kp.nregs;
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "n", n);
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "fit", possible);
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "sched_sum", s.avg * n);
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "sched_avg", s.avg);
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "sched_min", n ? (double)vbuf[0] : 0);
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "sched_p50", s.p50);
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "sched_p99", s.p99);
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "sched_max", s.max);
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "n_preempt", RR.n_pre);
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "n_free", RR.n_free);
        row("b", mix->name, ev->name, mn, "best", 15, "serial", "n_saved", RR.n_saved);
        printf("  b %-4s %-5s %-12s n=%4u sched avg %8.1f p50 %7.0f max %7.0f  pre %4u free %4u "
               "(ewt %4u) saved %3u\n", mix->name, ev->name, mn, n, s.avg, s.p50, s.max,
               RR.n_pre, RR.n_free, RR.n_ewt, RR.n_saved);
        fflush(stdout);
      }
    }
  }
}

/* part c: draining / reservation / preemption at two event rates */
static void part_bc(void) {
  unsigned nmix = QUICK ? 1 : 3, nevk = QUICK ? 1 : 2, ntb = QUICK ? 10 : 40;
  static const int modes[4] = {M_DRAIN, M_RESV, M_PREEMPT, M_PREEMPT_RSV};
  for (unsigned mi = 0; mi < nmix; mi++) {
    const mix_t *mix = &MIX[QUICK ? 1 : mi];
    uint64_t wseed = SEED * 1000 + 41 + mi, tseed = SEED * 1000 + 51 + mi, t_bg;
    for (unsigned ei = 0; ei < nevk; ei++) {
      evk_t *ev = &EVK[QUICK ? 1 : ei];
      ev_isolated(ev, mix, wseed, QUICK ? 4 : 64);
      make_ref(mix, ev, ntb, wseed, tseed, &t_bg);
      row("c", mix->name, ev->name, "alone", "-", 0, "-", "bg_cycles", (double)t_bg);
      row("c", mix->name, ev->name, "alone", "-", 0, "-", "ev_iso_cycles", ev->t_iso);
      for (unsigned ri = QUICK; ri < 2; ri++) { /* quick: the high rate only */
        /* low: events seldom overlap (mean gap 2x the isolated runtime); high: about 4 at once */
        double gap = ri == 0 ? ev->t_iso * 2.0 : ev->t_iso / 4.0;
        unsigned nev = (unsigned)((double)t_bg / gap);
        if (nev > MAXEV) nev = MAXEV;
        if (nev < 4) nev = 4;
        const char *rate = ri ? "high" : "low";
        for (unsigned mo = 0; mo < 4; mo++) {
          if (QUICK && modes[mo] == M_PREEMPT_RSV) continue;
          runcfg cf;
          memset(&cf, 0, sizeof cf);
          cf.mix = mix, cf.ev = ev, cf.ntb = ntb, cf.mode = modes[mo], cf.vpol = 2;
          cf.opt = 15, cf.nev = nev, cf.serial = 0, cf.gap_mean = gap;
          cf.wseed = wseed, cf.tseed = tseed, cf.aseed = SEED * 104729 + mi * 7 + ei * 3 + ri;
          cf.ref = REF, cf.no_restore = NO_RESTORE;
          run(&cf, &RR);
          char what[96];
          snprintf(what, sizeof what, "c.%s.%s.%s.%s", mix->name, ev->name, rate,
                   mode_name[modes[mo]]);
          if (check_run(what, &RR)) continue;
          unsigned n = RR.nev;
          double slow = 0;
          for (unsigned e = 0; e < n; e++) {
            vbuf[e] = RR.ev[e].first - RR.ev[e].arrival;
            slow += (double)(RR.ev[e].done - RR.ev[e].arrival) / ev->t_iso;
          }
          stat_t s = stats(vbuf, n);
          double ev_slow = slow / n, bg_slow = (double)RR.bg_end / (double)t_bg;
          double antt = (slow + bg_slow) / (n + 1);
          const char *mn = mode_name[modes[mo]];
          row("c", mix->name, ev->name, mn, "best", 15, rate, "n", n);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "sched_avg", s.avg);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "sched_p50", s.p50);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "sched_p99", s.p99);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "sched_max", s.max);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "n_preempt", RR.n_pre);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "n_free", RR.n_free);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "n_saved", RR.n_saved);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "ev_slowdown", ev_slow);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "bg_slowdown", bg_slow);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "antt", antt);
          row("c", mix->name, ev->name, mn, "best", 15, rate, "ctl_max", RR.ctl_max);
          printf("  c %-4s %-5s %-4s %-12s n=%4u sched avg %8.1f max %7.0f  pre %4u free %4u "
                 "(ewt %4u) saved %3u vexit %u  ev %6.2fx bg %5.3fx antt %6.2f\n", mix->name,
                 ev->name, rate, mn, n, s.avg, s.max, RR.n_pre, RR.n_free, RR.n_ewt, RR.n_saved,
                 RR.n_vexit, ev_slow, bg_slow, antt);
          fflush(stdout);
        }
      }
    }
  }
}

/* teeth: a run with saved registers and the restore skipped must fail the corruption check */
static void teeth(void) {
  uint64_t t_bg;
  const mix_t *mix = &MIX[1];
  evk_t *ev = &EVK[0];
  uint64_t wseed = SEED * 1000 + 91, tseed = SEED * 1000 + 92;
  ev_isolated(ev, mix, wseed, 1);
  const unsigned ntb = QUICK ? 10 : 16;
  make_ref(mix, ev, ntb, wseed, tseed, &t_bg);
  runcfg cf;
  memset(&cf, 0, sizeof cf);
  cf.mix = mix, cf.ev = ev, cf.ntb = ntb, cf.mode = M_PREEMPT_ONLY, cf.vpol = 0, cf.opt = 15;
  cf.nev = 60, cf.serial = 1, cf.gap_min = 100, cf.gap_max = 600;
  cf.wseed = wseed, cf.tseed = tseed, cf.aseed = SEED * 3 + 1, cf.ref = REF;
  cf.no_restore = 1;
  run(&cf, &RR);
  int caught = RR.fail && strstr(RR.msg, "corruption") != NULL;
  printf("%s edge.teeth.no_restore: %u events, %u saves, %s\n", caught ? "PASS" : "FAIL",
         RR.nev, RR.n_saved, RR.fail ? RR.msg : "corruption NOT detected");
  caught ? npass++ : nfail++;
  cf.no_restore = 0; /* the same run with the restore passes */
  run(&cf, &RR);
  if (!check_run("teeth.with_restore", &RR)) {
    printf("PASS edge.teeth.with_restore: %u events, %u saves, no corruption\n", RR.nev,
           RR.n_saved);
    npass++;
  }
}

int main(int argc, char **argv) {
  const char *part = "all", *out = "build/study-edge";
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--part") && i + 1 < argc) part = argv[++i];
    else if (!strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
    else if (!strcmp(argv[i], "--quick")) QUICK = 1;
    else if (!strcmp(argv[i], "--no-restore")) NO_RESTORE = 1;
    else if (!strcmp(argv[i], "--checks")) CHECKS = 1;
    else {
      fprintf(stderr, "usage: %s [--part a|b|c|teeth|all[,...]] [--quick] [--checks] "
              "[--no-restore] [--out DIR]\n", argv[0]);
      return 2;
    }
  }
  /* a part or a comma-separated list of parts (run in the order a, b, c, teeth) */
  int want[4] = {0, 0, 0, 0}; /* a, b, c, teeth */
  static const char *const PARTS[4] = {"a", "b", "c", "teeth"};
  char pbuf[64], tag[64];
  snprintf(pbuf, sizeof pbuf, "%s", part);
  snprintf(tag, sizeof tag, "%s", part);
  for (char *c = tag; *c; c++)
    if (*c == ',') *c = '-'; /* the output file's name */
  for (char *tok = strtok(pbuf, ","); tok; tok = strtok(NULL, ",")) {
    const int every = !strcmp(tok, "all");
    int hit = every;
    for (int k = 0; k < 4; k++)
      if (every || !strcmp(tok, PARTS[k])) want[k] = 1, hit = 1;
    if (!hit) {
      fprintf(stderr, "unknown part %s (a, b, c, teeth or all, or a list of them)\n", tok);
      return 2;
    }
  }
  if (!want[0] && !want[1] && !want[2] && !want[3]) {
    fprintf(stderr, "unknown part %s (a, b, c, teeth or all, or a list of them)\n", part);
    return 2;
  }
  const char *se = getenv("SEED");
  if (se) SEED = strtoull(se, NULL, 0);
#ifdef EDGE_RTL
  ARGV = argv;
  if (getenv("EDGE_FST_RUN")) {
    FST_RUN = atol(getenv("EDGE_FST_RUN"));
    FST_FROM = strtoull(getenv("EDGE_FST_FROM") ? getenv("EDGE_FST_FROM") : "0", NULL, 0);
    FST_TO = strtoull(getenv("EDGE_FST_TO") ? getenv("EDGE_FST_TO") : "0", NULL, 0);
  }
#endif
  workloads();
  REF = calloc(MAXTB * TBW, sizeof(wref));
  char path[512];
  snprintf(path, sizeof path, "%s/results_%s.csv", out, tag);
  csv = fopen(path, "w");
  if (!csv) {
    fprintf(stderr, "cannot write %s\n", path);
    return 2;
  }
  fprintf(csv, "part,bg,ev,mode,policy,opt,rate,metric,value\n");
  clock_t t0 = clock();
  if (want[0]) part_a();
  if (want[1]) part_b();
  if (want[2]) part_bc();
  if (want[3]) teeth();
  row("d", "-", "-", "-", "-", 0, "-", "ctl_max", ctl_max_all);
  row("d", "-", "-", "-", "-", 0, "-", "ctl_n", (double)ctl_n_all);
  row("d", "-", "-", "-", "-", 0, "-", "fi_min", fi_min_all == ~0u ? 0 : fi_min_all);
  row("d", "-", "-", "-", "-", 0, "-", "fi_max", fi_max_all);
  if (ctl_n_all) {
    int ok = ctl_max_all <= 2;
    printf("%s edge.intrinsic: victim flushed (and saved) -> ev_start max %u cycles over %llu "
           "preemptions (target <= 2); flushed -> event warp's first issue %u..%u cycles\n",
           ok ? "PASS" : "FAIL", ctl_max_all, (unsigned long long)ctl_n_all, fi_min_all,
           fi_max_all);
    ok ? npass++ : nfail++;
  }
  if (!nfail && !npass && !ctl_n_all) { /* nothing ran: no claim */
    printf("FAIL edge.%s.checks: no run was made\n", tag);
    nfail++;
  } else if (!nfail) {
    printf("PASS edge.%s.checks: every victim's registers equal the reference, no event lost or "
           "repeated, every done reported once, simt nerr 0, kmu_sm err_o 0\n", tag);
    npass++;
  }
  fclose(csv);
#ifdef EDGE_RTL
  printf("PASS edge_rtl.lockstep: Verilated kmu_sm and its C twin equal on every "
         "output, %llu cycles over %u runs\n", (unsigned long long)NCMP, RUN_NO);
  npass++;
#endif
  printf("  %.1f s cpu, %llu cycles simulated\nedge_study %s: %d passed, %d failed\n",
         (double)(clock() - t0) / CLOCKS_PER_SEC, (unsigned long long)CYC_ALL, tag, npass,
         nfail);
  free(REF);
  return nfail != 0;
}
