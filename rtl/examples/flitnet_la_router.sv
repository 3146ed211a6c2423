// flitnet_la_router: the second worked example of docs/router-interface.md, a router
// built to conventions other than the interface's, put into flitnet's network by options
// alone (make cosim-user IFACE="ports=neighbour credits=bus ej_credits=1 hops=network
// sideband=UW"; rtl/flitnet_iface.sv adapts it):
//   - its bidirectional ports are numbered by the neighbour they face: input 2d comes from
//     the + neighbour, input 2d + 1 from the - neighbour (outputs: 2d goes +, 2d + 1 goes -);
//   - credits go upstream on a bus, one {cr_valid, cr_vc} per port and cycle;
//   - it counts credits on its local output port as on the others (B at reset);
//   - it does not keep the head's hop count (the network does);
//   - it routes ahead (lookahead routing): when a head crosses the switch to output o, the
//     route the next router will take (its output port and the VCs it may use there) is
//     computed for the neighbour behind o and sent beside the head in the link sideband
//     (UW >= 1 + PW + V bits: valid, port, VC mask); a router reads a head's route from the
//     sideband and computes one only for heads it injects.
// Routing: deterministic routings whose heads have one output port (dor) on any topology,
// without faults. Otherwise it is an input-queued VC router like flitnet_iq_router (whose
// VC and switch allocators it uses): B-flit input VC buffers, two-stage VC allocation,
// a separable switch allocator, a link register per output, no output buffers.
//
// Index conventions: input VC q = i*V + v (i in this router's numbering), output VC
// j = o*V + w, port P-1 the local port.
module flitnet_la_router #(
  parameter int          TOPO       = 0,          // flitnet_pkg::topo_e
  parameter int          NDIM       = 2,
  parameter logic [63:0] K          = 64'h0808,   // radix k_d at bits 8d +: 8
  parameter int          P          = 5,
  parameter int          V          = 2,
  parameter int          B          = 1,
  parameter int          BO         = 1,          // no output buffers here
  parameter int          ROUTING    = 0,
  parameter int          DATELINE   = 1,
  parameter int          ESCAPE_VCS = 0,
  parameter int          TIMEOUT    = 0,          // one level: no time-out
  parameter int          FRING      = 0,          // no fault handling
  parameter int          A          = 6,
  parameter int          HW         = 4,
  parameter int          VW         = (V > 1) ? $clog2(V) : 1,
  parameter int          UW         = 8           // sideband bits per port (>= 1 + PW + V)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [A-1:0]    node_id_i,
  input  logic [15:0]     lfsr_seed_i,
  input  logic            sel_random_i,
  input  logic [P-2:0]    faulty_nbr_i,
  input  logic [2*P-3:0]  ring_ok_i,
  input  logic [P-1:0]    in_valid_i,     // by the neighbour faced
  input  logic [P*VW-1:0] in_vc_i,
  input  logic [P*64-1:0] in_flit_i,
  input  logic [P*UW-1:0] in_sb_i,        // the route ahead, beside a head
  output logic [P-1:0]    cr_valid_o,     // a credit for input port i ...
  output logic [P*VW-1:0] cr_vc_o,        // ... of this VC
  output logic [P-1:0]    out_valid_o,
  output logic [P*VW-1:0] out_vc_o,
  output logic [P*64-1:0] out_flit_o,
  output logic [P*UW-1:0] out_sb_o,
  input  logic [P-1:0]    cr_valid_i,     // a credit for output port o ...
  input  logic [P*VW-1:0] cr_vc_i         // ... of this VC
);
  /* verilator no_inline_module */

  localparam int PN  = P - 1;
  localparam int PV  = P * V;
  localparam int PW  = (P > 1) ? $clog2(P) : 1;
  localparam int QW  = (PV > 1) ? $clog2(PV) : 1;
  localparam int IBW = $clog2(B + 1);
  localparam int CRW = $clog2(B + 2);
  localparam int SW  = 1 + PW + V;                 // the sideband this router uses
  localparam bit BIDIR = TOPO == flitnet_pkg::TopoTorus || TOPO == flitnet_pkg::TopoMesh;

  // the distance in ids between neighbours along dimension d (dimension 0 least significant)
  function automatic int stride(input int d);
    int s;
    s = 1;
    for (int e = 0; e < d; e++) s = s * 32'(K[8*e +: 8]);
    stride = s;  // (yosys 0.23 has no return)
  endfunction

  // the VC of a one-hot set of VCs
  function automatic logic [VW-1:0] vc_of(input logic [V-1:0] m);
    vc_of = '0;
    for (int v = 0; v < V; v++)
      if (m[v]) vc_of = VW'(v);
  endfunction

  initial begin
    if (UW < SW) $fatal(1, "flitnet_la_router: UW = %0d, the route ahead needs 1 + PW + V = %0d bits", UW, SW);
    if (FRING != 0) $fatal(1, "flitnet_la_router: no fault handling (FRING = 0)");
  end

  logic [15:0]       lfsr;
  logic [8*NDIM-1:0] node_coord;
  flitnet_coord #(.NDIM(NDIM), .K(K), .A(A)) u_coord (.id_i(node_id_i), .coord_o(node_coord));
  flitnet_lfsr u_lfsr (.clk_i, .rst_ni, .seed_i(lfsr_seed_i), .state_o(lfsr));

  wire  [VW-1:0]     ivc_ovc   [PV];
  wire  [PV-1:0]     ib_ne;
  wire  [PV-1:0]     ib_tail;
  wire  [63:0]       ib_head   [PV];
  wire  [PV-1:0]     sel_valid;
  wire  [PV*PV-1:0]  sel_oh;
  wire  [PV-1:0]     sw_req;
  wire  [PV*PW-1:0]  sw_port;
  wire  [PV-1:0]     va_gnt;
  wire  [PV*QW-1:0]  va_gnt_j;
  wire  [PV-1:0]     ovc_gnt;
  wire  [PV-1:0]     sw_pick;
  wire  [PV-1:0]     sw_gnt;
  wire  [P-1:0]      out_any;
  wire  [P*PW-1:0]   out_in;
  wire  [PV-1:0]     ovc_busy;
  wire  [CRW-1:0]    ovc_credit [PV];
  logic [PV-1:0]     ovc_sent;
  logic [PV-1:0]     ovc_tail;
  logic [QW-1:0]     out_q [P];

  for (genvar i = 0; i < P; i++) begin : g_ip
    wire          in_valid = in_valid_i[i];
    wire [VW-1:0] in_vc    = in_vc_i[i*VW +: VW];

    for (genvar v = 0; v < V; v++) begin : g_vc
      localparam int Q = i * V + v;
      localparam logic [15:0] R_OFF = 16'((Q * 40503) % 65536);

      logic           active_q;
      logic [PW-1:0]  oport_q;
      logic [VW-1:0]  ovc_q;
      wire  [IBW-1:0] cnt;
      wire  [64+UW-1:0] slot;
      wire  [63:0]    head;
      wire  [UW-1:0]  sb;
      logic [2*PV-1:0] cand;

      // the flit and its sideband, buffered together
      flitnet_fifo #(.DEPTH(B), .WIDTH(64 + UW), .CW(IBW)) u_ib (
        .clk_i, .rst_ni,
        .push_i (in_valid && in_vc == VW'(v)),
        .data_i ({in_sb_i[i*UW +: UW], in_flit_i[i*64 +: 64]}),
        .pop_i  (sw_gnt[Q]),
        .head_o (slot),
        .cnt_o  (cnt)
      );
      assign head       = slot[63:0];
      assign sb         = slot[64 +: UW];
      assign ib_ne[Q]   = cnt != '0;
      assign ib_tail[Q] = head[flitnet_pkg::FLIT_TAIL];
      assign ib_head[Q] = head;

      if (i == PN) begin : g_inject
        // a head this router injects: routed here (the local port is PN in both numberings)
        wire [63:0] unused_head;
        wire [V-1:0] unused_esc;
        flitnet_route #(
          .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .ROUTING(ROUTING), .DATELINE(DATELINE),
          .ESCAPE_VCS(ESCAPE_VCS), .FRING(0), .INPORT(PN), .A(A), .HW(HW), .PW(PW), .VW(VW)
        ) u_route (
          .node_id_i, .node_coord_i(node_coord), .faulty_nbr_i, .ring_ok_i,
          .head_i(head), .cand_o(cand), .oport_i(PW'(0)), .ovc_i(VW'(0)), .head_o(unused_head), .esc_o(unused_esc)
        );
        wire unused_ok = ^{sb, unused_head, unused_esc};
      end else begin : g_ahead
        // a head that came in: its route was computed by the router before, in the sideband
        wire [PW-1:0] port = sb[1 +: PW];
        wire [V-1:0]  vcs  = sb[1 + PW +: V];
        assign cand = sb[0] ? {{(2 * PV - V){1'b0}}, vcs} << (32'(port) * V) : '0;
        if (UW > SW) begin : g_spare
          wire unused_ok = ^sb[UW-1:SW];
        end
      end

      // VA stage 1: a free VC of the route (one level: dor)
      flitnet_vc_select #(.PV(PV)) u_sel (
        .req_i        (!active_q && ib_ne[Q]),
        .cand_i       (cand),
        .lvl1_ok_i    (1'b1),
        .busy_i       (ovc_busy),
        .sel_random_i,
        .rand_i       (lfsr + R_OFF),
        .valid_o      (sel_valid[Q]),
        .sel_oh_o     (sel_oh[Q*PV +: PV])
      );

      // SA request: an allocated packet with a flit and a credit downstream (every port,
      // the local one included, counts credits)
      assign sw_req[Q] = active_q && ib_ne[Q] && ovc_credit[QW'(oport_q) * QW'(V) + QW'(ovc_q)] != '0;
      assign sw_port[Q*PW +: PW] = oport_q;
      wire [QW-1:0] gnt_j = va_gnt_j[Q*QW +: QW];
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          active_q <= 1'b0;
          oport_q  <= '0;
          ovc_q    <= '0;
        end else begin
          active_q <= (va_gnt[Q] || active_q) && !(sw_gnt[Q] && ib_tail[Q]);
          if (va_gnt[Q]) begin
            oport_q <= PW'(gnt_j / QW'(V));
            ovc_q   <= VW'(gnt_j % QW'(V));
          end
        end
      end
      assign ivc_ovc[Q] = ovc_q;
    end

    // credits upstream on the bus: the flit that left input port i this cycle, if any
    assign cr_valid_o[i]       = |sw_gnt[i*V +: V];
    assign cr_vc_o[i*VW +: VW] = vc_of(sw_gnt[i*V +: V]);
  end

  flitnet_iq_vc_alloc #(.PV(PV), .QW(QW)) u_va (
    .clk_i, .rst_ni,
    .sel_valid_i (sel_valid),
    .sel_oh_i    (sel_oh),
    .gnt_o       (va_gnt),
    .gnt_j_o     (va_gnt_j),
    .ovc_gnt_o   (ovc_gnt)
  );

  flitnet_iq_sw_alloc #(.P(P), .V(V), .PW(PW), .VW(VW)) u_sa (
    .clk_i, .rst_ni,
    .req_i     (sw_req),
    .port_i    (sw_port),
    .pick_o    (sw_pick),
    .gnt_o     (sw_gnt),
    .out_any_o (out_any),
    .out_in_o  (out_in)
  );

  always_comb begin
    ovc_sent = '0;
    ovc_tail = '0;
    for (int o = 0; o < P; o++) begin
      out_q[o] = '0;
      for (int v = 0; v < V; v++)
        if (sw_pick[32'(out_in[o*PW +: PW]) * V + v]) out_q[o] = QW'(32'(out_in[o*PW +: PW]) * V + v);
      if (out_any[o]) begin
        ovc_sent[32'(o) * V + 32'(ivc_ovc[out_q[o]])] = 1'b1;
        ovc_tail[32'(o) * V + 32'(ivc_ovc[out_q[o]])] = ib_tail[out_q[o]];
      end
    end
  end

  for (genvar o = 0; o < P; o++) begin : g_op
    logic          valid_q;
    logic [VW-1:0] vc_q;
    logic [63:0]   flit_q;
    logic [UW-1:0] sb_q;
    wire  [63:0]   flit = ib_head[out_q[o]];
    logic [SW-1:0] ahead;

    if (o == PN) begin : g_eject
      assign ahead = '0;
    end else begin : g_ahead
      // the neighbour behind output o: its coordinates and id
      localparam int D     = BIDIR ? o / 2 : o;
      localparam bit MINUS = BIDIR && (o % 2) == 1;
      localparam int KD    = 32'(K[8*D +: 8]);
      logic [7:0]        c, c2;
      logic [8*NDIM-1:0] nbr_coord;
      logic [A-1:0]      nbr_id;
      logic [2*PV-1:0]   nbr_cand;
      logic [PW-1:0]     nbr_port;
      logic [V-1:0]      nbr_vcs;
      wire  [63:0]       unused_head;
      wire  [V-1:0]      unused_esc;
      assign c = node_coord[8*D +: 8];
      always_comb begin
        if (TOPO == flitnet_pkg::TopoHypercube) c2 = c ^ 8'd1;
        else if (MINUS)                         c2 = (c == 8'd0) ? 8'(KD - 1) : c - 8'd1;
        else                                    c2 = (32'(c) == KD - 1) ? 8'd0 : c + 8'd1;
        nbr_coord          = node_coord;
        nbr_coord[8*D +: 8] = c2;
        nbr_id             = A'(32'(node_id_i) + (32'(c2) - 32'(c)) * stride(D));
      end
      // the neighbour's routing unit, for a head entering it by its input o (the
      // interface's numbering, which flitnet_route speaks)
      flitnet_route #(
        .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .ROUTING(ROUTING), .DATELINE(DATELINE),
        .ESCAPE_VCS(ESCAPE_VCS), .FRING(0), .INPORT(o), .A(A), .HW(HW), .PW(PW), .VW(VW)
      ) u_ahead (
        .node_id_i(nbr_id), .node_coord_i(nbr_coord), .faulty_nbr_i({(P - 1){1'b0}}), .ring_ok_i({(2 * P - 2){1'b1}}),
        .head_i(flit), .cand_o(nbr_cand), .oport_i(PW'(0)), .ovc_i(VW'(0)), .head_o(unused_head), .esc_o(unused_esc)
      );
      always_comb begin
        nbr_port = '0;
        nbr_vcs  = '0;
        for (int p = P - 1; p >= 0; p--)
          if (nbr_cand[p*V +: V] != '0) begin
            nbr_port = PW'(p);
            nbr_vcs  = nbr_cand[p*V +: V];
          end
      end
      assign ahead = flit[flitnet_pkg::FLIT_HEAD] ? {nbr_vcs, nbr_port, 1'b1} : '0;
      wire unused_ok = ^{nbr_cand[2*PV-1:PV], unused_head, unused_esc};
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= 1'b0;
        vc_q    <= '0;
        flit_q  <= '0;
        sb_q    <= '0;
      end else begin
        valid_q <= out_any[o];
        vc_q    <= out_any[o] ? ivc_ovc[out_q[o]] : '0;
        flit_q  <= out_any[o] ? flit : '0;
        sb_q    <= out_any[o] ? UW'(ahead) : '0;
      end
    end
    assign out_valid_o[o]         = valid_q;
    assign out_vc_o[o*VW +: VW]   = vc_q;
    assign out_flit_o[o*64 +: 64] = flit_q;
    assign out_sb_o[o*UW +: UW]   = sb_q;

    for (genvar w = 0; w < V; w++) begin : g_vc
      localparam int J = o * V + w;
      logic           busy_q;
      logic [CRW-1:0] credit_q;
      wire            cr_in = cr_valid_i[o] && cr_vc_i[o*VW +: VW] == VW'(w);
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          busy_q   <= 1'b0;
          credit_q <= CRW'(B);
        end else begin
          if (ovc_gnt[J])                      busy_q <= 1'b1;
          else if (ovc_sent[J] && ovc_tail[J]) busy_q <= 1'b0;
          credit_q <= credit_q + CRW'(cr_in) - CRW'(ovc_sent[J]);
        end
      end
      assign ovc_busy[J]   = busy_q;
      assign ovc_credit[J] = credit_q;
    end
  end

  wire unused_ok = ^{BO, TIMEOUT};  // no output buffers, one level
endmodule
