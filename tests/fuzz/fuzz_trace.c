/* fuzz_trace: a trace file (`cycle src dst length` lines) read for a 4x4 torus */
#include "config.h"
#include "topology.h"
#include "traffic.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static topology t;
    static int ready;
    char err[CFG_ERR];
    if (!ready) {
        sim_config c;
        config_defaults(&c);
        if (config_set(&c, "k", "4", err, sizeof err) || config_resolve(&c, err, sizeof err) ||
            topo_init(&t, c.topology, c.n, c.k, err, sizeof err))
            abort();
        ready = 1;
    }
    trace_rec *r = NULL;
    long n = 0;
    if (trace_load(fuzz_file(data, size), &t, &r, &n, err, sizeof err) == 0) free(r);
    return 0;
}
