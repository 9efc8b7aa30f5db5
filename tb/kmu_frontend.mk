# kmu_frontend: the EDGE front end, small (FPGA) and paper-sized EKT.
FRONTEND_RTL := $(RTL_kmu_frontend)
FRONTEND_C   := $(call rtl2c,$(RTL_kmu_frontend)) sim/env/kmu_axil_master.c
