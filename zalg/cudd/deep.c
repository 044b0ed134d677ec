/* Deep calls on a thread of their own (deep.h). */
#define _GNU_SOURCE
#include "deep.h"

#include <errno.h>
#include <pthread.h>
#include <time.h>

/* what a deep-stack thread's kernels read instead of Python's state */
typedef struct {
    deep_call_t call;
    void *arg;
    i64 limit;
    volatile int stop;
    int done, status;
    pthread_mutex_t lock;
    pthread_cond_t finished;
} Deep;

static _Thread_local Deep *current;

i64 depth_limit(void) { return current ? current->limit : MAX_DEPTH; }

int deep_stop_requested(void) { return current ? current->stop : -1; }

static void *thread_main(void *p) {
    Deep *d = p;
    current = d;
    int status = d->call(d->arg);
    current = NULL;
    pthread_mutex_lock(&d->lock);
    d->status = status;
    d->done = 1;
    pthread_cond_signal(&d->finished);
    pthread_mutex_unlock(&d->lock);
    return NULL;
}

int on_deep_stack(deep_call_t call, void *arg, i64 levels) {
    Deep d = {call, arg, levels + 2, 0, 0, ZOK, PTHREAD_MUTEX_INITIALIZER,
              PTHREAD_COND_INITIALIZER};
    pthread_attr_t attr;
    pthread_t thread;
    size_t bytes = (size_t)(1 << 22) + (size_t)(levels + 2) * FRAME_BYTES;
    if (pthread_attr_init(&attr) != 0) return ZNOMEM;
    int made = pthread_attr_setstacksize(&attr, bytes) == 0
               && pthread_create(&thread, &attr, thread_main, &d) == 0;
    pthread_attr_destroy(&attr);
    if (!made) return ZNOMEM;
    pthread_mutex_lock(&d.lock);
    while (!d.done) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += WAIT_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) { until.tv_sec++; until.tv_nsec -= 1000000000L; }
        if (pthread_cond_timedwait(&d.finished, &d.lock, &until) == ETIMEDOUT && !d.stop
            && PyErr_CheckSignals() != 0) {
            PyErr_Clear();  /* the kernel sees it at its next pause and stops */
            d.stop = 1;
        }
    }
    pthread_mutex_unlock(&d.lock);
    pthread_join(thread, NULL);
    return d.status;
}
