// Verilator shim of kmu_yield_mon: see kmu_shim.h.  yq_addr_i / yq_slot_i / yq_tb_i / yq_ptb_i
// are lane ports of NSM (P_NSM) SMs.
#include "Vkmu_yield_mon.h"
#include "kmu_yield_mon.h"
#include "kmu_shim.h"
#define KMU_SHIM_LANES (P_NSM)
KMU_SHIM_L(kmu_yield_mon, Vkmu_yield_mon, KMU_YIELD_MON_IN, KMU_YIELD_MON_OUT, KMU_YIELD_MON_INL,
           KMU_NO_LANES)
