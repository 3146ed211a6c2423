# rtl/rtl.mk: the Verilog router's targets, included from the top Makefile (or run as
# `make -f Makefile -f rtl/rtl.mk TARGET`). Needs $(BUILD), deps-rtl and
# $(BUILD)/libflitnet.a from the top Makefile. No default goal; rules only under
# $(BUILD)/rtl/.
#   lint       verilator --lint-only -Wall and iverilog -g2012 over rtl/, several parameter sets
#   cosim      the full lockstep co-simulation suite (tests/cosim/full.runs)
#   cosim-ci   its CI subset (tests/cosim/ci.runs), a few minutes
#   mutants    generated single-point mutants of rtl/ against the CI runs: mutation score
#   cosim-random  COSIM_N constrained-random configurations (COSIM_SEED replays a draw)
#   cosim-coverage  line and toggle coverage of rtl/ per module under the CI subset's runs
#              (COV_SUITE=full: the full suite's; COV_KIND=line: line coverage only),
#              annotated sources in build/coverage/
#   waves      waves/rtl.vcd and waves/c.vcd of a small run, checked (WAVES_FST=1: rtl.fst)
#   synth      yosys: cells and flip-flops of one router per configuration (docs/rtl.md)
#   formal     the router's properties proved (PDR) or bounded (BMC) with yosys and ABC,
#              every configuration of tests/formal/configs.txt (docs/formal.md);
#              formal-ci: the CI tier and a mutant it must kill (tests/suites/formal.sh);
#              formal-mutants: the hand-written mutants, or with FORMAL_SAMPLE=N that many
#              generated ones beside the CI co-simulation's verdicts (tests/formal/mutants.sh)
#   bench-rtl  Verilated network vs C model, simulated cycles/s (8x8, V = 10, M = 64)
ifndef FLITNET_RTL_MK
FLITNET_RTL_MK := 1

