#!/usr/bin/env bash
# One registry drives every list of routings: flitnet built with one more routing
# (`test_dummy`, dor under another name: route.c's FLITNET_TEST_ROUTING) is met by every
# list the scripts and tests draw from, with none of them edited (the help, `flitnet
# routings`, `faults --vcs` that the f-ring proof and drain suites read, the soak's and the
# staged suite's random configurations, the co-simulation's random draws and their
# coverage bins, the routing unit tests); and no script or test keeps a list of its own.
cd "$(dirname "$0")/../.." || exit 2
pass=0
fail=0
ok() { pass=$((pass + 1)); }
no() { echo "FAIL $*"; fail=$((fail + 1)); }
make -s build/flitnet build/registry/flitnet build/registry/test_routing > /dev/null 2>&1 ||
    { echo "registry.sh: the test build failed"; echo "0 passed, 1 failed"; exit 1; }
D=build/registry/flitnet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the registry as printed
if "$D" routings | grep -q '^test_dummy code=14 levels=1 minimal=1 escape_set=0 faults=fring$' &&
    ! build/flitnet routings | grep -q test_dummy; then ok; else no "flitnet routings: test_dummy only in the test build"; fi
if "$D" help | grep -q '^  test_dummy '; then ok; else no "flitnet help does not list test_dummy"; fi
if "$D" faults --vcs | grep -q '^| `test_dummy` | 2 | 6 |$'; then ok; else no "faults --vcs (the f-ring suites' list) lacks test_dummy"; fi
if "$D" routings extra > /dev/null 2>&1; then no "flitnet routings took an argument"; else ok; fi

# the random configurations of the soak test and the staged suite
# shellcheck source=tests/lib/registry.sh
. tests/lib/registry.sh
# shellcheck source=tests/lib/random_config.sh
. tests/lib/random_config.sh
if registry_load "$D" && [ "${ROUTINGS[-1]}" = test_dummy ] && [ "$(registry_where R_FAULTS software)" = swft ]; then ok
else no "registry_load: ${ROUTINGS[*]}"; fi
seed=1
hit=0
for i in $(seq 1 300); do [[ $(draw "$i") == *" routing=test_dummy "* ]] && hit=$((hit + 1)); done
if [ "$hit" -gt 0 ]; then ok; else no "random_config.sh: 300 draws and no test_dummy"; fi
# a draw is a function of the seed and I alone (no subshell reseeds it)
a=$(for i in 1 2 3 4 5; do draw "$i"; done) b=$(for i in 1 2 3 4 5; do draw "$i"; done)
if [ "$a" = "$b" ]; then ok; else no "random_config.sh: the same draws differ"; fi

# the co-simulation's random configurations: a bin for the routing, and reached
out=$(FLITNET=$D COSIM_DRY=1 COSIM_UNTIL=covered COSIM_SEED=1 tests/cosim/random.sh "$tmp/r" 2>&1)
row=$(printf '%s\n' "$out" | grep -E '^  routing +')
if [[ $row == *" 15 of 15 "*test_dummy* ]]; then ok; else no "cosim random.sh's routing bins: '$row'"; fi

# the unit tests that go over every routing (the zero-load closed form, the registry's
# flags against what each routing does) take it in
u=$(build/registry/test_routing 2>&1)
if printf '%s\n' "$u" | grep -q 'PASSED' && ! printf '%s\n' "$u" | grep -q FAILED; then ok
else no "test_routing with test_dummy:"; printf '%s\n' "$u" | grep -E 'ERROR|FAIL' | head -5; fi

# no list of its own: a line naming six or more of the registry's routings, outside the
# seed's study (its algorithms are the paper's choice) and the hop-class family's tests
names=$(build/flitnet routings | awk '{ print $1 }' | tr '\n' ' ')
lists=$(git ls-files tests scripts app tb c_model models harness Makefile rtl/rtl.mk |
    grep -E '\.(sh|py|c|cpp|h|mk)$|Makefile' |
    grep -vxE 'scripts/study000.sh|tests/suites/study000.sh|tests/unit/test_routing.c' |
    xargs awk -v names="$names" 'BEGIN { n = split(names, a, " ") }
        { c = 0; for (i = 1; i <= n; i++) if (match($0, "(^|[^a-z_])" a[i] "([^a-z_]|$)")) c++
          if (c >= 6) print FILENAME ":" FNR }')
if [ -z "$lists" ]; then ok; else no "lists of routings of their own: $lists"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
