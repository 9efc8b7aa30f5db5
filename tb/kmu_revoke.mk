# kmu_revoke harnesses: the small system (2 SMs, 8 kernel tags: the FPGA size) and the paper's
# (16 SMs, 64 kernel tags).  Launch ids 16 bits, revocation counters 4 bits, time 32 bits.
REVOKE_RTL := $(RTL_kmu_revoke)
REVOKE_C   := $(call rtl2c,$(RTL_kmu_revoke))
HARNESSES += kmu_revoke kmu_revoke_paper
kmu_revoke_TOP          := kmu_revoke
kmu_revoke_RTL          := $(REVOKE_RTL)
kmu_revoke_PARAMS       := NSM=2 CT=8 LID_W=16 CNT_W=4 TS_W=32
kmu_revoke_TEST         := tb/test_kmu_revoke.c
kmu_revoke_C            := $(REVOKE_C)
kmu_revoke_paper_TOP    := kmu_revoke
kmu_revoke_paper_RTL    := $(REVOKE_RTL)
kmu_revoke_paper_PARAMS := NSM=16 CT=64 LID_W=16 CNT_W=4 TS_W=32
kmu_revoke_paper_TEST   := tb/test_kmu_revoke.c
kmu_revoke_paper_C      := $(REVOKE_C)
