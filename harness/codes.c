/* codes.c: what the C model says the RTL's codes are, for the scripts and for the check
 * against rtl/flitnet_pkg.sv (harness/codes.sh):
 *   routing NAME CODE LEVELS    one line per entry of the registry (c_model/routing/route.c)
 *   topology NAME CODE          one line per topo_kind (c_model/router/topology.h)
 *   layout A=.. HW=.. CW=.. n=..: ... the flit fields' positions (c_model/router/flit.c) for
 *                               the (A, HW, V, n) that harness/codes_tb.sv prints too */
#include "flit.h"
#include "route.h"
#include "topology.h"
#include <stdio.h>

int main(void)
{
    for (int i = 0; route_at(i); i++)
        printf("routing %s %d %d\n", route_at(i)->name, route_at(i)->code, route_at(i)->levels);
    for (int k = TOPO_TORUS; k <= TOPO_HYPERCUBE; k++) printf("topology %s %d\n", topo_name((topo_kind)k), k);
    /* the same (A, HW, n, V) as codes_tb.sv: N = 2^A nodes and diameter D = 2^(HW-1) - 1
     * give that A and HW */
    static const int lay[][4] = {{4, 3, 2, 2}, {6, 5, 2, 10}, {10, 6, 3, 32}, {8, 4, 6, 7}, {14, 9, 2, 10}};
    for (size_t i = 0; i < sizeof lay / sizeof lay[0]; i++) {
        flit_layout l;
        char err[200];
        if (flit_layout_init(&l, 1 << lay[i][0], (1 << (lay[i][1] - 1)) - 1, lay[i][2], lay[i][3], err, sizeof err)) {
            fprintf(stderr, "codes: %s\n", err);
            return 1;
        }
        printf("layout A=%d HW=%d CW=%d n=%d: dst %d hops %d neg %d bonus %d ring %d RW %d kind %d %d\n", l.A, l.HW,
               l.CW, lay[i][2], l.dst_lo, l.hops_lo, l.neg_lo, l.bonus_lo, l.ring_lo, l.RW, __builtin_ctz(FK_HEAD),
               __builtin_ctz(FK_TAIL));
    }
    return 0;
}
