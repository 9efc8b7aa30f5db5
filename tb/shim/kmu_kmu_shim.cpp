// Verilator shim of kmu_kmu: see kmu_shim.h.
#include "Vkmu_kmu.h"
#include "kmu_kmu.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_kmu, Vkmu_kmu, KMU_KMU_IN, KMU_KMU_OUT)
