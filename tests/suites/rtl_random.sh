#!/usr/bin/env bash
# Constrained-random structural configurations in lockstep (make cosim-random,
# tests/cosim/random.sh): two new configurations on every run, drawn from a seed the log
# prints first; COSIM_SEED=that make cosim-random replays a failure exactly. Then, without
# building anything (COSIM_DRY=1): a coverage-directed draw reaches every parameter value
# (the f-ring layer among them, which no draw reached before the table existed), and bad
# settings are refused with one line and exit 2.
cd "$(dirname "$0")/../.." || exit 2
# (a COSIM_OPT of the caller's applies to every model, unless COSIM_OPT_LONG is set too)
[ -n "${COSIM_OPT:-}" ] || { export COSIM_OPT=-O0; export COSIM_OPT_LONG=${COSIM_OPT_LONG:--O1}; }
# COSIM_MAX_IVCS=360: CI's two draws take about a minute at most (on 2 cores, the larger
# draw decides: 1296 input VCs, the 3x3x3 unidirectional torus at V = 12, took 90 s of the
# suite's 105; 460 under f-rings, a 2x2 mesh at V = 23, 80 s of 88; the cap was 480 until
# 2026-11-29, when CI neared its 30 minutes); the full suite's draws (make cosim) keep the
# 1600 of random.sh
export COSIM_MAX_IVCS=${COSIM_MAX_IVCS:-360}
out=$(COSIM_N=${COSIM_N:-2} make --no-print-directory -f Makefile -f rtl/rtl.mk cosim-random 2>&1)
rc=$?
printf '%s\n' "$out"
read -r pass fail < <(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
[ -n "${pass:-}" ] || { pass=0 fail=1; }
[ $rc = 0 ] || [ "$fail" -gt 0 ] || fail=1

check() { # name ok(0/1) detail
    if [ "$2" = 1 ]; then pass=$((pass + 1)); echo "ok   $1"; else fail=$((fail + 1)); echo "FAIL $1: $3"; fi
}
export FLITNET=build/flitnet
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
dout=$(COSIM_DRY=1 COSIM_UNTIL=covered COSIM_SEED=1 tests/cosim/random.sh "$d" 2>&1)
ok=0
grep -q '^  every value reached$' <<< "$dout" && grep -q '^draw .*fault_handling=fring' <<< "$dout" &&
    tail -n 1 <<< "$dout" | grep -q '^0 passed, 0 failed$' && ok=1
check "directed draw (COSIM_SEED=1): every parameter value reached, f-ring draws among them" $ok \
    "$(grep -E 'configurations, |not reached|FAIL' <<< "$dout")"
# a cap on the input VCs holds for every draw: 40 configurations under COSIM_MAX_IVCS=150
capped=$(COSIM_DRY=1 COSIM_N=40 COSIM_SEED=7 COSIM_MAX_IVCS=150 COSIM_RUNS=1 tests/cosim/random.sh "$d" 2>&1 |
    awk '/^draw / {
        n = 0; over = 0
        for (i = 2; i <= NF && $i != "|"; i++) { split($i, kv, "="); c[kv[1]] = kv[2] }
        nodes = 1
        if (c["topology"] == "hypercube") { nodes = 2 ^ c["n"]; ports = c["n"] + 1 }
        else {
            m = split(c["k"], ks, ",")
            for (d = 1; d <= c["n"]; d++) nodes *= (m == 1 ? ks[1] : ks[d])
            ports = (c["topology"] == "torus_uni" ? c["n"] : 2 * c["n"]) + 1
        }
        ivcs = nodes * ports * c["vcs"]; draws++; if (ivcs > max) max = ivcs; if (c["vcs"] > vmax) vmax = c["vcs"]
    } END { print draws + 0, max + 0, vmax + 0 }')
read -r cdraws cmax cvmax <<< "$capped"
ok=0
[ "$cdraws" = 40 ] && [ "$cmax" -le 150 ] && [ "$cmax" -gt 100 ] && [ "$cvmax" -gt 8 ] && ok=1
check "COSIM_MAX_IVCS=150: 40 draws, the largest $cmax input VCs, V up to $cvmax" $ok "$capped"
for bad in COSIM_N=abc COSIM_N=0 COSIM_SEED=-1 COSIM_UNTIL=yes COSIM_DRY=yes JOBS=2x COV_KIND=toggle COSIM_MAX_IVCS=99 COSIM_MAX_IVCS=1e3; do
    berr=$(env "$bad" COSIM_DRY="$([ "${bad%%=*}" = COSIM_DRY ] && echo "${bad#*=}" || echo 1)" \
        tests/cosim/random.sh "$d" 2>&1 > /dev/null)
    brc=$?
    ok=0
    [ $brc = 2 ] && [ "$(wc -l <<< "$berr")" = 1 ] && grep -q "^random.sh: ${bad%%=*} must be" <<< "$berr" && ok=1
    check "refused: $bad" $ok "exit $brc, stderr: $berr"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
