/* sm_model.h - the behavioural SM pool of kmusim (stands in for the SIMT pipelines).
 *
 * Two modes, chosen at init:
 *
 * LEGACY (sm_model_init): the pool only takes TB starts and offers TB dones, as the system top
 * did before per-SM preemption hardware.  Nothing below "SIMT mode" applies.
 *
 * SIMT (sm_model_init_simt): the pool also acts as every SM's SIMT pipeline toward kmu_sm's
 * SIMT-side ports (cmodel/sm/kmu_sm.h), so that one kmu_sm per SM can run TB-level
 * preemption (PEP / Chimera: pause -> save -> evict -> restore) and EDGE warp-level
 * preemption against it.  The integrator maps, per SM, the system top's ports to a
 * kmu_sm_in / kmu_sm_out view and calls drive_sm / comb_reads / observe_sm with it.
 *
 * ---- TB timing (both modes) ----
 * A start looks the kernel up by kptr in the workload and runs the TB for the kernel's
 * `cycles` (jittered by +-jitter percent, seeded; the jitter draws are the same in both
 * modes), stretched by memory stalls: a TB issues cycles*loads/1000 global loads spread
 * evenly over its run; a load takes one unit of the memory model's per-cycle bandwidth (the TB
 * stalls while none is left) and each warp has at most one load outstanding (the TB stalls at
 * the next load when every warp has one); the TB ends when its run is done and every load has
 * returned.  A start handshake in cycle t with no stalls offers the done from cycle
 * t + cycles (legacy mode).  Finished TBs are offered on the one done bus (simt_done_valid,
 * sm, rtb) oldest first; the TB's resources free when the done handshakes.  Start ready is
 * always 1: the hardware only starts a TB where the SM has room; a start to a busy
 * resident-TB entry, an unknown kptr or a wrong warp count is an error the model reports.
 * wb and bar are counted per TB at their per-1000-cycle rates (statistics, sm_kstat).
 *
 * ---- SIMT mode: cycle semantics ----
 * Per cycle, for every SM s:
 *   1. sm_model_drive_sm(s): the SIMT-side inputs of kmu_sm, from registered state only
 *      (Moore: nothing depends on an output of the same cycle);
 *      sm_model_drive(): the shared done bus (as in legacy mode);
 *   2. the engine's comb; sm_model_comb_reads(s): shm_rdata_i for this cycle's shm_raddr_o
 *      (a combinational-read memory outside kmu_sm) and ip_rdata_i, the on-chip store's word
 *      of the last cycle's ip_ren_o / ip_addr_o (a registered read, as a block RAM gives it:
 *      ctxboard; 0 without one); comb again;
 *      simt_start_insts_i = sm_model_start_insts(s, o) while an offer is up;
 *   3. sm_model_observe_sm(s): the settled inputs and outputs of the cycle (every control,
 *      pulse and handshake of the SIMT side, checked against the protocol);
 *      sm_model_start_ex() for this cycle's start handshake, sm_model_done_fire() for the
 *      done handshake (in any order relative to observe_sm);
 *   4. sm_model_tick(): the clock edge (TB progress, loads, warp status, and the choice of
 *      next cycle's driven values).
 * All randomness is drawn in observe/tick from a private generator derived from the rng
 * passed at init (without advancing it), so a seed reproduces a run.
 *
 * ---- SIMT mode: what each TB does (modelling choices) ----
 * Warps.  A TB's warp i lives in the i-th set slot of its start wmask.  After a start (also a
 * restore start) its warps start one per cycle per SM on simt_wstart (regs = the start's rpw);
 * when the TB's run is complete each warp's EXIT retires after 0..SM_EXIT_SKEW = 8 cycles
 * (seeded: its last instructions drain; w_inpipe = 1 meanwhile) and the warps exit, one per
 * cycle per SM on simt_wexit; then the done is offered.  At an eviction no wexit is issued:
 * the save's scan has already cleared every dirty bit of the TB's registers (SAVE_DIRTY
 * yields every dirty one, SAVE_ALL every allocated one), and an exit issued later could race
 * a restore's writes into the reused slots and clear dirty bits the next incremental save
 * needs.
 * Progress.  The TB's run (`progress` up to `target`) advances by the fraction of its warps
 * that run: per cycle `acc += running warps`, one progress cycle per `warps` (a warp stopped by
 * warp-level preemption slows its TB; with every warp running this is one per cycle, as in
 * legacy mode).  No progress while the TB is paused (TB-level), while it is being verified
 * after a restore, or while it waits at a barrier; the run does not end while one of its
 * warps is stopped (that warp's part is not done), so a victim is never flushed into a
 * pending EXIT.
 * Barriers.  bar per 1000 cycles: nbar = target*bar/1000 barriers evenly over the run.  At a
 * barrier every warp arrives after 0..SM_BAR_SKEW = 7 cycles (seeded) of running (a stopped
 * warp does not arrive); w_bar = arrived while the barrier is up; it releases when every warp
 * arrived (arrival and release go on while the TB is paused: the barrier is already issued).
 * bar_skip takes an arrived victim out (the barrier then waits for it), bar_reins puts it back.
 * Loads.  A due load goes to the next warp (round-robin) that has none outstanding and is not
 * stopped; w_ld = the warp has one outstanding.  ld_drop drops the victim's load: it is issued
 * again later (loads_issued goes back by one; the memory bandwidth it used stays used).
 * Issue.  A running warp issues in a cycle with probability 1/2 (one random bit per slot), an
 * issue holding w_inpipe for 1..4 cycles (SM_INPIPE_MAX); a warp whose EXIT is pending, or
 * with a register write held on the port, is in the pipeline too.  A running warp's i-buffer
 * holds SM_IBUF instructions (w_ibuf); a stopped or paused warp issues what it holds, one per
 * cycle, unless ibuf_flush empties it.  So a stopped warp has w_inpipe = 0 and w_ibuf = 0 at
 * most SM_IBUF + SM_INPIPE_MAX = 6 cycles after its stop (no flush needed), unless it
 * waits for its EXIT, a write held on the port, a load, an i-cache miss or a barrier.
 * I-cache.  A running warp misses with probability 2/1000 per cycle and then waits 8..24
 * cycles (w_icmiss); the miss completes whether or not the warp is stopped.
 * w_live = the slot holds a background warp (not an event warp): from its wstart to its
 * wexit, also while an event warp runs in it; 0 for the warp of an event-warp TB.
 * Register write-backs.  Every progress cycle adds `wb` to a per-TB accumulator; each 1000 is
 * one write-back (at most SM_WB_PEND pending per TB; more are merged).  One write port per SM
 * (rf_wr_*): a write-back of a running TB (round-robin over TBs) to a random started, live,
 * not stopped warp, register < rpw, random data.  A write not taken (rf_wr_ready_o = 0) is
 * held, unchanged, until it is.  The model keeps a shadow of every register (warp index, reg <
 * min(rpw, RPW)) of every TB and which ones were written.  A quarter of the write-backs also
 * change one shared-memory word of the TB (shadow only: the SIMT's own stores).
 * Shared memory.  One 32-bit word per BEAT_BYTES of the TB's shmem (the word the context
 * engine saves per beat), initialised from a hash of the TB's identity.
 * Instructions.  A TB's warp instructions are insts = max(1, cycles * warps / WARPS) of its
 * kernel (unjittered, so sm_model_insts() can answer for an offer): at most one retirement per
 * cycle per SM when every warp slot is busy, the rate of simt_inst.  They are retired evenly
 * over its run (insts per target progress cycles), kept as a pending count per TB and reported
 * one per cycle per SM on simt_inst, round-robin among running TBs with pending ones (none
 * while paused; the done waits for the count to drain).  Event warps retire nothing (the
 * predictor does not track them).  A restored TB is offered with insts = insts - reported.
 *
 * ---- SIMT mode: TB-level preemption ----
 * simt_pause_o[e] (a running TB): the TB stops at once (no progress, no new writes or
 * loads); simt_paused_i[e] rises after a drain delay of SM_DRAIN_MIN..SM_DRAIN_MAX cycles
 * (seeded) once, in addition, none of its loads is outstanding, none of its warps is in the
 * pipeline, no write of it is held and none of its warp starts is queued.  A TB whose run is
 * complete (warps exiting) ignores the pause and finishes (kmu_sm_ctrl accepts that done).
 * The pause dropping without an eviction (a base checkpoint) resumes the TB.
 * simt_evict_valid_o: the TB must be paused (else observe fails); it leaves the SM with its
 * remaining run, loads, barrier state, pending instructions, register shadow and shared
 * memory into the SM's evicted list.  A restore start (simt_start_restore_o) must name an
 * evicted TB of that SM (same kptr, param, tb, slot, warps), else sm_model_start_ex fails.
 * The shared memory the restore wrote (shm_w*, since its last RESTORE command) must equal the
 * TB's, else sm_model_start_ex fails.  Then the model reads back every written register of the
 * TB through rf_rd_* (one per cycle, data the next cycle) before the TB runs, and compares
 * with the shadow (observe fails on a mismatch, naming SM, TB, warp, register, expected and
 * actual).  The save's shared-memory reads (shm_raddr_o) are answered from the TB of the save
 * command; the on-chip store (ip_*) is a sparse per-SM word store (addresses are the
 * checkpoint-area offsets, which exceed IPB; an access with IPB = 0 fails).
 *
 * ---- SIMT mode: warp-level preemption (docs/edge-wp-interfaces.md) ----
 * Acceptance (wp_busy_o rising): the victim is vic_stop_o's slot; the event warp is a TB of
 * one warp in entry ev_rtb_o, of the kernel whose kptr is stk_pc_o, with kmu_sm's ev_tb_o,
 * ev_param_o, ev_slot_o as tb, param and slot (sm_tb.ident = 1; inst = SM_INST_NONE unless the
 * on_wpev hook sets it); it is offered on the done bus after its ev_done.  vic_boost is
 * accepted and has no effect (no issue contention is modelled).  ibuf_flush, bar_skip, ld_drop
 * act on the victim as above.  A victim whose EXIT is pending (its TB's run is complete) stays
 * in the pipeline and exits while being flushed - only in a cycle after one in which the
 * controller was seen flushing with the victim's w_inpipe = 1, so it is still flushing - and
 * the event warp then takes the free slot; the slot stays its TB's, whose done waits for the
 * event warp's ev_done.
 * rsave: ready with probability SM_RDY_PCT per cycle; after the handshake the model reads the
 * victim's first nregs registers through rf_rd_* (checking written ones against the shadow)
 * and pulses rsave_done the cycle after the last data.  The event warp (ev_start_o) runs its
 * kernel's cycles (jittered); with saved registers it first writes its nregs registers into
 * the victim's slot through rf_wr_* (random data: they overwrite the victim's), reserved ones
 * are not in kmu_sm's register file and are not written; then ev_done pulses.
 * rrest: ready as rsave; after the handshake the model writes the saved values back through
 * rf_wr_*, reads every one back through rf_rd_* and compares, then pulses rrest_done.
 * Port priority: writes: rrest, then the event warp's, then write-backs; reads: rsave, rrest,
 * then restore verification (which skips the victim's slot from its stk_push until the
 * preemption ends: the event warp writes it meanwhile).
 * Protocol checks (observe fails): controls other than on the victim's slot, stk_push of an
 * unflushed victim, rsave / ev_start / stk_pop / rrest / vic_resume out of order, a save
 * command or eviction of a TB that is not paused or whose warp is a victim.
 *
 * ---- SIMT mode: GPUpIO I/O thread blocks (kernel io=, docs/workload-format.md "I/O") ----
 * A TB of a kernel with io= runs `rounds` rounds: its run (target = rounds x the jittered
 * cycles) stops at progress target * (r + 1) / rounds, where the TB issues I/O request r
 * (on_io: kmusim's device completes it io cycles later and writes the TB's flag, flag visible
 * from io_flag_at = io_due + iodev_lat, io_due = request + io; with config iodev_serial=1 one
 * I/O at a time in request order, io_due = max(request, the previous request's io_due) + io)
 * and waits.  It is done at the end of its last
 * wait (the exit condition waits for io_round == rounds).  During a wait (io_ph, SM_IO_*):
 *   yield off: the TB spins in place (SM_IO_SPIN) until its flag is visible;
 *   yield addr / spin: SM_IO_ASK: the TB drives simt_yield_valid_i (rtb, addr = its flag
 *   address, or 0 for spin) from registered state, one TB per SM (the one asked first keeps the
 *   lane), not while it is paused (the SIMT withdraws the event then) and not once its flag is
 *   visible (it then withdraws and goes on: the check of check-and-sleep; a flag written after
 *   the decision is the monitor's to catch).  Accepted (valid && simt_yield_ready_o):
 *   SM_IO_ACC, stalled (no instruction, write-back, load or exit) until simt_yres_*:
 *   TAKEN / SPIN: SM_IO_OUT, stalled until kmu_sm pauses and evicts it (a resume without an
 *   eviction fails observe); its restore puts it back in the wait (SM_IO_WAIT, io_woken): the
 *   restored TB checks its flag, goes on when it is visible (the wake-up) or asks again (a
 *   spin restored before its I/O completed, or a spurious wake-up); FULL / NOWORK: the TB
 *   spins in place until its flag is visible (SM_IO_SPIN, counted in spins).
 * The wait ends in the first cycle the TB runs (SM_T_RUN, not paused) with its flag visible:
 * io_wait_cycles += that cycle - request, restart delay = that cycle - (request + io), and
 * after a restore of a taken yield the wake-up latency = that cycle - the cycle kmusim saw the
 * TB's YIELD_SIGNAL write accepted (sm_model_io_signal).  A TB in a wait issues nothing new;
 * pending retirements are reported only while it spins in place or waits (not asked,
 * accepted or out).  A preemption of a TB in a wait (PEP, Chimera) keeps its wait across the
 * save and restore.
 *
 * Limits: WARPS <= 64, TBS <= 64 (kmu_sm's), RPW <= 32; a TB's rpw above RPW keeps a shadow
 * of its first RPW registers only (kmu_dirty_rf holds RPW per slot); simt_wstart_regs_i is the
 * start's rpw (kmu_sm_ctrl's, = the kernel's registers per thread below its saturation at 63).
 * Registers a TB never wrote are not compared after a restore (SAVE_DIRTY does not save them:
 * their content is undefined).
 */
