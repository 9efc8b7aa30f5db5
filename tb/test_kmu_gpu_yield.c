/* test_kmu_gpu_yield.c - system-level directed tests of GPUpIO's yield (issue 13) on the system
 * C model (cmodel/kmu_gpu.c, small configuration: 2 SMs of 4 TBs, kmu_yield_mon with 8 watch
 * entries), driven through the register map like software would (scripts/test_kmu_gpu_yield.sh
 * builds and runs it).  Built as the harness kmu_gpu_yield (tb/kmu_gpu.mk, -DKMU_GPU_RTL) the
 * Verilated kmu_gpu runs beside the C model on the same inputs and every output is compared
 * every cycle (qualified outputs while their qualifier is set in either twin), as kmusim's
 * cosim does; a mismatch prints MISMATCH with cycle, signal, expected (C), actual (RTL).
 *
 * The environment is fuzz_gpu_mmio.c's well-behaved one (AXI4-Lite master, SIMT side that takes
 * every start, pauses and evicts on request, memory), included so that it exists once; its
 * checks stay on (no TB start into a busy entry, no eviction of a TB not held paused, no
 * hw_err_o).  On top: the SIMT's yield event of one TB (held until accepted, the TB stalled
 * from then until its answer, and after TAKEN/SPIN until evicted), each TB's identity (kernel
 * tag and index, from its start), every TB run a fixed time.
 *
 * Expected behaviour from GPUpIO section 7 and docs/blocks/kmu_yield_mon.md (never from the
 * model's output):
 *   race      a yield TAKEN (other work waits); a YIELD_SIGNAL to its flag whose pulse reaches
 *             the monitor k cycles after the yield decision, k = 0..8 (in the decision's cycle,
 *             while the lane is answered and the watch entry installed, during the save): the
 *             TB is woken by that one write (no lost wake-up), restored exactly once, every TB
 *             of the kernel done once and the kernel complete; k = -1 (before the decision:
 *             software's window, kmu_yield_mon.md) is not seen, the TB sleeps until a second
 *             write 300 cycles later.
 *   latency   the write 3000 cycles after the save (the SM idle): watched write -> the restored
 *             TB's start <= the restore's own cycles + 10 (issue 13's target), printed.
 *   badaddr   YIELD_SIGNAL to a word nobody waits on: ignored (no wake, no counter), OKAY.
 *   nowork    a yield with no other work waiting: refused NOWORK, YIELD_NOWORK = 1, the TB goes
 *             on, nothing saved, the kernel completes.
 *   reserve   9 TBs of a host kernel, 8 resident, then SM_RESERVE = SM 0 (host kernels never on a
 *             reserved SM, EDGE IV-A): a yield on SM 0 is refused NOWORK (the waiting TB cannot
 *             start there: a save would be for nothing), one on SM 1 is TAKEN; woken, the kernel
 *             completes, YIELD_NOWORK = YIELD_TAKE = 1.
 *   full      (YW = 6) 7 TBs yield on 7 flags nobody writes: 6 TAKEN (the watch table), the
 *             7th refused FULL; YIELD_TAKE = 6, YIELD_FULL = 1.
 *   spin      yield(0) with other work waiting: SPIN; the TB is restored exactly once, after
 *             the kernel's last new TB has started (the tail), YIELD_SPIN = 1.
 *   tail      YIELD_CTRL.TAIL = 1 (register map 1.6; reads back): a TB yields on a flag with 8
 *             new TBs still waiting, the flag is written at once: the woken TB is restored
 *             exactly once, after the kernel's last new TB has started (the tail, GPUpIO's
 *             software prototype); with TAIL = 0 (head) the same run restores it before any
 *             new TB of its SM (and, small GPU, before the kernel's last new TB).
 *   bound     YIELD_CTRL.MAXWAIT = k (2, 3; with TAIL = 1 for k = 3: a woken TB, else a spin):
 *             a parked TB of SM 1 under a constant stream of new TBs (a 96-TB kernel) is handed
 *             to its SM (wk_valid_i) more than 8 * 2^k and at most 16 * 2^k + 1 cycles after its
 *             park (the register's contract, docs/regmap.md), while new TBs still wait; restored
 *             once, the kernel completes.
 *   spin3     three yield(0) on one full SM while new TBs wait (issue 13, io_spin_hang.wl):
 *             SPIN, then FULL, FULL (its SM's park is busy), each answered within ANS_BOUND
 *             cycles of its acceptance; the spin restored once, every TB done once.
 *   wokenwork a woken TB waiting at its SM for room is other work (issue 13): a yield beside
 *             it with nothing in the dispatcher is TAKEN, not NOWORK; both restored once.
 *   wkerr     a TB yields (TAKEN, saved), then TR_CMD retires its kernel (LID, no replay; status
 *             OK): the drop forgets the yielded TB, the watch entry stays; a YIELD_SIGNAL to
 *             its flag: the monitor wakes it (YIELD_WAKE = 1), its SM refuses the wake
 *             (nothing restored), YIELD_WKERR = 1.
 *   random    (3 seeds) random yields and YIELD_SIGNAL writes over 3 kernels, then a drain:
 *             conservation (below, t_random), every yield answered within ANS_BOUND. */
#include "fuzz/fuzz_gpu_mmio.c"

#define KMU_GPU_CHECK_SUITE "kmu_gpu_yield"
#include "kmu_gpu_check.h"

enum { KPTR_A = 0x1000, FLAG = 0x40000100u };
/* resident TBs (one warp each: every TB entry of every SM); RES + 1 TBs leave one waiting */
#define RES (NSM_ENV * TBS_ENV)
#define PAPER (RES > 8) /* the paper configuration (16 SMs of 32 TBs): fewer, longer runs */
#define RUN_FILL (PAPER ? RES + 100 : 100) /* cycles from a launch to a full GPU */
#define NEVER (~0ull >> 2)

