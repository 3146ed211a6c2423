#!/usr/bin/env bash
# Runs every test suite, plain and under AddressSanitizer + UndefinedBehaviorSanitizer,
# shows the output of any that fails, and ends with one line: "N passed, N failed".
# TIER=check (make check): the quick tier, the plain unit tests and the suites of
# CHECK_SUITES, with small samples of the random ones.
set -u
cd "$(dirname "$0")/.." || exit 2
pass=0
fail=0
failed=() # the labels of the failures, named again on the last lines (CI shows the end)
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# summarize LABEL OUT RC SECS: a cmocka binary's or any command's output whose closing
# line is "N passed, N failed"; adds to the totals and prints the output of a failure
summarize() {
    local label=$1 out=$2 rc=$3 secs=$4 p f first
    p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\./\1/p; s/^\([0-9]*\) passed, [0-9]* failed.*/\1/p' | tail -n 1)
    f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:/\1/p; s/^[0-9]* passed, \([0-9]*\) failed.*/\1/p' | tail -n 1)
    p=${p:-0}
    f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi # crashed or failed without a summary
    pass=$((pass + p))
    fail=$((fail + f))
    printf '%-34s %3d passed, %d failed  (%ds)\n' "$label" "$p" "$f" "$secs"
    if [ "$f" -ne 0 ]; then
        printf '%s\n' "$out" | sed 's/^/    | /'
        first=$(printf '%s\n' "$out" | grep -m1 -E 'FAIL|[Ee]rror' | cut -c1-160)
        failed+=("$label: ${first:-$(printf '%s\n' "$out" | tail -n 1 | cut -c1-160)}")
    fi
}

# run LABEL CMD...: one suite, alone (suites build into build/ and use both cores)
run() {
    local label=$1 out rc t0=$SECONDS
    shift
    out=$("$@" 2>&1)
    rc=$?
    summarize "$label" "$out" "$rc" $((SECONDS - t0))
}

# The unit-test binaries are independent single-threaded processes (their temporary
# files are mkstemp's): JOBS (default: the cores) at a time, reported in order.
# (The suites below stay one at a time: they share build/ and use both cores themselves.)
. tests/lib/jobs.sh
jobs_init run_all.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
units=() labels=()
CHECK_SUITES="commands identity readme_keys readme_examples fring_proof fring_drain rtl_smoke"
tier=${TIER:-all}
case $tier in all | check) ;; *) echo "run_all.sh: TIER is all or check, not '$tier'" >&2; exit 2 ;; esac
if [ "$tier" = check ]; then
    export FRING_PROOF_N=${FRING_PROOF_N:-3} FRING_PROOF_BIG=${FRING_PROOF_BIG:-0} FRING_DRAIN_N=${FRING_DRAIN_N:-10}
fi
for t in build/tests/test_*; do units+=("$t"); labels+=("$(basename "$t")"); done
if [ "$tier" = all ]; then
    for t in build/asan/tests/test_*; do units+=("$t"); labels+=("asan+ubsan $(basename "$t")"); done
fi
# (the sanitizer builds, about 4x slower, start first, so that the longest finish first)
nplain=$(ls -d build/tests/test_* 2>/dev/null | wc -l)
for i in $(seq "$nplain" $((${#units[@]} - 1))) $(seq 0 $((nplain - 1))); do
    job_slot
    (
        t0=$SECONDS
        case ${labels[$i]} in asan*) export FLITNET=build/asan/flitnet ;; esac
        "${units[$i]}" > "$tmp/$i.out" 2>&1
        echo "$? $((SECONDS - t0))" > "$tmp/$i.rc"
    ) &
done
wait
for ((i = 0; i < ${#units[@]}; i++)); do
    read -r rc secs < "$tmp/$i.rc" || { rc=1 secs=0; }
    summarize "${labels[$i]}" "$(cat "$tmp/$i.out")" "$rc" "$secs"
done
# BACKGROUND_SUITES run beside the others, niced, from here on: each check is one
# single-threaded yosys or ABC process that touches nothing of build/ but its own
# directory, so they fill the cores the other suites leave idle (most suites use one
# core for much of their time) instead of taking minutes of their own. Each has a
# --setup that makes what it needs, run here before anything runs beside it.
BACKGROUND_SUITES="formal"
bg=()
if [ "$tier" = all ]; then
    for name in $BACKGROUND_SUITES; do
        [ -e "tests/suites/$name.sh" ] || continue
        bash "tests/suites/$name.sh" --setup > "$tmp/bg_$name.setup" 2>&1 ||
            { echo "run_all.sh: $name --setup failed:"; cat "$tmp/bg_$name.setup"; }
        ( t0=$SECONDS; nice -n 10 bash "tests/suites/$name.sh" > "$tmp/bg_$name.out" 2>&1; echo "$? $((SECONDS - t0))" > "$tmp/bg_$name.rc" ) &
        bg+=("$name")
    done
fi
for s in tests/suites/*.sh; do
    [ -e "$s" ] || continue
    name=$(basename "$s" .sh)
    [ "$tier" = check ] && [[ " $CHECK_SUITES " != *" $name "* ]] && continue
    [[ " ${bg[*]} " == *" $name "* ]] && continue
    run "$name" bash "$s"
done
wait
for name in "${bg[@]}"; do
    read -r rc secs < "$tmp/bg_$name.rc" || { rc=1 secs=0; }
    summarize "$name (beside the others)" "$(cat "$tmp/bg_$name.out")" "$rc" "$secs"
done

for f in "${failed[@]}"; do echo "failed: $f"; done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
