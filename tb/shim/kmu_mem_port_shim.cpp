// Verilator shim of kmu_mem_port: see kmu_shim.h.
#include "Vkmu_mem_port.h"
#include "kmu_mem_port.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_mem_port, Vkmu_mem_port, KMU_MEM_PORT_IN, KMU_MEM_PORT_OUT)
