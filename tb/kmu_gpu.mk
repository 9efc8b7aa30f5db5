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
