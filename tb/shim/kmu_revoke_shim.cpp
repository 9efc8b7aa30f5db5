// Verilator shim of kmu_revoke: see kmu_shim.h.
#include "Vkmu_revoke.h"
#include "kmu_revoke.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_revoke, Vkmu_revoke, KMU_REVOKE_IN, KMU_REVOKE_OUT)
