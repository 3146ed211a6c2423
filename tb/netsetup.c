/* netsetup.c: see netsetup.h. */
#include "netsetup.h"
#include "memory.h"
#include <stdio.h>
#include <string.h>

enum { B_TOPO = 1, B_ROUTING = 2, B_FAULTS = 4, B_NET = 8, B_TRAFFIC = 16 };

fault_handling net_setup_fault_handling(const sim_config *c)
{
    if (!(c->faults > 0 || c->fault_nodes[0] || c->fault_file[0])) return FH_NONE;
    switch (c->fault_handling) {
    case FH_FRING_KEY: return FH_FRING;
    case FH_SOFTWARE_KEY: return FH_SOFTWARE;
    default: {
        const route_algo *a = route_find(c->routing);
        return a && a->reroute ? FH_SOFTWARE : FH_FRING;
    }
    }
}

/* software rerouting (§7.1): a candidate set is usable when the node software delivers
 * every pair (swft's prepare) */
static int accept_set(void *ctx, const fault_set *fs, char *err, size_t errlen)
{
    return routing_prepare(ctx, fs->blocked, err, errlen);
}

int net_setup_routing(net_setup *s, const sim_config *c, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    if (topo_init(&s->t, c->topology, c->n, c->k, err, errlen)) return -1;
    s->built |= B_TOPO;
    if (flit_layout_init(&s->fl, s->t.N, s->t.diameter, s->t.n, c->vcs, err, errlen)) goto fail;
    s->fh = net_setup_fault_handling(c);
    if (config_given(c, "reinject_delay") && s->fh != FH_SOFTWARE) { /* it would be silently ignored */
        snprintf(err, errlen, "reinject_delay applies to software rerouting (swft, or fault_handling = software, with faults)");
        goto fail;
    }
    const route_algo *a = route_find(c->routing);
    /* `fault_handling = software` with dor: seed 002's scheme is swft (§7.2) */
    const int as_swft = s->fh == FH_SOFTWARE && a && !a->reroute && !strcmp(a->name, "dor");
    if (as_swft) a = route_find("swft");
    if (routing_init(&s->rt, a, &s->t, &s->fl, c->vcs, c->dateline, c->escape_vcs, s->fh, err, errlen)) {
        if (as_swft) { /* the user named dor: say where swft came from */
            char e2[CFG_ERR];
            snprintf(e2, sizeof e2, "%s", err);
            snprintf(err, errlen, "routing dor with fault_handling = software is swft: %s", e2);
        }
        goto fail;
    }
    s->built |= B_ROUTING;
    if (s->fh != FH_NONE) {
        /* a block set (f-rings) depends on the fault keys only: the same for every routing (§7.2) */
        const int block = s->fh == FH_FRING;
        fault_spec sp = {c->fault_nodes, c->fault_file, c->faults, c->fault_seed, block};
        s->built |= B_FAULTS;
        if (faults_build(&s->fs, &s->t, &sp, block ? NULL : accept_set, &s->rt, err, errlen)) goto fail;
        s->faulty = s->fs.blocked;
    }
    if (s->fh != FH_SOFTWARE && routing_prepare(&s->rt, s->faulty, err, errlen)) goto fail; /* (accept_set did) */
    return 0;
fail:
    net_setup_free(s);
    return -1;
}

int net_setup_check(const sim_config *c, char *err, size_t errlen)
{
    net_setup s;
    if (net_setup_routing(&s, c, err, errlen)) return -1;
    s.built |= B_TRAFFIC;
    int rc = traffic_init(&s.tr, c, &s.t, err, errlen) || traffic_set_faults(&s.tr, s.faulty, err, errlen) ? -1 : 0;
    net_setup_free(&s);
    return rc;
}

int net_setup_build(net_setup *s, const sim_config *c, char *err, size_t errlen)
{
    if (net_setup_routing(s, c, err, errlen)) return -1;
    router_params rp = {c->vcs, c->buf_depth, c->obuf_depth, c->select, c->seed, c->timeout};
    if (memory_check(c, &s->t, err, errlen)) goto fail; /* before anything large is allocated */
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
    if (s->built & B_ROUTING) routing_free(&s->rt);
    if (s->built & B_TOPO) topo_free(&s->t);
    s->built = 0;
    s->faulty = NULL;
}
