/* report.c - see report.h. */
#include "report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int u64_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

void kmusim_stat_of(uint64_t *v, size_t n, kmusim_stat *s) {
  memset(s, 0, sizeof *s);
  s->n = n;
  if (!n) return;
  qsort(v, n, sizeof *v, u64_cmp);
  double sum = 0;
  for (size_t i = 0; i < n; i++) sum += (double)v[i];
  s->min = v[0], s->max = v[n - 1];
  s->p50 = v[(n - 1) / 2];
  s->p99 = v[(size_t)((double)(n - 1) * 0.99)];
  s->mean = sum / (double)n;
}

/* metric m of the instances of kernel k (-1: all), completed ones that have it */
enum { M_LAUNCH, M_SCHED, M_TURN, M_ISSUE };
static size_t collect(const kmusim_result *r, int k, int m, uint64_t *v) {
  size_t n = 0;
  for (size_t i = 0; i < r->ninst; i++) {
    const kmusim_inst *x = &r->inst[i];
    if (k >= 0 && x->kernel != k) continue;
    switch (m) {
    case M_LAUNCH:
      if (x->first_start != KMUSIM_NEVER && x->accepted != KMUSIM_NEVER)
        v[n++] = x->first_start - x->accepted;
      break;
    case M_SCHED:
      if (x->first_start != KMUSIM_NEVER) v[n++] = x->first_start - x->at;
      break;
    case M_TURN:
      if (x->completed != KMUSIM_NEVER) v[n++] = x->completed - x->accepted;
      break;
    case M_ISSUE:
      if (x->accepted != KMUSIM_NEVER) v[n++] = x->accepted - x->at;
      break;
    }
  }
  return n;
}

static void stat_of(const kmusim_result *r, int k, int m, kmusim_stat *s) {
  uint64_t *v = malloc((r->ninst ? r->ninst : 1) * sizeof *v);
  kmusim_stat_of(v, collect(r, k, m, v), s);
  free(v);
}

/* ---------------------------------------------------------------- JSON */
static void jstr(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
    else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
    else fputc(ch, f);
  }
  fputc('"', f);
}

/* ', "key": ' and a cycle (null: never) or a difference of two (b - a; null when either is) */
static void jcyc(FILE *f, const char *key, uint64_t v) {
  fprintf(f, ", \"%s\": ", key);
  if (v == KMUSIM_NEVER) fputs("null", f);
  else fprintf(f, "%" PRIu64, v);
}

static void jdiff(FILE *f, const char *key, uint64_t a, uint64_t b) {
  fprintf(f, ", \"%s\": ", key);
  if (a == KMUSIM_NEVER || b == KMUSIM_NEVER) fputs("null", f);
  else fprintf(f, "%" PRIu64, b - a);
}

static void jstat(FILE *f, const kmusim_stat *s) {
  if (!s->n) {
    fputs("null", f);
    return;
  }
  fprintf(f, "{\"n\": %zu, \"min\": %" PRIu64 ", \"mean\": %.2f, \"p50\": %" PRIu64
             ", \"p99\": %" PRIu64 ", \"max\": %" PRIu64 "}",
          s->n, s->min, s->mean, s->p50, s->p99, s->max);
}

/* the three latency statistics of kernel k (-1: all), one a line after indent ind */
/* GPUpIO per-kernel metrics (a run with io= kernels; docs/kmusim.md, Metrics) */
static void jopt_mean(FILE *f, const char *name, const sm_samples *x) {
  fprintf(f, ", \"%s\": ", name);
  if (x->n) fprintf(f, "%.2f", sm_samples_mean(x));
  else fputs("null", f);
}
static void jopt_pct(FILE *f, const char *name, const sm_samples *x, unsigned p) {
  fprintf(f, ", \"%s\": ", name);
  if (x->n) fprintf(f, "%" PRIu64, sm_samples_pct(x, p));
  else fputs("null", f);
}
/* time in system of kernel k: its launch write accepted -> its last TB done, mean and max over
 * its instances with a TB done */
static int time_in_system(const kmusim_result *r, unsigned k, double *mean, uint64_t *max) {
  double sum = 0;
  size_t n = 0;
  *max = 0;
  for (size_t i = 0; i < r->ninst; i++) {
    const kmusim_inst *x = &r->inst[i];
    if (x->kernel != (int)k || !x->last_done || x->accepted == KMUSIM_NEVER) continue;
    const uint64_t t = x->last_done - x->accepted;
    sum += (double)t, n++;
    if (t > *max) *max = t;
  }
  *mean = n ? sum / (double)n : 0;
  return n != 0;
}
static void jkernel_io(FILE *f, const kmusim_workload *w, const kmusim_result *r, unsigned k) {
  const kmusim_kernel *kk = &w->k[k];
  const sm_kstat *ks = &r->ks[k];
  static const char *const ym[] = {"off", "addr", "spin"};
  fprintf(f, ",\n     \"io\": ");
  if (kk->has_io) fprintf(f, "%" PRIu64, kk->io);
  else fputs("null", f);
  fprintf(f, ", \"rounds\": %u, \"yield_mode\": \"%s\", \"io_waits\": %" PRIu64
             ", \"yields\": %" PRIu64 ", \"yield_spins\": %" PRIu64 ", \"yield_refused\": %" PRIu64
             ", \"yield_full\": %" PRIu64 ", \"yield_nowork\": %" PRIu64 ", \"spins\": %" PRIu64
             ", \"yield_withdrawn\": %" PRIu64 ", \"wakeups\": %" PRIu64
             ", \"yields_dropped\": %" PRIu64,
          kk->rounds, ym[kk->yield % 3], ks->io_waits, ks->yields, ks->yield_spins,
          ks->yield_full + ks->yield_nowork, ks->yield_full, ks->yield_nowork, ks->spins,
          ks->yield_withdrawn, ks->wakeups, ks->yields_dropped);
  jopt_mean(f, "wake_lat_mean", &ks->wake_lat);
  jopt_pct(f, "wake_lat_p99", &ks->wake_lat, 99);
  jopt_pct(f, "wake_overhead_max", &ks->wake_over, 100);
  jopt_mean(f, "restart_delay_mean", &ks->restart);
  jopt_pct(f, "restart_delay_p99", &ks->restart, 99);
  fprintf(f, ", \"io_wait_cycles\": %" PRIu64 ", \"time_in_system\": ", ks->io_wait_cycles);
  double m;
  uint64_t mx;
  if (time_in_system(r, k, &m, &mx)) fprintf(f, "%.1f, \"time_in_system_max\": %" PRIu64, m, mx);
  else fputs("null, \"time_in_system_max\": null", f);
}

