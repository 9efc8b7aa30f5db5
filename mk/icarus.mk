# mk/icarus.mk - `make icarus-agree`: Icarus Verilog (iverilog -g2005) and Verilator agree on
# the directed tests of every block harness: each harness's directed tests recorded at the
# ports by its Verilated shim (KMU_RECORD, tb/shim/kmu_shim.h) and replayed on Icarus, every
# output compared after every evaluation (scripts/icarus_agree.py; build/icarus/<harness>/).
# ICARUS_H=<h1> <h2>: only those harnesses.
ICARUS_H ?= $(HARNESSES)
icarus_spec = $(1);$($(1)_TOP);$(strip $($(1)_RTL));$(strip $($(1)_PARAMS));$($(1)_TEST);$(call bin_of,$(1))

.PHONY: icarus-agree
icarus-agree: $(DEPS_STAMP) $(foreach h,$(ICARUS_H),$(call bin_of,$(h)))
	@python3 scripts/icarus_agree.py $(foreach h,$(ICARUS_H),'$(call icarus_spec,$(h))')
