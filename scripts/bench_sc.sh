#!/usr/bin/env bash
# bench_sc.sh: the SystemC binding's speed beside `flitnet sim` on the same runs (make
# bench-sc). Each run is made three times by each and the fastest kept; the two give the
# same JSON (tests/suites/systemc.sh), so the ratio is the binding's overhead: SystemC's
# kernel and the pins it drives each cycle. Prints a Markdown table with the commit.
set -eu
cd "$(dirname "$0")/.."
SC=build/systemc/flitnet-sc
export SC_COPYRIGHT_MESSAGE=DISABLE
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
best() { # best CMD...: the fastest of three wall-clock times, seconds
    local b=
    for _ in 1 2 3; do
        local t0 t1
        t0=$(date +%s.%N)
        "$@" > /dev/null
        t1=$(date +%s.%N)
        b=$(awk -v a="$t0" -v c="$t1" -v b="$b" 'BEGIN { t = c - a; print (b == "" || t < b) ? t : b }')
    done
    echo "$b"
}
echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores, $(sed -n 's/^model name\t: //p' /proc/cpuinfo | head -n 1)"
echo
echo "| run | cycles | flitnet sim s | SystemC s | sim cycles/s | SystemC cycles/s | overhead |"
echo "|---|---:|---:|---:|---:|---:|---:|"
while read -r name args; do
    # shellcheck disable=SC2086
    c=$(best build/flitnet sim $args)
    # shellcheck disable=SC2086
    s=$(best "$SC" $args)
    cyc=$(sed -n 's/.*cycles=\([0-9]*\).*/\1/p' <<< "$args")
    awk -v n="$name" -v cyc="$cyc" -v c="$c" -v s="$s" \
        'BEGIN { printf "| %s | %d | %.3f | %.3f | %.3g | %.3g | %.1fx |\n", n, cyc, c, s, cyc / c, cyc / s, s / c }'
done <<'RUNS'
4x4_dor k=4 rate=0.004 cycles=100000 warmup=10000
8x8_duato_nbc k=8 routing=duato_nbc rate=0.006 cycles=20000 warmup=2000
16x16_duato_nbc k=16 routing=duato_nbc rate=0.003 cycles=5000 warmup=1000
RUNS
