// flitnet_route: the router's routing unit (docs/microarchitecture.md §5.1, §6), one
// per input VC. What every routing shares is here: a head whose destination is this
// node gets all V VCs of the local port at level 0, and a head leaving on a network
// port counts one hop (saturating). The algorithm family is a generate choice:
// ROUTING 0 dor, 1 dor_escape, 2 phop, 3 nhop, 4 pbc, 5 nbc, 6 duato_phop,
// 7 duato_nhop, 8 duato_pbc, 9 duato_nbc, 10 duato, 11 swft.
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
  parameter int          A          = 6,
  parameter int          HW         = 4,
  parameter int          PW         = 3,
  parameter int          VW         = 1
) (
  input  logic [A-1:0]      node_id_i,
  input  logic [8*NDIM-1:0] node_coord_i,
  input  logic [P-2:0]      faulty_nbr_i,  // §4 constant input: faulty neighbours (swft)
  input  logic [63:0]       head_i,     // head flit waiting in the input VC
  output logic [2*P*V-1:0]  cand_o,     // candidates, bit (l*P + o)*V + w
  input  logic [PW-1:0]     oport_i,    // the hop the head takes
  input  logic [VW-1:0]     ovc_i,
  output logic [63:0]       head_o      // the head as written into the output buffer
);
  localparam int          PN      = P - 1;
  localparam int          HOPS_LO = 2 + 2 * A;
  localparam logic [HW-1:0] HMAX  = {HW{1'b1}};

  logic [A-1:0]      dst;
  logic [8*NDIM-1:0] dst_coord;
  logic [2*P*V-1:0]  alg_cand;
  logic [63:0]       counted, alg_head;
  logic [HW-1:0]     hops;

  assign dst = head_i[2 +: A];

  flitnet_coord #(.NDIM(NDIM), .K(K), .A(A)) u_dst_coord (.id_i(dst), .coord_o(dst_coord));

  assign hops = head_i[HOPS_LO +: HW];

  always_comb begin
    counted = head_i;
    counted[HOPS_LO +: HW] = (hops == HMAX) ? hops : hops + 1'b1;
  end

  if (ROUTING == 0) begin : g_dor
    flitnet_route_dor #(
      .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .DATELINE(DATELINE), .PW(PW), .VW(VW)
    ) u_alg (
      .cur_i(node_coord_i), .dst_i(dst_coord), .cand_o(alg_cand),
      .oport_i, .ovc_i, .head_i(counted), .head_o(alg_head)
    );
  end else if (ROUTING == 1) begin : g_dor_escape
    flitnet_route_dor_escape #(
      .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .PW(PW), .VW(VW)
    ) u_alg (
      .cur_i(node_coord_i), .dst_i(dst_coord), .cand_o(alg_cand),
      .oport_i, .ovc_i, .head_i(counted), .head_o(alg_head)
    );
  end else if (ROUTING >= 2 && ROUTING <= 10) begin : g_hop
    // the hop-class family and duato: code - 2 = {ADAPTIVE, BONUS, NSCHEME}, 10 = duato
    localparam int R = ROUTING - 2;
    flitnet_route_hop #(
      .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V),
      .NSCHEME((ROUTING == 10) ? 0 : R % 2), .BONUS((ROUTING == 10) ? 0 : (R / 2) % 2),
      .ADAPTIVE((ROUTING == 10) ? 1 : R / 4), .DOR_ESC((ROUTING == 10) ? 1 : 0),
      .ESCAPE_VCS(ESCAPE_VCS), .A(A), .HW(HW), .PW(PW), .VW(VW)
    ) u_alg (
      .cur_i(node_coord_i), .dst_i(dst_coord), .cand_o(alg_cand),
      .oport_i, .ovc_i, .head_i(counted), .head_o(alg_head)
    );
  end else if (ROUTING == 11) begin : g_swft
    flitnet_route_swft #(
      .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .DATELINE(DATELINE), .A(A), .HW(HW),
      .PW(PW)
    ) u_alg (
      .cur_i(node_coord_i), .dst_i(dst_coord), .faulty_nbr_i, .cand_o(alg_cand),
      .oport_i, .head_i(counted), .head_o(alg_head)
    );
    wire unused_ovc = ^ovc_i;
  end else begin : g_unknown_routing
    // no such routing: fail elaboration with a module name that says so
    flitnet_error_unknown_routing u_error ();
  end

  // only swft looks at the faults
  if (ROUTING != 11) begin : g_no_faults
    wire unused_faulty = ^faulty_nbr_i;
  end

  always_comb begin
    if (dst == node_id_i) begin
      cand_o = '0;
      cand_o[PN*V +: V] = {V{1'b1}};
    end else begin
      cand_o = alg_cand;
    end
  end

`ifdef MUT_HOP_OFF
  // mutation: the ejection hop is counted as a network hop
  assign head_o = alg_head;
`else
  assign head_o = (oport_i == PW'(PN)) ? head_i : alg_head;
`endif
endmodule
