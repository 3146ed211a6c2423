#!/usr/bin/env bash
# Runs every test suite, plain and under AddressSanitizer + UndefinedBehaviorSanitizer,
# shows the output of any that fails, and ends with one line: "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
pass=0
fail=0
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# run LABEL CMD...: a cmocka binary, or any command whose closing line is "N passed, N failed"
run() {
    local label=$1
    shift
    local out rc p f
    local t0=$SECONDS
    out=$("$@" 2>&1)
    rc=$?
    p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\./\1/p; s/^\([0-9]*\) passed, [0-9]* failed.*/\1/p' | tail -n 1)
    f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:/\1/p; s/^[0-9]* passed, \([0-9]*\) failed.*/\1/p' | tail -n 1)
    p=${p:-0}
    f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi # crashed or failed without a summary
    pass=$((pass + p))
    fail=$((fail + f))
    printf '%-34s %3d passed, %d failed  (%ds)\n' "$label" "$p" "$f" $((SECONDS - t0))
    if [ "$f" -ne 0 ]; then
        printf '%s\n' "$out" | sed 's/^/    | /'
    fi
}

for t in build/tests/test_*; do
    run "$(basename "$t")" "$t"
done
for t in build/asan/tests/test_*; do
    FLITNET=build/asan/flitnet run "asan+ubsan $(basename "$t")" "$t"
done
for s in tests/suites/*.sh; do
    [ -e "$s" ] || continue
    run "$(basename "$s" .sh)" bash "$s"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
