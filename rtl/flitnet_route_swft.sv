// flitnet_route_swft: routing `swft`, software-based fault-tolerant DOR (seed 002;
// docs/microarchitecture.md §6.3), bidirectional tori only. The lowest dimension d with
// an offset, in its minimal direction (+ on a tie) or, while the head's rev bit (ring
// bit 0) is set, in the direction of its dir bit (ring bit 1: 0 +, 1 -). If the
// neighbour there is faulty the head is absorbed: all V VCs of the local port;
// otherwise that port with dor's VCs (the dateline halves, or all V with the dateline
// off). The rewrite clears rev and dir when the hop completes its dimension (the
// neighbour's coordinate is the destination's).
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_route_swft #(
  parameter int          TOPO     = 0,
  parameter int          NDIM     = 2,
  parameter logic [63:0] K        = 64'h0808,
  parameter int          P        = 5,
  parameter int          V        = 2,
  parameter int          DATELINE = 1,
  parameter int          A        = 6,
  parameter int          HW       = 4,
  parameter int          CW       = 3,   // class counter bits: the ring field lies past neg and bonus
  parameter int          PW       = 3
) (
  input  logic [8*NDIM-1:0] cur_i,
  input  logic [8*NDIM-1:0] dst_i,
  input  logic [P-2:0]      faulty_nbr_i,  // the node network port p leads to is faulty
  output logic [2*P*V-1:0]  cand_o,        // bit (l*P + o)*V + w
  output logic [V-1:0]      esc_o,         // the escape VCs (§6): all V, a constant
  // the rewrite for the hop (oport_i); hops is counted by flitnet_route
  input  logic [PW-1:0]     oport_i,
  input  logic [63:0]       head_i,
  output logic [63:0]       head_o
);
  localparam int           PN      = P - 1;
  localparam int           RING_LO = flitnet_pkg::flit_ring_lo(A, HW, CW);
  localparam logic [V-1:0] ALL     = {V{1'b1}};
  localparam logic [V-1:0] LO      = ALL >> (V - V / 2);  // class 0: VCs 0 .. V/2-1
  localparam logic [V-1:0] HI      = ALL & ~LO;           // class 1: VCs V/2 .. V-1

  // the C model refuses the other topologies (a ring must be travelled both ways) and
  // V < 2
  if (TOPO != flitnet_pkg::TOPO_TORUS || V < 2) begin : g_not_supported
    flitnet_error_swft_needs_a_torus_and_two_vcs u_error ();
  end

  logic          valid, cls, rev, dir, blocked, done;
  logic [PW-1:0] dport, port;
  logic [8:0]    c, t, k, nxt;

  flitnet_dor_port #(.TOPO(TOPO), .NDIM(NDIM), .K(K), .PW(PW)) u_dor_port (
    .cur_i, .dst_i, .valid_o(valid), .port_o(dport), .class_o(cls)
  );

  assign esc_o = ALL;
  assign rev  = head_i[RING_LO];
  assign dir  = head_i[RING_LO + 1];
  // while rev: port 2d + dir of the same dimension d
  assign port = rev ? {dport[PW-1:1], dir} : dport;

  always_comb begin
    blocked = 1'b0;
    for (int p = 0; p < PN; p++)
      if (port == PW'(p)) blocked = faulty_nbr_i[p];
    cand_o = '0;
    if (valid) begin
      if (blocked) cand_o[PN*V +: V] = ALL;  // absorbed
      else         cand_o[port*V +: V] = (DATELINE == 0) ? ALL : cls ? HI : LO;
    end
  end

  // does the hop on oport_i end its dimension?
  always_comb begin
    done = 1'b0;
    c    = '0;
    t    = '0;
    k    = '0;
    nxt  = '0;
    for (int d = 0; d < NDIM; d++) begin
      c = {1'b0, cur_i[8*d +: 8]};
      t = {1'b0, dst_i[8*d +: 8]};
      k = {1'b0, K[8*d +: 8]};
      if (oport_i == PW'(2 * d) || oport_i == PW'(2 * d + 1)) begin
        if (oport_i == PW'(2 * d + 1)) nxt = (c == 9'd0) ? k - 9'd1 : c - 9'd1;
        else                           nxt = (c == k - 9'd1) ? 9'd0 : c + 9'd1;
        done = nxt == t;
      end
    end
  end

  always_comb begin
    head_o = head_i;
    if (done) head_o[RING_LO +: 2] = 2'b00;
  end
endmodule
