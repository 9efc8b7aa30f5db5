#!/usr/bin/env bash
# test_rgem_bound.sh - make test's run of studies/rgem/test_bound.py, the tests of the RGEM
# response-time bound (studies/rgem/bound.py, issue 14 item 3): hand-computed cases, bad
# task-set files, the Fig. 11-12 task sets.  PASS/FAIL lines for scripts/run_tests.sh.
set -u
cd "$(dirname "$0")/.."
exec python3 studies/rgem/test_bound.py
