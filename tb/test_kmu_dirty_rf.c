/* test_kmu_dirty_rf.c - lockstep, scoreboard and directed tests of kmu_dirty_rf
 * (rtl/preempt/kmu_dirty_rf.v).  Every expected value comes from docs/pep-interfaces.md section 1
 * and docs/blocks/kmu_dirty_rf.md, never from the model: the random test keeps its own register
 * values and dirty bits, and checks each scan against the set of registers that were dirty (or
 * allocated) when its search began.  Write data are unique (a bijection of the write's sequence
 * number), so a scanned word names the write it came from: the scoreboard knows whether the
 * data handed out is the register's current content, which is what decides (by the spec)
 * whether the handshake clears the dirty bit. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kmu_dirty_rf.h"
#include "kmu_tb.h"

static const kmu_dirty_rf_params params = {P_WARPS, P_RPW, P_DW};
#define KMU_CUR_IN kmu_dirty_rf_in
#define KMU_CUR_OUT kmu_dirty_rf_out
KMU_BLOCK(kmu_dirty_rf, KMU_DIRTY_RF_IN, KMU_DIRTY_RF_OUT, &params)

#define NW P_WARPS
#define NR P_RPW
#define DWM kmu_mask(P_DW)
#define RONES ((uint32_t)kmu_mask(NR))
#define HMAX 4 /* values a register may hold during one scan (the random test keeps below) */

static unsigned popc(uint64_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}
/* unique write data: a bijection of 32-bit numbers (odd multiplies and xor-shifts) */
static uint64_t data_of(uint64_t seq) {
  uint32_t x = (uint32_t)seq * 0x9e3779b1u;
  x ^= x >> 16;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  return x & DWM;
}

/* ======================================================================== random lockstep */
typedef struct {
  kmu_rng rng;
  const char *test;
  uint64_t cycles, cyc, seed, wseq;
  /* traffic mix: per seed, the ready rate per phase */
  unsigned wr_pct, rd_pct, ex_pct, start_pct, all_pct, bad_pct, taint_pct, exscan_pct;
  unsigned bstart_pct, hitout_pct, ready_pct;
  uint64_t phase_end;
  /* the register file as the spec says it must be: dirty bits certain, and maybe dirty (a
   * write into a scan that may have come before or after the scan read its warp's row) */
  uint64_t val[NW][NR];
  uint32_t dirty[NW], unk[NW];
  /* last cycle's write (its bit is counted by dirty_cnt_o one cycle later): 0 none, 1 its bit
   * was clean before (certain), 2 dirty before (certain), 3 not known */
  int p_kind;
  unsigned p_w;
  int rd_known;
  uint64_t rd_exp;
  /* the running scan */
  int busy, done_next, unsure_end;
  uint64_t t0, mask;
  uint32_t rmask;
  int all;
  uint32_t s0[NW];    /* certain candidates when the scan began: each is handed out */
  uint32_t u0[NW];    /* maybe candidates when it began (maybe-dirty bits below rpw) */
  uint32_t pre[NW];   /* dirty or maybe dirty when it began: cleared when the row is read */
  uint32_t taint[NW]; /* written during the scan */
  uint32_t wd[NW];    /* written during the scan after the row was certainly read: dirty */
  uint64_t hist[NW][NR][HMAX];
  unsigned nhist[NW][NR];
  int last_w, last_r; /* last handed out (-1: none yet) */
  unsigned n_s0, n_u0, kwarps;
  /* last cycle */
  int prev_valid, prev_ready, prev_hs_more;
  int prev_ww; /* last cycle's write's warp (-1: none): a write into the scan may hold a fetch */
  uint64_t prev_fields, prev_data;
  /* counters */
  uint64_t scans, empty, all_scans, yields, stale, stalls, taints, e_wr, e_rd, e_ex, e_scan;
  uint64_t max_yields, unsure;
} rnd_ctx;

static void new_phase(rnd_ctx *x) {
  static const unsigned rr[] = {100, 100, 90, 70, 50, 20, 5};
  x->ready_pct = rr[kmu_rng_below(&x->rng, sizeof rr / sizeof rr[0])];
  x->phase_end = x->cyc + 200 + kmu_rng_below(&x->rng, 5000);
}

static void rnd_init(void *c, uint64_t seed) {
  rnd_ctx *x = c;
  const char *t = x->test;
  uint64_t cycles = x->cycles;
  memset(x, 0, sizeof *x);
  x->prev_ww = -1;
  x->test = t;
  x->cycles = cycles;
  x->seed = seed;
  kmu_rng *r = &x->rng;
  kmu_rng_seed(r, seed);
  x->wseq = seed << 24;
  x->wr_pct = 5 + (unsigned)kmu_rng_below(r, 60);
  x->rd_pct = (unsigned)kmu_rng_below(r, 80);
  x->ex_pct = 1 + (unsigned)kmu_rng_below(r, 8);
  x->start_pct = 1 + (unsigned)kmu_rng_below(r, 30);
  x->all_pct = 10 + (unsigned)kmu_rng_below(r, 50);
  x->bad_pct = 2 + (unsigned)kmu_rng_below(r, 8);
  x->taint_pct = 2 + (unsigned)kmu_rng_below(r, 15);
  x->exscan_pct = 2 + (unsigned)kmu_rng_below(r, 10);
  x->bstart_pct = 1 + (unsigned)kmu_rng_below(r, 5);
  x->hitout_pct = 5 + (unsigned)kmu_rng_below(r, 30);
  x->last_w = x->last_r = -1;
  new_phase(x);
}

static uint64_t init_cycles(void) { return (uint64_t)NW * NR; }
static int draining(const rnd_ctx *x) { return x->cyc + 4000 + 2 * NW * NR >= x->cycles; }

/* a warp number >= NW or a register number >= NR (when the port can carry one) */
static int bad_index(kmu_rng *r, unsigned *w, unsigned *g) {
  int can_w = NW < 64, can_r = NR < 32;
  if (!can_w && !can_r) return 0;
  if (can_w && (!can_r || kmu_rng_pct(r, 50))) {
    *w = NW + (unsigned)kmu_rng_below(r, 64 - NW);
    *g = (unsigned)kmu_rng_below(r, 32);
  } else {
    *w = (unsigned)kmu_rng_below(r, NW);
    *g = NR + (unsigned)kmu_rng_below(r, 32 - NR);
  }
  return 1;
}

