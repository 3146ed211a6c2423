/* faults.c: see faults.h. */
#include "faults.h"
#include "progress.h"
#include "textfile.h"
#include "rng.h"
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int fs_alloc(fault_set *fs, const topology *t)
{
    memset(fs, 0, sizeof *fs);
    fs->faulty = calloc((size_t)t->N, 1);
    fs->blocked = calloc((size_t)t->N, 1);
    fs->region_of = malloc(sizeof(int) * (size_t)t->N);
    fs->regions = calloc((size_t)t->N, sizeof *fs->regions);
    fs->work = malloc(sizeof(int) * (size_t)t->N);
    return fs->faulty && fs->blocked && fs->region_of && fs->regions && fs->work ? 0 : -1;
}

void faults_free(fault_set *fs)
{
    free(fs->faulty);
    free(fs->blocked);
    free(fs->region_of);
    free(fs->regions);
    free(fs->work);
    memset(fs, 0, sizeof *fs);
}

int faults_percent_count(double percent, int N) { return (int)floor(percent * N / 100.0 + 0.5); }

int faults_disconnected(const topology *t, const uint8_t *blocked, int *a)
{
    int N = t->N, *queue = malloc(sizeof(int) * (size_t)N), res = -1;
    uint8_t *seen = calloc((size_t)N, 1);
    if (!queue || !seen) { free(queue); free(seen); return -1; }
    int start = 0;
    while (start < N && blocked[start]) start++;
    *a = start;
    if (start < N) {
        int qh = 0, qt = 0;
        queue[qt++] = start;
        seen[start] = 1;
        while (qh < qt) {
            int x = queue[qh++];
            for (int p = 0; p < t->Pn; p++) {
                int y = t->nbr[x * t->Pn + p];
                if (y >= 0 && !blocked[y] && !seen[y]) { seen[y] = 1; queue[qt++] = y; }
            }
        }
        for (int x = 0; x < N && res < 0; x++)
            if (!blocked[x] && !seen[x]) res = x;
    }
    free(queue);
    free(seen);
    return res;
}

/* ---- reading sets ---- */

static int mark(fault_set *fs, const topology *t, long v, const char *what, char *err, size_t errlen)
{
    if (v < 0 || v >= t->N) {
        snprintf(err, errlen, "%s: node %ld does not exist (nodes 0..%d)", what, v, t->N - 1);
        return -1;
    }
    if (fs->faulty[v]) {
        snprintf(err, errlen, "%s: node %ld is listed twice", what, v);
        return -1;
    }
    fs->faulty[v] = 1;
    fs->nf++;
    return 0;
}

static int parse_list(fault_set *fs, const topology *t, const char *list, char *err, size_t errlen)
{
    const char *p = list;
    while (isspace((unsigned char)*p)) p++;
    if (!*p) return 0; /* fault_nodes = (nothing): no node */
    for (;;) {
        while (isspace((unsigned char)*p)) p++;
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (errno == ERANGE) { /* not "node LONG_MAX does not exist" */
            snprintf(err, errlen, "fault_nodes: '%.*s' is not a node id (too large)", (int)(end - p < 40 ? end - p : 40), p);
            return -1;
        }
        if (end == p) {
            if (!*p || *p == ',') snprintf(err, errlen, "fault_nodes: '%s' has an empty element (ids are separated by single commas)", list);
            else snprintf(err, errlen, "fault_nodes: '%.20s' is not a node id", p);
            return -1;
        }
        if (mark(fs, t, v, "fault_nodes", err, errlen)) return -1;
        p = end;
        while (isspace((unsigned char)*p)) p++;
        if (!*p) return 0;
        if (*p != ',') {
            snprintf(err, errlen, "fault_nodes: unexpected '%c' (expected a comma list of node ids)", *p);
            return -1;
        }
        p++;
    }
}

