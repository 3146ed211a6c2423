#!/usr/bin/env bash
# hostile.sh [--list] [FLITNET]: a hostile pass over the features bad input reaches most:
# f-rings and fault sets, cdg, merge of damaged points, sweep --jobs with odd names,
# threads, precision, the model's fault sets and the user-router set-up. The cases are
# drawn from fixed seeds (the same cases every run). A case passes when flitnet answers as
# the reliability rules say: exit 0 (a result), 1 with exactly one line "flitnet: ..." or
# "cosim-user: ..." on stderr, 2 (a deadlock, with its report) or 3 (a corrupt delivery);
# never a crash, a sanitizer report, a hang (60 s), or exit 1 without its one line. Some
# categories add their own checks (a job written must run and merge; threads must not
# change the bytes out). Prints a table of cases and exit statuses per category, then
# each failure, and ends with "N passed, N failed". --list prints the cases only.
set -u
cd "$(dirname "$0")/../.." || exit 2
list=0
[ "${1:-}" = --list ] && { list=1; shift; }
# (by default the sanitizer build: a sanitizer report fails a case)
F=$(realpath "${1:-${FLITNET:-build/asan/flitnet}}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
declare -A ncase npass hist
fails=()

# verdict CAT NAME RC ERRFILE [EXTRA-FAILURE]: the rules above
verdict() {
    local cat=$1 name=$2 rc=$3 err=$4 extra=${5:-} why=
    ncase[$cat]=$(( ${ncase[$cat]:-0} + 1 ))
    hist[$cat,$rc]=$(( ${hist[$cat,$rc]:-0} + 1 ))
    if grep -qE 'AddressSanitizer|runtime error:|LeakSanitizer' "$err"; then why="sanitizer: $(grep -m1 -E 'ERROR|runtime error' "$err")"
    elif [ "$rc" -ge 124 ]; then why="exit $rc (a hang or a crash)"
    elif [ "$rc" -eq 1 ] && { [ "$(grep -c . "$err")" -ne 1 ] || ! grep -qE '^(flitnet|cosim-user): ' "$err"; }; then
        why="exit 1 without one line: $(head -c 300 "$err" | tr '\n' '|')"
    elif [ "$rc" -gt 3 ]; then why="exit $rc"
    elif [ -n "$extra" ]; then why=$extra
    fi
    [ -n "${HOSTILE_LOG:-}" ] && printf '%s\t%s\t%s\n' "$cat" "$rc" "$name" >> "$HOSTILE_LOG"
    if [ -z "$why" ]; then npass[$cat]=$(( ${npass[$cat]:-0} + 1 )); else fails+=("$cat: $name: $why"); fi
}

# run CAT NAME ARGS...: one flitnet command (in $tmp/w), judged
run() {
    local cat=$1 name=$2
    shift 2
    if [ $list = 1 ]; then printf '%s\t%s\t%s\n' "$cat" "$name" "$*"; return; fi
    (cd "$tmp/w" && timeout 60 "$F" "$@" > "$tmp/out" 2> "$tmp/err")
    verdict "$cat" "$name" $? "$tmp/err"
}
mkdir -p "$tmp/w"

# --- f-rings and fault sets: lists of ids valid and not, on every topology
RANDOM=4301
topos=("topology=torus k=8" "topology=torus k=5,7" "topology=mesh k=6" "topology=mesh k=4 n=3" "topology=torus k=4 n=3"
       "topology=torus_uni k=6" "topology=hypercube n=5" "topology=torus k=16" "topology=mesh k=3 n=5")
# the registry's routings (tests/lib/registry.sh)
# shellcheck source=tests/lib/registry.sh
. tests/lib/registry.sh
registry_load "$F" || exit 2
routings=("${ROUTINGS[@]}")
for i in $(seq 1 90); do
    t=${topos[$((RANDOM % ${#topos[@]}))]} r=${routings[$((RANDOM % ${#routings[@]}))]}
    case $((RANDOM % 6)) in
    0) f="fault_nodes=$((RANDOM % 300))" ;;
    1) f="fault_nodes=$((RANDOM % 64)),$((RANDOM % 64)),$((RANDOM % 64))" ;;
    2) f="faults=$((RANDOM % 40))%" ;;
    3) f="faults=$((RANDOM % 70))" ;;
    4) f="fault_nodes=$((RANDOM % 64)),,$((RANDOM % 9))" ;;
    5) f="fault_nodes=-$((RANDOM % 5)) fault_seed=$RANDOM" ;;
    esac
    # any V half the time, else one that most routings' f-rings fit in
    if [ $((RANDOM % 2)) = 0 ]; then v="vcs=$((1 + RANDOM % 24))"; else v="vcs=$((16 + RANDOM % 17))"; fi
    # (the keys are split into words on purpose)
    # shellcheck disable=SC2086
    case $((RANDOM % 3)) in
    0) run fring "sim $t $r $f $v" sim $t routing=$r $f $v cycles=400 rate=0.002 ;;
    1) run fring "faults $t $r $f $v" faults $t routing=$r $f $v ;;
    2) run fring "cdg $t $r $f $v" cdg $t routing=$r $f $v ;;
    esac
