/* report.h - kmusim outputs: metrics JSON, SVG timeline, summary table (docs/kmusim.md). */
#ifndef KMUSIM_REPORT_H
#define KMUSIM_REPORT_H
#include <stdio.h>

#include "sim.h"
#include "workload.h"

/* 0 on I/O error (message on stderr) */
int kmusim_write_json(const char *path, const kmusim_workload *w, const kmusim_result *r,
                      uint64_t seed);
int kmusim_write_svg(const char *path, const kmusim_workload *w, const kmusim_result *r);
void kmusim_print_summary(FILE *f, const kmusim_workload *w, const kmusim_result *r,
                          uint64_t seed);

/* latency statistics over a set of values */
typedef struct {
  size_t n;
  uint64_t min, max, p50, p99;
  double mean;
} kmusim_stat;
void kmusim_stat_of(uint64_t *v, size_t n, kmusim_stat *s); /* sorts v */

#endif
