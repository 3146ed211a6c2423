/* report.h: what a run tells the user: the readable summary on stdout and the JSON
 * document (results, the resolved configuration, the program version). */
#ifndef FLITNET_REPORT_H
#define FLITNET_REPORT_H
#include "config.h"
#include "sim.h"
#include <cjson/cJSON.h>
#include <stdio.h>

#define FLITNET_VERSION "0.1.0"

void report_summary(FILE *f, const sim_config *c, const sim_result *r);
/* writes the JSON document; 0 or -1 with errno set */
int report_json(const char *path, const sim_config *c, const sim_result *r);

/* The one writer of the JSON and CSV files the commands produce (sim, sweep, merge,
 * model, compare). */
/* adds the resolved configuration to doc as the object "config" (every key, as text) */
void report_json_config(cJSON *doc, const sim_config *c);
/* prints doc to path (to stdout when path is "-" and dash_is_stdout) and deletes it.
 * Returns 0; -1 when it could not be printed or the file not opened (errno); -2 when a
 * write or the close failed (err says why) */
int report_json_write(cJSON *doc, const char *path, int dash_is_stdout, char *err, size_t errlen);
/* opens a CSV file and writes its header line; NULL with errno when it cannot */
FILE *report_csv_open(const char *path, const char *header);
/* closes a CSV file; -1 with the reason in err when a write or the close failed */
int report_csv_close(FILE *f, const char *path, char *err, size_t errlen);
#endif
