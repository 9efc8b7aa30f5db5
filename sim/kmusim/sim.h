/* sim.h - one kmusim run: the workload's events driven over AXI into an engine, the
 * behavioural SMs and memory around it, scoreboards and metrics (docs/kmusim.md). */
#ifndef KMUSIM_SIM_H
#define KMUSIM_SIM_H
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "sm_model.h"
#include "workload.h"

#define KMUSIM_NEVER UINT64_MAX

/* one kernel instance: a doorbell or a host launch */
typedef struct {
  int kernel;
  uint32_t seq;           /* n-th instance of its kernel */
  unsigned line;          /* the workload line that made it */
  uint64_t at;            /* cycle the workload asks for */
  uint64_t issued;        /* the doorbell / HL_CMD write queued on the AXI master */
  uint64_t accepted;      /* its AW and W handshakes done (the later of the two) */
  uint64_t first_start;   /* first TB start handshake */
  uint64_t last_start;
  uint64_t completed;     /* completion-flag write accepted by the memory */
  uint32_t param, cpl;
  uint64_t ntb, started, done;
  uint8_t *bits;          /* TBs started (while live) */
  int live;
  int tagged;             /* a TB start named its kernel tag (simt_start_slot_o) */
  /* TReM (revoke lines) */
  uint32_t lid;           /* launch id read back from TR_LAST_LID after its HL_CMD */
  int lid_known;
  int retired;            /* revoked and retired: it never completes */
  uint32_t epoch;         /* replays done: the TBs counted in started / done are this run's */
  uint64_t revokes, replays, tbs_dropped; /* revocations (status OK), of them replays, and the
                                           * TBs they dropped (started, not done) */
  uint64_t tbs_done_total;/* TB dones over every run (replays re-run the TBs) */
  uint64_t auto_replays;  /* replays by TReM's automatic policy (seen at the new run's start) */
  uint64_t first_start_run; /* first TB start of this run (since the last replay) */
  uint64_t last_done;     /* GPUpIO metrics: its last TB done handshake (0: none) */
} kmusim_inst;

/* one revoke line (TReM): TR_CMD, then TR_RESULT read once TR_EVENTS.DONE raises irq_o */
typedef struct {
  unsigned line;
  int kernel;
  int retire;             /* the action asked for */
  uint64_t at;            /* cycle the workload asks for */
  uint64_t issued;        /* TR_CMD queued */
  uint64_t accepted;      /* TR_CMD accepted (AW and W) */
  uint64_t done;          /* the completion seen: irq_o from TR_EVENTS.DONE (registered) */
  uint64_t read;          /* TR_RESULT read with DONE */
  long inst;              /* the instance named (-1: none launched yet: TAG 0xFFFF, UNKNOWN) */
  unsigned kind, id;      /* TR_CMD.KIND / .ID written */
  unsigned status, tag, lid, replay; /* TR_RESULT */
  uint64_t dropped;       /* TBs the revocation dropped (started, not done at its completion) */
} kmusim_rvk;

/* one copy (RGEM 3.1): submitted through the copy window, its bytes watched on both sides */
typedef struct {
  unsigned line, prio, id, status;
  int dir;                /* 0 host to device, 1 device to host */
  uint32_t bytes, src, dst;
  uint64_t at;            /* cycle the workload asks for */
  uint64_t issued;        /* its staging writes queued on the AXI master */
  uint64_t accepted;      /* COPY_GO accepted (AW and W handshakes) */
  uint64_t first_read;    /* the engine's first read of its source: its first chunk starts */
  uint64_t last_write;    /* its last destination word written: the copy is done */
  uint64_t completed;     /* its completion read from COPY_CPL */
  uint64_t blocked;       /* cycles from accepted to first_read in which a lower-priority
                           * copy's read went out: the blocking it suffered */
  uint64_t blk_last;      /* the last cycle counted in blocked */
  unsigned after;         /* 1 + the workload event it waits for (after=), 0 none */
  uint32_t nread, nwritten;
  uint8_t *wbits;         /* destination words written (while live) */
  int live;               /* submitted, completion not yet read */
} kmusim_copy;

typedef struct {
  int kernel;
  unsigned line;
  uint64_t at, issued, accepted, done; /* accepted: REG_CMD write; done: REG_RESULT.DONE read */
  unsigned id, code;
} kmusim_regrec;

typedef struct {
  uint16_t sm, rtb;
  int kernel;
  uint32_t inst;
  uint64_t start, end;    /* start handshake, done handshake (or the run's end) */
} kmusim_tbrec;

