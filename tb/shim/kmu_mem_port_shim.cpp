// Verilator shim of kmu_mem_port: see kmu_shim.h.  req_addr_i / req_wdata_i are lane ports
// of N (P_N) clients.
#include "Vkmu_mem_port.h"
#include "kmu_mem_port.h"
#include "kmu_shim.h"
#define KMU_SHIM_LANES (P_N)
KMU_SHIM_L(kmu_mem_port, Vkmu_mem_port, KMU_MEM_PORT_IN, KMU_MEM_PORT_OUT, KMU_MEM_PORT_INL,
           KMU_NO_LANES)
