/* kmusim.c - the openkmu system simulator: runs a workload file on an engine (C model, RTL,
 * both in lockstep, or the fake test double) with behavioural SMs and memory, and writes
 * metrics (JSON), an SM-occupancy timeline (SVG) and a summary.  docs/kmusim.md.
 *
 * Exit codes: 0 ok; 1 usage or I/O (a bad option, a workload or --config file that cannot
 * be opened or read, an output file that cannot be written); 2 the workload (or config) is
 * malformed; 3 the run failed (scoreboard violation, engine error or refusal, unsupported
 * event, hang, cycle limit). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"
#include "report.h"
#include "sim.h"
#include "workload.h"

static void usage(FILE *f) {
  fprintf(f,
          "usage: kmusim [options] WORKLOAD.wl\n"
          "  --engine NAME     engine to run:");
  for (int i = 0; kmusim_engines[i]; i++)
    fprintf(f, " %s%s", kmusim_engines[i]->name, i == 0 ? " (default)" : "");
  fprintf(f,
          "\n"
          "  --json FILE       metrics as JSON\n"
          "  --timeline FILE   SM occupancy timeline as SVG\n"
          "  --fst FILE        waveform of the RTL run (rtl / cosim engines)\n"
          "  --cycles N        fail when the run needs more than N cycles (default 100M)\n"
          "  --hang N          fail after N cycles with nothing moving (default 200k)\n"
          "  --seed N          seed of the SM jitter and memory stalls (default 1)\n"
          "  --config C        replace the workload's config: small, fpga, paper or a file\n"
          "  --policy P        replace the configuration's preemption policy: drain, reserve,\n"
          "                    warp, chimera, chimera_dirty, pep, pep_inplace or a '+'\n"
          "                    combination (e.g. pep+warp)\n"
          "  --trem T          replace the configuration's TReM policy: off, priority, elastic\n"
          "                    (hardware engines)\n"
          "  --no-isolated     skip the isolated runs (no ANTT / STP)\n"
          "  --time-engine     add engine_seconds and run_seconds to the JSON: the wall time\n"
          "                    inside the engine and of the whole cycle loop (the engine's\n"
          "                    share of the run, apart from kmusim's own models)\n"
          "  --quiet           no summary table, no progress line\n"
          "  --check           parse and check the workload only\n"
          "  --which-build     print the hardware build the configuration needs (small,\n"
          "                    paper, or none when its sizes match neither) and exit\n"
          "  -h, --help\n");
}

static int need_arg(int i, int argc, char **argv) {
  if (i + 1 >= argc) {
    fprintf(stderr, "kmusim: %s needs an argument\n", argv[i]);
    return 0;
  }
  return 1;
}

static int num_arg(const char *opt, const char *s, uint64_t *v) {
  if (!kmusim_parse_u64(s, v)) {
    fprintf(stderr, "kmusim: %s %s: not a number\n", opt, s);
    return 0;
  }
  return 1;
}

/* The outputs are written after the run, which may take hours, and the FST is opened by the
 * RTL engine (and never by the test double, which ignores --fst): a path that cannot be
 * written is found now, for every engine, before anything is simulated.  The probe opens the
 * file for writing without truncating it (O_NONBLOCK: a FIFO without a reader fails instead
 * of blocking) and removes it again when the probe created it. */
static int check_output(const char *opt, const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
  if (fd >= 0) {
    close(fd);
    unlink(path);
    return 1;
  }
  if (errno == EEXIST) fd = open(path, O_WRONLY | O_NONBLOCK);
  if (fd >= 0) {
    close(fd);
    return 1;
  }
  fprintf(stderr, "kmusim: %s %s: cannot write: %s\n", opt, path, strerror(errno));
  return 0;
}

