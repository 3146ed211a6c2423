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
#include "harness.h"
#include "model_keys.h"

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

// port access: get_bits, set_bits (port_bits.h)

// ------------------------------------------------------------------ run state
// the run's options (harness.h's RunOpts: the sides, waves, stop cycle, coverage,
// plusargs such as make mutants' +flitnet_mut=K) and the comparison's own
struct Opts : RunOpts {
    bool stop_on_diff = true;
    bool stop_on_assert = true;      // a failed RTL assertion ends the run
    bool quiet = false;
    Opts() { prog = "cosim"; }
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

// the lockstep comparison: every link, ejection and injection channel and every credit
// wire of the two sides, each cycle; the first difference is reported
struct Lockstep : Checks {
    Harness &h;
    const Opts &o;
    Result &res;
    bool diff = false;
    uint64_t drain_limit;
    Lockstep(Harness &hh, const Opts &oo, Result &r)
        : h(hh), o(oo), res(r), drain_limit(static_cast<uint64_t>(hh.cfg.cycles) + 200000) {}

    int past_generation(uint64_t tt, std::string &err) override
    {
        bool done = true;
        for (int i = 0; i < h.g.nsides; i++) done &= h.g.sides[i]->nodes.delivered == h.g.sides[i]->nodes.generated;
        if (!h.cfg.drain || done) return 1;
        if (tt >= drain_limit) {
            err = "the network did not drain within 200000 cycles after the last message";
            return -1;
        }
        return 0;
    }

    void report_channel(uint64_t tt, int x, int p, bool cval, uint64_t cvc, uint64_t cfl, bool rval, uint64_t rvc,
                        uint64_t rfl)
    {
        const topology &t = h.t();
        const flit_layout &fl = h.fl();
        const size_t ch = static_cast<size_t>((x * h.P + p) * h.V) + (cval ? cvc : rvc);
        std::string where = p == h.Pn ? "ejection channel (to the sink)" : "link to router " + node_name(&t, t.nbr[x * h.Pn + p]);
        printf("FIRST DIFFERENCE in cycle %" PRIu64 ": router %s, output port %s, %s, VC %" PRIu64
               "\n  C model: %s\n  RTL:     %s\n  C message:   %s\n  RTL message: %s\n",
               tt, node_name(&t, x).c_str(), port_name(&t, p).c_str(), where.c_str(), cval ? cvc : rvc,
               describe(&fl, cval, cvc, cfl).c_str(), describe(&fl, rval, rvc, rfl).c_str(),
               message_text(h.sc, &t, (cval && (cfl & 1)) ? flit_src(&fl, cfl) : h.sc.chan_src[ch],
                            (cval && (cfl & 1)) ? flit_id(&fl, cfl) : h.sc.chan_id[ch]).c_str(),
               message_text(h.sr, &t, (rval && (rfl & 1)) ? flit_src(&fl, rfl) : h.sr.chan_src[ch],
                            (rval && (rfl & 1)) ? flit_id(&fl, rfl) : h.sr.chan_id[ch]).c_str());
    }

    void report_credits(uint64_t tt, int x, int p, uint32_t ccr, uint32_t rcr)
    {
        const topology &t = h.t();
        const network &net = h.net();
        const int P = h.P, Pn = h.Pn, V = h.V, N = h.N;
        const int v = __builtin_ctz(ccr ^ rcr);
        // the message whose flit left the input buffer: the last head on that channel
        size_t ch = p == Pn ? static_cast<size_t>((N * P + x) * V + v) : static_cast<size_t>((net.up[x * P + p] * V) + v);
        std::string from = p == Pn ? "to the source of node " + std::to_string(x)
                                   : "to router " + node_name(&t, net.up[x * P + p] / P);
        printf("FIRST DIFFERENCE in cycle %" PRIu64 ": router %s, credit wires of input port %s "
               "(%s), VC %d\n  C model: credit mask 0x%x\n  RTL:     credit mask 0x%x\n  message: %s\n",
               tt, node_name(&t, x).c_str(), port_name(&t, p).c_str(), from.c_str(), v, ccr, rcr,
               message_text(h.sc, &t, h.sc.chan_src[ch], h.sc.chan_id[ch]).c_str());
    }

