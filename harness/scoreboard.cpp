// scoreboard.cpp: scoreboard check of a Verilated network built around any router that
// follows docs/router-interface.md (harness/build_user.sh), against flitnet's
// traffic, with the C model run beside it on the same traffic for the performance.
//
// Unlike the lockstep harness (cosim.cpp) it does not need the router to be the
// contract's cycle for cycle. Every cycle it watches the network's edges (injection and
// ejection channels) and every link and credit wire, and checks:
//   - every message generated is delivered exactly once, at its destination, with every
//     flit intact and in order; no flit appears that was not injected, and a head moves
//     only out of the router it is in (no copies);
//   - worms never interleave on one VC of a link (a head only after the last tail, a
//     body or tail flit only inside a worm);
//   - no flit is sent on a VC without a credit (a per-link-VC count, B at reset, -1 per
//     flit sent, +1 per credit returned) and no credit comes back that was not owed
//     (more than B: returned twice); once the network has drained, every credit comes
//     back (a VC short of B then lost one); no flit on an unconnected port, or on a VC >= V;
//   - no flit enters or leaves a faulty or disabled node;
//   - deadlock: nothing moves (no flit on any channel, no credit) for deadlock_cycles
//     cycles while flits are inside; livelock: a head past its hop budget;
//   - each head leaves a router by a port and VC the configured routing gives it there
//     (route_candidates on the head as it came in, either level: dateline classes, escape
//     VCs, fault rings), with the routing fields the routing writes for that hop
//     (route_update: hop count, hop class, bonus cards, ring), unless --no-route-check (a
//     design with a routing of its own);
//   - an RTL assertion that fails (verilator --assert) is a violation too.
// Every index it computes from what a router drives (a VC number, a port, a flit's source
// or destination) is checked before use: should one of the checks above let a bad value
// through, the run ends with "scoreboard internal error: ..." naming it (exit 3), never
// with an access out of range.
// The first violation stops the run with the cycle, router, port, VC, flit and message;
// the run is then repeated up to the violation with waves of cycles t-40 .. t+2 (for a
// deadlock or a lost credit, t is the last cycle anything moved).
// At the end it prints the design's latency (mean and percentiles), throughput and
// per-VC use of the links beside the C model's on the same traffic.
#include "model_cfg.h"
#ifndef MODEL_UW // a model of build_user.sh --iface: the sideband's bits, ports by neighbour
#define MODEL_UW 0
#define MODEL_NBR_PORTS 0
#endif

#include "Vnet.h"
#include "verilated.h"
#include "harness.h"
#include "model_keys.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

// port access: get_bits, set_bits (port_bits.h)

// after the network drained, the cycles every credit has to come back in
static const uint64_t CREDIT_SETTLE = 64;

// The nodes of each side (the design's and the C model's) are tb/node.h's, as in the
// simulator and the lockstep harness, run by harness.h; the scoreboard reports beside them.

// ------------------------------------------------------------------ the scoreboard
struct Msg {
    int dst, len, at;       // at: the router the head is in (-1: ejected)
    int inport;             // the port the head entered router `at` by (Pn: injected there)
    uint64_t head;          // the head as it entered router `at`: what the routing function sees
    int hops;               // network links the head crossed
    uint64_t gen, inj;
    int osrc, final;
};

struct Worm {               // per channel VC: the worm in progress
    bool open = false;
    int src = 0;
    uint32_t id = 0;
    int next = 0;           // index of the next flit expected
    int len = 0;
};

struct Violation {
    bool found = false;
    uint64_t cycle = 0;
    uint64_t since = UINT64_MAX; // where the waves go: the last cycle anything moved (deadlock, lost credit)
    std::string text;
};

static uint64_t key_of(int src, uint32_t id) { return (static_cast<uint64_t>(static_cast<uint32_t>(src)) << 32) | id; }

struct Board {
    const topology *t;
    const flit_layout *fl;
    int N, P, Pn, V, B;
    bool absorb;                       // the routing may eject before the destination (swft)
    const routing *rt;                 // the configured routing, its fault layer included
    bool route_check = true;           // each head leaves by a port and VC the routing allows
    int hop_budget;
    const uint8_t *faulty;
    std::vector<int> up;               // [x*Pn + p]: the node whose output p feeds input p of x
    std::vector<int> credit;           // [(x*P + p)*V + v]: credits of output VC (x, p, v); p = Pn: the source's
    std::vector<uint64_t> last_sent;   // [(x*P + p)*V + v]: the cycle of the last flit sent on it (a lost credit's trail)
    std::vector<Worm> worm;            // [(x*P + p)*V + v]: output channels; [(N*P + x)*V + v]: injection
    std::unordered_map<uint64_t, Msg> msgs;
    uint64_t checked = 0, flits = 0, credits_seen = 0, inside = 0;
    Violation v;

