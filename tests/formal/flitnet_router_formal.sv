// flitnet_router_formal: the formal harness of one flitnet_router (docs/formal.md). It
// plays the router's neighbours within the contract's protocol (assumptions) and states
// what the router owes them at its ports (assertions); the router's own invariants
// (rtl/flitnet_router.sv under FLITNET_ASSERT) are proved in the same run. yosys 0.23
// reads neither `bind` nor hierarchical names, so this harness sees the router through
// its ports only and the internal invariants stay where the co-simulation checks them.
//
// Every input of this module is free in each step; node id, LFSR seed, selection and the
// fault inputs are free constants (anyconst), so one proof covers every position of the
// router in its network. The harness builds each flit from what the neighbours choose
// (kind, a head's dst, src and routing fields) and a tag in bits [63:56] that it reads
// back at the outputs: the input VC that took the flit in (5 bits) and its number there
// modulo 8. Body and tail flits carry the tag's complement in bits [25:18] as their
// payload; the other bits (a body's index, a head's id) are zero, which keeps the
// buffers' bits that carry nothing constant for the provers.
// the router under proof: flitnet_router, or a designer's own with the same interface
// (docs/router-interface.md; make formal-user defines FLITNET_FORMAL_DUT)
`ifndef FLITNET_FORMAL_DUT
`define FLITNET_FORMAL_DUT flitnet_router
`endif
module flitnet_router_formal #(
  parameter int          TOPO       = 0,
  parameter int          NDIM       = 2,
  parameter logic [63:0] K          = 64'h0404,
  parameter int          V          = 2,
  parameter int          B          = 1,
  parameter int          BO         = 1,
  parameter int          ROUTING    = 0,
  parameter int          DATELINE   = 1,
  parameter int          ESCAPE_VCS = 0,
  parameter int          TIMEOUT    = 0,
  parameter int          FRING      = 0,
  parameter int          MINIMAL    = 1,  // the routing takes minimal hops only (§6.1)
  parameter int          EJECT_DST  = 1,  // heads leave on the local port at their destination only
  parameter int          NO_UTURN   = 1,  // a head leaves back along its link only on a minimal port
  parameter int          DOR_RULE   = 1,  // no f-rings: dor's port and VC class, the dateline DOR escape of dor_escape, duato, minimal, fully_adaptive (§6)
  // a head's routing fields as it came in ride in its id field to the outputs, where the
  // rewrite is checked (hops + 1 on a network port, unchanged at ejection; the hop-class
  // update of §6.2): on by default for the hop-class routings, whose classes live there
  parameter int          FIELDS     = -1,
  parameter int          EJECT_FIELDS = 1,  // with FIELDS: a head leaves on the local port with its routing fields as it came
  parameter int          HOP_RULE   = 1,  // with FIELDS: the hop-class rules of §6.2 (our routings' classes)
  // the neighbours return at most one credit per port and cycle (a designer's credit bus,
  // IFACE credits=bus: the upstream router is one of the same kind)
  parameter int          CR_ONE     = 0,
  // the sideband's bits per port of a designer's router inside rtl/flitnet_iface.sv
  // (IFACE=; make formal-user defines FLITNET_FORMAL_SB): what the upstream neighbours
  // drive beside their flits, free in every step, as opaque to the harness as to flitnet
  parameter int          SBW        = 1,
  parameter int          P          = flitnet_pkg::ports(TOPO, NDIM),
  parameter int          N          = flitnet_pkg::nodes(TOPO, NDIM, K),
  parameter int          A          = flitnet_pkg::addr_bits(N),
  parameter int          HW         = flitnet_pkg::hop_bits(TOPO, NDIM, K),
  parameter int          VW         = (V > 1) ? $clog2(V) : 1,
  // a head's routing fields (§3): hops, neg, bonus, ring
  parameter int          RTW        = HW + 2 * flitnet_pkg::class_bits(V) + flitnet_pkg::flit_ring_w(NDIM)
) (
  input  logic            clk_i,
  // what the upstream neighbours choose each step; the harness builds the flits
  input  logic [P-1:0]     in_valid_i,
  input  logic [P*VW-1:0]  in_vc_i,
  input  logic [P-1:0]     in_tail_i,   // the flit ends its worm
  input  logic [P*A-1:0]   in_dst_i,    // a head's dst and src
  input  logic [P*A-1:0]   in_src_i,
  input  logic [P*RTW-1:0] in_rt_i,     // a head's hops, neg, bonus and ring fields
  input  logic [P*V-1:0]   cr_i,
  input  logic [P*SBW-1:0] in_sb_i
);
  localparam int PN  = P - 1;
  localparam int PV  = P * V;
  localparam int CNW = 4;                     // flit counters: no wrap in the depths proved (< 16)
  localparam int UW  = $clog2(B + 1) + 1;
  localparam int DW  = $clog2(B + 1) + 1;
  localparam int RT_LO = flitnet_pkg::flit_hops_lo(A);
  localparam int TOPO_UNI = flitnet_pkg::TOPO_TORUS_UNI;
  // the routing's rule checked at the outputs: dor's port and dateline class, dor_escape's
  // port, and the dateline DOR escape (VCs 0 and 1 on tori) of dor_escape, duato, minimal
  // and fully_adaptive
  localparam bit DOR      = DOR_RULE != 0 && FRING == 0 && ROUTING == flitnet_pkg::ROUTING_DOR;
  localparam bit DOR_ESC  = DOR_RULE != 0 && FRING == 0 && ROUTING == flitnet_pkg::ROUTING_DOR_ESCAPE;
  localparam bit ESC_DOR  = DOR_RULE != 0 && FRING == 0 && (ROUTING == flitnet_pkg::ROUTING_DOR_ESCAPE ||
      ROUTING == flitnet_pkg::ROUTING_DUATO || ROUTING == flitnet_pkg::ROUTING_MINIMAL ||
      ROUTING == flitnet_pkg::ROUTING_FULLY_ADAPTIVE);
  localparam bit CLASSES  = (TOPO == flitnet_pkg::TopoTorus || TOPO == TOPO_UNI) && DATELINE != 0;
  // §6.2: the hop-class routings' schemes, classes C and escape VCs E, computed here from
  // the contract's definitions (not from the router's)
  localparam bit HOPCL    = flitnet_pkg::ROUTING_HOP_CLASS[ROUTING];
  localparam bit FLD      = (FIELDS < 0) ? HOPCL : FIELDS != 0;
  localparam bit HOP      = FLD && HOPCL && FRING == 0 && HOP_RULE != 0;
  localparam bit NSCH     = ROUTING == flitnet_pkg::ROUTING_NHOP || ROUTING == flitnet_pkg::ROUTING_NBC ||
      ROUTING == flitnet_pkg::ROUTING_DUATO_NHOP || ROUTING == flitnet_pkg::ROUTING_DUATO_NBC;
  localparam bit BONUS    = ROUTING == flitnet_pkg::ROUTING_PBC || ROUTING == flitnet_pkg::ROUTING_NBC ||
      ROUTING == flitnet_pkg::ROUTING_DUATO_PBC || ROUTING == flitnet_pkg::ROUTING_DUATO_NBC;
  localparam bit ADAPT    = ROUTING == flitnet_pkg::ROUTING_DUATO_PHOP || ROUTING == flitnet_pkg::ROUTING_DUATO_NHOP ||
      ROUTING == flitnet_pkg::ROUTING_DUATO_PBC || ROUTING == flitnet_pkg::ROUTING_DUATO_NBC;
  localparam int CW       = flitnet_pkg::class_bits(V);
  localparam int ID_LO    = RT_LO + RTW;     // §3: hops, neg, bonus, ring, then the id
  localparam int DIAM     = flitnet_pkg::diameter(TOPO, NDIM, K);
  localparam int NCL      = NSCH ? 1 + DIAM / 2 : DIAM + 1;            // classes C
  localparam int E        = !ADAPT ? V : (ESCAPE_VCS > 0) ? ESCAPE_VCS : NCL;
  if (FLD && ID_LO + RTW > 56) begin : g_fields_too_wide
    flitnet_formal_error_routing_fields_overlap_the_tag u_error ();
  end

  // ------------------------------------------------------------------ free constants
  (* anyconst *) logic [A-1:0]    node_id;
  (* anyconst *) logic [15:0]     lfsr_seed;
  (* anyconst *) logic            sel_random;
  (* anyconst *) logic [P-2:0]    faulty_nbr_c;
  (* anyconst *) logic [2*P-3:0]  ring_ok_c;
  // without the f-ring layer no neighbour is faulty (swft's faults are node software's)
  wire [P-2:0]   faulty_nbr = (FRING != 0) ? faulty_nbr_c : '0;
  wire [2*P-3:0] ring_ok    = (FRING != 0) ? ring_ok_c : '0;

  // reset in the first step only
  logic init_q = 1'b1;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  wire rst_n = !init_q;

  logic [P*64-1:0] in_flit;   // built below from the neighbours' choices
  logic [P*V-1:0]  cr_o;
  logic [P-1:0]    out_valid;
  logic [P*VW-1:0] out_vc;
  logic [P*64-1:0] out_flit;

  `FLITNET_FORMAL_DUT #(
    .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .B(B), .BO(BO), .ROUTING(ROUTING),
    .DATELINE(DATELINE), .ESCAPE_VCS(ESCAPE_VCS), .TIMEOUT(TIMEOUT), .FRING(FRING), .A(A), .HW(HW)
  ) dut (
    .clk_i, .rst_ni(rst_n), .node_id_i(node_id), .lfsr_seed_i(lfsr_seed), .sel_random_i(sel_random),
    .faulty_nbr_i(faulty_nbr), .ring_ok_i(ring_ok),
    .in_valid_i, .in_vc_i, .in_flit_i(in_flit), .cr_o,
    .out_valid_o(out_valid), .out_vc_o(out_vc), .out_flit_o(out_flit), .cr_i
`ifdef FLITNET_FORMAL_SB
    , .sb_in_i(in_sb_i), .sb_out_o(), .sb_seen_o()
`endif
  );