#ifndef KMUSIM_SM_MODEL_H
#define KMUSIM_SM_MODEL_H
#include <stddef.h>
#include <stdint.h>

#include "kmu_sm.h"
#include "kmu_tb.h"
#include "mem_model.h"
#include "workload.h"

/* SIMT-mode constants (see above) */
#define SM_INPIPE_MAX 4u
#define SM_IBUF 2u
#define SM_DRAIN_MIN 2u
#define SM_DRAIN_MAX 8u
#define SM_WB_PEND 8u
#define SM_RDY_PCT 60u
#define SM_ICM_PERMILLE 2u
#define SM_ICM_MIN 8u
#define SM_ICM_MAX 24u
#define SM_BAR_SKEW 7u
#define SM_EXIT_SKEW 8u
#define SM_INST_NONE 0xffffffffu /* sm_tb.inst of an event warp kmusim did not start */

/* GPUpIO I/O phases of a TB (sm_tb.io_ph) */
enum { SM_IO_NONE, SM_IO_WAIT, SM_IO_SPIN, SM_IO_ASK, SM_IO_ACC, SM_IO_OUT };
#define SM_IO_NEVER UINT64_MAX

/* a growing list of samples (latencies) */
typedef struct {
  uint64_t *v;
  size_t n, cap;
} sm_samples;

