/* vcd.c: see vcd.h.
 * After the routers have stepped cycle t, the registers hold state(t+1) except for the
 * flits and credits driven in cycle t, which the receivers absorb at the start of
 * their next step; the writer adds those to obtain state(t+1) and keeps it until the
 * outputs of cycle t+1 exist, because the RTL shows both at the same instant. */
#include "vcd.h"
#include "lfsr.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    S_CLK,
    /* registers (and what follows from them alone), sampled into st */
    S_LFSR, S_ACTIVE, S_OPORT, S_OVC, S_IB_CNT, S_IB_HEAD, S_REQ, S_VA_PTR, S_LINK_PTR,
    S_BUSY, S_CREDIT, S_OWNER, S_OB_CNT, S_OB_HEAD,
    /* decisions and wires of the cycle */
    S_GNT, S_MOVE, S_CR, S_IN_VALID, S_IN_VC, S_IN_FLIT, S_OUT_VALID, S_OUT_VC, S_OUT_FLIT, S_SENDING
};

typedef struct {
    int kind, x, a, b;  /* router, port, VC */
    int width;
    uint64_t st;        /* sampled state value */
    uint64_t last;      /* last value written */
    char id[6];
} vsig;

struct vcd_writer {
    FILE *f;
    uint64_t from, to;
    int nsig, cap, started, P, Pn, V, PV;
    vsig *s;
    int *busy_sig;      /* [N*PV] index of the busy_q signal of output VC j of router x */
    unsigned char *gnt; /* [N*PV] input VCs granted in the cycle being written */
    int err;            /* errno of the first write that failed, or 0 */
};

static int clog2i(long x)
{
    int b = 0;
    while ((1L << b) < x) b++;
    return b;
}

static int add(vcd_writer *w, int kind, int x, int a, int b, int width, const char *name)
{
    if (w->nsig == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 1024;
        vsig *n = realloc(w->s, sizeof *n * (size_t)w->cap);
        if (!n) return -1;
        w->s = n;
    }
    vsig *s = &w->s[w->nsig];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->x = x;
    s->a = a;
    s->b = b;
    s->width = width;
    /* identifiers: base 94 over the printable characters */
    int n = w->nsig, k = 0;
    do {
        s->id[k++] = (char)('!' + n % 94);
        n /= 94;
    } while (n && k < 5);
    s->id[k] = 0;
    if (width == 1) fprintf(w->f, " $var wire 1 %s %s $end\n", s->id, name);
    else fprintf(w->f, " $var wire %d %s %s [%d:0] $end\n", width, s->id, name, width - 1);
    return w->nsig++;
}

static const link_sig *out_slot(const network *net, int x, int o, int b)
{
    if (o == net->Pn) return &net->ej[b][x];
    int d = net->down[x * net->P + o];
    return d < 0 ? NULL : &net->in[b][d];
}

/* credit wires driven by router x for its input port i */
static uint32_t cr_slot(const network *net, int x, int i, int b)
{
    if (i == net->Pn) return net->cr[b][x * net->P + i];
    int u = net->up[x * net->P + i];
    return u < 0 ? 0 : net->cr[b][u];
}

/* The model keeps one-slot FIFOs and 0..1 credit counters as mask bits (network.h) */
static int ob_count(const network *net, int x, int o, int w)
{
    return net->Bo == 1 ? (int)(net->ps[x * net->P + o].ob_ne >> w & 1) : net->ovc[(x * net->P + o) * net->V + w].cnt;
}

static flit_t ob_front(const network *net, int ov)
{
    return net->Bo == 1 ? net->ob[ov] : net->ob[(size_t)ov * net->Bo + net->ovc[ov].head];
}

static int credit_of(const network *net, int x, int o, int w)
{
    if (o == net->Pn) return net->B; /* the ejection port has no credits: the RTL counter stays at B */
    return net->B == 1 ? (int)(net->ps[x * net->P + o].cred_ok >> w & 1) : net->ovc[(x * net->P + o) * net->V + w].credit;
}