typedef struct {
  uint64_t run_len;             /* every TB runs this long once started (restarts included) */
  /* the SIMT's yield event: SM ys, entry yr, address ya, raised at y_at (0: none) */
  uint64_t y_at;
  unsigned ys, yr;
  uint32_t ya;
  int y_on, y_wait;             /* held (not yet accepted); accepted, not answered */
  uint64_t t_dec, t_ans, t_evict, t_restore, t_sig, t_rcmd, t_rdone, t_last_new;
  unsigned code, n_restore, n_yevict, n_ans;
  unsigned n_new_woken; /* new TBs started on SM ys after the signal, before the restore */
  uint64_t t_hand;      /* the first wake handed to SM ys (its wk_valid_i) after the signal */
  uint64_t yid;                 /* the yielding TB's identity */
  uint64_t id[NSM_ENV][TBS_ENV];
  unsigned kdone;
  uint32_t rdata;               /* the last read's data */
  /* random mode: yields per 1000 cycles (0: directed), yields taken (TAKEN or SPIN), restores */
  unsigned rnd_pct, n_taken, n_restores, n_codes[4];
  unsigned n_spin_full; /* yield(0) refused FULL: its SM's park was busy (issue 13) */
  uint64_t ans_max;     /* the longest acceptance -> answer of any yield (cycles) */
} yenv;
/* an accepted yield is answered within this many cycles (kmu_gpu.v's YANS_BOUND, the KMU_ASSERT
 * check beside the glue; docs/blocks/kmu_gpu.md, Yield: a saved spin of the SM leaves the
 * monitor within 2 NSM + 2 cycles, the lane is granted within NSM - 1 more, the answer's
 * register and kmu_sm's pass) */
#define ANS_BOUND (3 * NSM_ENV + 8)

static yenv Y;

#ifdef KMU_GPU_RTL
/* the RTL twin in lockstep: the Verilated kmu_gpu (tb/shim/kmu_gpu_shim.cpp) */
#define KMU_CUR_IN kmu_gpu_in
#define KMU_CUR_OUT kmu_gpu_out
static const kmu_sig rtl_outs[] = {KMU_GPU_OUT(KMU_SIGO) KMU_GPU_OUTL(KMU_SIGOL)};
extern const kmu_dut_ops kmu_gpu_dut_ops;
static void *rtl;
static kmu_gpu_out rtl_out;
static unsigned rtl_bad;
static uint64_t rtl_cycles;
static void rtl_reset(void) {
  static kmu_gpu_in zero;
  if (rtl) kmu_gpu_dut_ops.destroy(rtl);
  rtl = kmu_gpu_dut_ops.create();
  kmu_gpu_dut_ops.eval(rtl, &zero, &rtl_out);
  kmu_gpu_dut_ops.reset(rtl);
}
static void rtl_cmp(fuzz_env *e) {
  kmu_gpu_out om = e->out;
  memset(&rtl_out, 0, sizeof rtl_out);
  kmu_gpu_dut_ops.eval(rtl, &e->in, &rtl_out);
  *(uint64_t *)&om = 1; /* every out struct starts with the `always` qualifier */
  *(uint64_t *)&rtl_out = 1;
  rtl_cycles++;
  for (unsigned g = 0; g < sizeof rtl_outs / sizeof rtl_outs[0] && !rtl_bad; g++) {
    const kmu_sig *o = &rtl_outs[g];
    const unsigned nl = o->lanes ? P_NSM : 1;
    for (unsigned k = 0; k < nl; k++) {
      const unsigned qk = o->qual_lanes ? k : 0;
      const uint64_t q = kmu_sig_val(&om, o->qual_off, qk) | kmu_sig_val(&rtl_out, o->qual_off, qk);
      const uint64_t c = kmu_sig_val(&om, o->off, k), r = kmu_sig_val(&rtl_out, o->off, k);
      if (q && c != r) {
        printf("MISMATCH kmu_gpu_yield cycle=%" PRIu64 " signal=%s[%u] expected=0x%" PRIx64
               " actual=0x%" PRIx64 "\n", e->cycle, o->name, k, c, r);
        rtl_bad++;
        break;
      }
    }
  }
}
#endif

#ifdef KMU_GPU_RTL
#define LOCK_OK(test) CHECK(!rtl_bad, "the RTL twin in lockstep (%u mismatch)", rtl_bad)
#else
#define LOCK_OK(test) (void)0
#endif

static void y_done(void *user, const kmu_axi_op *op, unsigned resp, uint32_t rdata,
                   uint64_t cycle) {
  axi_done(user, op, resp, rdata, cycle);
  if (op && !op->write) Y.rdata = rdata;
}

static void step(fuzz_env *e) {
  yenv *y = &Y;
  drive(e);
  /* random mode: a new yield of a running TB (one in flight at a time), on one of 4 flags or 0 */
  if (y->rnd_pct && !y->y_on && !y->y_wait && kmu_rng_below(&e->rng, 1000) < y->rnd_pct) {
    const unsigned s0 = (unsigned)kmu_rng_below(&e->rng, NSM_ENV),
                   r0 = (unsigned)kmu_rng_below(&e->rng, TBS_ENV);
    const env_tb *t = &e->tb[s0][r0];
    if (t->busy && !t->held && !t->paused && t->due != NEVER && t->due > e->cycle + 2) {
      y->ys = s0, y->yr = r0, y->t_dec = 0, y->y_at = e->cycle;
      y->ya = kmu_rng_pct(&e->rng, 20) ? 0 : FLAG + 4 * (uint32_t)kmu_rng_below(&e->rng, 4);
    }
  }
  if (y->y_at && e->cycle >= y->y_at && !y->y_on && !y->y_wait && !y->t_dec) {
    y->y_on = 1;
    e->tb[y->ys][y->yr].due = NEVER; /* stalled at its yield instruction */
  }
  for (unsigned s = 0; s < NSM_ENV; s++) e->in.simt_yield_valid_i[s] = 0; /* (drive keeps in) */
  if (y->y_on) {
    e->in.simt_yield_valid_i[y->ys] = 1;
    e->in.simt_yield_rtb_i[y->ys] = y->yr;
    e->in.simt_yield_addr_i[y->ys] = y->ya;
  }
  kmu_gpu_comb(&e->m, &e->in, &e->out);
#ifdef KMU_GPU_RTL
  rtl_cmp(e);
#endif
  const kmu_gpu_out *o = &e->out;
  const kmu_gpu_wires *w = &e->m.w;
  y->kdone += o->kernel_done_o != 0;
  if (w->fe_o.ysig_valid_o & 1) y->t_sig = e->cycle; /* the YIELD_SIGNAL pulse (kmu_csr) */
  if (y->t_sig && !y->t_hand && (w->sm_i[y->ys].wk_valid_i & 1)) y->t_hand = e->cycle;
  if (y->y_on && (o->simt_yield_ready_o[y->ys] & 1)) {
    y->y_on = 0, y->y_wait = 1, y->t_dec = e->cycle;
    y->yid = y->id[y->ys][y->yr];
  }
  if (o->simt_yres_valid_o[y->ys] & 1) {
    y->y_wait = 0, y->n_ans++, y->t_ans = e->cycle;
    y->code = (unsigned)o->simt_yres_code_o[y->ys];
    y->n_codes[y->code & 3]++;
    y->n_spin_full += y->ya == 0 && y->code == KMU_YR_FULL;
    if (e->cycle - y->t_dec > y->ans_max) y->ans_max = e->cycle - y->t_dec;
    y->n_taken += y->code <= KMU_YR_SPIN;
    if (y->code >= KMU_YR_NOWORK) e->tb[y->ys][y->yr].due = e->cycle + 50; /* goes on */
  }
  if (y->t_dec && (o->simt_evict_valid_o[y->ys] & 1) && o->simt_evict_rtb_o[y->ys] == y->yr &&
      y->id[y->ys][y->yr] == y->yid && !y->t_evict)
    y->t_evict = e->cycle, y->n_yevict++;
  /* SM ys's restore command after the signal, and its last done before the restored start */
  if (y->t_sig && !y->t_rcmd && (o->ctx_cmd_valid_o[y->ys] & 1) &&
      (o->ctx_cmd_ready_o[y->ys] & 1) && o->ctx_cmd_op_o[y->ys] == KMU_CTX_OP_RESTORE)
    y->t_rcmd = e->cycle;
  if (y->t_rcmd && !y->t_restore && (o->ctx_done_o[y->ys] & 1)) y->t_rdone = e->cycle;
  const int st = (int)(o->simt_start_valid_o && e->in.simt_start_ready_i);
  const unsigned ssm = (unsigned)o->simt_start_sm_o, srtb = (unsigned)o->simt_start_rtb_o;
  const uint64_t sid = (uint64_t)o->simt_start_slot_o << 32 | o->simt_start_tb_o;
  if (st && (o->simt_start_restore_o & 1) && y->t_dec && sid == y->yid)
    y->n_restore++, y->t_restore = e->cycle;
  if (st && !(o->simt_start_restore_o & 1)) y->t_last_new = e->cycle;
  if (st && !(o->simt_start_restore_o & 1) && ssm == y->ys && y->t_sig && !y->t_restore)
    y->n_new_woken++;
  y->n_restores += st && (o->simt_start_restore_o & 1);
  observe(e);
  if (st && ssm < NSM_ENV && srtb < TBS_ENV) {
    y->id[ssm][srtb] = sid;
    e->tb[ssm][srtb].due = e->cycle + y->run_len;
  }
  kmu_gpu_tick(&e->m);
#ifdef KMU_GPU_RTL
  kmu_gpu_dut_ops.tick(rtl);
#endif
  e->cycle++;
}