static int rnd_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  rnd_ctx *x = c;
  kmu_rng *r = &x->rng;
  kmu_dirty_rf_in *i = in;
  const kmu_dirty_rf_out *o = po;
  (void)pi;
  x->cyc = cyc;
  memset(i, 0, sizeof *i);
  i->scan_wmask_i = kmu_rng_bits(r, NW); /* dirty_cnt_o is checked for any mask */
  i->scan_rpw_i = kmu_rng_bits(r, 6);
  i->wr_data_i = kmu_rng_bits(r, P_DW);
  i->rd_warp_i = kmu_rng_bits(r, 6);
  i->rd_reg_i = kmu_rng_bits(r, 5);
  if (cyc < init_cycles()) { /* every register written once: the scoreboard knows them all */
    i->wr_valid_i = 1;
    i->wr_warp_i = cyc / NR;
    i->wr_reg_i = cyc % NR;
    i->wr_data_i = data_of(x->wseq++);
    i->scan_ready_i = 1;
    return 1;
  }
  if (cyc >= x->phase_end) new_phase(x);
  const int drain = draining(x);
  i->scan_ready_i = kmu_rng_pct(r, drain ? 100 : x->ready_pct);

  /* write: out of range, into the running scan (taint), at the held output entry, or not */
  if (kmu_rng_pct(r, x->wr_pct)) {
    unsigned w = (unsigned)kmu_rng_below(r, NW), g = (unsigned)kmu_rng_below(r, NR);
    int ok = 1;
    if (kmu_rng_pct(r, x->bad_pct)) {
      ok = bad_index(r, &w, &g);
    } else if (x->busy && o->scan_valid_o && !x->prev_ready && kmu_rng_pct(r, x->hitout_pct)) {
      w = (unsigned)o->scan_warp_o; /* the entry held last cycle, not handed out: still held */
      g = (unsigned)o->scan_reg_o;
    } else if (x->busy && ((x->mask >> w) & 1) && !kmu_rng_pct(r, x->taint_pct)) {
      ok = 0; /* the SM does not write to warps being saved, except now and then */
    }
    if (ok && w < NW && g < NR && x->busy && ((x->mask >> w) & 1) &&
        ((x->taint[w] >> g) & 1) && x->nhist[w][g] + 1 >= HMAX)
      ok = 0; /* a register holds at most HMAX values during one scan */
    if (ok) {
      i->wr_valid_i = 1;
      i->wr_warp_i = w;
      i->wr_reg_i = g;
      i->wr_data_i = data_of(x->wseq++);
    }
  }
  /* read: sometimes the register written in this cycle, sometimes out of range */
  if (kmu_rng_pct(r, x->rd_pct)) {
    unsigned w = (unsigned)kmu_rng_below(r, NW), g = (unsigned)kmu_rng_below(r, NR);
    if (kmu_rng_pct(r, x->bad_pct)) {
      bad_index(r, &w, &g);
    } else if (i->wr_valid_i && kmu_rng_pct(r, 20)) {
      w = (unsigned)i->wr_warp_i;
      g = (unsigned)i->wr_reg_i;
    }
    i->rd_valid_i = 1;
    i->rd_warp_i = w;
    i->rd_reg_i = g;
  }
  /* exit: not of a warp being scanned, except now and then (refused) */
  if (kmu_rng_pct(r, x->ex_pct)) {
    unsigned w = (unsigned)kmu_rng_below(r, NW);
    if (NW < 64 && kmu_rng_pct(r, x->bad_pct)) w = NW + (unsigned)kmu_rng_below(r, 64 - NW);
    int ok = !(x->busy && w < NW && ((x->mask >> w) & 1)) || kmu_rng_pct(r, x->exscan_pct);
    if (ok) {
      i->exit_valid_i = 1;
      i->exit_warp_i = w;
    }
  }
  /* scan start: when idle; now and then while busy or with a bad rpw */
  if (!drain && (x->busy ? kmu_rng_pct(r, x->bstart_pct) : kmu_rng_pct(r, x->start_pct))) {
    uint64_t m;
    switch (kmu_rng_below(r, 6)) {
      case 0: m = kmu_mask(NW); break;
      case 1: m = 1ull << kmu_rng_below(r, NW); break;
      case 2: m = kmu_rng_pct(r, 20) ? 0 : kmu_rng_bits(r, NW); break;
      default: m = kmu_rng_bits(r, NW); break;
    }
    unsigned rpw = 1 + (unsigned)kmu_rng_below(r, NR);
    if (kmu_rng_pct(r, 30)) rpw = NR;
    if (kmu_rng_pct(r, x->bad_pct))
      rpw = kmu_rng_pct(r, 50) ? 0 : NR + 1 + (unsigned)kmu_rng_below(r, 63 - NR);
    i->scan_start_i = 1;
    i->scan_wmask_i = m;
    i->scan_rpw_i = rpw;
    i->scan_all_i = kmu_rng_pct(r, x->all_pct);
  }
  return 1;
}

/* certain candidates of the running scan strictly between positions a and b (-1: before all,
 * NW*NR: after all) that were not handed out: misses */
static unsigned sb_missed(const rnd_ctx *x, int a, int b) {
  unsigned n = 0;
  for (int p = a + 1; p < b; p++) {
    unsigned w = (unsigned)p / NR, g = (unsigned)p % NR;
    if ((x->s0[w] >> g) & 1) n++;
  }
  return n;
}

static int in_scan(const rnd_ctx *x, unsigned w) { return x->busy && ((x->mask >> w) & 1); }

/* the scan ended: every row of it was read, so what was dirty then is clean; a write since is
 * dirty when it came after the read for sure, else maybe */
static void scan_ended(rnd_ctx *x) {
  for (unsigned w = 0; w < NW; w++) {
    if (!((x->mask >> w) & 1)) continue;
    x->dirty[w] = x->wd[w];
    x->unk[w] = x->taint[w] & ~x->wd[w];
  }
  x->busy = 0;
  x->done_next = 1;
}

