/* test_kmu_frontend.c - system tests of the EDGE front end (rtl/frontend/kmu_frontend.v) in
 * lockstep with its C twin, driven only through its ports: an AXI4-Lite master with random
 * timing, a descriptor consumer with random back-pressure, and a completion source.
 *
 * The scoreboard is written from the register map and the EKT specification, not from either
 * model: every AXI request gets exactly one response of the expected kind, every descriptor
 * carries the kernel registered for its doorbell and the next parameter-buffer entry, every
 * pre_hint_valid_o pulse carries the next PRE_HINT value written, and at the end the
 * hardware's own counters and the preemption window must agree with what the test sent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_axil_master.h"
#include "kmu_frontend.h"
#include "kmu_regmap.h"
#include "kmu_tb.h"

/* the copy window at the RTL's default copy-engine sizes (CP_NPRIO 2, CP_LENW 12, CP_IDW 4) */
static const kmu_frontend_params params = {P_AW, P_ENTRIES, P_CNT_W, P_NSM, 2, 12, 4, 8};
#define KMU_CUR_IN kmu_frontend_in
#define KMU_CUR_OUT kmu_frontend_out
KMU_BLOCK(kmu_frontend, KMU_FRONTEND_IN, KMU_FRONTEND_OUT, &params)

#define CNT_MAX ((1ull << P_CNT_W) - 1)
#define SAT(x) ((x) > CNT_MAX ? CNT_MAX : (x))
/* SM_RESERVE: one bit per SM, SMs 0..31 (bits NSM..31 read 0) */
#define RSVM (P_NSM >= 32 ? 0xFFFFFFFFu : (uint32_t)((1u << P_NSM) - 1))

/* What the test expects of each AXI response, carried in the op's tag. */
enum {
  EXP_OKAY = 1,   /* OKAY, data not checked */
  EXP_SLVERR,     /* SLVERR (and RDATA 0 for reads) */
  EXP_VALUE,      /* OKAY and RDATA == value (tag bits 63:32) */
  EXP_REG_RESULT, /* poll of REG_RESULT during setup */
  EXP_FINAL,      /* end-of-run counter read: value in tag 63:32 is the index in final[] */
  EXP_PRINT,      /* demo: print the response; tag 63:32 indexes the demo script */
  EXP_HL_CMD,     /* HL_CMD: OKAY, or SLVERR while the previous launch is pending (busy:
                     that launch is dropped); tag 63:32 = its sequence number << 1 | malformed */
};
#define TAG(kind, v) ((uint64_t)(kind) | ((uint64_t)(v) << 32))

typedef struct {
  int valid;
  uint32_t kptr, base, end, esize, head;
  uint32_t gx, gy, gz, tx, ty, tz, shmem, nregs, prio;
  unsigned maxinf;
} ref_entry;

/* a host-launched kernel, as staged through the host launch window */
typedef struct {
  uint32_t kptr, gx, gy, gz, tx, ty, tz, shmem, nregs, prio, param, cpl;
  uint32_t seq; /* the HL_CMD that launches it */
} ref_host;
#define HQ 64 /* host launches in flight in the test (AXI pending + the one held) */
#define NFINAL 32 /* end-of-run reads */

typedef struct {
  const char *test;
  kmu_rng rng;
  kmu_axim axim;
  int ok;
  /* traffic mix of this seed */
  unsigned db_pct, bad_pct, read_pct, cpl_pct, ready_pct, spur_pct, host_pct;
  /* host launches sent and not yet taken, oldest first */
  ref_host hq[HQ];
  unsigned hq_head, hq_n;
  uint64_t n_host, n_host_refused, n_host_busy;
  uint32_t hl_seq; /* HL_CMD writes sent */
  /* setup program */
  int phase; /* 0 setup, 1 traffic, 2 drain, 3 final reads, 4 done */
  unsigned nreg, reg_k, reg_step;
  int reg_expect_code;
  int result_seen;
  uint64_t traffic_end, quiet;
  ref_entry e[P_ENTRIES];
  unsigned delivered[P_ENTRIES]; /* descriptors delivered, not yet completed */
  /* counts the final check compares with the hardware's counters */
  uint64_t n_db, n_desc, n_cpl, n_spur, n_bad, n_final_ok, n_final;
  uint64_t final_exp[NFINAL];
  const char *final_name[NFINAL];
  /* kernel completions (kernel_done_i pulses) and the configuration registers */
  unsigned kd_pct, cfg_pct;
  uint64_t n_kdone, n_cfg;
  uint32_t exp_ctrl, exp_rsv;    /* last KMU_CTRL / SM_RESERVE written (AXI writes are ordered) */
  uint64_t last_mode, last_rsv;  /* mode_rgem_o, reserve_mask_o of the last cycle */
  /* preemption window: configuration writes, hints (in write order, each must come out as
   * one pre_hint_valid_o pulse with its value), the preemption blocks' pulses */
  unsigned pre_cfg_pct, pre_ev_pct, pre_busy_pct;
  uint32_t exp_pre[5];           /* PRE_CTRL, PRE_CTX_BASE, PRE_DEADLINE, PRE_BW, PRE_HINT */
  uint32_t hint_q[HQ];
  unsigned hint_head, hint_n;
  uint64_t n_pre_cfg, n_hint_wr, n_hint_pulse, n_pre_ev[3]; /* pre_req_i, wp_start_i, ctx_save_i */
  uint64_t last_pre[5];          /* the pre_* outputs of the last cycle, as the 5 registers */
  uint64_t cyc;
  /* benchmarks and demo */
  int mode; /* 0 random test, 1 latency bench, 2 rate bench, 3 demo */
  unsigned samples, want;
  uint64_t aw_hs, w_hs, lat_min, lat_max, lat_sum, first_hs, last_desc, n_aw_hs;
  /* every write's AW and W handshake cycles, in order, and the longest wait for its B */
  uint64_t hs_aw[KMU_AXIM_Q], hs_w[KMU_AXIM_Q], n_hs_aw, n_hs_w, n_hs_b, b_wait_max;
  uint64_t n_ysig, n_stall_hl;
  int waiting;
  uint64_t n_b, last_b, b_lat_sum; /* write responses seen in benches */
  uint64_t n_sent;                  /* baseline register writes sent */
  int print;                        /* demo: narrate */
  uint64_t last_irq;
} fe_ctx;

/* ---------------------------------------------------------------- AXI responses */
static void demo_print(void *x, unsigned step, const kmu_axi_op *op, unsigned resp,
                       uint32_t rdata, uint64_t cyc);
static void on_done(void *u, const kmu_axi_op *op, unsigned resp, uint32_t rdata,
                    uint64_t cyc) {
  fe_ctx *x = u;
  if (!op) {
    x->ok &= kmu_expect(0, x->test, cyc, "AXI response without a request", 0, resp);
    return;
  }
  unsigned kind = (unsigned)(op->tag & 0xffffffffu);
  if (op->write && x->phase == 1) {
    x->n_b++;
    x->last_b = cyc;
    if (x->mode == 1) x->b_lat_sum += cyc - (x->aw_hs > x->w_hs ? x->aw_hs : x->w_hs);
  }
  uint32_t v = (uint32_t)(op->tag >> 32);
  switch (kind) {
    case EXP_OKAY:
      x->ok &= KMU_EXPECT_EQ(x->test, cyc, "resp OKAY", 0, resp);
      break;
    case EXP_SLVERR:
      x->ok &= KMU_EXPECT_EQ(x->test, cyc, "resp SLVERR for a bad access", 2, resp);
      if (!op->write) x->ok &= KMU_EXPECT_EQ(x->test, cyc, "RDATA of an error", 0, rdata);
      break;
    case EXP_VALUE:
      x->ok &= KMU_EXPECT_EQ(x->test, cyc, "resp OKAY", 0, resp);
      x->ok &= KMU_EXPECT_EQ(x->test, cyc, "read value", v, rdata);
      break;
    case EXP_REG_RESULT:
      x->ok &= KMU_EXPECT_EQ(x->test, cyc, "REG_RESULT resp", 0, resp);
      if (!(rdata & KMU_REG_RESULT_BUSY_MASK) && (rdata & KMU_REG_RESULT_DONE_MASK)) {
        x->result_seen = 1;
        unsigned code = (rdata & KMU_REG_RESULT_CODE_MASK) >> KMU_REG_RESULT_CODE_SHIFT;
        unsigned id = (rdata & KMU_REG_RESULT_ID_MASK) >> KMU_REG_RESULT_ID_SHIFT;
        x->ok &= KMU_EXPECT_EQ(x->test, cyc, "registration code", x->reg_expect_code, code);
        if (x->reg_expect_code == 0)
          x->ok &= KMU_EXPECT_EQ(x->test, cyc, "doorbell id of a registration (lowest free)",
                                 x->reg_k, id);
      }
      break;
    case EXP_PRINT:
      demo_print(x, v, op, resp, rdata, cyc);
      break;
    case EXP_HL_CMD:
      if (resp == 0) break;
      x->ok &= KMU_EXPECT_EQ(x->test, cyc, "HL_CMD resp OKAY or SLVERR (busy)", 2, resp);
      /* busy: nothing launched, nothing refused; its descriptor cannot have come out (the
       * next HL_CMD is at least 9 writes behind), so it leaves the expected queue */
      x->n_host_busy++;
      if (v & 1) {
        x->n_host_refused--;
      } else {
        unsigned k = 0;
        while (k < x->hq_n && x->hq[(x->hq_head + k) % HQ].seq != v >> 1) k++;
        x->ok &= kmu_expect(k < x->hq_n, x->test, cyc, "busy HL_CMD still expected", 1, 0);
        for (; k + 1 < x->hq_n; k++)
          x->hq[(x->hq_head + k) % HQ] = x->hq[(x->hq_head + k + 1) % HQ];
        if (x->hq_n) x->hq_n--;
      }
      break;
    case EXP_FINAL:
      x->ok &= KMU_EXPECT_EQ(x->test, cyc, "resp OKAY", 0, resp);
      x->ok &= kmu_expect(x->final_exp[v] == rdata, x->test, cyc, x->final_name[v],
                          x->final_exp[v], rdata);
      x->n_final_ok++;
      break;
    default:
      x->ok &= kmu_expect(0, x->test, cyc, "unknown tag", 0, kind);
  }
}

