// Verilator shim of kmu_copy_engine: see kmu_shim.h.
#include "Vkmu_copy_engine.h"
#include "kmu_copy_engine.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_copy_engine, Vkmu_copy_engine, KMU_COPY_ENGINE_IN, KMU_COPY_ENGINE_OUT)
