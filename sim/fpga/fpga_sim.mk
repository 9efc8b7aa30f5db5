# sim/fpga/fpga_sim.mk - `make fpga-sim`: kmuctl drives the Verilated board top kmu_board_top
# (the UART bridge kmu_uart_axil, kmu_gpu in its small configuration, on-chip memories and the
# TB runners, fpga/kmu_board_top.v) through a pseudo-terminal (scripts/test_fpga_sim.sh;
# docs/tools.md, docs/fpga.md).  make test runs the short version of the same script.  The
# simulator runs at 8 cycles per bit (12 MHz / 1.5 Mbaud) so that a request takes about a
# thousand cycles.
#   build/bin/kmu-fpga-sim [--link PATH] [--max-idle S] [--fst F]   the simulator alone
# kmu_board_top's sources (this simulator's): the system, the host link and fpga/; make fpga's
# (FPGA_BOARD_RTL, mk/fpga.mk) add the front-end board's (kmu_board_fe_top, kmu_fe_sink)
FPGA_SIM_RTL    = $(sort $(RTL_kmu_gpu) $(RTL_kmu_uart_axil)) fpga/kmu_tb_runner.v \
                  fpga/kmu_board_mem.v fpga/kmu_board_top.v
FPGA_BOARD_RTL  := $(FPGA_SIM_RTL) fpga/kmu_fe_sink.v fpga/kmu_board_fe_top.v
FPGA_SIM        := $(BUILD)/bin/kmu-fpga-sim
FPGA_SIM_PARAMS = CLK_HZ=12000000 BAUD=1500000 RUN_W=20 $(GPU_SMALL)
FPGA_SIM_DIR    := $(BUILD)/fpga-sim

.PHONY: fpga-sim
fpga-sim: $(FPGA_SIM) $(KMUCTL)
	@bash scripts/test_fpga_sim.sh --long

$(FPGA_SIM_DIR)/libuart_pty.a: sim/fpga/uart_pty.c sim/fpga/uart_pty.h
	@mkdir -p $(@D)
	@$(CC) -std=c11 -O2 -g -Wall -Wextra -Werror -c $< -o $(@D)/uart_pty.o
	@rm -f $@ && ar rcs $@ $(@D)/uart_pty.o

$(FPGA_SIM): $(FPGA_SIM_RTL) $(RTL_INCLUDES) sim/fpga/kmu_fpga_sim.cpp $(FPGA_SIM_DIR)/libuart_pty.a sim/fpga/fpga_sim.mk
	@echo "  VERILATE kmu-fpga-sim"
	@mkdir -p $(@D) $(FPGA_SIM_DIR)
	@$(VERILATOR) $(VFLAGS) --top-module kmu_board_top --Mdir $(FPGA_SIM_DIR)/obj \
	  $(addprefix -G,$(FPGA_SIM_PARAMS)) $(addprefix -I,$(RTL_INC_DIRS)) \
	  -CFLAGS "-O1 -I$(CURDIR)/sim/fpga $(addprefix -DP_,$(FPGA_SIM_PARAMS))" \
	  $(FPGA_SIM_RTL) $(CURDIR)/sim/fpga/kmu_fpga_sim.cpp $(CURDIR)/$(FPGA_SIM_DIR)/libuart_pty.a \
	  -o $(CURDIR)/$@ > $(FPGA_SIM_DIR)/verilate.log 2>&1 || { cat $(FPGA_SIM_DIR)/verilate.log; exit 1; }

# The front-end board (fpga/kmu_board_fe_top.v: kmu_uart_axil, kmu_frontend, the kernel stand-in
# kmu_fe_sink; the iCEBreaker's default machine, docs/fpga.md) Verilated the same way, with the
# iCEBreaker build's front-end sizes (FPGA_FE_ENTRIES, FPGA_FE_CNT_W, FPGA_FE_DB_PEND_W: kmu_icebreaker_top's
# parameter defaults, read from the file, so the two cannot drift apart) and the sink's cycle
# count from the low 20 bits of a kernel's parameter; scripts/test_fpga_fe_sim.sh drives it
# (make test: a few seconds of CPU) and reads the same defaults for its expected values.
#   build/bin/kmu-fpga-fe-sim [--link PATH] [--max-idle S] [--fst F]
FPGA_FE_BOARD_TOP  := fpga/boards/icebreaker/kmu_icebreaker_top.v
fpga_fe_param       = $(shell sed -n 's/^ *parameter integer $(1) *= *\([0-9][0-9]*\),.*/\1/p' $(FPGA_FE_BOARD_TOP))
FPGA_FE_ENTRIES    := $(call fpga_fe_param,ENTRIES)
FPGA_FE_CNT_W      := $(call fpga_fe_param,CNT_W)
FPGA_FE_DB_PEND_W  := $(call fpga_fe_param,DB_PEND_W)
FPGA_FE_SIM        := $(BUILD)/bin/kmu-fpga-fe-sim
FPGA_FE_SIM_PARAMS = CLK_HZ=12000000 BAUD=1500000 RUN_W=20 ENTRIES=$(FPGA_FE_ENTRIES) \
                     CNT_W=$(FPGA_FE_CNT_W) NSM=1 DB_PEND_W=$(FPGA_FE_DB_PEND_W)
FPGA_FE_SIM_RTL    = $(sort $(RTL_kmu_frontend) $(RTL_kmu_uart_axil)) fpga/kmu_fe_sink.v \
                     fpga/kmu_board_fe_top.v
FPGA_FE_SIM_DIR    := $(BUILD)/fpga-fe-sim

$(FPGA_FE_SIM): $(FPGA_FE_SIM_RTL) $(RTL_INCLUDES) $(FPGA_FE_BOARD_TOP) sim/fpga/kmu_fpga_sim.cpp $(FPGA_SIM_DIR)/libuart_pty.a sim/fpga/fpga_sim.mk
	@echo "  VERILATE kmu-fpga-fe-sim"
	@mkdir -p $(@D) $(FPGA_FE_SIM_DIR)
	@$(VERILATOR) $(VFLAGS) --top-module kmu_board_fe_top --prefix Vkmu_board_top \
	  --Mdir $(FPGA_FE_SIM_DIR)/obj $(addprefix -G,$(FPGA_FE_SIM_PARAMS)) $(addprefix -I,$(RTL_INC_DIRS)) \
	  -CFLAGS "-O1 -I$(CURDIR)/sim/fpga -DKMU_FE_BOARD=1 $(addprefix -DP_,$(FPGA_FE_SIM_PARAMS))" \
	  $(FPGA_FE_SIM_RTL) $(CURDIR)/sim/fpga/kmu_fpga_sim.cpp $(CURDIR)/$(FPGA_SIM_DIR)/libuart_pty.a \
	  -o $(CURDIR)/$@ > $(FPGA_FE_SIM_DIR)/verilate.log 2>&1 || { cat $(FPGA_FE_SIM_DIR)/verilate.log; exit 1; }

.PHONY: fpga-fe-sim
fpga-fe-sim: $(FPGA_FE_SIM) $(KMUCTL)
	@bash scripts/test_fpga_fe_sim.sh

# make test: the short run (ping, a CSR written and read back, SLVERR, an event kernel and a host
# kernel run to completion on the TB runners, counters, error answers)
TEST_SCRIPTS += scripts/test_fpga_sim.sh scripts/test_fpga_fe_sim.sh
TEST_DEPS    += $(FPGA_SIM) $(FPGA_FE_SIM) $(KMUCTL)
