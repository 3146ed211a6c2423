#!/usr/bin/env bash
# Seed 000's simulation study (Safaei, Khonsari, Fathy, Ould-Khaoua, README reference [1]; Figures 3-8): nine routing algorithms
# (and two extras) on the 8x8 torus, V = 10, M = 64, fault-free and with 5 % / 10 % faulty
# nodes under Chalasani-Boppana f-rings, and the load heat maps around the rings.
#
# Usage: scripts/study000.sh [OUTDIR]            (default build/study-000)
# Environment (all optional):
#   QUICK=1     reduced study for CI: 30,000 cycles, 5 loads, 2 fault sets
#   CYCLES, WARMUP, SETS (fault sets per case), JOBS (worker processes, default nproc)
#   EXTRA="key=value ..."   added to every run (change one parameter and run again)
#
# Every simulated point is one `flitnet sim --json` file under OUTDIR/runs/<params>/, named
# by its parameters: an interrupted study resumes from the points it has written, and a
# changed parameter writes a new directory. Figures (SVG and PNG), their CSV files,
# summary.md (the numbers beside the seed's statements) and index.html follow.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${FLITNET:-$PWD/build/flitnet}

# ---------------------------------------------------------------- one point (xargs worker)
if [ "${1:-}" = --point ]; then
    # --point DIR TOTAL NAME ARGS...: run one simulation unless its JSON exists
    dir=$2 total=$3 name=$4
    shift 4
    json=$dir/$name.json
    [ -s "$json" ] && exit 0
    if "$bin" sim "$@" --json "$json.tmp.$$" > "$dir/$name.log" 2>&1; then
        mv "$json.tmp.$$" "$json"
        rm -f "$dir/$name.log"
        n=$(find "$dir" -name '*.json' | wc -l)
        printf '[%d/%d] %s: %s s\n' "$n" "$total" "$name" \
            "$(jq -r 'if .saturated then "saturated" elif .deadlock then "DEADLOCK"
                      else "latency \(.avg_latency*10|round/10)" end +
                      ", throughput \(if .normalized_throughput then .normalized_throughput*1000|round/1000 else "-" end)" +
                      ", \(.wall_seconds*10|round/10)"' "$json")" >&2
    else
        rm -f "$json.tmp.$$"
        echo "study-000: $name failed: $(tail -n 1 "$dir/$name.log")" >&2
        exit 1
    fi
    exit 0
fi

out=${1:-build/study-000}
command -v jq > /dev/null || { echo "study-000: needs jq (make study-000 installs it)" >&2; exit 1; }
command -v gnuplot > /dev/null || { echo "study-000: needs gnuplot" >&2; exit 1; }
[ -x "$bin" ] || { echo "study-000: build $bin first (make all)" >&2; exit 1; }

quick=${QUICK:-0}
if [ "$quick" = 1 ]; then
    cycles=${CYCLES:-30000} sets=${SETS:-2}
    loads_ff="0.2 0.4 0.6 0.8 1.0"
    loads_f=$loads_ff
else
    cycles=${CYCLES:-300000} sets=${SETS:-10}
    loads_ff="0.05 0.1 0.15 0.2 0.25 0.3 0.35 0.4 0.45 0.5 0.55 0.6 0.65 0.7 0.75 0.8 0.85 0.9 0.95 1.0"
    loads_f="0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0"
fi
warmup=${WARMUP:-$((cycles >= 100000 ? 10000 : cycles / 10))}
jobs=${JOBS:-$(nproc)}
extra=${EXTRA:-}
# The seed's own rates, in messages/node/cycle (its Figures 4-7 name 0.025, 0.045 and 0.066):
# beyond this router's capacity, so they measure throughput past saturation.
seed_rates="0.025 0.045 0.066"
# the seed's nine algorithms, then Duato-PHop and Duato-NHop as extras
algos="phop nhop duato minimal fully_adaptive pbc nbc duato_pbc duato_nbc duato_phop duato_nhop"
fig3_algos="phop nhop pbc nbc duato_pbc duato_nbc"
# the heat maps' offered load, as a fraction of capacity (why: summary.md, Figure 8)
heat_load=0.4
# every point runs all its cycles (stop_saturated = 0) with the source queues capped
# (source_full = drop): a load past saturation, the seed's 0.066 (4.2 flits/node/cycle)
# included, is simulated and its accepted throughput measured, never assumed
common="k=8 n=2 topology=torus vcs=10 msg_len=64 buf_depth=1 cycles=$cycles warmup=$warmup stop_saturated=0 source_full=drop $extra"

mkdir -p "$out/data"
key=$(printf '%s' "$common" | md5sum | cut -c1-10)
runs=$out/runs/$key
mkdir -p "$runs"
printf '%s\n' "$common" > "$runs/PARAMS"

# the capacity (flits/node/cycle) of the configuration, from flitnet itself
# shellcheck disable=SC2086
"$bin" sim $common cycles=200 warmup=0 --json "$runs/capacity.tmp" > /dev/null
cap=$(jq -r .capacity "$runs/capacity.tmp")
rm -f "$runs/capacity.tmp"
M=$(printf '%s\n' $common | sed -n 's/^msg_len=//p' | tail -n 1)
rate_of() { awk -v l="$1" -v c="$cap" -v m="$M" 'BEGIN { printf "%.6g", l * c / m }'; }

