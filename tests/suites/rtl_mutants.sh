#!/usr/bin/env bash
# The mutation runner (make mutants, make mutants-all; tests/mutants/run.sh), on what it
# decides in seconds: package mutants, which meet harness/codes.sh before any model.
# One drops dor_escape and duato_phop from the two-level routings (codes.sh must kill it),
# one gives two topologies the same code (the package does not compile: stillborn, not
# killed). Then the ledger: a second run skips what the first decided, run lists that only
# grew, and a refusal table that only grew, keep the killed and stillborn verdicts, a
# ledger of another design or of lists that lost a line is started again; and bad settings, and a tree without the checks' tools,
# are refused with one line and exit 2.
# Last the schema designs (tests/mutants/schema.py): a mutant switched at run time in one
# build of t44v4 is killed by the same run in the same cycle as its own build, and one
# whose line Verilator rejects is taken out of the schema and left to its own build
# (stillborn). Builds what run.sh needs besides the models (make mutants-tools).
cd "$(dirname "$0")/../.." || exit 2
make --no-print-directory -s mutants-tools || { echo "rtl_mutants: make mutants-tools failed"; exit 1; }
pass=0 fail=0
check() { # name ok(0/1) detail
    if [ "$2" = 1 ]; then pass=$((pass + 1)); echo "ok   $1"; else fail=$((fail + 1)); echo "FAIL $1: $3"; fi
}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
list=$(python3 tests/mutants/generate.py list)
# found by their text, not their line, so that the design may move them
levels=$(awk -F'\t' '$2 == "bitwise" && $4 ~ /^\(64.d1 << ROUTING_DOR_ESCAPE\) \| \(64.d1 << ROUTING_DUATO_PHOP\)/ &&
    $5 ~ /ESCAPE\) &/ { print $1; exit }' <<< "$list")
enum=$(awk -F'\t' '$2 == "const" && $4 == "TOPO_TORUS_UNI = 1," && $5 == "TOPO_TORUS_UNI = 0," { print $1; exit }' <<< "$list")
check "the two package mutants are generated" "$([ -n "$levels" ] && [ -n "$enum" ] && echo 1)" "levels '$levels', enum '$enum'"

# one named twice: it runs once
run() { MUTANTS_OUT=$d/out MUTANTS_LEDGER=$d/ledger.tsv MUTANTS_IDS="$levels $enum $levels" tests/mutants/run.sh 2>&1; }
out=$(run)
ok=0
grep -q "^$levels	killed	codes: " "$d/out/report.txt" && grep -q "^$enum	stillborn	does not build: %Error" "$d/out/report.txt" &&
    grep -q '^mutation score of this run (2 mutants, .*CI kills 1 of 1 = 100.0 % (1 stillborn, 0 equivalent)' <<< "$out" && ok=1
check "codes.sh kills the two-level mutant (named twice, run once); the package that does not compile is stillborn" $ok "$(tail -n 3 <<< "$out")"
ok=0
[ "$(grep -vc '^#' "$d/ledger.tsv")" = 2 ] && ok=1
check "the ledger holds both verdicts" $ok "$(cat "$d/ledger.tsv")"
out=$(run)
ok=0
grep -q ': 2 already there$' <<< "$out" && grep -q '^mutation score of this run (0 mutants' <<< "$out" &&
    grep -q '^ledger (2 of [0-9]* mutants): CI kills 1 of 1' <<< "$out" && ok=1
check "a second run skips what the ledger holds" $ok "$(grep -E 'already|score|ledger' <<< "$out")"
# the run lists grow (a CI line added: the old ledger's lists lack one of today's lines):
# the killed and stillborn verdicts stay, a survivor is dropped to run again
cp "$d/ledger.tsv" "$d/ledger.orig"
sed -i -e 's/^# key [0-9a-f]*/# key 0000000000000000/' -e 's/ ci-lines [0-9]*,/ ci-lines /' "$d/ledger.tsv"
printf 'flitnet_rr_arb.21.const.0\tsurvived\t(0 models with unchanged code)\n' >> "$d/ledger.tsv"
out=$(run)
ok=0
grep -q 'the run lists only grew: 2 killed or stillborn verdicts kept, 1 others run again' <<< "$out" &&
    grep -q '^mutation score of this run (0 mutants' <<< "$out" && ! grep -q survived "$d/ledger.tsv" &&
    grep -qx "$(grep '^# key' "$d/ledger.orig")" "$d/ledger.tsv" && ok=1