static uint64_t sig_valid(const link_sig *l) { return l && l->vc >= 0; }
static uint64_t sig_vc(const link_sig *l) { return l && l->vc >= 0 ? (uint64_t)l->vc : 0; }
static uint64_t sig_flit(const link_sig *l) { return l && l->vc >= 0 ? l->flit : 0; }

/* state(t) from the registers after cycle t-1 and the signals of cycle t-1 (slot b) */
static void sample(vcd_writer *w, const network *net, uint64_t t, int b)
{
    const int P = net->P, V = net->V;
    for (int k = 0; k < w->nsig; k++) {
        vsig *s = &w->s[k];
        int x = s->x, iv = (x * P + s->a) * V + s->b;
        const link_sig *in = &net->in[b][x * P + s->a];
        int arriving = in->vc == s->b;
        switch (s->kind) {
        case S_LFSR: s->st = lfsr_at(net->lfsr_pos[x], t); break;
        case S_ACTIVE: s->st = net->ps[x * P + s->a].ivc_act >> s->b & 1; break;
        case S_OPORT: s->st = net->ivc[iv].oport; break;
        case S_OVC: s->st = net->ivc[iv].ovc; break;
        case S_IB_CNT: s->st = (uint64_t)network_ib_count(net, iv) + (uint64_t)arriving; break;
        case S_IB_HEAD:
            /* an arriving flit lands at the head slot when the FIFO is empty */
            s->st = network_ib_count(net, iv) == 0 && arriving ? in->flit : network_ib_front(net, iv);
            break;
        case S_REQ:
            s->st = !(net->ps[x * P + s->a].ivc_act >> s->b & 1) && (network_ib_count(net, iv) + arriving) > 0;
            break;
        case S_VA_PTR: s->st = net->ps[x * P + s->a].va_ptr; break;
        case S_LINK_PTR: s->st = net->ps[x * P + s->a].link_ptr; break;
        case S_BUSY: s->st = net->ps[x * P + s->a].ovc_busy >> s->b & 1; break;
        case S_CREDIT:
            s->st = (uint64_t)credit_of(net, x, s->a, s->b);
            if (s->a < net->Pn) s->st += net->cr[b][x * P + s->a] >> s->b & 1;
            break;
        case S_OWNER: s->st = net->ovc_owner[iv]; break;
        case S_OB_CNT: s->st = (uint64_t)ob_count(net, x, s->a, s->b); break;
        case S_OB_HEAD: s->st = ob_front(net, iv); break;
        default: break;
        }
    }
}

static void put(vcd_writer *w, vsig *s, uint64_t v, int force)
{
    if (!force && v == s->last) return;
    s->last = v;
    if (s->width == 1) {
        fprintf(w->f, "%d%s\n", (int)(v & 1), s->id);
        return;
    }
    char buf[72];
    int n = 0;
    for (int i = s->width - 1; i >= 0; i--) buf[n++] = (char)('0' + (v >> i & 1));
    buf[n] = 0;
    fprintf(w->f, "b%s %s\n", buf, s->id);
}

