// Verilator shim of kmu_gpu: see kmu_shim.h.  The per-SM ports are lanes of NSM (P_NSM).
#include "Vkmu_gpu.h"
#include "kmu_gpu.h"
#include "kmu_shim.h"
#define KMU_SHIM_LANES (P_NSM)
KMU_SHIM_L(kmu_gpu, Vkmu_gpu, KMU_GPU_IN, KMU_GPU_OUT, KMU_GPU_INL, KMU_GPU_OUTL)