# ---------------------------------------------------------------- Figure 8's fault layout
# One 3x2 region and two 1x1 regions whose f-rings overlap the big ring's row-wise (the
# seed gives the shapes, not the positions): the big block at x 2..4, y 3..4; a single
# fault in the block's row 4 two columns to its left (the rings share column 1) and one
# diagonally off its lower right corner (the rings share node (5,2)).
layout=$out/fig8-layout.txt
cat > "$layout" <<'EOF'
# seed 000 Figure 8: a 3x2 region and two 1x1 regions with overlapping f-rings (x,y)
2,3
3,3
4,3
2,4
3,4
4,4
0,4
6,1
EOF

# fvcs ALGO: the VCs of ALGO's runs with faults: the seed's V = 10, or the least V with
# f-rings when that is more (docs/microarchitecture.md §6.7: the P-schemes' nine hop
# classes leave no room for the four ring VCs at V = 10); printed as vcs=V when not 10
declare -A least_fr
while read -r a v; do least_fr[$a]=$v; done < <("$bin" faults --vcs k=8 n=2 topology=torus |
    awk -F'|' '/^\| `/ && $4 ~ /[0-9]/ { gsub(/[ `]/, "", $2); gsub(/ /, "", $4); print $2, $4 }')
fvcs() { local v=${least_fr[$1]:-}; [ -n "$v" ] || { echo "study-000: no least vcs for $1" >&2; exit 1; }
    if [ "$v" -gt 10 ]; then echo "vcs=$v"; fi; }

# ---------------------------------------------------------------- the plan
plan=$out/plan.txt
: > "$plan"
# add NAME ARGS...: one point of the plan
add() { local n=$1; shift; printf '%s %s\n' "$n" "$*" >> "$plan"; }
for a in $algos; do
    for b in 1 2; do
        for l in $loads_ff; do add "$a.b$b.f0.l$l" routing="$a" buf_depth=$b rate="$(rate_of "$l")"; done
        for x in $seed_rates; do add "$a.b$b.f0.x$x" routing="$a" buf_depth=$b rate="$x"; done
        # the seed-to-seed spread of a saturated throughput, which decides a claim's tie:
        # the same point under three more traffic seeds
        if [ "$a" = duato_nbc ]; then
            for sd in 2 3 4; do add "spread.b$b.s$sd" routing="$a" buf_depth=$b rate="$(rate_of 1.0)" seed=$sd; done
        fi
    done
    fv=$(fvcs "$a")
    for f in 5 10; do
        for s in $(seq 1 "$sets"); do
            for l in $loads_f; do
                # shellcheck disable=SC2086
                add "$a.b1.f$f.s$s.l$l" routing="$a" faults="$f%" fault_seed="$s" rate="$(rate_of "$l")" $fv
            done
            # shellcheck disable=SC2086
            add "$a.b1.f$f.s$s.x0.066" routing="$a" faults="$f%" fault_seed="$s" rate=0.066 $fv
        done
    done
done
# fault-vcs.txt: the VCs each routing's runs with faults use (the figures say so too)
: > "$out/fault-vcs.txt"
for a in $algos; do
    add "$a.b1.f0.l$heat_load" routing="$a" buf_depth=1 rate="$(rate_of "$heat_load")"
    fv=$(fvcs "$a")
    echo "$a ${fv:-vcs=10}" >> "$out/fault-vcs.txt"
    # shellcheck disable=SC2086
    add "$a.heat" routing="$a" fault_file="$layout" rate="$(rate_of "$heat_load")" $fv
done
# the 0 % points of Figures 6-7 and the fault-free heat maps are Figure 4-5's B = 1 points
awk '!seen[$1]++' "$plan" > "$plan.tmp" && mv "$plan.tmp" "$plan"
total=$(wc -l < "$plan")
done_before=$(find "$runs" -name '*.json' | wc -l)
echo "study-000: $total points ($done_before already written) in $runs, $jobs workers, $cycles cycles each"
# which code measured the points: the commit (and whether the tree had changes), per session
if [ "$done_before" -lt "$total" ]; then
    rev=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
    git diff --quiet HEAD 2>/dev/null || rev="$rev with uncommitted changes"
    echo "$(date -u +%Y-%m-%d) commit $rev: $((total - done_before)) points" >> "$runs/RUNINFO"
fi
t0=$SECONDS
status=0
while read -r name args; do
    # (a point already written costs no worker: a resumed study starts at once)
    [ -s "$runs/$name.json" ] && continue
    printf '%s\0%s\0%s\0%s\0' "$runs" "$total" "$name" "$common $args"
done < "$plan" | xargs -0 -n 4 -P "$jobs" bash -c '
    d=$1 t=$2 n=$3; read -r -a a <<< "$4"; exec bash "$0" --point "$d" "$t" "$n" "${a[@]}"' "$0" || status=$?
echo "study-000: simulations took $((SECONDS - t0)) s"
[ "$status" -eq 0 ] || { echo "study-000: some points failed (see above); the figures use the others" >&2; }