/* ---------------------------------------------------------------- stimulus pieces */
static void make_entry(fe_ctx *x, ref_entry *r, unsigned k) {
  kmu_rng *g = &x->rng;
  r->kptr = (uint32_t)kmu_rng_bits(g, 32) & ~3u;
  r->gx = 1 + (uint32_t)kmu_rng_below(g, 0xffff);
  r->gy = 1 + (uint32_t)kmu_rng_below(g, 4);
  r->gz = 1 + (uint32_t)kmu_rng_below(g, 2);
  r->tx = 32 * (1 + (uint32_t)kmu_rng_below(g, 32));
  r->ty = 1, r->tz = 1;
  r->shmem = (uint32_t)kmu_rng_bits(g, 16);
  r->nregs = (uint32_t)kmu_rng_bits(g, 8);
  r->prio = (uint32_t)kmu_rng_bits(g, 2);
  r->esize = 4 * (1 + (uint32_t)kmu_rng_below(g, 64));
  unsigned n = 1 + (unsigned)kmu_rng_below(g, 8);
  r->base = 0x100000u * (k + 1) + 4 * (uint32_t)kmu_rng_below(g, 1024);
  r->end = r->base + n * r->esize;
  r->head = r->base;
  r->maxinf = 1 + (unsigned)kmu_rng_below(g, 2 * n);
  if (x->mode == 2) r->maxinf = 255; /* the rate bench must not hit the in-flight limit */
}

static void write_entry(fe_ctx *x, const ref_entry *r) {
  kmu_axim *m = &x->axim;
  kmu_axim_write(m, KMU_REG_KPTR_ADDR, r->kptr, 0xf, TAG(EXP_OKAY, 0));
  kmu_axim_write(m, KMU_REG_GRID_XY_ADDR, r->gx | r->gy << 16, 0xf, TAG(EXP_OKAY, 0));
  kmu_axim_write(m, KMU_REG_GRID_Z_ADDR, r->gz, 0xf, TAG(EXP_OKAY, 0));
  kmu_axim_write(m, KMU_REG_TB_XY_ADDR, r->tx | r->ty << 16, 0xf, TAG(EXP_OKAY, 0));
  kmu_axim_write(m, KMU_REG_TB_Z_ADDR, r->tz, 0xf, TAG(EXP_OKAY, 0));
  kmu_axim_write(m, KMU_REG_RES_ADDR, r->shmem | r->nregs << 16 | r->prio << 24, 0xf,
                 TAG(EXP_OKAY, 0));
  kmu_axim_write(m, KMU_REG_PBASE_ADDR, r->base, 0xf, TAG(EXP_OKAY, 0));
  kmu_axim_write(m, KMU_REG_PEND_ADDR, r->end, 0xf, TAG(EXP_OKAY, 0));
  kmu_axim_write(m, KMU_REG_PSIZE_ADDR, r->esize | r->maxinf << 16, 0xf, TAG(EXP_OKAY, 0));
  kmu_axim_write(m, KMU_REG_CMD_ADDR, 1, 0xf, TAG(EXP_OKAY, 0));
}

/* A bad access with its defined answer: SLVERR, and nothing else happens. */
static void bad_access(fe_ctx *x) {
  kmu_axim *m = &x->axim;
  uint64_t t = TAG(EXP_SLVERR, 0);
  switch (kmu_rng_below(&x->rng, 10)) {
    case 0: kmu_axim_read(m, 0x0800, t); break;                              /* unmapped */
    case 1: kmu_axim_write(m, 0x4000 + 4 * (uint32_t)kmu_rng_below(&x->rng, 64), 1, 0xf, t); break;
    case 2: kmu_axim_write(m, KMU_COPY_CPL_ADDR, 1, 0xf, t); break;            /* RO */
    case 3: { /* an unmapped word of the preemption window, after its last register */
      uint32_t holes = (KMU_WIN_PREEMPT_LAST - KMU_PERF_CTX_SAVES_ADDR) / 4;
      kmu_axim_read(m, KMU_PERF_CTX_SAVES_ADDR + 4 + 4 * (uint32_t)kmu_rng_below(&x->rng, holes),
                    t);
      break;
    }
    case 4: /* an unmapped word of the TReM window, after its last register */
      kmu_axim_write(m, KMU_TR_AUTO_NV_ADDR + 4 +
                            4 * (uint32_t)kmu_rng_below(&x->rng,
                                                       (KMU_WIN_TREM_LAST - KMU_TR_AUTO_NV_ADDR) / 4),
                     1, 0xf, t);
      break;
    case 5: kmu_axim_read(m, KMU_COPY_GO_ADDR, t); break;                     /* WO */
    case 6: kmu_axim_write(m, KMU_ID_ADDR, 0, 0xf, t); break;              /* RO */
    case 7: kmu_axim_read(m, KMU_DOORBELL_ADDR + 4 * (uint32_t)kmu_rng_below(&x->rng, 8), t); break; /* WO */
    case 8: kmu_axim_write(m, KMU_PRE_STATUS_ADDR, 1, 0xf, t); break;       /* RO */
    default: /* a doorbell with a partial strobe: refused, launches nothing */
      kmu_axim_write(m, KMU_DOORBELL_ADDR, 0, 1u << kmu_rng_below(&x->rng, 4), t);
  }
  x->n_bad++;
}

/* A host kernel launch: stage it in the HL_* registers and write HL_CMD.  AXI writes reach the
 * register bus in order, so the descriptor is the one staged just before its HL_CMD.  One in
 * ten has a zero grid or TB dimension: refused, nothing launched, counted in ERR_CNT_REG. */
