/* sm_model.c - see sm_model.h. */
#include "sm_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sm_model_init(sm_model *s, const kmusim_config *cfg, const kmusim_workload *w,
                   mem_model *mem, kmu_rng *rng) {
  memset(s, 0, sizeof *s);
  s->cfg = cfg;
  s->w = w;
  s->mem = mem;
  s->rng = rng;
  s->nsm = cfg->nsm;
  s->tbs = cfg->tbs;
  unsigned n = s->nsm * s->tbs;
  s->tb = calloc(n, sizeof *s->tb);
  for (unsigned i = 0; i < n; i++) s->tb[i].ret = calloc(cfg->warps, sizeof(uint64_t));
  s->done_q = calloc(n, sizeof *s->done_q);
  s->act = calloc(n, sizeof *s->act);
  s->busy_warps = calloc(s->nsm, sizeof *s->busy_warps);
  s->busy_tbs = calloc(s->nsm, sizeof *s->busy_tbs);
  s->ks = calloc(w->nk ? w->nk : 1, sizeof *s->ks);
}

void sm_model_free(sm_model *s) {
  for (unsigned i = 0; s->tb && i < s->nsm * s->tbs; i++) free(s->tb[i].ret);
  free(s->tb);
  free(s->done_q);
  free(s->act);
  free(s->busy_warps);
  free(s->busy_tbs);
  free(s->ks);
  memset(s, 0, sizeof *s);
}

int sm_model_start(sm_model *s, uint64_t cycle, uint64_t sm, uint64_t rtb, uint64_t warps,
                   uint64_t kptr, uint64_t param, uint64_t tb, uint64_t slot, uint32_t inst,
                   char *err, size_t errlen) {
  if (sm >= s->nsm || rtb >= s->tbs) {
    snprintf(err, errlen, "TB start on sm=%llu rtb=%llu: out of range (%u SMs, %u TB slots)",
             (unsigned long long)sm, (unsigned long long)rtb, s->nsm, s->tbs);
    return 0;
  }
  sm_tb *t = &s->tb[sm * s->tbs + rtb];
  if (t->busy) {
    snprintf(err, errlen, "TB start on sm=%llu rtb=%llu: entry busy (TB %llu of kernel '%s' "
             "since cycle %llu)", (unsigned long long)sm, (unsigned long long)rtb,
             (unsigned long long)t->tb, s->w->k[t->kernel].name,
             (unsigned long long)t->start);
    return 0;
  }
  int k = kmusim_kernel_by_kptr(s->w, kptr);
  if (k < 0) {
    snprintf(err, errlen, "TB start with kptr=0x%llx: no such kernel", (unsigned long long)kptr);
    return 0;
  }
  const kmusim_kernel *kk = &s->w->k[k];
  if (warps != kk->warps) {
    snprintf(err, errlen, "TB start of kernel '%s' with warps=%llu, the kernel has %u per TB",
             kk->name, (unsigned long long)warps, kk->warps);
    return 0;
  }
  if (s->busy_warps[sm] + warps > s->cfg->warps) {
    snprintf(err, errlen, "TB start of kernel '%s' on sm=%llu: %llu warps, only %u free",
             kk->name, (unsigned long long)sm, (unsigned long long)warps,
             s->cfg->warps - s->busy_warps[sm]);
    return 0;
  }
  uint64_t *ret = t->ret;
  memset(t, 0, sizeof *t);
  t->ret = ret;
  t->busy = 1;
  t->kernel = k;
  t->inst = inst;
  t->tb = tb, t->slot = slot, t->warps = warps, t->kptr = kptr, t->param = param;
  t->start = cycle;
  uint64_t c = kk->cycles;
  if (kk->jitter) {
    uint64_t span = c * kk->jitter / 100;
    uint64_t d = kmu_rng_below(s->rng, 2 * span + 1);
    c = c + d >= span + 1 ? c + d - span : 1;
  }
  t->target = c;
  t->loads = c * kk->load_rate / 1000;
  s->busy_warps[sm] += (unsigned)warps;
  s->busy_tbs[sm]++;
  s->running++;
  s->act[s->nact++] = (unsigned)(sm * s->tbs + rtb);
  sm_kstat *st = &s->ks[k];
  st->tbs++;
  st->cycles += c;
  st->loads += t->loads;
  st->wb += c * kk->wb_rate / 1000;
  st->bar += c * kk->bar_rate / 1000;
  return 1;
}

void sm_model_drive(const sm_model *s, uint64_t *done_valid, uint64_t *done_sm,
                    uint64_t *done_rtb) {
  if (s->dq_n) {
    unsigned i = s->done_q[s->dq_head];
    *done_valid = 1, *done_sm = i / s->tbs, *done_rtb = i % s->tbs;
  } else {
    *done_valid = 0, *done_sm = 0, *done_rtb = 0;
  }
}

sm_tb sm_model_done_fire(sm_model *s) {
  unsigned n = s->nsm * s->tbs;
  unsigned i = s->done_q[s->dq_head];
  s->dq_head = (s->dq_head + 1) % n;
  s->dq_n--;
  sm_tb *t = &s->tb[i];
  sm_tb copy = *t;
  copy.ret = NULL;
  unsigned sm = i / s->tbs;
  s->busy_warps[sm] -= (unsigned)t->warps;
  s->busy_tbs[sm]--;
  s->running--;
  t->busy = 0;
  t->finished = 0;
  return copy;
}

void sm_model_tick(sm_model *s, uint64_t cycle) {
  unsigned n = s->nsm * s->tbs;
  for (unsigned a = 0; a < s->nact;) {
    unsigned i = s->act[a];
    sm_tb *t = &s->tb[i];
    unsigned cap = (unsigned)t->warps;
    while (t->ret_n && t->ret[t->ret_head] <= cycle) {
      t->ret_head = (t->ret_head + 1) % cap;
      t->ret_n--;
    }
    if (t->progress < t->target) {
      /* load j is due once j/loads of the run is done */
      if (t->loads_issued < t->loads &&
          t->progress >= t->loads_issued * t->target / t->loads) {
        uint64_t rc;
        if (t->ret_n < cap && mem_model_load(s->mem, cycle, &rc)) {
          t->ret[(t->ret_head + t->ret_n++) % cap] = rc;
          t->loads_issued++;
          t->progress++;
        } else {
          t->stall++;
          s->ks[t->kernel].stall++;
        }
      } else {
        t->progress++;
      }
    }
    if (t->progress == t->target && t->loads_issued == t->loads && t->ret_n == 0) {
      t->finished = 1;
      t->finish = cycle + 1;
      s->done_q[(s->dq_head + s->dq_n++) % n] = i;
      /* leaves the running list; the order of the others is kept */
      memmove(&s->act[a], &s->act[a + 1], (s->nact - a - 1) * sizeof *s->act);
      s->nact--;
      continue;
    }
    a++;
  }
}

int sm_model_idle(const sm_model *s) { return s->running == 0; }
