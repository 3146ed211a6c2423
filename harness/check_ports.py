#!/usr/bin/env python3
"""check_ports.py TOP WORKDIR "CFG" FILE...: checks that module TOP, elaborated with the
parameters flitnet_network passes for the configuration CFG (flitnet's structural keys),
has the router port interface of docs/router-interface.md: every port by name,
direction and width, nothing more. Prints one line naming the first mismatch and exits
1; prints nothing and exits 0 when the module fits. FILE... are the Verilog files
(rtl/flitnet.f's and the user's); FLITNET_CHECK_FLAGS, Verilator's include directories and
defines of the build (+incdir+, -I, +define+, -D), space-separated."""
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

PARAMS = ["TOPO", "NDIM", "K", "P", "V", "B", "BO", "ROUTING", "DATELINE", "ESCAPE_VCS", "TIMEOUT", "FRING", "A",
          "HW", "VW"]


def fail(msg):
    print(os.environ.get("FLITNET_WHO", "cosim-user") + ": " + msg)
    sys.exit(1)


def const_value(c):
    """the value of a Verilator XML constant such as 32'h4 or 32'sh0"""
    m = re.match(r"^(?:\d+)?'s?([hdbo])([0-9a-fA-F_]+)$", c.get("name", ""))
    if not m:
        raise ValueError(c.get("name"))
    return int(m.group(2).replace("_", ""), {"h": 16, "d": 10, "b": 2, "o": 8}[m.group(1)])


def packed_width(dtypes, did, port, top):
    """the width in bits of a port's packed type (a vector, a packed array of them, a
    packed struct, a typedef of those), refusing what the network cannot connect bit for
    bit: an unpacked array, and a packed array numbered upwards, whose element 0 would
    sit in the top bits where the network puts port (or VC) 0 in the bottom ones"""
    d = dtypes.get(did)
    if d is None:
        return 1
    tag = d.tag
    if tag == "basicdtype":
        if d.get("left") is None:
            return 1
        left, right = int(d.get("left")), int(d.get("right"))
        if left < right:
            fail("module %s: port %s is a vector [%d:%d] numbered upwards: declare it [%d:%d], so that its bit i is the "
                 "network's bit i (docs/router-interface.md, \"Ports\")" % (top, port, left, right, right, left))
        return left - right + 1
    if tag in ("refdtype", "enumdtype"):
        return packed_width(dtypes, d.get("sub_dtype_id"), port, top)
    if tag == "structdtype":
        return sum(packed_width(dtypes, m.get("sub_dtype_id"), port, top) for m in d.findall("memberdtype"))
    if tag == "packarraydtype":
        r = [c for c in d.iter("const")][:2]
        try:
            left, right = const_value(r[0]), const_value(r[1])
        except (ValueError, IndexError):
            fail("module %s: port %s has a packed dimension Verilator did not reduce to numbers" % (top, port))
        if left < right:
            fail("module %s: port %s has a packed dimension [%d:%d] numbered upwards: declare it [%d:%d], so that "
                 "element p is the network's p*W +: W (docs/router-interface.md, \"Ports\")"
                 % (top, port, left, right, right, left))
        return (left - right + 1) * packed_width(dtypes, d.get("sub_dtype_id"), port, top)
    what = "an unpacked array" if tag == "unpackarraydtype" else "of type %s" % tag
    fail("module %s: port %s is %s; the interface's ports are packed: flat vectors or packed arrays and structs of "
         "the same bits" % (top, port, what))


