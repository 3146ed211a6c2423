// flitnet_sc.h: flitnet's network as SystemC modules (C++ over the C model, which it does
// not change). Owns the module hierarchy, the pins and the clocking:
//
//   flitnet::Network  one run of `flitnet sim` (tb/sim.h's session), one cycle per rising
//                     edge of its clock; it stops the simulation (sc_stop) when the run ends
//                     unless told not to, and then holds the run's measurements.
//   flitnet::Router   a router's port interface, the names and widths of rtl/flitnet_router.sv
//                     split per port (docs/router-interface.md): in_valid_i, in_vc_i,
//                     in_flit_i and cr_i in, out_valid_o, out_vc_o, out_flit_o and cr_o out.
//   flitnet::Node     a node's source and sink: the injection channel out, the ejection
//                     channel and the source's credits in.
//
// The cycle is the simulator's own (sim_cycle): the same configuration and seed give the
// numbers and JSON of `flitnet sim`, byte for byte. The Network drives every Router's and
// Node's outputs from the C model each cycle and binds every input to the output that
// feeds it (a flit leaving output port p enters the neighbour's input port p), and checks
// each cycle that the inputs carry what the model's routers took: the SystemC netlist is
// the model's wiring. The Routers are the C model's: a design of one's own in their place
// (a mixed network) is not part of this binding.
//
// Timing as in flitnet's waves (c_model/waves/vcd.h): the clock rises at 10t ns, when every
// router drives its outputs of cycle t; it falls at 10t+5, when the sources drive the
// injection channels of cycle t.
#ifndef FLITNET_SC_H
#define FLITNET_SC_H

#include <systemc>

extern "C" {
#include "config.h"
#include "sim.h"
}

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace flitnet {

class Router : public sc_core::sc_module {
public:
    const int x, P, V;  // node, ports (the local one last), VCs
    // flits arriving, one channel per input port (input P-1: the injection channel)
    sc_core::sc_vector<sc_core::sc_in<bool>> in_valid_i;
    sc_core::sc_vector<sc_core::sc_in<uint32_t>> in_vc_i;
    sc_core::sc_vector<sc_core::sc_in<uint64_t>> in_flit_i;
    // credits returned upstream, per input port a mask of V bits
    sc_core::sc_vector<sc_core::sc_out<uint32_t>> cr_o;
    // flits leaving, one channel per output port (output P-1: the ejection channel)
    sc_core::sc_vector<sc_core::sc_out<bool>> out_valid_o;
    sc_core::sc_vector<sc_core::sc_out<uint32_t>> out_vc_o;
    sc_core::sc_vector<sc_core::sc_out<uint64_t>> out_flit_o;
    // credits from downstream, per output port (the ejection port gets none)
    sc_core::sc_vector<sc_core::sc_in<uint32_t>> cr_i;
    Router(sc_core::sc_module_name name, int x, int P, int V);
};

class Node : public sc_core::sc_module {
public:
    const int x;
    sc_core::sc_out<bool> inj_valid_o;
    sc_core::sc_out<uint32_t> inj_vc_o;
    sc_core::sc_out<uint64_t> inj_flit_o;
    sc_core::sc_in<uint32_t> cr_i;  // the router's credits for the injection channel
    sc_core::sc_in<bool> ej_valid_i;
    sc_core::sc_in<uint32_t> ej_vc_i;
    sc_core::sc_in<uint64_t> ej_flit_i;
    Node(sc_core::sc_module_name name, int x);
};

class Network : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk_i;

    // cfg as resolved by config_resolve (tb/config.h); opt may be NULL. Bad input throws
    // std::invalid_argument with the simulator's one-line reason.
    Network(sc_core::sc_module_name name, const sim_config &cfg, const sim_options *opt = nullptr);
    ~Network() override;

    bool done() const { return done_; }
    const sc_core::sc_event &done_event() const { return done_ev_; }
    // the run's measurements, once done() (tb/sim.h)
    const sim_result &result() const { return res_; }
    // the run failed (an error, not a saturated or deadlocked network): why; "" otherwise
    const std::string &error() const { return err_; }
    void stop_when_done(bool s) { stop_ = s; }

    int nodes() const { return static_cast<int>(routers_.size()); }
    Router &router(int x) { return *routers_[static_cast<size_t>(x)]; }
    Node &node(int x) { return *nodes_[static_cast<size_t>(x)]; }
    // traces every pin, and the clock as clk_i, under the names of flitnet's waves
    // (TOP.flitnet_network.g_node[x].u_router.g_ip[i].in_valid, ...)
    void trace(sc_core::sc_trace_file *tf) const;

private:
    struct Wire {  // one channel: what drives it
        sc_core::sc_signal<bool> valid;
        sc_core::sc_signal<uint32_t> vc;
        sc_core::sc_signal<uint64_t> flit;
    };
    sim_config cfg_;
    sim_options opt_{};
    sim_result res_{};
    sim_session *s_ = nullptr;
    const network *net_ = nullptr;
    int P_ = 0, Pn_ = 0, V_ = 0;
    bool done_ = false, stop_ = true;
    std::string err_;
    sc_core::sc_event done_ev_;
    std::vector<std::unique_ptr<Router>> routers_;
    std::vector<std::unique_ptr<Node>> nodes_;
    // out[x*P + o]: output o of router x; inj[x]: the injection channel of node x;
    // cr[x*P + i]: router x's credits for its input i; zero: unconnected ports' inputs
    std::vector<std::unique_ptr<Wire>> out_, inj_;
    std::vector<std::unique_ptr<sc_core::sc_signal<uint32_t>>> cr_;
    Wire zero_;
    sc_core::sc_signal<uint32_t> zero_cr_;

    void rise();   // cycle t: the model steps; every router's outputs of cycle t
    void fall();   // the sources' injection channels of cycle t
    void check_inputs(uint64_t t);
    void finish();
};

// SystemC's VCD writer names scopes g_node(0) and puts them under a scope `SystemC`; this
// renames a closed VCD file's scopes back to g_node[0] and drops that scope, so that
// flitnet's GTKWave views (waves/) open it. Returns "" or why it failed.
std::string fix_vcd_names(const std::string &path);

}  // namespace flitnet
#endif
