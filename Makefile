# openkmu - top-level make targets.  `make help` lists them.
SHELL       := /bin/bash
.DEFAULT_GOAL := help
BUILD       := build
CC          := gcc
# The one RTL file list (RTL_<block>, RTL_ALL, include directories, rtl2c).
include rtl/files.mk
# Mutant builds (make mutants, scripts/mutants.sh): MUT=<name> builds a harness from the patched
# copy of the source in $(MUTSRC) into build/tb-mut/<name>/; src maps source paths there.
# MUT_C_ONLY=1 (a patch that changes no RTL) links the shipped build's Verilated model instead
# of verilating the same RTL again; MUT_RTL_ONLY=1 (a patch that changes no C file) takes the
# shipped build's C objects (libtest.a) instead of compiling the same C again.  The
# Verilated C++ (the shim) sees the shipped headers, so its compile line is the same for every
# mutant and ccache serves it; scripts/mutants.sh refuses a patch that changes a header.
MUT         ?=
MUTSRC      ?= $(BUILD)/mut/$(MUT)/src
# Coverage builds (make coverage, scripts/coverage.py): COV=1 builds a harness Verilated with
# --coverage into build/cov/tb/<name>/, so the normal builds are untouched.
COV         ?=
# Traced builds: make test's harnesses are Verilated without --trace-fst (the trace code is about
# a third of a harness's compile: kmu_sm 27.8 -> 19.2 s of CPU, measured); TRACE=1 builds a
# harness's traced twin into build/tb-fst/<name>/ (build/tb-mut-fst/<mutant>/ for a mutant):
# scripts/run_tests.sh re-runs a failing seed there for its waveform, make waves traces there.
TRACE       ?=
HDIR        := $(BUILD)/$(if $(COV),cov/tb,tb$(if $(MUT),-mut$(if $(TRACE),-fst)/$(MUT),$(if $(TRACE),-fst)))
src          = $(if $(MUT),$(addprefix $(MUTSRC)/,$(1)),$(1))
C_INC        = $(addprefix -I,$(call src,$(CMODEL_INC_DIRS) tb/common $(SIM_INC_DIRS)))
CFLAGS_C     = -std=c11 -O2 -g -Wall -Wextra -Werror $(C_INC)
# A harness's C objects are compiled with the paths relative to the source tree: the shipped
# one, or a mutant's scratch copy (from inside it), so the command lines are the same and a
# mutant's unchanged C files (the test, the other twins, kmu_tb.c) come from ccache after the
# first mutant of that harness (CCACHE_NOHASHDIR: the working directory, which -g would add to
# the hash, differs; only the debug info's directory would name another mutant's copy).
CFLAGS_C_REL = -std=c11 -O2 -g -Wall -Wextra -Werror $(addprefix -I,$(CMODEL_INC_DIRS) tb/common $(SIM_INC_DIRS))
MUT_CC       = $(if $(MUT),CCACHE_NOHASHDIR=1 $(OBJCACHE) )$(CC)
VERILATOR   := verilator
# ccache (from make deps) makes the Verilator runtime objects, identical in every harness, a
# cache hit after the first build; the shim needs no parameters, so its flags are the same too.
OBJCACHE    := $(shell command -v ccache 2>/dev/null)
# --x-initial unique: the registers and memories without reset start at values the shim draws
# from KMU_POWERUP_SEED (random power-up state, set by the runner from each run's seed; zero
# without it), so no test relies on a flop nobody reset.
VFLAGS      := --cc --exe --build --trace-fst -Wall -Wno-fatal --x-assign fast --x-initial unique \
               +define+KMU_ASSERT \
               -O3 -MAKEFLAGS "-s OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1 OBJCACHE=$(OBJCACHE)"
VFLAGS      += $(if $(COV),--coverage)
# A mutant build (MUT set) and a harness's make test build are Verilated without --trace-fst
# unless TRACE=1 (the harness rule filters it out): a
# kill needs no waveform, and the trace code is a fifth (paper kmu_gpu) to a half (small kmu_gpu)
# of the Verilated C++ a mutant compiles again (tb/shim/kmu_shim.h refuses a waveform there).
# A harness or tool may set <h>_NOTRACE := 1: built without --trace-fst in every build, so its
# mutant builds compile the same Verilated C++ as the shipped one and ccache serves every module
# a patch does not touch (kmusim_paper: its traced twin kmusim_paper_fst is built on demand).
# ccache keys on paths relative to here, so a mutant build from its scratch copy hits the
# cache for every file the patch does not touch.
export CCACHE_BASEDIR := $(CURDIR)