# ---------------------------------------------------------------- tables (CSV)
# one line per point: name, then the measurements the figures use
jq -r '[input_filename, .config.routing, .config.buf_depth, (.config.faults|rtrimstr("%")),
        .config.fault_seed, .config.rate, .offered_flit_rate, .avg_latency, .latency_ci95,
        .accepted_flit_rate, .normalized_throughput, (if .saturated then 1 else 0 end),
        (if .deadlock then 1 else 0 end), ((.faults.faulty // []) | length) + ((.faults.disabled // []) | length)] | @csv' "$runs"/*.json |
    sed 's|"[^"]*/\([^/"]*\)\.json"|\1|' | tr -d '"' > "$out/points.csv"
# nothing is drawn or tabulated that was not measured: every point ran and measured its
# accepted throughput (field 11); a point without one stops the study here
unmeasured=$(awk -F, '$11 == "" || $11 == "null" { printf " %s", $1 }' "$out/points.csv")
if [ -n "$unmeasured" ]; then
    echo "study-000: points without a measured throughput (not simulated?):$unmeasured" >&2
    exit 1
fi
echo "study-000: $(wc -l < "$out/points.csv") points measured"

# points.csv: name,routing,B,faults%,fault_seed,rate,offered,latency,ci95,accepted,normalized,saturated,deadlock,removed
# fig45_bB.csv: one curve per routing, fault-free
for b in 1 2; do
    {
        echo "routing,rate,load,latency,ci95,normalized,saturated"
        awk -F, -v b="$b" -v c="$cap" '$1 ~ "\\.b" b "\\.f0\\.[lx]" {
            printf "%s,%s,%.4f,%.2f,%.2f,%.4f,%d\n", $2, $6, $7 / c, $8, $9, $11, $12 }' "$out/points.csv" |
            sort -t, -k1,1 -k2,2g
    } > "$out/fig45_b$b.csv"
done
# fig67.csv: per routing, fault percentage and rate, over the fault sets: latency mean (of
# the unsaturated sets), min and max; throughput mean, min and max
{
    echo "routing,faults,rate,load,sets,unsaturated,latency,latency_min,latency_max,normalized,normalized_min,normalized_max"
    awk -F, -v c="$cap" '$1 ~ /\.b1\.f(0|5|10)\.[sx0-9l.]*$/ && $1 !~ /heat/ && $3 == 1 {
        k = $2 "," $4 "," $6
        if (!(k in n)) { n[k] = 0; u[k] = 0; ls[k] = 0; lmin[k] = 1e300; lmax[k] = 0; ts[k] = 0; tmin[k] = 1e300; tmax[k] = 0; ld[k] = $7 / c }
        n[k]++; ts[k] += $11; if ($11 < tmin[k]) tmin[k] = $11; if ($11 > tmax[k]) tmax[k] = $11
        if (!$12 && !$13) { u[k]++; ls[k] += $8; if ($8 < lmin[k]) lmin[k] = $8; if ($8 > lmax[k]) lmax[k] = $8 }
    } END {
        for (k in n) printf "%s,%.4f,%d,%d,%s,%s,%s,%.4f,%.4f,%.4f\n", k, ld[k], n[k], u[k],
            u[k] ? sprintf("%.2f", ls[k] / u[k]) : "nan", u[k] ? sprintf("%.2f", lmin[k]) : "nan",
            u[k] ? sprintf("%.2f", lmax[k]) : "nan", ts[k] / n[k], tmin[k], tmax[k]
    }' "$out/points.csv" | sort -t, -k1,1 -k2,2n -k3,3g
} > "$out/fig67.csv"
# fig3.csv: the share of flits carried by each VC index, per routing and load (fault-free, B = 1)
{
    printf 'routing,load,saturated'; for v in $(seq 0 9); do printf ',vc%d' "$v"; done; echo
    for a in $fig3_algos; do
        for f in "$runs/$a".b1.f0.l*.json; do
            [ -e "$f" ] || continue
            jq -r --argjson c "$cap" '[.config.routing, (.offered_flit_rate / $c * 1e4 | round / 1e4),
                (if .saturated then 1 else 0 end)] + (.vc_flit_share | map(. * 1e5 | round / 1e3)) | @csv' "$f"
        done
    done | tr -d '"' | sort -t, -k1,1 -k2,2g
} > "$out/fig3.csv"
# fig8.csv: per routing and case, the node loads (id = x + 8 y; -1 for a faulty node)
{
    echo "routing,case,extra,peak,peak_x,peak_y,mean,ring_corner_dist,on_ring"
    for a in $algos; do
        for cs in free heat; do
            f=$runs/$a.b1.f0.l$heat_load.json
            [ $cs = heat ] && f=$runs/$a.heat.json
            [ -e "$f" ] || continue
            jq -r '.node_load | map(tostring) | join(" ")' "$f" > "$out/data/fig8_${a}_$cs.load"
            jq -r '(.faults.regions // [])[] | "\(.first[0]) \(.first[1]) \(.extent[0]) \(.extent[1])"' "$f" \
                > "$out/data/fig8_${a}_$cs.regions"
            ex=$(jq -r '[.config | to_entries[] | select((.key == "vcs" and .value != "10") or
                          (.key == "escape_vcs" and .value != "0")) | "\(.key)=\(.value)"] | join(" ")' "$f")
            awk -v a="$a" -v cs="$cs" -v ex="$ex" -v k=8 -v rf="$out/data/fig8_${a}_$cs.regions" '
                function d1(p, q) { p = (p - q) % k; if (p < 0) p += k; return p < k - p ? p : k - p }
                BEGIN { nr = 0; while ((getline line < rf) > 0) { split(line, r, " "); x0[nr] = r[1]; y0[nr] = r[2]; w[nr] = r[3]; h[nr] = r[4]; nr++ } }
                { best = -1; s = 0; c = 0
                  for (i = 1; i <= NF; i++) if ($i >= 0) { s += $i; c++; if ($i > best) { best = $i; bi = i - 1 } }
                  px = bi % k; py = int(bi / k); cd = "-"; on = "-"
                  if (nr) { cd = 99; on = 0
                    for (j = 0; j < nr; j++) {
                        xs[0] = x0[j] - 1; xs[1] = x0[j] + w[j]; ys[0] = y0[j] - 1; ys[1] = y0[j] + h[j]
                        for (p = 0; p < 2; p++) for (q = 0; q < 2; q++) {
                            dx = d1(px, xs[p]); dy = d1(py, ys[q]); dd = dx > dy ? dx : dy; if (dd < cd) cd = dd }
                        # on the ring: Chebyshev distance 1 from the region box
                        dx = d1(px, x0[j]); t = d1(px, x0[j] + w[j] - 1); if (px - x0[j] >= 0 && px - x0[j] < w[j]) dx = 0; else if (t < dx) dx = t
                        dy = d1(py, y0[j]); t = d1(py, y0[j] + h[j] - 1); if (py - y0[j] >= 0 && py - y0[j] < h[j]) dy = 0; else if (t < dy) dy = t
                        if ((dx > dy ? dx : dy) == 1) on = 1 } }
                  printf "%s,%s,%s,%.4f,%d,%d,%.4f,%s,%s\n", a, cs == "heat" ? "faulty" : "fault-free", ex, best, px, py, s / c, cd, on }' \
                "$out/data/fig8_${a}_$cs.load"
        done
    done
} > "$out/fig8.csv"

