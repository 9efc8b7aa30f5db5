// Verilator shim of kmu_preempt_ctrl: see kmu_shim.h.  elig_i is a lane port of NSM (P_NSM)
// SMs, TBS bits each.
#include "Vkmu_preempt_ctrl.h"
#include "kmu_preempt_ctrl.h"
#include "kmu_shim.h"
#define KMU_SHIM_LANES (P_NSM)
KMU_SHIM_L(kmu_preempt_ctrl, Vkmu_preempt_ctrl, KMU_PREEMPT_CTRL_IN, KMU_PREEMPT_CTRL_OUT,
           KMU_PREEMPT_CTRL_INL, KMU_NO_LANES)
