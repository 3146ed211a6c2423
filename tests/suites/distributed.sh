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
out=$("$F" merge "$tmp" 2>&1)
if [ $? -eq 1 ] && printf '%s\n' "$out" | grep -q "is not the directory of a"; then ok; else no "merge of a directory without a sweep"; fi
# the SLURM script is a job array over every line of jobs.txt
if grep -q "^#SBATCH --array=1-3$" "$d/sweep.sbatch" && [ "$(wc -l < "$d/jobs.txt")" -eq 3 ]; then ok; else no "sweep.sbatch"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
