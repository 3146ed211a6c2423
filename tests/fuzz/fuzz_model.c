/* fuzz_model: `flitnet model` with fuzzed arguments (what follows `model`) (model keys, config keys, options).
 * run.sh closes stdout and stderr (libFuzzer keeps its own); a word naming a file (with '/') or a plot is dropped, so the
 * harness writes only CSV/JSON into its own scratch directory. A rate range of more than 200 points is dropped too: a
 * valid 10,000-point curve of the largest refined torus takes 4.5 s, past libFuzzer's 25 s time-out under the
 * sanitizers, and more points exercise nothing new. */
#include "modelcmd.h"
#include "sweep.h"
#include "fuzz_util.h"

static int long_range(const char *w)
{
    sweep_spec sp;
    char err[200];
    const char *v = !strncmp(w, "rate=", 5) ? w + 5 : !strncmp(w, "flit_rate=", 10) ? w + 10 : NULL;
    return v && strchr(v, ':') && !sweep_parse_range(v, &sp, err, sizeof err) && sweep_npoints(&sp) > 200;
}

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
        if (strchr(in[i], '/') || !strcmp(in[i], "--plot") || long_range(in[i])) continue;
        argv[argc++] = in[i];
    }
    argv[argc] = NULL;
    cmd_model(argc, argv);
    return 0;
}
