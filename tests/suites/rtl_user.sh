#!/usr/bin/env bash
# Any router in the network (make cosim-user-ci, docs/router-interface.md): the worked
# example rtl/examples/flitnet_iq_router through the scoreboard on a 4x4 torus at three
# loads, its three broken variants (rtl/examples/broken/*.patch) each stopped by a
# violation, each check of the scoreboard made to fire by a fault injector
# (tests/cosim/user_fault_router.sv), our router renamed and run in lockstep, and a
# router whose port list does not match refused with one line naming the port.
cd "$(dirname "$0")/../.."
# the networks' C++ at -O0 (USER_OPT, harness/build_user.sh): every run here is short, and
# the compile is most of the time
export USER_OPT=${USER_OPT:--O0}
out=$(make --no-print-directory -j1 -f Makefile -f rtl/rtl.mk cosim-user-ci 2>&1)
rc=$?
printf '%s\n' "$out"
if ! printf '%s\n' "$out" | tail -n 1 | grep -Eq '^[0-9]+ passed, [0-9]+ failed$'; then
    echo "0 passed, 1 failed"
fi
exit $rc
