#!/usr/bin/env bash
# scoreboard_mutants.sh BUILD [ID ...]: the checks of harness/scoreboard.cpp, mutated
# (tests/cosim/scoreboard_mutants.py: one operator of a check's condition, or the check
# deleted) and run against the fault injector (tests/cosim/user_faults.sh: every check made
# to fire, on a 4x4 torus with V = 2 and a 4x4 mesh with V = 3). A mutant is killed when a
# run's verdict changes: a clean run reports a violation, a run that must stop at its check
# stops elsewhere or not at all, the scoreboard crashes, reports an internal error or hangs
# (120 s). A mutant that survives both is tried on the example's broken variants (BROKEN:
# a flit lost, a register left out of the reset, an overrun buffer). Without IDs, a sample
# of SB_MUTANTS_N mutants (default 6; "all" for every one) drawn by SB_MUTANTS_SEED
# (default 1). A mutant that tests/cosim/scoreboard_equivalent.txt lists, with the reason
# no router can tell it apart, is not run; any other survivor fails. Prints a line per
# mutant, the mutation score, and "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:?usage: scoreboard_mutants.sh BUILD [ID ...]}
shift
build=$(mkdir -p "$build" && cd "$build" && pwd)
# shellcheck source=tests/cosim/user_faults.sh
. "$root/tests/cosim/user_faults.sh"
# shellcheck source=tests/cosim/run_entry.sh
. "$root/tests/cosim/run_entry.sh"
gen=$root/tests/cosim/scoreboard_mutants.py
equiv=$root/tests/cosim/scoreboard_equivalent.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

