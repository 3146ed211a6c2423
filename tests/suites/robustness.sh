#!/usr/bin/env bash
# Bad and extreme input, as a hostile user gives it: each is answered at once (within
# 20 s) with one line naming the problem and a non-zero exit, or, where the input is valid
# but extreme, with the answer (saturated). One check per hole found (issue 9 item 6) or
# fuzzed (tests/fuzz/).
cd "$(dirname "$0")/../.."
F=$(realpath "${FLITNET:-build/flitnet}")
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# check NAME WANT_EXIT WANT_TEXT ARGS...: exit status, a line of the output, no hang
check() {
    local name=$1 want=$2 text=$3
    shift 3
    local out rc
    out=$(cd "$tmp" && timeout 20 "$F" "$@" 2>&1)
    rc=$?
    if [ "$rc" -eq "$want" ] && printf '%s\n' "$out" | grep -qF -- "$text"; then
        pass=$((pass + 1))
    else
        echo "FAIL $name: exit $rc (want $want; 124 is a hang), output:"
        printf '%s\n' "$out" | head -n 12 | sed 's/^/    /'
        fail=$((fail + 1))
    fi
}
# valid but extreme: answered at once
check "a huge rate is saturated at once" 0 "not simulated" sim rate=1e9
check "a sweep at a huge rate is saturated at once" 0 "SATURATED" sweep rate=1e12:1e12:1
check "batches = 2 keeps the saturation detector" 0 "SATURATED" sim batches=2 rate=0.05 cycles=20000
# small networks well below saturation, short batches: the backlog's chance swings are not
# growth (each was SATURATED before the detector's noise terms)
check "4x4 torus at 17 % of capacity, 30 batches" 0 "status       ok" sim k=4 cycles=5000 rate=0.005 batches=30 seed=4
check "2x2 torus at a third of saturation" 0 "status       ok" sim k=2 cycles=3000 rate=0.004
check "4-node ring at a quarter of saturation" 0 "status       ok" sim k=4 n=1 cycles=2000 rate=0.003
check "4x4 torus at twice saturation still stops early" 0 "run          5801 cycles" sim k=4 rate=0.0235 cycles=20000 batches=30
check "a saturated stop says the deadlock check found nothing" 0 "no deadlock in the 2000 cycles after" sim k=4 rate=0.0235 cycles=20000 batches=30
# loads several times what the injection channels carry are answered at once (a 2^14
# hypercube at 32 flits/node/cycle crawled for a minute to 2 GB); below that, and with
# stop_saturated = 0, they are simulated (an overloaded network's throughput is measured)
check "four injection channels' worth is not simulated" 0 "4.8 flits/node/cycle offered, 4.8 times all the injection channel carries" sim k=8 rate=0.15 msg_len=32
check "twice the injection channel is simulated" 0 "status       SATURATED (messages in the system grew" sim k=8 rate=0.066 msg_len=32 cycles=20000
check "stop_saturated = 0 simulates a large load" 0 "run          500 cycles" sim k=4 rate=0.15 msg_len=32 stop_saturated=0 cycles=500 max_queue=100000
# a deadlock makes the backlog grow too: it is reported as the deadlock it is, not as saturation
check "a deadlock is not called saturated" 2 "deadlock at cycle 1123" sim k=4 msg_len=16 dateline=0 vcs=1 cycles=8000 rate=0.06
# a frozen network is a deadlock at once, however long the watchdog's period (a drain of it
# with deadlock_cycles = 1e12 ran for days)
check "a frozen drain is found at once, whatever deadlock_cycles" 2 "none moved for 8 cycles" \
    sim k=4 msg_len=16 dateline=0 vcs=1 cycles=8000 rate=0.06 drain=1 deadlock_cycles=1e12
