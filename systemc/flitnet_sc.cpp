// flitnet_sc.cpp: the SystemC modules of flitnet_sc.h.
#include "flitnet_sc.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

using namespace sc_core;

namespace flitnet {

Router::Router(sc_module_name name, int x_, int P_, int V_)
    : sc_module(name), x(x_), P(P_), V(V_), in_valid_i("in_valid_i", static_cast<size_t>(P_)),
      in_vc_i("in_vc_i", static_cast<size_t>(P_)), in_flit_i("in_flit_i", static_cast<size_t>(P_)),
      cr_o("cr_o", static_cast<size_t>(P_)), out_valid_o("out_valid_o", static_cast<size_t>(P_)),
      out_vc_o("out_vc_o", static_cast<size_t>(P_)), out_flit_o("out_flit_o", static_cast<size_t>(P_)),
      cr_i("cr_i", static_cast<size_t>(P_))
{
}

Node::Node(sc_module_name name, int x_)
    : sc_module(name), x(x_), inj_valid_o("inj_valid_o"), inj_vc_o("inj_vc_o"), inj_flit_o("inj_flit_o"),
      cr_i("cr_i"), ej_valid_i("ej_valid_i"), ej_vc_i("ej_vc_i"), ej_flit_i("ej_flit_i")
{
}

Network::Network(sc_module_name name, const sim_config &cfg, const sim_options *opt) : sc_module(name), cfg_(cfg)
{
    // SystemC's VCD writer says it renames g_node[0] (fix_vcd_names renames it back) and
    // which time unit it uses, and sc_stop that it was called: the normal course here
    sc_report_handler::set_actions("traced object name filtered", SC_DO_NOTHING);
    sc_report_handler::set_actions("tracing timescale unit set", SC_DO_NOTHING);
    sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING);
    if (opt) opt_ = *opt;
    char err[CFG_ERR];
    s_ = sim_open(&cfg_, &opt_, &res_, err, sizeof err);
    if (!s_) throw std::invalid_argument(err);
    net_ = sim_network(s_);
    const int N = net_->N;
    P_ = net_->P;
    Pn_ = net_->Pn;
    V_ = net_->V;
    const size_t NP = static_cast<size_t>(N) * static_cast<size_t>(P_);
    for (size_t k = 0; k < NP; k++) {
        out_.emplace_back(new Wire);
        cr_.emplace_back(new sc_signal<uint32_t>);
    }
    for (int x = 0; x < N; x++) inj_.emplace_back(new Wire);
    // who feeds a network input (x, i) and whose credits reach an output (x, o): the
    // inverse of the model's wiring (network.h: down, up)
    std::vector<int> feeder(NP, -1), creditor(NP, -1);
    for (int y = 0; y < N; y++)
        for (int p = 0; p < Pn_; p++) {
            const int k = y * P_ + p, d = net_->down[k], u = net_->up[k];
            if (d >= 0 && d < N * P_) feeder[static_cast<size_t>(d)] = k;
            if (u >= 0 && u < N * P_) creditor[static_cast<size_t>(u)] = k;
        }
    for (int x = 0; x < N; x++) {
        routers_.emplace_back(new Router(("g_node_" + std::to_string(x) + "_router").c_str(), x, P_, V_));
        nodes_.emplace_back(new Node(("g_node_" + std::to_string(x) + "_node").c_str(), x));
        Router &r = *routers_.back();
        Node &n = *nodes_.back();
        for (int p = 0; p < P_; p++) {
            const size_t k = static_cast<size_t>(x * P_ + p), sp = static_cast<size_t>(p);
            Wire &o = *out_[k];
            r.out_valid_o[sp](o.valid);
            r.out_vc_o[sp](o.vc);
            r.out_flit_o[sp](o.flit);
            r.cr_o[sp](*cr_[k]);
            Wire &in = p == Pn_ ? *inj_[static_cast<size_t>(x)] : feeder[k] >= 0 ? *out_[static_cast<size_t>(feeder[k])] : zero_;
            r.in_valid_i[sp](in.valid);
            r.in_vc_i[sp](in.vc);
            r.in_flit_i[sp](in.flit);
            if (p == Pn_) r.cr_i[sp](zero_cr_);
            else if (creditor[k] >= 0) r.cr_i[sp](*cr_[static_cast<size_t>(creditor[k])]);
            else r.cr_i[sp](zero_cr_);
        }
        Wire &inj = *inj_[static_cast<size_t>(x)], &ej = *out_[static_cast<size_t>(x * P_ + Pn_)];
        n.inj_valid_o(inj.valid);
        n.inj_vc_o(inj.vc);
        n.inj_flit_o(inj.flit);
        n.cr_i(*cr_[static_cast<size_t>(x * P_ + Pn_)]);
        n.ej_valid_i(ej.valid);
        n.ej_vc_i(ej.vc);
        n.ej_flit_i(ej.flit);
    }
    SC_HAS_PROCESS(Network);
    SC_METHOD(rise);
    sensitive << clk_i.pos();
    dont_initialize();
    SC_METHOD(fall);
    sensitive << clk_i.neg();
    dont_initialize();
}