    /* The index of channel VC (x, p, vc) in credit, last_sent and worm, each coordinate
     * checked (p = Pn: the injection port's credits, the ejection channel's worm). Its
     * callers index with what a router drove (a VC number, a port): a check of the
     * scoreboard's that let a bad one through must end the run with an internal error,
     * never write another channel's entry or past the table (an unchecked VC >= V did). */
    size_t cv(int x, int p, int vc) const
    {
        if (x < 0 || x >= N || p < 0 || p >= P || vc < 0 || vc >= V)
            throw std::out_of_range("channel (router " + std::to_string(x) + ", port " + std::to_string(p) + ", VC " +
                                    std::to_string(vc) + ") outside N = " + std::to_string(N) + ", P = " +
                                    std::to_string(P) + ", V = " + std::to_string(V));
        return static_cast<size_t>((x * P + p) * V + vc);
    }
    // the worm of node x's injection channel on VC vc
    size_t iv(int x, int vc) const
    {
        if (x < 0 || x >= N || vc < 0 || vc >= V)
            throw std::out_of_range("injection channel (node " + std::to_string(x) + ", VC " + std::to_string(vc) +
                                    ") outside N = " + std::to_string(N) + ", V = " + std::to_string(V));
        return static_cast<size_t>((N * P + x) * V + vc);
    }
    // the router that output port p (< Pn) of router x feeds, -1 for none
    int nbr(int x, int p) const
    {
        if (x < 0 || x >= N || p < 0 || p >= Pn)
            throw std::out_of_range("link (router " + std::to_string(x) + ", port " + std::to_string(p) + ") outside N = " +
                                    std::to_string(N) + ", Pn = " + std::to_string(Pn));
        return t->nbr[x * Pn + p];
    }
    // n, checked to be a node: WHAT names it in the internal error
    int node(int n, const char *what) const
    {
        if (n < 0 || n >= N)
            throw std::out_of_range(std::string(what) + " " + std::to_string(n) + " is no node (N = " + std::to_string(N) + ")");
        return n;
    }
    // node n is faulty or disabled
    bool is_faulty(int n) const
    {
        node(n, "the router a link leads to,");
        return faulty && faulty[n];
    }
    /* a head that flitnet's routing functions or sink read (they index the topology by its
     * source and destination): one the checks let through with no such node is an
     * internal error */
    void routable(uint64_t h) const
    {
        node(flit_dst(fl, h), "the destination of a head the checks passed,");
        node(flit_src(fl, h), "the source of a head the checks passed,");
    }

    std::string msg_text(int src, uint32_t id) const
    {
        auto it = msgs.find(key_of(src, id));
        char b[320];
        if (it == msgs.end()) {
            snprintf(b, sizeof b, "message %u of node %s (not in flight)", id, node_name(t, src).c_str());
            return b;
        }
        const Msg &m = it->second;
        snprintf(b, sizeof b, "message %u of node %s -> node %s, %d flits, generated in cycle %" PRIu64
                 ", head injected in cycle %" PRIu64 ", %d hops so far", id, node_name(t, src).c_str(),
                 node_name(t, m.dst).c_str(), m.len, m.gen, m.inj, m.hops);
        return b;
    }

    void fail(uint64_t cyc, int x, int p, int vc, const std::string &what, const std::string &msg, uint64_t flit, bool has_flit)
    {
        if (v.found) return;
        v.found = true;
        v.cycle = cyc;
        std::string where;
        if (x >= 0) {
            where = "router " + node_name(t, x);
            if (p >= 0) {
                where += ", output port " + port_name(t, p);
                if (p == Pn) where += " (ejection)";
                else if (nbr(x, p) >= 0) where += " (link to router " + node_name(t, nbr(x, p)) + ")";
            }
            if (vc >= 0) where += ", VC " + std::to_string(vc);
        }
        char fd[256] = "";
        if (has_flit) flit_describe(fl, flit, fd, sizeof fd);
        v.text = "VIOLATION in cycle " + std::to_string(cyc) + ": " + what + (where.empty() ? "" : "\n  where:   " + where) +
                 (has_flit ? std::string("\n  flit:    ") + fd : "") + (msg.empty() ? "" : "\n  message: " + msg);
    }

    // a flit on channel (x, p, vc): output port p of router x (p = Pn: ejection), or the
    // injection channel of node x (inj)
    /* the head leaves router x by network port p on VC vc: one of the configured routing's
     * candidates for the head as it came in (either level), or a violation naming them */
    bool route_allows(uint64_t cyc, int x, int p, int vc, const Msg &m, uint64_t f, int src, uint32_t id)
    {
        route_cands c;
        routable(m.head);
        route_candidates(rt, x, m.inport, m.head, &c);
        if (((c.m[0][p] | c.m[1][p]) >> vc) & 1) return true;
        std::string allowed;
        for (int o = 0; o < P; o++) {
            const uint32_t mask = c.m[0][o] | c.m[1][o];
            if (!mask) continue;
            allowed += (allowed.empty() ? "" : "; ") + std::string("port ") + port_name(t, o) + " VC";
            for (int w = 0; w < V; w++)
                if ((mask >> w) & 1) allowed += " " + std::to_string(w);
        }
        fail(cyc, x, p, vc,
             "the head left on a port and VC its routing (" + std::string(route_base_algo(rt)->name) +
                 (route_fring(rt) ? " with f-rings" : "") + ") does not give it here, having come in by port " +
                 port_name(t, m.inport) + ": it allows " + (allowed.empty() ? std::string("none") : allowed) +
                 " (a design with a routing of its own: --no-route-check)",
             msg_text(src, id), f, true);
        return false;
    }

    /* the head leaves router x by network port p on VC vc with the routing state the
     * configured routing writes for that hop (hop count, hop class, bonus cards, ring):
     * the next router's routing, and its deadlock freedom, read them */
    bool head_rewritten(uint64_t cyc, int x, int p, int vc, const Msg &m, uint64_t f, int src, uint32_t id)
    {
        routable(m.head);
        const uint64_t want = route_update(rt, x, m.head, p, vc);
        if (f == want) return true;
        static const char *const names[] = {"hops", "neg", "bonus", "ring"};
        const int lo[] = {fl->hops_lo, fl->neg_lo, fl->bonus_lo, fl->ring_lo}, w[] = {fl->HW, fl->CW, fl->CW, fl->RW};
        std::string diff;
        for (int k = 0; k < 4; k++)
            if (w[k] > 0 && bits_get(f, lo[k], w[k]) != bits_get(want, lo[k], w[k]))
                diff += (diff.empty() ? "" : ", ") + std::string(names[k]) + " " + std::to_string(bits_get(f, lo[k], w[k])) +
                        " (the routing writes " + std::to_string(bits_get(want, lo[k], w[k])) + ")";
        if (diff.empty()) diff = "other bits than the routing fields";
        fail(cyc, x, p, vc,
             "the head left with routing fields its routing (" + std::string(route_base_algo(rt)->name) +
                 (route_fring(rt) ? " with f-rings" : "") + ") does not write for this hop: " + diff +
                 " (a design with a routing of its own: --no-route-check)",
             msg_text(src, id), f, true);
        return false;
    }

