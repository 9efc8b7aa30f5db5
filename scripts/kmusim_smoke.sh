#!/usr/bin/env bash
# kmusim_smoke.sh - smoke test of kmusim on the fake test-double engine (docs/kmusim.md).
#   bash scripts/kmusim_smoke.sh [path/to/kmusim-fake]      (make kmusim-smoke)
# Runs the workloads in workloads/, checks exit codes, JSON and SVG well-formedness,
# determinism, every workloads/errors/*.wl (its "# expect-exit:" code and its "# expect:"
# message "file:line: ..." on stderr) and that every planted bug of the fake engine
# (KMUSIM_FAKE_BUG) is caught by a scoreboard.  Ends with "N passed, M failed".
set -u
BIN=${1:-build/bin/kmusim-fake}
cd "$(dirname "$0")/.."
[ -x "$BIN" ] || { echo "kmusim_smoke: $BIN not built (make kmusim-fake)"; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "PASS $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 20; }

# 1. workloads that must run clean, with JSON and SVG
for wl in workloads/*.wl; do
  name=$(basename "$wl" .wl)
  if "$BIN" --quiet --json "$TMP/$name.json" --timeline "$TMP/$name.svg" "$wl" \
      >"$TMP/$name.out" 2>"$TMP/$name.err"; then
    if python3 - "$TMP/$name.json" "$TMP/$name.svg" >"$TMP/$name.chk" 2>&1 <<'PY'
import json, sys, xml.etree.ElementTree as ET
d = json.load(open(sys.argv[1]))
assert d["tool"] == "kmusim" and d["scoreboard"]["ok"], "scoreboard not ok"
assert d["engine"] == "fake" and d["test_double"] is True, "fake not marked as test double"
s = d["summary"]
assert s["instances"] == s["completed"] > 0, "not every instance completed"
assert s["antt"] is not None and s["antt"] >= 0.99, "ANTT missing or < 1"
for i in d["instances"]:
    assert i["tbs_started"] == i["tbs_done"], "TBs started != done"
    assert i["first_dispatch"] >= i["accepted"] >= i["at"], "times out of order"
    assert i["completed"] > i["first_dispatch"], "completed before first dispatch"
assert 0 < s["sm_warp_util"] <= 1 and 0 < s["sm_tb_util"] <= 1, "utilization out of range"
root = ET.parse(sys.argv[2]).getroot()
ns = "{http://www.w3.org/2000/svg}"
g = {e.get("id"): e for e in root.iter(ns + "g")}
assert "tbs" in g and len(list(g["tbs"])) > 0, "no TB bars in the SVG"
assert "preemptions" in g, "no preemption group in the SVG"
PY
    then ok "run $wl"; else bad "run $wl (output check)" "$TMP/$name.chk"; fi
  else
    bad "run $wl (exit $?)" "$TMP/$name.err"
  fi
done

# 2. determinism: same seed, same JSON; the summary table is printed
"$BIN" --quiet --seed 5 --json "$TMP/a.json" workloads/paper_mix.wl >/dev/null 2>&1
"$BIN" --quiet --seed 5 --json "$TMP/b.json" workloads/paper_mix.wl >/dev/null 2>&1
if cmp -s "$TMP/a.json" "$TMP/b.json"; then ok "same seed, same metrics"; else bad "same seed, same metrics"; fi
"$BIN" workloads/demo.wl >"$TMP/sum.out" 2>&1
if grep -q "test double" "$TMP/sum.out" && grep -q "^ANTT" "$TMP/sum.out" && grep -q "^all " "$TMP/sum.out"; then
  ok "summary table"; else bad "summary table" "$TMP/sum.out"; fi
# a config file replacing the workload's config
if "$BIN" --quiet --config workloads/tiny.cfg --json "$TMP/c.json" workloads/demo.wl >/dev/null 2>"$TMP/c.err" &&
   python3 -c "import json,sys; c=json.load(open(sys.argv[1]))['config']; assert c['nsm']==1 and c['mem_latency']==50" "$TMP/c.json"; then
  ok "--config file"; else bad "--config file" "$TMP/c.err"; fi

# 3. malformed workloads: exit code and "file:line: message"
for wl in workloads/errors/*.wl; do
  want_rc=$(sed -n 's/^# expect-exit: //p' "$wl")
  want_msg=$(sed -n 's/^# expect: //p' "$wl")
  "$BIN" --quiet "$wl" >"$TMP/e.out" 2>"$TMP/e.err"
  rc=$?
  if [ "$rc" = "$want_rc" ] && grep -qF -- "$wl$want_msg" "$TMP/e.err"; then
    ok "error $wl"
  else
    echo "    expected exit $want_rc and: $wl$want_msg" >"$TMP/e.why"
    echo "    got exit $rc:" >>"$TMP/e.why"; cat "$TMP/e.err" >>"$TMP/e.why"
    bad "error $wl" "$TMP/e.why"
  fi
done
# a missing file, an unknown engine, a bad option
"$BIN" --quiet workloads/no_such.wl 2>"$TMP/m.err"; rc=$?
if [ $rc = 2 ] && grep -q "no_such.wl: cannot open" "$TMP/m.err"; then ok "missing workload file"; else bad "missing workload file" "$TMP/m.err"; fi
"$BIN" --quiet --engine nope workloads/demo.wl 2>"$TMP/m.err"; rc=$?
if [ $rc = 1 ] && grep -q "engine 'nope' is not built" "$TMP/m.err"; then ok "unknown engine"; else bad "unknown engine" "$TMP/m.err"; fi

# 4. planted bugs in the fake engine: each must be caught (exit 3)
for bug in drop_doorbell dup_tb double_cpl early_cpl bad_rtb hl_slverr reg_full; do
  KMUSIM_FAKE_BUG=$bug "$BIN" --quiet --hang 20000 workloads/demo.wl >/dev/null 2>"$TMP/bug.err"; rc=$?
  if [ $rc = 3 ]; then ok "planted bug $bug caught: $(head -n 1 "$TMP/bug.err" | cut -c1-90)"
  else bad "planted bug $bug not caught (exit $rc)" "$TMP/bug.err"; fi
done

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