static void run(fuzz_env *e, uint64_t n) {
  for (uint64_t k = 0; k < n; k++) step(e);
}

static void wr(fuzz_env *e, uint32_t a, uint32_t d) {
  while (!kmu_axim_write(&e->axi, a, d, 0xf, 0)) step(e);
}

/* an MMIO read, its data when the bus has answered */
static uint32_t rd(fuzz_env *e, uint32_t a) {
  while (!kmu_axim_read(&e->axi, a, 0)) step(e);
  while (!kmu_axim_idle(&e->axi)) step(e);
  return Y.rdata;
}

static void launch(fuzz_env *e, unsigned tbs) {
  wr(e, KMU_HL_KPTR_ADDR, KPTR_A);
  wr(e, KMU_HL_GRID_XY_ADDR, tbs | 1u << 16);
  wr(e, KMU_HL_GRID_Z_ADDR, 1);
  wr(e, KMU_HL_TB_XY_ADDR, 32 | 1u << 16); /* one warp */
  wr(e, KMU_HL_TB_Z_ADDR, 1);
  wr(e, KMU_HL_RES_ADDR, 0 | 16u << 16);
  wr(e, KMU_HL_PARAM_ADDR, 0);
  wr(e, KMU_HL_CPL_ADDR_ADDR, 0x100 + KPTR_A);
  wr(e, KMU_HL_CMD_ADDR, 1);
}

static void env_init_yw(fuzz_env *e, uint64_t seed, uint64_t run_len, unsigned yw) {
  memset(e, 0, sizeof *e);
  memset(&Y, 0, sizeof Y);
  Y.run_len = run_len;
  kmu_rng_seed(&e->rng, seed);
  kmu_axim_init(&e->axi, &e->rng, y_done, e);
  e->axi.aw_pct = e->axi.w_pct = e->axi.ar_pct = e->axi.b_pct = e->axi.r_pct = 100;
  e->mem_pct = 100;
  e->run_scale = 0;
  kmu_gpu_init(&e->m, &build_params);
  if (yw) { /* the monitor of a build with YW = yw (the RTL's parameter) */
    const kmu_yield_mon_params ymp = {P_NSM, yw, P_PTBS, P_CNT_W};
    kmu_yield_mon_free(&e->m.u_yield_mon);
    kmu_yield_mon_init(&e->m.u_yield_mon, &ymp);
  }
  kmu_gpu_reset(&e->m);
#ifdef KMU_GPU_RTL
  rtl_reset();
#endif
}
/* the harness's build sets YW (the RTL's parameter; -DP_YW for the C side) */
#ifdef P_YW
#define YW_BUILD P_YW
#else
#define YW_BUILD 0
#endif
static void env_init(fuzz_env *e, uint64_t seed, uint64_t run_len) {
  env_init_yw(e, seed, run_len, YW_BUILD);
}

/* a full GPU (RES resident TBs of 1500 cycles) and one more TB waiting: other work for a yield
 * of SM 0's entry 1 on FLAG + 8, raised 3 cycles later */
static void full_one_waiting(fuzz_env *e, uint64_t seed) {
  env_init(e, seed, 1500);
  launch(e, RES + 1);
  run(e, RUN_FILL);
  Y.ys = 0, Y.yr = 1, Y.ya = FLAG + 8;
  Y.y_at = e->cycle + 3;
}

/* the YIELD_SIGNAL write: cycles from its push to the monitor's sw_valid_i (the bus, kmu_csr's
 * register), measured on an address nobody waits on (the badaddr case) */
static uint64_t sig_lat;

static int t_badaddr(uint64_t seed) {
  static fuzz_env e;
  const char *test = "badaddr";
  env_init(&e, seed, 1500);
  launch(&e, RES + 1);
  run(&e, 100);
  const uint64_t t0 = e.cycle;
  wr(&e, KMU_YIELD_SIGNAL_ADDR, 0x12345678u);
  run(&e, 20);
  CHECK(Y.t_sig > t0, "the signal reached the monitor");
  sig_lat = Y.t_sig - t0;
  CHECK(e.m.u_yield_mon.q.cnt_wake == 0 && rd(&e, KMU_YIELD_WAKE_ADDR) == 0 &&
            rd(&e, KMU_YIELD_TAKE_ADDR) == 0 && rd(&e, KMU_YIELD_ERR_ADDR) == 0,
        "a signal nobody waits on: no wake, no count");
  CHECK(e.n_slverr == 0, "YIELD_SIGNAL / counter accesses answered OKAY");
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.badaddr seed=%" PRIu64 " (ignored, not counted; push -> monitor %"
         PRIu64 " cycles)\n", seed, sig_lat);
  kmu_gpu_free(&e.m);
  return 1;
}

