/* node.c: see node.h. */
#include "node.h"
#include <stdlib.h>
#include <string.h>

int node_init(node_set *n, const net_setup *s, const sim_config *c)
{
    memset(n, 0, sizeof *n);
    n->N = s->t.N;
    n->overflow_node = -1;
    n->drop_full = c->source_full;
    n->reinject_delay = c->reinject_delay;
    n->src = calloc((size_t)n->N, sizeof *n->src);
    n->snk = calloc((size_t)n->N, sizeof *n->snk);
    if (!n->src || !n->snk || msgtab_init(&n->msgs, n->N, s->fl.IW)) return -1;
    for (int x = 0; x < n->N; x++) {
        if (source_init(&n->src[x], c->max_queue, c->vcs, c->buf_depth)) return -1;
        sink_init(&n->snk[x]);
    }
    source_env_init(&n->senv, c->vcs, c->buf_depth, &s->fl, &s->rt, &n->msgs);
    n->kenv = (sink_env){&s->fl, &s->t, s->rt.minimal, &n->msgs, &n->errs, s->rt.algo->reroute != NULL};
    n->V = c->vcs;
    if (s->rt.algo->reroute && !(n->win_part = calloc((size_t)n->N * (size_t)n->V, sizeof *n->win_part))) return -1;
    return node_lane_init(&n->solo, n, 1);
}

void node_free(node_set *n)
{
    if (n->src)
        for (int x = 0; x < n->N; x++) source_free(&n->src[x]);
    free(n->src);
    free(n->snk);
    msgtab_free(&n->msgs);
    free(n->win_part);
    n->win_part = NULL;
    node_lane_free(&n->solo);
    n->src = NULL;
    n->snk = NULL;
}

void node_enqueue(node_set *n, uint64_t cycle, int s, int d, int len)
{
    if (source_enqueue(&n->src[s], cycle, d, len)) {
        if (n->drop_full) n->dropped++;
        else if (n->overflow_node < 0) n->overflow_node = s;
        return;
    }
    n->generated++;
    if (n->wake) n->wake[s >> 6] |= 1ull << (s & 63); /* (the traffic runs before the parts) */
}

void node_on_message(void *user, uint64_t cycle, int s, int d, int len)
{
    node_enqueue(user, cycle, s, d, len);
}

int node_source(node_set *n, int x, uint64_t t, uint32_t credits_in, link_sig *out)
{
    int s = source_step(&n->src[x], &n->senv, x, t, credits_in, out);
    if (s < 0) return -1;
    n->injected += (uint64_t)s;
    return 0;
}

node_event node_sink(node_set *n, int x, uint64_t t, int in_window, const link_sig *ej, node_delivery *d)
{
    node_event e = node_sink_in(n, &n->solo, x, t, in_window, ej, d);
    node_fold(n, &n->solo);
    return e;
}

int node_lane_init(node_lane *L, const node_set *n, int nodes)
{
    (void)nodes;
    memset(L, 0, sizeof *L);
    L->kenv = n->kenv;
    L->kenv.errs = &L->errs;
    return 0;
}

void node_lane_free(node_lane *L) { (void)L; }


node_event node_sink_in(node_set *n, node_lane *L, int x, uint64_t t, int in_window, const link_sig *ej,
                        node_delivery *d)
{
    if (ej->vc < 0) return NODE_NOTHING;
    L->ejected++;
    uint32_t *part = n->win_part ? &n->win_part[x * n->V + ej->vc] : NULL;
    if (in_window) {
        L->win_flits++;
        if (part) ++*part;
    }
    int ks = sink_step(&n->snk[x], &L->kenv, x, t, ej, &d->msg, &d->src);
    /* the node software takes a message back (§7.1): its flits count when they reach the
     * final destination, not here, so those counted here come off again, exactly */
    if (part && flit_is_tail(ej->flit)) {
        if (ks == 2) L->win_taken += *part;
        *part = 0;
    }
    if (ks == 2) {
        const msg_rec *m = &d->msg;
        L->reinjected++;
        L->reinject_rule[m->dst == x ? 2 : (m->ring & 1) ? 1 : 0]++;
        if (source_forward(&n->src[x], &n->senv, x, t, m, n->reinject_delay)) return NODE_QUEUE_FULL;
        if (n->wake) __atomic_fetch_or(&n->wake[x >> 6], 1ull << (x & 63), __ATOMIC_RELAXED); /* (a part's sink) */
        return NODE_REINJECTED;
    }
    if (!ks) return NODE_NOTHING;
    L->delivered++;
    if (in_window) L->win_delivered++;
    return NODE_DELIVERED;
}

void node_fold(node_set *n, node_lane *L)
{
    n->injected += L->injected;
    n->ejected += L->ejected;
    n->delivered += L->delivered;
    n->win_delivered += L->win_delivered;
    n->reinjected += L->reinjected;
    for (int i = 0; i < 3; i++) n->reinject_rule[i] += L->reinject_rule[i];
    /* every flit taken back was counted in this fold or an earlier one: no underflow, and
     * the sum does not depend on the order of the nodes */
    n->win_flits += L->win_flits;
    n->win_flits -= L->win_taken;
    /* the first error is the first in node order: an earlier lane's, else this one's */
    if (!n->errs.corrupt && L->errs.corrupt) memcpy(n->errs.first_error, L->errs.first_error, sizeof n->errs.first_error);
    n->errs.corrupt += L->errs.corrupt;
    n->errs.nonminimal += L->errs.nonminimal;
    n->errs.misrouted += L->errs.misrouted;
    node_lane keep = *L;
    memset(L, 0, sizeof *L);
    L->kenv = keep.kenv;
}

int node_cycle_without(node_set *n, network *net, uint64_t t, int skip)
{
    if (t != n->next_cycle || net->staged) return -1;
    n->next_cycle = t + 1;
    int fail = -1;
    for (int x = 0; x < net->N; x++) {
        const int rc = x == skip ? node_source_only_in(n, &n->solo, net, x, t)
                                 : node_source_router_in(n, &n->solo, net, x, t, &net->ctr);
        if (rc && fail < 0) fail = x;
    }
    node_fold(n, &n->solo);
    return fail < 0 ? 0 : 1 + fail;
}

int node_cycle(node_set *n, network *net, uint64_t t)
{
    /* the cycles in order: the signal slots of parity t hold cycle t - 1's */
    if (t != n->next_cycle) return -1;
    n->next_cycle = t + 1;
    /* one-slot buffers: the network steps stage by stage, as sim's does, so that the
     * co-simulation checks the step the runs use */
    if (!t && !net->staged && net->B == 1 && net->Bo == 1) network_use_stages(net);
    int fail = -1;
    for (int x = 0; x < net->N; x++) {
        int rc;
        if (net->staged) {
            rc = node_source_only_in(n, &n->solo, net, x, t);
            network_source_done(net, x, t);
        } else {
            rc = node_source_router_in(n, &n->solo, net, x, t, &net->ctr);
        }
        if (rc && fail < 0) fail = x;
    }
    if (net->staged) {
        /* every source has stepped: their credit marks of cycle t - 1 are spent (as sim's
         * node loop takes them), and the routers step */
        for (int j = 0; j <= (net->N - 1) >> 6; j++) (void)network_source_credited(net, j, 0, net->N, t);
        network_step_part(net, 0, net->N, t, &net->ctr);
    }
    node_fold(n, &n->solo);
    return fail < 0 ? 0 : 1 + fail;
}
