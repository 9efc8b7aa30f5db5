# kmu_rr_arb harnesses: the default N=4, non-powers of two (3, 5) and the degenerate N=1.
HARNESSES += kmu_rr_arb kmu_rr_arb_n3 kmu_rr_arb_n5 kmu_rr_arb_n1
kmu_rr_arb_TOP       := kmu_rr_arb
kmu_rr_arb_RTL       := $(RTL_kmu_rr_arb)
kmu_rr_arb_PARAMS    := N=4
kmu_rr_arb_TEST      := tb/test_kmu_rr_arb.c
kmu_rr_arb_C         := $(call rtl2c,$(RTL_kmu_rr_arb))
kmu_rr_arb_n3_TOP    := kmu_rr_arb
kmu_rr_arb_n3_RTL    := $(RTL_kmu_rr_arb)
kmu_rr_arb_n3_PARAMS := N=3
kmu_rr_arb_n3_TEST   := tb/test_kmu_rr_arb.c
kmu_rr_arb_n3_C      := $(call rtl2c,$(RTL_kmu_rr_arb))
kmu_rr_arb_n5_TOP    := kmu_rr_arb
kmu_rr_arb_n5_RTL    := $(RTL_kmu_rr_arb)
kmu_rr_arb_n5_PARAMS := N=5
kmu_rr_arb_n5_TEST   := tb/test_kmu_rr_arb.c
kmu_rr_arb_n5_C      := $(call rtl2c,$(RTL_kmu_rr_arb))
kmu_rr_arb_n1_TOP    := kmu_rr_arb
kmu_rr_arb_n1_RTL    := $(RTL_kmu_rr_arb)
kmu_rr_arb_n1_PARAMS := N=1
kmu_rr_arb_n1_TEST   := tb/test_kmu_rr_arb.c
kmu_rr_arb_n1_C      := $(call rtl2c,$(RTL_kmu_rr_arb))
