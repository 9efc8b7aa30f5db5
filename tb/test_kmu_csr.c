/* test_kmu_csr.c - lockstep and directed tests of kmu_csr (rtl/frontend/kmu_csr.v).
 *
 * Expected values are written from the specification: docs/frontend-interfaces.md section 3,
 * docs/kmu-interfaces.md section 1 (the host descriptor), the preemption window of register
 * map 1.2 (PRE_*, PERF_PREEMPTS/WP/CTX_SAVES), the TReM window of register map 1.3 (TR_*,
 * ERR_CNT_TREM, PERF_REVOKES; HL_RES.CLASS, HL_EST), the copy window of map 1.4 (COPY_*,
 * PERF_COPIES; docs/blocks/kmu_copy_engine.md, Integration) and the register map as the brief states it
 * (addresses, access, field masks below are typed in from the spec, not taken from the
 * generated header, so they also check regmap/kmu.rdl).
 * Codes and ERR_STATUS bit positions are the spec's; the generated cmodel/include/kmu_regmap.h names
 * are used for readability only where the number is the same one the spec gives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_csr.h"
#include "kmu_regmap.h"
#include "kmu_tb.h"

static const kmu_csr_params params = {P_AW,     P_ENTRIES, P_CNT_W,
                                      P_NSM,    P_CP_NPRIO, P_CP_LENW,
                                      P_CP_IDW};
#define KMU_CUR_IN kmu_csr_in
#define KMU_CUR_OUT kmu_csr_out
KMU_BLOCK(kmu_csr, KMU_CSR_IN, KMU_CSR_OUT, &params)

#define CMAX ((uint32_t)kmu_mask(P_CNT_W)) /* a saturated counter */
/* SM_RESERVE: one bit per SM, SMs 0..31 (bits NSM..31 read 0) */
#define RSVM (P_NSM >= 32 ? 0xFFFFFFFFu : (uint32_t)((1u << P_NSM) - 1))
/* the copy window: tag bits, priority field bits max(1, clog2(CP_NPRIO)), COPY_CTRL's mask */
#define CP_IDM ((1u << P_CP_IDW) - 1u) /* CP_IDW <= 16 */
static unsigned cp_pw(void) {
  unsigned w = 1;
  while ((1u << w) < P_CP_NPRIO) w++;
  return w;
}
static unsigned id_w(void) {
  unsigned w = 1;
  while ((1u << w) < P_ENTRIES) w++;
  return w;
}

/* ---------------------------------------------------------------- the map, from the spec */
enum { K_CONST, K_RO, K_RW, K_RW1C, K_CNT, K_WO };
typedef struct {
  unsigned addr;
  int kind;
  uint32_t mask; /* K_RW: bits that store */
  const char *name;
} regdesc;

static const regdesc map[] = {
    {0x000, K_CONST, 0, "ID"},
    {0x004, K_CONST, 0, "VERSION"},
    {0x008, K_CONST, 0, "CONFIG"},
    {0x00C, K_RO, 0, "STATUS"},
    {0x010, K_RW1C, 0xFF, "ERR_STATUS"},
    {0x014, K_RO, 0, "ERR_DB_INFO"},
    {0x018, K_CNT, 0, "ERR_CNT_DB"},
    {0x01C, K_CNT, 0, "ERR_CNT_REG"},
    {0x020, K_CNT, 0, "ERR_CNT_BUS"},
    {0x024, K_CNT, 0, "ERR_CNT_CPL"},
    {0x028, K_RO, 0, "EKT_VALID"},
    {0x02C, K_RW1C, 0x1, "KERNEL_STATUS"},
    {0x030, K_RW, 0x1, "KMU_CTRL"},
    {0x034, K_RW, RSVM, "SM_RESERVE"},
    {0x038, K_RW, 0x3, "IRQ_ENABLE"},
    {0x040, K_CNT, 0, "PERF_DOORBELLS"},
    {0x044, K_CNT, 0, "PERF_LAUNCHES"},
    {0x048, K_CNT, 0, "PERF_COMPLETIONS"},
    {0x04C, K_RW, 0xFFFFFFFF, "SCRATCH"},
    {0x050, K_CNT, 0, "PERF_KERNELS"},
    {0x100, K_RW, 0xFFFFFFFF, "REG_KPTR"},
    {0x104, K_RW, 0xFFFFFFFF, "REG_GRID_XY"},
    {0x108, K_RW, 0x0000FFFF, "REG_GRID_Z"},
    {0x10C, K_RW, 0xFFFFFFFF, "REG_TB_XY"},
    {0x110, K_RW, 0x0000FFFF, "REG_TB_Z"},
    {0x114, K_RW, 0x03FFFFFF, "REG_RES"},
    {0x118, K_RW, 0xFFFFFFFF, "REG_PBASE"},
    {0x11C, K_RW, 0xFFFFFFFF, "REG_PEND"},
    {0x120, K_RW, 0x00FFFFFF, "REG_PSIZE"},
    {0x124, K_WO, 0, "REG_CMD"},
    {0x128, K_RO, 0, "REG_RESULT"},
    {0x12C, K_WO, 0, "UNREG_CMD"},
    {0x130, K_RO, 0, "UNREG_RESULT"},
    /* host launch window 0x2000-0x20FF */
    {0x2000, K_RW, 0xFFFFFFFF, "HL_KPTR"},
    {0x2004, K_RW, 0xFFFFFFFF, "HL_GRID_XY"},
    {0x2008, K_RW, 0x0000FFFF, "HL_GRID_Z"},
    {0x200C, K_RW, 0xFFFFFFFF, "HL_TB_XY"},
    {0x2010, K_RW, 0x0000FFFF, "HL_TB_Z"},
    {0x2014, K_RW, 0x07FFFFFF, "HL_RES"},
    {0x2018, K_RW, 0xFFFFFFFF, "HL_PARAM"},
    {0x201C, K_RW, 0xFFFFFFFF, "HL_CPL_ADDR"},
    {0x2020, K_WO, 0, "HL_CMD"},
    {0x2024, K_RO, 0, "HL_STATUS"},
    {0x2028, K_RW, 0xFFFFFFFF, "HL_EST"},
    /* preemption window 0x2100-0x21FF (map 1.2) */
    {0x2100, K_RW, 0x000007FF, "PRE_CTRL"},
    {0x2104, K_RW, 0xFFFFFFFF, "PRE_CTX_BASE"},
    {0x2108, K_RW, 0xFFFFFFFF, "PRE_DEADLINE"},
    {0x210C, K_RW, 0x0000000F, "PRE_BW"},
    {0x2110, K_RW, 0xFFFFFFFF, "PRE_HINT"},
    {0x2114, K_RO, 0, "PRE_STATUS"},
    {0x2118, K_CNT, 0, "PERF_PREEMPTS"},
    {0x211C, K_CNT, 0, "PERF_WP"},
    {0x2120, K_CNT, 0, "PERF_CTX_SAVES"},
    /* TReM window 0x2200-0x22FF (map 1.3) */
    {0x2200, K_WO, 0, "TR_CMD"},
    {0x2204, K_RO, 0, "TR_RESULT"},
    {0x2208, K_RW1C, 0x3, "TR_EVENTS"},
    {0x220C, K_RO, 0, "TR_GUARD"},
    {0x2210, K_RW, 0x3, "TR_IRQ_EN"},
    {0x2214, K_RW, 0xF, "TR_THRESH"},
    {0x2218, K_RW, 0xFFFFFFFF, "TR_COST"},
    {0x221C, K_RW, 0x773, "TR_CTRL"},
    {0x2220, K_RW, 0xFFFFFFFF, "TR_SLA"},
    {0x2224, K_RW, 0xFFFFFFFF, "TR_PERIOD"},
    {0x2228, K_RO, 0, "TR_ELASTIC"},
    {0x222C, K_RO, 0, "TR_LE"},
    {0x2230, K_CNT, 0, "ERR_CNT_TREM"},
    {0x2234, K_CNT, 0, "PERF_REVOKES"},
    {0x2238, K_RO, 0, "TR_LAST_LID"},
    {0x223C, K_RO, 0, "TR_AUTO"},
    {0x2240, K_RO, 0, "TR_AUTO_NV"},
    /* copy window 0x2300-0x23FF (map 1.4): COPY_CTRL DIR [0], PRIO [6:4], ID [31:16] (CP_IDW
     * bits), COPY_CHUNK.LOG2 [4:0] reset 20, COPY_IRQ.EN [0] */
    {0x2300, K_RW, 0xFFFFFFFF, "COPY_SRC"},
    {0x2304, K_RW, 0xFFFFFFFF, "COPY_DST"},
    {0x2308, K_RW, 0xFFFFFFFF, "COPY_LEN"},
    {0x230C, K_RW, 0x71u | (CP_IDM << 16), "COPY_CTRL"},
    {0x2310, K_RW, 0x1F, "COPY_CHUNK"},
    {0x2314, K_WO, 0, "COPY_GO"},
    {0x2318, K_RO, 0, "COPY_CPL"},
    {0x231C, K_WO, 0, "COPY_CPL_POP"},
    {0x2320, K_RO, 0, "COPY_STATUS"},
    {0x2324, K_CNT, 0, "COPY_ERR_CNT"},
    {0x2328, K_RW, 0x1, "COPY_IRQ"},
    {0x232C, K_CNT, 0, "PERF_COPIES"},
    {0x2330, K_CONST, 0, "COPY_CONFIG"},
    /* GPUpIO yield window 0x2400-0x24FF (map 1.5): the signal (write-only), kmu_yield_mon's
     * counters read live from ycnt_*_i */
    {0x2400, K_WO, 0, "YIELD_SIGNAL"},
    {0x2404, K_RO, 0, "YIELD_TAKE"},
    {0x2408, K_RO, 0, "YIELD_SPIN"},
    {0x240C, K_RO, 0, "YIELD_FULL"},
    {0x2410, K_RO, 0, "YIELD_NOWORK"},
    {0x2414, K_RO, 0, "YIELD_WAKE"},
    {0x2418, K_RO, 0, "YIELD_ERR"},
    {0x241C, K_RW, 0xF1, "YIELD_CTRL"},
    {0x2420, K_RO, 0, "YIELD_WKERR"},
};
#define NMAP (sizeof map / sizeof map[0])
#define A_ERR_STATUS 0x010u
#define A_SCRATCH 0x04Cu
#define A_KERNEL_STATUS 0x02Cu
#define A_KMU_CTRL 0x030u
#define A_SM_RESERVE 0x034u
#define A_IRQ_ENABLE 0x038u
#define A_PERF_KERNELS 0x050u
#define IRQ_EN_RESET 0x1u /* IRQ_ENABLE: errors enabled, kernel done disabled */
#define A_REG_CMD 0x124u
#define A_REG_RESULT 0x128u
#define A_UNREG_CMD 0x12Cu
#define A_UNREG_RESULT 0x130u
#define DB_BASE 0x1000u
#define BUS_BIT (1u << 6) /* ERR_STATUS.BUS */
#define HOST_BIT (1u << 7) /* ERR_STATUS.HOST_REFUSED */
#define HL_BASE 0x2000u
#define A_HL_KPTR 0x2000u
#define A_HL_GRID_XY 0x2004u
#define A_HL_GRID_Z 0x2008u
#define A_HL_TB_XY 0x200Cu
#define A_HL_TB_Z 0x2010u
#define A_HL_RES 0x2014u
#define A_HL_PARAM 0x2018u
#define A_HL_CPL 0x201Cu
#define A_HL_CMD 0x2020u
#define A_HL_STATUS 0x2024u
/* the preemption window: PRE_CTRL fields POLICY [1:0], INPLACE [2], WP_EN [3], VPOL [5:4],
 * OPT [9:6], ALL [10]; PRE_BW.SHIFT [3:0], reset 2; PRE_HINT write -> pre_hint_valid_o the next cycle */
#define PRE_BASE 0x2100u
#define A_PRE_CTRL 0x2100u
#define A_PRE_CTX_BASE 0x2104u
#define A_PRE_DEADLINE 0x2108u
#define A_PRE_BW 0x210Cu
#define A_PRE_HINT 0x2110u
#define A_PRE_STATUS 0x2114u
#define A_PERF_PREEMPTS 0x2118u
#define A_PERF_WP 0x211Cu
#define A_PERF_CTX_SAVES 0x2120u
#define PRE_BW_RESET 0x2u
#define A_HL_EST 0x2028u
/* the TReM window: TR_CMD KIND [1:0], REPLAY [2], ID [31:16]; TR_RESULT STATUS [2:0],
 * REPLAY [3], DONE [6], BUSY [7], TAG [15:8], LID [31:16]; TR_EVENTS DONE [0], GUARD [1] (W1C);
 * TR_IRQ_EN the same bits; TR_CTRL POLICY [1:0], SHIFT [6:4] (reset 3), UNIT [10:8] */
#define TR_BASE 0x2200u
#define A_TR_CMD 0x2200u
#define A_TR_RESULT 0x2204u
#define A_TR_EVENTS 0x2208u
#define A_TR_GUARD 0x220Cu
#define A_TR_IRQ_EN 0x2210u
#define A_TR_THRESH 0x2214u
#define A_TR_COST 0x2218u
#define A_TR_CTRL 0x221Cu
#define A_TR_SLA 0x2220u
#define A_TR_PERIOD 0x2224u
#define A_TR_ELASTIC 0x2228u
#define A_TR_LE 0x222Cu
#define A_ERR_CNT_TREM 0x2230u
#define A_PERF_REVOKES 0x2234u
#define A_TR_LAST_LID 0x2238u
#define A_TR_AUTO 0x223Cu
#define A_TR_AUTO_NV 0x2240u
#define TR_CTRL_RESET 0x30u
#define CP_BASE 0x2300u
#define A_COPY_SRC 0x2300u
#define A_COPY_DST 0x2304u
#define A_COPY_LEN 0x2308u
#define A_COPY_CTRL 0x230Cu
#define A_COPY_CHUNK 0x2310u
#define A_COPY_GO 0x2314u
#define A_COPY_CPL 0x2318u
#define A_COPY_CPL_POP 0x231Cu
#define A_COPY_STATUS 0x2320u
#define A_COPY_ERR_CNT 0x2324u
#define A_COPY_IRQ 0x2328u
#define A_PERF_COPIES 0x232Cu
#define A_COPY_CONFIG 0x2330u
#define A_YIELD_SIGNAL 0x2400u
#define A_YIELD_TAKE 0x2404u
#define A_YIELD_ERR 0x2418u
#define A_YIELD_CTRL 0x241Cu /* TAIL [0], MAXWAIT [7:4] (register map 1.6) */
#define A_YIELD_WKERR 0x2420u /* kmu_gpu's refused-wake counter, live (1.6) */
#define COPY_CHUNK_RESET 20u
#define CPL_VALID (1u << 31) /* COPY_CPL.VALID; ID [15:0], STATUS [18:16] */
/* copy status codes (the spec's numbers): OK 0, ZERO 1, ..., FULL 5, LONG 6 */
#define CST_OK 0u
#define CST_PRIO 4u
#define CST_FULL 5u
#define CST_LONG 6u
#define RF_WORDS (0x2500u / 4) /* the RW registers live below 0x2500 (YIELD_CTRL 0x241C) */
/* register map 1.4 has no reserved window left (the TReM and copy windows are built) */

/* the host descriptor the spec expects from the HL_* staging words (docs/kmu-interfaces.md 1) */
typedef struct {
  uint32_t kptr, gx, gy, gz, tx, ty, tz, shmem, nregs, prio, param, cpl, cls, est;
} hdesc;
static hdesc hdesc_of(const uint32_t *rf) {
  hdesc h;
  h.kptr = rf[A_HL_KPTR / 4];
  h.gx = rf[A_HL_GRID_XY / 4] & 0xFFFF, h.gy = rf[A_HL_GRID_XY / 4] >> 16;
  h.gz = rf[A_HL_GRID_Z / 4] & 0xFFFF;
  h.tx = rf[A_HL_TB_XY / 4] & 0xFFFF, h.ty = rf[A_HL_TB_XY / 4] >> 16;
  h.tz = rf[A_HL_TB_Z / 4] & 0xFFFF;
  h.shmem = rf[A_HL_RES / 4] & 0xFFFF;
  h.nregs = (rf[A_HL_RES / 4] >> 16) & 0xFF;
  h.prio = (rf[A_HL_RES / 4] >> 24) & 3;
  h.param = rf[A_HL_PARAM / 4];
  h.cpl = rf[A_HL_CPL / 4];
  h.cls = (rf[A_HL_RES / 4] >> 26) & 1;
  h.est = rf[A_HL_EST / 4];
  return h;
}
/* a zero grid or TB dimension: the launch is refused */
static int hdesc_bad(const hdesc *h) {
  return !h->gx || !h->gy || !h->gz || !h->tx || !h->ty || !h->tz;
}
static int chk_hdesc(const char *t, uint64_t cyc, const hdesc *h, const kmu_csr_out *o) {
  int ok = KMU_EXPECT_EQ(t, cyc, "host_valid_o", 1, o->host_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_kptr_o", h->kptr, o->host_kptr_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_grid_x_o", h->gx, o->host_grid_x_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_grid_y_o", h->gy, o->host_grid_y_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_grid_z_o", h->gz, o->host_grid_z_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_tb_x_o", h->tx, o->host_tb_x_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_tb_y_o", h->ty, o->host_tb_y_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_tb_z_o", h->tz, o->host_tb_z_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_shmem_o", h->shmem, o->host_shmem_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_nregs_o", h->nregs, o->host_nregs_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_prio_o", h->prio, o->host_prio_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_param_o", h->param, o->host_param_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_cpl_addr_o", h->cpl, o->host_cpl_addr_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_class_o = HL_RES.CLASS", h->cls, o->host_class_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "host_est_o = HL_EST", h->est, o->host_est_o);
  return ok;
}

static const regdesc *find_reg(uint64_t addr) {
  for (unsigned k = 0; k < NMAP; k++)
    if (map[k].addr == addr) return &map[k];
  return NULL;
}
static int is_db(uint64_t addr) { return addr >= DB_BASE && addr < DB_BASE + 4096; }

/* independent SLVERR expectation of one request */
static int exp_err(int write, uint64_t addr, unsigned strb) {
  if (addr & 3) return 1;
  if (write && strb != 0xF) return 1;
  if (is_db(addr)) return !write; /* doorbells are write-only */
  const regdesc *r = find_reg(addr);
  if (!r) return 1; /* unmapped or reserved */
  if (write) return r->kind == K_CONST || r->kind == K_RO;
  return r->kind == K_WO;
}

static uint32_t config_value(void) {
  return (P_ENTRIES & 0xFF) | ((P_CNT_W & 0xFF) << 8) | ((P_AW & 0xFF) << 16);
}

/* ---------------------------------------------------------------- random lockstep */
typedef struct {
  kmu_rng rng;
  const char *test;
  unsigned req_pct, wr_pct, ev_pct, dbr_pct, regr_pct, bad_pct, hlr_pct, hlz_pct;
  uint32_t rf[RF_WORDS]; /* expected contents of the RW registers (0x000-0x24FF) */
  uint64_t n_req, n_err, n_rd_checked, n_db_bus, n_db_hs, n_reg_bus, n_reg_hs, n_unreg;
  /* host launches: the expected pending descriptor (at most one) and counts */
  int h_pend;
  hdesc h_exp;
  uint64_t n_hl_launch, n_hl_refused, n_hl_taken, n_hl_stall;
  /* KERNEL_STATUS.KERNEL_DONE as the spec expects it; kernel-done interrupts seen */
  int kdone;
  uint64_t n_kd_irq, n_kd_clr;
  /* preemption window: event rates, the three counters as the spec expects them, the hint
   * pulse due this cycle, and coverage (bits of every output seen 1 and 0, live reads) */
  unsigned pre_pct, busy_pct;
  uint32_t pcnt[3]; /* PERF_PREEMPTS, PERF_WP, PERF_CTX_SAVES */
  int rd_wait;         /* a read was offered last cycle and waited: this cycle takes it */
  int hint_due;
  int ysig_due;        /* a YIELD_SIGNAL write accepted last cycle: the pulse now */
  uint32_t ysig_addr;  /* its data: ysig_addr_o from the pulse on */
  unsigned n_ysig, n_ycnt_rd;
  uint64_t n_hint, n_busy_rd[2], n_pcnt_rd[3];
  uint32_t cov1[5], cov0[5]; /* PRE_CTRL, PRE_CTX_BASE, PRE_DEADLINE, PRE_BW, PRE_HINT outputs */
  /* TReM window: input rates, the held request, the result, events, counters as the spec
   * expects them, and coverage */
  unsigned tr_rdy_pct, tr_ev_pct;
  unsigned tr_block; /* cycles left with trem_req_ready_i held low */
  int tr_pend;
  uint32_t tr_req; /* the TR_CMD word of the held request */
  uint32_t tr_res; /* TR_RESULT without BUSY */
  unsigned tr_ev, tr_gtag;
  uint32_t tr_cnt[2]; /* ERR_CNT_TREM, PERF_REVOKES */
  uint64_t n_tr_cmd, n_tr_taken, n_tr_stall, n_tr_irq, n_tr_done_rd, n_tr_cnt_rd[2];
  uint32_t tcov1[7], tcov0[7]; /* TR_CMD, THRESH, COST, CTRL, SLA, PERIOD, HL_EST outputs */
  /* copy window: the engine's side (command ready, completions offered and held, busy) and the
   * spec's state: the staged command, the window refusal, COPY_CPL, LAST_ERR, the counters */
  unsigned cprdy_pct, cpv_pct, cpbusy_pct;
  int cq_pend;
  uint32_t cq_src, cq_dst, cq_bytes, cq_dir, cq_prio, cq_id;
  int wref, ccpl;
  unsigned wref_id, wref_st, ccpl_id, ccpl_st, lerr;
  uint32_t cp_cnt[2]; /* COPY_ERR_CNT, PERF_COPIES */
  int eng_held; /* the completion offered last cycle was not taken: this one is the same */
  uint64_t cpc1[7], cpc0[7]; /* coverage: cp_cmd src, dst, bytes, dir, prio, id, chunk bits */
  uint64_t n_go, n_cmd_taken, n_go_stall, n_long, n_wide, n_eng_offer, n_eng_taken, n_pop,
      n_cpl_rd, n_cp_irq, n_cp_cnt_rd;
} rnd_ctx;

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  memset(x, 0, sizeof *x);
  x->test = t;
  kmu_rng_seed(&x->rng, seed);
  /* per-seed traffic mix */
  x->req_pct = 20 + (unsigned)kmu_rng_below(&x->rng, 81);
  x->wr_pct = 20 + (unsigned)kmu_rng_below(&x->rng, 61);
  x->ev_pct = (unsigned)kmu_rng_below(&x->rng, 40);
  x->dbr_pct = 10 + (unsigned)kmu_rng_below(&x->rng, 91);
  x->regr_pct = 10 + (unsigned)kmu_rng_below(&x->rng, 91);
  x->bad_pct = 2 + (unsigned)kmu_rng_below(&x->rng, 15);
  x->hlr_pct = 5 + (unsigned)kmu_rng_below(&x->rng, 80);  /* host_ready_i */
  x->hlz_pct = 2 + (unsigned)kmu_rng_below(&x->rng, 20);  /* a staged dimension written 0 */
  x->pre_pct = 1 + (unsigned)kmu_rng_below(&x->rng, 30);  /* pre_req_i, wp_start_i, ctx_save_i */
  x->busy_pct = (unsigned)kmu_rng_below(&x->rng, 101);   /* pre_busy_i */
  x->rf[A_IRQ_ENABLE / 4] = IRQ_EN_RESET; /* the RW registers not reset to 0 */
  x->rf[A_PRE_BW / 4] = PRE_BW_RESET;
  x->rf[A_TR_CTRL / 4] = TR_CTRL_RESET;
  x->tr_rdy_pct = 5 + (unsigned)kmu_rng_below(&x->rng, 80); /* trem_req_ready_i */
  x->tr_ev_pct = 1 + (unsigned)kmu_rng_below(&x->rng, 20);  /* completions, guard pulses */
  x->rf[A_COPY_CHUNK / 4] = COPY_CHUNK_RESET;
  x->cprdy_pct = 5 + (unsigned)kmu_rng_below(&x->rng, 90);
  x->cpv_pct = 2 + (unsigned)kmu_rng_below(&x->rng, 30);
  x->cpbusy_pct = (unsigned)kmu_rng_below(&x->rng, 101);
}

