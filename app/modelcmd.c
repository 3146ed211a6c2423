/* modelcmd.c: see modelcmd.h. */
#include "modelcmd.h"
#include "cli.h"
#include "faults.h"
#include "netsetup.h"
#include "qmodel.h"
#include "report.h"
#include "sweep.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { VAR_SEED = 0, VAR_REFINED = 1, VAR_BOTH = 2 };

typedef struct {
    int have_model;
    qm_kind kind;
    int variant;          /* VAR_* */
    int variant_given;
    double tau;
    int tau_given;
    double pf;
    int pf_given;
} model_keys;

/* the routing each model describes, and whether the simulator has it */
static const struct {
    const char *routing;  /* the simulator's routing that matches, NULL if none yet */
    const char *describes;
} model_routing[QM_NKINDS] = {
    [QM_DUATO_NBC] = {"duato_nbc", "Duato's protocol with Nbc escape VCs (Safaei et al. [1])"},
    [QM_SWFT] = {"swft", "software-based fault-tolerant rerouting with faulty nodes (Safaei et al. 2006 [3])"},
    [QM_TIMEOUT] = {"duato", "Duato's routing with time-out selection (Khonsari et al. [4])"},
    [QM_DOR_COMB] = {"dor_escape", "dimension-order routing with escape VCs v1/v2 and free v3..vL (Najaf-abadi and Sarbazi-Azad [5])"},
};

/* the model describes the routing (dor-comb also plain dor: its escape VCs are DOR's) */
static int model_matches(int kind, const char *routing)
{
    const char *want = model_routing[kind].routing;
    return want && (!strcmp(routing, want) || (kind == QM_DOR_COMB && !strcmp(routing, "dor")));
}

static int parse_num(const char *k, const char *v, double lo, double hi, double *out)
{
    char *end, e[300];
    double d = strtod(v, &end);
    if (end == v || *end || !isfinite(d)) {
        snprintf(e, sizeof e, "%s: '%s' is not a number", k, v);
        return cli_fail(e);
    }
    if (d < lo || d > hi) {
        snprintf(e, sizeof e, "%s = %g is out of range %g..%g", k, d, lo, hi);
        return cli_fail(e);
    }
    *out = d;
    return 0;
}

/* takes the model's own keys out of argv; everything else goes to out */
static int split_model_keys(int argc, char **argv, model_keys *mk, char **out, int *nout)
{
    memset(mk, 0, sizeof *mk);
    *nout = 0;
    for (int i = 0; i < argc; i++) {
        char *a = argv[i], *eq = strchr(a, '=');
        size_t kl = eq ? (size_t)(eq - a) : 0;
        const char *v = eq ? eq + 1 : NULL;
        char e[300];
        if (eq && kl == 5 && !strncmp(a, "model", 5)) {
            if (qm_from_name(v, &mk->kind)) {
                snprintf(e, sizeof e, "model: unknown value '%s' (expected duato-nbc, swft, timeout, dor-comb)", v);
                return cli_fail(e);
            }
            mk->have_model = 1;
        } else if (eq && kl == 7 && !strncmp(a, "variant", 7)) {
            if (!strcmp(v, "seed")) mk->variant = VAR_SEED;
            else if (!strcmp(v, "refined")) mk->variant = VAR_REFINED;
            else if (!strcmp(v, "both")) mk->variant = VAR_BOTH;
            else {
                snprintf(e, sizeof e, "variant: unknown value '%s' (expected seed, refined, both)", v);
                return cli_fail(e);
            }
            mk->variant_given = 1;
        } else if (eq && kl == 3 && !strncmp(a, "tau", 3)) {
            if (parse_num("tau", v, 0, 1e9, &mk->tau)) return 1;
            mk->tau_given = 1;
        } else if (eq && kl == 10 && !strncmp(a, "fault_prob", 10)) {
            if (parse_num("fault_prob", v, 0, 0.999, &mk->pf)) return 1;
            mk->pf_given = 1;
        } else {
            out[(*nout)++] = a;
        }
    }
    return 0;
}

/* the model parameters for a simulator configuration; 0, or -1 with the reason in e */
static int to_qm(const sim_config *c, const model_keys *mk, int variant, qm_params *p, char *e, size_t el)
{
    qm_params_init(p, mk->kind);
    p->variant = variant;
    static const int topo[] = {[TOPO_TORUS] = QM_TORUS_BI, [TOPO_TORUS_UNI] = QM_TORUS_UNI, [TOPO_MESH] = QM_MESH,
                               [TOPO_HYPERCUBE] = QM_HYPERCUBE};
    p->topo = topo[c->topology];
    p->n = c->n;
    for (int d = 0; d < c->n && d < QM_MAX_DIM; d++) p->k[d] = c->k[d];
    p->V = c->vcs;
    p->M = c->msg_len;
    p->exp_len = c->msg_len_dist == LEN_EXP;
    p->rate = c->rate;
    p->buf_depth = c->buf_depth;
    p->tau = mk->tau_given ? mk->tau : c->timeout ? c->timeout : c->msg_len;
    /* the fault count: faults = F, or the length of the fault_nodes list */
    p->nf = c->faults;
    if (c->faults > 0 || c->fault_nodes[0]) {
        /* the fault set the simulator builds for routing swft (the model's): one it refuses
         * (a bad list, a network the faults disconnect, a pair the node software cannot
         * deliver) is refused here with the same reason, not drawn as a curve */
        sim_config sc = *c;
        snprintf(sc.routing, sizeof sc.routing, "swft");
        sc.fault_handling = FH_SOFTWARE_KEY;
        net_setup s;
        if (net_setup_routing(&s, &sc, e, el)) return -1;
        p->nf = s.fs.nf;
        net_setup_free(&s);
    }
    p->pf = mk->pf;
    /* as the simulator: traffic needs two fault-free nodes (the model would give a
     * latency for a network with nothing to send) */
    const long N = config_nodes(c);
    if (p->nf > N - 2) {
        snprintf(e, el, "faults = %d leaves fewer than 2 fault-free nodes of %ld", p->nf, N);
        return -1;
    }
    /* a key the model does not read would be silently ignored */
    if (mk->tau_given && mk->kind != QM_TIMEOUT) {
        snprintf(e, el, "tau applies to model timeout only (model %s has no time-out)", qm_name(mk->kind));
        return -1;
    }
    if (mk->pf_given && mk->kind != QM_SWFT) {
        snprintf(e, el, "fault_prob applies to model swft only (model %s describes a network without faults)",
                 qm_name(mk->kind));
        return -1;
    }
    if (mk->pf_given && p->nf > 0) {
        snprintf(e, el, "give fault_prob or a fault count (faults, fault_nodes), not both: the model takes the count");
        return -1;
    }
    p->delta_reinject = (double)c->reinject_delay;
    /* the simulator's conventions (topology.c ties go +, route_dor.c's class rule) */
    p->tie_positive = 1;
    p->dateline = 2;
    if (!c->dateline) {
        snprintf(e, el, "the models describe deadlock-free routing; dateline = 0 is not covered");
        return -1;
    }
    if (mk->kind == QM_TIMEOUT) {
        if (c->traffic == TR_LOCALITY) {
            if (c->n_locality_p > QM_MAX_P) {
                snprintf(e, el, "timeout: at most %d locality_p values", QM_MAX_P);
                return -1;
            }
            p->n_p = c->n_locality_p;
            for (int i = 0; i < c->n_locality_p; i++) p->p[i] = c->locality_p[i];
            p->alpha = c->locality_alpha;
        } else if (c->traffic == TR_UNIFORM && c->n <= QM_MAX_P) {
            /* uniform destinations on a hypercube: C(n,i) of the N-1 others are i hops away */
            double N = ldexp(1.0, c->n), b = 1;
            p->n_p = c->n;
            for (int i = 1; i <= c->n; i++) {
                b = b * (c->n - i + 1) / i;
                p->p[i - 1] = b / (N - 1);
            }
        } else {
            snprintf(e, el, "model timeout covers locality or uniform traffic only");
            return -1;
        }
    } else if (c->traffic != TR_UNIFORM) {
        snprintf(e, el, "model %s covers uniform traffic only (got traffic = %s)", qm_name(mk->kind),
                 config_traffic_name(c->traffic));
        return -1;
    }
    if (qm_check(p, e, el)) return -1;
    return 0;
}