int faults_list_count(const topology *t, const char *list, char *err, size_t errlen)
{
    fault_set fs = {0};
    if (!(fs.faulty = calloc((size_t)t->N, 1))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = parse_list(&fs, t, list, err, errlen);
    free(fs.faulty);
    return rc ? -1 : fs.nf;
}

/* one node per line: an id, or n coordinates "c0,c1[,c2...]"; '#' starts a comment */
static int parse_file(fault_set *fs, const topology *t, const char *path, char *err, size_t errlen)
{
    FILE *f = textfile_open(path, "fault_file", err, errlen);
    if (!f) return -1;
    char line[512], what[600];
    int ln = 0, rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        ln++;
        if (strlen(line) == sizeof line - 1 && line[sizeof line - 2] != '\n' && !feof(f)) {
            snprintf(err, errlen, "fault_file %s line %d: line too long (at most %d characters)", path, ln,
                     (int)sizeof line - 2);
            rc = -1;
            break;
        }
        char *h = strchr(line, '#');
        if (h) *h = 0;
        long v[MAX_DIMS];
        int nv = 0;
        char *p = line, *end;
        snprintf(what, sizeof what, "fault_file %s line %d", path, ln);
        for (;;) {
            while (isspace((unsigned char)*p)) p++;
            if (!*p) break;
            if (nv == MAX_DIMS) { snprintf(err, errlen, "%s: too many numbers", what); rc = -1; break; }
            v[nv] = strtol(p, &end, 10);
            if (end == p) {
                if (*p == ',') snprintf(err, errlen, "%s: a comma with no coordinate before it", what);
                else snprintf(err, errlen, "%s: '%.*s' is not a number", what, (int)strcspn(p, "\r\n"), p);
                rc = -1;
                break;
            }
            nv++;
            p = end;
            while (isspace((unsigned char)*p)) p++;
            if (*p == ',') {
                for (p++; isspace((unsigned char)*p); p++) {}
                if (!*p || *p == ',') { snprintf(err, errlen, "%s: a comma with no coordinate after it", what); rc = -1; break; }
            } else if (*p) { snprintf(err, errlen, "%s: unexpected '%c'", what, *p); rc = -1; break; }
        }
        if (rc || !nv) continue;
        long id;
        if (nv == 1) {
            id = v[0];
        } else if (nv == t->n) {
            id = 0;
            for (int d = t->n - 1; d >= 0; d--) {
                if (v[d] < 0 || v[d] >= t->k[d]) {
                    snprintf(err, errlen, "%s: coordinate %ld of dimension %d is outside 0..%d", what, v[d], d, t->k[d] - 1);
                    rc = -1;
                    break;
                }
                id = id * t->k[d] + v[d];
            }
            if (rc) break;
        } else {
            snprintf(err, errlen, "%s: %d numbers; give a node id or %d coordinates", what, nv, t->n);
            rc = -1;
            break;
        }
        rc = mark(fs, t, id, what, err, errlen);
    }
    fclose(f);
    /* the file switches the fault layer on (its ring VCs reserved): with no node that would
     * be a fault-free network that quietly runs on fewer VCs */
    if (!rc && !fs->nf) {
        snprintf(err, errlen, "fault_file %s lists no node (for a fault-free network leave fault_file out)", path);
        rc = -1;
    }
    return rc;
}

/* ---- block regions (§7.2) ---- */

/* step 1: disable fault-free nodes with blocked neighbours in two dimensions; 1 if any.
 * (Scans until none changes. A work list that looks at a node again only when a
 * neighbour is disabled ran more instructions on dense draws, where nearly every node is
 * disabled: 16 G against 14 G for 1,000 draws of 2 % on 16x16x16x16.) */
static int disable_pass(fault_set *fs, const topology *t)
{
    int any = 0, again = 1;
    while (again) {
        again = 0;
        for (int x = 0; x < t->N; x++) {
            if (fs->blocked[x]) continue;
            int dims = 0;
            for (int d = 0; d < t->n && dims < 2; d++) {
                int a = t->nbr[x * t->Pn + 2 * d], b = t->nbr[x * t->Pn + 2 * d + 1];
                if ((a >= 0 && fs->blocked[a]) || (b >= 0 && fs->blocked[b])) dims++;
            }
            if (dims >= 2) fs->blocked[x] = again = any = 1;
        }
    }
    return any;
}

