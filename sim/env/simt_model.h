/* simt_model.h - behavioural SIMT pipeline of one SM (stands in for the RTL-less SIMT cores
 * in the EDGE warp-level preemption tests and study).
 *
 * Paper: EDGE IV-C/IV-D (victim warp, the four flushing optimizations, SIMT stack, registers
 * saved or reserved), VI-B (Fig. 11 stall causes).  The controller interface is
 * docs/edge-wp-interfaces.md; every per-slot status bit and control of that page is a bit of
 * a uint64_t mask here (bit w = warp slot w, WARPS <= 64).
 *
 * What is modelled, per warp slot:
 *   - a synthetic program per kernel (seeded, precomputed at simt_kernel_add): ALU ops with a
 *     fixed latency each (4..alu_short_max, alu_long_pct% up to alu_long_max), loads (latency
 *     drawn at issue: ld_hit_pct% ld_hit_lat, else uniform ld_lat_min..ld_lat_max), stores,
 *     memory barriers, a TB barrier every bar_every instructions, divergent branches (a
 *     data-dependent split of the active mask over the next div_len instructions, both paths
 *     run, reconvergence after them) and an implicit EXIT after `len` instructions.  PCs
 *     count instructions: kernel k's code is at simt_kernel_pc(k) .. + len.
 *   - a SIMT stack of {pc, mask, rpc} entries (base entry, divergent paths, the event entry);
 *   - an i-buffer of `ibuf` decoded instructions, filled by fetch (one instruction per warp
 *     per cycle; a fetch misses the i-cache with probability icm_permille, then waits
 *     icm_penalty cycles); fetch holds behind a branch or the end of a divergent path until
 *     it issues, and stops at the EXIT;
 *   - a scoreboard: an instruction issues only when none of its source or destination
 *     registers is pending (dep_pct% of ALU/store instructions read the last load's
 *     destination, the "next instruction depends on the load" knob);
 *   - in-order issue, out-of-order completion: every issued ALU/load/store op stays in the
 *     warp's in-flight list until its write-back (w_inpipe); loads also hold an MSHR
 *     (`mshrs` per SM) and w_ld; a TB barrier, a memory barrier and the EXIT wait for the
 *     warp's memory ops to complete before they issue;
 *   - registers: nregs 32-bit values per warp (one lane's worth), initialised from (kernel,
 *     TB tag, warp index); write-backs compute reg[d] = hash(pc, sources, active mask), loads
 *     hash(pc, address register, mask) - the final registers are a pure function of the
 *     program, so any lost, repeated or corrupted instruction shows;
 *   - `nsched` GTO schedulers (slot % nsched), one issue each per cycle, priority: event warps,
 *     then boosted victims, then the greedy warp, then the oldest.
 * Per warp and cycle the stall cause (simt_cause, one label) is counted in the warp's and the
 * SM's statistics; simt_warp_flags() gives the non-exclusive Fig. 11b view.  Measured: 64
 * warps, 2 schedulers, about 450k cycles/s (gcc -O2).
 *
 * Cycle semantics (same as the lockstep harness): simt_outputs() is a function of the state
 * only (status bits, one-cycle event pulses of the previous edge); simt_tick() takes this
 * cycle's controls and moves to the next cycle.  Inside simt_tick the pulses act first
 * (ibuf_flush, bar_skip, ld_drop latch, stk_push, ev_start, stk_pop, bar_reins, vic_resume,
 * in that order), then: latched load drops, write-backs, issue, fetch, exits, barrier release,
 * one queued warp start.  vic_stop / vic_boost are levels, read in the same cycle.
 *
 * Control semantics as built (see docs/edge-wp-interfaces.md):
 *   vic_stop   no fetch for that slot's background warp; it may still issue what its i-buffer
 *              holds (the i-buffer "blocks" unless flushed); it never exits while stopped.
 *   vic_boost  its background warp is picked before any other background warp.
 *   ibuf_flush drop the i-buffer; fetch restarts at the stack-top PC (the oldest dropped
 *              instruction); a pending i-cache miss of that fetch is abandoned.
 *   bar_skip   a warp waiting at its TB barrier leaves it: not arrived (the barrier cannot
 *              release without it), w_bar 0, w_barskip 1.  No effect on a warp not waiting.
 *   bar_reins  a skipped warp arrives at that barrier again (w_bar 1 until it releases).
 *   ld_drop    latch a drop request; it is carried out in the first cycle ld_drop_ok holds
 *              (at once when ok): every in-flight op from the oldest in-flight load on is
 *              squashed (loads free their MSHRs and scoreboard bits, younger ALU ops and
 *              stores are discarded), the i-buffer is dropped and the SIMT stack is restored
 *              to its state when that load issued (PC = the load).  A latched request blocks
 *              issue and fetch; it clears when done, when no load is left, or at vic_resume.
 *              ld_drop_ok = no load in flight, or no op younger than the oldest in-flight load
 *              has written back.  Parameter wb_hold=1 holds every write-back younger than an
 *              in-flight load of the warp, so ld_drop_ok is then always 1.
 *   stk_push   push {stk_pc, full mask} on the slot's stack (the victim stops running).
 *   ev_start   the event warp starts at the stack top (must follow stk_push with the victim
 *              flushed); it runs the kernel that holds stk_pc, at the highest priority, with
 *              registers 0..nregs-1 initialised to the kernel's fixed values: in the victim's
 *              register file, or - ev_rsv bit set - in reserved free registers (the victim's
 *              untouched).  Its exit pulses ev_done (one cycle).
 *   stk_pop    after ev_done: pop the event entry; the victim's PC and mask are on top again.
 *   vic_resume the victim may run (with vic_stop low); must follow stk_pop.
 *   ev_start on a free slot (w_free, no stk_push): the event warp runs alone there on a fresh
 *              stack {stk_pc, full mask} in reserved registers; ev_done frees the slot (no pop,
 *              no resume).  The controller's "victim exited while flushed" path.
 * Register save/restore is the caller's: simt_reg_read/simt_reg_write on the slot.
 * A control the protocol does not allow (ev_start on an unflushed victim, stk_pop while the
 * event runs, ...) is recorded in nerr/err and otherwise applied as far as it makes sense.
 *
 * Status: w_live = the slot holds a background warp (also while it is preempted: w_ev says
 * an event warp is in the slot); w_inpipe, w_ld, w_ibuf, w_icmiss, w_bar describe the
 * slot's running context (the event warp while it runs).  A TB start (simt_tb_start)
 * queues its warps; one starts per cycle (wstart_*), one background warp exits per cycle
 * (wexit_*, the exited warp's registers in xreg[] for that cycle), tb_done with the TB's
 * tag when its last warp exits. */