static uint64_t rnd_addr(rnd_ctx *x) {
  kmu_rng *r = &x->rng;
  uint64_t a;
  unsigned k = (unsigned)kmu_rng_below(r, 100);
  if (k < 47) {
    a = map[kmu_rng_below(r, NMAP)].addr;
  } else if (k < 55) { /* the host launch window, HL_CMD half the time */
    a = kmu_rng_pct(r, 50) ? A_HL_CMD : HL_BASE + 4 * kmu_rng_below(r, 10);
  } else if (k < 60) { /* the preemption or TReM window, their unmapped words included */
    a = (kmu_rng_pct(r, 50) ? PRE_BASE : TR_BASE) + 4 * kmu_rng_below(r, 64);
    if (a >= TR_BASE && kmu_rng_pct(r, 40)) a = A_TR_CMD;
  } else if (k < 77) {
    unsigned idx = kmu_rng_pct(r, 70) ? (unsigned)kmu_rng_below(r, P_ENTRIES + 4)
                                      : (unsigned)kmu_rng_below(r, 1024);
    a = DB_BASE + 4 * (idx & 1023);
  } else if (k < 81) { /* the copy window: COPY_GO, COPY_CPL_POP, COPY_CPL often */
    unsigned j = (unsigned)kmu_rng_below(r, 10);
    a = j < 3 ? A_COPY_GO : j < 5 ? A_COPY_CPL_POP : j < 6 ? A_COPY_CPL : CP_BASE + 4 * kmu_rng_below(r, 64);
  } else if (k < 85) { /* the unmapped tails of the TReM and copy windows */
    a = kmu_rng_pct(r, 50) ? A_TR_AUTO_NV + 4 + 4 * kmu_rng_below(r, (0x2300 - A_TR_AUTO_NV - 4) / 4)
                           : A_COPY_CONFIG + 4 + 4 * kmu_rng_below(r, (0x2400 - A_COPY_CONFIG - 4) / 4);
    /* a third of them: the yield window (YIELD_SIGNAL often, its unmapped tail too) */
    if (kmu_rng_below(r, 3) == 0)
      a = kmu_rng_pct(r, 50) ? A_YIELD_SIGNAL : A_YIELD_SIGNAL + 4 * kmu_rng_below(r, 64);
  } else if (k < 93) {
    a = kmu_rng_bits(r, 16) & ~3ull;
  } else {
    a = kmu_rng_bits(r, P_AW) & ~3ull;
  }
  if (kmu_rng_pct(r, x->bad_pct)) a |= 1 + kmu_rng_below(r, 3); /* unaligned */
  return a & kmu_mask(P_AW);
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  kmu_rng *r = &x->rng;
  const kmu_csr_in *p = pi;
  const kmu_csr_out *o = po;
  kmu_csr_in *i = in;
  /* a request is held, unchanged, until it is accepted */
  int held = cyc > 0 && p->bus_req_valid_i && !o->bus_req_ready_o;
  if (!held) {
    i->bus_req_valid_i = kmu_rng_pct(r, x->req_pct);
    i->bus_req_write_i = kmu_rng_pct(r, x->wr_pct);
    i->bus_req_addr_i = rnd_addr(x);
    i->bus_req_wstrb_i = kmu_rng_pct(r, x->bad_pct) ? kmu_rng_bits(r, 4) : 0xF;
    i->bus_req_wdata_i = kmu_rng_bits(r, 32);
    if ((i->bus_req_addr_i & 0xFFFF) == A_UNREG_CMD && kmu_rng_pct(r, 80))
      i->bus_req_wdata_i = (i->bus_req_wdata_i & ~0xFFull) | kmu_rng_below(r, P_ENTRIES + 3);
    /* host kernel dimensions: sometimes one is 0, so HL_CMD is refused */
    uint64_t ha = i->bus_req_addr_i;
    if ((ha == A_HL_GRID_XY || ha == A_HL_GRID_Z || ha == A_HL_TB_XY || ha == A_HL_TB_Z) &&
        kmu_rng_pct(r, x->hlz_pct))
      i->bus_req_wdata_i &= kmu_rng_pct(r, 50) ? 0xFFFF0000ull : 0x0000FFFFull;
    /* copy staging: mostly a length the engine can take and a priority in its field */
    if (ha == A_COPY_LEN && kmu_rng_pct(r, 70))
      i->bus_req_wdata_i = kmu_rng_bits(r, (unsigned)kmu_rng_below(r, P_CP_LENW + 1));
    if (ha == A_COPY_CTRL && kmu_rng_pct(r, 60))
      i->bus_req_wdata_i = (i->bus_req_wdata_i & ~0x70ull) | (kmu_rng_bits(r, cp_pw()) << 4);
  }
  /* the engine: command ready, a completion offered and held until taken, busy */
  i->cp_cmd_ready_i = kmu_rng_pct(r, x->cprdy_pct);
  if (cyc > 0 && p->cp_cpl_valid_i && !o->cp_cpl_ready_o) {
    i->cp_cpl_valid_i = 1, i->cp_cpl_id_i = p->cp_cpl_id_i, i->cp_cpl_status_i = p->cp_cpl_status_i;
  } else {
    i->cp_cpl_valid_i = kmu_rng_pct(r, x->cpv_pct);
    i->cp_cpl_id_i = kmu_rng_bits(r, P_CP_IDW);
    i->cp_cpl_status_i = kmu_rng_pct(r, 50) ? 0 : kmu_rng_below(r, 6);
  }
  i->cp_busy_i = kmu_rng_pct(r, x->cpbusy_pct);
  i->host_ready_i = kmu_rng_pct(r, x->hlr_pct);
  i->db_ready_i = kmu_rng_pct(r, x->dbr_pct);
  i->reg_ready_i = kmu_rng_pct(r, x->regr_pct);
  unsigned ev = x->ev_pct;
  i->reg_done_i = kmu_rng_pct(r, ev / 2);
  i->reg_code_i = kmu_rng_bits(r, 3);
  i->reg_id_i = kmu_rng_bits(r, id_w());
  i->unreg_code_i = kmu_rng_bits(r, 2);
  /* kmu_doorbell refuses one doorbell at most per cycle: unknown, unregistered or count full */
  i->db_err_unknown_i = kmu_rng_pct(r, ev);
  i->db_err_unreg_i = !i->db_err_unknown_i && kmu_rng_pct(r, ev / 2);
  i->db_err_full_i = !i->db_err_unknown_i && !i->db_err_unreg_i && kmu_rng_pct(r, ev / 2);
  i->db_last_err_idx_i = kmu_rng_pct(r, 10) ? kmu_rng_bits(r, 16) : p->db_last_err_idx_i;
  i->db_last_err_cause_i = kmu_rng_bits(r, 2);
  i->launch_fire_i = kmu_rng_pct(r, ev + 10);
  i->launch_err_i = kmu_rng_pct(r, 60) ? 0 : kmu_rng_bits(r, 2);
  i->cpl_valid_i = kmu_rng_pct(r, ev + 10);
  i->cpl_err_i = kmu_rng_pct(r, 30);
  i->desc_fire_i = kmu_rng_pct(r, ev + 10);
  i->desc_pending_i = kmu_rng_pct(r, 50);
  i->reg_busy_i = kmu_rng_pct(r, 50);
  i->ekt_valid_i = kmu_rng_bits(r, P_ENTRIES);
  i->kernel_done_i = kmu_rng_pct(r, ev / 4 + 2);
  i->pre_busy_i = kmu_rng_pct(r, x->busy_pct);
  i->pre_req_i = kmu_rng_pct(r, x->pre_pct);
  i->wp_start_i = kmu_rng_pct(r, x->pre_pct);
  i->ctx_save_i = kmu_rng_pct(r, x->pre_pct);
  /* kmu_revoke busy for a long stretch now and then (up to 1,023 cycles), so a held request
   * meets the next TR_CMD at every seed (reads take two cycles: fewer requests a cycle) */
  if (x->tr_block) x->tr_block--;
  else if (kmu_rng_below(r, 1000) == 0) x->tr_block = (unsigned)kmu_rng_bits(r, 10);
  i->trem_req_ready_i = !x->tr_block && kmu_rng_pct(r, x->tr_rdy_pct);
  i->trem_busy_i = kmu_rng_pct(r, 50);
  i->trem_done_valid_i = kmu_rng_pct(r, x->tr_ev_pct);
  i->trem_done_status_i = kmu_rng_pct(r, 40) ? 0 : kmu_rng_bits(r, 3);
  i->trem_done_replay_i = kmu_rng_bits(r, 1);
  i->trem_done_tag_i = kmu_rng_bits(r, 8);
  i->trem_done_lid_i = kmu_rng_bits(r, 16);
  i->trem_guard_i = kmu_rng_pct(r, x->tr_ev_pct);
  i->trem_guard_tag_i = kmu_rng_bits(r, 8);
  i->trem_u_i = kmu_rng_bits(r, 8);
  i->trem_q_i = kmu_rng_bits(r, 8);
  i->trem_le_i = kmu_rng_bits(r, 32);
  i->trem_last_lid_i = kmu_rng_bits(r, 16);
  i->trem_auto_req_i = kmu_rng_bits(r, 16);
  i->trem_auto_ok_i = kmu_rng_bits(r, 16);
  i->trem_auto_nv_i = kmu_rng_bits(r, 16);
  /* kmu_yield_mon's counters (registers of the monitor: any value, every bit) */
  i->ycnt_take_i = kmu_rng_bits(r, P_CNT_W);
  i->ycnt_spin_i = kmu_rng_bits(r, P_CNT_W);
  i->ycnt_full_i = kmu_rng_bits(r, P_CNT_W);
  i->ycnt_nowork_i = kmu_rng_bits(r, P_CNT_W);
  i->ycnt_wake_i = kmu_rng_bits(r, P_CNT_W);
  i->ycnt_err_i = kmu_rng_bits(r, P_CNT_W);
  i->ycnt_wkerr_i = kmu_rng_bits(r, P_CNT_W);
  return 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_csr_in *i = ip;
  const kmu_csr_out *o = op;
  const char *t = x->test;
  int ok = 1;
  int v = i->bus_req_valid_i != 0, w = i->bus_req_write_i != 0;
  uint64_t a = i->bus_req_addr_i;
  int e = exp_err(w, a, (unsigned)i->bus_req_wstrb_i);
  /* COPY_GO: the staged command as the spec checks it (LONG, then PRIO beyond the field);
   * SLVERR while the stage it needs is occupied */
  uint32_t s_len = x->rf[A_COPY_LEN / 4], s_ctrl = x->rf[A_COPY_CTRL / 4];
  int go_long = P_CP_LENW < 32 && (s_len >> P_CP_LENW) != 0;
  int go_wide = ((s_ctrl >> 4) & 7) >= (1u << cp_pw());
  int go_busy = v && w && !e && a == A_COPY_GO && ((go_long || go_wide) ? x->wref : x->cq_pend);
  e |= go_busy;
  int db_w = v && w && !e && is_db(a);
  int reg_w = v && w && !e && a == A_REG_CMD;
  int unreg_w = v && w && !e && a == A_UNREG_CMD;
  int hl_w = v && w && !e && a == A_HL_CMD;
  int tr_w = v && w && !e && a == A_TR_CMD;
  int go_w = v && w && !e && a == A_COPY_GO;
  unsigned uid = (unsigned)(i->bus_req_wdata_i & 0xFF);
  /* a command whose stage is occupied is answered SLVERR at once (issue 13): REG_CMD while
   * reg_ready_i is low, HL_CMD while a launch is pending and not taken, TR_CMD while a request
   * is held and not taken; only a doorbell may wait (for db_ready_i) */
  int busy = (reg_w && !i->reg_ready_i) || (hl_w && x->h_pend && !i->host_ready_i) ||
             (tr_w && x->tr_pend && !i->trem_req_ready_i);
  /* a read waits one cycle (the RTL's mirror RAM reads in it): not ready in the cycle it is
   * first offered, taken in the next (this test holds a refused request) */
  int rd_first = v && !w && !x->rd_wait;
  int exp_ready = !(db_w && !i->db_ready_i) && !rd_first;
  int fire = v && o->bus_req_ready_o;
  x->rd_wait = rd_first;

  ok &= KMU_EXPECT_EQ(t, cyc, "bus_rsp_err_o (SLVERR expected from the map, or busy)",
                      v && (e || busy), o->bus_rsp_err_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "bus_req_ready_o", exp_ready, o->bus_req_ready_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "db_valid_o = doorbell write offered", db_w, o->db_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_valid_o = REG_CMD write offered", reg_w, o->reg_valid_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "unreg_valid_o", unreg_w && uid < P_ENTRIES, o->unreg_valid_o);
  if (o->unreg_valid_o) ok &= KMU_EXPECT_EQ(t, cyc, "unreg_id_o", uid, o->unreg_id_o);
  /* from here on a busy command is a SLVERR request like any other: it changes nothing */
  if (hl_w && busy) x->n_hl_stall++;
  if (tr_w && busy) x->n_tr_stall++;
  if (busy) e = 1, reg_w = hl_w = tr_w = 0;
  if (db_w) ok &= KMU_EXPECT_EQ(t, cyc, "db_idx_o", (a - DB_BASE) / 4, o->db_idx_o);
  if (!v || w || e || rd_first)
    ok &= KMU_EXPECT_EQ(t, cyc, "bus_rsp_rdata_o 0 unless an OKAY read's handshake", 0,
                        o->bus_rsp_rdata_o);
  /* the staging registers drive the registration fields */
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_kptr_o", x->rf[0x100 / 4], o->reg_kptr_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_grid_y_o", x->rf[0x104 / 4] >> 16, o->reg_grid_y_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_tb_z_o", x->rf[0x110 / 4], o->reg_tb_z_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_prio_o", x->rf[0x114 / 4] >> 24, o->reg_prio_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_maxinf_o", x->rf[0x120 / 4] >> 16, o->reg_maxinf_o);
  /* configuration outputs follow KMU_CTRL and SM_RESERVE */
  ok &= KMU_EXPECT_EQ(t, cyc, "mode_rgem_o = KMU_CTRL.RGEM", x->rf[A_KMU_CTRL / 4] & 1,
                      o->mode_rgem_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reserve_mask_o = SM_RESERVE", x->rf[A_SM_RESERVE / 4],
                      o->reserve_mask_o);
  /* preemption outputs follow the PRE_* registers; the hint pulses the cycle after its write */
  {
    uint32_t c = x->rf[A_PRE_CTRL / 4];
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_policy_o = PRE_CTRL[1:0]", c & 3, o->pre_policy_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_inplace_o = PRE_CTRL[2]", (c >> 2) & 1, o->pre_inplace_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_wp_en_o = PRE_CTRL[3]", (c >> 3) & 1, o->pre_wp_en_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_vpol_o = PRE_CTRL[5:4]", (c >> 4) & 3, o->pre_vpol_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_opt_o = PRE_CTRL[9:6]", (c >> 6) & 0xF, o->pre_opt_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_all_o = PRE_CTRL[10]", (c >> 10) & 1, o->pre_all_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_ctx_base_o = PRE_CTX_BASE", x->rf[A_PRE_CTX_BASE / 4],
                        o->pre_ctx_base_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_deadline_o = PRE_DEADLINE", x->rf[A_PRE_DEADLINE / 4],
                        o->pre_deadline_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_bw_shift_o = PRE_BW.SHIFT", x->rf[A_PRE_BW / 4],
                        o->pre_bw_shift_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_pred_launch_o = PRE_HINT", x->rf[A_PRE_HINT / 4],
                        o->pre_pred_launch_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "pre_hint_valid_o: the cycle after a PRE_HINT write only",
                        x->hint_due, o->pre_hint_valid_o);
    x->n_hint += o->pre_hint_valid_o != 0;
    /* GPUpIO: YIELD_SIGNAL -> ysig_valid_o the cycle after the write only, with its data */
    ok &= KMU_EXPECT_EQ(t, cyc, "ysig_valid_o: the cycle after a YIELD_SIGNAL write only",
                        x->ysig_due, o->ysig_valid_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "ysig_addr_o = the last YIELD_SIGNAL written", x->ysig_addr,
                        o->ysig_addr_o);
    x->n_ysig += o->ysig_valid_o != 0;
    /* coverage of every bit of every new output, both values */
    uint32_t v[5] = {(uint32_t)(o->pre_policy_o | o->pre_inplace_o << 2 | o->pre_wp_en_o << 3 |
                                o->pre_vpol_o << 4 | o->pre_opt_o << 6 | o->pre_all_o << 10),
                     (uint32_t)o->pre_ctx_base_o, (uint32_t)o->pre_deadline_o,
                     (uint32_t)o->pre_bw_shift_o, (uint32_t)o->pre_pred_launch_o};
    for (unsigned k = 0; k < 5; k++) x->cov1[k] |= v[k], x->cov0[k] |= ~v[k];
  }
  /* irq_o: the kernel-done, copy and TReM sources alone when errors are disabled; high when
   * one of them is enabled and set */
  {
    uint32_t en = x->rf[A_IRQ_ENABLE / 4];
    int kd_irq = (en & 2) && x->kdone;
    int cp_irq = (x->rf[A_COPY_IRQ / 4] & 1) && x->ccpl;
    int tr_irq = (x->rf[A_TR_IRQ_EN / 4] & x->tr_ev) != 0;
    if (!(en & 1))
      ok &= KMU_EXPECT_EQ(t, cyc, "irq_o with IRQ_ENABLE.ERR = 0", kd_irq || cp_irq || tr_irq,
                          o->irq_o);
    else if (kd_irq || cp_irq || tr_irq)
      ok &= KMU_EXPECT_EQ(t, cyc, "irq_o with KERNEL_DONE, COPY_CPL or a TReM event set and enabled",
                          1, o->irq_o);
    x->n_kd_irq += kd_irq;
    x->n_cp_irq += cp_irq && !(en & 1);
    x->n_tr_irq += tr_irq;
  }
  /* TReM outputs: the held request, the CSRs */
  {
    ok &= KMU_EXPECT_EQ(t, cyc, "trem_req_valid_o = a TR_CMD request is held", x->tr_pend,
                        o->trem_req_valid_o);
    if (x->tr_pend) {
      ok &= KMU_EXPECT_EQ(t, cyc, "trem_req_kind_o = TR_CMD[1:0]", x->tr_req & 3,
                          o->trem_req_kind_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "trem_req_replay_o = TR_CMD[2]", (x->tr_req >> 2) & 1,
                          o->trem_req_replay_o);
      ok &= KMU_EXPECT_EQ(t, cyc, "trem_req_id_o = TR_CMD[31:16]", x->tr_req >> 16,
                          o->trem_req_id_o);
    }
    uint32_t c = x->rf[A_TR_CTRL / 4];
    ok &= KMU_EXPECT_EQ(t, cyc, "trem_thr_o = TR_THRESH", x->rf[A_TR_THRESH / 4], o->trem_thr_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "trem_cost_o = TR_COST", x->rf[A_TR_COST / 4], o->trem_cost_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "trem_policy_o = TR_CTRL[1:0]", c & 3, o->trem_policy_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "trem_shift_o = TR_CTRL[6:4]", (c >> 4) & 7, o->trem_shift_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "trem_unit_o = TR_CTRL[10:8]", (c >> 8) & 7, o->trem_unit_o);
    const uint32_t yc = x->rf[A_YIELD_CTRL / 4];
    ok &= KMU_EXPECT_EQ(t, cyc, "ytail_o = YIELD_CTRL[0]", yc & 1, o->ytail_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "ymaxwait_o = YIELD_CTRL[7:4]", (yc >> 4) & 15, o->ymaxwait_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "trem_sla_o = TR_SLA", x->rf[A_TR_SLA / 4], o->trem_sla_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "trem_period_o = TR_PERIOD", x->rf[A_TR_PERIOD / 4],
                        o->trem_period_o);
    uint32_t v[7] = {x->tr_pend ? (uint32_t)(o->trem_req_kind_o | o->trem_req_replay_o << 2 |
                                             o->trem_req_id_o << 16)
                                : 0,
                     (uint32_t)o->trem_thr_o, (uint32_t)o->trem_cost_o,
                     (uint32_t)(o->trem_policy_o | o->trem_shift_o << 4 | o->trem_unit_o << 8),
                     (uint32_t)o->trem_sla_o,
                     (uint32_t)o->trem_period_o, x->h_pend ? (uint32_t)o->host_est_o : 0};
    for (unsigned k = 0; k < 7; k++) x->tcov1[k] |= v[k], x->tcov0[k] |= ~v[k];
  }
  /* the copy window's engine side: the staged command, completions taken only when COPY_CPL
   * and the window refusal are empty, COPY_CHUNK */
  ok &= KMU_EXPECT_EQ(t, cyc, "cp_chunk_log2_o = COPY_CHUNK", x->rf[A_COPY_CHUNK / 4],
                      o->cp_chunk_log2_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "cp_cmd_valid_o = a submitted command waits", x->cq_pend,
                      o->cp_cmd_valid_o);
  {
    const uint64_t v[7] = {o->cp_cmd_src_o, o->cp_cmd_dst_o, o->cp_cmd_bytes_o, o->cp_cmd_dir_o,
                           o->cp_cmd_prio_o, o->cp_cmd_id_o, o->cp_chunk_log2_o};
    for (unsigned k = 0; k < 7; k++)
      if (x->cq_pend || k == 6) x->cpc1[k] |= v[k], x->cpc0[k] |= ~v[k];
  }
  if (x->cq_pend) {
    ok &= KMU_EXPECT_EQ(t, cyc, "cp_cmd_src_o", x->cq_src, o->cp_cmd_src_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "cp_cmd_dst_o", x->cq_dst, o->cp_cmd_dst_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "cp_cmd_bytes_o", x->cq_bytes, o->cp_cmd_bytes_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "cp_cmd_dir_o", x->cq_dir, o->cp_cmd_dir_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "cp_cmd_prio_o", x->cq_prio, o->cp_cmd_prio_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "cp_cmd_id_o", x->cq_id, o->cp_cmd_id_o);
  }
  ok &= KMU_EXPECT_EQ(t, cyc, "cp_cpl_ready_o = COPY_CPL and the window refusal empty",
                      !x->ccpl && !x->wref, o->cp_cpl_ready_o);
  /* the host descriptor: the one launched last, until it is taken */
  ok &= KMU_EXPECT_EQ(t, cyc, "host_valid_o = a launch is pending", x->h_pend, o->host_valid_o);
  if (x->h_pend) ok &= chk_hdesc(t, cyc, &x->h_exp, o);
  int h_taken = x->h_pend && i->host_ready_i;
  if (h_taken) {
    x->n_hl_taken++;
    x->h_pend = 0;
  }

  /* handshakes: every accepted doorbell write is exactly one doorbell request */
  if (o->db_valid_o && i->db_ready_i) {
    x->n_db_hs++;
    ok &= kmu_expect(fire, t, cyc, "doorbell handshake only with the bus handshake", 1, fire);
  }
  if (o->reg_valid_o && i->reg_ready_i) {
    x->n_reg_hs++;
    ok &= kmu_expect(fire, t, cyc, "registration handshake only with the bus handshake", 1, fire);
  }
  if (fire) {
    x->n_req++;
    x->n_err += e;
    if (db_w) x->n_db_bus++;
    if (reg_w) x->n_reg_bus++;
    if (unreg_w && uid < P_ENTRIES) x->n_unreg++;
    const regdesc *r = find_reg(a);
    if (!e && r && !w) {
      uint32_t exp = 0;
      int chk = 1;
      if (r->kind == K_RW) exp = x->rf[a / 4];
      else if (a == 0x000) exp = 0x4B4D5530;
      else if (a == 0x004) exp = 0x00000107;
      else if (a == A_KERNEL_STATUS) exp = (uint32_t)x->kdone;
      else if (a == 0x008) exp = config_value();
      else if (a == 0x00C) exp = (uint32_t)(i->reg_busy_i | i->desc_pending_i << 1);
      else if (a == 0x014) exp = (uint32_t)(i->db_last_err_idx_i | i->db_last_err_cause_i << 16);
      else if (a == 0x028) exp = (uint32_t)i->ekt_valid_i;
      else if (a == A_HL_STATUS) exp = (uint32_t)(x->h_pend || h_taken); /* before the edge */
      else if (a == A_PRE_STATUS) {
        exp = (uint32_t)i->pre_busy_i;
        x->n_busy_rd[i->pre_busy_i & 1]++;
      } else if (a >= A_PERF_PREEMPTS && a <= A_PERF_CTX_SAVES) {
        exp = x->pcnt[(a - A_PERF_PREEMPTS) / 4];
        x->n_pcnt_rd[(a - A_PERF_PREEMPTS) / 4] += exp != 0;
      } else if (a == A_TR_RESULT) {
        exp = x->tr_res | (uint32_t)(x->tr_pend || i->trem_busy_i) << 7;
        x->n_tr_done_rd += (x->tr_res >> 6) & 1;
      } else if (a == A_TR_EVENTS) exp = x->tr_ev;
      else if (a == A_TR_GUARD) exp = x->tr_gtag;
      else if (a == A_TR_ELASTIC) exp = (uint32_t)(i->trem_u_i | i->trem_q_i << 16);
      else if (a == A_TR_LE) exp = (uint32_t)i->trem_le_i;
      else if (a == A_TR_LAST_LID) exp = (uint32_t)i->trem_last_lid_i;
      else if (a == A_TR_AUTO) exp = (uint32_t)(i->trem_auto_req_i | i->trem_auto_ok_i << 16);
      else if (a == A_TR_AUTO_NV) exp = (uint32_t)i->trem_auto_nv_i;
      else if (a >= A_YIELD_TAKE && a <= A_YIELD_ERR) {
        const uint64_t yc[6] = {i->ycnt_take_i, i->ycnt_spin_i,   i->ycnt_full_i,
                                i->ycnt_nowork_i, i->ycnt_wake_i, i->ycnt_err_i};
        exp = (uint32_t)yc[(a - A_YIELD_TAKE) / 4] & CMAX;
        x->n_ycnt_rd += exp != 0;
      } else if (a == A_YIELD_WKERR) {
        exp = (uint32_t)i->ycnt_wkerr_i & CMAX;
        x->n_ycnt_rd += exp != 0;
      }
      else if (a == A_ERR_CNT_TREM || a == A_PERF_REVOKES) {
        exp = x->tr_cnt[(a - A_ERR_CNT_TREM) / 4];
        x->n_tr_cnt_rd[(a - A_ERR_CNT_TREM) / 4] += exp != 0;
      } else if (a == A_COPY_CPL) {
        exp = x->ccpl ? CPL_VALID | x->ccpl_st << 16 | x->ccpl_id : 0;
        x->n_cpl_rd += x->ccpl;
      } else if (a == A_COPY_STATUS) {
        exp = (uint32_t)(x->cq_pend || x->wref || i->cp_cpl_valid_i || i->cp_busy_i) |
              (uint32_t)x->cq_pend << 1 | x->lerr << 4;
      } else if (a == A_COPY_ERR_CNT || a == A_PERF_COPIES) {
        exp = x->cp_cnt[a == A_PERF_COPIES];
        x->n_cp_cnt_rd += exp != 0;
      } else if (a == A_COPY_CONFIG) {
        exp = P_CP_NPRIO | P_CP_LENW << 8 | P_CP_IDW << 16;
      } else chk = 0;
      if (chk) {
        x->n_rd_checked++;
        char what[64];
        snprintf(what, sizeof what, "read %s", r->name);
        ok &= KMU_EXPECT_EQ(t, cyc, what, exp, o->bus_rsp_rdata_o);
      }
      if (r->kind == K_CNT)
        ok &= kmu_expect(o->bus_rsp_rdata_o <= CMAX, t, cyc, "counter within CNT_W bits", CMAX,
                         o->bus_rsp_rdata_o);
    }
    if (hl_w) { /* staging as it stood before this cycle's edge */
      hdesc h = hdesc_of(x->rf);
      if (hdesc_bad(&h)) {
        x->n_hl_refused++;
      } else {
        x->n_hl_launch++;
        x->h_pend = 1;
        x->h_exp = h;
      }
    }
    if (!e && r && w && r->kind == K_RW) x->rf[a / 4] = (uint32_t)i->bus_req_wdata_i & r->mask;
    if (!e && w && a == A_KERNEL_STATUS && (i->bus_req_wdata_i & 1) && x->kdone) {
      x->kdone = 0;
      x->n_kd_clr++;
    }
  }
  if (i->kernel_done_i) x->kdone = 1; /* a completion wins over a clear in its cycle */
  /* the copy window at the edge: the staged command taken; COPY_CPL popped, then filled from
   * the window refusal or else the engine (only when it was empty); a new submission */
  {
    if (x->cq_pend && i->cp_cmd_ready_i) x->cq_pend = 0, x->n_cmd_taken++;
    int empty = !x->ccpl; /* COPY_CPL before this edge */
    int eng_take = i->cp_cpl_valid_i && empty && !x->wref;
    x->n_eng_taken += eng_take;
    if (i->cp_cpl_valid_i && !(cyc > 0 && x->eng_held)) x->n_eng_offer++;
    x->eng_held = i->cp_cpl_valid_i && !eng_take;
    int wr_ok = fire && w && !e;
    if (wr_ok && a == A_COPY_CPL_POP && x->ccpl) x->ccpl = 0, x->n_pop++;
    unsigned in_st = 0;
    int in = 0;
    if (empty && x->wref) in = 1, in_st = x->wref_st, x->ccpl_id = x->wref_id, x->wref = 0;
    else if (eng_take)
      in = 1, in_st = (unsigned)i->cp_cpl_status_i, x->ccpl_id = (unsigned)i->cp_cpl_id_i;
    if (in) x->ccpl = 1, x->ccpl_st = in_st;
    if (in && in_st != CST_OK) x->lerr = in_st;
    for (unsigned k = 0; k < 2; k++) {
      if (wr_ok && a == (k ? A_PERF_COPIES : A_COPY_ERR_CNT)) x->cp_cnt[k] = 0;
      if (in && (in_st == CST_OK) == (int)k && x->cp_cnt[k] < CMAX) x->cp_cnt[k]++;
    }
    if (go_busy && fire) x->n_go_stall++;
    if (go_w && fire) {
      x->n_go++;
      if (go_long || go_wide) {
        x->wref = 1, x->wref_id = (s_ctrl >> 16) & CP_IDM, x->wref_st = go_long ? CST_LONG : CST_PRIO;
        x->n_long += go_long, x->n_wide += !go_long;
      } else {
        x->cq_pend = 1;
        x->cq_src = x->rf[A_COPY_SRC / 4], x->cq_dst = x->rf[A_COPY_DST / 4];
        x->cq_bytes = s_len, x->cq_dir = s_ctrl & 1, x->cq_prio = (s_ctrl >> 4) & 7;
        x->cq_id = (s_ctrl >> 16) & CP_IDM;
      }
    }
  }
  /* the preemption counters: a write clears, this cycle's pulse counts on top, saturating */
  {
    static const unsigned ca[3] = {A_PERF_PREEMPTS, A_PERF_WP, A_PERF_CTX_SAVES};
    uint64_t ev[3] = {i->pre_req_i, i->wp_start_i, i->ctx_save_i};
    for (unsigned k = 0; k < 3; k++) {
      if (fire && w && !e && a == ca[k]) x->pcnt[k] = 0;
      if (ev[k] && x->pcnt[k] < CMAX) x->pcnt[k]++;
    }
  }
  x->hint_due = fire && w && !e && a == A_PRE_HINT;
  x->ysig_due = fire && w && !e && a == A_YIELD_SIGNAL;
  if (x->ysig_due) x->ysig_addr = (uint32_t)i->bus_req_wdata_i;
  /* TReM: the request stage (taken by trem_req_ready_i, loaded by an accepted TR_CMD), the
   * result (a completion in the write's cycle still sets DONE), events (a set wins over a
   * clear), counters (a write clears, this cycle's completion counts on top) */
  if (x->tr_pend && i->trem_req_ready_i) {
    x->tr_pend = 0;
    x->n_tr_taken++;
  }
  if (tr_w && fire) {
    x->tr_pend = 1;
    x->tr_req = (uint32_t)i->bus_req_wdata_i;
    x->tr_res &= ~(1u << 6);
    x->n_tr_cmd++;
  }
  if (i->trem_done_valid_i)
    x->tr_res = (uint32_t)(i->trem_done_status_i | i->trem_done_replay_i << 3 | 1u << 6 |
                           i->trem_done_tag_i << 8 | i->trem_done_lid_i << 16);
  if (i->trem_guard_i) x->tr_gtag = (unsigned)i->trem_guard_tag_i;
  if (fire && w && !e && a == A_TR_EVENTS) x->tr_ev &= ~(unsigned)i->bus_req_wdata_i;
  x->tr_ev |= (unsigned)(i->trem_done_valid_i != 0) | (unsigned)(i->trem_guard_i != 0) << 1;
  for (unsigned k = 0; k < 2; k++) {
    if (fire && w && !e && a == A_ERR_CNT_TREM + 4 * k) x->tr_cnt[k] = 0;
    int okst = i->trem_done_status_i == 0;
    if (i->trem_done_valid_i && (k ? okst : !okst) && x->tr_cnt[k] < CMAX) x->tr_cnt[k]++;
  }
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  int ok = KMU_EXPECT_EQ(t, 0, "doorbell writes accepted == doorbell requests", x->n_db_bus,
                         x->n_db_hs);
  ok &= KMU_EXPECT_EQ(t, 0, "REG_CMD writes accepted == registrations", x->n_reg_bus, x->n_reg_hs);
  ok &= kmu_expect(x->n_rd_checked > 0 && x->n_db_bus > 0 && x->n_err > 0 && x->n_unreg > 0, t, 0,
                   "traffic: reads checked, doorbells, errors, unregistrations", 1, 0);
  ok &= KMU_EXPECT_EQ(t, 0, "host launches == descriptors taken + the one pending",
                      x->n_hl_launch, x->n_hl_taken + (uint64_t)x->h_pend);
  ok &= kmu_expect(x->n_hl_launch > 0 && x->n_hl_refused > 0 && x->n_hl_stall > 0, t, 0,
                   "traffic: host launches, refusals, HL_CMD busy answers", 1, 0);
  ok &= kmu_expect(x->n_kd_irq > 0 && x->n_kd_clr > 0, t, 0,
                   "traffic: kernel-done interrupts, KERNEL_STATUS clears", 1, 0);
  ok &= kmu_expect(x->n_hint > 0 && x->n_busy_rd[0] > 0 && x->n_busy_rd[1] > 0 &&
                       x->n_pcnt_rd[0] > 0 && x->n_pcnt_rd[1] > 0 && x->n_pcnt_rd[2] > 0,
                   t, 0, "traffic: hint pulses, PRE_STATUS.BUSY read 0 and 1, non-zero "
                   "PERF_PREEMPTS / PERF_WP / PERF_CTX_SAVES reads", 1, 0);
  ok &= kmu_expect(x->n_ysig > 0 && x->n_ycnt_rd > 0, t, 0,
                   "traffic: YIELD_SIGNAL pulses, non-zero YIELD_* counter reads", 1, 0);
  {
    static const uint32_t all[5] = {0x7FF, 0xFFFFFFFF, 0xFFFFFFFF, 0xF, 0xFFFFFFFF};
    static const char *const nm[5] = {"PRE_CTRL", "PRE_CTX_BASE", "PRE_DEADLINE", "PRE_BW",
                                      "PRE_HINT"};
    for (unsigned k = 0; k < 5; k++) {
      char what[96];
      snprintf(what, sizeof what, "coverage: every bit of the %s outputs seen 1 and 0", nm[k]);
      ok &= KMU_EXPECT_EQ(t, 0, what, all[k], x->cov1[k] & x->cov0[k] & all[k]);
    }
  }
  ok &= kmu_expect(x->n_tr_cmd > 0 && x->n_tr_taken > 0 && x->n_tr_stall > 0 && x->n_tr_irq > 0 &&
                       x->n_tr_done_rd > 0 && x->n_tr_cnt_rd[0] > 0 && x->n_tr_cnt_rd[1] > 0,
                   t, 0, "traffic: TR_CMD requests, taken, stalled; TReM interrupts; TR_RESULT "
                   "read with DONE; non-zero ERR_CNT_TREM / PERF_REVOKES reads", 1, 0);
  ok &= KMU_EXPECT_EQ(t, 0, "TR_CMD requests == taken + the one held", x->n_tr_cmd,
                      x->n_tr_taken + (uint64_t)x->tr_pend);
  {
    static const uint32_t all[7] = {0xFFFF0007, 0xF, 0xFFFFFFFF, 0x773, 0xFFFFFFFF, 0xFFFFFFFF,
                                    0xFFFFFFFF};
    static const char *const nm[7] = {"TR_CMD", "TR_THRESH", "TR_COST", "TR_CTRL", "TR_SLA",
                                      "TR_PERIOD", "HL_EST"};
    for (unsigned k = 0; k < 7; k++) {
      char what[96];
      snprintf(what, sizeof what, "coverage: every bit of the %s outputs seen 1 and 0", nm[k]);
      ok &= KMU_EXPECT_EQ(t, 0, what, all[k], x->tcov1[k] & x->tcov0[k] & all[k]);
    }
  }
  ok &= KMU_EXPECT_EQ(t, 0, "engine completions offered == taken + the one held", x->n_eng_offer,
                      x->n_eng_taken + (uint64_t)x->eng_held);
  ok &= KMU_EXPECT_EQ(t, 0, "copy commands submitted to the engine == taken + the one staged",
                      x->n_go - x->n_long - x->n_wide, x->n_cmd_taken + (uint64_t)x->cq_pend);
  ok &= kmu_expect(x->n_go > 0 && x->n_go_stall > 0 && x->n_long > 0 && x->n_eng_taken > 0 &&
                       x->n_pop > 0 && x->n_cpl_rd > 0 && x->n_cp_irq > 0 && x->n_cp_cnt_rd > 0 &&
                       (cp_pw() >= 3 || x->n_wide > 0),
                   t, 0, "traffic: COPY_GO, its SLVERRs while busy, LONG and PRIO window refusals, engine "
                   "completions, pops, COPY_CPL reads, copy interrupts, copy counters", 1, 0);
  {
    static const char *const nm[7] = {"cp_cmd_src_o", "cp_cmd_dst_o", "cp_cmd_bytes_o",
                                      "cp_cmd_dir_o", "cp_cmd_prio_o", "cp_cmd_id_o",
                                      "cp_chunk_log2_o"};
    const uint64_t all[7] = {0xFFFFFFFFu, 0xFFFFFFFFu, kmu_mask(P_CP_LENW), 1, kmu_mask(cp_pw()),
                             kmu_mask(P_CP_IDW), 0x1F};
    for (unsigned k = 0; k < 7; k++) {
      char what[96];
      snprintf(what, sizeof what, "coverage: every bit of %s seen 1 and 0 (a command staged)",
               nm[k]);
      ok &= KMU_EXPECT_EQ(t, 0, what, all[k], x->cpc1[k] & x->cpc0[k] & all[k]);
    }
  }
  if (getenv("KMU_COV"))
    printf("  %s: host launches %llu, refused %llu, taken %llu, HL_CMD busy answers (SLVERR) %llu\n", t,
           (unsigned long long)x->n_hl_launch, (unsigned long long)x->n_hl_refused,
           (unsigned long long)x->n_hl_taken, (unsigned long long)x->n_hl_stall);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  rnd_ctx x;
  x.test = test;
  kmu_stim s = {&x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  return kmu_lockstep_mid_reset(&kmu_csr_block, &s, test, seed, cycles);
}

/* ---------------------------------------------------------------- directed: step scripts */
enum { OP_IDLE, OP_RD, OP_WR };
enum {
  EV_UNKNOWN = 1, /* db_err_unknown_i */
  EV_LAUNCH = 2,  /* launch_fire_i with .lerr */
  EV_REGDONE = 4, /* reg_done_i with .rcode, .rid */
  EV_CPL = 8,     /* cpl_valid_i */
  EV_CPLERR = 16, /* ... with cpl_err_i */
  EV_DESC = 32,   /* desc_fire_i */
  EV_KDONE = 64,  /* kernel_done_i */
  EV_PREREQ = 128,   /* pre_req_i */
  EV_WPSTART = 256,  /* wp_start_i */
  EV_CTXSAVE = 512,  /* ctx_save_i */
  EV_DBUNREG = 1024, /* db_err_unreg_i */
  EV_DBFULL = 2048,  /* db_err_full_i */
};
typedef struct {
  int op;
  unsigned addr;
  uint32_t data;
  int pstrb;           /* 1: use .strb, else 4'hF */
  unsigned strb;
  unsigned ev, lerr, rcode, rid, ucode;
  int db_stall, reg_stall, hl_stall; /* db_ready_i / reg_ready_i / host_ready_i low */
  unsigned busy, pend, last_idx, last_cause;
  unsigned pbusy; /* pre_busy_i */
  uint64_t ekt;
  unsigned rep; /* repeat count (0 = once) */
  /* expectations */
  int err, chk_rd, stall, exp_db, exp_reg, exp_unreg, chk_irq, irq;
  int chk_hv, hv; /* host_valid_o */
  int chk_cfg;    /* mode_rgem_o == .rgem, reserve_mask_o == .rsv */
  unsigned rgem;
  uint64_t rsv;
  int chk_pre;    /* pre_* configuration outputs == .pctrl (PRE_CTRL), .pbase, .pdl, .pbw */
  uint32_t pctrl, pbase, pdl, pbw;
  int chk_hint;   /* pre_hint_valid_o == .hint, pre_pred_launch_o == .plaunch */
  int hint;
  uint32_t plaunch;
  uint32_t rd;
  unsigned db_idx, unreg_id;
  /* TReM inputs: trem_req_ready_i low, trem_busy_i, a completion (.tst, .trep, .ttag, .tlid),
   * a guard pulse (.tgtag), the live values */
  int tr_stall;
  unsigned tbusy, tdone, tst, trep, ttag, tlid, tguard, tgtag, tu, tq, tle, tlast, tareq, taok,
      tanv;
  int chk_treq, treq;  /* trem_req_valid_o == .treq; with it, the fields of TR_CMD word .tcmd */
  uint32_t tcmd;
  int chk_tcfg;        /* thr, cost, policy | shift << 4 | unit << 8, sla, period == .tcfg[] */
  uint32_t tcfg[5];
  /* the copy engine's side: cp_cmd_ready_i, a completion offered (cp_cpl_*_i), cp_busy_i */
  unsigned cprdy, cpv, cpid, cpst, cpbusy;
  int chk_cp;             /* cp_cmd_valid_o == .cmdv, cp_cpl_ready_o == .cplrdy */
  int cpf;                /* k > 0: cp_cmd_*_o == cp_exp[k - 1] */
  int cmdv, cplrdy;
  int (*extra)(const char *test, uint64_t cyc, const kmu_csr_out *o);
  const char *what;
} step;

/* the copy test's expected cp_cmd_*_o: src, dst, bytes, dir, prio, id (step .cpf) */
static uint32_t cp_exp[3][6];

typedef struct {
  const char *test;
  step *s;
  unsigned n, cap;
  unsigned cur, left; /* cursor of drive */
  int wait;           /* this cycle: the wait cycle of the read step .cur (nothing else checked) */
} script;

static void push(script *sc, step st) {
  if (sc->n == sc->cap) {
    sc->cap = sc->cap ? 2 * sc->cap : 256;
    sc->s = realloc(sc->s, sc->cap * sizeof *sc->s);
  }
  sc->s[sc->n++] = st;
}

#define S(...) push(sc, (step){__VA_ARGS__})
/* common shapes */
#define RD(A, V, W) S(.op = OP_RD, .addr = (A), .chk_rd = 1, .rd = (V), .what = (W))
#define WR(A, D, W) S(.op = OP_WR, .addr = (A), .data = (D), .what = (W))
#define RD_ERR(A, W) S(.op = OP_RD, .addr = (A), .err = 1, .chk_rd = 1, .rd = 0, .what = (W))
#define WR_ERR(A, D, W) S(.op = OP_WR, .addr = (A), .data = (D), .err = 1, .what = (W))

static void sc_init(void *c, uint64_t seed) {
  script *sc = c;
  (void)seed;
  sc->cur = 0;
  sc->left = sc->n ? (sc->s[0].rep ? sc->s[0].rep : 1) : 0;
  sc->wait = 0;
}

static int sc_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  script *sc = c;
  kmu_csr_in *i = in;
  (void)cyc, (void)pi, (void)po;
  /* every read step is preceded by its wait cycle (the read offered, not yet taken); the step
   * itself is the handshake cycle, as written */
  if (sc->wait) {
    sc->wait = 0;
  } else {
    if (sc->left == 0) {
      if (sc->cur + 1 >= sc->n) return 0;
      sc->cur++;
      sc->left = sc->s[sc->cur].rep ? sc->s[sc->cur].rep : 1;
    }
    sc->left--;
    sc->wait = sc->s[sc->cur].op == OP_RD;
  }
  const step *s = &sc->s[sc->cur];
  memset(i, 0, sizeof *i);
  i->bus_req_valid_i = s->op != OP_IDLE;
  i->bus_req_write_i = s->op == OP_WR;
  i->bus_req_addr_i = s->addr;
  i->bus_req_wdata_i = s->data;
  i->bus_req_wstrb_i = s->pstrb ? s->strb : 0xF;
  i->db_ready_i = !s->db_stall;
  i->reg_ready_i = !s->reg_stall;
  i->host_ready_i = !s->hl_stall;
  i->db_err_unknown_i = !!(s->ev & EV_UNKNOWN);
  i->db_err_unreg_i = !!(s->ev & EV_DBUNREG);
  i->db_err_full_i = !!(s->ev & EV_DBFULL);
  i->launch_fire_i = !!(s->ev & EV_LAUNCH);
  i->launch_err_i = s->lerr;
  i->reg_done_i = !!(s->ev & EV_REGDONE);
  i->reg_code_i = s->rcode;
  i->reg_id_i = s->rid;
  i->unreg_code_i = s->ucode;
  i->cpl_valid_i = !!(s->ev & (EV_CPL | EV_CPLERR));
  i->cpl_err_i = !!(s->ev & EV_CPLERR);
  i->desc_fire_i = !!(s->ev & EV_DESC);
  i->reg_busy_i = s->busy;
  i->desc_pending_i = s->pend;
  i->db_last_err_idx_i = s->last_idx;
  i->db_last_err_cause_i = s->last_cause;
  i->ekt_valid_i = s->ekt;
  i->kernel_done_i = !!(s->ev & EV_KDONE);
  i->pre_busy_i = s->pbusy;
  i->pre_req_i = !!(s->ev & EV_PREREQ);
  i->wp_start_i = !!(s->ev & EV_WPSTART);
  i->ctx_save_i = !!(s->ev & EV_CTXSAVE);
  i->trem_req_ready_i = !s->tr_stall;
  i->trem_busy_i = s->tbusy;
  i->trem_done_valid_i = s->tdone;
  i->trem_done_status_i = s->tst;
  i->trem_done_replay_i = s->trep;
  i->trem_done_tag_i = s->ttag;
  i->trem_done_lid_i = s->tlid;
  i->trem_guard_i = s->tguard;
  i->trem_guard_tag_i = s->tgtag;
  i->trem_u_i = s->tu;
  i->trem_q_i = s->tq;
  i->trem_le_i = s->tle;
  i->trem_last_lid_i = s->tlast;
  i->trem_auto_req_i = s->tareq;
  i->trem_auto_ok_i = s->taok;
  i->trem_auto_nv_i = s->tanv;
  i->cp_cmd_ready_i = s->cprdy;
  i->cp_cpl_valid_i = s->cpv;
  i->cp_cpl_id_i = s->cpid;
  i->cp_cpl_status_i = s->cpst;
  i->cp_busy_i = s->cpbusy;
  if (sc->wait) { /* the read's wait cycle: no event, no handshake but the bus's (refused) */
    i->db_err_unknown_i = i->db_err_unreg_i = i->db_err_full_i = 0;
    i->launch_fire_i = i->reg_done_i = i->cpl_valid_i = i->cpl_err_i = i->desc_fire_i = 0;
    i->kernel_done_i = i->pre_req_i = i->wp_start_i = i->ctx_save_i = 0;
    i->trem_done_valid_i = i->trem_guard_i = i->cp_cpl_valid_i = 0;
    i->host_ready_i = i->trem_req_ready_i = i->cp_cmd_ready_i = 0;
  }
  return 1;
}