/* the shortest arc holding the coordinates marked in used[0..k-1] (a torus) or [min, max] */
static void cover(const uint8_t *used, int k, int torus, int *lo, int *len)
{
    if (!torus) {
        int a = 0, b = k - 1;
        while (!used[a]) a++;
        while (!used[b]) b--;
        *lo = a;
        *len = b - a + 1;
        return;
    }
    /* the longest run of unused coordinates (circularly) is left out */
    int best = 0, best_end = 0, run = 0;
    for (int i = 0; i < 2 * k; i++) {
        run = used[i % k] ? 0 : run + 1;
        if (run > best && run <= k) { best = run; best_end = i % k; }
    }
    if (best == 0) { *lo = 0; *len = k; return; }
    *lo = (best_end + 1) % k;
    *len = k - best;
}

/* a region whose box is len nodes long in dimension d cannot be gone round: a torus ring
 * needs a free coordinate on each side, a mesh ring one side at least (regions_closable
 * gives the reason; merge_pass's quick test asks it of a lower bound of len) */
static int box_too_long(const topology *t, int d, int len)
{
    return t->kind == TOPO_TORUS ? len > t->k[d] - 2 : t->kind == TOPO_MESH && len == t->k[d];
}

/* step 2: regions of Chebyshev-adjacent blocked nodes, each filled to its box; 1 if any
 * node was disabled. With `quick`, -1 as soon as a region being gathered holds so many
 * coordinates of a dimension that regions_closable must refuse it after this pass: the
 * set is refused then, and a draw that is not the last needs no reason (the growing
 * region of a dense draw is most of the network, and gathering it all was most of a
 * refusal's time) */
static int merge_pass(fault_set *fs, const topology *t, int quick)
{
    const int N = t->N, n = t->n, torus = t->kind == TOPO_TORUS;
    int noff = 1;
    for (int d = 0; d < n; d++) noff *= 3;
    int *queue = fs->work, any = 0, stride[MAX_DIMS];
    enum { NONE = INT_MIN / (MAX_DIMS + 1) };
    for (int d = 0, st = 1; d < n; d++) { stride[d] = st; st *= t->k[d]; }
    uint8_t used[MAX_DIMS][256];
    for (int x = 0; x < N; x++) fs->region_of[x] = -1;
    fs->nregions = 0;
    for (int s = 0; s < N; s++) {
        if (!fs->blocked[s] || fs->region_of[s] >= 0) continue;
        int r = fs->nregions++, qt = 0, nused[MAX_DIMS] = {0};
        memset(used, 0, sizeof used);
        queue[qt++] = s;
        fs->region_of[s] = r;
        /* depth first: the region is the same in any order, and a search that goes deep
         * finds a region too long to go round after about k of its nodes, where a
         * breadth-first one gathers a ball of radius k / 2, most of an n-D network */
        while (qt > 0) {
            int x = queue[--qt];
            /* the index step of each offset -1, 0, +1 per dimension (NONE off a mesh), so
             * that each of the 3^n - 1 neighbours costs n additions */
            int step[MAX_DIMS][3];
            for (int d = 0; d < n; d++) {
                int c = topo_coord(t, x, d), k = t->k[d];
                nused[d] += !used[d][c];
                used[d][c] = 1;
                /* a lower bound of the box's length: the shortest arc holding nused[d]
                 * coordinates is at least that long; a mesh box holding both ends is k */
                if (quick && box_too_long(t, d, torus ? nused[d] : used[d][0] && used[d][k - 1] ? k : 0)) return -1;
                for (int o = 0; o < 3; o++) {
                    int nc = c + o - 1;
                    step[d][o] = t->kind == TOPO_MESH && (nc < 0 || nc >= k) ? NONE : ((nc + k) % k - c) * stride[d];
                }
            }
            int dig[MAX_DIMS];
            for (int d = 0; d < n; d++) dig[d] = 0;
            for (int o = 0; o < noff; o++) {
                int y = x, off_mesh = 0, zero = 1;
                for (int d = 0; d < n; d++) {
                    off_mesh |= step[d][dig[d]] == NONE;
                    y += step[d][dig[d]];
                    zero &= dig[d] == 1;
                }
                for (int d = 0; d < n && ++dig[d] == 3; d++) dig[d] = 0;
                if (zero || off_mesh) continue;
                if (fs->blocked[y] && fs->region_of[y] < 0) { fs->region_of[y] = r; queue[qt++] = y; }
            }
        }
        fault_region *g = &fs->regions[r];
        memset(g, 0, sizeof *g);
        for (int d = 0; d < n; d++) cover(used[d], t->k[d], torus, &g->lo[d], &g->len[d]);
    }
    /* fill every box, node by node of the box (a scan of every node for every region costs
     * N x regions a pass) */
    for (int r = 0; r < fs->nregions; r++) {
        const fault_region *g = &fs->regions[r];
        int rel[MAX_DIMS] = {0};
        for (;;) {
            int x = 0, stride = 1;
            for (int d = 0; d < n; d++) {
                x += (g->lo[d] + rel[d]) % t->k[d] * stride;
                stride *= t->k[d];
            }
            if (!fs->blocked[x]) { fs->blocked[x] = 1; any = 1; }
            int d = 0;
            while (d < n && ++rel[d] == g->len[d]) rel[d++] = 0;
            if (d == n) break;
        }
    }
    return any;
}