# ---------------------------------------------------------------- figures
pretty() { # the seed's names
    case $1 in phop) echo PHop ;; nhop) echo NHop ;; duato) echo Duato ;; minimal) echo Minimal ;;
    fully_adaptive) echo Fully-Adaptive ;; pbc) echo Pbc ;; nbc) echo Nbc ;; duato_pbc) echo Duato-Pbc ;;
    duato_nbc) echo Duato-Nbc ;; duato_phop) echo Duato-PHop ;; duato_nhop) echo Duato-NHop ;; *) echo "$1" ;; esac
}
dat=$(mktemp -d)
trap 'rm -rf "$dat"' EXIT
# one gnuplot data file per routing (and case), with the CSV's columns, blank-separated
for b in 1 2; do
    for a in $algos; do
        awk -F, -v a="$a" 'NR > 1 && $1 == a { $1 = $1; print }' OFS=' ' "$out/fig45_b$b.csv" > "$dat/f45_${b}_$a"
    done
done
for a in $algos; do
    for f in 0 5 10; do
        awk -F, -v a="$a" -v f="$f" 'NR > 1 && $1 == a && $2 == f { $1 = $1; print }' OFS=' ' "$out/fig67.csv" > "$dat/f67_${f}_$a"
    done
done
caprate=$(rate_of 1)
cfgline="8x8 torus, V = 10, M = 64, uniform Poisson traffic, $cycles cycles ($warmup warm-up)${extra:+, $extra}"
# plot NAME GNUPLOT...: the same script to SVG and PNG
plot() {
    local name=$1
    shift
    for t in svg png; do
        {
            if [ $t = svg ]; then echo "set terminal svg size $size font 'sans,12' background rgb 'white'"
            else echo "set terminal pngcairo size $size font 'sans,10' background rgb 'white'"; fi
            echo "set output '$out/$name.$t'"
            printf '%s\n' "$@"
        } | gnuplot 2>&1 | { grep -v 'matrix contains missing' || true; } >&2
    done
}
colors=(x '#1f77b4' '#ff7f0e' '#2ca02c' '#d62728' '#9467bd' '#8c564b' '#e377c2' '#7f7f7f' '#bcbd22' '#17becf' '#000000')
for b in 1 2; do
    p4=() p5=() i=0
    for a in $algos; do
        i=$((i + 1))
        [ -s "$dat/f45_${b}_$a" ] || continue
        p4+=("'$dat/f45_${b}_$a' using 2:6 with linespoints lw 2 pt $i ps 0.8 lc rgb '${colors[$i]}' title '$(pretty "$a")'")
        p5+=("'$dat/f45_${b}_$a' using 2:(\$7 == 0 ? \$4 : 1/0):5 with yerrorlines lw 2 pt $i ps 0.8 lc rgb '${colors[$i]}' title '$(pretty "$a")'")
    done
    size=1000,650
    plot "fig4_b$b" "set title \"Figure 4 (B = $b): normalized throughput against offered load\\n$cfgline\" noenhanced" \
        "set xlabel 'offered load (messages/node/cycle)'" "set ylabel 'accepted throughput / capacity'" \
        "set x2tics ('100 %% of capacity' $caprate)" \
        "set arrow from $caprate, graph 0 to $caprate, graph 1 nohead dt 3 lc rgb 'gray50'" \
        "set grid" "set key right bottom" "set xrange [0:0.07]" "set yrange [0:1.05]" \
        "plot $(IFS=,; echo "${p4[*]}")"
    plot "fig5_b$b" "set title \"Figure 5 (B = $b): mean message latency against offered load (unsaturated points, 95 % CI)\\n$cfgline\" noenhanced" \
        "set xlabel 'offered load (messages/node/cycle)'" "set ylabel 'mean message latency (cycles)'" \
        "set x2tics ('25 %%' $(rate_of 0.25), '50 %%' $(rate_of 0.5), '75 %%' $(rate_of 0.75), '100 %%' $caprate)" \
        "set grid" "set key left top" "set xrange [0:0.07]" "set yrange [0:*]" \
        "plot $(IFS=,; echo "${p5[*]}")"
