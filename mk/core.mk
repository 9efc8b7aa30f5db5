# mk/core.mk - the FuseSoC core openkmu.core, generated from rtl/files.mk.
#   make core        rewrite openkmu.core
#   make core-check  fail, naming the file, when the committed openkmu.core is stale (make test)
CORE_GEN  = python3 scripts/gen_core.py --inc "$(RTL_INC_DIRS)" --includes "$(RTL_INCLUDES)" \
            --rtl "$(RTL_ALL)"

.PHONY: core core-check
core:
	@$(CORE_GEN) --out openkmu.core
	@echo "  CORE  openkmu.core"

core-check:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(CORE_GEN) --out "$$tmp/openkmu.core" || exit 1; \
	if cmp -s "$$tmp/openkmu.core" openkmu.core; then echo "core-check: openkmu.core matches rtl/files.mk"; \
	else echo "core-check: openkmu.core is stale (differs from rtl/files.mk); run 'make core'"; \
	  diff -u openkmu.core "$$tmp/openkmu.core" | head -n 20; exit 1; fi
