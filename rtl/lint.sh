#!/usr/bin/env bash
# rtl/lint.sh: `verilator --lint-only -Wall` (waivers in rtl/lint_waiver.vlt) and
# `iverilog -g2012` over rtl/, for the network and a lone router, over parameter sets
# that cover every topology and routing, V = 1..10, deeper buffers, the time-out, the
# f-ring layer (over every routing it takes), the assertions (FLITNET_ASSERT), and each
# mutant (tests/mutants/*.patch, on a patched copy of rtl/). Any output from either tool
# is a failure. JOBS (default 2) checks run at a time; the results are printed in
# order. Ends with "N passed, N failed". First, rtl/yosys_reads.py: no construct that
# yosys 0.23 reads as another circuit.
# --unroll-stmts 2 keeps Verilator from unrolling the router's loops: the -Wall checks
# run before unrolling, which only costs minutes on the larger sets.
set -u
cd "$(dirname "$0")/.."
mapfile -t files < <(sed 's|^|rtl/|' rtl/flitnet.f)
mutant=  # set while the mutants are checked: their label
# shellcheck source=tests/lib/jobs.sh
. tests/lib/jobs.sh
jobs_init lint.sh 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
labels=()

run_check() { # index command...
    local i=$1 t0=$SECONDS
    shift
    "$@" > "$tmp/$i.out" 2>&1
    echo "$? $((SECONDS - t0))" > "$tmp/$i.rc"
}

check() { # label command...
    local i=${#labels[@]}
    labels+=("$1")
    shift
    job_slot
    run_check "$i" "$@" &
}

# the C model's codes (harness/codes.sh): TOPO=mesh, ROUTING=nbc become numbers
codes=$(harness/codes.sh list) || exit 1
code() { # routing|topology NAME
    awk -v k="$1" -v n="$2" '$1 == k && $2 == n { print $3; f = 1 } END { exit !f }' <<< "$codes" ||
        { echo "lint.sh: the C model has no $1 $2" >&2; exit 1; }
}

# both tools on TOP with the parameters "name=value ..." and extra defines
both() { # top params defines...
    local top=$1 s=$2 vg=() ig=() vd=() id=() label kv
    shift 2
    for kv in $s; do
        case $kv in
        TOPO=*) kv=TOPO=$(code topology "${kv#*=}") || exit 1 ;;
        ROUTING=*) kv=ROUTING=$(code routing "${kv#*=}") || exit 1 ;;
        esac
        vg+=("-G$kv")
        ig+=("-P$top.$kv")
    done
    for d in "$@"; do vd+=("-D$d"); id+=("-D$d"); done
    label="${mutant:+$mutant: }$top ${s:-(defaults)}${*:+ +define+$*}"
    check "verilator -Wall $label" \
        verilator --lint-only -Wall --unroll-stmts 2 rtl/lint_waiver.vlt "${vd[@]}" --top-module "$top" "${vg[@]}" "${files[@]}"
    check "iverilog -g2012 $label" \
        iverilog -g2012 "${id[@]}" -o /dev/null -s "$top" "${ig[@]}" "${files[@]}"
}

# every Verilog file of ours reads in yosys (make synth, make formal) as it does here
check "yosys reads the Verilog as written (rtl/yosys_reads.py)" \
    bash -c 'find rtl tests harness \( -name "*.sv" -o -name "*.v" -o -name "*.svh" \) -print0 | sort -z | xargs -0 python3 rtl/yosys_reads.py'
# the C registry and rtl/flitnet_pkg.sv list the same codes (the RTL's are its own)
check "codes: the C model's and rtl/flitnet_pkg.sv's agree" bash -c 'harness/codes.sh check > /dev/null'

