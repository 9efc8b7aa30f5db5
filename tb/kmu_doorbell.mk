# kmu_doorbell harnesses: the default table size with a 3-bit pending count (fills quickly), a
# non-power-of-two one with a 2-bit count, and the paper size (32 entries, 8-bit counts).
HARNESSES += kmu_doorbell kmu_doorbell_e5 kmu_doorbell_paper
kmu_doorbell_TOP    := kmu_doorbell
kmu_doorbell_RTL    := $(RTL_kmu_doorbell)
kmu_doorbell_PARAMS := ENTRIES=8 PEND_W=3
kmu_doorbell_TEST   := tb/test_kmu_doorbell.c
kmu_doorbell_C      := $(call rtl2c,$(RTL_kmu_doorbell))
kmu_doorbell_e5_TOP    := kmu_doorbell
kmu_doorbell_e5_RTL    := $(RTL_kmu_doorbell)
kmu_doorbell_e5_PARAMS := ENTRIES=5 PEND_W=2
kmu_doorbell_e5_TEST   := tb/test_kmu_doorbell.c
kmu_doorbell_e5_C      := $(call rtl2c,$(RTL_kmu_doorbell))
kmu_doorbell_paper_TOP    := kmu_doorbell
kmu_doorbell_paper_RTL    := $(RTL_kmu_doorbell)
kmu_doorbell_paper_PARAMS := ENTRIES=32 PEND_W=8
kmu_doorbell_paper_TEST   := tb/test_kmu_doorbell.c
kmu_doorbell_paper_C      := $(call rtl2c,$(RTL_kmu_doorbell))
