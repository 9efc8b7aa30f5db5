// Verilator shim of kmu_trem_policy: see kmu_shim.h.
#include "Vkmu_trem_policy.h"
#include "kmu_trem_policy.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_trem_policy, Vkmu_trem_policy, KMU_TREM_POLICY_IN, KMU_TREM_POLICY_OUT)
