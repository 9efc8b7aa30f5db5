# kmu_sm harnesses: one SM's control hardware (kmu_sm_ctrl, kmu_ctx_engine, kmu_dirty_rf,
# kmu_pep_predictor, kmu_warp_preempt wired once).  The small SM (FPGA: a preempted table
# smaller than TBS, a 256-byte on-chip store, one beat per register) and the paper's SM
# (GTX980: 32 TBs, 64 warp slots x 32 registers, 128-byte registers in 32-byte beats).
SM_RTL := $(RTL_kmu_sm)
SM_C   := $(call rtl2c,$(RTL_kmu_sm))
HARNESSES += kmu_sm kmu_sm_paper
kmu_sm_TOP    := kmu_sm
kmu_sm_RTL    := $(SM_RTL)
kmu_sm_PARAMS := TBS=4 WARPS=8 REGS=4096 SHMEM=16384 EWT=4 PTBS=3 AREA_BYTES=32768 IPB=256 \
                 RPW=16 DW=32 REG_BYTES=4 BEAT_BYTES=4 KSLOTS=8 EMA_SH=3
kmu_sm_TEST   := tb/test_kmu_sm.c
kmu_sm_C      := $(SM_C)
kmu_sm_paper_TOP    := kmu_sm
kmu_sm_paper_RTL    := $(SM_RTL)
kmu_sm_paper_PARAMS := TBS=32 WARPS=64 REGS=65536 SHMEM=98304 EWT=4 PTBS=32 AREA_BYTES=524288 \
                       IPB=65536 RPW=32 DW=32 REG_BYTES=128 BEAT_BYTES=32 KSLOTS=32 EMA_SH=3
kmu_sm_paper_TEST   := tb/test_kmu_sm.c
kmu_sm_paper_C      := $(SM_C)
# The EDGE study with the Verilated RTL in the loop (studies/edge/edge_study.c built with
# -DEDGE_RTL): the whole kmu_sm at paper size (the study's SM) beside its C twin, driven by the
# behavioural SIMT pipeline with busy SMs and random event arrivals, every output compared every
# cycle.  A tool (its own main); scripts/test_study_edge.sh runs its reduced study in make test.
# The Verilated model is compiled at -O2 instead of the harnesses' -O1: about 1.8x faster in the
# loop (the reduced study's 1.7 M cycles), for about 50 s of compilation once (ccache after).
TOOLS += edge_study_rtl
edge_study_rtl_TOP    := kmu_sm
edge_study_rtl_RTL    := $(SM_RTL)
edge_study_rtl_PARAMS := $(kmu_sm_paper_PARAMS)
edge_study_rtl_VFLAGS := -MAKEFLAGS "OPT_FAST=-O2 OPT_GLOBAL=-O2"
edge_study_rtl_TEST   := studies/edge/edge_study.c
edge_study_rtl_C      := sim/env/simt_model.c $(SM_C)
edge_study_rtl_CFLAGS := -DEDGE_RTL
TEST_DEPS += $(HDIR)/edge_study_rtl/test_edge_study_rtl
