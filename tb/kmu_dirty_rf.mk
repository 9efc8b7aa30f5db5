# kmu_dirty_rf harnesses: the small SM (FPGA: 8 warp slots x 16 warp registers), the paper's SM
# (GTX980: 64 x 32 warp registers = 64K registers) and an odd one (3 x 5: warp and register
# numbers >= the sizes, a non-power-of-two memory).
DIRTY_RF_RTL := $(RTL_kmu_dirty_rf)
DIRTY_RF_C   := $(call rtl2c,$(RTL_kmu_dirty_rf))
HARNESSES += kmu_dirty_rf kmu_dirty_rf_paper kmu_dirty_rf_odd
kmu_dirty_rf_TOP          := kmu_dirty_rf
kmu_dirty_rf_RTL          := $(DIRTY_RF_RTL)
kmu_dirty_rf_PARAMS       := WARPS=8 RPW=16 DW=32
kmu_dirty_rf_TEST         := tb/test_kmu_dirty_rf.c
kmu_dirty_rf_C            := $(DIRTY_RF_C)
kmu_dirty_rf_paper_TOP    := kmu_dirty_rf
kmu_dirty_rf_paper_RTL    := $(DIRTY_RF_RTL)
kmu_dirty_rf_paper_PARAMS := WARPS=64 RPW=32 DW=32
kmu_dirty_rf_paper_TEST   := tb/test_kmu_dirty_rf.c
kmu_dirty_rf_paper_C      := $(DIRTY_RF_C)
kmu_dirty_rf_odd_TOP      := kmu_dirty_rf
kmu_dirty_rf_odd_RTL      := $(DIRTY_RF_RTL)
kmu_dirty_rf_odd_PARAMS   := WARPS=3 RPW=5 DW=32
kmu_dirty_rf_odd_TEST     := tb/test_kmu_dirty_rf.c
kmu_dirty_rf_odd_C        := $(DIRTY_RF_C)
