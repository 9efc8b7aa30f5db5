/* workload.c - configurations and the workload parser.  See workload.h and
 * docs/workload-format.md. */
#define _POSIX_C_SOURCE 200809L
#include "workload.h"

#include "kmu_regmap.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---------------------------------------------------------------- configurations */
/* small: iCE40-sized; fpga: ECP5-85F; paper: the sizes the papers evaluate.  The memory
 * defaults are environment parameters (not hardware). */
/* preemption defaults: policy drain; victim policy 0 (oldest), every flush optimisation on
 * (EDGE IV-D's best case); Chimera deadline 2,000 cycles; save bandwidth one memory beat per
 * cycle (4 B small and fpga, 32 B paper: the context engines' BEAT_BYTES); checkpoint areas at
 * 0x80000000 (clear of the kernels' parameter buffers). */
#define PRE_DEFAULTS(bw) "drain", 0, 0, 0, 0, 0, 0xf, 0, 2000, bw, 0x80000000u
/* host link latency (about the memory's, a PCIe-like link is slower), 4 B per cycle, no
 * per-chunk setup, COPY_CHUNK's reset (1 MiB) */
#define LINK_DEFAULTS(lat) lat, 4, 0, 20
/* TReM's automatic policy off, no SLA, U recomputed at completions, no revocation cost
 * (TR_CTRL, TR_SLA, TR_PERIOD, TR_COST resets: not written); the SIMT side's pause drain
 * seeded (pause_drain 0); the I/O device adds nothing to its writes (iodev_lat 0); Elastic's
 * unit 0 (U counts SMs); a woken TB goes to the head (yield_tail 0: YIELD_CTRL's reset, not
 * written; yield_maxwait 0: unbounded); the I/O device serves every request on its own
 * (iodev_serial 0); no starvation guard (thresh 0: TR_THRESH's reset, not written) */
#define TREM_DEFAULTS 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
static const kmusim_config presets[] = {
    {"small", 2, 8, 4, 4, 4, 8, 4096, 16384, 4, 20, 1, 0, 0, 0, PRE_DEFAULTS(2), LINK_DEFAULTS(40), TREM_DEFAULTS},
    {"fpga", 8, 32, 8, 8, 4, 8, 4096, 16384, 4, 50, 2, 0, 0, 0, PRE_DEFAULTS(2),
     LINK_DEFAULTS(100), TREM_DEFAULTS},
    {"paper", 16, 32, 32, 32, 32, 64, 65536, 98304, 4, 400, 8, 0, 0, 0, PRE_DEFAULTS(5),
     LINK_DEFAULTS(800), TREM_DEFAULTS},
};

int kmusim_config_preset(kmusim_config *c, const char *name) {
  for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
    if (!strcmp(presets[i].name, name)) {
      *c = presets[i];
      return 1;
    }
  return 0;
}

/* Digits by hand rather than strtoull(s, 0): base 0 reads a leading 0 as octal (cycles=010
 * would be 8, cycles=09 an error), and strtoull also takes signs, spaces and a second "0x"
 * after the prefix.  The documented forms are decimal and 0x hex, nothing else. */
int kmusim_parse_u64(const char *s, uint64_t *v) {
  if (!s) return 0;
  unsigned base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2;
  uint64_t x = 0;
  const char *p = s;
  for (;; p++) {
    unsigned d;
    if (*p >= '0' && *p <= '9') d = (unsigned)(*p - '0');
    else if (base == 16 && *p >= 'a' && *p <= 'f') d = (unsigned)(*p - 'a' + 10);
    else if (base == 16 && *p >= 'A' && *p <= 'F') d = (unsigned)(*p - 'A' + 10);
    else break;
    if (x > (UINT64_MAX - d) / base) return 0;
    x = x * base + d;
  }
  if (p == s) return 0; /* no digit: "", "0x", "k" */
  uint64_t mul = 1;
  if (*p == 'k') mul = 1000, p++;
  else if (*p == 'M') mul = 1000000, p++;
  if (*p) return 0;
  if (x > UINT64_MAX / mul) return 0;
  *v = x * mul;
  return 1;
}

typedef struct {
  const char *key;
  size_t off;
  unsigned lo, hi;
  const char *what;
} cfg_key;

#define CK(k, lo, hi, what) {#k, offsetof(kmusim_config, k), lo, hi, what}
static const cfg_key cfg_keys[] = {
    CK(nsm, 1, 64, "SMs"),
    CK(ekt_entries, 1, 256, "EKT entries"),
    CK(slots, 1, 64, "active-kernel slots"),
    CK(pend, 1, 256, "pending kernels per priority"),
    CK(tbs, 1, 255, "resident TBs per SM"),
    CK(warps, 1, 255, "warp slots per SM"),
    CK(regs, 32, 262143, "registers per SM"),
    CK(shmem, 0, 262143, "shared memory bytes per SM"),
    CK(ewt, 0, 255, "event-warp table entries"),
    CK(mem_latency, 1, 1000000, "memory latency"),
    CK(mem_bw, 1, 1024, "memory requests per cycle"),
    CK(mem_stall_pct, 0, 99, "memory stall percent"),
    CK(rgem, 0, 1, "RGEM mode (KMU_CTRL.RGEM)"),
    CK(reserve, 0, 0xFFFFFFFFu, "SMs reserved for event kernels (SM_RESERVE)"),
    CK(vpol, 0, 3, "victim policy (PRE_CTRL.VPOL)"),
    CK(opt, 0, 15, "warp-preemption flush optimisations (PRE_CTRL.OPT)"),
    CK(pre_all, 0, 1, "preempt every candidate SM at once (PRE_CTRL.ALL)"),
    CK(deadline, 0, 0xFFFFFFFFu, "Chimera deadline in cycles (PRE_DEADLINE)"),
    CK(bw_shift, 0, 15, "log2 context-save bytes per cycle (PRE_BW.SHIFT)"),
    CK(ctx_base, 0, 0xFFFFFFFFu, "checkpoint areas' base address (PRE_CTX_BASE)"),
    CK(link_latency, 1, 1000000, "host link latency"),
    CK(link_bw, 1, 4, "host link bytes per cycle"),
    CK(link_setup, 0, 1000000, "host link setup cycles per chunk"),
    CK(copy_chunk, 0, 31, "log2 copy chunk bytes (COPY_CHUNK)"),
    CK(sla, 0, 0xFFFFFFFFu, "Elastic's user-facing SLA in cycles (TR_SLA)"),
    CK(period, 0, 0xFFFFFFFFu, "Elastic's recompute period in cycles (TR_PERIOD)"),
    CK(cost, 0, 0xFFFFFFFFu, "the revocation cost in cycles (TR_COST)"),
    CK(pause_drain, 0, 1000000, "SIMT pipeline drain of a paused TB in cycles"),
    CK(iodev_lat, 0, 1000000, "the I/O device's cycles from a completion to its flag write"),
    CK(unit, 0, 7, "Elastic's SMs per user-facing task, log2 (TR_CTRL.UNIT)"),
    CK(yield_tail, 0, 1, "a woken TB re-enqueued at the tail (YIELD_CTRL.TAIL)"),
    CK(yield_maxwait, 0, 15, "the bound on a parked TB's wait (YIELD_CTRL.MAXWAIT)"),
    CK(iodev_serial, 0, 1, "the I/O device serving one request at a time"),
    CK(thresh, 0, 15, "revocations after which a kernel is non-revocable (TR_THRESH)"),
};

