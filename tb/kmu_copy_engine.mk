# kmu_copy_engine harnesses: the small engine (2 priorities of 2 queued copies, 4-bit ids, copies
# below 4 KB, a 4-beat buffer: the FPGA size) and the paper's (8 priorities of 4, 8-bit ids,
# copies below 1 MB, 16 beats: RGEM's periodic task sets have up to 4 tasks, its chunk sizes
# reach 1 MB); and an odd one (3 priorities: the only size where a priority >= NPRIO fits the
# field, so the PRIO refusal is reached; a 3-beat buffer).
COPY_ENGINE_RTL := $(RTL_kmu_copy_engine)
COPY_ENGINE_C   := $(call rtl2c,$(RTL_kmu_copy_engine))
HARNESSES += kmu_copy_engine kmu_copy_engine_paper kmu_copy_engine_odd
kmu_copy_engine_TOP          := kmu_copy_engine
kmu_copy_engine_RTL          := $(COPY_ENGINE_RTL)
kmu_copy_engine_PARAMS       := NPRIO=2 QD=2 IDW=4 LENW=12 BUF=4
kmu_copy_engine_TEST         := tb/test_kmu_copy_engine.c
kmu_copy_engine_C            := $(COPY_ENGINE_C)
kmu_copy_engine_paper_TOP    := kmu_copy_engine
kmu_copy_engine_paper_RTL    := $(COPY_ENGINE_RTL)
kmu_copy_engine_paper_PARAMS := NPRIO=8 QD=4 IDW=8 LENW=20 BUF=16
kmu_copy_engine_paper_TEST   := tb/test_kmu_copy_engine.c
kmu_copy_engine_paper_C      := $(COPY_ENGINE_C)
kmu_copy_engine_odd_TOP      := kmu_copy_engine
kmu_copy_engine_odd_RTL      := $(COPY_ENGINE_RTL)
kmu_copy_engine_odd_PARAMS   := NPRIO=3 QD=2 IDW=4 LENW=12 BUF=3
kmu_copy_engine_odd_TEST     := tb/test_kmu_copy_engine.c
kmu_copy_engine_odd_C        := $(COPY_ENGINE_C)