static int sc_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  script *sc = c;
  const kmu_csr_out *o = op;
  const step *s = &sc->s[sc->cur];
  const char *t = sc->test;
  char w[200];
  int ok = 1;
  (void)ip;
  if (sc->wait) { /* a read's wait cycle: refused, no read data */
    ok &= KMU_EXPECT_EQ(t, cyc, "bus_req_ready_o low in a read's first cycle", 0,
                        o->bus_req_ready_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "bus_rsp_rdata_o 0 in a read's first cycle", 0,
                        o->bus_rsp_rdata_o);
    return ok;
  }
#define DCHK(sig, exp, act)                                     \
  snprintf(w, sizeof w, "%s: %s (%s 0x%03x)", s->what, sig,      \
           s->op == OP_RD ? "read" : s->op == OP_WR ? "write" : "idle", s->addr); \
  ok &= KMU_EXPECT_EQ(t, cyc, w, (exp), (act));
  DCHK("bus_rsp_err_o", s->op != OP_IDLE && s->err, o->bus_rsp_err_o);
  DCHK("bus_req_ready_o", !s->stall, o->bus_req_ready_o);
  if (s->chk_rd) { DCHK("bus_rsp_rdata_o", s->rd, o->bus_rsp_rdata_o); }
  DCHK("db_valid_o", s->exp_db, o->db_valid_o);
  if (s->exp_db) { DCHK("db_idx_o", s->db_idx, o->db_idx_o); }
  DCHK("reg_valid_o", s->exp_reg, o->reg_valid_o);
  DCHK("unreg_valid_o", s->exp_unreg, o->unreg_valid_o);
  if (s->exp_unreg) { DCHK("unreg_id_o", s->unreg_id, o->unreg_id_o); }
  if (s->chk_irq) { DCHK("irq_o", s->irq, o->irq_o); }
  if (s->chk_hv) { DCHK("host_valid_o", s->hv, o->host_valid_o); }
  if (s->chk_cfg) {
    DCHK("mode_rgem_o", s->rgem, o->mode_rgem_o);
    DCHK("reserve_mask_o", s->rsv, o->reserve_mask_o);
  }
  if (s->chk_pre) { /* PRE_CTRL: POLICY [1:0], INPLACE [2], WP_EN [3], VPOL [5:4], OPT [9:6],
                     * ALL [10] */
    DCHK("pre_policy_o", s->pctrl & 3, o->pre_policy_o);
    DCHK("pre_inplace_o", (s->pctrl >> 2) & 1, o->pre_inplace_o);
    DCHK("pre_wp_en_o", (s->pctrl >> 3) & 1, o->pre_wp_en_o);
    DCHK("pre_vpol_o", (s->pctrl >> 4) & 3, o->pre_vpol_o);
    DCHK("pre_opt_o", (s->pctrl >> 6) & 0xF, o->pre_opt_o);
    DCHK("pre_all_o", (s->pctrl >> 10) & 1, o->pre_all_o);
    DCHK("pre_ctx_base_o", s->pbase, o->pre_ctx_base_o);
    DCHK("pre_deadline_o", s->pdl, o->pre_deadline_o);
    DCHK("pre_bw_shift_o", s->pbw, o->pre_bw_shift_o);
  }
  if (s->cpf) {
    const uint32_t *f = cp_exp[s->cpf - 1];
    DCHK("cp_cmd_src_o", f[0], o->cp_cmd_src_o);
    DCHK("cp_cmd_dst_o", f[1], o->cp_cmd_dst_o);
    DCHK("cp_cmd_bytes_o", f[2], o->cp_cmd_bytes_o);
    DCHK("cp_cmd_dir_o", f[3], o->cp_cmd_dir_o);
    DCHK("cp_cmd_prio_o", f[4], o->cp_cmd_prio_o);
    DCHK("cp_cmd_id_o", f[5], o->cp_cmd_id_o);
  }
  if (s->chk_cp) {
    DCHK("cp_cmd_valid_o", s->cmdv, o->cp_cmd_valid_o);
    DCHK("cp_cpl_ready_o", s->cplrdy, o->cp_cpl_ready_o);
  }
  if (s->chk_hint) {
    DCHK("pre_hint_valid_o", s->hint, o->pre_hint_valid_o);
    DCHK("pre_pred_launch_o", s->plaunch, o->pre_pred_launch_o);
  }
  if (s->chk_treq) {
    DCHK("trem_req_valid_o", s->treq, o->trem_req_valid_o);
    if (s->treq) {
      DCHK("trem_req_kind_o", s->tcmd & 3, o->trem_req_kind_o);
      DCHK("trem_req_replay_o", (s->tcmd >> 2) & 1, o->trem_req_replay_o);
      DCHK("trem_req_id_o", s->tcmd >> 16, o->trem_req_id_o);
    }
  }
  if (s->chk_tcfg) {
    DCHK("trem_thr_o", s->tcfg[0], o->trem_thr_o);
    DCHK("trem_cost_o", s->tcfg[1], o->trem_cost_o);
    DCHK("trem_policy_o", s->tcfg[2] & 3, o->trem_policy_o);
    DCHK("trem_shift_o", (s->tcfg[2] >> 4) & 7, o->trem_shift_o);
    DCHK("trem_unit_o", (s->tcfg[2] >> 8) & 7, o->trem_unit_o);
    DCHK("trem_sla_o", s->tcfg[3], o->trem_sla_o);
    DCHK("trem_period_o", s->tcfg[4], o->trem_period_o);
  }
