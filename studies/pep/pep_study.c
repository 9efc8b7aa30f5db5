/* pep_study.c - the PEP study (docs/results-pep.md): one SM of the paper configuration, the C
 * twin of the SM top kmu_sm (rtl/sm/kmu_sm.v: kmu_sm_ctrl, kmu_ctx_engine, kmu_dirty_rf,
 * kmu_pep_predictor and kmu_warp_preempt wired once, as the hardware wires them):
 *
 *   behavioural dispatcher --need/start--> kmu_sm --mem_req--> kmu_mem_port -> memory model
 *   behavioural TB runner  <--simt_* (start/done/pause/paused/evict, register writes and
 *   (this file)               reads, warp exits, shared memory, in-place store)-->
 *
 * plus a behavioural dispatcher (one kernel K1, its TBs in order), a behavioural SIMT runner
 * (executes resident TBs: register writes into kmu_dirty_rf, warp instructions to the
 * predictor, pause -> pipeline drain -> paused, evict, restore), shared memory, the on-chip
 * (in-place) store and a memory with fixed latency that takes at most one request per cycle
 * (one per MEM_II cycles: the SM's share of DRAM bandwidth when every SM preempts at once).
 *
 * Each run: K1 fills the SM; the launch hint (cudaLaunch of K2) arrives when the first wave is
 * at PROGRESS % of its TB time; the preemption request (K2 at the KMU) arrives LAUNCH us later;
 * K2 holds the SM (hold_i) until no victim TB is left plus K2_CYC; then the preempted TBs are
 * restored (registers read back through the RF's read port and compared, shared memory
 * compared) and K1 runs to completion.  Thread-block conservation is checked; any violation
 * exits non-zero.  All timing comes from the blocks (beats through the memory port).
 *
 * Usage: pep_study [options] > results.csv      (SEED env: default 1)
 *   --table F        workloads/pep/table1.csv       --config F   workloads/pep/kernels.csv
 *   --kernels A,B    subset (abbr)                  --policies P,..  drain,chimera,
 *                                                                  chimera_dirty,pep,pep_inplace
 *   --progress L     25,50,75                       --launch L   5,15,25,35 (us after the hint)
 *   --pred L         20,25,30 (PEP CSR, us)         --deadline L 5,10,15 (Chimera, us)
 *     (the grid of K1 is sized for requests up to 35 us after the hint: a later request may
 *     find K1 in its last wave or finished; such a row has n_victim 0 and latency 2 cycles)
 *   --mem-ii N (3)   --mem-lat N (300)
 *   --drop-restore N   teeth: the pipeline loses the N-th restored TB (conservation must fail)
 *   --corrupt-restore N  teeth: the memory returns the N-th register a restore reads corrupted
 *   --kernels-out F  write the derived per-kernel configuration (CSV)
 *   --header         print the CSV header first */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmu_mem_port.h"
#include "kmu_sm.h"

/* ---- paper configuration (PEP Table 2, docs/pep-interfaces.md) ---- */
#define MHZ 1216.0
#define TBS 32
#define WARPS 64
#define RPW 32
#define REG_BYTES 128
#define BEAT_BYTES 32
#define REG_BEATS (REG_BYTES / BEAT_BYTES)
#define SHMEM 98304
#define REGS 65536
#define AREA_BYTES 524288u
#define IPB 65536u
#define CTX_BASE 0x10000000u
#define STORE_WORDS (1u << 20) /* 64 areas x 512 KB / 32-byte beats */
#define BW_SHIFT 3             /* predictor: save bandwidth 8 B/cycle (worst case) */
#define DRAIN_D 6              /* pipeline drain after simt_pause: cycles to paused */
#define K2_CYC 2000            /* K2 holds the SM this long after the last victim left */
#define TAIL_CYC 4000          /* after the restore, TB remainders are compressed to this */
#define WR_PCT 50              /* SM register writes: one in WR_PCT % of cycles */
#define MAX_TB 4096
#define MAXK 32

