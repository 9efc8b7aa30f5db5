// Verilator shim of kmu_dispatch: see kmu_shim.h.
#include "Vkmu_dispatch.h"
#include "kmu_dispatch.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_dispatch, Vkmu_dispatch, KMU_DISPATCH_IN, KMU_DISPATCH_OUT)