static void jlatencies(FILE *f, const kmusim_result *r, int k, const char *ind) {
  static const char *const key[] = {"launch_latency", "sched_latency", "turnaround"};
  static const int m[] = {M_LAUNCH, M_SCHED, M_TURN};
  for (int i = 0; i < 3; i++) {
    kmusim_stat s;
    fprintf(f, "%s%s\"%s\": ", i ? ",\n" : "", ind, key[i]);
    stat_of(r, k, m[i], &s);
    jstat(f, &s);
  }
}

static double util(uint64_t busy, uint64_t span, unsigned cap) {
  return span && cap ? (double)busy / ((double)span * cap) : 0.0;
}

int kmusim_write_json(const char *path, const kmusim_workload *w, const kmusim_result *r,
                      uint64_t seed) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "kmusim: %s: %s\n", path, strerror(errno));
    return 0;
  }
  const kmusim_config *c = &w->cfg;
  fprintf(f, "{\n  \"tool\": \"kmusim\",\n  \"format\": 1,\n  \"workload\": ");
  jstr(f, w->path);
  fprintf(f, ",\n  \"engine\": ");
  jstr(f, r->engine);
  fprintf(f, ",\n  \"test_double\": %s,\n  \"seed\": %" PRIu64 ",\n",
          r->test_double ? "true" : "false", seed);
  fprintf(f, "  \"config\": {\"name\": ");
  jstr(f, c->name);
  fprintf(f, ", \"nsm\": %u, \"ekt_entries\": %u, \"slots\": %u, \"pend\": %u, \"tbs\": %u, "
             "\"warps\": %u, \"regs\": %u, \"shmem\": %u, \"ewt\": %u, \"mem_latency\": %u, "
             "\"mem_bw\": %u, \"mem_stall_pct\": %u},\n",
          c->nsm, c->ekt_entries, c->slots, c->pend, c->tbs, c->warps, c->regs, c->shmem, c->ewt,
          c->mem_latency, c->mem_bw, c->mem_stall_pct);
  size_t done = 0;
  for (size_t i = 0; i < r->ninst; i++) done += r->inst[i].completed != KMUSIM_NEVER;
  uint64_t wsum = 0, tsum = 0;
  for (unsigned i = 0; i < r->nsm; i++) wsum += r->sm[i].warp_busy, tsum += r->sm[i].tb_busy;
  fprintf(f, "  \"cycles\": %" PRIu64 ",\n  \"span\": %" PRIu64 ",\n  \"end_reason\": \"%s\",\n",
          r->cycles, r->span, r->end_reason);
  if (r->engine_timed) /* only on request: two runs of one seed give the same file otherwise */
    fprintf(f, "  \"engine_seconds\": %.6f,\n  \"run_seconds\": %.6f,\n",
            (double)r->engine_ns * 1e-9, (double)r->run_ns * 1e-9);
  fprintf(f, "  \"summary\": {\n    \"instances\": %zu,\n    \"completed\": %zu,\n",
          r->ninst, done);
  jlatencies(f, r, -1, "    ");
  fprintf(f, ",\n    \"sm_warp_util\": %.4f,\n    \"sm_tb_util\": %.4f,\n",
          util(wsum, r->span, r->nsm * c->warps), util(tsum, r->span, r->nsm * c->tbs));
  if (r->have_antt) fprintf(f, "    \"antt\": %.4f,\n    \"stp\": %.4f,\n", r->antt, r->stp);
  else fprintf(f, "    \"antt\": null,\n    \"stp\": null,\n");
  fprintf(f, "    \"irq_cycles\": %" PRIu64 ",\n", r->irq_cycles);
  fprintf(f, "    \"hl_busy_retries\": %" PRIu64 ",\n", r->hl_busy);
  fprintf(f, "    \"preemption\": {\"policy\": ");
  jstr(f, c->policy);
  fprintf(f, ", \"hints\": %" PRIu64 ", \"requests\": %" PRIu64 ", \"evictions\": %" PRIu64
             ", \"restores\": %" PRIu64 ", \"ctx_saves\": %" PRIu64
             ", \"ctx_save_bytes\": %" PRIu64 ", \"ctx_restore_bytes\": %" PRIu64
             ", \"save_sm_cycles\": %" PRIu64 ", \"warp_level_events\": %" PRIu64 "}\n  },\n",
          r->hints, r->preempt_reqs, r->evictions, r->restores, r->ctx_saves, r->ctx_save_bytes,
          r->ctx_restore_bytes, r->save_cycles, r->wp_events);

  fprintf(f, "  \"kernels\": [");
  for (unsigned k = 0; k < w->nk; k++) {
    const kmusim_kernel *kk = &w->k[k];
    const sm_kstat *ks = &r->ks[k];
    size_t ni = 0;
    for (size_t i = 0; i < r->ninst; i++) ni += r->inst[i].kernel == (int)k;
    fprintf(f, "%s\n    {\"name\": ", k ? "," : "");
    jstr(f, kk->name);
    fprintf(f, ", \"kind\": \"%s\", \"prio\": %u, \"kptr\": %u, \"grid\": [%u, %u, %u], "
               "\"tb\": [%u, %u, %u], \"tbs\": %" PRIu64 ", \"warps_per_tb\": %u, "
               "\"regs_per_tb\": %u, \"shmem\": %u, \"tb_cycles\": %" PRIu64 ", "
               "\"instances\": %zu,\n",
            kk->event ? "event" : "host", kk->prio, kk->kptr, kk->grid[0], kk->grid[1],
            kk->grid[2], kk->tbdim[0], kk->tbdim[1], kk->tbdim[2], kk->ntb, kk->warps,
            kk->regs_per_tb, kk->shmem, kk->cycles, ni);
    jlatencies(f, r, (int)k, "     ");
    fprintf(f, ",\n     \"isolated_turnaround\": ");
    if (r->iso[k]) fprintf(f, "%" PRIu64, r->iso[k]);
    else fputs("null", f);
    uint64_t nrv = 0, nrp = 0, ndr = 0;
    for (size_t i = 0; i < r->ninst; i++)
      if (r->inst[i].kernel == (int)k)
        nrv += r->inst[i].revokes, nrp += r->inst[i].replays, ndr += r->inst[i].tbs_dropped;
    fprintf(f, ",\n     \"trem\": {\"revocations\": %" PRIu64 ", \"replays\": %" PRIu64
               ", \"tbs_dropped\": %" PRIu64 ", \"dropped_cycles\": %" PRIu64 "}", nrv, nrp, ndr,
            ks->dropped_cycles);
    fprintf(f, ",\n     \"sm\": {\"tbs_run\": %" PRIu64 ", \"run_cycles\": %" PRIu64
               ", \"loads\": %" PRIu64 ", \"writebacks\": %" PRIu64 ", \"barriers\": %" PRIu64
               ", \"stall_cycles\": %" PRIu64 "},\n     \"preemption\": {\"pauses\": %" PRIu64
               ", \"evictions\": %" PRIu64 ", \"restores\": %" PRIu64
               ", \"paused_cycles\": %" PRIu64 ", \"evicted_cycles\": %" PRIu64
               ", \"warp_victims\": %" PRIu64 ", \"event_warps_warp_level\": %" PRIu64 "}",
            ks->tbs, ks->cycles, ks->loads, ks->wb, ks->bar, ks->stall, ks->pauses,
            ks->evictions, ks->restores, ks->paused_cycles, ks->evicted_cycles, ks->wp_victims,
            ks->ewarps_wp);
    if (r->io) jkernel_io(f, w, r, k);
    fputc('}', f);
  }
  fprintf(f, "\n  ],\n  \"instances\": [");
  for (size_t i = 0; i < r->ninst; i++) {
    const kmusim_inst *x = &r->inst[i];
    fprintf(f, "%s\n    {\"kernel\": ", i ? "," : "");
    jstr(f, w->k[x->kernel].name);
    fprintf(f, ", \"seq\": %u, \"line\": %u, \"at\": %" PRIu64, x->seq, x->line, x->at);
    jcyc(f, "issued", x->issued);
    jcyc(f, "accepted", x->accepted);
    jcyc(f, "first_dispatch", x->first_start);
    jcyc(f, "completed", x->completed);
    jdiff(f, "launch_latency", x->accepted, x->first_start);
    jdiff(f, "sched_latency", x->at, x->first_start);
    jdiff(f, "turnaround", x->accepted, x->completed);
    fprintf(f, ", \"ntt\": ");
    if (r->iso[x->kernel] && x->completed != KMUSIM_NEVER)
      fprintf(f, "%.4f", (double)(x->completed - x->accepted) / (double)r->iso[x->kernel]);
    else fputs("null", f);
    fprintf(f, ", \"tbs_started\": %" PRIu64 ", \"tbs_done\": %" PRIu64, x->started, x->done);
    if (x->lid_known) fprintf(f, ", \"launch_id\": %u", x->lid);
    if (x->revokes)
      fprintf(f, ", \"revocations\": %" PRIu64 ", \"replays\": %" PRIu64 ", \"tbs_dropped\": %"
                 PRIu64 ", \"tbs_done_all_runs\": %" PRIu64 ", \"retired\": %s", x->revokes,
              x->replays, x->tbs_dropped, x->tbs_done_total, x->retired ? "true" : "false");
    /* TReM's automatic replays of this instance (the starvation guard caps them at thresh) */
    if (x->auto_replays) fprintf(f, ", \"auto_replays\": %" PRIu64, x->auto_replays);
    fputc('}', f);
  }
  fprintf(f, "\n  ],\n  \"registrations\": [");
  for (unsigned i = 0; i < r->nreg; i++) {
    const kmusim_regrec *g = &r->reg[i];
    fprintf(f, "%s\n    {\"kernel\": ", i ? "," : "");
    jstr(f, w->k[g->kernel].name);
    fprintf(f, ", \"line\": %u, \"at\": %" PRIu64, g->line, g->at);
    jcyc(f, "accepted", g->accepted);
    jcyc(f, "done", g->done);
    jdiff(f, "latency", g->accepted, g->done);
    fprintf(f, ", \"doorbell\": %u, \"code\": %u}", g->id, g->code);
  }
  fprintf(f, "\n  ],\n  \"copies\": [");
  for (size_t i = 0; i < r->ncp; i++) {
    const kmusim_copy *x = &r->cp[i];
    fprintf(f, "%s\n    {\"line\": %u, \"bytes\": %u, \"dir\": \"%s\", \"prio\": %u, \"tag\": %u, "
               "\"src\": %u, \"dst\": %u, \"at\": %" PRIu64,
            i ? "," : "", x->line, x->bytes, x->dir ? "d2h" : "h2d", x->prio, x->id, x->src,
            x->dst, x->at);
    jcyc(f, "issued", x->issued);
    jcyc(f, "start", x->accepted);
    jcyc(f, "first_chunk", x->first_read);
    jcyc(f, "done", x->last_write);
    jcyc(f, "completion_read", x->completed);
    jdiff(f, "wait", x->accepted, x->first_read);
    jdiff(f, "response", x->accepted, x->last_write);
    fprintf(f, ", \"blocking\": %" PRIu64 ", \"status\": %u}", x->blocked, x->status);
  }
  fprintf(f, "\n  ],\n  \"revokes\": [");
  for (size_t i = 0; i < r->nrv; i++) {
    const kmusim_rvk *v = &r->rv[i];
    fprintf(f, "%s\n    {\"line\": %u, \"kernel\": ", i ? "," : "", v->line);
    jstr(f, w->k[v->kernel].name);
    fprintf(f, ", \"action\": \"%s\", \"instance\": ", v->retire ? "retire" : "replay");
    if (v->inst >= 0) fprintf(f, "%ld", v->inst);
    else fputs("null", f);
    fprintf(f, ", \"kind\": \"%s\", \"id\": %u, \"at\": %" PRIu64,
            v->kind == 1 ? "LID" : "TAG", v->id, v->at);
    jcyc(f, "issued", v->issued);
    jcyc(f, "accepted", v->accepted);
    jcyc(f, "done", v->done);
    jdiff(f, "latency", v->accepted, v->done);
    fprintf(f, ", \"status\": %u, \"status_name\": \"%s\", \"tag\": %u, \"lid\": %u, "
               "\"tbs_dropped\": %" PRIu64 "}",
            v->status, kmusim_trem_status_name(v->status), v->tag, v->lid, v->dropped);
  }
  if (r->io)
    fprintf(f, "\n  ],\n  \"yield\": {\"take\": %u, \"spin\": %u, \"full\": %u, \"nowork\": %u, "
               "\"wake\": %u, \"err\": %u, \"io_requests\": %" PRIu64 ", \"signals\": %" PRIu64
               ", \"signals_accepted\": %" PRIu64 "",
            r->yield_cnt[0], r->yield_cnt[1], r->yield_cnt[2], r->yield_cnt[3], r->yield_cnt[4],
            r->yield_cnt[5], r->io_requests, r->io_signals, r->io_signals_accepted);
  fprintf(f, "%s,\n  \"auto_replays\": %" PRIu64 ",\n  \"host_link\": {", r->io ? "}" : "\n  ]",
          r->auto_replays);
  fprintf(f, "\"reads\": %" PRIu64 ", \"writes\": %" PRIu64
             ", \"chunks\": %" PRIu64 ", \"setup_cycles\": %" PRIu64 "},\n",
          r->link_reads, r->link_writes, r->link_chunks, r->link_setup_cycles);
  fprintf(f, "  \"sms\": [");
  for (unsigned i = 0; i < r->nsm; i++)
    fprintf(f, "%s\n    {\"sm\": %u, \"warp_util\": %.4f, \"tb_util\": %.4f, \"tbs_run\": %"
               PRIu64 "}", i ? "," : "", i, util(r->sm[i].warp_busy, r->span, c->warps),
            util(r->sm[i].tb_busy, r->span, c->tbs), r->sm[i].tbs);
  fprintf(f, "\n  ],\n  \"memory\": {\"port_reads\": %" PRIu64 ", \"port_writes\": %" PRIu64
             ", \"sm_loads\": %" PRIu64 ", \"busy_cycles\": %" PRIu64 "},\n",
          r->mem_port_reads, r->mem_port_writes, r->mem_sm_loads, r->mem_busy_cycles);
  fprintf(f, "  \"engine_counters\": {\"err_status\": %u, \"perf_doorbells\": %u, "
             "\"perf_completions\": %u, \"read\": %s},\n",
          r->err_status, r->perf_doorbells, r->perf_completions, r->final_read ? "true" : "false");
  fprintf(f, "  \"scoreboard\": {\"ok\": %s, \"errors\": [", r->nerr ? "false" : "true");
  unsigned ne = r->nerr < 8 ? r->nerr : 8;
  for (unsigned i = 0; i < ne; i++) {
    fprintf(f, "%s", i ? ", " : "");
    jstr(f, r->err[i]);
  }
  fprintf(f, "]}\n}\n");
  int ok = !ferror(f);
  if (fclose(f) != 0) ok = 0;
  if (!ok) fprintf(stderr, "kmusim: %s: write error\n", path);
  return ok;
}

