#!/usr/bin/env bash
# scripts/saturation_check.sh: how often `flitnet sim` calls a run SATURATED, by network, load and
# run length: the table of docs/results.md, "When a run is saturated" (the "after" column).
# Each cell counts, of SEEDS runs (default 12) with batches = 30, those whose status is not
# ok, at 2,000 / 5,000 / 20,000 cycles. The loads are shares of each network's saturation
# rate as 100,000-cycle runs bisect it (V = 10, M = 64, uniform traffic; measured on
# 2026-11-29 with `flitnet bench`'s bisection rule, the rates below). 1,440 runs by default:
# about 3 minutes on 2 cores.
#   FLITNET=path (default build/flitnet), SEEDS=N, JOBS=N (default: the CPUs online)
set -eu
cd "$(dirname "$0")/.."
BIN=$(realpath "${FLITNET:-build/flitnet}")
SEEDS=${SEEDS:-12}
JOBS=${JOBS:-$(nproc)}
[[ $SEEDS =~ ^[1-9][0-9]*$ ]] || { echo "saturation_check: SEEDS=$SEEDS is not a positive count" >&2; exit 1; }
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "saturation_check: JOBS=$JOBS is not a positive count" >&2; exit 1; }
[ -x "$BIN" ] || { echo "saturation_check: no $BIN (make first)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# name | keys | saturation rate (messages/node/cycle)
nets='2x2 torus|k=2|0.012253
2x2 mesh|topology=mesh k=2|0.012517
4-node ring|k=4 n=1|0.011415
4x4 torus|k=4|0.011775
8x8 torus|k=8|0.007874'
shares="0.2 0.4 0.6 0.8 0.9 1.1 1.3 2.0"
lengths="2000 5000 20000"
while IFS='|' read -r name keys sat; do
    for f in $shares; do
        for cyc in $lengths; do
            for ((s = 1; s <= SEEDS; s++)); do
                printf '%s|%s|%s|%s rate=%s cycles=%s batches=30 seed=%s\n' "$name" "$f" "$cyc" "$keys" \
                    "$(echo "$sat * $f" | bc -l)" "$cyc" "$s"
            done
        done
    done
done <<< "$nets" > "$tmp/jobs"
one() {
    IFS='|' read -r name f cyc args <<< "$1"
    # shellcheck disable=SC2086
    st=$("$BIN" sim $args 2> /dev/null | sed -n 's/^status *\([A-Za-z]*\).*/\1/p')
    echo "$name|$f|$cyc|${st:-failed}"
}
export -f one
export BIN
# shellcheck disable=SC2016 # ($1 is the inner shell's)
tr '\n' '\0' < "$tmp/jobs" | xargs -0 -n1 -P "$JOBS" bash -c 'one "$1"' _ > "$tmp/out"
echo "runs called SATURATED, of $SEEDS (batches = 30), at 2,000 / 5,000 / 20,000 cycles; $BIN"
printf '| network |'; for f in $shares; do printf ' %s %% |' "$(echo "$f * 100" | bc | sed 's/\.0*$//')"; done; echo
printf '|---|'; for _ in $shares; do printf -- '---|'; done; echo
while IFS='|' read -r name _ _; do
    printf '| %s |' "$name"
    for f in $shares; do
        cells=
        for cyc in $lengths; do
            cells+="$(awk -F'|' -v n="$name" -v f="$f" -v c="$cyc" '$1 == n && $2 == f && $3 == c && $4 != "ok"' "$tmp/out" | grep -c . || true) "
        done
        printf ' %s|' "$cells"
    done
    echo
done <<< "$nets"
if grep -q '|failed$' "$tmp/out"; then
    echo "saturation_check: $(grep -c '|failed$' "$tmp/out") runs printed no status" >&2
    exit 1
fi
