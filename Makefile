# flitnet: cycle-accurate wormhole router model in C with a Verilog twin.
# `make run` and `make test` install what is missing (Debian packages), build, and run.

CC      ?= gcc
BUILD   := build
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN    := -Wall -Wextra -Werror
# -O3: the staged step runs 3-4 % faster than at -O2, results bit for bit the same (no fast-math:
# -std=c11 leaves floating-point contraction off; docs/c-model-speed.md)
CFLAGS  ?= -O3 -g
# the VC masks are counted with popcount: use the instruction where the CPU has it
ifeq ($(shell uname -m),x86_64)
CFLAGS  += -mpopcnt
endif
SRC_DIRS := $(shell scripts/src_dirs.sh)
INC     := $(addprefix -I,$(SRC_DIRS))
LDLIBS  := -lcjson -linih -lgsl -lgslcblas -lm -pthread
SAN     := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

DEPS_C   := gcc make pkg-config libcmocka-dev libgsl-dev libinih-dev libcjson-dev gnuplot-nox jq
DEPS_RTL := verilator iverilog gtkwave yosys g++ python3
DEPS_TEST := parallel munge slurm-wlm
DEPS_SC  := g++ libsystemc-dev

LIB_SRCS := $(filter-out app/main.c,$(foreach d,$(SRC_DIRS),$(wildcard $(d)/*.c)))
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
SAN_OBJS := $(LIB_SRCS:%.c=$(BUILD)/asan/%.o)
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
UNIT_SAN  := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/asan/tests/%)

.PHONY: all deps deps-rtl deps-test deps-sc systemc bench-sc run test check bench bench-instr saturation-check clean validate validate-000 validate-002 \
        validate-003 validate-004 validate-refined study-000 soak
all: $(BUILD)/flitnet

# Installs the Debian packages that are missing (sudo when not root).
define install_pkgs
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null \
	    || { echo "could not install:$$missing" >&2; exit 1; }; \
	fi
endef
deps:
	$(call install_pkgs,$(DEPS_C))
deps-rtl: deps
	$(call install_pkgs,$(DEPS_RTL))
deps-test: deps
	$(call install_pkgs,$(DEPS_TEST))
deps-sc: deps
	$(call install_pkgs,$(DEPS_SC))

# The assert policy: assert() checks cheap internal preconditions (a FIFO pushed only with
# room, popped only when not empty) in the sanitizer builds; the plain build, which the
# benchmarks and runs use, defines NDEBUG.
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -DNDEBUG $(INC) -MMD -MP -c $< -o $@
$(BUILD)/asan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SAN) $(INC) -MMD -MP -c $< -o $@

$(BUILD)/libflitnet.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/asan/libflitnet.a: $(SAN_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/flitnet: $(BUILD)/obj/app/main.o $(BUILD)/libflitnet.a
	$(CC) $(CFLAGS) $^ $(LDLIBS) -o $@
$(BUILD)/asan/flitnet: $(BUILD)/asan/app/main.o $(BUILD)/asan/libflitnet.a
	$(CC) $(SAN) $^ $(LDLIBS) -o $@

# flitnet and the routing unit test with one more routing registered (route.c's
# FLITNET_TEST_ROUTING), for tests/suites/registry.sh: their route.o comes first, so the
# library's is never linked
$(BUILD)/registry/route.o: c_model/routing/route.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -DNDEBUG -DFLITNET_TEST_ROUTING $(INC) -MMD -MP -c $< -o $@
$(BUILD)/registry/flitnet: $(BUILD)/obj/app/main.o $(BUILD)/registry/route.o $(BUILD)/libflitnet.a
	$(CC) $(CFLAGS) $^ $(LDLIBS) -o $@
$(BUILD)/registry/test_routing: tests/unit/test_routing.c tests/unit/testutil.h $(BUILD)/registry/route.o $(BUILD)/libflitnet.a
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(INC) $< $(BUILD)/registry/route.o $(BUILD)/libflitnet.a -lcmocka $(LDLIBS) -o $@
-include $(BUILD)/registry/route.d

$(BUILD)/tests/%: tests/unit/%.c tests/unit/testutil.h $(BUILD)/libflitnet.a
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(INC) $< $(BUILD)/libflitnet.a -lcmocka $(LDLIBS) -o $@
$(BUILD)/asan/tests/%: tests/unit/%.c tests/unit/testutil.h $(BUILD)/asan/libflitnet.a
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SAN) $(INC) $< $(BUILD)/asan/libflitnet.a -lcmocka $(LDLIBS) -o $@

# The default experiment: the default network (8x8 bidirectional torus, V = 10, M = 64)
# under DOR and under the seed papers' Duato-Nbc, each swept up to saturation beside the
# refined queueing model: the tables, a latency plot and a throughput plot. 100,000
# cycles per point keep it well under a minute on 2 cores.
RUN_CYCLES ?= 100000
run: deps
	@$(MAKE) --no-print-directory -j$$(nproc) all
	@mkdir -p $(BUILD)/run
	$(BUILD)/flitnet compare routing=dor,duato_nbc variant=refined cycles=$(RUN_CYCLES) rate=0.001:0.016:0.001 \
	    -j $$(nproc) --csv $(BUILD)/run/latency.csv --plot $(BUILD)/run/latency.svg \
	    --throughput $(BUILD)/run/throughput.svg

# (the three builds of the library at once: 38 s on 2 cores against 69 s one at a time)
test: deps deps-rtl deps-fuzz deps-test deps-sc
	@$(MAKE) --no-print-directory -j$$(nproc) all $(BUILD)/asan/flitnet $(UNIT_BINS) $(UNIT_SAN) $(FUZZ_BINS) $(SC_BINS)
	@tests/run_all.sh

# the quick tier (under 5 minutes on 2 cores): the build, the plain unit tests, the command,
# identity, README and fault-ring suites (small samples) and one lockstep run of two
# Verilated networks (tests/run_all.sh, TIER=check)
check: deps deps-rtl
	@$(MAKE) --no-print-directory -j$$(nproc) all $(UNIT_BINS)
	@TIER=check tests/run_all.sh

bench: deps
	@$(MAKE) --no-print-directory all
	@$(BUILD)/flitnet bench

# how often runs below and above saturation are called SATURATED (scripts/saturation_check.sh;
# docs/results.md, "When a run is saturated")
saturation-check: deps
	$(call install_pkgs,bc)
	@$(MAKE) --no-print-directory all
	@scripts/saturation_check.sh

# instructions per flit-hop of the bench's points under callgrind (scripts/bench_instr.sh), for
# machines whose kernel gives no hardware instruction counter to `make bench`
bench-instr: deps
	$(call install_pkgs,valgrind bc)
	@$(MAKE) --no-print-directory all
	@scripts/bench_instr.sh

# The seeds' validations (docs/results.md): plots, CSVs and Markdown tables under
# build/validate/. CYCLES=N shortens the simulations.
validate: validate-000 validate-002 validate-003 validate-refined validate-004
validate-000 validate-002 validate-003 validate-004 validate-refined: validate-%: deps
	@$(MAKE) --no-print-directory all
	scripts/validate.sh $* $(BUILD)/validate

# Soak test (not in CI): random configurations, drained, under the sanitizers (tests/soak.sh;
# SOAK_N runs, default 2000, SOAK_SEED), then the f-ring layer's check on 10,000 random fault
# sets per routing and network (tests/suites/fring_proof.sh; the 16x16 torus FRING_PROOF_BIG,
# default 10000 too) and 1,000 drained runs on such sets (tests/suites/fring_drain.sh)
soak: deps
	@$(MAKE) --no-print-directory all $(BUILD)/asan/flitnet
	@tests/soak.sh
	@FRING_PROOF_N=$${FRING_PROOF_N:-10000} FRING_PROOF_BIG=$${FRING_PROOF_BIG:-10000} tests/suites/fring_proof.sh
	@FRING_DRAIN_N=$${FRING_DRAIN_N:-1000} tests/suites/fring_drain.sh

# Seed 000's simulation study (Figures 3-8): build/study-000/index.html. QUICK=1 runs the
# reduced version CI runs; an interrupted study resumes from the points already written.
study-000: deps
	@$(MAKE) --no-print-directory all
	scripts/study000.sh $(BUILD)/study-000

clean:
	rm -rf $(BUILD)

# The SystemC binding (systemc/, docs/systemc.md): flitnet's network as SystemC modules and
# an sc_main to copy, against Debian's SystemC; bench-sc: its speed beside `flitnet sim`
CXX      ?= g++
SC_FLAGS := -std=c++17 $(WARN) -Isystemc $(INC)
SC_SRCS  := $(wildcard systemc/*.cpp)
SC_BINS  := $(BUILD)/systemc/flitnet-sc $(BUILD)/asan/systemc/flitnet-sc
$(BUILD)/systemc/%.o: systemc/%.cpp | deps-sc
	@mkdir -p $(dir $@)
	$(CXX) $(SC_FLAGS) -O2 -g -MMD -MP -c $< -o $@
$(BUILD)/asan/systemc/%.o: systemc/%.cpp | deps-sc
	@mkdir -p $(dir $@)
	$(CXX) $(SC_FLAGS) $(SAN) -MMD -MP -c $< -o $@
$(BUILD)/systemc/flitnet-sc: $(SC_SRCS:systemc/%.cpp=$(BUILD)/systemc/%.o) $(BUILD)/libflitnet.a
	$(CXX) -O2 -g $^ -lsystemc $(LDLIBS) -o $@
$(BUILD)/asan/systemc/flitnet-sc: $(SC_SRCS:systemc/%.cpp=$(BUILD)/asan/systemc/%.o) $(BUILD)/asan/libflitnet.a
	$(CXX) $(SAN) $^ -lsystemc $(LDLIBS) -o $@
systemc: deps-sc
	@$(MAKE) --no-print-directory $(BUILD)/systemc/flitnet-sc
bench-sc: deps-sc
	@$(MAKE) --no-print-directory all $(BUILD)/systemc/flitnet-sc
	@scripts/bench_sc.sh

# the Verilog router: lint, cosim, cosim-ci, waves, synth, formal, bench-rtl (rtl/rtl.mk)
include rtl/rtl.mk
# libFuzzer harnesses: fuzz, fuzz-ci (tests/fuzz/fuzz.mk)
include tests/fuzz/fuzz.mk

-include $(shell find $(BUILD)/obj $(BUILD)/asan $(BUILD)/fuzz/obj $(BUILD)/systemc -name '*.d' 2>/dev/null)
