#!/usr/bin/env python3
"""scoreboard_mutants.py: single-point mutants of the checks of harness/scoreboard.cpp
(tests/cosim/scoreboard_mutants.sh runs them).

    scoreboard_mutants.py list [FILE]           every mutant, one per line, tab-separated:
                                                ID, line, the condition, the mutated
                                                condition, the check it guards
    scoreboard_mutants.py apply ID OUT [FILE]   writes FILE with mutant ID applied to OUT

A site is a condition that guards a report of a violation (a call of fail or bd.fail):
  - the condition of the innermost `if` whose body holds the call;
  - an `if (C) return true;` (the pass path of a check function: the rest reports);
  - an `if (C) break;` (or continue, return) directly before such an `if`;
  - an `if` whose condition calls a check function (a bool function that reports).
Its operators are mutated one at a time:
    >= -> > and <     > -> >= and <=     <= -> < and >     < -> <= and >=
    == -> !=          != -> ==           && -> ||          || -> &&
    !  -> (dropped)
and the whole condition of a check -> false (the check deleted; a pass path -> true).
(never inside a cast's template argument, a shift, -> or a string). An ID is `sb-` and
8 hex digits of a hash of the condition's text (blanks collapsed), its occurrence among
identical conditions, the operator's place in it and the replacement: found by its text,
so that it stays the same when the file moves around it.
"""
import hashlib
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SRC = os.path.join(ROOT, "harness", "scoreboard.cpp")

MUTATIONS = {
    ">=": [">", "<"],
    ">": [">=", "<="],
    "<=": ["<", ">"],
    "<": ["<=", ">="],
    "==": ["!="],
    "!=": ["=="],
    "&&": ["||"],
    "||": ["&&"],
    "!": [""],
}


def mask(src):
    """src with comments, string and character literals blanked (same length, newlines
    kept): the structure is read from this"""
    out = list(src)
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if src[k] != "\n":
                    out[k] = " "
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                out[k] = " "
            i = j + 1
        else:
            i += 1
    return "".join(out)


def match_close(m, i, o, c):
    """the index after the bracket closing the one at i"""
    depth = 0
    for j in range(i, len(m)):
        if m[j] == o:
            depth += 1
        elif m[j] == c:
            depth -= 1
            if depth == 0:
                return j + 1
    raise ValueError("unbalanced %s at %d" % (o, i))


def statement_end(m, i):
    """the end of the statement starting at i: a block, or up to its ';'"""
    while m[i].isspace():
        i += 1
    if m[i] == "{":
        return match_close(m, i, "{", "}")
    depth = 0
    for j in range(i, len(m)):
        if m[j] in "([{":
            depth += 1
        elif m[j] in ")]}":
            depth -= 1
        elif m[j] == ";" and depth == 0:
            return j + 1
    raise ValueError("no statement end at %d" % i)


def ifs(m):
    """(cond_start, cond_end, body_start, body_end) of every if: the condition without
    its parentheses"""
    out = []
    for x in re.finditer(r"\bif\s*\(", m):
        po = x.end() - 1
        pc = match_close(m, po, "(", ")")
        be = statement_end(m, pc)
        out.append((po + 1, pc - 1, pc, be))
    return out


FAIL = re.compile(r"(?<![\w])fail\s*\(")


def fail_calls(m):
    return [x.start() for x in FAIL.finditer(m) if not re.search(r"void\s+$", m[max(0, x.start() - 16):x.start()])]


def check_functions(m):
    """(name, body start, body end) of the bool functions whose bodies report a violation"""
    out = []
    for x in re.finditer(r"\bbool\s+(\w+)\s*\(", m):
        po = x.end() - 1
        pc = match_close(m, po, "(", ")")
        k = pc
        while k < len(m) and m[k].isspace():
            k += 1
        if k < len(m) and m[k] == "{":
            be = match_close(m, k, "{", "}")
            if FAIL.search(m[k:be]):
                out.append((x.group(1), k, be))
    return out


