// Verilator shim of kmu_gpu: see kmu_shim.h.
#include "Vkmu_gpu.h"
#include "kmu_gpu.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_gpu, Vkmu_gpu, KMU_GPU_IN, KMU_GPU_OUT)
