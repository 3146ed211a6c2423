/* config.c: see config.h. */
#include "config.h"
#include "textfile.h"
#include "faults.h"
#include "route.h"
#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { T_INT, T_LONG, T_U64, T_DBL, T_ENUM, T_STR, T_INTLIST, T_DBLLIST, T_TOPO, T_FAULTS };

typedef struct {
    const char *name;
    int type;
    size_t off;
    const char *const *enums; /* NULL-terminated names for T_ENUM */
    double lo, hi;            /* range for numbers */
    const char *help;
} key_def;

static const char *const e_bool[] = {"0", "1", NULL};
static const char *const e_select[] = {"first", "random", NULL};
static const char *const e_len[] = {"fixed", "exp", NULL};
static const char *const e_proc[] = {"poisson", "bernoulli", NULL};
static const char *const e_fh[] = {"auto", "fring", "software", NULL};
static const char *const e_full[] = {"stop", "drop", NULL};
static const char *const e_traffic[] = {"uniform", "transpose", "bitcomp", "bitrev", "shuffle", "tornado",
                                        "neighbor", "hotspot", "locality", "trace", NULL};

#define OFF(f) offsetof(sim_config, f)
static const key_def keys[] = {
    {"topology", T_TOPO, OFF(topology), NULL, 0, 0, "torus | torus_uni | mesh | hypercube"},
    {"k", T_INTLIST, OFF(k), NULL, 2, 255, "radix: one value for all dimensions, or a comma list (one per dimension)"},
    {"n", T_INT, OFF(n), NULL, 1, MAX_DIMS, "dimensions"},
    {"vcs", T_INT, OFF(vcs), NULL, 1, 32, "virtual channels per physical channel (V)"},
    {"buf_depth", T_INT, OFF(buf_depth), NULL, 1, 64, "input buffer depth per VC, flits (B)"},
    {"obuf_depth", T_INT, OFF(obuf_depth), NULL, 1, 64, "output buffer depth per VC, flits (Bo)"},
    {"routing", T_STR, OFF(routing), NULL, 0, 0, "routing algorithm, one of those listed under 'routing algorithms'"},
    {"dateline", T_ENUM, OFF(dateline), e_bool, 0, 0, "1: Dally-Seitz dateline VC classes on tori; 0: off for dor and swft (deadlock-prone; refused for the others on tori)"},
    {"select", T_ENUM, OFF(select), e_select, 0, 0, "selection among free candidate VCs: first | random (router LFSR)"},
    {"msg_len", T_DBL, OFF(msg_len), NULL, 1, 65535, "message length M in flits (mean if msg_len_dist = exp)"},
    {"msg_len_dist", T_ENUM, OFF(msg_len_dist), e_len, 0, 0, "fixed | exp (geometric on 1,2,... with mean M)"},
    {"rate", T_DBL, OFF(rate), NULL, -1e300, 1e9, "offered load: messages/node/cycle (lambda_g)"},
    {"flit_rate", T_DBL, OFF(flit_rate), NULL, -1e300, 1e9, "offered load in flits/node/cycle (alternative to rate)"},
    {"process", T_ENUM, OFF(process), e_proc, 0, 0, "arrivals: poisson | bernoulli (at most one message per cycle)"},
    {"traffic", T_ENUM, OFF(traffic), e_traffic, 0, 0,
     "uniform | transpose | bitcomp | bitrev | shuffle | tornado | neighbor | hotspot | locality | trace"},
    {"hotspot", T_INT, OFF(hotspot), NULL, 0, MAX_NODES - 1, "hotspot node id (traffic = hotspot)"},
    {"hotspot_frac", T_DBL, OFF(hotspot_frac), NULL, 0, 1, "fraction of messages sent to the hotspot"},
    {"locality_alpha", T_DBL, OFF(locality_alpha), NULL, 0, 1e9,
     "locality: p_i proportional to alpha^i for hop distance i (Khonsari et al. [4])"},
    {"locality_p", T_DBLLIST, OFF(locality_p), NULL, 0, 1, "locality: explicit p_1,p_2,... by hop distance (overrides alpha)"},
    {"trace", T_STR, OFF(trace), NULL, 0, 0, "trace file of `cycle src dst length` lines (traffic = trace)"},
    {"cycles", T_LONG, OFF(cycles), NULL, 1, 1e12, "simulated cycles (measurement ends here)"},
    {"warmup", T_LONG, OFF(warmup), NULL, 0, 1e12,
     "warm-up cycles discarded from the statistics (auto: cycles/10, at most 10000)"},
    {"seed", T_U64, OFF(seed), NULL, 0, 0, "random seed (traffic and router LFSRs)"},
    {"drain", T_ENUM, OFF(drain), e_bool, 0, 0, "1: after `cycles`, stop generating and run until the network is empty"},
    {"batches", T_INT, OFF(batches), NULL, 2, 1000,
     "batches for the batch-means confidence interval (default 10; 30 with precision)"},
    {"stop_saturated", T_INT, OFF(stop_saturated), NULL, 0, 1,
     "1: a run whose backlog keeps growing stops there as saturated (not drained); 0: it is reported saturated "
     "but runs all its cycles, and drains with drain = 1 (stress runs past saturation)"},
    {"precision", T_DBL, OFF(precision), NULL, 0, 1,
     "stop early once the 95 % CI of the mean latency is within this share of the mean (e.g. 0.01), checked at "
     "batch ends from the 10th batch on; 0 = off (run all cycles)"},
    {"deadlock_cycles", T_LONG, OFF(deadlock_cycles), NULL, 10, 1e12,
     "watchdog period: VCs stuck this long waiting only on each other are a deadlock; a network where nothing "
     "moved for timeout + 8 cycles (or this long, if shorter) is one at once"},
    {"max_queue", T_LONG, OFF(max_queue), NULL, 1, 1e8,
     "the longest source queue, in messages (source_full says what a message beyond it does)"},
    {"source_full", T_ENUM, OFF(source_full), e_full, 0, 0,
     "stop: a message generated at a full source queue stops the run as saturated; drop: it is dropped and counted, "
     "and the run goes on, so that an overloaded network's accepted throughput is measured (a load too high to "
     "simulate with stop is then simulated)"},
    {"timeout", T_INT, OFF(timeout), NULL, 0, 65535,
     "time-out selection: a waiting head may take an escape (level-1) VC only after this many cycles; 0 = off"},
    {"escape_vcs", T_INT, OFF(escape_vcs), NULL, 0, 32,
     "duato_* routings: escape VCs 0..E-1 for the hop classes (0: one per class); the rest are adaptive"},
    {"faults", T_FAULTS, OFF(faults), NULL, 0, MAX_NODES - 1,
     "faulty nodes drawn at random: a count, or P% of the nodes (rounded half up); redrawn while outside the fault model"},
    {"fault_nodes", T_STR, OFF(fault_nodes), NULL, 0, 0, "faulty nodes by id, a comma list (instead of faults)"},
    {"fault_file", T_STR, OFF(fault_file), NULL, 0, 0,
     "faulty nodes from a file: one per line, an id or coordinates c0,c1[,c2]; # comments"},
    {"fault_handling", T_ENUM, OFF(fault_handling), e_fh, 0, 0,
     "auto | fring (Chalasani-Boppana f-rings over any routing) | software (swft); auto: software for swft, else fring"},
    {"fault_seed", T_U64, OFF(fault_seed), NULL, 0, 0, "seed of the random fault set"},
    {"reinject_delay", T_LONG, OFF(reinject_delay), NULL, 0, 1e9,
     "swft: cycles the node software holds a rerouted message before it may leave (Delta)"},
    {"threads", T_INT, OFF(threads), NULL, 0, 256,
     "threads that step the routers of one run (results identical for every value); 0 = one per CPU online"},
};
#define NKEYS (int)(sizeof keys / sizeof keys[0])