done
# Figures 6 and 7: one panel per fault case (0 / 5 / 10 % faulty nodes, the same fault sets
# for every routing), every routing on it, one y scale for the three panels; error bars:
# min..max over the fault sets
fig67() { # NAME TITLE Y-LABEL COLUMNS(x:mean:min:max) XRANGE YMAX
    local g=("set multiplot layout 1,3 title \"$2\\n$cfgline; error bars: min..max over the $sets fault sets\" noenhanced"
             "set grid" "set key left top font ',8'" "set xrange [0:$5]" "set yrange [0:$6]" "set format x '%.3f'"
             "set xtics font ',8'" "set xlabel 'offered load (messages/node/cycle)'" "set ylabel '$3'") f i a pl
    for f in 0 5 10; do
        pl=() i=0
        for a in $algos; do
            i=$((i + 1))
            [ -s "$dat/f67_${f}_$a" ] || continue
            local fv="" note=""
            [ "$f" = 0 ] || fv=$(fvcs "$a")
            [ -z "$fv" ] || note=" (${fv/vcs=/V = })"
            pl+=("'$dat/f67_${f}_$a' using $4 with yerrorlines lw 2 pt $i ps 0.6 lc rgb '${colors[$i]}' title '$(pretty "$a")$note'")
        done
        g+=("set title '$f % faulty nodes$(rm_of "$f")'" "plot $(IFS=,; echo "${pl[*]}")")
    done
    size=1800,650
    plot "$1" "${g[@]}" "unset multiplot"
}
# rm_of F: the nodes the fault case removes (faulty + disabled), mean over its sets
rm_of() { [ "$1" = 0 ] && return; awk -F, -v f="$1" '$4 == f && $3 == 1 { s += $14; n++ } END { if (n) printf ", %.1f nodes removed on average", s / n }' "$out/points.csv"; }
lmax=$(awk -F, 'NR > 1 && $6 == $5 && $7 != "nan" && $7 > m { m = $7 } END { print int(m * 1.05) + 1 }' "$out/fig67.csv")
fig67 fig6 "Figure 6: mean message latency (loads where every fault set is unsaturated) against offered load" \
    "latency (cycles)" '3:($6 == $5 ? $7 : 1/0):8:9' "$caprate" "$lmax"
fig67 fig7 "Figure 7: normalized throughput against offered load, up to the seed's 0.066" \
    "throughput / capacity" '3:10:11:12' 0.07 1.05
# Figure 3: the flit share of each VC index at the heat-map load (40 % of capacity)
{
    printf 'vc'; for a in $fig3_algos; do printf ' %s' "$(pretty "$a")"; done; echo
    for v in $(seq 0 9); do
        printf '%d' "$v"
        for a in $fig3_algos; do
            awk -F, -v a="$a" -v l="$heat_load" -v c=$((4 + v)) '$1 == a && $2 == l { printf " %s", $c; f = 1 }
                END { if (!f) printf " 0" }' "$out/fig3.csv"
        done
        echo
    done
} > "$dat/f3"
size=1000,550
plot fig3 "set title \"Figure 3: share of the flits carried by each VC index, at $(awk -v l=$heat_load 'BEGIN{print l*100}') % of capacity\\n$cfgline\" noenhanced" \
    "set style data histograms" "set style histogram clustered gap 1" "set style fill solid 0.85 border -1" \
    "set xlabel 'VC index'" "set ylabel 'flits on this VC (% of all flit-hops)'" "set grid ytics" \
    "set key outside right top" "set yrange [0:*]" \
    "plot for [i=2:$(( $(echo "$fig3_algos" | wc -w) + 1 ))] '$dat/f3' using i:xtic(1) title columnheader(i)"
# Figure 8: node load heat maps, fault-free beside faulty, faulty nodes marked, f-rings drawn
hmax=$(awk -F, 'NR > 1 && $4 > m { m = $4 } END { printf "%.1f", m * 100 + 0.5 }' "$out/fig8.csv")
for a in $algos; do
    g=("set multiplot layout 1,2 title \"Figure 8: $(pretty "$a"), node load (mean utilization of its output channels) at $(awk -v l=$heat_load 'BEGIN{print l*100}') % of capacity\" noenhanced"
       "set size ratio -1" "set xrange [-0.5:7.5]" "set yrange [-0.5:7.5]" "set cbrange [0:$hmax]"
       "set palette defined (0 '#fff7ec', 0.4 '#fdbb84', 0.7 '#e34a33', 1 '#7f0000')" "set xtics 1" "set ytics 1"
       "set xlabel 'x'" "set ylabel 'y'" "set cblabel 'node load (% of its output channels)'")
    for cs in free heat; do
        lf=$out/data/fig8_${a}_$cs.load
        [ -e "$lf" ] || { g+=("set title 'faulty: not run (the run failed: see the study log)'" "unset colorbox"
                              "plot 1/0 notitle"); continue; }
        awk '{ for (y = 0; y < 8; y++) { for (x = 0; x < 8; x++) printf "%s ", ($(x + 8 * y + 1) < 0 ? "NaN" : $(x + 8 * y + 1) * 100); printf "\n" } }' \
            "$lf" > "$dat/h_${a}_$cs"
        row=$(awk -F, -v a="$a" -v c="$([ $cs = free ] && echo fault-free || echo faulty)" '$1 == a && $2 == c' "$out/fig8.csv")
        IFS=, read -r _ _ ex pk px py mn _ _ <<< "$row"
        objs=()
        while read -r x0 y0 w h; do
            # the ring through the nodes round the region, and its copies across the torus edges
            for sx in -8 0 8; do
                for sy in -8 0 8; do
                    objs+=("set object rect from $((x0 - 1 + sx)),$((y0 - 1 + sy)) to $((x0 + w + sx)),$((y0 + h + sy)) front clip fs empty border lc rgb '#08519c' lw 3")
                done
            done
            objs+=("set object rect from $x0-0.5,$y0-0.5 to $((x0 + w))-0.5,$((y0 + h))-0.5 front fs pattern 4 border lc rgb 'black' fc rgb 'gray30'")
        done < "$out/data/fig8_${a}_$cs.regions"
        g+=("unset object" "${objs[@]}"
            "set title \"$([ $cs = free ] && echo fault-free || echo "faulty (8 nodes, rings in blue)${ex:+, $ex}"): peak $(awk -v p="$pk" 'BEGIN{printf "%.1f", p*100}') % at ($px,$py), mean $(awk -v p="$mn" 'BEGIN{printf "%.1f", p*100}') %\" noenhanced"
            "plot '$dat/h_${a}_$cs' matrix with image notitle, '$dat/h_${a}_$cs' matrix using 1:2:(sprintf('%.0f', \$3)) with labels font ',8' notitle")
    done
    size=1200,560
    plot "fig8_$a" "${g[@]}" "unset multiplot"
