// flitnet_iq_router: the worked example of docs/router-interface.md, a conventional
// input-queued virtual-channel router of the kind the textbooks describe, built to the
// router port interface (not to the reference router's cycle-exact contract, so it is
// checked by the scoreboard, not in lockstep).
//
// Pipeline of a head flit: it is written into its input VC buffer (B flits) at the end
// of the cycle it arrives in; route computation (flitnet_route, the reference router's
// routing units) and the first VC-allocation stage (flitnet_vc_select: a free candidate
// of the best level) read it the next cycle, and the second stage (flitnet_iq_vc_alloc:
// one grant per output VC) allocates an output VC for the whole packet at the end of
// that cycle. From the following cycle on, the packet's flits compete in the separable
// switch allocator (flitnet_iq_sw_alloc: one flit per input port and per output port
// per cycle, a P x P crossbar) whenever the downstream buffer of their output VC has a
// credit; a winner leaves its input buffer (its credit goes upstream in the same cycle)
// and is written into the output port's link register, which drives the link the next
// cycle. There are no output buffers. The output VC is released when the tail crosses
// the switch; an adaptive VC (outside the routing's escape VCs) is allocated only once
// every credit of its downstream buffer is back, as the reference router does, which the
// routings' deadlock freedom relies on.
//
// Index conventions as in the reference router: input VC q = i*V + v, output VC
// j = o*V + w, port P-1 is the local port.
module flitnet_iq_router #(
  parameter int          TOPO       = 0,          // flitnet_pkg::topo_e
  parameter int          NDIM       = 2,          // dimensions n
  parameter logic [63:0] K          = 64'h0808,   // radix k_d at bits 8d +: 8
  parameter int          P          = 5,          // ports including the local port
  parameter int          V          = 2,          // VCs per physical channel
  parameter int          B          = 1,          // input buffer depth per VC (flits)
  parameter int          BO         = 1,          // output buffer depth: this router has none
  parameter int          ROUTING    = 0,          // flitnet_pkg::routing_e
  parameter int          DATELINE   = 1,
  parameter int          ESCAPE_VCS = 0,
  parameter int          TIMEOUT    = 0,          // tau > 0: level 1 only after tau cycles of waiting
  parameter int          FRING      = 0,
  parameter int          A          = 6,
  parameter int          HW         = 4,
  parameter int          VW         = (V > 1) ? $clog2(V) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [A-1:0]    node_id_i,
  input  logic [15:0]     lfsr_seed_i,
  input  logic            sel_random_i,
  input  logic [P-2:0]    faulty_nbr_i,
  input  logic [2*P-3:0]  ring_ok_i,
  input  logic [P-1:0]    in_valid_i,
  input  logic [P*VW-1:0] in_vc_i,
  input  logic [P*64-1:0] in_flit_i,
  output logic [P*V-1:0]  cr_o,
  output logic [P-1:0]    out_valid_o,
  output logic [P*VW-1:0] out_vc_o,
  output logic [P*64-1:0] out_flit_o,
  input  logic [P*V-1:0]  cr_i
);
  // one copy of the router's code for all instances of a Verilated network
  /* verilator no_inline_module */

  localparam int PN  = P - 1;
  localparam int PV  = P * V;
  localparam int PW  = (P > 1) ? $clog2(P) : 1;
  localparam int QW  = (PV > 1) ? $clog2(PV) : 1;
  localparam int IBW = $clog2(B + 1);
  localparam int CRW = $clog2(B + 1);

  logic [15:0]       lfsr;
  logic [8*NDIM-1:0] node_coord;

  flitnet_coord #(.NDIM(NDIM), .K(K), .A(A)) u_coord (.id_i(node_id_i), .coord_o(node_coord));
  flitnet_lfsr u_lfsr (.clk_i, .rst_ni, .seed_i(lfsr_seed_i), .state_o(lfsr));

  // input VCs
  wire  [PV-1:0]     ivc_active;
  wire  [VW-1:0]     ivc_ovc   [PV];
  wire  [PV-1:0]     ib_ne;
  wire  [PV-1:0]     ib_tail;
  wire  [63:0]       flit_out  [PV];    // the flit at the buffer head as it leaves (head rewritten)
  wire  [PV-1:0]     sel_valid;
  wire  [PV*PV-1:0]  sel_oh;
  wire  [PV-1:0]     sw_req;
  wire  [PV*PW-1:0]  sw_port;
  wire  [PV-1:0]     va_gnt;
  wire  [PV*QW-1:0]  va_gnt_j;
  wire  [PV-1:0]     ovc_gnt;
  wire  [PV-1:0]     sw_pick;
  wire  [PV-1:0]     sw_gnt;
  wire  [P-1:0]      out_any;
  wire  [P*PW-1:0]   out_in;

  // output VCs
  wire  [PV-1:0]     ovc_busy;
  wire  [CRW-1:0]    ovc_credit [PV];
  logic [PV-1:0]     ovc_draining;      // network output VC with a credit out
  logic [PV-1:0]     ovc_sent;          // a flit crossed the switch into it this cycle
  logic [PV-1:0]     ovc_tail;          // ... and it was the tail

  // what crosses the switch to each output port
  logic [QW-1:0]     out_q [P];

  for (genvar i = 0; i < P; i++) begin : g_ip
    wire          in_valid = in_valid_i[i];
    wire [VW-1:0] in_vc    = in_vc_i[i*VW +: VW];
    wire [63:0]   in_flit  = in_flit_i[i*64 +: 64];

    for (genvar v = 0; v < V; v++) begin : g_vc
      localparam int Q = i * V + v;
      localparam logic [15:0] R_OFF = 16'((Q * 40503) % 65536);

      logic           active_q;
      logic [PW-1:0]  oport_q;
      logic [VW-1:0]  ovc_q;
      wire  [IBW-1:0] cnt;
      wire  [63:0]    head;
      wire  [63:0]    rewritten;
      wire  [2*PV-1:0] cand;
      wire  [V-1:0]   esc;
      wire  [PV-1:0]  taken;
      wire            lvl1_ok;
      wire            active_d;
      wire  [PW-1:0]  oport_d;
      wire  [VW-1:0]  ovc_d;

      flitnet_fifo #(.DEPTH(B), .WIDTH(64), .CW(IBW)) u_ib (
        .clk_i, .rst_ni,
        .push_i (in_valid && in_vc == VW'(v)),
        .data_i (in_flit),
        .pop_i  (sw_gnt[Q]),
        .head_o (head),
        .cnt_o  (cnt)
      );
      assign ib_ne[Q]   = cnt != '0;
      assign ib_tail[Q] = head[flitnet_pkg::FLIT_TAIL];

      // the routing unit: candidates of the waiting head; the rewrite of the hop the
      // packet was allocated (read when the head crosses the switch)
      flitnet_route #(
        .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .ROUTING(ROUTING),
        .DATELINE(DATELINE), .ESCAPE_VCS(ESCAPE_VCS), .FRING(FRING), .INPORT(i), .A(A), .HW(HW),
        .PW(PW), .VW(VW)
      ) u_route (
        .node_id_i, .node_coord_i(node_coord), .faulty_nbr_i, .ring_ok_i,
        .head_i  (head),
        .cand_o  (cand),
        .oport_i (oport_q),
        .ovc_i   (ovc_q),
        .head_o  (rewritten),
        .esc_o   (esc)
      );
      assign flit_out[Q] = head[flitnet_pkg::FLIT_HEAD] ? rewritten : head;

      // time-out (TIMEOUT > 0): level-1 candidates after TIMEOUT cycles of waiting
      if (TIMEOUT > 0) begin : g_wait
        logic [15:0] wait_q;
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni)                                 wait_q <= '0;
          else if (active_q || !ib_ne[Q] || va_gnt[Q]) wait_q <= '0;
          else if (wait_q != 16'hFFFF)                 wait_q <= wait_q + 1'b1;
        end
        assign lvl1_ok = 32'(wait_q) >= TIMEOUT;
      end else begin : g_no_wait
        assign lvl1_ok = 1'b1;
      end

      // VA stage 1: a free candidate of the best level; adaptive VCs only when drained
      assign taken = ovc_busy | (ovc_draining & ~{P{esc}});
      flitnet_vc_select #(.PV(PV)) u_sel (
        .req_i        (!active_q && ib_ne[Q]),
        .cand_i       (cand),
        .lvl1_ok_i    (lvl1_ok),
        .busy_i       (taken),
        .sel_random_i,
        .rand_i       (lfsr + R_OFF),
        .valid_o      (sel_valid[Q]),
        .sel_oh_o     (sel_oh[Q*PV +: PV])
      );

      // SA request: an allocated packet with a flit, and a credit downstream
      assign sw_req[Q] = active_q && ib_ne[Q] &&
                         (oport_q == PW'(PN) || ovc_credit[QW'(oport_q) * QW'(V) + QW'(ovc_q)] != '0);
      assign sw_port[Q*PW +: PW] = oport_q;
      // VA grants allocate the packet its output VC; the tail crossing the switch frees it
      wire [QW-1:0] gnt_j = va_gnt_j[Q*QW +: QW];
      assign active_d = (va_gnt[Q] || active_q) && !(sw_gnt[Q] && ib_tail[Q]);
      assign oport_d  = va_gnt[Q] ? PW'(gnt_j / QW'(V)) : oport_q;
      assign ovc_d    = va_gnt[Q] ? VW'(gnt_j % QW'(V)) : ovc_q;

      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          active_q <= 1'b0;
          oport_q  <= '0;
          ovc_q    <= '0;
        end else begin
          active_q <= active_d;
          oport_q  <= oport_d;
          ovc_q    <= ovc_d;
        end
      end
      assign ivc_active[Q] = active_q;
      assign ivc_ovc[Q]    = ovc_q;
    end
  end

  // VA stage 2: one grant per output VC
  flitnet_iq_vc_alloc #(.PV(PV), .QW(QW)) u_va (
    .clk_i, .rst_ni,
    .sel_valid_i (sel_valid),
    .sel_oh_i    (sel_oh),
    .gnt_o       (va_gnt),
    .gnt_j_o     (va_gnt_j),
    .ovc_gnt_o   (ovc_gnt)
  );

  // switch allocation
  flitnet_iq_sw_alloc #(.P(P), .V(V), .PW(PW), .VW(VW)) u_sa (
    .clk_i, .rst_ni,
    .req_i     (sw_req),
    .port_i    (sw_port),
    .pick_o    (sw_pick),
    .gnt_o     (sw_gnt),
    .out_any_o (out_any),
    .out_in_o  (out_in)
  );

  // credits upstream: the flits that left their input buffer this cycle
  assign cr_o = sw_gnt;

  // the switch and the link registers
  always_comb begin
    ovc_sent = '0;
    ovc_tail = '0;
    for (int o = 0; o < P; o++) begin
      out_q[o] = '0;
      for (int v = 0; v < V; v++)
        if (sw_pick[32'(out_in[o*PW +: PW]) * V + v]) out_q[o] = QW'(32'(out_in[o*PW +: PW]) * V + v);
      if (out_any[o]) begin
        ovc_sent[32'(o) * V + 32'(ivc_ovc[out_q[o]])] = 1'b1;
        ovc_tail[32'(o) * V + 32'(ivc_ovc[out_q[o]])] = ib_tail[out_q[o]];
      end
    end
  end

  for (genvar o = 0; o < P; o++) begin : g_op
    logic          valid_q;
    logic [VW-1:0] vc_q;
    logic [63:0]   flit_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= 1'b0;
        vc_q    <= '0;
        flit_q  <= '0;
      end else begin
        valid_q <= out_any[o];
        vc_q    <= out_any[o] ? ivc_ovc[out_q[o]] : '0;
        flit_q  <= out_any[o] ? flit_out[out_q[o]] : '0;
      end
    end
    assign out_valid_o[o]         = valid_q;
    assign out_vc_o[o*VW +: VW]   = vc_q;
    assign out_flit_o[o*64 +: 64] = flit_q;

    for (genvar w = 0; w < V; w++) begin : g_vc
      localparam int J = o * V + w;
      logic           busy_q;
      logic [CRW-1:0] credit_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          busy_q   <= 1'b0;
          credit_q <= CRW'(B);
        end else begin
          // allocated by VA stage 2, released when the tail crosses the switch
          if (ovc_gnt[J])                     busy_q <= 1'b1;
          else if (ovc_sent[J] && ovc_tail[J]) busy_q <= 1'b0;
          // network ports: -1 per flit sent, +1 per credit back (the local port has none)
          if (o != PN) credit_q <= credit_q + CRW'(cr_i[J]) - CRW'(ovc_sent[J]);
        end
      end
      assign ovc_busy[J]     = busy_q;
      assign ovc_credit[J]   = credit_q;
      assign ovc_draining[J] = o != PN && credit_q != CRW'(B);
    end
  end

  // inputs this router has no use for: the local port's credit wires, the output
  // buffer depth (it has no output buffers), which input VC owns an output VC (the
  // switch allocator only needs the input side)
  wire unused_ok = ^{cr_i[PN*V +: V], BO, ivc_active};
endmodule
