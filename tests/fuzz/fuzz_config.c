/* fuzz_config: a configuration file (config_load) and its cross-key checks (config_resolve) */
#include "config.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sim_config c;
    char err[CFG_ERR];
    config_defaults(&c);
    if (config_load(&c, fuzz_file(data, size), err, sizeof err) == 0) config_resolve(&c, err, sizeof err);
    return 0;
}
