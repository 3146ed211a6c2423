/* faultcmd.c: see faultcmd.h. */
#include "faultcmd.h"
#include "cdg.h"
#include "cli.h"
#include "progress.h"
#include "netsetup.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* builds the routing and fault set of argv; 0, or 1 after printing the error */
/* the options: faults' --vcs (vcs_table), cdg's --seeds A:B (seeds); a command without the
 * option passes NULL */
static int build(int argc, char **argv, const char *cmd, sim_config *c, net_setup *ns, int *vcs_table, long *seeds)
{
    char *rest[CLI_MAX_ARGS], err[CFG_ERR];
    int nrest;
    if (argc > 60) return cli_fail("too many arguments");
    if (cli_build_config(argc, argv, c, rest, &nrest, NULL)) return 1;
    for (int i = 0; i < nrest; i++) {
        if (vcs_table && !strcmp(rest[i], "--vcs") && !*vcs_table) {
            *vcs_table = 1;
            continue;
        }
        if (seeds && !strcmp(rest[i], "--seeds")) {
            const char *v = rest[++i], *colon = strchr(v, ':');
            char a[32];
            if (!colon || colon - v >= (long)sizeof a || !c->faults ||
                (snprintf(a, sizeof a, "%.*s", (int)(colon - v), v), cli_parse_long(a, 1, 1L << 40, &seeds[0])) ||
                cli_parse_long(colon + 1, seeds[0], seeds[0] + 1000000, &seeds[1])) {
                snprintf(err, sizeof err, "--seeds '%.40s': give A:B, fault seeds 1 <= A <= B <= A + 1000000, with a drawn "
                         "fault set (faults = N or P%%)", v);
                return cli_fail(err);
            }
            continue;
        }
        snprintf(err, sizeof err, "%s takes no option '%s'%s", cmd, rest[i],
                 vcs_table && !strcmp(rest[i], "--vcs") ? " twice" : "");
        return cli_fail(err);
    }
    if (vcs_table && *vcs_table && seeds && seeds[0]) return cli_fail("give --vcs or --seeds, not both");
    if ((vcs_table && *vcs_table) || (seeds && seeds[0])) return 0;
    if (net_setup_routing(ns, c, err, sizeof err)) return cli_fail(err);
    return 0;
}

static void describe(FILE *f, const sim_config *c, const net_setup *ns)
{
    char shape[128];
    const routing *r = &ns->rt;
    fprintf(f, "%s, V=%d, routing %s", config_shape(c, shape, sizeof shape), c->vcs, route_base_algo(r)->name);
    if (route_fring(r))
        fprintf(f, " with f-rings (VCs 0..%d for %s, ring VCs %d..%d: one per message type, deadlock-free by "
                "construction for every block fault set)", r->base->V - 1, route_base_algo(r)->name, r->base->V, r->V - 1);
    else if (ns->fh == FH_SOFTWARE)
        fprintf(f, " with software rerouting (node software, §7.1)");
    fprintf(f, "\n");
}

/* the least vcs of every routing on the configuration's topology, without and with the
 * f-ring layer (docs/microarchitecture.md 6.7 is this table) */
static int vcs_table(const sim_config *c)
{
    char err[CFG_ERR];
    topology t;
    if (topo_init(&t, c->topology, c->n, c->k, err, sizeof err)) return cli_fail(err);
    char shape[128];
    printf("least vcs per routing on %s (f-rings: %d ring VCs on top of the routing's own minimum)\n",
           config_shape(c, shape, sizeof shape), FRING_RING_VCS(t.n));
    printf("| routing | fault-free | with f-rings |\n|---|---:|---:|\n");
    for (int i = 0; route_at(i); i++) {
        const route_algo *a = route_at(i);
        int least[2] = {-1, -1};
        for (int f = 0; f < 2; f++)
            for (int v = 1; v <= MAX_VCS && least[f] < 0; v++) {
                flit_layout fl;
                routing r;
                if (flit_layout_init(&fl, t.N, t.diameter, t.n, v, err, sizeof err)) continue;
                if (routing_init(&r, a, &t, &fl, v, c->dateline, c->escape_vcs, f ? FH_FRING : FH_NONE, err,
                                 sizeof err))
                    continue;
                routing_free(&r);
                least[f] = v;
            }
        char l0[16] = "-", l1[64] = "-";
        if (least[0] > 0) snprintf(l0, sizeof l0, "%d", least[0]);
        if (least[1] > 0) snprintf(l1, sizeof l1, "%d", least[1]);
        else if (a->reroute) snprintf(l1, sizeof l1, "(node software)");
        printf("| `%s` | %s | %s |\n", a->name, l0, l1);
    }
    topo_free(&t);
    return 0;
}

