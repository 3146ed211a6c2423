#!/usr/bin/env bash
# misroute_load.sh: why Fully-Adaptive's throughput falls past saturation (docs/results.md):
# its runs beside Minimal's (the same escape, no misroutes) and Duato's on seed 000's
# network, from half its saturation to far past it, each run to its end with the source
# queues capped (source_full = drop): accepted throughput, flit-hops per delivered flit,
# the share of delivered messages that took more hops than their distance (misrouted), the
# links' mean utilization. Prints a Markdown table.
set -u
cd "$(dirname "$0")/.." || exit 2
bin=${FLITNET:-build/flitnet}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| routing | offered (% of capacity) | accepted (of capacity) | flit-hops per flit | misrouted messages | link utilization |"
echo "|---|---:|---:|---:|---:|---:|"
for r in fully_adaptive minimal duato; do
    for l in 0.3 0.5 0.6 0.7 0.8 1.0 1.5 3.0; do
        "$bin" sim routing=$r flit_rate=$(awk -v l=$l 'BEGIN { printf "%.6g", l * 0.984375 }') cycles=40000 \
            source_full=drop stop_saturated=0 --json "$tmp/r.json" > /dev/null || exit 1
        jq -r --arg r "$r" --arg l "$l" '"| \($r) | \($l | tonumber * 100) | \(.normalized_throughput * 1000 | round / 1000) | \(.flit_hops / .flits_delivered * 100 | round / 100) | \((.misrouted / .messages_delivered * 1000 | round) / 10) % | \(([.node_load[] | select(. >= 0)] | add / length) * 1000 | round / 10) % |"' "$tmp/r.json"
    done
done