/* ---------------------------------------------------------------- SVG timeline */
static void kcolor(unsigned k, char *buf) {
  static const char *pal[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
                              "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#1f77b4", "#8c564b"};
  if (k < 12) {
    strcpy(buf, pal[k]);
    return;
  }
  /* golden-angle hues beyond the palette */
  double h = (double)((k * 137u) % 360u) / 60.0, s = 0.55, v = 0.8;
  int i = (int)h;
  double fr = h - i, p = v * (1 - s), q = v * (1 - s * fr), t = v * (1 - s * (1 - fr));
  double rr = v, gg = t, bb = p;
  switch (i) {
  case 1: rr = q, gg = v, bb = p; break;
  case 2: rr = p, gg = v, bb = t; break;
  case 3: rr = p, gg = q, bb = v; break;
  case 4: rr = t, gg = p, bb = v; break;
  case 5: rr = v, gg = p, bb = q; break;
  default: break;
  }
  sprintf(buf, "#%02x%02x%02x", (unsigned)(rr * 255), (unsigned)(gg * 255), (unsigned)(bb * 255));
}

static void xml_text(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '<') fputs("&lt;", f);
    else if (*s == '>') fputs("&gt;", f);
    else if (*s == '&') fputs("&amp;", f);
    else if (*s == '"') fputs("&quot;", f);
    else fputc(*s, f);
  }
}

