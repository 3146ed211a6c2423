/* invariants.h: a debug check of the routers' state between two cycles
 * (docs/microarchitecture.md §4-5). It checks what the contract promises and what the
 * C model's shortcuts assume:
 *   credits: for every network output VC, credit + flits in the downstream input buffer +
 *            the flit on the link + the credit on the wire back = B;
 *   owners:  an output VC is busy exactly when one active input VC owns it, and
 *            ovc_owner names that input VC;
 *   masks:   the non-empty / full masks equal the FIFO occupancies;
 *   hints:   a stalled input VC's output buffer is full; a blocked head's cached
 *            candidates are all taken (busy, or adaptive and not drained; unless a
 *            time-out gates its level 1);
 *   kept:    the per-router port masks the step keeps (network.h: va/sw/la_ports, the
 *            driven and arrived slots) equal what they summarize;
 *   Duato:   an adaptive VC's input buffer never holds flits of two messages (§5.1).
 * Call it after every router has stepped cycle t. It reads only. */
#ifndef FLITNET_INVARIANTS_H
#define FLITNET_INVARIANTS_H
#include "network.h"
#include <stddef.h>

/* 0, or -1 with the first broken invariant, where and when, in err */
int network_check(const network *net, uint64_t t, char *err, size_t errlen);
#endif
