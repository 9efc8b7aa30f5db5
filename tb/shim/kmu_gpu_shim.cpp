// Verilator shim of kmu_gpu: see kmu_shim.h.  The per-SM ports are lanes of NSM (P_NSM).
#include "Vkmu_gpu.h"
#include "kmu_gpu.h"
#include "kmu_shim.h"
#define KMU_SHIM_LANES (P_NSM)

// kmu_gpu is clocked on the rising edge only (no negedge clk_i process, no latch), so the
// falling half of a cycle changes nothing but clk_i: it is evaluated together with the next
// cycle's inputs, not on its own.  Verilator runs the input-combinational region on every
// eval(), so this saves one evaluation of the whole combinational logic per cycle (kmusim's
// rtl and cosim engines; the trace is the same: nothing was dumped between the two evals).
template <class V>
struct kmu_gpu_shim_dut : kmu_shim_dut<V> {
  void tick() {
    this->ctx.time(this->t);
    this->top->clk_i = 1;
    this->top->eval();
    this->t += 5;
    this->dump();
    this->ctx.time(this->t);
    this->top->clk_i = 0; // evaluated by the next eval() with the next cycle's inputs
    this->t += 5;
  }
};
KMU_SHIM_WITH(kmu_gpu_shim_dut, kmu_gpu, Vkmu_gpu, KMU_GPU_IN, KMU_GPU_OUT, KMU_GPU_INL,
              KMU_GPU_OUTL)
