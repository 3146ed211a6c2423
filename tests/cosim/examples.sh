#!/usr/bin/env bash
# examples.sh BUILD ci|full: the worked example of docs/router-interface.md through the
# scoreboard (tests/cosim/user.sh), the three broken variants caught, every check of the
# scoreboard made to fire by a fault injector, lockstep on a cycle-exact user design, and
# a router whose port list does not match refused with one line naming the port. Every
# model is built with --assert (and so FLITNET_ASSERT: flitnet_fifo's invariants).
#   ci:   one small configuration (4x4 torus, V = 2, B = 2, dor) at three loads, the
#         broken variants on it; the second example (other conventions, IFACE=) on it,
#         its broken variant, the adapter's sideband mutated, a bad IFACE refused; tests/cosim/user_fault_router.sv (the example behind a
#         fault injector, 4x4 torus V = 2 B = 2 swft): one run per check of the
#         scoreboard, each stopped by that check; our router renamed (user_copy_router,
#         made by sed) in lockstep on a 4x4 unidirectional torus; the interface mismatch
#         (make cosim-user-ci, tests/suites/rtl_user.sh)
#   full: the matrix (make cosim-examples, and make cosim after its suite): tori, a mesh,
#         a hypercube, a unidirectional torus; dor, dor_escape, duato, duato_nbc with a
#         time-out, fully_adaptive, dor with f-rings and faults; light load to past
#         saturation; several traffic patterns; the example with B = 3 (its credit loop
#         covered, docs/rtl.md); the example in lockstep, which must fail (it is correct
#         but not cycle-exact); the fault injector on a 4x4 mesh, V = 3, dor, for the
#         four checks the CI's fault model cannot reach
# Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1 which=$2
EX="$root/rtl/examples/flitnet_iq_vc_alloc.sv $root/rtl/examples/flitnet_iq_sw_alloc.sv $root/rtl/examples/flitnet_iq_router.sv"
# the fault injector's models and runs (FAULTS, FAULTS_M44V3), the broken variants (BROKEN)
# shellcheck source=tests/cosim/user_faults.sh
. "$root/tests/cosim/user_faults.sh"
pass=0 fail=0
t0=$SECONDS
# Every model is its own directory, so the groups below build and run JOBS (default: the
# cores) at a time in the background; their outputs are printed in order at the end.
# shellcheck source=tests/lib/jobs.sh
. "$root/tests/lib/jobs.sh"
jobs_init examples.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
njob=0
job() { # FUNCTION ARG...: in the background, its output and its counts kept for collect
    job_slot
    ( pass=0 fail=0; "$@" > "$tmp/$njob.out" 2>&1; echo "$pass $fail" > "$tmp/$njob.pf" ) &
    njob=$((njob + 1))
}
collect() {
    local k p f
    wait
    for ((k = 0; k < njob; k++)); do
        cat "$tmp/$k.out"
        read -r p f < "$tmp/$k.pf" || { p=0 f=1; echo "examples.sh: job $k ended without its counts"; }
        pass=$((pass + p)) fail=$((fail + f))
    done
}

