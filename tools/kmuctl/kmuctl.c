/* kmuctl - the host side of a board: talks to kmu_uart_axil over a serial device
 * (docs/blocks/kmu_uart_axil.md, docs/tools.md).
 *
 *   kmuctl [-d DEV] [-b BAUD] [-t MS] COMMAND [ARGS]
 *     ping                         the bridge's protocol version and address width
 *     read REG|ADDR                one register (REG a name of docs/regmap.md, NAME[i] for an array)
 *     write REG|ADDR VALUE [STRB]  one register (STRB: byte strobes, default 0xf)
 *     stats                        the bridge's error counters
 *     regs                         the register names this kmuctl knows
 *     dump                         every readable register
 *     counters                     the performance and error counters (PERF_*, ERR_CNT_*)
 *     doorbell ID                  ring doorbell ID (DOORBELL[ID])
 *     register kptr=K pbase=B pend=E esize=S [grid=X,Y,Z] [tb=X,Y,Z] [shmem=N] [nregs=N]
 *              [prio=P] [maxinf=N]  register an event kernel (staging registers, REG_CMD,
 *                                  REG_RESULT): prints its doorbell id
 *     unregister ID                free the EKT entry of doorbell ID
 *     run W.wl [WAIT]              play a kmusim workload file (kmuctl_run.c), wait up to WAIT
 *                                  seconds (default 60) for its kernels, print the counters
 * DEV defaults to $KMUCTL_DEV; BAUD to 115200; MS (answer timeout) to 1000.
 * Exit status: 0 done; 1 the device, the bridge or the register map refused or did not answer
 * (the message says what); 2 a usage error. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kmu_link.h"
#include "kmu_regmap.h"
#include "kmuctl_run.h"
#include "workload.h"

typedef struct {
  const char *name;
  uint32_t addr, count, stride;
  unsigned rd, wr;
} reg_t;
#define REG_ROW(n, a, c, s, r, w) {#n, (a), (c), (s), (r), (w)},
static const reg_t regs[] = {KMU_REGMAP_REGS(REG_ROW)};
#define NREGS (sizeof regs / sizeof regs[0])

typedef struct {
  const char *name;
  unsigned code;
} code_t;
#define CODE_ROW(n, v) {#n, (v)},
static const code_t reg_codes[] = {KMU_REG_CODE_CODES(CODE_ROW)};
static const code_t unreg_codes[] = {KMU_UNREG_CODE_CODES(CODE_ROW)};

static const char *code_name(const code_t *t, unsigned n, unsigned code) {
  for (unsigned k = 0; k < n; k++)
    if (t[k].code == code) return t[k].name;
  return "unknown";
}

static void usage(void) {
  fprintf(stderr,
          "usage: kmuctl [-d DEV] [-b BAUD] [-t MS] COMMAND [ARGS]\n"
          "  ping | read REG|ADDR | write REG|ADDR VALUE [STRB] | stats | regs | dump |\n"
          "  counters | doorbell ID | register kptr=K pbase=B pend=E esize=S [grid=X,Y,Z]\n"
          "  [tb=X,Y,Z] [shmem=N] [nregs=N] [prio=P] [maxinf=N] | unregister ID |\n"
          "  run W.wl [WAIT]\n"
          "DEV defaults to $KMUCTL_DEV, BAUD to 115200, MS (answer timeout) to 1000\n");
}

static int num(const char *s, uint64_t max, uint64_t *v) {
  char *end;
  errno = 0;
  const unsigned long long x = strtoull(s, &end, 0);
  if (errno || end == s || *end || x > max) return 0;
  *v = x;
  return 1;
}

/* a register name (NAME or NAME[i]) or a number; the register found (or NULL for a number) */
static int addr_of(const char *s, uint32_t *a, const reg_t **r) {
  uint64_t v;
  *r = NULL;
  if (num(s, 0xffffffffu, &v)) {
    *a = (uint32_t)v;
    return 1;
  }
  char name[64];
  uint64_t idx = 0;
  const char *br = strchr(s, '[');
  const size_t nl = br ? (size_t)(br - s) : strlen(s);
  if (nl >= sizeof name) return 0;
  memcpy(name, s, nl);
  name[nl] = 0;
  if (br) {
    char ix[32];
    const char *cl = strchr(br, ']');
    if (!cl || cl[1] || (size_t)(cl - br - 1) >= sizeof ix) return 0;
    memcpy(ix, br + 1, (size_t)(cl - br - 1));
    ix[cl - br - 1] = 0;
    if (!num(ix, 0xffffffffu, &idx)) return 0;
  }
  for (unsigned k = 0; k < NREGS; k++)
    if (!strcasecmp(regs[k].name, name)) {
      if (idx >= regs[k].count) {
        fprintf(stderr, "kmuctl: %s has %u elements, [%llu] is out of range\n", regs[k].name,
                regs[k].count, (unsigned long long)idx);
        return 0;
      }
      *a = regs[k].addr + (uint32_t)idx * regs[k].stride;
      *r = &regs[k];
      return 1;
    }
  return 0;
}

