/* stats.c: see stats.h. */
#include "stats.h"
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SUB 1024 /* sub-buckets per power of two: values < 2*SUB are exact */

static int bucket(uint64_t v)
{
    if (v < 2 * SUB) return (int)v;
    int m = 63 - __builtin_clzll(v); /* v in [2^m, 2^(m+1)), m >= 11 */
    int sh = m - 10;
    return (int)(SUB * (m - 9) + ((v >> sh) - SUB));
}

static uint64_t bucket_low(int b)
{
    if (b < 2 * SUB) return (uint64_t)b;
    int m = b / SUB + 9, off = b % SUB;
    return ((uint64_t)(SUB + off)) << (m - 10);
}

int stats_init(lat_stats *s, int batches, uint64_t start, uint64_t end)
{
    memset(s, 0, sizeof *s);
    s->nb = s->nused = batches;
    s->start = start;
    s->end = end;
    s->b_sum = calloc((size_t)batches, sizeof(double));
    s->b_n = calloc((size_t)batches, sizeof(uint64_t));
    s->hbins = SUB * 55;
    s->hist = calloc((size_t)s->hbins, sizeof(uint64_t));
    return s->b_sum && s->b_n && s->hist ? 0 : -1;
}

void stats_free(lat_stats *s)
{
    free(s->b_sum);
    free(s->b_n);
    free(s->hist);
    memset(s, 0, sizeof *s);
}

void stats_add(lat_stats *s, uint64_t gen, uint64_t lat, uint64_t net, uint64_t wait)
{
    if (gen < s->start || gen >= s->end) return;
    int b = (int)((gen - s->start) * (uint64_t)s->nb / (s->end - s->start));
    s->b_sum[b] += (double)lat;
    s->b_n[b]++;
    s->sum_lat += (double)lat;
    s->sum_net += (double)net;
    s->sum_wait += (double)wait;
    s->n++;
    if (lat > s->max_lat) s->max_lat = lat;
    int h = bucket(lat);
    if (h >= s->hbins) h = s->hbins - 1;
    s->hist[h]++;
}

double stats_mean(const lat_stats *s) { return s->n ? s->sum_lat / (double)s->n : NAN; }

double stats_ci95(const lat_stats *s)
{
    double means[1000];
    int k = 0;
    for (int b = 0; b < s->nused && k < 1000; b++)
        if (s->b_n[b]) means[k++] = s->b_sum[b] / (double)s->b_n[b];
    if (k < 2) return NAN;
    double sd = gsl_stats_sd(means, 1, (size_t)k);
    return gsl_cdf_tdist_Pinv(0.975, k - 1) * sd / sqrt((double)k);
}

int stats_batches_used(const lat_stats *s)
{
    int k = 0;
    for (int b = 0; b < s->nused; b++) k += s->b_n[b] != 0;
    return k;
}

double stats_ci95_first(const lat_stats *s, int k, double *mean)
{
    double means[1000], sum = 0;
    uint64_t n = 0;
    int m = 0;
    for (int b = 0; b < k && b < s->nb && m < 1000; b++) {
        sum += s->b_sum[b];
        n += s->b_n[b];
        if (s->b_n[b]) means[m++] = s->b_sum[b] / (double)s->b_n[b];
    }
    *mean = n ? sum / (double)n : NAN;
    if (m < 2) return NAN;
    double sd = gsl_stats_sd(means, 1, (size_t)m);
    return gsl_cdf_tdist_Pinv(0.975, m - 1) * sd / sqrt((double)m);
}

void stats_truncate(lat_stats *s, int k)
{
    s->nused = k < s->nb ? k : s->nb;
}

double stats_percentile(const lat_stats *s, double p)
{
    if (!s->n) return NAN;
    uint64_t want = (uint64_t)ceil(p * (double)s->n), acc = 0;
    if (want < 1) want = 1;
    for (int b = 0; b < s->hbins; b++) {
        acc += s->hist[b];
        if (acc >= want) return (double)bucket_low(b);
    }
    return (double)s->max_lat;
}
