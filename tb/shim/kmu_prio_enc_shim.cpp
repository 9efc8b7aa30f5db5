// Verilator shim of kmu_prio_enc (combinational): see kmu_shim.h.
#include "Vkmu_prio_enc.h"
#include "kmu_prio_enc.h"
#include "kmu_shim.h"
KMU_SHIM_COMB(kmu_prio_enc, Vkmu_prio_enc, KMU_PRIO_ENC_IN, KMU_PRIO_ENC_OUT)
