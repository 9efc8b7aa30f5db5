# tools/kmuctl/kmuctl.mk - kmuctl, the host side of a board (docs/tools.md): build/bin/kmuctl.
# kmu_link.{h,c} is its protocol library (kmu_uart_axil's link protocol), kept apart from the
# command line; kmuctl_run.c is `kmuctl run W.wl`, linked with kmusim's workload parser
# (sim/kmusim/workload.c, shared).
KMUCTL     := $(BUILD)/bin/kmuctl
KMUCTL_SRC := tools/kmuctl/kmuctl.c tools/kmuctl/kmu_link.c tools/kmuctl/kmuctl_run.c \
              sim/kmusim/workload.c

.PHONY: kmuctl
kmuctl: $(KMUCTL)
$(KMUCTL): $(KMUCTL_SRC) tools/kmuctl/kmu_link.h tools/kmuctl/kmuctl_run.h sim/kmusim/workload.h \
           cmodel/include/kmu_regmap.h tools/kmuctl/kmuctl.mk
	@mkdir -p $(@D)
	@echo "  CC    $@"
	@$(CC) -std=c11 -O2 -g -Wall -Wextra -Werror -Icmodel/include -Itools/kmuctl -Isim/kmusim $(KMUCTL_SRC) -o $@

# make test: the library against a scripted bridge on a pseudo-terminal (answers a real bridge
# never gives: bad checksums, wrong answer bytes, cut-off answers, silence), tb/test_kmu_link.c
KMU_LINK_TEST := $(BUILD)/tb/kmu_link/test_kmu_link
$(KMU_LINK_TEST): tb/test_kmu_link.c tools/kmuctl/kmu_link.c tools/kmuctl/kmu_link.h
	@mkdir -p $(@D)
	@echo "  CC    $@"
	@$(CC) -std=c11 -O2 -g -Wall -Wextra -Werror -Itools/kmuctl tb/test_kmu_link.c tools/kmuctl/kmu_link.c -o $@
TEST_SCRIPTS += $(KMU_LINK_TEST)
TEST_DEPS    += $(KMU_LINK_TEST)