static int link_fail(const kmu_link *l) {
  fprintf(stderr, "kmuctl: %s\n", l->err);
  return 1;
}

static int do_read(kmu_link *l, const char *name, uint32_t a, int quiet_name) {
  uint32_t v;
  if (kmu_link_read(l, a, &v)) return link_fail(l);
  if (quiet_name)
    printf("0x%08x\n", v);
  else
    printf("%-16s 0x%04x  0x%08x  %u\n", name, a, v, v);
  return 0;
}

/* key=value arguments of `register` */
typedef struct {
  const char *key;
  unsigned n;      /* values (1, or 3 for x,y,z) */
  uint64_t max;    /* each value's limit */
  uint64_t v[3];   /* defaults, then the values given */
  int required, given;
} kv_t;

static int parse_kv(kv_t *kv, unsigned nkv, int argc, char **argv) {
  for (int a = 0; a < argc; a++) {
    const char *eq = strchr(argv[a], '=');
    unsigned k;
    for (k = 0; k < nkv; k++)
      if (eq && strlen(kv[k].key) == (size_t)(eq - argv[a]) &&
          !strncmp(kv[k].key, argv[a], (size_t)(eq - argv[a])))
        break;
    if (k == nkv) {
      fprintf(stderr, "kmuctl register: unknown argument '%s'\n", argv[a]);
      return 0;
    }
    char buf[96];
    snprintf(buf, sizeof buf, "%s", eq + 1);
    char *p = buf;
    for (unsigned j = 0; j < kv[k].n; j++) {
      char *c = strchr(p, ',');
      if (c) *c = 0;
      if ((j + 1 < kv[k].n) != (c != NULL) || !num(p, kv[k].max, &kv[k].v[j])) {
        fprintf(stderr, "kmuctl register: %s needs %u number%s of at most %llu\n", kv[k].key,
                kv[k].n, kv[k].n > 1 ? "s (x,y,z)" : "", (unsigned long long)kv[k].max);
        return 0;
      }
      p = c ? c + 1 : p;
    }
    kv[k].given = 1;
  }
  for (unsigned k = 0; k < nkv; k++)
    if (kv[k].required && !kv[k].given) {
      fprintf(stderr, "kmuctl register: %s= is required\n", kv[k].key);
      return 0;
    }
  return 1;
}

static int reg_kernel(kmu_link *l, const kmuctl_reg_args *a, unsigned *id);

