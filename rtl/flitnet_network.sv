// flitnet_network: N routers wired as a torus (bi- or unidirectional), mesh or
// hypercube (docs/microarchitecture.md §2). Output port p of node x feeds input port p
// of the neighbour port p leads to; that neighbour's credit wires of input port p come
// back to output port p of x. Unconnected mesh ports carry nothing. The fault set is a
// constant input; each router sees the bits of the nodes its network ports lead to.
// With FRING = 1 each router also gets its ring_ok bits (§6.5), constant as well.
//
// The run's constants (sel_random_i, lfsr_seed_i, faulty_i, ring_ok_i) are sampled at
// the rising clock edges while rst_ni is low, and the routers see those registers:
// rst_ni must be held low across at least one rising edge, and a change of these inputs
// after reset has no effect (docs/microarchitecture.md §4). None of the routers' logic
// then depends on a top-level input combinationally except the injection channels'
// FIFO writes, which keeps a Verilated network's input-combinational region (run on
// every eval()) small (docs/rtl.md, "Speed").
//
// Per node: an injection channel in (the source drives it) with its credit mask out,
// and an ejection channel out (the sink never back-pressures). The obs_* ports show
// every router output, for the lockstep co-simulation: index x*P + p.
//
// The router module is FLITNET_ROUTER, flitnet_router unless the macro names another
// module with the same parameters and ports (docs/router-interface.md; make cosim-user
// defines it for a user's router).
`ifndef FLITNET_ROUTER
`define FLITNET_ROUTER flitnet_router
`endif
module flitnet_network #(
  parameter int          TOPO       = 0,           // flitnet_pkg::topo_e
  parameter int          NDIM       = 2,           // dimensions n (<= 8)
  parameter logic [63:0] K          = 64'h0808,    // radix k_d at bits 8d +: 8 (ignored for a hypercube)
  parameter int          V          = 2,
  parameter int          B          = 1,
  parameter int          BO         = 1,
  parameter int          ROUTING    = 0,           // flitnet_pkg::routing_e
  parameter int          DATELINE   = 1,
  parameter int          ESCAPE_VCS = 0,           // duato_*: escape VCs E (0: the number of classes)
  parameter int          TIMEOUT    = 0,           // tau (0: no time-out)
  parameter int          FRING      = 0,           // 1: f-ring layer (fault_handling = fring)
  // derived: do not override
  parameter int          N          = flitnet_pkg::nodes(TOPO, NDIM, K),
  parameter int          P          = flitnet_pkg::ports(TOPO, NDIM),
  parameter int          A          = flitnet_pkg::addr_bits(N),
  parameter int          HW         = flitnet_pkg::hop_bits(TOPO, NDIM, K),
  parameter int          VW         = (V > 1) ? $clog2(V) : 1
) (
  input  logic              clk_i,
  input  logic              rst_ni,         // asynchronous; low across >= 1 rising clock edge
  // the run's constants, sampled at the clock edges during reset
  input  logic              sel_random_i,
  input  logic [N*16-1:0]   lfsr_seed_i,    // per router, reset value of its LFSR
  input  logic [N-1:0]      faulty_i,       // faulty or disabled nodes
  input  logic [N*2*(P-1)-1:0] ring_ok_i,   // per node x at x*2*PN: bit 2p + o (§6.5)
  // injection: source x -> local input port of router x
  input  logic [N-1:0]      inj_valid_i,
  input  logic [N*VW-1:0]   inj_vc_i,
  input  logic [N*64-1:0]   inj_flit_i,
  output logic [N*V-1:0]    inj_credit_o,
  // ejection: local output port of router x -> sink x
  output logic [N-1:0]      ej_valid_o,
  output logic [N*VW-1:0]   ej_vc_o,
  output logic [N*64-1:0]   ej_flit_o,
  // every router output, index x*P + p
  output logic [N*P-1:0]    obs_valid_o,
  output logic [N*P*VW-1:0] obs_vc_o,
  output logic [N*P*64-1:0] obs_flit_o,
  output logic [N*P*V-1:0]  obs_cr_o,
  // the derived sizes and the codes, so that a testbench can check them against its own
  output logic [31:0]       cfg_topo_o,
  output logic [31:0]       cfg_routing_o,
  output logic [31:0]       cfg_fring_o,
  output logic [31:0]       cfg_nodes_o,
  output logic [31:0]       cfg_ports_o,
  output logic [31:0]       cfg_addr_bits_o,
  output logic [31:0]       cfg_hop_bits_o
`ifdef FLITNET_IFACE_UW
  ,
  // a designer's router with a sideband (rtl/flitnet_iface.sv): what each router drives
  // on output x*P + p, in the interface's numbering, and what it sees on its input
  // x*P + q, in its own
  output logic [N*P*`FLITNET_IFACE_UW-1:0] obs_sb_out_o,
  output logic [N*P*`FLITNET_IFACE_UW-1:0] obs_sb_seen_o
