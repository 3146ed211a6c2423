#!/usr/bin/env bash
# `flitnet faults` and `flitnet cdg` as a user runs them: what they print, their exit codes,
# and one-line errors for bad input (docs/microarchitecture.md §6.6, §7.2); the outputs of
# runs, sweeps and models (warm-up, deadlock reports, plots, the heat map, waves); every
# command's --help.
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
check "invariants checked every cycle of an f-ring run" 0 "status       ok" sim routing=duato vcs=10 faults=10% fault_seed=3 rate=0.002 cycles=2000 --check-invariants
check "invariants checked every 50th cycle" 0 "status       ok" sim k=4 routing=dor_escape vcs=2 rate=0.002 cycles=2000 --check-invariants=50
check "--check-invariants=0 refused" 1 "--check-invariants=N needs a count of cycles from 1 up" sim --check-invariants=0
check "--check-invariants=x refused" 1 "--check-invariants=N needs a count of cycles from 1 up" sim --check-invariants=5x
check "proof of a fault set" 0 "acyclic:" cdg routing=duato fault_nodes=18,19,34
check "proof without faults" 0 "every route ends" cdg routing=duato_nbc
check "rings chained round a torus column: acyclic (F keeps to the mesh view)" 0 "acyclic:" cdg routing=dor vcs=8 fault_nodes=1,17,33,49
check "a dependency cycle is found and named" 2 "escape channel dependency cycle" cdg routing=dor dateline=0 k=4
check "cdg over a range of fault seeds" 0 "acyclic on all 25 sets" cdg routing=duato_nbc faults=10% --seeds 1:25
check "cdg --seeds needs a drawn set" 1 "with a drawn fault set" cdg routing=duato --seeds 1:5
# fault_seed 3083 of a 4x4x4 torus at 10 %: no draw in 1000 gives a set of the block model
check "cdg --seeds counts a seed with no set apart" 0 "1 seeds refused: no draw of theirs in 1000" cdg k=4 n=3 faults=10% routing=dor vcs=8 --seeds 3082:3084
check "faults --seeds with only such a seed has nothing to show" 1 "(the first: fault_seed 3083)" faults k=4 n=3 faults=10% --seeds 3083:3083
check "hop-class routing with ring VCs on top" 0 "VCs 0..5 for nbc, ring VCs 6..9" faults routing=nbc faults=3
check "the least vcs of every routing with f-rings" 0 "| \`phop\` | 9 | 13 |" faults --vcs
check "disabled nodes over fault seeds, the plain block closure" 0 "0 sets differ from the plain block closure" faults routing=dor faults=10% --seeds 1:200
check "dor without dateline: a cycle" 2 "NOT deadlock-free: escape channel dependency cycle" cdg routing=dor dateline=0 k=4 vcs=2
check "bad option" 1 "cdg takes no option '--json'" cdg routing=dor --json x
check "unusable set named" 1 "spans 7 of the 8 nodes" faults routing=duato fault_nodes=0,1,2,3,4,5,6
check "compare refuses a fault-free model for a run with faults" 1 "describes a network without faults" compare routing=duato_nbc faults=3 rate=0.002:0.004:0.002
# ok NAME CMD...: a condition (any command) that must hold
ok() {
    local name=$1
    shift
    if "$@"; then pass=$((pass + 1)); else echo "FAIL $name"; fail=$((fail + 1)); fi
}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
FA="$(cd "$(dirname "$F")" && pwd)/$(basename "$F")" # for commands run in another directory

