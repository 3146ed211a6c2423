#!/usr/bin/env bash
# The router's formal properties (docs/formal.md), CI tier:
# - the configurations of the ci tier of tests/formal/configs.txt proved or bounded by
#   tests/formal/formal.py, nothing failed (FORMAL_PDR_SECONDS, default 20, per one);
# - MUT_NO_CREDIT, which formal must kill with a counterexample VCD naming the property;
# - make formal-user's path: the example router (rtl/examples/) passes, each of its broken
#   variants fails with a counterexample VCD, IQ_CREDIT_BYPASS is refused by the port check;
#   the second example (flitnet_la_router, its own conventions through IFACE) passes;
# - rtl/yosys_reads.py refuses what yosys reads otherwise than Icarus, and only that.
# Two checks at a time (each is one process). make formal runs every configuration.
cd "$(dirname "$0")/../.." || exit 2
# --setup: only what the checks need built (tests/run_all.sh makes it before running this
# suite beside the others)
make --no-print-directory -s -f Makefile -f rtl/rtl.mk deps-rtl build/libflitnet.a build/flitnet build/rtl/codes > /dev/null ||
    { echo "formal: the set-up failed"; echo "0 passed, 1 failed"; exit 1; }
[ "${1:-}" = --setup ] && exit 0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ex=(rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv rtl/examples/flitnet_iq_router.sv)

# CHECK: one check, its output in $tmp/CHECK.out, its verdict in $tmp/CHECK.rc
ci_tier() {
    local out
    out=$(python3 tests/formal/formal.py --tier ci --pdr-seconds "${FORMAL_PDR_SECONDS:-20}" --out build/formal/ci 2>&1)
    echo "$out"
    grep -q '^formal: [0-9]* proved, [0-9]* bounded, 0 failed$' <<< "$out"
}
# the description of the property the check must fail, an extended regex
must_fail() { # NAME WANT OUTDIR CMD...
    local name=$1 want=$2 d=$3 out
    shift 3
    out=$("$@" 2>&1)
    if grep -Eq "FAILED (§[0-9.]+ )? *($want)" <<< "$out" && [ -s "$d/cex.vcd" ]; then
        echo "ok   $name killed: $(grep -o 'FAILED .*' <<< "$out" | head -1)"
        return 0
    fi
    echo "FAIL $name: not failed at /$want/"
    sed 's/^/     /' <<< "$out"
    return 1
}
mut_no_credit() {
    tests/mutants/apply.sh MUT_NO_CREDIT "$tmp/m" > /dev/null || return 1
    must_fail MUT_NO_CREDIT 'a flit leaves only into room downstream|a flit left on output VC N without a credit' \
        build/formal/mutants/MUT_NO_CREDIT/t44_dor_v2 \
        python3 tests/formal/formal.py --pdr-seconds 0 --rtl "$tmp/m/rtl" --out build/formal/mutants/MUT_NO_CREDIT t44_dor_v2
}
example() {
    local out
    out=$(FORMAL_PDR_SECONDS=20 tests/formal/user.sh "${ex[*]}" flitnet_iq_router "" 6 2>&1)
    echo "$out"
    grep -q '^formal: [0-9]* proved, [0-9]* bounded, 0 failed$' <<< "$out"
}
# the second worked example, a router of other conventions, through IFACE (its adapter);
# bounded only (no PDR): CI checks the path, make formal-user with PDR is in docs/formal.md
la_example() {
    local out
    out=$(FORMAL_PDR_SECONDS=0 tests/formal/user.sh "rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv rtl/examples/flitnet_la_router.sv" \
        flitnet_la_router "" 6 "ports=neighbour credits=bus ej_credits=1 hops=network sideband=8" 2>&1)
    echo "$out"
    grep -q '^formal: [0-9]* proved, [0-9]* bounded, 0 failed$' <<< "$out"
}
broken() { # VARIANT WANT: the example with the variant's patch, under formal-user's harness
    local b=$1 want=$2 d=$tmp/$1 files=()
    mkdir -p "$d/rtl"
    cp -r rtl/examples "$d/rtl/"
    patch -d "$d" -p1 --batch --fuzz=0 -s < "rtl/examples/broken/$b.patch" || return 1
    for f in "${ex[@]}"; do files+=("$d/$f"); done
    must_fail "$b" "$want" "build/formal/broken/$b" \
        python3 tests/formal/formal.py --pdr-seconds 0 --out build/formal/broken --dut flitnet_iq_router --depth 6 \
        --files "${files[*]}" --params "TOPO=0 NDIM=2 K=1028 V=2 B=2 BO=1 ROUTING=0" "$b"
}
bypass_refused() {
    local d=$tmp/bypass out
    mkdir -p "$d/rtl"
    cp -r rtl/examples "$d/rtl/"
    patch -d "$d" -p1 --batch --fuzz=0 -s < rtl/examples/broken/IQ_CREDIT_BYPASS.patch || return 1
    out=$(tests/formal/user.sh "$d/rtl/examples/flitnet_iq_vc_alloc.sv $d/rtl/examples/flitnet_iq_sw_alloc.sv $d/rtl/examples/flitnet_iq_router.sv" \
        flitnet_iq_router "" 6 2>&1)
    if [ "$(wc -l <<< "$out")" -eq 1 ] && grep -q '^formal-user: .*' <<< "$out"; then
        echo "ok   IQ_CREDIT_BYPASS refused: $out"
        return 0
    fi
    echo "FAIL IQ_CREDIT_BYPASS: not refused in one line"
    sed 's/^/     /' <<< "$out"
    return 1
}