def guards(m):
    """the guarding conditions: (cond_start, cond_end, the fail call it guards or None,
    kind): kind check (its body reports), pass (a check function's `return true`), jump
    (a break before a check) or call (it calls a check function)"""
    all_ifs = ifs(m)
    chosen = {}
    for c in fail_calls(m):
        inner = [f for f in all_ifs if f[2] <= c < f[3]]
        if inner:
            f = min(inner, key=lambda f: f[3] - f[2])
            chosen.setdefault(f, (c, "check"))
    checks = check_functions(m)
    for f in all_ifs:
        body = m[f[2]:f[3]].strip()
        if body == "return true;" and any(b <= f[0] < e for _, b, e in checks):
            nxt = FAIL.search(m, f[3])
            chosen.setdefault(f, (nxt.start() if nxt else None, "pass"))
        elif re.fullmatch(r"(break|continue|return)\s*;", body):
            nxt = [g for g in chosen if g[0] > f[3] and chosen[g][1] == "check"]
            if nxt:
                g = min(nxt, key=lambda g: g[0])
                if re.fullmatch(r"\s*if\s*\(", m[f[3]:g[0]]):
                    chosen.setdefault(f, (chosen[g][0], "jump"))
        if any(re.search(r"(?<![\w])%s\s*\(" % re.escape(n), m[f[0]:f[1]]) for n, _, _ in checks):
            chosen.setdefault(f, (None, "call"))
    return sorted((f[0], f[1], c, k) for f, (c, k) in chosen.items())


OPS = re.compile(r"&&|\|\||>=|<=|==|!=|!|<|>")


def operators(m, s, e):
    """(start, end, op) of the mutable operators of condition m[s:e]"""
    cond = m[s:e]
    # template arguments of casts and of std:: types are not comparisons
    cond = re.sub(r"\b(static_cast|reinterpret_cast|const_cast|dynamic_cast|std::\w+)\s*<[^<>()]*>",
                  lambda x: " " * len(x.group(0)), cond)
    out = []
    for x in OPS.finditer(cond):
        a, b, op = x.start(), x.end(), x.group(0)
        before = cond[a - 1] if a > 0 else ""
        after = cond[b] if b < len(cond) else ""
        if op in ("<", ">") and (before in "<>-" or after in "<>="):
            continue  # a shift, ->
        if op == "!" and after == "=":
            continue
        if op in (">=", "<=") and before in "<>":
            continue  # >>= <<=
        out.append((s + a, s + b, op))
    return out


def norm(t):
    return " ".join(t.split())


def what_of(src, m, call):
    """the check a fail call reports: the longest string literal among its arguments"""
    if call is None:
        return ""
    po = m.index("(", call)
    lits = re.findall(r'"((?:[^"\\]|\\.)*)"', src[po:match_close(m, po, "(", ")")])
    return max(lits, key=len) if lits else ""


def mutants(src):
    m = mask(src)
    seen = {}
    out = []
    for s, e, call, kind in guards(m):
        text = norm(src[s:e])
        occ = seen.get(text, 0)
        seen[text] = occ + 1
        line = src.count("\n", 0, s) + 1
        what = what_of(src, m, call)
        what = {"pass": "the pass path of the check of ", "jump": "the way to the check of ",
                "call": "the call of a check"}.get(kind, "") + what
        sites = [(a, b, rep) for a, b, op in operators(m, s, e) for rep in MUTATIONS[op]]
        # the check deleted: it never fires (a pass path always passes)
        if kind in ("check", "call"):
            sites.append((s, e, "false"))
        elif kind == "pass":
            sites.append((s, e, "true"))
        for a, b, rep in sites:
            key = "%s|%d|%d|%s" % (text, occ, len(norm(src[s:a])) if a > s else -1, rep)
            mid = "sb-" + hashlib.sha1(key.encode()).hexdigest()[:8]
            mutated = src[s:a] + rep + src[b:e]
            out.append({"id": mid, "line": line, "cond": text, "mut": norm(mutated), "what": what,
                        "start": a, "end": b, "rep": rep})
    ids = [x["id"] for x in out]
    if len(ids) != len(set(ids)):
        raise SystemExit("scoreboard_mutants.py: two mutants with one ID")
    return out


def main(argv):
    if len(argv) >= 2 and argv[1] == "list":
        path = argv[2] if len(argv) > 2 else SRC
        with open(path) as f:
            src = f.read()
        for x in mutants(src):
            print("%s\t%d\t%s\t%s\t%s" % (x["id"], x["line"], x["cond"], x["mut"], x["what"]))
        return 0
    if len(argv) >= 4 and argv[1] == "apply":
        path = argv[4] if len(argv) > 4 else SRC
        with open(path) as f:
            src = f.read()
        for x in mutants(src):
            if x["id"] == argv[2]:
                with open(argv[3], "w") as f:
                    f.write(src[:x["start"]] + x["rep"] + src[x["end"]:])
                return 0
        print("scoreboard_mutants.py: no mutant %s" % argv[2], file=sys.stderr)
        return 1
    print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
