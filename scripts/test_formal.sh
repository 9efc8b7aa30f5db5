#!/usr/bin/env bash
# test_formal.sh - the fast formal proofs (formal/*.sby marked "# formal: fast") in make test:
# one "PASS formal ..." / "FAIL formal ..." line per task; make formal runs them all.
exec bash "$(dirname "$0")/formal.sh" --fast
