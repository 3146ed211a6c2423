#!/usr/bin/env bash
# doc_blocks.sh [--write] FILE...: the measured blocks of the documents are the output of
# the commands that measure them. A block is the lines between
#     <!-- run: COMMAND -->
# and the next
#     <!-- end -->
# COMMAND runs in the repository's root (bash -c, build/flitnet built); its output must
# be the block, line for line. --write puts the fresh outputs in instead. A failed COMMAND
# fails the check. The commands run JOBS (default: the cores) at a time, before any is
# compared. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
write=0
[ "${1:-}" = --write ] && { write=1; shift; }
[ $# -gt 0 ] || { echo "usage: scripts/doc_blocks.sh [--write] FILE..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# every block's command first, JOBS (default: the cores) at a time: they are independent
# shellcheck source=tests/lib/jobs.sh
. tests/lib/jobs.sh
jobs_init doc_blocks.sh
nf=0
for f in "$@"; do
    nf=$((nf + 1))
    [ -f "$f" ] || continue
    mkdir -p "$tmp/$nf"
    mapfile -t cmds < <(sed -n 's/^<!-- run: \(.*\) -->$/\1/p' "$f")
    for i in "${!cmds[@]}"; do
        job_slot
        { bash -c "${cmds[$i]}" > "$tmp/$nf/$i.out" 2> "$tmp/$nf/$i.err"; echo $? > "$tmp/$nf/$i.rc"; } &
    done
done
wait
nf=0
for f in "$@"; do
    nf=$((nf + 1))
    [ -f "$f" ] || { echo "FAIL $f: no such file"; fail=$((fail + 1)); continue; }
    mapfile -t cmds < <(sed -n 's/^<!-- run: \(.*\) -->$/\1/p' "$f")
    d=$tmp/$nf
    for i in "${!cmds[@]}"; do
        if [ "$(cat "$d/$i.rc" 2> /dev/null)" != 0 ]; then
            echo "FAIL $f: '${cmds[$i]}' exited non-zero: $(tail -n 1 "$d/$i.err")"
            fail=$((fail + 1))
            cp /dev/null "$d/$i.out"
            continue
        fi
        awk -v c="<!-- run: ${cmds[$i]} -->" '$0 == c { b = 1; next } b && /^<!-- end -->$/ { exit } b' "$f" > "$d/$i.doc"
        if [ $write = 1 ] || cmp -s "$d/$i.out" "$d/$i.doc"; then pass=$((pass + 1)); else
            fail=$((fail + 1))
            echo "FAIL $f: the block of '${cmds[$i]}' is not the command's output (scripts/doc_blocks.sh --write $f):"
            diff "$d/$i.doc" "$d/$i.out" | head -n 8 | sed 's/^/    /'
        fi
    done
    if [ $write = 1 ] && [ "${#cmds[@]}" -gt 0 ]; then
        awk -v dir="$d" 'BEGIN { n = 0 }
            /^<!-- run: .* -->$/ { print; f = dir "/" n ".out"; while ((getline l < f) > 0) print l; close(f); n++; skip = 1; next }
            skip && /^<!-- end -->$/ { skip = 0 }
            !skip { print }' "$f" > "$d/doc" && cat "$d/doc" > "$f"
        echo "doc_blocks.sh: $f written"
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
