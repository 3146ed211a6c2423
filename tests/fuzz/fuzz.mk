# libFuzzer harnesses (tests/fuzz/): the library built with clang under the fuzzer's
# coverage instrumentation and AddressSanitizer + UndefinedBehaviorSanitizer.
#   make fuzz            every harness for FUZZ_TIME seconds (default 600) from its committed
#                        corpus (tests/fuzz/corpus/NAME); new inputs go to build/fuzz/corpus/NAME
#   make fuzz-ci         every harness for 20 s (what `make test` runs)
# A crash leaves its input as build/fuzz/crash-* and the run fails.
FUZZ_CC    ?= clang
FUZZ_FLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS  := $(FUZZ_NAMES:%=$(BUILD)/fuzz/fuzz_%)
FUZZ_OBJS  := $(LIB_SRCS:%.c=$(BUILD)/fuzz/obj/%.o)
FUZZ_TIME  ?= 600
DEPS_FUZZ  := clang libclang-rt-dev

.PHONY: deps-fuzz fuzz fuzz-ci fuzz-build
deps-fuzz:
	$(call install_pkgs,$(DEPS_FUZZ))
$(BUILD)/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CSTD) $(WARN) $(FUZZ_FLAGS) $(INC) -MMD -MP -c $< -o $@
$(BUILD)/fuzz/libflitnet.a: $(FUZZ_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_util.h $(BUILD)/fuzz/libflitnet.a
	$(FUZZ_CC) $(CSTD) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer $(INC) $< $(BUILD)/fuzz/libflitnet.a $(LDLIBS) -o $@
fuzz-build: deps-fuzz
	@$(MAKE) --no-print-directory $(FUZZ_BINS)
fuzz: fuzz-build
	@tests/fuzz/run.sh $(FUZZ_TIME) $(FUZZ_NAMES)
fuzz-ci: fuzz-build
	@tests/fuzz/run.sh 20 $(FUZZ_NAMES)
