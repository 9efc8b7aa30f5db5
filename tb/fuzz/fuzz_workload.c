/* fuzz_workload.c - libFuzzer target: the kmusim workload parser (sim/kmusim/workload.c) on
 * arbitrary bytes.  Built with -fsanitize=fuzzer,address,undefined (mk/fuzz.mk): a crash,
 * an out-of-bounds access, a leak or undefined behaviour is a finding; so is a workload the
 * parser accepts that breaks what workload.h promises its callers (checked below).
 *
 * Input: the bytes are the workload text (up to the first NUL: kmusim refuses a file with a
 * NUL byte before parsing).  Two optional leading comment lines, which the parser itself
 * ignores, stand for kmusim's options: "#policy NAME" (--policy NAME) and "#config NAME"
 * (--config NAME; a preset or a file), so the overrides are fuzzed too. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* a violated promise: print it on stdout (make fuzz closes stderr, where the parser's
 * messages go) and abort (libFuzzer keeps the input as a crash) */
#define FUZZ_CHECK(cond)                                                                    \
  do {                                                                                      \
    if (!(cond)) {                                                                          \
      printf("fuzz_workload: check failed: %s (line %d)\n", #cond, __LINE__);               \
      fflush(stdout);                                                                       \
      abort();                                                                              \
    }                                                                                       \
  } while (0)

/* the value of a leading "#<key> VALUE" line of text, into buf; 0 when there is none */
static int option_line(const char *text, const char *key, char *buf, size_t n) {
  for (const char *l = text; *l == '#';) {
    const char *nl = strchr(l, '\n');
    size_t len = nl ? (size_t)(nl - l) : strlen(l), kl = strlen(key);
    if (len > kl + 1 && !strncmp(l + 1, key, kl) && l[1 + kl] == ' ' && len - kl - 2 < n) {
      memcpy(buf, l + kl + 2, len - kl - 2);
      buf[len - kl - 2] = 0;
      return 1;
    }
    if (!nl) break;
    l = nl + 1;
  }
  return 0;
}

/* What an accepted workload promises (workload.h, docs/workload-format.md). */
static void check_accepted(const kmusim_workload *w) {
  const kmusim_config *c = &w->cfg;
  FUZZ_CHECK(c->nsm >= 1 && c->nsm <= 64 && c->ekt_entries >= 1 && c->slots >= 1);
  FUZZ_CHECK(c->tbs >= 1 && c->warps >= 1 && c->regs >= 32);
  FUZZ_CHECK(memchr(c->name, 0, sizeof c->name) && memchr(c->policy, 0, sizeof c->policy));
  FUZZ_CHECK(c->pol <= 3 && c->inplace <= 1 && c->wp_en <= 1 && c->use_reserve <= 1);
  /* a workload of copies only is valid (issue 14): no kernel, no instance, but a copy */
  unsigned ncopy = 0;
  for (unsigned i = 0; i < w->nev; i++) ncopy += w->ev[i].kind == KMUSIM_EV_COPY;
  FUZZ_CHECK(w->nk <= 1024 && (w->nk == 0 || w->k));
  FUZZ_CHECK(w->n_instances <= 1000000 && (w->n_instances >= 1 || ncopy >= 1));
  const uint64_t all = c->nsm >= 32 ? 0xFFFFFFFFull : (1ull << c->nsm) - 1;
  FUZZ_CHECK((kmusim_config_reserve_mask(c) & ~all) == 0);
  for (unsigned i = 0; i < w->nk; i++) {
    const kmusim_kernel *k = &w->k[i];
    FUZZ_CHECK(memchr(k->name, 0, sizeof k->name) && k->name[0]);
    FUZZ_CHECK(k->ntb >= 1 && k->ntb <= KMUSIM_MAX_TBS);
    FUZZ_CHECK(k->ntb == (uint64_t)k->grid[0] * k->grid[1] * k->grid[2]);
    FUZZ_CHECK(k->threads >= 1 && k->threads <= 1024);
    FUZZ_CHECK(k->warps == (k->threads + 31) / 32 && k->warps <= c->warps);
    FUZZ_CHECK(k->regs >= 1 && k->regs <= 255 && k->regs_per_tb <= c->regs);
    FUZZ_CHECK(k->shmem <= 65535 && k->shmem <= c->shmem && k->prio <= 3);
    FUZZ_CHECK(k->cycles >= 1 && k->jitter <= 90);
    FUZZ_CHECK(!k->event || (k->ring >= 1 && k->maxinf >= 1 && k->maxinf <= k->ring));
    FUZZ_CHECK(kmusim_kernel_by_kptr(w, k->kptr) == (int)i);
    for (unsigned j = 0; j < i; j++) FUZZ_CHECK(strcmp(w->k[j].name, k->name) != 0);
  }
  uint64_t inst = 0, last = 0;
  unsigned nreg = 0;
  for (unsigned i = 0; i < w->nev; i++) {
    const kmusim_event *e = &w->ev[i];
    FUZZ_CHECK((unsigned)e->kind <= (unsigned)KMUSIM_EV_END);
    FUZZ_CHECK(e->at >= last); /* time order */
    last = e->at;
    const int needs_kernel = e->kind != KMUSIM_EV_COPY && e->kind != KMUSIM_EV_END;
    FUZZ_CHECK(needs_kernel ? e->kernel >= 0 && (unsigned)e->kernel < w->nk : e->kernel == -1);
    FUZZ_CHECK(e->count >= 1 && (e->count > 1 || e->every == 0));
    if (e->kind == KMUSIM_EV_DOORBELL || e->kind == KMUSIM_EV_LAUNCH) {
      FUZZ_CHECK(w->k[e->kernel].event == (e->kind == KMUSIM_EV_DOORBELL));
      inst += e->count;
    }
    if (e->kind == KMUSIM_EV_REGISTER) {
      FUZZ_CHECK(w->k[e->kernel].event);
      nreg++;
    }
    if (e->kind == KMUSIM_EV_COPY) FUZZ_CHECK(e->bytes >= 1 && e->dir <= 1 && e->prio <= 7);
    if (e->kind == KMUSIM_EV_END) FUZZ_CHECK(w->has_end && i == w->nev - 1 && w->end_at == e->at);
    /* chaining: a label only on launch / copy with count 1, unique; after= an earlier one */
    if (e->name[0] || e->after)
      FUZZ_CHECK((e->kind == KMUSIM_EV_LAUNCH || e->kind == KMUSIM_EV_COPY) && e->count == 1);
    FUZZ_CHECK(memchr(e->name, 0, sizeof e->name) != NULL);
    for (unsigned j = 0; j < i && e->name[0]; j++) FUZZ_CHECK(strcmp(w->ev[j].name, e->name) != 0);
    FUZZ_CHECK(e->after <= i && (e->after == 0 || w->ev[e->after - 1].name[0]));
  }
  FUZZ_CHECK(inst == w->n_instances && nreg <= c->ekt_entries);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0; /* the parser's input is a string: it ends at the first NUL */
  char policy[KMUSIM_POLICY_MAX + 8], cfg[64];
  const int has_pol = option_line(text, "policy", policy, sizeof policy);
  const int has_cfg = option_line(text, "config", cfg, sizeof cfg);
  kmusim_workload w;
  unsigned nerr = kmusim_workload_parse(&w, "fuzz.wl", text, has_cfg ? cfg : NULL,
                                        has_pol ? policy : NULL);
  if (nerr == 0) check_accepted(&w);
  else FUZZ_CHECK(w.io_error == 0 || has_cfg); /* only --config names a file here */
  kmusim_workload_free(&w);
  /* the number syntax alone, on the first token */
  char tok[32];
  size_t n = strcspn(text, " \t\r\n=");
  if (n < sizeof tok) {
    memcpy(tok, text, n);
    tok[n] = 0;
    uint64_t v;
    if (kmusim_parse_u64(tok, &v) && n > 0 && tok[0] >= '1' && tok[0] <= '9' && n < 19 &&
        !strpbrk(tok, "xXkM"))
      FUZZ_CHECK(v == strtoull(tok, NULL, 10)); /* plain decimal: as strtoull reads it */
  }
  free(text);
  return 0;
}
