#!/usr/bin/env bash
# build_user.sh DIR TOP "CFG" "FILES" [--patch=FILE] [--rtl-patch=FILE] [--iface=SPEC] [VERILATOR_FLAG...]
#     Builds flitnet_network around the router module TOP (docs/router-interface.md) of the
#     Verilog files FILES, for the configuration CFG (flitnet's structural keys: topology k
#     n vcs buf_depth obuf_depth routing dateline escape_vcs timeout fault_handling), in
#     DIR: the Verilated network (traced), DIR/scoreboard (harness/scoreboard.cpp)
#     and DIR/cosim (the lockstep harness, harness/cosim.cpp). The network is the
#     reference network, rtl/flitnet_network.sv, with FLITNET_ROUTER defined as TOP; the
#     design files of rtl/ are compiled too, so a router may use flitnet_route and the
#     other units. First the module's parameters and ports are checked against the
#     interface (harness/check_ports.py): a mismatch is one line naming the port.
#     --patch=FILE: FILES are copied under DIR/src/ and FILE (a patch relative to the
#     repository root, applied with -p1, no fuzz) is applied to the copies (the broken
#     examples of rtl/examples/); --rtl-patch=FILE does the same to a copy of rtl/ (the
#     tests' mutants of the network's side). --iface=SPEC: the router's own conventions
#     (IFACE=, rtl/flitnet_iface.sv). --assert (Verilator's flag) also defines FLITNET_ASSERT,
#     the invariants of flitnet's own modules. A model whose inputs (the files, the headers
#     they `include, the flags, flitnet's own sources) did not change is not rebuilt.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 4 ] || { echo "usage: build_user.sh DIR TOP CFG FILES [--patch=FILE] [FLAG...]" >&2; exit 1; }
dir=$1 top=$2 cfg=$3 files=$4
shift 4
patchf= flags=() iface= rtlpatch=
for f in "$@"; do
    case $f in
    --patch=*) patchf=${f#--patch=} ;;
    --rtl-patch=*) rtlpatch=${f#--rtl-patch=} ;;
    --iface=*) iface=${f#--iface=} ;;
    *) flags+=("$f") ;;
    esac
done
# --iface="ports=neighbour credits=bus ej_credits=1 hops=network sideband=UW": the
# router's own conventions (docs/router-interface.md, "Bringing an existing router"),
# adapted by rtl/flitnet_iface.sv; each becomes a define of the build
# shellcheck source=harness/iface.sh
. "$root/harness/iface.sh"
iface_parse cosim-user "$iface" || exit 1
[[ ${USER_OPT:--O1} =~ ^-O[0-3sg]?$ ]] ||
    { echo "cosim-user: USER_OPT=$USER_OPT is not a C++ optimisation level (-O0 .. -O3, -Os, -Og)" >&2; exit 1; }
idefs=("${iface_defs[@]/#/+define+}") iface_env=$iface_env uw=$iface_uw nbr=$iface_nbr
VERILATOR=${VERILATOR:-verilator}
VINC=$($VERILATOR --getenv VERILATOR_ROOT)/include
# harness SRC OUT [OPT]: the harness SRC (harness/scoreboard.cpp or cosim.cpp, or a mutant
# of one) compiled against DIR's Verilated network and flitnet's library into OUT
harness() {
    local rt rtdir objs=()
    # shellcheck source=/dev/null
    . "$dir/model.env"
    for o in $rt; do objs+=("$rtdir/$o"); done
    ${CXX:-g++} -std=c++17 -Wall -Wextra -Werror "${3:--O2}" -g -DVM_TRACE=1 -DVM_TRACE_FST=0 \
        -isystem "$dir/obj" -isystem "$VINC" -isystem "$VINC/vltstd" -I"$dir" -I"$root/harness" $("$root/scripts/src_dirs.sh" -I) \
        -c "$1" -o "$2.o"
    ${CXX:-g++} "$2.o" "$dir/obj/Vnet__ALL.a" "${objs[@]}" "$root/build/libflitnet.a" \
        -lcjson -linih -lgsl -lgslcblas -lm -lz -pthread -o "$2"
}
# build_user.sh --harness DIR SRC OUT: only that, for a model DIR already built (the
# scoreboard's mutants, tests/cosim/scoreboard_mutants.sh)
if [ "$dir" = --harness ]; then
    dir=$top
    [ -f "$dir/model.env" ] || { echo "cosim-user: no model built in $dir" >&2; exit 1; }
    harness "$cfg" "$files" -O1
    exit 0
