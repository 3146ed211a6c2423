#!/usr/bin/env bash
# Cost of each queueing model's saturation rate and 50-point curve (tests/models/qm_speed.c)
# on a 16x16 torus, for a git revision (default HEAD) and the working tree: instructions
# counted by valgrind (repeatable, unlike the wall time on a shared machine) and the
# smallest wall time of REPS runs (default 3).
#   tests/models/speed.sh [REV]      needs valgrind
# The refined DOR model's first solve on a geometry (its path-overlap Monte Carlo, cached
# afterwards) is counted apart, as "first solve".
set -u
cd "$(dirname "$0")/../.."
rev=${1:-HEAD}
reps=${REPS:-3}
out=build/models-speed
rm -rf "$out"
mkdir -p "$out/ref"
git archive "$rev" models | tar -x -C "$out/ref" || { echo "cannot read $rev"; exit 2; }
cflags="-std=c11 -D_POSIX_C_SOURCE=200809L -O2 -g -mpopcnt"
libs="-lgsl -lgslcblas -lm"
gcc $cflags -I"$out/ref/models" tests/models/qm_speed.c "$out"/ref/models/*.c $libs \
    -o "$out/ref/qm_speed" || exit 2
gcc $cflags -Wall -Wextra -Werror -Imodels tests/models/qm_speed.c models/*.c $libs \
    -o "$out/qm_speed" || exit 2

# instr BIN ARGS...: instructions of one run
instr() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        awk '/Collected/ { print $4 }'
}
# wall BIN ARGS...: smallest bisection and curve seconds of $reps runs
wall() {
    for _ in $(seq "$reps"); do "$@"; done |
        awk '{ b = $6; c = $9; if (NR == 1 || b < mb) mb = b; if (NR == 1 || c < mc) mc = c }
             END { printf "%.3f %.3f", mb, mc }'
}
printf '%-8s %-3s %-10s %12s %12s %12s %8s %8s\n' model M build "first solve" bisection curve "bis s" "curve s"
for c in "nbc 32" "rnbc 32" "rnbc 64" "swft 32" "timeout 32" "dor 32" "rdor 32"; do
    set -- $c
    for b in "$out/ref/qm_speed" "$out/qm_speed"; do
        name=$([ "$b" = "$out/qm_speed" ] && echo "new" || echo "$rev")
        sat=$("$b" "$1" "$2" 5 | awk '{ print $4 }')
        base=$(instr "$b" "$1" "$2" 0 "$sat")
        prime=$(instr "$b" "$1" "$2" 4 "$sat")
        bis=$(instr "$b" "$1" "$2" 5 "$sat")
        cur=$(instr "$b" "$1" "$2" 6 "$sat")
        read -r wb wc <<< "$(wall "$b" "$1" "$2" 7)"
        printf '%-8s %-3s %-10s %12d %12d %12d %8s %8s\n' "$1" "$2" "$name" $((prime - base)) $((bis - prime)) \
            $((cur - prime)) "$wb" "$wc"
    done
done