/* ---- small helpers ---- */
static uint64_t seed_g = 1;
static uint64_t rng_s;
static uint64_t rnd(void) { /* splitmix64 */
  uint64_t z = (rng_s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static uint32_t hash32(uint64_t a, uint64_t b, uint64_t c) {
  uint64_t z = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull ^
               (c + 7) * 0x94d049bb133111ebull ^ seed_g;
  z ^= z >> 31;
  z *= 0xd6e8feb86659fd93ull;
  z ^= z >> 32;
  return (uint32_t)z;
}
static int fail_g = 0;
#define CHECK(c, ...)                                         \
  do {                                                        \
    if (!(c)) {                                             \
      fprintf(stderr, "CHECK FAILED: " __VA_ARGS__);          \
      fprintf(stderr, "\n");                                  \
      fail_g = 1;                                             \
    }                                                         \
  } while (0)

/* ---- kernels ---- */
typedef struct {
  char abbr[16];
  double launch_us, tb_us, switch_us;
  unsigned w, n;         /* warps per TB, TBs per SM */
  double shm_share;      /* share of a TB's context in shared memory */
  double live, hot;      /* live register fraction, hot (rewritten) fraction of the live ones */
  unsigned r, shm;       /* derived: warp registers per warp, shared-memory bytes per TB */
  unsigned live_r, hot_r;
  double full_kb_tb, switch_model_us;
} kernel;
static kernel kern[MAXK];
static int nkern;

static void load_kernels(const char *table, const char *config, unsigned mem_ii) {
  FILE *f = fopen(table, "r");
  if (!f) { perror(table); exit(2); }
  char line[512];
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n') continue;
    char *tok[8];
    int nt = 0;
    for (char *p = strtok(line, ",\n"); p && nt < 8; p = strtok(NULL, ",\n")) tok[nt++] = p;
    /* a malformed line is an error, not a kernel fewer */
    char *e3 = NULL, *e4 = NULL, *e5 = NULL;
    double lu = nt >= 6 ? strtod(tok[3], &e3) : 0, tu = nt >= 6 ? strtod(tok[4], &e4) : 0,
           su = nt >= 6 ? strtod(tok[5], &e5) : 0;
    if (nt < 6 || *e3 || *e4 || *e5 || tu <= 0 || su <= 0 || lu < 0) {
      fprintf(stderr, "%s: malformed line (want abbr,benchmark,kernel,launch_us,tb_exec_us,"
              "switch_us with positive times): %s\n", table, tok[0]);
      exit(2);
    }
    if (nkern == MAXK) { fprintf(stderr, "%s: more than %d kernels\n", table, MAXK); exit(2); }
    kernel *k = &kern[nkern++];
    memset(k, 0, sizeof *k);
    snprintf(k->abbr, sizeof k->abbr, "%s", tok[0]);
    k->launch_us = lu;
    k->tb_us = tu;
    k->switch_us = su;
  }
  fclose(f);
  f = fopen(config, "r");
  if (!f) { perror(config); exit(2); }
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n') continue;
    char ab[16];
    unsigned w, n;
    double sh, lv, ht;
    if (!strncmp(line, "abbr,", 5)) continue; /* the column header */
    if (sscanf(line, "%15[^,],%u,%u,%lf,%lf,%lf", ab, &w, &n, &sh, &lv, &ht) != 6) {
      fprintf(stderr, "%s: malformed line (want abbr,warps_per_tb,tbs_per_sm,shm_share,live,"
              "hot): %s", config, line);
      exit(2);
    }
    for (int i = 0; i < nkern; i++)
      if (!strcmp(kern[i].abbr, ab)) {
        kern[i].w = w; kern[i].n = n; kern[i].shm_share = sh;
        kern[i].live = lv; kern[i].hot = ht;
      }
  }
  fclose(f);
  /* Derive registers and shared memory so that the full context of all n TBs, at one beat
   * per mem_ii cycles, takes about switch_us: beats per TB b = switch_cycles / mem_ii / n
   * (minus ~6 cycles of command overhead per TB); W bitmap beats; the rest split between
   * registers (REG_BEATS per warp register) and shared memory by shm_share. */
  for (int i = 0; i < nkern; i++) {
    kernel *k = &kern[i];
    if (!k->w || !k->n) { fprintf(stderr, "no config for kernel %s\n", k->abbr); exit(2); }
    if (k->w * k->n > WARPS || k->n > TBS) { fprintf(stderr, "%s: too big\n", k->abbr); exit(2); }
    double b = (k->switch_us * MHZ / k->n - 6.0) / mem_ii - k->w;
    if (b < 0) b = 0;
    double regb = b * (1.0 - k->shm_share);
    int r = (int)(regb / (REG_BEATS * k->w) + 0.5);
    if (r < 1) r = 1;
    if (r > RPW) r = RPW;
    double shb = b - (double)r * REG_BEATS * k->w;
    if (shb < 0) shb = 0;
    unsigned shm = (unsigned)(shb + 0.5) * BEAT_BYTES;
    if (shm * k->n > SHMEM) shm = SHMEM / k->n / BEAT_BYTES * BEAT_BYTES;
    k->r = (unsigned)r;
    k->shm = shm;
    k->live_r = (unsigned)(k->live * r + 0.5);
    if (k->live_r < 1) k->live_r = 1;
    k->hot_r = (unsigned)(k->hot * k->live_r + 0.5);
    if (k->hot_r < 1) k->hot_r = 1;
    unsigned beats = k->w * k->r * REG_BEATS + k->w + (k->shm + BEAT_BYTES - 1) / BEAT_BYTES;
    k->full_kb_tb = beats * (double)BEAT_BYTES / 1024.0;
    k->switch_model_us = (double)k->n * (beats * mem_ii + 6) / MHZ;
  }
}

/* ---- per-TB identity (survives eviction) ---- */
typedef struct {
  uint32_t len, work_left, insts, insts_done;
  unsigned cold_next;           /* next cold register (index over warps x cold regs) */
  uint32_t val[WARPS][RPW];     /* value of warp index i (within the TB), register r */
  uint32_t def[WARPS];          /* bit r: register written (defined) */
  uint32_t wseq;
  int starts, dones, evicts, restores, bases;
  int victim, lost;
  /* accounting */
  uint32_t last_save_bytes, last_save_ip;
  uint64_t bytes_base, bytes_inc, bytes_ip, save_cyc;
  int64_t pause_start;
} tbrec;
static tbrec *tbv;

/* runner state per resident entry */
typedef struct {
  int valid, exiting, exit_next;
  unsigned tb;
  uint64_t wmask;
  unsigned slot[WARPS];
  int pause_seen, paused;
  int drain;
  uint32_t inst_pend, inst_phase;
} entry;

typedef struct {
  /* config of the run */
  const kernel *k;
  int policy, inplace;
  unsigned progress, launch_us, param_us;
  unsigned mem_ii, mem_lat;
  int drop_restore, corrupt_restore;
  /* blocks: the SM top and the memory port between it and the memory */
  kmu_sm sm;
  kmu_mem_port mp;
  kmu_sm_in smi;
  kmu_sm_out smo;
  kmu_mem_port_in mpi;
  kmu_mem_port_out mpo;
  /* memory model */
  uint32_t *mem, *ip;
  uint32_t ip_rd; /* the store's read register (ctxboard: a block RAM's registered read) */
  int64_t last_acc;
  struct { int64_t due; uint32_t data; } rq[1024];
  unsigned rq_h, rq_t;
  /* SIMT runner */
  entry ent[TBS];
  unsigned rr_wr, rr_inst, n_started_tb, grid;
  int exit_busy;
  /* restore check */
  int vfy_active, vfy_done;
  unsigned vfy_tb, vfy_n, vfy_i, vfy_pending_i, vfy_pending_r, vfy_pending;
  unsigned vfy_list_i[WARPS * RPW], vfy_list_r[WARPS * RPW];
  unsigned vfy_slot[WARPS];
  uint32_t shm_buf[SHMEM / BEAT_BYTES];
  uint8_t shm_got[SHMEM / BEAT_BYTES];
  unsigned restored_seen, rst_regs_read; /* restore register reads (--corrupt-restore) */
  uint32_t rst_last_reg;
  /* save bookkeeping */
  int cmd_tb, cmd_is_save;
  /* phases */
  int64_t cyc, t_hint, t_req, t_empty, t_hold_end;
  int dispatch_on, hold, open, compressed;
  uint64_t victims;
  unsigned done_count;
  int64_t restore_cyc_sum;
  int64_t rst_start;
  unsigned n_switch, n_drain, n_base, n_base_drained, n_victim;
  uint64_t bytes_base_drained;
  unsigned err_dec;
} sim;

static const char *pol_name[] = {"drain", "chimera", "chimera_dirty", "pep", "pep_inplace"};