/* a TB of SM 0 yields on FLAG; the signal reaches the monitor k cycles after the decision
 * (late: 3000 cycles after its save) */
static int race_one(uint64_t seed, int k, int late) {
  static fuzz_env e;
  const char *test = late ? "latency" : "race";
  env_init(&e, seed, 1500);
  launch(&e, RES + 1); /* RES resident, one waits: other work for the yield */
  run(&e, RUN_FILL);
  CHECK(e.n_start == RES, "the GPU is full (%" PRIu64 " starts)", e.n_start);
  Y.ys = 0, Y.yr = 1, Y.ya = FLAG + 8;
  /* the write's push at p, the yield raised at q (accepted in that cycle: the decision) */
  const uint64_t c0 = e.cycle + 10;
  uint64_t p = 0, q = c0;
  if (!late) {
    const int64_t pp = (int64_t)c0 + k - (int64_t)sig_lat;
    if (pp < (int64_t)e.cycle + 2) q += (uint64_t)((int64_t)e.cycle + 2 - pp), p = e.cycle + 2;
    else p = (uint64_t)pp;
  }
  Y.y_at = q;
  if (!late) {
    while (e.cycle < p) step(&e);
    wr(&e, KMU_YIELD_SIGNAL_ADDR, Y.ya);
  }
  while ((!Y.t_evict || (!late && !Y.t_sig)) && e.cycle < 20000) step(&e);
  CHECK(Y.code == KMU_YR_TAKEN && Y.n_ans == 1, "the yield TAKEN (code %u, %u answers)", Y.code,
        Y.n_ans);
  CHECK(Y.n_yevict == 1, "the yielding TB saved and evicted once");
  if (late) {
    run(&e, 3000);
    CHECK(Y.n_restore == 0, "no restore before the write");
    wr(&e, KMU_YIELD_SIGNAL_ADDR, Y.ya);
  } else {
    CHECK((int64_t)Y.t_sig - (int64_t)Y.t_dec == k, "the signal %" PRId64 " cycles after the "
          "decision (asked %d)", (int64_t)Y.t_sig - (int64_t)Y.t_dec, k);
    if (k < 0) {
      run(&e, 300);
      CHECK(Y.n_restore == 0, "a write before the decision is not seen (software's window)");
      wr(&e, KMU_YIELD_SIGNAL_ADDR, Y.ya);
    }
  }
  while (Y.kdone == 0 && e.cycle < 40000) step(&e);
  run(&e, 200);
  CHECK(Y.n_restore == 1, "the yielded TB restored exactly once (%u)", Y.n_restore);
  CHECK(Y.t_restore > Y.t_evict && Y.t_restore > Y.t_sig, "restored after its save and the write");
  CHECK(Y.kdone == 1, "the kernel completes once (%u)", Y.kdone);
  CHECK(e.n_done == RES + 1 && e.n_start == RES + 2, "%u TBs done once, as many starts + 1 "
        "restore (%" PRIu64 " done, %" PRIu64 " starts)", RES + 1, e.n_done, e.n_start);
  CHECK(rd(&e, KMU_YIELD_TAKE_ADDR) == 1 && rd(&e, KMU_YIELD_WAKE_ADDR) == 1,
        "YIELD_TAKE = YIELD_WAKE = 1");
  LOCK_OK(test);
  if (late) {
    const uint64_t rst = Y.t_rdone - Y.t_rcmd + 1, lat = Y.t_restore - Y.t_sig;
    CHECK(Y.t_rcmd && lat <= rst + 10, "watched write -> TB issuing again %" PRIu64
          " cycles, restore %" PRIu64 " + 10", lat, rst);
    printf("PASS kmu_gpu_yield.latency seed=%" PRIu64 " watched write -> restored TB started %"
           PRIu64 " cycles = restore %" PRIu64 " + %" PRIu64 " (target: restore + 10)\n", seed,
           lat, rst, lat - rst);
  }
  kmu_gpu_free(&e.m);
  return 1;
}

static int t_race(uint64_t seed) {
  for (int k = -1; k <= 30; k++)
    if (!race_one(seed, k, 0)) return 0;
  printf("PASS kmu_gpu_yield.race seed=%" PRIu64 " (signal at decision + 0..30: woken, restored "
         "once; at decision - 1: not seen, the next write wakes it)\n", seed);
  return race_one(seed, 0, 1);
}

static int t_nowork(uint64_t seed) {
  static fuzz_env e;
  const char *test = "nowork";
  env_init(&e, seed, 600);
  launch(&e, 2); /* nothing waits */
  run(&e, 100);
  Y.ys = 0, Y.yr = 0, Y.ya = FLAG;
  Y.y_at = e.cycle + 5;
  while (Y.kdone == 0 && e.cycle < 20000) step(&e);
  run(&e, 100);
  CHECK(Y.n_ans == 1 && Y.code == KMU_YR_NOWORK, "refused NOWORK (%u answers, code %u)", Y.n_ans,
        Y.code);
  CHECK(Y.n_yevict == 0 && e.n_evict == 0, "nothing saved");
  CHECK(Y.kdone == 1 && e.n_done == 2, "the kernel completes (%u)", Y.kdone);
  CHECK(rd(&e, KMU_YIELD_NOWORK_ADDR) == 1 && rd(&e, KMU_YIELD_TAKE_ADDR) == 0,
        "YIELD_NOWORK = 1, YIELD_TAKE = 0");
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.nowork seed=%" PRIu64 "\n", seed);
  kmu_gpu_free(&e.m);
  return 1;
}

