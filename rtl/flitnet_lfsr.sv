// flitnet_lfsr: the router's 16-bit Galois LFSR (docs/microarchitecture.md §8),
// advanced every cycle; its reset value is the router's seed, given on a port so that
// all routers share one module.
// The seed is not loaded by the asynchronous reset (a non-constant reset value needs
// async-load flip-flops): a flag says whether the register holds the state yet, and
// until the first clock edge the seed itself is the state.
// its signals appear in the waves through the router's `lfsr`
/* verilator tracing_off */
module flitnet_lfsr #(
  parameter logic [15:0] TAPS = 16'hB400
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [15:0] seed_i,
  output logic [15:0] state_o
);
  logic [15:0] state_q, state, state_d;
  logic        loaded_q;

  assign state   = loaded_q ? state_q : seed_i;
  assign state_d = {1'b0, state[15:1]} ^ (state[0] ? TAPS : 16'h0000);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) loaded_q <= 1'b0;
    else         loaded_q <= 1'b1;
  end

  // no reset: not read before the first clock edge after reset
  always_ff @(posedge clk_i) state_q <= state_d;

  assign state_o = state;
endmodule
