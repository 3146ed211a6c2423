#!/usr/bin/env bash
# run.sh: automatic mutation testing of rtl/ (make mutants, make mutants-all).
# Draws MUTANTS_N (default 40; 0 = all, in the order of the draw) of the mutants
# tests/mutants/generate.py lists, from MUTANTS_SEED (default 1), or takes MUTANTS_IDS
# (space-separated IDs); MUTANTS_MODULE keeps those of one module. JOBS mutants (default
# the number of cores) are put through the checks at once, each in its own directory.
#
# Each mutant is Verilated (with the assertions) into the CI models that contain its
# module (table below) and run against those models' lines of tests/cosim/ci.runs, model
# after model, until one run reports a difference, an RTL assertion or a hang (killed; a
# hang is a run over MUTANTS_CPU_LIMIT seconds of CPU, default 1200).
# A model whose generated C++ is the unmutated model's (the mutated code is not
# elaborated in that configuration) is not compiled: it cannot tell the two apart. One
# that survives them all meets the other CI checks that can see a design:
# tests/cosim/refusals.sh on its design files (the elaboration checks at the edges of the
# legal space), the waves of a traced t44v4 and m54v3e against the C model's (waves/make_waves.sh,
# as rtl_waves: every shared register, also those no compared wire shows) and, in the
# package, harness/codes.sh check (codes, levels, flit layout). With MUTANTS_SUITE=full
# a CI survivor then meets the full suite: every model of tests/cosim/full.runs, its lines
# there (killed-full when one kills it). A mutant whose own elaboration check refuses a
# legal configuration is killed (the model does not build); one that does not build
# otherwise is stillborn (the design would not compile: not counted).
# tests/mutants/equivalent.txt lists the mutants reviewed as equivalent (no behaviour can
# differ), with the reason; they are not counted either.
#
# Most mutants of the modules (not the package's, not parameters or generate code) can be
# switched at run time: tests/mutants/schema.py writes one design holding all of a
# module's, +flitnet_mut=K picking one, and one build of it per model serves them all.
# Such a mutant meets the CI runs (and the full suite's) there, as its own build would
# (below); refusals.sh and the waves still get its own design files and build.
# MUTANTS_SCHEMA=0 builds every mutant alone.
#
# MUTANTS_LEDGER=FILE keeps the verdicts across runs (make mutants-all: the whole set,
# tests/mutants/ledger.tsv): mutants already in it are skipped, each new verdict is added
# as it comes, and MUTANTS_BUDGET=SECONDS stops starting new mutants after that long, so
# the 1313 mutants can be run a few hours at a time on any machine. The ledger is keyed
# by the design and the checks (rtl/, the contract, the harness, the C model's behaviour
# as the contract states it, the mutant generator, the models' configurations) and by the
# lines of the run lists and of the refusal table (tests/cosim/refusals.txt): a ledger of
# another design is started again, never mixed; one of the same design whose lists and
# table held only lines today's hold too (a CI gap closed by a line) keeps its killed and
# stillborn verdicts and runs the others again.
#
# run.sh --key prints the ledger header of this tree (MUTANTS_SUITE) and runs nothing.
#
# Beyond one machine: MUTANTS_SHARD=I/N keeps every N-th mutant of the list from the I-th,
# so that N machines (each on a clone of the same commit, with its own ledger) share the
# whole set; MUTANTS_LEDGER=tests/mutants/ledger.tsv run.sh --merge THEIRS... then adds
# their verdicts to this tree's ledger (only ledgers of this tree's key; a mutant with two
# different verdicts stops it, nothing merged).
#
# Writes MUTANTS_OUT/report.txt (default build/mutants/) (one line per mutant of this run, in the draw's order)
# and prints the mutation score with the survivors listed, and the ledger's totals.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
out=${MUTANTS_OUT:-build/mutants}
n=${MUTANTS_N:-40}
seed=${MUTANTS_SEED:-1}
suite=${MUTANTS_SUITE:-ci}
ledger=${MUTANTS_LEDGER:-}
budget=${MUTANTS_BUDGET:-0}
cpu_limit=${MUTANTS_CPU_LIMIT:-1200}  # CPU seconds a run may take before it counts as a hang
bad() { echo "run.sh: $*" >&2; exit 2; }
case "${1:-}" in
    "" | --key) [ $# -le 1 ] || bad "unknown arguments: $* (run.sh [--key | --merge LEDGER...]; the settings are MUTANTS_* variables)" ;;
    --merge) [ $# -ge 2 ] || bad "--merge needs the ledgers to merge (run.sh --merge LEDGER...)"
        [ -n "$ledger" ] || bad "--merge needs MUTANTS_LEDGER, the ledger to merge into" ;;
    *) bad "unknown arguments: $* (run.sh [--key | --merge LEDGER...]; the settings are MUTANTS_* variables)" ;;