done
echo "study-000: figures written to $out"

# ---------------------------------------------------------------- summary.md: ours beside the seed
pct() { awk -v x="$1" 'BEGIN { if (x == "" || x == "nan") print "-"; else printf "%.1f", x * 100 }'; }
sm=$out/summary.md
{
echo "# The study reproduced: Figures 3-8 of Safaei, Khonsari, Fathy and Ould-Khaoua (README reference [1])"
echo
echo "Measured by: $(paste -sd';' "$runs/RUNINFO" 2>/dev/null | sed 's/;/; /g')."
echo
echo "Configuration: $cfgline; capacity $cap flits/node/cycle = $caprate messages/node/cycle."
echo "Fault-free loads: $(echo $loads_ff | wc -w) points from $(echo $loads_ff | cut -d' ' -f1) to 1.0 of capacity, plus the seed's"
echo "rates $seed_rates messages/node/cycle; faulty: $(echo $loads_f | wc -w) loads, $sets fault sets (fault_seed 1..$sets) per case."
echo "Throughput is accepted flits/node/cycle divided by the fault-free network's capacity; latency is the mean over"
echo "messages (source wait included) of the points that did not saturate."
echo
for b in 1 2; do
echo "## Figures 4 and 5, B = $b: ranking by peak normalized throughput"
echo
echo "| rank | routing | peak throughput | at offered (msg/node/cycle) | last unsaturated load (% of capacity) | latency there | latency at 40 % | throughput at 0.025 | at 0.045 | at 0.066 |"
echo "|---|---|---|---|---|---|---|---|---|---|"
awk -F, 'NR > 1 { r = $1
        if ($6 > pk[r] || !(r in pk)) { pk[r] = $6; at[r] = $2 }
        if (!$7 && $3 <= 1.0001 && $3 > ls[r]) { ls[r] = $3; lls[r] = $4 }
        if (!$7 && $3 == 0.4) l40[r] = $4
        if ($2 == 0.025) x1[r] = $6; if ($2 == 0.045) x2[r] = $6; if ($2 == 0.066) x3[r] = $6 }
    END { for (r in pk) printf "%s,%.4f,%s,%.0f,%s,%s,%s,%s,%s\n", r, pk[r], at[r], ls[r] * 100, (r in lls) ? lls[r] : "-",
          (r in l40) ? l40[r] : "-", x1[r], x2[r], x3[r] }' "$out/fig45_b$b.csv" | sort -t, -k2,2gr |
    awk -F, '{ printf "| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", NR, $1, $2, $3, $4, $5, $6, $7, $8, $9 }' |
    while IFS= read -r line; do
        a=$(echo "$line" | awk -F'|' '{ gsub(/ /, "", $3); print $3 }')
        echo "${line/| $a |/| $(pretty "$a") |}"
    done > "$dat/rank_$b"
cat "$dat/rank_$b"
echo
done
echo "The seed (its Figures 4-5): NHop peaks at 0.35 and Duato-Nbc at 0.36 at \"100 % traffic load\"; Minimal at 0.34 at a"
echo "rate of 0.025; NHop \"saturates after 0.066\", PHop \"at about 0.045\"; Duato-Nbc peaks at latency 535 (fault-free)."
echo
echo "### The seed's ranking, checked on our B = 1 and B = 2 peaks"
echo
echo "| statement (Safaei et al. [1], §5) | B = 1 | B = 2 |"
echo "|---|---|---|"
peak() { awk -F, -v r="$1" 'NR > 1 && $1 == r && $6 > m { m = $6 } END { print m + 0 }' "$out/fig45_b$2.csv"; }
# tie B: twice the spread (max - min) of Duato-Nbc's saturated throughput over four traffic
# seeds (seed 1, the figure's point, and the spread.* points), at least 0.002: a claim
# decided by less is a tie
tie() { awk -F, -v b="$1" -v r="$(rate_of 1.0)" '($1 ~ "^spread\\.b" b "\\.") || ($1 == "duato_nbc.b" b ".f0.l1.0") {
        v = $11; if (n == 0 || v < lo) lo = v; if (n == 0 || v > hi) hi = v; n++ }
    END { t = 2 * (hi - lo); if (t < 0.002) t = 0.002; printf "%.4f", t }' "$out/points.csv"; }