# parameter sets of the network top: name=value ..., with TOPO and ROUTING by name;
# FRING=1: the f-ring layer over the routing
sets=(
    ""
    "V=10 K=64'h0303"
    "K=64'h0404 V=1 DATELINE=0"
    "TOPO=torus_uni NDIM=3 K=64'h030203 V=4 B=3 BO=3"
    "TOPO=mesh K=64'h0405 V=3 B=2 BO=2 ROUTING=dor_escape"
    "TOPO=hypercube NDIM=4 V=2 ROUTING=dor_escape"
    "TOPO=torus NDIM=1 K=64'h07 V=4 ROUTING=dor_escape"
    "K=64'h0404 V=6 ROUTING=duato_nbc TIMEOUT=32"
    "TOPO=hypercube NDIM=4 V=3 B=2 ROUTING=duato TIMEOUT=32"
    "K=64'h0404 V=4 ROUTING=swft"
    "K=64'h0404 V=6 FRING=1"
    "TOPO=mesh K=64'h0403 V=6 ROUTING=fully_adaptive FRING=1 TIMEOUT=16"
    # the layer over the hop-class routings (own classes): 2-D torus, mesh (the 6x6 torus
    # and its widths as routers below: as a network it took 64 s of the two tools)
    # (the networks are small: the two tools' time grows with the routers, 22 s for a 5x5
    # mesh under f-rings; the widths of larger networks are the routers' checks below)
    "K=64'h0402 V=8 ROUTING=nbc FRING=1"
    "TOPO=mesh K=64'h0303 V=9 ROUTING=phop FRING=1 B=2"
)
for s in "${sets[@]}"; do both flitnet_network "$s"; done
# the router alone, as synthesized (make synth), and every routing family: the routing
# logic is all inside the router, which lints in a second where a network takes many
R44="TOPO=torus NDIM=2 K=64'h0404 P=5 A=4 HW=4"  # a router of the 4x4 torus
routers=(
    "V=4"
    "V=10 ROUTING=dor_escape B=2 BO=2"
    "V=6 ROUTING=duato_nbc TIMEOUT=32"
    "V=4 ROUTING=swft"
    "$R44 V=6 B=2 ROUTING=nbc"
    "$R44 V=8 ROUTING=duato_pbc ESCAPE_VCS=6"
    "TOPO=mesh NDIM=2 K=64'h0404 P=5 A=4 HW=4 V=7 ROUTING=pbc"
    "TOPO=torus_uni NDIM=2 K=64'h0404 P=3 A=4 HW=4 V=6 ROUTING=duato_nhop"
    "TOPO=torus NDIM=1 K=64'h07 P=3 A=3 HW=3 V=6 ROUTING=duato_phop ESCAPE_VCS=5 TIMEOUT=1"
    "TOPO=hypercube NDIM=3 K=64'h020202 P=4 A=3 HW=3 V=4 ROUTING=phop"
    "TOPO=torus NDIM=3 K=64'h020202 P=7 A=3 HW=3 V=2 ROUTING=nhop"
    "TOPO=torus NDIM=2 K=64'h0504 P=5 A=5 HW=4 V=5 ROUTING=duato TIMEOUT=65535"
    "TOPO=torus NDIM=3 K=64'h020305 P=7 A=5 HW=4 V=2 B=2 BO=2 ROUTING=swft"
    "TOPO=torus NDIM=2 K=64'h0405 P=5 A=5 HW=4 V=3 ROUTING=swft DATELINE=0"
    # minimal and fully_adaptive (§6.4) on each topology: U-turns, mesh edges
    "$R44 V=3 ROUTING=minimal"
    "TOPO=mesh NDIM=2 K=64'h0404 P=5 A=4 HW=4 V=2 ROUTING=minimal"
    "$R44 V=4 B=2 ROUTING=fully_adaptive"
    "TOPO=mesh NDIM=2 K=64'h0405 P=5 A=5 HW=4 V=3 ROUTING=fully_adaptive TIMEOUT=16"
    "TOPO=hypercube NDIM=4 K=64'h02020202 P=5 A=4 HW=4 V=2 ROUTING=fully_adaptive"
    "TOPO=torus_uni NDIM=2 K=64'h0404 P=3 A=4 HW=4 V=3 ROUTING=fully_adaptive"
    # the f-ring layer (§6.5) over dor, dor_escape, duato, minimal, fully_adaptive: 2-D
    # to 6-D tori, meshes, time-outs
    "V=6 FRING=1"
    "V=10 ROUTING=duato FRING=1"
    "V=7 ROUTING=dor_escape B=2 FRING=1 TIMEOUT=8"
    "$R44 V=7 ROUTING=minimal FRING=1"
    "$R44 V=7 ROUTING=duato FRING=1 TIMEOUT=8"
    "TOPO=torus NDIM=2 K=64'h0705 P=5 A=6 HW=4 V=9 ROUTING=fully_adaptive B=2 FRING=1"
    "TOPO=mesh NDIM=2 K=64'h0505 P=5 A=5 HW=5 V=6 ROUTING=fully_adaptive FRING=1"
    "TOPO=mesh NDIM=2 K=64'h0505 P=5 A=5 HW=5 V=7 ROUTING=dor_escape B=2 BO=2 FRING=1"
    "TOPO=mesh NDIM=2 K=64'h0306 P=5 A=5 HW=4 V=5 FRING=1 DATELINE=0"
    "TOPO=torus NDIM=3 K=64'h040404 P=7 A=6 HW=4 V=8 B=2 FRING=1"
    "TOPO=torus NDIM=3 K=64'h040404 P=7 A=6 HW=4 V=9 ROUTING=fully_adaptive FRING=1"
    "TOPO=mesh NDIM=3 K=64'h030303 P=7 A=5 HW=4 V=8 ROUTING=minimal FRING=1 TIMEOUT=4"
    "TOPO=torus NDIM=4 K=64'h04040404 P=9 A=8 HW=5 V=10 FRING=1"
    "TOPO=mesh NDIM=6 K=64'h030303030303 P=13 A=10 HW=5 V=14 ROUTING=duato FRING=1"
    # ... and over the hop-class routings, on their own classes (no ring VCs): every
    # hop-class routing, 2-D and 3-D tori and meshes, ESCAPE_VCS, a time-out
    "TOPO=torus NDIM=2 K=64'h0606 P=5 A=6 HW=4 V=8 ROUTING=nbc FRING=1"
    "TOPO=torus NDIM=2 K=64'h0606 P=5 A=6 HW=4 V=9 ROUTING=duato_nbc FRING=1 TIMEOUT=8"
    "TOPO=mesh NDIM=2 K=64'h0404 P=5 A=4 HW=4 V=11 ROUTING=phop FRING=1"
    "TOPO=mesh NDIM=2 K=64'h0404 P=5 A=4 HW=4 V=8 ROUTING=nhop FRING=1 B=2"
    "$R44 V=9 ROUTING=pbc FRING=1"
    "$R44 V=10 ROUTING=duato_phop FRING=1 ESCAPE_VCS=5"
    "TOPO=mesh NDIM=2 K=64'h0505 P=5 A=5 HW=5 V=10 ROUTING=duato_nhop FRING=1"
    "$R44 V=10 ROUTING=duato_pbc FRING=1"
    "TOPO=torus NDIM=3 K=64'h040404 P=7 A=6 HW=4 V=10 ROUTING=nhop FRING=1"
    "TOPO=torus NDIM=2 K=64'h0808 P=5 A=6 HW=5 V=10 ROUTING=nbc FRING=1"
)
for s in "${routers[@]}"; do both flitnet_router "$s"; done
# the invariants' assertions (FLITNET_ASSERT, as the co-simulation builds its models):
# the network, and routers with deeper buffers, a time-out, f-rings
for s in "" "K=64'h0404 V=6 ROUTING=duato_nbc TIMEOUT=32"; do both flitnet_network "$s" FLITNET_ASSERT; done
for s in "$R44 V=4 B=2 BO=3" "$R44 V=7 ROUTING=nbc FRING=1" "$R44 V=7 ROUTING=minimal FRING=1 TIMEOUT=8"; do
    both flitnet_router "$s" FLITNET_ASSERT
