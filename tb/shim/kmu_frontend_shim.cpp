// Verilator shim of kmu_frontend: see kmu_shim.h.
#include "Vkmu_frontend.h"
#include "kmu_frontend.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_frontend, Vkmu_frontend, KMU_FRONTEND_IN, KMU_FRONTEND_OUT)
