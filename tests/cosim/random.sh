#!/usr/bin/env bash
# random.sh BUILD: constrained-random structural configurations for the lockstep
# co-simulation, beside the fixed lists of tests/cosim/*.runs.
#   COSIM_SEED   the draw (default: a new one from /dev/urandom, printed first, so a
#                failure replays exactly with COSIM_SEED=that value)
#   COSIM_N      configurations to draw (default 2)
#   COSIM_RUNS   lockstep runs per configuration (default 3: light, medium, heavy load)
#   COSIM_COVERAGE=1  build the models with coverage (COV_KIND=line: line coverage only)
#                and keep each run's counters, and write BUILD/random/SEED.runs for
#                tests/cosim/coverage.sh (EXTRA_RUNS)
#   COSIM_UNTIL=covered  coverage-directed: every draw of a parameter prefers the values
#                no kept configuration (or run) has reached yet, and configurations are
#                drawn until every value of every parameter below is reached (COSIM_N is
#                then the cap, default 40); the table of values reached is printed either way
#   COSIM_DRY=1  draw only: print the configurations and runs a seed gives, build nothing
#   COSIM_MAX_IVCS  the most input VCs (nodes x ports x V) a configuration may have
#                (default 1600, at least 100); a draw depends on it, so a replay sets it too
# A configuration is drawn within the space the C model accepts and the RTL claims
# (docs/rtl.md, "Limits"): every topology, n = 1..4 (hypercube 2..5), odd and even and
# mixed radices, at most 36 nodes, V = 1..8 and, in about one configuration in five, a
# wide router of V = 9..32, at most 1600 input VCs in all (COSIM_MAX_IVCS), B and Bo = 1..5, every routing, dateline
# 0/1, escape_vcs, time-outs, the f-ring layer with faults, select first/random; it is
# kept only when `flitnet cdg` proves it deadlock-free (so dateline = 0 appears where it
# is safe: meshes, hypercubes, unidirectional... where the proof says so). The runs draw
# the traffic pattern, message length and its distribution, load and seed. Each model is
# Verilated once into BUILD/random/CFGHASH/ (a replay reuses it). Prints one line per
# run and "N passed, N failed"; exits non-zero on any difference or assertion.
set -uo pipefail
build=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
flitnet=${FLITNET:-$root/build/flitnet}
# shellcheck source=tests/lib/registry.sh
. "$root/tests/lib/registry.sh"
registry_load "$flitnet" || exit 2
seed=${COSIM_SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
until=${COSIM_UNTIL:-}
case $until in '' | covered) ;; *) echo "random.sh: COSIM_UNTIL must be 'covered' (got '$until')" >&2; exit 2 ;; esac
nconf=${COSIM_N:-$([ -n "$until" ] && echo 40 || echo 2)}
case $nconf in '' | *[!0-9]* | 0) echo "random.sh: COSIM_N must be a positive integer (got '$nconf')" >&2; exit 2 ;; esac
case $seed in '' | *[!0-9]*) echo "random.sh: COSIM_SEED must be a non-negative integer (got '$seed')" >&2; exit 2 ;; esac
maxivcs=${COSIM_MAX_IVCS:-1600}
case $maxivcs in '' | *[!0-9]*) maxivcs=x ;; esac
{ [ "$maxivcs" != x ] && [ "${#maxivcs}" -le 6 ] && [ "$maxivcs" -ge 100 ]; } ||
    { echo "random.sh: COSIM_MAX_IVCS must be an integer from 100 to 999999 (got '${COSIM_MAX_IVCS:-}')" >&2; exit 2; }
