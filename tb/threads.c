/* threads.c: see threads.h. The barrier is two shared counters: the caller bumps `round`
 * to release the workers, each worker bumps `done` when its part is finished. A pthread
 * barrier would need two waits per cycle (before and after the serial part); this needs
 * one hand-off each way, and a waiter that spins stays on its core for the next cycle. */
#include "threads.h"
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

/* pauses spent spinning before a waiter starts yielding its core: long enough to cover
 * the imbalance of a cycle's parts (microseconds), short enough not to starve another
 * job (or another of our threads) when there are more threads than free cores */
#define SPIN_PAUSES 1000

struct thread_pool {
    int n;
    pool_fn fn;
    void *arg;
    pthread_t *tid;
    int started;
    /* each on its own cache line: the workers poll `round`, the caller polls `done` */
    _Alignas(64) atomic_uint round;
    _Alignas(64) atomic_int done;
    _Alignas(64) atomic_int stop;
};

typedef struct {
    thread_pool *p;
    int part;
} worker_arg;

static void cpu_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static void *worker(void *a)
{
    worker_arg *wa = a;
    thread_pool *p = wa->p;
    const int part = wa->part;
    free(wa);
    unsigned seen = 0;
    for (;;) {
        int spins = 0;
        unsigned r;
        while ((r = atomic_load_explicit(&p->round, memory_order_acquire)) == seen) {
            if (++spins < SPIN_PAUSES) cpu_pause();
            else sched_yield();
        }
        seen = r;
        if (atomic_load_explicit(&p->stop, memory_order_relaxed)) break;
        p->fn(p->arg, part);
        atomic_fetch_add_explicit(&p->done, 1, memory_order_release);
    }
    return NULL;
}

thread_pool *pool_start(int n, pool_fn fn, void *arg)
{
    thread_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->n = n;
    p->fn = fn;
    p->arg = arg;
    atomic_init(&p->round, 0);
    atomic_init(&p->done, 0);
    atomic_init(&p->stop, 0);
    p->tid = calloc((size_t)n, sizeof *p->tid);
    if (!p->tid) {
        free(p);
        return NULL;
    }
    for (int k = 1; k < n; k++) {
        worker_arg *wa = malloc(sizeof *wa);
        if (!wa) break;
        *wa = (worker_arg){p, k};
        if (pthread_create(&p->tid[k], NULL, worker, wa)) {
            free(wa);
            break;
        }
        p->started++;
    }
    if (p->started != n - 1) {
        pool_stop(p);
        return NULL;
    }
    return p;
}

void pool_round(thread_pool *p)
{
    /* every worker counted its previous part before the previous round returned */
    atomic_store_explicit(&p->done, 0, memory_order_relaxed);
    atomic_fetch_add_explicit(&p->round, 1, memory_order_release);
    p->fn(p->arg, 0);
    int spins = 0;
    while (atomic_load_explicit(&p->done, memory_order_acquire) != p->n - 1) {
        if (++spins < SPIN_PAUSES) cpu_pause();
        else sched_yield();
    }
}

void pool_stop(thread_pool *p)
{
    if (!p) return;
    atomic_store_explicit(&p->stop, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&p->round, 1, memory_order_release);
    for (int k = 1; k <= p->started; k++) pthread_join(p->tid[k], NULL);
    free(p->tid);
    free(p);
}

int threads_online(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}
