#!/usr/bin/env bash
# The quick tier's lockstep run (make check): two Verilated networks, a dor torus and the
# same with the f-ring layer, each run beside the C model for one line of the CI list
# (tests/cosim/ci.runs), every wire compared every cycle. make test runs the whole CI
# subset (tests/suites/rtl_cosim.sh), which holds these lines.
cd "$(dirname "$0")/../.."
[ -n "${COSIM_OPT:-}" ] || export COSIM_OPT=-O0
models="t44v4 t44v6fr"
out=$(make --no-print-directory -j2 -f Makefile -f rtl/rtl.mk $(for m in $models; do echo "build/rtl/$m/cosim"; done) 2>&1) || {
    printf '%s\n' "$out" | tail -n 20; echo "0 passed, 1 failed"; exit 1; }
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
for m in $models; do grep -m 1 "^$m " tests/cosim/ci.runs; done > "$runs"
tests/cosim/suite.sh build/rtl "$runs"