done
# one router alone for a mixed network (harness/mixed.cpp): a 16x16 torus, a mesh with f-rings
design_files=("${files[@]}")
files+=(rtl/flitnet_mixed_top.sv)
both flitnet_mixed_top "K=64'h1010 V=4" FLITNET_ASSERT
both flitnet_mixed_top "TOPO=mesh NDIM=2 K=64'h0404 V=8 ROUTING=nbc FRING=1" FLITNET_ASSERT
files=("${design_files[@]}")
# the worked example of docs/router-interface.md (rtl/examples/, with the design files it
# uses): the router alone on a torus, with a hop-class routing and a time-out, with
# f-rings on a mesh, on a hypercube; the network built around it (FLITNET_ROUTER)
ref_files=("${files[@]}")
mapfile -t ex_files < <(sed 's|^|rtl/examples/|' rtl/examples/iq_router.f)
files=("${ref_files[@]}" "${ex_files[@]}")
for s in "$R44 V=4 B=2" "$R44 V=6 B=3 ROUTING=duato_nbc TIMEOUT=8" \
         "TOPO=mesh NDIM=2 K=64'h0505 P=5 A=5 HW=5 V=6 ROUTING=fully_adaptive FRING=1" \
         "TOPO=hypercube NDIM=4 K=64'h02020202 P=5 A=4 HW=4 V=3 ROUTING=duato"; do
    both flitnet_iq_router "$s"
done
both flitnet_network "K=64'h0404 V=4 B=2" FLITNET_ROUTER=flitnet_iq_router
# the scoreboard's fault injector around it (tests/cosim/user_fault_router.sv), as
# examples.sh builds it (4x4 torus swft V = 2 and 4x4 mesh dor V = 3, B = 2, the assertions)
files+=(tests/cosim/user_fault_router.sv)
both user_fault_router "$R44 V=2 B=2 ROUTING=swft" FLITNET_ASSERT
both user_fault_router "TOPO=mesh NDIM=2 K=64'h0404 P=5 A=4 HW=4 V=3 B=2" FLITNET_ASSERT
# the example behind ports declared as packed arrays (tests/cosim/user_packed_router.sv)
files=("${ref_files[@]}" "${ex_files[@]}" tests/cosim/user_packed_router.sv)
both user_packed_router "$R44 V=2 B=2"
# the second example (rtl/examples/flitnet_la_router.sv) and the adapter of other
# conventions (rtl/flitnet_iface.sv) in the network, with every option, and the adapter
# alone around our own router (no option)
files=("${ref_files[@]}" rtl/flitnet_iface.sv rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv
       rtl/examples/flitnet_la_router.sv)
