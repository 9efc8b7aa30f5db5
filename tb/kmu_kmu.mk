# kmu_kmu harnesses: the small unit (4 slots, 4 pending kernels per level) and the paper's
# KDU size (32 slots; 8 pending kernels per level).
HARNESSES += kmu_kmu kmu_kmu_paper
kmu_kmu_TOP    := kmu_kmu
kmu_kmu_RTL    := $(RTL_kmu_kmu)
kmu_kmu_PARAMS := SLOTS=4 PEND=4 EKT_ID_W=3
kmu_kmu_TEST   := tb/test_kmu_kmu.c
kmu_kmu_C      := $(call rtl2c,$(RTL_kmu_kmu))
kmu_kmu_paper_TOP    := kmu_kmu
kmu_kmu_paper_RTL    := $(kmu_kmu_RTL)
kmu_kmu_paper_PARAMS := SLOTS=32 PEND=8 EKT_ID_W=5
kmu_kmu_paper_TEST   := tb/test_kmu_kmu.c
kmu_kmu_paper_C      := $(kmu_kmu_C)
