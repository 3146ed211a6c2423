#!/usr/bin/env bash
# The measured blocks of the documents are the outputs of their commands, run again now
# (scripts/doc_blocks.sh): a change that moves a figure fails here until the document is
# written again with it (scripts/doc_blocks.sh --write FILE). And the README and the
# reference documents speak in the present tense: no dated entries (history is in git
# and CHANGELOG.md).
cd "$(dirname "$0")/../.." || exit 2
out=$(scripts/doc_blocks.sh docs/*.md 2>&1)
rc=$?
printf '%s\n' "$out" | sed '$d'
last=$(printf '%s\n' "$out" | tail -n 1)
pass=$(sed -n 's/^\([0-9]*\) passed, [0-9]* failed.*/\1/p' <<< "$last")
fail=$(sed -n 's/^[0-9]* passed, \([0-9]*\) failed.*/\1/p' <<< "$last")
[ -n "$pass" ] || { printf '%s\n' "$last"; pass=0 fail=1; }
[ "$rc" -eq 0 ] || [ "$fail" -gt 0 ] || fail=1
# (a generated table's "Measured by:" line names its run's date with its commit: provenance)
dated=$(grep -nE '(^|[^0-9])20[0-9]{2}-[01][0-9]-[0-3][0-9]([^0-9]|$)' README.md docs/*.md | grep -vE '^[^:]+:[0-9]+:Measured by: ')
if [ -z "$dated" ]; then pass=$((pass + 1)); else
    echo "FAIL dated entries in the README or docs/ (history goes to git and CHANGELOG.md):"
    printf '%s\n' "$dated" | sed 's/^/    /'
    fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