vcd_writer *vcd_open(const char *path, const network *net, uint64_t t_from, uint64_t t_to, char *err, size_t errlen)
{
    vcd_writer *w = calloc(1, sizeof *w);
    if (!w) { snprintf(err, errlen, "out of memory"); return NULL; }
    w->f = fopen(path, "w");
    if (!w->f) {
        snprintf(err, errlen, "cannot write %s", path);
        free(w);
        return NULL;
    }
    const int P = net->P, Pn = net->Pn, V = net->V, N = net->N, PV = P * V;
    w->from = t_from;
    w->to = t_to;
    w->P = P;
    w->Pn = Pn;
    w->V = V;
    w->PV = PV;
    w->busy_sig = calloc((size_t)N * PV, sizeof(int));
    w->gnt = calloc((size_t)N * PV, 1);
    const int VW = V > 1 ? clog2i(V) : 1, PW = P > 1 ? clog2i(P) : 1, QW = PV > 1 ? clog2i(PV) : 1;
    const int IBW = clog2i(net->B + 1), OBW = clog2i(net->Bo + 1), CRW = clog2i(net->B + 1);
    FILE *f = w->f;
    fprintf(f, "$version flitnet C model (c_model/waves/vcd.c) $end\n$timescale 1ns $end\n");
    fprintf(f, "$scope module TOP $end\n$scope module flitnet_network $end\n");
    int fail = !w->busy_sig || !w->gnt;
    fail |= add(w, S_CLK, 0, 0, 0, 1, "clk_i") < 0;
    for (int x = 0; x < N && !fail; x++) {
        fprintf(f, "$scope module g_node[%d] $end\n$scope module u_router $end\n", x);
        fail |= add(w, S_LFSR, x, 0, 0, 16, "lfsr") < 0;
        for (int i = 0; i < P; i++) {
            fprintf(f, "$scope module g_ip[%d] $end\n", i);
            fail |= add(w, S_IN_VALID, x, i, 0, 1, "in_valid") < 0;
            fail |= add(w, S_IN_VC, x, i, 0, VW, "in_vc") < 0;
            fail |= add(w, S_IN_FLIT, x, i, 0, 64, "in_flit") < 0;
            fail |= add(w, S_CR, x, i, 0, V, "cr") < 0;
            for (int v = 0; v < V; v++) {
                fprintf(f, "$scope module g_vc[%d] $end\n", v);
                fail |= add(w, S_ACTIVE, x, i, v, 1, "active_q") < 0;
                fail |= add(w, S_OPORT, x, i, v, PW, "oport_q") < 0;
                fail |= add(w, S_OVC, x, i, v, VW, "ovc_q") < 0;
                fail |= add(w, S_IB_CNT, x, i, v, IBW, "cnt") < 0;
                fail |= add(w, S_IB_HEAD, x, i, v, 64, "head") < 0;
                fail |= add(w, S_REQ, x, i, v, 1, "requesting") < 0;
                fail |= add(w, S_GNT, x, i, v, 1, "granted") < 0;
                fail |= add(w, S_MOVE, x, i, v, 1, "moving") < 0;
                fprintf(f, "$upscope $end\n");
            }
            fprintf(f, "$upscope $end\n");
        }
        for (int o = 0; o < P; o++) {
            fprintf(f, "$scope module g_op[%d] $end\n", o);
            fail |= add(w, S_VA_PTR, x, o, 0, QW, "va_ptr_q") < 0;
            fail |= add(w, S_LINK_PTR, x, o, 0, VW, "link_ptr_q") < 0;
            fail |= add(w, S_OUT_VALID, x, o, 0, 1, "out_valid") < 0;
            fail |= add(w, S_OUT_VC, x, o, 0, VW, "out_vc") < 0;
            fail |= add(w, S_OUT_FLIT, x, o, 0, 64, "out_flit") < 0;
            for (int v = 0; v < V; v++) {
                fprintf(f, "$scope module g_vc[%d] $end\n", v);
                int k = add(w, S_BUSY, x, o, v, 1, "busy_q");
                fail |= k < 0;
                if (k >= 0) w->busy_sig[x * PV + o * V + v] = k;
                fail |= add(w, S_CREDIT, x, o, v, CRW, "credit_q") < 0;
                fail |= add(w, S_OWNER, x, o, v, QW, "owner_q") < 0;
                fail |= add(w, S_OB_CNT, x, o, v, OBW, "cnt") < 0;
                fail |= add(w, S_OB_HEAD, x, o, v, 64, "head") < 0;
                fail |= add(w, S_SENDING, x, o, v, 1, "sending") < 0;
                fprintf(f, "$upscope $end\n");
            }
            fprintf(f, "$upscope $end\n");
        }
        fprintf(f, "$upscope $end\n$upscope $end\n");
    }
    fprintf(f, "$upscope $end\n$upscope $end\n$enddefinitions $end\n");
    if (fail) {
        snprintf(err, errlen, "out of memory");
        vcd_close(w);
        return NULL;
    }
    sample(w, net, 0, 1); /* the reset state; no signal of "cycle -1" is set */
    return w;
}

