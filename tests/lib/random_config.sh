# shellcheck shell=bash
# random_config.sh: draw I, a random configuration of the simulator's legal space (a
# function of $seed and I only: topologies, radices and dimensions, VCs up to 32, buffer
# depths, every routing, fault sets under f-rings and swft's, time-outs, traffic patterns,
# loads). Sourced by tests/soak.sh and tests/suites/staged.sh; a configuration may still be
# refused as bad input (the callers draw again). The routings are the registry's
# (REGISTRY_NAMES: the caller runs `registry_load BIN` of tests/lib/registry.sh first).
# (seed: the caller's)
# shellcheck disable=SC2154
draw() {
    RANDOM=$(( (seed * 1000003 + $1 * 7919) % 32768 ))
    # word splitting, not a here-string: bash may name a here-string's file with RANDOM
    # shellcheck disable=SC2206
    local routings=(${REGISTRY_NAMES:?random_config.sh: registry_load first})
    local r=$((RANDOM % ${#routings[@]})) topo k n a
    case $((RANDOM % 4)) in
    0) topo=torus; n=$((1 + RANDOM % 3)); k=$((2 + RANDOM % 7)); [ "$n" = 3 ] && k=$((2 + RANDOM % 4)) ;;
    1) topo=torus_uni; n=$((1 + RANDOM % 3)); k=$((2 + RANDOM % 7)); [ "$n" = 3 ] && k=$((2 + RANDOM % 4)) ;;
    2) topo=mesh; n=$((1 + RANDOM % 3)); k=$((2 + RANDOM % 6)); [ "$n" = 3 ] && k=$((2 + RANDOM % 3)) ;;
    3) topo=hypercube; n=$((2 + RANDOM % 6)); k=2 ;;
    esac
    # a mixed radix now and then
    if [ "$topo" != hypercube ] && [ "$n" = 2 ] && [ $((RANDOM % 3)) = 0 ]; then k="$k,$((2 + RANDOM % 6))"; fi
    local v=$((1 + RANDOM % 12)) fring=0
    # one draw in twelve 4 to 6 dimensions of small radix, one in twelve V up to 32, one in
    # four the f-ring layer (faults on a bidirectional torus or a mesh of 2 to 6
    # dimensions, with VCs for its two ring VCs a dimension and the routing's own)
    case $((RANDOM % 12)) in
    0) [ "$topo" != hypercube ] && n=$((4 + RANDOM % 3)) k=2 && [ "$n" = 4 ] && k=$((2 + RANDOM % 2)) ;;
    1) v=$((13 + RANDOM % 20)) ;;
    2 | 3 | 4)
        fring=1
        [ "$topo" = torus ] || [ "$topo" = mesh ] || topo=torus
        case $((RANDOM % 6)) in
        0 | 1 | 2) n=2 k=$((3 + RANDOM % 6)) ;;
        3) n=3 k=$((3 + RANDOM % 3)) ;;
        4) n=4 k=3 ;;
        5) n=$((5 + RANDOM % 2)) k=2; [ "$topo" = mesh ] && k=3 n=5 ;;
        esac
        v=$((2 * n + 2 + RANDOM % 10)); [ "$v" -gt 32 ] && v=32 ;;
    esac
    a="topology=$topo n=$n k=$k routing=${routings[$r]} vcs=$v"
    # no $(...) in a draw: bash reseeds RANDOM in a subshell, so its value would not follow
    # from the seed
    local sel=(first random) dist=(exp fixed fixed)
    a="$a buf_depth=$((1 + RANDOM % 4)) obuf_depth=$((1 + RANDOM % 4)) select=${sel[$((RANDOM % 2))]}"
    a="$a msg_len=$((1 + RANDOM % 40)) msg_len_dist=${dist[$((RANDOM % 3))]}"
    local tr=(uniform uniform uniform transpose bitcomp bitrev shuffle tornado neighbor hotspot locality)
    a="$a traffic=${tr[$((RANDOM % ${#tr[@]}))]}"
    [ $((RANDOM % 4)) = 0 ] && a="$a timeout=$((1 + RANDOM % 40))"
    if [ "$fring" = 1 ]; then a="$a faults=$((1 + RANDOM % 6))"; elif [ $((RANDOM % 4)) = 0 ]; then a="$a faults=$((1 + RANDOM % 6))"; fi
    [ $((RANDOM % 8)) = 0 ] && a="$a dateline=0"
    # light to heavy load: drain empties the network whatever the load
    # stop_saturated = 0: a run past saturation still runs to its end and drains, so it is checked too
    a="$a flit_rate=0.$((10 + RANDOM % 30)) cycles=$((1000 + RANDOM % 3000)) warmup=200 drain=1 stop_saturated=0 seed=$((1 + RANDOM))"
    echo "$a"
}
