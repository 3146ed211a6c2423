// user_bad_ports.sv: a router whose port list does not match the interface
// (docs/router-interface.md): its credit input is one bit per port, not one per VC.
// tests/suites/rtl_user.sh checks that make cosim-user refuses it, naming cr_i.
module user_bad_ports #(
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
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [A-1:0]    node_id_i,
  input  logic [15:0]     lfsr_seed_i,
  input  logic            sel_random_i,
  input  logic [P-2:0]    faulty_nbr_i,
  input  logic [2*P-3:0]  ring_ok_i,
  input  logic [P-1:0]    in_valid_i,
  input  logic [P*VW-1:0] in_vc_i,
  input  logic [P*64-1:0] in_flit_i,
  output logic [P*V-1:0]  cr_o,
  output logic [P-1:0]    out_valid_o,
  output logic [P*VW-1:0] out_vc_o,
  output logic [P*64-1:0] out_flit_o,
  input  logic [P-1:0]    cr_i
);
  assign cr_o        = '0;
  assign out_valid_o = '0;
  assign out_vc_o    = '0;
  assign out_flit_o  = '0;
endmodule
