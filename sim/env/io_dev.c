/* io_dev.c - see io_dev.h */
#include "io_dev.h"

#include <stdlib.h>
#include <string.h>

void io_dev_init(io_dev *d) { memset(d, 0, sizeof *d); }

void io_dev_free(io_dev *d) {
  free(d->h);
  memset(d, 0, sizeof *d);
}

static int before(const io_req *a, const io_req *b) {
  return a->due < b->due || (a->due == b->due && a->seq < b->seq);
}

void io_dev_request(io_dev *d, const io_req *r) {
  if (d->n == d->cap) {
    d->cap = d->cap ? 2 * d->cap : 64;
    d->h = realloc(d->h, d->cap * sizeof *d->h);
  }
  size_t i = d->n++;
  io_req x = *r;
  x.seq = d->seq++;
  while (i && before(&x, &d->h[(i - 1) / 2])) {
    d->h[i] = d->h[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  d->h[i] = x;
  d->requests++;
}

int io_dev_peek(const io_dev *d, uint64_t cycle, io_req *r) {
  if (!d->n || d->h[0].due > cycle) return 0;
  *r = d->h[0];
  return 1;
}

void io_dev_pop(io_dev *d) {
  if (!d->n) return;
  io_req x = d->h[--d->n];
  size_t i = 0;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= d->n) break;
    if (c + 1 < d->n && before(&d->h[c + 1], &d->h[c])) c++;
    if (!before(&d->h[c], &x)) break;
    d->h[i] = d->h[c];
    i = c;
  }
  if (d->n) d->h[i] = x;
  d->signals++;
}

int io_dev_idle(const io_dev *d) { return d->n == 0; }
