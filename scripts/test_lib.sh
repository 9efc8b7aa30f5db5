# test_lib.sh - sourced by make test's scripts (scripts/test_*.sh) after they cd to the
# repository root: what they share.
#
# build_or_fail NAME TARGET LOG: make TARGET quietly (its output in LOG).  When that fails:
# "FAIL NAME.build: make TARGET failed" (the line run_tests.sh counts) with the head of LOG, and
# exit 1: a test whose program does not build fails, it is never skipped.
build_or_fail() {
  local name=$1 target=$2 log=$3
  mkdir -p "$(dirname "$log")"
  make -s --no-print-directory "$target" >"$log" 2>&1 && return 0
  echo "FAIL $name.build: make $target failed"
  head -n 20 "$log"
  exit 1
}
