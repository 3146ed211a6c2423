#!/usr/bin/env bash
# The router's formal properties (docs/formal.md): the configurations of the ci tier of
# tests/formal/configs.txt proved or bounded by tests/formal/formal.py, with nothing
# failed; and mutants of the router that formal must kill, each with its counterexample
# as a VCD and the property it breaks named. FORMAL_PDR_SECONDS (default 30) per
# configuration. make formal runs every configuration.
cd "$(dirname "$0")/../.." || exit 2
make --no-print-directory -s -f Makefile -f rtl/rtl.mk deps-rtl > /dev/null ||
    { echo "formal: the set-up failed"; echo "0 passed, 1 failed"; exit 1; }
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# MUTANT CONFIG PROPERTY: the mutant applied to a copy of rtl/, bounded checks only; it
# must fail a property whose description matches PROPERTY (an extended regex) and leave
# a VCD
kill_mutant() {
    local m=$1 cfg=$2 want=$3 out d=build/formal/mutants/$1
    if ! tests/mutants/apply.sh "$m" "$tmp/$m" > "$tmp/$m.apply" 2>&1; then
        echo "FAIL $m: $(head -1 "$tmp/$m.apply")"
        return 1
    fi
    out=$(python3 tests/formal/formal.py --pdr-seconds 0 --rtl "$tmp/$m/rtl" --out "$d" "$cfg" 2>&1)
    if grep -Eq "FAILED §[0-9.]+ ($want)" <<< "$out" && [ -s "$d/$cfg/cex.vcd" ]; then
        echo "ok   $m killed by formal on $cfg: $(grep -o 'FAILED.*' <<< "$out" | head -1)"
        return 0
    fi
    echo "FAIL $m on $cfg: not killed at $want"
    sed 's/^/     /' <<< "$out"
    return 1
}

# the mutant runs beside the proofs (each is one process; the machine has two cores)
kill_mutant MUT_NO_CREDIT t44_dor_v2 'a flit leaves only into room downstream|a flit left on output VC N without a credit' \
    > "$tmp/mut.out" &
mut=$!
out=$(python3 tests/formal/formal.py --tier ci --pdr-seconds "${FORMAL_PDR_SECONDS:-30}" --out build/formal/ci 2>&1)
rc=$?
echo "$out"
if [ $rc -eq 0 ] && grep -q '^formal: [0-9]* proved, [0-9]* bounded, 0 failed$' <<< "$out"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
fi
if wait $mut; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
cat "$tmp/mut.out"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