static int t_reserve(uint64_t seed) {
  static fuzz_env e;
  const char *test = "reserve";
  full_one_waiting(&e, seed);
  CHECK(e.n_start == RES, "the GPU is full (%" PRIu64 " starts)", e.n_start);
  /* SM 0 for event kernels only: the waiting TB cannot go there; the yield after that */
  Y.y_at = 0;
  wr(&e, KMU_SM_RESERVE_ADDR, 1);
  Y.y_at = e.cycle + 3;
  while ((Y.y_on || Y.y_wait || !Y.n_ans) && e.cycle < 20000) step(&e);
  CHECK(Y.n_ans == 1 && Y.code == KMU_YR_NOWORK, "SM 0 (reserved): refused NOWORK (code %u)",
        Y.code);
  CHECK(Y.n_yevict == 0 && e.n_evict == 0, "nothing saved");
  /* the same yield on SM 1, where the waiting TB may start: taken */
  Y.ys = 1, Y.yr = 2, Y.t_dec = 0, Y.y_at = e.cycle + 3;
  while ((!Y.t_dec || Y.y_wait) && e.cycle < 20000) step(&e);
  CHECK(Y.n_ans == 2 && Y.code == KMU_YR_TAKEN, "SM 1: TAKEN (code %u)", Y.code);
  while (!Y.t_evict && e.cycle < 20000) step(&e);
  wr(&e, KMU_YIELD_SIGNAL_ADDR, Y.ya);
  while (Y.kdone == 0 && e.cycle < 40000) step(&e);
  run(&e, 100);
  CHECK(Y.n_restore == 1 && Y.kdone == 1 && e.n_done == RES + 1, "restored once (%u), the "
        "kernel completes, every TB done (%" PRIu64 ")", Y.n_restore, e.n_done);
  CHECK(rd(&e, KMU_YIELD_NOWORK_ADDR) == 1 && rd(&e, KMU_YIELD_TAKE_ADDR) == 1,
        "YIELD_NOWORK = YIELD_TAKE = 1");
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.reserve seed=%" PRIu64 " (reserved SM 0: NOWORK; SM 1: TAKEN)\n",
         seed);
  kmu_gpu_free(&e.m);
  return 1;
}

static int t_full(uint64_t seed) {
  static fuzz_env e;
  const char *test = "full";
  /* 6 watch entries (kmu_gpu's YW): with 8 (the default) the small GPU never fills the table,
   * 2 SMs x PTBS 4 preempted-table entries hold at most 8 yielded TBs, and an SM holds a yield
   * while its table is full (kmu_sm.md) */
  env_init_yw(&e, seed, 100000, 6); /* nothing finishes on its own */
  launch(&e, RES + 64);
  run(&e, RUN_FILL);
  unsigned taken = 0;
  for (unsigned n = 0; n < 7; n++) {
    /* the next yield: a running TB of SM n % 2, entry of the lowest index holding one */
    const unsigned s = n % 2;
    unsigned r = 0;
    while (r < TBS_ENV && (!e.tb[s][r].busy || e.tb[s][r].held)) r++;
    CHECK(r < TBS_ENV, "a running TB on SM %u", s);
    const uint64_t dec0 = Y.t_dec;
    Y.ys = s, Y.yr = r, Y.ya = FLAG + 4 * n;
    Y.t_dec = 0, Y.y_at = e.cycle + 1;
    while (!Y.t_dec && e.cycle < 20000) step(&e);
    while (Y.y_wait && e.cycle < 20000) step(&e);
    CHECK(Y.t_dec > dec0, "yield %u decided", n);
    if (n < 6) {
      CHECK(Y.code == KMU_YR_TAKEN, "yield %u TAKEN (code %u)", n, Y.code);
      taken++;
      run(&e, 300); /* its save; a new TB of the kernel takes the slot */
    } else {
      CHECK(Y.code == KMU_YR_FULL, "the 7th refused FULL (code %u)", Y.code);
    }
  }
  CHECK(rd(&e, KMU_YIELD_TAKE_ADDR) == 6 && rd(&e, KMU_YIELD_FULL_ADDR) == 1,
        "YIELD_TAKE = 6, YIELD_FULL = 1");
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.full seed=%" PRIu64 " (YW 6: %u taken, the 7th FULL)\n", seed,
         taken);
  kmu_gpu_free(&e.m);
  return 1;
}

static int t_spin(uint64_t seed) {
  static fuzz_env e;
  const char *test = "spin";
  env_init(&e, seed, PAPER ? 4000 : 400);
  launch(&e, RES + 8);
  run(&e, RUN_FILL);
  Y.ys = 1, Y.yr = 2, Y.ya = 0; /* yield(0) */
  Y.y_at = e.cycle + 3;
  while (Y.kdone == 0 && e.cycle < 40000) step(&e);
  run(&e, 100);
  CHECK(Y.n_ans == 1 && Y.code == KMU_YR_SPIN, "SPIN (%u answers, code %u)", Y.n_ans, Y.code);
  CHECK(Y.n_restore == 1, "restored exactly once (%u)", Y.n_restore);
  CHECK(Y.t_restore > Y.t_last_new, "restored after the kernel's last new TB started (tail): %"
        PRIu64 " vs %" PRIu64, Y.t_restore, Y.t_last_new);
  CHECK(Y.kdone == 1 && e.n_done == RES + 8, "the kernel completes, every TB done (%" PRIu64 ")",
        e.n_done);
  CHECK(rd(&e, KMU_YIELD_SPIN_ADDR) == 1, "YIELD_SPIN = 1");
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.spin seed=%" PRIu64 " (restored at %" PRIu64 ", after the last new "
         "TB at %" PRIu64 ")\n", seed, Y.t_restore, Y.t_last_new);
  kmu_gpu_free(&e.m);
  return 1;
}

static int t_tail(uint64_t seed, unsigned tail) {
  static fuzz_env e;
  const char *test = tail ? "tail" : "head";
  env_init(&e, seed, PAPER ? 4000 : 400);
  wr(&e, KMU_YIELD_CTRL_ADDR, tail << KMU_YIELD_CTRL_TAIL_SHIFT);
  CHECK(rd(&e, KMU_YIELD_CTRL_ADDR) == tail, "YIELD_CTRL reads back %u", tail);
  launch(&e, RES + 8); /* RES resident, 8 waiting */
  run(&e, RUN_FILL);
  Y.ys = 0, Y.yr = 1, Y.ya = FLAG + 8;
  Y.y_at = e.cycle + 3;
  while (!Y.t_evict && e.cycle < 20000) step(&e);
  wr(&e, KMU_YIELD_SIGNAL_ADDR, Y.ya); /* woken at once: new TBs still wait */
  while (Y.kdone == 0 && e.cycle < 40000) step(&e);
  run(&e, 100);
  CHECK(Y.n_ans == 1 && Y.code == KMU_YR_TAKEN, "TAKEN (%u answers, code %u)", Y.n_ans, Y.code);
  CHECK(Y.n_restore == 1, "restored exactly once (%u)", Y.n_restore);
  CHECK(Y.t_restore > Y.t_sig, "restored after the write");
  if (tail) /* parked: handed to its SM once no new TB of the kernel is left to start */
    CHECK(Y.t_hand > Y.t_last_new && Y.t_restore > Y.t_last_new, "TAIL: handed (%" PRIu64
          ") and restored (%" PRIu64 ") after the kernel's last new TB started (%" PRIu64 ")",
          Y.t_hand, Y.t_restore, Y.t_last_new);
  else /* handed at once, the head of its SM: no new TB there before it (paper: the other SMs
        * take the waiting TBs, the restore waits for a free entry of its SM) */
    CHECK(Y.t_hand && Y.t_hand <= Y.t_sig + 4 && Y.n_new_woken == 0 &&
              (PAPER || Y.t_restore < Y.t_last_new),
          "head: handed %" PRIu64 " cycles after the signal, restored before any new TB of its "
          "SM (%u started after the write) and (small) the kernel's last new TB: %" PRIu64
          " vs %" PRIu64, Y.t_hand - Y.t_sig, Y.n_new_woken, Y.t_restore, Y.t_last_new);
  CHECK(Y.kdone == 1 && e.n_done == RES + 8, "the kernel completes, every TB done (%" PRIu64 ")",
        e.n_done);
  CHECK(rd(&e, KMU_YIELD_WAKE_ADDR) == 1 && rd(&e, KMU_YIELD_TAKE_ADDR) == 1,
        "YIELD_TAKE = YIELD_WAKE = 1");
  CHECK(e.n_slverr == 0, "YIELD_CTRL accesses answered OKAY");
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.%s seed=%" PRIu64 " (signal at %" PRIu64 ", handed at %" PRIu64
         ", restored at %" PRIu64 ", the last new TB at %" PRIu64 ")\n", test, seed, Y.t_sig,
         Y.t_hand, Y.t_restore, Y.t_last_new);
  kmu_gpu_free(&e.m);
  return 1;
}

