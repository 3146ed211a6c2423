#!/usr/bin/env python3
"""study_drift.py: a quick study's fault-free curves against the full run's tables in a document.

The full study's ranking tables (between the study-000 summary markers of docs/results.md,
written by scripts/study_doc.sh) give per routing and buffer depth its peak normalized
throughput, its latency at 40 % of capacity and its throughput at the seed's top rate. A
quick study (QUICK=1 scripts/study000.sh) of the same code measures the same quantities on
shorter runs. A difference beyond the tolerance means the code moved them and the document
is stale (or the code is wrong): one line per difference, exit 1.

Tolerances: throughputs within THROUGHPUT_TOL of capacity (the quick and full runs of one
commit differ by about half of it); latency at 40 % within twice the quick point's 95 %
confidence half-width.

usage: study_drift.py DOC QUICK_OUTDIR
"""
import csv
import re
import sys

THROUGHPUT_TOL = 0.01
TOP_RATE = 0.066
LOAD = 0.4
NAMES = {"PHop": "phop", "NHop": "nhop", "Duato": "duato", "Minimal": "minimal",
         "Fully-Adaptive": "fully_adaptive", "Pbc": "pbc", "Nbc": "nbc", "Duato-Pbc": "duato_pbc",
         "Duato-Nbc": "duato_nbc", "Duato-PHop": "duato_phop", "Duato-NHop": "duato_nhop"}


def die(msg):
    print("study_drift.py: " + msg, file=sys.stderr)
    sys.exit(2)


def doc_tables(path):
    """{B: {routing: (peak, latency at 40 %, throughput at the top rate)}} from the block"""
    try:
        text = open(path).read()
    except OSError as e:
        die(str(e))
    m = re.search(r"^<!-- study-000 summary: begin -->$(.*)^<!-- study-000 summary: end -->$", text, re.M | re.S)
    if not m:
        die(f"{path}: no study-000 summary block")
    tables, b = {}, None
    for line in m.group(1).splitlines():
        h = re.match(r"^#+ Figures 4 and 5, B = (\d+):", line)
        if h:
            b = int(h.group(1))
            tables[b] = {}
            continue
        if line.startswith("#"):
            b = None
        if b is None or not re.match(r"^\| \d+ \|", line):
            continue
        c = [x.strip() for x in line.strip().strip("|").split("|")]
        if len(c) != 10 or c[1] not in NAMES:
            die(f"{path}: a ranking row not understood: {line}")
        tables[b][NAMES[c[1]]] = (float(c[2]), float(c[6]), float(c[9]))
    if sorted(tables) != [1, 2] or any(len(t) != len(NAMES) for t in tables.values()):
        die(f"{path}: the block has no ranking of all {len(NAMES)} routings for B = 1 and 2")
    return tables


def quick(outdir, b):
    """{routing: (peak, latency at 40 %, its ci95, throughput at the top rate)}"""
    peak, lat, ci, top = {}, {}, {}, {}
    path = f"{outdir}/fig45_b{b}.csv"
    try:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                r, v = row["routing"], float(row["normalized"])
                peak[r] = max(peak.get(r, v), v)
                if abs(float(row["load"]) - LOAD) < 1e-9 and row["saturated"] == "0":
                    lat[r], ci[r] = float(row["latency"]), float(row["ci95"])
                if abs(float(row["rate"]) - TOP_RATE) < 1e-9:
                    top[r] = v
    except (OSError, KeyError, ValueError) as e:
        die(f"{path}: {e}")
    return {r: (peak[r], lat.get(r), ci.get(r), top.get(r)) for r in peak}


def main():
    if len(sys.argv) != 3:
        die("usage: study_drift.py DOC QUICK_OUTDIR")
    doc = doc_tables(sys.argv[1])
    bad = n = 0
    for b in (1, 2):
        q = quick(sys.argv[2], b)
        for r, (dpk, dlat, dtop) in sorted(doc[b].items()):
            if r not in q or None in q[r]:
                print(f"B = {b} {r}: not in the quick study (or saturated at 40 %)")
                bad += 1
                continue
            qpk, qlat, qci, qtop = q[r]
            for what, dv, qv, tol in (("peak throughput", dpk, qpk, THROUGHPUT_TOL),
                                      (f"throughput at {TOP_RATE}", dtop, qtop, THROUGHPUT_TOL),
                                      ("latency at 40 %", dlat, qlat, 2 * qci)):
                n += 1
                if abs(qv - dv) > tol:
                    bad += 1
                    print(f"B = {b} {r}: {what} {qv:g} in the quick study, {dv:g} in the document "
                          f"(tolerance {tol:.3g})")
    print(f"{n - bad} of {n} values agree with the document's full run")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