/* SIMT-mode TB states */
enum { SM_T_RUN, SM_T_VERIFY, SM_T_EXIT, SM_T_DONE };

typedef struct {
  uint64_t ret;     /* cycle its outstanding load returns, 0: none */
  uint32_t def;     /* registers written (shadow valid), bit r */
  uint32_t vrem;    /* registers still to read back after a restore */
  uint8_t started;  /* wstart reported */
  uint8_t exited;   /* wexit reported */
  uint8_t arrived, skipped, bar_wait; /* barrier */
  uint8_t exit_wait;  /* cycles until its EXIT can retire, once the run is complete */
  uint8_t slot;     /* current warp slot */
} sm_warp;

typedef struct {
  int busy, finished;
  int kernel;                 /* index in the workload */
  uint32_t inst;              /* kmusim's kernel-instance index (SM_INST_NONE: unknown) */
  uint64_t tb, slot, warps, kptr, param;
  uint64_t start;             /* (first) start handshake cycle */
  uint64_t finish;            /* first cycle its done is offered */
  uint64_t target, progress;  /* run cycles, cycles run so far */
  uint64_t loads, loads_issued, stall;
  unsigned ret_n;             /* loads outstanding */
  uint64_t ret_min;           /* no load returns before this cycle */
  unsigned ld_rr;             /* next warp to take a load */
  sm_warp *w;                 /* per warp index (warps) */
  /* SIMT mode */
  int st;                     /* SM_T_* */
  int ewarp;                  /* an event-warp TB (simt_start_ewarp_o) */
  int wpev;                   /* an event warp of a warp-level preemption (no simt_start) */
  int ident;                  /* wpev: tb/param/slot are kmu_sm's ev_*_o */
  unsigned sm, rtb;
  uint64_t wmask;
  unsigned rpw, rpe;          /* the start's rpw; min(rpw, RPW): registers shadowed */
  uint32_t *reg;              /* shadow, [warp index * rpe + r] */
  uint32_t *shm;              /* shadow, one word per BEAT_BYTES */
  unsigned nshm;
  int pause_seen, paused;
  unsigned drain;
  uint64_t pause_at, evict_at;
  uint64_t acc, wb_acc, ins_acc;
  unsigned wb_pend;
  uint64_t insts, ins_gen, ins_rep;
  uint64_t nbar, bars_done;
  int bar_on;
  unsigned evslot;            /* wpev: its slot (valid from ev_start) */
  unsigned nrestore;
  /* GPUpIO I/O (see "I/O thread blocks" above) */
  unsigned io_round;          /* waits completed */
  int io_ph;                  /* SM_IO_* */
  int io_woken;               /* restored after a taken yield: its wait's end is a wake-up */
  int io_took;                /* a yield was taken in this wait */
  uint64_t io_rdur;           /* the integrator's measure of its last restore (cycles), for the
                               * wake-up overhead: wake-up latency - restore */
  uint64_t io_req, io_due, io_flag_at; /* request; I/O done (request + io, or
                                       * iodev_serial's queue); flag visible */
  uint64_t io_sig_acc;        /* its YIELD_SIGNAL write accepted (SM_IO_NEVER: not yet) */
} sm_tb;