# rtl/yosys_reads.py refuses exactly the expressions yosys reads as another value than
# Icarus does (docs/formal.md: a unary operator before a size cast)
yosys_reads() {
    local e n=0 bad=0 f y i flagged
    local exprs=("~V'(3)" "-V'(1)" "{V{1'b1}} & ~V'(3)" "~4'(3)" "~(V'(3))" "V'(5) - V'(1)" "-(V'(1))" "V'(6) & V'(3)")
    for e in "${exprs[@]}"; do
        n=$((n + 1)) f=$tmp/yr$n.sv
        printf 'module t (output logic [3:0] y);\n  localparam int V = 4;\n  assign y = %s;\nendmodule\n' "$e" > "$f"
        printf 'module tb; logic [3:0] y; t u (.y(y)); initial #1 $display("%%b", y); endmodule\n' > "$tmp/yr$n.tb.sv"
        y=$(yosys -p "read_verilog -sv $f; prep -top t; sat -show y" 2>&1 | awk '$1 == "\\y" { print $4 }')
        iverilog -g2012 -o "$tmp/yr$n.vvp" "$f" "$tmp/yr$n.tb.sv" && i=$(vvp -n "$tmp/yr$n.vvp" | head -1)
        python3 rtl/yosys_reads.py "$f" > /dev/null && flagged=0 || flagged=1
        if [ -z "$y" ] || [ -z "$i" ]; then echo "FAIL yosys_reads: no value of '$e' (yosys '$y', Icarus '$i')"; bad=$((bad + 1))
        elif [ "$flagged" != "$([ "$y" = "$i" ] && echo 0 || echo 1)" ]; then
            echo "FAIL yosys_reads: '$e' is $y in yosys, $i in Icarus, and the guard $([ $flagged = 1 ] && echo refuses || echo passes) it"
            bad=$((bad + 1))
        fi
    done
    [ $bad -eq 0 ] && echo "ok   yosys_reads.py refuses the $n expressions exactly where yosys and Icarus differ"
}

# what a user may type wrong: one line and a non-zero exit each, before any proof
refusals() {
    local ok=0 c out rc
    # the example with a mask yosys would read otherwise (rtl/yosys_reads.py)
    mkdir -p "$tmp/cast" && cp rtl/examples/*.sv "$tmp/cast/" &&
        sed -i "0,/^);/s//);\n  localparam logic [3:0] UNUSED_MASK = ~4'(3);/" "$tmp/cast/flitnet_iq_router.sv"
    local cases=("tests/formal/user.sh no/such.sv my_router"
                 "tests/formal/user.sh rtl/examples/flitnet_iq_router.sv 'my router'"
                 "tests/formal/user.sh rtl/examples/flitnet_iq_router.sv flitnet_iq_router 'k=4 n=2 bogus=1'"
                 "tests/formal/user.sh rtl/examples/flitnet_iq_router.sv flitnet_iq_router '' 0"
                 "tests/formal/user.sh rtl/examples/flitnet_iq_router.sv flitnet_iq_router 'k=4 n=2 vcs=2 routing=nbc'"
                 "tests/suites/../formal/user.sh tests/cosim/user_bad_ports.sv user_bad_ports"
                 "tests/formal/user.sh rtl/examples/flitnet_la_router.sv flitnet_la_router '' 6 'credits=smoke'"
                 "tests/formal/user.sh 'rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv rtl/examples/flitnet_la_router.sv' flitnet_la_router '' 6"
                 "python3 tests/formal/formal.py no_such_configuration"
                 "tests/formal/user.sh '$tmp/cast/flitnet_iq_vc_alloc.sv $tmp/cast/flitnet_iq_sw_alloc.sv $tmp/cast/flitnet_iq_router.sv' flitnet_iq_router")
    for c in "${cases[@]}"; do
        out=$(eval "$c" 2>&1)
        rc=$?
        if [ $rc -ne 0 ] && [ "$(wc -l <<< "$out")" -eq 1 ] && [ -n "$out" ]; then
            ok=$((ok + 1))
        else
            echo "FAIL refusal of: $c (exit $rc)"
            sed 's/^/     /' <<< "$out"
        fi
    done
    echo "ok   $ok of ${#cases[@]} bad inputs refused in one line"
    [ $ok -eq ${#cases[@]} ]
}

# FUNCTION;ARG;ARG
checks=("ci_tier" "mut_no_credit" "example" "la_example"
        "broken;IQ_CREDIT_EARLY;a flit written into a full FIFO.*|a credit returns only for a flit the input FIFO held|an assertion of the design"
        "broken;IQ_DROP_ON_CONFLICT;worms leave whole.*|a worm's flits leave in order.*|no flit of an input VC sent on more often.*"
        "broken;IQ_NO_RESET;body and tail flits leave intact|worms leave whole.*|a worm's flits leave in order.*|an assertion of the design"
        "bypass_refused" "refusals" "yosys_reads")
running=0
for i in "${!checks[@]}"; do
    if [ $running -ge 2 ]; then wait -n; running=$((running - 1)); fi
    IFS=';' read -r fn a1 a2 <<< "${checks[$i]}"
    ( if [ -n "$a1" ]; then "$fn" "$a1" "$a2"; else "$fn"; fi > "$tmp/$i.out" 2>&1; echo $? > "$tmp/$i.rc" ) &
    running=$((running + 1))
done
wait
pass=0 fail=0
for i in "${!checks[@]}"; do
    cat "$tmp/$i.out"
    if [ "$(cat "$tmp/$i.rc")" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
