#!/usr/bin/env bash
# The staged step (c_model/router/network_staged.c: one-slot buffers, the routers stepped stage by
# stage) against the reference step (network.c: one router at a time, the contract's stages
# in their order; `sim --per-router`): random one-slot configurations of the whole legal
# space (tests/lib/random_config.sh, as the soak test draws them), each run both ways and
# compared byte for byte: the JSON (less the wall clock), the summary on stdout, and for
# one run in four the VCD of every register. One run in four has two threads, one in seven
# three; one in three steps the reference routers in a shuffled order. JOBS (default: the
# cores) configurations run at a time.
#   STAGED_N (default 60) configurations from STAGED_SEED (default: new each run, printed)
set -u
cd "$(dirname "$0")/../.." || exit 2
BIN=$(pwd)/${FLITNET:-build/flitnet}
n=${STAGED_N:-60}
seed=${STAGED_SEED:-$(( $(date +%s) % 100000 ))}
[[ $n =~ ^[0-9]+$ && $seed =~ ^[0-9]+$ ]] || { echo "staged.sh: STAGED_N and STAGED_SEED are counts" >&2; exit 2; }
# shellcheck source=tests/lib/random_config.sh
. tests/lib/random_config.sh
# shellcheck source=tests/lib/registry.sh
. tests/lib/registry.sh
registry_load "$BIN" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/a" "$tmp/b"
echo "staged.sh: STAGED_SEED=$seed STAGED_N=$n"
pass=0 fail=0

# side DIR ARGS...: one run in DIR; its exit status, JSON, VCD and summary (timings left out)
side() {
    local d=$1
    shift
    (cd "$d" && "$BIN" sim "$@" > out.txt 2>&1; echo $? > rc)
    grep -v '"wall_seconds":' "$d/r.json" > "$d/r.cmp" 2>/dev/null
    grep -v '^run \|cycles/s' "$d/out.txt" > "$d/out.cmp"
}

# same DIR: both sides (DIR/a, DIR/b) agree in every output
same() { cmp -s "$1/a/rc" "$1/b/rc" && cmp -s "$1/a/r.cmp" "$1/b/r.cmp" && cmp -s "$1/a/out.cmp" "$1/b/out.cmp" &&
    { [ ! -e "$1/a/r.vcd" ] || cmp -s "$1/a/r.vcd" "$1/b/r.vcd"; }; }

# the comparison must see a difference where there is one: two seeds of one configuration
side "$tmp/a" k=4 cycles=2000 seed=1 --json r.json
side "$tmp/b" k=4 cycles=2000 seed=2 --json r.json --per-router
if same "$tmp"; then echo "FAIL the comparison does not tell two seeds apart"; fail=$((fail + 1)); else pass=$((pass + 1)); fi

# one configuration: run_config I writes $tmp/I/verdict ("ok KIND" or the failure's lines)
run_config() {
    local i=$1 d=$tmp/$1 a try extra="" ref="" vcd=""
    mkdir -p "$d/a" "$d/b"
    for try in $(seq 0 49); do
        a=$(draw $((seed * 100000 + i * 50 + try)) | sed 's/buf_depth=[0-9]*/buf_depth=1/; s/obuf_depth=[0-9]*/obuf_depth=1/')
        # shellcheck disable=SC2086
        "$BIN" sim $a cycles=2 warmup=1 > "$d/probe" 2>&1
        [ $? = 1 ] && grep -q '^flitnet: ' "$d/probe" && continue # refused as bad input: draw again
        break
    done
    [ $((i % 4)) = 0 ] && extra="threads=2"
    [ $((i % 7)) = 0 ] && extra="threads=3"
    [ $((i % 3)) = 0 ] && ref="--shuffle-order"
    [ $((i % 4)) = 1 ] && vcd="--vcd r.vcd"
    # shellcheck disable=SC2086
    side "$d/a" $a $extra --json r.json $vcd
    # shellcheck disable=SC2086
    side "$d/b" $a $extra --json r.json $vcd --per-router $ref
    if same "$d"; then
        echo "ok $(echo "$a" | sed 's/.*topology=\([a-z_]*\).* routing=\([a-z_]*\).*/\1:\2/')" > "$d/verdict"
    else
        {
            echo "FAIL staged and per-router steps differ: $a $extra ($ref)"
            diff "$d/a/out.cmp" "$d/b/out.cmp" | head -n 6 | sed 's/^/    /'
            diff "$d/a/r.cmp" "$d/b/r.cmp" | head -n 6 | sed 's/^/    /'
        } > "$d/verdict"
    fi
    rm -rf "$d/a" "$d/b"
}
# JOBS (default: the cores) configurations at a time; the verdicts in order
# shellcheck source=tests/lib/jobs.sh
. tests/lib/jobs.sh
jobs_init staged.sh
for i in $(seq 1 "$n"); do
    job_slot
    run_config "$i" &
done
wait
kinds=""
for i in $(seq 1 "$n"); do
    v=$(cat "$tmp/$i/verdict" 2> /dev/null || echo "FAIL configuration $i gave no verdict")
    if [[ $v == "ok "* ]]; then
        pass=$((pass + 1))
        kinds="$kinds ${v#ok }"
    else
        fail=$((fail + 1))
        echo "$v"
    fi
done
echo "staged.sh: $(echo "$kinds" | tr ' ' '\n' | grep -c .) configurations identical, over $(echo "$kinds" | tr ' ' '\n' | sed 's/:.*//' | sort -u | grep -c .) topologies and $(echo "$kinds" | tr ' ' '\n' | sed 's/.*://' | sort -u | grep -c .) routings"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