fi
[ -n "$top" ] || { echo "cosim-user: name the router module: TOP=module" >&2; exit 1; }
[[ $top =~ ^[A-Za-z_][A-Za-z0-9_$]*$ ]] || { echo "cosim-user: TOP=$top is not a module name" >&2; exit 1; }
read -r -a ufiles <<< "$files"
[ "${#ufiles[@]}" -gt 0 ] || { echo "cosim-user: name the router's Verilog files: RTL=\"a.sv b.sv\"" >&2; exit 1; }
for f in "${ufiles[@]}"; do
    [ -f "$f" ] || { echo "cosim-user: no file $f (RTL= is a list of files separated by blanks: a path cannot hold one)" >&2; exit 1; }
done
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

# a patched copy: DIR/src/<path as given>
if [ -n "$patchf" ]; then
    [ -f "$patchf" ] || { echo "cosim-user: no patch $patchf" >&2; exit 1; }
    rm -rf "$dir/src"
    for f in "${ufiles[@]}"; do mkdir -p "$dir/src/$(dirname "$f")"; cp "$f" "$dir/src/$f"; done
    if ! out=$(patch -d "$dir/src" -p1 --batch --forward --fuzz=0 --no-backup-if-mismatch -r - < "$patchf" 2>&1); then
        echo "cosim-user: $patchf does not apply to $files: $out" >&2
        exit 1
    fi
    pf=()
    for f in "${ufiles[@]}"; do pf+=("$dir/src/$f"); done
    ufiles=("${pf[@]}")
fi
afiles=()
for f in "${ufiles[@]}"; do afiles+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done

