# mk/kmusim.mk - the kmusim system simulator (docs/kmusim.md).
#   make kmusim-fake   build/kmusim/kmusim-fake: kmusim with only the fake test-double engine
#                      (tests kmusim itself; its numbers are never results)
#   make kmusim-smoke  build it and run scripts/kmusim_smoke.sh
# The real engines (engine_c.c, engine_rtl.cpp, cosim) add their own binary and engine list.
KMUSIM_DIR    := tb/kmusim
KMUSIM_CORE_C := $(KMUSIM_DIR)/kmusim.c $(KMUSIM_DIR)/workload.c $(KMUSIM_DIR)/sim.c \
                 $(KMUSIM_DIR)/report.c $(KMUSIM_DIR)/sm_model.c $(KMUSIM_DIR)/mem_model.c \
                 tb/common/kmu_tb.c tb/common/kmu_axil_master.c
KMUSIM_HDRS   := $(wildcard $(KMUSIM_DIR)/*.h) $(wildcard cmodel/*.h) $(wildcard tb/common/*.h)
KMUSIM_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -Icmodel -Itb/common -I$(KMUSIM_DIR)

.PHONY: kmusim-fake kmusim-smoke
kmusim-fake: $(BUILD)/kmusim/kmusim-fake

$(BUILD)/kmusim/kmusim-fake: $(KMUSIM_CORE_C) $(KMUSIM_DIR)/engine_fake.c \
                             $(KMUSIM_DIR)/engine_list_fake.c $(KMUSIM_HDRS) mk/kmusim.mk
	@mkdir -p $(@D)
	@echo "  CC    $@"
	@$(CC) $(KMUSIM_CFLAGS) $(KMUSIM_CORE_C) $(KMUSIM_DIR)/engine_fake.c \
	  $(KMUSIM_DIR)/engine_list_fake.c -o $@

kmusim-smoke: $(BUILD)/kmusim/kmusim-fake
	@bash scripts/kmusim_smoke.sh $(BUILD)/kmusim/kmusim-fake
