// Verilator shim of kmu_rr_arb: see kmu_shim.h.
#include "Vkmu_rr_arb.h"
#include "kmu_rr_arb.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_rr_arb, Vkmu_rr_arb, KMU_RR_ARB_IN, KMU_RR_ARB_OUT)