    void flit_seen(uint64_t cyc, int x, int p, int vc, uint64_t f, bool inj, const std::vector<int> &gen_len,
                   const msg_table *mt)
    {
        Worm &wm = worm.at(inj ? iv(x, vc) : cv(x, p, vc));
        flits++;
        if (flit_is_head(f)) {
            const int src = flit_src(fl, f), dst = flit_dst(fl, f);
            const uint32_t id = flit_id(fl, f);
            if (wm.open && wm.src == src && wm.id == id) {
                fail(cyc, x, inj ? -1 : p, vc,
                     std::string(inj ? "injection: " : "") + "its own head again on this VC (a duplicated head) where flit " +
                         std::to_string(wm.next) + " of the worm was due",
                     msg_text(src, id), f, true);
                return;
            }
            if (wm.open) {
                fail(cyc, x, inj ? -1 : p, vc,
                     std::string(inj ? "injection: " : "") + "a head flit inside another worm on this VC (worms interleaved): the worm of " +
                         msg_text(wm.src, wm.id) + " is at flit " + std::to_string(wm.next),
                     msg_text(src, id), f, true);
                return;
            }
            const uint64_t k = key_of(src, id);
            if (inj) {
                if (msgs.count(k)) {
                    fail(cyc, x, -1, vc, "injection of a message id still in flight", msg_text(src, id), f, true);
                    return;
                }
                msg_rec *r = msgtab_get(const_cast<msg_table *>(mt), src, id);
                Msg m;
                m.dst = dst;
                m.len = r ? r->len : gen_len.at(static_cast<size_t>(x));
                m.at = x;
                m.inport = Pn;
                m.head = f;
                m.hops = 0;
                m.gen = r ? r->gen : cyc;
                m.inj = cyc;
                m.osrc = r ? r->osrc : src;
                m.final = r ? r->final : dst;
                msgs[k] = m;
                inside++;
                wm.open = !flit_is_tail(f);
                wm.src = src;
                wm.id = id;
                wm.next = 1;
                wm.len = m.len;
                return;
            }
            auto it = msgs.find(k);
            if (it == msgs.end()) {
                fail(cyc, x, p, vc, "a head flit that was not injected (no such message in flight)", "", f, true);
                return;
            }
            Msg &m = it->second;
            if (m.at != x) {
                fail(cyc, x, p, vc,
                     "the head of a message left router " + node_name(t, x) + " but is in router " +
                         (m.at < 0 ? std::string("none (ejected already)") : node_name(t, m.at)) + " (a copy)",
                     msg_text(src, id), f, true);
                return;
            }
            if (dst != m.dst) {
                fail(cyc, x, p, vc, "the head's destination changed: injected for node " + node_name(t, m.dst),
                     msg_text(src, id), f, true);
                return;
            }
            if ((m.len == 1) != (flit_is_tail(f) != 0)) {
                fail(cyc, x, p, vc, "a head flit of the wrong kind for a message of " + std::to_string(m.len) + " flits",
                     msg_text(src, id), f, true);
                return;
            }
            if (p == Pn) {
                if (dst != x && !absorb) {
                    fail(cyc, x, p, vc, "a message ejected at router " + node_name(t, x) + ", not at its destination",
                         msg_text(src, id), f, true);
                    return;
                }
                m.at = -1;
            } else {
                if (route_check && !route_allows(cyc, x, p, vc, m, f, src, id)) return;
                if (route_check && !head_rewritten(cyc, x, p, vc, m, f, src, id)) return;
                m.inport = p; /* a flit that leaves by output port p enters by input port p */
                m.head = f;
                m.hops++;
                m.at = nbr(x, p);
                if (m.hops > hop_budget) {
                    fail(cyc, x, p, vc,
                         "livelock: the head took its " + std::to_string(m.hops) + "th hop, past the hop budget of " +
                             std::to_string(hop_budget) + " (distance " +
                             (dst >= 0 && dst < N ? std::to_string(topo_distance(t, x, dst)) : std::string("?")) +
                             " from here)",
                         msg_text(src, id), f, true);
                    return;
                }
            }
            wm.open = !flit_is_tail(f);
            wm.src = src;
            wm.id = id;
            wm.next = 1;
            wm.len = m.len;
            if (p == Pn && !wm.open) delivered(k);
            return;
        }
        // body or tail
        if (!wm.open) {
            fail(cyc, x, inj ? -1 : p, vc, std::string(inj ? "injection: " : "") + "a body or tail flit outside a worm (no head before it on this VC)", "", f, true);
            return;
        }
        const uint64_t want = flit_make_body(wm.src, wm.id, wm.next, wm.next == wm.len - 1);
        if (f != want) {
            char wd[256];
            flit_describe(fl, want, wd, sizeof wd);
            fail(cyc, x, inj ? -1 : p, vc,
                 std::string("a flit lost, changed or out of order: expected flit ") + std::to_string(wm.next) + " of the worm, " + wd,
                 msg_text(wm.src, wm.id), f, true);
            return;
        }
        wm.next++;
        if (flit_is_tail(f)) {
            wm.open = false;
            if (!inj && p == Pn) delivered(key_of(wm.src, wm.id));
        }
    }

