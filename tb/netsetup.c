/* netsetup.c: see netsetup.h. */
#include "netsetup.h"
#include <stdio.h>
#include <string.h>

enum { B_TOPO = 1, B_FAULTS = 2, B_NET = 4, B_TRAFFIC = 8 };

int net_setup_build(net_setup *s, const sim_config *c, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    if (topo_init(&s->t, c->topology, c->n, c->k, err, errlen)) return -1;
    s->built |= B_TOPO;
    if (flit_layout_init(&s->fl, s->t.N, s->t.diameter, err, errlen)) goto fail;
    const int with_faults = c->faults > 0 || c->fault_nodes[0];
    if (with_faults) {
        if (faults_alloc(&s->fs, &s->t)) { snprintf(err, errlen, "out of memory"); goto fail; }
        s->built |= B_FAULTS;
    }
    if (routing_init_ex(&s->rt, route_find(c->routing), &s->t, &s->fl, c->vcs, c->dateline, c->escape_vcs,
                        s->fs.faulty, err, errlen))
        goto fail;
    if (with_faults && faults_build(&s->fs, &s->t, &s->rt, c->fault_nodes, c->faults, c->fault_seed, err, errlen))
        goto fail;
    s->faulty = s->fs.faulty;
    s->nfaulty = s->fs.nf;
    router_params rp = {c->vcs, c->buf_depth, c->obuf_depth, c->select, c->seed, c->timeout};
    s->built |= B_NET; /* network_init and traffic_init leave a freeable object on failure */
    if (network_init(&s->net, &s->t, &s->rt, &s->fl, &rp, err, errlen)) goto fail;
    s->built |= B_TRAFFIC;
    if (traffic_init(&s->tr, c, &s->t, err, errlen)) goto fail;
    if (traffic_set_faults(&s->tr, s->faulty, err, errlen)) goto fail;
    return 0;
fail:
    net_setup_free(s);
    return -1;
}

void net_setup_free(net_setup *s)
{
    if (s->built & B_TRAFFIC) traffic_free(&s->tr);
    if (s->built & B_NET) network_free(&s->net);
    if (s->built & B_FAULTS) faults_free(&s->fs);
    if (s->built & B_TOPO) topo_free(&s->t);
    s->built = 0;
    s->faulty = NULL;
}