check "dateline = 0 says the routing is not deadlock-free here" 2 "NOT deadlock-free here, escape channel dependency cycle (4 channels)" sim k=4 msg_len=16 dateline=0 vcs=1 cycles=8000 rate=0.06
check "a sweep with a deadlocked point fails" 2 "deadlock: at rate 0.02" sweep k=4 msg_len=16 dateline=0 vcs=1 cycles=8000 rate=0.01:0.03:0.01 stop_saturated=0 --all
# files that are not regular files
check "config /dev/zero" 1 "not a regular file" sim /dev/zero
check "config a directory" 1 "not a regular file" sim /tmp
check "trace /dev/zero" 1 "not a regular file" sim traffic=trace trace=/dev/zero
check "fault file a directory" 1 "not a regular file" sim routing=duato fault_file=/tmp
printf '0 1 2 4\n%02000d 1 2 4\n' 7 > "$tmp/long.trace"
check "trace line too long" 1 "line too long" sim traffic=trace trace="$tmp/long.trace" k=4
printf '3\n%0600d\n' 5 > "$tmp/long.faults"
check "fault file line too long" 1 "line too long" sim routing=duato fault_file="$tmp/long.faults"
printf '# %05000d\nk = 16\n' 0 > "$tmp/long.conf"
check "config comment line too long" 1 "line too long" sim "$tmp/long.conf"
printf 'k = 4\nrouting = dor\nk = 8\n' > "$tmp/twice.conf"
check "config key set twice" 1 "line 3: k is set twice in this file" sim "$tmp/twice.conf" cycles=200
printf 'k = 4   # a comment after the value\nvcs = 4\t# another\n' > "$tmp/inline.conf"
check "config: # after a value is a comment" 0 "4x4 torus, V=4" sim "$tmp/inline.conf" cycles=200
printf 'k = 4\nrouting = dor# x\n' > "$tmp/hash.conf"
check "config: an unknown routing names its line" 1 "hash.conf line 2: routing: unknown value 'dor# x'" sim "$tmp/hash.conf" cycles=200
# blanks around a command-line key or value are dropped, as the config file drops them
check "routing=\"dor \" (a trailing blank)" 0 "4x4 torus, V=10 B=1 Bo=1, routing dor," sim "routing=dor " k=4 cycles=200
check "\" k = 4 \" (blanks around key and value)" 0 "4x4 torus" sim " k = 4 " cycles=200
check "a sweep range with blanks" 0 "0.3" sweep k=4 " flit_rate = 0.1 : 0.3 : 0.1 " cycles=2000
# nonsense that used to be accepted
check "reinject_delay longer than the run" 1 "longer than the run" sim routing=swft faults=3 reinject_delay=1000000000 drain=1 cycles=3000
check "escape_vcs on dor" 1 "escape_vcs applies to the duato_* routings" sim escape_vcs=3
check "escape_vcs on swft" 1 "escape_vcs applies" sim routing=swft escape_vcs=2
check "-j 2x" 1 "-j needs a number of workers" sweep rate=0.001:0.002:0.001 -j 2x cycles=2000
check "-j -1" 1 "-j needs a number of workers" compare routing=dor rate=0.001:0.002:0.001 -j -1 cycles=2000
check "negative VCD window" 1 "--vcd-window needs FROM:TO" sim --vcd x.vcd --vcd-window -5:-1 cycles=200
check "bench cycles=abc" 1 "bench cycles=N needs a whole number" bench cycles=abc
check "--json without a file" 1 "option '--json' needs a value" sim cycles=2000 --json
check "--csv without a file" 1 "option '--csv' needs a value" sweep rate=0.001:0.002:0.001 --csv
check "seed = -1" 1 "is not an unsigned integer" sim seed=-1
check "k = 8,,8 (an empty list element)" 1 "k: '8,,8' has an empty element" sim k=8,,8 cycles=200
check "k = 4, (a trailing comma)" 1 "k: '4,' has an empty element" sim k=4, cycles=200
check "fault_nodes = 1,,2" 1 "fault_nodes: '1,,2' has an empty element" sim routing=duato fault_nodes=1,,2 cycles=200
printf '1,\n' > "$tmp/comma.faults"
check "fault file line '1,'" 1 "line 1: a comma with no coordinate after it" sim routing=duato fault_file="$tmp/comma.faults" cycles=200
check "faults = 0.5% of 64 nodes" 1 "faults = 0.5% of 64 nodes rounds to no faulty node (1 node is 1.56%)" sim routing=duato faults=0.5% cycles=200
check "a plot named .txt" 1 "'x.txt': a plot is written as .svg or .png" sweep rate=0.001:0.002:0.001 cycles=2000 --plot x.txt
check "a heat map named .bmp" 1 "'h.bmp': a plot is written as .svg or .png" sim cycles=2000 --heatmap h.bmp
check "quotes in a plot's name and title" 0 "saturation: not reached" sweep rate=0.001:0.002:0.001 cycles=2000 --plot "q'x.svg" --title "a\"b'c"
F=/bin/sh check "... and the plot holds the title" 0 "a\"b'c" -c "grep -oF 'a\"b'\\''c' \"q'x.svg\""
check "help sim shows sim's help" 0 "usage: flitnet sim" help sim
check "help of no command" 1 "help: no command 'simm'" help simm
check "version with an argument" 1 "version takes no arguments (got 'x')" version x
check "model duato-nbc with routing=dor" 1 "model duato-nbc describes Duato's protocol with Nbc escape VCs (Safaei et al. [1]), not routing dor" model model=duato-nbc routing=dor
check "seed beyond 64 bits" 1 "seed: 18446744073709551616 is out of range 0..18446744073709551615" sim seed=18446744073709551616 cycles=200
check "a VCD window after the run" 1 "--vcd-window starts at cycle 5000, after the run's last cycle 299" sim cycles=300 --vcd w.vcd --vcd-window 5000:6000
check "a VCD window without --vcd" 1 "--vcd-window needs --vcd FILE" sim cycles=300 --vcd-window 0:10
check "compare's summary file unwritable, before the sweep" 1 "cannot write '/nonexistent/s.md'" compare rate=0.001:0.002:0.001 cycles=1000000 --summary /nonexistent/s.md
check "sim's JSON file unwritable, before the run" 1 "cannot write '/nonexistent/x.json'" sim cycles=100000000 --json /nonexistent/x.json
check "sweep's CSV file unwritable, before the sweep" 1 "cannot write '/nonexistent/x.csv'" sweep rate=0.001:0.002:0.001 cycles=100000000 --csv /nonexistent/x.csv
check "hotspot_frac with uniform traffic" 1 "hotspot_frac applies to traffic = hotspot (traffic is uniform)" sim hotspot_frac=0.5 cycles=200
check "a trace file with uniform traffic" 1 "trace applies to traffic = trace (traffic is uniform)" sim trace=x.trace cycles=200
printf '0 1 2 4\n10 2 3 4\n' > "$tmp/two.trace"
check "a rate with trace traffic" 1 "rate applies to generated traffic; traffic = trace takes the times and lengths" sim k=4 traffic=trace trace="$tmp/two.trace" rate=0.5 cycles=200
check "a rate sweep of trace traffic" 1 "sweep varies the rate, and traffic = trace takes its load from the trace" sweep k=4 traffic=trace trace="$tmp/two.trace" rate=0.001:0.003:0.001 cycles=200
check "compare routing=dor, (an empty routing)" 1 "routing: an empty name in the list" compare routing=dor, rate=0.001:0.002:0.001 cycles=2000
check "compare routing=dor,dor" 1 "routing: the list names a routing twice" compare routing=dor,dor rate=0.001:0.002:0.001 cycles=2000
printf '0 1 2 4\n99999999999999999999999 1 2 4\n' > "$tmp/big.trace"
check "trace cycle beyond 64 bits" 1 "a number out of range" sim traffic=trace trace="$tmp/big.trace" k=4
check "locality_alpha = 1e9 on a 12-cube" 0 "zero-load closed form 153.00" sim topology=hypercube n=12 routing=dor vcs=2 traffic=locality locality_alpha=1e9 rate=0.001 cycles=3000
# scale: a 128x128 torus fits the flit (class counters sized by V, §3); what does not fit
# the flit or the memory is refused up front with the reason
check "128x128 torus runs" 0 "status       ok" sim k=128 cycles=600 warmup=100 flit_rate=0.03
check "a network beyond the flit's id bits" 1 "message-id bits left after" sim topology=hypercube n=16 vcs=32
F=/bin/sh check "a network beyond ulimit -v, refused with the estimate" 1 "network too large for the address-space limit (ulimit -v): about 2.0 GB for 16384 routers" -c "ulimit -v 400000; '$F' sim k=128 cycles=600"
# exit codes and writes
check "a sweep whose every point fails says why, exit 1" 1 "too few VCs for routing nbc" sweep routing=nbc vcs=2 rate=0.001:0.002:0.001 cycles=2000
F=/bin/sh check "stdout to a full device" 1 "writing the output failed" -c "'$F' sim cycles=2000 > /dev/full"
check "--csv to a full device" 1 "writing '/dev/full' failed" sweep rate=0.001:0.002:0.001 cycles=2000 --csv /dev/full
check "--json to a full device" 1 "cannot write '/dev/full'" sim cycles=2000 --json /dev/full
check "two rate ranges" 1 "two rate ranges given" sweep rate=0.001:0.002:0.001 rate=0.003:0.004:0.001 cycles=2000
check "a Bernoulli sweep above 1 message/cycle" 1 "impossible for a Bernoulli process" sweep process=bernoulli msg_len=1 rate=0.5:2:0.5 cycles=2000
printf 'k = 4\nbad\007key = 3\n' > "$tmp/bin.conf"
check "control bytes of a config are not echoed" 1 "unknown key 'bad?key'" sim "$tmp/bin.conf"
check "drain = 1 says when it could not drain" 0 "not drained: it stopped early" sim drain=1 rate=0.05 cycles=20000
# messages in the user's words, not the code's
check "model topology named" 1 "timeout covers hypercubes only, not a torus" model model=timeout k=4
check "model length distribution named" 1 "(msg_len_dist = fixed)" model model=swft msg_len_dist=exp
# many options: the option array used to hold 64 (AddressSanitizer: stack-buffer-overflow);
# run under the sanitizer build when there is one. All 118 are collected before the
# once-only rule refuses the repeated --title, so the array is still filled past 64
opts=()
for _ in $(seq 1 59); do opts+=(--title x); done
A=$(realpath build/asan/flitnet 2>/dev/null || true)
[ -x "$A" ] || A=$F
F=$A check "model with 118 options" 1 "option '--title' is given twice ('x' and 'x')" model model=duato-nbc "${opts[@]}"
check "compare with 130 arguments" 1 "too many arguments" compare routing=dor rate=0.001:0.002:0.001 "${opts[@]}" "${opts[@]:0:10}"
# a second hostile probe (stop 36)
printf 'k = 4\n\000vcs = 4\n' > "$tmp/nul.conf"
check "a NUL byte in a config" 1 "line 2 holds a NUL byte" sim "$tmp/nul.conf" cycles=200
printf '5\n\000 6\n7\n' > "$tmp/nul.faults"
check "a NUL byte in a fault file" 1 "line 2 holds a NUL byte" faults routing=duato fault_file="$tmp/nul.faults"
printf '# no faulty node this time\n' > "$tmp/none.faults"
check "a fault file listing no node" 1 "lists no node" sim routing=dor k=4 vcs=6 fault_file="$tmp/none.faults" cycles=200
printf 'keep' > "$tmp/keep.svg"
check "a refused run keeps an existing heat map" 1 "too few VCs" sim k=6 vcs=1 --heatmap keep.svg
if [ "$(cat "$tmp/keep.svg")" = keep ] && [ ! -e "$tmp/n1.json" ]; then pass=$((pass + 1)); else echo "FAIL the refused run truncated keep.svg or created n1.json"; fail=$((fail + 1)); fi
check "a refused run creates no JSON" 1 "too few VCs" sim k=4 vcs=1 --json n1.json
if [ ! -e "$tmp/n1.json" ]; then pass=$((pass + 1)); else echo "FAIL a refused run created n1.json"; fail=$((fail + 1)); fi
check "precision with drain = 1 drains after it stops" 0 "within precision, drained" sim drain=1 precision=0.5 k=4 vcs=4 msg_len=8 rate=0.01 cycles=20000
check "precision that can never stop" 1 "needs batches > 10" sim precision=0.5 batches=10 k=4 cycles=2000
printf '300 0 5 4\n600 0 10 4\n900 3 0 1\n' > "$tmp/z.trace"
check "trace zero-load from the trace's lengths" 0 "zero-load closed form 11.67" sim k=4 vcs=4 traffic=trace trace=z.trace cycles=2000
check "-j above the CPUs with shared threads" 1 "give -j" sweep k=4 rate=0.01:0.02:0.01 -j 256 threads=0
check "a single rate beside a range" 1 "both set the load" sweep k=4 rate=0.01:0.02:0.01 flit_rate=0.1
check "model at one rate" 0 "0.001             80.60" model model=dor-comb rate=0.001
check "tau for a model without a time-out" 1 "tau applies to model timeout only" model model=dor-comb tau=5
check "fault_prob for a fault-free model" 1 "fault_prob applies to model swft only" model model=dor-comb fault_prob=0.1
check "fault_prob beside a fault count" 1 "not both" model model=swft fault_prob=0.3 faults=3
check "fault_prob for compare" 1 "fault_prob is for" compare routing=dor rate=0.001:0.002:0.001 fault_prob=0.1
check "reinject_delay without software rerouting" 1 "reinject_delay applies to software rerouting" sim routing=duato faults=2 reinject_delay=5 cycles=200
check "fault_seed without faults = F" 1 "nothing to draw" sim fault_seed=7 cycles=200
check "an underflowing number" 1 "out of the range of a double" sim precision=1e-400
check "bench modes one at a time" 1 "one of --points, --scale and --models" bench --models --scale
check "a VCD window beyond 64 bits" 1 "--vcd-window needs FROM:TO" sim --vcd w.vcd --vcd-window 0:99999999999999999999 cycles=200
check "a refined variant that does not exist" 1 "model swft has no refined variant" model model=swft variant=refined
# the second hostile probe (2026-11-29): outputs, runs that would send nothing, late
# refusals, unclear lines
check "two outputs, one file" 1 "--vcd and --json both write 'same.vcd': give each its own file" sim k=4 cycles=200 --vcd same.vcd --json same.vcd
check "two outputs, one file by two names" 1 "--csv and --plot both write './p.svg'" sweep k=4 cycles=2000 rate=0.001:0.002:0.001 --csv p.svg --plot ./p.svg
check "an output given twice" 1 "option '--json' is given twice ('a.json' and 'b.json'): give it once" sim k=4 cycles=200 --json a.json --json b.json
check "-j given twice" 1 "option '-j' is given twice ('1' and '2')" sweep k=4 cycles=2000 rate=0.001:0.002:0.001 -j 1 -j 2
check "an empty output name" 1 "option '--json' needs a file name (got an empty one)" sim k=4 cycles=200 --json ""
check "a directory as the VCD, before the run" 1 "--vcd: cannot write '/tmp': Is a directory" sim k=4 cycles=200 --vcd /tmp
check "a directory as the model's summary, before the table" 1 "--summary: cannot write '/tmp': Is a directory" model model=dor-comb --summary /tmp
check "tornado where every node is its own partner" 1 "traffic = tornado sends nothing on this network" sim k=2 traffic=tornado rate=0.003 cycles=2000
check "transpose on a ring" 1 "traffic = transpose sends nothing on this network" sim k=8 n=1 traffic=transpose rate=0.003 cycles=2000
printf '# nothing\n' > "$tmp/empty.trace"
check "a trace without messages" 1 "has no message: nothing would be sent" sim k=4 traffic=trace trace=empty.trace cycles=2000
printf '5000 0 5 8\n' > "$tmp/late.trace"
check "a trace that starts after the run" 1 "starts at cycle 5000, after the run's 2000 cycles" sim k=4 traffic=trace trace=late.trace cycles=2000
check "model with one fault-free node" 1 "faults = 15 leaves fewer than 2 fault-free nodes of 16" model model=swft routing=swft vcs=4 k=4 faults=15
printf 'k = 4\ncycles=3000\n[rate=0.009]\n' > "$tmp/sect.conf"
check "a section header at the end of a config" 1 "line 3: sections ('[rate=0.009]') are not part of the format" sim sect.conf
printf 'k = 4\n# c\n[x]\n\nrate = 0.003\n' > "$tmp/sect2.conf"
check "a section header: its own line number" 1 "sect2.conf line 3: sections ('[x]')" sim sect2.conf
check "warmup = auto, as the help prints the default" 0 "warm-up 1000, the default cycles/10" sim k=4 rate=0.003 cycles=10000 warmup=auto
check "a config file after a key" 1 "config file 'sect.conf' after a key=value argument: give it first" sim k=5 sect.conf
check "-j beside --jobs" 1 "--jobs writes the points' commands and runs none: -j does not apply" sweep k=4 cycles=2000 rate=0.001:0.002:0.001 --jobs jd -j 2
check "hexadecimal is not a decimal integer" 1 "threads: '0x10' is not an integer" sim k=4 threads=0x10 cycles=200
check "hexadecimal is not a decimal number" 1 "rate: '0x1p-8' is not a number" sim k=4 rate=0x1p-8 cycles=200
check "the CI names the batches that hold a message" 0 "95% CI, the 3 of 10 batches that hold a message" sim k=8 routing=swft vcs=4 faults=62 cycles=2000 rate=0.001
# the third probe (2026-11-29): keys a routing or a model would silently ignore, outputs of
# a run with nothing to show
check "dateline = 0 where it changes nothing" 1 "dateline = 0 changes nothing for routing duato" sim k=4 routing=duato dateline=0 cycles=300
check "dateline = 0 under f-rings on a torus" 1 "f-rings on a torus need dateline = 1" sim k=4 routing=dor fault_nodes=5 dateline=0 cycles=300
check "dateline = 0 for dor still runs (deadlock-prone, for the watchdog)" 0 "status" sim k=4 routing=dor dateline=0 rate=0.001 cycles=300
check "faults for a fault-free model" 1 "model dor-comb describes a network without faults: faulty nodes do not apply" model model=dor-comb faults=3
check "timeout for a model without one" 1 "the seed dor-comb model does not describe timeout = 5" model model=dor-comb timeout=5
check "bernoulli arrivals for a model" 1 "does not describe process = bernoulli" model model=dor-comb process=bernoulli
# found by the third hostile probe (model, compare, merge): each answered wrongly before
check "model: a flit_rate range is converted to messages" 0 "0.00469          134.01" model model=duato-nbc flit_rate=0.1:0.3:0.1
check "model: keys it does not describe are refused" 1 "does not describe select = first, obuf_depth = 2, escape_vcs = 4" model model=duato-nbc select=first obuf_depth=2 escape_vcs=4
check "model: buf_depth only for the refined variant" 1 "the seed duato-nbc model does not describe buf_depth = 4" model model=duato-nbc buf_depth=4
check "model: fault_nodes read as the simulator reads it" 1 "fault_nodes: node 1 is listed twice" model model=swft fault_nodes=1,1,1
check "model: fault_nodes of a node that does not exist" 1 "node 999 does not exist" model model=swft fault_nodes=999
check "model: refined dor-comb is routing dor's" 1 "the refined dor-comb model describes routing dor, not dor_escape" model model=dor-comb variant=refined routing=dor_escape
check "model: a saturation rate above the injection bound is flagged" 0 "above the injection channel's 1 flit/node/cycle" model model=swft k=3 n=1 vcs=16 msg_len=1
check "model: the time-out's tau is shown" 0 "time-out tau = 16 cycles" model model=timeout topology=hypercube n=4 vcs=2 msg_len=16 msg_len_dist=exp rate=0.01
check "model: a bad plot name before the model is printed" 1 "a plot is written as .svg or .png" model model=dor-comb --plot x.txt
check "compare: a point without messages is '-', not nan" 0 "mean absolute error 27.94% over 3 points" compare k=4 msg_len=16 cycles=2000 rate=0.000001:0.030001:0.01
check "compare: the model variant that does not cover the configuration is left out" 0 "the refined model is left out: dor-comb refined needs an even V" compare routing=dor k=5 vcs=3 rate=0.002:0.002:0.002 cycles=2000
check "compare: simulator settings the model leaves out are named" 0 "not in the seed model: process = bernoulli, timeout = 8, select = first" compare routing=duato_nbc k=4 timeout=8 select=first process=bernoulli rate=0.002:0.002:0.002 cycles=2000
check "compare: a bad fault list before the header" 1 "fault_nodes: node 1 is listed twice" compare routing=swft k=4 fault_nodes=1,1 rate=0.002:0.004:0.002 cycles=2000
check "compare: the measured saturation rate stays inside its table's bracket" 0 "measured saturation rate 0.05 messages/node/cycle (the last point below saturation" compare k=4 msg_len=16 cycles=10000 rate=0.046:0.052:0.002 seed=2
# found by the third hostile probe (faults and routings): messages that named the wrong cause
check "dor with software fault handling names where swft came from" 1 "routing dor with fault_handling = software is swft: routing swft needs a bidirectional torus" sim routing=dor fault_handling=software topology=mesh faults=2
check "f-rings whose ring VCs take every VC" 1 "its 4 ring VCs take all of vcs = 4" sim k=4 routing=dor vcs=4 escape_vcs=4 faults=1
check "swft's two VCs also with dateline = 0" 1 "swft needs vcs >= 2 (dor's two dateline classes" sim k=8 routing=swft dateline=0 vcs=1
check "a fault_nodes id past the long range" 1 "'99999999999999999999' is not a node id (too large)" sim routing=duato fault_nodes=99999999999999999999 k=4
check "fault_seed beside faults = 0" 0 "4x4 torus" sim faults=0 fault_seed=3 k=4 cycles=200
check "a redrawn fault set says how many draws it took" 0 "(draw 3: the 2 before it were outside the fault model)" sim routing=duato k=64 vcs=10 faults=10% fault_seed=1 cycles=30
check "a title with a line break" 1 "--title: a title is one line of text" sweep rate=0.001:0.002:0.001 --jobs tn --title "$(printf 'a\nb')"
check "precision does not stop on batches shorter than 10 latencies" 0 "run          3000 cycles" sim k=4 cycles=3000 precision=0.05 seed=1
check "an integer past a long's range is out of range, not 'not an integer'" 1 "cycles = 18446744073709551615 is out of range" sim cycles=18446744073709551615
check "sweep: a bad fault list once, before any point" 1 "fault_nodes: node 1 is listed twice" sweep routing=swft k=4 fault_nodes=1,1 rate=0.002:0.004:0.002 cycles=2000
check "a fault file for a model" 1 "model counts the faulty nodes of faults or fault_nodes" model model=swft routing=swft vcs=4 fault_file=/etc/hostname
check "a plot of a range past the model's saturation" 0 "not written: every rate of the range is past the model's saturation rate" model model=dor-comb rate=0.01:0.02:0.005 --plot all-sat.svg
check "a heat map of a run that stopped in its warm-up" 0 "not written: the run stopped at cycle 616, before its measurement window (warm-up 5000)" sim k=4 cycles=20000 msg_len=8 rate=0.12 warmup=5000 max_queue=20 --heatmap hm.svg
check "waves of a run not simulated" 0 "no cycle: the run was not simulated (saturated at once)" sim k=4 cycles=2000 rate=5 --vcd sat.vcd
check "a VCD window in the drain" 0 "waves        k.vcd:" sim k=4 cycles=500 rate=0.01 msg_len=8 drain=1 --vcd k.vcd --vcd-window 505:700
check "timeout under f-rings names the routing" 1 "nhop has one level" sim topology=mesh k=4 routing=nhop vcs=8 fault_nodes=5 timeout=8 cycles=300
# found by the fifth hostile probe (sweeps, merge, cdg, outputs)
check "a point not simulated has no accepted throughput (not 0)" 0 "       -       -  SATURATED" sweep k=4 msg_len=8 cycles=3000 flit_rate=1:5:2 --all
check "a run not simulated says its throughput was not measured" 0 "throughput   not measured: no cycle of the measurement window was simulated" sim k=4 rate=5
check "the capacity of a torus of two radices is its longest dimension's" 0 "(6.8% of capacity 0.9375)" sim k=8,2 cycles=200 rate=0.001
check "the capacity of a unidirectional torus of two radices" 0 "(13.7% of capacity 0.4667)" sim topology=torus_uni k=5,3 cycles=200 rate=0.001
ln -s /dev/full "$tmp/full.svg"
check "a heat map written to a full disk" 1 "writing 'full.svg' failed: No space left on device" sim k=4 cycles=500 rate=0.01 --heatmap full.svg
check "a sweep plot written to a full disk" 1 "writing 'full.svg' failed: No space left on device" sweep k=4 cycles=500 rate=0.01:0.02:0.01 --plot full.svg
check "a sweep stopped by a deadlock does not say its whole range was below saturation" 2 "saturation: not reached below the deadlock (the rates above it were not run)" sweep k=4 vcs=1 dateline=0 msg_len=8 cycles=6000 rate=0.02:0.1:0.04
# found by the sixth hostile probe (waves): an output written over the run's own input
printf 'k = 4\ncycles = 300\n' > "$tmp/in.conf"
printf '5\n' > "$tmp/faults.txt"
ln -s in.conf "$tmp/link.vcd"
check "--vcd onto the config file" 1 "--vcd 'in.conf' is the run's config file: give the output its own file" sim in.conf --vcd in.conf
check "--json onto the config file through a link" 1 "--json 'link.vcd' is the run's config file" sim in.conf --json link.vcd
check "--vcd onto the fault file" 1 "--vcd 'faults.txt' is the run's fault_file" sim k=4 vcs=6 fault_handling=fring fault_file=faults.txt --vcd faults.txt
check "sweep --csv onto the config file" 1 "--csv 'in.conf' is the run's config file" sweep in.conf rate=0.01:0.02:0.01 --csv in.conf
check "the config file is intact after the refusals" 0 "4x4 torus" sim in.conf
check "waves to a full disk stop the run at once, with the reason" 1 "writing the VCD file '/dev/full' failed at cycle 0: No space left on device" sim k=8 cycles=300000 --vcd /dev/full
# special files are refused before anything blocks on them: a FIFO with no writer as the
# config, fault, trace or a sweep directory's argument file; one helper opens them all
mkfifo "$tmp/fifo"
check "a FIFO as the config file" 1 "not a regular file" sim fifo
check "a FIFO as the fault file" 1 "not a regular file" sim fault_file=fifo
check "a FIFO as the trace" 1 "not a regular file" sim traffic=trace trace=fifo
mkdir -p "$tmp/jobsdir"
mkfifo "$tmp/jobsdir/sweep.args"
check "merge of a directory whose argument file is a FIFO" 1 "not a regular file" merge jobsdir
# two outputs naming one file through a link whose target does not exist yet (one of them
# wrote over the other), also through a chain of links and into another directory
ln -s target.svg "$tmp/dangling.json"
check "an output and a dangling link to it" 1 "--json and --heatmap both write 'target.svg'" sim k=4 cycles=300 --json dangling.json --heatmap target.svg
ln -s dangling.json "$tmp/chain.json"
check "... through a chain of links" 1 "--json and --heatmap both write 'target.svg'" sim k=4 cycles=300 --json chain.json --heatmap target.svg
mkdir -p "$tmp/sub" && ln -s sub/t.svg "$tmp/into.json"
check "... into another directory" 1 "--json and --heatmap both write 'sub/t.svg'" sim k=4 cycles=300 --json into.json --heatmap sub/t.svg
# model and sim accept the same fault sets (one builder): 62 faulty nodes of 64 leaving two
# that cannot reach each other were drawn as a curve by model
lst=$(seq 0 63 | grep -vx 0 | grep -vx 9 | paste -sd,)
check "model: a fault set that disconnects the network" 1 "the fault set disconnects the network: node (0,0) cannot reach node (1,1)" model model=swft k=8 fault_nodes="$lst"
check "... as sim refuses it" 1 "the fault set disconnects the network: node (0,0) cannot reach node (1,1)" sim routing=swft k=8 vcs=4 fault_nodes="$lst"
# a UTF-8 byte-order mark at the start of any text input is skipped, as in a config file
printf '\xef\xbb\xbf3\n5\n' > "$tmp/bom.txt"
check "a fault file that begins with a byte-order mark" 0 "2 faulty nodes" faults fault_file=bom.txt
printf '\xef\xbb\xbf0 0 1 4\n' > "$tmp/bomtrace.txt"
check "a trace that begins with a byte-order mark" 0 "status" sim k=4 traffic=trace trace=bomtrace.txt cycles=200
# the longest list a key takes (1,023 characters) is echoed whole into the JSON and into a
# sweep's jobs, which then run (a fixed buffer of the echo cut it, and overflowed under ASan)
lp=$(printf '0.0156250000001,%.0s' $(seq 63))0.0156249999937
(cd "$tmp" && "$F" sim k=128 n=1 traffic=locality locality_p="$lp" rate=0.001 cycles=300 --json long.json > /dev/null 2>&1)
if [ "$(jq -r .config.locality_p "$tmp/long.json" 2>/dev/null)" = "$lp" ]; then pass=$((pass + 1)); else
    echo "FAIL the longest locality_p list is not echoed whole into the JSON"; fail=$((fail + 1)); fi
(cd "$tmp" && "$F" sweep k=128 n=1 traffic=locality locality_p="$lp" rate=0.001:0.002:0.001 cycles=300 --jobs longjobs > /dev/null 2>&1 &&
    cd longjobs && bash -c "$(head -n 1 jobs.txt)" > /dev/null 2>&1 && [ "$(jq -r .config.locality_p point-1.json)" = "$lp" ])
if [ $? = 0 ]; then pass=$((pass + 1)); else echo "FAIL a job of a sweep with the longest list does not run it whole"; fail=$((fail + 1)); fi
check "a list one character too long is refused with the limit" 1 "locality_p: value too long (at most 1023 characters)" \
    sim k=128 n=1 traffic=locality locality_p="0$lp" cycles=300
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