#undef DCHK
  if (s->extra) ok &= s->extra(t, cyc, o);
  return ok;
}

static int run_script(script *sc) {
  uint64_t cycles = 0;
  for (unsigned k = 0; k < sc->n; k++)  /* a read step: its wait cycle too */
    cycles += (sc->s[k].rep ? sc->s[k].rep : 1) * (sc->s[k].op == OP_RD ? 2u : 1u);
  kmu_stim st = {sc, sc_init, sc_drive, sc_check, NULL};
  int ok = kmu_lockstep(&kmu_csr_block, &st, sc->test, 1, cycles);
  free(sc->s);
  return ok;
}

/* ---- reset values and read-only registers */
static int t_reset(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  uint64_t all = kmu_mask(P_ENTRIES);
  S(.op = OP_IDLE, .chk_irq = 1, .irq = 0, .what = "no error after reset");
  RD(0x000, 0x4B4D5530, "ID");
  RD(0x004, 0x00000107, "VERSION 1.7");
  RD(0x008, config_value(), "CONFIG = ENTRIES | CNT_W << 8 | AW << 16");
  S(.op = OP_RD, .addr = 0x00C, .busy = 1, .chk_rd = 1, .rd = 1, .what = "STATUS.REG_BUSY");
  S(.op = OP_RD, .addr = 0x00C, .pend = 1, .chk_rd = 1, .rd = 2, .what = "STATUS.DESC_PENDING");
  RD(0x010, 0, "ERR_STATUS");
  S(.op = OP_RD, .addr = 0x014, .last_idx = 0x3FF, .last_cause = 3, .chk_rd = 1, .rd = 0x303FF,
    .what = "ERR_DB_INFO = cause << 16 | index");
  for (unsigned a = 0x018; a <= 0x024; a += 4) RD(a, 0, "error counter");
  for (unsigned a = 0x040; a <= 0x048; a += 4) RD(a, 0, "performance counter");
  S(.op = OP_RD, .addr = 0x028, .ekt = all, .chk_rd = 1,
    .rd = (uint32_t)(P_ENTRIES >= 32 ? 0xFFFFFFFFu : all), .what = "EKT_VALID, low 32 entries");
  S(.op = OP_RD, .addr = 0x028, .ekt = 1ull << (P_ENTRIES - 1), .chk_rd = 1,
    .rd = (uint32_t)(P_ENTRIES > 32 ? 0 : 1ull << (P_ENTRIES - 1)), .what = "EKT_VALID top entry");
  RD(0x04C, 0, "SCRATCH");
  S(.op = OP_RD, .addr = A_KERNEL_STATUS, .chk_rd = 1, .rd = 0, .chk_cfg = 1, .rgem = 0, .rsv = 0,
    .what = "KERNEL_STATUS 0; mode_rgem_o, reserve_mask_o 0");
  RD(A_KMU_CTRL, 0, "KMU_CTRL: concurrent mode");
  RD(A_SM_RESERVE, 0, "SM_RESERVE: no SM reserved");
  RD(A_IRQ_ENABLE, IRQ_EN_RESET, "IRQ_ENABLE: errors only");
  RD(A_PERF_KERNELS, 0, "PERF_KERNELS");
  for (unsigned a = 0x100; a <= 0x120; a += 4) RD(a, 0, "staging register");
  RD(0x128, 0, "REG_RESULT");
  RD(0x130, 0, "UNREG_RESULT");
  for (unsigned a = A_HL_KPTR; a <= A_HL_CPL; a += 4) RD(a, 0, "host launch staging register");
  S(.op = OP_RD, .addr = A_HL_STATUS, .chk_rd = 1, .rd = 0, .chk_hv = 1, .hv = 0,
    .what = "HL_STATUS: nothing pending, host_valid_o low");
  S(.op = OP_RD, .addr = A_PRE_CTRL, .chk_rd = 1, .rd = 0, .chk_pre = 1, .pctrl = 0, .pbase = 0,
    .pdl = 0, .pbw = PRE_BW_RESET, .chk_hint = 1, .hint = 0, .plaunch = 0,
    .what = "PRE_CTRL 0 (DRAIN, everything off); pre_* outputs at reset, no hint");
  RD(A_PRE_CTX_BASE, 0, "PRE_CTX_BASE");
  RD(A_PRE_DEADLINE, 0, "PRE_DEADLINE");
  RD(A_PRE_BW, PRE_BW_RESET, "PRE_BW: shift 2 (4 bytes per cycle)");
  RD(A_PRE_HINT, 0, "PRE_HINT");
  S(.op = OP_RD, .addr = A_PRE_STATUS, .pbusy = 1, .chk_rd = 1, .rd = 1, .what = "PRE_STATUS.BUSY");
  RD(A_PRE_STATUS, 0, "PRE_STATUS idle");
  for (unsigned a = A_PERF_PREEMPTS; a <= A_PERF_CTX_SAVES; a += 4) RD(a, 0, "preemption counter");
  RD(A_HL_EST, 0, "HL_EST");
  RD(A_TR_RESULT, 0, "TR_RESULT: no result, idle");
  RD(A_TR_EVENTS, 0, "TR_EVENTS");
  RD(A_TR_GUARD, 0, "TR_GUARD");
  RD(A_TR_IRQ_EN, 0, "TR_IRQ_EN: TReM interrupts disabled");
  RD(A_TR_THRESH, 0, "TR_THRESH: no guard");
  RD(A_TR_COST, 0, "TR_COST");
  RD(A_TR_CTRL, TR_CTRL_RESET, "TR_CTRL: policy OFF, shift 3");
  RD(A_TR_SLA, 0, "TR_SLA");
  RD(A_TR_PERIOD, 0, "TR_PERIOD");
  RD(A_ERR_CNT_TREM, 0, "ERR_CNT_TREM");
  RD(A_PERF_REVOKES, 0, "PERF_REVOKES");
  RD(0x020, 0, "ERR_CNT_BUS: none of these reads was an error");
  return run_script(sc);
}

