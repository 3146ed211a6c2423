// vl_reset.h: the reset of a Verilated top whose run constants (select, LFSR seeds, fault
// inputs, ring_ok, node id) are sampled at a rising clock edge while reset is held
// (rtl/flitnet_network.sv, rtl/flitnet_mixed_top.sv), for the harnesses that drive them
// (harness.h, mixed.cpp). The constants are set on the top's inputs before the calls.
#ifndef FLITNET_VL_RESET_H
#define FLITNET_VL_RESET_H

// every register to its reset value, as the C model starts (lockstep): the asynchronous
// reset asserted with the clock high, then the clock falls
template <typename Top>
static inline void reset_assert(Top *top)
{
    top->clk_i = 1;
    top->rst_ni = 1;
    top->eval();
    top->rst_ni = 0;
    top->eval();
    top->clk_i = 0;
    top->eval();
}

// then one rising edge samples the constants during reset, and reset is released: the
// next rising edge ends cycle 0
template <typename Top>
static inline void reset_sample_release(Top *top)
{
    top->clk_i = 1;
    top->eval();
    top->rst_ni = 1;
    top->eval();
}

#endif
