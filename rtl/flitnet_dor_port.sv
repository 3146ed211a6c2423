// flitnet_dor_port: the dimension-order step shared by the DOR routing families
// (docs/microarchitecture.md §2 minimal direction, §6 dateline class): the lowest
// dimension with a non-zero offset, its output port, and the dateline class there.
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_dor_port #(
  parameter int          TOPO = 0,
  parameter int          NDIM = 2,
  parameter logic [63:0] K    = 64'h0808,
  parameter int          PW   = 3
) (
  input  logic [8*NDIM-1:0] cur_i,
  input  logic [8*NDIM-1:0] dst_i,
  output logic              valid_o,   // some dimension has an offset
  output logic [PW-1:0]     port_o,
  output logic              class_o    // 0: c_d < d_d, 1: otherwise
);
  logic [8:0] c, t, k, off;

  always_comb begin
    valid_o = 1'b0;
    port_o  = '0;
    class_o = 1'b0;
    c       = '0;
    t       = '0;
    k       = '0;
    off     = '0;
    // downward scan: the last dimension that differs is the lowest one
    for (int d = NDIM - 1; d >= 0; d--) begin
      c = {1'b0, cur_i[8*d +: 8]};
      t = {1'b0, dst_i[8*d +: 8]};
      k = {1'b0, K[8*d +: 8]};
      if (c != t) begin
        valid_o = 1'b1;
        class_o = (c < t) ? 1'b0 : 1'b1;
        off     = (t >= c) ? t - c : t + k - c;
        case (TOPO)
          // tie k/2 goes +
          flitnet_pkg::TOPO_TORUS: port_o =
            ({off, 1'b0} <= {1'b0, k}) ? PW'(2 * d) : PW'(2 * d + 1);
          flitnet_pkg::TOPO_MESH:  port_o = (t > c) ? PW'(2 * d) : PW'(2 * d + 1);
          default: port_o = PW'(d);  // unidirectional torus, hypercube
        endcase
      end
    end
  end
endmodule