check "run lists that only grew keep the killed and stillborn verdicts, not a survivor" $ok "$(grep -E 'ledger|score' <<< "$out")"
# the refusal table grows (tests/cosim/refusals.txt: a check added, as a run line is)
cp "$d/ledger.orig" "$d/ledger.tsv"
sed -i -e 's/^# key [0-9a-f]*/# key 0000000000000000/' -e 's/ refusal-lines [0-9]*,/ refusal-lines /' "$d/ledger.tsv"
out=$(run)
ok=0
grep -q 'the run lists only grew: 2 killed or stillborn verdicts kept, 0 others run again' <<< "$out" &&
    grep -q '^mutation score of this run (0 mutants' <<< "$out" && grep -qx "$(grep '^# key' "$d/ledger.orig")" "$d/ledger.tsv" && ok=1
check "a refusal table that only grew keeps the killed and stillborn verdicts" $ok "$(grep -E 'ledger|score' <<< "$out")"
# a line gone from the lists: started again
cp "$d/ledger.orig" "$d/ledger.tsv"
sed -i -e 's/^# key [0-9a-f]*/# key 0000000000000000/' -e 's/ ci-lines /&1,/' "$d/ledger.tsv"
out=$(run)
ok=0
grep -q 'made for another design, other checks or another suite' <<< "$out" && grep -q '^mutation score of this run (2 mutants' <<< "$out" && ok=1
check "a ledger whose run lists had a line today's lack is started again" $ok "$(grep -E 'ledger|score' <<< "$out")"
sed -i -e 's/^# key [0-9a-f]*/# key 0000000000000000/' -e 's/^# design [0-9a-f]*/# design 0000000000000000/' "$d/ledger.tsv"
out=$(run)
ok=0
grep -q 'made for another design, other checks or another suite' <<< "$out" && grep -q '^mutation score of this run (2 mutants' <<< "$out" && ok=1
check "a ledger of another design is started again" $ok "$(grep -E 'ledger|score' <<< "$out")"

# the schema designs against the mutants' own builds, found by their text
cond=$(awk -F'\t' '$2 == "cond" && $1 ~ /^flitnet_rr_arb\./ && $5 == "if (!(req_i[j])) begin" { print $1; exit }' <<< "$list")
nb=$(awk -F'\t' '$2 == "rel" && $1 ~ /^flitnet_fifo\./ && $4 ~ /^if \(pop_i\) rd_q <= / && $5 ~ /rd_q < \(/ { print $1; exit }' <<< "$list")
ok=0
if [ -n "$cond" ] && [ -n "$nb" ]; then
    MUTANTS_OUT=$d/sch MUTANTS_IDS="$cond $nb" tests/mutants/run.sh > "$d/sch.log" 2>&1
    MUTANTS_OUT=$d/own MUTANTS_SCHEMA=0 MUTANTS_IDS="$cond $nb" tests/mutants/run.sh > "$d/own.log" 2>&1
    tsv=$(echo "$d"/sch/schema-*/flitnet_rr_arb/t44v4/gen/schema.tsv)
    grep -q "^$cond	killed	t44v4 .*cycle [0-9]*$" "$d/sch/report.txt" && grep -q "^$cond	" "$tsv" &&
        [ "$(grep "^$cond	" "$d/sch/report.txt")" = "$(grep "^$cond	" "$d/own/report.txt")" ] && ok=1
fi
check "a mutant switched in a schema design is killed by the same run in the same cycle as its own build" $ok \
    "ids '$cond' '$nb': $(cat "$d/sch/report.txt" "$d/own/report.txt" 2> /dev/null)"
ok=0
built=$(cat "$d"/sch/schema-*/flitnet_fifo/t44v4/built 2> /dev/null)
grep -q "^$nb	stillborn	" "$d/sch/report.txt" && grep -q "^$nb	stillborn	" "$d/own/report.txt" &&
    [[ ,$built, == *",$nb,"* ]] && ! grep -q "^$nb	" "$d"/sch/schema-*/flitnet_fifo/t44v4/gen/schema.tsv && ok=1
check "a mutant whose line Verilator rejects leaves the schema and is stillborn in its own build" $ok "taken out: '$built'; $(grep "^$nb" "$d/sch/report.txt")"

