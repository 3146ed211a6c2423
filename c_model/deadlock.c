/* deadlock.c: see deadlock.h. */
#include "deadlock.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* out-edges of input VC iv into *e (max cap); returns the count */
static int edges(const network *net, int iv, int *e, int cap)
{
    const int P = net->P, V = net->V;
    int x = iv / (P * V), i = (iv / V) % P, v = iv % V, n = 0;
    if (!network_ib_count(net, iv)) return 0;
    if (net->ivc_act[x * P + i] >> v & 1) {
        int o = net->ivc[iv].oport, w = net->ivc[iv].ovc;
        int dn = net->down[x * P + o];
        if (o != net->Pn && dn >= 0) e[n++] = dn * V + w;
        return n;
    }
    flit_t head = network_ib_front(net, iv);
    route_cands c;
    route_candidates(net->rt, x, head, &c);
    for (int l = 0; l < ROUTE_LEVELS; l++)
        for (int o = 0; o < net->Pn; o++) {
            uint32_t m = c.m[l][o] & net->ovc_busy[x * P + o];
            int dn = net->down[x * P + o];
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

int deadlock_explain(const network *net, char *buf, size_t len)
{
    int n = net->N * net->P * net->V;
    uint8_t *color = calloc((size_t)n, 1);
    int *parent = malloc(sizeof(int) * (size_t)n), *stack = malloc(sizeof(int) * (size_t)n);
    int *next_e = calloc((size_t)n, sizeof(int));
    int found = 0, cyc_start = -1, cyc_end = -1, cnt = 0;
    if (!color || !parent || !stack || !next_e) goto out;
    int e[MAX_PORTS * MAX_VCS * ROUTE_LEVELS];
    for (int s = 0; s < n && !found; s++) {
        if (color[s] || !network_ib_count(net, s)) continue;
        int sp = 0;
        stack[sp++] = s;
        color[s] = 1;
        parent[s] = -1;
        while (sp && !found) {
            int u = stack[sp - 1];
            int ne = edges(net, u, e, (int)(sizeof e / sizeof e[0]));
            if (next_e[u] >= ne) {
                color[u] = 2;
                sp--;
                continue;
            }
            int w = e[next_e[u]++];
            if (color[w] == 1) {
                found = 1;
                cyc_start = w;
                cyc_end = u;
            } else if (!color[w] && network_ib_count(net, w)) {
                color[w] = 1;
                parent[w] = u;
                stack[sp++] = w;
            }
        }
    }
    size_t o = 0;
    buf[0] = 0;
    if (!found) {
        snprintf(buf, len, "no cycle of waiting VCs found\n");
        goto out;
    }
    /* walk back from cyc_end to cyc_start, then print forward */
    for (int u = cyc_end; u != -1; u = parent[u]) {
        stack[cnt++] = u;
        if (u == cyc_start) break;
    }
    o += (size_t)snprintf(buf + o, len - o, "cycle of %d waiting VCs (each waits for the next):\n", cnt);
    for (int j = cnt - 1; j >= 0 && o < len; j--) {
        char nm[128];
        name_iv(net, stack[j], nm, sizeof nm);
        int iv = stack[j], P = net->P, V = net->V;
        int x = iv / (P * V), i = (iv / V) % P, v = iv % V;
        const char *why = (net->ivc_act[x * P + i] >> v & 1) ? "holds its output VC, no room downstream"
                                                             : "head waits for a busy output VC";
        o += (size_t)snprintf(buf + o, len - o, "  %s (%d flits; %s)\n", nm, network_ib_count(net, iv), why);
    }
    if (o < len) {
        char nm[128];
        name_iv(net, cyc_start, nm, sizeof nm);
        snprintf(buf + o, len - o, "  -> back to %s\n", nm);
    }
out:
    free(color);
    free(parent);
    free(stack);
    free(next_e);
    return cnt;
}
