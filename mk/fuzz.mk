# mk/fuzz.mk - libFuzzer targets (clang-14 with libclang-rt-14-dev, from make deps) and the
# sanitizer build of kmusim.  docs/verification.md "Fuzzing" has the results.
#
#   make fuzz          each target for FUZZ_TIME seconds (default 600: 10 minutes per target,
#                      one after the other, nice'd); not in make test or CI.  New inputs go to
#                      build/fuzz/corpus/<target>/, crashes to build/fuzz/crashes/<target>/.
#   make fuzz-keep     merge build/fuzz/corpus/<target>/ into the kept corpus
#                      tb/fuzz/corpus/<target>/ (only inputs that add coverage; commit them)
#   make fuzz-cov      line and branch coverage of the kept corpus (llvm-cov)
#   make fuzz-regress  (part of make test, seconds) replays the kept corpus and the crash
#                      corpus tb/fuzz/crashes/<target>/ (every crash found, fixed) under the
#                      sanitizers, runs the kmusim error workloads on kmusim-fake-san and the
#                      small workloads on kmusim-small-c-san (the system C model)
#
# Targets (tb/fuzz/fuzz_<target>.c):
#   workload   the kmusim workload parser (sim/kmusim/workload.c) on arbitrary bytes
#   gpu_mmio   the system C model (cmodel/kmu_gpu.c, small configuration) driven by an
#              AXI4-Lite MMIO stream decoded from the input
FUZZ_CC      := clang-14
FUZZ_TIME    ?= 600
FUZZ_TARGETS := workload gpu_mmio
FUZZ_DIR     := $(BUILD)/fuzz
SAN_FLAGS    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  := -std=c11 -g -O2 -Wall -Wextra -Werror $(SAN_FLAGS) \
                $(addprefix -I,$(CMODEL_INC_DIRS) tb/common $(SIM_INC_DIRS))
