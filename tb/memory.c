/* memory.c: see memory.h. */
#include "memory.h"
#include "message.h"
#include "network.h"
#include "sink.h"
#include "source.h"
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* each node's message ring starts at 64 records (message.c) and grows only on collisions */
#define MSG_RING_START 64

void memory_estimate(const sim_config *c, const topology *t, mem_estimate *e)
{
    const size_t N = (size_t)t->N;
    router_params rp = {.V = c->vcs, .B = c->buf_depth, .Bo = c->obuf_depth};
    const size_t qbytes = (size_t)c->max_queue * sizeof(queued_msg);
    e->network = network_bytes(t->N, t->P, &rp);
    e->nodes = N * (sizeof(source) + sizeof(sink) + sizeof(msg_ring) + MSG_RING_START * sizeof(msg_rec)) +
               N * (size_t)t->Pn * sizeof(int) * 2 + /* the topology's neighbour tables */
               N * (size_t)c->vcs * sizeof(uint32_t) + /* the node software's take-back counts (swft only; counted always) */
               N * (qbytes < 4096 ? qbytes : 4096) +   /* the page of each source's queue its first message touches */
               ((size_t)4 << 20);                      /* the program itself (4 MB resident on a 2x2 torus) */
    e->queues = N * (size_t)c->max_queue * sizeof(queued_msg);
}

/* the kernel's MemAvailable (bytes), 0 if unknown */
static size_t mem_available(void)
{
    size_t avail = 0;
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[128];
        unsigned long long kb;
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
                avail = (size_t)kb * 1024;
                break;
            }
        fclose(f);
    }
    if (!avail) {
        long pages = sysconf(_SC_AVPHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
        if (pages > 0 && psz > 0) avail = (size_t)pages * (size_t)psz;
    }
    return avail;
}

static void human(size_t b, char *buf, size_t len)
{
    if (b >= (size_t)1 << 30) snprintf(buf, len, "%.1f GB", (double)b / (1 << 30));
    else snprintf(buf, len, "%.0f MB", (double)b / (1 << 20) + 0.5);
}

int memory_check(const sim_config *c, const topology *t, char *err, size_t errlen)
{
    mem_estimate e;
    memory_estimate(c, t, &e);
    /* what is touched at once must fit the free memory; the queues are reserved whole
     * (address space) but filled only as messages wait, so they count against ulimit -v */
    const size_t touched = e.network + e.nodes, reserved = touched + e.queues, avail = mem_available();
    struct rlimit rl;
    const size_t limit = !getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY ? (size_t)rl.rlim_cur : 0;
    const int over_mem = avail && touched > avail, over_limit = limit && reserved > limit;
    if (!over_mem && !over_limit) return 0;
    char n[32], a[32], q[32];
    human(over_mem ? touched : reserved, n, sizeof n);
    human(over_mem ? avail : limit, a, sizeof a);
    human(e.queues, q, sizeof q);
    if (over_mem)
        snprintf(err, errlen, "network too large for this machine's memory: about %s for %d routers (%.0f KB each with its node), %s available",
                 n, t->N, (double)touched / t->N / 1024, a);
    else if (limit > touched && e.queues > limit - touched) /* the queues make the difference: say so */
        snprintf(err, errlen,
                 "network too large for the address-space limit (ulimit -v): about %s for %d routers, %s of it the source "
                 "queues at max_queue = %ld (lower it), %s allowed",
                 n, t->N, q, c->max_queue, a);
    else
        snprintf(err, errlen, "network too large for the address-space limit (ulimit -v): about %s for %d routers, %s allowed",
                 n, t->N, a);
    return -1;
}

int memory_check_workers(const sim_config *c, int workers, char *err, size_t errlen)
{
    topology t;
    if (workers < 2 || topo_init(&t, c->topology, c->n, c->k, err, errlen)) return 0; /* the run says what is wrong */
    mem_estimate e;
    memory_estimate(c, &t, &e);
    topo_free(&t);
    const size_t one = e.network + e.nodes, avail = mem_available();
    if (!avail || one * (size_t)workers <= avail) return 0;
    char each[32], all[32], a[32];
    human(one, each, sizeof each);
    human(one * (size_t)workers, all, sizeof all);
    human(avail, a, sizeof a);
    const size_t fit = avail / one;
    snprintf(err, errlen, "%d workers of about %s each need about %s, %s available: give -j %zu or fewer", workers, each,
             all, a, fit > 0 ? fit : 1);
    return -1;
}