static int do_register(kmu_link *l, int argc, char **argv) {
  enum { KPTR, PBASE, PEND, ESIZE, GRID, TB, SHMEM, NREGS_, PRIO, MAXINF, NKV };
  kv_t kv[NKV] = {
      {"kptr", 1, 0xffffffffu, {0}, 1, 0},   {"pbase", 1, 0xffffffffu, {0}, 1, 0},
      {"pend", 1, 0xffffffffu, {0}, 1, 0},   {"esize", 1, 0xffff, {0}, 1, 0},
      {"grid", 3, 0xffff, {1, 1, 1}, 0, 0},  {"tb", 3, 0xffff, {32, 1, 1}, 0, 0},
      {"shmem", 1, 0xffff, {0}, 0, 0},       {"nregs", 1, 0xff, {16}, 0, 0},
      {"prio", 1, 3, {0}, 0, 0},             {"maxinf", 1, 0xff, {1}, 0, 0},
  };
  if (!parse_kv(kv, NKV, argc, argv)) return 2;
  const kmuctl_reg_args a = {
      (uint32_t)kv[KPTR].v[0],  (uint32_t)kv[PBASE].v[0], (uint32_t)kv[PEND].v[0],
      (uint32_t)kv[ESIZE].v[0],
      {(uint32_t)kv[GRID].v[0], (uint32_t)kv[GRID].v[1], (uint32_t)kv[GRID].v[2]},
      {(uint32_t)kv[TB].v[0], (uint32_t)kv[TB].v[1], (uint32_t)kv[TB].v[2]},
      (uint32_t)kv[SHMEM].v[0], (uint32_t)kv[NREGS_].v[0], (uint32_t)kv[PRIO].v[0],
      (uint32_t)kv[MAXINF].v[0]};
  unsigned id;
  const int rc = reg_kernel(l, &a, &id);
  if (!rc)
    printf("registered: doorbell %u (DOORBELL[%u] at 0x%04x)\n", id, id,
           KMU_DOORBELL_ADDR + id * KMU_DOORBELL_STRIDE);
  return rc;
}

/* an event kernel's registration: the staging registers, REG_CMD, then REG_RESULT (0 and its
 * doorbell id in *id; else kmuctl's exit status, the reason printed) */
static int reg_kernel(kmu_link *l, const kmuctl_reg_args *a, unsigned *id) {
  const struct {
    uint32_t addr, val;
  } w[] = {
      {KMU_REG_KPTR_ADDR, a->kptr},
      {KMU_REG_GRID_XY_ADDR,
       a->grid[0] << KMU_REG_GRID_XY_X_SHIFT | a->grid[1] << KMU_REG_GRID_XY_Y_SHIFT},
      {KMU_REG_GRID_Z_ADDR, a->grid[2] << KMU_REG_GRID_Z_Z_SHIFT},
      {KMU_REG_TB_XY_ADDR, a->tb[0] << KMU_REG_TB_XY_X_SHIFT | a->tb[1] << KMU_REG_TB_XY_Y_SHIFT},
      {KMU_REG_TB_Z_ADDR, a->tb[2] << KMU_REG_TB_Z_Z_SHIFT},
      {KMU_REG_RES_ADDR, a->shmem << KMU_REG_RES_SHMEM_SHIFT |
                             a->nregs << KMU_REG_RES_NREGS_SHIFT |
                             a->prio << KMU_REG_RES_PRIO_SHIFT},
      {KMU_REG_PBASE_ADDR, a->pbase},
      {KMU_REG_PEND_ADDR, a->pend},
      {KMU_REG_PSIZE_ADDR,
       a->esize << KMU_REG_PSIZE_ESIZE_SHIFT | a->maxinf << KMU_REG_PSIZE_MAXINF_SHIFT},
      {KMU_REG_CMD_ADDR, 1},
  };
  for (unsigned k = 0; k < sizeof w / sizeof w[0]; k++)
    if (kmu_link_write(l, w[k].addr, w[k].val, 0xf)) return link_fail(l);
  /* the EKT answers within a few cycles; a few reads of REG_RESULT are plenty */
  for (unsigned tries = 0; tries < 100; tries++) {
    uint32_t r;
    if (kmu_link_read(l, KMU_REG_RESULT_ADDR, &r)) return link_fail(l);
    if (!(r & KMU_REG_RESULT_DONE_MASK)) continue;
    const unsigned code = (r & KMU_REG_RESULT_CODE_MASK) >> KMU_REG_RESULT_CODE_SHIFT;
    if (code != KMU_REG_CODE_OK) {
      fprintf(stderr, "kmuctl: registration refused: code %u (%s)\n", code,
              code_name(reg_codes, sizeof reg_codes / sizeof reg_codes[0], code));
      return 1;
    }
    *id = (r & KMU_REG_RESULT_ID_MASK) >> KMU_REG_RESULT_ID_SHIFT;
    return 0;
  }
  fprintf(stderr, "kmuctl: registration: REG_RESULT.DONE not set after 100 reads\n");
  return 1;
}

