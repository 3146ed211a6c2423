#!/usr/bin/env bash
# A short libFuzzer run of every harness (tests/fuzz/) from its committed corpus: 10 s each,
# no crash, sanitizer report, leak or slow input. `make fuzz` runs them longer.
cd "$(dirname "$0")/../.."
exec tests/fuzz/run.sh "${FUZZ_CI_TIME:-10}" $(ls tests/fuzz/fuzz_*.c | sed 's|tests/fuzz/fuzz_||; s|\.c$||')
