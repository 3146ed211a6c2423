/* fuzz_model: `flitnet model` with fuzzed arguments (what follows `model`) (model keys, config keys, options).
 * run.sh closes stdout and stderr (libFuzzer keeps its own); a word naming a file (with '/') or a plot is dropped, so the
 * harness writes only CSV/JSON into its own scratch directory. */
#include "modelcmd.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        char dir[] = "/tmp/flitnet-fuzz-model-XXXXXX";
        if (!mkdtemp(dir) || chdir(dir)) abort();
        ready = 1;
    }
    char *argv[FUZZ_MAXARGS + 1], *in[FUZZ_MAXARGS + 1];
    int n = fuzz_args(data, size, in), argc = 0;
    for (int i = 0; i < n; i++) {
        if (strchr(in[i], '/') || !strcmp(in[i], "--plot")) continue;
        argv[argc++] = in[i];
    }
    argv[argc] = NULL;
    cmd_model(argc, argv);
    return 0;
}
