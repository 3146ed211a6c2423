// mixed.cpp: a mixed network: one Verilated router (rtl/flitnet_mixed_top.sv) at node X
// among the C model's routers, sources and sinks, run in lockstep with the all-C
// reference network on the same traffic.
//
// Cycle t: the design, its clock low, drives its outputs of cycle t (functions of its
// registers, rule 5 of docs/router-interface.md), which go into the mixed network's
// link signals where the model's router X would have put them (network_drive_router);
// the mixed network's sources and other routers step cycle t (node_cycle_without), the
// reference network steps it whole (node_cycle); the design's outputs are compared with
// router X's in the reference, every channel and credit wire; the design takes its
// inputs of cycle t from the mixed network's signals (network_take_router) and, with
// them set and the clock still low, its outputs must not change (rule 5: no
// combinational path); both sides' sinks take their ejection channels; the clock rises.
//
// While the design matches, the two networks are the same network, so one router's
// comparison checks the whole run; at the end the two sides' deliveries must agree too
// (a check of the mixing itself). The first difference stops the run with the router,
// port, cycle and both values.
//
// --scoreboard: a design that is not flitnet's router (a designer's own, built with
// FLITNET_ROUTER; docs/router-interface.md) cannot match router X cycle for cycle, so no
// reference runs; instead its ports are held to the interface's rules every cycle (a flit
// on a network output only with a credit for its VC, a VC in range, a credit returned
// only for a flit held) and the network's traffic end to end: every message delivered
// once, intact, at its destination (the sinks' checks), and the network never stuck.
//
// The model's structure is fixed when it is built (model_cfg.h); runtime keys come from
// the command line, as for cosim.cpp.
#include "model_cfg.h"

#include "Vnet.h"
#include "verilated.h"
#include "model_keys.h"
#include "port_bits.h"
#include "vl_reset.h"

extern "C" {
#include "config.h"
#include "flit.h"
#include "lfsr.h"
#include "netsetup.h"
#include "network.h"
#include "node.h"
#include "route.h"
#include "topology.h"
#include "traffic.h"
}

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Side {  // one network: the model's routers, nodes and what its sinks measured
    net_setup ns;
    node_set nodes;
    bool ns_built = false, nodes_built = false;
    uint64_t measured = 0;
    double lat_sum = 0;
    ~Side()
    {
        if (nodes_built) node_free(&nodes);
        if (ns_built) net_setup_free(&ns);
    }
};

struct Both {  // the sides one message stream feeds
    Side *s[2];
    int n;
};

void on_message(void *user, uint64_t cycle, int s, int d, int len)
{
    Both *b = static_cast<Both *>(user);
    for (int i = 0; i < b->n; i++) node_enqueue(&b->s[i]->nodes, cycle, s, d, len);
}

void take_ejection(Side &s, int x, uint64_t t, const sim_config &cfg)
{
    const bool in_window = t >= static_cast<uint64_t>(cfg.warmup) && t < static_cast<uint64_t>(cfg.cycles);
    node_delivery d;
    if (node_sink(&s.nodes, x, t, in_window, network_ejection(&s.ns.net, x, t), &d) == NODE_DELIVERED &&
        d.msg.gen >= static_cast<uint64_t>(cfg.warmup)) {
        s.measured++;
        s.lat_sum += static_cast<double>(t - d.msg.gen + 1);
    }
}

std::string node_text(const topology *t, int x)
{
    char b[96];
    topo_node_name(t, x, b, sizeof b);
    return std::to_string(x) + " " + b;
}

std::string port_text(const topology *t, int p)
{
    char b[32];
    topo_port_name(t, p, b, sizeof b);
    return std::to_string(p) + " (" + b + ")";
}

std::string chan_text(const flit_layout *fl, const link_sig &l)
{
    if (l.vc < 0) return "no flit";
    char d[256];
    flit_describe(fl, l.flit, d, sizeof d);
    return "vc " + std::to_string(l.vc) + ": " + d;
}

