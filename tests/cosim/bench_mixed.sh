#!/usr/bin/env bash
# bench_mixed.sh BUILD: a 16x16 torus (dor, V = 4) with one Verilated router at (3,5), in
# lockstep with the all-C network (BUILD/x1616v4), against the whole network Verilated
# (BUILD/t1616v4, its RTL side alone: cosim --bench), on the same run. Prints the commit,
# both speeds in simulated cycles per second, and the ratio (make bench-mixed).
set -eu
build=$1
run="seed=1 rate=0.002 msg_len=16 cycles=4000 warmup=500"
echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores; run: $run"
# shellcheck disable=SC2086
mixed=$("$build/x1616v4/cosim" --router 3,5 --bench $run)
# shellcheck disable=SC2086
whole=$("$build/t1616v4/cosim" --bench $run)
m=$(sed -n 's/.*mixed network in lockstep \([0-9.e+]*\) cycles\/s.*/\1/p' <<< "$mixed")
c=$(sed -n 's/.*the C model alone \([0-9.e+]*\) cycles\/s.*/\1/p' <<< "$mixed")
r=$(sed -n 's/.*Verilated RTL: *\([0-9.e+]*\) cycles\/s.*/\1/p' <<< "$whole")
[ -n "$m" ] && [ -n "$r" ] && [ -n "$c" ] || { printf '%s\n%s\n' "$mixed" "$whole"; echo "bench_mixed.sh: no figure" >&2; exit 1; }
awk -v m="$m" -v r="$r" -v c="$c" 'BEGIN {
    printf "| network | simulated cycles/s |\n|---|---:|\n"
    printf "| 16x16 C model alone | %.4g |\n", c
    printf "| 16x16 with one RTL router at (3,5), in lockstep with the all-C network | %.4g |\n", m
    printf "| 16x16 all RTL (256 Verilated routers) | %.4g |\n", r
    printf "\nthe mixed network runs %.0fx faster than the all-RTL one\n", m / r }'
