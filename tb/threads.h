/* threads.h: a pool of worker threads that runs one round of work at a time, for the
 * parallel cycle loop (sim.c: the routers and nodes of one run split over threads).
 * Owns the threads and the one barrier a round ends with; knows nothing of networks.
 *
 * A round: the caller releases the n-1 workers, does part 0 itself, and waits until the
 * workers are done with parts 1..n-1. Between rounds the caller works alone (the
 * serial part of a cycle), the workers waiting. Waiting spins briefly and then sleeps,
 * because the machine may run more threads than it has free cores. */
#ifndef FLITNET_THREADS_H
#define FLITNET_THREADS_H

typedef void (*pool_fn)(void *arg, int part);
typedef struct thread_pool thread_pool;

/* n parts (n >= 2: n-1 threads start); NULL when a thread cannot be started */
thread_pool *pool_start(int n, pool_fn fn, void *arg);
/* one round: fn(arg, part) for every part, part 0 on the caller; returns when all returned */
void pool_round(thread_pool *p);
/* stops and joins the workers; NULL is fine */
void pool_stop(thread_pool *p);
/* the CPUs this process may run on (its affinity: a SLURM task or `taskset` gets fewer
 * than the machine has; at least 1) */
int threads_online(void);
/* threads = 0's count for a run of `nodes` routers that shares the CPUs with share - 1
 * others (sweep -j): the CPUs / share, but no more than one thread per THREADS_MIN_ROUTERS
 * routers, below which a part's work is too small for its barrier (with the staged step, a
 * 24x24 torus ran 0.94x as fast on 2 threads as on 1, 32x32, 512 routers a thread, 1.6x;
 * with the per-router step 16x16 gained 1.2x on 2); at least 1 */
#define THREADS_MIN_ROUTERS 512
int threads_auto(long nodes, int share);
#endif
