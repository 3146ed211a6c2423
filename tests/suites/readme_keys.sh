#!/usr/bin/env bash
# docs/usage.md and the help agree: every configuration key and model key the program
# accepts is in its tables, and its command list is the help's, line for line.
cd "$(dirname "$0")/../.."
F=${FLITNET:-build/flitnet}
pass=0
fail=0
ok() { pass=$((pass + 1)); }
no() { echo "$1"; fail=$((fail + 1)); }
for key in $("$F" help | sed -n '/^keys/,/^$/p' | awk 'NR > 1 && NF { print $1 }'); do
    if grep -q "| \`$key\` |" docs/usage.md; then ok; else no "docs/usage.md lacks key '$key'"; fi
done
mkeys=$("$F" help | sed -n '/^model keys/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
[ -n "$mkeys" ] || no "flitnet help lists no model keys"
for key in $mkeys; do
    if grep -q "| \`$key\` |" docs/usage.md; then ok; else no "docs/usage.md lacks model key '$key'"; fi
done
# the usage lines: help's (indented, after "usage:") against docs/usage.md's block under "The command"
help_usage=$("$F" help | sed -n '2,/^CONFIG/p' | sed -n 's/^  flitnet /build\/flitnet /p')
readme_usage=$(awk '/^## The command/ { u = 1 } u && /^```sh/ { b = 1; next } b && /^```/ { exit } b' docs/usage.md)
[ "$(printf '%s\n' "$help_usage" | wc -l)" -ge 9 ] || no "flitnet help lists fewer than 9 commands"
while IFS= read -r line; do
    if printf '%s\n' "$readme_usage" | grep -qxF -- "$line"; then ok; else no "docs/usage.md's command list lacks: $line"; fi
done <<< "$help_usage"
while IFS= read -r line; do
    if printf '%s\n' "$help_usage" | grep -qxF -- "$line"; then ok; else no "flitnet help lacks docs/usage.md's: $line"; fi
done <<< "$readme_usage"
# every command's --help is the same usage line
for cmd in $("$F" help | sed -n 's/^  flitnet \([a-z0-9]*\).*/\1/p'); do
    want=$("$F" help | sed -n "s/^  \(flitnet $cmd\( .*\)\{0,1\}\)$/usage: \1/p")
    if [ "$("$F" "$cmd" --help | head -1)" = "$want" ]; then ok; else no "flitnet $cmd --help does not begin with '$want'"; fi
done
# the validation targets' knobs are in the script's help and docs/usage.md
for knob in CYCLES POINTS; do
    if scripts/validate.sh --help | grep -q "$knob"; then ok; else no "scripts/validate.sh --help lacks $knob"; fi
    if grep -q "\`$knob" docs/usage.md; then ok; else no "docs/usage.md lacks $knob"; fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
