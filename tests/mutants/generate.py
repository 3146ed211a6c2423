#!/usr/bin/env python3
"""generate.py: single-point mutants of rtl/, generated mechanically (make mutants).

    generate.py list                 every mutant: ID, operator, file:line, the line before and after
    generate.py patch ID DIR         writes DIR/ID.patch (a unified diff of rtl/, apply.sh format)
    generate.py count                mutants per module and per operator

Operators, applied at every site of every design file of rtl/flitnet.f (not inside
`ifdef FLITNET_ASSERT`, `FLITNET_PROPS` or `VERILATOR` blocks, which hold the checks;
comments, parameter or declaration-only lines, strings):
    rel      == <-> !=,  < <-> <=,  > <-> >=  (never a non-blocking assignment, nor a
             for loop's bound: out-of-range iterations are no-ops, so those are equivalent)
    logic    && <-> ||
    bitwise  binary & <-> |,  ^ -> &
    arith    binary + <-> -  (not part-selects +: -:)
    not      drops a ! or a ~
    const    1'b0 <-> 1'b1, '0 <-> '1, a decimal literal n -> n+1 and n-1 (n-1 >= 0)
    cond     if (C) -> if (!(C))
    stuck    assign X = E; -> assign X = '0; and '1;
An ID is MODULE.LINE.OPERATOR.K (K counts that operator's sites on the line), stable as
long as the line keeps its number. The list is sorted by file and line.
"""
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
RTL = os.path.join(ROOT, "rtl")


def design_files():
    with open(os.path.join(RTL, "flitnet.f")) as f:
        return [ln.strip() for ln in f if ln.strip() and not ln.startswith("#")]


def code_part(line):
    """the line without its comments: /* ... */ within the line (metacomments such as
    Verilator's coverage_off) and // to the end (strings are never used in the design)"""
    line = re.sub(r"/\*.*?\*/", "", line)
    i = line.find("//")
    return line if i < 0 else line[:i]


SKIP_START = re.compile(r"^\s*(localparam|parameter|import|module|endmodule|`|typedef|function|endfunction|package|endpackage|input|output|inout)\b")
DECL_ONLY = re.compile(r"^\s*(logic|wire|reg|bit|int|genvar|integer)\b[^=]*;\s*$")
NONBLOCKING = re.compile(r"^\s*[A-Za-z_][\w\.\[\]:+\-\*\s']*?\s<=\s")


def sites(text):
    """(operator, start, end, replacement) for every mutation site of one code line"""
    out = []
    code = text

    def add(op, m, rep):
        out.append((op, m.start(), m.end(), rep))

    nb = NONBLOCKING.match(code)
    skip_until = nb.end() if nb else 0  # the assignment's `<=` is not an operator

    for m in re.finditer(r"==|!=", code):
        if code[m.start() - 1:m.start()] in "=!<>" and m.start() > 0:
            continue
        if code[m.end():m.end() + 1] == "=":
            continue
        add("rel", m, "!=" if m.group() == "==" else "==")
    # a for loop's bound moved by one only runs an iteration out of the range its body
    # indexes (out-of-range writes are no-ops in SystemVerilog) or fails to elaborate:
    # equivalent or stillborn, so for headers get no relational mutants
    in_for = re.search(r"\bfor\s*\(", code)
    for m in re.finditer(r"(?<![<>=!])(<=|>=|<|>)(?![<>=])", code):
        if m.start() < skip_until or in_for:
            continue
        g = m.group()
        rep = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}[g]
        add("rel", m, rep)
    for m in re.finditer(r"&&|\|\|", code):
        add("logic", m, "||" if m.group() == "&&" else "&&")
    # binary & | ^: preceded (after spaces) by an operand end, followed by no second & or |
    for m in re.finditer(r"(?<=[\w\)\]'])(\s*)([&|^])(?![&|=~])", code):
        if code[m.start(2) - 1:m.start(2)] in "&|":
            continue
        g = m.group(2)
        rep = {"&": "|", "|": "&", "^": "&"}[g]
        out.append(("bitwise", m.start(2), m.end(2), rep))
    for m in re.finditer(r"(?<=[\w\)\]'])(\s*)([+\-])(?![:+\-=>])", code):
        out.append(("arith", m.start(2), m.end(2), "-" if m.group(2) == "+" else "+"))
    for m in re.finditer(r"[!~](?!=)", code):
        if code[m.start() + 1:m.start() + 2] in "&|^":  # ~& ~| ~^ reductions
            continue
        out.append(("not", m.start(), m.end(), ""))
    for m in re.finditer(r"1'b[01]", code):
        add("const", m, "1'b1" if m.group() == "1'b0" else "1'b0")
    for m in re.finditer(r"(?<![\w'])'([01])(?![\w])", code):
        add("const", m, "'1" if m.group(1) == "0" else "'0")
    for m in re.finditer(r"(?<![\w'.\[:$])(\d+)(?![\w'.])", code):
        # decimal literals in expressions (not widths of sized literals, not indices of part selects)
        n = int(m.group(1))
        prev = code[:m.start()].rstrip()
        if prev.endswith("[") or prev.endswith(":") or re.search(r"\[\s*\d*\s*$", code[:m.start()]):
            continue
        out.append(("const", m.start(), m.end(), str(n + 1)))
        if n > 0:
            out.append(("const", m.start(), m.end(), str(n - 1)))
    m = re.search(r"\bif\s*\(", code)
    if m:
        depth, i = 1, m.end()
        while i < len(code) and depth:
            depth += {"(": 1, ")": -1}.get(code[i], 0)
            i += 1
        if depth == 0:
            cond = code[m.end():i - 1]
            out.append(("cond", m.end(), i - 1, "!(" + cond + ")"))
    m = re.match(r"^(\s*assign\s+[^=]+=\s*)(.+?)(;\s*)$", code)
    if m and not re.fullmatch(r"'[01]", m.group(2).strip()):
        out.append(("stuck", m.start(2), m.end(2), "'0"))
        out.append(("stuck", m.start(2), m.end(2), "'1"))
    return out


