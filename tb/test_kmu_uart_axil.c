/* test_kmu_uart_axil.c - lockstep and scoreboard tests of kmu_uart_axil (rtl/fpga/kmu_uart_axil.v
 * with kmu_uart_rx and kmu_uart_tx; protocol: docs/blocks/kmu_uart_axil.md).
 *
 * The test plays both neighbours of the bridge:
 *   - the host on the serial line: a sequence of episodes, each a request or a piece of bad
 *     input (garbage command bytes, bad checksums, frames cut short, bytes with a bad stop bit,
 *     breaks, glitches, bytes sent while the bridge is busy, out-of-range arguments), drawn by
 *     the seed and serialised bit by bit at the bridge's bit time (random gaps inside frames,
 *     below the timeout);
 *   - an AXI4-Lite slave: a 64-word memory with byte strobes and an error rule on the address,
 *     random AWREADY / WREADY / ARREADY and random response delays, don't-care inputs random.
 * The scoreboard knows from each episode alone, written from the protocol description and never
 * from the model, which AXI transaction it must cause (address, data, strobe: checked at every
 * handshake, and none for the others) and which answer bytes must come back: it decodes the
 * bridge's serial output with its own UART receiver (start and stop bits checked) and compares
 * every byte, checksum included; the error counters are checked after every episode and in
 * every STATS answer.  The next episode starts when the last one's answers are all in (the
 * protocol is request / answer).  The RTL starts from random power-up state (kmu_tb.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_tb.h"
#include "kmu_uart_axil.h"

static const kmu_uart_axil_params params = {P_CLK_HZ, P_BAUD, P_AW, P_TO_BITS, P_VERSION};
#define KMU_CUR_IN kmu_uart_axil_in
#define KMU_CUR_OUT kmu_uart_axil_out
KMU_BLOCK(kmu_uart_axil, KMU_UART_AXIL_IN, KMU_UART_AXIL_OUT, &params)

typedef kmu_uart_axil_in in_t;
typedef kmu_uart_axil_out out_t;

#define MEMW 64    /* words of the AXI slave's memory */
#define SEGS 256   /* line segments of one episode */
#define EXPQ 1024  /* expected answer bytes */
#define NCNT 6     /* error counters, in STATS order */
/* random cycles: about 250 episodes at the board's bit time, more at the fast one */
#define RND_CYCLES ((P_CLK_HZ + P_BAUD / 2) / P_BAUD > 50 ? 8000000 : 1000000)

/* episode kinds */
enum {
  E_PING, E_WRITE, E_READ, E_STATS, E_BADCMD, E_CHECKSUM, E_TRUNC, E_FRAMING, E_FRAMING_MID,
  E_BREAK, E_BREAK_MID, E_GLITCH, E_RANGE, E_OVERRUN, E_NOISE, E_KINDS
};
static const char *kind_name[E_KINDS] = {
    "ping", "write", "read", "stats", "bad command", "checksum", "truncated", "framing",
    "framing mid-frame", "break", "break mid-frame", "glitch", "range", "overrun", "noise"};
/* counter index of each error code (code - 1) */
enum { C_BADCMD, C_CHK, C_TIMEOUT, C_FRAME, C_OVR, C_RANGE };

typedef struct {
  unsigned lvl;
  uint64_t len;
} seg_t;