static int do_unregister(kmu_link *l, uint32_t id) {
  uint32_t r;
  if (kmu_link_write(l, KMU_UNREG_CMD_ADDR, id << KMU_UNREG_CMD_ID_SHIFT, 0xf) ||
      kmu_link_read(l, KMU_UNREG_RESULT_ADDR, &r))
    return link_fail(l);
  const unsigned code = (r & KMU_UNREG_RESULT_CODE_MASK) >> KMU_UNREG_RESULT_CODE_SHIFT;
  if (!(r & KMU_UNREG_RESULT_DONE_MASK) || code != KMU_UNREG_CODE_OK) {
    fprintf(stderr, "kmuctl: unregistration of %u refused: code %u (%s)\n", id, code,
            code_name(unreg_codes, sizeof unreg_codes / sizeof unreg_codes[0], code));
    return 1;
  }
  printf("unregistered: doorbell %u\n", id);
  return 0;
}

/* every readable register (cnt_only: the PERF_* and ERR_CNT_* counters) */
static int do_dump(kmu_link *l, int cnt_only) {
  int rc = 0;
  for (unsigned k = 0; k < NREGS && !rc; k++) {
    if (!regs[k].rd || regs[k].count > 1) continue;
    if (cnt_only && strncmp(regs[k].name, "PERF_", 5) && strncmp(regs[k].name, "ERR_CNT_", 8))
      continue;
    rc = do_read(l, regs[k].name, regs[k].addr, 0);
  }
  return rc;
}
static int do_counters(kmu_link *l) { return do_dump(l, 1); }

