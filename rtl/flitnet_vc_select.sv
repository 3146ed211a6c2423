// flitnet_vc_select: steps 1-3 of VC allocation for one requester
// (docs/microarchitecture.md §5.1): free candidates, the best level that has one (level
// 1 only when the time-out allows it), and the selection among them ordered by o*V + w:
// the first, or the one at index floor(r_q * c / 65536).
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
module flitnet_vc_select #(
  parameter int PV = 10,
  parameter int CW = $clog2(PV + 1)
) (
  input  logic            req_i,        // idle input VC with a head flit
  input  logic [2*PV-1:0] cand_i,       // level l at bits l*PV +: PV
  input  logic            lvl1_ok_i,    // level 1 counts (no time-out, or it has expired)
  input  logic [PV-1:0]   busy_i,       // ovc_busy, state(t)
  input  logic            sel_random_i,
  input  logic [15:0]     rand_i,       // r_q = lfsr + q * 0x9E37 mod 2^16
  output logic            valid_o,      // a free candidate was selected
  output logic [PV-1:0]   sel_oh_o      // the selected output VC, one-hot over o*V + w
);
  logic [PV-1:0]    free0, free1, free;
  logic [CW-1:0]    count, idx, seen;
  logic [16+CW-1:0] prod;  // r_q * c; the selection index is prod >> 16

  assign free0 = cand_i[PV-1:0] & ~busy_i;
  assign free1 = lvl1_ok_i ? cand_i[2*PV-1:PV] & ~busy_i : '0;
  assign free  = (|free0) ? free0 : free1;

  always_comb begin
    count    = '0;
    idx      = '0;
    seen     = '0;
    prod     = '0;
    valid_o  = 1'b0;
    sel_oh_o = '0;
    if (req_i && (|free)) begin  // the rest is skipped when there is nothing to select
      valid_o = 1'b1;
      for (int j = 0; j < PV; j++) count = count + CW'(free[j]);
      prod = (16 + CW)'(rand_i) * (16 + CW)'(count);
      idx  = sel_random_i ? CW'(prod >> 16) : '0;
      for (int j = 0; j < PV; j++) begin
        if (free[j]) begin
          if (seen == idx) sel_oh_o[j] = 1'b1;
          seen = seen + 1'b1;
        end
      end
    end
  end
endmodule
