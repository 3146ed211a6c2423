/* config.h: the simulation configuration: every key, its default, its parser and
 * its validation. The same table serves config files (`key = value` lines, parsed
 * with inih), command-line overrides, the README's key list and the JSON echo. */
#ifndef FLITNET_CONFIG_H
#define FLITNET_CONFIG_H
#include "topology.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CFG_MAX_LIST 64
#define CFG_ERR 512
/* the warm-up when none is given: cycles/10, at most this */
#define WARMUP_MAX_AUTO 10000

typedef enum { LEN_FIXED, LEN_EXP } len_dist;
/* fault_handling key values */
enum { FH_AUTO_KEY = 0, FH_FRING_KEY = 1, FH_SOFTWARE_KEY = 2 };
typedef enum { PROC_POISSON, PROC_BERNOULLI } arrival_process;
typedef enum {
    TR_UNIFORM, TR_TRANSPOSE, TR_BITCOMP, TR_BITREV, TR_SHUFFLE, TR_TORNADO, TR_NEIGHBOR,
    TR_HOTSPOT, TR_LOCALITY, TR_TRACE
} traffic_kind;

typedef struct {
    topo_kind topology;
    int n, nk, k[MAX_DIMS];
    int vcs, buf_depth, obuf_depth;
    char routing[32];
    int dateline, select;
    double msg_len;
    len_dist msg_len_dist;
    double rate, flit_rate;       /* exactly one is > 0 after resolution */
    arrival_process process;
    traffic_kind traffic;
    int hotspot;
    double hotspot_frac;
    double locality_alpha;
    int n_locality_p;
    double locality_p[CFG_MAX_LIST];
    char trace[512];
    long cycles, warmup;          /* warmup < 0 until config_resolve: auto */
    uint64_t seed;
    int drain, batches;
    long deadlock_cycles, max_queue;
    int stop_saturated;           /* 1: a run that saturates stops there; 0: it runs (and drains) to the end */
    int source_full;              /* a message generated at a full source queue: 0 stops the run, 1 is dropped */
    double precision;             /* stop once the latency's 95 % CI is within this share of the mean (0: off) */
    int timeout, escape_vcs;      /* §5.1 time-out; escape VCs of the duato_* routings (0: minimum) */
    int faults;                   /* §7.1, §7.2: faulty nodes drawn at random (resolved from fault_pct) ... */
    double fault_pct;             /* ... given as a percentage of the nodes (0: a count) ... */
    char fault_nodes[512];        /* ... or listed ... */
    char fault_file[512];         /* ... or read from a file */
    int fault_handling;           /* 0 auto, 1 fring, 2 software (the key's order) */
    uint64_t fault_seed;
    long reinject_delay;          /* node software: cycles before a rerouted message may leave */
    int threads;                  /* threads stepping one run (0: one per CPU online); changes no result */
    /* which keys were given (index in the key table) */
    unsigned char given[64];
} sim_config;

/* precision stopping (key precision): the batches when none are given, and the fewest batches
 * a run may stop after */
#define PRECISION_BATCHES 30
#define PRECISION_MIN_BATCHES 10
/* ... and batches at least this many mean latencies long */
#define PRECISION_BATCH_LATENCIES 10
void config_defaults(sim_config *c);
/* "key=value". Returns 0 or -1 with a reason. */
int config_set(sim_config *c, const char *key, const char *value, char *err, size_t errlen);
/* a config file of `key = value` lines; "# ..." comments. err names file and line. */
int config_load(sim_config *c, const char *path, char *err, size_t errlen);
/* cross-key checks and derived values (after all sets). */
int config_resolve(sim_config *c, char *err, size_t errlen);
/* the resolved value of key i as text; returns NULL past the last key */
/* the shortest decimal that reads back as the same double */
void config_format_double(char *buf, size_t len, double v);
const char *config_key_name(int i);
/* 1 when the key was set (file or argument), 0 when it holds its default */
int config_given(const sim_config *c, const char *key);
/* *s without the blanks around it: *s is moved past the leading ones, the length without
 * the trailing ones returned (a key or value as the config file reads it) */
size_t config_trim(const char **s);
const char *config_key_help(int i);
/* the longest text config_value writes, its NUL included: a list of CFG_MAX_LIST numbers
 * of at most 24 characters each (%.17g) and their commas; every string key is shorter */
#define CFG_VALUE_MAX (CFG_MAX_LIST * 25 + 1)
/* key i's value as text, for the JSON echo and the jobs files; buf holds CFG_VALUE_MAX */
void config_value(const sim_config *c, int i, char buf[CFG_VALUE_MAX]);
const char *config_traffic_name(traffic_kind t);
/* the nodes of a resolved configuration's network (a hypercube has k = 2 in every dimension) */
long config_nodes(const sim_config *c);
/* "8x8 torus", "16x16 torus_uni", "2^10 hypercube" (after resolution); returns buf */
const char *config_shape(const sim_config *c, char *buf, size_t len);
#endif
