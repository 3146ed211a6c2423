/* report.h: what a run tells the user: the readable summary on stdout and the JSON
 * document (results, the resolved configuration, the program version). */
#ifndef FLITNET_REPORT_H
#define FLITNET_REPORT_H
#include "config.h"
#include "sim.h"
#include <stdio.h>

#define FLITNET_VERSION "0.1.0"

void report_summary(FILE *f, const sim_config *c, const sim_result *r);
/* writes the JSON document; 0 or -1 with errno set */
int report_json(const char *path, const sim_config *c, const sim_result *r);
#endif