    void delivered(uint64_t k)
    {
        msgs.erase(k);
        inside--;
        checked++;
    }
};

struct Perf {
    uint64_t generated = 0, delivered = 0;
    double mean = 0, p50 = 0, p90 = 0, p99 = 0, max = 0, tput = 0;
    std::vector<uint64_t> vc_heads, vc_flits;
};

static double pct(const std::vector<double> &s, double q)
{
    if (s.empty()) return 0;
    size_t i = static_cast<size_t>(q * static_cast<double>(s.size() - 1) + 0.5);
    return s[std::min(i, s.size() - 1)];
}

static Perf perf_of(Side &s, double win, int N)
{
    Perf p;
    p.generated = s.nodes.generated;
    p.delivered = s.nodes.delivered;
    std::vector<double> l = s.lat;
    std::sort(l.begin(), l.end());
    double sum = 0;
    for (double x : l) sum += x;
    p.mean = l.empty() ? 0 : sum / static_cast<double>(l.size());
    p.p50 = pct(l, 0.5);
    p.p90 = pct(l, 0.9);
    p.p99 = pct(l, 0.99);
    p.max = l.empty() ? 0 : l.back();
    p.tput = static_cast<double>(s.nodes.win_flits) / (win * N);
    p.vc_heads = s.vc_heads;
    p.vc_flits = s.vc_flits;
    return p;
}

// the run's options (harness.h's RunOpts: c, the C model beside the design; waves; the
// stop cycle; plusargs) and the scoreboard's own; the design's registers start at values
// drawn from the seed, and a full source queue stops generation, not the run
struct Opts : RunOpts {
    bool route_check = true;           // heads on the routing's ports and VCs only
    int hop_budget = 0;                // 0: 4 D + 16
    Opts()
    {
        prog = "scoreboard";
        lockstep_reset = false;
        stop_on_overflow = false;
    }
};

struct Result {
    Violation v;
    uint64_t cycles = 0, checked = 0, flits = 0, credits = 0, gen_stop = 0;
    bool saturated = false;
    Perf rtl, cm;
};

// the scoreboard's checks in the cycle loop (harness.h)
struct Scoring : Checks {
    Harness &h;
    const Opts &o;
    Board &bd;
    std::vector<int> gen_len;          // per node: the length of the message its source is injecting
    uint64_t last_move = 0;            // the last cycle anything moved
    Scoring(Harness &hh, const Opts &oo, Board &b) : h(hh), o(oo), bd(b), gen_len(static_cast<size_t>(hh.N), 0) {}

    int past_generation(uint64_t tt, std::string &err) override
    {
        const topology &t = h.t();
        const int N = h.N, P = h.P, Pn = h.Pn, V = h.V;
        const uint64_t cycles = static_cast<uint64_t>(h.cfg.cycles);
        Side &sc = h.sc, &sr = h.sr;
        bool done = sr.nodes.delivered == sr.nodes.generated && (!o.c || sc.nodes.delivered == sc.nodes.generated);
        if (done && bd.inside == 0) {
            /* drained: every credit must come back (rule 2: one per flit), within
             * CREDIT_SETTLE cycles of the network's last move; one that does not was lost */
            int lost = -1;
            for (int i = 0; i < N * P * V && lost < 0; i++)
                if (bd.credit.at(static_cast<size_t>(i)) != bd.B) lost = i;
            if (lost < 0) return 1;
            if (tt - last_move > CREDIT_SETTLE) {
                const int x = lost / (P * V), p = lost / V % P, vc = lost % V;
                bd.fail(tt, x, p == Pn ? -1 : p, vc,
                        std::string(p == Pn ? "the injection channel: " : "") +
                            std::to_string(bd.B - bd.credit.at(static_cast<size_t>(lost))) + " of its B = " +
                            std::to_string(bd.B) + " credits never came back after the network drained: " +
                            (p == Pn ? std::string("router ") + node_name(&t, x) + "'s injection port"
                                     : std::string("router ") + node_name(&t, bd.nbr(x, p)) + "'s input port " +
                                           port_name(&t, p)) +
                            " lost one (the last flit sent on this VC left in cycle " +
                            std::to_string(bd.last_sent.at(static_cast<size_t>(lost))) + "; " +
                            std::to_string(tt - last_move) + " cycles since anything moved)",
                        "", 0, false);
                bd.v.since = last_move;
                return 2;
            }
        }
        if (o.c && sc.nodes.delivered != sc.nodes.generated && tt > cycles + 400000) {
            err = "the C model did not drain within 400000 cycles after the last message";
            return -1;
        }
            return 0;
    }