static int tb_cmp(const void *a, const void *b) {
  const kmusim_tbrec *x = a, *y = b;
  if (x->sm != y->sm) return x->sm < y->sm ? -1 : 1;
  if (x->rtb != y->rtb) return x->rtb < y->rtb ? -1 : 1;
  return x->start < y->start ? -1 : x->start > y->start;
}

int kmusim_write_svg(const char *path, const kmusim_workload *w, const kmusim_result *r) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "kmusim: %s: %s\n", path, strerror(errno));
    return 0;
  }
  const kmusim_config *c = &w->cfg;
  const double left = 70, top = 50, plot_w = 1000;
  unsigned rowh = c->tbs * 4 < 24 ? 24 : c->tbs * 4 > 96 ? 96 : c->tbs * 4;
  double lane = (double)(rowh - 4) / c->tbs;
  double plot_h = (double)rowh * c->nsm;
  unsigned legend_rows = (w->nk + 5) / 6;
  double height = top + plot_h + 50 + 22.0 * legend_rows + 20;
  uint64_t tmax = r->cycles ? r->cycles : 1;
  double sx = plot_w / (double)tmax;
  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
             "font-family=\"sans-serif\" font-size=\"12\">\n",
          left + plot_w + 30, height);
  fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
  fprintf(f, "<text x=\"%.0f\" y=\"20\" font-size=\"14\">kmusim: ", left);
  xml_text(f, w->path);
  fprintf(f, " on engine %s%s, config ", r->engine,
          r->test_double ? " (TEST DOUBLE: not results)" : "");
  xml_text(f, c->name);
  fprintf(f, "</text>\n<text x=\"%.0f\" y=\"36\" fill=\"#555\">SM occupancy: one row per SM, "
             "one lane per resident-TB entry; %" PRIu64 " cycles; ticks: red preemption request, "
             "black TB switched out, green restored, blue warp-level preemption, purple "
             "yield taken, orange wake-up</text>\n",
          left, r->cycles);
  /* rows */
  for (unsigned s = 0; s < c->nsm; s++) {
    double y = top + (double)s * rowh;
    fprintf(f, "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.0f\" height=\"%u\" fill=\"%s\"/>\n", left,
            y, plot_w, rowh - 2, s % 2 ? "#f4f4f4" : "#eaeaea");
    fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">SM %u</text>\n", left - 6,
            y + rowh / 2.0 + 4, s);
  }
  /* TB bars, merged where gaps are below half a pixel */
  kmusim_tbrec *t = malloc((r->ntbr ? r->ntbr : 1) * sizeof *t);
  memcpy(t, r->tbr, r->ntbr * sizeof *t);
  qsort(t, r->ntbr, sizeof *t, tb_cmp);
  int tips = r->ntbr <= 5000;
  fprintf(f, "<g id=\"tbs\">\n");
  for (size_t i = 0; i < r->ntbr;) {
    size_t j = i;
    uint64_t end = t[i].end;
    if (!tips)
      while (j + 1 < r->ntbr && t[j + 1].sm == t[i].sm && t[j + 1].rtb == t[i].rtb &&
             t[j + 1].kernel == t[i].kernel && (double)(t[j + 1].start - end) * sx < 0.5)
        end = t[++j].end;
    char col[16];
    kcolor((unsigned)t[i].kernel, col);
    double x = left + (double)t[i].start * sx, wd = (double)(end - t[i].start) * sx;
    if (wd < 0.5) wd = 0.5;
    double y = top + (double)t[i].sm * rowh + 1 + lane * t[i].rtb;
    fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\"", x, y,
            wd, lane > 2 ? lane - 0.5 : lane, col);
    if (tips) {
      fprintf(f, "><title>");
      xml_text(f, w->k[t[i].kernel].name);
      fprintf(f, " #%u TB start %" PRIu64 " end %" PRIu64 " (SM %u, rtb %u)</title></rect>\n",
              r->inst[t[i].inst].seq, t[i].start, t[i].end, t[i].sm, t[i].rtb);
    } else {
      fprintf(f, "/>\n");
    }
    i = j + 1;
  }
  fprintf(f, "</g>\n");
  free(t);
  /* launch markers: a tick at the top of the plot for every accepted launch write */
  fprintf(f, "<g id=\"launches\">\n");
  for (size_t i = 0; i < r->ninst && r->ninst <= 2000; i++) {
    const kmusim_inst *x = &r->inst[i];
    if (x->accepted == KMUSIM_NEVER) continue;
    char col[16];
    kcolor((unsigned)x->kernel, col);
    double xx = left + (double)x->accepted * sx;
    fprintf(f, "<path d=\"M%.2f %.1f l-3 -6 h6 z\" fill=\"%s\"><title>launch of ", xx, top - 1,
            col);
    xml_text(f, w->k[x->kernel].name);
    fprintf(f, " #%u accepted at %" PRIu64 "</title></path>\n", x->seq, x->accepted);
  }
  fprintf(f, "</g>\n");
  /* preemption markers: a vertical tick across the SM's row per event (up to 5000) */
  static const char *const mcol[] = {"#d62728", "#000000", "#2ca02c", "#1f77b4", "#9467bd",
                                     "#ff7f0e"};
  static const char *const mname[] = {"preemption request", "TB switched out (evicted)",
                                      "TB restored", "warp-level preemption (event warp start)",
                                      "GPUpIO yield taken", "GPUpIO wake-up (restore of a yielded TB)"};
  fprintf(f, "<g id=\"preemptions\">\n");
  for (size_t i = 0; i < r->nmarks && i < 5000; i++) {
    const kmusim_mark *m = &r->marks[i];
    double xx = left + (double)m->cycle * sx, y = top + (double)m->sm * rowh;
    fprintf(f, "<line x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\" stroke=\"%s\" "
               "stroke-width=\"1.5\"><title>%s, SM %u, cycle %" PRIu64 "</title></line>\n",
            xx, y, xx, y + rowh - 2, mcol[m->kind % 6], mname[m->kind % 6], m->sm, m->cycle);
  }
  fprintf(f, "</g>\n");
  /* time axis */
  double ay = top + plot_h + 4;
  fprintf(f, "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"black\"/>\n", left,
          ay, left + plot_w, ay);
  uint64_t step = 1;
  while (tmax / step > 10) {
    if (tmax / (step * 2) <= 10) step *= 2;
    else if (tmax / (step * 5) <= 10) step *= 5;
    else step *= 10;
  }
  for (uint64_t v = 0; v <= tmax; v += step) {
    double x = left + (double)v * sx;
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>"
               "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%" PRIu64 "</text>\n",
            x, ay, x, ay + 5, x, ay + 18, v);
  }
  fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"middle\">cycle</text>\n",
          left + plot_w / 2, ay + 34);
  /* legend */
  double ly = ay + 52;
  for (unsigned k = 0; k < w->nk; k++) {
    char col[16];
    kcolor(k, col);
    double x = left + (double)(k % 6) * 165, y = ly + 22.0 * (k / 6);
    fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"14\" height=\"14\" fill=\"%s\"/>"
               "<text x=\"%.0f\" y=\"%.0f\">", x, y - 11, col, x + 20, y);
    xml_text(f, w->k[k].name);
    fprintf(f, " (%s, prio %u)</text>\n", w->k[k].event ? "event" : "host", w->k[k].prio);
  }
  fprintf(f, "</svg>\n");
  int ok = !ferror(f);
  if (fclose(f) != 0) ok = 0;
  if (!ok) fprintf(stderr, "kmusim: %s: write error\n", path);
  return ok;
}