void config_defaults(sim_config *c)
{
    memset(c, 0, sizeof *c);
    c->topology = TOPO_TORUS;
    c->n = 2;
    c->nk = 1;
    c->k[0] = 8;
    c->vcs = 10;
    c->buf_depth = 1;
    c->obuf_depth = 1;
    strcpy(c->routing, "dor");
    c->dateline = 1;
    c->select = 1;
    c->msg_len = 64;
    c->msg_len_dist = LEN_FIXED;
    c->rate = 0.002;
    c->process = PROC_POISSON;
    c->traffic = TR_UNIFORM;
    c->hotspot_frac = 0.1;
    c->locality_alpha = 0.5;
    c->cycles = 300000;
    c->threads = 1;
    c->warmup = -1; /* auto: set from cycles in config_resolve, unless given */
    c->seed = 1;
    c->batches = 10;
    c->deadlock_cycles = 2000;
    c->max_queue = 2000;
    c->stop_saturated = 1;
    c->fault_seed = 1;
}

static int find_key(const char *name)
{
    for (int i = 0; i < NKEYS; i++)
        if (!strcmp(keys[i].name, name)) return i;
    return -1;
}

static int parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    if (strpbrk(s, "xX")) return -1; /* decimal only: strtod would read 0x10 as 16 */
    double v = strtod(s, &end);
    if (end == s || *end || errno || !isfinite(v)) return -1;
    *out = v;
    return 0;
}

