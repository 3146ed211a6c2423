#!/usr/bin/env bash
# suite.sh BUILD RUNS: runs the lockstep co-simulations listed in RUNS (lines
# `MODEL [--expect-diff | --expect-assert] key=value ...`, # comments) with the
# harnesses in BUILD/MODEL/cosim, JOBS (default 2) at a time, and sums up:
# configurations, cycles, flits and credits compared, the RTL's latency and throughput
# next to the C model's, for each mutant the cycle of the first difference and its
# waves, and for a mutant that an assertion must stop the assertion's message. A run
# whose RTL fails an assertion fails. Ends with "N passed, N failed"; exits non-zero on
# any failure.
set -u
shopt -s extglob
build=$1 runs=$2
# shellcheck source=tests/lib/jobs.sh
. "$(dirname "$0")/../lib/jobs.sh"
jobs_init suite.sh 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mapfile -t lines < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$runs")
n=${#lines[@]}
t0=$SECONDS

run_one() { # index line
    local i=$1 line=$2 model args out rc
    read -r model args <<< "$line"
    out=$tmp/$i.out
    args=${args/--expect-assert=+([A-Za-z0-9_])/--expect-assert}  # the name is the suite's
    # shellcheck disable=SC2086
    "$build/$model/cosim" $args --diff-dir "$build/diff/$i-$model" > "$out" 2>&1
    echo $? > "$tmp/$i.rc"
}

for ((i = 0; i < n; i++)); do
    job_slot
    run_one "$i" "${lines[$i]}" &
done
wait

pass=0 fail=0 cycles=0 flits=0 credits=0 caught=0 asserted=0 waved=0
declare -A models=()
printf '%-4s %-30s %-64s %8s %9s  %-19s %-19s\n' "" model "run" cycles flits "latency C / RTL" "accepted C / RTL"
for ((i = 0; i < n; i++)); do
    read -r model args <<< "${lines[$i]}"
    out=$tmp/$i.out
    rc=$(cat "$tmp/$i.rc")
    res=$(grep '^RESULT' "$out" | tail -n 1)
    ok=0
    if [[ $args == *--expect-assert* ]]; then
        # a mutant that breaks an invariant: an RTL assertion must stop it, with its message
        # (--expect-assert=NAME: among them the named property's)
        acy=$(sed -n 's/^RESULT assert cycle=\([0-9]*\).*/\1/p' <<< "$res")
        aname=$(sed -n 's/.*--expect-assert=\([A-Za-z0-9_]*\).*/\1/p' <<< "$args")
        if [ "$rc" -eq 0 ] && [ -n "$acy" ] && grep -q "Assertion failed in [^:]*${aname:+\.$aname:}" "$out"; then
            ok=1
            asserted=$((asserted + 1))
            printf 'ok   %-30s %-64s %s failed in cycle %s\n' "$model" "${args/--expect-assert+(=+([A-Za-z0-9_])) /}" \
                "${aname:-an assertion}" "$acy"
            grep -m 3 "Assertion failed in [^:]*${aname:+\.$aname:}" "$out" | sed 's/^/       /'
        fi
    elif [[ $args == *--expect-diff* ]]; then
        # a mutant: the check must report a difference, with waves of both sides if the
        # model is traced (rtl/rtl.mk traces one mutant: the others need only the difference)
        dcy=$(sed -n 's/^RESULT diff cycle=\([0-9]*\).*/\1/p' <<< "$res")
        dir=$build/diff/$i-$model
        waves="waves in $dir"
        grep -q 'built without --trace: no waves' "$out" && waves="untraced model"
        if [ "$rc" -eq 0 ] && [ -n "$dcy" ] &&
            { [ "$waves" = "untraced model" ] || { [ -s "$dir/c.vcd" ] && [ -s "$dir/rtl.vcd" ]; }; }; then
            ok=1
            caught=$((caught + 1))
            [ "$waves" = "untraced model" ] || waved=$((waved + 1))
            printf 'ok   %-30s %-64s first difference in cycle %s, %s\n' "$model" "${args/--expect-diff /}" "$dcy" "$waves"
            sed -n '/^FIRST DIFFERENCE/,/^cosim/p' "$out" | sed '$d' | sed 's/^/       /'
        fi
    elif [ "$rc" -eq 0 ] && [[ $res == "RESULT ok"* ]]; then
        ok=1
        c=$(sed -n 's/.*cycles=\([0-9]*\).*/\1/p' <<< "$res")
        f=$(sed -n 's/.*flits=\([0-9]*\).*/\1/p' <<< "$res")
        k=$(sed -n 's/.*credits=\([0-9]*\).*/\1/p' <<< "$res")
        cycles=$((cycles + c))
        flits=$((flits + f))
        credits=$((credits + k))
        models[$model]=1
        lat=$(sed -n 's/^  latency    C \([0-9.]*\)  RTL \([0-9.]*\) cycles.*/\1 \/ \2/p' "$out")
        acc=$(sed -n 's/^  throughput C \([0-9.]*\)  RTL \([0-9.]*\) .*/\1 \/ \2/p' "$out")
        # swft: messages the node software re-injected (the same number on both sides)
        fwd=$(sed -n 's/^  node software C \([0-9]*\)  RTL \([0-9]*\) .*/\1 \/ \2/p' "$out")
        printf 'ok   %-30s %-64s %8s %9s  %-19s %-19s%s\n' "$model" "$args" "$c" "$f" "$lat" "$acc" "${fwd:+  re-injected $fwd}"
    fi
    if [ $ok = 1 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        printf 'FAIL %-32s %s (exit %s)\n' "$model" "$args" "$rc"
        sed 's/^/       /' "$out"
    fi
done
echo
echo "co-simulation: $((pass - caught - asserted)) runs over ${#models[@]} Verilated configurations identical to the C model:"
echo "  $cycles cycles, $flits flits and $credits credits compared, every link, ejection, injection and credit wire every cycle"
echo "  $caught mutants caught by a difference ($waved with both sides' waves), $asserted stopped by an RTL assertion; $((SECONDS - t0)) s"
# the waves of a difference are part of what is checked: a list with mutants needs a
# traced one among them
if [ "$caught" -gt 0 ] && [ "$waved" -eq 0 ]; then
    echo "FAIL no mutant of this list is traced: the waves written at a difference go unchecked (rtl/rtl.mk: --trace)"
    fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
