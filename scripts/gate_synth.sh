#!/usr/bin/env bash
# gate_synth.sh OUT.v TOP "P=V ..." RTL... - the gate-level netlist of TOP for make gate
# (mk/gate.mk): Yosys generic `synth -flatten` (its coarse steps as is, then its fine steps but
# memory_map: opt, techmap to Yosys's internal gates, abc -fast), written with write_verilog
# -noattr.  Every memory stays a memory (a reg array in the netlist, its read and write logic
# gates around it): the SM register files, as they would map to block RAM, and the small
# tables and FIFO storage too.  No KMU_ASSERT: synthesis never sees the assertions.  The log,
# beside OUT.v, the cell counts at its end.
set -eu
out=$1 top=$2 params=$3
shift 3
chp=""
for p in $params; do chp="$chp -chparam ${p%%=*} ${p#*=}"; done
mkdir -p "$(dirname "$out")"
tmp=$out.tmp
start=$(date +%s)
yosys -q -l "${out%.v}.log" -p "read_verilog -Irtl/include $*; \
  hierarchy -check -top $top $chp; \
  synth -flatten -top $top -run begin:fine; \
  opt -fast -full; opt -full; techmap; opt -fast; abc -fast; opt -fast; \
  hierarchy -check; stat; check; \
  write_verilog -noattr $tmp" >"${out%.v}.out" 2>&1 || { tail -n 30 "${out%.v}.out"; exit 1; }
mv "$tmp" "$out"
echo "  SYNTH    $top -> $out: $(( $(date +%s) - start )) s of Yosys (wall clock)"