typedef struct {
  uint64_t tbs, cycles, loads, wb, bar, stall; /* as in legacy mode */
  /* SIMT mode */
  uint64_t pauses;            /* TB-level pauses begun (base checkpoints and switches) */
  uint64_t evictions, restores;
  uint64_t paused_cycles;     /* cycles from a pause to its resume or eviction */
  uint64_t evicted_cycles;    /* cycles from an eviction to the restore start */
  uint64_t dropped_cycles;    /* TReM: per dropped TB, its start to its eviction (work lost) */
  uint64_t wp_victims;        /* warp-level preemptions suffered by this kernel's warps */
  uint64_t ewarps;            /* event-warp TBs run on the regular path (simt_start) */
  uint64_t ewarps_wp;         /* event warps run by warp-level preemption: */
  uint64_t ewarps_wp_saved;   /*   in a victim's slot with its registers saved (rsave) */
  uint64_t ewarps_wp_free;    /*   in the slot of a victim that exited while being flushed */
                              /*   (the rest: in a victim's slot with reserved registers) */
  uint64_t wb_done;           /* register write-backs taken by the register file */
  uint64_t insts;             /* warp instructions reported on simt_inst */
  uint64_t ld_drops, bar_skips, verified; /* loads dropped; barrier skips; registers read back */
  /* GPUpIO I/O */
  uint64_t io_waits;          /* I/O requests issued */
  uint64_t yields;            /* yields taken (answers TAKEN and SPIN) */
  uint64_t yield_spins;       /*   of which SPIN (yield(0)) */
  uint64_t yield_full, yield_nowork; /* refused yields */
  uint64_t spins;             /* waits that ended on the SM with no yield taken: yield off, a
                               * refused yield, or one not accepted before the flag */
  uint64_t yield_withdrawn;   /* of those: the yield still asked (not accepted) at the flag */
  uint64_t wakeups;           /* restores of TBs whose yield was taken */
  uint64_t yields_dropped;    /* taken yields whose TB a TReM drop forgot before its restore */
  uint64_t io_wait_cycles;    /* sum over waits of (end - request) */
  sm_samples wake_lat, restart; /* per wait: wake-up latency (after a taken yield), restart delay */
  sm_samples wake_over;       /* per wake-up: its latency minus the TB's restore (io_rdur) */
} sm_kstat;

