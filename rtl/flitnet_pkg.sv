// flitnet_pkg: elaboration-time topology arithmetic for the network top
// (docs/microarchitecture.md §2, §3). Only constant functions: nothing here becomes
// hardware, and the router does not import the package, so it synthesizes alone.
// Each function is self-contained because Icarus Verilog 11 does not let a constant
// function call another package function.
package flitnet_pkg;

  // topologies: 0 torus, 1 torus_uni, 2 mesh, 3 hypercube (as c_model/topology.h)

  // the radices with a hypercube's 2s filled in, 8 bits per dimension
  function automatic logic [63:0] radices(input int topo, input int ndim, input logic [63:0] k);
    logic [63:0] r;
    r = '0;
    for (int d = 0; d < ndim; d++) r[8*d +: 8] = (topo == 3) ? 8'd2 : k[8*d +: 8];
    return r;
  endfunction

  function automatic int nodes(input int topo, input int ndim, input logic [63:0] k);
    int n;
    n = 1;
    for (int d = 0; d < ndim; d++) n = n * ((topo == 3) ? 2 : int'(k[8*d +: 8]));
    return n;
  endfunction

  // ports per router including the local port
  function automatic int ports(input int topo, input int ndim);
    return ((topo == 0 || topo == 2) ? 2 * ndim : ndim) + 1;
  endfunction

  // A = max(1, ceil(log2 N))
  function automatic int addr_bits(input int n);
    return (n > 1) ? $clog2(n) : 1;
  endfunction

  // HW = ceil(log2(D + 1)) + 1, D the diameter
  function automatic int hop_bits(input int topo, input int ndim, input logic [63:0] k);
    int dia, kd;
    dia = 0;
    for (int d = 0; d < ndim; d++) begin
      kd  = (topo == 3) ? 2 : int'(k[8*d +: 8]);
      dia = dia + ((topo == 0) ? kd / 2 : kd - 1);
    end
    return $clog2(dia + 1) + 1;
  endfunction

  // the neighbour of node x one step along port p's direction (back = 1: against it),
  // -1 if it falls off a mesh
  function automatic int step(input int topo, input logic [63:0] k,
                              input int x, input int p, input int back);
    int d, c, c2, kd, stride, r, minus;
    d      = (topo == 0 || topo == 2) ? p / 2 : p;
    stride = 1;
    r      = x;
    c      = 0;
    kd     = 2;
    for (int e = 0; e <= d; e++) begin
      kd = (topo == 3) ? 2 : int'(k[8*e +: 8]);
      if (e == d) c = r % kd;
      else begin
        r      = r / kd;
        stride = stride * kd;
      end
    end
    minus = ((topo == 0 || topo == 2) && (p % 2) == 1) ? 1 : 0;
    c2 = ((minus ^ back) == 1) ? c - 1 : c + 1;
    if (topo == 2 && (c2 < 0 || c2 >= kd)) return -1;
    if (topo == 3) c2 = c ^ 1;
    c2 = (c2 + kd) % kd;
    return x + (c2 - c) * stride;
  endfunction

  // node reached through output port p of node x, -1 if the port is unconnected
  function automatic int nbr(input int topo, input logic [63:0] k, input int x, input int p);
    return step(topo, k, x, p, 0);
  endfunction

  // the node whose output port p feeds input port p of x, -1 if none: the neighbour
  // in the opposite direction (the input port is named after the direction of travel)
  function automatic int upstream(input int topo, input logic [63:0] k, input int x, input int p);
    return step(topo, k, x, p, 1);
  endfunction

endpackage