static const char *variant_name(int v) { return v == VAR_REFINED ? "refined" : "seed"; }

/* the simulator settings in c that the model (kind, variant) does not describe, as "key =
 * value" items into out; their count. `model` refuses them (they would change nothing),
 * `compare` names them (they change the simulation, not the model). */
static int unmodelled(const sim_config *c, qm_kind kind, int variant, char *out, size_t len)
{
    int n = 0;
    size_t l = 0;
    out[0] = 0;
#define ADD(...)                                                                          \
    do {                                                                                  \
        l += (size_t)snprintf(out + l, l < len ? len - l : 0, "%s", n++ ? ", " : "");    \
        l += (size_t)snprintf(out + l, l < len ? len - l : 0, __VA_ARGS__);              \
    } while (0)
    if (c->process != PROC_POISSON) ADD("process = bernoulli");
    if (c->timeout && kind != QM_TIMEOUT) ADD("timeout = %d", c->timeout);
    if (c->select == 0) ADD("select = first"); /* the key's order: first, random */
    if (c->obuf_depth != 1) ADD("obuf_depth = %d", c->obuf_depth);
    if (config_given(c, "escape_vcs")) ADD("escape_vcs = %d", c->escape_vcs);
    if (c->buf_depth != 1 && variant != VAR_REFINED) ADD("buf_depth = %d", c->buf_depth);
    if (config_given(c, "reinject_delay") && kind != QM_SWFT) ADD("reinject_delay = %ld", c->reinject_delay);
    if (c->fault_handling == FH_FRING_KEY) ADD("fault_handling = fring");
#undef ADD
    return n;
}

/* the refined model describes this simulator's router with a given routing: for
 * dor-comb that is `dor` (Dally-Seitz classes of V/2 VCs), not seed 004's scheme */
static int has_refined(qm_kind k, const char *routing)
{
    if (k == QM_DOR_COMB) return !strcmp(routing, "dor");
    return k == QM_DUATO_NBC;
}

/* the simulator's routing a model variant describes (NULL: none) */
static const char *described_routing(qm_kind k, int variant)
{
    return variant == VAR_REFINED && k == QM_DOR_COMB ? "dor" : model_routing[k].routing;
}

/* the rate list: a range if given, else a round grid of about 25 points up to just below
 * saturation; *dec: the decimals that show it */
static int rates_for(const char *range, double sat, double msg_len, double **out, int *dec)
{
    sweep_spec sp = {0};
    char err[300];
    if (range) {
        if (sweep_parse_range(strchr(range, '=') + 1, &sp, err, sizeof err)) return -cli_fail(err);
        if (sweep_range_in_flits(range)) { /* the model's rates are messages/node/cycle */
            sp.from /= msg_len;
            sp.to /= msg_len;
            sp.step /= msg_len;
        }
    } else {
        sp.step = sweep_round_step(sat / 25);
        sp.from = sp.step;
        sp.to = sat * 0.99;
        if (sp.to < sp.from) sp.to = sp.from;
    }
    *dec = sweep_rate_decimals(sp.from, sp.step);
    int n = (int)floor((sp.to - sp.from) / sp.step + 1e-9) + 1;
    *out = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++) (*out)[i] = sweep_point_rate(&sp, i);
    return n;
}

/* the options of `flitnet model` */
typedef struct {
    const char *csv, *json, *summary, *title, *plot;
} model_opts;

/* 0, or 1 after printing the unknown option */
static int model_options(char **rest, int nrest, model_opts *o)
{
    for (int i = 0; i < nrest; i++) {
        if (!strcmp(rest[i], "--csv") && i + 1 < nrest) o->csv = rest[++i];
        else if (!strcmp(rest[i], "--summary") && i + 1 < nrest) o->summary = rest[++i];
        else if (!strcmp(rest[i], "--title") && i + 1 < nrest) o->title = rest[++i];
        else if (!strcmp(rest[i], "--plot") && i + 1 < nrest) o->plot = rest[++i];
        else if (!strcmp(rest[i], "--json") && i + 1 < nrest) o->json = rest[++i];
        else {
            char e[300];
            snprintf(e, sizeof e, "unknown option '%s'", rest[i]);
            return cli_fail(e);
        }
    }
    return 0;
}

