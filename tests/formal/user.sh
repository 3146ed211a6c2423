#!/usr/bin/env bash
# tests/formal/user.sh "FILE ..." TOP ["CFG"] [DEPTH] ["IFACE"]: make formal-user. A designer's
# router (module TOP in FILE ..., the interface of docs/router-interface.md, or its own
# conventions as IFACE gives them, make cosim-user's options: the router inside
# rtl/flitnet_iface.sv) under the formal harness: the properties at its ports (credits,
# room downstream, whole worms in order, intact flits, the hop count, conservation;
# docs/formal.md), for one router of the network CFG (flitnet's structural keys, as make
# cosim-user takes them), bounded to DEPTH (default 8) after PDR. Its ports are checked
# first, with make cosim-user's one-line refusals.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
[ $# -ge 2 ] || { echo "usage: user.sh \"FILE ...\" TOP [\"CFG\"] [DEPTH] [\"IFACE\"]" >&2; exit 2; }
read -r -a files <<< "$1"
top=$2
cfg=${3:-topology=torus k=4 n=2 vcs=2 buf_depth=2 obuf_depth=1 routing=dor dateline=1}
depth=${4:-8}
iface=${5:-}
[[ $depth =~ ^[0-9]+$ ]] && [ "$depth" -ge 1 ] || { echo "formal-user: DEPTH is a count of steps (got '$depth')" >&2; exit 2; }
[[ $top =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo "formal-user: TOP is a module name (got '$top')" >&2; exit 2; }
for f in "${files[@]}"; do [ -f "$f" ] || { echo "formal-user: no file $f" >&2; exit 2; }; done
# shellcheck source=harness/iface.sh
. harness/iface.sh
iface_parse formal-user "$iface" || exit 2
# shellcheck source=harness/model_params.sh
. harness/model_params.sh
model_params formal-user "$cfg" || exit 2
# what the C model refuses (too few VCs, a routing the topology does not take), in its
# own words, as make cosim-user does
# shellcheck disable=SC2086
if ! why=$(build/flitnet sim $cfg cycles=20 warmup=0 batches=2 2>&1 > /dev/null); then
    echo "formal-user: FORMAL_CFG is refused by flitnet: ${why#flitnet: }" >&2
    exit 2
fi
dir=build/formal/user/$top
mkdir -p "$dir"
mapfile -t ours < <(sed 's|^|rtl/|' rtl/flitnet.f)
# IFACE: the router inside its adapter, which is then the module under proof
dut=$top defs=() sbw=1
if [ ${#iface_defs[@]} -gt 0 ]; then
    ours+=(rtl/flitnet_iface.sv)
    files+=(rtl/flitnet_iface.sv)
    dut=flitnet_iface defs=(FLITNET_ROUTER="$top" FLITNET_FORMAL_SB "${iface_defs[@]}")
    sbw=$((iface_uw > 0 ? iface_uw : 1))
fi
FLITNET_WHO=formal-user FLITNET_IFACE="$iface_env" FLITNET_CHECK_FLAGS="${iface_defs[*]/#/+define+}" \
    python3 harness/check_ports.py "$top" "$dir/ports" "$cfg" "${ours[@]}" "${files[@]}" || exit 1
exec python3 tests/formal/formal.py --out build/formal/user --dut "$dut" --files "${files[*]}" --depth "$depth" \
    --defines "${defs[*]}" \
    --params "TOPO=$topo NDIM=$n K=$((16#$khex)) V=$v B=$b BO=$bo ROUTING=$routing DATELINE=$dateline ESCAPE_VCS=$escape TIMEOUT=$timeout FRING=$fring CR_ONE=$iface_crbus SBW=$sbw" \
    "$top"
