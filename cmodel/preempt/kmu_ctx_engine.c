/* kmu_ctx_engine.c - C twin of rtl/preempt/kmu_ctx_engine.v, built from the kmu_prio_enc twin.
 * Same state names: q.state (state_q), q.op, q.inplace, q.wmask, q.rpw, q.shmem, q.area,
 * the bitmaps q.nz/cur_v/cur_slot/cur_bm/rsp_ld with the RAM bmap_mem and its
 * read registers iss_rbm_q, rsp_rbm_q, the issue walker (serial, ctxcyc)
 * q.iss_idx/iss_slot/nlast/iss_bits/iss_beat/iss_off, the response
 * walker q.rsp_ph/rsp_rem/rsp_slot/rsp_bits/rsp_beat/rsp_off, the abort q.abt/hold/out, the
 * in-place read of last cycle q.ip_rv (ctxboard),
 * q.done/regs/bytes; instances
 * u_rsp_wenc (slots), u_iss_renc, u_rsp_renc (registers).  comb() follows the RTL's
 * order: the encoders (their inputs depend only on state), the addresses and data, the
 * handshakes, then the issue side and the response side of the next state.  comb() is two
 * phases, comb_out (issue-side outputs) then comb_next, which a system top calls apart
 * (kmu_sm.c); nets between them are in m->c. */
#include "kmu_ctx_engine.h"

#include <string.h>

#define M5 0x1fu
#define M6 0x3fu
#define M17 0x1ffffu

/* WI_W: the slot index width of the RTL ($clog2(WARPS), at least 1) */
static unsigned wi_w_of(unsigned nw) {
  unsigned w = 1;
  while ((1u << w) < nw) w++;
  return w;
}


void kmu_ctx_engine_init(kmu_ctx_engine *m, const kmu_ctx_engine_params *p) {
  m->p = *p;
  const kmu_prio_enc_params pw = {p->warps}, pr = {p->rpw};
  kmu_prio_enc_init(&m->u_rsp_wenc, &pw);
  kmu_prio_enc_init(&m->u_iss_renc, &pr);
  kmu_prio_enc_init(&m->u_rsp_renc, &pr);
  memset(m->bmap_mem, 0, sizeof m->bmap_mem);
  m->iss_rbm_q = m->rsp_rbm_q = 0;
  /* the counts' widths: a command moves at most WARPS x RPW registers and MAX_BY bytes (its
   * registers, WARPS bitmap beats, its shared-memory beats) */
  const uint64_t max_by = (uint64_t)p->warps * p->rpw * p->reg_bytes +
                          (uint64_t)p->warps * p->beat_bytes +
                          (uint64_t)((p->shmem + p->beat_bytes - 1) / p->beat_bytes) * p->beat_bytes;
  unsigned w = 0;
  while (w < 32 && (1ull << w) <= max_by) w++;
  m->by_mask = (uint32_t)kmu_mask(w);
  w = 0;
  while ((1ull << w) <= (uint64_t)p->warps * p->rpw) w++;
  m->rg_mask = (uint32_t)kmu_mask(w);
  kmu_ctx_engine_reset(m);
}

void kmu_ctx_engine_free(kmu_ctx_engine *m) {
  kmu_prio_enc_free(&m->u_rsp_wenc);
  kmu_prio_enc_free(&m->u_iss_renc);
  kmu_prio_enc_free(&m->u_rsp_renc);
}

void kmu_ctx_engine_reset(kmu_ctx_engine *m) {
  /* the bitmap RAM and its read registers have no reset */
  memset(&m->q, 0, sizeof m->q);
  m->d = m->q;
  m->bm_we = m->ra_en = m->rb_en = 0;
  kmu_prio_enc_reset(&m->u_rsp_wenc);
  kmu_prio_enc_reset(&m->u_iss_renc);
  kmu_prio_enc_reset(&m->u_rsp_renc);
}

/* Phase 1, from the state and the register file's scan stage (registered there), the shared
 * memory and on-chip store read data: every output of the issue side (the memory request,
 * the on-chip store, the shared-memory read, the scan and command handshakes' ready). */
