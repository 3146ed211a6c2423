/* fuzz_util.h: what the libFuzzer harnesses share: fuzz bytes as a file, and as an
 * argument vector. Harness-only code (tests/fuzz/), never linked into flitnet. */
#ifndef FLITNET_FUZZ_UTIL_H
#define FLITNET_FUZZ_UTIL_H
#include "config.h"
#include "topology.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the input as the content of a file of this process (rewritten per input); its path */
static inline const char *fuzz_file(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0]) snprintf(path, sizeof path, "/tmp/flitnet-fuzz-%ld", (long)getpid());
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    fclose(f);
    return path;
}

/* the input split at blanks and newlines into at most FUZZ_MAXARGS words (NUL bytes end a
 * word); argv[] points into one buffer that the next call reuses */
#define FUZZ_MAXARGS 256
static inline int fuzz_args(const uint8_t *data, size_t size, char **argv)
{
    static char *buf;
    static size_t cap;
    if (size + 1 > cap) {
        free(buf);
        cap = size + 1;
        buf = malloc(cap);
        if (!buf) abort();
    }
    int argc = 0;
    size_t i = 0;
    while (i < size && argc < FUZZ_MAXARGS) {
        while (i < size && (data[i] == ' ' || data[i] == '\n' || data[i] == '\t' || data[i] == 0)) i++;
        if (i >= size) break;
        argv[argc++] = buf + i;
        while (i < size && data[i] != ' ' && data[i] != '\n' && data[i] != '\t' && data[i] != 0) {
            buf[i] = (char)data[i];
            i++;
        }
        buf[i++] = 0;
    }
    argv[argc] = NULL;
    return argc;
}

/* the default torus with radix k ("8", "4"): the network a reader harness reads for */
static inline void fuzz_torus(topology *t, const char *k)
{
    sim_config c;
    char err[CFG_ERR];
    config_defaults(&c);
    if (config_set(&c, "k", k, err, sizeof err) || config_resolve(&c, err, sizeof err) ||
        topo_init(t, c.topology, c.n, c.k, err, sizeof err))
        abort();
}
#endif
