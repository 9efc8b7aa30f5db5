/* kmu_rr_arb.c - C twin of rtl/common/kmu_rr_arb.v.  Same state: ptr_q.  The RTL finds the
 * grant as "lowest requester at or after ptr_q, else lowest requester"; so does this model,
 * with one count-trailing-zeros on each mask (a pointer at or past N counts modulo N). */
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
  const unsigned ptr = m->q.ptr < n ? m->q.ptr : m->q.ptr % n;
  const uint64_t from_ptr = req & ~kmu_mask(ptr); /* requesters at or after ptr */
  const int valid = req != 0;
  const unsigned idx = !valid ? 0 : (unsigned)__builtin_ctzll(from_ptr ? from_ptr : req);
  o->gnt_valid_o = valid;
  o->gnt_idx_o = idx;
  o->gnt_o = valid ? 1ull << idx : 0;

  m->d = m->q;
  if (i->ack_i && valid) m->d.ptr = idx == n - 1 ? 0 : idx + 1;
}

void kmu_rr_arb_tick(kmu_rr_arb *m) { m->q = m->d; }
