// flitnet_route_adaptive: routings `minimal` and `fully_adaptive`
// (docs/microarchitecture.md §6.4). Both keep duato's escape, DOR with the dateline VC
// (VC 0 or 1) on tori and VC 0 elsewhere, and its adaptive VCs E .. V-1 on every minimal
// port (E = 2 on tori, 1 otherwise):
//   MISROUTE 0, `minimal`: the escape VC at level 0 beside the adaptive VCs (one level);
//   MISROUTE 1, `fully_adaptive`: the escape VC at level 1 and, while the head's bonus
//     field (misroutes left) is above 0, the adaptive VCs of every non-minimal connected
//     network port except the U-turn (port INPORT ^ 1 on tori and meshes, INPORT on the
//     hypercube, none from the local port) beside it. A hop on an escape VC spends every
//     misroute left (bonus = 0: afterwards the message routes as duato), a hop on a
//     non-minimal port one (bonus - 1).
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_route_adaptive #(
  parameter int          TOPO     = 0,
  parameter int          NDIM     = 2,
  parameter logic [63:0] K        = 64'h0808,
  parameter int          P        = 5,
  parameter int          V        = 3,
  parameter int          MISROUTE = 0,   // 0: minimal, 1: fully_adaptive
  parameter int          INPORT   = 0,   // the input port of this routing unit (the U-turn)
  parameter int          A        = 6,
  parameter int          HW       = 4,
  parameter int          CW       = 3,   // class counter bits: the bonus field's width
  parameter int          PW       = 3,
  parameter int          VW       = 2
) (
  input  logic [8*NDIM-1:0] cur_i,
  input  logic [8*NDIM-1:0] dst_i,
  output logic [2*P*V-1:0]  cand_o,   // bit (l*P + o)*V + w
  output logic [V-1:0]      esc_o,    // the escape VCs (§6): 0 .. E-1, a constant
  // the rewrite for the hop (oport_i, ovc_i); hops is counted by flitnet_route
  input  logic [PW-1:0]     oport_i,
  input  logic [VW-1:0]     ovc_i,
  input  logic [63:0]       head_i,
  output logic [63:0]       head_o
);
  localparam int             PN    = P - 1;
  localparam int             BONUS_LO = flitnet_pkg::flit_bonus_lo(A, HW, CW);
  localparam bit             TORUS = (TOPO == flitnet_pkg::TOPO_TORUS || TOPO == flitnet_pkg::TOPO_TORUS_UNI);
  localparam int             E     = TORUS ? 2 : 1;
  localparam logic [V-1:0]   ALL   = {V{1'b1}};
  localparam logic [V-1:0]   ADAPT = ALL & ~(ALL >> (V - E));  // VCs E .. V-1 (V > E)
  // the U-turn: the port back along the input port's direction (none from the local
  // input port, and none on the unidirectional torus, which has no port back); elaboration only
  /* verilator coverage_off */ function automatic logic [PN-1:0] uturn_mask(input integer inport);
    uturn_mask = '0;
    for (int p = 0; p < PN; p++)
      if (inport < PN &&
          (((TOPO == flitnet_pkg::TOPO_TORUS || TOPO == flitnet_pkg::TOPO_MESH) && p == (inport ^ 1)) ||
           (TOPO == flitnet_pkg::TOPO_HYPERCUBE && p == inport)))
        uturn_mask[p] = 1'b1;
  endfunction  /* verilator coverage_on */
  localparam logic [PN-1:0]  UTURN = uturn_mask(INPORT);

  // the C model refuses fewer VCs: E escape VCs and at least one adaptive VC
  if (V < E + 1) begin : g_too_few_vcs
    flitnet_error_too_few_vcs_for_routing u_error ();
  end

  logic [PN-1:0] minp;
  logic          dvalid, dcls;
  logic [PW-1:0] dport;

  flitnet_min_ports #(.TOPO(TOPO), .NDIM(NDIM), .K(K), .PN(PN)) u_min_ports (
    .cur_i, .dst_i, .ports_o(minp)
  );

  flitnet_dor_port #(.TOPO(TOPO), .NDIM(NDIM), .K(K), .PW(PW)) u_dor_port (
    .cur_i, .dst_i, .valid_o(dvalid), .port_o(dport), .class_o(dcls)
  );

  assign esc_o = ~ADAPT;

  // the DOR port's escape VC: the dateline VC (0 or 1) on tori, VC 0 otherwise
  logic [V-1:0] esc_vc;
  assign esc_vc = (TORUS && dcls) ? V'(2) : V'(1);

  if (MISROUTE == 0) begin : g_minimal
    always_comb begin
      cand_o = '0;
      for (int o = 0; o < PN; o++)
        if (minp[o]) cand_o[o*V +: V] = ADAPT;
      if (dvalid) cand_o[32'(dport)*V +: V] = cand_o[32'(dport)*V +: V] | esc_vc;
    end

    // one level, no head field of its own: only hops changes (flitnet_route)
    assign head_o = head_i;
    wire unused_hop = ^{oport_i, ovc_i};
  end else begin : g_fully_adaptive
    logic [CW-1:0] bonus;
    logic [PN-1:0] conn;     // network ports that lead to a node
    logic [PN-1:0] mis;      // non-minimal ports a misroute may take
    logic          nonmin;   // the hop taken is on a non-minimal network port

    assign bonus = head_i[BONUS_LO +: CW];

    // a mesh port off the edge leads nowhere; every other port is connected
    if (TOPO == flitnet_pkg::TOPO_MESH) begin : g_mesh
      always_comb begin
        for (int d = 0; d < NDIM; d++) begin
          conn[2*d]     = cur_i[8*d +: 8] != K[8*d +: 8] - 8'd1;
          conn[2*d + 1] = cur_i[8*d +: 8] != 8'd0;
        end
      end
    end else begin : g_no_edges
      assign conn = '1;
    end

    always_comb begin
      mis = conn & ~minp & ~UTURN;
      cand_o = '0;
      for (int o = 0; o < PN; o++) begin
        if (minp[o]) cand_o[o*V +: V] = ADAPT;
        if (mis[o] && bonus != '0) cand_o[(P + o)*V +: V] = ADAPT;
      end
      if (dvalid) cand_o[(P + 32'(dport))*V +: V] = esc_vc;
    end

    always_comb begin
      nonmin = 1'b0;
      for (int o = 0; o < PN; o++)
        if (oport_i == PW'(o) && !minp[o]) nonmin = 1'b1;
      head_o = head_i;
      if (32'(ovc_i) < E) head_o[BONUS_LO +: CW] = '0;
      else if (nonmin)    head_o[BONUS_LO +: CW] = bonus - 1'b1;
    end
  end
endmodule
