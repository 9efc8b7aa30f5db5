/* workload.h - kmusim configurations and workload files (docs/workload-format.md).
 *
 * A workload is a kernel table plus a list of timed events.  The parser checks every line and
 * reports each malformed one as "file:line: what is wrong" on stderr; the caller exits
 * non-zero when any was found.  After parsing, the kernels are checked against the final
 * configuration (a TB that fits no SM, more event kernels than EKT entries). */
#ifndef KMUSIM_WORKLOAD_H
#define KMUSIM_WORKLOAD_H
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Paths (a workload, a configuration file, its name as written) are at most
 * KMUSIM_PATH_MAX - 1 characters; a longer one is refused rather than truncated, so that no
 * message or report names a different file than the one read. */
#define KMUSIM_PATH_MAX 1024
#define KMUSIM_POLICY_MAX 48

/* ---- configuration: one parameter set for the hardware and the environment */
typedef struct {
  char name[KMUSIM_PATH_MAX]; /* preset name or config file path */
  unsigned nsm;          /* NSM: SMs */
  unsigned ekt_entries;  /* ENTRIES: EKT entries */
  unsigned slots;        /* SLOTS: active kernels (KDU) */
  unsigned pend;         /* PEND: pending kernels per priority level */
  unsigned tbs;          /* TBS: resident TB slots per SM */
  unsigned warps;        /* WARPS: warp slots per SM */
  unsigned regs;         /* REGS: registers per SM */
  unsigned shmem;        /* SHMEM: shared memory bytes per SM */
  unsigned ewt;          /* EWT: pending event-warp table entries per SM */
  unsigned mem_latency;  /* memory: cycles from request accepted to data / write visible */
  unsigned mem_bw;       /* memory: requests accepted per cycle (port + SM loads) */
  unsigned mem_stall_pct; /* memory: percent of cycles the port is not ready (random) */
  /* software configuration, written to the CSRs over AXI at cycle 0 (not build parameters) */
  unsigned rgem;         /* KMU_CTRL.RGEM: 1 one kernel at a time, highest priority first */
  unsigned reserve;      /* SM_RESERVE: bit i reserves SM i for event kernels (SMs 0..31) */
  /* preemption (the PRE_* window), written at cycle 0 too; `policy` names them (below) */
  char policy[KMUSIM_POLICY_MAX]; /* as written, "drain" by default */
  unsigned pol;          /* PRE_CTRL.POLICY: KMU_POL_DRAIN, _CHIMERA, _CHIMERA_DIRTY, _PEP */
  unsigned inplace;      /* PRE_CTRL.INPLACE: PEP in-place incremental saves */
  unsigned wp_en;        /* PRE_CTRL.WP_EN: EDGE warp-level preemption */
  unsigned use_reserve;  /* policy reserve: SM_RESERVE = reserve, or the default mask if 0 */
  unsigned vpol;         /* PRE_CTRL.VPOL: victim policy (KMU_VICTIM_*) */
  unsigned opt;          /* PRE_CTRL.OPT: warp-preemption flush optimisations */
  unsigned pre_all;      /* PRE_CTRL.ALL: every candidate SM asked at once */
  unsigned deadline;     /* PRE_DEADLINE: Chimera's preemption deadline, cycles */
  unsigned bw_shift;     /* PRE_BW.SHIFT: log2 context-save bytes per cycle */
  unsigned ctx_base;     /* PRE_CTX_BASE: checkpoint areas in memory */
  /* copies (RGEM 3.1): the host link model and the chunk size (COPY_CHUNK, written at cycle 0) */
  unsigned link_latency; /* host link: cycles from a read accepted to its data */
  unsigned link_bw;      /* host link: bytes per cycle, 1..4 */
  unsigned link_setup;   /* host link: setup cycles per chunk (RGEM's O) */
  unsigned copy_chunk;   /* COPY_CHUNK.LOG2: chunk bytes = 2^max(copy_chunk, 2) */
  /* TReM's automatic policy (issue 12), written at cycle 0 on a hardware engine when any is set:
   * TR_CTRL.POLICY, Elastic's TR_SLA and TR_PERIOD (kmusim --trem replaces trem) */
  unsigned trem;         /* TR_CTRL.POLICY: KMU_TREM_POL_OFF (default), _PRIORITY, _ELASTIC */
  unsigned sla;          /* TR_SLA: Elastic's user-facing SLA in cycles */
  unsigned period;       /* TR_PERIOD: Elastic's recompute period in cycles (0: at completions) */
  unsigned cost;         /* TR_COST: the revocation cost in cycles (Elastic's NEAR_DONE rule) */
  /* environment: the SIMT side's pipeline drain of a paused TB (simt_pause -> simt_paused), in
   * cycles; 0: seeded SM_DRAIN_MIN..SM_DRAIN_MAX.  A drop waits for it: the revocation latency
   * as a model parameter (studies/trem, Fig. 11b) */
  unsigned pause_drain;
  /* GPUpIO I/O (issue 13): the modelled device's extra cycles between an I/O's completion and
   * its flag write + YIELD_SIGNAL write (sim/env/io_dev.h) */
  unsigned iodev_lat;
  unsigned unit;         /* TR_CTRL.UNIT: Elastic's SMs per user-facing task, log2 (0..7) */
  /* YIELD_CTRL.TAIL (register map 1.6), written at cycle 0 on a hardware engine when set: a woken
   * yield(addr) TB re-enqueued at the tail (parked as a yield(0) spin) instead of the head */
  unsigned yield_tail;
  /* YIELD_CTRL.MAXWAIT (0..15), written with TAIL at cycle 0 on a hardware engine when set: a
   * parked TB (a spin, or a tail wake) is handed to its SM within 16 * 2^k + 1 cycles */
  unsigned yield_maxwait;
  /* GPUpIO I/O (issue 13): 1: the modelled device serves one request at a time in request
   * order (the paper's section 3 disk: an I/O starts when the previous one ends, due =
   * max(request, previous due) + io); 0 (default): every request on its own, due = request + io */
  unsigned iodev_serial;
  /* TR_THRESH (TReM VII's starvation guard), written at cycle 0 on a hardware engine when set:
   * a kernel revoked this many times is non-revocable (0, the reset: no guard) */
  unsigned thresh;
} kmusim_config;

