#!/usr/bin/env bash
# apply.sh NAME DIR: writes DIR/rtl/, a copy of rtl/ (its .sv files, flitnet.f and the
# lint waivers) with the mutant tests/mutants/NAME.patch (or NAME itself when it is a
# path: a generated mutant) applied: the deliberately wrong
# router that the co-simulation must catch (docs/rtl.md, "Mutations"). The design files
# in rtl/ carry no mutant; each lives in its patch, applied only to such a copy.
# Fails when the patch does not apply exactly (no fuzz): a mutant whose context the
# design has moved away from must be rewritten, not silently lost.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 2 ] || { echo "usage: apply.sh NAME DIR" >&2; exit 1; }
name=$1 dir=$2
p=$root/tests/mutants/$name.patch
# a generated mutant (tests/mutants/generate.py, make mutants) is named by its patch's path
case $name in */*) p=$name name=$(basename "$name" .patch) ;; esac
[ -f "$p" ] || { echo "apply.sh: no mutant $name ($p)" >&2; exit 1; }
rm -rf "$dir/rtl"
mkdir -p "$dir/rtl"
cp "$root"/rtl/*.sv "$root/rtl/flitnet.f" "$root/rtl/lint_waiver.vlt" "$dir/rtl/"
if ! out=$(patch -d "$dir" -p1 --batch --forward --fuzz=0 --no-backup-if-mismatch -r - < "$p" 2>&1); then
    echo "apply.sh: $name.patch does not apply to rtl/:" >&2
    echo "$out" >&2
    exit 1
fi