static void box_name(const fault_region *g, const topology *t, char *buf, size_t len)
{
    size_t o = 0;
    static const char dn[] = "xyzuvw";
    for (int d = 0; d < t->n && o < len; d++) {
        int hi = (g->lo[d] + g->len[d] - 1) % t->k[d];
        o += (size_t)snprintf(buf + o, len - o, "%s%c %d..%d", d ? ", " : "", d < 6 ? dn[d] : '?', g->lo[d], hi);
    }
}

/* 0, or -1 with the reason when a region cannot be gone round */
static int regions_closable(const fault_set *fs, const topology *t, char *err, size_t errlen)
{
    char b[160];
    for (int r = 0; r < fs->nregions; r++) {
        const fault_region *g = &fs->regions[r];
        for (int d = 0; d < t->n; d++) {
            if (!box_too_long(t, d, g->len[d])) continue;
            box_name(g, t, b, sizeof b);
            if (t->kind == TOPO_TORUS)
                snprintf(err, errlen, "fault region (%s) spans %d of the %d nodes of dimension %d: its f-ring cannot close",
                         b, g->len[d], t->k[d], d);
            else
                snprintf(err, errlen, "fault region (%s) spans mesh dimension %d from edge to edge: it cannot be gone round",
                         b, d);
            return -1;
        }
    }
    return 0;
}

/* forms the regions; 0, or -1 when one cannot be gone round (with `quick`, without the
 * reason: see merge_pass) */
static int form_regions(fault_set *fs, const topology *t, int quick, char *err, size_t errlen)
{
    memcpy(fs->blocked, fs->faulty, (size_t)t->N);
    /* the passes only add nodes, so a region only grows: one that cannot be gone round
     * refuses the set after the pass that made it so, not after the passes that grow it
     * to the whole network (with the fill above: 1,000 draws of 5 % faulty nodes on
     * 32x32x32 refused in 15 s of CPU, where they took 35 s) */
    for (;;) {
        int disabled = disable_pass(fs, t), merged = merge_pass(fs, t, quick);
        if (merged < 0) {
            snprintf(err, errlen, "a fault region cannot be gone round");
            return -1;
        }
        if (regions_closable(fs, t, err, errlen)) return -1;
        if (!disabled && !merged) break;
    }
    fs->ndisabled = 0;
    for (int x = 0; x < t->N; x++) {
        if (!fs->blocked[x]) continue;
        fault_region *g = &fs->regions[fs->region_of[x]];
        if (fs->faulty[x]) g->nfaulty++;
        else { g->ndisabled++; fs->ndisabled++; }
    }
    return 0;
}

int faults_form(const topology *t, const uint8_t *faulty, int quick, uint8_t *blocked, char *err, size_t errlen)
{
    fault_set fs;
    if (fs_alloc(&fs, t)) {
        faults_free(&fs);
        snprintf(err, errlen, "out of memory");
        return -2;
    }
    memcpy(fs.faulty, faulty, (size_t)t->N);
    int rc = form_regions(&fs, t, quick, err, errlen);
    if (blocked) memcpy(blocked, fs.blocked, (size_t)t->N);
    faults_free(&fs);
    return rc;
}