esac
shard=${MUTANTS_SHARD:-}
if [ -n "$shard" ]; then
    [[ $shard =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
        bad "MUTANTS_SHARD=$shard is not I/N with 1 <= I <= N"
fi
[[ $n =~ ^[0-9]+$ ]] || bad "MUTANTS_N=$n is not a count (0 = all)"
[[ $seed =~ ^[0-9]+$ ]] || bad "MUTANTS_SEED=$seed is not a non-negative integer"
# shellcheck source=tests/lib/jobs.sh
. tests/lib/jobs.sh
jobs_init run.sh
[[ $budget =~ ^[0-9]+$ ]] || bad "MUTANTS_BUDGET=$budget is not a number of seconds (0 = none)"
[[ $cpu_limit =~ ^[1-9][0-9]*$ ]] || bad "MUTANTS_CPU_LIMIT=$cpu_limit is not a positive number of CPU seconds"
case ${MUTANTS_SCHEMA:-1} in 0 | 1) ;; *) bad "MUTANTS_SCHEMA=$MUTANTS_SCHEMA is neither 0 (every mutant built alone) nor 1" ;; esac
case $suite in ci | full) ;; *) bad "MUTANTS_SUITE=$suite is neither ci nor full" ;; esac
mkdir -p "$out" && out=$(cd "$out" && pwd)
# ccache where it is installed (make mutants-all installs it): a slot rebuilds the same
# models in the same directories mutant after mutant, and most mutants leave a model's
# start-up code and the harness (cosim.o) as they were; only their per-cycle code is new
if command -v ccache > /dev/null; then
    export OBJCACHE=ccache CXX="ccache ${CXX:-g++}" CCACHE_DIR=${CCACHE_DIR:-$out/ccache} CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-4G}
fi

# the CI models a module's mutants run in: first these, the ones most likely to kill them,
# then every other CI model whose configuration elaborates the module (module_in, below:
# a model added to CI is tried without a change here)
declare -A models=(
    [flitnet_route_dor]="t44v4 u44v3 t44v6fr" [flitnet_route_dor_escape]="m54v3e"
    [flitnet_route_hop]="t44v6dnbc_to8 h4v3d_to32 m44v8nbcfr r7v6dphop_to4 m44v9dnbcfr t44v4d" [flitnet_route_swft]="t44v4sw t55v4sw"
    [flitnet_route_adaptive]="t44v7minfr m55v6fafr t44v4fa" [flitnet_fring]="t44v6fr m55v6fafr t44v7minfr m44v8nbcfr m44v9dnbcfr t444v8fr"
)
runs_of() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1" | grep -v -- '--expect-'; }
ci_runs=$(runs_of tests/cosim/ci.runs)
full_runs=$(runs_of tests/cosim/full.runs)
full_models=$(awk '!seen[$1]++ { print $1 }' <<< "$full_runs")
# the shared modules: every model CI runs, in ci.runs' order, so that a model added to CI
# is tried too (a hand-kept list had missed both f-ring meshes and m55v6fafr); one whose
# code the mutant leaves unchanged costs only its Verilation
common=$(awk '!seen[$1]++ { print $1 }' <<< "$ci_runs")

all=$(python3 tests/mutants/generate.py list) || exit 1
if [ -n "${MUTANTS_IDS:-}" ]; then
    # each once, in the order given: an ID named twice would run twice at once, in one
    # work directory
    ids=$(tr -s ' \t' '\n\n' <<< "$MUTANTS_IDS" | awk 'NF && !seen[$0]++')
else
    ids=$(cut -f1 <<< "$all")
    [ -n "${MUTANTS_MODULE:-}" ] && ids=$(grep "^${MUTANTS_MODULE}\." <<< "$ids")
    # a draw that depends on the seed only: sort by a keyed checksum (with N = 0 too, so
    # that a whole-set run stopped early has run a random sample)
    ids=$(python3 tests/mutants/cksum.py draw "$seed" <<< "$ids") || exit 1
    [ "$n" != 0 ] && ids=$(head -n "$n" <<< "$ids")
fi
# one of N machines: every N-th of the list, from the I-th (the list, not what a ledger
# still lacks: the shards stay apart however far each has come)
[ -n "$shard" ] && ids=$(awk -v i="${shard%/*}" -v n="${shard#*/}" '(NR - 1) % n == i - 1' <<< "$(tr ' ' '\n' <<< "$ids" | grep .)")
missing=$(awk -F'\t' 'NR == FNR { known[$1] = 1; next } { for (i = 1; i <= NF; i++) if ($i != "" && !($i in known)) { print $i; exit } }' \
    <(printf '%s\n' "$all") FS='[ \t]+' <(printf '%s\n' "$ids"))
[ -z "$missing" ] || bad "no mutant $missing (tests/mutants/generate.py list)"

