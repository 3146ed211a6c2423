// flitnet_fring: the f-ring layer (docs/microarchitecture.md §6.5) between a routing
// family (the base, on VB = V - 2 NDIM VCs 0 .. VB-1) and the router. The top 2 NDIM VCs
// are the ring VCs of F, the f-ring network: class (d, s) (dimension d, direction s: 0 +,
// 1 -) is VC VB + 2d + s. The head's ring field (at RING_LO = 2 + 2A + HW + 2CW, RW = 4 + DW
// bits) is 0 while the message follows the base; in F it holds phase (bits 1:0: 0 none,
// 1 out, 2 along, 3 back), the orientation o (bit 2), s (bit 3) and d (bits RW-1:4), and 4
// between two traversals. F routes in the mesh view (offsets dst - cur, no wrap link); with
// e = (d + 1) mod NDIM and back = port (e, 1 - o), F's hop from the head's state is:
//   out:   port (d, s) leads to a faulty or disabled node: an out hop on (e, o); else the
//          ring's corner: the first along hop on (d, s);
//   along: while d's offset is non-zero and back leads to a faulty node: along on (d, s);
//   back:  while e's offset is non-zero with direction 1 - o and back leads to a usable
//          node: back on port back;
//   none:  d = the lowest dimension with an offset, s its direction; port (d, s) when it
//          leads to a usable node, else the ring's entry: out on (e, o), o = e's direction
//          (+ at offset 0), turned round where ring_ok_i says that side is missing.
// A phase that ends falls through to the next one's test at the same node (the C model's
// c_model/faults/route_fring.c: fring_next). The hop's VC is class (d, s) of that step.
// Candidates: in F, that hop alone at level 0; in the base, the base's candidates without
// the ports that lead to faulty or disabled nodes, and when none of the base's escape VCs
// (esc_i) is left, F's hop at the base's last level LAST. Update: a hop on a ring VC writes
// the step's state (4 for phase none) into the ring field of the head as it came (the
// base's fields untouched: the message never goes back to the base); any other hop takes
// the base's rewrite.
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_fring #(
  parameter int          TOPO = 0,            // flitnet_pkg::topo_e: torus or mesh
  parameter int          NDIM = 2,            // 2 .. 6
  parameter int          P    = 5,
  parameter int          V    = 8,            // all VCs
  parameter int          VB   = 4,            // the base's VCs, V - 2 NDIM
  parameter int          LAST = 0,            // the base's last level (0 or 1)
  parameter int          A    = 6,
  parameter int          HW   = 4,
  parameter int          CW   = 3,   // class counter bits: the ring field lies past neg and bonus
  parameter int          PW   = 3,
  parameter int          VW   = 3
) (
  input  logic [8*NDIM-1:0] cur_i,
  input  logic [8*NDIM-1:0] dst_i,
  input  logic [P-2:0]      faulty_nbr_i,  // per network port: leads to a faulty or disabled node
  input  logic [2*P-3:0]    ring_ok_i,     // bit 2p + o: the ring side of orientation o behind port p is in the mesh view
  input  logic [2*P*VB-1:0] base_cand_i,   // the base's candidates, bit (l*P + o)*VB + w
  input  logic [VB-1:0]     esc_i,         // the base's escape VCs (§6)
  output logic [2*P*V-1:0]  cand_o,        // bit (l*P + o)*V + w
  // the rewrite for the hop (oport_i, ovc_i): a ring VC or one of the base's
  input  logic [PW-1:0]     oport_i,
  input  logic [VW-1:0]     ovc_i,
  input  logic [63:0]       head_i,        // hops counted: the head waiting, its ring field
  input  logic [63:0]       base_head_i,   // ... and the base's rewrite of the hop
  output logic [63:0]       head_o
);
  localparam int PN      = P - 1;
  localparam int RW      = flitnet_pkg::flit_ring_w(NDIM);  // ring field: RW = 4 + DW
  localparam int DW      = RW - 4;
  localparam int RING_LO = flitnet_pkg::flit_ring_lo(A, HW, CW);

  // the C model refuses the layer elsewhere: bidirectional torus or mesh, 2 <= n <= 6
  if (!(TOPO == flitnet_pkg::TOPO_TORUS || TOPO == flitnet_pkg::TOPO_MESH) || NDIM < 2 ||
      NDIM > 6) begin : g_not_supported
    flitnet_error_fring_needs_a_torus_or_mesh_with_2_to_6_dimensions u_error ();
  end
  if (VB != V - 2 * NDIM) begin : g_ring_vcs
    flitnet_error_fring_ring_vcs_are_the_top_2n u_error ();
  end

  logic [RW-1:0]   ring;        // the head's ring field: 0 in the base
  logic [1:0]      ph;          // its phase, orientation, direction and dimension
  logic            ho, hs;
  logic [DW-1:0]   hd;
  logic [NDIM-1:0] offnz;       // per dimension: a non-zero offset (the mesh view's)
  logic [NDIM-1:0] mneg;        // per dimension: the offset is negative
  // the head's traversal: the offsets of d and e, its ports and what they lead to
  logic            dnz, enz, eneg, f_ds, f_back, to_back;
  logic [PW-1:0]   p_ds, p_eo, p_back;
  // between traversals: the dimension-order port (nd, ns) and the orientation in nd + 1
  logic [DW-1:0]   nd;
  logic            ns, f_nds, no0, nok, no;
  logic [PW-1:0]   p_nds, p_neo;
  // F's hop: phase, orientation, class (sd, ss), port
  logic [1:0]      sph;
  logic            so, ss;
  logic [DW-1:0]   sd;
  logic [PW-1:0]   sport;
  logic [V-1:0]    m_step;      // its VC
  logic [2*P*V-1:0] base_v;     // the base's candidates on V VCs, usable ports only
  logic            esc_left;

  // only the ring field of the waiting head is read here
  wire unused_head = ^{head_i[63:RING_LO+RW], head_i[RING_LO-1:0]};

  assign ring = head_i[RING_LO +: RW];
  assign ph   = ring[1:0];
  assign ho   = ring[2];
  assign hs   = ring[3];
  assign hd   = ring[RW-1:4];

  always_comb begin
    for (int d = 0; d < NDIM; d++) begin
      offnz[d] = cur_i[8*d +: 8] != dst_i[8*d +: 8];
      mneg[d]  = dst_i[8*d +: 8] < cur_i[8*d +: 8];
    end
  end

  // the head's traversal (d, s, o) and e = d + 1
  always_comb begin
    dnz    = 1'b0;
    enz    = 1'b0;
    eneg   = 1'b0;
    p_ds   = '0;
    p_eo   = '0;
    p_back = '0;
    for (int d = 0; d < NDIM; d++)
      if (hd == DW'(d)) begin
        dnz    = offnz[d];
        enz    = offnz[(d + 1) % NDIM];
        eneg   = mneg[(d + 1) % NDIM];
        p_ds   = PW'(2 * d) | PW'(hs);
        p_eo   = PW'(2 * ((d + 1) % NDIM)) | PW'(ho);
        p_back = PW'(2 * ((d + 1) % NDIM)) | PW'(!ho);
      end
    f_ds   = 1'b0;
    f_back = 1'b0;
    for (int p = 0; p < PN; p++) begin
      if (p_ds == PW'(p))   f_ds   = faulty_nbr_i[p];
      if (p_back == PW'(p)) f_back = faulty_nbr_i[p];
    end
    to_back = enz && eneg == !ho && !f_back;
  end

  // between traversals: the lowest dimension with an offset, its direction, and the side
  // of the ring in nd + 1 toward the destination (+ at offset 0), or the other one
  always_comb begin
    nd  = '0;
    ns  = 1'b0;
    no0 = 1'b0;
    for (int d = NDIM - 1; d >= 0; d--)
      if (offnz[d]) begin
        nd  = DW'(d);
        ns  = mneg[d];
        no0 = mneg[(d + 1) % NDIM];
      end
    p_nds = PW'(2 * 32'(nd)) | PW'(ns);
    f_nds = 1'b0;
    for (int p = 0; p < PN; p++)
      if (p_nds == PW'(p)) f_nds = faulty_nbr_i[p];
    nok = 1'b0;
    for (int i = 0; i < 2 * PN; i++)
      if (2 * 32'(p_nds) + 32'(no0) == i) nok = ring_ok_i[i];
    no    = nok ? no0 : !no0;
    p_neo = PW'(2 * ((32'(nd) + 1) % NDIM)) | PW'(no);
  end

  // F's hop: a phase that ends falls through to the next one's test
  always_comb begin
    sph   = ph;
    so    = ho;
    ss    = hs;
    sd    = hd;
    sport = p_back;
    case (ph)
      2'd1: begin  // out, or at the ring's corner the first along hop
        sph   = f_ds ? 2'd1 : 2'd2;
        sport = f_ds ? p_eo : p_ds;
      end
      2'd2: begin  // along, else back, else none
        sph   = (dnz && f_back) ? 2'd2 : to_back ? 2'd3 : 2'd0;
        sport = (dnz && f_back) ? p_ds : p_back;
      end
      2'd3: sph = to_back ? 2'd3 : 2'd0;
      default: sph = 2'd0;
    endcase
    if (sph == 2'd0) begin
      sd    = nd;
      ss    = ns;
      so    = f_nds && no;
      sph   = f_nds ? 2'd1 : 2'd0;
      sport = f_nds ? p_neo : p_nds;
    end
  end

  always_comb begin
    m_step = '0;
    m_step[VW'(VB) + VW'(2 * 32'(sd) + 32'(ss))] = 1'b1;
  end

  // the base without the unusable ports, and its escape VCs left
  always_comb begin
    base_v   = '0;
    esc_left = 1'b0;
    for (int l = 0; l < 2; l++)
      for (int o = 0; o < P; o++)
        if (o == PN || !faulty_nbr_i[o % PN]) begin
          base_v[(l*P + o)*V +: VB] = base_cand_i[(l*P + o)*VB +: VB];
          if (o != PN && |(base_cand_i[(l*P + o)*VB +: VB] & esc_i)) esc_left = 1'b1;
        end
  end

  always_comb begin
    cand_o = '0;
    if (ring != '0) begin
      cand_o[32'(sport)*V +: V] = m_step;  // in F: its hop alone, at level 0
    end else begin
      cand_o = base_v;
      if (!esc_left) cand_o[(LAST*P + 32'(sport))*V +: V] |= m_step;
    end
  end

  // update: a ring-VC hop writes F's state into the head as it came; a base hop is the base's
  wire unused_oport = ^oport_i;
  always_comb begin
    if (ovc_i >= VW'(VB)) begin
      head_o = head_i;
      head_o[RING_LO +: RW] = (sph == 2'd0) ? RW'(4) : {sd, ss, so, sph};
    end else begin
      head_o = base_head_i;
    end
  end
endmodule
