# tools/kmuctl/kmuctl.mk - kmuctl, the host side of a board (docs/tools.md): build/bin/kmuctl.
# kmu_link.{h,c} is its protocol library (kmu_uart_axil's link protocol), kept apart from the
# command line so that later tools (kmuctl run) share it.
KMUCTL     := $(BUILD)/bin/kmuctl
KMUCTL_SRC := tools/kmuctl/kmuctl.c tools/kmuctl/kmu_link.c

.PHONY: kmuctl
kmuctl: $(KMUCTL)
$(KMUCTL): $(KMUCTL_SRC) tools/kmuctl/kmu_link.h cmodel/include/kmu_regmap.h tools/kmuctl/kmuctl.mk
	@mkdir -p $(@D)
	@echo "  CC    $@"
	@$(CC) -std=c11 -O2 -g -Wall -Wextra -Werror -Icmodel/include -Itools/kmuctl $(KMUCTL_SRC) -o $@