/* ---------------------------------------------------------------- summary table */
/* One printer for the summary's tables: a column is its title and width (negative: left
 * aligned), a cell a string (numbers formatted by the helpers below), one space between cells. */
typedef struct {
  const char *title;
  int width;
} col;
enum { CELL = 40, MAXCOL = 10 };
typedef char cell[CELL];

static void table_row(FILE *f, const col *c, size_t n, const char *const *v, const char *tail) {
  for (size_t i = 0; i < n; i++) fprintf(f, "%s%*s", i ? " " : "", c[i].width, v[i]);
  fprintf(f, "%s\n", tail);
}

/* the header after a blank line */
static void table_head(FILE *f, const col *c, size_t n, const char *tail) {
  const char *v[MAXCOL];
  for (size_t i = 0; i < n; i++) v[i] = c[i].title;
  fputc('\n', f);
  table_row(f, c, n, v, tail);
}

static const char *u64_cell(cell b, uint64_t v) {
  snprintf(b, CELL, "%" PRIu64, v);
  return b;
}
static const char *cyc_cell(cell b, uint64_t v) { /* "-": never */
  return v == KMUSIM_NEVER ? "-" : u64_cell(b, v);
}
static const char *diff_cell(cell b, uint64_t a, uint64_t z) { /* z - a, "-" when either never */
  return a == KMUSIM_NEVER || z == KMUSIM_NEVER ? "-" : u64_cell(b, z - a);
}
static const char *stat_cell(cell b, const kmusim_stat *s) { /* mean/max, "-": no value */
  if (!s->n) return "-";
  snprintf(b, CELL, "%.1f/%" PRIu64, s->mean, s->max);
  return b;
}
static const char *pct_cell(cell b, double v) {
  snprintf(b, CELL, "%.1f%%", 100 * v);
  return b;
}
#define NCOL(t) (sizeof t / sizeof t[0])

