#!/usr/bin/env bash
# make bench-instr: instructions per flit-hop of `flitnet bench`'s points, counted under
# callgrind (repeatable on a busy machine, where seconds are not). The rates come from
# the bench's own bisection (`flitnet bench --points`, native speed); each point then runs
# BENCH_INSTR_CYCLES cycles (warm-up 10,000) under callgrind, counting only the cycle loop
# (run_loop: set-up and reporting excluded), and the count is divided by the run's
# flit-hops (every network-link traversal of the run, warm-up included).
#   FLITNET=path (default build/flitnet), BENCH_CYCLES (the bisection's cycles, default
#   100000, as `make bench`), BENCH_INSTR_CYCLES (default 30000)
set -eu
cd "$(dirname "$0")/.."
BIN=${FLITNET:-build/flitnet}
BC=${BENCH_CYCLES:-100000}
IC=${BENCH_INSTR_CYCLES:-30000}
command -v valgrind >/dev/null || { echo "bench-instr needs valgrind (apt-get install valgrind)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$BIN" bench cycles="$BC" --points >"$tmp/points"
echo "instructions per flit-hop under callgrind: torus, V=10, M=64, uniform, $IC cycles per point (rates bisected on $BC-cycle runs), $BIN"
printf '%-6s %-9s %-11s %10s %14s %12s %10s\n' net routing load rate instructions flit-hops instr/hop
while read -r _ k routing load rate; do
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" --collect-atstart=no --toggle-collect=run_loop \
        "$BIN" sim k="$k" routing="$routing" rate="$rate" cycles="$IC" warmup=10000 --json "$tmp/r.json" \
        >/dev/null 2>"$tmp/vg" || true
    ins=$(sed -n 's/^summary: *//p' "$tmp/cg")
    hops=$(sed -n 's/^[[:space:]]*"flit_hops":[[:space:]]*\([0-9]*\).*/\1/p' "$tmp/r.json")
    case $load in 20) name="20% of sat" ;; 60) name="60% of sat" ;; *) name=saturation ;; esac
    printf '%-6s %-9s %-11s %10s %14s %12s %10.1f\n' "${k}x$k" "$routing" "$name" "$rate" "$ins" "$hops" \
        "$(echo "$ins / $hops" | bc -l)"
done <"$tmp/points"
