#!/usr/bin/env bash
# doc_blocks.sh [--write] FILE...: the measured blocks of the documents are the output of
# the commands that measure them. A block is the lines between
#     <!-- run: COMMAND -->
# and the next
#     <!-- end -->
# COMMAND runs in the repository's root (bash -c, build/flitnet built); its output must
# be the block, line for line. --write puts the fresh outputs in instead. A failed COMMAND
# fails the check. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
write=0
[ "${1:-}" = --write ] && { write=1; shift; }
[ $# -gt 0 ] || { echo "usage: scripts/doc_blocks.sh [--write] FILE..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for f in "$@"; do
    [ -f "$f" ] || { echo "FAIL $f: no such file"; fail=$((fail + 1)); continue; }
    mapfile -t cmds < <(sed -n 's/^<!-- run: \(.*\) -->$/\1/p' "$f")
    for i in "${!cmds[@]}"; do
        if ! bash -c "${cmds[$i]}" > "$tmp/$i.out" 2> "$tmp/$i.err"; then
            echo "FAIL $f: '${cmds[$i]}' exited non-zero: $(tail -n 1 "$tmp/$i.err")"
            fail=$((fail + 1))
            cp /dev/null "$tmp/$i.out"
            continue
        fi
        awk -v c="<!-- run: ${cmds[$i]} -->" '$0 == c { b = 1; next } b && /^<!-- end -->$/ { exit } b' "$f" > "$tmp/$i.doc"
        if [ $write = 1 ] || cmp -s "$tmp/$i.out" "$tmp/$i.doc"; then pass=$((pass + 1)); else
            fail=$((fail + 1))
            echo "FAIL $f: the block of '${cmds[$i]}' is not the command's output (scripts/doc_blocks.sh --write $f):"
            diff "$tmp/$i.doc" "$tmp/$i.out" | head -n 8 | sed 's/^/    /'
        fi
    done
    if [ $write = 1 ] && [ "${#cmds[@]}" -gt 0 ]; then
        awk -v dir="$tmp" 'BEGIN { n = 0 }
            /^<!-- run: .* -->$/ { print; f = dir "/" n ".out"; while ((getline l < f) > 0) print l; close(f); n++; skip = 1; next }
            skip && /^<!-- end -->$/ { skip = 0 }
            !skip { print }' "$f" > "$tmp/doc" && cat "$tmp/doc" > "$f"
        echo "doc_blocks.sh: $f written"
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
