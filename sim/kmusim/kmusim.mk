# sim/kmusim/kmusim.mk - kmusim, the system simulator (docs/kmusim.md): a product, not a test.
# Built around the system top kmu_gpu (C twin and Verilated RTL) for two hardware
# configurations; scripts/kmusim picks the one that matches a workload's configuration.
#   build/bin/kmusim-small, build/bin/kmusim-paper   engines c, rtl, cosim (and fake)
#   make kmusim-fake   build/bin/kmusim-fake: only the fake test-double engine (tests kmusim
#                      itself, and tells scripts/kmusim which build a workload needs; its
#                      numbers are never results)
#   make kmusim-smoke  build it and run scripts/kmusim_smoke.sh
#   build/bin/kmusim-paper-c   the paper configuration's C model only (engines c and fake, no
#                      Verilated RTL: a minute of gcc instead of about 35 of Verilator and
#                      C++); the studies that run engine c only (make study-trem, study-gpupio)
#                      use it.  It refuses --engine rtl and cosim ("engine 'rtl' is not built
#                      into this binary (available: c fake)"); scripts/kmusim keeps the full build.
BINDIR        := $(BUILD)/bin
KMUSIM_C      := sim/kmusim/workload.c sim/kmusim/sim.c sim/kmusim/report.c \
                 sim/kmusim/engine_fake.c sim/env/sm_model.c sim/env/mem_model.c \
                 sim/env/host_link.c sim/env/io_dev.c \
                 sim/env/kmu_axil_master.c
GPU_C         := $(call rtl2c,$(RTL_kmu_gpu))
GPU_SMALL     := AW=16 ENTRIES=8 CNT_W=16 NSM=2 SLOTS=4 PEND=4 CT=8 TBS=4 WARPS=8 REGS=4096 \
                 SHMEM=16384 EWT=4 PTBS=4 AREA_BYTES=32768 IPB=256 RPW=16 REG_BYTES=4 \
                 BEAT_BYTES=4 EMA_SH=3 CP_NPRIO=4 CP_QD=2 CP_IDW=4 CP_LENW=20 CP_BUF=4
# kmusim's preset "fpga" (sim/kmusim/workload.c) for the ECP5-85F: 8 SMs of the small
# configuration's size (4 TBs, 8 warps, 4,096 registers: the per-SM blocks are x8 on the board,
# docs/fpga.md "The fpga configuration's SM"), a larger front end and KMU; the sizes it does not
# name the small ones; fpga/boards/ulx3s/kmu_ulx3s_top.v's parameter defaults are exactly these
# (keep them equal); PEP_TW=16 is the board's alone (the predictor's 16-bit times: pepboard)
GPU_FPGA      := AW=16 ENTRIES=32 CNT_W=16 NSM=8 SLOTS=8 PEND=8 CT=16 TBS=4 WARPS=8 REGS=4096 \
                 SHMEM=16384 EWT=4 PTBS=4 AREA_BYTES=32768 IPB=256 RPW=16 REG_BYTES=4 \
                 BEAT_BYTES=4 EMA_SH=3 CP_NPRIO=4 CP_QD=2 CP_IDW=4 CP_LENW=20 CP_BUF=4 PEP_TW=16
GPU_PAPER     := AW=16 ENTRIES=32 CNT_W=32 NSM=16 SLOTS=32 PEND=32 CT=64 TBS=32 WARPS=64 \
                 REGS=65536 SHMEM=98304 EWT=4 PTBS=32 AREA_BYTES=524288 IPB=65536 RPW=32 \
                 REG_BYTES=128 BEAT_BYTES=32 EMA_SH=3 CP_NPRIO=8 CP_QD=4 CP_IDW=8 CP_LENW=24 \
                 CP_BUF=16

