#!/usr/bin/env bash
# rtl/synth.sh OUTDIR: yosys generic synthesis (synth -flatten, gate-level cells of
# yosys's internal library) of one router per configuration: V = 2, 4, 10 with dor and
# dor_escape, and three with the f-ring layer (V = 6 dor, V = 10 duato, V = 10 nbc: the base
# routes on V - 4 VCs, the top 4 are the ring VCs of the f-ring network F), in an 8x8
# torus (P = 5 ports, A = 6 address and HW = 5 hop bits), with B = Bo = 1. Writes
# OUTDIR/synth.md (a Markdown table of cells and flip-flops) and prints it; the logs are
# in OUTDIR/*.log. JOBS (default 2) runs at a time; SYNTH_CONFIGS="V ROUTING FRING,..."
# (ROUTING by name, e.g. "10 nbc 1") synthesizes only those rows. A fourth field `iq`
# synthesizes the worked example of docs/router-interface.md, rtl/examples/flitnet_iq_router,
# instead of flitnet_router (rows "2 dor 0 iq" and "4 dor 0 iq"); `net` the network top,
# flitnet_network, as a 2x2 mesh of four routers (row "2 dor 0 net": the package's topology
# functions and the links between the routers; without SAT-based resource sharing, which
# takes over an hour on the network's flattened netlist and shares nothing across routers).
# The FSM pass is skipped: it mistakes the arbiter pointers for state machines and
# spends minutes on them without changing the count that matters here.
set -u
out=${1:-build/rtl/synth}
cd "$(dirname "$0")/.."
mkdir -p "$out"
# the router and what it uses (the package's codes and flit layout); the network top for `net`
mapfile -t files < <(grep -v -e flitnet_network rtl/flitnet.f | sed 's|^|rtl/|')
mapfile -t net_files < <(sed 's|^|rtl/|' rtl/flitnet.f)
jobs=${JOBS:-2}
# V ROUTING FRING
configs=("2 dor 0" "2 dor_escape 0" "4 dor 0" "4 dor_escape 0" "10 dor 0" "10 dor_escape 0" "6 dor 1"
         "10 duato 1" "10 nbc 1" "2 dor 0 iq" "4 dor 0 iq" "2 dor 0 net")
mapfile -t ex_files < <(sed 's|^|rtl/examples/|' rtl/examples/iq_router.f)
# SYNTH_CONFIGS="V R F,V R F" synthesizes only those
if [ -n "${SYNTH_CONFIGS:-}" ]; then IFS=, read -r -a configs <<< "$SYNTH_CONFIGS"; fi

label() { # V ROUTING FRING [iq]: the file name part and the table's label
    if [ "${4:-}" = iq ]; then echo "iq_v$1_$2|example input-queued router (rtl/examples/), V = $1, $2"
    elif [ "${4:-}" = net ]; then echo "net_v$1_$2|network top: 2x2 mesh, 4 routers (P = 5), V = $1, $2"
    elif [ "$3" = 1 ]; then echo "v$1_$2_fring|V = $1, $2 with f-rings"
    else echo "v$1_$2|V = $1, $2"; fi
}

one() { # V ROUTING FRING
    local v=$1 r f=$3 name log t0=$SECONDS top=flitnet_router src=("${files[@]}")
    local set="-set A 6 -set HW 5" opts=""
    if [ "${4:-}" = iq ]; then top=flitnet_iq_router src+=("${ex_files[@]}"); fi
    if [ "${4:-}" = net ]; then top=flitnet_network src=("${net_files[@]}") set="-set TOPO 2 -set K 64'h0202" opts=-noshare; fi
    name=$(label "$@")
    log=$out/router_${name%%|*}.log
    # the ROUTING code of the name: the C model's (harness/codes.sh)
    if ! r=$(harness/codes.sh code routing "$2"); then
        echo "synth: the C model has no routing $2" > "$log"
        echo 1 > "$log.rc"
        echo 0 > "$log.secs"
        return
    fi
    yosys -l "$log" -p "read_verilog -sv ${src[*]}; chparam -set V $v -set ROUTING $r -set FRING $f $set $top;
        hierarchy -top $top; synth -flatten -nofsm $opts; stat" > /dev/null 2>&1
    echo $? > "$log.rc"
    echo $((SECONDS - t0)) > "$log.secs"
}

for c in "${configs[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    # shellcheck disable=SC2086
    one $c &
done
wait

md=$out/synth.md
{
    echo "| router (8x8 torus, P = 5, B = Bo = 1) | cells | flip-flops | of which buffer bits | yosys time |"
    echo "|---|---:|---:|---:|---:|"
} > "$md"
fail=0
for c in "${configs[@]}"; do
    read -r v r f x <<< "$c"
    name=$(label "$v" "$r" "$f" "${x:-}")
    log=$out/router_${name%%|*}.log
    if [ "$(cat "$log.rc")" != 0 ]; then
        echo "synth: ${name#*|} failed, see $log" >&2
        fail=1
        continue
    fi
    # the last statistics block: total cells, and the flip-flop cells ($_DFF*, $_DFFE*, ...)
    stats=$(awk '/Printing statistics/ { blk = "" } { blk = blk "\n" $0 } END { print blk }' "$log")
    cells=$(sed -n 's/^ *Number of cells: *\([0-9]*\)/\1/p' <<< "$stats" | tail -n 1)
    ffs=$(awk '$1 ~ /^\$_.*DFF/ { s += $2 } END { print s + 0 }' <<< "$stats")
    buf=$((2 * 5 * v * 64))
    [ "${x:-}" = iq ] && buf=$((5 * v * 64))  # input buffers only
    [ "${x:-}" = net ] && buf=$((4 * 2 * 5 * v * 64))  # four routers
    printf '| %s | %s | %s | %s | %s s |\n' "${name#*|}" "$cells" "$ffs" "$buf" "$(cat "$log.secs")" >> "$md"
done
cat "$md"
exit $fail