/* the hardware sizes SIMT mode needs beyond kmusim_config (nsm, tbs, warps, shmem, ewt) */
typedef struct {
  unsigned rpw;               /* RPW: warp registers per warp slot in kmu_dirty_rf (1..32) */
  unsigned beat_bytes;        /* BEAT_BYTES: bytes per saved shared-memory word (>= 1) */
  uint32_t ipb;               /* IPB: on-chip checkpoint bytes, 0 = none */
  unsigned drain_min, drain_max; /* TB pause drain delay; both 0: SM_DRAIN_MIN..MAX */
} sm_model_hw;

/* the start handshake (kmu_sm's simt_start_* fields of the offer) */
typedef struct {
  uint64_t sm, rtb, warps, kptr, param, tb, slot;
  uint64_t wmask;             /* simt_start_wmask_o (SIMT mode) */
  uint64_t rpw;               /* simt_start_rpw_o */
  uint64_t ewarp;             /* simt_start_ewarp_o */
  uint64_t restore;           /* simt_start_restore_o */
  uint32_t inst;              /* kmusim's instance index (returned with the done) */
} sm_start;

typedef struct sm_model sm_model;
/* called when a warp-level event warp appears (SIMT mode, its acceptance): the integrator may
 * set t->inst (kmusim's instance, for its scoreboards) from t->kptr / t->param / t->tb / t->slot
 * (it is never offered on simt_start: this is its start) */