# The two hardware builds: tools (a Verilated top, the C twins and a C main) built like the
# harnesses, installed as build/bin/kmusim-<config> (a mutant build keeps its harness path).
TOOLS += kmusim_small kmusim_paper kmusim_paper_fst
kmusim_small_TOP    := kmu_gpu
kmusim_small_RTL    := $(RTL_kmu_gpu)
kmusim_small_PARAMS := $(GPU_SMALL)
kmusim_small_TEST   := sim/kmusim/kmusim.c
kmusim_small_C      := $(GPU_C) $(KMUSIM_C) sim/kmusim/engine_hw.c sim/kmusim/engine_list_hw.c
kmusim_small_BIN    := $(BINDIR)/kmusim-small
kmusim_paper_TOP    := kmu_gpu
kmusim_paper_RTL    := $(RTL_kmu_gpu)
kmusim_paper_PARAMS := $(GPU_PAPER)
kmusim_paper_TEST   := sim/kmusim/kmusim.c
kmusim_paper_C      := $(kmusim_small_C)
kmusim_paper_BIN    := $(BINDIR)/kmusim-paper
# the same build with --trace-fst, for a waveform of a paper run (--fst): built on demand (make
# kmusim-paper-fst; test_kmu_gpu_cosim.sh builds it when a paper lockstep run fails), not by make test
kmusim_paper_fst_TOP    := kmu_gpu
kmusim_paper_fst_RTL    := $(RTL_kmu_gpu)
kmusim_paper_fst_PARAMS := $(GPU_PAPER)
kmusim_paper_fst_TEST   := sim/kmusim/kmusim.c
kmusim_paper_fst_C      := $(kmusim_small_C)
kmusim_paper_fst_BIN    := $(BINDIR)/kmusim-paper-fst
kmusim_paper_fst_VFLAGS  = $(kmusim_paper_VFLAGS)
ON_DEMAND_TOOLS += kmusim_paper_fst
# Sixteen paper-size kmu_sm: without inlining their code is generated once per module, not per
# instance (about half the C++), and a mutant of the top reuses the modules' objects (ccache);
# two compile jobs.  The small build is the lockstep speed bench's (make bench): inlined and
# compiled at -O2 its RTL runs about 1.26x faster than at -fno-inline -O1 (246k against 195k
# cycles/s of CPU on speed_small.wl), for a longer compile.
kmusim_small_VFLAGS := $(if $(MUT),,-MAKEFLAGS "OPT_FAST=-O2 OPT_GLOBAL=-O2")
# A mutant build of the small top (make mutants: the kmu_gpu mutants' small cosim runs) is built
# like the paper top instead, -fno-inline -fno-gate at -O1: each module's code once, so after the
# first mutant ccache serves every module a patch does not touch (inlined at -O2 every small
# mutant compiled the whole top again).  Its runs stop at their first mismatch.
kmusim_small_VFLAGS += $(if $(MUT),-fno-inline -fno-gate)
kmusim_paper_VFLAGS := -fno-inline --build-jobs 2
# -fno-gate: without it Verilator substitutes the wires between the SMs' blocks into each
# instance's code, so the sixteen kmu_sm were sixteen copies of C++ (143 MB with trace, about
# 650 s of compile CPU, the largest single item of CI's make test); with it each module's code is
# generated once (36 MB without trace).  Without trace (_NOTRACE) a mutant build of the paper top
# (make mutants: mutant builds are never traced) Verilates to the same files as this one except
# the patched module's, so ccache serves the rest: before, each paper mutant compiled 95-300 s.
# The paper RTL runs in lockstep in make bench (speed_paper.wl) and in the kmu_gpu mutants' paper
# cosim runs; a waveform of the paper top comes from kmusim_paper_fst (below), which
# scripts/test_kmu_gpu_cosim.sh builds and re-runs when a paper lockstep run fails
# (docs/verification.md, CI time).  (-O0, tried for the mutant builds: two mutants killed late in
# their run took 830 and 1,000+ s of run CPU; not worth it.)
kmusim_paper_VFLAGS += -fno-gate
kmusim_paper_NOTRACE := 1
# both: the SMs' register memories public, for the shim to zero them after the random power-up
# (tb/shim/kmu_gpu_shim.cpp says why)
kmusim_small_VFLAGS += tb/shim/kmu_gpu.vlt
kmusim_paper_VFLAGS += tb/shim/kmu_gpu.vlt
$(call bin_of,kmusim_small) $(call bin_of,kmusim_paper) $(call bin_of,kmusim_paper_fst): tb/shim/kmu_gpu.vlt
# the system top is synthesized on request (about 9 minutes of Yosys for 40k cells):
#   make synth SYNTH_EXTRA=kmusim_small

KMUSIM_FAKE   := $(BINDIR)/kmusim-fake
KMUSIM_HDRS   := $(wildcard $(addsuffix /*.h,$(CMODEL_INC_DIRS) tb/common $(SIM_INC_DIRS)))
# the C-only paper build: the same C sources and flags as kmusim-paper's C objects (CFLAGS_C,
# -DP_ of GPU_PAPER), so its engine c gives the same cycles; the engine list without the RTL
KMUSIM_PAPER_C := $(BINDIR)/kmusim-paper-c

.PHONY: kmusim kmusim-paper-fst kmusim-fake kmusim-smoke
kmusim: $(kmusim_small_BIN) $(kmusim_paper_BIN) $(KMUSIM_FAKE)
kmusim-paper-fst: $(kmusim_paper_fst_BIN)
kmusim-fake: $(KMUSIM_FAKE)

$(KMUSIM_FAKE): sim/kmusim/kmusim.c $(KMUSIM_C) sim/kmusim/engine_list_fake.c $(TB_COMMON_C) \
                $(KMUSIM_HDRS) sim/kmusim/kmusim.mk
	@mkdir -p $(@D)
	@echo "  CC    $@"
	@$(CC) $(CFLAGS_C) $(filter %.c,$^) -o $@

$(KMUSIM_PAPER_C): sim/kmusim/kmusim.c $(KMUSIM_C) sim/kmusim/engine_hw.c \
                   sim/kmusim/engine_list_c.c $(GPU_C) $(TB_COMMON_C) $(KMUSIM_HDRS) \
                   sim/kmusim/kmusim.mk
	@mkdir -p $(@D)
	@echo "  CC    $@"
	@$(CC) $(CFLAGS_C) $(addprefix -DP_,$(GPU_PAPER)) $(filter %.c,$^) -o $@

kmusim-smoke: $(KMUSIM_FAKE)
	@bash scripts/kmusim_smoke.sh $(KMUSIM_FAKE)

# make test: kmusim itself (workloads, error answers, planted fake-engine bugs) on the fake build
TEST_SCRIPTS += scripts/kmusim_smoke.sh
TEST_DEPS    += $(KMUSIM_FAKE)

# make test: GPUpIO's I/O thread blocks (issue 13 step 3) on the hardware engines c and cosim
# (workloads/hw/io_*.wl, metric checks, a planted device bug; about 10 s)
TEST_SCRIPTS += scripts/test_kmusim_io.sh
TEST_DEPS    += $(call bin_of,kmusim_small) $(call bin_of,kmusim_paper)