/* the JSON document of a model's curve, without its points (an empty "points" array) */
static cJSON *model_json_doc(const sim_config *c, qm_kind kind, int variant, double zl, double sat, cJSON **points)
{
    cJSON *jo = cJSON_CreateObject();
    cJSON_AddStringToObject(jo, "version", FLITNET_VERSION);
    cJSON_AddStringToObject(jo, "model", qm_name(kind));
    cJSON_AddStringToObject(jo, "variant", variant_name(variant));
    report_json_config(jo, c);
    /* a curve's rates are its points'; its routing is the model's unless one was given */
    cJSON *cfg = cJSON_GetObjectItemCaseSensitive(jo, "config");
    cJSON_DeleteItemFromObjectCaseSensitive(cfg, "rate");
    cJSON_DeleteItemFromObjectCaseSensitive(cfg, "flit_rate");
    if (!config_given(c, "routing") && described_routing(kind, variant))
        cJSON_ReplaceItemInObjectCaseSensitive(cfg, "routing", cJSON_CreateString(described_routing(kind, variant)));
    cJSON_AddNumberToObject(jo, "zero_load_latency", zl);
    cJSON_AddNumberToObject(jo, "saturation_rate", sat);
    *points = cJSON_AddArrayToObject(jo, "points");
    return jo;
}

/* one point of the curve: its table line, CSV row and JSON object */
static void model_point(double rate, int dec, const qm_result *r, FILE *cf, cJSON *jp)
{
    if (r->saturated) printf("%-12.*f %10s %10s %10s %8s  saturated (%s)\n", dec, rate, "-", "-", "-", "-", r->why);
    else
        printf("%-12.*f %10.2f %10.2f %10.2f %8.3f  ok\n", dec, rate, r->latency, r->network_latency, r->source_wait,
               r->vbar);
    if (cf && r->saturated) fprintf(cf, "%.8g,,,,,1\n", rate); /* blank, as compare's CSV leaves them */
    else if (cf)
        fprintf(cf, "%.8g,%.8g,%.8g,%.8g,%.6g,0\n", rate, r->latency, r->network_latency, r->source_wait, r->vbar);
    if (jp) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "rate", rate);
        cJSON_AddBoolToObject(o, "saturated", r->saturated);
        if (!r->saturated) {
            cJSON_AddNumberToObject(o, "latency", r->latency);
            cJSON_AddNumberToObject(o, "network_latency", r->network_latency);
            cJSON_AddNumberToObject(o, "source_wait", r->source_wait);
            cJSON_AddNumberToObject(o, "vbar", r->vbar);
        }
        cJSON_AddItemToArray(jp, o);
    }
}

/* one Markdown row: experiment | variant | zero load | saturation | latency at 50 % and 80 % of it;
 * 0, or 1 after printing why not */
static int model_summary_row(const model_opts *o, qm_params *p, qm_kind kind, int variant, double zl, double sat)
{
    char e[400];
    FILE *f = fopen(o->summary, "a");
    if (!f) return cli_fail("cannot append to the summary file");
    qm_result r50, r80;
    p->rate = 0.5 * sat;
    qm_solve(p, &r50);
    p->rate = 0.8 * sat;
    qm_solve(p, &r80);
    fprintf(f, "| %s | %s | %.2f | %.5g | %.2f | %.2f |\n", o->title ? o->title : qm_name(kind), variant_name(variant), zl,
            sat, r50.latency, r80.latency);
    if (cli_close_out(f, o->summary, e, sizeof e)) return cli_fail(e);
    return 0;
}

