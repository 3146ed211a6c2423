#!/usr/bin/env bash
# The CI subset of the lockstep co-simulation (make cosim-ci: tests/cosim/ci.runs): the
# Verilated network and the C model agree on every link, ejection, injection and
# credit wire in every cycle, and each RTL mutant of the subset is caught.
cd "$(dirname "$0")/../.."
# COSIM_OPT=-O0: the models compile two to five times faster, and most CI runs are short;
# COSIM_OPT_LONG=-O1 for the models whose runs are not (RTL_MODELS_LONG in rtl/rtl.mk:
# their runs take 10x longer at -O0)
# (a COSIM_OPT of the caller's applies to every model, unless COSIM_OPT_LONG is set too)
[ -n "${COSIM_OPT:-}" ] || { export COSIM_OPT=-O0; export COSIM_OPT_LONG=${COSIM_OPT_LONG:--O1}; }
out=$(make --no-print-directory -j2 -f Makefile -f rtl/rtl.mk cosim-ci 2>&1)
rc=$?
printf '%s\n' "$out"
# a build that fails before the suite runs has no summary line: count it
if ! printf '%s\n' "$out" | tail -n 1 | grep -Eq '^[0-9]+ passed, [0-9]+ failed$'; then
    echo "0 passed, 1 failed"
fi
exit $rc
