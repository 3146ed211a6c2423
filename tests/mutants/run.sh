#!/usr/bin/env bash
# run.sh: automatic mutation testing of rtl/ against the CI co-simulation (make mutants).
# Draws MUTANTS_N (default 40; 0 = all) of the mutants tests/mutants/generate.py lists,
# from MUTANTS_SEED (default 1), or takes MUTANTS_IDS (space-separated IDs); MUTANTS_MODULE
# keeps those of one module. Each mutant is Verilated (with the assertions) into the CI
# models that contain its module (table below) and run against those models' lines of
# tests/cosim/ci.runs, model after model, until one run reports a difference, an RTL
# assertion or a hang (killed). One that survives them all meets the other CI checks that
# can see a design: tests/cosim/refusals.sh on its design files (the elaboration checks at
# the edges of the legal space), the waves of a traced t44v4 against the C model's
# (waves/make_waves.sh, as rtl_waves: every shared register, also those no compared wire
# shows) and, in the package, tests/cosim/codes.sh check (codes, levels, flit layout). A
# mutant whose own elaboration check refuses a legal CI configuration is killed (the
# model does not build); one that does not build otherwise is stillborn (the design would
# not compile: not counted). tests/mutants/equivalent.txt lists the mutants reviewed as
# equivalent (no behaviour can differ), with the reason; they are not counted either.
# Writes build/mutants/report.txt (one line per mutant) and prints the mutation score
# with the survivors listed.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=build/mutants
n=${MUTANTS_N:-40}
seed=${MUTANTS_SEED:-1}
mkdir -p "$out/patches" "$out/models"

# the CI models a module's mutants run in, first the one most likely to kill them
declare -A models=(
    [flitnet_route_dor]="t44v4 u44v3 t44v6fr" [flitnet_route_dor_escape]="m54v3e"
    [flitnet_route_hop]="t44v6dnbc_to8 h4v3d_to32 m44v6nbcfr" [flitnet_route_swft]="t44v4sw t55v4sw"
    [flitnet_route_adaptive]="t44v7minfr m55v6fafr" [flitnet_fring]="t44v6fr m55v6fafr t44v7minfr m44v6nbcfr"
)
# the shared modules: every routing family's generate branch is elaborated somewhere
common="t44v4 m54v3e t44v6dnbc_to8 t44v4sw t44v6fr t44v7minfr u44v3 h4v3d_to32 t55v4sw"

all=$(python3 tests/mutants/generate.py list) || exit 1
if [ -n "${MUTANTS_IDS:-}" ]; then
    ids=$MUTANTS_IDS
else
    ids=$(cut -f1 <<< "$all")
    [ -n "${MUTANTS_MODULE:-}" ] && ids=$(grep "^${MUTANTS_MODULE}\." <<< "$ids")
    if [ "$n" != 0 ]; then
        # a draw that depends on the seed only: sort by a keyed checksum
        ids=$(while read -r id; do echo "$(echo "$seed $id" | cksum | cut -d' ' -f1) $id"; done <<< "$ids" |
            sort -n | head -n "$n" | cut -d' ' -f2)
    fi
fi
total=$(wc -w <<< "$ids")
echo "mutants: $total of $(wc -l <<< "$all") (MUTANTS_SEED=$seed MUTANTS_N=$n)"

