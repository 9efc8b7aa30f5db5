# kmu_gpu: the system top (front end, kernel management, dispatch, SM controllers, memory
# port), and the kmusim system simulator built around it for two configurations.
GPU_RTL   := $(FRONTEND_RTL) rtl/kmu/kmu_kmu.v rtl/kmu/kmu_dispatch.v rtl/kmu/kmu_sm_ctrl.v \
             rtl/kmu/kmu_mem_port.v rtl/kmu/kmu_gpu.v
GPU_C     := $(FRONTEND_C) cmodel/kmu_kmu.c cmodel/kmu_dispatch.c cmodel/kmu_sm_ctrl.c \
             cmodel/kmu_mem_port.c cmodel/kmu_gpu.c
GPU_SMALL := AW=16 ENTRIES=8 CNT_W=16 NSM=2 SLOTS=4 PEND=4 TBS=4 WARPS=8 REGS=4096 \
             SHMEM=16384 EWT=4
GPU_PAPER := AW=16 ENTRIES=32 CNT_W=32 NSM=16 SLOTS=32 PEND=32 TBS=32 WARPS=64 REGS=65536 \
             SHMEM=98304 EWT=4
KMUSIM_SIM_C := tb/kmusim/workload.c tb/kmusim/sim.c tb/kmusim/report.c tb/kmusim/sm_model.c \
                tb/kmusim/mem_model.c tb/kmusim/engine_fake.c tb/kmusim/engine_hw.c \
                tb/kmusim/engine_list_hw.c

TOOLS += kmusim_small kmusim_paper
kmusim_small_TOP    := kmu_gpu
kmusim_small_RTL    := $(GPU_RTL)
kmusim_small_PARAMS := $(GPU_SMALL)
kmusim_small_TEST   := tb/kmusim/kmusim.c
kmusim_small_C      := $(GPU_C) $(KMUSIM_SIM_C)
kmusim_small_CFLAGS := -Itb/kmusim
kmusim_paper_TOP    := kmu_gpu
kmusim_paper_RTL    := $(GPU_RTL)
kmusim_paper_PARAMS := $(GPU_PAPER)
kmusim_paper_TEST   := tb/kmusim/kmusim.c
kmusim_paper_C      := $(GPU_C) $(KMUSIM_SIM_C)
kmusim_paper_CFLAGS := -Itb/kmusim
MUTANTS += MUTANT_GPU_RTL_DONE_SLOT:kmusim_small:scripts/test_kmu_gpu_cosim.sh \
           MUTANT_GPU_C_DONE_SM:kmusim_small:scripts/test_kmu_gpu_cosim.sh
# make test: >= 1,000,000 cycles of random workloads in lockstep through kmusim --engine cosim
TEST_SCRIPTS += scripts/test_kmu_gpu_cosim.sh
TEST_DEPS    += $(HDIR)/kmusim_small/test_kmusim_small
# the system top is synthesized on request (about 9 minutes of Yosys for 40k cells):
#   make synth SYNTH_EXTRA=kmusim_small
