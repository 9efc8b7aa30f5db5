# Register map flow: regmap/kmu.rdl is the one source of truth (docs/regmap-flow.md).
#   make regmap        regenerate rtl/include/kmu_regmap.vh, cmodel/include/kmu_regmap.h, docs/regmap.md
#   make regmap-check  regenerate into a temporary directory and fail, naming the file, when a
#                      committed generated file differs from what the RDL produces
REGMAP_RDL := regmap/kmu.rdl
REGMAP_GEN := scripts/gen_regmap.py
REGMAP_OUT := rtl/include/kmu_regmap.vh cmodel/include/kmu_regmap.h docs/regmap.md

.PHONY: regmap regmap-check
regmap:
	@python3 $(REGMAP_GEN) --rdl $(REGMAP_RDL)
	@echo "  REGMAP $(REGMAP_OUT)"

regmap-check:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	python3 $(REGMAP_GEN) --rdl $(REGMAP_RDL) --out "$$tmp" || exit 1; \
	stale=0; \
	for f in $(REGMAP_OUT); do \
	  if ! cmp -s "$$tmp/$$f" "$$f"; then \
	    echo "regmap-check: $$f is stale (differs from $(REGMAP_RDL)); run 'make regmap'"; \
	    diff -u "$$f" "$$tmp/$$f" | head -n 20; stale=1; \
	  fi; \
	done; \
	[ $$stale = 0 ] && echo "regmap-check: generated files match $(REGMAP_RDL)"; exit $$stale
