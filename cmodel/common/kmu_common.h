/* kmu_common.h - conventions shared by every openkmu C model.
 *
 * Every model mirrors one RTL module: a params struct (the module's parameters), a regs struct
 * holding the registered state twice (q: current, d: next), and five functions:
 *   init(params)  allocate and reset      free()  release
 *   reset()       the state after rst_ni  comb(in, out)  the combinational logic: outputs and
 *                                                        d from q and this cycle's inputs
 *   tick()        the rising edge: q = d, memory write ports applied
 * Ports are uint64_t fields declared through one X-macro list per block, shared with the
 * Verilator shim and the lockstep comparison.  Output structs start with the field `always`,
 * the qualifier of outputs compared in every cycle. */
#ifndef KMU_COMMON_H
#define KMU_COMMON_H
#include <stddef.h> /* offsetof in KMU_Q_FROM_D_TAB */
#include <stdint.h>
#include <string.h> /* memcpy in KMU_Q_FROM_D_TAB */

#define KMU_FIELD_IN(n) uint64_t n;
#define KMU_FIELD_OUT(n, q) uint64_t n;
#define KMU_PORTS_IN(LIST) struct { LIST(KMU_FIELD_IN) }
#define KMU_PORTS_OUT(LIST) struct { uint64_t always; LIST(KMU_FIELD_OUT) }

/* Lane ports: one element per client or per SM (Verilog: a packed vector of NL elements of EW
 * bits, element k at [k*EW +: EW]), carried as uint64_t name[NL], element k in name[k].  A
 * block lists them apart from its scalar ports: X(name, NL, EW) for an input, X(name, NL, EW,
 * qual) for an output, whose qualifier is a scalar output (usually `always`) or a lane output
 * of the same NL (element k qualified by element k).  EW is a token expanded only where the
 * Verilog vector is packed (the Verilator shim), so it may name the build's parameters
 * (P_TBS ...).  Elements beyond the instance's count stay 0 in both twins. */
#define KMU_FIELD_INL(n, nl, ew) uint64_t n[nl];
#define KMU_FIELD_OUTL(n, nl, ew, q) uint64_t n[nl];
#define KMU_PORTS_INL(LIST, LLIST) struct { LIST(KMU_FIELD_IN) LLIST(KMU_FIELD_INL) }
#define KMU_PORTS_OUTL(LIST, LLIST) \
  struct { uint64_t always; LIST(KMU_FIELD_OUT) LLIST(KMU_FIELD_OUTL) }
#define KMU_NO_LANES(X) /* a block without lane ports */

/* Next state from the current one without copying twice per cycle: a block with a large regs
 * struct keeps `int d_is_q` (d holds q: true after tick(), false after comb() has written d).
 * comb() starts its next state with KMU_D_FROM_Q (copies only when d may differ from q, e.g.
 * a second comb() in one cycle); tick() is KMU_Q_FROM_D. */
#define KMU_D_FROM_Q(m)                 \
  do {                                  \
    if (!(m)->d_is_q) (m)->d = (m)->q;  \
    (m)->d_is_q = 0;                    \
  } while (0)
#define KMU_Q_FROM_D(m)  \
  do {                   \
    (m)->q = (m)->d;     \
    (m)->d_is_q = 1;     \
  } while (0)
/* The same for a regs struct T whose tables (entries written a few per cycle, RAM-like) follow
 * its other registers, from field FIRST on: the block also keeps `int tab_we`, which comb()
 * sets wherever it writes a table entry of d; tick() copies the other registers every cycle
 * and the tables only after a write (d holds q's tables otherwise). */
#define KMU_D_FROM_Q_TAB(m) \
  do {                      \
    KMU_D_FROM_Q(m);        \
    (m)->tab_we = 0;        \
  } while (0)
#define KMU_Q_FROM_D_TAB(m, T, FIRST)                                                       \
  do {                                                                                      \
    memcpy(&(m)->q, &(m)->d, offsetof(T, FIRST));                                           \
    if ((m)->tab_we)                                                                        \
      memcpy((char *)&(m)->q + offsetof(T, FIRST), (const char *)&(m)->d + offsetof(T, FIRST), \
             sizeof(T) - offsetof(T, FIRST));                                               \
    (m)->tab_we = 0;                                                                        \
    (m)->d_is_q = 1;                                                                        \
  } while (0)

static inline uint64_t kmu_mask(unsigned w) { return w >= 64 ? ~0ull : ((1ull << w) - 1); }
/* Verilog's $clog2 (0 for v <= 1): the width of a counter over v values */
static inline unsigned kmu_clog2(uint64_t v) {
  unsigned w = 0;
  while (w < 64 && (1ull << w) < v) w++;
  return w;
}

#endif
