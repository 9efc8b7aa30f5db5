/* kmu_revoke.h - C twin of rtl/sched/kmu_revoke.v: TReM kernel revocation (a revoke by kernel
 * tag or launch id, or "make room for class user" with the hardware's victim choice; stop ->
 * drop in every SM -> free/requeue -> completion; starvation guard). */
#ifndef KMU_REVOKE_H
#define KMU_REVOKE_H
#include <stdint.h>

#include "kmu_common.h"
#include "kmu_regmap.h"
#ifdef __cplusplus
extern "C" {
#endif

/* request kinds (req_kind_i) and completion status (done_status_o): the shared codes
 * trem_kind_e and trem_status_e (regmap/kmu.rdl, generated kmu_regmap.h), short names here;
 * tag states (tst_q) */
enum {
  KMU_RVK_KIND_TAG = KMU_TREM_KIND_TAG,
  KMU_RVK_KIND_LID = KMU_TREM_KIND_LID,
  KMU_RVK_KIND_ROOM = KMU_TREM_KIND_ROOM,
  KMU_RVK_KIND_ROOM_EL = KMU_TREM_KIND_ROOM_EL
};
enum {
  KMU_RVK_ST_OK = KMU_TREM_STATUS_OK,
  KMU_RVK_ST_UNKNOWN = KMU_TREM_STATUS_UNKNOWN,
  KMU_RVK_ST_FINISHED = KMU_TREM_STATUS_FINISHED,
  KMU_RVK_ST_REVOKED = KMU_TREM_STATUS_REVOKED,
  KMU_RVK_ST_GUARD = KMU_TREM_STATUS_GUARD,
  KMU_RVK_ST_NO_VICTIM = KMU_TREM_STATUS_NO_VICTIM,
  KMU_RVK_ST_NEAR_DONE = KMU_TREM_STATUS_NEAR_DONE
};
enum { KMU_RVK_T_FREE, KMU_RVK_T_RUN, KMU_RVK_T_RVK, KMU_RVK_T_REPLAY, KMU_RVK_T_DONE,
       KMU_RVK_T_RETIRED };
/* sequencer states (fsm_q) */
enum { KMU_RVK_F_IDLE, KMU_RVK_F_SCAN, KMU_RVK_F_DECIDE, KMU_RVK_F_STOP, KMU_RVK_F_DROP,
       KMU_RVK_F_FREE };

#define KMU_REVOKE_IN(X)                                                                       \
  X(thr_i) X(cost_i) X(adm_valid_i) X(adm_fresh_i) X(adm_tag_i) X(adm_lid_i) X(adm_user_i)     \
  X(adm_est_i) X(cpl_valid_i) X(cpl_tag_i) X(iss_valid_i) X(iss_tag_i) X(req_valid_i) X(req_kind_i) X(req_replay_i)        \
  X(req_id_i) X(stop_ack_i) X(drop_ack_i) X(free_ack_i)
#define KMU_REVOKE_OUT(X)                                                                      \
  X(req_ready_o, always) X(stop_o, always) X(drop_o, always) X(free_o, always)                 \
  X(free_replay_o, always) X(tag_o, always) X(done_valid_o, always) X(done_status_o, always)   \
  X(done_replay_o, always) X(done_tag_o, always) X(done_lid_o, always) X(guard_o, always)      \
  X(guard_tag_o, always) X(irq_o, always) X(err_cnt_o, always) X(rvk_cnt_o, always)           \
  X(busy_o, always)

typedef KMU_PORTS_IN(KMU_REVOKE_IN) kmu_revoke_in;
typedef KMU_PORTS_OUT(KMU_REVOKE_OUT) kmu_revoke_out;

typedef struct {
  unsigned nsm, ct, lid_w, cnt_w, ts_w; /* NSM, CT, LID_W, CNT_W, TS_W */
} kmu_revoke_params;

typedef struct {
  unsigned fsm, kind, replay, idx, sel, found, flive, fin;
  uint64_t time, acc_t, best_ndl, best_age, best_est, sel_lid;
  /* the tables' synchronous read registers (no reset) at idx_d, and lid_m's forward */
  uint64_t lid_rd, lid_fwd, est_rd, start_rd, iss_rd;
  unsigned lid_fw, user_rd, rcnt_rd;
  uint8_t cand[256]; /* cand_q[CT] */
  uint64_t ack, drop;
  unsigned stop, free, done, dreplay, guard, irq, dstat, dtag, gtag;
  uint64_t dlid;
  unsigned err_cnt, rvk_cnt;
} kmu_revoke_regs;

typedef struct {
  kmu_revoke_params p;
  kmu_revoke_regs q, d;
  uint8_t *tst, *tst_d; /* tst_q[CT] (reset) and its next value */
  uint8_t *stb, *stb_d; /* stb_q[CT] (reset): started, and its next value */
  uint8_t *rz, *rz_d;   /* rz_q[CT] (reset): count zero (a fresh kernel since rcnt_m's write) */
  /* tables without reset (zero here; garbage in the RTL, never read before written) */
  uint64_t *lid_m, *est_m, *start_m, *iss_m;
  uint8_t *user_m, *rcnt_m;
  /* the tables' write ports of this cycle, applied at tick */
  int adm_new, adm_run, rcnt_we, iss_first;
  unsigned adm_tag, rcnt_wa, iss_tag;
  uint64_t adm_lid, adm_est, adm_time;
  uint8_t adm_user, rcnt_wd;
} kmu_revoke;

void kmu_revoke_init(kmu_revoke *m, const kmu_revoke_params *p);
void kmu_revoke_free(kmu_revoke *m);
void kmu_revoke_reset(kmu_revoke *m);
void kmu_revoke_comb(kmu_revoke *m, const kmu_revoke_in *i, kmu_revoke_out *o);
void kmu_revoke_tick(kmu_revoke *m);

#ifdef __cplusplus
}
#endif
#endif
