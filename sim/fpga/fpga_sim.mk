# sim/fpga/fpga_sim.mk - `make fpga-sim`: kmuctl drives the Verilated board top kmu_board_top
# (the UART bridge kmu_uart_axil, kmu_gpu in its small configuration, on-chip memories and the
# TB runners, fpga/kmu_board_top.v) through a pseudo-terminal (scripts/test_fpga_sim.sh;
# docs/tools.md, docs/fpga.md).  make test runs the short version of the same script.  The
# simulator runs at 8 cycles per bit (12 MHz / 1.5 Mbaud) so that a request takes about a
# thousand cycles.
#   build/bin/kmu-fpga-sim [--link PATH] [--max-idle S] [--fst F]   the simulator alone
# the board top's sources (also make fpga's, mk/fpga.mk): the system, the host link and fpga/
FPGA_BOARD_RTL  := $(sort $(RTL_kmu_gpu) $(RTL_kmu_uart_axil)) fpga/kmu_tb_runner.v \
                   fpga/kmu_board_mem.v fpga/kmu_board_top.v
FPGA_SIM        := $(BUILD)/bin/kmu-fpga-sim
FPGA_SIM_PARAMS = CLK_HZ=12000000 BAUD=1500000 RUN_W=20 $(GPU_SMALL)
FPGA_SIM_RTL    = $(FPGA_BOARD_RTL)
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

# make test: the short run (ping, a CSR written and read back, SLVERR, an event kernel and a host
# kernel run to completion on the TB runners, counters, error answers)
TEST_SCRIPTS += scripts/test_fpga_sim.sh
TEST_DEPS    += $(FPGA_SIM) $(KMUCTL)