`endif
);
  // the links are traced inside the routers (g_ip, g_op)
  /* verilator tracing_off */
  localparam int PN = P - 1;
  // the radices as the routers see them (2 in every dimension of a hypercube)
  localparam logic [63:0] KE = flitnet_pkg::radices(TOPO, NDIM, K);

  wire [N*P-1:0]    in_valid, out_valid;
  wire [N*P*VW-1:0] in_vc, out_vc;
  wire [N*P*64-1:0] in_flit, out_flit;
  wire [N*P*V-1:0]  cr_in, cr_out;
  wire [N*PN-1:0]   faulty_nbr;
`ifdef FLITNET_IFACE_UW
  localparam int UW = `FLITNET_IFACE_UW;
`else
  localparam int UW = 0;
`endif
  localparam int UWX = (UW > 0) ? UW : 1;
  // the sideband of a designer's router (rtl/flitnet_iface.sv), carried like the flits
  wire [N*P*UWX-1:0] sb_in, sb_out, sb_seen;

  // the run's constants, sampled during reset (rst_ni is an asynchronous reset elsewhere;
  // here it is the enable of plain flip-flops without a reset)
  logic                sel_random_q;
  logic [N*16-1:0]     lfsr_seed_q;
  logic [N-1:0]        faulty_q;
  logic [N*2*PN-1:0]   ring_ok_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sel_random_q <= sel_random_i;
      lfsr_seed_q  <= lfsr_seed_i;
      faulty_q     <= faulty_i;
      ring_ok_q    <= ring_ok_i;
    end
  end
  /* verilator tracing_on */

  for (genvar x = 0; x < N; x++) begin : g_node
    for (genvar p = 0; p < PN; p++) begin : g_link
      localparam int UP = flitnet_pkg::upstream(TOPO, K, x, p);
      localparam int DN = flitnet_pkg::nbr(TOPO, K, x, p);
      if (UP >= 0) begin : g_in
        assign in_valid[x*P + p]               = out_valid[UP*P + p];
        assign in_vc[(x*P + p)*VW +: VW]       = out_vc[(UP*P + p)*VW +: VW];
        assign in_flit[(x*P + p)*64 +: 64]     = out_flit[(UP*P + p)*64 +: 64];
        assign sb_in[(x*P + p)*UWX +: UWX]     = sb_out[(UP*P + p)*UWX +: UWX];
      end else begin : g_in_open
        assign in_valid[x*P + p]               = 1'b0;
        assign in_vc[(x*P + p)*VW +: VW]       = '0;
        assign in_flit[(x*P + p)*64 +: 64]     = '0;
        assign sb_in[(x*P + p)*UWX +: UWX]     = '0;
      end
      if (DN >= 0) begin : g_cr
        assign cr_in[(x*P + p)*V +: V]         = cr_out[(DN*P + p)*V +: V];
        assign faulty_nbr[x*PN + p]            = faulty_q[DN];
      end else begin : g_cr_open
        assign cr_in[(x*P + p)*V +: V]         = '0;
        assign faulty_nbr[x*PN + p]            = 1'b0;
      end
    end
    // the local port: injection in, ejection out
    assign in_valid[x*P + PN]                  = inj_valid_i[x];
    assign in_vc[(x*P + PN)*VW +: VW]          = inj_vc_i[x*VW +: VW];
    assign in_flit[(x*P + PN)*64 +: 64]        = inj_flit_i[x*64 +: 64];
    assign sb_in[(x*P + PN)*UWX +: UWX]        = '0;
    assign cr_in[(x*P + PN)*V +: V]            = '0;
    assign inj_credit_o[x*V +: V]              = cr_out[(x*P + PN)*V +: V];
    assign ej_valid_o[x]                       = out_valid[x*P + PN];
    assign ej_vc_o[x*VW +: VW]                 = out_vc[(x*P + PN)*VW +: VW];
    assign ej_flit_o[x*64 +: 64]               = out_flit[(x*P + PN)*64 +: 64];

`ifdef FLITNET_IFACE
    // a designer's router with conventions of its own, adapted to the interface
    flitnet_iface #(