#ifndef SIMT_MODEL_H
#define SIMT_MODEL_H
#include <stddef.h>
#include <stdint.h>

#define SIMT_MAXW 64   /* warp slots */
#define SIMT_MAXR 64   /* registers per warp */
#define SIMT_MAXK 16   /* kernels */
#define SIMT_MAXIB 4   /* i-buffer depth */
#define SIMT_MAXIF 64  /* in-flight ops per warp */
#define SIMT_STK 6     /* SIMT stack depth: base, reconvergence, 2 paths, event */
#define SIMT_NORPC 0xffffffffu
#define SIMT_KSTRIDE 0x10000u /* kernel k's code starts at k * SIMT_KSTRIDE */

/* per-kernel synthetic program */
typedef struct {
  unsigned len;           /* instructions per warp (then EXIT), < SIMT_KSTRIDE */
  unsigned nregs;         /* registers per thread, 2..SIMT_MAXR */
  unsigned ld_pct, st_pct, bra_pct, membar_pct; /* instruction mix, percent (rest ALU) */
  unsigned bar_every;     /* a TB barrier every K instructions (0: none) */
  unsigned dep_pct;       /* ALU/store reads the last load's destination, percent */
  unsigned alu_short_max; /* ALU latency 4..alu_short_max ... */
  unsigned alu_long_pct;  /* ... or, this percent, alu_short_max+1..alu_long_max */
  unsigned alu_long_max;
  unsigned div_len;       /* divergent region length, 1..div_len */
  uint64_t seed;
} simt_kparams;

typedef struct {
  unsigned warps;         /* warp slots, 1..64 */
  unsigned nsched;        /* schedulers (issue slots per cycle) */
  unsigned ibuf;          /* i-buffer depth 1..SIMT_MAXIB */
  unsigned max_infl;      /* in-flight ops per warp */
  unsigned mshrs;         /* outstanding loads per SM */
  unsigned rf_regs;       /* registers per thread the register file holds over all warps */
  unsigned icm_permille, icm_penalty;
  unsigned ld_hit_pct, ld_hit_lat, ld_lat_min, ld_lat_max;
  unsigned st_lat;
  unsigned wb_hold;       /* 1: no write-back younger than an in-flight load (drop always ok) */
  unsigned ld_drop_force; /* test only: honour ld_drop even when not ok (replay then inexact) */
  uint64_t seed;          /* timing randomness (latencies, i-cache misses) */
} simt_params;

/* default parameters: the small configuration (8 warps) */
void simt_params_default(simt_params *p);
void simt_kparams_default(simt_kparams *k);

