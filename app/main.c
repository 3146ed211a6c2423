/* main.c: the flitnet command line.
 *   flitnet sim   [CONFIG] [key=value ...] [--json FILE] [--vcd FILE [--vcd-window A:B]] [--heatmap FILE] [--shuffle-order] [--per-router] [--check-invariants[=N]]
 *   flitnet sweep [CONFIG] [key=value ...] rate=A:B:STEP [-j N] [--csv FILE] [--plot FILE] [--all]
 *   flitnet model [CONFIG] model=NAME [key=value ...] [rate=A:B:STEP] [--csv FILE] [--json FILE]
 *   flitnet compare [CONFIG] [model=NAME] [key=value ...] rate=A:B:STEP [-j N] [--csv FILE] [--plot FILE]
 *   flitnet faults [CONFIG] [key=value ...] [--vcs | --seeds A:B]
 *   flitnet cdg [CONFIG] [key=value ...] [--seeds A:B]
 *   flitnet bench [cycles=N] [--points | --scale | --models]
 *   flitnet routings
 *   flitnet help | version
 * Exit codes: 0 done (saturation is a result, not an error), 1 bad input, 2 deadlock,
 * 3 a message arrived corrupted (a simulator bug). */
#include "bench.h"
#include "cli.h"
#include "progress.h"
#include "modelcmd.h"
#include "config.h"
#include "faultcmd.h"
#include "heatmap.h"
#include "report.h"
#include "route.h"
#include "sim.h"
#include "sweep.h"
#include "sweepcmd.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* every command: its usage, what it does, and whether it takes the configuration keys;
 * `flitnet help`, `flitnet CMD --help` and the README's list (tests/suites/readme_keys.sh) agree */