int cmd_model(int argc, char **argv)
{
    char *args[CLI_MAX_ARGS], *rest[CLI_MAX_ARGS];
    int nargs, nrest;
    model_keys mk;
    if (argc > CLI_MAX_ARGS) return cli_fail("too many arguments");
    if (split_model_keys(argc, argv, &mk, args, &nargs)) return 1;
    if (!mk.have_model) return cli_fail("model needs model=duato-nbc|swft|timeout|dor-comb");
    sim_config c;
    const char *range = NULL;
    if (cli_build_config(nargs, args, &c, rest, &nrest, &range)) return 1;
    if (config_given(&c, "routing") && model_routing[mk.kind].routing && !model_matches(mk.kind, c.routing)) {
        char e[600]; /* the model ignores the routing: a mismatch is a mistake, not a request */
        snprintf(e, sizeof e, "model %s describes %s, not routing %s; leave routing out or give routing=%s",
                 qm_name(mk.kind), model_routing[mk.kind].describes, c.routing, model_routing[mk.kind].routing);
        return cli_fail(e);
    }
    /* keys the model would silently ignore (it computes from the others) */
    char e[600];
    if ((c.faults > 0 || c.fault_nodes[0]) && mk.kind != QM_SWFT) {
        snprintf(e, sizeof e, "model %s describes a network without faults: faulty nodes do not apply (model swft is the "
                 "one with faults)", qm_name(mk.kind));
        return cli_fail(e);
    }
    if (c.fault_file[0]) return cli_fail("model counts the faulty nodes of faults or fault_nodes; give one of those");
    model_opts o = {0};
    if (model_options(rest, nrest, &o)) return 1;
    int variant = mk.variant_given ? mk.variant : VAR_SEED;
    if (variant == VAR_BOTH) return cli_fail("model shows one variant at a time (variant = seed or refined)");
    const char *rr = described_routing(mk.kind, VAR_REFINED);
    if (variant == VAR_REFINED && config_given(&c, "routing") && rr && has_refined(mk.kind, rr) &&
        !has_refined(mk.kind, c.routing)) {
        snprintf(e, sizeof e, "the refined %s model describes routing %s, not %s", qm_name(mk.kind), rr, c.routing);
        return cli_fail(e);
    }
    char um[400];
    if (unmodelled(&c, mk.kind, variant, um, sizeof um)) {
        snprintf(e, sizeof e, "the %s %s model does not describe %s (it would change nothing here; `flitnet compare` "
                 "simulates them beside the model)", variant_name(variant), qm_name(mk.kind), um);
        return cli_fail(e);
    }
    /* the plot's name is checked before the model is solved and printed (cli_build_config
     * checked that every output can be written) */
    if (o.plot && !plot_writable(o.plot, e, sizeof e)) return cli_fail(e);
    qm_params p;
    if (to_qm(&c, &mk, variant, &p, e, sizeof e)) return cli_fail(e);
    double sat = qm_saturation_rate(&p, 1e-6), zl = qm_zero_load(&p);
    double *rates = NULL;
    int dec = 6;
    /* one rate on the command line: the model at that rate alone, not the default grid */
    char one[128];
    if (!range && (config_given(&c, "rate") || config_given(&c, "flit_rate"))) {
        char v[40];
        config_format_double(v, sizeof v, c.rate); /* messages/node/cycle, also when given as flit_rate */
        snprintf(one, sizeof one, "rate=%s:%s:%s", v, v, v); /* the step sets the decimals shown */
        range = one;
    }
    int n = rates_for(range, sat, c.msg_len, &rates, &dec);
    if (range == one && n == 1) /* one rate: shown with the decimals it was given with */
        for (dec = 1; dec < 12 && fabs(round(rates[0] * pow(10, dec)) / pow(10, dec) - rates[0]) > 1e-12 * rates[0]; dec++) {}
    if (n < 0) return 1;
    qm_result *res = calloc((size_t)n, sizeof *res);
    if (!res) {
        free(rates);
        return cli_fail("out of memory");
    }
    char shape[64];
    config_shape(&c, shape, sizeof shape);
    printf("model %s (%s): %s, V=%d, M=%g (%s), %s traffic\n", qm_name(mk.kind), variant_name(variant), shape, c.vcs, c.msg_len, c.msg_len_dist == LEN_EXP ? "exp" : "fixed",
           config_traffic_name(c.traffic));
    if (variant == VAR_REFINED)
        printf("describes this simulator's router with routing %s (docs/models.md)\n", described_routing(mk.kind, variant));
    else
        printf("describes %s\n", model_routing[mk.kind].describes);
    if (mk.kind == QM_TIMEOUT)
        printf("time-out tau = %g cycles (%s)\n", p.tau,
               mk.tau_given ? "tau" : c.timeout ? "the key timeout" : "M, the paper's; tau=N or timeout=N sets it");
    printf("zero-load latency %.4f cycles; saturation rate %.6g messages/node/cycle (%.5g flits/node/cycle)\n", zl,
           sat, sat * c.msg_len);
    if (sat * c.msg_len > 1) /* a node injects at most one flit per cycle: the model does not bound that */
        printf("note: that is above the injection channel's 1 flit/node/cycle, which this model does not bound "
               "(docs/models.md)\n");
    printf("%-12s %10s %10s %10s %8s  %s\n", "rate", "latency", "network", "src_wait", "vbar", "status");
    FILE *cf = NULL;
    if (o.csv && !(cf = report_csv_open(o.csv, "rate,latency,network_latency,source_wait,vbar,saturated"))) {
        free(rates);
        free(res);
        char e[600];
        snprintf(e, sizeof e, "cannot write '%s'", o.csv);
        return cli_fail(e);
    }
    cJSON *jp = NULL, *jo = o.json ? model_json_doc(&c, mk.kind, variant, zl, sat, &jp) : NULL;
    double *lat = calloc((size_t)n, sizeof(double));
    qm_curve(&p, rates, n, res); /* the points as one series: each starts from the last */
    for (int i = 0; i < n; i++) {
        if (lat) lat[i] = res[i].saturated ? NAN : res[i].latency;
        model_point(rates[i], dec, &res[i], cf, jp);
    }
    free(res);
    int rc = 0;
    int finite = 0;
    for (int i = 0; lat && i < n; i++) finite += isfinite(lat[i]) != 0;
    if (o.plot && lat && !finite) { /* gnuplot has nothing to draw: say why rather than fail in its words */
        printf("plot: %s not written: every rate of the range is past the model's saturation rate %g\n", o.plot, sat);
    } else if (o.plot && lat) {
        char t[512];
        plot_curve cv = {variant == VAR_REFINED ? "refined model" : "seed model", rates, lat, n, -1};
        snprintf(t, sizeof t, "%s%smodel %s (%s), %s, V=%d, M=%g", o.title ? o.title : "", o.title ? ": " : "",
                 qm_name(mk.kind), variant_name(variant), shape, c.vcs, c.msg_len);
        if (sweep_plot(o.plot, t, NULL, 0, &cv, 1, NULL, e, sizeof e)) rc = cli_fail(e);
        else printf("plot: %s\n", o.plot);
    }
    free(rates);
    free(lat);
    if (cf && report_csv_close(cf, o.csv, e, sizeof e)) rc = cli_fail(e);
    else if (cf) printf("csv: %s\n", o.csv); /* where the files went, as sweep and compare say */
    if (o.summary && model_summary_row(&o, &p, mk.kind, variant, zl, sat)) rc = 1;
    if (jo) {
        int w = report_json_write(jo, o.json, 0, e, sizeof e);
        if (w == -1) {
            snprintf(e, sizeof e, "cannot write the JSON file '%s'", o.json);
            rc = cli_fail(e);
        }
        else if (w) rc = cli_fail(e);
        else printf("json: %s\n", o.json);
    }
    return rc;
}

/* the options of compare, and what its runs share */
typedef struct {
    const char *plot, *throughput, *csv, *summary, *title;
    int jobs;
    int multi;            /* several routings: one CSV with a routing column, one plot */
    FILE *cf;
} cmp_opts;

/* what one routing's comparison leaves for the plots */
typedef struct {
    char routing[32];
    sweep_point *pts;
    int n;
    int nv, vars[2];
    double *mr[2], *ml[2]; /* the model curves, 101 points each */
    sim_config c;
} cmp_run;

static void cmp_run_free(cmp_run *r)
{
    free(r->pts);
    for (int v = 0; v < 2; v++) {
        free(r->mr[v]);
        free(r->ml[v]);
    }
}

/* the model compared with the configuration's routing (mk->kind, from the routing unless
 * given), checked to describe that routing; 0, or 1 after printing why not */