/* the set-up of fault_seed s (for --seeds); 0, or 1 after printing the error with the seed */
/* the set of fault_seed S: 0, 1 (refused: said), or -1 when no draw of S gave a set of the
 * block model (a run of that seed is refused the same way; counted in REFUSED, the first
 * such seed in FIRST) */
static int seed_setup(sim_config *c, long s, net_setup *ns, long *refused, long *first)
{
    char err[CFG_ERR], e2[CFG_ERR + 40];
    c->fault_seed = (uint64_t)s;
    if (!net_setup_routing(ns, c, err, sizeof err)) return 0;
    if (strstr(err, FAULT_NO_SET)) {
        if (!(*refused)++) *first = s;
        return -1;
    }
    snprintf(e2, sizeof e2, "fault_seed %ld: %s", s, err);
    return cli_fail(e2);
}

/* the line that names the seeds without a set, if any */
static void print_refused(long refused, long first)
{
    if (refused)
        printf("%ld seeds refused: no draw of theirs in %d gave a set of the block model (the first: fault_seed %ld); "
               "a run of such a seed is refused the same way\n", refused, FAULT_MAX_DRAWS, first);
}

/* faults --seeds A:B: the distribution of disabled nodes over the drawn sets of fault_seed
 * A..B, beside the plain block closure of each set's faulty nodes (faults_form): the two
 * must be the same set, node for node (§7.2: nothing but the closure disables a node) */
static int faults_seeds(sim_config *c, const long *seeds)
{
    char err[CFG_ERR], shape[128];
    enum { HMAX = 64 };
    long hist[HMAX + 1] = {0}, sets = 0, draws = 0, disabled = 0, differ = 0, refused = 0, first = 0;
    int maxd = 0;
    for (long s = seeds[0]; s <= seeds[1]; s++) {
        progress_show("fault seed %ld (%ld..%ld)", s, seeds[0], seeds[1]);
        net_setup ns;
        const int rc = seed_setup(c, s, &ns, &refused, &first);
        if (rc < 0) continue;
        if (rc) return 1;
        if (ns.fh != FH_FRING) {
            net_setup_free(&ns);
            return cli_fail("faults --seeds needs block faults (fault_handling = fring, a routing other than swft)");
        }
        uint8_t *plain = malloc((size_t)ns.t.N);
        if (!plain) {
            net_setup_free(&ns);
            return cli_fail("out of memory");
        }
        if (faults_form(&ns.t, ns.fs.faulty, 0, plain, err, sizeof err) ||
            memcmp(plain, ns.fs.blocked, (size_t)ns.t.N))
            differ++;
        free(plain);
        sets++;
        draws += ns.fs.draws;
        disabled += ns.fs.ndisabled;
        hist[ns.fs.ndisabled < HMAX ? ns.fs.ndisabled : HMAX]++;
        if (ns.fs.ndisabled > maxd) maxd = ns.fs.ndisabled;
        net_setup_free(&ns);
    }
    printf("%s, %d faulty nodes, fault_seed %ld..%ld: %ld sets, %ld draws (%ld outside the block model)\n",
           config_shape(c, shape, sizeof shape), c->faults, seeds[0], seeds[1], sets, draws, draws - sets);
    print_refused(refused, first);
    if (!sets) return 1;
    printf("disabled nodes: mean %.3f, at most %d; %ld sets differ from the plain block closure of their faulty "
           "nodes\n", (double)disabled / sets, maxd, differ);
    printf("| disabled | sets | share |\n|---:|---:|---:|\n");
    for (int d = 0; d <= HMAX && d <= maxd; d++)
        if (hist[d]) printf("| %s%d | %ld | %.1f %% |\n", d == HMAX ? ">= " : "", d, hist[d], 100.0 * hist[d] / sets);
    return differ ? 2 : 0;
}

