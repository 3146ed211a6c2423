// cosim.cpp: lockstep co-simulation of the Verilated network (rtl/flitnet_network.sv)
// against the C model (c_model/router/network.c), cycle by cycle.
//
// One message stream (tb/traffic.c) feeds two copies of the nodes around the routers
// (tb/node.c: sources, sinks, node software), one per side; each reads the injection
// credits of its own side. In cycle t the C model steps
// every source and router, after which the signal slots of parity t hold what the
// routers drive in cycle t (network.h). The RTL gets the injection inputs of cycle t,
// evaluates with the clock low (its outputs are functions of its registers, so they
// are the outputs of cycle t), is compared, and is clocked. Every link, ejection and
// injection channel (valid, VC, 64 flit bits) and every credit wire is compared; the
// first difference stops the run with a report and waves of both sides around it.
//
// The structure of the Verilated model (topology, V, B, Bo, routing, escape VCs,
// time-out, fault handling) is fixed when it is built: model_cfg.h gives it as
// configuration keys. Runtime keys (seed, rate, msg_len, select, traffic, the fault
// set, ...) come from the command line; the fault set is an input of the RTL (faulty_i:
// faulty or disabled nodes) and so are the f-ring layer's ring_ok bits (ring_ok_i, from
// route_ring_ok), both set before reset and sampled by the network, with the select bit
// and the seeds, at the clock edge the harness gives during reset.
//
// Both sides run the node software of microarchitecture.md §7.1 in their own sinks
// (node_sink, as tb/sim.c does): a message whose tail reaches a node that is not its
// final destination (swft: absorbed, or at an intermediate node) goes back into that
// node's source queue.
//
// Modes: lockstep (default), --bench (each side alone, simulated cycles per second),
// --waves DIR (both sides' waves of a window, no comparison needed).
//
// A model built with the RTL's assertions (verilator --assert -DFLITNET_ASSERT,
// MODEL_ASSERT) checks the router's invariants at every clock edge: a failed one prints
// its message (Verilator's $error) and stops the run as a failure; --expect-assert
// (a mutant that breaks an invariant) succeeds only if one fails.
#include "model_cfg.h"

#include "Vnet.h"
#include "verilated.h"
#include "port_bits.h"
#include "model_keys.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
typedef VerilatedFstC TraceFile;
#define TRACE_EXT "fst"
#elif VM_TRACE
#include "verilated_vcd_c.h"
typedef VerilatedVcdC TraceFile;
#define TRACE_EXT "vcd"
#endif

extern "C" {
#include "config.h"
#include "flit.h"
#include "lfsr.h"
#include "message.h"
#include "netsetup.h"
#include "network.h"
#include "node.h"
#include "route.h"
#include "topology.h"
#include "traffic.h"
#include "vcd.h"
}

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <type_traits>
#include <vector>

// port access: get_bits, set_bits (port_bits.h)

// ------------------------------------------------------------------ run state
struct Opts {
    bool c = true, rtl = true;       // which sides run (both: lockstep)
    bool stop_on_diff = true;
    bool stop_on_assert = true;      // a failed RTL assertion ends the run
    bool asserts = true;             // the RTL's assertions are checked (a waves rerun: no)
    std::string waves_dir;           // write waves of both sides here
    uint64_t w_from = 0, w_to = UINT64_MAX;
    uint64_t stop_at = UINT64_MAX;   // last cycle to simulate
    bool quiet = false;
    std::string coverage;            // write the RTL's coverage counters here (a --coverage model)
    std::vector<std::string> plusargs; // +NAME=VALUE for the design's $value$plusargs (make mutants' schema designs)
};

struct Side {
    node_set nodes;                  // sources, sinks, node software, their counters (tb/node.h)
    bool built = false;
    uint64_t lat_n = 0;              // messages generated in the window and delivered
    double lat_sum = 0;
    bool fwd_overflow = false;       // the node software re-injected into a full source queue
    // (src, id) of the last head on each output channel VC, x*P + o, and injection VC
    std::vector<int32_t> chan_src;
    std::vector<uint32_t> chan_id;
};

struct Result {
    uint64_t cycles = 0, flits = 0, credits = 0, words = 0;
    bool saturated = false, diff = false;
    uint64_t diff_cycle = 0;
    bool asserted = false;           // an RTL assertion failed ...
    uint64_t assert_cycle = 0;       // ... at the clock edge that ends this cycle
    double c_latency = 0, r_latency = 0, c_tput = 0, r_tput = 0, secs = 0;
    uint64_t c_msgs = 0, r_msgs = 0, c_fwd = 0, r_fwd = 0, fwd_rule[3] = {0, 0, 0};
    uint64_t c_detour = 0, r_detour = 0;  // messages delivered after more hops than the distance
    std::vector<uint64_t> vc_heads;  // head flits compared on network links, per VC
    int fring = 0, unusable = 0;     // f-ring layer; faulty or disabled nodes
};