static int compare_pick_model(const sim_config *c, model_keys *mk)
{
    char e[600];
    if (!mk->have_model) {
        if (!strcmp(c->routing, "dor") || !strcmp(c->routing, "dor_escape")) mk->kind = QM_DOR_COMB;
        else if (!strcmp(c->routing, "duato_nbc")) mk->kind = QM_DUATO_NBC;
        else if (!strcmp(c->routing, "swft")) mk->kind = QM_SWFT;
        else if (!strcmp(c->routing, "duato") && c->topology == TOPO_HYPERCUBE) mk->kind = QM_TIMEOUT;
        else {
            snprintf(e, sizeof e, "no model matches routing %s; give model=NAME", c->routing);
            return cli_fail(e);
        }
    }
    const char *want = model_routing[mk->kind].routing;
    if (!want) {
        snprintf(e, sizeof e,
                 "the simulator has no routing for model %s yet (it describes %s); `flitnet model` shows the model alone",
                 qm_name(mk->kind), model_routing[mk->kind].describes);
        return cli_fail(e);
    }
    if (!model_matches(mk->kind, c->routing)) {
        snprintf(e, sizeof e, "model %s describes %s; run it with routing=%s (got %s)", qm_name(mk->kind),
                 model_routing[mk->kind].describes, want, c->routing);
        return cli_fail(e);
    }
    if (mk->kind == QM_TIMEOUT) { /* the model's tau is the simulator's time-out */
        mk->tau = c->timeout;
        mk->tau_given = 1;
    }
    const int with_faults = c->faults > 0 || c->fault_nodes[0] || c->fault_file[0];
    if (with_faults && mk->kind != QM_SWFT) {
        snprintf(e, sizeof e, "model %s describes a network without faults, and this run has faulty nodes (the swft "
                 "model is the one with faults)", qm_name(mk->kind));
        return cli_fail(e);
    }
    if (c->fault_file[0]) return cli_fail("compare counts the faulty nodes of faults or fault_nodes; give one of those");
    return 0;
}

/* the options of one comparison: into o (shared by the routings) and sp (this sweep's);
 * 0, or 1 after printing why not */
static int compare_options(char **rest, int nrest, cmp_opts *o, sweep_spec *sp)
{
    char e[600];
    for (int i = 0; i < nrest; i++) {
        if (!strcmp(rest[i], "--summary") && i + 1 < nrest) o->summary = rest[++i];
        else if (!strcmp(rest[i], "-j") && i + 1 < nrest) {
            long j;
            if (cli_parse_long(rest[++i], 1, 256, &j)) return cli_fail("-j needs a number of workers in 1..256");
            sp->jobs = (int)j;
        } else if (!strcmp(rest[i], "--csv") && i + 1 < nrest) o->csv = rest[++i];
        else if (!strcmp(rest[i], "--plot") && i + 1 < nrest) o->plot = rest[++i];
        else if (!strcmp(rest[i], "--throughput") && i + 1 < nrest) o->throughput = rest[++i];
        else if (!strcmp(rest[i], "--title") && i + 1 < nrest) o->title = sp->title = rest[++i];
        else {
            snprintf(e, sizeof e, "unknown option '%s'", rest[i]);
            return cli_fail(e);
        }
    }
    return 0;
}

/* the errors of the models against the measurement, below 70 % of the measured
 * saturation rate (the seeds' steady-state claim) and below 80 % (the refined model's goal) */
typedef struct {
    double mae[2], mae80[2];
    int cnt[2], cnt80[2];
    int msat_below[2];    /* points below 70 % where the model saturated */
} cmp_errors;

/* the table of measured and model latencies per point, and its CSV rows; sat_meas is the
 * measured saturation rate, or NAN when not reached */
static void compare_table(const cmp_opts *o, const sim_config *c, sweep_point *pts, int n, int dr, qm_params *qp, int nv,
                          const int *vars, double sat_meas, cmp_errors *ce)
{
    printf("\n%-12s %10s %8s", "rate", "measured", "ci95");
    for (int v = 0; v < nv; v++) printf(" %10s %8s", variant_name(vars[v]), "error");
    printf("\n");
    memset(ce, 0, sizeof *ce);
    const int any_sat = !isnan(sat_meas);
    const double lim = any_sat ? 0.7 * sat_meas : INFINITY, lim80 = any_sat ? 0.8 * sat_meas : INFINITY;
    for (int i = 0; i < n; i++) {
        sweep_point *pt = &pts[i];
        if (pt->ok != 1) continue;
        /* a point that measured no message (or too few batches for an interval) shows "-"
         * and stays out of the errors, as sweep shows it */
        const int measured = isfinite(pt->avg_latency), has_ci = isfinite(pt->latency_ci95);
        char ms[32] = "-", cs[32] = "-";
        if (measured) snprintf(ms, sizeof ms, "%.2f", pt->avg_latency);
        if (has_ci) snprintf(cs, sizeof cs, "%.2f", pt->latency_ci95);
        printf("%-12.*f %10s %8s", dr, pt->rate, ms, cs);
        if (o->cf) {
            if (o->multi) fprintf(o->cf, "%s,", c->routing);
            fprintf(o->cf, "%.8g,", pt->rate);
            if (measured) fprintf(o->cf, "%.8g", pt->avg_latency);
            fprintf(o->cf, ",");
            if (has_ci) fprintf(o->cf, "%.6g", pt->latency_ci95);
            fprintf(o->cf, ",%s", pt->saturated ? "saturated" : "ok");
        }
        qm_result r[2];
        for (int v = 0; v < nv; v++) {
            qp[v].rate = pt->rate;
            qm_solve(&qp[v], &r[v]);
            if (r[v].saturated) {
                printf(" %10s %8s", "saturated", "-");
                if (pt->rate < lim && !pt->saturated) ce->msat_below[v]++;
                continue;
            }
            double err = (r[v].latency - pt->avg_latency) / pt->avg_latency;
            if (!measured) {
                printf(" %10.2f %8s", r[v].latency, "-");
                continue;
            }
            printf(" %10.2f %+7.1f%%", r[v].latency, 100 * err);
            if (pt->rate < lim && !pt->saturated) {
                ce->mae[v] += fabs(err);
                ce->cnt[v]++;
            }
            if (pt->rate < lim80 && !pt->saturated) {
                ce->mae80[v] += fabs(err);
                ce->cnt80[v]++;
            }
        }
        /* the CSV's model columns: this run's variants, or (several routings) seed then refined */
        for (int w = 0; o->cf && w < (o->multi ? 2 : nv); w++) {
            int v = o->multi ? -1 : w;
            for (int j = 0; o->multi && j < nv; j++)
                if (vars[j] == w) v = j;
            if (v < 0 || r[v].saturated) fprintf(o->cf, ",,");
            else if (!measured) fprintf(o->cf, ",%.8g,", r[v].latency);
            else fprintf(o->cf, ",%.8g,%.6g", r[v].latency, (r[v].latency - pt->avg_latency) / pt->avg_latency);
        }
        printf("%s\n", pt->saturated ? "  (measured: saturated)" : "");
        if (o->cf) fprintf(o->cf, "\n");
    }
}