/* controls of one cycle, bit w = warp slot w */
typedef struct {
  uint64_t vic_stop, vic_boost;                   /* levels */
  uint64_t ibuf_flush, bar_skip, bar_reins, ld_drop; /* pulses */
  uint64_t stk_push, ev_start, stk_pop, vic_resume;  /* pulses */
  uint64_t ev_rsv;       /* with ev_start: the event reserves free registers (no save) */
  uint32_t stk_pc;       /* with stk_push */
} simt_ctl;

/* outputs of one cycle */
typedef struct {
  uint64_t w_live, w_inpipe, w_ld, w_bar, w_ibuf, w_icmiss;
  uint64_t ld_drop_ok;   /* a drop now would be exact */
  uint64_t w_ev;         /* an event warp is pushed on the slot (running or done) */
  uint64_t w_barskip;    /* the background warp was taken out of its barrier */
  uint64_t w_droppend;   /* a latched ld_drop waits for ld_drop_ok */
  uint64_t w_free;       /* no warp in the slot, none queued to start there */
  uint64_t ev_done;      /* pulse: the event warp in the slot exited */
  unsigned wstart_valid, wstart_warp, wstart_regs;
  unsigned wexit_valid, wexit_warp;
  unsigned tb_done_valid;
  uint32_t tb_done_tag;
  unsigned free_regs;    /* registers per thread free for one more warp (8 bits) */
} simt_out;

/* why a warp did not issue this cycle (one label per live warp per cycle, first that applies) */
typedef enum {
  SIMT_C_ISSUED,   /* issued */
  SIMT_C_IDLE,     /* no context runs: free slot, event waiting for push/start/pop */
  SIMT_C_STOPPED,  /* vic_stop (or a pending drop) and nothing to issue */
  SIMT_C_BAR,      /* waiting at a TB barrier */
  SIMT_C_MEMBAR,   /* barrier/membar/exit waiting for its memory ops */
  SIMT_C_ICMISS,   /* i-buffer empty, i-cache miss */
  SIMT_C_FETCH,    /* i-buffer empty otherwise (decode, branch) */
  SIMT_C_SB_LD,    /* scoreboard, a source written by a load */
  SIMT_C_SB,       /* scoreboard, ALU dependency */
  SIMT_C_PIPE,     /* structural: in-flight list or MSHRs full */
  SIMT_C_SCHED,    /* ready, another warp won the scheduler */
  SIMT_C_DRAIN,    /* at the end, waiting for in-flight ops to exit */
  SIMT_C_N
} simt_cause;
extern const char *const simt_cause_name[SIMT_C_N];

/* non-exclusive status per warp (Fig. 11b): bits of simt_warp_flags() */
enum {
  SIMT_F_PIPE = 1, SIMT_F_SCORE = 2, SIMT_F_LOAD = 4, SIMT_F_ICMISS = 8, SIMT_F_BAR = 16,
  SIMT_F_MEMBAR = 32
};

enum { SIMT_OP_ALU, SIMT_OP_LD, SIMT_OP_ST, SIMT_OP_BAR, SIMT_OP_MEMBAR, SIMT_OP_BRA,
       SIMT_OP_EXIT };

typedef struct {
  uint8_t op, dst, src0, src1;
  uint16_t lat;           /* ALU latency; BRA: region length */
} simt_inst;

typedef struct {
  uint32_t pc, mask, rpc;
  uint8_t ev;             /* the event entry */
} simt_stk_ent;

typedef struct {
  uint64_t seq;
  uint64_t done;          /* write-back cycle */
  uint32_t pc, value;
  uint8_t op, dst, evctx;
  uint8_t sp;             /* loads: stack snapshot at issue (top pc = the load) */
  simt_stk_ent stk[SIMT_STK];
} simt_infl;

/* per-warp counters of the background warp (reset at warp start; the event warp's
 * instructions are not counted here) */
typedef struct {
  uint64_t issued, fetched, wb, ld_issued;
  uint64_t squashed;       /* issued, then rolled back by a load drop (they issue again) */
  uint64_t ld_dropped, drops, ibuf_flushed;
  uint64_t issued_stopped; /* issued while vic_stop was high */
  uint64_t fetched_stopped;/* fetched while vic_stop was high (must stay 0) */
  uint64_t cause[SIMT_C_N];
} simt_wstat;

