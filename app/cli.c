/* cli.c: see cli.h. */
#include "cli.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *fail_context;
void cli_fail_context(const char *context) { fail_context = context; }

int cli_fail(const char *msg)
{
    /* a message may quote the user's bytes (a binary config): no control characters on the terminal */
    fputs("flitnet: ", stderr);
    if (fail_context) fputs(fail_context, stderr);
    for (const unsigned char *p = (const unsigned char *)msg; *p; p++) fputc(*p < 0x20 || *p == 0x7f ? '?' : *p, stderr);
    fputc('\n', stderr);
    return 1;
}

int cli_close_out(FILE *f, const char *path, char *err, size_t errlen)
{
    int bad = ferror(f);
    if (fclose(f)) bad = 1;
    if (!bad) return 0;
    snprintf(err, errlen, "writing '%s' failed: %s", path, errno ? strerror(errno) : "write error");
    return -1;
}

int cli_path_writable(const char *path, char *err, size_t errlen)
{
    /* neither created nor truncated here: a command refused later leaves the file as it was */
    struct stat st;
    if (!stat(path, &st)) {
        if (S_ISDIR(st.st_mode)) errno = EISDIR;
        else if (!access(path, W_OK)) return 0;
    } else if (errno == ENOENT) {
        char dir[4096];
        const char *slash = strrchr(path, '/');
        if (!slash) snprintf(dir, sizeof dir, ".");
        else snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
        if (!access(dir, W_OK | X_OK)) return 0;
    }
    snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
    return -1;
}

int cli_writable(const char *path)
{
    char e[600];
    return cli_path_writable(path, e, sizeof e) ? cli_fail(e) : 0;
}

int cli_parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    if (!s || !(*s >= '0' && *s <= '9')) return -1; /* no sign, no blank: strtol would take them */
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

/* the options followed by a value, and those of them whose value is a file written */
static const char *const valued[] = {"--json", "--csv",        "--plot", "-j",   "--title",  "--summary",
                                     "--vcd",  "--vcd-window", "--throughput", "--jobs", "--heatmap", "--seeds"};
static const char *const outputs[] = {"--json", "--csv", "--plot", "--summary", "--vcd", "--throughput", "--heatmap"};

static int in_list(const char *a, const char *const *list, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (!strcmp(a, list[k])) return 1;
    return 0;
}
static int takes_value(const char *a) { return in_list(a, valued, sizeof valued / sizeof *valued); }

void cli_output_identity(const char *path, char *out, size_t len)
{
    char cur[PATH_MAX], buf[PATH_MAX];
    snprintf(cur, sizeof cur, "%s", path);
    /* a link whose target does not exist yet is the file it will create: followed link by
     * link (as many as the kernel follows) to the first name that is not a link */
    for (int hop = 0; hop < 40; hop++) {
        if (realpath(cur, buf)) {
            snprintf(out, len, "%s", buf);
            return;
        }
        struct stat st;
        char target[PATH_MAX];
        if (lstat(cur, &st) || !S_ISLNK(st.st_mode)) break;
        ssize_t n = readlink(cur, target, sizeof target - 1);
        if (n <= 0) break;
        target[n] = 0;
        const char *slash = strrchr(cur, '/');
        char next[2 * PATH_MAX];
        if (target[0] == '/' || !slash) snprintf(next, sizeof next, "%s", target);
        else snprintf(next, sizeof next, "%.*s/%s", (int)(slash - cur), cur, target);
        if (strlen(next) >= sizeof cur) break;
        memcpy(cur, next, strlen(next) + 1);
    }
    const char *slash = strrchr(cur, '/');
    char dir[PATH_MAX];
    if (!slash) snprintf(dir, sizeof dir, ".");
    else snprintf(dir, sizeof dir, "%.*s", slash == cur ? 1 : (int)(slash - cur), cur);
    if (!realpath(dir, buf)) snprintf(buf, sizeof buf, "%s", dir);
    snprintf(out, len, "%s/%s", buf, slash ? slash + 1 : cur);
}

/* The options with a value, each given once (a second would silently replace the first);
 * of them, those that name a file the command writes: each must name one that can be
 * written, and no two the same file (the second would overwrite the first, and both be
 * reported as written). Checked before any run. "-" (standard output, where an option
 * takes it) is not a file. */
