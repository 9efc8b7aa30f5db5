# kmu_ekt harnesses: the small table, the paper's 32 entries, and a non-power-of-two size
# (ids >= ENTRIES must read as unregistered).
HARNESSES += kmu_ekt kmu_ekt_e32 kmu_ekt_e5
kmu_ekt_TOP    := kmu_ekt
kmu_ekt_RTL    := $(RTL_kmu_ekt)
kmu_ekt_PARAMS := ENTRIES=8
kmu_ekt_TEST   := tb/test_kmu_ekt.c
kmu_ekt_C      := $(call rtl2c,$(RTL_kmu_ekt))
kmu_ekt_e32_TOP    := kmu_ekt
kmu_ekt_e32_RTL    := $(RTL_kmu_ekt)
kmu_ekt_e32_PARAMS := ENTRIES=32
kmu_ekt_e32_TEST   := tb/test_kmu_ekt.c
kmu_ekt_e32_C      := $(call rtl2c,$(RTL_kmu_ekt))
kmu_ekt_e5_TOP    := kmu_ekt
kmu_ekt_e5_RTL    := $(RTL_kmu_ekt)
kmu_ekt_e5_PARAMS := ENTRIES=5
kmu_ekt_e5_TEST   := tb/test_kmu_ekt.c
kmu_ekt_e5_C      := $(call rtl2c,$(RTL_kmu_ekt))