    void check(uint64_t tt) override
    {
        const topology &t = h.t();
        const flit_layout &fl = h.fl();
        const routing &rt = h.rt();
        const sim_config &cfg = h.cfg;
        const int N = h.N, P = h.P, Pn = h.Pn, V = h.V, VW = h.VW;
        const Vnet *top = h.top.get();
        net_setup &ns = h.ns;
        Side &sr = h.sr;
        bool moved = false;
    // ---- the scoreboard: injection channels, then every output channel, then the credits
    for (int x = 0; x < N && !bd.v.found; x++) {
        const link_sig &s = h.rtl_inj[static_cast<size_t>(x)];
        if (s.vc < 0) continue;
        moved = true;
        int &c = bd.credit.at(bd.cv(x, Pn, s.vc));
        if (c <= 0) bd.fail(tt, x, -1, s.vc, "the source injected without a credit", "", s.flit, true);
        c--;
        bd.last_sent.at(bd.cv(x, Pn, s.vc)) = tt;
        if (flit_is_head(s.flit)) {
            msg_rec *r = msgtab_get(&sr.nodes.msgs, flit_src(&fl, s.flit), flit_id(&fl, s.flit));
            gen_len[static_cast<size_t>(x)] = r ? r->len : 1;
        }
        bd.flit_seen(tt, x, Pn, s.vc, s.flit, true, gen_len, &sr.nodes.msgs);
    }
    for (int x = 0; x < N && !bd.v.found; x++) {
        const bool xf = ns.faulty && ns.faulty[x];
        for (int p = 0; p < P && !bd.v.found; p++) {
            const int k = x * P + p;
            if (!get_bits(top->obs_valid_o, k, 1)) continue;
            moved = true;
            const int vc = static_cast<int>(get_bits(top->obs_vc_o, k * VW, VW));
            const uint64_t f = get_bits(top->obs_flit_o, k * 64, 64);
            if (vc >= V) { bd.fail(tt, x, p, vc, "a flit on VC " + std::to_string(vc) + " >= V", "", f, true); break; }
            if (xf) { bd.fail(tt, x, p, vc, "a flit leaves faulty or disabled node " + node_name(&t, x), "", f, true); break; }
            if (p < Pn) {
                const int d = bd.nbr(x, p);
                if (d < 0) { bd.fail(tt, x, p, vc, "a flit on an unconnected port", "", f, true); break; }
                if (bd.is_faulty(d)) {
                    bd.fail(tt, x, p, vc, "a flit enters faulty or disabled node " + node_name(&t, d), "", f, true);
                    break;
                }
                const size_t j = bd.cv(x, p, vc);
                int &c = bd.credit.at(j);
                if (c <= 0) {
                    const Worm &w = bd.worm.at(j);
                    bd.fail(tt, x, p, vc,
                            "a flit sent without a credit (the downstream buffer of B = " + std::to_string(bd.B) +
                                " flits is full)",
                            flit_is_head(f) ? bd.msg_text(flit_src(&fl, f), flit_id(&fl, f))
                            : w.open        ? bd.msg_text(w.src, w.id)
                                            : "",
                            f, true);
                    break;
                }
                c--;
                bd.last_sent.at(j) = tt;
                sr.vc_flits.at(static_cast<size_t>(vc))++;
                if (flit_is_head(f)) sr.vc_heads.at(static_cast<size_t>(vc))++;
            }
            bd.flit_seen(tt, x, p, vc, f, false, gen_len, &sr.nodes.msgs);
        }
    }
#if MODEL_UW > 0
    // the sideband of a designer's router (IFACE sideband=UW): what router x drives on
    // output p is, bit for bit, what the router behind it sees on its input, in its own
    // numbering (ports by neighbour: the other port of the pair), in every cycle
    for (int x = 0; x < N && !bd.v.found; x++)
        for (int p = 0; p < Pn && !bd.v.found; p++) {
            const int d = bd.nbr(x, p);
            if (d < 0) continue;
            const int q = (MODEL_NBR_PORTS && t.Pn == 2 * t.n) ? (p ^ 1) : p;
            for (int lo = 0; lo < MODEL_UW; lo += 64) {
                const int w = std::min(64, MODEL_UW - lo);
                const uint64_t a = get_bits(top->obs_sb_out_o, (x * P + p) * MODEL_UW + lo, w);
                const uint64_t b = get_bits(top->obs_sb_seen_o, (d * P + q) * MODEL_UW + lo, w);
                if (a == b) continue;
                char hex[96];
                snprintf(hex, sizeof hex, "0x%" PRIx64 " where this output drives 0x%" PRIx64 " (bits %d..%d)", b, a, lo,
                         lo + w - 1);
                bd.fail(tt, x, p, -1,
                        "sideband: router " + node_name(&t, d) + "'s input port " + std::to_string(q) +
                            " (its own numbering) sees " + hex,
                        "", 0, false);
                break;
            }
        }
#endif
    // credits of cycle t count from cycle t + 1: after the flits of cycle t
    for (int x = 0; x < N && !bd.v.found; x++)
        for (int p = 0; p < P && !bd.v.found; p++) {
            const uint32_t cr = static_cast<uint32_t>(get_bits(top->obs_cr_o, (x * P + p) * V, V));
            if (!cr) continue;
            moved = true;
            for (int vc = 0; vc < V; vc++) {
                if (!((cr >> vc) & 1)) continue;
                bd.credits_seen++;
                const int u = p == Pn ? x : bd.up.at(static_cast<size_t>(x * Pn + p));
                if (u < 0) {
                    bd.fail(tt, x, -1, vc, "a credit on input port " + port_name(&t, p) + ", which nothing feeds", "", 0, false);
                    break;
                }
                int &c = bd.credit.at(bd.cv(u, p, vc));
                if (c >= bd.B) {
                    bd.fail(tt, x, -1, vc,
                            "a credit returned that was not owed (returned twice): input port " + port_name(&t, p) +
                                (p == Pn ? " (from the source)" : " (from router " + node_name(&t, u) + ")") +
                                " already has all B = " + std::to_string(bd.B) + " credits",
                            "", 0, false);
                    break;
                }
                c++;
            }
        }
    if (!bd.v.found && moved) last_move = tt;
    if (!bd.v.found && bd.inside > 0 && tt - last_move >= static_cast<uint64_t>(cfg.deadlock_cycles)) {
        // the VCs involved: open worms on links whose downstream buffer has no credit
        std::string vcs;
        int shown = 0;
        for (int x = 0; x < N; x++)
            for (int p = 0; p < P; p++)
                for (int vc = 0; vc < V; vc++) {
                    const size_t j = bd.cv(x, p, vc);
                    const Worm &w = bd.worm.at(j);
                    if (!w.open && (p == Pn || bd.credit.at(j) == bd.B)) continue;
                    if (shown++ < 12)
                        vcs += "\n    router " + node_name(&t, x) + " port " + port_name(&t, p) + " VC " + std::to_string(vc) +
                               ": " + std::to_string(p == Pn ? 0 : bd.B - bd.credit.at(j)) +
                               " of B = " + std::to_string(bd.B) + " flits downstream" + (w.open ? ", worm of " + bd.msg_text(w.src, w.id) + " at flit " + std::to_string(w.next) : "");
                }
        if (shown > 12) vcs += "\n    ... " + std::to_string(shown - 12) + " more";
        if (shown == 0 && !bd.msgs.empty())
            vcs = " none: the messages are lost inside the routers, for example " +
                  bd.msg_text(static_cast<int>(bd.msgs.begin()->first >> 32), static_cast<uint32_t>(bd.msgs.begin()->first));
        // heads waiting inside a router for an output VC that is free on the wires (no
        // worm, every credit back): the router holds it (a VC it never freed: a leak), or
        // the head is queued behind another worm in its input buffer
        std::string held;
        int nfree = 0;
        if (bd.route_check) {
            std::vector<uint64_t> keys;
            for (const auto &kv : bd.msgs)
                if (kv.second.at >= 0) keys.push_back(kv.first);
            std::sort(keys.begin(), keys.end());
            int nheld = 0;
            for (uint64_t k : keys) {
                const Msg &m = bd.msgs[k];
                route_cands c;
                bd.cv(m.at, m.inport, 0);
                bd.routable(m.head);
                route_candidates(&rt, m.at, m.inport, m.head, &c);
                std::string free_vcs;
                for (int p = 0; p < Pn; p++)
                    for (int vc = 0; vc < V; vc++) {
                        const size_t i = bd.cv(m.at, p, vc);
                        if (((c.m[0][p] | c.m[1][p]) >> vc & 1) && !bd.worm.at(i).open && bd.credit.at(i) == bd.B)
                            free_vcs += (free_vcs.empty() ? "" : ", ") + std::string("port ") + port_name(&t, p) +
                                        " VC " + std::to_string(vc);
                    }
                if (free_vcs.empty() || nheld++ >= 4) continue;
                held += "\n    " + bd.msg_text(static_cast<int>(k >> 32), static_cast<uint32_t>(k)) + ", in router " +
                        node_name(&t, m.at) + ", may take " + free_vcs;
            }
            if (nheld > 4) held += "\n    ... " + std::to_string(nheld - 4) + " more";
            if (nheld)
                held = "\n  " + std::to_string(nheld) + " head" + (nheld == 1 ? "" : "s") +
                       " wait inside their router for an output VC that is free on the wires (no worm, every "
                       "credit back): the router holds the VC (one it never freed?), or the head waits behind "
                       "another worm in its input buffer:" + held;
            nfree = nheld;
        }
        bd.fail(tt, -1, -1, -1,
                "deadlock: nothing moved for " + std::to_string(tt - last_move) + " cycles (since cycle " +
                    std::to_string(last_move) + ") with " + std::to_string(bd.inside) + " messages inside" +
                    (nfree ? ", " + std::to_string(nfree) + " of them waiting for an output VC free on the wires"
                           : std::string()) +
                    "; the VCs holding flits:" + vcs + held,
                "", 0, false);
        bd.v.since = last_move;
    }
    }