# Each block registers its harnesses in tb/<block>.mk (HARNESSES += name; name_TOP/RTL/PARAMS/
# TEST/C; optional name_VFLAGS: extra Verilator options).  One parameter list drives both
# twins: -G for Verilator, -DP_<name> for C.
HARNESSES :=
TOOLS     :=
# tools built only when asked for (make mutants does not build them first)
ON_DEMAND_TOOLS :=
TEST_SCRIPTS :=
TEST_DEPS :=
TB_COMMON_C := tb/common/kmu_tb.c
DEPS_STAMP  := $(BUILD)/deps.stamp
# A harness's binary; a tool may name its own (<h>_BIN), except in a mutant or coverage build.
bin_of = $(or $(if $(MUT)$(COV)$(TRACE),,$($(1)_BIN)),$(HDIR)/$(1)/test_$(1))
shipped_bin = $(or $($(1)_BIN),$(BUILD)/tb/$(1)/test_$(1))
include sim/kmusim/kmusim.mk tools/kmuctl/kmuctl.mk sim/fpga/fpga_sim.mk $(sort $(wildcard tb/*.mk))

# the Verilated model's directory (Verilator's --Mdir): see the harness rule
vmdir = $(if $(MUT),$(HDIR)/$(1),$(HDIR)/$(1)/obj)

define harness_rules
ifeq ($(if $(MUT),$(MUT_RTL_ONLY)),1)
# a mutant that changes no C file: the shipped build's C objects (the same sources, the same
# flags) instead of compiling the test and the C twins again
$(HDIR)/$(1)/libtest.a: $(BUILD)/tb/$(1)/libtest.a
	@mkdir -p $$(@D) && cp $$< $$@
$(BUILD)/tb/$(1)/libtest.a:
	@$(MAKE) -s --no-print-directory MUT= $$@
else
$(HDIR)/$(1)/libtest.a: $$(call src,$$($(1)_TEST) $$($(1)_C) $(TB_COMMON_C)) $$(wildcard $$(addsuffix /*.h,$$(call src,$(CMODEL_INC_DIRS) tb/common $(SIM_INC_DIRS)))) Makefile rtl/files.mk $$(wildcard tb/*.mk)
	@mkdir -p $$(@D)/cobj
	@rm -f $$@
	@$(if $(MUT),cd $(MUTSRC) && )for f in $$($(1)_TEST) $$($(1)_C) $(TB_COMMON_C); do \
	  $(MUT_CC) $(CFLAGS_C_REL) $$($(1)_CFLAGS) $$(addprefix -DP_,$$($(1)_PARAMS)) \
	    -c $$$$f -o $(CURDIR)/$$(@D)/cobj/$$$$(basename $$$$f .c).o || exit 1; done
	@ar rcs $$@ $$(@D)/cobj/*.o
endif
ifeq ($(if $(MUT),$(MUT_C_ONLY)),1)
# a mutant that changes no RTL: its C objects linked with the shipped build's Verilated model
$(call bin_of,$(1)): $(HDIR)/$(1)/libtest.a $(call shipped_bin,$(1))
	@echo "  LINK     $(1) [$(MUT)]"
	@$(CXX) $(BUILD)/tb/$(1)/obj/$$($(1)_TOP)_shim.o $(BUILD)/tb/$(1)/obj/verilated*.o \
	  $(BUILD)/tb/$(1)/obj/V$$($(1)_TOP)__ALL.a $$< -lz -pthread -lpthread -latomic -o $$@
$(call shipped_bin,$(1)):
	@$(MAKE) -s --no-print-directory MUT= $$@
else
# A mutant build Verilates from inside its scratch copy with the same relative paths as the
# shipped build: Verilator writes each source's path into the C++ (every assertion's and
# $$finish's VL_STOP_MT("rtl/...", line)), so with build/mut/<key>/src/ in those strings every
# module's files differed from the shipped build's and ccache served none of them (measured on a
# kmu_gpu mutant of the paper top: 35 of 259 files differed, all but 11 by the path alone).
# Its Verilated C++ goes to build/tb-mut/<key>/<h>/, as deep below the top as the shipped
# build/tb/<h>/obj/: ccache makes the paths below CCACHE_BASEDIR relative to the compile's
# directory, so at another depth the shim (the shipped tb/shim/<top>_shim.cpp: no patch changes
# tb/) and its headers never hit (0.8 s of CPU in each of about 500 mutant builds).  A harness's
# mutant compiles its model at -O0 (OPT_FAST; a kill comes within a second or two of a block
# harness's run, a compile at -O1 takes twice as long); kmusim's tools keep their flags (their
# lockstep runs are long).
$(call bin_of,$(1)): $(HDIR)/$(1)/libtest.a $$(call src,$$($(1)_RTL) $(RTL_INCLUDES) tb/shim/$$($(1)_TOP)_shim.cpp tb/shim/kmu_shim.h)
	@echo "  VERILATE $(1)$(if $(MUT), [$(MUT)])"
	@mkdir -p $$(@D) && rm -f $$@
	@$(if $(MUT),cd $(MUTSRC) && )$(VERILATOR) $$(if $$($(1)_NOTRACE)$(if $(TRACE),,$$(if $(MUT),1,$$(filter $(1),$(HARNESSES)))),$$(filter-out --trace-fst,$(VFLAGS)),$(VFLAGS)) $$($(1)_VFLAGS) \
	  $(if $(MUT),$$(if $$(filter $(1),$(HARNESSES)),-MAKEFLAGS "OPT_FAST=-O0")) --top-module $$($(1)_TOP) --Mdir $(CURDIR)/$(call vmdir,$(1)) \
	  $$(addprefix -G,$$($(1)_PARAMS)) $(addprefix -I,$(RTL_INC_DIRS)) \
	  -CFLAGS "-O1 $(addprefix -I$(CURDIR)/,$(CMODEL_INC_DIRS) tb/common tb/shim) $$(addprefix -DP_,$$($(1)_PARAMS))" \
	  $$($(1)_RTL) $(CURDIR)/tb/shim/$$($(1)_TOP)_shim.cpp $(CURDIR)/$(HDIR)/$(1)/libtest.a \
	  -o $(CURDIR)/$$@ > $(CURDIR)/$(HDIR)/$(1)/verilate.log 2>&1 || { cat $(CURDIR)/$(HDIR)/$(1)/verilate.log; exit 1; }
endif
endef
# TOOLS are built like harnesses (a Verilated top, C models, a C main) but are programs, not
# tests: make test does not run them.
$(foreach h,$(HARNESSES) $(TOOLS),$(eval $(call harness_rules,$(h))))

HARNESS_BINS := $(foreach h,$(HARNESSES),$(call bin_of,$(h)))

.PHONY: help deps verilate test lint mutants mutants-system synth bench waves run run-frontend regmap clean
help:
	@echo "make deps      install the tools a fresh machine lacks (idempotent)"
	@echo "make lint      verilator -Wall, iverilog -g2005, yosys hierarchy -check, C -Werror"
	@echo "make verilate  build every Verilated lockstep harness"
	@echo "make test      run every test; last line 'N passed, M failed'"
	@echo "make mutants   every planted bug must be caught: 'K of K mutants killed'"
	@echo "make mutants-system  the mutants' paper-size system runs (kmusim_paper, edge_study_rtl)"
	@echo "make synth     Yosys/nextpnr area and Fmax per block, whole-system area (small, fpga, paper) against issue 15"
	@echo "make synth-ecp5    make synth plus nextpnr-ecp5 Fmax per block (ECP5-85F; slow, not in CI)"
	@echo "make synth-full    make synth plus place and route of the whole kmu_gpu (small, fpga; slow, not in CI)"
	@echo "make fuzz      libFuzzer + ASan/UBSan, FUZZ_TIME s per target (default 600; not in CI)"
	@echo "make fuzz-regress  replay the kept fuzz corpus and crash inputs, sanitizer kmusim (in make test)"
	@echo "make bench     measured latency/throughput into build/reports/bench.json"
	@echo "make waves T=<harness>[.<test>]  FST + gtkwave save file of one test"
	@echo "make run       kmusim: default workload, paper configuration, every policy side by side"
	@echo "make run-frontend  the EDGE front end alone, narrated"
	@echo "make fpga-sim  kmuctl drives the Verilated board top (UART bridge + kmu_gpu) through a pseudo-terminal"
	@echo "make fpga-fe-sim  the same for the iCEBreaker's front-end board (UART bridge + front end + kernel stand-in)"
	@echo "make kmuctl    build/bin/kmuctl, the host side of a board (kmuctl -h)"
	@echo "make study-edge  EDGE warp-preemption study (Fig. 11-13) into build/study-edge/"
	@echo "make study-pep PEP study on the C twins (~3 min): build/study-pep/table.md, docs/results-pep.md"
	@echo "make study-rgem  RGEM copy study on kmusim (Fig. 7-12, targets): build/study-rgem/, docs/results-rgem.md"
	@echo "make study-trem  TReM revocation study on kmusim (Table II, Fig. 6, Fig. 11b analogues, targets): build/study-trem/, docs/results-trem.md"
	@echo "make study-gpupio  GPUpIO yield study on kmusim (section 3 model Fig. 1-2, mixed Fig. 6, head vs tail Fig. 12-15, targets): build/study-gpupio/, docs/results-gpupio.md"
	@echo "scripts/kmusim W.wl [--engine c|rtl|cosim] [--json F] [--timeline F.svg]  any workload"
	@echo "make kmusim-paper-fst  the paper kmusim build with --fst waveforms (built on demand; build/bin/kmusim-paper has no trace)"

verilate: $(DEPS_STAMP) $(HARNESS_BINS) $(TEST_DEPS)

test: $(DEPS_STAMP) regmap-check core-check
	@$(MAKE) -s -j$$(nproc) verilate
	@bash scripts/run_tests.sh $(TESTS_FIRST) $(filter-out $(TESTS_FIRST),$(HARNESS_BINS) $(TEST_SCRIPTS))
# The longest tests start first (CPU seconds measured on stop 26's tree: 155, 68, 59, 25, 24),
# so the two cores do not end on one of them alone.
TESTS_FIRST = $(call bin_of,kmu_kmu_paper) scripts/test_kmu_gpu_cosim.sh scripts/test_formal.sh \
              scripts/test_kmusim_io.sh scripts/test_kmu_gpu_yield.sh

# make mutants: every patch under tb/mutants/<block>/ against every run of its block:
# MUT_RUNS_<block> when a tb/*.mk sets it, else every harness whose top is <block>.
comma := ,
empty :=
space := $(empty) $(empty)
MUTANT_BLOCKS = $(notdir $(patsubst %/,%,$(wildcard tb/mutants/*/)))
mut_runs = $(or $(MUT_RUNS_$(1)),$(foreach h,$(HARNESSES),$(if $(filter $(1),$($(h)_TOP)),$(h))))
# The paper-size system runs (the kmu_gpu mutants' lockstep on kmusim_paper, the EDGE study's
# run on the paper kmu_sm) are make mutants-system's: each Verilates a paper-size top again
# (a minute of Verilator, about a minute of C++), so they are a step of their own (.ci/run runs
# it after make mutants).  Every mutant they run is also killed in make mutants (the small
# system or its block's harnesses); make mutants names them at its end.
MUT_SYSTEM_RUNS := kmusim_paper edge_study_rtl
mutants mutants-system: $(DEPS_STAMP)
	@$(MAKE) -s -j$$(nproc) $(foreach h,$(if $(filter mutants-system,$@),$(MUT_SYSTEM_RUNS),$(HARNESSES) $(filter-out $(ON_DEMAND_TOOLS),$(TOOLS))),$(call bin_of,$(h)))
	@MUT_SYSTEM_RUNS="$(MUT_SYSTEM_RUNS)" MUT_SYSTEM=$(if $(filter mutants-system,$@),1,0) bash scripts/mutants.sh $(foreach b,$(MUTANT_BLOCKS),'$(b)=$(subst $(space),$(comma),$(strip $(call mut_runs,$(b))))')