def derive(cfg, codes):
    """the network's parameters for the configuration, as flitnet_pkg derives them"""
    kv = dict(x.split("=", 1) for x in cfg.split())
    topo = kv.get("topology", "torus")
    n = int(kv.get("n", "2"))
    ks = [int(x) for x in kv.get("k", "8").split(",")]
    if len(ks) == 1:
        ks = ks * n
    if topo == "hypercube":
        ks = [2] * n
    if len(ks) != n:
        fail("k lists %d radices, n = %d" % (len(ks), n))
    N = 1
    for k in ks:
        N *= k
    if topo == "torus":
        pn, d = 2 * n, sum(k // 2 for k in ks)
    elif topo == "mesh":
        pn, d = 2 * n, sum(k - 1 for k in ks)
    elif topo == "torus_uni":
        pn, d = n, sum(k - 1 for k in ks)
    elif topo == "hypercube":
        pn, d = n, n
    else:
        fail("unknown topology '%s'" % topo)
    v = int(kv.get("vcs", "10"))
    a = max(1, math.ceil(math.log2(N))) if N > 1 else 1
    hw = math.ceil(math.log2(d + 1)) + 1
    vw = math.ceil(math.log2(v)) if v > 1 else 1
    khex = "".join("%02x" % k for k in reversed(ks))
    fring = 1 if kv.get("fault_handling") == "fring" else 0
    p = {
        "TOPO": codes[("topology", topo)], "NDIM": n, "K": "64'h" + khex, "P": pn + 1, "V": v,
        "B": int(kv.get("buf_depth", "1")), "BO": int(kv.get("obuf_depth", "1")),
        "ROUTING": codes[("routing", kv.get("routing", "dor"))], "DATELINE": int(kv.get("dateline", "1")),
        "ESCAPE_VCS": int(kv.get("escape_vcs", "0")), "TIMEOUT": int(kv.get("timeout", "0")), "FRING": fring,
        "A": a, "HW": hw, "VW": vw,
    }
    return p


def main():
    top, work, cfg, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    codes = {}
    out = subprocess.run([os.path.join(root, "harness/codes.sh"), "list"], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        f = line.split()
        if len(f) >= 3 and f[0] in ("routing", "topology"):
            codes[(f[0], f[1])] = int(f[2])
    try:
        p = derive(cfg, codes)
    except KeyError as e:
        fail("the C model has no %s %s" % e.args[0])
    P, V, A, VW = p["P"], p["V"], p["A"], p["VW"]
    os.makedirs(work, exist_ok=True)
    xml = os.path.join(work, "ports.xml")
    # the router's own conventions (build_user.sh --iface): a credit bus, a sideband
    iface = dict(kv.split("=", 1) for kv in os.environ.get("FLITNET_IFACE", "").split())
    crbus, uw = iface.get("crbus") == "1", int(iface.get("uw", "0"))
    gparams = ["-G%s=%s" % (k, p[k]) for k in PARAMS] + (["-GUW=%d" % uw] if uw else [])
    cmd = ["verilator", "--xml-only", "--xml-output", xml, "-Mdir", work, "-Wno-fatal", "-Wno-lint", "-Wno-style",
           "--top-module", top] + gparams + \
        os.environ.get("FLITNET_CHECK_FLAGS", "").split() + files  # include dirs and defines of the build
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        err = r.stderr
        m = re.search(r"Parameters from the command line were not found in the design: (\S+)", err)
        if m:
            fail("module %s has no parameter %s (the network passes every one of %s; docs/router-interface.md, "
                 "\"Parameters\")" % (top, m.group(1), " ".join(PARAMS)))
        m = re.search(r"Specified --top-module '([^']*)' was not found", err)
        if m:
            fail("no module %s in the RTL files (%s)" % (top, " ".join(files[-3:])))
        first = next((l for l in err.splitlines() if l.startswith("%Error")), err.strip().splitlines()[0] if err.strip() else "?")
        fail("Verilator cannot elaborate module %s with the network's parameters: %s" % (top, first))
    tree = ET.parse(xml)
    dtypes = {}
    for d in tree.iter():
        if d.get("id") is not None and d.tag.endswith("dtype"):
            dtypes[d.get("id")] = d
    mod = next((m for m in tree.iter("module") if m.get("topModule") == "1"), None)
    if mod is None:
        fail("no module %s in the RTL files" % top)
    have = {}
    for var in mod.findall("var"):
        if var.get("dir") is None or var.get("pinIndex") is None:
            continue
        w = packed_width(dtypes, var.get("dtype_id"), var.get("name"), top)
        have[var.get("name")] = (var.get("dir"), w)
    want = [
        ("clk_i", "input", 1, "1"), ("rst_ni", "input", 1, "1"), ("node_id_i", "input", A, "A"),
        ("lfsr_seed_i", "input", 16, "16"), ("sel_random_i", "input", 1, "1"),
        ("faulty_nbr_i", "input", P - 1, "P-1"), ("ring_ok_i", "input", 2 * (P - 1), "2(P-1)"),
        ("in_valid_i", "input", P, "P"), ("in_vc_i", "input", P * VW, "P*VW"), ("in_flit_i", "input", P * 64, "P*64"),
        ("cr_o", "output", P * V, "P*V"), ("out_valid_o", "output", P, "P"), ("out_vc_o", "output", P * VW, "P*VW"),
        ("out_flit_o", "output", P * 64, "P*64"), ("cr_i", "input", P * V, "P*V"),
    ]
    if crbus:  # {valid, vc} per port each way, in place of a wire per VC
        want = [w for w in want if w[0] not in ("cr_o", "cr_i")] + [
            ("cr_valid_o", "output", P, "P"), ("cr_vc_o", "output", P * VW, "P*VW"),
            ("cr_valid_i", "input", P, "P"), ("cr_vc_i", "input", P * VW, "P*VW")]
    if uw:
        want += [("in_sb_i", "input", P * uw, "P*UW"), ("out_sb_o", "output", P * uw, "P*UW")]
    sizes = "P=%d V=%d A=%d VW=%d%s" % (P, V, A, VW, " UW=%d" % uw if uw else "")
    for name, d, w, expr in want:
        if name not in have:
            fail("module %s has no port %s (%s, %s = %d bits with %s; docs/router-interface.md, \"Ports\")"
                 % (top, name, d, expr, w, sizes))
        hd, hw = have[name]
        if hd != d:
            fail("module %s: port %s is an %s, the interface has it as an %s" % (top, name, hd, d))
        if hw != w:
            fail("module %s: port %s is %d bits wide, the network connects %s = %d bits (%s)"
                 % (top, name, hw, expr, w, sizes))
    names = [x[0] for x in want]
    for name in have:
        if name not in names:
            fail("module %s has a port %s that the network does not connect (the interface's ports: %s)"
                 % (top, name, " ".join(names)))
    if iface:  # the router inside its adapter: the adapter adds no path of its own
        flags = os.environ.get("FLITNET_CHECK_FLAGS", "")
        os.environ["FLITNET_CHECK_FLAGS"] = flags + " +define+FLITNET_ROUTER=" + top
        rule5("flitnet_iface", work, p, files, max(uw, 1), top)
    else:
        rule5(top, work, p, files)


def rule5(top, work, p, files, uwx=0, who=None):
    """rule 5 (no combinational path through a router): the module alone, and the module
    with one bit that every output feeds (their XOR) driving every input of the cycle
    (in_valid_i, in_vc_i, in_flit_i, cr_i), are Verilated (--cc, no C++ built); a path
    from an input to an output closes a loop through that bit, which Verilator reports as
    circular logic (UNOPTFLAT). More such warnings with the bit than alone (where a false
    loop inside the design may give some) is a path."""
    P, V, VW = p["P"], p["V"], p["VW"]
    who = who or top
    params = ", ".join(".%s(%s)" % (k, p[k]) for k in PARAMS)
    consts = ".clk_i, .rst_ni, .node_id_i('0), .lfsr_seed_i(16'h1), .sel_random_i(1'b1), .faulty_nbr_i('0), .ring_ok_i('1)"
    outs = "cr_o(cr_o), .out_valid_o(out_valid_o), .out_vc_o(out_vc_o), .out_flit_o(out_flit_o)"
    decl = ("  logic [%d:0] cr_o; logic [%d:0] out_valid_o; logic [%d:0] out_vc_o; logic [%d:0] out_flit_o;\n"
            % (P * V - 1, P - 1, P * VW - 1, P * 64 - 1))
    sb_in, sb_loop = "", ""
    if uwx:  # the adapter's sideband: out_sb_o joins the outputs (its copy of the inputs, sb_seen_o, does not)
        decl += "  logic [%d:0] sb_out, sb_seen;\n" % (P * uwx - 1)
        outs += ", .sb_out_o(sb_out), .sb_seen_o(sb_seen)"
        sb_in = ", .sb_in_i('0)"
        sb_loop = ", .sb_in_i({%d{x}})" % (P * uwx)
    xs = "cr_o, out_valid_o, out_vc_o, out_flit_o" + (", sb_out" if uwx else "")
    wraps = {
        "alone": "module flitnet_rule5_alone (input logic clk_i, input logic rst_ni, input logic [%d:0] in_valid_i,\n"
                 "  input logic [%d:0] in_vc_i, input logic [%d:0] in_flit_i, input logic [%d:0] cr_i, output logic x_o);\n"
                 "%s  %s #(%s) u (%s, .in_valid_i, .in_vc_i, .in_flit_i, .%s, .cr_i%s);\n"
                 "  assign x_o = ^{%s};\nendmodule\n"
                 % (P - 1, P * VW - 1, P * 64 - 1, P * V - 1, decl, top, params, consts, outs, sb_in, xs),
        "loop": "module flitnet_rule5_loop (input logic clk_i, input logic rst_ni, output logic x_o);\n"
                "%s  wire x = ^{%s};\n"
                "  %s #(%s) u (%s, .in_valid_i({%d{x}}), .in_vc_i({%d{x}}), .in_flit_i({%d{x}}), .%s, .cr_i({%d{x}})%s);\n"
                "  assign x_o = x;\nendmodule\n" % (decl, xs, top, params, consts, P, P * VW, P * 64, outs, P * V, sb_loop),
    }
    loops = {}
    for name, text in wraps.items():
        f = os.path.join(work, "rule5_%s.sv" % name)
        with open(f, "w") as h:
            h.write(text)
        cmd = ["verilator", "--cc", "-Mdir", os.path.join(work, "rule5_" + name), "-Wno-fatal", "-Wno-lint",
               "-Wno-style", "--top-module", "flitnet_rule5_" + name] + \
            os.environ.get("FLITNET_CHECK_FLAGS", "").split() + files + [f]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:  # the port check elaborated the module: say what this adds
            first = next((l for l in r.stderr.splitlines() if l.startswith("%Error")), "?")
            fail("Verilator cannot build module %s for the check of rule 5: %s" % (who, first))
        loops[name] = [l for l in r.stderr.splitlines() if l.startswith("%Warning-UNOPTFLAT")]
    if len(loops["loop"]) > len(loops["alone"]):
        fail("module %s has a combinational path from an input to an output (rule 5: every output a function of "
             "the router's registers only; docs/router-interface.md, \"Credit protocol and timing\"): with its "
             "outputs fed back to its inputs, Verilator finds circular logic: %s"
             % (who, loops["loop"][0].split(": ", 1)[-1]))


main()