static int parse_long(const char *s, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno) {
        /* accept 3e5-style integers */
        double d;
        if (parse_double(s, &d) || d != floor(d) || fabs(d) > 9e18) return -1;
        v = (long)d;
    }
    *out = v;
    return 0;
}

/* the parsers of config_set, one per kind of key: each checks value, stores it at dst (or
 * in its fields of c) and returns 0, or -1 with the one-line reason in err */
static int set_integer(const key_def *k, const char *key, const char *value, void *dst, char *err, size_t errlen)
{
    long v;
    if (parse_long(value, &v)) {
        /* digits past what a long holds are an integer too, just out of range */
        const char *d = value + (*value == '+' || *value == '-');
        if (*d && !d[strspn(d, "0123456789")]) snprintf(err, errlen, "%s = %.40s is out of range %.0f..%.0f", key, value, k->lo, k->hi);
        else snprintf(err, errlen, "%s: '%s' is not an integer", key, value);
        return -1;
    }
    if (v < k->lo || v > k->hi) {
        snprintf(err, errlen, "%s = %ld is out of range %.0f..%.0f", key, v, k->lo, k->hi);
        return -1;
    }
    if (k->type == T_INT) *(int *)dst = (int)v;
    else *(long *)dst = v;
    return 0;
}

static int set_u64(const char *key, const char *value, void *dst, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(value, &end, 0);
    if (end == value || *end || (errno && errno != ERANGE) || value[0] == '-') {
        snprintf(err, errlen, "%s: '%s' is not an unsigned integer", key, value);
        return -1;
    }
    if (errno == ERANGE) {
        snprintf(err, errlen, "%s: %s is out of range 0..%llu", key, value, (unsigned long long)UINT64_MAX);
        return -1;
    }
    *(uint64_t *)dst = v;
    return 0;
}

static int set_double(const key_def *k, const char *key, const char *value, void *dst, char *err, size_t errlen)
{
    double v;
    if (parse_double(value, &v)) {
        /* a value can be long: it is cut, so that the reason is seen */
        snprintf(err, errlen, "%s: '%.40s%s' is %s", key, value, strlen(value) > 40 ? "..." : "",
                 errno == ERANGE ? "out of the range of a double" : "not a number");
        return -1;
    }
    if (v < k->lo || v > k->hi) {
        snprintf(err, errlen, "%s = %g is out of range %g..%g", key, v, k->lo, k->hi);
        return -1;
    }
    *(double *)dst = v;
    return 0;
}

static int set_enum(const key_def *k, const char *key, const char *value, void *dst, char *err, size_t errlen)
{
    for (int j = 0; k->enums[j]; j++)
        if (!strcmp(k->enums[j], value)) {
            *(int *)dst = j;
            return 0;
        }
    char opts[256];
    size_t o = 0;
    for (int m = 0; k->enums[m]; m++) o += (size_t)snprintf(opts + o, sizeof opts - o, m ? "|%s" : "%s", k->enums[m]);
    snprintf(err, errlen, "%s: unknown value '%s' (expected %s)", key, value, opts);
    return -1;
}

