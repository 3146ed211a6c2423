/* report.c: see report.h. */
#include "report.h"
#include "cli.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <string.h>

static const char *status(const sim_result *r)
{
    if (r->deadlock) return "DEADLOCK";
    if (r->corrupt) return "CORRUPT";
    if (r->saturated) return "SATURATED";
    return "ok";
}

void report_summary(FILE *f, const sim_config *c, const sim_result *r)
{
    char k[64];
    config_shape(c, k, sizeof k);
    char m[64];
    if (c->traffic == TR_TRACE) snprintf(m, sizeof m, "the trace's message lengths");
    else snprintf(m, sizeof m, "M=%g (%s)", c->msg_len, c->msg_len_dist == LEN_FIXED ? "fixed" : "exp");
    fprintf(f, "flitnet %s: %s, V=%d B=%d Bo=%d, routing %s, select %s, %s traffic, %s\n", FLITNET_VERSION, k, c->vcs,
            c->buf_depth, c->obuf_depth, c->routing, c->select ? "random" : "first", config_traffic_name(c->traffic), m);
    if (r->not_deadlock_free[0])
        fprintf(f, "dateline     0: NOT deadlock-free here, %s (`flitnet cdg` lists it); a deadlock that forms is "
                   "reported\n", r->not_deadlock_free);
    /* the capacity is the topology's ideal under uniform traffic; other patterns are
     * measured against it too, so say which one it is */
    const char *cap = c->traffic == TR_UNIFORM ? "capacity" : "the uniform-traffic capacity";
    if (c->traffic != TR_TRACE)
        fprintf(f, "offered      %.6g messages/node/cycle = %.6g flits/node/cycle (%.1f%% of %s %.4g)\n", c->rate,
                r->offered_flit_rate, 100 * r->offered_flit_rate / r->capacity, cap, r->capacity);
    char on[32] = ""; /* threads = 0 picks the count: say which */
    if (r->threads > 1) snprintf(on, sizeof on, " on %d threads", r->threads);
    fprintf(f, "run          %llu cycles (warm-up %ld%s; window to %ld%s%s), %.2f s%s, %.3g cycles/s, %.3g flit-hops/s\n",
            (unsigned long long)r->cycles, c->warmup,
            config_given(c, "warmup") ? "" : ", the default cycles/10 up to 10000", c->cycles,
            r->precision_stop ? ", stopped early: the CI is within precision" : "",
            !c->drain ? "" : r->drained ? ", drained" : r->precision_stop ? ", not drained" : ", not drained: it stopped early",
            r->wall_seconds, on, r->cycles / r->wall_seconds, r->flit_hops / r->wall_seconds);
    /* a run that stopped early (deadlock, saturation) may have measured nothing, or too
     * few batches for an interval: say so rather than print nan */
    if (!r->messages_measured) {
        fprintf(f, "latency      no message measured (none generated after the warm-up was delivered by cycle %llu)\n",
                (unsigned long long)r->cycles);
    } else {
        fprintf(f, "latency      mean %.2f ", r->avg_latency);
        if (isfinite(r->latency_ci95) && r->batches_reached < r->batches) /* the later batches never ran */
            fprintf(f, "+- %.2f (95%% CI of %s%d batches: the run stopped in batch %d of %d)", r->latency_ci95,
                    r->ci_batches < r->batches_reached ? "the message-holding " : "", r->ci_batches,
                    r->batches_reached, r->batches);
        else if (isfinite(r->latency_ci95) && r->ci_batches < r->batches)
            fprintf(f, "+- %.2f (95%% CI, the %d of %d batches that hold a message)", r->latency_ci95, r->ci_batches,
                    r->batches);
        else if (isfinite(r->latency_ci95)) fprintf(f, "+- %.2f (95%% CI, %d batches)", r->latency_ci95, r->batches);
        else fprintf(f, "(no 95%% CI: fewer than 2 of the %d batches hold a message)", r->batches);
        fprintf(f, "  p50 %.0f  p90 %.0f  p99 %.0f  max %.0f\n", r->p50, r->p90, r->p99, r->max_latency);
        fprintf(f, "             network %.2f + source wait %.2f;  zero-load closed form %.2f\n",
                r->avg_network_latency, r->avg_source_wait, r->zero_load_latency);
    }
    if (!r->messages_measured) fprintf(f, "             zero-load closed form %.2f\n", r->zero_load_latency);
    if (isfinite(r->accepted_flit_rate))
        fprintf(f, "throughput   accepted %.5f flits/node/cycle = %.4f of %s\n", r->accepted_flit_rate,
                r->normalized_throughput, cap);
    else
        fprintf(f, "throughput   not measured: no cycle of the measurement window was simulated\n");
    fprintf(f, "messages     generated %llu, delivered %llu, measured %llu, queued at end %ld",
            (unsigned long long)r->messages_generated, (unsigned long long)r->messages_delivered,
            (unsigned long long)r->messages_measured, r->messages_queued);
    if (r->source_drop)
        fprintf(f, "; %llu dropped at a full source queue", (unsigned long long)r->messages_dropped);
    fprintf(f, "\n");
    if (r->fault_state) {
        int nf = 0, nd = 0;
        for (int x = 0; x < r->N; x++) nf += r->fault_state[x] == 1, nd += r->fault_state[x] == 2;
        char drawn[96] = "";
        if (r->fault_draws > 1) /* the block model's checks (§7.2), the same for every routing */
            snprintf(drawn, sizeof drawn, " (draw %d: the %d before it were outside the fault model)", r->fault_draws,
                     r->fault_draws - 1);
        fprintf(f, "faults       %s: %d faulty + %d disabled nodes, %d region%s%s; %llu messages misrouted",
                r->fault_handling == FH_FRING ? "f-rings" : "node software", nf, nd, r->nregions,
                r->nregions == 1 ? "" : "s", drawn, (unsigned long long)r->misrouted);
        if (r->fault_handling == FH_FRING)
            fprintf(f, ", %llu flit-hops on the %d ring VCs in the window", (unsigned long long)r->ring_flit_hops,
                    r->ring_vcs);
        fprintf(f, "\n");
    }
    if (r->messages_rerouted)
        fprintf(f, "rerouting    %llu re-injections by the node software (absorbed or at an intermediate node)\n",
                (unsigned long long)r->messages_rerouted);
    fprintf(f, "flits        injected %llu = delivered %llu + in flight %ld; flit-hops %llu\n",
            (unsigned long long)r->flits_injected, (unsigned long long)r->flits_delivered, r->flits_in_flight,
            (unsigned long long)r->flit_hops);
    fprintf(f, "vc usage    ");
    for (int v = 0; v < r->V; v++) fprintf(f, " %d:%.3f", v, r->vc_usage[v]);
    fprintf(f, "\nstatus       %s", status(r));
    if (r->saturated && !r->deadlock) fprintf(f, " (%s)", r->saturated_why); /* a deadlock says why below */
    if (r->corrupt) fprintf(f, " (%llu errors, first: %s)", (unsigned long long)r->corrupt, r->corrupt_first);
    fprintf(f, "\n");
    if (r->deadlock && r->deadlock_report) fprintf(f, "%s", r->deadlock_report);
}