/* events the driver cannot issue yet: a clear error naming the line */
static int check_supported(const kmusim_workload *w, const kmusim_engine_ops *e) {
  int bad = 0, has_copy = 0;
  /* TReM's automatic policy: TR_CTRL, TR_SLA, TR_PERIOD of the TReM window */
  if ((w->cfg.trem || w->cfg.sla || w->cfg.period || w->cfg.cost || w->cfg.unit ||
       w->cfg.thresh) &&
      (!(e->features & KMUSIM_FEAT_REVOKE) || !e->hw)) {
    fprintf(stderr, "%s: config trem=/sla=/period=/cost=/thresh=: TReM's automatic policy is not "
            "supported by this engine (no TReM window: TR_CTRL, TR_SLA, TR_PERIOD, TR_COST, "
            "TR_THRESH) (engine '%s')\n",
            w->path,
            e->name);
    bad = 1;
  }
  /* GPUpIO's tail re-enqueue: YIELD_CTRL of the yield window */
  if ((w->cfg.yield_tail || w->cfg.yield_maxwait) && (!e->hw || e->test_double)) {
    fprintf(stderr, "%s: config yield_tail= / yield_maxwait=: YIELD_CTRL is not supported by this engine (engine "
            "'%s')\n", w->path, e->name);
    bad = 1;
  }
  /* GPUpIO I/O thread blocks: the SIMT yield ports of kmu_sm (engines with per-SM ports) */
  for (unsigned k = 0; k < w->nk; k++)
    if (w->k[k].has_io && (!e->hw || e->test_double)) {
      fprintf(stderr, "%s:%u: kernel '%s': io= (I/O thread blocks) is not supported by this "
              "engine (no SIMT yield ports) (engine '%s')\n", w->path, w->k[k].line,
              w->k[k].name, e->name);
      bad = 1;
    }
  for (unsigned i = 0; i < w->nev; i++) has_copy |= w->ev[i].kind == KMUSIM_EV_COPY;
  for (unsigned i = 0; i < w->nev; i++) {
    const kmusim_event *ev = &w->ev[i];
    const char *why = NULL;
    switch (ev->kind) {
    case KMUSIM_EV_HINT:
      /* a test double without PRE_HINT skips hints (kmusim says so once, as for policy=) */
      if (!(e->features & KMUSIM_FEAT_HINT) && !e->test_double)
        why = "launch hints are not supported by this engine (no PRE_HINT register)";
      break;
    case KMUSIM_EV_COPY: {
      /* the copy window (COPY_*) and the build's copy engine: what it would refuse is an error
       * here, at the line (kmusim's scoreboard expects every copy done) */
      static char msg[200];
      const kmusim_hw_sizes *hw = e->hw;
      if (!(e->features & KMUSIM_FEAT_COPY) || !hw)
        why = "copies are not supported by this engine (no copy window)";
      else if (ev->bytes % 4)
        why = "copy bytes must be a multiple of 4 (the copy engine's beat)";
      else if (hw->cp_lenw < 32 && ev->bytes >> hw->cp_lenw) {
        snprintf(msg, sizeof msg, "copy of %llu bytes: this build's copy engine takes fewer than "
                 "2^%u (CP_LENW)", (unsigned long long)ev->bytes, hw->cp_lenw);
        why = msg;
      } else if (ev->prio >= hw->cp_nprio) {
        snprintf(msg, sizeof msg, "copy prio=%u: this build's copy engine has %u priorities "
                 "(CP_NPRIO)", ev->prio, hw->cp_nprio);
        why = msg;
      }
      break;
    }
    case KMUSIM_EV_REVOKE:
      /* TR_CMD and the launch ids (TR_LAST_LID) of the TReM window, and kmu_sm's SIMT side
       * (the drop empties the SMs); the completion is seen on irq_o, which a copy's interrupt
       * would share */
      if (!(e->features & KMUSIM_FEAT_REVOKE) || !e->hw)
        why = "revokes are not supported by this engine (no TReM window: TR_CMD, TR_RESULT, "
              "TR_LAST_LID)";
      else if (has_copy)
        why = "revoke and copy lines in one workload are not supported (both completions are "
              "seen on irq_o)";
      break;
    case KMUSIM_EV_LAUNCH:
      if (!(e->features & KMUSIM_FEAT_HOST_LAUNCH))
        why = "host launches are not supported by this engine (no host launch window)";
      break;
    default:
      break;
    }
    if (why) {
      fprintf(stderr, "%s:%u: %s: %s (engine '%s')\n", w->path, ev->line,
              kmusim_ev_name(ev->kind), why, e->name);
      bad = 1;
      if (ev->kind == KMUSIM_EV_LAUNCH) break; /* once is enough */
    }
  }
  return !bad;
}

/* The Verilated hardware is built for two presets (sim/kmusim/kmusim.mk): the one whose
 * build parameters equal the configuration's, or "none".  scripts/kmusim asks this so that it
 * reads the configuration exactly as the run will (CRLF files, config files, --config). */
static const char *build_of(const kmusim_config *c) {
  static const char *const builds[] = {"small", "paper"};
  for (unsigned i = 0; i < sizeof builds / sizeof builds[0]; i++) {
    kmusim_config p;
    memset(&p, 0, sizeof p);
    kmusim_config_preset(&p, builds[i]);
    if (c->nsm == p.nsm && c->ekt_entries == p.ekt_entries && c->slots == p.slots &&
        c->pend == p.pend && c->tbs == p.tbs && c->warps == p.warps && c->regs == p.regs &&
        c->shmem == p.shmem && c->ewt == p.ewt)
      return builds[i];
  }
  return "none";
}