typedef struct ctx ctx;
struct ctx {
  const char *test;
  uint64_t seed;
  kmu_rng rng;
  unsigned div;
  uint64_t to_cyc;
  int (*pick)(ctx *x); /* the next episode kind, -1: the test is over */
  int mix;             /* random AXI slave mixes (else always ready, no delay) */
  uint64_t end;        /* cycles of the run: no episode starts too close to it */
  unsigned n_ep;       /* episodes started */
  unsigned fixed_kind; /* directed tests */
  /* the host's line */
  seg_t seg[SEGS];
  unsigned seg_n, seg_k;
  uint64_t pos;              /* line cycles of the episode put so far */
  uint64_t byte_at[16];      /* where each byte of the last frame starts */
  uint64_t flip[32];         /* line cycles of the episode inverted (noise), ascending */
  unsigned flip_n, flip_k;
  uint64_t line_cyc;         /* line cycles of the episode driven so far */
  /* latency (the RTL header's): the start-bit edge of a request's last byte in cycle e ->
   * AWVALID / ARVALID in e + 5 + DIV/2 + 9 DIV; a PING / STATS answer's start bit on tx_o in
   * e + 6 + DIV/2 + 9 DIV (synchroniser 2, middle of the stop bit, the receiver's register,
   * the engine's, the transmitter's) */
  int lat_kind; /* 0 none, 1 the AXI valid, 2 the answer's start bit */
  uint64_t lat_at;
  uint64_t n_lat;
  int ep_live;     /* an episode is on the line or awaiting its answers */
  uint64_t quiet;  /* the next episode may start from this cycle */
  unsigned gap_max; /* in-frame gap between bytes, cycles */
  /* what the episode must cause */
  int kind;
  int exp_w, exp_r; /* an AXI write / read is expected (not yet seen) */
  uint64_t exp_addr, exp_data, exp_strb;
  unsigned n_aw, n_wd, n_ar; /* handshakes in this episode */
  unsigned char expq[EXPQ];
  unsigned exp_h, exp_t;
  unsigned cnt[NCNT];       /* reference error counters */
  uint32_t ref_mem[MEMW];   /* the scoreboard's picture of the slave memory */
  /* the AXI slave */
  uint32_t mem[MEMW];
  unsigned p_aw, p_w, p_ar, dly_max;
  uint64_t next_mix;
  int aw_got, w_got, b_pend, r_pend;
  uint64_t s_awaddr, s_wdata, s_wstrb, b_at, b_resp, r_at, r_data, r_resp;
  /* previous cycle (valid held until ready) */
  int aw_stall, w_stall, ar_stall;
  uint64_t p_awaddr, p_wdata, p_wstrb, p_araddr;
  /* the scoreboard's UART receiver on tx_o */
  int dec_on;
  uint64_t dec_t;
  unsigned dec_byte;
  /* coverage */
  uint64_t n_kind[E_KINDS], n_werr, n_rerr, n_ans_bytes;
  /* input bit coverage */
  uint64_t *c1, *c0;
};

static const kmu_fld in_flds[] = {
    {"rx_i", offsetof(in_t, rx_i), 1, 0},
    {"m_awready_i", offsetof(in_t, m_awready_i), 1, 0},
    {"m_wready_i", offsetof(in_t, m_wready_i), 1, 0},
    {"m_bvalid_i", offsetof(in_t, m_bvalid_i), 1, 0},
    {"m_bresp_i", offsetof(in_t, m_bresp_i), 2, 0},
    {"m_arready_i", offsetof(in_t, m_arready_i), 1, 0},
    {"m_rvalid_i", offsetof(in_t, m_rvalid_i), 1, 0},
    {"m_rdata_i", offsetof(in_t, m_rdata_i), 32, 0},
    {"m_rresp_i", offsetof(in_t, m_rresp_i), 2, 0},
};
#define N_FLDS (sizeof in_flds / sizeof in_flds[0])

/* ---------------------------------------------------------------- the AXI slave's rules */
static int err_addr(uint64_t a) { return (a & 3) != 0 || ((a >> 2) & 15) == 15 || a >= 0x1000; }
static unsigned mem_word(uint64_t a) { return (unsigned)(a >> 2) % MEMW; }
static uint32_t strb_mask(uint64_t s) {
  uint32_t m = 0;
  for (unsigned b = 0; b < 4; b++)
    if ((s >> b) & 1) m |= 0xffu << (8 * b);
  return m;
}
static void mem_write(uint32_t *mem, uint64_t a, uint64_t d, uint64_t s) {
  const uint32_t m = strb_mask(s);
  mem[mem_word(a)] = (mem[mem_word(a)] & ~m) | ((uint32_t)d & m);
}

/* ---------------------------------------------------------------- the host's line */
static void put(ctx *x, unsigned lvl, uint64_t len) {
  if (!len) return;
  x->pos += len;
  if (x->seg_n && x->seg[x->seg_n - 1].lvl == lvl) {
    x->seg[x->seg_n - 1].len += len;
    return;
  }
  if (x->seg_n >= SEGS) {
    fprintf(stderr, "test_kmu_uart_axil: episode too long\n");
    exit(2);
  }
  x->seg[x->seg_n].lvl = lvl;
  x->seg[x->seg_n++].len = len;
}
/* one 8N1 byte; stop = 0 makes a framing error */
static void put_byte(ctx *x, unsigned b, unsigned stop) {
  put(x, 0, x->div);
  for (unsigned k = 0; k < 8; k++) put(x, (b >> k) & 1, x->div);
  put(x, stop, x->div);
}
/* bytes of a frame, with random gaps below the timeout between them */
static void put_frame(ctx *x, const unsigned char *f, unsigned n) {
  for (unsigned k = 0; k < n; k++) {
    if (k && kmu_rng_pct(&x->rng, 30)) put(x, 1, kmu_rng_below(&x->rng, x->gap_max + 1));
    if (k < 16) x->byte_at[k] = x->pos;
    put_byte(x, f[k], 1);
  }
}

