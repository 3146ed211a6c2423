// flitnet_router: one wormhole virtual-channel router, docs/microarchitecture.md §4-§5
// bit for bit. Every output is a function of this router's registers (§1): the link
// flits come from the output buffers, the credit wires from the crossbar moves, which
// depend on state(t) only. Inputs are only stored: flits into the input FIFOs, credits
// into the credit counters.
//
// Index conventions (as in the contract): input VC q = i*V + v, output VC j = o*V + w,
// port P-1 (= PN) is the local port. Candidate masks are 2 levels x P ports x V VCs,
// bit (l*P + o)*V + w.
//
// Registers live in the named generate blocks g_ip[i].g_vc[v] (input VCs),
// g_op[o].g_vc[w] (output VCs) and g_op[o] (arbiter pointers); the central
// combinational stages read them through flat vectors. The waves (docs/rtl.md) show
// those per-VC signals and the LFSR; the ports and flat vectors carry the same
// information and are not traced, which keeps the traced Verilated model small.
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
// the concurrent properties (flitnet_router_props): Verilator's builds with the assertions
`ifdef FLITNET_ASSERT
`ifdef VERILATOR
`define FLITNET_PROPS
// a flit's 8-bit signature, the XOR of its bytes: the FIFO shadows keep it for each flit
// held, where the whole flit would cost 8x the bits (a macro: Verilator names a function's
// temporaries per call and instance, which would give every router its own code)
`define FLITNET_SIG(f) (f[7:0] ^ f[15:8] ^ f[23:16] ^ f[31:24] ^ f[39:32] ^ f[47:40] ^ f[55:48] ^ f[63:56])
`endif
`endif
module flitnet_router #(
  parameter int          TOPO       = 0,          // flitnet_pkg::topo_e
  parameter int          NDIM       = 2,          // dimensions n
  parameter logic [63:0] K          = 64'h0808,   // radix k_d at bits 8d +: 8 (2 for a hypercube)
  parameter int          P          = 5,          // ports including the local port
  parameter int          V          = 2,          // VCs per physical channel
  parameter int          B          = 1,          // input buffer depth per VC
  parameter int          BO         = 1,          // output buffer depth per VC
  parameter int          ROUTING    = 0,          // flitnet_pkg::routing_e (flitnet_route)
  parameter int          DATELINE   = 1,          // dateline VC classes of `dor` and `swft` on tori
  parameter int          ESCAPE_VCS = 0,          // duato_*: escape VCs E (0: the number of classes)
  parameter int          TIMEOUT    = 0,          // tau > 0: level 1 only after tau cycles of waiting
  parameter int          FRING      = 0,          // 1: f-ring layer over the routing, ring VCs V-2n .. V-1
  parameter int          A          = 6,          // address bits of the flit
  parameter int          HW         = 4,          // bits per routing counter of the flit
  parameter int          VW         = (V > 1) ? $clog2(V) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [A-1:0]    node_id_i,
  input  logic [15:0]     lfsr_seed_i,   // reset value of the LFSR (§8)
  input  logic            sel_random_i,  // select = random (1) or first (0)
  input  logic [P-2:0]    faulty_nbr_i,  // per network port: the neighbour is faulty or disabled (§4)
  input  logic [2*P-3:0]  ring_ok_i,     // bit 2p + o: f-ring side o behind port p exists (§4, §6.5)
  // flits arriving, one channel per input port; input port PN is the injection channel
  input  logic [P-1:0]    in_valid_i,
  input  logic [P*VW-1:0] in_vc_i,
  input  logic [P*64-1:0] in_flit_i,
  // credits returned upstream: per input port the mask of VCs whose head moved
  output logic [P*V-1:0]  cr_o,
  // flits leaving, one channel per output port; output port PN is the ejection channel
  output logic [P-1:0]    out_valid_o,
  output logic [P*VW-1:0] out_vc_o,
  output logic [P*64-1:0] out_flit_o,
  // credits from downstream, per output port (the local port has none)
  input  logic [P*V-1:0]  cr_i
);
  // one copy of the router's code for all instances (Verilator would otherwise
  // flatten N routers into the top and compile N copies)
  /* verilator no_inline_module */

  localparam int PN  = P - 1;
  localparam int PV  = P * V;
  localparam int PW  = (P > 1) ? $clog2(P) : 1;
  localparam int QW  = (PV > 1) ? $clog2(PV) : 1;
  localparam int IBW = $clog2(B + 1);
  localparam int OBW = $clog2(BO + 1);
  localparam int CRW = $clog2(B + 1);

  localparam logic [15:0] LFSR_TAPS = 16'hB400;

  // ------------------------------------------------------------------ shared state
  /* verilator tracing_on */
  logic [15:0]       lfsr;
  /* verilator tracing_off */
  logic [8*NDIM-1:0] node_coord;

  flitnet_coord #(.NDIM(NDIM), .K(K), .A(A)) u_coord (.id_i(node_id_i), .coord_o(node_coord));

  flitnet_lfsr #(.TAPS(LFSR_TAPS)) u_lfsr (
    .clk_i, .rst_ni, .seed_i(lfsr_seed_i), .state_o(lfsr)
  );

  // input VCs (q = i*V + v)
  wire  [PV-1:0]      ivc_active;        // registers
  wire  [PW-1:0]      ivc_oport  [PV];
  wire  [VW-1:0]      ivc_ovc    [PV];
  wire  [PV-1:0]      ib_ne;             // FIFO not empty
  wire  [PV-1:0]      ib_tail;           // the flit at the FIFO head is a tail
  wire  [63:0]        flit_rw    [PV];   // that flit as it enters the output buffer
  wire  [2*PV-1:0]    cand       [PV];   // routing candidates of that flit
  wire  [PV-1:0]      lvl1_ok;           // level-1 candidates count (§5.1 step 2)
  wire  [PV-1:0]      sel_valid;         // VA steps 1-3: made a request
  wire  [PV-1:0]      sel_oh     [PV];   // ... for this output VC (one-hot over o*V + w)
  logic [PV-1:0]      req;               // idle with a head waiting
  logic [PV-1:0]      gnt;               // VA grant this cycle
  logic [PW-1:0]      tgt_port   [PV];   // where the head flit goes this cycle
  logic [VW-1:0]      tgt_ovc    [PV];
  logic [QW-1:0]      tgt_j      [PV];   // ... as o*V + w
  logic [PV-1:0]      move;              // head flit crosses the crossbar
  logic [PV-1:0]      ivc_active_d;
  logic [PW-1:0]      ivc_oport_d [PV];
  logic [VW-1:0]      ivc_ovc_d   [PV];