/* faults: a node count, or a percentage of the nodes ("10%") */
static int set_faults(sim_config *c, const key_def *k, const char *value, char *err, size_t errlen)
{
    char buf[64];
    size_t n = strlen(value);
    if (n && n < sizeof buf && value[n - 1] == '%') {
        double v;
        memcpy(buf, value, n - 1);
        buf[n - 1] = 0;
        if (parse_double(buf, &v) || v < 0 || v >= 100) {
            snprintf(err, errlen, "faults: '%s' is not a percentage from 0 to below 100%%", value);
            return -1;
        }
        c->fault_pct = v;
        c->faults = 0;
        return 0;
    }
    long v;
    if (parse_long(value, &v) || v < k->lo || v > k->hi) {
        snprintf(err, errlen, "faults: '%s' is not a node count (0..%.0f) or a percentage like 10%%", value, k->hi);
        return -1;
    }
    c->faults = (int)v;
    c->fault_pct = 0;
    return 0;
}

static int set_string(sim_config *c, const char *key, const char *value, char *dst, char *err, size_t errlen)
{
    size_t cap = !strcmp(key, "routing") ? sizeof c->routing : sizeof c->trace;
    if (strlen(value) >= cap) { snprintf(err, errlen, "%s: value too long", key); return -1; }
    /* here, not when the configuration is resolved: a config file's line is then named */
    if (!strcmp(key, "routing") && !route_find(value)) {
        snprintf(err, errlen, "routing: unknown value '%s' (expected %s)", value, route_names());
        return -1;
    }
    strcpy(dst, value);
    return 0;
}

/* a comma list: the radices k (integers) or locality_p (numbers) */
static int set_list(sim_config *c, const key_def *k, const char *key, const char *value, char *err, size_t errlen)
{
    char buf[1024];
    if (strlen(value) >= sizeof buf) {
        snprintf(err, errlen, "%s: value too long (at most %d characters)", key, (int)sizeof buf - 1);
        return -1;
    }
    strcpy(buf, value);
    int cnt = 0, maxn = k->type == T_INTLIST ? MAX_DIMS : CFG_MAX_LIST;
    double vals[CFG_MAX_LIST];
    /* not strtok: it would skip the empty element of "4,,4" or "4," silently */
    for (char *tok = buf, *next; tok; tok = next) {
        next = strchr(tok, ',');
        if (next) *next++ = 0;
        while (isspace((unsigned char)*tok)) tok++;
        char *e = tok + strlen(tok);
        while (e > tok && isspace((unsigned char)e[-1])) *--e = 0;
        if (!*tok) {
            snprintf(err, errlen, "%s: '%s' has an empty element (values are separated by single commas)", key, value);
            return -1;
        }
        double v;
        if (cnt >= maxn) { snprintf(err, errlen, "%s: more than %d values", key, maxn); return -1; }
        if (parse_double(tok, &v) || (k->type == T_INTLIST && v != floor(v))) {
            snprintf(err, errlen, "%s: '%s' is not a valid list element", key, tok);
            return -1;
        }
        if (v < k->lo || v > k->hi) {
            snprintf(err, errlen, "%s: value %g is out of range %g..%g", key, v, k->lo, k->hi);
            return -1;
        }
        vals[cnt++] = v;
    }
    if (!cnt) { snprintf(err, errlen, "key '%s' has no value", key); return -1; }
    if (k->type == T_INTLIST) {
        for (int j = 0; j < cnt; j++) c->k[j] = (int)vals[j];
        c->nk = cnt;
    } else {
        for (int j = 0; j < cnt; j++) c->locality_p[j] = vals[j];
        c->n_locality_p = cnt;
    }
    return 0;
}

static int config_set_trimmed(sim_config *c, const char *key, const char *value, char *err, size_t errlen);

/* a key and its value as the config file reads them, without the blanks around them: a
 * command-line "routing=dor " is the file's "routing = dor " */
