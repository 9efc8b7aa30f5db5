/* kmu_fifo.h - C twin of rtl/common/kmu_fifo.v (synchronous FIFO, no fall-through). */
#ifndef KMU_FIFO_H
#define KMU_FIFO_H
#include <stdint.h>

#include "kmu_common.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Port lists: X(name) for inputs, X(name, qualifier) for outputs.  The same lists make the
 * structs, the Verilator shim and the comparison, so one name means one wire everywhere. */
#define KMU_FIFO_IN(X) X(flush_i) X(push_valid_i) X(push_data_i) X(pop_ready_i)
#define KMU_FIFO_OUT(X) \
  X(push_ready_o, always) X(pop_valid_o, always) X(pop_data_o, pop_valid_o) X(count_o, always)

typedef KMU_PORTS_IN(KMU_FIFO_IN) kmu_fifo_in;
typedef KMU_PORTS_OUT(KMU_FIFO_OUT) kmu_fifo_out;

typedef struct {
  unsigned width; /* WIDTH, 1..64 */
  unsigned depth; /* DEPTH, >= 1 */
} kmu_fifo_params;

typedef struct {
  unsigned wptr, rptr, count;
} kmu_fifo_regs;

typedef struct {
  kmu_fifo_params p;
  kmu_fifo_regs q, d;
  uint64_t *mem_q; /* DEPTH words */
  int mem_we;      /* write port, applied at the edge like the RTL's array */
  unsigned mem_waddr;
  uint64_t mem_wdata;
} kmu_fifo;

void kmu_fifo_init(kmu_fifo *m, const kmu_fifo_params *p);
void kmu_fifo_free(kmu_fifo *m);
void kmu_fifo_reset(kmu_fifo *m);
/* comb_out: the outputs alone (the RTL's assigns: every output is a function of the state),
 * for a parent that needs the head and room before it knows this cycle's push and pop */
void kmu_fifo_comb_out(const kmu_fifo *m, kmu_fifo_out *o);
void kmu_fifo_comb(kmu_fifo *m, const kmu_fifo_in *i, kmu_fifo_out *o);
void kmu_fifo_tick(kmu_fifo *m);

#ifdef __cplusplus
}
#endif
#endif
