#!/usr/bin/env bash
# test_study_quick.sh STUDY CONFIG - make test's smoke run of a kmusim study: builds
# build/bin/kmusim-CONFIG (small, paper, or paper-c: the C-only paper build) and runs the
# reduced study (studies/STUDY/study.py --quick, output in build/study-STUDY-smoke), which applies every check
# of the full study and prints the PASS/FAIL lines run_tests.sh counts; its exit status is the
# study's.  Called by the per-study wrappers make test lists (run_tests.sh passes no arguments):
# scripts/test_study_rgem.sh, studies/trem/test_quick.sh.
set -u
cd "$(dirname "$0")/.."
study=$1 cfg=$2
bin=build/bin/kmusim-$cfg
. scripts/test_lib.sh
build_or_fail "study_$study" "$bin" "build/study-$study-smoke/build.log"
exec python3 "studies/$study/study.py" --quick --kmusim "$bin" --out "build/study-$study-smoke"
