#!/usr/bin/env python3
"""synth_system.py - whole-system synthesis of kmu_gpu (issue 15, item 2), beside make synth's
per-block report.

    synth_system.py [--pnr] [--force] CONFIG=PARAMS...
        CONFIG=PARAMS: one configuration, e.g. "small=NSM=2 TBS=4 ..." (mk/synth.mk passes
        small, fpga and paper).  RTL from SYNTH_RTL_SYSTEM (rtl/files.mk's RTL_kmu_gpu).

Per configuration, in build/synth/system_<config>/:
  - the serial timing wrapper of kmu_gpu (scripts/synth.py make_wrapper: every DUT input from a
    registered shift chain, every output into a signature register), so every path is register
    to register;
  - generic Yosys `synth` of kmu_gpu on its own, hierarchical as the mapped flows (cell count:
    each module's own cells times its instances);
  - `synth_ecp5` (YoWASP Yosys of build/venv) and `synth_ice40` (Debian's Yosys) of the
    wrapper, with keep_hierarchy on every kmu_* block except the small common ones (kmu_fifo,
    kmu_prio_enc, kmu_rr_arb, kmu_prio_arb, flattened into their users).  So the area of
    kmu_gpu is its own module's, apart from the wrapper's, and each block's share is known
    (the top cells by LUT).  Blocks are synthesised apart as a hierarchical FPGA flow does:
    no optimisation across block boundaries (they are registered anyway);
  - register-file data storage counted apart: the RAM cells inside kmu_dirty_rf (rf_mem, the
    SM's warp registers, DP16KD / SB_RAM40_4K) belong to the SM, not to the front end;
  - with --pnr (configurations SMALL_PNR: small and fpga): nextpnr-ecp5 --85k --speed 6
    --package CABGA381 --freq 100 of the ECP5 netlist, and nextpnr-ice40 --up5k when the iCE40
    netlist fits the UP5K's 5,280 logic cells (otherwise: does not fit, by how much).
A configuration is redone only when its RTL, parameters or SYSTEM_VERSION change (a hash in
build/synth/system_<config>/result.json); --force redoes all.  Without --pnr the last place
and route result (if its netlist is the same) is shown.  Report: build/synth/system.json
(machine readable) and build/synth/system.md, appended to build/reports/synth.md with the
Targets of issue 15 (the front end's iCE40 Fmax from build/reports/timing.json).
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synth as S  # noqa: E402 - the per-block engine: wrapper, counts, place and route

TOP = "kmu_gpu"
WRAP = f"{TOP}_top_fpga"
SYSTEM_VERSION = "1"  # part of every step's key: bump when the flow changes its numbers
COUNT_VERSION = "3"  # bump when only the counting of a Yosys result changes (no new Yosys run)
PNR_CONFIGS = ("small", "fpga")  # issue 15: nextpnr Fmax for these
FLAT = ("kmu_fifo", "kmu_prio_enc", "kmu_rr_arb", "kmu_prio_arb")  # flattened into users
RF_MODULE = "kmu_dirty_rf"  # its RAM is the SM's register-file data storage
ECP5_LUTS = 83640  # LFE5U-85F LUT4s (nextpnr-ecp5 --85k: TRELLIS_COMB)
# issue 15, Targets
TGT_SMALL_LUT = 10000
TGT_FMAX = 100.0
TGT_FPGA_LUT_FRAC = 0.5
TGT_FE_ICE40 = 50.0
TGT_PAPER_LUT = 50000
TGT_PAPER_FF = 30000
ECP5_PNR_TIMEOUT = int(os.environ.get("SYS_ECP5_PNR_TIMEOUT", "3600"))
# the Yosys of the ECP5 mapping: build/venv's YoWASP Yosys 0.70 (yowasp), or SYS_ECP5_YOSYS=yosys
# for Debian's native 0.23: measured no faster on this hierarchical flow and 26 % more LUT4
# (its abc against 0.70's abc9; docs/synthesis.md, "Time")
SYS_ECP5_YOSYS = os.environ.get("SYS_ECP5_YOSYS", "yowasp")
# configurations whose ECP5 mapping goes to Debian's native Yosys straight away: YoWASP's
# WebAssembly stack is too small for the paper system's netlist (its TopoSort in synth_ecp5's
# techmap trapped after 3,329 s, docs/synthesis.md "Time"), so trying it first only wastes that
ECP5_NATIVE_CONFIGS = ("paper",)
ICE40_PNR_TIMEOUT = int(os.environ.get("SYS_ICE40_PNR_TIMEOUT", "1200"))
OUT_JSON = os.path.join(S.BUILD, "system.json")
OUT_MD = os.path.join(S.BUILD, "system.md")
CACHED_ONLY = False  # --cached: report the finished steps, run nothing


def rtl():
    r = os.environ.get("SYNTH_RTL_SYSTEM", "").split()
    if not r:
        sys.exit("synth_system.py: SYNTH_RTL_SYSTEM is empty: run it through make synth")
    return r


def key_of(cfg, params, files, extra=""):
    h = hashlib.sha256((SYSTEM_VERSION + extra + cfg + S.params_str(params)).encode())
    for p in files:
        h.update(p.encode())
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


# ------------------------------------------------------------------ hierarchy counts
def base_name(mod):
    """kmu_sm of '$paramod$<hash>\\kmu_sm', '$paramod\\kmu_ekt\\ENTRIES=..', '\\kmu_sm' (stat)
    or 'kmu_sm' (write_json)."""
    return next(p for p in mod.split("\\") if p and "=" not in p and not p.startswith("$paramod"))


def hier(mods, m, counts):
    """Cell counts of module m with its submodules (mods: stat -json's modules), mapped by
    counts(); own: the module's own cells (not its submodules')."""
    own = counts(mods[m]["num_cells_by_type"])
    tot = dict(own)
    for t, n in mods[m]["num_cells_by_type"].items():
        if t in mods:
            sub = hier(mods, t, counts)["total"]
            for k, v in sub.items():
                if isinstance(v, int):
                    tot[k] = tot.get(k, 0) + n * v
    return {"own": own, "total": tot}


def instances(mods, m, mult=1, out=None):
    """{module: [block name, instances]} of every module below m (m included)."""
    out = {} if out is None else out
    name = base_name(m)
    out.setdefault(m, [name, 0])
    out[m][1] += mult
    for t, n in mods[m]["num_cells_by_type"].items():
        if t in mods:
            instances(mods, t, mult * n, out)
    return out


def netlist_modules(path):
    """{module: {"num_cells_by_type": {type: n}}} of a Yosys write_json netlist (blackbox cell
    libraries left out): the same shape as stat -json's modules.  Used where Debian's Yosys 0.23
    maps: its stat -json writes the hierarchy tree into the JSON text once a top is set (not
    parseable with a deep hierarchy), the netlist it writes holds the same cells."""
    with open(path) as f:
        d = json.load(f)["modules"]
    out = {}
    for m, v in d.items():
        if v.get("attributes", {}).get("blackbox"):
            continue
        n = {}
        for c in v.get("cells", {}).values():
            n[c["type"]] = n.get(c["type"], 0) + 1
        out[m] = {"num_cells_by_type": n}
    return out


def find_top(mods, name):
    return next(m for m in mods if base_name(m) == name)


def area_of(mods, counts, ram_keys, top_name=TOP):
    """Area of top_name (kmu_gpu) from a hierarchical stat: totals, register-file RAM apart,
    blocks."""
    top = find_top(mods, top_name)
    tot = hier(mods, top, counts)["total"]
    rf = {k: 0 for k in ram_keys}
    blocks = {}
    for m, (name, n) in instances(mods, top).items():
        own = counts(mods[m]["num_cells_by_type"])
        b = blocks.setdefault(name, {"instances": 0, "lut": 0, "ff": 0})
        b["instances"] = max(b["instances"], n)
        for k in ("lut", "ff", "carry", "bram", "lutram", "dsp"):
            if own.get(k):
                b[k] = b.get(k, 0) + n * own[k]
        if name == RF_MODULE:
            for k in ram_keys:
                rf[k] += n * own.get(k, 0)
    res = dict(tot)
    res["rf_apart"] = rf  # RAM cells of the register-file data (included in the totals)
    res["logic_bram"] = tot.get("bram", 0) - rf.get("bram", 0)
    res["blocks"] = dict(sorted(blocks.items(), key=lambda kv: -kv[1]["lut"]))
    return res


def ecp5_counts(c):
    r = S.ecp5_counts(c)
    # a CCU2C is two LUT4s of a slice: the LUT4 measure of the targets counts them
    r["lut4_total"] = r["lut"] + 2 * r["carry"]
    return r


# ------------------------------------------------------------------ one configuration
def keep_commands(top):
    """Yosys commands: keep_hierarchy on every kmu_* module but the small common ones and the
    top, so that a block instantiated N times with one parameter set is mapped once (also
    scripts/fpga.sh's board flow)."""
    return ["setattr -mod -set keep_hierarchy 1 *kmu_*",
            "setattr -mod -unset keep_hierarchy " + " ".join(f"*{m}*" for m in FLAT) + f" {top}"]


def yosys_script(files, flow, d):
    keep = keep_commands(WRAP)
    synth = {"ecp5": f"synth_ecp5 -top {WRAP} -json {d}/ecp5.json",
             "ice40": f"synth_ice40 -top {WRAP} -json {d}/ice40.json"}[flow]
    return "; ".join([f"read_verilog {' '.join('-I' + i for i in S.INC)} {d}/{WRAP}.v "
                      + " ".join(files), f"hierarchy -check -top {WRAP}", "proc"] + keep +
                     [synth])


def area_flow(cfg, params, files, flow, force):
    """One Yosys run (generic / ecp5 / ice40) of a configuration: its result dict."""
    d = os.path.join(S.BUILD, f"system_{cfg}")
    path = os.path.join(d, f"{flow}.result.json")
    yosys = "yosys" if flow != "ecp5" or cfg in ECP5_NATIVE_CONFIGS else \
        (S.ecp5_yosys() if SYS_ECP5_YOSYS == "yowasp" else SYS_ECP5_YOSYS)
    key = key_of(cfg, params, files, flow + yosys + ("-hier" if flow == "generic" else ""))
    old = json.load(open(path)) if os.path.exists(path) else {}
    if not force and old.get("key") == key and old.get("count") == COUNT_VERSION and \
            not old.get("error"):
        old["cached"] = True
        return old
    if CACHED_ONLY and not (os.path.exists(os.path.join(d, f"yosys_{flow}.key")) and
                            open(os.path.join(d, f"yosys_{flow}.key")).read() == key):
        return {"key": key, "cached": True, "missing": True}
    t0 = time.time()
    res = {"key": key, "count": COUNT_VERSION}
    if flow == "generic":
        # hierarchical like the mapped flows (a block instantiated N times with one parameter
        # set is synthesised once): `synth -flatten` of the paper system (16 paper-size SMs)
        # did not finish in hours; its cells are counted per module times its instances
        chp = " ".join(f"-chparam {k} {v}" for k, v in params.items())
        script = "; ".join([S.yosys_read({"rtl": files}), f"hierarchy -check -top {TOP} {chp}",
                            "proc"] + keep_commands(TOP) +
                           [f"synth -top {TOP}", f"write_json {d}/generic.json"])
    else:
        script = yosys_script(files, flow, d)
    # the Yosys run is kept apart from the counting (a Yosys run of the paper system is long)
    done = os.path.join(d, f"yosys_{flow}.key")
    if not force and os.path.exists(done) and open(done).read() == key:
        rc, out = 0, ""  # only counted again: the time is the Yosys run's (S.run's last line)
        tool = os.path.join(d, f"yosys_{flow}.tool")
        yosys = open(tool).read().strip() if os.path.exists(tool) else yosys
        m = re.findall(r"^# ([0-9.]+) s$", open(os.path.join(d, f"yosys_{flow}.out")).read(),
                       re.M)
        t0 -= float(m[-1]) if m else 0
    else:
        rc, out = S.run([yosys, "-q", "-l", os.path.join(d, f"yosys_{flow}.log"), "-p", script],
                        os.path.join(d, f"yosys_{flow}.out"))
        if rc != 0 and yosys != "yosys" and "call stack exhausted" in out:
            # YoWASP's WebAssembly stack is too small for the paper system's netlist (TopoSort
            # in synth_ecp5's techmap traps, measured after 3,329 s): Debian's native Yosys
            # maps it instead; the report names the Yosys that counted
            yosys = "yosys"
            rc, out = S.run([yosys, "-q", "-l", os.path.join(d, f"yosys_{flow}.log"), "-p",
                             script], os.path.join(d, f"yosys_{flow}.out"))
        if rc == 0:
            with open(done, "w") as f:
                f.write(key)
            with open(os.path.join(d, f"yosys_{flow}.tool"), "w") as f:
                f.write(yosys)
    res["seconds"] = round(time.time() - t0, 1)
    if rc != 0:
        res["error"] = (f"yosys {flow} failed (build/synth/system_{cfg}/yosys_{flow}.log)\n"
                        + S.tail(out))
        return res
    if flow == "generic":
        mods = netlist_modules(os.path.join(d, "generic.json"))
        res["generic_cells"] = hier(mods, find_top(mods, TOP), lambda c: {
            "cells": sum(n for t, n in c.items() if t not in mods)})["total"]["cells"]
    else:
        mods = netlist_modules(os.path.join(d, f"{flow}.json"))
        counts = ecp5_counts if flow == "ecp5" else S.ice40_counts
        res[flow] = area_of(mods, counts, ["bram"] + (["lutram"] if flow == "ecp5" else []))
        res[flow]["yosys"] = S.tool_version([yosys, "-V"])
    return S.save(path, res)


def ecp5_pnr(cfg, area_key, force, run):
    d = os.path.join(S.BUILD, f"system_{cfg}")
    path = os.path.join(d, "pnr_ecp5.result.json")
    if os.path.exists(path) and not force:
        old = json.load(open(path))
        if old.get("key") == area_key and not old.get("error"):
            old["cached"] = True
            return old
    if not run:
        return None
    res = {"key": area_key}
    if not os.access(S.NEXTPNR_ECP5, os.X_OK):
        res["note"] = f"no {S.NEXTPNR_ECP5}: run make deps"
        return res
    t0 = time.time()
    S.ECP5_PNR_TIMEOUT = ECP5_PNR_TIMEOUT
    rc, log, _ = S.place_and_route(os.path.join(d, "ecp5.json"),
                                   os.path.join(d, "nextpnr_ecp5.log"), ecp5=True)
    res["seconds"] = round(time.time() - t0, 1)
    fm = re.findall(r"Max frequency for clock\s+'([^']*)':\s*([0-9.]+)\s*MHz", log)
    util = re.findall(r"TRELLIS_COMB:\s*(\d+)/\s*(\d+)", log)
    ff = re.findall(r"TRELLIS_FF:\s*(\d+)/\s*(\d+)", log)
    res.update({"device": S.ECP5_NAME, "target_mhz": TGT_FMAX,
                "comb": [int(x) for x in util[-1]] if util else None,
                "ff": [int(x) for x in ff[-1]] if ff else None, "crit": S.crit_path(log),
                "fmax_mhz": float(fm[-1][1]) if fm else None})
    if rc == -1:
        res["note"] = (f"post-placement estimate (stopped after {ECP5_PNR_TIMEOUT} s)" if fm
                       else f"place and route did not finish in {ECP5_PNR_TIMEOUT} s")
        return res  # not cached
    if rc != 0 or not fm:
        res["error"] = f"nextpnr-ecp5 failed (build/synth/system_{cfg}/nextpnr_ecp5.log)\n" + \
            S.tail("\n".join(l for l in log.splitlines() if "rror" in l))
        return res
    return S.save(path, res)


def ice40_pnr(cfg, area_key, ice, force, run):
    """UP5K place and route when the iCE40 netlist can fit, else how far it is off."""
    d = os.path.join(S.BUILD, f"system_{cfg}")
    path = os.path.join(d, "pnr_ice40.result.json")
    need = max(ice["lut"], ice["ff"])
    if need > S.UP5K_CELLS:
        what = "LUT4s" if ice["lut"] >= ice["ff"] else "FFs"
        return {"device": "up5k-sg48", "fits": False, "fmax_mhz": None,
                "note": f"does not fit the UP5K: {need:,} {what} > {S.UP5K_CELLS:,} logic cells "
                        f"(over by {need - S.UP5K_CELLS:,}, {need / S.UP5K_CELLS:.1f}x); "
                        "not placed"}
    if os.path.exists(path) and not force:
        old = json.load(open(path))
        if old.get("key") == area_key and not old.get("error"):
            old["cached"] = True
            return old
    if not run:
        return None
    t0 = time.time()
    S.PNR_TIMEOUT = ICE40_PNR_TIMEOUT
    rc, log, seed = S.place_and_route(os.path.join(d, "ice40.json"),
                                      os.path.join(d, "nextpnr_ice40.log"))
    fm = re.findall(r"Max frequency for clock\s+'([^']*)':\s*([0-9.]+)\s*MHz", log)
    util = re.findall(r"ICESTORM_LC:\s*(\d+)/\s*(\d+)", log)
    res = {"key": area_key, "device": "up5k-sg48", "seed": seed,
           "seconds": round(time.time() - t0, 1), "fmax_mhz": float(fm[-1][1]) if fm else None,
           "lc": [int(x) for x in util[-1]] if util else None}
    res["fits"] = not (util and int(util[-1][0]) > int(util[-1][1]))
    if not res["fits"]:
        res["note"] = f"does not fit the UP5K: {util[-1][0]}/{util[-1][1]} logic cells"
        return S.save(path, res)
    if rc != 0 or not fm:
        res["error"] = f"nextpnr-ice40 failed (build/synth/system_{cfg}/nextpnr_ice40.log)"
        return res
    return S.save(path, res)


def one_config(cfg, params, files, force, pnr, ex):
    d = os.path.join(S.BUILD, f"system_{cfg}")
    os.makedirs(d, exist_ok=True)
    res = {"config": cfg, "params": S.params_str(params)}
    wfile = os.path.join(d, f"{WRAP}.v")
    try:
        if CACHED_ONLY and os.path.exists(wfile):
            raise FileExistsError  # the running synthesis's wrapper
        ports = os.path.join(d, "ports.json")
        chp = " ".join(f"-chparam {k} {v}" for k, v in params.items())
        rc, out = S.run(["yosys", "-q", "-p", f"{S.yosys_read({'rtl': files})}; hierarchy "
                         f"-check -top {TOP} {chp}; proc {TOP}; blackbox {TOP} %n; "
                         f"write_json {ports}"], os.path.join(d, "yosys_ports.out"))
        if rc != 0:
            res["error"] = f"elaboration failed (build/synth/system_{cfg}/yosys_ports.out)\n" \
                + S.tail(out)
            return res
        _, text = S.make_wrapper(TOP, S.port_list(ports, TOP), params)
        with open(wfile, "w") as f:
            f.write(text)
    except FileExistsError:
        pass
    except (ValueError, KeyError, StopIteration, OSError) as e:
        res["error"] = f"wrapper: {e}"
        return res
    futs = {ex.submit(area_flow, cfg, params, files, fl, force): fl
            for fl in ("ecp5", "ice40", "generic")}
    res["seconds"] = {}
    # each flow's place and route as soon as its netlist is there (in this thread, while the
    # other flows' Yosys runs go on)
    for fu in cf.as_completed(futs):
        fl = futs[fu]
        r = fu.result()
        res["seconds"][fl] = r.get("seconds", 0)
        if r.get("missing"):
            res.setdefault("missing", []).append(fl)
            continue
        if r.get("error"):
            res.setdefault("errors", []).append(r["error"])
            continue
        res.update({k: v for k, v in r.items() if k in ("ecp5", "ice40", "generic_cells")})
        if cfg not in PNR_CONFIGS or fl == "generic":
            continue
        p = ecp5_pnr(cfg, r["key"], force, pnr) if fl == "ecp5" else \
            ice40_pnr(cfg, r["key"], res["ice40"], force, pnr)
        if p:
            p.pop("key", None)
            res[f"pnr_{fl}"] = p
            res["seconds"][f"pnr_{fl}"] = p.get("seconds", 0)
            if p.get("error"):
                res.setdefault("errors", []).append(p["error"])
    return res


# ------------------------------------------------------------------ targets
def miss(value, limit, upper=True, unit=""):
    """'met (x spare)' / 'missed by x (y times)' for value against limit."""
    if value is None:
        return "not measured"
    over = value - limit if upper else limit - value
    fmt = (lambda v: f"{v:,.0f}{unit}") if isinstance(value, int) else (lambda v: f"{v:.1f}{unit}")
    if over <= 0:
        return f"met ({fmt(-over)} spare)"
    return f"MISSED by {fmt(over)} ({value / limit:.2f}x)" if upper else \
        f"MISSED by {fmt(over)} ({limit / value:.2f}x too slow)"


def limits(r, flow="ecp5", n=4):
    """What limits a configuration: its top blocks by LUT and nextpnr's critical path."""
    a = r.get(flow, {})
    tops = [f"{b} x{v['instances']} {v['lut']:,}" for b, v in list(a.get("blocks", {}).items())[:n]]
    s = "top blocks by " + flow + " LUT: " + ", ".join(tops) if tops else ""
    dsp = [f"{b} {v['dsp']}" for b, v in a.get("blocks", {}).items() if v.get("dsp")]
    if dsp and n:
        s += "; multipliers left (MULT18X18D): " + ", ".join(dsp)
    c = (r.get("pnr_ecp5") or {}).get("crit")
    if c and flow == "ecp5":
        s += f"; critical path {c['from']} -> {c['to']}"
        if c.get("logic_ns") is not None:
            s += f" ({c['logic_ns']} ns logic, {c['routing_ns']} ns routing)"
        if c.get("rtl"):
            s += f" through {', '.join(c['rtl'][:5])}"
    return s


def targets(res, fe_timing):
    rows = []
    sm, fp, pa = res.get("small", {}), res.get("fpga", {}), res.get("paper", {})

    def lut(r):
        return r.get("ecp5", {}).get("lut4_total")

    def fmax(r):
        return (r.get("pnr_ecp5") or {}).get("fmax_mhz")

    def fmax_limits(r):
        # make synth maps the systems without placing them: say where a Fmax comes from
        if fmax(r) is not None:
            return limits(r, n=0)
        return ("not placed by make synth: make synth-full places the system; the fpga "
                "configuration's board (make fpga BOARD=ulx3s) reports its post-route Fmax "
                "(docs/fpga.md)")

    if sm:
        rows.append(("small: ECP5 LUT4 (incl. carry) <= 10,000", lut(sm),
                     miss(lut(sm), TGT_SMALL_LUT), limits(sm)))
        rows.append(("small: ECP5-85F (-6) Fmax >= 100 MHz", fmax(sm),
                     miss(fmax(sm), TGT_FMAX, upper=False, unit=" MHz"), fmax_limits(sm)))
    if fp:
        comb = (fp.get("pnr_ecp5") or {}).get("comb")
        used = comb[0] if comb else lut(fp)
        cap = comb[1] if comb else ECP5_LUTS
        rows.append((f"fpga: <= 50% of the ECP5-85F LUTs ({int(cap * TGT_FPGA_LUT_FRAC):,})",
                     used, miss(used, int(cap * TGT_FPGA_LUT_FRAC)) +
                     (f"; {used / cap:.0%} of {cap:,}" if used else ""), limits(fp)))
        rows.append(("fpga: ECP5-85F (-6) Fmax >= 100 MHz", fmax(fp),
                     miss(fmax(fp), TGT_FMAX, upper=False, unit=" MHz"), fmax_limits(fp)))
    fe = fe_timing.get("fmax_mhz")
    dev = fe_timing.get("device") or "-"
    rows.append(("iCE40: front end (kmu_frontend, per-block report) >= 50 MHz on the UP5K", fe,
                 (miss(fe, TGT_FE_ICE40, upper=False, unit=" MHz") if dev.startswith("up5k")
                  else (fe_timing.get("note") or "not measured")), f"device {dev}"))
    for cfg in ("small", "fpga"):
        p = res.get(cfg, {}).get("pnr_ice40")
        if p:
            rows.append((f"iCE40 UP5K: whole {cfg} system", p.get("fmax_mhz"),
                         p.get("note") or f"fits; Fmax {p.get('fmax_mhz')} MHz", ""))
    if pa:
        e = pa.get("ecp5", {})
        rows.append(("paper: ECP5 LUT4 (incl. carry) <= 50,000", lut(pa),
                     miss(lut(pa), TGT_PAPER_LUT), limits(pa)))
        ffs = e.get("ff")
        rows.append(("paper: ECP5 FF <= 30,000 (register data apart)", ffs,
                     miss(ffs, TGT_PAPER_FF), "top blocks by FF: " + ", ".join(
                         f"{b} x{v['instances']} {v['ff']:,}" for b, v in sorted(
                             e.get("blocks", {}).items(), key=lambda kv: -kv[1]["ff"])[:4])))
    return rows


def fmt(v):
    if v is None:
        return "-"
    return f"{v:,}" if isinstance(v, int) else f"{v:.1f}"


def report(res, fe_timing, baseline):
    md = ["## Whole system: kmu_gpu", "",
          "`scripts/synth_system.py` (docs/synthesis.md).  Area of `kmu_gpu` inside its serial "
          "timing wrapper, blocks kept apart (keep_hierarchy; kmu_fifo and the arbiters "
          "flattened into their users), the wrapper's own cells not counted.  ECP5 LUT4: "
          "`LUT4` cells + 2 per `CCU2C` carry.  RF RAM: the register-file data storage "
          "(`rf_mem` of kmu_dirty_rf, the SM's), counted apart from the other RAM.", "",
          "| config | params | generic cells | ECP5 LUT4 (LUT4 + 2 CCU2C) | ECP5 FF | ECP5 "
          "LUTRAM | ECP5 DP16KD (RF apart) | iCE40 LUT | iCE40 FF | iCE40 BRAM (RF apart) | "
          "ECP5-85F Fmax MHz | UP5K |",
          "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|"]
    for cfg, r in res.items():
        if r.get("error"):
            md.append(f"| {cfg} | {r['params']} | error: {r['error'].splitlines()[0]} "
                      "| | | | | | | | | |")
            continue
        e, i = r.get("ecp5", {}), r.get("ice40", {})
        p5, p4 = r.get("pnr_ecp5") or {}, r.get("pnr_ice40") or {}
        fm5 = fmt(p5.get("fmax_mhz")) + (f" ({p5['note']})" if p5.get("note") else "") \
            if p5 else ("not placed (make synth-full)" if cfg in PNR_CONFIGS else "-")
        up = (f"{fmt(p4.get('fmax_mhz'))} MHz" if p4.get("fmax_mhz") else p4.get("note", "-")) \
            if p4 else "-"
        md.append(
            f"| {cfg} | {r['params']} | {fmt(r.get('generic_cells'))} | "
            f"{fmt(e.get('lut4_total'))} ({fmt(e.get('lut'))} + 2x{fmt(e.get('carry'))}) | "
            f"{fmt(e.get('ff'))} | {fmt(e.get('lutram'))} | "
            f"{fmt(e.get('bram'))} ({fmt(e.get('rf_apart', {}).get('bram'))}) | "
            f"{fmt(i.get('lut'))} | {fmt(i.get('ff'))} | "
            f"{fmt(i.get('bram'))} ({fmt(i.get('rf_apart', {}).get('bram'))}) | {fm5} | {up} |")
    md += ["", "Blocks of each configuration (ECP5 cells of the block's own module times its "
           "instances; LUT: LUT4 cells, not counting the two LUT4s of each CCU2C):", ""]
    for cfg, r in res.items():
        b = r.get("ecp5", {}).get("blocks", {})
        if b:
            md.append(f"- **{cfg}**: " + "; ".join(
                f"{n} x{v['instances']} {v['lut']:,} LUT / {v['ff']:,} FF"
                + "".join(f" / {v[k]:,} {c}" for k, c in (
                    ("carry", "CCU2C"), ("dsp", "MULT18X18D"), ("bram", "DP16KD"),
                    ("lutram", "DPR16X4")) if v.get(k)) for n, v in b.items()))
    md += ["", "### Targets (issue 15)", "", "| target | measured | result | what limits it |",
           "|---|--:|---|---|"]
    for t, v, m, why in targets(res, fe_timing):
        md.append(f"| {t} | {fmt(v)} | {m} | {why} |")
    b = baseline.get(TOP)
    sm = res.get("small", {})
    old = [f"{f} {k.upper()} {b[f][k]:,} -> {sm[f][k]:,}" for f in ("ecp5", "ice40")
           for k in ("lut", "ff") if b and f in sm and f in b]
    if old:
        md += ["", f"Against the old `{TOP}` entry of `{S.BASELINE}` (small, flat; ECP5 mapped by "
               f"Yosys {b.get('ecp5', {}).get('yosys', '0.23')}, not hierarchical): "
               + ", ".join(old) + "."]
    miss_ = [f"{cfg} {', '.join(r['missing'])}" for cfg, r in res.items() if r.get("missing")]
    if miss_:
        md += ["", "Not finished (report of the finished steps only): " + "; ".join(miss_) + "."]
    md += ["", "Wall time of each step when it ran (s; a cached step shows its first run): "
           + "; ".join(
        f"{cfg} " + ", ".join(f"{k} {v:.0f}" for k, v in r.get("seconds", {}).items()
                              if k not in r.get("missing", ()))
        for cfg, r in res.items())]
    return md


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pnr", action="store_true", help="place and route small and fpga")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cached", action="store_true",
                    help="run nothing: report the steps that finished (another run may be going)")
    ap.add_argument("config", nargs="+", help="NAME=PARAMS")
    a = ap.parse_args()
    global CACHED_ONLY
    CACHED_ONLY = a.cached
    files = rtl()
    t0 = time.time()
    res = {}
    force = a.force or os.environ.get("FORCE") == "1"
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for c in a.config:
            cfg, _, p = c.partition("=")
            print(f"synth: system {cfg} ...", flush=True)
            res[cfg] = one_config(cfg, S.parse_params(p), files, force, a.pnr, ex)
            r = res[cfg]
            if r.get("error") or r.get("errors"):
                print(f"  FAIL  system {cfg}: " + (r.get("error") or "\n".join(r["errors"])))
            e, i = r.get("ecp5", {}), r.get("ice40", {})
            p5 = r.get("pnr_ecp5") or {}
            print(f"  {cfg:<6} ECP5 {fmt(e.get('lut4_total'))} LUT4 {fmt(e.get('ff'))} FF  "
                  f"iCE40 {fmt(i.get('lut'))} LUT {fmt(i.get('ff'))} FF  ECP5 Fmax "
                  f"{fmt(p5.get('fmax_mhz'))}  (" + ", ".join(
                      f"{k} {'not finished' if k in r.get('missing', ()) else f'{v:.0f} s'}"
                      for k, v in r.get("seconds", {}).items()) + ")", flush=True)
    fe = {}
    tj = os.path.join(S.REPORTS, "timing.json")
    if os.path.exists(tj):
        fe = json.load(open(tj)).get(S.FRONTEND, {})
    baseline = json.load(open(S.BASELINE)) if os.path.exists(S.BASELINE) else {}
    md = report(res, fe, baseline)
    out = {"configs": res, "targets": [dict(zip(("target", "measured", "result", "limits"), t))
                                       for t in targets(res, fe)],
           "seconds": round(time.time() - t0, 1)}
    with open(OUT_JSON, "w") as f:
        json.dump(out, f, indent=1)
    with open(OUT_MD, "w") as f:
        f.write("\n".join(md) + "\n")
    rep = os.path.join(S.REPORTS, "synth.md")
    if os.path.exists(rep):
        txt = open(rep).read().split("\n## Whole system: kmu_gpu")[0].rstrip("\n")
        with open(rep, "w") as f:
            f.write(txt + "\n\n" + "\n".join(md) + "\n")
    for t, v, m, _ in targets(res, fe):
        print(f"  target {t}: {fmt(v)}: {m}")
    print(f"synth: system {len(res)} configurations, {time.time() - t0:.0f} s; {OUT_JSON}")
    return 1 if any(r.get("error") or r.get("errors") for r in res.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