void vcd_cycle(vcd_writer *w, const network *net, uint64_t t)
{
    const int cur = (int)(t & 1), prv = cur ^ 1, P = w->P, V = w->V, PV = w->PV;
    if (t > w->to) return;
    if (t >= w->from) {
        /* input VCs granted in cycle t: their OVC was free in state(t) and is busy now,
         * owned by them (the OVC stays busy at least until the tail leaves, t+1) */
        memset(w->gnt, 0, (size_t)net->N * PV);
        for (int x = 0; x < net->N; x++)
            for (int j = 0; j < PV; j++)
                if (!w->s[w->busy_sig[x * PV + j]].st && (net->ps[x * P + j / V].ovc_busy >> (j % V) & 1))
                    w->gnt[x * PV + net->ovc_owner[x * PV + j]] = 1;
        int force = !w->started;
        if (force) fprintf(w->f, "#%llu\n$dumpvars\n", (unsigned long long)(10 * t));
        else fprintf(w->f, "#%llu\n", (unsigned long long)(10 * t));
        for (int k = 0; k < w->nsig; k++) {
            vsig *s = &w->s[k];
            int x = s->x;
            const link_sig *in = s->a == net->Pn ? &net->in[prv][x * P + s->a] : &net->in[cur][x * P + s->a];
            const link_sig *out = out_slot(net, x, s->a, cur);
            uint64_t v;
            switch (s->kind) {
            case S_CLK: v = 1; break;
            case S_GNT: v = w->gnt[x * PV + s->a * V + s->b]; break;
            case S_MOVE: v = cr_slot(net, x, s->a, cur) >> s->b & 1; break;
            case S_CR: v = cr_slot(net, x, s->a, cur); break;
            case S_IN_VALID: v = sig_valid(in); break;
            case S_IN_VC: v = sig_vc(in); break;
            case S_IN_FLIT: v = sig_flit(in); break;
            case S_OUT_VALID: v = sig_valid(out); break;
            case S_OUT_VC: v = sig_vc(out); break;
            case S_OUT_FLIT: v = sig_flit(out); break;
            case S_SENDING: v = sig_valid(out) && out->vc == s->b; break;
            default: v = s->st; break;
            }
            put(w, s, v, force);
        }
        if (force) fprintf(w->f, "$end\n");
        w->started = 1;
        /* half a cycle later the clock falls and the sources drive cycle t */
        fprintf(w->f, "#%llu\n", (unsigned long long)(10 * t + 5));
        for (int k = 0; k < w->nsig; k++) {
            vsig *s = &w->s[k];
            if (s->kind == S_CLK) put(w, s, 0, 0);
            if (s->a != net->Pn) continue;
            const link_sig *in = &net->in[cur][s->x * P + s->a];
            if (s->kind == S_IN_VALID) put(w, s, sig_valid(in), 0);
            else if (s->kind == S_IN_VC) put(w, s, sig_vc(in), 0);
            else if (s->kind == S_IN_FLIT) put(w, s, sig_flit(in), 0);
        }
    }
    if (t + 1 >= w->from) sample(w, net, t + 1, cur);
    /* the window's last cycle: what is still buffered goes out now, so that a full disk
     * is found when the waves end, not after the rest of the run */
    if (t == w->to) fflush(w->f);
    if (!w->err && ferror(w->f)) w->err = errno ? errno : EIO;
}

int vcd_error(const vcd_writer *w) { return w ? w->err : 0; }

int vcd_close(vcd_writer *w)
{
    if (!w) return 0;
    int rc = 0;
    if (w->f) {
        if (ferror(w->f)) rc = -1;
        if (fclose(w->f)) rc = -1;
        if (rc && !w->err) w->err = errno ? errno : EIO;
        if (rc) errno = w->err;
    }
    free(w->s);
    free(w->busy_sig);
    free(w->gnt);
    free(w);
    return rc;
}