declare -A cfg
# every model's in one make (a make each took 8 s of the start-up); a model the lists name
# without a configuration would give a wrong key
while IFS=$'\t' read -r m c; do cfg[$m]=$c; done < <(make --no-print-directory -s -f Makefile -f rtl/rtl.mk rtl-cfgs)
# the models whose CI runs take 10x longer at -O0 than at -O1 (RTL_MODELS_LONG): a mutant
# built alone that reaches one compiles it at -O1, as CI does
long=" $(make --no-print-directory -s -f Makefile -f rtl/rtl.mk rtl-models-long) "
for m in $full_models $common; do [ -n "${cfg[$m]:-}" ] || bad "model $m of the run lists has no configuration in rtl/rtl.mk"; done
# module_in MODULE MODEL: the model's configuration elaborates the module (flitnet_route.sv's
# generate choice of the routing family, and the f-ring layer)
module_in() {
    local c=" ${cfg[$2]} " r
    r=${c#* routing=}
    r=${r%% *}
    case $1 in
        flitnet_route_dor) [ "$r" = dor ] ;;
        flitnet_route_dor_escape) [ "$r" = dor_escape ] ;;
        flitnet_route_hop) case $r in duato | phop | nhop | pbc | nbc | duato_*) true ;; *) false ;; esac ;;
        flitnet_route_swft) [ "$r" = swft ] ;;
        flitnet_route_adaptive) [ "$r" = minimal ] || [ "$r" = fully_adaptive ] ;;
        flitnet_fring) [[ $c == *" fault_handling=fring "* ]] ;;
        *) false ;;
    esac
}
for mod in "${!models[@]}"; do
    for m in $common; do
        [[ " ${models[$mod]} " == *" $m "* ]] || ! module_in "$mod" "$m" || models[$mod]+=" $m"
    done
done