/* ---------------------------------------------------------------- expected answers */
static void exp_push(ctx *x, unsigned b) {
  x->expq[x->exp_t++ % EXPQ] = (unsigned char)b;
}
/* an answer: its bytes and the checksum that makes the sum 0 */
static void exp_answer(ctx *x, const unsigned char *a, unsigned n) {
  unsigned s = 0;
  for (unsigned k = 0; k < n; k++) exp_push(x, a[k]), s += a[k];
  exp_push(x, (256 - (s & 0xff)) & 0xff);
}
static void exp_err(ctx *x, unsigned code) {
  const unsigned char a[2] = {KMU_UA_ANS_ERR, (unsigned char)code};
  unsigned *c = &x->cnt[code - 1];
  if (*c < 255) (*c)++;
  exp_answer(x, a, 2);
}
static unsigned frame_sum(const unsigned char *f, unsigned n) {
  unsigned s = 0;
  for (unsigned k = 0; k < n; k++) s += f[k];
  return s & 0xff;
}

/* an address: mostly words of the slave's window, sometimes unaligned or above it */
static uint64_t rnd_addr(ctx *x) {
  uint64_t a = kmu_rng_below(&x->rng, MEMW) << 2;
  if (kmu_rng_pct(&x->rng, 8)) a |= kmu_rng_below(&x->rng, 4);
  if (kmu_rng_pct(&x->rng, 8)) a = kmu_rng_bits(&x->rng, P_AW);
  return a & kmu_mask(P_AW);
}

/* a well-formed request frame of kind k (PING, WRITE, READ, STATS) into f; its length */
static unsigned mk_frame(ctx *x, int k, unsigned char *f, uint64_t *addr, uint64_t *data,
                         uint64_t *strb) {
  unsigned n = 0;
  *addr = rnd_addr(x);
  *data = kmu_rng_bits(&x->rng, 32);
  *strb = kmu_rng_pct(&x->rng, 50) ? 0xf : kmu_rng_bits(&x->rng, 4);
  switch (k) {
    case E_PING: f[n++] = KMU_UA_CMD_PING; break;
    case E_STATS: f[n++] = KMU_UA_CMD_STATS; break;
    case E_WRITE:
      f[n++] = KMU_UA_CMD_WRITE;
      for (int b = 3; b >= 0; b--) f[n++] = (unsigned char)(*addr >> (8 * b));
      for (int b = 3; b >= 0; b--) f[n++] = (unsigned char)(*data >> (8 * b));
      f[n++] = (unsigned char)*strb;
      break;
    default:
      f[n++] = KMU_UA_CMD_READ;
      for (int b = 3; b >= 0; b--) f[n++] = (unsigned char)(*addr >> (8 * b));
      break;
  }
  f[n] = (unsigned char)(256 - frame_sum(f, n));
  return n + 1;
}

/* the answer a well-formed request must get, and the AXI transaction it must cause */
static void exp_request(ctx *x, int k, uint64_t addr, uint64_t data, uint64_t strb) {
  unsigned char a[8];
  switch (k) {
    case E_PING:
      a[0] = KMU_UA_CMD_PING | KMU_UA_ANS_BIT, a[1] = KMU_UA_PING_MAGIC;
      a[2] = P_VERSION, a[3] = P_AW;
      exp_answer(x, a, 4);
      break;
    case E_STATS:
      a[0] = KMU_UA_CMD_STATS | KMU_UA_ANS_BIT;
      for (unsigned c = 0; c < NCNT; c++) a[1 + c] = (unsigned char)x->cnt[c];
      exp_answer(x, a, 7);
      break;
    case E_WRITE:
      x->exp_w = 1, x->exp_addr = addr, x->exp_data = data, x->exp_strb = strb;
      a[0] = KMU_UA_CMD_WRITE | KMU_UA_ANS_BIT, a[1] = err_addr(addr) ? 2 : 0;
      if (!err_addr(addr)) mem_write(x->ref_mem, addr, data, strb);
      x->n_werr += (uint64_t)err_addr(addr);
      exp_answer(x, a, 2);
      break;
    default: {
      const uint32_t d = err_addr(addr) ? 0 : x->ref_mem[mem_word(addr)];
      x->exp_r = 1, x->exp_addr = addr;
      a[0] = KMU_UA_CMD_READ | KMU_UA_ANS_BIT, a[1] = err_addr(addr) ? 2 : 0;
      for (int b = 0; b < 4; b++) a[2 + b] = (unsigned char)(d >> (8 * (3 - b)));
      x->n_rerr += (uint64_t)err_addr(addr);
      exp_answer(x, a, 6);
      break;
    }
  }
}

