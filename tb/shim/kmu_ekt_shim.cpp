// Verilator shim of kmu_ekt: see kmu_shim.h.
#include "Vkmu_ekt.h"
#include "kmu_ekt.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_ekt, Vkmu_ekt, KMU_EKT_IN, KMU_EKT_OUT)