static const struct { const char *cmd, *usage, *what; int keys; } cmd_help[] = {
    {"sim", "flitnet sim [CONFIG] [key=value ...] [--json FILE] [--vcd FILE [--vcd-window A:B]] [--heatmap FILE] [--shuffle-order] [--per-router] [--check-invariants[=N]]",
     "one run: a summary on stdout; --json writes every measurement, --vcd the routers' waves for cycles A..B (by "
     "default the first 100 cycles of an 8x8 V=10 network, up to 1000 on smaller ones), --heatmap a map of the "
     "node loads (.svg or .png; 1-D and 2-D networks, faulty and disabled nodes marked); --shuffle-order evaluates the "
     "nodes in a random order each cycle and --per-router steps the routers one at a time instead of stage by stage "
     "(results must not change with either); --check-invariants checks the routers' state (credits, owners, masks; "
     "c_model/router/invariants.h) after every N-th cycle (every cycle without =N) and stops at the first broken one, "
     "naming it, the router and the cycle; a run longer than 3 s shows its cycle on a terminal",
     1},
    {"sweep", "flitnet sweep [CONFIG] [key=value ...] rate=A:B:STEP [-j N | --jobs DIR] [--csv FILE] [--plot FILE] "
              "[--throughput FILE] [--title T] [--all]",
     "runs over a range of rates (or flit_rate=A:B:STEP) in N worker processes and stops at the first saturated point "
     "(--all: runs them all); --plot draws latency with its 95 % CI, --throughput accepted vs offered load (.svg or "
     ".png); --jobs DIR runs nothing and writes DIR/jobs.txt (one `flitnet sim` per point, for GNU parallel) and "
     "DIR/sweep.sbatch (a SLURM job array)", 1},
    {"merge", "flitnet merge DIR [--csv FILE] [--plot FILE] [--throughput FILE] [--title T] [--all]",
     "the table, CSV and plots of a `sweep --jobs DIR` from the points' JSON files, whatever machines wrote them; "
     "names the points still missing", 0},
    {"model", "flitnet model [CONFIG] model=NAME [variant=seed|refined] [tau=T] [fault_prob=P] [key=value ...] "
              "[rate=A:B:STEP] [--csv FILE] [--json FILE] [--plot FILE] [--title T] [--summary FILE]",
     "a queueing model's latency curve, zero-load latency and saturation rate for the configuration (docs/models.md); "
     "without rate= a round grid up to the model's saturation; --summary appends a Markdown row", 1},
    {"compare", "flitnet compare [CONFIG] [model=NAME] [variant=seed|refined|both] [key=value ...] rate=A:B:STEP [-j N] "
                "[--csv FILE] [--plot FILE] [--throughput FILE] [--title T] [--summary FILE]",
     "the simulated sweep beside the matching models, with the error per point and below 70%/80% of the measured "
     "saturation; routing=a,b,... (up to 4) compares each routing with its own model, in one table each and on one "
     "plot; --summary appends a Markdown row per routing", 1},
    {"faults", "flitnet faults [CONFIG] [key=value ...] [--vcs | --seeds A:B]",
     "the fault map a configuration asks for: faulty and disabled nodes, regions, f-rings and the sides of each ring "
     "that rerouted messages use. The set depends on the fault keys and the topology only, the same for every "
     "routing. The f-ring layer (Chalasani-Boppana fault rings, docs/microarchitecture.md 6.5) is deadlock-free by "
     "construction for every fault set of the block model (faulty nodes closed into boxes whose rings close, "
     "fault-free nodes connected), over every routing but swft, with 2n ring VCs (4 on a 2-D torus or mesh) on top of "
     "the routing's own minimum; --vcs prints that least vcs for every routing on the configuration's topology; "
     "--seeds A:B the distribution of disabled nodes over the drawn sets of fault_seed A..B, beside the plain block "
     "closure of their faulty nodes", 1},
    {"cdg", "flitnet cdg [CONFIG] [key=value ...] [--seeds A:B]",
     "proves delivery, livelock freedom and an acyclic escape channel-dependency graph (Duato's extended graph) for "
     "the configuration and its fault set; exit 2 with one cycle of channels when there is none; --seeds A:B checks "
     "the drawn set of every fault_seed from A to B and stops at the first that fails (a seed none of whose 1000 "
     "draws gives a set of the block model is refused, as a run of it is, and counted apart)", 1},
    {"bench", "flitnet bench [cycles=N] [--points | --scale | --models]", "cycles/s, flit-hops/s, instructions per flit-hop (where the hardware counts them) and peak memory of fixed cases, one thread; cycles=N per case, 20000 to 1e9 (default 100000); --points: only the bisected rates; --scale: only the large networks (64x64, 128x128, 16x16x16, 2^14 hypercube); --models: only the queueing models' saturation rates and curves", 0},
    {"routings", "flitnet routings",
     "the routing registry, one line a routing, for scripts: its name, then code (the RTL's ROUTING parameter), "
     "levels (2: timeout= applies), minimal (every route a minimal path), escape_set (escape_vcs= sets its escape "
     "VCs) and faults (fring: the f-ring layer wraps it; software: it reroutes in node software)", 0},
    {"help", "flitnet help [CMD]", "every command, key, model key and routing; with CMD, as `flitnet CMD --help`", 0},
    {"version", "flitnet version", "the program's version", 0},
};
#define NCMDS (sizeof cmd_help / sizeof cmd_help[0])