static int rnd_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  rnd_ctx *x = c;
  const kmu_dirty_rf_in *i = ip;
  const kmu_dirty_rf_out *o = op;
  const char *t = x->test;
  int ok = 1;
  const unsigned ww = (unsigned)i->wr_warp_i, wg = (unsigned)i->wr_reg_i;
  const unsigned rw = (unsigned)i->rd_warp_i, rg = (unsigned)i->rd_reg_i;
  const unsigned ew = (unsigned)i->exit_warp_i;
  const int wr_in = ww < NW && wg < NR, rd_in = rw < NW && rg < NR, ex_in = ew < NW;
  const int wr_ok = i->wr_valid_i && wr_in;

  /* a scan that may have been empty: its end is seen on scan_busy_o */
  if (x->unsure_end) {
    x->unsure_end = 0;
    if (!o->scan_busy_o) {
      scan_ended(x);
      x->unsure++;
    }
  }

  /* error answers */
  int e_wr = i->wr_valid_i && (!wr_in || (x->busy && ((x->mask >> ww) & 1)));
  int e_rd = i->rd_valid_i && !rd_in;
  int e_ex = i->exit_valid_i && (!ex_in || (x->busy && ((x->mask >> ew) & 1)));
  unsigned rpw = (unsigned)i->scan_rpw_i;
  int e_scan = i->scan_start_i && (x->busy || rpw == 0 || rpw > NR);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_wr_o", e_wr, o->err_wr_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_rd_o", e_rd, o->err_rd_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_exit_o", e_ex, o->err_exit_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "err_scan_o", e_scan, o->err_scan_o);
  x->e_wr += e_wr, x->e_rd += e_rd, x->e_ex += e_ex, x->e_scan += e_scan;

  /* dirty count of the mask on the input: exact where the state is certain; last cycle's write
   * is counted from the next cycle; a warp of the running scan loses its bits (pre) when the
   * scan reads its row, at a time the spec leaves open */
  unsigned lo = 0, hi = 0;
  for (unsigned w = 0; w < NW; w++) {
    if (!((i->scan_wmask_i >> w) & 1)) continue;
    if (in_scan(x, w)) {
      lo += popc(x->wd[w]);
      hi += popc(x->pre[w] | x->taint[w] | x->wd[w]);
    } else {
      lo += popc(x->dirty[w]);
      hi += popc(x->dirty[w] | x->unk[w]);
    }
  }
  if (x->p_kind && ((i->scan_wmask_i >> x->p_w) & 1)) {
    if (x->p_kind == 1 && !in_scan(x, x->p_w)) lo--, hi--;
    else if (x->p_kind != 2 && lo > 0) lo--;
  }
  ok &= kmu_expect(o->dirty_cnt_o >= lo && o->dirty_cnt_o <= hi, t, cyc,
                   "dirty_cnt_o (dirty registers of scan_wmask_i; bounds lo, hi in expected)",
                   (uint64_t)lo << 16 | hi, o->dirty_cnt_o);
  if (x->rd_known)
    ok &= KMU_EXPECT_EQ(t, cyc, "rd_data_o (the last read)", x->rd_exp, o->rd_data_o);

  /* scan status; a scan that may be empty ends at t0+k+1 when its last row had nothing */
  ok &= KMU_EXPECT_EQ(t, cyc, "scan_busy_o", x->busy, o->scan_busy_o);
  ok &= KMU_EXPECT_EQ(t, cyc, "scan_done_o", x->done_next, o->scan_done_o);
  x->done_next = 0;
  if (!x->busy || cyc < x->t0 + 4)
    ok &= KMU_EXPECT_EQ(t, cyc, "scan_valid_o (idle, or before start + 4)", 0, o->scan_valid_o);
  if (x->busy && cyc == x->t0 + 4 && x->mask) {
    unsigned w0 = (unsigned)__builtin_ctzll(x->mask);
    /* (its last candidate waits until the reader knows whether a later row has one) */
    /* (unless last cycle's write, into the scan, went to that warp: the fetch of the word it
     * wrote waited a cycle) */
    if ((popc(x->s0[w0]) >= 2 || (x->s0[w0] && x->mask == 1ull << w0)) && x->prev_ww != (int)w0)
      ok &= KMU_EXPECT_EQ(t, cyc, "scan_valid_o four cycles after the start", 1,
                          o->scan_valid_o);
  }
  if (x->prev_hs_more)
    ok &= KMU_EXPECT_EQ(t, cyc, "scan_valid_o right after a handshake with more in its row", 1,
                        o->scan_valid_o);
  uint64_t f = o->scan_warp_o << 8 | o->scan_reg_o << 1 | o->scan_last_o;
  if (x->prev_valid && !x->prev_ready) {
    ok &= KMU_EXPECT_EQ(t, cyc, "scan_valid_o held until scan_ready_i", 1, o->scan_valid_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "scan_warp/reg/last held until scan_ready_i", x->prev_fields, f);
    ok &= KMU_EXPECT_EQ(t, cyc, "scan_data_o held until scan_ready_i", x->prev_data,
                        o->scan_data_o);
  }
  if (!ok) return 0;
  if (o->scan_valid_o && !i->scan_ready_i) x->stalls++;
  x->prev_valid = (int)o->scan_valid_o;
  x->prev_ready = (int)i->scan_ready_i;
  x->prev_fields = f;
  x->prev_data = o->scan_data_o;
  x->prev_hs_more = 0;
  x->prev_ww = wr_ok ? (int)ww : -1;

  /* an empty scan of k warps ends when the last row has been read (t0+k+1): surely when it had
   * no candidate, certain or maybe, and nothing was written into it; maybe when it had only
   * maybe candidates */
  int end_now = 0;
  if (x->busy && x->last_w < 0 && !o->scan_valid_o && cyc == x->t0 + 1 + x->kwarps &&
      x->n_s0 == 0) {
    int maybe = x->n_u0 != 0;
    for (unsigned w = 0; w < NW; w++) maybe |= x->taint[w] != 0;
    if (maybe) x->unsure_end = 1;
    else end_now = 1;
  }

  /* the handshake of a scan entry */
  if (o->scan_valid_o && i->scan_ready_i) {
    unsigned w = (unsigned)o->scan_warp_o, g = (unsigned)o->scan_reg_o;
    ok &= kmu_expect(w < NW && g < NR && ((x->mask >> w) & 1) && ((x->rmask >> g) & 1), t, cyc,
                     "scan entry in the scan's warps and below its rpw", 1, 0);
    if (!ok) return 0;
    int pos = (int)(w * NR + g), last_pos = x->last_w < 0 ? -1 : x->last_w * NR + x->last_r;
    ok &= kmu_expect(pos > last_pos, t, cyc, "scan entries in ascending (warp, reg) order",
                     (uint64_t)(last_pos + 1), (uint64_t)pos);
    ok &= KMU_EXPECT_EQ(t, cyc, "no candidate skipped before this entry", 0,
                        sb_missed(x, last_pos, pos));
    int tainted = (x->taint[w] >> g) & 1;
    ok &= kmu_expect(tainted || (((x->s0[w] | x->u0[w]) >> g) & 1), t, cyc,
                     "scan entry was a candidate when the scan began, or written since", 1, 0);
    if (!tainted) {
      ok &= KMU_EXPECT_EQ(t, cyc, "scan_data_o (the register's value)", x->val[w][g],
                          o->scan_data_o);
    } else {
      int seen = 0;
      for (unsigned k = 0; k < x->nhist[w][g]; k++) seen |= x->hist[w][g][k] == o->scan_data_o;
      ok &= kmu_expect(seen, t, cyc, "scan_data_o: a value the register held during the scan",
                       x->val[w][g], o->scan_data_o);
    }
    if (o->scan_data_o != x->val[w][g]) x->stale++;
    x->last_w = (int)w;
    x->last_r = (int)g;
    x->yields++;
    if (o->scan_last_o) {
      ok &= KMU_EXPECT_EQ(t, cyc, "no candidate left after the last entry", 0,
                          sb_missed(x, pos, NW * NR));
      end_now = 1;
    } else {
      /* certain candidates after it in its warp are in the row being handed out */
      /* (two of them: the row's last candidate may wait for the reader) */
      /* (unless this cycle's write, into the scan, hits a later register of the warp: the
       * fetch of the word it writes waits a cycle) */
      x->prev_hs_more = popc(x->s0[w] >> g >> 1) >= 2 && !(wr_ok && ww == w && wg > g);
    }
  }
  if (end_now) scan_ended(x);

  /* the edge: exit clears, a write sets (wins); the kind of this write for the count */
  x->p_kind = 0;
  if (i->exit_valid_i && !e_ex) x->dirty[ew] = 0, x->unk[ew] = 0;
  if (i->rd_valid_i) {
    x->rd_known = 1;
    x->rd_exp = rd_in ? x->val[rw][rg] : 0; /* read-before-write */
  }
  if (wr_ok) {
    const uint32_t b = 1u << wg;
    x->p_w = ww;
    if (in_scan(x, ww)) {
      if (!((x->taint[ww] >> wg) & 1)) { /* its value when the scan began, then each write */
        x->hist[ww][wg][0] = x->val[ww][wg];
        x->nhist[ww][wg] = 1;
      }
      x->taint[ww] |= b;
      ok &= kmu_expect(x->nhist[ww][wg] < HMAX, t, cyc, "test: history overflow", 0, 0);
      x->hist[ww][wg][x->nhist[ww][wg]++] = i->wr_data_i & DWM;
      x->taints++;
      /* the row of a warp up to the last one handed out has been read: the write stays */
      x->p_kind = 3;
      if (x->last_w >= (int)ww) x->wd[ww] |= b;
    } else {
      x->p_kind = (x->dirty[ww] & b) ? 2 : (x->unk[ww] & b) ? 3 : 1;
      x->dirty[ww] |= b;
      x->unk[ww] &= ~b;
    }
    x->val[ww][wg] = i->wr_data_i & DWM;
  }
  /* an accepted start: its candidates are fixed by the state after this edge */
  if (i->scan_start_i && !e_scan) {
    x->busy = 1;
    x->t0 = cyc;
    x->mask = i->scan_wmask_i & kmu_mask(NW);
    x->rmask = (uint32_t)kmu_mask(rpw);
    x->all = (int)(i->scan_all_i & 1);
    x->last_w = x->last_r = -1;
    x->n_s0 = x->n_u0 = 0;
    x->kwarps = popc(x->mask);
    for (unsigned w = 0; w < NW; w++) {
      int in = (x->mask >> w) & 1;
      x->s0[w] = in ? (x->all ? RONES : x->dirty[w]) & x->rmask : 0;
      x->u0[w] = in && !x->all ? x->unk[w] & x->rmask : 0;
      x->pre[w] = in ? x->dirty[w] | x->unk[w] : 0;
      x->taint[w] = 0;
      x->wd[w] = 0;
      if (in) x->dirty[w] = 0, x->unk[w] = 0;
      x->n_s0 += popc(x->s0[w]);
      x->n_u0 += popc(x->u0[w]);
    }
    x->scans++;
    x->empty += x->n_s0 == 0;
    x->all_scans += (uint64_t)x->all;
    if (x->n_s0 > x->max_yields) x->max_yields = x->n_s0;
  }
  return ok;
}

