#!/usr/bin/env bash
# Conservation on the fault sets of tests/suites/fring_proof.sh: drained runs (drain = 1)
# of every routing the f-ring layer takes, over the same networks (8x8 torus at 5, 10 and
# 15 %, a 4x4x4 torus and an 8x8 mesh at 10 %, and now and then a 16x16 torus), one
# fault_seed each, loads from light to past saturation. Each must deliver every message
# generated exactly once and intact (the sink checks every flit: corrupt = 0), inject no
# flit that is not delivered, and never deadlock.
#   FRING_DRAIN_N     runs (default 40; make soak: 1000)
#   FRING_DRAIN_START the first fault_seed (default: new each run, printed)
#   JOBS              runs at a time (default: the cores)
set -u
cd "$(dirname "$0")/../.." || exit 2
BIN=$(pwd)/${FLITNET:-build/flitnet}
n=${FRING_DRAIN_N:-40}
start=${FRING_DRAIN_START:-$(( $(date +%s) % 1000000 + 1 ))}
for v in "$n" "$start"; do
    [[ $v =~ ^[0-9]+$ ]] || { echo "fring_drain.sh: FRING_DRAIN_N and FRING_DRAIN_START are counts" >&2; exit 2; }
done
command -v jq > /dev/null || { echo "fring_drain.sh: needs jq (make deps)" >&2; exit 2; }
# shellcheck source=tests/lib/jobs.sh
. tests/lib/jobs.sh
jobs_init fring_drain.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "fring_drain.sh: FRING_DRAIN_START=$start FRING_DRAIN_N=$n"

nets=("k=8 n=2 faults=5%" "k=8 n=2 faults=10%" "k=8 n=2 faults=15%" "k=4 n=3 faults=10%" "topology=mesh k=8 n=2 faults=10%")
# the registry's routings with their least V with f-rings, per network
declare -A least
for net in "${nets[@]}" "k=16 n=2 faults=10%"; do
    # shellcheck disable=SC2086
    least[$net]=$("$BIN" faults --vcs $net | awk -F'|' '/^\| `/ && $4 ~ /[0-9]/ { gsub(/[ `]/, "", $2); gsub(/ /, "", $4); print $2 ":" $4 }')
done

# run I: its network, routing, load and fault_seed are functions of I and the start
one() {
    local i=$1 s=$((start + i)) net list routing v rate len
    net=${nets[$((s % ${#nets[@]}))]}
    [ $((s % 50)) = 0 ] && net="k=16 n=2 faults=10%"
    mapfile -t list <<< "${least[$net]}"
    IFS=: read -r routing v <<< "${list[$((s / ${#nets[@]} % ${#list[@]}))]}"
    [ "$v" -lt 10 ] && [[ $net != *mesh* ]] && [[ $net != *n=3* ]] && v=10
    rates=(0.1 0.3 0.6 1.2 2.5)
    rate=${rates[$((s / 7 % 5))]}
    len=$(( (s % 3) * 14 + 4 ))
    # shellcheck disable=SC2086
    "$BIN" sim $net routing="$routing" vcs="$v" fault_seed="$s" flit_rate="$rate" msg_len="$len" msg_len_dist=exp \
        cycles=3000 warmup=300 drain=1 stop_saturated=0 max_queue=100000 deadlock_cycles=2000 seed="$s" \
        --json "$tmp/$i.json" > "$tmp/$i.log" 2>&1
    echo "$? $net routing=$routing vcs=$v fault_seed=$s flit_rate=$rate msg_len=$len" > "$tmp/$i.rc"
}

for ((i = 0; i < n; i++)); do
    job_slot
    one "$i" &
done
wait

pass=0 fail=0 msgs=0 refused=0
for ((i = 0; i < n; i++)); do
    read -r rc args < "$tmp/$i.rc"
    # a seed none of whose draws gave a set of the block model is refused, not run
    if [ "$rc" = 1 ] && grep -q '^flitnet: no usable set of ' "$tmp/$i.log"; then
        refused=$((refused + 1))
        echo "refused (no set of the block model): $args"
        continue
    fi
    v=$(jq -r 'if .drained != true then "not drained"
        elif .messages_generated != .messages_delivered then "lost \(.messages_generated - .messages_delivered) messages"
        elif .flits_injected != .flits_delivered then "lost \(.flits_injected - .flits_delivered) flits"
        elif .corrupt != 0 then "\(.corrupt) corrupt" elif .deadlock then "deadlock"
        else "ok \(.messages_delivered)" end' "$tmp/$i.json" 2> /dev/null)
    if [ "$rc" = 0 ] && [[ $v == ok* ]]; then
        pass=$((pass + 1))
        msgs=$((msgs + ${v#ok }))
    else
        fail=$((fail + 1))
        echo "FAIL (exit $rc, ${v:-no JSON}) $args: $(tail -n 1 "$tmp/$i.log")"
    fi
done
echo "fring_drain.sh: $pass drained runs delivered all $msgs messages once and intact ($refused seeds refused)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
