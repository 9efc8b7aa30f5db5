# kmu_preempt_ctrl harnesses: the small system (2 SMs of 4 TB entries, 8 kernel tags: the FPGA
# size) and the paper's (16 SMs of 32 entries, 64 tags): elig_i is a 512-bit vector there, a
# lane port of the harness (one 32-bit element per SM).
PREEMPT_CTRL_RTL := $(RTL_kmu_preempt_ctrl)
PREEMPT_CTRL_C   := $(call rtl2c,$(RTL_kmu_preempt_ctrl))
HARNESSES += kmu_preempt_ctrl kmu_preempt_ctrl_paper
kmu_preempt_ctrl_TOP          := kmu_preempt_ctrl
kmu_preempt_ctrl_RTL          := $(PREEMPT_CTRL_RTL)
kmu_preempt_ctrl_PARAMS       := NSM=2 TBS=4 CT=8
kmu_preempt_ctrl_TEST         := tb/test_kmu_preempt_ctrl.c
kmu_preempt_ctrl_C            := $(PREEMPT_CTRL_C)
kmu_preempt_ctrl_paper_TOP    := kmu_preempt_ctrl
kmu_preempt_ctrl_paper_RTL    := $(PREEMPT_CTRL_RTL)
kmu_preempt_ctrl_paper_PARAMS := NSM=16 TBS=32 CT=64
kmu_preempt_ctrl_paper_TEST   := tb/test_kmu_preempt_ctrl.c
kmu_preempt_ctrl_paper_C      := $(PREEMPT_CTRL_C)
