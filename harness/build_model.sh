#!/usr/bin/env bash
# build_model.sh verilate DIR NAME "CFG" [FLAG...]
#     Verilates rtl/flitnet_network.sv for the configuration CFG (flitnet keys topology k
#     n vcs buf_depth obuf_depth routing dateline escape_vcs timeout fault_handling) into
#     DIR/obj/Vnet__ALL.a. FLAGs go to Verilator (--trace, --trace-fst, --assert
#     -DFLITNET_ASSERT, ...), except --mutant=NAME: the model is built from DIR/rtl/, a
#     copy of rtl/ with tests/mutants/NAME.patch applied (tests/mutants/apply.sh),
#     --rtl=DIR: the model is built from DIR's design files (DIR/flitnet.f; make mutants'
#     schema designs, tests/mutants/schema.py), --coverage: line and toggle coverage (cosim --coverage FILE writes the counters;
#     --coverage-line: line coverage only), and --mixed: one router alone
#     (rtl/flitnet_mixed_top.sv) for a mixed network, whose harness is harness/mixed.cpp;
#     --file=PATH adds a design file after rtl/'s (with -DFLITNET_ROUTER=MODULE: a
#     designer's router in the network's or the mixed top's place).
#     Writes DIR/code.sha, a checksum of the generated C++ that does not depend on where
#     the design files were (make mutants: a mutant whose code equals the unmutated
#     model's cannot be told apart by that model). With BUILD_NO_COMPILE=1 it stops
#     there; `build_model.sh compile DIR` then compiles.
# build_model.sh link DIR
#     Compiles the co-simulation harness harness/cosim.cpp (a --mixed model:
#     harness/mixed.cpp) against that model and build/libflitnet.a: DIR/cosim.
# Called from rtl/rtl.mk, which keeps the two steps apart so that a change of the C
# model relinks without Verilating again.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=$1 dir=$2
VERILATOR=${VERILATOR:-verilator}
VINC=$($VERILATOR --getenv VERILATOR_ROOT)/include

if [ "$mode" = link ]; then
    # shellcheck source=/dev/null
    . "$dir/model.env"  # trace, fst, runtime objects
    ${CXX:-g++} -std=c++17 -Wall -Wextra -Werror -O2 -g -DVM_TRACE="$trace" -DVM_TRACE_FST="$fst" -DVM_COVERAGE="${cov:-0}" \
        -isystem "$dir/obj" -isystem "$VINC" -isystem "$VINC/vltstd" -I"$dir" $("$root/scripts/src_dirs.sh" -I) \
        -c "$root/harness/${harness:-cosim}.cpp" -o "$dir/cosim.o"
    objs=()
    for o in $rt; do objs+=("$rtdir/$o"); done
    ${CXX:-g++} "$dir/cosim.o" "$dir/obj/Vnet__ALL.a" "${objs[@]}" "$root/build/libflitnet.a" \
        -lcjson -linih -lgsl -lgslcblas -lm -lz -pthread -o "$dir/cosim"
    exit 0
fi

# the C++ optimisation of the model: -O2 by default (the 8x8 V = 10 network: 20 s of
# compile against 17 s at -O1 and 13 s at -O0; 1.06x the cycles/s of -O1, and -O0 runs
# 10x slower); COSIM_OPT=-O0 for many short runs (make mutants), where compiles dominate
compile() {
    local opt=${COSIM_OPT:--O2}
    # shellcheck source=/dev/null
    . "$dir/model.env"
    # shellcheck disable=SC2086
    # two translation units, the model's fast code at $opt and its slow (start-up) code at
    # -O0, each including its files: Verilator's per-file build parses verilated.h once per
    # file, 0.7 s of the 1.1 s a file takes at -O0 (t44v6fr: 16.5 s of CPU per model
    # against 5 s; at -O2 25 s against 15 s)
    make --no-print-directory -C "$dir/obj" -f Vnet.mk -f "$root/harness/model_tu.mk" \
        OPT_FAST="$opt" OPT_SLOW=-O0 OPT_GLOBAL="$opt" model_tu > "$dir/obj/build.log"
    # the shared runtime objects: the first model of a kind builds them, under a lock
    # because make builds several models at once
    mkdir -p "$rtdir"
    (
        flock 9
        for o in $rt; do
            [ -f "$rtdir/$o" ] && continue
            make --no-print-directory -C "$dir/obj" -f Vnet.mk OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1 \
                "$o" >> "$dir/obj/build.log"
            cp "$dir/obj/$o" "$rtdir/$o.tmp" && mv "$rtdir/$o.tmp" "$rtdir/$o"
        done
    ) 9> "$rtdir/lock"
    # the top Makefile includes every *.d under build/; these are not its business (a
    # changed input rebuilds the whole model anyway)
    find "$dir/obj" -name '*.d' -delete
}
if [ "$mode" = compile ]; then
    compile
    exit 0
fi

