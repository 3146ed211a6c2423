#!/usr/bin/env bash
# rtl/lint.sh: `verilator --lint-only -Wall` (waivers in rtl/lint_waiver.vlt) and
# `iverilog -g2012` over rtl/, for the network and a lone router, over parameter sets
# that cover every topology and routing, V = 1..10, deeper buffers, and each mutant.
# Any output from either tool is a failure. Ends with "N passed, N failed".
# --unroll-stmts 2 keeps Verilator from unrolling the router's loops: the -Wall checks
# run before unrolling, which only costs minutes on the larger sets.
set -u
cd "$(dirname "$0")/.."
mapfile -t files < <(sed 's|^|rtl/|' rtl/flitnet.f)
pass=0
fail=0

check() { # label command...
    local label=$1 out t0=$SECONDS
    shift
    out=$("$@" 2>&1)
    if [ $? -eq 0 ] && [ -z "$out" ]; then
        pass=$((pass + 1))
        printf 'ok   %-72s %3ds\n' "$label" $((SECONDS - t0))
    else
        fail=$((fail + 1))
        printf 'FAIL %s\n' "$label"
        printf '%s\n' "$out" | sed 's/^/     /'
    fi
}

# parameter sets of the network top: name=value ...
sets=(
    ""
    "V=10 K=64'h0303"
    "K=64'h0404 V=1 DATELINE=0"
    "TOPO=1 NDIM=3 K=64'h050304 V=4 B=3 BO=3"
    "TOPO=2 K=64'h0405 V=3 B=2 BO=2 ROUTING=1"
    "TOPO=3 NDIM=4 V=2 ROUTING=1"
    "TOPO=0 NDIM=1 K=64'h07 V=4 ROUTING=1"
)
for s in "${sets[@]}"; do
    vg=() ig=()
    for kv in $s; do vg+=("-G$kv"); ig+=("-Pflitnet_network.$kv"); done
    check "verilator -Wall flitnet_network ${s:-(defaults)}" \
        verilator --lint-only -Wall --unroll-stmts 2 rtl/lint_waiver.vlt --top-module flitnet_network "${vg[@]}" "${files[@]}"
    check "iverilog -g2012 flitnet_network ${s:-(defaults)}" \
        iverilog -g2012 -o /dev/null -s flitnet_network "${ig[@]}" "${files[@]}"
done
# the router alone, as synthesized (make synth)
for s in "V=4" "V=10 ROUTING=1 B=2 BO=2"; do
    vg=() ig=()
    for kv in $s; do vg+=("-G$kv"); ig+=("-Pflitnet_router.$kv"); done
    check "verilator -Wall flitnet_router $s" \
        verilator --lint-only -Wall --unroll-stmts 2 rtl/lint_waiver.vlt --top-module flitnet_router "${vg[@]}" "${files[@]}"
    check "iverilog -g2012 flitnet_router $s" \
        iverilog -g2012 -o /dev/null -s flitnet_router "${ig[@]}" "${files[@]}"
done
# the mutants are RTL too
for m in MUT_ARB_PRIO MUT_HOP_OFF MUT_CREDIT_LATE MUT_LFSR MUT_RELEASE_EARLY; do
    check "verilator -Wall flitnet_network +define+$m" \
        verilator --lint-only -Wall --unroll-stmts 2 rtl/lint_waiver.vlt -D$m --top-module flitnet_network -GV=4 "-GK=64'h0404" "${files[@]}"
    check "iverilog -g2012 flitnet_network +define+$m" \
        iverilog -g2012 -D$m -o /dev/null -s flitnet_network -Pflitnet_network.V=4 "-Pflitnet_network.K=64'h0404" "${files[@]}"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