typedef void (*sm_wpev_fn)(void *user, sm_model *s, sm_tb *t, uint64_t cycle);

/* called when a TB issues an I/O request (SIMT mode): t->io_req, io_due, io_flag_at are set */
typedef void (*sm_io_fn)(void *user, sm_model *s, const sm_tb *t, uint64_t cycle);

typedef struct sm_ss sm_ss; /* per-SM SIMT state (sm_model.c) */

struct sm_model {
  const kmusim_config *cfg;
  const kmusim_workload *w;
  mem_model *mem;
  kmu_rng *rng;
  unsigned nsm, tbs;
  sm_tb *tb;                  /* nsm * tbs, index sm * tbs + rtb */
  unsigned *done_q;           /* finished TBs in finish order (index), ring */
  unsigned dq_head, dq_n;
  unsigned *busy_warps, *busy_tbs; /* per SM: warps / entries resident */
  unsigned running;           /* TBs started and not done (evicted ones included) */
  unsigned *act;              /* entries running (busy, not finished), in start order */
  unsigned nact;
  sm_kstat *ks;               /* per kernel */
  /* SIMT mode */
  int simt;
  sm_model_hw hw;
  kmu_rng srng;               /* SIMT randomness (derived from rng without advancing it) */
  sm_ss *ss;                  /* per SM */
  sm_wpev_fn on_wpev;
  void *wpev_user;
  sm_io_fn on_io;             /* GPUpIO: the device model takes the request */
  void *io_user;
  uint64_t io_free;           /* GPUpIO, config iodev_serial=1: the last request's completion
                               * (the device is busy until then; the next one starts there) */
  uint64_t cycle;             /* the last observed / ticked cycle */
  uint64_t last_activity;     /* SIMT mode: the last cycle with TB progress, a load, a warp
                               * start / exit / retirement, a register access taken, a start,
                               * a done, a pause change, an eviction or a warp-level control:
                               * for a hang detector (evicted TBs keep sm_model_idle() 0) */
};

/* ---- both modes */
void sm_model_init(sm_model *s, const kmusim_config *cfg, const kmusim_workload *w,
                   mem_model *mem, kmu_rng *rng);
void sm_model_free(sm_model *s);
/* legacy start (no wmask / rpw / ewarp / restore); in SIMT mode it fails: use _ex */
int sm_model_start(sm_model *s, uint64_t cycle, uint64_t sm, uint64_t rtb, uint64_t warps,
                   uint64_t kptr, uint64_t param, uint64_t tb, uint64_t slot, uint32_t inst,
                   char *err, size_t errlen);
/* the start handshake of this cycle; 0 and a message when it is not possible (bad sm or rtb,
 * entry busy, unknown kptr, warps not the kernel's, more warps than free; SIMT mode: wmask
 * not `warps` free slots, a restore with no such evicted TB or with shared memory that differs
 * from the TB's) */
int sm_model_start_ex(sm_model *s, uint64_t cycle, const sm_start *st, char *err,
                      size_t errlen);
/* the done bus of this cycle */
void sm_model_drive(const sm_model *s, uint64_t *done_valid, uint64_t *done_sm,
                    uint64_t *done_rtb);
