// Verilator shim of kmu_sm_ctrl: see kmu_shim.h.
#include "Vkmu_sm_ctrl.h"
#include "kmu_sm_ctrl.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_sm_ctrl, Vkmu_sm_ctrl, KMU_SM_CTRL_IN, KMU_SM_CTRL_OUT)
