// Verilator shim of kmu_uart_axil: see kmu_shim.h.
#include "Vkmu_uart_axil.h"
#include "kmu_shim.h"
#include "kmu_uart_axil.h"
KMU_SHIM(kmu_uart_axil, Vkmu_uart_axil, KMU_UART_AXIL_IN, KMU_UART_AXIL_OUT)
