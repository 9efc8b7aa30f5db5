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
#   make synth-system            make synth plus the whole system top kmu_gpu (small build: two
#                                kmu_sm and every other block; measured 4,159 s of Yosys for
#                                kmu_gpu alone on 2 shared cores: 80,306 iCE40 / 37,729 ECP5 LUTs,
#                                so not in CI's make synth; its area lands in the same reports)
SYNTH_JOBS ?= 2
synth_params = $(if $(filter-out undefined,$(origin $(1)_SYNTH_PARAMS)),$(strip $($(1)_SYNTH_PARAMS));S,$(strip $($(1)_PARAMS));)
synth_spec   = $(1);$($(1)_TOP);$(strip $($(1)_RTL));$(call synth_params,$(1))

.PHONY: synth-baseline fpga-wrapper synth-system synth-ecp5
synth: $(DEPS_STAMP)
	@SYNTH_RTL_INC="$(RTL_INC_DIRS)" SYNTH_RTL_ALL="$(RTL_ALL)" python3 scripts/synth.py run --jobs $(SYNTH_JOBS) $(if $(filter 1,$(FORCE)),--force) $(if $(filter 1,$(SYNTH_ECP5)),--ecp5) \
	  $(foreach h,$(HARNESSES) $(SYNTH_EXTRA),'$(call synth_spec,$(h))')

synth-ecp5:
	@$(MAKE) -s synth SYNTH_ECP5=1

synth-system:
	@$(MAKE) -s synth SYNTH_EXTRA=kmusim_small

synth-baseline: $(BUILD)/reports/area.json
	cp $< docs/area-baseline.json

$(BUILD)/reports/area.json:
	@$(MAKE) -s synth

fpga-wrapper:
	@SYNTH_RTL_INC="$(RTL_INC_DIRS)" SYNTH_RTL_ALL="$(RTL_ALL)" python3 scripts/synth.py wrapper kmu_frontend $(foreach h,$(HARNESSES),'$(call synth_spec,$(h))')