one() { # name cfg runs [build option...]
    local out p f
    out=$("$root/tests/cosim/user.sh" "$build" "$1" flitnet_iq_router "$EX" "$2" scoreboard "$3" --assert "${@:4}" 2>&1)
    printf '%s\n' "$out" | sed '$d'
    p=$(tail -n 1 <<< "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    f=$(tail -n 1 <<< "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    pass=$((pass + ${p:-0}))
    fail=$((fail + ${f:-1}))
}

broken() { # name cfg runs patch
    local out p f
    out=$(cd "$root" && tests/cosim/user.sh "$build" "$1" flitnet_iq_router "$EXREL" "$2" scoreboard "$3" \
          --assert --patch="$root/rtl/examples/broken/$4.patch" 2>&1)
    printf '%s\n' "$out" | sed '$d'
    p=$(tail -n 1 <<< "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    f=$(tail -n 1 <<< "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    pass=$((pass + ${p:-0}))
    fail=$((fail + ${f:-1}))
}

user_runs() { # name top files cfg mode runs
    local out p f
    out=$(cd "$root" && tests/cosim/user.sh "$build" "$1" "$2" "$3" "$4" "$5" "$6" --assert 2>&1)
    printf '%s\n' "$out" | sed '$d'
    p=$(tail -n 1 <<< "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    f=$(tail -n 1 <<< "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    pass=$((pass + ${p:-0}))
    fail=$((fail + ${f:-1}))
}

# lockstep on a user design that is cycle-exact: our router under another name
# (build/rtl/user/copy_src/user_copy_router.sv, made here by sed), with its submodules
copy_src() {
    local d=$build/user/copy_src
    mkdir -p "$d"
    sed 's/^module flitnet_router #(/module user_copy_router #(/' "$root/rtl/flitnet_router.sv" > "$d/user_copy_router.sv.new"
    if ! grep -q '^module user_copy_router #(' "$d/user_copy_router.sv.new"; then
        echo "examples.sh: rtl/flitnet_router.sv has no line 'module flitnet_router #(' to rename" >&2
        return 1
    fi
    mv "$d/user_copy_router.sv.new" "$d/user_copy_router.sv"
    echo "$d/user_copy_router.sv"
}
U44V2="topology=torus_uni k=4 n=2 vcs=2 buf_depth=2 obuf_depth=1 routing=dor dateline=1"

LOADS="seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.4 msg_len=8 traffic=transpose; seed=3 flit_rate=0.9 msg_len=5 cycles=2000"
job one iq_t44v2 "$T44V2" "$LOADS"
# IQ_DROP_ON_CONFLICT loses a flit; IQ_NO_RESET leaves a register out of the reset (it
# starts at a value drawn from the run's seed, not at 0); IQ_CREDIT_EARLY overruns an
# input buffer: flitnet_fifo's assertion (FLITNET_ASSERT) fires two cycles before the
# scoreboard would see the lost flits
while read -r bname bpatch brun; do
    job broken "$bname" "$T44V2" "$brun" "$bpatch"
done <<< "$BROKEN"

# every check of the scoreboard made to fire by the fault injector, on two models
job user_runs faults user_fault_router "$FAULT_RTL" "$T44V2SW" scoreboard "$FAULTS"
job user_runs faults_m44v3 user_fault_router "$FAULT_RTL" "$M44V3" scoreboard "$FAULTS_M44V3"
if cf=$(copy_src); then
    job user_runs copy_u44v2 user_copy_router "$cf" "$U44V2" lockstep \
        "seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.5 msg_len=8; seed=3 flit_rate=0.9 msg_len=5 select=first cycles=2000"
else
    fail=$((fail + 1))
fi

# refused NAME WHAT REGEX RC OUT: a check's verdict on a refusal, which must be a non-zero
# exit with one line matching REGEX (WHAT says what was expected)
refused() {
    if [ "$4" -ne 0 ] && [ "$(wc -l <<< "$5")" -eq 1 ] && grep -q "$3" <<< "$5"; then
        pass=$((pass + 1))
        printf 'ok   %-22s refused: %s\n' "$1" "$5"
    else
        fail=$((fail + 1))
        printf 'FAIL %-22s expected a one-line refusal %s (exit %s):\n%s\n' "$1" "$2" "$4" "$5"
    fi
}

# accepted NAME WHAT RC OUT: a check's verdict on a design the port check must take
accepted() {
    if [ "$3" -eq 0 ]; then
        pass=$((pass + 1))
        printf 'ok   %-22s %s pass the port check\n' "$1" "$2"
    else
        fail=$((fail + 1))
        printf 'FAIL %-22s the port check of %s: %s\n' "$1" "$2" "$4"
    fi
}

# the interface: a module whose credit input is P bits, not P*V, is refused naming cr_i
bad_ports() {
    local out rc
    out=$("$root/harness/build_user.sh" "$build/user/bad_ports" user_bad_ports "$T44V2" \
          "$root/tests/cosim/user_bad_ports.sv" 2>&1)
    rc=$?
    refused user_bad_ports "naming cr_i" '^cosim-user: .*port cr_i ' $rc "$out"
}
job bad_ports

bad_iface() { # an IFACE the network does not know: one line, before anything is built
    local out rc
    out=$("$root/harness/build_user.sh" "$build/user/bad_iface" flitnet_la_router "$T44V2" "$root/rtl/examples/flitnet_la_router.sv" \
          --iface="ports=neighbour credits=ring" 2>&1)
    rc=$?
    refused bad_iface "naming credits=ring" "^cosim-user: IFACE: 'credits=ring' is not one of" $rc "$out"
    out=$("$root/harness/build_user.sh" "$build/user/bad_iface" flitnet_la_router "$T44V2" "$root/rtl/examples/flitnet_la_router.sv" \
          --iface="sideband=65" 2>&1)
    rc=$?
    refused bad_iface "naming sideband=65" "^cosim-user: IFACE: sideband=65: " $rc "$out"
    out=$(USER_OPT=-O9 "$root/harness/build_user.sh" "$build/user/bad_iface" flitnet_la_router "$T44V2" "$root/rtl/examples/flitnet_la_router.sv" 2>&1)
    rc=$?
    refused bad_iface "naming USER_OPT=-O9" "^cosim-user: USER_OPT=-O9 is not" $rc "$out"
}
job bad_iface

# a build that would take more memory than allowed stops at the cap with one line saying
# so, after the estimate from one router alone (USER_MEM_MB=100: the 4x4 network of the
# example takes about 140 MB)
mem_cap() {
    local out rc ex="rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv rtl/examples/flitnet_iq_router.sv"
    rm -rf "$build/user/iq_mem_cap"  # (a model kept from a build under a larger cap would not be built again)
    out=$(cd "$root" && USER_MEM_MB=100 harness/build_user.sh "$build/user/iq_mem_cap" flitnet_iq_router "$T44V2" "$ex" 2>&1)
    rc=$?
    if grep -q '^cosim-user: one flitnet_iq_router Verilated in .* the network of 16 needs about [0-9]* MB (100 MB allowed)$' <<< "$out"; then
        refused iq_mem_cap "at the memory cap" '^cosim-user: Verilator ran out of the 100 MB allowed on the network of 16' $rc "$(tail -n 1 <<< "$out")"
    else
        refused iq_mem_cap "after the estimate" 'no estimate' 1 "$out"
    fi
}
job mem_cap
mem_cap_bad() {
    local out rc ex="rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv rtl/examples/flitnet_iq_router.sv"
    out=$(cd "$root" && USER_MEM_MB=2G harness/build_user.sh "$build/user/iq_mem_bad" flitnet_iq_router "$T44V2" "$ex" 2>&1)
    rc=$?
    refused iq_mem_bad "naming USER_MEM_MB" '^cosim-user: USER_MEM_MB=2G is not a number of megabytes' $rc "$out"
}
job mem_cap_bad

# rule 5: a router whose credit input reaches its outputs in the same cycle (a credit used
# the cycle it comes) is refused by the port check, before the network is built
credit_bypass() {
    local out rc ex="rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv rtl/examples/flitnet_iq_router.sv"
    out=$(cd "$root" && harness/build_user.sh "$build/user/iq_credit_bypass" flitnet_iq_router "$T44V2" "$ex" \
          --patch="$root/rtl/examples/broken/IQ_CREDIT_BYPASS.patch" 2>&1)
    rc=$?
    refused iq_credit_bypass "as a combinational path (rule 5)" '^cosim-user: module flitnet_iq_router has a combinational path from an input to an output' $rc "$out"
}
job credit_bypass

# a CFG the C model refuses is named in flitnet's words before any Verilator run, and a
# RUNS with no run is refused rather than reported as "0 passed, 0 failed"
cfg_and_runs() {
    local out rc ex="rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv rtl/examples/flitnet_iq_router.sv"
    out=$(cd "$root" && harness/build_user.sh "$build/user/cfg_vcs1" flitnet_iq_router \
          "topology=torus k=4 n=2 vcs=1 buf_depth=2 obuf_depth=1 routing=dor dateline=1" "$ex" 2>&1)
    rc=$?
    refused user_cfg_vcs1 "of vcs=1 on a torus, by flitnet" '^cosim-user: CFG is refused by flitnet: too few VCs for routing dor' $rc "$out"
    out=$(cd "$root" && tests/cosim/user.sh "$build" cfg_runs flitnet_iq_router "$ex" "$T44V2" scoreboard " ; ;" 2>&1)
    rc=$?
    refused user_runs_empty "of an empty RUNS" '^cosim-user: RUNS has no run' $rc "$out"
}
job cfg_and_runs

# a design that `includes a header beside it: the port check finds it (build_user.sh
# passes each design file's directory, and USER_VFLAGS' +incdir+ and defines, to it)
include_check() {
    local d=$build/user/inc_src out rc
    mkdir -p "$d"
    grep -n '^  parameter int          VW ' "$root/rtl/examples/flitnet_iq_router.sv" | head -n 1 | cut -d: -f2- > "$d/user_inc_vw.svh"
    sed 's/^module flitnet_iq_router #(/module user_inc_router #(/; s/^  parameter int          VW .*/`include "user_inc_vw.svh"/' \
        "$root/rtl/examples/flitnet_iq_router.sv" > "$d/user_inc_router.sv"
    mapfile -t rtlf < <(sed "s|^|$root/rtl/|" "$root/rtl/flitnet.f")
    rc=1 out="the header was not made"
    [ -s "$d/user_inc_vw.svh" ] && { out=$(FLITNET_CHECK_FLAGS="+incdir+$d" python3 "$root/harness/check_ports.py" \
        user_inc_router "$d/ports" "$T44V2" "${rtlf[@]}" "$root/rtl/examples/flitnet_iq_vc_alloc.sv" \
        "$root/rtl/examples/flitnet_iq_sw_alloc.sv" "$d/user_inc_router.sv" 2>&1); rc=$?; }
    accepted user_inc_router "a design that includes a header beside it: it should" $rc "$out"
    # the header is part of what the model depends on: a changed header rebuilds it
    out=$(BUILD_USER_DEPS=1 "$root/harness/build_user.sh" "$d/m" user_inc_router "$T44V2" "$d/user_inc_router.sv" 2>&1)
    if grep -q "/inc_src/user_inc_vw.svh$" <<< "$out"; then
        pass=$((pass + 1)); echo "ok   user_inc_router        its header is among the files the model depends on"
    else
        fail=$((fail + 1)); echo "FAIL user_inc_router        the header is not among the model's files: $out"
    fi
}
job include_check

# ports declared in the PULP manner (packed arrays by port; flits as a packed struct in
# the port check): the port check measures their packed types and the network connects
# them bit for bit
job user_runs packed user_packed_router "$EXREL tests/cosim/user_packed_router.sv" "$T44V2" scoreboard \
    "seed=1 flit_rate=0.4 msg_len=5"
packed_ports() {
    local d=$build/user/packed_src out rc
    mkdir -p "$d"
    mapfile -t rtlf < <(sed "s|^|$root/rtl/|" "$root/rtl/flitnet.f")
    mapfile -t exf < <(sed "s|^|$root/rtl/examples/|" "$root/rtl/examples/iq_router.f")
    # ports TOP FILE...: the port check of TOP on the 4x4 torus, with rtl/ and FILE...
    ports() { python3 "$root/harness/check_ports.py" "$1" "$d/ports_$1" "$T44V2" "${rtlf[@]}" "${@:2}" 2>&1; }
    # the flits as a packed struct of a package: the port check takes it
    printf 'package user_packed_pkg;\n  typedef struct packed { logic [31:0] hi; logic [31:0] lo; } flit_t;\nendpackage\n' \
        > "$d/user_packed_pkg.sv"
    sed 's/logic \[P-1:0\]\[63:0\]         /user_packed_pkg::flit_t [P-1:0]/' "$root/tests/cosim/user_packed_router.sv" \
        > "$d/user_struct_router.sv"
    sed -i 's/^module user_packed_router #(/module user_struct_router #(/' "$d/user_struct_router.sv"
    rc=1 out="the sed made no packed-struct flit ports"
    [ "$(grep -c 'user_packed_pkg::flit_t \[P-1:0\]' "$d/user_struct_router.sv")" = 2 ] && {
        out=$(ports user_struct_router "${exf[@]}" "$d/user_packed_pkg.sv" "$d/user_struct_router.sv"); rc=$?; }
    accepted user_struct_router "flits as a packed struct: they should" $rc "$out"
    # a packed dimension numbered upwards would put port 0 in the top bits: refused, named
    sed 's/^  output logic \[P-1:0\]\[V-1:0\]           cr_o,/  output logic [0:P-1][V-1:0]           cr_o,/' \
        "$root/tests/cosim/user_packed_router.sv" > "$d/user_packed_router.sv"
    out=$(ports user_packed_router "${exf[@]}" "$d/user_packed_router.sv")
    rc=$?
    grep -q '\[0:P-1\]\[V-1:0\] *cr_o' "$d/user_packed_router.sv" || out="(the sed made no [0:P-1] cr_o) $out"
    refused user_packed_up "of cr_o [0:P-1]" '^cosim-user: .*port cr_o has a packed dimension \[0:4\] numbered upwards' $rc "$out"
    # ... as would a flat vector numbered upwards ([0:P*64-1]: the network's bit 0 is its last)
    sed -e 's/^module flitnet_iq_router #(/module user_up_router #(/' \
        -e 's/^  input  logic \[P\*64-1:0\] in_flit_i,/  input  logic [0:P*64-1] in_flit_i,/' \
        "$root/rtl/examples/flitnet_iq_router.sv" > "$d/user_up_router.sv"
    out=$(ports user_up_router "${exf[@]:0:2}" "$d/user_up_router.sv")
    rc=$?
    grep -q '\[0:P\*64-1\] in_flit_i' "$d/user_up_router.sv" || out="(the sed made no [0:P*64-1] in_flit_i) $out"
    refused user_up_router "of in_flit_i [0:P*64-1]" '^cosim-user: .*port in_flit_i is a vector \[0:319\] numbered upwards' $rc "$out"
}
job packed_ports

# a design Verilator warns about (a truncating assignment: WIDTH) is built anyway, the
# warnings counted and the first named in one line; its runs are checked as any other's
warn_build() {
    local d=$build/user/warn_src out again
    # built afresh, then run again on the kept model: both say it
    rm -rf "$build/user/warn"
    mkdir -p "$d"
    sed -e 's/^module flitnet_iq_router #(/module user_warn_router #(/' \
        -e 's/^endmodule/  logic [3:0] warn_q;\n  always_ff @(posedge clk_i) warn_q <= 8'"'"'d200;\n  wire unused_warn = ^warn_q;\nendmodule/' \
        "$root/rtl/examples/flitnet_iq_router.sv" > "$d/user_warn_router.sv"
    out=$(cd "$root" && tests/cosim/user.sh "$build" warn user_warn_router \
          "rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv $d/user_warn_router.sv" "$T44V2" \
          scoreboard "seed=1 flit_rate=0.1 msg_len=5" 2>&1)
    again=$(cd "$root" && tests/cosim/user.sh "$build" warn user_warn_router \
          "rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv $d/user_warn_router.sv" "$T44V2" \
          scoreboard "seed=2 flit_rate=0.1 msg_len=5" 2>&1)
    local said='^cosim-user: the network around user_warn_router built despite 1 Verilator warning \(the first: %Warning-WIDTH: [^ ]*user_warn_router\.sv:[0-9]+:[0-9]+: Operator ASSIGNDLY'
    if grep -q 'warn_q <= 8' "$d/user_warn_router.sv" && grep -q '^ok   warn ' <<< "$out" && grep -Eq "$said" <<< "$out" &&
        grep -q '^ok   warn ' <<< "$again" && grep -Eq "$said" <<< "$again"; then
        pass=$((pass + 1))
        printf 'ok   %-22s built despite a WIDTH warning, named in one line, again on the kept model; its runs passed\n' user_warn_router
    else
        fail=$((fail + 1))
        printf 'FAIL %-22s a design with a WIDTH warning (built, then kept):\n%s\n%s\n' user_warn_router "$(tail -n 8 <<< "$out")" "$(tail -n 4 <<< "$again")"
    fi
}
job warn_build

# the second example, of other conventions than ours, through options alone: ports by the
# neighbour faced, a credit bus, credits on its ejection port, no hop count, the route
# ahead in an 8-bit sideband (rtl/examples/flitnet_la_router.sv); and a broken variant
LA="rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv rtl/examples/flitnet_la_router.sv"
LA_IFACE="ports=neighbour credits=bus ej_credits=1 hops=network sideband=8"
la() { # name cfg runs [build option...]
    local out p f
    out=$(cd "$root" && tests/cosim/user.sh "$build" "$1" flitnet_la_router "$LA" "$2" scoreboard "$3" \
          --iface="$LA_IFACE" --assert "${@:4}" 2>&1)
    printf '%s\n' "$out" | sed '$d'
    p=$(tail -n 1 <<< "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    f=$(tail -n 1 <<< "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    pass=$((pass + ${p:-0}))
    fail=$((fail + ${f:-1}))
}
job la la_t44v2 "$T44V2" "$LOADS"
job la la_t44v2_ahead_self "$T44V2" "!/its routing/ seed=1 flit_rate=0.2 msg_len=5" \
    --patch="$root/rtl/examples/broken/LA_AHEAD_SELF.patch"
# the network's side mutated (tests/cosim/iface_mutants/): the sideband check stops it
job la la_t44v2_sb_unswapped "$T44V2" "!/sideband/ seed=1 flit_rate=0.2 msg_len=5" \
    --rtl-patch="$root/tests/cosim/iface_mutants/IFACE_SB_UNSWAPPED.patch"

if [ "$which" = full ]; then
    # the adapter's other paths mutated: the hop count, an ejection credit, the credits' swap
    job la la_t44v2_hops_port0 "$T44V2" "!/routing fields/ seed=1 flit_rate=0.2 msg_len=5" \
        --rtl-patch="$root/tests/cosim/iface_mutants/IFACE_HOPS_PORT0.patch"
    job la la_t44v2_ej_vc0 "$T44V2" "!/deadlock/ seed=1 flit_rate=0.2 msg_len=5 deadlock_cycles=300" \
        --rtl-patch="$root/tests/cosim/iface_mutants/IFACE_EJ_CREDIT_VC0.patch"
    job la la_t44v2_cr_unswapped "$T44V2" "!/credit/ seed=1 flit_rate=0.2 msg_len=5" \
        --rtl-patch="$root/tests/cosim/iface_mutants/IFACE_CR_UNSWAPPED.patch"
    job la la_m54v1 "topology=mesh k=5,4 n=2 vcs=1 buf_depth=2 routing=dor" \
        "seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.3 msg_len=8 traffic=tornado; seed=3 flit_rate=0.6 msg_len=5"
    job la la_h4v2 "topology=hypercube n=4 vcs=2 buf_depth=3 routing=dor" \
        "seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.5 msg_len=16 msg_len_dist=exp; seed=3 flit_rate=0.9 msg_len=5"
    job one iq_t44v4 "topology=torus k=4 n=2 vcs=4 buf_depth=2 obuf_depth=1 routing=dor dateline=1" \
        "seed=1 flit_rate=0.05 msg_len=5; seed=2 flit_rate=0.3 msg_len=16 msg_len_dist=exp; seed=3 flit_rate=0.5 msg_len=5 traffic=bitcomp; seed=4 flit_rate=0.9 msg_len=64 cycles=4000; seed=5 flit_rate=0.3 msg_len=1 select=first"
    job one iq_t44v2b1 "topology=torus k=4 n=2 vcs=2 buf_depth=1 obuf_depth=1 routing=dor dateline=1" \
        "seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.8 msg_len=5 traffic=tornado"
    job one iq_m54v3e "topology=mesh k=5,4 n=2 vcs=3 buf_depth=2 obuf_depth=2 routing=dor_escape dateline=1" \
        "seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.35 msg_len=8 traffic=tornado; seed=3 flit_rate=0.9 msg_len=5"
    job one iq_h4v3d_to32 "topology=hypercube n=4 vcs=3 buf_depth=2 obuf_depth=1 routing=duato dateline=1 timeout=32" \
        "seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.5 msg_len=8 traffic=bitrev; seed=3 flit_rate=0.95 msg_len=5"
    job one iq_t44v6dnbc_to8 "topology=torus k=4 n=2 vcs=6 buf_depth=2 obuf_depth=1 routing=duato_nbc dateline=1 timeout=8" \
        "seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.5 msg_len=8 traffic=shuffle; seed=3 flit_rate=0.95 msg_len=16"
    job one iq_t44v4fa "topology=torus k=4 n=2 vcs=4 buf_depth=2 obuf_depth=1 routing=fully_adaptive dateline=1" \
        "seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.9 msg_len=8"
    job one iq_u44v3 "topology=torus_uni k=4 n=2 vcs=3 buf_depth=2 obuf_depth=1 routing=dor dateline=1" \
        "seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.6 msg_len=5"
    # B = 3 covers the example's 3-cycle credit loop (docs/rtl.md): a worm at full rate
    job one iq_t44v2b3 "topology=torus k=4 n=2 vcs=2 buf_depth=3 obuf_depth=1 routing=dor dateline=1" \
        "seed=1 flit_rate=0.02 msg_len=64 cycles=4000; seed=2 flit_rate=0.4 msg_len=8 traffic=transpose; seed=3 flit_rate=0.9 msg_len=5 cycles=2000"
    # lockstep is for cycle-exact routers: the example, correct, differs at its first decision
    job user_runs iq_u44v3_lockstep flitnet_iq_router "$EXREL" "topology=torus_uni k=4 n=2 vcs=3 buf_depth=2 obuf_depth=1 routing=dor dateline=1" \
        lockstep "!seed=1 flit_rate=0.1 msg_len=5"
    job one iq_t44v6fr "topology=torus k=4 n=2 vcs=6 buf_depth=2 obuf_depth=1 routing=dor dateline=1 fault_handling=fring" \
        "seed=1 flit_rate=0.1 msg_len=5 fault_nodes=5; seed=2 flit_rate=0.5 msg_len=5 fault_nodes=5,10"
fi
collect

# --quiet-reset: what the design prints while reset is held is left out and counted; the
# same run without it shows it (the fault injector's +reset_print, one line per router)
quiet_reset() {
    local sb=$build/user/faults/scoreboard loud quiet
    loud=$("$sb" seed=1 flit_rate=0.1 msg_len=5 cycles=300 +reset_print 2>&1)
    quiet=$("$sb" seed=1 flit_rate=0.1 msg_len=5 cycles=300 +reset_print --quiet-reset 2>&1)
    if [ "$(grep -c 'a check fired on a register' <<< "$loud")" = 16 ] && ! grep -q 'a check fired' <<< "$quiet" &&
        grep -q -- '--quiet-reset: 16 lines the design printed while reset was held left out' <<< "$quiet" &&
        grep -q 'no violation' <<< "$quiet"; then
        pass=$((pass + 1))
        printf 'ok   %-22s %s\n' quiet_reset "$(grep -- '--quiet-reset:' <<< "$quiet")"
    else
        fail=$((fail + 1))
        printf 'FAIL %-22s the design'"'"'s prints during reset, without and with --quiet-reset:\n%s\n---\n%s\n' quiet_reset \
            "$(tail -n 5 <<< "$loud")" "$(tail -n 5 <<< "$quiet")"
    fi
}
quiet_reset

# --waves with --waves-router: the run's waves of one router only, its sideband in them
waves_router() {
    local sb=$build/user/la_t44v2/scoreboard w=$build/user/la_t44v2/waves5 out
    rm -rf "$w"
    out=$("$sb" seed=1 flit_rate=0.2 msg_len=5 cycles=300 --waves "$w" --waves-router 5 2>&1)
    if grep -q 'no violation' <<< "$out" && grep -q 'scope module g_node\[5\]' "$w/rtl.vcd" &&
        ! grep -q 'scope module g_node\[[0-46-9]' "$w/rtl.vcd" && grep -q ' r_sb_in ' "$w/rtl.vcd" && grep -q ' r_sb_out ' "$w/rtl.vcd"; then
        pass=$((pass + 1))
        printf 'ok   %-22s %s: router 5 only (%d signals), its sideband r_sb_in and r_sb_out among them\n' waves_router \
            "$(grep -o 'waves of every cycle: .*' <<< "$out")" "$(grep -c '\$var' "$w/rtl.vcd")"
    else
        fail=$((fail + 1))
        printf 'FAIL %-22s --waves-router 5 (%s):\n%s\n' waves_router "$w/rtl.vcd" "$(tail -n 4 <<< "$out")"
    fi
}
waves_router
# ... and what it refuses, in one line: a node id that is not a number, one past the network
waves_router_bad() {
    local sb=$build/user/la_t44v2/scoreboard out rc
    out=$("$sb" seed=1 cycles=100 --waves-router 1,x 2>&1)
    rc=$?
    refused waves_router_bad "naming '1,x'" "^scoreboard: --waves-router takes node ids separated by commas, not '1,x'" $rc "$out"
    out=$("$sb" seed=1 cycles=100 --waves-router 16 2>&1)
    rc=$?
    refused waves_router_bad "naming router 16" "no router 16 for --waves-router in a network of 16" $rc "$out"
}
waves_router_bad
echo "examples ($which): $((SECONDS - t0)) s"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