size_t config_trim(const char **s)
{
    while (isspace((unsigned char)**s)) ++*s;
    size_t l = strlen(*s);
    while (l && isspace((unsigned char)(*s)[l - 1])) l--;
    return l;
}

int config_set(sim_config *c, const char *key, const char *value, char *err, size_t errlen)
{
    const size_t kl = config_trim(&key), vl = config_trim(&value);
    char *k = malloc(kl + 1), *v = malloc(vl + 1);
    int rc = -1;
    if (!k || !v) snprintf(err, errlen, "out of memory");
    else {
        memcpy(k, key, kl);
        k[kl] = 0;
        memcpy(v, value, vl);
        v[vl] = 0;
        rc = config_set_trimmed(c, k, v, err, errlen);
    }
    free(k);
    free(v);
    return rc;
}

static int config_set_trimmed(sim_config *c, const char *key, const char *value, char *err, size_t errlen)
{
    int i = find_key(key);
    if (i < 0) {
        snprintf(err, errlen, "unknown key '%s'", key);
        return -1;
    }
    const key_def *k = &keys[i];
    char *base = (char *)c + k->off;
    if (!*value && k->type != T_STR) {
        snprintf(err, errlen, "key '%s' has no value", key);
        return -1;
    }
    int rc = 0;
    switch (k->type) {
    case T_INT:
    case T_LONG:
        /* warmup's default, as the help prints it, may be given too: as if not given */
        if (k->off == OFF(warmup) && !strcmp(value, "auto")) {
            *(long *)base = -1;
            c->given[i] = 0;
            return 0;
        }
        rc = set_integer(k, key, value, base, err, errlen);
        break;
    case T_U64: rc = set_u64(key, value, base, err, errlen); break;
    case T_DBL: rc = set_double(k, key, value, base, err, errlen); break;
    case T_ENUM: rc = set_enum(k, key, value, base, err, errlen); break;
    case T_TOPO:
        if (topo_from_name(value, &c->topology)) {
            snprintf(err, errlen, "topology: unknown value '%s' (expected torus|torus_uni|mesh|hypercube)", value);
            rc = -1;
        }
        break;
    case T_FAULTS: rc = set_faults(c, k, value, err, errlen); break;
    case T_STR: rc = set_string(c, key, value, base, err, errlen); break;
    case T_INTLIST:
    case T_DBLLIST: rc = set_list(c, k, key, value, err, errlen); break;
    }
    if (rc) return -1;
    c->given[i] = 1;
    return 0;
}

typedef struct {
    sim_config *c;
    char *err;
    size_t errlen;
} load_ctx;

static int cfg_ini_line(void *user, const char *section, const char *name, const char *value)
{
    load_ctx *lc = user;
    if (section && *section) {
        snprintf(lc->err, lc->errlen, "sections ('[%s]') are not part of the format", section);
        return 0;
    }
    /* the file comes before any key=value argument, so a key it already gave is its own:
     * one of the two lines would be silently ignored */
    if (config_given(lc->c, name)) {
        snprintf(lc->err, lc->errlen, "%s is set twice in this file: keep one line", name);
        return 0;
    }
    return config_set(lc->c, name, value ? value : "", lc->err, lc->errlen) == 0;
}

