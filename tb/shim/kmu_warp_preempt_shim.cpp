// Verilator shim of kmu_warp_preempt: see kmu_shim.h.
#include "Vkmu_warp_preempt.h"
#include "kmu_warp_preempt.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_warp_preempt, Vkmu_warp_preempt, KMU_WARP_PREEMPT_IN, KMU_WARP_PREEMPT_OUT)