Network::~Network()
{
    if (s_) {
        char err[CFG_ERR];
        sim_close(s_, err, sizeof err);  // never ended: its result is dropped
    } else if (done_ && err_.empty()) {
        sim_result_free(&res_);
    }
}

// the signals of cycle t are the model's slots of parity t (network.h)
static const link_sig none = {0, -1};

void Network::check_inputs(uint64_t t)
{
    // before cycle t+1 is stepped: the routers' inputs are the slots of cycle t they take
    const int b = static_cast<int>(t & 1), N = net_->N;
    for (int x = 0; x < N && err_.empty(); x++) {
        const Router &r = *routers_[static_cast<size_t>(x)];
        for (int p = 0; p < P_; p++) {
            const size_t sp = static_cast<size_t>(p);
            const link_sig &l = net_->in[b][x * P_ + p];
            const bool v = l.vc >= 0;
            const uint32_t cr = p == Pn_ ? 0 : net_->cr[b][x * P_ + p];
            if (r.in_valid_i[sp].read() != v || (v && (r.in_vc_i[sp].read() != static_cast<uint32_t>(l.vc) ||
                                                      r.in_flit_i[sp].read() != l.flit)) ||
                r.cr_i[sp].read() != cr) {
                char m[256];
                snprintf(m, sizeof m, "the SystemC netlist differs from the model's wiring at router %d, input port %d, "
                         "cycle %llu", x, p, static_cast<unsigned long long>(t));
                err_ = m;
                return;
            }
        }
    }
}

void Network::rise()
{
    if (done_) return;
    const uint64_t t = sim_now(s_);
    if (t > 0) check_inputs(t - 1);
    char err[CFG_ERR] = "";
    const int rc = err_.empty() ? sim_cycle(s_, err, sizeof err) : -1;
    if (rc) {
        if (rc < 0 && err_.empty()) err_ = err;
        finish();
        return;
    }
    const int b = static_cast<int>(t & 1), N = net_->N;
    for (int x = 0; x < N; x++)
        for (int p = 0; p < P_; p++) {
            const size_t k = static_cast<size_t>(x * P_ + p);
            const int d = p == Pn_ ? -2 : net_->down[k];
            const link_sig &o = d == -2 ? net_->ej[b][x] : d >= 0 ? net_->in[b][d] : none;
            Wire &w = *out_[k];
            w.valid.write(o.vc >= 0);
            w.vc.write(o.vc >= 0 ? static_cast<uint32_t>(o.vc) : 0);
            w.flit.write(o.vc >= 0 ? o.flit : 0);
            const int u = p == Pn_ ? x * P_ + Pn_ : net_->up[k];
            cr_[k]->write(u >= 0 ? net_->cr[b][u] : 0);
        }
}