`ifdef FLITNET_ASSERT
  wire  [PV-1:0]      a_ib_push;         // the FIFO's push and occupancy, for the invariants
  wire  [IBW-1:0]     a_ib_cnt   [PV];
`endif

  // output VCs (j = o*V + w)
  wire  [PV-1:0]      ovc_busy;          // registers
  logic [PV-1:0]      ovc_draining;      // network OVC with a credit out: credit < B
  wire  [CRW-1:0]     ovc_credit [PV];
  wire  [QW-1:0]      ovc_owner  [PV];   // input VC granted the OVC last
  wire  [PV-1:0]      ob_ne;             // FIFO not empty
  wire  [PV-1:0]      ob_full;           // FIFO holds BO flits
  wire  [63:0]        ob_head    [PV];
  wire  [PV-1:0]      ob_tail;           // the flit at the FIFO head is a tail
  logic [PV-1:0]      ob_push;
  logic [63:0]        ob_din     [PV];
  logic [PV-1:0]      ovc_busy_d;
  logic [CRW-1:0]     ovc_credit_d [PV];
  logic [QW-1:0]      ovc_owner_d  [PV];
  logic [QW-1:0]      own        [PV];   // the owner as of this cycle's grants

  // output ports
  wire  [QW-1:0]      va_ptr     [P];    // registers
  wire  [VW-1:0]      link_ptr   [P];
  logic [PV-1:0]      va_req     [P];    // requesters that selected one of the port's VCs
  wire  [PV-1:0]      va_gnt     [P];
  wire  [QW-1:0]      va_idx     [P];
  wire  [P-1:0]       va_any;
  logic [VW-1:0]      va_w       [P];    // the OVC the port grants
  logic [PV-1:0]      link_elig;
  wire  [PV-1:0]      link_gnt;          // the OVC whose flit leaves this cycle
  wire  [VW-1:0]      link_idx   [P];
  wire  [P-1:0]       link_any;
  logic [QW-1:0]      va_ptr_d   [P];
  logic [VW-1:0]      link_ptr_d [P];
  logic [PV-1:0]      room;              // output buffer has room at the end of the cycle