static int rnd_finish(void *c) {
  rnd_ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  ok &= KMU_EXPECT_EQ(t, x->cyc, "the last scan finished", 0, x->busy);
  ok &= kmu_expect(x->scans > 0 && x->empty > 0 && x->all_scans > 0 && x->yields > 0 &&
                       x->stalls > 0 && x->stale > 0 && x->taints > 0 && x->e_wr > 0 &&
                       (x->e_ex > 0 || x->ex_pct == 0) && x->e_scan > 0 &&
                       (x->e_rd > 0 || x->rd_pct == 0 || (NW == 64 && NR == 32)) &&
                       x->max_yields == (uint64_t)NW * NR,
                   t, x->cyc,
                   "traffic: scans (empty, all, full size), yields, stalls, stale entries, "
                   "writes into a scan, every error",
                   1, 0);
  if (getenv("KMU_COV") || !ok)
    printf("  %s: %llu scans (%llu empty, %llu all, max %llu), %llu yields, %llu stale, "
           "%llu stalls, %llu taints, err wr %llu rd %llu exit %llu scan %llu\n",
           t, (unsigned long long)x->scans, (unsigned long long)x->empty,
           (unsigned long long)x->all_scans, (unsigned long long)x->max_yields,
           (unsigned long long)x->yields, (unsigned long long)x->stale,
           (unsigned long long)x->stalls, (unsigned long long)x->taints,
           (unsigned long long)x->e_wr, (unsigned long long)x->e_rd,
           (unsigned long long)x->e_ex, (unsigned long long)x->e_scan);
  return ok;
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  rnd_ctx *x = calloc(1, sizeof *x);
  x->test = test;
  x->cycles = cycles;
  kmu_stim s = {x, rnd_init, rnd_drive, rnd_check, rnd_finish};
  int ok = kmu_lockstep_mid_reset(&kmu_dirty_rf_block, &s, test, seed, cycles);
  free(x);
  return ok;
}

/* ======================================================================== directed */
/* A directed test is a program of steps: one cycle's inputs and the outputs the spec requires
 * in that cycle. */
#define MAX_STEPS 8192
#define MAX_EXP 16
typedef kmu_dexp dexp;
typedef struct {
  kmu_dirty_rf_in in;
  unsigned n_exp;
  dexp exp[MAX_EXP];
  const char *what;
} dstep;
typedef struct {
  const char *test;
  dstep s[MAX_STEPS];
  unsigned n, pc;
} dprog;

