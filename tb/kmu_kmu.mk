# kmu_kmu harnesses: the small unit (4 slots, 4 pending kernels per level, 8 completion-table
# entries), the paper's KDU size (32 slots; 8 pending kernels per level; 64 entries), and the
# minimum completion table (CT = SLOTS: a fresh kernel can only take a tag that a completion
# freed, so a swap-out happens only for a continuation).  OUT_W (a CT entry's outstanding-count
# bits) as kmu_gpu derives it for the system of that size, clog2(NSM * (TBS + PTBS + EWT) + 1):
# small 2 x (4 + 4 + 4) = 24 -> 5, paper 16 x (32 + 32 + 4) = 1088 -> 11.
HARNESSES += kmu_kmu kmu_kmu_paper kmu_kmu_ct
kmu_kmu_TOP    := kmu_kmu
kmu_kmu_RTL    := $(RTL_kmu_kmu)
kmu_kmu_PARAMS := SLOTS=4 PEND=4 EKT_ID_W=3 CT=8 OUT_W=5
kmu_kmu_TEST   := tb/test_kmu_kmu.c
kmu_kmu_C      := $(call rtl2c,$(RTL_kmu_kmu))
kmu_kmu_paper_TOP    := kmu_kmu
kmu_kmu_paper_RTL    := $(kmu_kmu_RTL)
kmu_kmu_paper_PARAMS := SLOTS=32 PEND=8 EKT_ID_W=5 CT=64 OUT_W=11
kmu_kmu_paper_TEST   := tb/test_kmu_kmu.c
kmu_kmu_paper_C      := $(kmu_kmu_C)
kmu_kmu_ct_TOP    := kmu_kmu
kmu_kmu_ct_RTL    := $(kmu_kmu_RTL)
kmu_kmu_ct_PARAMS := SLOTS=4 PEND=4 EKT_ID_W=3 CT=4 OUT_W=5
kmu_kmu_ct_TEST   := tb/test_kmu_kmu.c
kmu_kmu_ct_C      := $(kmu_kmu_C)