/* Policy names (config key `policy`, kmusim --policy): drain, reserve, warp, chimera,
 * chimera_dirty, pep, pep_inplace, and '+'-joined combinations of at most one TB-level policy
 * (chimera, chimera_dirty, pep, pep_inplace) with reserve and/or warp, e.g. pep+warp. */
#define KMUSIM_POLICY_MAX 48
/* the SM_RESERVE value a run writes: reserve, or under policy reserve with reserve = 0 the
 * highest max(1, nsm / 8) SMs (below 32) */
unsigned kmusim_config_reserve_mask(const kmusim_config *c);

/* preset "small", "fpga" or "paper"; 0 when the name is not one */
int kmusim_config_preset(kmusim_config *c, const char *name);
/* one key=value; 0 and a message in err when the key is unknown or the value is bad */
int kmusim_config_set(kmusim_config *c, const char *key, const char *val, char *err,
                      size_t errlen);
/* a preset name, or a config file (key=value lines, optional first key base=<preset>),
 * relative to rel_dir unless absolute.  1 ok; 0 errors in the file (printed to stderr as
 * "file:line: ..."); -1 neither a preset nor a file that can be opened and read (an I/O
 * error: why says which file and the system's reason); -2 a file that is not a
 * configuration text file (not a regular file, too large, a NUL byte, a path too long: why
 * says which).  Nothing is printed for -1 and -2. */
#define KMUSIM_CONFIG_MAX_BYTES (1u << 20)
int kmusim_config_load(kmusim_config *c, const char *name_or_path, const char *rel_dir,
                       char *why, size_t whylen);

/* ---- kernels */
#define KMUSIM_NAME_MAX 48
#define KMUSIM_MAX_TBS (1u << 24) /* TBs per kernel instance (a kmusim limit) */

typedef struct {
  char name[KMUSIM_NAME_MAX];
  unsigned line;        /* where it was defined */
  uint32_t grid[3], tbdim[3];
  unsigned regs;        /* registers per thread, 1..255 */
  unsigned shmem;       /* bytes per TB, 0..65535 */
  unsigned prio;        /* 0..3, 3 highest */
  uint64_t cycles;      /* TB run time on the SM, without memory stalls */
  int event;            /* 1: event kernel (EKT, doorbells), 0: host kernel (host launch) */
  unsigned ring;        /* event: parameter-buffer entries */
  unsigned maxinf;      /* event: max in flight (<= ring) */
  unsigned load_rate;   /* global loads per 1000 TB cycles (per TB) */
  unsigned wb_rate;     /* register write-backs per 1000 TB cycles (per TB) */
  unsigned bar_rate;    /* barriers per 1000 TB cycles (per TB) */
  unsigned jitter;      /* TB time varies uniformly by +-jitter percent (seeded) */
  int user;             /* TReM class: 1 user-facing, 0 batch (event kernels: always user) */
  uint32_t est;         /* TReM: estimated execution time in cycles (0: none) */
  /* GPUpIO I/O thread blocks (docs/workload-format.md, I/O): a TB runs `rounds` rounds of
   * (compute `cycles`, then wait for an I/O the device completes `io` cycles after the
   * request); during a wait it spins (yield off) or yields (addr: yield(flag), spin: yield(0)) */
  int has_io;           /* io= given */
  uint64_t io;          /* I/O latency in cycles, 0..1e9 */
  unsigned rounds;      /* 1..1000 (1 without io) */
  int yield;            /* KMUSIM_YIELD_* */
  /* derived */
  uint64_t ntb;         /* grid x*y*z */
  unsigned threads;     /* per TB */
  unsigned warps;       /* per TB: ceil(threads / 32) */
  uint32_t regs_per_tb; /* warps * 32 * regs */
  uint32_t kptr;        /* kernel pointer kmusim gives it */
  uint32_t pbase;       /* event: parameter buffer base; entries of KMUSIM_ESIZE bytes */
  int registered;       /* event: has a register event */
} kmusim_kernel;