int config_load(sim_config *c, const char *path, char *err, size_t errlen)
{
    FILE *f = textfile_open(path, "config file", err, errlen);
    if (!f) return -1;
    /* Strip leading blanks ourselves so that an indented line is a line of its own
     * and not a continuation (inih's multi-line mode) */
    size_t cap = 4096, len = 0;
    char *text = malloc(cap), line[4096];
    int lineno = 0;
    while (text && fgets(line, sizeof line, f)) {
        lineno++;
        size_t l = strlen(line);
        if (l == sizeof line - 1 && line[l - 1] != '\n') {
            snprintf(err, errlen, "config %s line %d: line too long", path, lineno);
            free(text);
            fclose(f);
            return -1;
        }
        char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        /* a section header, here where its line number is known (inih reports a section
         * only at the next key, and one with no key after it never) */
        if (*s == '[') {
            size_t e = strcspn(s, "\r\n");
            snprintf(err, errlen, "config %s line %d: sections ('%.*s') are not part of the format", path, lineno,
                     (int)(e < 200 ? e : 200), s);
            free(text);
            fclose(f);
            return -1;
        }
        /* `#` after a blank starts a comment too (inih knows only `;` there) */
        for (char *h = strchr(s, '#'); h; h = strchr(h + 1, '#'))
            if (h > s && (h[-1] == ' ' || h[-1] == '\t')) {
                h[0] = '\n';
                h[1] = 0;
                break;
            }
        l = strlen(s);
        if (len + l + 2 > cap) {
            cap = 2 * (len + l + 2);
            char *t = realloc(text, cap);
            if (!t) { free(text); text = NULL; break; }
            text = t;
        }
        memcpy(text + len, s, l);
        len += l;
        if (!l || s[l - 1] != '\n') text[len++] = '\n';
    }
    fclose(f);
    if (!text) { snprintf(err, errlen, "out of memory reading '%s'", path); return -1; }
    text[len] = 0;
    char inner[CFG_ERR] = "";
    load_ctx lc = {c, inner, sizeof inner};
    int r = ini_parse_string(text, cfg_ini_line, &lc);
    free(text);
    if (r > 0) {
        snprintf(err, errlen, "config %s line %d: %s", path, r,
                 inner[0] ? inner : "malformed line (expected `key = value`)");
        return -1;
    }
    if (r < 0) { snprintf(err, errlen, "cannot parse config file '%s'", path); return -1; }
    return 0;
}