static dstep *st(dprog *p, const char *what) {
  if (p->n >= MAX_STEPS) {
    fprintf(stderr, "directed program too long\n");
    exit(2);
  }
  dstep *s = &p->s[p->n++];
  memset(s, 0, sizeof *s);
  s->what = what;
  return s;
}
static void dexp_add(dstep *s, const char *name, size_t off, uint64_t v) {
  kmu_dexp_add(s->exp, &s->n_exp, MAX_EXP, name, off, v);
}
#define EXP(s, f, v) dexp_add((s), #f, offsetof(kmu_dirty_rf_out, f), (uint64_t)(v))

KMU_DPROG_RUNNER(kmu_dirty_rf, dprog, 1000000, KMU_DPROG_NO_HOOK)

static dprog prog;
#define PROG(test_name)    \
  dprog *p = &prog;        \
  memset(p, 0, sizeof *p); \
  p->test = (test_name)

/* distinct data per (warp, reg, version) */
static uint64_t dv(unsigned w, unsigned g, unsigned v) {
  return data_of(0x40000u + (w * 32 + g) * 16 + v);
}
static dstep *p_idle(dprog *p, const char *what) { return st(p, what); }
static dstep *p_wr(dprog *p, unsigned w, unsigned g, uint64_t data, int err, const char *what) {
  dstep *s = st(p, what);
  s->in.wr_valid_i = 1;
  s->in.wr_warp_i = w;
  s->in.wr_reg_i = g;
  s->in.wr_data_i = data;
  EXP(s, err_wr_o, err);
  return s;
}
static dstep *p_start(dprog *p, uint64_t mask, unsigned rpw, int all, int err, const char *what) {
  dstep *s = st(p, what);
  s->in.scan_start_i = 1;
  s->in.scan_wmask_i = mask;
  s->in.scan_rpw_i = rpw;
  s->in.scan_all_i = all;
  EXP(s, err_scan_o, err);
  return s;
}
/* the scan offers (w, g, data, last); ready decides whether it is taken */
static dstep *p_offer(dprog *p, unsigned w, unsigned g, uint64_t data, int last, int ready,
                      const char *what) {
  dstep *s = st(p, what);
  s->in.scan_ready_i = ready;
  EXP(s, scan_valid_o, 1);
  EXP(s, scan_warp_o, w);
  EXP(s, scan_reg_o, g);
  EXP(s, scan_data_o, data);
  EXP(s, scan_last_o, last);
  EXP(s, scan_busy_o, 1);
  return s;
}
static dstep *p_search(dprog *p, const char *what) {
  dstep *s = st(p, what);
  s->in.scan_ready_i = 1;
  EXP(s, scan_valid_o, 0);
  EXP(s, scan_busy_o, 1);
  EXP(s, scan_done_o, 0);
  return s;
}
static dstep *p_done(dprog *p, const char *what) {
  dstep *s = st(p, what);
  s->in.scan_ready_i = 1;
  EXP(s, scan_valid_o, 0);
  EXP(s, scan_busy_o, 0);
  EXP(s, scan_done_o, 1);
  return s;
}
/* dirty count of a mask */
static dstep *p_cnt(dprog *p, uint64_t mask, unsigned cnt, const char *what) {
  dstep *s = st(p, what);
  s->in.scan_wmask_i = mask;
  EXP(s, dirty_cnt_o, cnt);
  EXP(s, scan_busy_o, 0);
  return s;
}
static const uint64_t ALLW = (NW >= 64) ? ~0ull : ((1ull << NW) - 1);
#define WL (NW - 1) /* the last warp slot */
#define RL (NR - 1) /* the last register */

/* n cycles of p_search */
static void p_wait(dprog *p, int n, const char *what) {
  for (int k = 0; k < n; k++) p_search(p, what);
}

/* ---- latency: start in t, row of the first warp read in t+1, its candidates in t+2, fetched
 * in t+3, first entry in t+4; a row's last candidate waits until the reader has seen a later
 * row with a candidate (warp k of the mask is read in t+1+k here); done after the last
 * handshake; a write is counted two cycles after it, a row's count drops when it is read */
static int t_latency(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  if (NW < 3 || NR < 2) return 1;
  p_wr(p, 0, 1, dv(0, 1, 0), 0, "write (0,1)");
  p_wr(p, WL, 0, dv(WL, 0, 0), 0, "write (last warp,0)");
  p_wr(p, 0, RL, dv(0, RL, 0), 0, "write (0,last reg)");
  p_cnt(p, ALLW, 2, "the last write not counted yet");
  p_cnt(p, ALLW, 3, "three dirty");
  p_cnt(p, 1, 2, "two of them in warp 0");
  dstep *s = p_start(p, ALLW, NR, 0, 0, "start: every warp, dirty only");
  EXP(s, scan_busy_o, 0);
  EXP(s, scan_valid_o, 0);
  s = p_search(p, "t+1: read warp 0's row");
  s->in.scan_wmask_i = 1;
  EXP(s, dirty_cnt_o, 2);
  s = p_search(p, "t+2: its candidates; warp 0 counts 0");
  s->in.scan_wmask_i = 1;
  EXP(s, dirty_cnt_o, 0);
  p_search(p, "t+3: fetch (0,1)");
  p_offer(p, 0, 1, dv(0, 1, 0), 0, 1, "t+4: (0,1)");
  p_wait(p, (int)NW - 3, "(0,last reg) waits for the reader to reach the last warp");
  p_offer(p, 0, RL, dv(0, RL, 0), 0, 1, "t+NW+2: (0,last reg)");
  p_offer(p, WL, 0, dv(WL, 0, 0), 1, 1, "t+NW+3: (last warp,0), last");
  p_done(p, "done");
  p_cnt(p, ALLW, 0, "all clean");
  s = p_idle(p, "done is a pulse");
  EXP(s, scan_done_o, 0);
  return d_run(p);
}

/* ---- empty scans: nothing dirty (every row read, one a cycle); an empty mask; dirty only at
 * registers >= rpw: not yielded, and cleared with the row */
static int t_empty(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_start(p, ALLW, NR, 0, 0, "start with nothing dirty");
  p_wait(p, (int)NW + 1, "busy while the rows are read, and one cycle");
  p_done(p, "done, no entry");
  p_idle(p, "idle");
  p_start(p, 0, NR, 1, 0, "start all with an empty mask");
  p_search(p, "search");
  p_done(p, "done, no entry");
  p_wr(p, 0, RL, dv(0, RL, 1), 0, "write the last register of warp 0");
  p_start(p, 1, NR - 1 ? NR - 1 : 1, 0, NR == 1, "start with rpw = RPW - 1");
  if (NR > 1) {
    p_wait(p, 2, "read the row, its (no) candidates");
    p_done(p, "done: the dirty register is not allocated");
    p_cnt(p, 1, 0, "and its bit went with the row");
  }
  return d_run(p);
}

