/* flit.c: see flit.h. */
#include "flit.h"
#include "rng.h"
#include <stdio.h>

static int clog2(long x)
{
    int b = 0;
    while ((1L << b) < x) b++;
    return b;
}

int flit_layout_init(flit_layout *l, int N, int D, int n, int V, char *err, size_t errlen)
{
    l->A = N > 1 ? clog2(N) : 1;
    l->HW = clog2(D + 1) + 1;
    /* neg and bonus count hop classes, and a class is a VC: 0..V fits whatever the
     * diameter (§3; hop-class routings need V > D, so only small networks use them) */
    l->CW = clog2(V + 1);
    l->RW = 4 + (n > 2 ? clog2(n) : 1); /* f-ring phase, orientation, direction, dimension (§3, §6.5) */
    l->IW = FLIT_W - 2 - 2 * l->A - l->HW - 2 * l->CW - l->RW;
    if (l->IW < 8) {
        snprintf(err, errlen,
                 "network too large for the 64-bit flit: %d message-id bits left after %d address, %d hop, %d class and "
                 "%d ring bits, need >= 8",
                 l->IW, 2 * l->A, l->HW, 2 * l->CW, l->RW);
        return -1;
    }
    if (l->IW > 32) l->IW = 32;  /* ids are 32-bit counters; the rest of the head is zero */
    l->dst_lo = 2;
    l->src_lo = l->dst_lo + l->A;
    l->hops_lo = l->src_lo + l->A;
    l->neg_lo = l->hops_lo + l->HW;
    l->bonus_lo = l->neg_lo + l->CW;
    l->ring_lo = l->bonus_lo + l->CW;
    l->id_lo = l->ring_lo + l->RW;
    return 0;
}

flit_t flit_make_head(const flit_layout *l, int dst, int src, uint32_t id, int bonus, int single)
{
    flit_t f = single ? FK_HEADTAIL : FK_HEAD;
    f = bits_set(f, l->dst_lo, l->A, (uint64_t)dst);
    f = bits_set(f, l->src_lo, l->A, (uint64_t)src);
    f = bits_set(f, l->bonus_lo, l->CW, (uint64_t)bonus);
    f = bits_set(f, l->id_lo, l->IW, id);
    return f;
}

const char *flit_describe(const flit_layout *l, flit_t f, char *buf, size_t len)
{
    static const char *const kind[] = {"body", "head", "tail", "head+tail"};
    if (flit_is_head(f))
        snprintf(buf, len, "%s dst=%d src=%d id=%u hops=%d neg=%d bonus=%d ring=%d [0x%016llx]",
                 kind[flit_kind(f)], flit_dst(l, f), flit_src(l, f), flit_id(l, f), flit_hops(l, f),
                 flit_neg(l, f), flit_bonus(l, f), flit_ring(l, f), (unsigned long long)f);
    else
        snprintf(buf, len, "%s index=%d [0x%016llx]", kind[flit_kind(f)], flit_seq(f), (unsigned long long)f);
    return buf;
}
