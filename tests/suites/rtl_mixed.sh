#!/usr/bin/env bash
# Mixed networks (harness/mixed.cpp, docs/rtl.md "Mixed networks"): one Verilated router
# among the C model's routers, in lockstep with the all-C network on the same traffic.
# A 16x16 torus with the RTL router at (3,5), a busy and a draining run; the router in
# the middle of an 8x8 torus under duato_nbc (V = 10); an f-ring network at 10 % faults
# with the router on two rings; and two broken ones at (3,5), which must be caught at that
# router: MUT_ARB_PRIO (the router) and MUT_MIXED_SEED (the mixed top samples another LFSR
# seed). Then a designer's router, the worked example of rtl/examples/, in
# the middle of an 8x8 torus under the scoreboard (--scoreboard: its ports held to the
# interface's rules, the traffic checked end to end), and two of its broken variants
# (rtl/examples/broken/), which must be caught. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
B=build/rtl
models="x1616v4 x1616v4_MUT_ARB_PRIO x1616v4_MUT_MIXED_SEED x88v10dnbc x88v6fr xiq88v4"
# shellcheck disable=SC2046
make --no-print-directory -s $(for m in $models; do echo "$B/$m/cosim"; done) > /dev/null ||
    { echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# the example's broken variants, each a patched copy of rtl/examples/ built as xiq88v4 is
broken="IQ_DROP_ON_CONFLICT IQ_CREDIT_BYPASS"
cfg=$(make --no-print-directory -s -f Makefile -f /dev/stdin print-cfg <<< 'print-cfg: ; @echo $(RTL_CFG_xiq88v4)')
for b in $broken; do
    d=$tmp/src-$b
    mkdir -p "$d/rtl/examples"
    cp rtl/examples/*.sv "$d/rtl/examples/"
    files=()
    while read -r f; do files+=("--file=$d/rtl/examples/$f"); done < rtl/examples/iq_router.f
    if ! { patch -d "$d" -p1 --batch --fuzz=0 -s < "rtl/examples/broken/$b.patch" &&
           harness/build_model.sh verilate "$B/xiq88v4_$b" "xiq88v4_$b" "$cfg" --mixed -DFLITNET_ROUTER=flitnet_iq_router \
               "${files[@]}" --assert -DFLITNET_ASSERT > "$tmp/build-$b.log" 2>&1 &&
           harness/build_model.sh link "$B/xiq88v4_$b" >> "$tmp/build-$b.log" 2>&1; }; then
        fail=$((fail + 1))
        echo "FAIL building the broken variant $b"
        sed 's/^/    /' "$tmp/build-$b.log" | tail -n 8
    fi
done
while read -r model args; do
    [ -n "$model" ] || continue
    # shellcheck disable=SC2086
    "$B/$model/cosim" $args > "$tmp/out" 2>&1
    rc=$?
    if [[ $args == *--expect-diff* ]]; then
        # caught: a difference, at the design's router (the run names it)
        node=$(sed -n 's/.*--router \([0-9,]*\).*/\1/p' <<< "$args")
        if [ $rc -eq 0 ] && grep -qE "^(FIRST DIFFERENCE|VIOLATION) in cycle [0-9]*: (router [0-9]* \($node\)|a sink)" "$tmp/out"; then
            pass=$((pass + 1))
            echo "ok   $model $args: $(grep -m 1 -E '^(FIRST DIFFERENCE|VIOLATION)' "$tmp/out")"
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
x1616v4_MUT_MIXED_SEED --router 3,5 --expect-diff seed=1 rate=0.004 msg_len=16 cycles=5000
xiq88v4 --router 4,4 --scoreboard seed=1 rate=0.004 msg_len=16 cycles=5000 drain=1
xiq88v4 --router 4,4 --scoreboard seed=2 flit_rate=0.6 msg_len=8 select=first cycles=4000 drain=1
xiq88v4_IQ_DROP_ON_CONFLICT --router 4,4 --scoreboard --expect-diff seed=2 flit_rate=0.6 msg_len=8 cycles=4000 drain=1
xiq88v4_IQ_CREDIT_BYPASS --router 4,4 --scoreboard --expect-diff seed=2 flit_rate=0.6 msg_len=8 cycles=4000 drain=1
RUNS
# bad input: one line naming the problem, exit 1
refuse() { # refuse MODEL WHAT ARGS...: the harness refuses with one line matching WHAT
    local model=$1 what=$2 rc
    shift 2
    "$B/$model/cosim" "$@" > "$tmp/o" 2> "$tmp/e"
    rc=$?
    if [ $rc -eq 1 ] && [ "$(wc -l < "$tmp/e")" -eq 1 ] && grep -q "$what" "$tmp/e"; then
        pass=$((pass + 1))
        echo "ok   $model $*: refused: $(cat "$tmp/e")"
    else
        fail=$((fail + 1))
        echo "FAIL $model $*: expected a one-line refusal matching '$what' (exit $rc)"
        sed 's/^/    /' "$tmp/e" "$tmp/o" | head -n 6
    fi
}
refuse x1616v4 'no node has these coordinates' --router 3,16 cycles=100 warmup=10
refuse x1616v4 'takes a node number or its coordinates' --router 3,x cycles=100 warmup=10
refuse x1616v4 'the network has nodes 0..255' --router 256 cycles=100 warmup=10
refuse x88v6fr 'is faulty or disabled in this fault set' --router 0,4 faults=10% cycles=100 warmup=10
refuse x1616v4 "'vcs' is fixed by the Verilated model" vcs=6 cycles=100 warmup=10
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
