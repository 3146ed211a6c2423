#!/usr/bin/env bash
# study_doc.sh [OUTDIR]: writes the full study's summary (OUTDIR/summary.md, default
# build/study-000, from `make study-000`) into docs/results.md, between the lines
#     <!-- study-000 summary: begin -->
#     <!-- study-000 summary: end -->
# so that the document's tables are the run's, with the commit and date it names. Refuses a
# reduced study (QUICK=1). tests/suites/study000.sh checks CI's quick study against them.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/study-000}
sm=$out/summary.md
[ -s "$sm" ] || { echo "study_doc.sh: no $sm (make study-000 first)" >&2; exit 1; }
grep -q '300000 cycles' "$sm" || { echo "study_doc.sh: $sm is not the full study (300,000 cycles a point)" >&2; exit 1; }
grep -q '^<!-- study-000 summary: begin -->$' docs/results.md && grep -q '^<!-- study-000 summary: end -->$' docs/results.md ||
    { echo "study_doc.sh: docs/results.md has no study-000 summary markers" >&2; exit 1; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# the summary without its title, its headings one level down
awk -v sm="$sm" '/^<!-- study-000 summary: begin -->$/ { print; print "";
        while ((getline l < sm) > 0) { if (l ~ /^# /) continue; if (l ~ /^##/) l = "#" l; print l }
        print ""; skip = 1; next }
    /^<!-- study-000 summary: end -->$/ { skip = 0 } !skip { print }' docs/results.md > "$tmp"
cat "$tmp" > docs/results.md
echo "study_doc.sh: docs/results.md written from $sm"