/* trem=off|priority|elastic: TR_CTRL.POLICY */
static int set_trem(kmusim_config *c, const char *val, char *err, size_t errlen) {
  if (!strcmp(val, "off")) c->trem = KMU_TREM_POL_OFF;
  else if (!strcmp(val, "priority")) c->trem = KMU_TREM_POL_PRIORITY;
  else if (!strcmp(val, "elastic")) c->trem = KMU_TREM_POL_ELASTIC;
  else {
    snprintf(err, errlen, "trem=%s: unknown TReM policy (off priority elastic)", val);
    return 0;
  }
  return 1;
}

/* policy=<name>[+<name>...]: see workload.h */
static int set_policy(kmusim_config *c, const char *val, char *err, size_t errlen) {
  char buf[KMUSIM_POLICY_MAX];
  if (!*val || strlen(val) >= sizeof buf) {
    snprintf(err, errlen, "policy=%s: empty or longer than %zu characters", val, sizeof buf - 1);
    return 0;
  }
  unsigned pol = 0, inplace = 0, wp = 0, rsv = 0, tb_level = 0;
  strcpy(buf, val);
  for (char *save = NULL, *t = strtok_r(buf, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
    if (!strcmp(t, "drain")) continue;
    if (!strcmp(t, "reserve")) rsv = 1;
    else if (!strcmp(t, "warp")) wp = 1;
    else if (!strcmp(t, "chimera")) pol = KMU_POL_CHIMERA, tb_level++;
    else if (!strcmp(t, "chimera_dirty")) pol = KMU_POL_CHIMERA_DIRTY, tb_level++;
    else if (!strcmp(t, "pep")) pol = KMU_POL_PEP, tb_level++;
    else if (!strcmp(t, "pep_inplace")) pol = KMU_POL_PEP, inplace = 1, tb_level++;
    else {
      snprintf(err, errlen, "policy=%s: unknown policy '%s' (drain reserve warp chimera "
               "chimera_dirty pep pep_inplace, or a '+' combination such as pep+warp)", val, t);
      return 0;
    }
  }
  if (tb_level > 1) {
    snprintf(err, errlen, "policy=%s: at most one TB-level policy (chimera, chimera_dirty, pep, "
             "pep_inplace) in a combination", val);
    return 0;
  }
  strcpy(c->policy, val);
  c->pol = pol, c->inplace = inplace, c->wp_en = wp, c->use_reserve = rsv;
  return 1;
}

unsigned kmusim_config_reserve_mask(const kmusim_config *c) {
  if (c->reserve || !c->use_reserve) return c->reserve;
  unsigned n = c->nsm / 8 ? c->nsm / 8 : 1, m = 0;
  for (unsigned s = c->nsm - n; s < c->nsm && s < 32; s++) m |= 1u << s;
  return m;
}

int kmusim_config_set(kmusim_config *c, const char *key, const char *val, char *err,
                      size_t errlen) {
  if (!strcmp(key, "policy")) return set_policy(c, val, err, errlen);
  if (!strcmp(key, "trem")) return set_trem(c, val, err, errlen);
  for (size_t i = 0; i < sizeof cfg_keys / sizeof cfg_keys[0]; i++) {
    const cfg_key *k = &cfg_keys[i];
    if (strcmp(k->key, key)) continue;
    uint64_t v;
    if (!kmusim_parse_u64(val, &v)) {
      snprintf(err, errlen, "%s=%s: not a number", key, val);
      return 0;
    }
    if (v < k->lo || v > k->hi) {
      snprintf(err, errlen, "%s=%s: %s out of range %u..%u", key, val, k->what, k->lo, k->hi);
      return 0;
    }
    *(unsigned *)((char *)c + k->off) = (unsigned)v;
    return 1;
  }
  snprintf(err, errlen, "unknown configuration key '%s' (keys: nsm ekt_entries slots pend "
                        "tbs warps regs shmem ewt mem_latency mem_bw mem_stall_pct rgem "
                        "reserve policy vpol opt pre_all deadline bw_shift ctx_base "
                        "link_latency link_bw link_setup copy_chunk trem sla period cost "
                        "pause_drain iodev_lat unit yield_tail yield_maxwait iodev_serial thresh)", key);
  return 0;
}

/* split off a '#' comment and trailing newline; returns the line */
static char *strip_comment(char *s) {
  char *h = strchr(s, '#');
  if (h) *h = 0;
  size_t n = strlen(s);
  while (n && (s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = 0;
  return s;
}

static int tokenize(char *s, char **tok, int max) {
  int n = 0;
  for (char *p = strtok(s, " \t\r"); p; p = strtok(NULL, " \t\r")) {
    if (n == max) return -1;
    tok[n++] = p;
  }
  return n;
}

/* Reads a whole file into a NUL-terminated buffer, refusing what is not a text file of
 * bounded size: a NUL byte (stops at once, e.g. /dev/zero), more than `max` bytes (an endless
 * device or pipe would otherwise be read until memory runs out) and, with `regular`, anything
 * but a regular file (a device or FIFO may block or never end).  1 ok, *text malloc'd; -1 it
 * cannot be opened or read, an I/O error (why: "cannot open: " or "cannot read: " and the
 * system's reason); 0 it is not such a file (why says what is wrong).  Messages in why do not
 * name the file. */
static int read_text(const char *path, size_t max, int regular, char **text, char *why,
                     size_t whylen) {
  *text = NULL;
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(why, whylen, "cannot open: %s", strerror(errno));
    return -1;
  }
  struct stat st;
  if (fstat(fileno(f), &st) != 0) {
    snprintf(why, whylen, "cannot read: %s", strerror(errno));
    fclose(f);
    return -1;
  }
  if (S_ISDIR(st.st_mode)) { /* fopen takes a directory; reading it is the I/O error */
    fclose(f);
    snprintf(why, whylen, "cannot read: %s", strerror(EISDIR));
    return -1;
  }
  if (regular && !S_ISREG(st.st_mode)) {
    fclose(f);
    snprintf(why, whylen, "not a regular file");
    return 0;
  }
  size_t cap = 1 << 16, len = 0;
  char *b = malloc(cap);
  int rc = 1;
  for (;;) {
    if (!b) {
      snprintf(why, whylen, "out of memory");
      rc = -1;
      break;
    }
    size_t want = cap - len - 1;
    size_t got = fread(b + len, 1, want, f);
    if (memchr(b + len, 0, got)) {
      snprintf(why, whylen, "contains a NUL byte: not a text file");
      rc = 0;
      break;
    }
    len += got;
    if (len > max) {
      snprintf(why, whylen, "larger than %zu bytes", max);
      rc = 0;
      break;
    }
    if (got < want) {
      if (ferror(f)) {
        snprintf(why, whylen, "cannot read: %s", strerror(errno));
        rc = -1;
      }
      break;
    }
    /* grow to at most max + 2: one byte past the limit shows the file is too large */
    size_t ncap = cap * 2 < max + 2 ? cap * 2 : max + 2;
    char *nb = realloc(b, ncap);
    if (!nb) free(b);
    b = nb, cap = ncap;
  }
  fclose(f);
  if (rc != 1) {
    free(b);
    return rc;
  }
  b[len] = 0;
  *text = b;
  return 1;
}

/* the next line of text (without its '\n') into buf; 0 at the end, -1 when it does not fit
 * (skipped) */
static int next_line(const char **s, char *buf, size_t size) {
  const char *l = *s;
  if (!*l) return 0;
  const char *nl = strchr(l, '\n');
  size_t len = nl ? (size_t)(nl - l) : strlen(l);
  *s = nl ? nl + 1 : l + len;
  if (len >= size) return -1;
  memcpy(buf, l, len);
  buf[len] = 0;
  return 1;
}

#define LINE_MAX_CHARS 4095 /* workload and configuration lines */
#define CFG_FIELDS 16       /* key=value fields per configuration line */

int kmusim_config_load(kmusim_config *c, const char *name, const char *rel_dir, char *why,
                       size_t whylen) {
  if (kmusim_config_preset(c, name)) return 1;
  char path[KMUSIM_PATH_MAX];
  int pl;
  if (name[0] != '/' && rel_dir && *rel_dir)
    pl = snprintf(path, sizeof path, "%s/%s", rel_dir, name);
  else
    pl = snprintf(path, sizeof path, "%s", name);
  if (pl < 0 || (size_t)pl >= sizeof path) {
    snprintf(why, whylen, "path longer than %zu characters", sizeof path - 1);
    return -2;
  }
  /* only a regular file: a configuration named inside a workload must not make kmusim block
   * on a device or FIFO (config /dev/zero hung reading NULs that never end a line) */
  char *text, rwhy[128];
  int rr = read_text(path, KMUSIM_CONFIG_MAX_BYTES, 1, &text, rwhy, sizeof rwhy);
  if (rr <= 0) {
    int rel = strcmp(path, name) != 0; /* the path read, when not the name as written */
    snprintf(why, whylen, "%s%s%s%s", rel ? path : "", rel ? ": " : "", rwhy,
             rr == 0 ? " (a configuration file is key=value text)" : "");
    return rr < 0 ? -1 : -2;
  }
  kmusim_config_preset(c, "small");
  snprintf(c->name, sizeof c->name, "%s", name); /* fits: no longer than path */
  char buf[LINE_MAX_CHARS + 1], err[256];
  unsigned line = 0, nerr = 0;
  int seen_key = 0, lr;
  const char *s = text;
  while ((lr = next_line(&s, buf, sizeof buf)) != 0) {
    line++;
    if (lr < 0) {
      fprintf(stderr, "%s:%u: line longer than %d characters\n", path, line, LINE_MAX_CHARS);
      nerr++;
      continue;
    }
    char *tok[CFG_FIELDS];
    int n = tokenize(strip_comment(buf), tok, CFG_FIELDS);
    if (n < 0) {
      fprintf(stderr, "%s:%u: more than %d fields on one line\n", path, line, CFG_FIELDS);
      nerr++;
      continue;
    }
    for (int i = 0; i < n; i++) {
      char *eq = strchr(tok[i], '=');
      if (!eq || eq == tok[i]) {
        fprintf(stderr, "%s:%u: '%s': expected key=value\n", path, line, tok[i]), nerr++;
        continue;
      }
      *eq = 0;
      if (!strcmp(tok[i], "base")) {
        if (seen_key) {
          fprintf(stderr, "%s:%u: base= must come before every other key\n", path, line);
          nerr++;
        } else if (!kmusim_config_preset(c, eq + 1)) {
          fprintf(stderr, "%s:%u: base=%s: not a preset (small, fpga, paper)\n", path, line,
                  eq + 1);
          nerr++;
        }
        snprintf(c->name, sizeof c->name, "%s", name);
        seen_key = 1;
        continue;
      }
      seen_key = 1;
      if (!kmusim_config_set(c, tok[i], eq + 1, err, sizeof err))
        fprintf(stderr, "%s:%u: %s\n", path, line, err), nerr++;
    }
  }
  free(text);
  return nerr == 0;
}

/* ---------------------------------------------------------------- workload parser */
const char *kmusim_ev_name(kmusim_ev_kind k) {
  static const char *n[] = {"register", "doorbell", "launch", "hint", "copy", "revoke", "end"};
  return n[k];
}

typedef struct {
  kmusim_workload *w;
  const char *file;
  char dir[KMUSIM_PATH_MAX]; /* the workload's directory: as long as its path */
  unsigned line, nerr;
  unsigned ev_cap, k_cap;
  uint64_t last_at;
  unsigned last_at_line;
  int cfg_overridden;
  /* after= names not (yet) defined: checked at the end (a forward reference or unknown) */
  struct { char name[KMUSIM_NAME_MAX]; unsigned line, ev; } *unres;
  unsigned nunres, unres_cap;
} parser;

static void perr(parser *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s:%u: ", p->file, p->line);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  p->nerr++;
}

static int find_kernel(const kmusim_workload *w, const char *name) {
  for (unsigned i = 0; i < w->nk; i++)
    if (!strcmp(w->k[i].name, name)) return (int)i;
  return -1;
}

static int valid_name(const char *s) {
  if (!isalpha((unsigned char)*s) && *s != '_') return 0;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' && *s != '.') return 0;
  return 1;
}

/* key=value arguments of one line: each key at most once, each used.  A line has at most
 * LINE_FIELDS fields (tokenize), of which at most MAX_ARGS key=value arguments and MAX_ARGS
 * other words (split_kv refuses more: they were written past these arrays). */
#define LINE_FIELDS 40
#define MAX_ARGS 16
typedef struct {
  const char *key[MAX_ARGS], *val[MAX_ARGS];
  int used[MAX_ARGS];
  int n;
} kvlist;

static const char *kv_get(kvlist *kv, const char *key) {
  for (int i = 0; i < kv->n; i++)
    if (!strcmp(kv->key[i], key)) {
      kv->used[i] = 1;
      return kv->val[i];
    }
  return NULL;
}

/* number in lo..hi; 1 ok, 0 absent (and not required), -1 error (reported) */
static int kv_num(parser *p, kvlist *kv, const char *key, uint64_t lo, uint64_t hi, int required,
                  uint64_t *out) {
  const char *v = kv_get(kv, key);
  if (!v) {
    if (required) {
      perr(p, "missing %s=", key);
      return -1;
    }
    return 0;
  }
  uint64_t x;
  if (!kmusim_parse_u64(v, &x)) {
    perr(p, "%s=%s: not a number", key, v);
    return -1;
  }
  if (x < lo || x > hi) {
    perr(p, "%s=%s: out of range %llu..%llu", key, v, (unsigned long long)lo,
         (unsigned long long)hi);
    return -1;
  }
  *out = x;
  return 1;
}

/* dims "X[,Y[,Z]]", each 1..65535 */
static int kv_dims(parser *p, kvlist *kv, const char *key, uint32_t d[3]) {
  const char *v = kv_get(kv, key);
  if (!v) {
    perr(p, "missing %s=X[,Y[,Z]]", key);
    return -1;
  }
  char buf[64];
  if (strlen(v) >= sizeof buf) { /* truncated, "0...02,3" would silently read as 2 */
    perr(p, "%s=%s: longer than %zu characters", key, v, sizeof buf - 1);
    return -1;
  }
  snprintf(buf, sizeof buf, "%s", v);
  d[0] = d[1] = d[2] = 1;
  int n = 0;
  char *save = NULL;
  for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    uint64_t x;
    if (n == 3) {
      perr(p, "%s=%s: more than three dimensions", key, v);
      return -1;
    }
    if (!kmusim_parse_u64(t, &x)) {
      perr(p, "%s=%s: '%s' is not a number", key, v, t);
      return -1;
    }
    if (x < 1 || x > 65535) {
      perr(p, "%s=%s: dimension %s out of range 1..65535", key, v, t);
      return -1;
    }
    d[n++] = (uint32_t)x;
  }
  if (n == 0 || v[strlen(v) - 1] == ',' || strstr(v, ",,")) {
    perr(p, "%s=%s: expected X[,Y[,Z]]", key, v);
    return -1;
  }
  return 1;
}

static int kv_unused(parser *p, kvlist *kv, const char *what) {
  int bad = 0;
  for (int i = 0; i < kv->n; i++)
    if (!kv->used[i]) {
      perr(p, "%s: unknown argument '%s='", what, kv->key[i]);
      bad = 1;
    }
  return bad;
}

/* collect key=value tokens of tok[from..n); bare words go to words[] (MAX_ARGS of each) */
static int split_kv(parser *p, const char *what, char **tok, int from, int n, kvlist *kv,
                    char *words[MAX_ARGS], int *nwords) {
  kv->n = 0;
  *nwords = 0;
  for (int i = from; i < n; i++) {
    char *eq = strchr(tok[i], '=');
    if (!eq) {
      if (*nwords == MAX_ARGS) {
        perr(p, "%s: more than %d words that are not key=value", what, MAX_ARGS);
        return 0;
      }
      words[(*nwords)++] = tok[i];
      continue;
    }
    if (eq == tok[i] || !eq[1]) {
      perr(p, "'%s': expected key=value", tok[i]);
      return 0;
    }
    *eq = 0;
    for (int j = 0; j < kv->n; j++)
      if (!strcmp(kv->key[j], tok[i])) {
        perr(p, "%s= given twice", tok[i]);
        return 0;
      }
    if (kv->n == MAX_ARGS) {
      perr(p, "%s: more than %d key=value arguments", what, MAX_ARGS);
      return 0;
    }
    kv->key[kv->n] = tok[i];
    kv->val[kv->n] = eq + 1;
    kv->used[kv->n] = 0;
    kv->n++;
  }
  return 1;
}

static void parse_kernel(parser *p, char **tok, int n) {
  kmusim_workload *w = p->w;
  if (n < 2 || strchr(tok[1], '=')) {
    perr(p, "kernel: missing name (kernel <name> grid=.. tb=.. cycles=.. host|event ...)");
    return;
  }
  const char *name = tok[1];
  if (strlen(name) >= KMUSIM_NAME_MAX || !valid_name(name)) {
    perr(p, "kernel '%s': a name is a letter or _ then letters, digits, _ - . (at most %d)",
         name, KMUSIM_NAME_MAX - 1);
    return;
  }
  int prev = find_kernel(w, name);
  if (prev >= 0) {
    perr(p, "kernel '%s' already defined at line %u", name, w->k[prev].line);
    return;
  }
  kvlist kv;
  char *words[MAX_ARGS];
  int nw;
  if (!split_kv(p, "kernel", tok, 2, n, &kv, words, &nw)) return;
  kmusim_kernel k;
  memset(&k, 0, sizeof k);
  snprintf(k.name, sizeof k.name, "%s", name);
  k.line = p->line;
  int kind = -1, bad = 0;
  for (int i = 0; i < nw; i++) {
    int e = !strcmp(words[i], "event") ? 1 : !strcmp(words[i], "host") ? 0 : -1;
    if (e < 0) {
      perr(p, "kernel '%s': unknown word '%s' (expected host or event, or key=value)", name,
           words[i]);
      bad = 1;
    } else if (kind >= 0) {
      perr(p, "kernel '%s': host or event given twice", name);
      bad = 1;
    } else
      kind = e;
  }
  if (bad) return;
  if (kind < 0) {
    perr(p, "kernel '%s': say host or event", name);
    return;
  }
  k.event = kind;
  uint64_t v;
  if (kv_dims(p, &kv, "grid", k.grid) < 0 || kv_dims(p, &kv, "tb", k.tbdim) < 0) return;
  k.threads = k.tbdim[0] * k.tbdim[1] * k.tbdim[2];
  if ((uint64_t)k.tbdim[0] * k.tbdim[1] * k.tbdim[2] > 1024) {
    perr(p, "kernel '%s': tb=%ux%ux%u is %llu threads, more than 1024", name, k.tbdim[0],
         k.tbdim[1], k.tbdim[2],
         (unsigned long long)((uint64_t)k.tbdim[0] * k.tbdim[1] * k.tbdim[2]));
    return;
  }
  k.ntb = (uint64_t)k.grid[0] * k.grid[1] * k.grid[2];
  if (k.ntb > KMUSIM_MAX_TBS) {
    perr(p, "kernel '%s': grid has %llu TBs, kmusim allows at most %u per kernel", name,
         (unsigned long long)k.ntb, KMUSIM_MAX_TBS);
    return;
  }
  int r;
  if ((r = kv_num(p, &kv, "regs", 1, 255, 0, &v)) < 0) return;
  k.regs = r ? (unsigned)v : 16;
  if ((r = kv_num(p, &kv, "shmem", 0, 65535, 0, &v)) < 0) return;
  k.shmem = r ? (unsigned)v : 0;
  if ((r = kv_num(p, &kv, "prio", 0, 3, 0, &v)) < 0) return;
  k.prio = r ? (unsigned)v : 0;
  if (kv_num(p, &kv, "cycles", 1, 1000000000ull, 1, &v) < 0) return;
  k.cycles = v;
  if ((r = kv_num(p, &kv, "loads", 0, 1000, 0, &v)) < 0) return;
  k.load_rate = r ? (unsigned)v : 0;
  if ((r = kv_num(p, &kv, "wb", 0, 100000, 0, &v)) < 0) return;
  k.wb_rate = r ? (unsigned)v : 0;
  if ((r = kv_num(p, &kv, "bar", 0, 1000, 0, &v)) < 0) return;
  k.bar_rate = r ? (unsigned)v : 0;
  if ((r = kv_num(p, &kv, "jitter", 0, 90, 0, &v)) < 0) return;
  k.jitter = r ? (unsigned)v : 0;
  if (k.event) {
    if ((r = kv_num(p, &kv, "ring", 1, KMUSIM_PBUF_STRIDE / KMUSIM_ESIZE, 0, &v)) < 0) return;
    k.ring = r ? (unsigned)v : 8;
    if ((r = kv_num(p, &kv, "maxinf", 1, 255, 0, &v)) < 0) return;
    k.maxinf = r ? (unsigned)v : (k.ring < 255 ? k.ring : 255);
    if (k.maxinf > k.ring) {
      perr(p, "kernel '%s': maxinf=%u is more than ring=%u (an entry would be reused while "
              "its event is in flight)", name, k.maxinf, k.ring);
      return;
    }
  } else if (kv_get(&kv, "ring") || kv_get(&kv, "maxinf")) {
    perr(p, "kernel '%s': ring= and maxinf= are for event kernels", name);
    return;
  }
  /* TReM: the class and the estimate go with a host launch (HL_RES.CLASS, HL_EST); an event
   * kernel is always class user in the hardware and carries no estimate */
  const char *cls = kv_get(&kv, "class");
  if ((r = kv_num(p, &kv, "est", 0, 0xffffffffull, 0, &v)) < 0) return;
  k.est = r ? (uint32_t)v : 0;
  k.user = k.event;
  if (k.event && (cls || r)) {
    perr(p, "kernel '%s': class= and est= are for host kernels (an event kernel is class user)",
         name);
    return;
  }
  if (cls && !strcmp(cls, "user")) k.user = 1;
  else if (cls && strcmp(cls, "batch")) {
    perr(p, "kernel '%s': class=%s (user or batch)", name, cls);
    return;
  }
  /* GPUpIO I/O (docs/workload-format.md, I/O) */
  if ((r = kv_num(p, &kv, "io", 0, 1000000000ull, 0, &v)) < 0) return;
  k.has_io = r, k.io = r ? v : 0;
  if ((r = kv_num(p, &kv, "rounds", 1, 1000, 0, &v)) < 0) return;
  k.rounds = r ? (unsigned)v : 1;
  if (r && !k.has_io) {
    perr(p, "kernel '%s': rounds= needs io= (rounds of compute and I/O wait)", name);
    return;
  }
  const char *yl = kv_get(&kv, "yield");
  if (yl && !k.has_io) {
    perr(p, "kernel '%s': yield= needs io= (it says what a TB does during its I/O wait)", name);
    return;
  }
  if (!yl || !strcmp(yl, "off")) k.yield = KMUSIM_YIELD_OFF;
  else if (!strcmp(yl, "addr")) k.yield = KMUSIM_YIELD_ADDR;
  else if (!strcmp(yl, "spin")) k.yield = KMUSIM_YIELD_SPIN;
  else {
    perr(p, "kernel '%s': yield=%s (off, addr or spin)", name, yl);
    return;
  }
  if (k.has_io && w->nk >= 64) {
    perr(p, "kernel '%s': io= on kernel %u: I/O flags exist for the first 64 kernels", name, w->nk);
    return;
  }
  if (kv_unused(p, &kv, "kernel")) return;
  k.warps = (k.threads + 31) / 32;
  k.regs_per_tb = k.warps * 32u * k.regs;
  k.kptr = KMUSIM_KPTR_BASE + 0x100u * w->nk;
  k.pbase = KMUSIM_PBUF_BASE + KMUSIM_PBUF_STRIDE * w->nk;
  if (w->nk == 1024) {
    perr(p, "more than 1024 kernels");
    return;
  }
  if (w->nk == p->k_cap) {
    p->k_cap = p->k_cap ? 2 * p->k_cap : 16;
    w->k = realloc(w->k, p->k_cap * sizeof *w->k);
  }
  w->k[w->nk++] = k;
}

static void add_event(parser *p, const kmusim_event *e) {
  kmusim_workload *w = p->w;
  if (w->nev == p->ev_cap) {
    p->ev_cap = p->ev_cap ? 2 * p->ev_cap : 64;
    w->ev = realloc(w->ev, p->ev_cap * sizeof *w->ev);
  }
  w->ev[w->nev++] = *e;
}

static int find_label(const kmusim_workload *w, const char *name) {
  for (unsigned i = 0; i < w->nev; i++)
    if (!strcmp(w->ev[i].name, name)) return (int)i;
  return -1;
}

/* name= and after= (launch and copy only, count 1): the label is unique, after= names an
 * earlier labelled statement (a later one would be a forward reference, the statement itself
 * a cycle; with only backward references no longer cycle can form).  0 on an error
 * (reported); an unresolved name is remembered and reported at the end, as a forward
 * reference or an unknown name. */
static int parse_chain(parser *p, kvlist *kv, kmusim_event *e, const char *what) {
  const char *nm = kv_get(kv, "name"), *af = kv_get(kv, "after");
  if (!nm && !af) return 1;
  if (e->kind != KMUSIM_EV_LAUNCH && e->kind != KMUSIM_EV_COPY) {
    perr(p, "%s: name= and after= are for launch and copy lines", what);
    return 0;
  }
  if (e->count != 1) {
    perr(p, "%s: name= and after= are for single statements (count=1), this one has count=%llu",
         what, (unsigned long long)e->count);
    return 0;
  }
  if (nm) {
    if (!valid_name(nm) || strlen(nm) >= KMUSIM_NAME_MAX) {
      perr(p, "%s: name=%s: not a name (a letter or _, then letters, digits, _ - .; at most "
              "%d characters)", what, nm, KMUSIM_NAME_MAX - 1);
      return 0;
    }
    int prev = find_label(p->w, nm);
    if (prev >= 0) {
      perr(p, "%s: name=%s already labels line %u", what, nm, p->w->ev[prev].line);
      return 0;
    }
  }
  if (af) {
    if (nm && !strcmp(nm, af)) {
      perr(p, "%s: after=%s names this statement itself: a dependency cycle", what, af);
      return 0;
    }
    int to = find_label(p->w, af);
    e->after = (unsigned)(to + 1);
    if (to < 0) {
      if (!valid_name(af) || strlen(af) >= KMUSIM_NAME_MAX) {
        perr(p, "%s: after=%s: not a name", what, af);
        return 0;
      }
      if (p->nunres == p->unres_cap) {
        p->unres_cap = p->unres_cap ? 2 * p->unres_cap : 8;
        p->unres = realloc(p->unres, p->unres_cap * sizeof *p->unres);
      }
      /* the statement is kept (the run is refused anyway): a later one may wait for it,
       * and a cycle through it is told as one */
      snprintf(p->unres[p->nunres].name, KMUSIM_NAME_MAX, "%s", af);
      p->unres[p->nunres].ev = p->w->nev;
      p->unres[p->nunres++].line = p->line;
      e->after = 0;
    }
  }
  if (nm) snprintf(e->name, sizeof e->name, "%s", nm);
  return 1;
}

/* the statement event j waits for: resolved, or an unresolved name defined later; -1 none */
static int waits_for(const parser *p, unsigned j) {
  if (p->w->ev[j].after) return (int)p->w->ev[j].after - 1;
  for (unsigned i = 0; i < p->nunres; i++)
    if (p->unres[i].ev == j) return find_label(p->w, p->unres[i].name);
  return -1;
}

/* after= names that were not defined before their line: defined later (a forward reference,
 * or a dependency cycle when the chain from there comes back to this statement) or nowhere
 * (unknown) */
static void check_unresolved(parser *p) {
  kmusim_workload *w = p->w;
  /* a statement refused for another reason after its after= was read was not added: its
   * entry names no event (no cycle can run through it) */
  for (unsigned i = 0; i < p->nunres; i++)
    if (p->unres[i].ev >= w->nev || w->ev[p->unres[i].ev].line != p->unres[i].line)
      p->unres[i].ev = UINT32_MAX;
  for (unsigned i = 0; i < p->nunres; i++) {
    p->line = p->unres[i].line;
    const char *nm = p->unres[i].name;
    int later = find_label(w, nm);
    if (later < 0) {
      perr(p, "after=%s: unknown name (no launch or copy line has name=%s)", nm, nm);
      continue;
    }
    /* follow the chain from the named statement: back here is a cycle */
    char path[512];
    int pl = snprintf(path, sizeof path, "line %u", p->line);
    int j = later, cyc = 0;
    for (unsigned steps = 0; j >= 0 && steps <= w->nev; steps++) {
      if (pl > 0 && (size_t)pl < sizeof path)
        pl += snprintf(path + pl, sizeof path - (size_t)pl, " -> line %u", w->ev[j].line);
      if ((unsigned)j == p->unres[i].ev) {
        cyc = 1;
        break;
      }
      j = waits_for(p, (unsigned)j);
    }
    if (cyc)
      perr(p, "after=%s: a dependency cycle (%s)", nm, path);
    else
      perr(p, "after=%s is a forward reference: '%s' labels line %u, later in the file "
              "(after= must name an earlier launch or copy line)", nm, nm, w->ev[later].line);
  }
  free(p->unres);
  p->unres = NULL;
}

static void parse_event(parser *p, kmusim_ev_kind kind, char **tok, int n) {
  kmusim_workload *w = p->w;
  const char *what = kmusim_ev_name(kind);
  kmusim_event e;
  memset(&e, 0, sizeof e);
  e.kind = kind;
  e.line = p->line;
  e.kernel = -1;
  e.count = 1;
  int from = 1;
  int needs_kernel = kind != KMUSIM_EV_COPY && kind != KMUSIM_EV_END;
  if (needs_kernel) {
    if (n < 2 || strchr(tok[1], '=')) {
      perr(p, "%s: missing kernel name", what);
      return;
    }
    e.kernel = find_kernel(w, tok[1]);
    if (e.kernel < 0) {
      perr(p, "%s: unknown kernel '%s' (define it with a kernel line first)", what, tok[1]);
      return;
    }
    from = 2;
  }
  if (w->has_end) {
    perr(p, "%s: after the end line", what);
    return;
  }
  kvlist kv;
  char *words[MAX_ARGS];
  int nw;
  if (!split_kv(p, what, tok, from, n, &kv, words, &nw)) return;
  if (nw) {
    perr(p, "%s: unexpected '%s' (arguments are key=value)", what, words[0]);
    return;
  }
  uint64_t v;
  int r;
  if (kv_num(p, &kv, "at", 0, UINT64_MAX / 4, 1, &e.at) < 0) return;
  kmusim_kernel *k = e.kernel >= 0 ? &w->k[e.kernel] : NULL;
  switch (kind) {
  case KMUSIM_EV_REGISTER:
    if (!k->event) {
      perr(p, "register: '%s' is a host kernel (register is for event kernels)", k->name);
      return;
    }
    if (k->registered) {
      perr(p, "register: '%s' is already registered", k->name);
      return;
    }
    k->registered = 1;
    break;
  case KMUSIM_EV_DOORBELL:
  case KMUSIM_EV_LAUNCH:
    if (kind == KMUSIM_EV_DOORBELL && !k->event) {
      perr(p, "doorbell: '%s' is a host kernel (use launch)", k->name);
      return;
    }
    if (kind == KMUSIM_EV_LAUNCH && k->event) {
      perr(p, "launch: '%s' is an event kernel (use doorbell)", k->name);
      return;
    }
    if (kind == KMUSIM_EV_DOORBELL && !k->registered) {
      perr(p, "doorbell: '%s' has no register line before it", k->name);
      return;
    }
    if ((r = kv_num(p, &kv, "count", 1, 1000000, 0, &v)) < 0) return;
    e.count = r ? v : 1;
    if ((r = kv_num(p, &kv, "every", 0, 1000000000ull, 0, &v)) < 0) return;
    e.every = r ? v : 0;
    if (r && e.count == 1) {
      perr(p, "%s: every= without count=", what);
      return;
    }
    if (w->n_instances + e.count > 1000000) {
      perr(p, "%s: more than 1000000 kernel instances in the workload", what);
      return;
    }
    w->n_instances += e.count;
    break;
  case KMUSIM_EV_HINT:
    if ((r = kv_num(p, &kv, "lead", 0, 1000000000ull, 0, &v)) < 0) return;
    e.lead = r ? v : 0;
    /* a hint train beside a launch train: count / every as for launches */
    if ((r = kv_num(p, &kv, "count", 1, 1000000, 0, &v)) < 0) return;
    e.count = r ? v : 1;
    if ((r = kv_num(p, &kv, "every", 0, 1000000000ull, 0, &v)) < 0) return;
    e.every = r ? v : 0;
    if (r && e.count == 1) {
      perr(p, "%s: every= without count=", what);
      return;
    }
    break;
  case KMUSIM_EV_COPY: {
    if (kv_num(p, &kv, "bytes", 1, 0xFFFFFFFFull, 1, &e.bytes) < 0) return;
    const char *d = kv_get(&kv, "dir");
    if (!d || (strcmp(d, "h2d") && strcmp(d, "d2h"))) {
      perr(p, "copy: dir=h2d or dir=d2h required");
      return;
    }
    e.dir = !strcmp(d, "d2h");
    if ((r = kv_num(p, &kv, "prio", 0, 7, 0, &v)) < 0) return;
    e.prio = r ? (unsigned)v : 0;
    break;
  }
  case KMUSIM_EV_REVOKE: {
    /* TReM: a host kernel, named by its launch id (TR_LAST_LID); event kernels have none
     * that the host can read */
    if (k->event) {
      perr(p, "revoke: '%s' is an event kernel (kmusim revokes host kernels: by the launch id "
              "it reads back from TR_LAST_LID)", k->name);
      return;
    }
    const char *a = kv_get(&kv, "action");
    if (a && strcmp(a, "replay") && strcmp(a, "retire")) {
      perr(p, "revoke: action=%s: expected replay or retire", a);
      return;
    }
    e.retire = a && !strcmp(a, "retire");
    break;
  }
  case KMUSIM_EV_END:
    w->has_end = 1;
    w->end_at = e.at;
    break;
  }
  if (!parse_chain(p, &kv, &e, what)) return;
  if (kv_unused(p, &kv, what)) return;
  if (p->last_at_line && e.at < p->last_at) {
    perr(p, "%s at=%llu is before the previous event (at=%llu, line %u): events must be in "
            "time order", what, (unsigned long long)e.at, (unsigned long long)p->last_at,
         p->last_at_line);
    return;
  }
  p->last_at = e.at;
  p->last_at_line = p->line;
  add_event(p, &e);
}

static void parse_config_line(parser *p, char **tok, int n) {
  kmusim_workload *w = p->w;
  if (w->cfg_line) {
    perr(p, "config given twice (first at line %u)", w->cfg_line);
    return;
  }
  if (w->nk || w->nev) {
    perr(p, "config must come before every kernel and event line");
    return;
  }
  if (n < 2 || strchr(tok[1], '=')) {
    perr(p, "config: expected small, fpga, paper or a file name");
    return;
  }
  w->cfg_line = p->line;
  if (p->cfg_overridden) return; /* --config replaces the whole line */
  kmusim_config c;
  unsigned before = p->nerr;
  char why[KMUSIM_PATH_MAX + 160];
  int lr = kmusim_config_load(&c, tok[1], p->dir, why, sizeof why);
  /* a file named in the workload that cannot be read is a malformed line (2), unlike
   * --config naming one (an I/O error on the command line, 1) */
  if (lr == -1) {
    perr(p, "config %s: not small, fpga, paper or a readable file (%s)", tok[1], why);
    return;
  }
  if (lr == -2) {
    perr(p, "config %s: %s", tok[1], why);
    return;
  }
  if (lr == 0) {
    perr(p, "config %s: errors in the file (see above)", tok[1]);
    return;
  }
  char err[256];
  for (int i = 2; i < n; i++) {
    char *eq = strchr(tok[i], '=');
    if (!eq) {
      perr(p, "config: '%s': expected key=value", tok[i]);
      continue;
    }
    *eq = 0;
    if (!kmusim_config_set(&c, tok[i], eq + 1, err, sizeof err)) perr(p, "config: %s", err);
  }
  if (p->nerr == before) w->cfg = c;
}

/* checks of the kernels against the final configuration */
static void check_against_config(parser *p) {
  kmusim_workload *w = p->w;
  const kmusim_config *c = &w->cfg;
  unsigned nreg = 0;
  for (unsigned i = 0; i < w->nk; i++) {
    kmusim_kernel *k = &w->k[i];
    p->line = k->line;
    if (k->warps > c->warps)
      perr(p, "kernel '%s' can never run on config %s: a TB needs %u warps, an SM has %u",
           k->name, c->name, k->warps, c->warps);
    else if (k->regs_per_tb > c->regs)
      perr(p, "kernel '%s' can never run on config %s: a TB needs %u registers (%u warps x 32 "
              "x regs=%u), an SM has %u", k->name, c->name, k->regs_per_tb, k->warps, k->regs,
           c->regs);
    else if (k->shmem > c->shmem)
      perr(p, "kernel '%s' can never run on config %s: a TB needs %u bytes of shared memory, "
              "an SM has %u", k->name, c->name, k->shmem, c->shmem);
  }
  /* SM_RESERVE: only SMs that exist; host kernels need an SM that is not reserved */
  p->line = w->cfg_line;
  uint64_t all = c->nsm >= 32 ? 0xFFFFFFFFull : (1ull << c->nsm) - 1;
  if (c->reserve & ~all)
    perr(p, "config: reserve=0x%x names SMs that config %s does not have (nsm=%u: mask 0x%llx)",
         c->reserve, c->name, c->nsm, (unsigned long long)all);
  else if (c->nsm <= 32 && kmusim_config_reserve_mask(c) == all)
    for (unsigned i = 0; i < w->nk; i++)
      if (!w->k[i].event) {
        perr(p, "config: %s 0x%x reserves every SM of config %s: host kernel '%s' (line "
                "%u) could never run (host kernels never run on reserved SMs)",
             c->reserve ? "reserve=" : "policy reserve: the default mask",
             kmusim_config_reserve_mask(c), c->name, w->k[i].name, w->k[i].line);
        break;
      }
  for (unsigned i = 0; i < w->nev; i++)
    if (w->ev[i].kind == KMUSIM_EV_REGISTER && ++nreg > c->ekt_entries) {
      p->line = w->ev[i].line;
      perr(p, "register: more event kernels than EKT entries (%u) in config %s",
           c->ekt_entries, c->name);
    }
}

unsigned kmusim_workload_parse(kmusim_workload *w, const char *name, const char *text,
                               const char *cfg_override, const char *policy_override) {
  memset(w, 0, sizeof *w);
  if (strlen(name) >= sizeof w->path) {
    fprintf(stderr, "%s: path longer than %zu characters\n", name, sizeof w->path - 1);
    w->io_error = 1;
    return 1;
  }
  snprintf(w->path, sizeof w->path, "%s", name);
  kmusim_config_preset(&w->cfg, "small");
  parser p;
  memset(&p, 0, sizeof p);
  p.w = w;
  p.file = w->path;
  snprintf(p.dir, sizeof p.dir, "%s", name);
  char *slash = strrchr(p.dir, '/');
  if (slash) *slash = 0;
  else snprintf(p.dir, sizeof p.dir, ".");
  if (cfg_override) {
    char why[KMUSIM_PATH_MAX + 160];
    int lr = kmusim_config_load(&w->cfg, cfg_override, NULL, why, sizeof why);
    if (lr <= 0) {
      if (lr == -1)
        fprintf(stderr, "--config %s: not small, fpga, paper or a readable file (%s)\n",
                cfg_override, why);
      else if (lr == -2)
        fprintf(stderr, "--config %s: %s\n", cfg_override, why);
      else
        fprintf(stderr, "--config %s: errors in the file\n", cfg_override);
      w->io_error = lr == -1;
      return 1;
    }
    p.cfg_overridden = 1;
  }
  const char *s = text;
  char buf[LINE_MAX_CHARS + 1];
  int lr;
  while ((lr = next_line(&s, buf, sizeof buf)) != 0) {
    p.line++;
    if (lr < 0) {
      perr(&p, "line longer than %d characters", LINE_MAX_CHARS);
      continue;
    }
    char *tok[LINE_FIELDS];
    int n = tokenize(strip_comment(buf), tok, LINE_FIELDS);
    if (n < 0) {
      perr(&p, "more than %d fields on one line", LINE_FIELDS);
      continue;
    }
    if (n == 0) continue;
    const char *kw = tok[0];
    if (!strcmp(kw, "config")) parse_config_line(&p, tok, n);
    else if (!strcmp(kw, "kernel")) parse_kernel(&p, tok, n);
    else if (!strcmp(kw, "register")) parse_event(&p, KMUSIM_EV_REGISTER, tok, n);
    else if (!strcmp(kw, "doorbell")) parse_event(&p, KMUSIM_EV_DOORBELL, tok, n);
    else if (!strcmp(kw, "launch")) parse_event(&p, KMUSIM_EV_LAUNCH, tok, n);
    else if (!strcmp(kw, "hint")) parse_event(&p, KMUSIM_EV_HINT, tok, n);
    else if (!strcmp(kw, "copy")) parse_event(&p, KMUSIM_EV_COPY, tok, n);
    else if (!strcmp(kw, "revoke")) parse_event(&p, KMUSIM_EV_REVOKE, tok, n);
    else if (!strcmp(kw, "end")) parse_event(&p, KMUSIM_EV_END, tok, n);
    else
      perr(&p, "unknown keyword '%s' (config kernel register doorbell launch hint copy revoke "
               "end)", kw);
    if (p.nerr >= 50) {
      fprintf(stderr, "%s: too many errors, stopping\n", p.file);
      free(p.unres);
      return p.nerr;
    }
  }
  check_unresolved(&p);
  if (p.nerr == 0 && policy_override) {
    char err[256];
    if (!kmusim_config_set(&w->cfg, "policy", policy_override, err, sizeof err)) {
      fprintf(stderr, "--policy: %s\n", err);
      p.nerr++;
    }
  }
  if (p.nerr == 0) check_against_config(&p);
  unsigned ncopy = 0;
  for (unsigned i = 0; i < w->nev; i++) ncopy += w->ev[i].kind == KMUSIM_EV_COPY;
  if (p.nerr == 0 && w->n_instances == 0 && ncopy == 0) { /* copies alone are a workload */
    p.line = p.line ? p.line : 1;
    fprintf(stderr, "%s: no doorbell, launch or copy line: nothing to run\n", p.file);
    p.nerr++;
  }
  return p.nerr;
}

unsigned kmusim_workload_load(kmusim_workload *w, const char *path, const char *cfg_override,
                              const char *policy_override) {
  memset(w, 0, sizeof *w);
  if (strlen(path) >= sizeof w->path) {
    fprintf(stderr, "%s: path longer than %zu characters\n", path, sizeof w->path - 1);
    w->io_error = 1;
    return 1;
  }
  /* any readable file (a pipe too: the path is the user's own choice), but bounded */
  char *text, why[128];
  int rr = read_text(path, KMUSIM_WORKLOAD_MAX_BYTES, 0, &text, why, sizeof why);
  if (rr <= 0) {
    fprintf(stderr, "%s: %s\n", path, why);
    w->io_error = rr < 0; /* a NUL byte or a huge file is malformed content */
    return 1;
  }
  unsigned n = kmusim_workload_parse(w, path, text, cfg_override, policy_override);
  free(text);
  return n;
}

void kmusim_workload_free(kmusim_workload *w) {
  free(w->k);
  free(w->ev);
  memset(w, 0, sizeof *w);
}

int kmusim_kernel_by_kptr(const kmusim_workload *w, uint64_t kptr) {
  if (kptr < KMUSIM_KPTR_BASE || (kptr - KMUSIM_KPTR_BASE) % 0x100) return -1;
  uint64_t i = (kptr - KMUSIM_KPTR_BASE) / 0x100;
  return i < w->nk ? (int)i : -1;
}