/* ---- every SLVERR case of section 3 */
static unsigned n_slverr;
static int t_slverr(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  unsigned n0;
  WR(A_SCRATCH, 0x12345678, "SCRATCH set for the no-change checks");
  WR(0x104, 0xA5A5A5A5, "REG_GRID_XY set");
  n0 = sc->n;
  /* unaligned */
  RD_ERR(0x001, "unaligned read +1");
  RD_ERR(0x002, "unaligned read +2");
  RD_ERR(0x003, "unaligned read +3");
  RD_ERR(A_SCRATCH + 2, "unaligned read of SCRATCH");
  WR_ERR(A_SCRATCH + 1, 0xFFFFFFFF, "unaligned write of SCRATCH");
  WR_ERR(DB_BASE + 2, 0, "unaligned doorbell write: no doorbell");
  WR_ERR(A_REG_CMD + 3, 0, "unaligned REG_CMD write: no registration");
  /* partial strobes */
  S(.op = OP_WR, .addr = A_SCRATCH, .data = 0xFFFFFFFF, .pstrb = 1, .strb = 0x7, .err = 1,
    .what = "write strobe 0111");
  S(.op = OP_WR, .addr = A_SCRATCH, .data = 0xFFFFFFFF, .pstrb = 1, .strb = 0x0, .err = 1,
    .what = "write strobe 0000");
  S(.op = OP_WR, .addr = 0x104, .data = 0, .pstrb = 1, .strb = 0x1, .err = 1,
    .what = "write strobe 0001");
  S(.op = OP_WR, .addr = DB_BASE + 4, .data = 0, .pstrb = 1, .strb = 0xE, .err = 1,
    .what = "doorbell write strobe 1110: no doorbell");
  S(.op = OP_WR, .addr = A_REG_CMD, .data = 0, .pstrb = 1, .strb = 0x8, .err = 1,
    .what = "REG_CMD strobe 1000: no registration");
  S(.op = OP_WR, .addr = A_UNREG_CMD, .data = 1, .pstrb = 1, .strb = 0xB, .err = 1,
    .what = "UNREG_CMD strobe 1011: no unregistration");
  S(.op = OP_WR, .addr = A_ERR_STATUS, .data = 0xFFFFFFFF, .pstrb = 1, .strb = 0x7, .err = 1,
    .what = "ERR_STATUS strobe 0111: nothing cleared");
  /* unmapped */
  static const unsigned unmapped[] = {0x03C, 0x054, 0x058, 0x0FC, 0x134, 0x1FC,
                                      0x200, 0x800, 0xFFC, 0x2124, 0x21FC, 0x2244, 0x22FC,
                                      0x2424, 0x24FC, 0x8000, 0xFFFC, 0x202C, 0x20FC};
  for (unsigned k = 0; k < sizeof unmapped / sizeof unmapped[0]; k++) {
    RD_ERR(unmapped[k], "unmapped read");
    WR_ERR(unmapped[k], 0xFFFFFFFF, "unmapped write");
  }
  /* write to a read-only register */
  static const unsigned ro[] = {0x000, 0x004, 0x008, 0x00C, 0x014, 0x028, A_REG_RESULT,
                                A_UNREG_RESULT, A_HL_STATUS, A_PRE_STATUS, A_TR_RESULT,
                                A_TR_GUARD, A_TR_ELASTIC, A_TR_LE, A_TR_LAST_LID, A_TR_AUTO,
                                A_TR_AUTO_NV, A_COPY_CPL, A_COPY_STATUS, A_COPY_CONFIG,
                                A_YIELD_TAKE, A_YIELD_ERR, A_YIELD_WKERR};
  for (unsigned k = 0; k < sizeof ro / sizeof ro[0]; k++) WR_ERR(ro[k], 0xFFFFFFFF, "write RO");
  RD_ERR(A_YIELD_SIGNAL, "read YIELD_SIGNAL (WO)");
  /* read of a write-only register */
  RD_ERR(A_REG_CMD, "read REG_CMD (WO)");
  RD_ERR(A_UNREG_CMD, "read UNREG_CMD (WO)");
  RD_ERR(A_HL_CMD, "read HL_CMD (WO)");
  RD_ERR(A_TR_CMD, "read TR_CMD (WO)");
  RD_ERR(A_COPY_GO, "read COPY_GO (WO)");
  RD_ERR(A_COPY_CPL_POP, "read COPY_CPL_POP (WO)");
  WR_ERR(A_HL_CMD + 2, 0, "unaligned HL_CMD write: no launch");
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .pstrb = 1, .strb = 0x7, .err = 1,
    .what = "HL_CMD strobe 0111: no launch, no refusal");
  RD_ERR(DB_BASE, "read DOORBELL[0] (WO)");
  RD_ERR(DB_BASE + 4 * 1023, "read DOORBELL[1023] (WO)");
  if (P_AW > 16) RD_ERR(1u << 16, "read above 64 KiB");
  n_slverr = sc->n - n0;
  /* nothing changed; every SLVERR set ERR_STATUS.BUS and counted */
  S(.op = OP_RD, .addr = A_SCRATCH, .chk_rd = 1, .rd = 0x12345678, .chk_irq = 1, .irq = 1,
    .what = "SCRATCH unchanged; irq_o");
  RD(0x104, 0xA5A5A5A5, "REG_GRID_XY unchanged");
  RD(0x000, 0x4B4D5530, "ID unchanged");
  RD(A_REG_RESULT, 0, "REG_RESULT unchanged (no registration)");
  RD(A_UNREG_RESULT, 0, "UNREG_RESULT unchanged (no unregistration)");
  S(.op = OP_RD, .addr = A_ERR_STATUS, .chk_rd = 1, .rd = BUS_BIT, .chk_hv = 1, .hv = 0,
    .what = "ERR_STATUS = BUS only; no host launch");
  RD(0x01C, 0, "ERR_CNT_REG: no refusal");
  RD(0x020, n_slverr < CMAX ? n_slverr : CMAX, "ERR_CNT_BUS = number of SLVERRs (saturating)");
  RD(0x018, 0, "ERR_CNT_DB: no doorbell went out");
  return run_script(sc);
}

/* ---- ERR_STATUS: every source, write 1 to clear, set beats clear, irq_o */
static int t_rw1c(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  S(.ev = EV_DBUNREG, .what = "doorbell of an unregistered entry, refused as it rings");
  S(.chk_irq = 1, .irq = 1, .what = "irq_o follows ERR_STATUS");
  RD(A_ERR_STATUS, 0x02, "DB_UNREG");
  S(.ev = EV_DBFULL, .what = "doorbell refused: its pending count is full");
  RD(A_ERR_STATUS, 0x06, "DB_INFLIGHT");
  WR(A_ERR_STATUS, 0x00000006, "clear them");
  S(.ev = EV_UNKNOWN, .what = "doorbell unknown");
  S(.chk_irq = 1, .irq = 1, .what = "irq_o follows ERR_STATUS");
  RD(A_ERR_STATUS, 0x01, "DB_UNKNOWN");
  S(.ev = EV_LAUNCH, .lerr = 0, .what = "launch OK: no error");
  S(.ev = EV_LAUNCH, .lerr = 1, .what = "launch UNREGISTERED");
  RD(A_ERR_STATUS, 0x03, "DB_UNREG");
  S(.ev = EV_LAUNCH, .lerr = 2, .what = "launch INFLIGHT");
  RD(A_ERR_STATUS, 0x07, "DB_INFLIGHT");
  S(.ev = EV_REGDONE, .rcode = 0, .what = "registration OK: no error");
  RD(A_ERR_STATUS, 0x07, "nothing new");
  S(.ev = EV_REGDONE, .rcode = 5, .what = "registration BAD_LENGTH");
  RD(A_ERR_STATUS, 0x0F, "REG_REFUSED");
  S(.op = OP_WR, .addr = A_UNREG_CMD, .data = 0, .ucode = 0, .exp_unreg = 1, .unreg_id = 0,
    .what = "unregister OK: no error");
  RD(A_ERR_STATUS, 0x0F, "nothing new");
  S(.op = OP_WR, .addr = A_UNREG_CMD, .data = 1, .ucode = 2, .exp_unreg = 1, .unreg_id = 1,
    .what = "unregister BUSY");
  RD(A_ERR_STATUS, 0x1F, "UNREG_REFUSED");
  S(.ev = EV_CPL, .what = "completion OK: no error");
  S(.ev = EV_CPLERR, .what = "spurious completion");
  RD(A_ERR_STATUS, 0x3F, "CPL_SPURIOUS");
  RD_ERR(0x2244, "a bus error");
  RD(A_ERR_STATUS, 0x7F, "BUS");
  WR(A_HL_CMD, 0, "host launch of the reset staging (all dimensions 0): refused");
  RD(A_ERR_STATUS, 0xFF, "HOST_REFUSED: every bit set");
  WR(A_ERR_STATUS, 0x00000000, "write 0 clears nothing");
  RD(A_ERR_STATUS, 0xFF, "all still set");
  WR(A_ERR_STATUS, 0x00000001, "write 1 to bit 0");
  RD(A_ERR_STATUS, 0xFE, "only DB_UNKNOWN cleared");
  WR(A_ERR_STATUS, 0x00000040, "write 1 to bit 6 (BUS)");
  RD(A_ERR_STATUS, 0xBE, "only BUS cleared");
  WR(A_ERR_STATUS, 0x00000080, "write 1 to bit 7 (HOST_REFUSED)");
  RD(A_ERR_STATUS, 0x3E, "only HOST_REFUSED cleared");
  WR(A_HL_CMD, 0, "refused host launch");
  WR(A_ERR_STATUS, 0x00000080, "clear HOST_REFUSED ...");
  RD(A_ERR_STATUS, 0x3E, "... cleared again");
  S(.op = OP_WR, .addr = A_ERR_STATUS, .data = 0x00000006, .ev = EV_LAUNCH, .lerr = 1,
    .what = "clear bits 1,2 while DB_UNREG is set in the same cycle");
  RD(A_ERR_STATUS, 0x3A, "DB_UNREG stays set, DB_INFLIGHT cleared");
  S(.op = OP_WR, .addr = A_ERR_STATUS, .data = 0xFFFFFFFF, .ev = EV_UNKNOWN | EV_CPLERR,
    .what = "clear all while DB_UNKNOWN and CPL_SPURIOUS are set");
  RD(A_ERR_STATUS, 0x21, "DB_UNKNOWN and CPL_SPURIOUS stay set");
  WR(A_ERR_STATUS, 0xFFFFFFFF, "clear all");
  S(.chk_irq = 1, .irq = 0, .what = "irq_o low with ERR_STATUS 0");
  RD(A_ERR_STATUS, 0x00, "all clear");
  return run_script(sc);
}

/* ---- counters: count, saturate at 2^CNT_W - 1, clear on a write of any value */
typedef struct {
  unsigned addr;
  unsigned ev, lerr, rcode, ucode; /* one event of this counter */
  int bus_err;                     /* the event is a SLVERR request */
  const char *name;
  int host; /* the event is a refused HL_CMD write (the staging dimensions are all 0) */
} cnt_src;

static void one_event(script *sc, const cnt_src *c, unsigned rep, const char *what) {
  if (c->bus_err)
    S(.op = OP_RD, .addr = 0x2400, .err = 1, .rep = rep, .what = what);
  else if (c->host)
    S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .chk_hv = 1, .hv = 0, .rep = rep, .what = what);
  else if (c->ucode)
    S(.op = OP_WR, .addr = A_UNREG_CMD, .data = 0, .ucode = c->ucode, .exp_unreg = 1,
      .unreg_id = 0, .rep = rep, .what = what);
  else
    S(.ev = c->ev, .lerr = c->lerr, .rcode = c->rcode, .rep = rep, .what = what);
}

static int t_counters(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  static const cnt_src src[] = {
      {0x018, EV_UNKNOWN, 0, 0, 0, 0, "ERR_CNT_DB (unknown)", 0},
      {0x018, EV_LAUNCH, 2, 0, 0, 0, "ERR_CNT_DB (in-flight)", 0},
      {0x018, EV_DBUNREG, 0, 0, 0, 0, "ERR_CNT_DB (unregistered, refused as it rings)", 0},
      {0x018, EV_DBFULL, 0, 0, 0, 0, "ERR_CNT_DB (pending count full)", 0},
      {0x01C, EV_REGDONE, 0, 1, 0, 0, "ERR_CNT_REG (registration FULL)", 0},
      {0x01C, 0, 0, 0, 1, 0, "ERR_CNT_REG (unregistration NOT_REGISTERED)", 0},
      {0x01C, 0, 0, 0, 0, 0, "ERR_CNT_REG (host launch refused)", 1},
      {0x020, 0, 0, 0, 0, 1, "ERR_CNT_BUS", 0},
      {0x024, EV_CPLERR, 0, 0, 0, 0, "ERR_CNT_CPL", 0},
      {0x040, EV_LAUNCH, 0, 0, 0, 0, "PERF_DOORBELLS", 0},
      {0x044, EV_DESC, 0, 0, 0, 0, "PERF_LAUNCHES", 0},
      {0x048, EV_CPL, 0, 0, 0, 0, "PERF_COMPLETIONS", 0},
      {0x050, EV_KDONE, 0, 0, 0, 0, "PERF_KERNELS", 0},
      {A_PERF_PREEMPTS, EV_PREREQ, 0, 0, 0, 0, "PERF_PREEMPTS", 0},
      {A_PERF_WP, EV_WPSTART, 0, 0, 0, 0, "PERF_WP", 0},
      {A_PERF_CTX_SAVES, EV_CTXSAVE, 0, 0, 0, 0, "PERF_CTX_SAVES", 0},
  };
  for (unsigned k = 0; k < sizeof src / sizeof src[0]; k++) {
    const cnt_src *c = &src[k];
    unsigned three = CMAX < 3 ? CMAX : 3;
    WR(c->addr, 0xDEADBEEF, c->name);
    if (c->addr == 0x020) WR(A_ERR_STATUS, 0xFFFFFFFF, "(clear BUS)");
    RD(c->addr, 0, "cleared by a write of any value");
    one_event(sc, c, 3, c->name);
    RD(c->addr, three, "three events");
    WR(c->addr, 0x00000000, "clear with a write of 0");
    RD(c->addr, 0, "cleared");
    if (!c->bus_err && !c->ucode && !c->host) {
      /* an event in the clearing cycle still counts */
      one_event(sc, c, 2, c->name);
      S(.op = OP_WR, .addr = c->addr, .data = 0xFFFFFFFF, .ev = c->ev, .lerr = c->lerr,
        .rcode = c->rcode, .what = "clear in the cycle of an event");
      RD(c->addr, 1, "the event of the clearing cycle counts");
      WR(c->addr, 0x1, "clear");
    }
    one_event(sc, c, CMAX + 3, "many events");
    RD(c->addr, CMAX, "saturated at 2^CNT_W - 1, no wrap");
    one_event(sc, c, 1, "one more");
    RD(c->addr, CMAX, "still saturated");
    WR(c->addr, 0x5A5A5A5A, "clear");
    RD(c->addr, 0, "cleared from saturation");
  }
  /* two events of one counter in one cycle count two */
  WR(0x018, 0, "clear ERR_CNT_DB");
  S(.ev = EV_UNKNOWN | EV_LAUNCH, .lerr = 1, .what = "unknown doorbell and refused launch");
  RD(0x018, CMAX < 2 ? CMAX : 2, "ERR_CNT_DB += 2");
  WR(0x018, 0, "clear ERR_CNT_DB");
  S(.ev = EV_DBFULL | EV_LAUNCH, .lerr = 2,
    .what = "doorbell refused as it rings (count full) and a drained one refused (in flight)");
  RD(0x018, CMAX < 2 ? CMAX : 2, "ERR_CNT_DB += 2");
  WR(0x01C, 0, "clear ERR_CNT_REG");
  S(.op = OP_WR, .addr = A_UNREG_CMD, .data = 0, .ucode = 2, .ev = EV_REGDONE, .rcode = 6,
    .exp_unreg = 1, .unreg_id = 0, .what = "refused registration and unregistration");
  RD(0x01C, CMAX < 2 ? CMAX : 2, "ERR_CNT_REG += 2");
  WR(0x01C, 0, "clear ERR_CNT_REG");
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .ev = EV_REGDONE, .rcode = 1,
    .what = "refused registration and refused host launch");
  RD(0x01C, CMAX < 2 ? CMAX : 2, "ERR_CNT_REG += 2");
  /* launch_err 3 is no code: neither a doorbell error nor a launch */
  WR(0x018, 0, "clear ERR_CNT_DB");
  WR(0x040, 0, "clear PERF_DOORBELLS");
  S(.ev = EV_LAUNCH, .lerr = 3, .what = "launch with undefined code 3");
  RD(0x018, 0, "ERR_CNT_DB unchanged");
  RD(0x040, 0, "PERF_DOORBELLS unchanged");
  return run_script(sc);
}