static void host_launch(fe_ctx *x) {
  kmu_rng *g = &x->rng;
  kmu_axim *m = &x->axim;
  ref_host h;
  h.kptr = (uint32_t)kmu_rng_bits(g, 32) & ~3u;
  h.gx = 1 + (uint32_t)kmu_rng_below(g, 0xffff);
  h.gy = 1 + (uint32_t)kmu_rng_below(g, 8);
  h.gz = 1 + (uint32_t)kmu_rng_below(g, 2);
  h.tx = 1 + (uint32_t)kmu_rng_below(g, 1024);
  h.ty = 1 + (uint32_t)kmu_rng_below(g, 2);
  h.tz = 1;
  h.shmem = (uint32_t)kmu_rng_bits(g, 16);
  h.nregs = (uint32_t)kmu_rng_bits(g, 8);
  h.prio = (uint32_t)kmu_rng_bits(g, 2);
  h.param = (uint32_t)kmu_rng_bits(g, 32);
  h.cpl = (uint32_t)kmu_rng_bits(g, 32) & ~3u;
  int bad = kmu_rng_pct(g, 10);
  if (bad) {
    switch (kmu_rng_below(g, 6)) {
      case 0: h.gx = 0; break;
      case 1: h.gy = 0; break;
      case 2: h.gz = 0; break;
      case 3: h.tx = 0; break;
      case 4: h.ty = 0; break;
      default: h.tz = 0;
    }
  }
  uint64_t t = TAG(EXP_OKAY, 0);
  kmu_axim_write(m, KMU_HL_KPTR_ADDR, h.kptr, 0xf, t);
  kmu_axim_write(m, KMU_HL_GRID_XY_ADDR, h.gx | h.gy << 16, 0xf, t);
  kmu_axim_write(m, KMU_HL_GRID_Z_ADDR, h.gz, 0xf, t);
  kmu_axim_write(m, KMU_HL_TB_XY_ADDR, h.tx | h.ty << 16, 0xf, t);
  kmu_axim_write(m, KMU_HL_TB_Z_ADDR, h.tz, 0xf, t);
  kmu_axim_write(m, KMU_HL_RES_ADDR, h.shmem | h.nregs << 16 | h.prio << 24, 0xf, t);
  kmu_axim_write(m, KMU_HL_PARAM_ADDR, h.param, 0xf, t);
  kmu_axim_write(m, KMU_HL_CPL_ADDR_ADDR, h.cpl, 0xf, t);
  /* OKAY even when refused; SLVERR (busy) while the previous launch is still pending */
  h.seq = x->hl_seq++;
  kmu_axim_write(m, KMU_HL_CMD_ADDR, 1, 0xf, TAG(EXP_HL_CMD, (uint64_t)h.seq << 1 | (unsigned)bad));
  if (bad) {
    x->n_host_refused++;
  } else if (x->hq_n < HQ) {
    x->hq[(x->hq_head + x->hq_n++) % HQ] = h;
  } else {
    x->ok &= kmu_expect(0, x->test, x->cyc, "test's host launch queue overflow", HQ, x->hq_n);
  }
}

/* A PRE_HINT write: its pulse must come out with this value, after the hints written before. */
static void hint_write(fe_ctx *x, uint32_t v, uint64_t tag) {
  kmu_axim_write(&x->axim, KMU_PRE_HINT_ADDR, v, 0xf, tag);
  x->exp_pre[4] = v;
  x->n_hint_wr++;
  if (x->hint_n < HQ)
    x->hint_q[(x->hint_head + x->hint_n++) % HQ] = v;
  else
    x->ok &= kmu_expect(0, x->test, x->cyc, "test's hint queue overflow", HQ, x->hint_n);
}

/* Software reconfigures preemption: one of the PRE_* registers with a random value. */
static void pre_config(fe_ctx *x) {
  static const uint32_t addr[4] = {KMU_PRE_CTRL_ADDR, KMU_PRE_CTX_BASE_ADDR,
                                   KMU_PRE_DEADLINE_ADDR, KMU_PRE_BW_ADDR};
  static const uint32_t mask[4] = {KMU_PRE_CTRL_MASK, KMU_PRE_CTX_BASE_MASK,
                                   KMU_PRE_DEADLINE_MASK, KMU_PRE_BW_MASK};
  uint32_t v = (uint32_t)kmu_rng_bits(&x->rng, 32);
  unsigned k = (unsigned)kmu_rng_below(&x->rng, 5);
  if (k == 4) {
    hint_write(x, v, TAG(EXP_OKAY, 0));
  } else {
    kmu_axim_write(&x->axim, addr[k], v, 0xf, TAG(EXP_OKAY, 0));
    x->exp_pre[k] = v & mask[k];
  }
  x->n_pre_cfg++;
}

static void plan_final_reads(fe_ctx *x) {
  uint64_t doorbell_errors = x->n_db - x->n_desc;
  struct { uint32_t addr; const char *name; uint64_t v; } f[] = {
      {KMU_PERF_LAUNCHES_ADDR, "PERF_LAUNCHES == descriptors delivered", SAT(x->n_desc)},
      {KMU_PERF_DOORBELLS_ADDR, "PERF_DOORBELLS == doorbells that launched", SAT(x->n_desc)},
      {KMU_ERR_CNT_DB_ADDR, "ERR_CNT_DB == doorbells that launched nothing", SAT(doorbell_errors)},
      {KMU_ERR_CNT_BUS_ADDR, "ERR_CNT_BUS == bad accesses + busy HL_CMDs",
       SAT(x->n_bad + x->n_host_busy)},
      {KMU_ERR_CNT_CPL_ADDR, "ERR_CNT_CPL == spurious completions", SAT(x->n_spur)},
      {KMU_PERF_COMPLETIONS_ADDR, "PERF_COMPLETIONS == valid completions", SAT(x->n_cpl)},
      {KMU_ERR_CNT_REG_ADDR, "ERR_CNT_REG == the malformed registration + refused host launches",
       SAT(1 + x->n_host_refused)},
      {KMU_HL_STATUS_ADDR, "HL_STATUS == nothing pending", 0},
      {KMU_PERF_KERNELS_ADDR, "PERF_KERNELS == kernel_done_i pulses", SAT(x->n_kdone)},
      {KMU_KERNEL_STATUS_ADDR, "KERNEL_STATUS.KERNEL_DONE == some kernel completed",
       x->n_kdone > 0},
      {KMU_KMU_CTRL_ADDR, "KMU_CTRL == the last value written", x->exp_ctrl},
      {KMU_SM_RESERVE_ADDR, "SM_RESERVE == the last value written, SMs < NSM", x->exp_rsv},
      {KMU_PRE_CTRL_ADDR, "PRE_CTRL == the last value written, bits 10:0", x->exp_pre[0]},
      {KMU_PRE_CTX_BASE_ADDR, "PRE_CTX_BASE == the last value written", x->exp_pre[1]},
      {KMU_PRE_DEADLINE_ADDR, "PRE_DEADLINE == the last value written", x->exp_pre[2]},
      {KMU_PRE_BW_ADDR, "PRE_BW == the last value written, bits 3:0", x->exp_pre[3]},
      {KMU_PRE_HINT_ADDR, "PRE_HINT == the last hint written", x->exp_pre[4]},
      {KMU_PERF_PREEMPTS_ADDR, "PERF_PREEMPTS == pre_req_i pulses", SAT(x->n_pre_ev[0])},
      {KMU_PERF_WP_ADDR, "PERF_WP == wp_start_i pulses", SAT(x->n_pre_ev[1])},
      {KMU_PERF_CTX_SAVES_ADDR, "PERF_CTX_SAVES == ctx_save_i pulses", SAT(x->n_pre_ev[2])},
  };
  _Static_assert(sizeof f / sizeof f[0] <= NFINAL, "final_exp[] holds NFINAL reads");
  x->n_final = sizeof f / sizeof f[0];
  for (unsigned k = 0; k < x->n_final; k++) {
    x->final_exp[k] = f[k].v;
    x->final_name[k] = f[k].name;
    kmu_axim_read(&x->axim, f[k].addr, TAG(EXP_FINAL, k));
  }
}

/* ---------------------------------------------------------------- random system test */
static void rnd_init(void *c, uint64_t seed) {
  fe_ctx *x = c;
  /* what the test set before the run survives the reset of the run's state; the demo's
   * print flag did not, and make run-frontend narrated nothing */
  const char *test = x->test;
  uint64_t traffic_end = x->traffic_end;
  int print = x->print;
  memset(x, 0, sizeof *x);
  x->test = test;
  x->traffic_end = traffic_end;
  x->print = print;
  x->ok = 1;
  kmu_rng_seed(&x->rng, seed);
  kmu_axim_init(&x->axim, &x->rng, on_done, x);
  x->axim.aw_pct = 30 + (unsigned)kmu_rng_below(&x->rng, 71);
  x->axim.w_pct = 30 + (unsigned)kmu_rng_below(&x->rng, 71);
  x->axim.ar_pct = 30 + (unsigned)kmu_rng_below(&x->rng, 71);
  x->axim.b_pct = 20 + (unsigned)kmu_rng_below(&x->rng, 81);
  x->axim.r_pct = 20 + (unsigned)kmu_rng_below(&x->rng, 81);
  x->db_pct = 5 + (unsigned)kmu_rng_below(&x->rng, 60);
  x->bad_pct = (unsigned)kmu_rng_below(&x->rng, 6);
  x->read_pct = (unsigned)kmu_rng_below(&x->rng, 10);
  x->cpl_pct = 5 + (unsigned)kmu_rng_below(&x->rng, 90);
  x->ready_pct = 10 + (unsigned)kmu_rng_below(&x->rng, 91);
  x->spur_pct = (unsigned)kmu_rng_below(&x->rng, 2);
  x->host_pct = 1 + (unsigned)kmu_rng_below(&x->rng, 5);
  x->kd_pct = 1 + (unsigned)kmu_rng_below(&x->rng, 10);
  x->cfg_pct = (unsigned)kmu_rng_below(&x->rng, 2);
  x->pre_cfg_pct = 1 + (unsigned)kmu_rng_below(&x->rng, 4);
  x->pre_ev_pct = 1 + (unsigned)kmu_rng_below(&x->rng, 20);
  x->pre_busy_pct = (unsigned)kmu_rng_below(&x->rng, 101);
  x->exp_pre[3] = KMU_PRE_BW_RESET; /* the PRE_* registers' reset values */
  /* leave some entries unregistered so their doorbells are refused */
  x->nreg = P_ENTRIES - 1 - (unsigned)kmu_rng_below(&x->rng, P_ENTRIES > 2 ? 2 : 1);
}