/* ---- every register of every warp (scan_all), ready high: one per cycle */
static int t_full_all(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  for (unsigned w = 0; w < NW; w++)
    for (unsigned g = 0; g < NR; g++) p_wr(p, w, g, dv(w, g, 2), 0, "fill");
  p_idle(p, "the last write counted from the next cycle");
  p_cnt(p, ALLW, NW * NR, "everything dirty");
  p_start(p, ALLW, NR, 1, 0, "start: all warps, all registers");
  p_wait(p, 3, "read, candidates, fetch");
  for (unsigned w = 0; w < NW; w++)
    for (unsigned g = 0; g < NR; g++)
      p_offer(p, w, g, dv(w, g, 2), w == NW - 1 && g == NR - 1, 1, "one per cycle");
  p_done(p, "done");
  p_cnt(p, ALLW, 0, "every bit cleared");
  /* scan_all of clean registers still yields them (a full save) */
  p_start(p, 1ull << WL, 1, 1, 0, "start all, last warp, rpw 1");
  p_wait(p, 3, "read, candidates, fetch");
  p_offer(p, WL, 0, dv(WL, 0, 2), 1, 1, "its clean register 0");
  p_done(p, "done");
  return d_run(p);
}

/* ---- back-pressure: the entry is held, nothing lost or duplicated */
static int t_backpressure(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_wr(p, 0, 0, dv(0, 0, 3), 0, "write (0,0)");
  p_wr(p, 0, 2, dv(0, 2, 3), 0, "write (0,2)");
  p_wr(p, WL, RL, dv(WL, RL, 3), 0, "write (last,last)");
  p_start(p, ALLW, NR, 0, 0, "start");
  p_wait(p, 3, "read, candidates, fetch");
  p_offer(p, 0, 0, dv(0, 0, 3), 0, 0, "t+4: (0,0) not taken");
  p_offer(p, 0, 0, dv(0, 0, 3), 0, 0, "(0,0) held");
  p_offer(p, 0, 0, dv(0, 0, 3), 0, 1, "t+6: (0,0) taken");
  /* (0,2), warp 0's last candidate, is fetched once the last warp's row arrived (t+NW+1) */
  p_wait(p, (int)NW - 5, "(0,2) waits for the reader");
  p_offer(p, 0, 2, dv(0, 2, 3), 0, 0, "(0,2) not taken");
  p_offer(p, 0, 2, dv(0, 2, 3), 0, 1, "(0,2) taken");
  dstep *s = p_offer(p, WL, RL, dv(WL, RL, 3), 1, 0, "(last,last) not taken");
  s->in.scan_wmask_i = ALLW;
  EXP(s, dirty_cnt_o, 0); /* every row read: cleared */
  p_offer(p, WL, RL, dv(WL, RL, 3), 1, 0, "(last,last) held");
  p_offer(p, WL, RL, dv(WL, RL, 3), 1, 1, "(last,last) taken");
  p_done(p, "done");
  p_cnt(p, ALLW, 0, "clean");
  return d_run(p);
}

/* ---- exit clears the warp; a write in the same cycle wins for its register */
static int t_exit(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  const unsigned a = WL, b = 0;
  const uint64_t ma = 1ull << a, mb = 1ull << b;
  for (unsigned g = 0; g < NR && g < 3; g++) p_wr(p, a, g, dv(a, g, 4), 0, "dirty warp a");
  const unsigned na = NR < 3 ? NR : 3;
  if (a != b) p_wr(p, b, 0, dv(b, 0, 4), 0, "dirty warp b");
  else p_idle(p, "the last write counted from the next cycle");
  p_cnt(p, ma, na, "warp a count");
  dstep *s = p_idle(p, "exit warp a");
  s->in.exit_valid_i = 1;
  s->in.exit_warp_i = a;
  EXP(s, err_exit_o, 0);
  p_cnt(p, ma, 0, "warp a clean");
  if (a != b) p_cnt(p, mb, 1, "warp b untouched");
  s = p_wr(p, a, RL, dv(a, RL, 5), 0, "exit warp a and write (a,last reg) together");
  s->in.exit_valid_i = 1;
  s->in.exit_warp_i = a;
  p_cnt(p, ma, 0, "the write is counted from two cycles after it");
  p_cnt(p, ma, 1, "the write wins for its register");
  p_start(p, ma, NR, 0, 0, "scan warp a");
  p_wait(p, 3, "read, candidates, fetch");
  p_offer(p, a, RL, dv(a, RL, 5), 1, 1, "only the written register");
  p_done(p, "done");
  if (NW < 64) {
    s = p_idle(p, "exit of a warp slot >= WARPS");
    s->in.exit_valid_i = 1;
    s->in.exit_warp_i = NW;
    EXP(s, err_exit_o, 1);
  }
  s = p_idle(p, "exit of warp 63");
  s->in.exit_valid_i = 1;
  s->in.exit_warp_i = 63;
  EXP(s, err_exit_o, NW < 64);
  return d_run(p);
}

/* ---- writes during a scan: err_wr_o, the write happens and sets the bit again.  A write in
 * the cycle the row is read, or later, is not a candidate of that row; a candidate written
 * before its fetch is handed out with the new data, one written in its fetch cycle or while
 * held with the old (read-before-write); either way its bit stays set */
