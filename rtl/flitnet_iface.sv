// flitnet_iface: a designer's router whose conventions differ from the router port
// interface's, seen by the network as a router of the interface (docs/router-interface.md,
// "Bringing an existing router"). The network instantiates it in place of the router
// when FLITNET_IFACE is defined; which conventions the router follows is a build-time
// choice, macros that harness/build_user.sh defines from IFACE=:
//   FLITNET_IFACE_NBR_PORTS  a bidirectional port is numbered by the neighbour it faces:
//                            input 2d comes from the + neighbour (the interface's
//                            input 2d + 1), so inputs and their credits swap within a pair
//   FLITNET_IFACE_CR_BUS     credits as one {cr_valid, cr_vc} per port and cycle, not a
//                            wire per VC (cr_valid_o/cr_vc_o, cr_valid_i/cr_vc_i)
//   FLITNET_IFACE_EJ_CR      the router counts credits on its local output port too: one
//                            comes back the cycle after each ejected flit (the sink takes
//                            one flit per cycle, always)
//   FLITNET_IFACE_NET_HOPS   the router does not keep the head's hop count: it is counted
//                            up here on every head that leaves by a network port
//   FLITNET_IFACE_UW=n       n sideband bits per port (in_sb_i, out_sb_o, parameter UW)
//                            that the network carries from an output to the neighbour's
//                            input beside the flit, untouched and unchecked by flitnet
// Everything here is wiring and one register (the ejection credits): no combinational
// path is added, and the router's own registers are the only state of the link.
`ifndef FLITNET_ROUTER
`define FLITNET_ROUTER flitnet_router
`endif
// (FLITNET_CHECK, the assertion with its message, comes from flitnet_fifo.sv and
// flitnet_router.sv, which every build reads before this file)
`ifdef FLITNET_IFACE_UW
`define FLITNET_IFACE_UW_VALUE `FLITNET_IFACE_UW
`else
`define FLITNET_IFACE_UW_VALUE 0
`endif
module flitnet_iface #(
  parameter int          TOPO       = 0,
  parameter int          NDIM       = 2,
  parameter logic [63:0] K          = 64'h0808,
  parameter int          P          = 5,
  parameter int          V          = 2,
  parameter int          B          = 1,
  parameter int          BO         = 1,
  parameter int          ROUTING    = 0,
  parameter int          DATELINE   = 1,
  parameter int          ESCAPE_VCS = 0,
  parameter int          TIMEOUT    = 0,
  parameter int          FRING      = 0,
  parameter int          A          = 6,
  parameter int          HW         = 4,
  parameter int          VW         = (V > 1) ? $clog2(V) : 1,
  parameter int          UW         = `FLITNET_IFACE_UW_VALUE,
  parameter int          UWX        = (UW > 0) ? UW : 1   // the width of the sideband wires
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [A-1:0]     node_id_i,
  input  logic [15:0]      lfsr_seed_i,
  input  logic             sel_random_i,
  input  logic [P-2:0]     faulty_nbr_i,
  input  logic [2*P-3:0]   ring_ok_i,
  input  logic [P-1:0]     in_valid_i,
  input  logic [P*VW-1:0]  in_vc_i,
  input  logic [P*64-1:0]  in_flit_i,
  output logic [P*V-1:0]   cr_o,
  output logic [P-1:0]     out_valid_o,
  output logic [P*VW-1:0]  out_vc_o,
  output logic [P*64-1:0]  out_flit_o,
  input  logic [P*V-1:0]   cr_i,
  // the sideband, both in the interface's port numbering (0 when UW = 0)
  input  logic [P*UWX-1:0] sb_in_i,
  output logic [P*UWX-1:0] sb_out_o,
  // what the router itself sees at its inputs, in its own numbering (for the scoreboard's
  // check that the sideband reaches the neighbour's input bit for bit)
  output logic [P*UWX-1:0] sb_seen_o
);
  localparam int PN = P - 1;
`ifdef FLITNET_IFACE_NBR_PORTS
  // ports by neighbour: only a bidirectional port pair has two directions to swap
  localparam bit Swap = TOPO == flitnet_pkg::TopoTorus || TOPO == flitnet_pkg::TopoMesh;
`else
  localparam bit Swap = 1'b0;
