# shellcheck shell=bash
# tests/lib/jobs.sh, sourced by the scripts that run work in the background, a bounded
# number at a time (tests/run_all.sh, rtl/lint.sh, tests/cosim/*.sh, tests/fuzz/run.sh,
# tests/mutants/run.sh). It owns how many run at once and how a slot is waited for.
#
# jobs_init NAME [DEFAULT]: sets `jobs` from JOBS, else DEFAULT, else the cores; JOBS that
#     is not a positive integer is refused with one line naming NAME, exit 2
# job_slot: returns once fewer than `jobs` background jobs of this shell run (a finished
#     job's status is not kept: each job writes its own result)

jobs_init() {
    local name=$1 dflt=${2:-}
    [ -n "$dflt" ] || dflt=$(nproc 2> /dev/null || echo 2)
    jobs=${JOBS:-$dflt}
    [[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "$name: JOBS must be a positive integer (got '$jobs')" >&2; exit 2; }
}

job_slot() {
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
}
