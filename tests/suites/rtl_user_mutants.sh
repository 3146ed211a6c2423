#!/usr/bin/env bash
# The scoreboard's own checks, mutated (tests/cosim/scoreboard_mutants.sh): a sample of
# SB_MUTANTS_N single-point mutants of harness/scoreboard.cpp (default 6, drawn by
# SB_MUTANTS_SEED), each run against the fault injector's two models (after rtl_user.sh,
# which builds them; kept when unchanged); every one must be killed, or listed as
# equivalent with its reason. make scoreboard-mutants runs them all.
cd "$(dirname "$0")/../.." || exit 2
make --no-print-directory -s -f Makefile -f rtl/rtl.mk deps-rtl build/libflitnet.a build/flitnet build/rtl/codes > /dev/null ||
    { echo "rtl_user_mutants: the build failed"; echo "0 passed, 1 failed"; exit 1; }
SB_MUTANTS_N=${SB_MUTANTS_N:-6} exec tests/cosim/scoreboard_mutants.sh build/rtl
