# rtl/files.mk - the one RTL file list.  The Makefile (harnesses, tools, mutants), make lint,
# make synth, the FuseSoC core (openkmu.core, generated from this file by `make core`) and the
# studies all read it; nothing else names an RTL file.
#
#   RTL_<block>     the block's file and the files of every block it instantiates
#   RTL_ALL         every RTL file
#   RTL_INC_DIRS    include directories (generated headers)
#   rtl2c           the C twins of a list of RTL files: cmodel/ mirrors rtl/ file for file
#   CMODEL_INC_DIRS / SIM_INC_DIRS  the C include directories of the twins and of sim/ (and of
#                   the host tools' libraries, tools/kmuctl: their tests are in tb/)
RTL_INC_DIRS := rtl/include
RTL_INCLUDES := rtl/include/kmu_regmap.vh

# common/: cells shared by the blocks
RTL_kmu_fifo          := rtl/common/kmu_fifo.v
RTL_kmu_prio_enc      := rtl/common/kmu_prio_enc.v
RTL_kmu_rr_arb        := $(RTL_kmu_prio_enc) rtl/common/kmu_rr_arb.v
RTL_kmu_prio_arb      := $(RTL_kmu_prio_enc) rtl/common/kmu_prio_arb.v

# frontend/: EDGE III-A..E (AXI4-Lite, CSRs, doorbells, event kernel table)
RTL_kmu_axil_slave    := $(RTL_kmu_fifo) $(RTL_kmu_rr_arb) rtl/frontend/kmu_axil_slave.v
RTL_kmu_csr           := rtl/frontend/kmu_csr.v
RTL_kmu_doorbell      := $(RTL_kmu_rr_arb) rtl/frontend/kmu_doorbell.v
RTL_kmu_ekt           := $(RTL_kmu_prio_enc) rtl/frontend/kmu_ekt.v
RTL_kmu_frontend      := $(sort $(RTL_kmu_axil_slave) $(RTL_kmu_csr) $(RTL_kmu_doorbell) \
                           $(RTL_kmu_ekt) rtl/frontend/kmu_frontend.v)

# sched/: kernel management, TB dispatch, the memory port, the copy engine (RGEM 3.1)
RTL_kmu_kmu           := $(sort $(RTL_kmu_fifo) $(RTL_kmu_rr_arb) $(RTL_kmu_prio_enc) rtl/sched/kmu_kmu.v)
RTL_kmu_dispatch      := $(sort $(RTL_kmu_prio_enc) $(RTL_kmu_rr_arb) rtl/sched/kmu_dispatch.v)
RTL_kmu_mem_port      := $(RTL_kmu_fifo) $(RTL_kmu_rr_arb) rtl/sched/kmu_mem_port.v
RTL_kmu_revoke        := rtl/sched/kmu_revoke.v
RTL_kmu_elastic       := rtl/sched/kmu_elastic.v
RTL_kmu_trem_policy   := rtl/sched/kmu_trem_policy.v
RTL_kmu_copy_engine   := $(RTL_kmu_fifo) rtl/sched/kmu_copy_engine.v

# sm/: per-SM control
RTL_kmu_sm_ctrl       := $(RTL_kmu_prio_enc) $(RTL_kmu_fifo) rtl/sm/kmu_sm_ctrl.v

# preempt/: PEP and EDGE warp-level preemption, GPUpIO's yield monitor
RTL_kmu_pep_predictor := rtl/preempt/kmu_pep_predictor.v
RTL_kmu_ctx_engine    := $(RTL_kmu_prio_enc) rtl/preempt/kmu_ctx_engine.v
RTL_kmu_dirty_rf      := $(RTL_kmu_prio_enc) rtl/preempt/kmu_dirty_rf.v
RTL_kmu_warp_preempt  := rtl/preempt/kmu_warp_preempt.v
RTL_kmu_preempt_ctrl  := rtl/preempt/kmu_preempt_ctrl.v
RTL_kmu_yield_mon     := $(sort $(RTL_kmu_rr_arb) $(RTL_kmu_prio_enc) rtl/preempt/kmu_yield_mon.v)

# fpga/: what the board tops add around the system: the host link (UART <-> AXI4-Lite master)
RTL_kmu_uart_rx       := rtl/fpga/kmu_uart_rx.v
RTL_kmu_uart_tx       := rtl/fpga/kmu_uart_tx.v
RTL_kmu_uart_axil     := $(RTL_kmu_uart_rx) $(RTL_kmu_uart_tx) rtl/fpga/kmu_uart_axil.v

# the SM top: one SM's control hardware (sm/ and preempt/ blocks wired once)
RTL_kmu_sm            := $(sort $(RTL_kmu_sm_ctrl) $(RTL_kmu_pep_predictor) $(RTL_kmu_ctx_engine) \
                           $(RTL_kmu_dirty_rf) $(RTL_kmu_warp_preempt) rtl/sm/kmu_sm.v)

# the system top
RTL_kmu_gpu           := $(sort $(RTL_kmu_frontend) $(RTL_kmu_kmu) $(RTL_kmu_dispatch) \
                           $(RTL_kmu_sm) $(RTL_kmu_preempt_ctrl) $(RTL_kmu_mem_port) \
                           $(RTL_kmu_copy_engine) $(RTL_kmu_revoke) $(RTL_kmu_elastic) \
                           $(RTL_kmu_trem_policy) $(RTL_kmu_yield_mon) rtl/kmu_gpu.v)

RTL_BLOCKS := kmu_fifo kmu_rr_arb kmu_prio_enc kmu_prio_arb kmu_axil_slave kmu_csr kmu_doorbell \
              kmu_ekt kmu_frontend kmu_kmu kmu_dispatch kmu_mem_port kmu_copy_engine kmu_revoke \
              kmu_elastic kmu_trem_policy kmu_sm_ctrl kmu_pep_predictor kmu_ctx_engine kmu_dirty_rf \
              kmu_warp_preempt kmu_preempt_ctrl kmu_yield_mon kmu_sm \
              kmu_uart_rx kmu_uart_tx kmu_uart_axil \
              kmu_gpu
RTL_ALL    := $(sort $(foreach b,$(RTL_BLOCKS),$(RTL_$(b))))

rtl2c           = $(patsubst rtl/%.v,cmodel/%.c,$(1))
CMODEL_INC_DIRS := $(sort $(patsubst %/,%,$(dir $(call rtl2c,$(RTL_ALL))))) cmodel/include
SIM_INC_DIRS    := sim/env sim/kmusim tools/kmuctl