/* ---- KMU_CTRL, SM_RESERVE: read-back and the configuration outputs */
static int t_config(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  uint64_t all = RSVM; /* every SM that SM_RESERVE can reserve */
  S(.op = OP_IDLE, .chk_cfg = 1, .rgem = 0, .rsv = 0, .what = "reset: concurrent, nothing reserved");
  WR(A_KMU_CTRL, 0x00000001, "KMU_CTRL.RGEM = 1");
  S(.op = OP_RD, .addr = A_KMU_CTRL, .chk_rd = 1, .rd = 1, .chk_cfg = 1, .rgem = 1, .rsv = 0,
    .what = "KMU_CTRL reads 1; mode_rgem_o high");
  WR(A_KMU_CTRL, 0xFFFFFFFE, "KMU_CTRL: bit 0 clear, every other bit set");
  S(.op = OP_RD, .addr = A_KMU_CTRL, .chk_rd = 1, .rd = 0, .chk_cfg = 1, .rgem = 0, .rsv = 0,
    .what = "KMU_CTRL reads 0 (only bit 0 is stored); mode_rgem_o low");
  WR(A_KMU_CTRL, 0xFFFFFFFF, "KMU_CTRL all ones");
  S(.op = OP_RD, .addr = A_KMU_CTRL, .chk_rd = 1, .rd = 1, .chk_cfg = 1, .rgem = 1, .rsv = 0,
    .what = "KMU_CTRL reads 1");
  WR(A_SM_RESERVE, 0xFFFFFFFF, "SM_RESERVE all ones");
  S(.op = OP_RD, .addr = A_SM_RESERVE, .chk_rd = 1, .rd = RSVM, .chk_cfg = 1, .rgem = 1,
    .rsv = all, .what = "SM_RESERVE: bits NSM..31 read 0; every SM below 32 reserved");
  WR(A_SM_RESERVE, 0x00000001, "reserve SM 0");
  S(.op = OP_RD, .addr = A_SM_RESERVE, .chk_rd = 1, .rd = 1, .chk_cfg = 1, .rgem = 1, .rsv = 1,
    .what = "SM_RESERVE = SM 0");
  WR(A_SM_RESERVE, 1u << (P_NSM - 1 < 31 ? P_NSM - 1 : 31), "reserve the top SM (or SM 31)");
  S(.op = OP_RD, .addr = A_SM_RESERVE, .chk_rd = 1, .rd = 1u << (P_NSM - 1 < 31 ? P_NSM - 1 : 31),
    .chk_cfg = 1, .rgem = 1, .rsv = 1ull << (P_NSM - 1 < 31 ? P_NSM - 1 : 31),
    .what = "SM_RESERVE = top SM");
  if (P_NSM < 32) {
    WR(A_SM_RESERVE, 1u << (P_NSM < 32 ? P_NSM : 0), "bit NSM: no such SM");
    S(.op = OP_RD, .addr = A_SM_RESERVE, .chk_rd = 1, .rd = 0, .chk_cfg = 1, .rgem = 1, .rsv = 0,
      .what = "SM_RESERVE reads 0, nothing reserved");
  }
  WR(A_SM_RESERVE, 0xA5A5A5A5, "SM_RESERVE pattern");
  S(.op = OP_RD, .addr = A_SM_RESERVE, .chk_rd = 1, .rd = 0xA5A5A5A5u & RSVM, .chk_cfg = 1,
    .rgem = 1, .rsv = 0xA5A5A5A5u & RSVM, .what = "SM_RESERVE pattern within NSM");
  S(.op = OP_WR, .addr = A_SM_RESERVE, .data = 0, .pstrb = 1, .strb = 0x7, .err = 1,
    .what = "SM_RESERVE strobe 0111: SLVERR, unchanged");
  S(.op = OP_WR, .addr = A_KMU_CTRL + 2, .data = 0, .err = 1,
    .what = "KMU_CTRL unaligned: SLVERR, unchanged");
  S(.op = OP_IDLE, .chk_cfg = 1, .rgem = 1, .rsv = 0xA5A5A5A5u & RSVM, .what = "unchanged");
  RD(A_ERR_STATUS, BUS_BIT, "only the two bus errors");
  RD(A_KERNEL_STATUS, 0, "configuration writes complete no kernel");
  return run_script(sc);
}

/* ---- KERNEL_STATUS (RW1C), PERF_KERNELS and IRQ_ENABLE */
static int t_kernel(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  S(.op = OP_IDLE, .chk_irq = 1, .irq = 0, .what = "reset: no interrupt");
  S(.ev = EV_KDONE, .chk_irq = 1, .irq = 0, .what = "a kernel completes");
  S(.op = OP_RD, .addr = A_KERNEL_STATUS, .chk_rd = 1, .rd = 1, .chk_irq = 1, .irq = 0,
    .what = "KERNEL_DONE set; no interrupt (IRQ_ENABLE.KERNEL_DONE resets to 0)");
  RD(A_PERF_KERNELS, 1, "PERF_KERNELS = 1");
  WR(A_KERNEL_STATUS, 0x00000000, "write 0 clears nothing");
  RD(A_KERNEL_STATUS, 1, "still set");
  WR(A_KERNEL_STATUS, 0xFFFFFFFE, "write 1s to the unimplemented bits only");
  RD(A_KERNEL_STATUS, 1, "still set");
  WR(A_IRQ_ENABLE, 0x00000002, "IRQ_ENABLE: kernel done only");
  S(.op = OP_RD, .addr = A_IRQ_ENABLE, .chk_rd = 1, .rd = 2, .chk_irq = 1, .irq = 1,
    .what = "IRQ_ENABLE reads 2; irq_o from KERNEL_DONE");
  WR(A_KERNEL_STATUS, 0x00000001, "write 1 clears KERNEL_DONE");
  S(.op = OP_RD, .addr = A_KERNEL_STATUS, .chk_rd = 1, .rd = 0, .chk_irq = 1, .irq = 0,
    .what = "cleared; irq_o low");
  S(.ev = EV_KDONE, .rep = 2, .what = "two kernels complete");
  S(.op = OP_WR, .addr = A_KERNEL_STATUS, .data = 1, .ev = EV_KDONE, .chk_irq = 1, .irq = 1,
    .what = "clear in the cycle a kernel completes");
  S(.op = OP_RD, .addr = A_KERNEL_STATUS, .chk_rd = 1, .rd = 1, .chk_irq = 1, .irq = 1,
    .what = "the completion wins: KERNEL_DONE stays set");
  RD(A_PERF_KERNELS, 4, "PERF_KERNELS = 4");
  S(.op = OP_WR, .addr = A_PERF_KERNELS, .data = 0, .ev = EV_KDONE,
    .what = "clear PERF_KERNELS in the cycle a kernel completes");
  RD(A_PERF_KERNELS, 1, "the completion of the clearing cycle counts");
  WR(A_KERNEL_STATUS, 0xFFFFFFFF, "clear KERNEL_DONE");
  /* irq enable combinations with an error flag and KERNEL_DONE */
  RD_ERR(0x2244, "a bus error: ERR_STATUS.BUS");
  S(.op = OP_IDLE, .chk_irq = 1, .irq = 0, .what = "IRQ_ENABLE = 2: the error does not interrupt");
  WR(A_IRQ_ENABLE, 0x00000000, "IRQ_ENABLE = 0");
  S(.ev = EV_KDONE, .chk_irq = 1, .irq = 0, .what = "a kernel completes");
  S(.op = OP_RD, .addr = A_ERR_STATUS, .chk_rd = 1, .rd = BUS_BIT, .chk_irq = 1, .irq = 0,
    .what = "error and KERNEL_DONE set, nothing enabled: irq_o low");
  WR(A_IRQ_ENABLE, 0x00000001, "IRQ_ENABLE = errors");
  S(.op = OP_RD, .addr = A_IRQ_ENABLE, .chk_rd = 1, .rd = 1, .chk_irq = 1, .irq = 1,
    .what = "errors enabled: irq_o high");
  WR(A_IRQ_ENABLE, 0x00000002, "IRQ_ENABLE = kernel done");
  S(.op = OP_RD, .addr = A_IRQ_ENABLE, .chk_rd = 1, .rd = 2, .chk_irq = 1, .irq = 1,
    .what = "kernel done enabled: irq_o high");
  WR(A_IRQ_ENABLE, 0xFFFFFFFF, "IRQ_ENABLE all ones");
  S(.op = OP_RD, .addr = A_IRQ_ENABLE, .chk_rd = 1, .rd = 3, .chk_irq = 1, .irq = 1,
    .what = "both enabled (only bits 1:0 stored): irq_o high");
  WR(A_ERR_STATUS, 0xFFFFFFFF, "clear the error");
  S(.op = OP_IDLE, .chk_irq = 1, .irq = 1, .what = "KERNEL_DONE alone keeps irq_o high");
  WR(A_KERNEL_STATUS, 0x1, "clear KERNEL_DONE");
  S(.op = OP_IDLE, .chk_irq = 1, .irq = 0, .what = "nothing set: irq_o low");
  WR(A_IRQ_ENABLE, 0x00000001, "IRQ_ENABLE = errors");
  S(.ev = EV_KDONE, .what = "a kernel completes");
  S(.op = OP_IDLE, .chk_irq = 1, .irq = 0, .what = "KERNEL_DONE set but not enabled: irq_o low");
  RD_ERR(0x2244, "a bus error");
  S(.op = OP_IDLE, .chk_irq = 1, .irq = 1, .what = "the error interrupts");
  WR(A_IRQ_ENABLE, 0x00000000, "IRQ_ENABLE = 0");
  S(.op = OP_IDLE, .chk_irq = 1, .irq = 0, .what = "both set, none enabled: irq_o low");
  RD(A_ERR_STATUS, BUS_BIT, "the error is still flagged");
  RD(A_KERNEL_STATUS, 1, "KERNEL_DONE still set");
  RD(A_PERF_KERNELS, CMAX < 3 ? CMAX : 3, "PERF_KERNELS = 3");
  return run_script(sc);
}

/* ---- registration command, REG_RESULT, staging outputs, the doorbell stall, REG_CMD busy */
static int chk_stage(const char *t, uint64_t cyc, const kmu_csr_out *o) {
  int ok = 1;
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_kptr_o", 0x80001000u, o->reg_kptr_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_grid_x_o", 0x0002, o->reg_grid_x_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_grid_y_o", 0x0003, o->reg_grid_y_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_grid_z_o", 0x0004, o->reg_grid_z_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_tb_x_o", 0x0020, o->reg_tb_x_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_tb_y_o", 0x0001, o->reg_tb_y_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_tb_z_o", 0x0007, o->reg_tb_z_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_shmem_o", 0x1234, o->reg_shmem_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_nregs_o", 0x56, o->reg_nregs_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_prio_o", 0x3, o->reg_prio_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_pbase_o", 0x00400000u, o->reg_pbase_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_pend_o", 0x00400100u, o->reg_pend_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_esize_o", 0x0040, o->reg_esize_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "reg_maxinf_o", 0x04, o->reg_maxinf_o);
  return ok;
}

static int t_regcmd(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  unsigned id5 = 5 & (unsigned)kmu_mask(id_w()), id2 = 2 & (unsigned)kmu_mask(id_w());
  WR(0x100, 0x80001000, "REG_KPTR");
  WR(0x104, 0x00030002, "REG_GRID_XY");
  WR(0x108, 0xFFFF0004, "REG_GRID_Z (upper half not stored)");
  WR(0x10C, 0x00010020, "REG_TB_XY");
  WR(0x110, 0x12340007, "REG_TB_Z");
  WR(0x114, 0xFF561234, "REG_RES: prio 3, nregs 0x56, shmem 0x1234");
  WR(0x118, 0x00400000, "REG_PBASE");
  WR(0x11C, 0x00400100, "REG_PEND");
  WR(0x120, 0xAB040040, "REG_PSIZE: maxinf 4, esize 0x40");
  S(.op = OP_IDLE, .extra = chk_stage, .what = "staging registers drive reg_*_o");
  S(.op = OP_WR, .addr = A_REG_CMD, .data = 0, .reg_stall = 1, .err = 1, .exp_reg = 1, .rep = 3,
    .what = "REG_CMD while reg_ready_i is low: SLVERR at once, never a held bus");
  RD(A_REG_RESULT, 0, "the refused REG_CMDs started nothing");
  RD(A_ERR_STATUS, 0x40, "busy answers are bus errors: ERR_STATUS.BUS");
  RD(0x020, 3, "ERR_CNT_BUS = 3");
  WR(A_ERR_STATUS, 0x40, "clear BUS");
  WR(0x020, 0, "clear ERR_CNT_BUS");
  S(.op = OP_WR, .addr = A_REG_CMD, .data = 0, .exp_reg = 1, .extra = chk_stage,
    .what = "REG_CMD taken");
  RD(A_REG_RESULT, 0x80000000, "REG_RESULT: busy");
  RD(A_ERR_STATUS, 0, "no error");
  S(.ev = EV_REGDONE, .rcode = 3, .rid = id5, .what = "EKT: done, MISALIGNED");
  RD(A_REG_RESULT, 0x40030000 | id5, "REG_RESULT: done, code 3, id");
  RD(A_ERR_STATUS, 0x08, "REG_REFUSED");
  RD(0x01C, 1, "ERR_CNT_REG = 1");
  S(.op = OP_WR, .addr = A_REG_CMD, .data = 0xFFFFFFFF, .exp_reg = 1, .what = "REG_CMD again");
  RD(A_REG_RESULT, 0x80030000 | id5, "REG_RESULT: busy, done cleared, last code kept");
  S(.ev = EV_REGDONE, .rcode = 0, .rid = id2, .what = "EKT: done, OK");
  RD(A_REG_RESULT, 0x40000000 | id2, "REG_RESULT: done, OK, id");
  RD(0x01C, 1, "ERR_CNT_REG unchanged by an OK");
  /* doorbell back-pressure and the index */
  unsigned i7 = 7;
  S(.op = OP_WR, .addr = DB_BASE + 4 * i7, .data = 0, .db_stall = 1, .stall = 1, .exp_db = 1,
    .db_idx = i7, .rep = 2, .what = "doorbell while db_ready_i is low: the bus waits");
  S(.op = OP_WR, .addr = DB_BASE + 4 * i7, .data = 0, .exp_db = 1, .db_idx = i7,
    .what = "doorbell taken");
  S(.op = OP_WR, .addr = DB_BASE + 4 * 1023, .data = 0x12345678, .exp_db = 1, .db_idx = 1023,
    .what = "doorbell 1023");
  S(.op = OP_WR, .addr = DB_BASE, .data = 0, .exp_db = 1, .db_idx = 0, .what = "doorbell 0");
  S(.op = OP_RD, .addr = DB_BASE, .db_stall = 1, .err = 1, .chk_rd = 1, .rd = 0,
    .what = "doorbell read: SLVERR without waiting for db_ready_i");
  S(.op = OP_RD, .addr = A_REG_CMD, .reg_stall = 1, .err = 1, .chk_rd = 1, .rd = 0,
    .what = "REG_CMD read: SLVERR without waiting for reg_ready_i");
  S(.op = OP_WR, .addr = A_SCRATCH, .data = 1, .db_stall = 1, .reg_stall = 1,
    .what = "other writes never wait");
  return run_script(sc);
}

/* ---- unregistration */
static int t_unreg(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  unsigned top = P_ENTRIES - 1;
  S(.op = OP_WR, .addr = A_UNREG_CMD, .data = top, .ucode = 0, .exp_unreg = 1, .unreg_id = top,
    .what = "unregister the last entry: OK");
  RD(A_UNREG_RESULT, 0x40000000 | top, "UNREG_RESULT: done, OK, id");
  RD(A_ERR_STATUS, 0, "no error");
  S(.op = OP_WR, .addr = A_UNREG_CMD, .data = 0xFFFFFF00, .ucode = 2, .exp_unreg = 1,
    .unreg_id = 0, .what = "unregister 0 (upper bits ignored): BUSY");
  RD(A_UNREG_RESULT, 0x40020000, "UNREG_RESULT: done, BUSY, id 0");
  RD(A_ERR_STATUS, 0x10, "UNREG_REFUSED");
  RD(0x01C, 1, "ERR_CNT_REG = 1");
  S(.op = OP_WR, .addr = A_UNREG_CMD, .data = 0, .ucode = 1, .exp_unreg = 1, .unreg_id = 0,
    .what = "unregister 0: NOT_REGISTERED");
  RD(A_UNREG_RESULT, 0x40010000, "UNREG_RESULT: NOT_REGISTERED");
  if (P_ENTRIES < 256) {
    S(.op = OP_WR, .addr = A_UNREG_CMD, .data = P_ENTRIES, .ucode = 0, .exp_unreg = 0,
      .what = "id ENTRIES is not sent to the EKT");
    RD(A_UNREG_RESULT, 0x40010000 | P_ENTRIES, "UNREG_RESULT: NOT_REGISTERED, id ENTRIES");
    S(.op = OP_WR, .addr = A_UNREG_CMD, .data = 0xFF, .ucode = 0, .exp_unreg = 0,
      .what = "id 255 is not sent to the EKT");
    RD(A_UNREG_RESULT, 0x400100FF, "UNREG_RESULT: NOT_REGISTERED, id 255");
    RD(0x01C, 4, "ERR_CNT_REG = 4");
  }
  return run_script(sc);
}

/* ---- staging and scratch registers: stored bits per the map */
static int t_staging(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  for (unsigned k = 0; k < NMAP; k++) {
    if (map[k].kind != K_RW) continue;
    WR(map[k].addr, 0xFFFFFFFF, map[k].name);
    RD(map[k].addr, map[k].mask, "all ones: only the fields are stored");
    WR(map[k].addr, 0x5A5AA5A5, map[k].name);
    RD(map[k].addr, 0x5A5AA5A5 & map[k].mask, "pattern");
  }
  RD(A_ERR_STATUS, 0, "no error");
  return run_script(sc);
}

/* ---- host launch window: staging, HL_CMD, the descriptor stream, the stall, refusals */
static const hdesc HA = {0x80004000u, 0x0010, 0x0002, 0x0003, 0x0040, 0x0002, 0x0001,
                         0x4000, 0x20, 0x2, 0x00500000u, 0x00600000u, 0, 0};
static const hdesc HB = {0x9000A000u, 0xFFFF, 0x0001, 0x0001, 0x0400, 0x0001, 0x0001,
                         0xFFFF, 0xFF, 0x3, 0xFFFFFFFCu, 0x00600040u, 1, 0xFEDCBA98u};
static int chk_ha(const char *t, uint64_t cyc, const kmu_csr_out *o) {
  return chk_hdesc(t, cyc, &HA, o);
}
static int chk_hb(const char *t, uint64_t cyc, const kmu_csr_out *o) {
  return chk_hdesc(t, cyc, &HB, o);
}

static void stage(script *sc, const hdesc *h, const char *what) {
  WR(A_HL_KPTR, h->kptr, what);
  WR(A_HL_GRID_XY, h->gx | h->gy << 16, what);
  WR(A_HL_GRID_Z, 0xABCD0000u | h->gz, what); /* upper half not stored */
  WR(A_HL_TB_XY, h->tx | h->ty << 16, what);
  WR(A_HL_TB_Z, 0x55550000u | h->tz, what);
  WR(A_HL_RES, 0xF8000000u | h->shmem | h->nregs << 16 | h->prio << 24 | h->cls << 26, what);
  WR(A_HL_PARAM, h->param, what);
  WR(A_HL_CPL, h->cpl, what);
  WR(A_HL_EST, h->est, what);
}

