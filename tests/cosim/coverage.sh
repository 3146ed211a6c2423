#!/usr/bin/env bash
# coverage.sh BUILD RUNS OUT: line and toggle coverage of rtl/ under the lockstep runs of
# RUNS (tests/cosim/ci.runs or full.runs), with the coverage models BUILD/MODEL__cov/cosim
# (rtl/rtl.mk builds them: `make cosim-coverage`, COV_SUITE=full for the full suite).
# Mutant lines are skipped (their RTL is not ours). Every run must still be identical
# to the C model. Writes:
#   OUT/dat/*.dat       one coverage file per run
#   OUT/merged.dat      all of them merged (verilator_coverage)
#   OUT/annotated/      rtl/ sources annotated with the counts (%000000 marks a line never run)
#   OUT/summary.txt     per module: line points covered (Verilator's line coverage: one
#                       point per statement block and branch), toggle bits covered
#                       (models built with COV_KIND=line: not measured)
#   OUT/uncovered.txt   every line never reached, as file:line and the module
# and prints the summary. Extra runs (e.g. the random configurations' lines) can be
# appended: EXTRA_RUNS=FILE, lines in the same format whose models exist in BUILD.
set -euo pipefail
build=$1 runs=$2 out=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib/jobs.sh
. "$root/tests/lib/jobs.sh"
jobs_init coverage.sh 2
rm -rf "$out"
mkdir -p "$out/dat" "$out/log"

mapfile -t lines < <(cat "$runs" ${EXTRA_RUNS:+"$EXTRA_RUNS"} | sed -e 's/#.*//' -e '/^[[:space:]]*$/d' | grep -v -- '--expect-')
n=${#lines[@]}
t0=$SECONDS
fail=0
run_one() { # index line
    local i=$1 model args
    read -r model args <<< "$2"
    local bin=$build/${model}__cov/cosim
    [ -x "$bin" ] || bin=$build/$model/cosim  # EXTRA_RUNS: models built with --coverage already
    # shellcheck disable=SC2086
    if ! "$bin" $args --quiet --coverage "$out/dat/$i.dat" > "$out/log/$i.log" 2>&1; then
        echo "coverage: run $i ($model $args) failed:" >&2
        tail -n 5 "$out/log/$i.log" >&2
        return 1
    fi
}
for ((i = 0; i < n; i++)); do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || fail=1; done
    run_one "$i" "${lines[$i]}" &
done
while [ "$(jobs -rp | wc -l)" -gt 0 ]; do wait -n || fail=1; done
[ $fail = 0 ] || { echo "coverage: a run failed (above)" >&2; exit 1; }

: > "$out/uncovered.unsorted"  # (awk writes to it only when a line was never reached)
verilator_coverage --write "$out/merged.dat" "$out"/dat/*.dat > /dev/null
verilator_coverage --annotate "$out/annotated" --annotate-min 1 "$out/merged.dat" > /dev/null 2>&1 || true

# A point's key without its hierarchy (h) and page: the same line or bit in every instance
# and every parameter specialization of a module is one point, covered when any reached it. Fields are \001-separated
# key\002value pairs inside the quotes of each `C '...' count` line.
awk -v root="$root/" '
    /^C / {
        cnt = $NF + 0
        s = $0
        sub(/^C \047/, "", s)
        sub(/\047 [0-9]+$/, "", s)
        nf = split(s, kv, "\001")
        page = ""; file = ""; line = ""; key = ""; cmt = ""
        for (j = 1; j <= nf; j++) {
            if (kv[j] == "") continue
            split(kv[j], p, "\002")
            if (p[1] == "page") page = p[2]
            else if (p[1] == "f") file = p[2]
            else if (p[1] == "l") line = p[2]
            else if (p[1] == "o") cmt = p[2]
            if (p[1] != "h" && p[1] != "page") key = key "|" kv[j]
        }
        split(page, pg, "/")
        type = pg[1]; mod = pg[2]
        sub(/^v_/, "", type)
        sub(/__.*/, "", mod)  # a parameter specialization (flitnet_route__pi3) is its module
        if (type != "line" && type != "toggle") next
        sub(root, "", file)
        k = type SUBSEP mod SUBSEP key
        if (!(k in seen)) { seen[k] = 1; total[type, mod]++; mods[mod] = 1; where[k] = file ":" line; comment[k] = cmt }
        if (cnt > 0 && !(k in hit)) { hit[k] = 1; covered[type, mod]++ }
    }
    END {
        TOGGLES = 0
        for (k in seen) { split(k, kk, SUBSEP); if (kk[1] == "toggle") { TOGGLES = 1; break } }
        printf "%-28s %18s %8s %22s %8s\n", "module", "line points", "", "toggle bits", "" > "/dev/stderr"
        for (m in mods) order[++nm] = m
        for (a = 1; a <= nm; a++) for (b = a + 1; b <= nm; b++) if (order[b] < order[a]) { t = order[a]; order[a] = order[b]; order[b] = t }
        for (a = 1; a <= nm; a++) {
            m = order[a]
            lt = total["line", m] + 0; lc = covered["line", m] + 0
            tt = total["toggle", m] + 0; tc = covered["toggle", m] + 0
            if (TOGGLES) printf "%-28s %8d of %-7d %7.1f%% %10d of %-9d %7.1f%%\n", m, lc, lt, lt ? 100 * lc / lt : 100, tc, tt, tt ? 100 * tc / tt : 100
            else printf "%-28s %8d of %-7d %7.1f%% %22s\n", m, lc, lt, lt ? 100 * lc / lt : 100, "(not measured)"
            LT += lt; LC += lc; TT += tt; TC += tc
        }
        if (TOGGLES) printf "%-28s %8d of %-7d %7.1f%% %10d of %-9d %7.1f%%\n", "all of rtl/", LC, LT, LT ? 100 * LC / LT : 100, TC, TT, TT ? 100 * TC / TT : 100
        else printf "%-28s %8d of %-7d %7.1f%% %22s\n", "all of rtl/", LC, LT, LT ? 100 * LC / LT : 100, "(not measured)"
        for (k in seen) {
            split(k, kk, SUBSEP)
            if (kk[1] == "line" && !(k in hit)) print where[k], kk[2], comment[k] > UNCOV
        }
    }' UNCOV="$out/uncovered.unsorted" "$out/merged.dat" > "$out/summary.body" 2> "$out/summary.head"
sort -t: -k1,1 -k2,2n -u "$out/uncovered.unsorted" > "$out/uncovered.txt"
rm -f "$out/uncovered.unsorted"
{ cat "$out/summary.head"; cat "$out/summary.body"; } > "$out/summary.txt"
rm -f "$out/summary.head" "$out/summary.body"
echo "coverage of rtl/ under $n runs of $(basename "$runs")${EXTRA_RUNS:+ + $(basename "$EXTRA_RUNS")} ($((SECONDS - t0)) s):"
cat "$out/summary.txt"
echo "lines never reached: $(wc -l < "$out/uncovered.txt") ($out/uncovered.txt); annotated sources: $out/annotated/"