# the ledger's key: what a verdict depends on, in two parts. The design part: rtl/, the
# contract (the C model enters through it: a change of its behaviour changes
# docs/microarchitecture.md in the same commit), the harness, the checks (with the waves'
# t44v4), the generator. (The harness's headers are named, not globbed as in rtl.mk:
# their order is part of the key.) The run part: the lines of the two run lists, one
# checksum each, taken with the structural configuration of the line's model (rtl.mk):
# a new model adds lines, a changed one changes its lines; and the lines of the refusal
# table (tests/cosim/refusals.txt).
# design_of REFUSALS_SH: the design part with that refusals.sh (today's: the script alone)
design_of() {
    { cat rtl/*.sv rtl/flitnet.f rtl/lint_waiver.vlt docs/microarchitecture.md \
    harness/cosim.cpp harness/port_bits.h harness/model_keys.h harness/build_model.sh harness/model_tu.mk harness/model_params.sh "$1" harness/codes.sh \
    harness/codes_tb.sv waves/make_waves.sh tests/mutants/generate.py tests/mutants/apply.sh
    echo "t44v4 ${cfg[t44v4]}"; } | sha256sum | cut -c1-16
}
design=$(design_of tests/cosim/refusals.sh)
line_sums() { [ -z "$1" ] || while read -r m l; do echo "$m $l | ${cfg[$m]}"; done <<< "$1" | python3 tests/mutants/cksum.py lines | sort -u | paste -sd, -; }
# the waves of m54v3e (two-slot FIFOs: rtl_waves checks them since 2026-11-28) count as a
# line of the CI list: a check added, so a ledger of the lists without it keeps its kills
waves_models="t44v4 m54v3e"
ci_sums=$(line_sums "$ci_runs"$'\n'"m54v3e --waves")
full_sums=$(line_sums "$full_runs")
# the refusal table's lines (tests/cosim/refusals.txt), spaces squeezed: a line added is a
# check added, as a run line is
ref_sums_of() { grep -v '^#' | grep '|' | tr -s ' ' | python3 tests/mutants/cksum.py lines | sort -u | paste -sd, -; }
ref_sums=$(ref_sums_of < tests/cosim/refusals.txt)
key=$(echo "$design $ci_sums $full_sums $ref_sums" | sha256sum | cut -c1-16)
# run.sh --key: the header a ledger of this tree carries (to tell whether one is current)
if [ "${1:-}" = --key ]; then
    printf '# key %s suite %s\n# design %s suite %s ci-lines %s full-lines %s refusal-lines %s\n' "$key" "$suite" "$design" "$suite" "$ci_sums" "$full_sums" "$ref_sums"
    exit 0
fi
# what the checks run besides the mutant's own models (make mutants-tools, rtl/rtl.mk): without
# one, a check would fail for want of its tool and count the mutant killed
if [ "${1:-}" != --merge ]; then
    for f in build/flitnet build/libflitnet.a build/rtl/vcdcmp build/rtl/codes; do
        [ -e "$f" ] || bad "$f is missing: run make mutants (or make mutants-all), which builds it first"
    done
fi
# A ledger of the same design whose run lists held a subset of today's lines keeps the
# verdicts more lines cannot change: killed (what killed it still runs, in CI) and
# stillborn. The others (survived, equivalent, killed-full: CI may kill it now) run again.
subset() { [ -z "$1" ] || [ -z "$(comm -23 <(tr , '\n' <<< "$1" | sort) <(tr , '\n' <<< "$2" | sort))" ]; }
# legacy_refusals DESIGN: for a ledger from before refusals.txt (2026-11-28), whose design
# part hashed refusals.sh with the table inside: finds the version of refusals.sh in git's
# history that, with today's other design files, gives DESIGN; prints its commit and its
# table's line sums. Fails when none does (the ledger is then started again).
legacy_refusals() {
    local c f
    git rev-parse --git-dir > /dev/null 2>&1 || return 1
    f=$(mktemp)
    for c in $(git log --format=%h -- tests/cosim/refusals.sh); do
        git show "$c:tests/cosim/refusals.sh" > "$f" 2> /dev/null && grep -q "^table='$" "$f" || continue
        if [ "$(design_of "$f")" = "$1" ]; then
            echo "$c $(sed -n "/^table='$/,/^'$/p" "$f" | ref_sums_of)"
            rm -f "$f"
            return 0
        fi
    done
    rm -f "$f"
    return 1
}
done_ids=
if [ -n "$ledger" ]; then
    if [ -f "$ledger" ] && ! grep -qx "# key $key suite $suite" "$ledger"; then
        old=$(grep -m1 '^# design ' "$ledger")
        read -r _ _ od _ os _ oci _ ofull _ oref <<< "$old"
        # a ledger keyed while the table was inside refusals.sh: the version of refusals.sh
        # in git's history that gives its design, and that version's table
        if [[ "$old" != *" refusal-lines "* ]] && legacy=$(legacy_refusals "$od"); then
            read -r legacy oref <<< "$legacy"
            echo "ledger $ledger: keyed with refusals.sh of $legacy (the table inside it)"
            od=$design
        fi
        if [ "$od" = "$design" ] && [ "$os" = "$suite" ] && subset "$oci" "$ci_sums" && subset "$ofull" "$full_sums" && subset "$oref" "$ref_sums"; then
            kept=$(grep -v '^#' "$ledger" | awk -F'\t' '$2 == "killed" || $2 == "stillborn"')
            echo "ledger $ledger: the same design, and the run lists only grew: $(grep -c . <<< "$kept") killed or stillborn verdicts kept, $(grep -v '^#' "$ledger" | awk -F'\t' '$2 != "killed" && $2 != "stillborn"' | grep -c .) others run again"
            printf '%s\n' "$kept" | grep . > "$ledger.kept"
        else
            echo "ledger $ledger: made for another design, other checks or another suite ($(grep -m1 '^# key' "$ledger")); starting it again"
            : > "$ledger.kept"
        fi
        rm -f "$ledger"
    fi
    if [ ! -f "$ledger" ]; then
        { echo "# make mutants-all (tests/mutants/run.sh): one verdict per generated mutant; written by the run, not by hand"
          echo "# key $key suite $suite"
          echo "# design $design suite $suite ci-lines $ci_sums full-lines $full_sums refusal-lines $ref_sums"
          [ -f "$ledger.kept" ] && cat "$ledger.kept"; } > "$ledger"
        rm -f "$ledger.kept"
    fi
    done_ids=$(grep -v '^#' "$ledger" | cut -f1)
fi
# run.sh --merge LEDGER...: the verdicts of other machines' ledgers (MUTANTS_SHARD) of this
# tree's key added to MUTANTS_LEDGER; a mutant with two different verdicts stops it
if [ "${1:-}" = --merge ]; then
    shift
    for f in "$@"; do
        [ -f "$f" ] || bad "--merge: no file $f"
        grep -qx "# key $key suite $suite" "$f" || bad "--merge: $f is not a ledger of this tree's key ($(grep -m1 '^# key' "$f" || echo 'no key line'); this tree: $key suite $suite)"
    done
    (
        flock 9
        new=$(cat "$@" | grep -v '^#' | sort -u | awk -F'\t' 'NR == FNR { have[$1] = 1; next } !($1 in have) && !seen[$1]++' <(grep -v '^#' "$ledger") -)
        conflict=$(cat "$ledger" "$@" | grep -v '^#' | awk -F'\t' '{ if (($1 in st) && st[$1] != $2) print $1 ": " st[$1] " and " $2; st[$1] = $2 }' | head -n 1)
        [ -z "$conflict" ] || { echo "run.sh: --merge: two verdicts for $conflict; nothing merged" >&2; exit 1; }
        [ -z "$new" ] || printf '%s\n' "$new" >> "$ledger"
        { grep '^#' "$ledger"; grep -v '^#' "$ledger" | sort -u; } > "$ledger.tmp" && mv "$ledger.tmp" "$ledger"
        echo "ledger $ledger: $(grep -c . <<< "$new") verdicts merged from $# ledgers, $(grep -vc '^#' "$ledger") in all"
    ) 9> "$ledger.lock" || exit 1
    rm -f "$ledger.lock"
    exit 0
fi
total=$(wc -w <<< "$ids")
echo "mutants: $total of $(wc -l <<< "$all") (MUTANTS_SEED=$seed MUTANTS_N=$n${shard:+ MUTANTS_SHARD=$shard}, suite $suite, $jobs at a time)"
[ -n "$ledger" ] && echo "ledger $ledger (key $key): $(wc -w <<< "$done_ids") already there"

# the unmutated models' code checksums: Verilator only, the first time a mutant needs one
# (under a lock: JOBS mutants may ask at once), kept for the key
refdir=$out/ref-$design
mkdir -p "$refdir"
ref_sha() {
    local m=$1 d=$refdir/$1
    (
        flock 9
        [ -s "$d/code.sha" ] && exit 0
        BUILD_NO_COMPILE=1 harness/build_model.sh verilate "$d" "$m" "${cfg[$m]}" --assert -DFLITNET_ASSERT > "$d.log" 2>&1
    ) 9> "$d.lock" || { echo "run.sh: the unmutated $m does not Verilate (see $d.log)" >&2; return 1; }
    cat "$d/code.sha"
}

# try_model ID MODEL RUNS: builds the mutant's MODEL and runs its RUNS lines; sets status
# and how when one kills it (or it does not build). Uses $w, the mutant's directory.
try_model() {
    local id=$1 m=$2 runs=$3 dir=$w/models/$2 log=$w/models/$2.log err
    mkdir -p "$w/models"
    if ! COSIM_OPT=-O0 BUILD_NO_COMPILE=1 harness/build_model.sh verilate "$dir" "$m+$id" "${cfg[$m]}" --assert -DFLITNET_ASSERT \
        "--mutant=$w/$id.patch" > "$log" 2>&1; then
        # the design's own elaboration check refusing a legal configuration is a
        # behaviour the suite catches (the model does not build), not a broken design
        err=$(grep -m1 -o "Cannot find file containing module: 'flitnet_error_[a-z0-9_]*" "$log" | sed 's/.*: .//')
        if [ -n "$err" ]; then status=killed how="$m, a legal configuration, is refused ($err)"
        else status=stillborn how="does not build for $m: $(grep -m1 -E '%Error|error:' "$log" | cut -c1-120)"; fi
        return
    fi
    lastdir=$dir
    local ref
    ref=$(ref_sha "$m") || exit 1
    [ "$(cat "$dir/code.sha")" = "$ref" ] && { same=$((same + 1)); return; }
    local opt=-O0
    [[ $long == *" $m "* ]] && opt=-O1
    if ! COSIM_OPT=$opt harness/build_model.sh compile "$dir" >> "$log" 2>&1 || ! harness/build_model.sh link "$dir" >> "$log" 2>&1; then
        status=stillborn how="does not compile for $m: $(grep -m1 -E 'error' "$dir/obj/build.log" "$log" | cut -c1-120)"
        return
    fi
    run_lines "$dir/cosim" "$m" "$runs"
}

# run_lines COSIM MODEL RUNS [PLUSARG]: runs MODEL's lines of RUNS on the binary COSIM,
# in order, until one kills the mutant (sets status and how; returns 0) or none does
run_lines() {
    local cosim=$1 m=$2 runs=$3 plus=${4:-} rc res model args
    while read -r model args; do
        [ "$model" = "$m" ] || continue
        # a hang is told by CPU time, not by the clock: on a loaded machine the unmutated
        # t88v6fr's longest drained run at -O0 took 6 min 22 s of wall time for 2 min 31 s
        # of CPU, and a 300 s clock limit called an equivalent mutant's run a hang
        # shellcheck disable=SC2086
        (ulimit -S -t "$cpu_limit" && exec timeout $((20 * cpu_limit)) "$cosim" $args $plus --quiet --diff-dir "$w/diff") > "$w/run.log" 2>&1
        rc=$?
        res=$(grep '^RESULT' "$w/run.log" | tail -n 1)
        # 152: SIGXCPU, the CPU limit; 124: timeout's clock limit
        if [ $rc = 152 ] || [ $rc = 124 ]; then status=killed how="$m $args: hangs (more than $cpu_limit s of CPU)"; return 0
        elif [[ $res == "RESULT diff"* ]]; then status=killed how="$m $args: difference in cycle ${res##*cycle=}"; return 0
        elif [[ $res == "RESULT assert"* ]]; then status=killed how="$m $args: assertion in cycle ${res##*cycle=}"; return 0
        elif [ $rc != 0 ]; then status=killed how="$m $args: exit $rc: $(grep -m1 -v '^ ' "$w/run.log" | cut -c1-100)"; return 0
        fi
    done <<< "$runs"
    return 1
}

# The schema designs (tests/mutants/schema.py): per module and model, one build holding
# the module's mutants that can be switched at run time, +flitnet_mut=K picking one. It
# is built the first time a mutant needs it (under a lock); a Verilator message on a
# mutant's lines takes that mutant out (its own build will give its verdict: a warning
# there makes it stillborn), and the build must pass the model's lines of the run list
# with no mutant picked before any verdict is taken from it. A switched mutant runs as its
# own build would: killed by the same run in the same cycle (tests/suites/rtl_mutants.sh
# compares the two), and a survivor survives the same runs. MUTANTS_SCHEMA=0 builds every
# mutant alone, as the mutants that cannot be switched are.
sdir=$out/schema-$design
# schema_present OBJ: the mutants a schema build elaborates, the K its C++ compares
# flitnet_mut_pkg::sel with (Verilator writes `KU == ...sel` or `KU != ...sel`, K in
# decimal or hex), one a line; "all" when some reference to sel is neither that nor the
# start-up code's, so that no mutant is skipped on a guess. A mutant not among them is
# not elaborated in that configuration: the model cannot tell it apart, as a model whose
# code a mutant leaves unchanged cannot.
schema_present() {
    local code refs cmps init
    code=$(cat "$1"/*.cpp | tr '\n' ' ' | tr -s ' ')  # Verilator wraps long expressions
    refs=$(grep -o 'TOP__flitnet_mut_pkg\.__PVT__sel' <<< "$code" | wc -l)
    cmps=$(grep -oE '(0x[0-9a-f]+|[0-9]+)U [=!]= vlSymsp->TOP__flitnet_mut_pkg\.__PVT__sel' <<< "$code" | sed 's/U .*//')
    init=$(($(grep -o 'VL_VALUEPLUSARGS_INI(' <<< "$code" | wc -l) + $(grep -o 'TOP__flitnet_mut_pkg\.__PVT__sel = 0U' <<< "$code" | wc -l)))
    if [ "$refs" != $(($(grep -c . <<< "$cmps") + init)) ]; then echo all; return; fi
    [ -z "$cmps" ] || while read -r v; do echo $((v)); done <<< "$cmps" | sort -un
}
schema_model() { # MODULE MODEL LIST RUNS: succeeds when the build is ready for RUNS (LIST: ci or full)
    local mod=$1 m=$2 list=$3 runs=$4 d=$sdir/$1/$2
    mkdir -p "$d"
    (
        flock 9
        [ -f "$d/failed" ] && exit 1
        fail() { echo "$*" > "$d/failed"; exit 1; }
        if [ ! -f "$d/built" ]; then
            without=
            for _ in $(seq 1 12); do
                rm -rf "$d/gen"
                python3 tests/mutants/schema.py "$mod" "$d/gen" --without "$without" > "$d/gen.log" 2>&1 || fail "schema.py: $(head -n 1 "$d/gen.log")"
                [ -s "$d/gen/schema.tsv" ] || fail "no mutant of $mod can be switched"
                BUILD_NO_COMPILE=1 harness/build_model.sh verilate "$d/m" "$m+schema" "${cfg[$m]}" --assert -DFLITNET_ASSERT \
                    -Wno-fatal "--rtl=$d/gen/rtl" > "$d/verilate.log" 2>&1
                lines=$(grep -oE "^%(Warning|Error)[^:]*: [^ ]*/$mod\.sv:[0-9]+" "$d/verilate.log" | sed 's/.*://' | sort -un)
                out_ids=$(awk -F'\t' -v lines=" $(tr "\n" " " <<< "$lines") " '{ n = split($3, l, ","); for (i = 1; i <= n; i++) if (index(lines, " " l[i] " ")) { print $1; break } }' "$d/gen/schema.tsv")
                if [ -z "$out_ids" ]; then
                    [ -f "$d/m/obj/Vnet.mk" ] || fail "does not Verilate: $(grep -m1 '%Error' "$d/verilate.log" | cut -c1-120)"
                    break
                fi
                without=$without,$(paste -sd, <<< "$out_ids")
            done
            [ -z "$out_ids" ] || fail "still messages on mutants' lines after 12 rounds"
            schema_present "$d/m/obj" > "$d/present"
            # at -O2: one build serves many runs (a run at -O0 takes 10x longer); none
            # when the configuration elaborates none of the module's mutants
            if [ -s "$d/present" ] && { ! harness/build_model.sh compile "$d/m" >> "$d/verilate.log" 2>&1 ||
                ! harness/build_model.sh link "$d/m" >> "$d/verilate.log" 2>&1; }; then
                fail "does not compile"
            fi
            echo "$without" > "$d/built"
        fi
        [ -f "$d/present" ] || schema_present "$d/m/obj" > "$d/present"
        [ -f "$d/ready-$list" ] && exit 0
        if [ -s "$d/present" ] && run_lines "$d/m/cosim" "$m" "$runs" +flitnet_mut=0; then fail "with no mutant picked: $how"; fi
        touch "$d/ready-$list"
    ) 9> "$d.lock"
}
# schema_try ID LIST RUNS MODEL...: the mutant in the schema designs of the MODELs, their
# lines of RUNS, until one kills it (sets status and how); a model that does not
# elaborate it counts in same, as in try_model. Fails when one of them cannot switch it
# (its own builds decide then; the runs so far cost seconds).
schema_try() {
    local id=$1 list=$2 runs=$3 mod=${1%%.*} m k p
    shift 3
    for m in "$@"; do
        schema_model "$mod" "$m" "$list" "$runs" || return 1
        k=$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' "$sdir/$mod/$m/gen/schema.tsv")
        [ -n "$k" ] || return 1
        p=$(cat "$sdir/$mod/$m/present")
        if [ "$p" != all ] && ! grep -qx "$k" <<< "$p"; then same=$((same + 1)); continue; fi
        run_lines "$sdir/$mod/$m/m/cosim" "$m" "$runs" "+flitnet_mut=$k" && return 0
    done
    return 0
}
schema_on() { [ "${MUTANTS_SCHEMA:-1}" = 1 ] && [ "${1%%.*}" != flitnet_pkg ]; }

# one mutant, in its own directory $w: writes $w/verdict (ID, status, how: one line)
# listed_equivalent ID: the mutant is in tests/mutants/equivalent.txt (read afresh each
# time: a review written while the run goes on counts from then)
listed_equivalent() { grep -q "^$1[[:space:]]" tests/mutants/equivalent.txt 2>/dev/null; }

mutant() {
    local id=$1 module=${1%%.*} m
    status=survived how="" same=0 lastdir=""
    python3 tests/mutants/generate.py patch "$id" "$w" || exit 1
    # the package first: its codes, levels and flit layout against the C model's
    # (codes.sh check, seconds where a model takes a minute)
    if [ "$module" = flitnet_pkg ] && tests/mutants/apply.sh "$w/$id.patch" "$w/pkg" > /dev/null 2>&1 &&
        ! CODES_RTL="$w/pkg/rtl" CODES_TB_DIR="$w/codes_tb" harness/codes.sh check > "$w/codes.log" 2>&1; then
        # a listed difference kills it; a package that does not compile is stillborn
        if grep -q -E '^[<>]' "$w/codes.log"; then status=killed how="codes: $(grep -m1 -E '^[<>]' "$w/codes.log" | cut -c1-110)"
        else status=stillborn how="does not build: $(grep -m1 -E '%Error|%Warning|error' "$w/codes.log" | cut -c1-120)"; fi
    fi
    # shellcheck disable=SC2086
    if [ $status = survived ] && schema_on "$id" && schema_try "$id" ci "$ci_runs" ${models[$module]:-$common}; then
        # the checks below need the mutant's design files, not a model
        [ $status = survived ] && tests/mutants/apply.sh "$w/$id.patch" "$w/own" > /dev/null 2>&1 && lastdir=$w/own
    else
        for m in ${models[$module]:-$common}; do
            [ $status = survived ] || break
            try_model "$id" "$m" "$ci_runs"
        done
    fi
    # the elaboration checks: a mutant that refuses a legal configuration, or lets through
    # one the C model refuses (tests/cosim/refusals.sh, on the mutant's design files)
    if [ $status = survived ] && [ -n "$lastdir" ] &&
        ! tests/cosim/refusals.sh "$lastdir/rtl" > "$w/refusals.log" 2>&1; then
        status=killed how="refusals: $(grep -m1 '^FAIL' "$w/refusals.log" | cut -c6-130)"
    fi
    # the waves (make waves and rtl_waves in CI): traced t44v4 and m54v3e against the C
    # model's VCD, every shared register, also those no compared wire shows (e.g. reset
    # values, and the stale slots of m54v3e's two-slot FIFOs)
    for m in $waves_models; do
        [ $status = survived ] || break
        local wdir=$w/models/waves-$m
        mkdir -p "$w/models"
        if COSIM_OPT=-O0 harness/build_model.sh verilate "$wdir" "$m+$id" "${cfg[$m]}" --assert -DFLITNET_ASSERT \
            --trace "--mutant=$w/$id.patch" > "$wdir.log" 2>&1 && harness/build_model.sh link "$wdir" >> "$wdir.log" 2>&1 &&
            ! waves/make_waves.sh "$wdir/cosim" build/rtl/vcdcmp "$w/waves-$m" > "$w/waves-$m.log" 2>&1; then
            status=killed how="waves $m: $(grep -m1 -A1 '^FAIL' "$w/waves-$m.log" | tail -n 1 | sed 's/^ *//' | cut -c1-100)"
        fi
    done
    # the full suite (make cosim's fixed list): every model, its full.runs lines (not for
    # a mutant reviewed as equivalent: CI's checks have tried the review, and the full
    # list would cost half an hour)
    if [ $status = survived ] && [ "$suite" = full ] && ! listed_equivalent "$id"; then
        local same_ci=$same
        # shellcheck disable=SC2086
        if ! { schema_on "$id" && schema_try "$id" full "$full_runs" $full_models; }; then
            same=$same_ci
            for m in $full_models; do
                # (reviewed as equivalent while the list ran: the rest is not needed)
                listed_equivalent "$id" && break
                try_model "$id" "$m" "$full_runs"
                # a model of the full list that does not build fails make cosim too
                [ $status = survived ] || break
            done
        fi
        [ $status = survived ] || status=killed-full
    fi
    if [ $status = survived ] && listed_equivalent "$id"; then
        status=equivalent how=$(awk -v id="$id" '$1 == id { $1 = ""; print substr($0, 2) }' tests/mutants/equivalent.txt)
    fi
    [ $status = survived ] && how="($same models with unchanged code)"
    # paths in a tool's message relative to the mutant's directory: a ledger is shared
    # between machines and kept in the tree
    how=${how//"$w/"/}
    how=${how//"$PWD/"/}
    printf '%s\t%s\t%s\n' "$id" "$status" "$how" > "$w/verdict"
}

rm -rf "$out/slots" "$out/verdicts"
mkdir -p "$out/slots" "$out/verdicts"
t0=$SECONDS
i=0 started=0
for id in $ids; do
    i=$((i + 1))
    grep -qx "$id" <<< "$done_ids" && continue
    if [ "$budget" != 0 ] && [ $((SECONDS - t0)) -ge "$budget" ]; then
        echo "MUTANTS_BUDGET=$budget s spent: no new mutant started"
        break
    fi
    job_slot
    started=$((started + 1))
    (
        # a free slot: at most JOBS mutants run, so one of the JOBS slots is free
        for s in $(seq 0 $((jobs - 1))); do mkdir "$out/slots/$s" 2> /dev/null && break; done
        w=$out/w$s
        rm -rf "$w"
        mkdir -p "$w"
        mutant "$id"
        cp "$w/verdict" "$out/verdicts/$id"
        if [ -n "$ledger" ]; then (flock 9; cat "$w/verdict" >> "$ledger") 9> "$ledger.lock"; fi
        IFS=$'\t' read -r _ st how < "$w/verdict"
        printf '[%d/%d %ds] %-44s %-11s %s\n' "$i" "$total" $((SECONDS - t0)) "$id" "$st" "$how"
        rmdir "$out/slots/$s"
    ) &
done
wait

# this run's report, in the draw's order
report=$out/report.txt
: > "$report"
for id in $ids; do [ -f "$out/verdicts/$id" ] && cat "$out/verdicts/$id" >> "$report"; done
score() { # VERDICTS-FILE TITLE: the score line
    local k kf s st eq
    k=$(awk -F'\t' '$2 == "killed"' "$1" | wc -l); kf=$(awk -F'\t' '$2 == "killed-full"' "$1" | wc -l)
    s=$(awk -F'\t' '$2 == "survived"' "$1" | wc -l); st=$(awk -F'\t' '$2 == "stillborn"' "$1" | wc -l)
    eq=$(awk -F'\t' '$2 == "equivalent"' "$1" | wc -l)
    awk -v k="$k" -v kf="$kf" -v s="$s" -v st="$st" -v eq="$eq" -v t="$2" -v full="$([ "$suite" = full ] && echo 1)" 'BEGIN {
        n = k + kf + s
        printf "%s: CI kills %d of %d = %.1f %%", t, k, n, n ? 100 * k / n : 100
        if (full) printf "; the full suite %d of %d = %.1f %%", k + kf, n, n ? 100 * (k + kf) / n : 100
        printf " (%d stillborn, %d equivalent)\n", st, eq }'
}
echo
echo "survivors:"
awk -F'\t' '$2 == "survived" { print $1 }' "$report" | while read -r id; do
    awk -F'\t' -v id="$id" '$1 == id { printf "  %s  %s\n      - %s\n      + %s\n", $1, $3, $4, $5 }' <<< "$all"
done
score "$report" "mutation score of this run ($started mutants, $((SECONDS - t0)) s)"
if [ -n "$ledger" ]; then
    # the ledger sorted, so that its content depends on the verdicts only
    { grep '^#' "$ledger"; grep -v '^#' "$ledger" | sort -u; } > "$ledger.tmp" && mv "$ledger.tmp" "$ledger"
    rm -f "$ledger.lock"
    grep -v '^#' "$ledger" > "$out/ledger.verdicts"
    score "$out/ledger.verdicts" "ledger ($(wc -l < "$out/ledger.verdicts") of $(wc -l <<< "$all") mutants)"
    awk -F'\t' '$2 == "survived" { print "  survivor: " $1 }' "$out/ledger.verdicts"
fi
