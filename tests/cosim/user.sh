#!/usr/bin/env bash
# user.sh BUILD NAME TOP "FILES" "CFG" MODE "RUNS" [build_user.sh option...]
#     make cosim-user: builds the network around the router TOP of FILES for the
#     configuration CFG (harness/build_user.sh, into BUILD/user/NAME) and runs it
#     with flitnet's traffic, one run per ';'-separated entry of RUNS (runtime keys:
#     seed, flit_rate or rate, msg_len, msg_len_dist, traffic, select, cycles, faults, ...).
#     MODE scoreboard: harness/scoreboard.cpp checks every message, flit and credit
#     and prints the design's performance beside the C model's; MODE lockstep: the
#     harness of harness/cosim.cpp compares every wire with the C model every cycle
#     (for routers that follow docs/microarchitecture.md cycle for cycle). A run entry
#     that starts with '!' must find a violation (a broken router); '!/TEXT/ keys' must
#     find one whose VIOLATION line contains TEXT (that check fired, not another). A key
#     that starts with '+' is a plusarg of the design ($value$plusargs). Prints one line
#     per run and ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1 name=$2 top=$3 files=$4 cfg=$5 mode=$6 runs=$7
shift 7
case $mode in scoreboard | lockstep) ;; *) echo "cosim-user: MODE=$mode: scoreboard or lockstep" >&2; exit 1 ;; esac
# a RUNS with no run would report "0 passed, 0 failed" for a router never tested
[ -n "$(tr -d '; \t\n' <<< "$runs")" ] || { echo "cosim-user: RUNS has no run (give runtime keys, runs separated by ';')" >&2; exit 1; }
dir=$build/user/$name
# shellcheck source=tests/cosim/run_entry.sh
. "$root/tests/cosim/run_entry.sh"
t0=$SECONDS
if ! "$root/harness/build_user.sh" "$dir" "$top" "$cfg" "$files" "$@"; then
    echo "0 passed, 1 failed"
    exit 1
fi
tb=$(( SECONDS - t0 ))
pass=0 fail=0 i=0
IFS=';' read -r -a list <<< "$(tr '\n' ' ' <<< "$runs")"
for r in "${list[@]}"; do
    r=$(sed 's/^ *//; s/ *$//' <<< "$r")
    [ -n "$r" ] || continue
    i=$((i + 1))
    # !/TEXT/ keys...: the violation line must contain TEXT (which check fired)
    run_entry "$r"
    r=$keys
    if [ $mode = scoreboard ]; then
        # shellcheck disable=SC2086
        out=$("$dir/scoreboard" $r ${expect:+--expect-violation} --diff-dir "$dir/violation-$i" 2>&1)
    else
        # shellcheck disable=SC2086
        out=$("$dir/cosim" $r ${expect:+--expect-diff} --diff-dir "$dir/diff-$i" 2>&1)
    fi
    rc=$?
    if [ $rc -eq 0 ] && [ -n "$want" ] && ! grep -m 1 '^VIOLATION' <<< "$out" | grep -qF -- "$want"; then
        fail=$((fail + 1))
        printf 'FAIL %-22s %s: the violation is not the one expected (%s):\n' "$name" "$r" "$want"
        printf '%s\n' "$out" | sed 's/^/       /'
        continue
    fi
    if [ $rc -eq 0 ]; then
        pass=$((pass + 1))
        if [ -n "$expect" ]; then
            printf 'ok   %-22s %-58s caught: %s\n' "$name" "$r" "$(grep -m 1 -e '^VIOLATION' -e '^FIRST DIFFERENCE' <<< "$out")"
            printf '%s\n' "$out" | sed -n '/^VIOLATION\|^FIRST DIFFERENCE/,/^RESULT/p' | sed '1d;$d' | sed 's/^/       /'
            # an assertion's own message comes before the violation line
            if grep -m 1 '^VIOLATION' <<< "$out" | grep -q 'RTL assertion failed'; then
                grep -m 1 'Assertion failed' <<< "$out" | sed 's/^ *\[[0-9]*\] *//; s/^/         assertion: /'
            fi
        elif [ $mode = scoreboard ]; then
            printf 'ok   %-22s %-58s %s\n' "$name" "$r" "$(sed -n 's/.*: no violation in \([0-9]*\) cycles, \([0-9]*\) messages.*/\2 messages checked in \1 cycles, 0 violations/p' <<< "$out")"
            printf '%s\n' "$out" | grep -e '^  design' -e '^  C model' -e '^  difference' -e 'saturated' | sed 's/^/     /'
        else
            printf 'ok   %-22s %-58s %s\n' "$name" "$r" "$(grep -m 1 '^cosim' <<< "$out")"
        fi
    else
        fail=$((fail + 1))
        printf 'FAIL %-22s %s (exit %s)\n' "$name" "$r" "$rc"
        printf '%s\n' "$out" | sed 's/^/       /'
    fi
done
echo "$name: built or up to date in ${tb} s, runs in $((SECONDS - t0 - tb)) s"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
