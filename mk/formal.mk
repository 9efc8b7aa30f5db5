# mk/formal.mk - `make formal`: every SymbiYosys proof in formal/*.sby (prove by k-induction
# and cover, at two or more parameter sets), one line per task and "N passed, M failed";
# `make formal-mutants`: every planted bug in formal/mutants/<proof>/*.patch must fail its
# proof.  The tools (yowasp-sby, yices-smt2) come from the venv make deps fills
# (build/venv).  scripts/formal.sh; docs/verification.md.  The proofs marked
# "# formal: fast" also run in make test (scripts/test_formal.sh); FORMAL_REUSE=1 make formal
# (.ci/run) does not prove again a task that passed on the same rtl/ and formal/.
.PHONY: formal formal-mutants
formal: $(DEPS_STAMP)
	@bash scripts/formal.sh

formal-mutants: $(DEPS_STAMP)
	@bash scripts/formal.sh --mutants $(basename $(notdir $(wildcard formal/*.sby)))

TEST_SCRIPTS += scripts/test_formal.sh
