# studies/gpupio/study.mk - the GPUpIO study (issue 13 item 6, docs/results-gpupio.md).
#   make study-gpupio   kmusim's paper configuration (16 SMs, engine c only: kmu_gpu's C twin
#                       with kmu_yield_mon and every kmu_sm's yield lane; the C-only build
#                       build/bin/kmusim-paper-c, no Verilated RTL to build) on the I/O thread blocks
#                       of studies/gpupio/gen.py: alpha calibrated per context size (one yield
#                       onto an idle SM), the section 3 model sweep (Fig. 1-2: C/I 0.1 .. 10,
#                       three alphas, a device serving one request at a time (kmusim
#                       iodev_serial=1), measured speedup beside S = (I+C)/(max(I,C)+alpha) and
#                       S_pipe = (I+C)/max(I,C+alpha); the overlapping device (iodev_serial=0)
#                       beside S_par = (I+C)/(C+alpha)), the
#                       mixed workload (Fig. 6: 1 .. 10 I/O kernels + compute kernels, with and
#                       without yield) and head vs tail re-enqueue (Fig. 12-15: the I/O kernel's
#                       time in system and restart delay against 1 .. 8 compute kernels).
#                       Prints the issue's targets (TARGET MET / MISSED, not fatal) and writes
#                       build/study-gpupio/{summary.md,summary.json,*.csv}.  SEED=<n> seeds
#                       kmusim (default 1).  Exit 1 on a failed kmusim run (scoreboards,
#                       conservation, YIELD_ERR, an I/O request not signalled, a taken yield not
#                       woken) or a run that is not its scenario.  About 10 CPU minutes.
#                       Only the calibration and the model sweep: python3 studies/gpupio/study.py
#                       --kmusim build/bin/kmusim-paper-c --out build/study-gpupio --part model
STUDY_GPUPIO_DIR := $(BUILD)/study-gpupio

.PHONY: study-gpupio
study-gpupio: $(KMUSIM_PAPER_C)
	@python3 studies/gpupio/study.py --kmusim $(KMUSIM_PAPER_C) --out $(STUDY_GPUPIO_DIR)

# make test: the reduced study (studies/gpupio/test_quick.sh, under 20 s) with the same checks
TEST_SCRIPTS += studies/gpupio/test_quick.sh
TEST_DEPS    += $(kmusim_paper_BIN)
