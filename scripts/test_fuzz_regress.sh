#!/usr/bin/env bash
# test_fuzz_regress.sh - the fuzzing regression tests (make fuzz-regress; part of make test):
#   1. every kept input of each libFuzzer target (tb/fuzz/corpus/<target>/: the corpus that
#      make fuzz grew, and tb/fuzz/crashes/<target>/: every crash found, fixed since) replayed
#      once under ASan + UBSan; an input that crashes, leaks or hits undefined behaviour fails;
#   2. kmusim built with ASan + UBSan (build/bin/kmusim-fake-san) on every error workload
#      (workloads/errors/*.wl: its "# expect-exit:" code and "# expect:" message, as
#      scripts/kmusim_smoke.sh checks them on the plain build) and on the good workloads, and
#      the unreadable-input answers; any sanitizer report fails;
#   3. kmusim with the small build's system C model under the sanitizers
#      (build/bin/kmusim-small-c-san) on the small workloads.
# The binaries come from mk/fuzz.mk (make fuzz-regress builds them).  Ends with
# "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
FUZZ_DIR=${FUZZ_DIR:-build/fuzz}
SAN=${KMUSIM_SAN:-build/bin/kmusim-fake-san}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 30; }
# a sanitizer report ends the program with this status (and prints "Sanitizer")
export ASAN_OPTIONS=detect_leaks=1:exitcode=86:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=86

# 1. the kept corpus and crash inputs, one libFuzzer run over the files (no fuzzing)
for t in workload gpu_mmio; do
  bin=$FUZZ_DIR/fuzz_$t
  [ -x "$bin" ] || { bad "fuzz $t: $bin not built (make fuzz-regress)"; continue; }
  for kind in corpus crashes; do
    files=(tb/fuzz/$kind/$t/*)
    [ -e "${files[0]}" ] || continue
    # -close_fd_mask=2: the parser's messages (stderr) would flood the log; libFuzzer's own
    # output, the sanitizers' reports and the targets' check failures (stdout) stay
    if timeout 300 "$bin" -timeout=20 -close_fd_mask=2 "${files[@]}" >"$TMP/$t.log" 2>&1; then
      ok "fuzz $t: ${#files[@]} inputs of tb/fuzz/$kind/$t replayed clean"
    else
      grep -E -A 30 'ERROR|SUMMARY|check failed|fuzz_gpu_mmio: cycle|runtime error' "$TMP/$t.log" \
        >"$TMP/$t.why" || tail -n 30 "$TMP/$t.log" >"$TMP/$t.why"
      bad "fuzz $t: tb/fuzz/$kind/$t (replay)" "$TMP/$t.why"
    fi
  done
done

# 2. kmusim under the sanitizers: the error workloads give their answer, nothing else
[ -x "$SAN" ] || { bad "kmusim sanitizer build: $SAN not built (make fuzz-regress)"; SAN=; }
san_clean() { ! grep -qE 'Sanitizer|runtime error' "$1"; }
if [ -n "$SAN" ]; then
  for wl in workloads/errors/*.wl; do
    want_rc=$(sed -n 's/^# expect-exit: //p' "$wl")
    want_msg=$(sed -n 's/^# expect: //p' "$wl")
    timeout 60 "$SAN" --quiet "$wl" >"$TMP/e.out" 2>"$TMP/e.err"
    rc=$?
    if [ "$rc" = "$want_rc" ] && grep -qF -- "$wl$want_msg" "$TMP/e.err" && san_clean "$TMP/e.err"; then
      ok "kmusim-san error $wl"
    else
      { echo "expected exit $want_rc and: $wl$want_msg"; echo "got exit $rc:"; cat "$TMP/e.err"; } >"$TMP/e.why"
      bad "kmusim-san error $wl" "$TMP/e.why"
    fi
  done
  for wl in workloads/*.wl; do
    timeout 120 "$SAN" --quiet --json "$TMP/r.json" --timeline "$TMP/r.svg" "$wl" \
      >"$TMP/r.out" 2>"$TMP/r.err"
    rc=$?
    if [ "$rc" = 0 ] && san_clean "$TMP/r.err"; then ok "kmusim-san run $wl"
    else { echo "exit $rc:"; cat "$TMP/r.err"; } >"$TMP/r.why"; bad "kmusim-san run $wl" "$TMP/r.why"; fi
  done
  # unreadable and non-text inputs: an answer (exit 1 or 2), no report
  for args in "workloads/no_such.wl" "workloads" "/dev/zero" "--config /dev/zero workloads/demo.wl" \
              "--policy lottery workloads/demo.wl" "--config workloads/no_such.cfg workloads/demo.wl"; do
    # shellcheck disable=SC2086
    timeout 20 "$SAN" --quiet $args >"$TMP/i.out" 2>"$TMP/i.err"
    rc=$?
    if { [ "$rc" = 1 ] || [ "$rc" = 2 ]; } && san_clean "$TMP/i.err"; then ok "kmusim-san input: $args (exit $rc)"
    else { echo "exit $rc:"; cat "$TMP/i.err"; } >"$TMP/i.why"; bad "kmusim-san input: $args" "$TMP/i.why"; fi
  done
fi
# 3. kmusim with the system C model of the small build (build/bin/kmusim-small-c-san) under
# the sanitizers: the small workloads (one with every preemption policy's paths) run clean
CSAN=${KMUSIM_C_SAN:-build/bin/kmusim-small-c-san}
if [ -x "$CSAN" ]; then
  for run in workloads/demo.wl workloads/reserve.wl workloads/rgem.wl workloads/preempt.wl \
             "--policy chimera_dirty+warp workloads/preempt.wl"; do
    # shellcheck disable=SC2086
    timeout 300 "$CSAN" --quiet --engine c $run >"$TMP/c.out" 2>"$TMP/c.err"
    rc=$?
    if [ "$rc" = 0 ] && san_clean "$TMP/c.err"; then ok "kmusim-small-c-san run $run"
    else { echo "exit $rc:"; cat "$TMP/c.err"; } >"$TMP/c.why"; bad "kmusim-small-c-san run $run" "$TMP/c.why"; fi
  done
else
  bad "kmusim C-model sanitizer build: $CSAN not built (make fuzz-regress)"
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
