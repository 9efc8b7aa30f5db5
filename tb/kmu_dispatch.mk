# kmu_dispatch harnesses: the small system (2 SMs, 4 kernel slots) and the paper's (16 SMs,
# 32 slots).
HARNESSES += kmu_dispatch kmu_dispatch_paper
kmu_dispatch_TOP    := kmu_dispatch
kmu_dispatch_RTL    := $(RTL_kmu_dispatch)
kmu_dispatch_PARAMS := NSM=2 SLOTS=4
kmu_dispatch_TEST   := tb/test_kmu_dispatch.c
kmu_dispatch_C      := $(call rtl2c,$(RTL_kmu_dispatch))
kmu_dispatch_paper_TOP    := kmu_dispatch
kmu_dispatch_paper_RTL    := $(kmu_dispatch_RTL)
kmu_dispatch_paper_PARAMS := NSM=16 SLOTS=32
kmu_dispatch_paper_TEST   := tb/test_kmu_dispatch.c
kmu_dispatch_paper_C      := $(kmu_dispatch_C)