RTL_BUILD := $(BUILD)/rtl
RTL_SRCS  := $(addprefix rtl/,$(shell cat rtl/flitnet.f))
COSIM_DEPS := harness/cosim.cpp harness/mixed.cpp $(wildcard harness/*.h) c_model/waves/vcd.h tb/netsetup.h $(BUILD)/libflitnet.a

# ---------------------------------------------------------------- Verilated models
# RTL_CFG_name: the structural configuration; RTL_VFLAGS_name: extra Verilator flags
# (--mutant=NAME: built from rtl/ with tests/mutants/NAME.patch applied).
# Runtime settings (seed, rate, length, select) share a model: see tests/cosim/*.runs.
# Every model checks the router's invariants (the assertions under FLITNET_ASSERT;
# `make cosim RTL_ASSERT=` builds without them)
RTL_ASSERT ?= --assert -DFLITNET_ASSERT
T44V4 := topology=torus k=4 n=2 vcs=4 buf_depth=1 obuf_depth=1 routing=dor dateline=1
RTL_CFG_t44v4      := $(T44V4)
RTL_CFG_t44v2      := topology=torus k=4 n=2 vcs=2 buf_depth=1 obuf_depth=1 routing=dor dateline=1
RTL_CFG_t44v4e     := topology=torus k=4 n=2 vcs=4 buf_depth=2 obuf_depth=1 routing=dor_escape dateline=1
RTL_CFG_u44v3      := topology=torus_uni k=4 n=2 vcs=3 buf_depth=1 obuf_depth=1 routing=dor dateline=1
RTL_CFG_t88v10     := topology=torus k=8 n=2 vcs=10 buf_depth=1 obuf_depth=1 routing=dor dateline=1
RTL_CFG_t88v10e    := topology=torus k=8 n=2 vcs=10 buf_depth=2 obuf_depth=1 routing=dor_escape dateline=1
RTL_CFG_u88v4e     := topology=torus_uni k=8 n=2 vcs=4 buf_depth=2 obuf_depth=1 routing=dor_escape dateline=1
RTL_CFG_t435v4     := topology=torus k=4,3,5 n=3 vcs=4 buf_depth=1 obuf_depth=1 routing=dor dateline=1
RTL_CFG_m54v3e     := topology=mesh k=5,4 n=2 vcs=3 buf_depth=2 obuf_depth=2 routing=dor_escape dateline=1
RTL_CFG_m44v2      := topology=mesh k=4 n=2 vcs=2 buf_depth=1 obuf_depth=1 routing=dor dateline=1
RTL_CFG_h5v2       := topology=hypercube n=5 vcs=2 buf_depth=1 obuf_depth=1 routing=dor dateline=1
RTL_CFG_h4v3e      := topology=hypercube n=4 vcs=3 buf_depth=2 obuf_depth=1 routing=dor_escape dateline=1
# the hop-class routings, duato and swft. Names: topology letter, radices, v<V>, the
# routing (e dor_escape, d duato, dnbc duato_nbc, sw swft, ...), _to<tau> for a time-out
T44V6DNBC_TO8 := topology=torus k=4 n=2 vcs=6 buf_depth=1 obuf_depth=1 routing=duato_nbc dateline=1 escape_vcs=0 timeout=8
T44V4SW       := topology=torus k=4 n=2 vcs=4 buf_depth=1 obuf_depth=1 routing=swft dateline=1 escape_vcs=0 timeout=0
RTL_CFG_t44v6dnbc_to8 := $(T44V6DNBC_TO8)
RTL_CFG_t44v4sw       := $(T44V4SW)
RTL_CFG_t44v6dnbc     := topology=torus k=4 n=2 vcs=6 buf_depth=2 obuf_depth=1 routing=duato_nbc dateline=1 escape_vcs=0 timeout=0
RTL_CFG_t44v6nbc      := topology=torus k=4 n=2 vcs=6 buf_depth=1 obuf_depth=1 routing=nbc dateline=1 escape_vcs=0 timeout=0
RTL_CFG_t44v4d        := topology=torus k=4 n=2 vcs=4 buf_depth=1 obuf_depth=1 routing=duato dateline=1 escape_vcs=0 timeout=0
# duato's fewest VCs on a torus, V = E + 1 = 3 (a generated mutant of the minimum survived without it)
RTL_CFG_t44v3d        := topology=torus k=4 n=2 vcs=3 buf_depth=1 obuf_depth=1 routing=duato dateline=1 escape_vcs=0 timeout=0
RTL_CFG_t88v10dnbc    := topology=torus k=8 n=2 vcs=10 buf_depth=1 obuf_depth=1 routing=duato_nbc dateline=1 escape_vcs=0 timeout=0
RTL_CFG_h4v3d_to32    := topology=hypercube n=4 vcs=3 buf_depth=1 obuf_depth=1 routing=duato dateline=1 escape_vcs=0 timeout=32
RTL_CFG_h3v4phop      := topology=hypercube n=3 vcs=4 buf_depth=1 obuf_depth=1 routing=phop dateline=1 escape_vcs=0 timeout=0
RTL_CFG_m44v7pbc      := topology=mesh k=4 n=2 vcs=7 buf_depth=1 obuf_depth=1 routing=pbc dateline=1 escape_vcs=0 timeout=0
RTL_CFG_u44v6dnhop    := topology=torus_uni k=4 n=2 vcs=6 buf_depth=2 obuf_depth=2 routing=duato_nhop dateline=1 escape_vcs=0 timeout=0
RTL_CFG_r7v6dphop_to4 := topology=torus k=7 n=1 vcs=6 buf_depth=1 obuf_depth=1 routing=duato_phop dateline=1 escape_vcs=5 timeout=4
RTL_CFG_t444v2sw      := topology=torus k=4 n=3 vcs=2 buf_depth=2 obuf_depth=1 routing=swft dateline=1 escape_vcs=0 timeout=0
# swft on an odd radix: the first where a reversed message's path has a node between it and
# its destination in a minus direction (a generated mutant of the rewrite survived without it)
RTL_CFG_t55v4sw       := topology=torus k=5 n=2 vcs=4 buf_depth=1 obuf_depth=1 routing=swft dateline=1 escape_vcs=0 timeout=0
# buffers of three flits, in and out: a FIFO whose depth is not a power of two, where the
# write slot's wrap (rd + cnt mod DEPTH) cannot fall out of the pointer's width (a generated
# mutant of that wrap survived every fixed model, all of depth 1 or 2)
RTL_CFG_t44v6dnbc_b3  := topology=torus k=4 n=2 vcs=6 buf_depth=3 obuf_depth=3 routing=duato_nbc dateline=1 escape_vcs=0 timeout=0
# minimal and fully_adaptive (§6.4), and the f-ring layer (§6.5, `fr`: fault_handling =
# fring; its base, dor, dor_escape, duato, minimal or fully_adaptive, routes on V - 2n
# VCs, the top 2n are the ring VCs)
T44V6FR := topology=torus k=4 n=2 vcs=6 buf_depth=1 obuf_depth=1 routing=dor dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_t44v6fr       := $(T44V6FR)
RTL_CFG_t44v7minfr    := topology=torus k=4 n=2 vcs=7 buf_depth=1 obuf_depth=1 routing=minimal dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
M55V6FAFR := topology=mesh k=5 n=2 vcs=6 buf_depth=1 obuf_depth=1 routing=fully_adaptive dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_m55v6fafr     := $(M55V6FAFR)
RTL_CFG_t44v3min      := topology=torus k=4 n=2 vcs=3 buf_depth=1 obuf_depth=1 routing=minimal dateline=1 escape_vcs=0 timeout=0
RTL_CFG_t44v4fa       := topology=torus k=4 n=2 vcs=4 buf_depth=2 obuf_depth=1 routing=fully_adaptive dateline=1 escape_vcs=0 timeout=0
RTL_CFG_m44v3fa_to16  := topology=mesh k=4 n=2 vcs=3 buf_depth=1 obuf_depth=1 routing=fully_adaptive dateline=1 escape_vcs=0 timeout=16
RTL_CFG_h4v2fa        := topology=hypercube n=4 vcs=2 buf_depth=1 obuf_depth=1 routing=fully_adaptive dateline=1 escape_vcs=0 timeout=0
RTL_CFG_u44v3fa       := topology=torus_uni k=4 n=2 vcs=3 buf_depth=1 obuf_depth=1 routing=fully_adaptive dateline=1 escape_vcs=0 timeout=0
RTL_CFG_t88v6fr       := topology=torus k=8 n=2 vcs=6 buf_depth=1 obuf_depth=1 routing=dor dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_t88v10dfr     := topology=torus k=8 n=2 vcs=10 buf_depth=1 obuf_depth=1 routing=duato dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_t88v7fafr     := topology=torus k=8 n=2 vcs=7 buf_depth=2 obuf_depth=1 routing=fully_adaptive dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_m55v7efr      := topology=mesh k=5 n=2 vcs=7 buf_depth=2 obuf_depth=2 routing=dor_escape dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_t44v7dfr_to8  := topology=torus k=4 n=2 vcs=7 buf_depth=1 obuf_depth=1 routing=duato dateline=1 escape_vcs=0 timeout=8 fault_handling=fring
RTL_CFG_t444v8fr      := topology=torus k=4 n=3 vcs=8 buf_depth=2 obuf_depth=1 routing=dor dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
# the same on a 3-D mesh: a ring's orientation is the minimal direction of its second
# dimension d + 1 mod n, which no 2-D mesh tells from d - 1 (a generated mutant that took
# d - 1 survived every other model)
RTL_CFG_m444v8fr      := topology=mesh k=4 n=3 vcs=8 buf_depth=1 obuf_depth=1 routing=dor dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
# the f-ring layer over fully_adaptive on a 3-D mesh, in CI: the orientation above, and
# VB = 3 base VCs, not a power of two, so that a ring hop on VC VB rewritten as on VC VB
# (not as on the family's escape VC 0) is told apart (VB = 4 on m55v6fafr)
RTL_CFG_m333v9fafr    := topology=mesh k=3 n=3 vcs=9 buf_depth=1 obuf_depth=1 routing=fully_adaptive dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
# f-rings over duato in CI, with the shortest time-out: tau = 1, the one value at which the
# wait counter is generated and yet level 1 opens after a single refused request (a
# generated mutant that dropped the counter for tau = 1 survived every CI model)
RTL_CFG_t44v7dfr_to1  := topology=torus k=4 n=2 vcs=7 buf_depth=1 obuf_depth=1 routing=duato dateline=1 escape_vcs=0 timeout=1 fault_handling=fring
# f-rings on odd radices, in CI: 5 x 7, where the mesh view's direction and the torus's
# minimal one differ on more offsets than an even radix gives (every F hop follows the first)
RTL_CFG_t57v7dfr      := topology=torus k=5,7 n=2 vcs=7 buf_depth=1 obuf_depth=1 routing=duato dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
# a wide router: 9 ports of 32 VCs, P x V = 288 >= 256 output VCs, so the selection's
# counters are 9 bits wide and r_q * c needs 25 (every other model has P x V <= 56, 6
# bits: a generated mutant that cut the candidate count to 16 - 9 bits survived them all).
# 2-ary 4-cube torus: both directions of a dimension are minimal (the half-way tie)
RTL_CFG_t2222v32d     := topology=torus k=2 n=4 vcs=32 buf_depth=1 obuf_depth=1 routing=duato dateline=1 escape_vcs=0 timeout=0
# the edges the RTL claims (docs/rtl.md, "Limits"): the largest radix, a 255-node ring
# (coordinates of 8 bits, 127 hops a direction), and the most dimensions, an 8-D
# hypercube (256 nodes, 9 ports)
RTL_CFG_r255v2        := topology=torus k=255 n=1 vcs=2 buf_depth=1 obuf_depth=1 routing=dor dateline=1
RTL_CFG_h8v2          := topology=hypercube n=8 vcs=2 buf_depth=1 obuf_depth=1 routing=dor dateline=1
# the f-ring layer over the hop-class routings (§6.5: the base on V - 2n VCs, its classes
# as without faults; at least its own minimum plus 2n, docs/microarchitecture.md §6.7)
M44V8NBCFR := topology=mesh k=4 n=2 vcs=8 buf_depth=1 obuf_depth=1 routing=nbc dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_m44v8nbcfr    := $(M44V8NBCFR)
RTL_CFG_t66v8nbcfr    := topology=torus k=6 n=2 vcs=8 buf_depth=1 obuf_depth=1 routing=nbc dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_m44v9dnbcfr   := topology=mesh k=4 n=2 vcs=9 buf_depth=1 obuf_depth=1 routing=duato_nbc dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_t66v9dnbcfr   := topology=torus k=6 n=2 vcs=9 buf_depth=2 obuf_depth=1 routing=duato_nbc dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_m44v11phopfr  := topology=mesh k=4 n=2 vcs=11 buf_depth=1 obuf_depth=1 routing=phop dateline=1 escape_vcs=0 timeout=0 fault_handling=fring
RTL_CFG_t444v10nhopfr := topology=torus k=4 n=3 vcs=10 buf_depth=1 obuf_depth=1 routing=nhop dateline=1 escape_vcs=0 timeout=0 fault_handling=fring

# the CI configurations are traced: waves of a difference (tests/cosim/suite.sh)
RTL_VFLAGS_t44v6dnbc_to8 := --trace
RTL_VFLAGS_t44v4sw       := --trace
RTL_VFLAGS_t44v6fr       := --trace
RTL_VFLAGS_m55v6fafr     := --trace
RTL_VFLAGS_m44v8nbcfr    := --trace

# the mutants: a router with one deliberate deviation each, tests/mutants/NAME.patch
# (docs/rtl.md); the first five on t44v4, the time-out and bonus-card ones on
# t44v6dnbc_to8, the swft one on t44v4sw, the f-ring ones on t44v6fr and m55v6fafr;
# MUT_NO_CREDIT, which an assertion must stop, on t44v4. Only
# MUT_ARB_PRIO is traced (its difference must come with both sides' waves): tracing
# costs a model 10 s of compile, and the other mutants need only the difference
RTL_MUTANTS := MUT_ARB_PRIO MUT_HOP_OFF MUT_CREDIT_LATE MUT_LFSR MUT_RELEASE_EARLY MUT_NO_CREDIT
$(foreach m,$(RTL_MUTANTS),$(eval RTL_CFG_t44v4_$(m) := $(T44V4))$(eval RTL_VFLAGS_t44v4_$(m) := --mutant=$(m)))
RTL_VFLAGS_t44v4_MUT_ARB_PRIO := --trace --mutant=MUT_ARB_PRIO
RTL_MUTANTS_DNBC := MUT_TIMEOUT_LATE MUT_BONUS_KEEP
$(foreach m,$(RTL_MUTANTS_DNBC),$(eval RTL_CFG_t44v6dnbc_to8_$(m) := $(T44V6DNBC_TO8))$(eval RTL_VFLAGS_t44v6dnbc_to8_$(m) := --mutant=$(m)))
RTL_CFG_t44v4sw_MUT_REV_STICKY    := $(T44V4SW)
RTL_VFLAGS_t44v4sw_MUT_REV_STICKY := --mutant=MUT_REV_STICKY
# the f-ring ones: orientation, ring VC, a message going back to the base, the torus's
# direction instead of the mesh view's, on t44v6fr; the late exit on m55v6fafr (a 4x4 torus
# has no ring whose along run reaches the destination's column)
RTL_MUTANTS_FRING := MUT_FRING_ORIENT MUT_FRING_VC_OFF MUT_FRING_RETURN MUT_FRING_WRAP
$(foreach m,$(RTL_MUTANTS_FRING),$(eval RTL_CFG_t44v6fr_$(m) := $(T44V6FR))$(eval RTL_VFLAGS_t44v6fr_$(m) := --mutant=$(m)))
# fully_adaptive's U-turn rule (a misroute back the way the head came) on m55v6fafr
RTL_CFG_m55v6fafr_MUT_FA_UTURN    := $(M55V6FAFR)
RTL_VFLAGS_m55v6fafr_MUT_FA_UTURN := --mutant=MUT_FA_UTURN
RTL_CFG_m55v6fafr_MUT_FRING_EXIT_LATE    := $(M55V6FAFR)
RTL_VFLAGS_m55v6fafr_MUT_FRING_EXIT_LATE := --mutant=MUT_FRING_EXIT_LATE
# the adaptive VC granted before its downstream buffer drained (§5.1): dor_escape's free
# VCs on m54v3e (B = 2), and duato_nbc's adaptive VCs on t44v6dnbc_to8 (full suite)
RTL_CFG_m54v3e_MUT_ADAPT_EARLY    := $(RTL_CFG_m54v3e)
RTL_VFLAGS_m54v3e_MUT_ADAPT_EARLY := --mutant=MUT_ADAPT_EARLY
RTL_CFG_t44v6dnbc_to8_MUT_ADAPT_EARLY    := $(T44V6DNBC_TO8)
RTL_VFLAGS_t44v6dnbc_to8_MUT_ADAPT_EARLY := --mutant=MUT_ADAPT_EARLY
# the concurrent properties' mutants, which the properties must stop: a lost credit and
# a FIFO that reads a flit twice on m54v3e (B = Bo = 2), the latter also with one-slot
# input FIFOs (B = 1, which have no read pointer), where only the output FIFOs break
RTL_MUTANTS_SVA := MUT_CREDIT_DROP MUT_FIFO_STALE
$(foreach m,$(RTL_MUTANTS_SVA),$(eval RTL_CFG_m54v3e_$(m) := $(RTL_CFG_m54v3e))$(eval RTL_VFLAGS_m54v3e_$(m) := --mutant=$(m)))
RTL_CFG_m54v3e_b1_MUT_FIFO_STALE    := $(subst buf_depth=2 obuf,buf_depth=1 obuf,$(RTL_CFG_m54v3e))
RTL_VFLAGS_m54v3e_b1_MUT_FIFO_STALE := --mutant=MUT_FIFO_STALE
RTL_VFLAGS_t44v4   := --trace
RTL_VFLAGS_t44v2   := --trace
RTL_VFLAGS_m54v3e  := --trace
# waves: the traced t44v4 model (also in the CI subset), or the same with FST
RTL_CFG_t44v4fst    := $(T44V4)
RTL_VFLAGS_t44v4fst := --trace-fst

RTL_MODELS_CI   := t44v4 m54v3e $(addprefix t44v4_,$(RTL_MUTANTS)) t44v6dnbc_to8 t44v4sw \
                   t44v6dnbc_to8_MUT_TIMEOUT_LATE t44v4sw_MUT_REV_STICKY \
                   t44v6fr t44v7minfr m55v6fafr $(addprefix t44v6fr_,$(RTL_MUTANTS_FRING)) \
                   m55v6fafr_MUT_FRING_EXIT_LATE m55v6fafr_MUT_FA_UTURN m44v8nbcfr t57v7dfr \
                   m54v3e_MUT_ADAPT_EARLY $(addprefix m54v3e_,$(RTL_MUTANTS_SVA)) \
                   m54v3e_b1_MUT_FIFO_STALE u44v3 h4v3d_to32 t55v4sw t44v4fa r7v6dphop_to4 m44v9dnbcfr \
                   t44v6dnbc_b3 t44v4d t444v8fr t2222v32d m333v9fafr t44v7dfr_to1 h3v4phop m44v7pbc h4v2fa
# mixed networks (harness/mixed.cpp): one Verilated router (rtl/flitnet_mixed_top.sv) among
# the C model's, in lockstep with the all-C network; a broken one must be caught at its router
X1616V4 := topology=torus k=16 n=2 vcs=4 buf_depth=1 obuf_depth=1 routing=dor dateline=1
RTL_CFG_x1616v4     := $(X1616V4)
RTL_VFLAGS_x1616v4  := --mixed
RTL_CFG_x1616v4_MUT_ARB_PRIO    := $(X1616V4)
RTL_VFLAGS_x1616v4_MUT_ARB_PRIO := --mixed --mutant=MUT_ARB_PRIO
RTL_CFG_x88v10dnbc    := topology=torus k=8 n=2 vcs=10 buf_depth=1 obuf_depth=1 routing=duato_nbc dateline=1 escape_vcs=0 timeout=0
RTL_VFLAGS_x88v10dnbc := --mixed
RTL_CFG_x88v6fr       := topology=torus k=8 n=2 vcs=6 buf_depth=1 obuf_depth=1 routing=dor dateline=1 fault_handling=fring
RTL_VFLAGS_x88v6fr    := --mixed
# the worked example of docs/router-interface.md (rtl/examples/) in the middle of an 8x8
# torus of the C model's routers, under the scoreboard (mixed.cpp --scoreboard)
IQ_FILES := $(addprefix rtl/examples/,$(shell cat rtl/examples/iq_router.f))
RTL_CFG_xiq88v4    := topology=torus k=8 n=2 vcs=4 buf_depth=2 obuf_depth=1 routing=dor dateline=1
RTL_VFLAGS_xiq88v4 := --mixed -DFLITNET_ROUTER=flitnet_iq_router $(addprefix --file=,$(IQ_FILES))
RTL_CFG_x1616v4_MUT_MIXED_SEED    := $(X1616V4)
RTL_VFLAGS_x1616v4_MUT_MIXED_SEED := --mixed --mutant=MUT_MIXED_SEED
RTL_MODELS_MIXED := x1616v4 x1616v4_MUT_ARB_PRIO x1616v4_MUT_MIXED_SEED x88v10dnbc x88v6fr xiq88v4
# the whole 16x16 network in RTL, for bench-mixed only
RTL_CFG_t1616v4 := $(X1616V4)

RTL_MODELS_FULL := $(RTL_MODELS_CI) t44v6dnbc_to8_MUT_ADAPT_EARLY t44v2 t44v4e t88v10 t88v10e u88v4e t435v4 m44v2 h5v2 h4v3e \
                   t44v6dnbc_to8_MUT_BONUS_KEEP t44v6dnbc t44v6nbc t44v3d t88v10dnbc \
                   u44v6dnhop t444v2sw \
                   t44v3min m44v3fa_to16 u44v3fa t88v6fr t88v10dfr t88v7fafr m55v7efr \
                   t44v7dfr_to8 m444v8fr t66v8nbcfr t66v9dnbcfr m44v11phopfr t444v10nhopfr r255v2 h8v2

.PHONY: formal formal-ci formal-mutants lint cosim cosim-ci cosim-coverage cosim-random mutants-tools mutants mutants-all waves synth bench-rtl cosim-mixed bench-mixed rtl-FORCE rtl-cfgs rtl-models-long
rtl-FORCE:

# the models whose CI runs are long enough that -O1's faster code pays for its slower
# compile: COSIM_OPT_LONG, when set, is their COSIM_OPT (tests/suites/rtl_cosim.sh builds
# the others at -O0). Criterion: the model's lines of tests/cosim/ci.runs take a second or
# more at -O2. At -O0 against -O1 (2026-11-28): t2222v32d 22 + 159 s of compile and runs
# against 53 + 8 s, m333v9fafr 8 + 75 s against 14 + 9 s, t444v8fr 9 + 57 s against 18 + 6 s
RTL_MODELS_LONG := m333v9fafr t2222v32d t444v8fr m55v6fafr t44v7dfr_to1 t44v7minfr \
                   m44v9dnbcfr m44v8nbcfr t44v6dnbc_to8
$(foreach m,$(filter-out $(RTL_MODELS_CI),$(RTL_MODELS_LONG)),$(error rtl.mk: RTL_MODELS_LONG names $(m), not a CI model))
rtl_opt = $(if $(and $(COSIM_OPT_LONG),$(filter $(1),$(RTL_MODELS_LONG))),COSIM_OPT=$(COSIM_OPT_LONG) )

# the structural configuration as a file that changes only when it does: the keys, the
# flags and a mutant's patch (its checksum)
rtl_spec = $(RTL_CFG_$(1)) | $(RTL_VFLAGS_$(1)) $(RTL_ASSERT)$(foreach m,$(patsubst --mutant=%,%,\
           $(filter --mutant=%,$(RTL_VFLAGS_$(1)))), | $(m) $(shell cksum < tests/mutants/$(m).patch))
$(RTL_BUILD)/%/spec: rtl-FORCE | deps-rtl
	@mkdir -p $(@D)
	@echo '$(call rtl_spec,$*)' | cmp -s - $@ || echo '$(call rtl_spec,$*)' > $@
	@test -n '$(RTL_CFG_$*)' || { echo "rtl.mk: no model '$*'" >&2; exit 1; }

$(RTL_BUILD)/%/obj/Vnet__ALL.a: $(RTL_BUILD)/%/spec $(RTL_SRCS) rtl/flitnet.f rtl/flitnet_mixed_top.sv $(wildcard rtl/examples/*.sv) harness/build_model.sh harness/model_tu.mk harness/model_params.sh \
                                | $(RTL_BUILD)/codes
	@echo "verilating $* ($(RTL_CFG_$*) $(RTL_VFLAGS_$*) $(RTL_ASSERT))$(if $(call rtl_opt,$*), at $(COSIM_OPT_LONG))"
	+@$(call rtl_opt,$*)harness/build_model.sh verilate $(RTL_BUILD)/$* $* "$(RTL_CFG_$*)" $(RTL_VFLAGS_$*) $(RTL_ASSERT)

$(RTL_BUILD)/%/cosim: $(RTL_BUILD)/%/obj/Vnet__ALL.a $(COSIM_DEPS)
	@harness/build_model.sh link $(RTL_BUILD)/$*

.PRECIOUS: $(RTL_BUILD)/%/spec $(RTL_BUILD)/%/obj/Vnet__ALL.a $(RTL_BUILD)/%/cosim

# the C model's codes, which build_model.sh, lint.sh and synth.sh map names with
# (harness/codes.sh builds the lister when it is missing or stale; once here, so
# that parallel model builds do not all link it)
$(RTL_BUILD)/codes: harness/codes.c $(BUILD)/libflitnet.a | deps-rtl
	@harness/codes.sh list > /dev/null

$(RTL_BUILD)/vcdcmp: harness/vcdcmp.cpp | deps-rtl
	@mkdir -p $(@D)
	$(CXX) -std=c++17 -Wall -Wextra -Werror -O2 $< -o $@

# ---------------------------------------------------------------- targets
lint: deps-rtl $(BUILD)/libflitnet.a
	@rtl/lint.sh

# (and coverage-directed random configurations until every parameter value is reached:
# tests/cosim/random.sh, COSIM_UNTIL=covered; COSIM_SEED replays them)
cosim: deps-rtl $(BUILD)/libflitnet.a $(BUILD)/flitnet $(foreach m,$(RTL_MODELS_FULL),$(RTL_BUILD)/$(m)/cosim) | $(RTL_BUILD)/codes
	@harness/codes.sh check
	@tests/cosim/suite.sh $(RTL_BUILD) tests/cosim/full.runs
	@tests/cosim/examples.sh $(RTL_BUILD) full
	@COSIM_UNTIL=covered tests/cosim/random.sh $(RTL_BUILD)

cosim-ci: deps-rtl $(BUILD)/libflitnet.a $(foreach m,$(RTL_MODELS_CI),$(RTL_BUILD)/$(m)/cosim)
	@harness/codes.sh check
	@tests/cosim/suite.sh $(RTL_BUILD) tests/cosim/ci.runs

# line and toggle coverage of rtl/ (tests/cosim/coverage.sh): every model of a suite's
# runs (not the mutants) built again as MODEL__cov with Verilator's coverage, untraced
rtl_no_mutants = $(foreach m,$(1),$(if $(findstring _MUT_,$(m)),,$(m)))
RTL_MODELS_COV_CI   := $(call rtl_no_mutants,$(RTL_MODELS_CI))
RTL_MODELS_COV_FULL := $(call rtl_no_mutants,$(RTL_MODELS_FULL))
# COV_KIND=line: line coverage only (toggle coverage of the flattened f-ring networks
# needs up to 11 GB per build; line coverage is what the 95 % goal is stated in)
COV_KIND ?= all
ifeq ($(filter all line,$(COV_KIND)),)
$(error COV_KIND must be all or line (got '$(COV_KIND)'))
endif
RTL_COV_FLAGS := $(if $(filter line,$(COV_KIND)),--coverage-line,--coverage)
$(foreach m,$(RTL_MODELS_COV_FULL),$(eval RTL_CFG_$(m)__cov := $(RTL_CFG_$(m)))$(eval RTL_VFLAGS_$(m)__cov := $(RTL_COV_FLAGS)))
# (without the assertions: their failure branches would count as lines never reached)
$(RTL_BUILD)/%__cov/spec $(RTL_BUILD)/%__cov/obj/Vnet__ALL.a: RTL_ASSERT :=
# COV_SUITE=full: with the full suite's coverage-directed random configurations, whose
# runs coverage.sh takes as EXTRA_RUNS (the seed is printed; COSIM_SEED replays it)
COV_SUITE ?= ci
cosim-coverage: deps-rtl $(BUILD)/libflitnet.a $(BUILD)/flitnet \
                $(foreach m,$(if $(filter full,$(COV_SUITE)),$(RTL_MODELS_COV_FULL),$(RTL_MODELS_COV_CI)),$(RTL_BUILD)/$(m)__cov/cosim) \
                | $(RTL_BUILD)/codes
ifeq ($(COV_SUITE),full)
	@COSIM_UNTIL=covered COSIM_COVERAGE=1 COV_KIND=$(COV_KIND) tests/cosim/random.sh $(RTL_BUILD) > $(RTL_BUILD)/random-cov.log; \
	    rc=$$?; cat $(RTL_BUILD)/random-cov.log; exit $$rc
	@EXTRA_RUNS=$(RTL_BUILD)/random/$$(sed -n 's/^random configurations (COSIM_SEED=\([0-9]*\)).*/\1/p' $(RTL_BUILD)/random-cov.log).runs \
	    tests/cosim/coverage.sh $(RTL_BUILD) tests/cosim/full.runs $(BUILD)/coverage/full
else
	@tests/cosim/coverage.sh $(RTL_BUILD) tests/cosim/$(COV_SUITE).runs $(BUILD)/coverage/$(COV_SUITE)
endif

# constrained-random structural configurations (tests/cosim/random.sh): COSIM_SEED
# (default new, printed), COSIM_N configurations, COSIM_RUNS runs each
cosim-random: deps-rtl $(BUILD)/libflitnet.a $(BUILD)/flitnet | $(RTL_BUILD)/codes
	@tests/cosim/random.sh $(RTL_BUILD)

# automatic mutation testing (tests/mutants/run.sh): MUTANTS_N generated mutants
# (MUTANTS_SEED; 0 = all), or MUTANTS_IDS, against the CI runs of their models
# what run.sh's checks run besides the mutants' own models (run.sh refuses to start without them)
mutants-tools: deps-rtl $(BUILD)/libflitnet.a $(BUILD)/flitnet $(RTL_BUILD)/vcdcmp | $(RTL_BUILD)/codes
mutants: mutants-tools
	@tests/mutants/run.sh
# the whole generated set, CI and then the full suite, resumable: verdicts kept in
# tests/mutants/ledger.tsv (MUTANTS_BUDGET=SECONDS: start no new mutant after that long)
mutants-all: mutants-tools
	$(call install_pkgs,ccache)
	@MUTANTS_N=0 MUTANTS_SUITE=full MUTANTS_LEDGER=tests/mutants/ledger.tsv tests/mutants/run.sh
# every model's structural configuration, for scripts: a line each, the model, a tab, its
# configuration
rtl-cfgs:
	@$(foreach m,$(sort $(RTL_MODELS_FULL) $(RTL_MODELS_CI)),printf '%s\t%s\n' '$(m)' '$(RTL_CFG_$(m))';)

# the models built at COSIM_OPT_LONG (tests/mutants/run.sh builds them at -O1 too)
rtl-models-long:
	@echo $(RTL_MODELS_LONG)

WAVES_MODEL := $(if $(WAVES_FST),t44v4fst,t44v4)
waves: deps-rtl $(BUILD)/libflitnet.a $(RTL_BUILD)/$(WAVES_MODEL)/cosim $(RTL_BUILD)/vcdcmp
	@w=$$(waves/waves_window.sh) && WAVES_WINDOW=$$w waves/make_waves.sh $(RTL_BUILD)/$(WAVES_MODEL)/cosim $(RTL_BUILD)/vcdcmp waves

formal: deps-rtl
	@python3 tests/formal/formal.py --tier full --out $(BUILD)/formal/full

formal-ci: deps-rtl
	@tests/suites/formal.sh

formal-mutants: mutants-tools
	@tests/formal/mutants.sh $(if $(FORMAL_SAMPLE),--sample $(FORMAL_SAMPLE))

synth: deps-rtl $(BUILD)/libflitnet.a
	@rtl/synth.sh $(RTL_BUILD)/synth

# the mixed networks' runs (tests/suites/rtl_mixed.sh)
cosim-mixed: deps-rtl $(BUILD)/libflitnet.a $(foreach m,$(RTL_MODELS_MIXED),$(RTL_BUILD)/$(m)/cosim)
	@tests/suites/rtl_mixed.sh

# a 16x16 torus with one RTL router (in lockstep with the all-C network) against the whole
# network in RTL, the same run (docs/rtl.md "Mixed networks")
bench-mixed: deps-rtl $(BUILD)/libflitnet.a $(RTL_BUILD)/x1616v4/cosim $(RTL_BUILD)/t1616v4/cosim
	@tests/cosim/bench_mixed.sh $(RTL_BUILD)

bench-rtl: deps-rtl $(BUILD)/libflitnet.a $(RTL_BUILD)/t88v10/cosim
	$(RTL_BUILD)/t88v10/cosim --bench seed=1 msg_len=64 rate=0.004 cycles=20000 warmup=2000

endif

# ---------------------------------------------------------------- any router (issue 12)
# make cosim-user, cosim-user-ci, cosim-examples: rtl/user.mk (docs/router-interface.md)
include rtl/user.mk
