#!/usr/bin/env bash
# The sweep's SLURM job array on a real SLURM: a private single-node cluster (munged,
# slurmctld, slurmd from Debian's munge and slurm-wlm) is started in a temporary directory
# on free ports, with its own key and configuration (nothing of the system's is read or
# changed), `sbatch --wait DIR/sweep.sbatch` runs the points as array tasks, and `merge`
# must print what the -j sweep prints, byte for byte. The daemons are stopped on exit.
cd "$(dirname "$0")/../.."
F=$(realpath "${FLITNET:-build/flitnet}")
pass=0
fail=0
ok() { pass=$((pass + 1)); }
no() { echo "FAIL $1"; fail=$((fail + 1)); }
end() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit; }
for c in munged slurmctld slurmd sbatch squeue sinfo; do
    command -v "$c" > /dev/null || { no "$c is not installed (make test installs munge and slurm-wlm)"; end; }
done

D=$(mktemp -d /tmp/flitnet-slurm.XXXXXX)
stop() {
    local f
    for f in "$D/slurmd.pid" "$D/ctld.pid" "$D/munge/pid"; do
        [ -s "$f" ] && kill "$(cat "$f")" 2> /dev/null
    done
    sleep 0.5
    rm -rf "$D"
}
trap stop EXIT

# two free TCP ports for the controller and the node daemon
free_port() {
    local p
    for p in $(shuf -i 20000-60000 -n 50); do
        ss -Htln "sport = :$p" 2> /dev/null | grep -q . || { echo "$p"; return; }
    done
}
P1=$(free_port)
P2=$(free_port)
[ -n "$P1" ] && [ -n "$P2" ] && [ "$P1" != "$P2" ] || { no "no free ports for the daemons"; end; }

mkdir -p "$D/spool" "$D/state" "$D/munge"
chmod 700 "$D/munge"
head -c 1024 /dev/urandom > "$D/munge/munge.key"
chmod 400 "$D/munge/munge.key"
# --force: munged refuses to start as root or with a key in /tmp otherwise
munged --key-file="$D/munge/munge.key" --socket="$D/munge/sock" --pid-file="$D/munge/pid" \
    --log-file="$D/munge/log" --seed-file="$D/munge/seed" --force 2> "$D/munge.err" \
    || { no "munged did not start: $(tail -n 1 "$D/munge.err")"; end; }

H=$(hostname -s)
U=$(id -un)
cat > "$D/slurm.conf" << EOF
ClusterName=flitnettest
SlurmctldHost=$H
AuthType=auth/munge
AuthInfo=socket=$D/munge/sock
CredType=cred/munge
SlurmUser=$U
SlurmdUser=$U
SlurmctldPort=$P1
SlurmdPort=$P2
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/ctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/ctld.log
SlurmdLogFile=$D/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$H CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$H Default=YES MaxTime=10 State=UP
EOF
export SLURM_CONF=$D/slurm.conf
slurmctld -i 2> "$D/ctld.err" || { no "slurmctld did not start: $(tail -n 1 "$D/ctld.err") $(tail -n 1 "$D/ctld.log" 2> /dev/null)"; end; }
slurmd 2> "$D/slurmd.err" || { no "slurmd did not start: $(tail -n 1 "$D/slurmd.err") $(tail -n 1 "$D/slurmd.log" 2> /dev/null)"; end; }
for _ in $(seq 1 60); do # the node registers within a few seconds
    [ "$(sinfo -h -o %t 2> /dev/null)" = idle ] && break
    sleep 0.5
done
state=$(sinfo -h -o %t 2> /dev/null)
if [ "$state" = idle ]; then ok; else no "the node is '$state', not idle: $(tail -n 2 "$D/slurmd.log" 2> /dev/null)"; end; fi

# the same sweep with -j 2 and as a SLURM job array
args=(rate=0.003:0.015:0.003 routing=duato_nbc cycles=6000 warmup=600)
"$F" sweep "${args[@]}" -j 2 > "$D/j.txt" 2>&1 || no "the -j sweep failed"
# (a directory with a blank and a quote: an #SBATCH line cannot name it, the script can)
sw="$D/sweep dir's"
"$F" sweep "${args[@]}" --jobs "$sw" > /dev/null 2>&1 || { no "--jobs failed"; end; }
jid=$(timeout 300 sbatch --parsable --wait "$sw/sweep.sbatch" 2> "$D/sbatch.err")
rc=$?
if [ "$rc" -eq 0 ] && [ -n "$jid" ]; then ok; else no "sbatch --wait exited $rc: $(tail -n 1 "$D/sbatch.err")"; fi
# one array task per point, each with its own SLURM output file
n=$(wc -l < "$sw/jobs.txt")
outs=$(find "$sw" -name 'slurm-*.out' | wc -l)
if [ "$n" -eq 5 ] && [ "$outs" -eq "$n" ]; then ok; else no "$n points, $outs array-task outputs"; fi
"$F" merge "$sw" > "$D/m.txt" 2>&1 || no "merge failed: $(tail -n 1 "$D/m.txt")"
if cmp -s "$D/j.txt" "$D/m.txt"; then ok; else no "the SLURM sweep differs from the -j sweep"; diff "$D/j.txt" "$D/m.txt" | head -n 8; fi
grep -q SATURATED "$D/m.txt" && ok || no "the sweep was meant to pass saturation"
end