static int check_set(fault_set *fs, const topology *t, const fault_spec *sp, int quick, fault_accept accept, void *ctx,
                     char *err, size_t errlen)
{
    if (sp->block) {
        if (form_regions(fs, t, quick, err, errlen)) return -1;
    } else {
        memcpy(fs->blocked, fs->faulty, (size_t)t->N);
        fs->ndisabled = 0;
    }
    int usable = t->N - fs->nf - fs->ndisabled;
    if (usable < 2) {
        snprintf(err, errlen, "%d faulty and %d disabled nodes leave fewer than 2 fault-free nodes of %d", fs->nf,
                 fs->ndisabled, t->N);
        return -1;
    }
    char na[64], nb[64];
    int a, b = faults_disconnected(t, fs->blocked, &a);
    if (b >= 0) {
        snprintf(err, errlen, "the fault set disconnects the network: node %s cannot reach node %s",
                 topo_node_name(t, a, na, sizeof na), topo_node_name(t, b, nb, sizeof nb));
        return -1;
    }
    return accept ? accept(ctx, fs, err, errlen) : 0;
}

static int build_set(fault_set *fs, const topology *t, const fault_spec *sp, fault_accept accept, void *ctx, char *err,
                     size_t errlen)
{
    if (fs_alloc(fs, t)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (sp->block && (t->kind == TOPO_TORUS || t->kind == TOPO_MESH) && t->n > FAULT_MAX_BLOCK_DIMS) {
        snprintf(err, errlen, "block fault regions are formed for up to %d dimensions (n = %d)", FAULT_MAX_BLOCK_DIMS, t->n);
        return -1;
    }
    int given = (sp->list && *sp->list) + (sp->file && *sp->file) + (sp->count > 0);
    if (given > 1) {
        snprintf(err, errlen, "give one of faults, fault_nodes and fault_file");
        return -1;
    }
    if ((sp->list && *sp->list) || (sp->file && *sp->file)) {
        if (sp->list && *sp->list ? parse_list(fs, t, sp->list, err, errlen) : parse_file(fs, t, sp->file, err, errlen))
            return -1;
        return check_set(fs, t, sp, 0, accept, ctx, err, errlen);
    }
    if (sp->count > t->N - 2) {
        snprintf(err, errlen, "faults = %d leaves fewer than 2 fault-free nodes of %d", sp->count, t->N);
        return -1;
    }
    int *perm = malloc(sizeof(int) * (size_t)t->N);
    if (!perm) { snprintf(err, errlen, "out of memory"); return -1; }
    rng_t r;
    rng_seed(&r, sp->seed, 0xFA171ULL);
    char last[400] = "";
    progress_begin();
    for (int attempt = 0; attempt < FAULT_MAX_DRAWS; attempt++) {
        progress_show("fault set: draw %d of at most %d", attempt + 1, FAULT_MAX_DRAWS);
        /* a partial Fisher-Yates shuffle picks `count` distinct nodes */
        for (int x = 0; x < t->N; x++) perm[x] = x;
        memset(fs->faulty, 0, (size_t)t->N);
        for (int i = 0; i < sp->count; i++) {
            int j = i + (int)rng_below(&r, (uint32_t)(t->N - i)), tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
            fs->faulty[perm[i]] = 1;
        }
        fs->nf = sp->count;
        fs->draws = attempt + 1;
        /* only the last draw's reason is reported */
        if (!check_set(fs, t, sp, attempt < FAULT_MAX_DRAWS - 1, accept, ctx, last, sizeof last)) {
            free(perm);
            progress_end();
            return 0;
        }
    }
    free(perm);
    progress_end();
    snprintf(err, errlen, FAULT_NO_SET "%d faulty nodes in %d draws (last: %s)", sp->count, FAULT_MAX_DRAWS, last);
    return -1;
}

int faults_build(fault_set *fs, const topology *t, const fault_spec *sp, fault_accept accept, void *ctx, char *err,
                 size_t errlen)
{
    if (!build_set(fs, t, sp, accept, ctx, err, errlen)) return 0;
    faults_free(fs); /* a refused set owns nothing (faults_free again is harmless) */
    return -1;
}

/* ---- the map ---- */

/* how many regions' f-rings hold x (x at Chebyshev distance 1 from the box) */
static int rings_at(const fault_set *fs, const topology *t, int x)
{
    int cnt = 0;
    for (int r = 0; r < fs->nregions; r++) {
        const fault_region *g = &fs->regions[r];
        int near = 1;
        for (int d = 0; d < t->n && near; d++) {
            int k = t->k[d], rel = ((topo_coord(t, x, d) - g->lo[d] + 1) % k + k) % k;
            if (t->kind == TOPO_MESH) rel = topo_coord(t, x, d) - g->lo[d] + 1;
            near = rel >= 0 && rel < g->len[d] + 2;
        }
        cnt += near && !fs->blocked[x];
    }
    return cnt;
}

void faults_print(FILE *f, const fault_set *fs, const topology *t)
{
    char b[160];
    fprintf(f, "%d faulty node%s, %d disabled, %d region%s, %d fault-free nodes of %d", fs->nf, fs->nf == 1 ? "" : "s",
            fs->ndisabled, fs->nregions, fs->nregions == 1 ? "" : "s", t->N - fs->nf - fs->ndisabled, t->N);
    if (fs->draws) fprintf(f, " (drawn: %d draw%s)", fs->draws, fs->draws == 1 ? "" : "s");
    fprintf(f, "\n");
    if (t->kind == TOPO_TORUS || t->kind == TOPO_MESH) {
        int kx = t->k[0], ky = t->n > 1 ? t->k[1] : 1, layers = t->N / (kx * ky);
        fprintf(f, "map (X faulty, x disabled, o on an f-ring, 8 on two or more f-rings; y up, x right):\n");
        for (int z = 0; z < layers; z++) {
            if (layers > 1) fprintf(f, "layer %d (coordinates above y):\n", z);
            for (int y = ky - 1; y >= 0; y--) {
                fprintf(f, "%4d ", y);
                for (int x = 0; x < kx; x++) {
                    int id = x + kx * (y + ky * z);
                    char c = '.';
                    if (fs->faulty[id]) c = 'X';
                    else if (fs->blocked[id]) c = 'x';
                    else if (fs->nregions) {
                        int rr = rings_at(fs, t, id);
                        c = rr >= 2 ? '8' : rr == 1 ? 'o' : '.';
                    }
                    fprintf(f, " %c", c);
                }
                fprintf(f, "\n");
            }
            fprintf(f, "     ");
            for (int x = 0; x < kx; x++) fprintf(f, "%2d", x % 100);
            fprintf(f, "\n");
        }
    } else {
        fprintf(f, "faulty nodes:");
        for (int x = 0; x < t->N; x++)
            if (fs->faulty[x]) fprintf(f, " %d", x);
        fprintf(f, "\n");
    }
    for (int r = 0; r < fs->nregions; r++) {
        const fault_region *g = &fs->regions[r];
        box_name(g, t, b, sizeof b);
        fprintf(f, "region %d: %s: %d faulty, %d disabled\n", r, b, g->nfaulty, g->ndisabled);
        for (int d = 0; d < t->n; d++) {
            /* the sides of the ring in e that the mesh view has (§6.5: F uses no wrap link) */
            int e = (d + 1) % t->n, ke = t->k[e], hi = g->lo[e] + g->len[e] - 1;
            int plus = hi < ke - 1, minus = g->lo[e] > 0;
            fprintf(f, "  blocked in dimension %d: round the ring in dimension %d, %s\n", d, e,
                    hi >= ke      ? "- round its part at the high end, + round its part at the low end (the mesh view cuts it at the wrap link)"
                    : plus && minus ? "toward the destination (+ when level)"
                    : plus        ? "+ only (the - side is past the edge of the mesh view)"
                                  : "- only (the + side is past the edge of the mesh view)");
        }
    }
}