for s in "$R44 V=4 B=2" "TOPO=mesh NDIM=2 K=64'h0405 P=5 A=5 HW=5 V=1 B=2" "TOPO=hypercube NDIM=4 K=64'h02020202 P=5 A=4 HW=4 V=2 B=3"; do
    both flitnet_la_router "$s UW=8"
done
both flitnet_network "K=64'h0404 V=4 B=2" FLITNET_ROUTER=flitnet_la_router FLITNET_IFACE FLITNET_IFACE_NBR_PORTS \
    FLITNET_IFACE_CR_BUS FLITNET_IFACE_EJ_CR FLITNET_IFACE_NET_HOPS FLITNET_IFACE_UW=8 FLITNET_ASSERT
both flitnet_network "K=64'h0404 V=4 B=2" FLITNET_IFACE
files=("${ref_files[@]}")
# the mutants are RTL too (inside the router, or the mixed top's): each patched copy of rtl/
# (tests/mutants/apply.sh) on the router of its co-simulation model (rtl/rtl.mk), with
# the assertions; every tests/mutants/*.patch must have its parameters here
declare -A mparams=(
    [MUT_ARB_PRIO]="$R44 V=4" [MUT_HOP_OFF]="$R44 V=4" [MUT_CREDIT_LATE]="$R44 V=4"
    [MUT_LFSR]="$R44 V=4" [MUT_RELEASE_EARLY]="$R44 V=4" [MUT_NO_CREDIT]="$R44 V=4"
    [MUT_TIMEOUT_LATE]="$R44 V=6 ROUTING=duato_nbc TIMEOUT=32"
    [MUT_BONUS_KEEP]="$R44 V=6 ROUTING=duato_nbc TIMEOUT=32"
    [MUT_REV_STICKY]="$R44 V=4 ROUTING=swft"
    [MUT_FRING_ORIENT]="$R44 V=6 FRING=1" [MUT_FRING_VC_OFF]="$R44 V=6 FRING=1"
    [MUT_FRING_RETURN]="$R44 V=6 FRING=1" [MUT_FRING_WRAP]="$R44 V=6 FRING=1"
    [MUT_FRING_EXIT_LATE]="TOPO=mesh NDIM=2 K=64'h0505 P=5 A=5 HW=5 V=6 ROUTING=fully_adaptive FRING=1"
    [MUT_FA_UTURN]="TOPO=mesh NDIM=2 K=64'h0505 P=5 A=5 HW=5 V=6 ROUTING=fully_adaptive FRING=1"
    [MUT_ADAPT_EARLY]="$R44 V=6 ROUTING=duato_nbc B=2"
    [MUT_CREDIT_DROP]="$R44 V=3 ROUTING=dor_escape B=2 BO=2"
    [MUT_FIFO_STALE]="$R44 V=3 ROUTING=dor_escape B=2 BO=2"
    [MUT_MIXED_SEED]="K=64'h1010 V=4"
)
mkdir -p "$tmp/mutants"
design=("${files[@]}")
for p in tests/mutants/*.patch; do
    mutant=$(basename "$p" .patch)
    log=$tmp/mutants/$mutant.log
    if [ -z "${mparams[$mutant]:-}" ]; then
        echo "rtl/lint.sh lists no parameters for the mutant $mutant" > "$log"
        check "mutant $mutant" cat "$log" && continue
    fi
    if ! tests/mutants/apply.sh "$mutant" "$tmp/mutants/$mutant" > "$log" 2>&1; then
        check "mutant $mutant: its patch applies" cat "$log" && continue
    fi
    mapfile -t files < <(sed "s|^|$tmp/mutants/$mutant/rtl/|" rtl/flitnet.f)
    case $mutant in
    MUT_MIXED_*) files+=("$tmp/mutants/$mutant/rtl/flitnet_mixed_top.sv")  # a mutant of the mixed network's top
                 both flitnet_mixed_top "${mparams[$mutant]}" FLITNET_ASSERT ;;
    *) both flitnet_router "${mparams[$mutant]}" FLITNET_ASSERT ;;
    esac
done
mutant=
files=("${design[@]}")
wait

pass=0 fail=0
for ((i = 0; i < ${#labels[@]}; i++)); do
    read -r rc secs < "$tmp/$i.rc"
    if [ "$rc" -eq 0 ] && [ ! -s "$tmp/$i.out" ]; then
        pass=$((pass + 1))
        printf 'ok   %-84s %3ds\n' "${labels[$i]}" "$secs"
    else
        fail=$((fail + 1))
        printf 'FAIL %s\n' "${labels[$i]}"
        sed 's/^/     /' "$tmp/$i.out"
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