static const col kernel_cols[] = {{"kernel", -16}, {"kind", -5}, {"prio", 4}, {"inst", 6},
                                  {"TBs", 8}, {"launch lat mean/max", 19},
                                  {"turnaround mean/max", 19}, {"alone", 10}, {"NTT", 7}};
static const col sm_cols[] = {{"SM", -4}, {"warp util", 10}, {"TB util", 10}, {"TBs", 8}};
static const col copy_cols[] = {{"copy", -5},   {"bytes", 9},      {"dir", 4},  {"prio", 4},
                                {"start", 10},  {"1st chunk", 10}, {"done", 10}, {"wait", 8},
                                {"response", 9}, {"blocking", 8}};
static const col io_cols[] = {{"I/O kernel", -16}, {"yield", -5}, {"waits", 7}, {"yields", 7},
                               {"refused", 8},     {"spins", 7},   {"wakeups", 8},
                               {"wake mean/p99", 15}, {"restart mean/p99", 17},
                               {"in system", 10}};
static const col revoke_cols[] = {{"revoke", -6},   {"kernel", -16}, {"action", -7},
                                  {"accepted", 10}, {"done", 10},    {"latency", 8},
                                  {"status", -9},   {"dropped", 8}};

void kmusim_print_summary(FILE *f, const kmusim_workload *w, const kmusim_result *r,
                          uint64_t seed) {
  const kmusim_config *c = &w->cfg;
  cell b[MAXCOL];
  if (r->test_double)
    fprintf(f, "WARNING: engine '%s' is a test double of kmusim, not a model of the hardware: "
               "these numbers are not results\n", r->engine);
  size_t done = 0;
  for (size_t i = 0; i < r->ninst; i++) done += r->inst[i].completed != KMUSIM_NEVER;
  fprintf(f, "kmusim: %s  engine %s  config %s  seed %" PRIu64 "\n", w->path, r->engine, c->name,
          seed);
  fprintf(f, "run: %" PRIu64 " cycles (%s), %zu/%zu kernel instances complete, scoreboards %s\n",
          r->cycles, r->end_reason, done, r->ninst, r->nerr ? "FAILED" : "ok");
  table_head(f, kernel_cols, NCOL(kernel_cols), "");
  for (unsigned k = 0; k < w->nk; k++) {
    const kmusim_kernel *kk = &w->k[k];
    kmusim_stat sl, st;
    stat_of(r, (int)k, M_LAUNCH, &sl);
    stat_of(r, (int)k, M_TURN, &st);
    size_t ni = 0;
    for (size_t i = 0; i < r->ninst; i++) ni += r->inst[i].kernel == (int)k;
    const char *ntt = "-";
    if (r->iso[k] && st.n) {
      snprintf(b[8], CELL, "%.3f", st.mean / (double)r->iso[k]);
      ntt = b[8];
    }
    const char *v[] = {kk->name, kk->event ? "event" : "host", u64_cell(b[2], kk->prio),
                       u64_cell(b[3], ni), u64_cell(b[4], kk->ntb * ni), stat_cell(b[5], &sl),
                       stat_cell(b[6], &st), r->iso[k] ? u64_cell(b[7], r->iso[k]) : "-", ntt};
    table_row(f, kernel_cols, NCOL(kernel_cols), v, "");
  }
  char span[48];
  snprintf(span, sizeof span, "   (over the span 0..%" PRIu64 ")", r->span);
  table_head(f, sm_cols, NCOL(sm_cols), span);
  uint64_t ws = 0, ts = 0;
  for (unsigned s = 0; s < r->nsm; s++) {
    const char *v[] = {u64_cell(b[0], s),
                       pct_cell(b[1], util(r->sm[s].warp_busy, r->span, c->warps)),
                       pct_cell(b[2], util(r->sm[s].tb_busy, r->span, c->tbs)),
                       u64_cell(b[3], r->sm[s].tbs)};
    table_row(f, sm_cols, NCOL(sm_cols), v, "");
    ws += r->sm[s].warp_busy, ts += r->sm[s].tb_busy;
  }
  const char *all[] = {"all", pct_cell(b[1], util(ws, r->span, c->nsm * c->warps)),
                       pct_cell(b[2], util(ts, r->span, c->nsm * c->tbs))};
  table_row(f, sm_cols, NCOL(all), all, ""); /* no TB count for the whole */
  kmusim_stat sl;
  stat_of(r, -1, M_LAUNCH, &sl);
  if (sl.n)
    fprintf(f, "\nlaunch latency (accepted -> first TB): min %" PRIu64 " mean %.1f p99 %" PRIu64
               " max %" PRIu64 " cycles\n", sl.min, sl.mean, sl.p99, sl.max);
  if (r->have_antt) fprintf(f, "ANTT %.3f  STP %.3f\n", r->antt, r->stp);
  else fprintf(f, "ANTT -  STP -  (no isolated runs)\n");
  fprintf(f, "memory: %" PRIu64 " port writes, %" PRIu64 " port reads, %" PRIu64 " SM loads\n",
          r->mem_port_writes, r->mem_port_reads, r->mem_sm_loads);
  if (r->ncp) {
    table_head(f, copy_cols, NCOL(copy_cols), "");
    for (size_t i = 0; i < r->ncp; i++) {
      const kmusim_copy *x = &r->cp[i];
      const char *v[] = {u64_cell(b[0], x->line),  u64_cell(b[1], x->bytes),
                         x->dir ? "d2h" : "h2d",   u64_cell(b[3], x->prio),
                         cyc_cell(b[4], x->accepted), cyc_cell(b[5], x->first_read),
                         cyc_cell(b[6], x->last_write),
                         diff_cell(b[7], x->accepted, x->first_read),
                         diff_cell(b[8], x->accepted, x->last_write), u64_cell(b[9], x->blocked)};
      table_row(f, copy_cols, NCOL(copy_cols), v, "");
    }
    fprintf(f, "host link: %" PRIu64 " reads, %" PRIu64 " writes, %" PRIu64 " chunks set up (%"
               PRIu64 " setup cycles)\n", r->link_reads, r->link_writes, r->link_chunks,
            r->link_setup_cycles);
  }
  if (r->nrv) {
    table_head(f, revoke_cols, NCOL(revoke_cols), "");
    for (size_t i = 0; i < r->nrv; i++) {
      const kmusim_rvk *v = &r->rv[i];
      const char *row[] = {u64_cell(b[0], v->line), w->k[v->kernel].name,
                           v->retire ? "retire" : "replay", cyc_cell(b[3], v->accepted),
                           cyc_cell(b[4], v->done), diff_cell(b[5], v->accepted, v->done),
                           v->read != KMUSIM_NEVER ? kmusim_trem_status_name(v->status) : "-",
                           u64_cell(b[7], v->dropped)};
      table_row(f, revoke_cols, NCOL(revoke_cols), row, "");
    }
    fprintf(f, "(latency: TR_CMD accepted -> completion seen on irq_o, TR_EVENTS.DONE; dropped: "
               "TBs started and not done; %" PRIu64 " evicted TBs dropped)\n",
            r->drop_evictions);
  }
  if (r->io) { /* GPUpIO I/O thread blocks (docs/kmusim.md, Metrics) */
    static const char *const ym[] = {"off", "addr", "spin"};
    table_head(f, io_cols, NCOL(io_cols), "");
    for (unsigned k = 0; k < w->nk; k++) {
      const kmusim_kernel *kk = &w->k[k];
      const sm_kstat *ks = &r->ks[k];
      if (!kk->has_io) continue;
      double tm;
      uint64_t tmx;
      char wl[CELL] = "-", rs[CELL] = "-";
      if (ks->wake_lat.n)
        snprintf(wl, sizeof wl, "%.1f/%" PRIu64, sm_samples_mean(&ks->wake_lat),
                 sm_samples_pct(&ks->wake_lat, 99));
      if (ks->restart.n)
        snprintf(rs, sizeof rs, "%.1f/%" PRIu64, sm_samples_mean(&ks->restart),
                 sm_samples_pct(&ks->restart, 99));
      const char *row[] = {kk->name, ym[kk->yield % 3], u64_cell(b[2], ks->io_waits),
                           u64_cell(b[3], ks->yields),
                           u64_cell(b[4], ks->yield_full + ks->yield_nowork),
                           u64_cell(b[5], ks->spins), u64_cell(b[6], ks->wakeups), wl, rs,
                           time_in_system(r, k, &tm, &tmx) ? u64_cell(b[9], (uint64_t)(tm + 0.5))
                                                           : "-"};
      table_row(f, io_cols, NCOL(io_cols), row, "");
    }
    fprintf(f, "(cycles; wake: YIELD_SIGNAL accepted -> running again after the restore; restart: "
               "I/O completion -> running again; in system: launch accepted -> last TB done)\n"
               "yield counters: TAKE %u SPIN %u FULL %u NOWORK %u WAKE %u ERR %u; device: %"
               PRIu64 " requests, %" PRIu64 " signals\n",
            r->yield_cnt[0], r->yield_cnt[1], r->yield_cnt[2], r->yield_cnt[3], r->yield_cnt[4],
            r->yield_cnt[5], r->io_requests, r->io_signals);
  }
  if (w->cfg.trem || r->auto_replays)
    fprintf(f, "TReM policy %s: %" PRIu64 " automatic revocations (replays)\n",
            w->cfg.trem == KMU_TREM_POL_PRIORITY  ? "priority"
            : w->cfg.trem == KMU_TREM_POL_ELASTIC ? "elastic"
                                                  : "off",
            r->auto_replays);
  fprintf(f, "preemption (policy %s): %" PRIu64 " requests, %" PRIu64 " TBs switched out, %" PRIu64
             " restored, %" PRIu64 " saves (%" PRIu64 " B saved, %" PRIu64 " B restored, %" PRIu64
             " SM cycles saving), %" PRIu64 " warp-level events, %" PRIu64 " hints\n",
          c->policy, r->preempt_reqs, r->evictions, r->restores, r->ctx_saves, r->ctx_save_bytes,
          r->ctx_restore_bytes, r->save_cycles, r->wp_events, r->hints);
}
