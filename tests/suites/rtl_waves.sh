#!/usr/bin/env bash
# make waves: the RTL's and the C model's waves of a small run parse with GTKWave's
# converters and carry the same values on the shared signals (waves/make_waves.sh).
# Then: the comparison does fail on a changed value, a missing signal and a shifted
# time, and every signal the committed GTKWave views show exists in both files; and the
# waves of a model with two-slot FIFOs (m54v3e) equal too.
cd "$(dirname "$0")/../.."
out=$(make --no-print-directory -f Makefile -f rtl/rtl.mk waves 2>&1)
rc=$?
printf '%s\n' "$out"
read -r pass fail < <(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' | tail -n 1)
pass=${pass:-0}
fail=${fail:-1}
[ $rc -eq 0 ] || [ "$fail" -gt 0 ] || fail=1
ok() { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmp=build/rtl/vcdcmp
if [ -s waves/c.vcd ] && [ -s waves/rtl.vcd ]; then
    # the comparison can fail: flip the first value change of a 64-bit flit after the dump
    # header, drop a signal, shift time
    awk '/^b[01]+ / && !done && seen { v = substr($1, 2); n = length(v); last = substr(v, n, 1);
         $1 = "b" substr(v, 1, n - 1) (last == "0" ? "1" : "0"); done = 1 } /^#/ && $0 != "#0" { seen = 1 } { print }' \
        waves/c.vcd > "$tmp/flip.vcd"
    if ! "$cmp" "$tmp/flip.vcd" waves/rtl.vcd > "$tmp/o" 2>&1 && grep -q differs "$tmp/o"; then
        ok "vcdcmp reports a changed value: $(grep -m1 differs "$tmp/o" | cut -c1-110)"
    else
        bad "vcdcmp missed a changed value"
    fi
    sed 's/ lfsr \[15:0\] / lfsr_renamed [15:0] /' waves/c.vcd > "$tmp/ren.vcd"
    if ! "$cmp" "$tmp/ren.vcd" waves/rtl.vcd > "$tmp/o" 2>&1 && grep -q missing "$tmp/o"; then
        ok "vcdcmp reports a signal the RTL does not have"
    else
        bad "vcdcmp missed a missing signal"
    fi
    awk '/^#[0-9]+$/ { t = substr($0, 2) + 0; if (t > 100) t += 10; print "#" t; next } { print }' waves/c.vcd > "$tmp/shift.vcd"
    if ! "$cmp" "$tmp/shift.vcd" waves/rtl.vcd > "$tmp/o" 2>&1; then
        ok "vcdcmp reports values at the wrong time"
    else
        bad "vcdcmp missed a time shift"
    fi
    # the committed views name signals both files have
    "$cmp" --list waves/rtl.vcd | sort > "$tmp/rtl.names"
    "$cmp" --list waves/c.vcd | sort > "$tmp/c.names"
    comm -12 "$tmp/rtl.names" "$tmp/c.names" > "$tmp/both.names"
    for view in waves/router.gtkw waves/router_c.gtkw; do
        sed -n 's/^+{[^}]*} //p' "$view" | sort -u > "$tmp/view.names"
        n=$(wc -l < "$tmp/view.names")
        comm -13 "$tmp/both.names" "$tmp/view.names" > "$tmp/missing"
        if [ ! -s "$tmp/missing" ] && [ "$n" -gt 50 ]; then
            ok "$view: its $n signals are in both waves"
        else
            bad "$view: $(wc -l < "$tmp/missing") of its $n signals are not in both waves"
            head -5 "$tmp/missing" | sed 's/^/     /'
        fi
    done
else
    bad "make waves left no waves/c.vcd and waves/rtl.vcd"
fi
# the same check on m54v3e (traced, in CI): FIFOs of two slots in and out (make waves' model
# has one-slot buffers), whose head and stale slots are registers no compared wire shows
if make --no-print-directory -s -f Makefile -f rtl/rtl.mk build/rtl/m54v3e/cosim > "$tmp/build.log" 2>&1; then
    waves/make_waves.sh build/rtl/m54v3e/cosim "$cmp" "$tmp/m54v3e" > "$tmp/w54" 2>&1
    w_rc=$?
    sed -n 's/^ok   vcdcmp: /m54v3e: /p' "$tmp/w54"
    if [ $w_rc -eq 0 ] && grep -q '^4 passed, 0 failed$' "$tmp/w54"; then
        ok "m54v3e (B = Bo = 2): the RTL's waves equal the C model's"
    else
        bad "m54v3e (B = Bo = 2): waves differ or do not parse:"
        grep -A2 '^FAIL' "$tmp/w54" | head -8 | sed 's/^/     /'
    fi
    # a view of any run's waves (waves/gen_gtkw.sh VCD ROUTER): 20 nodes, 5 ports, 3 VCs,
    # two-slot FIFOs (wider counters than the committed views'); every signal it names is
    # declared in the file it was made from, the RTL's and the C model's
    for f in "$tmp/m54v3e/rtl.vcd" "$tmp/m54v3e/c.vcd"; do
        if waves/gen_gtkw.sh "$f" 7 "$tmp/v.gtkw" > /dev/null; then
            sed -n 's/^+{[^}]*} //p' "$tmp/v.gtkw" | sort -u > "$tmp/view.names"
            comm -13 <("$cmp" --list "$f" | sort) "$tmp/view.names" > "$tmp/missing"
            n=$(wc -l < "$tmp/view.names")
            if [ ! -s "$tmp/missing" ] && [ "$n" -eq 242 ]; then
                ok "gen_gtkw.sh $(basename "$f") 7: its $n signals are in the file"
            else
                bad "gen_gtkw.sh $(basename "$f") 7: $n signals (want 242), $(wc -l < "$tmp/missing") not in the file"
                head -3 "$tmp/missing" | sed 's/^/     /'
            fi
        else
            bad "gen_gtkw.sh $(basename "$f") 7 failed"
        fi
    done
    # what it refuses: one line on stderr, exit 1, no view written
    v=$tmp/m54v3e/c.vcd
    awk '{ print } /lfsr/ { exit }' "$v" > "$tmp/cut.vcd" # cut short after router 0's first signal
    while IFS='|' read -r want args; do
        read -r -a a <<< "$args"
        rm -f "$tmp/r.gtkw"
        err=$(waves/gen_gtkw.sh "${a[@]}" 2>&1 > /dev/null)
        rc=$?
        if [ $rc = 1 ] && [ "$(wc -l <<< "$err")" = 1 ] && [[ $err == "gen_gtkw.sh: "*"$want"* ]] && [ ! -e "$tmp/r.gtkw" ]; then
            ok "gen_gtkw.sh ${args//$tmp/TMP}: refused"
        else
            bad "gen_gtkw.sh ${args//$tmp/TMP}: exit $rc, wanted one line naming '$want': $err"
        fi
    done <<EOF
has no router 20|$v 20 $tmp/r.gtkw
ROUTER must be a node number|$v x $tmp/r.gtkw
ROUTER must be a node number|$v 99999999999 $tmp/r.gtkw
cannot read|$tmp/none.vcd 0 $tmp/r.gtkw
cannot read|$tmp 0 $tmp/r.gtkw
'waves/router.gtkw' has no router 0|waves/router.gtkw 0 $tmp/r.gtkw
too many arguments|$v 0 $tmp/r.gtkw extra
OUT is the VCD itself|$v 0 $v
cannot write|$v 0 $tmp/no/such/dir/r.gtkw
declares router 0 with 0 ports and 0 VCs: cut short|$tmp/cut.vcd 0 $tmp/r.gtkw
EOF
else
    bad "m54v3e does not build: $(tail -n 3 "$tmp/build.log")"
fi
# make waves' window, checked before the old waves are cleared (waves/waves_window.sh)
for w in abc 300:100 500:600 5:-1 1:2junk; do
    e=$(WAVES_WINDOW=$w waves/waves_window.sh 2>&1 > /dev/null)
    if [ $? = 2 ] && [ "$(wc -l <<< "$e")" = 1 ] && grep -q "^make waves: WAVES_WINDOW" <<< "$e"; then ok "WAVES_WINDOW=$w refused"; else bad "WAVES_WINDOW=$w: $e"; fi
done
w=$(WAVES_WINDOW=0:400 waves/waves_window.sh) && [ "$w" = 0:399 ] && ok "a window past the run is cut to its last cycle" || bad "WAVES_WINDOW=0:400 gives '$w'"
w=$(WAVES_CYCLES=300 waves/waves_window.sh) && [ "$w" = 0:299 ] && ok "the default window of a 300-cycle run" || bad "WAVES_CYCLES=300 gives '$w'"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