static int t_bound(uint64_t seed, unsigned k, unsigned tail) {
  static fuzz_env e;
  const char *test = "bound";
  /* new TBs keep coming for ~W * run / RES cycles: ~3000 small, ~470 paper (> 16 * 2^3 + 1) */
  const unsigned w_new = PAPER ? 200 : 88;
  env_init(&e, seed, PAPER ? 1200 : 300);
  wr(&e, KMU_YIELD_CTRL_ADDR,
     tail << KMU_YIELD_CTRL_TAIL_SHIFT | k << KMU_YIELD_CTRL_MAXWAIT_SHIFT);
  launch(&e, RES + w_new);
  run(&e, RUN_FILL);
  Y.ys = 1, Y.yr = 2, Y.ya = tail ? FLAG + 8 : 0;
  Y.y_at = e.cycle + 3;
  uint64_t t_pk = 0, t_hand = 0;
  while (Y.kdone == 0 && e.cycle < 40000) {
    if (tail && Y.t_evict && !Y.t_sig) wr(&e, KMU_YIELD_SIGNAL_ADDR, Y.ya);
    step(&e);
    /* after the step: the parked entry (registered) and the SM's wake input of this cycle */
    if (!t_pk && ((e.m.q.yp_valid >> Y.ys) & 1)) t_pk = e.cycle - 1; /* the park's cycle */
    if (t_pk && !t_hand && (e.m.w.sm_i[Y.ys].wk_valid_i & 1)) t_hand = e.cycle - 1;
  }
  run(&e, 100);
  CHECK(Y.n_ans == 1 && Y.code == (tail ? KMU_YR_TAKEN : KMU_YR_SPIN), "answer (code %u)",
        Y.code);
  CHECK(t_pk && t_hand, "parked at %" PRIu64 ", handed at %" PRIu64, t_pk, t_hand);
  const uint64_t lo = 8ull << k, hi = (16ull << k) + 1, dt = t_hand - t_pk;
  CHECK(dt > lo && dt <= hi, "handed %" PRIu64 " cycles after the park (bound (%" PRIu64
        ", %" PRIu64 "])", dt, lo, hi);
  CHECK(Y.t_last_new > t_hand, "new TBs still came after the hand-off (last new TB at %" PRIu64
        ")", Y.t_last_new);
  CHECK(Y.n_restore == 1 && Y.kdone == 1 && e.n_done == RES + w_new, "restored once (%u), the "
        "kernel completes, every TB done (%" PRIu64 ")", Y.n_restore, e.n_done);
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.bound seed=%" PRIu64 " MAXWAIT %u %s: handed %" PRIu64 " cycles "
         "after the park (bound (%" PRIu64 ", %" PRIu64 "]), new TBs until %" PRIu64 "\n", seed,
         k, tail ? "tail wake" : "spin", dt, lo, hi, Y.t_last_new);
  kmu_gpu_free(&e.m);
  return 1;
}

/* the next running TB of SM s (the lowest entry holding one), TBS_ENV if none */
static unsigned running_tb(fuzz_env *e, unsigned s) {
  unsigned r = 0;
  while (r < TBS_ENV && (!e->tb[s][r].busy || e->tb[s][r].held || e->tb[s][r].due == NEVER)) r++;
  return r;
}

/* one yield of SM s's next running TB on addr a, stepped until answered; its code */
static unsigned yield_now(fuzz_env *e, unsigned s, uint32_t a) {
  const unsigned r = running_tb(e, s);
  if (r >= TBS_ENV) return 99;
  const unsigned n0 = Y.n_ans;
  Y.ys = s, Y.yr = r, Y.ya = a, Y.t_dec = 0, Y.t_evict = 0, Y.y_at = e->cycle + 1;
  while (Y.n_ans == n0 && e->cycle < 60000) step(e);
  return Y.n_ans == n0 ? 98 : Y.code;
}

/* spin3 (issue 13, workloads/hw/io_spin_hang.wl): three yield(0) on one full SM while new TBs
 * wait.  The first is SPIN (saved, parked); the second and third come while the park is busy:
 * refused FULL (the TB goes on), each answered within ANS_BOUND cycles of its acceptance.
 * Before the fix the second was SPIN too, its wake held the monitor's wake port, and the
 * third was accepted by kmu_sm and never answered: the TB held the SM forever. */
