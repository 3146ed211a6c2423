// flitnet_router_props: the router's concurrent properties (docs/rtl.md, "Assertions"),
// instantiated by flitnet_router under FLITNET_ASSERT in Verilator builds (--assert).
// The router computes each property's condition, one bit a VC, from shadow registers the
// design never reads, and the first VC that breaks it; this module only asserts them.
// They live apart because Verilator 5.006 compiles a module holding a concurrent
// assertion once per instance: here that is three assertions, in the router it was the
// whole router (16 copies of its code in a 4x4 network, twice the compile time).
// Icarus 11 and yosys 0.23 read no concurrent assertions: for them this file is empty.
`ifdef VERILATOR
module flitnet_router_props #(
  parameter int PV = 2,   // VCs of the router, P x V
  parameter int QW = 1,   // bits of a VC index
  parameter int B  = 1    // input buffer depth (credits per output VC)
) (
  input logic          clk_i,
  input logic          rst_ni,
  input logic          live_i,         // the router has been reset
  // p_credit_count (§5.4): on a network output VC, the credits held plus the flits sent
  // whose credit has not come back are B
  input logic [PV-1:0] credit_ok_i,
  input logic [QW-1:0] credit_bad_i,   // the first output VC that breaks it
  input logic [31:0]   credit_i,       // ... its credits
  input logic [31:0]   sent_i,         // ... and its flits sent, not yet credited
  // p_ib_order, p_ob_order (§4): a FIFO holds the flits written into it and not yet read,
  // oldest at the head: its occupancy is the shadow's, and its head's signature is that of
  // the oldest flit the shadow holds
  input logic [PV-1:0] ib_ok_i,
  input logic [QW-1:0] ib_bad_i,
  input logic [31:0]   ib_cnt_i,       // the first breaking FIFO's occupancy
  input logic [31:0]   ib_shadow_cnt_i,
  input logic [7:0]    ib_sig_i,       // its head's signature
  input logic [7:0]    ib_shadow_sig_i,
  input logic [PV-1:0] ob_ok_i,
  input logic [QW-1:0] ob_bad_i,
  input logic [31:0]   ob_cnt_i,
  input logic [31:0]   ob_shadow_cnt_i,
  input logic [7:0]    ob_sig_i,
  input logic [7:0]    ob_shadow_sig_i
);
  // kept apart from the router's code (see above)
  /* verilator no_inline_module */
  p_credit_count: assert property (@(posedge clk_i) disable iff (!rst_ni || !live_i) &credit_ok_i)
    else $error("output VC %0d holds %0d credits with %0d flits sent uncredited, not B = %0d in all",
                credit_bad_i, credit_i, sent_i, B);
  p_ib_order: assert property (@(posedge clk_i) disable iff (!rst_ni || !live_i) &ib_ok_i)
    else $error("input VC %0d: its FIFO holds %0d flits, head signature %02h; written and not read: %0d flits, the oldest %02h",
                ib_bad_i, ib_cnt_i, ib_sig_i, ib_shadow_cnt_i, ib_shadow_sig_i);
  p_ob_order: assert property (@(posedge clk_i) disable iff (!rst_ni || !live_i) &ob_ok_i)
    else $error("output VC %0d: its FIFO holds %0d flits, head signature %02h; written and not read: %0d flits, the oldest %02h",
                ob_bad_i, ob_cnt_i, ob_sig_i, ob_shadow_cnt_i, ob_shadow_sig_i);
endmodule
`endif
