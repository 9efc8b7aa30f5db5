# kmu_prio_arb harnesses: the one-requester corner, a non-power-of-two width, eight requesters.
HARNESSES += kmu_prio_arb_n1 kmu_prio_arb_n5 kmu_prio_arb
kmu_prio_arb_n1_TOP    := kmu_prio_arb
kmu_prio_arb_n1_RTL    := $(RTL_kmu_prio_arb)
kmu_prio_arb_n1_PARAMS := N=1
kmu_prio_arb_n1_TEST   := tb/test_kmu_prio_arb.c
kmu_prio_arb_n1_C      := $(call rtl2c,$(RTL_kmu_prio_arb))
kmu_prio_arb_n5_TOP    := kmu_prio_arb
kmu_prio_arb_n5_RTL    := $(RTL_kmu_prio_arb)
kmu_prio_arb_n5_PARAMS := N=5
kmu_prio_arb_n5_TEST   := tb/test_kmu_prio_arb.c
kmu_prio_arb_n5_C      := $(call rtl2c,$(RTL_kmu_prio_arb))
kmu_prio_arb_TOP    := kmu_prio_arb
kmu_prio_arb_RTL    := $(RTL_kmu_prio_arb)
kmu_prio_arb_PARAMS := N=8
kmu_prio_arb_TEST   := tb/test_kmu_prio_arb.c
kmu_prio_arb_C      := $(call rtl2c,$(RTL_kmu_prio_arb))
