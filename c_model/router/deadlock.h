/* deadlock.h: finds and explains deadlocks. The wait-for graph links input VCs holding
 * flits: an active VC whose output buffer is full waits for the downstream input VC of
 * the output VC it owns; a head waiting for VC allocation waits for the downstream input
 * VCs of every taken candidate, and on nothing when a candidate is free (it has only lost
 * the arbitration, and may win it in any cycle). Given the VCs that moved nothing over a period, the dead
 * set is the largest subset of them in which every VC waits only on members (a VC with
 * nothing to wait on, or waiting on one that is empty or moving, is not dead). A
 * non-empty dead set can never move again: that is a deadlock, global or partial. */
#ifndef FLITNET_DEADLOCK_H
#define FLITNET_DEADLOCK_H
#include "network.h"
#include <stddef.h>

/* stalled: [N*P] masks of the input VCs that did not move during the period (NULL: all
 * of them). Returns the size of the dead set; when it is not empty, writes a report of
 * one cycle of waiting VCs inside it into buf. */
int deadlock_find(const network *net, const uint32_t *stalled, char *buf, size_t len);
#endif