struct GenCtx {
    Side *sides[2];
    int nsides;
};

// one message stream, into the queues of both sides
static void on_message(void *user, uint64_t cycle, int s, int d, int len)
{
    GenCtx *g = static_cast<GenCtx *>(user);
    for (int i = 0; i < g->nsides; i++) node_enqueue(&g->sides[i]->nodes, cycle, s, d, len);
}

static bool overflowed(const GenCtx &g)
{
    for (int i = 0; i < g.nsides; i++)
        if (g.sides[i]->nodes.overflow_node >= 0) return true;
    return false;
}

static std::string node_name(const topology *t, int x)
{
    char b[128];
    topo_node_name(t, x, b, sizeof b);
    return std::to_string(x) + " " + b;
}

static std::string port_name(const topology *t, int p)
{
    char b[32];
    topo_port_name(t, p, b, sizeof b);
    return std::to_string(p) + " (" + b + ")";
}

static std::string describe(const flit_layout *fl, bool valid, uint64_t vc, uint64_t flit)
{
    if (!valid) {
        char b[96];
        snprintf(b, sizeof b, "no flit (vc=%" PRIu64 " flit=0x%016" PRIx64 ")", vc, flit);
        return b;
    }
    char d[256];
    flit_describe(fl, flit, d, sizeof d);
    return "vc " + std::to_string(vc) + ": " + d;
}

static std::string message_text(Side &s, const topology *t, int32_t src, uint32_t id)
{
    if (src < 0) return "no message seen on this channel yet";
    msg_rec *m = msgtab_get(&s.nodes.msgs, src, id);
    char b[256];
    if (!m) {
        snprintf(b, sizeof b, "message %u of node %s (already delivered)", id, node_name(t, src).c_str());
        return b;
    }
    snprintf(b, sizeof b, "message %u of node %s -> node %s, %d flits, generated in cycle %" PRIu64
             ", head injected in cycle %" PRIu64, id, node_name(t, src).c_str(), node_name(t, m->dst).c_str(),
             m->len, m->gen, m->inj);
    std::string r = b;
    if (m->nfwd) {  // re-injected by the node software (§7.1)
        snprintf(b, sizeof b, "; re-injected %d times, originally from node %s to node %s", m->nfwd,
                 node_name(t, m->osrc).c_str(), node_name(t, m->final).c_str());
        r += b;
    }
    return r;
}

static void track(Side &s, const flit_layout *fl, size_t chan, bool valid, uint64_t flit)
{
    if (!valid || !(flit & 1)) return;
    s.chan_src[chan] = flit_src(fl, flit);
    s.chan_id[chan] = flit_id(fl, flit);
}

static int side_init(Side &s, const net_setup &ns, const sim_config &cfg)
{
    const int N = ns.t.N, P = ns.t.P, V = cfg.vcs;
    s.built = true;
    if (node_init(&s.nodes, &ns, &cfg)) return -1;
    s.chan_src.assign(static_cast<size_t>((N * P + N) * V), -1);
    s.chan_id.assign(static_cast<size_t>((N * P + N) * V), 0);
    return 0;
}

static void side_free(Side &s)
{
    if (s.built) node_free(&s.nodes);
    s.built = false;
}

// the sink and node software of node x take the ejection flit of cycle t (tb/node.c);
// the harness keeps the mean latency of the messages generated in the window
static void eject(Side &s, int x, uint64_t t, const link_sig &l, const sim_config &cfg)
{
    const bool in_window = t >= static_cast<uint64_t>(cfg.warmup) && t < static_cast<uint64_t>(cfg.cycles);
    node_delivery d;
    switch (node_sink(&s.nodes, x, t, in_window, &l, &d)) {
    case NODE_QUEUE_FULL:
        s.fwd_overflow = true;
        break;
    case NODE_DELIVERED:
        if (d.msg.gen >= static_cast<uint64_t>(cfg.warmup)) {
            s.lat_sum += static_cast<double>(t - d.msg.gen + 1);
            s.lat_n++;
        }
        break;
    default:
        break;
    }
}

