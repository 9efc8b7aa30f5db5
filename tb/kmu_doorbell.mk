# kmu_doorbell harnesses: the default table size and a non-power-of-two one.
HARNESSES += kmu_doorbell kmu_doorbell_e5
kmu_doorbell_TOP    := kmu_doorbell
kmu_doorbell_RTL    := $(RTL_kmu_doorbell)
kmu_doorbell_PARAMS := ENTRIES=8
kmu_doorbell_TEST   := tb/test_kmu_doorbell.c
kmu_doorbell_C      := $(call rtl2c,$(RTL_kmu_doorbell))
kmu_doorbell_e5_TOP    := kmu_doorbell
kmu_doorbell_e5_RTL    := $(RTL_kmu_doorbell)
kmu_doorbell_e5_PARAMS := ENTRIES=5
kmu_doorbell_e5_TEST   := tb/test_kmu_doorbell.c
kmu_doorbell_e5_C      := $(call rtl2c,$(RTL_kmu_doorbell))
