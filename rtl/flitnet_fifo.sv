// flitnet_fifo: a DEPTH-entry FIFO with its head visible (docs/microarchitecture.md §4:
// ib and ob). The write slot is rd + cnt mod DEPTH whether or not the head pops in the
// same cycle, as in the C model, so stale slots hold the same bits on both sides.
// A push into a full FIFO that does not pop is excluded by the credit protocol (an
// assertion under FLITNET_ASSERT checks it; CHECK = 0 leaves that to the parent:
// flitnet_router checks its FIFOs in loops over the VCs, one copy of the code for all
// of them, where an assertion here is one copy per FIFO instance in a Verilated model).
// its signals appear in the waves through the router's per-VC names
/* verilator tracing_off */
`ifdef FLITNET_ASSERT
// FLITNET_CHECK(condition, (format, args...)): an immediate assertion with its message for
// the simulators; yosys 0.23 (read_verilog -formal, which defines FORMAL) reads no `else`
// after an assertion, so the formal build keeps the condition only
`ifndef FLITNET_CHECK
`ifdef FORMAL
`define FLITNET_CHECK(c, m) assert (c);
`else
`define FLITNET_CHECK(c, m) assert (c) else $error m;
`endif
`endif
`endif
module flitnet_fifo #(
  parameter int DEPTH = 1,
  parameter int WIDTH = 64,
  parameter int CW    = $clog2(DEPTH + 1),
  parameter bit CHECK = 1'b1  // the assertions below (under FLITNET_ASSERT)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [WIDTH-1:0] data_i,
  input  logic             pop_i,
  output logic [WIDTH-1:0] head_o,
  output logic [CW-1:0]    cnt_o
);
  logic [CW-1:0] cnt_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) cnt_q <= '0;
    else         cnt_q <= cnt_q + CW'(push_i) - CW'(pop_i);
  end
  assign cnt_o = cnt_q;

  if (DEPTH == 1) begin : g_one
    // one slot: it is always the head and the write slot
    logic [WIDTH-1:0] mem_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)     mem_q <= '0;
      else if (push_i) mem_q <= data_i;
    end
    assign head_o = mem_q;
  end else begin : g_ring
    localparam int PTRW = $clog2(DEPTH);
    localparam int SW   = PTRW + CW + 1;  // rd + cnt < 2 * DEPTH fits

    logic [DEPTH*WIDTH-1:0] mem_q;
    logic [PTRW-1:0]  rd_q, wr;
    logic [SW-1:0]    slot;

    always_comb begin
      slot = SW'(rd_q) + SW'(cnt_q);
      wr   = PTRW'((slot >= SW'(DEPTH)) ? slot - SW'(DEPTH) : slot);
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        rd_q  <= '0;
        mem_q <= '0;
      end else begin
        if (pop_i) rd_q <= (rd_q == PTRW'(DEPTH - 1)) ? '0 : rd_q + 1'b1;
        if (push_i) mem_q[wr*WIDTH +: WIDTH] <= data_i;
      end
    end
    assign head_o = mem_q[rd_q*WIDTH +: WIDTH];
  end

`ifdef FLITNET_ASSERT
  // never written when full (unless the head leaves in the same cycle), never read when
  // empty: the credit protocol guarantees both (§5.4); see flitnet_router's invariants
  if (CHECK) begin : g_check
    always @(posedge clk_i or negedge rst_ni) begin
      if (rst_ni) begin
        `FLITNET_CHECK(!push_i || pop_i || cnt_q != CW'(DEPTH),
          ("%m: a flit written into a full FIFO (%0d entries)", DEPTH))
        `FLITNET_CHECK(!pop_i || cnt_q != '0,
          ("%m: a flit read from an empty FIFO"))
      end
    end
  end
`else
  wire unused_check = CHECK;  // only the assertions read it
`endif
endmodule