fuzz_workload_SRC := tb/fuzz/fuzz_workload.c sim/kmusim/workload.c
fuzz_gpu_mmio_SRC := tb/fuzz/fuzz_gpu_mmio.c $(GPU_C) sim/env/kmu_axil_master.c $(TB_COMMON_C)
fuzz_gpu_mmio_DEF := $(addprefix -DP_,$(GPU_SMALL))
FUZZ_BINS    := $(foreach t,$(FUZZ_TARGETS),$(FUZZ_DIR)/fuzz_$(t))
FUZZ_HDRS     = $(wildcard $(addsuffix /*.h,$(CMODEL_INC_DIRS) tb/common $(SIM_INC_DIRS)))

define fuzz_rule
$(FUZZ_DIR)/fuzz_$(1): $(fuzz_$(1)_SRC) $$(FUZZ_HDRS) mk/fuzz.mk
	@mkdir -p $$(@D)
	@echo "  FUZZCC   $$@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(fuzz_$(1)_DEF) $(fuzz_$(1)_SRC) -o $$@
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_rule,$(t))))

# kmusim (the fake engine's build: the parser, the simulator, the reports) under ASan + UBSan
KMUSIM_SAN := $(BINDIR)/kmusim-fake-san
$(KMUSIM_SAN): sim/kmusim/kmusim.c $(KMUSIM_C) sim/kmusim/engine_list_fake.c $(TB_COMMON_C) \
               $(KMUSIM_HDRS) sim/kmusim/kmusim.mk mk/fuzz.mk
	@mkdir -p $(@D)
	@echo "  SANCC    $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(filter %.c,$^) -o $@

# and kmusim with the system C model of the small build (engines c and fake; no Verilated RTL)
KMUSIM_C_SAN := $(BINDIR)/kmusim-small-c-san
$(KMUSIM_C_SAN): sim/kmusim/kmusim.c $(KMUSIM_C) sim/kmusim/engine_hw.c sim/kmusim/engine_list_c.c \
                 $(GPU_C) $(TB_COMMON_C) $(KMUSIM_HDRS) sim/kmusim/kmusim.mk mk/fuzz.mk
	@mkdir -p $(@D)
	@echo "  SANCC    $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(addprefix -DP_,$(GPU_SMALL)) $(filter %.c,$^) -o $@

.PHONY: fuzz fuzz-keep fuzz-regress fuzz-cov
# -close_fd_mask=2: the parser's messages on stderr would slow the run (libFuzzer's own
# output, a sanitizer report and a target's check failure, on stdout, still appear);
# -timeout: an input running 10 s is a hang
fuzz: $(DEPS_STAMP) $(FUZZ_BINS)
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/crashes/$$t; \
	  echo "fuzz: $$t for $(FUZZ_TIME) s (log $(FUZZ_DIR)/$$t.log)"; \
	  nice $(FUZZ_DIR)/fuzz_$$t -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 \
	    -close_fd_mask=2 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/crashes/$$t/ \
	    $(FUZZ_DIR)/corpus/$$t tb/fuzz/corpus/$$t > $(FUZZ_DIR)/$$t.log 2>&1; \
	  rc=$$?; tail -n 25 $(FUZZ_DIR)/$$t.log; \
	  [ $$rc = 0 ] || { echo "fuzz: $$t FAILED (exit $$rc): see $(FUZZ_DIR)/crashes/$$t/"; exit 1; }; \
	done

# -use_counters=0: an input is kept for a new edge, not for a new hit count of one (a tenth
# of the files: the kept corpus stays small enough to commit)
fuzz-keep: $(FUZZ_BINS)
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p tb/fuzz/corpus/$$t; \
	  $(FUZZ_DIR)/fuzz_$$t -merge=1 -use_counters=0 -close_fd_mask=3 tb/fuzz/corpus/$$t \
	    $(FUZZ_DIR)/corpus/$$t 2>&1 | grep -E 'MERGE-OUTER: [0-9]+ new files' || exit 1; \
	done

# make fuzz-cov: line / branch coverage (llvm-cov, source based) of the kept corpus and the
# crash inputs, per target: build/fuzz/cov_<target>.txt, its TOTAL line printed
FUZZ_COV_FLAGS := -std=c11 -O1 -g -fprofile-instr-generate -fcoverage-mapping -fsanitize=fuzzer \
                  $(addprefix -I,$(CMODEL_INC_DIRS) tb/common $(SIM_INC_DIRS))
fuzz-cov: $(DEPS_STAMP)
	@for t in $(FUZZ_TARGETS); do \
	  case $$t in workload) src="$(fuzz_workload_SRC)"; def=;; \
	    gpu_mmio) src="$(fuzz_gpu_mmio_SRC)"; def="$(fuzz_gpu_mmio_DEF)";; esac; \
	  $(FUZZ_CC) $(FUZZ_COV_FLAGS) $$def $$src -o $(FUZZ_DIR)/cov_$$t || exit 1; \
	  rm -f $(FUZZ_DIR)/cov_$$t.profraw; \
	  LLVM_PROFILE_FILE=$(FUZZ_DIR)/cov_$$t.profraw $(FUZZ_DIR)/cov_$$t -close_fd_mask=3 \
	    tb/fuzz/corpus/$$t/* $$(ls tb/fuzz/crashes/$$t/* 2>/dev/null) >/dev/null 2>&1; \
	  llvm-profdata-14 merge -sparse $(FUZZ_DIR)/cov_$$t.profraw -o $(FUZZ_DIR)/cov_$$t.profdata && \
	  llvm-cov-14 report $(FUZZ_DIR)/cov_$$t -instr-profile=$(FUZZ_DIR)/cov_$$t.profdata \
	    $$(echo $$src | tr ' ' '\n' | grep -v '^tb/') > $(FUZZ_DIR)/cov_$$t.txt || exit 1; \
	  echo "fuzz-cov $$t: $$(grep '^TOTAL' $(FUZZ_DIR)/cov_$$t.txt) (build/fuzz/cov_$$t.txt)"; \
	done

fuzz-regress: $(DEPS_STAMP) $(FUZZ_BINS) $(KMUSIM_SAN) $(KMUSIM_C_SAN)
	@bash scripts/test_fuzz_regress.sh

# make test: the same replay (scripts/test_fuzz_regress.sh, which finds the binaries built)
TEST_SCRIPTS += scripts/test_fuzz_regress.sh
# (this file is read after the Makefile's verilate rule expanded TEST_DEPS: name the binaries
# as verilate's prerequisites here, so make test builds them on a clean clone)
TEST_DEPS    += $(FUZZ_BINS) $(KMUSIM_SAN) $(KMUSIM_C_SAN)
verilate: $(FUZZ_BINS) $(KMUSIM_SAN) $(KMUSIM_C_SAN)