    void check(uint64_t tt) override
    {
        if (!o.c || !o.rtl || diff) return;
        const flit_layout &fl = h.fl();
        const network &net = h.net();
        const int N = h.N, P = h.P, Pn = h.Pn, V = h.V, cur = static_cast<int>(tt & 1);
        for (int x = 0; x < N && !diff; x++) {
            for (int p = 0; p < P && !diff; p++) {
                // output port p of router x
                const link_sig *cs = nullptr;
                if (p == Pn) cs = &net.ej[cur][x];
                else if (net.down[x * P + p] >= 0) cs = &net.in[cur][net.down[x * P + p]];
                const bool cval = cs && cs->vc >= 0;
                const uint64_t cvc = cval ? static_cast<uint64_t>(cs->vc) : 0, cfl = cval ? cs->flit : 0;
                const int k = x * P + p;
                const link_sig r = h.design_out(x, p);
                const bool rval = r.vc >= 0;
                const uint64_t rvc = h.design_out_vc(x, p), rfl = r.flit;
                res.words += 3;
                if (cval != rval || cvc != rvc || cfl != rfl) {
                    diff = true;
                    res.diff_cycle = tt;
                    if (!o.quiet) report_channel(tt, x, p, cval, cvc, cfl, rval, rvc, rfl);
                    break;
                }
                res.flits += cval;
                if (cval && (cfl & 1) && p != Pn) res.vc_heads[cvc]++;
                track(h.sc, &fl, static_cast<size_t>(k * V) + cvc, cval, cfl);
                track(h.sr, &fl, static_cast<size_t>(k * V) + rvc, rval, rfl);
                // credit wires of input port p of router x
                uint32_t ccr = 0;
                if (p == Pn) ccr = net.cr[cur][x * P + Pn];
                else if (net.up[x * P + p] >= 0) ccr = net.cr[cur][net.up[x * P + p]];
                const uint32_t rcr = h.design_credits(x, p);
                res.words++;
                res.credits += static_cast<uint64_t>(__builtin_popcount(ccr));
                if (ccr != rcr) {
                    diff = true;
                    res.diff_cycle = tt;
                    if (!o.quiet) report_credits(tt, x, p, ccr, rcr);
                    break;
                }
            }
            // the injection channel: both sides' sources, each reading its own credits
            if (diff) break;
            const link_sig &ci = net.in[cur][x * P + Pn], &ri = h.rtl_inj[static_cast<size_t>(x)];
            res.words++;
            if (ci.vc != ri.vc || (ci.vc >= 0 && ci.flit != ri.flit)) {
                diff = true;
                res.diff_cycle = tt;
                if (!o.quiet)
                    printf("FIRST DIFFERENCE in cycle %" PRIu64 ": injection channel of node %s (source -> "
                           "router)\n  C model: %s\n  RTL:     %s\n",
                           tt, node_name(&h.t(), x).c_str(),
                           describe(&fl, ci.vc >= 0, ci.vc >= 0 ? static_cast<uint64_t>(ci.vc) : 0, ci.flit).c_str(),
                           describe(&fl, ri.vc >= 0, ri.vc >= 0 ? static_cast<uint64_t>(ri.vc) : 0, ri.flit).c_str());
                break;
            }
            res.flits += ci.vc >= 0;
            const size_t ich = static_cast<size_t>((N * P + x) * V);
            if (ci.vc >= 0) track(h.sc, &fl, ich + static_cast<size_t>(ci.vc), true, ci.flit);
            if (ri.vc >= 0) track(h.sr, &fl, ich + static_cast<size_t>(ri.vc), true, ri.flit);
        }
    }

    int after(uint64_t tt, bool asserted, std::string &) override
    {
        if (asserted && !res.asserted) {
            res.asserted = true;
            res.assert_cycle = tt;
        }
        if ((diff && o.stop_on_diff) || (res.asserted && o.stop_on_assert)) return 1;
        if (h.sc.fwd_overflow || h.sr.fwd_overflow) {  // a source queue overflowed with a re-injection
            res.saturated = true;
            return 1;
        }
        return 0;
    }
};

// Runs one configuration. Returns 0 (see res.diff), or -1 with err set.
static int run(const sim_config &cfg, const Opts &o, Result &res, std::string &err)
{
    Harness h(cfg, o);
    if (h.setup(err)) return -1;
    const int N = h.N;
    res.vc_heads.assign(static_cast<size_t>(h.V), 0);
    res.fring = route_fring(&h.rt());
    res.unusable = 0;
    for (int x = 0; x < N; x++) res.unusable += h.faulty(x);

    Lockstep k(h, o, res);
    auto t0 = std::chrono::steady_clock::now();
    const int64_t tt = h.run(k, err);
    if (tt < 0) return -1;
    res.secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    res.cycles = static_cast<uint64_t>(tt);
    res.diff = k.diff;
    res.saturated |= h.saturated;
    const uint64_t cycles = static_cast<uint64_t>(cfg.cycles), end = res.cycles < cycles ? res.cycles : cycles;
    const double win = end > static_cast<uint64_t>(cfg.warmup) ? static_cast<double>(end - static_cast<uint64_t>(cfg.warmup)) : 1;
    const Side &sc = h.sc, &sr = h.sr;
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
        if (!res.diff) return -1;
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
