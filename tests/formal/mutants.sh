#!/usr/bin/env bash
# tests/formal/mutants.sh [MUTANT... | --sample N | --iface]: the router's hand-written mutants (tests/mutants/
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
        MUT_BONUS_KEEP) echo r4_pbc_v3 ;;
        MUT_TIMEOUT_LATE|MUT_ADAPT_EARLY) echo t44_duato_v3_to4 ;;
        MUT_REV_STICKY) echo t44_swft_v2 ;;
        MUT_FA_UTURN) echo t44_fa_v3 ;;
        MUT_FRING_*) echo m44_dor_fring_v5 ;;
        *) echo t44_dor_v2 ;;
    esac
}
killed=0 survived=0 stillborn=0
# verdict M OUT: formal.py's output OUT on mutant M as a table cell (killed: the property,
# stillborn: yosys's reason, survives: the depth), counted; exits when OUT has no verdict
verdict() {
    local f
    f=$(grep -o 'FAILED .*' <<< "$2" | head -1 | sed 's/^FAILED //; s/: counterexample .*//')
    if [ -n "$f" ]; then
        killed=$((killed + 1))
        cell="killed: $f"
    elif grep -q 'yosys failed' <<< "$2"; then  # a design yosys refuses (a latch, ...): no verdict on the properties
        stillborn=$((stillborn + 1))
        cell="stillborn: $(grep -o 'ERROR: .*' <<< "$2" | head -1 | cut -c1-80)"
    elif grep -q ' 0 failed$' <<< "$2"; then
        survived=$((survived + 1))
        cell="survives: $(grep -o 'depth *[0-9]*' <<< "$2" | head -1 | tr -s ' ')"
    else
        echo "mutants.sh: $1: formal.py gave no verdict:" >&2
        echo "$2" >&2
        exit 1
    fi
}
# --iface: the mutants of rtl/flitnet_iface.sv (tests/cosim/iface_mutants/, which make
# cosim-user-ci kills) and the broken variant of the second worked example
# (rtl/examples/broken/LA_*.patch), each around or in flitnet_la_router under make
# formal-user's harness with the example's IFACE, bounded to depth 6
if [ "${1:-}" = --iface ]; then
    # shellcheck source=harness/iface.sh
    . harness/iface.sh
    iface_parse mutants.sh "ports=neighbour credits=bus ej_credits=1 hops=network sideband=8" || exit 2
    la=(rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv rtl/examples/flitnet_la_router.sv)
    echo "| mutant | design | formal-user |"
    echo "|---|---|---|"
    for p in tests/cosim/iface_mutants/*.patch rtl/examples/broken/LA_*.patch; do
        m=$(basename "$p" .patch) d=$tmp/$m files=()
        mkdir -p "$d/rtl" && cp -r rtl/examples rtl/flitnet_iface.sv "$d/rtl/"
        patch -d "$d" -p1 --batch --fuzz=0 -s < "$p" || { echo "mutants.sh: $m does not apply" >&2; exit 2; }
        for f in "${la[@]}" rtl/flitnet_iface.sv; do files+=("$d/$f"); done
        out=$(python3 tests/formal/formal.py --pdr-seconds 0 --out build/formal/mutants/iface --dut flitnet_iface --depth 6 \
            --files "${files[*]}" --defines "FLITNET_ROUTER=flitnet_la_router FLITNET_FORMAL_SB ${iface_defs[*]}" \
            --params "TOPO=0 NDIM=2 K=1028 V=2 B=2 BO=1 ROUTING=0 CR_ONE=1 SBW=$iface_uw" "$m" 2>&1)
        verdict "$m" "$out"
        [[ $cell != killed:* ]] || cell+=", depth $(grep -o 'depth *[0-9]*' <<< "$out" | head -1 | tr -s ' ' | cut -d' ' -f2)"
        echo "| $m | $(basename "$(dirname "$p")") | $cell |"
    done
    echo
    echo "$killed killed, $survived survived$([ $stillborn = 0 ] || echo ", $stillborn stillborn (yosys refused the design)")"
    exit 0
fi
# --sample N: N generated mutants (tests/mutants/generate.py) of the modules the dor
# configuration elaborates, evenly spaced over their list, each beside the CI
# co-simulation's verdict on the same mutant (tests/mutants/run.sh, MUTANTS_IDS)
sample=0
if [ "${1:-}" = --sample ]; then
    sample=${2:?--sample N}
    [[ $sample =~ ^[1-9][0-9]*$ ]] || { echo "mutants.sh: --sample takes a number of mutants" >&2; exit 2; }
    mapfile -t list < <(python3 - "$sample" <<'PY'
import sys
n = int(sys.argv[1])
mods = ('flitnet_router.', 'flitnet_fifo.', 'flitnet_rr_arb.', 'flitnet_vc_select.', 'flitnet_route_dor.',
        'flitnet_dor_port.', 'flitnet_lfsr.')
import subprocess
gen = subprocess.run(['python3', 'tests/mutants/generate.py', 'list'], capture_output=True, text=True, check=True)
ids = sorted(l.split('\t')[0] for l in gen.stdout.splitlines() if l.startswith(mods))
step = len(ids) / n
print('\n'.join(ids[int(i * step)] for i in range(min(n, len(ids)))))
PY
)
fi
if [ "$sample" -gt 0 ] && ! python3 - "${list[@]}" <<'PY'
import sys  # a report of this tree's co-simulation that has every mutant of the sample is kept
try:
    have = {l.split('\t')[0] for l in open('build/formal/mutants/cosim/report.txt')}
except OSError:
    sys.exit(1)
sys.exit(0 if set(sys.argv[1:]) <= have else 1)
PY
then
    # the co-simulation's verdicts first (make mutants' CI suite on these mutants only)
    MUTANTS_IDS="${list[*]}" MUTANTS_OUT=build/formal/mutants/cosim tests/mutants/run.sh > "$tmp/cosim.log" 2>&1 ||
        { echo "mutants.sh: the co-simulation of the sample failed to run:" >&2; tail -n 5 "$tmp/cosim.log" >&2; exit 1; }
fi
# (MUT_MIXED_*: mutants of the mixed network's top, outside the router formal checks)
if [ "$sample" -gt 0 ]; then :
elif [ $# -gt 0 ]; then list=("$@"); else
    mapfile -t list < <(ls tests/mutants/MUT_*.patch | xargs -n1 basename | sed 's/\.patch$//' | grep -v '^MUT_MIXED_')
fi
if [ "$sample" -gt 0 ]; then
    echo "| generated mutant | configuration | CI co-simulation | formal |"
    echo "|---|---|---|---|"
else
    echo "| mutant | configuration | formal |"
    echo "|---|---|---|"
fi
for m in "${list[@]}"; do
    cfg=$(config "$m")
    ledger=
    if [ "$sample" -gt 0 ]; then  # a generated mutant: its patch, and the co-simulation's verdict
        python3 tests/mutants/generate.py patch "$m" "$tmp" > /dev/null || { echo "mutants.sh: $m: no patch" >&2; exit 2; }
        ledger="$(awk -F'\t' -v m="$m" '$1 == m { print $2 ": " $3 }' build/formal/mutants/cosim/report.txt | cut -c1-100) | "
        m_apply=$tmp/$m.patch
    else
        m_apply=$m
    fi
    if ! tests/mutants/apply.sh "$m_apply" "$tmp/$m" > "$tmp/apply" 2>&1; then
        echo "mutants.sh: $m: $(head -1 "$tmp/apply")" >&2
        exit 2
    fi
    # (the copy's files named as rtl/'s)
    out=$(python3 tests/formal/formal.py --pdr-seconds 0 --rtl "$tmp/$m/rtl" --out "build/formal/mutants/$m" "$cfg" 2>&1 |
          sed "s#$tmp/$m/rtl/#rtl/#g")
    verdict "$m" "$out"
    echo "| $m | $cfg | ${ledger}$cell |"
done
echo
echo "$killed killed, $survived survived$([ $stillborn = 0 ] || echo ", $stillborn stillborn (yosys refused the design)")"
