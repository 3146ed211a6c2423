// flitnet_rr_arb: grants the first request at or after the pointer, circularly
// (docs/microarchitecture.md §5.1 step 4 and §5.2). The pointer lives in the caller,
// which also decides how it moves.
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_rr_arb #(
  parameter int N  = 4,
  parameter int IW = (N > 1) ? $clog2(N) : 1
) (
  input  logic [N-1:0]  req_i,
  input  logic [IW-1:0] ptr_i,
  output logic [N-1:0]  gnt_o,
  output logic [IW-1:0] idx_o,
  output logic          valid_o
);
  logic          hi_found;
  logic [IW-1:0] hi_idx, lo_idx;

  always_comb begin
    hi_found = 1'b0;
    hi_idx   = '0;
    lo_idx   = '0;
    // downward scans: the last hit is the lowest index
    for (int j = N - 1; j >= 0; j--) begin
      if (req_i[j]) begin
        lo_idx = IW'(j);
        if (IW'(j) >= ptr_i) begin
          hi_found = 1'b1;
          hi_idx   = IW'(j);
        end
      end
    end
    valid_o = |req_i;
    idx_o   = hi_found ? hi_idx : lo_idx;
    gnt_o   = valid_o ? (N'(1) << idx_o) : '0;
  end
endmodule