/* one episode on the line and in the scoreboard */
static void start_episode(ctx *x, int kind, uint64_t cyc) {
  unsigned char f[16];
  uint64_t addr, data, strb;
  int rk = (int)kmu_rng_below(&x->rng, 4); /* a request kind: PING WRITE READ STATS */
  unsigned n;
  x->seg_n = x->seg_k = 0;
  x->pos = x->line_cyc = 0;
  x->flip_n = x->flip_k = 0;
  x->lat_kind = 0;
  x->kind = kind;
  x->exp_w = x->exp_r = 0;
  x->n_aw = x->n_wd = x->n_ar = 0;
  x->n_kind[kind]++;
  switch (kind) {
    case E_PING: case E_WRITE: case E_READ: case E_STATS:
      n = mk_frame(x, kind, f, &addr, &data, &strb);
      put_frame(x, f, n);
      exp_request(x, kind, addr, data, strb);
      x->lat_kind = (kind == E_WRITE || kind == E_READ) ? 1 : 2;
      x->lat_at = cyc + x->byte_at[n - 1] + 5 + x->div / 2 + 9ull * x->div + (x->lat_kind == 2);
      break;
    case E_BADCMD: {
      unsigned b;
      do b = (unsigned)kmu_rng_bits(&x->rng, 8);
      while (b >= KMU_UA_CMD_PING && b <= KMU_UA_CMD_STATS);
      put_byte(x, b, 1);
      exp_err(x, KMU_UA_ERR_BADCMD);
      break;
    }
    case E_CHECKSUM: {
      n = mk_frame(x, rk, f, &addr, &data, &strb);
      const unsigned at = 1 + (unsigned)kmu_rng_below(&x->rng, n - 1);
      f[at] = (unsigned char)(f[at] + 1 + kmu_rng_below(&x->rng, 255));
      put_frame(x, f, n);
      exp_err(x, KMU_UA_ERR_CHECKSUM);
      break;
    }
    case E_TRUNC:
      n = mk_frame(x, rk, f, &addr, &data, &strb);
      put_frame(x, f, 1 + (unsigned)kmu_rng_below(&x->rng, n - 1));
      exp_err(x, KMU_UA_ERR_TIMEOUT);
      break;
    case E_FRAMING:
      put_byte(x, (unsigned)kmu_rng_bits(&x->rng, 8), 0);
      exp_err(x, KMU_UA_ERR_FRAMING);
      break;
    case E_FRAMING_MID:
      n = mk_frame(x, rk, f, &addr, &data, &strb);
      put_frame(x, f, 1 + (unsigned)kmu_rng_below(&x->rng, n - 1));
      put_byte(x, (unsigned)kmu_rng_bits(&x->rng, 8), 0);
      exp_err(x, KMU_UA_ERR_FRAMING);
      break;
    case E_BREAK_MID:
      n = mk_frame(x, rk, f, &addr, &data, &strb);
      put_frame(x, f, 1 + (unsigned)kmu_rng_below(&x->rng, n - 1));
      /* fall through */
    case E_BREAK:
      put(x, 0, x->div * (11 + kmu_rng_below(&x->rng, 40)) + kmu_rng_below(&x->rng, x->div));
      put(x, 1, x->div); /* the mark after the break the protocol asks for: one bit time */
      exp_err(x, KMU_UA_ERR_FRAMING);
      break;
    case E_GLITCH:
      /* one low cycle on an idle line: outvoted in the middle of the would-be start bit */
      put(x, 0, 1);
      put(x, 1, x->div * 2);
      break;
    case E_RANGE: {
      const int wr = P_AW >= 32 || kmu_rng_pct(&x->rng, 50);
      n = mk_frame(x, wr ? E_WRITE : E_READ, f, &addr, &data, &strb);
      if (wr && (P_AW >= 32 || kmu_rng_pct(&x->rng, 50)))
        f[9] = (unsigned char)(f[9] | (1 + kmu_rng_below(&x->rng, 15)) << 4); /* strobe */
      else /* an address bit at or above AW */
        f[1 + (unsigned)kmu_rng_below(&x->rng, (32 - P_AW + 7) / 8)] |=
            (unsigned char)(1u << kmu_rng_below(&x->rng, 8));
      if (P_AW < 32) {
        /* make sure a bit above AW is set in the address (the byte chosen may hold low bits) */
        const uint64_t a = (uint64_t)f[1] << 24 | f[2] << 16 | f[3] << 8 | f[4];
        if (!(a >> P_AW) && !(wr && (f[9] >> 4))) f[1] |= 0x80;
      }
      f[n - 1] = (unsigned char)(256 - frame_sum(f, n - 1));
      put_frame(x, f, n);
      exp_err(x, KMU_UA_ERR_RANGE);
      break;
    }
    case E_NOISE: {
      /* a request with one-cycle spikes inside data bits, at most one per byte: each flips one
       * of the three samples of a majority vote at most, so the request must go through */
      n = mk_frame(x, rk, f, &addr, &data, &strb);
      put_frame(x, f, n);
      for (unsigned k = 0; k < n && x->flip_n < 32; k++)
        if (kmu_rng_pct(&x->rng, 60))
          /* anywhere in the bit, or (half the time) near its sampling window: the middle of
           * the bit plus the two-cycle synchroniser delay */
          x->flip[x->flip_n++] = x->byte_at[k] + x->div * (1 + kmu_rng_below(&x->rng, 8)) +
                                 (kmu_rng_pct(&x->rng, 50) ? kmu_rng_below(&x->rng, x->div)
                                                           : x->div / 2 + kmu_rng_below(&x->rng, 5));
      exp_request(x, rk, addr, data, strb);
      break;
    }
    default: { /* E_OVERRUN: a request, then 1-2 bytes at once while it is executed */
      const unsigned extra = 1 + (unsigned)kmu_rng_below(&x->rng, 2);
      n = mk_frame(x, rk, f, &addr, &data, &strb);
      put_frame(x, f, n);
      for (unsigned k = 0; k < extra; k++) put_byte(x, (unsigned)kmu_rng_bits(&x->rng, 8), 1);
      exp_request(x, rk, addr, data, strb);
      for (unsigned k = 0; k < extra; k++) exp_err(x, KMU_UA_ERR_OVERRUN);
      break;
    }
  }
  x->ep_live = 1;
}

