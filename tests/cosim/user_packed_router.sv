// user_packed_router.sv: the worked example router (rtl/examples/flitnet_iq_router) behind
// ports declared in the PULP manner: packed arrays indexed by port. The bits are the
// interface's (docs/router-interface.md, "Ports"): element p of a packed [P-1:0] array is
// the flat vector's p*W +: W, so the network connects it as it is. tests/cosim/examples.sh
// runs it under the scoreboard, and checks the ports of a variant whose flits are a
// packed struct (which Icarus Verilog does not take in a port, so rtl/lint.sh lints this one).
module user_packed_router #(
  parameter int          TOPO       = 0,
  parameter int          NDIM       = 2,
  parameter logic [63:0] K          = 64'h0808,
  parameter int          P          = 5,
  parameter int          V          = 2,
  parameter int          B          = 1,
  parameter int          BO         = 1,
  parameter int          ROUTING    = 0,
  parameter int          DATELINE   = 1,
  parameter int          ESCAPE_VCS = 0,
  parameter int          TIMEOUT    = 0,
  parameter int          FRING      = 0,
  parameter int          A          = 6,
  parameter int          HW         = 4,
  parameter int          VW         = (V > 1) ? $clog2(V) : 1
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic [A-1:0]                  node_id_i,
  input  logic [15:0]                   lfsr_seed_i,
  input  logic                          sel_random_i,
  input  logic [P-2:0]                  faulty_nbr_i,
  input  logic [P-2:0][1:0]             ring_ok_i,
  input  logic [P-1:0]                  in_valid_i,
  input  logic [P-1:0][VW-1:0]          in_vc_i,
  input  logic [P-1:0][63:0]          in_flit_i,
  output logic [P-1:0][V-1:0]           cr_o,
  output logic [P-1:0]                  out_valid_o,
  output logic [P-1:0][VW-1:0]          out_vc_o,
  output logic [P-1:0][63:0]          out_flit_o,
  input  logic [P-1:0][V-1:0]           cr_i
);
  /* verilator no_inline_module */
  flitnet_iq_router #(
    .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .B(B), .BO(BO), .ROUTING(ROUTING),
    .DATELINE(DATELINE), .ESCAPE_VCS(ESCAPE_VCS), .TIMEOUT(TIMEOUT), .FRING(FRING), .A(A),
    .HW(HW), .VW(VW)
  ) u_router (
    .clk_i, .rst_ni, .node_id_i, .lfsr_seed_i, .sel_random_i, .faulty_nbr_i,
    .ring_ok_i   (ring_ok_i),
    .in_valid_i,
    .in_vc_i     (in_vc_i),
    .in_flit_i   (in_flit_i),
    .cr_o        (cr_o),
    .out_valid_o,
    .out_vc_o    (out_vc_o),
    .out_flit_o  (out_flit_o),
    .cr_i        (cr_i)
  );
endmodule
