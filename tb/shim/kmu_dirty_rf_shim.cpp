// Verilator shim of kmu_dirty_rf: see kmu_shim.h.
#include "Vkmu_dirty_rf.h"
#include "kmu_dirty_rf.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_dirty_rf, Vkmu_dirty_rf, KMU_DIRTY_RF_IN, KMU_DIRTY_RF_OUT)
