#!/usr/bin/env python3
"""gen_regmap.py - generate the openkmu register map artefacts from regmap/kmu.rdl.

One source of truth: the SystemRDL file.  This script compiles it with systemrdl-compiler
(PeakRDL's compiler, tested with 1.33) and writes

  rtl/include/kmu_regmap.vh   Verilog-2005 localparams, `include`d inside module bodies
  cmodel/include/kmu_regmap.h     C #defines with the same names
  docs/regmap.md          the human-readable table

Names (identical in Verilog and C), for a register R with field F:
  KMU_R_ADDR  KMU_R_RESET  KMU_R_MASK (implemented bits)  KMU_R_RD  KMU_R_WR (1: software may)
  KMU_R_F_SHIFT  KMU_R_F_WIDTH  KMU_R_F_MASK (in place)  KMU_R_F_RESET (field value)
  register arrays: KMU_R_ADDR (element 0)  KMU_R_COUNT  KMU_R_STRIDE
  windows W:       KMU_WIN_W_BASE  KMU_WIN_W_SIZE  KMU_WIN_W_LAST  KMU_WIN_W_RESERVED
  enum E_e, member M: KMU_E_M, and KMU_E_W (bits)
  C only, for tools that take names (kmuctl): KMU_REGMAP_REGS(X), every register as
  X(NAME, ADDR, COUNT, STRIDE, RD, WR); KMU_E_CODES(X), every member of E_e as X(M, KMU_E_M)

Usage: gen_regmap.py [--rdl FILE] [--out DIR]   (DIR defaults to the repository root)
"""
import argparse
import os
import sys

from systemrdl import RDLCompiler, RDLCompileError
from systemrdl.node import AddrmapNode, FieldNode, MemNode, RegfileNode, RegNode
from systemrdl.rdltypes import AccessType, OnWriteType

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
RDL_REL = "regmap/kmu.rdl"
OUTPUTS = ("rtl/include/kmu_regmap.vh", "cmodel/include/kmu_regmap.h", "docs/regmap.md")
BANNER = "generated from regmap/kmu.rdl by scripts/gen_regmap.py, do not edit"
AW = 16
DW = 32


def die(msg):
    sys.exit("gen_regmap: error: " + msg)


# ------------------------------------------------------------------------------- model
class Const:
    """One named constant: kind 'addr' (AW bits), 'data' (DW bits), 'int', or ('bits', w)."""

    def __init__(self, name, value, kind, comment=""):
        self.name, self.value, self.kind, self.comment = name, value, kind, comment


def field_access(f):
    sw = f.get_property("sw")
    onwrite = f.get_property("onwrite")
    if sw == AccessType.r:
        return "RO"
    if sw == AccessType.w:
        return "WO"
    if sw == AccessType.rw:
        if onwrite == OnWriteType.woclr:
            return "RW1C"
        if onwrite == OnWriteType.wclr:
            return "RW (write clears)"
        if onwrite is None:
            return "RW"
    die("field %s: access %s/%s not supported by this generator" % (f.get_path(), sw, onwrite))


def desc_of(node):
    d = node.get_property("desc")
    return " ".join(d.split()) if d else ""


