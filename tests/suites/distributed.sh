#!/usr/bin/env bash
# A sweep split with --jobs DIR, run by GNU parallel and merged, prints what the same sweep
# prints when it runs its own workers, byte for byte; merge names the points still missing.
cd "$(dirname "$0")/../.."
F=$(realpath "${FLITNET:-build/flitnet}")
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
no() { echo "FAIL $1"; fail=$((fail + 1)); }
command -v parallel > /dev/null || { echo "FAIL GNU parallel is not installed (make test installs it)"; echo "0 passed, 1 failed"; exit 1; }

# same CMD-ARGS: the -j 2 sweep against jobs + parallel + merge
same() {
    local name=$1
    shift
    local d=$tmp/$name
    "$F" sweep "$@" -j 2 --csv "$d.j.csv" > "$d.j.txt" 2>&1 || { no "$name: the -j sweep failed"; return; }
    "$F" sweep "$@" --jobs "$d" > /dev/null 2>&1 || { no "$name: --jobs failed"; return; }
    parallel --will-cite -j 2 < "$d/jobs.txt"
    "$F" merge "$d" --csv "$d.m.csv" > "$d.m.txt" 2>&1 || { no "$name: merge failed: $(tail -n 1 "$d.m.txt")"; return; }
    sed -i "s|$d.m.csv|CSV|" "$d.m.txt"
    sed -i "s|$d.j.csv|CSV|" "$d.j.txt"
    if cmp -s "$d.j.txt" "$d.m.txt"; then ok; else no "$name: merge differs from the -j sweep"; diff "$d.j.txt" "$d.m.txt" | head -n 8; fi
    # the CSVs agree but for the wall-clock column
    if cmp -s <(cut -d, -f1-13,15 "$d.j.csv") <(cut -d, -f1-13,15 "$d.m.csv"); then ok; else no "$name: CSV differs"; fi
}
same below_saturation rate=0.002:0.006:0.002 cycles=6000 warmup=600
same past_saturation rate=0.004:0.016:0.004 cycles=6000 warmup=600 routing=duato_nbc
same all_points rate=0.004:0.016:0.004 cycles=6000 warmup=600 --all
same flit_rate_hypercube flit_rate=0.1:0.3:0.1 topology=hypercube n=5 routing=duato vcs=3 timeout=8 cycles=5000

# a point that has not run is named
d=$tmp/below_saturation
rm -f "$d/point-2.json"
out=$("$F" merge "$d" 2>&1)
if [ $? -ne 0 ] && printf '%s\n' "$out" | grep -q "1 of 3 points missing: lines 2 of"; then ok; else no "a missing point is named"; printf '%s\n' "$out" | head -n 5; fi
# a fault file edited between two points' runs: the second point ran on another set
ed=$tmp/edited
printf '5\n' > "$tmp/ff.txt"
"$F" sweep routing=duato fault_file="$tmp/ff.txt" k=4 rate=0.002:0.004:0.002 cycles=2000 --jobs "$ed" > /dev/null 2>&1
sed -n 1p "$ed/jobs.txt" | bash
printf '10\n' > "$tmp/ff.txt"
sed -n 2p "$ed/jobs.txt" | bash
out=$("$F" merge "$ed" 2>&1)
if [ $? -eq 1 ] && printf '%s\n' "$out" | grep -q "point-2.json ran on another fault set than point-1.json"; then ok; else no "a point run on an edited fault file"; printf '%s\n' "$out" | head -n 5; fi
out=$("$F" merge "$tmp" 2>&1)
if [ $? -eq 1 ] && printf '%s\n' "$out" | grep -q "is not the directory of a"; then ok; else no "merge of a directory without a sweep"; fi
# the SLURM script is a job array over every line of jobs.txt
if grep -q "^#SBATCH --array=1-3$" "$d/sweep.sbatch" && [ "$(wc -l < "$d/jobs.txt")" -eq 3 ]; then ok; else no "sweep.sbatch"; fi

