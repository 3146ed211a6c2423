#!/usr/bin/env python3
"""rtl/yosys_reads.py FILE...: Verilog that yosys 0.23 (Debian's, which make synth, make
formal and make formal-user run) reads as a different circuit than Verilator and Icarus
do. One construct is known: a unary operator written right before a size or type cast,
as in ~V'(3), -W'(x) or !1'(b); yosys drops the operator (it reads V'(3)). Parenthesized,
~(V'(3)) reads right. Prints FILE:LINE: and the reason for each, exits 1 if any."""
import re
import sys

# a unary operator: ~ or ! anywhere; - or + only where an operand cannot end before it
CAST = r"[A-Za-z0-9_]+'\("
UNARY = re.compile(r"(~|!(?!=)|(?:(?<=[=(,?:&|^~!<>*/%{])|^)\s*[-+])\s*" + CAST)


def code_lines(text):
    """the text with comments and strings blanked, line by line"""
    text = re.sub(r'/\*.*?\*/', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S)
    for line in text.split('\n'):
        line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
        yield line.split('//', 1)[0]


def main(paths):
    bad = 0
    for p in paths:
        try:
            text = open(p, encoding='utf-8', errors='replace').read()
        except OSError as e:
            print('yosys_reads.py: %s: %s' % (p, e.strerror), file=sys.stderr)
            return 2
        for n, line in enumerate(code_lines(text), 1):
            m = UNARY.search(line)
            if m:
                op = m.group(1).strip()
                print("%s:%d: yosys 0.23 drops the unary '%s' before a cast here "
                      "(write %s(...'(...)) with parentheses)" % (p, n, op, op))
                bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    if len(sys.argv) < 2:
        print('usage: yosys_reads.py FILE...', file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