def collect(root):
    top = root.top
    windows, regs, enums = [], [], {}

    def add_enum(e, width, where):
        name = e.type_name
        if not name.endswith("_e"):
            die("enum %s: name must end in _e" % name)
        w = max(1, max(m.value for m in e).bit_length())
        if width is not None:
            w = max(w, width)
        if name in enums:
            enums[name]["width"] = max(enums[name]["width"], w)
            enums[name]["used"].append(where)
        else:
            enums[name] = {"enum": e, "width": w, "used": [where]}

    for prop in top.list_properties(include_udp=True):
        v = top.get_property(prop)
        if prop.startswith("kmu_") and prop.endswith("_codes") and hasattr(v, "__class__"):
            add_enum(type(v), None, "wires, exported by %s" % prop)

    for child in top.children():
        if isinstance(child, RegfileNode):
            span = child.get_property("kmu_window_size")
            if span is None:
                die("regfile %s has no kmu_window_size" % child.inst_name)
            if child.size > span:
                die("regfile %s: contents (%#x bytes) exceed its window (%#x)" %
                    (child.inst_name, child.size, span))
            windows.append({"name": child.inst_name, "base": child.absolute_address,
                            "size": span, "reserved": None,
                            "title": child.get_property("name"), "desc": desc_of(child)})
            for r in child.children():
                if not isinstance(r, RegNode):
                    die("%s: only registers may live in a window" % r.get_path())
                if r.get_property("regwidth") != DW:
                    die("%s: registers are %d bits" % (r.get_path(), DW))
                fields = []
                for f in r.fields():
                    enc = f.get_property("encode")
                    if enc is not None:
                        add_enum(enc, f.width, "%s.%s" % (r.inst_name, f.inst_name))
                    fields.append({"name": f.inst_name, "lsb": f.lsb, "width": f.width,
                                   "access": field_access(f),
                                   "reset": f.get_property("reset") or 0,
                                   "sw": f.get_property("sw"),
                                   "encode": enc.type_name if enc is not None else None,
                                   "param": f.get_property("kmu_param"),
                                   "desc": desc_of(f)})
                count = 1
                stride = 0
                if r.is_array:
                    if len(r.array_dimensions) != 1:
                        die("%s: only 1-D register arrays" % r.get_path())
                    count, stride = r.array_dimensions[0], r.array_stride
                regs.append({"name": r.inst_name, "window": child.inst_name,
                             "addr": r.raw_absolute_address, "count": count, "stride": stride,
                             "fields": fields, "desc": desc_of(r)})
        elif isinstance(child, MemNode):
            why = child.get_property("kmu_reserved")
            if why is None:
                die("mem %s: only reserved windows (kmu_reserved) are supported" % child.inst_name)
            windows.append({"name": child.inst_name, "base": child.absolute_address,
                            "size": child.size, "reserved": why,
                            "title": child.get_property("name"), "desc": desc_of(child)})
        else:
            die("%s: unsupported component at the top level" % child.get_path())

    windows.sort(key=lambda w: w["base"])
    for a, b in zip(windows, windows[1:]):
        if a["base"] + a["size"] > b["base"]:
            die("windows %s and %s overlap" % (a["name"], b["name"]))
    if windows and windows[-1]["base"] + windows[-1]["size"] > (1 << AW):
        die("window %s exceeds the %d-bit address space" % (windows[-1]["name"], AW))
    return windows, regs, enums


def build_consts(windows, regs, enums):
    cs = [Const("KMU_REGMAP_AW", AW, "int", "bus byte-address width"),
          Const("KMU_REGMAP_DW", DW, "int", "data width")]
    groups = [("map", cs)]
    g = []
    for w in windows:
        n = "KMU_WIN_" + w["name"]
        tag = "reserved: " + w["reserved"] if w["reserved"] else (w["title"] or w["name"])
        g += [Const(n + "_BASE", w["base"], "addr", tag),
              Const(n + "_SIZE", w["size"], "int"),
              Const(n + "_LAST", w["base"] + w["size"] - 1, "addr"),
              Const(n + "_RESERVED", 1 if w["reserved"] else 0, "int")]
    groups.append(("windows (every address outside a non-reserved window's registers: SLVERR)", g))
    for r in regs:
        g = []
        n = "KMU_" + r["name"]
        reset = mask = 0
        for f in r["fields"]:
            fm = ((1 << f["width"]) - 1) << f["lsb"]
            mask |= fm
            reset |= (f["reset"] << f["lsb"]) & fm
        rd = int(any(f["sw"] in (AccessType.r, AccessType.rw) for f in r["fields"]))
        wr = int(any(f["sw"] in (AccessType.w, AccessType.rw) for f in r["fields"]))
        g.append(Const(n + "_ADDR", r["addr"], "addr",
                       r["desc"] if r["count"] == 1 else "element 0; " + r["desc"]))
        if r["count"] > 1:
            g += [Const(n + "_COUNT", r["count"], "int"), Const(n + "_STRIDE", r["stride"], "int")]
        g += [Const(n + "_RESET", reset, "data"), Const(n + "_MASK", mask, "data"),
              Const(n + "_RD", rd, ("bits", 1)), Const(n + "_WR", wr, ("bits", 1))]
        for f in r["fields"]:
            fn = n + "_" + f["name"]
            g += [Const(fn + "_SHIFT", f["lsb"], "int", f["access"] + ": " + f["desc"]),
                  Const(fn + "_WIDTH", f["width"], "int"),
                  Const(fn + "_MASK", ((1 << f["width"]) - 1) << f["lsb"], "data"),
                  Const(fn + "_RESET", f["reset"], "data")]
        groups.append((r["name"], g))
    for name, e in sorted(enums.items()):
        base = "KMU_" + name[:-2].upper()
        g = [Const(base + "_W", e["width"], "int", "bits of %s (used by %s)" %
                   (name, ", ".join(e["used"])))]
        for m in e["enum"]:
            g.append(Const(base + "_" + m.name, m.value, ("bits", e["width"]),
                           " ".join((m.rdl_desc or "").split())))
        groups.append(("codes " + name, g))
    seen = set()
    for _, g in groups:
        for c in g:
            if c.name in seen:
                die("constant %s is defined twice: rename a register, field or enum" % c.name)
            seen.add(c.name)
    return groups