# merge takes only this sweep's points: each file is checked against the sweep's
# configuration, key by key (a second hostile probe, stop 36)
expect() { # NAME TEXT CMD...: exit 1 with TEXT on stderr
    local name=$1 text=$2 out
    shift 2
    out=$("$@" 2>&1)
    if [ $? -eq 1 ] && printf '%s\n' "$out" | grep -qF -- "$text"; then ok; else no "$name"; printf '%s\n' "$out" | tail -n 3; fi
}
d=$tmp/foreign
"$F" sweep k=4 vcs=4 msg_len=8 cycles=3000 rate=0.01:0.03:0.01 --jobs "$d" > /dev/null && parallel --will-cite -j 2 < "$d/jobs.txt"
"$F" sim k=4 vcs=6 msg_len=8 cycles=3000 rate=0.03 --json "$d/point-3.json" > /dev/null
expect "a point of another network" "point-3.json is another sweep's point: vcs = 6 there, 4 in this sweep" "$F" merge "$d"
"$F" sweep k=4 msg_len=8 cycles=3000 rate=0.01:0.03:0.01 --jobs "$d" > /dev/null
expect "points of an earlier sweep in the directory" "point-1.json is another sweep's point: vcs = 4 there, 10 in this sweep" "$F" merge "$d"
expect "a key given to merge" "'vcs=4' does not apply" "$F" merge "$d" vcs=4
: > "$d/point-1.json"
expect "an empty point" "point-1.json is damaged: empty" "$F" merge "$d"
printf '{"version": "0.1.0", "config": ' > "$d/point-1.json"
expect "a point cut short" "point-1.json is damaged: not JSON" "$F" merge "$d"
# a point file is exactly one JSON document whose values are in their physical range
"$F" sim k=4 msg_len=8 cycles=3000 rate=0.01 --json "$tmp/good.json" > /dev/null
cat "$tmp/good.json" "$tmp/good.json" > "$d/point-1.json"
expect "a point with two documents" "point-1.json is damaged: bytes after its JSON document" "$F" merge "$d"
{ cat "$tmp/good.json"; printf 'x'; } > "$d/point-1.json"
expect "a point with trailing bytes" "point-1.json is damaged: bytes after its JSON document" "$F" merge "$d"
{ cat "$tmp/good.json"; printf '\0'; } > "$d/point-1.json"
expect "a point with a NUL after it" "holds a NUL byte (not a text file)" "$F" merge "$d"
damage() { # NAME JQ-FILTER TEXT
    jq "$2" "$tmp/good.json" > "$d/point-1.json"
    expect "$1" "$3" "$F" merge "$d"
}
damage "a negative latency" '.avg_latency = -3' "point-1.json is damaged: avg_latency is out of its range"
damage "a negative count" '.messages_delivered = -1' "point-1.json is damaged: messages_delivered is out of its range"
damage "a count that is not whole" '.flit_hops = 2.5' "point-1.json is damaged: flit_hops is not a whole count"
damage "a zero capacity" '.capacity = 0' "point-1.json is damaged: capacity is out of its range"
damage "a null count" '.cycles = null' "point-1.json is damaged: cycles is null"
sed 's/"accepted_flit_rate":[^,]*,/"accepted_flit_rate": 1e999,/' "$tmp/good.json" > "$d/point-1.json"
expect "an infinite rate" "point-1.json is damaged: accepted_flit_rate is not finite" "$F" merge "$d"
# --jobs refuses what every job would refuse, and names files by absolute paths, so that
# the jobs and merge run from anywhere
expect "--jobs checks the configuration" "too few VCs" "$F" sweep k=4 vcs=1 rate=0.01:0.02:0.01 --jobs "$tmp/never"
if [ ! -e "$tmp/never" ]; then ok; else no "--jobs of a refused configuration wrote $tmp/never"; fi
mkdir -p "$tmp/cfg" && printf 'k = 4\nvcs = 6\nmsg_len = 8\ncycles = 3000\n' > "$tmp/cfg/my.conf" && printf '5\n' > "$tmp/cfg/f.txt"
(cd "$tmp/cfg" && "$F" sweep my.conf fault_file=f.txt rate=0.01:0.02:0.01 --csv out.csv --jobs ../rel > /dev/null)
(cd / && parallel --will-cite -j 2 < "$tmp/rel/jobs.txt" && "$F" merge "$tmp/rel" > "$tmp/rel.txt" 2>&1)
if [ $? -eq 0 ] && [ -s "$tmp/cfg/out.csv" ] && grep -q "^fault_file=$tmp/cfg/f.txt$" "$tmp/rel/sweep.args"; then ok; else
    no "a sweep with relative paths, run and merged from /"; tail -n 3 "$tmp/rel.txt"; fi
