# mk/gate.mk - `make gate`: gate-level lockstep (issue 16 item 6).  The Yosys netlist of kmu_gpu
# in the small configuration (generic `synth -flatten`, abc gates, write_verilog -noattr; every
# memory stays a memory, its logic gates: scripts/gate_synth.sh) is Verilated in place of the RTL into
# kmusim (build/bin/kmusim-gate: the same shim, C twin and scoreboards as kmusim-small) and run
# through scripts/test_kmu_gpu_cosim.sh: the C model and the netlist compared on every output
# of every cycle, on the hand-written and random workloads, from random power-up state.
#   make gate [GATE_CYCLES=100000] [SEED=1] [GATE_HAND=0: random workloads only]
#             [GATE_SPAN=5000: the cycles a random workload's arrivals spread over; its run lasts
#             longer, 85k cycles for seed 1, while its kernels drain]
# The netlist is cached in build/gate/ (redone when the RTL changes; Yosys takes minutes, the
# Verilator build of its 86k cells more), so make gate is not in make test; .ci/run lists it as
# a separate target it skips, with its cost.  Not in make lint either (a generated netlist; its
# RTL is linted), nor in make mutants.
GATE_NETLIST := $(BUILD)/gate/kmu_gpu_small.v
GATE_CYCLES  ?= 100000
GATE_HAND    ?= 1
GATE_SPAN    ?= 5000
kmusim_gate_TOP    := kmu_gpu
kmusim_gate_RTL    := $(GATE_NETLIST)
# the netlist has no parameters (Verilator refuses a -G it cannot find): the C side gets the
# small configuration's -DP_ defines through CFLAGS instead
kmusim_gate_PARAMS :=
kmusim_gate_CFLAGS := $(addprefix -DP_,$(GPU_SMALL))
kmusim_gate_TEST   := $(kmusim_small_TEST)
kmusim_gate_C      := $(kmusim_small_C)
kmusim_gate_BIN    := $(BINDIR)/kmusim-gate
# the netlist's style (one flop per always block, yosys's generated names) is not linted
kmusim_gate_VFLAGS := tb/shim/kmu_gpu.vlt -Wno-lint -Wno-style --build-jobs 2 \
                      -CFLAGS "$(kmusim_gate_CFLAGS)"
$(eval $(call harness_rules,kmusim_gate))
$(kmusim_gate_BIN): tb/shim/kmu_gpu.vlt

$(GATE_NETLIST): $(RTL_kmu_gpu) $(RTL_INCLUDES) scripts/gate_synth.sh
	@nice bash scripts/gate_synth.sh $@ kmu_gpu "$(GPU_SMALL)" $(RTL_kmu_gpu)

.PHONY: gate
gate: $(DEPS_STAMP) $(kmusim_gate_BIN)
	@KMU_BIN=$(kmusim_gate_BIN) MIN_CYCLES=$(GATE_CYCLES) SEED=$(or $(SEED),1) \
	  KMU_COSIM_HAND=$(GATE_HAND) KMU_COSIM_SPAN=$(GATE_SPAN) \
	  bash scripts/test_kmu_gpu_cosim.sh
