/* flit.h: the 64-bit flit and its bit layout (docs/microarchitecture.md §3).
 * Field positions depend on the network (address width A, hop-counter width HW, class
 * counter width CW), so a flit_layout computed once per network tells where each head
 * field lives. */
#ifndef FLITNET_FLIT_H
#define FLITNET_FLIT_H
#include "rng.h"
#include <stdint.h>
#include <stddef.h>

typedef uint64_t flit_t;

enum { FK_BODY = 0, FK_HEAD = 1, FK_TAIL = 2, FK_HEADTAIL = 3 };

#define FLIT_W 64
#define FLIT_SEQ_LO 2
#define FLIT_SEQ_W 16
#define FLIT_PAYLOAD_LO 18

typedef struct {
    int A, HW, CW, RW, IW;                                /* widths */
    int dst_lo, src_lo, hops_lo, neg_lo, bonus_lo, ring_lo, id_lo;
} flit_layout;

static inline int flit_is_head(flit_t f) { return (int)(f & 1); }
static inline int flit_is_tail(flit_t f) { return (int)((f >> 1) & 1); }
static inline unsigned flit_kind(flit_t f) { return (unsigned)(f & 3); }

static inline uint64_t bits_get(flit_t f, int lo, int w) { return (f >> lo) & ((1ULL << w) - 1); }
static inline flit_t bits_set(flit_t f, int lo, int w, uint64_t v)
{
    uint64_t m = ((1ULL << w) - 1) << lo;
    return (f & ~m) | ((v << lo) & m);
}

/* Computes the layout for N nodes, diameter D, n dimensions and V VCs. Returns 0, or -1 with a reason. */
int flit_layout_init(flit_layout *l, int N, int D, int n, int V, char *err, size_t errlen);

static inline int flit_dst(const flit_layout *l, flit_t f) { return (int)bits_get(f, l->dst_lo, l->A); }
static inline int flit_src(const flit_layout *l, flit_t f) { return (int)bits_get(f, l->src_lo, l->A); }
static inline int flit_hops(const flit_layout *l, flit_t f) { return (int)bits_get(f, l->hops_lo, l->HW); }
static inline int flit_neg(const flit_layout *l, flit_t f) { return (int)bits_get(f, l->neg_lo, l->CW); }
static inline int flit_bonus(const flit_layout *l, flit_t f) { return (int)bits_get(f, l->bonus_lo, l->CW); }
static inline int flit_ring(const flit_layout *l, flit_t f) { return (int)bits_get(f, l->ring_lo, l->RW); }
static inline uint32_t flit_id(const flit_layout *l, flit_t f) { return (uint32_t)bits_get(f, l->id_lo, l->IW); }
static inline int flit_seq(flit_t f) { return (int)bits_get(f, FLIT_SEQ_LO, FLIT_SEQ_W); }

/* a saturating counter increment of a head field */
static inline flit_t flit_count_up(const flit_layout *l, flit_t f, int lo)
{
    uint64_t v = bits_get(f, lo, l->HW);
    if (v + 1 < (1ULL << l->HW)) f = bits_set(f, lo, l->HW, v + 1);
    return f;
}

flit_t flit_make_head(const flit_layout *l, int dst, int src, uint32_t id, int bonus, int single);
/* The payload a body or tail flit carries: a fixed function of the message and the index. */
/* the payload of body flit `index` of message (src, id): a hash the sink checks (inline:
 * every body flit is made by a source and checked by a sink) */
static inline uint64_t flit_payload(int src, uint32_t id, int index)
{
    return splitmix64(((uint64_t)(uint32_t)src << 48) ^ ((uint64_t)id << 16) ^ (uint64_t)(uint32_t)index) >>
           FLIT_PAYLOAD_LO;
}
static inline flit_t flit_make_body(int src, uint32_t id, int index, int tail)
{
    flit_t f = tail ? FK_TAIL : FK_BODY;
    f = bits_set(f, FLIT_SEQ_LO, FLIT_SEQ_W, (uint64_t)index);
    return f | (flit_payload(src, id, index) << FLIT_PAYLOAD_LO);
}

/* "H dst=5 src=3 id=17 hops=2 neg=0 bonus=0 ring=0" or "B #4 payload=..." */
const char *flit_describe(const flit_layout *l, flit_t f, char *buf, size_t len);
#endif