`endif

  // the router's side of each wire, in its own port numbering
  logic [P-1:0]    r_in_valid;
  logic [P*VW-1:0] r_in_vc;
  logic [P*64-1:0] r_in_flit;
  logic [P*V-1:0]  r_cr_o;      // its credits upstream, a wire per input VC
  logic [P*V-1:0]  r_cr_i;      // credits to it, a wire per output VC
  logic [P-1:0]    r_out_valid;
  logic [P*64-1:0] r_out_flit;
  logic [P*UWX-1:0] r_sb_in, r_sb_out;

  // input q of the router is the interface's input port_of(q)
  for (genvar q = 0; q < P; q++) begin : g_in
    localparam int I = (Swap && q < PN) ? (q ^ 1) : q;
    assign r_in_valid[q]              = in_valid_i[I];
    assign r_in_vc[q*VW +: VW]        = in_vc_i[I*VW +: VW];
    assign r_in_flit[q*64 +: 64]      = in_flit_i[I*64 +: 64];
    assign r_sb_in[q*UWX +: UWX]      = (UW > 0) ? sb_in_i[I*UWX +: UWX] : '0;
    assign cr_o[I*V +: V]             = r_cr_o[q*V +: V];
  end
  assign sb_seen_o = r_sb_in;
  assign sb_out_o  = (UW > 0) ? r_sb_out : '0;

  // ejection credits: one per flit the sink took, the next cycle
  logic [V-1:0] ej_cr_q;
`ifdef FLITNET_IFACE_EJ_CR
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) ej_cr_q <= '0;
    else for (int v = 0; v < V; v++)
      ej_cr_q[v] <= r_out_valid[PN] && out_vc_o[PN*VW +: VW] == VW'(v);
  end
`else
  assign ej_cr_q = '0;
`endif
  assign r_cr_i = {ej_cr_q, cr_i[0 +: PN*V]};
  wire unused_ok = ^cr_i[PN*V +: V];  // the network's local credit wires are 0

  // the hop count, counted up (saturating, as the routing units do) on a head leaving
  // by a network port
  for (genvar o = 0; o < P; o++) begin : g_out
    logic [63:0] f;
    assign f = r_out_flit[o*64 +: 64];
`ifdef FLITNET_IFACE_NET_HOPS
    localparam int HopsLo = flitnet_pkg::flit_hops_lo(A);
    localparam logic [63:0] Mask = {{(64 - HW){1'b0}}, {HW{1'b1}}} << HopsLo;
    logic [HW-1:0] hops, hops_up;
    wire  up = o != PN && r_out_valid[o] && f[flitnet_pkg::FLIT_HEAD] && hops != '1;
    assign hops    = f[HopsLo +: HW];
    assign hops_up = hops + 1'b1;
    assign out_flit_o[o*64 +: 64] = up ? (f & ~Mask) | ({{(64 - HW){1'b0}}, hops_up} << HopsLo) : f;
`else
    assign out_flit_o[o*64 +: 64] = f;
`endif
  end
  assign out_valid_o = r_out_valid;

`ifdef FLITNET_IFACE_CR_BUS
  // the credit bus: at most one credit per port and cycle, each way
  // the VC of a credit (the highest, were there several)
  function automatic logic [VW-1:0] vc_of(input logic [V-1:0] m);
    vc_of = '0;
    for (int v = 0; v < V; v++)
      if (m[v]) vc_of = VW'(v);
  endfunction
  logic [P-1:0]    r_cr_valid_o, r_cr_valid_i;
  logic [P*VW-1:0] r_cr_vc_o, r_cr_vc_i;
  for (genvar p = 0; p < P; p++) begin : g_cr
    for (genvar v = 0; v < V; v++) begin : g_vc
      assign r_cr_o[p*V + v] = r_cr_valid_o[p] && r_cr_vc_o[p*VW +: VW] == VW'(v);
    end
    assign r_cr_valid_i[p]       = |r_cr_i[p*V +: V];
    assign r_cr_vc_i[p*VW +: VW] = vc_of(r_cr_i[p*V +: V]);
`ifdef FLITNET_ASSERT
    // the upstream router is one of the same kind: one credit per cycle at most
    always @(posedge clk_i)
      if (rst_ni) `FLITNET_CHECK($countones(r_cr_i[p*V +: V]) <= 1,
          ("%m: port %0d: %0d credits in one cycle on a credit bus", p, $countones(r_cr_i[p*V +: V])))
`endif
  end
`endif

  `FLITNET_ROUTER #(
    .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .B(B), .BO(BO), .ROUTING(ROUTING),
    .DATELINE(DATELINE), .ESCAPE_VCS(ESCAPE_VCS), .TIMEOUT(TIMEOUT), .FRING(FRING), .A(A), .HW(HW),
    .VW(VW)
`ifdef FLITNET_IFACE_UW
    , .UW(UW)
`endif
  ) u_router (
    .clk_i, .rst_ni, .node_id_i, .lfsr_seed_i, .sel_random_i, .faulty_nbr_i, .ring_ok_i,
    .in_valid_i   (r_in_valid),
    .in_vc_i      (r_in_vc),
    .in_flit_i    (r_in_flit),
`ifdef FLITNET_IFACE_CR_BUS
    .cr_valid_o   (r_cr_valid_o),
    .cr_vc_o      (r_cr_vc_o),
    .cr_valid_i   (r_cr_valid_i),
    .cr_vc_i      (r_cr_vc_i),
`else
    .cr_o         (r_cr_o),
    .cr_i         (r_cr_i),
`endif
`ifdef FLITNET_IFACE_UW
    .in_sb_i      (r_sb_in),
    .out_sb_o     (r_sb_out),
`endif
    .out_valid_o  (r_out_valid),
    .out_vc_o     (out_vc_o),
    .out_flit_o   (r_out_flit)
  );
`ifndef FLITNET_IFACE_UW
  assign r_sb_out = '0;
`endif
endmodule
