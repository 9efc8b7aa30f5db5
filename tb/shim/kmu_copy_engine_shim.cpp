// Verilator shim of kmu_copy_engine: see kmu_shim.h.  Random power-up state: the harness is
// Verilated with --x-initial unique (tb/kmu_copy_engine.mk), and every instance is built with
// randReset(2) and a seed the test sets (kmu_ce_powerup_seed, the run's seed), so the tables
// without reset (queues, progress, FIFO storage) start as garbage that differs from seed to
// seed and repeats in the re-run that writes a failure's waveform.  The C twin starts them as
// zero: the lockstep comparison shows any output that depends on an entry read before written.
#include "Vkmu_copy_engine.h"
#include "kmu_copy_engine.h"
#include "kmu_shim.h"

extern "C" uint64_t kmu_ce_powerup_seed;

template <class V>
struct kmu_ce_dut : kmu_shim_dut<V> {
  kmu_ce_dut() {
    // the base built the model with the context's defaults: build it again, scrambled
    this->ctx.randReset(2);
    this->ctx.randSeed((int)(kmu_ce_powerup_seed % 0x7fffffffu) + 1);
    delete this->top;
    this->top = new V(&this->ctx);
  }
};

KMU_SHIM_WITH(kmu_ce_dut, kmu_copy_engine, Vkmu_copy_engine, KMU_COPY_ENGINE_IN,
              KMU_COPY_ENGINE_OUT, KMU_NO_LANES, KMU_NO_LANES)
