#!/usr/bin/env bash
# `flitnet faults` and `flitnet cdg` as a user runs them: what they print, their exit codes,
# and one-line errors for bad input (docs/microarchitecture.md §6.6, §7.2); every command's --help.
cd "$(dirname "$0")/../.."
F=${FLITNET:-build/flitnet}
pass=0
fail=0
# check NAME WANT_EXIT WANT_TEXT ARGS...: exit status and a line of the output
check() {
    local name=$1 want=$2 text=$3
    shift 3
    local out rc
    out=$("$F" "$@" 2>&1)
    rc=$?
    if [ "$rc" -eq "$want" ] && printf '%s\n' "$out" | grep -qF -- "$text"; then
        pass=$((pass + 1))
    else
        echo "FAIL $name: exit $rc (want $want), output:"
        printf '%s\n' "$out" | sed 's/^/    /'
        fail=$((fail + 1))
    fi
}
check "map of overlapping rings" 0 "region 1: x 2..2, y 4..4" faults routing=duato fault_nodes=18,19,34
check "shared ring node marked 8" 0 "8" faults routing=duato fault_nodes=18,19,34
check "disabled nodes" 0 "2 faulty nodes, 2 disabled, 1 region" faults routing=minimal fault_nodes=18,27
check "drawn set says its draws" 0 "(drawn:" faults routing=dor faults=10%
check "no faults" 0 "no faults" faults routing=dor
check "proof of a fault set" 0 "acyclic:" cdg routing=duato fault_nodes=18,19,34
check "proof without faults" 0 "every route ends" cdg routing=duato_nbc
check "dor without dateline: a cycle" 2 "NOT deadlock-free: escape channel dependency cycle" cdg routing=dor dateline=0 k=4 vcs=2
check "rings wrapping a column: a cycle" 2 "cycle" cdg routing=dor vcs=8 fault_nodes=1,17,33,49
check "hop-class routing on its own classes" 0 "5 of them headroom for detours" faults routing=nbc faults=3
check "bad option" 1 "cdg takes no option '--json'" cdg routing=dor --json x
check "unusable set named" 1 "spans 7 of the 8 nodes" faults routing=duato fault_nodes=0,1,2,3,4,5,6
check "compare refuses a fault-free model for a run with faults" 1 "describes a network without faults" compare routing=duato_nbc faults=3 rate=0.002:0.004:0.002
for cmd in sim sweep model compare faults cdg bench; do
    check "$cmd --help" 0 "usage: flitnet $cmd" "$cmd" --help
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
