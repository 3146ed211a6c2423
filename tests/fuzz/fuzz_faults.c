/* fuzz_faults: a fault file (ids or coordinates, # comments) on an 8x8 torus, formed into
 * block regions as f-rings need them */
#include "config.h"
#include "faults.h"
#include "topology.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static topology t;
    static int ready;
    char err[CFG_ERR];
    if (!ready) {
        fuzz_torus(&t, "8");
        ready = 1;
    }
    for (int block = 0; block < 2; block++) {
        fault_spec sp = {.file = fuzz_file(data, size), .block = block};
        fault_set fs;
        if (faults_build(&fs, &t, &sp, NULL, NULL, err, sizeof err) == 0) faults_free(&fs);
    }
    return 0;
}
