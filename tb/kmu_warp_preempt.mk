# kmu_warp_preempt harnesses: the small SM (FPGA, 8 warp slots), the paper's SM (64 warp slots:
# every per-slot port is 64 bits, the harness limit), and an odd size (5 slots: slot numbers
# 5..63 on the 6-bit slot ports are out of range and get err_o).
WARP_PREEMPT_RTL := $(RTL_kmu_warp_preempt)
WARP_PREEMPT_C   := $(call rtl2c,$(RTL_kmu_warp_preempt))
HARNESSES += kmu_warp_preempt kmu_warp_preempt_paper kmu_warp_preempt_odd
kmu_warp_preempt_TOP          := kmu_warp_preempt
kmu_warp_preempt_RTL          := $(WARP_PREEMPT_RTL)
kmu_warp_preempt_PARAMS       := WARPS=8
kmu_warp_preempt_TEST         := tb/test_kmu_warp_preempt.c
kmu_warp_preempt_C            := $(WARP_PREEMPT_C)
kmu_warp_preempt_paper_TOP    := kmu_warp_preempt
kmu_warp_preempt_paper_RTL    := $(WARP_PREEMPT_RTL)
kmu_warp_preempt_paper_PARAMS := WARPS=64
kmu_warp_preempt_paper_TEST   := tb/test_kmu_warp_preempt.c
kmu_warp_preempt_paper_C      := $(WARP_PREEMPT_C)
kmu_warp_preempt_odd_TOP      := kmu_warp_preempt
kmu_warp_preempt_odd_RTL      := $(WARP_PREEMPT_RTL)
kmu_warp_preempt_odd_PARAMS   := WARPS=5
kmu_warp_preempt_odd_TEST     := tb/test_kmu_warp_preempt.c
kmu_warp_preempt_odd_C        := $(WARP_PREEMPT_C)
