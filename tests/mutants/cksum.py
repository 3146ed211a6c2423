#!/usr/bin/env python3
"""cksum.py: POSIX cksum (the CRC `cksum` prints, the length appended) for run.sh, in one
process where run.sh had a `cksum` per line (4000 processes, a minute, for the draw of the
whole set). The same numbers, so the same draws and ledger keys.

    cksum.py lines         the cksum of each line of stdin (with its newline), one a line
    cksum.py draw SEED     the mutant IDs of stdin in the order of run.sh's draw: by the
                           cksum of the line "SEED ID", smallest first, ties by ID
"""
import sys


def _table():
    t = []
    for i in range(256):
        c = i << 24
        for _ in range(8):
            c = ((c << 1) ^ 0x04C11DB7) if c & 0x80000000 else (c << 1)
        t.append(c & 0xFFFFFFFF)
    return t


TABLE = _table()


def cksum(data):
    """POSIX cksum's CRC of the bytes data"""
    crc = 0
    for b in data:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ TABLE[(crc >> 24) ^ b]
    n = len(data)
    while n:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ TABLE[(crc >> 24) ^ (n & 0xFF)]
        n >>= 8
    return ~crc & 0xFFFFFFFF


def main():
    a = sys.argv[1:]
    if a == ["lines"]:
        sys.stdout.write("".join("%d\n" % cksum(line) for line in sys.stdin.buffer))
        return 0
    if len(a) == 2 and a[0] == "draw" and a[1].isdigit():
        ids = [line.strip() for line in sys.stdin if line.strip()]
        keyed = sorted((cksum(("%s %s\n" % (a[1], i)).encode()), i) for i in ids)
        sys.stdout.write("".join(i + "\n" for _, i in keyed))
        return 0
    sys.stderr.write("usage: cksum.py lines | cksum.py draw SEED (input on stdin)\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
