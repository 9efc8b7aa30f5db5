// Verilator shim of kmu_pep_predictor: see kmu_shim.h.
#include "Vkmu_pep_predictor.h"
#include "kmu_pep_predictor.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_pep_predictor, Vkmu_pep_predictor, KMU_PEP_PREDICTOR_IN, KMU_PEP_PREDICTOR_OUT)