int cmd_faults(int argc, char **argv)
{
    sim_config c;
    net_setup ns;
    int table = 0;
    long seeds[2] = {0, 0};
    if (build(argc, argv, "faults", &c, &ns, &table, seeds)) return 1;
    if (table) return vcs_table(&c);
    if (seeds[0]) {
        progress_begin();
        const int rc = faults_seeds(&c, seeds);
        progress_end();
        return rc;
    }
    describe(stdout, &c, &ns);
    if (ns.fh == FH_NONE) printf("no faults: give faults = N or P%%, fault_nodes or fault_file\n");
    else faults_print(stdout, &ns.fs, &ns.t);
    net_setup_free(&ns);
    return 0;
}

/* cdg --seeds A:B: the check on the fault set of every fault_seed from A to B; stops at
 * the first that fails (a seed with no set of the block model is counted apart) */
static int cdg_seeds(sim_config *c, const long *seeds)
{
    char err[CFG_ERR], shape[128];
    long sets = 0, draws = 0, disabled = 0, regions = 0, states = 0, refused = 0, first = 0;
    int max_disabled = 0;
    for (long s = seeds[0]; s <= seeds[1]; s++) {
        progress_show("fault seed %ld (%ld..%ld)", s, seeds[0], seeds[1]);
        net_setup ns;
        cdg_result res;
        const int rc = seed_setup(c, s, &ns, &refused, &first);
        if (rc < 0) continue;
        if (rc) return 1;
        if (cdg_check(&ns.rt, &res, err, sizeof err)) {
            net_setup_free(&ns);
            return cli_fail(err);
        }
        if (!res.ok) {
            printf("NOT deadlock-free at fault_seed %ld (%d faulty, %d disabled): %s\n", s, ns.fs.nf, ns.fs.ndisabled,
                   res.reason);
            net_setup_free(&ns);
            return 2;
        }
        sets++;
        draws += ns.fs.draws;
        disabled += ns.fs.ndisabled;
        regions += ns.fs.nregions;
        states += res.states;
        if (ns.fs.ndisabled > max_disabled) max_disabled = ns.fs.ndisabled;
        net_setup_free(&ns);
    }
    printf("%s, V=%d, routing %s, %d faulty nodes, fault_seed %ld..%ld\n", config_shape(c, shape, sizeof shape), c->vcs,
           c->routing, c->faults, seeds[0], seeds[1]);
    if (!sets) {
        print_refused(refused, first);
        return 1;
    }
    printf("acyclic on all %ld sets (%ld head states); %ld draws (%ld outside the block model), %.2f disabled nodes "
           "and %.2f regions a set, at most %d disabled\n", sets, states, draws, draws - sets, (double)disabled / sets,
           (double)regions / sets, max_disabled);
    print_refused(refused, first);
    return 0;
}

int cmd_cdg(int argc, char **argv)
{
    sim_config c;
    net_setup ns;
    long seeds[2] = {0, 0};
    /* the set a run would use */
    if (build(argc, argv, "cdg", &c, &ns, NULL, seeds)) return 1;
    if (seeds[0]) {
        progress_begin();
        const int rc = cdg_seeds(&c, seeds);
        progress_end();
        return rc;
    }
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
    else
        printf("NOT deadlock-free: %s\n", res.reason);
    net_setup_free(&ns);
    return res.ok ? 0 : 2;
}
