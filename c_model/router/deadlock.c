/* deadlock.c: see deadlock.h. */
#include "deadlock.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* out-edges of input VC iv into e (at most cap); returns the count, or -1 for a head with
 * a free candidate: VC allocation may grant it any cycle (an escape VC needs no credit,
 * §5.1), so it waits on nothing, however long it has lost the arbitration */
static int edges(const network *net, int iv, int *e, int cap)
{
    const int P = net->P, V = net->V;
    int x = iv / (P * V), i = (iv / V) % P, v = iv % V, n = 0;
    if (!network_ib_count(net, iv)) return 0;
    if (net->ps[x * P + i].ivc_act >> v & 1) {
        int o = net->ivc[iv].oport, w = net->ivc[iv].ovc;
        int dn = net->down[x * P + o];
        if (o != net->Pn && dn >= 0) e[n++] = dn * V + w;
        return n;
    }
    route_cands c;
    route_candidates(net->rt, x, i, network_ib_front(net, iv), &c);
    for (int l = 0; l < ROUTE_LEVELS; l++)
        for (int o = 0; o < net->Pn; o++) {
            const uint32_t full = net->B == 1 ? net->ps[x * P + o].cred_ok : net->ps[x * P + o].cred_full;
            uint32_t m = c.m[l][o] & (net->ps[x * P + o].ovc_busy | (net->adaptive & ~full));
            int dn = net->down[x * P + o];
            if (c.m[l][o] & ~m && dn >= 0) return -1;
            for (; m && dn >= 0 && n < cap; m &= m - 1) e[n++] = dn * V + __builtin_ctz(m);
        }
    return n;
}

static void name_iv(const network *net, int iv, char *buf, size_t len)
{
    char nb[64], pb[16];
    int P = net->P, V = net->V;
    int x = iv / (P * V), i = (iv / V) % P, v = iv % V;
    snprintf(buf, len, "node %d %s input %s vc %d", x, topo_node_name(net->t, x, nb, sizeof nb),
             topo_port_name(net->t, i, pb, sizeof pb), v);
}

int deadlock_find(const network *net, const uint32_t *stalled, char *buf, size_t len)
{
    const int n = net->N * net->P * net->V, V = net->V;
    uint8_t *dead = calloc((size_t)n, 1);
    int *parent = calloc((size_t)n, sizeof(int));
    uint8_t *color = calloc((size_t)n, 1);
    int e[MAX_PORTS * MAX_VCS * ROUTE_LEVELS], ndead = 0;
    const int cap = (int)(sizeof e / sizeof e[0]);
    buf[0] = 0;
    if (!dead || !parent || !color) goto out;
    for (int iv = 0; iv < n; iv++)
        if (network_ib_count(net, iv) && (!stalled || (stalled[iv / V] >> (iv % V) & 1))) dead[iv] = 1;
    /* greatest fixed point: drop every VC that may still move, until none changes */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int iv = 0; iv < n; iv++) {
            if (!dead[iv]) continue;
            int ne = edges(net, iv, e, cap), keep = ne > 0; /* -1: free to move */
            for (int j = 0; j < ne && keep; j++) keep = dead[e[j]];
            if (!keep) {
                dead[iv] = 0;
                changed = 1;
            }
        }
    }
    for (int iv = 0; iv < n; iv++) ndead += dead[iv];
    if (!ndead) goto out;
    /* every dead VC has an edge into the dead set, so following first edges closes a cycle */
    int u = 0;
    while (!dead[u]) u++;
    int steps = 0;
    while (!color[u]) {
        color[u] = 1;
        parent[steps++] = u;
        edges(net, u, e, cap);
        u = e[0];
    }
    int start = 0;
    while (parent[start] != u) start++;
    size_t o = (size_t)snprintf(buf, len, "dead set of %d input VCs; a cycle of %d of them (each waits for the next):\n",
                                ndead, steps - start);
    for (int j = start; j < steps && o < len; j++) {
        char nm[128];
        int iv = parent[j], P = net->P;
        int x = iv / (P * V), i = (iv / V) % P, v = iv % V;
        name_iv(net, iv, nm, sizeof nm);
        o += (size_t)snprintf(buf + o, len - o, "  %s (%d flits; %s)\n", nm, network_ib_count(net, iv),
                              (net->ps[x * P + i].ivc_act >> v & 1) ? "holds its output VC, no room downstream"
                                                                 : "head waits for a busy output VC");
    }
    if (o < len) {
        char nm[128];
        name_iv(net, u, nm, sizeof nm);
        snprintf(buf + o, len - o, "  -> back to %s\n", nm);
    }
out:
    free(dead);
    free(parent);
    free(color);
    return ndead;
}
