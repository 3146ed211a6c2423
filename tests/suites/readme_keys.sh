#!/usr/bin/env bash
# The README documents every configuration key the program accepts.
cd "$(dirname "$0")/../.."
pass=0
fail=0
for key in $(build/flitnet help | sed -n '/^keys/,/^$/p' | awk 'NR > 1 && NF { print $1 }'); do
    if grep -q "| \`$key\` |" README.md; then pass=$((pass + 1)); else echo "README lacks key '$key'"; fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
