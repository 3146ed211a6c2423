// flitnet_fring: the f-ring layer (docs/microarchitecture.md §6.5) between a routing
// family (the base: dor, dor_escape, duato, minimal or fully_adaptive, on VB = V - 2 NDIM
// VCs 0 .. VB-1) and the router. The top 2 NDIM VCs are the ring VCs: class (d, s)
// (blocked dimension d, direction s: 0 +, 1 -) is VC VB + 2d + s. With OWN = 1 (a
// hop-class base, phop .. duato_nbc) there are no ring VCs (VB = V): a ring hop gets the
// base's escape VCs of the head's classes lo .. hi (own_i), at the same levels and on
// the same ports, and the base rewrites the head for the real VC (see the update below).
// The head's ring field (at RING_LO = 2 + 2A + HW + 2CW, RW = 4 + DW bits) holds phase
// (bits 1:0: 0 none, 1 out, 2 along, 3 back), the orientation o (bit 2), s (bit 3) and d
// (bits RW-1:4), written when the message enters the ring. With e = (d + 1) mod NDIM
// and back = port (e, 1 - o):
//   1. the phase advances without a hop: out -> along at the ring's corner (port (d, s)
//      leads to a usable node; the first along hop leaves from there whatever lies
//      behind); along ends once d's offset is 0 or the back port leads to a usable node,
//      into back while e's offset is non-zero with minimal direction 1 - o and the back
//      port is usable, else none; back ends (none) when that no longer holds;
//   2. on the ring: only the ring VC of class (d, s), at level 0, on port (e, o) (out),
//      (d, s) (along) or back (back);
//   3. off the ring: the base's candidates without the ports that lead to faulty or
//      disabled nodes; when none of the base's escape VCs (esc_i) is left the message is
//      blocked and gets the ring VC of the DOR port's class (d, s) on port (e, o) at the
//      base's last level LAST; o is the dateline class of d on a torus, the minimal
//      direction of e on a mesh (+ on a tie or at offset 0), turned round where
//      ring_ok_i says that side of the ring is missing.
// Update: a ring hop writes the phase it was offered in (out, with the entry's o, s and
// d, when it left the base) over the base's rewrite of an escape hop (flitnet_route
// gives the base VC 0 for it: fully_adaptive spends its misroutes, the others keep their
// fields); any other hop takes the base's rewrite with the ring field 0. A ring hop is
// one on a ring VC; with OWN one whose advanced phase is not none or whose port is not
// a minimal one (the base offers minimal ports only: the ring's entry), and the base's
// rewrite is that of the real VC (an escape hop of its class: lo and bonus move).
// The advance follows the C model's order (c_model/faults/route_fring.c: advance): a phase that
// ends falls through to the next one's test at the same node.
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_fring #(
  parameter int          TOPO = 0,            // flitnet_pkg::topo_e: torus or mesh
  parameter int          NDIM = 2,            // 2 .. 6
  parameter logic [63:0] K    = 64'h0808,
  parameter int          P    = 5,
  parameter int          V    = 8,            // all VCs
  parameter int          VB   = 4,            // the base's VCs, V - 2 NDIM (OWN: V)
  parameter int          OWN  = 0,            // 1: the base's own classes carry the ring hops
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
  input  logic [2*P-3:0]    ring_ok_i,     // bit 2p + o: the ring side of orientation o behind port p exists
  input  logic [2*P*VB-1:0] base_cand_i,   // the base's candidates, bit (l*P + o)*VB + w
  input  logic [VB-1:0]     esc_i,         // the base's escape VCs (§6)
  input  logic [VB-1:0]     own_i,         // OWN: the base's escape VCs of classes lo .. hi
  output logic [2*P*V-1:0]  cand_o,        // bit (l*P + o)*V + w
  // the rewrite for the hop (oport_i, ovc_i): a ring VC or one of the base's
  input  logic [PW-1:0]     oport_i,
  input  logic [VW-1:0]     ovc_i,
  input  logic [63:0]       head_i,        // hops counted: the ring field of the head waiting
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
  if (OWN != 0 && VB != V) begin : g_own_needs_all_vcs
    flitnet_error_fring_own_classes_without_ring_vcs u_error ();
  end

  logic [1:0]      ph, nph;     // phase in the head, after step 1
  logic            ho, hs;      // orientation and blocked direction in the head
  logic [DW-1:0]   hd;          // blocked dimension in the head
  logic [NDIM-1:0] offnz;       // per dimension: non-zero offset
  logic [NDIM-1:0] mdir;        // per dimension: minimal direction, 1 = - (+ on a tie or offset 0)
  logic [NDIM-1:0] dcls;        // per dimension: dateline class, 0 while c_d < d_d
  logic [8:0]      c, t, k, off;
  // the head's ring: the offsets of d and e, its ports, its VC
  logic            dnz, enz, edir, f_ds, f_back, to_back;
  logic [PW-1:0]   p_ds, p_eo, p_back, p_ring;
  logic [V-1:0]    m_ring;      // the VCs of a ring hop on the ring ...
  logic [V-1:0]    m_blk;       // ... and entering it
  logic            is_ring;     // the hop taken is a ring hop
  // blocked off the ring: the DOR port (bd, bs) and the orientation bo in e = bd + 1
  logic [DW-1:0]   bd;
  logic            bs, bo0, bo, bok;
  logic [PW-1:0]   p_blk;
  logic [2*P*V-1:0] base_v;     // the base's candidates on V VCs, usable ports only
  logic            esc_left;

  // only the ring field of the waiting head matters here
  wire unused_head = ^{head_i[63:RING_LO+RW], head_i[RING_LO-1:0]};

  assign ph = head_i[RING_LO +: 2];
  assign ho = head_i[RING_LO + 2];
  assign hs = head_i[RING_LO + 3];
  assign hd = head_i[RING_LO + 4 +: DW];

  always_comb begin
    c = '0;
    t = '0;
    k = '0;
    off = '0;
    for (int d = 0; d < NDIM; d++) begin
      c        = {1'b0, cur_i[8*d +: 8]};
      t        = {1'b0, dst_i[8*d +: 8]};
      k        = {1'b0, K[8*d +: 8]};
      off      = (t >= c) ? t - c : t + k - c;
      offnz[d] = c != t;
      mdir[d]  = (TOPO == flitnet_pkg::TOPO_TORUS) ? ({off, 1'b0} > {1'b0, k}) : (t < c);
      dcls[d]  = !(c < t);
    end
  end

  // the head's ring (d, s), e, and its ports
  always_comb begin
    dnz    = 1'b0;
    enz    = 1'b0;
    edir   = 1'b0;
    p_ds   = '0;
    p_eo   = '0;
    p_back = '0;
    for (int d = 0; d < NDIM; d++)
      if (hd == DW'(d)) begin
        dnz    = offnz[d];
        enz    = offnz[(d + 1) % NDIM];
        edir   = mdir[(d + 1) % NDIM];
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
  end

  // step 1: the phase advances; a phase that ends falls through to the next one's test
  always_comb begin
    to_back = enz && edir == !ho && !f_back;
    nph    = 2'd0;
    p_ring = p_back;
    case (ph)
      2'd1: begin
        if (dnz) begin
          nph    = f_ds ? 2'd1 : 2'd2;  // out; at the corner the first along hop
          p_ring = f_ds ? p_eo : p_ds;
        end else if (to_back) begin
          nph = 2'd3;
        end
      end
      2'd2: begin
        if (dnz && f_back) begin
          nph    = 2'd2;
          p_ring = p_ds;
        end else if (to_back) begin
          nph = 2'd3;
        end
      end
      2'd3: if (to_back) nph = 2'd3;
      default: nph = 2'd0;
    endcase
  end

  // blocked: the DOR port (lowest dimension with an offset, + on a tie) and the
  // orientation in e = bd + 1: the dateline class of bd on a torus, the minimal direction
  // of e on a mesh; the other one where that side of the ring is missing
  always_comb begin
    bd  = '0;
    bs  = 1'b0;
    bo0 = 1'b0;
    for (int d = NDIM - 1; d >= 0; d--)
      if (offnz[d]) begin
        bd  = DW'(d);
        bs  = mdir[d];
        bo0 = (TOPO == flitnet_pkg::TOPO_TORUS) ? dcls[d] : mdir[(d + 1) % NDIM];
      end
    // ring_ok bit 2p + o of port p = (bd, bs), o = bo0
    bok = 1'b0;
    for (int i = 0; i < 2 * PN; i++)
      if (4 * 32'(bd) + 2 * 32'(bs) + 32'(bo0) == i) bok = ring_ok_i[i];
    bo = bok ? bo0 : !bo0;
    p_blk = PW'(2 * ((32'(bd) + 1) % NDIM)) | PW'(bo);
  end

  if (OWN != 0) begin : g_own
    // the base's escape VCs of the head's classes, on the ring and entering it
    logic [PN-1:0] minp;
    logic          offmin;   // oport_i is not a minimal port

    flitnet_min_ports #(.TOPO(TOPO), .NDIM(NDIM), .K(K), .PN(PN)) u_min_ports (
      .cur_i, .dst_i, .ports_o(minp)
    );

    assign m_ring = own_i;
    assign m_blk  = m_ring;

    always_comb begin
      offmin = 1'b1;
      for (int p = 0; p < PN; p++)
        if (oport_i == PW'(p)) offmin = !minp[p];
    end
    assign is_ring = nph != 2'd0 || offmin;
    wire unused_own = ^ovc_i;
  end else begin : g_ring_vcs
    // the ring VC of the head's class (d, s) on the ring, of the DOR port's entering it
    logic [VW-1:0] w_ring, w_blk;

    always_comb begin
      w_ring = VW'(VB) + VW'(2 * 32'(hd) + 32'(hs));
      w_blk  = VW'(VB) + VW'(2 * 32'(bd) + 32'(bs));
      m_ring = '0;
      m_blk  = '0;
      m_ring[w_ring] = 1'b1;
      m_blk[w_blk]   = 1'b1;
    end
    assign is_ring = ovc_i >= VW'(VB);
    wire unused_own = ^{own_i, oport_i};
  end

  // step 3: the base without the unusable ports, and its escape VCs left
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
    if (nph != 2'd0) begin
      // step 2: on the ring, at level 0
      cand_o[32'(p_ring)*V +: V] = m_ring;
    end else begin
      cand_o = base_v;
      if (!esc_left) cand_o[(LAST*P + 32'(p_blk))*V +: V] |= m_blk;
    end
  end

  // update: a ring hop writes its phase (out with the entry's o, s, d when it left the
  // base) over the base's escape-hop rewrite; any other hop clears the whole field
  always_comb begin
    head_o = base_head_i;
    if (is_ring)
      head_o[RING_LO +: RW] = (nph == 2'd0) ? {bd, bs, bo, 2'd1} : {hd, hs, ho, nph};
    else
      head_o[RING_LO +: RW] = '0;
  end
endmodule