static int options_usable(char **rest, int nrest, const char *const *inputs, const char *const *input_names, int ninputs)
{
    char err[2 * PATH_MAX + 600], a[PATH_MAX + 256], b[PATH_MAX + 256];
    for (int i = 0; i < nrest; i++) {
        if (!takes_value(rest[i])) continue;
        const char *o = rest[i], *p = rest[i + 1]; /* cli_build_config put the value after it */
        for (int j = 0; j < i; j++)
            if (takes_value(rest[j]) && !strcmp(rest[j], o)) {
                snprintf(err, sizeof err, "option '%s' is given twice ('%.200s' and '%.200s'): give it once", o,
                         rest[j + 1], p);
                return cli_fail(err);
            } else if (takes_value(rest[j])) {
                j++;
            }
        i++;
        /* a title goes into plots, CSV-adjacent files and sweep.args, one line each */
        if (!strcmp(o, "--title"))
            for (const char *q = p; *q; q++)
                if ((unsigned char)*q < 0x20 || *q == 0x7f) {
                    snprintf(err, sizeof err, "--title: a title is one line of text (it holds a control character)");
                    return cli_fail(err);
                }
        if (!in_list(o, outputs, sizeof outputs / sizeof *outputs)) continue;
        if (!*p) {
            snprintf(err, sizeof err, "option '%s' needs a file name (got an empty one)", o);
            return cli_fail(err);
        }
        if (!strcmp(p, "-")) continue;
        char why[PATH_MAX + 300];
        if (cli_path_writable(p, why, sizeof why)) {
            snprintf(err, sizeof err, "%s: %s", o, why);
            return cli_fail(err);
        }
        cli_output_identity(p, a, sizeof a);
        /* an output over a file the run reads would lose it (a symbolic link too) */
        for (int k = 0; k < ninputs; k++) {
            if (!inputs[k] || !*inputs[k]) continue;
            cli_output_identity(inputs[k], b, sizeof b);
            if (!strcmp(a, b)) {
                snprintf(err, sizeof err, "%s '%.200s' is the run's %s: give the output its own file", o, p,
                         input_names[k]);
                return cli_fail(err);
            }
        }
        for (int j = 0; j < i - 1; j++) {
            if (!takes_value(rest[j])) continue;
            const int out = in_list(rest[j], outputs, sizeof outputs / sizeof *outputs);
            j++;
            if (!out || !strcmp(rest[j], "-")) continue;
            cli_output_identity(rest[j], b, sizeof b);
            if (!strcmp(a, b)) {
                snprintf(err, sizeof err, "%s and %s both write '%s': give each its own file", rest[j - 1], o, p);
                return cli_fail(err);
            }
        }
    }
    return 0;
}

int cli_build_config(int argc, char **argv, sim_config *c, char **rest, int *nrest, const char **range)
{
    char err[CFG_ERR];
    config_defaults(c);
    if (argc > CLI_MAX_ARGS) {
        snprintf(err, sizeof err, "too many arguments (%d; at most %d)", argc, CLI_MAX_ARGS);
        return cli_fail(err);
    }
    int first = 1, had_config = 0;
    const char *cfg_path = NULL; /* the config file, an input no output may write over */
    const char *single = NULL; /* a single rate on the command line beside a range */
    *nrest = 0;
    for (int i = 0; i < argc; i++) {
        char *a = argv[i];
        char *eq = strchr(a, '=');
        if (a[0] == '-') {
            rest[(*nrest)++] = a;
            if (takes_value(a)) {
                if (i + 1 >= argc) {
                    snprintf(err, sizeof err, "option '%s' needs a value", a);
                    return cli_fail(err);
                }
                rest[(*nrest)++] = argv[++i];
            }
            continue;
        }
        if (!eq) {
            if (!first) {
                if (had_config) snprintf(err, sizeof err, "unexpected argument '%s' (only one config file)", a);
                else snprintf(err, sizeof err, "config file '%s' after a key=value argument: give it first (the keys then override it)", a);
                return cli_fail(err);
            }
            if (config_load(c, a, err, sizeof err)) return cli_fail(err);
            cfg_path = a;
            first = 0;
            had_config = 1;
            continue;
        }
        first = 0;
        *eq = 0;
        const char *val = eq + 1;
        /* the key without blanks, as config_set reads it (" rate =" is rate) */
        const char *key = a;
        const size_t kl = config_trim(&key);
        const int is_rate = (kl == 4 && !strncmp(key, "rate", 4)) || (kl == 9 && !strncmp(key, "flit_rate", 9));
        if (range && is_rate && strchr(val, ':')) {
            *eq = '=';
            if (*range) {
                snprintf(err, sizeof err, "two rate ranges given ('%s' and '%s'): give one", *range, a);
                return cli_fail(err);
            }
            *range = a;
            continue;
        }
        if (range && is_rate) single = argv[i];
        if (config_set(c, a, val, err, sizeof err)) { *eq = '='; return cli_fail(err); }
        *eq = '=';
    }
    if (range && *range && single) { /* the range sets every point's load: the single one would be dropped */
        snprintf(err, sizeof err, "'%.100s' and the range '%.100s' both set the load: give one", single, *range);
        return cli_fail(err);
    }
    if (config_resolve(c, err, sizeof err)) return cli_fail(err);
    const char *const inputs[] = {cfg_path, c->fault_file, c->trace},
                      *const names[] = {"config file", "fault_file", "trace"};
    return options_usable(rest, *nrest, inputs, names, 3);
}