all=$(python3 "$gen" list) || { echo "scoreboard_mutants: the generator failed"; echo "0 passed, 1 failed"; exit 1; }
if [ $# -gt 0 ]; then
    ids=("$@")
elif [ "${SB_MUTANTS_N:-6}" = all ]; then
    mapfile -t ids < <(cut -f1 <<< "$all")
else
    # the sample: the IDs ordered by a hash of the seed and the ID
    mapfile -t ids < <(cut -f1 <<< "$all" | while read -r id; do
        printf '%s %s\n' "$(printf '%s %s' "${SB_MUTANTS_SEED:-1}" "$id" | sha256sum | cut -c1-16)" "$id"
    done | sort | head -n "${SB_MUTANTS_N:-6}" | cut -d' ' -f2)
fi

# the two models, as examples.sh builds them (kept when unchanged)
names=(faults faults_m44v3) cfgs=("$T44V2SW" "$M44V3") runs=("$FAULTS" "$FAULTS_M44V3") tops=(user_fault_router user_fault_router)
files=("$FAULT_RTL" "$FAULT_RTL") extra=("" "")
# the broken variants, as examples.sh builds them (the example's files patched)
while read -r bname bpatch brun; do
    names+=("$bname") cfgs+=("$T44V2") runs+=("$brun") tops+=(flitnet_iq_router) files+=("$EXREL")
    extra+=("--patch=$root/rtl/examples/broken/$bpatch.patch")
done <<< "$BROKEN"
for m in "${!names[@]}"; do
    name=${names[$m]} cfg=${cfgs[$m]}
    # shellcheck disable=SC2086
    if ! (cd "$root" && harness/build_user.sh "$build/user/$name" "${tops[$m]}" "$cfg" "${files[$m]}" --assert ${extra[$m]} > "$tmp/build.log" 2>&1); then
        echo "scoreboard_mutants: the model $name did not build:"
        sed 's/^/    /' "$tmp/build.log"
        echo "0 passed, 1 failed"
        exit 1
    fi
done

# verdict BIN RUN: 0 when the run's outcome is the one user.sh wants, else 1 with the
# reason in $tmp/why
verdict() {
    local bin=$1 r keys expect want out rc
    run_entry "$2"
    r=$keys
    # shellcheck disable=SC2086
    out=$(cd "$tmp" && timeout 120 "$bin" $r ${expect:+--expect-violation} --diff-dir "$tmp/v" 2>&1)
    rc=$?
    if [ $rc -ne 0 ]; then
        printf 'exit %s on %s: %s' "$rc" "$r" "$(grep -m 1 -e '^VIOLATION' -e 'internal error' -e 'RESULT' <<< "$out" | cut -c1-160)" > "$tmp/why"
        return 1
    fi
    if [ -n "$want" ] && ! grep -m 1 '^VIOLATION' <<< "$out" | grep -qF -- "$want"; then
        printf 'on %s another check fired: %s' "$r" "$(grep -m 1 '^VIOLATION' <<< "$out" | cut -c1-160)" > "$tmp/why"
        return 1
    fi
    return 0
}

pass=0 fail=0 killed=0 equivs=0 stillborn=0 n=0
for id in "${ids[@]}"; do
    n=$((n + 1))
    line=$(awk -F'\t' -v id="$id" '$1 == id' <<< "$all")
    if [ -z "$line" ]; then echo "FAIL $id: no such mutant"; fail=$((fail + 1)); continue; fi
    IFS=$'\t' read -r _ ln cond mut what <<< "$line"
    desc="line $ln: $cond -> $mut ($what)"
    if reason=$(grep -m 1 "^${id}[[:space:]]" "$equiv" 2> /dev/null); then
        equivs=$((equivs + 1)) pass=$((pass + 1))
        printf 'ok   %s %s\n       equivalent (not run): %s\n' "$id" "$desc" "$(cut -f2- <<< "$reason")"
        continue
    fi
    python3 "$gen" apply "$id" "$tmp/scoreboard.cpp" || { echo "FAIL $id: not applied"; fail=$((fail + 1)); continue; }
    how=
    for m in "${!names[@]}"; do
        name=${names[$m]}
        bin=$tmp/sb_$name
        if ! (cd "$root" && harness/build_user.sh --harness "$build/user/$name" "$tmp/scoreboard.cpp" "$bin") > "$tmp/cc.log" 2>&1; then
            # the compiler refusing the mutant is its verdict; anything else (the link) is ours
            if grep -q 'scoreboard\.cpp:[0-9]*:[0-9]*: error:' "$tmp/cc.log"; then
                how="stillborn (does not compile: $(grep -m 1 'error:' "$tmp/cc.log" | sed 's/.*error: //' | cut -c1-100))"
            else
                how="broken: the harness did not build: $(grep -m 1 -i 'error' "$tmp/cc.log" | cut -c1-120)"
            fi
            break
        fi
        IFS=';' read -r -a list <<< "$(tr '\n' ' ' <<< "${runs[$m]}")"
        for r in "${list[@]}"; do
            r=$(sed 's/^ *//; s/ *$//' <<< "$r")
            [ -n "$r" ] || continue
            if ! verdict "$bin" "$r"; then how="killed by $name: $(cat "$tmp/why")"; break 2; fi
        done
    done
    case $how in
    killed*) killed=$((killed + 1)) pass=$((pass + 1)); printf 'ok   %s %s\n       %s\n' "$id" "$desc" "$how" ;;
    stillborn*) pass=$((pass + 1)) stillborn=$((stillborn + 1)); printf 'ok   %s %s\n       %s\n' "$id" "$desc" "$how" ;;
    broken*) fail=$((fail + 1)); printf 'FAIL %s %s\n       %s\n' "$id" "$desc" "$how" ;;
    *)
        fail=$((fail + 1))
        printf 'FAIL %s %s\n       survived every run of every model (%s)\n' "$id" "$desc" "${names[*]}"
        ;;
    esac
done
total=$(wc -l <<< "$all")
echo "scoreboard mutation score: $killed killed of $((${#ids[@]} - equivs - stillborn)) that build and are not listed equivalent ($stillborn stillborn, $equivs equivalent; ${#ids[@]} drawn of $total)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
