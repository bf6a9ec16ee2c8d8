// Linux's epoll and eventfd, which Glibc's Swift module does not include (SocketPoller),
// the thread naming that glibc declares only under _GNU_SOURCE, and libdispatch's
// function-pointer submission.
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

int pthread_setname_np(pthread_t thread, const char *name);

static inline int jiri_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

// libdispatch's function-pointer submission, under names of our own (asm labels) so they
// do not clash with Dispatch's declarations: a job handed to the global queue with no
// block or closure allocated for it (LoneRequestExecutor).
void *jiri_dispatch_global_queue(long identifier, unsigned long flags) __asm__("dispatch_get_global_queue");
void jiri_dispatch_async_f(void *queue, void *context, void (*work)(void *)) __asm__("dispatch_async_f");