check() { # TEXT "A>B A>=B ..." : each pair compares two routings' peaks
    local t=$1 pairs=$2 row="| $1 |" b
    for b in 1 2; do
        local v
        v=$(for a in $algos; do echo "$a $(peak "$a" $b)"; done |
            awk -v pairs="$pairs" -v tie="$(tie "$b")" '{ p[$1] = $2 } END {
                n = split(pairs, c, " "); fails = 0; ties = 0; mt = 1
                for (i = 1; i <= n; i++) {
                    op = index(c[i], ">=") ? ">=" : ">"; split(c[i], ab, op); d = p[ab[1]] - p[ab[2]]
                    if (d <= -tie) fails = 1
                    else if (d < tie) { ties = 1; if ((d < 0 ? -d : d) < mt) mt = d }
                }
                if (fails) print "does not hold"; else if (ties) printf "tie (margin %+.3f)", mt; else print "holds" }')
        row="$row $v |"
    done
    echo "$row"
}
nine="phop nhop duato minimal fully_adaptive pbc nbc duato_pbc duato_nbc"
others() { local a; for a in $nine; do [ "$a" = "$1" ] || printf '%s>=%s ' "$1" "$a"; done; }
check "Duato-Nbc has the highest peak throughput of the nine" "$(others duato_nbc)"
check "Duato-based above bonus-card above basic (Duato-Pbc > Pbc > PHop, Duato-Nbc > Nbc > NHop)" \
    "duato_pbc>pbc pbc>phop duato_nbc>nbc nbc>nhop"
check "Fully-Adaptive below Minimal below Duato" "minimal>fully_adaptive duato>minimal"
check "NHop slightly better than PHop" "nhop>phop"
check "Nbc not better than Duato" "duato>=nbc"
check "Duato-Pbc above every algorithm but Duato-Nbc" "$(others duato_pbc | sed 's/duato_pbc>=duato_nbc //')"
echo
echo "A claim holds when every comparison in it holds by more than the tie, twice the spread of Duato-Nbc's saturated"
echo "throughput over four traffic seeds (B = 1: $(tie 1), B = 2: $(tie 2) of capacity; at least 0.002); it is a tie when one"
echo "holds by less, or fails by less, than that (the margin is the smallest such difference)."
echo
echo "## The throughput gap: the seed's normalized throughput, readings tested"
echo
# shellcheck disable=SC2086
"$bin" model $common model=duato-nbc routing=duato_nbc rate=0.00002:0.012:0.00002 --json "$dat/model_duato_nbc.json" > /dev/null
python3 scripts/study_gap.py --cap "$cap" --msg-len "$M" --tie1 "$(tie 1)" --tie2 "$(tie 2)" \
    --routings "$nine" --model "$dat/model_duato_nbc.json" "$out/fig45_b1.csv" "$out/fig45_b2.csv"
echo
echo "## Figure 3: share of the flits on each VC index (%, fault-free, B = 1)"
echo
echo "| routing | load | VC 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | largest change of a VC's share over the unsaturated loads (points) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for a in $fig3_algos; do
    dev=$(awk -F, -v a="$a" '$1 == a && !$3 { n++; for (v = 4; v <= 13; v++) { if (!(v in lo) || $v < lo[v]) lo[v] = $v; if ($v > hi[v]) hi[v] = $v } }
          END { for (v = 4; v <= 13; v++) if (hi[v] - lo[v] > m) m = hi[v] - lo[v]; printf "%.2f over %d loads", m, n }' "$out/fig3.csv")
    awk -F, -v a="$a" -v l="$heat_load" -v n="$(pretty "$a")" -v d="$dev" '$1 == a && $2 == l {
        printf "| %s | %s |", n, l; for (v = 4; v <= 13; v++) printf " %.1f |", $v; printf " %s |\n", d }' "$out/fig3.csv"
done
echo
low() { awk -F, -v a="$1" -v l="$heat_load" '$1 == a && $2 == l { printf "%.1f", $4 + $5 + $6 }' "$out/fig3.csv"; }
echo "- \"Lower VCs are used more without bonus cards\": VCs 0-2 carry $(low phop) % (PHop) and $(low nhop) % (NHop) of the"
echo "  flits, against $(low pbc) % (Pbc) and $(low nbc) % (Nbc): $(awk -v a="$(low phop)" -v b="$(low pbc)" -v c="$(low nhop)" -v d="$(low nbc)" 'BEGIN { print (a > b && c > d) ? "holds" : "does not hold" }')."
echo "- \"The usage is the same for all rates\": the last column is the largest change of one VC's share across the loads"
echo "  that did not saturate, in percentage points."
echo
echo "## Figures 6 and 7: 0 / 5 / 10 % faulty nodes (f-rings, $sets fault sets each)"
echo
echo "| routing | peak throughput 0 % | 5 % | 10 % | change 0 -> 10 % | common load (% of capacity) | latency 0 % | 5 % | 10 % | change 0 -> 10 % |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for a in $algos; do
    awk -F, -v a="$a" -v n="$(pretty "$a")" 'NR > 1 && $1 == a {
            if ($10 > pk[$2]) pk[$2] = $10
            key = $4; full[key, $2] = ($5 == $6); lat[key, $2] = $7; loads[key] = 1 }
        END { best = -1
              for (l in loads) if (full[l, 0] && full[l, 5] && full[l, 10] && l + 0 > best && l + 0 <= 1.0001) best = l + 0
              bl = ""; for (l in loads) if (l + 0 == best) bl = l
              printf "| %s | %.3f | %.3f | %.3f | %+.1f %% |", n, pk[0], pk[5], pk[10], (pk[10] / pk[0] - 1) * 100
              if (bl == "") printf " - | - | - | - | - |\n"
              else printf " %.0f | %.1f | %.1f | %.1f | %+.1f %% |\n", bl * 100, lat[bl, 0], lat[bl, 5], lat[bl, 10], (lat[bl, 10] / lat[bl, 0] - 1) * 100 }' \
        "$out/fig67.csv"
