// flitnet_route_hop: the hop-class routings and Duato's protocol
// (docs/microarchitecture.md §6.1, §6.2), one family with four switches:
//   NSCHEME  0: P-schemes, every hop counts; 1: N-schemes, only hops from label-1 nodes
//   BONUS    1: bonus cards widen the escape classes to lo .. min(lo + bonus, C - 1)
//   ADAPTIVE 1: Duato's adaptive VCs E .. V-1 on every minimal port at level 0, the
//               escape classes at level 1 (duato_*); 0: the classes at level 0, E = V
//   DOR_ESC  1: `duato`: the adaptive VCs at level 0, the DOR port's dateline VC (tori)
//               or VC 0 at level 1; the head's neg and bonus stay as they are
// routing | NSCHEME BONUS ADAPTIVE DOR_ESC:  phop 0000, nhop 1000, pbc 0100, nbc 1100,
// duato_phop 0010, duato_nhop 1010, duato_pbc 0110, duato_nbc 1110, duato 0011.
// The number of classes, the escape VCs and the class of every VC are elaboration-time
// constants; the head fields neg (= lo) and bonus carry the per-message state.
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_route_hop #(
  parameter int          TOPO       = 0,
  parameter int          NDIM       = 2,
  parameter logic [63:0] K          = 64'h0808,
  parameter int          P          = 5,
  parameter int          V          = 4,
  parameter int          NSCHEME    = 0,
  parameter int          BONUS      = 0,
  parameter int          ADAPTIVE   = 0,
  parameter int          DOR_ESC    = 0,
  parameter int          ESCAPE_VCS = 0,   // duato_*: E; 0 = the number of classes
  parameter int          A          = 6,
  parameter int          HW         = 4,
  parameter int          CW         = 3,     // class counter bits (flitnet_pkg::class_bits)
  parameter int          PW         = 3,
  parameter int          VW         = 2
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
  localparam int PN       = P - 1;
  localparam int NEG_LO   = flitnet_pkg::flit_neg_lo(A, HW);
  localparam int BONUS_LO = flitnet_pkg::flit_bonus_lo(A, HW, CW);
  localparam bit TORUS    = (TOPO == flitnet_pkg::TOPO_TORUS || TOPO == flitnet_pkg::TOPO_TORUS_UNI);

  // elaboration-only functions (not covered), in yosys 0.23's subset (no return, no int')
  // every torus radix even (the N-schemes' 2-colouring)
  /* verilator coverage_off */ function automatic bit even_radices(input integer ndim);
    even_radices = 1'b1;
    for (int d = 0; d < ndim; d++)
      if (TORUS && K[8*d] == 1'b1) even_radices = 1'b0;
  endfunction  /* verilator coverage_on */

  localparam int DIA = flitnet_pkg::diameter(TOPO, NDIM, K);
  localparam int CMIN = (NSCHEME != 0) ? 1 + DIA / 2 : DIA + 1;  // classes C
  localparam int E   = (DOR_ESC != 0) ? (TORUS ? 2 : 1)
                     : (ADAPTIVE != 0) ? ((ESCAPE_VCS > 0) ? ESCAPE_VCS : CMIN)
                     : V;
  localparam int CL  = CMIN;

  // cls(w) = floor(((w + 1) C - 1) / E) for the escape VCs w < E, CW bits each
  /* verilator coverage_off */ function automatic logic [V*CW-1:0] class_table(input integer e, input integer cl);
    class_table = '0;
    for (int w = 0; w < V; w++)
      if (w < e) class_table[w*CW +: CW] = CW'(((w + 1) * cl - 1) / e);
  endfunction  /* verilator coverage_on */

  localparam logic [V*CW-1:0] CLS   = class_table(E, CL);
  localparam logic [V-1:0]    ALL   = {V{1'b1}};
  localparam logic [V-1:0]    ADAPT = (E >= V) ? '0 : ALL & ~(ALL >> (V - E));  // VCs E .. V-1
  localparam logic [CW:0]     CMAX  = (CW + 1)'(CL - 1);
  localparam logic [CW:0]     HMAX  = {1'b0, {CW{1'b1}}};

  // the configuration must be one the contract allows (the C model refuses the others)
  if ((DOR_ESC == 0 && ADAPTIVE == 0 && V < CMIN) ||
      (DOR_ESC == 0 && ADAPTIVE != 0 && (E < CMIN || V < E + 1)) ||
      (DOR_ESC != 0 && V < E + 1)) begin : g_too_few_vcs
    flitnet_error_too_few_vcs_for_routing u_error ();
  end
  if (DOR_ESC == 0 && NSCHEME != 0 && !even_radices(NDIM)) begin : g_odd_radix
    flitnet_error_n_scheme_needs_even_radices u_error ();
  end

  logic [PN-1:0]  minp;
  logic [CW-1:0]  lo, bonus;
  logic [CW:0]    hi;
  logic [V-1:0]   esc;      // escape VCs of the classes lo .. hi
  logic           label;    // lambda(x): the coordinate sum is odd

  flitnet_min_ports #(.TOPO(TOPO), .NDIM(NDIM), .K(K), .PN(PN)) u_min_ports (
    .cur_i, .dst_i, .ports_o(minp)
  );

  assign esc_o = ~ADAPT;
  assign lo    = head_i[NEG_LO +: CW];
  assign bonus = head_i[BONUS_LO +: CW];

  always_comb begin
    label = 1'b0;
    for (int d = 0; d < NDIM; d++) label = label ^ cur_i[8*d];
  end

  always_comb begin
    if (BONUS != 0) hi = ({1'b0, lo} + {1'b0, bonus} > CMAX) ? CMAX : {1'b0, lo} + {1'b0, bonus};
    else            hi = {1'b0, lo};
    for (int w = 0; w < V; w++)
      esc[w] = (w < E) && CLS[w*CW +: CW] >= lo && {1'b0, CLS[w*CW +: CW]} <= hi;
  end

  if (DOR_ESC != 0) begin : g_dor_escape
    // `duato`: the escape is DOR with the dateline VC on tori, VC 0 otherwise
    logic          dvalid, dcls;
    logic [PW-1:0] dport;

    flitnet_dor_port #(.TOPO(TOPO), .NDIM(NDIM), .K(K), .PW(PW)) u_dor_port (
      .cur_i, .dst_i, .valid_o(dvalid), .port_o(dport), .class_o(dcls)
    );

    always_comb begin
      cand_o = '0;
      for (int o = 0; o < PN; o++)
        if (minp[o]) cand_o[o*V +: V] = ADAPT;
      if (dvalid) cand_o[(P + 32'(dport))*V +: V] = (TORUS && dcls) ? V'(2) : V'(1);
    end

    // neg and bonus are not used: only hops changes (flitnet_route)
    assign head_o = head_i;
    wire unused_hop = ^{oport_i, ovc_i, label, esc};
  end else begin : g_classes
    logic [CW-1:0] c;       // class of the escape VC taken
    logic [CW:0]   lo_n;
    logic          is_esc;

    always_comb begin
      cand_o = '0;
      for (int o = 0; o < PN; o++)
        if (minp[o]) begin
          if (ADAPTIVE != 0) begin
            cand_o[o*V +: V]       = ADAPT;
            cand_o[(P + o)*V +: V] = esc;
          end else begin
            cand_o[o*V +: V]       = esc;
          end
        end
    end

    // update (§6.2): an escape hop of class c sets lo = c + inc and spends c - lo
    // bonus cards; an adaptive hop adds inc to lo. inc = 1 (P) or lambda(x) (N).
    always_comb begin
      c      = '0;
      is_esc = 1'b0;
      for (int w = 0; w < V; w++)
        if (w < E && ovc_i == VW'(w)) begin
          c      = CLS[w*CW +: CW];
          is_esc = 1'b1;
        end
      lo_n = (is_esc ? {1'b0, c} : {1'b0, lo}) + ((NSCHEME != 0) ? (CW + 1)'(label) : (CW + 1)'(1));
      head_o = head_i;
      head_o[NEG_LO +: CW] = CW'((lo_n > HMAX) ? HMAX : lo_n);
      if (BONUS != 0 && is_esc) head_o[BONUS_LO +: CW] = bonus - (c - lo);
    end

    wire unused_oport = ^oport_i;
  end
endmodule
