# kmu_mem_port harnesses: the two clients the system needs now (completion writes and the
# context / copy engine) and the degenerate single client (a response tag >= N reaches nobody).
# kmu_mem_port_n17: the paper system's clients (completion writes + 16 SMs' context engines);
# req_addr_i / req_wdata_i are 544-bit vectors there (lane ports of the harness).
# kmu_mem_port_n4: the small system's port (kmu_gpu N = 2 + NSM, NSM = 2): the select tree's
# groups of four (rtl/sched/kmu_mem_port.v g_lvl) with every entry a client.
MEM_PORT_RTL := $(RTL_kmu_mem_port)
MEM_PORT_C   := $(call rtl2c,$(RTL_kmu_mem_port))
HARNESSES += kmu_mem_port kmu_mem_port_n1 kmu_mem_port_n4 kmu_mem_port_n17
kmu_mem_port_TOP       := kmu_mem_port
kmu_mem_port_RTL       := $(MEM_PORT_RTL)
kmu_mem_port_PARAMS    := N=2
kmu_mem_port_TEST      := tb/test_kmu_mem_port.c
kmu_mem_port_C         := $(MEM_PORT_C)
kmu_mem_port_n1_TOP    := kmu_mem_port
kmu_mem_port_n1_RTL    := $(MEM_PORT_RTL)
kmu_mem_port_n1_PARAMS := N=1
kmu_mem_port_n1_TEST   := tb/test_kmu_mem_port.c
kmu_mem_port_n1_C      := $(MEM_PORT_C)
kmu_mem_port_n17_TOP    := kmu_mem_port
kmu_mem_port_n17_RTL    := $(MEM_PORT_RTL)
kmu_mem_port_n17_PARAMS := N=17
kmu_mem_port_n17_TEST   := tb/test_kmu_mem_port.c
kmu_mem_port_n17_C      := $(MEM_PORT_C)
kmu_mem_port_n4_TOP    := kmu_mem_port
kmu_mem_port_n4_RTL    := $(MEM_PORT_RTL)
kmu_mem_port_n4_PARAMS := N=4
kmu_mem_port_n4_TEST   := tb/test_kmu_mem_port.c
kmu_mem_port_n4_C      := $(MEM_PORT_C)
