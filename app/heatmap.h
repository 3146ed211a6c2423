/* heatmap.h: a run's node loads drawn as a map of the network (flitnet sim --heatmap):
 * one cell per node at its coordinates, coloured by the mean utilization of its network
 * output channels over the measurement window, faulty and disabled nodes marked, so that
 * the traffic piling up round a fault region (its f-ring) or at a hot spot shows at a
 * glance. Tori and meshes of one or two dimensions. */
#ifndef FLITNET_HEATMAP_H
#define FLITNET_HEATMAP_H
#include "config.h"
#include "sim.h"
#include <stddef.h>

/* before the run: the network can be drawn (n <= 2) and path can be written; 0, or -1
 * with a reason */
int heatmap_check(const sim_config *c, const char *path, char *err, size_t errlen);
/* draws r's node loads into path (.png, else SVG); the peak's load and node into *peak,
 * *peak_x, *peak_y; 0, or -1 with a reason */
int heatmap_write(const char *path, const sim_config *c, const sim_result *r, double *peak, int *peak_x, int *peak_y,
                  char *err, size_t errlen);
#endif
