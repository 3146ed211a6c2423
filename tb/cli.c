/* cli.c: see cli.h. */
#include "cli.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_fail(const char *msg)
{
    /* a message may quote the user's bytes (a binary config): no control characters on the terminal */
    fputs("flitnet: ", stderr);
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

int cli_build_config(int argc, char **argv, sim_config *c, char **rest, int *nrest, const char **range)
{
    char err[CFG_ERR];
    config_defaults(c);
    if (argc > CLI_MAX_ARGS) {
        snprintf(err, sizeof err, "too many arguments (%d; at most %d)", argc, CLI_MAX_ARGS);
        return cli_fail(err);
    }
    int first = 1;
    const char *single = NULL; /* a single rate on the command line beside a range */
    *nrest = 0;
    for (int i = 0; i < argc; i++) {
        char *a = argv[i];
        char *eq = strchr(a, '=');
        if (a[0] == '-') {
            rest[(*nrest)++] = a;
            if (!strcmp(a, "--json") || !strcmp(a, "--csv") || !strcmp(a, "--plot") || !strcmp(a, "-j") ||
                !strcmp(a, "--title") || !strcmp(a, "--summary") || !strcmp(a, "--vcd") ||
                !strcmp(a, "--vcd-window") || !strcmp(a, "--throughput") || !strcmp(a, "--jobs") || !strcmp(a, "--heatmap")) {
                if (i + 1 >= argc) {
                    snprintf(err, sizeof err, "option '%s' needs a value", a);
                    return cli_fail(err);
                }
                rest[(*nrest)++] = argv[++i];
            }
            continue;
        }
        if (!eq) {
            if (!first) { snprintf(err, sizeof err, "unexpected argument '%s' (only one config file)", a); return cli_fail(err); }
            if (config_load(c, a, err, sizeof err)) return cli_fail(err);
            first = 0;
            continue;
        }
        first = 0;
        *eq = 0;
        const char *val = eq + 1;
        if (range && (!strcmp(a, "rate") || !strcmp(a, "flit_rate")) && strchr(val, ':')) {
            *eq = '=';
            if (*range) {
                snprintf(err, sizeof err, "two rate ranges given ('%s' and '%s'): give one", *range, a);
                return cli_fail(err);
            }
            *range = a;
            continue;
        }
        if (range && (!strcmp(a, "rate") || !strcmp(a, "flit_rate"))) single = argv[i];
        if (config_set(c, a, val, err, sizeof err)) { *eq = '='; return cli_fail(err); }
        *eq = '=';
    }
    if (range && *range && single) { /* the range sets every point's load: the single one would be dropped */
        snprintf(err, sizeof err, "'%.100s' and the range '%.100s' both set the load: give one", single, *range);
        return cli_fail(err);
    }
    if (config_resolve(c, err, sizeof err)) return cli_fail(err);
    return 0;
}