typedef struct {
  int state;              /* 0 free, 1 start queued, 2 live, 3 an event warp alone */
  int kernel, tb;
  unsigned widx;          /* warp index in its TB */
  uint32_t tag;           /* its TB's tag */
  uint64_t age;           /* start order */
  uint32_t reg[SIMT_MAXR];
  uint32_t evreg[SIMT_MAXR]; /* reserved registers of an event warp */
  simt_stk_ent stk[SIMT_STK];
  unsigned sp;            /* stack depth */
  uint32_t ib[SIMT_MAXIB];/* i-buffer: PCs, oldest first */
  unsigned ib_n;
  uint32_t fetch_pc, icm_pc, icfill_pc;
  unsigned icm_left;      /* i-cache miss cycles left */
  int fetch_hold, fetch_end;
  simt_infl *infl;        /* in-flight ops, issue order */
  unsigned n_infl, n_ld, n_st;
  uint64_t pend, pend_ld; /* scoreboard */
  uint64_t seq_next, max_wb_seq;
  int at_bar, bar_skipped;
  uint64_t bar_arr, bar_pass; /* barriers arrived at (issued), passed */
  int ev;                 /* 0 none, 1 event warp running, 2 event warp exited */
  int ev_rsv, ev_kernel;
  uint64_t ev_age;
  int drop_pend;
  simt_wstat st;
} simt_warp;

typedef struct {
  int busy, kernel;
  uint32_t tag;
  unsigned nwarps, started;
  uint64_t slots, exited, arrived;
} simt_tb;

typedef struct {
  simt_kparams kp;
  simt_inst *prog;        /* len + 1 (EXIT) */
  uint32_t init[SIMT_MAXR];
} simt_kernel;

typedef struct {
  simt_params p;
  uint64_t cycle;
  uint64_t rng;
  simt_kernel k[SIMT_MAXK];
  unsigned nk;
  simt_warp w[SIMT_MAXW];
  simt_tb tb[SIMT_MAXW];
  unsigned startq[SIMT_MAXW], sq_head, sq_n; /* queued warp starts (slots) */
  uint64_t age_next;
  unsigned mshr_used, ev_rsv_regs;
  unsigned greedy[SIMT_MAXW];               /* per scheduler: last issued slot + 1, 0 none */
  /* pulses of the last edge, shown by simt_outputs */
  uint64_t ev_done;
  unsigned wstart_valid, wstart_warp, wexit_valid, wexit_warp, tb_done_valid;
  uint32_t tb_done_tag;
  /* the warp that exited at the last edge */
  uint32_t xreg[SIMT_MAXR];
  unsigned xnregs, xwidx;
  uint32_t xtag;
  simt_wstat xst;
  /* the event warp that exited at the last edge (lowest slot): its registers' digest */
  uint32_t ev_digest;
  /* the last tick: ready (could issue) and issued slots, per-warp cause */
  uint64_t last_ready, last_issued, last_boost_ready, last_ev_ready;
  uint8_t cause[SIMT_MAXW];
  /* SM totals */
  uint64_t issued, ev_issued, cycles_busy, drops, drop_waits;
  uint64_t cause_tot[SIMT_C_N];
  unsigned nerr;
  char err[256];
} simt_model;

void simt_init(simt_model *m, const simt_params *p);
void simt_free(simt_model *m);
/* a kernel; returns its index (code at simt_kernel_pc), -1 when full or bad */
int simt_kernel_add(simt_model *m, const simt_kparams *k);
uint32_t simt_kernel_pc(const simt_model *m, int k);
/* start a TB of nwarps warps of kernel k (queued; one warp starts per cycle); returns the TB
 * index or -1 when slots, registers or TB entries are missing */
int simt_tb_start(simt_model *m, int k, unsigned nwarps, uint32_t tag);
/* room for a TB of nwarps warps of kernel k now */
int simt_tb_fits(const simt_model *m, int k, unsigned nwarps);
void simt_outputs(const simt_model *m, simt_out *o);
void simt_tick(simt_model *m, const simt_ctl *c);
/* no warp queued, live or pushed */
int simt_idle(const simt_model *m);

/* register access by the caller (save/restore): the slot's background register file */
uint32_t simt_reg_read(const simt_model *m, unsigned w, unsigned r);
void simt_reg_write(simt_model *m, unsigned w, unsigned r, uint32_t v);
/* the background warp's architectural PC and mask: the stack entry below the event entry */
uint32_t simt_warp_pc(const simt_model *m, unsigned w);
uint32_t simt_warp_mask(const simt_model *m, unsigned w);
unsigned simt_warp_depth(const simt_model *m, unsigned w); /* stack depth without the event */
/* non-exclusive status bits SIMT_F_* of the slot's running context (SCORE and MEMBAR as of
 * the last simt_tick) */
unsigned simt_warp_flags(const simt_model *m, unsigned w);
/* the value hash the model uses (exported for tests) */
uint32_t simt_hash(uint32_t a, uint32_t b, uint32_t c, uint32_t d);

#endif