static void setup_step(fe_ctx *x) {
  if (!kmu_axim_idle(&x->axim)) return; /* reads are not ordered after writes: wait */
  switch (x->reg_step) {
    case 0: { /* stage an entry; entry 1 is first tried malformed (end not a multiple) */
      ref_entry *r = &x->e[x->reg_k];
      make_entry(x, r, x->reg_k);
      if (x->reg_k == 1 && !x->reg_expect_code) {
        ref_entry bad = *r;
        bad.end = bad.base + bad.esize + 4 * (bad.esize > 4); /* not a whole entry */
        if (bad.esize == 4) bad.esize = 0;                    /* then: entry size 0 */
        x->reg_expect_code = bad.esize ? KMU_REG_CODE_BAD_LENGTH : KMU_REG_CODE_ESIZE_ZERO;
        write_entry(x, &bad);
      } else {
        x->reg_expect_code = 0;
        write_entry(x, r);
      }
      x->result_seen = 0;
      x->reg_step = 1;
      break;
    }
    case 1: /* poll REG_RESULT until the registration is done */
      if (x->result_seen) {
        if (x->reg_expect_code == 0) {
          x->e[x->reg_k].valid = 1;
          x->reg_k++;
        }
        x->reg_step = 0;
        if (x->reg_k == x->nreg) x->phase = 1;
      } else {
        kmu_axim_read(&x->axim, KMU_REG_RESULT_ADDR, TAG(EXP_REG_RESULT, 0));
      }
      break;
  }
}

static void traffic_step(fe_ctx *x) {
  kmu_axim *m = &x->axim;
  if (kmu_axim_pending(m) > 24) return;
  if (kmu_rng_pct(&x->rng, x->db_pct)) {
    /* registered, unregistered and unknown doorbells alike */
    uint32_t idx = (uint32_t)kmu_rng_below(&x->rng, P_ENTRIES + 3);
    kmu_axim_write(m, KMU_DOORBELL_ADDR + 4 * idx, (uint32_t)kmu_rng_bits(&x->rng, 32), 0xf,
                   TAG(EXP_OKAY, 0));
    x->n_db++;
  }
  if (kmu_rng_pct(&x->rng, x->bad_pct)) bad_access(x);
  if (kmu_rng_pct(&x->rng, x->host_pct)) host_launch(x);
  if (kmu_rng_pct(&x->rng, x->cfg_pct)) { /* reconfigure: KMU_CTRL or SM_RESERVE */
    uint32_t v = (uint32_t)kmu_rng_bits(&x->rng, 32);
    if (kmu_rng_pct(&x->rng, 50)) {
      kmu_axim_write(m, KMU_KMU_CTRL_ADDR, v, 0xf, TAG(EXP_OKAY, 0));
      x->exp_ctrl = v & 1;
    } else {
      kmu_axim_write(m, KMU_SM_RESERVE_ADDR, v, 0xf, TAG(EXP_OKAY, 0));
      x->exp_rsv = v & RSVM;
    }
    x->n_cfg++;
  }
  if (kmu_rng_pct(&x->rng, x->pre_cfg_pct)) pre_config(x);
  if (kmu_rng_pct(&x->rng, x->read_pct)) {
    if (kmu_rng_pct(&x->rng, 50))
      kmu_axim_read(m, KMU_ID_ADDR, TAG(EXP_VALUE, KMU_ID_RESET));
    else
      kmu_axim_read(m, KMU_VERSION_ADDR, TAG(EXP_VALUE, KMU_VERSION_RESET));
  }
}


/* ---------------------------------------------------------------- demo (make run) */
/* A narrated session: what a device driver and an event source do with the front end. */
enum { D_W, D_R, D_IDLE, D_SAY, D_CPL_ALL, D_RESULT, D_IRQ, D_END };
typedef struct {
  int op;
  uint32_t addr, data;
  const char *text;
  int chk;             /* the response is checked against: */
  unsigned resp;       /*   BRESP/RRESP */
  uint32_t val, mask;  /*   (RDATA & mask) == val */
} demo_op;
/* a read or write whose answer the specification fixes */
#define RD(a, t, v) {D_R, a, 0, t, 1, 0, v, 0xffffffffu}
#define RDM(a, t, v, m) {D_R, a, 0, t, 1, 0, v, m}
#define RD_ERR(a, t) {D_R, a, 0, t, 1, 2, 0, 0xffffffffu}
#define WR_ERR(a, d, t) {D_W, a, d, t, 1, 2, 0, 0}
#define RESULT(t, v) {D_RESULT, KMU_REG_RESULT_ADDR, 0, t, 1, 0, v, 0xc00700ffu}

#define DB(i) (KMU_DOORBELL_ADDR + 4 * (i))
#define REGISTER(id, kptr, gx, tbx, prio, base, esize, n, maxinf)                             \
  {D_W, KMU_REG_KPTR_ADDR, kptr, 0, 0, 0, 0, 0}, {D_W, KMU_REG_GRID_XY_ADDR, (gx) | 1u << 16, 0, 0, 0, 0, 0},         \
      {D_W, KMU_REG_GRID_Z_ADDR, 1, 0, 0, 0, 0, 0}, {D_W, KMU_REG_TB_XY_ADDR, (tbx) | 1u << 16, 0, 0, 0, 0, 0},       \
      {D_W, KMU_REG_TB_Z_ADDR, 1, 0, 0, 0, 0, 0}, {D_W, KMU_REG_RES_ADDR, 0 | 32u << 16 | (prio) << 24, 0, 0, 0, 0, 0}, \
      {D_W, KMU_REG_PBASE_ADDR, base, 0, 0, 0, 0, 0}, {D_W, KMU_REG_PEND_ADDR, (base) + (esize) * (n), 0, 0, 0, 0, 0},  \
      {D_W, KMU_REG_PSIZE_ADDR, (esize) | (maxinf) << 16, 0, 0, 0, 0, 0}, {D_W, KMU_REG_CMD_ADDR, 1, 0, 0, 0, 0, 0},   \
      {D_IDLE, 0, 0, 0, 0, 0, 0, 0}, RESULT("REG_RESULT ([30] done, [18:16] code, [7:0] doorbell id)", 0x40000000u | (id))