static int t_spin3(uint64_t seed) {
  static fuzz_env e;
  const char *test = "spin3";
  env_init(&e, seed, PAPER ? 6000 : 2000);
  launch(&e, RES + 8);
  run(&e, RUN_FILL);
  unsigned c[3];
  for (unsigned n = 0; n < 3; n++) {
    c[n] = yield_now(&e, 1, 0);
    CHECK(c[n] == (n ? KMU_YR_FULL : KMU_YR_SPIN), "spin %u: %s (code %u)", n,
          n ? "FULL (the park is busy)" : "SPIN", c[n]);
    run(&e, 200); /* its save and park (the first), or it goes on */
  }
  CHECK(Y.ans_max <= ANS_BOUND, "every yield answered within %u cycles of its acceptance "
        "(longest %" PRIu64 ")", ANS_BOUND, Y.ans_max);
  while (Y.kdone == 0 && e.cycle < 60000) step(&e);
  run(&e, 100);
  CHECK(Y.n_restores == 1, "the spin restored exactly once (%u)", Y.n_restores);
  CHECK(Y.kdone == 1 && e.n_done == RES + 8, "the kernel completes, every TB done once (%" PRIu64
        ")", e.n_done);
  CHECK(rd(&e, KMU_YIELD_SPIN_ADDR) == 1 && rd(&e, KMU_YIELD_FULL_ADDR) == 2,
        "YIELD_SPIN = 1, YIELD_FULL = 2");
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.spin3 seed=%" PRIu64 " (SPIN, FULL, FULL; longest answer %" PRIu64
         " cycles, bound %u)\n", seed, Y.ans_max, ANS_BOUND);
  kmu_gpu_free(&e.m);
  return 1;
}

/* wokenwork (issue 13, bug 2): a woken TB waiting at its SM for room is other work.  A full GPU
 * and one TB waiting; TB A of SM 0 yields (TAKEN), the waiting TB takes its entry, the
 * dispatcher holds nothing more; A is woken and waits at SM 0 (full).  TB B of SM 0 yields:
 * TAKEN, not NOWORK (A wants the SM); A is restored in B's place; B woken later; every TB done
 * once, both restored once. */
static int t_wokenwork(uint64_t seed) {
  static fuzz_env e;
  const char *test = "wokenwork";
  env_init(&e, seed, PAPER ? 8000 : 3000);
  launch(&e, RES + 1);
  run(&e, RUN_FILL);
  CHECK(yield_now(&e, 0, FLAG) == KMU_YR_TAKEN, "A: TAKEN (code %u)", Y.code);
  while (!Y.t_evict && e.cycle < 20000) step(&e);
  run(&e, 50); /* the waiting TB starts in A's place: nothing left in the dispatcher */
  CHECK(e.n_start == RES + 1, "every new TB started (%" PRIu64 ")", e.n_start);
  wr(&e, KMU_YIELD_SIGNAL_ADDR, FLAG);
  run(&e, 20); /* A handed to SM 0, waits for room */
  CHECK(Y.n_restores == 0 && (e.m.w.sm_o[0].rst_wait_o & 1), "A woken, waiting at SM 0");
  const unsigned cb = yield_now(&e, 0, FLAG + 4);
  CHECK(cb == KMU_YR_TAKEN, "B: TAKEN with only a woken TB waiting (code %u; NOWORK = 2)", cb);
  while (Y.n_restores == 0 && e.cycle < 30000) step(&e);
  CHECK(Y.n_restores == 1, "A restored in B's place");
  wr(&e, KMU_YIELD_SIGNAL_ADDR, FLAG + 4);
  while (Y.kdone == 0 && e.cycle < 60000) step(&e);
  run(&e, 100);
  CHECK(Y.n_restores == 2 && Y.kdone == 1 && e.n_done == RES + 1, "both restored once (%u), the "
        "kernel completes, every TB done once (%" PRIu64 ")", Y.n_restores, e.n_done);
  CHECK(rd(&e, KMU_YIELD_TAKE_ADDR) == 2 && rd(&e, KMU_YIELD_NOWORK_ADDR) == 0,
        "YIELD_TAKE = 2, YIELD_NOWORK = 0");
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.wokenwork seed=%" PRIu64 " (a yield beside a woken TB waiting: "
         "TAKEN)\n", seed);
  kmu_gpu_free(&e.m);
  return 1;
}

static int t_wkerr(uint64_t seed) {
  static fuzz_env e;
  const char *test = "wkerr";
  full_one_waiting(&e, seed);
  while (!Y.t_evict && e.cycle < 20000) step(&e);
  CHECK(Y.code == KMU_YR_TAKEN && Y.n_yevict == 1, "TAKEN and saved (code %u)", Y.code);
  const uint32_t lid = rd(&e, KMU_TR_LAST_LID_ADDR) & 0xFFFFu;
  wr(&e, KMU_TR_CMD_ADDR,
     KMU_TREM_KIND_LID << KMU_TR_CMD_KIND_SHIFT | lid << KMU_TR_CMD_ID_SHIFT); /* retire */
  uint32_t res = 0;
  for (unsigned k = 0; k < 200 && !(res & KMU_TR_RESULT_DONE_MASK); k++) {
    run(&e, 20);
    res = rd(&e, KMU_TR_RESULT_ADDR);
  }
  CHECK((res & KMU_TR_RESULT_DONE_MASK) &&
            ((res >> KMU_TR_RESULT_STATUS_SHIFT) & 7) == KMU_TREM_STATUS_OK,
        "the kernel retired (TR_RESULT 0x%08x)", res);
  run(&e, 200);
  CHECK(rd(&e, KMU_YIELD_WKERR_ADDR) == 0, "YIELD_WKERR = 0 before the wake");
  wr(&e, KMU_YIELD_SIGNAL_ADDR, Y.ya);
  run(&e, 200);
  CHECK(rd(&e, KMU_YIELD_WAKE_ADDR) == 1, "the monitor woke it (YIELD_WAKE = 1)");
  CHECK(Y.n_restore == 0, "nothing restored (%u)", Y.n_restore);
  CHECK(rd(&e, KMU_YIELD_WKERR_ADDR) == 1, "the refused wake counted: YIELD_WKERR = 1");
  CHECK(rd(&e, KMU_YIELD_ERR_ADDR) == 0, "YIELD_ERR = 0 (the monitor saw nothing wrong)");
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.wkerr seed=%" PRIu64 " (retired while asleep: woken, refused, "
         "YIELD_WKERR = 1)\n", seed);
  kmu_gpu_free(&e.m);
  return 1;
}

/* random: 3 kernels of 64 TBs (600 cycles each), random yields (a fifth of them yield(0)) on 4 flags, random
 * YIELD_SIGNAL writes to them, then a drain that signals every flag until all is done.
 * Conservation: every TB done exactly once, every kernel complete once, every taken yield
 * (TAKEN or SPIN) restored exactly once (no preemption policy: a restore is a yield's), the
 * counters equal to the answers seen. */
