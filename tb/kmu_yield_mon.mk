# kmu_yield_mon harnesses: the small system (2 SMs, an 8-entry watch table, 4 preempted-table
# entries per SM) and the paper's (16 SMs, 16 entries, 32 preempted-table entries: one per
# resident TB entry); the yq_* lanes are 512-bit vectors there.
YIELD_MON_RTL := $(RTL_kmu_yield_mon)
YIELD_MON_C   := $(call rtl2c,$(RTL_kmu_yield_mon))
HARNESSES += kmu_yield_mon kmu_yield_mon_paper
kmu_yield_mon_TOP           := kmu_yield_mon
kmu_yield_mon_RTL           := $(YIELD_MON_RTL)
kmu_yield_mon_PARAMS        := NSM=2 W=8 PTBS=4 CNT_W=16
kmu_yield_mon_TEST          := tb/test_kmu_yield_mon.c
kmu_yield_mon_C             := $(YIELD_MON_C)
kmu_yield_mon_paper_TOP     := kmu_yield_mon
kmu_yield_mon_paper_RTL     := $(YIELD_MON_RTL)
kmu_yield_mon_paper_PARAMS  := NSM=16 W=16 PTBS=32 CNT_W=16
kmu_yield_mon_paper_TEST    := tb/test_kmu_yield_mon.c
kmu_yield_mon_paper_C       := $(YIELD_MON_C)