cfg_of() { make --no-print-directory -s -f Makefile -f rtl/rtl.mk "rtl-cfg-$1"; }
report=$out/report.txt
: > "$report"
t0=$SECONDS
i=0
for id in $ids; do
    i=$((i + 1))
    module=${id%%.*}
    line=$(awk -F'\t' -v id="$id" '$1 == id' <<< "$all")
    [ -n "$line" ] || { echo "run.sh: no mutant $id" >&2; exit 1; }
    python3 tests/mutants/generate.py patch "$id" "$out/patches" || exit 1
    status=survived how=
    # the package first: its codes, levels and flit layout against the C model's
    # (codes.sh check, seconds where a model takes a minute)
    if [ "$module" = flitnet_pkg ] && tests/mutants/apply.sh "$root/$out/patches/$id.patch" "$out/models/pkg" > /dev/null 2>&1 &&
        ! CODES_RTL="$root/$out/models/pkg/rtl" tests/cosim/codes.sh check > "$out/codes.log" 2>&1; then
        status=killed how="codes: $(grep -m1 -E '^[<>]' "$out/codes.log" | cut -c1-110)"
    fi
    for m in ${models[$module]:-$common}; do
        [ $status = killed ] && break
        dir=$out/models/$m
        log=$out/models/$m.log
        if ! COSIM_OPT=-O0 tests/cosim/build_model.sh verilate "$dir" "$m+$id" "$(cfg_of "$m")" --assert -DFLITNET_ASSERT \
            "--mutant=$root/$out/patches/$id.patch" > "$log" 2>&1 || ! tests/cosim/build_model.sh link "$dir" >> "$log" 2>&1; then
            # the design's own elaboration check refusing a legal configuration is a
            # behaviour the suite catches (the model does not build), not a broken design
            err=$(grep -m1 -o "Cannot find file containing module: 'flitnet_error_[a-z0-9_]*" "$log" | sed 's/.*: .//')
            if [ -n "$err" ]; then status=killed how="$m, a legal configuration, is refused ($err)"
            else status=stillborn how="does not build for $m: $(grep -m1 -E '%Error|error:' "$log" | cut -c1-120)"; fi
            break
        fi
        while read -r model args; do
            [ "$model" = "$m" ] || continue
            # shellcheck disable=SC2086
            timeout 300 "$dir/cosim" $args --quiet --diff-dir "$out/diff" > "$out/run.log" 2>&1
            rc=$?
            res=$(grep '^RESULT' "$out/run.log" | tail -n 1)
            if [ $rc = 124 ]; then status=killed how="$m $args: hangs"; break
            elif [[ $res == "RESULT diff"* ]]; then status=killed how="$m $args: difference in cycle ${res##*cycle=}"; break
            elif [[ $res == "RESULT assert"* ]]; then status=killed how="$m $args: assertion in cycle ${res##*cycle=}"; break
            elif [ $rc != 0 ]; then status=killed how="$m $args: exit $rc: $(grep -m1 -v '^ ' "$out/run.log" | cut -c1-100)"; break
            fi
        done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' tests/cosim/ci.runs | grep -v -- '--expect-')
        [ $status = killed ] && break
    done
    # the elaboration checks: a mutant that refuses a legal configuration, or lets through
    # one the C model refuses (tests/cosim/refusals.sh, on the mutant's design files)
    if [ $status = survived ] && [ -d "$dir/rtl" ] &&
        ! tests/cosim/refusals.sh "$root/$dir/rtl" > "$out/refusals.log" 2>&1; then
        status=killed how="refusals: $(grep -m1 '^FAIL' "$out/refusals.log" | cut -c6-130)"
    fi
    # the waves (make waves, rtl_waves in CI): a traced t44v4 against the C model's VCD,
    # every shared register, also those no compared wire shows (e.g. reset values)
    if [ $status = survived ]; then
        wdir=$out/models/waves
        if COSIM_OPT=-O0 tests/cosim/build_model.sh verilate "$wdir" "t44v4+$id" "$(cfg_of t44v4)" --assert -DFLITNET_ASSERT \
            --trace "--mutant=$root/$out/patches/$id.patch" > "$wdir.log" 2>&1 && tests/cosim/build_model.sh link "$wdir" >> "$wdir.log" 2>&1 &&
            ! waves/make_waves.sh "$wdir/cosim" build/rtl/vcdcmp "$out/waves" > "$out/waves.log" 2>&1; then
            status=killed how="waves: $(grep -m1 -A1 '^FAIL' "$out/waves.log" | tail -n 1 | sed 's/^ *//' | cut -c1-110)"
        fi
    fi
    if [ $status = survived ] && grep -q "^$id[[:space:]]" tests/mutants/equivalent.txt 2>/dev/null; then
        status=equivalent how=$(awk -v id="$id" '$1 == id { $1 = ""; print substr($0, 2) }' tests/mutants/equivalent.txt)
    fi
    printf '%-44s %-10s %s\n' "$id" "$status" "$how" >> "$report"
    printf '[%d/%d %ds] %-44s %-10s %s\n' "$i" "$total" $((SECONDS - t0)) "$id" "$status" "$how"
    [ $status = survived ] && printf '      %s\n' "$(cut -f3- <<< "$line" | tr '\t' '\n' | sed -n '1p;2s/^/- /p;3s/^/+ /p' | paste -sd' ')"
done
k=$(grep -c ' killed ' "$report"); s=$(grep -c ' survived ' "$report")
st=$(grep -c ' stillborn ' "$report"); eq=$(grep -c ' equivalent ' "$report")
echo
echo "survivors:"
grep ' survived ' "$report" | while read -r id _; do awk -F'\t' -v id="$id" '$1 == id { printf "  %s  %s\n      - %s\n      + %s\n", $1, $3, $4, $5 }' <<< "$all"; done
score=$(awk -v k="$k" -v s="$s" 'BEGIN { printf "%.1f", (k + s) ? 100 * k / (k + s) : 100 }')
echo "mutation score (CI co-simulation): $k killed of $((k + s)) = $score % ($st stillborn, $eq equivalent; $((SECONDS - t0)) s)"