# --jobs reads back what it wrote as the jobs and merge will, and refuses (leaving nothing
# to run) what they would refuse or read otherwise
expect "a jobs directory whose name holds a newline" "the directory's name holds a newline" \
    "$F" sweep k=4 cycles=300 rate=0.01:0.02:0.01 --jobs "$tmp/$(printf 'a\nb')"
long=$(printf 'd%.0s' $(seq 120))
mkdir -p "$tmp/$long/$long/$long/$long/$long" && printf '5\n' > "$tmp/$long/$long/$long/$long/$long/f.txt"
out=$(cd "$tmp/$long/$long/$long/$long/$long" && "$F" sweep k=4 vcs=6 cycles=300 fault_file=f.txt rate=0.01:0.02:0.01 --jobs "$tmp/lp" 2>&1)
if [ $? -eq 1 ] && grep -q "wrote a sweep.args that merge would refuse: fault_file: value too long" <<< "$out" && [ ! -e "$tmp/lp/jobs.txt" ]; then ok; else
    no "a fault_file whose absolute path is longer than the key takes: $out"; fi
(cd "$tmp" && "$F" sweep k=4 msg_len=8 cycles=1500 rate=0.01:0.02:0.01 --jobs -dash --title "$(printf 'T%.0s' $(seq 6000))" > dash.out 2>&1)
hint=$(sed -n 's/.*then: flitnet merge //p' "$tmp/dash.out")
if [ "$hint" = "$tmp/-dash" ] || [ "$hint" = "$(realpath "$tmp")/-dash" ]; then ok; else no "the merge hint for a directory named -dash: '$hint'"; fi
if parallel --will-cite -j 2 < "$tmp/-dash/jobs.txt" && "$F" merge "$hint" > /dev/null 2>&1; then ok; else
    no "a sweep with a 6000-character title, run and merged"; fi
# merge's own --csv replaces the one the sweep was given (an option is taken once)
rm -f "$tmp/cfg/out.csv"
if "$F" merge "$tmp/rel" --csv "$tmp/other.csv" > "$tmp/rel2.txt" 2>&1 && [ -s "$tmp/other.csv" ] && [ ! -e "$tmp/cfg/out.csv" ]; then ok; else
    no "merge --csv in place of the sweep's"; tail -n 3 "$tmp/rel2.txt"; fi
# the grid's points are the decimals they stand for (0.1 + 2 * 0.1 is not 0.3 in binary):
# a point run again by hand with the rate the table shows is the sweep's point
"$F" sweep k=4 msg_len=8 cycles=1500 rate=0.001:0.016:0.001 --jobs "$tmp/grid" > /dev/null
if grep -q "'rate=0.009' " "$tmp/grid/jobs.txt" && grep -q "'rate=0.016' " "$tmp/grid/jobs.txt"; then ok; else
    no "the grid's rates in jobs.txt: $(grep -o "'rate=[^']*'" "$tmp/grid/jobs.txt" | sed -n '9p;16p' | tr '\n' ' ')"; fi
for i in $(seq 1 16); do "$F" sim k=4 msg_len=8 cycles=1500 rate="$(echo "$i / 1000" | bc -l | sed 's/0*$//')" --json "$tmp/grid/point-$i.json" > /dev/null; done
if "$F" merge "$tmp/grid" > "$tmp/grid.txt" 2>&1; then ok; else no "points run by hand at the table's rates: $(head -n 2 "$tmp/grid.txt")"; fi
# merge does not write its CSV over one of its own inputs
before=$(cksum < "$tmp/grid/point-3.json")
out=$("$F" merge "$tmp/grid" --csv "$tmp/grid/point-3.json" 2>&1)
if [ $? -eq 1 ] && grep -q "is a file of the sweep in .*: merge would write over its input" <<< "$out" &&
    [ "$(cksum < "$tmp/grid/point-3.json")" = "$before" ]; then ok; else no "merge --csv onto a point file: $out"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
