// Verilator shim of kmu_ctx_engine: see kmu_shim.h.
#include "Vkmu_ctx_engine.h"
#include "kmu_ctx_engine.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_ctx_engine, Vkmu_ctx_engine, KMU_CTX_ENGINE_IN, KMU_CTX_ENGINE_OUT)
