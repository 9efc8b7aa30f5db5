# kmu_gpu: the system top (front end, kernel management, dispatch, SM controllers, memory
# port), tested in lockstep through kmusim (sim/kmusim/kmusim.mk builds it) on random
# workloads: scripts/test_kmu_gpu_cosim.sh.
# make mutants: the cosim script on both builds (its random workloads in the build's sizes)
MUT_RUNS_kmu_gpu := kmusim_small:scripts/test_kmu_gpu_cosim.sh:small \
                    kmusim_paper:scripts/test_kmu_gpu_cosim.sh:paper
# make test: >= 1,000,000 cycles of random workloads in lockstep through kmusim --engine cosim
TEST_SCRIPTS += scripts/test_kmu_gpu_cosim.sh
# and the paper-configuration regressions (workloads/regress/) on the paper build's C model
TEST_DEPS    += $(call bin_of,kmusim_small) $(call bin_of,kmusim_paper)
# System level: GPUpIO's yield (issue 13) on the system C model (small and paper configurations), driven
# through the register map with fuzz_gpu_mmio.c's environment plus a SIMT yield event:
# tb/test_kmu_gpu_yield.c, run by scripts/test_kmu_gpu_yield.sh in make test (seconds); a
# mutant run names it as kmu_yield_mon:scripts/test_kmu_gpu_yield.sh (the script then builds the
# mutant's copy: make MUT=<name>).
# The same file at the paper configuration too (GPU_PAPER: 16 SMs of 32 TBs; the directed tests
# are sized by the build: RES = NSM * TBS resident TBs): $(HDIR)/yield_paper/, C model only.
define yield_c_rule
$$(HDIR)/$(1)/test_kmu_gpu_yield: $$(call src,tb/test_kmu_gpu_yield.c tb/fuzz/fuzz_gpu_mmio.c \
                                   tb/kmu_gpu_check.h $$(GPU_C) sim/env/kmu_axil_master.c \
                                   $$(TB_COMMON_C) tb/kmu_gpu.mk)
	@mkdir -p $$(@D)
	@$$(CC) $$(CFLAGS_C) $$(addprefix -DP_,$$($(2))) $$(filter-out %/fuzz_gpu_mmio.c,$$(filter %.c,$$^)) -o $$@
endef
$(eval $(call yield_c_rule,yield,GPU_SMALL))
$(eval $(call yield_c_rule,yield_paper,GPU_PAPER))
TEST_SCRIPTS += scripts/test_kmu_gpu_yield.sh
# ... and the same test with the Verilated kmu_gpu in lockstep beside the C model (every output
# every cycle): kmu_gpu_yield, built with YW = 6 (the full test's monitor; the C side reads
# P_YW).  A tool, not a harness, so that make synth / make icarus do not take the whole system
# as a block: scripts/test_kmu_gpu_yield.sh runs it in make test (seconds).  `=`: GPU_SMALL and
# GPU_C come from sim/kmusim/kmusim.mk.
TOOLS += kmu_gpu_yield
TEST_DEPS += $(call bin_of,kmu_gpu_yield)
kmu_gpu_yield_TOP    = kmu_gpu
kmu_gpu_yield_RTL    = $(RTL_kmu_gpu)
kmu_gpu_yield_PARAMS = $(GPU_SMALL) YW=6
kmu_gpu_yield_TEST   = tb/test_kmu_gpu_yield.c
kmu_gpu_yield_C      = $(GPU_C) sim/env/kmu_axil_master.c
kmu_gpu_yield_CFLAGS = -DKMU_GPU_RTL
kmu_gpu_yield_VFLAGS = tb/shim/kmu_gpu.vlt
$(call bin_of,kmu_gpu_yield): tb/shim/kmu_gpu.vlt
# the test's CHECK (shared with tb/test_kmu_gpu_trem.c; not in tb/common, whose headers every
# harness depends on)
$(HDIR)/kmu_gpu_yield/libtest.a: $(call src,tb/kmu_gpu_check.h)
