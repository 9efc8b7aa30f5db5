# mk/synth.mk - `make synth`: Yosys generic / iCE40 / ECP5 area of every block (each distinct
# <h>_TOP, with <h>_SYNTH_PARAMS when a fragment defines it, else <h>_PARAMS) and of the front
# end kmu_frontend (ENTRIES=8), plus nextpnr-ice40 (UP5K) Fmax of each inside a serial timing
# wrapper, against the budgets in docs/budgets.json (issue 15).  Generic and iCE40: Debian's
# Yosys; ECP5: the YoWASP Yosys of build/venv (make deps).  Reports:
# build/reports/{area,timing}.json, synth.md.  scripts/synth.py.
#   make synth-ecp5              make synth plus nextpnr-ecp5 Fmax of each block (ECP5-85F,
#                                -6, CABGA381, same wrapper); too slow for CI's make synth (see
#                                docs/tools.md); make synth then shows its last (cached) result
#   make synth FORCE=1           redo every block (otherwise unchanged blocks are reused)
#   make synth-baseline          record build/reports/area.json as docs/area-baseline.json
#   make fpga-wrapper            regenerate fpga/kmu_frontend_top_fpga.v from the RTL
#   make synth-full              make synth plus place and route of the whole system (small and
#                                fpga: nextpnr-ecp5 on the ECP5-85F, nextpnr-ice40 on the UP5K
#                                where it fits); too slow for CI (docs/synthesis.md); make synth
#                                then shows its last (cached) result
#   make synth-system            the same as make synth-full (its old name)
#   make synth-system-report     the whole-system report of the finished steps (runs nothing)
# Every make synth also synthesises the whole system kmu_gpu in the small, fpga and paper
# configurations (scripts/synth_system.py: Yosys generic, ECP5 and iCE40 mapping, the
# register-file RAM apart) and reports it against issue 15's targets: build/synth/system.json,
# system.md and the end of build/reports/synth.md.  docs/synthesis.md has the numbers and times.
SYNTH_JOBS ?= 2
synth_params = $(if $(filter-out undefined,$(origin $(1)_SYNTH_PARAMS)),$(strip $($(1)_SYNTH_PARAMS));S,$(strip $($(1)_PARAMS));)
synth_spec   = $(1);$($(1)_TOP);$(strip $($(1)_RTL));$(call synth_params,$(1))

# The fpga configuration (issue 15: the ULX3S's ECP5-85F, every mechanism): GPU_FPGA of
# sim/kmusim/kmusim.mk, the board top's parameters.
SYSTEM_CONFIGS = 'small=$(strip $(GPU_SMALL))' 'fpga=$(strip $(GPU_FPGA))' 'paper=$(strip $(GPU_PAPER))'

.PHONY: synth-baseline fpga-wrapper synth-system synth-ecp5 synth-full synth-system-report
# The blocks, then the whole system (even when a block failed; the status is the worse one).
synth: $(DEPS_STAMP)
	@SYNTH_RTL_INC="$(RTL_INC_DIRS)" SYNTH_RTL_ALL="$(RTL_ALL)" python3 scripts/synth.py run --jobs $(SYNTH_JOBS) $(if $(filter 1,$(FORCE)),--force) $(if $(filter 1,$(SYNTH_ECP5)),--ecp5) \
	  $(foreach h,$(HARNESSES) $(SYNTH_EXTRA),'$(call synth_spec,$(h))'); rc=$$?; \
	SYNTH_RTL_INC="$(RTL_INC_DIRS)" SYNTH_RTL_SYSTEM="$(RTL_kmu_gpu)" python3 scripts/synth_system.py --jobs $(SYNTH_JOBS) \
	  $(if $(filter 1,$(FORCE)),--force) $(if $(filter 1,$(SYNTH_PNR)),--pnr) $(SYSTEM_CONFIGS) || rc=1; exit $$rc

synth-full:
	@$(MAKE) -s synth SYNTH_PNR=1

# The whole-system report from the finished steps only (runs nothing; a make synth may be going).
synth-system-report:
	@SYNTH_RTL_INC="$(RTL_INC_DIRS)" SYNTH_RTL_SYSTEM="$(RTL_kmu_gpu)" python3 scripts/synth_system.py --cached $(SYSTEM_CONFIGS)

synth-ecp5:
	@$(MAKE) -s synth SYNTH_ECP5=1

synth-system: synth-full

synth-baseline: $(BUILD)/reports/area.json
	cp $< docs/area-baseline.json

$(BUILD)/reports/area.json:
	@$(MAKE) -s synth

fpga-wrapper:
	@SYNTH_RTL_INC="$(RTL_INC_DIRS)" SYNTH_RTL_ALL="$(RTL_ALL)" python3 scripts/synth.py wrapper kmu_frontend $(foreach h,$(HARNESSES),'$(call synth_spec,$(h))')
