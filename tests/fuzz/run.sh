#!/usr/bin/env bash
# run.sh SECONDS NAME...: each harness build/fuzz/fuzz_NAME for SECONDS (JOBS at a time), from the committed
# corpus tests/fuzz/corpus/NAME (read only) plus build/fuzz/corpus/NAME (grows). One line per
# harness (the harnesses' own stdout and stderr are closed: -close_fd_mask); the last line is "N passed, M failed" (a crash, a sanitizer report, a leak or an
# input slower than 25 s fails its harness, and its input is kept as build/fuzz/crash-*).
set -u
cd "$(dirname "$0")/../.." || exit 2
secs=$1
shift
pass=0 fail=0
# one harness: its result line into build/fuzz/NAME.result, "ok" or "FAILED" first
fuzz_one() {
    local n=$1 log=build/fuzz/$1.log runs cov
    mkdir -p "build/fuzz/corpus/$n" "tests/fuzz/corpus/$n"
    # absolute paths: a harness may change its working directory (fuzz_model does)
    if "build/fuzz/fuzz_$n" -max_total_time="$secs" -timeout=25 -rss_limit_mb=2048 -max_len=4096 \
        -artifact_prefix="$PWD/build/fuzz/" -print_final_stats=1 -close_fd_mask=3 \
        "$PWD/build/fuzz/corpus/$n" "$PWD/tests/fuzz/corpus/$n" > "$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
        printf 'ok fuzz_%-8s %s s, %s inputs, %s, corpus %s\n' "$n" "$secs" "${runs:-?}" "${cov:-cov: ?}" \
            "$(find "build/fuzz/corpus/$n" "tests/fuzz/corpus/$n" -type f | wc -l)" > "build/fuzz/$n.result"
    else
        { echo "FAILED fuzz_$n FAILED:"
          grep -E 'ERROR|SUMMARY|timeout|Test unit written' "$log" | head -n 5 | sed 's/^/    /'; } > "build/fuzz/$n.result"
    fi
}
# the harnesses are single processes: JOBS (default: the cores) at a time, each its own
# SECONDS, reported in order
. tests/lib/jobs.sh
jobs_init fuzz/run.sh
mkdir -p build/fuzz
for n in "$@"; do
    rm -f "build/fuzz/$n.result"
    job_slot
    fuzz_one "$n" &
done
wait
for n in "$@"; do
    if [ -f "build/fuzz/$n.result" ] && [ "$(head -c 3 "build/fuzz/$n.result")" = "ok " ]; then
        cut -c4- "build/fuzz/$n.result"
        pass=$((pass + 1))
    else
        if [ -f "build/fuzz/$n.result" ]; then cut -d' ' -f2- "build/fuzz/$n.result"; else echo "fuzz_$n FAILED: no result"; fi
        fail=$((fail + 1))
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
