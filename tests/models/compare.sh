#!/usr/bin/env bash
# Before/after check of the queueing models: tests/models/qm_table.c built against the
# model library of a git revision (default HEAD) and against the working tree, run over its
# configurations, and compared.
#   tests/models/compare.sh [REV]    closing line "N passed, N failed"
# Checks:
#   sat     every saturation rate within a relative TOL (default 1e-6) of REV's
#   curve   qm_curve's points (latency, source wait, V-bar at 44 fractions of REV's
#   points  saturation rate, 0.01 to 1.1) and qm_solve's, point by point: saturated where
#           REV's are, and within TOL of REV's values, or else closer than REV's to a
#           tightly converged solve (REV's solver with tolerance 1e-13 instead of 1e-9).
#           At exactly the saturation rate (within 1e-6 of a fold or a pole) a step test
#           of 1e-9 pins the fixed point down to about sqrt(1e-9) only (and a pole's
#           latency, 1e7 cycles and more, not at all): there, also within 3.2e-5 of REV's
#           or the tight solve, or at most twice as far from the tight solve as REV's, and
#           saturated where the working tree's saturation rate lies below REV's.
# QT_RANDOM=SEED checks QT_NRAND random configurations instead (qm_table.c).  Work files
# stay in build/models-compare/ (OUT=DIR elsewhere), the tables for a closer look.
set -u
cd "$(dirname "$0")/../.."
rev=${1:-HEAD}
tol=${TOL:-1e-6}
out=${OUT:-build/models-compare}
rm -rf "$out"
mkdir -p "$out/ref" "$out/tight"
git archive "$rev" models | tar -x -C "$out/ref" || { echo "cannot read $rev"; exit 2; }
git archive "$rev" models | tar -x -C "$out/tight"
fp="$out/tight/models/fixed_point.c"
sed -i 's/tol = 1e-9/tol = 1e-13/; s/max_iter = 200000/max_iter = 2000000/' "$fp"
grep -q "tol = 1e-13" "$fp" || { echo "cannot tighten $rev's solver"; exit 2; }
cflags="-std=c11 -D_POSIX_C_SOURCE=200809L -O2 -mpopcnt"
libs="-lgsl -lgslcblas -lm"
for b in ref tight; do
    gcc $cflags -I"$out/$b/models" tests/models/qm_table.c "$out/$b"/models/*.c $libs \
        -o "$out/qm_table_$b" || exit 2
done
gcc $cflags -Wall -Wextra -Werror -Imodels tests/models/qm_table.c models/*.c $libs \
    -o "$out/qm_table_new" || exit 2

t0=$SECONDS
"$out/qm_table_ref" sat > "$out/sat_ref.txt" || exit 2
"$out/qm_table_ref" points "$out/sat_ref.txt" > "$out/points_ref.txt" || exit 2
t1=$SECONDS
"$out/qm_table_new" sat > "$out/sat_new.txt" || exit 2
"$out/qm_table_new" curve "$out/sat_ref.txt" > "$out/curve_new.txt" || exit 2
t2=$SECONDS
"$out/qm_table_new" points "$out/sat_ref.txt" > "$out/points_new.txt" || exit 2
"$out/qm_table_tight" points "$out/sat_ref.txt" > "$out/points_tight.txt" || exit 2
echo "tables and curves: $rev $((t1 - t0)) s, working tree $((t2 - t1)) s (wall)"

# compare WHAT REF NEW [TIGHT]: line by line, key|[fraction|]numbers or "sat"
compare() {
    paste -d '\t' "$2" "$3" "${4:-$3}" | awk -F'\t' -v tol="$tol" -v what="$1" -v satref="$out/sat_ref.txt" \
        -v satnew="$out/sat_new.txt" '
        function rel(a, b) { d = a - b; if (d < 0) d = -d; s = b < 0 ? -b : b; return s > 0 ? d / s : d }
        BEGIN {
            while ((getline l < satref) > 0) { split(l, z, "|"); sr[z[1]] = z[2] }
            while ((getline l < satnew) > 0) { split(l, z, "|"); sn[z[1]] = z[2] }
        }
        {
            n = split($1, a, "|"); m = split($2, b, "|"); split($3, t, "|")
            curve = what != "sat"; key = a[1] (curve ? " at " a[2] : "")
            if (a[1] != b[1] || (curve && a[2] != b[2])) { bad++; print "FAIL " what " " key ": " $2; next }
            lines++
            if (curve && (a[3] == "sat" || b[3] == "sat")) {
                if (a[3] == b[3]) nsat++
                else if (b[3] == "sat" && a[2] == 1 && sn[a[1]] < sr[a[1]]) atsat++ /* past the new rate */
                else { bad++; print "FAIL " what " " key ": saturated in one only (" a[3] ", " b[3] ")" }
                next
            }
            if (m != n) { bad++; print "FAIL " what " " key ": " $2; next }
            for (i = curve ? 3 : 2; i <= n; i++) {
                r = rel(b[i], a[i])
                if (r > max) { max = r; at = key }
                if (curve && a[2] < 0.9995 && r > max2) { max2 = r; at2 = key }
                if (r == 0) same++
                else if (r <= tol) small++
                else if (t[i] != "sat" && curve && rel(b[i], t[i]) <= rel(a[i], t[i])) closer++
                else if (curve && a[2] == 1 && (r <= 3.2e-5 || (t[i] != "sat" && (rel(b[i], t[i]) <= 3.2e-5 ||
                                                                    rel(b[i], t[i]) <= 2 * rel(a[i], t[i]))))) atsat++
                else { bad++; print "FAIL " what " " key " field " i ": " a[i] " -> " b[i] " (" r ")" }
            }
        }
        END {
            printf "%s: %d lines; numbers: %d bit for bit, %d within %g, %d moved more but closer to the tight solve, ",
                what, lines, same, small, tol, closer
            printf "%d at the saturation rate as near; %d saturated in both; largest relative change %.3g%s",
                atsat, nsat, max, (max > 0 ? " (" at ")" : "")
            if (curve) printf ", below 0.9995 of saturation %.3g%s", max2, (max2 > 0 ? " (" at2 ")" : "")
            printf "\n"
            exit bad > 0
        }'
}
pass=0
fail=0
run() { if compare "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi; }
run sat "$out/sat_ref.txt" "$out/sat_new.txt"
run curve "$out/points_ref.txt" "$out/curve_new.txt" "$out/points_tight.txt"
run points "$out/points_ref.txt" "$out/points_new.txt" "$out/points_tight.txt"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