def mutants():
    res = []
    for rel in design_files():
        path = os.path.join(RTL, rel)
        with open(path) as f:
            lines = f.read().split("\n")
        module = os.path.splitext(os.path.basename(rel))[0]
        in_assert = 0
        in_block_comment = False
        for no, line in enumerate(lines, 1):
            s = line.strip()
            if in_block_comment:
                if "*/" in s:
                    in_block_comment = False
                continue
            if s.startswith("/*") and "*/" not in s:
                in_block_comment = True
                continue
            if re.match(r"`ifdef\s+(FLITNET_ASSERT|FLITNET_PROPS|VERILATOR)\b", s):
                in_assert += 1
                continue
            if in_assert:
                if s.startswith("`ifdef") or s.startswith("`ifndef"):
                    in_assert += 1
                elif s.startswith("`endif"):
                    in_assert -= 1
                continue
            code = code_part(line)
            if not code.strip() or SKIP_START.match(code) or DECL_ONLY.match(code):
                continue
            if re.search(r"\$(error|display|fatal|warning)", code):
                continue
            count = {}
            for op, a, b, rep in sites(code):
                k = count.get(op, 0)
                count[op] = k + 1
                new = line[:a] + rep + line[b:]
                if new == line:
                    continue
                res.append(("%s.%d.%s.%d" % (module, no, op, k), op, rel, no, line, new))
    return res


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("list", "patch", "count"):
        sys.stderr.write(__doc__)
        return 1
    ms = mutants()
    if sys.argv[1] == "list":
        for mid, op, rel, no, old, new in ms:
            print("%s\t%s\t%s:%d\t%s\t%s" % (mid, op, rel, no, old.strip(), new.strip()))
    elif sys.argv[1] == "count":
        by_mod, by_op = {}, {}
        for mid, op, rel, no, old, new in ms:
            by_mod[mid.split(".")[0]] = by_mod.get(mid.split(".")[0], 0) + 1
            by_op[op] = by_op.get(op, 0) + 1
        for k in sorted(by_mod):
            print("%-28s %5d" % (k, by_mod[k]))
        print("%-28s %5d" % ("all", len(ms)))
        print("  " + ", ".join("%s %d" % (k, by_op[k]) for k in sorted(by_op)))
    else:
        if len(sys.argv) != 4:
            sys.stderr.write("usage: generate.py patch ID DIR\n")
            return 1
        want, outdir = sys.argv[2], sys.argv[3]
        for mid, op, rel, no, old, new in ms:
            if mid == want:
                os.makedirs(outdir, exist_ok=True)
                with open(os.path.join(outdir, mid + ".patch"), "w") as f:
                    f.write("%s: generated mutant (%s) of rtl/%s line %d.\n\n" % (mid, op, rel, no))
                    f.write("--- a/rtl/%s\n+++ b/rtl/%s\n" % (rel, rel))
                    f.write("@@ -%d,1 +%d,1 @@\n-%s\n+%s\n" % (no, no, old, new))
                return 0
        sys.stderr.write("generate.py: no mutant %s\n" % want)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