/* the measured saturation and each model's against it, with the errors */
static void compare_verdict(int nv, const int *vars, const double *msat, double sat_meas, double peak, double msg_len,
                            const cmp_errors *ce)
{
    const int any_sat = !isnan(sat_meas);
    printf("\n");
    if (any_sat && sat_meas == peak)
        printf("measured saturation rate %.4g messages/node/cycle (peak accepted throughput %.5f flits/node/cycle)\n",
               sat_meas, peak * msg_len);
    else if (any_sat) /* the peak fell outside the table's bracket: the bracket's end it is nearest */
        printf("measured saturation rate %.4g messages/node/cycle (the %s point %s; the peak accepted throughput, "
               "%.5f flits/node/cycle = %.4g messages/node/cycle, lies %s it)\n",
               sat_meas, peak < sat_meas ? "last" : "first", peak < sat_meas ? "below saturation" : "saturated",
               peak * msg_len, peak, peak < sat_meas ? "below" : "above");
    else
        printf("measured saturation: not reached in this range (errors below use every point)\n");
    for (int v = 0; v < nv; v++) {
        printf("%-8s model: saturation rate %.4g", variant_name(vars[v]), msat[v]);
        if (any_sat) printf(" (%+.1f%% vs measured)", 100 * (msat[v] - sat_meas) / sat_meas);
        if (ce->cnt[v])
            printf("; mean absolute error %.2f%% over %d point%s below %s", 100 * ce->mae[v] / ce->cnt[v], ce->cnt[v],
                   ce->cnt[v] == 1 ? "" : "s", any_sat ? "70% of the measured saturation rate" : "the end of the range");
        if (any_sat && ce->cnt80[v]) printf(", %.2f%% over %d below 80%%", 100 * ce->mae80[v] / ce->cnt80[v], ce->cnt80[v]);
        if (ce->msat_below[v])
            printf("; the model saturated at %d measured point%s below 70%%", ce->msat_below[v],
                   ce->msat_below[v] == 1 ? "" : "s");
        printf("\n");
    }
}

/* one Markdown row: experiment | measured saturation | per variant: saturation (error), MAE < 70 %, < 80 %;
 * 0, or 1 after printing why not */
static int compare_summary_row(const char *path, const char *title, const char *routing, int nv, const int *vars,
                               const double *msat, double sat_meas, const cmp_errors *ce)
{
    const int any_sat = !isnan(sat_meas);
    char e[600];
    /* one Markdown row: experiment | measured saturation | per variant: saturation (error), MAE < 70 %, < 80 % */
    FILE *f = fopen(path, "a");
    if (!f) {
        snprintf(e, sizeof e, "cannot append to '%s'", path);
        return cli_fail(e);
    }
    fprintf(f, "| %s | %s | ", title ? title : "compare", routing);
    if (any_sat) fprintf(f, "%.5g |", sat_meas);
    else fprintf(f, "not reached |");
    for (int v = 0; v < 2; v++) {
        int vi = -1;
        for (int j = 0; j < nv; j++)
            if (vars[j] == v) vi = j;
        if (vi < 0) { fprintf(f, " - | - | - |"); continue; }
        if (any_sat) fprintf(f, " %.5g (%+.1f%%) |", msat[vi], 100 * (msat[vi] - sat_meas) / sat_meas);
        else fprintf(f, " %.5g |", msat[vi]);
        /* without a measured saturation both shares are of every point: one value, said so */
        if (ce->cnt[vi]) fprintf(f, " %.2f%%%s |", 100 * ce->mae[vi] / ce->cnt[vi], any_sat ? "" : " (every point)");
        else fprintf(f, " - |");
        if (ce->cnt80[vi] && any_sat) fprintf(f, " %.2f%% |", 100 * ce->mae80[vi] / ce->cnt80[vi]);
        else fprintf(f, " - |");
    }
    fprintf(f, "\n");
    if (cli_close_out(f, path, e, sizeof e)) return cli_fail(e);
    return 0;
}

/* which variants a comparison draws: the seed's always, the refined one where it exists;
 * the count, or -1 (said) when the asked variant does not describe the routing */
static int compare_variants(const model_keys *mk, const char *routing, int vars[2])
{
    int nv = 0;
    if (!mk->variant_given || mk->variant == VAR_BOTH) {
        vars[nv++] = VAR_SEED;
        if (has_refined(mk->kind, routing)) vars[nv++] = VAR_REFINED;
        return nv;
    }
    if (mk->variant == VAR_REFINED && !has_refined(mk->kind, routing)) {
        char e[256];
        snprintf(e, sizeof e, "the refined %s model does not describe routing %s%s", qm_name(mk->kind), routing,
                 mk->kind == QM_DOR_COMB ? " (it models routing=dor)" : "");
        cli_fail(e);
        return -1;
    }
    vars[nv++] = mk->variant;
    return nv;
}

/* the CSV opens before the first sweep, so a path it cannot write costs no simulation */
static int compare_open_csv(cmp_opts *o, int nv, const int vars[2])
{
    if (!o->csv || o->cf) return 0;
    char header[128] = "routing,rate,measured,ci95,status,seed,seed_error,refined,refined_error";
    if (!o->multi) {
        size_t l = (size_t)snprintf(header, sizeof header, "rate,measured,ci95,status");
        for (int v = 0; v < nv; v++)
            l += (size_t)snprintf(header + l, sizeof header - l, ",%s,%s_error", variant_name(vars[v]), variant_name(vars[v]));
    }
    if (!(o->cf = report_csv_open(o->csv, header))) {
        char e[600];
        snprintf(e, sizeof e, "cannot write '%s'", o->csv);
        return cli_fail(e);
    }
    return 0;
}

/* what is compared with what: the network, and what each model describes (the seed model
 * the paper's router, the refined one this simulator's) */
