// Verilator shim of kmu_csr: see kmu_shim.h.
#include "Vkmu_csr.h"
#include "kmu_csr.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_csr, Vkmu_csr, KMU_CSR_IN, KMU_CSR_OUT)