    bool design_sink(uint64_t, int x, const link_sig &l) override
    {
        if (bd.v.found) return false;
        // flitnet's sink indexes its tables by the VC and the topology by the head's
        // nodes; the checks above passed this flit (ej_* are obs_*'s port Pn)
        if (l.vc >= 0) {
            bd.cv(x, h.Pn, l.vc);
            if (flit_is_head(l.flit)) bd.routable(l.flit);
        }
        return true;
    }

    int after(uint64_t tt, bool asserted, std::string &err) override
    {
        Side &sc = h.sc, &sr = h.sr;
    if (asserted && !bd.v.found)
        bd.fail(tt, -1, -1, -1, "an RTL assertion failed at the clock edge ending this cycle (its message above)", "", 0, false);
    if (!bd.v.found && sr.nodes.errs.corrupt)
        bd.fail(tt, -1, -1, -1, std::string("the sink found a corrupted message: ") + sr.nodes.errs.first_error, "", 0,
                false);
    if (bd.v.found) return 1;
    if (sc.fwd_overflow || sr.fwd_overflow) {
        err = "a source queue overflowed with a re-injected message (max_queue)";
        return -1;
    }
    return 0;
    }
};

static int run(const sim_config &cfg, const Opts &o, Result &res, std::string &err)
{
    Harness h(cfg, o);
    if (h.setup(err)) return -1;
    const topology &t = h.t();
    const routing &rt = h.rt();
    const int N = h.N, P = h.P, Pn = h.Pn, V = h.V;

    Board bd;
    bd.t = &t;
    bd.fl = &h.fl();
    bd.N = N;
    bd.P = P;
    bd.Pn = Pn;
    bd.V = V;
    bd.B = cfg.buf_depth;
    bd.absorb = rt.algo->reroute != nullptr;
    bd.rt = &rt;
    bd.route_check = o.route_check;
    bd.hop_budget = o.hop_budget > 0 ? o.hop_budget : 4 * t.diameter + 16;
    bd.faulty = h.ns.faulty;
    bd.up.assign(static_cast<size_t>(N * Pn), -1);
    for (int x = 0; x < N; x++)
        for (int p = 0; p < Pn; p++)
            if (t.nbr[x * Pn + p] >= 0) bd.up[static_cast<size_t>(t.nbr[x * Pn + p] * Pn + p)] = x;
    bd.credit.assign(static_cast<size_t>(N * P * V), cfg.buf_depth);
    bd.last_sent.assign(static_cast<size_t>(N * P * V), 0);
    bd.worm.assign(static_cast<size_t>((N * P + N) * V), Worm());

    Scoring k(h, o, bd);
    const int64_t ran = h.run(k, err);
    if (ran < 0) return -1;
    const uint64_t tt = static_cast<uint64_t>(ran), cycles = static_cast<uint64_t>(cfg.cycles);
    const uint64_t gen_end = h.gen_end;
    const Side &sr = h.sr;
    res.saturated = h.saturated;
    res.v = bd.v;
    res.cycles = tt;
    res.checked = bd.checked;
    res.flits = bd.flits;
    res.credits = bd.credits_seen;
    res.gen_stop = gen_end;
    const bool whole = o.stop_at == UINT64_MAX; /* not a rerun cut short for the waves */
    if (whole && !bd.v.found && sr.nodes.generated == 0) { /* a pass would say nothing */
        err = "no message was generated in " + std::to_string(tt) + " cycles: the run checks nothing (a traffic "
              "pattern that maps every node to itself here, or a load too low for the cycles)";
        return -1;
    }
    if (whole && !bd.v.found && !res.saturated && sr.nodes.delivered != sr.nodes.generated) {
        err = "the design delivered " + std::to_string(sr.nodes.delivered) + " of " + std::to_string(sr.nodes.generated) +
              " messages";
        return -1;
    }
    const uint64_t end = gen_end < cycles ? gen_end : cycles;
    const double win = end > static_cast<uint64_t>(cfg.warmup) ? static_cast<double>(end - static_cast<uint64_t>(cfg.warmup)) : 1;
    res.rtl = perf_of(h.sr, win, N);
    res.cm = perf_of(h.sc, win, N);
    return 0;
}

