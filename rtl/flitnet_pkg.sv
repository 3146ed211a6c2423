// flitnet_pkg: the codes, the flit layout and the elaboration-time topology arithmetic
// every module shares (docs/microarchitecture.md §2, §3, §6). Only types and constant
// functions: nothing here becomes hardware.
//
// The routing and topology codes are the C model's (c_model/routing/route.c's registry, field
// `code`; c_model/router/topology.h's topo_kind): harness/codes.sh checks that the enums
// below list the same names with the same codes and levels, and the co-simulation
// compares the network's cfg_routing_o and cfg_topo_o with the C side at start-up.
// The ROUTING and TOPO parameters stay `int` so that every tool can override them
// (-G, -P, chparam); modules compare them with these enums.
//
// Written as Verilator 5.006, Icarus Verilog 11 and yosys 0.23 all read it: functions
// assign their result to their name (yosys 0.23 has no `return`). The topology
// functions serve the network top only.
package flitnet_pkg;

  // ------------------------------------------------------------------ codes
  // ROUTING_<NAME>: the C registry's routing `name` in capitals; one line per routing
  typedef enum int {
    ROUTING_DOR            = 0,
    ROUTING_DOR_ESCAPE     = 1,
    ROUTING_PHOP           = 2,
    ROUTING_NHOP           = 3,
    ROUTING_PBC            = 4,
    ROUTING_NBC            = 5,
    ROUTING_DUATO_PHOP     = 6,
    ROUTING_DUATO_NHOP     = 7,
    ROUTING_DUATO_PBC      = 8,
    ROUTING_DUATO_NBC      = 9,
    ROUTING_DUATO          = 10,
    ROUTING_SWFT           = 11,
    ROUTING_MINIMAL        = 12,
    ROUTING_FULLY_ADAPTIVE = 13
  } routing_e;

  // TOPO_<NAME>: the topology key's values (c_model/router/topology.c)
  typedef enum int {
    TOPO_TORUS     = 0,
    TOPO_TORUS_UNI = 1,
    TOPO_MESH      = 2,
    TOPO_HYPERCUBE = 3
  } topo_e;
  // the codes the topology functions below compare with, as plain integers: yosys 0.23
  // cannot read an enum item inside a package function, nor Icarus 11 the package's own
  // name there
  localparam int TopoTorus     = TOPO_TORUS;
  localparam int TopoMesh      = TOPO_MESH;
  localparam int TopoHypercube = TOPO_HYPERCUBE;

  // what the generate choices need to know of a routing, as masks over the codes (bit
  // code): yosys 0.23 cannot read an enum item inside a package function
  // the hop-class routings (§6.2), which keep their own classes under f-rings (§6.5)
  localparam logic [63:0] ROUTING_HOP_CLASS =
      (64'd1 << ROUTING_PHOP) | (64'd1 << ROUTING_NHOP) | (64'd1 << ROUTING_PBC) |
      (64'd1 << ROUTING_NBC) | (64'd1 << ROUTING_DUATO_PHOP) | (64'd1 << ROUTING_DUATO_NHOP) |
      (64'd1 << ROUTING_DUATO_PBC) | (64'd1 << ROUTING_DUATO_NBC);
  // the routings with an escape level, 2 priority levels (the C model's
  // route_algo.levels); the others use level 0 only
  localparam logic [63:0] ROUTING_TWO_LEVELS =
      (64'd1 << ROUTING_DOR_ESCAPE) | (64'd1 << ROUTING_DUATO_PHOP) |
      (64'd1 << ROUTING_DUATO_NHOP) | (64'd1 << ROUTING_DUATO_PBC) | (64'd1 << ROUTING_DUATO_NBC) |
      (64'd1 << ROUTING_DUATO) | (64'd1 << ROUTING_FULLY_ADAPTIVE);

  // ------------------------------------------------------------------ flit layout (§3)
  // kind bits 1:0, then dst and src (A bits each), then hops (HW bits), then neg and
  // bonus (CW bits each, class_bits), then the ring field (RW bits), then the message id
  localparam int FLIT_HEAD = 0;  // kind bit: a head flit
  localparam int FLIT_TAIL = 1;  // kind bit: a tail flit
  localparam int FLIT_DST_LO = 2;

  function automatic int flit_hops_lo(input int a);
    flit_hops_lo = 2 + 2 * a;
  endfunction

  function automatic int flit_neg_lo(input int a, input int hw);
    flit_neg_lo = 2 + 2 * a + hw;
  endfunction

  function automatic int flit_bonus_lo(input int a, input int hw, input int cw);
    flit_bonus_lo = 2 + 2 * a + hw + cw;
  endfunction

  function automatic int flit_ring_lo(input int a, input int hw, input int cw);
    flit_ring_lo = 2 + 2 * a + hw + 2 * cw;
  endfunction

  // CW = ceil(log2(V + 1)): the neg and bonus counters hold a hop class, 0 .. V
  function automatic int class_bits(input int v);
    class_bits = $clog2(v + 1);
  endfunction

  // the ring field's width: phase (2), orientation, direction, dimension (max(1, clog2 n))
  function automatic int flit_ring_w(input int ndim);
    flit_ring_w = 4 + ((ndim > 2) ? $clog2(ndim) : 1);
  endfunction

  // ------------------------------------------------------------------ topology (§2)
  // the radices with a hypercube's 2s filled in, 8 bits per dimension
  function automatic logic [63:0] radices(input int topo, input int ndim, input logic [63:0] k);
    radices = '0;
    for (int d = 0; d < ndim; d++)
      radices[8*d +: 8] = (topo == TopoHypercube) ? 8'd2 : k[8*d +: 8];
  endfunction

  function automatic int nodes(input int topo, input int ndim, input logic [63:0] k);
    nodes = 1;
    for (int d = 0; d < ndim; d++)
      nodes = nodes * ((topo == TopoHypercube) ? 2 : 32'(k[8*d +: 8]));
  endfunction

  // ports per router including the local port
  function automatic int ports(input int topo, input int ndim);
    ports = ((topo == TopoTorus || topo == TopoMesh) ? 2 * ndim : ndim)
            + 1;
  endfunction

  // A = max(1, ceil(log2 N))
  function automatic int addr_bits(input int n);
    addr_bits = (n > 1) ? $clog2(n) : 1;
  endfunction

  // the diameter D (§3): sum floor(k_d/2) on the torus, sum (k_d - 1) on the
  // unidirectional torus and the mesh, n on the hypercube
  function automatic int diameter(input int topo, input int ndim, input logic [63:0] k);
    int kd;
    diameter = 0;
    for (int d = 0; d < ndim; d++) begin
      kd       = (topo == TopoHypercube) ? 2 : 32'(k[8*d +: 8]);
      diameter = diameter + ((topo == TopoTorus) ? kd / 2 : kd - 1);
    end
  endfunction

  // HW = ceil(log2(D + 1)) + 1, D the diameter
  function automatic int hop_bits(input int topo, input int ndim, input logic [63:0] k);
    hop_bits = $clog2(diameter(topo, ndim, k) + 1) + 1;
  endfunction

  // the neighbour of node x one step along port p's direction (back = 1: against it),
  // -1 if it falls off a mesh
  function automatic int step(input int topo, input logic [63:0] k,
                              input int x, input int p, input int back);
    int d, c, c2, kd, stride, r, minus;
    d      = (topo == TopoTorus || topo == TopoMesh) ? p / 2 : p;
    stride = 1;
    r      = x;
    c      = 0;
    kd     = 2;
    for (int e = 0; e <= d; e++) begin
      kd = (topo == TopoHypercube) ? 2 : 32'(k[8*e +: 8]);
      if (e == d) c = r % kd;
      else begin
        r      = r / kd;
        stride = stride * kd;
      end
    end
    minus = ((topo == TopoTorus || topo == TopoMesh) && (p % 2) == 1)
            ? 1 : 0;
    c2 = ((minus ^ back) == 1) ? c - 1 : c + 1;
    if (topo == TopoHypercube) c2 = c ^ 1;
    if (topo == TopoMesh && (c2 < 0 || c2 >= kd)) step = -1;
    else step = x + ((c2 + kd) % kd - c) * stride;
  endfunction

  // node reached through output port p of node x, -1 if the port is unconnected
  function automatic int nbr(input int topo, input logic [63:0] k, input int x, input int p);
    nbr = step(topo, k, x, p, 0);
  endfunction

  // the node whose output port p feeds input port p of x, -1 if none: the neighbour
  // in the opposite direction (the input port is named after the direction of travel)
  function automatic int upstream(input int topo, input logic [63:0] k, input int x, input int p);
    upstream = step(topo, k, x, p, 1);
  endfunction

endpackage