static int t_host(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  /* staging and read-back */
  stage(sc, &HA, "stage kernel A");
  RD(A_HL_KPTR, HA.kptr, "HL_KPTR read back");
  RD(A_HL_GRID_XY, HA.gx | HA.gy << 16, "HL_GRID_XY read back");
  RD(A_HL_GRID_Z, HA.gz, "HL_GRID_Z read back (16 bits)");
  RD(A_HL_TB_XY, HA.tx | HA.ty << 16, "HL_TB_XY read back");
  RD(A_HL_TB_Z, HA.tz, "HL_TB_Z read back (16 bits)");
  RD(A_HL_RES, HA.shmem | HA.nregs << 16 | HA.prio << 24, "HL_RES read back (26 bits)");
  RD(A_HL_PARAM, HA.param, "HL_PARAM read back");
  RD(A_HL_CPL, HA.cpl, "HL_CPL_ADDR read back");
  S(.op = OP_IDLE, .chk_hv = 1, .hv = 0, .what = "staging alone launches nothing");
  /* launch A; the consumer is not ready: A is held */
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0x12345678, .hl_stall = 1, .chk_hv = 1, .hv = 0,
    .what = "HL_CMD: launch A (valid from the next cycle)");
  S(.op = OP_IDLE, .hl_stall = 1, .extra = chk_ha, .rep = 2, .what = "A pending, held");
  S(.op = OP_RD, .addr = A_HL_STATUS, .hl_stall = 1, .chk_rd = 1, .rd = 1, .extra = chk_ha,
    .what = "HL_STATUS.PENDING = 1");
  /* staging the next kernel while A is pending does not touch A */
  stage(sc, &HB, "stage kernel B while A is pending");
  for (unsigned k = 1; k <= 9; k++) { /* every staging write with host_ready_i low */
    sc->s[sc->n - k].hl_stall = 1;
    sc->s[sc->n - k].extra = chk_ha;
  }
  /* HL_CMD while A is pending and not taken: SLVERR at once (issue 13), A untouched */
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .hl_stall = 1, .err = 1, .extra = chk_ha,
    .rep = 3, .what = "HL_CMD while A is pending: SLVERR at once, never a held bus");
  S(.op = OP_RD, .addr = A_HL_STATUS, .hl_stall = 1, .chk_rd = 1, .rd = 1, .extra = chk_ha,
    .what = "A still pending");
  S(.op = OP_RD, .addr = A_ERR_STATUS, .hl_stall = 1, .chk_rd = 1, .rd = BUS_BIT, .extra = chk_ha,
    .what = "the busy answers are bus errors (ERR_STATUS.BUS), not refusals");
  S(.op = OP_RD, .addr = 0x020, .hl_stall = 1, .chk_rd = 1, .rd = 3, .extra = chk_ha,
    .what = "ERR_CNT_BUS = 3");
  S(.op = OP_WR, .addr = A_ERR_STATUS, .data = BUS_BIT, .hl_stall = 1, .extra = chk_ha,
    .what = "clear BUS");
  S(.op = OP_WR, .addr = 0x020, .data = 0, .hl_stall = 1, .extra = chk_ha,
    .what = "clear ERR_CNT_BUS");
  /* the host retries: A is taken in the cycle the retry comes: accepted, B follows at once */
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .extra = chk_ha,
    .what = "A taken; the retried HL_CMD accepted in the same cycle");
  S(.op = OP_IDLE, .hl_stall = 1, .extra = chk_hb, .what = "B pending from the next cycle");
  S(.op = OP_RD, .addr = A_HL_STATUS, .chk_rd = 1, .rd = 1, .extra = chk_hb,
    .what = "HL_STATUS.PENDING = 1 in the cycle B is taken");
  S(.op = OP_RD, .addr = A_HL_STATUS, .chk_rd = 1, .rd = 0, .chk_hv = 1, .hv = 0,
    .what = "B taken: nothing pending");
  /* back to back: one launch per cycle with host_ready_i high */
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .chk_hv = 1, .hv = 0, .what = "launch B again");
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .extra = chk_hb, .what = "and again (taken)");
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .extra = chk_hb, .what = "and again (taken)");
  S(.op = OP_IDLE, .extra = chk_hb, .what = "last one pending, taken");
  S(.op = OP_IDLE, .chk_hv = 1, .hv = 0, .what = "nothing pending");
  RD(A_ERR_STATUS, 0, "no error so far");
  RD(0x01C, 0, "ERR_CNT_REG 0");
  /* refusals: each dimension 0 in turn; nothing launched, HOST_REFUSED, ERR_CNT_REG */
  static const struct {
    unsigned addr;
    uint32_t bad, good;
    const char *what;
  } dims[] = {
      {A_HL_GRID_XY, 0x00010000u, 0x00010001u, "grid x = 0: refused"},
      {A_HL_GRID_XY, 0x00000001u, 0x00010001u, "grid y = 0: refused"},
      {A_HL_GRID_Z, 0xFFFF0000u, 0x00000001u, "grid z = 0 (upper half ignored): refused"},
      {A_HL_TB_XY, 0x00010000u, 0x00010001u, "TB x = 0: refused"},
      {A_HL_TB_XY, 0x00000001u, 0x00010001u, "TB y = 0: refused"},
      {A_HL_TB_Z, 0xFFFF0000u, 0x00000001u, "TB z = 0 (upper half ignored): refused"},
  };
  unsigned nd = sizeof dims / sizeof dims[0];
  for (unsigned k = 0; k < nd; k++) {
    WR(A_HL_GRID_XY, 0x00010001u, "all dimensions 1");
    WR(A_HL_GRID_Z, 1, "all dimensions 1");
    WR(A_HL_TB_XY, 0x00010001u, "all dimensions 1");
    WR(A_HL_TB_Z, 1, "all dimensions 1");
    WR(dims[k].addr, dims[k].bad, dims[k].what);
    S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .chk_hv = 1, .hv = 0,
      .what = "HL_CMD with a zero dimension: OKAY on the bus");
    S(.op = OP_RD, .addr = A_ERR_STATUS, .chk_rd = 1, .rd = HOST_BIT, .chk_irq = 1, .irq = 1,
      .chk_hv = 1, .hv = 0, .what = "nothing launched; ERR_STATUS.HOST_REFUSED; irq_o");
    RD(0x01C, k + 1 < CMAX ? k + 1 : CMAX, "ERR_CNT_REG counts the refusal");
    WR(A_ERR_STATUS, HOST_BIT, "clear HOST_REFUSED");
    WR(dims[k].addr, dims[k].good, "dimension back to 1");
    S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .hl_stall = 1, .chk_hv = 1, .hv = 0,
      .what = "all dimensions 1 again: launched");
    S(.op = OP_IDLE, .hl_stall = 1, .chk_hv = 1, .hv = 1, .what = "pending");
    S(.op = OP_IDLE, .chk_hv = 1, .hv = 1, .what = "taken");
    RD(A_ERR_STATUS, 0, "no refusal");
  }
  /* a malformed HL_CMD while a launch is pending: busy first (SLVERR), not refused */
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .hl_stall = 1, .what = "launch a 1x1x1 kernel");
  WR(A_HL_TB_Z, 0, "TB z = 0 while it is pending");
  sc->s[sc->n - 1].hl_stall = 1;
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .hl_stall = 1, .err = 1, .chk_hv = 1, .hv = 1,
    .rep = 2, .what = "malformed HL_CMD while pending: SLVERR (busy)");
  S(.op = OP_RD, .addr = A_ERR_STATUS, .hl_stall = 1, .chk_rd = 1, .rd = BUS_BIT,
    .what = "not refused: a bus error");
  S(.op = OP_WR, .addr = A_ERR_STATUS, .data = BUS_BIT, .hl_stall = 1, .what = "clear BUS");
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .chk_hv = 1, .hv = 1,
    .what = "pending one taken: the malformed HL_CMD is accepted and refused");
  S(.op = OP_RD, .addr = A_ERR_STATUS, .chk_rd = 1, .rd = HOST_BIT, .chk_hv = 1, .hv = 0,
    .what = "HOST_REFUSED, nothing launched");
  RD(0x01C, nd + 1 < CMAX ? nd + 1 : CMAX, "ERR_CNT_REG");
  /* bus errors in the window launch nothing and refuse nothing */
  S(.op = OP_WR, .addr = A_HL_CMD, .data = 0, .pstrb = 1, .strb = 0xE, .err = 1, .chk_hv = 1,
    .hv = 0, .what = "HL_CMD strobe 1110: SLVERR");
  S(.op = OP_RD, .addr = A_HL_CMD, .err = 1, .chk_rd = 1, .rd = 0, .what = "HL_CMD read: SLVERR");
  WR_ERR(A_HL_STATUS, 1, "HL_STATUS write: SLVERR");
  RD_ERR(HL_BASE + 0x2C, "unmapped word after HL_EST");
  S(.op = OP_RD, .addr = 0x01C, .chk_rd = 1, .rd = nd + 1 < CMAX ? nd + 1 : CMAX, .chk_hv = 1,
    .hv = 0, .what = "ERR_CNT_REG unchanged by the bus errors, nothing launched");
  RD(A_ERR_STATUS, HOST_BIT | BUS_BIT, "HOST_REFUSED and BUS");
  return run_script(sc);
}

/* ---- the preemption window (map 1.2): PRE_CTRL, PRE_CTX_BASE, PRE_DEADLINE, PRE_BW, PRE_HINT
 * and its pulse, PRE_STATUS, the three counters, SLVERR inside the window */
typedef struct {
  uint32_t ctrl, base, dl, bw, launch; /* what the spec says the registers hold */
} pre_exp;
/* an idle cycle checking every pre_* output against the expectation, no hint pulse */
static void pre_idle(script *sc, const pre_exp *p, const char *what) {
  S(.op = OP_IDLE, .chk_pre = 1, .pctrl = p->ctrl, .pbase = p->base, .pdl = p->dl, .pbw = p->bw,
    .chk_hint = 1, .hint = 0, .plaunch = p->launch, .what = what);
}
/* a write that takes effect at the edge: the outputs show the old value in its cycle, then
 * the new one; the read-back returns the stored bits only */
static void pre_write(script *sc, pre_exp *p, unsigned addr, uint32_t data, const char *what) {
  S(.op = OP_WR, .addr = addr, .data = data, .chk_pre = 1, .pctrl = p->ctrl, .pbase = p->base,
    .pdl = p->dl, .pbw = p->bw, .chk_hint = 1, .hint = 0, .plaunch = p->launch, .what = what);
  if (addr == A_PRE_CTRL) p->ctrl = data & 0x7FF;
  if (addr == A_PRE_CTX_BASE) p->base = data;
  if (addr == A_PRE_DEADLINE) p->dl = data;
  if (addr == A_PRE_BW) p->bw = data & 0xF;
  pre_idle(sc, p, "the outputs follow from the next cycle");
  uint32_t v = addr == A_PRE_CTRL ? p->ctrl : addr == A_PRE_CTX_BASE ? p->base
             : addr == A_PRE_DEADLINE ? p->dl : p->bw;
  RD(addr, v, "read back: only the fields are stored");
}

static int t_preempt(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  pre_exp p = {0, 0, 0, PRE_BW_RESET, 0};
  pre_idle(sc, &p, "reset: DRAIN, everything off, PRE_BW.SHIFT 2, no hint");
  /* PRE_CTRL: every value of every field alone, then all of them */
  static const uint32_t pol[] = {KMU_POL_CHIMERA, KMU_POL_CHIMERA_DIRTY, KMU_POL_PEP,
                                 KMU_POL_DRAIN};
  for (unsigned k = 0; k < 4; k++) pre_write(sc, &p, A_PRE_CTRL, pol[k], "PRE_CTRL.POLICY");
  pre_write(sc, &p, A_PRE_CTRL, 1u << 2, "PRE_CTRL.INPLACE alone");
  pre_write(sc, &p, A_PRE_CTRL, 1u << 3, "PRE_CTRL.WP_EN alone");
  for (uint32_t v = 1; v <= 3; v++) pre_write(sc, &p, A_PRE_CTRL, v << 4, "PRE_CTRL.VPOL");
  for (unsigned b = 0; b < 4; b++) pre_write(sc, &p, A_PRE_CTRL, 1u << (6 + b), "PRE_CTRL.OPT bit");
  pre_write(sc, &p, A_PRE_CTRL, 0xFFFFFFFF, "PRE_CTRL all ones: bits 9:0 stored");
  pre_write(sc, &p, A_PRE_CTRL, 0xFFFFFC00, "PRE_CTRL: only unimplemented bits");
  pre_write(sc, &p, A_PRE_CTRL, 0x157, "PRE_CTRL: PEP, in-place, NEWEST, boost + barrier skip");
  /* the three words and PRE_BW */
  pre_write(sc, &p, A_PRE_CTX_BASE, 0xFFFFFFFF, "PRE_CTX_BASE all ones");
  pre_write(sc, &p, A_PRE_CTX_BASE, 0x80010000, "PRE_CTX_BASE");
  pre_write(sc, &p, A_PRE_DEADLINE, 0xFFFFFFFF, "PRE_DEADLINE all ones");
  pre_write(sc, &p, A_PRE_DEADLINE, 15000, "PRE_DEADLINE 15000 cycles");
  pre_write(sc, &p, A_PRE_BW, 0xFFFFFFFF, "PRE_BW all ones: SHIFT 15");
  pre_write(sc, &p, A_PRE_BW, 0xFFFFFFF0, "PRE_BW: only unimplemented bits");
  pre_write(sc, &p, A_PRE_BW, 0x5, "PRE_BW.SHIFT 5");
  /* PRE_HINT: kept, and one pulse in the cycle after the accepted write */
  S(.op = OP_WR, .addr = A_PRE_HINT, .data = 20000, .chk_hint = 1, .hint = 0, .plaunch = 0,
    .what = "PRE_HINT write accepted in cycle t: no pulse in t");
  S(.op = OP_IDLE, .chk_hint = 1, .hint = 1, .plaunch = 20000,
    .what = "t+1: pre_hint_valid_o with the written value");
  p.launch = 20000;
  pre_idle(sc, &p, "t+2: the pulse lasted one cycle");
  S(.op = OP_RD, .addr = A_PRE_HINT, .chk_rd = 1, .rd = 20000, .chk_hint = 1, .hint = 0,
    .plaunch = 20000, .what = "PRE_HINT reads the last value written");
  pre_idle(sc, &p, "a read raises no hint");
  S(.op = OP_WR, .addr = A_PRE_HINT, .data = 0xAAAA0001u, .chk_hint = 1, .hint = 0,
    .plaunch = 20000, .what = "two hints back to back: the first");
  S(.op = OP_WR, .addr = A_PRE_HINT, .data = 0x55550002u, .chk_hint = 1, .hint = 1,
    .plaunch = 0xAAAA0001u, .what = "the second, and the first one's pulse");
  S(.op = OP_IDLE, .chk_hint = 1, .hint = 1, .plaunch = 0x55550002u,
    .what = "the second one's pulse with its own value");
  p.launch = 0x55550002u;
  pre_idle(sc, &p, "then low");
  S(.op = OP_WR, .addr = A_PRE_HINT, .data = 0, .what = "a hint of 0 cycles is a hint too");
  S(.op = OP_IDLE, .chk_hint = 1, .hint = 1, .plaunch = 0, .what = "its pulse");
  p.launch = 0;
  pre_idle(sc, &p, "then low");
  S(.op = OP_WR, .addr = A_PRE_HINT, .data = 77, .pstrb = 1, .strb = 0x7, .err = 1,
    .what = "PRE_HINT strobe 0111: SLVERR");
  pre_idle(sc, &p, "no pulse, value unchanged");
  WR_ERR(A_PRE_HINT + 2, 77, "PRE_HINT unaligned: SLVERR");
  pre_idle(sc, &p, "no pulse, value unchanged");
  /* PRE_STATUS: live, read-only */
  S(.op = OP_RD, .addr = A_PRE_STATUS, .pbusy = 1, .chk_rd = 1, .rd = 1,
    .what = "PRE_STATUS.BUSY = pre_busy_i");
  S(.op = OP_RD, .addr = A_PRE_STATUS, .pbusy = 0, .chk_rd = 1, .rd = 0,
    .what = "PRE_STATUS.BUSY follows it in the same cycle");
  S(.op = OP_WR, .addr = A_PRE_STATUS, .data = 0xFFFFFFFF, .pbusy = 1, .err = 1,
    .what = "write to PRE_STATUS (RO): SLVERR");
  /* counters: each pulse counts in its own counter, also all three in one cycle */
  S(.ev = EV_PREREQ, .rep = 3, .pbusy = 1, .what = "three cycles of pre_req_i");
  S(.ev = EV_WPSTART, .what = "one wp_start_i");
  S(.ev = EV_CTXSAVE, .rep = 2, .what = "two ctx_save_i");
  S(.ev = EV_PREREQ | EV_WPSTART | EV_CTXSAVE, .what = "all three in one cycle");
  RD(A_PERF_PREEMPTS, 4, "PERF_PREEMPTS = 4");
  RD(A_PERF_WP, 2, "PERF_WP = 2");
  RD(A_PERF_CTX_SAVES, 3, "PERF_CTX_SAVES = 3");
  S(.op = OP_WR, .addr = A_PERF_WP, .data = 0x12345678, .ev = EV_PREREQ,
    .what = "clear PERF_WP while a TB-level request comes");
  RD(A_PERF_WP, 0, "PERF_WP cleared");
  RD(A_PERF_PREEMPTS, 5, "PERF_PREEMPTS = 5, not cleared by PERF_WP's write");
  /* SLVERR inside the window: unmapped words, partial strobes; nothing changes */
  static const unsigned hole[] = {0x2124, 0x2128, 0x2180, 0x21FC};
  for (unsigned k = 0; k < sizeof hole / sizeof hole[0]; k++) {
    RD_ERR(hole[k], "unmapped word of the preemption window: read");
    WR_ERR(hole[k], 0xFFFFFFFF, "unmapped word of the preemption window: write");
  }
  S(.op = OP_WR, .addr = A_PRE_CTRL, .data = 0, .pstrb = 1, .strb = 0xE, .err = 1,
    .what = "PRE_CTRL strobe 1110: SLVERR");
  S(.op = OP_WR, .addr = A_PRE_BW, .data = 0, .pstrb = 1, .strb = 0x1, .err = 1,
    .what = "PRE_BW strobe 0001: SLVERR");
  WR_ERR(A_PRE_CTX_BASE + 1, 0, "PRE_CTX_BASE unaligned: SLVERR");
  pre_idle(sc, &p, "nothing changed, no hint");
  RD(A_PRE_CTRL, p.ctrl, "PRE_CTRL unchanged");
  RD(A_PRE_BW, p.bw, "PRE_BW unchanged");
  RD(A_PRE_CTX_BASE, p.base, "PRE_CTX_BASE unchanged");
  RD(A_PRE_HINT, p.launch, "PRE_HINT unchanged");
  RD(A_ERR_STATUS, BUS_BIT, "ERR_STATUS: BUS only (preemption events are no errors)");
  RD(0x020, CMAX < 14 ? CMAX : 14, "ERR_CNT_BUS: 14 SLVERRs (saturating)");
  RD(A_PERF_PREEMPTS, 5, "counters unchanged by the bus errors");
  return run_script(sc);
}

/* ---- the TReM window (map 1.3): TR_CMD's request stage, the result, events, interrupts,
 * counters, the CSRs and the live reads */
#define TRES(st, rep, tag, lid) ((uint32_t)(st) | (uint32_t)(rep) << 3 | 1u << 6 | \
                                 (uint32_t)(tag) << 8 | (uint32_t)(lid) << 16)