`ifdef FLITNET_PROPS
  // the properties' conditions, one bit a VC, and what their messages show: the FIFOs'
  // occupancy and head signature beside their shadows' (count, oldest signature), the
  // output VCs' flits sent and not yet credited. The shadows are registers the design
  // never reads, updated from the inputs only at the clock (a combinational path from an
  // input would make Verilator compile the router once per instance)
  wire  [PV-1:0]      a_credit_ok, a_ib_ok, a_ob_ok;
  wire  [7:0]         a_ib_sig   [PV], a_ib_old [PV], a_ob_sig [PV], a_ob_old [PV];
  wire  [31:0]        a_ib_n     [PV], a_ob_n   [PV], a_ob_cnt [PV], a_sent   [PV];
`endif

  // ------------------------------------------------------------------ input VCs
  /* verilator tracing_on */
  for (genvar i = 0; i < P; i++) begin : g_ip
    // the channel of this port, named for the waves
    wire          in_valid = in_valid_i[i];
    wire [VW-1:0] in_vc    = in_vc_i[i*VW +: VW];
    wire [63:0]   in_flit  = in_flit_i[i*64 +: 64];
    wire [V-1:0]  cr       = cr_o[i*V +: V];  // named for the waves

    for (genvar v = 0; v < V; v++) begin : g_vc
      localparam int Q = i * V + v;
      localparam logic [15:0] R_OFF = 16'((Q * 40503) % 65536);  // q * 0x9E37 mod 2^16

      logic           active_q;
      logic [PW-1:0]  oport_q;
      logic [VW-1:0]  ovc_q;
      wire  [IBW-1:0] cnt;         // FIFO occupancy
      wire  [63:0]    head;        // flit at the FIFO head
      /* verilator tracing_off */
      wire  [63:0]    rewritten;
      wire  [V-1:0]   esc;         // the routing's escape VCs (a constant)
      wire  [PV-1:0]  taken;       // OVCs this requester cannot be granted (§5.1 step 1)
      /* verilator tracing_on */
      // named for the waves
      wire            requesting = req[Q];
      wire            granted    = gnt[Q];
      wire            moving     = move[Q];

      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          active_q <= 1'b0;
          oport_q  <= '0;
          ovc_q    <= '0;
        end else begin
          active_q <= ivc_active_d[Q];
          oport_q  <= ivc_oport_d[Q];
          ovc_q    <= ivc_ovc_d[Q];
        end
      end
      assign ivc_active[Q] = active_q;
      assign ivc_oport[Q]  = oport_q;
      assign ivc_ovc[Q]    = ovc_q;

      // §5.1 step 2, time-out: cycles of requesting without a grant, saturating at
      // 65535; level-1 candidates count from wait >= tau on
      if (TIMEOUT > 0) begin : g_wait
        logic [15:0] wait_q;
        /* verilator tracing_off */
        logic [15:0] wait_d;
        /* verilator tracing_on */
        assign wait_d = !(req[Q] && !gnt[Q]) ? '0 : (wait_q == 16'hFFFF) ? wait_q : wait_q + 1'b1;
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) wait_q <= '0;
          else         wait_q <= wait_d;
        end
        assign lvl1_ok[Q] = 32'(wait_q) >= TIMEOUT;
      end else begin : g_no_wait
        assign lvl1_ok[Q] = 1'b1;
      end

      // a flit is pushed at the end of the cycle it arrives in, after the pops (§5.4)
      // its invariants are checked below, in loops over the VCs (CHECK = 0)
      flitnet_fifo #(.DEPTH(B), .WIDTH(64), .CW(IBW), .CHECK(1'b0)) u_ib (
        .clk_i, .rst_ni,
        .push_i (in_valid && in_vc == VW'(v)),
        .data_i (in_flit),
        .pop_i  (move[Q]),
        .head_o (head),
        .cnt_o  (cnt)
      );
      assign ib_ne[Q]   = cnt != '0;
      assign ib_tail[Q] = head[flitnet_pkg::FLIT_TAIL];
