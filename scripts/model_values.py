#!/usr/bin/env python3
"""The Values table of docs/models.md, computed by `flitnet model`: each model's zero-load
latency, saturation rate (qm_saturation_rate, tol 1e-6) and latency at 80 % of that rate,
for the configurations the table lists. tests/suites/commands.sh compares the table in the
document with this output, so that the document cannot drift from the code.
    scripts/model_values.py [FLITNET]      (default build/flitnet)"""
import json
import os
import subprocess
import sys
import tempfile

FLITNET = sys.argv[1] if len(sys.argv) > 1 else "build/flitnet"

P2 = "0.7,0.2," + ",".join(["0.0125"] * 8)  # seed 003's locality pattern 2 on 10 hops


def row(label, configs):
    return label, [c.split() for c in configs]


def nbc(k, m, refined=""):
    return f"model=duato-nbc k={k} vcs=10 msg_len={m}" + (" variant=refined" if refined else "")


def dc(topo, k, n, v, m, refined=False):
    return f"model=dor-comb topology={topo} k={k} n={n} vcs={v} msg_len={m}" + (" variant=refined" if refined else "")


def swft(v, m, nf):
    return f"model=swft k=8 vcs={v} msg_len={m} faults={nf}"


def tmo(m, v, p):
    return (f"model=timeout topology=hypercube n=10 vcs={v} msg_len={m} msg_len_dist=exp tau={m} "
            f"traffic=locality locality_p={p}")


ROWS = [
    row("duato-nbc 8×8 V=10 M=32", [nbc(8, 32)]),
    row("duato-nbc 8×8 V=10 M=64", [nbc(8, 64)]),
    row("duato-nbc 16×16 V=10 M=32", [nbc(16, 32)]),
    row("duato-nbc 16×16 V=10 M=64", [nbc(16, 64)]),
    row("duato-nbc refined 8×8 V=10 M=32", [nbc(8, 32, 1)]),
    row("duato-nbc refined 8×8 V=10 M=64", [nbc(8, 64, 1)]),
    row("duato-nbc refined 16×16 V=10 M=32", [nbc(16, 32, 1)]),
    row("duato-nbc refined 16×16 V=10 M=64", [nbc(16, 64, 1)]),
]
for topo, name in (("torus_uni", "uni"), ("torus", "bi")):
    for L in (3, 5):
        ROWS.append(row(f"dor-comb {name} 16×16 L={L} M=32 / 64 / 100", [dc(topo, 16, 2, L, m) for m in (32, 64, 100)]))
    ROWS.append(row(f"dor-comb {name} 8×8×8 L=3 / 5 M=32", [dc(topo, 8, 3, L, 32) for L in (3, 5)]))
for k in (8, 16):
    for V in (4, 10):
        ROWS.append(row(f"dor-comb refined {k}×{k} V={V} M=32 / 64", [dc("torus", k, 2, V, m, True) for m in (32, 64)]))
ROWS.append(row("dor-comb refined 8×8×8 V=4 / 10 M=32", [dc("torus", 8, 3, V, 32, True) for V in (4, 10)]))
for V in (4, 10):
    for m in (32, 64):
        ROWS.append(row(f"swft 8-ary 2-cube V={V} M={m} nf=0/3/5/12", [swft(V, m, nf) for nf in (0, 3, 5, 12)]))
for m in (32, 256):
    for V in (2, 3):
        ROWS.append(row(f"timeout 2^10 M={m} τ={m} V={V} pattern 1 / 2", [tmo(m, V, "0.9,0.1"), tmo(m, V, P2)]))


def model(args, tmp):
    out = os.path.join(tmp, "m.json")
    subprocess.run([FLITNET, "model", *args, "--json", out], check=True, stdout=subprocess.DEVNULL)
    with open(out) as f:
        return json.load(f)


def values(args, tmp):
    first = model(args + ["rate=1e-9"], tmp)
    zl, sat = first["zero_load_latency"], first["saturation_rate"]
    at80 = model(args + [f"rate={0.8 * sat!r}"], tmp)["points"][0]
    if at80["saturated"]:
        sys.exit(f"model_values: {' '.join(args)} is saturated at 80 % of its saturation rate")
    return f"{zl:.3f}", f"{sat:.6g}", f"{at80['latency']:.2f}"


def joined(vals):
    return vals[0] if all(v == vals[0] for v in vals) else " / ".join(vals)


def main():
    print("| configuration | zero load | saturation λ_g | latency at 0.8·sat |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for label, configs in ROWS:
            cols = list(zip(*(values(c, tmp) for c in configs)))
            print(f"| {label} | {joined(cols[0])} | {' / '.join(cols[1])} | {' / '.join(cols[2])} |")


main()