int config_resolve(sim_config *c, char *err, size_t errlen)
{
    int gk = find_key("k"), gn = find_key("n");
    if (c->topology == TOPO_HYPERCUBE) {
        if (c->given[gk] && (c->nk != 1 || c->k[0] != 2)) {
            snprintf(err, errlen, "hypercube has radix 2 in every dimension (k = 2 or leave k out)");
            return -1;
        }
        c->nk = 1;
        c->k[0] = 2;
    }
    if (c->nk > 1) {
        if (c->given[gn] && c->n != c->nk) {
            snprintf(err, errlen, "k lists %d radices but n = %d", c->nk, c->n);
            return -1;
        }
        c->n = c->nk;
    } else {
        for (int d = 1; d < MAX_DIMS; d++) c->k[d] = c->k[0];
        c->nk = c->n;
    }
    if (c->n < 1) { snprintf(err, errlen, "n must be >= 1 (got %d)", c->n); return -1; }
    for (int d = 0; d < c->n; d++)
        if (c->k[d] < 2) { snprintf(err, errlen, "radix k must be >= 2 (got %d)", c->k[d]); return -1; }
    if (c->fault_pct > 0) {
        const long N = config_nodes(c);
        c->faults = faults_percent_count(c->fault_pct, (int)(N < MAX_NODES ? N : MAX_NODES));
        if (!c->faults) { /* asked for faults, and a fault-free run would answer without saying so */
            snprintf(err, errlen, "faults = %g%% of %ld nodes rounds to no faulty node (1 node is %.3g%%)", c->fault_pct, N,
                     100.0 / (double)N);
            return -1;
        }
    }
    int with_faults = c->faults > 0 || c->fault_nodes[0] || c->fault_file[0];
    if (c->fault_handling != FH_AUTO_KEY && !with_faults) {
        snprintf(err, errlen, "fault_handling = %s needs a fault set (faults, fault_nodes or fault_file)",
                 e_fh[c->fault_handling]);
        return -1;
    }
    /* the keys of a fault mechanism not in use would be silently ignored */
    /* (faults = 0 given is a series' fault-free point: its seed is harmless there) */
    if (config_given(c, "fault_seed") && !(c->faults > 0) && !config_given(c, "faults")) {
        snprintf(err, errlen, "fault_seed draws the faulty nodes of faults = F; without faults = F it has nothing to draw");
        return -1;
    }
    int gr = find_key("rate"), gf = find_key("flit_rate");
    if (c->given[gr] && c->given[gf]) { snprintf(err, errlen, "give either rate or flit_rate, not both"); return -1; }
    if (c->traffic != TR_TRACE) {
        if (c->given[gf]) {
            if (c->flit_rate <= 0) { snprintf(err, errlen, "flit_rate must be > 0 (got %g)", c->flit_rate); return -1; }
            c->rate = c->flit_rate / c->msg_len;
        } else {
            if (c->rate <= 0) { snprintf(err, errlen, "rate must be > 0 (got %g)", c->rate); return -1; }
            c->flit_rate = c->rate * c->msg_len;
        }
        if (c->process == PROC_BERNOULLI && c->rate > 1) {
            snprintf(err, errlen, "rate = %g is above 1 message/cycle, impossible for a Bernoulli process", c->rate);
            return -1;
        }
    } else if (!c->trace[0]) {
        snprintf(err, errlen, "traffic = trace needs trace = FILE");
        return -1;
    }
    if (c->msg_len < 1) { snprintf(err, errlen, "msg_len must be >= 1 (got %g)", c->msg_len); return -1; }
    if (c->msg_len_dist == LEN_FIXED && c->msg_len != floor(c->msg_len)) {
        snprintf(err, errlen, "msg_len = %g must be an integer when msg_len_dist = fixed", c->msg_len);
        return -1;
    }
    /* a short run gets a warm-up it can hold; the long default keeps its 10000 cycles */
    if (c->warmup < 0) c->warmup = c->cycles / 10 < WARMUP_MAX_AUTO ? c->cycles / 10 : WARMUP_MAX_AUTO;
    if (c->warmup >= c->cycles) {
        snprintf(err, errlen, "warmup (%ld) must be smaller than cycles (%ld)", c->warmup, c->cycles);
        return -1;
    }
    if (c->reinject_delay > c->cycles) { /* every rerouted message would wait past the end (and drain idle) */
        snprintf(err, errlen, "reinject_delay (%ld) is longer than the run (cycles = %ld)", c->reinject_delay, c->cycles);
        return -1;
    }
    if (c->precision > 0 && !config_given(c, "batches")) c->batches = PRECISION_BATCHES;
    if (c->precision > 0 && c->batches <= PRECISION_MIN_BATCHES) { /* it could never stop early */
        snprintf(err, errlen, "precision first checks the interval after %d batches: it needs batches > %d (got %d)",
                 PRECISION_MIN_BATCHES, PRECISION_MIN_BATCHES, c->batches);
        return -1;
    }
    if (c->cycles - c->warmup < c->batches) {
        snprintf(err, errlen, "the measurement window (cycles - warmup = %ld) is shorter than batches = %d",
                 c->cycles - c->warmup, c->batches);
        return -1;
    }
    /* a pattern's own keys without that pattern would be silently ignored */
    static const struct { const char *key; traffic_kind traffic; } own_keys[] = {
        {"hotspot", TR_HOTSPOT}, {"hotspot_frac", TR_HOTSPOT}, {"locality_alpha", TR_LOCALITY},
        {"locality_p", TR_LOCALITY}, {"trace", TR_TRACE}};
    for (size_t i = 0; i < sizeof own_keys / sizeof own_keys[0]; i++)
        if (config_given(c, own_keys[i].key) && c->traffic != own_keys[i].traffic) {
            snprintf(err, errlen, "%s applies to traffic = %s (traffic is %s)", own_keys[i].key, config_traffic_name(own_keys[i].traffic),
                     config_traffic_name(c->traffic));
            return -1;
        }
    /* ... and the keys of generated traffic with a trace, which sets the times and lengths */
    static const char *const gen_keys[] = {"rate", "flit_rate", "msg_len", "msg_len_dist"};
    for (size_t i = 0; c->traffic == TR_TRACE && i < sizeof gen_keys / sizeof gen_keys[0]; i++)
        if (config_given(c, gen_keys[i])) {
            snprintf(err, errlen, "%s applies to generated traffic; traffic = trace takes the times and lengths from the trace",
                     gen_keys[i]);
            return -1;
        }
    if (c->traffic == TR_LOCALITY && c->n_locality_p == 0 && c->locality_alpha <= 0) {
        snprintf(err, errlen, "locality_alpha must be > 0");
        return -1;
    }
    if (c->n_locality_p) {
        double s = 0;
        for (int i = 0; i < c->n_locality_p; i++) s += c->locality_p[i];
        if (fabs(s - 1) > 1e-6) {
            snprintf(err, errlen, "locality_p must sum to 1 (sums to %g)", s);
            return -1;
        }
    }
    return 0;
}

