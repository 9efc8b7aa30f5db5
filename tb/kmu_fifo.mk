# kmu_fifo harnesses: a non-power-of-two depth and the skid-buffer depth the AXI slave uses.
HARNESSES += kmu_fifo kmu_fifo_d2
kmu_fifo_TOP    := kmu_fifo
kmu_fifo_RTL    := $(RTL_kmu_fifo)
kmu_fifo_PARAMS := WIDTH=36 DEPTH=5
kmu_fifo_TEST   := tb/test_kmu_fifo.c
kmu_fifo_C      := $(call rtl2c,$(RTL_kmu_fifo))
kmu_fifo_d2_TOP    := kmu_fifo
kmu_fifo_d2_RTL    := $(RTL_kmu_fifo)
kmu_fifo_d2_PARAMS := WIDTH=8 DEPTH=2
kmu_fifo_d2_TEST   := tb/test_kmu_fifo.c
kmu_fifo_d2_C      := $(call rtl2c,$(RTL_kmu_fifo))
