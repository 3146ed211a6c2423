# model_params.sh: sourced by build_model.sh, build_user.sh and refusals.sh.
# model_params WHO "CFG" maps flitnet's structural keys (topology k n vcs buf_depth
# obuf_depth routing dateline escape_vcs timeout fault_handling) to the network's
# parameters: sets topo n khex v b bo routing dateline escape timeout fring, and
# net_params, Verilator's -G options for all of them. The TOPO and ROUTING codes are the C
# model's (harness/codes.sh reads its registry; rtl/flitnet_pkg.sv has the same). WHO
# names the caller in the one-line refusals. Needs $root.
model_params() {
    local who=$1 cfg=$2 kv key val codes d tname=torus nodes=1
    topo=0 n=2 k=8 v=10 b=1 bo=1 routing=0 dateline=1 escape=0 timeout=0 fring=0
    codes=$("$root/harness/codes.sh" list) || return 1
    code() { # routing|topology NAME
        awk -v k="$1" -v n="$2" '$1 == k && $2 == n { print $3; f = 1 } END { exit !f }' <<< "$codes" ||
            { echo "$who: the C model has no $1 $2" >&2; return 1; }
    }
    for kv in $cfg; do
        key=${kv%%=*} val=${kv#*=}
        case $key in
        topology) topo=$(code topology "$val") || return 1; tname=$val ;;
        n) n=$val ;;
        k) k=$val ;;
        vcs) v=$val ;;
        buf_depth) b=$val ;;
        obuf_depth) bo=$val ;;
        routing) routing=$(code routing "$val") || return 1 ;;
        dateline) dateline=$val ;;
        escape_vcs) escape=$val ;;
        timeout) timeout=$val ;;
        # the f-ring layer (FRING = 1) is RTL; `software` is swft's own handling, no RTL
        fault_handling) case $val in fring) fring=1 ;; auto | software) fring=0 ;;
                        *) echo "$who: unknown fault_handling $val" >&2; return 1 ;; esac ;;
        *) echo "$who: '$key' is not a structural key" >&2; return 1 ;;
        esac
    done
    local ks
    IFS=, read -r -a ks <<< "$k"
    if [ "${#ks[@]}" -eq 1 ]; then ks=(); for ((d = 0; d < n; d++)); do ks+=("$k"); done; fi
    [ "${#ks[@]}" -eq "$n" ] || { echo "$who: k lists ${#ks[@]} radices, n = $n" >&2; return 1; }
    [ "$n" -le 8 ] || { echo "$who: the RTL takes n <= 8" >&2; return 1; }
    for ((d = 0; d < n; d++)); do
        [[ ${ks[$d]} =~ ^[0-9]+$ ]] && [ "${ks[$d]}" -ge 2 ] && [ "${ks[$d]}" -le 255 ] ||
            { echo "$who: the RTL takes radices 2..255 (k = $k)" >&2; return 1; }
        if [ "$tname" = hypercube ]; then nodes=$((nodes * 2)); else nodes=$((nodes * ks[d])); fi
    done
    # the network is one generate block per router, which Verilator unrolls up to 1024 times
    [ "$nodes" -le 1024 ] || { echo "$who: a network of $nodes routers: the RTL network is Verilated up to 1024" >&2; return 1; }
    khex=
    for ((d = n - 1; d >= 0; d--)); do khex+=$(printf %02x "${ks[$d]}"); done
    # the same as Verilator's parameter overrides of flitnet_network
    net_params=(-GTOPO="$topo" -GNDIM="$n" -GK="64'h$khex" -GV="$v" -GB="$b" -GBO="$bo" -GROUTING="$routing"
        -GDATELINE="$dateline" -GESCAPE_VCS="$escape" -GTIMEOUT="$timeout" -GFRING="$fring")
}