/* ---------------------------------------------------------------- harness hooks */
static void ctx_init(void *c, uint64_t seed) {
  ctx *x = c;
  uint64_t *c1 = x->c1, *c0 = x->c0;
  const char *test = x->test;
  int (*pick)(ctx *) = x->pick;
  const unsigned fixed = x->fixed_kind;
  const int mix = x->mix;
  const uint64_t end = x->end;
  memset(x, 0, sizeof *x);
  x->c1 = c1, x->c0 = c0, x->test = test, x->pick = pick, x->fixed_kind = fixed, x->mix = mix;
  x->end = end;
  x->seed = seed;
  kmu_rng_seed(&x->rng, seed);
  x->div = kmu_uart_axil_div(&params);
  x->to_cyc = (uint64_t)x->div * P_TO_BITS;
  x->gap_max = (P_TO_BITS - 12) * x->div;
  for (unsigned k = 0; k < MEMW; k++) x->mem[k] = x->ref_mem[k] = (uint32_t)kmu_hash32(seed, k);
  x->p_aw = x->p_w = x->p_ar = 100;
  x->dly_max = 0;
}

static void new_mix(ctx *x, uint64_t cyc) {
  static const unsigned pct[] = {100, 50, 10, 3};
  x->p_aw = pct[kmu_rng_below(&x->rng, 4)];
  x->p_w = pct[kmu_rng_below(&x->rng, 4)];
  x->p_ar = pct[kmu_rng_below(&x->rng, 4)];
  x->dly_max = (unsigned)kmu_rng_below(&x->rng, 3) * 20;
  x->next_mix = cyc + 20000 + kmu_rng_below(&x->rng, 100000);
}

