// harness.h: the cycle of a Verilated network beside the C model, written once for the
// lockstep harness (cosim.cpp) and the scoreboard (scoreboard.cpp). It owns the run's
// set-up (flitnet's topology, fault set, routing, network and traffic: net_setup; the
// Verilated model, its reset, plusargs and waves), the nodes of each side (tb/node.h:
// the C model's and the design's, fed by one message stream) and the cycle loop; what a
// harness checks in a cycle is its own (Checks).
//
// A cycle t: the traffic's messages join both sides' queues; the C model steps every
// source and router (node_cycle); the design's sources drive its injection inputs of
// cycle t (from its credits of cycle t-1), and it evaluates with the clock low, its outputs
// being those of cycle t; the harness checks them (Checks::check); the sinks of both
// sides take their ejection channels, the design's credits of cycle t are kept, and the
// clock rises (Checks::after).
//
// Included once per model, after model_cfg.h, Vnet.h and verilated.h.
#ifndef FLITNET_HARNESS_H
#define FLITNET_HARNESS_H

#include "port_bits.h"
#include "vl_reset.h"
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

#include <cinttypes>
#include <cstdio>
#include <unistd.h>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <vector>

// a node named from what a router drove (a flit's source, say) may be no node at all
static inline std::string node_name(const topology *t, int x)
{
    if (x < 0 || x >= t->N) return std::to_string(x) + " (no such node)";
    char b[128];
    topo_node_name(t, x, b, sizeof b);
    return std::to_string(x) + " " + b;
}

static inline std::string port_name(const topology *t, int p)
{
    char b[32];
    topo_port_name(t, p, b, sizeof b);
    return std::to_string(p) + " (" + b + ")";
}

