/* test_kmu_gpu_trem.c - system-level directed tests of TReM's automatic policies on the system
 * C model (cmodel/kmu_gpu.c, small configuration), driven through the register map like
 * software would (scripts/test_kmu_gpu_trem.sh builds and runs it).
 *
 * The environment is fuzz_gpu_mmio.c's well-behaved one (AXI4-Lite master, SIMT side that takes
 * every start, pauses and evicts on request, memory), included so that it exists once; its
 * checks stay on (a TB start into a busy entry, an eviction of a TB not held paused, hw_err_o).
 * TBs run 1..8192 cycles (run_scale 5), so that a GPU full of batch work stays full.
 *
 * Tests (expected behaviour from TReM IV-A/IV-B and docs/blocks/kmu_trem_policy.md):
 *   priority  a batch kernel (64 one-warp TBs, priority 0) fills both SMs; a user-facing kernel
 *             (2 TBs, priority 3) arrives.  PRIORITY: exactly one automatic ROOM request, the
 *             batch kernel revoked (status OK) and replayed, the user-facing kernel's first TB
 *             starts within 100 cycles of its launch; TR_CMD's side sees no completion.  OFF:
 *             no request, no revocation; the user-facing kernel waits for batch TBs to finish.
 *             Both: each kernel completes exactly once.
 *   elastic   ELASTIC, SLA = 1000 cycles, timer 64 cycles: after the user-facing arrival U
 *             becomes 1 (no sample yet: l_e = SLA, q = 1); SM 0 is the user SM: one ROOM_EL
 *             request revokes the batch kernel (no estimate: not protected), the user-facing
 *             TBs start on SM 0 only, and batch TBs start only on SM 1 while U = 1. */
#include "fuzz/fuzz_gpu_mmio.c"

#define KMU_GPU_CHECK_SUITE "kmu_gpu_trem"
#include "kmu_gpu_check.h"

enum { KPTR_BATCH = 0x1000, KPTR_USER = 0x2000 };

typedef struct {
  uint64_t user_launch, user_first, user_done_cycle;
  unsigned kdone, cmd_done, auto_done, auto_req, el_req, batch_sm0_split, user_sm1, user_starts;
} obs;

static void wr(fuzz_env *e, uint32_t a, uint32_t d) {
  while (!kmu_axim_write(&e->axi, a, d, 0xf, 0)) cycle(e);
}

/* a register read through the bus: the data of the first R handshake after the request (the
 * environment's master has nothing else outstanding here) */
static uint32_t rd(fuzz_env *e, uint32_t a) {
  while (!kmu_axim_read(&e->axi, a, 0)) cycle(e);
  for (unsigned k = 0; k < 1000; k++) {
    drive(e);
    kmu_gpu_comb(&e->m, &e->in, &e->out);
    const int hs = e->out.s_rvalid_o && e->in.s_rready_i;
    const uint32_t d = (uint32_t)e->out.s_rdata_o;
    observe(e);
    kmu_gpu_tick(&e->m);
    e->cycle++;
    if (hs) return d;
  }
  return 0xdeadbeefu;
}

static void launch(fuzz_env *e, uint32_t kptr, unsigned tbs, unsigned prio, unsigned user) {
  wr(e, KMU_HL_KPTR_ADDR, kptr);
  wr(e, KMU_HL_GRID_XY_ADDR, tbs | 1u << 16);
  wr(e, KMU_HL_GRID_Z_ADDR, 1);
  wr(e, KMU_HL_TB_XY_ADDR, 32 | 1u << 16); /* one warp */
  wr(e, KMU_HL_TB_Z_ADDR, 1);
  wr(e, KMU_HL_RES_ADDR, 0 | 16u << 16 | prio << 24 | user << KMU_HL_RES_CLASS_SHIFT);
  wr(e, KMU_HL_PARAM_ADDR, 0);
  wr(e, KMU_HL_CPL_ADDR_ADDR, 0x100 + kptr);
  wr(e, KMU_HL_CMD_ADDR, 1);
}

/* one cycle, with the observations of the policy's wires (the model's nets of this cycle) */
static void step(fuzz_env *e, obs *b) {
  drive(e);
  kmu_gpu_comb(&e->m, &e->in, &e->out);
  const kmu_gpu_wires *w = &e->m.w;
  const kmu_gpu_out *o = &e->out;
  b->kdone += o->kernel_done_o != 0;
  b->cmd_done += w->fe_i.trem_done_valid_i & 1; /* what the TReM window (kmu_csr) sees */
  b->auto_done += w->tp_o.auto_done_o & 1;
  if (w->tp_o.rv_valid_o && w->rv_o.req_ready_o && !w->tp_i.csr_valid_i) {
    b->auto_req++;
    b->el_req += w->tp_o.rv_kind_o == KMU_TREM_KIND_ROOM_EL;
  }
  if (o->simt_start_valid_o && e->in.simt_start_ready_i) {
    const int user = o->simt_start_kptr_o == KPTR_USER;
    if (user && !b->user_first) b->user_first = e->cycle;
    b->user_starts += user;
    if (w->tp_o.part_o && (w->tp_o.umask_o & 1)) {
      b->batch_sm0_split += !user && o->simt_start_sm_o == 0;
      b->user_sm1 += user && o->simt_start_sm_o == 1;
    }
  }
  observe(e);
  kmu_gpu_tick(&e->m);
  e->cycle++;
}

static void env_init(fuzz_env *e, uint64_t seed) {
  memset(e, 0, sizeof *e);
  kmu_rng_seed(&e->rng, seed);
  kmu_axim_init(&e->axi, &e->rng, axi_done, e);
  e->axi.aw_pct = e->axi.w_pct = e->axi.ar_pct = e->axi.b_pct = e->axi.r_pct = 100;
  e->mem_pct = 100;
  e->run_scale = 5; /* TBs of 1..8192 cycles */
  kmu_gpu_init(&e->m, &build_params);
  kmu_gpu_reset(&e->m);
}