/* the done handshake of this cycle: the TB leaves (returned for metrics) */
sm_tb sm_model_done_fire(sm_model *s);
void sm_model_tick(sm_model *s, uint64_t cycle);
/* no TB started and not done (evicted TBs count as not done) */
int sm_model_idle(const sm_model *s);

/* ---- SIMT mode */
void sm_model_init_simt(sm_model *s, const kmusim_config *cfg, const kmusim_workload *w,
                        mem_model *mem, kmu_rng *rng, const sm_model_hw *hw);
/* a TB's warp instructions (simt_start_insts_i of a new TB): max(1, cycles*warps/WARPS) of
 * the kernel with this kptr, 0 for an unknown kptr */
uint64_t sm_model_insts(const sm_model *s, uint64_t kptr, uint64_t warps);
/* simt_start_insts_i for SM sm's offer in o (a restore: the evicted TB's instructions not yet
 * reported); 0 when nothing is offered */
uint64_t sm_model_start_insts(const sm_model *s, unsigned sm, const kmu_sm_out *o);
/* SM sm's SIMT-side inputs of this cycle, from state only: simt_inst_*, simt_paused_i,
 * simt_wstart_*, simt_wexit_*, rf_wr_*, rf_rd_*, w_*_i, rsave_ready_i, rsave_done_i,
 * ev_done_i, rrest_ready_i, rrest_done_i.  Other fields of *i are left as they are. */
void sm_model_drive_sm(const sm_model *s, unsigned sm, uint64_t cycle, kmu_sm_in *i);
/* shm_rdata_i (for o->shm_raddr_o while o->shm_ren_o; 0 otherwise) and ip_rdata_i (the word
 * of the last cycle's o->ip_addr_o when o->ip_ren_o was set then, read by observe_sm; 0
 * otherwise) */
void sm_model_comb_reads(const sm_model *s, unsigned sm, const kmu_sm_out *o, kmu_sm_in *i);
/* the settled cycle of SM sm.  Reads from i: what drive_sm drove and opt_i; from o:
 * simt_pause_o, simt_evict_*, rf_wr_ready_o, rf_rd_data_o, shm_*, ip_*, ctx_cmd_valid_o /
 * _ready_o / _op_o / _wmask_o, ctx_done_o, wp_busy_o, ev_rtb_o, ev_tb_o, ev_param_o,
 * ev_slot_o, stk_pc_o and every warp-level control.  Returns 0 and a message on
 * a protocol violation by the hardware or a register mismatch (the model is then in an
 * undefined state: stop the run). */
int sm_model_observe_sm(sm_model *s, unsigned sm, uint64_t cycle, const kmu_sm_in *i,
                        const kmu_sm_out *o, char *err, size_t errlen);
/* evicted TBs waiting for their restore on SM sm */
unsigned sm_model_evicted(const sm_model *s, unsigned sm);
/* the e-th of them (e < sm_model_evicted()) */
const sm_tb *sm_model_evicted_tb(const sm_model *s, unsigned sm, unsigned e);
/* TReM (kmusim's revocations): forget the evicted TBs of instance inst (dropped, never
 * restored; each adds its start -> eviction cycles to its kernel's dropped_cycles), returning
 * how many; count its resident TBs (started, not done, not evicted) */
unsigned sm_model_forget(sm_model *s, uint32_t inst);
unsigned sm_model_resident(const sm_model *s, uint32_t inst);
/* GPUpIO: the YIELD_SIGNAL write for TB `tb` of instance `inst` was accepted in `cycle` (the
 * TB, resident or evicted, in a wait: its wake-up latency counts from the first such cycle);
 * 0 when no such TB waits (a signal after its wait ended: spins see their flag first) */
int sm_model_io_signal(sm_model *s, uint32_t inst, uint64_t tb, uint64_t cycle);
/* GPUpIO lost wake-up check: an evicted TB whose yield(addr) was taken and whose flag was
 * written (io_flag_at) more than `bound` cycles before `cycle` (NULL: none) */
const sm_tb *sm_model_io_overdue(const sm_model *s, uint64_t cycle, uint64_t bound);
/* a sample list's mean (0 when empty) and p-th percentile (nearest rank; 0 when empty) */
double sm_samples_mean(const sm_samples *x);
uint64_t sm_samples_pct(const sm_samples *x, unsigned p);

#endif