static void compare_print_header(const sim_config *c, const model_keys *mk, int nv, const int vars[2],
                                 const char *left_out)
{
    char shape[64], um[400];
    const qm_kind kind = mk->kind;
    config_shape(c, shape, sizeof shape);
    printf("compare: simulation vs model %s; %s, V=%d, B=%d, M=%g (%s), routing %s, %s traffic\n", qm_name(kind), shape,
           c->vcs, c->buf_depth, c->msg_len, c->msg_len_dist == LEN_EXP ? "exp" : "fixed", c->routing,
           config_traffic_name(c->traffic));
    for (int v = 0; v < nv; v++) {
        if (vars[v] == VAR_SEED) printf("the seed model describes %s\n", model_routing[kind].describes);
        else printf("the refined model describes this router with routing %s (docs/models.md)\n", c->routing);
        /* what the simulation runs with and the model leaves out: part of any difference */
        if (unmodelled(c, kind, vars[v], um, sizeof um))
            printf("  not in the %s model: %s\n", variant_name(vars[v]), um);
    }
    if (kind == QM_TIMEOUT) printf("the model's time-out tau = %g cycles: the simulator's timeout\n", mk->tau);
    if (left_out[0]) printf("%s\n", left_out);
    printf("\n");
}

/* the measured saturation rate, when some point saturated (NAN otherwise): where the
 * accepted throughput peaks, *best (flits/node/cycle), kept between the last point below
 * saturation and the first saturated one ([*lo, *hi]: a peak measured over a finite window
 * can fall just outside, and a saturation rate outside its own table's bracket would
 * contradict it) */
static double measured_saturation(const sweep_point *pts, int n, double msg_len, double *best, double *lo, double *hi)
{
    *best = 0;
    *lo = 0;
    *hi = INFINITY;
    for (int i = 0; i < n; i++)
        if (pts[i].ok == 1) {
            if (pts[i].accepted_flit_rate > *best) *best = pts[i].accepted_flit_rate;
            if (pts[i].saturated && pts[i].rate < *hi) *hi = pts[i].rate;
        }
    if (isinf(*hi)) return NAN;
    for (int i = 0; i < n; i++)
        if (pts[i].ok == 1 && !pts[i].saturated && pts[i].rate < *hi && pts[i].rate > *lo) *lo = pts[i].rate;
    const double peak = *best / msg_len;
    return peak < *lo ? *lo : peak > *hi ? *hi : peak;
}

/* each model's curve for the plot, finer than the measured points: 101 rates up to top */
static int compare_model_curves(cmp_run *out, qm_params *qp, int nv, double top)
{
    for (int v = 0; v < nv; v++) {
        out->mr[v] = malloc(sizeof(double) * 101);
        out->ml[v] = malloc(sizeof(double) * 101);
        if (!out->mr[v] || !out->ml[v]) return cli_fail("out of memory");
        qm_result r[101];
        for (int i = 0; i <= 100; i++) out->mr[v][i] = top * i / 100.0 + (i ? 0 : top * 1e-4);
        qm_curve(&qp[v], out->mr[v], 101, r); /* one series: each point starts from the last */
        for (int i = 0; i <= 100; i++) out->ml[v][i] = r[i].saturated ? NAN : r[i].latency;
    }
    return 0;
}

/* one routing's comparison: its configuration and models checked (dry: only that),
 * then its sweep, table, CSV rows, verdict, summary row and model curves into *out;
 * 0, or 1 after printing why not */
static int compare_one(int nargs, char **args, model_keys mk, cmp_opts *o, cmp_run *out, int dry)
{
    char *rest[CLI_MAX_ARGS];
    int nrest;
    sim_config c;
    const char *range = NULL;
    if (cli_build_config(nargs, args, &c, rest, &nrest, &range)) return 1;
    char e[600];
    if (mk.tau_given)
        return cli_fail("compare takes the time-out from the simulator's key timeout=N (tau is for `flitnet model`)");
    if (mk.pf_given)
        return cli_fail("compare takes the faults from the simulator's keys faults or fault_nodes (fault_prob is for "
                        "`flitnet model`)");
    if (compare_pick_model(&c, &mk)) return 1;
    if (!range) return cli_fail("compare needs rate=A:B:STEP (or flit_rate=A:B:STEP)");
    sweep_spec sp = {0};
    sp.jobs = 1;
    if (sweep_parse_range(strchr(range, '=') + 1, &sp, e, sizeof e)) return cli_fail(e);
    sp.flit_unit = sweep_range_in_flits(range);
    if (compare_options(rest, nrest, o, &sp)) return 1;
    /* what the runs would refuse, refused before the header and the CSV */
    if (sweep_check_range(&c, &sp, e, sizeof e)) return cli_fail(e);
    int vars[2], nv = compare_variants(&mk, c.routing, vars);
    if (nv < 0) return 1;
    qm_params qp[2];
    double msat[2];
    /* the default pair draws the variants that cover the configuration; one asked for
     * must cover it */
    const int asked = mk.variant_given && mk.variant != VAR_BOTH;
    char left_out[500] = "", first_err[400] = "";
    int kept = 0;
    for (int v = 0; v < nv; v++) {
        char ve[400];
        if (to_qm(&c, &mk, vars[v], &qp[kept], ve, sizeof ve)) {
            if (asked) return cli_fail(ve);
            if (!first_err[0]) snprintf(first_err, sizeof first_err, "%s", ve);
            snprintf(left_out, sizeof left_out, "the %s model is left out: %s", variant_name(vars[v]), ve);
            continue;
        }
        vars[kept] = vars[v];
        msat[kept] = qm_saturation_rate(&qp[kept], 1e-6);
        kept++;
    }
    if (!kept) return cli_fail(first_err);
    nv = kept;
    if ((o->plot && !plot_writable(o->plot, e, sizeof e)) ||
        (o->throughput && !plot_writable(o->throughput, e, sizeof e)))
        return cli_fail(e);
    if (o->summary && cli_writable(o->summary)) return 1;
    if (dry) return 0; /* every routing is checked before the first one runs */
    if (compare_open_csv(o, nv, vars)) return 1;
    compare_print_header(&c, &mk, nv, vars, left_out);
    sweep_point *pts;
    int n;
    if (sweep_run(&c, &sp, &pts, &n, e, sizeof e)) return cli_fail(e);
    out->pts = pts;
    out->n = n;
    out->c = c;
    snprintf(out->routing, sizeof out->routing, "%s", c.routing);
    out->nv = nv;
    for (int v = 0; v < nv; v++) out->vars[v] = vars[v];
    int none_ran, frc = sweep_report_failures(pts, n, &none_ran);
    if (frc && none_ran) return frc;
    double best, lo, hi, sat_meas = measured_saturation(pts, n, c.msg_len, &best, &lo, &hi);
    const double rstep = sp.flit_unit ? sp.step / c.msg_len : sp.step, rfrom = sp.flit_unit ? sp.from / c.msg_len : sp.from;
    const int dr = sweep_rate_decimals(rfrom, rstep);
    cmp_errors ce;
    compare_table(o, &c, pts, n, dr, qp, nv, vars, sat_meas, &ce);
    compare_verdict(nv, vars, msat, sat_meas, best / c.msg_len, c.msg_len, &ce);
    if (o->summary && compare_summary_row(o->summary, sp.title, c.routing, nv, vars, msat, sat_meas, &ce)) return 1;
    if (o->plot && compare_model_curves(out, qp, nv, pts[n - 1].rate)) return 1;
    return 0;
}

