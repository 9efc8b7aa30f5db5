// Verilator shim of kmu_gpu: see kmu_shim.h.  The per-SM ports are lanes of NSM (P_NSM).
#include <verilated_syms.h>

#include "Vkmu_gpu.h"
#include "kmu_gpu.h"
#include "kmu_shim.h"
#define KMU_SHIM_LANES (P_NSM)

// Random power-up state (kmusim's rtl and cosim engines set KMU_POWERUP_SEED from --seed)
// everywhere but in the SMs' register memories (kmu_dirty_rf.rf_mem and its copy for the
// scan's read, scan_rf_mem: two per SM), which start at zero as
// the C twin's do, for the reason tb/shim/kmu_sm_shim.cpp gives: a context save copies every
// register of a TB's warps, written or not, so a register the SIMT environment never wrote
// carries its power-up value to mem_req_wdata_o, a value the C twin cannot know (the restore
// brings the same value back: harmless in hardware; on an FPGA block RAM is zero after
// configuration anyway).  The memories are found by name, not by the Verilated C++ member
// (which differs between the inlined small build, the -fno-inline paper build and the flat
// gate-level netlist of make gate): tb/shim/kmu_gpu.vlt makes them public, and every public
// variable whose name ends in "rf_mem" is zeroed.  Zero found is an error: the zeroing would
// silently have stopped.
static unsigned kmu_gpu_zero_rf(VerilatedContext &ctx) {
  unsigned n = 0;
  if (const VerilatedScopeNameMap *sm = ctx.scopeNameMap())
    for (const auto &sc : *sm) {
      VerilatedVarNameMap *vm = sc.second->varsp();
      if (!vm) continue;
      for (auto &v : *vm) {
        const std::size_t l = std::strlen(v.first);
        if (l < 6 || std::strcmp(v.first + l - 6, "rf_mem")) continue;
        std::memset(v.second.datap(), 0, v.second.totalSize());
        n++;
      }
    }
  return n;
}

// kmu_gpu is clocked on the rising edge only (no negedge clk_i process, no latch), so the
// falling half of a cycle changes nothing but clk_i: it is evaluated together with the next
// cycle's inputs, not on its own.  Verilator runs the input-combinational region on every
// eval(), so this saves one evaluation of the whole combinational logic per cycle (kmusim's
// rtl and cosim engines; the trace is the same: nothing was dumped between the two evals).
template <class V>
struct kmu_gpu_shim_dut : kmu_shim_dut<V> {
  kmu_gpu_shim_dut() {
    const unsigned n = kmu_gpu_zero_rf(this->ctx);
    if (n != 2u * (unsigned)(P_NSM)) {
      std::fprintf(stderr, "kmu_gpu shim: %u SM register memories found public, %u expected "
                   "(tb/shim/kmu_gpu.vlt)\n", n, 2u * (unsigned)(P_NSM));
      std::exit(2);
    }
  }
  void tick() {
    this->rec_event('T');
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