done
echo
echo "The fault sets: the same $sets sets (fault_seed 1..$sets) for every routing, drawn from the fault keys alone"
echo "(docs/microarchitecture.md §7.2). Nodes removed (faulty + disabled), mean over the sets:"
echo
echo "| faults | faulty + disabled nodes, mean | at least | at most | the same for every routing |"
echo "|---|---|---|---|---|"
for f in 5 10; do
    awk -F, -v f="$f" '$4 == f && $3 == 1 { k = $5; if (!(k in v)) { v[k] = $14; s += $14; n++; if (lo == "" || $14 < lo) lo = $14; if ($14 > hi) hi = $14 } else if (v[k] != $14) diff = 1 }
        END { if (n) printf "| %d %% | %.1f | %d | %d | %s |\n", f, s / n, lo, hi, diff ? "no" : "yes" }' "$out/points.csv"
done
echo
echo "The seed: Duato-Nbc +21 % latency and -24 % throughput from 0 % to 10 %. Peak throughput is the highest mean over"
echo "the fault sets at one load; latency is compared at the highest load at which no fault set saturated in any case."
echo
echo "## Figure 8: node load around the f-rings, at $(awk -v l=$heat_load 'BEGIN{print l*100}') % of capacity"
echo
echo "| routing | case | configuration | peak load | at | mean | peak on a ring | Chebyshev distance to a ring corner |"
echo "|---|---|---|---|---|---|---|---|"
awk -F, 'NR > 1 { printf "| %s | %s | %s | %.1f %% | (%d,%d) | %.1f %% | %s | %s |\n", $1, $2, ($3 == "" ? "V = 10" : $3),
    $4 * 100, $5, $6, $7 * 100, ($9 == "-" ? "-" : ($9 ? "yes" : "no")), $8 }' "$out/fig8.csv" |
    while IFS= read -r line; do a=$(echo "$line" | awk -F'|' '{ gsub(/ /, "", $2); print $2 }'); echo "${line/| $a |/| $(pretty "$a") |}"; done
echo
echo "The seed: fault-free peaks NHop 39 %, Nbc 40.9 %, Duato-Nbc 39.9 %; with faults Minimal 75.5 %; the peaks sit at the"
echo "ring corners. The configuration column is V = 10, or the least vcs the routing runs with under f-rings when that is"
echo "more (fault-vcs.txt; docs/microarchitecture.md §6.7): every routing runs this layout."
} > "$sm"

# ---------------------------------------------------------------- index.html
md2html() { # Markdown tables, headings and paragraphs of summary.md, as plain HTML
    awk 'function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
        # **bold** and `code` spans, in pairs
        function span(s, mark, tag,   o, i) { o = ""
            while ((i = index(s, mark)) > 0) { o = o substr(s, 1, i - 1); s = substr(s, i + length(mark))
                if ((i = index(s, mark)) == 0) { o = o mark; break }
                o = o "<" tag ">" substr(s, 1, i - 1) "</" tag ">"; s = substr(s, i + length(mark)) }
            return o s }
        function inl(s) { return span(span(esc(s), "**", "b"), "`", "code") }
        /^\|---/ { next }
        /^\|/ { n = split($0, c, "|"); if (!t) { print "<table>"; t = 1; h = 1 }
                printf "<tr>"; for (i = 2; i < n; i++) printf (h ? "<th>%s</th>" : "<td>%s</td>"), esc(c[i]); print "</tr>"; h = 0; next }
        t { print "</table>"; t = 0 }
        /^# / { print "<h1>" esc(substr($0, 3)) "</h1>"; next }
        /^## / { print "<h2>" esc(substr($0, 4)) "</h2>"; next }
        /^### / { print "<h3>" esc(substr($0, 5)) "</h3>"; next }
        /^$/ { next }
        { print "<p>" inl($0) "</p>" }
        END { if (t) print "</table>" }' "$1"
}
{
    echo "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>flitnet: the study of Safaei et al., Performance Analysis of Fully Adaptive Routing Algorithms</title>"
    echo "<style>body{font-family:sans-serif;max-width:1500px;margin:auto}img{max-width:100%}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}</style></head><body>"
    md2html "$sm"
    echo "<h2>Figures</h2><p>Configuration of every figure: $cfgline. Data: points.csv, fig3.csv, fig45_b1.csv, fig45_b2.csv, fig67.csv, fig8.csv; the runs' JSON under runs/.</p>"
    for f in fig3 fig4_b1 fig5_b1 fig4_b2 fig5_b2 fig6 fig7; do echo "<h3>$f</h3><img src=\"$f.svg\" alt=\"$f\">"; done
    echo "<h3>fig8: fault layout $(grep -v '^#' "$layout" | tr '\n' ' ')</h3>"
    for a in $algos; do echo "<img src=\"fig8_$a.png\" alt=\"fig8 $a\">"; done
    echo "</body></html>"
} > "$out/index.html"
echo "study-000: $out/index.html and $sm"
[ "$status" -eq 0 ]