int main(int argc, char **argv) {
  const char *dev = getenv("KMUCTL_DEV");
  uint64_t baud = 115200, tmo = 1000;
  int a = 1;
  for (; a < argc && argv[a][0] == '-'; a++) {
    if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
      usage();
      return 0;
    }
    if (a + 1 >= argc) break;
    if (!strcmp(argv[a], "-d")) dev = argv[++a];
    else if (!strcmp(argv[a], "-b") && num(argv[a + 1], 4000000, &baud)) a++;
    else if (!strcmp(argv[a], "-t") && num(argv[a + 1], 3600000, &tmo) && tmo) a++;
    else {
      fprintf(stderr, "kmuctl: bad option %s %s\n", argv[a], argv[a + 1]);
      usage();
      return 2;
    }
  }
  if (a >= argc) {
    usage();
    return 2;
  }
  const char *cmd = argv[a++];
  const int nargs = argc - a;
  char **args = argv + a;

  if (!strcmp(cmd, "regs")) { /* needs no device */
    for (unsigned k = 0; k < NREGS; k++)
      printf("%-16s 0x%04x%s%s%s\n", regs[k].name, regs[k].addr, regs[k].rd ? " R" : "  ",
             regs[k].wr ? "W" : " ", regs[k].count > 1 ? " (array)" : "");
    return 0;
  }
  static const struct {
    const char *name;
    int nmin, nmax;
  } cmds[] = {{"ping", 0, 0},     {"read", 1, 1},     {"write", 2, 3},
              {"stats", 0, 0},    {"dump", 0, 0},     {"counters", 0, 0},
              {"doorbell", 1, 1}, {"register", 4, 10}, {"unregister", 1, 1},
              {"run", 1, 2}};
  unsigned c;
  for (c = 0; c < sizeof cmds / sizeof cmds[0]; c++)
    if (!strcmp(cmd, cmds[c].name)) break;
  if (c == sizeof cmds / sizeof cmds[0]) {
    fprintf(stderr, "kmuctl: unknown command '%s'\n", cmd);
    usage();
    return 2;
  }
  if (nargs < cmds[c].nmin || nargs > cmds[c].nmax) {
    fprintf(stderr, "kmuctl %s: wrong number of arguments\n", cmd);
    usage();
    return 2;
  }
  /* arguments before the device, so that a typo is not reported as a device problem */
  uint32_t addr = 0;
  uint64_t val = 0, strb = 0xf;
  const reg_t *r = NULL;
  if (!strcmp(cmd, "read") || !strcmp(cmd, "write")) {
    if (!addr_of(args[0], &addr, &r)) {
      fprintf(stderr, "kmuctl %s: '%s' is neither a register name (kmuctl regs) nor an address\n",
              cmd, args[0]);
      return 2;
    }
    if (nargs > 1 && !num(args[1], 0xffffffffu, &val)) {
      fprintf(stderr, "kmuctl write: bad value '%s'\n", args[1]);
      return 2;
    }
    if (nargs > 2 && !num(args[2], 0xf, &strb)) {
      fprintf(stderr, "kmuctl write: bad strobe '%s' (0..0xf)\n", args[2]);
      return 2;
    }
  }
  if ((!strcmp(cmd, "doorbell") || !strcmp(cmd, "unregister")) &&
      !num(args[0], KMU_DOORBELL_COUNT - 1, &val)) {
    fprintf(stderr, "kmuctl %s: bad doorbell id '%s' (0..%u)\n", cmd, args[0],
            KMU_DOORBELL_COUNT - 1);
    return 2;
  }
  /* run: the workload is read (kmusim's parser) before the device is opened */
  kmusim_workload wl;
  uint64_t wait_s = 60;
  memset(&wl, 0, sizeof wl);
  if (!strcmp(cmd, "run")) {
    if (nargs > 1 && !num(args[1], 86400, &wait_s)) {
      fprintf(stderr, "kmuctl run: bad wait '%s' (seconds)\n", args[1]);
      return 2;
    }
    if (kmusim_workload_load(&wl, args[0], NULL, NULL)) {
      const int io = wl.io_error;
      kmusim_workload_free(&wl);
      return io ? 1 : 2;
    }
  }
  if (!dev) {
    kmusim_workload_free(&wl);
    fprintf(stderr, "kmuctl: no device: give -d DEV or set KMUCTL_DEV\n");
    return 2;
  }

  kmu_link l;
  if (kmu_link_open(&l, dev, (unsigned)baud, (unsigned)tmo)) {
    kmusim_workload_free(&wl);
    return link_fail(&l);
  }
  int rc = 0;
  if (!strcmp(cmd, "ping")) {
    unsigned ver, aw;
    if (kmu_link_ping(&l, &ver, &aw)) rc = link_fail(&l);
    else printf("kmu_uart_axil: protocol version %u, %u-bit addresses\n", ver, aw);
  } else if (!strcmp(cmd, "read")) {
    rc = do_read(&l, r ? r->name : args[0], addr, 1);
  } else if (!strcmp(cmd, "write")) {
    if (kmu_link_write(&l, addr, (uint32_t)val, (unsigned)strb)) rc = link_fail(&l);
  } else if (!strcmp(cmd, "stats")) {
    unsigned cnt[KMU_LINK_NCNT];
    if (kmu_link_stats(&l, cnt)) rc = link_fail(&l);
    else
      for (unsigned k = 0; k < KMU_LINK_NCNT; k++)
        printf("%-10s %u\n", kmu_link_err_name(k + 1), cnt[k]);
  } else if (!strcmp(cmd, "dump") || !strcmp(cmd, "counters")) {
    rc = !strcmp(cmd, "counters") ? do_counters(&l) : do_dump(&l, 0);
  } else if (!strcmp(cmd, "doorbell")) {
    if (kmu_link_write(&l, KMU_DOORBELL_ADDR + (uint32_t)val * KMU_DOORBELL_STRIDE, 1, 0xf))
      rc = link_fail(&l);
  } else if (!strcmp(cmd, "register")) {
    rc = do_register(&l, nargs, args);
  } else if (!strcmp(cmd, "run")) {
    rc = kmuctl_run(&l, &wl, (unsigned)wait_s, reg_kernel);
    if (rc < 0) rc = link_fail(&l);
    else if (!rc) rc = do_counters(&l);
    kmusim_workload_free(&wl);
  } else {
    rc = do_unregister(&l, (uint32_t)val);
  }
  kmu_link_close(&l);
  return rc;
}