static void sim_init(sim *s) {
  /* kmu_sm in the paper configuration: TBS WARPS REGS SHMEM EWT PTBS AREA_BYTES IPB RPW DW
   * REG_BYTES BEAT_BYTES KSLOTS EMA_SH PEP_TW */
  kmu_sm_params sp = {TBS, WARPS, REGS, SHMEM, 4, TBS, AREA_BYTES, IPB, RPW, 32,
                      REG_BYTES, BEAT_BYTES, 32, 3, 32};
  kmu_mem_port_params mp = {1};
  kmu_sm_init(&s->sm, &sp);
  kmu_mem_port_init(&s->mp, &mp);
  kmu_sm_reset(&s->sm);
  kmu_mem_port_reset(&s->mp);
}
static void sim_free(sim *s) {
  kmu_sm_free(&s->sm);
  kmu_mem_port_free(&s->mp);
}

static int owner_of(sim *s, uint64_t wmask) {
  for (int e = 0; e < TBS; e++)
    if (s->ent[e].valid && s->ent[e].wmask == wmask) return e;
  return -1;
}
static uint32_t shm_val(unsigned tb, unsigned beat) { return hash32(tb, beat, 0x5353); }

/* Run one configuration; returns 0 when the run completed with conservation intact. */
static void run_setup(sim *s) {
  const kernel *k = s->k;
  const uint32_t len_nom = (uint32_t)(k->tb_us * MHZ + 0.5);
  int64_t hint_at = (int64_t)(len_nom * (s->progress / 100.0));
  /* grid: enough waves that the kernel outlasts the latest request (35 us) by 5 us */
  double need = k->tb_us * s->progress / 100.0 + 40.0 - 0.9 * k->tb_us;
  unsigned waves = 1 + (need > 0 ? (unsigned)(need / (0.9 * k->tb_us)) + 1 : 0);
  s->grid = waves * k->n;
  if (s->grid > MAX_TB) s->grid = MAX_TB;
  memset(tbv, 0, sizeof(tbrec) * s->grid);
  rng_s = seed_g * 1000003u + (uint64_t)(k - kern) * 7919u + s->progress * 31u;
  for (unsigned t = 0; t < s->grid; t++) {
    /* TB length: nominal +-10 % (seeded, the same for every policy of this kernel/progress) */
    uint32_t j = (uint32_t)(rnd() % 2001);
    tbv[t].len = (uint32_t)(len_nom * (0.9 + 0.2 * j / 2000.0));
    if (tbv[t].len < 64) tbv[t].len = 64;
    if (t < k->n) tbv[t].len = len_nom; /* the first wave is exactly at PROGRESS at the hint */
    tbv[t].work_left = tbv[t].len;
    tbv[t].insts = tbv[t].len / k->n;
    if (tbv[t].insts == 0) tbv[t].insts = 1;
    tbv[t].pause_start = -1;
  }
  s->dispatch_on = 1;
  s->t_hint = hint_at;
  s->t_req = -1;
  s->t_empty = -1;
  s->t_hold_end = -1;
  s->cyc = 0;
}

/* Simulate cycles from s->cyc on; stops before cycle stop_before (>= 0) or when the run ends.
 * Returns 1 when the run ended (completed or failed), 0 when it stopped at stop_before. */
