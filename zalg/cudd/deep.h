/* Calls whose recursion is deeper than the caller's stack allows: rerun on a thread of
   their own whose stack holds one frame per level of the ZDD.

   A kernel's native recursion goes down one level per frame, so its depth is at most
   the manager's number of levels.  On the caller's thread it stops at MAX_DEPTH with
   ZTOO_DEEP and nothing held; ``on_deep_stack`` then runs the same call again on a new
   thread whose stack is sized for that many levels, with the depth limit raised to
   match.  The caller keeps the GIL while it waits (no other Python thread reaches CUDD
   meanwhile) and looks for Ctrl-C every WAIT_MS; the kernel's pauses and CUDD's
   termination callback read that flag instead of calling Python (the thread has no
   Python state). */
#ifndef ZALG_DEEP_H
#define ZALG_DEEP_H
#include "zcudd.h"

/* bytes of stack one level of a kernel's recursion may take, with room to spare */
#define FRAME_BYTES 512
#define WAIT_MS 20

typedef int (*deep_call_t)(void *arg);

/* call(arg) on a thread deep enough for `levels` levels: its status, or ZNOMEM when no
   such thread could be made, or ZINTERRUPTED when Ctrl-C arrived meanwhile */
int on_deep_stack(deep_call_t call, void *arg, i64 levels);

/* the depth limit of kernels running on this thread */
i64 depth_limit(void);
/* on a deep-stack thread: whether the waiting caller saw Ctrl-C; -1 on other threads */
int deep_stop_requested(void);
#endif
