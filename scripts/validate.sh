#!/usr/bin/env bash
# Reproduces the seeds' validations: simulation beside the seed models (and the refined
# model where it applies), one `flitnet compare` per configuration.
# Usage: scripts/validate.sh {000|002|003|004|refined|all|tables} [OUTDIR]   (tables: only assemble)
# Writes OUTDIR/<experiment>/*.svg, *.csv and OUTDIR/<experiment>.md (Markdown tables
# made by `flitnet compare --summary`). CYCLES overrides the simulated cycles, POINTS the
# rates per sweep (default 20).
set -euo pipefail
cd "$(dirname "$0")/.."
usage() {
    echo "usage: scripts/validate.sh {000|002|003|004|refined|all|tables} [OUTDIR]   (make validate, make validate-NNN)"
    echo "  the seeds' validations: flitnet compare per configuration; OUTDIR (default build/validate) gets"
    echo "  <experiment>/*.svg, *.csv, <experiment>.md and results.md (tables: only assemble results.md)"
    echo "  environment: CYCLES=N simulated cycles per point (default 300000; warm-up cycles/10, at most 10000),"
    echo "               POINTS=N rates per sweep (default 20)"
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
which=${1:-all}
out=${2:-build/validate}
cycles=${CYCLES:-300000}
warmup=$((cycles >= 100000 ? 10000 : cycles / 10))
jobs=$(nproc)
bin=build/flitnet
mkdir -p "$out"

# compare_table FILE TITLE: the header of a compare summary
compare_table() {
    {
        echo "### $2"
        echo
        echo "| experiment | routing | measured saturation rate | seed model saturation (error) | seed MAE < 70 % | seed MAE < 80 % | refined model saturation (error) | refined MAE < 70 % | refined MAE < 80 % |"
        echo "|---|---|---|---|---|---|---|---|---|"
    } > "$1"
}
model_table() {
    {
        echo "### $2"
        echo
        echo "| experiment | variant | zero-load latency | saturation rate | latency at 50 % of it | at 80 % |"
        echo "|---|---|---|---|---|---|"
    } > "$1"
}

# a rate range up to a fraction of the ideal capacity (the sweep stops at saturation)
range() { # capacity_flits M fraction points
    awk -v c="$1" -v m="$2" -v f="$3" -v n="$4" 'BEGIN { top = c * f / m; s = top / n; printf "%.6g:%.6g:%.6g", s, top, s }'
}

# seed 004 (Najaf-abadi, Sarbazi-Azad): DOR with escape VCs v1/v2 on unidirectional tori,
# Fig. 1 (16x16 and 8x8x8, L = 3/5, M = 32/64/100) and Fig. 2 (16x16, L = 5, M = 32)
v004() {
    local d=$out/004 md=$out/004.md
    mkdir -p "$d"
    compare_table "$md" "seed 004, Figs. 1-2: dimension-order routing (dor_escape), unidirectional tori"
    for net in "16:2:0.13278" "8:3:0.28516"; do
        IFS=: read -r k n cap <<< "$net"
        for L in 3 5; do
            for M in 32 64 100; do
                [ "$n" = 3 ] && [ "$M" != 32 ] && continue # Fig. 1 shows 8x8x8 with M = 32
                local name="t${k}n${n}_L${L}_M${M}"
                $bin compare topology=torus_uni k="$k" n="$n" vcs="$L" msg_len="$M" routing=dor_escape \
                    cycles="$cycles" warmup="$warmup" rate="$(range "$cap" "$M" 0.7 "${POINTS:-20}")" -j "$jobs" \
                    --title "${k}^${n} uni-torus, L=$L, M=$M" --summary "$md" \
                    --csv "$d/$name.csv" --plot "$d/$name.svg" > "$d/$name.txt"
                echo "004 $name: $(grep -E '^seed ' "$d/$name.txt" | head -1)"
            done
        done
    done
}

# the refined model against this simulator's router: DOR with dateline classes
vrefined() {
    local d=$out/refined md=$out/refined.md
    mkdir -p "$d"
    compare_table "$md" "refined model: 8x8 and 16x16 bidirectional tori, dor, V = 10"
    for net in "8:0.98438" "16:0.49805"; do
        IFS=: read -r k cap <<< "$net"
        for M in 32 64; do
            local name="t${k}_V10_M${M}"
            $bin compare k="$k" vcs=10 msg_len="$M" routing=dor cycles="$cycles" warmup="$warmup" rate="$(range "$cap" "$M" 0.6 "${POINTS:-20}")" \
                -j "$jobs" --title "${k}x${k} torus, V=10, M=$M" --summary "$md" \
                --csv "$d/$name.csv" --plot "$d/$name.svg" > "$d/$name.txt"
            echo "refined $name: $(grep -E '^refined ' "$d/$name.txt" | head -1)"
        done
    done
}

# compare_run MD DIR NAME TITLE ARGS...: one simulation sweep beside the models
compare_run() {
    local md=$1 d=$2 name=$3 title=$4
    shift 4
    $bin compare "$@" cycles="$cycles" warmup="$warmup" -j "$jobs" --title "$title" --summary "$md" \
        --csv "$d/$name.csv" --plot "$d/$name.svg" > "$d/$name.txt"
    echo "$(basename "$d") $name: $(grep -E '^(seed|refined) ' "$d/$name.txt" | tr '\n' ' ')"
}

# seed 000 Fig. 9 / seed 001 Fig. 1: Duato-Nbc, 8x8 and 16x16, V = 10, M = 32/64
v000() {
    local d=$out/000 md=$out/000.md
    mkdir -p "$d"
    compare_table "$md" "seeds 000 Fig. 9 / 001 Fig. 1: Duato-Nbc (duato_nbc), bidirectional tori, V = 10"
    for net in "8:0.98438" "16:0.49805"; do
        IFS=: read -r k cap <<< "$net"
        for M in 32 64; do
            compare_run "$md" "$d" "t${k}_M${M}" "${k}x${k} torus, V=10, M=$M" k="$k" vcs=10 msg_len="$M" \
                routing=duato_nbc rate="$(range "$cap" "$M" 0.9 ${POINTS:-20})"
        done
    done
}

# seed 002 Fig. 3: software-based fault-tolerant routing, 8-ary 2- and 3-cubes, nf faulty
# nodes drawn at random (fault_seed = 1; the paper does not give its sets)
v002() {
    local d=$out/002 md=$out/002.md
    mkdir -p "$d"
    compare_table "$md" "seed 002 Fig. 3: software-based fault-tolerant routing (swft), 8-ary n-cubes, random faulty nodes"
    for net in "2:0.98438" "3:0.99805"; do
        IFS=: read -r n cap <<< "$net"
        for V in 4 10; do
            for M in 32 64; do
                for nf in 0 3 5 12; do
                    compare_run "$md" "$d" "n${n}_V${V}_M${M}_nf${nf}" "8-ary ${n}-cube, V=$V, M=$M, nf=$nf" \
                        k=8 n="$n" vcs="$V" msg_len="$M" routing=swft faults="$nf" \
                        rate="$(range "$cap" "$M" 0.7 ${POINTS:-20})"
                done
            done
        done
    done
}

# seed 003 Fig. 1: Duato with time-out on the 2^10 hypercube, locality patterns 1 and 2,
# exponential lengths, tau = M
v003() {
    local d=$out/003 md=$out/003.md
    mkdir -p "$d"
    compare_table "$md" "seed 003 Fig. 1: Duato's routing with time-out (duato, timeout = M), 2^10 hypercube, locality traffic"
    local p1=0.9,0.1 p2=0.7,0.2,0.0125,0.0125,0.0125,0.0125,0.0125,0.0125,0.0125,0.0125
    for M in 32 256; do
        local top
        top=$(awk -v m="$M" 'BEGIN { printf "%.6g", 2.2 / m }')
        for V in 2 3; do
            for pat in 1 2; do
                local p=$p1
                [ $pat = 2 ] && p=$p2
                compare_run "$md" "$d" "p${pat}_M${M}_V${V}" "pattern $pat, M=tau=$M, V=$V" topology=hypercube n=10 \
                    vcs="$V" msg_len="$M" msg_len_dist=exp timeout="$M" routing=duato traffic=locality locality_p=$p \
                    rate="$(awk -v t="$top" -v n="${POINTS:-20}" 'BEGIN { s = t / n; printf "%.6g:%.6g:%.6g", s, t, s }')"
            done
        done
    done
}

# results.md: every table made so far, in a fixed order (one experiment alone is enough:
# an `if`, since a bare `[ -f ] &&` that fails would end the script under set -e)
assemble() {
    {
        echo "<!-- made by scripts/validate.sh from flitnet compare/model --summary; cycles = $cycles -->"
        for e in refined 004 000 002 003; do
            if [ -f "$out/$e.md" ]; then
                cat "$out/$e.md"
                echo
            fi
        done
    } > "$out/results.md"
}

case $which in
004) v004 ;;
refined) vrefined ;;
000) v000 ;;
002) v002 ;;
003) v003 ;;
all) v000; v002; v003; vrefined; v004 ;;
tables) ;;
*) usage >&2; exit 1 ;;
esac
assemble
echo "tables: $out/results.md" 
