#!/usr/bin/env bash
# The RTL refuses at elaboration exactly what the C model refuses, at the edges of the
# legal space (tests/cosim/refusals.sh).
cd "$(dirname "$0")/../.."
exec bash tests/cosim/refusals.sh
