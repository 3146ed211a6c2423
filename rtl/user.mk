# rtl/user.mk: any router in the network (docs/router-interface.md), included at the end
# of rtl/rtl.mk.
#   cosim-user      RTL="my/router.sv my/alloc.sv" TOP=my_router [CFG=...] [MODE=scoreboard|lockstep]
#                   [RUNS="keys; keys; ..."] [NAME=...] [USER_VFLAGS=--assert] [USER_MEM_MB=...]
#                   [IFACE="ports=neighbour credits=bus ej_credits=1 hops=network sideband=UW"]: the network
#                   built around TOP, Verilated, run with flitnet's traffic (--assert, the
#                   default, also defines FLITNET_ASSERT: flitnet's modules check their invariants)
#   cosim-user-ci   the worked example (rtl/examples/) on one small configuration, its two
#                   broken variants caught, every check of the scoreboard made to fire
#                   (tests/cosim/user_fault_router.sv), our router renamed in lockstep, an
#                   interface mismatch refused (tests/suites/rtl_user.sh)
#   cosim-examples  the worked example across the configuration matrix (tests/cosim/examples.sh);
#                   make cosim runs it too
#   formal-user     RTL=... TOP=... [FORMAL_CFG=...] [DEPTH=6] [IFACE=...]: the interface's
#                   properties (credits, room downstream, whole worms in order, the hop count,
#                   conservation) proved or bounded on one router of TOP (docs/formal.md), its
#                   ports checked first; IFACE as for cosim-user (the router in its adapter)
#   scoreboard-mutants  every single-point mutant of harness/scoreboard.cpp's checks run
#                   against the fault injector (tests/cosim/scoreboard_mutants.sh; CI runs
#                   a sample: tests/suites/rtl_user_mutants.sh); SB_MUTANTS="ID ..." picks
ifndef FLITNET_USER_MK
FLITNET_USER_MK := 1

CFG   ?= topology=torus k=4 n=2 vcs=4 buf_depth=2 obuf_depth=1 routing=dor dateline=1
MODE  ?= scoreboard
RUNS  ?= seed=1 flit_rate=0.1 msg_len=5; seed=2 flit_rate=0.4 msg_len=8 traffic=transpose; \
         seed=3 flit_rate=0.6 msg_len=16 msg_len_dist=exp; seed=4 flit_rate=0.9 msg_len=5 traffic=bitcomp cycles=2000; \
         seed=5 flit_rate=0.3 msg_len=1 select=first
NAME  ?= $(TOP)
USER_VFLAGS ?= --assert
# the router's own conventions, adapted by rtl/flitnet_iface.sv (docs/router-interface.md)
IFACE ?=

FORMAL_CFG ?= topology=torus k=4 n=2 vcs=2 buf_depth=2 obuf_depth=1 routing=dor dateline=1
DEPTH ?= 6
.PHONY: cosim-user cosim-user-ci cosim-examples scoreboard-mutants formal-user

# a value in single quotes for the shell, its own single quotes escaped
user_q = '$(subst ','\'',$(1))'

cosim-user: deps-rtl $(BUILD)/libflitnet.a $(BUILD)/flitnet | $(RTL_BUILD)/codes
	@test -n $(call user_q,$(TOP)) -a -n $(call user_q,$(RTL)) || { echo 'cosim-user: give RTL="files.sv ..." and TOP=module' >&2; exit 1; }
	@tests/cosim/user.sh $(RTL_BUILD) $(call user_q,$(NAME)) $(call user_q,$(TOP)) $(call user_q,$(RTL)) $(call user_q,$(CFG)) \
	    $(call user_q,$(MODE)) $(call user_q,$(RUNS)) $(if $(strip $(IFACE)),--iface=$(call user_q,$(IFACE))) $(USER_VFLAGS)

cosim-user-ci: deps-rtl $(BUILD)/libflitnet.a | $(RTL_BUILD)/codes
	@tests/cosim/examples.sh $(RTL_BUILD) ci

cosim-examples: deps-rtl $(BUILD)/libflitnet.a | $(RTL_BUILD)/codes
	@tests/cosim/examples.sh $(RTL_BUILD) full

formal-user: deps-rtl $(BUILD)/libflitnet.a $(BUILD)/flitnet | $(RTL_BUILD)/codes
	@test -n $(call user_q,$(TOP)) -a -n $(call user_q,$(RTL)) || { echo 'formal-user: give RTL="files.sv ..." and TOP=module' >&2; exit 1; }
	@tests/formal/user.sh $(call user_q,$(RTL)) $(call user_q,$(TOP)) $(call user_q,$(FORMAL_CFG)) $(call user_q,$(DEPTH)) $(call user_q,$(IFACE))
scoreboard-mutants: deps-rtl $(BUILD)/libflitnet.a $(BUILD)/flitnet | $(RTL_BUILD)/codes
	@SB_MUTANTS_N=all tests/cosim/scoreboard_mutants.sh $(RTL_BUILD) $(SB_MUTANTS)

endif
