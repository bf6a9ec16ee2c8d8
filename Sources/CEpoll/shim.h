// Linux's epoll and eventfd, which Glibc's Swift module does not include (SocketPoller),
// and the thread naming that glibc declares only under _GNU_SOURCE.
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

int pthread_setname_np(pthread_t thread, const char *name);

static inline int jiri_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}