static bool mkdir_p(const std::string &d)
{
    std::string cur;
    for (size_t i = 0; i <= d.size(); i++) {
        if (i == d.size() || d[i] == '/') {
            if (!cur.empty()) mkdir(cur.c_str(), 0777);
        }
        if (i < d.size()) cur += d[i];
    }
    struct stat st;
    return stat(d.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Runs one configuration. Returns 0 (see res.diff), or -1 with err set.
static int run(const sim_config &cfg, const Opts &o, Result &res, std::string &err)
{
    char e[512];
    // topology, flit layout, fault set, routing, routers and traffic, as sim_run builds them
    net_setup ns;
    if (net_setup_build(&ns, &cfg, e, sizeof e)) { err = e; return -1; }
    struct Cleanup {
        net_setup *s;
        ~Cleanup() { net_setup_free(s); }
    } cleanup{&ns};
    const topology &t = ns.t;
    const flit_layout &fl = ns.fl;
    const routing &rt = ns.rt;
    network &net = ns.net;
    traffic &tr = ns.tr;
    const int N = t.N, P = t.P, Pn = t.Pn, V = cfg.vcs;
    const int VW = V > 1 ? 32 - __builtin_clz(static_cast<unsigned>(V - 1)) : 1;
    res.vc_heads.assign(static_cast<size_t>(V), 0);
    // the RTL's FRING parameter is structural: the run must wrap its routing the same way
    if (route_fring(&rt) != MODEL_FRING) {
        snprintf(e, sizeof e,
                 "model %s was built %s the f-ring layer, but this run %s it (fault_handling = fring needs faults)",
                 MODEL_NAME, MODEL_FRING ? "with" : "without", route_fring(&rt) ? "uses" : "does not use");
        err = e;
        return -1;
    }
    res.fring = route_fring(&rt);
    // §6.5: a hop-class base carries the ring hops on its own classes (no ring VCs)
    res.unusable = 0;
    for (int x = 0; x < N; x++) res.unusable += ns.faulty && ns.faulty[x];

    Side sc, sr;
    if (side_init(sc, ns, cfg) || side_init(sr, ns, cfg)) {
        err = "out of memory";
        side_free(sc);
        side_free(sr);
        return -1;
    }
    struct SideCleanup {
        Side *a, *b;
        ~SideCleanup() { side_free(*a); side_free(*b); }
    } side_cleanup{&sc, &sr};
    GenCtx g;
    g.nsides = 0;
    if (o.c) g.sides[g.nsides++] = &sc;
    if (o.rtl) g.sides[g.nsides++] = &sr;

    // the Verilated network, reset with every router's LFSR seed (microarchitecture.md §8)
    std::unique_ptr<VerilatedContext> ctx(new VerilatedContext);
    // a failed assertion ($error) is reported and the run ends, instead of an abort
    ctx->fatalOnError(false);
    ctx->assertOn(o.asserts);
    if (!o.plusargs.empty()) {
        std::vector<const char *> av{"cosim"};
        for (const std::string &p : o.plusargs) av.push_back(p.c_str());
        ctx->commandArgs(static_cast<int>(av.size()), av.data());
    }
    std::unique_ptr<Vnet> top(new Vnet(ctx.get(), "TOP"));
    // the coverage counters are the context's: written when the run ends, however it ends
    struct CoverageWriter {
        VerilatedContext *ctx;
        std::string path;
        ~CoverageWriter()
        {
#if VM_COVERAGE
            if (!path.empty()) ctx->coveragep()->write(path.c_str());
#endif
        }
    } coverage_writer{ctx.get(), o.rtl ? o.coverage : std::string()};
    const bool waves = !o.waves_dir.empty();
    if (waves && !mkdir_p(o.waves_dir)) {
        err = "cannot create " + o.waves_dir;
        return -1;
    }
#if VM_TRACE
    std::unique_ptr<TraceFile> tfp;
    if (waves && o.rtl) {
        ctx->traceEverOn(true);
        tfp.reset(new TraceFile);
        top->trace(tfp.get(), 99);
        std::string path = o.waves_dir + "/rtl." TRACE_EXT;
        tfp->open(path.c_str());
        if (!tfp->isOpen()) { err = "cannot write " + path; return -1; }
    }
    auto dump = [&](uint64_t when) {
        if (tfp && when >= 10 * o.w_from && (o.w_to == UINT64_MAX || when <= 10 * o.w_to + 5)) tfp->dump(when);
    };
#else
    if (waves && o.rtl) {
        err = "this model was built without --trace: no RTL waves";
        return -1;
    }
    auto dump = [](uint64_t) {};
#endif
    vcd_writer *cv = nullptr;
    if (waves && o.c) {
        std::string path = o.waves_dir + "/c.vcd";
        cv = vcd_open(path.c_str(), &net, o.w_from, o.w_to, e, sizeof e);
        if (!cv) { err = e; return -1; }
    }
    struct VcdCleanup {
        vcd_writer **w;
        ~VcdCleanup() { vcd_close(*w); }
    } vcd_cleanup{&cv};

    if (o.rtl) {
        top->clk_i = 1;
        top->rst_ni = 1;
        top->sel_random_i = cfg.select == SELECT_RANDOM;
        for (int x = 0; x < N; x++) {
            set_bits(top->lfsr_seed_i, 16 * x, 16, lfsr_seed(cfg.seed, x));
            set_bits(top->faulty_i, x, 1, ns.faulty && ns.faulty[x]);
            set_bits(top->ring_ok_i, 2 * Pn * x, 2 * Pn, route_ring_ok(&rt, x));
        }
        top->eval();
        top->rst_ni = 0;
        top->eval();
        // a rising edge during reset: the network samples the run's constants (select,
        // seeds, faults, ring_ok) at it (rtl/flitnet_network.sv)
        top->clk_i = 0;
        top->eval();
        top->clk_i = 1;
        top->eval();
        top->rst_ni = 1;
        top->eval();
        if (static_cast<int>(top->cfg_nodes_o) != N || static_cast<int>(top->cfg_ports_o) != P ||
            static_cast<int>(top->cfg_addr_bits_o) != fl.A || static_cast<int>(top->cfg_hop_bits_o) != fl.HW) {
            snprintf(e, sizeof e,
                     "the Verilated network does not match the configuration: RTL N=%u P=%u A=%u HW=%u, "
                     "C N=%d P=%d A=%d HW=%d",
                     top->cfg_nodes_o, top->cfg_ports_o, top->cfg_addr_bits_o, top->cfg_hop_bits_o, N, P, fl.A,
                     fl.HW);
            err = e;
            return -1;
        }
        // the codes: the model was built from the C registry's (build_model.sh), and
        // rtl/flitnet_pkg.sv must mean the same by them (harness/codes.sh)
        const int rcode = route_base_algo(&rt)->code, fring = route_fring(&rt);
        if (static_cast<int>(top->cfg_topo_o) != static_cast<int>(t.kind) ||
            static_cast<int>(top->cfg_routing_o) != rcode || static_cast<int>(top->cfg_fring_o) != fring) {
            snprintf(e, sizeof e,
                     "the Verilated network does not match the configuration: RTL TOPO=%u ROUTING=%u FRING=%u, "
                     "C topology %s = %d, routing %s = %d, f-rings %d",
                     top->cfg_topo_o, top->cfg_routing_o, top->cfg_fring_o, topo_name(t.kind), static_cast<int>(t.kind),
                     route_base_algo(&rt)->name, rcode, fring);
            err = e;
            return -1;
        }
        dump(0);
    }

    std::vector<uint32_t> rtl_cr(static_cast<size_t>(N), 0);  // RTL injection credits of cycle t-1
    std::vector<link_sig> rtl_inj(static_cast<size_t>(N));
    const uint64_t cycles = static_cast<uint64_t>(cfg.cycles);
    const uint64_t drain_limit = cycles + 200000;
    auto t0 = std::chrono::steady_clock::now();
    uint64_t tt = 0;
    bool diff = false;
    for (;; tt++) {
        const int cur = static_cast<int>(tt & 1);
        if (tt > o.stop_at) break;
        if (tt < cycles) {
            traffic_cycle(&tr, tt, on_message, &g);
            if (overflowed(g)) {
                res.saturated = true;
                break;
            }
        } else {
            bool done = true;
            for (int i = 0; i < g.nsides; i++) done &= g.sides[i]->nodes.delivered == g.sides[i]->nodes.generated;
            if (!cfg.drain || done) break;
            if (tt >= drain_limit) {
                err = "the network did not drain within 200000 cycles after the last message";
                return -1;
            }
        }
        // ---- the C model
        if (o.c) {
            for (int x = 0; x < N; x++)
                if (node_source_router(&sc.nodes, &net, x, tt)) {
                    err = "more messages in flight than message ids";
                    return -1;
                }
            if (cv) vcd_cycle(cv, &net, tt);
        }
        // ---- the RTL: injection inputs of cycle t, outputs of cycle t
        if (o.rtl) {
            for (int x = 0; x < N; x++) {
                link_sig &s = rtl_inj[static_cast<size_t>(x)];
                if (node_source(&sr.nodes, x, tt, rtl_cr[static_cast<size_t>(x)], &s)) {
                    err = "more messages in flight than message ids";
                    return -1;
                }
                bool v = s.vc >= 0;
                set_bits(top->inj_valid_i, x, 1, v);
                set_bits(top->inj_vc_i, x * VW, VW, v ? static_cast<uint64_t>(s.vc) : 0);
                set_bits(top->inj_flit_i, x * 64, 64, v ? s.flit : 0);
            }
            top->clk_i = 0;
            top->eval();
            dump(10 * tt + 5);
        }
        // ---- compare every channel and credit wire
        if (o.c && o.rtl && !diff) {
            for (int x = 0; x < N && !diff; x++) {
                for (int p = 0; p < P && !diff; p++) {
                    // output port p of router x
                    const link_sig *cs = nullptr;
                    if (p == Pn) cs = &net.ej[cur][x];
                    else if (net.down[x * P + p] >= 0) cs = &net.in[cur][net.down[x * P + p]];
                    bool cval = cs && cs->vc >= 0;
                    uint64_t cvc = cval ? static_cast<uint64_t>(cs->vc) : 0, cfl = cval ? cs->flit : 0;
                    int k = x * P + p;
                    bool rval = get_bits(top->obs_valid_o, k, 1);
                    uint64_t rvc = get_bits(top->obs_vc_o, k * VW, VW), rfl = get_bits(top->obs_flit_o, k * 64, 64);
                    res.words += 3;
                    if (cval != rval || cvc != rvc || cfl != rfl) {
                        diff = true;
                        res.diff_cycle = tt;
                        size_t ch = static_cast<size_t>(k * V) + (cval ? cvc : rvc);
                        if (!o.quiet) {
                            std::string where = p == Pn ? "ejection channel (to the sink)"
                                                        : "link to router " + node_name(&t, t.nbr[x * Pn + p]);
                            printf("FIRST DIFFERENCE in cycle %" PRIu64 ": router %s, output port %s, %s, VC %" PRIu64
                                   "\n  C model: %s\n  RTL:     %s\n  C message:   %s\n  RTL message: %s\n",
                                   tt, node_name(&t, x).c_str(), port_name(&t, p).c_str(), where.c_str(),
                                   cval ? cvc : rvc, describe(&fl, cval, cvc, cfl).c_str(),
                                   describe(&fl, rval, rvc, rfl).c_str(),
                                   message_text(sc, &t, (cval && (cfl & 1)) ? flit_src(&fl, cfl) : sc.chan_src[ch],
                                                (cval && (cfl & 1)) ? flit_id(&fl, cfl) : sc.chan_id[ch]).c_str(),
                                   message_text(sr, &t, (rval && (rfl & 1)) ? flit_src(&fl, rfl) : sr.chan_src[ch],
                                                (rval && (rfl & 1)) ? flit_id(&fl, rfl) : sr.chan_id[ch]).c_str());
                        }
                        break;
                    }
                    res.flits += cval;
                    if (cval && (cfl & 1) && p != Pn) res.vc_heads[cvc]++;
                    track(sc, &fl, static_cast<size_t>(k * V) + cvc, cval, cfl);
                    track(sr, &fl, static_cast<size_t>(k * V) + rvc, rval, rfl);
                    // credit wires of input port p of router x
                    uint32_t ccr = 0;
                    if (p == Pn) ccr = net.cr[cur][x * P + Pn];
                    else if (net.up[x * P + p] >= 0) ccr = net.cr[cur][net.up[x * P + p]];
                    uint32_t rcr = static_cast<uint32_t>(get_bits(top->obs_cr_o, k * V, V));
                    res.words++;
                    res.credits += static_cast<uint64_t>(__builtin_popcount(ccr));
                    if (ccr != rcr) {
                        diff = true;
                        res.diff_cycle = tt;
                        if (!o.quiet) {
                            uint32_t dm = ccr ^ rcr;
                            int v = __builtin_ctz(dm);
                            // the message whose flit left the input buffer: the last head on that channel
                            size_t ch = p == Pn ? static_cast<size_t>((N * P + x) * V + v)
                                                : static_cast<size_t>((net.up[x * P + p] * V) + v);
                            std::string from = p == Pn ? "to the source of node " + std::to_string(x)
                                                       : "to router " + node_name(&t, net.up[x * P + p] / P);
                            printf("FIRST DIFFERENCE in cycle %" PRIu64 ": router %s, credit wires of input port %s "
                                   "(%s), VC %d\n  C model: credit mask 0x%x\n  RTL:     credit mask 0x%x\n"
                                   "  message: %s\n",
                                   tt, node_name(&t, x).c_str(), port_name(&t, p).c_str(), from.c_str(), v, ccr, rcr,
                                   message_text(sc, &t, sc.chan_src[ch], sc.chan_id[ch]).c_str());
                        }
                        break;
                    }
                }
                // the injection channel: both sides' sources, each reading its own credits
                if (diff) break;
                const link_sig &ci = net.in[cur][x * P + Pn], &ri = rtl_inj[static_cast<size_t>(x)];
                res.words++;
                if (ci.vc != ri.vc || (ci.vc >= 0 && ci.flit != ri.flit)) {
                    diff = true;
                    res.diff_cycle = tt;
                    if (!o.quiet)
                        printf("FIRST DIFFERENCE in cycle %" PRIu64 ": injection channel of node %s (source -> "
                               "router)\n  C model: %s\n  RTL:     %s\n",
                               tt, node_name(&t, x).c_str(),
                               describe(&fl, ci.vc >= 0, ci.vc >= 0 ? static_cast<uint64_t>(ci.vc) : 0, ci.flit).c_str(),
                               describe(&fl, ri.vc >= 0, ri.vc >= 0 ? static_cast<uint64_t>(ri.vc) : 0, ri.flit).c_str());
                    break;
                }
                res.flits += ci.vc >= 0;
                size_t ich = static_cast<size_t>((N * P + x) * V);
                if (ci.vc >= 0) track(sc, &fl, ich + static_cast<size_t>(ci.vc), true, ci.flit);
                if (ri.vc >= 0) track(sr, &fl, ich + static_cast<size_t>(ri.vc), true, ri.flit);
            }
        }
        // ---- sinks, the RTL's next credits, and the clock edge
        for (int x = 0; x < N; x++) {
            if (o.c) eject(sc, x, tt, *network_ejection(&net, x, tt), cfg);
            if (o.rtl) {
                link_sig l;
                l.vc = get_bits(top->ej_valid_o, x, 1) ? static_cast<int32_t>(get_bits(top->ej_vc_o, x * VW, VW)) : -1;
                l.flit = get_bits(top->ej_flit_o, x * 64, 64);
                eject(sr, x, tt, l, cfg);
                rtl_cr[static_cast<size_t>(x)] = static_cast<uint32_t>(get_bits(top->inj_credit_o, x * V, V));
            }
        }
        if (o.rtl) {
            top->clk_i = 1;
            top->eval();
            dump(10 * (tt + 1));
            if (ctx->gotError() && !res.asserted) {
                res.asserted = true;
                res.assert_cycle = tt;
            }
        }
        if ((diff && o.stop_on_diff) || (res.asserted && o.stop_on_assert)) {
            tt++;
            break;
        }
        if (sc.fwd_overflow || sr.fwd_overflow) {  // a source queue overflowed with a re-injection
            res.saturated = true;
            tt++;
            break;
        }
    }
    res.secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    res.cycles = tt;
    res.diff = diff;
#if VM_TRACE
    if (tfp) tfp->close();
#endif
    if (cv && vcd_close(cv)) {
        cv = nullptr;
        err = "writing the C model's VCD failed";
        return -1;
    }
    cv = nullptr;
    const uint64_t end = tt < cycles ? tt : cycles;
    const double win = end > static_cast<uint64_t>(cfg.warmup) ? static_cast<double>(end - static_cast<uint64_t>(cfg.warmup)) : 1;
    res.c_latency = sc.lat_n ? sc.lat_sum / static_cast<double>(sc.lat_n) : 0;
    res.r_latency = sr.lat_n ? sr.lat_sum / static_cast<double>(sr.lat_n) : 0;
    const node_set &cn = sc.nodes, &rn = sr.nodes;
    res.c_tput = static_cast<double>(cn.win_flits) / (win * N);
    res.r_tput = static_cast<double>(rn.win_flits) / (win * N);
    res.c_msgs = cn.delivered;
    res.r_msgs = rn.delivered;
    res.c_fwd = cn.reinjected;
    res.c_detour = cn.errs.misrouted;
    res.r_detour = rn.errs.misrouted;
    for (int i = 0; i < 3; i++) res.fwd_rule[i] = cn.reinject_rule[i];
    res.r_fwd = rn.reinjected;
    if (cn.errs.corrupt || rn.errs.corrupt) {
        err = std::string("a sink found a corrupted message: ") + (cn.errs.corrupt ? "C model: " + std::string(cn.errs.first_error) : "") +
              (rn.errs.corrupt ? " RTL: " + std::string(rn.errs.first_error) : "");
        if (!diff) return -1;
    }
    return 0;
}

// ------------------------------------------------------------------ command line
// the key=value overrides: apply_keys (model_keys.h)

static void usage()
{
    fprintf(stderr,
            "usage: cosim [key=value ...] [--bench] [--waves DIR] [--window A:B] [--diff-dir DIR] [--expect-diff] "
            "[--quiet] [--coverage FILE]\n"
            "model %s: %s\n"
            "  key=value      runtime configuration keys of flitnet (seed, rate, msg_len, select, cycles, ...)\n"
            "  --bench        time each side alone on the same run, simulated cycles per second\n"
            "  --waves DIR    write DIR/c.vcd and DIR/rtl.vcd (or .fst) for the cycle window\n"
            "  --window A:B   cycles A..B of the waves (default: all)\n"
            "  --diff-dir DIR waves around a first difference go here (default build/rtl/diff)\n"
            "  --expect-diff  succeed only if a difference is found (mutants)\n"
            "  --expect-assert succeed only if an RTL assertion fails (mutants; differences do not stop the run)\n"
            "  --coverage FILE write the RTL's line and toggle coverage counters (models built with --coverage)\n"
            "  +NAME=VALUE    a plusarg for the design (make mutants: +flitnet_mut=K picks a schema design's mutant)\n",
            MODEL_NAME, MODEL_CFG);
}

int main(int argc, char **argv)
{
    sim_config cfg;
    config_defaults(&cfg);
    // short runs by default; the suite sets what it needs
    cfg.cycles = 3000;
    cfg.warmup = 500;
    std::string err;
    if (!apply_keys(cfg, MODEL_CFG, true, err)) {
        fprintf(stderr, "cosim: model configuration: %s\n", err.c_str());
        return 1;
    }
    Opts o;
    bool bench = false, expect_diff = false, expect_assert = false;
    std::string diff_dir = "build/rtl/diff", keys;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--bench") bench = true;
        else if (a == "--expect-diff") expect_diff = true;
        else if (a == "--expect-assert") expect_assert = true;
        else if (a == "--quiet") o.quiet = true;
        else if (a.size() > 1 && a[0] == '+') o.plusargs.push_back(a);
        else if (a == "--waves" && i + 1 < argc) o.waves_dir = argv[++i];
        else if (a == "--diff-dir" && i + 1 < argc) diff_dir = argv[++i];
        else if (a == "--coverage" && i + 1 < argc) {
#if VM_COVERAGE
            o.coverage = argv[++i];
#else
            fprintf(stderr, "cosim: model %s was built without coverage (make cosim-coverage builds it with)\n", MODEL_NAME);
            return 1;
#endif
        }
        else if (a == "--window" && i + 1 < argc) {
            unsigned long long f, t;
            if (sscanf(argv[++i], "%llu:%llu", &f, &t) != 2 || f > t) {
                fprintf(stderr, "cosim: --window takes A:B with A <= B\n");
                return 1;
            }
            o.w_from = f;
            o.w_to = t;
        } else if (a == "-h" || a == "--help") {
            usage();
            return 0;
        } else if (a.find('=') != std::string::npos && a[0] != '-') keys += " " + a;
        else {
            usage();
            return 1;
        }
    }
    if (!apply_keys(cfg, keys, false, err)) {
        fprintf(stderr, "cosim: %s\n", err.c_str());
        return 1;
    }
    char e[CFG_ERR];
    if (config_resolve(&cfg, e, sizeof e)) {
        fprintf(stderr, "cosim: %s\n", e);
        return 1;
    }
    char desc[512];
    snprintf(desc, sizeof desc, "%s seed=%llu select=%s rate=%g msg_len=%g%s cycles=%ld", MODEL_NAME,
             static_cast<unsigned long long>(cfg.seed), cfg.select ? "random" : "first", cfg.rate, cfg.msg_len,
             cfg.msg_len_dist == LEN_EXP ? "(exp)" : "", cfg.cycles);

    if (bench) {
        Opts oc = o, orr = o;
        oc.rtl = false;
        orr.c = false;
        Result rc, rr;
        if (run(cfg, oc, rc, err) || run(cfg, orr, rr, err)) {
            fprintf(stderr, "cosim: %s\n", err.c_str());
            return 1;
        }
        printf("bench %s: %" PRIu64 " cycles, accepted %.4f flits/node/cycle, latency %.1f cycles\n", desc, rc.cycles,
               rc.c_tput, rc.c_latency);
        printf("  C model:          %10.4g cycles/s (%.2f s)\n", static_cast<double>(rc.cycles) / rc.secs, rc.secs);
        printf("  Verilated RTL:    %10.4g cycles/s (%.2f s), %.0fx slower\n", static_cast<double>(rr.cycles) / rr.secs,
               rr.secs, rr.secs / rc.secs);
        if (rc.c_latency != rr.r_latency || rc.c_tput != rr.r_tput) {
            printf("  the two runs disagree: latency %.3f vs %.3f\n", rc.c_latency, rr.r_latency);
            return 1;
        }
        return 0;
    }

    // a mutant caught by a difference runs on past an assertion (its first difference is
    // the report); one that an assertion must stop runs on past differences
    if (expect_diff) o.stop_on_assert = false;
    if (expect_assert) o.stop_on_diff = false;
    Result r;
    if (run(cfg, o, r, err)) {
        fprintf(stderr, "cosim %s: %s\n", desc, err.c_str());
        return 1;
    }
    if (expect_assert || (r.asserted && !expect_diff)) {
        if (r.diff) printf("  (the first difference was in cycle %" PRIu64 ")\n", r.diff_cycle);
        if (!r.asserted) {
            printf("cosim %s: NO ASSERTION FAILED in %" PRIu64 " cycles (model built with assertions: %d)\n"
                   "RESULT noassert cycles=%" PRIu64 "\n",
                   desc, r.cycles, MODEL_ASSERT, r.cycles);
            return 2;
        }
        printf("cosim %s: ASSERTION FAILED at the clock edge ending cycle %" PRIu64 " (the RTL's message above)\n"
               "RESULT assert cycle=%" PRIu64 "\n",
               desc, r.assert_cycle, r.assert_cycle);
        return expect_assert ? 0 : 3;
    }
    if (r.diff) {
        // the run is deterministic: rerun up to just past the difference, with waves
        printf("cosim %s: DIFFERENCE in cycle %" PRIu64 "\n", desc, r.diff_cycle);
#if VM_TRACE
        Opts ow = o;
        ow.quiet = true;
        ow.stop_on_diff = false;
        ow.asserts = false;  // reported by the first run
        ow.waves_dir = diff_dir;
        ow.coverage.clear();
        ow.w_from = r.diff_cycle > 40 ? r.diff_cycle - 40 : 0;
        ow.w_to = r.diff_cycle + 2;
        ow.stop_at = r.diff_cycle + 2;
        Result rw;
        std::string werr;
        if (run(cfg, ow, rw, werr))
            printf("  (waves could not be written: %s)\n", werr.c_str());
        else
            printf("  waves of cycles %" PRIu64 "..%" PRIu64 ": %s/c.vcd (C model) and %s/rtl." TRACE_EXT
                   " (RTL); GTKWave view: waves/router.gtkw\n",
                   ow.w_from, ow.w_to, diff_dir.c_str(), diff_dir.c_str());
#else
        printf("  (this model was built without --trace: no waves)\n");
#endif
        if (r.asserted) printf("  (an RTL assertion failed at the clock edge ending cycle %" PRIu64 ")\n", r.assert_cycle);
        printf("RESULT diff cycle=%" PRIu64 "\n", r.diff_cycle);
        return expect_diff ? 0 : 2;
    }
    if (!o.waves_dir.empty()) {
        printf("waves %s: cycles %" PRIu64 "..%" PRIu64 " in %s/c.vcd and %s/rtl.%s\n", desc, o.w_from,
               o.w_to == UINT64_MAX ? r.cycles - 1 : o.w_to, o.waves_dir.c_str(), o.waves_dir.c_str(),
#if VM_TRACE
               TRACE_EXT
#else
               "-"
#endif
        );
    }
    printf("cosim %s: %s %" PRIu64 " cycles, %" PRIu64 " flits and %" PRIu64 " credits compared%s\n"
           "  latency    C %.3f  RTL %.3f cycles (%" PRIu64 " / %" PRIu64 " messages delivered)\n"
           "  throughput C %.5f  RTL %.5f flits/node/cycle\n",
           desc, expect_diff ? "NO DIFFERENCE in" : "identical over", r.cycles, r.flits, r.credits,
           r.saturated ? " (stopped: a source queue overflowed)" : "", r.c_latency, r.r_latency, r.c_msgs, r.r_msgs,
           r.c_tput, r.r_tput);
    // which VCs the heads took: shows the escape, adaptive and class VCs in use
    printf("  head flits on network links per VC:");
    for (size_t w = 0; w < r.vc_heads.size(); w++) printf(" %" PRIu64, r.vc_heads[w]);
    printf("\n");
    // misroutes (fully_adaptive) and f-ring traversals make detours
    if (r.c_detour || r.r_detour)
        printf("  detours    C %" PRIu64 "  RTL %" PRIu64 " messages delivered after more hops than the distance\n",
               r.c_detour, r.r_detour);
    if (r.fring) {
        // the ring VCs are the top 2n: class (d, s) owns VC V - 2n + 2d + s (§6.5)
        uint64_t ring = 0;
        for (size_t w = r.vc_heads.size() - 2 * static_cast<size_t>(cfg.n); w < r.vc_heads.size(); w++)
            ring += r.vc_heads[w];
        printf("  f-rings: %d faulty or disabled nodes, %" PRIu64 " head flits on ring VCs\n", r.unusable, ring);
    }
    if (r.c_fwd || r.r_fwd)
        printf("  node software C %" PRIu64 "  RTL %" PRIu64 " messages re-injected (C: %" PRIu64 " absorbed with rev 0, %" PRIu64
               " with rev 1, %" PRIu64 " at an intermediate node)\n",
               r.c_fwd, r.r_fwd, r.fwd_rule[0], r.fwd_rule[1], r.fwd_rule[2]);
    printf("RESULT %s cycles=%" PRIu64 " flits=%" PRIu64 " credits=%" PRIu64 " words=%" PRIu64 "\n",
           expect_diff ? "nodiff" : "ok", r.cycles, r.flits, r.credits, r.words);
    return expect_diff ? 2 : 0;
}