static int run_cycles(sim *s, int64_t stop_before) {
  const kernel *k = s->k;
  const unsigned regs_tb = k->w * 32 * k->r;
  const int pol = s->policy == 4 ? (int)KMU_POL_PEP : s->policy;
  const int64_t cap = s->t_req + 40000000;
  for (;; s->cyc++) {
    if (stop_before >= 0 && s->cyc >= stop_before) return 0;
    if (s->cyc > cap) {
      fprintf(stderr, "%s %s: no completion by cycle %lld (done %u of %u)\n", k->abbr,
              pol_name[s->policy], (long long)s->cyc, s->done_count, s->grid);
      fail_g = 1;
      break;
    }
    if (s->done_count == s->grid && s->t_empty >= 0) break;
    /* a drop-restore run: stop once nothing else can happen */
    if (s->drop_restore && s->cyc > s->t_req + 20 && s->t_hold_end >= 0 &&
        s->cyc > s->t_hold_end + 4000000) {
      fprintf(stderr, "%s: run did not complete (restore dropped)\n", k->abbr);
      fail_g = 1;
      break;
    }
    const int is_hint = s->cyc == s->t_hint;
    const int is_req = s->cyc == s->t_req;
    if (is_req) {
      s->dispatch_on = 0;
      s->hold = 1;
      s->open = 1;
      s->victims = 0;
      for (int e = 0; e < TBS; e++)
        if (s->ent[e].valid) { s->victims |= 1ull << e; tbv[s->ent[e].tb].victim = 1; s->n_victim++; }
    }
    /* ---- runner: this cycle's decisions from registered state ---- */
    /* register write (one per cycle on the RF write port) */
    int wr_e = -1;
    unsigned wr_i = 0, wr_r = 0;
    uint32_t wr_d = 0;
    if ((rnd() % 100) < WR_PCT) {
      for (int c = 0; c < TBS; c++) {
        int e = (int)((s->rr_wr + 1 + c) % TBS);
        entry *en = &s->ent[e];
        if (!en->valid || en->exiting || en->paused) continue;
        tbrec *t = &tbv[en->tb];
        unsigned cold_per = k->live_r - k->hot_r;
        unsigned cold_tot = cold_per * k->w;
        if (t->cold_next < cold_tot) {
          wr_i = t->cold_next / cold_per;
          wr_r = k->hot_r + t->cold_next % cold_per;
        } else {
          uint64_t x = rnd();
          wr_i = (unsigned)(x % k->w);
          wr_r = (unsigned)((x >> 20) % k->hot_r);
        }
        wr_e = e;
        wr_d = hash32(en->tb, (uint64_t)wr_i << 8 | wr_r, ++t->wseq);
        s->rr_wr = (unsigned)e;
        break;
      }
    }
    /* warp exit (one per cycle) */
    int ex_e = -1;
    for (int e = 0; e < TBS; e++)
      if (s->ent[e].valid && s->ent[e].exiting && s->ent[e].exit_next < (int)k->w) { ex_e = e; break; }
    /* done: an exiting TB whose warps all exited */
    int dn_e = -1;
    for (int e = 0; e < TBS; e++)
      if (s->ent[e].valid && s->ent[e].exiting && s->ent[e].exit_next >= (int)k->w) { dn_e = e; break; }
    /* instruction retire (one per cycle) */
    int in_e = -1;
    for (int c = 0; c < TBS; c++) {
      int e = (int)((s->rr_inst + 1 + c) % TBS);
      if (s->ent[e].valid && s->ent[e].inst_pend) { in_e = e; break; }
    }
    uint64_t paused = 0;
    for (int e = 0; e < TBS; e++)
      if (s->ent[e].valid && s->ent[e].paused) paused |= 1ull << e;
    /* restore check: one read per cycle */
    int rd_v = 0;
    unsigned rd_w = 0, rd_r = 0;
    if (s->vfy_active && !s->vfy_done && s->vfy_i < s->vfy_n) {
      rd_v = 1;
      rd_w = s->vfy_slot[s->vfy_list_i[s->vfy_i]];
      rd_r = s->vfy_list_r[s->vfy_i];
    }

    /* ---- wires: kmu_sm and the memory port settle together (delta cycles) ---- */
    kmu_sm_in *smi = &s->smi;
    kmu_mem_port_in *mpi = &s->mpi;
    int iter;
    for (iter = 0; iter < 20; iter++) {
      kmu_sm_in smi0 = *smi;
      kmu_mem_port_in mpi0 = *mpi;
      /* dispatcher -> kmu_sm */
      unsigned nt = s->n_started_tb;
      smi->need_warps_i = k->w;
      smi->need_regs_i = regs_tb;
      smi->need_shmem_i = k->shm;
      smi->need_ewarp_i = 0;
      smi->start_valid_i = s->dispatch_on && nt < s->grid && (s->smo.fit_o & 1);
      smi->start_ewarp_i = 0;
      smi->start_slot_i = 0;
      smi->start_tb_i = nt;
      smi->start_warps_i = k->w;
      smi->start_regs_i = regs_tb;
      smi->start_shmem_i = k->shm;
      smi->start_kptr_i = 0x1000;
      smi->start_param_i = 0;
      smi->done_ready_i = 1;
      /* configuration and events */
      smi->policy_i = (unsigned)pol;
      smi->inplace_en_i = s->inplace;
      smi->wp_en_i = 0; /* no event warps in this study */
      smi->vpol_i = smi->opt_i = 0;
      smi->ctx_base_i = CTX_BASE;
      smi->hold_i = s->hold;
      smi->pred_launch_i = (uint64_t)(s->param_us * MHZ);
      smi->deadline_i = (uint64_t)(s->param_us * MHZ);
      smi->bw_shift_i = BW_SHIFT;
      smi->hint_valid_i = is_hint;
      smi->preempt_valid_i = is_req;
      smi->kslot_clear_valid_i = s->cyc == 0;
      smi->kslot_clear_i = 0;
      /* runner <-> kmu_sm: a restored TB is taken once its registers and shared memory are
       * checked; the teeth run that drops a restore accepts it and loses it */
      int offer = (int)(s->smo.simt_start_valid_o & 1);
      int rst = offer && (s->smo.simt_start_restore_o & 1);
      smi->simt_start_ready_i = offer && (!rst || (s->vfy_active && s->vfy_done));
      {
        unsigned tb = (unsigned)s->smo.simt_start_tb_o;
        smi->simt_start_insts_i = (offer && tb < s->grid)
                                      ? (rst ? tbv[tb].insts - tbv[tb].insts_done : tbv[tb].insts)
                                      : 0;
      }
      smi->simt_done_valid_i = dn_e >= 0;
      smi->simt_done_rtb_i = dn_e >= 0 ? (unsigned)dn_e : 0;
      smi->simt_inst_valid_i = in_e >= 0;
      smi->simt_inst_rtb_i = in_e >= 0 ? (unsigned)in_e : 0;
      smi->simt_paused_i = paused;
      smi->simt_wstart_valid_i = 0; /* warps are tracked for warp-level preemption only */
      smi->simt_wstart_warp_i = smi->simt_wstart_regs_i = 0;
      smi->simt_wexit_valid_i = ex_e >= 0;
      smi->simt_wexit_warp_i = ex_e >= 0 ? s->ent[ex_e].slot[s->ent[ex_e].exit_next] : 0;
      smi->rf_wr_valid_i = wr_e >= 0;
      smi->rf_wr_warp_i = wr_e >= 0 ? s->ent[wr_e].slot[wr_i] : 0;
      smi->rf_wr_reg_i = wr_e >= 0 ? wr_r : 0;
      smi->rf_wr_data_i = wr_e >= 0 ? wr_d : 0;
      smi->rf_rd_valid_i = rd_v;
      smi->rf_rd_warp_i = rd_w;
      smi->rf_rd_reg_i = rd_r;
      {
        uint32_t a = (uint32_t)s->smo.shm_raddr_o;
        smi->shm_rdata_i = s->cmd_tb >= 0 ? shm_val((unsigned)s->cmd_tb, a / BEAT_BYTES) : 0;
        smi->ip_rdata_i = s->ip_rd; /* the word of last cycle's ip_ren_o */
      }
      smi->mem_req_ready_i = s->mpo.req_ready_o & 1;
      smi->mem_rsp_valid_i = s->mpo.rsp_valid_o & 1;
      smi->mem_rsp_rdata_i = s->mpo.rsp_rdata_o;
      smi->w_live_i = smi->w_inpipe_i = smi->w_ld_i = smi->w_bar_i = smi->w_ibuf_i = 0;
      smi->w_icmiss_i = 0;
      smi->rsave_ready_i = smi->rsave_done_i = smi->ev_done_i = 0;
      smi->rrest_ready_i = smi->rrest_done_i = 0;
      if (!iter || memcmp(&smi0, smi, sizeof smi0)) kmu_sm_comb(&s->sm, smi, &s->smo);
      /* kmu_sm -> mem port */
      mpi->req_valid_i = s->smo.mem_req_valid_o & 1;
      mpi->req_write_i = s->smo.mem_req_write_o & 1;
      mpi->req_addr_i[0] = s->smo.mem_req_addr_o & 0xffffffffu;
      mpi->req_wdata_i[0] = s->smo.mem_req_wdata_o & 0xffffffffu;
      mpi->mem_ready_i = (s->cyc - s->last_acc) >= (int64_t)s->mem_ii;
      mpi->mem_rvalid_i = s->rq_h != s->rq_t && s->rq[s->rq_h % 1024].due <= s->cyc;
      mpi->mem_rdata_i = mpi->mem_rvalid_i ? s->rq[s->rq_h % 1024].data : 0;
      mpi->mem_rclient_i = 0;
      if (!iter || memcmp(&mpi0, mpi, sizeof mpi0)) kmu_mem_port_comb(&s->mp, mpi, &s->mpo);
      if (!memcmp(&smi0, smi, sizeof smi0) && !memcmp(&mpi0, mpi, sizeof mpi0) && iter > 0)
        break;
    }
    if (iter == 20) { fprintf(stderr, "combinational network does not settle\n"); exit(3); }

    /* nothing can happen any more (e.g. a restored TB was lost): stop, conservation decides.
     * Judged on this cycle's settled outputs, not on s->smo as it stands at the top of the
     * cycle (the previous cycle's, from before the edge): a TB the controller accepted at the
     * last edge is resident but not offered until this cycle (simt_start_valid_o in t+1), and
     * the stale outputs showed neither; stopping then lost the grid's last TB whenever it was
     * started into an empty SM (a request in K1's last wave). */
    if (!s->hold && s->t_empty >= 0 && s->n_started_tb >= s->grid && !s->vfy_active &&
        !(s->smo.pre_busy_o & 1) && !(s->smo.ptb_count_o & 0xff) &&
        !(s->smo.simt_start_valid_o & 1)) {
      int any = 0;
      for (int e = 0; e < TBS; e++) any |= s->ent[e].valid;
      if (!any && s->done_count < s->grid) break;
    }

    /* ---- errors the blocks report ---- */
    CHECK(!(s->smo.err_overflow_o & 1), "%s cyc %lld: sm_ctrl err_overflow", k->abbr, (long long)s->cyc);
    CHECK(!(s->smo.err_done_o & 1), "%s cyc %lld: sm_ctrl err_done", k->abbr, (long long)s->cyc);
    if (s->smo.err_dec_o & 1) s->err_dec++;
    /* the teeth run that drops a restore leaves the predictor tracking the lost TB: its
     * refusals are expected there */
    const uint64_t pr_err = 0x1full << KMU_SM_ERR_PR_START; /* the predictor's five bits */
    CHECK(!(s->smo.err_o & (s->drop_restore ? ~pr_err : ~0ull)),
          "%s cyc %lld: kmu_sm err_o %#llx (ctx engine, register file, predictor)", k->abbr,
          (long long)s->cyc, (unsigned long long)s->smo.err_o);
    if (fail_g) return 1;

    /* ---- observe the handshakes of this cycle (state changes at the edge) ---- */
    /* memory request accepted by the memory */
    if ((s->mpo.mem_valid_o & 1) && (s->mpi.mem_ready_i & 1)) {
      s->last_acc = s->cyc;
      uint32_t a = (uint32_t)s->mpo.mem_addr_o;
      uint32_t idx = (a - CTX_BASE) >> 5;
      CHECK(a >= CTX_BASE && idx < STORE_WORDS && (a & 31) == 0, "bad memory address %08x", a);
      if (fail_g) return 1;
      if (s->mpo.mem_write_o & 1) s->mem[idx] = (uint32_t)s->mpo.mem_wdata_o;
      else {
        s->rq[s->rq_t % 1024].due = s->cyc + s->mem_lat;
        s->rq[s->rq_t % 1024].data = s->mem[idx];
        /* teeth: every beat of the N-th register a restore reads comes back corrupted (the
         * register region of the area layout, kmu_ctx_engine's header) */
        uint32_t off = (a - CTX_BASE) % AREA_BYTES, bmap_b = WARPS * BEAT_BYTES;
        if (s->corrupt_restore && off >= bmap_b && off < bmap_b + WARPS * RPW * REG_BYTES) {
          uint32_t reg = a / REG_BYTES;
          if (!s->rst_regs_read || reg != s->rst_last_reg) s->rst_regs_read++;
          s->rst_last_reg = reg;
          if (s->rst_regs_read == (unsigned)s->corrupt_restore)
            s->rq[s->rq_t % 1024].data ^= 0x80000000u;
        }
        s->rq_t++;
      }
    }
    if (s->mpi.mem_rvalid_i & 1) s->rq_h++;
    if (s->smo.ip_wen_o & 1) {
      uint32_t ia = (uint32_t)s->smo.ip_addr_o >> 5;
      if (ia < STORE_WORDS) s->ip[ia] = (uint32_t)s->smo.ip_wdata_o;
    }
    { /* the store reads like a block RAM (ctxboard): next cycle's ip_rdata_i */
      uint32_t ia = (uint32_t)s->smo.ip_addr_o >> 5;
      s->ip_rd = (s->smo.ip_ren_o & 1) && ia < STORE_WORDS ? s->ip[ia] : 0;
    }
    if (s->smo.shm_wen_o & 1) {
      unsigned b = (unsigned)s->smo.shm_waddr_o / BEAT_BYTES;
      if (b < SHMEM / BEAT_BYTES) { s->shm_buf[b] = (uint32_t)s->smo.shm_wdata_o; s->shm_got[b] = 1; }
    }
    /* ctx command accepted: whose */
    if ((s->smo.ctx_cmd_valid_o & 1) && (s->smo.ctx_cmd_ready_o & 1)) {
      unsigned op = (unsigned)s->smo.ctx_cmd_op_o;
      s->cmd_is_save = op != KMU_CTX_OP_RESTORE;
      if (s->cmd_is_save) {
        int e = owner_of(s, s->smo.ctx_cmd_wmask_o);
        CHECK(e >= 0, "save command for an unknown warp mask");
        if (fail_g) return 1;
        s->cmd_tb = (int)s->ent[e].tb;
        tbv[s->cmd_tb].last_save_ip = (unsigned)(s->smo.ctx_cmd_inplace_o & 1);
      } else {
        s->cmd_tb = -1;
        if (s->rst_start < 0) s->rst_start = s->cyc;
      }
    }
    if ((s->smo.ctx_done_o & 1) && s->cmd_is_save && s->cmd_tb >= 0) {
      tbv[s->cmd_tb].last_save_bytes = (uint32_t)s->smo.ctx_done_bytes_o;
    }
    /* register write performed by the runner */
    if (wr_e >= 0 && (s->smo.rf_wr_ready_o & 1)) {
      tbrec *t = &tbv[s->ent[wr_e].tb];
      unsigned cold_tot = (k->live_r - k->hot_r) * k->w;
      if (t->cold_next < cold_tot) t->cold_next++;
      t->val[wr_i][wr_r] = wr_d;
      t->def[wr_i] |= 1u << wr_r;
    }
    /* restore check read data (rd_data_o is the read of the previous cycle) */
    if (s->vfy_pending) {
      tbrec *t = &tbv[s->vfy_tb];
      uint32_t got = (uint32_t)s->smo.rf_rd_data_o;
      uint32_t exp = t->val[s->vfy_pending_i][s->vfy_pending_r];
      CHECK(got == exp, "%s TB %u: restored register (warp %u, reg %u) = %08x, saved %08x",
            k->abbr, s->vfy_tb, s->vfy_pending_i, s->vfy_pending_r, got, exp);
      s->vfy_pending = 0;
      if (fail_g) return 1;
    }
    if (rd_v) {
      s->vfy_pending = 1;
      s->vfy_pending_i = s->vfy_list_i[s->vfy_i];
      s->vfy_pending_r = s->vfy_list_r[s->vfy_i];
      s->vfy_i++;
    }
    if (s->vfy_active && !s->vfy_done && s->vfy_i >= s->vfy_n && !rd_v && !s->vfy_pending)
      s->vfy_done = 1;
    /* a restored TB offered: start the check */
    if ((s->smo.simt_start_valid_o & 1) && (s->smo.simt_start_restore_o & 1) && !s->vfy_active) {
      unsigned tb = (unsigned)s->smo.simt_start_tb_o;
      CHECK(tb < s->grid && tbv[tb].evicts == tbv[tb].restores + 1,
            "%s: restore offered for TB %u that is not preempted", k->abbr, tb);
      if (fail_g) return 1;
      s->vfy_active = 1;
      s->vfy_done = 0;
      s->vfy_tb = tb;
      s->vfy_n = s->vfy_i = 0;
      uint64_t wm = s->smo.simt_start_wmask_o;
      unsigned i = 0;
      for (unsigned w = 0; w < WARPS; w++)
        if (wm >> w & 1) s->vfy_slot[i++] = w;
      CHECK(i == k->w, "restored TB %u has %u warps", tb, i);
      for (i = 0; i < k->w; i++)
        for (unsigned r = 0; r < k->r; r++)
          if (tbv[tb].def[i] >> r & 1) {
            s->vfy_list_i[s->vfy_n] = i;
            s->vfy_list_r[s->vfy_n++] = r;
          }
      /* shared memory: every beat written by the restore(s) equals the saved content */
      unsigned nb = (k->shm + BEAT_BYTES - 1) / BEAT_BYTES;
      for (unsigned b = 0; b < nb; b++) {
        CHECK(s->shm_got[b] && s->shm_buf[b] == shm_val(tb, b),
              "%s TB %u: restored shared-memory beat %u wrong", k->abbr, tb, b);
        s->shm_got[b] = 0;
      }
      if (fail_g) return 1;
    }
    /* start handshake */
    if ((s->smi.simt_start_ready_i & 1) && (s->smo.simt_start_valid_o & 1)) {
      unsigned e = (unsigned)s->smo.simt_start_rtb_o;
      unsigned tb = (unsigned)s->smo.simt_start_tb_o;
      int rst = (int)(s->smo.simt_start_restore_o & 1);
      CHECK(e < TBS && !s->ent[e].valid && tb < s->grid, "bad start entry %u tb %u", e, tb);
      CHECK(s->smo.simt_start_rpw_o == k->r, "rpw %llu != %u", (unsigned long long)s->smo.simt_start_rpw_o, k->r);
      if (fail_g) return 1;
      if (rst) {
        s->vfy_active = 0;
        s->restored_seen++;
        tbv[tb].restores++;
        if (s->rst_start >= 0) { s->restore_cyc_sum += s->cyc - s->rst_start; s->rst_start = -1; }
      } else {
        tbv[tb].starts++;
      }
      if (rst && s->drop_restore && s->restored_seen == (unsigned)s->drop_restore) {
        tbv[tb].lost = 1; /* teeth: the pipeline loses this TB */
      } else {
        entry *en = &s->ent[e];
        memset(en, 0, sizeof *en);
        en->valid = 1;
        en->tb = tb;
        en->wmask = s->smo.simt_start_wmask_o;
        unsigned i = 0;
        for (unsigned w = 0; w < WARPS; w++)
          if (en->wmask >> w & 1) en->slot[i++] = w;
        en->inst_phase = e % k->n;
        if (s->compressed && tbv[tb].work_left > TAIL_CYC) tbv[tb].work_left = TAIL_CYC;
      }
    }
    if (s->smi.start_valid_i & 1) s->n_started_tb++;
    /* evict */
    if (s->smo.simt_evict_valid_o & 1) {
      unsigned e = (unsigned)s->smo.simt_evict_rtb_o;
      entry *en = &s->ent[e];
      CHECK(en->valid && en->paused, "evict of entry %u that is not paused", e);
      if (fail_g) return 1;
      tbrec *t = &tbv[en->tb];
      t->evicts++;
      t->bytes_inc += t->last_save_bytes;
      if (t->last_save_ip) t->bytes_ip += t->last_save_bytes;
      t->save_cyc += (uint64_t)(s->cyc + 1 - t->pause_start);
      t->pause_start = -1;
      s->n_switch++;
      en->valid = 0;
    }
    /* runner state for next cycle */
    uint64_t pause = s->smo.simt_pause_o;
    for (int e = 0; e < TBS; e++) {
      entry *en = &s->ent[e];
      if (!en->valid) continue;
      tbrec *t = &tbv[en->tb];
      if (e == dn_e) {
        t->dones++;
        s->done_count++;
        if (t->victim && !t->evicts) s->n_drain++;
        if (t->pause_start >= 0) t->pause_start = -1;
        if (t->bases && !t->evicts) { s->n_base_drained += t->bases; s->bytes_base_drained += t->bytes_base; }
        en->valid = 0;
        continue;
      }
      if (e == ex_e) en->exit_next++;
      if (e == in_e) en->inst_pend--;
      int pz = (int)(pause >> e & 1);
      if (pz && !en->pause_seen && !en->exiting) {
        en->pause_seen = 1;
        en->drain = DRAIN_D;
        t->pause_start = s->cyc + 1;
      }
      if (en->pause_seen && !pz) { /* base checkpoint done: resume */
        if (en->paused) {
          t->bases++;
          s->n_base++;
          t->bytes_base += t->last_save_bytes;
          t->save_cyc += (uint64_t)(s->cyc + 1 - t->pause_start);
        }
        t->pause_start = -1;
        en->pause_seen = en->paused = 0;
      }
      if (en->pause_seen && !en->paused) {
        if (en->drain > 0) en->drain--;
        else en->paused = 1;
      }
      if (!en->pause_seen && !en->exiting) {
        if (t->work_left > 0) {
          t->work_left--;
          uint32_t prog = t->len - t->work_left;
          if (prog % k->n == en->inst_phase && t->insts_done < t->insts) {
            t->insts_done++;
            en->inst_pend++;
          }
        }
        if (t->work_left == 0) { en->exiting = 1; en->exit_next = 0; }
      }
    }
    if (in_e >= 0) s->rr_inst = (unsigned)in_e;
    /* preemption progress */
    if (s->open) {
      int any = 0;
      for (int e = 0; e < TBS; e++) any |= s->ent[e].valid;
      if (!any && !(s->smo.pre_busy_o & 1) && !is_req && s->cyc > s->t_req + 1) {
        s->t_empty = s->cyc;
        s->t_hold_end = s->cyc + K2_CYC;
        s->open = 0;
      }
    }
    if (s->hold && s->t_hold_end >= 0 && s->cyc >= s->t_hold_end) {
      s->hold = 0;
      s->dispatch_on = 1;
      s->compressed = 1;
      for (unsigned t = 0; t < s->grid; t++)
        if (tbv[t].work_left > TAIL_CYC) tbv[t].work_left = TAIL_CYC;
    }

    kmu_sm_tick(&s->sm);
    kmu_mem_port_tick(&s->mp);
  }
  return 1;
}