done

# --- cdg: seed ranges and the networks it refuses to take whole
for s in 1:1 5:1 0:3 a:b 1:3:5 "1:" ":4" 1:1000002 -1:2 1:20; do
    run cdg "--seeds $s" cdg k=6 routing=duato faults=3 --seeds "$s"
done
for a in "k=64 routing=duato vcs=10" "k=200 routing=dor" "topology=hypercube n=16 routing=dor" "k=8 routing=nbc vcs=3" \
         "k=8 routing=duato_pbc vcs=13 faults=5%" "topology=mesh k=30 routing=minimal vcs=2" "k=8 routing=swft vcs=4 faults=6 --seeds 1:5"; do
    # shellcheck disable=SC2086
    run cdg "cdg $a" cdg $a
done

# --- merge: points damaged in every way a file can be (RANDOM is read in this shell only:
# a subshell reseeds it, and the cases must be the same every run)
(cd "$tmp/w" && "$F" sweep k=4 msg_len=8 cycles=1500 rate=0.01:0.03:0.01 --jobs good > /dev/null && bash good/jobs.txt) > /dev/null 2>&1
# (the wall time, the one value that differs from run to run, fixed: the same bytes damaged)
sed -i 's/"wall_seconds":\t[0-9.e+-]*/"wall_seconds":\t0.25/' "$tmp"/w/good/point-*.json
RANDOM=77
for i in $(seq 1 50); do
    rm -rf "$tmp/w/m" && cp -r "$tmp/w/good" "$tmp/w/m"
    p=$tmp/w/m/point-$((1 + RANDOM % 3)).json what=
    size=$(stat -c %s "$p")
    case $((i % 7)) in
    0) head -c $((RANDOM % size)) "$p" > "$p.x" && mv "$p.x" "$p" ;;
    1) b=$((RANDOM % 256)) o=$((RANDOM % size)) && what=" (byte $b at $o of $(basename "$p"))" &&
       printf "\\x$(printf %02x "$b")" | dd of="$p" bs=1 seek="$o" conv=notrunc 2> /dev/null ;;
    2) n=$((RANDOM % 40)) && printf '%s' "$(printf '%s' "$i" | sha256sum | head -c "$n")" >> "$p" ;;
    3) sed -i "0,/\"[a-z_]*\":\t[0-9.e-]*/s//\"cycles\":\t-$RANDOM/" "$p" ;;
    4) sed -i 's/"accepted_flit_rate":\t[^,]*/"accepted_flit_rate":\t1e999/' "$p" ;;
    5) keys=(avg_latency capacity flit_hops saturated config) && sed -i "/\"${keys[$((RANDOM % 5))]}\"/d" "$p" ;;
    6) cp "$p" "$p.x" && cat "$p.x" >> "$p" && rm "$p.x" ;;
    esac
    run merge "merge damage $((i % 7)) #$i$what" merge m
done

# --- sweep --jobs: odd directory names, titles and fault files; a job written must run
# and merge
names=("with space" "quote'd" 'dollar$HOME' 'back`tick`' "-dash" "ünïcode" "$(printf 'd%.0s' $(seq 200))" "a;b" "star*" "tab	x")
titles=("plain" "$(printf 'T%.0s' $(seq 3000))" "quote ' and \"" "$(printf 'x\001y')" "%s%n%d" "")
printf '5\n9\n' > "$tmp/w/f.txt"
for i in "${!names[@]}"; do
    for j in 0 1 2 3 4 5; do
        [ $(( (i + j) % 3 )) = 0 ] || continue
        d=${names[$i]}-$j
        if [ $list = 1 ]; then printf 'jobs\t%s\n' "$d"; continue; fi
        (cd "$tmp/w" && timeout 60 "$F" sweep k=4 vcs=6 msg_len=8 cycles=1500 fault_file=f.txt rate=0.01:0.02:0.01 \
            --jobs "$d" --title "${titles[$j]}" > "$tmp/out" 2> "$tmp/err")
        rc=$?
        extra=
        if [ $rc = 0 ]; then
            # every line of jobs.txt runs from elsewhere, and merge takes the directory the hint names
            hint=$(sed -n 's/.*then: flitnet merge //p' "$tmp/out")
            if ! (cd / && bash "$tmp/w/$d/jobs.txt" > /dev/null 2>&1); then extra="a job of jobs.txt failed"
            elif ! (cd "$tmp/w" && "$F" merge "$hint" > /dev/null 2> "$tmp/merr"); then extra="merge of its jobs failed: $(head -n 1 "$tmp/merr")"
            fi
        fi
        verdict jobs "--jobs '$d' --title #$j" $rc "$tmp/err" "$extra"
    done