// ------------------------------------------------------------------ command line
// the key=value overrides: apply_keys (model_keys.h)

static void usage()
{
    fprintf(stderr,
            "usage: scoreboard [key=value ...] [+plusarg ...] [--hop-budget H] [--no-c] [--no-route-check] [--quiet-reset]\n"
            "                  [--waves DIR] [--waves-router X,...] [--expect-violation] [--diff-dir DIR]\n"
            "model %s: %s\n"
            "  key=value           runtime configuration keys of flitnet (seed, rate, flit_rate, msg_len, traffic,\n"
            "                      select, cycles, warmup, deadlock_cycles, max_queue, faults, ...)\n"
            "  +name[=value]       passed to the design's $test$plusargs / $value$plusargs\n"
            "  --hop-budget H      a head past H hops is a livelock (default 4 x diameter + 16)\n"
            "  --no-c              do not run the C model beside the design (no performance comparison)\n"
            "  --no-route-check    do not check each head's output port and VC against the configured routing's\n"
            "                      candidates (a design with a routing of its own)\n"
            "  --quiet-reset       leave out what the design prints while reset is held (its registers at\n"
            "                      random first values); their number is said in one line\n"
            "  --waves DIR         the run's RTL waves, every cycle, in DIR/rtl.vcd\n"
            "  --waves-router X,.. those waves, and a violation's, of these routers only (node ids)\n"
            "  --diff-dir DIR      waves around a violation go here (default build/rtl/violation)\n"
            "  --expect-violation  succeed only if a violation is found (the broken examples)\n",
            MODEL_NAME, MODEL_CFG);
}

static void print_perf(const char *name, const Perf &p)
{
    printf("  %-9s latency mean %8.2f  p50 %6.0f  p90 %6.0f  p99 %6.0f  max %6.0f cycles; throughput %.4f flits/node/cycle; %" PRIu64
           " of %" PRIu64 " messages delivered\n",
           name, p.mean, p.p50, p.p90, p.p99, p.max, p.tput, p.delivered, p.generated);
}

