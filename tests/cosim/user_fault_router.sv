// user_fault_router.sv: the worked example router (rtl/examples/flitnet_iq_router) behind
// a fault injector, so that each check of the scoreboard (harness/scoreboard.cpp) is
// shown to fire (tests/cosim/examples.sh; docs/router-interface.md, "How each check was
// shown to fire"). One Verilated model serves every fault: the fault is chosen at run time
// by a plusarg the scoreboard passes on,
//   +fault=NAME      none (default: the example unchanged), or one of
//     credit_twice   the first credit the router returns on a network port from cycle
//                    fault_at on is returned again (the next cycle without a credit of
//                    that VC's own)
//     no_credit      in cycle fault_at the router counts one credit on every network
//                    output VC that never came: it later sends into a full buffer
//     interleave     the first head the router sends from cycle fault_at on, while
//                    another VC of that output port carries an open worm (and has a
//                    credit), goes out on that VC: two worms interleaved on one VC
//     duplicate      the first one-flit message the router ejects from cycle fault_at on
//                    is ejected again the next idle cycle: a flit never injected
//     faulty         from cycle fault_at on the router believes no neighbour is faulty
//                    (its routing sees faulty_nbr_i = 0): it routes into a faulty node
//     deadlock       from cycle fault_at on router fault_node sends nothing and returns
//                    no credit (it never grants again): the network stops around it
//     livelock       from cycle fault_at on every router sends a one-flit message that
//                    reached its destination on to its +0 neighbour instead of ejecting
//                    it (on the last VC, only when its downstream buffer is empty); that
//                    neighbour routes it back: it is misrouted forever
//     dst            the first head the router sends on a network port from cycle
//                    fault_at on has bit 0 of its destination flipped
//     copy           the first one-flit message the router sends on a network port from
//                    cycle fault_at on is also sent on another, idle network port
//     orphan         the first body or tail flit the router sends from cycle fault_at on,
//                    while another VC of that port has no open worm (and a credit), goes
//                    out on that VC: a body flit outside a worm
//     misdeliver     the first one-flit message the router sends on a network port from
//                    cycle fault_at on is ejected here instead (not its destination)
//     unconnected    mesh: from cycle fault_at on, the first flit the router sends is
//                    also sent on one of its unconnected ports (an edge of the mesh)
//     vc_range       the first flit the router sends on a network port from cycle
//                    fault_at on goes out on VC V (when V is not a power of two)
//     credit_nowhere mesh: in cycle fault_at the router returns a credit on VC 0 of an
//                    unconnected input port
//     credit_lost    the first credit the router returns on a network port from cycle
//                    fault_at on is not returned: its upstream VC runs short of B for good
//     wrong_vc       the first one-flit message the router sends on a network port from
//                    cycle fault_at on goes out on another VC of that port (one with a
//                    credit and no open worm): a VC its routing does not give it
//     hops           the first head the router sends on a network port from cycle
//                    fault_at on has bit 0 of its hop count flipped
//     dup_head       the first head of a longer message the router sends on a network
//                    port from cycle fault_at on is sent again in place of the next flit
//                    on that port and VC: the worm's head twice, its second flit lost
//     kind           the first head of a longer message the router sends on a network
//                    port from cycle fault_at on goes out marked as its tail too (the
//                    kind of a one-flit message)
//     from_faulty    in cycle fault_at router fault_node sends a head of its own on
//                    network port 0, VC 0 (a run makes that node faulty: a flit leaves it)
//   +fault_at=N      the cycle the fault starts (default 100)
//   +fault_node=X    deadlock: the router that stops; from_faulty: the router that
//                    sends (default 0)
// The injector keeps its own count of each network output VC's credits and worms (B at
// reset, as the scoreboard does) so that interleave and livelock trip their own check and
// not the credit check. For the scoreboard's checks only: not a router to copy.
module user_fault_router #(
  parameter int          TOPO       = 0,
  parameter int          NDIM       = 2,
  parameter logic [63:0] K          = 64'h0808,
  parameter int          P          = 5,
  parameter int          V          = 2,
  parameter int          B          = 1,
  parameter int          BO         = 1,
  parameter int          ROUTING    = 0,
  parameter int          DATELINE   = 1,
  parameter int          ESCAPE_VCS = 0,
  parameter int          TIMEOUT    = 0,
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
  /* verilator no_inline_module */

  localparam int PN  = P - 1;
  localparam int CW  = $clog2(B + 2);
  localparam int PW  = (P > 1) ? $clog2(P) : 1;
  localparam logic [P*V-1:0] NET = {{V{1'b0}}, {(PN*V){1'b1}}};  // network ports' VCs
  localparam int LV  = V - 1;                                      // livelock's VC

  localparam int F_NONE = 0, F_CREDIT_TWICE = 1, F_NO_CREDIT = 2, F_INTERLEAVE = 3,
                 F_DUPLICATE = 4, F_FAULTY = 5, F_DEADLOCK = 6, F_LIVELOCK = 7, F_DST = 8,
                 F_COPY = 9, F_ORPHAN = 10, F_MISDELIVER = 11, F_UNCONNECTED = 12,
                 F_VC_RANGE = 13, F_CREDIT_NOWHERE = 14, F_CREDIT_LOST = 15,
                 F_WRONG_VC = 16, F_DUP_HEAD = 17, F_HOPS = 18, F_KIND = 19,
                 F_FROM_FAULTY = 20;
  localparam bit VC_SPARE = V < (1 << VW);  // VC number V fits in VW bits

  int          fault;
  int unsigned fault_at;
  int unsigned fault_node;
  initial begin
    string s;
    fault      = F_NONE;
    fault_at   = 100;
    fault_node = 0;
    if ($value$plusargs("fault=%s", s)) begin
      if      (s == "none")         fault = F_NONE;
      else if (s == "credit_twice") fault = F_CREDIT_TWICE;
      else if (s == "no_credit")    fault = F_NO_CREDIT;
      else if (s == "interleave")   fault = F_INTERLEAVE;
      else if (s == "duplicate")    fault = F_DUPLICATE;
      else if (s == "faulty")       fault = F_FAULTY;
      else if (s == "deadlock")     fault = F_DEADLOCK;
      else if (s == "livelock")     fault = F_LIVELOCK;
      else if (s == "dst")          fault = F_DST;
      else if (s == "copy")         fault = F_COPY;
      else if (s == "orphan")       fault = F_ORPHAN;
      else if (s == "misdeliver")   fault = F_MISDELIVER;
      else if (s == "unconnected")  fault = F_UNCONNECTED;
      else if (s == "vc_range")     fault = F_VC_RANGE;
      else if (s == "credit_nowhere") fault = F_CREDIT_NOWHERE;
      else if (s == "credit_lost")  fault = F_CREDIT_LOST;
      else if (s == "wrong_vc")     fault = F_WRONG_VC;
      else if (s == "dup_head")     fault = F_DUP_HEAD;
      else if (s == "hops")         fault = F_HOPS;
      else if (s == "kind")         fault = F_KIND;
      else if (s == "from_faulty")  fault = F_FROM_FAULTY;
      else $error("user_fault_router: unknown +fault=%s (none credit_twice no_credit interleave duplicate faulty deadlock livelock dst copy orphan misdeliver unconnected vc_range credit_nowhere credit_lost wrong_vc dup_head hops kind from_faulty)", s);
    end
    if (!$value$plusargs("fault_at=%d", fault_at))     fault_at = 100;
    if (!$value$plusargs("fault_node=%d", fault_node)) fault_node = 0;
  end

  // +reset_print: a design's own check that prints on the random first values of its
  // registers, while reset is held (the scoreboard's --quiet-reset leaves such lines out)
  bit reset_print;
  initial reset_print = $test$plusargs("reset_print");
  // (a print only: sampling the asynchronous reset here builds no flop)
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i)
    if (reset_print && !rst_ni) $display("user_fault_router %0d: a check fired on a register's first value", node_id_i);
  /* verilator lint_on SYNCASYNCNET */

  // the example router
  logic [P-2:0]    r_faulty;
  logic [P*V-1:0]  r_cr_i, r_cr_o;
  logic [P-1:0]    r_valid;
  logic [P*VW-1:0] r_vc;
  logic [P*64-1:0] r_flit;

  flitnet_iq_router #(
    .TOPO(TOPO), .NDIM(NDIM), .K(K), .P(P), .V(V), .B(B), .BO(BO), .ROUTING(ROUTING),
    .DATELINE(DATELINE), .ESCAPE_VCS(ESCAPE_VCS), .TIMEOUT(TIMEOUT), .FRING(FRING), .A(A),
    .HW(HW), .VW(VW)
  ) u_router (
    .clk_i, .rst_ni, .node_id_i, .lfsr_seed_i, .sel_random_i,
    .faulty_nbr_i (r_faulty),
    .ring_ok_i,
    .in_valid_i, .in_vc_i, .in_flit_i,
    .cr_o         (r_cr_o),
    .out_valid_o  (r_valid),
    .out_vc_o     (r_vc),
    .out_flit_o   (r_flit),
    .cr_i         (r_cr_i)
  );

  // the injector's state
  logic [31:0]     cyc_q;
  logic            done_q;                // a one-shot fault has acted
  logic [P*V-1:0]  dup_q;                 // credit_twice: the credit to return again
  logic            held_q;                // duplicate: a flit to eject again ...
  logic [VW-1:0]   held_vc_q;
  logic [63:0]     held_flit_q;
  logic [7:0]      owed_q;                // livelock: credits of redirected flits to swallow
  logic            dh_q;                  // dup_head: a head to send again ...
  logic [PW-1:0]   dh_port_q;  // ... on this network port
  logic [VW-1:0]   dh_vc_q;               // ... and VC
  logic [63:0]     dh_flit_q;
  logic [P*V-1:0]  open_q;                // per output VC: a worm is open on it (g_op)
  logic [P*V-1:0]  cr_any;                // per network output VC: a credit left downstream
  logic [P*V-1:0]  cr_all;                // ... all B credits (the downstream buffer is empty)

  wire active = fault != F_NONE && cyc_q >= fault_at;

  // mesh: the network ports that lead nowhere (port 2d goes + in dimension d, 2d + 1 -)
  logic [8*NDIM-1:0] coord;
  logic [P-1:0]      unconn;
  flitnet_coord #(.NDIM(NDIM), .K(K), .A(A)) u_coord (.id_i(node_id_i), .coord_o(coord));
  for (genvar o = 0; o < P; o++) begin : g_unconn
    if (TOPO == flitnet_pkg::TOPO_MESH && o < PN) begin : g_mesh
      localparam int D = o / 2;
      assign unconn[o] = (o % 2 == 0) ? coord[8*D +: 8] == K[8*D +: 8] - 8'd1 : coord[8*D +: 8] == 8'd0;
    end else begin : g_none
      assign unconn[o] = 1'b0;
    end
  end

  // the router's ejection port and port 0, read below
  wire          ej_valid = r_valid[PN];
  wire [VW-1:0] ej_vc    = r_vc[PN*VW +: VW];
  wire [63:0]   ej_flit  = r_flit[PN*64 +: 64];
  wire          ej_one   = ej_valid && ej_flit[1:0] == 2'b11;   // a one-flit message
  wire          p0_idle  = !r_valid[0] && !faulty_nbr_i[0];
  wire          lv_free  = cr_all[LV] && !open_q[LV];           // port 0's last VC is empty
  wire          lv_cr    = cr_i[LV];

  logic relabel, redirect, capture;       // relabel: a one-shot fault on a link acts
  logic dh_cap;                           // dup_head: the head to repeat is sent now ...
  logic [PW-1:0] dh_o;                    // ... on this port
  logic [P-1:0]    valid_d;
  logic [P*VW-1:0] vc_d;
  logic [P*64-1:0] flit_d;

  always_comb begin
    cr_o     = r_cr_o;
    valid_d  = r_valid;
    vc_d     = r_vc;
    flit_d   = r_flit;
    r_cr_i   = cr_i;
    r_faulty = faulty_nbr_i;
    relabel  = 1'b0;
    redirect = 1'b0;
    capture  = 1'b0;
    dh_cap   = 1'b0;
    dh_o     = '0;
    if (active) begin
      case (fault)
        F_CREDIT_TWICE: cr_o = r_cr_o | dup_q;
        F_CREDIT_LOST:  if (!done_q) cr_o = r_cr_o & ~((r_cr_o & NET) & (~(r_cr_o & NET) + 1'b1));
        F_NO_CREDIT:    if (cyc_q == fault_at) r_cr_i = cr_i | NET;
        F_INTERLEAVE:
          if (!done_q)
            for (int o = 0; o < PN; o++)
              if (!relabel && r_valid[o] && r_flit[o*64 + flitnet_pkg::FLIT_HEAD])
                for (int w = 0; w < V; w++)
                  if (!relabel && VW'(w) != r_vc[o*VW +: VW] && open_q[o*V + w] && cr_any[o*V + w]) begin
                    relabel          = 1'b1;
                    vc_d[o*VW +: VW] = VW'(w);
                  end
        F_DUPLICATE: begin
          capture = !done_q && !held_q && ej_one;
          if (held_q && !ej_valid) begin
            valid_d = r_valid | (P'(1) << PN);
            vc_d    = r_vc | ((P*VW)'(held_vc_q) << (PN*VW));
            flit_d  = r_flit | ((P*64)'(held_flit_q) << (PN*64));
          end
        end
        F_DST:
          if (!done_q)
            for (int o = 0; o < PN; o++)
              if (!relabel && r_valid[o] && r_flit[o*64 + flitnet_pkg::FLIT_HEAD]) begin
                relabel                             = 1'b1;
                flit_d[o*64 + flitnet_pkg::FLIT_DST_LO] = !r_flit[o*64 + flitnet_pkg::FLIT_DST_LO];
              end
        F_HOPS:  // the hop not counted: the next router's routing reads a wrong hop count
          if (!done_q)
            for (int o = 0; o < PN; o++)
              if (!relabel && r_valid[o] && r_flit[o*64 + flitnet_pkg::FLIT_HEAD]) begin
                relabel = 1'b1;
                flit_d[o*64 + flitnet_pkg::flit_hops_lo(A)] = !r_flit[o*64 + flitnet_pkg::flit_hops_lo(A)];
              end
        F_KIND:
          if (!done_q)
            for (int o = 0; o < PN; o++)
              if (!relabel && r_valid[o] && r_flit[o*64 + flitnet_pkg::FLIT_HEAD] &&
                  !r_flit[o*64 + flitnet_pkg::FLIT_TAIL]) begin
                relabel = 1'b1;
                flit_d[o*64 + flitnet_pkg::FLIT_TAIL] = 1'b1;
              end
        F_FROM_FAULTY:
          // a head with every other field 0: the router of a faulty node never has one
          if (cyc_q == fault_at && 32'(node_id_i) == fault_node) begin
            valid_d[0]     = 1'b1;
            vc_d[0 +: VW]  = '0;
            flit_d[0 +: 64] = 64'(1) << flitnet_pkg::FLIT_HEAD;
          end
        F_COPY:
          if (!done_q)
            for (int o = 0; o < PN; o++)
              if (!relabel && r_valid[o] && r_flit[o*64 +: 2] == 2'b11)
                for (int o2 = 0; o2 < PN; o2++)
                  if (!relabel && o2 != o && !r_valid[o2] && !faulty_nbr_i[o2] &&
                      cr_any[o2*V + 32'(r_vc[o*VW +: VW])] && !open_q[o2*V + 32'(r_vc[o*VW +: VW])]) begin
                    relabel               = 1'b1;
                    valid_d[o2]           = 1'b1;
                    vc_d[o2*VW +: VW]     = r_vc[o*VW +: VW];
                    flit_d[o2*64 +: 64]   = r_flit[o*64 +: 64];
                  end
        F_WRONG_VC:
          if (!done_q)
            for (int o = 0; o < PN; o++)
              if (!relabel && r_valid[o] && r_flit[o*64 +: 2] == 2'b11)
                for (int w = 0; w < V; w++)
                  if (!relabel && VW'(w) != r_vc[o*VW +: VW] && !open_q[o*V + w] && cr_any[o*V + w]) begin
                    relabel          = 1'b1;
                    vc_d[o*VW +: VW] = VW'(w);
                  end
        F_DUP_HEAD:
          if (dh_q) begin
            // the next flit on the held port and VC goes out as the held head
            if (r_valid[dh_port_q] && r_vc[32'(dh_port_q)*VW +: VW] == dh_vc_q)
              flit_d[32'(dh_port_q)*64 +: 64] = dh_flit_q;
          end else if (!done_q)
            for (int o = 0; o < PN; o++)
              if (!dh_cap && r_valid[o] && r_flit[o*64 + flitnet_pkg::FLIT_HEAD] &&
                  !r_flit[o*64 + flitnet_pkg::FLIT_TAIL]) begin
                dh_cap = 1'b1;
                dh_o   = PW'(o);
              end
        F_ORPHAN:
          if (!done_q)
            for (int o = 0; o < PN; o++)
              if (!relabel && r_valid[o] && !r_flit[o*64 + flitnet_pkg::FLIT_HEAD])
                for (int w = 0; w < V; w++)
                  if (!relabel && VW'(w) != r_vc[o*VW +: VW] && !open_q[o*V + w] && cr_any[o*V + w]) begin
                    relabel              = 1'b1;
                    vc_d[o*VW +: VW]     = VW'(w);
                  end
        F_MISDELIVER:
          if (!done_q && !ej_valid)
            for (int o = 0; o < PN; o++)
              if (!relabel && r_valid[o] && r_flit[o*64 +: 2] == 2'b11) begin
                // the flit moves from port o to the (idle) ejection port
                relabel = 1'b1;
                valid_d = (r_valid & ~(P'(1) << o)) | (P'(1) << PN);
                vc_d    = (r_vc & ~((P*VW)'({VW{1'b1}}) << (o*VW))) |
                          ((P*VW)'(r_vc[o*VW +: VW]) << (PN*VW));
                flit_d  = (r_flit & ~((P*64)'({64{1'b1}}) << (o*64))) |
                          ((P*64)'(r_flit[o*64 +: 64]) << (PN*64));
              end
        F_UNCONNECTED:
          if (!done_q)
            for (int o = 0; o < PN; o++)
              if (!relabel && unconn[o])
                for (int o2 = 0; o2 < PN; o2++)
                  if (!relabel && r_valid[o2]) begin
                    relabel             = 1'b1;
                    valid_d[o]          = 1'b1;
                    vc_d[o*VW +: VW]    = r_vc[o2*VW +: VW];
                    flit_d[o*64 +: 64]  = r_flit[o2*64 +: 64];
                  end
        F_VC_RANGE:
          if (!done_q && VC_SPARE)
            for (int o = 0; o < PN; o++)
              if (!relabel && r_valid[o]) begin
                relabel          = 1'b1;
                vc_d[o*VW +: VW] = VW'(V);
              end
        F_CREDIT_NOWHERE:
          if (cyc_q == fault_at)
            // input port i is fed by the neighbour behind it: it is unconnected where
            // output port i ^ 1 (the other direction) is
            for (int i = 0; i < PN; i++)
              if (!relabel && unconn[i ^ 1]) begin
                relabel = 1'b1;
                cr_o    = r_cr_o | ((P*V)'(1) << (i*V));
              end
        F_FAULTY: r_faulty = '0;
        F_DEADLOCK:
          if (32'(node_id_i) == fault_node) begin
            cr_o    = '0;
            valid_d = '0;
            vc_d    = '0;
            flit_d  = '0;
          end
        F_LIVELOCK: begin
          redirect = ej_one && p0_idle && lv_free;
          if (redirect) begin
            // port 0 takes the ejection port's flit on VC LV; the ejection port is idle
            valid_d = (r_valid & ~(P'(1) << PN)) | P'(1);
            vc_d    = (r_vc & ~((P*VW)'({VW{1'b1}}) << (PN*VW))) | (P*VW)'(LV);
            flit_d  = (r_flit & ~((P*64)'({64{1'b1}}) << (PN*64))) | (P*64)'(ej_flit);
          end
          // the router never sent the redirected flits: their credits are not its own
          if (owed_q != '0) r_cr_i = cr_i & ~((P*V)'(1) << LV);
        end
        default: ;
      endcase
    end
  end
  assign out_valid_o = valid_d;
  assign out_vc_o    = vc_d;
  assign out_flit_o  = flit_d;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cyc_q       <= '0;
      done_q      <= 1'b0;
      dup_q       <= '0;
      held_q      <= 1'b0;
      held_vc_q   <= '0;
      held_flit_q <= '0;
      owed_q      <= '0;
      dh_q        <= 1'b0;
      dh_port_q   <= '0;
      dh_vc_q     <= '0;
      dh_flit_q   <= '0;
    end else begin
      cyc_q <= cyc_q + 1'b1;
      // credit_twice: the first network credit from fault_at on, again in the next cycle
      // in which that VC returns no credit of its own
      if ((dup_q & r_cr_o) == '0) dup_q <= '0;
      if (active && fault == F_CREDIT_TWICE && !done_q && (r_cr_o & NET) != '0) begin
        dup_q  <= (r_cr_o & NET) & (~(r_cr_o & NET) + 1'b1);
        done_q <= 1'b1;
      end
      if (active && fault == F_CREDIT_LOST && !done_q && (r_cr_o & NET) != '0) done_q <= 1'b1;
      if (relabel) done_q <= 1'b1;
      // duplicate: hold the ejected flit until the ejection port is idle
      if (capture) begin
        held_q      <= 1'b1;
        held_vc_q   <= ej_vc;
        held_flit_q <= ej_flit;
        done_q      <= 1'b1;
      end else if (held_q && !ej_valid) begin
        held_q <= 1'b0;
      end
      // dup_head: hold the head until the next flit on its port and VC has taken its place
      if (dh_cap) begin
        dh_q      <= 1'b1;
        dh_port_q <= dh_o;
        dh_vc_q   <= r_vc[32'(dh_o)*VW +: VW];
        dh_flit_q <= r_flit[32'(dh_o)*64 +: 64];
        done_q    <= 1'b1;
      end else if (dh_q && r_valid[dh_port_q] && r_vc[32'(dh_port_q)*VW +: VW] == dh_vc_q) begin
        dh_q <= 1'b0;
      end
      // livelock: one credit to swallow per redirected flit
      owed_q <= owed_q + 8'(redirect) - 8'(active && fault == F_LIVELOCK && owed_q != '0 && lv_cr);
    end
  end

  // what the downstream routers see: per output VC the worm open on it and, on the
  // network ports, the credits (B at reset, -1 per flit sent, +1 per credit back)
  for (genvar o = 0; o < P; o++) begin : g_op
    for (genvar w = 0; w < V; w++) begin : g_vc
      localparam int J = o * V + w;
      wire sent = valid_d[o] && vc_d[o*VW +: VW] == VW'(w);
      wire head = flit_d[o*64 + flitnet_pkg::FLIT_HEAD];
      wire tail = flit_d[o*64 + flitnet_pkg::FLIT_TAIL];
      logic worm_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)   worm_q <= 1'b0;
        else if (sent) worm_q <= head ? !tail : worm_q && !tail;
      end
      assign open_q[J] = worm_q;
      if (o < PN) begin : g_net
        logic [CW-1:0] credit_q;
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) credit_q <= CW'(B);
          else         credit_q <= credit_q + CW'(cr_i[J]) - CW'(sent);
        end
        assign cr_any[J] = credit_q != '0;
        assign cr_all[J] = credit_q == CW'(B);
      end else begin : g_local
        assign cr_any[J] = 1'b1;
        assign cr_all[J] = 1'b1;
      end
    end
  end

  wire unused_ok = ^{cr_i[PN*V +: V], coord};
endmodule
