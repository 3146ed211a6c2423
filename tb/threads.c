/* threads.c: see threads.h. The barrier is two shared counters: the caller bumps `round`
 * to release the workers, each worker bumps `done` when its part is finished. A pthread
 * barrier would need two waits per cycle (before and after the serial part); this needs
 * one hand-off each way. A waiter spins, then sleeps on a condition variable.
 *
 * How long it spins depends on the machine. With a free core per thread, waking a
 * sleeper costs more than the usual wait (the serial part, or the difference between
 * parts: microseconds), tens of microseconds in a VM whose idle virtual CPU must be woken:
 * measured on a free 2-core VM, a fixed 2 us spin ran a 16x16 torus 4x slower on 2
 * threads than on 1. So a waiter spins up to twice its last wait, if that wait ended
 * within SPIN_MAX_NS. With more runnable threads than CPUs (other work, or more threads
 * than cores), a spinning waiter takes the core from the thread it waits for, so it spins
 * only SPIN_MIN_NS: there, measured, two 2-thread 16x16 runs side by side took 2.7x as long
 * with adaptive spinning as with the short one (and spinning with sched_yield, half the
 * speed of a blocking pthread barrier). The caller reads the kernel's count of runnable
 * threads (/proc/loadavg) every LOAD_PROBE_NS to tell the two apart. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "threads.h"
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* the bounds of a waiter's spin before it sleeps */
#define SPIN_MIN_NS 2000
#define SPIN_MAX_NS 200000
/* how often the caller looks at the machine's runnable threads */
#define LOAD_PROBE_NS 10000000LL

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
    atomic_int spin_ok;                     /* no more runnable threads than CPUs */
    long long caller_spin;                  /* the caller's spin budget (ns) */
    long long probed;                       /* when the caller last set spin_ok */
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

/* spins until cond holds or budget ns have passed since t0 (the clock read every 64
 * pauses) */
#define SPIN_UNTIL(cond, t0, budget)                                                                      \
    do {                                                                                                  \
        for (int i_ = 1; !(cond); i_++) {                                                                 \
            cpu_pause();                                                                                  \
            if (!(i_ & 63) && now_ns() - (t0) > (budget)) break;                                          \
        }                                                                                                 \
    } while (0)

/* the next spin budget after a wait that began at t0 and has just ended */
static long long next_spin(const thread_pool *p, long long t0)
{
    long long waited = now_ns() - t0;
    if (waited > SPIN_MAX_NS || !atomic_load_explicit(&p->spin_ok, memory_order_relaxed)) return SPIN_MIN_NS;
    return waited * 2 < SPIN_MIN_NS ? SPIN_MIN_NS : waited * 2;
}

/* 1 when the kernel runs no more threads than there are CPUs online (the fourth field of
 * /proc/loadavg, "running/total", counts this process's threads too); 0 when it does or
 * cannot say */
static int cores_free(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    if (!f) return 0;
    double l1, l5, l15;
    int running = 0, total = 0;
    int got = fscanf(f, "%lf %lf %lf %d/%d", &l1, &l5, &l15, &running, &total);
    fclose(f);
    return got == 5 && running <= threads_online();
}

/* a worker's wait for the round after `seen`; returns the new round */
static unsigned wait_round(thread_pool *p, unsigned seen, long long *spin)
{
    unsigned r;
    const long long t0 = now_ns();
    SPIN_UNTIL((r = atomic_load_explicit(&p->round, memory_order_acquire)) != seen, t0, *spin);
    if (r != seen) {
        *spin = next_spin(p, t0);
        return r;
    }
    pthread_mutex_lock(&p->mu);
    /* sleepers before round (both sequentially consistent): either this sees the caller's
     * new round, or the caller sees a sleeper and broadcasts, after the wait began (it
     * takes the mutex first) */
    atomic_fetch_add(&p->sleepers, 1);
    while ((r = atomic_load(&p->round)) == seen) pthread_cond_wait(&p->go, &p->mu);
    atomic_fetch_sub(&p->sleepers, 1);
    pthread_mutex_unlock(&p->mu);
    *spin = next_spin(p, t0);
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
    long long spin = SPIN_MIN_NS;
    for (;;) {
        seen = wait_round(p, seen, &spin);
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
    p->caller_spin = SPIN_MIN_NS;
    atomic_init(&p->spin_ok, 0);
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
    const long long t = now_ns();
    if (t - p->probed > LOAD_PROBE_NS) {
        p->probed = t;
        atomic_store_explicit(&p->spin_ok, cores_free(), memory_order_relaxed);
    }
    /* every worker counted its previous part before the previous round returned */
    atomic_store_explicit(&p->done, 0, memory_order_relaxed);
    release(p);
    p->fn(p->arg, 0);
    const int want = p->n - 1;
    const long long t0 = now_ns();
    SPIN_UNTIL(atomic_load_explicit(&p->done, memory_order_acquire) == want, t0, p->caller_spin);
    if (atomic_load_explicit(&p->done, memory_order_acquire) != want) {
        pthread_mutex_lock(&p->mu);
        atomic_store(&p->caller_asleep, 1);
        while (atomic_load(&p->done) != want) pthread_cond_wait(&p->finished, &p->mu);
        atomic_store(&p->caller_asleep, 0);
        pthread_mutex_unlock(&p->mu);
    }
    p->caller_spin = next_spin(p, t0);
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
    cpu_set_t set;
    if (!sched_getaffinity(0, sizeof set, &set) && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

int threads_auto(long nodes, int share)
{
    long t = threads_online() / (share > 0 ? share : 1), by_size = nodes / THREADS_MIN_ROUTERS;
    if (t > by_size) t = by_size;
    return t > 0 ? (int)t : 1;
}
