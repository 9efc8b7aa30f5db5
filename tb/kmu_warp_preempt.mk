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
# The EDGE study with the Verilated RTL in the loop (studies/edge/edge_study.c built with
# -DEDGE_RTL): kmu_warp_preempt (paper size) beside its C twin, driven by the behavioural SIMT
# pipeline with busy SMs and random event arrivals, every output compared every cycle.  A tool
# (its own main); scripts/test_study_edge.sh runs its reduced study in make test.
TOOLS += edge_study_rtl
edge_study_rtl_TOP    := kmu_warp_preempt
edge_study_rtl_RTL    := $(WARP_PREEMPT_RTL)
edge_study_rtl_PARAMS := WARPS=64
edge_study_rtl_TEST   := studies/edge/edge_study.c
edge_study_rtl_C      := sim/env/simt_model.c $(WARP_PREEMPT_C)
edge_study_rtl_CFLAGS := -DEDGE_RTL
TEST_DEPS += $(HDIR)/edge_study_rtl/test_edge_study_rtl
