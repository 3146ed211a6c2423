/* heatmap.c: see heatmap.h. */
#include "heatmap.h"
#include "plot.h"
#include <stdio.h>
#include <string.h>

/* radices of the map's two axes (a ring is one row) */
static void map_dims(const sim_config *c, int *kx, int *ky)
{
    *kx = c->k[0];
    *ky = c->n > 1 ? c->k[1] : 1;
}

int heatmap_check(const sim_config *c, const char *path, char *err, size_t errlen)
{
    if (c->n > 2) {
        char shape[128];
        snprintf(err, errlen, "--heatmap draws networks of 1 or 2 dimensions; this is a %s",
                 config_shape(c, shape, sizeof shape));
        return -1;
    }
    return plot_writable(path, err, errlen) ? 0 : -1;
}

int heatmap_write(const char *path, const sim_config *c, const sim_result *r, double *peak, int *peak_x, int *peak_y,
                  char *err, size_t errlen)
{
    int kx, ky;
    map_dims(c, &kx, &ky);
    plot_tmp t;
    char load[320], marks[320];
    if (plot_tmp_begin(&t, err, errlen)) return -1;
    FILE *d = plot_tmp_open(&t, "load.dat", load, sizeof load, err, errlen);
    FILE *m = d ? plot_tmp_open(&t, "faulty.dat", marks, sizeof marks, err, errlen) : NULL;
    if (!m) {
        if (d) fclose(d);
        plot_tmp_end(&t);
        return -1;
    }
    /* node x sits at (x mod kx, x div kx): coordinate 0 is the fastest-changing, as in
     * the node ids and `flitnet faults`' map */
    const int label = kx <= 16 && ky <= 16; /* the load in each cell, where there is room */
    *peak = -1;
    *peak_x = *peak_y = 0;
    for (int x = 0; x < r->N; x++) {
        const int px = x % kx, py = x / kx, st = r->fault_state ? r->fault_state[x] : 0;
        if (st) {
            fprintf(m, "%d %d %d\n", px, py, st);
            continue;
        }
        fprintf(d, "%d %d %.6f %.0f\n", px, py, r->node_load[x], 100 * r->node_load[x]);
        if (r->node_load[x] > *peak) {
            *peak = r->node_load[x];
            *peak_x = px;
            *peak_y = py;
        }
    }
    fprintf(m, "-10 -10 0\n"); /* gnuplot refuses an empty data file: a point off the map */
    fclose(d);
    fclose(m);
    FILE *g = popen("gnuplot", "w");
    if (!g) {
        snprintf(err, errlen, "cannot run gnuplot");
        plot_tmp_end(&t);
        return -1;
    }
    char shape[128], title[512];
    snprintf(title, sizeof title, "node load (%% of the cycles its network output channels carry a flit, their mean)\n"
             "%s, V=%d, %s, %s traffic at %.4g flits/node/cycle, cycles %ld..%llu",
             config_shape(c, shape, sizeof shape), c->vcs, c->routing, config_traffic_name(c->traffic), r->offered_flit_rate,
             c->warmup, (unsigned long long)r->cycles);
    /* square cells; a ring's strip, or a grid much wider than high (16x2), would leave the
     * colour bar no height: those get a strip of a fixed shape */
    const int strip = ky == 1 || 4 * ky < kx;
    const int w = kx > ky ? 900 : 300 + 600 * kx / ky, h = strip ? 450 : kx > ky ? 200 + 700 * ky / kx : 800;
    plot_terminal(g, &t, path, title, w < 500 ? 500 : w, h < 260 ? 260 : h);
    if (strip) fprintf(g, "set size ratio 0.3\n");
    else fprintf(g, "set size ratio -1\n");
    fprintf(g, "unset key\n");
    fprintf(g, "set xrange [-0.5:%g]\nset yrange [-0.5:%g]\n", kx - 0.5, ky - 0.5);
    fprintf(g, "set xtics 0,1,%d out nomirror\nset ytics 0,1,%d out nomirror\n", kx - 1, ky - 1);
    if (kx > 16) fprintf(g, "set xtics %d\n", kx / 8);
    if (ky > 16) fprintf(g, "set ytics %d\n", ky / 8);
    fprintf(g, "set xlabel 'x (coordinate 0)'\nset ylabel '%s'\n", ky > 1 ? "y (coordinate 1)" : "");
    fprintf(g, "set palette defined (0 '#fff7ec', 0.35 '#fdbb84', 0.7 '#e34a33', 1 '#7f0000')\n");
    fprintf(g, "set cbrange [0:%.6g]\n", *peak > 0 ? 100 * *peak : 100);
    fprintf(g, "set cblabel 'node load (%%)'\n");
    fprintf(g, "plot '%s' using 1:2:(0.5):(0.5):($3*100) with boxxyerror fs solid 1.0 noborder lc palette notitle", load);
    /* notitle: an SVG would name each series by its temporary file. Faulty nodes dark,
     * disabled ones (fault-free, enclosed by a region) grey */
    fprintf(g, ", '%s' using 1:2:(0.5):(0.5):($3==1?2105376:9474192) with boxxyerror fs solid 1.0 noborder lc rgb variable notitle",
            marks);
    fprintf(g, ", '%s' using 1:2:($3==1?'X':'x') with labels textcolor rgb 'white' font 'sans,11' notitle", marks);
    /* white on the dark cells */
    if (label)
        fprintf(g, ", '%s' using 1:2:4:($3 > %.6g ? 16777215 : 0) with labels font 'sans,9' textcolor rgb variable notitle", load,
                0.6 * *peak);
    fprintf(g, "\n");
    return plot_finish(g, &t, path, err, errlen);
}