void Network::fall()
{
    if (done_) return;
    const uint64_t t = sim_now(s_) - 1;  // the cycle the rising edge stepped
    const int b = static_cast<int>(t & 1), N = net_->N;
    for (int x = 0; x < N; x++) {
        const link_sig &l = net_->in[b][x * P_ + Pn_];
        Wire &w = *inj_[static_cast<size_t>(x)];
        w.valid.write(l.vc >= 0);
        w.vc.write(l.vc >= 0 ? static_cast<uint32_t>(l.vc) : 0);
        w.flit.write(l.vc >= 0 ? l.flit : 0);
    }
}

void Network::finish()
{
    char err[CFG_ERR] = "";
    const int rc = sim_close(s_, err, sizeof err);
    s_ = nullptr;
    net_ = nullptr;
    if (rc && err_.empty()) err_ = err;
    if (!err_.empty() && !rc) sim_result_free(&res_);
    done_ = true;
    done_ev_.notify(SC_ZERO_TIME);
    if (stop_) sc_stop();
}

static int bits_for(int n)  // clog2, at least 1 (the RTL's widths)
{
    int b = 0;
    while ((1 << b) < n) b++;
    return b ? b : 1;
}

void Network::trace(sc_trace_file *tf) const
{
    const int VW = bits_for(V_);
    sc_trace(tf, clk_i, "TOP.flitnet_network.clk_i");
    for (size_t x = 0; x < routers_.size(); x++) {
        const Router &r = *routers_[x];
        const std::string base = "TOP.flitnet_network.g_node[" + std::to_string(x) + "].u_router.";
        for (int p = 0; p < P_; p++) {
            const size_t sp = static_cast<size_t>(p);
            const std::string ip = base + "g_ip[" + std::to_string(p) + "].", op = base + "g_op[" + std::to_string(p) + "].";
            sc_trace(tf, r.in_valid_i[sp], ip + "in_valid");
            sc_trace(tf, r.in_vc_i[sp], ip + "in_vc", VW);
            sc_trace(tf, r.in_flit_i[sp], ip + "in_flit", 64);
            sc_trace(tf, r.cr_o[sp], ip + "cr", V_);
            sc_trace(tf, r.out_valid_o[sp], op + "out_valid");
            sc_trace(tf, r.out_vc_o[sp], op + "out_vc", VW);
            sc_trace(tf, r.out_flit_o[sp], op + "out_flit", 64);
        }
    }
}

// "g_node(12)" -> "g_node[12]": a parenthesised number becomes a bracketed one
static std::string brackets(const std::string &l)
{
    std::string r = l;
    for (size_t i = 0; i < r.size(); i++) {
        if (r[i] != '(') continue;
        size_t j = i + 1;
        while (j < r.size() && r[j] >= '0' && r[j] <= '9') j++;
        if (j > i + 1 && j < r.size() && r[j] == ')') {
            r[i] = '[';
            r[j] = ']';
        }
    }
    return r;
}

std::string fix_vcd_names(const std::string &path)
{
    std::ifstream in(path);
    if (!in) return "cannot read " + path;
    const std::string tmp = path + ".tmp";
    std::ofstream out(tmp);
    if (!out) return "cannot write " + tmp;
    std::string line;
    std::vector<std::string> head;
    bool defs = true;
    while (std::getline(in, line)) {
        if (!defs) {
            out << line << '\n';
            continue;
        }
        if (line.find("$enddefinitions") != std::string::npos) {
            // drop the `SystemC` scope and the last $upscope (the one that closes it)
            for (size_t i = head.size(); i-- > 0;)
                if (head[i].find("$upscope") != std::string::npos) {
                    head.erase(head.begin() + static_cast<long>(i));
                    break;
                }
            for (const std::string &h : head) out << h << '\n';
            out << line << '\n';
            defs = false;
            continue;
        }
        if (line.rfind("$scope module SystemC ", 0) == 0) continue;
        head.push_back(line.rfind("$scope", 0) == 0 ? brackets(line) : line);
    }
    out.close();
    if (!out || in.bad()) return "writing " + tmp + " failed";
    if (std::rename(tmp.c_str(), path.c_str())) return "cannot replace " + path;
    return "";
}

}  // namespace flitnet
