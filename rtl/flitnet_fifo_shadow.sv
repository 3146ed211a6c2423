// flitnet_fifo_shadow: what a FIFO should hold, for the router's FIFO order properties
// (flitnet_router_props): the 8-bit signatures of the flits written and not read, oldest
// lowest, and their count. The design never reads it; Verilator builds with the
// assertions only (for Icarus and yosys this file is empty).
/* verilator tracing_off */
`ifdef VERILATOR
module flitnet_fifo_shadow #(
  parameter int DEPTH = 1,
  parameter int CW    = $clog2(DEPTH + 1)
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          push_i,
  input  logic [7:0]    sig_i,     // the pushed flit's signature
  input  logic          pop_i,
  output logic [CW-1:0] cnt_o,
  output logic [7:0]    oldest_o   // the signature of the oldest flit held
);
  logic [CW-1:0]      n_q;
  logic [8*DEPTH-1:0] s_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      n_q <= '0;
      s_q <= '0;
    end else begin : g_next
      logic [CW-1:0]      n;
      logic [8*DEPTH-1:0] s;
      n = n_q;
      s = s_q;
      if (pop_i && n != '0) begin
        n = n - 1'b1;
        s = s >> 8;
      end
      if (push_i && 32'(n) < DEPTH) begin
        s[32'(n)*8 +: 8] = sig_i;
        n = n + 1'b1;
      end
      n_q <= n;
      s_q <= s;
    end
  end
  assign cnt_o    = n_q;
  assign oldest_o = s_q[7:0];
endmodule
`endif
