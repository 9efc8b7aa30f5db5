/* kmu_prio_arb.c - C twin of rtl/common/kmu_prio_arb.v: the encoder instance u_enc (the
 * kmu_prio_enc C model) finds the winner, comb() decodes it to the one-hot grant. */
#include "kmu_prio_arb.h"

void kmu_prio_arb_init(kmu_prio_arb *m, const kmu_prio_arb_params *p) {
  kmu_prio_enc_params ep = {p->n};
  m->p = *p;
  kmu_prio_enc_init(&m->u_enc, &ep);
  kmu_prio_arb_reset(m);
}

void kmu_prio_arb_free(kmu_prio_arb *m) { kmu_prio_enc_free(&m->u_enc); }

void kmu_prio_arb_reset(kmu_prio_arb *m) { kmu_prio_enc_reset(&m->u_enc); }

void kmu_prio_arb_comb(kmu_prio_arb *m, const kmu_prio_arb_in *i, kmu_prio_arb_out *o) {
  kmu_prio_enc_in ei = {i->req_i & kmu_mask(m->p.n)};
  kmu_prio_enc_out eo;
  kmu_prio_enc_comb(&m->u_enc, &ei, &eo);
  o->gnt_idx_o = eo.idx_o;
  o->gnt_valid_o = eo.valid_o;
  o->gnt_o = eo.valid_o ? (1ull << eo.idx_o) : 0;
}

void kmu_prio_arb_tick(kmu_prio_arb *m) { kmu_prio_enc_tick(&m->u_enc); }