mapfile -t rtlfiles < <(sed "s|^|$root/rtl/|" "$root/rtl/flitnet.f")
[ -z "$iface" ] || rtlfiles+=("$root/rtl/flitnet_iface.sv")
# --rtl-patch=FILE (the tests' mutants of flitnet's own network or adapter): the same on a
# patched copy of rtl/, DIR/rtl/
if [ -n "$rtlpatch" ]; then
    [ -f "$rtlpatch" ] || { echo "cosim-user: no patch $rtlpatch" >&2; exit 1; }
    rm -rf "$dir/rtl" && mkdir -p "$dir/rtl" && cp "$root"/rtl/*.sv "$dir/rtl/"
    if ! out=$(patch -d "$dir" -p1 --batch --forward --fuzz=0 --no-backup-if-mismatch -r - < "$rtlpatch" 2>&1); then
        echo "cosim-user: $rtlpatch does not apply to rtl/: $out" >&2
        exit 1
    fi
    for i in "${!rtlfiles[@]}"; do rtlfiles[$i]=$dir/rtl/$(basename "${rtlfiles[$i]}"); done
fi
# the headers the design files `include (found as Verilator finds them: beside a design
# file, or in a directory the flags name), theirs in turn: part of what the model depends on
idirs=()
for f in "${afiles[@]}"; do idirs+=("$(dirname "$f")"); done
for f in "${flags[@]:-}"; do
    case $f in +incdir+*) idirs+=("${f#+incdir+}") ;; -I?*) idirs+=("${f#-I}") ;; esac
done
hdrs=() todo=("${afiles[@]}")
while [ "${#todo[@]}" -gt 0 ]; do
    f=${todo[0]} todo=("${todo[@]:1}")
    while read -r n; do
        for d in "$(dirname "$f")" "${idirs[@]}"; do
            [ -f "$d/$n" ] || continue
            h=$(cd "$(dirname "$d/$n")" && pwd)/$(basename "$n")
            [[ " ${hdrs[*]:-} " == *" $h "* ]] || { hdrs+=("$h"); todo+=("$h"); }
            break
        done
    done < <(grep -oE '`include[[:space:]]+"[^"]+"' "$f" | sed -E 's/.*"([^"]+)"/\1/')
done
# BUILD_USER_DEPS=1: only list the user's files the model depends on (the tests' check)
if [ "${BUILD_USER_DEPS:-}" = 1 ]; then printf '%s\n' "${afiles[@]}" "${hdrs[@]}"; exit 0; fi
# the spec: what the model depends on; an unchanged one keeps the model
spec=$( {
    printf '%s\n' "$top" "$cfg" "${flags[*]:-}" "$iface"
    cat "${afiles[@]}" "${hdrs[@]}" "${rtlfiles[@]}" "$root/harness/scoreboard.cpp" "$root/harness/cosim.cpp" "$root"/harness/*.h \
        "$root/harness/build_user.sh" "$root/harness/check_ports.py" | cksum
    cksum < "$root/build/libflitnet.a"
} )
# the count of Verilator's warnings and the one that matters most, in one line: printed by
# the build and again each time the model is kept, so that a run never hides them. Those
# that change what is simulated (widths, combinational loops, several drivers, latches,
# ...) come before style: the first of the earliest kind in this list, else the first
say_warnings() {
    local nwarn kinds w first=
    nwarn=$(grep -c '^%Warning-' "$dir/verilator.log" 2> /dev/null || true)
    [ "${nwarn:-0}" -gt 0 ] || return 0
    kinds="WIDTH WIDTHTRUNC WIDTHEXPAND UNOPTFLAT ALWCOMBORDER MULTIDRIVEN LATCH NOLATCH COMBDLY BLKANDNBLK INITIALDLY CASEINCOMPLETE SELRANGE"
    for w in $kinds; do
        first=$(grep -m1 "^%Warning-$w:" "$dir/verilator.log")
        [ -z "$first" ] || break
    done
    [ -n "$first" ] || first=$(grep -m1 '^%Warning-' "$dir/verilator.log")
    echo "cosim-user: the network around $top built despite $nwarn Verilator warning$([ "$nwarn" = 1 ] || echo s)" \
         "(the $([ "$nwarn" = 1 ] && echo first || echo "one that matters most"): $first; all in $dir/verilator.log)" >&2
}
if [ -f "$dir/spec" ] && [ "$(cat "$dir/spec")" = "$spec" ] && [ -x "$dir/scoreboard" ] && [ -x "$dir/cosim" ]; then
    say_warnings
    exit 0
fi
rm -f "$dir/spec" "$dir/scoreboard" "$dir/cosim"

# `include of a header beside a design file, or in a directory or with a define the
# flags name: the port check elaborates with them too
incs=()
for f in "${afiles[@]}"; do
    d="+incdir+$(dirname "$f")"
    [[ " ${incs[*]:-} " == *" $d "* ]] || incs+=("$d")
done
pre=("${idefs[@]}")
for f in "${flags[@]}"; do
    case $f in +incdir+* | -I* | +define+* | -D*) pre+=("$f") ;; esac
done

# configuration keys -> the network's parameters (CFG=)
# shellcheck source=harness/model_params.sh
. "$root/harness/model_params.sh"
model_params cosim-user "$cfg" || exit 1
# what the C model refuses (too few VCs, a routing the topology does not take, ...) in its
# own one line, before the network's error module makes Verilator fail on it. The f-ring
# layer needs a fault set, which the runs give: without one in CFG the probe draws a
# single fault, so that what it checks is the structure
probe=$cfg
case " $cfg " in
    *" fault_handling=fring "*)
        case " $cfg " in *" faults="* | *" fault_nodes="* | *" fault_file="*) ;; *) probe="$cfg faults=1" ;; esac ;;
esac
# shellcheck disable=SC2086
if ! why=$("$root/build/flitnet" sim $probe cycles=20 warmup=0 batches=2 2>&1 > /dev/null); then
    echo "cosim-user: CFG is refused by flitnet: ${why#flitnet: }" >&2
    exit 1
fi

# the interface: parameters, ports, directions, widths
FLITNET_CHECK_FLAGS="${incs[*]} ${pre[*]:-}" FLITNET_IFACE="$iface_env" \
    python3 "$root/harness/check_ports.py" "$top" "$dir/ports" "$cfg" "${rtlfiles[@]}" "${afiles[@]}" || exit 1


# --assert (USER_VFLAGS' default) also defines FLITNET_ASSERT: the invariants of our
# modules a router reuses (flitnet_fifo: no write when full, no read when empty;
# flitnet_router's, for a copy of it) are checked; a failed one is a violation
assert=0
for f in "${flags[@]}"; do [ "$f" = --assert ] && assert=1; done
if [ $assert = 1 ]; then flags+=(-DFLITNET_ASSERT); else flags+=(--noassert); fi
rt="verilated.o verilated_threads.o verilated_vcd_c.o"
rtdir=$(cd "$dir/.." && pwd)/runtime-$($VERILATOR --version | awk '{ print $2 }')-vcd
name=$(basename "$dir")
printf '/* generated by harness/build_user.sh */\n#define MODEL_NAME "%s"\n#define MODEL_CFG "%s"\n#define MODEL_FRING %s\n#define MODEL_ASSERT %s\n#define MODEL_UW %s\n#define MODEL_NBR_PORTS %s\n' \
    "$name" "$cfg" "$fring" "$assert" "$uw" "$nbr" > "$dir/model_cfg.h"

