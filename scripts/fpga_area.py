#!/usr/bin/env python3
"""fpga_area.py - the ECP5 netlist of `make fpga BOARD=ulx3s` (scripts/fpga.sh),
counted with scripts/synth_system.py's block counts.

    fpga_area.py period TOPV PARAMS REF   the core clock's period in ps (an integer) from the
                                          board top TOPV's PLL parameters (their defaults,
                                          overridden by PARAMS "NAME=VALUE ..."), REF MHz the
                                          oscillator: ABC9's delay bound (scripts/fpga.sh)
    fpga_area.py groups NETLIST TOP       an iCE40 netlist's flip-flop control groups (clock,
                                          enable, set/reset): how many, how many under 8
                                          flip-flops, the logic-block slots they strand
    fpga_area.py blocks NETLIST TOP CAP   total and per-block ECP5 cells of TOP's netlist
                                          (own module times instances); exit 3 when the LUT4s
                                          it takes on the device exceed CAP (the device's)
    fpga_area.py resets NETLIST TOP       what drives the LSR of TOP's (a flat ECP5 netlist)
                                          flip-flops with an asynchronous reset; exit 4 when
                                          any is not the board top's DCCA (the reset's global
                                          buffer, kmu_ulx3s_top.v): it would be on the fabric
The device's LUT4s are nextpnr-ecp5's "Total LUT4s" before packing: LUT4 cells, 2 per CCU2C
carry and 6 per TRELLIS_DPR16X4 (4 RAM LUTs and 2 RAMW LUTs: measured equal on the ULX3S
build, 68,009 both).  The LUT4 of issue 15's targets (synth_system.py) leaves the LUT RAM out.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synth_system as Y  # noqa: E402


def blocks(netlist, top, cap):
    mods = Y.netlist_modules(netlist)
    a = Y.area_of(mods, Y.ecp5_counts, ["bram", "lutram"], top_name=top)
    tot = a["lut4_total"]
    dev = tot + 6 * a["lutram"]
    print(f"  netlist: {tot:,} LUT4 ({a['lut']:,} LUT4 + 2 x {a['carry']:,} CCU2C), "
          f"{a['ff']:,} FF, {a['lutram']:,} TRELLIS_DPR16X4, {a['bram']:,} DP16KD, "
          f"{a['dsp']:,} MULT18X18D; with the LUT RAM's 6 LUT4 each {dev:,} LUT4, "
          f"{dev / cap:.0%} of the device's {cap:,}")
    print("  blocks (own module x instances; LUT4 incl. 2 per CCU2C, FF, DPR16X4, DP16KD, "
          "MULT18X18D):")
    rows = sorted(a["blocks"].items(), key=lambda kv: -(kv[1]["lut"] + 2 * kv[1].get("carry", 0)))
    for name, b in rows:
        l4 = b["lut"] + 2 * b.get("carry", 0)
        if not (l4 or b["ff"] or b.get("bram") or b.get("lutram")):
            continue
        print(f"    {name:<20} x{b['instances']:<3} {l4:>8,} {b['ff']:>7,} {b.get('lutram', 0):>5,} "
              f"{b.get('bram', 0):>4,} {b.get('dsp', 0):>4,}  {l4 / tot:5.1%}")
    if dev > cap:
        print(f"  does not fit: {dev:,} LUT4 > {cap:,} (over by {dev - cap:,}, "
              f"{dev / cap:.2f}x)")
        return 3
    return 0


def pll_out(who, ref, fin, fb, op, os_):
    """The EHXPLLL's CLKOS in MHz from REF MHz and its four divisors (CLKI, CLKFB, CLKOP,
    CLKOS); exits naming them when a divisor is not positive or the PLL is outside the ECP5's
    ranges (ECP5 data sheet, sysCLOCK PLL timing; the same as LiteX's ECP5PLL: PFD 10..400
    MHz, VCO 400..800 MHz, outputs 3.125..400 MHz; outside them the PLL is not specified to
    lock)"""
    div = f"CLKI_DIV {fin} CLKFB_DIV {fb} CLKOP_DIV {op} CLKOS_DIV {os_}"
    if min(fin, fb, op, os_) < 1:
        sys.exit(f"fpga_area.py {who}: EHXPLLL {div}: every divisor must be at least 1")
    pfd, vco = ref / fin, ref / fin * fb * op
    f = vco / os_
    if not (10 <= pfd <= 400 and 400 <= vco <= 800 and 3.125 <= f <= 400):
        sys.exit(f"fpga_area.py {who}: EHXPLLL {div} from {ref:g} MHz: PFD {pfd:g}, VCO {vco:g},"
                 f" CLKOS {f:g} MHz, outside the ECP5's 10..400 / 400..800 / 3.125..400 MHz")
    return f


def clock(netlist, ref):
    """The core clock of the board netlist, for nextpnr's --freq: the EHXPLLL's output, so a
    CONFIG that overrides the PLL divisors constrains what it builds."""
    import json
    with open(netlist) as f:
        mods = json.load(f)["modules"]

    def num(v):  # write_json: parameters as binary strings (or integers)
        return int(v, 2) if isinstance(v, str) else int(v)
    plls = [c["parameters"] for m in mods.values() for c in m.get("cells", {}).values()
            if c["type"] == "EHXPLLL"]
    if len(plls) > 1:
        sys.exit(f"fpga_area.py clock: {len(plls)} EHXPLLL in {netlist}, expected at most 1")
    if not plls:
        f = ref
    else:
        p = plls[0]
        keys = ("CLKI_DIV", "CLKFB_DIV", "CLKOP_DIV", "CLKOS_DIV")
        if any(k not in p for k in keys):
            sys.exit(f"fpga_area.py clock: the EHXPLLL does not set {', '.join(keys)}"
                     " (the board top's core clock is its CLKOS)")
        f = pll_out("clock", ref, *(num(p[k]) for k in keys))
    print(f"{f:.4f}".rstrip("0").rstrip("."))
    return 0


def period(topv, params, ref):
    """The board top's core clock period in ps, before synthesis: the same divisors as the
    EHXPLLL that clock() reads from the netlist afterwards (PLL = 0: the oscillator)."""
    import re
    want = ("PLL", "PLL_IN", "PLL_FB", "PLL_VCO", "PLL_OUT")
    val = {}
    with open(topv) as f:
        for m in re.finditer(r"parameter\s+integer\s+(\w+)\s*=\s*(\d+)", f.read()):
            if m.group(1) in want:
                val[m.group(1)] = int(m.group(2))
    for kv in params.split():
        k, _, v = kv.partition("=")
        if k in want:
            if not re.fullmatch(r"\d+", v):
                sys.exit(f"fpga_area.py period: CONFIG's {k}={v}: not a non-negative integer")
            val[k] = int(v)
    if val.get("PLL", 0) == 0:
        mhz = ref
    else:
        if any(k not in val for k in want[1:]):
            sys.exit(f"fpga_area.py period: {topv} does not set {', '.join(want[1:])}")
        mhz = pll_out("period", ref, *(val[k] for k in want[1:]))
    print(int(round(1e6 / mhz)))
    return 0


def groups(netlist, top):
    """The iCE40 flip-flops of TOP (a flat netlist) grouped by clock, clock enable and set/reset:
    a UP5K logic block's 8 cells share them, so a group of n flip-flops takes ceil(n / 8) blocks
    and strands the rest of the last one for flip-flops (docs/fpga.md "2026-11-28")."""
    import collections
    import json
    with open(netlist) as f:
        cells = json.load(f)["modules"][top]["cells"].values()
    g = collections.Counter()
    for c in cells:
        if c["type"].startswith("SB_DFF"):
            p = c["connections"]
            g[(c["type"].startswith("SB_DFFN"), tuple(p.get("C", [])), tuple(p.get("E", [])),
               tuple(p.get("R", p.get("S", []))), "S" in p)] += 1
    small = sum(1 for n in g.values() if n < 8)
    stranded = sum(-n % 8 for n in g.values())
    print(f"  flip-flop control groups: {len(g)} ({small} under 8 flip-flops), "
          f"{stranded} logic-block slots stranded, {sum(g.values())} flip-flops")
    return 0


def resets(netlist, top):
    """The drivers of the LSR pins of TOP's flip-flops with an asynchronous reset (SRMODE
    ASYNC): the board top puts the core reset on a global (a DCCA) and scripts/fpga.sh folds the
    modules' reset inverters into it; a flip-flop reset from anything else (a LUT, a port) would
    take the fabric's routing (docs/fpga.md "The reset on a global")."""
    import collections
    import json
    with open(netlist) as f:
        cells = json.load(f)["modules"][top]["cells"]
    drv = {}
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            if c.get("port_directions", {}).get(port) == "output":
                for b in bits:
                    drv[b] = (c["type"], name)
    by = collections.Counter()
    for c in cells.values():
        if c["type"] == "TRELLIS_FF" and c["parameters"].get("SRMODE") == "ASYNC":
            lsr = c["connections"].get("LSR", [None])[0]
            by[drv.get(lsr, ("a port or constant", str(lsr)))] += 1
    total = sum(by.values())
    glb = sum(n for (t, _), n in by.items() if t == "DCCA")
    print(f"  asynchronous resets: {glb:,} of {total:,} flip-flops' LSR from the global (DCCA)"
          + "".join(f"; {n:,} from {t} {name}" for (t, name), n in by.most_common() if t != "DCCA"))
    return 0 if glb == total else 4


def main(argv):
    if len(argv) == 5 and argv[1] == "period":
        return period(argv[2], argv[3], float(argv[4]))
    if len(argv) == 4 and argv[1] == "groups":
        return groups(argv[2], argv[3])
    if len(argv) == 5 and argv[1] == "blocks":
        return blocks(argv[2], argv[3], int(argv[4]))
    if len(argv) == 4 and argv[1] == "resets":
        return resets(argv[2], argv[3])
    if len(argv) == 4 and argv[1] == "clock":
        return clock(argv[2], float(argv[3]))
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
