# mk/lint.mk - `make lint`: every harness's RTL (deduplicated by top + parameters) through
# verilator --lint-only -Wall, iverilog -g2005 and yosys hierarchy -check; the fpga/ wrappers;
# the C models and tests with gcc -Werror -fsyntax-only.  Any warning fails.  scripts/lint.sh.
# One spec per harness: "<h>;<top>;<rtl>;<params>;<C files>;<the harness's extra C flags>".
lint_spec = $(1);$($(1)_TOP);$(strip $($(1)_RTL));$(strip $($(1)_PARAMS));$(strip $($(1)_TEST) $($(1)_C));$(strip $($(1)_CFLAGS))

lint:
	@LINT_RTL_INC="$(RTL_INC_DIRS)" LINT_RTL_ALL="$(RTL_ALL)" LINT_C_INC="$(C_INC)" \
	  bash scripts/lint.sh $(foreach h,$(HARNESSES) $(filter-out $(ON_DEMAND_TOOLS),$(TOOLS)),'$(call lint_spec,$(h))')
