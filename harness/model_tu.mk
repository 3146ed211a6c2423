# Included after a Verilated model's Vnet.mk (harness/build_model.sh compile): builds
# Vnet__ALL.a from two translation units, Vnet__fast.cpp (the model's per-cycle code, at
# OPT_FAST) and Vnet__slow.cpp (construction and the initial settle, at OPT_SLOW), each
# of which includes the generated files of its kind. Verilator's own single-unit build
# (VM_PARALLEL_BUILDS=0) compiles the slow code at OPT_FAST as well; its per-file build
# parses the runtime's headers once per file.
.PHONY: model_tu
model_tu: Vnet__tu.stamp

Vnet__fast.cpp: $(addsuffix .cpp,$(VM_FAST)) Vnet.mk
	$(VERILATOR_INCLUDER) -DVL_INCLUDE_OPT=include $(addsuffix .cpp,$(VM_FAST)) > $@
Vnet__slow.cpp: $(addsuffix .cpp,$(VM_SLOW)) Vnet.mk
	$(VERILATOR_INCLUDER) -DVL_INCLUDE_OPT=include $(addsuffix .cpp,$(VM_SLOW)) > $@
Vnet__fast.o: Vnet__fast.cpp
	$(OBJCACHE) $(CXX) $(CXXFLAGS) $(CPPFLAGS) $(OPT_FAST) -c -o $@ $<
Vnet__slow.o: Vnet__slow.cpp
	$(OBJCACHE) $(CXX) $(CXXFLAGS) $(CPPFLAGS) $(OPT_SLOW) -c -o $@ $<
Vnet__tu.stamp: Vnet__fast.o Vnet__slow.o
	rm -f Vnet__ALL.a
	$(AR) -rcs Vnet__ALL.a $^
	touch $@
