#!/usr/bin/env bash
# waves/gen_gtkw.sh: GTKWave views of one router, its input VCs, VC allocation, link
# arbitration and flits, grouped and labelled.
#   waves/gen_gtkw.sh                      the committed views waves/router.gtkw (for
#       waves/rtl.vcd) and waves/router_c.gtkw (for waves/c.vcd): router 5, (1,1), of the
#       4x4 torus with V = 4 of `make waves`. Run it again if the waves run changes;
#       tests/suites/rtl_waves.sh checks that every signal named there is in both files.
#   waves/gen_gtkw.sh VCD [ROUTER [OUT]]   a view of router ROUTER (default 0) of any VCD
#       that `flitnet sim --vcd` or a Verilated network wrote: its ports, VCs and signal
#       widths read from the file's declarations; written to OUT (default: VCD with .gtkw).
# The C model's VCD uses the RTL's hierarchy (docs/rtl.md), so one view serves both.
set -eu
declare -A width=() # VCD mode: a signal's range as the file declares it, by its full name
refuse() { echo "gen_gtkw.sh: $*" >&2; exit 1; }
if [ $# -ge 1 ]; then
    [ $# -le 3 ] || refuse "too many arguments (usage: waves/gen_gtkw.sh [VCD [ROUTER [OUT]]])"
    { [ -f "$1" ] && [ -r "$1" ]; } || refuse "cannot read '$1' (not a readable file)"
    vcd=$(realpath "$1")
    X=${2:-0}
    out=${3:-${1%.vcd}.gtkw}
    [[ $X =~ ^[0-9]{1,9}$ ]] || refuse "ROUTER must be a node number (got '$X')"
    [ "$(realpath -m "$out")" != "$vcd" ] || refuse "OUT is the VCD itself ('$out')"
    R="TOP.flitnet_network.g_node[$X].u_router"
    # the declarations of router X: "full.name range" (range empty for one bit), up to
    # $enddefinitions (the other routers' are not kept: a large network has millions)
    while read -r name range; do width[$name]=$range; done < <(awk -v pre="$R." '
        $1 == "$enddefinitions" { exit }
        $1 == "$scope" { path[++d] = $3; next }
        $1 == "$upscope" { d--; next }
        $1 == "$var" { n = $5; r = ($6 ~ /^\[/) ? $6 : ""
            if (n ~ /\[/) { r = substr(n, index(n, "[")); n = substr(n, 1, index(n, "[") - 1) }
            s = ""; for (i = 1; i <= d; i++) s = s path[i] "."
            if (index(s n, pre) == 1) print s n, r }' "$vcd")
    [ -n "${width[$R.lfsr]+x}" ] || refuse "'$1' has no router $X ($R): not a flitnet network's VCD, or a smaller network"
    P=0
    while [ -n "${width[$R.g_ip[$P].in_valid]+x}" ]; do P=$((P + 1)); done
    V=0
    while [ -n "${width[$R.g_ip[0].g_vc[$V].cnt]+x}" ]; do V=$((V + 1)); done
    # a VCD cut short in its declarations names the router but not all of it
    { [ "$P" -ge 2 ] && [ "$V" -ge 1 ]; } || refuse "'$1' declares router $X with $P ports and $V VCs: cut short, or not a flitnet network's VCD"
    { : >> "$out"; } 2> /dev/null || refuse "cannot write '$out'"
    port=()
    for ((i = 0; i < P - 1; i++)); do port+=("p$i"); done
    port+=("local")
    where="router $X of $(basename "$1") (ports numbered as docs/microarchitecture.md section 2)"
else
    cd "$(dirname "$0")"
    X=5 P=5 V=4
    R="TOP.flitnet_network.g_node[$X].u_router"
    port=("+x0" "-x0" "+x1" "-x1" "local")
    where="router $X (1,1) of the make-waves run"
fi
# vector ranges as the VCD declares them (1-bit signals have none)
rng() { [ "$1" -gt 1 ] && echo "[$(($1 - 1)):0]" || true; }
clog2() { local b=0; while [ $((1 << b)) -lt "$1" ]; do b=$((b + 1)); done; echo $b; }
VW=$(rng $( [ $V -gt 1 ] && clog2 $V || echo 1 ))
PW=$(rng "$(clog2 $P)")
QW=$(rng "$(clog2 $((P * V)))")
VR=$(rng $V)
# r NAME DEFAULT: NAME's range, read from the VCD in VCD mode, else DEFAULT (the make-waves run)
r() { if [ ${#width[@]} -gt 0 ]; then echo "${width[$1]-}"; else echo "$2"; fi; }

gen() { # dumpfile savefile
    local g i v
    cat <<EOH
[*] GTKWave view of $where: see docs/rtl.md
[dumpfile] "$1"
[savefile] "$2"
[timestart] 1000
[size] 1600 1000
[pos] -1 -1
*-6.000000 1205 -1
[sst_width] 260
[signals_width] 330
[sst_expanded] 1
[sst_vpaned_height] 300
@28
+{clk} TOP.flitnet_network.clk_i
@22
+{lfsr (VA random selection)} $R.lfsr$(r $R.lfsr "[15:0]")
EOH
    # group: opening flags 800200 (open) / c00200 (closed), closing 1000200 / 1401200
    grp() { printf '@%s\n-%s\n' "$1" "$2"; }
    # the first and the local port open, the others closed (a click opens them)
    opn() { if [ "$1" -eq 0 ] || [ "$1" -eq $((P - 1)) ]; then echo 800200; else echo c00200; fi; }
    cls() { if [ "$1" -eq 0 ] || [ "$1" -eq $((P - 1)) ]; then echo 1000200; else echo 1401200; fi; }
    sig() { printf '@%s\n+{%s} %s\n' "$1" "$2" "$3"; }
    grp 800200 "input VCs: FIFO and state (per input port and VC)"
    for ((i = 0; i < P; i++)); do
        for ((v = 0; v < V; v++)); do
            g="$R.g_ip[$i].g_vc[$v]"
            grp "$(opn $i)" "in ${port[$i]} vc$v"
            sig 24 "in ${port[$i]} vc$v cnt" "$g.cnt$(r $g.cnt "")"
            sig 28 "in ${port[$i]} vc$v active" "$g.active_q"
            sig 22 "in ${port[$i]} vc$v head flit" "$g.head$(r $g.head "[63:0]")"
            sig 28 "in ${port[$i]} vc$v moving (credit)" "$g.moving"
            grp "$(cls $i)" "in ${port[$i]} vc$v"
        done
    done
    grp 1000200 "input VCs: FIFO and state (per input port and VC)"
    grp 800200 "VC allocation: requests, grants, owned output VC"
    for ((i = 0; i < P; i++)); do
        for ((v = 0; v < V; v++)); do
            g="$R.g_ip[$i].g_vc[$v]"
            sig 28 "in ${port[$i]} vc$v requesting" "$g.requesting"
            sig 28 "in ${port[$i]} vc$v granted" "$g.granted"
            sig 24 "in ${port[$i]} vc$v -> out port" "$g.oport_q$(r $g.oport_q "$PW")"
            sig 24 "in ${port[$i]} vc$v -> out vc" "$g.ovc_q$(r $g.ovc_q "$VW")"
        done
    done
    for ((i = 0; i < P; i++)); do
        sig 24 "out ${port[$i]} va_ptr" "$R.g_op[$i].va_ptr_q$(r "$R.g_op[$i].va_ptr_q" "$QW")"
        for ((v = 0; v < V; v++)); do
            sig 28 "out ${port[$i]} vc$v busy" "$R.g_op[$i].g_vc[$v].busy_q"
            sig 24 "out ${port[$i]} vc$v owner q" "$R.g_op[$i].g_vc[$v].owner_q$(r "$R.g_op[$i].g_vc[$v].owner_q" "$QW")"
        done
    done
    grp 1000200 "VC allocation: requests, grants, owned output VC"
    grp 800200 "link arbitration: output buffers, credits, grants"
    for ((i = 0; i < P; i++)); do
        g="$R.g_op[$i]"
        grp "$(opn $i)" "out ${port[$i]}"
        sig 24 "out ${port[$i]} link_ptr" "$g.link_ptr_q$(r $g.link_ptr_q "$VW")"
        for ((v = 0; v < V; v++)); do
            sig 24 "out ${port[$i]} vc$v ob cnt" "$g.g_vc[$v].cnt$(r "$g.g_vc[$v].cnt" "")"
            sig 24 "out ${port[$i]} vc$v credits" "$g.g_vc[$v].credit_q$(r "$g.g_vc[$v].credit_q" "")"
            sig 28 "out ${port[$i]} vc$v sending" "$g.g_vc[$v].sending"
        done
        grp "$(cls $i)" "out ${port[$i]}"
    done
    grp 1000200 "link arbitration: output buffers, credits, grants"
    grp 800200 "flits: links in and out"
    for ((i = 0; i < P; i++)); do
        g="$R.g_ip[$i]"
        sig 28 "in ${port[$i]} valid" "$g.in_valid"
        sig 24 "in ${port[$i]} vc" "$g.in_vc$(r $g.in_vc "$VW")"
        sig 22 "in ${port[$i]} flit" "$g.in_flit$(r $g.in_flit "[63:0]")"
        sig 28 "in ${port[$i]} credits out" "$g.cr$(r $g.cr "$VR")"
    done
    for ((i = 0; i < P; i++)); do
        g="$R.g_op[$i]"
        sig 28 "out ${port[$i]} valid" "$g.out_valid"
        sig 24 "out ${port[$i]} vc" "$g.out_vc$(r $g.out_vc "$VW")"
        sig 22 "out ${port[$i]} flit" "$g.out_flit$(r $g.out_flit "[63:0]")"
    done
    grp 1000200 "flits: links in and out"
    echo "[pattern_trace] 1"
    echo "[pattern_trace] 0"
}

if [ ${#width[@]} -gt 0 ]; then
    gen "$vcd" "$(realpath -m "$out")" > "$out"
    echo "$out: router $X, $P ports, $V VCs (gtkwave $1 $out)"
else
    gen rtl.vcd router.gtkw > router.gtkw
    gen c.vcd router_c.gtkw > router_c.gtkw
fi