bench: $(DEPS_STAMP)
	@$(MAKE) -s -j$$(nproc) $(HDIR)/kmu_frontend/test_kmu_frontend \
	  $(HDIR)/kmu_frontend_paper/test_kmu_frontend_paper \
	  $(call bin_of,kmusim_small) $(call bin_of,kmusim_paper) \
	  $(HDIR)/kmu_pep_predictor_paper/test_kmu_pep_predictor_paper \
	  $(HDIR)/kmu_ctx_engine_paper/test_kmu_ctx_engine_paper
	@python3 scripts/bench.py

# The project's main job: a default workload (a busy GPU, a stream of event kernels, host
# kernels at several priorities, paper configuration) under draining and under the preempting
# policies, side by side (scripts/run_policies.py); the main preempting policy also runs on the
# C model and the Verilated RTL in lockstep and writes the metrics and timeline.
RUN_WL ?= workloads/paper_mix.wl
RUN_POLICY ?= pep+warp
run: $(DEPS_STAMP)
	@$(MAKE) -s $(call bin_of,kmusim_paper)
	@python3 scripts/run_policies.py $(call bin_of,kmusim_paper) $(RUN_WL) $(BUILD)/run \
	  --main $(RUN_POLICY)

# The EDGE front end alone, narrated: registration, doorbells, every error answer.
run-frontend: $(DEPS_STAMP)
	@$(MAKE) -s $(HDIR)/kmu_frontend_paper/test_kmu_frontend_paper
	@$(HDIR)/kmu_frontend_paper/test_kmu_frontend_paper demo

# Tool flows (deps, lint, synth, waves, regmap, core) live in mk/*.mk; the simulator and the
# studies bring their own.
include $(sort $(wildcard mk/*.mk)) $(sort $(wildcard studies/*/study.mk))

clean:
	rm -rf $(BUILD)