# ------------------------------------------------------------------------------- writers
def gen_vh(groups):
    o = ["// kmu_regmap.vh - openkmu register map constants (Verilog-2005 localparams).",
         "// " + BANNER + ".",
         "// `include inside a module body.  Names as in cmodel/include/kmu_regmap.h; see docs/regmap.md.",
         "// The map is declared in full; an including block uses a subset, so the unused-parameter",
         "// lint warning is waived for this file only (lint_on at the bottom).",
         "/* verilator lint_off UNUSEDPARAM */"]
    for title, g in groups:
        o.append("")
        o.append("// ---- " + title)
        for c in g:
            if c.kind == "addr":
                decl, val = "[%d:0]" % (AW - 1), "%d'h%04X" % (AW, c.value)
            elif c.kind == "data":
                decl, val = "[%d:0]" % (DW - 1), "%d'h%08X" % (DW, c.value)
            elif c.kind == "int":
                decl, val = "integer", "%d" % c.value
            else:
                w = c.kind[1]
                decl, val = "[%d:0]" % (w - 1), "%d'd%d" % (w, c.value)
            line = "localparam %-7s %s = %s;" % (decl, c.name, val)
            if c.comment:
                line += "  // " + c.comment
            o.append(line)
    o.append("/* verilator lint_on UNUSEDPARAM */")
    return "\n".join(o) + "\n"


def gen_h(groups, regs, windows):
    o = ["/* kmu_regmap.h - openkmu register map constants.",
         " * " + BANNER + ".",
         " * Names as in rtl/include/kmu_regmap.vh; see docs/regmap.md. */",
         "#ifndef KMU_REGMAP_H", "#define KMU_REGMAP_H"]
    for title, g in groups:
        o.append("")
        o.append("/* ---- %s */" % title)
        for c in g:
            if c.kind == "addr":
                val = "0x%04Xu" % c.value
            elif c.kind == "data":
                val = "0x%08Xu" % c.value
            else:
                val = "%du" % c.value
            line = "#define %s %s" % (c.name, val)
            if c.comment:
                line = "%-44s /* %s */" % (line, c.comment.replace("*/", "* /"))
            o.append(line)
    # every register by name, for tools that take names (kmuctl): X(NAME, ADDR, COUNT, STRIDE, RD, WR)
    o += ["", "/* ---- every register: X(name, address of element 0, elements, stride, RD, WR) */",
          "#define KMU_REGMAP_REGS(X) \\"]
    for r in regs:
        n = "KMU_" + r["name"]
        cnt, stride = (n + "_COUNT", n + "_STRIDE") if r["count"] > 1 else ("1u", "0u")
        o.append("  X(%s, %s_ADDR, %s, %s, %s_RD, %s_WR) \\" % (r["name"], n, cnt, stride, n, n))
    o.append("  /* end of KMU_REGMAP_REGS */")
    # every window by name, for tools that need the decode (fuzzers): X(NAME, BASE, LAST, RESERVED)
    o += ["", "/* ---- every window: X(name, base, last address, reserved) */",
          "#define KMU_REGMAP_WINDOWS(X) \\"]
    for w in windows:
        n = "KMU_WIN_" + w["name"]
        o.append("  X(%s, %s_BASE, %s_LAST, %s_RESERVED) \\" % (w["name"], n, n, n))
    o.append("  /* end of KMU_REGMAP_WINDOWS */")
    # every code table by name: X(NAME, value), e.g. KMU_REG_CODE_CODES(X)
    for title, g in groups:
        if not title.startswith("codes "):
            continue
        base = g[0].name[:-2]  # KMU_<E>_W -> KMU_<E>
        o += ["", "#define %s_CODES(X) \\" % base]
        for c in g[1:]:
            o.append("  X(%s, %s) \\" % (c.name[len(base) + 1:], c.name))
        o.append("  /* end of %s_CODES */" % base)
    o += ["", "#endif"]
    return "\n".join(o) + "\n"


def md_escape(s):
    return s.replace("|", "\\|")


