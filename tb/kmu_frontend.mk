# kmu_frontend: the EDGE front end, small (FPGA) and paper-sized EKT.
FRONTEND_RTL := $(RTL_kmu_frontend)
FRONTEND_C   := $(call rtl2c,$(RTL_kmu_frontend)) sim/env/kmu_axil_master.c
HARNESSES += kmu_frontend kmu_frontend_paper
kmu_frontend_TOP    := kmu_frontend
kmu_frontend_RTL    := $(FRONTEND_RTL)
kmu_frontend_PARAMS := AW=16 ENTRIES=8 CNT_W=16 NSM=2
kmu_frontend_TEST   := tb/test_kmu_frontend.c
kmu_frontend_C      := $(FRONTEND_C)
kmu_frontend_paper_TOP    := kmu_frontend
kmu_frontend_paper_RTL    := $(FRONTEND_RTL)
kmu_frontend_paper_PARAMS := AW=16 ENTRIES=32 CNT_W=32 NSM=16
kmu_frontend_paper_TEST   := tb/test_kmu_frontend.c
kmu_frontend_paper_C      := $(FRONTEND_C)
# make test: make run-frontend narrates (registrations, descriptors, every error answer) and
# its PASS line counts the cycles the demo ran
TEST_SCRIPTS += scripts/test_kmu_frontend_demo.sh
