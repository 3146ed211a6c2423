/* deadlock.h: explains a stalled network. Builds the wait-for graph between input VCs
 * holding flits (an active VC waits for the downstream input VC of the output VC it
 * owns; a head waiting for VC allocation waits for the downstream input VCs of every
 * busy candidate) and reports a cycle in it: which VC waits on which. */
#ifndef FLITNET_DEADLOCK_H
#define FLITNET_DEADLOCK_H
#include "network.h"
#include <stddef.h>

/* Writes a multi-line report into buf; returns the cycle length found (0 if none). */
int deadlock_explain(const network *net, char *buf, size_t len);
#endif
