# shellcheck shell=bash
# harness/iface.sh: sourced. IFACE="..." (a designer's router's own conventions,
# docs/router-interface.md, "Bringing an existing router") read once for every tool that
# puts rtl/flitnet_iface.sv around the router (make cosim-user, make formal-user).
# iface_parse WHO SPEC: sets
#   iface_defs  the adapter's defines, NAME or NAME=VALUE (none for an empty SPEC)
#   iface_env   what harness/check_ports.py reads from FLITNET_IFACE (crbus=1 uw=N)
#   iface_uw    the sideband's bits per port; iface_nbr 1 for ports=neighbour;
#   iface_crbus 1 for credits=bus
# and returns 1 after one line on stderr naming WHO for a key it does not know.
# shellcheck disable=SC2034  # the variables are the caller's
iface_parse() {
    local who=$1 kv
    iface_defs=() iface_env='' iface_uw=0 iface_nbr=0 iface_crbus=0
    for kv in $2; do
        case $kv in
        ports=travel | credits=wires | ej_credits=0 | hops=router | sideband=0) ;;
        ports=neighbour) iface_defs+=(FLITNET_IFACE_NBR_PORTS) iface_nbr=1 ;;
        credits=bus) iface_defs+=(FLITNET_IFACE_CR_BUS) iface_env+=" crbus=1" iface_crbus=1 ;;
        ej_credits=1) iface_defs+=(FLITNET_IFACE_EJ_CR) ;;
        hops=network) iface_defs+=(FLITNET_IFACE_NET_HOPS) ;;
        sideband=*)
            iface_uw=${kv#sideband=}
            if ! [[ $iface_uw =~ ^[0-9]+$ ]] || [ "$iface_uw" -gt 64 ]; then
                echo "$who: IFACE: sideband=$iface_uw: the sideband's bits per port, 0 to 64" >&2
                return 1
            fi
            iface_uw=$((10#$iface_uw))
            iface_defs+=(FLITNET_IFACE_UW="$iface_uw") iface_env+=" uw=$iface_uw" ;;
        *) echo "$who: IFACE: '$kv' is not one of ports=travel|neighbour credits=wires|bus ej_credits=0|1 hops=router|network sideband=BITS" >&2
           return 1 ;;
        esac
    done
    [ -z "${2//[[:space:]]/}" ] || iface_defs=(FLITNET_IFACE "${iface_defs[@]}")
}
