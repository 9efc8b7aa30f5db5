# kmu_sm_ctrl harnesses: the small SM (FPGA), the paper's SM (TBS=32, WARPS=64, 64K registers,
# 96 KB shared memory), and an odd one (non-power-of-two TBS: entries >= TBS; a 1-entry EWT).
SM_CTRL_RTL := $(RTL_kmu_sm_ctrl)
SM_CTRL_C   := $(call rtl2c,$(RTL_kmu_sm_ctrl))
HARNESSES += kmu_sm_ctrl kmu_sm_ctrl_paper kmu_sm_ctrl_odd
kmu_sm_ctrl_TOP    := kmu_sm_ctrl
kmu_sm_ctrl_RTL    := $(SM_CTRL_RTL)
kmu_sm_ctrl_PARAMS := TBS=4 WARPS=8 REGS=4096 SHMEM=16384 EWT=4 PTBS=3 AREA_BYTES=32768 IPB=256 \
                      REG_BYTES=4 RPW=16
kmu_sm_ctrl_TEST   := tb/test_kmu_sm_ctrl.c
kmu_sm_ctrl_C      := $(SM_CTRL_C)
kmu_sm_ctrl_paper_TOP    := kmu_sm_ctrl
kmu_sm_ctrl_paper_RTL    := $(SM_CTRL_RTL)
kmu_sm_ctrl_paper_PARAMS := TBS=32 WARPS=64 REGS=65536 SHMEM=98304 EWT=4 PTBS=32 \
                            AREA_BYTES=524288 IPB=65536 REG_BYTES=128 RPW=32
kmu_sm_ctrl_paper_TEST   := tb/test_kmu_sm_ctrl.c
kmu_sm_ctrl_paper_C      := $(SM_CTRL_C)
kmu_sm_ctrl_odd_TOP    := kmu_sm_ctrl
kmu_sm_ctrl_odd_RTL    := $(SM_CTRL_RTL)
kmu_sm_ctrl_odd_PARAMS := TBS=3 WARPS=5 REGS=1000 SHMEM=3000 EWT=1 PTBS=1 AREA_BYTES=4096 \
                          IPB=0 REG_BYTES=4 RPW=63
kmu_sm_ctrl_odd_TEST   := tb/test_kmu_sm_ctrl.c
kmu_sm_ctrl_odd_C      := $(SM_CTRL_C)