/* a preemption event on the timeline */
enum { MARK_PREEMPT, MARK_EVICT, MARK_RESTORE, MARK_WP, MARK_YIELD, MARK_WAKE };
typedef struct {
  uint64_t cycle;
  uint16_t sm;
  uint8_t kind; /* MARK_* */
} kmusim_mark;

typedef struct {
  uint64_t warp_busy, tb_busy; /* sums over the span of busy warp slots / TB entries */
  uint64_t tbs;                /* TBs run */
} kmusim_smstat;

typedef struct {
  const char *engine;
  int test_double;
  uint64_t cycles;          /* cycles simulated */
  int engine_timed;         /* engine_ns measured (kmusim_run_opts.time_engine) */
  uint64_t engine_ns;       /* wall time inside the engine's comb and tick */
  uint64_t run_ns;          /* wall time of the whole cycle loop (engine and environment) */
  uint64_t span;            /* 0 .. last completion: the basis of utilization */
  const char *end_reason;   /* "completed", "end" */
  kmusim_inst *inst;
  size_t ninst;
  kmusim_regrec *reg;
  unsigned nreg;
  kmusim_tbrec *tbr;
  size_t ntbr, tbr_cap;
  kmusim_smstat *sm;
  unsigned nsm;
  sm_kstat *ks;             /* per kernel (nk; their sample lists are the result's) */
  unsigned nks;
  /* GPUpIO (a workload with io= kernels on a hardware engine) */
  int io;
  uint32_t yield_cnt[6];    /* YIELD_TAKE, _SPIN, _FULL, _NOWORK, _WAKE, _ERR at the end */
  uint64_t io_requests, io_signals, io_signals_accepted; /* device: requests, YIELD_SIGNAL writes */
  uint64_t mem_port_reads, mem_port_writes, mem_sm_loads, mem_busy_cycles;
  uint32_t err_status, perf_doorbells, perf_completions;
  int final_read;           /* the final CSR reads were done */
  uint64_t irq_cycles;
  uint64_t hints;           /* PRE_HINT writes issued */
  uint64_t hl_busy;         /* HL_CMD writes answered SLVERR (busy: a launch pending), retried */
  /* preemption (engines with per-SM SIMT ports) */
  uint64_t preempt_reqs;    /* TB-level preemption requests to SMs (kmu_preempt_ctrl) */
  uint64_t evictions, restores; /* TBs switched out / restored */
  uint64_t ctx_saves;       /* context saves done (base, incremental, full) */
  uint64_t ctx_save_bytes, ctx_restore_bytes;
  uint64_t save_cycles;     /* SM cycles from a save command taken to its done, summed */
  uint64_t wp_events;       /* event warps started by warp-level preemption (ev_start) */
  /* copies (RGEM 3.1) */
  kmusim_copy *cp;
  size_t ncp;
  uint64_t link_reads, link_writes, link_chunks, link_setup_cycles;
  uint32_t perf_copies, copy_err_cnt; /* PERF_COPIES, COPY_ERR_CNT read at the end */
  uint32_t tr_elastic, tr_result, perf_revokes, err_cnt_trem; /* the TReM window, at the end */
  kmusim_rvk *rv;           /* revoke lines, in time order */
  size_t nrv;
  uint64_t drop_evictions;  /* evicted TBs that a revocation dropped (in evictions too) */
  uint64_t auto_replays;    /* automatic (TReM policy) revocations seen, all replays */
  kmusim_mark *marks;       /* timeline marks (with record_tbs) */
  size_t nmarks, marks_cap;
  uint64_t *iso;            /* per kernel: isolated turnaround, 0 = not measured */
  double antt, stp;
  int have_antt;
  unsigned nerr;
  char err[8][512];
} kmusim_result;

typedef struct {
  const kmusim_engine_ops *engine;
  const char *fst;
  uint64_t seed;
  uint64_t max_cycles;      /* error when reached with work left */
  uint64_t hang_cycles;     /* error after this many cycles with nothing moving */
  int progress;             /* a progress line on stderr */
  int record_tbs;           /* keep TB intervals for the timeline */
  int time_engine;          /* measure the time spent inside the engine (engine_ns) */
} kmusim_run_opts;

/* 0: the run completed and every scoreboard holds; else an exit code (3) with the reasons in
 * r->err (also printed to stderr) */
int kmusim_run(const kmusim_workload *w, const kmusim_run_opts *o, kmusim_result *r);
/* isolated turnaround of every kernel that has instances, then ANTT and STP */
int kmusim_isolated(const kmusim_workload *w, const kmusim_run_opts *o, kmusim_result *r);
void kmusim_result_free(kmusim_result *r);
/* a TR_RESULT.STATUS code's name (trem_status_e of regmap/kmu.rdl), "?" beyond them */
const char *kmusim_trem_status_name(unsigned st);

#endif