static inline bool mkdir_p(const std::string &d)
{
    std::string cur;
    for (size_t i = 0; i <= d.size(); i++) {
        if ((i == d.size() || d[i] == '/') && !cur.empty()) mkdir(cur.c_str(), 0777);
        if (i < d.size()) cur += d[i];
    }
    struct stat st;
    return stat(d.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// ------------------------------------------------------------------ one side's nodes
struct Side {
    node_set nodes;                  // sources, sinks, node software, their counters (tb/node.h)
    bool built = false;
    bool fwd_overflow = false;       // the node software re-injected into a full source queue
    uint64_t lat_n = 0;              // messages generated after the warm-up and delivered ...
    double lat_sum = 0;              // ... their latencies' sum, in delivery order
    std::vector<double> lat;         // ... and each latency
    std::vector<uint64_t> vc_heads;  // head flits on network links, per VC
    std::vector<uint64_t> vc_flits;  // flits on network links, per VC
    // (src, id) of the last head on each output channel VC, x*P + o, and injection VC
    std::vector<int32_t> chan_src;
    std::vector<uint32_t> chan_id;
};

static inline int side_init(Side &s, const net_setup &ns, const sim_config &cfg)
{
    const size_t chans = static_cast<size_t>((ns.t.N * ns.t.P + ns.t.N) * cfg.vcs);
    s.built = true;
    if (node_init(&s.nodes, &ns, &cfg)) return -1;
    s.vc_heads.assign(static_cast<size_t>(cfg.vcs), 0);
    s.vc_flits.assign(static_cast<size_t>(cfg.vcs), 0);
    s.chan_src.assign(chans, -1);
    s.chan_id.assign(chans, 0);
    return 0;
}

static inline void side_free(Side &s)
{
    if (s.built) node_free(&s.nodes);
    s.built = false;
}

// the sink and node software of node x take the ejection flit of cycle t (tb/node.c)
static inline void side_eject(Side &s, int x, uint64_t t, const link_sig &l, const sim_config &cfg)
{
    const bool in_window = t >= static_cast<uint64_t>(cfg.warmup) && t < static_cast<uint64_t>(cfg.cycles);
    node_delivery d;
    switch (node_sink(&s.nodes, x, t, in_window, &l, &d)) {
    case NODE_QUEUE_FULL:
        s.fwd_overflow = true;
        break;
    case NODE_DELIVERED:
        if (d.msg.gen >= static_cast<uint64_t>(cfg.warmup)) {
            const double lat = static_cast<double>(t - d.msg.gen + 1);
            s.lat_sum += lat;
            s.lat_n++;
            s.lat.push_back(lat);
        }
        break;
    default:
        break;
    }
}

// ------------------------------------------------------------------ the run
// what a harness checks in the cycle loop (Harness::run)
struct Checks {
    virtual ~Checks() {}
    // past the last cycle of generation, before the cycle: 0 it goes on, 1 the run ends
    // before it, 2 the run ends counting it (a violation found in it), -1 an error (err set)
    virtual int past_generation(uint64_t t, std::string &err) = 0;
    // the outputs of cycle t, both sides evaluated, before the sinks
    virtual void check(uint64_t t) = 0;
    // whether the design's sink of node x takes the ejection flit l of cycle t
    virtual bool design_sink(uint64_t, int, const link_sig &) { return true; }
    // after the clock edge ending cycle t (asserted: an RTL assertion failed at it):
    // 1 the run ends, 0 it goes on, -1 an error (err set)
    virtual int after(uint64_t t, bool asserted, std::string &err) = 0;
};

struct RunOpts {
    bool c = true, rtl = true;         // the sides that run
    bool lockstep_reset = true;        // registers start at 0 (lockstep); else each at a value
                                       // drawn from the seed, reset from the first evaluation
    bool asserts = true;               // the RTL's assertions are checked
    bool stop_on_overflow = true;      // a full source queue ends the run (else generation stops)
    std::string waves_dir;             // waves of the sides that run (rtl.vcd/.fst, c.vcd)
    uint64_t w_from = 0, w_to = UINT64_MAX;
    uint64_t stop_at = UINT64_MAX;     // the last cycle to simulate
    std::string coverage;              // the RTL's coverage counters go here (a --coverage model)
    std::vector<std::string> plusargs; // +NAME=VALUE for the design's $value$plusargs
    bool quiet_reset = false;          // what the design prints while reset is held is left out
    std::vector<int> wave_routers;     // RTL waves of these routers only (empty: everything)
    const char *prog = "harness";
};

struct GenCtx {
    Side *sides[2];
    int nsides;
};

static inline void on_message(void *user, uint64_t cycle, int s, int d, int len)
{
    GenCtx *g = static_cast<GenCtx *>(user);
    for (int i = 0; i < g->nsides; i++) node_enqueue(&g->sides[i]->nodes, cycle, s, d, len);
}

struct Harness {
    const sim_config &cfg;
    const RunOpts &o;
    net_setup ns;
    bool ns_built = false;
    Side sc, sr;                       // the C model's nodes, the design's
    GenCtx g;
    int N = 0, P = 0, Pn = 0, V = 0, VW = 1;
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vnet> top;
#if VM_TRACE
    std::unique_ptr<TraceFile> tfp;
#endif
    vcd_writer *cv = nullptr;          // the C model's waves
    std::vector<uint32_t> rtl_cr;      // the design's injection credits of cycle t-1
    std::vector<link_sig> rtl_inj;     // what its sources drive in cycle t
    uint64_t gen_end = UINT64_MAX;     // generation stops here (cycles, or at an overflow)
    bool saturated = false;            // a source queue overflowed

    Harness(const sim_config &c, const RunOpts &opts) : cfg(c), o(opts) {}
    ~Harness()
    {
#if VM_TRACE
        if (tfp) tfp->close();
#endif
#if VM_COVERAGE
        if (ctx && !o.coverage.empty() && o.rtl) ctx->coveragep()->write(o.coverage.c_str());
#endif
        vcd_close(cv);
        side_free(sc);
        side_free(sr);
        if (ns_built) net_setup_free(&ns);
    }

    const topology &t() const { return ns.t; }
    const flit_layout &fl() const { return ns.fl; }
    const routing &rt() const { return ns.rt; }
    network &net() { return ns.net; }
    bool faulty(int x) const { return ns.faulty && ns.faulty[x]; }

    void dump(uint64_t when)
    {
#if VM_TRACE
        if (tfp && when >= 10 * o.w_from && (o.w_to == UINT64_MAX || when <= 10 * o.w_to + 5)) tfp->dump(when);
#else
        (void)when;
#endif
    }

    // flitnet's network, traffic and fault set as sim_run builds them, both sides' nodes
    // and the Verilated model, reset; 0, or -1 with err set
    int setup(std::string &err)
    {
        char e[512];
        if (net_setup_build(&ns, &cfg, e, sizeof e)) { err = e; return -1; }
        ns_built = true;
        N = ns.t.N, P = ns.t.P, Pn = ns.t.Pn, V = cfg.vcs;
        VW = V > 1 ? 32 - __builtin_clz(static_cast<unsigned>(V - 1)) : 1;
        // the RTL's FRING parameter is structural: the run must wrap its routing the same way
        if (route_fring(&ns.rt) != MODEL_FRING) {
            snprintf(e, sizeof e,
                     "model %s was built %s the f-ring layer, but this run %s it (fault_handling = fring needs faults)",
                     MODEL_NAME, MODEL_FRING ? "with" : "without", route_fring(&ns.rt) ? "uses" : "does not use");
            err = e;
            return -1;
        }
        if (side_init(sc, ns, cfg) || side_init(sr, ns, cfg)) { err = "out of memory"; return -1; }
        g.nsides = 0;
        if (o.c) g.sides[g.nsides++] = &sc;
        if (o.rtl) g.sides[g.nsides++] = &sr;
        gen_end = static_cast<uint64_t>(cfg.cycles);
        rtl_cr.assign(static_cast<size_t>(N), 0);
        rtl_inj.assign(static_cast<size_t>(N), link_sig());

        const bool waves = !o.waves_dir.empty();
        for (int x : o.wave_routers)
            if (x >= N) { err = "no router " + std::to_string(x) + " for --waves-router in a network of " + std::to_string(N); return -1; }
        if (waves && !mkdir_p(o.waves_dir)) { err = "cannot create " + o.waves_dir; return -1; }
        if (waves && o.c) {
            std::string path = o.waves_dir + "/c.vcd";
            cv = vcd_open(path.c_str(), &ns.net, o.w_from, o.w_to, e, sizeof e);
            if (!cv) { err = e; return -1; }
        }
        ctx.reset(new VerilatedContext);
        // a failed assertion ($error) is reported and the run ends, instead of an abort
        ctx->fatalOnError(false);
        ctx->assertOn(o.asserts);
        if (!o.lockstep_reset) {
            // every register starts at a value of its own, drawn from the run's seed (the model
            // is built with --x-initial unique): one the design forgot to reset is not a quiet 0
            // (+verilator+rand+reset+0 in a run's words turns this off)
            ctx->randReset(2);
            ctx->randSeed(static_cast<int>(splitmix64(static_cast<uint64_t>(cfg.seed)) & 0x7fffffff) | 1);
        }
        {   // (a design that reads a plusarg needs the arguments even when there are none)
            std::vector<const char *> av{o.prog};
            for (const std::string &p : o.plusargs) av.push_back(p.c_str());
            ctx->commandArgs(static_cast<int>(av.size()), av.data());
        }
        top.reset(new Vnet(ctx.get(), "TOP"));
#if VM_TRACE
        if (waves && o.rtl) {
            ctx->traceEverOn(true);
            tfp.reset(new TraceFile);
            // a chosen router's scope and everything under it (Verilator's $dumpvars)
            for (int x : o.wave_routers) tfp->dumpvars(99, "TOP.flitnet_network.g_node[" + std::to_string(x) + "]");
            top->trace(tfp.get(), 99);
            std::string path = o.waves_dir + "/rtl." TRACE_EXT;
            tfp->open(path.c_str());
            if (!tfp->isOpen()) { err = "cannot write " + path; return -1; }
        }
#else
        if (waves && o.rtl) { err = "this model was built without --trace: no RTL waves"; return -1; }
#endif
        return o.rtl ? reset(err) : 0;
    }

    // the design's reset: its constants (select, LFSR seeds, faults, ring_ok) are sampled at
    // a rising edge during reset (rtl/flitnet_network.sv); then its configuration outputs
    // must be the run's
    int reset(std::string &err)
    {
        top->sel_random_i = cfg.select == SELECT_RANDOM;
        for (int x = 0; x < N; x++) {
            set_bits(top->lfsr_seed_i, 16 * x, 16, lfsr_seed(cfg.seed, x));
            set_bits(top->faulty_i, x, 1, faulty(x));
            set_bits(top->ring_ok_i, 2 * Pn * x, 2 * Pn, route_ring_ok(&ns.rt, x));
        }
        // --quiet-reset: the design's own prints while reset is held (its registers at
        // their drawn values) go to a scratch file, counted, instead of the terminal
        FILE *scratch = nullptr;
        int saved[2] = {-1, -1};
        if (o.quiet_reset && (scratch = tmpfile()) != nullptr) {
            fflush(stdout);
            fflush(stderr);
            for (int fd = 1; fd <= 2; fd++) {
                saved[fd - 1] = dup(fd);
                dup2(fileno(scratch), fd);
            }
        }
        if (o.lockstep_reset) {
            reset_assert(top.get());
        } else {
            // reset from the first evaluation, before any clock edge: registers hold their
            // drawn values until then, and an edge outside reset would clock the design (and
            // check its assertions) on them
            top->clk_i = 0;
            top->rst_ni = 0;
            top->eval();
        }
        reset_sample_release(top.get());
        if (scratch) {
            fflush(stdout);
            fflush(stderr);
            for (int fd = 1; fd <= 2; fd++) {
                dup2(saved[fd - 1], fd);
                close(saved[fd - 1]);
            }
            rewind(scratch);
            long lines = 0;
            for (int ch; (ch = fgetc(scratch)) != EOF;) lines += ch == '\n';
            fclose(scratch);
            if (lines)
                fprintf(stderr, "%s: --quiet-reset: %ld line%s the design printed while reset was held left out\n", o.prog,
                        lines, lines == 1 ? "" : "s");
        }
        char e[512];
        const flit_layout &f = ns.fl;
        if (static_cast<int>(top->cfg_nodes_o) != N || static_cast<int>(top->cfg_ports_o) != P ||
            static_cast<int>(top->cfg_addr_bits_o) != f.A || static_cast<int>(top->cfg_hop_bits_o) != f.HW) {
            snprintf(e, sizeof e,
                     "the Verilated network does not match the configuration: RTL N=%u P=%u A=%u HW=%u, "
                     "C N=%d P=%d A=%d HW=%d",
                     top->cfg_nodes_o, top->cfg_ports_o, top->cfg_addr_bits_o, top->cfg_hop_bits_o, N, P, f.A, f.HW);
            err = e;
            return -1;
        }
        // the codes: the model was built from the C registry's (build_model.sh), and
        // rtl/flitnet_pkg.sv must mean the same by them (harness/codes.sh)
        const int rcode = route_base_algo(&ns.rt)->code, fring = route_fring(&ns.rt);
        if (static_cast<int>(top->cfg_topo_o) != static_cast<int>(ns.t.kind) ||
            static_cast<int>(top->cfg_routing_o) != rcode || static_cast<int>(top->cfg_fring_o) != fring) {
            snprintf(e, sizeof e,
                     "the Verilated network does not match the configuration: RTL TOPO=%u ROUTING=%u FRING=%u, "
                     "C topology %s = %d, routing %s = %d, f-rings %d",
                     top->cfg_topo_o, top->cfg_routing_o, top->cfg_fring_o, topo_name(ns.t.kind),
                     static_cast<int>(ns.t.kind), route_base_algo(&ns.rt)->name, rcode, fring);
            err = e;
            return -1;
        }
        dump(0);
        return 0;
    }

    // the design's output channel of router x, port p, in this cycle (p = Pn: ejection)
    link_sig design_out(int x, int p) const
    {
        const int k = x * P + p;
        link_sig l;
        l.vc = get_bits(top->obs_valid_o, k, 1) ? static_cast<int32_t>(get_bits(top->obs_vc_o, k * VW, VW)) : -1;
        l.flit = get_bits(top->obs_flit_o, k * 64, 64);
        return l;
    }
    // the design's credit wires of router x's input port p in this cycle
    uint32_t design_credits(int x, int p) const
    {
        return static_cast<uint32_t>(get_bits(top->obs_cr_o, (x * P + p) * V, V));
    }
    // the raw VC field, valid or not (a difference report shows it)
    uint64_t design_out_vc(int x, int p) const { return get_bits(top->obs_vc_o, (x * P + p) * VW, VW); }

    // The cycle loop, from cycle 0 until a Checks hook or the stop cycle ends it; returns
    // the cycles run, or -1 with err set.
    int64_t run(Checks &k, std::string &err)
    {
        uint64_t tt = 0;
        for (;; tt++) {
            if (tt > o.stop_at) break;
            if (tt < gen_end) {
                traffic_cycle(&ns.tr, tt, on_message, &g);
                bool over = false;
                for (int i = 0; i < g.nsides; i++) over |= g.sides[i]->nodes.overflow_node >= 0;
                if (over) {
                    saturated = true;
                    if (o.stop_on_overflow) break;
                    gen_end = tt + 1;
                }
            } else {
                const int r = k.past_generation(tt, err);
                if (r < 0) return -1;
                if (r == 2) tt++;
                if (r) break;
            }
            // ---- the C model
            if (o.c) {
                if (node_cycle(&sc.nodes, &ns.net, tt)) {
                    err = "more messages in flight than message ids";
                    return -1;
                }
                const int cur = static_cast<int>(tt & 1);
                for (int x = 0; x < N; x++)
                    for (int p = 0; p < Pn; p++) {
                        const int d = ns.t.nbr[x * Pn + p];
                        if (d < 0) continue;
                        const link_sig &l = ns.net.in[cur][d * P + p];
                        if (l.vc < 0) continue;
                        sc.vc_flits[static_cast<size_t>(l.vc)]++;
                        if (flit_is_head(l.flit)) sc.vc_heads[static_cast<size_t>(l.vc)]++;
                    }
                if (cv) vcd_cycle(cv, &ns.net, tt);
            }
            // ---- the design: injection inputs of cycle t, outputs of cycle t
            if (o.rtl) {
                for (int x = 0; x < N; x++) {
                    link_sig &s = rtl_inj[static_cast<size_t>(x)];
                    if (node_source(&sr.nodes, x, tt, rtl_cr[static_cast<size_t>(x)], &s)) {
                        err = "more messages in flight than message ids";
                        return -1;
                    }
                    const bool v = s.vc >= 0;
                    set_bits(top->inj_valid_i, x, 1, v);
                    set_bits(top->inj_vc_i, x * VW, VW, v ? static_cast<uint64_t>(s.vc) : 0);
                    set_bits(top->inj_flit_i, x * 64, 64, v ? s.flit : 0);
                }
                top->clk_i = 0;
                ctx->time(10 * tt + 5);  // the waves' time: an assertion at the edge ending cycle t prints 10 (t + 1)
                top->eval();
                dump(10 * tt + 5);
            }
            k.check(tt);
            // ---- the sinks, the design's credits of cycle t, and the clock edge
            for (int x = 0; x < N; x++) {
                if (o.c) side_eject(sc, x, tt, *network_ejection(&ns.net, x, tt), cfg);
                if (o.rtl) {
                    link_sig l;
                    l.vc = get_bits(top->ej_valid_o, x, 1) ? static_cast<int32_t>(get_bits(top->ej_vc_o, x * VW, VW)) : -1;
                    l.flit = get_bits(top->ej_flit_o, x * 64, 64);
                    if (k.design_sink(tt, x, l)) side_eject(sr, x, tt, l, cfg);
                    rtl_cr[static_cast<size_t>(x)] = static_cast<uint32_t>(get_bits(top->inj_credit_o, x * V, V));
                }
            }
            bool asserted = false;
            if (o.rtl) {
                top->clk_i = 1;
                ctx->time(10 * (tt + 1));
                top->eval();
                dump(10 * (tt + 1));
                asserted = ctx->gotError();
            }
            const int r = k.after(tt, asserted, err);
            if (r < 0) return -1;
            if (r) {
                tt++;
                break;
            }
        }
#if VM_TRACE
        if (tfp) {
            tfp->close();
            tfp.reset();
        }
#endif
        if (cv) {
            const int bad = vcd_close(cv);
            cv = nullptr;
            if (bad) { err = "writing the C model's VCD failed"; return -1; }
        }
        return static_cast<int64_t>(tt);
    }
};

#endif
