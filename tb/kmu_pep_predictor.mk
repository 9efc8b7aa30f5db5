# kmu_pep_predictor harnesses: the small SM (FPGA), the paper's SM (TBS=32, KSLOTS=32), and an
# odd one (non-power-of-two TBS and KSLOTS: out-of-range entry and slot indices are reachable),
# all with 32-bit times and counts; the ULX3S board's (TBS=4, KSLOTS=16, times and counts in
# TW=16 bits, as fpga/boards/ulx3s passes PEP_TW).
PEP_PREDICTOR_RTL := $(RTL_kmu_pep_predictor)
PEP_PREDICTOR_C   := $(call rtl2c,$(RTL_kmu_pep_predictor))
HARNESSES += kmu_pep_predictor kmu_pep_predictor_paper kmu_pep_predictor_odd kmu_pep_predictor_board
kmu_pep_predictor_TOP          := kmu_pep_predictor
kmu_pep_predictor_RTL          := $(PEP_PREDICTOR_RTL)
kmu_pep_predictor_PARAMS       := TBS=4 KSLOTS=8 EMA_SH=3 TW=32
kmu_pep_predictor_TEST         := tb/test_kmu_pep_predictor.c
kmu_pep_predictor_C            := $(PEP_PREDICTOR_C)
kmu_pep_predictor_paper_TOP    := kmu_pep_predictor
kmu_pep_predictor_paper_RTL    := $(PEP_PREDICTOR_RTL)
kmu_pep_predictor_paper_PARAMS := TBS=32 KSLOTS=32 EMA_SH=3 TW=32
kmu_pep_predictor_paper_TEST   := tb/test_kmu_pep_predictor.c
kmu_pep_predictor_paper_C      := $(PEP_PREDICTOR_C)
kmu_pep_predictor_odd_TOP      := kmu_pep_predictor
kmu_pep_predictor_odd_RTL      := $(PEP_PREDICTOR_RTL)
kmu_pep_predictor_odd_PARAMS   := TBS=3 KSLOTS=5 EMA_SH=3 TW=32
kmu_pep_predictor_odd_TEST     := tb/test_kmu_pep_predictor.c
kmu_pep_predictor_odd_C        := $(PEP_PREDICTOR_C)
kmu_pep_predictor_board_TOP    := kmu_pep_predictor
kmu_pep_predictor_board_RTL    := $(PEP_PREDICTOR_RTL)
kmu_pep_predictor_board_PARAMS := TBS=4 KSLOTS=16 EMA_SH=3 TW=16
kmu_pep_predictor_board_TEST   := tb/test_kmu_pep_predictor.c
kmu_pep_predictor_board_C      := $(PEP_PREDICTOR_C)
