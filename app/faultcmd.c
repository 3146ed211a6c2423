/* faultcmd.c: see faultcmd.h. */
#include "faultcmd.h"
#include "cdg.h"
#include "cli.h"
#include "netsetup.h"
#include <stdio.h>
#include <string.h>

/* builds the routing and fault set of argv; 0, or 1 after printing the error */
static int build(int argc, char **argv, const char *cmd, int prove, sim_config *c, net_setup *ns)
{
    char *rest[CLI_MAX_ARGS], err[CFG_ERR];
    int nrest;
    if (argc > 60) return cli_fail("too many arguments");
    if (cli_build_config(argc, argv, c, rest, &nrest, NULL)) return 1;
    if (prove < 0) prove = c->faults > 0;
    if (nrest) {
        snprintf(err, sizeof err, "%s takes no option '%s'", cmd, rest[0]);
        return cli_fail(err);
    }
    if (net_setup_routing(ns, c, prove, err, sizeof err)) return cli_fail(err);
    return 0;
}

static void describe(FILE *f, const sim_config *c, const net_setup *ns)
{
    char shape[128];
    const routing *r = &ns->rt;
    fprintf(f, "%s, V=%d, routing %s", config_shape(c, shape, sizeof shape), c->vcs, route_base_algo(r)->name);
    const hop_classes *hc = route_fring(r) ? route_hop_info(r->base) : NULL;
    if (hc)
        fprintf(f, " with f-rings (ring hops on its own escape classes: %d classes, %d of them headroom for detours)",
                hc->C, hc->C - hc->Cmin);
    else if (route_fring(r))
        fprintf(f, " with f-rings (ring VCs %d..%d, one per blocked direction; the routing uses VCs 0..%d)",
                r->base->V, r->V - 1, r->base->V - 1);
    else if (ns->fh == FH_SOFTWARE)
        fprintf(f, " with software rerouting (node software, §7.1)");
    fprintf(f, "\n");
}

int cmd_faults(int argc, char **argv)
{
    sim_config c;
    net_setup ns;
    if (build(argc, argv, "faults", 1, &c, &ns)) return 1;
    describe(stdout, &c, &ns);
    if (ns.fh == FH_NONE) printf("no faults: give faults = N or P%%, fault_nodes or fault_file\n");
    else faults_print(stdout, &ns.fs, &ns.t);
    net_setup_free(&ns);
    return 0;
}

int cmd_cdg(int argc, char **argv)
{
    sim_config c;
    net_setup ns;
    /* a drawn set is the one a run would use (drawn until proved); a given set is shown as it is */
    if (build(argc, argv, "cdg", -1, &c, &ns)) return 1;
    cdg_result res;
    char err[CFG_ERR];
    if (cdg_check(&ns.rt, &res, err, sizeof err)) {
        net_setup_free(&ns);
        return cli_fail(err);
    }
    describe(stdout, &c, &ns);
    if (ns.fh != FH_NONE)
        printf("faults: %d faulty, %d disabled, %d region%s\n", ns.fs.nf, ns.fs.ndisabled, ns.fs.nregions,
               ns.fs.nregions == 1 ? "" : "s");
    if (res.ok)
        printf("acyclic: %ld escape channels, %ld dependencies (Duato's extended graph); %ld head states, every route "
               "ends\n", res.channels, res.edges, res.states);
    else {
        char hint[160] = "";
        if (ns.fh == FH_FRING && !(c.faults > 0)) net_setup_vcs_hint(&c, hint, sizeof hint);
        printf("NOT deadlock-free: %s%s\n", res.reason, hint);
    }
    net_setup_free(&ns);
    return res.ok ? 0 : 2;
}