// node X from "17" or from coordinates "3,5"; -1 with err
int parse_node(const topology &t, const std::string &spec, std::string &err)
{
    std::vector<long> v;
    size_t i = 0;
    while (i <= spec.size()) {
        size_t j = spec.find(',', i);
        if (j == std::string::npos) j = spec.size();
        const std::string f = spec.substr(i, j - i);
        char *end = nullptr;
        const long n = strtol(f.c_str(), &end, 10);
        if (f.empty() || *end || n < 0) {
            err = "--router takes a node number or its coordinates (3,5), not '" + spec + "'";
            return -1;
        }
        v.push_back(n);
        i = j + 1;
    }
    if (v.size() == 1) {
        if (v[0] >= t.N) {
            err = "--router " + spec + ": the network has nodes 0.." + std::to_string(t.N - 1);
            return -1;
        }
        return static_cast<int>(v[0]);
    }
    if (static_cast<int>(v.size()) != t.n) {
        err = "--router " + spec + ": the network has " + std::to_string(t.n) + " coordinates";
        return -1;
    }
    for (int x = 0; x < t.N; x++) {
        bool same = true;
        for (int d = 0; d < t.n; d++) same &= topo_coord(&t, x, d) == v[static_cast<size_t>(d)];
        if (same) return x;
    }
    err = "--router " + spec + ": no node has these coordinates";
    return -1;
}

void usage()
{
    fprintf(stderr,
            "usage: cosim [key=value ...] [--router X | --router C0,C1,...] [--scoreboard] [--expect-diff] [--bench]\n"
            "model %s (one router, rtl/flitnet_mixed_top.sv): %s\n"
            "  key=value      runtime configuration keys of flitnet (seed, rate, msg_len, select, faults, cycles, ...)\n"
            "  --router X     the node whose router is the design (a number, or its coordinates); default 0\n"
            "  --scoreboard   no lockstep: the design's ports checked against the interface's rules and the\n"
            "                 traffic end to end (a designer's own router)\n"
            "  --expect-diff  succeed only if a difference (with --scoreboard: a violation) is found\n"
            "  --bench        also time the all-C reference network alone on the same run\n"
            "  +NAME=VALUE    a plusarg for the design\n",
            MODEL_NAME, MODEL_CFG);
}

}  // namespace