int config_given(const sim_config *c, const char *key)
{
    int i = find_key(key);
    return i >= 0 && c->given[i];
}

const char *config_key_name(int i) { return i >= 0 && i < NKEYS ? keys[i].name : NULL; }
const char *config_key_help(int i) { return i >= 0 && i < NKEYS ? keys[i].help : NULL; }

/* the shortest decimal that reads back as the same double */
void config_format_double(char *buf, size_t len, double v)
{
    for (int p = 6; p <= 17; p++) {
        snprintf(buf, len, "%.*g", p, v);
        if (strtod(buf, NULL) == v) return;
    }
}

void config_value(const sim_config *c, int i, char buf[CFG_VALUE_MAX])
{
    const key_def *k = &keys[i];
    const char *base = (const char *)c + k->off;
    const size_t len = CFG_VALUE_MAX;
    /* every value fits (CFG_VALUE_MAX): a list is appended number by number within it */
    _Static_assert(sizeof((sim_config *)0)->trace < CFG_VALUE_MAX && sizeof((sim_config *)0)->fault_nodes < CFG_VALUE_MAX &&
                       sizeof((sim_config *)0)->fault_file < CFG_VALUE_MAX && sizeof((sim_config *)0)->routing < CFG_VALUE_MAX,
                   "a string key longer than CFG_VALUE_MAX");
    switch (k->type) {
    case T_INT: snprintf(buf, len, "%d", *(const int *)base); break;
    case T_FAULTS:
        if (c->fault_pct > 0) {
            config_format_double(buf, len - 1, c->fault_pct);
            strcat(buf, "%");
        } else {
            snprintf(buf, len, "%d", c->faults);
        }
        break;
    case T_LONG:
        if (*(const long *)base < 0) snprintf(buf, len, "auto"); /* warmup before config_resolve */
        else snprintf(buf, len, "%ld", *(const long *)base);
        break;
    case T_U64: snprintf(buf, len, "%llu", (unsigned long long)*(const uint64_t *)base); break;
    case T_DBL: config_format_double(buf, len, *(const double *)base); break;
    case T_ENUM: snprintf(buf, len, "%s", k->enums[*(const int *)base]); break;
    case T_TOPO: snprintf(buf, len, "%s", topo_name(c->topology)); break;
    case T_STR: snprintf(buf, len, "%s", base); break;
    case T_INTLIST: {
        size_t o = 0;
        buf[0] = 0;
        for (int j = 0; j < c->nk; j++) o += (size_t)snprintf(buf + o, len - o, j ? ",%d" : "%d", c->k[j]);
        break;
    }
    case T_DBLLIST: {
        size_t o = 0;
        buf[0] = 0;
        for (int j = 0; j < c->n_locality_p; j++) {
            char d[32];
            config_format_double(d, sizeof d, c->locality_p[j]);
            o += (size_t)snprintf(buf + o, len - o, j ? ",%s" : "%s", d);
        }
        break;
    }
    }
}

const char *config_traffic_name(traffic_kind t) { return e_traffic[t]; }

long config_nodes(const sim_config *c)
{
    long N = 1;
    for (int d = 0; d < c->n; d++) N *= c->k[d];
    return N;
}

const char *config_shape(const sim_config *c, char *buf, size_t len)
{
    if (c->topology == TOPO_HYPERCUBE) {
        snprintf(buf, len, "2^%d hypercube", c->n);
        return buf;
    }
    size_t o = 0;
    buf[0] = 0;
    for (int d = 0; d < c->n && o < len; d++) o += (size_t)snprintf(buf + o, len - o, d ? "x%d" : "%d", c->k[d]);
    if (o < len) snprintf(buf + o, len - o, " %s", topo_name(c->topology));
    return buf;
}