static int t_wr_scan(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  if (NR < 5) return 1;
  for (unsigned g = 0; g < 5; g++)
    if (g != 2) p_wr(p, 0, g, dv(0, g, 0), 0, "dirty (0,0) (0,1) (0,3) (0,4)");
  p_start(p, 1, NR, 0, 0, "scan warp 0");
  p_wr(p, 0, 2, dv(0, 2, 1), 1, "t+1: the row is read; write (0,2): err, not a candidate");
  p_wr(p, 0, 0, dv(0, 0, 1), 1, "t+2: write (0,0) before its fetch: err");
  p_search(p, "t+3: fetch (0,0)");
  dstep *s = p_offer(p, 0, 0, dv(0, 0, 1), 0, 1, "(0,0), new data; write (0,1) as it is fetched");
  s->in.wr_valid_i = 1, s->in.wr_warp_i = 0, s->in.wr_reg_i = 1, s->in.wr_data_i = dv(0, 1, 1);
  EXP(s, err_wr_o, 1);
  p_search(p, "the fetch of (0,1) waited a cycle (no entry): it reads the new data now");
  s = p_offer(p, 0, 1, dv(0, 1, 1), 0, 0, "(0,1) new data, held; write (0,1) again: err");
  s->in.wr_valid_i = 1, s->in.wr_warp_i = 0, s->in.wr_reg_i = 1, s->in.wr_data_i = dv(0, 1, 2);
  EXP(s, err_wr_o, 1);
  s = p_offer(p, 0, 1, dv(0, 1, 1), 0, 0, "(0,1) still the data it was read with; write (0,3)");
  s->in.wr_valid_i = 1, s->in.wr_warp_i = 0, s->in.wr_reg_i = 3, s->in.wr_data_i = dv(0, 3, 1);
  EXP(s, err_wr_o, 1);
  p_offer(p, 0, 1, dv(0, 1, 1), 0, 1, "(0,1) taken");
  p_offer(p, 0, 3, dv(0, 3, 1), 0, 1, "(0,3) with the new data");
  s = p_offer(p, 0, 4, dv(0, 4, 0), 1, 1, "(0,4) last; a write to another warp: no error");
  if (NW > 1) {
    s->in.wr_valid_i = 1, s->in.wr_warp_i = 1, s->in.wr_reg_i = 0;
    s->in.wr_data_i = dv(1, 0, 1);
    EXP(s, err_wr_o, 0);
  }
  s = p_done(p, "done; a write to warp 0 now: no error");
  s->in.wr_valid_i = 1, s->in.wr_warp_i = 0, s->in.wr_reg_i = 4, s->in.wr_data_i = dv(0, 4, 1);
  EXP(s, err_wr_o, 0);
  p_cnt(p, 1, 4, "dirty: (0,0) (0,1) (0,2) (0,3) written during the scan");
  p_cnt(p, 1, 5, "and (0,4) written after it");
  p_start(p, 1, NR, 0, 0, "scan warp 0 again");
  p_wait(p, 3, "read, candidates, fetch");
  for (unsigned g = 0; g < 5; g++)
    p_offer(p, 0, g, dv(0, g, g == 1 ? 2 : 1), g == 4, 1, "new data");
  p_done(p, "done");
  p_cnt(p, 1, 0, "clean");
  return d_run(p);
}

/* ---- start while busy: refused, including in the last handshake's cycle; in the done cycle
 * a new scan starts */
static int t_start_busy(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_wr(p, 0, 0, dv(0, 0, 6), 0, "write (0,0)");
  p_wr(p, WL, RL, dv(WL, RL, 6), 0, "write (last,last)");
  p_start(p, ALLW, NR, 0, 0, "start");
  dstep *s = p_search(p, "start again in the first search cycle: refused");
  s->in.scan_start_i = 1, s->in.scan_wmask_i = ALLW, s->in.scan_rpw_i = NR;
  EXP(s, err_scan_o, 1);
  /* (0,0), warp 0's only candidate, is fetched once the last warp's row arrived (t+NW+1) */
  p_wait(p, (int)NW, "(0,0) waits for the reader");
  s = p_offer(p, 0, 0, dv(0, 0, 6), 0, 0, "start while an entry waits: refused");
  s->in.scan_start_i = 1, s->in.scan_wmask_i = 1, s->in.scan_rpw_i = 1;
  EXP(s, err_scan_o, 1);
  p_offer(p, 0, 0, dv(0, 0, 6), 0, 1, "(0,0) taken");
  s = p_offer(p, WL, RL, dv(WL, RL, 6), 1, 1, "last handshake + start: still busy, refused");
  s->in.scan_start_i = 1, s->in.scan_wmask_i = ALLW, s->in.scan_rpw_i = NR;
  s->in.scan_all_i = 1;
  EXP(s, err_scan_o, 1);
  s = p_done(p, "start in the done cycle: accepted");
  s->in.scan_start_i = 1, s->in.scan_wmask_i = 1, s->in.scan_rpw_i = 1;
  s->in.scan_all_i = 1;
  EXP(s, err_scan_o, 0);
  p_wait(p, 3, "read, candidates, fetch");
  p_offer(p, 0, 0, dv(0, 0, 6), 1, 1, "scan_all: the clean (0,0)");
  p_done(p, "done");
  return d_run(p);
}

/* ---- rpw: 0 and > RPW refused; 1 and RPW accepted */
static int t_rpw(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_wr(p, 0, 0, dv(0, 0, 7), 0, "write (0,0)");
  p_wr(p, 0, RL, dv(0, RL, 7), 0, "write (0,last)");
  dstep *s = p_start(p, 1, 0, 0, 1, "rpw 0: refused");
  s = p_idle(p, "no scan");
  EXP(s, scan_busy_o, 0);
  EXP(s, scan_done_o, 0);
  p_start(p, 1, NR + 1, 0, 1, "rpw RPW+1: refused");
  p_start(p, 1, 63, 1, 1, "rpw 63: refused");
  s = p_idle(p, "no scan");
  EXP(s, scan_busy_o, 0);
  p_start(p, 1, 1, 0, 0, "rpw 1");
  p_wait(p, 3, "read, candidates, fetch");
  p_offer(p, 0, 0, dv(0, 0, 7), 1, 1, "only register 0, the last");
  if (NR > 1) {
    p_done(p, "done");
    p_cnt(p, 1, 0, "(0,last) is not the TB's: cleared with the row");
    p_wr(p, 0, 0, dv(0, 0, 8), 0, "write (0,0)");
    p_wr(p, 0, RL, dv(0, RL, 8), 0, "write (0,last)");
    p_start(p, 1, NR, 0, 0, "rpw RPW");
    p_wait(p, 3, "read, candidates, fetch");
    p_offer(p, 0, 0, dv(0, 0, 8), 0, 1, "register 0");
    p_offer(p, 0, RL, dv(0, RL, 8), 1, 1, "the last register");
  }
  p_done(p, "done");
  p_cnt(p, 1, 0, "clean");
  return d_run(p);
}

