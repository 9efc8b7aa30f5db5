# kmu_ctx_engine harnesses: the small SM (FPGA), the paper's SM (64 warps x 32 warp registers of
# 128 bytes, 32-byte beats: 4 beats per register, 96 KB shared memory) and an odd one (3 warps,
# 5 registers, 2 beats per register, DW = 20, 100 bytes of shared memory: partial last beat).
CTX_ENGINE_RTL := $(RTL_kmu_ctx_engine)
CTX_ENGINE_C   := $(call rtl2c,$(RTL_kmu_ctx_engine))
HARNESSES += kmu_ctx_engine kmu_ctx_engine_paper kmu_ctx_engine_odd
kmu_ctx_engine_TOP    := kmu_ctx_engine
kmu_ctx_engine_RTL    := $(CTX_ENGINE_RTL)
kmu_ctx_engine_PARAMS := WARPS=8 RPW=16 DW=32 REG_BYTES=4 BEAT_BYTES=4 SHMEM=16384
kmu_ctx_engine_TEST   := tb/test_kmu_ctx_engine.c
kmu_ctx_engine_C      := $(CTX_ENGINE_C)
kmu_ctx_engine_paper_TOP    := kmu_ctx_engine
kmu_ctx_engine_paper_RTL    := $(CTX_ENGINE_RTL)
kmu_ctx_engine_paper_PARAMS := WARPS=64 RPW=32 DW=32 REG_BYTES=128 BEAT_BYTES=32 SHMEM=98304
kmu_ctx_engine_paper_TEST   := tb/test_kmu_ctx_engine.c
kmu_ctx_engine_paper_C      := $(CTX_ENGINE_C)
kmu_ctx_engine_odd_TOP    := kmu_ctx_engine
kmu_ctx_engine_odd_RTL    := $(CTX_ENGINE_RTL)
kmu_ctx_engine_odd_PARAMS := WARPS=3 RPW=5 DW=20 REG_BYTES=8 BEAT_BYTES=4 SHMEM=100
kmu_ctx_engine_odd_TEST   := tb/test_kmu_ctx_engine.c
kmu_ctx_engine_odd_C      := $(CTX_ENGINE_C)
