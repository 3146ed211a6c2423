#!/usr/bin/env sh
# src_dirs.sh: the folders of flitnet's C sources, one list for the Makefile and for the
# scripts that compile against the library (the harness builds, codes.sh).
#   scripts/src_dirs.sh        the folders, one per line
#   scripts/src_dirs.sh -I     as compiler flags, -I<root>/<folder> each
root=$(cd "$(dirname "$0")/.." && pwd)
dirs="c_model/util c_model/router c_model/routing c_model/faults c_model/proof c_model/waves models tb app"
for d in $dirs; do
    if [ "${1:-}" = -I ]; then printf -- '-I%s/%s\n' "$root" "$d"; else printf '%s\n' "$d"; fi
done