/* ---- bad inputs: out-of-range writes and reads; an exit of a warp being scanned */
static int t_bad(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_wr(p, 0, 0, dv(0, 0, 8), 0, "write (0,0)");
  if (NW < 64) p_wr(p, NW, 0, dv(0, 0, 9), 1, "write warp WARPS: refused");
  if (NR < 32) p_wr(p, 0, NR, dv(0, 0, 9), 1, "write reg RPW: refused");
  p_wr(p, 63, 31, dv(0, 0, 9), !(NW == 64 && NR == 32), "write (63,31)");
  if (!(NW == 64 && NR == 32)) p_cnt(p, ALLW, 1, "nothing stored: one dirty register");
  dstep *s = p_idle(p, "read (0,0)");
  s->in.rd_valid_i = 1;
  EXP(s, err_rd_o, 0);
  if (NR < 32 || NW < 64) {
    s = p_idle(p, "read out of range");
    s->in.rd_valid_i = 1;
    s->in.rd_warp_i = NW < 64 ? NW : 0;
    s->in.rd_reg_i = NW < 64 ? 0 : NR;
    EXP(s, err_rd_o, 1);
    EXP(s, rd_data_o, dv(0, 0, 8));
    s = p_idle(p, "0 for the out-of-range read");
    EXP(s, rd_data_o, 0);
    s = p_idle(p, "held");
    EXP(s, rd_data_o, 0);
  }
  /* an exit of the warp being scanned is refused and changes nothing */
  p_start(p, 1, NR, 0, 0, "scan warp 0");
  s = p_search(p, "exit warp 0 while scanned: refused");
  s->in.exit_valid_i = 1, s->in.exit_warp_i = 0;
  EXP(s, err_exit_o, 1);
  p_wait(p, 2, "candidates, fetch");
  s = p_offer(p, 0, 0, dv(0, 0, 8), 1, 0, "(0,0) held; exit warp 0 again: refused");
  s->in.exit_valid_i = 1, s->in.exit_warp_i = 0;
  EXP(s, err_exit_o, 1);
  p_offer(p, 0, 0, dv(0, 0, 8), 1, 1, "(0,0) taken");
  s = p_done(p, "done; exit warp 0 now: accepted");
  s->in.exit_valid_i = 1, s->in.exit_warp_i = 0;
  EXP(s, err_exit_o, 0);
  return d_run(p);
}

/* ---- reads: registered, read-before-write, held without a read */
static int t_read(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  PROG(test);
  p_wr(p, WL, RL, dv(WL, RL, 10), 0, "write A");
  dstep *s = p_wr(p, WL, RL, dv(WL, RL, 11), 0, "read it and write B in the same cycle");
  s->in.rd_valid_i = 1, s->in.rd_warp_i = WL, s->in.rd_reg_i = RL;
  s = p_idle(p, "A (read-before-write)");
  EXP(s, rd_data_o, dv(WL, RL, 10));
  s->in.rd_valid_i = 1, s->in.rd_warp_i = WL, s->in.rd_reg_i = RL;
  s = p_idle(p, "B");
  EXP(s, rd_data_o, dv(WL, RL, 11));
  s = p_idle(p, "held without a read");
  EXP(s, rd_data_o, dv(WL, RL, 11));
  return d_run(p);
}

/* ---- bench: start -> first scan_valid_o, and the sustained rate of a full scan_all with
 * scan_ready_i high (measured on the outputs; the spec requires 4 cycles and 1 per cycle) */
typedef struct {
  const char *test;
  uint64_t start_cyc, first_cyc, last_cyc, n;
  int phase;
} bench_ctx;
static void b_init(void *c, uint64_t seed) {
  bench_ctx *b = c;
  const char *t = b->test;
  (void)seed;
  memset(b, 0, sizeof *b);
  b->test = t;
}
static int b_drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  bench_ctx *b = c;
  kmu_dirty_rf_in *i = in;
  (void)pi, (void)po;
  memset(i, 0, sizeof *i);
  i->scan_ready_i = 1;
  if (b->phase == 2) return 0;
  if (cyc < (uint64_t)NW * NR) { /* every register written first: the memory has no reset, and
                                  * a full scan hands out every register's data */
    i->wr_valid_i = 1;
    i->wr_warp_i = cyc / NR;
    i->wr_reg_i = cyc % NR;
    i->wr_data_i = kmu_hash32(cyc, 0xbe4c) & kmu_mask(P_DW);
  } else if (cyc == (uint64_t)NW * NR) {
    i->scan_start_i = 1;
    i->scan_wmask_i = ALLW;
    i->scan_rpw_i = NR;
    i->scan_all_i = 1;
  }
  return 1;
}
static int b_check(void *c, uint64_t cyc, const void *ip, const void *op) {
  bench_ctx *b = c;
  const kmu_dirty_rf_out *o = op;
  (void)ip;
  if (cyc == (uint64_t)NW * NR) b->start_cyc = cyc;
  if (o->scan_valid_o) {
    if (!b->n) b->first_cyc = cyc;
    b->n++;
    b->last_cyc = cyc;
  }
  if (o->scan_done_o) b->phase = 2;
  return 1;
}
static int b_finish(void *c) {
  bench_ctx *b = c;
  uint64_t lat = b->first_cyc - b->start_cyc, span = b->last_cyc - b->first_cyc + 1;
  if (!kmu_tb_quiet())
    printf("  bench kmu_dirty_rf WARPS=%u RPW=%u: scan_start_i -> first scan_valid_o = %llu "
           "cycles; %llu registers in %llu cycles (%.2f per cycle)\n",
           NW, NR, (unsigned long long)lat, (unsigned long long)b->n,
           (unsigned long long)span, (double)b->n / (double)span);
  int ok = KMU_EXPECT_EQ(b->test, b->last_cyc, "start -> first scan_valid_o (cycles)", 4, lat);
  ok &= KMU_EXPECT_EQ(b->test, b->last_cyc, "registers of a full scan", NW * NR, b->n);
  ok &= KMU_EXPECT_EQ(b->test, b->last_cyc, "cycles of a full scan (one per cycle)", b->n, span);
  return ok;
}
static int t_bench(const char *test, uint64_t seed, uint64_t cycles) {
  (void)seed, (void)cycles;
  bench_ctx b = {test, 0, 0, 0, 0, 0};
  kmu_stim s = {&b, b_init, b_drive, b_check, b_finish};
  return kmu_lockstep(&kmu_dirty_rf_block, &s, test, 1, 100000);
}

static const kmu_test tests[] = {
    {"latency", t_latency, 0, 0},
    {"empty", t_empty, 0, 0},
    {"full_all", t_full_all, 0, 0},
    {"backpressure", t_backpressure, 0, 0},
    {"exit", t_exit, 0, 0},
    {"wr_scan", t_wr_scan, 0, 0},
    {"start_busy", t_start_busy, 0, 0},
    {"rpw", t_rpw, 0, 0},
    {"bad", t_bad, 0, 0},
    {"read", t_read, 0, 0},
    {"bench", t_bench, 0, 0},
    {"random", t_random, 250000, 4},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_dirty_rf_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