enum { KMUSIM_YIELD_OFF, KMUSIM_YIELD_ADDR, KMUSIM_YIELD_SPIN };
/* the flag word of (kernel k, TB index i) that the device writes when the TB's I/O completes:
 * unique per resident TB (2^18 TBs per kernel, 64 kernels apart by 16 MB) */
#define KMUSIM_IOFLAG_BASE 0x40000000u
#define KMUSIM_IOFLAG_KSTRIDE 0x01000000u
#define KMUSIM_IOFLAG_TSTRIDE 64u
#define KMUSIM_IOFLAG_TBS (1u << 18)
static inline uint32_t kmusim_ioflag(unsigned k, uint64_t tb) {
  return KMUSIM_IOFLAG_BASE + KMUSIM_IOFLAG_KSTRIDE * k +
         KMUSIM_IOFLAG_TSTRIDE * (uint32_t)(tb % KMUSIM_IOFLAG_TBS);
}

#define KMUSIM_ESIZE 64u                /* parameter entry size: word 0 is the completion flag */
#define KMUSIM_KPTR_BASE 0x00100000u    /* kernel k: KMUSIM_KPTR_BASE + 0x100 * k */
#define KMUSIM_PBUF_BASE 0x10000000u    /* event kernel k: parameter buffer at + 0x40000 * k */
#define KMUSIM_PBUF_STRIDE 0x40000u
#define KMUSIM_HOST_PARAM_BASE 0x40000000u /* host instance i: param = cpl = + 64 * i */

/* ---- events */
typedef enum {
  KMUSIM_EV_REGISTER,
  KMUSIM_EV_DOORBELL,
  KMUSIM_EV_LAUNCH,
  KMUSIM_EV_HINT,
  KMUSIM_EV_COPY,
  KMUSIM_EV_REVOKE,
  KMUSIM_EV_END
} kmusim_ev_kind;

typedef struct {
  kmusim_ev_kind kind;
  unsigned line;
  int kernel;        /* index, -1 for copy / end */
  uint64_t at;       /* cycle of the first occurrence */
  uint64_t count;    /* doorbell / launch: occurrences (1..) */
  uint64_t every;    /* doorbell / launch: cycles between occurrences */
  uint64_t bytes;    /* copy */
  int dir;           /* copy: 0 h2d, 1 d2h */
  unsigned prio;     /* copy */
  uint64_t lead;     /* hint: predicted cycles until the launch */
  int retire;        /* revoke: 1 action=retire, 0 action=replay (the default) */
  /* chaining (launch and copy, count 1): name= labels the statement, after= makes it wait
   * for an earlier labelled statement: it is issued at max(at, that one's completion) */
  char name[KMUSIM_NAME_MAX]; /* "" none */
  unsigned after;    /* 1 + index into ev of the statement it waits for; 0 none (so a
                      * zeroed event waits for nothing) */
} kmusim_event;

typedef struct {
  char path[KMUSIM_PATH_MAX];
  int io_error;           /* the workload or --config file could not be opened or read (exit
                           * 1, I/O), as opposed to malformed content (exit 2) */
  kmusim_config cfg;
  unsigned cfg_line;      /* 0: no config line (small is used) */
  kmusim_kernel *k;
  unsigned nk;
  kmusim_event *ev;
  unsigned nev;
  int has_end;
  uint64_t end_at;
  uint64_t n_instances;   /* doorbells + host launches, counted */
} kmusim_workload;

const char *kmusim_ev_name(kmusim_ev_kind k);

/* Parse a workload file.  cfg_override (NULL: none) replaces its config line;
 * policy_override (NULL: none) then replaces the configuration's policy (kmusim --policy).  Returns the
 * number of errors (each printed to stderr as "file:line: ..."); 0 on success.  w->io_error
 * tells an unreadable file from malformed content.  A workload file may be any readable file
 * (a pipe too) but at most KMUSIM_WORKLOAD_MAX_BYTES, without NUL bytes. */
#define KMUSIM_WORKLOAD_MAX_BYTES (256u << 20)
unsigned kmusim_workload_load(kmusim_workload *w, const char *path, const char *cfg_override,
                              const char *policy_override);
/* Parse from a string (tests); `name` is used in messages. */
unsigned kmusim_workload_parse(kmusim_workload *w, const char *name, const char *text,
                               const char *cfg_override, const char *policy_override);
void kmusim_workload_free(kmusim_workload *w);
/* the kernel with this kptr, or -1 */
int kmusim_kernel_by_kptr(const kmusim_workload *w, uint64_t kptr);

/* Numbers in workload and config files and in kmusim's options: decimal (leading zeros
 * allowed, never octal: 010 is ten) or 0x / 0X hex, optional suffix k (x1000) or M
 * (x1000000); 0 when `s` is not one (or overflows 64 bits). */
int kmusim_parse_u64(const char *s, uint64_t *v);

#ifdef __cplusplus
}
#endif
#endif