void kmu_ctx_engine_comb_out(kmu_ctx_engine *m, const kmu_ctx_engine_in *i,
                             kmu_ctx_engine_out *o) {
  const kmu_ctx_engine_regs *q = &m->q;
  kmu_ctx_engine_nets *c = &m->c;
  const unsigned nw = m->p.warps, nr = m->p.rpw;
  const uint32_t dm = (uint32_t)kmu_mask(m->p.dw);
  const uint32_t regb = m->p.reg_bytes, beatb = m->p.beat_bytes;
  const uint32_t bmap_b = nw * beatb, shm_off = bmap_b + nw * nr * regb;
  const unsigned reg_beats = regb / beatb;
  /* inputs at their port widths */
  const int scan_valid = (int)(i->scan_valid_i & 1);
  const unsigned scan_warp = (unsigned)(i->scan_warp_i & M6);
  const unsigned scan_reg = (unsigned)(i->scan_reg_i & M5);
  const uint32_t scan_data = (uint32_t)i->scan_data_i & dm;

  const int idle = q->state == KMU_CTX_S_IDLE;
  o->cmd_ready_o = (uint64_t)idle;

  const int restore = q->op == KMU_CTX_OP_RESTORE;
  const unsigned rbe = q->inplace ? 1 : (reg_beats & 0xffu);

  /* ---- bitmap helpers */
  const uint32_t rpw_mask = (uint32_t)kmu_mask(q->rpw < nr ? q->rpw : nr); /* r < rpw */
  /* the slots after the response walker's current one (every slot while it has not started) */
  const uint64_t wm = kmu_mask(nw);
  const uint64_t rsp_from = q->rsp_ph == KMU_CTX_R_WAIT ? wm : wm & ~kmu_mask(q->rsp_slot + 1);
  const uint64_t nz = q->nz;
  const int any_nz = nz != 0;
  /* the response walker's bits: the word read last cycle after a load */
  const uint32_t iss_bits = q->iss_bits;
  const uint32_t rsp_bits = q->rsp_ld ? m->rsp_rbm_q : q->rsp_bits;

  kmu_prio_enc_in ei;
  kmu_prio_enc_out eo;
  /* idle (a save): the wmask's first slot; R_WAIT: the first non-empty slot */
  ei.in_i = (q->rsp_ph == KMU_CTX_R_BMAP || q->rsp_ph == KMU_CTX_R_IDLE) ? q->rsp_rem
                                                                         : (nz & rsp_from);
  kmu_prio_enc_comb(&m->u_rsp_wenc, &ei, &eo);
  const unsigned rsp_w = (unsigned)eo.idx_o;
  const int rsp_w_valid = (int)eo.valid_o;
  ei.in_i = iss_bits;
  kmu_prio_enc_comb(&m->u_iss_renc, &ei, &eo);
  const unsigned iss_r = (unsigned)eo.idx_o;
  ei.in_i = rsp_bits;
  kmu_prio_enc_comb(&m->u_rsp_renc, &ei, &eo);
  const unsigned rsp_r = (unsigned)eo.idx_o;
  /* the visited slot (the index's low WI_W bits, as the RTL's compare): in the wmask, non-empty,
   * the last; the word S_BMAP writes (read by port A last cycle): an empty slot's 0, else the
   * read word */
  const unsigned s_lo = q->iss_slot & ((1u << wi_w_of(nw)) - 1);
  const int iss_s_in = s_lo < nw && ((q->wmask >> s_lo) & 1);
  const int iss_s_nz = s_lo < nw && ((q->nz >> s_lo) & 1);

  const uint32_t iss_w_bmap = iss_s_nz ? m->iss_rbm_q : 0;

  /* ---- addresses and data */
  const unsigned pc_slot = q->state == KMU_CTX_S_SCAN ? scan_warp : q->iss_slot;
  const unsigned pc_reg = q->state == KMU_CTX_S_SCAN ? scan_reg : iss_r;
  /* the slot's position among the command's slots: the command's slots below it */
  const unsigned pc = (unsigned)__builtin_popcountll(q->wmask & wm & kmu_mask(pc_slot));
  const uint32_t reg_addr =
      q->area + bmap_b + ((uint32_t)pc * nr + pc_reg) * regb + (uint32_t)q->iss_beat * beatb;
  const uint32_t bmap_addr = q->area + (uint32_t)q->iss_idx * beatb;
  const uint32_t shm_addr = q->area + shm_off + q->iss_off;
  const uint32_t addr = q->state == KMU_CTX_S_BMAP ? bmap_addr
                        : q->state == KMU_CTX_S_SHM ? shm_addr
                                                     : reg_addr;
  uint32_t wdata = 0;
  if (!restore) {
    if (q->state == KMU_CTX_S_SCAN) wdata = scan_data;
    else if (q->state == KMU_CTX_S_BMAP) wdata = iss_w_bmap;
    else if (q->state == KMU_CTX_S_SHM) wdata = (uint32_t)i->shm_rdata_i;
  }

  /* ---- issue handshakes */
  const int iss_act = q->abt ? (int)q->hold
                            : (q->state == KMU_CTX_S_SCAN && scan_valid) ||
                                  (q->state == KMU_CTX_S_BMAP && (restore || iss_s_in)) ||
                                  q->state == KMU_CTX_S_REG ||
                                  q->state == KMU_CTX_S_SHM;

  /* outputs of the issue side */
  o->busy_o = (uint64_t)!idle;
  o->done_o = q->done;
  o->done_regs_o = q->regs;
  o->done_bytes_o = q->bytes;
  o->scan_start_o = q->state == KMU_CTX_S_START;
  o->scan_wmask_o = q->wmask;
  o->scan_rpw_o = q->rpw;
  o->scan_all_o = q->op == KMU_CTX_OP_SAVE_ALL;
  o->req_valid_o = (uint64_t)(iss_act && !q->inplace);
  o->req_write_o = (uint64_t)!restore;
  o->req_addr_o = addr;
  o->req_wdata_o = wdata;
  o->ip_wen_o = (uint64_t)(iss_act && q->inplace && !restore);
  o->ip_ren_o = (uint64_t)(iss_act && q->inplace && restore);
  o->ip_addr_o = addr;
  o->ip_wdata_o = wdata;
  o->shm_ren_o = (uint64_t)(q->state == KMU_CTX_S_SHM && !restore && (!q->abt || q->hold));
  o->shm_raddr_o = q->iss_off;

  /* nets for phase 2 */
  c->idle = idle;
  c->restore = restore;
  c->rbe = rbe;
  c->rpw_mask = rpw_mask;
  c->iss_bits = iss_bits;
  c->rsp_bits = rsp_bits;
  c->any_nz = any_nz;
  c->iss_s_in = iss_s_in;
  c->iss_s_nz = iss_s_nz;
  c->rsp_w = rsp_w;
  c->rsp_w_valid = rsp_w_valid;
  c->iss_r = iss_r;
  c->rsp_r = rsp_r;
  c->iss_act = iss_act;
}