/* the batch kernel fills the GPU, then the user-facing kernel arrives; run until both are done */
static int scenario(const char *test, fuzz_env *e, unsigned pol, obs *b) {
  memset(b, 0, sizeof *b);
  if (pol == KMU_TREM_POL_ELASTIC) {
    wr(e, KMU_TR_SLA_ADDR, 1000);
    wr(e, KMU_TR_PERIOD_ADDR, 64);
  }
  wr(e, KMU_TR_CTRL_ADDR, KMU_TR_CTRL_RESET | pol << KMU_TR_CTRL_POLICY_SHIFT);
  launch(e, KPTR_BATCH, 64, 0, 0);
  for (unsigned k = 0; k < 200; k++) step(e, b);
  CHECK(e->n_start >= 2 * TBS_ENV, "the batch kernel fills the GPU (%" PRIu64 " starts)", e->n_start);
  launch(e, KPTR_USER, 2, 3, 1);
  b->user_launch = e->cycle;
  for (uint64_t k = 0; k < 400000 && b->kdone < 2; k++) step(e, b);
  for (unsigned k = 0; k < 200; k++) step(e, b); /* nothing more may happen */
  CHECK(b->kdone == 2, "each kernel completes once: %u kernel completions", b->kdone);
  CHECK(b->cmd_done == 0, "no TR_CMD completion (%u): automatic ones stay out of TR_RESULT",
        b->cmd_done);
  CHECK(b->user_starts == 2, "the user-facing kernel's 2 TBs start once each (%u)", b->user_starts);
  return 1;
}

static int t_priority(uint64_t seed) {
  static fuzz_env e;
  obs off, pri;
  const char *test = "priority";
  env_init(&e, seed);
  if (!scenario(test, &e, KMU_TREM_POL_OFF, &off)) return 0;
  CHECK(off.auto_req == 0 && off.auto_done == 0, "OFF: no automatic request (%u)", off.auto_req);
  CHECK(e.m.u_revoke.q.rvk_cnt == 0, "OFF: nothing revoked");
  kmu_gpu_free(&e.m);
  env_init(&e, seed);
  if (!scenario(test, &e, KMU_TREM_POL_PRIORITY, &pri)) return 0;
  CHECK(pri.auto_req == 1 && pri.el_req == 0, "PRIORITY: one ROOM request (%u, %u ROOM_EL)",
        pri.auto_req, pri.el_req);
  CHECK(pri.auto_done == 1, "PRIORITY: its completion (%u)", pri.auto_done);
  CHECK(e.m.u_trem_policy.q.auto_ok == 1, "PRIORITY: the batch kernel revoked (status OK)");
  /* the window's counters of automatic requests (TR_AUTO, TR_AUTO_NV) */
  const uint32_t ta = rd(&e, KMU_TR_AUTO_ADDR), tnv = rd(&e, KMU_TR_AUTO_NV_ADDR);
  CHECK(ta == (1u | 1u << KMU_TR_AUTO_OK_SHIFT), "PRIORITY: TR_AUTO = 1 request, 1 OK (0x%08x)",
        (unsigned)ta);
  CHECK(tnv == 0, "PRIORITY: TR_AUTO_NV = 0 (0x%08x)", (unsigned)tnv);
  const uint64_t l_off = off.user_first - off.user_launch, l_pri = pri.user_first - pri.user_launch;
  CHECK(l_pri < 100, "PRIORITY: the user-facing kernel starts within 100 cycles (%" PRIu64 ")",
        l_pri);
  CHECK(l_pri < l_off, "PRIORITY starts it sooner than OFF (%" PRIu64 " vs %" PRIu64 ")", l_pri,
        l_off);
  printf("PASS kmu_gpu_trem.priority seed=%" PRIu64 " first user TB after launch: OFF %" PRIu64
         " cycles, PRIORITY %" PRIu64 " cycles (one revocation, batch kernel replayed)\n",
         seed, l_off, l_pri);
  kmu_gpu_free(&e.m);
  return 1;
}

static int t_elastic(uint64_t seed) {
  static fuzz_env e;
  obs el;
  const char *test = "elastic";
  env_init(&e, seed);
  if (!scenario(test, &e, KMU_TREM_POL_ELASTIC, &el)) return 0;
  CHECK(el.auto_req == 1 && el.el_req == 1, "ELASTIC: one ROOM_EL request (%u, %u ROOM_EL)",
        el.auto_req, el.el_req);
  CHECK(e.m.u_trem_policy.q.auto_ok == 1, "ELASTIC: the batch kernel revoked (no estimate)");
  CHECK(el.batch_sm0_split == 0, "ELASTIC, U = 1: no batch TB on SM 0 (%u)", el.batch_sm0_split);
  CHECK(el.user_sm1 == 0, "ELASTIC, U = 1: no user-facing TB on SM 1 (%u)", el.user_sm1);
  printf("PASS kmu_gpu_trem.elastic seed=%" PRIu64 " first user TB %" PRIu64
         " cycles after launch (one ROOM_EL revocation, SM 0 user-facing, SM 1 batch)\n",
         seed, el.user_first - el.user_launch);
  kmu_gpu_free(&e.m);
  return 1;
}

int main(void) {
  const char *s = getenv("SEED");
  const uint64_t seed0 = s ? strtoull(s, NULL, 0) : 1;
  for (uint64_t k = 0; k < 3; k++) {
    t_priority(seed0 + k);
    t_elastic(seed0 + k);
  }
  return n_fail ? 1 : 0;
}
