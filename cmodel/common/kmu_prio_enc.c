/* kmu_prio_enc.c - C twin of rtl/common/kmu_prio_enc.v.  No state: comb() is the RTL's
 * always @(*) (scan from the top down, the last set bit seen wins: the lowest set bit, here
 * counted with one count-trailing-zeros) and its assign. */
#include "kmu_prio_enc.h"

void kmu_prio_enc_init(kmu_prio_enc *m, const kmu_prio_enc_params *p) {
  m->p = *p;
  kmu_prio_enc_reset(m);
}

void kmu_prio_enc_free(kmu_prio_enc *m) { (void)m; }

void kmu_prio_enc_reset(kmu_prio_enc *m) { (void)m; }

void kmu_prio_enc_comb(kmu_prio_enc *m, const kmu_prio_enc_in *i, kmu_prio_enc_out *o) {
  uint64_t in = i->in_i & kmu_mask(m->p.n);
  o->valid_o = in != 0;
  o->idx_o = in ? (uint64_t)__builtin_ctzll(in) : 0; /* the lowest set bit */
}

void kmu_prio_enc_tick(kmu_prio_enc *m) { (void)m; }
