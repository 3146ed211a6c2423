# shellcheck shell=bash
# registry.sh: the routing registry (c_model/routing/route.c) as `flitnet routings`
# prints it, for every script that lists or draws routings, so that a routing added to
# the registry reaches them all with no list to edit (tests/suites/registry.sh checks it
# with a routing registered for the test alone).
#
# registry_load FLITNET: ROUTINGS, the names in registry order, and R_CODE, R_LEVELS,
# R_MINIMAL, R_ESCAPE_SET, R_FAULTS by name; REGISTRY_NAMES, the names in one exported
# string (arrays do not reach `bash -c` children); returns 2 with one line when the binary
# lists none.
registry_load() {
    local name rest kv
    ROUTINGS=()
    declare -gA R_CODE=() R_LEVELS=() R_MINIMAL=() R_ESCAPE_SET=() R_FAULTS=()
    while read -r name rest; do
        ROUTINGS+=("$name")
        for kv in $rest; do
            case $kv in
            code=*) R_CODE[$name]=${kv#*=} ;;
            levels=*) R_LEVELS[$name]=${kv#*=} ;;
            minimal=*) R_MINIMAL[$name]=${kv#*=} ;;
            escape_set=*) R_ESCAPE_SET[$name]=${kv#*=} ;;
            faults=*) R_FAULTS[$name]=${kv#*=} ;;
            esac
        done
    done < <("$1" routings 2> /dev/null)
    [ ${#ROUTINGS[@]} -gt 0 ] || { echo "registry.sh: '$1 routings' lists no routing" >&2; return 2; }
    export REGISTRY_NAMES="${ROUTINGS[*]}"
}

# registry_where ARRAY VALUE: the routings (registry order) whose R_ARRAY entry is VALUE
registry_where() {
    local -n tbl=$1
    local r out=()
    for r in "${ROUTINGS[@]}"; do [ "${tbl[$r]}" = "$2" ] && out+=("$r"); done
    echo "${out[*]}"
}
