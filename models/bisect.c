/* bisect.c - see bisect.h. */
#include "bisect.h"
#include <math.h>

double bisect_sup(int (*stable)(double x, void *ctx), void *ctx, double guess, double tol)
{
    double lo = guess, hi = guess;
    if (stable(guess, ctx)) {
        int i = 0;
        do {
            lo = hi;
            hi *= 2.0;
            if (++i > 200)
                return INFINITY;
        } while (stable(hi, ctx));
    } else {
        int i = 0;
        do {
            hi = lo;
            lo *= 0.5;
            if (++i > 200 || lo < 1e-300)
                return -1.0;
        } while (!stable(lo, ctx));
    }
    while (hi - lo > tol * hi) {
        double mid = 0.5 * (lo + hi);
        if (stable(mid, ctx))
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}