static int run_finish(sim *s, FILE *out) {
  const kernel *k = s->k;
  if (fail_g && !s->drop_restore) return 1;

  /* ---- conservation ---- */
  int bad = 0;
  uint64_t bb = 0, bi = 0, bip = 0, sc = 0;
  for (unsigned t = 0; t < s->grid; t++) {
    tbrec *r = &tbv[t];
    if (r->starts != 1 || r->dones != 1 || r->evicts != r->restores || r->lost) {
      if (bad < 5)
        fprintf(stderr, "CONSERVATION %s %s: TB %u started %d, done %d, evicted %d, restored %d%s\n",
                k->abbr, pol_name[s->policy], t, r->starts, r->dones, r->evicts, r->restores,
                r->lost ? " (restore dropped)" : "");
      bad++;
    }
    if (r->evicts) { bb += r->bytes_base; bi += r->bytes_inc; bip += r->bytes_ip; sc += r->save_cyc; }
  }
  CHECK((s->smo.ptb_count_o & 0xff) == 0, "preempted TBs left in the table");
  if (bad) fail_g = 1;
  if (fail_g) return 1;
  if (s->t_empty < 0) return 1;
  fprintf(out,
          "%s,%s,%.0f,%u,%u,%u,%lld,%llu,%llu,%llu,%llu,%llu,%u,%u,%u,%u,%llu,%u,%lld,%u,%lld\n",
          k->abbr, pol_name[s->policy], MHZ, s->progress, s->launch_us, s->param_us,
          (long long)(s->t_empty - s->t_req), (unsigned long long)(bb + bi - bip),
          (unsigned long long)bb, (unsigned long long)bi, (unsigned long long)bip,
          (unsigned long long)sc, s->n_switch, s->n_drain, s->n_base, s->n_victim,
          (unsigned long long)s->bytes_base_drained, s->n_base_drained,
          (long long)s->restore_cyc_sum, s->grid, (long long)s->cyc);
  fflush(out);
  return 0;
}

