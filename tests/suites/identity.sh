#!/usr/bin/env bash
# Byte identity of the simulator's results: a fixed set of configurations (routings,
# topologies, buffer depths, faults, drain, threads, node order) run with --json, each
# output hashed without its wall-clock field and compared with tests/identity/expected.txt.
# A change that only makes the simulator faster must leave every hash as it is.
#   tests/suites/identity.sh          compare (closing line "N passed, N failed")
#   tests/suites/identity.sh --save   rewrite the expected hashes (after a change that
#                                     is meant to alter results; say so in the commit)
set -u
cd "$(dirname "$0")/../.."
BIN=${FLITNET:-build/flitnet}
REF=tests/identity/expected.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name | arguments (short runs: a few thousand cycles each, loads near and past saturation)
cases() {
    cat <<'CASES'
dor8       k=8 rate=0.0045 cycles=6000 warmup=1000
dor8sat    k=8 rate=0.0085 cycles=6000 warmup=1000 stop_saturated=0
dor16      k=16 rate=0.0025 cycles=3000 warmup=500
nbc_duato  k=8 routing=duato_nbc rate=0.007 cycles=6000 warmup=1000
phop       k=8 routing=phop vcs=10 rate=0.003 cycles=5000 warmup=1000
nbc        k=8 routing=nbc vcs=6 rate=0.004 cycles=5000 warmup=1000 select=first
dorescuni  topology=torus_uni k=8 routing=dor_escape vcs=5 rate=0.002 cycles=5000 warmup=1000
hyper_to   topology=hypercube n=6 routing=duato vcs=3 timeout=8 msg_len=16 msg_len_dist=exp rate=0.02 cycles=5000 warmup=1000
mesh_b2    topology=mesh k=8 routing=duato vcs=4 buf_depth=2 obuf_depth=2 rate=0.004 cycles=5000 warmup=1000
mesh_b4    topology=mesh k=6 routing=dor vcs=2 buf_depth=4 obuf_depth=1 msg_len=8 rate=0.02 cycles=4000 warmup=500
swft       k=8 routing=swft vcs=4 faults=6 msg_len=32 rate=0.003 cycles=5000 warmup=1000
fring      k=8 routing=duato faults=10% rate=0.004 cycles=5000 warmup=1000
fring_dor  k=8 routing=dor faults=10% rate=0.003 cycles=5000 warmup=1000 select=first
torus3d    k=4 n=3 routing=duato_pbc vcs=10 rate=0.006 cycles=4000 warmup=500
drain      k=8 rate=0.006 cycles=3000 warmup=500 drain=1
threads2   k=8 routing=duato_nbc rate=0.006 cycles=4000 warmup=500 threads=2
threads3big k=16 routing=duato_nbc rate=0.004 cycles=2500 warmup=500 threads=3
threads2cube topology=hypercube n=8 routing=duato vcs=4 rate=0.01 cycles=2500 warmup=500 threads=2
shuffle    k=8 routing=minimal rate=0.005 cycles=4000 warmup=500 --shuffle-order
hotspot    k=8 routing=fully_adaptive traffic=hotspot hotspot_frac=0.3 rate=0.003 cycles=4000 warmup=500
CASES
}

# the run's JSON less its wall-clock field, hashed
digest() {
    local name=$1
    shift
    # shellcheck disable=SC2086
    if ! "$BIN" sim "$@" --json "$tmp/$name.json" >"$tmp/$name.out" 2>&1; then
        # a deadlock or saturation exits non-zero on purpose; the JSON still holds the result
        [ -s "$tmp/$name.json" ] || { echo "ERROR"; return; }
    fi
    grep -v '"wall_seconds":' "$tmp/$name.json" | sha256sum | cut -c1-16
}

if [ "${1:-}" = --save ]; then
    cases | while read -r name args; do
        # shellcheck disable=SC2086
        printf '%-10s %s\n' "$name" "$(digest "$name" $args)"
    done >"$REF.new" && mv "$REF.new" "$REF"
    echo "wrote $REF"
    exit 0
fi

pass=0
fail=0
while read -r name args; do
    want=$(awk -v n="$name" '$1 == n {print $2}' "$REF")
    # shellcheck disable=SC2086
    got=$(digest "$name" $args)
    if [ -n "$want" ] && [ "$got" = "$want" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: $got, expected ${want:-(none)}"
    fi
done < <(cases)
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