`ifndef FLITNET_FORMAL_SB
  wire unused_sb = ^in_sb_i;
`endif


  // §6.2: the class of escape VC w < E, and the label of node x (its coordinate sum's parity)
  function automatic int vc_class(input int w);
    vc_class = ((w + 1) * NCL - 1) / E;
  endfunction
  function automatic int label(input int x);
    label = 0;
    for (int d = 0; d < NDIM; d++) label = label + coord(x, d);
    label = label % 2;
  endfunction

  // the coordinate of node x in dimension d (§2: dimension 0 varies fastest)
  function automatic int coord(input int x, input int d);
    int r;
    r = x;
    for (int e = 0; e < NDIM; e++)
      if (e < d) r = r / ((TOPO == flitnet_pkg::TopoHypercube) ? 2 : 32'(K[8*e +: 8]));
    coord = r % ((TOPO == flitnet_pkg::TopoHypercube) ? 2 : 32'(K[8*d +: 8]));
  endfunction

  // port o (a network port) takes a message at node x one hop closer to node y (§6.1)
  function automatic logic productive(input int x, input int y, input int o);
    int d, kd, delta;
    if (TOPO == flitnet_pkg::TopoHypercube) productive = coord(x, o) != coord(y, o);
    else begin
      d     = o / 2;
      kd    = 32'(K[8*d +: 8]);
      delta = (coord(y, d) - coord(x, d) + kd) % kd;
      if (TOPO == flitnet_pkg::TopoMesh)
        productive = (o % 2 == 0) ? coord(y, d) > coord(x, d) : coord(y, d) < coord(x, d);
      else if (TOPO == flitnet_pkg::TopoTorus)
        productive = (o % 2 == 0) ? (delta != 0 && delta <= kd / 2) : (delta != 0 && kd - delta <= kd / 2);
      else  // unidirectional torus: one direction per dimension
        productive = delta != 0;
    end
  endfunction

  // §6 dor: the minimal direction (§2, + on a tie) in the lowest dimension whose
  // coordinate differs; -1 at the destination
  function automatic int dor_port(input int x, input int y);
    int kd, delta;
    dor_port = -1;
    for (int d = NDIM - 1; d >= 0; d--)
      if (coord(x, d) != coord(y, d)) begin
        kd    = (TOPO == flitnet_pkg::TopoHypercube) ? 2 : 32'(K[8*d +: 8]);
        delta = (coord(y, d) - coord(x, d) + kd) % kd;
        if (TOPO == flitnet_pkg::TopoHypercube || TOPO == TOPO_UNI) dor_port = d;
        else if (TOPO == flitnet_pkg::TopoMesh) dor_port = (coord(y, d) > coord(x, d)) ? 2 * d : 2 * d + 1;
        else dor_port = (delta <= kd / 2) ? 2 * d : 2 * d + 1;
      end
  endfunction

  // §6 dateline class of a hop out of port o at node x towards y: 0 while c_d < d_d
  function automatic int dl_class(input int x, input int y, input int o);
    int d;
    d = (TOPO == flitnet_pkg::TopoTorus || TOPO == flitnet_pkg::TopoMesh) ? o / 2 : o;
    dl_class = (coord(x, d) < coord(y, d)) ? 0 : 1;
  endfunction

  // the output port back along the link that feeds input port i (-1: none): input ports
  // are named after the direction of travel (§2)
  function automatic int uturn(input int i);
    if (i == PN || TOPO == TOPO_UNI) uturn = -1;
    else if (TOPO == flitnet_pkg::TopoHypercube) uturn = i;
    else uturn = i ^ 1;
  endfunction

  // ------------------------------------------------------------------ upstream (assumed)
  // per input VC q = i*V + v: flits in its FIFO as the upstream counts them (sent minus
  // credits back), whether a worm is open, and the next flit's number
  logic [PV*UW-1:0]  up_cnt_q;
  logic [PV-1:0]     up_worm_q;
  logic [PV*3-1:0]   up_seq_q;
  // conservation is counted for one input VC, any of them (a free constant): flits it
  // took in and flits of it sent on
  (* anyconst *) logic [4:0] watch;
  logic [CNW-1:0] n_in_q, n_out_q;

  for (genvar i = 0; i < P; i++) begin : g_up
    wire          valid = in_valid_i[i];
    wire [VW-1:0] vc    = in_vc_i[i*VW +: VW];
    wire [A-1:0]  dst   = in_dst_i[i*A +: A];
    logic [63:0]  flit;
    logic         head;
    logic [7:0]   tag;
    always_comb begin
      head = 1'b0;
      tag  = '0;
      for (int v = 0; v < V; v++)
        if (vc == VW'(v)) begin
          head = !up_worm_q[i*V + v];
          tag  = {5'(i * V + v), up_seq_q[(i*V + v)*3 +: 3]};
        end
      flit = '0;
      flit[flitnet_pkg::FLIT_HEAD] = head;
      flit[flitnet_pkg::FLIT_TAIL] = in_tail_i[i];
      flit[63:56] = tag;
      if (head) begin
        flit[flitnet_pkg::FLIT_DST_LO +: A]     = dst;
        flit[flitnet_pkg::FLIT_DST_LO + A +: A] = in_src_i[i*A +: A];
        // the source writes the routing fields itself (§7); a neighbour's are free
        if (i != PN) flit[RT_LO +: RTW] = in_rt_i[i*RTW +: RTW];
        if (FLD) flit[ID_LO +: RTW] = flit[RT_LO +: RTW];  // a copy for the outputs' checks
      end else flit[25:18] = ~tag;
    end
    assign in_flit[i*64 +: 64] = flit;
    always @* begin
      if (rst_n && valid) begin
        assume (32'(vc) < V);
        if (head) assume (32'(dst) < N);
        if (head && i == PN) assume (dst != node_id);  // a source does not send to itself
        // under a minimal routing a head arrives with its way back unproductive: it came
        // one minimal hop closer
        if (head && MINIMAL != 0 && uturn(i) >= 0) assume (!productive(32'(node_id), 32'(dst), uturn(i)));
      end
    end
    for (genvar v = 0; v < V; v++) begin : g_vc
      localparam int Q = i * V + v;
      wire          push = valid && vc == VW'(v);
      wire [UW-1:0] cnt  = up_cnt_q[Q*UW +: UW];
      wire [2:0]    seq  = up_seq_q[Q*3 +: 3];
      always @* begin
        if (rst_n && push) begin
          assume (32'(cnt) < B);                                          // §5.4: a credit
        end
      end
      always_ff @(posedge clk_i) begin
        if (!rst_n) begin
          up_cnt_q[Q*UW +: UW]   <= '0;
          up_worm_q[Q]           <= 1'b0;
          up_seq_q[Q*3 +: 3]     <= '0;
        end else begin
          up_cnt_q[Q*UW +: UW] <= cnt + UW'(push) - UW'(cr_o[Q]);
          if (push) begin
            up_worm_q[Q]         <= !flit[flitnet_pkg::FLIT_TAIL];
            up_seq_q[Q*3 +: 3]   <= seq + 3'd1;
          end
        end
      end
      always @* if (rst_n) assert (!cr_o[Q] || cnt != '0);  // §5.4: a credit returns only for a flit the input FIFO held
    end
  end

  // ------------------------------------------------------------------ downstream
  // per output VC j = o*V + w of a network port: flits in the downstream input FIFO
  // (received minus credits returned); the downstream returns a credit only for one
  logic [PV*DW-1:0] ds_cnt_q;
  // per output VC, every port: the worm on it (open, its input VC, its last flit number)
  logic [PV-1:0]    ow_open_q;
  logic [PV*5-1:0]  ow_org_q;
  logic [PV*3-1:0]  ow_seq_q;

  for (genvar o = 0; o < P; o++) begin : g_down
    wire          valid = out_valid[o];
    wire [VW-1:0] vc    = out_vc[o*VW +: VW];
    wire [63:0]   flit  = out_flit[o*64 +: 64];
    wire [7:0]    tag   = flit[63:56];
    wire [A-1:0]  dst   = flit[flitnet_pkg::FLIT_DST_LO +: A];
    wire          head  = flit[flitnet_pkg::FLIT_HEAD];
    // the routing fields as the head came in (its id field's copy) and as it leaves
    wire [RTW-1:0] rt_in  = flit[ID_LO +: RTW];
    wire [RTW-1:0] rt_out = flit[RT_LO +: RTW];
    wire [CW-1:0]  lo     = rt_in[HW +: CW];
    wire [CW-1:0]  bonus  = rt_in[HW + CW +: CW];
    wire [CW-1:0]  neg_out   = rt_out[HW +: CW];
    wire [CW-1:0]  bonus_out = rt_out[HW + CW +: CW];
    wire [RTW-HW-2*CW-1:0] ring_in  = rt_in[RTW-1 : HW + 2*CW];
    wire [RTW-HW-2*CW-1:0] ring_out = rt_out[RTW-1 : HW + 2*CW];
    int hi, inc, cls, lo_next, bonus_next;
    always_comb begin
      hi  = BONUS ? ((32'(lo) + 32'(bonus) > NCL - 1) ? NCL - 1 : 32'(lo) + 32'(bonus)) : 32'(lo);
      inc = NSCH ? label(32'(node_id)) : 1;
      cls = (32'(vc) < E) ? vc_class(32'(vc)) : 32'(lo);  // an adaptive hop keeps lo's class
      lo_next    = (cls + inc > (1 << CW) - 1) ? (1 << CW) - 1 : cls + inc;
      bonus_next = 32'(bonus) - (cls - 32'(lo));
    end
    always @* begin
      if (rst_n && valid) begin
        assert (32'(vc) < V);                   // §5.2: a flit leaves on a VC its port has
        assert (32'(tag[7:3]) < PV);            // §4: a flit sent on was taken in by an input VC
        if (!head) assert (flit[25:18] == ~tag);  // §3: body and tail flits leave intact
        if (head && EJECT_DST != 0) assert ((o == PN) == (dst == node_id));  // §6: a head leaves on the local port at its destination only
        if (head && MINIMAL != 0 && o != PN) assert (productive(32'(node_id), 32'(dst), o));  // §6.1: a head leaves on a minimal port
        if (head && NO_UTURN != 0 && o == uturn(32'(tag[7:3]) / V)) assert (productive(32'(node_id), 32'(dst), o));  // §6.4: a head turns back along its link only on a minimal port
        if (head && (DOR || DOR_ESC) && o != PN) assert (o == dor_port(32'(node_id), 32'(dst)));  // §6: dor's port, the lowest dimension left, its minimal direction
        if (head && DOR && CLASSES && o != PN) assert ((32'(vc) < V / 2) == (dl_class(32'(node_id), 32'(dst), o) == 0));  // §6: dor's VC in the dateline class of the hop (Dally-Seitz)
        if (head && ESC_DOR && CLASSES && o != PN && 32'(vc) < 2) assert (o == dor_port(32'(node_id), 32'(dst)) && 32'(vc) == dl_class(32'(node_id), 32'(dst), o));  // §6: an escape VC (0 or 1) is taken on the DOR port, in the dateline class of the hop (VC 0: c < d, VC 1 otherwise)
        if (head && FLD && EJECT_FIELDS != 0 && o == PN) assert (rt_out == rt_in);  // §5.3: a head leaves on the local port as it came in
        if (head && FLD && o != PN) assert (32'(rt_out[HW-1:0]) == ((rt_in[HW-1:0] == {HW{1'b1}}) ? 32'(rt_in[HW-1:0]) : 32'(rt_in[HW-1:0]) + 1));  // §5.3: a head leaves a network port with hops + 1 (saturating)
        if (head && HOP && o != PN && 32'(vc) < E) assert (32'(lo) <= vc_class(32'(vc)) && vc_class(32'(vc)) <= hi);  // §6.2: an escape VC of a class lo .. hi (hi = min(lo + bonus, C - 1) with bonus cards, lo without)
        if (head && HOP && o != PN) assert (32'(neg_out) == lo_next && 32'(bonus_out) == bonus_next && ring_out == ring_in);  // §6.2: the head's lo and bonus rewritten by the hop (escape: lo' = c + inc, bonus' = bonus - (c - lo); adaptive: lo' = lo + inc)
      end
    end
    for (genvar w = 0; w < V; w++) begin : g_vc
      localparam int J = o * V + w;
      wire          send = valid && vc == VW'(w);
      wire [DW-1:0] cnt  = ds_cnt_q[J*DW +: DW];
      wire [4:0]    org  = ow_org_q[J*5 +: 5];
      wire [2:0]    last = ow_seq_q[J*3 +: 3];
      if (o != PN) begin : g_cr
        always @* begin
          if (rst_n && cr_i[J]) assume (cnt != '0);
          if (rst_n && CR_ONE != 0 && cr_i[J]) assume (cr_i[o*V +: V] == V'(1) << w);
          if (rst_n && send) assert (32'(cnt) < B);  // §5.2: a flit leaves only into room downstream (a credit)
        end
      end else begin : g_no_cr
        always @* if (rst_n) assume (!cr_i[J]);
      end
      always @* begin
        if (rst_n && send) begin
          assert (head == !ow_open_q[J]);         // §5.3: worms leave whole: a head opens one, a tail ends it
          if (!head) assert (tag == {org, last + 3'd1});  // §5.3: a worm's flits leave in order, each once
        end
      end
      always_ff @(posedge clk_i) begin
        if (!rst_n) begin
          ds_cnt_q[J*DW +: DW] <= '0;
          ow_open_q[J]         <= 1'b0;
          ow_org_q[J*5 +: 5]   <= '0;
          ow_seq_q[J*3 +: 3]   <= '0;
        end else begin
          if (o != PN) ds_cnt_q[J*DW +: DW] <= cnt + DW'(send) - DW'(cr_i[J]);
          if (send) begin
            ow_open_q[J]       <= !flit[flitnet_pkg::FLIT_TAIL];
            ow_org_q[J*5 +: 5] <= tag[7:3];
            ow_seq_q[J*3 +: 3] <= tag[2:0];
          end
        end
      end
    end
  end

  // §4: of the watched input VC's flits, none sent on that was not taken in (a flit
  // lost or duplicated inside a worm breaks the order check above; the depth bounds how
  // many flits a run can hold, so a bound on flits held would say nothing more)
  logic [CNW-1:0] n_in_d, n_out_d;
  always_comb begin
    n_in_d  = n_in_q;
    n_out_d = n_out_q;
    for (int i = 0; i < P; i++)
      if (in_valid_i[i] && in_flit[i*64 + 59 +: 5] == watch) n_in_d = n_in_d + 1'b1;
    for (int o = 0; o < P; o++)
      if (out_valid[o] && out_flit[o*64 + 59 +: 5] == watch) n_out_d = n_out_d + 1'b1;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_n) begin
      n_in_q  <= '0;
      n_out_q <= '0;
    end else begin
      n_in_q  <= n_in_d;
      n_out_q <= n_out_d;
    end
  end
  always @* begin
    if (rst_n) begin
      assume (32'(watch) < PV);
      assert (n_out_q <= n_in_q);  // §4: no flit of an input VC sent on more often than taken in
    end
  end
endmodule