`ifdef FLITNET_ASSERT
      assign a_ib_push[Q] = in_valid && in_vc == VW'(v);
      assign a_ib_cnt[Q]  = cnt;
`endif
`ifdef FLITNET_PROPS
      /* verilator tracing_off */
      // the FIFO's shadow: what it should hold
      wire [IBW-1:0] a_n_q;
      flitnet_fifo_shadow #(.DEPTH(B), .CW(IBW)) u_ib_shadow (
        .clk_i, .rst_ni,
        .push_i   (in_valid && in_vc == VW'(v)),
        .sig_i    (`FLITNET_SIG(in_flit)),
        .pop_i    (move[Q]),
        .cnt_o    (a_n_q),
        .oldest_o (a_ib_old[Q])
      );
      assign a_ib_sig[Q] = `FLITNET_SIG(head);
      assign a_ib_n[Q]   = 32'(a_n_q);
      assign a_ib_ok[Q]  = cnt == a_n_q && (a_n_q == '0 || a_ib_sig[Q] == a_ib_old[Q]);
      /* verilator tracing_on */
`endif

      flitnet_route #(
        .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .ROUTING(ROUTING),
        .DATELINE(DATELINE), .ESCAPE_VCS(ESCAPE_VCS), .FRING(FRING), .INPORT(i), .A(A), .HW(HW),
        .PW(PW), .VW(VW)
      ) u_route (
        .node_id_i, .node_coord_i(node_coord), .faulty_nbr_i, .ring_ok_i,
        .head_i  (head),
        .cand_o  (cand[Q]),
        .oport_i (tgt_port[Q]),
        .ovc_i   (tgt_ovc[Q]),
        .head_o  (rewritten),
        .esc_o   (esc)
      );
      // §5.1 step 1: busy OVCs, and adaptive ones whose downstream buffer still holds flits
      assign taken = ovc_busy | (ovc_draining & ~{P{esc}});
      // only head flits are rewritten (§5.3)
      assign flit_rw[Q] = head[flitnet_pkg::FLIT_HEAD] ? rewritten : head;

      flitnet_vc_select #(.PV(PV)) u_sel (
        .req_i        (req[Q]),
        .cand_i       (cand[Q]),
        .lvl1_ok_i    (lvl1_ok[Q]),
        .busy_i       (taken),
        .sel_random_i,
        .rand_i       (lfsr + R_OFF),
        .valid_o      (sel_valid[Q]),
        .sel_oh_o     (sel_oh[Q])
      );
    end
  end

  // ------------------------------------------------------------------ output ports
  for (genvar o = 0; o < P; o++) begin : g_op
    logic [QW-1:0] va_ptr_q;
    logic [VW-1:0] link_ptr_q;
    // named for the waves
    wire           out_valid = out_valid_o[o];
    wire  [VW-1:0] out_vc    = out_vc_o[o*VW +: VW];
    wire  [63:0]   out_flit  = out_flit_o[o*64 +: 64];

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        va_ptr_q   <= '0;
        link_ptr_q <= '0;
      end else begin
        va_ptr_q   <= va_ptr_d[o];
        link_ptr_q <= link_ptr_d[o];
      end
    end
    assign va_ptr[o]   = va_ptr_q;
    assign link_ptr[o] = link_ptr_q;

    // §5.1 step 4: one grant per output port, first q >= va_ptr circularly
    flitnet_rr_arb #(.N(PV), .IW(QW)) u_va_arb (
      .req_i   (va_req[o]),
      .ptr_i   (va_ptr_q),
      .gnt_o   (va_gnt[o]),
      .idx_o   (va_idx[o]),
      .valid_o (va_any[o])
    );

    // §5.2: the link arbiter, first eligible w >= link_ptr circularly
    flitnet_rr_arb #(.N(V), .IW(VW)) u_link_arb (
      .req_i   (link_elig[o*V +: V]),
      .ptr_i   (link_ptr_q),
      .gnt_o   (link_gnt[o*V +: V]),
      .idx_o   (link_idx[o]),
      .valid_o (link_any[o])
    );

    // the link: the granted output buffer's head, or nothing (vc = 0, flit = 0)
    logic [63:0] link_flit;
    always_comb begin
      link_flit = 64'h0;
      for (int w = 0; w < V; w++)
        if (link_gnt[o*V + w]) link_flit = ob_head[o*V + w];
    end
    assign out_valid_o[o]         = link_any[o];
    assign out_vc_o[o*VW +: VW]   = link_any[o] ? link_idx[o] : '0;
    assign out_flit_o[o*64 +: 64] = link_flit;

    for (genvar w = 0; w < V; w++) begin : g_vc
      localparam int J = o * V + w;

      logic           busy_q;
      logic [CRW-1:0] credit_q;
      logic [QW-1:0]  owner_q;
      wire  [OBW-1:0] cnt;         // FIFO occupancy
      wire  [63:0]    head;        // flit at the FIFO head
      wire            sending = link_gnt[J];  // named for the waves

      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          busy_q   <= 1'b0;
          credit_q <= CRW'(B);
          owner_q  <= '0;
        end else begin
          busy_q   <= ovc_busy_d[J];
          credit_q <= ovc_credit_d[J];
          owner_q  <= ovc_owner_d[J];
        end
      end
      assign ovc_busy[J]   = busy_q;
      assign ovc_credit[J] = credit_q;
      assign ovc_draining[J] = o != PN && credit_q != CRW'(B);
      assign ovc_owner[J]  = owner_q;

      flitnet_fifo #(.DEPTH(BO), .WIDTH(64), .CW(OBW), .CHECK(1'b0)) u_ob (
        .clk_i, .rst_ni,
        .push_i (ob_push[J]),
        .data_i (ob_din[J]),
        .pop_i  (link_gnt[J]),
        .head_o (head),
        .cnt_o  (cnt)
      );
      assign ob_ne[J]   = cnt != '0;
      assign ob_full[J] = cnt == OBW'(BO);
      assign ob_head[J] = head;
      assign ob_tail[J] = head[flitnet_pkg::FLIT_TAIL];