/* Deep copy of a simulation (the blocks' heap arrays included) into an initialised one. */
static void copy_fifo(kmu_fifo *d, const kmu_fifo *f) {
  uint64_t *m = d->mem_q;
  *d = *f;
  d->mem_q = m;
  memcpy(m, f->mem_q, f->p.depth * sizeof *m);
}
/* the SM top's heap arrays: the controller's done FIFO and the register file */
static void copy_sm(kmu_sm *d, const kmu_sm *s) {
  kmu_sm_ctrl *dc = &d->u_sm_ctrl;
  const kmu_sm_ctrl *sc = &s->u_sm_ctrl;
  kmu_fifo f = dc->u_done_fifo;
  uint64_t *rm = d->u_dirty_rf.rf_mem;
  *d = *s;
  dc->u_done_fifo = f;
  copy_fifo(&dc->u_done_fifo, &sc->u_done_fifo);
  d->u_dirty_rf.rf_mem = rm;
  memcpy(rm, s->u_dirty_rf.rf_mem, (size_t)WARPS * RPW * sizeof *rm);
}
static void sim_copy(sim *d, const sim *s) {
  kmu_sm sm = d->sm;
  kmu_mem_port mp = d->mp;
  memcpy(d, s, sizeof *d);
  d->sm = sm;
  copy_sm(&d->sm, &s->sm);
  d->mp = mp;
  copy_fifo(&d->mp.u_aw_fifo, &s->mp.u_aw_fifo);
  copy_fifo(&d->mp.u_tag_fifo, &s->mp.u_tag_fifo);
  {
    kmu_fifo a = d->mp.u_aw_fifo, b = d->mp.u_tag_fifo;
    d->mp = s->mp;
    d->mp.u_aw_fifo = a; d->mp.u_tag_fifo = b;
  }
}

