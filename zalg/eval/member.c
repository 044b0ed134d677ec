/* Membership: whether one set is a member of a family, read along one path. */
#include "eval.h"

int is_member(const Env *e, i64 p, const i64 *levels, i64 k) {
    for (i64 j = 0; j < k; j++) {
        while (p != e->zero && p != e->one && node_index(p) < levels[j]) p = node_lo(p);
        if (p == e->zero || p == e->one || node_index(p) != levels[j]) return 0;
        p = node_hi(p);
    }
    return has_empty(e, p);
}
