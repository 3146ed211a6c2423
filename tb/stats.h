/* stats.h: latency statistics of the measured messages: means, batch means with a
 * 95 % confidence interval (Student t from GSL), and percentiles from a log-linear
 * histogram (exact below 2048 cycles, within 0.1 % above). */
#ifndef FLITNET_STATS_H
#define FLITNET_STATS_H
#include <stdint.h>

typedef struct {
    int nb;
    uint64_t start, end;        /* batches split [start, end) by generation cycle */
    double *b_sum;
    uint64_t *b_n;
    double sum_lat, sum_net, sum_wait;
    uint64_t n, max_lat;
    uint64_t *hist;
    int hbins;
    int nused;                  /* batches the interval covers (nb unless truncated) */
} lat_stats;

int stats_init(lat_stats *s, int batches, uint64_t start, uint64_t end);
void stats_free(lat_stats *s);
void stats_add(lat_stats *s, uint64_t gen, uint64_t lat, uint64_t net, uint64_t wait);
double stats_mean(const lat_stats *s);
/* half-width of the 95 % CI of the mean from batch means (NAN if < 2 batches have data) */
double stats_ci95(const lat_stats *s);
/* the batches that hold a message: the interval's batch means */
int stats_batches_used(const lat_stats *s);
/* the mean and 95 % CI half-width over the first k batches only (a run that stops early) */
double stats_ci95_first(const lat_stats *s, int k, double *mean);
/* the interval covers the first k batches only (a run that stopped where batch k begins) */
void stats_truncate(lat_stats *s, int k);
/* the latency below which a fraction p of the measured messages fall */
double stats_percentile(const lat_stats *s, double p);
#endif
