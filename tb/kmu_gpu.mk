# kmu_gpu: the system top (front end, kernel management, dispatch, SM controllers, memory
# port), tested in lockstep through kmusim (sim/kmusim/kmusim.mk builds it) on random
# workloads: scripts/test_kmu_gpu_cosim.sh.
MUTANTS += MUTANT_GPU_RTL_DONE_SLOT:kmusim_small:scripts/test_kmu_gpu_cosim.sh \
           MUTANT_GPU_C_DONE_SM:kmusim_small:scripts/test_kmu_gpu_cosim.sh
# make test: >= 1,000,000 cycles of random workloads in lockstep through kmusim --engine cosim
TEST_SCRIPTS += scripts/test_kmu_gpu_cosim.sh
TEST_DEPS    += $(call bin_of,kmusim_small)
