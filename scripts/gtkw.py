#!/usr/bin/env python3
"""gtkw.py - a gtkwave save file for a harness's FST (the second half of `make waves`).

    gtkw.py --fst build/waves/T.fst --top <module> [-o build/waves/T.gtkw]

Reads the FST's signal list (fst2vcd prints the VCD header; reading stops at
$enddefinitions) and groups the DUT's top-level ports, found in scope TOP.<module>:
clock/reset, inputs (*_i), outputs (*_o), then the DUT's registers (*_q), each with its bit
range.  Verilator puts the top's ports in scope TOP too; those names say which signals of
TOP.<module> are ports.  The save file uses absolute paths, so gtkwave opens it from anywhere.
"""
import argparse
import os
import re
import subprocess
import sys

CLOCK_RESET = re.compile(r"^(clk|rst)(_.*)?$")


def read_header(fst):
    """{scope path: [(name, width, range)]} from the VCD header of the FST."""
    p = subprocess.Popen(["fst2vcd", "-f", fst], stdout=subprocess.PIPE, text=True,
                         errors="replace")
    scopes, stack = {}, []
    try:
        for line in p.stdout:
            tok = line.split()
            if not tok:
                continue
            if tok[0] == "$scope":
                stack.append(tok[2])
                scopes.setdefault(".".join(stack), [])
            elif tok[0] == "$upscope":
                stack.pop()
            elif tok[0] == "$var":
                # $var <type> <width> <id> <name> [<range>] $end
                width = int(tok[2])
                name = tok[4]
                rng = tok[5] if len(tok) > 6 and tok[5].startswith("[") else ""
                scopes[".".join(stack)].append((tok[1], name, width, rng))
            elif tok[0] == "$enddefinitions":
                break
    finally:
        p.stdout.close()
        p.kill()
        p.wait()
    return scopes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fst", required=True)
    ap.add_argument("--top", required=True, help="the DUT module (the harness's TOP)")
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    if not os.path.exists(a.fst):
        sys.exit(f"gtkw.py: {a.fst} does not exist")
    out = a.output or os.path.splitext(a.fst)[0] + ".gtkw"
    scopes = read_header(a.fst)
    dut = f"TOP.{a.top}"
    if dut not in scopes:
        subs = [s for s in scopes if s.count(".") == 1 and s.startswith("TOP.")]
        if not subs:
            sys.exit(f"gtkw.py: no scope {dut} in {a.fst} (scopes: {', '.join(scopes)})")
        dut = subs[0]
    port_names = {n for _, n, _, _ in scopes.get("TOP", [])}
    sigs = [s for s in scopes[dut] if s[0] != "parameter"]
    ports = [s for s in sigs if s[1] in port_names] if port_names else \
        [s for s in sigs if re.search(r"_[io]$", s[1]) or CLOCK_RESET.match(s[1])]

    groups = [
        ("clock / reset", [s for s in ports if CLOCK_RESET.match(s[1])]),
        ("inputs", [s for s in ports if s[1].endswith("_i") and not CLOCK_RESET.match(s[1])]),
        ("outputs", [s for s in ports if s[1].endswith("_o")]),
    ]
    placed = {s[1] for _, g in groups for s in g}
    other = [s for s in ports if s[1] not in placed]
    if other:
        groups.append(("other ports", other))
    regs = [s for s in sigs if s[1] not in port_names and s[1].endswith("_q") and "[" not in s[1]]
    if regs:
        groups.append(("registers (*_q)", regs))

    fst_abs = os.path.abspath(a.fst)
    lines = [
        f"[*] gtkwave save file written by scripts/gtkw.py for {a.top}",
        f'[dumpfile] "{fst_abs}"',
        f'[savefile] "{os.path.abspath(out)}"',
        "[timestart] 0",
        # zoom: about 35 cycles of the shims' 10-unit clock across the wave pane
        "*-6.000000 0 " + " ".join(["-1"] * 26),
        "[size] 1600 900",
        "[pos] -1 -1",
        "[treeopen] TOP.",
        f"[treeopen] {dut}.",
        "[sst_width] 260",
        "[signals_width] 260",
        "[sst_expanded] 1",
        "[sst_vpaned_height] 300",
    ]
    n = 0
    for title, g in groups:
        if not g:
            continue
        lines += ["@200", f"-{title}"]
        for _, name, width, rng in g:
            # @28: binary, right-justified (1 bit); @22: hex, right-justified (vectors)
            lines.append("@28" if width == 1 else "@22")
            lines.append(f"{dut}.{name}{rng}")
            n += 1
    lines += ["[pattern_trace] 1", "[pattern_trace] 0"]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"gtkw: {n} signals of {dut} in {len([g for _, g in groups if g])} groups -> {out}")


if __name__ == "__main__":
    main()