static int t_trem(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  const uint32_t ca = KMU_TREM_KIND_LID | 1u << 2 | 0x1234u << 16; /* by launch id, replay */
  const uint32_t cb = KMU_TREM_KIND_ROOM | 0x00FFu << 16;            /* make room, retire */
  S(.op = OP_IDLE, .chk_treq = 1, .treq = 0, .chk_tcfg = 1, .tcfg = {0, 0, TR_CTRL_RESET, 0, 0},
    .what = "reset: no request; TR_THRESH 0, TR_COST 0, OFF / shift 3, SLA 0, period 0");
  /* request A; kmu_revoke not ready: A is held */
  S(.op = OP_WR, .addr = A_TR_CMD, .data = ca, .tr_stall = 1, .chk_treq = 1, .treq = 0,
    .what = "TR_CMD A (LID 0x1234, replay): valid from the next cycle");
  S(.op = OP_RD, .addr = A_TR_RESULT, .tr_stall = 1, .chk_rd = 1, .rd = 1u << 7, .chk_treq = 1,
    .treq = 1, .tcmd = ca, .what = "A held: TR_RESULT.BUSY, no result");
  S(.op = OP_WR, .addr = A_TR_CMD, .data = cb, .tr_stall = 1, .err = 1, .chk_treq = 1, .treq = 1,
    .tcmd = ca, .rep = 3, .what = "TR_CMD B while A is held and not taken: SLVERR at once");
  S(.op = OP_RD, .addr = A_ERR_STATUS, .tr_stall = 1, .chk_rd = 1, .rd = BUS_BIT, .chk_treq = 1,
    .treq = 1, .tcmd = ca, .what = "A untouched; the busy answers are bus errors");
  S(.op = OP_RD, .addr = 0x020, .tr_stall = 1, .chk_rd = 1, .rd = 3, .chk_treq = 1, .treq = 1,
    .tcmd = ca, .what = "ERR_CNT_BUS = 3");
  S(.op = OP_WR, .addr = A_ERR_STATUS, .data = BUS_BIT, .tr_stall = 1, .what = "clear BUS");
  S(.op = OP_WR, .addr = 0x020, .data = 0, .tr_stall = 1, .what = "clear ERR_CNT_BUS");
  S(.op = OP_WR, .addr = A_TR_CMD, .data = cb, .chk_treq = 1, .treq = 1, .tcmd = ca,
    .what = "A taken; the retried B accepted in the same cycle");
  S(.op = OP_IDLE, .tr_stall = 1, .chk_treq = 1, .treq = 1, .tcmd = cb,
    .what = "B held from the next cycle");
  S(.op = OP_IDLE, .chk_treq = 1, .treq = 1, .tcmd = cb, .what = "B taken");
  S(.op = OP_RD, .addr = A_TR_RESULT, .chk_rd = 1, .rd = 0, .chk_treq = 1, .treq = 0,
    .what = "nothing held, the unit idle: BUSY 0");
  S(.op = OP_RD, .addr = A_TR_RESULT, .tbusy = 1, .chk_rd = 1, .rd = 1u << 7,
    .what = "TR_RESULT.BUSY = trem_busy_i (live)");
  /* a completion: captured, TR_EVENTS.DONE, counted; no interrupt while disabled */
  S(.op = OP_IDLE, .tdone = 1, .tst = KMU_TREM_STATUS_NEAR_DONE, .ttag = 5, .tlid = 0x00FF,
    .chk_irq = 1, .irq = 0, .what = "B completes NEAR_DONE (tag 5, lid 0xFF)");
  S(.op = OP_RD, .addr = A_TR_RESULT, .chk_rd = 1, .rd = TRES(6, 0, 5, 0xFF), .chk_irq = 1,
    .irq = 0, .what = "TR_RESULT: NEAR_DONE, retire, DONE, tag 5, lid 0xFF; TR_IRQ_EN 0: no irq");
  RD(A_TR_EVENTS, 1, "TR_EVENTS.DONE");
  RD(A_ERR_CNT_TREM, 1, "ERR_CNT_TREM = 1 (status != OK)");
  RD(A_PERF_REVOKES, 0, "PERF_REVOKES = 0");
  S(.op = OP_WR, .addr = A_TR_IRQ_EN, .data = 0xFFFFFFFD, .chk_irq = 1, .irq = 0,
    .what = "TR_IRQ_EN.DONE (only bits 1:0 stored)");
  S(.op = OP_RD, .addr = A_TR_IRQ_EN, .chk_rd = 1, .rd = 1, .chk_irq = 1, .irq = 1,
    .what = "irq_o: TR_EVENTS.DONE enabled");
  /* a clear in the cycle of a new completion: the set wins */
  S(.op = OP_WR, .addr = A_TR_EVENTS, .data = 1, .tdone = 1, .tst = KMU_TREM_STATUS_OK, .trep = 1,
    .ttag = 7, .tlid = 0xBEEF, .what = "clear TR_EVENTS.DONE while an OK completion comes");
  S(.op = OP_RD, .addr = A_TR_EVENTS, .chk_rd = 1, .rd = 1, .chk_irq = 1, .irq = 1,
    .what = "DONE stays set");
  RD(A_TR_RESULT, TRES(0, 1, 7, 0xBEEF), "TR_RESULT: OK, replay, tag 7, lid 0xBEEF");
  RD(A_PERF_REVOKES, 1, "PERF_REVOKES = 1");
  RD(A_ERR_CNT_TREM, 1, "ERR_CNT_TREM still 1");
  WR(A_TR_EVENTS, 0xFFFFFFFE, "writing 0 to DONE changes nothing");
  RD(A_TR_EVENTS, 1, "DONE still set");
  WR(A_TR_EVENTS, 1, "clear DONE");
  S(.op = OP_RD, .addr = A_TR_EVENTS, .chk_rd = 1, .rd = 0, .chk_irq = 1, .irq = 0,
    .what = "cleared, no interrupt");
  /* TR_CMD clears TR_RESULT.DONE, unless a completion comes in its cycle */
  WR(A_TR_CMD, cb, "TR_CMD clears TR_RESULT.DONE");
  RD(A_TR_RESULT, (TRES(0, 1, 7, 0xBEEF) & ~(1u << 6)) | 1u << 7,
     "DONE 0, the old fields kept; BUSY: the request is held in this cycle (taken now)");
  S(.op = OP_WR, .addr = A_TR_CMD, .data = ca, .tdone = 1, .tst = KMU_TREM_STATUS_GUARD, .ttag = 0xFF,
    .tlid = 0x1234, .what = "TR_CMD in the cycle of a completion");
  RD(A_TR_RESULT, TRES(4, 0, 0xFF, 0x1234) | 1u << 7,
     "the completion sets DONE (BUSY: the new request is held in this cycle)");
  /* the guard pulse */
  S(.op = OP_IDLE, .tguard = 1, .tgtag = 0x2A, .chk_irq = 1, .irq = 1,
    .what = "guard pulse, tag 0x2A (DONE still set from the completion)");
  WR(A_TR_EVENTS, 1, "clear DONE");
  S(.op = OP_RD, .addr = A_TR_EVENTS, .chk_rd = 1, .rd = 2, .chk_irq = 1, .irq = 0,
    .what = "TR_EVENTS.GUARD; not enabled: no irq");
  RD(A_TR_GUARD, 0x2A, "TR_GUARD.TAG");
  WR(A_TR_IRQ_EN, 2, "TR_IRQ_EN.GUARD only");
  S(.op = OP_IDLE, .chk_irq = 1, .irq = 1, .what = "irq_o: GUARD enabled");
  S(.op = OP_IDLE, .tguard = 1, .tgtag = 0x03, .chk_irq = 1, .irq = 1, .what = "another guard");
  RD(A_TR_GUARD, 0x03, "TR_GUARD: the last one");
  WR(A_TR_EVENTS, 3, "clear both");
  S(.op = OP_RD, .addr = A_TR_EVENTS, .chk_rd = 1, .rd = 0, .chk_irq = 1, .irq = 0,
    .what = "nothing left");
  /* the CSRs and their outputs */
  WR(A_TR_THRESH, 0xFFFFFFF5, "TR_THRESH: 4 bits stored");
  WR(A_TR_COST, 1800, "TR_COST 1800 cycles");
  WR(A_TR_CTRL, 0xFFFFFA52u, "TR_CTRL: ELASTIC, shift 5, unit 2 (bits 10:8, 6:4, 1:0 stored)");
  WR(A_TR_SLA, 0xFFFFFFFF, "TR_SLA all ones");
  WR(A_TR_PERIOD, 100000, "TR_PERIOD 100000");
  S(.op = OP_IDLE, .chk_tcfg = 1, .tcfg = {5, 1800, 0x252, 0xFFFFFFFF, 100000},
    .what = "trem_* outputs follow the CSRs");
  RD(A_TR_THRESH, 5, "TR_THRESH read back");
  RD(A_TR_CTRL, 0x252, "TR_CTRL read back");
  /* live reads */
  S(.op = OP_RD, .addr = A_TR_ELASTIC, .tu = 0xAB, .tq = 0xCD, .chk_rd = 1, .rd = 0x00CD00AB,
    .what = "TR_ELASTIC = U | q << 16");
  S(.op = OP_RD, .addr = A_TR_LE, .tle = 0x89ABCDEF, .chk_rd = 1, .rd = 0x89ABCDEF, .what = "TR_LE");
  S(.op = OP_RD, .addr = A_TR_LAST_LID, .tlast = 0xFACE, .chk_rd = 1, .rd = 0xFACE,
    .what = "TR_LAST_LID");
  S(.op = OP_RD, .addr = A_TR_AUTO, .tareq = 0x1234, .taok = 0xBEEF, .chk_rd = 1, .rd = 0xBEEF1234,
    .what = "TR_AUTO = automatic requests | OK << 16");
  S(.op = OP_RD, .addr = A_TR_AUTO_NV, .tanv = 0xC0DE, .chk_rd = 1, .rd = 0xC0DE,
    .what = "TR_AUTO_NV = automatic requests answered NO_VICTIM");
  /* counter clear */
  S(.op = OP_WR, .addr = A_PERF_REVOKES, .data = 0, .tdone = 1, .tst = KMU_TREM_STATUS_OK,
    .what = "clear PERF_REVOKES while an OK completion comes: it counts");
  RD(A_PERF_REVOKES, 1, "PERF_REVOKES = 1");
  WR(A_ERR_CNT_TREM, 0, "clear ERR_CNT_TREM");
  RD(A_ERR_CNT_TREM, 0, "ERR_CNT_TREM = 0");
  RD(A_ERR_STATUS, 0, "TReM errors are no ERR_STATUS bits (their own counter)");
  return run_script(sc);
}

/* ---- the copy window (map 1.4): staging, COPY_GO through the register stage, the window's
 * own refusals (LONG, PRIO beyond the field), COPY_CPL and its pop, counters, LAST_ERR, irq */
static int cp_chunk20(const char *t, uint64_t cyc, const kmu_csr_out *o) {
  return KMU_EXPECT_EQ(t, cyc, "cp_chunk_log2_o: reset 20", COPY_CHUNK_RESET, o->cp_chunk_log2_o);
}
static int cp_chunk7(const char *t, uint64_t cyc, const kmu_csr_out *o) {
  return KMU_EXPECT_EQ(t, cyc, "cp_chunk_log2_o = COPY_CHUNK", 7, o->cp_chunk_log2_o);
}

static int t_copy(const char *test, uint64_t seed, uint64_t cycles) {
  script scv = {test, NULL, 0, 0, 0, 0, 0}, *sc = &scv;
  (void)seed, (void)cycles;
  const uint32_t id = 0xA5C3u & CP_IDM, prio = P_CP_NPRIO - 1;
  const uint32_t ctrl = 1u | prio << 4 | 0xA5C3u << 16; /* device to host, the top priority */
  S(.op = OP_IDLE, .chk_cp = 1, .cmdv = 0, .cplrdy = 1, .chk_irq = 1, .irq = 0,
    .extra = cp_chunk20, .what = "reset: nothing staged, COPY_CPL empty, no interrupt");
  WR(A_IRQ_ENABLE, 0, "IRQ_ENABLE = 0: irq_o from COPY_IRQ alone (SLVERRs follow)");
  RD(A_COPY_CHUNK, COPY_CHUNK_RESET, "COPY_CHUNK resets to 20 (1 MiB)");
  RD(A_COPY_CPL, 0, "COPY_CPL empty");
  RD(A_COPY_STATUS, 0, "COPY_STATUS idle");
  RD(A_COPY_CONFIG, P_CP_NPRIO | P_CP_LENW << 8 | P_CP_IDW << 16, "COPY_CONFIG: the engine's sizes");
  RD(A_COPY_IRQ, 0, "COPY_IRQ resets to 0");
  WR(A_COPY_CHUNK, 0xFFFFFFE7u, "COPY_CHUNK: LOG2 7");
  S(.op = OP_RD, .addr = A_COPY_CHUNK, .chk_rd = 1, .rd = 7, .extra = cp_chunk7,
    .what = "COPY_CHUNK reads 7 (bits 4:0 stored), cp_chunk_log2_o follows");
  /* stage and submit; the engine is not ready */
  WR(A_COPY_SRC, 0x00001000u, "COPY_SRC");
  WR(A_COPY_DST, 0xFFFFFF00u, "COPY_DST");
  WR(A_COPY_LEN, 0x40u, "COPY_LEN 64 bytes");
  WR(A_COPY_CTRL, ctrl | 0x0000FF8Eu, "COPY_CTRL (unimplemented bits written 1)");
  RD(A_COPY_CTRL, 1u | prio << 4 | id << 16, "COPY_CTRL reads DIR, PRIO, the implemented ID bits");
  const uint32_t f0[6] = {0x1000, 0xFFFFFF00u, 0x40, 1, prio, id};
  memcpy(cp_exp[0], f0, sizeof f0);
  memcpy(cp_exp[1], f0, sizeof f0);
  memcpy(cp_exp[2], f0, sizeof f0);
  cp_exp[1][2] = 0x80;
  cp_exp[2][2] = P_CP_LENW < 32 ? (1u << (P_CP_LENW - 1) << 1) - 4 : 0;
  S(.op = OP_WR, .addr = A_COPY_GO, .data = 0, .chk_cp = 1, .cmdv = 0, .cplrdy = 1,
    .what = "COPY_GO accepted: nothing staged before");
  S(.op = OP_RD, .addr = A_COPY_STATUS, .chk_rd = 1, .rd = 3, .chk_cp = 1, .cmdv = 1, .cplrdy = 1,
    .cpf = 1, .what = "t+1: the command on cp_cmd_*; COPY_STATUS BUSY, CMD_PENDING");
  WR(A_COPY_LEN, 0x80u, "staging again does not touch the submitted command");
  S(.op = OP_WR, .addr = A_COPY_GO, .data = 0, .err = 1, .rep = 2, .chk_cp = 1, .cmdv = 1,
    .cplrdy = 1, .cpf = 1, .what = "a second COPY_GO while the first is staged: SLVERR");
  S(.op = OP_WR, .addr = A_COPY_GO, .data = 0, .cprdy = 1, .err = 1, .chk_cp = 1, .cmdv = 1,
    .cplrdy = 1, .cpf = 1, .what = "SLVERR also in the cycle the engine takes the first");
  S(.op = OP_WR, .addr = A_COPY_GO, .data = 0, .chk_cp = 1, .cmdv = 0, .cplrdy = 1,
    .what = "the stage is empty: the second COPY_GO is taken");
  S(.op = OP_IDLE, .chk_cp = 1, .cmdv = 1, .cplrdy = 1, .cpf = 2,
    .what = "the second command, held");
  S(.op = OP_RD, .addr = A_COPY_STATUS, .cprdy = 1, .chk_rd = 1, .rd = 3, .chk_cp = 1, .cmdv = 1,
    .cplrdy = 1, .what = "taken by the engine");
  S(.op = OP_RD, .addr = A_COPY_STATUS, .cpbusy = 1, .chk_rd = 1, .rd = 1, .chk_cp = 1, .cmdv = 0,
    .cplrdy = 1, .what = "COPY_STATUS.BUSY = the engine's busy");
  RD(A_COPY_STATUS, 0, "idle again");
  /* completions */
  S(.op = OP_RD, .addr = A_COPY_STATUS, .cpv = 1, .cpid = id, .cpst = CST_OK, .chk_rd = 1, .rd = 1,
    .chk_cp = 1, .cmdv = 0, .cplrdy = 1, .what = "an engine completion offered: taken, BUSY");
  S(.op = OP_RD, .addr = A_COPY_CPL, .chk_rd = 1, .rd = CPL_VALID | id, .chk_cp = 1, .cmdv = 0,
    .cplrdy = 0, .chk_irq = 1, .irq = 0, .what = "COPY_CPL: VALID, OK, the id; no interrupt");
  RD(A_PERF_COPIES, 1, "PERF_COPIES 1");
  S(.op = OP_WR, .addr = A_COPY_IRQ, .data = 0xFFFFFFFF, .cpv = 1, .cpid = 3, .cpst = CST_FULL,
    .chk_cp = 1, .cmdv = 0, .cplrdy = 0, .what = "COPY_IRQ.EN; a FULL refusal offered, held");
  S(.op = OP_IDLE, .cpv = 1, .cpid = 3, .cpst = CST_FULL, .chk_cp = 1, .cmdv = 0, .cplrdy = 0,
    .chk_irq = 1, .irq = 1, .rep = 2, .what = "irq_o while COPY_CPL.VALID; the refusal waits");
  S(.op = OP_WR, .addr = A_COPY_CPL_POP, .data = 0, .cpv = 1, .cpid = 3, .cpst = CST_FULL,
    .chk_cp = 1, .cmdv = 0, .cplrdy = 0, .what = "COPY_CPL_POP");
  S(.op = OP_IDLE, .cpv = 1, .cpid = 3, .cpst = CST_FULL, .chk_cp = 1, .cmdv = 0, .cplrdy = 1,
    .chk_irq = 1, .irq = 0, .what = "empty: the held refusal is taken");
  RD(A_COPY_CPL, CPL_VALID | CST_FULL << 16 | 3, "COPY_CPL: the FULL refusal");
  RD(A_COPY_STATUS, CST_FULL << 4, "COPY_STATUS.LAST_ERR FULL");
  RD(A_COPY_ERR_CNT, 1, "COPY_ERR_CNT 1");
  /* the window's own refusals: LONG (when the length field is narrower than 32 bits) */
  if (P_CP_LENW < 32) {
    WR(A_COPY_LEN, 1u << (P_CP_LENW - 1) << 1, "COPY_LEN = 2^CP_LENW");
    S(.op = OP_WR, .addr = A_COPY_GO, .data = 0, .chk_cp = 1, .cmdv = 0, .cplrdy = 0,
      .what = "COPY_GO of a LONG copy: OKAY, nothing to the engine");
    S(.op = OP_RD, .addr = A_COPY_STATUS, .chk_rd = 1, .rd = 1 | CST_FULL << 4, .chk_cp = 1,
      .cmdv = 0, .cplrdy = 0, .what = "the refusal waits for COPY_CPL: BUSY");
    S(.op = OP_WR, .addr = A_COPY_GO, .data = 0, .err = 1, .rep = 2,
      .what = "a second refusal while the first waits: SLVERR");
    WR(A_COPY_CPL_POP, 0, "pop the FULL refusal");
    S(.op = OP_WR, .addr = A_COPY_GO, .data = 0, .err = 1, .chk_cp = 1, .cmdv = 0, .cplrdy = 0,
      .cpv = 1, .cpid = 1, .cpst = CST_OK,
      .what = "the first LONG reaches COPY_CPL at this edge: still SLVERR in this cycle");
    S(.op = OP_WR, .addr = A_COPY_GO, .data = 0, .chk_cp = 1, .cmdv = 0, .cplrdy = 0,
      .cpv = 1, .cpid = 1, .cpst = CST_OK,
      .what = "the second LONG is taken; the engine's completion waits");
    RD(A_COPY_CPL, CPL_VALID | CST_LONG << 16 | id, "COPY_CPL: LONG, the staged id");
    WR(A_COPY_CPL_POP, 0, "pop");
    S(.op = OP_IDLE, .cpv = 1, .cpid = 1, .cpst = CST_OK, .chk_cp = 1, .cmdv = 0, .cplrdy = 0,
      .what = "the second LONG goes first: the engine's completion still waits");
    RD(A_COPY_CPL, CPL_VALID | CST_LONG << 16 | id, "COPY_CPL: the second LONG");
    WR(A_COPY_CPL_POP, 0, "pop");
    S(.op = OP_IDLE, .cpv = 1, .cpid = 1, .cpst = CST_OK, .chk_cp = 1, .cmdv = 0, .cplrdy = 1,
      .what = "then the engine's completion is taken");
    RD(A_COPY_CPL, CPL_VALID | 1, "COPY_CPL: the engine's OK");
    WR(A_COPY_CPL_POP, 0, "pop");
    RD(A_COPY_STATUS, CST_LONG << 4, "LAST_ERR LONG");
    WR(A_COPY_LEN, (1u << (P_CP_LENW - 1) << 1) - 4, "COPY_LEN = 2^CP_LENW - 4: fits");
    WR(A_COPY_CTRL, ctrl, "COPY_CTRL as before");
    WR(A_COPY_GO, 0, "COPY_GO");
    S(.op = OP_IDLE, .cprdy = 1, .chk_cp = 1, .cmdv = 1, .cplrdy = 1, .cpf = 3,
      .what = "the longest copy goes to the engine");
  }
  /* PRIO beyond the engine's field (when the 3-bit field is wider than the engine's) */
  if (cp_pw() < 3) {
    WR(A_COPY_LEN, 4, "COPY_LEN 4");
    WR(A_COPY_CTRL, 1u << cp_pw() << 4 | 2u << 16, "COPY_CTRL.PRIO = 2^CP_PW, id 2");
    WR(A_COPY_GO, 0, "COPY_GO");
    S(.op = OP_IDLE, .chk_cp = 1, .cmdv = 0, .cplrdy = 0, .what = "refused by the window");
    RD(A_COPY_CPL, CPL_VALID | CST_PRIO << 16 | 2, "COPY_CPL: PRIO, id 2");
    WR(A_COPY_CPL_POP, 0, "pop");
  }
  /* bad accesses: SLVERR, nothing submitted or popped */
  WR_ERR(A_COPY_CPL, 0, "write COPY_CPL (RO)");
  WR_ERR(A_COPY_STATUS, 0, "write COPY_STATUS (RO)");
  WR_ERR(A_COPY_CONFIG, 0, "write COPY_CONFIG (RO)");
  RD_ERR(A_COPY_GO, "read COPY_GO (WO)");
  RD_ERR(A_COPY_CPL_POP, "read COPY_CPL_POP (WO)");
  RD_ERR(0x2334, "the word after COPY_CONFIG: unmapped");
  RD_ERR(0x23FC, "the last word of the window: unmapped");
  S(.op = OP_WR, .addr = A_COPY_GO, .data = 0, .pstrb = 1, .strb = 0x7, .err = 1, .chk_cp = 1,
    .cmdv = 0, .cplrdy = 1, .what = "COPY_GO strobe 0111: SLVERR");
  WR_ERR(A_COPY_GO + 2, 0, "COPY_GO unaligned: SLVERR");
  S(.op = OP_IDLE, .chk_cp = 1, .cmdv = 0, .cplrdy = 1, .what = "nothing submitted");
  RD(A_COPY_CPL, 0, "nothing completed");
  S(.op = OP_WR, .addr = A_COPY_ERR_CNT, .data = 0x1234, .cpv = 1, .cpid = 0, .cpst = CST_FULL,
    .what = "clear COPY_ERR_CNT while a refusal comes in");
  RD(A_COPY_ERR_CNT, 1, "the refusal in the clearing cycle still counts");
  WR(A_PERF_COPIES, 0, "clear PERF_COPIES");
  RD(A_PERF_COPIES, 0, "PERF_COPIES cleared");
  return run_script(sc);
}

static const kmu_test tests[] = {
    {"reset", t_reset, 0, 0},       {"slverr", t_slverr, 0, 0}, {"rw1c", t_rw1c, 0, 0},
    {"counters", t_counters, 0, 0}, {"regcmd", t_regcmd, 0, 0}, {"unreg", t_unreg, 0, 0},
    {"staging", t_staging, 0, 0},   {"host", t_host, 0, 0},
    {"config", t_config, 0, 0},     {"kernel", t_kernel, 0, 0},
    {"preempt", t_preempt, 0, 0},   {"trem", t_trem, 0, 0},
    {"copy", t_copy, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_csr_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
