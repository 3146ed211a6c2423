# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables are for the scripts that source this file
# tests/cosim/user_faults.sh, sourced by tests/cosim/examples.sh (which runs these) and
# tests/cosim/scoreboard_mutants.sh (which runs them again against mutants of the
# scoreboard): the models and runs that make every check of harness/scoreboard.cpp fire.
# A run entry '!/TEXT/ keys' must stop at a violation whose line contains TEXT
# (tests/cosim/user.sh); one without '!' must run clean. Paths are relative to the
# repository root (the broken variants' patches name the files so).

# the worked example's files
EXREL="rtl/examples/flitnet_iq_vc_alloc.sv rtl/examples/flitnet_iq_sw_alloc.sv rtl/examples/flitnet_iq_router.sv"
FAULT_RTL="$EXREL tests/cosim/user_fault_router.sv"

# tests/cosim/user_fault_router.sv (the example behind a fault injector; +fault=NAME
# picks the fault) on a 4x4 torus, V = 2, B = 2, swft: dor whose software takes faults,
# so that runs may have faulty nodes without f-rings; one run per check it can reach
T44V2SW="topology=torus k=4 n=2 vcs=2 buf_depth=2 obuf_depth=1 routing=swft dateline=1"
FAULTS="seed=1 flit_rate=0.3 msg_len=5; seed=1 flit_rate=0.1 msg_len=5 fault_nodes=10;
 !/returned twice/ seed=1 flit_rate=0.1 msg_len=5 +fault=credit_twice;
 !/a flit sent without a credit/ seed=2 flit_rate=0.5 msg_len=8 +fault=no_credit;
 !/worms interleaved/ seed=3 flit_rate=0.4 msg_len=8 +fault=interleave;
 !/was not injected/ seed=4 flit_rate=0.1 msg_len=1 +fault=duplicate;
 !/enters faulty/ seed=5 flit_rate=0.1 msg_len=5 fault_nodes=10 +fault=faulty;
 !/in cycle 1207: deadlock: nothing moved for 200 cycles (since cycle 1007)/ seed=6 flit_rate=0.2 msg_len=5 cycles=1000 deadlock_cycles=200 +fault=deadlock;
 !/livelock: the head took its 33th hop, past the hop budget of 32/ seed=7 flit_rate=0.05 msg_len=1 +fault=livelock --no-route-check;
 !/the head's destination changed/ seed=8 flit_rate=0.1 msg_len=5 +fault=dst;
 !/(a copy)/ seed=9 flit_rate=0.1 msg_len=1 +fault=copy;
 !/a body or tail flit outside a worm/ seed=10 flit_rate=0.4 msg_len=8 +fault=orphan;
 !/in cycle 3083: 1 of its B = 2 credits never came back after the network drained/ seed=15 flit_rate=0.1 msg_len=5 +fault=credit_lost;
 !/in cycle 3101: 1 of its B = 2 credits never came back after the network drained: router 1 (1,0)'s input port 0/ seed=22 flit_rate=0.1 msg_len=5 +fault=credit_lost;
 !/does not give it here/ seed=16 flit_rate=0.1 msg_len=1 +fault=wrong_vc;
 !/its own head again on this VC/ seed=17 flit_rate=0.1 msg_len=5 +fault=dup_head;
 !/does not write for this hop: hops 0 (the routing writes 1)/ seed=18 flit_rate=0.1 msg_len=5 +fault=hops;
 !/a head flit of the wrong kind for a message of 5 flits/ seed=19 flit_rate=0.1 msg_len=5 +fault=kind;
 !/a flit leaves faulty or disabled node 10 (2,2)/ seed=20 flit_rate=0.1 msg_len=5 fault_nodes=10 +fault=from_faulty +fault_node=10"

# the same injector on a 4x4 mesh, V = 3, dor, for the checks the first model cannot
# reach: a message ejected away from its destination (swft may eject anywhere), a flit on
# an unconnected port (a mesh), on a VC >= V (V = 3: VC 3 fits in the VC field), a credit
# on an input port that nothing feeds
M44V3="topology=mesh k=4 n=2 vcs=3 buf_depth=2 obuf_depth=1 routing=dor dateline=1"
FAULTS_M44V3="seed=1 flit_rate=0.2 msg_len=5;
 !/not at its destination/ seed=11 flit_rate=0.1 msg_len=1 +fault=misdeliver;
 !/a flit on an unconnected port/ seed=12 flit_rate=0.1 msg_len=5 +fault=unconnected;
 !/a flit on VC 3 >= V/ seed=13 flit_rate=0.1 msg_len=5 +fault=vc_range;
 !/which nothing feeds/ seed=14 flit_rate=0.1 msg_len=5 +fault=credit_nowhere"

# the example's broken variants (rtl/examples/broken/NAME.patch) on a 4x4 torus, V = 2,
# B = 2, dor: per line the model's name, the patch and its run
T44V2="topology=torus k=4 n=2 vcs=2 buf_depth=2 obuf_depth=1 routing=dor dateline=1"
BROKEN="iq_t44v2_drop IQ_DROP_ON_CONFLICT !/a flit lost, changed or out of order/ seed=1 flit_rate=0.4 msg_len=5
iq_t44v2_noreset IQ_NO_RESET !/a body or tail flit outside a worm/ seed=1 flit_rate=0.1 msg_len=5
iq_t44v2_credit IQ_CREDIT_EARLY !/RTL assertion failed/ seed=1 flit_rate=0.4 msg_len=5"
