#!/usr/bin/env bash
# The f-ring layer is deadlock- and livelock-free by construction (docs/microarchitecture.md
# §6.5); `flitnet cdg` confirms it on random fault sets of every routing the layer takes
# (the registry's, as `flitnet faults --vcs` lists them) and every network of the issue:
# an 8x8 torus at 5, 10 and 15 % faulty nodes (V = 10, or the routing's least V above it),
# a 16x16 torus at 10 %, a 4x4x4 torus at 10 % and an 8x8 mesh at 10 % (the routing's least
# V). `flitnet cdg --seeds A:B` checks the set of every fault_seed from A to B and stops at
# the first that fails; none may fail, and no set may be drawn again for its sake (a drawn
# set is redrawn only when it is outside the block model, whatever the routing).
#   FRING_PROOF_N     sets per routing and network (default 20; make soak: 10000)
#   FRING_PROOF_START the first fault_seed (default: new each run, printed; the sets are
#                     fault_seed START .. START + N - 1)
#   FRING_PROOF_BIG   sets per routing on the 16x16 torus (default: N, at most 2)
#   JOBS              checks at a time (default: the cores)
set -u
cd "$(dirname "$0")/../.." || exit 2
BIN=${FLITNET:-build/flitnet}
n=${FRING_PROOF_N:-20}
start=${FRING_PROOF_START:-$(( $(date +%s) % 1000000 + 1 ))}
big=${FRING_PROOF_BIG:-$(( n < 2 ? n : 2 ))}
for v in "$n" "$start" "$big"; do
    [[ $v =~ ^[0-9]+$ ]] || { echo "fring_proof.sh: FRING_PROOF_N, _START and _BIG are counts" >&2; exit 2; }
done
# shellcheck source=tests/lib/jobs.sh
. tests/lib/jobs.sh
jobs_init fring_proof.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "fring_proof.sh: FRING_PROOF_START=$start FRING_PROOF_N=$n FRING_PROOF_BIG=$big"

# network | keys | sets | V floor (0: the routing's least V with f-rings)
nets() {
    cat <<NETS
8x8 5%|k=8 n=2 faults=5%|$n|10
8x8 10%|k=8 n=2 faults=10%|$n|10
8x8 15%|k=8 n=2 faults=15%|$n|10
16x16 10%|k=16 n=2 faults=10%|$big|0
4x4x4 10%|k=4 n=3 faults=10%|$n|0
8x8 mesh 10%|topology=mesh k=8 n=2 faults=10%|$n|0
NETS
}

# the registry's routings and their least V with f-rings on the network KEYS
least() { # KEYS
    # shellcheck disable=SC2086
    "$BIN" faults --vcs $1 | awk -F'|' '/^\| `/ && $4 ~ /[0-9]/ { gsub(/[ `]/, "", $2); gsub(/ /, "", $4); print $2, $4 }'
}

labels=()
while IFS='|' read -r name keys sets floor; do
    [ "$sets" -gt 0 ] || continue
    list=$(least "$keys")
    [ -n "$list" ] || { echo "FAIL $name: flitnet faults --vcs lists no routing"; exit 1; }
    while read -r routing v; do
        [ "$floor" -gt "$v" ] && v=$floor
        i=${#labels[@]}
        labels+=("$name $routing vcs=$v")
        job_slot
        # shellcheck disable=SC2086
        ( "$BIN" cdg $keys routing="$routing" vcs="$v" --seeds "$start:$((start + sets - 1))" > "$tmp/$i.out" 2>&1
          echo $? > "$tmp/$i.rc" ) &
    done <<< "$list"
done < <(nets)
wait

pass=0 fail=0 sets_all=0 refused_all=0
for ((i = 0; i < ${#labels[@]}; i++)); do
    rc=$(cat "$tmp/$i.rc" 2>/dev/null || echo 1)
    out=$(cat "$tmp/$i.out")
    # every set acyclic, and no draw beyond the block model's
    if [ "$rc" = 0 ] && grep -q '^acyclic on all [0-9]* sets' <<< "$out"; then
        pass=$((pass + 1))
        sets_all=$((sets_all + $(sed -n 's/^acyclic on all \([0-9]*\) sets.*/\1/p' <<< "$out")))
        # seeds none of whose draws gave a set of the block model: refused, as a run of them is
        r=$(sed -n 's/^\([0-9]*\) seeds refused.*/\1/p' <<< "$out")
        refused_all=$((refused_all + ${r:-0}))
    else
        fail=$((fail + 1))
        echo "FAIL ${labels[$i]}: $(tail -n 1 <<< "$out")"
    fi
done
echo "fring_proof.sh: $sets_all fault sets checked over ${#labels[@]} routing/network pairs ($refused_all seeds refused: no set of the block model in their draws)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
