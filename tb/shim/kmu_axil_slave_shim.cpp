// Verilator shim of kmu_axil_slave: see kmu_shim.h.
#include "Vkmu_axil_slave.h"
#include "kmu_axil_slave.h"
#include "kmu_shim.h"
KMU_SHIM(kmu_axil_slave, Vkmu_axil_slave, KMU_AXIL_SLAVE_IN, KMU_AXIL_SLAVE_OUT)
