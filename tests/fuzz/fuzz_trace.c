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
        fuzz_torus(&t, "4");
        ready = 1;
    }
    trace_rec *r = NULL;
    long n = 0;
    if (trace_load(fuzz_file(data, size), &t, &r, &n, err, sizeof err) == 0) free(r);
    return 0;
}
