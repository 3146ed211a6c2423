#!/usr/bin/env bash
# The RTL lints clean under `verilator --lint-only -Wall` and `iverilog -g2012`
# (make lint: rtl/lint.sh). The rtl/rtl.mk fragment has an include guard, so naming it
# works whether or not the top Makefile includes it.
cd "$(dirname "$0")/../.."
make --no-print-directory -f Makefile -f rtl/rtl.mk lint
