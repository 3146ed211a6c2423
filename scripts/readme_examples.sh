#!/usr/bin/env bash
# readme_examples.sh [--write]: the README's examples are real runs. Each fenced block that
# begins with `$ build/flitnet ...` is that command and its output; this runs the command
# again and compares the output (lines with a wall-clock time left out: a run's "run" line
# and cycles/s figures). --write puts the fresh outputs into README.md instead.
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
write=0
[ "${1:-}" = --write ] && write=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the lines a block keeps: no wall-clock time
steady() { grep -v -E '^run  |cycles/s|[0-9] s,' || true; }
pass=0 fail=0
mapfile -t cmds < <(grep -E '^\$ build/flitnet ' README.md | sed 's/^\$ //')
[ "${#cmds[@]}" -ge 5 ] || { echo "FAIL the README has ${#cmds[@]} examples, not 5 or more"; echo "0 passed, 1 failed"; exit 1; }
for i in "${!cmds[@]}"; do
    # shellcheck disable=SC2086
    ${cmds[$i]} 2>&1 | steady > "$tmp/$i.out"
    # the README's block: the lines after the command up to the closing fence
    awk -v c="\$ ${cmds[$i]}" '$0 == c { b = 1; next } b && /^```/ { exit } b' README.md > "$tmp/$i.doc"
    if [ $write = 1 ]; then cp "$tmp/$i.out" "$tmp/$i.doc"; fi
    if cmp -s "$tmp/$i.out" "$tmp/$i.doc"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL the README's output of '${cmds[$i]}' is not the command's:"
        diff "$tmp/$i.doc" "$tmp/$i.out" | head -n 10 | sed 's/^/    /'
    fi
done
if [ $write = 1 ]; then
    awk -v dir="$tmp" 'BEGIN { n = 0 }
        /^\$ build\/flitnet / { print; f = dir "/" n ".out"; while ((getline l < f) > 0) print l; close(f); n++; skip = 1; next }
        skip && /^```/ { skip = 0 }
        !skip { print }' README.md > "$tmp/README.md" && mv "$tmp/README.md" README.md
    echo "readme_examples.sh: README.md written"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
