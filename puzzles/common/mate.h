/* The mate of one loop in a genre's frontier machine: a vertex slot holds MATE_FREE (no
   edge yet), MATE_SATURATED (two edges) or the slot of the other end of its path.
   MATE_JOIN(name, type) defines

     static int name(type *t, int64_t a, int64_t b, int64_t nv, int64_t closed, int64_t may_close)

   which takes the edge between the vertices of slots a and b in the state t (nv vertex
   slots, the flag "the loop is closed" at slot closed): 0 when the edge branches, comes
   after the loop closed, or closes it while another path is open or may_close is 0;
   else 1 with t updated. */
#ifndef PUZZLES_COMMON_MATE_H
#define PUZZLES_COMMON_MATE_H

#include <stdint.h>

#define MATE_FREE (-1)
#define MATE_SATURATED (-2)

#define MATE_JOIN(NAME, T)                                                                   \
    static int NAME(T *t, int64_t a, int64_t b, int64_t nv, int64_t closed, int64_t may_close) { \
        T ma = t[a], mb = t[b];                                                              \
        if (t[closed] || ma == MATE_SATURATED || mb == MATE_SATURATED) return 0;             \
        if (ma == MATE_FREE && mb == MATE_FREE) { t[a] = (T)b; t[b] = (T)a; return 1; }      \
        if (ma == MATE_FREE) { t[a] = mb; t[mb] = (T)a; t[b] = MATE_SATURATED; return 1; }   \
        if (mb == MATE_FREE) { t[b] = ma; t[ma] = (T)b; t[a] = MATE_SATURATED; return 1; }   \
        t[a] = t[b] = MATE_SATURATED;                                                        \
        if (ma != b) { t[ma] = mb; t[mb] = ma; return 1; }                                   \
        if (!may_close) return 0;               /* the loop closes: no other path open */    \
        for (int64_t k = 0; k < nv; k++)                                                     \
            if (t[k] >= 0) return 0;                                                         \
        t[closed] = 1;                                                                       \
        return 1;                                                                            \
    }

#endif