static int scoreboard_main(int argc, char **argv)
{
    sim_config cfg;
    config_defaults(&cfg);
    cfg.cycles = 3000;
    cfg.warmup = 500;
    cfg.max_queue = 1000000;  // past saturation the queues grow; the run drains at the end
    std::string err;
    if (!apply_keys(cfg, MODEL_CFG, true, err)) {
        fprintf(stderr, "scoreboard: model configuration: %s\n", err.c_str());
        return 1;
    }
    Opts o;
    bool expect = false;
    std::string diff_dir = "build/rtl/violation", keys, waves_dir, wave_routers;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--expect-violation") expect = true;
        else if (a == "--no-c") o.c = false;
        else if (a == "--no-route-check") o.route_check = false;
        else if (a == "--quiet-reset") o.quiet_reset = true;
        else if (a == "--waves" && i + 1 < argc) waves_dir = argv[++i];
        else if (a == "--waves-router" && i + 1 < argc) wave_routers = argv[++i];
        else if (a == "--diff-dir" && i + 1 < argc) diff_dir = argv[++i];
        else if (a == "--hop-budget" && i + 1 < argc) {
            o.hop_budget = atoi(argv[++i]);
            if (o.hop_budget <= 0) {
                fprintf(stderr, "scoreboard: --hop-budget takes a positive number of hops\n");
                return 1;
            }
        } else if (a == "-h" || a == "--help") {
            usage();
            return 0;
        } else if (a[0] == '+' && a.size() > 1) o.plusargs.push_back(a);
        else if (a.find('=') != std::string::npos && a[0] != '-') keys += " " + a;
        else {
            fprintf(stderr, "scoreboard: unknown argument '%s' (--help lists them)\n", a.c_str());
            return 1;
        }
    }
    for (size_t at = 0; !wave_routers.empty() && at <= wave_routers.size();) {
        const size_t comma = std::min(wave_routers.find(',', at), wave_routers.size());
        const std::string x = wave_routers.substr(at, comma - at);
        if (x.empty() || x.size() > 9 || x.find_first_not_of("0123456789") != std::string::npos) {
            fprintf(stderr, "scoreboard: --waves-router takes node ids separated by commas, not '%s'\n", wave_routers.c_str());
            return 1;
        }
        o.wave_routers.push_back(atoi(x.c_str()));
        at = comma + 1;
    }
    o.waves_dir = waves_dir;
    if (!apply_keys(cfg, keys, false, err)) {
        fprintf(stderr, "scoreboard: %s\n", err.c_str());
        return 1;
    }
    // the default warm-up (500) on a run of 500 cycles or fewer: a tenth of it, as flitnet's
    // own default would be, rather than a refusal of keys the user did not give
    if (!config_given(&cfg, "warmup") && cfg.warmup >= cfg.cycles) cfg.warmup = cfg.cycles / 10;
    char e[CFG_ERR];
    if (config_resolve(&cfg, e, sizeof e)) {
        fprintf(stderr, "scoreboard: %s\n", e);
        return 1;
    }
    char desc[512];
    std::string pa;
    for (const std::string &a : o.plusargs) pa += " " + a;
    snprintf(desc, sizeof desc, "%s seed=%llu select=%s traffic=%s flit_rate=%g msg_len=%g%s cycles=%ld%s", MODEL_NAME,
             static_cast<unsigned long long>(cfg.seed), cfg.select ? "random" : "first", config_traffic_name(cfg.traffic),
             cfg.flit_rate > 0 ? cfg.flit_rate : cfg.rate * cfg.msg_len, cfg.msg_len,
             cfg.msg_len_dist == LEN_EXP ? "(exp)" : "", cfg.cycles, pa.c_str());
    Result r;
    if (run(cfg, o, r, err)) {
        fprintf(stderr, "scoreboard %s: %s\n", desc, err.c_str());
        return 1;
    }
    if (r.v.found) {
        printf("%s\n", r.v.text.c_str());
        Opts ow = o;
        ow.c = false;
        ow.waves_dir = diff_dir;
        /* around the violation, or where the network stopped moving (a deadlock or a lost
         * credit is found long after its cause) */
        const uint64_t at = r.v.since != UINT64_MAX ? r.v.since : r.v.cycle;
        ow.w_from = at > 40 ? at - 40 : 0;
        ow.w_to = at + 2;
        ow.stop_at = at + 2;
        Result rw;
        std::string werr;
        if (run(cfg, ow, rw, werr)) printf("  (waves could not be written: %s)\n", werr.c_str());
        else printf("  waves of cycles %" PRIu64 "..%" PRIu64 ": %s/rtl.vcd\n", ow.w_from, ow.w_to, diff_dir.c_str());
        printf("scoreboard %s: VIOLATION in cycle %" PRIu64 " (%" PRIu64 " messages checked before it)\n"
               "RESULT violation cycle=%" PRIu64 " checked=%" PRIu64 "\n",
               desc, r.v.cycle, r.checked, r.v.cycle, r.checked);
        return expect ? 0 : 2;
    }
    printf("scoreboard %s: %s %" PRIu64 " cycles, %" PRIu64 " messages delivered once, intact and in order, %" PRIu64
           " flits and %" PRIu64 " credits checked%s\n",
           desc, expect ? "NO VIOLATION in" : "no violation in", r.cycles, r.checked, r.flits, r.credits,
           r.saturated ? (" (saturated: a source queue overflowed, generation stopped in cycle " + std::to_string(r.gen_stop) + ")").c_str() : "");
    if (!waves_dir.empty())
        printf("  waves of every cycle: %s/rtl.vcd%s\n", waves_dir.c_str(),
               wave_routers.empty() ? "" : (" (routers " + wave_routers + ")").c_str());
    print_perf("design", r.rtl);
    if (o.c) {
        print_perf("C model", r.cm);
        printf("  difference: latency mean %+.2f cycles (%+.1f %%), throughput %+.4f flits/node/cycle (%+.1f %%)\n",
               r.rtl.mean - r.cm.mean, r.cm.mean > 0 ? 100 * (r.rtl.mean - r.cm.mean) / r.cm.mean : 0, r.rtl.tput - r.cm.tput,
               r.cm.tput > 0 ? 100 * (r.rtl.tput - r.cm.tput) / r.cm.tput : 0);
    }
    printf("  head flits on network links per VC, design:");
    for (uint64_t h : r.rtl.vc_heads) printf(" %" PRIu64, h);
    if (o.c) {
        printf("; C model:");
        for (uint64_t h : r.cm.vc_heads) printf(" %" PRIu64, h);
    }
    printf("\n  flits on network links per VC, design:");
    for (uint64_t h : r.rtl.vc_flits) printf(" %" PRIu64, h);
    if (o.c) {
        printf("; C model:");
        for (uint64_t h : r.cm.vc_flits) printf(" %" PRIu64, h);
    }
    printf("\nRESULT %s cycles=%" PRIu64 " checked=%" PRIu64 " flits=%" PRIu64 " credits=%" PRIu64 " lat=%.3f clat=%.3f tput=%.5f ctput=%.5f\n",
           expect ? "noviolation" : "ok", r.cycles, r.checked, r.flits, r.credits, r.rtl.mean, r.cm.mean, r.rtl.tput, r.cm.tput);
    return expect ? 2 : 0;
}

int main(int argc, char **argv)
{
    /* every index computed from what a router drives is checked (Board::cv and the
     * others, vector::at): should a check of the scoreboard let through what it must
     * report, the run ends here with the index named, not in a corrupted heap */
    try {
        return scoreboard_main(argc, argv);
    } catch (const std::exception &e) {
        fflush(stdout);
        fprintf(stderr, "scoreboard internal error: %s (a check of the scoreboard let it through)\n", e.what());
        return 3;
    }
}