static int drive(void *c, uint64_t cyc, const void *pi, const void *po, void *in) {
  ctx *x = c;
  in_t *i = in;
  (void)pi, (void)po;
  if (x->mix && cyc == x->next_mix) new_mix(x, cyc);
  /* the line: the next episode once the last one is answered and the line is quiet */
  if (x->ep_live && x->seg_k >= x->seg_n && x->exp_h == x->exp_t && !x->b_pend && !x->r_pend &&
      !x->exp_w && !x->exp_r) {
    x->ep_live = 0;
    x->quiet = cyc + kmu_rng_below(&x->rng, 4 * (uint64_t)x->div + 1);
  }
  /* the longest episode (an overrun after a WRITE, slow slave) fits in the margin */
  const uint64_t margin = (uint64_t)x->div * (P_TO_BITS + 400) + 2000;
  if (!x->ep_live && cyc >= x->quiet && cyc + margin < x->end) {
    const int k = x->pick(x);
    if (k < 0) return 0;
    start_episode(x, k, cyc);
    x->n_ep++;
    if (getenv("KMU_TRACE_EP") && !kmu_tb_quiet())
      printf("  cycle %llu: episode %u %s\n", (unsigned long long)cyc, x->n_ep, kind_name[k]);
  }
  i->rx_i = 1;
  if (x->seg_k < x->seg_n) {
    i->rx_i = x->seg[x->seg_k].lvl;
    if (x->flip_k < x->flip_n && x->flip[x->flip_k] == x->line_cyc) i->rx_i ^= 1, x->flip_k++;
    x->line_cyc++;
    if (--x->seg[x->seg_k].len == 0) x->seg_k++;
  }
  /* the AXI slave: random readies, responses after a random delay, random don't-cares */
  i->m_awready_i = kmu_rng_pct(&x->rng, x->p_aw);
  i->m_wready_i = kmu_rng_pct(&x->rng, x->p_w);
  i->m_arready_i = kmu_rng_pct(&x->rng, x->p_ar);
  i->m_bvalid_i = x->b_pend && cyc >= x->b_at;
  i->m_bresp_i = i->m_bvalid_i ? x->b_resp : kmu_rng_bits(&x->rng, 2);
  i->m_rvalid_i = x->r_pend && cyc >= x->r_at;
  i->m_rresp_i = i->m_rvalid_i ? x->r_resp : kmu_rng_bits(&x->rng, 2);
  i->m_rdata_i = i->m_rvalid_i ? x->r_data : kmu_rng_bits(&x->rng, 32);
  if (x->c1) kmu_fcov_add(in_flds, N_FLDS, i, x->c1, x->c0);
  return 1;
}

/* the scoreboard's UART receiver: a byte each time a stop bit is sampled */
static int decode(ctx *x, uint64_t cyc, unsigned tx) {
  const char *t = x->test;
  int ok = 1;
  if (!x->dec_on) {
    if (!tx) x->dec_on = 1, x->dec_t = cyc, x->dec_byte = 0;
    return 1;
  }
  const uint64_t el = cyc - x->dec_t, half = x->div / 2;
  if (el < half || (el - half) % x->div) return 1;
  const uint64_t bit = (el - half) / x->div;
  if (bit == 0) {
    ok &= KMU_EXPECT_EQ(t, cyc, "answer: start bit low in its middle", 0, tx);
  } else if (bit <= 8) {
    x->dec_byte |= tx << (bit - 1);
  } else {
    ok &= KMU_EXPECT_EQ(t, cyc, "answer: stop bit high", 1, tx);
    x->dec_on = 0;
    x->n_ans_bytes++;
    if (x->exp_h == x->exp_t) {
      ok &= kmu_expect(0, t, cyc, "answer byte when none is expected", 0, x->dec_byte);
    } else {
      char what[96];
      snprintf(what, sizeof what, "answer byte (episode %u, %s)", x->n_ep,
               kind_name[x->kind]);
      ok &= KMU_EXPECT_EQ(t, cyc, what, x->expq[x->exp_h % EXPQ], x->dec_byte);
      x->exp_h++;
    }
  }
  return ok;
}

