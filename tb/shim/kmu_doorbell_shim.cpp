// Verilator shim of kmu_doorbell: see kmu_shim.h.
#include "Vkmu_doorbell.h"
#include "kmu_doorbell.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_doorbell, Vkmu_doorbell, KMU_DOORBELL_IN, KMU_DOORBELL_OUT)