/* Phase 2, from the command, the memory port's handshake and response and the scan handshake:
 * the command check, the response side, the next state. */
void kmu_ctx_engine_comb_next(kmu_ctx_engine *m, const kmu_ctx_engine_in *i,
                              kmu_ctx_engine_out *o) {
  const kmu_ctx_engine_regs *q = &m->q;
  kmu_ctx_engine_regs *d = &m->d;
  const kmu_ctx_engine_nets *c = &m->c;
  const unsigned nw = m->p.warps, nr = m->p.rpw;
  const uint64_t wm = kmu_mask(nw);
  const uint32_t rm = (uint32_t)kmu_mask(nr);
  const uint32_t dm = (uint32_t)kmu_mask(m->p.dw);
  const uint32_t regb = m->p.reg_bytes, beatb = m->p.beat_bytes;
  /* inputs at their port widths */
  const int cmd_valid = (int)(i->cmd_valid_i & 1);
  const unsigned cmd_op = (unsigned)(i->cmd_op_i & 3), cmd_rpw = (unsigned)(i->cmd_rpw_i & M6);
  const uint64_t cmd_wmask = i->cmd_wmask_i & wm;
  const unsigned cmd_shmem = (unsigned)(i->cmd_shmem_i & M17);
  const int scan_valid = (int)(i->scan_valid_i & 1), scan_last = (int)(i->scan_last_i & 1);
  const int scan_done = (int)(i->scan_done_i & 1);
  const unsigned scan_warp = (unsigned)(i->scan_warp_i & M6);
  const unsigned scan_reg = (unsigned)(i->scan_reg_i & M5);
  const int req_ready = (int)(i->req_ready_i & 1), rsp_valid = (int)(i->rsp_valid_i & 1);
  /* phase 1's nets */
  const int idle = c->idle, restore = c->restore, any_nz = c->any_nz, iss_act = c->iss_act;
  const unsigned rbe = c->rbe, rsp_w = c->rsp_w, iss_r = c->iss_r;
  const unsigned rsp_r = c->rsp_r;
  const int rsp_w_valid = c->rsp_w_valid;
  const int iss_s_in = c->iss_s_in, iss_s_nz = c->iss_s_nz;
  const uint32_t rpw_mask = c->rpw_mask;

  /* ---- command check */
  const int rpw_bad = cmd_rpw == 0 || cmd_rpw > nr;
  const int cmd_bad = cmd_op == 3 || rpw_bad || cmd_wmask == 0 || cmd_shmem > m->p.shmem;
  const int cmd_go = cmd_valid && idle && !cmd_bad;
  o->err_cmd_o = (uint64_t)(cmd_valid && idle && cmd_bad);
  const uint32_t evt_data = q->inplace ? (uint32_t)i->ip_rdata_i : (uint32_t)i->rsp_rdata_i;
  const int fire = iss_act && (q->inplace || req_ready);
  const int iss_last_beat = q->iss_beat == rbe - 1;
  const int scan_take = q->state == KMU_CTX_S_SCAN &&
                        (q->abt ? !q->hold : (q->inplace || (req_ready && iss_last_beat)));
  const int shm_iss_last = q->iss_off + beatb >= q->shmem;

  /* ---- response events (restore) */
  const int rsp_take = !q->abt && (q->rsp_ph == KMU_CTX_R_BMAP || q->rsp_ph == KMU_CTX_R_REG ||
                                   q->rsp_ph == KMU_CTX_R_SHM);
  /* in place: the read of last cycle (the store's registered read, ctxboard) */
  const int rsp_evt = rsp_take && (q->inplace ? (int)q->ip_rv : rsp_valid);
  const int rsp_last_beat = q->rsp_beat == rbe - 1;
  const uint32_t evt_bmap = evt_data & rm & rpw_mask;
  const int shm_rsp_last = q->rsp_off + beatb >= q->shmem;
  /* outstanding reads: + a memory read accepted, - a response (none outstanding: ignored) */
  const int rd_fire = fire && !q->inplace && restore;
  const int rsp_dec = rsp_valid && q->out != 0;
  const unsigned out_d = q->out + (unsigned)rd_fire - (unsigned)rsp_dec;

  /* ---- next state */
  *d = *q;
  d->iss_bits = c->iss_bits;
  d->rsp_bits = c->rsp_bits;
  d->rsp_ld = 0;
  int bm_clr = 0, bm_set = 0, bm_load = 0;
  d->done = 0;
  d->hold = q->hold && !fire;
  d->out = out_d;
  d->ip_rv = (unsigned)(fire && q->inplace && restore); /* = ip_ren_o */
  int fin = 0;
  switch (q->state) {
    case KMU_CTX_S_IDLE:
      if (cmd_go) {
        d->op = cmd_op;
        d->inplace = (unsigned)(i->cmd_inplace_i & 1);
        d->wmask = cmd_wmask;
        d->rpw = cmd_rpw;
        d->shmem = cmd_shmem;
        d->area = (uint32_t)i->cmd_area_i;
        bm_clr = 1;
        d->regs = 0;
        d->bytes = 0;
        d->iss_beat = 0;
        d->iss_idx = 0;
        d->iss_slot = 0;
        d->nlast = (unsigned)__builtin_popcountll(cmd_wmask) - 1;
        d->rsp_rem = cmd_wmask; /* a save: the response encoder shows the first slot */
        if (cmd_op == KMU_CTX_OP_RESTORE) {
          d->state = KMU_CTX_S_BMAP;
          d->rsp_ph = KMU_CTX_R_BMAP;
          d->rsp_beat = 0;
        } else {
          d->state = KMU_CTX_S_START;
        }
      }
      break;
    case KMU_CTX_S_START:
      d->state = KMU_CTX_S_SCAN;
      d->iss_slot = rsp_w; /* the TB's first slot: the bitmap walk starts there */
      break;
    case KMU_CTX_S_SCAN:
      if (fire) {
        if (iss_last_beat) {
          d->iss_beat = 0;
          bm_set = 1;
          d->regs = (q->regs + 1) & 0xfffu;
          d->bytes = q->bytes + regb;
          if (scan_last) d->state = KMU_CTX_S_FLUSH;
        } else {
          d->iss_beat = (q->iss_beat + 1) & 0xffu;
        }
      } else if (scan_done && !scan_valid) {
        d->state = KMU_CTX_S_FLUSH; /* an empty scan */
      }
      break;
    case KMU_CTX_S_FLUSH: d->state = KMU_CTX_S_BRD; break; /* the last slot's word written */
    case KMU_CTX_S_BRD: d->state = KMU_CTX_S_BMAP; break;  /* port A reads slot 0's word */
    case KMU_CTX_S_BMAP:
      /* a save visits the slots one a cycle; a restore reads warps 0..n-1 back to back */
      if (!restore && !iss_s_in) d->iss_slot = (q->iss_slot + 1) & M6;
      if (fire) {
        d->iss_slot = (q->iss_slot + 1) & M6;
        d->iss_idx = (q->iss_idx + 1) & 0x7fu;
        if (!restore) d->bytes = q->bytes + beatb;
        if (q->iss_idx == q->nlast) {
          d->iss_off = 0;
          if (restore) d->state = KMU_CTX_S_RWAIT;
          else if (q->shmem != 0) d->state = KMU_CTX_S_SHM;
          else {
            d->state = KMU_CTX_S_IDLE;
            d->done = 1;
          }
        }
      }
      break;
    case KMU_CTX_S_RWAIT:
      if (q->rsp_ph == KMU_CTX_R_WAIT) {
        d->iss_beat = 0;
        d->iss_slot = rsp_w; /* the first non-empty slot (the response side's pick) */
        d->iss_idx = 0;
        d->state = any_nz ? KMU_CTX_S_SEEK : KMU_CTX_S_SHM;
      }
      break;
    case KMU_CTX_S_SEEK: /* an empty slot is passed, a non-empty one loaded */
      if (iss_s_nz) d->state = KMU_CTX_S_LOAD;
      else d->iss_slot = (q->iss_slot + 1) & M6;
      break;
    case KMU_CTX_S_LOAD: /* counts the loads: the last non-empty slot (nzc) ends the walk */
      d->iss_bits = m->iss_rbm_q;
      d->iss_idx = (q->iss_idx + 1) & 0x7fu;
      d->state = KMU_CTX_S_REG;
      break;
    case KMU_CTX_S_REG:
      if (fire) {
        if (iss_last_beat) {
          d->iss_beat = 0;
          d->iss_bits &= ~(1u << iss_r);
          if (d->iss_bits == 0) {
            if (q->iss_idx != q->nzc) {
              d->iss_slot = (q->iss_slot + 1) & M6;
              d->state = KMU_CTX_S_SEEK;
            } else if (q->shmem != 0) d->state = KMU_CTX_S_SHM;
            else d->state = KMU_CTX_S_DRAIN;
          }
        } else {
          d->iss_beat = (q->iss_beat + 1) & 0xffu;
        }
      }
      break;
    case KMU_CTX_S_SHM:
      if (fire) {
        d->iss_off = (q->iss_off + beatb) & M17;
        if (!restore) d->bytes = q->bytes + beatb;
        if (shm_iss_last) {
          if (restore) d->state = KMU_CTX_S_DRAIN;
          else {
            d->state = KMU_CTX_S_IDLE;
            d->done = 1;
          }
        }
      }
      break;
    default: break; /* S_DRAIN: the response side ends the command */
  }

  switch (q->rsp_ph) {
    case KMU_CTX_R_BMAP:
      if (rsp_evt) {
        bm_load = 1;
        d->rsp_rem &= ~(1ull << rsp_w);
        d->bytes += beatb;
        if (d->rsp_rem == 0) {
          d->rsp_off = 0;
          if (any_nz || evt_bmap != 0 || q->shmem != 0) d->rsp_ph = KMU_CTX_R_WAIT;
          else {
            d->rsp_ph = KMU_CTX_R_IDLE;
            fin = 1;
          }
        }
      }
      break;
    case KMU_CTX_R_WAIT:
      d->rsp_beat = 0;
      if (rsp_w_valid) {
        d->rsp_ph = KMU_CTX_R_REG;
        d->rsp_slot = rsp_w;
        d->rsp_ld = 1; /* its bitmap: read now (port B), rsp_bits next cycle */
      } else {
        d->rsp_ph = KMU_CTX_R_SHM;
      }
      break;
    case KMU_CTX_R_REG:
      if (rsp_evt) {
        if (rsp_last_beat) {
          d->rsp_beat = 0;
          d->rsp_bits &= ~(1u << rsp_r);
          d->regs = (d->regs + 1) & 0xfffu;
          d->bytes += regb;
          if (d->rsp_bits == 0) {
            if (rsp_w_valid) {
              d->rsp_slot = rsp_w;
              d->rsp_ld = 1;
            } else if (q->shmem != 0) d->rsp_ph = KMU_CTX_R_SHM;
            else {
              d->rsp_ph = KMU_CTX_R_IDLE;
              fin = 1;
            }
          }
        } else {
          d->rsp_beat = (q->rsp_beat + 1) & 0xffu;
        }
      }
      break;
    case KMU_CTX_R_SHM:
      if (rsp_evt) {
        d->rsp_off = (q->rsp_off + beatb) & M17;
        d->bytes += beatb;
        if (shm_rsp_last) {
          d->rsp_ph = KMU_CTX_R_IDLE;
          fin = 1;
        }
      }
      break;
    default: break;
  }
  if (fin) {
    d->state = KMU_CTX_S_IDLE;
    d->done = 1;
  }
  /* the counts at their widths (at most one add a cycle: the same as the RTL's narrow adders) */
  d->regs &= m->rg_mask;
  d->bytes &= m->by_mask;
  /* ---- abort: overrides the above (a command ending in this cycle is not aborted) */
  if (q->abt) {
    d->rsp_ph = KMU_CTX_R_IDLE;
    d->done = 0; /* the held request may be the command's last: an aborted one reports none */
    if (q->state == KMU_CTX_S_SCAN) { /* the scan drains: to its last entry or its empty end */
      if (!q->hold && ((scan_valid && scan_last) || (scan_done && !scan_valid))) {
        d->state = KMU_CTX_S_IDLE;
        d->abt = 0;
      } else d->state = KMU_CTX_S_SCAN;
    } else if (d->hold) { /* the stalled request is still presented: its state stays */
      d->state = q->state;
    } else if (out_d == 0) { /* the last outstanding response arrived */
      d->state = KMU_CTX_S_IDLE;
      d->abt = 0;
    } else d->state = KMU_CTX_S_DRAIN;
  } else if ((i->abort_i & 1) && !idle && d->state != KMU_CTX_S_IDLE) {
    d->rsp_ph = KMU_CTX_R_IDLE;
    d->hold = (unsigned)(iss_act && !q->inplace && !req_ready); /* req_valid_o && !req_ready_i */
    if (d->state == KMU_CTX_S_SCAN) { /* S_START (its scan starts now) or S_SCAN */
      d->abt = 1;
    } else if (d->hold) { /* stalled: no fire in this cycle, so the state stays */
      d->abt = 1;
    } else if (out_d == 0) {
      d->state = KMU_CTX_S_IDLE;
    } else {
      d->state = KMU_CTX_S_DRAIN;
      d->abt = 1;
    }
  }

  /* ---- bitmaps: clear at the accept, a load's word, a scanned bit into cur_bm (the slot the
   * scan leaves is written whole); then the RAM's ports (applied at the edge) */
  m->bm_we = 0;
  m->bm_wa = q->cur_slot;
  m->bm_wd = q->cur_bm;
  if (bm_clr) {
    d->nz = 0;
    d->nzc = 0;
    d->cur_v = 0;
  } else if (bm_load) {
    m->bm_we = 1;
    m->bm_wa = rsp_w;
    m->bm_wd = evt_bmap;
    if (evt_bmap) d->nz |= 1ull << rsp_w, d->nzc = q->nzc + 1;
    else d->nz &= ~(1ull << rsp_w);
  } else if (q->state == KMU_CTX_S_FLUSH) {
    m->bm_we = (int)q->cur_v; /* the scan's last slot */
  } else if (bm_set && scan_warp < nw && scan_reg < nr) {
    d->nz |= 1ull << scan_warp;
    if (q->cur_v && q->cur_slot == scan_warp) {
      d->cur_bm = q->cur_bm | 1u << scan_reg;
    } else {
      m->bm_we = (int)q->cur_v; /* the slot left: its word is complete */
      d->cur_v = 1;
      d->cur_slot = scan_warp;
      d->cur_bm = 1u << scan_reg;
    }
  }
  /* port A: the slot visited next (S_BRD, a save's S_BMAP, S_SEEK); no write meets it */
  m->ra_en = q->state == KMU_CTX_S_BRD || q->state == KMU_CTX_S_SEEK ||
             (q->state == KMU_CTX_S_BMAP && !restore);
  m->ra = d->iss_slot & ((1u << wi_w_of(nw)) - 1);
  m->rb_en = (int)d->rsp_ld;
  m->rb = rsp_w;

  /* ---- outputs of the response side */
  o->scan_ready_o = (uint64_t)scan_take;
  o->shm_wen_o = (uint64_t)(rsp_evt && q->rsp_ph == KMU_CTX_R_SHM);
  o->shm_waddr_o = q->rsp_off;
  o->shm_wdata_o = evt_data;
  o->rfw_valid_o = (uint64_t)(rsp_evt && q->rsp_ph == KMU_CTX_R_REG && rsp_last_beat);
  o->rfw_warp_o = q->rsp_slot;
  o->rfw_reg_o = rsp_r;
  o->rfw_data_o = evt_data & dm;
}

void kmu_ctx_engine_comb(kmu_ctx_engine *m, const kmu_ctx_engine_in *i, kmu_ctx_engine_out *o) {
  kmu_ctx_engine_comb_out(m, i, o);
  kmu_ctx_engine_comb_next(m, i, o);
}

void kmu_ctx_engine_tick(kmu_ctx_engine *m) {
  /* the bitmap RAM: the read registers load the old word, then the write */
  if (m->ra_en) m->iss_rbm_q = m->ra < m->p.warps ? m->bmap_mem[m->ra] : 0;
  if (m->rb_en) m->rsp_rbm_q = m->bmap_mem[m->rb];
  if (m->bm_we) m->bmap_mem[m->bm_wa] = m->bm_wd;
  m->q = m->d;
  kmu_prio_enc_tick(&m->u_rsp_wenc);
  kmu_prio_enc_tick(&m->u_iss_renc);
  kmu_prio_enc_tick(&m->u_rsp_renc);
}
