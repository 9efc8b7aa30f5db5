# kmu_csr harnesses: the front end's default sizes, and a 4-bit-counter build whose counters
# saturate within a test (ENTRIES=40 and NSM=40 also cover EKT_VALID and SM_RESERVE truncated
# to the low 32 entries / SMs).
HARNESSES += kmu_csr kmu_csr_c4
kmu_csr_TOP    := kmu_csr
kmu_csr_RTL    := $(RTL_kmu_csr)
kmu_csr_PARAMS := AW=16 ENTRIES=8 CNT_W=16 NSM=2
kmu_csr_TEST   := tb/test_kmu_csr.c
kmu_csr_C      := $(call rtl2c,$(RTL_kmu_csr))
kmu_csr_c4_TOP    := kmu_csr
kmu_csr_c4_RTL    := $(RTL_kmu_csr)
kmu_csr_c4_PARAMS := AW=16 ENTRIES=40 CNT_W=4 NSM=40
kmu_csr_c4_TEST   := tb/test_kmu_csr.c
kmu_csr_c4_C      := $(call rtl2c,$(RTL_kmu_csr))
