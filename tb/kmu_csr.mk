# kmu_csr harnesses: the front end's default sizes (copy window for the small copy engine: 2
# priorities, 12-bit lengths, 4-bit tags), and a 4-bit-counter build whose counters
# saturate within a test (ENTRIES=40 and NSM=40 also cover EKT_VALID and SM_RESERVE truncated
# to the low 32 entries / SMs; its copy window: 3 priorities (a 2-bit field, so PRIO beyond it is
# reached), 31-bit lengths, 16-bit tags).
HARNESSES += kmu_csr kmu_csr_c4
kmu_csr_TOP    := kmu_csr
kmu_csr_RTL    := $(RTL_kmu_csr)
kmu_csr_PARAMS := AW=16 ENTRIES=8 CNT_W=16 NSM=2 CP_NPRIO=2 CP_LENW=12 CP_IDW=4
kmu_csr_TEST   := tb/test_kmu_csr.c
kmu_csr_C      := $(call rtl2c,$(RTL_kmu_csr))
kmu_csr_c4_TOP    := kmu_csr
kmu_csr_c4_RTL    := $(RTL_kmu_csr)
kmu_csr_c4_PARAMS := AW=16 ENTRIES=40 CNT_W=4 NSM=40 CP_NPRIO=3 CP_LENW=31 CP_IDW=16
kmu_csr_c4_TEST   := tb/test_kmu_csr.c
kmu_csr_c4_C      := $(call rtl2c,$(RTL_kmu_csr))
