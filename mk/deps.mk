# mk/deps.mk - `make deps`: install what the machine lacks, then check the tool versions.
# The stamp ($(DEPS_STAMP), defined in the Makefile) runs the installer (apt-get / pip only for
# what is missing) and is redone when scripts/deps.sh changes; `make deps` then always prints
# the version table and writes it to build/reports/tools.txt (a missing tool fails it).
TOOLS_REPORT := $(BUILD)/reports/tools.txt

deps: $(DEPS_STAMP)
	@bash scripts/deps.sh check $(TOOLS_REPORT)

$(DEPS_STAMP): scripts/deps.sh
	@bash scripts/deps.sh install
	@mkdir -p $(@D) && touch $@