def gen_md(windows, regs, enums):
    o = ["# openkmu register map", "",
         "<!-- " + BANNER + " -->", "",
         "Generated from `regmap/kmu.rdl` by `scripts/gen_regmap.py` (`make regmap`); do not edit "
         "this file, edit the RDL (see `docs/regmap-flow.md`).", "",
         "AXI4-Lite, 32-bit data, %d-bit byte address.  Every request answers in the cycle the "
         "register block (`kmu_csr`) accepts it.  SLVERR, with nothing changed, for: an unaligned "
         "address, a write with `WSTRB != 4'hF`, an unmapped address, a reserved window, a write "
         "to a read-only register, a read of a write-only register.  Every SLVERR sets "
         "`ERR_STATUS.BUS` and counts in `ERR_CNT_BUS`.  Reads of unimplemented field bits "
         "return 0, writes to them are ignored.  Counters (`ERR_CNT_*`, `PERF_*`) are `CNT_W`-bit, "
         "saturate at all ones, read zero-extended and are cleared by a write of any value." % AW, "",
         "Access: RO read-only, WO write-only, RW read/write, RW1C write 1 to clear, "
         "RW (write clears) a write of any value clears the field.  Widths marked with a "
         "parameter (`CNT_W`, `ENTRIES`, `AW`) show the default value.", "",
         "## Windows", "", "| window | range | contents |", "|---|---|---|"]
    for w in windows:
        what = ("**reserved** (%s): SLVERR. " % w["reserved"] if w["reserved"] else "") + w["desc"]
        o.append("| %s | 0x%04X-0x%04X | %s |" % (w["name"], w["base"], w["base"] + w["size"] - 1,
                                                 md_escape(what)))
    o.append("| (none) | every other address | unmapped: SLVERR |")
    for w in windows:
        if w["reserved"]:
            continue
        o += ["", "## %s window (0x%04X-0x%04X)" % (w["name"], w["base"],
                                                   w["base"] + w["size"] - 1), "",
              "| offset | name | access | fields | reset | description |",
              "|---|---|---|---|---|---|"]
        for r in (r for r in regs if r["window"] == w["name"]):
            accs = sorted(set(f["access"] for f in r["fields"]))
            acc = accs[0] if len(accs) == 1 else "/".join(accs)
            flds = []
            reset = 0
            for f in r["fields"]:
                msb = f["lsb"] + f["width"] - 1
                rng = "[%d]" % f["lsb"] if f["width"] == 1 else "[%d:%d]" % (msb, f["lsb"])
                extra = ""
                if f["param"]:
                    extra += " (width/value from `%s`)" % f["param"]
                if f["encode"]:
                    extra += " (codes: `%s`)" % f["encode"]
                flds.append("%s %s: %s%s" % (rng, f["name"], f["desc"], extra))
                reset |= f["reset"] << f["lsb"]
            off = "0x%04X" % r["addr"]
            name = r["name"]
            if r["count"] > 1:
                off = "0x%04X + %d*i" % (r["addr"], r["stride"])
                name = "%s[i], i < %d" % (r["name"], r["count"])
            o.append("| %s | %s | %s | %s | 0x%08X | %s |" % (
                off, name, acc, md_escape("<br>".join(flds)), reset, md_escape(r["desc"])))
    o += ["", "## Codes", ""]
    for name, e in sorted(enums.items()):
        o += ["### `%s` (%d bits; %s)" % (name, e["width"], ", ".join(e["used"])), "",
              "| value | name | meaning |", "|---|---|---|"]
        for m in e["enum"]:
            o.append("| %d | %s | %s |" % (m.value, m.name,
                                           md_escape(" ".join((m.rdl_desc or "").split()))))
        o.append("")
    return "\n".join(o).rstrip("\n") + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rdl", default=os.path.join(ROOT, RDL_REL))
    ap.add_argument("--out", default=ROOT, help="root directory for the generated files")
    a = ap.parse_args()
    rdlc = RDLCompiler()
    try:
        rdlc.compile_file(a.rdl)
        root = rdlc.elaborate(top_def_name="kmu")
    except RDLCompileError:
        die("SystemRDL compilation failed")
    windows, regs, enums = collect(root)
    groups = build_consts(windows, regs, enums)
    texts = {OUTPUTS[0]: gen_vh(groups), OUTPUTS[1]: gen_h(groups, regs, windows),
             OUTPUTS[2]: gen_md(windows, regs, enums)}
    for rel, text in texts.items():
        path = os.path.join(a.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
