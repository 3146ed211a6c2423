/* threads.c: see threads.h. The barrier is two shared counters: the caller bumps `round`
 * to release the workers, each worker bumps `done` when its part is finished. A pthread
 * barrier would need two waits per cycle (before and after the serial part); this needs
 * one hand-off each way. A waiter spins for a few microseconds (the usual wait: the
 * parts of a cycle differ that little, and a spinning thread answers at once), then
 * sleeps on a condition variable, so that a thread that waits longer (the machine runs
 * more threads than it has free cores, or the serial part is long) gives its core to
 * the thread it waits for: measured on a loaded 2-core machine, spinning and yielding
 * ran a 16x16 torus at half the speed of a blocking pthread barrier. */
#include "threads.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* how long a waiter spins before it sleeps */
#define SPIN_NS 2000

struct thread_pool {
    int n;
    pool_fn fn;
    void *arg;
    pthread_t *tid;
    int started;
    pthread_mutex_t mu;
    pthread_cond_t go, finished;   /* round bumped (workers wait); all parts done (caller waits) */
    /* each on its own cache line: the workers poll `round`, the caller polls `done` */
    _Alignas(64) atomic_uint round;
    _Alignas(64) atomic_int done;
    _Alignas(64) atomic_int sleepers;       /* workers asleep on `go` */
    atomic_int caller_asleep;               /* the caller asleep on `finished` */
    atomic_int stop;
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

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* spins until cond holds or SPIN_NS have passed (the clock read every 64 pauses) */
#define SPIN_UNTIL(cond)                                                                                  \
    do {                                                                                                  \
        long long t0_ = 0;                                                                                \
        for (int i_ = 1; !(cond); i_++) {                                                                 \
            cpu_pause();                                                                                  \
            if (!(i_ & 63)) {                                                                             \
                long long t_ = now_ns();                                                                  \
                if (!t0_) t0_ = t_;                                                                       \
                else if (t_ - t0_ > SPIN_NS) break;                                                       \
            }                                                                                             \
        }                                                                                                 \
    } while (0)

/* a worker's wait for the round after `seen`; returns the new round */
static unsigned wait_round(thread_pool *p, unsigned seen)
{
    unsigned r;
    SPIN_UNTIL((r = atomic_load_explicit(&p->round, memory_order_acquire)) != seen);
    if (r != seen) return r;
    pthread_mutex_lock(&p->mu);
    /* sleepers before round (both sequentially consistent): either this sees the caller's
     * new round, or the caller sees a sleeper and broadcasts, after the wait began (it
     * takes the mutex first) */
    atomic_fetch_add(&p->sleepers, 1);
    while ((r = atomic_load(&p->round)) == seen) pthread_cond_wait(&p->go, &p->mu);
    atomic_fetch_sub(&p->sleepers, 1);
    pthread_mutex_unlock(&p->mu);
    return r;
}

static void release(thread_pool *p)
{
    atomic_fetch_add(&p->round, 1);
    if (atomic_load(&p->sleepers)) {
        pthread_mutex_lock(&p->mu);
        pthread_cond_broadcast(&p->go);
        pthread_mutex_unlock(&p->mu);
    }
}

static void *worker(void *a)
{
    worker_arg *wa = a;
    thread_pool *p = wa->p;
    const int part = wa->part;
    free(wa);
    unsigned seen = 0;
    for (;;) {
        seen = wait_round(p, seen);
        if (atomic_load_explicit(&p->stop, memory_order_relaxed)) break;
        p->fn(p->arg, part);
        /* the last part done wakes the caller if it went to sleep (same pairing as above) */
        if (atomic_fetch_add(&p->done, 1) == p->n - 2 && atomic_load(&p->caller_asleep)) {
            pthread_mutex_lock(&p->mu);
            pthread_cond_signal(&p->finished);
            pthread_mutex_unlock(&p->mu);
        }
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
    atomic_init(&p->sleepers, 0);
    atomic_init(&p->caller_asleep, 0);
    atomic_init(&p->stop, 0);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->go, NULL);
    pthread_cond_init(&p->finished, NULL);
    p->tid = calloc((size_t)n, sizeof *p->tid);
    if (!p->tid) {
        pool_stop(p);
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
    release(p);
    p->fn(p->arg, 0);
    const int want = p->n - 1;
    SPIN_UNTIL(atomic_load_explicit(&p->done, memory_order_acquire) == want);
    if (atomic_load_explicit(&p->done, memory_order_acquire) == want) return;
    pthread_mutex_lock(&p->mu);
    atomic_store(&p->caller_asleep, 1);
    while (atomic_load(&p->done) != want) pthread_cond_wait(&p->finished, &p->mu);
    atomic_store(&p->caller_asleep, 0);
    pthread_mutex_unlock(&p->mu);
}

void pool_stop(thread_pool *p)
{
    if (!p) return;
    atomic_store(&p->stop, 1);
    release(p);
    for (int k = 1; k <= p->started; k++) pthread_join(p->tid[k], NULL);
    pthread_cond_destroy(&p->go);
    pthread_cond_destroy(&p->finished);
    pthread_mutex_destroy(&p->mu);
    free(p->tid);
    free(p);
}

int threads_online(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}