# beyond one machine: a shard of the list, and the merge of another machine's ledger
out=$(MUTANTS_OUT=$d/out MUTANTS_LEDGER=$d/ledger.tsv MUTANTS_IDS="$levels $enum" MUTANTS_SHARD=2/2 tests/mutants/run.sh 2>&1)
ok=0
grep -q '^mutants: 1 of [0-9]* (.*MUTANTS_SHARD=2/2' <<< "$out" && grep -q '^mutation score of this run (0 mutants' <<< "$out" && ok=1
check "MUTANTS_SHARD=2/2 keeps the second of two mutants" $ok "$(head -n 2 <<< "$out")"
{ grep '^#' "$d/ledger.tsv"; printf 'flitnet_rr_arb.21.const.0\tkilled\tt44v4 (another machine)\n'; } > "$d/theirs.tsv"
{ grep '^#' "$d/ledger.tsv"; printf '%s\tsurvived\t(another machine)\n' "$levels"; } > "$d/conflict.tsv"
sed 's/^# key [0-9a-f]*/# key 0000000000000000/' "$d/theirs.tsv" > "$d/otherkey.tsv"
before=$(grep -vc '^#' "$d/ledger.tsv")
out=$(MUTANTS_LEDGER=$d/ledger.tsv tests/mutants/run.sh --merge "$d/theirs.tsv" 2>&1)
cerr=$(MUTANTS_LEDGER=$d/ledger.tsv tests/mutants/run.sh --merge "$d/conflict.tsv" 2>&1)
crc=$?
kerr=$(MUTANTS_LEDGER=$d/ledger.tsv tests/mutants/run.sh --merge "$d/otherkey.tsv" 2>&1)
krc=$?
ok=0
grep -q ': 1 verdicts merged from 1 ledgers' <<< "$out" && [ "$(grep -vc '^#' "$d/ledger.tsv")" = $((before + 1)) ] &&
    [ $crc = 1 ] && grep -q "two verdicts for $levels: killed and survived; nothing merged" <<< "$cerr" &&
    [ $krc = 2 ] && grep -q "is not a ledger of this tree's key" <<< "$kerr" && [ "$(grep -vc '^#' "$d/ledger.tsv")" = $((before + 1)) ] && ok=1
check "--merge adds another machine's verdicts; two verdicts for one mutant or another key merge nothing" $ok "$out / $cerr / $kerr"

for bad in MUTANTS_N=x MUTANTS_SEED=-1 JOBS=0 MUTANTS_SUITE=all MUTANTS_BUDGET=1h MUTANTS_CPU_LIMIT=0 MUTANTS_SCHEMA=2 MUTANTS_IDS=no.such.0 MUTANTS_SHARD=3/2; do
    berr=$(env "$bad" MUTANTS_OUT="$d/out" tests/mutants/run.sh 2>&1 > /dev/null)
    rc=$?
    ok=0
    [ $rc = 2 ] && [ "$(wc -l <<< "$berr")" = 1 ] && grep -q "^run.sh: .*${bad%%=*}\|^run.sh: no mutant" <<< "$berr" && ok=1
    check "$bad refused with one line, exit 2" $ok "exit $rc: $berr"
done
berr=$(tests/mutants/run.sh --kee 2>&1 > /dev/null)
rc=$?
ok=0
[ $rc = 2 ] && [ "$(wc -l <<< "$berr")" = 1 ] && grep -q "^run.sh: unknown arguments: --kee" <<< "$berr" && ok=1
check "an unknown argument refused with one line, exit 2" $ok "exit $rc: $berr"
# a tree without the tools the checks run (make mutants builds them first): a mutant would
# count as killed by a check that could not start (the waves without build/rtl/vcdcmp did)
mkdir -p "$d/tree"
git ls-files -z | xargs -0 cp --parents -t "$d/tree"
berr=$(cd "$d/tree" && MUTANTS_OUT=$d/tree/out MUTANTS_IDS="$levels" tests/mutants/run.sh 2>&1 > /dev/null)
rc=$?
ok=0
[ $rc = 2 ] && [ "$(wc -l <<< "$berr")" = 1 ] && grep -q "^run.sh: build/flitnet is missing: run make mutants" <<< "$berr" && [ ! -e "$d/tree/out/report.txt" ] && ok=1
check "a tree without the checks' tools is refused with one line, exit 2, nothing run" $ok "exit $rc: $berr"
key=$(MUTANTS_SUITE=full tests/mutants/run.sh --key)
ok=0
grep -qE '^# key [0-9a-f]{16} suite full$' <<< "$key" && grep -qE '^# design [0-9a-f]{16} suite full ci-lines [0-9,]+ full-lines [0-9,]+ refusal-lines [0-9,]+$' <<< "$key" &&
    [ "$(wc -l <<< "$key")" = 2 ] && ok=1
check "run.sh --key prints the ledger header of the tree" $ok "$key"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
