// flitnet_iq_sw_alloc: separable input-first switch allocator of the example
// input-queued router (docs/router-interface.md, "The worked example"). Stage 1: each
// input port picks one of its requesting VCs (round robin from in_ptr_q); stage 2: each
// output port grants one of the input ports whose pick targets it (round robin from
// out_ptr_q). At most one flit leaves each input port and enters each output port per
// cycle: a P x P crossbar. A pointer moves past its grant only when the grant was
// used (an input's pick that lost stage 2 keeps its priority).
module flitnet_iq_sw_alloc #(
  parameter int P  = 5,
  parameter int V  = 2,
  parameter int PW = (P > 1) ? $clog2(P) : 1,
  parameter int VW = (V > 1) ? $clog2(V) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [P*V-1:0]  req_i,     // input VC q = i*V + v has a flit that may leave
  input  logic [P*V*PW-1:0] port_i,    // ... for output port port_i[q*PW +: PW]
  output logic [P*V-1:0]  pick_o,    // stage 1 winners (one per input port at most)
  output logic [P*V-1:0]  gnt_o,     // the flits that cross the switch this cycle
  output logic [P-1:0]    out_any_o, // output port o takes a flit ...
  output logic [P*PW-1:0] out_in_o   // ... from input port out_in_o[o*PW +: PW]
);
  logic [P-1:0]    in_any;
  logic [VW-1:0]   in_idx  [P];
  logic [PW-1:0]   in_port [P];   // the output port input i's pick targets
  logic [P-1:0]    out_req [P];   // per output port: the input ports asking for it
  logic [PW-1:0]   out_idx [P];
  logic [P-1:0]    out_any;
  logic [P-1:0]    in_won;

  for (genvar i = 0; i < P; i++) begin : g_in
    logic [VW-1:0] in_ptr_q;
    wire  [V-1:0]  in_gnt;
    flitnet_rr_arb #(.N(V), .IW(VW)) u_arb (
      .req_i   (req_i[i*V +: V]),
      .ptr_i   (in_ptr_q),
      .gnt_o   (in_gnt),
      .idx_o   (in_idx[i]),
      .valid_o (in_any[i])
    );
    assign pick_o[i*V +: V] = in_gnt;
    always_comb begin
      in_port[i] = '0;
      for (int v = 0; v < V; v++)
        if (in_gnt[v]) in_port[i] = port_i[(i*V + v)*PW +: PW];
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)        in_ptr_q <= '0;
      else if (in_won[i]) in_ptr_q <= (in_idx[i] == VW'(V - 1)) ? '0 : in_idx[i] + 1'b1;
    end
  end

  for (genvar o = 0; o < P; o++) begin : g_out
    logic [PW-1:0] out_ptr_q;
    always_comb begin
      for (int i = 0; i < P; i++) out_req[o][i] = in_any[i] && in_port[i] == PW'(o);
    end
    /* verilator lint_off PINCONNECTEMPTY */
    flitnet_rr_arb #(.N(P), .IW(PW)) u_arb (
      .req_i   (out_req[o]),
      .ptr_i   (out_ptr_q),
      .gnt_o   (),
      .idx_o   (out_idx[o]),
      .valid_o (out_any[o])
    );
    /* verilator lint_on PINCONNECTEMPTY */
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)         out_ptr_q <= '0;
      else if (out_any[o]) out_ptr_q <= (out_idx[o] == PW'(P - 1)) ? '0 : out_idx[o] + 1'b1;
    end
    assign out_any_o[o]          = out_any[o];
    assign out_in_o[o*PW +: PW]  = out_idx[o];
  end

  always_comb begin
    in_won = '0;
    for (int o = 0; o < P; o++)
      if (out_any[o]) in_won[out_idx[o]] = 1'b1;
    for (int i = 0; i < P; i++)
      for (int v = 0; v < V; v++)
        gnt_o[i*V + v] = pick_o[i*V + v] && in_won[i];
  end
endmodule