rm -rf "$dir/obj" "$dir/one"
# Memory: Verilating a network of a large router can take more than the machine has, and
# the kernel's kill said only "signal 9". One router alone is Verilated first (in the
# mixed network's top, rtl/flitnet_mixed_top.sv) and its peak times the routers is the
# estimate (flitnet's router: 256 of them took about half that); the network's Verilator
# then runs capped at USER_MEM_MB (default 90 % of the memory available), so that it
# stops at the cap with a line that says so. Both report their time and peak memory.
IFS=, read -r -a radices <<< "$k"
if [ "$topo" = "$("$root/harness/codes.sh" list | awk '$1 == "topology" && $2 == "hypercube" { print $3 }')" ]; then
    nodes=$((1 << n))
elif [ "${#radices[@]}" -eq 1 ]; then
    nodes=1
    for ((d = 0; d < n; d++)); do nodes=$((nodes * k)); done
else
    nodes=1
    for r in "${radices[@]}"; do nodes=$((nodes * r)); done
fi
avail_mb=$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)
cap_mb=${USER_MEM_MB:-$((avail_mb * 9 / 10))}
[[ $cap_mb =~ ^[1-9][0-9]{0,8}$ ]] || { echo "cosim-user: USER_MEM_MB=$cap_mb is not a number of megabytes (1 to 999999999)" >&2; exit 1; }
vl_flags=(-O3 --x-assign fast --x-initial unique -fno-gate --unroll-stmts 2 --trace -Wno-fatal --timescale 1ns/1ns
          +define+FLITNET_ROUTER="$top" "${idefs[@]}" "${net_params[@]}" "${flags[@]}" "${incs[@]}")
est_mb=
if python3 "$root/harness/measure.py" "$dir/one.measure" --cap-mb "$cap_mb" -- \
    $VERILATOR --cc "${vl_flags[@]}" --top-module flitnet_mixed_top --prefix Vone -Mdir "$dir/one" \
    "${rtlfiles[@]}" "$root/rtl/flitnet_mixed_top.sv" "${afiles[@]}" > "$dir/one.log" 2>&1; then
    read -r one_s one_mb _ < "$dir/one.measure"
    est_mb=$((nodes * one_mb))
    echo "cosim-user: one $top Verilated in $one_s s, peak $one_mb MB: the network of $nodes needs about $est_mb MB ($cap_mb MB allowed)" >&2
fi
rm -rf "$dir/one"
# -Wno-fatal: Verilator's default warnings (WIDTH, UNOPTFLAT, ...) are the design's own lint
# business, not a reason to refuse to simulate it; they are counted and named below
# --x-initial unique: the scoreboard draws every register's first value from the run's seed
if ! python3 "$root/harness/measure.py" "$dir/net.measure" --cap-mb "$cap_mb" -- \
    $VERILATOR --cc "${vl_flags[@]}" --top-module flitnet_network --prefix Vnet -Mdir "$dir/obj" \
    "${rtlfiles[@]}" "${afiles[@]}" > "$dir/verilator.log" 2>&1; then
    read -r net_s net_mb net_rc < "$dir/net.measure"
    if grep -qE 'bad_alloc|Cannot allocate memory|out of memory' "$dir/verilator.log" || [ "$net_rc" -eq 137 ]; then
        echo "cosim-user: Verilator ran out of the $cap_mb MB allowed on the network of $nodes ${top}s after $net_s s" \
             "(estimate ${est_mb:-unknown} MB): a smaller network (k), USER_MEM_MB if the machine has more," \
             "or USER_VFLAGS=-fgate (docs/router-interface.md); $dir/verilator.log" >&2
        exit 1
    fi
    grep -v '^-Info: Command Line disabled gate optimization' "$dir/verilator.log" >&2 || true
    echo "cosim-user: Verilator failed on the network around $top (messages above; $dir/verilator.log)" >&2
    exit 1
fi
read -r net_s net_mb _ < "$dir/net.measure"
echo "cosim-user: the network of $nodes ${top}s Verilated in $net_s s, peak $net_mb MB" >&2
say_warnings
# the model's C++ and the shared runtime objects, as for the co-simulation's models
printf 'rt="%s"\nrtdir="%s"\n' "$rt" "$rtdir" > "$dir/model.env"
# USER_OPT (default -O1): the model's C++ optimisation (tests/suites/rtl_user.sh: -O0, whose
# compile takes half as long, for CI's runs of a second or two)
COSIM_OPT=${USER_OPT:--O1} python3 "$root/harness/measure.py" "$dir/cc.measure" -- "$root/harness/build_model.sh" compile "$dir" || exit 1
read -r cc_s cc_mb _ < "$dir/cc.measure"
echo "cosim-user: its C++ compiled in $cc_s s, peak $cc_mb MB" >&2
for h in scoreboard cosim; do harness "$root/harness/$h.cpp" "$dir/$h"; done
echo "$spec" > "$dir/spec"