# short runs: the default warm-up scales with cycles; an explicit one is kept
check "short run, default warm-up" 0 "warm-up 200, the default cycles/10 up to 10000;" sim k=4 vcs=4 msg_len=8 cycles=2000
check "explicit warm-up kept" 0 "(warm-up 500; window to 2000)" sim k=4 vcs=4 msg_len=8 cycles=2000 warmup=500
check "long run: default warm-up 10000" 0 "warm-up 10000, the default" sim k=4 vcs=2 msg_len=8 cycles=120000
check "explicit warm-up above the default" 0 "(warm-up 1500; window" sim k=4 vcs=4 msg_len=8 cycles=2000 warmup=1500
# reports without noise: a deadlock prints no nan, and one cycle on stdout and stderr
dl="sim routing=dor dateline=0 k=8 vcs=2 rate=0.05 msg_len=16 cycles=20000 max_queue=100000"
"$F" $dl warmup=10 > "$T/dl.out" 2> "$T/dl.err"
ok "deadlock exit 2" [ $? -eq 2 ]
ok "deadlock report has no nan" bash -c "! grep -qi nan '$T/dl.out'"
c_out=$(sed -n 's/^deadlock at cycle \([0-9]*\):.*/\1/p' "$T/dl.out")
c_err=$(sed -n 's/.*deadlock detected at cycle \([0-9]*\) .*/\1/p' "$T/dl.err")
ok "deadlock cycle on stdout ($c_out) and stderr ($c_err) agree" [ -n "$c_out" -a "$c_out" = "$c_err" ]
check "deadlock before any measured message" 2 "no message measured" $dl warmup=5000
"$F" $dl warmup=5000 > "$T/dl2.out" 2>&1
ok "deadlock before any measurement: no nan" bash -c "! grep -qi nan '$T/dl2.out'"
# starvation is not deadlock: past saturation a head can lose the allocation of a free
# escape VC for thousands of cycles (seed 000's study, duato at 10 % faults): not a dead set
check "a head with a free VC is not dead" 0 "status       SATURATED" sim k=8 vcs=10 msg_len=64 cycles=300000 warmup=10000 \
    stop_saturated=0 source_full=drop routing=duato faults=10% fault_seed=4 rate=0.066
check "capacity named for non-uniform traffic" 0 "% of the uniform-traffic capacity" sim k=4 vcs=4 msg_len=8 traffic=transpose cycles=3000
# tidy outputs: plots leave only what was asked for; a VCD says where it went and its size
(cd "$T" && mkdir p && cd p && "$FA" sweep k=4 vcs=4 msg_len=8 cycles=3000 rate=0.01:0.03:0.01 --plot l.svg --throughput t.svg > ../p.out 2>&1)
ok "sweep --plot leaves only its plots" [ "$(ls "$T/p" | tr '\n' ' ')" = "l.svg t.svg " ]
(cd "$T" && mkdir q && cd q && "$FA" compare routing=dor,duato_nbc k=4 vcs=6 msg_len=8 cycles=3000 rate=0.01:0.03:0.01 \
    --csv c.csv --plot l.svg --throughput t.svg > ../q.out 2>&1)
ok "compare of two routings leaves only its CSV and plots" [ "$(ls "$T/q" | tr '\n' ' ')" = "c.csv l.svg t.svg " ]
ok "compare of two routings: CSV rows of both routings" grep -q '^duato_nbc,0.01,' "$T/q/c.csv"
ok "... and of the first" grep -q '^dor,0.01,' "$T/q/c.csv"
check "compare refuses a routing without a model before any run" 1 "no model matches routing nbc" compare routing=dor,nbc rate=0.001:0.002:0.001
ok "... and ran nothing" bash -c "! '$F' compare routing=dor,nbc rate=0.001:0.002:0.001 2>&1 | grep -q '^compare: simulation'"
(cd "$T" && mkdir m && cd m && "$FA" model model=dor-comb variant=refined --plot m.svg > ../m.out 2>&1)
ok "model --plot leaves only its plot" [ "$(ls "$T/m" | tr '\n' ' ')" = "m.svg " ]
check "a plot it cannot write: one line" 1 "flitnet: --plot: cannot write '/nonexistent/x.svg': No such file or directory" sweep k=4 vcs=4 msg_len=8 cycles=3000 rate=0.01:0.02:0.01 --plot /nonexistent/x.svg
ok "... and only that line on stderr" [ "$("$F" sweep k=4 vcs=4 msg_len=8 cycles=3000 rate=0.01:0.02:0.01 --plot /nonexistent/x.svg 2>&1 >/dev/null | wc -l)" -eq 1 ]
check "VCD path and size printed" 0 "waves        $T/w.vcd: " sim cycles=3000 --vcd "$T/w.vcd"
ok "default VCD window of the default network stays small (< 8 MB)" [ "$(stat -c %s "$T/w.vcd")" -lt 8000000 ]
check "the default VCD window is said" 0 "cycles 0..99 (the default window" sim cycles=3000 --vcd "$T/w.vcd"
# the node-load heat map: the run's summary names it, faulty (X) and disabled (x) nodes are marked
check "heat map written and named" 0 "heat map     $T/h.svg: node loads, the peak" sim k=8 routing=duato \
    fault_nodes=18,19,27 rate=0.004 cycles=4000 --heatmap "$T/h.svg"
