// flitnet_min_ports: the minimal ports of the adaptive routings
// (docs/microarchitecture.md §6.1). One bit per network port: for every dimension with a
// non-zero offset, the port of its minimal direction; in a bidirectional torus an
// offset of exactly k_d/2 sets both ports of the dimension. Unidirectional torus and
// hypercube: port d; mesh: toward the destination.
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_min_ports #(
  parameter int          TOPO = 0,
  parameter int          NDIM = 2,
  parameter logic [63:0] K    = 64'h0808,
  parameter int          PN   = 4           // network ports
) (
  input  logic [8*NDIM-1:0] cur_i,
  input  logic [8*NDIM-1:0] dst_i,
  output logic [PN-1:0]     ports_o
);
  logic [8:0] c, t, k, off;

  always_comb begin
    ports_o = '0;
    c       = '0;
    t       = '0;
    k       = '0;
    off     = '0;
    for (int d = 0; d < NDIM; d++) begin
      c   = {1'b0, cur_i[8*d +: 8]};
      t   = {1'b0, dst_i[8*d +: 8]};
      k   = {1'b0, K[8*d +: 8]};
      off = (t >= c) ? t - c : t + k - c;
      if (c != t) begin
        case (TOPO)
          flitnet_pkg::TOPO_TORUS: begin
            // 2 off <= k: + is minimal; 2 off >= k: - is minimal (both on the tie)
            if ({off, 1'b0} <= {1'b0, k}) ports_o[2*d]     = 1'b1;
            if ({off, 1'b0} >= {1'b0, k}) ports_o[2*d + 1] = 1'b1;
          end
          flitnet_pkg::TOPO_MESH: ports_o[(t > c) ? 2 * d : 2 * d + 1] = 1'b1;
          default: ports_o[d] = 1'b1;  // unidirectional torus, hypercube
        endcase
      end
    end
  end
endmodule
