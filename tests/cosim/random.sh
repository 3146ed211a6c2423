#!/usr/bin/env bash
# random.sh BUILD: constrained-random structural configurations for the lockstep
# co-simulation, beside the fixed lists of tests/cosim/*.runs.
#   COSIM_SEED   the draw (default: a new one from /dev/urandom, printed first, so a
#                failure replays exactly with COSIM_SEED=that value)
#   COSIM_N      configurations to draw (default 2)
#   COSIM_RUNS   lockstep runs per configuration (default 3: light, medium, heavy load)
#   COSIM_COVERAGE=1  build the models with coverage and keep each run's counters, and
#                write BUILD/random/SEED.runs for tests/cosim/coverage.sh (EXTRA_RUNS)
# A configuration is drawn within the space the C model accepts and the RTL claims
# (docs/rtl.md, "Limits"): every topology, n = 1..3 (hypercube 2..5), odd and even and
# mixed radices, at most 36 nodes, V = 1..8, B and Bo = 1..5, every routing, dateline
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
seed=${COSIM_SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
nconf=${COSIM_N:-2}
nruns=${COSIM_RUNS:-3}
cov=${COSIM_COVERAGE:-0}
mkdir -p "$build/random"
echo "random configurations: COSIM_SEED=$seed COSIM_N=$nconf (replay: COSIM_SEED=$seed make cosim-random)"
RANDOM=$seed

# the draws run in this shell, never in $(...): a subshell's RANDOM does not advance ours
pick() { local a=("$@"); PICK=${a[$((RANDOM % ${#a[@]}))]}; }

# one structural configuration, as key=value words, into CFG
draw_cfg() {
    local topo n k ks d nodes routing v b bo cfg
    pick torus torus torus_uni mesh mesh hypercube; topo=$PICK
    if [ "$topo" = hypercube ]; then
        n=$((2 + RANDOM % 4)); k=2; nodes=$((1 << n))
    else
        n=$((1 + RANDOM % 3))
        while :; do
            ks=() nodes=1
            for ((d = 0; d < n; d++)); do
                case $n in 1) ks+=($((3 + RANDOM % 8))) ;; 2) ks+=($((2 + RANDOM % 5))) ;; 3) ks+=($((2 + RANDOM % 2))) ;; esac
                nodes=$((nodes * ks[d]))
            done
            [ "$nodes" -ge 3 ] && [ "$nodes" -le 36 ] && break
        done
        k=${ks[*]}; k=${k// /,}
        # one radix when they are all equal, most of the time
        [ $((RANDOM % 3)) -ne 0 ] && [ "$n" -gt 1 ] && { k=${ks[0]}; }
    fi
    pick dor dor_escape phop nhop pbc nbc duato_phop duato_nhop duato_pbc duato_nbc duato swft minimal fully_adaptive
    routing=$PICK
    v=$((1 + RANDOM % 8)); b=$((1 + RANDOM % 5)); bo=$((1 + RANDOM % 5))
    cfg="topology=$topo n=$n k=$k vcs=$v buf_depth=$b obuf_depth=$bo routing=$routing"
    pick 1 1 1 0; cfg+=" dateline=$PICK"
    case $routing in duato_*) [ $((RANDOM % 2)) = 0 ] && cfg+=" escape_vcs=$((1 + RANDOM % 6))" ;; esac
    case $routing in duato* | dor_escape) [ $((RANDOM % 3)) = 0 ] && cfg+=" timeout=$((1 + RANDOM % 24))" ;; esac
    if [ "$routing" != swft ] && [ "$n" -ge 2 ] && [ "$topo" != torus_uni ] && [ "$topo" != hypercube ] &&
        [ $((RANDOM % 3)) = 0 ]; then
        cfg+=" fault_handling=fring"
    fi
    CFG=$cfg
}

# runtime keys of run R (0 light with drain, 1 medium, 2 heavy) of a configuration, into ARGS
draw_run() {
    local r=$1 a faulty=$2
    pick first random; a="seed=$((1 + RANDOM % 1000)) select=$PICK"
    pick uniform uniform uniform transpose bitcomp bitrev shuffle tornado neighbor hotspot locality; a+=" traffic=$PICK"
    pick fixed fixed exp; a+=" msg_len=$((1 + RANDOM % 20)) msg_len_dist=$PICK"
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
for ((c = 0; c < nconf; c++)); do
    # draw until the C model accepts the configuration and proves it (at most 200 draws)
    cfg= ok=0
    for ((try = 0; try < 200; try++)); do
        draw_cfg; cfg=$CFG
        # shellcheck disable=SC2086
        "$flitnet" cdg $cfg > /dev/null 2>&1 && { ok=1; break; }
    done
    [ $ok = 1 ] || { echo "FAIL no accepted configuration in 200 draws (COSIM_SEED=$seed)"; fail=$((fail + 1)); continue; }
    faulty=0
    [[ $cfg == *fault_handling=fring* ]] && faulty=1
    hash=$(echo "$cfg cov=$cov" | cksum | cut -d' ' -f1)
    dir=$build/random/$hash
    name=random/$hash
    flags=(--trace --assert -DFLITNET_ASSERT)
    [ "$cov" = 1 ] && flags=(--coverage)
    if [ ! -x "$dir/cosim" ] || [ "$(cat "$dir/cfg" 2>/dev/null)" != "$cfg" ]; then
        echo "verilating $name ($cfg)"
        if ! "$root/tests/cosim/build_model.sh" verilate "$dir" "$name" "$cfg" "${flags[@]}" > "$build/random/$hash.log" 2>&1 ||
            ! "$root/tests/cosim/build_model.sh" link "$dir" >> "$build/random/$hash.log" 2>&1; then
            echo "FAIL $name ($cfg): the model did not build (COSIM_SEED=$seed):"; tail -n 20 "$build/random/$hash.log"
            fail=$((fail + 1)); continue
        fi
        echo "$cfg" > "$dir/cfg"
    fi
    for ((r = 0; r < nruns; r++)); do
        # the traffic pattern must suit the network and the fault set must pass its
        # proof (the C model says so in a short run): drawn again otherwise
        for ((try = 0; try < 50; try++)); do
            draw_run $((r % 3)) $faulty; args=$ARGS
            # shellcheck disable=SC2086
            "$flitnet" sim $cfg $args cycles=20 warmup=0 drain=0 > /dev/null 2>&1 && break
        done
        echo "$name $args" >> "$runs_out"
        # shellcheck disable=SC2086
        out=$("$dir/cosim" $args --diff-dir "$build/random/diff-$seed-$c-$r" 2>&1)
        rc=$?
        res=$(grep '^RESULT' <<< "$out" | tail -n 1)
        if [ $rc = 0 ] && [[ $res == "RESULT ok"* ]]; then
            pass=$((pass + 1))
            echo "ok   $cfg | $args | $(grep -m1 '^cosim' <<< "$out" | sed 's/.*: identical over/identical over/')"
        else
            fail=$((fail + 1))
            echo "FAIL $cfg | $args (exit $rc; replay: COSIM_SEED=$seed COSIM_N=$nconf)"
            sed 's/^/       /' <<< "$out" | head -n 40
        fi
    done
done
echo "random configurations (COSIM_SEED=$seed): $((SECONDS - t0)) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
