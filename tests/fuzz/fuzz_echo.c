/* fuzz_echo: the configuration echo (config_value), which the JSON, sweep.args and every
 * line of a sweep's jobs.txt are written from, read back as a job reads it: a configuration
 * file that loads and resolves must echo every key within CFG_VALUE_MAX, and the given keys'
 * echoes, set on the defaults, must load, resolve and echo the same again. A value cut or
 * rewritten on the way (a fixed buffer, a lossy number format) aborts. */
#include "config.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sim_config c, back;
    char err[CFG_ERR];
    config_defaults(&c);
    if (config_load(&c, fuzz_file(data, size), err, sizeof err) || config_resolve(&c, err, sizeof err)) return 0;
    config_defaults(&back);
    static char v[CFG_VALUE_MAX], w[CFG_VALUE_MAX];
    for (int k = 0; config_key_name(k); k++) {
        config_value(&c, k, v);
        if (strlen(v) >= CFG_VALUE_MAX) abort();
        if (!config_given(&c, config_key_name(k))) continue;
        /* what a job's key=value word gives `sim` */
        if (config_set(&back, config_key_name(k), v, err, sizeof err)) {
            fprintf(stderr, "echo of %s = '%s' does not load back: %s\n", config_key_name(k), v, err);
            abort();
        }
    }
    if (config_resolve(&back, err, sizeof err)) {
        fprintf(stderr, "the echo does not resolve: %s\n", err);
        abort();
    }
    for (int k = 0; config_key_name(k); k++) {
        config_value(&c, k, v);
        config_value(&back, k, w);
        if (strcmp(v, w)) {
            fprintf(stderr, "%s echoes '%s', read back '%s'\n", config_key_name(k), v, w);
            abort();
        }
    }
    return 0;
}
