#!/usr/bin/env bash
# waves/make_waves.sh BIN VCDCMP DIR: the waves of `make waves`. Runs the traced
# 4x4-torus model BIN (V = 2, dor) for a small run with the waves of both sides in DIR:
# DIR/rtl.vcd (Verilator; rtl.fst with WAVES_FST=1) and DIR/c.vcd (c_model/waves/vcd.c).
# Then checks them: GTKWave's own converters parse both files, and every signal of the
# C model's file has the same values at the same times in the RTL's (VCDCMP).
# WAVES_WINDOW=A:B keeps cycles A..B only (default 0:300 of a 400-cycle run).
# Ends with "N passed, N failed".
set -u
bin=$1 cmp=$2 dir=$3
window=${WAVES_WINDOW:-0:300}
cycles=${WAVES_CYCLES:-400}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

mkdir -p "$dir"
rm -f "$dir/rtl.vcd" "$dir/rtl.fst" "$dir/c.vcd"
if "$bin" --waves "$dir" --window "$window" seed=1 flit_rate=0.6 msg_len=5 cycles="$cycles" warmup=100; then
    ok "run with waves"
else
    bad "run with waves"
fi
rtl=$dir/rtl.vcd
if [ -f "$dir/rtl.fst" ]; then
    # FST from Verilator: GTKWave's fst2vcd reads it back for the comparison
    if fst2vcd "$dir/rtl.fst" > "$tmp/rtl.vcd" 2> "$tmp/err" && [ -s "$tmp/rtl.vcd" ]; then
        ok "fst2vcd reads $dir/rtl.fst"
    else
        bad "fst2vcd reads $dir/rtl.fst: $(cat "$tmp/err")"
    fi
    rtl=$tmp/rtl.vcd
fi
for f in "$dir/c.vcd" "$rtl"; do
    [ -f "$f" ] || { bad "$f missing"; continue; }
    if vcd2fst "$f" "$tmp/x.fst" > "$tmp/err" 2>&1 && [ -s "$tmp/x.fst" ] && fst2vcd "$tmp/x.fst" > "$tmp/back.vcd" 2>/dev/null &&
        grep -q '^\$enddefinitions' "$tmp/back.vcd"; then
        ok "vcd2fst parses $f ($(du -h "$f" | cut -f1))"
    else
        bad "vcd2fst parses $f: $(head -c 300 "$tmp/err")"
    fi
done
if out=$("$cmp" "$dir/c.vcd" "$rtl" 2>&1); then
    ok "$out"
else
    bad "the C model's and the RTL's waves differ:"
    printf '%s\n' "$out" | sed 's/^/     /'
fi
echo "views: gtkwave $dir/rtl.$([ -f "$dir/rtl.fst" ] && echo fst || echo vcd) waves/router.gtkw   or   gtkwave $dir/c.vcd waves/router_c.gtkw"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
