// Verilator shim of kmu_sm: see kmu_shim.h.
#include "Vkmu_sm.h"
#include "kmu_sm.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_sm, Vkmu_sm, KMU_SM_IN, KMU_SM_OUT)