done

# --- threads: any count gives the same bytes out; odd values are refused
ref=
for th in 1 2 3 7 16 64 256 0; do
    if [ $list = 1 ]; then printf 'threads\t%s\n' "$th"; continue; fi
    (cd "$tmp/w" && timeout 60 "$F" sim k=16 routing=duato_nbc rate=0.004 cycles=2500 warmup=500 threads=$th --json t.json > "$tmp/out" 2> "$tmp/err")
    rc=$?
    # (the thread count is reported beside the wall-clock time, which it changes)
    h=$(grep -vE '"(wall_seconds|threads)":' "$tmp/w/t.json" 2> /dev/null | sha256sum | cut -c1-16)
    [ -z "$ref" ] && ref=$h
    verdict threads "threads=$th" $rc "$tmp/err" "$([ "$h" = "$ref" ] || echo "other bytes out than threads=1")"
done
for th in -1 257 1.5 x 99999999999 ""; do run threads "threads='$th'" sim k=4 cycles=300 "threads=$th"; done

# --- precision: values and their company
for p in 0 0.5 1 1.0001 -0.1 1e-300 nan inf 0.01 0x10; do
    run precision "precision=$p" sim k=4 cycles=4000 rate=0.01 "precision=$p"
done
for a in "batches=2" "batches=30 drain=1" "stop_saturated=0 rate=0.06" "cycles=100" "warmup=3999"; do
    # shellcheck disable=SC2086
    run precision "precision=0.01 $a" sim k=4 cycles=4000 rate=0.01 precision=0.01 $a
done

# --- model: fault sets as sim takes them
RANDOM=911
for i in $(seq 1 20); do
    case $((i % 4)) in
    0) n=$((RANDOM % 64)) && f="fault_nodes=$(seq 0 63 | shuf --random-source=<(yes "$i") -n "$n" | paste -sd,)" ;;
    1) f="faults=$((RANDOM % 66))" ;;
    2) f="faults=$((RANDOM % 100))%" ;;
    3) f="fault_nodes=$((RANDOM % 70)),$((RANDOM % 70))" ;;
    esac
    run model "model swft ${f:0:40}" model model=swft k=8 "$f"
done

# --- the user-router set-up: what it refuses before Verilator
for c in "topology=torus k=4 n=2 vcs=1 routing=dor" "topology=torus k=99 n=2 vcs=2 routing=dor" "vcs=x" "routing=nope" \
         "topology=mesh k=4 n=2 vcs=2 buf_depth=0"; do
    if [ $list = 1 ]; then printf 'user\t%s\n' "$c"; continue; fi
    timeout 60 harness/build_user.sh "$tmp/u" flitnet_iq_router "$c" rtl/examples/flitnet_iq_router.sv > "$tmp/out" 2> "$tmp/err"
    verdict user "CFG '$c'" $? "$tmp/err"
done

[ $list = 1 ] && exit 0
total=0 good=0
printf '%-10s %6s %6s   %s\n' category cases passed "exit statuses"
for cat in fring cdg merge jobs threads precision model user; do
    h=""
    for rc in 0 1 2 3; do [ -n "${hist[$cat,$rc]:-}" ] && h="$h $rc: ${hist[$cat,$rc]},"; done
    printf '%-10s %6d %6d  %s\n' "$cat" "${ncase[$cat]:-0}" "${npass[$cat]:-0}" "${h%,}"
    total=$((total + ${ncase[$cat]:-0})) good=$((good + ${npass[$cat]:-0}))
done
for f in "${fails[@]}"; do echo "FAIL $f"; done
echo "$good passed, $((total - good)) failed"
[ "$good" = "$total" ]
