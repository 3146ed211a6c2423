/* fuzz_args: command-line `key=value` overrides, options and rate ranges as a command
 * parses them (cli_build_config) */
#include "cli.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *argv[FUZZ_MAXARGS + 1], *rest[FUZZ_MAXARGS + 1];
    int argc = fuzz_args(data, size, argv), nrest = 0;
    /* a word without '=' is a config file: only this harness's own file may be read */
    for (int i = 0; i < argc; i++)
        if (!strchr(argv[i], '=') && argv[i][0] != '-') argv[i] = "/dev/null/none";
    sim_config c;
    const char *range = NULL;
    cli_build_config(argc, argv, &c, rest, &nrest, &range);
    return 0;
}