static int check(void *c, uint64_t cyc, const void *ip, const void *op) {
  ctx *x = c;
  const in_t *i = ip;
  const out_t *o = op;
  const char *t = x->test;
  int ok = 1;

  /* AXI: a valid is held, with its payload, until its handshake */
  if (x->aw_stall)
    ok &= KMU_EXPECT_EQ(t, cyc, "AWVALID held", 1, o->m_awvalid_o) &&
          KMU_EXPECT_EQ(t, cyc, "AWADDR held", x->p_awaddr, o->m_awaddr_o);
  if (x->w_stall)
    ok &= KMU_EXPECT_EQ(t, cyc, "WVALID held", 1, o->m_wvalid_o) &&
          KMU_EXPECT_EQ(t, cyc, "WDATA held", x->p_wdata, o->m_wdata_o) &&
          KMU_EXPECT_EQ(t, cyc, "WSTRB held", x->p_wstrb, o->m_wstrb_o);
  if (x->ar_stall)
    ok &= KMU_EXPECT_EQ(t, cyc, "ARVALID held", 1, o->m_arvalid_o) &&
          KMU_EXPECT_EQ(t, cyc, "ARADDR held", x->p_araddr, o->m_araddr_o);
  x->aw_stall = o->m_awvalid_o && !i->m_awready_i;
  x->w_stall = o->m_wvalid_o && !i->m_wready_i;
  x->ar_stall = o->m_arvalid_o && !i->m_arready_i;
  x->p_awaddr = o->m_awaddr_o, x->p_wdata = o->m_wdata_o, x->p_wstrb = o->m_wstrb_o;
  x->p_araddr = o->m_araddr_o;

  /* AXI handshakes: exactly the transaction the episode asks for */
  if (o->m_awvalid_o && i->m_awready_i) {
    ok &= kmu_expect(x->exp_w && x->n_aw == 0, t, cyc, "AW handshake only for a WRITE request",
                     1, x->n_aw);
    ok &= KMU_EXPECT_EQ(t, cyc, "AWADDR of the request", x->exp_addr, o->m_awaddr_o);
    x->n_aw++, x->aw_got = 1, x->s_awaddr = o->m_awaddr_o;
  }
  if (o->m_wvalid_o && i->m_wready_i) {
    ok &= kmu_expect(x->exp_w && x->n_wd == 0, t, cyc, "W handshake only for a WRITE request", 1,
                     x->n_wd);
    ok &= KMU_EXPECT_EQ(t, cyc, "WDATA of the request", x->exp_data, o->m_wdata_o);
    ok &= KMU_EXPECT_EQ(t, cyc, "WSTRB of the request", x->exp_strb, o->m_wstrb_o);
    x->n_wd++, x->w_got = 1, x->s_wdata = o->m_wdata_o, x->s_wstrb = o->m_wstrb_o;
  }
  if (x->aw_got && x->w_got) {
    x->aw_got = x->w_got = 0;
    x->b_pend = 1;
    x->b_at = cyc + 1 + (x->dly_max ? kmu_rng_below(&x->rng, x->dly_max) : 0);
    x->b_resp = err_addr(x->s_awaddr) ? 2 : 0;
    if (!err_addr(x->s_awaddr)) mem_write(x->mem, x->s_awaddr, x->s_wdata, x->s_wstrb);
  }
  if (i->m_bvalid_i && o->m_bready_o) x->b_pend = 0, x->exp_w = 0;
  if (o->m_arvalid_o && i->m_arready_i) {
    ok &= kmu_expect(x->exp_r && x->n_ar == 0, t, cyc, "AR handshake only for a READ request", 1,
                     x->n_ar);
    ok &= KMU_EXPECT_EQ(t, cyc, "ARADDR of the request", x->exp_addr, o->m_araddr_o);
    x->n_ar++;
    x->r_pend = 1;
    x->r_at = cyc + 1 + (x->dly_max ? kmu_rng_below(&x->rng, x->dly_max) : 0);
    x->r_resp = err_addr(o->m_araddr_o) ? 2 : 0;
    x->r_data = err_addr(o->m_araddr_o) ? 0 : x->mem[mem_word(o->m_araddr_o)];
  }
  if (i->m_rvalid_i && o->m_rready_o) x->r_pend = 0, x->exp_r = 0;
  ok &= kmu_expect(!(o->m_bready_o && o->m_rready_o), t, cyc, "BREADY and RREADY at once", 0, 1);

  if ((x->lat_kind == 1 && (o->m_awvalid_o || o->m_arvalid_o)) || (x->lat_kind == 2 && !o->tx_o)) {
    ok &= KMU_EXPECT_EQ(t, cyc, x->lat_kind == 1 ? "latency: last request byte -> AXI valid"
                                                 : "latency: last request byte -> answer",
                        x->lat_at, cyc);
    x->lat_kind = 0;
    x->n_lat++;
  }
  ok &= decode(x, cyc, (unsigned)o->tx_o);

  /* once an episode is answered: the counters are the reference's */
  if (x->ep_live && x->seg_k >= x->seg_n && x->exp_h == x->exp_t && !x->exp_w && !x->exp_r) {
    const uint64_t got[NCNT] = {o->cnt_badcmd_o, o->cnt_chk_o, o->cnt_timeout_o,
                                o->cnt_frame_o,  o->cnt_ovr_o, o->cnt_range_o};
    static const char *nm[NCNT] = {"cnt_badcmd_o", "cnt_chk_o", "cnt_timeout_o",
                                   "cnt_frame_o",  "cnt_ovr_o", "cnt_range_o"};
    for (unsigned k = 0; k < NCNT; k++) ok &= KMU_EXPECT_EQ(t, cyc, nm[k], x->cnt[k], got[k]);
  }
  return ok;
}

/* conservation: every answer byte that was due came, every transaction was made */
static int finish(void *c) {
  ctx *x = c;
  const char *t = x->test;
  int ok = 1;
  ok &= KMU_EXPECT_EQ(t, 0, "answer bytes still due at the end", 0, x->exp_t - x->exp_h);
  ok &= KMU_EXPECT_EQ(t, 0, "AXI transactions still due at the end", 0, x->exp_w + x->exp_r);
  return ok;
}