# what a replay must set besides the seed
replay="COSIM_SEED=$seed COSIM_N=$nconf"
[ "$maxivcs" = 1600 ] || replay+=" COSIM_MAX_IVCS=$maxivcs"
case ${COSIM_DRY:-0} in 0 | 1) ;; *) echo "random.sh: COSIM_DRY must be 0 or 1 (got '$COSIM_DRY')" >&2; exit 2 ;; esac
# shellcheck source=tests/lib/jobs.sh
. "$root/tests/lib/jobs.sh"
jobs_init random.sh
case ${COV_KIND:-all} in all | line) ;; *) echo "random.sh: COV_KIND must be all or line (got '$COV_KIND')" >&2; exit 2 ;; esac
nruns=${COSIM_RUNS:-3}
cov=${COSIM_COVERAGE:-0}
mkdir -p "$build/random"
echo "random configurations: $replay (replay: $replay make cosim-random)"
RANDOM=$seed

# the draws run in this shell, never in $(...): a subshell's RANDOM does not advance ours
pick() { local a=("$@"); PICK=${a[$((RANDOM % ${#a[@]}))]}; }

# Parameter bins: every value the C model accepts and the RTL claims, per parameter
# (the table printed at the end; COSIM_UNTIL=covered draws until all are reached).
# HIT[param=value] is set when a kept configuration (structural parameters) or a run
# (runtime ones) reached it.
declare -A HIT=()
BIN_PARAMS=(topology n radix vcs buf_depth obuf_depth routing dateline escape_vcs timeout faults traffic select msg_len_dist)
declare -A BINS=(
    [topology]="torus torus_uni mesh hypercube" [n]="1 2 3 4" [radix]="even odd"
    [vcs]="1 2 3 4 5 6 7 8 wide" [buf_depth]="1 2 3 4 5" [obuf_depth]="1 2 3 4 5"
    [routing]="${ROUTINGS[*]}"
    [dateline]="0 1" [escape_vcs]="default set" [timeout]="0 set" [faults]="none fring"
    [traffic]="uniform transpose bitcomp bitrev shuffle tornado neighbor hotspot locality"
    [select]="first random" [msg_len_dist]="fixed exp"
)
# pick_bin PARAM VALUE...: pick (the same use of RANDOM, so a seed draws as before), but
# directed under COSIM_UNTIL=covered: a structural PARAM gives the configuration's target
# value when it is the target's parameter (TARGET_P=TARGET_V, one open structural value per
# configuration, so that targets never combine into something no configuration accepts);
# a runtime PARAM picks among its values not reached yet. PLAIN=1: undirected.
RUN_PARAMS=" traffic select msg_len_dist "
pick_bin() {
    local p=$1 v open=()
    shift
    pick "$@"
    [ -n "$until" ] && [ -z "${PLAIN:-}" ] || return 0
    if [[ $RUN_PARAMS == *" $p "* ]]; then
        for v in "$@"; do [ -n "${HIT[$p=$v]:-}" ] || open+=("$v"); done
        [ ${#open[@]} -gt 0 ] && pick "${open[@]}"
    elif [ "$p" = "${TARGET_P:-}" ]; then
        PICK=$TARGET_V
    fi
    return 0
}
# the configuration's target: one open structural value, drawn (radix parity is not
# drawn directly: it follows from the radices)
draw_target() {
    local w open=()
    TARGET_P='' TARGET_V=''
    for w in $(bins_open); do
        case ${w%%=*} in traffic | select | msg_len_dist | radix) ;; *) open+=("$w") ;; esac
    done
    [ ${#open[@]} -gt 0 ] || return 0
    pick "${open[@]}"
    TARGET_P=${PICK%%=*} TARGET_V=${PICK#*=}
}
bins_open() { # prints the bins not reached, as param=value words
    local p v
    for p in "${BIN_PARAMS[@]}"; do for v in ${BINS[$p]}; do [ -n "${HIT[$p=$v]:-}" ] || printf '%s=%s ' "$p" "$v"; done; done
}
# mark_cfg CFG: the structural bins a kept configuration reaches
mark_cfg() {
    local w key val r
    declare -A c=([dateline]=1 [escape_vcs]='' [timeout]=0 [fault_handling]='')
    for w in $1; do key=${w%%=*} val=${w#*=}; c[$key]=$val; done
    HIT[topology=${c[topology]}]=1 HIT[buf_depth=${c[buf_depth]}]=1
    if [ "${c[vcs]}" -gt 8 ]; then HIT[vcs=wide]=1; else HIT[vcs=${c[vcs]}]=1; fi
    HIT[obuf_depth=${c[obuf_depth]}]=1 HIT[routing=${c[routing]}]=1 HIT[dateline=${c[dateline]}]=1
    [ "${c[topology]}" = hypercube ] || HIT[n=${c[n]}]=1
    if [ "${c[topology]}" != hypercube ]; then
        for r in ${c[k]//,/ }; do if ((r % 2)); then HIT[radix=odd]=1; else HIT[radix=even]=1; fi; done
    fi
    if [ -n "${c[escape_vcs]}" ]; then HIT[escape_vcs=set]=1; else HIT[escape_vcs=default]=1; fi
    if [ "${c[timeout]}" != 0 ]; then HIT[timeout=set]=1; else HIT[timeout=0]=1; fi
    if [ -n "${c[fault_handling]}" ]; then HIT[faults=fring]=1; else HIT[faults=none]=1; fi
}
mark_run() { # ARGS of a run
    local w
    for w in $1; do
        case $w in traffic=* | select=* | msg_len_dist=*) HIT[$w]=1 ;; esac
    done
}

# one structural configuration, as key=value words, into CFG
draw_cfg() {
    local topo n k ks d nodes ports routing v b bo cfg try=0
    # the VCs first, then a network small enough for them: at most 1600 input VCs in all
    # (nodes x ports x V; the largest draw before the wide routers had 1536), so that a
    # wide router (V = 9..32: the VC masks, the arbiters and the selection's products at
    # their widest) builds and runs in the time of the others
    pick_bin vcs 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 wide wide; v=$PICK
    [ "$v" = wide ] && v=$((9 + RANDOM % 24))
    while :; do
        # (a network target no network of these VCs can meet: narrower VCs after 20 tries)
        try=$((try + 1))
        [ $try -gt 20 ] && [ "$v" -gt 8 ] && v=$((1 + RANDOM % 8))
        pick_bin topology torus torus torus_uni mesh mesh hypercube; topo=$PICK
        if [ "$topo" = hypercube ]; then
            n=$((2 + RANDOM % 4)); k=2; nodes=$((1 << n)) ports=$((n + 1))
        else
            pick_bin n 1 2 3 3 4; n=$PICK
            while :; do
                ks=()
                for ((d = 0; d < n; d++)); do
                    case $n in 1) ks+=($((3 + RANDOM % 8))) ;; 2) ks+=($((2 + RANDOM % 5))) ;; 3 | 4) ks+=($((2 + RANDOM % 2))) ;; esac
                done
                # most of the time one radix for every dimension (the first's), written once
                if [ $((RANDOM % 3)) -ne 0 ] && [ "$n" -gt 1 ]; then
                    for ((d = 1; d < n; d++)); do ks[d]=${ks[0]}; done
                    k=${ks[0]}
                else
                    k=${ks[*]}; k=${k// /,}
                fi
                nodes=1
                for ((d = 0; d < n; d++)); do nodes=$((nodes * ks[d])); done
                [ "$nodes" -ge 3 ] && [ "$nodes" -le 36 ] && break
            done
            ports=$((2 * n + 1)); [ "$topo" = torus_uni ] && ports=$((n + 1))
        fi
        [ $((nodes * ports * v)) -le "$maxivcs" ] && break
    done
    IVCS=$((nodes * ports * v))
    # a directed draw whose target only some routings have draws among those (the
    # registry's: escape VCs set by escape_vcs, time-outs for the two-level ones)
    local rts=${BINS[routing]}
    if [ -n "$until" ] && [ -z "${PLAIN:-}" ] && [ "${TARGET_V:-}" = set ]; then
        case ${TARGET_P:-} in
        escape_vcs) rts=$(registry_where R_ESCAPE_SET 1) ;;
        timeout) rts=$(registry_where R_LEVELS 2) ;;
        esac
    fi
    # shellcheck disable=SC2086
    pick_bin routing $rts; routing=$PICK
    pick_bin buf_depth ${BINS[buf_depth]}; b=$PICK
    pick_bin obuf_depth ${BINS[obuf_depth]}; bo=$PICK
    cfg="topology=$topo n=$n k=$k vcs=$v buf_depth=$b obuf_depth=$bo routing=$routing"
    pick_bin dateline 1 1 1 0; cfg+=" dateline=$PICK"
    if [ "${R_ESCAPE_SET[$routing]}" = 1 ]; then
        pick_bin escape_vcs set default; [ "$PICK" = set ] && cfg+=" escape_vcs=$((1 + RANDOM % 6))"
    fi
    if [ "${R_LEVELS[$routing]}" = 2 ]; then
        pick_bin timeout set 0 0; [ "$PICK" = set ] && cfg+=" timeout=$((1 + RANDOM % 24))"
    fi
    if [ "${R_FAULTS[$routing]}" = fring ] && [ "$n" -ge 2 ] && [ "$topo" != torus_uni ] && [ "$topo" != hypercube ] &&
        pick_bin faults fring none none && [ "$PICK" = fring ]; then
        # the layer's 2n ring VCs come on top of the routing's own (at least 1 to 8 of them
        # here), within the same bound on input VCs
        local vf=$((2 * n + 1 + RANDOM % 8))
        if [ "$vf" -gt "$v" ] && [ $((nodes * ports * vf)) -le "$maxivcs" ]; then
            cfg=${cfg/ vcs=$v / vcs=$vf }
            v=$vf IVCS=$((nodes * ports * vf))
        fi
        cfg+=" fault_handling=fring"
    fi
    CFG=$cfg
}

# whether a configuration's runs outweigh its compile, so that it builds at COSIM_OPT_LONG
# when that is set: the f-ring layer with 300 input VCs or more. Measured at -O0 against
# -O1 (build + three runs of 2500-3000 cycles, s of CPU): a 2-D 3x3 mesh V = 8 under
# f-rings (360 VCs) 70 against 65, a 4-D mesh V = 6 under f-rings (864) 153 against 120; a
# unidirectional 4-D torus V = 8 without (640) 63 against 79, the layer being what is slow
# at -O0 (about four times the cost per VC)
long_cfg() { [[ $1 == *fault_handling=fring* ]] && [ "$2" -ge 300 ]; }

# runtime keys of run R (0 light with drain, 1 medium, 2 heavy) of a configuration, into ARGS
draw_run() {
    local r=$1 a faulty=$2
    pick_bin select first random; a="seed=$((1 + RANDOM % 1000)) select=$PICK"
    pick_bin traffic uniform uniform uniform transpose bitcomp bitrev shuffle tornado neighbor hotspot locality; a+=" traffic=$PICK"
    pick_bin msg_len_dist fixed fixed exp; a+=" msg_len=$((1 + RANDOM % 20)) msg_len_dist=$PICK"
    case $r in
    0) a+=" flit_rate=0.0$((5 + RANDOM % 5)) cycles=2500 drain=1" ;;
    1) a+=" flit_rate=0.$((25 + RANDOM % 30)) cycles=3000" ;;
    *) a+=" flit_rate=$((1 + RANDOM % 2)).$((RANDOM % 10)) cycles=3000" ;;
    esac
    [ "$faulty" = 1 ] && a+=" faults=$((1 + RANDOM % 3)) fault_seed=$((1 + RANDOM % 100))"
    ARGS=$a
}

pass=0 fail=0 t0=$SECONDS
runs_out=$build/random/$seed.runs
: > "$runs_out"
dry=${COSIM_DRY:-0}
flags=(--trace --assert -DFLITNET_ASSERT)
[ "$cov" = 1 ] && flags=("$([ "${COV_KIND:-all}" = line ] && echo --coverage-line || echo --coverage)")
# 1. the draws, in this shell (every use of RANDOM in a fixed order: the seed replays)
CFGS=() HASHES=() LONG=()
declare -A RUNARGS=()
for ((c = 0; c < nconf; c++)); do
    [ -n "$until" ] && [ -z "$(bins_open)" ] && break
    # draw until the C model accepts the configuration and proves it (at most 200 draws)
    cfg='' ok=0
    [ -n "$until" ] && draw_target
    for ((try = 0; try < 200; try++)); do
        # (directed: a target that 100 draws around it never made acceptable is
        # dropped for this configuration)
        PLAIN=; [ $try -ge 100 ] && PLAIN=1
        draw_cfg; cfg=$CFG
        # the f-ring layer needs a fault set for its proof: one faulty node (each run's
        # own fault set is proved again below)
        fproof=
        [[ $cfg == *fault_handling=fring* ]] && fproof="faults=1 fault_seed=1"
        # shellcheck disable=SC2086
        "$flitnet" cdg $cfg $fproof > /dev/null 2>&1 && { ok=1; break; }
    done
    [ $ok = 1 ] || { echo "FAIL no accepted configuration in 200 draws (COSIM_SEED=$seed)"; fail=$((fail + 1)); break; }
    faulty=0
    [[ $cfg == *fault_handling=fring* ]] && faulty=1
    CFGS+=("$cfg")
    LONG+=("$(long_cfg "$cfg" "$IVCS" && echo 1 || echo 0)")
    HASHES+=("$(echo "$cfg cov=$cov${COV_KIND:+ $COV_KIND}" | cksum | cut -d' ' -f1)")
    mark_cfg "$cfg"
    for ((r = 0; r < nruns; r++)); do
        # the traffic pattern must suit the network and the fault set must pass its
        # proof (the C model says so in a short run): drawn again otherwise
        for ((try = 0; try < 50; try++)); do
            # (directed draws fall back to plain ones when the open values do not suit)
            PLAIN=; [ $try -ge 10 ] && PLAIN=1
            draw_run $((r % 3)) $faulty; args=$ARGS
            # shellcheck disable=SC2086
            "$flitnet" sim $cfg $args cycles=20 warmup=0 drain=0 > /dev/null 2>&1 || continue
            # a fault set under f-rings: its own deadlock-freedom proof
            [ "$faulty" = 0 ] && break
            # shellcheck disable=SC2086,SC2046
            "$flitnet" cdg $cfg $(grep -o 'fault[_a-z]*=[0-9]*' <<< "$args" | tr '\n' ' ') > /dev/null 2>&1 && break
        done
        RUNARGS[$c,$r]=$args
        echo "random/${HASHES[$c]} $args" >> "$runs_out"
        mark_run "$args"
        [ "$dry" = 1 ] && echo "draw $cfg | $args"
    done
done
c=${#CFGS[@]}

# 2. the models (each distinct configuration once) and 3. the runs, per configuration:
# JOBS (default: the cores) at a time, the outputs printed in order
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build_one() { # hash cfg long: prints the failure, returns non-zero on one
    local hash=$1 cfg=$2 dir=$build/random/$1 opt=${COSIM_OPT:-}
    [ -x "$dir/cosim" ] && [ "$(cat "$dir/cfg" 2>/dev/null)" = "$cfg" ] && return 0
    [ "$3" = 1 ] && [ -n "${COSIM_OPT_LONG:-}" ] && opt=$COSIM_OPT_LONG
    echo "verilating random/$hash ($cfg)${opt:+ at $opt}"
    if ! COSIM_OPT=$opt "$root/harness/build_model.sh" verilate "$dir" "random/$hash" "$cfg" "${flags[@]}" > "$build/random/$hash.log" 2>&1 ||
        ! "$root/harness/build_model.sh" link "$dir" >> "$build/random/$hash.log" 2>&1; then
        echo "FAIL random/$hash ($cfg): the model did not build (COSIM_SEED=$seed):"; tail -n 20 "$build/random/$hash.log"
        return 1
    fi
    echo "$cfg" > "$dir/cfg"
}
runs_one() { # index: the configuration's runs; "PASS FAIL" into $tmp/run-INDEX.pf
    local k=$1 r out rc res p=0 f=0 args dir=$build/random/${HASHES[$1]}
    for ((r = 0; r < nruns; r++)); do
        args=${RUNARGS[$k,$r]}
        # shellcheck disable=SC2086
        out=$("$dir/cosim" $args --diff-dir "$build/random/diff-$seed-$k-$r" 2>&1)
        rc=$?
        res=$(grep '^RESULT' <<< "$out" | tail -n 1)
        if [ $rc = 0 ] && [[ $res == "RESULT ok"* ]]; then
            p=$((p + 1))
            echo "ok   ${CFGS[$k]} | $args | $(grep -m1 '^cosim' <<< "$out" | sed 's/.*: identical over/identical over/')"
        else
            f=$((f + 1))
            echo "FAIL ${CFGS[$k]} | $args (exit $rc; replay: $replay)"
            sed 's/^/       /' <<< "$out" | head -n 40
        fi
    done
    echo "$p $f" > "$tmp/run-$k.pf"
}
if [ "$dry" = 0 ]; then
    declare -A queued=()
    for ((k = 0; k < c; k++)); do
        h=${HASHES[$k]}
        [ -n "${queued[$h]:-}" ] && continue
        queued[$h]=$k
        job_slot
        { build_one "$h" "${CFGS[$k]}" "${LONG[$k]}" > "$tmp/build-$h.out" 2>&1; echo $? > "$tmp/build-$h.rc"; } &
    done
    wait
    for ((k = 0; k < c; k++)); do
        [ "$(cat "$tmp/build-${HASHES[$k]}.rc")" = 0 ] || continue
        job_slot
        runs_one "$k" > "$tmp/run-$k.out" 2>&1 &
    done
    wait
    for ((k = 0; k < c; k++)); do
        h=${HASHES[$k]}
        [ "${queued[$h]}" = "$k" ] && cat "$tmp/build-$h.out"
        if [ "$(cat "$tmp/build-$h.rc")" != 0 ]; then
            [ "${queued[$h]}" = "$k" ] && fail=$((fail + 1))
            continue
        fi
        cat "$tmp/run-$k.out"
        read -r p f < "$tmp/run-$k.pf" || { p=0 f=1; }
        pass=$((pass + p)) fail=$((fail + f))
    done
fi
echo "random configurations (COSIM_SEED=$seed): $c configurations, $((SECONDS - t0)) s"
echo "parameter values reached (of the space the C model accepts and the RTL claims):"
for p in "${BIN_PARAMS[@]}"; do
    line='' got=0 all=0
    for v in ${BINS[$p]}; do
        all=$((all + 1))
        if [ -n "${HIT[$p=$v]:-}" ]; then line+=" $v"; got=$((got + 1)); else line+=" [$v]"; fi
    done
    printf '  %-13s %2d of %-2d%s\n' "$p" "$got" "$all" "$line"
done
left=$(bins_open)
if [ -z "$left" ]; then echo "  every value reached"; else echo "  (in brackets: not reached by these draws)"; fi
if [ -n "$until" ] && [ -n "$left" ]; then
    echo "FAIL COSIM_UNTIL=covered: values not reached within $nconf configurations (COSIM_SEED=$seed): $left$([ "$maxivcs" = 1600 ] || echo " (COSIM_MAX_IVCS=$maxivcs may rule them out)")"
    fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