static cJSON *num_array(const double *v, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) cJSON_AddItemToArray(a, cJSON_CreateNumber(v[i]));
    return a;
}

void report_json_config(cJSON *doc, const sim_config *c)
{
    cJSON *cfg = cJSON_AddObjectToObject(doc, "config");
    for (int i = 0; config_key_name(i); i++) {
        char v[CFG_VALUE_MAX];
        /* the keys that define the run; threads changes only how fast it goes (its count
         * is reported with wall_seconds), so the echo is the same for every value */
        if (!strcmp(config_key_name(i), "threads")) continue;
        config_value(c, i, v);
        cJSON_AddStringToObject(cfg, config_key_name(i), v);
    }
}

int report_json_write(cJSON *doc, const char *path, int dash_is_stdout, char *err, size_t errlen)
{
    char *s = cJSON_Print(doc);
    cJSON_Delete(doc);
    if (!s) return -1;
    const int to_stdout = dash_is_stdout && !strcmp(path, "-");
    FILE *f = to_stdout ? stdout : fopen(path, "w");
    if (!f) { cJSON_free(s); return -1; }
    fprintf(f, "%s\n", s);
    cJSON_free(s);
    if (to_stdout) return 0;
    return cli_close_out(f, path, err, errlen) ? -2 : 0;
}