/* the plots of one or several routings' comparisons */
static int compare_plots(const cmp_opts *o, cmp_run *runs, int nr, const char *model_name)
{
    plot_series series[4];
    plot_curve curves[8];
    char cname[8][96];
    int nc = 0;
    const sim_config *c = &runs[0].c;
    for (int k = 0; k < nr; k++) {
        series[k] = (plot_series){nr > 1 ? runs[k].routing : NULL, runs[k].pts, runs[k].n};
        for (int v = 0; o->plot && v < runs[k].nv; v++, nc++) {
            const char *vn = runs[k].vars[v] == VAR_REFINED ? "refined model" : "seed model";
            if (nr > 1) snprintf(cname[nc], sizeof cname[nc], "%.31s %s", runs[k].routing, vn);
            else snprintf(cname[nc], sizeof cname[nc], "%.31s", vn);
            curves[nc] = (plot_curve){cname[nc], runs[k].mr[v], runs[k].ml[v], 101, nr > 1 ? k : -1};
        }
    }
    plot_axes ax = {c->msg_len, 0};
    for (int i = 0; i < runs[0].n && c->traffic == TR_UNIFORM && !ax.capacity; i++)
        if (runs[0].pts[i].ok == 1) ax.capacity = runs[0].pts[i].capacity;
    char title[512], shape[64], e[600];
    config_shape(c, shape, sizeof shape);
    if (o->title) snprintf(title, sizeof title, "%s", o->title);
    else if (nr == 1)
        snprintf(title, sizeof title, "%s, V=%d, M=%g, %s: simulation vs %s model", shape, c->vcs, c->msg_len,
                 c->routing, model_name);
    else {
        size_t l = (size_t)snprintf(title, sizeof title, "%s, V=%d, M=%g: ", shape, c->vcs, c->msg_len);
        for (int k = 0; k < nr && l < sizeof title; k++)
            l += (size_t)snprintf(title + l, sizeof title - l, "%s%s", k ? " vs " : "", runs[k].routing);
        if (l < sizeof title) snprintf(title + l, sizeof title - l, ", simulation and models");
    }
    if (o->plot) {
        if (sweep_plot(o->plot, title, series, nr, curves, nc, &ax, e, sizeof e)) return cli_fail(e);
        printf("plot: %s\n", o->plot);
    }
    if (o->throughput) {
        if (sweep_plot_throughput(o->throughput, title, series, nr, &ax, e, sizeof e)) return cli_fail(e);
        printf("throughput plot: %s\n", o->throughput);
    }
    return 0;
}

int cmd_compare(int argc, char **argv)
{
    char *args[CLI_MAX_ARGS];
    int nargs;
    model_keys mk;
    if (argc > CLI_MAX_ARGS) return cli_fail("too many arguments");
    if (split_model_keys(argc, argv, &mk, args, &nargs)) return 1;
    /* routing=a,b,...: one comparison per routing on the same network, drawn together */
    char *routings[4], rlist[256] = "", rarg[4][64];
    int nr = 0, rpos = -1;
    for (int i = 0; i < nargs; i++)
        if (!strncmp(args[i], "routing=", 8) && strchr(args[i], ',')) {
            if (strlen(args[i] + 8) >= sizeof rlist) return cli_fail("routing list too long");
            snprintf(rlist, sizeof rlist, "%s", args[i] + 8);
            rpos = i;
        }
    if (rpos >= 0) {
        /* not strtok: "dor,,nbc" and "dor," would lose their empty element silently */
        for (char *tok = rlist, *next; tok; tok = next) {
            next = strchr(tok, ',');
            if (next) *next++ = 0;
            if (!*tok) return cli_fail("routing: an empty name in the list (routings are separated by single commas)");
            for (int j = 0; j < nr; j++)
                if (!strcmp(routings[j], tok)) return cli_fail("routing: the list names a routing twice");
            if (nr == 4) return cli_fail("compare takes at most 4 routings at a time");
            routings[nr++] = tok;
        }
        if (mk.have_model) return cli_fail("compare with several routings picks each one's model; leave model= out");
    }
    cmp_opts o = {0};
    o.multi = nr > 1;
    cmp_run runs[4];
    memset(runs, 0, sizeof runs);
    int rc = 0, done = 0;
    for (int k = 0; k < nr && !rc; k++) { /* a bad routing fails before any simulation */
        snprintf(rarg[k], sizeof rarg[k], "routing=%s", routings[k]);
        args[rpos] = rarg[k];
        cmp_opts dry = o;
        rc = compare_one(nargs, args, mk, &dry, &runs[k], 1);
    }
    for (int k = 0; k < (nr ? nr : 1) && !rc; k++) {
        if (nr) {
            args[rpos] = rarg[k];
            if (k) printf("\n");
        }
        rc = compare_one(nargs, args, mk, &o, &runs[k], 0);
        done = k + 1; /* a failed run may hold its points too: freed below */
    }
    char e[400];
    if (o.cf && report_csv_close(o.cf, o.csv, e, sizeof e) && !rc) rc = cli_fail(e);
    if (!rc && (o.plot || o.throughput)) {
        qm_kind kind = mk.kind;
        if (!mk.have_model && !strcmp(runs[0].routing, "duato_nbc")) kind = QM_DUATO_NBC;
        else if (!mk.have_model && !strcmp(runs[0].routing, "swft")) kind = QM_SWFT;
        else if (!mk.have_model && !strcmp(runs[0].routing, "duato")) kind = QM_TIMEOUT;
        else if (!mk.have_model) kind = QM_DOR_COMB;
        rc = compare_plots(&o, runs, done, qm_name(kind));
    }
    if (!rc && o.csv) printf("csv: %s\n", o.csv);
    for (int k = 0; k < done; k++) cmp_run_free(&runs[k]);
    return rc;
}
