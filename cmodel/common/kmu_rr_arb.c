/* kmu_rr_arb.c - C twin of rtl/common/kmu_rr_arb.v.  Same state: ptr_q.  The RTL finds the
 * grant as "lowest requester at or after ptr_q, else lowest requester"; this model walks the
 * indices from ptr_q with wrap-around, which is the same rule written the other way. */
#include "kmu_rr_arb.h"

void kmu_rr_arb_init(kmu_rr_arb *m, const kmu_rr_arb_params *p) {
  m->p = *p;
  kmu_rr_arb_reset(m);
}

void kmu_rr_arb_free(kmu_rr_arb *m) { (void)m; }

void kmu_rr_arb_reset(kmu_rr_arb *m) {
  m->q.ptr = 0;
  m->d = m->q;
}

void kmu_rr_arb_comb(kmu_rr_arb *m, const kmu_rr_arb_in *i, kmu_rr_arb_out *o) {
  const unsigned n = m->p.n;
  const uint64_t req = i->req_i & kmu_mask(n);
  unsigned idx = 0;
  int valid = 0;
  for (unsigned k = 0; k < n && !valid; k++) {
    unsigned j = (m->q.ptr + k) % n;
    if ((req >> j) & 1) {
      idx = j;
      valid = 1;
    }
  }
  o->gnt_valid_o = valid;
  o->gnt_idx_o = idx;
  o->gnt_o = valid ? 1ull << idx : 0;

  m->d = m->q;
  if (i->ack_i && valid) m->d.ptr = idx == n - 1 ? 0 : idx + 1;
}

void kmu_rr_arb_tick(kmu_rr_arb *m) { m->q = m->d; }
