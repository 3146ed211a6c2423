#!/usr/bin/env bash
# refusals.sh [RTL_DIR]: the RTL refuses at elaboration exactly the structural
# configurations the C model refuses, at the edges of the legal space. For each line of
# tests/cosim/refusals.txt, `flitnet sim` must refuse the configuration (exit 1, one line) or run
# it, and Verilator must fail to elaborate the network with the named error module
# (rtl/*.sv instantiate flitnet_error_* where the contract is not met) or elaborate it
# cleanly. Each refusal has a legal neighbour one VC, one radix or one dimension away, so that a check
# that refuses too much fails too; each hop-class routing under f-rings is legal at its own
# minimum (no ring VCs: a routing dropped from the hop classes asks for more). RTL_DIR
# (default rtl/) lets `make mutants` run it on a mutant's design files. Prints "N passed, N failed".
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rtl=${1:-$root/rtl}
F=${FLITNET:-$root/build/flitnet}
VERILATOR=${VERILATOR:-verilator}
# shellcheck source=harness/model_params.sh
. "$root/harness/model_params.sh"
# shellcheck source=tests/lib/jobs.sh
. "$root/tests/lib/jobs.sh"
jobs_init refusals.sh 2

# the table: "expected | structural keys" lines (# comments)
table=$(grep -v '^#' "$root/tests/cosim/refusals.txt")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# check I WANT CFG: writes $tmp/I.res, empty when the line passes
check() {
    local i=$1 want=$2 cfg=$3 extra= crc vrc
    local res=$tmp/$i.res
    : > "$res"
    # the C model: the f-ring layer needs a fault set to run at all
    case $cfg in *fault_handling=fring*) extra=fault_nodes=5 ;; esac
    # shellcheck disable=SC2086
    "$F" sim $cfg $extra cycles=10 warmup=0 > "$tmp/$i.c" 2>&1
    crc=$?
    if [ "$want" = ok ] && [ $crc -ne 0 ]; then echo "the C model refuses $cfg: $(tail -n 1 "$tmp/$i.c")" > "$res"; return; fi
    if [ "$want" != ok ] && [ $crc -ne 1 ]; then echo "the C model does not refuse $cfg (exit $crc)" > "$res"; return; fi
    model_params refusals "$cfg" 2> "$res" || return
    # elaboration is all a refusal needs (every refusal is an error module instantiated by a
    # generate choice): --xml-only stops after it, 0.4 s a network where --lint-only's
    # full pass over the 16 routers takes 12-30 s (the legal networks lint in rtl_lint)
    $VERILATOR --xml-only --xml-output "$tmp/$i.xml" --top-module flitnet_network "${net_params[@]}" -F "$rtl/flitnet.f" \
        > "$tmp/$i.v" 2>&1
    vrc=$?
    if [ "$want" = ok ]; then
        [ $vrc -eq 0 ] || echo "the RTL refuses $cfg: $(grep -m1 -E '%Error' "$tmp/$i.v")" > "$res"
    elif [ $vrc -eq 0 ]; then
        echo "the RTL elaborates $cfg, which the C model refuses: $(tail -n 1 "$tmp/$i.c")" > "$res"
    elif ! grep -q "flitnet_error_$want'" "$tmp/$i.v"; then
        echo "the RTL refuses $cfg, but not with flitnet_error_$want: $(grep -m1 -E '%Error' "$tmp/$i.v" | cut -c1-160)" > "$res"
    fi
}
i=0
while IFS='|' read -r want cfg; do
    want=$(echo "$want" | tr -d ' ')
    [ -n "$want" ] || continue
    cfg=$(echo "$cfg" | sed 's/^ *//; s/ *$//')
    job_slot
    check $i "$want" "$cfg" &
    i=$((i + 1))
done <<< "$table"
wait
pass=0
fail=0
for ((j = 0; j < i; j++)); do
    if [ -s "$tmp/$j.res" ]; then echo "FAIL $(cat "$tmp/$j.res")"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