static unsigned rnd_cov[4], rnd_cov_tail[2]; /* answers over every random run; taken by TAIL */
static unsigned rnd_cov_spinfull;             /* spins refused FULL (the park busy) */
static int t_random(uint64_t seed) {
  static fuzz_env e;
  const char *test = "random";
  /* 3 kernels of KT TBs; at the paper size a kernel fills the GPU once and its TBs run longer,
   * so that work waits for most of the run (yields are taken only then) */
  const unsigned kt = PAPER ? RES : 64, nt = 3 * kt;
  env_init(&e, seed, PAPER ? 6000 : 600);
  /* YIELD_CTRL: TAIL head or tail; MAXWAIT unbounded half the time, else 1..6 */
  const unsigned tail = (unsigned)kmu_rng_below(&e.rng, 2);
  const unsigned mw = kmu_rng_pct(&e.rng, 50) ? 0 : 1 + (unsigned)kmu_rng_below(&e.rng, 6);
  wr(&e, KMU_YIELD_CTRL_ADDR,
     tail << KMU_YIELD_CTRL_TAIL_SHIFT | mw << KMU_YIELD_CTRL_MAXWAIT_SHIFT);
  launch(&e, kt);
  launch(&e, kt);
  launch(&e, kt);
  Y.rnd_pct = 20 + (unsigned)kmu_rng_below(&e.rng, 60);
  const unsigned sig_pct = 1 + (unsigned)kmu_rng_below(&e.rng, 10);
  const uint64_t t_end = e.cycle + 20000;
  while (e.cycle < t_end) {
    if (kmu_axim_idle(&e.axi) && kmu_rng_below(&e.rng, 100) < sig_pct)
      kmu_axim_write(&e.axi, KMU_YIELD_SIGNAL_ADDR, FLAG + 4 * (uint32_t)kmu_rng_below(&e.rng, 4),
                     0xf, 0);
    step(&e);
  }
  Y.rnd_pct = 0;
  for (unsigned k = 0; k < 400 && (Y.kdone < 3 || Y.y_on || Y.y_wait); k++) {
    for (uint32_t f = 0; f < 4; f++) wr(&e, KMU_YIELD_SIGNAL_ADDR, FLAG + 4 * f);
    run(&e, 200);
  }
  run(&e, 200);
  CHECK(Y.kdone == 3, "every kernel completes once (%u of 3)", Y.kdone);
  CHECK(e.n_done == nt, "every TB done exactly once (%" PRIu64 " of %u)", e.n_done, nt);
  CHECK(Y.n_restores == Y.n_taken, "every taken yield restored exactly once (%u taken, %u "
        "restores)", Y.n_taken, Y.n_restores);
  CHECK(e.n_start == nt + Y.n_restores, "starts = TBs + restores (%" PRIu64 ")", e.n_start);
  CHECK(rd(&e, KMU_YIELD_TAKE_ADDR) == Y.n_codes[KMU_YR_TAKEN] &&
            rd(&e, KMU_YIELD_SPIN_ADDR) == Y.n_codes[KMU_YR_SPIN] &&
            rd(&e, KMU_YIELD_FULL_ADDR) == Y.n_codes[KMU_YR_FULL] &&
            rd(&e, KMU_YIELD_NOWORK_ADDR) == Y.n_codes[KMU_YR_NOWORK] &&
            rd(&e, KMU_YIELD_WAKE_ADDR) == Y.n_codes[KMU_YR_TAKEN] &&
            rd(&e, KMU_YIELD_ERR_ADDR) == 0 && rd(&e, KMU_YIELD_WKERR_ADDR) == 0,
        "the YIELD_* counters match the answers");
  CHECK(Y.n_taken > 0, "coverage: a yield taken (TAKEN %u, SPIN %u)", Y.n_codes[0], Y.n_codes[1]);
  CHECK(Y.ans_max <= ANS_BOUND, "every yield answered within %u cycles of its acceptance "
        "(longest %" PRIu64 ")", ANS_BOUND, Y.ans_max);
  for (unsigned c = 0; c < 4; c++) rnd_cov[c] += Y.n_codes[c];
  rnd_cov_spinfull += Y.n_spin_full;
  rnd_cov_tail[tail] += Y.n_taken;
  LOCK_OK(test);
  printf("PASS kmu_gpu_yield.random seed=%" PRIu64 " %s MAXWAIT %u, %" PRIu64 " cycles: yields "
         "TAKEN %u SPIN %u NOWORK %u FULL %u (spins %u), %u restores, %u TBs done once, "
         "longest answer %" PRIu64 "\n", seed, tail ? "tail" : "head", mw, e.cycle,
         Y.n_codes[0], Y.n_codes[1], Y.n_codes[2], Y.n_codes[3], Y.n_spin_full, Y.n_restores, nt,
         Y.ans_max);
  kmu_gpu_free(&e.m);
  return 1;
}

int main(void) {
  const char *s = getenv("SEED");
  const uint64_t seed = s ? strtoull(s, NULL, 0) : 1;
  if (t_badaddr(seed)) t_race(seed);
  t_nowork(seed);
  t_reserve(seed);
  t_full(seed);
  t_spin(seed);
  t_tail(seed, 0);
  t_tail(seed, 1);
  t_bound(seed, 2, 0);
  t_bound(seed, 3, 1);
  t_spin3(seed);
  t_wokenwork(seed);
  t_wkerr(seed);
  for (uint64_t k = 0; k < 3; k++) t_random(seed + k);
  /* coverage over the random runs: every answer, FULL only for spins (YW 8 never fills: a spin
   * while its SM's park is busy), head and tail */
  for (uint64_t k = 3; k < 12 && !(rnd_cov_tail[0] && rnd_cov_tail[1] && rnd_cov_spinfull &&
                                    rnd_cov[KMU_YR_NOWORK]); k++)
    t_random(seed + k);
  {
    const char *test = "random_cov";
    const int ok = rnd_cov[KMU_YR_TAKEN] && rnd_cov[KMU_YR_SPIN] && rnd_cov[KMU_YR_NOWORK] &&
                   rnd_cov_spinfull && rnd_cov_tail[0] && rnd_cov_tail[1];
    printf("%s kmu_gpu_yield.%s seed=%" PRIu64 " TAKEN %u SPIN %u NOWORK %u, spins FULL %u, "
           "taken with head %u with tail %u\n", ok ? "PASS" : "FAIL", test, seed, rnd_cov[0],
           rnd_cov[1], rnd_cov[2], rnd_cov_spinfull, rnd_cov_tail[0], rnd_cov_tail[1]);
    n_fail += !ok;
  }
#ifdef KMU_GPU_RTL
  printf("%s kmu_gpu_yield.lockstep seed=%" PRIu64 " %" PRIu64 " cycles, RTL and C compared on "
         "every output\n", rtl_bad ? "FAIL" : "PASS", seed, rtl_cycles);
  if (rtl) kmu_gpu_dut_ops.destroy(rtl);
#endif
  return n_fail || (
#ifdef KMU_GPU_RTL
                       rtl_bad
#else
                       0
#endif
                       ) ? 1 : 0;
}