/* the keys of `model` and `compare` that are not configuration keys */
static const struct { const char *key, *values, *help; } model_key_help[] = {
    {"model", "NAME", "duato-nbc ([1], [2]), swft ([3]), timeout ([4]) or dor-comb ([5]); compare picks it from "
                      "the routing"},
    {"variant", "seed", "seed (the paper's model as read in docs/models.md), refined (this router; dor-comb with "
                        "routing=dor, duato-nbc) or, for compare, both (the default there: each that exists)"},
    {"tau", "timeout", "model only: the time-out of the timeout model (default: the key timeout, or M when 0); "
                       "compare takes timeout="},
    {"fault_prob", "0", "model only: the probability that a node is faulty (swft model, when there is no faults=)"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: flitnet COMMAND ...   (flitnet COMMAND --help: that command alone)\n");
    for (size_t i = 0; i < NCMDS; i++) fprintf(f, "  %s\n", cmd_help[i].usage);
    fprintf(f, "CONFIG is a file of `key = value` lines; key=value arguments override it.\n");
}

static void print_keys(void)
{
    printf("\nkeys (default):\n");
    sim_config c;
    config_defaults(&c);
    for (int i = 0; config_key_name(i); i++) {
        char v[CFG_VALUE_MAX];
        config_value(&c, i, v);
        printf("  %-16s %-10s %s\n", config_key_name(i), v, config_key_help(i));
    }
}

static void print_model_keys(void)
{
    printf("\nmodel keys (model, compare; default):\n");
    for (size_t i = 0; i < sizeof model_key_help / sizeof model_key_help[0]; i++)
        printf("  %-16s %-10s %s\n", model_key_help[i].key, model_key_help[i].values, model_key_help[i].help);
}

/* `flitnet routings`: the registry as scripts read it (tests/lib/registry.sh) */
static int cmd_routings(int argc, char **argv)
{
    if (argc > 0) {
        char e[200];
        snprintf(e, sizeof e, "routings takes no arguments (got '%s')", argv[0]);
        return cli_fail(e);
    }
    for (int i = 0; route_at(i); i++) {
        const route_algo *a = route_at(i);
        printf("%s code=%d levels=%d minimal=%d escape_set=%d faults=%s\n", a->name, a->code, a->levels, a->minimal,
               a->escape_set, a->reroute ? "software" : "fring");
    }
    return 0;
}

static void print_routings(void)
{
    printf("\nrouting algorithms (docs/microarchitecture.md §6):\n");
    for (int i = 0; route_at(i); i++) printf("  %-16s %s\n", route_at(i)->name, route_at(i)->summary);
    printf("fault handling: fault_handling = fring (any routing but swft) or software (swft; dor as its other name)\n");
    printf("[1]-[5]: the papers under References in README.md\n");
}

/* text in lines of at most 100 columns, each after `indent` spaces but the first */
static void print_wrapped(const char *text, int indent)
{
    int col = indent;
    const char *p = text;
    while (*p) {
        size_t w = strcspn(p, " ");
        if (col > indent && col + 1 + (int)w > 100) {
            printf("\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            putchar(' ');
            col++;
        }
        printf("%.*s", (int)w, p);
        col += (int)w;
        p += w;
        while (*p == ' ') p++;
    }
    putchar('\n');
}

static void help(void)
{
    usage(stdout);
    printf("\ncommands:\n");
    for (size_t i = 0; i < NCMDS; i++) {
        printf("  %-8s ", cmd_help[i].cmd);
        print_wrapped(cmd_help[i].what, 11);
    }
    print_keys();
    print_model_keys();
    print_routings();
}

static int cmd_sim(int argc, char **argv)
{
    sim_config c;
    char *rest[CLI_MAX_ARGS];
    int nrest;
    if (argc > 60) return cli_fail("too many arguments");
    if (cli_build_config(argc, argv, &c, rest, &nrest, NULL)) return 1;
    const char *json = NULL, *heat = NULL;
    sim_options opt = {.vcd_auto_window = 1};
    for (int i = 0; i < nrest; i++) {
        if (!strcmp(rest[i], "--json") && i + 1 < nrest) json = rest[++i];
        else if (!strcmp(rest[i], "--heatmap") && i + 1 < nrest) heat = rest[++i];
        else if (!strcmp(rest[i], "--shuffle-order")) opt.shuffle_order = 1;
        else if (!strcmp(rest[i], "--per-router")) opt.per_router = 1;
        else if (!strcmp(rest[i], "--check-invariants")) opt.check_invariants = 1;
        else if (!strncmp(rest[i], "--check-invariants=", 19)) {
            const char *v = rest[i] + 19;
            char *end;
            errno = 0;
            long n = strtol(v, &end, 10);
            if (!*v || *end || errno || n < 1 || n > INT_MAX || strspn(v, "0123456789") != strlen(v))
                return cli_fail("--check-invariants=N needs a count of cycles from 1 up");
            opt.check_invariants = (int)n;
        }
        else if (!strcmp(rest[i], "--vcd") && i + 1 < nrest) opt.vcd = rest[++i];
        else if (!strcmp(rest[i], "--vcd-window") && i + 1 < nrest) {
            const char *w = rest[++i];
            char *mid, *end = NULL;
            errno = 0;
            /* digits only: strtoull would take "-5" as a huge cycle; beyond 64 bits is refused, not clamped */
            unsigned long long a = strtoull(w, &mid, 10), b = *mid == ':' ? strtoull(mid + 1, &end, 10) : 0;
            if (strspn(w, "0123456789:") != strlen(w) || mid == w || *mid != ':' || end == mid + 1 || *end || errno ||
                b < a)
                return cli_fail("--vcd-window needs FROM:TO cycles with FROM <= TO (64-bit numbers)");
            opt.vcd_from = a;
            opt.vcd_to = b;
            opt.vcd_auto_window = 0;
        }
        else {
            char e[300];
            snprintf(e, sizeof e, "unknown option '%s'", rest[i]);
            return cli_fail(e);
        }
    }
    if (!opt.vcd_auto_window && !opt.vcd) return cli_fail("--vcd-window needs --vcd FILE");
    if (json && cli_writable(json)) return 1;
    /* (with drain = 1 the run goes on past `cycles` until the network is empty) */
    if (opt.vcd && !opt.vcd_auto_window && !c.drain && opt.vcd_from >= (uint64_t)c.cycles) {
        char e[300];
        snprintf(e, sizeof e, "--vcd-window starts at cycle %llu, after the run's last cycle %ld (cycles = %ld)",
                 (unsigned long long)opt.vcd_from, c.cycles - 1, c.cycles);
        return cli_fail(e);
    }
    sim_result r;
    char err[CFG_ERR];
    if (heat && heatmap_check(&c, heat, err, sizeof err)) return cli_fail(err); /* before the run: a bad path costs none */
    if (sim_run(&c, &opt, &r, err, sizeof err)) return cli_fail(err);
    report_summary(stdout, &c, &r);
    int heat_failed = 0;
    if (heat && !r.cycles) { /* no load was measured: a blank map would pass for one */
        printf("heat map     %s: not written: the run was not simulated (saturated at once)\n", heat);
    } else if (heat && r.cycles <= (uint64_t)c.warmup) {
        printf("heat map     %s: not written: the run stopped at cycle %llu, before its measurement window (warm-up %ld)\n",
               heat, (unsigned long long)r.cycles - 1, c.warmup);
    } else if (heat) {
        double peak;
        int px, py;
        if (heatmap_write(heat, &c, &r, &peak, &px, &py, err, sizeof err)) {
            fprintf(stderr, "flitnet: %s\n", err);
            heat_failed = 1;
        } else {
            printf("heat map     %s: node loads, the peak %.4f at (%d,%d)\n", heat, peak, px, py);
        }
    }
    if (opt.vcd) { /* waves can be large: say where they went and how much was written */
        struct stat sb;
        double mb = stat(opt.vcd, &sb) ? 0 : (double)sb.st_size / 1e6;
        if (!r.cycles) /* refused as saturated without a cycle simulated */
            printf("waves        %s: %.1f MB, no cycle: the run was not simulated (saturated at once)\n", opt.vcd, mb);
        else if (r.vcd_from >= r.cycles) /* a run that stopped early (saturated) before the window */
            printf("waves        %s: %.1f MB, no cycle: the run stopped at cycle %llu, before the window\n", opt.vcd, mb,
                   (unsigned long long)r.cycles - 1);
        else
            printf("waves        %s: %.1f MB, cycles %llu..%llu%s\n", opt.vcd, mb, (unsigned long long)r.vcd_from,
                   (unsigned long long)(r.vcd_to < r.cycles ? r.vcd_to : r.cycles - 1),
                   opt.vcd_auto_window ? " (the default window; --vcd-window A:B for others)" : "");
    }
    int rc = r.deadlock ? 2 : r.corrupt ? 3 : heat_failed;
    if (json && report_json(json, &c, &r)) {
        fprintf(stderr, "flitnet: cannot write '%s'\n", json);
        rc = 1;
    }
    /* r.cycles counts the cycles run; the deadlock was found in the last of them, as the report says */
    if (r.deadlock)
        fprintf(stderr, "flitnet: deadlock detected at cycle %llu (report above)\n", (unsigned long long)r.cycles - 1);
    sim_result_free(&r);
    return rc;
}

static int run_command(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 1;
    }
    const char *cmd = argv[1];
    const int is_help = !strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h");
    const int asks_help = argc >= 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"));
    const int help_cmd = is_help && argc == 3 && !asks_help; /* help CMD: as CMD --help */
    if (help_cmd) cmd = argv[2];
    if (asks_help || help_cmd)
        for (size_t i = 0; i < NCMDS; i++)
            if (!strcmp(cmd, cmd_help[i].cmd)) {
                printf("usage: %s\n", cmd_help[i].usage);
                print_wrapped(cmd_help[i].what, 0);
                if (cmd_help[i].keys) {
                    printf("CONFIG is a file of `key = value` lines; key=value arguments override it.\n");
                    print_keys();
                    if (!strcmp(cmd, "model") || !strcmp(cmd, "compare")) print_model_keys();
                    print_routings();
                }
                return 0;
            }
    if (!strcmp(cmd, "sim")) return cmd_sim(argc - 2, argv + 2);
    if (!strcmp(cmd, "sweep")) return cmd_sweep(argc - 2, argv + 2);
    if (!strcmp(cmd, "merge")) return cmd_merge(argc - 2, argv + 2);
    if (!strcmp(cmd, "bench")) return bench_main(argc - 2, argv + 2);
    if (!strcmp(cmd, "faults")) return cmd_faults(argc - 2, argv + 2);
    if (!strcmp(cmd, "cdg")) return cmd_cdg(argc - 2, argv + 2);
    if (!strcmp(cmd, "routings")) return cmd_routings(argc - 2, argv + 2);
    if (!strcmp(cmd, "model")) return cmd_model(argc - 2, argv + 2);
    if (!strcmp(cmd, "compare")) return cmd_compare(argc - 2, argv + 2);
    char e[400], names[200] = ""; /* the commands, from the table: one list for both messages below */
    for (size_t i = 0; i < NCMDS; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", cmd_help[i].cmd);
    if (help_cmd) {
        snprintf(e, sizeof e, "help: no command '%s' (expected %s)", cmd, names);
        return cli_fail(e);
    }
    if (is_help || !strcmp(cmd, "version") || !strcmp(cmd, "--version")) {
        if (argc > 2) {
            if (is_help) snprintf(e, sizeof e, "help takes one command name at most (got '%s%s')", argv[2], argc > 3 ? " ..." : "");
            else snprintf(e, sizeof e, "%s takes no arguments (got '%s')", cmd, argv[2]);
            return cli_fail(e);
        }
        if (is_help) help();
        else printf("flitnet %s\n", FLITNET_VERSION);
        return 0;
    }
    snprintf(e, sizeof e, "unknown command '%s' (expected %s; see `flitnet help`)", cmd, names);
    return cli_fail(e);
}

int main(int argc, char **argv)
{
    /* long set-ups and runs show where they are, on a terminal (progress.h) */
    progress_enable(isatty(2));
    int rc = run_command(argc, argv);
    /* stdout to a full device or a closed pipe: say so rather than exit 0 */
    errno = 0;
    if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "flitnet: writing the output failed: %s\n", errno ? strerror(errno) : "write error");
        if (!rc) rc = 1;
    }
    return rc;
}
