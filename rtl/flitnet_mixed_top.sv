// flitnet_mixed_top: one router of a flitnet network, alone, for a mixed network
// (harness/mixed.cpp): the other routers, the sources and the sinks are the C model's,
// and the harness drives this router's ports from the model's link signals and its
// outputs back into them. The run's constants (node id, LFSR seed, select, faulty
// neighbours, ring_ok) are sampled at the clock edges during reset, as flitnet_network
// samples them; the derived sizes and codes come out for the harness to check.
`ifndef FLITNET_ROUTER
`define FLITNET_ROUTER flitnet_router
`endif

module flitnet_mixed_top #(
  parameter int          TOPO       = 0,           // flitnet_pkg::topo_e
  parameter int          NDIM       = 2,           // dimensions n (<= 8)
  parameter logic [63:0] K          = 64'h0808,    // radix k_d at bits 8d +: 8 (ignored for a hypercube)
  parameter int          V          = 2,
  parameter int          B          = 1,
  parameter int          BO         = 1,
  parameter int          ROUTING    = 0,           // flitnet_pkg::routing_e
  parameter int          DATELINE   = 1,
  parameter int          ESCAPE_VCS = 0,
  parameter int          TIMEOUT    = 0,
  parameter int          FRING      = 0,
  // derived: do not override
  parameter int          N          = flitnet_pkg::nodes(TOPO, NDIM, K),
  parameter int          P          = flitnet_pkg::ports(TOPO, NDIM),
  parameter int          A          = flitnet_pkg::addr_bits(N),
  parameter int          HW         = flitnet_pkg::hop_bits(TOPO, NDIM, K),
  parameter int          VW         = (V > 1) ? $clog2(V) : 1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // the run's constants, sampled at the clock edges during reset
  input  logic [A-1:0]      node_id_i,
  input  logic [15:0]       lfsr_seed_i,
  input  logic              sel_random_i,
  input  logic [P-2:0]      faulty_nbr_i,
  input  logic [2*P-3:0]    ring_ok_i,
  // the router's ports (flitnet_router)
  input  logic [P-1:0]      in_valid_i,
  input  logic [P*VW-1:0]   in_vc_i,
  input  logic [P*64-1:0]   in_flit_i,
  output logic [P*V-1:0]    cr_o,
  output logic [P-1:0]      out_valid_o,
  output logic [P*VW-1:0]   out_vc_o,
  output logic [P*64-1:0]   out_flit_o,
  input  logic [P*V-1:0]    cr_i,
  // the derived sizes and the codes
  output logic [31:0]       cfg_topo_o,
  output logic [31:0]       cfg_routing_o,
  output logic [31:0]       cfg_fring_o,
  output logic [31:0]       cfg_nodes_o,
  output logic [31:0]       cfg_ports_o,
  output logic [31:0]       cfg_addr_bits_o,
  output logic [31:0]       cfg_hop_bits_o
);
  localparam logic [63:0] KE = flitnet_pkg::radices(TOPO, NDIM, K);

  /* verilator tracing_off */
  logic [A-1:0]   node_id_q;
  logic [15:0]    lfsr_seed_q;
  logic           sel_random_q;
  logic [P-2:0]   faulty_nbr_q;
  logic [2*P-3:0] ring_ok_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      node_id_q    <= node_id_i;
      lfsr_seed_q  <= lfsr_seed_i;
      sel_random_q <= sel_random_i;
      faulty_nbr_q <= faulty_nbr_i;
      ring_ok_q    <= ring_ok_i;
    end
  end
  /* verilator tracing_on */

`ifdef FLITNET_IFACE
  // a router of other conventions (rtl/flitnet_iface.sv); its sideband is not carried here
`ifdef FLITNET_IFACE_UW
  wire [P*`FLITNET_IFACE_UW-1:0] sb_unused, sb_seen_unused;
`else
  wire [P-1:0] sb_unused, sb_seen_unused;
`endif
  flitnet_iface #(
`else
  `FLITNET_ROUTER #(
`endif
    .TOPO(TOPO), .NDIM(NDIM), .K(KE), .P(P), .V(V), .B(B), .BO(BO), .ROUTING(ROUTING),
    .DATELINE(DATELINE), .ESCAPE_VCS(ESCAPE_VCS), .TIMEOUT(TIMEOUT), .FRING(FRING), .A(A), .HW(HW),
    .VW(VW)
  ) u_router (
    .clk_i, .rst_ni,
    .node_id_i    (node_id_q),
    .lfsr_seed_i  (lfsr_seed_q),
    .sel_random_i (sel_random_q),
    .faulty_nbr_i (faulty_nbr_q),
    .ring_ok_i    (ring_ok_q),
    .in_valid_i,
    .in_vc_i,
    .in_flit_i,
    .cr_o,
    .out_valid_o,
    .out_vc_o,
    .out_flit_o,
    .cr_i
`ifdef FLITNET_IFACE
    , .sb_in_i('0), .sb_out_o(sb_unused), .sb_seen_o(sb_seen_unused)
`endif
  );

  assign cfg_topo_o      = 32'(TOPO);
  assign cfg_routing_o   = 32'(ROUTING);
  assign cfg_fring_o     = 32'(FRING);
  assign cfg_nodes_o     = 32'(N);
  assign cfg_ports_o     = 32'(P);
  assign cfg_addr_bits_o = 32'(A);
  assign cfg_hop_bits_o  = 32'(HW);
endmodule
