#!/usr/bin/env bash
# The SystemC binding (systemc/, docs/systemc.md): flitnet::Network stepped by an sc_clock
# gives the JSON of `flitnet sim` for the same keys, byte for byte but the wall clock (a
# torus with DOR, duato_nbc, f-rings, a mesh with deeper buffers, two threads), also built
# under AddressSanitizer + UndefinedBehaviorSanitizer; its pins, traced by SystemC, carry
# the values of the C model's waves at the same times (build/rtl/vcdcmp); bad input gets
# one line and exit 1. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
SC=build/systemc/flitnet-sc
SC_ASAN=build/asan/systemc/flitnet-sc
export SC_COPYRIGHT_MESSAGE=DISABLE
make --no-print-directory -s build/flitnet "$SC" "$SC_ASAN" build/rtl/vcdcmp > /dev/null || { echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { # ok NAME CMD...: the command succeeds
    local name=$1
    shift
    if "$@" > "$tmp/out" 2>&1; then pass=$((pass + 1)); else
        fail=$((fail + 1))
        echo "FAIL $name"
        sed 's/^/    /' "$tmp/out" | head -n 12
    fi
}
same_json() { # same_json BIN ARGS...: the binding's JSON is flitnet sim's
    local bin=$1
    shift
    "$bin" "$@" --json "$tmp/sc.json" > /dev/null || return 1
    build/flitnet sim "$@" --json "$tmp/c.json" > /dev/null
    grep -q '"messages_delivered":	[1-9]' "$tmp/c.json" || { echo "no message delivered: a vacuous comparison"; return 1; }
    diff <(grep -v '"wall_seconds":' "$tmp/sc.json") <(grep -v '"wall_seconds":' "$tmp/c.json")
}
while read -r name args; do
    # shellcheck disable=SC2086
    ok "JSON of $name ($args) as flitnet sim's" same_json "$SC" $args
done <<'CASES'
dor_torus  k=4 rate=0.004 cycles=6000 warmup=1000
duato_nbc  k=8 routing=duato_nbc rate=0.006 cycles=4000 warmup=500
fring      k=8 routing=duato faults=10% rate=0.004 cycles=4000 warmup=500
mesh_b2    topology=mesh k=6 routing=duato vcs=4 buf_depth=2 obuf_depth=2 rate=0.005 cycles=3000 warmup=500
threads2   k=8 routing=duato_nbc rate=0.006 cycles=3000 warmup=500 threads=2 drain=1
CASES
ok "JSON of duato_nbc under the sanitizers" same_json "$SC_ASAN" k=4 routing=duato_nbc rate=0.01 cycles=2000 warmup=200
ok "JSON of f-rings under the sanitizers" same_json "$SC_ASAN" k=6 routing=dor faults=10% rate=0.004 cycles=2000 warmup=200

# the pins SystemC traced = the C model's waves (which the RTL's match: make waves)
waves() { # waves ARGS...: every traced pin, every change, at the same time as in flitnet's VCD
    "$SC" "$@" --vcd "$tmp/sc.vcd" > /dev/null || return 1
    build/flitnet sim "$@" --vcd "$tmp/c.vcd" --vcd-window 0:$(($(sed -n 's/.*cycles=\([0-9]*\).*/\1/p' <<< "$*") - 1)) > /dev/null || return 1
    build/rtl/vcdcmp "$tmp/sc.vcd" "$tmp/c.vcd" | tee "$tmp/cmp" || return 1
    grep -q ' 0 differences' "$tmp/cmp" && ! grep -q '^vcdcmp: 0 shared' "$tmp/cmp"
}
ok "SystemC's waves of a 4x4 torus (duato_nbc) = the C model's" waves k=4 routing=duato_nbc rate=0.01 cycles=300 warmup=50
ok "SystemC's waves of a 4x3 mesh (ports unconnected) = the C model's" waves topology=mesh k=4,3 routing=dor vcs=2 rate=0.02 msg_len=8 cycles=300 warmup=50
ok "the SystemC VCD opens with flitnet's names" grep -q '^\$scope module g_node\[3\] \$end' "$tmp/sc.vcd"

# bad input: one line, exit 1
refuse() { # refuse ARGS...: exit 1 with one line naming the problem
    local rc
    "$SC" "$@" > "$tmp/o" 2> "$tmp/e"
    rc=$?
    [ "$rc" -eq 1 ] && [ "$(wc -l < "$tmp/e")" -eq 1 ] && grep -q '^flitnet: ' "$tmp/e" && cat "$tmp/e"
}
ok "a bad key value is refused" refuse k=x
ok "an unknown option is refused" refuse --frob
ok "an unwritable JSON path is refused" refuse --json /nonexistent/dir/a.json
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
