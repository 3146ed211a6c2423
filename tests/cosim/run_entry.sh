# shellcheck shell=bash
# shellcheck disable=SC2034  # expect, want and keys are for the scripts that source this file
# tests/cosim/run_entry.sh, sourced by tests/cosim/user.sh and scoreboard_mutants.sh.
# run_entry ENTRY: one run of a RUNS list split into expect (1 when it starts with '!':
# the run must find a violation), want (the TEXT of '!/TEXT/ keys': the violation line
# must contain it) and keys (the rest: the run's keys and plusargs).
run_entry() {
    keys=$1 expect='' want=''
    if [ "${keys:0:1}" = '!' ]; then expect=1; keys=${keys:1}; fi
    if [ -n "$expect" ] && [ "${keys:0:1}" = / ]; then
        keys=${keys:1}
        want=${keys%%/*}
        keys=$(sed 's/^ *//' <<< "${keys#*/}")
    fi
}