`ifdef FLITNET_PROPS
      /* verilator tracing_off */
      // the FIFO's shadow, as the input FIFOs' above, and the flits sent on the VC whose
      // credit has not come back
      wire [OBW-1:0] a_n_q;
      flitnet_fifo_shadow #(.DEPTH(BO), .CW(OBW)) u_ob_shadow (
        .clk_i, .rst_ni,
        .push_i   (ob_push[J]),
        .sig_i    (`FLITNET_SIG(ob_din[J])),
        .pop_i    (link_gnt[J]),
        .cnt_o    (a_n_q),
        .oldest_o (a_ob_old[J])
      );
      logic [CRW:0] a_sent_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)       a_sent_q <= '0;
        else if (o != PN) a_sent_q <= a_sent_q + (CRW + 1)'(link_gnt[J]) - (CRW + 1)'(cr_i[J]);
      end
      assign a_ob_sig[J]    = `FLITNET_SIG(head);
      assign a_ob_n[J]      = 32'(a_n_q);
      assign a_ob_cnt[J]    = 32'(cnt);
      assign a_ob_ok[J]     = cnt == a_n_q && (a_n_q == '0 || a_ob_sig[J] == a_ob_old[J]);
      assign a_sent[J]      = 32'(a_sent_q);
      assign a_credit_ok[J] = o == PN || 32'(credit_q) + 32'(a_sent_q) == B;
      /* verilator tracing_on */
`endif
    end
  end

  // ------------------------------------------------------------------ §5.1 RC + VA
  assign req = ~ivc_active & ib_ne;

  // requests per output port: the port of the selected OVC
  always_comb begin
    for (int o = 0; o < P; o++)
      for (int q = 0; q < PV; q++)
        va_req[o][q] = sel_valid[q] && (|sel_oh[q][o*V +: V]);
  end

  // grants, and where each head goes this cycle (granted now, or owned since earlier)
  always_comb begin
    gnt = '0;
    for (int o = 0; o < P; o++) gnt = gnt | va_gnt[o];
    for (int q = 0; q < PV; q++) begin
      tgt_port[q] = ivc_oport[q];
      tgt_ovc[q]  = ivc_ovc[q];
      if (gnt[q]) begin
        for (int o = 0; o < P; o++)
          for (int w = 0; w < V; w++)
            if (sel_oh[q][o*V + w]) begin
              tgt_port[q] = PW'(o);
              tgt_ovc[q]  = VW'(w);
            end
      end
      tgt_j[q] = QW'(tgt_port[q]) * QW'(V) + QW'(tgt_ovc[q]);
    end
    // the OVC each port grants
    for (int o = 0; o < P; o++) va_w[o] = tgt_ovc[va_idx[o]];
  end

  // ------------------------------------------------------------------ §5.2 links
  always_comb begin
    for (int o = 0; o < P; o++)
      for (int w = 0; w < V; w++)
        link_elig[o*V + w] = ob_ne[o*V + w] && (o == PN || ovc_credit[o*V + w] != '0);
  end

  // ------------------------------------------------------------------ §5.3 crossbar
  always_comb begin
    // room at the end of the cycle: below Bo now, or the link pops the head
    room = ~ob_full | link_gnt;
    for (int q = 0; q < PV; q++)
      move[q] = (ivc_active[q] || gnt[q]) && ib_ne[q] && room[tgt_j[q]];
    // each output VC has one owner: the input VC granted it last (this cycle or before);
    // the owner moves into it if its head moves and it still targets this OVC
    for (int o = 0; o < P; o++)
      for (int w = 0; w < V; w++) begin
        own[o*V + w] = ovc_owner[o*V + w];
        if (va_any[o] && va_w[o] == VW'(w)) own[o*V + w] = va_idx[o];
        ob_push[o*V + w] = move[own[o*V + w]] && tgt_j[own[o*V + w]] == QW'(o*V + w);
        ob_din[o*V + w]  = flit_rw[own[o*V + w]];
      end
  end

  // §5.4: the credit wires are the moves of this cycle
  assign cr_o = move;

  // ------------------------------------------------------------------ next state
  always_comb begin
    for (int q = 0; q < PV; q++) begin
      ivc_active_d[q] = ivc_active[q];
      ivc_oport_d[q]  = ivc_oport[q];
      ivc_ovc_d[q]    = ivc_ovc[q];
      if (gnt[q]) begin
        ivc_active_d[q] = 1'b1;
        ivc_oport_d[q]  = tgt_port[q];
        ivc_ovc_d[q]    = tgt_ovc[q];
      end
      if (move[q] && ib_tail[q]) ivc_active_d[q] = 1'b0;  // the tail left
    end
  end

  always_comb begin
    for (int o = 0; o < P; o++) begin
      for (int w = 0; w < V; w++) begin
        // set by a grant, cleared when the tail leaves on the link (§5.2)
        ovc_busy_d[o*V + w]  = ovc_busy[o*V + w];
        ovc_owner_d[o*V + w] = ovc_owner[o*V + w];
        if (va_any[o] && va_w[o] == VW'(w)) begin
          ovc_busy_d[o*V + w]  = 1'b1;
          ovc_owner_d[o*V + w] = va_idx[o];
        end
        if (link_gnt[o*V + w] && ob_tail[o*V + w]) ovc_busy_d[o*V + w] = 1'b0;
        // credits: +1 per returned credit, -1 per flit sent (network ports only)
        ovc_credit_d[o*V + w] = ovc_credit[o*V + w];
        if (o != PN)
          ovc_credit_d[o*V + w] = ovc_credit[o*V + w] + CRW'(cr_i[o*V + w]) - CRW'(link_gnt[o*V + w]);
      end
      va_ptr_d[o] = va_ptr[o];
      if (va_any[o]) va_ptr_d[o] = (va_idx[o] == QW'(PV - 1)) ? '0 : va_idx[o] + 1'b1;
      link_ptr_d[o] = link_ptr[o];
      if (link_any[o]) link_ptr_d[o] = (link_idx[o] == VW'(V - 1)) ? '0 : link_idx[o] + 1'b1;
    end
  end

`ifdef FLITNET_ASSERT
  // ------------------------------------------------------------------ invariants
  // The contract's invariants, checked at every clock edge out of reset when
  // FLITNET_ASSERT is defined (the co-simulation's models: verilator --assert); synthesis
  // never sees them. Immediate assertions in a plain `always`: Icarus 11 has no
  // concurrent ones and warns about $error in always_ff; the reset in its sensitivity
  // list keeps rst_ni an asynchronous net only.
  /* verilator tracing_off */
  logic [PV-1:0] a_worm_q;          // per OVC: a head went into its buffer, its tail not yet
  logic [QW-1:0] a_act_j [PV];      // the OVC an input VC sends to
  always_comb begin
    for (int q = 0; q < PV; q++) a_act_j[q] = QW'(ivc_oport[q]) * QW'(V) + QW'(ivc_ovc[q]);
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) a_worm_q <= '0;
    else begin
      for (int j = 0; j < PV; j++)
        if (ob_push[j]) a_worm_q[j] <= !ob_din[j][flitnet_pkg::FLIT_TAIL];
    end
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      for (int j = 0; j < PV; j++) begin
        // §5.4: credits within 0 .. B; a credit comes back only for a flit sent
        `FLITNET_CHECK(32'(ovc_credit[j]) <= B,
          ("%m: output VC %0d holds %0d credits, more than B = %0d", j, ovc_credit[j], B))
        `FLITNET_CHECK(j / V == PN || !cr_i[j] || ovc_credit[j] != CRW'(B) || link_gnt[j],
          ("%m: a credit came back to output VC %0d, which holds all B = %0d", j, B))
        // §5.2: a flit leaves on a network port only with a credit
        `FLITNET_CHECK(j / V == PN || !link_gnt[j] || ovc_credit[j] != '0,
          ("%m: a flit left on output VC %0d without a credit", j))
        // §5.3: worms do not interleave on an output VC: a head only after the last
        // worm's tail, a body or tail only inside a worm
        `FLITNET_CHECK(!ob_push[j] || ob_din[j][flitnet_pkg::FLIT_HEAD] == !a_worm_q[j],
          ("%m: output VC %0d took %s", j,
           a_worm_q[j] ? "a head inside a worm" : "a body or tail flit outside a worm"))
        // the FIFOs' own invariants (flitnet_fifo with CHECK = 0): never written when full
        // unless the head leaves in the same cycle, never read when empty. Checked here,
        // in loops, rather than in each FIFO: a Verilated model holds each assertion's
        // message (%m) once per instance, so 2 PV of them in every router made per-router
        // copies of the router's code (3x slower co-simulation, docs/rtl.md "Speed")
        `FLITNET_CHECK(!ob_push[j] || link_gnt[j] || !ob_full[j],
          ("%m: output VC %0d: a flit written into its full FIFO (%0d entries)", j, BO))
        `FLITNET_CHECK(!link_gnt[j] || ob_ne[j],
          ("%m: output VC %0d: a flit read from its empty FIFO", j))
        `FLITNET_CHECK(!a_ib_push[j] || move[j] || 32'(a_ib_cnt[j]) != B,
          ("%m: input VC %0d: a flit written into its full FIFO (%0d entries)", j, B))
        `FLITNET_CHECK(!move[j] || a_ib_cnt[j] != '0,
          ("%m: input VC %0d: a flit read from its empty FIFO", j))
      end
      // §5.1: an output VC is granted only while free
      for (int o = 0; o < P; o++)
        `FLITNET_CHECK(!va_any[o] || !ovc_busy[o*V + 32'(va_w[o])],
          ("%m: output port %0d granted its busy VC %0d", o, va_w[o]))
      // §4: one owner per output VC: an active input VC owns the busy output VC it sends to
      for (int q = 0; q < PV; q++)
        `FLITNET_CHECK(!ivc_active[q] || (ovc_busy[a_act_j[q]] && ovc_owner[a_act_j[q]] == QW'(q)),
          ("%m: input VC %0d sends to output VC %0d, which is %s", q, a_act_j[q],
           ovc_busy[a_act_j[q]] ? "owned by another" : "free"))
    end
  end

  // Bounded liveness of the two round-robin arbiters (§5.1 step 4, §5.2). A requester
  // that selects an OVC of port o and loses moves va_ptr[o] strictly closer to itself
  // (circularly), so while it keeps requesting that port its losses in a row plus that
  // distance stay below PV: it is granted within PV cycles. An eligible output VC stays
  // eligible until it is sent (only its own send pops its buffer or takes its credit), and
  // each send of another VC moves link_ptr[o] closer to it: it waits fewer than V cycles.
  // Stated as those sums, which hold from step to step (the bound alone would need PV
  // steps of unrolling to be reached, the sums are inductive).
  // per requester q: losses in a row at one port (LW bits at q*LW) and that port; per
  // output VC j: eligible cycles without the link (TW bits at j*TW). Flat vectors: Verilator
  // does not take delayed assignments to unpacked arrays in loops
  localparam int LW = QW + 1;
  localparam int TW = VW + 1;
  logic [PV*LW-1:0] a_va_lost_q, a_va_lost_d;
  logic [PV*PW-1:0] a_va_port_q, a_va_port_d;
  logic [PV*TW-1:0] a_link_wait_q, a_link_wait_d;
  int               a_va_dist [PV], a_link_dist [PV];  // from the arbiter's pointer
  always_comb begin
    a_va_port_d = a_va_port_q;
    for (int q = 0; q < PV; q++) begin
      for (int o = 0; o < P; o++)
        if (va_req[o][q]) a_va_port_d[q*PW +: PW] = PW'(o);
      if (!sel_valid[q] || gnt[q]) a_va_lost_d[q*LW +: LW] = '0;
      else if (a_va_lost_q[q*LW +: LW] != '0 && a_va_port_q[q*PW +: PW] != a_va_port_d[q*PW +: PW])
        a_va_lost_d[q*LW +: LW] = LW'(1);
      else if (32'(a_va_lost_q[q*LW +: LW]) == PV) a_va_lost_d[q*LW +: LW] = a_va_lost_q[q*LW +: LW];
      else a_va_lost_d[q*LW +: LW] = a_va_lost_q[q*LW +: LW] + 1'b1;
      a_va_dist[q] = (q >= 32'(va_ptr[a_va_port_q[q*PW +: PW]])) ? q - 32'(va_ptr[a_va_port_q[q*PW +: PW]])
                     : q + PV - 32'(va_ptr[a_va_port_q[q*PW +: PW]]);
    end
    for (int j = 0; j < PV; j++) begin
      if (!link_elig[j] || link_gnt[j]) a_link_wait_d[j*TW +: TW] = '0;
      else if (32'(a_link_wait_q[j*TW +: TW]) == V) a_link_wait_d[j*TW +: TW] = a_link_wait_q[j*TW +: TW];
      else a_link_wait_d[j*TW +: TW] = a_link_wait_q[j*TW +: TW] + 1'b1;
      a_link_dist[j] = (j % V >= 32'(link_ptr[j / V])) ? j % V - 32'(link_ptr[j / V])
                       : j % V + V - 32'(link_ptr[j / V]);
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_va_lost_q   <= '0;
      a_va_port_q   <= '0;
      a_link_wait_q <= '0;
    end else begin
      a_va_lost_q   <= a_va_lost_d;
      a_va_port_q   <= a_va_port_d;
      a_link_wait_q <= a_link_wait_d;
    end
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      // §5.1 step 4: a requester of one port is granted within PV cycles (round robin)
      for (int q = 0; q < PV; q++)
        `FLITNET_CHECK(a_va_lost_q[q*LW +: LW] == '0 || 32'(a_va_lost_q[q*LW +: LW]) + a_va_dist[q] < PV,
          ("%m: input VC %0d lost VA at output port %0d %0d times in a row, the pointer %0d from it",
           q, a_va_port_q[q*PW +: PW], a_va_lost_q[q*LW +: LW], a_va_dist[q]))
      // §5.2: an eligible output VC is sent within V cycles (round robin)
      for (int j = 0; j < PV; j++)
        `FLITNET_CHECK(a_link_wait_q[j*TW +: TW] == '0 || 32'(a_link_wait_q[j*TW +: TW]) + a_link_dist[j] < V,
          ("%m: output VC %0d eligible %0d cycles without the link, the pointer %0d from it",
           j, a_link_wait_q[j*TW +: TW], a_link_dist[j]))
    end
  end
`endif

`ifdef FLITNET_PROPS
  // the first VC that breaks each property, for its message
  logic [QW-1:0] a_credit_bad, a_ib_bad, a_ob_bad;
  always_comb begin
    a_credit_bad = '0;
    a_ib_bad     = '0;
    a_ob_bad     = '0;
    for (int j = PV - 1; j >= 0; j--) begin
      if (!a_credit_ok[j]) a_credit_bad = QW'(j);
      if (!a_ib_ok[j])     a_ib_bad     = QW'(j);
      if (!a_ob_ok[j])     a_ob_bad     = QW'(j);
    end
  end
  // one register that says the router has been reset: the harness clocks it before its
  // first reset, when Verilator's registers hold 0 (no credits), which no property covers
  logic a_live_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) a_live_q <= 1'b1;
    else         a_live_q <= a_live_q;
  end
  flitnet_router_props #(.PV(PV), .QW(QW), .B(B)) u_props (
    .clk_i, .rst_ni,
    .live_i          (a_live_q),
    .credit_ok_i     (a_credit_ok),
    .credit_bad_i    (a_credit_bad),
    .credit_i        (32'(ovc_credit[a_credit_bad])),
    .sent_i          (a_sent[a_credit_bad]),
    .ib_ok_i         (a_ib_ok),
    .ib_bad_i        (a_ib_bad),
    .ib_cnt_i        (32'(a_ib_cnt[a_ib_bad])),
    .ib_shadow_cnt_i (a_ib_n[a_ib_bad]),
    .ib_sig_i        (a_ib_sig[a_ib_bad]),
    .ib_shadow_sig_i (a_ib_old[a_ib_bad]),
    .ob_ok_i         (a_ob_ok),
    .ob_bad_i        (a_ob_bad),
    .ob_cnt_i        (a_ob_cnt[a_ob_bad]),
    .ob_shadow_cnt_i (a_ob_n[a_ob_bad]),
    .ob_sig_i        (a_ob_sig[a_ob_bad]),
    .ob_shadow_sig_i (a_ob_old[a_ob_bad])
  );
`endif

  // cr_i of the local port is not connected to anything that counts
  wire unused_local_cr = ^cr_i[PN*V +: V];
endmodule
