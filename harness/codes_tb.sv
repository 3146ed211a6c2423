// codes_tb: prints what rtl/flitnet_pkg.sv defines, in the format of harness/codes.c,
// so that harness/codes.sh can compare the two: every routing_e and topo_e value
// with its name (ROUTING_DOR_ESCAPE -> dor_escape), the routing's levels, and the flit
// layout for the (A, HW, n, V) of harness/codes.c. Built with verilator --binary (Icarus
// 11 cannot declare a variable of a package enum type nor print its name).
module codes_tb;
  // the same (A, HW, n, V) as codes.c
  localparam int NL = 5;
  // entry i at bits 8i +: 8 (Icarus 11 has no unpacked array parameters)
  localparam logic [8*NL-1:0] LA = {8'd14, 8'd8, 8'd10, 8'd6, 8'd4};
  localparam logic [8*NL-1:0] LH = {8'd9, 8'd4, 8'd6, 8'd5, 8'd3};
  localparam logic [8*NL-1:0] LN = {8'd2, 8'd6, 8'd3, 8'd2, 8'd2};
  localparam logic [8*NL-1:0] LV = {8'd10, 8'd7, 8'd32, 8'd10, 8'd2};

  initial begin
    flitnet_pkg::routing_e r;
    flitnet_pkg::topo_e    t;
    int                    a, hw, n, cw;
    r = r.first();
    for (int i = 0; i < r.num(); i++) begin
      $display("routing %s %0d %0d", r.name(), r, flitnet_pkg::ROUTING_TWO_LEVELS[r] + 1);
      r = r.next();
    end
    t = t.first();
    for (int i = 0; i < t.num(); i++) begin
      $display("topology %s %0d", t.name(), t);
      t = t.next();
    end
    for (int i = 0; i < NL; i++) begin
      a  = 32'(LA[8*i +: 8]);
      hw = 32'(LH[8*i +: 8]);
      n  = 32'(LN[8*i +: 8]);
      cw = flitnet_pkg::class_bits(32'(LV[8*i +: 8]));
      $display("layout A=%0d HW=%0d CW=%0d n=%0d: dst %0d hops %0d neg %0d bonus %0d ring %0d RW %0d kind %0d %0d",
               a, hw, cw, n, flitnet_pkg::FLIT_DST_LO, flitnet_pkg::flit_hops_lo(a),
               flitnet_pkg::flit_neg_lo(a, hw), flitnet_pkg::flit_bonus_lo(a, hw, cw),
               flitnet_pkg::flit_ring_lo(a, hw, cw), flitnet_pkg::flit_ring_w(n),
               flitnet_pkg::FLIT_HEAD, flitnet_pkg::FLIT_TAIL);
    end
    $finish;
  end
endmodule
