# kmu_trem_policy harnesses: the small system (2 SMs) and the paper's (16 SMs); launch ids 16 bits.
TREM_POLICY_RTL := $(RTL_kmu_trem_policy)
TREM_POLICY_C   := $(call rtl2c,$(RTL_kmu_trem_policy))
HARNESSES += kmu_trem_policy kmu_trem_policy_paper
kmu_trem_policy_TOP          := kmu_trem_policy
kmu_trem_policy_RTL          := $(TREM_POLICY_RTL)
kmu_trem_policy_PARAMS       := NSM=2 LID_W=16
kmu_trem_policy_TEST         := tb/test_kmu_trem_policy.c
kmu_trem_policy_C            := $(TREM_POLICY_C)
kmu_trem_policy_paper_TOP    := kmu_trem_policy
kmu_trem_policy_paper_RTL    := $(TREM_POLICY_RTL)
kmu_trem_policy_paper_PARAMS := NSM=16 LID_W=16
kmu_trem_policy_paper_TEST   := tb/test_kmu_trem_policy.c
kmu_trem_policy_paper_C      := $(TREM_POLICY_C)