ok "... an SVG with 3 faulty and 1 disabled node marked" \
    [ "$(head -c 200 "$T/h.svg" | grep -c '<svg')" = 1 -a "$(grep -c '<text>X</text>' "$T/h.svg")" = 3 -a \
      "$(grep -c '<text>x</text>' "$T/h.svg")" = 1 ]
check "heat map of a ring" 0 "heat map     $T/r.png: node loads" sim k=8 n=1 cycles=3000 --heatmap "$T/r.png"
ok "... a PNG" [ "$(head -c 4 "$T/r.png" | tail -c 3)" = PNG ]
check "heat map of a 3-D torus refused before the run" 1 "--heatmap draws networks of 1 or 2 dimensions; this is a 4x4x4 torus" \
    sim k=4 n=3 --heatmap "$T/3.svg"
check "heat map it cannot write: refused before the run" 1 "flitnet: --heatmap: cannot write '/nonexistent/h.svg': No such file or directory" sim --heatmap /nonexistent/h.svg
ok "... and only that line" [ "$("$F" sim --heatmap /nonexistent/h.svg 2>&1 | wc -l)" -eq 1 ]
check "model's default grid is round" 0 "0.0005           138.03" model model=duato-nbc variant=refined
check "sweep rates to the digits of the grid" 0 "0.0125       0.1 " sweep k=4 vcs=4 msg_len=8 cycles=3000 rate=0.0125:0.025:0.0125
# a sweep ends at its first saturated point, whatever finished first in the workers
"$F" sweep k=4 vcs=4 msg_len=8 cycles=5000 rate=0.02:0.3:0.02 -j 2 > "$T/sw.out" 2>&1
ok "sweep -j 2: one SATURATED row, the last of the table" \
    [ "$(grep -c SATURATED "$T/sw.out")" = 1 -a "$(grep -E '^0\.[0-9]+ ' "$T/sw.out" | tail -1 | grep -c SATURATED)" = 1 ]
ok "sweep: -j 1 and -j 2 print the same table" \
    [ "$("$F" sweep k=4 vcs=4 msg_len=8 cycles=5000 rate=0.02:0.3:0.02 -j 1 2>&1 | grep -E '^0\.')" = "$(grep -E '^0\.' "$T/sw.out")" ]
# validation targets stand alone: the tables assemble from whatever experiments ran
mkdir -p "$T/v"
echo "### 004 only" > "$T/v/004.md"
ok "validate.sh assembles the tables of one experiment" bash -c "scripts/validate.sh tables '$T/v' > /dev/null"
ok "... and they hold that experiment" grep -q "### 004 only" "$T/v/results.md"
# the node order cannot change a result, also where the node software takes messages back
# (the window's flit count lost a taken-back message's length clamped at 0, which depended
# on the order the nodes were folded in)
"$F" sim routing=swft faults=12 vcs=4 msg_len=32 rate=0.003 cycles=3000 seed=1 --json "$T/so1.json" > /dev/null
"$F" sim routing=swft faults=12 vcs=4 msg_len=32 rate=0.003 cycles=3000 seed=1 --shuffle-order --json "$T/so2.json" > /dev/null
ok "swft: a shuffled node order gives the same JSON" cmp -s <(grep -v wall_seconds "$T/so1.json") <(grep -v wall_seconds "$T/so2.json")
# the models' Values table in docs/models.md is what the binary computes (it had drifted)
ok "docs/models.md's Values table is the binary's (scripts/model_values.py)" \
    cmp -s <(python3 scripts/model_values.py "$F") <(sed -n '/^| configuration | zero load/,/^$/p' docs/models.md | sed '/^$/d')
for cmd in sim sweep model compare faults cdg bench; do
    check "$cmd --help" 0 "usage: flitnet $cmd" "$cmd" --help
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
