# kmu_prio_enc harnesses: the one-bit corner, a non-power-of-two width and the EKT's width.
HARNESSES += kmu_prio_enc_n1 kmu_prio_enc_n5 kmu_prio_enc
kmu_prio_enc_n1_TOP    := kmu_prio_enc
kmu_prio_enc_n1_RTL    := $(RTL_kmu_prio_enc)
kmu_prio_enc_n1_PARAMS := N=1
kmu_prio_enc_n1_TEST   := tb/test_kmu_prio_enc.c
kmu_prio_enc_n1_C      := $(call rtl2c,$(RTL_kmu_prio_enc))
kmu_prio_enc_n5_TOP    := kmu_prio_enc
kmu_prio_enc_n5_RTL    := $(RTL_kmu_prio_enc)
kmu_prio_enc_n5_PARAMS := N=5
kmu_prio_enc_n5_TEST   := tb/test_kmu_prio_enc.c
kmu_prio_enc_n5_C      := $(call rtl2c,$(RTL_kmu_prio_enc))
kmu_prio_enc_TOP    := kmu_prio_enc
kmu_prio_enc_RTL    := $(RTL_kmu_prio_enc)
kmu_prio_enc_PARAMS := N=8
kmu_prio_enc_TEST   := tb/test_kmu_prio_enc.c
kmu_prio_enc_C      := $(call rtl2c,$(RTL_kmu_prio_enc))