/* ---------------------------------------------------------------- tests */
static int pick_random(ctx *x) {
  /* requests half the time, the rest spread over the kinds of bad input */
  if (kmu_rng_pct(&x->rng, 50)) return (int)kmu_rng_below(&x->rng, 4);
  return 4 + (int)kmu_rng_below(&x->rng, E_KINDS - 4);
}

static int run(ctx *x, const char *test, uint64_t seed, uint64_t cycles) {
  kmu_stim s = {x, ctx_init, drive, check, finish};
  x->test = test;
  x->end = cycles;
  /* the random test: one reset mid-run (kmu_tb.h) */
  return (x->mix ? kmu_lockstep_mid_reset : kmu_lockstep)(&kmu_uart_axil_block, &s, test, seed,
                                                         cycles);
}

static int t_random(const char *test, uint64_t seed, uint64_t cycles) {
  ctx *x = calloc(1, sizeof *x);
  const unsigned slots = kmu_fcov_slots(in_flds, N_FLDS);
  uint64_t *c1 = calloc(slots, sizeof *c1), *c0 = calloc(slots, sizeof *c0);
  x->c1 = c1, x->c0 = c0, x->pick = pick_random, x->mix = 1;
  int ok = run(x, test, seed, cycles);
  if (ok) {
    for (unsigned k = 0; k < E_KINDS; k++)
      ok &= kmu_expect(x->n_kind[k] > 0, test, 0, kind_name[k], 1, x->n_kind[k]);
    ok &= kmu_expect(x->n_werr > 0, test, 0, "write answered SLVERR", 1, x->n_werr);
    ok &= kmu_expect(x->n_rerr > 0, test, 0, "read answered SLVERR", 1, x->n_rerr);
    ok &= kmu_expect(x->n_lat > 0, test, 0, "latencies measured", 1, x->n_lat);
    ok &= kmu_fcov_check(test, 0, in_flds, N_FLDS, c1, c0);
  }
  if (getenv("KMU_COV")) {
    printf("  coverage: episodes=%u answer bytes=%llu", x->n_ep,
           (unsigned long long)x->n_ans_bytes);
    for (unsigned k = 0; k < E_KINDS; k++)
      printf(" %s=%llu", kind_name[k], (unsigned long long)x->n_kind[k]);
    printf("\n");
  }
  free(c1), free(c0), free(x);
  return ok;
}

/* every kind of episode once, in order, against a slave that is always ready */
static int pick_each(ctx *x) { return x->n_ep < E_KINDS ? (int)x->n_ep : -1; }
static int t_each(const char *test, uint64_t seed, uint64_t cycles) {
  ctx *x = calloc(1, sizeof *x);
  (void)cycles;
  x->pick = pick_each;
  int ok = run(x, test, seed, 400000ull * kmu_uart_axil_div(&params));
  ok &= KMU_EXPECT_EQ(test, 0, "every kind of episode ran", E_KINDS, x->n_ep);
  free(x);
  return ok;
}

/* the counters saturate at 255: 260 of one error kind, then STATS (fixed_kind; a bad
 * command, a checksum error, a framing error, a range error) */
static int pick_sat(ctx *x) {
  if (x->n_ep < 260) return (int)x->fixed_kind;
  return x->n_ep == 260 ? E_STATS : -1;
}
static int sat(const char *test, uint64_t seed, unsigned kind, unsigned cidx) {
  ctx *x = calloc(1, sizeof *x);
  x->pick = pick_sat;
  x->fixed_kind = kind;
  int ok = run(x, test, seed, 2000000ull * kmu_uart_axil_div(&params));
  ok &= KMU_EXPECT_EQ(test, 0, "episodes", 261, x->n_ep);
  ok &= KMU_EXPECT_EQ(test, 0, "counter saturated", 255, x->cnt[cidx]);
  free(x);
  return ok;
}
static int t_sat_badcmd(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  return sat(test, seed, E_BADCMD, C_BADCMD);
}
static int t_sat_chk(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  return sat(test, seed, E_CHECKSUM, C_CHK);
}
static int t_sat_frame(const char *test, uint64_t seed, uint64_t cycles) {
  (void)cycles;
  return sat(test, seed, E_FRAMING, C_FRAME);
}

static const kmu_test tests[] = {
    {"each", t_each, 0, 0},
    {"sat_badcmd", t_sat_badcmd, 0, 0},
    {"sat_chk", t_sat_chk, 0, 0},
    {"sat_frame", t_sat_frame, 0, 0},
    {"random", t_random, RND_CYCLES, 2},
};

int main(int argc, char **argv) {
  return kmu_test_main(&kmu_uart_axil_block, tests, sizeof tests / sizeof tests[0], argc, argv);
}