FILE *report_csv_open(const char *path, const char *header)
{
    FILE *f = fopen(path, "w");
    if (f) fprintf(f, "%s\n", header);
    return f;
}

int report_csv_close(FILE *f, const char *path, char *err, size_t errlen)
{
    return cli_close_out(f, path, err, errlen);
}

int report_json(const char *path, const sim_config *c, const sim_result *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "version", FLITNET_VERSION);
    report_json_config(o, c);
#define NUM(f) cJSON_AddNumberToObject(o, #f, (double)r->f)
    NUM(avg_latency);
    NUM(avg_network_latency);
    NUM(avg_source_wait);
    NUM(latency_ci95);
    NUM(p50);
    NUM(p90);
    NUM(p99);
    NUM(max_latency);
    NUM(zero_load_latency);
    NUM(offered_flit_rate);
    NUM(accepted_flit_rate);
    NUM(normalized_throughput);
    NUM(capacity);
    NUM(messages_generated);
    if (r->source_drop) NUM(messages_dropped);
    NUM(messages_delivered);
    NUM(messages_rerouted);
    NUM(messages_measured);
    NUM(messages_queued);
    NUM(flits_injected);
    NUM(flits_delivered);
    NUM(flits_in_flight);
    NUM(flit_hops);
    NUM(cycles);
    NUM(wall_seconds);
    /* how the run was stepped, like wall_seconds: only when more than one thread did */
    if (r->threads > 1) NUM(threads);
    NUM(little_L);
    NUM(little_lambda_W);
    NUM(corrupt);
    NUM(nonminimal);
    NUM(misrouted);
#undef NUM
    if (r->ring_vcs) cJSON_AddNumberToObject(o, "ring_flit_hops", (double)r->ring_flit_hops);
    if (r->fault_state) {
        cJSON *fo = cJSON_AddObjectToObject(o, "faults");
        cJSON_AddStringToObject(fo, "handling", r->fault_handling == FH_FRING ? "fring" : "software");
        cJSON_AddNumberToObject(fo, "draws", r->fault_draws);
        cJSON *fa = cJSON_AddArrayToObject(fo, "faulty"), *da = cJSON_AddArrayToObject(fo, "disabled");
        for (int x = 0; x < r->N; x++)
            if (r->fault_state[x]) cJSON_AddItemToArray(r->fault_state[x] == 1 ? fa : da, cJSON_CreateNumber(x));
        cJSON *ra = cJSON_AddArrayToObject(fo, "regions");
        for (int i = 0; i < r->nregions; i++) {
            cJSON *g = cJSON_CreateObject();
            cJSON_AddItemToObject(g, "first", cJSON_CreateIntArray(r->regions[i].lo, r->n));
            cJSON_AddItemToObject(g, "extent", cJSON_CreateIntArray(r->regions[i].len, r->n));
            cJSON_AddItemToArray(ra, g);
        }
    }
    cJSON_AddBoolToObject(o, "saturated", r->saturated);
    if (r->saturated) cJSON_AddStringToObject(o, "saturated_why", r->saturated_why);
    cJSON_AddBoolToObject(o, "deadlock", r->deadlock);
    if (r->not_deadlock_free[0]) cJSON_AddStringToObject(o, "not_deadlock_free", r->not_deadlock_free);
    if (c->drain) cJSON_AddBoolToObject(o, "drained", r->drained);
    if (c->precision > 0) cJSON_AddBoolToObject(o, "precision_reached", r->precision_stop);
    cJSON_AddNumberToObject(o, "batches", r->batches);
    if (r->deadlock_report) cJSON_AddStringToObject(o, "deadlock_report", r->deadlock_report);
    cJSON_AddItemToObject(o, "vc_usage", num_array(r->vc_usage, r->V));
    cJSON_AddItemToObject(o, "vc_flit_share", num_array(r->vc_flit_share, r->V));
    cJSON_AddItemToObject(o, "channel_utilization", num_array(r->chan_util, r->N * r->Pn));
    cJSON_AddItemToObject(o, "node_load", num_array(r->node_load, r->N));
    char err[300];
    return report_json_write(o, path, 1, err, sizeof err) ? -1 : 0;
}
