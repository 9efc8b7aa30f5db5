// Verilator shim of kmu_prio_arb (combinational): see kmu_shim.h.
#include "Vkmu_prio_arb.h"
#include "kmu_prio_arb.h"
#include "kmu_shim.h"
KMU_SHIM_COMB(kmu_prio_arb, Vkmu_prio_arb, KMU_PRIO_ARB_IN, KMU_PRIO_ARB_OUT)
