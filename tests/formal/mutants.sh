#!/usr/bin/env bash
# tests/formal/mutants.sh [MUTANT...]: the router's hand-written mutants (tests/mutants/
# MUT_*.patch) under formal: each applied to a copy of rtl/ and checked (bounded, no PDR)
# on the formal configuration whose routing it changes. A mutant is killed when a property
# fails (its counterexample VCD in build/formal/mutants/MUTANT/); it survives when every
# property holds to the configuration's depth: then it breaks no safety property the
# harness states, and only the lockstep co-simulation (which kills every one of them in
# make cosim-ci) tells it apart. Prints a Markdown table and "N killed, N survived".
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the configuration for each mutant: the routing or layer it touches
config() {
    case $1 in
        MUT_HOP_OFF) echo t44_nhop_v3 ;;
        MUT_BONUS_KEEP|MUT_TIMEOUT_LATE|MUT_ADAPT_EARLY) echo t44_duato_v3_to4 ;;
        MUT_REV_STICKY) echo t44_swft_v2 ;;
        MUT_FA_UTURN) echo t44_fa_v3 ;;
        MUT_FRING_*) echo m44_dor_fring_v5 ;;
        *) echo t44_dor_v2 ;;
    esac
}
# (MUT_MIXED_*: mutants of the mixed network's top, outside the router formal checks)
if [ $# -gt 0 ]; then list=("$@"); else
    mapfile -t list < <(ls tests/mutants/MUT_*.patch | xargs -n1 basename | sed 's/\.patch$//' | grep -v '^MUT_MIXED_')
fi
killed=0 survived=0
echo "| mutant | configuration | formal |"
echo "|---|---|---|"
for m in "${list[@]}"; do
    cfg=$(config "$m")
    if ! tests/mutants/apply.sh "$m" "$tmp/$m" > "$tmp/apply" 2>&1; then
        echo "mutants.sh: $m: $(head -1 "$tmp/apply")" >&2
        exit 2
    fi
    out=$(python3 tests/formal/formal.py --pdr-seconds 0 --rtl "$tmp/$m/rtl" --out "build/formal/mutants/$m" "$cfg" 2>&1)
    f=$(grep -o 'FAILED .*' <<< "$out" | head -1 | sed 's/^FAILED //; s/: counterexample .*//')
    if [ -n "$f" ]; then
        killed=$((killed + 1))
        echo "| $m | $cfg | killed: $f |"
    elif grep -q ' 0 failed$' <<< "$out"; then
        survived=$((survived + 1))
        echo "| $m | $cfg | survives: $(grep -o 'depth *[0-9]*' <<< "$out" | head -1 | tr -s ' ') |"
    else
        echo "mutants.sh: $m: formal.py gave no verdict:" >&2
        echo "$out" >&2
        exit 1
    fi
done
echo
echo "$killed killed, $survived survived"
