// flitnet_route_dor: routing `dor` (docs/microarchitecture.md §6). Level 0 holds the
// DOR port's allowed VCs: the dateline halves on tori (dateline on), all V otherwise.
// The head needs no field of its own, so the rewrite is the identity.
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_route_dor #(
  parameter int          TOPO     = 0,
  parameter int          NDIM     = 2,
  parameter logic [63:0] K        = 64'h0808,
  parameter int          P        = 5,
  parameter int          V        = 2,
  parameter int          DATELINE = 1,
  parameter int          PW       = 3,
  parameter int          VW       = 1
) (
  input  logic [8*NDIM-1:0] cur_i,
  input  logic [8*NDIM-1:0] dst_i,
  output logic [2*P*V-1:0]  cand_o,   // bit (l*P + o)*V + w
  output logic [V-1:0]      esc_o,    // the escape VCs (§6): all V, a constant
  // the rewrite for the hop (oport_i, ovc_i); hops is counted by flitnet_route
  input  logic [PW-1:0]     oport_i,  // used by routings that keep per-hop state
  input  logic [VW-1:0]     ovc_i,
  input  logic [63:0]       head_i,
  output logic [63:0]       head_o
);
  localparam logic [V-1:0] ALL = {V{1'b1}};
  localparam logic [V-1:0] LO  = ALL >> (V - V / 2);  // class 0: VCs 0 .. V/2-1
  localparam logic [V-1:0] HI  = ALL & ~LO;           // class 1: VCs V/2 .. V-1
  localparam bit           CLASSES = (TOPO == flitnet_pkg::TOPO_TORUS ||
                                      TOPO == flitnet_pkg::TOPO_TORUS_UNI) && DATELINE != 0;

  // the C model refuses one VC where the dateline needs two classes
  if (CLASSES && V < 2) begin : g_too_few_vcs
    flitnet_error_too_few_vcs_for_routing u_error ();
  end

  logic          valid, cls;
  logic [PW-1:0] port;

  flitnet_dor_port #(.TOPO(TOPO), .NDIM(NDIM), .K(K), .PW(PW)) u_dor_port (
    .cur_i, .dst_i, .valid_o(valid), .port_o(port), .class_o(cls)
  );

  always_comb begin
    cand_o = '0;
    if (valid) cand_o[port*V +: V] = CLASSES ? (cls ? HI : LO) : ALL;
  end

  assign esc_o  = ALL;
  assign head_o = head_i;
endmodule
