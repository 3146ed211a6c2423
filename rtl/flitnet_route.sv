// flitnet_route: the router's routing unit (docs/microarchitecture.md §5.1, §6), one
// per input VC (input port INPORT). What every routing shares is here: a head whose
// destination is this node gets all V VCs of the local port at level 0, and a head
// leaving on a network port counts one hop (saturating). The algorithm family is a
// generate choice on ROUTING, a flitnet_pkg::routing_e code (the C model's). With
// FRING = 1 the f-ring layer (§6.5, flitnet_fring) wraps the family, which then routes on
// the low V - 2 NDIM VCs below the ring VCs (the C model refuses the layer over swft).
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_route #(
  parameter int          TOPO       = 0,
  parameter int          NDIM       = 2,
  parameter logic [63:0] K          = 64'h0808,
  parameter int          P          = 5,
  parameter int          V          = 2,
  parameter int          ROUTING    = 0,
  parameter int          DATELINE   = 1,
  parameter int          ESCAPE_VCS = 0,  // duato_*: escape VCs E (0: the number of classes)
  parameter int          FRING      = 0,  // 1: the f-ring layer over the routing (§6.5)
  parameter int          INPORT     = 0,  // the input port this unit routes for
  parameter int          A          = 6,
  parameter int          HW         = 4,
  parameter int          PW         = 3,
  parameter int          VW         = 1
) (
  input  logic [A-1:0]      node_id_i,
  input  logic [8*NDIM-1:0] node_coord_i,
  input  logic [P-2:0]      faulty_nbr_i,  // §4 constant input: faulty or disabled neighbours
  input  logic [2*P-3:0]    ring_ok_i,     // §4 constant input: f-ring sides, bit 2p + o
  input  logic [63:0]       head_i,     // head flit waiting in the input VC
  output logic [2*P*V-1:0]  cand_o,     // candidates, bit (l*P + o)*V + w
  input  logic [PW-1:0]     oport_i,    // the hop the head takes
  input  logic [VW-1:0]     ovc_i,
  output logic [63:0]       head_o,     // the head as written into the output buffer
  output logic [V-1:0]      esc_o       // the escape VCs (§6), a constant: the others are
                                        // adaptive, allocated only when drained (§5.1)
);
  localparam int          PN      = P - 1;
  localparam int          HOPS_LO = flitnet_pkg::flit_hops_lo(A);
  localparam logic [HW-1:0] HMAX  = {HW{1'b1}};
  localparam int          CW      = flitnet_pkg::class_bits(V);  // §3: network-wide, from V

  // the family routes on VB VCs: all V, or the V - 2 NDIM below the ring VCs
  localparam int          VB0     = (FRING != 0) ? V - 2 * NDIM : V;
  localparam int          VB      = (VB0 < 1) ? 1 : VB0;
  localparam int          VWB     = (VB > 1) ? $clog2(VB) : 1;
  // the family's last priority level (§6.5: where a blocked head gets its ring VC)
  localparam int          LAST    = flitnet_pkg::ROUTING_TWO_LEVELS[ROUTING] ? 1 : 0;

  logic [A-1:0]      dst;
  logic [8*NDIM-1:0] dst_coord;
  logic [2*P*VB-1:0] alg_cand;
  logic [VB-1:0]     alg_esc;    // the family's escape VCs
  logic [VWB-1:0]    alg_ovc;
  logic [2*P*V-1:0]  net_cand;
  logic [63:0]       counted, alg_head, net_head;
  logic [HW-1:0]     hops;

  assign dst = head_i[flitnet_pkg::FLIT_DST_LO +: A];

  flitnet_coord #(.NDIM(NDIM), .K(K), .A(A)) u_dst_coord (.id_i(dst), .coord_o(dst_coord));

  assign hops = head_i[HOPS_LO +: HW];

  always_comb begin
    counted = head_i;
    counted[HOPS_LO +: HW] = (hops == HMAX) ? hops : hops + 1'b1;
  end

  // a hop on a ring VC (FRING) is F's: flitnet_fring keeps the head's fields and drops
  // the family's rewrite, which sees VC 0 then
  if (FRING != 0) begin : g_ring_hop
    assign alg_ovc = (ovc_i >= VW'(VB)) ? '0 : VWB'(ovc_i);
  end else begin : g_base_hop
    assign alg_ovc = ovc_i;
  end

  if (ROUTING == flitnet_pkg::ROUTING_DOR) begin : g_dor
    flitnet_route_dor #(
      .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(VB), .DATELINE(DATELINE), .PW(PW), .VW(VWB)
    ) u_alg (
      .cur_i(node_coord_i), .dst_i(dst_coord), .cand_o(alg_cand), .esc_o(alg_esc),
      .oport_i, .ovc_i(alg_ovc), .head_i(counted), .head_o(alg_head)
    );
  end else if (ROUTING == flitnet_pkg::ROUTING_DOR_ESCAPE) begin : g_dor_escape
    flitnet_route_dor_escape #(
      .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(VB), .PW(PW), .VW(VWB)
    ) u_alg (
      .cur_i(node_coord_i), .dst_i(dst_coord), .cand_o(alg_cand), .esc_o(alg_esc),
      .oport_i, .ovc_i(alg_ovc), .head_i(counted), .head_o(alg_head)
    );
  end else if (flitnet_pkg::ROUTING_HOP_CLASS[ROUTING] ||
               ROUTING == flitnet_pkg::ROUTING_DUATO) begin : g_hop
    // the hop-class family and duato: its four switches (flitnet_route_hop)
    localparam bit NSCHEME  = ROUTING == flitnet_pkg::ROUTING_NHOP ||
                              ROUTING == flitnet_pkg::ROUTING_NBC ||
                              ROUTING == flitnet_pkg::ROUTING_DUATO_NHOP ||
                              ROUTING == flitnet_pkg::ROUTING_DUATO_NBC;
    localparam bit BONUS    = ROUTING == flitnet_pkg::ROUTING_PBC ||
                              ROUTING == flitnet_pkg::ROUTING_NBC ||
                              ROUTING == flitnet_pkg::ROUTING_DUATO_PBC ||
                              ROUTING == flitnet_pkg::ROUTING_DUATO_NBC;
    localparam bit DOR_ESC  = ROUTING == flitnet_pkg::ROUTING_DUATO;
    // Duato's protocol: adaptive VCs at level 0, the escape at level 1
    localparam bit ADAPTIVE = flitnet_pkg::ROUTING_TWO_LEVELS[ROUTING];
    flitnet_route_hop #(
      .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(VB),
      .NSCHEME(NSCHEME ? 1 : 0), .BONUS(BONUS ? 1 : 0), .ADAPTIVE(ADAPTIVE ? 1 : 0),
      .DOR_ESC(DOR_ESC ? 1 : 0),
      .ESCAPE_VCS(ESCAPE_VCS), .A(A), .HW(HW), .CW(CW), .PW(PW), .VW(VWB)
    ) u_alg (
      .cur_i(node_coord_i), .dst_i(dst_coord), .cand_o(alg_cand), .esc_o(alg_esc),
      .oport_i, .ovc_i(alg_ovc), .head_i(counted), .head_o(alg_head)
    );
  end else if (ROUTING == flitnet_pkg::ROUTING_SWFT) begin : g_swft
    flitnet_route_swft #(
      .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(VB), .DATELINE(DATELINE), .A(A), .HW(HW),
      .CW(CW), .PW(PW)
    ) u_alg (
      .cur_i(node_coord_i), .dst_i(dst_coord), .faulty_nbr_i, .cand_o(alg_cand), .esc_o(alg_esc),
      .oport_i, .head_i(counted), .head_o(alg_head)
    );
    wire unused_ovc = ^alg_ovc;
    // swft handles faults itself (§6.3, §7.1); the C model refuses the layer over it
    if (FRING != 0) begin : g_fring_over_swft
      flitnet_error_fring_over_swft u_error ();
    end
  end else if (ROUTING == flitnet_pkg::ROUTING_MINIMAL ||
               ROUTING == flitnet_pkg::ROUTING_FULLY_ADAPTIVE) begin : g_adaptive
    // §6.4: minimal and fully_adaptive (misroutes), duato's escape
    localparam int MISROUTE = (ROUTING == flitnet_pkg::ROUTING_FULLY_ADAPTIVE) ? 1 : 0;
    flitnet_route_adaptive #(
      .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(VB), .MISROUTE(MISROUTE), .INPORT(INPORT),
      .A(A), .HW(HW), .CW(CW), .PW(PW), .VW(VWB)
    ) u_alg (
      .cur_i(node_coord_i), .dst_i(dst_coord), .cand_o(alg_cand), .esc_o(alg_esc),
      .oport_i, .ovc_i(alg_ovc), .head_i(counted), .head_o(alg_head)
    );
  end else begin : g_unknown_routing
    // no such routing: fail elaboration with a module name that says so
    flitnet_error_unknown_routing u_error ();
  end

  if (FRING != 0) begin : g_fring
    if (VB0 < 1) begin : g_too_few_vcs
      flitnet_error_too_few_vcs_for_fring u_error ();
    end
    flitnet_fring #(
      .TOPO(TOPO), .NDIM(NDIM), .P(P), .V(V), .VB(VB), .LAST(LAST),
      .A(A), .HW(HW), .CW(CW), .PW(PW), .VW(VW)
    ) u_fring (
      .cur_i(node_coord_i), .dst_i(dst_coord), .faulty_nbr_i, .ring_ok_i,
      .base_cand_i(alg_cand), .esc_i(alg_esc), .cand_o(net_cand), .oport_i,
      .ovc_i, .head_i(counted), .base_head_i(alg_head), .head_o(net_head)
    );
    // the ring VCs above the base's are escape VCs of the layer
    assign esc_o = {{(V - VB){1'b1}}, alg_esc};
  end else begin : g_no_fring
    assign net_cand = alg_cand;
    assign net_head = alg_head;
    assign esc_o    = alg_esc;
    wire unused_fring = ^ring_ok_i;
    // only swft looks at the faults without the layer
    if (ROUTING != flitnet_pkg::ROUTING_SWFT) begin : g_no_faults
      wire unused_faulty = ^faulty_nbr_i;
    end
  end

  always_comb begin
    if (dst == node_id_i) begin
      cand_o = '0;
      cand_o[PN*V +: V] = {V{1'b1}};
    end else begin
      cand_o = net_cand;
    end
  end

  assign head_o = (oport_i == PW'(PN)) ? head_i : net_head;
endmodule
