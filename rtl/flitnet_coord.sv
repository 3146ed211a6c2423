// flitnet_coord: node id -> coordinates, mixed radix with dimension 0 least significant
// (docs/microarchitecture.md §2). The radices are parameters, so the divisions are by
// constants (bit slices for power-of-two radices).
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_coord #(
  parameter int          NDIM = 2,
  parameter logic [63:0] K    = 64'h0808,
  parameter int          A    = 6
) (
  input  logic [A-1:0]      id_i,
  output logic [8*NDIM-1:0] coord_o
);
  localparam int RW = A + 1;  // holds any id and any radix <= 255 for A >= 8 as well
  localparam int XW = (RW > 8) ? RW : 8;

  logic [XW-1:0] rest;

  always_comb begin
    rest = XW'(id_i);
    for (int d = 0; d < NDIM; d++) begin
      coord_o[8*d +: 8] = 8'(rest % XW'(K[8*d +: 8]));
      rest              = rest / XW'(K[8*d +: 8]);
    end
  end
endmodule