int main(int argc, char **argv)
{
    sim_config cfg;
    config_defaults(&cfg);
    cfg.cycles = 3000;
    cfg.warmup = 500;
    std::string err, keys, node_spec = "0";
    if (!apply_keys(cfg, MODEL_CFG, true, err)) {
        fprintf(stderr, "cosim: model configuration: %s\n", err.c_str());
        return 1;
    }
    bool expect_diff = false, bench = false, board = false;
    std::vector<std::string> plusargs;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        if (a == "--expect-diff") expect_diff = true;
        else if (a == "--bench") bench = true;
        else if (a == "--scoreboard") board = true;
        else if (a == "--router" && i + 1 < argc) node_spec = argv[++i];
        else if (a == "--diff-dir" && i + 1 < argc) ++i;  // (tests/cosim/suite.sh's: no waves here)
        else if (a.size() > 1 && a[0] == '+') plusargs.push_back(a);
        else if (a == "-h" || a == "--help") {
            usage();
            return 0;
        } else if (a.find('=') != std::string::npos && a[0] != '-') keys += " " + a;
        else {
            usage();
            return 1;
        }
    }
    char e[CFG_ERR];
    if (!apply_keys(cfg, keys, false, err) || config_resolve(&cfg, e, sizeof e)) {
        fprintf(stderr, "cosim: %s\n", err.empty() ? e : err.c_str());
        return 1;
    }
    Side mix, ref;
    for (Side *s : {&mix, &ref}) {
        if (net_setup_build(&s->ns, &cfg, e, sizeof e)) {
            fprintf(stderr, "cosim: %s\n", e);
            return 1;
        }
        s->ns_built = true;
        if (node_init(&s->nodes, &s->ns, &cfg)) {
            fprintf(stderr, "cosim: out of memory\n");
            return 1;
        }
        s->nodes_built = true;
    }
    const topology &T = mix.ns.t;
    const flit_layout &FL = mix.ns.fl;
    const int N = T.N, P = T.P, Pn = T.Pn, V = cfg.vcs, VW = V > 1 ? 32 - __builtin_clz(static_cast<unsigned>(V - 1)) : 1;
    if (route_fring(&mix.ns.rt) != MODEL_FRING) {
        fprintf(stderr, "cosim: model %s was built %s the f-ring layer, but this run %s it\n", MODEL_NAME,
                MODEL_FRING ? "with" : "without", route_fring(&mix.ns.rt) ? "uses" : "does not use");
        return 1;
    }
    const int X = parse_node(T, node_spec, err);
    if (X < 0) {
        fprintf(stderr, "cosim: %s\n", err.c_str());
        return 1;
    }
    auto faulty = [&](int y) { return y >= 0 && mix.ns.faulty && mix.ns.faulty[y]; };
    if (faulty(X)) {
        fprintf(stderr, "cosim: node %s is faulty or disabled in this fault set: it has no router to run\n",
                node_text(&T, X).c_str());
        return 1;
    }

    // the design: its constants, its reset, and its sizes and codes checked
    std::unique_ptr<VerilatedContext> ctx(new VerilatedContext);
    ctx->fatalOnError(false);
    {
        std::vector<const char *> av{"cosim"};
        for (const std::string &p : plusargs) av.push_back(p.c_str());
        ctx->commandArgs(static_cast<int>(av.size()), av.data());
    }
    std::unique_ptr<Vnet> top(new Vnet(ctx.get(), "TOP"));
    top->node_id_i = static_cast<uint32_t>(X);
    top->lfsr_seed_i = lfsr_seed(cfg.seed, X);
    top->sel_random_i = cfg.select == SELECT_RANDOM;
    for (int p = 0; p < Pn; p++) set_bits(top->faulty_nbr_i, p, 1, faulty(T.nbr[X * Pn + p]));
    top->ring_ok_i = route_ring_ok(&mix.ns.rt, X);
    reset_assert(top.get());
    reset_sample_release(top.get());
    const int rcode = route_base_algo(&mix.ns.rt)->code;
    if (static_cast<int>(top->cfg_nodes_o) != N || static_cast<int>(top->cfg_ports_o) != P ||
        static_cast<int>(top->cfg_addr_bits_o) != FL.A || static_cast<int>(top->cfg_hop_bits_o) != FL.HW ||
        static_cast<int>(top->cfg_topo_o) != static_cast<int>(T.kind) || static_cast<int>(top->cfg_routing_o) != rcode) {
        fprintf(stderr, "cosim: the Verilated router does not match the configuration (RTL N=%u P=%u A=%u HW=%u TOPO=%u "
                        "ROUTING=%u; C N=%d P=%d A=%d HW=%d topology %d routing %d)\n",
                top->cfg_nodes_o, top->cfg_ports_o, top->cfg_addr_bits_o, top->cfg_hop_bits_o, top->cfg_topo_o,
                top->cfg_routing_o, N, P, FL.A, FL.HW, static_cast<int>(T.kind), rcode);
        return 1;
    }

    char desc[512];
    snprintf(desc, sizeof desc, "%s router %s of %d, seed=%llu rate=%g msg_len=%g cycles=%ld%s", MODEL_NAME,
             node_text(&T, X).c_str(), N, static_cast<unsigned long long>(cfg.seed), cfg.rate, cfg.msg_len, cfg.cycles,
             mix.ns.faulty ? " (faults)" : "");
    Both both{{&mix, &ref}, board ? 1 : 2};
    // the scoreboard's state: credits held per output VC (the C neighbours' B), flits held
    // per input VC (arrived, not yet credited back), and the network's last progress
    std::vector<int> credit(static_cast<size_t>(P * V), cfg.buf_depth), held(static_cast<size_t>(P * V), 0);
    uint64_t last_progress = 0, last_moves = 0;
    std::string violation;
    std::vector<link_sig> out(static_cast<size_t>(P)), in(static_cast<size_t>(P));
    std::vector<uint32_t> cro(static_cast<size_t>(P)), cri(static_cast<size_t>(P));
    const link_sig none = {0, -1};
    uint64_t flits = 0, credits = 0, t = 0;
    bool diff = false, asserted = false, saturated = false;
    const uint64_t end = static_cast<uint64_t>(cfg.cycles), drain_limit = end + 200000;
    const auto t0 = std::chrono::steady_clock::now();
    for (;; t++) {
        if (t < end) {
            traffic_cycle(&mix.ns.tr, t, on_message, &both);
            if (mix.nodes.overflow_node >= 0 || ref.nodes.overflow_node >= 0) {
                saturated = true;
                break;
            }
        } else {
            if (!cfg.drain || (mix.nodes.delivered == mix.nodes.generated && ref.nodes.delivered == ref.nodes.generated))
                break;
            if (t >= drain_limit) {
                fprintf(stderr, "cosim %s: the network did not drain within 200000 cycles\n", desc);
                return 1;
            }
        }
        // the design's outputs of cycle t, into the mixed network
        top->clk_i = 0;
        top->eval();
        for (int p = 0; p < P; p++) {
            const size_t sp = static_cast<size_t>(p);
            out[sp].vc = get_bits(top->out_valid_o, p, 1) ? static_cast<int32_t>(get_bits(top->out_vc_o, p * VW, VW)) : -1;
            out[sp].flit = get_bits(top->out_flit_o, p * 64, 64);
            cro[sp] = static_cast<uint32_t>(get_bits(top->cr_o, p * V, V));
        }
        network_drive_router(&mix.ns.net, X, t, out.data(), cro.data());
        if (node_cycle_without(&mix.nodes, &mix.ns.net, t, X) || (!board && node_cycle(&ref.nodes, &ref.ns.net, t))) {
            fprintf(stderr, "cosim %s: more messages in flight than message ids\n", desc);
            return 1;
        }
        // router X of the reference in cycle t
        const network &rn = ref.ns.net;
        const int cur = static_cast<int>(t & 1);
        if (board) {  // the interface's rules at the design's ports, in cycle t
            char m[256] = "";
            for (int p = 0; p < P && !m[0]; p++) {
                const size_t sp = static_cast<size_t>(p);
                const int w = out[sp].vc;
                if (w >= V) snprintf(m, sizeof m, "output port %d drives VC %d; V = %d", p, w, V);
                else if (w >= 0 && p != Pn && credit[sp * static_cast<size_t>(V) + static_cast<size_t>(w)]-- <= 0)
                    snprintf(m, sizeof m, "output port %d sends a flit on VC %d without a credit", p, w);
                for (int v = 0; v < V && !m[0]; v++)
                    if ((cro[sp] >> v & 1) && held[sp * static_cast<size_t>(V) + static_cast<size_t>(v)]-- <= 0)
                        snprintf(m, sizeof m, "input port %d returns a credit for VC %d, which holds no flit", p, v);
                if (cro[sp] >> V) snprintf(m, sizeof m, "input port %d returns credits 0x%x beyond V = %d", p, cro[sp], V);
                flits += w >= 0;
                credits += static_cast<uint64_t>(__builtin_popcount(cro[sp]));
            }
            if (m[0]) {
                diff = true;
                printf("VIOLATION in cycle %" PRIu64 ": router %s: %s\n", t, node_text(&T, X).c_str(), m);
                break;
            }
        }
        for (int p = 0; p < P && !diff && !board; p++) {
            const size_t sp = static_cast<size_t>(p);
            const int d = p == Pn ? -2 : rn.down[X * P + p], u = p == Pn ? X * P + Pn : rn.up[X * P + p];
            const link_sig &c = d == -2 ? rn.ej[cur][X] : d >= 0 ? rn.in[cur][d] : none;
            const uint32_t ccr = u >= 0 ? rn.cr[cur][u] : 0;
            const bool rv = out[sp].vc >= 0;
            if ((c.vc >= 0) != rv || (rv && (c.vc != out[sp].vc || c.flit != out[sp].flit))) {
                diff = true;
                printf("FIRST DIFFERENCE in cycle %" PRIu64 ": router %s, output port %s\n  C model: %s\n  RTL:     %s\n", t,
                       node_text(&T, X).c_str(), port_text(&T, p).c_str(), chan_text(&FL, c).c_str(),
                       chan_text(&FL, out[sp]).c_str());
            } else if (ccr != cro[sp]) {
                diff = true;
                printf("FIRST DIFFERENCE in cycle %" PRIu64 ": router %s, credit wires of input port %s\n"
                       "  C model: credit mask 0x%x\n  RTL:     credit mask 0x%x\n",
                       t, node_text(&T, X).c_str(), port_text(&T, p).c_str(), ccr, cro[sp]);
            }
            flits += rv;
            credits += static_cast<uint64_t>(__builtin_popcount(cro[sp]));
        }
        if (diff) break;
        // the design's inputs of cycle t, from the mixed network
        network_take_router(&mix.ns.net, X, t, in.data(), cri.data());
        // ... which are the reference router's: else the mixing, not the design, is wrong
        for (int p = 0; p < P && board; p++) {
            const size_t sp = static_cast<size_t>(p);
            if (in[sp].vc >= 0 && in[sp].vc < V) held[sp * static_cast<size_t>(V) + static_cast<size_t>(in[sp].vc)]++;
            for (int v = 0; v < V; v++)
                credit[sp * static_cast<size_t>(V) + static_cast<size_t>(v)] += static_cast<int>(cri[sp] >> v & 1);
        }
        for (int p = 0; p < P && !board; p++) {
            const size_t sp = static_cast<size_t>(p);
            const link_sig &c = rn.in[cur][X * P + p];
            const uint32_t ccr = p == Pn ? 0 : rn.cr[cur][X * P + p];
            if ((c.vc >= 0) != (in[sp].vc >= 0) || (c.vc >= 0 && (c.vc != in[sp].vc || c.flit != in[sp].flit)) ||
                ccr != cri[sp]) {
                fprintf(stderr, "cosim %s: the mixed network's inputs of router %s, port %d, in cycle %" PRIu64
                                " are not the reference's: the mixing is broken\n",
                        desc, node_text(&T, X).c_str(), p, t);
                return 1;
            }
        }
        for (int p = 0; p < P; p++) {
            const size_t sp = static_cast<size_t>(p);
            const bool v = in[sp].vc >= 0;
            set_bits(top->in_valid_i, p, 1, v);
            set_bits(top->in_vc_i, p * VW, VW, v ? static_cast<uint64_t>(in[sp].vc) : 0);
            set_bits(top->in_flit_i, p * 64, 64, v ? in[sp].flit : 0);
            set_bits(top->cr_i, p * V, V, cri[sp]);
        }
        // rule 5 (docs/router-interface.md): the outputs of cycle t were read before its
        // inputs were set; with them set, the clock still low, they must not change
        top->eval();
        for (int p = 0; p < P && !diff; p++) {
            const size_t sp = static_cast<size_t>(p);
            const bool v = get_bits(top->out_valid_o, p, 1) != 0;
            if (v != (out[sp].vc >= 0) || (v && (get_bits(top->out_vc_o, p * VW, VW) != static_cast<uint64_t>(out[sp].vc) ||
                                                 get_bits(top->out_flit_o, p * 64, 64) != out[sp].flit)) ||
                get_bits(top->cr_o, p * V, V) != cro[sp]) {
                diff = true;
                printf("%s in cycle %" PRIu64 ": router %s: output port %d changed with the inputs of the same cycle: "
                       "a combinational path from an input to an output (rule 5)\n",
                       board ? "VIOLATION" : "FIRST DIFFERENCE", t, node_text(&T, X).c_str(), p);
            }
        }
        if (diff) break;
        for (int x = 0; x < N; x++) {
            take_ejection(mix, x, t, cfg);
            if (!board) take_ejection(ref, x, t, cfg);
        }
        if (board) {  // end to end: the sinks' checks, and a network that keeps moving
            if (mix.nodes.errs.corrupt) {
                diff = true;
                printf("VIOLATION in cycle %" PRIu64 ": a sink: %s\n", t, mix.nodes.errs.first_error);
                break;
            }
            const uint64_t moves = mix.nodes.injected + mix.nodes.ejected + flits;
            if (moves != last_moves || mix.nodes.delivered == mix.nodes.generated) last_progress = t;
            last_moves = moves;
            if (t - last_progress >= static_cast<uint64_t>(cfg.deadlock_cycles)) {
                diff = true;
                printf("VIOLATION in cycle %" PRIu64 ": no flit injected, ejected or sent by router %s for %ld cycles, "
                       "%" PRIu64 " messages in flight: deadlock, or flits lost\n",
                       t, node_text(&T, X).c_str(), cfg.deadlock_cycles, mix.nodes.generated - mix.nodes.delivered);
                break;
            }
        }
        top->clk_i = 1;
        ctx->time(10 * (t + 1));
        top->eval();
        if (ctx->gotError()) {
            asserted = true;
            printf("an RTL assertion failed at the clock edge ending cycle %" PRIu64 " (the message above)\n", t);
            t++;
            break;
        }
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (diff && board) {
        printf("cosim %s: VIOLATION in cycle %" PRIu64 "\nRESULT violation cycle=%" PRIu64 "\n", desc, t, t);
        return expect_diff ? 0 : 2;
    }
    if (diff) {
        printf("cosim %s: DIFFERENCE in cycle %" PRIu64 "\n  (this model was built without --trace: no waves)\n"
               "RESULT diff cycle=%" PRIu64 "\n", desc, t, t);
        return expect_diff ? 0 : 2;
    }
    if (board && cfg.drain && !saturated && mix.nodes.delivered != mix.nodes.generated) {
        printf("cosim %s: VIOLATION: %" PRIu64 " of %" PRIu64 " messages not delivered after the drain\n"
               "RESULT violation cycle=%" PRIu64 "\n",
               desc, mix.nodes.generated - mix.nodes.delivered, mix.nodes.generated, t);
        return expect_diff ? 0 : 2;
    }
    if (asserted) {
        printf("cosim %s: ASSERTION FAILED\nRESULT assert cycle=%" PRIu64 "\n", desc, t - 1);
        return 3;
    }
    // the mixing itself: the two networks delivered the same messages at the same times
    if (!board && (mix.nodes.delivered != ref.nodes.delivered || mix.measured != ref.measured || mix.lat_sum != ref.lat_sum)) {
        printf("cosim %s: the mixed network delivered %" PRIu64 " messages (latency sum %.0f), the reference %" PRIu64
               " (%.0f), with no difference at the router: the mixing is broken\n",
               desc, mix.nodes.delivered, mix.lat_sum, ref.nodes.delivered, ref.lat_sum);
        return 1;
    }
    const double lat = mix.measured ? mix.lat_sum / static_cast<double>(mix.measured) : 0;
    if (board)
        printf("cosim %s: %s %" PRIu64 " cycles, %" PRIu64 " flits and %" PRIu64 " credits of the router checked%s\n"
               "  the network delivered %" PRIu64 " of %" PRIu64 " messages intact, mean latency %.3f cycles over %" PRIu64 "\n",
               desc, expect_diff ? "NO VIOLATION in" : "no violation in", t, flits, credits,
               saturated ? " (stopped: a source queue overflowed)" : "", mix.nodes.delivered, mix.nodes.generated, lat,
               mix.measured);
    else
        printf("cosim %s: %s %" PRIu64 " cycles, %" PRIu64 " flits and %" PRIu64 " credits of the router compared%s\n"
               "  both networks delivered %" PRIu64 " messages, mean latency %.3f cycles over %" PRIu64 "\n",
               desc, expect_diff ? "NO DIFFERENCE in" : "identical over", t, flits, credits,
               saturated ? " (stopped: a source queue overflowed)" : "", mix.nodes.delivered, lat, mix.measured);
    if (bench) {
        // the same run on the C model alone: what the design and the lockstep cost
        Side solo;
        if (net_setup_build(&solo.ns, &cfg, e, sizeof e) || (solo.ns_built = true, node_init(&solo.nodes, &solo.ns, &cfg))) {
            fprintf(stderr, "cosim: %s\n", e);
            return 1;
        }
        solo.nodes_built = true;
        Both one{{&solo, nullptr}, 1};
        const auto c0 = std::chrono::steady_clock::now();
        for (uint64_t u = 0; u < t; u++) {
            if (u < end) traffic_cycle(&solo.ns.tr, u, on_message, &one);
            if (node_cycle(&solo.nodes, &solo.ns.net, u)) break;
            for (int x = 0; x < N; x++) take_ejection(solo, x, u, cfg);
        }
        const double cs = std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count();
        printf("  bench: mixed network in lockstep %.4g cycles/s (%.2f s); the C model alone %.4g cycles/s (%.2f s)\n",
               static_cast<double>(t) / secs, secs, static_cast<double>(t) / cs, cs);
    }
    printf("RESULT %s cycles=%" PRIu64 " flits=%" PRIu64 " credits=%" PRIu64 "\n", expect_diff ? "nodiff" : "ok", t, flits,
           credits);
    return expect_diff ? 2 : 0;
}
