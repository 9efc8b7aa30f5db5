// Verilator shim of kmu_sm: see kmu_shim.h.  Random power-up state everywhere but in the
// register memory (u_dirty_rf.rf_mem and its copy for the scan's read, scan_rf_mem), which
// starts at zero as the C twin's does: a context
// save copies every register of a TB's warps, written or not, so a register the environment
// never wrote carries its power-up value to mem_req_wdata_o, a value the C twin cannot know
// (the restore brings the same value back: harmless in hardware).  On an FPGA the block RAM
// is zero after configuration anyway.  kmu_dirty_rf's own harness keeps it random (its tests
// never read a register before writing it).
#include "Vkmu_sm.h"
#include "Vkmu_sm___024root.h"
#include "kmu_sm.h"
#include "kmu_shim.h"

template <class V>
struct kmu_sm_dut : kmu_shim_dut<V> {
  kmu_sm_dut() {
    auto &mem = this->top->rootp->kmu_sm__DOT__u_dirty_rf__DOT__rf_mem;
    for (auto &w : mem.m_storage) w = 0;
    auto &smem = this->top->rootp->kmu_sm__DOT__u_dirty_rf__DOT__scan_rf_mem;
    for (auto &w : smem.m_storage) w = 0;
  }
};

KMU_SHIM_WITH(kmu_sm_dut, kmu_sm, Vkmu_sm, KMU_SM_IN, KMU_SM_OUT, KMU_NO_LANES, KMU_NO_LANES)
