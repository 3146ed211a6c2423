// flitnet_route_dor_escape: routing `dor_escape` (seed 004; docs/microarchitecture.md
// §6). Same port as DOR; level 0: VCs 2..V-1, level 1: escape VC 0 when c_d < d_d,
// else VC 1. The rewrite is the identity (hops is counted by flitnet_route).
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_route_dor_escape #(
  parameter int          TOPO = 0,
  parameter int          NDIM = 2,
  parameter logic [63:0] K    = 64'h0808,
  parameter int          P    = 5,
  parameter int          V    = 2,
  parameter int          PW   = 3,
  parameter int          VW   = 1
) (
  input  logic [8*NDIM-1:0] cur_i,
  input  logic [8*NDIM-1:0] dst_i,
  output logic [2*P*V-1:0]  cand_o,   // bit (l*P + o)*V + w
  output logic [V-1:0]      esc_o,    // the escape VCs (§6): VCs 0 and 1, a constant
  input  logic [PW-1:0]     oport_i,  // used by routings that keep per-hop state
  input  logic [VW-1:0]     ovc_i,
  input  logic [63:0]       head_i,
  output logic [63:0]       head_o
);
  // VCs 2..V-1. Written as a shift: yosys 0.23 drops a unary operator written before a
  // size cast (~V'(3) reads as V'(3)), which gave its models the escape VCs here
  localparam logic [V-1:0] FREE = {V{1'b1}} << 2;

  // the C model refuses fewer than the two escape VCs
  if (V < 2) begin : g_too_few_vcs
    flitnet_error_too_few_vcs_for_routing u_error ();
  end

  logic          valid, cls;
  logic [PW-1:0] port;

  flitnet_dor_port #(.TOPO(TOPO), .NDIM(NDIM), .K(K), .PW(PW)) u_dor_port (
    .cur_i, .dst_i, .valid_o(valid), .port_o(port), .class_o(cls)
  );

  always_comb begin
    cand_o = '0;
    if (valid) begin
      cand_o[port*V +: V]       = FREE;
      cand_o[(P + 32'(port))*V +: V] = cls ? V'(2) : V'(1);
    end
  end

  assign esc_o  = ~FREE;
  assign head_o = head_i;
endmodule