`else
    `FLITNET_ROUTER #(
`endif
      .TOPO(TOPO), .NDIM(NDIM), .K(KE), .P(P), .V(V), .B(B), .BO(BO), .ROUTING(ROUTING),
      .DATELINE(DATELINE), .ESCAPE_VCS(ESCAPE_VCS), .TIMEOUT(TIMEOUT), .FRING(FRING), .A(A), .HW(HW),
      .VW(VW)
    ) u_router (
      .clk_i, .rst_ni,
      .node_id_i    (A'(x)),
      .lfsr_seed_i  (lfsr_seed_q[x*16 +: 16]),
      .sel_random_i (sel_random_q),
      .faulty_nbr_i (faulty_nbr[x*PN +: PN]),
      .ring_ok_i    (ring_ok_q[x*2*PN +: 2*PN]),
      .in_valid_i   (in_valid[x*P +: P]),
      .in_vc_i      (in_vc[x*P*VW +: P*VW]),
      .in_flit_i    (in_flit[x*P*64 +: P*64]),
      .cr_o         (cr_out[x*P*V +: P*V]),
      .out_valid_o  (out_valid[x*P +: P]),
      .out_vc_o     (out_vc[x*P*VW +: P*VW]),
      .out_flit_o   (out_flit[x*P*64 +: P*64]),
      .cr_i         (cr_in[x*P*V +: P*V])
`ifdef FLITNET_IFACE
      ,
      .sb_in_i      (sb_in[x*P*UWX +: P*UWX]),
      .sb_out_o     (sb_out[x*P*UWX +: P*UWX]),
      .sb_seen_o    (sb_seen[x*P*UWX +: P*UWX])
`endif
    );
`ifndef FLITNET_IFACE
    assign sb_out[x*P*UWX +: P*UWX]  = '0;
    assign sb_seen[x*P*UWX +: P*UWX] = '0;
`endif
  end
`ifdef FLITNET_IFACE_UW
  assign obs_sb_out_o  = sb_out;
  assign obs_sb_seen_o = sb_seen;
`else
  wire unused_sb = ^{sb_in, sb_out, sb_seen};
`endif

  assign obs_valid_o     = out_valid;
  assign obs_vc_o        = out_vc;
  assign obs_flit_o      = out_flit;
  assign obs_cr_o        = cr_out;
  assign cfg_topo_o      = 32'(TOPO);
  assign cfg_routing_o   = 32'(ROUTING);
  assign cfg_fring_o     = 32'(FRING);
  assign cfg_nodes_o     = 32'(N);
  assign cfg_ports_o     = 32'(P);
  assign cfg_addr_bits_o = 32'(A);
  assign cfg_hop_bits_o  = 32'(HW);
endmodule
