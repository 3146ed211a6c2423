/* testutil.h: helpers shared by the unit tests: build a configuration from
 * "key=value" strings and run it. */
#ifndef FLITNET_TESTUTIL_H
#define FLITNET_TESTUTIL_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include "config.h"
#include "sim.h"

#ifndef assert_double_equal
/* cmocka 1.1.5 (Debian 12) has no double comparison */
#define assert_double_equal(a, b, eps)                                                                   \
    do {                                                                                                 \
        double a_ = (a), b_ = (b);                                                                       \
        if (!(fabs(a_ - b_) <= (eps))) fail_msg("%s = %.17g, expected %.17g (+- %g)", #a, a_, b_, (double)(eps)); \
    } while (0)
#endif

/* applies NULL-terminated "key=value" strings to the defaults; fails the test on error */
static inline void cfg_build(sim_config *c, ...)
{
    char err[CFG_ERR];
    config_defaults(c);
    va_list ap;
    va_start(ap, c);
    for (const char *kv = va_arg(ap, const char *); kv; kv = va_arg(ap, const char *)) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", kv);
        char *eq = strchr(buf, '=');
        assert_non_null(eq);
        *eq = 0;
        if (config_set(c, buf, eq + 1, err, sizeof err)) fail_msg("config_set %s: %s", kv, err);
    }
    va_end(ap);
    if (config_resolve(c, err, sizeof err)) fail_msg("config_resolve: %s", err);
}

static inline void run_ok(const sim_config *c, sim_result *r, int shuffle)
{
    char err[CFG_ERR];
    sim_options o = {shuffle, 1, NULL, 0, 0};
    if (sim_run(c, &o, r, err, sizeof err)) fail_msg("sim_run: %s", err);
    if (r->corrupt) fail_msg("corrupt deliveries: %s", r->corrupt_first);
}
#endif