int main(int argc, char **argv) {
  const char *engine = NULL, *json = NULL, *svg = NULL, *fst = NULL, *cfg = NULL, *wl = NULL,
             *policy = NULL, *trem = NULL;
  uint64_t max_cycles = 100000000ull, hang = 200000, seed = 1;
  int quiet = 0, isolated = 1, check_only = 0, which_build = 0, time_engine = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--engine")) {
      if (!need_arg(i, argc, argv)) return 1;
      engine = argv[++i];
    } else if (!strcmp(a, "--json")) {
      if (!need_arg(i, argc, argv)) return 1;
      json = argv[++i];
    } else if (!strcmp(a, "--timeline")) {
      if (!need_arg(i, argc, argv)) return 1;
      svg = argv[++i];
    } else if (!strcmp(a, "--fst")) {
      if (!need_arg(i, argc, argv)) return 1;
      fst = argv[++i];
    } else if (!strcmp(a, "--config")) {
      if (!need_arg(i, argc, argv)) return 1;
      cfg = argv[++i];
    } else if (!strcmp(a, "--policy")) {
      if (!need_arg(i, argc, argv)) return 1;
      policy = argv[++i];
    } else if (!strcmp(a, "--trem")) {
      if (!need_arg(i, argc, argv)) return 1;
      trem = argv[++i];
    } else if (!strcmp(a, "--cycles")) {
      if (!need_arg(i, argc, argv) || !num_arg(a, argv[i + 1], &max_cycles)) return 1;
      i++;
    } else if (!strcmp(a, "--hang")) {
      if (!need_arg(i, argc, argv) || !num_arg(a, argv[i + 1], &hang)) return 1;
      i++;
    } else if (!strcmp(a, "--seed")) {
      if (!need_arg(i, argc, argv) || !num_arg(a, argv[i + 1], &seed)) return 1;
      i++;
    } else if (!strcmp(a, "--quiet")) {
      quiet = 1;
    } else if (!strcmp(a, "--no-isolated")) {
      isolated = 0;
    } else if (!strcmp(a, "--time-engine")) {
      time_engine = 1;
    } else if (!strcmp(a, "--check")) {
      check_only = 1;
    } else if (!strcmp(a, "--which-build")) {
      which_build = 1;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "kmusim: unknown option %s\n", a);
      usage(stderr);
      return 1;
    } else if (wl) {
      fprintf(stderr, "kmusim: one workload file only (%s and %s)\n", wl, a);
      return 1;
    } else {
      wl = a;
    }
  }
  if (!wl) {
    usage(stderr);
    return 1;
  }
  const kmusim_engine_ops *eng = kmusim_engines[0];
  /* --which-build runs in the C-only build (scripts/kmusim), which has only the fake engine */
  if (engine && !which_build) {
    eng = NULL;
    for (int i = 0; kmusim_engines[i]; i++)
      if (!strcmp(kmusim_engines[i]->name, engine)) eng = kmusim_engines[i];
    if (!eng) {
      fprintf(stderr, "kmusim: engine '%s' is not built into this binary (available:", engine);
      for (int i = 0; kmusim_engines[i]; i++) fprintf(stderr, " %s", kmusim_engines[i]->name);
      fprintf(stderr, ")\n");
      return 1;
    }
  }
  /* --check and --which-build write nothing */
  if (!check_only && !which_build &&
      ((json && !check_output("--json", json)) || (svg && !check_output("--timeline", svg)) ||
       (fst && !check_output("--fst", fst))))
    return 1;
  kmusim_workload w;
  if (kmusim_workload_load(&w, wl, cfg, policy)) {
    int rc = w.io_error ? 1 : 2; /* unreadable file vs malformed content */
    kmusim_workload_free(&w);
    return rc;
  }
  if (trem) {
    char err[256];
    if (!kmusim_config_set(&w.cfg, "trem", trem, err, sizeof err)) {
      fprintf(stderr, "--trem: %s\n", err);
      kmusim_workload_free(&w);
      return 2;
    }
  }
  if (which_build) {
    printf("%s\n", build_of(&w.cfg));
    kmusim_workload_free(&w);
    return 0;
  }
  if (check_only) {
    printf("%s: ok: %u kernels, %u events, %" PRIu64 " kernel instances, config %s\n", wl, w.nk,
           w.nev, w.n_instances, w.cfg.name);
    kmusim_workload_free(&w);
    return 0;
  }
  if (!check_supported(&w, eng)) {
    kmusim_workload_free(&w);
    return 3;
  }
  if (fst && eng->test_double)
    fprintf(stderr, "kmusim: warning: engine '%s' writes no waveform; --fst ignored\n",
            eng->name);
  kmusim_run_opts o;
  memset(&o, 0, sizeof o);
  o.engine = eng;
  o.fst = eng->test_double ? NULL : fst;
  o.seed = seed;
  o.max_cycles = max_cycles;
  o.hang_cycles = hang;
  o.progress = !quiet && isatty(2);
  o.record_tbs = svg != NULL;
  o.time_engine = time_engine;
  kmusim_result r;
  int rc = kmusim_run(&w, &o, &r);
  if (rc == 0 && isolated && strcmp(r.end_reason, "completed") == 0)
    rc = kmusim_isolated(&w, &o, &r);
  if (!quiet) kmusim_print_summary(stdout, &w, &r, seed);
  if (json && !kmusim_write_json(json, &w, &r, seed) && rc == 0) rc = 1;
  if (svg && !kmusim_write_svg(svg, &w, &r) && rc == 0) rc = 1;
  if (rc == 3) fprintf(stderr, "kmusim: FAILED (%u error%s)\n", r.nerr, r.nerr == 1 ? "" : "s");
  kmusim_result_free(&r);
  kmusim_workload_free(&w);
  return rc;
}
