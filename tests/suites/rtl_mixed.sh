#!/usr/bin/env bash
# Mixed networks (harness/mixed.cpp, docs/rtl.md "Mixed networks"): one Verilated router
# among the C model's routers, in lockstep with the all-C network on the same traffic.
# A 16x16 torus with the RTL router at (3,5), a busy and a draining run; the router in
# the middle of an 8x8 torus under duato_nbc (V = 10); an f-ring network at 10 % faults
# with the router on two rings; and a broken router (MUT_ARB_PRIO) at (3,5), which must be
# caught at that router. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
B=build/rtl
models="x1616v4 x1616v4_MUT_ARB_PRIO x88v10dnbc x88v6fr"
# shellcheck disable=SC2046
make --no-print-directory -s $(for m in $models; do echo "$B/$m/cosim"; done) > /dev/null ||
    { echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
while read -r model args; do
    [ -n "$model" ] || continue
    # shellcheck disable=SC2086
    "$B/$model/cosim" $args > "$tmp/out" 2>&1
    rc=$?
    if [[ $args == *--expect-diff* ]]; then
        # caught: a difference, at the design's router (the run names it)
        node=$(sed -n 's/.*--router \([0-9,]*\).*/\1/p' <<< "$args")
        if [ $rc -eq 0 ] && grep -q "^FIRST DIFFERENCE in cycle [0-9]*: router [0-9]* ($node)" "$tmp/out"; then
            pass=$((pass + 1))
            echo "ok   $model $args: $(grep -m 1 '^FIRST DIFFERENCE' "$tmp/out")"
            continue
        fi
    elif [ $rc -eq 0 ] && grep -q '^RESULT ok' "$tmp/out"; then
        pass=$((pass + 1))
        echo "ok   $model $args: $(sed -n 's/^cosim [^:]*: //p' "$tmp/out")"
        continue
    fi
    fail=$((fail + 1))
    echo "FAIL $model $args (exit $rc)"
    sed 's/^/    /' "$tmp/out" | head -n 12
done <<'RUNS'
x1616v4 --router 3,5 seed=1 rate=0.004 msg_len=16 cycles=5000
x1616v4 --router 3,5 seed=2 flit_rate=0.2 msg_len=8 msg_len_dist=exp select=first cycles=3000 drain=1
x88v10dnbc --router 4,4 seed=1 rate=0.006 cycles=6000 drain=1
x88v6fr --router 2,2 seed=1 faults=10% rate=0.002 cycles=6000 drain=1
x1616v4_MUT_ARB_PRIO --router 3,5 --expect-diff seed=1 rate=0.004 msg_len=16 cycles=5000
RUNS
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
