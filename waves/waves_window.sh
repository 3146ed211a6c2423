#!/usr/bin/env bash
# waves/waves_window.sh: the window of `make waves` (WAVES_WINDOW=A:B, default 0:300)
# checked against its run (WAVES_CYCLES, default 400: waves/make_waves.sh's defaults)
# before make_waves.sh clears the old waves: whole cycles, A <= B, A inside the run. An end
# past the run's last cycle is cut to it: the RTL harness would dump one clock edge after
# the run, which the C model's writer has not, and the two files would differ there.
# Prints A:B, or one line on stderr and exits 2.
set -u
window=${WAVES_WINDOW:-0:300}
cycles=${WAVES_CYCLES:-400}
fail() { echo "make waves: $*" >&2; exit 2; }
[[ $cycles =~ ^[0-9]{1,9}$ ]] && [ "$((10#$cycles))" -ge 1 ] || fail "WAVES_CYCLES must be a whole number of cycles >= 1 (got '$cycles')"
[[ $window =~ ^([0-9]{1,9}):([0-9]{1,9})$ ]] || fail "WAVES_WINDOW must be A:B, two cycle numbers (got '$window')"
a=$((10#${BASH_REMATCH[1]})) b=$((10#${BASH_REMATCH[2]})) c=$((10#$cycles))
[ "$a" -le "$b" ] || fail "WAVES_WINDOW=$window starts after it ends"
[ "$a" -lt "$c" ] || fail "WAVES_WINDOW=$window starts after the run's last cycle ($((c - 1)); WAVES_CYCLES=$c)"
[ "$b" -lt "$c" ] || b=$((c - 1))
echo "$a:$b"