static int parse_list(const char *s, unsigned *v, int max) {
  int n = 0;
  char buf[256];
  snprintf(buf, sizeof buf, "%s", s);
  for (char *p = strtok(buf, ","); p && n < max; p = strtok(NULL, ",")) v[n++] = (unsigned)atoi(p);
  return n;
}

int main(int argc, char **argv) {
  const char *table = "workloads/pep/table1.csv", *config = "workloads/pep/kernels.csv";
  const char *ksel = NULL, *kout = NULL;
  char psel[256] = "chimera,chimera_dirty,pep,pep_inplace";
  unsigned prog[8] = {25, 50, 75}, lau[8] = {5, 15, 25, 35}, pred[8] = {20, 25, 30},
           dl[8] = {5, 10, 15};
  int nprog = 3, nlau = 4, npred = 3, ndl = 3;
  unsigned mem_ii = 3, mem_lat = 300;
  int drop = 0, corrupt = 0, header = 0;
  const char *se = getenv("SEED");
  if (se) seed_g = strtoull(se, NULL, 0);
  for (int a = 1; a < argc; a++) {
    const char *o = argv[a];
    const char *v = a + 1 < argc ? argv[a + 1] : "";
    if (!strcmp(o, "--table")) table = v, a++;
    else if (!strcmp(o, "--config")) config = v, a++;
    else if (!strcmp(o, "--kernels")) ksel = v, a++;
    else if (!strcmp(o, "--policies")) snprintf(psel, sizeof psel, "%s", v), a++;
    else if (!strcmp(o, "--progress")) nprog = parse_list(v, prog, 8), a++;
    else if (!strcmp(o, "--launch")) nlau = parse_list(v, lau, 8), a++;
    else if (!strcmp(o, "--pred")) npred = parse_list(v, pred, 8), a++;
    else if (!strcmp(o, "--deadline")) ndl = parse_list(v, dl, 8), a++;
    else if (!strcmp(o, "--mem-ii")) mem_ii = (unsigned)atoi(v), a++;
    else if (!strcmp(o, "--mem-lat")) mem_lat = (unsigned)atoi(v), a++;
    else if (!strcmp(o, "--drop-restore")) drop = atoi(v), a++;
    else if (!strcmp(o, "--corrupt-restore")) corrupt = atoi(v), a++;
    else if (!strcmp(o, "--kernels-out")) kout = v, a++;
    else if (!strcmp(o, "--header")) header = 1;
    else { fprintf(stderr, "unknown option %s (see the head of studies/pep/pep_study.c)\n", o); return 2; }
  }
  if (mem_ii < 1) mem_ii = 1;
  load_kernels(table, config, mem_ii);
  if (kout) {
    FILE *f = fopen(kout, "w");
    if (!f) { perror(kout); return 2; }
    fprintf(f, "kernel,tb_us,switch_us_paper,warps_per_tb,tbs_per_sm,rpw,shmem_bytes,live_regs,"
               "hot_regs,full_kb_per_tb,full_switch_us_model\n");
    for (int i = 0; i < nkern; i++) {
      kernel *k = &kern[i];
      fprintf(f, "%s,%.1f,%.1f,%u,%u,%u,%u,%u,%u,%.2f,%.2f\n", k->abbr, k->tb_us, k->switch_us,
              k->w, k->n, k->r, k->shm, k->live_r, k->hot_r, k->full_kb_tb, k->switch_model_us);
    }
    fclose(f);
  }
  if (header)
    printf("kernel,policy,mhz,progress,launch_us,param_us,latency_cyc,bytes_total,bytes_base,"
           "bytes_inc,bytes_ip,save_cyc,n_switch,n_drain,n_base,n_victim,bytes_base_drained,"
           "n_base_drained,restore_cyc,grid,cycles\n");
  tbv = calloc(MAX_TB, sizeof *tbv);
  tbrec *tbsnap = calloc(MAX_TB, sizeof *tbsnap);
  sim *s = calloc(1, sizeof *s), *b0 = calloc(1, sizeof *b0);
  uint32_t *mem = calloc(STORE_WORDS, 4), *ip = calloc(STORE_WORDS, 4);
  if (!tbv || !tbsnap || !s || !b0 || !mem || !ip) { fprintf(stderr, "out of memory\n"); return 2; }
  sim_init(s);
  sim_init(b0);
  if (ksel) { /* every name given must be a kernel of the table */
    char buf[256];
    snprintf(buf, sizeof buf, "%s", ksel);
    for (char *p = strtok(buf, ","); p; p = strtok(NULL, ",")) {
      int known = 0;
      for (int i = 0; i < nkern; i++) known |= !strcmp(p, kern[i].abbr);
      if (!known) { fprintf(stderr, "--kernels: no kernel %s in %s\n", p, table); return 2; }
    }
  }
  int runs = 0, failed = 0;
  for (int ki = 0; ki < nkern && !failed; ki++) {
    if (ksel) {
      char buf[256], *p;
      int hit = 0;
      snprintf(buf, sizeof buf, "%s", ksel);
      for (p = strtok(buf, ","); p; p = strtok(NULL, ",")) hit |= !strcmp(p, kern[ki].abbr);
      if (!hit) continue;
    }
    for (int a = 0; a < nprog && !failed; a++) {
      /* K1 up to the launch hint: the same for every policy and parameter (no decision is
       * taken before the hint), simulated once and copied */
      {
        kmu_sm sm = b0->sm;
        kmu_mem_port mp = b0->mp;
        memset(b0, 0, sizeof *b0);
        b0->sm = sm;
        b0->mp = mp;
      }
      kmu_sm_reset(&b0->sm);
      kmu_mem_port_reset(&b0->mp);
      b0->mem = mem;
      b0->ip = ip;
      b0->k = &kern[ki];
      b0->policy = 3;
      b0->progress = prog[a];
      b0->mem_ii = mem_ii;
      b0->mem_lat = mem_lat;
      b0->drop_restore = drop;
      b0->corrupt_restore = corrupt;
      b0->cmd_tb = -1;
      b0->rst_start = -1;
      b0->last_acc = -1000;
      run_setup(b0);
      if (run_cycles(b0, b0->t_hint)) {
        fprintf(stderr, "FAILED before the hint: kernel %s progress %u\n", kern[ki].abbr, prog[a]);
        failed = 1;
        break;
      }
      memcpy(tbsnap, tbv, sizeof *tbv * b0->grid);
      uint64_t rng0 = rng_s;
      for (int pi = 0; pi < 5 && !failed; pi++) {
        char buf[256], *p;
        int hit = 0;
        snprintf(buf, sizeof buf, "%s", psel);
        for (p = strtok(buf, ","); p; p = strtok(NULL, ",")) hit |= !strcmp(p, pol_name[pi]);
        if (!hit) continue;
        const unsigned *par = (pi == 1 || pi == 2) ? dl : pred;
        int npar = (pi == 1 || pi == 2) ? ndl : npred;
        unsigned zero = 0;
        if (pi == 0) { par = &zero; npar = 1; }
        for (int bi = 0; bi < nlau && !failed; bi++)
          for (int c = 0; c < npar && !failed; c++) {
            sim_copy(s, b0);
            memcpy(tbv, tbsnap, sizeof *tbv * b0->grid);
            rng_s = rng0;
            s->policy = pi;
            s->inplace = pi == 4;
            s->launch_us = lau[bi];
            s->param_us = par[c];
            s->t_req = s->t_hint + (int64_t)(lau[bi] * MHZ);
            int r = run_cycles(s, -1);
            (void)r;
            r = run_finish(s, stdout);
            runs++;
            if (r || fail_g) {
              failed++;
              fprintf(stderr, "FAILED run: kernel %s policy %s progress %u launch %u param %u SEED=%llu\n",
                      kern[ki].abbr, pol_name[pi], prog[a], lau[bi], par[c],
                      (unsigned long long)seed_g);
            }
          }
      }
    }
  }
  sim_free(s);
  sim_free(b0);
  free(tbsnap);
  fprintf(stderr, "pep_study: %d runs, %d failed\n", runs, failed);
  free(tbv);
  free(s);
  free(b0);
  free(mem);
  free(ip);
  return failed ? 1 : 0;
}
