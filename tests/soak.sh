#!/usr/bin/env bash
# Soak test (make soak; not in CI): random configurations across topologies, radices,
# dimensions (1 to 6), VCs (1 to 32), buffer depths, routings, fault sets (under f-rings,
# and swft's), time-outs, traffic patterns and loads, each run with drain = 1 under AddressSanitizer + UndefinedBehaviorSanitizer
# (build/asan/flitnet), and each checked for conservation and exact delivery: every
# message generated is delivered, every flit injected is delivered, nothing corrupt,
# no deadlock (unless `flitnet cdg` finds the configuration's dependency cycle too), no
# sanitizer report. Configurations the simulator refuses (bad input, one
# line, exit 1) are drawn again and counted.
# Environment: SOAK_N (runs, default 2000), SOAK_SEED (default 1), JOBS (default nproc).
# The seed of every run is printed with its failure, so one can be replayed exactly.
set -u
cd "$(dirname "$0")/.."
bin=${FLITNET:-build/asan/flitnet}
n=${SOAK_N:-2000}
seed=${SOAK_SEED:-1}
jobs=${JOBS:-$(nproc)}
out=build/soak
mkdir -p "$out"
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# draw I: the configuration of run I (a function of SOAK_SEED and I only)
# shellcheck source=tests/lib/random_config.sh
. tests/lib/random_config.sh
# shellcheck source=tests/lib/registry.sh
. tests/lib/registry.sh
registry_load "$bin" || exit 2

# one I: draws until the simulator accepts the configuration (at most 50 draws), runs it,
# checks the JSON; prints "ok", "refused" or "FAIL ..." lines
one() {
    local i=$1 try a j=$out/run-$1.json rc
    for try in $(seq 0 49); do
        a=$(draw $((i * 50 + try)))
        # shellcheck disable=SC2086
        "$bin" sim $a --json "$j" > "$out/run-$i.log" 2>&1
        rc=$?
        [ "$rc" = 1 ] && grep -q '^flitnet: ' "$out/run-$i.log" && ! grep -q 'Sanitizer\|runtime error' "$out/run-$i.log" && {
            echo "refused"; continue; }
        break
    done
    # a deadlock is a failure unless `flitnet cdg` finds a dependency cycle in the
    # configuration too (dateline = 0 on a torus): then the watchdog did its job
    if [ "$rc" = 2 ] && grep -q 'deadlock detected' "$out/run-$i.log"; then
        # shellcheck disable=SC2086
        if "$bin" cdg $a 2>&1 | grep -q '^NOT deadlock-free'; then
            echo "deadlock-expected"; rm -f "$j" "$out/run-$i.log"; return
        fi
        echo "FAIL deadlock in a configuration flitnet cdg proves deadlock-free: $a"
        tail -n 3 "$out/run-$i.log" | sed 's/^/    /'; return
    fi
    if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then echo "FAIL exit $rc: $a"; tail -n 3 "$out/run-$i.log" | sed 's/^/    /'; return; fi
    if [ "$rc" = 1 ]; then echo "FAIL refused by a crash: $a"; tail -n 5 "$out/run-$i.log" | sed 's/^/    /'; return; fi
    local v
    v=$(jq -r 'if .drained != true and .saturated then "saturated"
        elif .messages_generated != .messages_delivered then "lost \(.messages_generated - .messages_delivered) messages"
        elif .flits_injected != .flits_delivered then "lost \(.flits_injected - .flits_delivered) flits"
        elif .corrupt != 0 then "\(.corrupt) corrupt" elif .deadlock then "deadlock"
        else "ok \(.messages_delivered) \(.flit_hops)" end' "$j")
    case $v in
    ok*) echo "$v $(jq -r 'if .saturated then "past-saturation" else "" end' "$j")"; rm -f "$j" "$out/run-$i.log" ;;
    saturated) echo "saturated"; rm -f "$j" "$out/run-$i.log" ;;
    *) echo "FAIL $v: $a" ;;
    esac
}
export -f draw one
export bin out seed

[ -x "$bin" ] || { echo "soak: build $bin first (make soak does)" >&2; exit 1; }
t0=$SECONDS
seq 1 "$n" | xargs -P "$jobs" -I{} bash -c 'one {}' > "$out/results.txt"
ok=$(grep -c '^ok' "$out/results.txt")
sat=$(grep -c '^saturated' "$out/results.txt")
ref=$(grep -c '^refused' "$out/results.txt")
bad=$(grep -c '^FAIL' "$out/results.txt")
dl=$(grep -c '^deadlock-expected' "$out/results.txt")
msgs=$(awk '/^ok/ { m += $2; h += $3; p += ($4 == "past-saturation") } END { printf "%d messages, %d flit-hops; %d of them past saturation", m, h, p }' "$out/results.txt")
grep -A3 '^FAIL' "$out/results.txt" | head -n 40
echo "soak: $n runs (seed $seed) in $((SECONDS - t0)) s: $ok drained and conserved ($msgs), $sat stopped as saturated (not drained), $dl deadlocked where flitnet cdg finds a cycle too (dateline = 0), $bad failed; $ref drawn configurations refused as bad input and drawn again"
[ "$bad" -eq 0 ]
