// Verilator shim of kmu_elastic: see kmu_shim.h.
#include "Vkmu_elastic.h"
#include "kmu_elastic.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_elastic, Vkmu_elastic, KMU_ELASTIC_IN, KMU_ELASTIC_OUT)
