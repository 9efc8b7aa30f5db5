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

# System level: TReM's automatic policies on the system C model (small configuration), driven
# through the register map with fuzz_gpu_mmio.c's environment: tb/test_kmu_gpu_trem.c, run by
# scripts/test_kmu_gpu_trem.sh in make test (seconds).
$(BUILD)/trem/test_kmu_gpu_trem: tb/test_kmu_gpu_trem.c tb/fuzz/fuzz_gpu_mmio.c tb/kmu_gpu_check.h \
                                 $(GPU_C) sim/env/kmu_axil_master.c $(TB_COMMON_C) tb/kmu_trem_policy.mk
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_C) $(addprefix -DP_,$(GPU_SMALL)) $(filter-out tb/fuzz/%,$(filter %.c,$^)) -o $@
TEST_SCRIPTS += scripts/test_kmu_gpu_trem.sh