[ "$mode" = verilate ] || { echo "usage: build_model.sh verilate DIR NAME CFG [FLAG...] | compile DIR | link DIR" >&2; exit 1; }
name=$3 cfg=$4
shift 4
flags=() mutant= rtl_dir= vtop=flitnet_network harness=cosim top_files=()
for f in "$@"; do
    case $f in
    --mutant=*) mutant=${f#--mutant=} ;;
    --rtl=*) rtl_dir=${f#--rtl=} ;;
    # the top is not in flitnet.f (the generated mutants leave it be); a hand-written
    # mutant may change it (its copy in DIR/rtl/, below)
    --mixed) vtop=flitnet_mixed_top harness=mixed top_files+=(MIXED_TOP) ;;
    # a design file after rtl/'s (a designer's router, with -DFLITNET_ROUTER=its module)
    --file=*) top_files+=("$(cd "$(dirname "${f#--file=}")" && pwd)/$(basename "${f#--file=}")") ;;
    *) flags+=("$f") ;;
    esac
done

# configuration keys -> the network's parameters
# shellcheck source=harness/model_params.sh
. "$root/harness/model_params.sh"
model_params build_model "$cfg" || exit 1

trace=0 fst=0
for f in "${flags[@]}"; do
    case $f in --trace) trace=1 ;; --trace-fst) trace=1 fst=1 ;; esac
done
assert=0 cov=0
for f in "${flags[@]}"; do [ "$f" = --assert ] && assert=1; done
# --coverage (line and toggle) or --coverage-line: coverage of rtl/ (make cosim-coverage)
vflags=()
for f in "${flags[@]}"; do
    case $f in
    --coverage) cov=1; vflags+=(--coverage-line --coverage-toggle) ;;
    --coverage-line) cov=1; vflags+=(--coverage-line) ;;
    *) vflags+=("$f") ;;
    esac
done
flags=("${vflags[@]}")
rt="verilated.o verilated_threads.o" kind=plain
if [ $trace = 1 ]; then if [ $fst = 1 ]; then rt+=" verilated_fst_c.o" kind=fst; else rt+=" verilated_vcd_c.o" kind=vcd; fi; fi
if [ $cov = 1 ]; then rt+=" verilated_cov.o" kind=$kind-cov; fi
# Verilator's runtime objects depend only on the Verilator version and the kind of
# tracing: every model of that kind links the same ones, built once
# (DIR first: its parent must exist for the runtime's path)
mkdir -p "$dir"
rtdir=$(cd "$(dirname "$dir")" && pwd)/runtime-$($VERILATOR --version | awk '{ print $2 }')-$kind

rm -rf "$dir/obj" "$dir/rtl"
# a mutant: the design files with its patch applied, in DIR/rtl/
rtl=$root/rtl
if [ -n "$mutant" ]; then
    "$root/tests/mutants/apply.sh" "$mutant" "$dir"
    rtl=$dir/rtl
elif [ -n "$rtl_dir" ]; then
    rtl=$(cd "$rtl_dir" && pwd)
fi
for i in "${!top_files[@]}"; do [ "${top_files[$i]}" != MIXED_TOP ] || top_files[$i]=$rtl/flitnet_mixed_top.sv; done
printf '/* generated by harness/build_model.sh */\n#define MODEL_NAME "%s"\n#define MODEL_CFG "%s"\n#define MODEL_FRING %s\n#define MODEL_ASSERT %s\n' \
    "$name" "$cfg" "$fring" "$assert" > "$dir/model_cfg.h"
printf 'trace=%s\nfst=%s\ncov=%s\nrt="%s"\nrtdir="%s"\nharness=%s\n' $trace $fst $cov "$rt" "$rtdir" $harness > "$dir/model.env"

# -fno-gate and --unroll-stmts keep one copy of the router's code for all its
# instances, and its loops as loops: without them Verilator writes code per instance
# (1.5 GB of C++ for an 8x8 network with V = 10)
# --output-split-cfuncs: Verilator puts all of a router's clocked logic into one
# function, and an assertion's message names its instance (%m), so that function was
# one copy per router (55 MB of C++ for the 8x8 V = 10 network, most of the run time
# in instruction fetch); split into pieces of about 1000 nodes, every piece without an
# assertion is shared by all routers again (10.6 MB; docs/rtl.md "Speed")
# assertions (rtl/, FLITNET_ASSERT) only when the flags ask for them (--assert)
[ $assert = 1 ] || flags+=(--noassert)
$VERILATOR --cc -O3 --x-assign fast --x-initial fast -fno-gate --unroll-stmts 2 --output-split-cfuncs 1000 \
    --timescale 1ns/1ns --top-module $vtop --prefix Vnet -Mdir "$dir/obj" \
    "${net_params[@]}" "${flags[@]}" -F "$rtl/flitnet.f" "${top_files[@]}" 2>&1 |
    { grep -v '^-Info: Command Line disabled gate optimization' || true; }
[ -f "$dir/obj/Vnet.mk" ] || { echo "build_model: Verilator failed" >&2; exit 1; }
# what the model is, independent of the design files' directory (Verilator writes their
# path into its messages)
cat "$dir"/obj/*.cpp "$dir"/obj/*.h | sed "s#$rtl/#RTL/#g" | sha256sum | cut -d' ' -f1 > "$dir/code.sha"
[ "${BUILD_NO_COMPILE:-0}" = 1 ] || compile
