// Verilator shim of kmu_fifo: see kmu_shim.h.
#include "Vkmu_fifo.h"
#include "kmu_fifo.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_fifo, Vkmu_fifo, KMU_FIFO_IN, KMU_FIFO_OUT)