static const demo_op demo_script[] = {
    {D_SAY, 0, 0, "-- identify the front end", 0, 0, 0, 0},
    RD(KMU_ID_ADDR, "ID", 0x4B4D5530u),
    RD(KMU_VERSION_ADDR, "VERSION (1.7: with the preemption, TReM, copy and yield windows)", 0x00000107u),
    RD(KMU_CONFIG_ADDR, "CONFIG ([7:0] EKT entries, [15:8] counter bits, [23:16] AXI address bits)",
       P_ENTRIES | P_CNT_W << 8 | P_AW << 16),
    {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    {D_SAY, 0, 0, "-- register three event kernels (EDGE III-A/B): a parameter ring of n entries each", 0, 0, 0, 0},
    REGISTER(0, 0x80001000u, 64, 256, 3, 0x00100000u, 64, 4, 4),
    REGISTER(1, 0x80002000u, 1, 32, 2, 0x00200000u, 128, 2, 2),
    REGISTER(2, 0x80003000u, 8, 128, 1, 0x00300000u, 256, 2, 1),
    {D_SAY, 0, 0, "-- a malformed registration: ring length not a whole number of entries", 0, 0, 0, 0},
    {D_W, KMU_REG_PEND_ADDR, 0x00300000u + 300, 0, 0, 0, 0, 0},
    {D_W, KMU_REG_CMD_ADDR, 1, 0, 0, 0, 0, 0},
    {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    RESULT("REG_RESULT (code 5 = BAD_LENGTH)", 0x40000000u | KMU_REG_CODE_BAD_LENGTH << 16),
    {D_SAY, 0, 0, "-- ring doorbells: each one launches its kernel with the next parameter entry (III-C)", 0, 0, 0, 0},
    {D_W, DB(0), 0, 0, 0, 0, 0, 0}, {D_W, DB(0), 0, 0, 0, 0, 0, 0}, {D_W, DB(1), 0, 0, 0, 0, 0, 0}, {D_W, DB(0), 0, 0, 0, 0, 0, 0},
    {D_W, DB(2), 0, 0, 0, 0, 0, 0}, {D_W, DB(0), 0, 0, 0, 0, 0, 0}, {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    {D_SAY, 0, 0, "-- the event source completes them: in-flight credits come back", 0, 0, 0, 0},
    {D_CPL_ALL, 0, 0, 0, 0, 0, 0, 0},
    {D_W, DB(0), 0, 0, 0, 0, 0, 0}, {D_W, DB(0), 0, 0, 0, 0, 0, 0}, {D_IDLE, 0, 0, 0, 0, 0, 0, 0}, {D_CPL_ALL, 0, 0, 0, 0, 0, 0, 0},
    {D_SAY, 0, 0, "-- bad input gets a defined answer", 0, 0, 0, 0},
    {D_W, DB(2), 0, 0, 0, 0, 0, 0}, {D_W, DB(2), 0, 0, 0, 0, 0, 0}, {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    RD(KMU_ERR_DB_INFO_ADDR, "ERR_DB_INFO after a 2nd doorbell on a 1-event entry (cause 3 = in-flight)", 0x00030002u),
    {D_W, DB(5), 0, 0, 0, 0, 0, 0}, {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    RD(KMU_ERR_DB_INFO_ADDR, "ERR_DB_INFO after doorbell 5, never registered (cause 2)", 0x00020005u),
    {D_W, DB(1000), 0, 0, 0, 0, 0, 0}, {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    RD(KMU_ERR_DB_INFO_ADDR, "ERR_DB_INFO after doorbell 1000, beyond the table (cause 1)", 0x000103e8u),
    RD_ERR(0x0800, "read of unmapped 0x0800"),
    WR_ERR(KMU_TR_AUTO_NV_ADDR + 4, 1, "write to an unmapped word of the TReM window"),
    WR_ERR(KMU_SCRATCH_ADDR, 0x1234, "write with a partial strobe"),
    RD(KMU_SCRATCH_ADDR, "SCRATCH after the refused write", 0),
    {D_IDLE, 0, 0, 0, 0, 0, 0, 0}, {D_CPL_ALL, 0, 0, 0, 0, 0, 0, 0},
    {D_SAY, 0, 0, "-- status and counters", 0, 0, 0, 0},
    RD(KMU_ERR_STATUS_ADDR, "ERR_STATUS (b0 unknown db, b1 unregistered db, b2 in-flight, b3 reg refused, b6 bus)", 0x4fu),
    {D_IRQ, 0, 1, "irq_o", 1, 0, 1, 1},
    RD(KMU_ERR_CNT_DB_ADDR, "ERR_CNT_DB", 3),
    RD(KMU_ERR_CNT_REG_ADDR, "ERR_CNT_REG", 1),
    RD(KMU_ERR_CNT_BUS_ADDR, "ERR_CNT_BUS", 3),
    RD(KMU_PERF_DOORBELLS_ADDR, "PERF_DOORBELLS", 9),
    RD(KMU_PERF_LAUNCHES_ADDR, "PERF_LAUNCHES", 9),
    RD(KMU_PERF_COMPLETIONS_ADDR, "PERF_COMPLETIONS", 9),
    RD(KMU_EKT_VALID_ADDR, "EKT_VALID", 0x7),
    {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    {D_W, KMU_ERR_STATUS_ADDR, 0xffffffffu, 0, 0, 0, 0, 0}, {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    RD(KMU_ERR_STATUS_ADDR, "ERR_STATUS after writing ones to clear", 0),
    {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    {D_IRQ, 0, 0, "irq_o", 1, 0, 0, 1},
    {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    {D_SAY, 0, 0, "-- preemption control (map 1.2): the policy for the preemption blocks, a PEP launch hint", 0, 0, 0, 0},
    RD(KMU_PRE_CTRL_ADDR, "PRE_CTRL after reset (DRAIN, everything off)", 0),
    RD(KMU_PRE_BW_ADDR, "PRE_BW (log2 of the save bandwidth, bytes per cycle)", 2),
    {D_W, KMU_PRE_CTRL_ADDR, 0x0000000Bu, "PRE_CTRL = PEP, warp-level preemption on", 1, 0, 0, 0},
    {D_W, KMU_PRE_HINT_ADDR, 20000, "PRE_HINT: a kernel is predicted to launch in 20000 cycles", 1, 0, 0, 0},
    {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    RD(KMU_PRE_CTRL_ADDR, "PRE_CTRL ([1:0] policy 3 = PEP, [3] warp-level preemption)", 0xBu),
    RD(KMU_PRE_HINT_ADDR, "PRE_HINT", 20000),
    {D_IDLE, 0, 0, 0, 0, 0, 0, 0},
    {D_END, 0, 0, 0, 0, 0, 0, 0},
};

static void demo_print(void *u, unsigned step, const kmu_axi_op *op, unsigned resp,
                       uint32_t rdata, uint64_t cyc) {
  fe_ctx *x = u;
  const demo_op *d = &demo_script[step];
  if (d->op == D_RESULT) {
    x->waiting = 0;
    if (rdata & KMU_REG_RESULT_BUSY_MASK) return; /* still checking: poll again */
    x->result_seen = 1;
  }
  if (d->chk) {
    x->ok &= kmu_expect(resp == d->resp, x->test, cyc, d->text, d->resp, resp);
    x->ok &= kmu_expect((rdata & d->mask) == d->val, x->test, cyc, d->text, d->val,
                        rdata & d->mask);
  }
  if (kmu_tb_quiet() || !x->print) return;
  if (op->write)
    printf("  cycle %6llu  %-78s -> %s\n", (unsigned long long)cyc, d->text,
           resp ? "SLVERR" : "OKAY");
  else
    printf("  cycle %6llu  %-78s = 0x%08x%s\n", (unsigned long long)cyc, d->text, rdata,
           resp ? "  (SLVERR)" : "");
}

/* returns 0 when the script is done */
static int demo_step(fe_ctx *x) {
  kmu_axim *m = &x->axim;
  if (x->samples >= sizeof demo_script / sizeof demo_script[0]) return 0;
  const demo_op *d = &demo_script[x->samples];
  switch (d->op) {
    case D_W: {
      uint32_t strb = d->text && strstr(d->text, "partial") ? 0x3 : 0xf;
      uint64_t tag = d->text ? TAG(EXP_PRINT, x->samples) : TAG(EXP_OKAY, 0);
      if (d->addr >= KMU_DOORBELL_ADDR && d->addr < KMU_WIN_HOST_LAUNCH_BASE) x->n_db++;
      if (d->addr == KMU_PRE_HINT_ADDR)
        hint_write(x, d->data, tag); /* its pulse is checked like the random test's */
      else
        kmu_axim_write(m, d->addr, d->data, strb, tag);
      break;
    }
    case D_R:
      kmu_axim_read(m, d->addr, TAG(EXP_PRINT, x->samples));
      break;
    case D_IDLE: {
      unsigned left = 0;
      if (!kmu_axim_idle(m)) return 1;
      if (++x->quiet < 4) return 1; /* let pulses settle */
      (void)left;
      x->quiet = 0;
      break;
    }
    case D_SAY:
      if (!kmu_tb_quiet() && x->print) printf("%s\n", d->text);
      break;
    case D_IRQ: /* irq_o as last seen (the outputs of the previous cycle) */
      x->ok &= KMU_EXPECT_EQ(x->test, x->cyc, d->text, d->val, x->last_irq);
      if (!kmu_tb_quiet() && x->print)
        printf("  cycle %6llu  %-78s = %u\n", (unsigned long long)x->cyc, d->text,
               (unsigned)x->last_irq);
      break;
    case D_RESULT: /* poll until the registration is no longer busy */
      if (x->result_seen) {
        x->result_seen = 0;
        break;
      }
      if (!x->waiting) {
        x->waiting = 1;
        kmu_axim_read(m, d->addr, TAG(EXP_PRINT, x->samples));
      }
      return 1;
    case D_CPL_ALL: {
      unsigned left = 0;
      for (unsigned k = 0; k < P_ENTRIES; k++) left += x->delivered[k];
      if (left) return 1; /* the completion source in rnd_drive returns them */
      break;
    }
    case D_END:
      return 0;
  }
  x->samples++;
  return 1;
}

static void demo_init(void *c, uint64_t seed) {
  fe_ctx *x = c;
  rnd_init(c, seed);
  x->mode = 3;
  x->axim.aw_pct = x->axim.w_pct = x->axim.ar_pct = x->axim.b_pct = x->axim.r_pct = 100;
  x->ready_pct = 100;
  x->cpl_pct = 0; /* the script decides when events complete */
  x->spur_pct = 0;
  x->kd_pct = 0;
  x->pre_ev_pct = 0;
}

/* Benchmarks: one doorbell at a time on an idle front end (latency), or a stream of
 * back-to-back doorbells to every registered entry (rate). */
static void bench_step(fe_ctx *x) {
  if (x->mode == 1) {
    if (x->samples == x->want) {
      x->phase = 2;
    } else if (!x->waiting && kmu_axim_idle(&x->axim) && !x->delivered[0]) {
      kmu_axim_write(&x->axim, KMU_DOORBELL_ADDR, 0, 0xf, TAG(EXP_OKAY, 0));
      x->n_db++;
      x->waiting = 1;
      x->aw_hs = x->w_hs = UINT64_MAX;
    }
  } else if (x->mode == 4) { /* baseline: plain register writes through the same slave */
    if (x->n_sent == x->want) {
      if (x->n_b == x->want) x->phase = 2;
    } else if (kmu_axim_pending(&x->axim) < 16) {
      kmu_axim_write(&x->axim, KMU_SCRATCH_ADDR, (uint32_t)x->n_sent, 0xf, TAG(EXP_OKAY, 0));
      x->n_sent++;
    }
  } else {
    if (x->n_db == x->want) {
      if (x->n_desc == x->want) x->phase = 2;
    } else if (kmu_axim_pending(&x->axim) < 16) {
      kmu_axim_write(&x->axim, KMU_DOORBELL_ADDR + 4 * (uint32_t)(x->n_db % x->nreg), 0, 0xf,
                     TAG(EXP_OKAY, 0));
      x->n_db++;
    }
  }
}

/* The bounded-write test (issue 13): the back end takes nothing (desc_ready_i and host_ready_i
 * low) for the whole traffic phase while doorbells (registered, unregistered, unknown), host
 * launches and YIELD_SIGNAL writes arrive back to back; every write must be answered within
 * the bound (rnd_finish), the doorbells waiting in kmu_doorbell's counts and the host launches
 * after the first answered busy; then the back end drains and every doorbell is exactly one
 * descriptor or one refusal (the final counter reads). */
static void stall_step(fe_ctx *x, uint64_t cyc) {
  kmu_axim *m = &x->axim;
  if (cyc >= x->traffic_end) {
    x->phase = 2;
    return;
  }
  if (kmu_axim_pending(m) > 24) return;
  unsigned r = (unsigned)kmu_rng_below(&x->rng, 100);
  if (r < 85) {
    uint32_t idx = (uint32_t)kmu_rng_below(&x->rng, P_ENTRIES + 3);
    kmu_axim_write(m, KMU_DOORBELL_ADDR + 4 * idx, 0, 0xf, TAG(EXP_OKAY, 0));
    x->n_db++;
  } else if (r < 95) {
    x->n_stall_hl++;
    host_launch(x);
  } else {
    kmu_axim_write(m, KMU_YIELD_SIGNAL_ADDR, (uint32_t)kmu_rng_bits(&x->rng, 32), 0xf,
                   TAG(EXP_OKAY, 0));
    x->n_ysig++;
  }
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  fe_ctx *x = c;
  kmu_frontend_in *i = in;
  kmu_axil_sig s;
  (void)pi, (void)po;
  x->cyc = cyc;
  switch (x->phase) {
    case 0:
      if (x->mode == 3) {
        x->phase = demo_step(x) ? 1 : 4;
        break;
      }
      setup_step(x);
      break;
    case 1:
      if (x->mode == 3) {
        if (!demo_step(x)) x->phase = 4;
        break;
      }
      if (x->mode == 5) {
        stall_step(x, cyc);
        break;
      }
      if (x->mode) {
        bench_step(x);
        break;
      }
      traffic_step(x);
      if (cyc >= x->traffic_end) x->phase = 2;
      break;
    case 2: { /* drain: everything answered, every descriptor out, every event completed */
      unsigned left = 0;
      for (unsigned k = 0; k < P_ENTRIES; k++) left += x->delivered[k];
      x->quiet = (kmu_axim_idle(&x->axim) && !left && !x->hq_n) ? x->quiet + 1 : 0;
      if (x->quiet > 8) {
        plan_final_reads(x);
        x->phase = 3;
      }
      break;
    }
    case 3:
      if (x->n_final_ok == x->n_final) x->phase = 4;
      break;
    default:
      return 0;
  }
  kmu_axim_drive(&x->axim, &s);
  KMU_AXIM_TO_IN(s, i);
  i->desc_ready_i = kmu_rng_pct(&x->rng, x->phase >= 2 ? 100 : x->ready_pct);
  /* host descriptors: random back-pressure in the random test, always taken otherwise */
  i->host_ready_i = x->mode ? 1 : kmu_rng_pct(&x->rng, x->phase >= 2 ? 100 : x->ready_pct);
  if (x->mode == 5 && x->phase == 1) i->desc_ready_i = i->host_ready_i = 0; /* stalled */
  /* complete a delivered event, or (rarely) send a spurious completion */
  i->cpl_valid_i = 0;
  i->cpl_id_i = 0;
  unsigned k = (unsigned)kmu_rng_below(&x->rng, P_ENTRIES);
  if (x->mode)
    for (k = 0; k < P_ENTRIES - 1 && !x->delivered[k]; k++) continue;
  int cpl_now = x->phase >= 2 || (x->mode == 3 && demo_script[x->samples].op == D_CPL_ALL);
  if (x->delivered[k] && kmu_rng_pct(&x->rng, cpl_now ? 100 : x->cpl_pct)) {
    i->cpl_valid_i = 1, i->cpl_id_i = k;
  } else if (x->phase == 1 && !x->e[k].valid && kmu_rng_pct(&x->rng, x->spur_pct)) {
    i->cpl_valid_i = 1, i->cpl_id_i = k; /* no kernel registered there: spurious */
  }
  /* kernel completions from the kernel management unit, random, stopped for the final reads */
  i->kernel_done_i = x->phase <= 1 && kmu_rng_pct(&x->rng, x->kd_pct);
  /* the preemption blocks: busy level and event pulses, the pulses stopped for the final reads */
  i->pre_busy_i = kmu_rng_pct(&x->rng, x->pre_busy_pct);
  i->pre_req_i = x->phase <= 1 && kmu_rng_pct(&x->rng, x->pre_ev_pct);
  i->wp_start_i = x->phase <= 1 && kmu_rng_pct(&x->rng, x->pre_ev_pct);
  i->ctx_save_i = x->phase <= 1 && kmu_rng_pct(&x->rng, x->pre_ev_pct);
  /* the TReM side (kmu_revoke, kmu_elastic: kmu_gpu's business): a request is taken at once and
   * never completes; tb/test_kmu_csr.c covers the window itself */
  i->trem_req_ready_i = 1;
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  fe_ctx *x = c;
  const kmu_frontend_in *i = ip;
  const kmu_frontend_out *o = op;
  kmu_axil_sig s;
  KMU_AXIM_FROM(s, i, o);
  kmu_axim_observe(&x->axim, &s, cyc);
  /* each write's wait: from the later of its AW and W handshakes to its B handshake */
  if (s.awvalid && s.awready) x->hs_aw[x->n_hs_aw++ % KMU_AXIM_Q] = cyc;
  if (s.wvalid && s.wready) x->hs_w[x->n_hs_w++ % KMU_AXIM_Q] = cyc;
  if (s.bvalid && s.bready) {
    uint64_t a = x->hs_aw[x->n_hs_b % KMU_AXIM_Q], w = x->hs_w[x->n_hs_b % KMU_AXIM_Q];
    uint64_t wait = cyc - (a > w ? a : w);
    if (wait > x->b_wait_max) x->b_wait_max = wait;
    x->n_hs_b++;
  }
  if (x->phase == 1 && s.awvalid && s.awready &&
      (s.awaddr >= KMU_DOORBELL_ADDR || x->mode == 4)) {
    x->aw_hs = cyc;
    x->n_aw_hs++;
    if (!x->first_hs) x->first_hs = cyc;
  }
  if (x->phase == 1 && s.wvalid && s.wready) x->w_hs = cyc;
  if (x->mode == 1 && x->waiting && o->desc_valid_o && x->aw_hs != UINT64_MAX &&
      x->w_hs != UINT64_MAX) {
    /* cycles from the later of the AW/W handshakes to the descriptor's valid */
    uint64_t hs = x->aw_hs > x->w_hs ? x->aw_hs : x->w_hs, lat = cyc - hs;
    x->lat_min = x->samples && x->lat_min < lat ? x->lat_min : lat;
    x->lat_max = x->lat_max > lat ? x->lat_max : lat;
    x->lat_sum += lat;
    x->samples++;
    x->waiting = 0;
  }
  x->last_irq = o->irq_o;
  x->last_mode = o->mode_rgem_o;
  x->last_rsv = o->reserve_mask_o;
  x->n_kdone += i->kernel_done_i != 0;
  x->n_pre_ev[0] += i->pre_req_i != 0;
  x->n_pre_ev[1] += i->wp_start_i != 0;
  x->n_pre_ev[2] += i->ctx_save_i != 0;
  x->last_pre[0] = o->pre_policy_o | o->pre_inplace_o << 2 | o->pre_wp_en_o << 3 |
                   o->pre_vpol_o << 4 | o->pre_opt_o << 6 | o->pre_all_o << 10;
  x->last_pre[1] = o->pre_ctx_base_o;
  x->last_pre[2] = o->pre_deadline_o;
  x->last_pre[3] = o->pre_bw_shift_o;
  x->last_pre[4] = o->pre_pred_launch_o;
  if (o->pre_hint_valid_o) { /* one pulse per PRE_HINT write, in order, with its value */
    int ok = kmu_expect(x->hint_n > 0, x->test, cyc, "pre_hint_valid_o of a PRE_HINT write the "
                        "test sent", 1, x->hint_n);
    if (ok) {
      ok &= KMU_EXPECT_EQ(x->test, cyc, "pre_pred_launch_o with pre_hint_valid_o",
                          x->hint_q[x->hint_head], o->pre_pred_launch_o);
      x->hint_head = (x->hint_head + 1) % HQ;
      x->hint_n--;
      x->n_hint_pulse++;
      if (x->mode == 3 && x->print && !kmu_tb_quiet())
        printf("  cycle %6llu  pre_hint_valid_o: launch hint to the preemption blocks, "
               "pre_pred_launch_o = %llu\n",
               (unsigned long long)cyc, (unsigned long long)o->pre_pred_launch_o);
    }
    x->ok &= ok;
  }
  if (x->mode == 3 && x->print && o->desc_valid_o && i->desc_ready_i && !kmu_tb_quiet())
    printf("  cycle %6llu  descriptor: doorbell %2llu  kernel 0x%08llx  grid %llux%llux%llu  "
           "TB %llux%llux%llu  prio %llu  params @ 0x%08llx\n",
           (unsigned long long)cyc, (unsigned long long)o->desc_id_o,
           (unsigned long long)o->desc_kptr_o, (unsigned long long)o->desc_grid_x_o,
           (unsigned long long)o->desc_grid_y_o, (unsigned long long)o->desc_grid_z_o,
           (unsigned long long)o->desc_tb_x_o, (unsigned long long)o->desc_tb_y_o,
           (unsigned long long)o->desc_tb_z_o, (unsigned long long)o->desc_prio_o,
           (unsigned long long)o->desc_param_o);
  if (o->desc_valid_o && i->desc_ready_i) x->last_desc = cyc;
  if (o->host_valid_o && i->host_ready_i) {
    int ok = kmu_expect(x->hq_n > 0, x->test, cyc, "host descriptor of a launch the test sent", 1,
                        x->hq_n);
    if (ok) {
      const ref_host *h = &x->hq[x->hq_head];
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_kptr_o", h->kptr, o->host_kptr_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_grid_x_o", h->gx, o->host_grid_x_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_grid_y_o", h->gy, o->host_grid_y_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_grid_z_o", h->gz, o->host_grid_z_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_tb_x_o", h->tx, o->host_tb_x_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_tb_y_o", h->ty, o->host_tb_y_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_tb_z_o", h->tz, o->host_tb_z_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_shmem_o", h->shmem, o->host_shmem_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_nregs_o", h->nregs, o->host_nregs_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_prio_o", h->prio, o->host_prio_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_param_o", h->param, o->host_param_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "host_cpl_addr_o", h->cpl, o->host_cpl_addr_o);
      x->hq_head = (x->hq_head + 1) % HQ;
      x->hq_n--;
      x->n_host++;
    }
    x->ok &= ok;
  }
  if (i->cpl_valid_i) {
    if (x->delivered[i->cpl_id_i]) {
      x->delivered[i->cpl_id_i]--;
      x->n_cpl++;
    } else {
      x->n_spur++;
    }
  }
  if (o->desc_valid_o && i->desc_ready_i && x->mode == 3) {
    x->delivered[o->desc_id_o]++; /* the demo prints descriptors; the tests check them */
    x->n_desc++;
  } else if (o->desc_valid_o && i->desc_ready_i) {
    unsigned id = (unsigned)o->desc_id_o;
    int ok = kmu_expect(id < P_ENTRIES && x->e[id].valid, x->test, cyc,
                        "descriptor of a registered entry", 1, id);
    if (ok) {
      ref_entry *r = &x->e[id];
      ok &= KMU_EXPECT_EQ(x->test, cyc, "desc_param_o (next parameter entry)", r->head,
                          o->desc_param_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "desc_kptr_o", r->kptr, o->desc_kptr_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "desc_grid_x_o", r->gx, o->desc_grid_x_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "desc_grid_y_o", r->gy, o->desc_grid_y_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "desc_tb_x_o", r->tx, o->desc_tb_x_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "desc_shmem_o", r->shmem, o->desc_shmem_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "desc_nregs_o", r->nregs, o->desc_nregs_o);
      ok &= KMU_EXPECT_EQ(x->test, cyc, "desc_prio_o", r->prio, o->desc_prio_o);
      r->head = r->head + r->esize >= r->end ? r->base : r->head + r->esize;
      x->delivered[id]++;
      ok &= kmu_expect(x->delivered[id] <= r->maxinf, x->test, cyc,
                       "in-flight events within the entry's limit", r->maxinf,
                       x->delivered[id]);
      x->n_desc++;
    }
    x->ok &= ok;
  }
  return x->ok;
}

static int rnd_finish(void *c) {
  fe_ctx *x = c;
  int ok = x->ok;
  ok &= KMU_EXPECT_EQ(x->test, x->cyc, "run reached its final check", 4, x->phase);
  ok &= kmu_expect(x->n_desc > 0 || x->mode == 4, x->test, x->cyc, "some descriptors flowed", 1,
                   x->n_desc);
  if (x->mode == 0)
    ok &= kmu_expect(x->n_host > 0 && x->hq_n == 0, x->test, x->cyc,
                     "host launches flowed, every one taken", 1, x->n_host);
  if (x->phase == 4 && x->mode != 3) { /* after the final reads every write has landed */
    ok &= KMU_EXPECT_EQ(x->test, x->cyc, "mode_rgem_o == KMU_CTRL.RGEM written last",
                        x->exp_ctrl, x->last_mode);
    ok &= KMU_EXPECT_EQ(x->test, x->cyc, "reserve_mask_o == SM_RESERVE written last",
                        x->exp_rsv, x->last_rsv);
    static const char *const nm[5] = {
        "pre_policy/inplace/wp_en/vpol/opt_o == PRE_CTRL written last",
        "pre_ctx_base_o == PRE_CTX_BASE written last", "pre_deadline_o == PRE_DEADLINE written last",
        "pre_bw_shift_o == PRE_BW written last", "pre_pred_launch_o == PRE_HINT written last"};
    for (unsigned k = 0; k < 5; k++)
      ok &= KMU_EXPECT_EQ(x->test, x->cyc, nm[k], x->exp_pre[k], x->last_pre[k]);
    ok &= KMU_EXPECT_EQ(x->test, x->cyc, "every PRE_HINT write gave one pre_hint_valid_o pulse",
                        x->n_hint_wr, x->n_hint_pulse);
  }
  if (x->mode == 0)
    ok &= kmu_expect(x->n_kdone > 0, x->test, x->cyc, "kernel completions flowed", 1,
                     x->n_kdone);
  if (x->mode == 0)
    ok &= kmu_expect(x->n_pre_cfg > 0 && x->n_hint_pulse > 0 && x->n_pre_ev[0] > 0 &&
                         x->n_pre_ev[1] > 0 && x->n_pre_ev[2] > 0,
                     x->test, x->cyc, "preemption reconfigurations, hints and events flowed", 1,
                     x->n_hint_pulse);
  if (x->mode == 3)
    ok &= KMU_EXPECT_EQ(x->test, x->cyc, "the demo's hint gave one pulse", 1, x->n_hint_pulse);
  if (x->mode == 5) {
    /* the bound: with BREADY high, B comes 2 cycles after the later of AW and W (the request
     * leaves the slave's FIFO and is answered in t+1, the B register holds it in t+2),
     * whatever the back end does */
    ok &= kmu_expect(x->b_wait_max <= 2, x->test, x->cyc,
                     "every write answered within 2 cycles of its AW/W handshakes", 2,
                     x->b_wait_max);
    ok &= kmu_expect(x->n_db > 100 && x->n_host_busy > 0 && x->n_ysig > 0, x->test, x->cyc,
                     "doorbells, busy host launches and YIELD_SIGNAL writes during the stall", 1,
                     0);
  }
  if (x->mode == 0)
    printf("  %s: %llu doorbells, %llu descriptors, %llu completions, %llu spurious, "
           "%llu bad accesses, %u entries registered, %llu host launches, %llu refused, %llu busy, "
           "%llu kernel completions, %llu reconfigurations, %llu preemption writes, %llu hints, "
           "%llu/%llu/%llu preemption requests/warp preemptions/context saves\n",
           x->test, (unsigned long long)x->n_db, (unsigned long long)x->n_desc,
           (unsigned long long)x->n_cpl, (unsigned long long)x->n_spur,
           (unsigned long long)x->n_bad, x->nreg, (unsigned long long)x->n_host,
           (unsigned long long)x->n_host_refused, (unsigned long long)x->n_host_busy,
           (unsigned long long)x->n_kdone,
           (unsigned long long)x->n_cfg, (unsigned long long)x->n_pre_cfg,
           (unsigned long long)x->n_hint_pulse, (unsigned long long)x->n_pre_ev[0],
           (unsigned long long)x->n_pre_ev[1], (unsigned long long)x->n_pre_ev[2]);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  fe_ctx *x = calloc(1, sizeof *x);
  x->test = test;
  x->traffic_end = cycles > 4000 ? cycles - 4000 : cycles / 2;
  kmu_stim s = {x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep_mid_reset(&kmu_frontend_block, &s, test, seed, cycles);
  free(x);
  return ok;
}

/* ---------------------------------------------------------------- benchmarks */
static fe_ctx *bench_ctx(const char *test, int mode, unsigned want) {
  fe_ctx *x = calloc(1, sizeof *x);
  x->test = test;
  x->traffic_end = UINT64_MAX;
  x->mode = mode;
  x->want = want;
  return x;
}

static void bench_init(void *c, uint64_t seed) {
  fe_ctx *x = c;
  int mode = x->mode;
  unsigned want = x->want;
  x->mode = mode;
  rnd_init(c, seed);
  x->mode = mode;
  x->want = want;
  /* no back-pressure anywhere: the front end's own latency and rate */
  x->axim.aw_pct = x->axim.w_pct = x->axim.ar_pct = x->axim.b_pct = x->axim.r_pct = 100;
  x->axim.max_out = 16;
  x->ready_pct = 100;
  x->cpl_pct = 100; /* credits come back at once */
  x->spur_pct = 0;
}

static int t_stall(const char *test, uint64_t seed, uint64_t cycles) {
  fe_ctx *x = bench_ctx(test, 5, 0);
  kmu_stim s = {x, bench_init, rnd_drive, rnd_check, rnd_finish};
  /* the stall: from the end of the setup (registrations, about 600 cycles) to cycle 3,000 */
  x->traffic_end = 3000;
  int ok = kmu_lockstep(&kmu_frontend_block, &s, test, seed, cycles ? cycles : 20000);
  if (!kmu_tb_quiet())
    printf("  %s: %llu doorbells, %llu host launches (%llu busy), %llu YIELD_SIGNAL writes, "
           "%llu descriptors after the stall, longest write wait %llu cycles\n", test,
           (unsigned long long)x->n_db, (unsigned long long)x->n_stall_hl,
           (unsigned long long)x->n_host_busy, (unsigned long long)x->n_ysig,
           (unsigned long long)x->n_desc, (unsigned long long)x->b_wait_max);
  free(x);
  return ok;
}

static int t_bench_latency(const char *test, uint64_t seed, uint64_t cycles) {
  fe_ctx *x = bench_ctx(test, 1, 64);
  kmu_stim s = {x, bench_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep(&kmu_frontend_block, &s, test, seed, cycles ? cycles : 100000);
  printf("BENCH doorbell_to_descriptor_cycles_min %llu\n", (unsigned long long)x->lat_min);
  printf("BENCH doorbell_to_descriptor_cycles_max %llu\n", (unsigned long long)x->lat_max);
  printf("BENCH doorbell_to_descriptor_cycles_avg %.3f\n",
         x->samples ? (double)x->lat_sum / x->samples : 0.0);
  printf("BENCH doorbell_to_descriptor_samples %u\n", x->samples);
  printf("BENCH doorbell_write_to_bvalid_cycles_avg %.3f\n",
         x->samples ? (double)x->b_lat_sum / x->samples : 0.0);
  ok &= x->samples == x->want;
  free(x);
  return ok;
}

static int t_bench_rate(const char *test, uint64_t seed, uint64_t cycles) {
  fe_ctx *x = bench_ctx(test, 2, 4000);
  kmu_stim s = {x, bench_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep(&kmu_frontend_block, &s, test, seed, cycles ? cycles : 100000);
  double span = (double)(x->last_desc - x->first_hs + 1);
  printf("BENCH sustained_doorbells_per_cycle %.4f\n", x->n_desc / span);
  printf("BENCH sustained_doorbells %llu\n", (unsigned long long)x->n_desc);
  printf("BENCH sustained_entries %u\n", x->nreg);
  printf("BENCH sustained_span_cycles %.0f\n", span);
  free(x);
  return ok;
}

static int t_bench_scratch_rate(const char *test, uint64_t seed, uint64_t cycles) {
  fe_ctx *x = bench_ctx(test, 4, 4000);
  kmu_stim s = {x, bench_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep(&kmu_frontend_block, &s, test, seed, cycles ? cycles : 100000);
  double span = (double)(x->last_b - x->first_hs + 1);
  printf("BENCH baseline_register_writes_per_cycle %.4f\n", x->n_b / span);
  free(x);
  return ok;
}

static int t_demo(const char *test, uint64_t seed, uint64_t cycles) {
  fe_ctx *x = calloc(1, sizeof *x);
  x->test = test;
  x->print = !strcmp(test, "demo");
  kmu_stim s = {x, demo_init, rnd_drive, rnd_check, rnd_finish};
  if (x->print)
    printf("openkmu EDGE front end, %u-entry EKT, Verilated RTL in lockstep with the C model\n",
           P_ENTRIES);
  int ok = kmu_lockstep(&kmu_frontend_block, &s, test, seed, cycles ? cycles : 20000);
  if (x->print)
    printf("%s: %llu doorbells rung, %llu descriptors, %llu completions; every answer as "
           "specified, RTL and C model equal on every output of every cycle\n",
           ok ? "demo done" : "demo FAILED", (unsigned long long)x->n_db,
           (unsigned long long)x->n_desc, (unsigned long long)x->n_cpl);
  free(x);
  return ok;
}

static const kmu_test tests[] = {
    {"random", t_random, 260000, 4}, /* ends after its final reads: about 256k cycles each */
    {"directed", t_demo, 0, 0}, /* the demo's script, silent, every answer checked */
    {"stall", t_stall, 0, 0},   /* issue 13: every write answered in 2 cycles, back end stalled */
    {"demo", t_demo, 0, 0},
    {"bench_scratch_rate", t_bench_scratch_rate, 0, 0},
    {"bench_latency", t_bench_latency, 0, 0},
    {"bench_rate", t_bench_rate, 0, 0},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_frontend_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
