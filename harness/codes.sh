#!/usr/bin/env bash
# codes.sh list: the C model's codes, one per line (harness/codes.c):
#     routing NAME CODE LEVELS, topology NAME CODE, layout ...
#   The scripts (build_model.sh, rtl/lint.sh, rtl/synth.sh) map names to the RTL's
#   ROUTING and TOPO parameters with it, so the C registry is their only list.
# codes.sh code routing|topology NAME: the code of one name (exit 1 if there is none).
# codes.sh check: compares that list with rtl/flitnet_pkg.sv (harness/codes_tb.sv,
#   built with verilator --binary): the same routing and topology names with the same
#   codes, the same levels, the same flit layout. Exits 1 with the difference. It first
#   makes sure that the comparison rejects a list with one code changed.
# Builds what it runs under BUILD/rtl/ (BUILD defaults to build/) when it is missing or
# older than its sources; BUILD/libflitnet.a must exist (make all). CODES_RTL=DIR reads
# DIR/flitnet_pkg.sv instead of rtl/'s (make mutants: a mutant's design files), built in
# CODES_TB_DIR (default BUILD/rtl/codes_tb_alt).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
tool=$build/rtl/codes

c_list() {
    local lib=$build/libflitnet.a src=$root/harness/codes.c
    [ -f "$lib" ] || { echo "codes.sh: $lib is missing (make all)" >&2; exit 1; }
    if [ ! -x "$tool" ] || [ "$tool" -ot "$lib" ] || [ "$tool" -ot "$src" ]; then
        mkdir -p "$(dirname "$tool")"
        # several model builds may ask at once: each links its own copy, the last rename wins
        ${CC:-gcc} -std=c11 -Wall -Wextra -Werror -O1 $("$root/scripts/src_dirs.sh" -I) "$src" "$lib" \
            -lcjson -linih -lgsl -lgslcblas -lm -lz -o "$tool.$$"
        mv -f "$tool.$$" "$tool"
    fi
    "$tool"
}

rtl_list() {
    local dir=$build/rtl/codes_tb pkg=$root/rtl/flitnet_pkg.sv tb=$root/harness/codes_tb.sv
    if [ -n "${CODES_RTL:-}" ]; then # always built afresh: another design's package
        dir=${CODES_TB_DIR:-$build/rtl/codes_tb_alt} pkg=$CODES_RTL/flitnet_pkg.sv
        rm -rf "$dir"
    fi
    if [ ! -x "$dir/Vcodes_tb" ] || [ "$dir/Vcodes_tb" -ot "$pkg" ] || [ "$dir/Vcodes_tb" -ot "$tb" ]; then
        rm -rf "$dir"
        ${VERILATOR:-verilator} --binary -Wall -Wno-DECLFILENAME -Wno-UNUSEDPARAM --top-module codes_tb \
            -Mdir "$dir" "$pkg" "$tb" > "$dir.log" 2>&1 ||
            { cat "$dir.log" >&2; exit 1; }
    fi
    # ROUTING_DOR_ESCAPE -> dor_escape, TOPO_TORUS_UNI -> torus_uni
    "$dir/Vcodes_tb" | awk '$1 == "routing" { $2 = tolower(substr($2, 9)) }
                            $1 == "topology" { $2 = tolower(substr($2, 6)) }
                            $1 == "routing" || $1 == "topology" || $1 == "layout"'
}

# both lists in one order: by kind, then code
norm() { sort -k1,1 -k3,3n; }

case ${1:-} in
list) c_list ;;
code)
    [ $# -eq 3 ] || { echo "usage: codes.sh code routing|topology NAME" >&2; exit 1; }
    c_list | awk -v k="$2" -v n="$3" '$1 == k && $2 == n { print $3; f = 1 } END { exit !f }' ;;
check)
    c=$(c_list | norm)
    r=$(rtl_list | norm)
    # the comparison must see a changed code (the first routing's, plus 100)
    bad=$(awk '$1 == "routing" && !d { $3 += 100; d = 1 } { print }' <<< "$c")
    if diff <(echo "$bad") <(echo "$r") > /dev/null; then
        echo "codes.sh: the comparison does not see a changed routing code" >&2
        exit 1
    fi
    if ! diff <(echo "$c") <(echo "$r") > "$build/rtl/codes.diff"; then
        echo "codes.sh: the C model (<) and rtl/flitnet_pkg.sv (>) disagree:" >&2
        cat "$build/rtl/codes.diff" >&2
        exit 1
    fi
    echo "codes: $(grep -c '^routing' <<< "$c") routings, $(grep -c '^topology' <<< "$c") topologies and" \
        "$(grep -c '^layout' <<< "$c") flit layouts: the C model and rtl/flitnet_pkg.sv agree" ;;
*)
    echo "usage: codes.sh list | code routing|topology NAME | check" >&2
    exit 1 ;;
esac
