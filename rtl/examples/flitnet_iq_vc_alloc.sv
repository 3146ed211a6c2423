// flitnet_iq_vc_alloc: the second stage of the example router's VC allocator
// (docs/router-interface.md, "The worked example"), once per packet: every requesting
// input VC has selected one free output VC (flitnet_vc_select, the first stage); each
// output VC grants one of the input VCs that selected it, round robin from its own
// pointer. Several output VCs of one port may be granted in the same cycle (the
// reference router grants one per port).
module flitnet_iq_vc_alloc #(
  parameter int PV = 10,
  parameter int QW = (PV > 1) ? $clog2(PV) : 1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic [PV-1:0]     sel_valid_i,  // input VC q made a selection ...
  input  logic [PV*PV-1:0]  sel_oh_i,     // ... of output VC j: bit q*PV + j
  output logic [PV-1:0]     gnt_o,        // input VC q is granted ...
  output logic [PV*QW-1:0]  gnt_j_o,      // ... output VC gnt_j_o[q*QW +: QW]
  output logic [PV-1:0]     ovc_gnt_o     // output VC j was granted this cycle
);
  logic [PV-1:0] req  [PV];   // per output VC j: the input VCs that selected it
  logic [QW-1:0] idx  [PV];
  logic [PV-1:0] any;

  always_comb begin
    for (int j = 0; j < PV; j++)
      for (int q = 0; q < PV; q++) req[j][q] = sel_valid_i[q] && sel_oh_i[q*PV + j];
  end

  for (genvar j = 0; j < PV; j++) begin : g_ovc
    logic [QW-1:0] ptr_q;
    /* verilator lint_off PINCONNECTEMPTY */
    flitnet_rr_arb #(.N(PV), .IW(QW)) u_arb (
      .req_i   (req[j]),
      .ptr_i   (ptr_q),
      .gnt_o   (),
      .idx_o   (idx[j]),
      .valid_o (any[j])
    );
    /* verilator lint_on PINCONNECTEMPTY */
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)     ptr_q <= '0;
      else if (any[j]) ptr_q <= (idx[j] == QW'(PV - 1)) ? '0 : idx[j] + 1'b1;
    end
  end

  // each input VC selected one output VC, so it gets at most one grant
  always_comb begin
    gnt_o   = '0;
    gnt_j_o = '0;
    for (int j = 0; j < PV; j++)
      if (any[j]) begin
        gnt_o[idx[j]]                 = 1'b1;
        gnt_j_o[idx[j]*QW +: QW]      = QW'(j);
      end
  end
  assign ovc_gnt_o = any;
endmodule
